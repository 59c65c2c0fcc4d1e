//! The C library that compiled modules import (module `env`), for any wasm engine: wasmtime in
//! `irplay run --engine wasm`, the browser's `WebAssembly` in the playground.
//!
//! The library is the interpreter's ([`irplay_core::runtime::libc`]); this is its binding to a
//! module's linear memory ([`Memory`], as an engine exposes it). Words are plain `u64`s (an
//! `i32` zero-extended, a float's bits); the variadic area is 8-byte cells (see
//! `irplay_core::lower::abi`); the heap is a bump allocator above the module's `__heap_base`
//! that grows the memory (reusing freed blocks of the same size), `free` checks that the block
//! came from `malloc`, and `malloc` returns null once the live heap would pass the run's
//! memory limit ([`Limits::max_memory`], as the interpreter's `malloc`). Output goes to a
//! [`Sink`] in chunks of about [`CHUNK`] bytes (or stays in [`Libc::stdout`] and
//! [`Libc::stderr`] without one), up to [`Limits::max_output`] bytes, where the call that
//! wrote past it stops the program ([`Limit::Output`]). An engine
//! resolves each import once ([`Import::new`]) and answers calls with [`call_import`], giving
//! it a [`Callback`] for the library and the comparison functions of `qsort` and `bsearch`.

use irplay_core::runtime::format::{format, ArgSource, FormatError};
use irplay_core::runtime::libc::sort::{Sort, SortStep};
use irplay_core::runtime::libc::{LibError, LibMemory, LibState, Va};
use irplay_core::runtime::libfn::LibFn;
use std::collections::HashMap;

pub use crate::host::status;
pub use crate::limits::{Limit, Limits};

/// About how many bytes of output the library keeps before handing them to its [`Sink`].
pub const CHUNK: usize = 8 << 10;

/// Where the program's output goes as it is produced.
pub trait Sink {
    /// Takes a chunk of output: what the program wrote to stdout and to stderr since the last
    /// chunk (either may be empty).
    fn write(&mut self, stdout: &[u8], stderr: &[u8]);
}

/// The module's linear memory, as an engine exposes it.
pub trait Memory {
    /// Its size in bytes.
    fn size(&self) -> u64;
    /// Copies `buf.len()` bytes at `at` into `buf`; false when out of bounds.
    fn read(&self, at: u64, buf: &mut [u8]) -> bool;
    /// Copies `bytes` to `at`; false when out of bounds.
    fn write(&mut self, at: u64, bytes: &[u8]) -> bool;
    /// Grows the memory by `pages` of 64 KiB; false when it cannot.
    fn grow(&mut self, pages: u64) -> bool;
}

/// Why a call ends the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    /// The exit status.
    pub status: u8,
    /// What to print on stderr (`None` for a plain `exit`).
    pub message: Option<String>,
}

impl Stop {
    /// A runtime error (status 71) with `msg` as its message (after "error: ").
    pub fn error(msg: String) -> Stop {
        Stop { status: status::ERROR, message: Some(format!("error: {msg}")) }
    }
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.message {
            Some(m) => f.write_str(m),
            None => write!(f, "exit {}", self.status),
        }
    }
}

impl std::error::Error for Stop {}

/// The library's state: output, heap and the C library's own state.
pub struct Libc {
    /// What the program wrote to stdout and the [`Sink`] has not taken yet (all of it without
    /// a sink).
    pub stdout: Vec<u8>,
    /// What it wrote to stderr, likewise.
    pub stderr: Vec<u8>,
    /// The state every engine's library has; `atexit` handlers are function table indices,
    /// and a host that reads its own standard input gives it as `stdin`'s source.
    pub state: LibState<u64>,
    heap_next: u64,
    sizes: HashMap<u32, u32>,
    /// Freed blocks below `heap_next`, by their footprint (size rounded up to 16).
    free: HashMap<u64, Vec<u64>>,
    /// The footprint of the live blocks.
    live: u64,
    /// Bytes of output so far (both streams).
    written: u64,
    /// True once a write went past the output limit.
    output_over: bool,
    limits: Limits,
    sink: Option<Box<dyn Sink>>,
    /// The limit that stopped the program, if one did.
    pub hit: Option<Limit>,
    ptr_bytes: u8,
    /// The steps the program had taken at the `clock` call being answered.
    steps: u64,
}

