//! Operand and result types of the value-computing instructions (unary, binary, compares,
//! casts, select, vector and aggregate access, phi, freeze, va_arg), results being first-class,
//! and which flags and fast-math flags each opcode may carry.

use super::{FnCx, Verifier};
use crate::diag::Diagnostic;
use crate::ir::{
    Block, ConstKind, Extra, GlobalKind, Inst, InstData, InstFlags, Module, Opcode, Operand, Type,
    TypeId,
};

pub(super) fn check(v: &mut Verifier, cx: &FnCx, _b: Block, i: Inst, d: &InstData) {
    check_flags(v, cx, d);
    check_generic(v, cx, d);
    super::cfg::check_terminator(v, cx, i, d);
    let m = v.m;
    let body = cx.body;
    let t = |k: usize| m.operand_ty(body, d.args[k]);
    let span = d.span;
    match d.op {
        Opcode::FNeg => {
            if t(0) != d.ty {
                v.err(span, "Unary operators must have same type for operands and result!");
            } else if !m.types.is_fp_or_fp_vector(d.ty) {
                v.err(span, "FNeg operator only works with float types!");
            }
        }
        op if op.is_binary() => {
            if let Some(msg) = binary_error(m, op, t(0), t(1), d.ty) {
                let diag = Diagnostic::error(
                    span,
                    format!(
                        "invalid operand type for instruction: {msg} ('{}' on {} and {})",
                        op.name(),
                        v.ty(t(0)),
                        v.ty(t(1))
                    ),
                );
                v.push(match binary_help(m, op, t(0)) {
                    Some(h) => diag.with_help(h),
                    None => diag,
                });
            }
        }
        op if op.is_cast() => {
            if let Some(msg) = cast_error(m, op, t(0), d.ty) {
                let diag = Diagnostic::error(
                    span,
                    format!(
                        "invalid cast opcode for cast from '{}' to '{}': {msg}",
                        v.ty(t(0)),
                        v.ty(d.ty)
                    ),
                );
                v.push(match cast_help(m, op, t(0), d.ty) {
                    Some(h) => diag.with_help(h),
                    None => diag,
                });
            }
        }
        Opcode::ICmp | Opcode::FCmp => {
            let (a, b) = (t(0), t(1));
            let icmp = d.op == Opcode::ICmp;
            let name = if icmp { "ICmp" } else { "FCmp" };
            if a != b {
                v.err(
                    span,
                    format!(
                        "Both operands to {name} instruction are not of the same type! ({} and {})",
                        v.ty(a),
                        v.ty(b)
                    ),
                );
            } else if icmp && !(m.types.is_int_or_int_vector(a) || m.types.is_ptr_or_ptr_vector(a))
            {
                let diag = Diagnostic::error(
                    span,
                    format!("Invalid operand types for ICmp instruction ({})", v.ty(a)),
                );
                v.push(if m.types.is_fp_or_fp_vector(a) {
                    diag.with_help(
                        "compare floating-point values with `fcmp` (e.g. `fcmp olt`, `fcmp oeq`)",
                    )
                } else {
                    diag
                });
            } else if !icmp && !m.types.is_fp_or_fp_vector(a) {
                let diag = Diagnostic::error(
                    span,
                    format!("Invalid operand types for FCmp instruction ({})", v.ty(a)),
                );
                v.push(if m.types.is_int_or_int_vector(a) || m.types.is_ptr_or_ptr_vector(a) {
                    diag.with_help(
                        "compare integers and pointers with `icmp` (e.g. `icmp slt`, `icmp eq`)",
                    )
                } else {
                    diag
                });
            } else if !is_bool_shape_of(m, d.ty, a) {
                v.err(
                    span,
                    format!(
                        "{} result type must be i1 or a vector of i1 shaped like its operands (found {})",
                        d.op.name(),
                        v.ty(d.ty)
                    ),
                );
            }
        }
        Opcode::Select => {
            let (c, a, b) = (t(0), t(1), t(2));
            if let Some(why) = select_error(m, c, a, b) {
                v.err(span, format!("Invalid operands for select instruction! ({why})"));
            } else if a != d.ty {
                v.err(span, "Select values must have same type as select instruction!");
            }
        }
        Opcode::Freeze if t(0) != d.ty => {
            v.err(span, "freeze result type must equal its operand type");
        }
        Opcode::VaArg => {
            if !m.types.is_ptr(t(0)) {
                v.err(span, "va_arg requires operand with first class type");
            }
            if !m.types.is_first_class(d.ty)
                || matches!(m.types.get(d.ty), Type::Label | Type::Token | Type::Metadata)
            {
                v.err(span, "va_arg requires operand with first class type");
            }
        }
        Opcode::ExtractElement => {
            let (vt, it) = (t(0), t(1));
            match m.types.vector(vt) {
                Some((_, _, elem)) if m.types.is_int(it) => {
                    if elem != d.ty {
                        v.err(span, "Invalid extractelement operands! (result type is not the element type)");
                    }
                }
                _ => v.err(span, "Invalid extractelement operands!"),
            }
        }
        Opcode::InsertElement => {
            let (vt, et, it) = (t(0), t(1), t(2));
            match m.types.vector(vt) {
                Some((_, _, elem)) if elem == et && m.types.is_int(it) => {
                    if vt != d.ty {
                        v.err(
                            span,
                            "Invalid insertelement operands! (result type is not the vector type)",
                        );
                    }
                }
                _ => v.err(span, "Invalid insertelement operands!"),
            }
        }
        Opcode::ShuffleVector => {
            if let Some(why) = shuffle_error(m, t(0), t(1), d.args[2], d.ty) {
                v.err(span, format!("Invalid shufflevector operands! ({why})"));
            }
        }
        Opcode::ExtractValue | Opcode::InsertValue => {
            let Extra::Indices(idx) = &d.extra else { return };
            let agg = t(0);
            let ins = d.op == Opcode::InsertValue;
            let what = d.op.name();
            if !m.types.is_aggregate(agg) {
                v.err(span, format!("{what} operand must be aggregate type"));
            } else if idx.is_empty() {
                v.err(span, format!("{what} requires at least one index"));
            } else {
                match indexed_type(m, agg, idx) {
                    None => v.err(span, format!("invalid indices for {what}")),
                    Some(et) if !ins && et != d.ty => {
                        v.err(span, "Invalid ExtractValueInst operands!")
                    }
                    Some(et) if ins && et != t(1) => v.err(
                        span,
                        format!("Invalid InsertValueInst operands! (inserted value has type {}, the indexed type is {})", v.ty(t(1)), v.ty(et)),
                    ),
                    Some(_) if ins && d.ty != agg => {
                        v.err(span, "insertvalue result type must equal its aggregate type")
                    }
                    _ => {}
                }
            }
        }
        Opcode::Phi => {
            if m.types.get(d.ty) == &Type::Token {
                v.err(span, "PHI nodes cannot have token type!");
            } else if matches!(m.types.get(d.ty), Type::Label | Type::Metadata) {
                v.err(span, "invalid type for phi node");
            }
            for k in 0..d.args.len() {
                if t(k) != d.ty {
                    v.err(span, format!("PHI node operands are not the same type as the result! (incoming {} is {}, the phi is {})", k, v.ty(t(k)), v.ty(d.ty)));
                    break;
                }
            }
        }
        _ => {}
    }
}

