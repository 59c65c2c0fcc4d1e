//! The fast path's op stream (`FnCode::fcode`): the exact stream with some ops replaced by
//! superinstructions that do the work of several consecutive ops in one dispatch, still
//! counting one step per IR instruction.
//!
//! - Pairs: `icmp`/`fcmp` and the `br` on its result ([`Op::CmpBr`], [`Op::FCmpBr`]), a
//!   `getelementptr` and the load or store through it ([`Op::GepLd`], [`Op::GepSt`]). The
//!   partner op is read from the exact stream at run time.
//! - Returns: a `br` to a block that only returns (after its phis) returns itself, the
//!   value the returned phi takes on its edge.
//! - Branches: a target edge without phi moves becomes its pc ([`DIRECT`]); a compare whose
//!   result only its branch uses carries the branch's targets ([`Op::CmpJump`],
//!   [`Op::FCmpJump`]) and leaves the result unwritten.
//! - Specialized ops for `double` arithmetic and integer operations with flags, shifts and
//!   unsigned division, which otherwise dispatch a second time on their operation.
//! - Loads from stack slots held in registers ([`Op::PLoad`]), `zext`s without `nneg` and
//!   bit-preserving copies whose value is used only by the op right after them: that op
//!   reads the slot's register (the operand's, which holds the value zero-extended)
//!   directly, and stands at the first absorbed op's position with `pre` set to the number
//!   of ops it absorbs. Only ops that check every operand they read for poison take part (a
//!   poison or undef slot must go through the load's re-encoding, on the general path).
//! - A `sext` or `zext` whose value only the GEP right after it uses, as an index: the GEP
//!   reads the source, sign-extended from its own width (or, for a `zext`, as it is).
//!
//! - A store to a register-held stack slot ([`Op::PStore`]) right after an op that completes
//!   without branching runs as part of that op; so does an unconditional branch without phi
//!   moves (the op's `next` pc is then the branch target).
//!
//! Every other position keeps its exact op, so the fast path can stop before any fused op
//! (leaving the frame's pc on its first instruction) and resume after the general path ran
//! that one instruction.

use crate::interp::bytecode::{Access, FEntry, FnCode, Gep, Meta, Op, DIRECT, NONE, TAG};
use crate::ir::{Body, Inst, InstFlags, Operand, Value};
use crate::semantics::fp::FOp;
use crate::semantics::int::IOp;
use std::collections::HashMap;

/// The one instruction that uses each value, for values with exactly one user.
fn single_users(body: &Body) -> HashMap<Value, Inst> {
    let mut users: HashMap<Value, Option<Inst>> = HashMap::new();
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        for &i in &bd.insts {
            let Some(data) = body.insts.get(i) else { continue };
            for &o in data.args.iter() {
                if let Operand::Value(v) = o {
                    users
                        .entry(v)
                        .and_modify(|u| {
                            if *u != Some(i) {
                                *u = None
                            }
                        })
                        .or_insert(Some(i));
                }
            }
        }
    }
    users.into_iter().filter_map(|(v, u)| u.map(|u| (v, u))).collect()
}

