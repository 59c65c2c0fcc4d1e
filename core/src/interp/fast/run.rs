//! The op loop of the fast path (see `fast/mod.rs`): the ops of the frame on top over its
//! registers, calls and returns switching frames in place, the hot simple cases inline and
//! the heavier ones in the helpers of `fast/ops.rs`.

use crate::interp::bytecode::{Callee, FEntry, FnCode, Meta, Op, DIRECT, NONE, TAG};
use crate::interp::fast::ops::*;
use crate::interp::fast::{Fast, Light, RegsInit};
use crate::interp::memory::{AllocKind, Memory};
use crate::interp::poison::origin::Origins;
use crate::interp::state::Frame;
use crate::interp::value::Slot;
use crate::semantics::fp;
use crate::semantics::int::{self, IOp};
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
    (fr.native.is_none()
        && code.fast
        && std::ptr::eq(code, &*fr.code)
        && (fr.pc as usize) < code.fcode.len())
    .then_some(code)
}

/// Calls site `c` of the top frame (at `pc`) when the fast path may: pushes the callee's
/// frame as `Interp::do_call` does and returns it. `None` (nothing changed) otherwise.
#[inline(always)]
fn call<'f>(st: &mut Fast<'f>, code: &FnCode, base: usize, pc: usize, c: u32) -> Option<Next<'f>> {
    let funcs: &'f [Option<Rc<FnCode>>] = st.funcs;
    let cs = code.calls.get(c as usize).filter(|cs| cs.fast)?;
    // Decoded functions only: declarations (the C library, intrinsics) take the general path.
    // A direct call site is fast only when its callee takes as many arguments as it passes.
    let (g, callee): (u32, &'f Rc<FnCode>) = match cs.callee {
        Callee::Direct(g) => (g, funcs.get(g as usize)?.as_ref()?),
        Callee::Indirect(o) => {
            let g = indirect(st, base, o)?;
            let callee = funcs.get(g as usize)?.as_ref()?;
            if callee.params.len() != cs.args.len() {
                return None;
            }
            (g, callee)
        }
        Callee::Asm => return None,
    };
    if !callee.entry || st.frames.len() + st.light.len() >= st.max_depth as usize {
        return None;
    }
    // The callee's registers start right after the caller's value registers, over its
    // constants: an argument that is a constant is read from the caller's template.
    let nb = base + code.nvals as usize;
    put_regs(st.regs, st.regs_init, nb, &callee.template, callee.nvals as usize);
    let (lo, hi) = st.regs.split_at_mut(nb);
    let vals = lo.get(base..).unwrap_or_default();
    let mut taint = 0;
    // The parameters are the callee's first registers (`FnCode::narrow_params`).
    let params = hi.get_mut(..cs.args.len())?;
    for (r, &a) in params.iter_mut().zip(cs.args.iter()) {
        // An operand that is not a register (`FnCode::validate` rules it out) counts as tainted.
        let v = match vals.get(a as usize) {
            Some(v) => *v,
            None => code.template.get(a as usize).copied().unwrap_or(Slot::tainted(u32::MAX)),
        };
        taint |= v.poison;
        *r = v;
    }
    // A poison or undef argument (which a `noundef` parameter makes undefined behaviour)
    // leaves the call to the general path: the caller's registers are put back as they were.
    // (Not through `put_regs`: there, even out of line, this rare path costs 3-7% of every
    // kernel's instructions by the op loop's register pressure; measured.)
    if taint != 0 {
        st.regs.truncate(nb);
        st.regs.extend_from_slice(code.template.get(code.nvals as usize..).unwrap_or_default());
        return None;
    }
    let nwb = st.wregs.len();
    if !callee.wtemplate.is_empty() {
        st.wregs.extend(callee.wtemplate.iter().cloned());
    }
    if let Some((fpc, fcall)) = top_link(st) {
        (*fpc, *fcall) = (pc as u32 + 1, c);
    }
    let amark = st.allocas.len() as u32;
    st.light.push(Light {
        code: &**callee,
        gid: g,
        pc: 0,
        base: nb as u32,
        wbase: nwb as u32,
        amark,
        call: NONE,
        dst: cs.dst,
    });
    Some((&**callee, nb, 0))
}

