//! LLVM 1.x types for the converter: modern types in memory (struct fields, array elements,
//! globals, `alloca`s) as signed 1.x types, `ptr` as `sbyte*`, and function signatures with
//! the signedness of their `signext`/`zeroext` attributes.

use irplay_core::ir::{AttrKind, GlobalId, GlobalKind, Module, Type, TypeId};
use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt;

/// The explicit padding of a struct: bytes before each field, and after the last.
#[derive(Clone, Debug)]
pub(crate) struct Pad {
    before: Vec<u64>,
    tail: u64,
}

thread_local! {
    /// The padding of the structs of the module being converted (see [`set_pads`]).
    static PADS: RefCell<HashMap<TypeId, Pad>> = RefCell::new(HashMap::new());
}

/// Works out which structs of `m` need explicit `[N x ubyte]` padding fields so that, under
/// the data layout of the 1.x `target` lines (`e-p:64:64`: `i64` aligned to 4), their fields
/// sit at the offsets and their size is the one of the module's own data layout.
pub(crate) fn set_pads(m: &Module) -> Result<(), String> {
    use irplay_core::ir::layout::{Class, Layouts};
    let dl = format!(
        "{}-p:{p}:{p}",
        if m.datalayout.big_endian() { "E" } else { "e" },
        p = m.datalayout.pointer_size_bits(0)
    );
    let m2 = Module {
        types: m.types.clone(),
        datalayout: irplay_core::ir::DataLayout::parse(&dl).map_err(|e| format!("{e:?}"))?,
        ..Module::default()
    };
    let (a, b) = (Layouts::new(m), Layouts::new(&m2));
    let mut pads = HashMap::new();
    for i in 0..m.types.len() {
        let t = TypeId::from_u32(i as u32);
        let Class::Struct(fields, offs) = a.class(t) else { continue };
        let mut off = 0u64;
        let mut before = Vec::new();
        for (f, &want) in fields.iter().zip(offs.iter()) {
            let al = b.get(*f).align.max(1);
            let nat = off.div_ceil(al) * al;
            if want < nat {
                return Err(format!(
                    "the layout of {} cannot be padded to the 1.x data layout",
                    irplay_core::text::print_type(m, t)
                ));
            }
            before.push(want - nat);
            off = want + a.get(*f).alloc;
        }
        let tail = a.get(t).alloc.checked_sub(off).ok_or("a struct smaller than its fields")?;
        if tail != 0 || before.iter().any(|&p| p != 0) {
            pads.insert(t, Pad { before, tail });
        }
    }
    PADS.with(|p| *p.borrow_mut() = pads);
    Ok(())
}

fn pad_of(t: TypeId) -> Option<Pad> {
    PADS.with(|p| p.borrow().get(&t).cloned())
}

/// The 1.x fields of struct `t` (field types `ids`), padding included (`true` marks one).
pub(crate) fn padded(m: &Module, t: TypeId, ids: &[TypeId]) -> Result<Vec<(T1, bool)>, String> {
    let pad = pad_of(t);
    let mut v = Vec::new();
    for (i, &f) in ids.iter().enumerate() {
        if let Some(n) = pad.as_ref().and_then(|p| p.before.get(i)).filter(|&&n| n != 0) {
            v.push((T1::Array(*n, Box::new(T1::Int(8, false))), true));
        }
        v.push((mem(m, f)?, false));
    }
    if let Some(n) = pad.as_ref().map(|p| p.tail).filter(|&n| n != 0) {
        v.push((T1::Array(n, Box::new(T1::Int(8, false))), true));
    }
    Ok(v)
}

/// The 1.x field number of field `i` of struct `t` (after its padding fields).
pub(crate) fn field_index(t: TypeId, i: u64) -> u64 {
    match pad_of(t) {
        Some(p) => i + p.before.iter().take(i as usize + 1).filter(|&&n| n != 0).count() as u64,
        None => i,
    }
}

/// The text of padded struct fields.
pub(crate) fn fields_text(f: &[(T1, bool)]) -> String {
    f.iter().map(|(t, _)| t.to_string()).collect::<Vec<_>>().join(", ")
}

