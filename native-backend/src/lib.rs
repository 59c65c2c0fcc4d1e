//! irplay-native: the native backend. It turns the low form of `irplay_core::lower` into
//! machine code for x86-64 (System V, ELF) and AArch64 (AAPCS64, ELF), as an abstract object
//! ([`Compiled`]: sections, symbols, relocations, a map from code back to IR instructions and
//! notes on where values live) that [`object`] writes as an ELF relocatable file and that a
//! loader can map into memory and run. It depends on `irplay-core` only and builds for wasm32
//! (the playground compiles in its worker).
//!
//! ```text
//!  LowModule ──▶ module.rs    symbols, data, the text section the functions are appended to
//!            ──▶ analysis.rs  per-register facts: block-local or not, last use, calls crossed
//!            ──▶ ISA/lower.rs one walk per function (ISA: x64/ or aarch64/, the same files):
//!                 │           instruction selection with the single-pass register assignment
//!                 │           of assign.rs, the frame of frame.rs, the placement of abi.rs
//!                 └─▶ ISA/encode.rs bytes into buffer.rs (labels, fixups with their ranges,
//!                     relocations), ISA/print.rs the text of each instruction for the listing
//!  Compiled ──▶ object.rs (ELF .o) · listing.rs (IR line → instructions → bytes)
//! ```
//!
//! The code's ABI is the target's C calling convention for the low form's scalar parameters
//! and results, so calls to the C library and to code of other compilers agree for the
//! signatures C uses: on x86-64 System V (integers and pointers in `rdi, rsi, rdx, rcx, r8,
//! r9`, floats in `xmm0`-`xmm7`, the rest on the stack; variadic calls with the count of
//! vector registers in `al`), on AArch64 AAPCS64 (integers in `x0`-`x7`, floats in `v0`-`v7`,
//! `sret` in `x8`, arrays in consecutive registers or all on the stack; variadic arguments
//! like named ones). Variadic functions keep the target's register save area for
//! `va_start` and `va_arg`.

pub mod aarch64;
pub mod abi;
pub mod analysis;
pub mod assign;
pub mod buffer;
pub mod frame;
pub mod listing;
mod module;
pub mod object;
pub mod x64;

use irplay_core::diag::Span;
use irplay_core::lower::{LowModule, LowerError, Options as LowerOptions};

/// What a native target asks of the lowering: vectors one register per lane, the target's C
/// convention at the module's edges.
pub fn lower_options(target: Target) -> LowerOptions {
    let abi = match target {
        Target::X64 => irplay_core::lower::Abi::SysV,
        Target::Aarch64 => irplay_core::lower::Abi::Aapcs64,
    };
    LowerOptions { v128: false, abi, value_names: false, limits: false }
}

/// Lowers a verified IR module for `target` ([`lower_options`]). Debug builds verify the low
/// form ([`irplay_core::lower::verify`]): a problem is an error at its function's span.
pub fn lower(m: &irplay_core::ir::Module, target: Target) -> Result<LowModule, LowerError> {
    lower_with(m, target, &Options::default())
}

/// [`lower`] for a compilation with `opts` (with [`Options::listing`], the IR names of the
/// values are kept for the listing's notes).
pub fn lower_with(
    m: &irplay_core::ir::Module,
    target: Target,
    opts: &Options,
) -> Result<LowModule, LowerError> {
    lower_with_limits(m, target, opts, false)
}

/// [`lower_with`], with `limits` for code that keeps a run's limits: the lowering counts
/// executed IR instructions per block and the call depth ([`irplay_core::lower::Options::limits`]),
/// and [`compile`] keeps the counts in two counters of the data section ([`COUNTER_STEPS`],
/// [`COUNTER_DEPTH`], budgets a host writes with [`Compiled::set_budgets`]), each stopping
/// the run at a trap of [`Compiled::limit_sites`] when it goes below zero; the code then
/// calls the functions of [`WRAPPED`] under the names `__irplay_NAME`, which the host
/// defines to count the live heap (and to give the interpreter's `time` and `clock`). Plain builds leave it off: no counters, no renaming.
pub fn lower_with_limits(
    m: &irplay_core::ir::Module,
    target: Target,
    opts: &Options,
    limits: bool,
) -> Result<LowModule, LowerError> {
    let lo = LowerOptions { value_names: opts.listing, limits, ..lower_options(target) };
    let low = irplay_core::lower::lower_module_with(m, lo)?;
    #[cfg(debug_assertions)]
    irplay_core::lower::verify::check(&low, lo)?;
    Ok(low)
}

/// A native target.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Target {
    /// x86-64, System V ABI, ELF (Linux).
    #[default]
    X64,
    /// AArch64 (ARMv8-A), AAPCS64, ELF (Linux).
    Aarch64,
}

impl Target {
    /// Every target.
    pub const ALL: [Target; 2] = [Target::X64, Target::Aarch64];
    /// Its name on the command line and in the playground (`x86_64`, `aarch64`).
    pub fn name(self) -> &'static str {
        match self {
            Target::X64 => "x86_64",
            Target::Aarch64 => "aarch64",
        }
    }
    /// The target of a name (`x86_64`/`x86-64`/`x64`, `aarch64`/`arm64`).
    pub fn from_name(s: &str) -> Option<Target> {
        match s {
            "x86_64" | "x86-64" | "x64" => Some(Target::X64),
            "aarch64" | "arm64" => Some(Target::Aarch64),
            _ => None,
        }
    }
}

