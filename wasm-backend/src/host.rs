//! The host protocol of a compiled module, written once for every wasm engine (wasmtime in
//! `irplay run --engine wasm`, the browser's `WebAssembly` in the playground): after the
//! engine has instantiated the module with the C library of [`crate::libc`] as its imports,
//! [`run`] finds the heap base, sets up the library, calls `main` (with `argc`, `argv` and an
//! empty environment `envp` as far as it takes them), checks whether an exception escaped it,
//! runs the `atexit` handlers (which include the global destructors, see the module's ABI) and
//! says how the program ended. Global constructors run inside the exported `main`. A module
//! compiled with [`crate::Options::limits`] gets its step and depth budgets before `main` runs;
//! the library keeps the memory and output limits and writes the output to the host's sink.
//!
//! Exit statuses ([`status`]), as `irplay run`'s: `main`'s return value or `exit`'s argument
//! (mod 256); 134 for `abort` and failed assertions; 70 for a trap (which only undefined
//! behaviour causes) or undefined behaviour the library detects; 71 for a runtime error (an
//! unsupported function, a stack overflow, an exception that escaped `main`, the stack-depth
//! limit); 124 at the step limit; 72 at the output limit.

use crate::libc::{Libc, Limits, Memory, Sink, Stop};
use irplay_core::runtime::input::Stdin;

/// Exit statuses shared with `irplay run` (see its documentation).
pub mod status {
    /// Undefined behaviour detected (a trap, a bad `free`).
    pub const UB: u8 = 70;
    /// A runtime error: an unsupported function, a module that cannot run.
    pub const ERROR: u8 = 71;
    /// `abort()` and failed assertions.
    pub const ABORT: u8 = 134;
    /// The step limit was reached.
    pub const OUT_OF_STEPS: u8 = crate::limits::OUT_OF_STEPS;
    /// The output limit was reached.
    pub const OUTPUT_LIMIT: u8 = crate::limits::OUTPUT_LIMIT;
}

/// How a call into the module ended other than by returning.
#[derive(Debug)]
pub enum Fail<T> {
    /// The library stopped the program (`exit`, `abort`, an error, undefined behaviour).
    Stop(Stop),
    /// The engine trapped; `overflow` when the trap is the engine's own stack overflow
    /// (a runtime error, not the program's undefined behaviour).
    Trap {
        /// The engine's trap, for its report (positions, backtrace).
        trap: T,
        /// True for a stack overflow.
        overflow: bool,
    },
}

impl<T> Fail<T> {
    /// The program's exit status.
    pub fn status(&self) -> u8 {
        match self {
            Fail::Stop(s) => s.status,
            Fail::Trap { overflow: true, .. } => status::ERROR,
            Fail::Trap { .. } => status::UB,
        }
    }

    /// True for `exit` (an end that runs the `atexit` handlers).
    fn is_exit(&self) -> bool {
        matches!(self, Fail::Stop(Stop { message: None, .. }))
    }
}

/// What the protocol needs of an engine holding an instance of the module.
pub trait Engine {
    /// The engine's trap, kept for its report.
    type Trap;
    /// The value of the exported `i32` global `name`, if there is one.
    fn global(&mut self, name: &str) -> Option<u32>;
    /// The value of the exported `i64` global `name`, if there is one.
    fn counter(&mut self, name: &str) -> Option<i64>;
    /// Sets the exported mutable `i64` global `name`; false when there is none.
    fn set_counter(&mut self, name: &str, value: i64) -> bool;
    /// How many parameters the exported `main` takes; `None` without a `main`.
    fn main_arity(&mut self) -> Option<usize>;
    /// Calls `main` with `args`: its result (0 for `void`).
    fn call_main(&mut self, args: &[u32]) -> Result<u64, Fail<Self::Trap>>;
    /// Calls the function at index `idx` of the module's function table, without arguments.
    fn call_table(&mut self, idx: u64) -> Result<(), Fail<Self::Trap>>;
    /// Runs `f` with the library the imports use and the instance's memory.
    fn with_libc<R>(&mut self, f: impl FnOnce(&mut Libc, &mut dyn Memory) -> R) -> R;
}

