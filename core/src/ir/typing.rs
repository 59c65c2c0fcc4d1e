//! Typing rules shared by the parser (to compute result types) and the verifier (to check
//! them): valid casts, GEP indexing, vector operations, comparison results.

use super::entities::TypeId;
use super::types::{Type, TypeStore};
use super::Opcode;

/// LLVM's `CastInst::castIsValid`: whether `op` may convert `src` to `dst`.
pub fn cast_is_valid(types: &TypeStore, op: Opcode, src: TypeId, dst: TypeId) -> bool {
    // Vector shapes must agree: both scalars, or vectors of the same (scalable) length.
    let (sv, dv) = (types.vector(src), types.vector(dst));
    let same_shape = match (sv, dv) {
        (None, None) => true,
        (Some((s1, l1, _)), Some((s2, l2, _))) => s1 == s2 && l1 == l2,
        _ => false,
    };
    let (s, d) = (types.scalar(src), types.scalar(dst));
    let int_bits = |t| types.int_bits(t);
    let fp_bits = |t| types.float_kind(t).map(|k| k.bits());
    match op {
        Opcode::Trunc => {
            same_shape && matches!((int_bits(s), int_bits(d)), (Some(a), Some(b)) if a > b)
        }
        Opcode::ZExt | Opcode::SExt => {
            same_shape && matches!((int_bits(s), int_bits(d)), (Some(a), Some(b)) if a < b)
        }
        Opcode::FPTrunc => {
            same_shape && matches!((fp_bits(s), fp_bits(d)), (Some(a), Some(b)) if a > b)
        }
        Opcode::FPExt => {
            same_shape && matches!((fp_bits(s), fp_bits(d)), (Some(a), Some(b)) if a < b)
        }
        Opcode::FPToUI | Opcode::FPToSI => same_shape && types.is_float(s) && types.is_int(d),
        Opcode::UIToFP | Opcode::SIToFP => same_shape && types.is_int(s) && types.is_float(d),
        Opcode::PtrToInt => same_shape && types.is_ptr(s) && types.is_int(d),
        Opcode::IntToPtr => same_shape && types.is_int(s) && types.is_ptr(d),
        Opcode::AddrSpaceCast => {
            same_shape
                && matches!((types.ptr_addrspace(s), types.ptr_addrspace(d)), (Some(a), Some(b)) if a != b)
        }
        Opcode::BitCast => {
            let sp = types.is_ptr(s);
            let dp = types.is_ptr(d);
            if sp || dp {
                // Pointers only to pointers of the same address space and shape.
                return sp && dp && same_shape && types.ptr_addrspace(s) == types.ptr_addrspace(d);
            }
            if !is_bitcastable(types, src) || !is_bitcastable(types, dst) {
                return false;
            }
            match (sv, dv) {
                (Some((a, _, _)), Some((b, _, _))) if a != b => return false,
                (Some((true, _, _)), None) | (None, Some((true, _, _))) => return false,
                _ => {}
            }
            match (primitive_bits(types, src), primitive_bits(types, dst)) {
                (Some(a), Some(b)) => a == b,
                _ => false,
            }
        }
        _ => false,
    }
}

fn is_bitcastable(types: &TypeStore, t: TypeId) -> bool {
    matches!(
        types.get(t),
        Type::Int(_) | Type::Float(_) | Type::Vector { .. } | Type::Ptr(_) | Type::X86Amx
    )
}

/// The size in bits of a non-aggregate first-class type (vectors: the minimum size).
pub fn primitive_bits(types: &TypeStore, t: TypeId) -> Option<u64> {
    match types.get(t) {
        Type::Int(b) => Some(*b as u64),
        Type::Float(k) => Some(k.bits() as u64),
        Type::X86Amx => Some(8192),
        Type::Vector { len, elem, .. } => Some(*len as u64 * primitive_bits(types, *elem)?),
        _ => None,
    }
}

/// One GEP index: its type and, when it is a constant integer that fits, its value.
#[derive(Copy, Clone, Debug)]
pub struct GepIndex {
    /// The index operand's type.
    pub ty: TypeId,
    /// The constant value (splat value for a constant vector), if known.
    pub value: Option<i64>,
}