/// The IR name of register `v` of `f` (empty without [`Options::listing`]).
pub(crate) fn value_name(f: &irplay_core::lower::LowFunc, v: u32) -> Option<&str> {
    let k = f.names.binary_search_by_key(&v, |p| p.0 .0).ok()?;
    f.names.get(k).map(|p| p.1.as_str())
}

/// Names symbols and labels for the printers: `sym(id)` the symbol's name, `label(id)` the
/// label's offset.
pub trait Names {
    /// The name of a symbol.
    fn sym(&self, id: SymId) -> String;
    /// A label's offset from the start of the function (if bound).
    fn label(&self, l: buffer::Label) -> Option<u32>;
}

/// Choices of the code generator.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Keep the text of every machine instruction for [`listing`] (costs time).
    pub listing: bool,
}

/// The data symbol counting down the steps left ([`lower_with_limits`]): a 64-bit integer.
pub const COUNTER_STEPS: &str = "__irplay_steps_left";
/// The data symbol counting down the call depth left ([`lower_with_limits`]).
pub const COUNTER_DEPTH: &str = "__irplay_depth_left";
/// The C library functions a program calls through the host's wrappers in code that keeps a
/// run's limits ([`lower_with_limits`]: `malloc` as `__irplay_malloc`, ...): the memory
/// functions, which count the live heap, `time`, which returns the interpreter's fixed time
/// (`irplay_core::runtime::stdlib::FIXED_TIME`), `clock`, which counts the steps taken (from
/// [`COUNTER_STEPS`]) as the interpreter's does, and `isatty`, which finds no terminal, as in
/// the interpreter and the browser.
pub const WRAPPED: [&str; 11] = [
    "malloc",
    "calloc",
    "realloc",
    "free",
    "aligned_alloc",
    "posix_memalign",
    "memalign",
    "reallocarray",
    "time",
    "clock",
    "isatty",
];

/// What a limit trap ([`Compiled::limit_sites`]) stops the run for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LimitKind {
    /// The step budget is spent (at the first IR instruction of the block about to run).
    Steps,
    /// The call-depth budget is spent (in the prologue of the function being called: the
    /// call site is the return address of its frame).
    Depth,
}

/// A section of a [`Compiled`] object.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Section {
    /// Machine code (read and execute).
    Text,
    /// Initialized global variables (read and write).
    Data,
}

/// A symbol of a [`Compiled`] object: defined in a section, or external (an import).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    /// Its name (the IR name without `@`).
    pub name: String,
    /// Where it is defined: section, offset, size; `None` for an external symbol.
    pub def: Option<(Section, u32, u32)>,
    /// A function (or else a data object).
    pub func: bool,
    /// Visible to other objects (else local to this one).
    pub global: bool,
}

/// An index into [`Compiled::symbols`].
pub type SymId = u32;

/// How a relocation computes the value it stores.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RelocKind {
    /// 32 bits, `S + A - P` (RIP-relative data and code addresses: `R_X86_64_PC32`).
    Pc32,
    /// 32 bits, a call: `L + A - P` with `L` the symbol or its PLT entry (`R_X86_64_PLT32`).
    Plt32,
    /// 32 bits, `G + GOT + A - P`: the address of the symbol's GOT entry
    /// (`R_X86_64_REX_GOTPCRELX`, on a `mov reg, [rip + ...]`).
    GotPcRel,
    /// 64 bits, `S + A` (addresses stored in data: `R_X86_64_64`, on AArch64
    /// `R_AARCH64_ABS64`).
    Abs64,
    /// AArch64 `bl`: `S + A - P` in words, 26 bits, through a PLT entry or veneer if needed
    /// (`R_AARCH64_CALL26`).
    Call26,
    /// AArch64 `b` to a symbol, a tail call: as [`RelocKind::Call26`]
    /// (`R_AARCH64_JUMP26`).
    Jump26,
    /// AArch64 `adrp`: `Page(S + A) - Page(P)` in pages (`R_AARCH64_ADR_PREL_PG_HI21`).
    AdrPage21,
    /// AArch64 `add`: the low 12 bits of `S + A` (`R_AARCH64_ADD_ABS_LO12_NC`).
    AddLo12,
    /// AArch64 `adrp`: `Page(G(GDAT(S + A))) - Page(P)`, the page of the symbol's GOT entry
    /// (`R_AARCH64_ADR_GOT_PAGE`).
    GotPage21,
    /// AArch64 `ldr x`: the low 12 bits of the GOT entry's address, scaled by 8
    /// (`R_AARCH64_LD64_GOT_LO12_NC`).
    GotLo12,
}

/// A relocation: in `section` at `offset`, store `kind` of `sym` plus `addend`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reloc {
    /// The section patched.
    pub section: Section,
    /// Where in it.
    pub offset: u32,
    /// What is stored.
    pub kind: RelocKind,
    /// Whose address.
    pub sym: SymId,
    /// Added to it.
    pub addend: i64,
}

