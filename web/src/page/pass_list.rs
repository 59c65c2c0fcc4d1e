//! The passes the pane offers, with their descriptions: the same as `irplay-core`'s pass list
//! (a test keeps them so), as plain data, so that the page's wasm module does not link the
//! passes themselves.

/// `(name, description)` of each pass, in the order of `irplay_core::passes::PASSES`.
pub const PASS_LIST: &[(&str, &str)] = &[
    ("adce", "aggressive dead code elimination: dead phi cycles and branches that steer only dead code"),
    ("dce", "remove trivially dead instructions"),
    ("dse", "dead store elimination: stores overwritten later in their block before anything reads them"),
    ("early-cse", "common subexpression elimination along the dominator tree, loads within a memory generation"),
    ("globaldce", "delete functions, variables and aliases nothing live refers to"),
    ("globalopt", "make unwritten local variables constant and fold their loads, delete unread ones"),
    ("gvn", "global value numbering: redundant expressions, phis and loads, equalities from branches"),
    ("inline", "inline small direct callees, callees before callers"),
    ("instcombine", "instsimplify plus peepholes that may create instructions (casts, compares, constants, GEPs)"),
    ("instsimplify", "fold instructions to existing values or constants (constant folding, identities, known bits)"),
    ("licm", "hoist loop-invariant instructions (and safe loads) into loop preheaders"),
    ("loop-deletion", "delete loops without effects that provably end and whose results go unused"),
    ("loop-rotate", "rotate loops that test at the top into guarded loops that test at the bottom"),
    ("loop-simplify", "give loops a preheader, a single latch and dedicated exit blocks"),
    ("loop-unroll", "fully unroll innermost loops with a small constant trip count"),
    ("loop-vectorize", "run several iterations of simple innermost loops at once on 128-bit vectors"),
    ("mem2reg", "promote allocas used only by loads and stores to SSA values"),
    ("reassociate", "regroup add/mul/and/or/xor trees by rank so constants combine and equal operands cancel"),
    ("sccp", "sparse conditional constant propagation: constants, branches and blocks never executed"),
    ("simplifycfg", "fold constant branches, remove unreachable blocks, merge and bypass blocks"),
    ("sroa", "split allocas accessed at constant offsets into one per field, then promote them"),
    ("tailcallelim", "turn self-recursive tail calls into loops and mark calls that cannot reach allocas tail"),
];

#[cfg(test)]
mod tests {
    #[test]
    fn the_list_is_the_core_s() {
        let core: Vec<(&str, &str)> =
            irplay_core::passes::PASSES.iter().map(|p| (p.name, p.description)).collect();
        assert_eq!(super::PASS_LIST, core.as_slice());
    }
}
