//! The specialised metadata records (`!DILocation(...)` and the rest) in bitcode: for each
//! record code, its name and the meaning of each positional operand, so that reading gives
//! the fields the text parser builds from `llvm-dis-19`'s output, and writing gives the
//! operands `llvm-as-19` writes.
//!
//! One table (`table::LAYOUTS`) serves both directions: each field names its operand, how
//! the operand encodes it (`id + 1` references, strings, integers, keywords, flags, bits of
//! operand 0), when LLVM 19's printer prints it, and the operand a missing field gets.
//! `DIEnumerator`, `DIExpression`, `GenericDINode` and the older `DISubrange` layouts have code
//! of their own (`special`); layouts written by LLVM 15 to 18 (and older ones where LLVM 19
//! still reads them) are first brought to LLVM 19's (`special::normalize`).
//!
//! Integers that the text gives as plain numbers but bitcode stores as metadata
//! (`DISubrange(count: 7)` is a reference to `i64 7`, `DIGenericSubrange(count: 7)` one to
//! `!DIExpression(DW_OP_consts, 7)`, `DICompositeType(rank: 2)` like `DISubrange`) are
//! [`Implicit`] operands: [`implicit_operands`] lists them so the writer can number them, and
//! [`encode_with`] takes their numbering.
//!
//! For the reader: a `DIGenericSubrange` bound is recognised as an integer only when the
//! expression it refers to is already decoded in the module (LLVM writes operands before
//! their users, and expressions are never in cycles). `DIArgList` (`METADATA_ARG_LIST`) is not
//! a record here: it only exists as a function-local call or debug-record operand.

mod dwarf;
mod keywords;
mod special;
mod table;
#[cfg(test)]
mod tests;

use crate::ir::constants::{ConstId, ConstKind};
use crate::ir::metadata::{MdField, MdNode, MdNodeKind, MdRecordField, Metadata};
use crate::ir::{MdId, Module, Symbol};
use keywords::{name_of, parse_flags, parse_int, parse_uint, value_of};
use table::{Show, Slot, Ty};

/// How the reader turns a metadata reference into [`Metadata`]: `resolve(id)` for an
/// operand holding `id + 1` (`0` is null, handled here).
pub type Resolve<'r> = &'r dyn Fn(u64) -> Option<Metadata>;

/// How the writer numbers metadata: the id (not plus one) of an operand.
pub type Number<'r> = &'r dyn Fn(Metadata) -> Option<u64>;

/// Metadata a record refers to in bitcode that the text writes as a plain integer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Implicit {
    /// The constant `i64 v` as metadata (`METADATA_VALUE`): `DISubrange` bounds,
    /// `DICompositeType`'s `rank`.
    I64(i64),
    /// `!DIExpression(DW_OP_consts, v)`, uniqued: `DIGenericSubrange` bounds.
    ConstsExpr(i64),
}

/// True when `code` is a specialised record's code (`METADATA_LOCATION`, ...).
pub fn is_record_code(code: u32) -> bool {
    use crate::bitcode::codes::metadata as c;
    matches!(code, c::METADATA_ENUMERATOR | c::METADATA_EXPRESSION | c::METADATA_GENERIC_DEBUG)
        || table::by_code(code).is_some()
}

