//! Writing metadata: the kinds, the module's metadata block (strings, nodes, specialised `DI*`
//! records, named metadata, global attachments), function-local metadata, instruction
//! attachments and `DEBUG_LOC` locations.
//!
//! Ids: the module's strings first, then constants as metadata, distinct nodes and uniqued
//! nodes (see [`enumerate`]); a function's local metadata (arguments and instruction results
//! as metadata, `DIArgList`s) is numbered after all of the module's while that function is
//! written. Integers that `DI*` records store as metadata but the text writes plainly
//! (`DISubrange(count: 5)` refers to `i64 5`) become `i64` constants the value side numbers
//! ([`MdWriter::implicit_ints`], [`ValueIds::int_id`]) or `DW_OP_consts` expressions. Records refer to a node by id plus one (zero is null) except named metadata,
//! attachments and `DIArgList`s, which use the id itself. Metadata used by one function only is
//! written at module level too (LLVM moves it into the function; both read the same).
//!
//! Nothing here panics: a node that cannot be written (a specialised record the layout table
//! rejects, a reference to an undefined node, a value without an id) is left out and recorded;
//! [`MdWriter::error`] says what, and the writer must then fail.

#[path = "metadata_enum.rs"]
mod enumerate;

use super::ValueIds;
use crate::bitcode::bitstream::{Abbrev, AbbrevOp, Writer};
use crate::bitcode::codes::{block, metadata as code};
use crate::bitcode::di_layout::{self, Implicit};
use crate::ir::constants::{ConstId, ConstKind};
use crate::ir::function::{MdOperand, Value};
use crate::ir::inst::Operand;
use crate::ir::metadata::{MdField, MdNodeKind, Metadata, MetadataStore};
use crate::ir::module::GlobalId;
use crate::ir::symbol::Symbol;
use crate::ir::types::TypeId;
use crate::ir::{MdId, Module};
use enumerate::{for_each_inst, for_each_md_operand, Item, Numbering, FIXED_KINDS};
use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;

/// `DW_OP_consts`.
const DW_OP_CONSTS: u64 = 0x11;

/// A piece of function-local metadata.
#[derive(Clone, Debug)]
enum Local {
    /// An argument or instruction result as metadata: a `METADATA_VALUE` record.
    Value(Value),
    /// `DIArgList(...)`: a `METADATA_ARG_LIST` record.
    ArgList(Box<[Operand]>),
}

/// The module's metadata, numbered for writing.
#[derive(Default)]
pub(crate) struct MdWriter {
    num: Numbering,
    /// The number of module-level ids (local ids start here).
    module_count: u64,
    /// The address constant of each global (for global attachments).
    global_consts: HashMap<GlobalId, ConstId>,
    /// The current function's local metadata in id order.
    locals: Vec<Local>,
    local_values: HashMap<Value, u64>,
    local_lists: HashMap<Box<[Operand]>, u64>,
    /// The first problem met while writing.
    error: RefCell<Option<String>>,
}

impl MdWriter {
    /// Numbers every piece of metadata the module uses: named metadata, attachments of
    /// globals, functions and instructions, debug records, metadata operands of calls.
    pub fn new(m: &Module) -> MdWriter {
        let num = enumerate::number(m);
        let module_count = (num.strings.len() + num.items.len()) as u64;
        let mut global_consts = HashMap::default();
        for (c, d) in m.consts.iter() {
            if let ConstKind::Global(g) = d.kind {
                global_consts.entry(g).or_insert(c);
            }
        }
        let w = MdWriter { num, module_count, global_consts, ..MdWriter::default() };
        if let Some(e) = w.num.errors.first() {
            w.fail(e.clone());
        }
        w
    }

    /// The first problem met so far: metadata that could not be numbered or written (the
    /// output is then incomplete and must not be used).
    pub fn error(&self) -> Option<String> {
        self.error.borrow().clone()
    }

    fn fail(&self, msg: String) {
        let mut e = self.error.borrow_mut();
        if e.is_none() {
            *e = Some(msg);
        }
    }