/// Flags only on the opcodes that take them; fast-math flags only on FP operations.
fn check_flags(v: &mut Verifier, cx: &FnCx, d: &InstData) {
    use Opcode::*;
    let f = d.flags.0;
    let op = d.op;
    let gep = op == GetElementPtr;
    let allowed: &[(u16, &str, bool)] = &[
        (InstFlags::NUW, "nuw", op.allows_wrap_flags() || gep),
        (InstFlags::NSW, "nsw", op.allows_wrap_flags()),
        (InstFlags::EXACT, "exact", op.allows_exact()),
        (InstFlags::DISJOINT, "disjoint", op.allows_disjoint()),
        (InstFlags::NNEG, "nneg", op.allows_nneg()),
        (InstFlags::SAMESIGN, "samesign", op == ICmp),
        (InstFlags::INBOUNDS, "inbounds", gep),
        (InstFlags::NUSW, "nusw", gep),
        (InstFlags::VOLATILE, "volatile", matches!(op, Load | Store | CmpXchg | AtomicRmw)),
        (InstFlags::WEAK, "weak", op == CmpXchg),
        (InstFlags::INALLOCA, "inalloca", op == Alloca),
        (InstFlags::SWIFTERROR, "swifterror", op == Alloca),
        (InstFlags::CLEANUP, "cleanup", op == LandingPad),
    ];
    let mut known = 0u16;
    for &(bit, name, ok) in allowed {
        known |= bit;
        if f & bit != 0 && !ok {
            v.err(d.span, format!("'{name}' is not valid on '{}'", op.name()));
        }
    }
    if f & !known != 0 {
        v.err(d.span, format!("unknown flag bits on '{}'", op.name()));
    }
    if d.fmf.0 != 0 {
        let m = v.m;
        if !op.allows_fmf() {
            v.err(d.span, format!("fast-math flags are not valid on '{}'", op.name()));
        } else if matches!(op, Phi | Select | Call) && !fmf_type_ok(m, d.ty) {
            let (what, kind) = match op {
                Call => ("call", "return"),
                Phi => ("phi", "result"),
                _ => ("select", "result"),
            };
            v.err(d.span, format!("fast-math-flags specified for {what} without floating-point scalar or vector {kind} type"));
        } else if d.fmf.0 & !crate::ir::FastMath::FAST != 0 {
            v.err(d.span, "unknown fast-math flag bits");
        }
        let _ = cx;
    }
}

