//! Calls, returns and tail calls on x86-64: System V argument placement (`abi.rs`), the
//! outgoing stack area, the caller-saved registers written back around a call, and the
//! parallel move of values into their fixed registers.
//!
//! Variadic calls pass the extra arguments as System V does, with the number of vector
//! registers used in `al`.

use super::inst::Inst;
use super::inst::Mem;
use super::lower::{gp, xm, Fx, SCRATCH, XSCRATCH};
use super::regs::{Gpr, ARG_GPRS, ARG_XMMS, RET_GPRS, RET_XMMS};
use crate::abi::{place_args, place_results, Loc};
use crate::assign::PReg;
use crate::module::ModCx;
use crate::{NativeError, SymId};
use irplay_core::lower::{Call, Callee, Inst as L, LowFunc, Sig, Term, Ty, VReg};

/// The integer registers a call clobbers (as the assignment numbers them; `r11` is scratch).
const CALLER_SAVED: [PReg; 8] = [0, 1, 2, 6, 7, 8, 9, 10];

/// How a call passes variadic arguments.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Conv {
    /// Not variadic.
    Plain,
    /// As System V does.
    SysV,
}

fn conv(sig: &Sig) -> Conv {
    if sig.variadic {
        Conv::SysV
    } else {
        Conv::Plain
    }
}

/// The argument types of a call and their places, and the stack bytes they take.
/// (With results that go through memory, the hidden first argument takes `rdi`; it is not
/// among the places returned.)
fn arg_layout(conv: Conv, sig: &Sig, varargs: &[Ty]) -> (Vec<Ty>, Vec<Loc>, u32) {
    let mut tys = sig.params.clone();
    if conv == Conv::SysV {
        tys.extend_from_slice(varargs);
    }
    let (locs, stack) = arg_places(&tys, sig);
    (tys, locs, stack)
}

/// The places of arguments of types `tys` of a call or function of signature `sig` (its
/// fixed parameters, maybe followed by variadic ones) in the System V registers, and the
/// stack bytes they take. With results that go through memory, the hidden first argument
/// takes `rdi`; it is not among the places returned.
pub(super) fn arg_places(tys: &[Ty], sig: &Sig) -> (Vec<Loc>, u32) {
    let (ngpr, nfpr) = (ARG_GPRS.len() as u8, ARG_XMMS);
    if crate::abi::demoted(&sig.ret) {
        let all = std::iter::once(Ty::Ptr).chain(tys.iter().copied());
        let (mut locs, stack) = place_args(all, &crate::abi::shifted(&sig.packs), ngpr, nfpr);
        locs.remove(0);
        return (locs, stack);
    }
    place_args(tys.iter().copied(), &sig.packs, ngpr, nfpr)
}

/// The places of results of types `tys` of signature `sig` in the result registers (and the
/// x87 stack), or `None` when they do not fit.
pub(super) fn result_places(tys: &[Ty], sig: &Sig) -> Option<Vec<Loc>> {
    place_results(tys, &sig.packs, RET_GPRS.len() as u8, RET_XMMS)
}

/// The bytes of the outgoing area `f`'s calls need.
pub(super) fn out_area(_cx: &ModCx, f: &LowFunc) -> u32 {
    let mut most = 0;
    for b in &f.blocks {
        for i in &b.insts {
            if let L::Call(c) = i {
                let vt: Vec<Ty> = c.varargs.iter().map(|v| reg_ty(f, *v)).collect();
                let (_, _, stack) = arg_layout(conv(&c.sig), &c.sig, &vt);
                most = most.max(stack);
            }
        }
    }
    (most + 15) & !15
}

fn reg_ty(f: &LowFunc, v: VReg) -> Ty {
    f.regs.get(v.0 as usize).copied().unwrap_or(Ty::I64)
}

/// The register a result goes in.
pub(super) fn ret_reg(l: Loc) -> PReg {
    match l {
        Loc::Int(k) => RET_GPRS.get(k as usize).map_or(0, |r| r.0),
        Loc::Float(k) | Loc::FloatHi(k) => 16 + k,
        Loc::X87(_) => 16,
        Loc::Stack(_) | Loc::Copy { .. } => 0,
    }
}

fn arg_reg(l: Loc) -> Option<PReg> {
    match l {
        Loc::Int(k) => ARG_GPRS.get(k as usize).map(|r| r.0),
        Loc::Float(k) => Some(16 + k),
        Loc::FloatHi(_) | Loc::X87(_) => None,
        Loc::Stack(_) | Loc::Copy { .. } => None,
    }
}

