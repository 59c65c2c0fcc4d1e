//! Instruction simplification shared by `early-cse` and `gvn` (a small part of LLVM's
//! InstSimplify): folds an instruction to a constant or to one of its operands, never creating
//! a new instruction.
//!
//! Folds: integer arithmetic, comparisons and casts on constants (through `sccp`'s evaluator,
//! with its poison/undef rules: a flag violated on constants gives `poison`, an `undef` operand
//! folds nothing, division by zero is left alone); `select` on a constant condition or with
//! equal arms; `freeze` of an integer constant; identities that hold for every value of `x`,
//! poison included (the result is `x` itself or a constant, a refinement when `x` is poison):
//! `x + 0`, `x - 0`, `x | 0`, `x ^ 0`, `x * 1`, `x << 0`, `x >> 0`, `x / 1`, `x & -1`, `x & x`,
//! `x | x` are `x`; `x & 0`, `x * 0` are 0, `x | -1` is -1; `x - x`, `x ^ x` are 0;
//! `icmp eq/uge/ule/sge/sle x, x` is true and `ne/ugt/ult/sgt/slt x, x` false; a GEP whose
//! indices are all zero is its base pointer. In [`simplify_function`], a phi whose incoming
//! values are all one value (or itself) is that value, when it dominates the phi.
//!
//! Not done: floating point, vectors, anything needing known bits or ranges.

use super::edit::{remove_insts, replace_chained, resolve_chain};
use super::sccp::{const_lv, eval, Lv};
use crate::analysis::{Cfg, DomTree};
use crate::ir::entity::EntityRef;
use crate::ir::{ApInt, Body, ConstKind, Extra, InstData, IntPredicate, Module, Opcode, Operand};

/// Simplifies `d` (operands mapped by `map`) to an operand, if it can.
pub(crate) fn simplify(m: &mut Module, body: &Body, d: &InstData, map: &dyn Fn(Operand) -> Operand) -> Option<Operand> {
    d.result?;
    if m.types.is_vector(d.ty) {
        return None;
    }
    let args: Vec<Operand> = d.args.iter().map(|&o| map(o)).collect();
    let foldable = matches!(d.op, Opcode::ICmp | Opcode::Trunc | Opcode::ZExt | Opcode::SExt | Opcode::Select | Opcode::Freeze) || crate::interp::scalar::IOp::from_opcode(d.op).is_some();
    if foldable && args.iter().all(|o| matches!(o, Operand::Const(_))) {
        let mut md = d.clone();
        md.args = args.iter().copied().collect();
        let r = eval(m, body, &md, &|o| const_lv(m, o));
        match r {
            Lv::Int(a) if m.types.int_bits(d.ty) == Some(a.width()) => return Some(Operand::Const(m.consts.int(d.ty, a))),
            Lv::Poison => return Some(Operand::Const(m.consts.intern(d.ty, ConstKind::Poison))),
            Lv::Const(c) if m.consts.ty(c) == d.ty => return Some(Operand::Const(c)),
            _ => {}
        }
    }
    let int = |m: &Module, o: Operand| match const_lv(m, o) {
        Lv::Int(a) => Some(a),
        _ => None,
    };
    let is_zero = |m: &Module, o: Operand| int(m, o).is_some_and(|a| a.is_zero());
    let is_one = |m: &Module, o: Operand| int(m, o).is_some_and(|a| a.to_u64() == Some(1));
    let is_ones = |m: &Module, o: Operand| int(m, o).is_some_and(|a| a.is_all_ones());
    let is_value = |o: Operand| matches!(o, Operand::Value(_));
    match d.op {
        Opcode::Add | Opcode::Sub | Opcode::Or | Opcode::Xor | Opcode::Mul | Opcode::And | Opcode::Shl | Opcode::LShr | Opcode::AShr | Opcode::UDiv | Opcode::SDiv => {
            let (&a, &b) = (args.first()?, args.get(1)?);
            let ty = d.ty;
            m.types.int_bits(ty)?;
            let zero = |m: &mut Module| Some(Operand::Const(m.consts.int(ty, ApInt::zero(m.types.int_bits(ty).unwrap_or(1)))));
            match d.op {
                Opcode::Add | Opcode::Or | Opcode::Xor => {
                    if is_zero(m, b) {
                        return Some(a);
                    }
                    if is_zero(m, a) {
                        return Some(b);
                    }
                    if d.op == Opcode::Or {
                        if a == b && is_value(a) {
                            return Some(a);
                        }
                        if is_ones(m, b) {
                            return Some(b);
                        }
                        if is_ones(m, a) {
                            return Some(a);
                        }
                    }
                    if d.op == Opcode::Xor && a == b && is_value(a) {
                        return zero(m);
                    }
                }
                Opcode::Sub => {
                    if is_zero(m, b) {
                        return Some(a);
                    }
                    if a == b && is_value(a) {
                        return zero(m);
                    }
                }
                Opcode::Mul => {
                    if is_one(m, b) {
                        return Some(a);
                    }
                    if is_one(m, a) {
                        return Some(b);
                    }
                    if is_zero(m, b) {
                        return Some(b);
                    }
                    if is_zero(m, a) {
                        return Some(a);
                    }
                }
                Opcode::And => {
                    if is_ones(m, b) {
                        return Some(a);
                    }
                    if is_ones(m, a) {
                        return Some(b);
                    }
                    if is_zero(m, b) {
                        return Some(b);
                    }
                    if is_zero(m, a) {
                        return Some(a);
                    }
                    if a == b && is_value(a) {
                        return Some(a);
                    }
                }
                Opcode::Shl | Opcode::LShr | Opcode::AShr => {
                    if is_zero(m, b) {
                        return Some(a);
                    }
                }
                _ => {
                    if is_one(m, b) {
                        return Some(a);
                    }
                }
            }
            None
        }
        Opcode::ICmp => {
            let (&a, &b) = (args.first()?, args.get(1)?);
            let Extra::ICmp(p) = d.extra else { return None };
            if a != b || !is_value(a) || m.types.int_bits(d.ty) != Some(1) {
                return None;
            }
            use IntPredicate as P;
            let t = matches!(p, P::Eq | P::Uge | P::Ule | P::Sge | P::Sle);
            Some(Operand::Const(m.consts.int(d.ty, ApInt::from_u64(1, t as u64))))
        }
        Opcode::Select => {
            let (&t, &f) = (args.get(1)?, args.get(2)?);
            if t == f {
                return Some(t);
            }
            match int(m, *args.first()?) {
                Some(c) if c.is_zero() => Some(f),
                Some(_) => Some(t),
                None => None,
            }
        }
        Opcode::GetElementPtr => {
            let (base, idx) = args.split_first()?;
            let base_ty = m.operand_ty(body, *base);
            if base_ty == d.ty && !idx.is_empty() && idx.iter().all(|&o| is_zero(m, o)) {
                return Some(*base);
            }
            None
        }
        _ => None,
    }
}