    /// Constants that metadata refers to (`!{i32 1}`, `DIArgList(ptr @g)`): the value
    /// enumeration must number them (and their types).
    pub fn consts_used(&self) -> Vec<ConstId> {
        self.num
            .items
            .iter()
            .filter_map(|it| match it {
                Item::Const(c) => Some(*c),
                _ => None,
            })
            .collect()
    }

    /// `i64` values that metadata refers to as constants but the pool lacks (`DISubrange`
    /// bounds written as plain integers): the value enumeration must number them as implicit
    /// `i64` constants, which [`ValueIds::int_id`] then gives.
    pub fn implicit_ints(&self) -> Vec<i64> {
        self.num
            .items
            .iter()
            .filter_map(|it| match it {
                Item::Int(v) => Some(*v),
                _ => None,
            })
            .collect()
    }

    /// Writes the `METADATA_KIND_BLOCK`.
    pub fn write_kinds(&self, w: &mut Writer, m: &Module) {
        w.enter_block(block::METADATA_KIND_BLOCK_ID, 3);
        let mut ops = Vec::new();
        let mut kind = |w: &mut Writer, id: u64, name: &[u8]| {
            ops.clear();
            ops.push(id);
            ops.extend(name.iter().map(|&b| b as u64));
            w.record(code::METADATA_KIND, &ops);
        };
        for (i, name) in FIXED_KINDS.iter().enumerate() {
            kind(w, i as u64, name.as_bytes());
        }
        for (i, &k) in self.num.custom_kinds.iter().enumerate() {
            let name = crate::ir::symbol::name_to_bytes(m.symbols.get(k).as_bytes());
            kind(w, (FIXED_KINDS.len() + i) as u64, &name);
        }
        w.end_block();
    }

    /// The id of attachment kind `kind` (`dbg` is 0).
    pub fn kind_id(&self, kind: Symbol) -> Option<u64> {
        self.num.kind_ids.get(&kind).copied()
    }

    /// The id of module-level metadata (not plus one); `None` for `null` and for metadata the
    /// module does not use.
    fn md_id(&self, md: Metadata) -> Option<u64> {
        match md {
            Metadata::Null => None,
            Metadata::String(s) => self.num.string_ids.get(&s).copied(),
            Metadata::Value(c) => self.num.item_ids.get(&Item::Const(c)).copied(),
            Metadata::Node(n) => self.num.item_ids.get(&Item::Node(n)).copied(),
        }
    }

    /// The id of the metadata an integer field stands for (see [`Implicit`]).
    fn implicit_id(&self, imp: Implicit) -> Option<u64> {
        match imp {
            Implicit::I64(v) => self.num.item_ids.get(&Item::Int(v)).copied().or_else(|| {
                let c = self.num.i64_consts.get(&v)?;
                self.md_id(Metadata::Value(*c))
            }),
            Implicit::ConstsExpr(v) => self.num.item_ids.get(&Item::ConstsExpr(v)).copied(),
        }
    }

    /// A node operand: id plus one, zero for `null`.
    fn md_op(&self, md: Metadata) -> u64 {
        match md {
            Metadata::Null => 0,
            md => match self.md_id(md) {
                Some(id) => id + 1,
                None => {
                    self.fail("a metadata operand was not numbered".to_string());
                    0
                }
            },
        }
    }

    fn global_has_md(m: &Module, g: GlobalId) -> bool {
        m.globals
            .get(g)
            .is_some_and(|gv| !gv.md.is_empty() || gv.as_func().is_some_and(|f| !f.md.is_empty()))
    }

