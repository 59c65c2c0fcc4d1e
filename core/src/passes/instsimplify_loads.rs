//! Constant folding of loads from constant globals for `instsimplify` (and so `instcombine`),
//! as LLVM's `simplifyLoadInst` / `ConstantFoldLoadFromConstPtr` do: a non-volatile,
//! non-atomic load of an integer (a whole number of bytes, up to 64 bits) at a constant
//! offset of a `constant` global with a definitive initializer reads the initializer's bytes.
//!
//! The bytes come from the initializer under the datalayout (little-endian only): integers of
//! whole bytes, `float`/`double`, `zeroinitializer`, `null` (address space 0), `c"..."`
//! strings, and structs and arrays of those. Padding, `undef`, `poison`, addresses of globals
//! and constant expressions are unknown bytes: a load touching one is not folded. Also the
//! byte offset of constant `getelementptr` indices, shared with `instcombine`.

use super::instsimplify::{as_int, def_of, Facts};
use crate::ir::layout::{Class, Layouts};
use crate::ir::module::ThreadLocal;
use crate::ir::{
    ApInt, Body, ConstId, ConstKind, Extra, FloatKind, GlobalId, GlobalKind, InstData, InstFlags,
    Linkage, Module, Opcode, Operand, Ordering, TypeId,
};
use std::rc::Rc;

/// Globals larger than this are not read.
const MAX_GLOBAL_BYTES: u64 = 1 << 20;

/// Constant integer operands as `i64`s (each at most 64 bits wide).
pub(crate) fn const_indices(m: &Module, ops: &[Operand]) -> Option<Vec<i64>> {
    let mut idx = Vec::with_capacity(ops.len());
    for &o in ops {
        let v = as_int(m, o)?;
        if v.width() > 64 {
            return None;
        }
        idx.push(v.to_i64()?);
    }
    Some(idx)
}

/// The initializer, value type and alignment of a `constant` global whose initializer is the
/// one every execution sees (a local or strong definition, not externally initialized, not
/// thread-local).
pub(crate) fn definitive_constant(m: &Module, g: GlobalId) -> Option<(ConstId, TypeId, u64)> {
    let gv = m.globals.get(g)?;
    let GlobalKind::Var(var) = &gv.kind else { return None };
    let ok = var.constant
        && !var.externally_initialized
        && matches!(
            gv.linkage,
            Linkage::Private | Linkage::Internal | Linkage::External | Linkage::ExternalExplicit
        )
        && gv.thread_local == ThreadLocal::NotThreadLocal;
    if !ok {
        return None;
    }
    Some((var.init?, var.value_ty, var.align.unwrap_or(1)))
}

/// The global and byte offset an address operand points to, when both are constant.
fn global_and_offset(
    m: &Module,
    body: &Body,
    lay: &Layouts,
    p: Operand,
) -> Option<(GlobalId, i64)> {
    match p {
        Operand::Const(c) => {
            if !m.consts.is_valid(c) {
                return None;
            }
            match m.consts.kind(c) {
                ConstKind::Global(g) => Some((*g, 0)),
                ConstKind::Expr(e) if e.op == Opcode::GetElementPtr => {
                    let base = *e.operands.first()?;
                    if !m.consts.is_valid(base) {
                        return None;
                    }
                    let ConstKind::Global(g) = m.consts.kind(base) else { return None };
                    let ops: Vec<Operand> =
                        e.operands.iter().skip(1).map(|&c| Operand::Const(c)).collect();
                    let idx = const_indices(m, &ops)?;
                    Some((*g, lay.gep_offset(e.source_ty?, &idx)?))
                }
                _ => None,
            }
        }
        Operand::Value(_) => {
            let (_, d) = def_of(body, p)?;
            let Extra::Gep { source_ty } = d.extra else { return None };
            if m.types.is_vector(d.ty) {
                return None;
            }
            let (g, base_off) = match *d.args.first()? {
                Operand::Const(c) if m.consts.is_valid(c) => match m.consts.kind(c) {
                    ConstKind::Global(g) => (*g, 0),
                    _ => return None,
                },
                _ => return None,
            };
            let idx = const_indices(m, d.args.get(1..)?)?;
            Some((g, base_off + lay.gep_offset(source_ty, &idx)?))
        }
        Operand::Md(_) => None,
    }
}

