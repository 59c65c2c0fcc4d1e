//! Calls, returns and tail calls on AArch64: AAPCS64 argument placement
//! (`crate::abi::place_args_aapcs64`), the outgoing stack area, the caller-saved registers
//! written back around a call, and the parallel move of values into their fixed registers.
//!
//! Variadic calls pass the extra arguments exactly as named ones (Linux AAPCS64). Results go
//! in `x0`-`x7` and `v0`-`v7`; more than eight of a class go through memory, the area's
//! address in `x8` (and not returned).

use super::inst::{FSize, Inst, LoadKind, Mem};
use super::lower::{gp, is_v, vr, Fx, SCRATCH, VSCRATCH};
use super::regs::X;
use crate::abi::{place_results, Loc};
use crate::assign::PReg;
use crate::{NativeError, SymId};
use irplay_core::lower::{Call, Callee, Inst as L, LowFunc, Sig, Ty, VReg};

/// The integer registers a call clobbers (as the assignment numbers them; `x16`/`x17` are
/// scratch, `x18` never used).
const CALLER_SAVED: [PReg; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
/// The float registers a call clobbers (all but `v8`-`v15`).
const CALLER_SAVED_V: [PReg; 24] = [
    32, 33, 34, 35, 36, 37, 38, 39, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63,
];

/// The places of arguments of types `tys` (fixed parameters, maybe followed by variadic
/// ones) of a call or function of signature `sig`, and the stack bytes they take.
pub(super) fn arg_places(tys: &[Ty], sig: &Sig) -> (Vec<Loc>, u32) {
    crate::abi::place_args_aapcs64(tys, &sig.packs)
}

/// True when results of types `ret` go through memory (more than eight of a class, as
/// llc-19 does): the caller passes the area's address in `x8`.
pub(super) fn demoted(ret: &[Ty]) -> bool {
    let floats = ret.iter().filter(|t| t.is_float()).count();
    ret.len() - floats > 8 || floats > 8
}

/// The places of results of types `tys` of signature `sig`, or `None` when they do not fit.
pub(super) fn result_places(tys: &[Ty], sig: &Sig) -> Option<Vec<Loc>> {
    place_results(tys, &sig.packs, 8, 8)
        .filter(|ls| ls.iter().all(|l| matches!(l, Loc::Int(_) | Loc::Float(_) | Loc::FloatHi(_))))
}

/// The bytes of the outgoing area `f`'s calls need.
pub(super) fn out_area(f: &LowFunc) -> u32 {
    let mut most = 0;
    for b in &f.blocks {
        for i in &b.insts {
            if let L::Call(c) = i {
                let mut tys = c.sig.params.clone();
                tys.extend(
                    c.varargs.iter().map(|v| f.regs.get(v.0 as usize).copied().unwrap_or(Ty::I64)),
                );
                let (_, stack) = arg_places(&tys, &c.sig);
                most = most.max(stack);
            }
        }
    }
    (most + 15) & !15
}

/// The register of integer argument `k` (8: `x8`, the `sret` pointer).
pub(super) fn int_arg_reg(k: u8) -> PReg {
    k.min(8)
}

/// The register a result or argument in a register goes in.
fn reg_of(l: Loc) -> Option<PReg> {
    match l {
        Loc::Int(k) => Some(int_arg_reg(k)),
        Loc::Float(k) => Some(32 + k),
        _ => None,
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
            regs.iter().copied().filter(|&(t, _)| is_v(t) == float).collect();
        let scratch = if float { 32 + VSCRATCH.0 } else { SCRATCH.0 };
        for (d, s) in irplay_core::lower::moves::sequentialize(&class, scratch) {
            if float {
                fx.fmov(vr(d), vr(s));
            } else {
                fx.mov(gp(d), gp(s));
            }
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
    emit_call(fx, target, &c.sig, &c.args, &c.varargs, &c.dst)
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
    emit_call(fx, Target::Sym(s), &sig, &args, &[], &[])
}

fn emit_call(
    fx: &mut Fx,
    target: Target,
    sig: &Sig,
    args: &[VReg],
    varargs: &[VReg],
    dst: &[VReg],
) -> Result<(), NativeError> {
    let mut tys = sig.params.clone();
    tys.extend(varargs.iter().map(|v| fx.ty(*v)));
    let (locs, _) = arg_places(&tys, sig);
    let mut vals: Vec<VReg> = args.to_vec();
    vals.extend_from_slice(varargs);
    if vals.len() != locs.len() {
        return Err(fx.unsupported("a call whose arguments do not match its signature"));
    }
    // Stack arguments and `byval` copies.
    for ((v, l), t) in vals.iter().zip(&locs).zip(&tys) {
        match *l {
            Loc::Stack(off) => store_out(fx, *v, *t, off),
            Loc::Copy { off, size } => copy_out(fx, *v, off, size),
            _ => {}
        }
        fx.a.unlock_all();
    }
    fx.a.unlock_all();
    // Values needed after the call leave the registers it clobbers.
    for r in CALLER_SAVED.into_iter().chain(CALLER_SAVED_V) {
        if let Some(v) = fx.a.holder(r) {
            if fx.a.is_dirty(r) && fx.live_after(VReg(v)) {
                fx.spill(r);
            }
        }
    }
    let mut moves: Vec<(VReg, PReg)> =
        vals.iter().zip(&locs).filter_map(|(v, l)| reg_of(*l).map(|r| (*v, r))).collect();
    if let Target::Reg(v) = target {
        // `x9`: caller-saved, never an argument register.
        moves.push((v, 9));
    }
    let his = with_high_lanes(&vals, &locs, &mut moves);
    place(fx, &moves);
    pack_high_lanes(fx, &his);
    let demoted = demoted(&sig.ret);
    let (offs, size) = crate::abi::ret_layout(&sig.ret);
    let mut area = 0;
    if demoted {
        for _ in 0..size / 8 {
            area = fx.frame.spill_slot();
        }
        fx.add_const(X::X8, X::FP, area.into());
    }
    match target {
        Target::Sym(s) => fx.emit(Inst::Bl(s)),
        Target::Reg(_) => fx.emit(Inst::Blr(X(9))),
    }
    for r in CALLER_SAVED.into_iter().chain(CALLER_SAVED_V) {
        fx.a.free(r);
    }
    if demoted {
        for (v, off) in dst.iter().zip(offs) {
            let mem = fx.mem_at(X::FP, i64::from(area) + i64::from(off), 8);
            let r = fx.def_reg(*v);
            let ty = fx.ty(*v);
            fx.load_value(ty, r, mem);
            fx.a.unlock_all();
        }
        return Ok(());
    }
    let rets: Vec<Ty> = dst.iter().map(|v| fx.ty(*v)).collect();
    let rl = result_places(&rets, sig)
        .ok_or_else(|| fx.unsupported("a call returning more than eight values of a class"))?;
    for (v, l) in dst.iter().zip(&rl) {
        if let Some(r) = reg_of(*l) {
            fx.def_fixed(*v, r);
        }
    }
    for (v, l) in dst.iter().zip(&rl) {
        if let Loc::FloatHi(k) = *l {
            high_lane(fx, *v, 32 + k);
        }
    }
    Ok(())
}

/// The return of `vs` in the result registers.
pub(super) fn ret(fx: &mut Fx, vs: &[VReg]) -> Result<(), NativeError> {
    let tys: Vec<Ty> = vs.iter().map(|v| fx.ty(*v)).collect();
    let locs = result_places(&tys, &fx.f.sig)
        .ok_or_else(|| fx.unsupported("returning more than eight values of a class"))?;
    let mut moves: Vec<(VReg, PReg)> =
        vs.iter().zip(&locs).filter_map(|(v, l)| reg_of(*l).map(|r| (*v, r))).collect();
    let his = with_high_lanes(vs, &locs, &mut moves);
    place(fx, &moves);
    pack_high_lanes(fx, &his);
    Ok(())
}

/// The float registers (`v16`...) that carry lane 1 of `<2 x float>` arguments to their
/// place: adds their moves, returns (argument register, carrier) pairs.
fn with_high_lanes(
    vals: &[VReg],
    locs: &[Loc],
    moves: &mut Vec<(VReg, PReg)>,
) -> Vec<(PReg, PReg)> {
    let mut his = Vec::new();
    for (v, l) in vals.iter().zip(locs) {
        if let Loc::FloatHi(k) = *l {
            let carrier = 32 + 16 + his.len() as u8;
            if carrier < 32 + VSCRATCH.0 {
                moves.push((*v, carrier));
                his.push((32 + k, carrier));
            }
        }
    }
    his
}

/// Puts each carrier's float in lane 1 of its argument register (`mov vd.s[1], vn.s[0]`).
fn pack_high_lanes(fx: &mut Fx, his: &[(PReg, PReg)]) {
    for &(r, c) in his {
        fx.emit(Inst::Ins { size: FSize::S, rd: vr(r), dl: 1, rn: vr(c), sl: 0 });
    }
}

/// `v = lane 1 of float register r` (a `<2 x float>` parameter or result).
pub(super) fn high_lane(fx: &mut Fx, v: VReg, r: PReg) {
    let d = vr(fx.def_reg(v));
    fx.emit(Inst::FMovToGpr { size: FSize::D, rd: SCRATCH, rn: vr(r) });
    fx.emit(Inst::Bitfield {
        op: super::inst::BfOp::Ubfm,
        sf: true,
        rd: SCRATCH,
        rn: SCRATCH,
        immr: 32,
        imms: 63,
    });
    fx.emit(Inst::FMovFromGpr { size: FSize::S, rd: d, rn: SCRATCH });
}

/// Stores an argument at `[sp + off]` (8 bytes for integers, which are zero-extended in
/// registers; a float at its size).
fn store_out(fx: &mut Fx, v: VReg, t: Ty, off: u32) {
    if t.is_float() {
        let r = fx.use_v(v);
        let size = super::lower::fsize(t);
        let mem = fx.mem_at(X::SP, off.into(), size.bytes());
        fx.emit(Inst::FStore { size, rt: r, mem });
    } else {
        let r = fx.use_gpr(v);
        let mem = fx.mem_at(X::SP, off.into(), 8);
        fx.emit(Inst::Store { bytes: 8, rt: r, mem });
    }
}

/// Copies `size` bytes from the address in `v` to `[sp + off]` (a `byval` argument): 8-byte
/// moves (a loop for large sizes), then the tail.
fn copy_out(fx: &mut Fx, v: VReg, off: u32, size: u32) {
    let src = fx.use_gpr(v);
    let words = size / 8;
    if words > 32 {
        let t = fx.temp_gpr();
        let d = fx.temp_gpr();
        fx.add_const(d, X::SP, off.into());
        fx.mov_imm(t, 0);
        let top = fx.buf.label();
        fx.buf.bind(top);
        let from = Mem::Reg { base: src, index: t, scaled: false };
        fx.emit(Inst::Load { kind: LoadKind::U64, rt: SCRATCH, mem: from });
        let to = Mem::Reg { base: d, index: t, scaled: false };
        fx.emit(Inst::Store { bytes: 8, rt: SCRATCH, mem: to });
        fx.add_const(t, t, 8);
        super::ops::cmp_imm(fx, true, t, u64::from(words) * 8);
        fx.emit(Inst::BCond(super::inst::Cond::Lo, top));
    } else {
        for k in 0..words {
            let from = fx.mem_at(src, (8 * k).into(), 8);
            fx.emit(Inst::Load { kind: LoadKind::U64, rt: SCRATCH, mem: from });
            let to = fx.mem_at(X::SP, (off + 8 * k).into(), 8);
            fx.emit(Inst::Store { bytes: 8, rt: SCRATCH, mem: to });
        }
    }
    let mut at = words * 8;
    for (bytes, kind) in [(4u8, LoadKind::U32), (2, LoadKind::U16), (1, LoadKind::U8)] {
        if size - at >= u32::from(bytes) {
            let from = fx.mem_at(src, at.into(), bytes.into());
            fx.emit(Inst::Load { kind, rt: SCRATCH, mem: from });
            let to = fx.mem_at(X::SP, (off + at).into(), bytes.into());
            fx.emit(Inst::Store { bytes, rt: SCRATCH, mem: to });
            at += u32::from(bytes);
        }
    }
}

/// A tail call: arguments into registers, the frame released, a branch.
pub(super) fn tail_call(
    fx: &mut Fx,
    callee: &Callee,
    sig: &Sig,
    args: &[VReg],
) -> Result<(), NativeError> {
    if sig.variadic || demoted(&sig.ret) {
        return Err(fx.unsupported(
            "a tail call to a variadic function or one returning more than eight values of a class",
        ));
    }
    let (locs, _) = arg_places(&sig.params, sig);
    let f = fx.f;
    let (own, _) = arg_places(&f.sig.params, &f.sig);
    // Stack arguments can only be the caller's own `byval` copies, passed on in place.
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
        args.iter().zip(&locs).filter_map(|(v, l)| reg_of(*l).map(|r| (*v, r))).collect();
    let his = with_high_lanes(args, &locs, &mut moves);
    let target = match callee {
        Callee::Direct(f) => Some(fx.cx.func_sym(*f).0),
        Callee::Indirect(v) => {
            moves.push((*v, 9));
            None
        }
    };
    place(fx, &moves);
    pack_high_lanes(fx, &his);
    fx.epilogue();
    match target {
        Some(s) => fx.emit(Inst::BSym(s)),
        None => fx.emit(Inst::Br(X(9))),
    }
    Ok(())
}
