//! Loop shape queries over a [`Loop`] of the loop forest: entering blocks, the preheader,
//! latches, exiting and exit blocks, and the checks of LLVM's "simplified form" (a preheader,
//! a single latch, dedicated exits).
//!
//! Definitions (as LLVM's `LoopInfo`):
//! * entering blocks: predecessors of the header outside the loop (unreachable ones included);
//! * preheader: the only entering block, when its terminator has the header as its only
//!   successor (`br label %header`);
//! * latches: predecessors of the header inside the loop;
//! * exiting blocks: loop blocks with a successor outside the loop;
//! * exit blocks: blocks outside the loop with a predecessor inside it;
//! * dedicated exits: every predecessor of every exit block is inside the loop.
//!
//! Every list is sorted by block id and free of duplicates.

use super::cfg::Cfg;
use super::loops::Loop;
use crate::ir::Block;

fn sorted(mut v: Vec<Block>) -> Vec<Block> {
    v.sort_unstable();
    v.dedup();
    v
}

/// The predecessors of the header outside the loop.
pub fn entering_blocks(l: &Loop, cfg: &Cfg) -> Vec<Block> {
    sorted(cfg.preds(l.header).iter().copied().filter(|&p| !l.contains(p)).collect())
}

/// The preheader: the single entering block, whose only successor is the header.
pub fn preheader(l: &Loop, cfg: &Cfg) -> Option<Block> {
    match entering_blocks(l, cfg)[..] {
        [p] if cfg.succs(p) == [l.header] => Some(p),
        _ => None,
    }
}

/// The predecessors of the header inside the loop.
pub fn latches(l: &Loop, cfg: &Cfg) -> Vec<Block> {
    sorted(cfg.preds(l.header).iter().copied().filter(|&p| l.contains(p)).collect())
}

/// The single latch, if there is exactly one.
pub fn single_latch(l: &Loop, cfg: &Cfg) -> Option<Block> {
    match latches(l, cfg)[..] {
        [b] => Some(b),
        _ => None,
    }
}

/// The loop blocks with a successor outside the loop.
pub fn exiting_blocks(l: &Loop, cfg: &Cfg) -> Vec<Block> {
    sorted(
        l.blocks()
            .iter()
            .copied()
            .filter(|&b| cfg.succs(b).iter().any(|&s| !l.contains(s)))
            .collect(),
    )
}

/// The blocks outside the loop with a predecessor inside it.
pub fn exit_blocks(l: &Loop, cfg: &Cfg) -> Vec<Block> {
    sorted(
        l.blocks()
            .iter()
            .flat_map(|&b| cfg.succs(b).iter().copied())
            .filter(|&s| !l.contains(s))
            .collect(),
    )
}

/// True when every predecessor of every exit block is inside the loop.
pub fn has_dedicated_exits(l: &Loop, cfg: &Cfg) -> bool {
    exit_blocks(l, cfg).iter().all(|&e| cfg.preds(e).iter().all(|&p| l.contains(p)))
}

/// True when the loop has a preheader, a single latch and dedicated exits.
pub fn is_simplified(l: &Loop, cfg: &Cfg) -> bool {
    preheader(l, cfg).is_some() && single_latch(l, cfg).is_some() && has_dedicated_exits(l, cfg)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{blocks, body, graphs, parse};
    use super::super::LoopForest;
    use super::*;

    #[test]
    fn simplified_loop() {
        let m = parse(
            "define void @f(i1 %c) {
             entry:
               br label %h
             h:
               br i1 %c, label %body, label %exit
             body:
               br label %h
             exit:
               ret void
             }",
        );
        let f = body(&m, "f");
        let (cfg, dt) = graphs(f);
        let lf = LoopForest::new(&cfg, &dt);
        let bb = blocks(&m, f, &["entry", "h", "body", "exit"]);
        let l = &lf.loops()[0];
        assert_eq!(entering_blocks(l, &cfg), vec![bb[0]]);
        assert_eq!(preheader(l, &cfg), Some(bb[0]));
        assert_eq!(latches(l, &cfg), vec![bb[2]]);
        assert_eq!(single_latch(l, &cfg), Some(bb[2]));
        assert_eq!(exiting_blocks(l, &cfg), vec![bb[1]]);
        assert_eq!(exit_blocks(l, &cfg), vec![bb[3]]);
        assert!(has_dedicated_exits(l, &cfg));
        assert!(is_simplified(l, &cfg));
    }

    #[test]
    fn unsimplified_loop() {
        // Two entering blocks, two latches, and an exit also reached from outside the loop.
        let m = parse(
            "define void @f(i1 %c, i32 %x) {
             entry:
               br i1 %c, label %a, label %b
             a:
               br i1 %c, label %h, label %exit
             b:
               br label %h
             h:
               switch i32 %x, label %l1 [ i32 1, label %l2
                                          i32 2, label %exit ]
             l1:
               br label %h
             l2:
               br i1 %c, label %h, label %exit
             exit:
               ret void
             }",
        );
        let f = body(&m, "f");
        let (cfg, dt) = graphs(f);
        let lf = LoopForest::new(&cfg, &dt);
        let bb = blocks(&m, f, &["entry", "a", "b", "h", "l1", "l2", "exit"]);
        let l = &lf.loops()[0];
        assert_eq!(entering_blocks(l, &cfg), vec![bb[1], bb[2]]);
        assert_eq!(preheader(l, &cfg), None);
        assert_eq!(latches(l, &cfg), vec![bb[4], bb[5]]);
        assert_eq!(single_latch(l, &cfg), None);
        assert_eq!(exiting_blocks(l, &cfg), vec![bb[3], bb[5]]);
        assert_eq!(exit_blocks(l, &cfg), vec![bb[6]]);
        assert!(!has_dedicated_exits(l, &cfg));
        assert!(!is_simplified(l, &cfg));
    }

    #[test]
    fn conditional_entering_block_is_not_a_preheader() {
        let m = parse(
            "define void @f(i1 %c) {
             entry:
               br i1 %c, label %h, label %exit
             h:
               br i1 %c, label %h, label %exit
             exit:
               ret void
             }",
        );
        let f = body(&m, "f");
        let (cfg, dt) = graphs(f);
        let lf = LoopForest::new(&cfg, &dt);
        let bb = blocks(&m, f, &["entry", "h", "exit"]);
        let l = &lf.loops()[0];
        assert_eq!(entering_blocks(l, &cfg), vec![bb[0]]);
        assert_eq!(preheader(l, &cfg), None);
        assert_eq!(single_latch(l, &cfg), Some(bb[1]));
        assert!(!has_dedicated_exits(l, &cfg));
    }
}
