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
                    v.err(d.span, "Only PHI nodes may reference their own value!");
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
                    let diag = Diagnostic::error(d.span, "Instruction does not dominate all uses!")
                        .with_label(def.span, format!("{} is defined here", cx.vname(m, val)));
                    let diag = if is_phi {
                        diag.with_note(format!(
                            "a phi uses its value at the end of the incoming block {}",
                            cx.bname(m, use_block)
                        ))
                    } else {
                        diag
                    };
                    v.push(diag);
                    break;
                }
            }
        }
    }
}

/// Whether the edge `start -> end` (the defining edge of invoke/callbr `def`) dominates a use
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