/// Moves each value into its register, all at once: register-to-register moves in an order
/// that reads before it overwrites (cycles through the scratch registers), then the values
/// from memory and constants. The targets' old bindings are dropped.
pub(super) fn place(fx: &mut Fx, moves: &[(VReg, PReg)]) {
    let mut regs: Vec<(PReg, PReg)> = Vec::new();
    let mut rest: Vec<(VReg, PReg)> = Vec::new();
    for &(v, t) in moves {
        match fx.a.reg(v.0) {
            Some(r) => regs.push((t, r)),
            None => rest.push((v, t)),
        }
    }
    for float in [false, true] {
        let class: Vec<(PReg, PReg)> =
            regs.iter().copied().filter(|&(t, _)| (t >= 16) == float).collect();
        let scratch = if float { 16 + XSCRATCH.0 } else { SCRATCH.0 };
        for (d, s) in irplay_core::lower::moves::sequentialize(&class, scratch) {
            fx.emit(if float {
                Inst::FMov { dst: xm(d), src: xm(s) }
            } else {
                Inst::MovRR { w: true, dst: gp(d), src: gp(s) }
            });
        }
    }
    for &(_, t) in moves {
        fx.a.free(t);
    }
    for (v, t) in rest {
        fx.materialize(v, t);
    }
}

/// What a call calls.
enum Target {
    Sym(SymId),
    Reg(VReg),
}

/// A call instruction.
pub(super) fn call(fx: &mut Fx, c: &Call) -> Result<(), NativeError> {
    let target = match c.callee {
        Callee::Direct(f) => Target::Sym(fx.cx.func_sym(f).0),
        Callee::Indirect(v) => Target::Reg(v),
    };
    let cv = conv(&c.sig);
    emit_call(fx, target, cv, &c.sig, &c.args, &c.varargs, &c.dst)
}

/// `memmove`/`memset` for the memory instructions.
pub(super) fn mem_call(fx: &mut Fx, i: &L) -> Result<(), NativeError> {
    let (name, args) = match i {
        L::MemCopy { dst, src, len } => ("memmove", [*dst, *src, *len]),
        L::MemFill { dst, val, len } => ("memset", [*dst, *val, *len]),
        _ => return Ok(()),
    };
    let s = fx.cx.ext_sym(name);
    let sig = Sig {
        params: args.iter().map(|v| fx.ty(*v)).collect(),
        ret: vec![],
        variadic: false,
        packs: Vec::new(),
    };
    emit_call(fx, Target::Sym(s), Conv::Plain, &sig, &args, &[], &[])
}

fn emit_call(
    fx: &mut Fx,
    target: Target,
    cv: Conv,
    sig: &Sig,
    args: &[VReg],
    varargs: &[VReg],
    dst: &[VReg],
) -> Result<(), NativeError> {
    let vt: Vec<Ty> = varargs.iter().map(|v| fx.ty(*v)).collect();
    let (tys, locs, _) = arg_layout(cv, sig, &vt);
    let mut vals: Vec<VReg> = args.to_vec();
    if cv == Conv::SysV {
        vals.extend_from_slice(varargs);
    }
    if vals.len() != locs.len() {
        return Err(fx.unsupported("a call whose arguments do not match its signature"));
    }
    // Stack arguments and `byval` copies.
    for ((v, l), t) in vals.iter().zip(&locs).zip(&tys) {
        match *l {
            Loc::Stack(off) => store_out(fx, *v, *t, off as i32),
            Loc::Copy { off, size } => copy_out(fx, *v, off, size),
            _ => {}
        }
        fx.a.unlock_all();
    }
    fx.a.unlock_all();
    // Values needed after the call leave the registers it clobbers.
    for r in CALLER_SAVED.into_iter().chain(16..32) {
        if let Some(v) = fx.a.holder(r) {
            if fx.a.is_dirty(r) && fx.live_after(VReg(v)) {
                fx.spill(r);
            }
        }
    }
    let mut moves: Vec<(VReg, PReg)> =
        vals.iter().zip(&locs).filter_map(|(v, l)| arg_reg(*l).map(|r| (*v, r))).collect();
    if let Target::Reg(v) = target {
        moves.push((v, Gpr::R10.0));
    }
    let his = with_high_lanes(&vals, &locs, &mut moves);
    place(fx, &moves);
    pack_high_lanes(fx, &his);
    let demoted = crate::abi::demoted(&sig.ret);
    let (offs, size) = crate::abi::ret_layout(&sig.ret);
    let mut area = 0;
    if demoted {
        for _ in 0..size / 8 {
            area = fx.frame.spill_slot();
        }
        fx.emit(Inst::Lea { dst: Gpr::RDI, mem: Mem::at(Gpr::RBP, area) });
    }
    if cv == Conv::SysV {
        let n = crate::abi::float_regs(&locs);
        fx.emit(Inst::MovRI32 { dst: Gpr::RAX, imm: n as u32 });
    }
    match target {
        Target::Sym(s) => fx.emit(Inst::Call(s)),
        Target::Reg(_) => fx.emit(Inst::CallR(Gpr::R10)),
    }
    for r in CALLER_SAVED.into_iter().chain(16..32) {
        fx.a.free(r);
    }
    if demoted {
        for (v, off) in dst.iter().zip(offs) {
            let mem = Mem::at(Gpr::RBP, area + off as i32);
            let r = fx.def_reg(*v);
            fx.load_value(fx.ty(*v), r, mem);
            fx.a.unlock_all();
        }
        return Ok(());
    }
    let rets: Vec<Ty> = dst.iter().map(|v| fx.ty(*v)).collect();
    let rl = result_places(&rets, sig)
        .ok_or_else(|| fx.unsupported("a call returning more than four values of a class"))?;
    for (v, l) in dst.iter().zip(&rl) {
        if !matches!(l, Loc::FloatHi(_) | Loc::X87(_)) {
            fx.def_fixed(*v, ret_reg(*l));
        }
    }
    // Float results on the x87 stack: popped in order (st0 first) through a frame slot.
    let mut slot = None;
    for k in 0..2 {
        if let Some(v) = dst.iter().zip(&rl).find(|(_, l)| **l == Loc::X87(k)).map(|(v, _)| *v) {
            let s = *slot.get_or_insert_with(|| fx.frame.spill_slot());
            let d = fx.ty(v) == Ty::F64;
            let mem = Mem::at(Gpr::RBP, s);
            fx.emit(Inst::X87 { pop: true, d, mem });
            let r = xm(fx.def_reg(v));
            fx.emit(Inst::FLoad { d, dst: r, mem });
        }
    }
    for (v, l) in dst.iter().zip(&rl) {
        if let Loc::FloatHi(k) = *l {
            high_lane(fx, *v, 16 + k);
        }
    }
    Ok(())
}

