//! irplay-wasm: the wasm32 backend. It turns the low form of `irplay_core::lower` into a
//! WebAssembly module with `wasm-encoder`; it depends on `irplay-core` only and builds for
//! wasm32 itself (the playground compiles in the browser).
//!
//! ```text
//!  LowModule ──▶ module.rs: types, imports ("env"), table, memory, globals, exports, data
//!            ├─▶ builtins.rs: memcpy, strlen, strcmp, ... defined in the module
//!            └─▶ func.rs:   each function as structured control flow (structure.rs,
//!                           "Beyond Relooper"), or a dispatch loop over its blocks when its
//!                           CFG is irreducible (ops.rs, simd.rs: one low instruction → wasm
//!                           instructions; regs.rs: registers as locals, constants and
//!                           values kept on the stack)
//! ```
//!
//! The module's ABI, which hosts rely on:
//! - Linear memory (exported as `memory`): addresses `0..DATA_BASE` unused (null),
//!   the data image at [`DATA_BASE`], then the shadow stack (growing down from
//!   `__heap_base`), then the heap from `__heap_base` (an exported `i32` global) upwards.
//!   The heap belongs to the host: `malloc`, `free`, `realloc` and `calloc` are imports it
//!   implements (growing the memory as needed), which keeps the module small and lets the
//!   host check frees.
//! - The shadow stack pointer is the mutable global `__stack_pointer` (exported), kept
//!   16-byte aligned; frames and variadic argument areas are carved from it.
//! - Pointers are `i32` in wasm whatever the data layout says; in memory they keep the data
//!   layout's size (8-byte pointers are stored zero-extended and loaded from their low half).
//! - External functions are imports from module `env`, by their C name, with the lowered
//!   signature (`Ptr` → `i32`); a variadic one takes the address of its argument area as a
//!   last `i32` (8-byte cells, see `irplay_core::lower::abi`). The memory and string
//!   functions of [`builtins::NAMES`] (`memcpy`, `strlen`, `strcmp`, ...) declared with their
//!   C signature are not imported: the module defines them (after its own functions).
//! - Function pointers are indices into the exported table `__indirect_function_table`:
//!   low function `k` (definitions first, then imports) is at index `k + 1`, so null is 0.
//! - `i128` division and remainder are calls to the imports `__udivti3`, `__divti3`,
//!   `__umodti3` and `__modti3` (compiler-rt's names; parameters: the low and high `i64`
//!   halves of both operands; results: the two halves), which the host implements.
//! - A variadic function defined in the module takes its argument area like an imported
//!   one (one last `i32`).
//! - `main` is exported when defined.
//! - A module that can throw C++ exceptions keeps the exception in flight in memory
//!   (`irplay_core::lower::eh`; `invoke` and `landingpad` are ordinary control flow) and
//!   exports the immutable `i32` global [`EXCEPTION`], the address of that state: when
//!   `main` returns with the `i32` there non-zero, an exception escaped it, which the host
//!   reports as the interpreter does (an `uncaught_exception` error, status 71).
//! - `musttail` calls (and some `tail` calls) are `return_call`/`return_call_indirect` (the
//!   tail-call proposal).
//! - 128-bit vectors (`<4 x i32>`, `<2 x double>`, ...) are `v128` values (fixed-width SIMD),
//!   also as parameters and results.
//! - With [`Options::stack_check`] (the default), every allocation on the shadow stack is
//!   checked against the stack's lower end (just above the data image); one that would go
//!   below calls the import `env.__irplay_stack_overflow` (no parameters, no results; the
//!   host reports the overflow and stops the program), after the module's other imports,
//!   so it has no table index. A `unreachable` follows the call in case it returns.
//! - With [`Options::limits`] (off by default; `irplay run --engine wasm` and the playground
//!   turn it on, `irplay build` does not), the module counts the run's steps and call depth
//!   (`irplay_core::lower::Options::limits`) in two exported mutable `i64` globals, [`FUEL`]
//!   (steps left) and [`DEPTH`] (frames left), both `i64::MAX` until the host sets its
//!   budgets before calling `main` (steps left afterwards tell the steps used). Each block
//!   that starts an IR block subtracts its IR instruction count from [`FUEL`], each function
//!   takes one from [`DEPTH`] on entry and gives it back before it returns or tail-calls; a
//!   counter that goes below zero calls the import [`LIMIT`] (one `i32`: [`LIMIT_STEPS`] or
//!   [`LIMIT_DEPTH`]; no result), imported after the stack check's, so no table index
//!   either; it must not return (an `unreachable` follows).