/// A 1.x type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum T1 {
    Void,
    Bool,
    /// Width and signedness.
    Int(u32, bool),
    Float,
    Double,
    Ptr(Box<T1>),
    Array(u64, Box<T1>),
    Struct(Vec<T1>),
    /// An identified struct, by its 1.x name (with `%`).
    Named(String),
    Func(Box<T1>, Vec<T1>, bool),
}

impl T1 {
    pub(crate) fn sbyte_ptr() -> T1 {
        T1::Ptr(Box::new(T1::Int(8, true)))
    }
}

impl fmt::Display for T1 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            T1::Void => f.write_str("void"),
            T1::Bool => f.write_str("bool"),
            T1::Int(bits, s) => f.write_str(match (bits, s) {
                (8, true) => "sbyte",
                (8, false) => "ubyte",
                (16, true) => "short",
                (16, false) => "ushort",
                (32, true) => "int",
                (32, false) => "uint",
                (64, true) => "long",
                _ => "ulong",
            }),
            T1::Float => f.write_str("float"),
            T1::Double => f.write_str("double"),
            T1::Ptr(t) => write!(f, "{t}*"),
            T1::Array(n, t) => write!(f, "[{n} x {t}]"),
            T1::Struct(fs) => {
                let v: Vec<String> = fs.iter().map(|t| t.to_string()).collect();
                write!(f, "{{ {} }}", v.join(", "))
            }
            T1::Named(n) => f.write_str(n),
            T1::Func(r, ps, va) => {
                let mut v: Vec<String> = ps.iter().map(|t| t.to_string()).collect();
                if *va {
                    v.push("...".into());
                }
                write!(f, "{r} ({})", v.join(", "))
            }
        }
    }
}

/// The 1.x name of an identified struct.
pub(crate) fn struct_name(m: &Module, t: TypeId) -> Result<String, String> {
    let name = irplay_core::text::print_type(m, t);
    let plain = name.strip_prefix('%').unwrap_or("");
    if plain.is_empty()
        || plain.starts_with(|c: char| c.is_ascii_digit())
        || !plain.chars().all(|c| c.is_ascii_alphanumeric() || "$._-".contains(c))
    {
        return Err(format!("struct name {name} is not a plain 1.x identifier"));
    }
    Ok(name)
}

/// A modern type in memory as a 1.x type: integers signed.
pub(crate) fn mem(m: &Module, t: TypeId) -> Result<T1, String> {
    Ok(match m.types.get(t) {
        Type::Void => T1::Void,
        Type::Int(1) => T1::Bool,
        Type::Int(b @ (8 | 16 | 32 | 64)) => T1::Int(*b, true),
        Type::Int(b) => return Err(format!("i{b} has no 1.x type")),
        Type::Float(k) => match k.name() {
            "float" => T1::Float,
            "double" => T1::Double,
            n => return Err(format!("{n} has no 1.x type")),
        },
        Type::Ptr(0) => T1::sbyte_ptr(),
        Type::Array { len, elem } => T1::Array(*len, Box::new(mem(m, *elem)?)),
        Type::Struct { packed: false, fields } => {
            T1::Struct(padded(m, t, fields)?.into_iter().map(|(t, _)| t).collect())
        }
        Type::Named(_) => T1::Named(struct_name(m, t)?),
        _ => return Err(format!("type {} has no 1.x form", irplay_core::text::print_type(m, t))),
    })
}

/// The field types of a (literal or identified) struct, as 1.x memory types, padding
/// included (`true` marks a padding field).
pub(crate) fn fields(m: &Module, t: TypeId) -> Result<Vec<(T1, bool)>, String> {
    let ids: Vec<TypeId> = match m.types.get(t) {
        Type::Struct { fields, .. } => fields.to_vec(),
        Type::Named(id) => match m.types.named.get(*id).and_then(|n| n.body.as_ref()) {
            Some(b) => b.fields.to_vec(),
            None => return Err("an opaque struct constant".into()),
        },
        _ => return Err("not a struct".into()),
    };
    padded(m, t, &ids)
}

