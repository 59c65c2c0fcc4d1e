//! The interpreter: runs a verified module with the LangRef's semantics, tracking poison and
//! undef to their origins, and reports undefined behaviour instead of guessing.
//!
//! ```text
//!   Module ──setup (state.rs)──▶ memory: globals, functions (memory/)
//!     │
//!     │  on a function's first call: translate/ (a Translator borrowing the module)
//!     ▼
//!   %v ──regalloc.rs──▶ register rN ──mod.rs, vector.rs──▶ exact stream: Op::Add{d,a,b,w}
//!        (promote.rs: stack slots     (consts.rs: constants      or Op::Generic{g} with Opnds
//!         kept in registers)           into the register template)          │
//!                                                      fuse.rs: fast stream │
//!                                                                           ▼
//!                       bytecode/: FnCode, the op table (ops.rs), validate (check.rs)
//!                                                                           │
//!     ┌─────────────────────────────────────────────────────────────────────┘
//!     ▼
//!   exec/mod.rs run loop ──▶ fast/ (run.rs: the fast op loop, ops.rs: its helpers) while
//!     ▲                      each op is plain; leaves pc on the first op that needs more
//!     └── runs that op exactly: narrow arms, generic.rs ▶ eval.rs on Vals, calls.rs,
//!         intrinsics.rs, memory/ (codec.rs), poison/origin.rs; the C library: libc/
//! ```
//!
//! Translation (`translate/`, on a function's first call) gives every narrow value a dense
//! register (a vector of up to 16 narrow lanes gets one register per lane, `regalloc.rs`),
//! keeps stack slots whose address never escapes in registers (`promote.rs`), and builds two
//! op streams: the exact one, one op per instruction, and the fast path's, with
//! superinstructions (`fuse.rs`). Every op is a row of the op table (`bytecode/ops.rs`),
//! which also gives the validator its operand checks and the disassembler ([`dump_ops`]).
//! The run loop (`exec/mod.rs`) first runs the fast path (`fast/run.rs`): plain values, valid
//! accesses to defined bytes, calls of translated functions and the common poison, with the
//! step budget in a local counter; it hands the first op that needs more to the general path,
//! which runs it exactly and hands back, so results, steps, traces and reports are those of
//! the general path alone (a trace runs on the general path only). The plain case of each
//! narrow integer, float, comparison and cast op is one function of `crate::semantics`
//! (`int::add`, `int::ibin_plain`, `int::icmp`, `fp::fcmp`, ...) that both loops call; when it
//! is not plain, the exact path asks `semantics::int::ibin` and the like for the reason.
//! Origin records nothing refers to any more are reclaimed (`poison/gc.rs`). Reports are
//! made for a student to follow: the poison chain says why each step carries the taint
//! (`poison/explain.rs`), memory errors say where the block was allocated and freed
//! (`memory/`'s sites), and each kind of undefined behaviour has a sentence and a LangRef
//! link (`ub_help.rs`). The C library
//! binding (`libc/`) works through its own memory API (`libc/mem.rs`), and runtime
//! continuations (`libc/continuation.rs`: the top-level driver, `qsort`, `bsearch`) call back
//! into IR without Rust recursion.
//! A debugging session ([`debug::Session`]) drives the same run loop one stop at a time,
//! forwards and (by snapshots of the whole state and re-execution) backwards.
//!
//! Semantics chosen where the LangRef leaves a choice (documented for users):
//! - `undef`: every use reads as 0 (bits of partly initialized memory read as stored), but the
//!   value stays marked undef, so branching on it, dividing by it or passing it to `noundef`
//!   is reported as undefined behaviour. Undef is tracked per bit for integers up to 64 bits
//!   through `and`/`or`/`xor`/shifts/casts/phis and memory (so bit-field code next to
//!   uninitialized padding stays defined, as in LLVM); other operations on a partly undef
//!   value give a wholly undef result.
//! - `freeze` of poison or undef yields 0 (per vector element; the defined bytes of a partly
//!   undef value are kept).
//! - Memory: every allocation has bounds; a pointer is an address plus provenance; each byte
//!   has a shadow (defined, pointer fragment, poison/undef with origin). Uninitialized memory
//!   (`alloca`, `malloc`) is undef. Addresses are never reused.
//! - NaN results follow x86 (see `fp.rs`), so output matches native programs.
//! - Exceptions: `__cxa_allocate_exception` allocates the object, `__cxa_throw(obj, tinfo, _)`
//!   unwinds frame by frame to the nearest `invoke`; its `landingpad` yields `{ obj, selector }`
//!   where the selector is `llvm.eh.typeid.for(tinfo)` of the first `catch` clause whose type
//!   info equals the thrown one (`catch ptr null` catches everything), else 0 for `cleanup`
//!   (a landing pad with neither is skipped). `resume` continues unwinding; an exception
//!   leaving the entry function ends the run with an `uncaught_exception` error.
//! - Variadic functions use the x86-64 System V `va_list` layout (clang lowers `va_arg` inline
//!   for that target, and the `va_arg` instruction reads the same structure).
//! - `rand` is glibc's TYPE_3 generator, `time` returns [`crate::runtime::stdlib::FIXED_TIME`]
//!   (in every engine), `clock` counts steps through the end of the current block (see
//!   [`crate::runtime::stdlib::STEPS_PER_CLOCK_TICK`], as every engine counts them),
//!   `getenv` searches [`Options::env`] (empty unless given).
//! - Output: stdout and stderr go to the host's sink as the program runs, buffered as C
//!   buffers them (see [`crate::runtime::output`]: stdout in 8 KiB blocks, or by line when
//!   [`Options::line_buffered`], stderr by line); at most [`Options::max_output`] bytes over
//!   both, after which the run stops with an `output_limit` error at the writing call. A sink
//!   whose reader is gone ends the run with an `output_closed` error.
//! - Input: standard input is read from the host as the program asks for it (see
//!   [`crate::runtime::input`]).
//! - Steps: one per executed instruction; phis run as part of the branch that reaches them (a
//!   trace lists them after that branch, with its step number).
//! - Alignment: an access less aligned than its `align` promises is reported (x86 hardware
//!   would tolerate it; the IR says it is undefined).
//!
//! Not supported (clear errors): inline assembly, `callbr`, Windows EH (`catchswitch`...),
//! ifuncs, files (`fopen`), `scanf`, `setjmp`/`longjmp`, threads.

