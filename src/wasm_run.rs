//! `irplay run --engine wasm` (the `wasm-engine` feature, on by default): compiles the module
//! with `wasm_host.rs` and runs it in wasmtime.
//!
//! The module's imports (module `env`) are the C library of `irplay_wasm::libc` (printf and
//! friends, the heap, `exit`), which this host connects to wasmtime: arguments become their
//! bits, the instance's memory a [`Memory`], results the import's result type; the run itself
//! is `irplay_wasm::host`'s protocol over a [`host::Engine`] of wasmtime.
//!
//! The run keeps `irplay run`'s limits: the module is compiled with its step and depth
//! counters (`irplay_wasm::Options::limits`) and gets `--max-steps` and `--max-stack-depth` as
//! budgets; the library's `malloc` returns null past `--max-memory` live bytes and a
//! [`wasmtime::ResourceLimiter`] keeps the linear memory within the heap's base (data image
//! and shadow stack) plus that limit plus [`MEMORY_SLACK`]; the output is written as the
//! program produces it, in chunks of about 8 KiB, until `--max-output` bytes. A stop at a
//! limit is reported in the interpreter's words, with where the program was (from the
//! backtrace). Wasmtime's own stack for wasm frames is [`WASM_STACK`], so that the depth
//! budget, not the native stack, stops a deep recursion at the default limit (a recursion
//! whose frames are large can still overflow it first: a stack overflow, status 71).

use crate::run::Stop as Status;
use crate::wasm_host::compile;
use irplay_core::diag::SourceFile;
use irplay_core::runtime::input::Stdin;
use irplay_wasm::host::{self, Fail, Setup};
use irplay_wasm::libc::{call_import, Callback, Import, Libc, Limit, Limits, Memory, Sink, Stop};
use irplay_wasm::SourceMap;
use std::io::Write as _;
use wasmtime::{AsContextMut, Caller, Engine, Extern, Linker, Module, Store, Val, ValType};

/// Bytes the linear memory may take beyond the heap's base and the memory limit (alignment,
/// freed blocks not yet reused, the last page).
pub const MEMORY_SLACK: usize = 1 << 20;

/// Wasmtime's stack for wasm frames (`Config::max_wasm_stack`): room for the default depth
/// budget's 100,000 frames of a few hundred bytes. `irplay` runs on a stack of 256 MiB.
pub const WASM_STACK: usize = 96 << 20;

/// Frames of the module's own code a report's call stack shows (wasmtime keeps that many).
const REPORT_FRAMES: usize = 16;

/// A frame of a backtrace: the function index and the offset in its body.
type Frame = (u32, Option<usize>);

/// The host's state: the library (once the instance exists) and the instance's memory.
struct Host {
    libc: Option<Libc>,
    mem: Option<wasmtime::Memory>,
    /// A trap inside a function the library called back (a `qsort` comparator), kept with
    /// its backtrace for the report.
    trap: Option<wasmtime::Error>,
    /// The backtrace where the library stopped the program (for a limit's report).
    frames: Option<Vec<Frame>>,
    /// The size the linear memory may grow to.
    cap: MemCap,
}

/// The size the linear memory may grow to (set once the heap's base is known).
struct MemCap(Option<usize>);

impl wasmtime::ResourceLimiter for MemCap {
    fn memory_growing(
        &mut self,
        _current: usize,
        desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(self.0.is_none_or(|cap| desired <= cap))
    }
    fn table_growing(
        &mut self,
        _current: usize,
        _desired: usize,
        _maximum: Option<usize>,
    ) -> wasmtime::Result<bool> {
        Ok(true)
    }
}

/// The frames of the backtrace wasmtime attached to `e`, if any.
fn frames_of(e: &wasmtime::Error) -> Option<Vec<Frame>> {
    let bt = e.downcast_ref::<wasmtime::WasmBacktrace>()?;
    Some(bt.frames().iter().map(|f| (f.func_index(), f.func_offset())).collect())
}

/// The program's output, written to irplay's as it comes.
struct StdSink;

