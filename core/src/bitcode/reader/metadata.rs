//! Reading metadata: the metadata kinds, module and function metadata blocks (strings, nodes,
//! specialised `DI*` records, named metadata, values as metadata), attachments, and the
//! `DEBUG_LOC` locations of instructions.
//!
//! A value as metadata that is a constant LLVM 19 no longer has (an `icmp`, `zext`, ...
//! expression, or a constant containing one: see [`super::constexpr`]) is read as `undef` of
//! its type, as LLVM 19 reads it (there is no instruction it could become).
//!
//! # Metadata ids
//!
//! Every metadata record that defines something takes the next id: each string of a
//! `METADATA_STRINGS` record, each `VALUE`, `NODE`, `DISTINCT_NODE`, `ARG_LIST` and
//! specialised record. A function's metadata block continues after the module's ids, and its
//! ids are dropped when the function ends. Node operands hold `id + 1` (`0` is null); named
//! metadata, attachments and `ARG_LIST` hold plain ids.
//!
//! Nodes may refer to ids not read yet (cycles, and distinct nodes before their operands): a
//! node is made for such an id at once (still [`MdNodeKind::Undefined`]) and filled when its
//! record comes. An id that is referenced but never defined is an error at the end of the
//! block.

#[path = "metadata_attach.rs"]
mod attach;
#[cfg(test)]
#[path = "metadata_tests.rs"]
mod tests;
#[path = "metadata_upgrade.rs"]
mod upgrade;

use super::constexpr::is_legacy;
use super::ValueContext;
use crate::bitcode::bitstream::{Cursor, Entry, Record};
use crate::bitcode::codes::{self, metadata as md};
use crate::bitcode::{di_layout, BitcodeError};
use crate::ir::function::{Body, MdOperand};
use crate::ir::inst::{Inst, Operand};
use crate::ir::metadata::{MdField, MdId, MdNode, MdNodeKind, Metadata, NamedMetadata};
use crate::ir::module::GlobalId;
use crate::ir::symbol::{name_from_bytes, Symbol};
use crate::ir::types::TypeId;
use crate::ir::{ConstId, ConstKind, Module};
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;

/// What a metadata id stands for.
#[derive(Clone, Debug)]
enum Slot {
    /// A node, string or constant.
    Md(Metadata),
    /// A function-local value as metadata (`metadata i32 %x`).
    Local(Operand),
    /// A `DIArgList` of values.
    ArgList(Box<[Operand]>),
}

/// The key under which `DEBUG_LOC` locations are uniqued:
/// line, column, scope, inlined-at, implicit code.
type LocKey = (u32, u32, MdId, Option<MdId>, bool);

/// The metadata read so far: module-level entries, and while a function is read, its own.
#[derive(Default)]
pub(crate) struct MdLoader {
    /// Metadata by id: the module's, then the current function's.
    entries: Vec<Slot>,
    /// How many of `entries` belong to the module.
    module_len: usize,
    /// Ids referenced before their record, with the node made for each.
    fwd: HashMap<u64, MdId>,
    /// Attachment kinds by the file's kind id.
    kinds: HashMap<u64, Symbol>,
    /// The locations made from `DEBUG_LOC` records, uniqued as LLVM does.
    locations: HashMap<LocKey, MdId>,
    /// The non-zero address spaces of the module's globals, once needed.
    spaces: Option<Vec<u32>>,
    /// Which constants are or contain an expression LLVM 19 no longer has.
    legacy: HashMap<ConstId, bool>,
}

/// The name of an id for messages.
fn what(slot: &Slot) -> &'static str {
    match slot {
        Slot::Md(Metadata::Node(_)) => "a node",
        Slot::Md(Metadata::String(_)) => "a string",
        Slot::Md(Metadata::Value(_)) => "a constant",
        Slot::Md(Metadata::Null) => "null",
        Slot::Local(_) => "a function-local value",
        Slot::ArgList(_) => "a DIArgList",
    }
}

/// The bytes of a record whose operands are characters (`NAME`, `KIND`, old strings).
fn chars(ops: &[u64]) -> Option<Vec<u8>> {
    ops.iter().map(|&b| u8::try_from(b).ok()).collect()
}

