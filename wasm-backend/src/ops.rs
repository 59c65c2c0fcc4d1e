//! Single low-form operations as wasm instructions: constants, arithmetic, conversions,
//! comparisons, and loads and stores of any size from 1 to 8 bytes.

use crate::regs::Em;
use crate::WasmError;
use irplay_core::lower::VReg;
use irplay_core::lower::{Bin, Cmp, Const, FCmp, Ty, Un};
use wasm_encoder::{Function, Instruction as I, MemArg};

fn ma(offset: u32) -> MemArg {
    MemArg { offset: offset as u64, align: 0, memory_index: 0 }
}

/// Pushes a constant.
pub fn konst(w: &mut Function, c: Const) {
    let mut sink = w.instructions();
    match c {
        Const::I32(x) => sink.i32_const(x as i32),
        Const::Ptr(x) => sink.i32_const(x as i32),
        Const::I64(x) => sink.i64_const(x as i64),
        Const::F32(x) => sink.f32_const(f32::from_bits(x).into()),
        Const::F64(x) => sink.f64_const(f64::from_bits(x).into()),
        Const::V128(x) => sink.v128_const(x as i128),
    };
}

fn is64(t: Ty) -> bool {
    t == Ty::I64
}

/// A binary operation on the two values on the stack.
pub fn bin(w: &mut Em, op: Bin, ty: Ty) {
    let i = match (op, ty) {
        (Bin::FAdd, Ty::F32) => I::F32Add,
        (Bin::FSub, Ty::F32) => I::F32Sub,
        (Bin::FMul, Ty::F32) => I::F32Mul,
        (Bin::FDiv, Ty::F32) => I::F32Div,
        (Bin::FMin, Ty::F32) => I::F32Min,
        (Bin::FMax, Ty::F32) => I::F32Max,
        (Bin::FCopySign, Ty::F32) => I::F32Copysign,
        (Bin::FAdd, _) => I::F64Add,
        (Bin::FSub, _) => I::F64Sub,
        (Bin::FMul, _) => I::F64Mul,
        (Bin::FDiv, _) => I::F64Div,
        (Bin::FMin, _) => I::F64Min,
        (Bin::FMax, _) => I::F64Max,
        (Bin::FCopySign, _) => I::F64Copysign,
        (op, t) if is64(t) => match op {
            Bin::Add => I::I64Add,
            Bin::Sub => I::I64Sub,
            Bin::Mul => I::I64Mul,
            Bin::DivS => I::I64DivS,
            Bin::DivU => I::I64DivU,
            Bin::RemS => I::I64RemS,
            Bin::RemU => I::I64RemU,
            Bin::And => I::I64And,
            Bin::Or => I::I64Or,
            Bin::Xor => I::I64Xor,
            Bin::Shl => I::I64Shl,
            Bin::ShrS => I::I64ShrS,
            _ => I::I64ShrU,
        },
        (op, _) => match op {
            Bin::Add => I::I32Add,
            Bin::Sub => I::I32Sub,
            Bin::Mul => I::I32Mul,
            Bin::DivS => I::I32DivS,
            Bin::DivU => I::I32DivU,
            Bin::RemS => I::I32RemS,
            Bin::RemU => I::I32RemU,
            Bin::And => I::I32And,
            Bin::Or => I::I32Or,
            Bin::Xor => I::I32Xor,
            Bin::Shl => I::I32Shl,
            Bin::ShrS => I::I32ShrS,
            _ => I::I32ShrU,
        },
    };
    w.ins(&i);
}