mod bytecode;
pub mod debug;
mod exec;
mod fast;
pub(crate) mod libc;
pub(crate) mod memory;
pub mod poison;
pub mod report;
pub(crate) mod state;
mod translate;
pub mod ub_help;
pub(crate) mod value;

#[cfg(test)]
mod report_tests;
#[cfg(test)]
mod tests;

pub use exec::trace::TraceEvent;
pub use poison::origin::{OriginReport, OriginStep, TaintKind};
pub use report::{
    BlockReport, ErrorKind, MallocFailure, RunError, SiteFrame, UbKind, UbReport, ALL_UB_KINDS,
};
pub use ub_help::{ub_help, UbHelp, LANGREF};

use crate::ir::Module;
use crate::runtime::output::Output;
pub use crate::runtime::output::{Closed, Sink, Stream};
use serde::Serialize;

/// How to run a module.
#[derive(Clone, Debug)]
pub struct Options {
    /// The function to run (`main` by default).
    pub entry: String,
    /// Command-line arguments after the program name (for `main(argc, argv)`).
    pub args: Vec<Vec<u8>>,
    /// `argv[0]`.
    pub program_name: Vec<u8>,
    /// Integer arguments for an entry function other than `main`.
    pub int_args: Vec<i128>,
    /// Stop after this many instructions.
    pub max_steps: u64,
    /// Stop when the memory the run holds exceeds this many bytes: the program's memory and
    /// the interpreter's state of it (see `memory/mod.rs`: up to 4 bytes more per byte).
    pub max_memory: u64,
    /// Stop when the program has written this many bytes to stdout and stderr together.
    pub max_output: u64,
    /// Write stdout out at each newline (as C does on a terminal), not in 8 KiB blocks.
    pub line_buffered: bool,
    /// Stop when the call stack is deeper than this.
    pub max_stack_depth: u32,
    /// Record one [`TraceEvent`] per executed instruction.
    pub trace: bool,
    /// Keep at most this many trace events (the first ones).
    pub max_trace: usize,
    /// Standard input: what `getchar`, `fgets`, `scanf` and the like read.
    pub stdin: Vec<u8>,
    /// The environment, `NAME=VALUE` strings: what `getenv` finds and `main`'s `envp` holds
    /// (empty by default, as in every engine).
    pub env: Vec<Vec<u8>>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            entry: "main".into(),
            args: Vec::new(),
            program_name: b"program".to_vec(),
            int_args: Vec::new(),
            max_steps: 10_000_000_000,
            max_memory: 1 << 30,
            max_output: 1 << 30,
            line_buffered: false,
            max_stack_depth: 100_000,
            trace: false,
            max_trace: 100_000,
            stdin: Vec::new(),
            env: Vec::new(),
        }
    }
}

