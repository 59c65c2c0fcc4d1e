//! Bitcode at the command line: inputs are told apart by their first bytes, and modules are
//! written as text or bitcode (`--emit ll|bc`).
//!
//! An input whose bytes start with the bitcode magic (`BC 0xC0DE`, or the wrapper header) is
//! bitcode whatever its name, from a file or standard input. It is read with
//! [`irplay_core::bitcode::read`]; `check` and `fmt` use the module read as it is, and print
//! its *text form* (the module as LLVM 19 text, named `FILE (as text)`) only when there are
//! errors to place. The other commands (runs, the debugger, `opt`, `build`) work on the text
//! form, so every position in a report is a line of the module as `irplay fmt FILE` prints it. Diagnostics on a bitcode input also say which function they are
//! in and, when the instruction carries a `!dbg` location, the source line it came from
//! ([`annotate`]). A read error is `FILE: error: byte N (BLOCK > RECORD): message`; LLVM 1.x
//! bytecode (magic `llvm`) is recognised and refused.

use irplay_core::bitcode::{self, Format};
use irplay_core::diag::{Diagnostic, SourceFile};
use irplay_core::ir::{MdField, MdId, MdNodeKind, Metadata, Module};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

/// What follows the input's name in the name of its text form.
pub const TEXT_FORM: &str = " (as text)";

/// What a module is written as.
#[derive(Copy, Clone, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum IrEmit {
    /// LLVM 19 text.
    Ll,
    /// LLVM 19 bitcode (refused when it would go to a terminal).
    Bc,
}

/// A bitcode input, read: its name and module. Its text form is printed only when asked for
/// ([`BitcodeInput::text_form`]): to place diagnostics, or for commands that work on text.
pub struct BitcodeInput {
    /// The input's name (`-` for standard input).
    pub name: String,
    /// The module read.
    pub module: Module,
}

impl BitcodeInput {
    /// The module printed as LLVM 19 text, named `NAME (as text)`.
    pub fn text_form(&self) -> SourceFile {
        let text = irplay_core::text::print_module(&self.module);
        SourceFile::new(format!("{}{TEXT_FORM}", self.name), text)
    }
}

/// Reads `bytes` from `name` when they are binary IR: `Ok(None)` for anything else (text),
/// `Err` with the message for binary IR that cannot be read.
pub fn read_binary(name: &str, bytes: &[u8]) -> Result<Option<BitcodeInput>, String> {
    match bitcode::sniff(bytes) {
        None => Ok(None),
        Some(Format::Llvm1Bytecode) => Err("LLVM 1.x bytecode cannot be read; disassemble it \
                                            with LLVM 1.x's llvm-dis"
            .to_string()),
        Some(Format::Bitcode) => match bitcode::read(bytes) {
            Ok(module) => Ok(Some(BitcodeInput { name: name.to_string(), module })),
            Err(e) => Err(e.to_string()),
        },
    }
}

/// True when `file` is the text form of a bitcode input.
pub fn is_text_form(file: &SourceFile) -> bool {
    file.name().ends_with(TEXT_FORM)
}

/// On the text form of a bitcode input, adds to each diagnostic a note naming the function it
/// is in and, when it is on an instruction with a `!dbg` location, the source line (`in @f, at
/// source line x.c:12:5`). Diagnostics on text inputs are left alone: they have their lines.
pub fn annotate(diags: &mut [Diagnostic], file: &SourceFile, module: Option<&Module>) {
    if !is_text_form(file) {
        return;
    }
    for d in diags.iter_mut() {
        let Some(function) = enclosing_function(file.text(), d.span.start) else { continue };
        let note = match module.and_then(|m| source_line(m, d.span.start)) {
            Some(at) => format!("in @{function}, at source line {at}"),
            None => format!("in @{function}"),
        };
        d.notes.insert(0, note);
    }
}