impl std::fmt::Debug for Libc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Libc")
            .field("heap_next", &self.heap_next)
            .field("live", &self.live)
            .field("written", &self.written)
            .field("limits", &self.limits)
            .field("hit", &self.hit)
            .finish_non_exhaustive()
    }
}

/// The footprint of a heap block of `n` bytes (what it takes of the heap).
fn footprint(n: u64) -> u64 {
    n.max(1).div_ceil(16).saturating_mul(16)
}

impl Libc {
    /// A library for a module whose pointers take `ptr_bytes` in memory and whose heap starts
    /// at `heap_base`.
    pub fn new(ptr_bytes: u8, heap_base: u64) -> Libc {
        Libc {
            stdout: Vec::new(),
            stderr: Vec::new(),
            state: LibState::new(Default::default()),
            heap_next: heap_base.div_ceil(16) * 16,
            sizes: HashMap::new(),
            free: HashMap::new(),
            live: 0,
            written: 0,
            output_over: false,
            limits: Limits::default(),
            sink: None,
            hit: None,
            ptr_bytes,
            steps: 0,
        }
    }

    /// The library with the run's `limits` and its output going to `sink` (kept in
    /// [`Libc::stdout`] and [`Libc::stderr`] without one).
    pub fn with(mut self, limits: Limits, sink: Option<Box<dyn Sink>>) -> Libc {
        self.limits = limits;
        self.sink = sink;
        self
    }

    /// The run's limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Bytes of output the program wrote (both streams, up to the output limit).
    pub fn written(&self) -> u64 {
        self.written
    }

    /// Hands the output kept so far to the sink (at the end of a run; without a sink the
    /// output stays).
    pub fn flush(&mut self) {
        if let Some(sink) = &mut self.sink {
            if !self.stdout.is_empty() || !self.stderr.is_empty() {
                sink.write(&self.stdout, &self.stderr);
                self.stdout.clear();
                self.stderr.clear();
            }
        }
    }

    /// Records that `limit` stopped the program: the stop, with the first line of its report
    /// (a host that knows where the program was adds that).
    pub fn limit_stop(&mut self, limit: Limit) -> Stop {
        self.hit = Some(limit);
        Stop { status: limit.status(), message: Some(limit.message(&self.limits, None)) }
    }

    /// Allocates `n` bytes from the heap aligned to `align` (at least 16), growing memory;
    /// 0 when full or when the live heap would pass the memory limit.
    fn malloc(&mut self, mem: &mut dyn Memory, n: u64, align: u64) -> u64 {
        let align = align.clamp(16, 1 << 16).next_power_of_two();
        let foot = footprint(n);
        if self.live.saturating_add(foot) > self.limits.max_memory || n >= 1 << 32 {
            return 0;
        }
        let reused = self.free.get_mut(&foot).and_then(|v| {
            let k = v.iter().rposition(|&p| p % align == 0)?;
            Some(v.swap_remove(k))
        });
        let at = match reused {
            Some(at) => at,
            None => {
                let at = self.heap_next.div_ceil(align) * align;
                let end = at.saturating_add(foot);
                if end >= 1 << 32 {
                    return 0;
                }
                let size = mem.size();
                if end > size && !mem.grow((end - size).div_ceil(65536)) {
                    return 0;
                }
                self.heap_next = end;
                at
            }
        };
        self.live += foot;
        self.sizes.insert(at as u32, n as u32);
        at
    }

    /// Builds `argv` (the program name, then `args`) in the heap; its address.
    pub fn make_argv(
        &mut self,
        mem: &mut dyn Memory,
        program: &str,
        args: &[String],
    ) -> Result<u64, String> {
        let mut strings: Vec<Vec<u8>> = vec![program.as_bytes().to_vec()];
        strings.extend(args.iter().map(|a| a.as_bytes().to_vec()));
        self.make_strings(mem, &strings)
    }

    /// Builds `envp` of the `NAME=VALUE` strings `env` in the heap, the environment `getenv`
    /// searches; its address.
    pub fn make_envp(&mut self, mem: &mut dyn Memory, env: &[String]) -> Result<u64, String> {
        let strings: Vec<Vec<u8>> = env.iter().map(|s| s.as_bytes().to_vec()).collect();
        let at = self.make_strings(mem, &strings)?;
        self.state.environ = Some(at);
        Ok(at)
    }