/// Reads a specialised record: `(distinct, the node)`.
///
/// References resolve through `resolve`; a `DIGenericSubrange` bound prints as an integer
/// when the expression it refers to is already in `m` (LLVM writes operands first), and a
/// `DISubrange` bound when the constant it refers to is an integer of `m`'s pool. Nodes the
/// record implies (`GenericDINode`'s operand list, the empty expression a null
/// `DIGlobalVariableExpression` `expr` stands for) are added to `m`.
///
/// # Errors
/// A record of the wrong length or version, a reference `resolve` does not know, a string
/// operand that is not a string, a value out of LLVM's range.
pub fn decode(
    code: u32,
    ops: &[u64],
    m: &mut Module,
    resolve: Resolve<'_>,
) -> Result<(bool, MdNodeKind), String> {
    use crate::bitcode::codes::metadata as c;
    match code {
        c::METADATA_ENUMERATOR => return special::decode_enumerator(ops, m, resolve),
        c::METADATA_EXPRESSION => return special::decode_expression(ops, m),
        c::METADATA_GENERIC_DEBUG => return special::decode_generic(ops, m, resolve),
        c::METADATA_SUBRANGE if ops.first().is_some_and(|op0| op0 >> 1 < 2) => {
            return special::decode_old_subrange(ops, m, resolve)
        }
        _ => {}
    }
    let layout = table::by_code(code).ok_or_else(|| format!("unknown record code {code}"))?;
    let (distinct, ops) = special::normalize(layout, ops)?;
    let mut fields = Vec::with_capacity(layout.slots.len());
    for slot in layout.slots {
        if let Some(value) = decode_slot(slot, &ops, m, resolve)? {
            fields.push(MdRecordField { name: Some(m.symbols.intern(slot.name)), value });
        }
    }
    let name = m.symbols.intern(layout.name);
    Ok((distinct, MdNodeKind::Record { name, fields: fields.into() }))
}

/// One field's value from the (normalized) operands, `None` where LLVM 19 does not print it.
fn decode_slot(
    slot: &Slot,
    ops: &[u64],
    m: &mut Module,
    resolve: Resolve<'_>,
) -> Result<Option<MdField>, String> {
    let op = |i: usize| ops.get(i).copied().unwrap_or(0);
    let raw = op(slot.op);
    let shown = match slot.show {
        Show::Nonzero | Show::NonNull => raw != 0,
        Show::Always => true,
        Show::Unless(v) => raw != v,
        Show::Checksum => op(3) != 0 && op(4) != 0,
        Show::VirtualIndex => op(9) & 3 != 0 || op(10) as u32 != 0,
        Show::PtrAuth => op(1) as u16 as u64 == table::TAG_PTRAUTH,
        Show::Never => false,
    };
    if !shown {
        return Ok(None);
    }
    let value = match slot.ty {
        Ty::Md => md_field(resolve_ref(raw, resolve)?),
        Ty::MdRaw => md_field(resolve(raw).ok_or_else(|| bad_ref(raw))?),
        Ty::ExprOrEmpty => match raw {
            0 => MdField::Md(Metadata::Node(empty_expression(m))),
            _ => md_field(resolve_ref(raw, resolve)?),
        },
        Ty::Str => {
            let s = string_ref(raw, m, resolve)?;
            if slot.show == Show::Nonzero && m.symbols.get(s).is_empty() {
                return Ok(None);
            }
            MdField::Str(s)
        }
        Ty::U(bits) => {
            let v = if bits >= 64 { raw } else { raw & ((1u64 << bits) - 1) };
            if slot.show == Show::Nonzero && v == 0 {
                return Ok(None);
            }
            int_field(m, v)
        }
        Ty::Column => {
            // LLVM sets a column that does not fit in 16 bits to 0 (then not printed).
            if raw >= 1 << 16 && slot.show == Show::Nonzero {
                return Ok(None);
            }
            int_field(m, if raw >= 1 << 16 { 0 } else { raw })
        }
        Ty::I32 => {
            let v = raw as u32 as i32;
            if v == 0 {
                return Ok(None);
            }
            MdField::Int(m.symbols.intern(&v.to_string()))
        }
        Ty::Bool => words(m, if raw != 0 { "true" } else { "false" }),
        Ty::Bit(n) => {
            let v = raw >> n & 1;
            if let Show::Unless(d) = slot.show {
                if v == d {
                    return Ok(None);
                }
            }
            words(m, if v != 0 { "true" } else { "false" })
        }
        Ty::Key(table) => {
            let v = match slot.name {
                "tag" => raw as u16 as u64,
                _ => raw as u32 as u64,
            };
            match name_of(table, v) {
                Some(n) => words(m, n),
                None => int_field(m, v),
            }
        }
        Ty::Flags => flags_field(m, keywords::split_di_flags(raw as u32)),
        Ty::SpFlags => flags_field(m, keywords::split_sp_flags(raw as u32)),
        Ty::Emission => keyword(m, keywords::EMISSION_KINDS, raw, "emission kind")?,
        Ty::NameTable => keyword(m, keywords::NAME_TABLE_KINDS, raw, "name-table kind")?,
        Ty::Checksum => keyword(m, keywords::CHECKSUM_KINDS, raw, "checksum kind")?,
        Ty::Bound => bound_field(resolve_ref(raw, resolve)?, m),
        Ty::GenericBound => generic_bound_field(resolve_ref(raw, resolve)?, m),
        Ty::AddrSpace => int_field(m, (raw - 1) & u64::from(u32::MAX)),
        Ty::PtrAuth(part) => {
            let (shift, mask) = part.bits();
            let v = raw >> shift & mask;
            if part.is_bool() {
                words(m, if v != 0 { "true" } else { "false" })
            } else if v == 0 {
                return Ok(None);
            } else {
                int_field(m, v)
            }
        }
    };
    Ok(Some(value))
}

