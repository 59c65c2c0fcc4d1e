//! Instruction selection for the low form's computations, memory accesses and frame
//! instructions (calls are in `calls.rs`): each low instruction becomes a few x86-64
//! instructions on the registers the assignment gives its operands.

use super::inst::{Alu, Cc, Inst, Load, Logic, Mem, Shift, Sse};
use super::lower::{gp, xm, Fx, SCRATCH, XSCRATCH};
use super::regs::{Gpr, Xmm};
use crate::NativeError;
use irplay_core::lower::{Bin, Cmp, FCmp, Inst as L, Sym, Term, Ty, Un, VReg};

/// One instruction (`term`: the block's terminator when this is the last instruction).
pub(super) fn inst(fx: &mut Fx, i: &L, term: Option<&Term>) -> Result<(), NativeError> {
    match i {
        L::Addr { dst, sym, addend } => addr(fx, *dst, *sym, *addend),
        L::Slot { dst, slot } => slot_addr(fx, *dst, *slot)?,
        L::ParCopy { moves } => par_copy(fx, moves),
        L::Bin { op, ty, dst, a, b } => bin(fx, *op, *ty, *dst, *a, *b)?,
        L::Un { op, to, dst, a } => un(fx, *op, *to, *dst, *a)?,
        L::Cmp { cc, ty, dst, a, b } => cmp(fx, *cc, *ty, *dst, *a, *b, term),
        L::FCmp { cc, ty, dst, a, b } => fcmp(fx, *cc, *ty, *dst, *a, *b),
        L::Select { dst, cond, a, b } => select(fx, *dst, *cond, *a, *b),
        L::Load { dst, ty, size, signed, addr, offset } => {
            load(fx, *dst, *ty, *size, *signed, *addr, *offset)?
        }
        L::Store { ty, size, addr, offset, src } => store(fx, *ty, *size, *addr, *offset, *src)?,
        L::DynAlloca { dst, size, align } => dyn_alloca(fx, *dst, *size, *align),
        L::MemCopy { .. } | L::MemFill { .. } => super::calls::mem_call(fx, i)?,
        L::VaStart { ap } => va_start(fx, *ap),
        L::VaArg { dst, ty, ap } => va_arg(fx, *dst, *ty, *ap),
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

fn wide(t: Ty) -> bool {
    !matches!(t, Ty::I32 | Ty::F32)
}

fn addr(fx: &mut Fx, dst: VReg, sym: Sym, addend: i64) {
    let r = gp(fx.def_reg(dst));
    // The symbol, and whether it is defined in this object (else reached through the GOT).
    let (s, here) = match sym {
        Sym::Data(i) => (fx.cx.data_sym(i), !fx.cx.data_is_external(i)),
        Sym::Func(f) => fx.cx.func_sym(f),
    };
    if here {
        fx.emit(Inst::LeaSym { dst: r, sym: s, addend });
    } else {
        fx.emit(Inst::MovGot { dst: r, sym: s });
        if addend != 0 {
            add_const(fx, r, addend);
        }
    }
}

/// `r += c` (64-bit).
fn add_const(fx: &mut Fx, r: Gpr, c: i64) {
    match i32::try_from(c) {
        Ok(i) => fx.emit(Inst::AluRI { op: Alu::Add, w: true, dst: r, imm: i }),
        Err(_) => {
            fx.mov_imm(SCRATCH, c as u64);
            fx.emit(Inst::AluRR { op: Alu::Add, w: true, dst: r, src: SCRATCH });
        }
    }
}

fn slot_addr(fx: &mut Fx, dst: VReg, slot: u32) -> Result<(), NativeError> {
    let Some(s) = fx.f.frame.slots.get(slot as usize) else {
        return Err(fx.unsupported("a missing frame slot"));
    };
    let off = i32::try_from(s.offset).map_err(|_| fx.unsupported("a stack frame this large"))?;
    if fx.frame.over_align > 0 {
        let r = gp(fx.def_reg(dst));
        let base = fx.frame.alloca_base;
        fx.emit(Inst::Lea { dst: r, mem: Mem::at(Gpr::RBP, base) });
        let a = -(fx.frame.over_align as i32);
        fx.emit(Inst::AluRI { op: Alu::And, w: true, dst: r, imm: a });
        if off != 0 {
            fx.emit(Inst::Lea { dst: r, mem: Mem::at(r, off) });
        }
        return Ok(());
    }
    let disp = fx.frame.alloca_base + off;
    if fx.info_single_def(dst) {
        // Rematerialized at each use (see `Fx::new`).
        return Ok(());
    }
    if fx.info_local(dst) {
        fx.a.unbind_vreg(dst.0);
        fx.forget_facts(dst);
        if let Some(s) = fx.slot_addr.get_mut(dst.0 as usize) {
            *s = Some(disp);
        }
    } else {
        let r = gp(fx.def_reg(dst));
        fx.emit(Inst::Lea { dst: r, mem: Mem::at(Gpr::RBP, disp) });
    }
    Ok(())
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
    if rd >= 16 {
        fx.emit(Inst::FMov { dst: xm(rd), src: xm(rs) });
    } else {
        fx.emit(Inst::MovRR { w: true, dst: gp(rd), src: gp(rs) });
    }
}

/// The immediate form of `v` for an operation of width `w`, if it has one.
fn imm(fx: &Fx, v: VReg, w: bool) -> Option<i32> {
    let c = fx.konst(v)?;
    if w {
        i32::try_from(c as i64).ok()
    } else {
        Some(c as u32 as i32)
    }
}

fn bin(fx: &mut Fx, op: Bin, ty: Ty, dst: VReg, a: VReg, b: VReg) -> Result<(), NativeError> {
    let w = wide(ty);
    let alu = match op {
        Bin::Add => Some(Alu::Add),
        Bin::Sub => Some(Alu::Sub),
        Bin::And => Some(Alu::And),
        Bin::Or => Some(Alu::Or),
        Bin::Xor => Some(Alu::Xor),
        _ => None,
    };
    if let Some(o) = alu {
        if let Some(i) = imm(fx, b, w) {
            let rd = two_addr(fx, dst, a, w);
            fx.emit(Inst::AluRI { op: o, w, dst: rd, imm: i });
        } else {
            let rb = fx.use_gpr(b);
            let rd = two_addr(fx, dst, a, w);
            fx.emit(Inst::AluRR { op: o, w, dst: rd, src: rb });
        }
        return Ok(());
    }
    match op {
        Bin::Mul => {
            let rb = fx.use_gpr(b);
            let rd = two_addr(fx, dst, a, w);
            fx.emit(Inst::Imul { w, dst: rd, src: rb });
        }
        Bin::Shl | Bin::ShrS | Bin::ShrU => {
            let s = match op {
                Bin::Shl => Shift::Shl,
                Bin::ShrS => Shift::Sar,
                _ => Shift::Shr,
            };
            if let Some(c) = fx.konst(b) {
                let rd = two_addr(fx, dst, a, w);
                let n = (c as u8) & if w { 63 } else { 31 };
                fx.emit(Inst::ShiftI { op: s, w, dst: rd, imm: n });
            } else {
                fx.claim(1);
                fx.materialize(b, 1);
                let rd = two_addr(fx, dst, a, w);
                fx.emit(Inst::ShiftCl { op: s, w, dst: rd });
            }
        }
        Bin::DivS | Bin::DivU | Bin::RemS | Bin::RemU => {
            let signed = matches!(op, Bin::DivS | Bin::RemS);
            let rem = matches!(op, Bin::RemS | Bin::RemU);
            fx.claim(0);
            fx.claim(2);
            let rb = fx.use_gpr(b);
            fx.materialize(a, 0);
            let done = fx.buf.label();
            if signed && rem {
                // INT_MIN % -1 is 0 (as wasm's `rem_s`), where `idiv` would fault.
                let go = fx.buf.label();
                fx.emit(Inst::AluRI { op: Alu::Cmp, w, dst: rb, imm: -1 });
                fx.emit(Inst::Jcc(Cc::Ne, go));
                fx.emit(Inst::AluRR { op: Alu::Xor, w: false, dst: Gpr::RDX, src: Gpr::RDX });
                fx.emit(Inst::Jmp(done));
                fx.buf.bind(go);
            }
            if signed {
                fx.emit(Inst::SignAx { w });
            } else {
                fx.emit(Inst::AluRR { op: Alu::Xor, w: false, dst: Gpr::RDX, src: Gpr::RDX });
            }
            fx.emit(Inst::Div { signed, w, src: rb });
            fx.buf.bind(done);
            fx.def_fixed(dst, if rem { 2 } else { 0 });
        }
        Bin::FAdd | Bin::FSub | Bin::FMul | Bin::FDiv => {
            let d = ty == Ty::F64;
            let o = match op {
                Bin::FAdd => Sse::Add,
                Bin::FSub => Sse::Sub,
                Bin::FMul => Sse::Mul,
                _ => Sse::Div,
            };
            let rb = fx.use_xmm(b);
            let rd = two_addr_x(fx, dst, a);
            fx.emit(Inst::Sse { op: o, d, dst: rd, src: rb });
        }
        Bin::FMin | Bin::FMax => fminmax(fx, op == Bin::FMax, ty == Ty::F64, dst, a, b),
        Bin::FCopySign => {
            let d = ty == Ty::F64;
            let rb = fx.use_xmm(b);
            let ra = fx.use_xmm(a);
            let t = fx.temp_gpr();
            fx.emit(Inst::FromXmm { w: d, dst: SCRATCH, src: ra });
            fx.emit(Inst::FromXmm { w: d, dst: t, src: rb });
            // Magnitude of a, sign of b, in integer registers.
            let sh = if d { 63 } else { 31 };
            fx.emit(Inst::ShiftI { op: Shift::Shl, w: d, dst: SCRATCH, imm: 1 });
            fx.emit(Inst::ShiftI { op: Shift::Shr, w: d, dst: SCRATCH, imm: 1 });
            fx.emit(Inst::ShiftI { op: Shift::Shr, w: d, dst: t, imm: sh });
            fx.emit(Inst::ShiftI { op: Shift::Shl, w: d, dst: t, imm: sh });
            fx.emit(Inst::AluRR { op: Alu::Or, w: d, dst: SCRATCH, src: t });
            let rd = xm(fx.def_reg(dst));
            fx.emit(Inst::ToXmm { w: d, dst: rd, src: SCRATCH });
        }
        _ => return Err(fx.unsupported("this binary operation")),
    }
    Ok(())
}

/// The destination of a two-address integer operation, holding `a`'s value.
fn two_addr(fx: &mut Fx, dst: VReg, a: VReg, w: bool) -> Gpr {
    let ra = fx.use_reg(a);
    let (rd, reused) = fx.def_reuse(dst, a, ra);
    if !reused {
        fx.emit(Inst::MovRR { w, dst: gp(rd), src: gp(ra) });
    }
    gp(rd)
}

/// The destination of a two-address float operation, holding `a`'s value.
fn two_addr_x(fx: &mut Fx, dst: VReg, a: VReg) -> Xmm {
    let ra = fx.use_reg(a);
    let (rd, reused) = fx.def_reuse(dst, a, ra);
    if !reused {
        fx.emit(Inst::FMov { dst: xm(rd), src: xm(ra) });
    }
    xm(rd)
}

/// IEEE `minimum`/`maximum` as wasm's `min`/`max`: NaN if either is NaN, -0 below +0.
fn fminmax(fx: &mut Fx, max: bool, d: bool, dst: VReg, a: VReg, b: VReg) {
    let rb = fx.use_xmm(b);
    let ra = fx.use_xmm(a);
    let rd = xm(fx.def_reg(dst));
    let (nan, equal, done) = (fx.buf.label(), fx.buf.label(), fx.buf.label());
    fx.emit(Inst::FMov { dst: rd, src: ra });
    fx.emit(Inst::Ucomi { d, a: ra, b: rb });
    fx.emit(Inst::Jcc(Cc::P, nan));
    fx.emit(Inst::Jcc(Cc::E, equal));
    fx.emit(Inst::Sse { op: if max { Sse::Max } else { Sse::Min }, d, dst: rd, src: rb });
    fx.emit(Inst::Jmp(done));
    // Equal: the same value, or zeros of either sign: or the bits for min, and them for max.
    fx.buf.bind(equal);
    let o = if max { Logic::And } else { Logic::Or };
    fx.emit(Inst::Logic { op: o, dst: rd, src: rb });
    fx.emit(Inst::Jmp(done));
    fx.buf.bind(nan);
    fx.emit(Inst::Sse { op: Sse::Add, d, dst: rd, src: rb });
    fx.buf.bind(done);
}

fn un(fx: &mut Fx, op: Un, to: Ty, dst: VReg, a: VReg) -> Result<(), NativeError> {
    let from = fx.ty(a);
    let w = wide(to);
    match op {
        Un::SextIn(n) => {
            let rd = two_addr(fx, dst, a, w);
            let bits = if w { 64 } else { 32 };
            if w && matches!(n, 8 | 16 | 32) {
                fx.emit(Inst::Movsx { from: n / 8, dst: rd, src: rd });
            } else if n < bits {
                let sh = bits - n;
                fx.emit(Inst::ShiftI { op: Shift::Shl, w, dst: rd, imm: sh });
                fx.emit(Inst::ShiftI { op: Shift::Sar, w, dst: rd, imm: sh });
            }
        }
        Un::Wrap | Un::ExtendU => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            fx.emit(Inst::MovRR { w: false, dst: rd, src: ra });
        }
        Un::ExtendS => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            fx.emit(Inst::Movsx { from: 4, dst: rd, src: ra });
        }
        Un::PtrToInt | Un::IntToPtr => {
            let rd = two_addr(fx, dst, a, true);
            let _ = rd;
        }
        Un::Clz | Un::Ctz => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            let bits = if w { 64 } else { 32 };
            if op == Un::Clz {
                fx.emit(Inst::Bsr { w, dst: rd, src: ra });
                fx.emit(Inst::MovRI64s { dst: SCRATCH, imm: -1 });
                fx.emit(Inst::Cmov { cc: Cc::E, w, dst: rd, src: SCRATCH });
                fx.emit(Inst::Neg { w, dst: rd });
                fx.emit(Inst::AluRI { op: Alu::Add, w, dst: rd, imm: bits - 1 });
            } else {
                fx.emit(Inst::Bsf { w, dst: rd, src: ra });
                fx.emit(Inst::MovRI32 { dst: SCRATCH, imm: bits as u32 });
                fx.emit(Inst::Cmov { cc: Cc::E, w, dst: rd, src: SCRATCH });
            }
        }
        Un::Popcnt => {
            let ra = fx.use_gpr(a);
            let rd = gp(fx.def_reg(dst));
            fx.emit(Inst::Popcnt { w, dst: rd, src: ra });
        }
        Un::FNeg | Un::FAbs => {
            let d = to == Ty::F64;
            let ra = fx.use_xmm(a);
            fx.emit(Inst::FromXmm { w: d, dst: SCRATCH, src: ra });
            match (op, d) {
                (Un::FNeg, false) => {
                    fx.emit(Inst::AluRI { op: Alu::Xor, w: false, dst: SCRATCH, imm: i32::MIN })
                }
                (Un::FNeg, true) => {
                    fx.emit(Inst::ShiftI { op: Shift::Rol, w: true, dst: SCRATCH, imm: 1 });
                    fx.emit(Inst::AluRI { op: Alu::Xor, w: true, dst: SCRATCH, imm: 1 });
                    fx.emit(Inst::ShiftI { op: Shift::Ror, w: true, dst: SCRATCH, imm: 1 });
                }
                _ => {
                    fx.emit(Inst::ShiftI { op: Shift::Shl, w: d, dst: SCRATCH, imm: 1 });
                    fx.emit(Inst::ShiftI { op: Shift::Shr, w: d, dst: SCRATCH, imm: 1 });
                }
            }
            let rd = xm(fx.def_reg(dst));
            fx.emit(Inst::ToXmm { w: d, dst: rd, src: SCRATCH });
        }
        Un::FSqrt | Un::FFloor | Un::FCeil | Un::FTrunc | Un::FNearest => {
            let d = to == Ty::F64;
            let ra = fx.use_xmm(a);
            let rd = xm(fx.def_reg(dst));
            let mode = match op {
                Un::FFloor => 9,
                Un::FCeil => 10,
                Un::FTrunc => 11,
                Un::FNearest => 8,
                _ => {
                    fx.emit(Inst::Sse { op: Sse::Sqrt, d, dst: rd, src: ra });
                    return Ok(());
                }
            };
            fx.emit(Inst::Round { d, mode, dst: rd, src: ra });
        }
        Un::Promote | Un::Demote => {
            let ra = fx.use_xmm(a);
            let rd = xm(fx.def_reg(dst));
            fx.emit(Inst::CvtF { to_d: op == Un::Promote, dst: rd, src: ra });
        }
        Un::SToF | Un::UToF => int_to_float(fx, op == Un::SToF, wide(from), to == Ty::F64, dst, a),
        Un::FToS | Un::FToU => float_to_int(fx, op == Un::FToS, from == Ty::F64, w, dst, a),
        Un::Bitcast => {
            if to.is_float() {
                let ra = fx.use_gpr(a);
                let rd = xm(fx.def_reg(dst));
                fx.emit(Inst::ToXmm { w, dst: rd, src: ra });
            } else {
                let ra = fx.use_xmm(a);
                let rd = gp(fx.def_reg(dst));
                fx.emit(Inst::FromXmm { w, dst: rd, src: ra });
            }
        }
    }
    Ok(())
}