    /// Builds a null-terminated array of pointers to `strings` (each NUL-terminated after it)
    /// in the heap; its address.
    fn make_strings(&mut self, mem: &mut dyn Memory, strings: &[Vec<u8>]) -> Result<u64, String> {
        let pb = self.ptr_bytes as u64;
        let total: u64 = strings.iter().map(|s| s.len() as u64 + 1).sum::<u64>()
            + (strings.len() as u64 + 1) * pb;
        let at = self.malloc(mem, total, 16);
        if at == 0 {
            return Err("no memory for the arguments or the environment of main".into());
        }
        let mut s_at = at + (strings.len() as u64 + 1) * pb;
        let mut b = Bound { libc: self, mem, args: &[] };
        for (k, s) in strings.iter().enumerate() {
            b.store(at + k as u64 * pb, pb as usize, s_at).map_err(|e| e.to_string())?;
            b.write_bytes_nul(s_at, s).map_err(|e| e.to_string())?;
            s_at += s.len() as u64 + 1;
        }
        let end = at + strings.len() as u64 * pb;
        b.store(end, pb as usize, 0).map_err(|e| e.to_string())?;
        Ok(at)
    }

    /// Calls library function `f` with `args` (raw bits) on `mem`; `ret_bits` is the width of
    /// an integer result.
    pub fn call(
        &mut self,
        mem: &mut dyn Memory,
        f: LibFn,
        args: &[u64],
        ret_bits: u32,
    ) -> Result<Option<u64>, Stop> {
        let r = irplay_core::runtime::libc::call(
            &mut Bound { libc: self, mem, args },
            f,
            args,
            ret_bits,
        )?;
        if self.output_over {
            return Err(self.limit_stop(Limit::Output));
        }
        Ok(r)
    }
}

/// The library bound to a memory for one call with `args`.
struct Bound<'a> {
    libc: &'a mut Libc,
    mem: &'a mut dyn Memory,
    args: &'a [u64],
}

fn oob(n: u64, p: u64) -> Stop {
    Stop::error(format!("{n} bytes at {p:#x} are out of bounds"))
}

impl Bound<'_> {
    /// Where the variadic arguments at `va` start (8-byte cells).
    fn area(&mut self, va: Va<u64>) -> Result<u64, Stop> {
        match va {
            Va::Args(k) => Ok(self.args.get(k).copied().unwrap_or(0)),
            // The x86-64 `va_list` (its registers used up, see `irplay_core::lower::abi`)
            // reads from its overflow area; with 4-byte pointers it is the next cell itself.
            Va::List(ap) if self.libc.ptr_bytes == 8 => Ok(self.load(ap + 8, 4)?),
            Va::List(ap) => Ok(ap),
        }
    }
}

