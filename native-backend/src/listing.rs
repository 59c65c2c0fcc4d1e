//! The assembly listing (`irplay build --emit asm`): each function's machine code under the
//! IR lines it comes from, as
//!
//! ```text
//! @main:
//!   ; prologue
//!   0000:  55                             push rbp
//!   ; 7: %1 = call i32 @puts(ptr @msg)
//!   0004:  48 8d 3d 00 00 00 00           lea rdi, [rip + msg]  ; R_X86_64_PC32 msg-0x4
//! ```
//!
//! Offsets are those of `.text` (hex), bytes are hex, the text is Intel syntax from
//! [`Compiled::insts`] (an entry whose text has several lines, one per equal part of its
//! bytes, shows as as many rows). Code before a function's first location (its prologue) stands under
//! `; prologue`; bytes no instruction covers (without [`crate::Options::listing`], or data
//! in the code) are shown as `.byte` rows. Then the data section, symbol by symbol. The
//! output depends only on its inputs (golden-testable). [`rows`] and [`heading`] give the same
//! rows as data (the playground's asm view draws them), with the notes on where values live.

use crate::object::elf_reloc_name;
use crate::{Compiled, Reloc, Section};
use irplay_core::diag::{SourceFile, Span};
use std::fmt::Write as _;

/// The width of the bytes column, in bytes: longer instructions push their text right.
const BYTES_COLUMN: usize = 10;

/// The listing of `c`, compiled from the IR text `src` (named `file_name` in its header).
pub fn listing(c: &Compiled, src: &str, file_name: &str) -> String {
    let file = SourceFile::new(file_name, src);
    let mut out = String::new();
    let arch = match c.target {
        crate::Target::X64 => "x86-64",
        crate::Target::Aarch64 => "AArch64",
    };
    let _ = writeln!(out, "; {file_name}: {arch}, {} bytes of code", c.text.len());
    let width = hex_width(c.text.len().max(c.data.len()));
    let l = Lister { c, file: &file, width };
    for f in &c.funcs {
        let _ = writeln!(out, "\n{}:", label(&f.name));
        l.function(f.start, f.end, &mut out);
    }
    l.data(&mut out);
    out
}

/// The number of hex digits of offsets below `len` (at least 4).
fn hex_width(len: usize) -> usize {
    let mut w = 4;
    while w < 16 && (len >> (4 * w)) != 0 {
        w += 1;
    }
    w
}

/// A function's or data symbol's label: `@name`, quoted as the IR quotes names that are not
/// plain identifiers.
fn label(name: &str) -> String {
    let plain = !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b"._$-".contains(&b))
        && !name.as_bytes().first().is_some_and(u8::is_ascii_digit);
    if plain {
        format!("@{name}")
    } else {
        format!("@{name:?}")
    }
}

/// One row of a function's code, as the listing and the playground show it: an instruction
/// (or up to 8 bytes that no instruction covers, as `.byte`), where it comes from in the IR,
/// and what it says about values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Its offset in `.text`.
    pub offset: u32,
    /// The end of its bytes (`Compiled::text[offset..end]`).
    pub end: u32,
    /// The instruction in Intel syntax, or `.byte 0x.., ...`.
    pub text: String,
    /// The IR instruction it lowers: the location covering its offset inside the function;
    /// `None` before the function's first location (its prologue).
    pub loc: Option<Span>,
    /// The relocations inside it, as `llvm-objdump -r` writes them (`R_X86_64_PLT32 puts-0x4`).
    pub relocs: Vec<String>,
    /// The notes of [`Compiled::notes`] at offsets inside it (`%sum: rbx`).
    pub notes: Vec<String>,
}

