//! The op loop of the fast path (see `fast.rs`): one frame's ops over its registers, the hot
//! simple cases inline and the heavier ones (memory, GEPs, allocas, switches, intrinsics,
//! lane vectors) in out-of-line helpers, so the loop keeps its few live values in machine
//! registers. Every helper returns `None`/`false` without effect when the op needs the
//! general path.

use super::code::{Edge, FnCode, Intr, Op, MAX_LANES, NONE};
use super::code::{Callee, TAG};
use super::fast::{cvt, gep_offset, gep_poison, intr, Fast};
use super::state::Frame;
use std::rc::Rc;
use super::fp;
use super::memory::{AllocKind, Memory, RESERVED, TAINT};
use super::origin::{Origins, TaintKind};
use super::scalar::{self, IOp};
use super::value::{mask, sext, Slot};
use crate::ir::{FloatPredicate, InstFlags, IntPredicate};

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

/// Reads register `i` of `regs`.
macro_rules! rd {
    ($regs:expr, $i:expr) => {
        // SAFETY: the code is `fast`: `FnCode::validate` checked that every register an op,
        // lane move or shuffle names is below `code.template.len()`, which is `regs.len()`
        // (`Fast::run` passes exactly the frame's registers).
        unsafe { *$regs.get_unchecked($i as usize) }
    };
}

/// Writes register `i` of `regs`.
macro_rules! wr {
    ($regs:expr, $i:expr, $v:expr) => {{
        let v = $v;
        // SAFETY: as for `rd!`.
        unsafe { *$regs.get_unchecked_mut($i as usize) = v };
    }};
}

/// Performs the phi moves of an edge when they are all between narrow registers (or lane
/// vectors) and every source is defined; returns the target pc, or `None` (nothing moved).
#[inline(always)]
fn edge(code: &FnCode, regs: &mut [Slot], e: u32) -> Option<usize> {
    let ed: &Edge = code.edges.get(e as usize)?;
    if ed.n == 0 {
        return Some(ed.pc as usize);
    }
    edge_moves(code, regs, ed)
}

#[inline(never)]
fn edge_moves(code: &FnCode, regs: &mut [Slot], ed: &Edge) -> Option<usize> {
    if !ed.narrow {
        return None;
    }
    let moves: &[[u32; 2]] = code.lane_moves.get(ed.lm as usize..(ed.lm + ed.ln) as usize)?;
    debug_assert!(code.fast && regs.len() == code.template.len());
    if moves.iter().any(|m| rd!(regs, m[1]).poison != 0) {
        return None;
    }
    if ed.par {
        // Read every source before writing any destination.
        let mut buf = [Slot::default(); 32];
        if moves.len() > buf.len() {
            return None;
        }
        for (b, m) in buf.iter_mut().zip(moves) {
            *b = rd!(regs, m[1]);
        }
        for (b, m) in buf.iter().zip(moves) {
            wr!(regs, m[0], *b);
        }
    } else {
        // No move reads a register an earlier one wrote (`par` is false), so in order.
        for m in moves {
            let v = rd!(regs, m[1]);
            wr!(regs, m[0], v);
        }
    }
    Some(ed.pc as usize)
}

/// `x op y` on `iW` for defined operands when the result is a plain value: the common cases
/// inline, the rest through [`scalar::ibin`]; `None` when it is poison or undefined behaviour.
#[inline(always)]
fn ibin(op: IOp, f: u16, w: u8, x: u64, y: u64) -> Option<u64> {
    if f & (InstFlags::EXACT | InstFlags::DISJOINT) == 0 {
        if matches!(op, IOp::Add | IOp::Sub | IOp::Mul) {
            return arith(op, f, w, x, y);
        }
        return ibin_other(op, f, w, x, y);
    }
    scalar::ibin(op, f, w as u32, x, y).ok()
}

