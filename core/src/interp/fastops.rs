//! The op loop of the fast path (see `fast.rs`): the ops of the frame on top over its
//! registers, calls and returns switching frames in place, the hot simple cases inline and
//! the heavier ones in the helpers of `fasthelp.rs`.

use super::code::{Callee, FnCode, Op, NONE, TAG};
use super::fast::Fast;
use super::fasthelp::*;
use super::fp;
use super::memory::{AllocKind, Memory};
use super::origin::Origins;
use super::scalar::{self, IOp};
use super::state::Frame;
use super::value::{sext, Slot};
use std::rc::Rc;

/// What the op loop works on besides the registers.
pub struct Cx<'a> {
    /// The frame's code.
    pub code: &'a FnCode,
    /// Memory.
    pub mem: &'a mut Memory,
    /// Live allocas of all frames.
    pub allocas: &'a mut Vec<u32>,
    /// Poison and undef origins (the fast path makes the ones of the common poison cases).
    pub origins: &'a mut Origins,
}

/// The frame of the fast path: its code (borrowed from the decoded functions, not from the
/// frame, which calls and returns replace), first register and pc.
#[inline(never)]
fn top<'f>(frames: &[Frame], funcs: &'f [Option<Rc<FnCode>>]) -> Option<Next<'f>> {
    let fr = frames.last()?;
    runnable(fr, funcs).map(|code| (code, fr.base as usize, fr.pc as usize))
}

/// The frame the fast path goes on with after a call or return: its code, first register and
/// pc.
type Next<'f> = (&'f FnCode, usize, usize);

/// The code of a frame when the fast path may run it at `pc` (as `top` checks).
#[inline(always)]
fn runnable<'f>(fr: &Frame, funcs: &'f [Option<Rc<FnCode>>]) -> Option<&'f FnCode> {
    let code = funcs.get(fr.code.gid as usize)?.as_deref()?;
    (fr.native.is_none() && code.fast && std::ptr::eq(code, &*fr.code) && (fr.pc as usize) < code.fcode.len()).then_some(code)
}

/// Calls site `c` of the top frame (at `pc`) when the fast path may: pushes the callee's
/// frame as `Interp::do_call` does and returns it. `None` (nothing changed) otherwise.
#[inline(never)]
fn call<'f>(st: &mut Fast<'f>, code: &FnCode, base: usize, pc: usize, c: u32) -> Option<Next<'f>> {
    let funcs: &'f [Option<Rc<FnCode>>] = st.funcs;
    let cs = code.calls.get(c as usize).filter(|cs| cs.fast)?;
    let g = match cs.callee {
        Callee::Direct(g) => g,
        // As `Interp::func_of_ptr`: a defined pointer to the start of a function.
        Callee::Indirect(o) => {
            let p = *st.regs.get(base + o as usize)?;
            if p.poison != 0 {
                return None;
            }
            match st.mem.alloc_of(p).and_then(|i| st.mem.allocs.get(i as usize)) {
                Some(a) if a.base == p.bits => match a.kind {
                    AllocKind::Func(g) => g,
                    _ => return None,
                },
                _ => return None,
            }
        }
        Callee::Asm => return None,
    };
    // Decoded functions only: declarations (the C library, intrinsics) take the general path.
    let callee: &'f Rc<FnCode> = funcs.get(g as usize)?.as_ref()?;
    // A fast callee has a non-empty stream (`FnCode::validate`: its last op is a terminator),
    // checked again here as `top` does.
    if callee.vararg || !callee.fast || callee.fcode.is_empty() || !callee.narrow_params || callee.params.len() != cs.args.len() || st.frames.len() as u64 >= st.max_depth as u64 {
        return None;
    }
    for (&a, &nu) in cs.args.iter().zip(cs.noundef.iter()) {
        if nu && st.regs.get(base + a as usize).is_none_or(|s| s.poison != 0) {
            return None;
        }
    }
    let nb = st.regs.len();
    let nwb = st.wregs.len();
    st.regs.extend_from_slice(&callee.template);
    for (&a, &p) in cs.args.iter().zip(callee.params.iter()) {
        let v = st.regs.get(base + a as usize).copied().unwrap_or_default();
        if let Some(r) = st.regs.get_mut(nb + p as usize) {
            *r = v;
        }
    }
    if !callee.wtemplate.is_empty() {
        st.wregs.extend(callee.wtemplate.iter().cloned());
    }
    if let Some(fr) = st.frames.last_mut() {
        fr.pc = pc as u32 + 1;
        fr.call = c;
    }
    let amark = st.allocas.len() as u32;
    st.frames.push(Frame { code: callee.clone(), pc: 0, base: nb as u32, wbase: nwb as u32, amark, call: NONE, va: None, native: None });
    Some((&**callee, nb, 0))
}

