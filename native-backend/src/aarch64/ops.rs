//! Instruction selection for the low form's integer computations, compares, selects, copies
//! and symbol addresses (floats are in `fops.rs`, memory and the frame in `mem.rs`, calls in
//! `calls.rs`). Integer values of type `I32` live in `w` registers with the upper half zero
//! (every 32-bit operation writes it so), as the low form's masking conventions assume.

use super::inst::{AddOp, BfOp, Cond, CselOp, Inst, LogicOp, MovOp, Shift, Unary};
use super::lower::{gp, vr, wide, Fx, SCRATCH};
use super::regs::X;
use crate::NativeError;
use irplay_core::lower::{Bin, Cmp, Inst as L, Sym, Term, Ty, Un, VReg};

/// One instruction (`term`: the block's terminator when this is the last instruction).
pub(super) fn inst(fx: &mut Fx, i: &L, term: Option<&Term>) -> Result<(), NativeError> {
    match i {
        L::Addr { dst, sym, addend } => addr(fx, *dst, *sym, *addend),
        L::Slot { dst, slot } => super::mem::slot_addr(fx, *dst, *slot)?,
        L::ParCopy { moves } => par_copy(fx, moves),
        L::Bin { op, ty, dst, a, b } => bin(fx, *op, *ty, *dst, *a, *b)?,
        L::Un { op, to, dst, a } => un(fx, *op, *to, *dst, *a)?,
        L::Cmp { cc, ty, dst, a, b } => cmp(fx, *cc, *ty, *dst, *a, *b, term),
        L::FCmp { cc, ty, dst, a, b } => super::fops::fcmp(fx, *cc, *ty, *dst, *a, *b),
        L::Select { dst, cond, a, b } => select(fx, *dst, *cond, *a, *b),
        L::Load { dst, ty, size, signed, addr, offset } => {
            super::mem::load(fx, *dst, *ty, *size, *signed, *addr, *offset)?
        }
        L::Store { ty, size, addr, offset, src } => {
            super::mem::store(fx, *ty, *size, *addr, *offset, *src)?
        }
        L::DynAlloca { dst, size, align } => super::mem::dyn_alloca(fx, *dst, *size, *align),
        L::MemCopy { .. } | L::MemFill { .. } => super::calls::mem_call(fx, i)?,
        L::VaStart { ap } => super::mem::va_start(fx, *ap),
        L::VaArg { dst, ty, ap } => super::mem::va_arg(fx, *dst, *ty, *ap),
        L::Const { .. } | L::Call(_) => {}
        L::VSplat { .. }
        | L::VExtract { .. }
        | L::VReplace { .. }
        | L::VBin { .. }
        | L::VUn { .. }
        | L::VShift { .. }
        | L::VShuffle { .. } => return Err(fx.unsupported("128-bit vector registers")),
        L::Fuel { steps } => fx.fuel(*steps)?,
        L::Enter => fx.enter()?,
        L::Leave => fx.leave()?,
    }
    Ok(())
}

fn addr(fx: &mut Fx, dst: VReg, sym: Sym, addend: i64) {
    let r = gp(fx.def_reg(dst));
    // The symbol, and whether it is defined in this object (else reached through the GOT).
    let (s, here) = match sym {
        Sym::Data(i) => (fx.cx.data_sym(i), !fx.cx.data_is_external(i)),
        Sym::Func(f) => fx.cx.func_sym(f),
    };
    if here && (-(1 << 20)..(1 << 20)).contains(&addend) {
        fx.emit(Inst::AddrSym { rd: r, sym: s, addend });
    } else if here {
        fx.emit(Inst::AddrSym { rd: r, sym: s, addend: 0 });
        fx.add_const(r, r, addend);
    } else {
        fx.emit(Inst::AddrGot { rd: r, sym: s });
        fx.add_const(r, r, addend);
    }
}

/// Phi copies: sequentialized (cycles through a scratch register), each one a register copy.
fn par_copy(fx: &mut Fx, moves: &[(VReg, VReg)]) {
    for float in [false, true] {
        let class: Vec<(VReg, VReg)> =
            moves.iter().copied().filter(|&(d, _)| fx.ty(d).is_float() == float).collect();
        if class.is_empty() {
            continue;
        }
        let scratch = fx.scratch_vregs[float as usize];
        for (d, s) in irplay_core::lower::moves::sequentialize(&class, scratch) {
            copy(fx, d, s);
            fx.finish_pin();
            fx.a.unlock_all();
        }
    }
}