fn int_to_float(fx: &mut Fx, signed: bool, w: bool, d: bool, dst: VReg, a: VReg) {
    let ra = fx.use_gpr(a);
    let rd = xm(fx.def_reg(dst));
    fx.emit(Inst::Logic { op: Logic::Xor, dst: rd, src: rd });
    if signed {
        fx.emit(Inst::CvtI2F { d, w, dst: rd, src: ra });
    } else if !w {
        fx.emit(Inst::MovRR { w: false, dst: SCRATCH, src: ra });
        fx.emit(Inst::CvtI2F { d, w: true, dst: rd, src: SCRATCH });
    } else {
        // Above 2^63: halve (keeping the lowest bit sticky), convert, double.
        let t = fx.temp_gpr();
        let (big, done) = (fx.buf.label(), fx.buf.label());
        fx.emit(Inst::Test { w: true, a: ra, b: ra });
        fx.emit(Inst::Jcc(Cc::S, big));
        fx.emit(Inst::CvtI2F { d, w: true, dst: rd, src: ra });
        fx.emit(Inst::Jmp(done));
        fx.buf.bind(big);
        fx.emit(Inst::MovRR { w: true, dst: SCRATCH, src: ra });
        fx.emit(Inst::ShiftI { op: Shift::Shr, w: true, dst: SCRATCH, imm: 1 });
        fx.emit(Inst::MovRR { w: false, dst: t, src: ra });
        fx.emit(Inst::AluRI { op: Alu::And, w: false, dst: t, imm: 1 });
        fx.emit(Inst::AluRR { op: Alu::Or, w: true, dst: SCRATCH, src: t });
        fx.emit(Inst::CvtI2F { d, w: true, dst: rd, src: SCRATCH });
        fx.emit(Inst::Sse { op: Sse::Add, d, dst: rd, src: rd });
        fx.buf.bind(done);
    }
}

