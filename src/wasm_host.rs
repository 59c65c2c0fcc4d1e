//! The wasm host: `irplay build --target wasm32` (write the module, or its text with
//! `--emit wat`) and `irplay run --engine wasm` (compile the module, run it in wasmtime).
//!
//! The module's imports (module `env`) are the C library of `irplay_wasm::libc` (printf and
//! friends, the heap, `exit`), which this host connects to wasmtime: arguments become
//! [`Arg`]s, the instance's memory a [`Memory`], results the import's result type.
//!
//! Exit status: `main`'s return value or `exit`'s argument (mod 256), as `irplay run`; 134
//! for `abort` and failed assertions; 70 for a wasm trap (which only undefined behaviour
//! causes: `unreachable`, an out-of-bounds access, division by zero); 71 for a runtime error
//! (an unsupported function, a module that does not compile, a C++ exception that escaped
//! `main`); 1 for an invalid module.

use irplay_core::diag::{render, SourceFile};
use irplay_core::runtime::input::Stdin;
use irplay_wasm::libc::{Arg, Callback, Libc, Memory, Stop, Value};
use irplay_wasm::SourceMap;
use std::io::Write as _;
use std::path::Path;
use wasmtime::{AsContextMut, Caller, Engine, Extern, Linker, Module, Store, Val, ValType};