/// The element type a GEP with these indices (all but the first) selects inside `source`.
pub fn gep_indexed_type(
    types: &TypeStore,
    source: TypeId,
    rest: &[GepIndex],
) -> Result<TypeId, String> {
    let mut cur = source;
    for idx in rest {
        cur = match types.get(cur) {
            Type::Struct { .. } | Type::Named(_) => {
                let Some((_, fields)) = types.struct_fields(cur) else {
                    return Err(
                        "invalid getelementptr indices (indexing into an opaque struct)".into()
                    );
                };
                if types.scalar(idx.ty) != TypeId::I32 {
                    return Err(
                        "invalid getelementptr indices (struct indices must be i32 constants)"
                            .into(),
                    );
                }
                let Some(v) = idx.value else {
                    return Err(
                        "invalid getelementptr indices (struct index must be a constant)".into()
                    );
                };
                match usize::try_from(v).ok().and_then(|i| fields.get(i)) {
                    Some(f) => *f,
                    None => {
                        return Err(format!(
                            "invalid getelementptr indices (struct index {v} out of range)"
                        ))
                    }
                }
            }
            Type::Array { elem, .. } | Type::Vector { elem, .. } => *elem,
            _ => return Err("invalid getelementptr indices".into()),
        };
    }
    Ok(cur)
}

/// The result type of `getelementptr source, ptr_ty base, indices...`, checking the operands.
pub fn gep_result_type(
    types: &mut TypeStore,
    source: TypeId,
    ptr_ty: TypeId,
    indices: &[GepIndex],
) -> Result<TypeId, String> {
    if !types.is_ptr_or_ptr_vector(ptr_ty) {
        return Err("base of getelementptr must be a pointer".into());
    }
    if !types.is_sized(source) {
        return Err("base element of getelementptr must be sized".into());
    }
    let mut vec_shape = types.vector(ptr_ty).map(|(s, l, _)| (s, l));
    for idx in indices {
        if !types.is_int_or_int_vector(idx.ty) {
            return Err("getelementptr index must be an integer".into());
        }
        if let Some((s, l, _)) = types.vector(idx.ty) {
            match vec_shape {
                Some(shape) if shape != (s, l) => {
                    return Err("getelementptr vector index has a wrong number of elements".into());
                }
                _ => vec_shape = Some((s, l)),
            }
        }
    }
    if let Some(rest) = indices.get(1..) {
        gep_indexed_type(types, source, rest)?;
    }
    let Some(asp) = types.ptr_addrspace(types.scalar(ptr_ty)) else {
        return Err("base of getelementptr must be a pointer".into());
    };
    let p = types.ptr(asp);
    Ok(match vec_shape {
        Some((scalable, len)) => types.intern(Type::Vector { scalable, len, elem: p }),
        None => p,
    })
}

/// The result type of `extractelement`, `insertelement` or `shufflevector` given the operand types.
pub fn vector_op_result_type(
    types: &mut TypeStore,
    op: Opcode,
    tys: &[TypeId],
) -> Result<TypeId, String> {
    match (op, tys) {
        (Opcode::ExtractElement, [v, i]) => match types.vector(*v) {
            Some((_, _, elem)) if types.is_int(*i) => Ok(elem),
            _ => Err("invalid extractelement operands".into()),
        },
        (Opcode::InsertElement, [v, e, i]) => match types.vector(*v) {
            Some((_, _, elem)) if elem == *e && types.is_int(*i) => Ok(*v),
            Some(_) if types.is_int(*i) => {
                Err("insertelement value must match the vector's element type".into())
            }
            _ => Err("invalid insertelement operands".into()),
        },
        (Opcode::ShuffleVector, [a, b, mask]) => {
            let (Some((s1, _, elem)), Some(m)) = (types.vector(*a), types.vector(*mask)) else {
                return Err("invalid shufflevector operands".into());
            };
            if a != b || types.scalar(*mask) != TypeId::I32 || m.0 != s1 {
                return Err("invalid shufflevector operands".into());
            }
            Ok(types.intern(Type::Vector { scalable: s1, len: m.1, elem }))
        }
        _ => Err(format!("wrong number of operands for {}", op.name())),
    }
}

/// The result type of `icmp`/`fcmp` on operands of type `t`: `i1` or a vector of `i1`.
pub fn cmp_result_type(types: &mut TypeStore, t: TypeId) -> TypeId {
    types.with_shape_of(t, TypeId::I1)
}