impl Sink for StdSink {
    fn write(&mut self, stdout: &[u8], stderr: &[u8]) {
        if !stdout.is_empty() {
            let mut out = std::io::stdout().lock();
            let _ = out.write_all(stdout);
            let _ = out.flush();
        }
        if !stderr.is_empty() {
            let _ = std::io::stderr().lock().write_all(stderr);
        }
    }
}

/// An instance's memory through a store or a caller.
struct WtMem<C> {
    ctx: C,
    mem: wasmtime::Memory,
}

impl<C: AsContextMut> Memory for WtMem<C> {
    fn size(&self) -> u64 {
        self.mem.data_size(self.ctx.as_context()) as u64
    }
    fn read(&self, at: u64, buf: &mut [u8]) -> bool {
        usize::try_from(at).is_ok_and(|at| self.mem.read(self.ctx.as_context(), at, buf).is_ok())
    }
    fn write(&mut self, at: u64, bytes: &[u8]) -> bool {
        usize::try_from(at)
            .is_ok_and(|at| self.mem.write(self.ctx.as_context_mut(), at, bytes).is_ok())
    }
    fn grow(&mut self, pages: u64) -> bool {
        self.mem.grow(self.ctx.as_context_mut(), pages).is_ok()
    }
}

/// `irplay run --engine wasm FILE [-- ARGS]` with `limits`.
pub fn run(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
    inv: &crate::run::Invocation,
    limits: &crate::run::Limits,
) -> u8 {
    let (bytes, ptr_bytes, map) = match compile(file, module, true) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let limits = Limits {
        max_steps: limits.max_steps,
        max_stack_depth: limits.max_stack_depth,
        max_memory: limits.max_memory,
        max_output: limits.max_output,
    };
    let setup = Setup {
        program: inv.program.clone(),
        args: inv.args.clone(),
        env: inv.env.clone(),
        // The program reads irplay's standard input unless the module came from there.
        stdin: if file.name() != "-" {
            Stdin::new(Vec::new(), Some(crate::run::read_stdin))
        } else {
            Stdin::default()
        },
        limits,
        sink: Some(Box::new(StdSink)),
    };
    let (status, report) = execute(&bytes, ptr_bytes, setup, &Positions { file, map: &map });
    let _ = std::io::stdout().flush();
    if let Some(r) = report {
        let _ = writeln!(std::io::stderr().lock(), "{r}");
    }
    status
}

/// What a trap report needs to name source positions.
struct Positions<'a> {
    file: &'a SourceFile,
    map: &'a SourceMap,
}

impl Positions<'_> {
    /// The report of trap `t`: as undefined behaviour (which is what makes a wasm program
    /// trap), at the IR instruction whose code trapped, with the call stack of the module's
    /// own functions.
    fn trap_report(&self, e: &wasmtime::Error, t: &wasmtime::Trap) -> String {
        let head = if *t == wasmtime::Trap::StackOverflow { "error" } else { "undefined behavior" };
        let mut report = format!("{head}: {t}");
        let Some(bt) = e.downcast_ref::<wasmtime::WasmBacktrace>() else { return report };
        let frames: Vec<(u32, Option<usize>)> =
            bt.frames().iter().map(|f| (f.func_index(), f.func_offset())).collect();
        let at = frames.iter().find_map(|&(i, o)| self.map.lookup(i, o? as u32));
        if let Some((name, span)) = at {
            let span = (span.start, span.end);
            let (at, text) =
                (crate::run::pos(self.file, span), crate::run::snippet(self.file, span));
            report.push_str(&format!("\n  at {at} (in @{name})\n      {text}"));
        }
        let stack: Vec<String> =
            frames.iter().filter_map(|&(i, _)| self.map.name(i)).map(|n| format!("@{n}")).collect();
        if stack.len() > 1 {
            report.push_str(&format!("\n  call stack: {}", stack.join(" <- ")));
        }
        report
    }

    /// The report of a stop at `limit`, with where the program was when `frames` (the
    /// backtrace at the stop) say.
    fn limit_report(&self, limit: Limit, limits: &Limits, frames: &[Frame]) -> String {
        // The module's own frames, innermost first, with their positions.
        let own: Vec<(&str, Option<irplay_core::diag::Span>)> = frames
            .iter()
            .filter_map(|&(i, o)| {
                let name = self.map.name(i)?;
                Some((name, o.and_then(|o| self.map.lookup(i, o as u32)).map(|(_, s)| s)))
            })
            .collect();
        let callee = own.first().filter(|_| limit == Limit::Depth).map(|(n, _)| format!("@{n}"));
        let mut report = limit.message(limits, callee.as_deref());
        let shown = own.get(limit.frame()..).unwrap_or(&[]);
        if let Some((name, Some(span))) = shown.first() {
            let span = (span.start, span.end);
            let (at, text) =
                (crate::run::pos(self.file, span), crate::run::snippet(self.file, span));
            report.push_str(&format!("\n  at {at} (in @{name})\n      {text}"));
        }
        let names: Vec<String> = shown.iter().map(|(n, _)| format!("@{n}")).collect();
        // Wasmtime keeps the innermost frames only.
        let partial = frames.len() >= REPORT_FRAMES;
        if names.len() > 1 {
            let stack = irplay_wasm::limits::call_stack(&names, REPORT_FRAMES / 2, partial);
            report.push_str(&format!("\n  call stack: {stack}"));
        }
        report
    }
}