/// The float registers (`xmm8`...) that carry lane 1 of `<2 x float>` arguments to their
/// place: adds their moves, returns (argument register, carrier) pairs.
pub(super) fn with_high_lanes(
    vals: &[VReg],
    locs: &[Loc],
    moves: &mut Vec<(VReg, PReg)>,
) -> Vec<(PReg, PReg)> {
    let mut his = Vec::new();
    for (v, l) in vals.iter().zip(locs) {
        if let Loc::FloatHi(k) = *l {
            let carrier = 16 + 8 + his.len() as u8;
            if carrier < 16 + XSCRATCH.0 {
                moves.push((*v, carrier));
                his.push((16 + k, carrier));
            }
        }
    }
    his
}

/// Puts each carrier's float in lane 1 of its argument register (`unpcklps`).
pub(super) fn pack_high_lanes(fx: &mut Fx, his: &[(PReg, PReg)]) {
    for &(r, c) in his {
        fx.emit(Inst::Logic { op: super::inst::Logic::Unpckl, dst: xm(r), src: xm(c) });
    }
}

/// `v = lane 1 of float register r` (a `<2 x float>` parameter or result).
pub(super) fn high_lane(fx: &mut Fx, v: VReg, r: PReg) {
    fx.emit(Inst::FromXmm { w: true, dst: SCRATCH, src: xm(r) });
    fx.emit(Inst::ShiftI { op: super::inst::Shift::Shr, w: true, dst: SCRATCH, imm: 32 });
    let d = xm(fx.def_reg(v));
    fx.emit(Inst::ToXmm { w: false, dst: d, src: SCRATCH });
}

/// Pushes the float results that go on the x87 stack (`st1` first, so the first of them ends
/// in `st0`), through a frame slot; before the other results are placed.
pub(super) fn push_x87(fx: &mut Fx, vs: &[VReg], locs: &[Loc]) {
    let mut slot = None;
    for k in [1, 0] {
        if let Some(v) = vs.iter().zip(locs).find(|(_, l)| **l == Loc::X87(k)).map(|(v, _)| *v) {
            let s = *slot.get_or_insert_with(|| fx.frame.spill_slot());
            let d = fx.ty(v) == Ty::F64;
            let r = fx.use_xmm(v);
            let mem = Mem::at(Gpr::RBP, s);
            fx.emit(Inst::FStore { d, mem, src: r });
            fx.emit(Inst::X87 { pop: false, d, mem });
            fx.a.unlock_all();
        }
    }
}

