//! Numbering the module's metadata for writing: which strings, constants and nodes the module
//! uses (reached from named metadata, attachments, debug records and metadata operands of
//! calls), in the order `llvm-as-19` gives them (strings, then values, then distinct nodes,
//! then uniqued nodes, each group in post-order), and the attachment kinds.

use crate::bitcode::di_layout::{self, Implicit};
use crate::ir::constants::{ConstId, ConstKind};
use crate::ir::function::{Body, MdOperand};
use crate::ir::inst::Operand;
use crate::ir::metadata::{MdField, MdNodeKind, Metadata};
use crate::ir::module::GlobalId;
use crate::ir::symbol::Symbol;
use crate::ir::{MdId, Module};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

pub(super) use crate::ir::metadata::FIXED_KINDS;

/// A piece of module-level metadata other than a string.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Item {
    /// A constant as metadata (`i32 1`, `ptr @g`): a `METADATA_VALUE` record.
    Const(ConstId),
    /// A node: a tuple or a specialised record.
    Node(MdId),
    /// `i64 v` as metadata where the pool has no such constant (a `DISubrange` bound written
    /// as a plain integer): the value side numbers it as an implicit constant.
    Int(i64),
    /// The uniqued `!DIExpression(DW_OP_consts, v)` a `DIGenericSubrange` bound written as a
    /// plain integer stands for.
    ConstsExpr(i64),
}

/// The module's metadata in id order, and the attachment kinds.
#[derive(Default)]
pub(super) struct Numbering {
    /// The strings, ids `0..strings.len()`.
    pub strings: Vec<Symbol>,
    /// The other items, ids from `strings.len()` on.
    pub items: Vec<Item>,
    /// The id of each string.
    pub string_ids: HashMap<Symbol, u64>,
    /// The id of each item.
    pub item_ids: HashMap<Item, u64>,
    /// The module's custom kinds in order (ids from `FIXED_KINDS.len()` on).
    pub custom_kinds: Vec<Symbol>,
    /// The id of every kind the module attaches.
    pub kind_ids: HashMap<Symbol, u64>,
    /// The pool's `i64` constants by value (the first of each value).
    pub i64_consts: HashMap<i64, ConstId>,
    /// Problems met (nodes that cannot be written).
    pub errors: Vec<String>,
}

/// Walks the module and numbers its metadata.
pub(super) fn number(m: &Module) -> Numbering {
    let mut i64_consts = HashMap::default();
    for (c, d) in m.consts.iter() {
        if let (Some(64), ConstKind::Int(v)) = (m.types.int_bits(d.ty), &d.kind) {
            i64_consts.entry(v.low_u64() as i64).or_insert(c);
        }
    }
    let mut e = Enumerator {
        m,
        ints: Vec::new(),
        exprs: Vec::new(),
        implicit_seen: HashSet::default(),
        out: Numbering { i64_consts, ..Numbering::default() },
        consts: Vec::new(),
        const_seen: HashSet::default(),
        nodes: Vec::new(),
        node_seen: HashSet::default(),
    };
    for nm in &m.metadata.named {
        for &n in &nm.nodes {
            e.add(Metadata::Node(n));
        }
    }
    for &g in &m.order {
        e.global(g);
    }
    e.finish()
}

struct Enumerator<'m> {
    m: &'m Module,
    /// Implicit `i64` constants and `DW_OP_consts` expressions, in order of use.
    ints: Vec<i64>,
    exprs: Vec<i64>,
    implicit_seen: HashSet<Implicit>,
    out: Numbering,
    consts: Vec<ConstId>,
    const_seen: HashSet<ConstId>,
    nodes: Vec<MdId>,
    node_seen: HashSet<MdId>,
}

impl<'m> Enumerator<'m> {
    fn kind(&mut self, kind: Symbol) {
        if self.out.kind_ids.contains_key(&kind) {
            return;
        }
        let name = self.m.symbols.get(kind);
        let id = match FIXED_KINDS.iter().position(|k| *k == name) {
            Some(i) => i as u64,
            None => {
                self.out.custom_kinds.push(kind);
                (FIXED_KINDS.len() + self.out.custom_kinds.len() - 1) as u64
            }
        };
        self.out.kind_ids.insert(kind, id);
    }

    fn attachments(&mut self, md: &[(Symbol, MdId)]) {
        for &(k, n) in md {
            self.kind(k);
            self.add(Metadata::Node(n));
        }
    }

    /// The attachments of a global, and for a defined function everything in its body.
    fn global(&mut self, g: GlobalId) {
        let m = self.m;
        let Some(gv) = m.globals.get(g) else { return };
        self.attachments(&gv.md);
        let Some(f) = gv.as_func() else { return };
        self.attachments(&f.md);
        let Some(body) = &f.body else { return };
        for_each_inst(body, |inst| {
            let Some(data) = body.insts.get(inst) else { return };
            self.attachments(&data.md);
            for_each_md_operand(body, inst, |op| self.operand(op));
        });
    }

    /// A call's or debug record's metadata operand: its module-level parts.
    fn operand(&mut self, op: &MdOperand) {
        match op {
            MdOperand::Md(md) => self.add(*md),
            MdOperand::Local(Operand::Const(c)) => self.add(Metadata::Value(*c)),
            MdOperand::Local(_) => {}
            MdOperand::ArgList(list) => {
                for o in list.iter() {
                    if let Operand::Const(c) = o {
                        self.add(Metadata::Value(*c));
                    }
                }
            }
        }
    }