/// How a run ended.
// One per run, moved a few times: a boxed report would only make its users' patterns longer.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Exit {
    /// The entry function returned (for `main`, its `i32`; other entries: 0 or the integer
    /// result truncated to `i32`).
    Returned {
        /// The returned value.
        value: i32,
    },
    /// `exit(status)` was called.
    Exited {
        /// Its argument.
        status: i32,
    },
    /// `abort`, a failed `assert`, `llvm.trap` or an uncaught signal-like stop.
    Aborted {
        /// Why.
        message: String,
    },
    /// Undefined behaviour was detected.
    Ub(UbReport),
    /// A runtime error (unsupported feature, stack overflow, memory limit, ...).
    Error(RunError),
    /// The step limit was reached.
    OutOfSteps,
}

impl Exit {
    /// The process exit status a native run would have (mod 256; 134 for an abort, 1 for UB
    /// and errors, 124 for the step limit as `timeout` does).
    pub fn status(&self) -> i32 {
        match self {
            Exit::Returned { value } => value & 0xff,
            Exit::Exited { status } => status & 0xff,
            Exit::Aborted { .. } => 134,
            Exit::Ub(_) | Exit::Error(_) => 1,
            Exit::OutOfSteps => 124,
        }
    }
}

/// The result of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    /// How it ended.
    pub exit: Exit,
    /// What the program wrote to standard output (empty when a sink took it: [`run_to`]).
    pub stdout: Vec<u8>,
    /// What the program wrote to standard error (empty when a sink took it).
    pub stderr: Vec<u8>,
    /// Instructions executed.
    pub steps: u64,
    /// The entry function's return value as text (for entries other than `main`).
    pub result: Option<String>,
    /// One event per executed instruction, when tracing.
    pub trace: Vec<TraceEvent>,
    /// Where the program was when the step limit stopped it ([`Exit::OutOfSteps`]).
    pub stopped_at: Option<Place>,
    /// The first `malloc` (or `calloc`, `realloc`, `new`...) that returned null because the
    /// memory limit was reached, if one did: reports add a note about it.
    pub malloc_failed: Option<MallocFailure>,
}

/// A point of a run: an instruction and the call stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    /// The instruction.
    pub span: (u32, u32),
    /// Its function (`@f`).
    pub function: String,
    /// The call stack, innermost first.
    pub backtrace: Vec<String>,
}

/// Runs `opts.entry` of a verified module: global constructors, the entry, `atexit` handlers
/// and global destructors.
pub fn run(m: &Module, opts: &Options) -> Outcome {
    state::Interp::new(m, opts).run(opts)
}

/// The interpreter's translated code of every defined function of a verified module, as
/// text: registers, the exact and fast op streams (one op a line, from the op table in
/// `bytecode/ops.rs`) and the edges with their phi moves. A debugging aid (`irplay run
/// --dump-ops`); functions are translated as a run translates them on their first call.
pub fn dump_ops(m: &Module) -> String {
    state::Interp::new(m, &Options::default()).dump_ops()
}

/// [`run`], with standard input read from `input` after `opts.stdin` (called each time the
/// program reads past what it has, for the next chunk; empty at the end of the input), and
/// the program's output written to `sink` as it runs (the outcome's `stdout` and `stderr` are
/// then empty).
pub fn run_to(
    m: &Module,
    opts: &Options,
    sink: &mut dyn Sink,
    input: Option<fn() -> Vec<u8>>,
) -> Outcome {
    let mut it = state::Interp::new(m, opts);
    it.out = Output::new(Some(sink), opts.max_output, opts.line_buffered);
    it.libc.lib.stdin = crate::runtime::input::Stdin::new(opts.stdin.clone(), input);
    it.run(opts)
}

/// [`run`], with standard input read from `input` after `opts.stdin` (as [`run_to`] reads
/// it; a program that never reads does not wait for it).
pub fn run_with_input(m: &Module, opts: &Options, input: fn() -> Vec<u8>) -> Outcome {
    let mut it = state::Interp::new(m, opts);
    it.libc.lib.stdin = crate::runtime::input::Stdin::new(opts.stdin.clone(), Some(input));
    it.run(opts)
}
