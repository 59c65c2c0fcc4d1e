//! The module layout: header, struct types, comdats, globals, aliases, ifuncs, functions
//! (blocks with their `; preds` comments), use-list directives, attribute groups, metadata.

use super::names::{
    local_named, push_num, write_block_ref, write_calling_conv, write_local_value, write_name_str,
    write_quoted, LocalSlots,
};
use super::{global_named, FnCtx, ModulePrinter};
use crate::ir::module::{
    sanitizer, ComdatId, GlobalKind, GlobalValue, Linkage, Preemption, Visibility,
};
use crate::ir::{Block, GlobalId, SecondaryMap};
use std::fmt::Write;

/// Writes the whole module.
pub(crate) fn write_module(p: &ModulePrinter, out: &mut String) {
    let start = out.len();
    write_head(p, out);
    for &g in &p.order.funcs {
        out.push('\n');
        write_function(p, out, g);
    }
    write_tail(p, out);
    // Sections are separated by blank lines; a module without header lines starts with none.
    let lead = out.get(start..).map_or(0, |s| s.len() - s.trim_start_matches('\n').len());
    out.replace_range(start..start + lead, "");
}

/// What the module prints before its functions.
pub(crate) fn write_head(p: &ModulePrinter, out: &mut String) {
    let m = p.m;
    out.reserve(m.consts.len() * 8 + m.metadata.nodes.len() * 32 + 4096);
    if let Some(s) = m.source_filename.as_deref().filter(|s| !s.is_empty()) {
        out.push_str("source_filename = ");
        write_quoted(out, s);
        out.push('\n');
    }
    if let Some(s) = m.datalayout_str.as_deref().filter(|s| !s.is_empty()) {
        out.push_str("target datalayout = ");
        write_quoted(out, s);
        out.push('\n');
    }
    if let Some(s) = m.triple.as_deref().filter(|s| !s.is_empty()) {
        out.push_str("target triple = ");
        write_quoted(out, s);
        out.push('\n');
    }
    write_module_asm(m, out);
    p.write_type_definitions(out);
    write_comdats(p, out);
    if !p.order.vars.is_empty() {
        out.push('\n');
    }
    for &g in &p.order.vars {
        write_global_var(p, out, g);
        out.push('\n');
    }
    if !p.order.aliases.is_empty() {
        out.push('\n');
    }
    for &g in &p.order.aliases {
        write_alias(p, out, g);
    }
    if !p.order.ifuncs.is_empty() {
        out.push('\n');
    }
    for &g in &p.order.ifuncs {
        write_alias(p, out, g);
    }
}

/// What the module prints after its functions.
pub(crate) fn write_tail(p: &ModulePrinter, out: &mut String) {
    let m = p.m;
    super::uselist::write_module_directives(p, out);
    p.write_attr_groups(out);
    p.write_named_metadata(out);
    p.write_md_nodes(out);
    if !m.summaries.is_empty() {
        out.push('\n');
        for t in &m.summaries {
            out.push_str(t.trim());
            out.push('\n');
        }
    }
}

/// `module asm` lines, split on newlines as LLVM stores them (one string, `\n`-terminated).
fn write_module_asm(m: &crate::ir::Module, out: &mut String) {
    let mut all: Vec<u8> = Vec::new();
    for line in &m.module_asm {
        all.extend_from_slice(line);
        if !all.is_empty() && all.last() != Some(&b'\n') {
            all.push(b'\n');
        }
    }
    if all.is_empty() {
        return;
    }
    out.push('\n');
    let mut rest: &[u8] = &all;
    loop {
        let (front, tail) = match rest.iter().position(|&c| c == b'\n') {
            Some(i) => (rest.get(..i).unwrap_or(&[]), rest.get(i + 1..).unwrap_or(&[])),
            None => (rest, &[][..]),
        };
        out.push_str("module asm ");
        write_quoted(out, front);
        out.push('\n');
        rest = tail;
        if rest.is_empty() {
            break;
        }
    }
}

fn write_comdat_name(p: &ModulePrinter, out: &mut String, c: ComdatId) {
    out.push('$');
    match p.m.comdats.get(c) {
        Some(cd) => write_name_str(out, p.m.symbols.get(cd.name)),
        None => out.push_str("<badref>"),
    }
}

/// The comdats used by functions, then by variables (LLVM's `global_objects` order).
fn write_comdats(p: &ModulePrinter, out: &mut String) {
    let m = p.m;
    let mut seen = SecondaryMap::from_elem(false, m.comdats.len());
    let mut used = Vec::new();
    for &g in p.order.funcs.iter().chain(&p.order.vars) {
        if let Some(c) = m.globals.get(g).and_then(|gv| gv.comdat) {
            if let Some(s) = seen.get_mut(c) {
                if !*s {
                    *s = true;
                    used.push(c);
                }
            }
        }
    }
    if used.is_empty() {
        return;
    }
    out.push('\n');
    for (i, &c) in used.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_comdat_name(p, out, c);
        out.push_str(" = comdat ");
        out.push_str(m.comdats.get(c).map(|cd| cd.kind.name()).unwrap_or("any"));
        out.push('\n');
    }
}

