//! SSA dominance: each use of an instruction result is dominated by its definition, checked
//! with one dominator tree per function (`analysis::dominators`) and O(1) queries.
//!
//! As LLVM's `DominatorTree::dominates(Def, Use)`: a phi uses its operand at the end of the
//! incoming block; uses in unreachable blocks are always dominated; unreachable definitions
//! dominate nothing; `invoke`/`callbr` results are defined on the edge to the normal/default
//! destination.

use super::{FnCx, Verifier};
use crate::diag::Diagnostic;
use crate::ir::{Block, Extra, Inst, Opcode, Operand, ValueDef};
use rustc_hash::FxHashMap as HashMap;

pub(super) fn check(v: &mut Verifier, cx: &FnCx) {
    let m = v.m;
    let body = cx.body;
    // Per invoke/callbr definition: does its result edge dominate what its end block does?
    let mut edge_cache: HashMap<Inst, bool> = HashMap::default();
    for &b in &body.layout {
        for (pos, &i) in body.blocks[b].insts.iter().enumerate() {
            let d = &body.insts[i];
            let is_phi = d.op == Opcode::Phi;
            let phi_blocks = match &d.extra {
                Extra::Phi(bs) => Some(bs),
                _ => None,
            };
            let bundle_ops = d
                .call_info()
                .into_iter()
                .flat_map(|c| c.bundles.iter())
                .flat_map(|bu| bu.inputs.iter());
            for (k, &op) in d.args.iter().chain(bundle_ops).enumerate() {
                let Operand::Value(val) = op else { continue };
                let Some(ValueDef::Inst(di)) = body.values.get(val).map(|x| x.def) else {
                    continue;
                };
                let use_block = match phi_blocks {
                    Some(bs) if k < bs.len() => bs[k],
                    _ => b,
                };
                if !cx.dt.is_reachable(use_block) {
                    continue;
                }
                if di == i && !is_phi {
                    let name = cx.vname(m, val);
                    v.push(
                        Diagnostic::error(
                            d.span,
                            format!("`{name}` uses its own value; only PHI nodes may reference their own value"),
                        )
                        .with_help(format!(
                            "to carry a value around a loop, use a phi: `{name} = phi {} [ <first value>, %<preheader> ], [ {name}.next, %<latch> ]`",
                            v.ty(def_ty(cx, val))
                        )),
                    );
                    break;
                }
                let Some(db) = cx.block_of(di) else { continue };
                let def = &body.insts[di];
                let ok = if !cx.dt.is_reachable(db) {
                    false
                } else {
                    match &def.extra {
                        Extra::Invoke(_, normal, unwind) => {
                            // LLVM skips invokes whose two destinations coincide (rejected
                            // elsewhere).
                            normal == unwind
                                || edge_dominates(
                                    cx,
                                    &mut edge_cache,
                                    di,
                                    db,
                                    *normal,
                                    is_phi.then_some(b),
                                    use_block,
                                )
                        }
                        Extra::CallBr(_, default, _) => edge_dominates(
                            cx,
                            &mut edge_cache,
                            di,
                            db,
                            *default,
                            is_phi.then_some(b),
                            use_block,
                        ),
                        _ => {
                            if db != use_block {
                                cx.dt.dominates(db, use_block)
                            } else {
                                is_phi || cx.inst_pos[di] < pos as u32
                            }
                        }
                    }
                };
                if !ok {
                    v.push(dominance_error(v, cx, i, di, val, b, use_block, is_phi));
                    break;
                }
            }
        }
    }
}

/// The type of a value.
fn def_ty(cx: &FnCx, val: crate::ir::Value) -> crate::ir::TypeId {
    cx.body.value_ty(val)
}