/// Runs the module: its exit status and the report for stderr, if any.
fn execute(bytes: &[u8], ptr_bytes: u8, setup: Setup, pos: &Positions) -> (u8, Option<String>) {
    let error = |m: String| (Status::ERROR, Some(format!("error: {m}")));
    // Tail calls (`return_call`) carry `musttail`.
    let mut config = wasmtime::Config::new();
    config.wasm_tail_call(true);
    // Wasmtime checks the wasm stack against its async stacks' size even when it runs
    // nothing asynchronously (as here).
    config.async_stack_size(WASM_STACK + (2 << 20));
    config.max_wasm_stack(WASM_STACK);
    config.wasm_backtrace_max_frames(std::num::NonZeroUsize::new(REPORT_FRAMES));
    // Function tables are small (one entry per function): filled at instantiation, an
    // indirect call needs no check for a not-yet-initialized entry.
    config.table_lazy_init(false);
    let engine = match Engine::new(&config) {
        Ok(e) => e,
        Err(e) => return error(format!("cannot set up wasmtime: {e}")),
    };
    let host = Host { libc: None, mem: None, trap: None, frames: None, cap: MemCap(None) };
    let mut store = Store::new(&engine, host);
    store.limiter(|h| &mut h.cap);
    let module = match Module::new(&engine, bytes) {
        Ok(m) => m,
        Err(e) => return error(format!("wasmtime rejected the module: {e}")),
    };
    let mut linker = Linker::new(&engine);
    for imp in module.imports() {
        let (wasmtime::ExternType::Func(ty), "env") = (imp.ty(), imp.module()) else { continue };
        if let Err(e) = link(&mut linker, imp.name(), ty) {
            return error(format!("cannot link the module: {e}"));
        }
    }
    let instance = match linker.instantiate(&mut store, &module) {
        Ok(i) => i,
        Err(e) => return error(format!("cannot instantiate the module: {e}")),
    };
    let Some(mem) = instance.get_memory(&mut store, "memory") else {
        return error("the module exports no memory".into());
    };
    store.data_mut().mem = Some(mem);
    let limits = setup.limits;
    let mut wt = Wt { store: &mut store, instance, mem };
    let heap_base = host::Engine::global(&mut wt, "__heap_base").unwrap_or(0) as usize;
    let cap = usize::try_from(limits.max_memory).unwrap_or(usize::MAX);
    wt.store.data_mut().cap =
        MemCap(Some(heap_base.saturating_add(cap).saturating_add(MEMORY_SLACK)));
    let end = host::run(&mut wt, ptr_bytes, setup);
    let host = store.into_data();
    let hit = host.libc.as_ref().and_then(|l| l.hit);
    let status = match &end {
        Ok(s) => *s,
        Err(f) => f.status(),
    };
    let report = match end {
        Ok(_) => None,
        Err(Fail::Stop(_)) if hit.is_some() => {
            let frames = host.frames.unwrap_or_default();
            hit.map(|l| pos.limit_report(l, &limits, &frames))
        }
        Err(Fail::Stop(stop)) => stop.message,
        Err(Fail::Trap { trap, .. }) => Some(match trap.downcast_ref::<wasmtime::Trap>() {
            Some(t) => pos.trap_report(&trap, t),
            None => format!("error: {trap}"),
        }),
    };
    (status, report)
}

