//! The wasm host: `irplay build --target wasm32` (write the module, or its text with
//! `--emit wat`) and `irplay run --engine wasm` (compile the module, run it in wasmtime).
//!
//! The module's imports (module `env`) are C library functions, provided here over the
//! module's linear memory: `printf` and friends format through `irplay_core::runtime::format`
//! (the interpreter's engine, fed by an [`ArgSource`] that reads the variadic area), and the
//! heap is a bump allocator above the module's `__heap_base` that grows the memory (`free`
//! only forgets the block). Functions this host lacks fail when called, as in the interpreter.
//!
//! Exit status: `main`'s return value or `exit`'s argument (mod 256), as `irplay run`; 134
//! for `abort` and failed assertions; 70 for a wasm trap (which only undefined behaviour
//! causes: `unreachable`, an out-of-bounds access, division by zero); 71 for a runtime error
//! (an unsupported function, a module that does not compile); 1 for an invalid module.

use irplay_core::diag::{render, SourceFile};
use irplay_core::runtime::format::{format, ArgSource, FormatError};
use irplay_core::runtime::libc::Rand;
use std::collections::HashMap;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;
use wasmtime::{Caller, Engine, Extern, Linker, Memory, Module, Store, Val, ValType};

/// A request to stop the program with a status (`exit`, `abort`).
#[derive(Debug)]
struct Stop(u8, Option<String>);

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exit {}", self.0)
    }
}

impl std::error::Error for Stop {}

/// The host's state: output, heap and the C library's own state.
struct Host {
    stdout: Vec<u8>,
    stderr: Vec<u8>,
    mem: Option<Memory>,
    heap_next: u64,
    sizes: HashMap<u32, u32>,
    rand: Rand,
    ptr_bytes: u8,
    /// Handlers registered with `atexit` (function table indices), in registration order.
    atexit: Vec<u64>,
}

