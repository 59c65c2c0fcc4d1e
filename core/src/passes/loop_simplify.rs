//! `loop-simplify`: puts natural loops in LLVM's simplified form: a preheader, a single latch
//! and dedicated exit blocks, inserting blocks and splitting phis as LLVM's `LoopSimplify` does.
//!
//! For each natural loop, innermost first, in rounds: a round makes every change whose inputs
//! the changes before it in the round left intact, then the analyses are recomputed:
//! 1. Preheader: when the header has several predecessors outside the loop, or one whose
//!    terminator has other successors, a new block `%header.preheader` takes all those edges
//!    and branches to the header. Header phis get one entry from it: the common incoming
//!    value, or a new phi `%x.ph` in the preheader merging the outside values.
//! 2. Single latch: when several loop blocks branch back to the header, a new block
//!    `%header.backedge` takes all back edges (phis merged into `%x.be`).
//! 3. Dedicated exits: an exit block with predecessors both inside and outside the loop gets a
//!    new block `%exit.loopexit` taking the edges from inside the loop (phis merged into
//!    `%x.ph`).
//!
//! New names are made unique by appending a number, as LLVM does. New blocks contain only phis
//! and a `br`, so the transformation changes no computation: it is valid whatever the values
//! (poison and undef flow through the new phis unchanged; a phi merging equal operands is
//! not created).
//!
//! Not done, deliberately:
//! * loops whose edges would have to be redirected from a terminator other than `br` or
//!   `switch` (`indirectbr`, `callbr`, `invoke`), loops containing such terminators or EH
//!   pads, and loops with a block whose address is taken: they are left as they are, as LLVM
//!   leaves loops it cannot split around;
//! * LLVM's separation of nested loops sharing a header (our loop forest merges the back
//!   edges of one header into one loop, which gets one merged latch instead);
//! * LLVM's rewriting of branches on `undef` in exiting blocks and its deletion of edges from
//!   unreachable blocks into the loop (such edges are simply redirected with the others).

use super::edit::address_taken_blocks;
use super::loop_driver::{exits_of_loops, own_blocks, unsupported_loops};
use super::loop_edit::{block_name, split_predecessors, Names, Place};
use super::{with_body, PassResult};
use crate::analysis::loop_info::{entering_blocks, latches, preheader};
use crate::analysis::{Cfg, DomTree, LoopForest};
use crate::ir::{Block, Body, GlobalId, Module};
use rustc_hash::FxHashSet as HashSet;

/// What `loop-simplify` did.
#[derive(Clone, Debug, Default)]
pub struct SimplifyStats {
    /// Preheaders inserted.
    pub preheaders: u64,
    /// Back edges merged into a new latch.
    pub latches: u64,
    /// Exit blocks made dedicated.
    pub exits: u64,
}

impl SimplifyStats {
    /// The counters, for a [`PassResult`].
    pub fn list(&self) -> Vec<(&'static str, u64)> {
        vec![
            ("preheaders inserted", self.preheaders),
            ("latch blocks inserted", self.latches),
            ("dedicated exit blocks inserted", self.exits),
        ]
    }
}

/// Runs `loop-simplify` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| PassResult::from_stats(simplify_loops(m, body, g).list()))
}

