//! Metadata: the numbering of nodes in LLVM's `SlotTracker` order, attachments, node bodies,
//! and the inline forms (`!DIExpression(...)`, `!DIArgList(...)`, `metadata i32 %x`).

use super::di::{field_order, operand_order, skipped};
use super::names::{push_num, write_md_identifier, write_quoted, NO_SLOT};
use super::{FnCtx, ModulePrinter};
use crate::ir::function::{Body, DbgRecordKind, MdOperand};
use crate::ir::metadata::{MdField, MdNode, MdNodeKind, MdRecordField, Metadata};
use crate::ir::module::GlobalKind;
use crate::ir::{MdId, MdOpId, Operand, SecondaryMap, Symbol};
use std::collections::HashMap;
use std::fmt::Write;

// Attachment kinds LLVM 19 registers at startup come first, in id order; other kinds follow
// in order of first use. Attachments print sorted by kind id (`!dbg` first).
use crate::ir::metadata::FIXED_KINDS;

/// The sort key of an attachment kind: LLVM's fixed kind id, or after those in order of first
/// use (approximated by the order the names were interned).
fn kind_rank(m: &crate::ir::Module, k: Symbol) -> u32 {
    let name = m.symbols.get(k);
    match FIXED_KINDS.iter().position(|f| *f == name) {
        Some(r) => r as u32,
        None => (FIXED_KINDS.len() as u32).saturating_add(k.as_u32()),
    }
}

/// Records printed inline wherever they are used, never numbered.
fn is_inline_record(name: &str) -> bool {
    name == "DIExpression" || name == "DIArgList"
}

/// The `!N` of each numbered node, in LLVM's order.
#[derive(Clone, Debug)]
pub(crate) struct MdSlots {
    pub order: Vec<MdId>,
    slots: SecondaryMap<MdId, u32>,
    /// The node each node stands for after LLVM's uniquing of identical non-distinct nodes.
    canon: SecondaryMap<MdId, MdId>,
}

/// LLVM uniques non-distinct nodes by content: two `!{}` written separately are one node.
/// Maps every node to the first node equal to it (children compared after uniquing; nodes on
/// a reference cycle stay themselves).
fn unique_nodes(p: &ModulePrinter) -> SecondaryMap<MdId, MdId> {
    let nodes = &p.m.metadata.nodes;
    let n = nodes.len();
    let mut canon = SecondaryMap::from_elem(MdId::from_u32(u32::MAX), n);
    for (id, c) in canon.iter_mut() {
        *c = id;
    }
    let mut state: SecondaryMap<MdId, u8> = SecondaryMap::from_elem(0, n);
    let mut cyclic = SecondaryMap::from_elem(false, n);
    let mut table: HashMap<MdNodeKind, MdId> = HashMap::new();
    let children = |id: MdId| -> Vec<MdId> {
        let mut v = Vec::new();
        if let Some(node) = nodes.get(id) {
            match &node.kind {
                MdNodeKind::Tuple(ops) => v.extend(ops.iter().filter_map(|o| match o {
                    Metadata::Node(c) => Some(*c),
                    _ => None,
                })),
                MdNodeKind::Record { fields, .. } => {
                    v.extend(fields.iter().filter_map(|f| match &f.value {
                        MdField::Md(Metadata::Node(c)) => Some(*c),
                        _ => None,
                    }))
                }
                MdNodeKind::Undefined => {}
            }
        }
        v
    };
    for root in nodes.keys() {
        if state.get(root) != Some(&0) {
            continue;
        }
        let mut stack: Vec<(MdId, Vec<MdId>, usize)> = vec![(root, children(root), 0)];
        if let Some(s) = state.get_mut(root) {
            *s = 1;
        }
        while let Some((node, kids, idx)) = stack.last_mut() {
            let node = *node;
            if let Some(&c) = kids.get(*idx) {
                *idx += 1;
                match state.get(c) {
                    Some(0) => {
                        state[c] = 1;
                        stack.push((c, children(c), 0));
                    }
                    Some(1) => {
                        if let Some(x) = cyclic.get_mut(node) {
                            *x = true;
                        }
                    }
                    _ => {}
                }
                continue;
            }
            stack.pop();
            if let Some(s) = state.get_mut(node) {
                *s = 2;
            }
            let Some(data) = nodes.get(node) else { continue };
            if data.distinct
                || cyclic.get(node) == Some(&true)
                || matches!(data.kind, MdNodeKind::Undefined)
            {
                continue;
            }
            let map = |m: &Metadata| match m {
                Metadata::Node(c) => Metadata::Node(canon.get(*c).copied().unwrap_or(*c)),
                other => *other,
            };
            let key = match &data.kind {
                MdNodeKind::Tuple(ops) => MdNodeKind::Tuple(ops.iter().map(map).collect()),
                MdNodeKind::Record { name, fields } => MdNodeKind::Record {
                    name: *name,
                    fields: fields
                        .iter()
                        .map(|f| MdRecordField {
                            name: f.name,
                            value: match &f.value {
                                MdField::Md(m) => MdField::Md(map(m)),
                                other => *other,
                            },
                        })
                        .collect(),
                },
                MdNodeKind::Undefined => continue,
            };
            let first = *table.entry(key).or_insert(node);
            if let Some(c) = canon.get_mut(node) {
                *c = first;
            }
        }
    }
    canon
}

