//! `loop-unroll`: fully unrolls innermost loops whose trip count is a small constant, computed
//! from a canonical induction variable, as LLVM's `LoopUnrollPass` does for full unrolling.
//!
//! The loops are first put in simplified form (our `loop-simplify`). A loop qualifies when it
//! is innermost, its only exiting block `X` is the header or the latch and ends in
//! `br i1 %c, ...` with one target outside the loop, and `%c = icmp PRED a, b` compares a
//! constant with either an induction phi `%iv` of the header or `%iv.next = add %iv, STEP`,
//! where `%iv` starts at a constant and takes `%iv.next` from the latch (STEP a constant, any
//! predicate, either operand order, either branch direction; widths up to 64 bits).
//!
//! The trip count is found by simulating the induction variable with wrapping arithmetic at
//! its width, pass by pass, until the exit is taken (at most 128 passes). Where the `add`
//! has `nsw` or `nuw` and a step overflows, the value is poison; a compare of poison then
//! makes the branch undefined behaviour (LangRef: "branching on poison is undefined
//! behavior"), and we do not unroll such loops rather than pick a side. An `icmp samesign` on
//! operands of different signs is poison too and is refused the same way.
//!
//! Unrolling: the loop's blocks are copied once per pass after the first (`%loop.1`,
//! `%x.1`, ... as LLVM names them); pass `k` uses the values of pass `k-1` where the original
//! used the header phis (pass 0 uses their values from the preheader), the exiting block of
//! every pass but the last branches on into the next pass and the last one to the exit, and
//! the back edge goes. Uses after the loop take the last pass's values. Blocks left
//! unreachable (the body after a header that exits) are removed. Every instruction runs
//! exactly as in the original execution, so flags, poison and undef are untouched.
//!
//! Limits: copies × loop size ≤ 400 instructions and at most 128 copies.
//!
//! Not done, deliberately: partial and runtime unrolling, trip counts needing SCEV (non-
//! constant bounds or starts, several exits, nested loops), loops with calls marked
//! `convergent` or `noduplicate`, loops with EH pads, `invoke`, `callbr`, `indirectbr` or
//! address-taken blocks. LLVM also folds the now-constant induction variable and merges the
//! copied blocks; we leave that to other passes (the result is equivalent, with more blocks).

use super::edit::{phis, set_branch};
use super::loop_driver::{drive_innermost, run_loop_pass, LoopView, Outcome};
use super::loop_edit::{
    block_name, clone_inst, new_block, phi_entries, set_phi_entries, value_name, Names, Place,
};
use super::PassResult;
use crate::analysis::loop_info::{
    exit_blocks, exiting_blocks, is_simplified, preheader, single_latch,
};
use crate::analysis::{Cfg, Loop};
use crate::ir::attrs::AttrKind;
use crate::ir::{
    Block, Body, ConstKind, Extra, GlobalId, Inst, InstFlags, IntPredicate, LocalName, MdOperand,
    Module, Opcode, Operand, Value,
};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// At most this many copies of a loop.
pub const MAX_TRIP_COUNT: u64 = 128;
/// At most this many instructions after unrolling.
pub const MAX_UNROLLED_SIZE: usize = 400;

/// Runs `loop-unroll` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    run_loop_pass(m, g, "loops fully unrolled", unroll_loops)
}

/// Fully unrolls every qualifying innermost loop; returns how many.
pub fn unroll_loops(m: &mut Module, body: &mut Body, g: GlobalId) -> u64 {
    let mut names = Names::new(body);
    drive_innermost(m, body, g, |m, body, v, l| {
        if !is_simplified(l, &v.cfg) || has_unclonable_calls(m, body, l) {
            return Outcome::Unchanged;
        }
        let Some(plan) = plan(m, body, &v.cfg, l) else { return Outcome::Unchanged };
        unroll(m, body, &mut names, v, l, &plan);
        Outcome::Gone
    })
}

/// The instructions of the loop's blocks (in no particular order).
fn loop_insts(body: &Body, l: &Loop) -> Vec<Inst> {
    l.blocks()
        .iter()
        .flat_map(|&b| body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]))
        .copied()
        .collect()
}