pub mod builtins;
mod func;
mod helpers;
pub mod host;
pub mod libc;
pub mod limits;
mod module;
mod ops;
mod regs;
mod simd;
mod srcmap;
pub mod structure;

pub use module::{compile, compile_mapped, Options};
pub use srcmap::{FuncMap, SourceMap};

/// The exported `i32` global holding the address of the exception state in a module that can
/// throw: the `i32` there is non-zero when an exception escaped `main` (see the module's ABI).
pub const EXCEPTION: &str = "__irplay_exception";

/// How hosts report an exception that escaped `main` (the interpreter's words).
pub const UNCAUGHT: &str = "error: uncaught_exception: an exception was thrown and not caught";

/// The import called when the shadow stack overflows (see the module's ABI above).
pub const STACK_OVERFLOW: &str = "__irplay_stack_overflow";

/// The import a module compiled with [`Options::limits`] calls when a budget is spent, with
/// its kind ([`LIMIT_STEPS`] or [`LIMIT_DEPTH`]) as its one `i32` parameter (see the ABI).
pub const LIMIT: &str = "__irplay_limit";

/// The kind [`LIMIT`] is called with when the step budget is spent.
pub const LIMIT_STEPS: i32 = 0;

/// The kind [`LIMIT`] is called with when the call-depth budget is spent.
pub const LIMIT_DEPTH: i32 = 1;

/// The exported mutable `i64` global of the steps left (see the ABI).
pub const FUEL: &str = "__irplay_fuel";

/// The exported mutable `i64` global of the frames left (see the ABI).
pub const DEPTH: &str = "__irplay_depth";

/// Where the data image starts in linear memory.
pub const DATA_BASE: u32 = 16;

/// Why a low module could not be turned into wasm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WasmError(pub String);

impl std::fmt::Display for WasmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for WasmError {}

/// What this target asks of the lowering: 128-bit vectors stay whole (wasm SIMD's `v128`).
pub const LOWER_OPTIONS: irplay_core::lower::Options = irplay_core::lower::Options {
    v128: true,
    abi: irplay_core::lower::Abi::Cells,
    value_names: false,
    limits: false,
};

/// [`LOWER_OPTIONS`] with the step and depth counts, for [`Options::limits`].
pub const LOWER_OPTIONS_LIMITS: irplay_core::lower::Options =
    irplay_core::lower::Options { limits: true, ..LOWER_OPTIONS };

/// Lowers a verified IR module for this target ([`LOWER_OPTIONS`]). Debug builds verify the
/// low form ([`irplay_core::lower::verify`]): a problem is an error at its function's span.
pub fn lower(
    m: &irplay_core::ir::Module,
) -> Result<irplay_core::lower::LowModule, irplay_core::lower::LowerError> {
    lower_for(m, &Options::default())
}

/// Lowers a verified IR module for a compilation with `opts`: with the step and depth counts
/// ([`LOWER_OPTIONS_LIMITS`]) when `opts.limits`, else [`LOWER_OPTIONS`].
pub fn lower_for(
    m: &irplay_core::ir::Module,
    opts: &Options,
) -> Result<irplay_core::lower::LowModule, irplay_core::lower::LowerError> {
    let lo = if opts.limits { LOWER_OPTIONS_LIMITS } else { LOWER_OPTIONS };
    let low = irplay_core::lower::lower_module_with(m, lo)?;
    #[cfg(debug_assertions)]
    irplay_core::lower::verify::check(&low, lo)?;
    Ok(low)
}

/// Lowers a verified IR module and compiles it (the whole pipeline for front doors).
pub fn compile_module(
    m: &irplay_core::ir::Module,
    opts: &Options,
) -> Result<Vec<u8>, CompileError> {
    let low = lower_for(m, opts).map_err(CompileError::Lower)?;
    compile(&low, opts).map_err(CompileError::Wasm)
}

/// An error of [`compile_module`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The module uses a construct the lowering does not support (with its span).
    Lower(irplay_core::lower::LowerError),
    /// The backend failed.
    Wasm(WasmError),
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CompileError::Lower(e) => write!(f, "{e}"),
            CompileError::Wasm(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(test)]
mod tests;
