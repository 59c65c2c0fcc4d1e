//! The reports of faults in native code, shared by both ways of running it: the table from
//! text offsets to report tails (`  at FILE:LINE:COL (in @f)\n      source line\n`) that
//! `irplay run --engine native` reads in process (`native_run.rs`), and the C runtime that
//! `irplay build --target x86_64|aarch64 --emit exe` links into the executable (`native_rt.c`, with
//! the same table written as C data), so that both report a fault the same way.
//!
//! ```text
//!  Compiled.funcs + .locs ──▶ table() ──▶ native_run.rs (Rust, in process)
//!                                     └─▶ runtime_c() ──▶ native_rt.c + table ──▶ cc ──▶ exe
//! ```

use crate::run::{Limits, Stop};
use irplay_core::diag::{SourceFile, Span};
use irplay_native::{Compiled, LimitKind};
use std::fmt::Write as _;

/// The first line of a report, by fault.
pub(crate) const HEAD_OVERFLOW: &str = "error: stack overflow";
pub(crate) const HEAD_DIVIDE: &str = "undefined behavior: integer divide by zero";
pub(crate) const HEAD_UNREACHABLE: &str = "undefined behavior: unreachable instruction executed";
pub(crate) const HEAD_MEMORY: &str = "undefined behavior: out of bounds memory access";
/// Appended to the first line when the fault is in a function of the C library.
pub(crate) const IN_LIBC: &str = " (in a function of the C library)";

/// The first line of the report of the step limit (the interpreter's words, `run.rs`).
pub(crate) fn head_steps(max_steps: u64) -> String {
    format!(
        "error: the step limit ({max_steps} instructions) was reached; raise it with --max-steps\n"
    )
}

/// The first line of the report of the depth limit up to the callee's name, which follows
/// with `)` (the interpreter's words for its `stack_overflow` error).
pub(crate) fn head_depth(max_depth: u32) -> String {
    format!("error: stack_overflow: call stack deeper than {max_depth} frames (calling ")
}

/// What follows the callee's name in the first line of the depth limit's report.
pub(crate) const DEPTH_TAIL: &str = "); raise it with --max-stack-depth\n";

/// The report of the output limit (the interpreter's words).
pub(crate) fn output_limit(max_output: u64) -> String {
    format!(
        "error: the output limit ({max_output} bytes) was reached; raise it with --max-output\n"
    )
}

/// A call stack longer than this is shown by its first [`STACK_HEAD`] and last
/// [`STACK_TAIL`] frames.
pub(crate) const STACK_SHOWN: usize = 40;
pub(crate) const STACK_HEAD: usize = 32;
pub(crate) const STACK_TAIL: usize = 8;

/// The functions for call stacks: `(text offset of the start, "@name")`, ascending; the
/// `main` that runs the global constructors around the module's own gets no name (it is
/// not a function of the module, and its frame is left out).
pub(crate) fn func_names(c: &Compiled) -> Vec<(u32, String)> {
    let wrapped = c.symbols.iter().any(|s| s.name == "__irplay_main");
    let mut v: Vec<(u32, String)> = c
        .funcs
        .iter()
        .map(|f| {
            let own = c.symbols.get(f.sym as usize).is_some_and(|s| s.name != "main");
            let name = if wrapped && f.name == "main" && !own && f.span == Span::default() {
                String::new()
            } else {
                format!("@{}", f.name)
            };
            (f.start, name)
        })
        .collect();
    v.sort_by_key(|e| e.0);
    v
}

/// The name of the function at text offset `off` in `funcs` (empty if none).
pub(crate) fn func_at(funcs: &[(u32, String)], off: usize) -> &str {
    let Ok(off) = u32::try_from(off) else { return "" };
    let i = funcs.partition_point(|e| e.0 <= off);
    i.checked_sub(1).and_then(|i| funcs.get(i)).map_or("", |e| e.1.as_str())
}

/// The limit sites' kinds as the C runtime numbers them.
fn kind_code(k: LimitKind) -> u8 {
    match k {
        LimitKind::Steps => 0,
        LimitKind::Depth => 1,
    }
}