/// Replaces reads of register `from` by `to` in `op`; false when `op` may not read a slot's
/// register directly (it does not check the operand for poison) or does not read `from`.
fn rename(c: &mut FnCode, op: &mut Op, from: u32, to: u32) -> bool {
    let mut hit = false;
    let is_st = matches!(op, Op::GepSt { .. });
    let mut sub = |r: &mut u32| {
        if *r == from {
            *r = to;
            hit = true;
        }
    };
    match op {
        Op::Add { a, b, .. }
        | Op::Sub { a, b, .. }
        | Op::Mul { a, b, .. }
        | Op::And { a, b, .. }
        | Op::Or { a, b, .. }
        | Op::Xor { a, b, .. } => {
            sub(a);
            sub(b);
        }
        Op::IBin { a, b, .. }
        | Op::ICmp { a, b, .. }
        | Op::F64 { a, b, .. }
        | Op::F32 { a, b, .. }
        | Op::FCmp { a, b, .. }
        | Op::CmpBr { a, b, .. }
        | Op::FCmpBr { a, b, .. }
        | Op::CmpJump { a, b, .. }
        | Op::FCmpJump { a, b, .. } => {
            sub(a);
            sub(b);
        }
        Op::FAdd64 { a, b, .. }
        | Op::FSub64 { a, b, .. }
        | Op::FMul64 { a, b, .. }
        | Op::FDiv64 { a, b, .. }
        | Op::AddF { a, b, .. }
        | Op::SubF { a, b, .. }
        | Op::MulF { a, b, .. } => {
            sub(a);
            sub(b);
        }
        Op::Shl { a, b, .. }
        | Op::LShr { a, b, .. }
        | Op::AShr { a, b, .. }
        | Op::UDiv { a, b, .. }
        | Op::URem { a, b, .. } => {
            sub(a);
            sub(b);
        }
        Op::Trunc { a, .. }
        | Op::ZExt { a, .. }
        | Op::SExt { a, .. }
        | Op::FNeg { a, .. }
        | Op::Cvt { a, .. }
        | Op::PtrToInt { a, .. }
        | Op::IntToPtr { a, .. } => sub(a),
        Op::Load { p, .. } => sub(p),
        Op::Store { v, p, .. } => {
            sub(v);
            sub(p);
        }
        Op::CondBr { c, .. } => sub(c),
        Op::Switch { v, .. } => sub(v),
        Op::Ret { v } => sub(v),
        Op::Gep { base, g, .. } | Op::GepLd { base, g, .. } | Op::GepSt { base, g, .. } => {
            sub(base);
            let Some(gep) = c.geps.get(*g as usize) else { return false };
            // A fused store's value too (the store checks it for poison).
            let value = is_st && gep.acc.r == from;
            if value || gep.idx.iter().any(|x| x.0 == from) {
                *g = derive_gep(c, *g, |ng| {
                    ng.idx = ng
                        .idx
                        .iter()
                        .map(|&(r, s, w)| (if r == from { to } else { r }, s, w))
                        .collect();
                    if value {
                        ng.acc.r = to;
                    }
                });
                hit = true;
            }
        }
        _ => return false,
    }
    hit
}

/// A new GEP entry: a copy of GEP `g` changed by `change`, for an op of the fast stream
/// (the exact op keeps `g`); `g` itself when there is no such entry.
fn derive_gep(c: &mut FnCode, g: u32, change: impl FnOnce(&mut Gep)) -> u32 {
    let Some(mut ng) = c.geps.get(g as usize).cloned() else { return g };
    change(&mut ng);
    c.geps.push(ng);
    (c.geps.len() - 1) as u32
}

/// True for ops of the fast stream that end by going to their `next` pc when they complete
/// (not branches, calls, returns or ops that always need the general path).
pub fn falls_through(op: &Op) -> bool {
    !matches!(
        op,
        Op::Br { .. }
            | Op::CondBr { .. }
            | Op::Switch { .. }
            | Op::CmpBr { .. }
            | Op::FCmpBr { .. }
            | Op::CmpJump { .. }
            | Op::FCmpJump { .. }
            | Op::Ret { .. }
            | Op::Call { .. }
            | Op::Unreachable
            | Op::Generic { .. }
    )
}

