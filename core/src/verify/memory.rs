//! Memory instructions: `alloca`, `load`, `store`, `fence`, `cmpxchg`, `atomicrmw` (types,
//! alignment, atomic orderings and sizes) and `getelementptr` (indices and result type).

use super::{check_align, types::shape, FnCx, Verifier};
use crate::diag::Diagnostic;
use crate::ir::inst::SyncScope;
use crate::ir::{
    ConstKind, Extra, Inst, InstData, MemInfo, Module, Opcode, Operand, Ordering, RmwOp, Type,
    TypeId,
};

pub(super) fn check(v: &mut Verifier, cx: &FnCx, _i: Inst, d: &InstData) {
    let m = v.m;
    let body = cx.body;
    let t = |k: usize| m.operand_ty(body, d.args[k]);
    let span = d.span;
    match (&d.op, &d.extra) {
        (Opcode::Alloca, Extra::Alloca { elem_ty, align, addrspace }) => {
            if !m.types.is_sized(*elem_ty) {
                v.err(span, format!("Cannot allocate unsized type {}", v.ty(*elem_ty)));
            }
            if let Some(&c) = d.args.first() {
                if !m.types.is_int(t(0)) {
                    v.err(span, "Alloca array size must have integer type");
                }
                if d.flags.has(crate::ir::InstFlags::SWIFTERROR) && !is_const_one(m, c) {
                    v.err(span, "swifterror alloca must not be array allocation");
                }
            }
            if d.flags.has(crate::ir::InstFlags::SWIFTERROR) && !m.types.is_ptr(*elem_ty) {
                v.err(span, "swifterror alloca must have pointer type");
            }
            check_align(v, span, *align);
            if m.types.ptr_addrspace(d.ty) != Some(*addrspace) {
                v.err(span, format!("alloca result type must be 'ptr addrspace({addrspace})'"));
            }
        }
        (Opcode::Load, Extra::Mem(mi)) => {
            if !m.types.is_ptr(t(0)) {
                v.err(span, "Load operand must be a pointer.");
            }
            access(v, span, d.ty, mi, true);
        }
        (Opcode::Store, Extra::Mem(mi)) => {
            if !m.types.is_ptr(t(1)) {
                let mut diag = Diagnostic::error(span, "Store operand must be a pointer.");
                if m.types.is_ptr(t(0)) {
                    diag = diag.with_help(
                        "`store` takes the value first and the address second: `store i32 %value, ptr %address`",
                    );
                } else {
                    diag = diag.with_help(format!(
                        "the second operand is the address to store to, of type `ptr` (here it is `{}`)",
                        v.ty(t(1))
                    ));
                }
                v.push(diag);
            }
            access(v, span, t(0), mi, false);
        }
        (Opcode::Fence, Extra::Mem(mi))
            if !matches!(
                mi.ordering,
                Ordering::Acquire | Ordering::Release | Ordering::AcqRel | Ordering::SeqCst
            ) =>
        {
            v.err(
                span,
                "fence instructions may only have acquire, release, acq_rel, or seq_cst ordering.",
            );
        }
        (Opcode::CmpXchg, Extra::Mem(mi)) => {
            let (p, c, n) = (t(0), t(1), t(2));
            if !m.types.is_ptr(p) {
                v.err(span, "cmpxchg operand must be a pointer");
            }
            if c != n {
                v.err(span, "compare value and new value type do not match");
            } else if !(m.types.is_int(c) || m.types.is_ptr(c)) {
                v.err(
                    span,
                    format!(
                        "cmpxchg operand must have integer or pointer type (found {})",
                        v.ty(c)
                    ),
                );
            } else {
                atomic_size(v, span, c);
            }
            if matches!(mi.ordering, Ordering::NotAtomic | Ordering::Unordered) {
                v.err(span, "invalid cmpxchg success ordering");
            }
            if matches!(
                mi.failure,
                Ordering::NotAtomic | Ordering::Unordered | Ordering::Release | Ordering::AcqRel
            ) {
                v.err(span, "invalid cmpxchg failure ordering");
            }
            check_align(v, span, mi.align);
            let ok = matches!(m.types.get(d.ty), Type::Struct { packed: false, fields } if fields.len() == 2 && fields[0] == c && fields[1] == TypeId::I1);
            if !ok {
                v.err(span, format!("cmpxchg result type must be {{ {}, i1 }}", v.ty(c)));
            }
        }
        (Opcode::AtomicRmw, Extra::Rmw(op, mi)) => {
            let (p, val) = (t(0), t(1));
            if !m.types.is_ptr(p) {
                v.err(span, "atomicrmw operand must be a pointer");
            }
            let name = op.name();
            let fp_op = matches!(op, RmwOp::FAdd | RmwOp::FSub | RmwOp::FMax | RmwOp::FMin);
            let bad_type = if *op == RmwOp::Xchg {
                let ok = m.types.is_int(val) || m.types.is_float(val) || m.types.is_ptr(val);
                (!ok).then(|| {
                    format!("atomicrmw {name} operand must have integer or floating point type!")
                })
            } else if fp_op {
                let ok = m.types.is_fp_or_fp_vector(val) && shape(m, val).is_none_or(|s| !s.0);
                (!ok).then(|| format!("atomicrmw {name} operand must have floating-point or fixed vector of floating-point type!"))
            } else {
                (!m.types.is_int(val))
                    .then(|| format!("atomicrmw {name} operand must have integer type!"))
            };
            match bad_type {
                Some(msg) => v.err(span, format!("{msg} (found {})", v.ty(val))),
                None => atomic_size(v, span, val),
            }
            match mi.ordering {
                Ordering::Unordered => v.err(span, "atomicrmw instructions cannot be unordered."),
                Ordering::NotAtomic => v.err(span, "atomicrmw requires an atomic ordering"),
                _ => {}
            }
            check_align(v, span, mi.align);
            if d.ty != val {
                v.err(span, "atomicrmw result type must equal its value operand type");
            }
        }
        (Opcode::GetElementPtr, Extra::Gep { source_ty }) => gep(v, cx, d, *source_ty),
        _ => {}
    }
}