/// Loads the float constant `2^k` into the scratch float register.
fn pow2(fx: &mut Fx, d: bool, k: u32) {
    let bits = if d { (1023 + k as u64) << 52 } else { ((127 + k as u64) << 23) & 0xffff_ffff };
    fx.mov_imm(SCRATCH, bits);
    fx.emit(Inst::ToXmm { w: d, dst: XSCRATCH, src: SCRATCH });
}

/// Float to integer, saturating, NaN to 0 (wasm's `trunc_sat`).
fn float_to_int(fx: &mut Fx, signed: bool, d: bool, w: bool, dst: VReg, a: VReg) {
    let ra = fx.use_xmm(a);
    let rd = gp(fx.def_reg(dst));
    let done = fx.buf.label();
    if signed {
        // The conversion gives the "integer indefinite" MIN on NaN and overflow.
        let nan = fx.buf.label();
        fx.emit(Inst::CvtF2I { d, w, dst: rd, src: ra });
        fx.emit(Inst::AluRI { op: Alu::Cmp, w, dst: rd, imm: 1 });
        fx.emit(Inst::Jcc(Cc::No, done));
        fx.emit(Inst::Ucomi { d, a: ra, b: ra });
        fx.emit(Inst::Jcc(Cc::P, nan));
        fx.emit(Inst::Logic { op: Logic::Xor, dst: XSCRATCH, src: XSCRATCH });
        fx.emit(Inst::Ucomi { d, a: ra, b: XSCRATCH });
        // Below zero (or exactly MIN): MIN is right.
        fx.emit(Inst::Jcc(Cc::Be, done));
        fx.emit(Inst::MovRI64s { dst: rd, imm: -1 });
        fx.emit(Inst::ShiftI { op: Shift::Shr, w, dst: rd, imm: 1 });
        fx.emit(Inst::Jmp(done));
        fx.buf.bind(nan);
        fx.emit(Inst::AluRR { op: Alu::Xor, w: false, dst: rd, src: rd });
        fx.buf.bind(done);
        return;
    }
    if !w {
        // 64-bit conversion, then clamp to 0..=u32::MAX.
        let neg = fx.buf.label();
        fx.emit(Inst::CvtF2I { d, w: true, dst: rd, src: ra });
        fx.emit(Inst::Test { w: true, a: rd, b: rd });
        fx.emit(Inst::Jcc(Cc::S, neg));
        fx.emit(Inst::MovRI32 { dst: SCRATCH, imm: u32::MAX });
        fx.emit(Inst::AluRR { op: Alu::Cmp, w: true, dst: rd, src: SCRATCH });
        fx.emit(Inst::Cmov { cc: Cc::A, w: true, dst: rd, src: SCRATCH });
        fx.emit(Inst::Jmp(done));
        fx.buf.bind(neg);
        // NaN, negative, or at least 2^63: the maximum only for positive values.
        fx.emit(Inst::Logic { op: Logic::Xor, dst: XSCRATCH, src: XSCRATCH });
        fx.emit(Inst::Ucomi { d, a: ra, b: XSCRATCH });
        fx.emit(Inst::MovRI32 { dst: rd, imm: 0 });
        fx.emit(Inst::MovRI32 { dst: SCRATCH, imm: u32::MAX });
        fx.emit(Inst::Cmov { cc: Cc::A, w: true, dst: rd, src: SCRATCH });
        fx.buf.bind(done);
        return;
    }
    // 64-bit unsigned.
    let t = fx.temp_xmm();
    let (big, neg, sat) = (fx.buf.label(), fx.buf.label(), fx.buf.label());
    pow2(fx, d, 63);
    fx.emit(Inst::Ucomi { d, a: ra, b: XSCRATCH });
    fx.emit(Inst::Jcc(Cc::Ae, big));
    fx.emit(Inst::CvtF2I { d, w: true, dst: rd, src: ra });
    fx.emit(Inst::Test { w: true, a: rd, b: rd });
    fx.emit(Inst::Jcc(Cc::S, neg));
    fx.emit(Inst::Jmp(done));
    fx.buf.bind(neg);
    // Negative, or NaN (which also lands here: `ae` is false on unordered).
    fx.emit(Inst::AluRR { op: Alu::Xor, w: false, dst: rd, src: rd });
    fx.emit(Inst::Jmp(done));
    fx.buf.bind(big);
    fx.emit(Inst::FMov { dst: t, src: ra });
    fx.emit(Inst::Sse { op: Sse::Sub, d, dst: t, src: XSCRATCH });
    fx.emit(Inst::CvtF2I { d, w: true, dst: rd, src: t });
    fx.emit(Inst::Test { w: true, a: rd, b: rd });
    fx.emit(Inst::Jcc(Cc::S, sat));
    fx.emit(Inst::MovAbs { dst: SCRATCH, imm: 1 << 63 });
    fx.emit(Inst::AluRR { op: Alu::Xor, w: true, dst: rd, src: SCRATCH });
    fx.emit(Inst::Jmp(done));
    fx.buf.bind(sat);
    fx.emit(Inst::MovRI64s { dst: rd, imm: -1 });
    fx.buf.bind(done);
}

