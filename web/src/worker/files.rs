//! The file worker: reads an opened `.bc` file into the module's text, and writes the editor's
//! module as bitcode for a download.
//!
//! Reading prints the module with `text::print_module`, as `irplay dis` would; the page puts
//! that text in the editor, so everything else (checking, the CFG, runs, share links) works on
//! text as before. Writing parses and verifies the text first: bitcode is written only for a
//! module the rest of the playground accepts.

use crate::now_ms;
use crate::protocol::{
    BitcodeFile, BitcodeText, FilesReply, ReadBitcodeRequest, ReadError, WriteBitcodeRequest,
};
use irplay_core::bitcode;
use irplay_core::diag::{Severity, SourceFile};

/// Reads a bitcode file and prints its module.
pub fn read_bitcode(r: ReadBitcodeRequest) -> FilesReply {
    let start = now_ms();
    let (text, error) = match bitcode::read(&r.bytes) {
        Ok(m) => (Some(irplay_core::text::print_module(&m)), None),
        Err(e) => {
            let e = ReadError { offset: e.offset, context: e.context, message: e.message };
            (None, Some(e))
        }
    };
    FilesReply::BitcodeRead(Box::new(BitcodeText {
        id: r.id,
        text,
        error,
        millis: now_ms() - start,
    }))
}

/// Writes the module of `text` as bitcode, or says why it cannot be.
pub fn write_bitcode(r: WriteBitcodeRequest) -> FilesReply {
    let start = now_ms();
    let (bytes, error) = match to_bitcode(&r.text) {
        Ok(bytes) => (bytes, None),
        Err(e) => (Vec::new(), Some(e)),
    };
    FilesReply::BitcodeWritten(Box::new(BitcodeFile {
        id: r.id,
        bytes,
        error,
        millis: now_ms() - start,
    }))
}

/// The bitcode of the module `text` holds, or why there is none.
fn to_bitcode(text: &str) -> Result<Vec<u8>, String> {
    let checked = irplay_core::check(text);
    let module = match checked.module {
        Some(m) if checked.valid => m,
        _ => {
            let file = SourceFile::new("input.ll", text);
            let errors: Vec<_> =
                checked.diagnostics.iter().filter(|d| d.severity == Severity::Error).collect();
            let first = errors.first().map_or(String::new(), |d| {
                let (line, col) = file.line_col(d.span.start);
                format!(" (the first, at line {line}, column {col}: {})", d.message)
            });
            let n = errors.len();
            let what = if n == 1 { "an error".to_string() } else { format!("{n} errors") };
            return Err(format!(
                "the module has {what}{first}; bitcode is written only for a module that parses \
                 and verifies"
            ));
        }
    };
    bitcode::write(&module).map_err(|e| format!("the bitcode writer failed: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(text: &str) -> Option<BitcodeFile> {
        match write_bitcode(WriteBitcodeRequest { id: 2, text: text.into() }) {
            FilesReply::BitcodeWritten(f) => Some(*f),
            _ => None,
        }
    }

    fn read(bytes: &[u8]) -> Option<BitcodeText> {
        match read_bitcode(ReadBitcodeRequest { id: 5, bytes: bytes.to_vec() }) {
            FilesReply::BitcodeRead(t) => Some(*t),
            _ => None,
        }
    }

    #[test]
    fn a_module_with_errors_gets_no_bitcode_but_the_reason() {
        let f = written("define i32 @f() {\n  ret i32 %nope\n}\n");
        let f = f.as_ref();
        assert_eq!(f.map(|f| f.id), Some(2));
        assert!(f.is_some_and(|f| f.bytes.is_empty()));
        let why = f.and_then(|f| f.error.clone()).unwrap_or_default();
        assert!(why.starts_with("the module has an error (the first, at line 2,"), "{why}");
        assert!(why.contains("%nope"), "{why}");
        let f = written("define i32 @f() {\n  ret i32 %a\n  ret i32 %b\n}\n");
        let why = f.and_then(|f| f.error).unwrap_or_default();
        assert!(why.contains("errors (the first, at line 2,"), "{why}");
    }

    #[test]
    fn damaged_bitcode_gives_an_error_with_its_offset_and_no_text() {
        // The magic, then the start of a block that is cut short.
        for bytes in [&b"BC\xC0\xDE\x35\x14"[..], b"BC\xC0\xDE", b"BC\xC0\xDE\xFF\xFF\xFF\xFF"] {
            let t = read(bytes);
            assert_eq!(t.as_ref().map(|t| t.id), Some(5));
            assert!(t.as_ref().is_some_and(|t| t.text.is_none()));
            let e = t.and_then(|t| t.error);
            assert!(e.as_ref().is_some_and(|e| e.offset <= bytes.len() as u64), "{e:?}");
            assert!(e.is_some_and(|e| !e.message.is_empty()));
        }
    }
}
