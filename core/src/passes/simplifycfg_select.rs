//! `simplifycfg`'s if-conversion: a two-entry phi at the join of a small `if` or `if/else`
//! becomes a `select`, with the instructions of the conditional blocks executed
//! unconditionally before the branch (LLVM's `FoldTwoEntryPHINode`).
//!
//! Shapes, with `B` ending in `br i1 %c, ...` and `M` the join with exactly two predecessor
//! edges:
//!
//! ```text
//!   diamond:  B -> T -> M,  B -> F -> M       triangle:  B -> T -> M,  B -> M
//! ```
//!
//! where `T` and `F` have `B` as their only predecessor, end in `br label %M` and hold no phi.
//! Conditions, as LLVM's: `M` starts with one to three phis; every other instruction of `T`
//! and `F` is safe to execute on any path (arithmetic, casts, compares, `select`, GEPs,
//! vector and aggregate operations; divisions only by a constant that is neither 0 nor, when
//! signed, -1: never a load, store or call), and together they cost at most 4 (after LLVM's
//! x86-64 costs: casts that are free, a wide `mul` 2, a division more than 4, anything else 1;
//! a single instruction may cost more); an `i1` first phi
//! is left alone when an incoming value or the condition is a binary operation (LLVM keeps
//! those for its `&&`/`||` folds). None of the blocks may have its address taken.
//!
//! The instructions of `T` (then `F`) move to the end of `B`, each phi of `M` becomes
//! `select i1 %c, <value from the true side>, <value from the false side>` (the same value,
//! so uses stay), and `B` branches to `M`; the emptied blocks are unreachable and go, and `M`
//! merges into `B` (the rest of `simplifycfg`).
//!
//! Validity (LangRef): the moved instructions cannot trap, so running them on the other path
//! only computes values nobody uses there; a flag they violate there (`nsw`, `exact`,
//! `inbounds`) gives poison, which the `select` does not pick (a `select` is poison only from
//! the arm it picks). A poison `%c` made the branch undefined behaviour; the `select` is then
//! poison, a refinement. An `undef` `%c` may go either way, as the branch could.

use super::edit::phis;
use super::licm::is_speculatable;
use super::loop_edit::phi_entries;
use crate::analysis::Cfg;
use crate::ir::{Block, Body, Extra, Inst, Module, Opcode, Operand};

/// The most instructions' cost moved out of the conditional blocks for one join.
const BUDGET: u32 = 4;
/// The most phis turned into selects at one join.
const MAX_PHIS: usize = 3;

/// One join to fold.
struct Plan {
    /// The block ending in the conditional branch.
    b: Block,
    /// The join.
    m: Block,
    /// The condition.
    cond: Operand,
    /// The predecessors of `m` on the true and the false side.
    t_pred: Block,
    f_pred: Block,
    /// The conditional blocks, true side first.
    hoist: Vec<Block>,
}

/// Folds every qualifying join; returns how many. One sweep over the layout: a fold changes
/// only its own blocks (the branching block now jumps to the join, whose phis are gone), which
/// makes no join before it foldable, so each join is looked at once, with the graph updated
/// after each fold.
pub(super) fn fold_two_entry_phis(
    m: &mut Module,
    body: &mut Body,
    is_taken: &dyn Fn(Block) -> bool,
) -> u64 {
    let mut n = 0;
    let mut cfg = Cfg::new(body);
    for j in body.layout.clone() {
        let Some(plan) = plan(m, body, &cfg, j, is_taken) else { continue };
        apply(body, &plan);
        cfg.set_succs(plan.b, body.successors(plan.b));
        n += 1;
    }
    n
}

/// True when `b` holds only `br label %to`-ending code with no phi, and has `from` as its only
/// predecessor.
fn is_side_block(body: &Body, cfg: &Cfg, b: Block, from: Block, to: Block) -> bool {
    if cfg.preds(b) != [from] || cfg.succs(b) != [to] {
        return false;
    }
    let Some(t) = body.terminator(b).and_then(|t| body.insts.get(t)) else { return false };
    matches!(&t.extra, Extra::Br(ts) if ts.len() == 1) && phis(body, b).is_empty()
}

