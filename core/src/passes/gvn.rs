//! `gvn`: global value numbering: redundant computations and loads replaced by a dominating
//! leader, with the alias analysis for memory and equalities learned from branch conditions.
//!
//! What it does, in one walk of the dominator tree (a scoped leader table, so a leader always
//! dominates what it replaces):
//! * expressions are numbered by opcode, types, predicate and the numbers (leaders) of their
//!   operands, commutative operands and `icmp` sides in canonical order, as in `early-cse`; an
//!   expression already available is replaced by its leader. Phis are numbered too: two phis of
//!   one block with the same incoming values are one, and a phi whose incoming values are all
//!   one value (or itself) is that value;
//! * the flag rule of `early-cse`: the leader keeps only the poison-generating flags
//!   (`nsw`, `exact`, `inbounds`, fast-math ...) both instructions had (LangRef: a flag can
//!   only add poison, so the merged value must not have more flags than the replaced one);
//! * redundant loads (non-volatile, non-atomic): the memory dependence of a load is found by
//!   walking back from it with `analysis/alias.rs`'s `mod_ref`: a store of the same type to a
//!   must-alias pointer forwards its value, an earlier load of the same type from a must-alias
//!   pointer gives its value, anything that may write the location stops the search. At a
//!   block start the search continues into every predecessor; the load is replaced when all
//!   paths agree on one value (a loop on the way, more than a few blocks, or running out of
//!   budget gives up). When every path has a value at the load's own block but they differ, a
//!   phi of them is built at the block start (the fully-available case); no load is inserted
//!   on a path that lacks one (no load PRE);
//! * equality propagation: on the edge `P -> S` of a conditional `br` where `S` has `P` as its
//!   only predecessor, the condition is known (`true` to the first target, `false` to the
//!   second), and from `icmp eq %x, C` (true edge) or `icmp ne %x, C` (false edge) with an
//!   integer constant `C`, `%x` is `C`: uses in blocks `S` dominates (and phi entries from
//!   them) are rewritten. This is valid under poison and undef: a branch on a poison or undef
//!   condition is immediate UB, so on the edge taken the comparison really held.
//!
//! Not done: partial redundancy elimination of loads or expressions, equalities between two
//! non-constant values or pointers (replacing a pointer by an equal one can change its
//! provenance), `and`/`or` of conditions. `instsimplify` runs before and after the numbering
//! (constants folded, identities such as `x + 0`, known bits).

use super::early_cse::{expr_key, intersect_flags, intersect_load_md, ExprKey};
use super::edit::{phis, remove_insts, replace_chained, resolve_chain};
use super::{with_body, PassResult};
use crate::analysis::alias::{AliasAnalysis, AliasResult, Location};
use crate::analysis::{Cfg, DomTree};
use crate::ir::attrs::ModRef;
use crate::ir::SecondaryMap;
use crate::ir::{
    Block, Body, ConstKind, Extra, GlobalId, Inst, InstFlags, IntPredicate, Module, Opcode,
    Operand, Ordering, Value, ValueDef,
};
use rustc_hash::FxHashMap as HashMap;

/// Instructions a load's dependence search may look at, in total.
const SCAN_BUDGET: usize = 400;
/// Blocks a load's dependence search may visit.
const BLOCK_BUDGET: usize = 16;

/// Runs `gvn` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let s = gvn(m, g, body);
        PassResult::from_stats(vec![
            ("instructions merged or simplified", s.0),
            ("phis merged or simplified", s.1),
            ("loads replaced", s.2),
            ("uses rewritten by branch conditions", s.3),
            ("instructions removed", s.4),
        ])
    })
}

struct Ctx<'a> {
    m: &'a Module,
    aa: AliasAnalysis<'a>,
    body: &'a Body,
    cfg: &'a Cfg,
    dt: &'a DomTree,
    inst_pos: SecondaryMap<Inst, (Option<Block>, usize)>,
    /// `i1 true` and `i1 false`.
    bools: (crate::ir::ConstId, crate::ir::ConstId),
}