/// `add`/`sub`/`mul` (`op`) with `nuw`/`nsw` flags `f` as [`scalar::ibin`] computes them;
/// `None` when a flag is violated.
#[inline(always)]
fn arith(op: IOp, f: u16, w: u8, x: u64, y: u64) -> Option<u64> {
    let w32 = w as u32;
    let m = mask(w32);
    let (r, u, s) = match op {
        IOp::Add => (x.wrapping_add(y), x as u128 + y as u128, sext(x, w32) as i128 + sext(y, w32) as i128),
        IOp::Sub => (x.wrapping_sub(y), if x < y { u128::MAX } else { 0 }, sext(x, w32) as i128 - sext(y, w32) as i128),
        _ => (x.wrapping_mul(y), x as u128 * y as u128, sext(x, w32) as i128 * sext(y, w32) as i128),
    };
    let (smin, smax) = (sext(1u64 << (w32 - 1), w32) as i128, (m >> 1) as i128);
    if (f & InstFlags::NUW != 0 && u > m as u128) || (f & InstFlags::NSW != 0 && (s < smin || s > smax)) {
        return None;
    }
    Some(r & m)
}

#[inline(always)]
fn ibin_other(op: IOp, f: u16, w: u8, x: u64, y: u64) -> Option<u64> {
    let w32 = w as u32;
    let m = mask(w32);
    match op {
        IOp::Shl if f == 0 => (y < w as u64).then(|| (x << y) & m),
        IOp::LShr => (y < w as u64).then(|| x >> y),
        IOp::AShr => (y < w as u64).then(|| (sext(x, w32) >> y) as u64 & m),
        IOp::UDiv => (y != 0).then(|| x / y),
        IOp::URem => (y != 0).then(|| x % y),
        IOp::And => Some(x & y),
        IOp::Or => Some(x | y),
        IOp::Xor => Some(x ^ y),
        _ => scalar::ibin(op, f, w32, x, y).ok(),
    }
}

/// `icmp` of zero-extended `iW` values as [`scalar::icmp`], by table rather than branches.
#[inline(always)]
fn icmp(p: IntPredicate, w: u8, x: u64, y: u64) -> bool {
    use IntPredicate as P;
    // Signed or not, and the outcomes that make it true: bit 0 less, 1 equal, 2 greater.
    let (s, acc) = match p {
        P::Eq => (false, 0b010),
        P::Ne => (false, 0b101),
        P::Ugt => (false, 0b100),
        P::Uge => (false, 0b110),
        P::Ult => (false, 0b001),
        P::Ule => (false, 0b011),
        P::Sgt => (true, 0b100),
        P::Sge => (true, 0b110),
        P::Slt => (true, 0b001),
        P::Sle => (true, 0b011),
    };
    // Flipping the sign bit of sign-extended values orders them as signed numbers.
    let (x, y) = if s { (sext(x, w as u32) as u64 ^ 1 << 63, sext(y, w as u32) as u64 ^ 1 << 63) } else { (x, y) };
    let o = (x > y) as u32 * 2 + (x == y) as u32;
    (acc >> o) & 1 == 1
}

/// `fcmp` of two doubles (or floats widened exactly) as `fp::pred` of their `partial_cmp`.
#[inline(always)]
fn fcmp(p: FloatPredicate, a: f64, b: f64) -> bool {
    use FloatPredicate as P;
    // The outcomes that make it true: bit 0 less, 1 equal, 2 greater, 3 unordered.
    let acc: u32 = match p {
        P::False => 0,
        P::Oeq => 0b0010,
        P::Ogt => 0b0100,
        P::Oge => 0b0110,
        P::Olt => 0b0001,
        P::Ole => 0b0011,
        P::One => 0b0101,
        P::Ord => 0b0111,
        P::Ueq => 0b1010,
        P::Ugt => 0b1100,
        P::Uge => 0b1110,
        P::Ult => 0b1001,
        P::Ule => 0b1011,
        P::Une => 0b1101,
        P::Uno => 0b1000,
        P::True => 0b1111,
    };
    let o = if a.is_nan() || b.is_nan() { 3 } else { (a > b) as u32 * 2 + (a == b) as u32 };
    (acc >> o) & 1 == 1
}