fn has_unclonable_calls(m: &Module, body: &Body, l: &Loop) -> bool {
    loop_insts(body, l).iter().any(|&i| {
        let Some(d) = body.insts.get(i) else { return true };
        let Some(ci) = d.call_info() else { return false };
        let callee_attrs = match d.args.first() {
            Some(Operand::Const(c)) if m.consts.is_valid(*c) => match m.consts.kind(*c) {
                ConstKind::Global(g) => m.func(*g).map(|f| f.fn_attrs),
                _ => None,
            },
            _ => None,
        };
        [Some(ci.fn_attrs), callee_attrs]
            .into_iter()
            .flatten()
            .any(|s| m.attrs.has(s, AttrKind::Convergent) || m.attrs.has(s, AttrKind::NoDuplicate))
    })
}

struct Plan {
    p: Block,
    h: Block,
    l: Block,
    /// The exiting block.
    x: Block,
    /// Its successor in the loop and its exit.
    x_in: Block,
    e: Block,
    /// The pass (0-based) whose exiting block leaves the loop.
    last: u64,
}

fn int_const(m: &Module, o: Operand) -> Option<(u32, u64)> {
    let Operand::Const(c) = o else { return None };
    if !m.consts.is_valid(c) {
        return None;
    }
    let w = m.types.int_bits(m.consts.ty(c))?;
    match m.consts.kind(c) {
        ConstKind::Int(v) if w <= 64 => Some((w, v.low_u64())),
        ConstKind::Zero if w <= 64 => Some((w, 0)),
        _ => None,
    }
}

fn plan(m: &Module, body: &Body, cfg: &Cfg, l: &Loop) -> Option<Plan> {
    let h = l.header;
    let p = preheader(l, cfg)?;
    let latch = single_latch(l, cfg)?;
    let [x] = exiting_blocks(l, cfg)[..] else { return None };
    let [e] = exit_blocks(l, cfg)[..] else { return None };
    if x != h && x != latch {
        return None;
    }
    // Blocks of the loop entered from outside it (unreachable blocks can do that) would need
    // their phis split per copy: not handled.
    if l.blocks().iter().any(|&b| b != h && cfg.preds(b).iter().any(|&q| !l.contains(q))) {
        return None;
    }
    if x != latch && cfg.succs(latch) != [h] {
        return None;
    }
    let td = body.insts.get(body.terminator(x)?)?;
    let Extra::Br(targets) = &td.extra else { return None };
    let [t, f] = targets[..] else { return None };
    let exit_on_true = match (l.contains(t), l.contains(f)) {
        (false, true) => true,
        (true, false) => false,
        _ => return None,
    };
    let x_in = if exit_on_true { f } else { t };
    // The compare.
    let Operand::Value(cv) = *td.args.first()? else { return None };
    let cmp = body.insts.get(super::loop_edit::def_inst(body, cv)?)?;
    let Extra::ICmp(pred) = cmp.extra else { return None };
    let (a, b) = (*cmp.args.first()?, *cmp.args.get(1)?);
    let (w_op, k, iv_on_left) = match (int_const(m, a), int_const(m, b)) {
        (None, Some(k)) => (a, k, true),
        (Some(k), None) => (b, k, false),
        _ => return None,
    };
    let Operand::Value(w) = w_op else { return None };
    // The induction variable.
    let h_phis = phis(body, h);
    let phi_of = |v: Value| {
        h_phis.iter().copied().find(|&i| body.insts.get(i).and_then(|d| d.result) == Some(v))
    };
    let latch_in =
        |phi: Inst| phi_entries(body, phi).into_iter().find(|e| e.0 == latch).map(|e| e.1);
    let init_of = |phi: Inst| phi_entries(body, phi).into_iter().find(|e| e.0 == p).map(|e| e.1);
    let as_add = |v: Value| -> Option<(Operand, Operand, InstFlags)> {
        let d = body.insts.get(super::loop_edit::def_inst(body, v)?)?;
        if d.op != Opcode::Add {
            return None;
        }
        Some((*d.args.first()?, *d.args.get(1)?, d.flags))
    };
    let (iv_phi, next, compares_next) = match phi_of(w) {
        Some(phi) => match latch_in(phi)? {
            Operand::Value(n) => (phi, n, false),
            _ => return None,
        },
        None => {
            let (x0, x1, _) = as_add(w)?;
            let phi = [x0, x1].into_iter().find_map(|o| match o {
                Operand::Value(v) => phi_of(v),
                _ => None,
            })?;
            (phi, w, true)
        }
    };
    if latch_in(iv_phi)? != Operand::Value(next) {
        return None;
    }
    let iv = body.insts.get(iv_phi)?.result?;
    let (x0, x1, flags) = as_add(next)?;
    let step_op = if x0 == Operand::Value(iv) {
        x1
    } else if x1 == Operand::Value(iv) {
        x0
    } else {
        return None;
    };
    let (width, step) = int_const(m, step_op)?;
    let (w2, start) = int_const(m, init_of(iv_phi)?)?;
    if w2 != width || k.0 != width || width == 0 {
        return None;
    }
    let last = simulate(Sim {
        width,
        start,
        step,
        nsw: flags.has(InstFlags::NSW),
        nuw: flags.has(InstFlags::NUW),
        pred,
        samesign: cmp.flags.has(InstFlags::SAMESIGN),
        k: k.1,
        iv_on_left,
        compares_next,
        exit_on_true,
    })?;
    let copies = last + 1;
    let size = loop_insts(body, l).len();
    if copies > MAX_TRIP_COUNT || (copies as usize).saturating_mul(size) > MAX_UNROLLED_SIZE {
        return None;
    }
    Some(Plan { p, h, l: latch, x, x_in, e, last })
}

