//! Signatures of the `llvm.*` intrinsics C compilers emit: declared types must match the
//! intrinsic's pattern, overloaded types must be mangled into the name as LLVM does
//! (`llvm.memcpy.p0.p0.i64`), and `immarg` positions must get constants at call sites.
//!
//! Unknown `llvm.*` names are accepted, as LLVM 19 accepts them (they behave as external
//! functions); only the intrinsics of [`TABLE`] are checked.

use super::Verifier;
use crate::diag::Span;
use crate::ir::types::TypeName;
use crate::ir::{Function, GlobalId, GlobalKind, Module, Type, TypeId};
use rustc_hash::FxHashMap as HashMap;

/// An index into [`TABLE`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Id(u16);

/// An overloaded type's constraint.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Class {
    /// Integer or vector of integers (`llvm_anyint_ty`).
    Int,
    /// Floating point or vector of floating point (`llvm_anyfloat_ty`).
    Float,
    /// A pointer in any address space (`llvm_anyptr_ty`).
    Ptr,
    /// Any vector.
    Vec,
    /// A vector of integers.
    IntVec,
    /// A vector of floating point.
    FpVec,
    /// Anything.
    Any,
}

/// A type pattern. `Any` introduces the next overloaded type (numbered in order of appearance,
/// return type first); the others refer to earlier or later overloaded types by number.
#[derive(Copy, Clone, Debug)]
enum P {
    Void,
    I(u32),
    Ptr,
    Md,
    Double,
    Any(Class),
    /// The same type as overloaded type `k`.
    Same(u8),
    /// `i1`, or `<N x i1>` shaped like overloaded type `k`.
    Bool(u8),
    /// The element type of vector overloaded type `k`.
    Elem(u8),
    /// A literal, non-packed struct.
    Struct(&'static [P]),
}

/// One intrinsic: base name, return pattern, parameter patterns, `immarg` positions.
struct Def {
    name: &'static str,
    ret: P,
    params: &'static [P],
    immarg: &'static [usize],
}

use Class as C;
use P::*;

const fn d(name: &'static str, ret: P, params: &'static [P], immarg: &'static [usize]) -> Def {
    Def { name, ret, params, immarg }
}

const OVF: P = Struct(&[Any(C::Int), Bool(0)]);
const INT2: &[P] = &[Same(0), Same(0)];
const FP1: &[P] = &[Same(0)];
const FP2: &[P] = &[Same(0), Same(0)];
const FP3: &[P] = &[Same(0), Same(0), Same(0)];
const MD3: &[P] = &[Md, Md, Md];

static TABLE: &[Def] = &[
    d("llvm.memcpy", Void, &[Any(C::Ptr), Any(C::Ptr), Any(C::Int), I(1)], &[3]),
    d("llvm.memcpy.inline", Void, &[Any(C::Ptr), Any(C::Ptr), Any(C::Int), I(1)], &[2, 3]),
    d("llvm.memmove", Void, &[Any(C::Ptr), Any(C::Ptr), Any(C::Int), I(1)], &[3]),
    d("llvm.memset", Void, &[Any(C::Ptr), I(8), Any(C::Int), I(1)], &[3]),
    d("llvm.memset.inline", Void, &[Any(C::Ptr), I(8), Any(C::Int), I(1)], &[2, 3]),
    d("llvm.lifetime.start", Void, &[I(64), Any(C::Ptr)], &[0]),
    d("llvm.lifetime.end", Void, &[I(64), Any(C::Ptr)], &[0]),
    d("llvm.invariant.start", Ptr, &[I(64), Any(C::Ptr)], &[0]),
    d("llvm.invariant.end", Void, &[Ptr, I(64), Any(C::Ptr)], &[1]),
    d("llvm.stacksave", Any(C::Ptr), &[], &[]),
    d("llvm.stackrestore", Void, &[Any(C::Ptr)], &[]),
    d("llvm.dbg.value", Void, MD3, &[]),
    d("llvm.dbg.declare", Void, MD3, &[]),
    d("llvm.dbg.assign", Void, &[Md, Md, Md, Md, Md, Md], &[]),
    d("llvm.dbg.label", Void, &[Md], &[]),
    d("llvm.sadd.with.overflow", OVF, INT2, &[]),
    d("llvm.uadd.with.overflow", OVF, INT2, &[]),
    d("llvm.ssub.with.overflow", OVF, INT2, &[]),
    d("llvm.usub.with.overflow", OVF, INT2, &[]),
    d("llvm.smul.with.overflow", OVF, INT2, &[]),
    d("llvm.umul.with.overflow", OVF, INT2, &[]),
    d("llvm.sadd.sat", Any(C::Int), INT2, &[]),
    d("llvm.uadd.sat", Any(C::Int), INT2, &[]),
    d("llvm.ssub.sat", Any(C::Int), INT2, &[]),
    d("llvm.usub.sat", Any(C::Int), INT2, &[]),
    d("llvm.sshl.sat", Any(C::Int), INT2, &[]),
    d("llvm.ushl.sat", Any(C::Int), INT2, &[]),
    d("llvm.smax", Any(C::Int), INT2, &[]),
    d("llvm.smin", Any(C::Int), INT2, &[]),
    d("llvm.umax", Any(C::Int), INT2, &[]),
    d("llvm.umin", Any(C::Int), INT2, &[]),
    d("llvm.abs", Any(C::Int), &[Same(0), I(1)], &[1]),
    d("llvm.ctpop", Any(C::Int), &[Same(0)], &[]),
    d("llvm.bswap", Any(C::Int), &[Same(0)], &[]),
    d("llvm.bitreverse", Any(C::Int), &[Same(0)], &[]),
    d("llvm.ctlz", Any(C::Int), &[Same(0), I(1)], &[1]),
    d("llvm.cttz", Any(C::Int), &[Same(0), I(1)], &[1]),
    d("llvm.fshl", Any(C::Int), &[Same(0), Same(0), Same(0)], &[]),
    d("llvm.fshr", Any(C::Int), &[Same(0), Same(0), Same(0)], &[]),
    d("llvm.scmp", Any(C::Int), &[Any(C::Int), Same(1)], &[]),
    d("llvm.ucmp", Any(C::Int), &[Any(C::Int), Same(1)], &[]),
    d("llvm.fabs", Any(C::Float), FP1, &[]),
    d("llvm.sqrt", Any(C::Float), FP1, &[]),
    d("llvm.sin", Any(C::Float), FP1, &[]),
    d("llvm.cos", Any(C::Float), FP1, &[]),
    d("llvm.tan", Any(C::Float), FP1, &[]),
    d("llvm.exp", Any(C::Float), FP1, &[]),
    d("llvm.exp2", Any(C::Float), FP1, &[]),
    d("llvm.exp10", Any(C::Float), FP1, &[]),
    d("llvm.log", Any(C::Float), FP1, &[]),
    d("llvm.log2", Any(C::Float), FP1, &[]),
    d("llvm.log10", Any(C::Float), FP1, &[]),
    d("llvm.floor", Any(C::Float), FP1, &[]),
    d("llvm.ceil", Any(C::Float), FP1, &[]),
    d("llvm.trunc", Any(C::Float), FP1, &[]),
    d("llvm.rint", Any(C::Float), FP1, &[]),
    d("llvm.nearbyint", Any(C::Float), FP1, &[]),
    d("llvm.round", Any(C::Float), FP1, &[]),
    d("llvm.roundeven", Any(C::Float), FP1, &[]),
    d("llvm.canonicalize", Any(C::Float), FP1, &[]),
    d("llvm.pow", Any(C::Float), FP2, &[]),
    d("llvm.minnum", Any(C::Float), FP2, &[]),
    d("llvm.maxnum", Any(C::Float), FP2, &[]),
    d("llvm.minimum", Any(C::Float), FP2, &[]),
    d("llvm.maximum", Any(C::Float), FP2, &[]),
    d("llvm.copysign", Any(C::Float), FP2, &[]),
    d("llvm.fma", Any(C::Float), FP3, &[]),
    d("llvm.fmuladd", Any(C::Float), FP3, &[]),
    d("llvm.powi", Any(C::Float), &[Same(0), Any(C::Int)], &[]),
    d("llvm.ldexp", Any(C::Float), &[Same(0), Any(C::Int)], &[]),
    d("llvm.frexp", Struct(&[Any(C::Float), Any(C::Int)]), &[Same(0)], &[]),
    d("llvm.lround", Any(C::Int), &[Any(C::Float)], &[]),
    d("llvm.llround", Any(C::Int), &[Any(C::Float)], &[]),
    d("llvm.lrint", Any(C::Int), &[Any(C::Float)], &[]),
    d("llvm.llrint", Any(C::Int), &[Any(C::Float)], &[]),
    d("llvm.fptosi.sat", Any(C::Int), &[Any(C::Float)], &[]),
    d("llvm.fptoui.sat", Any(C::Int), &[Any(C::Float)], &[]),
    d("llvm.is.fpclass", Bool(0), &[Any(C::Float), I(32)], &[1]),
    d("llvm.vector.reduce.add", Elem(0), &[Any(C::IntVec)], &[]),
    d("llvm.vector.reduce.mul", Elem(0), &[Any(C::IntVec)], &[]),
    d("llvm.vector.reduce.and", Elem(0), &[Any(C::IntVec)], &[]),
    d("llvm.vector.reduce.or", Elem(0), &[Any(C::IntVec)], &[]),
    d("llvm.vector.reduce.xor", Elem(0), &[Any(C::IntVec)], &[]),
    d("llvm.vector.reduce.smax", Elem(0), &[Any(C::IntVec)], &[]),
    d("llvm.vector.reduce.smin", Elem(0), &[Any(C::IntVec)], &[]),
    d("llvm.vector.reduce.umax", Elem(0), &[Any(C::IntVec)], &[]),
    d("llvm.vector.reduce.umin", Elem(0), &[Any(C::IntVec)], &[]),
    d("llvm.vector.reduce.fmax", Elem(0), &[Any(C::FpVec)], &[]),
    d("llvm.vector.reduce.fmin", Elem(0), &[Any(C::FpVec)], &[]),
    d("llvm.vector.reduce.fmaximum", Elem(0), &[Any(C::FpVec)], &[]),
    d("llvm.vector.reduce.fminimum", Elem(0), &[Any(C::FpVec)], &[]),
    d("llvm.vector.reduce.fadd", Elem(0), &[Elem(0), Any(C::FpVec)], &[]),
    d("llvm.vector.reduce.fmul", Elem(0), &[Elem(0), Any(C::FpVec)], &[]),
    d("llvm.vector.reverse", Any(C::Vec), &[Same(0)], &[]),
    d("llvm.masked.load", Any(C::Vec), &[Any(C::Ptr), I(32), Bool(0), Same(0)], &[1]),
    d("llvm.masked.store", Void, &[Any(C::Vec), Any(C::Ptr), I(32), Bool(0)], &[2]),
    d("llvm.experimental.stepvector", Any(C::IntVec), &[], &[]),
    d("llvm.assume", Void, &[I(1)], &[]),
    d("llvm.expect", Any(C::Int), INT2, &[]),
    d("llvm.expect.with.probability", Any(C::Int), &[Same(0), Same(0), Double], &[2]),
    d("llvm.trap", Void, &[], &[]),
    d("llvm.debugtrap", Void, &[], &[]),
    d("llvm.ubsantrap", Void, &[I(8)], &[0]),
    d("llvm.va_start", Void, &[Any(C::Ptr)], &[]),
    d("llvm.va_end", Void, &[Any(C::Ptr)], &[]),
    d("llvm.va_copy", Void, &[Any(C::Ptr), Same(0)], &[]),
    d("llvm.objectsize", Any(C::Int), &[Any(C::Ptr), I(1), I(1), I(1)], &[1, 2, 3]),
    d("llvm.threadlocal.address", Any(C::Ptr), &[Same(0)], &[]),
    d("llvm.prefetch", Void, &[Any(C::Ptr), I(32), I(32), I(32)], &[1, 2, 3]),
    d("llvm.returnaddress", Ptr, &[I(32)], &[0]),
    d("llvm.frameaddress", Any(C::Ptr), &[I(32)], &[0]),
    d("llvm.ptrmask", Any(C::Ptr), &[Same(0), Any(C::Int)], &[]),
    d("llvm.launder.invariant.group", Any(C::Ptr), &[Same(0)], &[]),
    d("llvm.strip.invariant.group", Any(C::Ptr), &[Same(0)], &[]),
    d("llvm.donothing", Void, &[], &[]),
    d("llvm.sideeffect", Void, &[], &[]),
    d("llvm.readcyclecounter", I(64), &[], &[]),
    d("llvm.vscale", Any(C::Int), &[], &[]),
    d("llvm.experimental.noalias.scope.decl", Void, &[Md], &[]),
    d("llvm.is.constant", I(1), &[Any(C::Any)], &[]),
];

/// The intrinsic each global names, by global index.
/// The table's names, indexed once for all lookups.
fn index() -> &'static HashMap<&'static str, u16> {
    static INDEX: std::sync::OnceLock<HashMap<&'static str, u16>> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| TABLE.iter().enumerate().map(|(i, e)| (e.name, i as u16)).collect())
}

pub(super) fn classify(m: &Module) -> Vec<Option<Id>> {
    let index = index();
    m.globals
        .keys()
        .map(|g| {
            let gv = &m.globals[g];
            if !matches!(gv.kind, GlobalKind::Func(_)) {
                return None;
            }
            let name = match &gv.name {
                crate::ir::GlobalName::Named(s) => m.symbols.get(*s),
                _ => return None,
            };
            lookup(index, name)
        })
        .collect()
}

/// The longest table name that is `name` or a dot-separated prefix of it.
fn lookup(index: &HashMap<&str, u16>, name: &str) -> Option<Id> {
    if !name.starts_with("llvm.") {
        return None;
    }
    let mut end = name.len();
    loop {
        if let Some(&i) = index.get(&name[..end]) {
            return Some(Id(i));
        }
        end = name[..end].rfind('.')?;
        if end <= 4 {
            return None;
        }
    }
}

/// The `immarg` parameter positions of an intrinsic.
pub(super) fn immarg_positions(id: Id) -> &'static [usize] {
    TABLE[id.0 as usize].immarg
}