    /// Writes the module-level `METADATA_BLOCK` (nothing if the module has no metadata).
    pub fn write_module(&self, w: &mut Writer, m: &Module, ids: &dyn ValueIds) {
        let decl_attached: Vec<GlobalId> = m
            .order
            .iter()
            .copied()
            .filter(|&g| {
                let decl = m.globals.get(g).is_some_and(|gv| match gv.as_func() {
                    Some(f) => f.is_declaration(),
                    None => gv.as_var().is_some(),
                });
                decl && Self::global_has_md(m, g)
            })
            .collect();
        if self.module_count == 0 && m.metadata.named.is_empty() && decl_attached.is_empty() {
            return;
        }
        w.enter_block(block::METADATA_BLOCK_ID, 4);
        self.write_strings(w, m);
        let mut ops = Vec::new();
        for it in &self.num.items {
            ops.clear();
            match *it {
                Item::Const(c) => {
                    let ty = ids.type_id(m.consts.ty(c));
                    let v = ids.const_id(c);
                    match (ty, v) {
                        (Some(t), Some(v)) => w.record(code::METADATA_VALUE, &[t, v]),
                        _ => self
                            .fail(format!("no value id for constant {} in metadata", c.as_u32())),
                    }
                }
                Item::Int(v) => match (ids.type_id(TypeId::I64), ids.int_id(TypeId::I64, v as u64))
                {
                    (Some(t), Some(v)) => w.record(code::METADATA_VALUE, &[t, v]),
                    _ => self.fail(format!("no value id for the implicit constant i64 {v}")),
                },
                Item::ConstsExpr(v) => {
                    // Version 3, uniqued; `DW_OP_consts v`.
                    w.record(code::METADATA_EXPRESSION, &[3 << 1, DW_OP_CONSTS, v as u64])
                }
                Item::Node(n) => self.write_node(w, m, n, &mut ops),
            }
        }
        for nm in &m.metadata.named {
            ops.clear();
            let name = crate::ir::symbol::name_to_bytes(nm.name.as_bytes());
            ops.extend(name.iter().map(|&b| b as u64));
            w.record(code::METADATA_NAME, &ops);
            ops.clear();
            for &n in &nm.nodes {
                match self.md_id(Metadata::Node(n)) {
                    Some(id) => ops.push(id),
                    None => self.fail(format!("named metadata !{} has an unwritten node", nm.name)),
                }
            }
            w.record(code::METADATA_NAMED_NODE, &ops);
        }
        // LLVM writes function declarations' attachments, then all variables'.
        let (funcs, vars): (Vec<GlobalId>, Vec<GlobalId>) =
            decl_attached.into_iter().partition(|&g| m.func(g).is_some());
        for g in funcs.into_iter().chain(vars) {
            let vid = ids
                .global_id(g)
                .or_else(|| self.global_consts.get(&g).and_then(|&c| ids.const_id(c)));
            let Some(vid) = vid else {
                self.fail(format!("no value id for @{} (metadata attachment)", m.global_name(g)));
                continue;
            };
            ops.clear();
            ops.push(vid);
            self.push_global_attachments(m, g, &mut ops);
            w.record(code::METADATA_GLOBAL_DECL_ATTACHMENT, &ops);
        }
        w.end_block();
    }

    /// `[kind, node]*` of a global's (or function's) attachments.
    fn push_global_attachments(&self, m: &Module, g: GlobalId, ops: &mut Vec<u64>) {
        let Some(gv) = m.globals.get(g) else { return };
        let fmd = gv.as_func().map(|f| &f.md[..]).unwrap_or(&[]);
        for &(k, n) in gv.md.iter().chain(fmd) {
            self.push_attachment(m, k, n, ops);
        }
    }

    fn push_attachment(&self, m: &Module, k: Symbol, n: MdId, ops: &mut Vec<u64>) {
        match (self.kind_id(k), self.md_id(Metadata::Node(n))) {
            (Some(k), Some(n)) => ops.extend([k, n]),
            _ => self.fail(format!("attachment !{} was not numbered", m.symbols.get(k))),
        }
    }