/// Builds `c.fcode` from `c.ops`.
pub fn fuse(c: &mut FnCode, body: &Body) {
    let n = c.ops.len();
    let mut fops = c.ops.clone();
    let mut meta: Vec<Meta> =
        (0..n).map(|pc| Meta { next: pc as u32 + 1, pre: 0, steps: 1, post: 0, rem: 0 }).collect();
    if n == 0 || n >= 1 << 24 {
        chains(&fops, &mut meta);
        c.fcode = fops.into_iter().zip(meta).map(|(op, meta)| FEntry { op, meta }).collect();
        return;
    }
    // Pairs.
    for q in 0..n - 1 {
        let (Some(&op), Some(&next)) = (c.ops.get(q), c.ops.get(q + 1)) else { continue };
        let f = match (op, next) {
            (Op::ICmp { p, d, a, b, w, f }, Op::CondBr { c: cv, .. }) if cv == d => {
                Op::CmpBr { p, d, a, b, w, f }
            }
            (Op::FCmp { p, d, a, b, s }, Op::CondBr { c: cv, .. }) if cv == d => {
                Op::FCmpBr { p, d, a, b, s }
            }
            (Op::Gep { d, base, g }, Op::Load { p, d: r, n, w, align }) if p == d => {
                Op::GepLd { d, base, g: derive_gep(c, g, |ng| ng.acc = Access { r, n, w, align }) }
            }
            (Op::Gep { d, base, g }, Op::Store { p, v, n, align }) if p == d && v != d => {
                Op::GepSt {
                    d,
                    base,
                    g: derive_gep(c, g, |ng| ng.acc = Access { r: v, n, w: 0, align }),
                }
            }
            _ => continue,
        };
        if let (Some(slot), Some(m)) = (fops.get_mut(q), meta.get_mut(q)) {
            *slot = f;
            *m = Meta { next: q as u32 + 2, pre: 0, steps: 2, post: 0, rem: 0 };
        }
    }
    // Index extensions absorbed by the GEP right after them.
    let users = single_users(body);
    let insts = c.insts.clone();
    // The result of the instruction at `pc` has one use, by `user`.
    let only_user = |pc: usize, user: Inst| -> bool {
        insts
            .get(pc)
            .and_then(|&i| body.insts.get(i))
            .and_then(|d| d.result)
            .and_then(|v| users.get(&v))
            == Some(&user)
    };
    for q in 1..n {
        let (Some(&user), Some(&gop), Some(&ext)) = (insts.get(q), fops.get(q), c.ops.get(q - 1))
        else {
            continue;
        };
        let (Op::Gep { base, g, .. } | Op::GepLd { base, g, .. } | Op::GepSt { base, g, .. }) = gop
        else {
            continue;
        };
        let (Op::SExt { d, a, from, .. } | Op::ZExt { d, a, from, f: 0 }) = ext else { continue };
        let Some(gep) = c.geps.get(g as usize) else { continue };
        let Some(&(_, _, iw)) = gep.idx.iter().find(|x| x.0 == d) else { continue };
        if !only_user(q - 1, user) || base == d || gep.idx.iter().filter(|x| x.0 == d).count() != 1
        {
            continue;
        }
        // The index reads the source instead: sign-extended from its own width, it is the
        // `sext`; zero-extended (as registers hold it) and narrower than the index, the `zext`.
        let nw = match ext {
            Op::SExt { .. } => from,
            _ if iw > from => iw,
            _ => continue,
        };
        let mut head = gop;
        if let Op::Gep { g: hg, .. } | Op::GepLd { g: hg, .. } | Op::GepSt { g: hg, .. } = &mut head
        {
            *hg = derive_gep(c, g, |ng| {
                ng.idx = ng.idx.iter().map(|&x| if x.0 == d { (a, x.1, nw) } else { x }).collect()
            });
        }
        let (Some(m), Some(slot)) = (meta.get(q).copied(), fops.get_mut(q - 1)) else { continue };
        *slot = head;
        if let Some(mm) = meta.get_mut(q - 1) {
            *mm = Meta { next: m.next, pre: m.pre + 1, steps: m.steps + 1, post: 0, rem: 0 };
        }
    }
    // Specialized forms of ops that otherwise dispatch again on their operation.
    for op in fops.iter_mut() {
        *op = match *op {
            Op::F64 { op: FOp::Add, d, a, b } => Op::FAdd64 { d, a, b },
            Op::F64 { op: FOp::Sub, d, a, b } => Op::FSub64 { d, a, b },
            Op::F64 { op: FOp::Mul, d, a, b } => Op::FMul64 { d, a, b },
            Op::F64 { op: FOp::Div, d, a, b } => Op::FDiv64 { d, a, b },
            Op::IBin { op: IOp::Add, d, a, b, w, f }
                if f & !(InstFlags::NUW | InstFlags::NSW) == 0 =>
            {
                Op::AddF { d, a, b, w, f }
            }
            Op::IBin { op: IOp::Sub, d, a, b, w, f }
                if f & !(InstFlags::NUW | InstFlags::NSW) == 0 =>
            {
                Op::SubF { d, a, b, w, f }
            }
            Op::IBin { op: IOp::Mul, d, a, b, w, f }
                if f & !(InstFlags::NUW | InstFlags::NSW) == 0 =>
            {
                Op::MulF { d, a, b, w, f }
            }
            Op::IBin { op: IOp::Shl, d, a, b, w, f: 0 } => Op::Shl { d, a, b, w },
            Op::IBin { op: IOp::LShr, d, a, b, w, f: 0 } => Op::LShr { d, a, b, w },
            Op::IBin { op: IOp::AShr, d, a, b, w, f: 0 } => Op::AShr { d, a, b, w },
            Op::IBin { op: IOp::UDiv, d, a, b, f: 0, .. } => Op::UDiv { d, a, b },
            Op::IBin { op: IOp::URem, d, a, b, f: 0, .. } => Op::URem { d, a, b },
            op => op,
        };
    }
    // Branch targets: the pc of an edge without phi moves; a compare whose result only its
    // branch uses takes the branch's targets and leaves the result unwritten.
    let target = |e: u32| match c.edges.get(e as usize) {
        Some(ed) if ed.n == 0 && ed.pc < DIRECT => DIRECT | ed.pc,
        _ => e,
    };
    for q in 0..n {
        let Some(op) = fops.get(q).copied() else { continue };
        let only_br = || insts.get(q + 1).is_some_and(|&b| only_user(q, b));
        let new = match (op, c.ops.get(q + 1)) {
            (Op::Br { e }, _) => Op::Br { e: target(e) },
            (Op::CondBr { c: cv, t, f }, _) => Op::CondBr { c: cv, t: target(t), f: target(f) },
            (Op::CmpBr { p, a, b, w, f, .. }, Some(&Op::CondBr { t, f: fe, .. })) if only_br() => {
                Op::CmpJump { p, a, b, w, ss: f != 0, t: target(t), f: target(fe) }
            }
            (Op::FCmpBr { p, a, b, s, .. }, Some(&Op::CondBr { t, f: fe, .. })) if only_br() => {
                Op::FCmpJump { p, a, b, s, t: target(t), f: target(fe) }
            }
            _ => continue,
        };
        if let Some(slot) = fops.get_mut(q) {
            *slot = new;
        }
    }
    // A branch to a block that only returns (after its phis) returns itself, the value that
    // the returned phi takes on the branch's edge (the block's other phis are dead there).
    let mut ret_phis: HashMap<usize, Inst> = HashMap::new();
    for q in 0..n {
        let Some(&Op::Br { e }) = c.ops.get(q) else { continue };
        let Some(ed) = c.edges.get(e as usize) else { continue };
        let Some(&Op::Ret { v }) = c.ops.get(ed.pc as usize) else { continue };
        if !ed.narrow || (v != NONE && v & TAG != 0) {
            continue;
        }
        let moves = c
            .moves
            .get(ed.mv as usize..(ed.mv as usize).saturating_add(ed.n as usize))
            .unwrap_or_default();
        let v = match moves.iter().find(|mv| mv.d == v) {
            Some(mv) if mv.s & TAG == 0 => {
                ret_phis.insert(q, mv.inst);
                mv.s
            }
            Some(_) => continue,
            None => v,
        };
        if let (Some(op), Some(m)) = (fops.get_mut(q), meta.get_mut(q)) {
            *op = Op::Ret { v };
            *m = Meta { next: q as u32 + 1, pre: 0, steps: 2, post: 0, rem: 0 };
        }
    }
    // Loads absorbed by the op that uses them.
    let mut heads = Vec::new();
    for q in 1..n {
        let (Some(mut x), Some(&m)) = (fops.get(q).copied(), meta.get(q)) else { continue };
        // The instructions the op does the work of, up to its own: a load used by one of them
        // (the op's own, or an index extension it absorbed) is read by the op.
        let mut covered = insts.get(q..=q + m.pre as usize).unwrap_or_default().to_vec();
        covered.extend(ret_phis.get(&q));
        let mut j = q;
        let mut pending = Vec::new();
        while j > 0 && (q - (j - 1)) + (m.steps as usize) < 64 {
            // A load of a register-held slot is its register; a `zext` without `nneg`, or a
            // bit-preserving copy, is its operand's register (which holds it zero-extended).
            let (d, src) = match c.ops.get(j - 1) {
                Some(&Op::PLoad { d, cell, .. }) => (d, cell),
                Some(&Op::ZExt { d, a, f: 0, .. }) | Some(&Op::Mov { d, a }) => (d, a),
                _ => break,
            };
            if !covered.iter().any(|&u| only_user(j - 1, u)) {
                break;
            }
            covered.extend(insts.get(j - 1));
            pending.push((d, src));
            j -= 1;
        }
        if pending.is_empty() {
            continue;
        }
        let mut ok = true;
        for &(d, cell) in &pending {
            ok &= rename(c, &mut x, d, cell);
        }
        if ok {
            let k = (q - j) as u8;
            heads.push((
                j,
                x,
                Meta { next: m.next, pre: m.pre + k, steps: m.steps + k, post: 0, rem: 0 },
            ));
        }
    }
    for (j, x, m) in heads {
        if let (Some(slot), Some(mm)) = (fops.get_mut(j), meta.get_mut(j)) {
            *slot = x;
            *mm = m;
        }
    }
    // Stores to register-held stack slots, absorbed by the op before them (which completes
    // first, so the store sees its result).
    for pc in 0..n {
        let (Some(op), Some(m)) = (fops.get(pc), meta.get(pc).copied()) else { continue };
        if !falls_through(op) || m.steps >= 60 || m.next as usize <= pc {
            continue;
        }
        if let Some(Op::PStore { .. }) = c.ops.get(m.next as usize) {
            if let Some(mm) = meta.get_mut(pc) {
                *mm = Meta {
                    next: m.next + 1,
                    pre: m.pre,
                    steps: m.steps + 1,
                    post: (m.next as usize - pc) as u8,
                    rem: 0,
                };
            }
        }
    }
    // Unconditional branches without phi moves, absorbed by the op before them.
    for pc in 0..n {
        let (Some(op), Some(m)) = (fops.get(pc), meta.get(pc).copied()) else { continue };
        if !falls_through(op) || m.steps >= 64 {
            continue;
        }
        let Some(&Op::Br { e }) = c.ops.get(m.next as usize) else { continue };
        let Some(ed) = c.edges.get(e as usize) else { continue };
        if ed.n == 0 {
            if let Some(mm) = meta.get_mut(pc) {
                *mm = Meta { next: ed.pc, steps: m.steps + 1, ..m };
            }
        }
    }
    chains(&fops, &mut meta);
    c.fcode = fops.into_iter().zip(meta).map(|(op, meta)| FEntry { op, meta }).collect();
}

/// Sets each op's chain steps (`Meta::rem`): an op that falls through forward continues its
/// chain at `next`; one that falls through backward (a loop's branch it absorbed), or whose
/// chain would not fit the count, flags `next` as a new chain's start ([`Meta::CHARGE`]).
/// Also flags [`Meta::JUMP`] where `next` is not the op right after.
fn chains(ops: &[Op], meta: &mut [Meta]) {
    for pc in (0..meta.len()).rev() {
        let Some(&m) = meta.get(pc) else { continue };
        if m.next as usize != pc + 1 {
            if let Some(mm) = meta.get_mut(pc) {
                mm.post |= Meta::JUMP;
            }
        }
        let steps = m.steps as u32;
        let on = ops.get(pc).is_some_and(falls_through);
        let after = if on && m.next as usize > pc {
            meta.get(m.next as usize).map(|x| x.rem as u32)
        } else {
            None
        };
        let (rem, charge) = match after {
            Some(r) if steps + r <= u16::MAX as u32 => (steps + r, false),
            _ => (steps, on),
        };
        if let Some(mm) = meta.get_mut(pc) {
            mm.rem = rem as u16;
            if charge {
                mm.post |= Meta::CHARGE;
            }
        }
    }
}