/// The pc and call site of the frame on top: the last light frame, else the last frame.
#[inline(always)]
fn top_link<'s>(st: &'s mut Fast) -> Option<(&'s mut u32, &'s mut u32)> {
    match st.light.last_mut() {
        Some(l) => Some((&mut l.pc, &mut l.call)),
        None => st.frames.last_mut().map(|f| (&mut f.pc, &mut f.call)),
    }
}

/// Gives back what a popped frame held: its allocas, registers and wide registers, and puts
/// back the constants of its caller (`caller`), which its registers covered.
macro_rules! release {
    ($st:expr, $amark:expr, $base:expr, $wbase:expr, $caller:expr) => {{
        let (amark, base, wbase): (u32, u32, u32) = ($amark, $base, $wbase);
        if $st.allocas.len() > amark as usize {
            $st.mem.free_allocas($st.allocas, amark as usize);
        }
        let caller: &FnCode = $caller;
        put_regs(
            $st.regs,
            $st.regs_init,
            base as usize,
            caller.template.get(caller.nvals as usize..).unwrap_or_default(),
            0,
        );
        if $st.wregs.len() > wbase as usize {
            $st.wregs.truncate(wbase as usize);
        }
    }};
}

/// Writes a call's result `val` into the caller's register `dst` (relative to the caller's
/// base `cbase`), unless the call has none.
#[inline(always)]
fn deliver(regs: &mut [Slot], cbase: usize, dst: u32, val: Slot) {
    if dst != NONE {
        if let Some(r) = regs.get_mut(cbase + dst as usize) {
            *r = val;
        }
    }
}

/// Makes `regs` end at `at + src.len()` with `src[skip..]` at `at + skip`; the `skip` slots
/// before it keep what they hold when the allocation already has initialized slots there
/// (else they are `src`'s too). A frame is pushed with its template and `skip` its value
/// registers; a caller's constants are put back with `skip` 0.
#[inline(always)]
fn put_regs(regs: &mut Vec<Slot>, ri: &mut RegsInit, at: usize, src: &[Slot], skip: usize) {
    if regs.capacity() != ri.cap {
        // Reallocated since `ri` was recorded: only the slots below the length are known.
        *ri = RegsInit { init: regs.len(), cap: regs.capacity() };
    }
    ri.init = ri.init.max(regs.len());
    let end = at + src.len();
    if let (true, Some(tail)) = (end <= ri.init, src.get(skip..)) {
        // SAFETY: `end <= ri.init <= capacity`, and slots `at..end` are initialized: the vector
        // had at least `ri.init` slots in this same allocation (its capacity is unchanged) and
        // truncating a vector of `Copy` slots leaves their memory as it was.
        unsafe { regs.set_len(end) };
        if let Some(dst) = regs.get_mut(end - tail.len()..end) {
            copy_slots(dst, tail);
        }
    } else {
        regs.truncate(at);
        regs.extend_from_slice(src);
        *ri = RegsInit { init: regs.len(), cap: regs.capacity() };
    }
}

/// Copies `src` into `dst` (of the same length), without a call for up to 8 slots (a frame's
/// constants are usually few).
#[inline(always)]
fn copy_slots(dst: &mut [Slot], src: &[Slot]) {
    let n = src.len().min(dst.len());
    match (dst.get_mut(..n), src.get(..n)) {
        (Some(d), Some(s)) if n <= 2 => {
            for (d, s) in d.iter_mut().zip(s) {
                *d = *s;
            }
        }
        (Some(d), Some(s)) if n <= 4 => {
            // Two overlapping copies of two slots: the first two and the last two.
            if let (Some(d0), Some(s0)) = (d.first_chunk_mut::<2>(), s.first_chunk::<2>()) {
                *d0 = *s0;
            }
            if let (Some(d1), Some(s1)) = (d.last_chunk_mut::<2>(), s.last_chunk::<2>()) {
                *d1 = *s1;
            }
        }
        (Some(d), Some(s)) if n <= 8 => {
            if let (Some(d0), Some(s0)) = (d.first_chunk_mut::<4>(), s.first_chunk::<4>()) {
                *d0 = *s0;
            }
            if let (Some(d1), Some(s1)) = (d.last_chunk_mut::<4>(), s.last_chunk::<4>()) {
                *d1 = *s1;
            }
        }
        (Some(d), Some(s)) => d.copy_from_slice(s),
        _ => {}
    }
}

