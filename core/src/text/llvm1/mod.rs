//! The LLVM 1.x front end: reads the assembly of LLVM 1.0–1.9 (2003–2006) and upgrades it to
//! the modern [`Module`] the text parser builds.
//!
//! [`crate::text::parse`] chooses this front end by itself when [`detect`] finds a 1.x-only
//! word outside comments and strings (`sbyte ubyte short ushort int uint long ulong bool`,
//! `implementation`) or `target endian`/`target pointersize`; the result carries a note
//! "LLVM 1.x syntax, upgraded" at that word.
//!
//! How: the 1.x text is parsed into a tree that keeps 1.x types with their signedness
//! ([`ast`], [`parse`]), the tree is written out as modern LLVM IR text ([`emit`],
//! [`consts`], [`func`]), and the modern parser reads that text. Emitting text (rather than
//! building the module directly) reuses every check of the modern parser and verifier
//! unchanged; spans stay meaningful because every emitted line is mapped back to the 1.x
//! instruction, block, global or function it came from, and both the diagnostics and the
//! spans stored in the module are moved through that map into the 1.x text. The 1.x parse
//! reports every syntax error (up to 20): after one it resumes at the next instruction (the
//! next line) inside a function, at the next line starting in its first column outside;
//! the first error of the upgrade itself stops it. Errors are diagnostics at their line,
//! never panics.
//!
//! Upgrade rules (the mapping of LLVM 2.0's `llvm-upgrade`) and their status:
//!
//! | 1.x | modern | status |
//! |---|---|---|
//! | `sbyte ubyte short ushort int uint long ulong`, `bool` | `i8 i16 i32 i64`, `i1`; signedness stays on the 1.x types of the tree (values, pointees, struct fields, return types) | done |
//! | `div`, `rem` | `sdiv`/`udiv`/`fdiv`, `srem`/`urem`/`frem` by the operand type | done |
//! | `shr` | `ashr` for signed, `lshr` for unsigned | done |
//! | `shl`/`shr T %x, ubyte %n` | amount `zext` (or `trunc`) to `T`; constant amounts retyped | done |
//! | `seteq setne setlt setgt setle setge` | `icmp eq/ne/[su]lt/...` (bool and pointers unsigned), `fcmp oeq/une/olt/ogt/ole/oge` | done |
//! | `add sub mul` on floating point | `fadd fsub fmul` | done |
//! | `cast V to T` | `trunc zext sext fptrunc fpext fptoui fptosi uitofp sitofp ptrtoint inttoptr`, extensions by the source's signedness, int→FP by the source's, FP→int by the destination's; same modern type: `bitcast` to itself | done |
//! | `cast X to bool` | `icmp ne X, 0` / `icmp ne ptr X, null` / `fcmp une X, 0.0` | done |
//! | `not V` | `xor V, -1` | done |
//! | `%G` globals and functions, `"quoted"` function names | `@G`; locals stay `%`, a local shadows a global | done |
//! | type planes (one name, several types; numbering of unnamed values per type) | one name each: the first plane keeps it, others get `name.N`; unnamed values `%.N`; warning when a non-internal global is renamed | done |
//! | `getelementptr T* %p, long 0, ubyte 1` | `getelementptr T, ptr %p, i64 0, i32 1`; unsigned indices narrower than 64 bits `zext` to `i64` | done |
//! | `load T* %p`, `store T %v, T* %p`, `volatile` | `load T, ptr %p`, `store T %v, ptr %p`, `volatile` | done |
//! | `alloca T, uint N` | `alloca T, i32 N` | done |
//! | `malloc T[, uint N]`, `free T* %p` | `call ptr @malloc(i64 N × sizeof T)` (size as the `getelementptr`-from-null idiom, so the data layout decides), `call void @free(ptr %p)`; both declared when absent | done |
//! | `call`, `tail call`, `call T (A, ...)* %f(...)` | `call`; varargs callees get their function type | done |
//! | `implementation`, `begin`/`end` (early bodies may omit `begin`) | dropped, `{`/`}` | done |
//! | `declare`, `external`, `uninitialized` | `declare`, `external global` | done |
//! | linkages `internal linkonce weak appending extern_weak dllimport dllexport` | same words | done |
//! | `fastcc coldcc cc N`, `csretcc` | same; `csretcc`: `ccc` and `sret(T)` on the first parameter, and on the first argument of calls written `csretcc` or calling a function defined or declared `csretcc` | done |
//! | `target endian`, `target pointersize` | `target datalayout = "e-p:32:32"` | done |
//! | `target triple = "..."` | same | done |
//! | `deplibs = [...]` | dropped, with a note | done |
//! | `invoke ... to label %a except label %b` (or `unwind label`) | `invoke ... unwind label %pad`, the pad a new block `landingpad { ptr, i32 } cleanup` + `br label %b` (phis of `%b` name the pad; when the normal edge also goes to `%b`, they get an entry for each edge); personality `@__gcc_personality_v0` | done |
//! | `unwind`, `call void %llvm.unwind()` | call of the declared no-return `@__llvm1_unwind` and `unreachable`, with a warning | done (no runtime behind it) |
//! | `vanext`, `vaarg`, zero-argument `llvm.va_start()`, one-argument `llvm.va_copy(l)` (varargs before 1.5, the list a value) | each list value the address of its own `[32 x i8]` `va_list` storage allocated in the entry block: `llvm.va_start.p0` on it; `va_copy` and `vanext` `llvm.va_copy.p0` into it (`vanext` then a `va_arg` to step); `vaarg` a `va_arg` from a copy; `llvm.va_end(l)` unchanged (1.5+ `llvm.va_start(sbyte**)` works as is) | done |
//! | `bitcast`, `inttoptr`, `zext`... in 1.x files (the 2007 transitional syntax) | the same cast | done |
//! | `%T = type int` (named non-struct) | alias: the type is written out | done |
//! | `%T = type { ... }`, `opaque` | identified struct, `opaque` | done |
//! | unnamed `type T` (numbered per type plane, used as `%0`) | a numbered struct `%0 = type {...}` (the modern parser numbers types freely), or the type written out | done |
//! | `packed [N x T]`, `<N x T>` | `<N x T>` | done |
//! | a global defined twice alike | the first definition | done |
//! | up-references `\N` (`%list = type { int, \2* }`) | the named type being defined, or a new identified struct `%upref.N` for an anonymous recursive type; one out of range or not through a pointer is an error | done |
//! | constants: `true false null undef zeroinitializer`, `c"..."`, `[...] {...} <...>`, `[us]0x` hex integers, hex floats | same, integers wrapped to their width | done |
//! | constant expressions `cast`, `getelementptr`, arithmetic, `set*`, shifts, `select` | folded when their operands are integer or floating-point constants (LLVM 19 has no `zext`, `icmp`, `shl`, `select`, `udiv`, `sitofp`... constant expressions); `add sub mul xor`, `ptrtoint inttoptr trunc`, `getelementptr` kept; inside a function, the others become instructions before their use; in global initializers, arithmetic on addresses folds to a pointer constant plus an offset through identities (`X / 1`, `X & -1`, `X * 0`, `X | -1`, ...) and comparisons of addresses of one global by their offsets | done; the rest in global initializers an error naming the expression |
//! | draft-only forms (`method`, `icall`, builtins) | — | an error naming the 2001 draft |
//! | `llvm.isunordered[.f32/.f64]`; `llvm.bswap/ctpop/ctlz/cttz/sqrt` (suffixed or not); `llvm.memcpy/memmove/memset` (`uint`/`ulong` length, alignment); `llvm.prefetch`; `llvm.stacksave/stackrestore`; `llvm.dbg.*` | `fcmp uno`; `llvm.NAME.iN`/`.fN` (`ctlz`/`cttz` with `i1 false`); `llvm.memcpy.p0.p0.iN(..., i1 false)` (alignment dropped); `llvm.prefetch.p0(..., i32 1)`; `.p0` overloads; dropped with a note (a used result becomes `freeze T undef`) | done |