impl<'a> Ctx<'a> {
    /// The value a load of `loc` with type `ty` would read at position `pos` of `b` (before the
    /// instruction at `pos`), if every path agrees.
    /// With `per_pred` (at the load's own block only), paths that disagree at the block start
    /// fill it with the value of each predecessor edge (in `cfg.preds` order) instead.
    #[allow(clippy::too_many_arguments)]
    fn available(
        &self,
        b: Block,
        pos: usize,
        loc: Location,
        ty: crate::ir::TypeId,
        budget: &mut usize,
        blocks: &mut Vec<Block>,
        repl: &dyn Fn(Operand) -> Operand,
        per_pred: Option<&mut Vec<Operand>>,
    ) -> Option<Operand> {
        let bd = self.body.blocks.get(b)?;
        let end = pos.min(bd.insts.len());
        for k in (0..end).rev() {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            let &i = bd.insts.get(k)?;
            let d = self.body.insts.get(i)?;
            let simple = !d.flags.has(InstFlags::VOLATILE)
                && d.mem_info().is_none_or(|mi| mi.ordering == Ordering::NotAtomic);
            match d.op {
                Opcode::Store if simple => {
                    let (&v, &p) = (d.args.first()?, d.args.get(1)?);
                    let r = self
                        .aa
                        .alias(Location { ptr: p, size: self.aa.store_size(self.aa_ty(v)) }, loc);
                    match r {
                        AliasResult::NoAlias => continue,
                        AliasResult::MustAlias if self.aa_ty(v) == ty => return Some(repl(v)),
                        _ => return None,
                    }
                }
                Opcode::Load if simple => {
                    let &p = d.args.first()?;
                    if d.ty == ty
                        && self.aa.alias(Location { ptr: p, size: self.aa.store_size(d.ty) }, loc)
                            == AliasResult::MustAlias
                    {
                        return d.result.map(|r| repl(Operand::Value(r)));
                    }
                    continue;
                }
                _ => {
                    let mr = self.aa.mod_ref(d, loc);
                    if mr as u8 & ModRef::Mod as u8 != 0 {
                        return None;
                    }
                }
            }
        }
        // The block start: every predecessor must agree.
        let preds = self.cfg.preds(b);
        if preds.is_empty() || blocks.contains(&b) || blocks.len() >= BLOCK_BUDGET {
            return None;
        }
        blocks.push(b);
        let top = per_pred.is_some();
        let mut vals: Vec<Operand> = Vec::with_capacity(preds.len());
        let mut seen: Vec<(Block, Operand)> = Vec::new();
        for &p in preds {
            let v = match seen.iter().find(|(q, _)| *q == p) {
                Some(&(_, v)) => v,
                None => {
                    if !self.dt.is_reachable(p) {
                        return None;
                    }
                    let n = self.body.blocks.get(p).map(|bd| bd.insts.len())?;
                    let v = self.available(p, n, loc, ty, budget, blocks, repl, None)?;
                    seen.push((p, v));
                    v
                }
            };
            if !top && vals.first().is_some_and(|&f| f != v) {
                return None;
            }
            vals.push(v);
        }
        let first = *vals.first()?;
        if vals.iter().all(|&v| v == first) {
            return Some(first);
        }
        if let Some(out) = per_pred {
            *out = vals;
        }
        None
    }

    fn aa_ty(&self, o: Operand) -> crate::ir::TypeId {
        match o {
            Operand::Value(v) => self.body.value_ty(v),
            Operand::Const(c) if self.m.consts.is_valid(c) => self.m.consts.ty(c),
            _ => crate::ir::TypeId::VOID,
        }
    }

    fn reachable(&self, b: Block) -> bool {
        self.dt.is_reachable(b)
    }

    fn dominates(&self, a: Block, b: Block) -> bool {
        self.dt.dominates(a, b)
    }
}