/// The report tail of each piece of `c`'s code: `(text offset, tail)`, offsets strictly
/// ascending, the tail of an offset holding up to the next one. Each function's start (its
/// prologue is reported at its `define`), then the locations, the later winning at equal
/// offsets; neighbours with the same tail are one entry.
pub(crate) fn table(c: &Compiled, file: &SourceFile) -> Vec<(u32, String)> {
    let tail = |span: Span, func: &str| {
        let span = (span.start, span.end);
        let (at, text) = (crate::run::pos(file, span), crate::run::snippet(file, span));
        format!("  at {at} (in @{func})\n      {text}\n")
    };
    let mut entries: Vec<(u32, u8, String)> =
        c.funcs.iter().map(|f| (f.start, 0, tail(f.span, &f.name))).collect();
    for &(off, span) in &c.locs {
        let i = c.funcs.partition_point(|f| f.start <= off);
        let name = i.checked_sub(1).and_then(|i| c.funcs.get(i)).map_or("?", |f| f.name.as_str());
        entries.push((off, 1, tail(span, name)));
    }
    entries.sort_by_key(|e| (e.0, e.1));
    let mut out: Vec<(u32, String)> = Vec::with_capacity(entries.len());
    for (off, _, s) in entries {
        match out.last_mut() {
            Some(last) if last.0 == off => last.1 = s,
            Some(last) if last.1 == s => {}
            _ => out.push((off, s)),
        }
    }
    // A later entry at an equal offset may have made two neighbours equal.
    out.dedup_by(|b, a| a.1 == b.1);
    out
}

/// The tail in `table` for text offset `off`.
pub(crate) fn lookup(table: &[(u32, String)], off: usize) -> Option<&str> {
    let off = u32::try_from(off).ok()?;
    let i = table.partition_point(|e| e.0 <= off).checked_sub(1)?;
    table.get(i).map(|e| e.1.as_str())
}

/// The fault reporter of an executable: `native_rt.c` with `c`'s table as C data; with
/// `limits` (code compiled with them), also the reports of the step and depth limits, the
/// memory functions that count the live heap, and with `line_buffered` a line-buffered
/// `stdout` (a program whose output irplay forwards to a terminal).
pub(crate) fn runtime_c(
    c: &Compiled,
    file: &SourceFile,
    limits: Option<&Limits>,
    line_buffered: bool,
) -> String {
    let table = table(c, file);
    let mut t = String::new();
    if let Some(l) = limits {
        let _ = writeln!(t, "#define IRPLAY_LIMITS 1");
        let _ = writeln!(t, "#define IRPLAY_MAX_MEMORY {}ull", l.max_memory);
        let _ = writeln!(t, "#define IRPLAY_TIME {}ll", irplay_core::runtime::stdlib::FIXED_TIME);
        let _ = writeln!(t, "#define IRPLAY_STEPS_BUDGET {}ll", l.max_steps.min(i64::MAX as u64));
        let tick = irplay_core::runtime::stdlib::STEPS_PER_CLOCK_TICK;
        let _ = writeln!(t, "#define IRPLAY_STEPS_PER_TICK {tick}ll");
        let _ = writeln!(t, "#define IRPLAY_STATUS_STEPS {}", Stop::OUT_OF_STEPS);
        let _ = writeln!(t, "#define IRPLAY_NSITES {}u", c.limit_sites.len());
        let _ = writeln!(t, "#define IRPLAY_NFUNCS {}u", c.funcs.len());
        let _ = writeln!(t, "#define IRPLAY_STACK_SHOWN {STACK_SHOWN}u");
        let _ = writeln!(t, "#define IRPLAY_STACK_HEAD {STACK_HEAD}u");
        let _ = writeln!(t, "#define IRPLAY_STACK_TAIL {STACK_TAIL}u");
        let steps = head_steps(l.max_steps);
        let depth = head_depth(l.max_stack_depth);
        let _ =
            writeln!(t, "static const char irplay_head_steps[] = {};", c_string(steps.as_bytes()));
        let _ =
            writeln!(t, "static const char irplay_head_depth[] = {};", c_string(depth.as_bytes()));
        let sites = &c.limit_sites;
        let n = |t: &mut String, name: &str, ns: &mut dyn Iterator<Item = usize>| {
            let _ = write!(t, "static const unsigned {name}[] = {{");
            for (i, n) in ns.enumerate() {
                let _ = write!(t, "{}{n}u,", if i % 12 == 0 { "\n  " } else { " " });
            }
            t.push_str("\n};\n");
        };
        n(&mut t, "irplay_site_at", &mut sites.iter().map(|s| s.0 as usize).chain([0]));
        n(&mut t, "irplay_site_kind", &mut sites.iter().map(|s| kind_code(s.1).into()).chain([0]));
        let funcs = func_names(c);
        n(&mut t, "irplay_func_at", &mut funcs.iter().map(|f| f.0 as usize).chain([0]));
        let ends = funcs.iter().scan(0, |end, f| {
            *end += f.1.len();
            Some(*end)
        });
        n(&mut t, "irplay_func_name_at", &mut std::iter::once(0).chain(ends));
        t.push_str("static const char irplay_func_names[] =\n  \"\"");
        for (_, s) in &funcs {
            let _ = write!(t, "\n  {}", c_string(s.as_bytes()));
        }
        t.push_str(";\n");
    }
    if line_buffered {
        let _ = writeln!(t, "#define IRPLAY_LINE_BUFFERED 1");
    }
    let _ = writeln!(t, "#define IRPLAY_N {}u", table.len());
    let _ = writeln!(t, "#define IRPLAY_TEXT_LEN {}u", c.text.len());
    let _ = writeln!(t, "#define IRPLAY_STATUS_UB {}", Stop::UB);
    let _ = writeln!(t, "#define IRPLAY_STATUS_OVERFLOW {}", Stop::ERROR);
    for (name, text) in [
        ("overflow", HEAD_OVERFLOW),
        ("divide", HEAD_DIVIDE),
        ("unreachable", HEAD_UNREACHABLE),
        ("memory", HEAD_MEMORY),
        ("in_libc", IN_LIBC),
    ] {
        let _ = writeln!(t, "static const char irplay_{name}[] = {};", c_string(text.as_bytes()));
    }
    // The offsets (and a sentinel), where each tail starts in the pool (and its end).
    let numbers = |t: &mut String, name: &str, ns: &mut dyn Iterator<Item = usize>| {
        let _ = write!(t, "static const unsigned {name}[] = {{");
        for (i, n) in ns.enumerate() {
            let _ = write!(t, "{}{n}u,", if i % 12 == 0 { "\n  " } else { " " });
        }
        t.push_str("\n};\n");
    };
    numbers(
        &mut t,
        "irplay_at",
        &mut table.iter().map(|e| e.0 as usize).chain([u32::MAX as usize]),
    );
    let ends = table.iter().scan(0, |end, e| {
        *end += e.1.len();
        Some(*end)
    });
    numbers(&mut t, "irplay_tail_at", &mut std::iter::once(0).chain(ends));
    t.push_str("static const char irplay_tails[] =\n  \"\"");
    for (_, s) in &table {
        let _ = write!(t, "\n  {}", c_string(s.as_bytes()));
    }
    t.push_str(";\n");
    include_str!("native_rt.c").replace("/* @TABLE@ */\n", &t)
}