/// The name of the function whose body holds byte `offset` of printed module text.
fn enclosing_function(text: &str, offset: u32) -> Option<&str> {
    let before = text.get(..usize::try_from(offset).ok()?)?;
    let start = match before.rfind("\ndefine ") {
        Some(i) => i + 1,
        None if text.starts_with("define ") => 0,
        None => return None,
    };
    // A closing brace at the start of a line between the header and the offset ends the body.
    if before.get(start..)?.contains("\n}") {
        return None;
    }
    let header = text.get(start..)?;
    let header = header.get(..header.find('\n').unwrap_or(header.len()))?;
    let at = header.find('@')?;
    let name = header.get(at + 1..)?;
    if let Some(quoted) = name.strip_prefix('"') {
        return quoted.find('"').and_then(|end| name.get(..end + 2));
    }
    let end = name.find('(').unwrap_or(name.len());
    name.get(..end)
}

/// `FILE:LINE:COL` of the `!dbg` location of the instruction whose span holds `offset`.
fn source_line(m: &Module, offset: u32) -> Option<String> {
    let inst = m.order.iter().filter_map(|&g| m.func(g)?.body.as_ref()).find_map(|body| {
        body.insts
            .iter()
            .map(|(_, i)| i)
            .find(|i| i.span.start <= offset && offset < i.span.end.max(i.span.start + 1))
    })?;
    let loc = inst.md.iter().find(|(kind, _)| m.symbols.get(*kind) == "dbg")?.1;
    let line = int_field(m, loc, "line")?;
    let column = int_field(m, loc, "column").unwrap_or(0);
    let file = md_field(m, loc, "scope").and_then(|s| scope_file(m, s, 0));
    let file = file.unwrap_or_else(|| "?".to_string());
    Some(if column == 0 { format!("{file}:{line}") } else { format!("{file}:{line}:{column}") })
}

/// The field `name` of the specialised record `id`.
fn field(m: &Module, id: MdId, name: &str) -> Option<MdField> {
    let MdNodeKind::Record { fields, .. } = &m.metadata.nodes.get(id)?.kind else { return None };
    fields.iter().find(|f| f.name.is_some_and(|n| m.symbols.get(n) == name)).map(|f| f.value)
}

/// An integer field as written.
fn int_field(m: &Module, id: MdId, name: &str) -> Option<u64> {
    match field(m, id, name)? {
        MdField::Int(s) => m.symbols.get(s).parse().ok(),
        _ => None,
    }
}

/// A field that refers to a node.
fn md_field(m: &Module, id: MdId, name: &str) -> Option<MdId> {
    match field(m, id, name)? {
        MdField::Md(Metadata::Node(n)) => Some(n),
        _ => None,
    }
}

/// The file name of a scope (`DISubprogram`, `DILexicalBlock`, ...: their `file:`), going out
/// through `scope:` when a scope has none.
fn scope_file(m: &Module, scope: MdId, depth: u32) -> Option<String> {
    if depth > 64 {
        return None;
    }
    match md_field(m, scope, "file").and_then(|f| field(m, f, "filename")) {
        Some(MdField::Str(s)) => Some(m.symbols.get(s).to_string()),
        Some(MdField::Md(Metadata::String(s))) => Some(m.symbols.get(s).to_string()),
        _ => scope_file(m, md_field(m, scope, "scope")?, depth + 1),
    }
}