#[derive(Default)]
struct Found {
    /// Value replacements (global: the leader dominates every use of the replaced value).
    repl: SecondaryMap<Value, Option<Operand>>,
    dead: SecondaryMap<Inst, bool>,
    /// Leaders whose flags must be intersected with the replaced instruction's.
    flag_merges: Vec<(Inst, Inst)>,
    load_merges: Vec<(Inst, Inst)>,
    /// Operand rewrites from branch conditions: (instruction, operand index, new operand).
    rewrites: Vec<(Inst, usize, Operand)>,
    /// Phis to build for loads whose paths disagree: block, type, value per predecessor edge,
    /// and the load they replace.
    new_phis: Vec<(Block, crate::ir::TypeId, Vec<Operand>, Inst)>,
    stats: (u64, u64, u64, u64),
    /// The entry positions of each wide phi by incoming block, built when first needed.
    phi_entries: HashMap<Inst, HashMap<Block, Vec<usize>>>,
}

/// Returns the counts of [`run`]'s statistics, in order.
fn gvn(m: &mut Module, g: GlobalId, body: &mut Body) -> (u64, u64, u64, u64, u64) {
    let Some(entry) = body.entry() else { return (0, 0, 0, 0, 0) };
    let (simplified, removed) = instsimplify(m, g, body);
    let cfg = Cfg::new(body);
    let dt = DomTree::new(&cfg);
    let i1 = m.types.int(1);
    let bools = (
        m.consts.int(i1, crate::ir::ApInt::from_u64(1, 1)),
        m.consts.int(i1, crate::ir::ApInt::from_u64(1, 0)),
    );
    let mut f = Found {
        repl: SecondaryMap::from_elem(None, body.values.len()),
        dead: SecondaryMap::from_elem(false, body.insts.len()),
        ..Found::default()
    };
    {
        let mut inst_pos = SecondaryMap::from_elem((None, 0usize), body.insts.len());
        for &b in &body.layout {
            if let Some(bd) = body.blocks.get(b) {
                for (k, &i) in bd.insts.iter().enumerate() {
                    if let Some(s) = inst_pos.get_mut(i) {
                        *s = (Some(b), k);
                    }
                }
            }
        }
        let ctx = Ctx {
            m,
            aa: AliasAnalysis::new(m, g, body),
            body,
            cfg: &cfg,
            dt: &dt,
            inst_pos,
            bools,
        };
        walk(&ctx, entry, &mut f);
    }
    // Apply: new phis, equality rewrites, flag intersections, then value replacements.
    for (b, ty, vals, load) in std::mem::take(&mut f.new_phis) {
        let preds = cfg.preds(b).to_vec();
        if preds.len() != vals.len() {
            continue;
        }
        let Some(lr) = body.insts.get(load).and_then(|d| d.result) else { continue };
        let mut data = crate::ir::InstData::new(Opcode::Phi, ty, vals);
        data.extra = Extra::Phi(preds.into_boxed_slice());
        data.span = body.insts.get(load).map(|d| d.span).unwrap_or_default();
        let name = body.values.get(lr).map(|vd| vd.name).unwrap_or_default();
        if let Some(vd) = body.values.get_mut(lr) {
            vd.name = crate::ir::LocalName::Unnamed;
        }
        let pi = body.append(b, data, name);
        if let Some(bd) = body.blocks.get_mut(b) {
            bd.insts.pop();
            bd.insts.insert(0, pi);
        }
        if let Some(pv) = body.insts.get(pi).and_then(|d| d.result) {
            if let Some(s) = f.repl.get_mut(lr) {
                *s = Some(Operand::Value(pv));
            }
        }
    }
    for &(i, k, o) in &f.rewrites {
        if let Some(d) = body.insts.get_mut(i) {
            if let Some(slot) = d.args.get_mut(k) {
                *slot = o;
            }
        }
    }
    for &(keep, gone) in &f.flag_merges {
        if let Some(gd) = body.insts.get(gone).cloned() {
            intersect_flags(body, keep, &gd);
        }
    }
    for &(keep, gone) in &f.load_merges {
        if let Some(gd) = body.insts.get(gone).cloned() {
            intersect_load_md(m, body, keep, &gd);
        }
    }
    let (a, b, c, d) = f.stats;
    if a + b + c + d > 0 {
        replace_chained(body, &f.repl);
        remove_insts(&mut m.consts, body, &|i| f.dead.get(i).copied().unwrap_or(false));
    }
    let (simplified2, removed2) = instsimplify(m, g, body);
    (a + simplified + simplified2, b, c, d, removed + removed2)
}