impl LibMemory for Bound<'_> {
    type Word = u64;
    type Fault = Stop;

    fn bits(w: u64) -> u64 {
        w
    }
    fn int(bits: u64) -> u64 {
        bits
    }
    fn fail(&self, e: LibError) -> Stop {
        match e {
            LibError::Unsupported(m) => Stop::error(m),
            LibError::Misuse(m) => {
                Stop { status: status::UB, message: Some(format!("undefined behavior: {m}")) }
            }
            LibError::Exit(s) => Stop { status: s as u8, message: None },
            LibError::Abort(m) => {
                Stop { status: status::ABORT, message: Some(format!("aborted: {m}")) }
            }
            LibError::Unknown => {
                Stop::error("unsupported function (not in the wasm host's C library)".into())
            }
        }
    }
    fn state(&mut self) -> &mut LibState<u64> {
        &mut self.libc.state
    }
    fn ptr_bytes(&self) -> u8 {
        self.libc.ptr_bytes
    }
    fn clock(&self) -> u64 {
        // The steps through the end of the current block, as the interpreter's `clock` counts.
        self.libc.steps / irplay_core::runtime::stdlib::STEPS_PER_CLOCK_TICK
    }
    fn check(&mut self, p: u64, n: u64, _write: bool) -> Result<(), Stop> {
        match p.checked_add(n) {
            Some(end) if end <= self.mem.size() => Ok(()),
            _ => Err(oob(n, p)),
        }
    }
    fn load(&mut self, p: u64, n: usize) -> Result<u64, Stop> {
        let mut b = [0u8; 8];
        let part = b.get_mut(..n.min(8)).unwrap_or(&mut []);
        if !self.mem.read(p, part) {
            return Err(oob(n as u64, p));
        }
        Ok(u64::from_le_bytes(b))
    }
    fn store(&mut self, p: u64, n: usize, v: u64) -> Result<(), Stop> {
        self.write_bytes(p, v.to_le_bytes().get(..n.min(8)).unwrap_or(&[]))
    }
    fn read_bytes(&mut self, p: u64, n: u64) -> Result<Vec<u8>, Stop> {
        self.check(p, n, false)?;
        let mut buf = vec![0u8; n as usize];
        if self.mem.read(p, &mut buf) {
            Ok(buf)
        } else {
            Err(oob(n, p))
        }
    }
    fn read_cstr(&mut self, p: u64, max: Option<usize>) -> Result<Vec<u8>, Stop> {
        let size = self.mem.size();
        if p >= size {
            return Err(Stop::error(format!("string pointer {p:#x} is out of bounds")));
        }
        let limit = max.map_or(size - p, |m| (m as u64).min(size - p));
        let mut out = Vec::new();
        let mut chunk = [0u8; 256];
        while (out.len() as u64) < limit {
            let n = (limit - out.len() as u64).min(chunk.len() as u64) as usize;
            let part = chunk.get_mut(..n).unwrap_or(&mut []);
            if !self.mem.read(p + out.len() as u64, part) {
                return Err(Stop::error(format!("string at {p:#x} runs out of bounds")));
            }
            if let Some(z) = part.iter().position(|&c| c == 0) {
                out.extend_from_slice(part.get(..z).unwrap_or(&[]));
                return Ok(out);
            }
            out.extend_from_slice(part);
        }
        match max {
            Some(_) => Ok(out),
            None => Err(Stop::error(format!("string at {p:#x} is not terminated"))),
        }
    }
    fn write_bytes(&mut self, p: u64, b: &[u8]) -> Result<(), Stop> {
        if self.mem.write(p, b) {
            Ok(())
        } else {
            Err(oob(b.len() as u64, p))
        }
    }
    fn mem_copy(&mut self, d: u64, s: u64, n: u64, _nooverlap: bool) -> Result<(), Stop> {
        let bytes = self.read_bytes(s, n)?;
        self.write_bytes(d, &bytes)
    }
    fn mem_set(&mut self, d: u64, byte: u64, n: u64) -> Result<(), Stop> {
        self.check(d, n, true)?;
        self.write_bytes(d, &vec![byte as u8; n as usize])
    }
    fn heap_alloc(&mut self, size: u64, align: u64, zero: bool) -> Result<u64, Stop> {
        let at = self.libc.malloc(self.mem, size, align);
        if at != 0 && zero {
            self.mem_set(at, 0, size)?;
        }
        Ok(at)
    }
    fn heap_free(&mut self, p: u64) -> Result<(), Stop> {
        let Some(n) = (p != 0).then(|| self.libc.sizes.remove(&(p as u32))) else { return Ok(()) };
        let Some(n) = n else {
            return Err(Stop {
                status: status::UB,
                message: Some(format!(
                    "undefined behavior: free of {p:#x}, which malloc did not return"
                )),
            });
        };
        // The last block given back is the heap's again; another is kept for a block of its
        // size.
        let foot = footprint(u64::from(n));
        self.libc.live = self.libc.live.saturating_sub(foot);
        if p + foot == self.libc.heap_next {
            self.libc.heap_next = p;
        } else {
            self.libc.free.entry(foot).or_default().push(p);
        }
        Ok(())
    }
    fn heap_size(&mut self, p: u64) -> Option<u64> {
        self.libc.sizes.get(&(p as u32)).map(|&n| u64::from(n))
    }
    fn runtime_alloc(&mut self, size: u64, align: u64) -> Result<u64, Stop> {
        match self.heap_alloc(size, align, true)? {
            0 => Err(Stop::error("no memory for the C library's own data".into())),
            p => Ok(p),
        }
    }
    fn runtime_free(&mut self, p: u64) {
        let _ = self.heap_free(p);
    }
    fn emit(&mut self, fd: u8, b: &[u8]) {
        let libc = &mut *self.libc;
        let room = libc.limits.max_output.saturating_sub(libc.written);
        let n = usize::try_from(room).map_or(b.len(), |r| r.min(b.len()));
        libc.output_over |= n < b.len();
        libc.written += n as u64;
        let out = if fd == 2 { &mut libc.stderr } else { &mut libc.stdout };
        out.extend_from_slice(b.get(..n).unwrap_or(&[]));
        if libc.stdout.len() + libc.stderr.len() >= CHUNK {
            libc.flush();
        }
    }
    fn stream(&self, f: u64) -> Option<u8> {
        // The `FILE *` values of `stdin`, `stdout` and `stderr` (see `irplay_core::lower::data`).
        (1..=3).contains(&f).then(|| f as u8 - 1)
    }
    fn format(
        &mut self,
        fmt: &[u8],
        va: Va<u64>,
        out: &mut Vec<u8>,
    ) -> Result<Result<(), FormatError>, Stop> {
        let area = self.area(va)?;
        let mut args = VaArgs { b: self, area, fault: None };
        let r = format(fmt, &mut args, out);
        match args.fault {
            Some(stop) => Err(stop),
            None => Ok(r),
        }
    }
    fn va_ptr(&mut self, va: Va<u64>, k: usize) -> Result<u64, Stop> {
        let area = self.area(va)?;
        Ok(self.load(area + 8 * k as u64, 8)? & 0xffff_ffff)
    }
}