impl MdLoader {
    /// Reads a `METADATA_KIND_BLOCK` (the cursor is inside it).
    pub fn read_kinds(&mut self, c: &mut Cursor<'_>, m: &mut Module) -> Result<(), BitcodeError> {
        let mut rec = Record::default();
        loop {
            match c.advance()? {
                None => return Err(c.error("unexpected end of file in METADATA_KIND_BLOCK")),
                Some(Entry::EndBlock) => return Ok(()),
                Some(Entry::SubBlock(id)) => {
                    return Err(c.error(format!(
                        "unexpected {} inside METADATA_KIND_BLOCK",
                        codes::block_name(id)
                    )))
                }
                Some(Entry::Record(abbrev)) => {
                    c.read_record(abbrev, &mut rec)?;
                    if rec.code != md::METADATA_KIND {
                        return Err(c.record_error(rec.code, "unknown record in the kind block"));
                    }
                    self.kind_record(c, m, &rec)?;
                }
            }
        }
    }

    /// A `METADATA_KIND` record: `[id, name...]`.
    fn kind_record(
        &mut self,
        c: &Cursor<'_>,
        m: &mut Module,
        rec: &Record<'_>,
    ) -> Result<(), BitcodeError> {
        let Some((&id, name)) = rec.ops.split_first() else {
            return Err(c.record_error(rec.code, "a kind record without an id"));
        };
        let Some(name) = chars(name) else {
            return Err(c.record_error(rec.code, "a kind name with a character over 255"));
        };
        if self.kinds.contains_key(&id) {
            return Err(c.record_error(rec.code, format!("metadata kind {id} is defined twice")));
        }
        let sym = m.symbols.intern(&name_from_bytes(&name));
        self.kinds.insert(id, sym);
        Ok(())
    }

    /// Reads a `METADATA_BLOCK` at module level or inside a function (the cursor is inside it).
    pub fn read_block(
        &mut self,
        c: &mut Cursor<'_>,
        m: &mut Module,
        values: &mut dyn ValueContext,
    ) -> Result<(), BitcodeError> {
        let in_function = c.context().contains(&codes::block_name(codes::block::FUNCTION_BLOCK_ID));
        let mut rec = Record::default();
        let mut name: Option<Box<str>> = None;
        loop {
            let abbrev = match c.advance()? {
                None => return Err(c.error("unexpected end of file in METADATA_BLOCK")),
                Some(Entry::EndBlock) => break,
                Some(Entry::SubBlock(id)) => {
                    return Err(c.error(format!(
                        "unexpected {} inside METADATA_BLOCK",
                        codes::block_name(id)
                    )))
                }
                Some(Entry::Record(abbrev)) => abbrev,
            };
            c.read_record(abbrev, &mut rec)?;
            let code = rec.code;
            if name.is_some() && code != md::METADATA_NAMED_NODE {
                return Err(c.record_error(code, "a NAME record not followed by NAMED_NODE"));
            }
            match code {
                md::METADATA_STRINGS => self.strings(c, m, &rec)?,
                md::METADATA_STRING_OLD => {
                    let Some(bytes) = chars(&rec.ops) else {
                        return Err(c.record_error(code, "a character over 255"));
                    };
                    let sym = m.symbols.intern(&name_from_bytes(&bytes));
                    self.define(c, code, Slot::Md(Metadata::String(sym)))?;
                }
                md::METADATA_VALUE => self.value(c, m, values, &rec.ops, in_function)?,
                md::METADATA_NODE | md::METADATA_DISTINCT_NODE => {
                    let mut elems = Vec::with_capacity(rec.ops.len());
                    for &op in &rec.ops {
                        elems.push(match op.checked_sub(1) {
                            None => Metadata::Null,
                            Some(id) => self.node_operand(c, m, code, id)?,
                        });
                    }
                    let kind = MdNodeKind::Tuple(elems.into());
                    self.define_node(c, m, code, code == md::METADATA_DISTINCT_NODE, kind)?;
                }
                md::METADATA_ARG_LIST => {
                    let mut elems = Vec::with_capacity(rec.ops.len());
                    for &id in &rec.ops {
                        elems.push(match self.entries.get(id as usize) {
                            Some(Slot::Local(o)) => *o,
                            Some(Slot::Md(Metadata::Value(k))) => Operand::Const(*k),
                            Some(s) => {
                                return Err(c.record_error(
                                    code,
                                    format!("DIArgList element {id} is {}", what(s)),
                                ))
                            }
                            None => {
                                return Err(c.record_error(
                                    code,
                                    format!("DIArgList element {id} is not defined"),
                                ))
                            }
                        });
                    }
                    self.define(c, code, Slot::ArgList(elems.into()))?;
                }
                md::METADATA_NAME => {
                    let Some(bytes) = chars(&rec.ops) else {
                        return Err(c.record_error(code, "a character over 255"));
                    };
                    name = Some(name_from_bytes(&bytes).into());
                }
                md::METADATA_NAMED_NODE => {
                    let Some(nm) = name.take() else {
                        return Err(c.record_error(code, "NAMED_NODE without a NAME before it"));
                    };
                    let mut nodes = Vec::with_capacity(rec.ops.len());
                    for &id in &rec.ops {
                        match self.node_operand(c, m, code, id)? {
                            Metadata::Node(n) => nodes.push(n),
                            _ => {
                                return Err(c.record_error(
                                    code,
                                    format!("metadata {id} in named metadata is not a node"),
                                ))
                            }
                        }
                    }
                    m.metadata.named.push(NamedMetadata { name: nm, nodes });
                }
                md::METADATA_KIND => self.kind_record(c, m, &rec)?,
                md::METADATA_GLOBAL_DECL_ATTACHMENT => {
                    self.global_attachment(c, m, values, &rec.ops)?
                }
                md::METADATA_INDEX_OFFSET | md::METADATA_INDEX => {}
                md::METADATA_OLD_NODE | md::METADATA_OLD_FN_NODE => {
                    return Err(c.record_error(
                        code,
                        "metadata in the LLVM 3.5 format (LLVM 15 or newer is needed)",
                    ))
                }
                _ if di_layout::is_record_code(code) => self.specialised(c, m, code, &rec.ops)?,
                _ => return Err(c.record_error(code, "unknown metadata record")),
            }
        }
        if name.is_some() {
            return Err(c.error("METADATA_BLOCK ends after a NAME record"));
        }
        if let Some(id) = self.fwd.keys().min() {
            return Err(c.error(format!(
                "metadata {id} is referenced but never defined in METADATA_BLOCK"
            )));
        }
        if !in_function {
            self.module_len = self.entries.len();
            upgrade::upgrade_module_flags(m);
        }
        Ok(())
    }