struct Sim {
    width: u32,
    start: u64,
    step: u64,
    nsw: bool,
    nuw: bool,
    pred: IntPredicate,
    samesign: bool,
    k: u64,
    iv_on_left: bool,
    compares_next: bool,
    exit_on_true: bool,
}

/// The pass at which the loop exits, or `None` when it does not within the limit or a compared
/// value is poison.
fn simulate(s: Sim) -> Option<u64> {
    let mask = if s.width == 64 { u64::MAX } else { (1u64 << s.width) - 1 };
    let sext = |v: u64| -> i64 {
        let sh = 64 - s.width;
        ((v << sh) as i64) >> sh
    };
    let mut iv = s.start & mask;
    let mut iv_poison = false;
    for pass in 0..MAX_TRIP_COUNT {
        let next = iv.wrapping_add(s.step) & mask;
        let unsigned_overflow = (iv as u128 + (s.step & mask) as u128) > mask as u128;
        let signed_overflow = {
            let r = sext(iv) as i128 + sext(s.step & mask) as i128;
            r != sext(next) as i128
        };
        let next_poison = iv_poison || (s.nuw && unsigned_overflow) || (s.nsw && signed_overflow);
        let (val, poison) = if s.compares_next { (next, next_poison) } else { (iv, iv_poison) };
        if poison {
            return None;
        }
        let (a, b) = if s.iv_on_left { (val, s.k & mask) } else { (s.k & mask, val) };
        if s.samesign && (sext(a) < 0) != (sext(b) < 0) {
            return None;
        }
        let r = match s.pred {
            IntPredicate::Eq => a == b,
            IntPredicate::Ne => a != b,
            IntPredicate::Ult => a < b,
            IntPredicate::Ule => a <= b,
            IntPredicate::Ugt => a > b,
            IntPredicate::Uge => a >= b,
            IntPredicate::Slt => sext(a) < sext(b),
            IntPredicate::Sle => sext(a) <= sext(b),
            IntPredicate::Sgt => sext(a) > sext(b),
            IntPredicate::Sge => sext(a) >= sext(b),
        };
        if r == s.exit_on_true {
            return Some(pass);
        }
        iv = next;
        iv_poison = next_poison;
    }
    None
}

