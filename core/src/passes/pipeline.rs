//! The pass table, `-p` pipeline strings, and running a pipeline while recording each step.
//!
//! A pipeline string is a comma-separated list of pass names (`mem2reg,simplifycfg,dce`), as
//! `opt -passes=` takes them. LLVM's `function(...)` (also `cgscc(...)`, `module(...)`,
//! `loop(...)`, `loop-mssa(...)`) wrappers are accepted and flattened: every function pass here
//! runs over every defined function (a loop pass over every loop of it). A
//! preset `O0`..`O3` (also `default<O2>`) expands to the passes of [`PRESETS`]. Unknown names are
//! an error that lists the known ones.
//!
//! Running: for each pass in order, over each defined function in module order (a module pass
//! once), one [`Step`] is recorded: the pass, the function, whether it changed anything, its
//! statistics, the time taken (from a clock the caller supplies, since `core` has no clock of its
//! own), and, when asked, the function's text before and after (printed through a
//! [`TextCache`]: a function is printed again only after a step changed it). With `verify_each`, the verifier
//! runs after every step that changed something, and a broken module stops the pipeline with an
//! error naming the pass and the function. Once a step changes the module, its `uselistorder`
//! directives are dropped: they describe use positions the pass may have changed, and only
//! ever order use lists.

use super::timeline::TextCache;
use super::{
    adce, dce, dse, early_cse, globaldce, globalopt, gvn, inline, instcombine, instsimplify, licm,
    loop_deletion, loop_rotate, loop_simplify, loop_unroll, loop_vectorize, mem2reg, reassociate,
    sccp, simplifycfg, sroa, tailcallelim, Pass, PassKind,
};
use crate::diag::Diagnostic;
use crate::ir::SecondaryMap;
use crate::ir::{GlobalId, Module};
use std::rc::Rc;

/// Every pass, by LLVM name.
pub const PASSES: &[Pass] = &[
    Pass {
        name: "adce",
        description: "aggressive dead code elimination: dead phi cycles and branches that steer only dead code",
        kind: PassKind::Function(adce::run),
    },
    Pass { name: "dce", description: "remove trivially dead instructions", kind: PassKind::Function(dce::run) },
    Pass {
        name: "dse",
        description: "dead store elimination: stores overwritten later in their block before anything reads them",
        kind: PassKind::Function(dse::run),
    },
    Pass {
        name: "early-cse",
        description: "common subexpression elimination along the dominator tree, loads within a memory generation",
        kind: PassKind::Function(early_cse::run),
    },
    Pass {
        name: "globaldce",
        description: "delete functions, variables and aliases nothing live refers to",
        kind: PassKind::Module(globaldce::run),
    },
    Pass {
        name: "globalopt",
        description: "make unwritten local variables constant and fold their loads, delete unread ones",
        kind: PassKind::Module(globalopt::run),
    },
    Pass {
        name: "gvn",
        description: "global value numbering: redundant expressions, phis and loads, equalities from branches",
        kind: PassKind::Function(gvn::run),
    },
    Pass {
        name: "inline",
        description: "inline small direct callees, callees before callers",
        kind: PassKind::Module(inline::run),
    },
    Pass {
        name: "instcombine",
        description: "instsimplify plus peepholes that may create instructions (casts, compares, constants, GEPs)",
        kind: PassKind::Function(instcombine::run),
    },
    Pass {
        name: "instsimplify",
        description: "fold instructions to existing values or constants (constant folding, identities, known bits)",
        kind: PassKind::Function(instsimplify::run),
    },
    Pass {
        name: "licm",
        description: "hoist loop-invariant instructions (and safe loads) into loop preheaders",
        kind: PassKind::Function(licm::run),
    },
    Pass {
        name: "loop-deletion",
        description: "delete loops without effects that provably end and whose results go unused",
        kind: PassKind::Function(loop_deletion::run),
    },
    Pass {
        name: "loop-rotate",
        description: "rotate loops that test at the top into guarded loops that test at the bottom",
        kind: PassKind::Function(loop_rotate::run),
    },
    Pass {
        name: "loop-simplify",
        description: "give loops a preheader, a single latch and dedicated exit blocks",
        kind: PassKind::Function(loop_simplify::run),
    },
    Pass {
        name: "loop-unroll",
        description: "fully unroll innermost loops with a small constant trip count",
        kind: PassKind::Function(loop_unroll::run),
    },
    Pass {
        name: "loop-vectorize",
        description: "run several iterations of simple innermost loops at once on 128-bit vectors",
        kind: PassKind::Function(loop_vectorize::run),
    },
    Pass {
        name: "mem2reg",
        description: "promote allocas used only by loads and stores to SSA values",
        kind: PassKind::Function(mem2reg::run),
    },
    Pass {
        name: "reassociate",
        description: "regroup add/mul/and/or/xor trees by rank so constants combine and equal operands cancel",
        kind: PassKind::Function(reassociate::run),
    },
    Pass {
        name: "sccp",
        description: "sparse conditional constant propagation: constants, branches and blocks never executed",
        kind: PassKind::Function(sccp::run),
    },
    Pass {
        name: "simplifycfg",
        description: "fold constant branches, remove unreachable blocks, merge and bypass blocks",
        kind: PassKind::Function(simplifycfg::run),
    },
    Pass {
        name: "sroa",
        description: "split allocas accessed at constant offsets into one per field, then promote them",
        kind: PassKind::Function(sroa::run),
    },
    Pass {
        name: "tailcallelim",
        description: "turn self-recursive tail calls into loops and mark calls that cannot reach allocas tail",
        kind: PassKind::Function(tailcallelim::run),
    },
];