/// `d = s` for registers of one class.
fn copy(fx: &mut Fx, d: VReg, s: VReg) {
    if let Some(c) = fx.konst(s) {
        if fx.info_local(d) {
            fx.a.unbind_vreg(d.0);
            fx.forget_facts(d);
            if let Some(k) = fx.konst.get_mut(d.0 as usize) {
                *k = Some(c);
            }
            return;
        }
        let r = gp(fx.def_reg(d));
        fx.mov_imm(r, c);
        return;
    }
    let rs = fx.use_reg(s);
    let rd = fx.def_reg(d);
    if super::lower::is_v(rd) {
        fx.fmov(vr(rd), vr(rs));
    } else {
        fx.mov(gp(rd), gp(rs));
    }
}

/// `cmp rn, #c` (`c` as an unsigned value of the operation's size), through the scratch
/// register when no immediate form holds it.
pub(super) fn cmp_imm(fx: &mut Fx, sf: bool, rn: X, c: u64) {
    let c = if sf { c } else { c & 0xffff_ffff };
    let neg = if sf { c.wrapping_neg() } else { c.wrapping_neg() & 0xffff_ffff };
    if let Some((imm12, lsl12)) = super::imm::add_sub(c) {
        fx.emit(Inst::AddImm { op: AddOp::Subs, sf, rd: X::ZR, rn, imm12, lsl12 });
    } else if let Some((imm12, lsl12)) = super::imm::add_sub(neg) {
        fx.emit(Inst::AddImm { op: AddOp::Adds, sf, rd: X::ZR, rn, imm12, lsl12 });
    } else {
        fx.mov_imm(SCRATCH, c);
        fx.emit(Inst::AddReg {
            op: AddOp::Subs,
            sf,
            rd: X::ZR,
            rn,
            rm: SCRATCH,
            shift: Shift::Lsl,
            amount: 0,
        });
    }
}

/// `rd = rn op rm` for a three-register operation.
fn add_reg(op: AddOp, sf: bool, rd: X, rn: X, rm: X) -> Inst {
    Inst::AddReg { op, sf, rd, rn, rm, shift: Shift::Lsl, amount: 0 }
}

fn logic_reg(op: LogicOp, sf: bool, rd: X, rn: X, rm: X) -> Inst {
    Inst::LogicReg { op, sf, rd, rn, rm, shift: Shift::Lsl, amount: 0 }
}

