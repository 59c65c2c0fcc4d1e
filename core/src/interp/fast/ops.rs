//! The helpers of the fast path's op loop (`fast/run.rs`): phi moves of an edge, integer
//! and comparison semantics for defined operands, the origins the fast path makes, and the
//! heavier ops (memory, GEPs, allocas, switches, intrinsics, conversions, lane vectors) out of
//! line, so the loop keeps its few live values in machine registers. Each returns `None` or
//! `false`, without effect, when the op needs the general path.

use crate::interp::bytecode::{Edge, FnCode, Gep, Intr, Op, MAX_LANES, NONE};
use crate::interp::fast::run::Cx;
use crate::interp::fast::{cvt, gep_offset, gep_poison_in, intr};
use crate::interp::memory::{Alloc, AllocKind, Memory, RESERVED, TAINT};
use crate::interp::poison::origin::TaintKind;
use crate::interp::value::{mask, Slot};
use crate::ir::InstFlags;
use crate::semantics::fp;
use crate::semantics::int::{self, wmask, IOp};

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
pub(crate) fn edge(code: &FnCode, regs: &mut [Slot], e: u32) -> Option<usize> {
    debug_assert!((e as usize) < code.edges.len());
    // SAFETY: `e` is an edge of a branch or switch table of `code`, which is `fast`:
    // `FnCode::validate` checked every such index to be in range.
    let ed: &Edge = unsafe { code.edges.get_unchecked(e as usize) };
    if ed.n == 0 {
        return Some(ed.pc as usize);
    }
    // One or two moves, from the edge itself (set by `FnCode::validate`).
    if let Some(m) = &ed.one {
        return moves_n::<1>(regs, m).then_some(ed.pc as usize);
    }
    if let Some(m) = &ed.two {
        return moves_n::<2>(regs, m).then_some(ed.pc as usize);
    }
    edge_moves(code, regs, ed)
}

/// The phi moves of a narrow edge beyond [`edge`]'s inline cases, as [`edge`] takes them.
#[inline(never)]
pub(crate) fn edge_moves(code: &FnCode, regs: &mut [Slot], ed: &Edge) -> Option<usize> {
    if !ed.narrow {
        return None;
    }
    let moves: &[[u32; 2]] = code.lane_moves.get(ed.lm as usize..(ed.lm + ed.ln) as usize)?;
    debug_assert!(code.fast && regs.len() == code.template.len());
    // Every source read and checked before any destination is written (so parallel moves
    // need no other care): up to 3 moves here, up to 8 unrolled in `edge_long`.
    let done = match moves.len() {
        1 => moves_n::<1>(regs, moves.first_chunk()?),
        2 => moves_n::<2>(regs, moves.first_chunk()?),
        3 => moves_n::<3>(regs, moves.first_chunk()?),
        _ => return edge_long(regs, ed, moves),
    };
    done.then_some(ed.pc as usize)
}

/// The `N` moves `[destination, source]` of an edge when every source is defined (else
/// nothing is written and the result is false).
#[inline(always)]
fn moves_n<const N: usize>(regs: &mut [Slot], moves: &[[u32; 2]; N]) -> bool {
    // `i < N`, the array's length.
    let vals: [Slot; N] = std::array::from_fn(|i| rd!(regs, moves[i][1]));
    if vals.iter().fold(0, |t, v| t | v.poison) != 0 {
        return false;
    }
    for (v, m) in vals.iter().zip(moves) {
        // A phi and the value it takes here may share a register (`translate/regalloc.rs`): the move is
        // then only its poison check.
        if m[0] != m[1] {
            wr!(regs, m[0], *v);
        }
    }
    true
}

/// The phi moves of an edge with more than three (see [`edge_moves`]): unrolled up to 8.
#[inline(never)]
fn edge_long(regs: &mut [Slot], ed: &Edge, moves: &[[u32; 2]]) -> Option<usize> {
    let done = match moves.len() {
        4 => moves_n::<4>(regs, moves.first_chunk()?),
        5 => moves_n::<5>(regs, moves.first_chunk()?),
        6 => moves_n::<6>(regs, moves.first_chunk()?),
        7 => moves_n::<7>(regs, moves.first_chunk()?),
        8 => moves_n::<8>(regs, moves.first_chunk()?),
        _ => return edge_longer(regs, ed, moves),
    };
    done.then_some(ed.pc as usize)
}