/// Writes the bytes of constant `c` of type `ty` at `out[at..]`; unknown bytes stay `None`.
fn serialize(
    m: &Module,
    lay: &Layouts,
    c: ConstId,
    ty: TypeId,
    out: &mut [Option<u8>],
    at: usize,
    depth: u32,
) {
    if depth > 32 || !m.consts.is_valid(c) {
        return;
    }
    let size = lay.get(ty).size as usize;
    let Some(slot) = out.get_mut(at..at.saturating_add(size)) else { return };
    match m.consts.kind(c) {
        ConstKind::Int(v) => {
            if v.width() % 8 != 0 || v.width() as usize / 8 != size {
                return;
            }
            let words = v.words();
            for (k, b) in slot.iter_mut().enumerate() {
                let word = words.get(k / 8).copied().unwrap_or(0);
                *b = Some((word >> ((k % 8) * 8)) as u8);
            }
        }
        ConstKind::Float(bits) => {
            if !matches!(m.types.float_kind(ty), Some(FloatKind::Float | FloatKind::Double)) {
                return;
            }
            for (k, b) in slot.iter_mut().enumerate() {
                *b = Some((bits >> (k * 8)) as u8);
            }
        }
        ConstKind::Zero => slot.iter_mut().for_each(|b| *b = Some(0)),
        ConstKind::Null if m.types.ptr_addrspace(ty) == Some(0) => {
            slot.iter_mut().for_each(|b| *b = Some(0))
        }
        ConstKind::Bytes(bytes) => {
            for (b, &x) in slot.iter_mut().zip(bytes.iter()) {
                *b = Some(x);
            }
        }
        ConstKind::Aggregate(elems) => match lay.class(ty).clone() {
            Class::Struct(fields, offs) => {
                for ((&e, &ft), &fo) in elems.iter().zip(fields.iter()).zip(offs.iter()) {
                    serialize(m, lay, e, ft, out, at + fo as usize, depth + 1);
                }
            }
            Class::Array(_, et) => {
                let stride = lay.get(et).alloc as usize;
                for (k, &e) in elems.iter().enumerate() {
                    serialize(m, lay, e, et, out, at + k * stride, depth + 1);
                }
            }
            _ => {}
        },
        _ => {}
    }
}

/// The bytes of a global's initializer, computed once per global.
fn global_bytes(m: &Module, f: &Facts, g: GlobalId) -> Option<Rc<[Option<u8>]>> {
    if let Some(b) = f.gbytes.borrow().get(&g) {
        return b.clone();
    }
    let lay = f.layouts(m);
    let r = definitive_constant(m, g).and_then(|(init, vty, _)| {
        let size = lay.get(vty).size;
        if size == 0 || size > MAX_GLOBAL_BYTES {
            return None;
        }
        let mut out = vec![None; size as usize];
        serialize(m, lay, init, vty, &mut out, 0, 0);
        Some(Rc::from(out))
    });
    f.gbytes.borrow_mut().insert(g, r.clone());
    r
}

/// The constant a load from a constant global reads, if known.
pub(crate) fn fold_load(m: &mut Module, body: &Body, f: &Facts, d: &InstData) -> Option<Operand> {
    if d.flags.has(InstFlags::VOLATILE)
        || d.mem_info().is_some_and(|mi| mi.ordering != Ordering::NotAtomic)
    {
        return None;
    }
    if m.datalayout.big_endian() {
        return None;
    }
    let w = m.types.int_bits(d.ty)?;
    if w == 0 || w % 8 != 0 || w > 64 {
        return None;
    }
    let (g, off) = global_and_offset(m, body, f.layouts(m), *d.args.first()?)?;
    let bytes = global_bytes(m, f, g)?;
    let start = usize::try_from(off).ok()?;
    let n = (w / 8) as usize;
    let slice = bytes.get(start..start.checked_add(n)?)?;
    let mut v: u64 = 0;
    for (k, b) in slice.iter().enumerate() {
        v |= (b.as_ref().copied()? as u64) << (k * 8);
    }
    Some(Operand::Const(m.consts.int(d.ty, ApInt::from_u64(w, v))))
}