/// The base name of an intrinsic.
pub(super) fn base_name(id: Id) -> &'static str {
    TABLE[id.0 as usize].name
}

/// Why a function type does not fit an intrinsic's pattern.
enum Mismatch {
    Ret,
    Arg(usize),
    TooMany,
    TooFew,
    VarArg,
}

/// Matches a function type against an intrinsic, returning its overloaded types in order.
fn match_sig(m: &Module, def: &Def, fty: TypeId) -> Result<Vec<Option<TypeId>>, Mismatch> {
    let Some((ret, params, vararg)) = m.types.func_sig(fty) else { return Err(Mismatch::Ret) };
    let mut slots: Vec<Option<TypeId>> = Vec::new();
    // Pass 1 binds the overloaded types, pass 2 checks every position.
    for pass in 0..2 {
        let mut next = 0usize;
        if !walk(m, def.ret, ret, &mut slots, &mut next, pass == 1) {
            return Err(Mismatch::Ret);
        }
        for (k, p) in def.params.iter().enumerate() {
            let Some(&t) = params.get(k) else { break };
            if !walk(m, *p, t, &mut slots, &mut next, pass == 1) {
                return Err(Mismatch::Arg(k));
            }
        }
    }
    if params.len() > def.params.len() {
        return Err(Mismatch::TooMany);
    }
    if params.len() < def.params.len() {
        return Err(Mismatch::TooFew);
    }
    if vararg {
        return Err(Mismatch::VarArg);
    }
    Ok(slots)
}

