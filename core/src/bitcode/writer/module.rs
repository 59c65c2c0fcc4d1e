//! The module-level blocks and records: `IDENTIFICATION`, the type table, attribute groups and
//! lists, triple, datalayout, module asm, section and GC names, comdats, global variables,
//! functions, aliases and ifuncs (names as string-table offsets), the module constants,
//! operand bundle tags, sync scope names and the string table.

use super::abbrevs;
use super::enumerate::{is_data, ConstRef, Enumeration};
use super::Strtab;
use crate::bitcode::attr_kinds;
use crate::bitcode::bitstream::{encode_signed, Abbrev, AbbrevOp, Writer};
use crate::bitcode::codes::{
    block, constants as cst, identification, module as mc, paramattr, types as tc,
};
use crate::bitcode::BitcodeError;
use crate::ir::apint::ApInt;
use crate::ir::attrs::{Attr, UwTableKind};
use crate::ir::constants::{ConstKind, InlineAsm};
use crate::ir::module::{
    ComdatKind, DllStorage, GlobalKind, GlobalName, GlobalValue, Linkage, Preemption, ThreadLocal,
    UnnamedAddr, Visibility,
};
use crate::ir::types::{FloatKind, Type, TypeId, TypeName};
use crate::ir::Module;

/// Writes the `IDENTIFICATION_BLOCK`.
pub(super) fn identification(w: &mut Writer) {
    w.enter_block(block::IDENTIFICATION_BLOCK_ID, 5);
    let producer: Vec<u64> = b"LLVM19.1.0 (irplay)".iter().map(|&c| c as u64).collect();
    w.record(identification::IDENTIFICATION_CODE_STRING, &producer);
    w.record(identification::IDENTIFICATION_CODE_EPOCH, &[0]);
    w.end_block();
}

fn chars(b: &[u8]) -> Vec<u64> {
    b.iter().map(|&c| c as u64).collect()
}

/// Writes the type table.
pub(super) fn type_table(w: &mut Writer, m: &Module, e: &Enumeration) -> Result<(), BitcodeError> {
    w.enter_block(block::TYPE_BLOCK_ID_NEW, 4);
    w.record(tc::TYPE_CODE_NUMENTRY, &[e.types.len() as u64]);
    let id = |t: TypeId| -> Result<u64, BitcodeError> {
        e.type_id(t).ok_or_else(|| BitcodeError::new(0, "a type is missing from the type table"))
    };
    for &t in &e.types {
        match m.types.get(t) {
            Type::Void => w.record(tc::TYPE_CODE_VOID, &[]),
            Type::Label => w.record(tc::TYPE_CODE_LABEL, &[]),
            Type::Token => w.record(tc::TYPE_CODE_TOKEN, &[]),
            Type::Metadata => w.record(tc::TYPE_CODE_METADATA, &[]),
            Type::X86Amx => w.record(tc::TYPE_CODE_X86_AMX, &[]),
            Type::Int(b) => w.record(tc::TYPE_CODE_INTEGER, &[*b as u64]),
            Type::Float(k) => {
                let code = match k {
                    FloatKind::Half => tc::TYPE_CODE_HALF,
                    FloatKind::BFloat => tc::TYPE_CODE_BFLOAT,
                    FloatKind::Float => tc::TYPE_CODE_FLOAT,
                    FloatKind::Double => tc::TYPE_CODE_DOUBLE,
                    FloatKind::Fp128 => tc::TYPE_CODE_FP128,
                    FloatKind::X86Fp80 => tc::TYPE_CODE_X86_FP80,
                    FloatKind::PpcFp128 => tc::TYPE_CODE_PPC_FP128,
                };
                w.record(code, &[]);
            }
            Type::Ptr(asp) => w.record(tc::TYPE_CODE_OPAQUE_POINTER, &[*asp as u64]),
            Type::Target { name, types, ints } => {
                w.record(tc::TYPE_CODE_STRUCT_NAME, &chars(name));
                let mut ops = vec![types.len() as u64];
                for &s in types.iter() {
                    ops.push(id(s)?);
                }
                ops.extend(ints.iter().map(|&i| i as u64));
                w.record(tc::TYPE_CODE_TARGET_TYPE, &ops);
            }
            Type::Vector { scalable, len, elem } => {
                let mut ops = vec![*len as u64, id(*elem)?];
                if *scalable {
                    ops.push(1);
                }
                w.record(tc::TYPE_CODE_VECTOR, &ops);
            }
            Type::Array { len, elem } => w.record(tc::TYPE_CODE_ARRAY, &[*len, id(*elem)?]),
            Type::Struct { packed, fields } => {
                let mut ops = vec![*packed as u64];
                for &f in fields.iter() {
                    ops.push(id(f)?);
                }
                w.record(tc::TYPE_CODE_STRUCT_ANON, &ops);
            }
            Type::Named(n) => {
                let Some(ns) = m.types.named.get(*n) else {
                    return Err(BitcodeError::new(0, "an unknown identified struct"));
                };
                if let TypeName::Named(s) = &ns.name {
                    let name = crate::ir::symbol::name_to_bytes(m.symbols.get(*s).as_bytes());
                    w.record(tc::TYPE_CODE_STRUCT_NAME, &chars(&name));
                }
                match &ns.body {
                    None => w.record(tc::TYPE_CODE_OPAQUE, &[0]),
                    Some(b) => {
                        let mut ops = vec![b.packed as u64];
                        for &f in b.fields.iter() {
                            ops.push(id(f)?);
                        }
                        w.record(tc::TYPE_CODE_STRUCT_NAMED, &ops);
                    }
                }
            }
            Type::Func { ret, params, vararg } => {
                let mut ops = vec![*vararg as u64, id(*ret)?];
                for &p in params.iter() {
                    ops.push(id(p)?);
                }
                w.record(tc::TYPE_CODE_FUNCTION, &ops);
            }
        }
    }
    w.end_block();
    Ok(())
}

