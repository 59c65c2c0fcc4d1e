//! The calling convention of the low form: how IR types map to registers and how signatures
//! are passed.
//!
//! - `iN` (N ≤ 32) is one `I32`, `iN` (32 < N ≤ 64) one `I64`, zero-extended (see the
//!   invariant in [`super::form`]); `float`/`double` are `F32`/`F64`; pointers are `Ptr`.
//! - Arguments and the result are passed in registers, one each for a scalar; a struct or
//!   array is passed as its scalar leaves in memory order and a fixed vector as its lanes
//!   (one register each, the result as multiple values); `void` has no result.
//! - Variadic calls: the caller stores each extra argument in an area on its stack, one
//!   8-byte-aligned 8-byte cell per argument (integers zero-extended from their register,
//!   `float` already promoted to `double` by the C front end, pointers extended to 8 bytes),
//!   and passes the area's address as one last `Ptr` argument. This is what a host's
//!   `printf` reads (see [`VARARG_CELL`]).
//! - Variadic definitions: the area's address is the register after the fixed parameters.
//!   `llvm.va_start` makes the `va_list` point into it: for 8-byte pointers the x86-64
//!   System V `va_list` with its registers used up (gp_offset 48, fp_offset 176, the area as
//!   overflow area), so clang's inline `va_arg` expansion reads the cells in order; for
//!   4-byte pointers a plain pointer to the next cell. The `va_arg` instruction reads one
//!   cell and advances by 8.
//! - `i128` is two `I64` registers, low half first (see `lower/wide.rs`).
//! - A `byval(<ty>)` pointer argument (by the call site's attributes, or a direct callee's
//!   parameter's) is a copy the caller makes: it copies the pointee (the type's alloc size)
//!   into a slot of its own frame (at the `align` attribute, else the type's ABI alignment)
//!   and passes the slot's address ([`byval_of`], `lower/calls.rs`). The caller, not the
//!   callee's prologue, because that is where C ABIs put the copy (the caller's outgoing
//!   argument area): calls to and from code built by other compilers (imports, exports,
//!   native back ends) then agree, and the callee may use its parameter as its own memory.
//!   A `musttail` call may only pass on the caller's own `byval` parameter there (LLVM
//!   forwards that copy, which lives in a frame below the caller's): any other memory would
//!   need a copy that outlives the caller's frame. A `tail` call with a `byval` argument is
//!   an ordinary call. `byref`, `preallocated` and `inalloca` make no copy: the pointer is
//!   passed as it is. Variadic `byval` arguments are passed as their pointer.
//! - Anything else (`half`, integers wider than 64 bits other than `i128`, scalable
//!   vectors, ...) is unsupported for now.

use super::form::{Pack, Shape, Sig, Ty};
use super::{LResult, LowerError, Options};
use crate::diag::Span;
use crate::ir::layout::Layouts;
use crate::ir::{Attr, AttrKind, AttrSetId, FloatKind, Module, Type, TypeId};

/// The copy a `byval(<ty>)` attribute in `set` asks for: its size (the type's alloc size)
/// and alignment (the `align` attribute, else the type's ABI alignment).
pub fn byval_of(m: &Module, lay: &Layouts, set: AttrSetId) -> Option<(u64, u64)> {
    let Some(Attr::Type(AttrKind::ByVal, t)) = m.attrs.find(set, AttrKind::ByVal) else {
        return None;
    };
    let info = lay.get(*t);
    let align = match m.attrs.find(set, AttrKind::Align) {
        Some(Attr::Int(AttrKind::Align, a)) if a.is_power_of_two() => *a,
        _ => info.align,
    };
    Some((info.alloc, align.max(1)))
}

/// Bytes per variadic argument cell (each cell is aligned to this too).
pub const VARARG_CELL: u32 = 8;

/// The register type of a first-class scalar IR type, or why there is none.
pub fn reg_ty(m: &Module, t: TypeId, span: Span) -> LResult<Ty> {
    scalar_ty(m, t)
        .ok_or_else(|| LowerError::unsupported(span, format!("values of type {}", type_text(m, t))))
}