/// How to run a module: its command line, standard input, limits and where its output goes.
pub struct Setup {
    /// `argv[0]`.
    pub program: String,
    /// `argv[1..]`.
    pub args: Vec<String>,
    /// The environment, `NAME=VALUE` strings (`getenv` and `main`'s `envp`).
    pub env: Vec<String>,
    /// The program's standard input.
    pub stdin: Stdin,
    /// The run's limits (the step and depth budgets apply to a module compiled with
    /// [`crate::Options::limits`]).
    pub limits: Limits,
    /// Where the output goes as it is produced (kept in the library without one).
    pub sink: Option<Box<dyn Sink>>,
}

/// Runs the instantiated module in `e` as `setup` says: `main` with its command line and
/// standard input. `Ok` with the status when the program ended normally (by returning from
/// `main` or by `exit`), else how it stopped. The library has handed all output to the sink
/// when this returns.
pub fn run<E: Engine>(e: &mut E, ptr_bytes: u8, setup: Setup) -> Result<u8, Fail<E::Trap>> {
    let end = run_main(e, ptr_bytes, setup);
    e.with_libc(|libc, _| libc.flush());
    end
}

/// The steps the program took, for a module compiled with [`crate::Options::limits`] (at a
/// stop by the step limit, up to the end of the block that passed it).
pub fn steps<E: Engine>(e: &mut E, limits: &Limits) -> Option<u64> {
    let left = e.counter(crate::FUEL)?;
    let budget = i64::try_from(limits.max_steps).unwrap_or(i64::MAX);
    Some(budget.saturating_sub(left).max(0) as u64)
}

fn run_main<E: Engine>(e: &mut E, ptr_bytes: u8, setup: Setup) -> Result<u8, Fail<E::Trap>> {
    let Setup { program, args, env, stdin, limits, sink } = setup;
    let heap_base = e.global("__heap_base").unwrap_or(0);
    e.with_libc(|libc, _| {
        *libc = Libc::new(ptr_bytes, u64::from(heap_base)).with(limits, sink);
        libc.state.stdin = stdin;
    });
    e.set_counter(crate::FUEL, i64::try_from(limits.max_steps).unwrap_or(i64::MAX));
    e.set_counter(crate::DEPTH, i64::from(limits.max_stack_depth));
    let (program, args) = (program.as_str(), args.as_slice());
    let Some(arity) = e.main_arity() else {
        return Err(Fail::Stop(Stop::error(irplay_core::ir::no_entry_message("main"))));
    };
    // The environment is made when there is one or `main` takes `envp` (the same array).
    let envp = if arity >= 3 || !env.is_empty() {
        let envp = e.with_libc(|libc, mem| libc.make_envp(mem, &env));
        Some(envp.map_err(|m| Fail::Stop(Stop::error(m)))?)
    } else {
        None
    };
    let mut main_args = Vec::new();
    if arity >= 1 {
        main_args.push(args.len() as u32 + 1);
    }
    if arity >= 2 {
        let argv = e.with_libc(|libc, mem| libc.make_argv(mem, program, args));
        main_args.push(argv.map_err(|m| Fail::Stop(Stop::error(m)))? as u32);
    }
    if let Some(envp) = envp.filter(|_| arity >= 3) {
        main_args.push(envp as u32);
    }
    let mut end = e.call_main(&main_args).map(|v| v as u8);
    if end.is_ok() && exception_escaped(e) {
        end =
            Err(Fail::Stop(Stop { status: status::ERROR, message: Some(crate::UNCAUGHT.into()) }));
    }
    // A normal end (main's return or exit) runs the atexit handlers, last registered first
    // (popped before the call: a handler may register more); exit in a handler ends the
    // program with its status.
    while end.as_ref().err().is_none_or(Fail::is_exit) {
        let Some(idx) = e.with_libc(|libc, _| libc.state.atexit.pop()) else { break };
        if let Err(f) = e.call_table(idx) {
            end = Err(f);
        }
    }
    end
}

/// True when `main` returned with an exception in flight (see [`crate::EXCEPTION`]).
fn exception_escaped<E: Engine>(e: &mut E) -> bool {
    let Some(at) = e.global(crate::EXCEPTION) else { return false };
    let mut flag = [0u8; 4];
    e.with_libc(|_, mem| mem.read(u64::from(at), &mut flag)) && flag != [0; 4]
}