/// The function a call through register `o` calls, as `Interp::func_of_ptr` finds it: a
/// defined pointer to the start of a function.
#[inline(never)]
fn indirect(st: &Fast, base: usize, o: u32) -> Option<u32> {
    let p = *st.regs.get(base + o as usize)?;
    if p.poison != 0 {
        return None;
    }
    match st.mem.alloc_of(p).and_then(|i| st.mem.allocs.get(i as usize)) {
        Some(a) if a.base == p.bits => match a.kind {
            AllocKind::Func(g) => Some(g),
            _ => None,
        },
        _ => None,
    }
}

/// Returns operand `v` of the top frame to its IR caller when the fast path may: pops the
/// frame and writes the call's result as `Interp::do_return` does. `None` (nothing changed)
/// when it may not; `Some(None)` when it returned but the fast path cannot go on in the
/// caller; else the caller's frame.
#[inline(never)]
fn ret<'f>(st: &mut Fast<'f>, base: usize, v: u32) -> Option<Option<Next<'f>>> {
    let funcs: &'f [Option<Rc<FnCode>>] = st.funcs;
    // A poison or undef result (undefined behaviour for a `noundef` return) takes the
    // general path.
    let val = if v == NONE {
        Slot::default()
    } else if v & TAG == 0 {
        let x = *st.regs.get(base + v as usize)?;
        if x.poison != 0 {
            return None;
        }
        x
    } else {
        return None;
    };
    if let Some(&l) = st.light.last() {
        return Some(ret_light(st, l, val));
    }
    let n = st.frames.len();
    let caller = st.frames.get(n.checked_sub(2)?)?;
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
    let caller = st.frames.last_mut()?;
    caller.call = NONE;
    release!(st, fr.amark, fr.base, fr.wbase, &caller.code);
    deliver(st.regs, cbase, dst, val);
    Some(next.map(|c| (c, cbase, cpc)))
}

/// Returns `val` from the fast path's frame `l` (on top) to its caller, which was running on
/// the fast path when it made the call; `None` when the fast path cannot go on there.
#[inline(always)]
fn ret_light<'f>(st: &mut Fast<'f>, l: Light, val: Slot) -> Option<Next<'f>> {
    let funcs: &'f [Option<Rc<FnCode>>] = st.funcs;
    st.light.pop();
    let (code, cbase, cpc) = match st.light.last_mut() {
        Some(c) => {
            c.call = NONE;
            // SAFETY: `c.code` is `funcs[c.gid]`, borrowed for `'f` (see `Light::code`).
            let code: &'f FnCode = unsafe { &*c.code };
            release!(st, l.amark, l.base, l.wbase, code);
            (code, c.base as usize, c.pc as usize)
        }
        None => {
            let fr = st.frames.last_mut()?;
            fr.call = NONE;
            let (gid, cbase, cpc) = (fr.code.gid, fr.base as usize, fr.pc as usize);
            release!(st, l.amark, l.base, l.wbase, &fr.code);
            let code = funcs.get(gid as usize).and_then(|c| c.as_deref());
            deliver(st.regs, cbase, l.dst, val);
            return code.filter(|c| c.fast && cpc < c.fcode.len()).map(|c| (c, cbase, cpc));
        }
    };
    deliver(st.regs, cbase, l.dst, val);
    (code.fast && cpc < code.fcode.len()).then_some((code, cbase, cpc))
}