/// The phi moves of an edge with more than eight.
#[inline(never)]
fn edge_longer(regs: &mut [Slot], ed: &Edge, moves: &[[u32; 2]]) -> Option<usize> {
    if moves.iter().any(|m| rd!(regs, m[1]).poison != 0) {
        return None;
    }
    if ed.par {
        // Read every source before writing any destination.
        let buf: Vec<Slot> = moves.iter().map(|m| rd!(regs, m[1])).collect();
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

/// A result tainted by either operand, as `Interp::taint2` makes it for the instruction at
/// `at`.
#[cold]
#[inline(never)]
pub(crate) fn taint2(cx: &mut Cx, at: usize, x: Slot, y: Slot) -> Slot {
    let o = cx.origins.merge(x.poison, y.poison);
    let span = cx.code.spans.get(at).copied().unwrap_or_default();
    Slot::tainted(cx.origins.chain(o, span, cx.code.gid))
}

/// A new poison root at the instruction at `at`, as `Interp::poison` makes it.
#[cold]
#[inline(never)]
pub(crate) fn root(cx: &mut Cx, at: usize, why: crate::interp::poison::origin::Why) -> Slot {
    let span = cx.code.spans.get(at).copied().unwrap_or_default();
    Slot::tainted(cx.origins.root(TaintKind::Poison, span, cx.code.gid, why))
}

/// The poison result of a narrow integer operation on defined operands whose flags or shift
/// amount make poison (as the general path's `Interp::bad`); `None` for undefined behaviour.
#[cold]
#[inline(never)]
pub(crate) fn ibin_poison(
    cx: &mut Cx,
    at: usize,
    op: IOp,
    f: u16,
    w: u8,
    x: u64,
    y: u64,
) -> Option<Slot> {
    match int::ibin(op, f, w as u32, x, y) {
        Err(int::Bad::Poison(why)) => Some(root(cx, at, why)),
        _ => None,
    }
}

/// A scalar load of `n` bytes through register `p` into register `d` (alignment, then the
/// plain-bytes fast access); false (no effect) when it needs the general path.
#[inline(always)]
pub(crate) fn load(
    mem: &Memory,
    regs: &mut [Slot],
    d: u32,
    p: u32,
    n: u8,
    w: u8,
    align: u32,
) -> bool {
    match load_at(mem, rd!(regs, p), n, w, align) {
        Some(v) => {
            wr!(regs, d, v);
            true
        }
        None => false,
    }
}

/// A scalar GEP (`g`) from register `base` into register `d` and the load through its
/// result ([`Gep::acc`]): a fused [`Op::GepLd`], with one look-up of the allocation for both.
/// False (no effect) when either needs the general path.
#[inline(always)]
pub(crate) fn gep_load(
    code: &FnCode,
    regs: &mut [Slot],
    mem: &Memory,
    d: u32,
    base: u32,
    g: u32,
) -> bool {
    let Some(gep) = code.geps.get(g as usize) else { return false };
    let bp = rd!(regs, base);
    if bp.poison != 0 || bp.prov == 0 {
        return false;
    }
    // The allocation the base is based on is the one its provenance names, which the
    // result keeps.
    let Some(a) = mem.allocs.get((bp.prov - 1) as usize) else { return false };
    let Some(ptr) = gep_at(gep, regs, || Some(a), bp) else { return false };
    let acc = gep.acc;
    let Some(v) = read_at(a, ptr.bits, acc.n, acc.w, acc.align) else { return false };
    wr!(regs, d, ptr);
    wr!(regs, acc.r, v);
    true
}

/// A load of `n` bytes through `ptr` promising `align`, masked to `w` bits (none when `w` is
/// 0 or 64), when the plain-bytes access is valid (see [`Alloc::read_fast`]).
#[inline(always)]
fn load_at(mem: &Memory, ptr: Slot, n: u8, w: u8, align: u32) -> Option<Slot> {
    if ptr.poison != 0 || ptr.prov == 0 {
        return None;
    }
    read_at(mem.allocs.get((ptr.prov - 1) as usize)?, ptr.bits, n, w, align)
}

/// [`load_at`] at address `addr` of allocation `a`, the one the pointer's provenance names.
#[inline(always)]
fn read_at(a: &Alloc, addr: u64, n: u8, w: u8, align: u32) -> Option<Slot> {
    if addr & (align as u64).wrapping_sub(1) != 0 {
        return None;
    }
    let mut v = a.read_fast(addr, n)?;
    v.bits &= wmask(w);
    Some(v)
}

/// A scalar store of `n` bytes of register `v` through register `p`.
#[inline(always)]
pub(crate) fn store(mem: &mut Memory, regs: &[Slot], v: u32, p: u32, n: u8, align: u32) -> bool {
    store_at(mem, rd!(regs, p), n, rd!(regs, v), align)
}

/// A store of `n` bytes of `v` through `ptr` promising `align`, when the plain-bytes access
/// is valid (see [`Alloc::write_fast`]).
#[inline(always)]
fn store_at(mem: &mut Memory, ptr: Slot, n: u8, v: Slot, align: u32) -> bool {
    ptr.poison == 0
        && ptr.prov != 0
        && mem
            .allocs
            .get_mut((ptr.prov - 1) as usize)
            .is_some_and(|a| write_at(a, ptr.bits, n, v, align))
}

/// [`store_at`] at address `addr` of allocation `a`, the one the pointer's provenance names.
#[inline(always)]
fn write_at(a: &mut Alloc, addr: u64, n: u8, v: Slot, align: u32) -> bool {
    addr & (align as u64).wrapping_sub(1) == 0 && a.write_fast(addr, n, v)
}

/// A scalar GEP (`g`) from register `base` into register `d` and the store through its
/// result ([`Gep::acc`], whose value may be `d` itself): a fused [`Op::GepSt`]. False (no
/// effect) when either needs the general path.
#[inline(always)]
pub(crate) fn gep_store(
    code: &FnCode,
    regs: &mut [Slot],
    mem: &mut Memory,
    d: u32,
    base: u32,
    g: u32,
) -> bool {
    let Some(gep) = code.geps.get(g as usize) else { return false };
    let bp = rd!(regs, base);
    if bp.poison != 0 || bp.prov == 0 {
        return false;
    }
    // As in `gep_load`: one allocation for the GEP and the access.
    let i = (bp.prov - 1) as usize;
    let Some(ptr) = gep_at(gep, regs, || mem.allocs.get(i), bp) else { return false };
    let acc = gep.acc;
    let val = if acc.r == d { ptr } else { rd!(regs, acc.r) };
    if !mem.allocs.get_mut(i).is_some_and(|a| write_at(a, ptr.bits, acc.n, val, acc.align)) {
        return false;
    }
    wr!(regs, d, ptr);
    true
}

/// A scalar GEP from register `base` into register `d`; false (no effect) when it needs
/// the general path (a tainted operand, a result that would be poison).
#[inline(always)]
pub(crate) fn gep(
    code: &FnCode,
    regs: &mut [Slot],
    mem: &Memory,
    d: u32,
    base: u32,
    g: u32,
) -> bool {
    let bp = rd!(regs, base);
    if bp.poison != 0 {
        return false;
    }
    let Some(gep) = code.geps.get(g as usize) else { return false };
    match gep_at(gep, regs, || mem.alloc_of(bp).and_then(|i| mem.allocs.get(i as usize)), bp) {
        Some(v) => {
            wr!(regs, d, v);
            true
        }
        None => false,
    }
}

/// The result of `gep` from the defined base `bp`, or `None` when it is poison or needs the
/// general path; `alloc` finds the allocation `bp` is based on (for `inbounds`).
#[inline(always)]
fn gep_at<'m>(
    gep: &Gep,
    regs: &[Slot],
    alloc: impl FnOnce() -> Option<&'m Alloc>,
    bp: Slot,
) -> Option<Slot> {
    if gep.poison_const {
        return None;
    }
    let nuw = gep.flags & InstFlags::NUW != 0;
    // The offset and whether it overflowed as signed and unsigned (as `gep_offset`), the
    // common one-index case without a loop.
    let (off, so, uo) = match *gep.idx {
        [] => (gep.off, false, false),
        [(ir, scale, iw)] => {
            let x = rd!(regs, ir);
            if x.poison != 0 {
                return None;
            }
            let sh = (64 - iw as u32) & 63;
            let iv = ((x.bits << sh) as i64) >> sh;
            let (pm, o1) = iv.overflowing_mul(scale);
            let (s, o2) = gep.off.overflowing_add(pm);
            (s, o1 | o2, nuw && (iv < 0 || (x.bits as u128 * scale as u128) > u64::MAX as u128))
        }
        _ => {
            let (off, taint, so, uo) = gep_offset(regs, gep)?;
            if taint != 0 {
                return None;
            }
            (off, so, uo && nuw)
        }
    };
    if gep.flags != 0 && gep_poison_in(alloc, bp, off, gep.flags, (so, uo)) {
        return None;
    }
    Some(Slot { bits: bp.bits.wrapping_add(off as u64), prov: bp.prov, poison: 0 })
}

/// The `alloca` of a stack slot held in register `cell` (site `s`): reserves its address
/// range, and the slot starts undef.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub(crate) fn palloca(
    code: &FnCode,
    mem: &mut Memory,
    allocas: &mut Vec<u32>,
    regs: &mut [Slot],
    d: u32,
    cell: u32,
    s: u32,
) -> bool {
    let Some(site) = code.allocas.get(s as usize) else { return false };
    let Some(addr) = mem.reserve_fast(site.size, site.align) else { return false };
    allocas.push(RESERVED | site.size as u32);
    wr!(regs, d, Slot::ptr(addr, 0));
    wr!(regs, cell, Slot::tainted(site.origin));
    true
}

