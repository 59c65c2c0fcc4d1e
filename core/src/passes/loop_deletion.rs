//! `loop-deletion`: deletes loops that compute nothing used after them and provably end, as
//! LLVM's `LoopDeletionPass` does.
//!
//! The loops are first put in simplified form (our `loop-simplify`), then each innermost loop
//! is deleted when:
//! * it has a preheader, a single latch and one exit block (several exiting blocks may lead
//!   there);
//! * nothing in it has an effect: every instruction is one `dce` could remove when unused
//!   (no stores, no calls that may write, unwind or not return, no volatile or atomic
//!   accesses), and the terminators are `br` or `switch`;
//! * no value defined in it is used outside it, except by phis of the exit block whose
//!   entries from the loop are all one value defined outside the loop (that value then
//!   arrives from the preheader);
//! * it ends: the function is `mustprogress` (the LangRef lets such a function assume that a
//!   loop without side effects terminates), or an exit test that runs on every iteration
//!   compares an induction variable with a loop-invariant bound in a way that must end the
//!   loop or make it undefined behaviour (see `analysis/induction.rs`: a `nsw`/`nuw` step, or
//!   an odd step with a test that some value fails).
//!
//! The preheader then branches to the exit block directly and the loop's blocks go. A loop
//! that would have hit undefined behaviour (a division by zero, an out-of-bounds load, a
//! poison branch) is deleted all the same: removing undefined behaviour is a refinement.
//! Deleting an outer loop whose inner loops went first is done by repeating until no loop
//! qualifies.
//!
//! Not done: loops never entered (LLVM deletes those even when they have effects), loops
//! with sub-loops in one step, and the trip-count reasoning SCEV does beyond one induction
//! variable.

use super::dce::has_effects;
use super::edit::phis;
use super::loop_driver::{drive_innermost, run_loop_pass, LoopView, Outcome};
use super::loop_edit::{phi_entries, set_phi_entries};
use super::PassResult;
use crate::analysis::induction::{exit_test, inductions, runs_every_iteration, test_is_finite};
use crate::analysis::loop_info::{exit_blocks, exiting_blocks, preheader, single_latch};
use crate::analysis::Loop;
use crate::ir::attrs::AttrKind;
use crate::ir::{Block, Body, GlobalId, Module, Opcode, Operand};

/// Runs `loop-deletion` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    run_loop_pass(m, g, "loops deleted", delete_loops)
}

/// Deletes every qualifying loop; returns how many.
pub fn delete_loops(m: &mut Module, body: &mut Body, g: GlobalId) -> u64 {
    let must_progress = m.func(g).is_some_and(|f| m.attrs.has(f.fn_attrs, AttrKind::MustProgress));
    drive_innermost(m, body, g, |m, body, v, l| {
        let Some((pre, exit)) = deletable(m, body, v, l, must_progress) else {
            return Outcome::Unchanged;
        };
        delete(body, v, l, pre, exit);
        Outcome::Gone
    })
}

/// The preheader and the exit block when the loop can go.
fn deletable(
    m: &Module,
    body: &Body,
    v: &LoopView,
    l: &Loop,
    must_progress: bool,
) -> Option<(Block, Block)> {
    let cfg = &v.cfg;
    let pre = preheader(l, cfg)?;
    let latch = single_latch(l, cfg)?;
    let [exit] = exit_blocks(l, cfg)[..] else { return None };
    if cfg.preds(exit).iter().any(|&p| !l.contains(p)) {
        return None;
    }
    for &b in l.blocks() {
        for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
            let d = body.insts.get(i)?;
            if d.op.is_terminator() {
                if !matches!(d.op, Opcode::Br | Opcode::Switch) {
                    return None;
                }
            } else if has_effects(m, body, d) {
                return None;
            }
        }
    }
    // Values of the loop used outside it: only exit phis with one invariant value.
    let block_of = |i| v.uses.block_of(i);
    for &b in l.blocks() {
        for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
            let Some(r) = body.insts.get(i).and_then(|d| d.result) else { continue };
            for u in v.uses.users(body, r) {
                if !block_of(u).is_some_and(|ub| l.contains(ub)) {
                    return None;
                }
            }
        }
    }
    for phi in phis(body, exit) {
        let from_loop: Vec<Operand> =
            phi_entries(body, phi).into_iter().filter(|e| l.contains(e.0)).map(|e| e.1).collect();
        let first = *from_loop.first()?;
        if from_loop.iter().any(|&o| o != first)
            || !crate::analysis::induction::is_invariant(body, l, &block_of, first)
        {
            return None;
        }
    }
    if must_progress {
        return Some((pre, exit));
    }
    let ivs = inductions(m, body, l, pre, latch);
    let finite = exiting_blocks(l, cfg).into_iter().any(|x| {
        runs_every_iteration(cfg, &v.dt, latch, x)
            && exit_test(body, l, &block_of, &ivs, x)
                .is_some_and(|t| ivs.get(t.iv).is_some_and(|iv| test_is_finite(m, iv, &t)))
    });
    finite.then_some((pre, exit))
}

/// Makes the preheader branch to the exit and removes the loop's blocks.
fn delete(body: &mut Body, v: &mut LoopView, l: &Loop, pre: Block, exit: Block) {
    for phi in phis(body, exit) {
        let entries = phi_entries(body, phi);
        let Some(x) = entries.iter().find(|e| l.contains(e.0)).map(|e| e.1) else { continue };
        let mut kept: Vec<(Block, Operand)> =
            entries.into_iter().filter(|e| !l.contains(e.0)).collect();
        kept.push((pre, x));
        set_phi_entries(body, phi, &kept);
    }
    if let Some(t) = body.terminator(pre) {
        if let Some(d) = body.insts.get_mut(t) {
            for slot in d.blocks_mut() {
                if *slot == l.header {
                    *slot = exit;
                }
            }
        }
    }
    v.remove_blocks(body, l.blocks());
    v.refresh(body, &[pre]);
}
