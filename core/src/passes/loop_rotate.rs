//! `loop-rotate`: turns a loop that tests at the top (`while`) into a guarded loop that tests
//! at the bottom (`do-while`), as LLVM's `LoopRotatePass` does.
//!
//! The loops are first put in simplified form (our `loop-simplify`). A loop is rotated when its
//! header `H` ends in `br i1 %c, label %S, label %E` with `S` in the loop and `E` outside, its
//! single latch `L` is not exiting and ends in `br label %H`, `S`'s only predecessor is `H`, and
//! `H` holds at most 16 instructions besides phis and the branch (LLVM's default
//! `-rotation-max-header-size`). Then:
//! 1. `H`'s instructions are cloned into the preheader `P` (header phis replaced by their
//!    values from `P`, clones named after the originals): the guard. `P` now ends in
//!    `br i1 %c', label %S.lr.ph, label %E`, where the new `%S.lr.ph` is the new preheader.
//! 2. Every value `v` defined in `H` gets, where it is used, the definition that reaches the
//!    use: in `H` itself `v`; in blocks dominated by `S` a new phi of `S` merging the guard's
//!    clone (from `%S.lr.ph`) and `v` (from `H`); in blocks dominated by `E` a new phi of `E`
//!    (`%v.lcssa`) merging the clone (from `P`), `v` (from `H`) and the phi of `S` (from the
//!    other exiting blocks). A loop with a use of a header value elsewhere is not rotated.
//! 3. `H`, now entered only from `L`, is merged into `L`, which becomes the exiting latch;
//!    `S` is the new header. The edges from the loop to `E` (now also entered from `P`) move to
//!    a new block (`%H.E_crit_edge`, or `%E.loopexit` with several), so exits stay dedicated.
//!
//! The header's instructions run the same number of times, in the same order, on the same
//! values as before: once in the guard, then once per latch pass, so flags (`nsw`, ...),
//! poison and undef behave as in the original. `undef` operands are cloned as `undef`, which
//! may take a different value in the guard: each execution of the original header could also
//! see a different value, so this is a refinement.
//!
//! Not done, deliberately: headers with calls, `alloca`, `va_arg`, EH pads or more than 16
//! instructions; loops whose latch already exits (LLVM may still rotate some for
//! profitability); loops where `S` has other predecessors; LLVM's multi-rotation and its
//! simplification of the guard when the condition folds; loops with EH pads, `invoke`,
//! `callbr`, `indirectbr` or address-taken blocks.

use super::edit::{phis, rename_phi_incoming};
use super::loop_driver::{
    for_each_exit_edge, md_values, own_blocks, run_loop_pass, unsupported_loops, LoopView,
};
use super::loop_edit::{
    block_name, br_to, clone_inst, make_inst, new_block, phi_data, phi_entries, set_phi_entries,
    split_predecessors, value_name, Names, Place,
};
use super::PassResult;
use crate::analysis::loop_info::{latches, preheader, single_latch};
use crate::analysis::Loop;
use crate::ir::{
    Block, Body, Extra, GlobalId, Inst, LocalName, Module, Opcode, Operand, TypeId, Value,
};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// LLVM's default `-rotation-max-header-size`.
pub const MAX_HEADER_SIZE: usize = 16;

/// Runs `loop-rotate` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    run_loop_pass(m, g, "loops rotated", rotate_loops)
}

/// Rotates every loop of `body` that qualifies, innermost first; returns how many.
///
/// The analyses are those of the start, kept up to date (see `loop_driver.rs`): rotating a
/// loop changes, for the loops around it, only blocks inside them (a guard in its preheader, a
/// new preheader, a new exit block, its old header merged into its latch), which leave their
/// headers, preheaders and latches as they were, and their exits dedicated unless the rotated
/// loop's exit is outside them (the guard then enters that exit from inside while the new exit
/// block enters it from outside): such loops are then no longer in simplified form, as
/// computing the analyses again would find. Rotation makes and removes no loop, so every loop
/// is offered once, deepest first (in the forest's order among equal depths), as recomputing
/// after each rotation would offer them.
pub fn rotate_loops(m: &mut Module, body: &mut Body, g: GlobalId) -> u64 {
    let mut names = Names::new(body);
    let mut v = LoopView::new(m, g, body);
    let n = v.lf.loops().len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(v.lf.get(k).map_or(0, |l| l.depth)));
    let mut simplified = simplified_loops(&v);
    let own = own_blocks(&v.cfg, &v.lf);
    let unsupported = unsupported_loops(body, &v.lf, &own, &|b| v.is_taken(b));
    let mut changes = 0;
    for id in order {
        let Some(l) = v.lf.get(id).cloned() else { continue };
        if unsupported.get(id).copied().unwrap_or(true)
            || !simplified.get(id).copied().unwrap_or(false)
        {
            continue;
        }
        let Some(plan) = plan(body, &v, &l) else { continue };
        rotate(m, body, &mut names, &mut v, &plan);
        changes += 1;
        // The loops around it that do not contain its exit lose their dedicated exits.
        let mut up = l.parent;
        while let Some(a) = up {
            let Some(al) = v.lf.get(a) else { break };
            if al.contains(plan.e) {
                break;
            }
            if let Some(f) = simplified.get_mut(a) {
                *f = false;
            }
            up = al.parent;
        }
    }
    v.finish(&mut m.consts, body);
    changes
}

