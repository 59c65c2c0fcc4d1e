//! Types, and the order and numbering of identified structs as LLVM's `TypeFinder` finds them.

use super::names::{push_num, write_name_str, write_quoted, NO_SLOT};
use super::ModulePrinter;
use crate::ir::function::{DbgRecord, MdOperand};
use crate::ir::inst::{Clause, Extra};
use crate::ir::metadata::{MdField, MdNodeKind, Metadata};
use crate::ir::module::GlobalKind;
use crate::ir::types::{NamedStructId, TypeName};
use crate::ir::{
    Attr, AttrSetId, ConstId, ConstKind, EntityRef, MdId, Operand, SecondaryMap, Type, TypeId,
};
use std::fmt::Write;

/// The identified structs in printing order, and the numbers of the unnamed ones.
#[derive(Clone, Debug, Default)]
pub(crate) struct TypeOrder {
    /// Structs used by the module: numbered ones first (by number), then named ones, in the
    /// order LLVM finds them. These get a `%T = type ...` line.
    pub printed: Vec<NamedStructId>,
    /// The `%N` of each unnamed struct ([`NO_SLOT`] for named ones).
    numbers: SecondaryMap<NamedStructId, u32>,
}

impl TypeOrder {
    /// Walks the module as LLVM's `TypeFinder` does.
    pub fn compute(p: &ModulePrinter) -> TypeOrder {
        let m = p.m;
        let mut f = Finder {
            p,
            types_seen: SecondaryMap::from_elem(false, m.types.len()),
            consts_seen: SecondaryMap::from_elem(false, m.consts.len()),
            md_seen: SecondaryMap::from_elem(false, m.metadata.nodes.len()),
            found: Vec::new(),
            stack: Vec::new(),
            cstack: Vec::new(),
        };
        for &g in &p.order.vars {
            if let Some(GlobalKind::Var(v)) = m.globals.get(g).map(|gv| &gv.kind) {
                f.ty(v.value_ty);
                if let Some(i) = v.init {
                    f.konst(i);
                }
            }
        }
        for &g in &p.order.aliases {
            if let Some(GlobalKind::Alias { value_ty, aliasee }) =
                m.globals.get(g).map(|gv| &gv.kind)
            {
                f.ty(*value_ty);
                f.konst(*aliasee);
            }
        }
        for &g in &p.order.ifuncs {
            if let Some(GlobalKind::IFunc { value_ty, .. }) = m.globals.get(g).map(|gv| &gv.kind) {
                f.ty(*value_ty);
            }
        }
        for &g in &p.order.funcs {
            let Some(func) = m.func(g) else { continue };
            f.ty(func.ty);
            f.attrs(func.fn_attrs);
            f.attrs(func.ret_attrs);
            for prm in &func.params {
                f.attrs(prm.attrs);
            }
            for c in [func.personality, func.prefix, func.prologue].into_iter().flatten() {
                f.konst(c);
            }
            let Some(body) = &func.body else { continue };
            for &b in &body.layout {
                let Some(bd) = body.blocks.get(b) else { continue };
                for &i in &bd.insts {
                    let Some(d) = body.insts.get(i) else { continue };
                    f.ty(d.ty);
                    let is_shuffle = d.op == crate::ir::Opcode::ShuffleVector;
                    let skip_first = d.call_info().is_some();
                    for (k, op) in d.args.iter().enumerate() {
                        if (skip_first && k == 0) || (is_shuffle && k == 2) {
                            continue;
                        }
                        f.operand(body, *op);
                    }
                    if let Some(ci) = d.call_info() {
                        for bu in ci.bundles.iter() {
                            for op in bu.inputs.iter() {
                                f.operand(body, *op);
                            }
                        }
                        if let Some(op) = d.args.first() {
                            f.operand(body, *op);
                        }
                    }
                    match &d.extra {
                        Extra::Switch { cases, .. } => cases.iter().for_each(|(c, _)| f.konst(*c)),
                        Extra::LandingPad(cl) => {
                            for c in cl.iter() {
                                let (Clause::Catch(op) | Clause::Filter(op)) = c;
                                f.operand(body, *op);
                            }
                        }
                        Extra::Gep { source_ty } => f.ty(*source_ty),
                        Extra::Alloca { elem_ty, .. } => f.ty(*elem_ty),
                        _ => {}
                    }
                    if let Some(ci) = d.call_info() {
                        f.attrs(ci.fn_attrs);
                        f.attrs(ci.ret_attrs);
                        for a in ci.arg_attrs.iter() {
                            f.attrs(*a);
                        }
                    }
                    for (kind, n) in d.md.iter() {
                        if m.symbols.get(*kind) != "dbg" {
                            f.md(*n);
                        }
                    }
                    if let Some(recs) = body.dbg_records.get(&i) {
                        for r in recs {
                            f.record(body, r);
                        }
                    }
                }
            }
        }
        for nm in &m.metadata.named {
            for &n in &nm.nodes {
                f.md(n);
            }
        }
        let found = std::mem::take(&mut f.found);
        let mut numbers = SecondaryMap::from_elem(NO_SLOT, m.types.named.len());
        let mut printed_numbered = Vec::new();
        let mut printed_named = Vec::new();
        let mut next = 0u32;
        for n in found {
            if struct_named(p, n).is_some() {
                printed_named.push(n);
            } else if let Some(slot) = numbers.get_mut(n) {
                *slot = next;
                next += 1;
                printed_numbered.push(n);
            }
        }
        // Unused unnamed structs are not printed, but still get numbers for diagnostics.
        for (n, _) in m.types.named.iter() {
            if struct_named(p, n).is_none() {
                if let Some(slot) = numbers.get_mut(n) {
                    if *slot == NO_SLOT {
                        *slot = next;
                        next += 1;
                    }
                }
            }
        }
        printed_numbered.extend(printed_named);
        TypeOrder { printed: printed_numbered, numbers }
    }

