//! The records that do not fit the table: `DIEnumerator` (an arbitrary-width integer),
//! `DIExpression` (a list of DWARF operations), `GenericDINode` (a list of operands), the
//! `DISubrange` layouts before LLVM 7; and [`normalize`], which brings the layouts older LLVMs
//! wrote to LLVM 19's, the way LLVM 19's `MetadataLoader` reads them.

use super::dwarf::{ENCODINGS, OPS, TAGS};
use super::keywords::{lex_apsint, name_of, parse_uint, value_of};
use super::table::Layout;
use super::{md_field, resolve_ref, string_ref, Number, Resolve};
use crate::bitcode::codes::metadata as c;
use crate::ir::apint::ApInt;
use crate::ir::metadata::{MdField, MdNode, MdNodeKind, MdRecordField, Metadata};
use crate::ir::Module;

fn len_error(layout_name: &str, n: usize) -> String {
    format!("invalid !{layout_name} record ({n} operands)")
}

/// `(distinct, operands in LLVM 19's layout)` for a record of a table layout.
pub(super) fn normalize(layout: &Layout, ops: &[u64]) -> Result<(bool, Vec<u64>), String> {
    let n = ops.len();
    let bad = || len_error(layout.name, n);
    let op0 = *ops.first().ok_or_else(bad)?;
    let mut v = ops.to_vec();
    let pad = |v: &mut Vec<u64>, len: usize| v.resize(len.max(v.len()), 0);
    // Most records read `distinct` as "operand 0 is not zero"; those with version bits as bit 0.
    let mut distinct = op0 != 0;
    let at = |i: usize| ops.get(i).copied().unwrap_or(0);
    match layout.code {
        c::METADATA_LOCATION if (5..=6).contains(&n) => pad(&mut v, 6),
        c::METADATA_BASIC_TYPE if (6..=7).contains(&n) => pad(&mut v, 7),
        c::METADATA_STRING_TYPE if n == 8 => v.insert(5, 0),
        c::METADATA_STRING_TYPE if n == 9 => {}
        c::METADATA_DERIVED_TYPE if (12..=15).contains(&n) => {
            // LLVM 19 reads annotations and pointer authentication only when both operands
            // are there (both have been operand 13 at some time).
            if n < 15 {
                v.truncate(13);
            }
            pad(&mut v, 15);
        }
        c::METADATA_COMPOSITE_TYPE if (16..=22).contains(&n) => {
            distinct = op0 & 1 != 0;
            pad(&mut v, 22);
        }
        c::METADATA_SUBROUTINE_TYPE if (3..=4).contains(&n) => {
            distinct = op0 & 1 != 0;
            pad(&mut v, 4);
        }
        c::METADATA_FILE if (3..=6).contains(&n) => pad(&mut v, 5),
        c::METADATA_COMPILE_UNIT if (14..=22).contains(&n) => {
            distinct = true;
            let defaults = [0u64, 0, 1, 0, 0, 0, 0, 0];
            for (i, d) in defaults.iter().enumerate().skip(n.saturating_sub(14)) {
                let _ = i;
                v.push(*d);
            }
        }
        c::METADATA_SUBPROGRAM if (18..=21).contains(&n) => return subprogram(ops),
        c::METADATA_LEXICAL_BLOCK if n == 5 => {}
        c::METADATA_LEXICAL_BLOCK_FILE if n == 4 => {}
        c::METADATA_COMMON_BLOCK if n == 6 => distinct = op0 & 1 != 0,
        c::METADATA_NAMESPACE if n == 3 || n == 5 => {
            distinct = op0 & 1 != 0;
            if n == 5 {
                v = vec![op0, at(1), at(3)];
            }
        }
        c::METADATA_MODULE if (5..=9).contains(&n) => {
            if n < 8 {
                v = vec![op0, 0, at(1), at(2), at(3), at(4), at(5), 0, 0];
            }
            pad(&mut v, 9);
        }
        c::METADATA_MACRO | c::METADATA_MACRO_FILE | c::METADATA_LABEL if n == 5 => {
            if layout.code == c::METADATA_LABEL {
                distinct = op0 & 1 != 0;
            }
        }
        c::METADATA_TEMPLATE_TYPE if (3..=4).contains(&n) => pad(&mut v, 4),
        c::METADATA_TEMPLATE_VALUE if (5..=6).contains(&n) => {
            if n == 5 {
                v.insert(4, 0);
            }
        }
        c::METADATA_GLOBAL_VAR if (12..=13).contains(&n) => {
            distinct = op0 & 1 != 0;
            match op0 >> 1 {
                2 => pad(&mut v, 13),
                1 => {
                    // Version 1 kept the variable or constant at 9 (now in the
                    // DIGlobalVariableExpression); the declaration is at 10.
                    v = (0..9).map(at).collect();
                    v.extend([at(10), 0, at(11), 0]);
                }
                _ => {
                    return Err(
                        "a DIGlobalVariable of LLVM 3.9 or older (version 0) is not read".into()
                    )
                }
            }
        }
        c::METADATA_LOCAL_VAR if (8..=10).contains(&n) => {
            distinct = op0 & 1 != 0;
            let has_align = op0 & 2 != 0;
            let t = usize::from(!has_align && n > 8);
            let (align, annotations) = if has_align { (at(8), at(9)) } else { (0, 0) };
            v = vec![op0, at(1 + t), at(2 + t), at(3 + t), at(4 + t), at(5 + t), at(6 + t)];
            v.extend([at(7 + t), align, annotations]);
        }
        c::METADATA_GLOBAL_VAR_EXPR if n == 3 => {}
        c::METADATA_OBJC_PROPERTY if n == 8 => {}
        c::METADATA_IMPORTED_ENTITY if (6..=8).contains(&n) => {
            if n == 6 {
                if let Some(line) = v.get_mut(4) {
                    *line = 0; // without a file, LLVM reads no line either
                }
            }
            pad(&mut v, 8);
        }
        c::METADATA_SUBRANGE if n == 5 => distinct = op0 & 1 != 0,
        c::METADATA_GENERIC_SUBRANGE if n == 5 => distinct = op0 & 1 != 0,
        c::METADATA_ASSIGN_ID if n == 1 => {
            distinct = op0 & 1 != 0;
            if !distinct {
                return Err("a DIAssignID must be distinct".into());
            }
        }
        _ => return Err(bad()),
    }
    if let Some(x) = v.first_mut() {
        let keep = if layout.code == c::METADATA_NAMESPACE { op0 & 2 } else { 0 };
        *x = u64::from(distinct) | layout.bits | keep;
    }
    Ok((distinct, v))
}