/// The rows of the code `start..end` of `c` (a function's range of [`Compiled::funcs`]), in
/// order. Inconsistent input (offsets past the text) gives rows, never a panic.
pub fn rows(c: &Compiled, start: u32, end: u32) -> Vec<Row> {
    let mut out = Vec::new();
    // The instructions inside the function, in order.
    let first = c.insts.partition_point(|i| i.0 < start);
    let insts = c.insts.get(first..).unwrap_or(&[]).iter().take_while(|i| i.0 < end);
    let mut pos = start;
    for (off, len, text) in insts {
        if *off < pos {
            continue; // overlapping entries: keep the first
        }
        if *off > pos {
            byte_rows(c, &c.text, Section::Text, pos, *off, start, &mut out);
        }
        let inst_end = off.saturating_add(u32::from(*len)).min(end);
        // A text of several lines over as many equal parts of the bytes (an instruction
        // pair such as AArch64's `adrp` + `add`) is one row per line.
        let lines = text.lines().count().max(1) as u32;
        let step = u32::from(*len) / lines;
        if lines > 1 && step * lines == u32::from(*len) {
            for (k, t) in text.lines().enumerate() {
                let at = off.saturating_add(step * k as u32).min(inst_end);
                let row_end = at.saturating_add(step).min(inst_end);
                out.push(row(c, Section::Text, at, row_end, t.to_string(), start));
            }
        } else {
            out.push(row(c, Section::Text, *off, inst_end, text.clone(), start));
        }
        pos = inst_end;
    }
    if pos < end {
        byte_rows(c, &c.text, Section::Text, pos, end, start, &mut out);
    }
    out
}

/// A row of `section` at `off..end`; for code, with its location (found among those at or
/// after `start`) and notes.
fn row(c: &Compiled, section: Section, off: u32, end: u32, text: String, start: u32) -> Row {
    let relocs = relocs_in(&c.relocs, section, off, end).map(|r| reloc_text(c, r)).collect();
    if section != Section::Text {
        return Row { offset: off, end, text, loc: None, relocs, notes: Vec::new() };
    }
    let i = c.locs.partition_point(|l| l.0 <= off);
    let loc = i.checked_sub(1).and_then(|i| c.locs.get(i)).filter(|l| l.0 >= start).map(|l| l.1);
    let first = c.notes.partition_point(|n| n.0 < off);
    let notes = c.notes.get(first..).unwrap_or(&[]).iter().take_while(|n| n.0 < end.max(off + 1));
    Row { offset: off, end, text, loc, relocs, notes: notes.map(|n| n.1.clone()).collect() }
}

/// Bytes that no instruction covers, 8 to a `.byte` row.
fn byte_rows(
    c: &Compiled,
    sec: &[u8],
    section: Section,
    from: u32,
    end: u32,
    start: u32,
    out: &mut Vec<Row>,
) {
    let mut at = from;
    while at < end {
        let row_end = at.saturating_add(8).min(end);
        let bytes = sec.get(at as usize..row_end as usize).unwrap_or(&[]);
        let list: Vec<String> = bytes.iter().map(|b| format!("0x{b:02x}")).collect();
        out.push(row(c, section, at, row_end, format!(".byte {}", list.join(", ")), start));
        at = row_end;
    }
}

/// `R_X86_64_PLT32 puts-0x4`, as `llvm-objdump -r` writes it.
fn reloc_text(c: &Compiled, r: &Reloc) -> String {
    let name = c.symbols.get(r.sym as usize).map_or("?", |s| s.name.as_str());
    let kind = elf_reloc_name(r.kind);
    match r.addend {
        0 => format!("{kind} {name}"),
        a if a < 0 => format!("{kind} {name}-{:#x}", a.unsigned_abs()),
        a => format!("{kind} {name}+{a:#x}"),
    }
}

/// The heading of the IR line of a row when it changes: the location's line, or the prologue
/// (once, and only before any location was shown).
pub fn heading(
    loc: Option<Span>,
    shown: &mut Option<Span>,
    prologue: &mut bool,
    file: &SourceFile,
) -> Option<String> {
    match loc {
        None if !*prologue && shown.is_none() => {
            *prologue = true;
            Some("prologue".into())
        }
        None => None,
        Some(span) if *shown != Some(span) => {
            *shown = Some(span);
            let (line, _) = file.line_col(span.start);
            Some(format!("{line}: {}", file.line_text(line).trim()))
        }
        Some(_) => None,
    }
}