/// Turns the fast path's frames into frames of the general path (at its exit).
#[inline(never)]
fn settle(st: &mut Fast) {
    for l in st.light.drain(..) {
        // Every light frame's function is decoded (the call found it in `funcs`).
        let Some(Some(code)) = st.funcs.get(l.gid as usize) else { continue };
        st.frames.push(Frame {
            code: code.clone(),
            pc: l.pc,
            base: l.base,
            wbase: l.wbase,
            amark: l.amark,
            call: l.call,
            va: None,
            native: None,
        });
    }
}

/// Leaves the fast path with `ran` ops run, its frames settled (the top frame's pc set).
fn leave(st: &mut Fast, ran: u64) -> u64 {
    if !st.light.is_empty() {
        settle(st);
    }
    ran
}

/// The steps of the chain from op `p` of the fast stream (`Meta::rem`).
#[inline(always)]
fn fcode_rem(code: &FnCode, p: usize) -> Option<u64> {
    code.fcode.get(p).map(|e| e.meta.rem as u64)
}

/// Runs at most `budget` ops from the top frame's pc, across calls and returns, while they
/// take the fast path, and returns how many ran. The top frame's pc is left on the op to
/// run next.
pub fn run(st: &mut Fast, budget: u64) -> u64 {
    let funcs = st.funcs;
    let Some((mut code, mut base, p)) = top(st.frames, funcs) else { return 0 };
    // The first chain's steps (`top` checked that `p` is an op of the function).
    let mut n = match fcode_rem(code, p) {
        Some(r) if r <= budget => budget - r,
        _ => return 0,
    };
    let Some(mut regs) = st.regs.get_mut(base..base + code.template.len()) else { return 0 };
    let mut fcode = &code.fcode[..];
    // The op to run: a pointer into `fcode` rather than an index, so that fetching it and going
    // on to the next one need no scaling. It always points at an op of `fcode`: the entries of
    // the stream it is set to are `top`'s pc, a `next` of a meta, an edge's target or a
    // frame's pc after a call or return, each checked to be an op of the function (by `top`,
    // `FnCode::validate` or `switch!`).
    // SAFETY: `p < fcode.len()` (`top`).
    let mut ep: *const FEntry = unsafe { fcode.as_ptr().add(p) };
    // The index of the op `ep` points at.
    macro_rules! pc {
        () => {
            // SAFETY: `ep` points into `fcode` (see above).
            unsafe { ep.offset_from(fcode.as_ptr()) as usize }
        };
    }
    // Goes to op `$i` of the stream (an op of the function, as above).
    macro_rules! goto {
        ($i:expr) => {
            // SAFETY: `$i < fcode.len()` (see `ep`).
            ep = unsafe { fcode.as_ptr().add($i) }
        };
    }
    // The parts of the interpreter the out-of-line helpers work on, for the current frame.
    macro_rules! cx {
        () => {
            &mut Cx {
                code,
                mem: &mut *st.mem,
                allocas: &mut *st.allocas,
                origins: &mut *st.origins,
            }
        };
    }
    // Switches the loop to the frame on top after a call or return (or stops when the fast
    // path cannot go on there).
    macro_rules! switch {
        ($next:expr) => {{
            let (c, b, p): Next = $next;
            (code, base) = (c, b);
            fcode = &code.fcode[..];
            // `call` and `ret` check that `p` is an op of the frame's function.
            debug_assert!(p < fcode.len());
            goto!(p);
            regs = match st.regs.get_mut(base..base + code.template.len()) {
                Some(r) => r,
                None => return leave(st, budget - n),
            };
        }};
    }
    // Whether the loop stopped inside a chain whose steps it took (and gives back those of the
    // ops not run), or before a chain it could not take.
    let charged = 'run: loop {
        // Steps are taken from the budget a chain at a time (`Meta::rem`): on entering one, all
        // of its steps if the budget has them, else the loop stops before its first op.
        macro_rules! charge {
            () => {{
                // SAFETY: `ep` points at an op of `fcode`.
                let r = unsafe { (*ep).meta.rem } as u64;
                if n < r {
                    break 'run false;
                }
                n -= r;
            }};
        }
        macro_rules! r {
            ($i:expr) => {
                rd!(regs, $i)
            };
        }
        // The exact op at `$i`: a fused op's partner or an absorbed store, which
        // `FnCode::validate` checked to exist (`code.fast`) for every op of the stream.
        macro_rules! exact {
            ($i:expr) => {{
                let i: usize = $i;
                debug_assert!(i < code.ops.len());
                // SAFETY: see above; `i` is `p + pre + 1` of a fused op or `p + post` of an op
                // that absorbed a store, both checked by `FnCode::validate`.
                Some(unsafe { code.ops.get_unchecked(i) })
            }};
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
                    break 'run true;
                }
                (x, y)
            }};
        }
        macro_rules! clean1 {
            ($a:expr) => {{
                let x = r!($a);
                if x.poison != 0 {
                    break 'run true;
                }
                x
            }};
        }
        macro_rules! ok {
            ($e:expr) => {
                if !$e {
                    break 'run true;
                }
            };
        }
        macro_rules! jump {
            ($e:expr) => {{
                let e: u32 = $e;
                if e & DIRECT != 0 {
                    goto!((e & !DIRECT) as usize);
                    charge!();
                    continue;
                }
                match edge(code, regs, e) {
                    Some(t) => {
                        goto!(t);
                        charge!();
                        continue;
                    }
                    None => break 'run true,
                }
            }};
        }
        // A conditional branch, as a branch of the host rather than a select of the target:
        // the next op's address then waits for the prediction, not for the condition.
        macro_rules! branch {
            ($c:expr, $t:expr, $f:expr) => {{
                if $c {
                    jump!($t)
                } else {
                    jump!($f)
                }
            }};
        }
        // The exact op `$k` after this one's absorbed loads (a fused op's partner).
        macro_rules! partner {
            ($k:expr, $pat:pat) => {
                let Some(&$pat) = exact!(pc!() + $k as usize + 1) else { break 'run true };
            };
        }
        debug_assert!(pc!() < fcode.len());
        // SAFETY: `ep` points at an op of `fcode`.
        let e = unsafe { &*ep };
        let op = &e.op;
        // The meta is read where it is used, not all of it at dispatch: most ops only test
        // `post`, and a field held from dispatch to the op's end costs a register.
        let m = &e.meta;
        let k = m.pre as u64;
        // The op's own instruction (after the loads it absorbed), for new origins.
        macro_rules! at {
            () => {
                pc!() + m.pre as usize
            };
        }
        // Finishes an op: the store to a register-held stack slot it absorbed, if any
        // (validated to be a `PStore`), then on to the next op, which may start a new chain.
        macro_rules! done {
            () => {
                if m.post == 0 {
                    // SAFETY: an op with `post` 0 falls through to the next op, which
                    // `FnCode::validate` checked to exist.
                    ep = unsafe { ep.add(1) };
                } else {
                    let off = m.post & Meta::POST;
                    if off != 0 {
                        if let Some(&Op::PStore { v, cell, w }) = exact!(pc!() + off as usize) {
                            let x = r!(v);
                            w!(cell, x.stored(w));
                        }
                    }
                    goto!(m.next as usize);
                    if m.post & Meta::CHARGE != 0 {
                        charge!();
                    }
                }
            };
        }
        // Finishes an op that made origins: on to the next, or to the general path if the
        // origin table wants a collection.
        macro_rules! made {
            () => {{
                done!();
                if st.origins.wants_collect() {
                    break 'run true;
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
                        None => break 'run true,
                    },
                }
            }};
        }
        match *op {
            Op::Add { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(int::add(w, x.bits, y.bits)));
            }
            Op::Sub { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(int::sub(w, x.bits, y.bits)));
            }
            Op::Mul { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(int::mul(w, x.bits, y.bits)));
            }
            Op::And { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(int::and(x.bits, y.bits)));
            }
            Op::Or { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(int::or(x.bits, y.bits)));
            }
            Op::Xor { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(int::xor(x.bits, y.bits)));
            }
            Op::IBin { op, d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(
                    d,
                    int::ibin_plain(op, f, w, x.bits, y.bits),
                    op,
                    f,
                    w,
                    x.bits,
                    y.bits
                );
                w!(d, Slot::int(v));
            }
            Op::ICmp { p: pr, d, a, b, w, f } => {
                let (x, y) = clean2t!(d, a, b);
                if f != 0 && int::samesign_bad(w as u32, x.bits, y.bits) {
                    break 'run true;
                }
                w!(d, Slot::int(int::icmp(pr, w as u32, x.bits, y.bits) as u64));
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
                let Some(v) = int::trunc_plain(f, from, to, x.bits) else { break 'run true };
                w!(d, Slot::int(v));
            }
            Op::ZExt { d, a, from, f } => {
                let x = clean1!(a);
                let Some(v) = int::zext_plain(f, from, x.bits) else { break 'run true };
                w!(d, Slot::int(v));
            }
            Op::SExt { d, a, from, to } => {
                let x = clean1!(a);
                w!(d, Slot::int(int::sext_to(from, to, x.bits)));
            }
            Op::Mov { d, a } => w!(d, r!(a)),
            Op::PtrToInt { d, a, w } => {
                let x = clean1!(a);
                w!(d, x.ptr_to_int(w));
            }
            Op::IntToPtr { d, a } => {
                let x = clean1!(a);
                w!(d, st.mem.int_to_ptr(x));
            }
            Op::Freeze { d, a } => {
                let x = clean1!(a);
                w!(d, x);
            }
            Op::F64 { op, d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(
                    d,
                    Slot::int(
                        fp::op64(op, f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits()
                    )
                );
            }
            Op::F32 { op, d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(
                    d,
                    Slot::int(
                        fp::op32(op, f32::from_bits(x.bits as u32), f32::from_bits(y.bits as u32))
                            .to_bits() as u64
                    )
                );
            }
            Op::FCmp { p: pr, d, a, b, s } => {
                let (x, y) = clean2t!(d, a, b);
                let (fa, fb) = fp::fpair(s, x.bits, y.bits);
                w!(d, Slot::int(fp::fcmp(pr, fa, fb) as u64));
            }
            Op::FNeg { d, a, bit } => {
                let x = clean1!(a);
                w!(d, Slot::int(fp::neg_bits(bit, x.bits)));
            }
            Op::Cvt { k, d, a, w } => ok!(convert(regs, k, d, a, w)),
            Op::Load { d, p: pr, n: sz, w, align } => ok!(load(st.mem, regs, d, pr, sz, w, align)),
            Op::Store { v, p: pr, n: sz, align } => ok!(store(st.mem, regs, v, pr, sz, align)),
            Op::PAlloca { d, cell, s } => ok!(palloca(code, st.mem, st.allocas, regs, d, cell, s)),
            Op::Alloca { d, s } => ok!(alloca(cx!(), regs, d, s)),
            Op::PLoad { d, cell, .. } => {
                let x = clean1!(cell);
                w!(d, x);
            }
            Op::PStore { v, cell, w } => {
                let x = r!(v);
                w!(cell, x.stored(w));
            }
            Op::Gep { d, base, g } => ok!(gep(code, regs, st.mem, d, base, g)),
            Op::Br { e } => jump!(e),
            Op::CondBr { c, t, f } => {
                let cv = clean1!(c);
                branch!(cv.bits & 1 == 1, t, f)
            }
            Op::Switch { v, t } => {
                let x = clean1!(v);
                let Some(e) = switch(code, t, x.bits) else { break 'run true };
                jump!(e)
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
                if f != 0 && int::samesign_bad(w as u32, x.bits, y.bits) {
                    break 'run true;
                }
                let taken = int::icmp(pr, w as u32, x.bits, y.bits);
                w!(d, Slot::int(taken as u64));
                partner!(k, Op::CondBr { t, f: fe, .. });
                branch!(taken, t, fe)
            }
            Op::CmpJump { p: pr, a, b, w, ss, t, f: fe } => {
                let (x, y) = clean2!(a, b);
                if ss && int::samesign_bad(w as u32, x.bits, y.bits) {
                    break 'run true;
                }
                branch!(int::icmp(pr, w as u32, x.bits, y.bits), t, fe)
            }
            Op::FCmpJump { p: pr, a, b, s, t, f: fe } => {
                let (x, y) = clean2!(a, b);
                let (fa, fb) = fp::fpair(s, x.bits, y.bits);
                branch!(fp::fcmp(pr, fa, fb), t, fe)
            }
            Op::FCmpBr { p: pr, d, a, b, s } => {
                let (x, y) = clean2!(a, b);
                let (fa, fb) = fp::fpair(s, x.bits, y.bits);
                let taken = fp::fcmp(pr, fa, fb);
                w!(d, Slot::int(taken as u64));
                partner!(k, Op::CondBr { t, f: fe, .. });
                branch!(taken, t, fe)
            }
            Op::GepLd { d, base, g } => ok!(gep_load(code, regs, st.mem, d, base, g)),
            Op::GepSt { d, base, g } => ok!(gep_store(code, regs, st.mem, d, base, g)),
            Op::FAdd64 { d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(
                    d,
                    Slot::int(fp::add64(f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits())
                );
            }
            Op::FSub64 { d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(
                    d,
                    Slot::int(fp::sub64(f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits())
                );
            }
            Op::FMul64 { d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(
                    d,
                    Slot::int(fp::mul64(f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits())
                );
            }
            Op::FDiv64 { d, a, b } => {
                let (x, y) = clean2t!(d, a, b);
                w!(
                    d,
                    Slot::int(fp::div64(f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits())
                );
            }
            Op::AddF { d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(
                    d,
                    int::arith(IOp::Add, f, w, x.bits, y.bits),
                    IOp::Add,
                    f,
                    w,
                    x.bits,
                    y.bits
                );
                w!(d, Slot::int(v));
            }
            Op::SubF { d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(
                    d,
                    int::arith(IOp::Sub, f, w, x.bits, y.bits),
                    IOp::Sub,
                    f,
                    w,
                    x.bits,
                    y.bits
                );
                w!(d, Slot::int(v));
            }
            Op::MulF { d, a, b, w, f } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(
                    d,
                    int::arith(IOp::Mul, f, w, x.bits, y.bits),
                    IOp::Mul,
                    f,
                    w,
                    x.bits,
                    y.bits
                );
                w!(d, Slot::int(v));
            }
            Op::Shl { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(d, int::shl(w, x.bits, y.bits), IOp::Shl, 0, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::LShr { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                let v =
                    or_poison!(d, int::lshr(w, x.bits, y.bits), IOp::LShr, 0, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::AShr { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                let v =
                    or_poison!(d, int::ashr(w, x.bits, y.bits), IOp::AShr, 0, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::UDiv { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                let Some(v) = int::udiv(x.bits, y.bits) else { break 'run true };
                w!(d, Slot::int(v));
            }
            Op::URem { d, a, b, .. } => {
                let (x, y) = clean2!(a, b);
                let Some(v) = int::urem(x.bits, y.bits) else { break 'run true };
                w!(d, Slot::int(v));
            }
            Op::Nop => {}
            Op::Call { c } => {
                let Some(next) = call(st, code, base, pc!(), c) else { break 'run true };
                switch!(next);
                charge!();
                continue;
            }
            Op::Ret { v } => {
                let Some(next) = ret(st, base, v) else { break 'run true };
                let Some(next) = next else { return leave(st, budget - n) };
                switch!(next);
                charge!();
                continue;
            }
            Op::Unreachable | Op::Generic { .. } => break 'run true,
        }
        done!();
    };
    if charged {
        // SAFETY: `ep` points at an op of `fcode`.
        n += unsafe { (*ep).meta.rem } as u64;
    }
    if let Some((fpc, _)) = top_link(st) {
        *fpc = pc!() as u32;
    }
    leave(st, budget - n)
}