/// The operands of a fast `fcmp` as doubles (`s`: they are floats).
#[inline(always)]
fn fpair(s: bool, x: u64, y: u64) -> (f64, f64) {
    if s {
        (f32::from_bits(x as u32) as f64, f32::from_bits(y as u32) as f64)
    } else {
        (f64::from_bits(x), f64::from_bits(y))
    }
}

/// A result tainted by either operand, as `Interp::taint2` makes it for the instruction at
/// `at`.
#[cold]
#[inline(never)]
fn taint2(cx: &mut Cx, at: usize, x: Slot, y: Slot) -> Slot {
    let o = cx.origins.merge(x.poison, y.poison);
    let span = cx.code.spans.get(at).copied().unwrap_or_default();
    Slot::tainted(cx.origins.chain(o, span, cx.code.gid))
}

/// A new poison root at the instruction at `at`, as `Interp::poison` makes it.
#[cold]
#[inline(never)]
fn root(cx: &mut Cx, at: usize, why: super::origin::Why) -> Slot {
    let span = cx.code.spans.get(at).copied().unwrap_or_default();
    Slot::tainted(cx.origins.root(TaintKind::Poison, span, cx.code.gid, why))
}

/// The poison result of a narrow integer operation on defined operands whose flags or shift
/// amount make poison (as the general path's `Interp::bad`); `None` for undefined behaviour.
#[cold]
#[inline(never)]
fn ibin_poison(cx: &mut Cx, at: usize, op: IOp, f: u16, w: u8, x: u64, y: u64) -> Option<Slot> {
    match scalar::ibin(op, f, w as u32, x, y) {
        Err(scalar::Bad::Poison(why)) => Some(root(cx, at, why)),
        _ => None,
    }
}

/// A scalar load (alignment, then the plain-bytes fast access).
#[inline(never)]
fn load(mem: &Memory, ptr: Slot, n: u8, w: u8, align: u32) -> Option<Slot> {
    if ptr.bits & (align as u64).wrapping_sub(1) != 0 {
        return None;
    }
    let mut v = mem.load_fast(ptr, n)?;
    if w != 0 && w < 64 {
        v.bits &= mask(w as u32);
    }
    Some(v)
}

/// A scalar store.
#[inline(never)]
fn store(mem: &mut Memory, ptr: Slot, n: u8, v: Slot, align: u32) -> bool {
    ptr.bits & (align as u64).wrapping_sub(1) == 0 && mem.store_fast(ptr, n, v)
}

/// A scalar GEP with a defined base.
#[inline(never)]
fn gep(code: &FnCode, regs: &[Slot], mem: &Memory, bp: Slot, g: u32) -> Option<Slot> {
    let gep = code.geps.get(g as usize)?;
    let (off, taint, so, uo) = gep_offset(regs, gep)?;
    if taint != 0 || gep.poison_const || (gep.flags != 0 && gep_poison(mem, bp, off, gep.flags, (so, uo && gep.flags & InstFlags::NUW != 0))) {
        return None;
    }
    Some(Slot { bits: bp.bits.wrapping_add(off as u64), prov: bp.prov, poison: 0 })
}