impl MdSlots {
    pub fn compute(p: &ModulePrinter) -> MdSlots {
        let m = p.m;
        let mut s = MdSlots {
            order: Vec::new(),
            slots: SecondaryMap::from_elem(NO_SLOT, m.metadata.nodes.len()),
            canon: unique_nodes(p),
        };
        let mut stack = Vec::new();
        for &g in &p.order.vars {
            if let Some(gv) = m.globals.get(g) {
                for n in Self::sorted_attachments(m, &gv.md) {
                    s.create(p, n, &mut stack);
                }
            }
        }
        for nm in &m.metadata.named {
            for &n in &nm.nodes {
                s.create(p, n, &mut stack);
            }
        }
        for &f in &p.order.funcs {
            function_roots(m, f, &mut |r| {
                if let Root::Md(n) = r {
                    s.create(p, n, &mut stack);
                }
            });
        }
        s
    }

    /// The nodes of attachments in printing order.
    fn sorted_attachments(m: &crate::ir::Module, md: &[(Symbol, MdId)]) -> Vec<MdId> {
        let mut v: Vec<(u32, usize, MdId)> =
            md.iter().enumerate().map(|(i, (k, n))| (kind_rank(m, *k), i, *n)).collect();
        v.sort_unstable();
        v.into_iter().map(|(_, _, n)| n).collect()
    }

    /// `SlotTracker::CreateMetadataSlot`: preorder over node operands, skipping inline records.
    fn create(&mut self, p: &ModulePrinter, n: MdId, stack: &mut Vec<MdId>) {
        stack.push(n);
        while let Some(n) = stack.pop() {
            let n = self.canon(n);
            let Some(node) = p.m.metadata.nodes.get(n) else { continue };
            if let MdNodeKind::Record { name, .. } = &node.kind {
                if is_inline_record(p.m.symbols.get(*name)) {
                    continue;
                }
            }
            match self.slots.get_mut(n) {
                Some(slot) if *slot == NO_SLOT => *slot = self.order.len() as u32,
                _ => continue,
            }
            self.order.push(n);
            let before = stack.len();
            for_each_child(p, node, |c| stack.push(c));
            stack.get_mut(before..).unwrap_or(&mut []).reverse();
        }
    }

    /// The `!N` of a node (of the node it was uniqued into).
    pub fn slot(&self, n: MdId) -> Option<u32> {
        self.slots.get(self.canon(n)).copied().filter(|&s| s != NO_SLOT)
    }