fn int_field(m: &mut Module, v: u64) -> MdField {
    // In decimal, without a string allocated for each field.
    let mut buf = [b'0'; 20];
    let (mut at, mut v) = (buf.len(), v);
    while let Some(d) = at.checked_sub(1).and_then(|i| buf.get_mut(i)) {
        *d = b'0' + (v % 10) as u8;
        at -= 1;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    MdField::Int(
        m.symbols.intern(std::str::from_utf8(buf.get(at..).unwrap_or(b"0")).unwrap_or("0")),
    )
}

fn bad_ref(raw: u64) -> String {
    format!("metadata reference {raw} is out of range")
}

/// The metadata an `id + 1` operand refers to (`Null` for 0).
fn resolve_ref(raw: u64, resolve: Resolve<'_>) -> Result<Metadata, String> {
    match raw {
        0 => Ok(Metadata::Null),
        _ => resolve(raw - 1).ok_or_else(|| bad_ref(raw - 1)),
    }
}

/// The string an `id + 1` operand refers to (the empty string for 0).
fn string_ref(raw: u64, m: &mut Module, resolve: Resolve<'_>) -> Result<Symbol, String> {
    match resolve_ref(raw, resolve)? {
        Metadata::Null => Ok(m.symbols.intern("")),
        Metadata::String(s) => Ok(s),
        _ => Err(format!("metadata {} is not a string", raw - 1)),
    }
}

/// A reference as the parser stores it: typed values as [`MdField::Value`].
fn md_field(md: Metadata) -> MdField {
    match md {
        Metadata::Value(c) => MdField::Value(c),
        other => MdField::Md(other),
    }
}

fn words(m: &mut Module, w: &str) -> MdField {
    MdField::Words(m.symbols.intern(w))
}

/// Flag parts as the parser stores them: one integer alone is an `Int`, anything else `Words`.
fn flags_field(m: &mut Module, parts: Vec<String>) -> MdField {
    match parts.as_slice() {
        [one] if one.bytes().all(|b| b.is_ascii_digit()) => MdField::Int(m.symbols.intern(one)),
        _ => MdField::Words(m.symbols.intern(&parts.join(" | "))),
    }
}

fn keyword(
    m: &mut Module,
    table: &[(u32, &'static str)],
    raw: u64,
    what: &str,
) -> Result<MdField, String> {
    let n = name_of(table, raw).ok_or_else(|| format!("invalid {what} {raw}"))?;
    Ok(words(m, n))
}

/// A new empty `!DIExpression()` node (what a null `DIGlobalVariableExpression` expression
/// reads as).
fn empty_expression(m: &mut Module) -> MdId {
    let name = m.symbols.intern("DIExpression");
    m.metadata.push(MdNode {
        distinct: false,
        kind: MdNodeKind::Record { name, fields: Box::new([]) },
        number: None,
    })
}

/// The integer of an integer constant (sign-extended, as `getSExtValue`).
fn const_int_text(m: &Module, c: ConstId) -> Option<String> {
    if !m.consts.is_valid(c) {
        return None;
    }
    match m.consts.kind(c) {
        ConstKind::Int(v) => Some(v.to_signed_string()),
        _ => None,
    }
}

/// A `DISubrange`/`DICompositeType` bound: integer constants print as integers.
fn bound_field(md: Metadata, m: &mut Module) -> MdField {
    if let Metadata::Value(c) = md {
        if let Some(t) = const_int_text(m, c) {
            return MdField::Int(m.symbols.intern(&t));
        }
    }
    md_field(md)
}

/// A `DIGenericSubrange` bound: a signed-constant expression prints as its integer.
fn generic_bound_field(md: Metadata, m: &mut Module) -> MdField {
    if let Metadata::Node(id) = md {
        if let Some(v) = m.metadata.nodes.get(id).and_then(|n| special::signed_constant(n, m)) {
            return MdField::Int(m.symbols.intern(&v.to_string()));
        }
    }
    md_field(md)
}

/// Writes a specialised record (`kind` is an [`MdNodeKind::Record`]): `(code, operands)`.
/// `consts` numbers constants (for `DIArgList`'s and template parameters' values).
///
/// Integers that bitcode stores as metadata ([`Implicit`]) are numbered by looking for the
/// `i64` constant in `m`'s pool, or the uniqued `DIExpression(DW_OP_consts, N)` among `m`'s
/// nodes; a writer that makes them itself should call [`encode_with`].
///
/// # Errors
/// A record this table does not know, an unknown field, a value of the wrong kind or range,
/// metadata `number` does not know.
pub fn encode(
    distinct: bool,
    kind: &MdNodeKind,
    m: &Module,
    number: Number<'_>,
    consts: &dyn Fn(ConstId) -> Option<u64>,
) -> Result<(u32, Vec<u64>), String> {
    // Values inside records are metadata (`ValueAsMetadata`), numbered by `number`.
    let _ = consts;
    encode_with(distinct, kind, m, number, &|imp| find_implicit(imp, m, number))
}

/// The fallback numbering of [`Implicit`] operands: the matching constant or node of `m`.
fn find_implicit(imp: Implicit, m: &Module, number: Number<'_>) -> Option<u64> {
    match imp {
        Implicit::I64(v) => {
            let (c, _) = m.consts.iter().find(|(_, d)| {
                m.types.int_bits(d.ty) == Some(64)
                    && matches!(&d.kind, ConstKind::Int(x) if x.low_u64() == v as u64)
            })?;
            number(Metadata::Value(c))
        }
        Implicit::ConstsExpr(v) => {
            let (id, _) = m.metadata.nodes.iter().find(|(_, n)| {
                !n.distinct && special::expression_elements(n, m) == Some(vec![0x11, v as u64])
            })?;
            number(Metadata::Node(id))
        }
    }
}

/// The [`Implicit`] operands the record needs, in operand order.
pub fn implicit_operands(kind: &MdNodeKind, m: &Module) -> Vec<Implicit> {
    let MdNodeKind::Record { name, fields } = kind else { return Vec::new() };
    let Some(layout) = table::by_name(m.symbols.get(*name)) else { return Vec::new() };
    let mut out = Vec::new();
    for slot in layout.slots {
        let Some(field) =
            fields.iter().find(|f| f.name.map(|n| m.symbols.get(n)) == Some(slot.name))
        else {
            continue;
        };
        let MdField::Int(t) = field.value else { continue };
        let Some(v) = parse_int(m.symbols.get(t)) else { continue };
        match slot.ty {
            Ty::Bound => out.push(Implicit::I64(v)),
            Ty::GenericBound => out.push(Implicit::ConstsExpr(v)),
            _ => {}
        }
    }
    out
}

/// [`encode`] with the numbering of [`Implicit`] operands given.
///
/// # Errors
/// As [`encode`].
pub fn encode_with(
    distinct: bool,
    kind: &MdNodeKind,
    m: &Module,
    number: Number<'_>,
    implicit: &dyn Fn(Implicit) -> Option<u64>,
) -> Result<(u32, Vec<u64>), String> {
    use crate::bitcode::codes::metadata as c;
    let MdNodeKind::Record { name, fields } = kind else {
        return Err("not a specialised record".into());
    };
    let name = m.symbols.get(*name);
    match name {
        "DIEnumerator" => return special::encode_enumerator(distinct, fields, m, number),
        "DIExpression" => return special::encode_expression(distinct, fields, m),
        "GenericDINode" => return special::encode_generic(distinct, fields, m, number),
        _ => {}
    }
    let layout = table::by_name(name).ok_or_else(|| format!("!{name} has no bitcode record"))?;
    let mut ops = vec![0u64; layout.len];
    if let Some(op0) = ops.first_mut() {
        *op0 = u64::from(distinct) | layout.bits;
    }
    for slot in layout.slots {
        set_op(&mut ops, slot, slot.default);
    }
    let mut legacy_sp = [None::<u64>; 4]; // isLocal, isDefinition, isOptimized, virtuality
    for field in fields.iter() {
        let fname = field.name.map(|n| m.symbols.get(n)).unwrap_or("");
        let Some(slot) = layout.slots.iter().find(|s| s.name == fname) else {
            if layout.code == c::METADATA_SUBPROGRAM {
                if let Some(i) = ["isLocal", "isDefinition", "isOptimized", "virtuality"]
                    .iter()
                    .position(|n| *n == fname)
                {
                    legacy_sp[i] =
                        Some(encode_value(slot_for_legacy(i), &field.value, m, number, implicit)?);
                    continue;
                }
            }
            return Err(format!("!{name} has no field '{fname}'"));
        };
        let v = encode_value(slot, &field.value, m, number, implicit)
            .map_err(|e| format!("!{name} field '{fname}': {e}"))?;
        set_op(&mut ops, slot, v);
    }
    let op = |ops: &[u64], i: usize| ops.get(i).copied().unwrap_or(0);
    let set = |ops: &mut Vec<u64>, i: usize, v: u64| {
        if let Some(x) = ops.get_mut(i) {
            *x = v;
        }
    };
    let has = |n: &str| fields.iter().any(|f| f.name.map(|x| m.symbols.get(x)) == Some(n));
    match layout.code {
        c::METADATA_COMPILE_UNIT => set(&mut ops, 0, 1),
        c::METADATA_FILE if op(&ops, 5) == 0 => ops.truncate(5),
        c::METADATA_DERIVED_TYPE => {
            // LLVM 19 keeps the packed pointer authentication (made when `ptrAuthKey:` is
            // given) where it keeps the alignment: for a tag other than
            // `DW_TAG_LLVM_ptrauth_type` it writes it as the alignment instead.
            if has("ptrAuthKey") && op(&ops, 1) != table::TAG_PTRAUTH {
                let packed = op(&ops, 14);
                set(&mut ops, 8, packed);
            }
            // Pointer authentication is written only for its tag, and only with a key.
            if op(&ops, 1) != table::TAG_PTRAUTH || op(&ops, 14) & 0xf == 0 {
                set(&mut ops, 14, 0);
            }
        }
        c::METADATA_SUBPROGRAM if !has("spFlags") => {
            let [local, def, opt, virt] = legacy_sp;
            let sp = (virt.unwrap_or(0) & 3)
                | (local.unwrap_or(0) << 2)
                | (def.unwrap_or(1) << 3)
                | (opt.unwrap_or(0) << 4);
            set(&mut ops, 9, sp);
        }
        _ => {}
    }
    Ok((layout.code, ops))
}

/// The slots of `DISubprogram`'s pre-`spFlags` fields (for their value's kind only).
fn slot_for_legacy(i: usize) -> &'static Slot {
    const BOOL: Slot = Slot { name: "", op: 0, ty: Ty::Bool, show: Show::Always, default: 0 };
    const VIRT: Slot =
        Slot { name: "", op: 0, ty: Ty::Key(VIRTUALITIES), show: Show::Always, default: 0 };
    if i == 3 {
        &VIRT
    } else {
        &BOOL
    }
}

/// `DW_VIRTUALITY_*`.
const VIRTUALITIES: &[(u32, &str)] =
    &[(0, "DW_VIRTUALITY_none"), (1, "DW_VIRTUALITY_virtual"), (2, "DW_VIRTUALITY_pure_virtual")];

/// Stores a field's operand value (bits of operand 0 and pointer-authentication parts are
/// or-ed in).
fn set_op(ops: &mut [u64], slot: &Slot, v: u64) {
    let Some(op) = ops.get_mut(slot.op) else { return };
    match slot.ty {
        Ty::Bit(n) => *op = (*op & !(1 << n)) | ((v & 1) << n),
        Ty::PtrAuth(part) => {
            let (shift, mask) = part.bits();
            *op = (*op & !(mask << shift)) | ((v & mask) << shift);
        }
        _ => *op = v,
    }
}

/// The operand value of one field.
fn encode_value(
    slot: &Slot,
    value: &MdField,
    m: &Module,
    number: Number<'_>,
    implicit: &dyn Fn(Implicit) -> Option<u64>,
) -> Result<u64, String> {
    let syms = &m.symbols;
    let text = || match value {
        MdField::Int(s) | MdField::Words(s) => Ok(syms.get(*s)),
        _ => Err("expected an integer or keyword".to_string()),
    };
    let md_ref = |md: Metadata| -> Result<u64, String> {
        match md {
            Metadata::Null => Ok(0),
            other => {
                number(other).map(|id| id + 1).ok_or_else(|| "unnumbered metadata".to_string())
            }
        }
    };
    let reference = || -> Result<u64, String> {
        match value {
            MdField::Md(md) => md_ref(*md),
            MdField::Value(c) => md_ref(Metadata::Value(*c)),
            _ => Err("expected metadata".into()),
        }
    };
    let uint = |max: u64| -> Result<u64, String> {
        let t = text()?;
        parse_uint(t).filter(|v| *v <= max).ok_or_else(|| format!("bad integer '{t}'"))
    };
    match slot.ty {
        Ty::Md | Ty::ExprOrEmpty => reference(),
        Ty::MdRaw => match value {
            MdField::Md(md) if *md != Metadata::Null => {
                number(*md).ok_or_else(|| "unnumbered metadata".to_string())
            }
            _ => Err("expected metadata".into()),
        },
        Ty::Str => match value {
            MdField::Str(s) if syms.get(*s).is_empty() => Ok(0),
            MdField::Str(s) => md_ref(Metadata::String(*s)),
            _ => Err("expected a string".into()),
        },
        Ty::U(bits) => uint(if bits >= 64 { u64::MAX } else { (1 << bits) - 1 }),
        Ty::Column => uint(u64::from(u16::MAX)),
        Ty::AddrSpace => uint(u64::from(u32::MAX)).map(|v| v + 1),
        Ty::I32 => {
            let t = text()?;
            let v = parse_int(t).filter(|v| i32::try_from(*v).is_ok());
            v.map(|v| v as u64).ok_or_else(|| format!("bad integer '{t}'"))
        }
        Ty::Bool | Ty::Bit(_) => match text()? {
            "true" => Ok(1),
            "false" => Ok(0),
            t => Err(format!("expected true or false, not '{t}'")),
        },
        Ty::PtrAuth(part) => match text()? {
            "true" => Ok(1),
            "false" => Ok(0),
            t if !part.is_bool() => parse_uint(t).ok_or_else(|| format!("bad integer '{t}'")),
            t => Err(format!("expected true or false, not '{t}'")),
        },
        Ty::Key(table) => key_value(table, text()?),
        Ty::Emission => key_value(keywords::EMISSION_KINDS, text()?),
        Ty::NameTable => key_value(keywords::NAME_TABLE_KINDS, text()?),
        Ty::Checksum => key_value(keywords::CHECKSUM_KINDS, text()?),
        Ty::Flags => parse_flags(text()?, false),
        Ty::SpFlags => parse_flags(text()?, true),
        Ty::Bound | Ty::GenericBound => match value {
            MdField::Int(s) => {
                let t = syms.get(*s);
                let v = parse_int(t).ok_or_else(|| format!("bad integer '{t}'"))?;
                let imp =
                    if slot.ty == Ty::Bound { Implicit::I64(v) } else { Implicit::ConstsExpr(v) };
                implicit(imp).map(|id| id + 1).ok_or_else(|| format!("no metadata for {imp:?}"))
            }
            _ => reference(),
        },
    }
}

/// A keyword of `table` or a number.
fn key_value(table: &[(u32, &str)], t: &str) -> Result<u64, String> {
    value_of(table, t).or_else(|| parse_uint(t)).ok_or_else(|| format!("unknown keyword '{t}'"))
}