/// `comdat` or `comdat($other)` (`sep` is "," for variables, "" for functions).
fn write_comdat_use(p: &ModulePrinter, out: &mut String, g: GlobalId, gv: &GlobalValue, sep: &str) {
    let Some(c) = gv.comdat else { return };
    out.push_str(sep);
    out.push_str(" comdat");
    let cname = p.m.comdats.get(c).map(|cd| p.m.symbols.get(cd.name));
    if cname.is_none() || cname != global_named(p.m, g) {
        out.push('(');
        write_comdat_name(p, out, c);
        out.push(')');
    }
}

/// Linkage, `dso_local` (unless implied), visibility and DLL storage, each with a trailing space.
fn write_linkage_etc(out: &mut String, gv: &GlobalValue) {
    if !gv.linkage.is_external() {
        out.push_str(gv.linkage.name());
        out.push(' ');
    }
    let implicit = gv.linkage.is_local()
        || (gv.visibility != Visibility::Default && gv.linkage != Linkage::ExternWeak);
    if gv.preemption == Preemption::DsoLocal && !implicit {
        out.push_str("dso_local ");
    }
    for kw in [gv.visibility.name(), gv.dll_storage.name()] {
        if !kw.is_empty() {
            out.push_str(kw);
            out.push(' ');
        }
    }
}

fn write_tls_unnamed(out: &mut String, gv: &GlobalValue) {
    for kw in [gv.thread_local.name(), gv.unnamed_addr.name()] {
        if !kw.is_empty() {
            out.push_str(kw);
            out.push(' ');
        }
    }
}

fn write_string_opt(out: &mut String, kw: &str, s: Option<&[u8]>) {
    if let Some(s) = s {
        out.push_str(kw);
        write_quoted(out, s);
    }
}

fn write_global_var(p: &ModulePrinter, out: &mut String, g: GlobalId) {
    let Some(gv) = p.m.globals.get(g) else { return };
    let GlobalKind::Var(v) = &gv.kind else { return };
    p.write_global_ref(out, g);
    out.push_str(" = ");
    if v.init.is_none() && gv.linkage.is_external() {
        out.push_str("external ");
    }
    write_linkage_etc(out, gv);
    write_tls_unnamed(out, gv);
    if gv.addrspace != 0 {
        let _ = write!(out, "addrspace({}) ", gv.addrspace);
    }
    if v.externally_initialized {
        out.push_str("externally_initialized ");
    }
    out.push_str(if v.constant { "constant " } else { "global " });
    p.write_type(out, v.value_ty);
    if let Some(init) = v.init {
        out.push(' ');
        p.write_const(out, init);
    }
    write_string_opt(out, ", section ", gv.section.as_deref());
    write_string_opt(out, ", partition ", gv.partition.as_deref());
    write_string_opt(out, ", code_model ", v.code_model.as_deref());
    for (name, bit) in sanitizer::NAMES {
        if gv.sanitizer & bit != 0 {
            out.push_str(", ");
            out.push_str(name);
        }
    }
    write_comdat_use(p, out, g, gv, ",");
    if let Some(a) = v.align {
        let _ = write!(out, ", align {a}");
    }
    p.write_attachments(out, &gv.md, ", ");
    p.write_group_ref(out, v.attrs);
}

/// Aliases and ifuncs (each line ends with a newline).
fn write_alias(p: &ModulePrinter, out: &mut String, g: GlobalId) {
    let Some(gv) = p.m.globals.get(g) else { return };
    let (kw, value_ty, target) = match &gv.kind {
        GlobalKind::Alias { value_ty, aliasee } => ("alias ", *value_ty, *aliasee),
        GlobalKind::IFunc { value_ty, resolver } => ("ifunc ", *value_ty, *resolver),
        _ => return,
    };
    p.write_global_ref(out, g);
    out.push_str(" = ");
    write_linkage_etc(out, gv);
    if kw == "alias " {
        write_tls_unnamed(out, gv);
    }
    out.push_str(kw);
    p.write_type(out, value_ty);
    out.push_str(", ");
    // LLVM leaves out the type of a constant-expression target.
    let is_expr = matches!(p.cdata(target).map(|d| &d.kind), Some(crate::ir::ConstKind::Expr(_)));
    if is_expr {
        p.write_const(out, target);
    } else {
        p.write_typed_const(out, target);
    }
    write_string_opt(out, ", partition ", gv.partition.as_deref());
    out.push('\n');
}