struct Lister<'a> {
    c: &'a Compiled,
    file: &'a SourceFile,
    width: usize,
}

impl Lister<'_> {
    /// The listing of the code `start..end`.
    fn function(&self, start: u32, end: u32, out: &mut String) {
        let mut shown: Option<Span> = None;
        let mut prologue = false;
        for r in rows(self.c, start, end) {
            if let Some(h) = heading(r.loc, &mut shown, &mut prologue, self.file) {
                let _ = writeln!(out, "  ; {h}");
            }
            self.line(&self.c.text, &r, out);
        }
    }

    /// One row, with the relocations inside it.
    fn line(&self, sec: &[u8], r: &Row, out: &mut String) {
        let bytes = sec.get(r.offset as usize..r.end as usize).unwrap_or(&[]);
        let _ =
            write!(out, "  {:0w$x}:  {}  {}", r.offset, hex_bytes(bytes), r.text, w = self.width);
        for reloc in &r.relocs {
            let _ = write!(out, "  ; {reloc}");
        }
        out.push('\n');
    }

    fn rows(&self, sec: &[u8], section: Section, start: u32, end: u32, out: &mut String) {
        let mut rows = Vec::new();
        byte_rows(self.c, sec, section, start, end, start, &mut rows);
        for r in &rows {
            self.line(sec, r, out);
        }
    }

    /// The data section, one block per data symbol (bytes outside all of them as well).
    fn data(&self, out: &mut String) {
        let c = self.c;
        if c.data.is_empty() {
            return;
        }
        let _ = writeln!(out, "\n; .data: {} bytes, aligned to {}", c.data.len(), c.data_align);
        let mut syms: Vec<(u32, u32, &str)> = c
            .symbols
            .iter()
            .filter_map(|s| match s.def {
                Some((Section::Data, off, size)) => Some((off, size, s.name.as_str())),
                _ => None,
            })
            .collect();
        syms.sort_unstable();
        let len = c.data.len() as u32;
        let mut pos = 0;
        for (off, size, name) in syms {
            if off > pos {
                self.rows(&c.data, Section::Data, pos, off.min(len), out);
            }
            let _ = writeln!(out, "{}:", label(name));
            let end = off.saturating_add(size).min(len);
            self.rows(&c.data, Section::Data, off, end, out);
            pos = pos.max(end);
        }
        if pos < len {
            self.rows(&c.data, Section::Data, pos, len, out);
        }
    }
}

/// `bytes` in hex, space separated, padded to the bytes column.
fn hex_bytes(bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("{:w$}", hex.join(" "), w = BYTES_COLUMN * 3 - 1)
}