/// The name with its overloaded types mangled in (`None` when a type has no mangling).
fn expected_name(m: &Module, def: &Def, slots: &[Option<TypeId>]) -> Option<String> {
    let mut name = def.name.to_string();
    for s in slots {
        name.push('.');
        if !mangle(m, (*s)?, &mut name) {
            return None;
        }
    }
    Some(name)
}

/// The correctly mangled name of the known intrinsic `name` declared with function type
/// `fn_ty` (e.g. `llvm.memcpy.p0i8.p0i8.i64` of `void (ptr, ptr, i64, i1)` gives
/// `llvm.memcpy.p0.p0.i64`), for renaming legacy declarations as LLVM's auto-upgrade does.
/// `None` when `name` is not a known intrinsic or the type does not fit it.
pub fn intrinsic_name(m: &Module, name: &str, fn_ty: TypeId) -> Option<String> {
    let def = &TABLE[lookup(index(), name)?.0 as usize];
    let slots = match_sig(m, def, fn_ty).ok()?;
    expected_name(m, def, &slots)
}

/// Checks a declaration of a known intrinsic: its type against the pattern, and its name's
/// mangled type suffix.
pub(super) fn check_decl(v: &mut Verifier, g: GlobalId, f: &Function, span: Span) {
    let Some(Some(id)) = v.intrinsic_ids.get(crate::ir::entity::EntityRef::index(g)).copied()
    else {
        return;
    };
    let m = v.m;
    let def = &TABLE[id.0 as usize];
    let slots = match match_sig(m, def, f.ty) {
        Ok(s) => s,
        Err(e) => {
            let n = def.params.len();
            let msg = match e {
                Mismatch::Ret => format!(
                    "Intrinsic has incorrect return type! ({} returns {})",
                    def.name,
                    describe(def.ret)
                ),
                Mismatch::Arg(k) => format!(
                    "Intrinsic has incorrect argument type! (parameter {} of {} must be {})",
                    k + 1,
                    def.name,
                    describe(def.params[k])
                ),
                Mismatch::TooMany => {
                    format!(
                        "Intrinsic has incorrect argument type! ({} takes {n} parameters)",
                        def.name
                    )
                }
                Mismatch::TooFew => {
                    format!("Intrinsic has too few arguments! ({} takes {n} parameters)", def.name)
                }
                Mismatch::VarArg => {
                    "Intrinsic was not defined with variable arguments!".to_string()
                }
            };
            v.err(span, msg);
            return;
        }
    };
    if def.name == "llvm.bswap" {
        let ret = m.types.func_sig(f.ty).map(|s| s.0).unwrap_or(TypeId::VOID);
        let bits = m.types.int_bits(m.types.scalar(ret)).unwrap_or(0);
        if !bits.is_multiple_of(16) {
            v.err(span, "bswap must be an even number of bytes");
        }
    }
    if let Some(expected) = expected_name(m, def, &slots) {
        if expected != v.gtext(g) {
            v.err(
                span,
                format!("Intrinsic name not mangled correctly for type arguments! Should be: {expected}"),
            );
        }
    }
}