/// The presets and what they expand to. As in LLVM's pipelines: clean up each function
/// (promote, CSE, fold, simplify the CFG) so callees are small, inline bottom-up, then the
/// function simplification pipeline again on the inlined code; `O2` adds the scalar and loop
/// passes (tail calls, reassociation, loop rotation, LICM, full unrolling, loop deletion, GVN,
/// SCCP, ADCE, DSE; loop deletion after unrolling, as LLVM's loop pass manager reaches an
/// outer loop after unrolling its inner ones), then LLVM's module optimization pipeline: loop
/// rotation and deletion, vectorization and the cleanup after it (folding, CFG, unrolling of
/// the vector loops, LICM); `O3` runs the loop and redundancy passes a second time before it.
/// Module cleanup comes last.
pub const PRESETS: &[(&str, &str)] = &[
    ("O0", ""),
    ("O1", "globalopt,sroa,early-cse,simplifycfg,instcombine,inline,sroa,early-cse,simplifycfg,instcombine,sccp,adce,simplifycfg,globaldce"),
    (
        "O2",
        "globalopt,sroa,early-cse,simplifycfg,instcombine,inline,sroa,early-cse,simplifycfg,instcombine,tailcallelim,reassociate,\
         loop-simplify,loop-rotate,licm,simplifycfg,instcombine,loop-unroll,loop-deletion,sroa,gvn,sccp,instcombine,adce,dse,simplifycfg,instcombine,\
         globaldce,loop-rotate,loop-deletion,loop-vectorize,instcombine,simplifycfg,loop-unroll,instcombine,licm,simplifycfg,globaldce",
    ),
    (
        "O3",
        "globalopt,sroa,early-cse,simplifycfg,instcombine,inline,sroa,early-cse,simplifycfg,instcombine,tailcallelim,reassociate,\
         loop-simplify,loop-rotate,licm,simplifycfg,instcombine,loop-unroll,loop-deletion,sroa,gvn,sccp,instcombine,adce,dse,simplifycfg,instcombine,\
         loop-simplify,loop-rotate,licm,loop-unroll,loop-deletion,gvn,instcombine,adce,simplifycfg,\
         globaldce,loop-rotate,loop-deletion,loop-vectorize,instcombine,simplifycfg,loop-unroll,instcombine,licm,simplifycfg,globaldce",
    ),
];

/// The pass named `name`.
pub fn find_pass(name: &str) -> Option<&'static Pass> {
    PASSES.iter().find(|p| p.name == name)
}

/// Parses a pipeline string into passes, in order.
pub fn parse_pipeline(text: &str) -> Result<Vec<&'static Pass>, String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut depth = 0usize;
    let flush = |word: &mut String, out: &mut Vec<&'static Pass>| -> Result<(), String> {
        let w = word.trim().to_string();
        word.clear();
        if w.is_empty() {
            return Ok(());
        }
        let preset = w.strip_prefix("default<").and_then(|r| r.strip_suffix('>')).unwrap_or(&w);
        if let Some((_, expansion)) = PRESETS.iter().find(|(n, _)| *n == preset) {
            out.extend(parse_pipeline(expansion)?);
            return Ok(());
        }
        match find_pass(&w) {
            Some(p) => {
                out.push(p);
                Ok(())
            }
            None => Err(format!(
                "unknown pass '{w}'; known passes: {}; presets: {}",
                known_passes(),
                known_presets()
            )),
        }
    };
    for ch in text.chars() {
        match ch {
            '(' => {
                let w = word.trim();
                if !matches!(w, "function" | "module" | "cgscc" | "loop" | "loop-mssa") {
                    return Err(format!(
                        "unknown pass manager '{w}(' in the pipeline; only function(...), module(...), cgscc(...), loop(...) and loop-mssa(...) wrap passes"
                    ));
                }
                word.clear();
                depth += 1;
            }
            ')' => {
                if depth == 0 {
                    return Err("unbalanced ')' in the pipeline".into());
                }
                flush(&mut word, &mut out)?;
                depth -= 1;
            }
            ',' => flush(&mut word, &mut out)?,
            c => word.push(c),
        }
    }
    if depth != 0 {
        return Err("unbalanced '(' in the pipeline".into());
    }
    flush(&mut word, &mut out)?;
    Ok(out)
}