/// The register type of a first-class scalar IR type, if it has one.
pub fn scalar_ty(m: &Module, t: TypeId) -> Option<Ty> {
    match m.types.get(t) {
        Type::Int(b) if *b <= 32 => Some(Ty::I32),
        Type::Int(b) if *b <= 64 => Some(Ty::I64),
        Type::Float(FloatKind::Float) => Some(Ty::F32),
        Type::Float(FloatKind::Double) => Some(Ty::F64),
        // Their bits, computed in F32 (see half.rs).
        Type::Float(FloatKind::Half | FloatKind::BFloat) => Some(Ty::I32),
        Type::Ptr(_) => Some(Ty::Ptr),
        _ => None,
    }
}

/// The scalar leaves of a struct or array type, in memory order (at most 64; a vector field
/// gives one per lane), if all are supported scalars.
pub fn flat_types(m: &Module, t: TypeId) -> Option<Vec<TypeId>> {
    fn go(m: &Module, t: TypeId, out: &mut Vec<TypeId>, depth: u32) -> Option<()> {
        if depth > 8 || out.len() > 64 {
            return None;
        }
        if let Some((_, fields)) = m.types.struct_fields(t) {
            for f in fields {
                go(m, *f, out, depth + 1)?;
            }
        } else if let Some((n, et)) = m.types.array(t) {
            for _ in 0..n.min(65) {
                go(m, et, out, depth + 1)?;
            }
        } else if let Some((false, n, et)) = m.types.vector(t) {
            // A vector field: one leaf per lane (`{ <4 x i32>, <4 x i1> }` of
            // `llvm.sadd.with.overflow.v4i32`).
            for _ in 0..n.min(65) {
                go(m, et, out, depth + 1)?;
            }
        } else {
            if !super::wide::is_wide_ty(m, t) {
                scalar_ty(m, t)?;
            }
            out.push(t);
        }
        Some(())
    }
    let mut out = Vec::new();
    go(m, t, &mut out, 0)?;
    (out.len() <= 64).then_some(out)
}

/// The registers of the leaves of an aggregate type ([`flat_types`]): one per scalar, two
/// `I64` for an integer of 65 to 128 bits.
pub fn leaf_regs(m: &Module, t: TypeId) -> Option<Vec<Ty>> {
    let mut out = Vec::new();
    for l in flat_types(m, t)? {
        if super::wide::is_wide_ty(m, l) {
            out.extend([Ty::I64, Ty::I64]);
        } else {
            out.push(scalar_ty(m, l)?);
        }
    }
    (out.len() <= 64).then_some(out)
}

/// The lane shape of a vector type kept in one [`Ty::V128`] register (see
/// [`Options::v128`]).
pub fn v128_shape(m: &Module, opts: Options, t: TypeId) -> Option<Shape> {
    if !opts.v128 {
        return None;
    }
    let (false, n, et) = m.types.vector(t)? else { return None };
    let shape = match (m.types.get(et), n) {
        (Type::Int(8), 16) => Shape::I8x16,
        (Type::Int(16), 8) => Shape::I16x8,
        (Type::Int(32), 4) => Shape::I32x4,
        (Type::Int(64), 2) => Shape::I64x2,
        (Type::Float(FloatKind::Float), 4) => Shape::F32x4,
        (Type::Float(FloatKind::Double), 2) => Shape::F64x2,
        _ => return None,
    };
    Some(shape)
}

/// The registers of a value of IR type `t` passed or returned by value: one for a scalar,
/// one per scalar leaf of a struct or array, one per lane of a fixed vector (one `V128` for
/// a vector of [`v128_shape`]).
pub fn value_regs(m: &Module, opts: Options, t: TypeId, span: Span) -> LResult<Vec<Ty>> {
    if v128_shape(m, opts, t).is_some() {
        return Ok(vec![Ty::V128]);
    }
    if m.types.is_aggregate(t) {
        return leaf_regs(m, t).ok_or_else(|| {
            LowerError::unsupported(span, format!("values of type {}", type_text(m, t)))
        });
    }
    if super::wide::is_wide_ty(m, t) {
        return Ok(vec![Ty::I64, Ty::I64]);
    }
    if let Some((n, _)) = super::wide_vector::wide_vector(m, t) {
        if n <= 128 {
            return Ok(vec![Ty::I64; 2 * n as usize]);
        }
    }
    if let Some((scalable, n, et)) = m.types.vector(t) {
        if scalable || n > 256 {
            return Err(LowerError::unsupported(
                span,
                format!("values of type {}", type_text(m, t)),
            ));
        }
        let ty = reg_ty(m, et, span)?;
        return Ok(vec![ty; n as usize]);
    }
    Ok(vec![reg_ty(m, t, span)?])
}