mod addr;
mod ast;
mod consts;
mod emit;
mod func;
mod intrinsics;
mod parse;
mod uprefs;

use crate::diag::{Diagnostic, Span, Suppressed};
use crate::ir::Module;
use crate::text::ParseResult;
use ast::{Item, Ty};
use emit::{sigil, Em, Out, PERSONALITY_FN, UNWIND_FN};
use rustc_hash::FxHashMap as HashMap;

/// Words that exist only in LLVM 1.x assembly (outside names, strings and comments).
#[rustfmt::skip]
const ONLY_1X: &[&str] = &[
    "sbyte", "ubyte", "short", "ushort", "int", "uint", "long", "ulong", "bool", "implementation",
    "begin", "end", "except", "uninitialized", "seteq", "setne", "setlt", "setgt", "setle", "setge",
    "cast", "div", "rem", "shr", "not", "malloc", "free", "vaarg", "vanext", "csretcc",
];

/// Words that start a line only in 1.x (an unnamed global, a function defined without
/// `define`), or follow `%name =` at the start of a line only in 1.x (a `%` global).
const LINE_START_1X: &[&str] = &["global", "constant", "void"];
#[rustfmt::skip]
const GLOBAL_AFTER_PERCENT: &[&str] = &[
    "global", "constant", "external", "internal", "uninitialized", "linkonce", "weak", "appending",
];