/// LLVM's `FPMathOperator::isSupportedFloatingPointType`: FP scalars or vectors, arrays of
/// them, and homogeneous literal structs of them.
fn fmf_type_ok(m: &Module, mut t: TypeId) -> bool {
    loop {
        match m.types.get(t) {
            Type::Array { elem, .. } => t = *elem,
            Type::Struct { fields, .. } => {
                let Some(&f0) = fields.first() else { return false };
                if fields.iter().any(|&f| f != f0) {
                    return false;
                }
                t = f0;
            }
            _ => return m.types.is_fp_or_fp_vector(t),
        }
    }
}

/// Rules shared by all instructions: first-class results, no metadata results outside calls,
/// intrinsics and inline asm only as callees.
fn check_generic(v: &mut Verifier, cx: &FnCx, d: &InstData) {
    let m = v.m;
    let _ = cx;
    match m.types.get(d.ty) {
        Type::Func { .. } => v.err(d.span, "Instruction returns a non-scalar type!"),
        Type::Metadata if !matches!(d.op, Opcode::Call | Opcode::Invoke) => {
            v.err(d.span, "Invalid use of metadata!")
        }
        _ => {}
    }
    let call_like = d.call_info().is_some();
    for (k, &op) in d.args.iter().enumerate() {
        let Operand::Const(c) = op else { continue };
        let callee = call_like && k == 0;
        match m.consts.kind(c) {
            ConstKind::Global(g) if !callee => {
                if let Some(gv) = m.globals.get(*g) {
                    if matches!(gv.kind, GlobalKind::Func(_)) && v.gtext(*g).starts_with("llvm.") {
                        v.err(d.span, "Cannot take the address of an intrinsic!");
                    }
                }
            }
            ConstKind::InlineAsm(_) if !callee => {
                v.err(d.span, "Cannot take the address of an inline asm!")
            }
            _ => {}
        }
    }
}

/// `(scalable, len)` of a vector type, `None` for scalars.
pub(super) fn shape(m: &Module, t: TypeId) -> Option<(bool, u32)> {
    m.types.vector(t).map(|(s, n, _)| (s, n))
}

/// True when `r` is `i1` for a scalar `like`, or `<N x i1>` for a vector `like` of N elements.
fn is_bool_shape_of(m: &Module, r: TypeId, like: TypeId) -> bool {
    m.types.scalar(r) == TypeId::I1 && shape(m, r) == shape(m, like)
}

/// The error of a binary operator's types, in LLVM's words.
pub(super) fn binary_error(
    m: &Module,
    op: Opcode,
    a: TypeId,
    b: TypeId,
    r: TypeId,
) -> Option<String> {
    use Opcode::*;
    if a != b {
        return Some("Both operands to a binary operator are not of the same type!".into());
    }
    let (int, msg_kind, msg_same) = match op {
        Add | Sub | Mul | SDiv | UDiv | SRem | URem => (
            true,
            "Integer arithmetic operators only work with integral types!",
            "Integer arithmetic operators must have same type for operands and result!",
        ),
        FAdd | FSub | FMul | FDiv | FRem => (
            false,
            "Floating-point arithmetic operators only work with floating-point types!",
            "Floating-point arithmetic operators must have same type for operands and result!",
        ),
        And | Or | Xor => (
            true,
            "Logical operators only work with integral types!",
            "Logical operators must have same type for operands and result!",
        ),
        _ => (
            true,
            "Shifts only work with integral types!",
            "Shift return type must be same as operands!",
        ),
    };
    let ok_kind = if int { m.types.is_int_or_int_vector(r) } else { m.types.is_fp_or_fp_vector(r) };
    if !ok_kind {
        return Some(msg_kind.into());
    }
    (r != a).then(|| msg_same.into())
}