/// A compiled function: where its code is and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FuncInfo {
    /// Its name.
    pub name: String,
    /// Its symbol.
    pub sym: SymId,
    /// Its code: `start..end` of the text section.
    pub start: u32,
    /// End of its code.
    pub end: u32,
    /// Where it is defined in the IR.
    pub span: Span,
}

/// The compiled module: an object before it is written or loaded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Compiled {
    /// The machine code of all functions.
    pub text: Vec<u8>,
    /// The data image (the module's global variables).
    pub data: Vec<u8>,
    /// Alignment of the data section.
    pub data_align: u32,
    /// Defined and external symbols.
    pub symbols: Vec<Symbol>,
    /// Relocations of both sections.
    pub relocs: Vec<Reloc>,
    /// The functions, in text order.
    pub funcs: Vec<FuncInfo>,
    /// Where the code comes from: `(offset, span)` says the code from `offset` (up to the
    /// next entry's) lowers the IR instruction at `span`. Ascending; for reports of faults.
    pub locs: Vec<(u32, Span)>,
    /// With [`Options::listing`]: each machine instruction's offset, length and text.
    pub insts: Vec<(u32, u8, String)>,
    /// With [`Options::listing`]: where values live, at the offset of the instruction that
    /// puts them there (`%sum: rbx`, `spill %i: [rbp - 56]`, `reload %i: rcx`). Ascending.
    pub notes: Vec<(u32, String)>,
    /// The symbol of `main` when the module defines it (the entry point a loader calls:
    /// with global constructors or destructors, a wrapper that runs them around the
    /// module's own `main`).
    pub main: Option<SymId>,
    /// The target the code is for (the ELF machine [`object`] writes; the default is
    /// [`Target::X64`]).
    pub target: Target,
    /// With limits ([`lower_with_limits`]): the traps that stop a run at a limit (`ud2` on x86-64, `udf`
    /// on AArch64; each also has a [`Compiled::locs`] entry), by text offset, ascending.
    pub limit_sites: Vec<(u32, LimitKind)>,
}

impl Compiled {
    /// Writes the budgets of a run into the counters' initial values (code compiled with
    /// limits, [`lower_with_limits`]; false without its counters): `steps` executed IR instructions,
    /// `depth` frames of defined functions at once (both capped at `i64::MAX`).
    pub fn set_budgets(&mut self, steps: u64, depth: u64) -> bool {
        let mut found = 0;
        for (name, value) in [(COUNTER_STEPS, steps), (COUNTER_DEPTH, depth)] {
            let at = self.symbols.iter().find_map(|s| match s.def {
                Some((Section::Data, off, 8)) if s.name == name => Some(off as usize),
                _ => None,
            });
            let value = value.min(i64::MAX as u64).to_le_bytes();
            if let Some(slot) = at.and_then(|at| self.data.get_mut(at..at + 8)) {
                slot.copy_from_slice(&value);
                found += 1;
            }
        }
        found == 2
    }

    /// The limit trap at text offset `off`, if there is one.
    pub fn limit_at(&self, off: u32) -> Option<LimitKind> {
        let k = self.limit_sites.binary_search_by_key(&off, |s| s.0).ok()?;
        self.limit_sites.get(k).map(|s| s.1)
    }
}

/// Why a low module could not be compiled: a construct the code generator does not support.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativeError {
    /// Where the construct is written (the IR instruction or function).
    pub span: Span,
    /// What it is.
    pub message: String,
}

impl NativeError {
    /// An unsupported construct at `span`.
    #[cold]
    pub fn unsupported(span: Span, what: impl std::fmt::Display) -> NativeError {
        NativeError { span, message: format!("unsupported by the code generator: {what}") }
    }
}

impl std::fmt::Display for NativeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for NativeError {}

/// Compiles a low module for `target`.
pub fn compile(m: &LowModule, target: Target, opts: &Options) -> Result<Compiled, NativeError> {
    match target {
        Target::X64 => x64::compile(m, opts).map(|c| Compiled { target, ..c }),
        Target::Aarch64 => aarch64::compile(m, opts).map(|c| Compiled { target, ..c }),
    }
}

/// An error of [`compile_module`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CompileError {
    /// The module uses a construct the lowering does not support.
    Lower(LowerError),
    /// The code generator does not support a construct.
    Native(NativeError),
}

impl CompileError {
    /// Where and what.
    pub fn span_message(&self) -> (Span, &str) {
        match self {
            CompileError::Lower(e) => (e.span, &e.message),
            CompileError::Native(e) => (e.span, &e.message),
        }
    }
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.span_message().1)
    }
}

/// Lowers a verified IR module and compiles it (the whole pipeline for front doors).
pub fn compile_module(
    m: &irplay_core::ir::Module,
    target: Target,
    opts: &Options,
) -> Result<Compiled, CompileError> {
    let low = lower_with(m, target, opts).map_err(CompileError::Lower)?;
    compile(&low, target, opts).map_err(CompileError::Native)
}