/// Where a text shows itself as LLVM 1.x: the first 1.x-only word outside comments and
/// strings (or `target endian`/`target pointersize`), `None` for modern text. A text with a
/// modern-only mark (an `@` name or the word `define`, which 1.x never had) is modern, so
/// that a stray 1.x word in modern text is reported by the modern parser at its place.
pub fn detect(src: &str) -> Option<Span> {
    let mut found = None;
    scan(src, &mut found);
    found
}

/// Scans `src`, setting `found` at the first 1.x mark; stops (clearing it) at a modern mark.
fn scan(src: &str, found: &mut Option<Span>) {
    let b = src.as_bytes();
    let mut i = 0;
    let mut prev_target: Option<usize> = None;
    // At the start of a line (only blanks before), and the state of `%name =` there:
    // 0 nothing, 1 after a line-start `%name`, 2 after its `=`.
    let mut line_start = true;
    let mut pct = 0u8;
    let ident =
        |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'$' || c == b'-';
    while let Some(&c) = b.get(i) {
        match c {
            b';' => {
                while b.get(i).is_some_and(|&c| c != b'\n') {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while b.get(i).is_some_and(|&c| c != b'"') {
                    i += 1;
                }
                i += 1;
            }
            b'%' | b'@' | b'!' | b'#' | b'$' | b'^' => {
                if c == b'@' {
                    *found = None;
                    return;
                }
                pct = u8::from(c == b'%' && line_start);
                line_start = false;
                prev_target = None;
                i += 1;
                if b.get(i) == Some(&b'"') {
                    continue;
                }
                while b.get(i).is_some_and(|&c| ident(c)) {
                    i += 1;
                }
                continue;
            }
            b'=' if pct == 1 => {
                pct = 2;
                i += 1;
                continue;
            }
            b'\n' => {
                line_start = true;
                pct = 0;
                i += 1;
                continue;
            }
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let start = i;
                while b.get(i).is_some_and(|&c| ident(c)) {
                    i += 1;
                }
                let word = src.get(start..i).unwrap_or("");
                let mut j = i;
                while b.get(j).is_some_and(|c| *c == b' ' || *c == b'\t') {
                    j += 1;
                }
                let label = b.get(j) == Some(&b':');
                let span = Span::new(start as u32, i as u32);
                if !label && ONLY_1X.contains(&word)
                    || line_start && LINE_START_1X.contains(&word)
                    || pct == 2 && GLOBAL_AFTER_PERCENT.contains(&word)
                {
                    found.get_or_insert(span);
                }
                if word == "define" {
                    *found = None;
                    return;
                }
                line_start = false;
                pct = 0;
                if let Some(t) = prev_target {
                    if word == "endian" || word == "pointersize" {
                        found.get_or_insert(Span::new(t as u32, i as u32));
                    }
                }
                prev_target = (word == "target").then_some(start);
                continue;
            }
            _ => i += 1,
        }
        if !c.is_ascii_whitespace() {
            prev_target = None;
            line_start = false;
            pct = 0;
        }
    }
}

/// Parses LLVM 1.x text: the upgraded module and the diagnostics, with spans into `src`.
pub fn parse(src: &str, at: Span) -> ParseResult {
    let mut out = match translate(src) {
        Ok(o) => o,
        Err(errors) => {
            let mut diagnostics = vec![Diagnostic::note(at, "LLVM 1.x syntax, upgraded")];
            diagnostics.extend(errors);
            return ParseResult { module: None, diagnostics, suppressed: Suppressed::default() };
        }
    };
    let modern = crate::text::parser::parse_modern(&out.text);
    let map = |s: Span| map_span(&out.map, s);
    let mut diags = vec![Diagnostic::note(at, "LLVM 1.x syntax, upgraded")];
    diags.append(&mut out.diags);
    for mut d in modern.diagnostics {
        d.span = map(d.span);
        for l in &mut d.labels {
            l.0 = map(l.0);
        }
        diags.push(d);
    }
    let module = modern.module.map(|mut m| {
        remap_module(&mut m, &map);
        m
    });
    ParseResult { module, diagnostics: diags, suppressed: modern.suppressed }
}