fn unroll(
    m: &mut Module,
    body: &mut Body,
    names: &mut Names,
    lv: &mut LoopView,
    l: &Loop,
    pl: &Plan,
) {
    let (p, h, e) = (pl.p, pl.h, pl.e);
    let blocks: Vec<Block> = lv.in_layout_order(body, l);
    let h_phis = phis(body, h);
    // (phi value, value from the preheader, value from the latch)
    let mut hp: Vec<(Value, Operand, Operand)> = Vec::new();
    for &phi in &h_phis {
        let entries = phi_entries(body, phi);
        let get = |b: Block| entries.iter().find(|x| x.0 == b).map(|x| x.1);
        if let (Some(v), Some(init), Some(back)) =
            (body.insts.get(phi).and_then(|d| d.result), get(p), get(pl.l))
        {
            hp.push((v, init, back));
        }
    }
    // The value map of each pass, and its block map.
    let init_map: HashMap<Value, Operand> = hp.iter().map(|&(v, init, _)| (v, init)).collect();
    let mut maps: Vec<HashMap<Value, Operand>> = vec![init_map];
    let mut bmaps: Vec<HashMap<Block, Block>> = vec![blocks.iter().map(|&b| (b, b)).collect()];
    let map_in = |maps: &[HashMap<Value, Operand>], c: usize, o: Operand| -> Operand {
        match o {
            Operand::Value(v) => maps.get(c).and_then(|mp| mp.get(&v)).copied().unwrap_or(o),
            _ => o,
        }
    };
    let mut after = blocks.last().copied().unwrap_or(h);
    for c in 1..=pl.last as usize {
        let mut vmap: HashMap<Value, Operand> = HashMap::default();
        for &(v, _, back) in &hp {
            vmap.insert(v, map_in(&maps, c - 1, back));
        }
        let mut bmap: HashMap<Block, Block> = HashMap::default();
        for &b in &blocks {
            let base = block_name(m, body, b);
            let name = if base.is_empty() {
                LocalName::Unnamed
            } else {
                names.fresh(m, &format!("{base}.{c}"))
            };
            let nb = new_block(body, name, Place::After(after));
            after = nb;
            bmap.insert(b, nb);
        }
        // Clone first (operands unmapped), then remap once every clone exists.
        let mut cloned = Vec::new();
        for &b in &blocks {
            let insts = body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default();
            for i in insts {
                if h_phis.contains(&i) {
                    continue;
                }
                let name = match body.insts.get(i).and_then(|d| d.result) {
                    Some(v) => {
                        let base = value_name(m, body, v);
                        if base.is_empty() {
                            LocalName::Unnamed
                        } else {
                            names.fresh(m, &format!("{base}.{c}"))
                        }
                    }
                    None => LocalName::Unnamed,
                };
                let Some(ci) = clone_inst(body, i, &HashMap::default(), &bmap, name) else {
                    continue;
                };
                if let (Some(v), Some(nv)) = (
                    body.insts.get(i).and_then(|d| d.result),
                    body.insts.get(ci).and_then(|d| d.result),
                ) {
                    vmap.insert(v, Operand::Value(nv));
                }
                if let Some(nb) = bmap.get(&b).and_then(|&nb| body.blocks.get_mut(nb)) {
                    nb.insts.push(ci);
                }
                cloned.push(ci);
            }
        }
        for &ci in &cloned {
            remap_operands(body, ci, &vmap);
        }
        maps.push(vmap);
        bmaps.push(bmap);
    }
    let last = pl.last as usize;
    // Uses after the loop take the last pass's values; the exit's phis its exiting block.
    let x_last = bmaps.get(last).and_then(|bm| bm.get(&pl.x)).copied().unwrap_or(pl.x);
    let mut outside: Vec<Inst> = Vec::new();
    for &b in &blocks {
        for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
            if let Some(r) = body.insts.get(i).and_then(|d| d.result) {
                outside.extend(lv.uses.users(body, r));
                outside.extend(lv.uses.dbg_users(body, r));
            }
        }
    }
    outside.sort_unstable();
    outside.dedup();
    outside.retain(|&u| lv.uses.block_of(u).is_some_and(|b| !l.contains(b)));
    if let Some(mp) = maps.get(last) {
        for &u in &outside {
            remap_operands(body, u, mp);
        }
    }
    for &u in &outside {
        lv.uses.note(body, u);
    }
    for phi in phis(body, e) {
        let entries: Vec<_> = phi_entries(body, phi)
            .into_iter()
            .map(|(pb, x)| if pb == pl.x { (x_last, x) } else { (pb, x) })
            .collect();
        set_phi_entries(body, phi, &entries);
    }
    // Pass 0: the header phis become their preheader values.
    if let Some(m0) = maps.first() {
        for &b in &blocks {
            for i in body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default() {
                if !h_phis.contains(&i) {
                    remap_operands(body, i, m0);
                }
            }
        }
    }
    // Branches: each pass's exiting block goes on, the last one exits; latches go to the next
    // pass's header.
    for c in 0..=last {
        let Some(bm) = bmaps.get(c) else { continue };
        let get = |b: Block| bm.get(&b).copied().unwrap_or(b);
        let next_h = bmaps.get(c + 1).and_then(|n| n.get(&h)).copied();
        if c == last {
            set_branch(body, get(pl.x), e);
        } else if pl.x == pl.l {
            if let Some(nh) = next_h {
                set_branch(body, get(pl.x), nh);
            }
        } else {
            set_branch(body, get(pl.x), get(pl.x_in));
        }
        if pl.x != pl.l && c < last {
            if let Some(nh) = next_h {
                set_branch(body, get(pl.l), nh);
            }
        }
    }
    lv.remove_insts(body, h, &h_phis);
    // The body after a header that exits is unreachable now (the copies are entered from
    // the preheader only).
    let ours: HashSet<Block> = bmaps.iter().flat_map(|bm| bm.values().copied()).collect();
    let mut live: HashSet<Block> = HashSet::default();
    let mut work = vec![p];
    while let Some(b) = work.pop() {
        for s in body.successors(b) {
            if ours.contains(&s) && live.insert(s) {
                work.push(s);
            }
        }
    }
    let mut all: Vec<Block> = bmaps.iter().flat_map(|bm| bm.values().copied()).collect();
    all.sort_unstable();
    all.dedup();
    let dead: Vec<Block> = all.iter().copied().filter(|b| !live.contains(b)).collect();
    lv.remove_blocks(body, &dead);
    let mut touched: Vec<Block> = all.into_iter().filter(|b| live.contains(b)).collect();
    touched.push(p);
    touched.push(e);
    lv.refresh(body, &touched);
}

