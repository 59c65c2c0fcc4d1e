//! The asm view's compile: the module through the native back end for each asked target, as
//! rows per function (offset, bytes, text, IR position, notes), and when asked (for a download)
//! the object file and the text listing.

use crate::now_ms;
use crate::protocol::{AsmError, AsmFunc, AsmReport, AsmRow, AsmTarget};
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use irplay_core::diag::{SourceFile, Span};
use irplay_native::{listing, object, Compiled, Options, Target};
use std::fmt::Write as _;

/// The name the listing and the downloads give the module.
pub const FILE_NAME: &str = "input.ll";

/// Checks `text` and compiles it for each of `targets` (unknown names are skipped); with
/// `files`, also writes each target's object file and listing.
pub fn compile(id: u32, text: &str, targets: &[String], files: bool) -> AsmReport {
    let start = now_ms();
    let mut report = AsmReport { id, error: None, targets: Vec::new(), millis: 0.0, files };
    let checked = irplay_core::check(text);
    let Some(m) = checked.module.as_ref().filter(|_| checked.valid) else {
        report.error = Some("the module has errors: fix them to see its machine code".into());
        report.millis = now_ms() - start;
        return report;
    };
    let file = SourceFile::new(FILE_NAME, text);
    for target in targets.iter().filter_map(|t| Target::from_name(t)) {
        let t0 = now_ms();
        let result = irplay_native::compile_module(m, target, &Options { listing: true });
        let mut view = match result {
            Ok(c) => target_view(target, &c, &file, files),
            Err(e) => {
                let (span, message) = e.span_message();
                let (line, col) = file.line_col(span.start);
                let error = AsmError {
                    from: span.start,
                    to: span.end.max(span.start),
                    line,
                    col,
                    message: message.to_string(),
                };
                AsmTarget { error: Some(error), ..empty(target) }
            }
        };
        view.millis = now_ms() - t0;
        report.targets.push(view);
    }
    report.millis = now_ms() - start;
    report
}

fn empty(target: Target) -> AsmTarget {
    AsmTarget {
        target: target.name().to_string(),
        error: None,
        funcs: Vec::new(),
        code_bytes: 0,
        object: String::new(),
        listing: String::new(),
        millis: 0.0,
    }
}

fn target_view(target: Target, c: &Compiled, file: &SourceFile, files: bool) -> AsmTarget {
    let funcs = c
        .funcs
        .iter()
        .map(|f| {
            let (mut shown, mut prologue) = (None::<Span>, false);
            let rows = listing::rows(c, f.start, f.end)
                .into_iter()
                .map(|r| AsmRow {
                    head: listing::heading(r.loc, &mut shown, &mut prologue, file),
                    offset: r.offset,
                    bytes: hex(c.text.get(r.offset as usize..r.end as usize).unwrap_or(&[])),
                    text: r.text,
                    ir: r.loc.map(|s| (s.start, s.end.max(s.start))),
                    relocs: r.relocs,
                    notes: r.notes,
                })
                .collect();
            AsmFunc { name: f.name.clone(), start: f.start, end: f.end, rows }
        })
        .collect();
    let mut view = AsmTarget { funcs, code_bytes: c.text.len() as u32, ..empty(target) };
    if files {
        view.object = object::write_elf(c).map(|o| STANDARD.encode(o)).unwrap_or_default();
        view.listing = listing::listing(c, file.text(), FILE_NAME);
    }
    view
}

/// `bytes` in hex, space separated.
fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 3);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{b:02x}");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const ADD: &str =
        "define i32 @add(i32 %a, i32 %b) {\nentry:\n  %s = add i32 %a, %b\n  ret i32 %s\n}\n";

    #[test]
    fn compiles_each_target_with_rows_under_their_ir_lines() {
        let r = compile(1, ADD, &["x86_64".into(), "aarch64".into(), "vax".into()], true);
        assert_eq!(r.error, None);
        assert_eq!(r.targets.len(), 2, "unknown targets are skipped");
        let x64 = r.targets.first().expect("x86_64");
        assert_eq!((x64.target.as_str(), &x64.error), ("x86_64", &None));
        let f = x64.funcs.first().expect("@add");
        assert_eq!(f.name, "add");
        let first = f.rows.first().expect("rows");
        assert_eq!((first.head.as_deref(), first.text.as_str()), (Some("prologue"), "push rbp"));
        assert_eq!(first.bytes, "55");
        // The add's code points back at its IR line.
        let at = ADD.find("%s = add").unwrap_or(0) as u32;
        let row = f.rows.iter().find(|r| r.ir.is_some_and(|(from, _)| from == at));
        assert!(row.is_some(), "{:?}", f.rows);
        assert!(f.rows.iter().any(|r| r.head.as_deref() == Some("3: %s = add i32 %a, %b")));
        assert!(f.rows.last().is_some_and(|r| r.text == "ret"), "{:?}", f.rows.last());
        assert!(x64.listing.contains("push rbp") && !x64.object.is_empty());
        let elf = STANDARD.decode(&x64.object).unwrap_or_default();
        assert_eq!(elf.get(..4), Some(&b"\x7fELF"[..]));
        // AArch64: rows once the target is there, else an error at an IR position.
        let a64 = r.targets.get(1).expect("aarch64");
        match &a64.error {
            Some(e) => assert!(e.line >= 1 && !e.message.is_empty(), "{e:?}"),
            None => assert!(a64.funcs.iter().any(|f| f.rows.iter().any(|r| r.text == "ret"))),
        }
    }

    #[test]
    fn an_invalid_module_is_an_error_not_a_panic() {
        let r = compile(2, "define i32 @f( {", &["x86_64".into()], false);
        assert!(r.error.is_some() && r.targets.is_empty());
        // Without files: rows only.
        let r = compile(3, ADD, &["x86_64".into()], false);
        let t = r.targets.first().expect("x86_64");
        assert!(t.listing.is_empty() && t.object.is_empty() && !t.funcs.is_empty());
        let r = compile(2, "define i32 @f( {", &["x86_64".into()], false);
        assert!(r.error.is_some() && r.targets.is_empty());
    }
}