fn int_cc(cc: Cmp) -> Cc {
    match cc {
        Cmp::Eq => Cc::E,
        Cmp::Ne => Cc::Ne,
        Cmp::LtS => Cc::L,
        Cmp::LtU => Cc::B,
        Cmp::LeS => Cc::Le,
        Cmp::LeU => Cc::Be,
        Cmp::GtS => Cc::G,
        Cmp::GtU => Cc::A,
        Cmp::GeS => Cc::Ge,
        Cmp::GeU => Cc::Ae,
    }
}

fn cmp(fx: &mut Fx, cc: Cmp, ty: Ty, dst: VReg, a: VReg, b: VReg, term: Option<&Term>) {
    let w = wide(ty);
    let ra = fx.use_gpr(a);
    if let Some(i) = imm(fx, b, w) {
        fx.emit(Inst::AluRI { op: Alu::Cmp, w, dst: ra, imm: i });
    } else {
        let rb = fx.use_gpr(b);
        fx.emit(Inst::AluRR { op: Alu::Cmp, w, dst: ra, src: rb });
    }
    let c = int_cc(cc);
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
    set_flag(fx, dst, c);
}

/// `dst = flag cc` as 0/1 (flags already set; `mov` does not change them).
fn set_flag(fx: &mut Fx, dst: VReg, c: Cc) {
    let rd = gp(fx.def_reg(dst));
    fx.emit(Inst::Setcc { cc: c, dst: rd });
    fx.emit(Inst::Movzx8 { dst: rd, src: rd });
}

