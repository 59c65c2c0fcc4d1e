//! Optimization passes, one file each, named as LLVM names them so `-passes=` strings carry over.
//!
//! ```text
//!  pipeline.rs   the name → pass table, `-p` parsing (presets, `function(...)`), running a
//!                pipeline and recording each step (pass, function, changed, IR before/after,
//!                time, statistics) for `irplay opt` and the playground's pass view
//!  timeline.rs   the texts of the steps, each function printed again only when it changed
//!  edit.rs       shared IR editing: use counts and use lists, replacing uses, removing
//!                instructions and blocks, fixing phis when edges go away
//!  dce.rs        trivially dead instruction elimination
//!  dse.rs        dead store elimination (stores overwritten later in their block, unread)
//!  adce.rs       aggressive dead code elimination (dead until proven live, control dependence)
//!  early_cse.rs  dominator-scoped CSE of pure instructions and of loads within a memory generation
//!  globaldce.rs  deletes globals nothing live refers to (renumbering the rest)
//!  globalopt.rs  local variables: unread ones deleted, unwritten ones constant with loads folded
//!  inline.rs     inlines small direct callees, bottom-up over the call graph's SCCs
//!  simplifycfg.rs  unreachable blocks, constant branches, block merging, empty blocks; the
//!                if-conversion of small joins into `select`s is in simplifycfg_select.rs
//!  gvn.rs        global value numbering: leaders, redundant loads (alias analysis), branch equalities
//!  mem2reg.rs    promotes allocas to SSA values (phis at iterated dominance frontiers)
//!  sccp.rs       sparse conditional constant propagation (constants, dead edges and blocks)
//!  loop_edit.rs  editing helpers of the loop passes: fresh names, new blocks, edge splitting
//!                with phi splitting, instruction cloning
//!  loop_driver.rs  the loops offered to a loop pass, with the analyses of the function kept up
//!                to date through the pass's changes (CFG, where values are used) instead of
//!                computed again after each change
//!  loop_simplify.rs  preheaders, single latches and dedicated exits (LLVM's simplified form)
//!  loop_deletion.rs  deletes loops without effects whose results go unused and that end
//!  loop_rotate.rs  rotates `while` loops into guarded `do-while` loops
//!  loop_unroll.rs  fully unrolls innermost loops with a small constant trip count
//!  loop_vectorize.rs  runs VF iterations of simple innermost loops at once on vectors (the
//!                plan; the code is built in loop_vectorize_emit.rs)
//!  licm.rs       hoists loop-invariant, safely speculatable instructions into preheaders
//!  sroa.rs       splits allocas accessed at constant offsets into one per field, then mem2reg
//!  tailcallelim.rs  self-recursive tail calls become loops; calls that cannot reach allocas get `tail`
//!  instsimplify.rs  folds instructions to existing values or constants (no new instructions;
//!                early-cse and gvn use its folder too);
//!                its worklist driver is shared with instcombine; loads from constant
//!                globals fold in instsimplify_loads.rs
//!  instcombine.rs  instsimplify plus peepholes that create instructions (casts, compares,
//!                constants, constant-offset GEPs), to a fixed point; its alloca rules
//!                (write-only objects, copies of constants) are in instcombine_alloca.rs, its
//!                demanded-bits rules in instcombine_bits.rs
//!  worklist.rs   the worklist driver instsimplify shares with instcombine, reassociate and gvn:
//!                use lists, use counts (wide phis indexed), replacements
//!  reassociate.rs  regroups add/mul/and/or/xor trees so constants combine and operands cancel
//! ```
//!
//! A pass is a plain function. A function pass takes the module and the id of one defined
//! function and edits only that function's body (it may read the rest of the module and intern
//! constants); a module pass takes the whole module. Every pass reports whether it changed
//! anything and a few statistics. Invariant: a pass given a verified module leaves a verified
//! module behind (the tests run the verifier after every pass to hold us to it), and never
//! panics on one.

pub mod adce;
pub mod dce;
pub mod dse;
pub mod early_cse;
pub mod edit;
pub mod globaldce;
pub mod globalopt;
pub mod gvn;
pub mod inline;
pub mod instcombine;
mod instcombine_alloca;
mod instcombine_bits;
pub mod instsimplify;
mod instsimplify_loads;
pub mod licm;
pub mod loop_deletion;
pub mod loop_driver;
pub mod loop_edit;
pub mod loop_rotate;
pub mod loop_simplify;
pub mod loop_unroll;
pub mod loop_vectorize;
mod loop_vectorize_emit;
pub mod mem2reg;
pub mod pipeline;
pub mod reassociate;
pub mod sccp;
pub mod simplifycfg;
mod simplifycfg_select;
pub mod sroa;
pub mod tailcallelim;
pub mod timeline;
mod worklist;

use crate::ir::{Body, GlobalId, Module};

pub use pipeline::{
    parse_pipeline, run_pipeline, run_pipeline_with, PipelineError, RunOptions, Step, PASSES,
    PRESETS,
};
pub use timeline::TextCache;

/// What a pass did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PassResult {
    /// True when the IR changed.
    pub changed: bool,
    /// Counters, such as `("instructions removed", 3)`, in the pass's own order.
    pub stats: Vec<(&'static str, u64)>,
}

impl PassResult {
    /// A result whose `changed` is true when any counter is non-zero.
    pub fn from_stats(stats: Vec<(&'static str, u64)>) -> PassResult {
        PassResult { changed: stats.iter().any(|s| s.1 != 0), stats }
    }
}

/// A function pass: edits the body of one defined function.
pub type FunctionPassFn = fn(&mut Module, GlobalId) -> PassResult;
/// A module pass: edits the whole module.
pub type ModulePassFn = fn(&mut Module) -> PassResult;

/// How a pass runs.
#[derive(Copy, Clone, Debug)]
pub enum PassKind {
    /// Once per defined function.
    Function(FunctionPassFn),
    /// Once per module.
    Module(ModulePassFn),
}

/// A pass: its LLVM name, a one-line description and how it runs.
#[derive(Copy, Clone, Debug)]
pub struct Pass {
    /// The name `-passes=` uses (`mem2reg`).
    pub name: &'static str,
    /// What it does, in one line (for `--help` and the playground's pass picker).
    pub description: &'static str,
    /// How it runs.
    pub kind: PassKind,
}

/// Runs `f` on the body of function `g` with the rest of the module at hand: the body is taken
/// out of the module for the call and put back afterwards. Returns the default result when `g`
/// is not a defined function.
pub(crate) fn with_body<R: Default>(
    m: &mut Module,
    g: GlobalId,
    f: impl FnOnce(&mut Module, &mut Body) -> R,
) -> R {
    let Some(mut body) =
        m.globals.get_mut(g).and_then(|gv| gv.as_func_mut()).and_then(|func| func.body.take())
    else {
        return R::default();
    };
    let r = f(m, &mut body);
    if let Some(func) = m.globals.get_mut(g).and_then(|gv| gv.as_func_mut()) {
        func.body = Some(body);
    }
    r
}

#[cfg(test)]
mod tests;