    /// The node `n` was uniqued into.
    pub fn canon(&self, n: MdId) -> MdId {
        self.canon.get(n).copied().unwrap_or(n)
    }
}

/// Calls `f` with each node operand of `node`, in LLVM's operand order.
/// What of a function the module-wide numbering meets.
pub(crate) enum Root {
    /// A metadata node it refers to.
    Md(MdId),
    /// The attribute set of a call site.
    Attrs(crate::ir::AttrSetId),
}

/// The metadata nodes function `f` refers to, in the order the numbering meets them (its
/// attachments, then per instruction its debug records, its `metadata !N` call arguments and
/// its attachments), and the attribute sets of its call sites, in order.
pub(crate) fn function_roots(
    m: &crate::ir::Module,
    f: crate::ir::GlobalId,
    visit: &mut dyn FnMut(Root),
) {
    let Some(gv) = m.globals.get(f) else { return };
    let GlobalKind::Func(func) = &gv.kind else { return };
    let own = if gv.md.is_empty() { &func.md } else { &gv.md };
    for n in MdSlots::sorted_attachments(m, own) {
        visit(Root::Md(n));
    }
    let Some(body) = &func.body else { return };
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        for &i in &bd.insts {
            if let Some(recs) = body.dbg_records.get(&i) {
                for r in recs {
                    for n in record_nodes(body, r.kind, &r.args) {
                        visit(Root::Md(n));
                    }
                }
            }
            let Some(d) = body.insts.get(i) else { continue };
            if let Some(ci) = d.call_info() {
                visit(Root::Attrs(ci.fn_attrs));
                for op in d.args.iter() {
                    if let Operand::Md(id) = op {
                        if let Some(MdOperand::Md(Metadata::Node(n))) = body.md_ops.get(*id) {
                            visit(Root::Md(*n));
                        }
                    }
                }
            }
            for n in MdSlots::sorted_attachments(m, &d.md) {
                visit(Root::Md(n));
            }
        }
    }
}

fn for_each_child(p: &ModulePrinter, node: &MdNode, mut f: impl FnMut(MdId)) {
    match &node.kind {
        MdNodeKind::Tuple(ops) => {
            for o in ops.iter() {
                if let Metadata::Node(c) = o {
                    f(*c);
                }
            }
        }
        MdNodeKind::Record { name, fields } => {
            let order = operand_order(p.m.symbols.get(*name));
            let field_name =
                |fld: &MdRecordField| fld.name.map(|s| p.m.symbols.get(s)).unwrap_or("");
            let node_of = |fld: &MdRecordField| match &fld.value {
                MdField::Md(Metadata::Node(c)) => Some(*c),
                _ => None,
            };
            for want in order {
                for fld in fields.iter().filter(|fld| field_name(fld) == *want) {
                    if let Some(c) = node_of(fld) {
                        f(c);
                    }
                }
            }
            let generic = p.m.symbols.get(*name) == "GenericDINode";
            for fld in fields.iter().filter(|fld| !order.contains(&field_name(fld))) {
                let Some(c) = node_of(fld) else { continue };
                match inline_tuple(p, generic, fld) {
                    // `GenericDINode(operands: {...})`: the elements are the record's operands.
                    Some(ops) => ops.iter().for_each(|o| {
                        if let Metadata::Node(x) = o {
                            f(*x)
                        }
                    }),
                    None => f(c),
                }
            }
        }
        MdNodeKind::Undefined => {}
    }
}

/// The elements of `GenericDINode`'s `operands: {...}` field, which LLVM writes inline.
fn inline_tuple<'m>(
    p: &ModulePrinter<'m>,
    generic: bool,
    fld: &MdRecordField,
) -> Option<&'m [Metadata]> {
    if !generic || fld.name.map(|n| p.m.symbols.get(n)) != Some("operands") {
        return None;
    }
    let MdField::Md(Metadata::Node(n)) = &fld.value else { return None };
    match &p.m.metadata.nodes.get(*n)?.kind {
        MdNodeKind::Tuple(ops) => Some(ops),
        _ => None,
    }
}