fn fcmp(fx: &mut Fx, cc: FCmp, ty: Ty, dst: VReg, a: VReg, b: VReg) {
    let d = ty == Ty::F64;
    // (swap operands, condition, second condition and how it combines: and / or)
    let (swap, c1, c2): (bool, Cc, Option<(Cc, Alu)>) = match cc {
        FCmp::False | FCmp::True => {
            let rd = gp(fx.def_reg(dst));
            fx.mov_imm(rd, (cc == FCmp::True) as u64);
            return;
        }
        FCmp::Oeq => (false, Cc::E, Some((Cc::Np, Alu::And))),
        FCmp::Ogt => (false, Cc::A, None),
        FCmp::Oge => (false, Cc::Ae, None),
        FCmp::Olt => (true, Cc::A, None),
        FCmp::Ole => (true, Cc::Ae, None),
        FCmp::One => (false, Cc::Ne, Some((Cc::Np, Alu::And))),
        FCmp::Ord => (false, Cc::Np, None),
        FCmp::Ueq => (false, Cc::E, None),
        FCmp::Ugt => (true, Cc::B, None),
        FCmp::Uge => (true, Cc::Be, None),
        FCmp::Ult => (false, Cc::B, None),
        FCmp::Ule => (false, Cc::Be, None),
        FCmp::Une => (false, Cc::Ne, Some((Cc::P, Alu::Or))),
        FCmp::Uno => (false, Cc::P, None),
    };
    let ra = fx.use_xmm(a);
    let rb = fx.use_xmm(b);
    let (x, y) = if swap { (rb, ra) } else { (ra, rb) };
    fx.emit(Inst::Ucomi { d, a: x, b: y });
    let rd = gp(fx.def_reg(dst));
    fx.emit(Inst::Setcc { cc: c1, dst: rd });
    if let Some((c2, how)) = c2 {
        fx.emit(Inst::Setcc { cc: c2, dst: SCRATCH });
        fx.emit(Inst::AluRR { op: how, w: false, dst: rd, src: SCRATCH });
    }
    fx.emit(Inst::Movzx8 { dst: rd, src: rd });
}