    /// `METADATA_STRINGS`: `[count, offset]` and a blob of the lengths (vbr6, padded to 32
    /// bits) followed by the characters.
    fn write_strings(&self, w: &mut Writer, m: &Module) {
        if self.num.strings.is_empty() {
            return;
        }
        let abbrev = w.define_abbrev(Abbrev {
            ops: vec![
                AbbrevOp::Literal(code::METADATA_STRINGS as u64),
                AbbrevOp::Vbr(6),
                AbbrevOp::Vbr(6),
                AbbrevOp::Blob,
            ],
        });
        let mut lens = Writer::new();
        let mut chars = Vec::new();
        for &s in &self.num.strings {
            let b = MetadataStore::string_bytes(&m.symbols, s);
            lens.emit_vbr(b.len() as u64, 6);
            chars.extend_from_slice(&b);
        }
        let mut blob = lens.finish();
        let offset = blob.len() as u64;
        blob.extend_from_slice(&chars);
        let count = self.num.strings.len() as u64;
        w.record_abbrev(abbrev, code::METADATA_STRINGS, &[count, offset], Some(&blob));
    }

    fn write_node(&self, w: &mut Writer, m: &Module, n: MdId, ops: &mut Vec<u64>) {
        let Some(node) = m.metadata.nodes.get(n) else { return };
        match &node.kind {
            MdNodeKind::Tuple(elems) => {
                ops.extend(elems.iter().map(|&e| self.md_op(e)));
                let c =
                    if node.distinct { code::METADATA_DISTINCT_NODE } else { code::METADATA_NODE };
                w.record(c, ops);
            }
            kind @ MdNodeKind::Record { name, .. } => {
                let number = |md: Metadata| self.md_id(md);
                let implicit = |imp: Implicit| self.implicit_id(imp);
                match di_layout::encode_with(node.distinct, kind, m, &number, &implicit) {
                    Ok((c, rec)) => w.record(c, &rec),
                    Err(e) => self.fail(format!("!{}: {e}", m.symbols.get(*name))),
                }
            }
            MdNodeKind::Undefined => {
                self.fail(format!("metadata node {} is never defined", n.as_u32()));
            }
        }
    }

