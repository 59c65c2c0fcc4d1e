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
//! output depends only on its inputs (golden-testable).

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

struct Lister<'a> {
    c: &'a Compiled,
    file: &'a SourceFile,
    width: usize,
}

impl Lister<'_> {
    /// The listing of the code `start..end`.
    fn function(&self, start: u32, end: u32, out: &mut String) {
        let c = self.c;
        // The instructions and locations inside the function, in order.
        let first = c.insts.partition_point(|i| i.0 < start);
        let insts = c.insts.get(first..).unwrap_or(&[]).iter().take_while(|i| i.0 < end);
        let mut shown: Option<Span> = None;
        let mut prologue = false;
        let mut pos = start;
        for (off, len, text) in insts {
            if *off < pos {
                continue; // overlapping entries: keep the first
            }
            if *off > pos {
                self.heading(pos, start, &mut shown, &mut prologue, out);
                self.bytes(pos, *off, out);
            }
            self.heading(*off, start, &mut shown, &mut prologue, out);
            let inst_end = off.saturating_add(u32::from(*len)).min(end);
            // A text of several lines over as many equal parts of the bytes (an instruction
            // pair such as AArch64's `adrp` + `add`) shows as one row per line.
            let lines = text.lines().count().max(1) as u32;
            let step = u32::from(*len) / lines;
            if lines > 1 && step * lines == u32::from(*len) {
                for (k, t) in text.lines().enumerate() {
                    let at = off.saturating_add(step * k as u32).min(inst_end);
                    self.line(at, at.saturating_add(step).min(inst_end), t, out);
                }
            } else {
                self.line(*off, inst_end, text, out);
            }
            pos = inst_end;
        }
        if pos < end {
            self.heading(pos, start, &mut shown, &mut prologue, out);
            self.bytes(pos, end, out);
        }
    }

    /// The comment naming the IR line of the code at `off` when it changes: the location
    /// covering `off` (the last one at or before it, inside the function), or the prologue.
    fn heading(
        &self,
        off: u32,
        start: u32,
        shown: &mut Option<Span>,
        prologue: &mut bool,
        out: &mut String,
    ) {
        let locs = &self.c.locs;
        let i = locs.partition_point(|l| l.0 <= off);
        let loc = i.checked_sub(1).and_then(|i| locs.get(i)).filter(|l| l.0 >= start);
        match loc {
            None if !*prologue && shown.is_none() => {
                *prologue = true;
                out.push_str("  ; prologue\n");
            }
            None => {}
            Some(&(_, span)) if *shown != Some(span) => {
                *shown = Some(span);
                let (line, _) = self.file.line_col(span.start);
                let text = self.file.line_text(line).trim();
                let _ = writeln!(out, "  ; {line}: {text}");
            }
            Some(_) => {}
        }
    }

    /// One instruction line, with the relocations inside it.
    fn line(&self, off: u32, end: u32, text: &str, out: &mut String) {
        let bytes = self.c.text.get(off as usize..end as usize).unwrap_or(&[]);
        let _ = write!(out, "  {off:0w$x}:  {}  {text}", hex_bytes(bytes), w = self.width);
        for r in relocs_in(&self.c.relocs, Section::Text, off, end) {
            let _ = write!(out, "  ; {}", self.reloc_text(r));
        }
        out.push('\n');
    }

    /// Bytes that no instruction covers, 8 to a `.byte` row.
    fn bytes(&self, start: u32, end: u32, out: &mut String) {
        self.rows(&self.c.text, Section::Text, start, end, out);
    }

    fn rows(&self, sec: &[u8], section: Section, start: u32, end: u32, out: &mut String) {
        let mut at = start;
        while at < end {
            let row_end = at.saturating_add(8).min(end);
            let bytes = sec.get(at as usize..row_end as usize).unwrap_or(&[]);
            let list: Vec<String> = bytes.iter().map(|b| format!("0x{b:02x}")).collect();
            let _ = write!(
                out,
                "  {at:0w$x}:  {}  .byte {}",
                hex_bytes(bytes),
                list.join(", "),
                w = self.width
            );
            for r in relocs_in(&self.c.relocs, section, at, row_end) {
                let _ = write!(out, "  ; {}", self.reloc_text(r));
            }
            out.push('\n');
            at = row_end;
        }
    }

    /// `R_X86_64_PLT32 puts-0x4`, as `llvm-objdump -r` writes it.
    fn reloc_text(&self, r: &Reloc) -> String {
        let name = self.c.symbols.get(r.sym as usize).map_or("?", |s| s.name.as_str());
        let kind = elf_reloc_name(r.kind);
        match r.addend {
            0 => format!("{kind} {name}"),
            a if a < 0 => format!("{kind} {name}-{:#x}", a.unsigned_abs()),
            a => format!("{kind} {name}+{a:#x}"),
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