/// An instance in its store, as the host protocol drives it.
struct Wt<'a> {
    store: &'a mut Store<Host>,
    instance: wasmtime::Instance,
    mem: wasmtime::Memory,
}

impl Wt<'_> {
    /// How a call that failed with `e` ended: a trap inside a comparator the library called
    /// first (its backtrace is the useful one), then the library's stop, then a trap.
    fn fail(&mut self, e: wasmtime::Error) -> Fail<wasmtime::Error> {
        let e = self.store.data_mut().trap.take().unwrap_or(e);
        if self.store.data().frames.is_none() {
            self.store.data_mut().frames = frames_of(&e);
        }
        let e = match e.downcast::<Stop>() {
            Ok(stop) => return Fail::Stop(stop),
            Err(e) => e,
        };
        match e.downcast_ref::<wasmtime::Trap>() {
            Some(t) => {
                let overflow = *t == wasmtime::Trap::StackOverflow;
                Fail::Trap { trap: e, overflow }
            }
            None => Fail::Stop(Stop::error(e.to_string())),
        }
    }
}

impl host::Engine for Wt<'_> {
    type Trap = wasmtime::Error;

    fn global(&mut self, name: &str) -> Option<u32> {
        match self.instance.get_export(&mut *self.store, name) {
            Some(Extern::Global(g)) => g.get(&mut *self.store).i32().map(|v| v as u32),
            _ => None,
        }
    }

    fn counter(&mut self, name: &str) -> Option<i64> {
        match self.instance.get_export(&mut *self.store, name) {
            Some(Extern::Global(g)) => g.get(&mut *self.store).i64(),
            _ => None,
        }
    }

    fn set_counter(&mut self, name: &str, value: i64) -> bool {
        match self.instance.get_export(&mut *self.store, name) {
            Some(Extern::Global(g)) => g.set(&mut *self.store, Val::I64(value)).is_ok(),
            _ => false,
        }
    }

    fn main_arity(&mut self) -> Option<usize> {
        let main = self.instance.get_func(&mut *self.store, "main")?;
        Some(main.ty(&*self.store).params().len())
    }

    fn call_main(&mut self, args: &[u32]) -> Result<u64, Fail<wasmtime::Error>> {
        let Some(main) = self.instance.get_func(&mut *self.store, "main") else {
            return Err(Fail::Stop(Stop::error(irplay_core::ir::no_entry_message("main"))));
        };
        // `args` are `argc`, `argv` and `envp` as far as `main` takes them; any further
        // parameter gets zero, as in the interpreter.
        let ty = main.ty(&*self.store);
        let params: Vec<Val> = ty
            .params()
            .enumerate()
            .map(|(i, t)| {
                let a = args.get(i).copied().unwrap_or(0);
                match t {
                    wasmtime::ValType::I64 => Val::I64(i64::from(a)),
                    wasmtime::ValType::F32 => Val::F32(0),
                    wasmtime::ValType::F64 => Val::F64(0),
                    _ => Val::I32(a as i32),
                }
            })
            .collect();
        let mut results = vec![Val::I32(0); ty.results().len()];
        if let Err(e) = main.call(&mut *self.store, &params, &mut results) {
            return Err(self.fail(e));
        }
        Ok(match results.first() {
            Some(Val::I32(v)) => *v as u32 as u64,
            Some(Val::I64(v)) => *v as u64,
            _ => 0,
        })
    }

    fn call_table(&mut self, idx: u64) -> Result<(), Fail<wasmtime::Error>> {
        let table = self.instance.get_table(&mut *self.store, "__indirect_function_table");
        let f = table
            .and_then(|t| t.get(&mut *self.store, idx))
            .and_then(|r| r.as_func().flatten().copied());
        let Some(f) = f else {
            return Err(Fail::Stop(Stop::error(format!("atexit handler {idx} is not a function"))));
        };
        f.call(&mut *self.store, &[], &mut []).map_err(|e| self.fail(e))
    }

    fn with_libc<R>(&mut self, f: impl FnOnce(&mut Libc, &mut dyn Memory) -> R) -> R {
        let mut libc = self.store.data_mut().libc.take().unwrap_or_else(|| Libc::new(4, 0));
        let r = f(&mut libc, &mut WtMem { ctx: &mut *self.store, mem: self.mem });
        self.store.data_mut().libc = Some(libc);
        r
    }
}

