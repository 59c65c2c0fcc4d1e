//! The signature language of the intrinsic table ([`super::intrinsics`]): type patterns with
//! overloaded types (LLVM's `llvm_any*_ty` and `LLVMMatchType`), matching a declared function
//! type against them, and LLVM's name mangling of the overloaded types
//! (`llvm.memcpy.p0.p0.i64`).

use super::types::TypeName;
use super::{FloatKind, Module, Type, TypeId};

/// An overloaded type's constraint.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Class {
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
pub enum Pat {
    /// `void`.
    Void,
    /// `iN`.
    I(u32),
    /// `ptr` (address space 0).
    Ptr,
    /// `metadata`.
    Md,
    /// `double`.
    Double,
    /// A new overloaded type of the class.
    Any(Class),
    /// The same type as overloaded type `k`.
    Same(u8),
    /// `i1`, or `<N x i1>` shaped like overloaded type `k`.
    Bool(u8),
    /// The element type of vector overloaded type `k`.
    Elem(u8),
    /// A literal, non-packed struct.
    Struct(&'static [Pat]),
}

/// A signature: return pattern and parameter patterns (never variadic).
#[derive(Copy, Clone, Debug)]
pub struct Sig {
    /// The return type's pattern.
    pub ret: Pat,
    /// The parameters' patterns.
    pub params: &'static [Pat],
}

/// Why a function type does not fit a signature.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// The return type (or not a function type at all).
    Ret,
    /// Parameter `k` (from 0).
    Arg(usize),
    /// More parameters than the signature has.
    TooMany,
    /// Fewer parameters than the signature has.
    TooFew,
    /// Declared variadic.
    VarArg,
}

impl Sig {
    /// Matches function type `fty`, returning the overloaded types in order.
    pub fn matches(&self, m: &Module, fty: TypeId) -> Result<Vec<Option<TypeId>>, Mismatch> {
        let Some((ret, params, vararg)) = m.types.func_sig(fty) else {
            return Err(Mismatch::Ret);
        };
        let mut slots: Vec<Option<TypeId>> = Vec::new();
        // Pass 1 binds the overloaded types, pass 2 checks every position.
        for pass in 0..2 {
            let mut next = 0usize;
            if !walk(m, self.ret, ret, &mut slots, &mut next, pass == 1) {
                return Err(Mismatch::Ret);
            }
            for (k, p) in self.params.iter().enumerate() {
                let Some(&t) = params.get(k) else { break };
                if !walk(m, *p, t, &mut slots, &mut next, pass == 1) {
                    return Err(Mismatch::Arg(k));
                }
            }
        }
        if params.len() > self.params.len() {
            return Err(Mismatch::TooMany);
        }
        if params.len() < self.params.len() {
            return Err(Mismatch::TooFew);
        }
        if vararg {
            return Err(Mismatch::VarArg);
        }
        Ok(slots)
    }
}

/// `stem` with the overloaded types mangled in (`None` when a type has no mangling).
pub fn mangled(m: &Module, stem: &str, slots: &[Option<TypeId>]) -> Option<String> {
    let mut name = stem.to_string();
    for s in slots {
        name.push('.');
        if !mangle(m, (*s)?, &mut name) {
            return None;
        }
    }
    Some(name)
}

/// Matches pattern `p` against type `t`. In the binding pass, records overloaded types and
/// always succeeds; in the checking pass, returns whether `t` fits.
fn walk(
    m: &Module,
    p: Pat,
    t: TypeId,
    slots: &mut Vec<Option<TypeId>>,
    next: &mut usize,
    check: bool,
) -> bool {
    use Pat::*;
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
                Class::Int => ty.is_int_or_int_vector(t),
                Class::Float => ty.is_fp_or_fp_vector(t),
                Class::Ptr => ty.is_ptr(t),
                Class::Vec => ty.is_vector(t),
                Class::IntVec => ty.is_vector(t) && ty.is_int_or_int_vector(t),
                Class::FpVec => ty.is_vector(t) && ty.is_fp_or_fp_vector(t),
                Class::Any => true,
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

impl Pat {
    /// A short description, for messages.
    pub fn describe(self) -> &'static str {
        use Pat::*;
        match self {
            Void => "void",
            I(1) => "i1",
            I(8) => "i8",
            I(32) => "i32",
            I(64) => "i64",
            I(_) => "an integer of fixed width",
            Ptr => "ptr",
            Md => "metadata",
            Double => "double",
            Any(Class::Int) => "an integer or vector of integers",
            Any(Class::Float) => "a floating-point type or vector of them",
            Any(Class::Ptr) => "a pointer",
            Any(Class::Vec) => "a vector",
            Any(Class::IntVec) => "a vector of integers",
            Any(Class::FpVec) => "a vector of floating-point values",
            Any(Class::Any) => "any type",
            Same(_) => "the same type as the overloaded type it matches",
            Bool(_) => "i1 or a vector of i1 of matching length",
            Elem(_) => "the element type of the vector operand",
            Struct(_) => "a literal struct",
        }
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
            FloatKind::Half => "f16",
            FloatKind::BFloat => "bf16",
            FloatKind::Float => "f32",
            FloatKind::Double => "f64",
            FloatKind::X86Fp80 => "f80",
            FloatKind::Fp128 => "f128",
            FloatKind::PpcFp128 => "ppcf128",
        }),
        Type::X86Amx => out.push_str("x86amx"),
        Type::Int(b) => {
            let _ = write!(out, "i{b}");
        }
        Type::Label | Type::Token => return false,
    }
    true
}