    /// Gives the next id to `slot`.
    fn define(&mut self, c: &Cursor<'_>, code: u32, slot: Slot) -> Result<(), BitcodeError> {
        let id = self.entries.len() as u64;
        if self.fwd.contains_key(&id) {
            return Err(c.record_error(
                code,
                format!("metadata {id} is used as a node but is {}", what(&slot)),
            ));
        }
        self.entries.push(slot);
        Ok(())
    }

    /// Gives the next id to a node: fills the node made for a forward reference, if any.
    fn define_node(
        &mut self,
        c: &Cursor<'_>,
        m: &mut Module,
        code: u32,
        distinct: bool,
        kind: MdNodeKind,
    ) -> Result<(), BitcodeError> {
        let id = self.entries.len() as u64;
        let node = match self.fwd.remove(&id) {
            Some(n) => {
                let Some(node) = m.metadata.nodes.get_mut(n) else {
                    return Err(c.record_error(code, "a forward reference lost its node"));
                };
                node.distinct = distinct;
                node.kind = kind;
                n
            }
            None => m.metadata.push(MdNode { distinct, kind, number: None }),
        };
        self.entries.push(Slot::Md(Metadata::Node(node)));
        Ok(())
    }

    /// The node made for forward-referenced id `id`.
    fn placeholder(&mut self, m: &mut Module, id: u64) -> MdId {
        *self.fwd.entry(id).or_insert_with(|| {
            m.metadata.push(MdNode { distinct: false, kind: MdNodeKind::Undefined, number: None })
        })
    }

    /// Metadata `id` as an operand of a node or named metadata (possibly not read yet).
    fn node_operand(
        &mut self,
        c: &Cursor<'_>,
        m: &mut Module,
        code: u32,
        id: u64,
    ) -> Result<Metadata, BitcodeError> {
        match self.entries.get(id as usize) {
            Some(Slot::Md(md)) => Ok(*md),
            Some(s) => Err(c.record_error(code, format!("metadata {id} is {} in a node", what(s)))),
            None => Ok(Metadata::Node(self.placeholder(m, id))),
        }
    }