/// Encodes a constant range's bounds (`emitConstantRange` without the width).
fn range_bounds(ops: &mut Vec<u64>, lo: &ApInt, hi: &ApInt) {
    if lo.width() > 64 {
        let active = |a: &ApInt| {
            let w = a.words();
            (w.len() - w.iter().rev().take_while(|&&x| x == 0).count()).max(1) as u64
        };
        ops.push(active(lo) | (active(hi) << 32));
        for a in [lo, hi] {
            let n = active(a) as usize;
            ops.extend(a.words().iter().take(n).map(|&x| encode_signed(x as i64)));
        }
    } else {
        for a in [lo, hi] {
            ops.push(encode_signed(a.to_i64().unwrap_or(0)));
        }
    }
}

/// The bits of an `allockind("...")` string.
fn alloc_kind_bits(s: &[u8]) -> u64 {
    let mut bits = 0;
    for part in s.split(|&c| c == b',') {
        bits |= match part {
            b"alloc" => 1,
            b"realloc" => 2,
            b"free" => 4,
            b"uninitialized" => 8,
            b"zeroed" => 16,
            b"aligned" => 32,
            _ => 0,
        };
    }
    bits
}

fn attr_ops(ops: &mut Vec<u64>, a: &Attr, e: &Enumeration) -> Result<(), BitcodeError> {
    let code = |kw: &str| {
        attr_kinds::code(kw)
            .map(|c| c as u64)
            .ok_or_else(|| BitcodeError::new(0, format!("attribute '{kw}' has no bitcode code")))
    };
    let kw = a.kind().map(|k| k.name()).unwrap_or("");
    match a {
        Attr::Flag(_) => ops.extend([0, code(kw)?]),
        Attr::Int(_, v) => ops.extend([1, code(kw)?, *v]),
        Attr::Type(_, t) => {
            let tid =
                e.type_id(*t).ok_or_else(|| BitcodeError::new(0, "attribute type missing"))?;
            ops.extend([6, code(kw)?, tid]);
        }
        Attr::AllocSize(a, b) => {
            ops.extend([1, code(kw)?, ((*a as u64) << 32) | b.unwrap_or(u32::MAX) as u64])
        }
        Attr::VScaleRange(a, b) => {
            ops.extend([1, code(kw)?, ((*a as u64) << 32) | b.unwrap_or(0) as u64])
        }
        Attr::UwTable(k) => {
            let v = match k {
                Some(UwTableKind::Sync) => 1,
                _ => 2,
            };
            ops.extend([1, code(kw)?, v]);
        }
        Attr::AllocKind(s) => ops.extend([1, code(kw)?, alloc_kind_bits(s)]),
        Attr::Memory(me) => ops.extend([1, code(kw)?, me.0 as u64]),
        Attr::NoFpClass(mask) => ops.extend([1, code(kw)?, *mask as u64]),
        Attr::Range(_, lo, hi) => {
            ops.extend([7, code(kw)?, lo.width() as u64]);
            range_bounds(ops, lo, hi);
        }
        Attr::Initializes(list) => {
            ops.extend([8, code(kw)?, list.len() as u64, 64]);
            for &(lo, hi) in list.iter() {
                ops.extend([encode_signed(lo), encode_signed(hi)]);
            }
        }
        Attr::Str(k, v) => {
            ops.push(if v.is_some() { 4 } else { 3 });
            ops.extend(chars(k));
            ops.push(0);
            if let Some(v) = v {
                ops.extend(chars(v));
                ops.push(0);
            }
        }
    }
    Ok(())
}