/// `DISubprogram` in any layout since LLVM 3.9 brought to LLVM 19's.
fn subprogram(ops: &[u64]) -> Result<(bool, Vec<u64>), String> {
    let n = ops.len();
    let at = |i: usize| ops.get(i).copied().unwrap_or(0);
    let op0 = at(0);
    let has_sp_flags = op0 & 4 != 0;
    let has_unit = op0 & 2 != 0;
    if (has_sp_flags && !has_unit) || (!has_sp_flags && has_unit && n < 19) {
        return Err(len_error("DISubprogram", n));
    }
    const MAIN_SUBPROGRAM: u64 = 1 << 21;
    let (mut flags, mut sp_flags) = if has_sp_flags { (at(11), at(9)) } else { (at(13), 0) };
    let old_main = flags & MAIN_SUBPROGRAM != 0;
    flags &= !MAIN_SUBPROGRAM;
    if has_sp_flags {
        if old_main {
            sp_flags |= 1 << 8;
        }
    } else {
        sp_flags = (at(11) & 3)
            | (u64::from(at(7) != 0) << 2)
            | (u64::from(at(8) != 0) << 3)
            | (u64::from(at(14) != 0) << 4)
            | (u64::from(old_main) << 8);
    }
    let distinct = op0 & 1 != 0 || sp_flags & (1 << 3) != 0;
    let (a, mut b) = if has_sp_flags { (0, 0) } else { (2, 2) };
    let (mut this_adj, mut thrown, mut annotations, mut target) = (true, true, false, false);
    if !has_sp_flags {
        if n >= 19 {
            b += 1;
        }
        this_adj = n >= 20;
        thrown = n >= 21;
    } else {
        annotations = n >= 19;
        target = n >= 20;
    }
    let unit = if has_unit { at(12 + b) } else { 0 };
    let v = vec![
        u64::from(distinct) | 6,
        at(1),
        at(2),
        at(3),
        at(4),
        at(5),
        at(6),
        at(7 + a),
        at(8 + a),
        sp_flags,
        at(10 + a),
        flags,
        unit,
        at(13 + b),
        at(14 + b),
        at(15 + b),
        if this_adj { at(16 + b) } else { 0 },
        if thrown { at(17 + b) } else { 0 },
        if annotations { at(18 + b) } else { 0 },
        if target { at(19 + b) } else { 0 },
    ];
    Ok((distinct, v))
}