fn select(fx: &mut Fx, dst: VReg, cond: VReg, a: VReg, b: VReg) {
    let rc = fx.use_gpr(cond);
    let ty = fx.ty(dst);
    if ty.is_float() {
        let ra = fx.use_xmm(a);
        let rb = fx.use_xmm(b);
        let rd = xm(fx.def_reg(dst));
        let skip = fx.buf.label();
        fx.emit(Inst::FMov { dst: rd, src: rb });
        fx.emit(Inst::Test { w: false, a: rc, b: rc });
        fx.emit(Inst::Jcc(Cc::E, skip));
        fx.emit(Inst::FMov { dst: rd, src: ra });
        fx.buf.bind(skip);
        return;
    }
    let ra = fx.use_gpr(a);
    let w = wide(ty);
    let rd = two_addr(fx, dst, b, w);
    fx.emit(Inst::Test { w: false, a: rc, b: rc });
    fx.emit(Inst::Cmov { cc: Cc::Ne, w, dst: rd, src: ra });
}

/// The memory operand `[addr + offset]`.
fn mem_of(fx: &mut Fx, addr: VReg, offset: u32) -> Mem {
    if let Some(d) = fx.slot_addr.get(addr.0 as usize).copied().flatten() {
        if let Some(disp) = i32::try_from(offset).ok().and_then(|o| d.checked_add(o)) {
            return Mem::at(Gpr::RBP, disp);
        }
    }
    if let Some(c) = fx.konst(addr) {
        if let Some(a) = c.checked_add(offset as u64).and_then(|a| i32::try_from(a).ok()) {
            // An absolute address (null and small constants): through the scratch register.
            fx.emit(Inst::MovRI64s { dst: SCRATCH, imm: a });
            return Mem::at(SCRATCH, 0);
        }
    }
    let ra = fx.use_gpr(addr);
    match i32::try_from(offset) {
        Ok(o) => Mem::at(ra, o),
        Err(_) => {
            fx.emit(Inst::MovRI32 { dst: SCRATCH, imm: offset });
            fx.emit(Inst::AluRR { op: Alu::Add, w: true, dst: SCRATCH, src: ra });
            Mem::at(SCRATCH, 0)
        }
    }
}