fn plan(
    m: &Module,
    body: &Body,
    cfg: &Cfg,
    j: Block,
    is_taken: &dyn Fn(Block) -> bool,
) -> Option<Plan> {
    let &[p1, p2] = cfg.preds(j) else { return None };
    if p1 == p2 || is_taken(j) {
        return None;
    }
    let jphis = phis(body, j);
    if jphis.is_empty() || jphis.len() > MAX_PHIS {
        return None;
    }
    // Find the branching block and the conditional blocks.
    let single = |x: Block| match cfg.preds(x) {
        [p] => Some(*p),
        _ => None,
    };
    let (b, hoist) = match (single(p1), single(p2)) {
        (Some(a), Some(c))
            if a == c
                && is_side_block(body, cfg, p1, a, j)
                && is_side_block(body, cfg, p2, a, j) =>
        {
            (a, vec![p1, p2])
        }
        (Some(a), _) if a == p2 && is_side_block(body, cfg, p1, a, j) => (a, vec![p1]),
        (_, Some(c)) if c == p1 && is_side_block(body, cfg, p2, c, j) => (c, vec![p2]),
        _ => return None,
    };
    if b == j || is_taken(b) || hoist.iter().any(|&h| is_taken(h)) {
        return None;
    }
    let bt = body.insts.get(body.terminator(b)?)?;
    let Extra::Br(targets) = &bt.extra else { return None };
    let [tt, ff] = targets[..] else { return None };
    let cond = *bt.args.first()?;
    if matches!(cond, Operand::Const(_)) || tt == ff {
        return None;
    }
    // The predecessor of the join on each side: the side block, or `b` itself.
    let side = |t: Block| if t == j { b } else { t };
    let (t_pred, f_pred) = (side(tt), side(ff));
    if ![t_pred, f_pred].iter().all(|x| *x == p1 || *x == p2) || t_pred == f_pred {
        return None;
    }
    // Every moved instruction must be safe anywhere, within the budget.
    let (mut cost, mut count) = (0, 0);
    for &h in &hoist {
        let insts = &body.blocks.get(h)?.insts;
        for &i in &insts[..insts.len().saturating_sub(1)] {
            let d = body.insts.get(i)?;
            if !is_speculatable(m, d) {
                return None;
            }
            cost += speculation_cost(m, body, d);
            count += 1;
        }
    }
    // One instruction may go over the budget on its own, as LLVM allows.
    if cost > BUDGET && count > 1 {
        return None;
    }
    // LLVM keeps `i1` joins of binary operations for its `&&`/`||` folds.
    let first = *jphis.first()?;
    if body.insts.get(first).is_some_and(|d| m.types.int_bits(d.ty) == Some(1)) {
        let is_binop = |o: Operand| match o {
            Operand::Value(v) => super::loop_edit::def_inst(body, v)
                .and_then(|i| body.insts.get(i))
                .is_some_and(|d| d.op.is_binary() || is_select_logic(d)),
            _ => false,
        };
        if phi_entries(body, first).iter().any(|e| is_binop(e.1)) || is_binop(cond) {
            return None;
        }
    }
    // No incoming value may be defined in the join itself.
    let jinsts = &body.blocks.get(j)?.insts;
    for &phi in &jphis {
        for (_, o) in phi_entries(body, phi) {
            if let Operand::Value(v) = o {
                if super::loop_edit::def_inst(body, v).is_some_and(|i| jinsts.contains(&i)) {
                    return None;
                }
            }
        }
    }
    Some(Plan { b, m: j, cond, t_pred, f_pred, hoist })
}

/// `select c, K, x` or `select c, x, K` with a constant `K` (LLVM's select form of `and`/`or`).
fn is_select_logic(d: &crate::ir::InstData) -> bool {
    d.op == Opcode::Select
        && (matches!(d.args.get(1), Some(Operand::Const(_)))
            || matches!(d.args.get(2), Some(Operand::Const(_))))
}

/// What moving an instruction costs, after LLVM's x86-64 size-and-latency costs: nothing for
/// `bitcast`, `trunc`, `ptrtoint`, `inttoptr`, `zext` from 32 to 64 bits and GEPs with
/// constant indices; 2 for a multiplication wider than 32 bits; more than the whole budget
/// for a division or remainder; 1 otherwise.
fn speculation_cost(m: &Module, body: &Body, d: &crate::ir::InstData) -> u32 {
    let bits = m.types.int_bits(d.ty);
    match d.op {
        Opcode::BitCast | Opcode::Trunc | Opcode::PtrToInt | Opcode::IntToPtr => 0,
        Opcode::ZExt
            if bits == Some(64)
                && d.args.first().and_then(|&a| m.types.int_bits(m.operand_ty(body, a)))
                    == Some(32) =>
        {
            0
        }
        Opcode::GetElementPtr if d.args.iter().skip(1).all(|a| matches!(a, Operand::Const(_))) => 0,
        Opcode::Mul if bits.is_some_and(|b| b > 32) => 2,
        Opcode::UDiv | Opcode::SDiv | Opcode::URem | Opcode::SRem => BUDGET + 1,
        _ => 1,
    }
}

fn apply(body: &mut Body, p: &Plan) {
    let Some(term) = body.terminator(p.b) else { return };
    let mut moved: Vec<Inst> = Vec::new();
    for &h in &p.hoist {
        let Some(hd) = body.blocks.get_mut(h) else { continue };
        let n = hd.insts.len().saturating_sub(1);
        moved.extend(hd.insts.drain(..n));
    }
    // The phis become selects, in place (their values and uses stay).
    let jphis = phis(body, p.m);
    for &phi in &jphis {
        let entries = phi_entries(body, phi);
        let get = |b: Block| entries.iter().find(|e| e.0 == b).map(|e| e.1);
        let (Some(tv), Some(fv)) = (get(p.t_pred), get(p.f_pred)) else { continue };
        if let Some(d) = body.insts.get_mut(phi) {
            d.op = Opcode::Select;
            d.args = [p.cond, tv, fv].into_iter().collect();
            d.extra = Extra::None;
        }
        moved.push(phi);
    }
    if let Some(jd) = body.blocks.get_mut(p.m) {
        jd.insts.retain(|i| !jphis.contains(i));
    }
    if let Some(bd) = body.blocks.get_mut(p.b) {
        let at = bd.insts.iter().position(|&i| i == term).unwrap_or(bd.insts.len());
        bd.insts.splice(at..at, moved);
    }
    super::edit::set_branch(body, p.b, p.m);
}