/// Puts every loop of `body` (the body of function `g`) that we can handle in simplified form.
pub fn simplify_loops(m: &mut Module, body: &mut Body, g: GlobalId) -> SimplifyStats {
    let mut st = SimplifyStats::default();
    let taken = address_taken_blocks(&m.consts, g, body.blocks.len());
    let is_taken = |b: Block| taken.contains(b);
    let mut names = Names::new(body);
    // Headers of loops we gave up on (headers never change here), and the steps that failed:
    // headers that cannot get a preheader or a single latch, exits whose edges cannot split.
    let mut skip: HashSet<Block> = HashSet::default();
    let (mut no_pre, mut no_latch, mut no_exit): (HashSet<Block>, HashSet<Block>, HashSet<Block>) =
        Default::default();
    let cap = 64 + 8 * body.blocks.len();
    for _ in 0..cap {
        let cfg = Cfg::new(body);
        let dt = DomTree::new(&cfg);
        let lf = LoopForest::new(&cfg, &dt);
        // Blocks whose predecessors changed in this round. Splitting edges changes no path
        // between existing blocks, so the loops' membership stays right; only the predecessor
        // lists of these blocks (and the successors of the redirected blocks, which no later
        // step of the round reads) are stale: steps that read them wait for the next round.
        let mut targets: HashSet<Block> = HashSet::default();
        // Found once per round for every loop: which loops have blocks we refuse, and their
        // exit blocks (each edge looked at once per loop it leaves), not per loop from all
        // its blocks (loops nested a thousand deep).
        let own = own_blocks(&cfg, &lf);
        let unsupported = unsupported_loops(body, &lf, &own, &is_taken);
        let exits = exits_of_loops(&cfg, &lf);
        for (id, l) in lf.loops().iter().enumerate().rev() {
            let h = l.header;
            if skip.contains(&h) {
                continue;
            }
            if Some(h) == body.entry() || unsupported.get(id).copied().unwrap_or(true) {
                skip.insert(h);
                continue;
            }
            let hname = block_name(m, body, h);
            if !targets.contains(&h) && preheader(l, &cfg).is_none() && !no_pre.contains(&h) {
                let entering = entering_blocks(l, &cfg);
                let name = format!("{hname}.preheader");
                if split_predecessors(
                    m,
                    body,
                    &mut names,
                    h,
                    &entering,
                    &name,
                    ".ph",
                    Place::Before(h),
                )
                .is_some()
                {
                    st.preheaders += 1;
                    targets.insert(h);
                } else {
                    no_pre.insert(h);
                }
            }
            let ls = latches(l, &cfg);
            if !targets.contains(&h) && ls.len() > 1 && !no_latch.contains(&h) {
                let last = body.layout.iter().copied().rfind(|b| ls.contains(b)).unwrap_or(h);
                let name = format!("{hname}.backedge");
                if split_predecessors(m, body, &mut names, h, &ls, &name, ".be", Place::After(last))
                    .is_some()
                {
                    st.latches += 1;
                    targets.insert(h);
                } else {
                    no_latch.insert(h);
                }
            }
            for &e in exits.get(id).map(Vec::as_slice).unwrap_or(&[]) {
                let preds = cfg.preds(e);
                if targets.contains(&e)
                    || preds.iter().all(|&p| l.contains(p))
                    || no_exit.contains(&e)
                {
                    continue;
                }
                let mut inside: Vec<Block> =
                    preds.iter().copied().filter(|&p| l.contains(p)).collect();
                inside.sort_unstable();
                inside.dedup();
                let name = format!("{}.loopexit", block_name(m, body, e));
                if split_predecessors(
                    m,
                    body,
                    &mut names,
                    e,
                    &inside,
                    &name,
                    ".ph",
                    Place::Before(e),
                )
                .is_some()
                {
                    st.exits += 1;
                    targets.insert(e);
                } else {
                    no_exit.insert(e);
                }
            }
        }
        if targets.is_empty() {
            break;
        }
    }
    st
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::loop_info::is_simplified;

    fn parse(src: &str) -> Module {
        let c = crate::check(src);
        assert!(c.valid, "{:?}", c.diagnostics);
        c.module.expect("module")
    }

    fn simplify(src: &str) -> (Module, SimplifyStats) {
        let mut m = parse(src);
        let g = m.global_by_name("f").expect("f");
        let st = with_body(&mut m, g, |m, b| simplify_loops(m, b, g));
        let d = crate::verify::verify(&m);
        assert!(d.is_empty(), "{d:?}\n{}", crate::text::print_module(&m));
        (m, st)
    }

    fn all_simplified(m: &Module) -> bool {
        let g = m.global_by_name("f").expect("f");
        let body = m.func(g).and_then(|f| f.body.as_ref()).expect("body");
        let cfg = Cfg::new(body);
        let dt = DomTree::new(&cfg);
        let lf = LoopForest::new(&cfg, &dt);
        lf.loops().iter().all(|l| is_simplified(l, &cfg))
    }

    #[test]
    fn inserts_preheader_latch_and_exit() {
        let (m, st) = simplify(
            "define i32 @f(i1 %c, i32 %x) {
             entry:
               br i1 %c, label %h, label %exit
             h:
               %i = phi i32 [ 0, %entry ], [ %a, %l1 ], [ %b, %l2 ]
               %a = add i32 %i, 1
               %b = add i32 %i, 2
               switch i32 %x, label %l1 [ i32 1, label %l2
                                          i32 2, label %exit ]
             l1:
               br label %h
             l2:
               br label %h
             exit:
               %r = phi i32 [ 7, %entry ], [ %i, %h ]
               ret i32 %r
             }",
        );
        assert_eq!((st.preheaders, st.latches, st.exits), (1, 1, 1));
        assert!(all_simplified(&m));
        let t = crate::text::print_module(&m);
        assert!(
            t.contains("h.preheader:") && t.contains("h.backedge:") && t.contains("exit.loopexit:"),
            "{t}"
        );
        assert!(t.contains("%i.be = phi i32 [ %a, %l1 ], [ %b, %l2 ]"), "{t}");
    }

    #[test]
    fn leaves_indirectbr_loops() {
        let (m, st) = simplify(
            "define void @f(ptr %p) {
             entry:
               indirectbr ptr %p, [label %h, label %exit]
             h:
               indirectbr ptr %p, [label %h, label %exit]
             exit:
               ret void
             }",
        );
        assert_eq!((st.preheaders, st.latches, st.exits), (0, 0, 0));
        assert!(!all_simplified(&m));
    }

    #[test]
    fn nested_loops_sharing_an_exit() {
        let (m, st) = simplify(
            "define void @f(i1 %c) {
             entry:
               br label %o
             o:
               br label %i
             i:
               br i1 %c, label %i2, label %o
             i2:
               br i1 %c, label %i, label %exit
             exit:
               ret void
             }",
        );
        assert!(all_simplified(&m));
        assert_eq!((st.preheaders, st.latches, st.exits), (0, 0, 1));
        assert!(crate::text::print_module(&m).contains("o.loopexit:"));
    }
}