fn is_const_one(m: &Module, c: Operand) -> bool {
    match c {
        Operand::Const(c) => matches!(m.consts.kind(c), ConstKind::Int(x) if x.to_u64() == Some(1)),
        _ => false,
    }
}

/// Shared rules of loads (`load == true`) and stores of type `t`.
fn access(v: &mut Verifier, span: crate::diag::Span, t: TypeId, mi: &MemInfo, load: bool) {
    let m = v.m;
    let (what, verb) = if load { ("load", "loading") } else { ("store", "storing") };
    if !m.types.is_sized(t) || !m.types.is_first_class(t) {
        v.err(span, format!("{verb} unsized types is not allowed ({})", v.ty(t)));
    }
    check_align(v, span, mi.align);
    if mi.ordering.is_atomic() {
        if load && matches!(mi.ordering, Ordering::Release | Ordering::AcqRel) {
            v.err(span, "Atomic load cannot have Release ordering");
        }
        if !load && matches!(mi.ordering, Ordering::Acquire | Ordering::AcqRel) {
            v.err(span, "Atomic store cannot have Acquire ordering");
        }
        if m.types.is_int(t) || m.types.is_ptr(t) || m.types.is_float(t) {
            atomic_size(v, span, t);
        } else {
            v.err(
                span,
                format!(
                    "atomic {what} operand must have integer, pointer, or floating point type! (found {})",
                    v.ty(t)
                ),
            );
        }
        if mi.align.is_none() {
            v.err(span, format!("atomic {what} must have explicit non-zero alignment"));
        }
    } else if mi.scope != SyncScope::System {
        let cap = if load { "Non-atomic load" } else { "Non-atomic store" };
        v.err(span, format!("{cap} cannot have SynchronizationScope specified"));
    }
}