/// An `alloca` (held in memory, or in register `cell` when promoted).
#[inline(never)]
fn alloca(cx: &mut Cx, regs: &mut [Slot], d: u32, s: u32, cell: Option<u32>) -> bool {
    let Some(site) = cx.code.allocas.get(s as usize) else { return false };
    if let Some(cell) = cell {
        let Ok(addr) = cx.mem.reserve(site.size, site.align) else { return false };
        cx.allocas.push(RESERVED | site.size as u32);
        wr!(regs, d, Slot::ptr(addr, 0));
        wr!(regs, cell, Slot::tainted(site.origin));
        return true;
    }
    let count = match site.count {
        None => 1,
        Some((cr, cw)) => {
            let c = rd!(regs, cr);
            if c.poison != 0 {
                return false;
            }
            c.bits & mask(cw as u32)
        }
    };
    let Ok(idx) = cx.mem.alloc(site.size.saturating_mul(count), site.align, AllocKind::Stack, TAINT | site.origin) else { return false };
    cx.allocas.push(idx);
    wr!(regs, d, Slot::ptr(cx.mem.allocs.get(idx as usize).map_or(0, |a| a.base), idx + 1));
    true
}

/// The edge a `switch` on defined `x` takes.
#[inline(never)]
fn switch(code: &FnCode, t: u32, x: u64) -> Option<u32> {
    let tbl = code.switches.get(t as usize)?;
    Some(match tbl.cases.binary_search_by_key(&x, |c| c.0) {
        Ok(i) => tbl.cases.get(i).map_or(tbl.default, |c| c.1),
        Err(_) => tbl.default,
    })
}

/// A fast intrinsic.
#[inline(never)]
fn intrinsic(regs: &mut [Slot], k: Intr, d: u32, a: u32, b: u32, c: u32, w: u8) -> bool {
    let (x, y, z) = (rd!(regs, a), rd!(regs, b), rd!(regs, c));
    let z = if matches!(k, Intr::FmaF64 | Intr::FmaF32) { z } else { Slot::default() };
    if k != Intr::Expect && (x.poison | y.poison | z.poison) != 0 {
        return false;
    }
    wr!(regs, d, intr(k, x, y, z, w));
    true
}

/// A conversion of a defined value.
#[inline(never)]
fn convert(regs: &mut [Slot], k: super::code::Cvt, d: u32, a: u32, w: u8) -> bool {
    let x = rd!(regs, a);
    if x.poison != 0 {
        return false;
    }
    wr!(regs, d, Slot::int(cvt(k, x.bits, w)));
    true
}