fn intern_field(m: &mut Module, name: &str, value: MdField) -> MdRecordField {
    MdRecordField { name: Some(m.symbols.intern(name)), value }
}

fn record(m: &mut Module, name: &str, fields: Vec<MdRecordField>) -> MdNodeKind {
    MdNodeKind::Record { name: m.symbols.intern(name), fields: fields.into() }
}

/// LLVM's signed VBR operands: the sign in bit 0 (`-0` is the minimum).
fn unrotate(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        ((v >> 1) as i64).wrapping_neg()
    } else {
        i64::MIN
    }
}

fn rotate(v: i64) -> u64 {
    if v >= 0 {
        (v as u64) << 1
    } else {
        (v.wrapping_neg() as u64) << 1 | 1
    }
}

/// `DISubrange` versions 0 (count and lower bound as integers) and 1 (count a reference).
pub(super) fn decode_old_subrange(
    ops: &[u64],
    m: &mut Module,
    resolve: Resolve<'_>,
) -> Result<(bool, MdNodeKind), String> {
    let [op0, count, lower] = *ops else { return Err(len_error("DISubrange", ops.len())) };
    let count = if op0 >> 1 == 0 {
        MdField::Int(m.symbols.intern(&(count as i64).to_string()))
    } else {
        match resolve_ref(count, resolve)? {
            Metadata::Null => MdField::Md(Metadata::Null),
            md => super::bound_field(md, m),
        }
    };
    let mut fields = Vec::new();
    if count != MdField::Md(Metadata::Null) {
        fields.push(intern_field(m, "count", count));
    }
    let lower = MdField::Int(m.symbols.intern(&unrotate(lower).to_string()));
    fields.push(intern_field(m, "lowerBound", lower));
    Ok((op0 & 1 != 0, record(m, "DISubrange", fields)))
}

/// `DIEnumerator`: `[distinct | unsigned << 1 | wide << 2, width, name, words...]`, or before
/// LLVM 8 `[distinct | unsigned << 1, value, name]`.
pub(super) fn decode_enumerator(
    ops: &[u64],
    m: &mut Module,
    resolve: Resolve<'_>,
) -> Result<(bool, MdNodeKind), String> {
    let (op0, w, name) = match ops {
        [a, b, c, ..] => (*a, *b, *c),
        _ => return Err(len_error("DIEnumerator", ops.len())),
    };
    let unsigned = op0 & 2 != 0;
    let text = if op0 & 4 != 0 {
        let words: Vec<u64> =
            ops.get(3..).unwrap_or(&[]).iter().map(|&x| unrotate(x) as u64).collect();
        let width = u32::try_from(w).ok().filter(|w| *w > 0 && *w <= 1 << 23);
        let width = width.ok_or_else(|| format!("invalid DIEnumerator width {w}"))?;
        if words.is_empty() {
            return Err(len_error("DIEnumerator", ops.len()));
        }
        // Bits past the words given are zero: a width beyond them cannot be negative.
        let held = u32::try_from(words.len()).unwrap_or(u32::MAX).saturating_mul(64);
        let v = ApInt::from_words(width.min(held), &words);
        if unsigned || width > held {
            v.to_unsigned_string()
        } else {
            v.to_signed_string()
        }
    } else if unsigned {
        (unrotate(w) as u64).to_string()
    } else {
        unrotate(w).to_string()
    };
    let name = string_ref(name, m, resolve)?;
    let mut fields = vec![
        intern_field(m, "name", MdField::Str(name)),
        MdRecordField {
            name: Some(m.symbols.intern("value")),
            value: MdField::Int(m.symbols.intern(&text)),
        },
    ];
    if unsigned {
        let t = MdField::Words(m.symbols.intern("true"));
        fields.push(intern_field(m, "isUnsigned", t));
    }
    Ok((op0 & 1 != 0, record(m, "DIEnumerator", fields)))
}