    /// The operands of a `FUNC_CODE_DEBUG_LOC` record for a `!dbg` location
    /// (`[line, column, scope + 1, inlined-at + 1, implicit-code]`), if `loc` is a `DILocation`.
    pub fn debug_loc(&self, m: &Module, loc: MdId) -> Option<[u64; 5]> {
        let MdNodeKind::Record { name, fields } = &m.metadata.nodes.get(loc)?.kind else {
            return None;
        };
        if m.symbols.get(*name) != "DILocation" {
            return None;
        }
        let mut out = [0u64; 5];
        let mut scope = None;
        for f in fields.iter() {
            let fname = f.name.map(|s| m.symbols.get(s)).unwrap_or("");
            match (fname, f.value) {
                ("line", MdField::Int(v)) => out[0] = parse_uint(m.symbols.get(v))?,
                ("column", MdField::Int(v)) => out[1] = parse_uint(m.symbols.get(v))?,
                ("scope", MdField::Md(md @ Metadata::Node(_))) => scope = Some(self.md_id(md)? + 1),
                ("inlinedAt", MdField::Md(Metadata::Null)) => out[3] = 0,
                ("inlinedAt", MdField::Md(md @ Metadata::Node(_))) => out[3] = self.md_id(md)? + 1,
                ("isImplicitCode", MdField::Words(v)) => {
                    out[4] = match m.symbols.get(v) {
                        "true" => 1,
                        "false" => 0,
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
        out[2] = scope?;
        Some(out)
    }

    /// Starts function `func`: writes its function-local `METADATA_BLOCK` if it has
    /// function-local metadata (values as metadata, `DIArgList`s).
    pub fn begin_function(
        &mut self,
        w: &mut Writer,
        m: &Module,
        func: GlobalId,
        ids: &dyn ValueIds,
    ) {
        self.end_function();
        let Some(body) = m.func(func).and_then(|f| f.body.as_ref()) else { return };
        // Values first, then argument lists (which refer to them), as LLVM numbers them.
        let mut lists: Vec<Box<[Operand]>> = Vec::new();
        let mut values: Vec<Value> = Vec::new();
        for_each_inst(body, |inst| {
            for_each_md_operand(body, inst, |op| match op {
                MdOperand::Local(Operand::Value(v)) => values.push(*v),
                MdOperand::ArgList(list) => {
                    values.extend(list.iter().filter_map(|o| match o {
                        Operand::Value(v) => Some(*v),
                        _ => None,
                    }));
                    lists.push(list.clone());
                }
                _ => {}
            })
        });
        for v in values {
            let next = self.module_count + self.locals.len() as u64;
            if let std::collections::hash_map::Entry::Vacant(e) = self.local_values.entry(v) {
                e.insert(next);
                self.locals.push(Local::Value(v));
            }
        }
        for l in lists {
            let next = self.module_count + self.locals.len() as u64;
            if !self.local_lists.contains_key(&l) {
                self.local_lists.insert(l.clone(), next);
                self.locals.push(Local::ArgList(l));
            }
        }
        if self.locals.is_empty() {
            return;
        }
        w.enter_block(block::METADATA_BLOCK_ID, 3);
        let mut ops = Vec::new();
        for l in &self.locals {
            ops.clear();
            match l {
                Local::Value(v) => match (ids.type_id(body.value_ty(*v)), ids.local_id(*v)) {
                    (Some(t), Some(id)) => w.record(code::METADATA_VALUE, &[t, id]),
                    _ => self.fail(format!(
                        "no value id for a local value used as metadata in @{}",
                        m.global_name(func)
                    )),
                },
                Local::ArgList(list) => {
                    for o in list.iter() {
                        match self.local_operand_id(*o) {
                            Some(id) => ops.push(id),
                            None => self.fail("a DIArgList operand was not numbered".to_string()),
                        }
                    }
                    w.record(code::METADATA_ARG_LIST, &ops);
                }
            }
        }
        w.end_block();
    }

    /// The metadata id of a value operand wrapped as metadata.
    fn local_operand_id(&self, o: Operand) -> Option<u64> {
        match o {
            Operand::Value(v) => self.local_values.get(&v).copied(),
            Operand::Const(c) => self.md_id(Metadata::Value(c)),
            Operand::Md(_) => None,
        }
    }

    /// The metadata id of a call's or debug record's metadata operand.
    pub fn operand_id(&self, op: &MdOperand) -> Option<u64> {
        match op {
            MdOperand::Md(md) => self.md_id(*md),
            MdOperand::Local(o) => self.local_operand_id(*o),
            MdOperand::ArgList(list) => self.local_lists.get(&list[..]).copied(),
        }
    }

    /// Writes the function's `METADATA_ATTACHMENT` block (function attachments, and
    /// instruction attachments other than `!dbg`), if there are any.
    pub fn write_attachments(&self, w: &mut Writer, m: &Module, func: GlobalId) {
        let Some(body) = m.func(func).and_then(|f| f.body.as_ref()) else { return };
        let mut recs: Vec<Vec<u64>> = Vec::new();
        if Self::global_has_md(m, func) {
            let mut ops = Vec::new();
            self.push_global_attachments(m, func, &mut ops);
            recs.push(ops);
        }
        let dbg = m.symbols.lookup("dbg");
        let mut index = 0u64;
        for_each_inst(body, |inst| {
            let i = index;
            index += 1;
            let Some(data) = body.insts.get(inst) else { return };
            let mut ops = vec![i];
            for &(k, n) in data.md.iter().filter(|(k, _)| Some(*k) != dbg) {
                self.push_attachment(m, k, n, &mut ops);
            }
            if ops.len() > 1 {
                recs.push(ops);
            }
        });
        if recs.is_empty() {
            return;
        }
        w.enter_block(block::METADATA_ATTACHMENT_ID, 3);
        for r in &recs {
            w.record(code::METADATA_ATTACHMENT, r);
        }
        w.end_block();
    }

    /// Forgets the current function's local metadata.
    pub fn end_function(&mut self) {
        self.locals.clear();
        self.local_values.clear();
        self.local_lists.clear();
    }
}

/// An unsigned integer field as written (decimal, or `0x` hexadecimal).
fn parse_uint(s: &str) -> Option<u64> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

// `#[cfg(test)]` right before the declaration: the layering test knows test modules by it.
#[path = "metadata_tests.rs"]
#[cfg(test)]
mod metadata_tests;