/// Replaces value operands (and values inside cloned metadata operands and debug records) by
/// their entries in `map`.
fn remap_operands(body: &mut Body, i: Inst, map: &HashMap<Value, Operand>) {
    let mut mds = Vec::new();
    if let Some(d) = body.insts.get_mut(i) {
        super::edit::for_each_operand_mut(d, &mut |o| {
            if let Operand::Value(v) = *o {
                if let Some(&r) = map.get(&v) {
                    *o = r;
                }
            }
        });
        mds.extend(d.args.iter().filter_map(|a| match a {
            Operand::Md(id) => Some(*id),
            _ => None,
        }));
    }
    if let Some(recs) = body.dbg_records.get(&i) {
        mds.extend(recs.iter().flat_map(|r| r.args.iter().copied()));
    }
    for id in mds {
        let Some(md) = body.md_ops.get_mut(id) else { continue };
        let fix = |o: &mut Operand| {
            if let Operand::Value(v) = *o {
                if let Some(&r) = map.get(&v) {
                    *o = r;
                }
            }
        };
        match md {
            MdOperand::Local(o) => fix(o),
            MdOperand::ArgList(list) => list.iter_mut().for_each(fix),
            MdOperand::Md(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sim(
        start: u64,
        step: u64,
        pred: IntPredicate,
        k: u64,
        next: bool,
        flags: (bool, bool),
    ) -> Option<u64> {
        simulate(Sim {
            width: 8,
            start,
            step,
            nsw: flags.0,
            nuw: flags.1,
            pred,
            samesign: false,
            k,
            iv_on_left: true,
            compares_next: next,
            exit_on_true: false,
        })
    }

    #[test]
    fn trip_counts() {
        // for (i = 0; i + 1 < 4; i++): exits at pass 2 (the latch sees 1, 2, 3).
        assert_eq!(sim(0, 1, IntPredicate::Slt, 3, true, (false, false)), Some(2));
        // header test on the phi: i = 0..3 continue, exits when i = 4.
        assert_eq!(sim(0, 1, IntPredicate::Ult, 4, false, (false, false)), Some(4));
        // i != 10 stepping by 3 wraps around 256 (i8) many times: too many passes.
        assert_eq!(sim(0, 3, IntPredicate::Ne, 10, true, (false, false)), None);
        // i8 signed: 120 + 5 overflows; with nsw the compared value is poison: refused.
        assert_eq!(sim(120, 5, IntPredicate::Slt, 127, true, (true, false)), None);
        // Without nsw the value wraps to -126 and keeps looping past the limit.
        assert!(sim(120, 5, IntPredicate::Slt, 127, true, (false, false)).is_none());
        // Counting down with ugt.
        assert_eq!(sim(5, 255, IntPredicate::Ugt, 2, true, (false, false)), Some(2));
        // eq exits immediately when the next value equals the bound (exit on false: continue
        // while equal).
        assert_eq!(sim(0, 1, IntPredicate::Eq, 1, true, (false, false)), Some(1));
    }
}