fn field<'a>(fields: &'a [MdRecordField], m: &Module, name: &str) -> Option<&'a MdField> {
    fields.iter().find(|f| f.name.map(|n| m.symbols.get(n)) == Some(name)).map(|f| &f.value)
}

/// `DIEnumerator` as `llvm-as-19` writes it: the value with the width LLVM's lexer gives it.
pub(super) fn encode_enumerator(
    distinct: bool,
    fields: &[MdRecordField],
    m: &Module,
    number: Number<'_>,
) -> Result<(u32, Vec<u64>), String> {
    let unsigned = matches!(field(fields, m, "isUnsigned"), Some(MdField::Words(w)) if m.symbols.get(*w) == "true");
    let Some(MdField::Int(v)) = field(fields, m, "value") else {
        return Err("!DIEnumerator needs an integer value".into());
    };
    let (mut v, lexed_unsigned) =
        lex_apsint(m.symbols.get(*v)).ok_or("!DIEnumerator value is not an integer")?;
    if unsigned && !lexed_unsigned && v.is_negative() {
        return Err("unsigned enumerator with negative value".into());
    }
    if !unsigned && lexed_unsigned && v.is_negative() {
        v = v.zext(v.width() + 1);
    }
    let name = match field(fields, m, "name") {
        Some(MdField::Str(s)) if m.symbols.get(*s).is_empty() => 0,
        Some(MdField::Str(s)) => number(Metadata::String(*s)).ok_or("unnumbered string")? + 1,
        _ => return Err("!DIEnumerator needs a name".into()),
    };
    let active = v.active_bits();
    let n_words = if active == 0 { 1 } else { (active as usize).div_ceil(64) };
    let mut ops =
        vec![4 | u64::from(unsigned) << 1 | u64::from(distinct), u64::from(v.width()), name];
    ops.extend(v.words().iter().take(n_words).map(|&w| rotate(w as i64)));
    Ok((c::METADATA_ENUMERATOR, ops))
}

/// The number of elements a DWARF operation takes in a `DIExpression`, itself included
/// (`DIExpression::ExprOperand::getSize`).
fn op_size(op: u64) -> usize {
    match op {
        0x70..=0x8f => 2,                              // DW_OP_breg0..31
        0x1000 | 0x1001 | 0x1006 | 0x1007 | 0x92 => 3, // fragment, convert, extract_bits_*, bregx
        0x10 | 0x11 | 0x94 | 0x23 | 0x1002 | 0x1003 | 0x1005 | 0x90 | 0xe9 => 2,
        _ => 1,
    }
}

/// `DIExpression::isValid` of LLVM 19 (an invalid expression prints as plain integers).
fn is_valid(e: &[u64]) -> bool {
    let mut i = 0;
    while let Some(&op) = e.get(i) {
        let next = i + op_size(op);
        if next > e.len() {
            return false;
        }
        if (0x50..=0x6f).contains(&op) || (0x70..=0x8f).contains(&op) {
            return true; // DW_OP_reg* and DW_OP_breg* end the check
        }
        match op {
            0x1000 => return next == e.len(),
            0x9f => {
                if next != e.len() && e.get(next) != Some(&0x1000) {
                    return false;
                }
            }
            0x16 if e.len() == 1 => return false,
            0x16 => {}
            0x1003 => {
                let first = if e.first() == Some(&0x1005) && e.get(1) == Some(&0) { 2 } else { 0 };
                return i == first && e.get(i + 1) == Some(&1);
            }
            0x1004 | 0x1001 | 0x1005 | 0x1002 | 0x1006 | 0x1007 | 0x10 | 0x23 | 0x22 | 0x1c
            | 0x1e | 0x1b | 0x1d | 0x21 | 0x1a | 0x27 | 0x24 | 0x25 | 0x26 | 0x06 | 0x94 | 0x18
            | 0x30 | 0x20 | 0x12 | 0x90 | 0x92 | 0x97 | 0x14 | 0x11 | 0x29 | 0x2e | 0x2b | 0x2a
            | 0x2d | 0x2c => {}
            _ => return false,
        }
        i = next;
    }
    true
}