    /// `METADATA_STRINGS`: `[count, offset]` and a blob of `count` vbr6 lengths, then the
    /// characters from `offset`.
    fn strings(
        &mut self,
        c: &Cursor<'_>,
        m: &mut Module,
        rec: &Record<'_>,
    ) -> Result<(), BitcodeError> {
        let code = rec.code;
        let (&[count, offset], Some(blob)) = (rec.ops.as_slice(), rec.blob) else {
            return Err(c.record_error(code, "expected a count, an offset and a blob"));
        };
        let offset = usize::try_from(offset).unwrap_or(usize::MAX);
        let (Some(lengths), Some(mut text)) = (blob.get(..offset), blob.get(offset..)) else {
            return Err(c.record_error(code, "the offset of the characters is past the blob"));
        };
        // Each length takes at least 6 bits.
        if count == 0 || count > (lengths.len() as u64 * 8) / 6 {
            return Err(c.record_error(code, format!("{count} strings in {offset} bytes")));
        }
        let mut lens = Cursor::new(lengths, 0);
        for _ in 0..count {
            let len = lens.read_vbr(6).map_err(|_| {
                c.record_error(code, "the string lengths end before the strings do")
            })?;
            let len = usize::try_from(len).unwrap_or(usize::MAX);
            if len > text.len() {
                return Err(c.record_error(code, "a string runs past the blob"));
            }
            let (s, rest) = text.split_at(len);
            text = rest;
            let sym = m.symbols.intern(&name_from_bytes(s));
            self.define(c, code, Slot::Md(Metadata::String(sym)))?;
        }
        Ok(())
    }

    /// `METADATA_VALUE`: `[type, value id]`.
    fn value(
        &mut self,
        c: &Cursor<'_>,
        m: &mut Module,
        values: &mut dyn ValueContext,
        ops: &[u64],
        in_function: bool,
    ) -> Result<(), BitcodeError> {
        let code = md::METADATA_VALUE;
        let &[ty, idx] = ops else {
            return Err(c.record_error(code, "expected a type and a value"));
        };
        let Some(t) = values.type_at(ty) else {
            return Err(c.record_error(code, format!("type {ty} is out of range")));
        };
        if [TypeId::VOID, TypeId::METADATA, TypeId::LABEL].contains(&t) {
            return Err(c.record_error(code, "a value of type void, label or metadata"));
        }
        let slot = match values.value_at(m, idx, t) {
            // LLVM 19's reader makes a constant it can no longer have (an `icmp`, `zext`, ...
            // expression, or one containing such) `undef` here, where it cannot become
            // instructions.
            Some(Operand::Const(k)) => match is_legacy(&m.consts, k, &mut self.legacy, 0) {
                Ok(false) => Slot::Md(Metadata::Value(k)),
                Ok(true) => Slot::Md(Metadata::Value(m.consts.intern(t, ConstKind::Undef))),
                Err(e) => return Err(c.record_error(code, e)),
            },
            Some(o @ Operand::Value(_)) if in_function => Slot::Local(o),
            Some(_) => {
                return Err(c.record_error(code, format!("value {idx} is not a constant")));
            }
            None => return Err(c.record_error(code, format!("value {idx} is out of range"))),
        };
        self.define(c, code, slot)
    }