fn bin(fx: &mut Fx, op: Bin, ty: Ty, dst: VReg, a: VReg, b: VReg) -> Result<(), NativeError> {
    let sf = wide(ty);
    let mask = |c: u64| if sf { c } else { c & 0xffff_ffff };
    match op {
        Bin::Add | Bin::Sub => {
            let add = op == Bin::Add;
            if let Some(c) = fx.konst(b).map(mask) {
                let neg = mask(c.wrapping_neg());
                let imm = match (super::imm::add_sub(c), super::imm::add_sub(neg)) {
                    (Some(i), _) => Some((i, add)),
                    (None, Some(i)) => Some((i, !add)),
                    _ => None,
                };
                if let Some(((imm12, lsl12), is_add)) = imm {
                    let ra = fx.use_gpr(a);
                    let rd = gp(fx.def_reg(dst));
                    let op = if is_add { AddOp::Add } else { AddOp::Sub };
                    fx.emit(Inst::AddImm { op, sf, rd, rn: ra, imm12, lsl12 });
                    return Ok(());
                }
            }
            let ra = fx.use_gpr(a);
            let rb = fx.use_gpr(b);
            let rd = gp(fx.def_reg(dst));
            fx.emit(add_reg(if add { AddOp::Add } else { AddOp::Sub }, sf, rd, ra, rb));
        }
        Bin::And | Bin::Or | Bin::Xor => {
            let lop = match op {
                Bin::And => LogicOp::And,
                Bin::Or => LogicOp::Orr,
                _ => LogicOp::Eor,
            };
            if let Some(c) = fx.konst(b).map(mask) {
                if super::imm::logical(c, sf).is_some() {
                    let ra = fx.use_gpr(a);
                    let rd = gp(fx.def_reg(dst));
                    fx.emit(Inst::LogicImm { op: lop, sf, rd, rn: ra, imm: c });
                    return Ok(());
                }
            }
            let ra = fx.use_gpr(a);
            let rb = fx.use_gpr(b);
            let rd = gp(fx.def_reg(dst));
            fx.emit(logic_reg(lop, sf, rd, ra, rb));
        }
        Bin::Mul => {
            let ra = fx.use_gpr(a);
            let rb = fx.use_gpr(b);
            let rd = gp(fx.def_reg(dst));
            fx.emit(Inst::MulAdd { sub: false, sf, rd, rn: ra, rm: rb, ra: X::ZR });
        }
        Bin::Shl | Bin::ShrS | Bin::ShrU => {
            let bits: u8 = if sf { 64 } else { 32 };
            if let Some(c) = fx.konst(b) {
                let n = (c as u8) & (bits - 1);
                let ra = fx.use_gpr(a);
                let rd = gp(fx.def_reg(dst));
                let (bop, immr, imms) = match op {
                    Bin::Shl => (BfOp::Ubfm, (bits - n) & (bits - 1), bits - 1 - n),
                    Bin::ShrS => (BfOp::Sbfm, n, bits - 1),
                    _ => (BfOp::Ubfm, n, bits - 1),
                };
                fx.emit(Inst::Bitfield { op: bop, sf, rd, rn: ra, immr, imms });
            } else {
                let s = match op {
                    Bin::Shl => Shift::Lsl,
                    Bin::ShrS => Shift::Asr,
                    _ => Shift::Lsr,
                };
                let ra = fx.use_gpr(a);
                let rb = fx.use_gpr(b);
                let rd = gp(fx.def_reg(dst));
                fx.emit(Inst::ShiftReg { op: s, sf, rd, rn: ra, rm: rb });
            }
        }
        Bin::DivS | Bin::DivU | Bin::RemS | Bin::RemU => div(fx, op, sf, dst, a, b),
        _ => super::fops::bin(fx, op, ty, dst, a, b)?,
    }
    Ok(())
}

/// Division and remainder. The hardware does not trap: a zero divisor, and a signed `MIN /
/// -1` (where x86-64's `idiv` faults), branch over to a `brk #1` (see `mod.rs`). `MIN % -1`
/// is 0, as the remainder of the wrapped quotient gives.
fn div(fx: &mut Fx, op: Bin, sf: bool, dst: VReg, a: VReg, b: VReg) {
    let signed = matches!(op, Bin::DivS | Bin::RemS);
    let rem = matches!(op, Bin::RemS | Bin::RemU);
    let ra = fx.use_gpr(a);
    let rb = fx.use_gpr(b);
    let rd = gp(fx.def_reg(dst));
    let ok = fx.buf.label();
    fx.emit(Inst::Cbz { nz: true, sf, rt: rb, label: ok });
    fx.emit(Inst::Brk(1));
    fx.buf.bind(ok);
    if signed && !rem {
        let fine = fx.buf.label();
        // b == -1 and a == MIN (negating it overflows).
        fx.emit(Inst::AddImm { op: AddOp::Adds, sf, rd: X::ZR, rn: rb, imm12: 1, lsl12: false });
        fx.emit(Inst::BCond(Cond::Ne, fine));
        fx.emit(add_reg(AddOp::Subs, sf, X::ZR, X::ZR, ra));
        fx.emit(Inst::BCond(Cond::Vc, fine));
        fx.emit(Inst::Brk(1));
        fx.buf.bind(fine);
    }
    if rem {
        fx.emit(Inst::Div { signed, sf, rd: SCRATCH, rn: ra, rm: rb });
        fx.emit(Inst::MulAdd { sub: true, sf, rd, rn: SCRATCH, rm: rb, ra });
    } else {
        fx.emit(Inst::Div { signed, sf, rd, rn: ra, rm: rb });
    }
}

