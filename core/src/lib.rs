//! irplay-core: the LLVM IR model, its text parser and printer, the bitcode reader and
//! writer, the verifier, analyses, passes, the interpreter and the lowering that code
//! generators start from.
//!
//! ```text
//!   .ll text ──lex/parse──▶ Module ──verify──▶ verified Module ──▶ print / analyses / passes
//!   .bc bytes ─bitcode::read─┘  └──bitcode::write──▶ .bc        ├─▶ interp (run)
//!                                                               └─▶ lower ──▶ code generators
//! ```
//! No I/O and no threads: this crate builds for `wasm32-unknown-unknown` and is shared by the
//! CLI, the tests and the browser worker.
//!
//! # Layers
//!
//! The modules form layers that only point down. Read them bottom-up: each one needs only
//! what is above it in this table. A module may import (`crate::X`, outside test code) only
//! the modules its row names; `core/tests/layers.rs` reads this table and fails, with the
//! file and line, on any other import.
//!
//! | layer       | may import                                              | what it is |
//! |-------------|---------------------------------------------------------|------------|
//! | `diag`      | (nothing)                                               | spans, diagnostics, rendering |
//! | `ir`        | `diag`                                                  | entities, types, data and type layout, flags, intrinsics, uses |
//! | `semantics` | `ir`                                                    | integer, wide-integer and float operations on bits; the C math functions; poison reasons; kinds of UB |
//! | `runtime`   | `ir` `semantics`                                        | the C library over an engine's memory, and its pure engines: formatting, number parsing, scanning, ctype, which function a name is |
//! | `text`      | `diag` `ir` `semantics`                                 | lexer, parser, printer |
//! | `analysis`  | `diag` `ir` `semantics`                                 | CFG, dominators, loops, liveness, known bits, may-poison, alias |
//! | `verify`    | `diag` `ir` `semantics` `text` `analysis`               | the LangRef's rules, every error collected |
//! | `passes`    | `diag` `ir` `semantics` `text` `analysis` `verify`      | one file per optimization, the pipeline |
//! | `interp`    | `diag` `ir` `semantics` `analysis` `runtime` `text`     | the interpreter, its memory, poison origins, the C library binding, debugging sessions (`text` to name values and types as the printer does) |
//! | `bitcode`   | `diag` `ir` `semantics`                                 | the bitstream container, LLVM bitcode read into a module and written from one |
//! | `lower`     | `diag` `ir` `semantics` `analysis` `text`               | the target-neutral low form code generators start from (`text` for type names in messages) |
//!
//! Macros exported at the crate root (`crate::entity!`, `crate::keyword_enum!`) may be used
//! anywhere. `lib.rs` itself ([`check`]) sits above every layer.

#![warn(missing_docs)]

pub mod analysis;
pub mod bitcode;
pub mod diag;
pub mod interp;
pub mod ir;
pub mod lower;
pub mod passes;
pub mod runtime;
pub mod semantics;
pub mod text;
pub mod verify;

/// The result of [`check`]: the module if it parsed, and every diagnostic of parsing and
/// verification in source order.
#[derive(Debug)]
pub struct Checked {
    /// The module, when it parsed (even if it failed verification).
    pub module: Option<ir::Module>,
    /// Parse and verifier diagnostics, sorted by position: at most
    /// [`MAX_ERRORS`](diag::MAX_ERRORS) errors, then a note that counts the others.
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
    diag::sort_and_cap(&mut diagnostics, parsed.suppressed);
    Checked { module: parsed.module, diagnostics, valid }
}