/// Writes the attribute groups and lists.
pub(super) fn attributes(w: &mut Writer, m: &Module, e: &Enumeration) -> Result<(), BitcodeError> {
    if e.groups.is_empty() {
        return Ok(());
    }
    w.enter_block(block::PARAMATTR_GROUP_BLOCK_ID, 3);
    for (i, &(idx, set)) in e.groups.iter().enumerate() {
        let mut ops = vec![i as u64 + 1, idx as u64];
        for a in m.attrs.get(set) {
            attr_ops(&mut ops, a, e)?;
        }
        w.record(paramattr::PARAMATTR_GRP_CODE_ENTRY, &ops);
    }
    w.end_block();
    w.enter_block(block::PARAMATTR_BLOCK_ID, 3);
    for list in &e.lists {
        let ops: Vec<u64> = list.iter().map(|&g| e.group_id(g)).collect();
        w.record(paramattr::PARAMATTR_CODE_ENTRY, &ops);
    }
    w.end_block();
    Ok(())
}

fn linkage(l: Linkage) -> u64 {
    match l {
        Linkage::External | Linkage::ExternalExplicit => 0,
        Linkage::Appending => 2,
        Linkage::Internal => 3,
        Linkage::ExternWeak => 7,
        Linkage::Common => 8,
        Linkage::Private => 9,
        Linkage::AvailableExternally => 12,
        Linkage::Weak => 16,
        Linkage::WeakOdr => 17,
        Linkage::LinkOnce => 18,
        Linkage::LinkOnceOdr => 19,
    }
}

fn visibility(v: Visibility) -> u64 {
    match v {
        Visibility::Default => 0,
        Visibility::Hidden => 1,
        Visibility::Protected => 2,
    }
}

fn dll(d: DllStorage) -> u64 {
    match d {
        DllStorage::Default => 0,
        DllStorage::Import => 1,
        DllStorage::Export => 2,
    }
}

fn tls(t: ThreadLocal) -> u64 {
    match t {
        ThreadLocal::NotThreadLocal => 0,
        ThreadLocal::GeneralDynamic => 1,
        ThreadLocal::LocalDynamic => 2,
        ThreadLocal::InitialExec => 3,
        ThreadLocal::LocalExec => 4,
    }
}

fn unnamed(u: UnnamedAddr) -> u64 {
    match u {
        UnnamedAddr::None => 0,
        UnnamedAddr::Global => 1,
        UnnamedAddr::Local => 2,
    }
}

/// `log2(align) + 1`, 0 for none.
pub(super) fn encode_align(a: Option<u64>) -> u64 {
    match a {
        Some(a) if a > 0 => a.trailing_zeros() as u64 + 1,
        _ => 0,
    }
}

fn code_model(s: &[u8]) -> u64 {
    match s {
        b"tiny" => 1,
        b"small" => 2,
        b"kernel" => 3,
        b"medium" => 4,
        b"large" => 5,
        _ => 0,
    }
}

/// The strings of a module-level name list (sections, GC names), numbered from 1.
#[derive(Default)]
struct Names(Vec<Vec<u8>>);

impl Names {
    fn id(&mut self, s: &[u8]) -> u64 {
        if let Some(i) = self.0.iter().position(|x| x == s) {
            return i as u64 + 1;
        }
        self.0.push(s.to_vec());
        self.0.len() as u64
    }
}

