//! Constants reachable from uses: well-typed integers, floats, aggregates, global addresses,
//! `blockaddress` and constant expressions. Each constant is checked once (the pool is
//! hash-consed and shared); errors point at the first user.

use super::{memory, types, Verifier};
use crate::diag::Span;
use crate::ir::{ConstId, ConstKind, GlobalKind, Opcode, Operand, Type, TypeId};

/// Checks constant `c` and everything it refers to, reporting at `span`.
pub(super) fn check_use(v: &mut Verifier, c: ConstId, span: Span) {
    let mut stack = vec![c];
    while let Some(c) = stack.pop() {
        let Some(seen) = v.const_seen.get_mut(c) else { continue };
        if *seen != 0 {
            continue;
        }
        *seen = 1;
        if let Some(msg) = check_one(v, c) {
            v.err(span, msg);
        }
        let m = v.m;
        match m.consts.kind(c) {
            ConstKind::Aggregate(els) | ConstKind::PtrAuth(els) => {
                stack.extend(els.iter().copied())
            }
            ConstKind::Expr(e) => stack.extend(e.operands.iter().copied()),
            _ => {}
        }
    }
}

/// The problem with one constant (its operands are checked separately).
fn check_one(v: &Verifier, c: ConstId) -> Option<String> {
    let m = v.m;
    let ty = m.consts.ty(c);
    let tys = &m.types;
    let tyname = || v.ty(ty);
    match m.consts.kind(c) {
        ConstKind::Int(x) => (tys.int_bits(ty) != Some(x.width()))
            .then(|| format!("integer constant does not have type {}", tyname())),
        ConstKind::Float(_) => {
            (!tys.is_float(ty)).then(|| format!("floating-point constant has type {}", tyname()))
        }
        ConstKind::Null => (!matches!(tys.get(ty), Type::Ptr(_) | Type::Target { .. }))
            .then(|| format!("null must be a pointer type (found {})", tyname())),
        ConstKind::NoneToken => {
            (ty != TypeId::TOKEN).then(|| "none must have token type".to_string())
        }
        ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => {
            let bad = matches!(
                tys.get(ty),
                Type::Void | Type::Label | Type::Metadata | Type::Func { .. }
            ) || (matches!(m.consts.kind(c), ConstKind::Zero) && ty == TypeId::TOKEN);
            bad.then(|| format!("invalid type {} for constant", tyname()))
        }
        ConstKind::Aggregate(els) => {
            let el_ty = |k: usize| m.consts.ty(els[k]);
            match tys.get(ty) {
                Type::Array { len, elem } => {
                    if *len != els.len() as u64 {
                        Some(format!(
                            "array constant has {} elements but its type {} has {len}",
                            els.len(),
                            tyname()
                        ))
                    } else {
                        (0..els.len()).find(|&k| el_ty(k) != *elem).map(|k| {
                            format!(
                                "array constant element {k} has type {} but the element type is {}",
                                v.ty(el_ty(k)),
                                v.ty(*elem)
                            )
                        })
                    }
                }
                Type::Vector { scalable: false, len, elem } => {
                    if *len as usize != els.len() {
                        Some(format!(
                            "vector constant has {} elements but its type {} has {len}",
                            els.len(),
                            tyname()
                        ))
                    } else {
                        (0..els.len()).find(|&k| el_ty(k) != *elem).map(|k| {
                            format!(
                                "vector constant element {k} has type {} but the element type is {}",
                                v.ty(el_ty(k)),
                                v.ty(*elem)
                            )
                        })
                    }
                }
                Type::Struct { .. } | Type::Named(_) => match tys.struct_fields(ty) {
                    None => Some(format!("constant of opaque struct type {}", tyname())),
                    Some((_, fields)) if fields.len() != els.len() => Some(format!(
                        "struct constant has {} elements but its type {} has {}",
                        els.len(),
                        tyname(),
                        fields.len()
                    )),
                    Some((_, fields)) => (0..els.len()).find(|&k| el_ty(k) != fields[k]).map(|k| {
                        format!(
                            "struct constant element {k} has type {} but the field type is {}",
                            v.ty(el_ty(k)),
                            v.ty(fields[k])
                        )
                    }),
                },
                _ => Some(format!("aggregate constant of non-aggregate type {}", tyname())),
            }
        }
        ConstKind::Bytes(b) => (tys.array(ty) != Some((b.len() as u64, TypeId::I8)))
            .then(|| format!("constant string of {} bytes has type {}", b.len(), tyname())),
        ConstKind::Global(g) => {
            let asp = m.globals.get(*g).map(|gv| gv.addrspace).unwrap_or(0);
            (tys.ptr_addrspace(ty) != Some(asp)).then(|| {
                format!(
                    "{} has type {} but its address is 'ptr addrspace({asp})'",
                    v.gname(*g),
                    tyname()
                )
            })
        }
        ConstKind::BlockAddress { func, block } => {
            let f = m.globals.get(*func).and_then(|gv| gv.as_func());
            match f.and_then(|f| f.body.as_ref()) {
                None => Some(format!(
                    "blockaddress refers to {}, which is not a defined function",
                    v.gname(*func)
                )),
                Some(body) if !body.blocks.get(*block).is_some_and(|b| b.defined) => {
                    Some("blockaddress refers to a block that is not in the function".to_string())
                }
                Some(body) if body.layout.first() == Some(block) => {
                    Some("blockaddress may not be used with the entry block!".to_string())
                }
                _ => (!tys.is_ptr(ty)).then(|| "blockaddress must have pointer type".to_string()),
            }
        }
        ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => {
            let is_fn = m.globals.get(*g).is_some_and(|gv| {
                matches!(
                    gv.kind,
                    GlobalKind::Func(_) | GlobalKind::Alias { .. } | GlobalKind::IFunc { .. }
                )
            });
            (!is_fn).then(|| format!("{} must refer to a function", v.gname(*g)))
        }
        ConstKind::PtrAuth(els) => {
            let t = |k: usize| els.get(k).map(|&e| m.consts.ty(e));
            if !t(0).is_some_and(|x| tys.is_ptr(x)) {
                Some("signed ptrauth constant base pointer must have pointer type".into())
            } else if t(0) != Some(ty) {
                Some("signed ptrauth constant must have same type as its base pointer".into())
            } else if t(1) != Some(TypeId::I32) {
                Some("signed ptrauth constant key must be i32 constant integer".into())
            } else if t(2).is_some_and(|x| x != TypeId::I64) {
                Some("signed ptrauth constant discriminator must be i64 constant integer".into())
            } else if t(3).is_some_and(|x| !tys.is_ptr(x)) {
                Some("signed ptrauth constant address discriminator must be a pointer".into())
            } else {
                None
            }
        }
        ConstKind::Expr(e) => {
            let ops: Vec<TypeId> = e.operands.iter().map(|&o| m.consts.ty(o)).collect();
            let op_ty = |k: usize| ops.get(k).copied().unwrap_or(TypeId::VOID);
            match e.op {
                op if op.is_cast() => {
                    if ops.len() != 1 {
                        return Some(format!("malformed {} constant expression", op.name()));
                    }
                    types::cast_error(m, op, op_ty(0), ty).map(|msg| {
                        format!(
                            "invalid cast opcode for cast from '{}' to '{}': {msg}",
                            v.ty(op_ty(0)),
                            tyname()
                        )
                    })
                }
                op if op.is_binary() => {
                    if ops.len() != 2 {
                        return Some(format!("malformed {} constant expression", op.name()));
                    }
                    types::binary_error(m, op, op_ty(0), op_ty(1), ty)
                }
                Opcode::GetElementPtr => {
                    let Some(src) = e.source_ty else {
                        return Some("getelementptr constant without source type".into());
                    };
                    if ops.is_empty() || !tys.is_ptr_or_ptr_vector(op_ty(0)) {
                        return Some(
                            "GEP base pointer is not a vector or a vector of pointers".into(),
                        );
                    }
                    if !tys.is_sized(src) {
                        return Some(format!("GEP into unsized type! ({})", v.ty(src)));
                    }
                    if ops[1..].iter().any(|&t| !tys.is_int_or_int_vector(t)) {
                        return Some("GEP indexes must be integers".into());
                    }
                    let idx: Vec<Operand> =
                        e.operands.iter().skip(2).map(|&o| Operand::Const(o)).collect();
                    if memory::gep_indexed_type(m, src, &idx).is_none() {
                        return Some(format!("invalid getelementptr indices (into {})", v.ty(src)));
                    }
                    let asp = tys.ptr_addrspace(tys.scalar(op_ty(0)));
                    (tys.ptr_addrspace(tys.scalar(ty)) != asp).then(|| {
                        format!("GEP is not of right type for indices! (result is {})", tyname())
                    })
                }
                _ => None,
            }
        }
        ConstKind::InlineAsm(_) => None,
    }
}