/// Matches pattern `p` against type `t`. In the binding pass, records overloaded types and
/// always succeeds; in the checking pass, returns whether `t` fits.
fn walk(
    m: &Module,
    p: P,
    t: TypeId,
    slots: &mut Vec<Option<TypeId>>,
    next: &mut usize,
    check: bool,
) -> bool {
    let ty = &m.types;
    let slot = |slots: &Vec<Option<TypeId>>, k: u8| slots.get(k as usize).copied().flatten();
    match p {
        Void => !check || t == TypeId::VOID,
        I(b) => !check || ty.int_bits(t) == Some(b) && !ty.is_vector(t),
        Ptr => !check || ty.get(t) == &Type::Ptr(0),
        Md => !check || t == TypeId::METADATA,
        Double => !check || t == TypeId::DOUBLE,
        Any(class) => {
            let k = *next;
            *next += 1;
            if !check {
                if slots.len() <= k {
                    slots.resize(k + 1, None);
                }
                slots[k] = Some(t);
                return true;
            }
            match class {
                C::Int => ty.is_int_or_int_vector(t),
                C::Float => ty.is_fp_or_fp_vector(t),
                C::Ptr => ty.is_ptr(t),
                C::Vec => ty.is_vector(t),
                C::IntVec => ty.is_vector(t) && ty.is_int_or_int_vector(t),
                C::FpVec => ty.is_vector(t) && ty.is_fp_or_fp_vector(t),
                C::Any => true,
            }
        }
        Same(k) => !check || slot(slots, k) == Some(t),
        Bool(k) => {
            !check
                || slot(slots, k).is_some_and(|o| {
                    ty.scalar(t) == TypeId::I1
                        && ty.vector(t).map(|x| (x.0, x.1)) == ty.vector(o).map(|x| (x.0, x.1))
                })
        }
        Elem(k) => {
            !check || slot(slots, k).and_then(|o| ty.vector(o)).is_some_and(|(_, _, e)| e == t)
        }
        Struct(ps) => match ty.get(t) {
            Type::Struct { packed: false, fields } if fields.len() == ps.len() => {
                let fields = fields.clone();
                let mut ok = true;
                for (p, f) in ps.iter().zip(fields.iter()) {
                    ok &= walk(m, *p, *f, slots, next, check);
                }
                ok
            }
            _ => {
                // Still number the overloaded types inside, so later references line up.
                for p in ps {
                    if let Any(_) = p {
                        *next += 1;
                    }
                }
                !check
            }
        },
    }
}