/// The bytes of a global's name (raw bytes as they were read, see
/// [`crate::ir::symbol::name_to_bytes`]).
fn name_of<'m>(m: &'m Module, gv: &GlobalValue) -> std::borrow::Cow<'m, [u8]> {
    match &gv.name {
        GlobalName::Named(s) => crate::ir::symbol::name_to_bytes(m.symbols.get(*s).as_bytes()),
        GlobalName::Numbered(_) => std::borrow::Cow::Borrowed(&[]),
    }
}

/// Writes triple, datalayout, asm, section and GC names, comdats and the global value records.
pub(super) fn module_info(
    w: &mut Writer,
    m: &Module,
    e: &Enumeration,
    strtab: &mut Strtab,
) -> Result<(), BitcodeError> {
    for (i, c) in m.comdats.values().enumerate() {
        let _ = i;
        let name = crate::ir::symbol::name_to_bytes(m.symbols.get(c.name).as_bytes());
        let kind = match c.kind {
            ComdatKind::Any => 1,
            ComdatKind::ExactMatch => 2,
            ComdatKind::Largest => 3,
            ComdatKind::NoDeduplicate => 4,
            ComdatKind::SameSize => 5,
        };
        let off = strtab.add(&name);
        w.record(mc::MODULE_CODE_COMDAT, &[off, name.len() as u64, kind]);
    }
    if let Some(t) = &m.triple {
        w.record(mc::MODULE_CODE_TRIPLE, &chars(t));
    }
    if let Some(d) = &m.datalayout_str {
        w.record(mc::MODULE_CODE_DATALAYOUT, &chars(d));
    }
    if !m.module_asm.is_empty() {
        let joined = m.module_asm.join(&b'\n');
        w.record(mc::MODULE_CODE_ASM, &chars(&joined));
    }
    let mut sections = Names::default();
    let mut gcs = Names::default();
    let mut section_ids = Vec::new();
    let mut gc_ids = Vec::new();
    for &g in &e.globals {
        let Some(gv) = m.globals.get(g) else { continue };
        let (sec, gc) = match &gv.kind {
            GlobalKind::Func(f) => {
                (f.section.as_deref().or(gv.section.as_deref()), f.gc.as_deref())
            }
            _ => (gv.section.as_deref(), None),
        };
        section_ids.push(sec.map(|s| sections.id(s)).unwrap_or(0));
        gc_ids.push(gc.map(|s| gcs.id(s)).unwrap_or(0));
    }
    for s in &sections.0 {
        w.record(mc::MODULE_CODE_SECTIONNAME, &chars(s));
    }
    for s in &gcs.0 {
        w.record(mc::MODULE_CODE_GCNAME, &chars(s));
    }
    let comdat_id = |gv: &GlobalValue| gv.comdat.map(|c| c.as_u32() as u64 + 1).unwrap_or(0);
    let value = |c| {
        e.const_value(m, ConstRef::Pool(c))
            .map(|v| v as u64)
            .ok_or_else(|| BitcodeError::new(0, "a global refers to an unnumbered constant"))
    };
    let tid = |t| e.type_id(t).ok_or_else(|| BitcodeError::new(0, "a type is missing"));
    for (k, &g) in e.globals.iter().enumerate() {
        let Some(gv) = m.globals.get(g) else { continue };
        let name = name_of(m, gv);
        let off = strtab.add(&name);
        let mut ops = vec![off, name.len() as u64];
        let dso_local = (gv.preemption == Preemption::DsoLocal) as u64;
        let (poff, plen) = match &gv.partition {
            Some(p) => (strtab.add(p), p.len() as u64),
            None => (0, 0),
        };
        let section = section_ids.get(k).copied().unwrap_or(0);
        match &gv.kind {
            GlobalKind::Var(v) => {
                ops.push(tid(v.value_ty)?);
                ops.push(((gv.addrspace as u64) << 2) | 2 | v.constant as u64);
                ops.push(match v.init {
                    Some(c) => value(c)? + 1,
                    None => 0,
                });
                ops.push(linkage(gv.linkage));
                ops.push(encode_align(v.align));
                ops.push(section);
                ops.extend([
                    visibility(gv.visibility),
                    tls(gv.thread_local),
                    unnamed(gv.unnamed_addr),
                    v.externally_initialized as u64,
                    dll(gv.dll_storage),
                    comdat_id(gv),
                    e.list_id(&[(u32::MAX, v.attrs)]),
                    dso_local,
                    poff,
                    plen,
                    gv.sanitizer as u64,
                    v.code_model.as_deref().map(code_model).unwrap_or(0),
                ]);
                w.record(mc::MODULE_CODE_GLOBALVAR, &ops);
            }
            GlobalKind::Func(f) => {
                let mut list = vec![(u32::MAX, f.fn_attrs), (0, f.ret_attrs)];
                for (i, p) in f.params.iter().enumerate() {
                    list.push((i as u32 + 1, p.attrs));
                }
                let opt = |c: Option<_>| -> Result<u64, BitcodeError> {
                    Ok(match c {
                        Some(c) => value(c)? + 1,
                        None => 0,
                    })
                };
                ops.extend([
                    tid(f.ty)?,
                    f.cc as u64,
                    f.is_declaration() as u64,
                    linkage(gv.linkage),
                    e.list_id(&list),
                    encode_align(f.align),
                    section,
                    visibility(gv.visibility),
                    gc_ids.get(k).copied().unwrap_or(0),
                    unnamed(gv.unnamed_addr),
                    opt(f.prologue)?,
                    dll(gv.dll_storage),
                    comdat_id(gv),
                    opt(f.prefix)?,
                    opt(f.personality)?,
                    dso_local,
                    f.addrspace.max(gv.addrspace) as u64,
                    poff,
                    plen,
                ]);
                w.record(mc::MODULE_CODE_FUNCTION, &ops);
            }
            GlobalKind::Alias { value_ty, aliasee } => {
                ops.extend([
                    tid(*value_ty)?,
                    gv.addrspace as u64,
                    value(*aliasee)?,
                    linkage(gv.linkage),
                    visibility(gv.visibility),
                    dll(gv.dll_storage),
                    tls(gv.thread_local),
                    unnamed(gv.unnamed_addr),
                    dso_local,
                    poff,
                    plen,
                ]);
                w.record(mc::MODULE_CODE_ALIAS, &ops);
            }
            GlobalKind::IFunc { value_ty, resolver } => {
                ops.extend([
                    tid(*value_ty)?,
                    gv.addrspace as u64,
                    value(*resolver)?,
                    linkage(gv.linkage),
                    visibility(gv.visibility),
                    dso_local,
                    poff,
                    plen,
                ]);
                w.record(mc::MODULE_CODE_IFUNC, &ops);
            }
            GlobalKind::Forward => {}
        }
    }
    if let Some(s) = &m.source_filename {
        w.record(mc::MODULE_CODE_SOURCE_FILENAME, &chars(s));
    }
    Ok(())
}

