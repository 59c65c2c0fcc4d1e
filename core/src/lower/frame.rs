//! Stack frames: each `alloca` of the entry block with a constant count becomes a slot at a
//! fixed offset of the function's frame (placed in order, each at its alignment); any other
//! `alloca` is a [`Inst::DynAlloca`] that moves the stack pointer at run time and is freed
//! when the function returns. A call's `byval` argument is copied into a slot of the caller's
//! frame too ([`byval_copy`], see `lower/abi.rs`).

use super::form::{Frame, FrameSlot, Inst, Ty, VReg};
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
        let slot = new_slot(fx, elem.saturating_mul(n), al)?;
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

/// Places a new slot of `size` bytes at alignment `al` in the frame.
fn new_slot(fx: &mut FnCx, size: u64, al: u64) -> LResult<u32> {
    let size = size.max(1);
    let off = align_up(fx.frame.size as u64, al);
    if off.saturating_add(size) > (1 << 30) || al > (1 << 16) {
        return Err(LowerError::unsupported(fx.span, "a stack frame larger than 1 GiB"));
    }
    fx.frame.size = (off + size) as u32;
    fx.frame.align = fx.frame.align.max(al as u32);
    fx.frame.slots.push(FrameSlot { offset: off as u32, size: size as u32, align: al as u32 });
    Ok(fx.frame.slots.len() as u32 - 1)
}

/// The hidden copy of a `byval` argument (LangRef `byval(<ty>)`: "a hidden copy of the
/// pointee is made between the caller and the callee"): a slot of `size` bytes at alignment
/// `al` in the caller's frame, one per call site, filled from `src` right before the call.
/// Returns the slot's address.
pub fn byval_copy(fx: &mut FnCx, src: VReg, size: u64, al: u64) -> LResult<VReg> {
    let slot = new_slot(fx, size, al.max(1))?;
    let dst = fx.new_reg(Ty::Ptr);
    fx.emit(Inst::Slot { dst, slot });
    if size > 0 {
        let len = fx.iconst(Ty::Ptr, size);
        fx.emit(Inst::MemCopy { dst, src, len });
    }
    Ok(dst)
}

/// Rounds the frame's size up to its alignment.
pub fn finish(mut f: Frame) -> Frame {
    f.align = f.align.max(1);
    f.size = align_up(f.size as u64, f.align as u64) as u32;
    f
}
