//! `adce`: aggressive dead code elimination: everything is dead unless proven live, so dead
//! cycles of phis and branches that only steer dead code go too (LLVM's `ADCEPass`).
//!
//! Live roots: instructions with an effect (stores, calls that may write or not return,
//! volatile accesses, `ret`, `unreachable`, terminators other than `br`/`switch`, EH pads; the
//! same judgement as `dce`), the branches of blocks that close a cycle (the source of a
//! back edge of a depth-first walk, irreducible cycles included), and everything in blocks
//! unreachable from the entry (left alone). Liveness then flows:
//! * from a live instruction to the definitions of its operands, and to its block;
//! * from a live phi to its incoming blocks (a value must arrive along that edge);
//! * from a live block to the branches it is control dependent on: the terminators of the blocks
//!   in its post-dominance frontier (computed with `analysis/postdom.rs`).
//!
//! Afterwards, dead non-terminator instructions are removed, and a dead conditional `br` or
//! `switch` becomes `br label` to one of its successors (the nearest live post-dominator when it
//! is a direct successor, else the first successor): no live instruction depends on which way
//! it went, and every path from it reaches that post-dominator. Blocks emptied this way stay
//! (simplifycfg removes them).
//!
//! Loops: as LLVM 19's `adce` (whose `adce-remove-loops` is off by default), a loop is never
//! removed, even when nothing in it is live: removing a loop that might not terminate would
//! turn a program that hangs into one that returns. Every back-edge branch is kept live, with
//! the condition computing it. Not done: removing provably finite loops, dead stores (that is
//! `dse`), debug-intrinsic special cases (a `llvm.dbg.*` call keeps its operands alive).

use super::dce::has_effects;
use super::edit::{reachable, remove_insts, set_branch, used_values};
use super::{with_body, PassResult};
use crate::analysis::{Cfg, PostDomTree};
use crate::ir::SecondaryMap;
use crate::ir::{Block, Body, Extra, GlobalId, Inst, Module, Opcode, ValueDef};

/// Runs `adce` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let (removed, rewired) = adce(m, body);
        PassResult::from_stats(vec![
            ("instructions removed", removed),
            ("dead branches made unconditional", rewired),
        ])
    })
}

struct State {
    inst_live: SecondaryMap<Inst, bool>,
    block_live: SecondaryMap<Block, bool>,
    inst_work: Vec<Inst>,
    block_work: Vec<Block>,
}

impl State {
    fn mark_inst(&mut self, i: Inst) {
        if let Some(l) = self.inst_live.get_mut(i) {
            if !*l {
                *l = true;
                self.inst_work.push(i);
            }
        }
    }
    fn mark_block(&mut self, b: Block) {
        if let Some(l) = self.block_live.get_mut(b) {
            if !*l {
                *l = true;
                self.block_work.push(b);
            }
        }
    }
}

fn is_cond_branch(body: &Body, t: Inst) -> bool {
    body.insts.get(t).is_some_and(|d| match (&d.op, &d.extra) {
        (Opcode::Br, Extra::Br(ts)) => ts.len() == 2,
        (Opcode::Switch, _) => true,
        _ => false,
    })
}