/// A unary operation from a `from` value on the stack to a `to` value.
pub fn un(w: &mut Em, op: Un, from: Ty, to: Ty) {
    let f64_ = from == Ty::F64;
    let t64 = to == Ty::F64;
    match op {
        Un::SextIn(n) => match (is64(to), n) {
            (false, 8) => {
                w.ins(&I::I32Extend8S);
            }
            (false, 16) => {
                w.ins(&I::I32Extend16S);
            }
            (true, 8) => {
                w.ins(&I::I64Extend8S);
            }
            (true, 16) => {
                w.ins(&I::I64Extend16S);
            }
            (true, 32) => {
                w.ins(&I::I64Extend32S);
            }
            (false, n) => {
                let s = 32 - n as i32;
                w.ins(&I::I32Const(s));
                w.ins(&I::I32Shl);
                w.ins(&I::I32Const(s));
                w.ins(&I::I32ShrS);
            }
            (true, n) => {
                let s = 64 - n as i64;
                w.ins(&I::I64Const(s));
                w.ins(&I::I64Shl);
                w.ins(&I::I64Const(s));
                w.ins(&I::I64ShrS);
            }
        },
        Un::Wrap => {
            w.ins(&I::I32WrapI64);
        }
        Un::ExtendU => {
            w.ins(&I::I64ExtendI32U);
        }
        Un::ExtendS => {
            w.ins(&I::I64ExtendI32S);
        }
        Un::PtrToInt => {
            if is64(to) {
                w.ins(&I::I64ExtendI32U);
            }
        }
        Un::IntToPtr => {
            if is64(from) {
                w.ins(&I::I32WrapI64);
            }
        }
        Un::Clz => {
            w.ins(if is64(to) { &I::I64Clz } else { &I::I32Clz });
        }
        Un::Ctz => {
            w.ins(if is64(to) { &I::I64Ctz } else { &I::I32Ctz });
        }
        Un::Popcnt => {
            w.ins(if is64(to) { &I::I64Popcnt } else { &I::I32Popcnt });
        }
        Un::FNeg => {
            w.ins(if t64 { &I::F64Neg } else { &I::F32Neg });
        }
        Un::FAbs => {
            w.ins(if t64 { &I::F64Abs } else { &I::F32Abs });
        }
        Un::FSqrt => {
            w.ins(if t64 { &I::F64Sqrt } else { &I::F32Sqrt });
        }
        Un::FFloor => {
            w.ins(if t64 { &I::F64Floor } else { &I::F32Floor });
        }
        Un::FCeil => {
            w.ins(if t64 { &I::F64Ceil } else { &I::F32Ceil });
        }
        Un::FTrunc => {
            w.ins(if t64 { &I::F64Trunc } else { &I::F32Trunc });
        }
        Un::FNearest => {
            w.ins(if t64 { &I::F64Nearest } else { &I::F32Nearest });
        }
        Un::Promote => {
            w.ins(&I::F64PromoteF32);
        }
        Un::Demote => {
            w.ins(&I::F32DemoteF64);
        }
        Un::SToF | Un::UToF => {
            let s = op == Un::SToF;
            let i = match (is64(from), t64, s) {
                (false, false, true) => I::F32ConvertI32S,
                (false, false, false) => I::F32ConvertI32U,
                (true, false, true) => I::F32ConvertI64S,
                (true, false, false) => I::F32ConvertI64U,
                (false, true, true) => I::F64ConvertI32S,
                (false, true, false) => I::F64ConvertI32U,
                (true, true, true) => I::F64ConvertI64S,
                (true, true, false) => I::F64ConvertI64U,
            };
            w.ins(&i);
        }
        Un::FToS | Un::FToU => {
            let s = op == Un::FToS;
            let i = match (f64_, is64(to), s) {
                (false, false, true) => I::I32TruncSatF32S,
                (false, false, false) => I::I32TruncSatF32U,
                (true, false, true) => I::I32TruncSatF64S,
                (true, false, false) => I::I32TruncSatF64U,
                (false, true, true) => I::I64TruncSatF32S,
                (false, true, false) => I::I64TruncSatF32U,
                (true, true, true) => I::I64TruncSatF64S,
                (true, true, false) => I::I64TruncSatF64U,
            };
            w.ins(&i);
        }
        Un::Bitcast => {
            let i = match (from, to) {
                (Ty::F32, _) => I::I32ReinterpretF32,
                (Ty::F64, _) => I::I64ReinterpretF64,
                (_, Ty::F32) => I::F32ReinterpretI32,
                _ => I::F64ReinterpretI64,
            };
            w.ins(&i);
        }
    }
}