/// For each loop of the forest: true when it is in simplified form (a preheader, a single
/// latch, dedicated exits). Each edge leaving loops is looked at once per loop it leaves.
fn simplified_loops(v: &LoopView) -> Vec<bool> {
    let lf = &v.lf;
    let cfg = &v.cfg;
    let mut ok: Vec<bool> = lf
        .loops()
        .iter()
        .map(|l| preheader(l, cfg).is_some() && single_latch(l, cfg).is_some())
        .collect();
    let mut checked: HashSet<(usize, Block)> = HashSet::default();
    for_each_exit_edge(cfg, lf, |k, l, _, b| {
        // `b` is an exit block of `l`: dedicated when all its predecessors are in `l`.
        if checked.insert((k, b)) && cfg.preds(b).iter().any(|&p| !l.contains(p)) {
            if let Some(f) = ok.get_mut(k) {
                *f = false;
            }
        }
    });
    ok
}

/// True when `a` dominates `b`, for blocks of the start (the dominator tree of the start) and
/// blocks the pass made (which dominate nothing of the start, and are dominated by what
/// dominates all their predecessors).
fn dominates(v: &LoopView, a: Block, b: Block, depth: u32) -> bool {
    if a == b {
        return true;
    }
    if !v.is_new(b) {
        return !v.is_new(a) && v.dt.dominates(a, b);
    }
    let preds = v.cfg.preds(b);
    depth < 64 && !preds.is_empty() && preds.iter().all(|&p| dominates(v, a, p, depth + 1))
}

/// Where a use of a header value is, after rotation.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Reach {
    /// In the old header: the value itself.
    Header,
    /// Dominated by the new header `S`: its phi.
    S,
    /// Dominated by the exit `E`: a phi there.
    E,
}

struct Plan {
    p: Block,
    h: Block,
    l: Block,
    s: Block,
    e: Block,
    /// True when the header branches to `S` on true.
    s_on_true: bool,
    /// The header's branch condition.
    cond: Operand,
    /// The header's phis and other instructions (the terminator excluded).
    h_phis: Vec<Inst>,
    h_insts: Vec<Inst>,
    /// Values defined in `H`, in order.
    order: Vec<Value>,
    defined: HashSet<Value>,
    /// The instructions using a header value (in an operand, a metadata operand or a debug
    /// record), each once.
    users: Vec<Inst>,
    /// Each block where a header value is used, classified.
    reach: HashMap<Block, Reach>,
}