/// Compiles a checked module, reporting unsupported constructs with their position.
fn compile(file: &SourceFile, module: &irplay_core::ir::Module) -> Result<(Vec<u8>, u8), ExitCode> {
    let low = match irplay_core::lower::lower_module(module) {
        Ok(l) => l,
        Err(e) => {
            eprint!("{}", render(&e.to_diagnostic(), file));
            return Err(ExitCode::from(crate::run::Stop::ERROR));
        }
    };
    match irplay_wasm::compile(&low, &irplay_wasm::Options::default()) {
        Ok(bytes) => Ok((bytes, low.ptr_bytes)),
        Err(e) => {
            eprintln!("error: {e}");
            Err(ExitCode::from(crate::run::Stop::ERROR))
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
pub fn build(file: &SourceFile, module: &irplay_core::ir::Module, out: &Path, emit: Emit) -> ExitCode {
    if emit == Emit::Low {
        return match irplay_core::lower::lower_module(module) {
            Ok(low) => write_out(out, irplay_core::lower::print::print_module(&low).as_bytes()),
            Err(e) => {
                eprint!("{}", render(&e.to_diagnostic(), file));
                ExitCode::from(crate::run::Stop::ERROR)
            }
        };
    }
    let (bytes, _) = match compile(file, module) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let data = if emit == Emit::Wat {
        match wasmprinter::print_bytes(&bytes) {
            Ok(t) => t.into_bytes(),
            Err(e) => {
                eprintln!("error: cannot print the module as text: {e}");
                return ExitCode::from(crate::run::Stop::ERROR);
            }
        }
    } else {
        bytes
    };
    write_out(out, &data)
}

fn write_out(out: &Path, data: &[u8]) -> ExitCode {
    let written = if out.as_os_str() == "-" { std::io::stdout().lock().write_all(data) } else { std::fs::write(out, data) };
    if let Err(e) = written {
        eprintln!("{}: error: cannot write file: {e}", out.display());
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// `irplay run --engine wasm FILE [-- ARGS]`.
pub fn run(file: &SourceFile, module: &irplay_core::ir::Module, program: &str, args: &[String]) -> ExitCode {
    let (bytes, ptr_bytes) = match compile(file, module) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let host = Host { stdout: Vec::new(), stderr: Vec::new(), mem: None, heap_next: 0, sizes: HashMap::new(), rand: Rand::new(1), ptr_bytes, atexit: Vec::new() };
    let (status, host, report) = execute(&bytes, host, program, args);
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(&host.stdout);
    let _ = out.flush();
    let mut err = std::io::stderr().lock();
    let _ = err.write_all(&host.stderr);
    if let Some(r) = report {
        let _ = writeln!(err, "{r}");
    }
    ExitCode::from(status)
}

fn execute(bytes: &[u8], host: Host, program: &str, args: &[String]) -> (u8, Host, Option<String>) {
    let engine = Engine::default();
    let mut store = Store::new(&engine, host);
    let module = match Module::new(&engine, bytes) {
        Ok(m) => m,
        Err(e) => return (crate::run::Stop::ERROR, store.into_data(), Some(format!("error: wasmtime rejected the module: {e}"))),
    };
    let mut linker = Linker::new(&engine);
    for imp in module.imports() {
        let (wasmtime::ExternType::Func(ty), "env") = (imp.ty(), imp.module()) else { continue };
        let name = imp.name().to_string();
        let results: Vec<ValType> = ty.results().collect();
        let r = linker.func_new("env", &name.clone(), ty, move |mut caller: Caller<'_, Host>, params: &[Val], out: &mut [Val]| {
            if let Some(r) = ti3(&name, params) {
                let (lo, hi) = r.map_err(|msg| wasmtime::Error::new(Stop(crate::run::Stop::UB, Some(msg))))?;
                if let [a, b, ..] = out {
                    *a = Val::I64(lo as i64);
                    *b = Val::I64(hi as i64);
                }
                return Ok(());
            }
            let r = lib(&mut caller, &name, params)?;
            if let (Some(slot), Some(t)) = (out.first_mut(), results.first()) {
                *slot = to_val(r, t);
            }
            Ok(())
        });
        if let Err(e) = r {
            return (crate::run::Stop::ERROR, store.into_data(), Some(format!("error: cannot link the module: {e}")));
        }
    }
    let instance = match linker.instantiate(&mut store, &module) {
        Ok(i) => i,
        Err(e) => return (crate::run::Stop::ERROR, store.into_data(), Some(format!("error: cannot instantiate the module: {e}"))),
    };
    let mem = instance.get_memory(&mut store, "memory");
    let heap_base = match instance.get_export(&mut store, "__heap_base") {
        Some(Extern::Global(g)) => g.get(&mut store).i32().unwrap_or(0) as u32 as u64,
        _ => 0,
    };
    store.data_mut().mem = mem;
    store.data_mut().heap_next = heap_base.div_ceil(16) * 16;
    let Some(main) = instance.get_func(&mut store, "main") else {
        return (crate::run::Stop::ERROR, store.into_data(), Some("error: the module has no main function".into()));
    };
    let ty = main.ty(&store);
    let mut params: Vec<Val> = Vec::new();
    if ty.params().len() >= 2 {
        let argv = match make_argv(&mut store, program, args) {
            Ok(a) => a,
            Err(e) => return (crate::run::Stop::ERROR, store.into_data(), Some(format!("error: {e}"))),
        };
        params.push(Val::I32(args.len() as i32 + 1));
        params.push(Val::I32(argv as i32));
    }
    let mut results = vec![Val::I32(0); ty.results().len()];
    let mut outcome = main.call(&mut store, &params, &mut results);
    // A normal end (main's return or exit) runs the atexit handlers, last registered first;
    // exit in a handler ends the program with its status.
    let exited = match &outcome {
        Ok(()) => true,
        Err(e) => e.downcast_ref::<Stop>().is_some_and(|s| s.1.is_none()),
    };
    if exited {
        if let Some(table) = instance.get_table(&mut store, "__indirect_function_table") {
            while let Some(idx) = store.data_mut().atexit.pop() {
                let f = table.get(&mut store, idx).and_then(|r| r.as_func().flatten().copied());
                let r = match f {
                    Some(f) => f.call(&mut store, &[], &mut []),
                    None => Err(fail(format!("atexit handler {idx} is not a function"))),
                };
                if let Err(e) = r {
                    outcome = Err(e);
                    results.clear();
                    if !e_is_exit(&outcome) {
                        break;
                    }
                }
            }
        }
    }
    let host = store.into_data();
    match outcome {
        Ok(()) => {
            let status = match results.first() {
                Some(Val::I32(v)) => *v as u8,
                Some(Val::I64(v)) => *v as u8,
                _ => 0,
            };
            (status, host, None)
        }
        Err(e) => {
            if let Some(Stop(code, msg)) = e.downcast_ref::<Stop>() {
                return (*code, host, msg.clone());
            }
            if let Some(t) = e.downcast_ref::<wasmtime::Trap>() {
                let status = if *t == wasmtime::Trap::StackOverflow { crate::run::Stop::ERROR } else { crate::run::Stop::UB };
                return (status, host, Some(format!("error: {t}")));
            }
            (crate::run::Stop::ERROR, host, Some(format!("error: {e}")))
        }
    }
}

/// The `i128` division runtime (compiler-rt's names): operands as (low, high) halves, the
/// result's two halves; `None` for other names. Division by zero and `i128::MIN / -1` are
/// undefined behaviour.
fn ti3(name: &str, p: &[Val]) -> Option<Result<(u64, u64), String>> {
    if !matches!(name, "__udivti3" | "__divti3" | "__umodti3" | "__modti3") {
        return None;
    }
    let w = |k: usize| -> u128 { (int_arg(p, 2 * k) as u128) | ((int_arg(p, 2 * k + 1) as u128) << 64) };
    let (a, b) = (w(0), w(1));
    if b == 0 {
        return Some(Err(format!("undefined behavior: i128 division by zero ({name})")));
    }
    let r = match name {
        "__udivti3" => a / b,
        "__umodti3" => a % b,
        _ => {
            let (x, y) = (a as i128, b as i128);
            let v = if name == "__divti3" { x.checked_div(y) } else { x.checked_rem(y) };
            match v {
                Some(v) => v as u128,
                None => return Some(Err(format!("undefined behavior: i128 signed division overflow ({name})"))),
            }
        }
    };
    Some(Ok((r as u64, (r >> 64) as u64)))
}

fn e_is_exit(r: &wasmtime::Result<()>) -> bool {
    matches!(r, Err(e) if e.downcast_ref::<Stop>().is_some_and(|s| s.1.is_none()))
}

/// A library function's result before conversion to the import's result type.
enum R {
    I(i64),
    F(f64),
}

fn to_val(r: Option<R>, t: &ValType) -> Val {
    let (i, f) = match r {
        Some(R::I(i)) => (i, i as f64),
        Some(R::F(f)) => (f as i64, f),
        None => (0, 0.0),
    };
    match t {
        ValType::I64 => Val::I64(i),
        ValType::F32 => Val::F32((f as f32).to_bits()),
        ValType::F64 => Val::F64(f.to_bits()),
        _ => Val::I32(i as i32),
    }
}

fn int_arg(params: &[Val], k: usize) -> u64 {
    match params.get(k) {
        Some(Val::I32(v)) => *v as u32 as u64,
        Some(Val::I64(v)) => *v as u64,
        Some(Val::F32(b)) => *b as u64,
        Some(Val::F64(b)) => *b,
        _ => 0,
    }
}

fn f64_arg(params: &[Val], k: usize) -> f64 {
    match params.get(k) {
        Some(Val::F32(b)) => f32::from_bits(*b) as f64,
        Some(Val::F64(b)) => f64::from_bits(*b),
        Some(Val::I32(v)) => *v as f64,
        Some(Val::I64(v)) => *v as f64,
        _ => 0.0,
    }
}

fn fail(msg: String) -> wasmtime::Error {
    wasmtime::Error::new(Stop(crate::run::Stop::ERROR, Some(format!("error: {msg}"))))
}

/// Reads the NUL-terminated string at `p` (at most `max` bytes).
fn cstr(mem: &[u8], p: u64, max: Option<usize>) -> Result<Vec<u8>, String> {
    let start = p as usize;
    let tail = mem.get(start..).ok_or_else(|| format!("string pointer {p:#x} is out of bounds"))?;
    let lim = max.unwrap_or(tail.len()).min(tail.len());
    let head = tail.get(..lim).unwrap_or(&[]);
    match head.iter().position(|&c| c == 0) {
        Some(n) => Ok(head.get(..n).unwrap_or(&[]).to_vec()),
        None if max.is_some() => Ok(head.to_vec()),
        None => Err(format!("string at {p:#x} is not terminated")),
    }
}

fn range(mem: &[u8], p: u64, n: u64) -> Result<&[u8], String> {
    mem.get(p as usize..(p as usize).saturating_add(n as usize)).ok_or_else(|| format!("{n} bytes at {p:#x} are out of bounds"))
}

fn write(mem: &mut [u8], p: u64, b: &[u8]) -> Result<(), String> {
    let dst = mem.get_mut(p as usize..(p as usize).saturating_add(b.len())).ok_or_else(|| format!("{} bytes at {p:#x} are out of bounds", b.len()))?;
    dst.copy_from_slice(b);
    Ok(())
}

/// printf's arguments: 8-byte cells of the variadic area.
struct VaArgs<'a> {
    mem: &'a [u8],
    area: u64,
    next: u64,
    ptr_bytes: u8,
}

impl VaArgs<'_> {
    fn cell(&mut self) -> Result<u64, FormatError> {
        let at = self.area + self.next * 8;
        self.next += 1;
        let b = self.mem.get(at as usize..at as usize + 8).ok_or_else(|| FormatError::Argument("argument area out of bounds".into()))?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
}

impl ArgSource for VaArgs<'_> {
    fn int(&mut self, bytes: u8, signed: bool) -> Result<i128, FormatError> {
        let v = self.cell()?;
        let bits = bytes.min(8) as u32 * 8;
        let low = if bits >= 64 { v } else { v & ((1u64 << bits) - 1) };
        Ok(if signed && bits < 64 { (((low << (64 - bits)) as i64) >> (64 - bits)) as i128 } else if signed { low as i64 as i128 } else { low as i128 })
    }
    fn double(&mut self) -> Result<f64, FormatError> {
        Ok(f64::from_bits(self.cell()?))
    }
    fn pointer(&mut self) -> Result<u64, FormatError> {
        Ok(self.cell()? & 0xffff_ffff)
    }
    fn string(&mut self, max: Option<usize>) -> Result<Option<Vec<u8>>, FormatError> {
        let p = self.cell()? & 0xffff_ffff;
        if p == 0 {
            return Ok(None);
        }
        cstr(self.mem, p, max).map(Some).map_err(FormatError::Argument)
    }
    fn long_bytes(&self) -> u8 {
        self.ptr_bytes
    }
    fn pointer_bytes(&self) -> u8 {
        self.ptr_bytes
    }
}

fn printf(mem: &[u8], ptr_bytes: u8, fmt: u64, area: u64) -> Result<(Vec<u8>, bool), String> {
    let f = cstr(mem, fmt, None)?;
    let mut args = VaArgs { mem, area, next: 0, ptr_bytes };
    let mut out = Vec::new();
    match format(&f, &mut args, &mut out) {
        Ok(()) => Ok((out, true)),
        Err(FormatError::Argument(m)) => Err(m),
        Err(FormatError::PercentN) => Err("printf: %n is not supported".into()),
        Err(_) => Ok((out, false)),
    }
}

/// Allocates `n` bytes from the heap (bump allocation, 16-byte aligned), growing memory.
fn malloc(caller: &mut Caller<'_, Host>, n: u64) -> Result<u64, String> {
    let mem = caller.data().mem.ok_or("the module has no memory")?;
    let at = caller.data().heap_next;
    let end = at + n.max(1).div_ceil(16) * 16;
    if end >= 1 << 32 {
        return Ok(0);
    }
    let size = mem.data_size(&*caller) as u64;
    if end > size {
        let pages = (end - size).div_ceil(65536);
        if mem.grow(&mut *caller, pages).is_err() {
            return Ok(0);
        }
    }
    let h = caller.data_mut();
    h.heap_next = end;
    h.sizes.insert(at as u32, n as u32);
    Ok(at)
}

/// Calls library function `name`.
fn lib(caller: &mut Caller<'_, Host>, name: &str, p: &[Val]) -> wasmtime::Result<Option<R>> {
    let a = |k: usize| int_arg(p, k);
    let ok_i = |v: i64| Ok(Some(R::I(v)));
    match name {
        irplay_wasm::STACK_OVERFLOW => {
            let msg = "error: stack overflow: the program's frames exceed the module's shadow stack".to_string();
            return Err(wasmtime::Error::new(Stop(crate::run::Stop::ERROR, Some(msg))));
        }
        "malloc" | "_Znwm" | "_Znam" => return ok_i(malloc(caller, a(0)).map_err(fail)? as i64),
        "calloc" => {
            let n = a(0).saturating_mul(a(1));
            let at = malloc(caller, n).map_err(fail)?;
            if at != 0 {
                let mem = caller.data().mem.ok_or_else(|| fail("no memory".into()))?;
                let zeros = vec![0u8; n as usize];
                write(mem.data_mut(&mut *caller), at, &zeros).map_err(fail)?;
            }
            return ok_i(at as i64);
        }
        "realloc" => {
            let (old, n) = (a(0), a(1));
            let at = malloc(caller, n).map_err(fail)?;
            let keep = caller.data().sizes.get(&(old as u32)).copied().unwrap_or(0) as u64;
            if old != 0 && at != 0 {
                let mem = caller.data().mem.ok_or_else(|| fail("no memory".into()))?;
                mem.data_mut(&mut *caller).copy_within(old as usize..(old + keep.min(n)) as usize, at as usize);
            }
            return ok_i(at as i64);
        }
        "free" | "_ZdlPv" | "_ZdaPv" | "_ZdlPvm" | "_ZdaPvm" => {
            let ptr = a(0) as u32;
            if ptr != 0 && caller.data_mut().sizes.remove(&ptr).is_none() {
                return Err(wasmtime::Error::new(Stop(crate::run::Stop::UB, Some(format!("undefined behavior: free of {ptr:#x}, which malloc did not return")))));
            }
            return Ok(None);
        }
        _ => {}
    }
    let mem = caller.data().mem.ok_or_else(|| fail("the module has no memory".into()))?;
    let (mem, host) = mem.data_and_store_mut(&mut *caller);
    let pb = host.ptr_bytes;
    let stream = |s: u64| -> Result<u8, wasmtime::Error> {
        match s {
            2 => Ok(1),
            3 => Ok(2),
            _ => Err(fail(format!("stream {s:#x} is not stdout or stderr (files are not supported)"))),
        }
    };
    let emit = |host: &mut Host, fd: u8, b: &[u8]| {
        if fd == 2 {
            host.stderr.extend_from_slice(b);
        } else {
            host.stdout.extend_from_slice(b);
        }
    };
    let r = match name {
        "printf" | "fprintf" => {
            let (fd, fmt, area) = if name == "printf" { (1, a(0), a(1)) } else { (stream(a(0))?, a(1), a(2)) };
            let (out, ok) = printf(mem, pb, fmt, area).map_err(fail)?;
            emit(host, fd, &out);
            R::I(if ok { out.len() as i64 } else { -1 })
        }
        "sprintf" | "snprintf" => {
            let sized = name == "snprintf";
            let (buf, cap, fmt, area) = if sized { (a(0), Some(a(1)), a(2), a(3)) } else { (a(0), None, a(1), a(2)) };
            let (out, ok) = printf(mem, pb, fmt, area).map_err(fail)?;
            let n = match cap {
                Some(0) => None,
                Some(c) => Some((out.len() as u64).min(c - 1) as usize),
                None => Some(out.len()),
            };
            if let Some(n) = n {
                let mut b = out.get(..n).unwrap_or(&[]).to_vec();
                b.push(0);
                write(mem, buf, &b).map_err(fail)?;
            }
            R::I(if ok { out.len() as i64 } else { -1 })
        }
        "puts" => {
            let mut s = cstr(mem, a(0), None).map_err(fail)?;
            s.push(b'\n');
            emit(host, 1, &s);
            R::I(s.len() as i64)
        }
        "putchar" | "putc" | "fputc" | "_IO_putc" => {
            let fd = if name == "putchar" { 1 } else { stream(a(1))? };
            emit(host, fd, &[a(0) as u8]);
            R::I(a(0) as u8 as i64)
        }
        "fputs" => {
            let s = cstr(mem, a(0), None).map_err(fail)?;
            let fd = stream(a(1))?;
            emit(host, fd, &s);
            R::I(1)
        }
        "fflush" => R::I(0),
        "strlen" => R::I(cstr(mem, a(0), None).map_err(fail)?.len() as i64),
        "memcmp" | "bcmp" => {
            let x = range(mem, a(0), a(2)).map_err(fail)?;
            let y = range(mem, a(1), a(2)).map_err(fail)?;
            R::I(x.iter().zip(y).find(|(p, q)| p != q).map(|(p, q)| *p as i64 - *q as i64).unwrap_or(0))
        }
        "strcmp" | "strncmp" => {
            let max = (name == "strncmp").then_some(a(2) as usize);
            let x = cstr(mem, a(0), max).map_err(fail)?;
            let y = cstr(mem, a(1), max).map_err(fail)?;
            let o = x.iter().chain(std::iter::once(&0)).zip(y.iter().chain(std::iter::once(&0))).find(|(p, q)| p != q);
            R::I(o.map(|(p, q)| *p as i64 - *q as i64).unwrap_or(0))
        }
        "memcpy" | "memmove" => {
            let n = a(2) as usize;
            range(mem, a(1), n as u64).map_err(fail)?;
            range(mem, a(0), n as u64).map_err(fail)?;
            mem.copy_within(a(1) as usize..a(1) as usize + n, a(0) as usize);
            R::I(a(0) as i64)
        }
        "memset" => {
            range(mem, a(0), a(2)).map_err(fail)?;
            if let Some(dst) = mem.get_mut(a(0) as usize..(a(0) + a(2)) as usize) {
                dst.fill(a(1) as u8);
            }
            R::I(a(0) as i64)
        }
        "strcpy" => {
            let mut s = cstr(mem, a(1), None).map_err(fail)?;
            s.push(0);
            write(mem, a(0), &s).map_err(fail)?;
            R::I(a(0) as i64)
        }
        "strchr" | "strrchr" => {
            let s = cstr(mem, a(0), None).map_err(fail)?;
            let c = a(1) as u8;
            let pos = if c == 0 { Some(s.len()) } else if name == "strchr" { s.iter().position(|&x| x == c) } else { s.iter().rposition(|&x| x == c) };
            R::I(pos.map(|k| (a(0) + k as u64) as i64).unwrap_or(0))
        }
        "abs" => R::I((a(0) as i32).wrapping_abs() as u32 as i64),
        "labs" | "llabs" => R::I((a(0) as i64).wrapping_abs()),
        "rand" => R::I(host.rand.next_rand() as i64),
        "atexit" => {
            host.atexit.push(a(0));
            R::I(0)
        }
        "srand" => {
            host.rand = Rand::new(a(0) as u32);
            return Ok(None);
        }
        "time" => {
            let t = 1_700_000_000u64;
            if a(0) != 0 {
                write(mem, a(0), &t.to_le_bytes()).map_err(fail)?;
            }
            R::I(t as i64)
        }
        "exit" | "_exit" | "_Exit" => return Err(wasmtime::Error::new(Stop(a(0) as u8, None))),
        "abort" => return Err(wasmtime::Error::new(Stop(crate::run::Stop::ABORT, Some("aborted: abort() was called".into())))),
        "__assert_fail" => {
            let expr = String::from_utf8_lossy(&cstr(mem, a(0), None).unwrap_or_default()).into_owned();
            return Err(wasmtime::Error::new(Stop(crate::run::Stop::ABORT, Some(format!("aborted: assertion `{expr}` failed")))));
        }
        _ => match math(name, p) {
            Some(x) => R::F(x),
            None => return Err(fail(format!("unsupported function @{name} (not in the wasm host's C library)"))),
        },
    };
    Ok(Some(r))
}

/// `<math.h>` functions (the host's libm, as the native program uses).
fn math(name: &str, p: &[Val]) -> Option<f64> {
    let x = f64_arg(p, 0);
    let y = f64_arg(p, 1);
    const KNOWN: [&str; 21] = ["fmod", "sqrt", "sin", "cos", "tan", "exp", "exp2", "log", "log2", "log10", "pow", "fabs", "floor", "ceil", "round", "trunc", "fmin", "fmax", "fma", "atan", "atan2"];
    let base = name.strip_suffix('f').filter(|b| KNOWN.contains(b)).unwrap_or(name);
    Some(match base {
        "fmod" => x % y,
        "sqrt" => x.sqrt(),
        "sin" => x.sin(),
        "cos" => x.cos(),
        "tan" => x.tan(),
        "exp" => x.exp(),
        "exp2" => x.exp2(),
        "log" => x.ln(),
        "log2" => x.log2(),
        "log10" => x.log10(),
        "pow" => x.powf(y),
        "fabs" => x.abs(),
        "floor" => x.floor(),
        "ceil" => x.ceil(),
        "round" => x.round(),
        "trunc" => x.trunc(),
        "fmin" => x.min(y),
        "fmax" => x.max(y),
        "fma" => x.mul_add(y, f64_arg(p, 2)),
        "atan" => x.atan(),
        "atan2" => x.atan2(y),
        _ => return None,
    })
}

/// Builds `argv` (the program name, then `args`) in the heap.
fn make_argv(store: &mut Store<Host>, program: &str, args: &[String]) -> Result<u64, String> {
    let mem = store.data().mem.ok_or("the module has no memory")?;
    let pb = store.data().ptr_bytes as u64;
    let mut strings: Vec<Vec<u8>> = vec![program.as_bytes().to_vec()];
    strings.extend(args.iter().map(|a| a.as_bytes().to_vec()));
    let total: u64 = strings.iter().map(|s| s.len() as u64 + 1).sum::<u64>() + (strings.len() as u64 + 1) * pb;
    let at = store.data().heap_next;
    let end = at + total.div_ceil(16) * 16;
    let size = mem.data_size(&*store) as u64;
    if end > size {
        mem.grow(&mut *store, (end - size).div_ceil(65536)).map_err(|e| e.to_string())?;
    }
    store.data_mut().heap_next = end;
    let data = mem.data_mut(&mut *store);
    let mut s_at = at + (strings.len() as u64 + 1) * pb;
    for (k, s) in strings.iter().enumerate() {
        let cell = at + k as u64 * pb;
        write(data, cell, s_at.to_le_bytes().get(..pb as usize).unwrap_or(&[]))?;
        let mut z = s.clone();
        z.push(0);
        write(data, s_at, &z)?;
        s_at += z.len() as u64;
    }
    Ok(at)
}
