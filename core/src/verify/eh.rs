//! Exception handling: landingpads and `resume` (personality, placement, predecessors, clause
//! and result types), invoke unwind destinations, and the funclet pads (`catchswitch`,
//! `catchpad`, `cleanuppad`, `catchret`, `cleanupret`).

use super::{FnCx, Verifier};
use crate::diag::Diagnostic;
use crate::ir::inst::Clause;
use crate::ir::{Block, ConstKind, Extra, Inst, InstData, Opcode, Operand, Type, TypeId};

fn is_pad(op: Opcode) -> bool {
    matches!(op, Opcode::LandingPad | Opcode::CatchSwitch | Opcode::CatchPad | Opcode::CleanupPad)
}

/// The first non-phi instruction of `b`, if it is an EH pad.
fn pad_of<'a>(cx: &FnCx<'a>, b: Block) -> Option<(Inst, &'a InstData)> {
    let i = cx.first_non_phi(b)?;
    let d = &cx.body.insts[i];
    is_pad(d.op).then_some((i, d))
}

pub(super) fn check_inst(v: &mut Verifier, cx: &FnCx, b: Block, i: Inst, d: &InstData) {
    let m = v.m;
    let span = d.span;
    let has_personality = cx.func.personality.is_some();
    let entry = cx.body.layout[0];
    let need_personality = |v: &mut Verifier, what: &str| {
        if !has_personality {
            v.err(span, format!("{what} needs to be in a function with a personality."));
        }
    };
    let first_non_phi = |v: &mut Verifier, what: &str| {
        if cx.first_non_phi(b) != Some(i) {
            v.err(span, format!("{what} not the first non-PHI instruction in the block."));
        }
    };
    if is_pad(d.op) && b == entry {
        v.err(span, "EH pad cannot be in entry block.");
    }
    if matches!(d.op, Opcode::CatchSwitch | Opcode::CatchPad | Opcode::CleanupPad)
        && m.types.get(d.ty) != &Type::Token
    {
        v.err(span, format!("'{}' must produce a token", d.op.name()));
    }
    match (&d.op, &d.extra) {
        (Opcode::Invoke, Extra::Invoke(_, _, unwind)) if pad_of(cx, *unwind).is_none() => {
            v.push(
                Diagnostic::error(
                    span,
                    "The unwind destination does not have an exception handling instruction!",
                )
                .with_label(
                    cx.block_span(*unwind),
                    format!("{} is the unwind destination", cx.bname(m, *unwind)),
                ),
            );
        }
        (Opcode::LandingPad, Extra::LandingPad(clauses)) => {
            if clauses.is_empty() && !d.flags.has(crate::ir::InstFlags::CLEANUP) {
                v.err(span, "LandingPadInst needs at least one clause or to be a cleanup.");
            }
            need_personality(v, "LandingPadInst");
            first_non_phi(v, "LandingPadInst");
            for &p in cx.cfg.preds(b) {
                let ok = cx.body.terminator(p).is_some_and(
                    |t| matches!(&cx.body.insts[t].extra, Extra::Invoke(_, n, u) if *u == b && *n != b),
                );
                if !ok {
                    let mut diag = Diagnostic::error(span, "Block containing LandingPadInst must be jumped to only by the unwind edge of an invoke.");
                    if let Some(t) = cx.body.terminator(p) {
                        diag = diag.with_label(cx.body.insts[t].span, "jumps here");
                    }
                    v.push(diag);
                    break;
                }
            }
            for c in clauses.iter() {
                match *c {
                    Clause::Catch(op) => {
                        if !m.types.is_ptr(m.operand_ty(cx.body, op)) {
                            v.err(span, "Catch operand does not have pointer type!");
                        }
                    }
                    Clause::Filter(op) => {
                        let ok = match op {
                            Operand::Const(c) => {
                                m.types.array(m.consts.ty(c)).is_some()
                                    && matches!(
                                        m.consts.kind(c),
                                        ConstKind::Aggregate(_) | ConstKind::Zero
                                    )
                            }
                            _ => false,
                        };
                        if !ok {
                            v.err(span, "Filter operand is not an array of constants!");
                        }
                    }
                }
            }
        }
        (Opcode::Resume, _) => need_personality(v, "ResumeInst"),
        (Opcode::CatchSwitch, Extra::CatchSwitch { handlers, unwind }) => {
            need_personality(v, "CatchSwitchInst");
            first_non_phi(v, "CatchSwitchInst");
            if !parent_ok(v, cx, d.args[0], false) {
                v.err(span, "CatchSwitchInst has an invalid parent.");
            }
            if let Some(u) = unwind {
                if pad_of(cx, *u).is_none_or(|(_, p)| p.op == Opcode::LandingPad) {
                    v.err(
                        span,
                        "CatchSwitchInst must unwind to an EH block which is not a landingpad.",
                    );
                }
            }
            if handlers.is_empty() {
                v.err(span, "CatchSwitchInst cannot have empty handler list");
            }
            for &h in handlers.iter() {
                if pad_of(cx, h).is_none_or(|(_, p)| p.op != Opcode::CatchPad) {
                    v.err(
                        span,
                        format!(
                            "CatchSwitchInst handlers must be catchpads ({} is not)",
                            cx.bname(m, h)
                        ),
                    );
                }
            }
            unwind_preds(v, cx, b, d);
        }
        (Opcode::CatchPad, _) => {
            need_personality(v, "CatchPadInst");
            let cs = cx.op_inst(d.args[0]).filter(|(_, p)| p.op == Opcode::CatchSwitch);
            match cs {
                None => {
                    v.err(span, "CatchPadInst needs to be directly nested in a CatchSwitchInst.")
                }
                Some((csi, csd)) => {
                    let cs_block = cx.block_of(csi);
                    let preds = cx.cfg.preds(b);
                    if !preds.is_empty() && !preds.iter().all(|&p| Some(p) == cs_block) {
                        v.err(span, "Block containg CatchPadInst must be jumped to only by its catchswitch.");
                    }
                    if matches!(&csd.extra, Extra::CatchSwitch { unwind: Some(u), .. } if *u == b) {
                        v.err(span, "Catchswitch cannot unwind to one of its catchpads");
                    }
                }
            }
            first_non_phi(v, "CatchPadInst");
        }
        (Opcode::CleanupPad, _) => {
            need_personality(v, "CleanupPadInst");
            first_non_phi(v, "CleanupPadInst");
            if !parent_ok(v, cx, d.args[0], true) {
                v.err(span, "CleanupPadInst has an invalid parent.");
            }
            unwind_preds(v, cx, b, d);
        }
        (Opcode::CatchRet, _)
            if cx.op_inst(d.args[0]).is_none_or(|(_, p)| p.op != Opcode::CatchPad) =>
        {
            v.err(span, "CatchReturnInst needs to be provided a CatchPad");
        }
        (Opcode::CleanupRet, Extra::CleanupRet(unwind)) => {
            if cx.op_inst(d.args[0]).is_none_or(|(_, p)| p.op != Opcode::CleanupPad) {
                v.err(span, "CleanupReturnInst needs to be provided a CleanupPad");
            }
            if let Some(u) = unwind {
                if pad_of(cx, *u).is_none_or(|(_, p)| p.op == Opcode::LandingPad) {
                    v.err(
                        span,
                        "CleanupReturnInst must unwind to an EH block which is not a landingpad.",
                    );
                }
            }
        }
        _ => {}
    }
}