/// True when values of IR type `t` take one register per leaf or lane.
pub fn is_multi(m: &Module, opts: Options, t: TypeId) -> bool {
    m.types.is_aggregate(t)
        || (m.types.is_vector(t) && v128_shape(m, opts, t).is_none())
        || super::wide::is_wide_ty(m, t)
}

/// The printed form of a type (for messages).
pub fn type_text(m: &Module, t: TypeId) -> String {
    crate::text::printer::print_type(m, t)
}

/// The signature of an IR function type.
pub fn sig_of(m: &Module, opts: Options, fn_ty: TypeId, span: Span) -> LResult<Sig> {
    let Some((ret, params, variadic)) = m.types.func_sig(fn_ty) else {
        return Err(LowerError::unsupported(span, "a call whose type is not a function type"));
    };
    let (ret_ir, params_ir) = (ret, params.to_vec());
    let ret = if matches!(m.types.get(ret), Type::Void) {
        Vec::new()
    } else {
        value_regs(m, opts, ret, span)?
    };
    let mut flat = Vec::with_capacity(params.len());
    for p in params.iter() {
        flat.extend(value_regs(m, opts, *p, span)?);
    }
    let params = flat;
    let mut packs = Vec::new();
    if opts.abi.is_native() {
        let mut at = 0;
        for p in params_ir.iter() {
            if let Some(n) = block_leaves(m, opts, *p) {
                packs.push((at, Pack::Block { n }));
                at += n;
                continue;
            }
            native_packs(m, opts, *p, &mut at, false, &mut packs, span)?;
        }
        if !matches!(m.types.get(ret_ir), Type::Void) {
            let mut at = 0;
            native_packs(m, opts, ret_ir, &mut at, true, &mut packs, span)?;
        }
    }
    Ok(Sig { params, ret, variadic, packs })
}

/// The leaves of an IR array parameter of at least two scalars of one register type that
/// AAPCS64 passes as a block ([`Pack::Block`]): `float`, `double`, `i64` or pointers (as
/// llc-19 does; an array of `i32` is passed as its scalars, split between the registers and
/// the stack).
fn block_leaves(m: &Module, opts: Options, t: TypeId) -> Option<u32> {
    if opts.abi != super::Abi::Aapcs64 {
        return None;
    }
    let (n, et) = m.types.array(t)?;
    let scalar = match m.types.get(et) {
        Type::Float(FloatKind::Float | FloatKind::Double) | Type::Ptr(_) => true,
        Type::Int(b) => *b == 64,
        _ => false,
    };
    (scalar && (2..=64).contains(&n)).then_some(n as u32)
}

/// The [`Pack`]s a native convention needs for a parameter (or result) of IR type `t` whose
/// registers start at index `*at`: `<2 x float>` vectors (also as fields) and integers of 65
/// to 128 bits. Advances `*at` past its registers.
fn native_packs(
    m: &Module,
    opts: Options,
    t: TypeId,
    at: &mut u32,
    ret: bool,
    out: &mut Vec<(u32, Pack)>,
    span: Span,
) -> LResult<()> {
    if let Some((_, fields)) = m.types.struct_fields(t) {
        for f in fields.iter().copied() {
            native_packs(m, opts, f, at, ret, out, span)?;
        }
        return Ok(());
    }
    if let Some((n, et)) = m.types.array(t) {
        for _ in 0..n.min(65) {
            native_packs(m, opts, et, at, ret, out, span)?;
        }
        return Ok(());
    }
    if let Some((false, 2, et)) = m.types.vector(t) {
        if matches!(m.types.get(et), Type::Float(FloatKind::Float)) {
            out.push((*at, if ret { Pack::RetF32x2 } else { Pack::F32x2 }));
        }
    } else if super::wide::is_wide_ty(m, t) && !ret {
        out.push((*at, Pack::I128));
    }
    *at += value_regs(m, opts, t, span)?.len() as u32;
    Ok(())
}
