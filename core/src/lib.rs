//! irplay-core: the LLVM IR model, its text parser and printer, the verifier and analyses.
//!
//! ```text
//!   .ll text ──lex/parse──▶ Module ──verify──▶ verified Module ──▶ print / analyses / run
//! ```
//! No I/O and no threads: this crate builds for `wasm32-unknown-unknown` and is shared by the
//! CLI, the tests and the browser worker.

#![warn(missing_docs)]

pub mod analysis;
pub mod diag;
pub mod interp;
pub mod ir;
pub mod lower;
pub mod passes;
pub mod runtime;
pub mod text;
pub mod verify;

/// The result of [`check`]: the module if it parsed, and every diagnostic of parsing and
/// verification in source order.
#[derive(Debug)]
pub struct Checked {
    /// The module, when it parsed (even if it failed verification).
    pub module: Option<ir::Module>,
    /// Parse and verifier diagnostics, sorted by position.
    pub diagnostics: Vec<diag::Diagnostic>,
    /// True when the module parsed and verified without errors.
    pub valid: bool,
}

/// Parses and verifies a module: the entry point shared by the CLI, the tests and the browser.
pub fn check(src: &str) -> Checked {
    let parsed = text::parse(src);
    let mut diagnostics = parsed.diagnostics;
    let mut valid = parsed.module.is_some();
    if let Some(m) = &parsed.module {
        let errs = verify::verify(m);
        valid = errs.is_empty();
        diagnostics.extend(errs);
    }
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    Checked { module: parsed.module, diagnostics, valid }
}
