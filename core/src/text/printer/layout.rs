//! Default alignments, as LLVM's parser fills them in when `align` is not written: ABI
//! alignment for loads and stores, preferred alignment for `alloca`, the store size for
//! `cmpxchg` and `atomicrmw`. `None` when the data layout cannot tell (the printer then leaves
//! `align` out, which LLVM reads back the same).

use crate::ir::{Module, Type, TypeId};

/// How deep aggregate types are followed.
const MAX_DEPTH: u32 = 64;

/// The ABI (`abi == true`) or preferred alignment of a type in bytes.
pub(crate) fn type_align(m: &Module, t: TypeId, abi: bool) -> Option<u64> {
    align_in(m, t, abi, 0)
}

fn align_in(m: &Module, t: TypeId, abi: bool, depth: u32) -> Option<u64> {
    if depth > MAX_DEPTH {
        return None;
    }
    let dl = &m.datalayout;
    Some(match m.types.get(t) {
        Type::Label => pick(abi, dl.pointer_abi_align(0), dl.pointer_pref_align(0)),
        Type::Ptr(a) => pick(abi, dl.pointer_abi_align(*a), dl.pointer_pref_align(*a)),
        Type::Int(b) => pick(abi, dl.int_abi_align(*b), dl.int_pref_align(*b)),
        Type::Float(k) => pick(abi, dl.float_abi_align(k.bits()), dl.float_pref_align(k.bits())),
        Type::Array { elem, .. } => align_in(m, *elem, abi, depth + 1)?,
        Type::Vector { .. } => {
            let bits = size_bits(m, t, depth)?;
            pick(abi, dl.vector_abi_align(bits), dl.vector_pref_align(bits))
        }
        Type::X86Amx => 64,
        Type::Struct { .. } | Type::Named(_) => {
            let (packed, fields) = m.types.struct_fields(t)?;
            if packed && abi {
                return Some(1);
            }
            let mut a = 1u64;
            if !packed {
                for &f in fields {
                    a = a.max(align_in(m, f, true, depth + 1)?);
                }
            }
            a.max(pick(abi, dl.aggregate_abi_align(), dl.aggregate_pref_align()))
        }
        _ => return None,
    })
}

fn pick(abi: bool, a: u64, p: u64) -> u64 {
    (if abi { a } else { p }).max(1)
}

/// The size in bits of a scalar or vector type (vectors: the known minimum).
fn size_bits(m: &Module, t: TypeId, depth: u32) -> Option<u64> {
    if depth > MAX_DEPTH {
        return None;
    }
    Some(match m.types.get(t) {
        Type::Int(b) => u64::from(*b),
        Type::Float(k) => u64::from(k.bits()),
        Type::Ptr(a) => u64::from(m.datalayout.pointer_size_bits(*a)),
        Type::Vector { len, elem, .. } => {
            u64::from(*len).checked_mul(size_bits(m, *elem, depth + 1)?)?
        }
        _ => return None,
    })
}

/// The store size in bytes of a scalar or vector type.
pub(crate) fn store_size(m: &Module, t: TypeId) -> Option<u64> {
    size_bits(m, t, 0).map(|b| b.div_ceil(8)).filter(|&b| b > 0)
}
