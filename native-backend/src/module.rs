//! The module around the functions, the same on every target: the symbols of functions,
//! imports and global variables, the data section's relocations, each function's code appended
//! to the text section, and the names the printers give symbols and labels.

use crate::buffer::{Buffer, Label};
use crate::{Compiled, FuncInfo, NativeError, Reloc, RelocKind, Section, SymId, Symbol};
use irplay_core::diag::Span;
use irplay_core::lower::{FuncRef, LowModule, Sym};
use std::collections::HashMap;

/// A function's code: prologue and body, with relocations, locations, listing and notes
/// relative to its start.
pub(crate) struct FuncCode {
    pub bytes: Vec<u8>,
    pub relocs: Vec<(u32, RelocKind, SymId, i64)>,
    pub locs: Vec<(u32, Span)>,
    pub insts: Vec<(u32, u8, String)>,
    pub notes: Vec<(u32, String)>,
    /// The limit traps ([`crate::Compiled::limit_sites`]).
    pub sites: Vec<(u32, crate::LimitKind)>,
}

/// How an exception that escaped `main` is reported (the interpreter's words).
pub(crate) const UNCAUGHT: &[u8] =
    b"error: uncaught_exception: an exception was thrown and not caught\n\0";

/// The module-wide state: symbols.
pub(crate) struct ModCx<'m> {
    pub m: &'m LowModule,
    pub symbols: Vec<Symbol>,
    /// Symbol of each function reference (definitions, then imports).
    pub func_syms: Vec<SymId>,
    data_syms: Vec<SymId>,
    /// Per global variable: defined elsewhere (reached through the GOT).
    data_external: Vec<bool>,
    ext: HashMap<String, SymId>,
    /// With limits ([`crate::lower_with_limits`]): the step and depth counters.
    pub counters: Option<(SymId, SymId)>,
}

impl ModCx<'_> {
    /// The symbol of a function, and whether the module defines it.
    pub fn func_sym(&mut self, f: FuncRef) -> (SymId, bool) {
        (self.func_syms.get(f.0 as usize).copied().unwrap_or(0), self.is_defined(f))
    }
    /// True for a function the module defines.
    pub fn is_defined(&self, f: FuncRef) -> bool {
        (f.0 as usize) < self.m.funcs.len()
    }
    /// The symbol of global variable `i`.
    pub fn data_sym(&mut self, i: u32) -> SymId {
        self.data_syms.get(i as usize).copied().unwrap_or(0)
    }
    /// True for a global variable defined elsewhere.
    pub fn data_is_external(&self, i: u32) -> bool {
        self.data_external.get(i as usize).copied().unwrap_or(false)
    }
    /// An external symbol by name (declared once).
    pub fn ext_sym(&mut self, name: &str) -> SymId {
        if let Some(&s) = self.ext.get(name) {
            return s;
        }
        let s = self.symbols.len() as SymId;
        // With limits, the memory functions (and `time`) are the host's wrappers.
        let real = if self.counters.is_some() && crate::WRAPPED.contains(&name) {
            format!("__irplay_{name}")
        } else {
            name.to_string()
        };
        self.symbols.push(Symbol { name: real, def: None, func: true, global: true });
        self.ext.insert(name.to_string(), s);
        s
    }
}

/// True if `m` was lowered with limits (its functions count steps and depth): its code
/// needs the counters, and calls the memory functions through the host's wrappers.
pub(crate) fn counts_limits(m: &LowModule) -> bool {
    use irplay_core::lower::Inst;
    m.funcs.iter().any(|f| {
        f.blocks
            .iter()
            .any(|b| b.insts.iter().any(|i| matches!(i, Inst::Enter | Inst::Fuel { .. })))
    })
}

/// Names symbols and labels for the printer.
pub(crate) struct Namer<'a, 'm> {
    pub cx: &'a ModCx<'m>,
    pub buf: &'a Buffer,
    pub shift: u32,
}

impl crate::Names for Namer<'_, '_> {
    fn sym(&self, id: SymId) -> String {
        self.cx.symbols.get(id as usize).map_or_else(|| "?".to_string(), |s| s.name.clone())
    }
    fn label(&self, l: Label) -> Option<u32> {
        self.buf.bound(l).map(|o| o + self.shift)
    }
}