/// Runs `instsimplify`'s worklist over the body; returns how many instructions it folded and
/// how many it removed (those it folded, and dead ones).
fn instsimplify(m: &mut Module, g: GlobalId, body: &mut Body) -> (u64, u64) {
    let mut w = super::instsimplify::Worklist::new(m, g, body);
    w.run(m, body, None);
    w.finish(m, body)
}

/// The equalities known on entry to `s` from its single predecessor's branch.
fn edge_facts(
    ctx: &Ctx,
    s: Block,
    repl: &SecondaryMap<Value, Option<Operand>>,
) -> Vec<(Value, Operand)> {
    let (m, body, cfg) = (ctx.m, ctx.body, ctx.cfg);
    let mut out = Vec::new();
    let [p] = cfg.preds(s) else { return out };
    let Some(t) = body.terminator(*p) else { return out };
    let Some(d) = body.insts.get(t) else { return out };
    let (Opcode::Br, Extra::Br(targets)) = (&d.op, &d.extra) else { return out };
    let [tt, ff] = targets.as_ref() else { return out };
    if tt == ff {
        return out;
    }
    let on_true = *tt == s;
    let Some(&cond) = d.args.first() else { return out };
    let Operand::Value(cv) = resolve_chain(repl, cond) else { return out };
    if m.types.int_bits(body.value_ty(cv)) == Some(1) {
        out.push((cv, Operand::Const(if on_true { ctx.bools.0 } else { ctx.bools.1 })));
    }
    let Some(ValueDef::Inst(ci)) = body.values.get(cv).map(|vd| vd.def) else { return out };
    let Some(cd) = body.insts.get(ci) else { return out };
    let (Opcode::ICmp, Extra::ICmp(pred)) = (&cd.op, &cd.extra) else { return out };
    let holds_eq = matches!((pred, on_true), (IntPredicate::Eq, true) | (IntPredicate::Ne, false));
    if !holds_eq {
        return out;
    }
    let (Some(&a), Some(&b)) = (cd.args.first(), cd.args.get(1)) else { return out };
    let (a, b) = (resolve_chain(repl, a), resolve_chain(repl, b));
    let is_int_const = |o: Operand| matches!(o, Operand::Const(c) if m.consts.is_valid(c) && matches!(m.consts.kind(c), ConstKind::Int(_)));
    match (a, b) {
        (Operand::Value(x), c) if is_int_const(c) => out.push((x, c)),
        (c, Operand::Value(x)) if is_int_const(c) => out.push((x, c)),
        _ => {}
    }
    out
}

fn walk(ctx: &Ctx, entry: Block, f: &mut Found) {
    let dt = ctx.dt;
    let mut exprs: HashMap<ExprKey, Vec<(Value, Inst)>> = HashMap::default();
    let mut facts: HashMap<Value, Vec<Operand>> = HashMap::default();
    struct Frame {
        block: Block,
        child: usize,
        keys: Vec<ExprKey>,
        facts: Vec<Value>,
    }
    let mut stack =
        vec![Frame { block: entry, child: usize::MAX, keys: Vec::new(), facts: Vec::new() }];
    while let Some(top) = stack.last_mut() {
        if top.child == usize::MAX {
            top.child = 0;
            let b = top.block;
            let mut my_facts = Vec::new();
            for (x, c) in edge_facts(ctx, b, &f.repl) {
                facts.entry(x).or_default().push(c);
                my_facts.push(x);
            }
            let mut my_keys = Vec::new();
            visit_block(ctx, b, &mut exprs, &facts, f, &mut my_keys);
            if let Some(top) = stack.last_mut() {
                top.keys = my_keys;
                top.facts = my_facts;
            }
        }
        let Some(top) = stack.last_mut() else { break };
        if let Some(&c) = dt.children(top.block).get(top.child) {
            top.child += 1;
            stack.push(Frame { block: c, child: usize::MAX, keys: Vec::new(), facts: Vec::new() });
        } else if let Some(fr) = stack.pop() {
            for k in fr.keys {
                if let Some(v) = exprs.get_mut(&k) {
                    v.pop();
                }
            }
            for x in fr.facts {
                if let Some(v) = facts.get_mut(&x) {
                    v.pop();
                }
            }
        }
    }
}