fn adce(m: &mut Module, body: &mut Body) -> (u64, u64) {
    let Some(entry) = body.entry() else { return (0, 0) };
    let cfg = Cfg::new(body);
    let pdt = PostDomTree::new(&cfg);
    let reach = reachable(body);
    let is_reach = |b: Block| reach.contains(b);
    let nb = body.blocks.len();
    let inst_block = super::edit::inst_blocks(body);

    let mut st = State {
        inst_live: SecondaryMap::from_elem(false, body.insts.len()),
        block_live: SecondaryMap::from_elem(false, nb),
        inst_work: Vec::new(),
        block_work: Vec::new(),
    };

    // Roots: effects, terminators other than conditional branches, unreachable code.
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        for &i in &bd.insts {
            let Some(d) = body.insts.get(i) else { continue };
            let root = !is_reach(b)
                || (has_effects(m, body, d) && !matches!(d.op, Opcode::Br | Opcode::Switch));
            if root {
                st.mark_inst(i);
            }
        }
    }
    // Back edges of a depth-first walk: their branches stay.
    {
        let mut state: SecondaryMap<Block, u8> = SecondaryMap::from_elem(0, nb); // 0 new, 1 on stack, 2 done
        let mut stack: Vec<(Block, usize)> = vec![(entry, 0)];
        if let Some(s) = state.get_mut(entry) {
            *s = 1;
        }
        while let Some(&mut (b, ref mut k)) = stack.last_mut() {
            let succs = cfg.succs(b);
            if let Some(&s) = succs.get(*k) {
                *k += 1;
                match state.get(s).copied() {
                    Some(0) => {
                        if let Some(x) = state.get_mut(s) {
                            *x = 1;
                        }
                        stack.push((s, 0));
                    }
                    Some(1) => {
                        if let Some(t) = body.terminator(b) {
                            st.mark_inst(t);
                        }
                    }
                    _ => {}
                }
            } else {
                if let Some(x) = state.get_mut(b) {
                    *x = 2;
                }
                stack.pop();
            }
        }
    }

    // Post-dominance frontiers (the blocks each block is control dependent on), for the
    // branches not live already: a live branch gains nothing from a block that depends on it
    // (and the back-edge branches of a nest of loops would each list every block of the
    // loops inside it).
    let mut pdf: SecondaryMap<Block, Vec<Block>> = SecondaryMap::from_elem(Vec::new(), nb);
    for &b in &body.layout {
        if !is_reach(b)
            || body.terminator(b).is_some_and(|t| st.inst_live.get(t).copied().unwrap_or(false))
        {
            continue;
        }
        let succs = cfg.succs(b);
        if succs.len() < 2 {
            continue;
        }
        let stop = pdt.ipdom(b);
        for &s in succs {
            let mut runner = Some(s);
            let mut steps = 0usize;
            while let Some(r) = runner {
                if Some(r) == stop || steps > nb {
                    break;
                }
                if let Some(list) = pdf.get_mut(r) {
                    if list.last() != Some(&b) {
                        list.push(b);
                    }
                }
                runner = pdt.ipdom(r);
                steps += 1;
            }
        }
    }

    loop {
        propagate(body, &inst_block, &pdf, &mut st);
        // A dead branch needs a live post-dominator to fall through to; keep it otherwise.
        let mut again = false;
        for &b in &body.layout {
            let Some(t) = body.terminator(b) else { continue };
            if !is_reach(b)
                || !is_cond_branch(body, t)
                || st.inst_live.get(t).copied().unwrap_or(true)
            {
                continue;
            }
            if live_post_dominator(&pdt, &st, b, nb).is_none() {
                st.mark_inst(t);
                again = true;
            }
        }
        if !again {
            break;
        }
    }

    // Rewire dead conditional branches.
    let mut rewired = 0u64;
    for b in body.layout.clone() {
        let Some(t) = body.terminator(b) else { continue };
        if !is_reach(b) || !is_cond_branch(body, t) || st.inst_live.get(t).copied().unwrap_or(true)
        {
            continue;
        }
        let succs = body.successors(b);
        let target = live_post_dominator(&pdt, &st, b, nb)
            .filter(|p| succs.contains(p))
            .or_else(|| succs.first().copied());
        if let Some(target) = target {
            if set_branch(body, b, target) {
                rewired += 1;
            }
        }
    }

    // Remove dead instructions (terminators stay).
    let dead = |i: Inst| {
        !st.inst_live.get(i).copied().unwrap_or(true)
            && body.insts.get(i).is_some_and(|d| !d.op.is_terminator())
            && inst_block.get(i).copied().flatten().is_some_and(is_reach)
    };
    let mut dead_list = SecondaryMap::from_elem(false, body.insts.len());
    for (i, d) in dead_list.iter_mut() {
        *d = dead(i);
    }
    let removed =
        remove_insts(&mut m.consts, body, &|i| dead_list.get(i).copied().unwrap_or(false)) as u64;
    (removed, rewired)
}

/// The nearest strict post-dominator of `b` that is live.
fn live_post_dominator(pdt: &PostDomTree, st: &State, b: Block, nb: usize) -> Option<Block> {
    let mut cur = pdt.ipdom(b);
    let mut steps = 0;
    while let Some(c) = cur {
        if st.block_live.get(c).copied().unwrap_or(false) {
            return Some(c);
        }
        steps += 1;
        if steps > nb {
            return None;
        }
        cur = pdt.ipdom(c);
    }
    None
}

fn propagate(
    body: &Body,
    inst_block: &SecondaryMap<Inst, Option<Block>>,
    pdf: &SecondaryMap<Block, Vec<Block>>,
    st: &mut State,
) {
    loop {
        if let Some(i) = st.inst_work.pop() {
            let Some(d) = body.insts.get(i) else { continue };
            if let Some(b) = inst_block.get(i).copied().flatten() {
                st.mark_block(b);
            }
            let mut defs = Vec::new();
            used_values(body, d, &mut |v| {
                if let Some(ValueDef::Inst(di)) = body.values.get(v).map(|vd| vd.def) {
                    defs.push(di);
                }
            });
            for di in defs {
                st.mark_inst(di);
            }
            if let Extra::Phi(preds) = &d.extra {
                for &p in preds.iter() {
                    st.mark_block(p);
                }
            }
            continue;
        }
        if let Some(b) = st.block_work.pop() {
            // An unconditional branch of a live block is live (nothing to decide).
            if let Some(t) = body.terminator(b) {
                if !is_cond_branch(body, t) {
                    st.mark_inst(t);
                }
            }
            for &y in &pdf[b] {
                if let Some(t) = body.terminator(y) {
                    st.mark_inst(t);
                }
            }
            continue;
        }
        break;
    }
}

#[cfg(test)]
mod tests {
    fn opt(src: &str) -> String {
        crate::passes::tests::optimized(src, "adce")
    }

    #[test]
    fn dead_phi_cycle_and_dead_diamond() {
        let out = opt(r#"
declare void @use(i32)
define void @f(i32 %n, i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  %x = add i32 %n, 1
  br label %j
b:
  %y = mul i32 %n, 3
  br label %j
j:
  %p = phi i32 [ %x, %a ], [ %y, %b ]
  br label %loop
loop:
  %i = phi i32 [ 0, %j ], [ %i2, %loop ]
  %s = phi i32 [ %p, %j ], [ %s2, %loop ]
  %s2 = add i32 %s, %i
  %i2 = add i32 %i, 1
  %d = icmp slt i32 %i2, %n
  br i1 %d, label %loop, label %exit
exit:
  call void @use(i32 %n)
  ret void
}
"#);
        assert!(!out.contains("%s2") && !out.contains("%p =") && !out.contains("mul"), "{out}");
        assert!(out.contains("br label %a") || out.contains("br label %j"), "{out}");
        assert!(out.contains("%i2 = add"), "the loop stays: {out}");
    }
}