/// The size in bits of a type as the data layout stores it (0 when unknown).
fn type_bits(m: &Module, t: TypeId) -> u64 {
    match m.types.get(t) {
        Type::Int(b) => *b as u64,
        Type::Float(k) => k.bits() as u64,
        Type::Ptr(a) => m.datalayout.pointer_size_bits(*a) as u64,
        Type::Vector { len, elem, .. } => (*len as u64).saturating_mul(type_bits(m, *elem)),
        _ => 0,
    }
}

/// Atomic accesses are byte-sized powers of two.
fn atomic_size(v: &mut Verifier, span: crate::diag::Span, t: TypeId) {
    let bits = type_bits(v.m, t);
    if bits < 8 {
        v.err(
            span,
            format!("atomic memory access' size must be byte-sized ({} is {bits} bits)", v.ty(t)),
        );
    } else if bits & (bits - 1) != 0 {
        v.err(
            span,
            format!(
                "atomic memory access' operand must have a power-of-two size ({} is {bits} bits)",
                v.ty(t)
            ),
        );
    }
}

fn gep(v: &mut Verifier, cx: &FnCx, d: &InstData, source: TypeId) {
    let m = v.m;
    let body = cx.body;
    let span = d.span;
    let base_ty = m.operand_ty(body, d.args[0]);
    if !m.types.is_ptr_or_ptr_vector(base_ty) {
        v.err(span, "GEP base pointer is not a vector or a vector of pointers");
        return;
    }
    if !m.types.is_sized(source) {
        v.err(span, format!("GEP into unsized type! ({})", v.ty(source)));
        return;
    }
    let idx = &d.args[1..];
    let mut width = shape(m, base_ty);
    for &op in idx {
        let it = m.operand_ty(body, op);
        if !m.types.is_int_or_int_vector(it) {
            v.err(span, "GEP indexes must be integers");
            return;
        }
        if let Some(s) = shape(m, it) {
            match width {
                Some(w) if w != s => {
                    v.err(span, "Invalid GEP index vector width");
                    return;
                }
                _ => width = Some(s),
            }
        }
    }
    if gep_indexed_type(m, source, idx.get(1..).unwrap_or(&[])).is_none() {
        v.err(span, format!("invalid getelementptr indices (into {})", v.ty(source)));
        return;
    }
    let asp = m.types.ptr_addrspace(m.types.scalar(base_ty));
    let res_ok = m.types.ptr_addrspace(m.types.scalar(d.ty)) == asp && shape(m, d.ty) == width;
    if !res_ok {
        v.err(span, format!("GEP is not of right type for indices! (result is {})", v.ty(d.ty)));
    }
}

/// The element type reached by GEP indices after the first (`None` when invalid), shared with
/// constant expressions.
pub(super) fn gep_indexed_type(m: &Module, mut t: TypeId, idx: &[Operand]) -> Option<TypeId> {
    for &op in idx {
        t = match m.types.get(t) {
            Type::Array { elem, .. } | Type::Vector { elem, .. } => *elem,
            Type::Struct { .. } | Type::Named(_) => {
                let (_, fields) = m.types.struct_fields(t)?;
                let k = struct_index(m, op)?;
                *fields.get(usize::try_from(k).ok()?)?
            }
            _ => return None,
        };
    }
    Some(t)
}

/// A struct index: an `i32` constant, or a splat vector of one.
fn struct_index(m: &Module, op: Operand) -> Option<u64> {
    let Operand::Const(c) = op else { return None };
    if m.types.scalar(m.consts.ty(c)) != TypeId::I32 {
        return None;
    }
    match m.consts.kind(c) {
        ConstKind::Int(x) => x.to_u64(),
        ConstKind::Zero => Some(0),
        ConstKind::Aggregate(els) => {
            let first = *els.first()?;
            if els.iter().any(|&e| e != first) {
                return None;
            }
            match m.consts.kind(first) {
                ConstKind::Int(x) => x.to_u64(),
                _ => None,
            }
        }
        _ => None,
    }
}
