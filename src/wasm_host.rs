//! The wasm host: `irplay build --target wasm32` (write the module, or its text with
//! `--emit wat`) and the compilation of `irplay run --engine wasm`, which runs the module in
//! wasmtime (`wasm_run.rs`, the `wasm-engine` feature).
//!
//! Exit status: `main`'s return value or `exit`'s argument (mod 256), as `irplay run`; 134
//! for `abort` and failed assertions; 70 for a wasm trap (which only undefined behaviour
//! causes: `unreachable`, an out-of-bounds access, division by zero); 71 for a runtime error
//! (an unsupported function, a module that does not compile, a C++ exception that escaped
//! `main`, the stack-depth limit); 124 at the step limit; 72 at the output limit; 1 for an
//! invalid module. `irplay build` exits 1 for every failure, a construct
//! the code generator does not support included (`build_status` in `main.rs`): a compiler's
//! statuses, not a run's.
//!
//! `irplay build` writes modules without the step and depth counters (they keep no limits);
//! `irplay run --engine wasm` compiles with them.

use irplay_core::diag::{render, SourceFile};
use irplay_wasm::SourceMap;
use std::io::Write as _;
use std::path::Path;

/// Compiles a checked module, reporting unsupported constructs with their position; with the
/// step and depth counters of a run's limits when `limits` (`irplay_wasm::Options::limits`:
/// `irplay run` uses them, `irplay build` does not).
pub(crate) fn compile(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
    limits: bool,
) -> Result<(Vec<u8>, u8, SourceMap), u8> {
    let opts = irplay_wasm::Options { limits, ..irplay_wasm::Options::default() };
    let low = match irplay_wasm::lower_for(module, &opts) {
        Ok(l) => l,
        Err(e) => {
            eprint!("{}", render(&e.to_diagnostic(), file));
            return Err(crate::run::Stop::ERROR);
        }
    };
    let compiled = irplay_wasm::compile_mapped(&low, &opts);
    let ptr_bytes = low.ptr_bytes;
    // Not freed piece by piece: the process ends soon (see `wasm_file`).
    std::mem::forget(low);
    match compiled {
        Ok((bytes, map)) => Ok((bytes, ptr_bytes, map)),
        Err(e) => {
            eprintln!("error: {e}");
            Err(crate::run::Stop::ERROR)
        }
    }
}

/// What `irplay build` writes.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Emit {
    /// The binary module.
    Wasm,
    /// Its text form.
    Wat,
    /// The low form (`irplay_core::lower::print`).
    Low,
}

/// `irplay build --target wasm32 FILE -o OUT [--emit wat|low]`.
pub fn build(file: &SourceFile, module: &irplay_core::ir::Module, out: &Path, emit: Emit) -> u8 {
    if emit == Emit::Low {
        return match irplay_wasm::lower(module) {
            Ok(low) => write_out(out, irplay_core::lower::print::print_module(&low).as_bytes()),
            Err(e) => {
                eprint!("{}", render(&e.to_diagnostic(), file));
                crate::run::Stop::ERROR
            }
        };
    }
    let (bytes, _, _) = match compile(file, module, false) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let data = if emit == Emit::Wat {
        match wasmprinter::print_bytes(&bytes) {
            Ok(t) => t.into_bytes(),
            Err(e) => {
                eprintln!("error: cannot print the module as text: {e}");
                return crate::run::Stop::ERROR;
            }
        }
    } else {
        bytes
    };
    write_out(out, &data)
}

fn write_out(out: &Path, data: &[u8]) -> u8 {
    let written = if out.as_os_str() == "-" {
        std::io::stdout().lock().write_all(data)
    } else {
        std::fs::write(out, data)
    };
    if let Err(e) = written {
        eprintln!("{}: error: cannot write file: {e}", out.display());
        return 1;
    }
    0
}