fn int_ops(a: &ApInt) -> (u32, Vec<u64>) {
    if a.width() <= 64 {
        let v = a.sext(64).low_u64() as i64;
        (cst::CST_CODE_INTEGER, vec![encode_signed(v)])
    } else {
        let n = a.words().len();
        (
            cst::CST_CODE_WIDE_INTEGER,
            a.words().iter().take(n).map(|&x| encode_signed(x as i64)).collect(),
        )
    }
}

fn float_ops(k: FloatKind, bits: u128) -> Vec<u64> {
    match k {
        FloatKind::X86Fp80 => {
            let p0 = bits as u64;
            let p1 = (bits >> 64) as u64;
            vec![(p1 << 48) | (p0 >> 16), p0 & 0xffff]
        }
        FloatKind::Fp128 | FloatKind::PpcFp128 => vec![bits as u64, (bits >> 64) as u64],
        _ => vec![bits as u64],
    }
}

fn asm_ops(a: &InlineAsm, fty: u64) -> Vec<u64> {
    let flags = a.side_effect as u64
        | (a.align_stack as u64) << 1
        | (a.intel_dialect as u64) << 2
        | (a.unwind as u64) << 3;
    let mut ops = vec![fty, flags, a.asm.len() as u64];
    ops.extend(chars(&a.asm));
    ops.push(a.constraints.len() as u64);
    ops.extend(chars(&a.constraints));
    ops
}

