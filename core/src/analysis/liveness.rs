//! Liveness of SSA values: for each block, the values live on entry and on exit.
//!
//! Conventions (those of the SSA book's "LiveIn/LiveOut" with phis):
//! * a phi's use of a value counts on the incoming edge: the value is live out of that
//!   predecessor, not live into the phi's block (unless used there otherwise);
//! * a phi's result is defined at the top of its block: `live_in(B)` contains those of `B`'s
//!   phi results that are used by a non-phi instruction of `B` or live out of `B`;
//! * only parameters and instruction results are tracked (constants are never live).
//!
//! `live_out(B) = ∪ over successors S of (live_in(S) − phis(S)) ∪ phi_uses(S from B)`,
//! `live_in(B) = upward_exposed(B) ∪ (live_out(B) − defs(B)) ∪ (phis(B) ∩ used or live out)`.
//! Solved by iteration in post-order over the blocks reachable from the entry (blocks not
//! reachable get empty sets). Sets are bit sets indexed by `Value`.

use crate::analysis::Cfg;
use crate::ir::entity::{EntitySet, SecondaryMap};
use crate::ir::{Block, Body, Extra, Opcode, Operand, Value};

/// A set of values as bits.
pub type ValueSet = EntitySet<Value>;

/// Live-in and live-out sets of every block.
#[derive(Clone, Debug)]
pub struct Liveness {
    live_in: SecondaryMap<Block, ValueSet>,
    live_out: SecondaryMap<Block, ValueSet>,
}

impl Liveness {
    /// Computes liveness for `body`.
    pub fn new(body: &Body, cfg: &Cfg) -> Liveness {
        Liveness::with_domtree(body, cfg, &crate::analysis::DomTree::new(cfg))
    }

    /// Computes liveness for `body` with its dominator tree `dt` (for a caller that has it).
    pub fn with_domtree(body: &Body, cfg: &Cfg, dt: &crate::analysis::DomTree) -> Liveness {
        let nb = body.blocks.len();
        let nv = body.values.len();
        let sets = || SecondaryMap::from_elem(ValueSet::with_capacity(nv), nb);
        let mut gen = sets();
        let mut defs = sets();
        let mut phi_defs = sets();
        // phi_uses[pred]: values used by phis of successors on edges from pred.
        let mut phi_uses = sets();
        // Phi results of a block used by its own non-phi instructions.
        let mut phi_used_here = sets();
        for &b in &body.layout {
            let Some(bd) = body.blocks.get(b) else { continue };
            for &i in &bd.insts {
                let Some(d) = body.insts.get(i) else { continue };
                if d.op == Opcode::Phi {
                    if let Extra::Phi(preds) = &d.extra {
                        for (k, &p) in preds.iter().enumerate() {
                            if let (Some(Operand::Value(v)), Some(set)) =
                                (d.args.get(k), phi_uses.get_mut(p))
                            {
                                set.insert(*v);
                            }
                        }
                    }
                } else {
                    crate::ir::uses::used_values(body, d, &mut |v| {
                        if let (Some(g), Some(df), Some(pd), Some(pu)) =
                            (gen.get_mut(b), defs.get(b), phi_defs.get(b), phi_used_here.get_mut(b))
                        {
                            if !df.contains(v) {
                                g.insert(v);
                            } else if pd.contains(v) {
                                pu.insert(v);
                            }
                        }
                    });
                }
                if let Some(r) = d.result {
                    if let Some(df) = defs.get_mut(b) {
                        df.insert(r);
                    }
                    if d.op == Opcode::Phi {
                        if let Some(p) = phi_defs.get_mut(b) {
                            p.insert(r);
                        }
                    }
                }
            }
        }
        let mut live_in = sets();
        let mut live_out = sets();
        // Post-order of the reachable blocks: reverse of the dominator tree's RPO.
        let order: Vec<Block> = dt.rpo().iter().rev().copied().collect();
        let mut changed = true;
        while changed {
            changed = false;
            for &b in &order {
                let mut out =
                    phi_uses.get(b).cloned().unwrap_or_else(|| ValueSet::with_capacity(nv));
                for &s in cfg.succs(b) {
                    if let Some(li) = live_in.get(s) {
                        let mut t = li.clone();
                        if let Some(pd) = phi_defs.get(s) {
                            for v in pd.iter() {
                                t.remove(v);
                            }
                        }
                        out.union_with(&t);
                    }
                }
                let mut inn = out.clone();
                if let Some(df) = defs.get(b) {
                    inn.difference_with(df);
                }
                if let Some(g) = gen.get(b) {
                    inn.union_with(g);
                }
                // Phi results live at the block start: used in the block or live out.
                if let Some(pd) = phi_defs.get(b) {
                    for v in pd.iter() {
                        if out.contains(v) || phi_used_here[b].contains(v) {
                            inn.insert(v);
                        }
                    }
                }
                if let Some(slot) = live_out.get_mut(b) {
                    if *slot != out {
                        *slot = out;
                        changed = true;
                    }
                }
                if let Some(slot) = live_in.get_mut(b) {
                    if *slot != inn {
                        *slot = inn;
                        changed = true;
                    }
                }
            }
        }
        Liveness { live_in, live_out }
    }