fn load(
    fx: &mut Fx,
    dst: VReg,
    ty: Ty,
    size: u8,
    signed: bool,
    addr: VReg,
    offset: u32,
) -> Result<(), NativeError> {
    let mem = mem_of(fx, addr, offset);
    if ty.is_float() {
        let rd = xm(fx.def_reg(dst));
        fx.emit(Inst::FLoad { d: ty == Ty::F64, dst: rd, mem });
        return Ok(());
    }
    let w = wide(ty);
    let kind = match (size, signed) {
        (1, false) => Load::Zx8,
        (1, true) => Load::Sx8,
        (2, false) => Load::Zx16,
        (2, true) => Load::Sx16,
        (4, true) if w => Load::Sx32,
        (4, _) => Load::L32,
        (8, _) => Load::L64,
        (3 | 5 | 6 | 7, _) => return load_odd(fx, dst, w, size, signed, mem),
        _ => return Err(fx.unsupported(format!("a {size}-byte load"))),
    };
    let rd = gp(fx.def_reg(dst));
    fx.emit(Inst::Load { kind, dst: rd, mem });
    if !w && matches!(kind, Load::Sx8 | Load::Sx16) {
        // Sign-extended within 32 bits only: the upper half stays zero.
        fx.emit(Inst::MovRR { w: false, dst: rd, src: rd });
    }
    Ok(())
}

fn store(
    fx: &mut Fx,
    ty: Ty,
    size: u8,
    addr: VReg,
    offset: u32,
    src: VReg,
) -> Result<(), NativeError> {
    if ty.is_float() {
        let rs = fx.use_xmm(src);
        let mem = mem_of(fx, addr, offset);
        fx.emit(Inst::FStore { d: size == 8, mem, src: rs });
        return Ok(());
    }
    if !matches!(size, 1..=8) {
        return Err(fx.unsupported(format!("a {size}-byte store")));
    }
    let rs = fx.use_gpr(src);
    let mem = mem_of(fx, addr, offset);
    if matches!(size, 1 | 2 | 4 | 8) {
        fx.emit(Inst::Store { bytes: size, mem, src: rs });
        return Ok(());
    }
    let mem = off_scratch(fx, mem);
    let mut at = 0u8;
    for p in pieces(size) {
        if at == 0 {
            fx.emit(Inst::Store { bytes: p, mem, src: rs });
        } else {
            fx.emit(Inst::MovRR { w: true, dst: SCRATCH, src: rs });
            fx.emit(Inst::ShiftI { op: Shift::Shr, w: true, dst: SCRATCH, imm: 8 * at });
            let m = Mem { disp: mem.disp + at as i32, ..mem };
            fx.emit(Inst::Store { bytes: p, mem: m, src: SCRATCH });
        }
        at += p;
    }
    Ok(())
}

/// The power-of-two pieces of an odd-sized access, lowest address first.
fn pieces(size: u8) -> impl Iterator<Item = u8> {
    let mut left = size;
    std::iter::from_fn(move || {
        let p = [4u8, 2, 1].into_iter().find(|&p| p <= left)?;
        left -= p;
        Some(p)
    })
}

/// `mem` with a base other than the scratch register (which odd-sized accesses need).
fn off_scratch(fx: &mut Fx, mem: Mem) -> Mem {
    if mem.base != SCRATCH {
        return mem;
    }
    let t = fx.temp_gpr();
    fx.emit(Inst::Lea { dst: t, mem });
    Mem::at(t, 0)
}