/// True for struct types (where a `getelementptr` index is a field number).
pub(crate) fn is_struct(m: &Module, t: TypeId) -> bool {
    matches!(m.types.get(t), Type::Struct { .. } | Type::Named(_))
}

/// The type a `getelementptr` index (after the first) steps into.
pub(crate) fn step(m: &Module, t: TypeId, i: u64) -> Result<TypeId, String> {
    match m.types.get(t) {
        Type::Array { elem, .. } => Ok(*elem),
        Type::Struct { fields, .. } => {
            fields.get(i as usize).copied().ok_or_else(|| "field index out of range".into())
        }
        Type::Named(id) => m
            .types
            .named
            .get(*id)
            .and_then(|n| n.body.as_ref())
            .and_then(|b| b.fields.get(i as usize).copied())
            .ok_or_else(|| "field index out of range".into()),
        _ => Err(format!("getelementptr into {}", irplay_core::text::print_type(m, t))),
    }
}

/// A function's 1.x signature: parameter and return types, signed unless `zeroext`.
#[derive(Clone, Debug)]
pub(crate) struct Sig {
    pub(crate) ret: T1,
    pub(crate) params: Vec<T1>,
    pub(crate) varargs: bool,
}

impl Sig {
    /// The function type.
    pub(crate) fn fn_ty(&self) -> T1 {
        T1::Func(Box::new(self.ret.clone()), self.params.clone(), self.varargs)
    }
    /// `R %name(T1, T2)` (with parameter names when given).
    pub(crate) fn header(&self, name: &str, names: Option<&[String]>) -> String {
        let mut p: Vec<String> = self
            .params
            .iter()
            .enumerate()
            .map(|(i, t)| match names.and_then(|n| n.get(i)) {
                Some(n) => format!("{t} {n}"),
                None => t.to_string(),
            })
            .collect();
        if self.varargs {
            p.push("...".into());
        }
        format!("{} {name}({})", self.ret, p.join(", "))
    }
}

/// A scalar of a signature, signed unless `unsigned`.
fn scalar(m: &Module, t: TypeId, unsigned: bool) -> Result<T1, String> {
    Ok(match mem(m, t)? {
        T1::Int(b, _) => T1::Int(b, !unsigned),
        t @ (T1::Void | T1::Bool | T1::Float | T1::Double | T1::Ptr(_)) => t,
        other => return Err(format!("{other} passed or returned by value")),
    })
}

/// The 1.x signature of a function type (the declaration's attributes, if any, pick
/// unsigned types for `zeroext`).
pub(crate) fn sig_of(m: &Module, fty: TypeId, f: Option<GlobalId>) -> Result<Sig, String> {
    let Type::Func { ret, params, vararg } = m.types.get(fty) else {
        return Err("a call without a function type".into());
    };
    let func = f.and_then(|g| m.func(g));
    let zext = |s| m.attrs.has(s, AttrKind::ZExt);
    let ret = scalar(m, *ret, func.is_some_and(|f| zext(f.ret_attrs)))?;
    let params = params
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let u = func.and_then(|f| f.params.get(i)).is_some_and(|p| zext(p.attrs));
            scalar(m, p, u)
        })
        .collect::<Result<_, _>>()?;
    Ok(Sig { ret, params, varargs: *vararg })
}

/// The signature of function `g`.
pub(crate) fn sig(m: &Module, g: GlobalId) -> Result<Sig, String> {
    let f = m.func(g).ok_or("not a function")?;
    sig_of(m, f.ty, Some(g))
}

/// The 1.x type of a global's address: `T*` for a variable, `R (A...)*` for a function.
pub(crate) fn global_ptr(m: &Module, g: GlobalId) -> Result<T1, String> {
    let gv = m.globals.get(g).ok_or("no such global")?;
    Ok(T1::Ptr(Box::new(match &gv.kind {
        GlobalKind::Var(v) => mem(m, v.value_ty)?,
        GlobalKind::Func(_) => sig(m, g)?.fn_ty(),
        _ => return Err("an alias or ifunc address".into()),
    })))
}