/// Simplifies every instruction of `body` in dominator order (so chains fold in one sweep) and
/// removes the simplified ones; returns how many.
pub(crate) fn simplify_function(m: &mut Module, body: &mut Body) -> u64 {
    let cfg = Cfg::new(body);
    let dt = DomTree::new(&cfg);
    let mut repl: Vec<Option<Operand>> = vec![None; body.values.len()];
    let mut dead = vec![false; body.insts.len()];
    let mut n = 0u64;
    let inst_block = super::edit::inst_blocks(body);
    for &b in dt.rpo() {
        let insts = body.blocks.get(b).map(|bd| bd.insts.clone()).unwrap_or_default();
        let preds_reachable = cfg.preds(b).iter().all(|&p| dt.is_reachable(p));
        for i in insts {
            let Some(d) = body.insts.get(i) else { continue };
            let Some(r) = d.result else { continue };
            let map = |o: Operand| resolve_chain(&repl, o);
            let simplified = if d.op == Opcode::Phi {
                // All incoming values one value (self references aside) that dominates the block.
                let mut same: Option<Operand> = None;
                let mut uniform = true;
                for &o in d.args.iter() {
                    let o = map(o);
                    if o == Operand::Value(r) {
                        continue;
                    }
                    match same {
                        None => same = Some(o),
                        Some(s) if s == o => {}
                        Some(_) => uniform = false,
                    }
                }
                match (uniform, same) {
                    (true, Some(Operand::Const(c))) => Some(Operand::Const(c)),
                    (true, Some(Operand::Value(v))) if preds_reachable => {
                        let dominates = match body.values.get(v).map(|vd| vd.def) {
                            Some(crate::ir::ValueDef::Param(_)) => true,
                            Some(crate::ir::ValueDef::Inst(di)) => inst_block.get(di.index()).copied().flatten().is_some_and(|db| db != b && dt.dominates(db, b)),
                            None => false,
                        };
                        dominates.then_some(Operand::Value(v))
                    }
                    _ => None,
                }
            } else {
                simplify(m, body, d, &map)
            };
            if let Some(o) = simplified {
                if o != Operand::Value(r) {
                    if let Some(s) = repl.get_mut(r.index()) {
                        *s = Some(o);
                    }
                    if let Some(s) = dead.get_mut(i.index()) {
                        *s = true;
                    }
                    n += 1;
                }
            }
        }
    }
    if n > 0 {
        replace_chained(body, &repl);
        remove_insts(&mut m.consts, body, &|i| dead.get(i.index()).copied().unwrap_or(false));
    }
    n
}