    /// A specialised record (`DILocation`, ...), through the record table.
    fn specialised(
        &mut self,
        c: &Cursor<'_>,
        m: &mut Module,
        code: u32,
        ops: &[u64],
    ) -> Result<(), BitcodeError> {
        // Ids not read yet are handed out as stand-in node ids from the top of the id range
        // (the record table cannot make nodes while it holds the module), then replaced by
        // real placeholder nodes.
        let pending: RefCell<(Vec<u64>, HashMap<u64, usize>)> = RefCell::default();
        let before = m.metadata.nodes.len();
        let entries = &self.entries;
        let fwd = &self.fwd;
        let resolve = |id: u64| -> Option<Metadata> {
            if let Some(slot) = entries.get(usize::try_from(id).ok()?) {
                return match slot {
                    Slot::Md(md) => Some(*md),
                    _ => None,
                };
            }
            if let Some(&n) = fwd.get(&id) {
                return Some(Metadata::Node(n));
            }
            let mut p = pending.borrow_mut();
            let (order, index) = &mut *p;
            let k = *index.entry(id).or_insert_with(|| {
                order.push(id);
                order.len() - 1
            });
            Some(Metadata::Node(stand_in(k)))
        };
        let (distinct, mut kind) =
            di_layout::decode(code, ops, m, &resolve).map_err(|e| c.record_error(code, e))?;
        let (pending, _) = pending.into_inner();
        if !pending.is_empty() {
            let made = m.metadata.nodes.len();
            let real: Vec<MdId> = pending.iter().map(|&id| self.placeholder(m, id)).collect();
            replace_stand_ins(&mut kind, &real);
            for i in before..made {
                if let Some(n) = m.metadata.nodes.get_mut(MdId::from_u32(i as u32)) {
                    replace_stand_ins(&mut n.kind, &real);
                }
            }
        }
        self.define_node(c, m, code, distinct, kind)
    }

    /// The metadata with id `idx` (module or current function), as a node, string or value.
    pub fn get(&self, idx: u64) -> Option<Metadata> {
        match self.entries.get(usize::try_from(idx).ok()?)? {
            Slot::Md(md) => Some(*md),
            _ => None,
        }
    }

    /// Metadata id `idx` as an operand of a call or debug record (function-local metadata
    /// gives [`MdOperand::Local`] or [`MdOperand::ArgList`]).
    pub fn operand(&self, idx: u64) -> Option<MdOperand> {
        Some(match self.entries.get(usize::try_from(idx).ok()?)? {
            Slot::Md(Metadata::Value(k)) => MdOperand::Local(Operand::Const(*k)),
            Slot::Md(md) => MdOperand::Md(*md),
            Slot::Local(o) => MdOperand::Local(*o),
            Slot::ArgList(os) => MdOperand::ArgList(os.clone()),
        })
    }

    /// The attachment kind with id `kind` (`dbg`, `tbaa`, ...).
    pub fn kind(&self, kind: u64) -> Option<Symbol> {
        self.kinds.get(&kind).copied()
    }

    /// The `DILocation` of a `FUNC_CODE_DEBUG_LOC` record's operands
    /// (`[line, column, scope, inlined-at, implicit-code]`, scope and inlined-at as id + 1).
    pub fn debug_loc(&mut self, m: &mut Module, ops: &[u64]) -> Result<MdId, BitcodeError> {
        attach::debug_loc(self, m, ops)
    }

    /// Reads a function's `METADATA_ATTACHMENT` block (the cursor is inside it): attachments
    /// of the function itself and of its instructions (`insts` in bitcode order).
    pub fn read_attachments(
        &mut self,
        c: &mut Cursor<'_>,
        m: &mut Module,
        func: GlobalId,
        insts: &[Inst],
    ) -> Result<(), BitcodeError> {
        attach::read_attachments(self, c, m, func, insts)
    }

    /// Forgets the current function's metadata (after its body).
    pub fn end_function(&mut self, body: &mut Body) {
        let _ = body;
        self.entries.truncate(self.module_len);
        self.fwd.clear();
    }
}

/// The stand-in id of the `k`th forward reference of a specialised record.
fn stand_in(k: usize) -> MdId {
    MdId::from_u32((u32::MAX - 1).wrapping_sub(k as u32))
}

/// Replaces stand-in ids (see [`stand_in`]) in `kind` by the real nodes.
fn replace_stand_ins(kind: &mut MdNodeKind, real: &[MdId]) {
    let fix = |md: &mut Metadata| {
        if let Metadata::Node(n) = md {
            let k = (u32::MAX - 1).wrapping_sub(n.as_u32()) as usize;
            if let Some(r) = real.get(k) {
                *n = *r;
            }
        }
    };
    match kind {
        MdNodeKind::Tuple(ops) => ops.iter_mut().for_each(fix),
        MdNodeKind::Record { fields, .. } => {
            for f in fields.iter_mut() {
                if let MdField::Md(md) = &mut f.value {
                    fix(md);
                }
            }
        }
        MdNodeKind::Undefined => {}
    }
}