/// The opcode to use instead when a binary operator gets the other kind of number.
fn binary_help(m: &Module, op: Opcode, a: TypeId) -> Option<String> {
    use Opcode::*;
    let fp = m.types.is_fp_or_fp_vector(a);
    let int = m.types.is_int_or_int_vector(a);
    let other = match (op, fp, int) {
        (Add, true, _) => FAdd,
        (Sub, true, _) => FSub,
        (Mul, true, _) => FMul,
        (SDiv | UDiv, true, _) => FDiv,
        (SRem | URem, true, _) => FRem,
        (FAdd, _, true) => Add,
        (FSub, _, true) => Sub,
        (FMul, _, true) => Mul,
        (FDiv, _, true) => SDiv,
        (FRem, _, true) => SRem,
        _ => return None,
    };
    let what = if fp { "floating-point values" } else { "integers" };
    let extra =
        if matches!(other, SDiv | SRem) { " (or `udiv`/`urem` for unsigned ones)" } else { "" };
    Some(format!("for {what} use `{}`{extra}", other.name()))
}

/// The cast to use instead of an invalid one, when the types show which.
fn cast_help(m: &Module, op: Opcode, from: TypeId, to: TypeId) -> Option<String> {
    use Opcode::*;
    let (fb, _) = prim_bits(m, from);
    let (tb, _) = prim_bits(m, to);
    let ints = m.types.is_int_or_int_vector(from) && m.types.is_int_or_int_vector(to);
    let fps = m.types.is_fp_or_fp_vector(from) && m.types.is_fp_or_fp_vector(to);
    let ptr_int = m.types.is_ptr_or_ptr_vector(from) && m.types.is_int_or_int_vector(to);
    let int_ptr = m.types.is_int_or_int_vector(from) && m.types.is_ptr_or_ptr_vector(to);
    let s = match op {
        Trunc if ints && tb > fb => "to widen an integer use `sext` (signed) or `zext` (unsigned)",
        Trunc | SExt | ZExt if ints && tb == fb => "the types are the same: no cast is needed",
        SExt | ZExt if ints && tb < fb => "to narrow an integer use `trunc`",
        FPTrunc if fps && tb > fb => "to widen a floating-point value use `fpext`",
        FPExt if fps && tb < fb => "to narrow a floating-point value use `fptrunc`",
        BitCast if ptr_int => "a pointer becomes an integer with `ptrtoint`",
        BitCast if int_ptr => "an integer becomes a pointer with `inttoptr`",
        BitCast if fb != tb => "`bitcast` keeps every bit, so both types must have the same size; convert numbers with `sitofp`, `fptosi`, `sext`, `trunc`, ...",
        SExt | ZExt | Trunc if m.types.is_fp_or_fp_vector(from) || m.types.is_fp_or_fp_vector(to) => {
            "between integers and floating-point values use `sitofp`/`uitofp` and `fptosi`/`fptoui`"
        }
        _ => return None,
    };
    Some(s.to_string())
}

/// The primitive size in bits of a type (`getPrimitiveSizeInBits`: 0 for pointers and
/// aggregates), with whether it is scalable.
fn prim_bits(m: &Module, t: TypeId) -> (u64, bool) {
    match m.types.get(t) {
        Type::Int(b) => (*b as u64, false),
        Type::Float(k) => (k.bits() as u64, false),
        Type::X86Amx => (8192, false),
        Type::Vector { scalable, len, elem } => {
            ((*len as u64).saturating_mul(prim_bits(m, *elem).0), *scalable)
        }
        _ => (0, false),
    }
}

/// The scalar size in bits (`getScalarSizeInBits`).
fn scalar_bits(m: &Module, t: TypeId) -> u64 {
    prim_bits(m, m.types.scalar(t)).0
}