/// The error for a use of `val` (defined by `di`) in instruction `i` of block `b` that its
/// definition does not dominate, in plain words with the fix: a phi at a join, moving the
/// definition up in one block.
#[allow(clippy::too_many_arguments)]
fn dominance_error(
    v: &Verifier,
    cx: &FnCx,
    i: Inst,
    di: Inst,
    val: crate::ir::Value,
    b: Block,
    use_block: Block,
    is_phi: bool,
) -> Diagnostic {
    let m = v.m;
    let body = cx.body;
    let d = &body.insts[i];
    let def = &body.insts[di];
    let name = cx.vname(m, val);
    let def_block = cx.block_of(di);
    let db = def_block.map_or_else(|| "%<unplaced>".to_string(), |x| cx.bname(m, x));
    let ub = cx.bname(m, use_block);
    let label = format!("{name} is defined here, in {db}");
    let unreachable = def_block.is_some_and(|x| !cx.dt.is_reachable(x));
    if is_phi {
        return Diagnostic::error(
            d.span,
            format!(
                "`{name}` comes into this phi from `{ub}`, but its definition in `{db}` does not dominate `{ub}`"
            ),
        )
        .with_label(def.span, label)
        .with_note(format!("a phi uses its value at the end of the incoming block {ub}"))
        .with_help(format!(
            "give the phi, for the edge from `{ub}`, a value that is defined on every path to `{ub}`"
        ));
    }
    if def_block == Some(b) && !unreachable {
        return Diagnostic::error(
            d.span,
            format!("`{name}` is used before its definition later in `{db}`; a definition must dominate its uses"),
        )
        .with_label(def.span, label)
        .with_help(format!(
            "move the definition of `{name}` above this instruction: a block runs from top to bottom"
        ));
    }
    let mut diag = Diagnostic::error(
        d.span,
        format!(
            "`{name}` is used in `{ub}` but defined only in `{db}`, which does not dominate it"
        ),
    )
    .with_label(def.span, label);
    if unreachable {
        return diag.with_note(format!("`{db}` cannot be reached from the entry block"));
    }
    let preds = cx.cfg.preds(use_block);
    let Some(db_block) = def_block else { return diag };
    if preds.len() >= 2 {
        let ty = v.ty(def.ty);
        let entries: Vec<String> = preds
            .iter()
            .map(|&p| {
                let from = cx.bname(m, p);
                if p == db_block || cx.dt.dominates(db_block, p) {
                    format!("[ {name}, {from} ]")
                } else {
                    format!("[ ..., {from} ]")
                }
            })
            .collect();
        diag = diag
            .with_note(format!(
                "{ub} is a join: control reaches it from {} blocks, and not all of them come through {db}",
                preds.len()
            ))
            .with_help(format!(
                "values that meet at a join need a `phi`: add `{name}.merged = phi {ty} {}` at the top of {ub} and use `{name}.merged` here",
                entries.join(", ")
            ));
    } else {
        diag = diag.with_help(format!(
            "a value can only be used where every path from the entry block passes through its definition: define `{name}` in a block that does, or pass it along with a `phi`"
        ));
    }
    diag
}

/// Whether the edge/// Whether the edge `start -> end` (the defining edge of invoke/callbr `def`) dominates a use
/// in `use_block` (for a phi in `phi_block`, `use_block` is the incoming block).
fn edge_dominates(
    cx: &FnCx,
    cache: &mut HashMap<Inst, bool>,
    def: Inst,
    start: Block,
    end: Block,
    phi_block: Option<Block>,
    use_block: Block,
) -> bool {
    if phi_block == Some(end) && use_block == start {
        return true;
    }
    if !cx.dt.dominates(end, use_block) {
        return false;
    }
    *cache.entry(def).or_insert_with(|| {
        let preds = cx.cfg.preds(end);
        if preds.len() == 1 {
            return true;
        }
        let mut from_start = 0;
        for &p in preds {
            if p == start {
                from_start += 1;
                if from_start > 1 {
                    return false;
                }
            } else if !cx.dt.dominates(end, p) {
                return false;
            }
        }
        true
    })
}