/// Returns operand `v` of the top frame to its IR caller when the fast path may: pops the
/// frame and writes the call's result as `Interp::do_return` does. `None` (nothing changed)
/// when it may not; `Some(None)` when it returned but the fast path cannot go on in the
/// caller; else the caller's frame.
#[inline(never)]
fn ret<'f>(st: &mut Fast<'f>, code: &FnCode, base: usize, v: u32) -> Option<Option<Next<'f>>> {
    let funcs: &'f [Option<Rc<FnCode>>] = st.funcs;
    let val = if v == NONE {
        None
    } else if v & TAG == 0 {
        Some(*st.regs.get(base + v as usize)?)
    } else {
        return None;
    };
    if code.ret_noundef && val.is_some_and(|s| s.poison != 0) {
        return None;
    }
    let n = st.frames.len();
    let caller = n.checked_sub(2).and_then(|i| st.frames.get(i))?;
    if caller.native.is_some() {
        return None;
    }
    let cs = caller.code.calls.get(caller.call as usize)?;
    if cs.invoke.is_some() || (cs.dst != NONE && cs.dst & TAG != 0) {
        return None;
    }
    let (dst, cbase, cpc) = (cs.dst, caller.base as usize, caller.pc as usize);
    let next = runnable(caller, funcs);
    let fr = st.frames.pop()?;
    if st.allocas.len() > fr.amark as usize {
        st.mem.free_allocas(st.allocas, fr.amark as usize);
    }
    st.regs.truncate(fr.base as usize);
    if st.wregs.len() > fr.wbase as usize {
        st.wregs.truncate(fr.wbase as usize);
    }
    if let Some(caller) = st.frames.last_mut() {
        caller.call = NONE;
    }
    if dst != NONE {
        if let Some(r) = st.regs.get_mut(cbase + dst as usize) {
            *r = val.unwrap_or_default();
        }
    }
    Some(next.map(|c| (c, cbase, cpc)))
}

