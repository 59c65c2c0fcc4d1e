//! `dce`: removes trivially dead instructions, those whose result is unused and that have no
//! effect beyond computing it, as LLVM's `DCEPass` (`isInstructionTriviallyDead`) does.
//!
//! What counts as free of effects:
//! * opcodes the table in `ir/opcode.rs` marks without side effects (arithmetic, casts, GEPs,
//!   compares, `select`, `phi`, `freeze`, aggregates). Instructions that may produce poison or
//!   even have undefined behaviour (`udiv` by zero) are removed all the same: an unused poison
//!   value is never observed, and removing undefined behaviour only refines the program;
//! * `alloca` (without `inalloca`), and `load` that is neither volatile nor ordered (plain or
//!   `unordered` atomic: it neither writes nor synchronizes);
//! * calls of intrinsics that LLVM declares `memory(none)`, `nounwind`, `willreturn` (the
//!   families the table in `ir/intrinsics.rs` marks pure), and calls whose own or callee attributes say `memory(none)` or
//!   `memory(read)` together with `nounwind` and `willreturn`.
//!
//! Everything else stays (calls with operand bundles too, which LLVM may remove: we keep them,
//! conservatively): stores, volatile and atomic accesses, fences, calls that may write,
//! unwind or not return (a call to a function that loops forever is an effect), `va_arg`,
//! terminators and EH pads. Removal is iterated with a worklist, so operands that become dead
//! go too.

use super::edit::{layout_insts, remove_insts, use_counts, used_values};
use super::{with_body, PassResult};
use crate::ir::attrs::{Attr, AttrKind, AttrSetId};
use crate::ir::{
    Body, ConstKind, GlobalId, InstData, InstFlags, Module, Opcode, Operand, Ordering, ValueDef,
};
use crate::ir::{SecondaryMap, Value};

/// Runs `dce` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let removed = remove_dead(m, body);
        PassResult::from_stats(vec![("instructions removed", removed as u64)])
    })
}

/// Removes trivially dead instructions from `body`; returns how many went.
pub fn remove_dead(m: &mut Module, body: &mut Body) -> usize {
    let mut counts = use_counts(body);
    let mut dead = SecondaryMap::from_elem(false, body.insts.len());
    let mut work: Vec<crate::ir::Inst> = Vec::new();
    for (_, i) in layout_insts(body) {
        if let Some(d) = body.insts.get(i) {
            if is_trivially_dead(m, body, d, &counts) {
                work.push(i);
            }
        }
    }
    let mut n = 0;
    while let Some(i) = work.pop() {
        if dead.get(i).copied().unwrap_or(true) {
            continue;
        }
        let Some(d) = body.insts.get(i) else { continue };
        if !is_trivially_dead(m, body, d, &counts) {
            continue;
        }
        if let Some(slot) = dead.get_mut(i) {
            *slot = true;
        }
        n += 1;
        let mut operands = Vec::new();
        used_values(body, d, &mut |v| operands.push(v));
        for v in operands {
            if let Some(c) = counts.get_mut(v) {
                *c = c.saturating_sub(1);
                if *c == 0 {
                    if let Some(ValueDef::Inst(def)) = body.values.get(v).map(|vd| vd.def) {
                        work.push(def);
                    }
                }
            }
        }
    }
    if n > 0 {
        remove_insts(&mut m.consts, body, &|i| dead.get(i).copied().unwrap_or(false));
    }
    n
}

/// True when `d` has an unused result (or none) and no effect but computing it.
pub fn is_trivially_dead(
    m: &Module,
    body: &Body,
    d: &InstData,
    counts: &SecondaryMap<Value, u32>,
) -> bool {
    if let Some(v) = d.result {
        if counts.get(v).copied().unwrap_or(1) != 0 {
            return false;
        }
    }
    !has_effects(m, body, d)
}

/// True when removing `d` (with its result unused) could change what the program does.
pub fn has_effects(m: &Module, _body: &Body, d: &InstData) -> bool {
    if d.op.is_terminator() {
        return true;
    }
    match d.op {
        Opcode::Alloca => d.flags.has(InstFlags::INALLOCA),
        Opcode::Load => {
            d.flags.has(InstFlags::VOLATILE)
                || d.mem_info().is_none_or(|mi| {
                    !matches!(mi.ordering, Ordering::NotAtomic | Ordering::Unordered)
                })
        }
        Opcode::Call => !call_is_removable(m, d),
        op => op.has_side_effects(),
    }
}

fn call_is_removable(m: &Module, d: &InstData) -> bool {
    let Some(ci) = d.call_info() else { return false };
    if !ci.bundles.is_empty() {
        return false;
    }
    let Some(Operand::Const(callee)) = d.args.first().copied() else { return false };
    if !m.consts.is_valid(callee) {
        return false;
    }
    let ConstKind::Global(g) = m.consts.kind(callee) else { return false };
    let Some(f) = m.func(*g) else { return false };
    // The call must call the function with its own type (no mismatched-signature calls).
    if f.ty != ci.fn_ty {
        return false;
    }
    if let Some(i) = f.intrinsic {
        return i.is_pure();
    }
    if m.global_name(*g).starts_with("llvm.") {
        return false;
    }
    let attrs = &m.attrs;
    let has = |kind: AttrKind| attrs.has(ci.fn_attrs, kind) || attrs.has(f.fn_attrs, kind);
    let reads_at_most = |set: AttrSetId| match attrs.find(set, AttrKind::Memory) {
        Some(Attr::Memory(e)) => {
            (0..crate::ir::attrs::MEMORY_LOCATIONS.len()).all(|i| (e.get(i) as u8) & 2 == 0)
        }
        _ => false,
    };
    (reads_at_most(ci.fn_attrs) || reads_at_most(f.fn_attrs))
        && has(AttrKind::NoUnwind)
        && has(AttrKind::WillReturn)
}