/// The modern text of a 1.x module (for tests and the "replace with the upgraded text"
/// action): `Err` with the first error.
pub fn upgrade_text(src: &str) -> Result<String, Diagnostic> {
    translate(src).map(|o| o.text).map_err(|e| {
        e.into_iter().next().unwrap_or_else(|| Diagnostic::error(Span::default(), "no text"))
    })
}

/// The 1.x span an offset of the emitted text comes from.
fn map_span(map: &[(u32, Span)], s: Span) -> Span {
    let i = map.partition_point(|(o, _)| *o <= s.start);
    match i.checked_sub(1).and_then(|i| map.get(i)) {
        Some((_, sp)) => *sp,
        None => Span::default(),
    }
}

fn remap_module(m: &mut Module, map: &dyn Fn(Span) -> Span) {
    for g in m.globals.values_mut() {
        g.span = map(g.span);
        if let Some(f) = g.as_func_mut() {
            for p in &mut f.params {
                p.span = map(p.span);
            }
        }
        if let Some(body) = g.as_func_mut().and_then(|f| f.body.as_mut()) {
            for i in body.insts.values_mut() {
                i.span = map(i.span);
            }
            for b in body.blocks.values_mut() {
                b.span = map(b.span);
            }
            for s in body.value_spans.values_mut() {
                *s = map(*s);
            }
            for r in body.dbg_records.values_mut().flatten() {
                r.span = map(r.span);
            }
        }
    }
}

/// The upgrade of a 1.x text: every error of the 1.x parse, or else the first of the upgrade.
fn translate(src: &str) -> Result<Out, Vec<Diagnostic>> {
    let items = parse::P::new(src).module()?;
    emit_module(&items).map_err(|d| vec![d])
}