fn plan(body: &Body, v: &LoopView, l: &Loop) -> Option<Plan> {
    let cfg = &v.cfg;
    let h = l.header;
    let p = preheader(l, cfg)?;
    let [latch] = latches(l, cfg)[..] else { return None };
    if latch == h || cfg.succs(latch) != [h] {
        return None;
    }
    let term = body.terminator(h)?;
    let td = body.insts.get(term)?;
    let Extra::Br(targets) = &td.extra else { return None };
    let [t, f] = targets[..] else { return None };
    let cond = *td.args.first()?;
    let (s, e, s_on_true) = match (l.contains(t), l.contains(f)) {
        (true, false) => (t, f, true),
        (false, true) => (f, t, false),
        _ => return None,
    };
    if cfg.preds(s) != [h] || body.terminator(p).is_none() {
        return None;
    }
    let h_phis = phis(body, h);
    let all = body.blocks.get(h)?.insts.clone();
    let h_insts: Vec<Inst> =
        all.iter().copied().filter(|i| !h_phis.contains(i) && *i != term).collect();
    if h_insts.len() > MAX_HEADER_SIZE {
        return None;
    }
    for &i in &h_insts {
        let d = body.insts.get(i)?;
        if matches!(d.op, Opcode::Call | Opcode::Alloca | Opcode::VaArg | Opcode::LandingPad)
            || d.op.is_terminator()
            || d.ty == TypeId::VOID && d.op != Opcode::Store
        {
            return None;
        }
    }
    let mut order = Vec::new();
    let mut defined = HashSet::default();
    for &i in h_phis.iter().chain(&h_insts) {
        let r = body.insts.get(i)?.result?;
        order.push(r);
        defined.insert(r);
    }
    let mut users: Vec<Inst> = Vec::new();
    for &r in &order {
        users.extend(v.uses.users(body, r));
        users.extend(v.uses.dbg_users(body, r));
    }
    users.sort_unstable();
    users.dedup();
    // Classify every block where a header value is used: in the loop, every block but the
    // header is dominated by `S` (the header's only successor in it).
    let mut reach = HashMap::default();
    let mut classify = |z: Block| -> Option<()> {
        let r = if z == h {
            Reach::Header
        } else if l.contains(z) || dominates(v, s, z, 0) {
            Reach::S
        } else if dominates(v, e, z, 0) {
            Reach::E
        } else {
            return None;
        };
        reach.insert(z, r);
        Some(())
    };
    for &i in &users {
        let b = v.uses.block_of(i)?;
        let d = body.insts.get(i)?;
        let mut zs = Vec::new();
        if let Extra::Phi(bs) = &d.extra {
            for (k, a) in d.args.iter().enumerate() {
                if matches!(a, Operand::Value(x) if defined.contains(x)) {
                    zs.push(*bs.get(k)?);
                }
            }
        } else {
            let mut uses = false;
            super::edit::used_values(body, d, &mut |x| uses |= defined.contains(&x));
            if uses {
                zs.push(b);
            }
        }
        if let Some(recs) = body.dbg_records.get(&i) {
            for r in recs {
                for &a in &r.args {
                    let mut uses = false;
                    md_values(body.md_ops.get(a), &mut |x| uses |= defined.contains(&x));
                    if uses {
                        zs.push(b);
                    }
                }
            }
        }
        for z in zs {
            classify(z)?;
        }
    }
    Some(Plan {
        p,
        h,
        l: latch,
        s,
        e,
        s_on_true,
        cond,
        h_phis,
        h_insts,
        order,
        defined,
        users,
        reach,
    })
}

/// True when instruction `i` (in block `b`) uses `x` where the use reaches `want`.
fn uses_at(body: &Body, pl: &Plan, i: Inst, b: Block, x: Value, want: Reach) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    if let Extra::Phi(bs) = &d.extra {
        return d
            .args
            .iter()
            .zip(bs.iter())
            .any(|(a, z)| *a == Operand::Value(x) && pl.reach.get(z) == Some(&want));
    }
    let mut hit = false;
    super::edit::used_values(body, d, &mut |y| hit |= y == x);
    let dbg = body.dbg_records.get(&i).is_some_and(|recs| {
        recs.iter().any(|r| {
            r.args.iter().any(|&a| {
                let mut h2 = false;
                md_values(body.md_ops.get(a), &mut |y| h2 |= y == x);
                h2
            })
        })
    });
    (hit || dbg) && pl.reach.get(&b) == Some(&want)
}

/// Replaces `old` by `new` in the operands, metadata operands and debug records of `users`
/// (as `edit::replace_all_uses` does for the uses it finds everywhere).
fn replace_uses_in(body: &mut Body, users: &[Inst], old: Value, new: Operand) {
    for &u in users {
        let mut mds = Vec::new();
        if let Some(d) = body.insts.get_mut(u) {
            super::edit::for_each_operand_mut(d, &mut |o| {
                if *o == Operand::Value(old) {
                    *o = new;
                }
            });
            mds.extend(d.args.iter().filter_map(|a| match a {
                Operand::Md(id) => Some(*id),
                _ => None,
            }));
        }
        if let Some(recs) = body.dbg_records.get(&u) {
            mds.extend(recs.iter().flat_map(|r| r.args.iter().copied()));
        }
        for id in mds {
            remap_md(body, id, &|x| (x == old).then_some(new));
        }
    }
}