/// An `alloca` held in memory.
#[inline(never)]
pub(crate) fn alloca(cx: &mut Cx, regs: &mut [Slot], d: u32, s: u32) -> bool {
    let Some(site) = cx.code.allocas.get(s as usize) else { return false };
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
    let Ok(idx) = cx.mem.alloc(
        site.size.saturating_mul(count),
        site.align,
        AllocKind::Stack,
        TAINT | site.origin,
    ) else {
        return false;
    };
    if let Some(a) = cx.mem.allocs.get_mut(idx as usize) {
        a.site = site.site;
    }
    cx.allocas.push(idx);
    wr!(regs, d, Slot::ptr(cx.mem.allocs.get(idx as usize).map_or(0, |a| a.base), idx + 1));
    true
}

/// The edge a `switch` on defined `x` takes.
#[inline(never)]
pub(crate) fn switch(code: &FnCode, t: u32, x: u64) -> Option<u32> {
    let tbl = code.switches.get(t as usize)?;
    Some(match tbl.cases.binary_search_by_key(&x, |c| c.0) {
        Ok(i) => tbl.cases.get(i).map_or(tbl.default, |c| c.1),
        Err(_) => tbl.default,
    })
}

/// A fast intrinsic.
#[inline(never)]
pub(crate) fn intrinsic(regs: &mut [Slot], k: Intr, d: u32, a: u32, b: u32, c: u32, w: u8) -> bool {
    let (x, y, z) = (rd!(regs, a), rd!(regs, b), rd!(regs, c));
    let z = if k.three() { z } else { Slot::default() };
    if k != Intr::Expect && (x.poison | y.poison | z.poison) != 0 {
        return false;
    }
    wr!(regs, d, intr(k, x, y, z, w));
    true
}