/// A lane vector op (`VBin` .. `VShuf`); false (registers of `d` possibly written, which the
/// general path then overwrites) when a lane needs the general path. Inlined into one
/// out-of-line function per op kind (`vop!`), so the op is not dispatched a second time.
#[inline(always)]
fn vector(cx: &mut Cx, regs: &mut [Slot], op: Op, at: usize) -> bool {
    macro_rules! clean {
        ($i:expr) => {{
            let x = rd!(regs, $i);
            if x.poison != 0 {
                return false;
            }
            x
        }};
    }
    match op {
        // Lane by lane as the generic path (`ibin_lane`): a poison lane taints its result
        // lane, an undef one or a division by a tainted lane needs the general path.
        Op::VBin { op, d, a, b, n, w, f } => {
            for k in 0..n as u32 {
                let (x, y) = (rd!(regs, a + k), rd!(regs, b + k));
                let v = if (x.poison | y.poison) != 0 {
                    let o = cx.origins.merge(x.poison, y.poison);
                    if (op.is_div() && y.poison != 0) || cx.origins.kind(o) != Some(TaintKind::Poison) {
                        return false;
                    }
                    taint2(cx, at, x, y)
                } else {
                    match ibin(op, f, w, x.bits, y.bits) {
                        Some(v) => Slot::int(v),
                        None => match ibin_poison(cx, at, op, f, w, x.bits, y.bits) {
                            Some(t) => t,
                            None => return false,
                        },
                    }
                };
                wr!(regs, d + k, v);
            }
        }
        Op::VF64 { op, d, a, b, n } => {
            for k in 0..n as u32 {
                let (x, y) = (rd!(regs, a + k), rd!(regs, b + k));
                let v = if (x.poison | y.poison) != 0 { taint2(cx, at, x, y) } else { Slot::int(fp::op64(op, f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits()) };
                wr!(regs, d + k, v);
            }
        }
        Op::VF32 { op, d, a, b, n } => {
            for k in 0..n as u32 {
                let (x, y) = (rd!(regs, a + k), rd!(regs, b + k));
                let v = if (x.poison | y.poison) != 0 { taint2(cx, at, x, y) } else { Slot::int(fp::op32(op, f32::from_bits(x.bits as u32), f32::from_bits(y.bits as u32)).to_bits() as u64) };
                wr!(regs, d + k, v);
            }
        }
        Op::VICmp { p, d, a, b, n, w } => {
            for k in 0..n as u32 {
                let (x, y) = (clean!(a + k), clean!(b + k));
                wr!(regs, d + k, Slot::int(scalar::icmp(p, w as u32, x.bits, y.bits) as u64));
            }
        }
        Op::VFCmp { p, d, a, b, n, s } => {
            for k in 0..n as u32 {
                let (x, y) = (clean!(a + k), clean!(b + k));
                let ord = if s { f32::from_bits(x.bits as u32).partial_cmp(&f32::from_bits(y.bits as u32)) } else { f64::from_bits(x.bits).partial_cmp(&f64::from_bits(y.bits)) };
                wr!(regs, d + k, Slot::int(fp::pred(p, ord) as u64));
            }
        }
        Op::VSel { d, c, a, b, n, vc } => {
            let cv = if vc { Slot::default() } else { clean!(c) };
            for k in 0..n as u32 {
                let pick = if vc { clean!(c + k) } else { cv };
                wr!(regs, d + k, if pick.bits & 1 == 1 { rd!(regs, a + k) } else { rd!(regs, b + k) });
            }
        }
        Op::VLoad { d, p, n, es, w, align } => {
            let ptr = rd!(regs, p);
            if ptr.bits & (align as u64).wrapping_sub(1) != 0 {
                return false;
            }
            let mut buf = [Slot::default(); MAX_LANES as usize];
            let Some(lanes) = buf.get_mut(..n as usize) else { return false };
            if !cx.mem.load_lanes(ptr, es, w, lanes) {
                return false;
            }
            for (k, l) in lanes.iter().enumerate() {
                wr!(regs, d + k as u32, *l);
            }
        }
        Op::VStore { v, p, n, es, align } => {
            let ptr = rd!(regs, p);
            if ptr.bits & (align as u64).wrapping_sub(1) != 0 {
                return false;
            }
            let mut buf = [Slot::default(); MAX_LANES as usize];
            let Some(lanes) = buf.get_mut(..n as usize) else { return false };
            for (k, l) in lanes.iter_mut().enumerate() {
                *l = rd!(regs, v + k as u32);
            }
            if !cx.mem.store_lanes(ptr, es, lanes) {
                return false;
            }
        }
        Op::VIns { d, a, b, k, n } => {
            for j in 0..n as u32 {
                wr!(regs, d + j, rd!(regs, a + j));
            }
            wr!(regs, d + k as u32, rd!(regs, b));
        }
        Op::VShuf { d, t, n } => {
            let code = cx.code;
            let Some(src) = code.shuffles.get(t as usize) else { return false };
            let mut buf = [Slot::default(); MAX_LANES as usize];
            for (l, &r) in buf.iter_mut().zip(src.iter()).take(n as usize) {
                // A poison or undef mask element makes a new poison lane.
                *l = if r == NONE { root(cx, at, "shufflevector mask element is poison or undef".into()) } else { rd!(regs, r) };
            }
            for (j, l) in buf.iter().take(n as usize).enumerate() {
                wr!(regs, d + j as u32, *l);
            }
        }
        _ => return false,
    }
    true
}

/// The frame of the fast path: its code (borrowed from the decoded functions, not from the
/// frame, which calls and returns replace), first register and pc.
fn top<'f>(frames: &[Frame], funcs: &'f [Option<Rc<FnCode>>]) -> Option<(&'f FnCode, usize, usize)> {
    let fr = frames.last()?;
    let code = funcs.get(fr.code.gid as usize)?.as_deref()?;
    (fr.native.is_none() && code.fast && std::ptr::eq(code, &*fr.code) && (fr.pc as usize) < code.fcode.len()).then_some((code, fr.base as usize, fr.pc as usize))
}