/// Stores an argument at `[rsp + off]` (8 bytes; integers are zero-extended in registers).
fn store_out(fx: &mut Fx, v: VReg, t: Ty, off: i32) {
    let mem = Mem::at(Gpr::RSP, off);
    if t.is_float() {
        let r = fx.use_xmm(v);
        fx.emit(Inst::FStore { d: true, mem, src: r });
    } else {
        let r = fx.use_gpr(v);
        fx.emit(Inst::Store { bytes: 8, mem, src: r });
    }
}

/// Copies `size` bytes from the address in `v` to `[rsp + off]` (a `byval` argument): an
/// unrolled sequence of 8-byte moves for small sizes, a loop for large ones, then the tail.
fn copy_out(fx: &mut Fx, v: VReg, off: u32, size: u32) {
    let src = fx.use_gpr(v);
    let off = off as i32;
    let words = (size / 8) as i32;
    if words > 32 {
        let t = fx.temp_gpr();
        let top = fx.buf.label();
        fx.emit(Inst::AluRR { op: super::inst::Alu::Xor, w: false, dst: t, src: t });
        fx.buf.bind(top);
        let from = Mem { base: src, index: Some((t, 1)), disp: 0 };
        fx.emit(Inst::Load { kind: super::inst::Load::L64, dst: SCRATCH, mem: from });
        let to = Mem { base: Gpr::RSP, index: Some((t, 1)), disp: off };
        fx.emit(Inst::Store { bytes: 8, mem: to, src: SCRATCH });
        fx.emit(Inst::AluRI { op: super::inst::Alu::Add, w: false, dst: t, imm: 8 });
        fx.emit(Inst::AluRI { op: super::inst::Alu::Cmp, w: false, dst: t, imm: words * 8 });
        fx.emit(Inst::Jcc(super::inst::Cc::B, top));
    } else {
        for k in 0..words {
            let from = Mem::at(src, 8 * k);
            fx.emit(Inst::Load { kind: super::inst::Load::L64, dst: SCRATCH, mem: from });
            fx.emit(Inst::Store { bytes: 8, mem: Mem::at(Gpr::RSP, off + 8 * k), src: SCRATCH });
        }
    }
    let mut at = words * 8;
    for (bytes, kind) in
        [(4u8, super::inst::Load::L32), (2, super::inst::Load::Zx16), (1, super::inst::Load::Zx8)]
    {
        if (size as i32 - at) >= bytes as i32 {
            fx.emit(Inst::Load { kind, dst: SCRATCH, mem: Mem::at(src, at) });
            fx.emit(Inst::Store { bytes, mem: Mem::at(Gpr::RSP, off + at), src: SCRATCH });
            at += bytes as i32;
        }
    }
}

/// A tail call: arguments into registers, the frame released, a jump.
pub(super) fn tail_call(
    fx: &mut Fx,
    callee: &Callee,
    sig: &Sig,
    args: &[VReg],
) -> Result<(), NativeError> {
    if sig.variadic || crate::abi::demoted(&sig.ret) {
        return Err(fx.unsupported(
            "a tail call to a variadic function or one returning more than three integers",
        ));
    }
    let (locs, _) = arg_places(&sig.params, sig);
    let f = fx.f;
    let (own, _) = arg_places(&f.sig.params, &f.sig);
    // Stack arguments can only be the caller's own `byval` copies, passed on in place (the
    // incoming area becomes the callee's), as `musttail` with the caller's prototype allows.
    let in_place = |(v, l): (&VReg, &Loc)| match *l {
        Loc::Copy { off, .. } => {
            matches!(own.get(v.0 as usize), Some(Loc::Copy { off: o, .. }) if *o == off)
        }
        Loc::Stack(_) => false,
        _ => true,
    };
    if locs.len() != args.len() || !args.iter().zip(&locs).all(in_place) {
        return Err(fx.unsupported("a tail call with arguments on the stack"));
    }
    let mut moves: Vec<(VReg, PReg)> =
        args.iter().zip(&locs).filter_map(|(v, l)| arg_reg(*l).map(|r| (*v, r))).collect();
    let his = with_high_lanes(args, &locs, &mut moves);
    let target = match callee {
        Callee::Direct(f) => Some(fx.cx.func_sym(*f).0),
        Callee::Indirect(v) => {
            moves.push((*v, Gpr::R10.0));
            None
        }
    };
    place(fx, &moves);
    pack_high_lanes(fx, &his);
    fx.epilogue();
    match target {
        Some(s) => fx.emit(Inst::TailJmp(s)),
        None => fx.emit(Inst::JmpR(Gpr::R10)),
    }
    let _ = Term::Trap;
    Ok(())
}