/// `printf`'s arguments: the 8-byte cells of a variadic area.
struct VaArgs<'a, 'b> {
    b: &'a mut Bound<'b>,
    area: u64,
    fault: Option<Stop>,
}

impl VaArgs<'_, '_> {
    fn cell(&mut self) -> Result<u64, FormatError> {
        let at = self.area;
        self.area += 8;
        self.b.load(at, 8).map_err(|stop| {
            self.fault = Some(stop);
            FormatError::Argument("argument area out of bounds".into())
        })
    }
}

impl ArgSource for VaArgs<'_, '_> {
    fn int(&mut self, bytes: u8, signed: bool) -> Result<i128, FormatError> {
        let v = self.cell()?;
        let bits = u32::from(bytes.min(8)) * 8;
        let sh = 64 - bits;
        Ok(if signed { (((v << sh) as i64) >> sh) as i128 } else { ((v << sh) >> sh) as i128 })
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
        self.b.read_cstr(p, max).map(Some).map_err(|stop| {
            self.fault = Some(stop);
            FormatError::Argument("bad string argument".into())
        })
    }
    fn long_bytes(&self) -> u8 {
        self.b.libc.ptr_bytes
    }
    fn pointer_bytes(&self) -> u8 {
        self.b.libc.ptr_bytes
    }
}

/// An import of a compiled module, resolved once from its name.
#[derive(Clone, Debug)]
pub struct Import {
    name: String,
    kind: Kind,
    ret_bits: u32,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    Lib(LibFn),
    /// The `i128` division runtime (compiler-rt's names).
    Division,
    StackOverflow,
    /// The step or depth budget is spent ([`crate::LIMIT`]).
    Limit,
    Unknown,
}

impl Import {
    /// The import named `name`, whose integer result (if any) is `ret_bits` wide.
    pub fn new(name: &str, ret_bits: u32) -> Import {
        let kind = match name {
            crate::STACK_OVERFLOW => Kind::StackOverflow,
            crate::LIMIT => Kind::Limit,
            "__udivti3" | "__divti3" | "__umodti3" | "__modti3" => Kind::Division,
            _ => match LibFn::resolve(name, None) {
                LibFn::Unknown
                | LibFn::Intrinsic
                | LibFn::CxaThrow
                | LibFn::CxaRethrow
                | LibFn::UnwindResume => Kind::Unknown,
                f => Kind::Lib(f),
            },
        };
        Import { name: name.to_string(), kind, ret_bits }
    }

    /// True when the import has two results (the `i128` division's halves).
    pub fn pair(&self) -> bool {
        self.kind == Kind::Division
    }
}

