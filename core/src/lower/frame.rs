//! Stack frames: each `alloca` of the entry block with a constant count becomes a slot at a
//! fixed offset of the function's frame (placed in order, each at its alignment); any other
//! `alloca` is a [`Inst::DynAlloca`] that moves the stack pointer at run time and is freed
//! when the function returns.

use super::form::{Frame, FrameSlot, Inst, Ty};
use super::func::FnCx;
use super::inst::dst_of;
use super::legal::to_ptr;
use super::{LResult, LowerError};
use crate::ir::{ConstKind, Extra, InstData, Operand};

fn align_up(x: u64, a: u64) -> u64 {
    if a <= 1 {
        x
    } else {
        x.div_ceil(a) * a
    }
}

/// Lowers an `alloca`.
pub fn lower_alloca(fx: &mut FnCx, data: &InstData) -> LResult<()> {
    let span = data.span;
    let Extra::Alloca { elem_ty, align, addrspace } = data.extra else {
        return Err(LowerError::unsupported(span, "alloca without a type"));
    };
    if addrspace != 0 {
        return Err(LowerError::unsupported(span, "alloca in a non-zero address space"));
    }
    let info = fx.cx.lay.get(elem_ty);
    let (elem, al) = (info.alloc, align.unwrap_or(info.align).max(1));
    let dst = dst_of(fx, data)?;
    let count = match data.args.first() {
        None => Some(1),
        Some(Operand::Const(c)) => match fx.cx.m.consts.kind(*c) {
            ConstKind::Int(v) => v.to_u64(),
            ConstKind::Zero => Some(0),
            _ => None,
        },
        Some(_) => None,
    };
    let in_entry = Some(fx.ir_block) == fx.body.entry();
    if let (Some(n), true) = (count, in_entry) {
        let size = elem.saturating_mul(n).max(1);
        let off = align_up(fx.frame.size as u64, al);
        if off + size > (1 << 30) || al > (1 << 16) {
            return Err(LowerError::unsupported(span, "a stack frame larger than 1 GiB"));
        }
        fx.frame.size = (off + size) as u32;
        fx.frame.align = fx.frame.align.max(al as u32);
        fx.frame.slots.push(FrameSlot { offset: off as u32, size: size as u32, align: al as u32 });
        let slot = fx.frame.slots.len() as u32 - 1;
        fx.emit(Inst::Slot { dst, slot });
        return Ok(());
    }
    // A dynamic alloca: size = count * elem, in pointer-sized arithmetic.
    let Some(&op) = data.args.first() else {
        return Err(LowerError::unsupported(span, "alloca without a count"));
    };
    let ct = fx.cx.m.operand_ty(fx.body, op);
    let bits = fx.cx.m.types.int_bits(ct).unwrap_or(64);
    if bits > 64 {
        return Err(LowerError::unsupported(span, "an alloca count wider than 64 bits"));
    }
    let n = fx.operand(op)?;
    let n = to_ptr(fx, n, bits, false);
    let e = fx.iconst(Ty::Ptr, elem);
    let size = fx.new_reg(Ty::Ptr);
    fx.emit(Inst::Bin { op: super::form::Bin::Mul, ty: Ty::Ptr, dst: size, a: n, b: e });
    fx.emit(Inst::DynAlloca { dst, size, align: al.min(1 << 16) as u32 });
    fx.dynamic_stack = true;
    Ok(())
}

/// Rounds the frame's size up to its alignment.
pub fn finish(mut f: Frame) -> Frame {
    f.align = f.align.max(1);
    f.size = align_up(f.size as u64, f.align as u64) as u32;
    f
}