/// The error of a conversion from `src` to `dst`, in LLVM's words (`None` when valid).
pub(super) fn cast_error(m: &Module, op: Opcode, src: TypeId, dst: TypeId) -> Option<&'static str> {
    use Opcode::*;
    let ty = &m.types;
    let (sv, dv) = (shape(m, src), shape(m, dst));
    let same_vec = sv.is_some() == dv.is_some();
    let same_len = sv == dv;
    let (sb, db) = (scalar_bits(m, src), scalar_bits(m, dst));
    let check = |conds: &[(bool, &'static str)]| conds.iter().find(|c| !c.0).map(|c| c.1);
    match op {
        Trunc | ZExt | SExt => {
            let n = match op {
                Trunc => [
                    "Trunc only operates on integer",
                    "Trunc only produces integer",
                    "trunc source and destination must both be a vector or neither",
                    "DestTy too big for Trunc",
                ],
                ZExt => [
                    "ZExt only operates on integer",
                    "ZExt only produces an integer",
                    "zext source and destination must both be a vector or neither",
                    "Type too small for ZExt",
                ],
                _ => [
                    "SExt only operates on integer",
                    "SExt only produces an integer",
                    "sext source and destination must both be a vector or neither",
                    "Type too small for SExt",
                ],
            };
            check(&[
                (ty.is_int_or_int_vector(src), n[0]),
                (ty.is_int_or_int_vector(dst), n[1]),
                (same_vec, n[2]),
                (same_len, "invalid cast opcode for cast between vectors of different lengths"),
                (if op == Trunc { sb > db } else { sb < db }, n[3]),
            ])
        }
        FPTrunc | FPExt => {
            let n = if op == FPTrunc {
                [
                    "FPTrunc only operates on FP",
                    "FPTrunc only produces an FP",
                    "fptrunc source and destination must both be a vector or neither",
                    "DestTy too big for FPTrunc",
                ]
            } else {
                [
                    "FPExt only operates on FP",
                    "FPExt only produces an FP",
                    "fpext source and destination must both be a vector or neither",
                    "DestTy too small for FPExt",
                ]
            };
            check(&[
                (ty.is_fp_or_fp_vector(src), n[0]),
                (ty.is_fp_or_fp_vector(dst), n[1]),
                (same_vec, n[2]),
                (same_len, "invalid cast opcode for cast between vectors of different lengths"),
                (if op == FPTrunc { sb > db } else { sb < db }, n[3]),
            ])
        }
        UIToFP | SIToFP => {
            let n = if op == UIToFP {
                [
                    "UIToFP source and dest must both be vector or scalar",
                    "UIToFP source must be integer or integer vector",
                    "UIToFP result must be FP or FP vector",
                    "UIToFP source and dest vector length mismatch",
                ]
            } else {
                [
                    "SIToFP source and dest must both be vector or scalar",
                    "SIToFP source must be integer or integer vector",
                    "SIToFP result must be FP or FP vector",
                    "SIToFP source and dest vector length mismatch",
                ]
            };
            check(&[
                (same_vec, n[0]),
                (ty.is_int_or_int_vector(src), n[1]),
                (ty.is_fp_or_fp_vector(dst), n[2]),
                (same_len, n[3]),
            ])
        }
        FPToUI | FPToSI => {
            let n = if op == FPToUI {
                [
                    "FPToUI source and dest must both be vector or scalar",
                    "FPToUI source must be FP or FP vector",
                    "FPToUI result must be integer or integer vector",
                    "FPToUI source and dest vector length mismatch",
                ]
            } else {
                [
                    "FPToSI source and dest must both be vector or scalar",
                    "FPToSI source must be FP or FP vector",
                    "FPToSI result must be integer or integer vector",
                    "FPToSI source and dest vector length mismatch",
                ]
            };
            check(&[
                (same_vec, n[0]),
                (ty.is_fp_or_fp_vector(src), n[1]),
                (ty.is_int_or_int_vector(dst), n[2]),
                (same_len, n[3]),
            ])
        }
        PtrToInt => check(&[
            (ty.is_ptr_or_ptr_vector(src), "PtrToInt source must be pointer"),
            (ty.is_int_or_int_vector(dst), "PtrToInt result must be integral"),
            (same_vec, "PtrToInt type mismatch"),
            (same_len, "PtrToInt Vector width mismatch"),
        ]),
        IntToPtr => check(&[
            (ty.is_int_or_int_vector(src), "IntToPtr source must be an integral"),
            (ty.is_ptr_or_ptr_vector(dst), "IntToPtr result must be a pointer"),
            (same_vec, "IntToPtr type mismatch"),
            (same_len, "IntToPtr Vector width mismatch"),
        ]),
        AddrSpaceCast => check(&[
            (ty.is_ptr_or_ptr_vector(src), "AddrSpaceCast source must be a pointer"),
            (ty.is_ptr_or_ptr_vector(dst), "AddrSpaceCast result must be a pointer"),
            (
                ty.ptr_addrspace(ty.scalar(src)) != ty.ptr_addrspace(ty.scalar(dst)),
                "AddrSpaceCast must be between different address spaces",
            ),
            (sv.is_none() || same_len, "AddrSpaceCast vector pointer number of elements mismatch"),
        ]),
        BitCast => (!bitcast_ok(m, src, dst)).then_some("Invalid bitcast"),
        _ => Some("not a cast"),
    }
}

/// LLVM's `CastInst::castIsValid(BitCast, ...)`.
fn bitcast_ok(m: &Module, src: TypeId, dst: TypeId) -> bool {
    let ty = &m.types;
    let first_class_non_agg = |t: TypeId| ty.is_first_class(t) && !ty.is_aggregate(t);
    if !first_class_non_agg(src) || !first_class_non_agg(dst) {
        return false;
    }
    let (sp, dp) = (ty.is_ptr_or_ptr_vector(src), ty.is_ptr_or_ptr_vector(dst));
    if sp != dp {
        return false;
    }
    if !sp {
        let (a, b) = (prim_bits(m, src), prim_bits(m, dst));
        return a == b && a.0 != 0;
    }
    if ty.ptr_addrspace(ty.scalar(src)) != ty.ptr_addrspace(ty.scalar(dst)) {
        return false;
    }
    match (shape(m, src), shape(m, dst)) {
        (Some(a), Some(b)) => a == b,
        (Some(a), None) | (None, Some(a)) => a == (false, 1),
        (None, None) => true,
    }
}

/// Why `select c, a, b` is invalid (`SelectInst::areInvalidOperands`).
fn select_error(m: &Module, c: TypeId, a: TypeId, b: TypeId) -> Option<&'static str> {
    if a != b {
        return Some("both values to select must have same type");
    }
    if m.types.get(a) == &Type::Token {
        return Some("select values cannot have token type");
    }
    match shape(m, c) {
        Some(cs) => {
            if m.types.scalar(c) != TypeId::I1 {
                return Some("vector select condition element type must be i1");
            }
            match shape(m, a) {
                None => Some("selected values for vector select must be vectors"),
                Some(vs) if vs != cs => {
                    Some("vector select requires selected vectors to have the same vector length as select condition")
                }
                _ => None,
            }
        }
        None if c != TypeId::I1 => Some("select condition must be i1 or <n x i1>"),
        None => None,
    }
}