/// Runs at most `budget` ops from the top frame's pc, across calls and returns, while they
/// take the fast path, and returns how many ran. The top frame's pc is left on the op to
/// run next.
pub fn run(st: &mut Fast, budget: u64) -> u64 {
    let funcs = st.funcs;
    let Some((mut code, mut base, mut p)) = top(st.frames, funcs) else { return 0 };
    let mut n = budget;
    let Some(mut regs) = st.regs.get_mut(base..base + code.template.len()) else { return 0 };
    let mut fcode = &code.fcode[..];
    // The parts of the interpreter the out-of-line helpers work on, for the current frame.
    macro_rules! cx {
        () => {
            &mut Cx { code, mem: &mut *st.mem, allocas: &mut *st.allocas, origins: &mut *st.origins }
        };
    }
    // Switches the loop to the frame on top after a call or return (or stops when the fast
    // path cannot go on there).
    macro_rules! switch {
        ($next:expr) => {{
            (code, base, p) = $next;
            fcode = &code.fcode[..];
            regs = match st.regs.get_mut(base..base + code.template.len()) {
                Some(r) => r,
                None => return budget - n,
            };
        }};
    }
    'run: loop {
        macro_rules! r {
            ($i:expr) => {
                rd!(regs, $i)
            };
        }
        macro_rules! w {
            ($i:expr, $v:expr) => {
                wr!(regs, $i, $v)
            };
        }
        macro_rules! clean2 {
            ($a:expr, $b:expr) => {{
                let (x, y) = (r!($a), r!($b));
                if (x.poison | y.poison) != 0 {
                    break 'run;
                }
                (x, y)
            }};
        }
        macro_rules! clean1 {
            ($a:expr) => {{
                let x = r!($a);
                if x.poison != 0 {
                    break 'run;
                }
                x
            }};
        }
        macro_rules! ok {
            ($e:expr) => {
                if !$e {
                    break 'run;
                }
            };
        }
        macro_rules! jump {
            ($e:expr, $steps:expr) => {{
                match edge(code, regs, $e) {
                    Some(t) => {
                        p = t;
                        n -= $steps;
                        continue;
                    }
                    None => break 'run,
                }
            }};
        }
        // The exact op `$k` after this one's absorbed loads (a fused op's partner).
        macro_rules! partner {
            ($k:expr, $pat:pat) => {
                let Some(&$pat) = code.ops.get(p + $k as usize + 1) else { break 'run };
            };
        }
        debug_assert!(p < fcode.len());
        // SAFETY: `p < fcode.len()`: checked on entry (`top`), and every later `p` is a `next`
        // of a meta or an edge's target, which `FnCode::validate` checked to be ops of the
        // function (`code.fast`).
        let (op, m) = unsafe {
            let e = fcode.get_unchecked(p);
            (&e.op, e.meta)
        };
        let (k, steps) = (m.pre as u64, m.steps as u64);
        if n < steps {
            break 'run;
        }
        // The op's own instruction (after the loads it absorbed), for new origins.
        macro_rules! at {
            () => {
                p + m.pre as usize
            };
        }
        // Finishes an op that made origins: on to the next, or to the general path if the
        // origin table wants a collection.
        // The store to a register-held stack slot the op absorbed, if any (validated to be a
        // `PStore`), once the op completed.
        macro_rules! post {
            () => {
                if m.post != 0 {
                    if let Some(&Op::PStore { v, cell, w }) = code.ops.get(p + m.post as usize) {
                        let x = r!(v);
                        w!(cell, Slot { bits: x.bits & wmask(w), ..x });
                    }
                }
            };
        }
        macro_rules! made {
            () => {{
                post!();
                p = m.next as usize;
                n -= steps;
                if st.origins.wants_collect() {
                    break 'run;
                }
                continue;
            }};
        }
        // Two operands; a tainted one taints the result `$d` (`Interp::taint2`).
        macro_rules! clean2t {
            ($d:expr, $a:expr, $b:expr) => {{
                let (x, y) = (r!($a), r!($b));
                if (x.poison | y.poison) != 0 {
                    w!($d, taint2(cx!(), at!(), x, y));
                    made!();
                }
                (x, y)
            }};
        }
        // An integer operation's value, or its poison (a new root) or the general path.
        macro_rules! or_poison {
            ($d:expr, $v:expr, $op:expr, $f:expr, $w:expr, $x:expr, $y:expr) => {{
                match $v {
                    Some(v) => v,
                    None => match ibin_poison(cx!(), at!(), $op, $f, $w, $x, $y) {
                        Some(t) => {
                            w!($d, t);
                            made!();
                        }
                        None => break 'run,
                    },
                }
            }};
        }
        match *op {
            Op::Add { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits.wrapping_add(y.bits) & wmask(w)));
            }
            Op::Sub { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits.wrapping_sub(y.bits) & wmask(w)));
            }
            Op::Mul { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits.wrapping_mul(y.bits) & wmask(w)));
            }
            Op::And { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits & y.bits));
            }
            Op::Or { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits | y.bits));
            }
            Op::Xor { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits ^ y.bits));
            }
            Op::IBin { op, d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(d, ibin(op, f, w, x.bits, y.bits), op, f, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::ICmp { p: pr, d, a, b, w, f } => {
                let (x, y) = clean2t!(d, a, b);
                if f != 0 && scalar::samesign_bad(w as u32, x.bits, y.bits) {
                    break 'run;
                }
                w!(d, Slot::int(icmp(pr, w, x.bits, y.bits) as u64));
            }
            Op::Select { d, c, a, b } => {
                let cv = r!(c);
                if cv.poison != 0 {
                    w!(d, taint2(cx!(), at!(), cv, Slot::default()));
                    made!();
                }
                let i = if cv.bits & 1 == 1 { a } else { b };
                w!(d, r!(i));
            }
            Op::Trunc { d, a, from, to, f } => {
                let x = clean1!(a);
                let v = if f == 0 {
                    x.bits & wmask(to)
                } else {
                    match scalar::trunc(f, from as u32, to as u32, x.bits) {
                        Ok(v) => v,
                        Err(_) => break 'run,
                    }
                };
                w!(d, Slot::int(v));
            }
            Op::ZExt { d, a, from, f } => {
                let x = clean1!(a);
                if f != 0 && sext(x.bits, from as u32) < 0 {
                    break 'run;
                }
                w!(d, Slot::int(x.bits));
            }
            Op::SExt { d, a, from, to } => {
                let x = clean1!(a);
                w!(d, Slot::int(sext(x.bits, from as u32) as u64 & wmask(to)));
            }
            Op::Mov { d, a } => w!(d, r!(a)),
            Op::PtrToInt { d, a, w } => {
                let x = clean1!(a);
                w!(d, Slot { bits: x.bits & wmask(w), prov: if w >= 64 { x.prov } else { 0 }, poison: 0 });
            }
            Op::IntToPtr { d, a } => {
                let x = clean1!(a);
                let prov = match x.prov {
                    0 => st.mem.lookup(x.bits).map_or(0, |i| i + 1),
                    pv => pv,
                };
                w!(d, Slot { bits: x.bits, prov, poison: 0 });
            }
            Op::Freeze { d, a } => {
                let x = clean1!(a);
                w!(d, x);
            }
            Op::F64 { op, d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(d, Slot::int(fp::op64(op, f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits()));
            }
            Op::F32 { op, d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(d, Slot::int(fp::op32(op, f32::from_bits(x.bits as u32), f32::from_bits(y.bits as u32)).to_bits() as u64));
            }
            Op::FCmp { p: pr, d, a, b, s } => {
                let (x, y) = clean2t!(d, a, b);
                let (fa, fb) = fpair(s, x.bits, y.bits);
                w!(d, Slot::int(fcmp(pr, fa, fb) as u64));
            }
            Op::FNeg { d, a, bit } => {
                let x = clean1!(a);
                w!(d, Slot::int(x.bits ^ (1u64 << bit)));
            }
            Op::Cvt { k, d, a, w } => ok!(convert(regs, k, d, a, w)),
            Op::Load { d, p: pr, n: sz, w, align } => ok!(load(st.mem, regs, d, pr, sz, w, align)),
            Op::Store { v, p: pr, n: sz, align } => ok!(store(st.mem, regs, v, pr, sz, align)),
            Op::PAlloca { d, cell, s } => ok!(alloca(cx!(), regs, d, s, Some(cell))),
            Op::Alloca { d, s } => ok!(alloca(cx!(), regs, d, s, None)),
            Op::PLoad { d, cell, .. } => {
                let x = clean1!(cell);
                w!(d, x);
            }
            Op::PStore { v, cell, w } => {
                let x = r!(v);
                w!(cell, Slot { bits: x.bits & wmask(w), ..x });
            }
            Op::Gep { d, base, g } => ok!(gep(code, regs, st.mem, d, base, g)),
            Op::Br { e } => jump!(e, steps),
            Op::CondBr { c, t, f } => {
                let cv = clean1!(c);
                jump!(if cv.bits & 1 == 1 { t } else { f }, steps)
            }
            Op::Switch { v, t } => {
                let x = clean1!(v);
                let Some(e) = switch(code, t, x.bits) else { break 'run };
                jump!(e, steps)
            }
            Op::Intr { k, d, a, b, c, w } => ok!(intrinsic(regs, k, d, a, b, c, w)),
            Op::VBin { .. } => {
                ok!(v_bin(cx!(), regs, *op, at!()));
                made!();
            }
            Op::VF64 { .. } => {
                ok!(v_f64(cx!(), regs, *op, at!()));
                made!();
            }
            Op::VF32 { .. } => {
                ok!(v_f32(cx!(), regs, *op, at!()));
                made!();
            }
            Op::VICmp { .. } => ok!(v_icmp(cx!(), regs, *op, at!())),
            Op::VFCmp { .. } => ok!(v_fcmp(cx!(), regs, *op, at!())),
            Op::VSel { .. } => ok!(v_sel(cx!(), regs, *op, at!())),
            Op::VLoad { .. } => ok!(v_load(cx!(), regs, *op, at!())),
            Op::VStore { .. } => ok!(v_store(cx!(), regs, *op, at!())),
            Op::VIns { .. } => ok!(v_ins(cx!(), regs, *op, at!())),
            Op::VShuf { .. } => {
                ok!(v_shuf(cx!(), regs, *op, at!()));
                made!();
            }
            Op::CmpBr { p: pr, d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                if f != 0 && scalar::samesign_bad(w as u32, x.bits, y.bits) {
                    break 'run;
                }
                let taken = icmp(pr, w, x.bits, y.bits);
                w!(d, Slot::int(taken as u64));
                partner!(k, Op::CondBr { t, f: fe, .. });
                jump!(if taken { t } else { fe }, steps)
            }
            Op::FCmpBr { p: pr, d, a, b, s } => {
                let (x, y) = clean2!(a, b);
                let (fa, fb) = fpair(s, x.bits, y.bits);
                let taken = fcmp(pr, fa, fb);
                w!(d, Slot::int(taken as u64));
                partner!(k, Op::CondBr { t, f: fe, .. });
                jump!(if taken { t } else { fe }, steps)
            }
            Op::GepLd { d, base, g } => {
                let bp = clean1!(base);
                partner!(k, Op::Load { d: ld, n: sz, w, align, .. });
                let Some((ptr, v)) = gep_load(code, regs, st.mem, bp, g, sz, w, align) else { break 'run };
                w!(d, ptr);
                w!(ld, v);
            }
            Op::GepSt { d, base, g } => {
                let bp = clean1!(base);
                partner!(k, Op::Store { v, n: sz, align, .. });
                let Some(ptr) = gep_store(code, regs, st.mem, bp, g, d, v, sz, align) else { break 'run };
                w!(d, ptr);
            }
            Op::FAdd64 { d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(d, Slot::int(fp::fix64(f64::from_bits(x.bits) + f64::from_bits(y.bits), f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits()));
            }
            Op::FSub64 { d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(d, Slot::int(fp::fix64(f64::from_bits(x.bits) - f64::from_bits(y.bits), f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits()));
            }
            Op::FMul64 { d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(d, Slot::int(fp::fix64(f64::from_bits(x.bits) * f64::from_bits(y.bits), f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits()));
            }
            Op::FDiv64 { d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(d, Slot::int(fp::fix64(f64::from_bits(x.bits) / f64::from_bits(y.bits), f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits()));
            }
            Op::AddF { d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(d, arith(IOp::Add, f, w, x.bits, y.bits), IOp::Add, f, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::SubF { d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(d, arith(IOp::Sub, f, w, x.bits, y.bits), IOp::Sub, f, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::MulF { d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(d, arith(IOp::Mul, f, w, x.bits, y.bits), IOp::Mul, f, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::Shl { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(d, (y.bits < w as u64).then(|| (x.bits << y.bits) & wmask(w)), IOp::Shl, 0, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::LShr { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(d, (y.bits < w as u64).then(|| x.bits >> y.bits), IOp::LShr, 0, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::AShr { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(d, (y.bits < w as u64).then(|| (sext(x.bits, w as u32) >> y.bits) as u64 & wmask(w)), IOp::AShr, 0, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::UDiv { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                if y.bits == 0 {
                    break 'run;
                }
                w!(d, Slot::int(x.bits / y.bits));
            }
            Op::URem { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                if y.bits == 0 {
                    break 'run;
                }
                w!(d, Slot::int(x.bits % y.bits));
            }
            Op::Nop => {}
            Op::Call { c } => {
                let Some(next) = call(st, code, base, p, c) else { break 'run };
                n -= 1;
                switch!(next);
                continue;
            }
            Op::Ret { v } => {
                let Some(next) = ret(st, code, base, v) else { break 'run };
                n -= 1;
                let Some(next) = next else { return budget - n };
                switch!(next);
                continue;
            }
            Op::Unreachable | Op::Generic { .. } => break 'run,
        }
        post!();
        p = m.next as usize;
        n -= steps;
    }
    if let Some(fr) = st.frames.last_mut() {
        fr.pc = p as u32;
    }
    budget - n
}