fn rotate(m: &mut Module, body: &mut Body, names: &mut Names, v: &mut LoopView, pl: &Plan) {
    let (p, h, s, e) = (pl.p, pl.h, pl.s, pl.e);
    let hname = block_name(m, body, h);
    let ename = block_name(m, body, e);
    // In layout order, as building the graph anew lists them.
    let e_preds_before: Vec<Block> = v.layout_sorted(body, v.cfg.preds(e).to_vec());

    // 1. The guard: header values as seen from the preheader.
    let mut pre: HashMap<Value, Operand> = HashMap::default();
    for &phi in &pl.h_phis {
        let entries = phi_entries(body, phi);
        let (Some(x), Some(&(_, init))) =
            (body.insts.get(phi).and_then(|d| d.result), entries.iter().find(|x| x.0 == p))
        else {
            continue;
        };
        pre.insert(x, init);
    }
    let mut clones = Vec::new();
    for &i in &pl.h_insts {
        let name = match body.insts.get(i).and_then(|d| d.result) {
            Some(x) => names.fresh(m, &value_name(m, body, x)),
            None => LocalName::Unnamed,
        };
        let Some(c) = clone_inst(body, i, &pre, &HashMap::default(), name) else { continue };
        if let (Some(x), Some(cv)) =
            (body.insts.get(i).and_then(|d| d.result), body.insts.get(c).and_then(|d| d.result))
        {
            pre.insert(x, Operand::Value(cv));
        }
        clones.push(c);
    }
    let at_p = |o: Operand| match o {
        Operand::Value(x) => pre.get(&x).copied().unwrap_or(o),
        _ => o,
    };
    let lrph_name = names.fresh(m, &format!("{}.lr.ph", block_name(m, body, s)));
    let lrph = new_block(body, lrph_name, Place::Before(s));
    let br = make_inst(body, br_to(s), LocalName::Unnamed);
    if let Some(bd) = body.blocks.get_mut(lrph) {
        bd.insts.push(br);
    }

    // 2. Phis at S and E for the header values used there.
    let mut need_s: Vec<Value> = Vec::new();
    let mut need_e: Vec<Value> = Vec::new();
    let block_of = |i: Inst| v.uses.block_of(i);
    let uses_in = |body: &Body, x: Value, want: Reach| {
        pl.users.iter().any(|&i| block_of(i).is_some_and(|b| uses_at(body, pl, i, b, x, want)))
    };
    for &x in &pl.order {
        if uses_in(body, x, Reach::E) {
            need_e.push(x);
        }
        if uses_in(body, x, Reach::S)
            || (uses_in(body, x, Reach::E) && e_preds_before.iter().any(|&y| y != h))
        {
            need_s.push(x);
        }
    }
    let mut at_s: HashMap<Value, Operand> = HashMap::default();
    let mut s_phis = Vec::new();
    for &x in &need_s {
        let ty = body.value_ty(x);
        let name = names.fresh(m, &value_name(m, body, x));
        let phi = make_inst(
            body,
            phi_data(ty, &[(lrph, at_p(Operand::Value(x))), (h, Operand::Value(x))]),
            name,
        );
        if let Some(r) = body.insts.get(phi).and_then(|d| d.result) {
            at_s.insert(x, Operand::Value(r));
        }
        s_phis.push(phi);
    }
    let mut at_e: HashMap<Value, Operand> = HashMap::default();
    let mut e_phis = Vec::new();
    for &x in &need_e {
        let ty = body.value_ty(x);
        let base = value_name(m, body, x);
        let name = if base.is_empty() {
            LocalName::Unnamed
        } else {
            names.fresh(m, &format!("{base}.lcssa"))
        };
        let mut entries = vec![(p, at_p(Operand::Value(x)))];
        for &y in &e_preds_before {
            let val = if y == h {
                Operand::Value(x)
            } else {
                at_s.get(&x).copied().unwrap_or(Operand::Value(x))
            };
            entries.push((y, val));
        }
        let phi = make_inst(body, phi_data(ty, &entries), name);
        if let Some(r) = body.insts.get(phi).and_then(|d| d.result) {
            at_e.insert(x, Operand::Value(r));
        }
        e_phis.push(phi);
    }
    // Rewrite the uses.
    let map_at = |z: Block, x: Value| -> Option<Operand> {
        match pl.reach.get(&z)? {
            Reach::Header => None,
            Reach::S => at_s.get(&x).copied(),
            Reach::E => at_e.get(&x).copied(),
        }
    };
    let placed: Vec<(Block, Inst)> =
        pl.users.iter().filter_map(|&i| Some((v.uses.block_of(i)?, i))).collect();
    for &(b, i) in &placed {
        let Some(d) = body.insts.get_mut(i) else { continue };
        if let Extra::Phi(bs) = &d.extra {
            let bs = bs.clone();
            for (k, a) in d.args.iter_mut().enumerate() {
                if let (Operand::Value(x), Some(&z)) = (*a, bs.get(k)) {
                    if pl.defined.contains(&x) {
                        if let Some(r) = map_at(z, x) {
                            *a = r;
                        }
                    }
                }
            }
        } else if pl.reach.get(&b).is_some_and(|r| *r != Reach::Header) {
            super::edit::for_each_operand_mut(d, &mut |o| {
                if let Operand::Value(x) = *o {
                    if pl.defined.contains(&x) {
                        if let Some(r) = map_at(b, x) {
                            *o = r;
                        }
                    }
                }
            });
            let mut mds = Vec::new();
            for a in d.args.iter() {
                if let Operand::Md(id) = a {
                    mds.push(*id);
                }
            }
            if let Some(recs) = body.dbg_records.get(&i) {
                mds.extend(recs.iter().flat_map(|r| r.args.iter().copied()));
            }
            for id in mds {
                remap_md(body, id, &|x| if pl.defined.contains(&x) { map_at(b, x) } else { None });
            }
        }
    }
    // Existing phis of S and E get an entry for their new predecessor.
    for phi in phis(body, s) {
        let mut entries = phi_entries(body, phi);
        if let Some(&(_, x)) = entries.iter().find(|x| x.0 == h) {
            entries.push((lrph, at_p(x)));
            set_phi_entries(body, phi, &entries);
        }
    }
    for phi in phis(body, e) {
        let mut entries = phi_entries(body, phi);
        if let Some(&(_, x)) = entries.iter().find(|x| x.0 == h) {
            entries.push((p, at_p(x)));
            set_phi_entries(body, phi, &entries);
        }
    }
    let new_phis: Vec<(Block, Inst)> =
        s_phis.iter().map(|&i| (s, i)).chain(e_phis.iter().map(|&i| (e, i))).collect();
    if let Some(bd) = body.blocks.get_mut(s) {
        let mut x = s_phis;
        x.append(&mut bd.insts);
        bd.insts = x;
    }
    if let Some(bd) = body.blocks.get_mut(e) {
        let mut x = e_phis;
        x.append(&mut bd.insts);
        bd.insts = x;
    }
    // What the rewritten instructions and the new phis use now.
    for &(b, i) in &new_phis {
        v.uses.place_inst(body, i, b);
    }
    for &(_, i) in &placed {
        v.uses.note(body, i);
    }
    for phi in phis(body, s).into_iter().chain(phis(body, e)) {
        v.uses.note(body, phi);
    }
    // The preheader: the clones, then the guard branch.
    if let Some(pt) = body.terminator(p) {
        let c = at_p(pl.cond);
        let mut d = crate::ir::InstData::new(Opcode::Br, TypeId::VOID, vec![c]);
        d.extra = Extra::Br(if pl.s_on_true { Box::new([lrph, e]) } else { Box::new([e, lrph]) });
        if let Some(old) = body.insts.get(pt) {
            d.span = old.span;
            d.md = old.md.clone();
        }
        if let Some(slot) = body.insts.get_mut(pt) {
            *slot = d;
        }
        if let Some(bd) = body.blocks.get_mut(p) {
            let pos = bd.insts.len().saturating_sub(1);
            for (k, c) in clones.into_iter().enumerate() {
                bd.insts.insert(pos + k, c);
            }
        }
    }

    // 3. H keeps only the latch entry of its phis; merge it into the latch.
    let mut dead_phis = Vec::new();
    for &phi in &pl.h_phis {
        let entries: Vec<_> = phi_entries(body, phi).into_iter().filter(|x| x.0 != p).collect();
        let (Some(x), Some(&(_, y))) =
            (body.insts.get(phi).and_then(|d| d.result), entries.first())
        else {
            continue;
        };
        let y = if y == Operand::Value(x) { continue } else { y };
        let mut users = v.uses.users(body, x);
        users.extend(v.uses.dbg_users(body, x));
        users.sort_unstable();
        users.dedup();
        replace_uses_in(body, &users, x, y);
        for &u in &users {
            v.uses.note(body, u);
        }
        dead_phis.push(phi);
    }
    let latch = pl.l;
    let moved: Vec<Inst> = body
        .blocks
        .get(h)
        .map(|bd| bd.insts.iter().copied().filter(|i| !dead_phis.contains(i)).collect())
        .unwrap_or_default();
    if let Some(br) = body.terminator(latch) {
        if let (Some(recs), Some(&first)) = (body.dbg_records.remove(&br), moved.first()) {
            let mut all = recs;
            if let Some(own) = body.dbg_records.remove(&first) {
                all.extend(own);
            }
            body.dbg_records.insert(first, all);
        }
        for phi in &dead_phis {
            body.dbg_records.remove(phi);
            v.uses.forget(*phi);
        }
        if let Some(bd) = body.blocks.get_mut(latch) {
            bd.insts.pop();
            bd.insts.extend(moved);
        }
        if let Some(bd) = body.blocks.get_mut(h) {
            bd.insts.clear();
        }
        v.drop_block(h);
        for x in [s, e] {
            rename_phi_incoming(body, x, h, latch);
        }
    }
    v.refresh(body, &[p, lrph, latch, s, e]);

    // The exit edges from the loop move to a dedicated block.
    let mut inside: Vec<Block> = v.cfg.preds(e).iter().copied().filter(|&x| x != p).collect();
    inside.sort_unstable();
    inside.dedup();
    let name = if inside.len() == 1 {
        format!("{hname}.{ename}_crit_edge")
    } else {
        format!("{ename}.loopexit")
    };
    let split = split_predecessors(m, body, names, e, &inside, &name, ".ph", Place::Before(e));
    let mut touched = inside;
    touched.push(e);
    touched.extend(split);
    v.refresh(body, &touched);
}