fn un(fx: &mut Fx, op: Un, to: Ty, dst: VReg, a: VReg) -> Result<(), NativeError> {
    let sf = wide(to);
    match op {
        Un::SextIn(n) => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            let bits = if sf { 64 } else { 32 };
            if n >= 1 && n < bits {
                fx.emit(Inst::Bitfield { op: BfOp::Sbfm, sf, rd, rn: ra, immr: 0, imms: n - 1 });
            } else {
                fx.mov(rd, ra);
            }
        }
        Un::Wrap | Un::ExtendU => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            fx.emit(logic_reg(LogicOp::Orr, false, rd, X::ZR, ra));
        }
        Un::ExtendS => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            fx.emit(Inst::Bitfield { op: BfOp::Sbfm, sf: true, rd, rn: ra, immr: 0, imms: 31 });
        }
        Un::PtrToInt | Un::IntToPtr => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            fx.mov(rd, ra);
        }
        Un::Clz => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            fx.emit(Inst::Unary { op: Unary::Clz, sf, rd, rn: ra });
        }
        Un::Ctz => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            fx.emit(Inst::Unary { op: Unary::Rbit, sf, rd: SCRATCH, rn: ra });
            fx.emit(Inst::Unary { op: Unary::Clz, sf, rd, rn: SCRATCH });
        }
        Un::Popcnt => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            let v = super::lower::VSCRATCH;
            let size = if sf { super::inst::FSize::D } else { super::inst::FSize::S };
            fx.emit(Inst::FMovFromGpr { size, rd: v, rn: ra });
            fx.emit(Inst::Cnt { rd: v, rn: v });
            fx.emit(Inst::Addv { rd: v, rn: v });
            fx.emit(Inst::FMovToGpr { size: super::inst::FSize::S, rd, rn: v });
        }
        _ => super::fops::un(fx, op, to, dst, a)?,
    }
    Ok(())
}

fn int_cond(cc: Cmp) -> Cond {
    match cc {
        Cmp::Eq => Cond::Eq,
        Cmp::Ne => Cond::Ne,
        Cmp::LtS => Cond::Lt,
        Cmp::LtU => Cond::Lo,
        Cmp::LeS => Cond::Le,
        Cmp::LeU => Cond::Ls,
        Cmp::GtS => Cond::Gt,
        Cmp::GtU => Cond::Hi,
        Cmp::GeS => Cond::Ge,
        Cmp::GeU => Cond::Hs,
    }
}

fn cmp(fx: &mut Fx, cc: Cmp, ty: Ty, dst: VReg, a: VReg, b: VReg, term: Option<&Term>) {
    let sf = wide(ty);
    let ra = fx.use_gpr(a);
    match fx.konst(b) {
        Some(c) => cmp_imm(fx, sf, ra, c),
        None => {
            let rb = fx.use_gpr(b);
            fx.emit(add_reg(AddOp::Subs, sf, X::ZR, ra, rb));
        }
    }
    let c = int_cond(cc);
    // Only the branch reads the result: leave it in the flags.
    let last = fx.info_last_use(dst);
    if matches!(term, Some(Term::Branch { cond, .. }) if *cond == dst)
        && fx.info_local(dst)
        && last == Some(fx.pos + 1)
    {
        fx.a.unbind_vreg(dst.0);
        fx.forget_facts(dst);
        fx.fused = Some((c, dst));
        return;
    }
    let rd = gp(fx.def_reg(dst));
    cset(fx, rd, c);
}

/// `rd = cond ? 1 : 0` (flags already set).
pub(super) fn cset(fx: &mut Fx, rd: X, c: Cond) {
    let cond = c.invert();
    fx.emit(Inst::Csel { op: CselOp::Csinc, sf: false, rd, rn: X::ZR, rm: X::ZR, cond });
}

fn select(fx: &mut Fx, dst: VReg, cond: VReg, a: VReg, b: VReg) {
    let rc = fx.use_gpr(cond);
    let ty = fx.ty(dst);
    fx.emit(Inst::AddImm { op: AddOp::Subs, sf: false, rd: X::ZR, rn: rc, imm12: 0, lsl12: false });
    if ty.is_float() {
        let ra = fx.use_v(a);
        let rb = fx.use_v(b);
        let rd = vr(fx.def_reg(dst));
        let size = super::lower::fsize(ty);
        fx.emit(Inst::FCsel { size, rd, rn: ra, rm: rb, cond: Cond::Ne });
        return;
    }
    let ra = fx.use_gpr(a);
    let rb = fx.use_gpr(b);
    let rd = gp(fx.def_reg(dst));
    fx.emit(Inst::Csel { op: CselOp::Csel, sf: wide(ty), rd, rn: ra, rm: rb, cond: Cond::Ne });
}

/// `movz` of a 16-bit value (for the few constants the sequences need).
pub(super) fn movz(rd: X, v: u16, sf: bool) -> Inst {
    Inst::MovWide { op: MovOp::Movz, sf, rd, imm16: v, hw: 0 }
}