/// A conversion of a defined value.
#[inline(never)]
pub(crate) fn convert(
    regs: &mut [Slot],
    k: crate::interp::bytecode::Cvt,
    d: u32,
    a: u32,
    w: u8,
) -> bool {
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
pub(crate) fn vector(cx: &mut Cx, regs: &mut [Slot], op: Op, at: usize) -> bool {
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
                    if (op.is_div() && y.poison != 0)
                        || cx.origins.kind(o) != Some(TaintKind::Poison)
                    {
                        return false;
                    }
                    taint2(cx, at, x, y)
                } else {
                    match int::ibin_plain(op, f, w, x.bits, y.bits) {
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
                // Each case writes its own slot: a slot built in either arm and then written
                // went through the stack as two halves read back as one (a stalled forward).
                if (x.poison | y.poison) != 0 {
                    wr!(regs, d + k, taint2(cx, at, x, y));
                } else {
                    wr!(
                        regs,
                        d + k,
                        Slot::int(
                            fp::op64(op, f64::from_bits(x.bits), f64::from_bits(y.bits)).to_bits()
                        )
                    );
                }
            }
        }
        Op::VF32 { op, d, a, b, n } => {
            for k in 0..n as u32 {
                let (x, y) = (rd!(regs, a + k), rd!(regs, b + k));
                if (x.poison | y.poison) != 0 {
                    wr!(regs, d + k, taint2(cx, at, x, y));
                } else {
                    wr!(
                        regs,
                        d + k,
                        Slot::int(
                            fp::op32(
                                op,
                                f32::from_bits(x.bits as u32),
                                f32::from_bits(y.bits as u32)
                            )
                            .to_bits() as u64
                        )
                    );
                }
            }
        }
        Op::VICmp { p, d, a, b, n, w } => {
            for k in 0..n as u32 {
                let (x, y) = (clean!(a + k), clean!(b + k));
                wr!(regs, d + k, Slot::int(int::icmp(p, w as u32, x.bits, y.bits) as u64));
            }
        }
        Op::VFCmp { p, d, a, b, n, s } => {
            for k in 0..n as u32 {
                let (x, y) = (clean!(a + k), clean!(b + k));
                let (fa, fb) = fp::fpair(s, x.bits, y.bits);
                wr!(regs, d + k, Slot::int(fp::fcmp(p, fa, fb) as u64));
            }
        }
        Op::VSel { d, c, a, b, n, vc } => {
            let cv = if vc { Slot::default() } else { clean!(c) };
            for k in 0..n as u32 {
                let pick = if vc { clean!(c + k) } else { cv };
                wr!(
                    regs,
                    d + k,
                    if pick.bits & 1 == 1 { rd!(regs, a + k) } else { rd!(regs, b + k) }
                );
            }
        }
        Op::VLoad { d, p, n, es, w, align } => {
            let ptr = rd!(regs, p);
            if ptr.bits & (align as u64).wrapping_sub(1) != 0 {
                return false;
            }
            // Straight into the lanes of `d` (consecutive registers, checked by
            // `FnCode::validate`); a failed load may leave some written, as above.
            let Some(lanes) = regs.get_mut(d as usize..d as usize + n as usize) else {
                return false;
            };
            if !cx.mem.load_lanes(ptr, es, w, lanes) {
                return false;
            }
        }
        Op::VStore { v, p, n, es, align } => {
            let ptr = rd!(regs, p);
            if ptr.bits & (align as u64).wrapping_sub(1) != 0 {
                return false;
            }
            // The lanes are consecutive registers (checked by `FnCode::validate`).
            let Some(lanes) = regs.get(v as usize..v as usize + n as usize) else { return false };
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
                *l = if r == NONE {
                    root(
                        cx,
                        at,
                        crate::interp::poison::origin::Why::Static(
                            "shufflevector mask element is poison or undef",
                        ),
                    )
                } else {
                    rd!(regs, r)
                };
            }
            for (j, l) in buf.iter().take(n as usize).enumerate() {
                wr!(regs, d + j as u32, *l);
            }
        }
        _ => return false,
    }
    true
}

/// One out-of-line function per lane vector op kind, each matching only its own kind.
macro_rules! vop {
    ($($name:ident: $pat:pat),* $(,)?) => {
        $(
            #[inline(never)]
            pub(crate) fn $name(cx: &mut Cx, regs: &mut [Slot], op: Op, at: usize) -> bool {
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