pub(crate) fn write_function(p: &ModulePrinter, out: &mut String, g: GlobalId) {
    let m = p.m;
    let Some(gv) = m.globals.get(g) else { return };
    let GlobalKind::Func(func) = &gv.kind else { return };
    p.write_fn_attrs_comment(out, func.fn_attrs);
    let attachments = p.global_attachments(g);
    if func.body.is_none() {
        out.push_str("declare");
        p.write_attachments(out, attachments, " ");
        out.push(' ');
    } else {
        out.push_str("define ");
    }
    write_linkage_etc(out, gv);
    if func.cc != 0 {
        write_calling_conv(out, func.cc);
        out.push(' ');
    }
    if p.has_attrs(func.ret_attrs) {
        p.write_attr_set(out, func.ret_attrs, false);
        out.push(' ');
    }
    let sig = m.types.func_sig(func.ty);
    let ret = sig.map(|s| s.0).unwrap_or(crate::ir::TypeId::VOID);
    p.write_type(out, ret);
    out.push(' ');
    p.write_global_ref(out, g);
    out.push('(');
    let param_tys: Vec<_> = match sig {
        Some((_, ps, _)) => ps.to_vec(),
        None => func.params.iter().map(|prm| prm.ty).collect(),
    };
    let slots = func.body.as_ref().map(|b| LocalSlots::new(m, b));
    for (i, &t) in param_tys.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        p.write_type(out, t);
        if let Some(prm) = func.params.get(i) {
            if p.has_attrs(prm.attrs) {
                out.push(' ');
                p.write_attr_set(out, prm.attrs, false);
            }
        }
        if let (Some(body), Some(slots)) = (&func.body, &slots) {
            out.push(' ');
            match body.params.get(i) {
                Some(&v) => write_local_value(out, m, body, slots, v),
                None => out.push_str("<badref>"),
            }
        }
    }
    if sig.is_some_and(|s| s.2) {
        if !param_tys.is_empty() {
            out.push_str(", ");
        }
        out.push_str("...");
    }
    out.push(')');
    let ua = gv.unnamed_addr.name();
    if !ua.is_empty() {
        out.push(' ');
        out.push_str(ua);
    }
    let asp = if func.addrspace != 0 { func.addrspace } else { gv.addrspace };
    if asp != 0 || m.datalayout.program_addrspace() != 0 {
        let _ = write!(out, " addrspace({asp})");
    }
    p.write_group_ref(out, func.fn_attrs);
    write_string_opt(out, " section ", func.section.as_deref().or(gv.section.as_deref()));
    write_string_opt(out, " partition ", gv.partition.as_deref());
    write_comdat_use(p, out, g, gv, "");
    if let Some(a) = func.align {
        let _ = write!(out, " align {a}");
    }
    write_string_opt(out, " gc ", func.gc.as_deref());
    for (kw, c) in [
        (" prefix ", func.prefix),
        (" prologue ", func.prologue),
        (" personality ", func.personality),
    ] {
        if let Some(c) = c {
            out.push_str(kw);
            p.write_typed_const(out, c);
        }
    }
    let (Some(body), Some(slots)) = (&func.body, &slots) else {
        out.push('\n');
        return;
    };
    p.write_attachments(out, attachments, " ");
    out.push_str(" {");
    let f = FnCtx { func, body, slots };
    let mut preds = predecessors(body);
    super::uselist::order_predecessors(p.m, g, body, &mut preds);
    for (k, &b) in body.layout.iter().enumerate() {
        write_block(p, out, &f, b, k == 0, preds.get(b).map(|v| &v[..]).unwrap_or(&[]));
    }
    super::uselist::write_function_directives(p, out, &f, g);
    out.push_str("}\n");
}

/// The predecessors of each block in LLVM's use-list order: most recently written edge first.
fn predecessors(body: &crate::ir::Body) -> SecondaryMap<Block, Vec<Block>> {
    let mut preds: SecondaryMap<Block, Vec<Block>> =
        SecondaryMap::from_elem(Vec::new(), body.blocks.len());
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        for &i in &bd.insts {
            let Some(d) = body.insts.get(i) else { continue };
            if !d.op.is_terminator() {
                continue;
            }
            for s in d.successors() {
                if let Some(v) = preds.get_mut(s) {
                    v.push(b);
                }
            }
        }
    }
    for v in preds.values_mut() {
        v.reverse();
    }
    preds
}

fn write_block(
    p: &ModulePrinter,
    out: &mut String,
    f: &FnCtx,
    b: Block,
    entry: bool,
    preds: &[Block],
) {
    let m = p.m;
    let Some(bd) = f.body.blocks.get(b) else { return };
    let named = local_named(m, bd.name);
    if named.is_some() || !entry {
        out.push('\n');
        let line_start = out.len();
        match named {
            Some(n) => write_name_str(out, n),
            None => match f.slots.block(b) {
                Some(n) => push_num(out, n.into()),
                None => out.push_str("<badref>"),
            },
        }
        out.push(':');
        if !entry {
            let col = out.len() - line_start;
            for _ in 0..50usize.saturating_sub(col).max(1) {
                out.push(' ');
            }
            if preds.is_empty() {
                out.push_str("; No predecessors!");
            } else {
                out.push_str("; preds = ");
                for (i, &pb) in preds.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_block_ref(out, m, f.body, f.slots, pb);
                }
            }
        }
    }
    out.push('\n');
    for &i in &bd.insts {
        if let Some(recs) = f.body.dbg_records.get(&i) {
            for r in recs {
                out.push_str("    ");
                p.write_dbg_record(out, f, r);
                out.push('\n');
            }
        }
        out.push_str("  ");
        p.write_inst(out, f, i);
        out.push('\n');
    }
}