/// The width of an integer result of type `t` (64 when there is none).
fn ret_bits(ty: &wasmtime::FuncType) -> u32 {
    match ty.results().next() {
        Some(ValType::I32) => 32,
        _ => 64,
    }
}

/// Links import `name` of type `ty` to the library: typed when it has the library's usual
/// shape (see [`link_typed`]), else through values.
fn link(linker: &mut Linker<Host>, name: &str, ty: wasmtime::FuncType) -> wasmtime::Result<()> {
    let imp = Import::new(name, ret_bits(&ty));
    if let Some(r) = link_typed(linker, name, &ty, &imp) {
        return r;
    }
    let results: Vec<ValType> = ty.results().collect();
    linker.func_new("env", name, ty, move |mut caller: Caller<'_, Host>, params, out| {
        let args: Vec<u64> = params.iter().map(bits).collect();
        let r = call(&mut caller, &imp, &args)?;
        for ((slot, t), v) in out.iter_mut().zip(&results).zip(r) {
            *slot = to_val(v, t);
        }
        Ok(())
    })?;
    Ok(())
}

/// Links an import whose parameters are at most four `i32`s and whose result is an `i32` or
/// nothing (the C library's usual shape: pointers, `int`s, a variadic area) as a typed host
/// function, which wasmtime calls without boxing the values; `None` for any other shape.
fn link_typed(
    linker: &mut Linker<Host>,
    name: &str,
    ty: &wasmtime::FuncType,
    imp: &Import,
) -> Option<wasmtime::Result<()>> {
    let params = ty.params().len();
    if params > 4 || !ty.params().all(|p| matches!(p, ValType::I32)) {
        return None;
    }
    let ret = match ty.results().collect::<Vec<_>>().as_slice() {
        [] => false,
        [ValType::I32] => true,
        _ => return None,
    };
    let n = imp.clone();
    let a = |v: i32| v as u32 as u64;
    let int = |r: wasmtime::Result<[u64; 2]>| r.map(|v| v[0] as i32);
    let void = |r: wasmtime::Result<[u64; 2]>| r.map(|_| ());
    type C<'a> = Caller<'a, Host>;
    let r = match (params, ret) {
        (0, true) => linker.func_wrap("env", name, move |mut c: C| int(call(&mut c, &n, &[]))),
        (1, true) => {
            linker.func_wrap("env", name, move |mut c: C, x: i32| int(call(&mut c, &n, &[a(x)])))
        }
        (2, true) => linker.func_wrap("env", name, move |mut c: C, x: i32, y: i32| {
            int(call(&mut c, &n, &[a(x), a(y)]))
        }),
        (3, true) => linker.func_wrap("env", name, move |mut c: C, x: i32, y: i32, z: i32| {
            int(call(&mut c, &n, &[a(x), a(y), a(z)]))
        }),
        (4, true) => {
            linker.func_wrap("env", name, move |mut c: C, x: i32, y: i32, z: i32, u: i32| {
                int(call(&mut c, &n, &[a(x), a(y), a(z), a(u)]))
            })
        }
        (0, false) => linker.func_wrap("env", name, move |mut c: C| void(call(&mut c, &n, &[]))),
        (1, false) => {
            linker.func_wrap("env", name, move |mut c: C, x: i32| void(call(&mut c, &n, &[a(x)])))
        }
        (2, false) => linker.func_wrap("env", name, move |mut c: C, x: i32, y: i32| {
            void(call(&mut c, &n, &[a(x), a(y)]))
        }),
        (3, false) => linker.func_wrap("env", name, move |mut c: C, x: i32, y: i32, z: i32| {
            void(call(&mut c, &n, &[a(x), a(y), a(z)]))
        }),
        _ => linker.func_wrap("env", name, move |mut c: C, x: i32, y: i32, z: i32, u: i32| {
            void(call(&mut c, &n, &[a(x), a(y), a(z), a(u)]))
        }),
    };
    Some(r.map(|_| ()))
}

