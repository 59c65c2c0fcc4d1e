//! Register assignment for a function's narrow SSA values: values whose live ranges do not
//! overlap share a register, so a frame holds at most as many value registers as values are
//! live at once, not one per value.
//!
//! The assignment walks the dominator tree in preorder (every value's definition is seen
//! before its uses, as in SSA-based register allocation): at a block's start the registers of
//! its live-in values are taken, then its phis get distinct registers, then each instruction
//! takes a free register for its result before the registers of the operands it is the last
//! use of are given back. A result therefore never shares a register with an operand of its
//! own instruction, so no op, fast or general, can overwrite an operand it has yet to read;
//! except where `reuse` allows it, for instructions whose ops read every operand first.
//!
//! A value that a phi takes on some edge gets the phi's register when that register is free
//! at the value's definition (or held by an operand that dies there, under `reuse`), as in
//! SSA register allocation's coalescing: a loop's `%i.next = add %i, 1` then lands where the
//! phi `%i` is, and the back edge's move becomes a move of a register to itself, which the
//! fast path only checks for poison.
//!
//! Edge moves write phi registers after the branch read its operands; a phi's register may be
//! the register of a value that dies on that edge, which the edge's parallel-move flag covers
//! (it is computed from the registers). Parameters get distinct registers (a call writes them
//! all). Blocks not reachable from the entry never run; their values share register 0.

use crate::analysis::{Cfg, DomTree, Liveness};
use crate::ir::{Block, Body, InstData, Opcode, Operand, SecondaryMap, Value};
use std::collections::HashMap;

/// Functions with more blocks times values than this keep one register per value (liveness
/// sets would take too much memory).
const MAX_WORK: usize = 1 << 24;

/// The register of each value for which `narrow` holds (`u32::MAX` for the others), and how
/// many registers they use; `None` for a function too large to analyse.
pub(crate) fn assign(
    body: &Body,
    narrow: &dyn Fn(Value) -> bool,
    reuse: &dyn Fn(&InstData) -> bool,
) -> Option<(SecondaryMap<Value, u32>, u32)> {
    let nv = body.values.len();
    if body.blocks.len().saturating_mul(nv) > MAX_WORK {
        return None;
    }
    let cfg = Cfg::new(body);
    let dt = DomTree::new(&cfg);
    let live = Liveness::with_domtree(body, &cfg, &dt);
    let mut a =
        Assign { reg: SecondaryMap::from_elem(u32::MAX, nv), busy: Vec::new(), free: Vec::new() };
    for p in body.params.iter().copied().filter(|&p| narrow(p)) {
        let r = a.take();
        a.set(p, r);
    }
    // The phis that take each value on some edge.
    let mut phis_of: HashMap<Value, Vec<Value>> = HashMap::new();
    for d in body.insts.values().filter(|d| d.op == Opcode::Phi) {
        let Some(p) = d.result.filter(|&p| narrow(p)) else { continue };
        for &o in d.args.iter() {
            if let Operand::Value(v) = o {
                if v != p {
                    phis_of.entry(v).or_default().push(p);
                }
            }
        }
    }
    let mut stack: Vec<Block> = cfg.entry().into_iter().collect();
    let mut dies: Vec<Value> = Vec::new();
    while let Some(b) = stack.pop() {
        stack.extend(dt.children(b).iter().rev().copied());
        let Some(bd) = body.blocks.get(b) else { continue };
        // Registers held on entry: the live-in values already assigned (all but this block's
        // phis, which dominate nothing yet).
        a.busy.iter_mut().for_each(|x| *x = false);
        for v in live.live_in(b).iter() {
            if let Some(&r) = a.reg.get(v).filter(|&&r| r != u32::MAX) {
                if let Some(x) = a.busy.get_mut(r as usize) {
                    *x = true;
                }
            }
        }
        a.free = (0..a.busy.len() as u32)
            .rev()
            .filter(|&r| !a.busy.get(r as usize).copied().unwrap_or(true))
            .collect();
        // Last uses, by a backward walk from the live-out set: `last[k]` lists the values whose
        // last use in the block is its `k`-th instruction; `dead[k]` is true for an unused
        // result.
        let insts: Vec<_> = bd.insts.iter().filter_map(|&i| body.insts.get(i)).collect();
        let mut on = live.live_out(b).clone();
        let mut last: Vec<Vec<Value>> = vec![Vec::new(); insts.len()];
        let mut dead = vec![false; insts.len()];
        for (k, d) in insts.iter().enumerate().rev() {
            if d.op == Opcode::Phi {
                continue;
            }
            if let Some(r) = d.result {
                dead[k] = !on.contains(r);
                on.remove(r);
            }
            dies.clear();
            crate::ir::uses::used_values(body, d, &mut |v| {
                if !on.contains(v) && !dies.contains(&v) {
                    dies.push(v);
                }
            });
            for &v in &dies {
                on.insert(v);
            }
            if let Some(l) = last.get_mut(k) {
                l.extend(dies.iter().copied().filter(|&v| narrow(v)));
            }
        }
        // Phis: distinct registers, those of unused ones given back after the group.
        let inb = live.live_in(b);
        let phis: Vec<Value> = insts
            .iter()
            .filter(|d| d.op == Opcode::Phi)
            .filter_map(|d| d.result)
            .filter(|&v| narrow(v))
            .collect();
        for &v in &phis {
            let r = a.take();
            a.set(v, r);
        }
        for &v in &phis {
            if !inb.contains(v) {
                a.give(v);
            }
        }
        for (k, d) in insts.iter().enumerate() {
            if d.op == Opcode::Phi {
                continue;
            }
            let res = d.result.filter(|&v| narrow(v));
            let dying = last.get(k).map(Vec::as_slice).unwrap_or_default();
            // The phi register the result took, if any: an operand dying here that held it
            // does not give it back.
            let mut kept = None;
            if let Some(v) = res {
                let live = !dead.get(k).copied().unwrap_or(true);
                let phi_reg = phis_of.get(&v).filter(|_| live).and_then(|ps| {
                    ps.iter()
                        .filter_map(|p| a.reg.get(*p).copied().filter(|&r| r != u32::MAX))
                        .find(|&r| {
                            !a.busy.get(r as usize).copied().unwrap_or(true)
                                || (reuse(d) && dying.iter().any(|o| a.reg.get(*o) == Some(&r)))
                        })
                });
                let r = match phi_reg {
                    Some(r) => {
                        kept = Some(r);
                        a.take_this(r)
                    }
                    None => a.take(),
                };
                a.set(v, r);
            }
            for &v in dying {
                if a.reg.get(v).copied() != kept {
                    a.give(v);
                }
            }
            if let (Some(v), true) = (res, dead.get(k).copied().unwrap_or(false)) {
                a.give(v);
            }
        }
    }
    // Values of blocks that never run.
    let n = (a.busy.len() as u32).max(1);
    for (v, r) in a.reg.iter_mut() {
        if *r == u32::MAX && narrow(v) {
            *r = 0;
        }
    }
    Some((a.reg, n))
}