fn known_passes() -> String {
    PASSES.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

fn known_presets() -> String {
    PRESETS.iter().map(|p| p.0).collect::<Vec<_>>().join(", ")
}

/// How to run a pipeline.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Run the verifier after each step that changed something.
    pub verify_each: bool,
    /// Record each function's text before and after each step.
    pub record_text: bool,
}

/// One pass run on one function (or on the module, for a module pass).
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The pass name.
    pub pass: &'static str,
    /// The function's name (without `@`), empty for a module pass.
    pub function: String,
    /// True when the IR changed.
    pub changed: bool,
    /// The function's text before the step (empty unless recorded; the module's for a module pass).
    pub before: String,
    /// The function's text after the step.
    pub after: String,
    /// Milliseconds, by the caller's clock.
    pub time_ms: f64,
    /// The pass's counters.
    pub stats: Vec<(&'static str, u64)>,
}

/// Why a pipeline stopped.
#[derive(Debug)]
pub struct PipelineError {
    /// The pass after which the module failed to verify.
    pub pass: &'static str,
    /// The function it ran on (empty for a module pass).
    pub function: String,
    /// The verifier's findings.
    pub diagnostics: Vec<Diagnostic>,
    /// The steps recorded up to and including the failing one.
    pub steps: Vec<Step>,
}

/// The defined functions of the module, in module order.
pub fn defined_functions(m: &Module) -> Vec<GlobalId> {
    let mut out: Vec<GlobalId> = Vec::new();
    let mut seen = SecondaryMap::from_elem(false, m.globals.len());
    let all: Vec<GlobalId> = m.globals.keys().collect();
    for &g in m.order.iter().chain(all.iter()) {
        let Some(s) = seen.get_mut(g) else { continue };
        if *s {
            continue;
        }
        *s = true;
        if m.func(g).is_some_and(|f| f.body.is_some()) {
            out.push(g);
        }
    }
    out
}

/// Runs `passes` over `m`, recording every step. `clock` returns milliseconds from any origin.
pub fn run_pipeline(
    m: &mut Module,
    passes: &[&'static Pass],
    opts: &RunOptions,
    clock: &dyn Fn() -> f64,
) -> Result<Vec<Step>, PipelineError> {
    run_pipeline_with(m, passes, opts, clock, &mut TextCache::new())
}

/// [`run_pipeline`] with the texts kept in `texts`, which may already hold (and goes on to
/// hold) the texts of `m`: a caller that runs a pipeline in parts, or prints the module
/// between them, prints each function again only when it changed.
pub fn run_pipeline_with(
    m: &mut Module,
    passes: &[&'static Pass],
    opts: &RunOptions,
    clock: &dyn Fn() -> f64,
    texts: &mut TextCache,
) -> Result<Vec<Step>, PipelineError> {
    let mut steps = Vec::new();
    for pass in passes {
        let targets: Vec<Option<GlobalId>> = match pass.kind {
            PassKind::Function(_) => defined_functions(m).into_iter().map(Some).collect(),
            PassKind::Module(_) => vec![None],
        };
        for target in targets {
            let text = |m: &Module, texts: &mut TextCache| -> Rc<str> {
                if !opts.record_text {
                    return Rc::from("");
                }
                match target {
                    Some(g) => texts.function(m, g),
                    None => texts.module(m).into(),
                }
            };
            let before = text(m, texts);
            let start = clock();
            let result = match (pass.kind, target) {
                (PassKind::Function(f), Some(g)) => f(m, g),
                (PassKind::Module(f), _) => f(m),
                (PassKind::Function(_), None) => continue,
            };
            let time_ms = clock() - start;
            let after = if result.changed {
                // `uselistorder` directives name use positions the pass may have changed; they
                // only order use lists (never meaning), so they go rather than turn invalid.
                let had_directives = !m.uselistorders.is_empty();
                m.uselistorders.clear();
                match target {
                    Some(g) if !had_directives => texts.function_changed(m, g),
                    _ => texts.module_changed(),
                }
                text(m, texts)
            } else {
                Rc::clone(&before)
            };
            let function = target.map(|g| m.global_name(g)).unwrap_or_default();
            steps.push(Step {
                pass: pass.name,
                function: function.clone(),
                changed: result.changed,
                before: before.to_string(),
                after: after.to_string(),
                time_ms,
                stats: result.stats,
            });
            if opts.verify_each && result.changed {
                // A function pass changes only its function's body (the module was valid).
                let diagnostics = match target {
                    Some(g) => crate::verify::verify_function(m, g),
                    None => crate::verify::verify(m),
                };
                if !diagnostics.is_empty() {
                    return Err(PipelineError { pass: pass.name, function, diagnostics, steps });
                }
            }
        }
    }
    Ok(steps)
}