/// Why a shufflevector is invalid.
fn shuffle_error(m: &Module, a: TypeId, b: TypeId, mask: Operand, r: TypeId) -> Option<String> {
    let Some((scalable, len, elem)) = m.types.vector(a) else {
        return Some("operands must be vectors".into());
    };
    if a != b {
        return Some("both operands must have the same type".into());
    }
    let Operand::Const(mc) = mask else { return Some("the mask must be a constant".into()) };
    let mt = m.consts.ty(mc);
    let Some((mscal, mlen, melem)) = m.types.vector(mt) else {
        return Some("the mask must be a vector of i32".into());
    };
    if melem != TypeId::I32 || mscal != scalable {
        return Some("the mask must be a vector of i32".into());
    }
    match m.consts.kind(mc) {
        ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => {}
        ConstKind::Aggregate(els) if !scalable => {
            for &e in els.iter() {
                match m.consts.kind(e) {
                    ConstKind::Int(x) => {
                        if x.to_u64().is_none_or(|x| x >= 2 * len as u64) {
                            return Some("mask index out of range".into());
                        }
                    }
                    ConstKind::Undef | ConstKind::Poison => {}
                    _ => {
                        return Some(
                            "mask elements must be constant integers, undef or poison".into(),
                        )
                    }
                }
            }
        }
        ConstKind::Expr(_) if !scalable => {
            return Some("the mask must be a constant vector".into())
        }
        _ if scalable => {
            return Some("a scalable shuffle mask must be zeroinitializer, undef or poison".into())
        }
        _ => {}
    }
    let want = m.types.vector(r);
    if want != Some((scalable, mlen, elem)) {
        return Some(
            "the result must be a vector of the mask's length and the operands' element type"
                .into(),
        );
    }
    None
}

/// The type reached by `extractvalue`/`insertvalue` indices (`None` when out of range).
pub(super) fn indexed_type(m: &Module, mut t: TypeId, idx: &[u32]) -> Option<TypeId> {
    for &k in idx {
        t = match m.types.get(t) {
            Type::Array { len, elem } => (u64::from(k) < *len).then_some(*elem)?,
            Type::Struct { .. } | Type::Named(_) => *m.types.struct_fields(t)?.1.get(k as usize)?,
            _ => return None,
        };
    }
    Some(t)
}