/// The nodes a debug record numbers, in LLVM's order: an empty location node, the variable
/// (or label), for `#dbg_assign` the assign id and an address node, then the location.
fn record_nodes(body: &Body, kind: DbgRecordKind, args: &[MdOpId]) -> Vec<MdId> {
    let node = |i: usize| match args.get(i).and_then(|a| body.md_ops.get(*a)) {
        Some(MdOperand::Md(Metadata::Node(n))) => Some(*n),
        _ => None,
    };
    let idx: &[usize] = match kind {
        DbgRecordKind::Label => &[0, 1],
        DbgRecordKind::Value | DbgRecordKind::Declare => &[0, 1, 3],
        DbgRecordKind::Assign => &[0, 1, 3, 4, 6],
    };
    idx.iter().filter_map(|&i| node(i)).collect()
}

impl ModulePrinter<'_> {
    /// Writes a reference to metadata: `!N`, `!"str"`, `null`, `i32 1`, or an inline
    /// `!DIExpression(...)`.
    pub(crate) fn write_md(&self, out: &mut String, md: &Metadata) {
        match md {
            Metadata::Node(n) => self.write_md_node_ref(out, *n),
            Metadata::String(s) => {
                out.push('!');
                write_quoted(
                    out,
                    &crate::ir::metadata::MetadataStore::string_bytes(&self.m.symbols, *s),
                );
            }
            Metadata::Value(c) => self.write_typed_const(out, *c),
            Metadata::Null => out.push_str("null"),
        }
    }

    /// Writes `!N`, or the body of a node printed inline.
    pub(crate) fn write_md_node_ref(&self, out: &mut String, n: MdId) {
        let Some(node) = self.m.metadata.nodes.get(n) else {
            out.push_str("<badref>");
            return;
        };
        if let MdNodeKind::Record { name, fields } = &node.kind {
            if is_inline_record(self.m.symbols.get(*name)) {
                self.write_record(out, *name, fields);
                return;
            }
        }
        match self.md_slots().slot(n) {
            Some(s) => {
                out.push('!');
                push_num(out, s.into());
            }
            None => out.push_str("<badref>"),
        }
    }

    /// Writes `!Name(field: value, ...)`: known debug-info records in LLVM's field order and
    /// without the fields LLVM leaves out, others as written.
    fn write_record(&self, out: &mut String, name: Symbol, fields: &[MdRecordField]) {
        out.push('!');
        let rname = self.m.symbols.get(name);
        out.push_str(rname);
        out.push('(');
        let fname = |f: &MdRecordField| f.name.map(|n| self.m.symbols.get(n));
        let mut first = true;
        match field_order(rname) {
            Some(order) => {
                for &(want, rule) in order {
                    for fld in fields.iter().filter(|f| fname(f) == Some(want)) {
                        if !skipped(&self.m.symbols, rule, &fld.value) {
                            self.write_field(out, fld, &mut first);
                        }
                    }
                }
                for fld in fields
                    .iter()
                    .filter(|f| !fname(f).is_some_and(|n| order.iter().any(|(w, _)| *w == n)))
                {
                    self.write_field(out, fld, &mut first);
                }
            }
            None => {
                let generic = rname == "GenericDINode";
                for fld in fields {
                    match inline_tuple(self, generic, fld) {
                        Some(ops) => {
                            if !first {
                                out.push_str(", ");
                            }
                            first = false;
                            out.push_str("operands: {");
                            for (i, o) in ops.iter().enumerate() {
                                if i > 0 {
                                    out.push_str(", ");
                                }
                                self.write_md(out, o);
                            }
                            out.push('}');
                        }
                        None => self.write_field(out, fld, &mut first),
                    }
                }
            }
        }
        out.push(')');
    }

    fn write_field(&self, out: &mut String, fld: &MdRecordField, first: &mut bool) {
        if !*first {
            out.push_str(", ");
        }
        *first = false;
        if let Some(n) = fld.name {
            out.push_str(self.m.symbols.get(n));
            out.push_str(": ");
        }
        match &fld.value {
            MdField::Md(md) => self.write_md(out, md),
            MdField::Int(s) | MdField::Words(s) => out.push_str(self.m.symbols.get(*s)),
            MdField::Str(s) => write_quoted(
                out,
                &crate::ir::metadata::MetadataStore::string_bytes(&self.m.symbols, *s),
            ),
            MdField::Value(c) => self.write_typed_const(out, *c),
        }
    }

    /// Writes a node's body: `distinct !{...}`, `!DILocation(...)`.
    pub(crate) fn write_md_body(&self, out: &mut String, node: &MdNode) {
        if node.distinct {
            out.push_str("distinct ");
        }
        match &node.kind {
            MdNodeKind::Tuple(ops) => {
                out.push_str("!{");
                for (i, o) in ops.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_md(out, o);
                }
                out.push('}');
            }
            MdNodeKind::Record { name, fields } => self.write_record(out, *name, fields),
            MdNodeKind::Undefined => out.push_str("!{}"),
        }
    }

    /// Writes a metadata operand of a call or debug record (without the `metadata` type).
    pub(crate) fn write_md_operand(&self, out: &mut String, f: Option<&FnCtx>, id: MdOpId) {
        let Some(op) = f.and_then(|f| f.body.md_ops.get(id)) else {
            out.push_str("<badref>");
            return;
        };
        match op {
            MdOperand::Md(md) => self.write_md(out, md),
            MdOperand::Local(o) => self.write_operand(out, f, *o, true),
            MdOperand::ArgList(os) => {
                out.push_str("!DIArgList(");
                for (i, o) in os.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_operand(out, f, *o, true);
                }
                out.push(')');
            }
        }
    }

    /// Writes attachments `<sep>!kind !N` sorted as LLVM sorts them.
    pub(crate) fn write_attachments(&self, out: &mut String, md: &[(Symbol, MdId)], sep: &str) {
        if md.is_empty() {
            return;
        }
        let mut v: Vec<(u32, usize)> =
            md.iter().enumerate().map(|(i, (k, _))| (kind_rank(self.m, *k), i)).collect();
        v.sort_unstable();
        for (_, i) in v {
            let Some((k, n)) = md.get(i) else { continue };
            out.push_str(sep);
            out.push('!');
            write_md_identifier(out, self.m.symbols.get(*k).as_bytes());
            out.push(' ');
            self.write_md_node_ref(out, *n);
        }
    }

    /// Writes the named metadata lines.
    pub(crate) fn write_named_metadata(&self, out: &mut String) {
        let named = &self.m.metadata.named;
        if named.is_empty() {
            return;
        }
        out.push('\n');
        for nm in named {
            out.push('!');
            write_md_identifier(out, nm.name.as_bytes());
            out.push_str(" = !{");
            for (i, &n) in nm.nodes.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.write_md_node_ref(out, n);
            }
            out.push_str("}\n");
        }
    }

    /// Writes the `!N = ...` lines.
    pub(crate) fn write_md_nodes(&self, out: &mut String) {
        let slots = self.md_slots();
        if slots.order.is_empty() {
            return;
        }
        out.push('\n');
        for (i, &n) in slots.order.iter().enumerate() {
            let Some(node) = self.m.metadata.nodes.get(n) else { continue };
            let _ = write!(out, "!{i} = ");
            self.write_md_body(out, node);
            out.push('\n');
        }
    }

    /// The attachments of global variables' metadata (used by the module writer).
    pub(crate) fn global_attachments(&self, g: crate::ir::GlobalId) -> &[(Symbol, MdId)] {
        match self.m.globals.get(g) {
            Some(gv) => match &gv.kind {
                GlobalKind::Func(f) if gv.md.is_empty() => &f.md,
                _ => &gv.md,
            },
            None => &[],
        }
    }
}