/// `DIExpression`: `[distinct | version << 1, elements...]` (version 3 since LLVM 5; older
/// versions are upgraded as LLVM 19 does).
pub(super) fn decode_expression(ops: &[u64], m: &mut Module) -> Result<(bool, MdNodeKind), String> {
    let op0 = *ops.first().ok_or_else(|| len_error("DIExpression", 0))?;
    let elems = upgrade_expression(op0 >> 1, ops.get(1..).unwrap_or(&[]))?;
    let mut fields = Vec::with_capacity(elems.len());
    let mut push = |_: &mut Module, v: MdField| fields.push(MdRecordField { name: None, value: v });
    let int = |m: &mut Module, v: u64| MdField::Int(m.symbols.intern(&v.to_string()));
    if is_valid(&elems) {
        let mut i = 0;
        while let Some(&op) = elems.get(i) {
            let v = match name_of(OPS, op) {
                Some(n) => MdField::Words(m.symbols.intern(n)),
                None => int(m, op),
            };
            push(m, v);
            let args = elems.get(i + 1..(i + op_size(op)).min(elems.len())).unwrap_or(&[]);
            for (k, &a) in args.iter().enumerate() {
                let named = match (op, k) {
                    (0x1001, 1) => name_of(ENCODINGS, a),
                    (0xe9, 0) if a == 1 => Some("DW_OP_LLVM_nop"),
                    _ => None,
                };
                let v = match named {
                    Some(n) => MdField::Words(m.symbols.intern(n)),
                    None => int(m, a),
                };
                push(m, v);
            }
            i += op_size(op);
        }
    } else {
        for &e in &elems {
            let v = int(m, e);
            push(m, v);
        }
    }
    Ok((op0 & 1 != 0, record(m, "DIExpression", fields)))
}

/// Elements of an older `DIExpression` version in today's form.
fn upgrade_expression(version: u64, elems: &[u64]) -> Result<Vec<u64>, String> {
    let mut e = elems.to_vec();
    if version > 3 {
        return Err(format!("unknown DIExpression version {version}"));
    }
    if version == 0 {
        if let Some(x) = e.len().checked_sub(3).and_then(|at| e.get_mut(at)).filter(|x| **x == 0x9d)
        {
            *x = 0x1000; // DW_OP_bit_piece became DW_OP_LLVM_fragment
        }
    }
    if version <= 1 && e.first() == Some(&0x06) {
        // DW_OP_deref moved to the end (before a fragment).
        let fragment = e.len().checked_sub(3).filter(|&at| e.get(at) == Some(&0x1000));
        let end = fragment.unwrap_or(e.len());
        if let Some(s) = e.get_mut(..end) {
            s.rotate_left(1);
        }
    }
    if version <= 2 {
        let mut out = Vec::with_capacity(e.len());
        let mut rest = &e[..];
        while let Some(&op) = rest.first() {
            let size = match op {
                0x10 | 0x1c | 0x22 => 2,
                0x1000 => 3,
                _ => 1,
            }
            .min(rest.len());
            let args = rest.get(1..size).unwrap_or(&[]);
            match op {
                0x22 => {
                    out.push(0x23);
                    out.extend_from_slice(args);
                }
                0x1c => {
                    out.push(0x10);
                    out.extend_from_slice(args);
                    out.push(0x1c);
                }
                _ => {
                    out.push(op);
                    out.extend_from_slice(args);
                }
            }
            rest = rest.get(size..).unwrap_or(&[]);
        }
        e = out;
    }
    Ok(e)
}

/// The elements of a `DIExpression` record as the text stores them.
fn elements_of(fields: &[MdRecordField], m: &Module) -> Result<Vec<u64>, String> {
    fields
        .iter()
        .map(|f| match f.value {
            MdField::Int(s) | MdField::Words(s) => {
                let t = m.symbols.get(s);
                value_of(OPS, t)
                    .or_else(|| value_of(ENCODINGS, t))
                    .or_else(|| (t == "DW_OP_LLVM_nop").then_some(1))
                    .or_else(|| parse_uint(t))
                    .ok_or_else(|| format!("bad DIExpression element '{t}'"))
            }
            _ => Err("bad DIExpression element".to_string()),
        })
        .collect()
}