/// The relocations of `section` whose field starts in `start..end`.
fn relocs_in(
    relocs: &[Reloc],
    section: Section,
    start: u32,
    end: u32,
) -> impl Iterator<Item = &Reloc> {
    relocs.iter().filter(move |r| r.section == section && (start..end).contains(&r.offset))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::object::{example, EXAMPLE_SOURCE};

    #[test]
    fn golden() {
        let got = listing(&example(), EXAMPLE_SOURCE, "example.ll");
        let want = "\
; example.ll: x86-64, 39 bytes of code

@main:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  ; 7: %1 = call i32 @puts(ptr @msg)
  0004:  48 8d 3d 00 00 00 00           lea rdi, [rip + msg]  ; R_X86_64_PC32 msg-0x4
  000b:  e8 00 00 00 00                 call puts  ; R_X86_64_PLT32 puts-0x4
  ; 8: %p = load ptr, ptr @ptr
  0010:  48 8b 05 00 00 00 00           mov rax, qword ptr [rip + puts@GOTPCREL]  ; R_X86_64_REX_GOTPCRELX puts-0x4
  ; 9: %2 = call i32 @puts(ptr %p)
  0017:  48 8b 3d 00 00 00 00           mov rdi, qword ptr [rip + ptr]  ; R_X86_64_PC32 ptr-0x4
  001e:  ff d0                          call rax
  ; 10: ret i32 42
  0020:  b8 2a 00 00 00                 mov eax, 42
  0025:  5d                             pop rbp
  0026:  c3                             ret

; .data: 24 bytes, aligned to 8
@msg:
  0000:  68 69 20 66 72 6f 6d 20        .byte 0x68, 0x69, 0x20, 0x66, 0x72, 0x6f, 0x6d, 0x20
  0008:  69 72 70 6c 61 79 00           .byte 0x69, 0x72, 0x70, 0x6c, 0x61, 0x79, 0x00
  000f:  00                             .byte 0x00
@ptr:
  0010:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00  ; R_X86_64_64 msg
";
        assert_eq!(got, want, "\n{got}");
    }

    /// Without instruction texts the code is shown as bytes, still under its IR lines.
    #[test]
    fn without_texts() {
        let mut c = example();
        c.insts.clear();
        c.data.clear();
        let got = listing(&c, EXAMPLE_SOURCE, "example.ll");
        assert!(got.contains("  ; prologue\n  0000:  55 48 89 e5 48 8d 3d 00  "), "{got}");
        assert!(!got.contains(".data"), "{got}");
    }

    /// The rows the playground shows: each instruction with its IR location, relocations and
    /// the notes at its offset.
    #[test]
    fn rows_carry_locations_and_notes() {
        let mut c = example();
        c.notes = vec![(0, "frame: 0 bytes".into()), (0x0b, "%1: eax".into())];
        let f = c.funcs[0].clone();
        let rows = rows(&c, f.start, f.end);
        let first = rows.first().map(|r| (r.offset, r.end, r.text.as_str(), r.loc, r.notes.len()));
        assert_eq!(first, Some((0, 1, "push rbp", None, 1)));
        let call =
            rows.iter().find(|r| r.offset == 0x0b).cloned().unwrap_or_else(|| rows[0].clone());
        assert_eq!(call.text, "call puts");
        assert_eq!(call.notes, ["%1: eax"]);
        assert_eq!(call.relocs, ["R_X86_64_PLT32 puts-0x4"]);
        let file = SourceFile::new("example.ll", EXAMPLE_SOURCE);
        let (mut shown, mut prologue) = (None, false);
        let heads: Vec<String> =
            rows.iter().filter_map(|r| heading(r.loc, &mut shown, &mut prologue, &file)).collect();
        assert_eq!(heads.first().map(String::as_str), Some("prologue"));
        assert_eq!(heads.get(1).map(String::as_str), Some("7: %1 = call i32 @puts(ptr @msg)"));
        assert_eq!(heads.len(), 5);
    }

    /// An entry of two lines over 8 bytes (AArch64 `adrp` + `add`) shows as two rows, each
    /// with its relocation.
    #[test]
    fn two_line_entries_are_two_rows() {
        let mut c = example();
        c.insts = vec![(0, 8, "adrp x0, msg\nadd x0, x0, :lo12:msg".into())];
        c.funcs[0].end = 8;
        c.relocs[0].offset = 4;
        let got = listing(&c, EXAMPLE_SOURCE, "example.ll");
        assert!(got.contains("  0000:  55 48 89 e5                    adrp x0, msg\n"), "{got}");
        assert!(got.contains("  0004:  48 8d 3d 00                    add x0, x0, :lo12:msg  ; R_X86_64_PC32 msg-0x4\n"), "{got}");
    }

    /// Inconsistent input (offsets past the text, spans past the source) gives a listing,
    /// not a panic.
    #[test]
    fn bad_input_does_not_panic() {
        let mut c = example();
        c.funcs[0].end = 1000;
        c.insts.push((900, 15, "nop".into()));
        c.locs.push((950, Span::new(5000, 6000)));
        c.relocs[0].sym = 1000;
        let got = listing(&c, "", "x.ll");
        assert!(got.contains("nop"), "{got}");
    }
}