/// The state of the assignment.
struct Assign {
    /// Each value's register, or `u32::MAX`.
    reg: SecondaryMap<Value, u32>,
    /// Registers held at the current point.
    busy: Vec<bool>,
    /// Registers not held (the lowest on top).
    free: Vec<u32>,
}

impl Assign {
    fn set(&mut self, v: Value, r: u32) {
        if let Some(x) = self.reg.get_mut(v) {
            *x = r;
        }
        if let Some(x) = self.busy.get_mut(r as usize) {
            *x = true;
        }
    }
    /// A free register (a new one when none is).
    fn take(&mut self) -> u32 {
        match self.free.pop() {
            Some(r) => r,
            None => {
                self.busy.push(false);
                (self.busy.len() - 1) as u32
            }
        }
    }
    /// Register `r`, free or held by a value that dies at this point.
    fn take_this(&mut self, r: u32) -> u32 {
        self.free.retain(|&x| x != r);
        r
    }
    /// Gives back the register of `v`.
    fn give(&mut self, v: Value) {
        let Some(&r) = self.reg.get(v) else { return };
        if let Some(x) = self.busy.get_mut(r as usize).filter(|x| **x) {
            *x = false;
            self.free.push(r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::assign;
    use crate::ir::{Body, Value};

    fn regs_of(src: &str, f: &str) -> (Vec<u32>, u32) {
        regs_reusing(src, f, false)
    }

    fn regs_reusing(src: &str, f: &str, reuse: bool) -> (Vec<u32>, u32) {
        let c = crate::check(src);
        assert!(c.valid, "{:?}", c.diagnostics);
        let m = c.module.expect("module");
        let g = m.global_by_name(f).expect("function");
        let body: &Body = m.func(g).and_then(|f| f.body.as_ref()).expect("body");
        let (regs, n) = assign(body, &|_: Value| true, &|_| reuse).expect("small enough");
        (regs.values().copied().collect(), n)
    }

    /// The registers of the named values of `f`, by name.
    fn regs_by_name(src: &str, f: &str, reuse: bool) -> std::collections::HashMap<String, u32> {
        let c = crate::check(src);
        assert!(c.valid, "{:?}", c.diagnostics);
        let m = c.module.expect("module");
        let body = m
            .global_by_name(f)
            .and_then(|g| m.func(g))
            .and_then(|f| f.body.as_ref())
            .expect("body");
        let (regs, _) = assign(body, &|_: Value| true, &|_| reuse).expect("small enough");
        body.values
            .iter()
            .filter_map(|(v, vd)| match vd.name {
                crate::ir::LocalName::Named(s) => Some((m.symbols.get(s).to_string(), regs[v])),
                crate::ir::LocalName::Unnamed => None,
            })
            .collect()
    }

    // A loop whose counter overflows into poison on the second iteration; the poison goes
    // around the back edge through the phi %i.
    const COUNTER: &str = "define i32 @main() {\nentry:\n  br label %l\nl:\n  %i = phi i32 [ 2147483646, %entry ], [ %j, %l ]\n  %k = phi i32 [ 0, %entry ], [ %k1, %l ]\n  %j = add nsw i32 %i, 1\n  %k1 = add i32 %k, 1\n  %c = icmp slt i32 %k1, 3\n  br i1 %c, label %l, label %x\nx:\n  %z = icmp eq i32 %j, 7\n  br i1 %z, label %a, label %b\na:\n  ret i32 1\nb:\n  ret i32 0\n}\n";

    #[test]
    fn loop_carried_values_share_their_phis_register() {
        // %i and %k die where %j and %k1 are made, which may then reuse their registers;
        // without reuse they may not.
        let r = regs_by_name(COUNTER, "main", true);
        assert_eq!(r["j"], r["i"], "%j takes %i's register: {r:?}");
        assert_eq!(r["k1"], r["k"], "%k1 takes %k's register: {r:?}");
        assert_ne!(r["i"], r["k"]);
        let r = regs_by_name(COUNTER, "main", false);
        assert_ne!(r["j"], r["i"], "{r:?}");
        assert_ne!(r["k1"], r["k"], "{r:?}");
    }

    #[test]
    fn poison_through_a_shared_phi_register_keeps_its_chain() {
        // The back edge's move of %j to %i is a move of a register to itself; the poison
        // still flows through the phi (lli-19 has no poison and returns 0 here).
        let p = crate::text::parse(COUNTER);
        let o = crate::interp::run(&p.module.expect("module"), &crate::interp::Options::default());
        let crate::interp::Exit::Ub(r) = o.exit else { panic!("expected UB, got {:?}", o.exit) };
        assert_eq!(r.kind, crate::interp::UbKind::BranchOnPoison);
        let origin = r.origin.expect("origin");
        assert_eq!(origin.reason, "add nsw overflowed: 2147483647 + 1");
        // Arose at the add, then the phi, the add again, the compare.
        assert_eq!(origin.chain.len(), 3, "{:?}", origin.chain);
    }

    #[test]
    fn recursion_needs_two_registers() {
        // %n, %z, %m, %r, %s: at most two are live at once.
        let src = "define i64 @d(i64 %n) {\n  %z = icmp eq i64 %n, 0\n  br i1 %z, label %done, label %rec\ndone:\n  ret i64 0\nrec:\n  %m = sub i64 %n, 1\n  %r = call i64 @d(i64 %m)\n  %s = add i64 %r, 1\n  ret i64 %s\n}\n";
        let (regs, n) = regs_of(src, "d");
        assert_eq!(n, 2);
        // A result never takes the register of an operand of its own instruction.
        assert_ne!(regs[1], regs[0], "%z and %n");
        assert_ne!(regs[2], regs[0], "%m and %n");
        assert_ne!(regs[3], regs[2], "%r and %m");
        assert_ne!(regs[4], regs[3], "%s and %r");
    }

    #[test]
    fn swapping_phis_get_distinct_registers() {
        let src = "define i32 @f(i32 %n) {\nentry:\n  br label %l\nl:\n  %a = phi i32 [ 1, %entry ], [ %b, %l ]\n  %b = phi i32 [ 2, %entry ], [ %a, %l ]\n  %i = phi i32 [ 0, %entry ], [ %j, %l ]\n  %j = add i32 %i, 1\n  %c = icmp slt i32 %j, %n\n  br i1 %c, label %l, label %x\nx:\n  ret i32 %a\n}\n";
        let (regs, _) = regs_of(src, "f");
        // %n is live throughout; %a, %b, %i are live together at the loop head.
        let live = [regs[0], regs[1], regs[2], regs[3]];
        for (i, x) in live.iter().enumerate() {
            assert!(live.iter().skip(i + 1).all(|y| y != x), "{live:?}");
        }
        // The swap itself runs correctly (parallel moves): %a is 1 after 3 iterations and 2
        // after 4 (lli-19 returns 21 for this main).
        let main = format!("{src}define i32 @main() {{\n  %r = call i32 @f(i32 3)\n  %s = call i32 @f(i32 4)\n  %t = mul i32 %s, 10\n  %u = add i32 %r, %t\n  ret i32 %u\n}}\n");
        let p = crate::text::parse(&main);
        let o = crate::interp::run(&p.module.expect("module"), &crate::interp::Options::default());
        assert_eq!(o.exit, crate::interp::Exit::Returned { value: 21 });
    }
}