/// The host's state: the library (once the instance exists) and the instance's memory.
struct Host {
    libc: Option<Libc>,
    mem: Option<wasmtime::Memory>,
    /// A trap inside a function the library called back (a `qsort` comparator), kept with
    /// its backtrace for the report.
    trap: Option<wasmtime::Error>,
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

/// Compiles a checked module, reporting unsupported constructs with their position.
fn compile(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
) -> Result<(Vec<u8>, u8, SourceMap), u8> {
    let low = match irplay_wasm::lower(module) {
        Ok(l) => l,
        Err(e) => {
            eprint!("{}", render(&e.to_diagnostic(), file));
            return Err(crate::run::Stop::ERROR);
        }
    };
    let compiled = irplay_wasm::compile_mapped(&low, &irplay_wasm::Options::default());
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
    let (bytes, _, _) = match compile(file, module) {
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

/// `irplay run --engine wasm FILE [-- ARGS]`.
pub fn run(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
    program: &str,
    args: &[String],
) -> u8 {
    let (bytes, ptr_bytes, map) = match compile(file, module) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let (status, libc, report) =
        execute(&bytes, ptr_bytes, program, args, &Positions { file, map: &map });
    let mut out = std::io::stdout().lock();
    let mut err = std::io::stderr().lock();
    if let Some(libc) = libc {
        let _ = out.write_all(&libc.stdout);
        let _ = err.write_all(&libc.stderr);
    }
    let _ = out.flush();
    if let Some(r) = report {
        let _ = writeln!(err, "{r}");
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
}

fn execute(
    bytes: &[u8],
    ptr_bytes: u8,
    program: &str,
    args: &[String],
    pos: &Positions,
) -> (u8, Option<Libc>, Option<String>) {
    use crate::run::Stop as Status;
    // Tail calls (`return_call`) carry `musttail`.
    let mut config = wasmtime::Config::new();
    config.wasm_tail_call(true);
    // Function tables are small (one entry per function): filled at instantiation, an
    // indirect call needs no check for a not-yet-initialized entry.
    config.table_lazy_init(false);
    let engine = match Engine::new(&config) {
        Ok(e) => e,
        Err(e) => {
            return (Status::ERROR, None, Some(format!("error: cannot set up wasmtime: {e}")))
        }
    };
    let mut store = Store::new(&engine, Host { libc: None, mem: None, trap: None });
    let module = match Module::new(&engine, bytes) {
        Ok(m) => m,
        Err(e) => {
            return (Status::ERROR, None, Some(format!("error: wasmtime rejected the module: {e}")))
        }
    };
    let mut linker = Linker::new(&engine);
    for imp in module.imports() {
        let (wasmtime::ExternType::Func(ty), "env") = (imp.ty(), imp.module()) else { continue };
        let name = imp.name().to_string();
        if let Some(r) = link_typed(&mut linker, &name, &ty) {
            if let Err(e) = r {
                return (Status::ERROR, None, Some(format!("error: cannot link the module: {e}")));
            }
            continue;
        }
        let results: Vec<ValType> = ty.results().collect();
        let r = linker.func_new(
            "env",
            &name.clone(),
            ty,
            move |mut caller: Caller<'_, Host>, params: &[Val], out: &mut [Val]| {
                let args: Vec<Arg> = params.iter().map(arg).collect();
                if let Some(r) = irplay_wasm::libc::wide_division(&name, &args) {
                    let (lo, hi) = r.map_err(wasmtime::Error::new)?;
                    if let [a, b, ..] = out {
                        *a = Val::I64(lo as i64);
                        *b = Val::I64(hi as i64);
                    }
                    return Ok(());
                }
                let r = call(&mut caller, &name, &args).map_err(wasmtime::Error::new)?;
                if let (Some(slot), Some(t)) = (out.first_mut(), results.first()) {
                    *slot = to_val(r, t);
                }
                Ok(())
            },
        );
        if let Err(e) = r {
            return (Status::ERROR, None, Some(format!("error: cannot link the module: {e}")));
        }
    }
    let instance = match linker.instantiate(&mut store, &module) {
        Ok(i) => i,
        Err(e) => {
            return (
                Status::ERROR,
                None,
                Some(format!("error: cannot instantiate the module: {e}")),
            )
        }
    };
    let heap_base = match instance.get_export(&mut store, "__heap_base") {
        Some(Extern::Global(g)) => g.get(&mut store).i32().unwrap_or(0) as u32 as u64,
        _ => 0,
    };
    let mut libc = Libc::new(ptr_bytes, heap_base);
    // The program reads irplay's standard input unless the module came from there.
    if pos.file.name() != "-" {
        libc.stdin = Stdin::new(Vec::new(), Some(crate::run::read_stdin));
    }
    let Some(mem) = instance.get_memory(&mut store, "memory") else {
        return (Status::ERROR, None, Some("error: the module exports no memory".into()));
    };
    store.data_mut().mem = Some(mem);
    let Some(main) = instance.get_func(&mut store, "main") else {
        return (Status::ERROR, None, Some("error: the module has no main function".into()));
    };
    let ty = main.ty(&store);
    let mut params: Vec<Val> = Vec::new();
    if ty.params().len() >= 2 {
        let argv = match libc.make_argv(&mut WtMem { ctx: &mut store, mem }, program, args) {
            Ok(a) => a,
            Err(e) => return (Status::ERROR, Some(libc), Some(format!("error: {e}"))),
        };
        params.push(Val::I32(args.len() as i32 + 1));
        params.push(Val::I32(argv as i32));
    }
    store.data_mut().libc = Some(libc);
    let mut results = vec![Val::I32(0); ty.results().len()];
    let mut outcome = main.call(&mut store, &params, &mut results);
    if outcome.is_ok() && exception_escaped(&instance, &mut store, mem) {
        outcome = Err(wasmtime::Error::new(Stop {
            status: Status::ERROR,
            message: Some(irplay_wasm::UNCAUGHT.into()),
        }));
    }
    // A normal end (main's return or exit) runs the atexit handlers, last registered first;
    // exit in a handler ends the program with its status.
    if outcome.is_ok() || is_exit(&outcome) {
        if let Some(table) = instance.get_table(&mut store, "__indirect_function_table") {
            while let Some(idx) = store.data_mut().libc.as_mut().and_then(|l| l.atexit.pop()) {
                let f = table.get(&mut store, idx).and_then(|r| r.as_func().flatten().copied());
                let r = match f {
                    Some(f) => f.call(&mut store, &[], &mut []),
                    None => Err(wasmtime::Error::new(Stop {
                        status: Status::ERROR,
                        message: Some(format!("error: atexit handler {idx} is not a function")),
                    })),
                };
                if let Err(e) = r {
                    outcome = Err(e);
                    results.clear();
                    if !is_exit(&outcome) {
                        break;
                    }
                }
            }
        }
    }
    let Host { libc, trap, .. } = store.into_data();
    if let Some(e) = trap {
        if let Some(t) = e.downcast_ref::<wasmtime::Trap>() {
            let status =
                if *t == wasmtime::Trap::StackOverflow { Status::ERROR } else { Status::UB };
            return (status, libc, Some(pos.trap_report(&e, t)));
        }
    }
    match outcome {
        Ok(()) => {
            let status = match results.first() {
                Some(Val::I32(v)) => *v as u8,
                Some(Val::I64(v)) => *v as u8,
                _ => 0,
            };
            (status, libc, None)
        }
        Err(e) => {
            if let Some(stop) = e.downcast_ref::<Stop>() {
                return (stop.status, libc, stop.message.clone());
            }
            if let Some(t) = e.downcast_ref::<wasmtime::Trap>() {
                let status =
                    if *t == wasmtime::Trap::StackOverflow { Status::ERROR } else { Status::UB };
                return (status, libc, Some(pos.trap_report(&e, t)));
            }
            (Status::ERROR, libc, Some(format!("error: {e}")))
        }
    }
}

/// Links an import whose parameters are at most four `i32`s and whose result is an `i32` or
/// nothing (the C library's usual shape: pointers, `int`s, a variadic area) as a typed host
/// function, which wasmtime calls without boxing the values; `None` for any other shape.
fn link_typed(
    linker: &mut Linker<Host>,
    name: &str,
    ty: &wasmtime::FuncType,
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
    let n = name.to_string();
    let a = |v: i32| Arg::Int(v as u32 as u64);
    let int = |r: Result<Option<Value>, Stop>| -> wasmtime::Result<i32> {
        match r.map_err(wasmtime::Error::new)? {
            Some(Value::Int(i)) => Ok(i as i32),
            Some(Value::Float(f)) => Ok(f as i64 as i32),
            None => Ok(0),
        }
    };
    let void = |r: Result<Option<Value>, Stop>| -> wasmtime::Result<()> {
        r.map(|_| ()).map_err(wasmtime::Error::new)
    };
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

/// True when `main` returned with an exception in flight (see [`irplay_wasm::EXCEPTION`]).
fn exception_escaped(
    instance: &wasmtime::Instance,
    store: &mut Store<Host>,
    mem: wasmtime::Memory,
) -> bool {
    let Some(Extern::Global(g)) = instance.get_export(&mut *store, irplay_wasm::EXCEPTION) else {
        return false;
    };
    let at = g.get(&mut *store).i32().unwrap_or(0) as u32 as usize;
    let mut flag = [0u8; 4];
    mem.read(&*store, at, &mut flag).is_ok() && flag != [0; 4]
}

/// True when the program ended by `exit` (not by an error or `abort`).
fn is_exit(r: &wasmtime::Result<()>) -> bool {
    matches!(r, Err(e) if e.downcast_ref::<Stop>().is_some_and(|s| s.message.is_none()))
}

impl Callback for WtMem<&mut Caller<'_, Host>> {
    fn compare(&mut self, func: u64, a: u64, b: u64) -> Result<i32, Stop> {
        let error = |m: String| Stop {
            status: crate::run::Stop::ERROR,
            message: Some(format!("error: {m}")),
        };
        let Some(Extern::Table(table)) = self.ctx.get_export("__indirect_function_table") else {
            return Err(error("the module exports no function table".into()));
        };
        let f = table.get(&mut *self.ctx, func).and_then(|r| r.as_func().flatten().copied());
        let Some(f) = f else {
            return Err(error(format!("comparison function {func} is not in the table")));
        };
        let mut out = [Val::I32(0)];
        match f.call(&mut *self.ctx, &[Val::I32(a as i32), Val::I32(b as i32)], &mut out) {
            Ok(()) => Ok(out.first().and_then(Val::i32).unwrap_or(0)),
            Err(e) => Err(match e.downcast::<Stop>() {
                Ok(stop) => stop,
                Err(e) => match e.downcast_ref::<wasmtime::Trap>() {
                    Some(t) => {
                        // The report is made from the trap's backtrace when the run ends.
                        let stop = Stop {
                            status: crate::run::Stop::UB,
                            message: Some(format!("error: {t}")),
                        };
                        self.ctx.data_mut().trap = Some(e);
                        stop
                    }
                    None => error(e.to_string()),
                },
            }),
        }
    }
}

/// Calls the library with the caller's memory.
fn call(caller: &mut Caller<'_, Host>, name: &str, args: &[Arg]) -> Result<Option<Value>, Stop> {
    let no = |what: &str| Stop {
        status: crate::run::Stop::ERROR,
        message: Some(format!("error: {what}")),
    };
    let mem = caller.data().mem.ok_or_else(|| no("the module has no memory"))?;
    if let Some(r) = irplay_wasm::libc::call_back(&mut WtMem { ctx: &mut *caller, mem }, name, args)
    {
        return r;
    }
    let mut libc = caller
        .data_mut()
        .libc
        .take()
        .ok_or_else(|| no("a library function was called before main"))?;
    let r = libc.call(&mut WtMem { ctx: &mut *caller, mem }, name, args);
    caller.data_mut().libc = Some(libc);
    r
}

fn arg(v: &Val) -> Arg {
    match v {
        Val::I32(v) => Arg::Int(*v as u32 as u64),
        Val::I64(v) => Arg::Int(*v as u64),
        Val::F32(b) => Arg::Float(f32::from_bits(*b) as f64),
        Val::F64(b) => Arg::Float(f64::from_bits(*b)),
        _ => Arg::Int(0),
    }
}

fn to_val(r: Option<Value>, t: &ValType) -> Val {
    let (i, f) = match r {
        Some(Value::Int(i)) => (i, i as f64),
        Some(Value::Float(f)) => (f as i64, f),
        None => (0, 0.0),
    };
    match t {
        ValType::I64 => Val::I64(i),
        ValType::F32 => Val::F32((f as f32).to_bits()),
        ValType::F64 => Val::F64(f.to_bits()),
        _ => Val::I32(i as i32),
    }
}
