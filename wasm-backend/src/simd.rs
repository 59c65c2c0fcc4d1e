//! The low form's vector instructions as wasm SIMD (`v128`): each one maps to one wasm
//! instruction with the same lane semantics (8- and 16-bit lanes are extracted unsigned, as
//! the low form keeps them zero-extended; shift amounts are below the lane width, where wasm's
//! masking of the amount changes nothing).

use crate::regs::Em;
use irplay_core::lower::{Bin, Shape, Un};
use wasm_encoder::Instruction as I;

/// `splat` of the lane value on the stack.
pub fn splat(w: &mut Em, shape: Shape) {
    w.ins(&match shape {
        Shape::I8x16 => I::I8x16Splat,
        Shape::I16x8 => I::I16x8Splat,
        Shape::I32x4 => I::I32x4Splat,
        Shape::I64x2 => I::I64x2Splat,
        Shape::F32x4 => I::F32x4Splat,
        Shape::F64x2 => I::F64x2Splat,
    });
}

/// Lane `lane` of the vector on the stack.
pub fn extract(w: &mut Em, shape: Shape, lane: u8) {
    w.ins(&match shape {
        Shape::I8x16 => I::I8x16ExtractLaneU(lane),
        Shape::I16x8 => I::I16x8ExtractLaneU(lane),
        Shape::I32x4 => I::I32x4ExtractLane(lane),
        Shape::I64x2 => I::I64x2ExtractLane(lane),
        Shape::F32x4 => I::F32x4ExtractLane(lane),
        Shape::F64x2 => I::F64x2ExtractLane(lane),
    });
}

/// The vector below the stack's top with lane `lane` replaced by the top.
pub fn replace(w: &mut Em, shape: Shape, lane: u8) {
    w.ins(&match shape {
        Shape::I8x16 => I::I8x16ReplaceLane(lane),
        Shape::I16x8 => I::I16x8ReplaceLane(lane),
        Shape::I32x4 => I::I32x4ReplaceLane(lane),
        Shape::I64x2 => I::I64x2ReplaceLane(lane),
        Shape::F32x4 => I::F32x4ReplaceLane(lane),
        Shape::F64x2 => I::F64x2ReplaceLane(lane),
    });
}

/// A lane-wise binary operation ([`Shape::has_bin`]) of the two vectors on the stack; false
/// for a pair the low form does not produce.
pub fn bin(w: &mut Em, op: Bin, shape: Shape) -> bool {
    use Shape as S;
    let i = match (op, shape) {
        (Bin::And, _) => I::V128And,
        (Bin::Or, _) => I::V128Or,
        (Bin::Xor, _) => I::V128Xor,
        (Bin::Add, S::I8x16) => I::I8x16Add,
        (Bin::Add, S::I16x8) => I::I16x8Add,
        (Bin::Add, S::I32x4) => I::I32x4Add,
        (Bin::Add, S::I64x2) => I::I64x2Add,
        (Bin::Sub, S::I8x16) => I::I8x16Sub,
        (Bin::Sub, S::I16x8) => I::I16x8Sub,
        (Bin::Sub, S::I32x4) => I::I32x4Sub,
        (Bin::Sub, S::I64x2) => I::I64x2Sub,
        (Bin::Mul, S::I16x8) => I::I16x8Mul,
        (Bin::Mul, S::I32x4) => I::I32x4Mul,
        (Bin::Mul, S::I64x2) => I::I64x2Mul,
        (Bin::FAdd, S::F32x4) => I::F32x4Add,
        (Bin::FSub, S::F32x4) => I::F32x4Sub,
        (Bin::FMul, S::F32x4) => I::F32x4Mul,
        (Bin::FDiv, S::F32x4) => I::F32x4Div,
        (Bin::FAdd, S::F64x2) => I::F64x2Add,
        (Bin::FSub, S::F64x2) => I::F64x2Sub,
        (Bin::FMul, S::F64x2) => I::F64x2Mul,
        (Bin::FDiv, S::F64x2) => I::F64x2Div,
        _ => return false,
    };
    w.ins(&i);
    true
}

/// A lane-wise shift of the vector below the stack's top by the `i32` on top.
pub fn shift(w: &mut Em, op: Bin, shape: Shape) -> bool {
    use Shape as S;
    let i = match (op, shape) {
        (Bin::Shl, S::I8x16) => I::I8x16Shl,
        (Bin::Shl, S::I16x8) => I::I16x8Shl,
        (Bin::Shl, S::I32x4) => I::I32x4Shl,
        (Bin::Shl, S::I64x2) => I::I64x2Shl,
        (Bin::ShrS, S::I8x16) => I::I8x16ShrS,
        (Bin::ShrS, S::I16x8) => I::I16x8ShrS,
        (Bin::ShrS, S::I32x4) => I::I32x4ShrS,
        (Bin::ShrS, S::I64x2) => I::I64x2ShrS,
        (Bin::ShrU, S::I8x16) => I::I8x16ShrU,
        (Bin::ShrU, S::I16x8) => I::I16x8ShrU,
        (Bin::ShrU, S::I32x4) => I::I32x4ShrU,
        (Bin::ShrU, S::I64x2) => I::I64x2ShrU,
        _ => return false,
    };
    w.ins(&i);
    true
}

/// A lane-wise unary float operation of the vector on the stack.
pub fn un(w: &mut Em, op: Un, shape: Shape) -> bool {
    let i = match (op, shape) {
        (Un::FNeg, Shape::F32x4) => I::F32x4Neg,
        (Un::FAbs, Shape::F32x4) => I::F32x4Abs,
        (Un::FSqrt, Shape::F32x4) => I::F32x4Sqrt,
        (Un::FNeg, Shape::F64x2) => I::F64x2Neg,
        (Un::FAbs, Shape::F64x2) => I::F64x2Abs,
        (Un::FSqrt, Shape::F64x2) => I::F64x2Sqrt,
        _ => return false,
    };
    w.ins(&i);
    true
}
