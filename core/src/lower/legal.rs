//! Integer legalization helpers: keep `iN` values zero-extended in their `I32`/`I64`
//! register (the invariant of [`super::form`]), sign-extend for signed operations, and move
//! values between widths.

use super::form::{Bin, Inst, Ty, Un, VReg};
use super::func::FnCx;

/// The width in bits of an integer register type.
pub fn width(fx: &FnCx, ty: Ty) -> u32 {
    match ty {
        Ty::I32 => 32,
        Ty::Ptr => fx.cx.ptr_bytes as u32 * 8,
        _ => 64,
    }
}

/// The register type of `iN`.
pub fn int_ty(bits: u32) -> Ty {
    if bits <= 32 {
        Ty::I32
    } else {
        Ty::I64
    }
}

/// Clears the bits of `v` above `bits` (no-op at full width).
pub fn mask(fx: &mut FnCx, v: VReg, bits: u32) -> VReg {
    let ty = fx.reg_ty(v);
    if bits >= width(fx, ty) {
        return v;
    }
    let m = fx.iconst(ty, (1u64 << bits) - 1);
    let dst = fx.new_reg(ty);
    fx.emit(Inst::Bin { op: Bin::And, ty, dst, a: v, b: m });
    dst
}

/// Sign-extends `v` from `bits` to its whole register (no-op at full width).
pub fn sext_full(fx: &mut FnCx, v: VReg, bits: u32) -> VReg {
    let ty = fx.reg_ty(v);
    if bits >= width(fx, ty) || bits == 0 {
        return v;
    }
    let dst = fx.new_reg(ty);
    fx.emit(Inst::Un { op: Un::SextIn(bits as u8), to: ty, dst, a: v });
    dst
}

/// Converts a zero-extended `from`-bit integer to a zero-extended `to`-bit integer in a
/// register of type `to_ty` (zext or trunc).
pub fn resize(fx: &mut FnCx, v: VReg, from: u32, to: u32, to_ty: Ty) -> VReg {
    let src_ty = fx.reg_ty(v);
    let mut r = v;
    if src_ty != to_ty {
        let op = if width(fx, src_ty) > width(fx, to_ty) { Un::Wrap } else { Un::ExtendU };
        let dst = fx.new_reg(to_ty);
        fx.emit(Inst::Un { op, to: to_ty, dst, a: r });
        r = dst;
    }
    if to < from {
        r = mask(fx, r, to);
    }
    r
}

/// Sign-extends a `from`-bit integer to a zero-extended `to`-bit one in `to_ty`.
pub fn sresize(fx: &mut FnCx, v: VReg, from: u32, to: u32, to_ty: Ty) -> VReg {
    let src_ty = fx.reg_ty(v);
    let s = sext_full(fx, v, from);
    let mut r = s;
    if src_ty != to_ty {
        let op = if width(fx, src_ty) > width(fx, to_ty) { Un::Wrap } else { Un::ExtendS };
        let dst = fx.new_reg(to_ty);
        fx.emit(Inst::Un { op, to: to_ty, dst, a: r });
        r = dst;
    }
    mask(fx, r, to)
}

/// A pointer-typed register holding integer `v` (of `bits` bits) converted to the index
/// width, sign-extending when `signed` (GEP indices) and zero-extending otherwise (sizes).
pub fn to_ptr(fx: &mut FnCx, v: VReg, bits: u32, signed: bool) -> VReg {
    let pi = fx.ptr_int_ty();
    let pbits = width(fx, Ty::Ptr);
    let i = if signed { sresize(fx, v, bits, pbits, pi) } else { resize(fx, v, bits, pbits, pi) };
    let dst = fx.new_reg(Ty::Ptr);
    fx.emit(Inst::Un { op: Un::IntToPtr, to: Ty::Ptr, dst, a: i });
    dst
}