/// An import call's access to the library, the memory and the function table.
struct Ctx<'a, 'b>(&'a mut Caller<'b, Host>);

impl Callback for Ctx<'_, '_> {
    fn with_libc<R>(
        &mut self,
        f: impl FnOnce(&mut Libc, &mut dyn Memory) -> Result<R, Stop>,
    ) -> Result<R, Stop> {
        let Some(mem) = self.0.data().mem else {
            return Err(Stop::error("the module has no memory".into()));
        };
        let Some(mut libc) = self.0.data_mut().libc.take() else {
            return Err(Stop::error("a library function was called before main".into()));
        };
        let r = f(&mut libc, &mut WtMem { ctx: &mut *self.0, mem });
        self.0.data_mut().libc = Some(libc);
        r
    }

    fn fuel(&mut self) -> Option<i64> {
        match self.0.get_export(irplay_wasm::FUEL) {
            Some(Extern::Global(g)) => g.get(&mut *self.0).i64(),
            _ => None,
        }
    }

    fn compare(&mut self, func: u64, a: u64, b: u64) -> Result<i32, Stop> {
        let Some(Extern::Table(table)) = self.0.get_export("__indirect_function_table") else {
            return Err(Stop::error("the module exports no function table".into()));
        };
        let f = table.get(&mut *self.0, func).and_then(|r| r.as_func().flatten().copied());
        let Some(f) = f else {
            return Err(Stop::error(format!("comparison function {func} is not in the table")));
        };
        let mut out = [Val::I32(0)];
        match f.call(&mut *self.0, &[Val::I32(a as i32), Val::I32(b as i32)], &mut out) {
            Ok(()) => Ok(out.first().and_then(Val::i32).unwrap_or(0)),
            Err(e) => Err({
                // A limit reached inside the comparator: where, for the report.
                if self.0.data().frames.is_none() {
                    self.0.data_mut().frames = frames_of(&e);
                }
                match e.downcast::<Stop>() {
                    Ok(stop) => stop,
                    Err(e) => match e.downcast_ref::<wasmtime::Trap>() {
                        Some(t) => {
                            // The report is made from the trap's backtrace when the run ends.
                            let stop =
                                Stop { status: Status::UB, message: Some(format!("error: {t}")) };
                            self.0.data_mut().trap = Some(e);
                            stop
                        }
                        None => Stop::error(e.to_string()),
                    },
                }
            }),
        }
    }
}

/// Calls the library with the caller's memory.
fn call(caller: &mut Caller<'_, Host>, imp: &Import, args: &[u64]) -> wasmtime::Result<[u64; 2]> {
    call_import(&mut Ctx(caller), imp, args).map_err(wasmtime::Error::new)
}

/// A value's bits, as the library takes its arguments.
fn bits(v: &Val) -> u64 {
    match v {
        Val::I32(v) => *v as u32 as u64,
        Val::I64(v) => *v as u64,
        Val::F32(b) => u64::from(*b),
        Val::F64(b) => *b,
        _ => 0,
    }
}

/// The library's result bits as a value of type `t`.
fn to_val(bits: u64, t: &ValType) -> Val {
    match t {
        ValType::I64 => Val::I64(bits as i64),
        ValType::F32 => Val::F32(bits as u32),
        ValType::F64 => Val::F64(bits),
        _ => Val::I32(bits as i32),
    }
}

// The library's statuses are `irplay run`'s.
const _: () = assert!(
    Status::OUTPUT_LIMIT == irplay_wasm::limits::OUTPUT_LIMIT
        && Status::OUT_OF_STEPS == irplay_wasm::limits::OUT_OF_STEPS
);