fn remap_md(body: &mut Body, id: crate::ir::MdOpId, f: &dyn Fn(Value) -> Option<Operand>) {
    let Some(md) = body.md_ops.get_mut(id) else { return };
    let fix = |o: &mut Operand| {
        if let Operand::Value(v) = *o {
            if let Some(r) = f(v) {
                *o = r;
            }
        }
    };
    match md {
        crate::ir::MdOperand::Local(o) => fix(o),
        crate::ir::MdOperand::ArgList(list) => list.iter_mut().for_each(fix),
        crate::ir::MdOperand::Md(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::loop_info::is_simplified;
    use crate::analysis::{Cfg, DomTree, LoopForest};

    fn rotate_f(src: &str) -> (Module, u64) {
        let (m, _, r) = crate::passes::tests::run_on_f(src, run);
        let n = r.stats.iter().find(|s| s.0 == "loops rotated").map_or(0, |s| s.1);
        (m, n)
    }

    #[test]
    fn nested_loops_rotate_and_stay_simplified() {
        let (m, n) = rotate_f(
            "define i32 @f(i32 %n) {
             entry:
               br label %oh
             oh:
               %i = phi i32 [ 0, %entry ], [ %i.next, %olatch ]
               %s = phi i32 [ 0, %entry ], [ %s.in, %olatch ]
               %oc = icmp slt i32 %i, %n
               br i1 %oc, label %ih, label %exit
             ih:
               %j = phi i32 [ 0, %oh ], [ %j.next, %ibody ]
               %s.in = phi i32 [ %s, %oh ], [ %s.next, %ibody ]
               %ic = icmp slt i32 %j, %i
               br i1 %ic, label %ibody, label %olatch
             ibody:
               %s.next = add i32 %s.in, %j
               %j.next = add i32 %j, 1
               br label %ih
             olatch:
               %i.next = add i32 %i, 1
               br label %oh
             exit:
               ret i32 %s
             }",
        );
        assert_eq!(n, 2, "{}", crate::text::print_module(&m));
        let g = m.global_by_name("f").expect("f");
        let body = m.func(g).and_then(|f| f.body.as_ref()).expect("body");
        let cfg = Cfg::new(body);
        let dt = DomTree::new(&cfg);
        let lf = LoopForest::new(&cfg, &dt);
        assert_eq!(lf.loops().len(), 2);
        assert!(lf.loops().iter().all(|l| is_simplified(l, &cfg)));
    }

    #[test]
    fn header_value_used_after_two_exits_is_not_rotated() {
        // %i is used in %join, reached from the header's exit and from the body's: neither the
        // new header nor the exit dominates it.
        let (_, n) = rotate_f(
            "define i32 @f(i32 %n, i1 %c) {
             entry:
               br label %h
             h:
               %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
               %t = icmp slt i32 %i, %n
               br i1 %t, label %body, label %e1
             body:
               br i1 %c, label %e2, label %latch
             latch:
               %i.next = add i32 %i, 1
               br label %h
             e1:
               br label %join
             e2:
               br label %join
             join:
               ret i32 %i
             }",
        );
        assert_eq!(n, 0);
    }
}