    /// The values live on entry to `b`.
    pub fn live_in(&self, b: Block) -> &ValueSet {
        &self.live_in[b]
    }

    /// The values live on exit from `b`.
    pub fn live_out(&self, b: Block) -> &ValueSet {
        &self.live_out[b]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_util::{block, body, parse, value};

    #[test]
    fn loop_and_phi_edges() {
        let m = parse(
            r#"
define i32 @f(i32 %n, i32 %k) {
entry:
  %z = add i32 %k, 1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i2, %loop ]
  %s = phi i32 [ %z, %entry ], [ %s2, %loop ]
  %s2 = add i32 %s, %i
  %i2 = add i32 %i, 1
  %c = icmp slt i32 %i2, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %s2
}
"#,
        );
        let b = body(&m, "f");
        let cfg = Cfg::new(b);
        let l = Liveness::new(b, &cfg);
        let (entry, lp, exit) = (block(&m, b, "entry"), block(&m, b, "loop"), block(&m, b, "exit"));
        let (n, k, z, i, s, s2, i2) = (
            value(&m, b, "n"),
            value(&m, b, "k"),
            value(&m, b, "z"),
            value(&m, b, "i"),
            value(&m, b, "s"),
            value(&m, b, "s2"),
            value(&m, b, "i2"),
        );
        // %z is used only by a phi: live out of entry, not live into loop.
        assert!(l.live_out(entry).contains(z));
        assert!(!l.live_in(lp).contains(z));
        assert!(l.live_in(entry).contains(n) && l.live_in(entry).contains(k));
        assert!(!l.live_out(entry).contains(k));
        // %n is live around the loop.
        assert!(l.live_in(lp).contains(n) && l.live_out(lp).contains(n));
        // Phi results are live into their block; the back-edge values are live out of the latch.
        assert!(l.live_in(lp).contains(i) && l.live_in(lp).contains(s));
        assert!(l.live_out(lp).contains(s2) && l.live_out(lp).contains(i2));
        assert!(!l.live_out(lp).contains(i));
        assert!(l.live_in(exit).contains(s2));
        assert_eq!(l.live_in(exit).len(), 1);
        assert!(l.live_out(exit).is_empty());
    }

    #[test]
    fn diamond_phi_uses_count_on_their_edge() {
        let m = parse(
            r#"
define i32 @g(i1 %c, i32 %a, i32 %b) {
entry:
  br i1 %c, label %l, label %r
l:
  br label %j
r:
  %t = mul i32 %b, 2
  br label %j
j:
  %p = phi i32 [ %a, %l ], [ %t, %r ]
  ret i32 %p
}
"#,
        );
        let b = body(&m, "g");
        let cfg = Cfg::new(b);
        let l = Liveness::new(b, &cfg);
        let (entry, lb, rb, j) =
            (block(&m, b, "entry"), block(&m, b, "l"), block(&m, b, "r"), block(&m, b, "j"));
        let (a, bv, t, p) =
            (value(&m, b, "a"), value(&m, b, "b"), value(&m, b, "t"), value(&m, b, "p"));
        assert!(l.live_out(lb).contains(a) && !l.live_out(rb).contains(a));
        assert!(l.live_out(rb).contains(t) && !l.live_in(j).contains(t));
        assert!(l.live_in(rb).contains(bv) && !l.live_in(lb).contains(bv));
        assert!(l.live_out(entry).contains(a) && l.live_out(entry).contains(bv));
        assert!(l.live_in(j).contains(p));
        assert_eq!(l.live_in(j).len(), 1);
    }
}
