//! `irplay run --engine wasm` (the `wasm-engine` feature, on by default): compiles the module
//! with `wasm_host.rs` and runs it in wasmtime.
//!
//! The module's imports (module `env`) are the C library of `irplay_wasm::libc` (printf and
//! friends, the heap, `exit`), which this host connects to wasmtime: arguments become their
//! bits, the instance's memory a [`Memory`], results the import's result type; the run itself
//! is `irplay_wasm::host`'s protocol over a [`host::Engine`] of wasmtime.

use crate::run::Stop as Status;
use crate::wasm_host::compile;
use irplay_core::diag::SourceFile;
use irplay_core::runtime::input::Stdin;
use irplay_wasm::host::{self, Fail};
use irplay_wasm::libc::{call_import, Callback, Import, Libc, Memory, Stop};
use irplay_wasm::SourceMap;
use std::io::Write as _;
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
    let error = |m: String| (Status::ERROR, None, Some(format!("error: {m}")));
    // Tail calls (`return_call`) carry `musttail`.
    let mut config = wasmtime::Config::new();
    config.wasm_tail_call(true);
    // Function tables are small (one entry per function): filled at instantiation, an
    // indirect call needs no check for a not-yet-initialized entry.
    config.table_lazy_init(false);
    let engine = match Engine::new(&config) {
        Ok(e) => e,
        Err(e) => return error(format!("cannot set up wasmtime: {e}")),
    };
    let mut store = Store::new(&engine, Host { libc: None, mem: None, trap: None });
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
    // The program reads irplay's standard input unless the module came from there.
    let stdin = if pos.file.name() != "-" {
        Stdin::new(Vec::new(), Some(crate::run::read_stdin))
    } else {
        Stdin::default()
    };
    let mut wt = Wt { store: &mut store, instance, mem };
    let end = host::run(&mut wt, ptr_bytes, program, args, stdin);
    let libc = store.into_data().libc;
    let status = match &end {
        Ok(s) => *s,
        Err(f) => f.status(),
    };
    let report = match end {
        Ok(_) => None,
        Err(Fail::Stop(stop)) => stop.message,
        Err(Fail::Trap { trap, .. }) => Some(match trap.downcast_ref::<wasmtime::Trap>() {
            Some(t) => pos.trap_report(&trap, t),
            None => format!("error: {trap}"),
        }),
    };
    (status, libc, report)
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

    fn main_arity(&mut self) -> Option<usize> {
        let main = self.instance.get_func(&mut *self.store, "main")?;
        Some(main.ty(&*self.store).params().len())
    }

    fn call_main(&mut self, args: &[u32]) -> Result<u64, Fail<wasmtime::Error>> {
        let Some(main) = self.instance.get_func(&mut *self.store, "main") else {
            return Err(Fail::Stop(Stop::error(irplay_core::ir::no_entry_message("main"))));
        };
        let params: Vec<Val> = args.iter().map(|&a| Val::I32(a as i32)).collect();
        let mut results = vec![Val::I32(0); main.ty(&*self.store).results().len()];
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
            Err(e) => Err(match e.downcast::<Stop>() {
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
