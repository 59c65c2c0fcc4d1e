//! Where values are used: walks over an instruction's operands and a body's uses, shared by
//! the verifier, the analyses, the passes and the interpreter.
//!
//! Uses are instruction operands (phi incomings included), operand-bundle inputs, `landingpad`
//! clauses, and metadata operands that wrap a local value (`metadata ptr %a` call arguments,
//! `#dbg_value(i32 %x, ...)` records, `!DIArgList(...)`). Only instructions in a block of
//! `body.layout` are visited; removed instructions stay in the arena, unreachable from the layout.

use super::entity::SecondaryMap;
use super::inst::Clause;
use super::{Block, Body, Extra, Inst, InstData, MdOperand, Operand, Value};

/// Calls `f` on every value-carrying operand of an instruction (arguments, bundle inputs,
/// `landingpad` clauses), mutably. Metadata operands (`Operand::Md`) are passed too; their
/// contents live in `body.md_ops`.
pub fn for_each_operand_mut(d: &mut InstData, f: &mut dyn FnMut(&mut Operand)) {
    for a in d.args.iter_mut() {
        f(a);
    }
    match &mut d.extra {
        Extra::Call(ci) | Extra::Invoke(ci, ..) | Extra::CallBr(ci, ..) => {
            for b in ci.bundles.iter_mut() {
                for i in b.inputs.iter_mut() {
                    f(i);
                }
            }
        }
        Extra::LandingPad(clauses) => {
            for c in clauses.iter_mut() {
                match c {
                    Clause::Catch(o) | Clause::Filter(o) => f(o),
                }
            }
        }
        _ => {}
    }
}

/// Calls `f` on every operand of an instruction (as [`for_each_operand_mut`], read-only).
pub fn for_each_operand(d: &InstData, f: &mut dyn FnMut(Operand)) {
    for &a in d.args.iter() {
        f(a);
    }
    match &d.extra {
        Extra::Call(ci) | Extra::Invoke(ci, ..) | Extra::CallBr(ci, ..) => {
            for b in ci.bundles.iter() {
                for &i in b.inputs.iter() {
                    f(i);
                }
            }
        }
        Extra::LandingPad(clauses) => {
            for c in clauses.iter() {
                match *c {
                    Clause::Catch(o) | Clause::Filter(o) => f(o),
                }
            }
        }
        _ => {}
    }
}

/// The values an instruction uses, with metadata operands looked through (`metadata ptr %a`).
pub fn used_values(body: &Body, d: &InstData, f: &mut dyn FnMut(Value)) {
    for_each_operand(d, &mut |o| match o {
        Operand::Value(v) => f(v),
        Operand::Md(id) => md_values(body.md_ops.get(id), f),
        Operand::Const(_) => {}
    });
}

fn md_values(op: Option<&MdOperand>, f: &mut dyn FnMut(Value)) {
    match op {
        Some(MdOperand::Local(Operand::Value(v))) => f(*v),
        Some(MdOperand::ArgList(list)) => {
            for o in list.iter() {
                if let Operand::Value(v) = o {
                    f(*v);
                }
            }
        }
        _ => {}
    }
}

/// The instructions of the layout's blocks, in order, with their block.
pub fn layout_insts(body: &Body) -> Vec<(Block, Inst)> {
    let mut out = Vec::with_capacity(body.insts.len());
    for &b in &body.layout {
        if let Some(bd) = body.blocks.get(b) {
            out.extend(bd.insts.iter().map(|&i| (b, i)));
        }
    }
    out
}

/// The block of each instruction in the layout (`None` for removed ones).
pub fn inst_blocks(body: &Body) -> SecondaryMap<Inst, Option<Block>> {
    let mut out = SecondaryMap::from_elem(None, body.insts.len());
    for (b, i) in layout_insts(body) {
        if let Some(slot) = out.get_mut(i) {
            *slot = Some(b);
        }
    }
    out
}

/// How many times each value is used by instructions in the layout (debug records excluded),
/// A value used twice by one instruction counts twice.
pub fn use_counts(body: &Body) -> SecondaryMap<Value, u32> {
    let mut counts = SecondaryMap::from_elem(0u32, body.values.len());
    for (_, i) in layout_insts(body) {
        let Some(d) = body.insts.get(i) else { continue };
        used_values(body, d, &mut |v| {
            if let Some(c) = counts.get_mut(v) {
                *c += 1;
            }
        });
    }
    counts
}

/// The instructions in the layout that use each value (each user once, in layout order).
/// Debug records are not users.
pub fn use_lists(body: &Body) -> SecondaryMap<Value, Vec<Inst>> {
    let mut users = SecondaryMap::from_elem(Vec::new(), body.values.len());
    for (_, i) in layout_insts(body) {
        let Some(d) = body.insts.get(i) else { continue };
        used_values(body, d, &mut |v| {
            if let Some(u) = users.get_mut(v) {
                if u.last() != Some(&i) {
                    u.push(i);
                }
            }
        });
    }
    users
}