/// The elements of node `n` when it is a `DIExpression`.
pub(super) fn expression_elements(n: &MdNode, m: &Module) -> Option<Vec<u64>> {
    match &n.kind {
        MdNodeKind::Record { name, fields } if m.symbols.get(*name) == "DIExpression" => {
            elements_of(fields, m).ok()
        }
        _ => None,
    }
}

/// The value of a `DIExpression` that is a signed constant (`DW_OP_consts N`, optionally
/// with `DW_OP_stack_value` and a fragment): `DIExpression::isConstant` of LLVM 19.
pub(super) fn signed_constant(n: &MdNode, m: &Module) -> Option<i64> {
    match expression_elements(n, m)?.as_slice() {
        [0x11, v] | [0x11, v, 0x9f] | [0x11, v, 0x9f, 0x1000, _, _] => Some(*v as i64),
        _ => None,
    }
}

/// `DIExpression` as `llvm-as-19` writes it (version 3).
pub(super) fn encode_expression(
    distinct: bool,
    fields: &[MdRecordField],
    m: &Module,
) -> Result<(u32, Vec<u64>), String> {
    let mut ops = vec![6 | u64::from(distinct)];
    ops.extend(elements_of(fields, m)?);
    Ok((c::METADATA_EXPRESSION, ops))
}

/// `GenericDINode`: `[distinct, tag, version 0, header, operands...]`.
pub(super) fn decode_generic(
    ops: &[u64],
    m: &mut Module,
    resolve: Resolve<'_>,
) -> Result<(bool, MdNodeKind), String> {
    let [op0, tag, version, header, rest @ ..] = ops else {
        return Err(len_error("GenericDINode", ops.len()));
    };
    if *tag >= 1 << 16 || *version != 0 {
        return Err("invalid GenericDINode record (tag or version)".into());
    }
    let tag = match name_of(TAGS, *tag) {
        Some(n) => MdField::Words(m.symbols.intern(n)),
        None => MdField::Int(m.symbols.intern(&tag.to_string())),
    };
    let mut fields = vec![intern_field(m, "tag", tag)];
    let header = string_ref(*header, m, resolve)?;
    if !m.symbols.get(header).is_empty() {
        fields.push(intern_field(m, "header", MdField::Str(header)));
    }
    if !rest.is_empty() {
        let elems = rest
            .iter()
            .map(|&r| {
                resolve_ref(r, resolve).map(|md| match md_field(md) {
                    MdField::Value(c) => Metadata::Value(c),
                    MdField::Md(x) => x,
                    _ => Metadata::Null,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let id = m.metadata.push(MdNode {
            distinct: false,
            kind: MdNodeKind::Tuple(elems.into()),
            number: None,
        });
        fields.push(intern_field(m, "operands", MdField::Md(Metadata::Node(id))));
    }
    Ok((*op0 != 0, record(m, "GenericDINode", fields)))
}

/// `GenericDINode` as `llvm-as-19` writes it.
pub(super) fn encode_generic(
    distinct: bool,
    fields: &[MdRecordField],
    m: &Module,
    number: Number<'_>,
) -> Result<(u32, Vec<u64>), String> {
    let tag = match field(fields, m, "tag") {
        Some(MdField::Int(s) | MdField::Words(s)) => {
            let t = m.symbols.get(*s);
            value_of(TAGS, t).or_else(|| parse_uint(t)).ok_or_else(|| format!("bad tag '{t}'"))?
        }
        _ => return Err("!GenericDINode needs a tag".into()),
    };
    let num = |md: Metadata| match md {
        Metadata::Null => Ok(0),
        md => number(md).map(|x| x + 1).ok_or_else(|| "unnumbered metadata".to_string()),
    };
    let header = match field(fields, m, "header") {
        Some(MdField::Str(s)) if !m.symbols.get(*s).is_empty() => num(Metadata::String(*s))?,
        _ => 0,
    };
    let mut ops = vec![u64::from(distinct), tag, 0, header];
    if let Some(MdField::Md(Metadata::Node(id))) = field(fields, m, "operands") {
        match m.metadata.nodes.get(*id).map(|n| &n.kind) {
            Some(MdNodeKind::Tuple(elems)) => {
                for e in elems.iter() {
                    ops.push(num(*e)?);
                }
            }
            _ => return Err("!GenericDINode operands are not a list".into()),
        }
    }
    Ok((c::METADATA_GENERIC_DEBUG, ops))
}