/// An integer comparison of the two values on the stack.
pub fn cmp(w: &mut Em, cc: Cmp, ty: Ty) {
    let i = if is64(ty) {
        match cc {
            Cmp::Eq => I::I64Eq,
            Cmp::Ne => I::I64Ne,
            Cmp::LtS => I::I64LtS,
            Cmp::LtU => I::I64LtU,
            Cmp::LeS => I::I64LeS,
            Cmp::LeU => I::I64LeU,
            Cmp::GtS => I::I64GtS,
            Cmp::GtU => I::I64GtU,
            Cmp::GeS => I::I64GeS,
            Cmp::GeU => I::I64GeU,
        }
    } else {
        match cc {
            Cmp::Eq => I::I32Eq,
            Cmp::Ne => I::I32Ne,
            Cmp::LtS => I::I32LtS,
            Cmp::LtU => I::I32LtU,
            Cmp::LeS => I::I32LeS,
            Cmp::LeU => I::I32LeU,
            Cmp::GtS => I::I32GtS,
            Cmp::GtU => I::I32GtU,
            Cmp::GeS => I::I32GeS,
            Cmp::GeU => I::I32GeU,
        }
    };
    w.ins(&i);
}

/// A float comparison of locals `a` and `b`, leaving 0 or 1.
pub fn fcmp(w: &mut Em, cc: FCmp, ty: Ty, a: VReg, b: VReg) {
    let d = ty == Ty::F64;
    let (eq, ne, lt, le, gt, ge) = if d {
        (I::F64Eq, I::F64Ne, I::F64Lt, I::F64Le, I::F64Gt, I::F64Ge)
    } else {
        (I::F32Eq, I::F32Ne, I::F32Lt, I::F32Le, I::F32Gt, I::F32Ge)
    };
    let pair = |w: &mut Em, op: &I| {
        w.get(a);
        w.get(b);
        w.ins(op);
    };
    let self_cmp = |w: &mut Em, x: VReg, op: &I| {
        w.get(x);
        w.get(x);
        w.ins(op);
    };
    match cc {
        FCmp::False => {
            w.ins(&I::I32Const(0));
        }
        FCmp::True => {
            w.ins(&I::I32Const(1));
        }
        FCmp::Oeq => pair(w, &eq),
        FCmp::Ogt => pair(w, &gt),
        FCmp::Oge => pair(w, &ge),
        FCmp::Olt => pair(w, &lt),
        FCmp::Ole => pair(w, &le),
        FCmp::Une => pair(w, &ne),
        FCmp::One | FCmp::Ueq => {
            pair(w, &lt);
            pair(w, &gt);
            w.ins(&I::I32Or);
            if cc == FCmp::Ueq {
                w.ins(&I::I32Eqz);
            }
        }
        FCmp::Ord | FCmp::Uno => {
            let (op, join) = if cc == FCmp::Ord { (eq, I::I32And) } else { (ne, I::I32Or) };
            self_cmp(w, a, &op);
            self_cmp(w, b, &op);
            w.ins(&join);
        }
        FCmp::Ugt | FCmp::Uge | FCmp::Ult | FCmp::Ule => {
            let inv = match cc {
                FCmp::Ugt => le,
                FCmp::Uge => lt,
                FCmp::Ult => ge,
                _ => gt,
            };
            pair(w, &inv);
            w.ins(&I::I32Eqz);
        }
    }
}

/// Loads `size` bytes at local `addr` + `offset` as a `ty` value.
pub fn load(
    w: &mut Em,
    ty: Ty,
    size: u8,
    signed: bool,
    addr: VReg,
    offset: u32,
    _ptr_bytes: u8,
) -> Result<(), WasmError> {
    let a = ma(offset);
    w.get(addr);
    let i = match (ty, size, signed) {
        (Ty::F32, _, _) => I::F32Load(a),
        (Ty::F64, _, _) => I::F64Load(a),
        (Ty::V128, _, _) => I::V128Load(a),
        (Ty::Ptr, _, _) => I::I32Load(a),
        (Ty::I32, 1, false) => I::I32Load8U(a),
        (Ty::I32, 1, true) => I::I32Load8S(a),
        (Ty::I32, 2, false) => I::I32Load16U(a),
        (Ty::I32, 2, true) => I::I32Load16S(a),
        (Ty::I32, 4, _) => I::I32Load(a),
        (Ty::I64, 1, false) => I::I64Load8U(a),
        (Ty::I64, 1, true) => I::I64Load8S(a),
        (Ty::I64, 2, false) => I::I64Load16U(a),
        (Ty::I64, 2, true) => I::I64Load16S(a),
        (Ty::I64, 4, false) => I::I64Load32U(a),
        (Ty::I64, 4, true) => I::I64Load32S(a),
        (Ty::I64, 8, _) => I::I64Load(a),
        (Ty::I32, 3, false) => {
            // Two pieces: 16 bits, then 8 shifted left by 16.
            w.ins(&I::I32Load16U(a));
            w.get(addr);
            w.ins(&I::I32Load8U(ma(offset + 2)));
            w.ins(&I::I32Const(16));
            w.ins(&I::I32Shl);
            I::I32Or
        }
        (Ty::I64, 5..=7, false) => {
            w.ins(&I::I64Load32U(a));
            let mut at = 4u32;
            while at < size as u32 {
                let piece = if size as u32 - at >= 2 { 2 } else { 1 };
                w.get(addr);
                w.ins(&if piece == 2 {
                    I::I64Load16U(ma(offset + at))
                } else {
                    I::I64Load8U(ma(offset + at))
                });
                w.ins(&I::I64Const(at as i64 * 8));
                w.ins(&I::I64Shl);
                w.ins(&I::I64Or);
                at += piece;
            }
            return Ok(());
        }
        _ => return Err(WasmError(format!("a {size}-byte load of {}", ty.name()))),
    };
    w.ins(&i);
    Ok(())
}