    /// The `%N` of an unnamed struct.
    pub fn number(&self, n: NamedStructId) -> Option<u32> {
        self.numbers.get(n).copied().filter(|&x| x != NO_SLOT)
    }
}

/// The name of an identified struct, `None` when unnamed (numbered or empty).
pub(crate) fn struct_named<'m>(p: &ModulePrinter<'m>, n: NamedStructId) -> Option<&'m str> {
    match p.m.types.named.get(n).map(|s| &s.name) {
        Some(TypeName::Named(s)) => {
            let t = p.m.symbols.get(*s);
            (!t.is_empty()).then_some(t)
        }
        _ => None,
    }
}

struct Finder<'p, 'm> {
    p: &'p ModulePrinter<'m>,
    types_seen: SecondaryMap<TypeId, bool>,
    consts_seen: SecondaryMap<ConstId, bool>,
    md_seen: SecondaryMap<MdId, bool>,
    found: Vec<NamedStructId>,
    stack: Vec<TypeId>,
    cstack: Vec<ConstId>,
}

/// Marks `k` in `seen`; true when it was not marked before (and `k` is in range).
fn mark<K: EntityRef>(seen: &mut SecondaryMap<K, bool>, k: K) -> bool {
    match seen.get_mut(k) {
        Some(s) if !*s => {
            *s = true;
            true
        }
        _ => false,
    }
}

impl Finder<'_, '_> {
    /// `TypeFinder::incorporateType`: preorder, marking types when they are pushed.
    fn ty(&mut self, t: TypeId) {
        if !mark(&mut self.types_seen, t) {
            return;
        }
        let types = &self.p.m.types;
        self.stack.push(t);
        while let Some(t) = self.stack.pop() {
            let subs: &[TypeId] = match types.get(t) {
                Type::Named(n) => {
                    self.found.push(*n);
                    types
                        .named
                        .get(*n)
                        .and_then(|s| s.body.as_ref())
                        .map(|b| &*b.fields)
                        .unwrap_or(&[])
                }
                Type::Struct { fields, .. } => fields,
                Type::Func { ret, params, .. } => {
                    for &s in params.iter().rev() {
                        if mark(&mut self.types_seen, s) {
                            self.stack.push(s);
                        }
                    }
                    if mark(&mut self.types_seen, *ret) {
                        self.stack.push(*ret);
                    }
                    continue;
                }
                Type::Array { elem, .. } | Type::Vector { elem, .. } => std::slice::from_ref(elem),
                Type::Target { types: ts, .. } => ts,
                _ => &[],
            };
            for &s in subs.iter().rev() {
                if mark(&mut self.types_seen, s) {
                    self.stack.push(s);
                }
            }
        }
    }

    /// `TypeFinder::incorporateValue` for constants (globals are skipped, as in LLVM).
    fn konst(&mut self, c: ConstId) {
        self.cstack.push(c);
        while let Some(c) = self.cstack.pop() {
            let Some(d) = self.p.cdata(c) else { continue };
            if matches!(d.kind, ConstKind::Global(_) | ConstKind::InlineAsm(_)) {
                continue;
            }
            if !mark(&mut self.consts_seen, c) {
                continue;
            }
            self.ty(d.ty);
            let ops: &[ConstId] = match &d.kind {
                ConstKind::Aggregate(e) | ConstKind::PtrAuth(e) => e,
                ConstKind::Expr(e) => {
                    if let Some(s) = e.source_ty {
                        self.ty(s);
                    }
                    &e.operands
                }
                _ => &[],
            };
            for &o in ops.iter().rev() {
                self.cstack.push(o);
            }
        }
    }

    fn operand(&mut self, body: &crate::ir::Body, op: Operand) {
        match op {
            Operand::Value(_) => {}
            Operand::Const(c) => self.konst(c),
            Operand::Md(id) => match body.md_ops.get(id) {
                Some(MdOperand::Md(md)) => self.metadata(md),
                Some(MdOperand::Local(o)) => self.operand(body, *o),
                Some(MdOperand::ArgList(os)) => os.iter().for_each(|o| self.operand(body, *o)),
                None => {}
            },
        }
    }

    fn metadata(&mut self, md: &Metadata) {
        match md {
            Metadata::Node(n) => self.md(*n),
            Metadata::Value(c) => self.konst(*c),
            _ => {}
        }
    }