/// What an engine gives an import call: the library with the instance's memory, and calls
/// of the module's comparison functions (for `qsort` and `bsearch`).
pub trait Callback {
    /// Runs `f` with the library and the memory.
    fn with_libc<R>(
        &mut self,
        f: impl FnOnce(&mut Libc, &mut dyn Memory) -> Result<R, Stop>,
    ) -> Result<R, Stop>;
    /// Calls the function at index `func` of the module's function table with two pointers;
    /// its `int` result, or why the program stopped inside it.
    fn compare(&mut self, func: u64, a: u64, b: u64) -> Result<i32, Stop>;
    /// The module's step counter ([`crate::FUEL`]: the budget left, a block's steps taken
    /// when it starts), if it has one.
    fn fuel(&mut self) -> Option<i64>;
}

/// Answers a call of import `imp` with `args` (raw bits: an `i32` zero-extended, a float's
/// bits): its results' bits (the first for one result, both for the `i128` division's two
/// halves), or why the program stops. The library is borrowed only between the comparisons
/// of `qsort` and `bsearch`, which may call it themselves.
pub fn call_import<C: Callback>(c: &mut C, imp: &Import, args: &[u64]) -> Result<[u64; 2], Stop> {
    match imp.kind {
        Kind::Lib(f @ (LibFn::Qsort | LibFn::Bsearch)) => {
            let cmp = args.get(if f == LibFn::Qsort { 3 } else { 4 }).copied().unwrap_or(0);
            let mut sort =
                c.with_libc(|libc, mem| Sort::start(&mut Bound { libc, mem, args }, f, args))?;
            let mut r = None;
            loop {
                let step =
                    c.with_libc(|libc, mem| sort.resume(&mut Bound { libc, mem, args: &[] }, r))?;
                match step {
                    SortStep::Compare(a, b) => r = Some(c.compare(cmp, a, b)? as u32 as u64),
                    SortStep::Done(v) => return Ok([v.unwrap_or(0), 0]),
                }
            }
        }
        Kind::Lib(f) => {
            if f == LibFn::Clock {
                // `clock` counts the steps taken, which only the module's counter knows.
                let left = c.fuel();
                c.with_libc(|libc, _| {
                    let budget = i64::try_from(libc.limits.max_steps).unwrap_or(i64::MAX);
                    libc.steps = left.map_or(0, |l| budget.saturating_sub(l).max(0) as u64);
                    Ok(())
                })?;
            }
            let r = c.with_libc(|libc, mem| libc.call(mem, f, args, imp.ret_bits))?;
            Ok([r.unwrap_or(0), 0])
        }
        Kind::Division => wide_division(&imp.name, args),
        Kind::Limit => {
            let kind = args.first().map_or(0, |&k| k as u32 as i32);
            let limit = Limit::from_kind(kind).unwrap_or(Limit::Steps);
            Err(c.with_libc(|libc, _| Ok(libc.limit_stop(limit))).unwrap_or_else(|e| e))
        }
        Kind::StackOverflow => Err(Stop::error(
            "stack overflow: the program's frames exceed the module's shadow stack".into(),
        )),
        Kind::Unknown => Err(Stop::error(format!(
            "unsupported function @{} (not in the wasm host's C library)",
            imp.name
        ))),
    }
}

/// The `i128` division runtime, whose operands and result are pairs of `i64` halves (low,
/// high). Division by zero and `i128::MIN / -1` are undefined behaviour.
fn wide_division(name: &str, args: &[u64]) -> Result<[u64; 2], Stop> {
    let half = |k: usize| u128::from(args.get(k).copied().unwrap_or(0));
    let (a, b) = (half(0) | half(1) << 64, half(2) | half(3) << 64);
    let ub = |what: &str| Stop {
        status: status::UB,
        message: Some(format!("undefined behavior: i128 {what} ({name})")),
    };
    if b == 0 {
        return Err(ub("division by zero"));
    }
    let r = match name {
        "__udivti3" => a / b,
        "__umodti3" => a % b,
        _ => {
            let (x, y) = (a as i128, b as i128);
            let v = if name == "__divti3" { x.checked_div(y) } else { x.checked_rem(y) };
            v.ok_or_else(|| ub("signed division overflow"))? as u128
        }
    };
    Ok([r as u64, (r >> 64) as u64])
}

#[cfg(test)]
mod tests;