fn visit_block(
    ctx: &Ctx,
    b: Block,
    exprs: &mut HashMap<ExprKey, Vec<(Value, Inst)>>,
    facts: &HashMap<Value, Vec<Operand>>,
    f: &mut Found,
    my_keys: &mut Vec<ExprKey>,
) {
    let (m, body) = (ctx.m, ctx.body);
    let Some(bd) = body.blocks.get(b) else { return };
    let fact = |v: Value| facts.get(&v).and_then(|s| s.last()).copied();
    let all_preds_reachable = ctx.cfg.preds(b).iter().all(|&p| ctx.reachable(p));
    for (pos, &i) in bd.insts.iter().enumerate() {
        let Some(d) = body.insts.get(i) else { continue };
        // Equalities from dominating branch edges (phi operands are handled from their
        // incoming blocks below).
        if d.op != Opcode::Phi && !facts.is_empty() {
            for (k, &o) in d.args.iter().enumerate() {
                if let Operand::Value(v) = resolve_chain(&f.repl, o) {
                    if let Some(c) = fact(v) {
                        f.rewrites.push((i, k, c));
                        f.stats.3 += 1;
                    }
                }
            }
        }
        let Some(r) = d.result else { continue };
        let map = |o: Operand| {
            let o2 = resolve_chain(&f.repl, o);
            match o2 {
                Operand::Value(v) if d.op != Opcode::Phi => fact(v).unwrap_or(o2),
                _ => o2,
            }
        };
        if d.op == Opcode::Phi {
            let Extra::Phi(preds) = &d.extra else { continue };
            // All incoming values one value (ignoring self references)?
            let mut same: Option<Operand> = None;
            let mut uniform = true;
            for &o in d.args.iter() {
                let o = map(o);
                if o == Operand::Value(r) {
                    continue;
                }
                match same {
                    None => same = Some(o),
                    Some(s) if s == o => {}
                    Some(_) => uniform = false,
                }
            }
            if let (true, Some(s)) = (uniform, same) {
                let dominates = match s {
                    Operand::Const(_) => true,
                    Operand::Value(v) => all_preds_reachable && value_dominates_block(ctx, v, b),
                    Operand::Md(_) => false,
                };
                if dominates {
                    replace(f, r, i, s);
                    f.stats.1 += 1;
                    continue;
                }
            }
            let args: Vec<Operand> = d.args.iter().map(|&o| map(o)).collect();
            let mut extra: Vec<u32> = vec![b.as_u32()];
            extra.extend(preds.iter().map(|p| p.as_u32()));
            let key = ExprKey::phi(d.ty, args, extra);
            if let Some(&(leader, _)) = exprs.get(&key).and_then(|v| v.last()) {
                replace(f, r, i, Operand::Value(leader));
                f.stats.1 += 1;
            } else {
                exprs.entry(key.clone()).or_default().push((r, i));
                my_keys.push(key);
            }
            continue;
        }
        if d.op == Opcode::Load {
            let simple = !d.flags.has(InstFlags::VOLATILE)
                && d.mem_info().is_none_or(|mi| mi.ordering == Ordering::NotAtomic);
            let Some(&p) = d.args.first() else { continue };
            if simple {
                let loc = Location { ptr: p, size: ctx.aa.store_size(d.ty) };
                let mut budget = SCAN_BUDGET;
                let mut blocks = Vec::new();
                let rp = |o: Operand| resolve_chain(&f.repl, o);
                let mut per_pred = Vec::new();
                let found = ctx.available(
                    b,
                    pos,
                    loc,
                    d.ty,
                    &mut budget,
                    &mut blocks,
                    &rp,
                    Some(&mut per_pred),
                );
                if found.is_none() && !per_pred.is_empty() {
                    // Every path has a value, not the same one: a phi at the block start.
                    f.new_phis.push((b, d.ty, per_pred, i));
                    if let Some(s) = f.dead.get_mut(i) {
                        *s = true;
                    }
                    f.stats.2 += 1;
                    continue;
                }
                if let Some(v) = found {
                    if v != Operand::Value(r) {
                        if let Operand::Value(src) = v {
                            if let Some(ValueDef::Inst(si)) = body.values.get(src).map(|vd| vd.def)
                            {
                                if body.insts.get(si).is_some_and(|sd| sd.op == Opcode::Load) {
                                    f.load_merges.push((si, i));
                                }
                            }
                        }
                        replace(f, r, i, v);
                        f.stats.2 += 1;
                    }
                }
            }
            continue;
        }
        let Some(key) = expr_key(m, d, &map) else { continue };
        match exprs.get(&key).and_then(|v| v.last()).copied() {
            Some((leader, li)) => {
                f.flag_merges.push((li, i));
                replace(f, r, i, Operand::Value(leader));
                f.stats.0 += 1;
            }
            None => {
                exprs.entry(key.clone()).or_default().push((r, i));
                my_keys.push(key);
            }
        }
    }
    // Phi entries of the successors coming from this block see this block's facts.
    if !facts.is_empty() {
        for s in body.successors(b) {
            for pi in phis(body, s) {
                let Some(pd) = body.insts.get(pi) else { continue };
                let Extra::Phi(preds) = &pd.extra else { continue };
                let at = |k: usize, f: &mut Found| {
                    if let Some(Operand::Value(v)) =
                        pd.args.get(k).map(|&o| resolve_chain(&f.repl, o))
                    {
                        if let Some(c) = fact(v) {
                            f.rewrites.push((pi, k, c));
                            f.stats.3 += 1;
                        }
                    }
                };
                if preds.len() <= WIDE_PHI {
                    for (k, &pb) in preds.iter().enumerate() {
                        if pb == b {
                            at(k, f);
                        }
                    }
                    continue;
                }
                // A wide phi: its entries by block, indexed once (the phis do not change
                // during the walk).
                let index = f.phi_entries.entry(pi).or_insert_with(|| {
                    let mut index: HashMap<Block, Vec<usize>> = HashMap::default();
                    for (k, &pb) in preds.iter().enumerate() {
                        index.entry(pb).or_default().push(k);
                    }
                    index
                });
                let ks = index.get(&b).cloned().unwrap_or_default();
                for k in ks {
                    at(k, f);
                }
            }
        }
    }
}

/// Phis with more entries than this get an index of their entries by block.
const WIDE_PHI: usize = 16;

fn replace(f: &mut Found, r: Value, i: Inst, with: Operand) {
    if let Some(s) = f.repl.get_mut(r) {
        *s = Some(with);
    }
    if let Some(s) = f.dead.get_mut(i) {
        *s = true;
    }
}

fn value_dominates_block(ctx: &Ctx, v: Value, b: Block) -> bool {
    match ctx.body.values.get(v).map(|vd| vd.def) {
        Some(ValueDef::Param(_)) => true,
        Some(ValueDef::Inst(i)) => match ctx.inst_pos.get(i) {
            Some(&(Some(db), _)) => db != b && ctx.dominates(db, b),
            _ => false,
        },
        None => false,
    }
}

#[cfg(test)]
#[path = "gvn_tests.rs"]
mod tests;