    fn record(&mut self, body: &crate::ir::Body, r: &DbgRecord) {
        for &a in &r.args {
            match body.md_ops.get(a) {
                Some(MdOperand::Md(md)) => self.metadata(md),
                Some(MdOperand::Local(o)) => self.operand(body, *o),
                Some(MdOperand::ArgList(os)) => os.iter().for_each(|o| self.operand(body, *o)),
                None => {}
            }
        }
    }

    /// `TypeFinder::incorporateMDNode`: the constants inside metadata.
    fn md(&mut self, n: MdId) {
        let mut stack = vec![n];
        while let Some(n) = stack.pop() {
            if !mark(&mut self.md_seen, n) {
                continue;
            }
            let Some(node) = self.p.m.metadata.nodes.get(n) else { continue };
            let mut push = |md: &Metadata, f: &mut Self| match md {
                Metadata::Node(x) => stack.push(*x),
                Metadata::Value(c) => f.konst(*c),
                _ => {}
            };
            match &node.kind {
                MdNodeKind::Tuple(ops) => ops.iter().for_each(|o| push(o, self)),
                MdNodeKind::Record { fields, .. } => {
                    for fld in fields.iter() {
                        match &fld.value {
                            MdField::Md(md) => push(md, self),
                            MdField::Value(c) => self.konst(*c),
                            _ => {}
                        }
                    }
                }
                MdNodeKind::Undefined => {}
            }
        }
    }

    /// `TypeFinder::incorporateAttributes`: the types of `byval(T)` and friends.
    fn attrs(&mut self, s: AttrSetId) {
        for a in self.p.m.attrs.get(s) {
            if let Attr::Type(_, t) = a {
                self.ty(*t);
            }
        }
    }
}

impl ModulePrinter<'_> {
    /// Writes a type.
    pub(crate) fn write_type(&self, out: &mut String, t: TypeId) {
        let types = &self.m.types;
        match types.get(t) {
            Type::Void => out.push_str("void"),
            Type::Label => out.push_str("label"),
            Type::Token => out.push_str("token"),
            Type::Metadata => out.push_str("metadata"),
            Type::X86Amx => out.push_str("x86_amx"),
            Type::Int(b) => {
                out.push('i');
                push_num(out, (*b).into());
            }
            Type::Float(k) => out.push_str(k.name()),
            Type::Ptr(0) => out.push_str("ptr"),
            Type::Ptr(a) => {
                let _ = write!(out, "ptr addrspace({a})");
            }
            Type::Target { name, types: ts, ints } => {
                out.push_str("target(");
                write_quoted(out, name);
                for &x in ts.iter() {
                    out.push_str(", ");
                    self.write_type(out, x);
                }
                for i in ints.iter() {
                    let _ = write!(out, ", {i}");
                }
                out.push(')');
            }
            Type::Vector { scalable, len, elem } => {
                out.push('<');
                if *scalable {
                    out.push_str("vscale x ");
                }
                push_num(out, u64::from(*len));
                out.push_str(" x ");
                self.write_type(out, *elem);
                out.push('>');
            }
            Type::Array { len, elem } => {
                out.push('[');
                push_num(out, *len);
                out.push_str(" x ");
                self.write_type(out, *elem);
                out.push(']');
            }
            Type::Struct { packed, fields } => self.write_struct_body(out, *packed, fields),
            Type::Named(n) => {
                out.push('%');
                match struct_named(self, *n) {
                    Some(name) => write_name_str(out, name),
                    None => match self.types().number(*n) {
                        Some(k) => push_num(out, k.into()),
                        None => out.push_str("<badref>"),
                    },
                }
            }
            Type::Func { ret, params, vararg } => {
                self.write_type(out, *ret);
                out.push_str(" (");
                for (i, &p) in params.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_type(out, p);
                }
                if *vararg {
                    if !params.is_empty() {
                        out.push_str(", ");
                    }
                    out.push_str("...");
                }
                out.push(')');
            }
        }
    }

    /// Writes `{ a, b }`, `<{ a }>` or `{}`.
    pub(crate) fn write_struct_body(&self, out: &mut String, packed: bool, fields: &[TypeId]) {
        if packed {
            out.push('<');
        }
        if fields.is_empty() {
            out.push_str("{}");
        } else {
            out.push_str("{ ");
            for (i, &f) in fields.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                self.write_type(out, f);
            }
            out.push_str(" }");
        }
        if packed {
            out.push('>');
        }
    }

    /// Writes the `%T = type ...` definitions of the used identified structs.
    pub(crate) fn write_type_definitions(&self, out: &mut String) {
        let order = self.types();
        if order.printed.is_empty() {
            return;
        }
        out.push('\n');
        for &n in &order.printed {
            let Some(s) = self.m.types.named.get(n) else { continue };
            self.write_type(out, s.id);
            out.push_str(" = type ");
            match &s.body {
                Some(b) => self.write_struct_body(out, b.packed, &b.fields),
                None => out.push_str("opaque"),
            }
            out.push('\n');
        }
    }
}