/// The module's symbols and its data section, before any code (`arch` names the target in
/// the refusal of 32-bit pointers); the flag says `main` needs the wrapper that runs the
/// global constructors and destructors or reports an escaped exception.
pub(crate) fn start<'m>(
    m: &'m LowModule,
    arch: &str,
    limits: bool,
) -> Result<(ModCx<'m>, Compiled, bool), NativeError> {
    if m.ptr_bytes != 8 {
        return Err(NativeError::unsupported(
            Span::default(),
            format!("a data layout with 32-bit pointers on {arch}"),
        ));
    }
    let mut cx = ModCx {
        m,
        symbols: Vec::new(),
        func_syms: Vec::new(),
        data_syms: Vec::new(),
        data_external: Vec::new(),
        ext: HashMap::new(),
        counters: None,
    };
    if limits {
        // Placeholders until the data image is made below.
        cx.counters = Some((0, 0));
    }
    let has_main = m.funcs.iter().any(|f| f.name == "main");
    let wrap = has_main
        && (!m.structors.ctors.is_empty()
            || !m.structors.dtors.is_empty()
            || m.exception.is_some());
    for f in &m.funcs {
        let (name, global) = if wrap && f.name == "main" {
            ("__irplay_main".to_string(), false)
        } else {
            (f.name.clone(), !f.local)
        };
        cx.func_syms.push(cx.symbols.len() as SymId);
        cx.symbols.push(Symbol { name, def: Some((Section::Text, 0, 0)), func: true, global });
    }
    for im in &m.imports {
        let s = cx.ext_sym(&im.name);
        cx.func_syms.push(s);
    }
    // Global variables, with sizes up to the next one.
    let d = &m.data;
    let mut order: Vec<usize> = (0..d.symbols.len()).collect();
    order.sort_by_key(|&i| d.symbols[i]);
    let mut sizes = vec![0u32; d.symbols.len()];
    for (k, &i) in order.iter().enumerate() {
        let next = order.get(k + 1).map_or(d.bytes.len() as u32, |&j| d.symbols[j]);
        sizes[i] = next.saturating_sub(d.symbols[i]);
    }
    for (i, &off) in d.symbols.iter().enumerate() {
        let name = d.names.get(i).cloned().unwrap_or_else(|| format!("__irplay_data{i}"));
        let external = d.external.get(i).copied().unwrap_or(false);
        let global = !d.local.get(i).copied().unwrap_or(false);
        cx.data_syms.push(cx.symbols.len() as SymId);
        cx.data_external.push(external);
        cx.symbols.push(Symbol {
            name,
            def: (!external).then_some((Section::Data, off, sizes[i])),
            func: false,
            global,
        });
    }
    let mut out =
        Compiled { data: d.bytes.clone(), data_align: d.align.max(8), ..Default::default() };
    if limits {
        // The counters, 8-byte aligned after the globals (budgets: `Compiled::set_budgets`).
        while !out.data.len().is_multiple_of(8) {
            out.data.push(0);
        }
        let mut counter = |name: &str| {
            let s = cx.symbols.len() as SymId;
            let def = Some((Section::Data, out.data.len() as u32, 8));
            cx.symbols.push(Symbol { name: name.to_string(), def, func: false, global: false });
            out.data.extend_from_slice(&[0; 8]);
            s
        };
        let steps = counter(crate::COUNTER_STEPS);
        let depth = counter(crate::COUNTER_DEPTH);
        cx.counters = Some((steps, depth));
    }
    for r in &d.relocs {
        let sym = match r.sym {
            Sym::Data(i) => cx.data_sym(i),
            Sym::Func(f) => cx.func_sym(f).0,
        };
        out.relocs.push(Reloc {
            section: Section::Data,
            offset: r.offset,
            kind: RelocKind::Abs64,
            sym,
            addend: r.addend,
        });
    }
    Ok((cx, out, wrap))
}

/// Appends a function's code to the text section (16-byte aligned).
pub(crate) fn append(
    out: &mut Compiled,
    cx: &mut ModCx,
    sym: SymId,
    name: &str,
    span: Span,
    code: FuncCode,
    pad: &[u8],
) {
    while !out.text.len().is_multiple_of(16) {
        out.text.extend_from_slice(pad);
    }
    let start = out.text.len() as u32;
    out.text.extend_from_slice(&code.bytes);
    let end = out.text.len() as u32;
    for (o, kind, s, addend) in code.relocs {
        out.relocs.push(Reloc { section: Section::Text, offset: start + o, kind, sym: s, addend });
    }
    out.locs.extend(code.locs.into_iter().map(|(o, s)| (start + o, s)));
    out.insts.extend(code.insts.into_iter().map(|(o, l, t)| (start + o, l, t)));
    out.notes.extend(code.notes.into_iter().map(|(o, t)| (start + o, t)));
    out.limit_sites.extend(code.sites.into_iter().map(|(o, k)| (start + o, k)));
    if let Some(s) = cx.symbols.get_mut(sym as usize) {
        s.def = Some((Section::Text, start, end - start));
    }
    out.funcs.push(FuncInfo { name: name.to_string(), sym, start, end, span });
}

/// Ends the module: `main` (unless the wrapper set it) and the symbols.
pub(crate) fn finish(mut out: Compiled, cx: ModCx) -> Compiled {
    if out.main.is_none() {
        let k = cx.m.funcs.iter().position(|f| f.name == "main");
        out.main = k.and_then(|k| cx.func_syms.get(k).copied());
    }
    out.symbols = cx.symbols;
    out
}
