//! Control-flow rules: terminators at block ends only, non-empty blocks, the entry block
//! without predecessors, phis grouped at the top with one entry per predecessor edge, and the
//! operand rules of `ret`, `br`, `switch` and `indirectbr`.

use super::{FnCx, Verifier};
use crate::diag::Diagnostic;
use crate::ir::{Block, ConstKind, Extra, Inst, InstData, Opcode, Operand, TypeId};
use rustc_hash::FxHashSet as HashSet;

/// Block-level checks of one function.
pub(super) fn check(v: &mut Verifier, cx: &FnCx) {
    let m = v.m;
    let body = cx.body;
    let entry = body.layout[0];
    let preds = cx.cfg.preds(entry);
    if let Some(&p) = preds.first() {
        let mut d = Diagnostic::error(
            cx.block_span(entry),
            "Entry block to function must not have predecessors!",
        );
        if let Some(t) = body.terminator(p) {
            d = d.with_label(
                body.insts[t].span,
                format!("branch to the entry block from {}", cx.bname(m, p)),
            );
        }
        v.push(d);
    }
    for &b in &body.layout {
        let insts = &body.blocks[b].insts;
        let Some(&last) = insts.last() else {
            v.err(cx.block_span(b), "Basic Block does not have terminator!");
            continue;
        };
        if !body.insts[last].op.is_terminator() {
            let d = Diagnostic::error(cx.block_span(b), "Basic Block does not have terminator!")
                .with_label(body.insts[last].span, "the block ends here");
            v.push(d);
        }
        let mut first_non_phi = None;
        for (pos, &i) in insts.iter().enumerate() {
            let d = &body.insts[i];
            if d.op.is_terminator() && pos + 1 != insts.len() {
                v.err(d.span, "Terminator found in the middle of a basic block!");
            }
            if d.op == Opcode::Phi {
                if let Some(other) = first_non_phi {
                    let bn = cx.bname(m, b);
                    v.push(
                        Diagnostic::error(
                            d.span,
                            format!("this `phi` comes after other instructions of {bn}: PHI nodes must be grouped at the top of the block"),
                        )
                        .with_label(body.insts[other].span, "the first instruction that is not a phi")
                        .with_help(format!(
                            "move the `phi` to the top of {bn}, above every other instruction (a phi picks its value as control enters the block)"
                        )),
                    );
                }
            } else if first_non_phi.is_none() {
                first_non_phi = Some(i);
            }
        }
        check_phis(v, cx, b);
    }
}

/// Each leading phi of `b` has exactly one entry per predecessor edge.
fn check_phis(v: &mut Verifier, cx: &FnCx, b: Block) {
    let m = v.m;
    let body = cx.body;
    let mut preds: Vec<Block> = cx.cfg.preds(b).to_vec();
    preds.sort();
    for &i in &body.blocks[b].insts {
        let d = &body.insts[i];
        if d.op != Opcode::Phi {
            break;
        }
        let Extra::Phi(blocks) = &d.extra else { continue };
        if blocks.len() != preds.len() {
            let diag = Diagnostic::error(
                d.span,
                "PHINode should have one entry for each predecessor of its parent basic block!",
            )
            .with_note(format!(
                "the phi has {} entr{} and {} has {} predecessor edge{}",
                blocks.len(),
                if blocks.len() == 1 { "y" } else { "ies" },
                cx.bname(m, b),
                preds.len(),
                if preds.len() == 1 { "" } else { "s" }
            ));
            v.push(with_pred_note(diag, cx, m, &preds, blocks));
            continue;
        }
        let mut entries: Vec<(Block, Operand)> =
            blocks.iter().copied().zip(d.args.iter().copied()).collect();
        entries.sort_by_key(|e| e.0);
        let mut dup_err = None;
        let mut match_err = None;
        for k in 0..entries.len() {
            if k > 0 && entries[k].0 == entries[k - 1].0 && entries[k].1 != entries[k - 1].1 {
                dup_err.get_or_insert(entries[k].0);
            }
            if entries[k].0 != preds[k] {
                match_err.get_or_insert(k);
            }
        }
        if let Some(blk) = dup_err {
            v.err(
                d.span,
                format!(
                    "PHI node has multiple entries for the same basic block with different incoming values! (block {})",
                    cx.bname(m, blk)
                ),
            );
        } else if match_err.is_some() {
            let diag = Diagnostic::error(d.span, "PHI node entries do not match predecessors!");
            v.push(with_pred_note(diag, cx, m, &preds, blocks));
        }
    }
}