/// Writes the module's `CONSTANTS_BLOCK`.
pub(super) fn constants(w: &mut Writer, m: &Module, e: &Enumeration) -> Result<(), BitcodeError> {
    if e.consts.is_empty() {
        return Ok(());
    }
    w.enter_block(block::CONSTANTS_BLOCK_ID, 4);
    let mut cur_ty = None;
    let missing = || BitcodeError::new(0, "a constant operand is not numbered");
    let tid = |t| e.type_id(t).ok_or_else(|| BitcodeError::new(0, "a type is missing"));
    let val = |c| e.const_value(m, ConstRef::Pool(c)).map(|v| v as u64).ok_or_else(missing);
    for &c in &e.consts {
        let (ty, code, ops) = match c {
            ConstRef::Int(t, v) => (t, cst::CST_CODE_INTEGER, vec![encode_signed(v as i64)]),
            ConstRef::Null(t) => (t, cst::CST_CODE_NULL, vec![]),
            ConstRef::Asm(pc, fty) => {
                let ConstKind::InlineAsm(a) = m.consts.kind(pc) else { return Err(missing()) };
                (m.consts.ty(pc), cst::CST_CODE_INLINEASM, asm_ops(a, tid(fty)?))
            }
            ConstRef::Pool(pc) => {
                let d = m.consts.get(pc);
                let (code, ops) = super::constexpr::const_record(m, e, d, &val, &tid)?;
                (d.ty, code, ops)
            }
        };
        if cur_ty != Some(ty) {
            abbrevs::constant_record(w, cst::CST_CODE_SETTYPE, &[tid(ty)?]);
            cur_ty = Some(ty);
        }
        abbrevs::constant_record(w, code, &ops);
    }
    w.end_block();
    Ok(())
}

/// The record of a plain (non-expression) constant.
pub(super) fn simple_const(
    m: &Module,
    ty: TypeId,
    kind: &ConstKind,
    val: &dyn Fn(crate::ir::constants::ConstId) -> Result<u64, BitcodeError>,
) -> Result<Option<(u32, Vec<u64>)>, BitcodeError> {
    Ok(Some(match kind {
        ConstKind::Bytes(b) if b.is_empty() => (cst::CST_CODE_NULL, vec![]),
        // `[]` is `undef` in LLVM (an empty `ConstantArray`), `{}` its zero value.
        ConstKind::Aggregate(e) if e.is_empty() => match m.types.get(ty) {
            Type::Array { .. } => (cst::CST_CODE_UNDEF, vec![]),
            _ => (cst::CST_CODE_NULL, vec![]),
        },
        ConstKind::Int(a) => int_ops(a),
        ConstKind::Float(bits) => {
            let k = m.types.float_kind(m.types.scalar(ty)).unwrap_or(FloatKind::Double);
            (cst::CST_CODE_FLOAT, float_ops(k, *bits))
        }
        ConstKind::Null | ConstKind::NoneToken | ConstKind::Zero => (cst::CST_CODE_NULL, vec![]),
        ConstKind::Undef => (cst::CST_CODE_UNDEF, vec![]),
        ConstKind::Poison => (cst::CST_CODE_POISON, vec![]),
        ConstKind::Bytes(b) => {
            if let Some((&0, rest)) = b.split_last() {
                if !rest.contains(&0) {
                    return Ok(Some((cst::CST_CODE_CSTRING, chars(rest))));
                }
            }
            (cst::CST_CODE_STRING, chars(b))
        }
        ConstKind::Aggregate(elems) => {
            if is_data(m, ty, elems) {
                let mut ops = Vec::with_capacity(elems.len());
                for &x in elems.iter() {
                    ops.push(match m.consts.kind(x) {
                        ConstKind::Int(a) => a.low_u64(),
                        ConstKind::Float(b) => *b as u64,
                        _ => 0,
                    });
                }
                (cst::CST_CODE_DATA, ops)
            } else {
                let mut ops = Vec::with_capacity(elems.len());
                for &x in elems.iter() {
                    ops.push(val(x)?);
                }
                (cst::CST_CODE_AGGREGATE, ops)
            }
        }
        _ => return Ok(None),
    }))
}

/// The abbreviation of the string table's blob.
pub(super) fn strtab_block(w: &mut Writer, strtab: &Strtab) {
    w.enter_block(block::STRTAB_BLOCK_ID, 3);
    let abbrev = w.define_abbrev(Abbrev {
        ops: vec![
            AbbrevOp::Literal(crate::bitcode::codes::strtab::STRTAB_BLOB as u64),
            AbbrevOp::Blob,
        ],
    });
    w.record_abbrev(abbrev, crate::bitcode::codes::strtab::STRTAB_BLOB, &[], Some(&strtab.bytes));
    w.end_block();
}
