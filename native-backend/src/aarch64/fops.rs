//! Float computations, compares and conversions on AArch64. The instructions have the
//! semantics the low form promises directly: `fmin`/`fmax` are IEEE `minimum`/`maximum`
//! (NaN if either is, -0 below +0), `fcvtzs`/`fcvtzu` saturate and give 0 for NaN (the
//! low form's saturating conversions), `frint*` round in each mode.

use super::inst::{BfOp, Cond, FBin, FSize, FUn, Inst};
use super::lower::{fsize, gp, vr, wide, Fx, SCRATCH};
use super::ops::cset;
use super::regs::X;
use crate::NativeError;
use irplay_core::lower::{Bin, FCmp, Ty, Un, VReg};

pub(super) fn bin(
    fx: &mut Fx,
    op: Bin,
    ty: Ty,
    dst: VReg,
    a: VReg,
    b: VReg,
) -> Result<(), NativeError> {
    let size = fsize(ty);
    let fop = match op {
        Bin::FAdd => FBin::Fadd,
        Bin::FSub => FBin::Fsub,
        Bin::FMul => FBin::Fmul,
        Bin::FDiv => FBin::Fdiv,
        Bin::FMin => FBin::Fmin,
        Bin::FMax => FBin::Fmax,
        Bin::FCopySign => {
            let ra = fx.use_v(a);
            let rb = fx.use_v(b);
            let rd = vr(fx.def_reg(dst));
            let sf = size == FSize::D;
            let top = if sf { 63 } else { 31 };
            let t = super::lower::ADDR;
            fx.emit(Inst::FMovToGpr { size, rd: SCRATCH, rn: ra });
            fx.emit(Inst::FMovToGpr { size, rd: t, rn: rb });
            // The sign bit of b into the top bit of a's bits (`lsr`, then `bfi`).
            fx.emit(Inst::Bitfield { op: BfOp::Ubfm, sf, rd: t, rn: t, immr: top, imms: top });
            fx.emit(Inst::Bitfield { op: BfOp::Bfm, sf, rd: SCRATCH, rn: t, immr: 1, imms: 0 });
            fx.emit(Inst::FMovFromGpr { size, rd, rn: SCRATCH });
            return Ok(());
        }
        _ => return Err(fx.unsupported("this binary operation")),
    };
    let ra = fx.use_v(a);
    let rb = fx.use_v(b);
    let rd = vr(fx.def_reg(dst));
    fx.emit(Inst::FBin { op: fop, size, rd, rn: ra, rm: rb });
    Ok(())
}

pub(super) fn un(fx: &mut Fx, op: Un, to: Ty, dst: VReg, a: VReg) -> Result<(), NativeError> {
    let from = fx.ty(a);
    let fop = match op {
        Un::FNeg => FUn::Fneg,
        Un::FAbs => FUn::Fabs,
        Un::FSqrt => FUn::Fsqrt,
        Un::FFloor => FUn::Frintm,
        Un::FCeil => FUn::Frintp,
        Un::FTrunc => FUn::Frintz,
        Un::FNearest => FUn::Frintn,
        Un::Promote | Un::Demote => {
            let ra = fx.use_v(a);
            let rd = vr(fx.def_reg(dst));
            fx.emit(Inst::FCvt { to: fsize(to), from: fsize(from), rd, rn: ra });
            return Ok(());
        }
        Un::SToF | Un::UToF => {
            let ra = fx.use_gpr(a);
            let rd = vr(fx.def_reg(dst));
            let signed = op == Un::SToF;
            fx.emit(Inst::IntToF { signed, sf: wide(from), size: fsize(to), rd, rn: ra });
            return Ok(());
        }
        Un::FToS | Un::FToU => {
            let ra = fx.use_v(a);
            let rd = gp(fx.def_reg(dst));
            let signed = op == Un::FToS;
            fx.emit(Inst::FToInt { signed, sf: wide(to), size: fsize(from), rd, rn: ra });
            return Ok(());
        }
        Un::Bitcast => {
            if to.is_float() {
                let ra = fx.use_gpr(a);
                let rd = vr(fx.def_reg(dst));
                fx.emit(Inst::FMovFromGpr { size: fsize(to), rd, rn: ra });
            } else {
                let ra = fx.use_v(a);
                let rd = gp(fx.def_reg(dst));
                fx.emit(Inst::FMovToGpr { size: fsize(from), rd, rn: ra });
            }
            return Ok(());
        }
        _ => return Err(fx.unsupported("this unary operation")),
    };
    let ra = fx.use_v(a);
    let rd = vr(fx.def_reg(dst));
    fx.emit(Inst::FUn { op: fop, size: fsize(to), rd, rn: ra });
    Ok(())
}

/// Float compares: `fcmp` sets equal `Z C`, less `N`, greater `C`, unordered `C V`; each
/// predicate is one condition, `one` and `ueq` two (`mi` or `gt`, `eq` or `vs`).
pub(super) fn fcmp(fx: &mut Fx, cc: FCmp, ty: Ty, dst: VReg, a: VReg, b: VReg) {
    let (c1, c2) = match cc {
        FCmp::False | FCmp::True => {
            let rd = gp(fx.def_reg(dst));
            fx.emit(super::ops::movz(rd, (cc == FCmp::True) as u16, false));
            return;
        }
        FCmp::Oeq => (Cond::Eq, None),
        FCmp::Ogt => (Cond::Gt, None),
        FCmp::Oge => (Cond::Ge, None),
        FCmp::Olt => (Cond::Mi, None),
        FCmp::Ole => (Cond::Ls, None),
        FCmp::One => (Cond::Mi, Some(Cond::Gt)),
        FCmp::Ord => (Cond::Vc, None),
        FCmp::Ueq => (Cond::Eq, Some(Cond::Vs)),
        FCmp::Ugt => (Cond::Hi, None),
        FCmp::Uge => (Cond::Pl, None),
        FCmp::Ult => (Cond::Lt, None),
        FCmp::Ule => (Cond::Le, None),
        FCmp::Une => (Cond::Ne, None),
        FCmp::Uno => (Cond::Vs, None),
    };
    let ra = fx.use_v(a);
    let rb = fx.use_v(b);
    fx.emit(Inst::FCmp { size: fsize(ty), rn: ra, rm: Some(rb) });
    let rd = gp(fx.def_reg(dst));
    cset(fx, rd, c1);
    if let Some(c2) = c2 {
        // rd = c2 ? 1 : rd.
        fx.emit(Inst::Csel {
            op: super::inst::CselOp::Csinc,
            sf: false,
            rd,
            rn: rd,
            rm: X::ZR,
            cond: c2.invert(),
        });
    }
}
