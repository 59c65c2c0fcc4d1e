//! Dominance frontiers (where a block's dominance ends: the join points that need PHIs for a
//! value defined in it), by the Cooper–Harvey–Kennedy "runner" walk up the dominator tree.
//!
//! `Y` is in the frontier of `X` when `X` dominates a predecessor of `Y` but does not strictly
//! dominate `Y`. Only edges between blocks reachable from the entry count: an unreachable block
//! has an empty frontier and is in no frontier.

use super::cfg::Cfg;
use super::dominators::DomTree;
use crate::ir::entity::SecondaryMap;
use crate::ir::Block;

/// The dominance frontier of every block, each sorted by block id.
#[derive(Clone, Debug, Default)]
pub struct DominanceFrontiers {
    df: SecondaryMap<Block, Vec<Block>>,
}

impl DominanceFrontiers {
    /// Computes the frontiers from the CFG and its dominator tree.
    pub fn new(cfg: &Cfg, dt: &DomTree) -> DominanceFrontiers {
        let n = cfg.num_blocks();
        let mut df: SecondaryMap<Block, Vec<Block>> = SecondaryMap::from_elem(Vec::new(), n);
        for &y in dt.rpo() {
            let stop = dt.idom(y);
            for &p in cfg.preds(y) {
                if !dt.is_reachable(p) {
                    continue;
                }
                // Walk from the predecessor up to (not including) y's immediate dominator;
                // the entry has none, so its walk ends after the entry itself.
                let mut runner = p;
                loop {
                    if Some(runner) == stop {
                        break;
                    }
                    let Some(set) = df.get_mut(runner) else { break };
                    if set.last() == Some(&y) {
                        // Already added from another predecessor of y, and so is the rest of
                        // this chain up to the dominator where that walk went.
                        break;
                    }
                    set.push(y);
                    match dt.idom(runner) {
                        Some(up) => runner = up,
                        None => break,
                    }
                }
            }
        }
        for set in df.values_mut() {
            set.sort_unstable();
            set.dedup();
        }
        DominanceFrontiers { df }
    }

    /// The dominance frontier of `b`, sorted by block id (empty for unknown blocks).
    pub fn frontier(&self, b: Block) -> &[Block] {
        &self.df[b]
    }

    /// The iterated dominance frontier of `defs`: the blocks where SSA construction places PHIs
    /// for a variable assigned in `defs`. Sorted by block id. The work is about the blocks
    /// found and their frontiers, not the function (mem2reg asks once per alloca).
    pub fn iterated(&self, defs: &[Block]) -> Vec<Block> {
        let mut in_result: rustc_hash::FxHashSet<Block> = Default::default();
        let mut queued: rustc_hash::FxHashSet<Block> = Default::default();
        let mut work: Vec<Block> = Vec::new();
        for &d in defs {
            if self.df.get(d).is_some() && queued.insert(d) {
                work.push(d);
            }
        }
        while let Some(x) = work.pop() {
            for &y in self.frontier(x) {
                if self.df.get(y).is_none() {
                    continue;
                }
                in_result.insert(y);
                if queued.insert(y) {
                    work.push(y);
                }
            }
        }
        let mut out: Vec<Block> = in_result.into_iter().collect();
        out.sort_unstable();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{blocks, body, graphs, parse};
    use super::*;
    use crate::ir::entity::EntityRef;

    #[test]
    fn diamond() {
        let m = parse(
            "define i32 @f(i1 %c) {
             entry:
               br i1 %c, label %a, label %b
             a:
               br label %join
             b:
               br label %join
             join:
               ret i32 0
             }",
        );
        let f = body(&m, "f");
        let (cfg, dt) = graphs(f);
        let df = DominanceFrontiers::new(&cfg, &dt);
        let bb = blocks(&m, f, &["entry", "a", "b", "join"]);
        assert!(df.frontier(bb[0]).is_empty());
        assert_eq!(df.frontier(bb[1]), &[bb[3]]);
        assert_eq!(df.frontier(bb[2]), &[bb[3]]);
        assert!(df.frontier(bb[3]).is_empty());
        assert_eq!(df.iterated(&[bb[1]]), vec![bb[3]]);
    }

    #[test]
    fn loops_and_nested_joins() {
        // entry -> h; h -> body | exit; body -> l | r; l, r -> latch; latch -> h.
        let m = parse(
            "define void @f(i1 %c, i1 %d) {
             entry:
               br label %h
             h:
               br i1 %c, label %body, label %exit
             body:
               br i1 %d, label %l, label %r
             l:
               br label %latch
             r:
               br label %latch
             latch:
               br label %h
             exit:
               ret void
             dead:
               br label %latch
             }",
        );
        let f = body(&m, "f");
        let (cfg, dt) = graphs(f);
        let df = DominanceFrontiers::new(&cfg, &dt);
        let bb = blocks(&m, f, &["entry", "h", "body", "l", "r", "latch", "exit", "dead"]);
        let [entry, h, bd, l, r, latch, exit, dead] =
            [bb[0], bb[1], bb[2], bb[3], bb[4], bb[5], bb[6], bb[7]];
        assert!(df.frontier(entry).is_empty());
        assert_eq!(df.frontier(h), &[h]);
        assert_eq!(df.frontier(bd), &[h]);
        assert_eq!(df.frontier(l), &[latch]);
        assert_eq!(df.frontier(r), &[latch]);
        assert_eq!(df.frontier(latch), &[h]);
        assert!(df.frontier(exit).is_empty());
        // The unreachable block's edge to `latch` does not count.
        assert!(df.frontier(dead).is_empty());
        // A variable assigned in `l` needs PHIs at `latch` and, through it, at `h`.
        assert_eq!(df.iterated(&[l]), vec![h, latch]);
        assert!(df.frontier(Block::new(999)).is_empty());
        assert!(df.iterated(&[Block::new(999)]).is_empty());
    }

    #[test]
    fn self_loop() {
        let m = parse(
            "define void @f(i1 %c) {
             entry:
               br label %h
             h:
               br i1 %c, label %h, label %out
             out:
               ret void
             }",
        );
        let f = body(&m, "f");
        let (cfg, dt) = graphs(f);
        let df = DominanceFrontiers::new(&cfg, &dt);
        let bb = blocks(&m, f, &["entry", "h", "out"]);
        assert!(df.frontier(bb[0]).is_empty());
        assert_eq!(df.frontier(bb[1]), &[bb[1]]);
        assert!(df.frontier(bb[2]).is_empty());
        assert_eq!(df.iterated(&[bb[0], bb[1]]), vec![bb[1]]);
    }
}