/// Writes `module` as `emit` says to `path` (`None` or `-`: standard output). Bitcode is not
/// written to a terminal.
pub fn write_module(path: Option<&Path>, module: &Module, emit: IrEmit) -> ExitCode {
    let path = path.filter(|p| p.as_os_str() != "-");
    let bytes = match emit {
        IrEmit::Ll => irplay_core::text::print_module(module).into_bytes(),
        IrEmit::Bc => {
            if path.is_none() && std::io::stdout().is_terminal() {
                eprintln!(
                    "irplay: error: refusing to write bitcode to a terminal; give -o FILE, or \
                     redirect standard output"
                );
                return ExitCode::FAILURE;
            }
            match bitcode::write(module) {
                Ok(b) => {
                    bitcode::write_warnings(module)
                        .iter()
                        .for_each(|w| eprintln!("irplay: warning: {w}"));
                    b
                }
                Err(e) => {
                    eprintln!("irplay: error: cannot write the module as bitcode: {}", e.message);
                    return ExitCode::FAILURE;
                }
            }
        }
    };
    match path {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &bytes) {
                eprintln!("{}: error: cannot write file: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
        None => {
            let mut out = std::io::stdout().lock();
            if out.write_all(&bytes).and_then(|_| out.flush()).is_err() {
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str =
        "define i32 @f() {\n  ret i32 0\n}\n\ndefine void @\"a (b\"() {\n  ret void\n}\n";

    #[test]
    fn functions_by_offset() {
        let at = |s: &str| u32::try_from(TEXT.find(s).unwrap()).unwrap();
        assert_eq!(enclosing_function(TEXT, at("ret i32")), Some("f"));
        assert_eq!(enclosing_function(TEXT, at("ret void")), Some("\"a (b\""));
        assert_eq!(enclosing_function(TEXT, 0), Some("f"));
        assert_eq!(enclosing_function("@g = global i32 0\n", 3), None);
        assert_eq!(enclosing_function(TEXT, at("\ndefine void")), None);
    }

    #[test]
    fn notes_name_the_function_and_source_line() {
        let text = "define i32 @f() !dbg !3 {\n  %x = add i32 1, 2, !dbg !8\n  ret i32 %x\n}\n\n\
                    !llvm.module.flags = !{!0}\n!llvm.dbg.cu = !{!1}\n\
                    !0 = !{i32 2, !\"Debug Info Version\", i32 3}\n\
                    !1 = distinct !DICompileUnit(language: DW_LANG_C11, file: !2, emissionKind: FullDebug)\n\
                    !2 = !DIFile(filename: \"t.c\", directory: \".\")\n\
                    !3 = distinct !DISubprogram(name: \"f\", scope: !2, file: !2, line: 1, type: !4, unit: !1, spFlags: DISPFlagDefinition)\n\
                    !4 = !DISubroutineType(types: !5)\n!5 = !{}\n\
                    !6 = distinct !DILexicalBlock(scope: !3, file: !2, line: 2)\n!7 = !{}\n\
                    !8 = !DILocation(line: 3, column: 5, scope: !6)\n";
        let parsed = irplay_core::text::parse(text);
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        let at = |s: &str| u32::try_from(text.find(s).unwrap()).unwrap();
        let span = |s: &str| irplay_core::diag::Span::new(at(s), at(s) + 1);
        let mut diags = vec![
            Diagnostic::error(span("add i32"), "on the add"),
            Diagnostic::error(span("ret i32"), "on the ret"),
            Diagnostic::error(span("!llvm.dbg.cu"), "outside"),
        ];
        let module = parsed.module.as_ref();
        annotate(&mut diags, &SourceFile::new("t.ll", text), module);
        assert!(diags.iter().all(|d| d.notes.is_empty()), "text inputs are left alone");
        annotate(&mut diags, &SourceFile::new(format!("t.bc{TEXT_FORM}"), text), module);
        let notes: Vec<_> = diags.iter().map(|d| d.notes.clone()).collect();
        assert_eq!(
            notes,
            [vec!["in @f, at source line t.c:3:5".to_string()], vec!["in @f".to_string()], vec![]]
        );
    }

    #[test]
    fn binary_inputs() {
        assert!(matches!(read_binary("x", b"define void @f() {\n  ret void\n}\n"), Ok(None)));
        let e = read_binary("x", b"llvmabcdef").err().unwrap_or_default();
        assert!(e.contains("LLVM 1.x bytecode cannot be read"), "{e}");
        let e = read_binary("x", b"BC\xc0\xde\x35\x14\x00\x00").err().unwrap_or_default();
        assert!(e.starts_with("byte "), "{e}");
    }
}