/// Adds notes naming the blocks that are entries but not predecessors, and the reverse.
fn with_pred_note(
    mut diag: Diagnostic,
    cx: &FnCx,
    m: &crate::ir::Module,
    preds: &[Block],
    entries: &[Block],
) -> Diagnostic {
    let mut want: Vec<Block> = preds.to_vec();
    let mut have: Vec<Block> = entries.to_vec();
    have.sort();
    // Multiset differences.
    let (mut i, mut j) = (0, 0);
    let mut extra = Vec::new();
    let mut missing = Vec::new();
    while i < have.len() || j < want.len() {
        match (have.get(i), want.get(j)) {
            (Some(a), Some(b)) if a == b => {
                i += 1;
                j += 1;
            }
            (Some(a), Some(b)) if a < b => {
                extra.push(*a);
                i += 1;
            }
            (Some(_), Some(b)) => {
                missing.push(*b);
                j += 1;
            }
            (Some(a), None) => {
                extra.push(*a);
                i += 1;
            }
            (None, Some(b)) => {
                missing.push(*b);
                j += 1;
            }
            (None, None) => break,
        }
    }
    want.clear();
    let names = |bs: &[Block]| bs.iter().map(|&b| cx.bname(m, b)).collect::<Vec<_>>().join(", ");
    if !extra.is_empty() {
        diag = diag.with_note(format!(
            "entries for blocks that are not predecessor edges: {}",
            names(&extra)
        ));
    }
    if !missing.is_empty() {
        diag = diag.with_note(format!("predecessor edges without an entry: {}", names(&missing)));
    }
    diag
}

/// Operand rules of the terminators `ret`, `br`, `switch`, `indirectbr`.
pub(super) fn check_terminator(v: &mut Verifier, cx: &FnCx, _i: Inst, d: &InstData) {
    let m = v.m;
    let body = cx.body;
    match d.op {
        Opcode::Ret => {
            let ret = m.types.func_sig(cx.func.ty).map(|s| s.0).unwrap_or(TypeId::VOID);
            match d.args.first() {
                None if ret != TypeId::VOID => {
                    let r = v.ty(ret);
                    v.push(
                        Diagnostic::error(
                            d.span,
                            format!("`ret void` in a function that returns `{r}`: the return type does not match"),
                        )
                        .with_help(format!("return a value of the function's type: `ret {r} <value>`")),
                    )
                }
                Some(_) if ret == TypeId::VOID => v.push(
                    Diagnostic::error(
                        d.span,
                        "this `ret` returns a value, but the function's return type is `void`",
                    )
                    .with_help(
                        "write `ret void`, or give the function the return type of this value",
                    ),
                ),
                Some(&op) => {
                    let t = v.op_ty(body, op);
                    if t != ret {
                        let (r, found) = (v.ty(ret), v.ty(t));
                        let mut diag = Diagnostic::error(
                            d.span,
                            format!("this `ret` returns `{found}`, but the function's return type is `{found_ret}`", found_ret = r),
                        );
                        if let Operand::Value(val) = op {
                            let name = cx.vname(m, val);
                            diag = diag.with_help(crate::text::conversion_help(
                                name.trim_start_matches('%'),
                                &found,
                                &r,
                            ));
                        }
                        v.push(diag.with_help(format!(
                            "or change the function's return type to `{found}`"
                        )));
                    }
                }
                None => {}
            }
        }
        Opcode::Br => {
            if let Some(&c) = d.args.first() {
                let t = v.op_ty(body, c);
                if t != TypeId::I1 {
                    v.err(
                        d.span,
                        format!("Branch condition is not 'i1' type! (found {})", v.ty(t)),
                    );
                }
            }
        }
        Opcode::Switch => {
            let Extra::Switch { cases, .. } = &d.extra else { return };
            let t = v.op_ty(body, d.args[0]);
            if !m.types.is_int(t) {
                v.err(
                    d.span,
                    format!("switch condition must have integer type (found {})", v.ty(t)),
                );
                return;
            }
            let mut seen = HashSet::with_capacity_and_hasher(cases.len(), Default::default());
            for &(c, _) in cases.iter() {
                if !matches!(m.consts.kind(c), ConstKind::Int(_)) {
                    v.err(d.span, "Case value is not a constant integer.");
                } else if m.consts.ty(c) != t {
                    v.err(d.span, "Switch constants must all be same type as switch value!");
                } else if !seen.insert(c) {
                    v.err(
                        d.span,
                        "Duplicate integer as switch case (duplicate case value in switch)",
                    );
                }
            }
        }
        Opcode::IndirectBr => {
            let t = v.op_ty(body, d.args[0]);
            if !m.types.is_ptr(t) {
                v.err(d.span, "Indirectbr operand must have pointer type!");
            }
        }
        _ => {}
    }
}