/// Stores the low `size` bytes of local `src` at local `addr` + `offset`.
pub fn store(
    w: &mut Em,
    ty: Ty,
    size: u8,
    addr: VReg,
    offset: u32,
    src: VReg,
    ptr_bytes: u8,
) -> Result<(), WasmError> {
    let a = ma(offset);
    let simple = |w: &mut Em, i: I| {
        w.get(addr);
        w.get(src);
        w.ins(&i);
    };
    match (ty, size) {
        (Ty::F32, _) => simple(w, I::F32Store(a)),
        (Ty::F64, _) => simple(w, I::F64Store(a)),
        (Ty::V128, _) => simple(w, I::V128Store(a)),
        (Ty::Ptr, _) if ptr_bytes == 8 => {
            w.get(addr);
            w.get(src);
            w.ins(&I::I64ExtendI32U);
            w.ins(&I::I64Store(a));
        }
        (Ty::Ptr, _) | (Ty::I32, 4) => simple(w, I::I32Store(a)),
        (Ty::I32, 1) => simple(w, I::I32Store8(a)),
        (Ty::I32, 2) => simple(w, I::I32Store16(a)),
        (Ty::I32, 3) => {
            simple(w, I::I32Store16(a));
            w.get(addr);
            w.get(src);
            w.ins(&I::I32Const(16));
            w.ins(&I::I32ShrU);
            w.ins(&I::I32Store8(ma(offset + 2)));
        }
        (Ty::I64, 1) => simple(w, I::I64Store8(a)),
        (Ty::I64, 2) => simple(w, I::I64Store16(a)),
        (Ty::I64, 4) => simple(w, I::I64Store32(a)),
        (Ty::I64, 8) => simple(w, I::I64Store(a)),
        (Ty::I64, 5..=7) => {
            simple(w, I::I64Store32(a));
            let mut at = 4u32;
            while at < size as u32 {
                let piece = if size as u32 - at >= 2 { 2 } else { 1 };
                w.get(addr);
                w.get(src);
                w.ins(&I::I64Const(at as i64 * 8));
                w.ins(&I::I64ShrU);
                w.ins(&if piece == 2 {
                    I::I64Store16(ma(offset + at))
                } else {
                    I::I64Store8(ma(offset + at))
                });
                at += piece;
            }
        }
        _ => return Err(WasmError(format!("a {size}-byte store of {}", ty.name()))),
    }
    Ok(())
}

/// Stores variadic argument local `v` of type `ty` in the 8-byte cell at local `area` + `off`.
pub fn store_vararg(w: &mut Em, area: u32, off: u32, v: VReg, ty: Ty) {
    w.ins(&I::LocalGet(area));
    w.get(v);
    let a = ma(off);
    match ty {
        Ty::I32 | Ty::Ptr => {
            w.ins(&I::I64ExtendI32U);
            w.ins(&I::I64Store(a));
        }
        Ty::I64 => {
            w.ins(&I::I64Store(a));
        }
        Ty::F32 => {
            w.ins(&I::F64PromoteF32);
            w.ins(&I::F64Store(a));
        }
        Ty::F64 => {
            w.ins(&I::F64Store(a));
        }
        Ty::V128 => {
            w.ins(&I::V128Store(a));
        }
    }
}