/// A load of 3, 5, 6 or 7 bytes: pieces put together, then extended.
fn load_odd(
    fx: &mut Fx,
    dst: VReg,
    w: bool,
    size: u8,
    signed: bool,
    mem: Mem,
) -> Result<(), NativeError> {
    let mem = off_scratch(fx, mem);
    let rd = gp(fx.def_reg(dst));
    let mut at = 0u8;
    for p in pieces(size) {
        let kind = match p {
            4 => Load::L32,
            2 => Load::Zx16,
            _ => Load::Zx8,
        };
        let m = Mem { disp: mem.disp + at as i32, ..mem };
        if at == 0 {
            fx.emit(Inst::Load { kind, dst: rd, mem: m });
        } else {
            fx.emit(Inst::Load { kind, dst: SCRATCH, mem: m });
            fx.emit(Inst::ShiftI { op: Shift::Shl, w: true, dst: SCRATCH, imm: 8 * at });
            fx.emit(Inst::AluRR { op: Alu::Or, w: true, dst: rd, src: SCRATCH });
        }
        at += p;
    }
    if signed {
        let bits = if w { 64 } else { 32 };
        let sh = bits - 8 * size;
        fx.emit(Inst::ShiftI { op: Shift::Shl, w, dst: rd, imm: sh });
        fx.emit(Inst::ShiftI { op: Shift::Sar, w, dst: rd, imm: sh });
    }
    Ok(())
}

fn dyn_alloca(fx: &mut Fx, dst: VReg, size: VReg, align: u32) {
    let rs = fx.use_gpr(size);
    fx.emit(Inst::Lea { dst: SCRATCH, mem: Mem::at(rs, 15) });
    fx.emit(Inst::AluRI { op: Alu::And, w: true, dst: SCRATCH, imm: -16 });
    fx.emit(Inst::AluRR { op: Alu::Sub, w: true, dst: Gpr::RSP, src: SCRATCH });
    if align > 16 {
        let a = i32::try_from(align).map(|a| -a).unwrap_or(-16);
        fx.emit(Inst::AluRI { op: Alu::And, w: true, dst: Gpr::RSP, imm: a });
    }
    let out = fx.frame.out_area as i32;
    let rd = gp(fx.def_reg(dst));
    fx.emit(Inst::Lea { dst: rd, mem: Mem::at(Gpr::RSP, out) });
}

/// `va_start`: the System V `va_list` (`gp_offset`, `fp_offset`, `overflow_arg_area`,
/// `reg_save_area`) after the named arguments.
fn va_start(fx: &mut Fx, ap: VReg) {
    let ra = fx.use_gpr(ap);
    let (gp, fp, stack) = fx.va_named;
    let save = fx.frame.va_save.unwrap_or(0);
    fx.emit(Inst::MovRI32 { dst: SCRATCH, imm: gp.min(48) });
    fx.emit(Inst::Store { bytes: 4, mem: Mem::at(ra, 0), src: SCRATCH });
    fx.emit(Inst::MovRI32 { dst: SCRATCH, imm: fp.min(176) });
    fx.emit(Inst::Store { bytes: 4, mem: Mem::at(ra, 4), src: SCRATCH });
    fx.emit(Inst::Lea { dst: SCRATCH, mem: Mem::at(Gpr::RBP, stack as i32) });
    fx.emit(Inst::Store { bytes: 8, mem: Mem::at(ra, 8), src: SCRATCH });
    fx.emit(Inst::Lea { dst: SCRATCH, mem: Mem::at(Gpr::RBP, save) });
    fx.emit(Inst::Store { bytes: 8, mem: Mem::at(ra, 16), src: SCRATCH });
}

/// `va_arg`: from the register save area while its part for the class lasts, else from the
/// overflow area, advancing the `va_list` (as clang's inline expansion does).
fn va_arg(fx: &mut Fx, dst: VReg, ty: Ty, ap: VReg) {
    let float = ty.is_float();
    let ra = fx.use_gpr(ap);
    let t = fx.temp_gpr();
    let rd = fx.def_reg(dst);
    let (field, end, step) = if float { (4, 176, 16) } else { (0, 48, 8) };
    let (stack, load) = (fx.buf.label(), fx.buf.label());
    fx.emit(Inst::Load { kind: Load::L32, dst: t, mem: Mem::at(ra, field) });
    fx.emit(Inst::AluRI { op: Alu::Cmp, w: false, dst: t, imm: end });
    fx.emit(Inst::Jcc(Cc::Ae, stack));
    fx.emit(Inst::Load { kind: Load::L64, dst: SCRATCH, mem: Mem::at(ra, 16) });
    fx.emit(Inst::AluRR { op: Alu::Add, w: true, dst: SCRATCH, src: t });
    fx.emit(Inst::AluRI { op: Alu::Add, w: false, dst: t, imm: step });
    fx.emit(Inst::Store { bytes: 4, mem: Mem::at(ra, field), src: t });
    fx.emit(Inst::Jmp(load));
    fx.buf.bind(stack);
    fx.emit(Inst::Load { kind: Load::L64, dst: SCRATCH, mem: Mem::at(ra, 8) });
    fx.emit(Inst::Lea { dst: t, mem: Mem::at(SCRATCH, 8) });
    fx.emit(Inst::Store { bytes: 8, mem: Mem::at(ra, 8), src: t });
    fx.buf.bind(load);
    fx.load_value(ty, rd, Mem::at(SCRATCH, 0));
}
