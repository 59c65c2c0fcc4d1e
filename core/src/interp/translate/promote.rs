//! Which `alloca`s of a function the decoder may hold in a register instead of memory: a slot
//! whose address never escapes and that is only loaded and stored whole, with one type, at
//! offset 0 (most locals of `clang -O0` code).
//!
//! A promoted slot keeps every observable behaviour of the memory one (see `exec/mod.rs`): its
//! `alloca` still reserves the same address range and counts against the memory limit and the
//! `stacksave` mark, a load before any store reads undef with the alloca's origin, and a value
//! goes through the same byte encoding as in memory (a poison or partly undef value is
//! re-encoded on each load exactly as the shadow bytes would). Accesses to such a slot cannot
//! fail (the pointer is defined, in bounds, live and aligned by construction), so no report
//! changes. The one difference: an integer forged to equal the slot's address (`inttoptr` of a
//! guessed number) does not find it, as for any address that no pointer was derived from.

use crate::interp::translate::Translator;
use crate::ir::layout::Class;
use crate::ir::{Body, ConstKind, Extra, Intrinsic, Opcode, Operand, TypeId, Value};
use std::collections::HashMap;

impl Translator<'_> {
    /// The promotable `alloca`s of a function body (their result values, in no set order).
    pub fn promotable(&self, body: &Body) -> Vec<Value> {
        let m = self.m;
        let mut cand: HashMap<Value, (TypeId, u64)> = HashMap::new();
        for &b in &body.layout {
            let Some(bd) = body.blocks.get(b) else { continue };
            for &i in &bd.insts {
                let Some(data) = body.insts.get(i) else { continue };
                if data.op == Opcode::Call || data.op == Opcode::Invoke {
                    // `llvm.stackrestore` frees allocas by position: keep memory slots then.
                    let restores = data.callee_and_args().is_some_and(|(c, _)| match c {
                        Operand::Const(k) => matches!(m.consts.kind(k), ConstKind::Global(g) if m.intrinsic(*g) == Some(Intrinsic::Stackrestore)),
                        _ => false,
                    });
                    if restores {
                        return Vec::new();
                    }
                }
                let (Opcode::Alloca, Extra::Alloca { elem_ty, align, .. }, Some(v)) =
                    (data.op, &data.extra, data.result)
                else {
                    continue;
                };
                let one = match data.args.first() {
                    Some(Operand::Const(c)) => {
                        matches!(m.consts.kind(*c), ConstKind::Int(x) if x.to_u64() == Some(1))
                    }
                    Some(_) => false,
                    None => true,
                };
                let info = self.lay.get(*elem_ty);
                let scalar = matches!(info.class, Class::Int(_) | Class::Ptr | Class::Float(_));
                if one
                    && scalar
                    && info.narrow
                    && info.size > 0
                    && info.size <= 8
                    && !m.types.is_vector(*elem_ty)
                {
                    // The slot's address is a multiple of this (see `Memory::alloc`).
                    let placed = align.unwrap_or(info.align).max(16);
                    cand.insert(v, (*elem_ty, placed));
                }
            }
        }
        if cand.is_empty() {
            return Vec::new();
        }
        for &b in &body.layout {
            let Some(bd) = body.blocks.get(b) else { continue };
            for &i in &bd.insts {
                let Some(data) = body.insts.get(i) else { continue };
                let access = match data.op {
                    Opcode::Load => Some((0, data.ty)),
                    Opcode::Store => Some((
                        1,
                        data.args.first().map_or(TypeId::VOID, |&o| m.operand_ty(body, o)),
                    )),
                    _ => None,
                };
                let plain = data.op != Opcode::Load
                    || !data.md.iter().any(|(s, _)| {
                        matches!(m.symbols.get(*s), "range" | "nonnull" | "noundef" | "align")
                    });
                for (k, &o) in data.args.iter().enumerate() {
                    let Operand::Value(v) = o else { continue };
                    let Some(&(ty, placed)) = cand.get(&v) else { continue };
                    let ok = match access {
                        Some((pk, t)) if pk == k && plain && t == ty => {
                            let align = data
                                .mem_info()
                                .and_then(|mi| mi.align)
                                .unwrap_or(self.lay.get(t).align);
                            align.is_power_of_two() && align <= placed
                        }
                        _ => false,
                    };
                    if !ok {
                        cand.remove(&v);
                    }
                }
            }
        }
        cand.into_keys().collect()
    }
}