    fn add(&mut self, md: Metadata) {
        match md {
            Metadata::Null => {}
            Metadata::String(s) => self.string(s),
            Metadata::Value(c) => {
                if self.const_seen.insert(c) {
                    self.consts.push(c);
                }
            }
            Metadata::Node(n) => self.walk(n),
        }
    }

    fn string(&mut self, s: Symbol) {
        let next = self.out.strings.len() as u64;
        if let std::collections::hash_map::Entry::Vacant(v) = self.out.string_ids.entry(s) {
            v.insert(next);
            self.out.strings.push(s);
        }
    }

    /// The metadata a record refers to that its text gives as plain integers.
    fn implicit(&mut self, n: MdId) {
        let m = self.m;
        let Some(node) = m.metadata.nodes.get(n) else { return };
        for imp in di_layout::implicit_operands(&node.kind, m) {
            match imp {
                Implicit::I64(v) => match self.out.i64_consts.get(&v) {
                    Some(&c) => self.add(Metadata::Value(c)),
                    None => {
                        if self.implicit_seen.insert(imp) {
                            self.ints.push(v);
                        }
                    }
                },
                Implicit::ConstsExpr(v) => {
                    if self.implicit_seen.insert(imp) {
                        self.exprs.push(v);
                    }
                }
            }
        }
    }

    /// Numbers `root` and everything it reaches, operands before the nodes that use them
    /// (cycles aside); without recursion, so deep chains cannot overflow the stack.
    fn walk(&mut self, root: MdId) {
        if !self.node_seen.insert(root) {
            return;
        }
        self.implicit(root);
        let mut stack: Vec<(MdId, usize)> = vec![(root, 0)];
        while let Some(top) = stack.last_mut() {
            let (n, i) = *top;
            top.1 += 1;
            match operand_at(self.m, n, i) {
                Some(Metadata::Node(c)) => {
                    if self.node_seen.insert(c) {
                        self.implicit(c);
                        stack.push((c, 0));
                    }
                }
                Some(md) => self.add(md),
                None => {
                    stack.pop();
                    match self.m.metadata.nodes.get(n).map(|d| &d.kind) {
                        Some(MdNodeKind::Tuple(_) | MdNodeKind::Record { .. }) => {
                            self.nodes.push(n)
                        }
                        _ => self.out.errors.push(format!(
                            "metadata node {} is referenced but never defined",
                            n.as_u32()
                        )),
                    }
                }
            }
        }
    }

    fn finish(self) -> Numbering {
        let mut out = self.out;
        let m = self.m;
        let distinct = |n: &MdId| m.metadata.nodes.get(*n).is_some_and(|d| d.distinct);
        let (d, u): (Vec<MdId>, Vec<MdId>) = self.nodes.into_iter().partition(distinct);
        let items = self
            .consts
            .iter()
            .map(|&c| Item::Const(c))
            .chain(self.ints.iter().map(|&v| Item::Int(v)))
            .chain(d.into_iter().map(Item::Node))
            .chain(self.exprs.iter().map(|&v| Item::ConstsExpr(v)))
            .chain(u.into_iter().map(Item::Node));
        for (next, it) in (out.strings.len() as u64..).zip(items) {
            out.item_ids.insert(it, next);
            out.items.push(it);
        }
        out
    }
}

/// Operand `i` of node `n` as metadata: tuple elements, and the metadata, string and value
/// fields of a specialised record (other fields, and empty strings, give `Null`); `None` past
/// the end.
fn operand_at(m: &Module, n: MdId, i: usize) -> Option<Metadata> {
    match &m.metadata.nodes.get(n)?.kind {
        MdNodeKind::Tuple(elems) => elems.get(i).copied(),
        MdNodeKind::Record { fields, .. } => Some(match fields.get(i)?.value {
            MdField::Md(md) => md,
            // An empty string field is null in bitcode, as in LLVM.
            MdField::Str(s) if m.symbols.get(s).is_empty() => Metadata::Null,
            MdField::Str(s) => Metadata::String(s),
            MdField::Value(c) => Metadata::Value(c),
            MdField::Int(_) | MdField::Words(_) => Metadata::Null,
        }),
        MdNodeKind::Undefined => None,
    }
}

/// Calls `f` for every instruction of the body in layout order (the order the writer numbers
/// instructions in).
pub(super) fn for_each_inst(body: &Body, mut f: impl FnMut(crate::ir::inst::Inst)) {
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        for &i in &bd.insts {
            f(i);
        }
    }
}

/// Calls `f` for every metadata operand of `inst`: call arguments and bundle inputs of type
/// `metadata`, then the operands of the debug records before it.
pub(super) fn for_each_md_operand(
    body: &Body,
    inst: crate::ir::inst::Inst,
    mut f: impl FnMut(&MdOperand),
) {
    let mut op = |o: &Operand| {
        if let Operand::Md(id) = o {
            if let Some(mo) = body.md_ops.get(*id) {
                f(mo);
            }
        }
    };
    if let Some(data) = body.insts.get(inst) {
        data.args.iter().for_each(&mut op);
        if let Some(ci) = data.call_info() {
            ci.bundles.iter().flat_map(|b| b.inputs.iter()).for_each(&mut op);
        }
    }
    if let Some(recs) = body.dbg_records.get(&inst) {
        for r in recs {
            for &a in &r.args {
                if let Some(mo) = body.md_ops.get(a) {
                    f(mo);
                }
            }
        }
    }
}