/// Calls site `c` of the top frame (at `pc`) when the fast path may: pushes the callee's
/// frame as `Interp::do_call` does. False (nothing changed) otherwise.
fn call(st: &mut Fast, code: &FnCode, base: usize, pc: usize, c: u32) -> bool {
    let Some(cs) = code.calls.get(c as usize) else { return false };
    let (true, Callee::Direct(g)) = (cs.fast, &cs.callee) else { return false };
    let Some(Some(callee)) = st.funcs.get(*g as usize) else { return false };
    if !callee.fast || !callee.narrow_params || callee.params.len() != cs.args.len() || st.frames.len() as u64 >= st.max_depth as u64 {
        return false;
    }
    for (&a, &nu) in cs.args.iter().zip(cs.noundef.iter()) {
        if nu && st.regs.get(base + a as usize).is_none_or(|s| s.poison != 0) {
            return false;
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
    true
}

/// Returns operand `v` of the top frame to its IR caller when the fast path may: pops the
/// frame and writes the call's result as `Interp::do_return` does. False (nothing changed)
/// otherwise.
fn ret(st: &mut Fast, code: &FnCode, base: usize, v: u32) -> bool {
    let val = if v == NONE {
        None
    } else if v & TAG == 0 {
        match st.regs.get(base + v as usize) {
            Some(s) => Some(*s),
            None => return false,
        }
    } else {
        return false;
    };
    if code.ret_noundef && val.is_some_and(|s| s.poison != 0) {
        return false;
    }
    let n = st.frames.len();
    let Some(caller) = n.checked_sub(2).and_then(|i| st.frames.get(i)) else { return false };
    if caller.native.is_some() {
        return false;
    }
    let Some(cs) = caller.code.calls.get(caller.call as usize) else { return false };
    if cs.invoke.is_some() || (cs.dst != NONE && cs.dst & TAG != 0) {
        return false;
    }
    let (dst, cbase) = (cs.dst, caller.base as usize);
    let Some(fr) = st.frames.pop() else { return false };
    st.mem.free_allocas(st.allocas, fr.amark as usize);
    st.regs.truncate(fr.base as usize);
    st.wregs.truncate(fr.wbase as usize);
    if let Some(caller) = st.frames.last_mut() {
        caller.call = NONE;
    }
    if dst != NONE {
        if let Some(r) = st.regs.get_mut(cbase + dst as usize) {
            *r = val.unwrap_or_default();
        }
    }
    true
}

/// One out-of-line function per lane vector op kind, each matching only its own kind.
macro_rules! vop {
    ($($name:ident: $pat:pat),* $(,)?) => {
        $(
            #[inline(never)]
            fn $name(cx: &mut Cx, regs: &mut [Slot], op: Op, at: usize) -> bool {
                match op {
                    $pat => vector(cx, regs, op, at),
                    _ => false,
                }
            }
        )*
    };
}

vop! {
    v_bin: Op::VBin { .. },
    v_f64: Op::VF64 { .. },
    v_f32: Op::VF32 { .. },
    v_icmp: Op::VICmp { .. },
    v_fcmp: Op::VFCmp { .. },
    v_sel: Op::VSel { .. },
    v_load: Op::VLoad { .. },
    v_store: Op::VStore { .. },
    v_ins: Op::VIns { .. },
    v_shuf: Op::VShuf { .. },
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
        () => {{
            match top(st.frames, funcs) {
                Some((c, b, pc)) => {
                    (code, base, p) = (c, b, pc);
                    fcode = &code.fcode[..];
                    regs = match st.regs.get_mut(base..base + code.template.len()) {
                        Some(r) => r,
                        None => return budget - n,
                    };
                }
                None => return budget - n,
            }
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
        macro_rules! made {
            () => {{
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
                w!(d, Slot::int(x.bits.wrapping_add(y.bits) & mask(w as u32)));
            }
            Op::Sub { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits.wrapping_sub(y.bits) & mask(w as u32)));
            }
            Op::Mul { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                w!(d, Slot::int(x.bits.wrapping_mul(y.bits) & mask(w as u32)));
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
                    x.bits & mask(to as u32)
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
                w!(d, Slot::int(sext(x.bits, from as u32) as u64 & mask(to as u32)));
            }
            Op::Mov { d, a } => w!(d, r!(a)),
            Op::PtrToInt { d, a, w } => {
                let x = clean1!(a);
                w!(d, Slot { bits: x.bits & mask(w as u32), prov: if w >= 64 { x.prov } else { 0 }, poison: 0 });
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
            Op::Load { d, p: pr, n: sz, w, align } => {
                let Some(v) = load(st.mem, r!(pr), sz, w, align) else { break 'run };
                w!(d, v);
            }
            Op::Store { v, p: pr, n: sz, align } => ok!(store(st.mem, r!(pr), sz, r!(v), align)),
            Op::PAlloca { d, cell, s } => ok!(alloca(cx!(), regs, d, s, Some(cell))),
            Op::Alloca { d, s } => ok!(alloca(cx!(), regs, d, s, None)),
            Op::PLoad { d, cell, .. } => {
                let x = clean1!(cell);
                w!(d, x);
            }
            Op::PStore { v, cell, w } => {
                let x = r!(v);
                w!(cell, Slot { bits: x.bits & mask(w as u32), ..x });
            }
            Op::Gep { d, base, g } => {
                let bp = clean1!(base);
                let Some(v) = gep(code, regs, st.mem, bp, g) else { break 'run };
                w!(d, v);
            }
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
                let Some(ptr) = gep(code, regs, st.mem, bp, g) else { break 'run };
                w!(d, ptr);
                partner!(k, Op::Load { d: ld, n: sz, w, align, .. });
                let Some(v) = load(st.mem, ptr, sz, w, align) else { break 'run };
                w!(ld, v);
            }
            Op::GepSt { d, base, g } => {
                let bp = clean1!(base);
                let Some(ptr) = gep(code, regs, st.mem, bp, g) else { break 'run };
                w!(d, ptr);
                partner!(k, Op::Store { v, n: sz, align, .. });
                ok!(store(st.mem, ptr, sz, r!(v), align));
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
                let v = or_poison!(d, (y.bits < w as u64).then(|| (x.bits << y.bits) & mask(w as u32)), IOp::Shl, 0, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::LShr { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(d, (y.bits < w as u64).then(|| x.bits >> y.bits), IOp::LShr, 0, w, x.bits, y.bits);
                w!(d, Slot::int(v));
            }
            Op::AShr { d, a, b, w } => {
                let (x, y) = clean2!(a, b);
                let v = or_poison!(d, (y.bits < w as u64).then(|| (sext(x.bits, w as u32) >> y.bits) as u64 & mask(w as u32)), IOp::AShr, 0, w, x.bits, y.bits);
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
                if !call(st, code, base, p, c) {
                    break 'run;
                }
                n -= 1;
                switch!();
                continue;
            }
            Op::Ret { v } => {
                if !ret(st, code, base, v) {
                    break 'run;
                }
                n -= 1;
                switch!();
                continue;
            }
            Op::Unreachable | Op::Generic { .. } => break 'run,
        }
        p = m.next as usize;
        n -= steps;
    }
    if let Some(fr) = st.frames.last_mut() {
        fr.pc = p as u32;
    }
    budget - n
}