fn emit_module(items: &[Item]) -> Result<Out, Diagnostic> {
    let mut types = HashMap::default();
    for it in items {
        if let Item::Type { name, ty, .. } = it {
            types.insert(name.clone(), ty.clone());
        }
    }
    let mut em = Em::new(types);
    // Globals of every type plane, in order; unnamed ones numbered per plane.
    let mut counters: HashMap<String, u64> = HashMap::default();
    let mut gnames = Vec::new();
    for it in items {
        let (name, ty, func, internal, span) = match it {
            Item::Global(g) => (
                g.name.clone(),
                Ty::Ptr(Box::new(g.ty.clone())),
                None,
                g.linkage.as_deref() == Some("internal"),
                g.span,
            ),
            Item::Func(f) => {
                let ft = Ty::Func {
                    ret: Box::new(f.ret.clone()),
                    params: f.params.iter().map(|p| p.0.clone()).collect(),
                    varargs: f.varargs,
                };
                (
                    Some(f.name.clone()),
                    Ty::Ptr(Box::new(ft.clone())),
                    Some(ft),
                    f.linkage.as_deref() == Some("internal"),
                    f.span,
                )
            }
            _ => {
                gnames.push(String::new());
                continue;
            }
        };
        let key = em.ckey(&ty);
        let c = counters.entry(key.clone()).or_insert(0);
        let name = match name {
            Some(n) => {
                if let Ok(k) = n.parse::<u64>() {
                    *c = k + 1;
                }
                n
            }
            None => {
                *c += 1;
                (*c - 1).to_string()
            }
        };
        let modern = em.add_global(&name, key, func, internal, span);
        if matches!(it, Item::Func(f) if f.cc.as_deref() == Some("csretcc")) {
            em.csret_fns.insert(sigil('@', &modern));
        }
        gnames.push(modern);
    }
    // Header.
    let mut dl = Vec::new();
    for it in items {
        match it {
            Item::Endian(l, span) => {
                em.at(*span);
                dl.push(if *l { "e".to_string() } else { "E".to_string() });
            }
            Item::PointerSize(p, span) => {
                em.at(*span);
                em.ptr_bytes = i128::from(*p / 8);
                dl.push(format!("p:{p}:{p}"));
            }
            _ => {}
        }
    }
    if !dl.is_empty() {
        em.out.push_str(&format!("target datalayout = \"{}\"\n", dl.join("-")));
    }
    if let Some((t, span)) =
        items.iter().find_map(|i| if let Item::Triple(t, s) = i { Some((t, *s)) } else { None })
    {
        em.at(span);
        em.out.push_str(&format!("target triple = \"{}\"\n", consts::escape_str(t.as_bytes())));
    }
    em.out.push('\n');
    let mut any_type = false;
    for it in items {
        match it {
            Item::Type { name, ty, span } => {
                let body = match em.resolve_all(ty) {
                    Ty::Opaque => "opaque".to_string(),
                    s @ Ty::Struct(_)
                        if matches!(ty, Ty::Struct(_)) || matches!(ty, Ty::Opaque) =>
                    {
                        em.mty(&s)
                    }
                    _ => continue,
                };
                em.at(*span);
                em.out.push_str(&format!("{} = type {body}\n", emit::type_name(name)));
                any_type = true;
            }
            Item::Deplibs(span) => em
                .diags
                .push(Diagnostic::note(*span, "'deplibs' has no modern equivalent and is dropped")),
            _ => {}
        }
    }
    if any_type {
        em.out.push('\n');
    }
    // 1.x accepted a global defined twice alike; the first definition stands.
    let mut emitted = std::collections::HashSet::new();
    for (it, modern) in items.iter().zip(&gnames) {
        if let Item::Global(g) = it {
            if !emitted.insert(modern.clone()) {
                continue;
            }
            em.at(g.span);
            let ty = em.mty(&g.ty);
            let kw = if g.constant { "constant" } else { "global" };
            let line = match &g.init {
                None => {
                    let l = match g.linkage.as_deref() {
                        Some("extern_weak") => "extern_weak",
                        Some("dllimport") => "external dllimport",
                        _ => "external",
                    };
                    format!("{} = {l} {kw} {ty}\n", sigil('@', modern))
                }
                Some(c) => {
                    let v = em.cst(c, &g.ty)?;
                    let l = match g.linkage.as_deref() {
                        Some(l) => format!("{l} "),
                        None => String::new(),
                    };
                    format!("{} = {l}{kw} {ty} {v}\n", sigil('@', modern))
                }
            };
            em.out.push_str(&line);
        }
    }
    em.out.push('\n');
    // Functions: a definition wins over declarations of the same plane; one declaration each.
    let defined: std::collections::HashSet<&String> = items
        .iter()
        .zip(&gnames)
        .filter_map(|(i, m)| matches!(i, Item::Func(f) if f.blocks.is_some()).then_some(m))
        .collect();
    let mut declared = std::collections::HashSet::new();
    for (it, modern) in items.iter().zip(&gnames) {
        if let Item::Func(f) = it {
            if f.blocks.is_none()
                && (defined.contains(modern)
                    || !declared.insert(modern.clone())
                    || f.name == "llvm.unwind"
                    || intrinsics::is_rewritten(&f.name)
                    || f.name == "llvm.va_start" && f.params.is_empty()
                    || f.name == "llvm.va_copy" && f.params.len() == 1)
            {
                continue;
            }
            em.function(f, modern)?;
        }
    }
    let mut extra = std::mem::take(&mut em.extra_decls);
    if em.need.contains("malloc")
        && !em.globals.contains_key("malloc")
        && em.reserve_global("malloc")
    {
        extra.push("declare ptr @malloc(i64)".to_string());
    }
    if em.need.contains("free") && !em.globals.contains_key("free") && em.reserve_global("free") {
        extra.push("declare void @free(ptr)".to_string());
    }
    if em.need.contains("unwind") && em.reserve_global(UNWIND_FN) {
        extra.push(format!("declare void @{UNWIND_FN}() noreturn"));
    }
    for (need, decl) in
        [("va_start", "llvm.va_start.p0(ptr)"), ("va_copy", "llvm.va_copy.p0(ptr, ptr)")]
    {
        if em.need.contains(need) && em.reserve_global(&format!("llvm.{need}.p0")) {
            extra.push(format!("declare void @{decl}"));
        }
    }
    if em.need.contains("personality") && em.reserve_global(PERSONALITY_FN) {
        extra.push(format!("declare i32 @{PERSONALITY_FN}(...)"));
    }
    for e in extra {
        em.out.push_str(&e);
        em.out.push_str("\n\n");
    }
    Ok(Out { text: em.out, map: em.map, diags: em.diags })
}

#[cfg(test)]
mod tests;