/// A pad's parent: `none`, or a catchpad/cleanuppad (`funclet_only`) or also a catchswitch.
fn parent_ok(v: &Verifier, cx: &FnCx, op: Operand, funclet_only: bool) -> bool {
    match op {
        Operand::Const(c) => matches!(v.m.consts.kind(c), ConstKind::NoneToken),
        _ => cx.op_inst(op).is_some_and(|(_, p)| {
            matches!(p.op, Opcode::CatchPad | Opcode::CleanupPad)
                || (!funclet_only && p.op == Opcode::CatchSwitch)
        }),
    }
}

/// Cleanuppads and catchswitches are entered only by unwind edges.
fn unwind_preds(v: &mut Verifier, cx: &FnCx, b: Block, d: &InstData) {
    for &p in cx.cfg.preds(b) {
        let Some(t) = cx.body.terminator(p) else { continue };
        let td = &cx.body.insts[t];
        let ok = match &td.extra {
            Extra::Invoke(_, n, u) => *u == b && *n != b,
            Extra::CleanupRet(_) | Extra::CatchSwitch { .. } => true,
            _ => false,
        };
        if !ok {
            v.push(
                Diagnostic::error(d.span, "EH pad must be jumped to via an unwind edge")
                    .with_label(td.span, "jumps here"),
            );
            return;
        }
    }
}

/// Function-wide: landingpads and resumes agree on one type.
pub(super) fn check_function(v: &mut Verifier, cx: &FnCx) {
    let mut lp_ty: Option<TypeId> = None;
    for &b in &cx.body.layout {
        for &i in &cx.body.blocks[b].insts {
            let d = &cx.body.insts[i];
            let (t, what) = match d.op {
                Opcode::LandingPad => (d.ty, "landingpad"),
                Opcode::Resume => (v.m.operand_ty(cx.body, d.args[0]), "resume"),
                _ => continue,
            };
            match lp_ty {
                None => lp_ty = Some(t),
                Some(x) if x != t => v.err(
                    d.span,
                    format!("The {what} instruction should have a consistent result type inside a function."),
                ),
                _ => {}
            }
        }
    }
}