/// A short description of a pattern, for messages.
fn describe(p: P) -> &'static str {
    match p {
        Void => "void",
        I(1) => "i1",
        I(8) => "i8",
        I(32) => "i32",
        I(64) => "i64",
        I(_) => "an integer of fixed width",
        Ptr => "ptr",
        Md => "metadata",
        Double => "double",
        Any(C::Int) => "an integer or vector of integers",
        Any(C::Float) => "a floating-point type or vector of them",
        Any(C::Ptr) => "a pointer",
        Any(C::Vec) => "a vector",
        Any(C::IntVec) => "a vector of integers",
        Any(C::FpVec) => "a vector of floating-point values",
        Any(C::Any) => "any type",
        Same(_) => "the same type as the overloaded type it matches",
        Bool(_) => "i1 or a vector of i1 of matching length",
        Elem(_) => "the element type of the vector operand",
        Struct(_) => "a literal struct",
    }
}

/// LLVM's `getMangledTypeStr`. Returns false for types it cannot name (unnamed structs).
fn mangle(m: &Module, t: TypeId, out: &mut String) -> bool {
    use std::fmt::Write;
    match m.types.get(t) {
        Type::Ptr(a) => {
            let _ = write!(out, "p{a}");
        }
        Type::Array { len, elem } => {
            let _ = write!(out, "a{len}");
            return mangle(m, *elem, out);
        }
        Type::Struct { fields, .. } => {
            out.push_str("sl_");
            for &f in fields.iter() {
                if !mangle(m, f, out) {
                    return false;
                }
            }
            out.push('s');
        }
        Type::Named(n) => match m.types.named.get(*n).map(|s| &s.name) {
            Some(TypeName::Named(s)) => {
                let _ = write!(out, "s_{}s", m.symbols.get(*s));
            }
            _ => return false,
        },
        Type::Func { ret, params, vararg } => {
            out.push_str("f_");
            if !mangle(m, *ret, out) {
                return false;
            }
            for &p in params.iter() {
                if !mangle(m, p, out) {
                    return false;
                }
            }
            if *vararg {
                out.push_str("vararg");
            }
            out.push('f');
        }
        Type::Vector { scalable, len, elem } => {
            if *scalable {
                out.push_str("nx");
            }
            let _ = write!(out, "v{len}");
            return mangle(m, *elem, out);
        }
        Type::Target { name, types, ints } => {
            out.push('t');
            out.push_str(&String::from_utf8_lossy(name));
            for &p in types.iter() {
                out.push('_');
                if !mangle(m, p, out) {
                    return false;
                }
            }
            for i in ints.iter() {
                let _ = write!(out, "_{i}");
            }
            out.push('t');
        }
        Type::Void => out.push_str("isVoid"),
        Type::Metadata => out.push_str("Metadata"),
        Type::Float(k) => out.push_str(match k {
            crate::ir::FloatKind::Half => "f16",
            crate::ir::FloatKind::BFloat => "bf16",
            crate::ir::FloatKind::Float => "f32",
            crate::ir::FloatKind::Double => "f64",
            crate::ir::FloatKind::X86Fp80 => "f80",
            crate::ir::FloatKind::Fp128 => "f128",
            crate::ir::FloatKind::PpcFp128 => "ppcf128",
        }),
        Type::X86Amx => out.push_str("x86amx"),
        Type::Int(b) => {
            let _ = write!(out, "i{b}");
        }
        Type::Label | Type::Token => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_prefers_longest_base() {
        let name = |n| lookup(index(), n).map(base_name);
        assert_eq!(name("llvm.memset.inline.p0.i64"), Some("llvm.memset.inline"));
        assert_eq!(name("llvm.memset.p0.i64"), Some("llvm.memset"));
        assert_eq!(name("llvm.sadd.with.overflow.i32"), Some("llvm.sadd.with.overflow"));
        assert_eq!(name("llvm.trap"), Some("llvm.trap"));
        assert_eq!(name("llvm.foo"), None);
        assert_eq!(name("memset"), None);
    }
}