/// `bytes` as a C string literal: printable ASCII as itself (but `"`, `\` and `?`, which
/// could start a trigraph), every other byte as a three-digit octal escape (which ends
/// there, whatever follows).
fn c_string(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() + 2);
    s.push('"');
    for &b in bytes {
        match b {
            b'"' | b'\\' | b'?' => {
                s.push('\\');
                s.push(char::from(b));
            }
            0x20..=0x7e => s.push(char::from(b)),
            _ => {
                let _ = write!(s, "\\{b:03o}");
            }
        }
    }
    s.push('"');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_strings_escape_every_byte_that_needs_it() {
        assert_eq!(c_string(b"a \"b\" \\c ??= 1"), r#""a \"b\" \\c \?\?= 1""#);
        assert_eq!(c_string("\n\t\0é7".as_bytes()), r#""\012\011\000\303\2517""#);
    }

    /// The table of the hand-made example, and lookups at, between and before its entries.
    #[test]
    fn the_table_of_the_example() {
        let c = irplay_native::object::example();
        let file = SourceFile::new("e.ll", irplay_native::object::EXAMPLE_SOURCE);
        let t = table(&c, &file);
        let offsets: Vec<u32> = t.iter().map(|e| e.0).collect();
        assert_eq!(offsets, [0, 4, 16, 23, 32]);
        assert_eq!(t[0].1, "  at e.ll:6:1 (in @main)\n      define i32 @main() {\n");
        assert_eq!(
            lookup(&t, 20),
            Some("  at e.ll:8:3 (in @main)\n      %p = load ptr, ptr @ptr\n")
        );
        let rt = runtime_c(&c, &file, None, false);
        assert!(rt.contains("#define IRPLAY_N 5u"), "{rt}");
        assert!(!rt.contains("@TABLE@"), "{rt}");
        assert!(rt.contains(r#""  at e.ll:10:3 (in @main)\012      ret i32 42\012";"#), "{rt}");
    }
}
