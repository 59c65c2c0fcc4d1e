//! The C library that compiled modules import (module `env`), for any wasm engine: wasmtime in
//! `irplay run --engine wasm`, the browser's `WebAssembly` in the playground.
//!
//! An engine gives each import's arguments as [`Arg`]s, the module's memory as a [`Memory`],
//! and turns the answer back into the import's result type. The library works over that
//! memory alone: `printf` and friends format through `irplay_core::runtime::format` (the
//! interpreter's engine) reading the variadic area (8-byte cells, see `irplay_core::lower::abi`),
//! the heap is a bump allocator above the module's `__heap_base` that grows the memory, and
//! `free` checks that the block came from `malloc` and forgets it. Character classes, number
//! parsing, `scanf`, more string functions and standard input are in `ext` (on the
//! interpreter's engines for them). A function the library lacks is an error naming it, as in
//! the interpreter.

mod ext;

use irplay_core::runtime::format::{format, ArgSource, FormatError};
use irplay_core::runtime::input::Stdin;
use irplay_core::runtime::stdlib::Rand;
use std::collections::HashMap;

/// Exit statuses shared with `irplay run` (see its documentation).
pub mod status {
    /// Undefined behaviour detected (a trap, a bad `free`).
    pub const UB: u8 = 70;
    /// A runtime error: an unsupported function, a module that cannot run.
    pub const ERROR: u8 = 71;
    /// `abort()` and failed assertions.
    pub const ABORT: u8 = 134;
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

/// One argument of an import call.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Arg {
    /// An integer (an `i32` zero-extended, or an `i64`).
    Int(u64),
    /// A float.
    Float(f64),
    /// A JavaScript number, which may be an `i32` (signed) or a float.
    Number(f64),
}

impl Arg {
    fn int(self) -> u64 {
        match self {
            Arg::Int(v) => v,
            Arg::Float(f) => f as i64 as u64,
            Arg::Number(n) => n as i64 as u32 as u64,
        }
    }

    fn float(self) -> f64 {
        match self {
            Arg::Int(v) => v as f64,
            Arg::Float(f) | Arg::Number(f) => f,
        }
    }
}

/// A library function's result, before conversion to the import's result type.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum Value {
    /// An integer (truncated to an `i32` result).
    Int(i64),
    /// A float.
    Float(f64),
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
    fn error(msg: String) -> Stop {
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
#[derive(Clone, Debug)]
pub struct Libc {
    /// What the program wrote to stdout.
    pub stdout: Vec<u8>,
    /// What it wrote to stderr.
    pub stderr: Vec<u8>,
    /// Handlers registered with `atexit` (function table indices), in registration order.
    pub atexit: Vec<u64>,
    heap_next: u64,
    sizes: HashMap<u32, u32>,
    rand: Rand,
    ptr_bytes: u8,
    /// Standard input: what `getchar`, `fgets` and `scanf` read (a host that reads its own
    /// standard input gives it as the source, read at the program's first read).
    pub stdin: Stdin,
    /// The cells `__ctype_b_loc`, `__ctype_toupper_loc` and `__ctype_tolower_loc` return
    /// (0 until made).
    ctype: [u64; 3],
    /// `strtok`'s saved position (0: none).
    strtok: u64,
    /// The `errno` cell (0 until made).
    errno: u64,
}

impl Libc {
    /// A library for a module whose pointers take `ptr_bytes` in memory and whose heap starts
    /// at `heap_base`.
    pub fn new(ptr_bytes: u8, heap_base: u64) -> Libc {
        Libc {
            stdout: Vec::new(),
            stderr: Vec::new(),
            atexit: Vec::new(),
            heap_next: heap_base.div_ceil(16) * 16,
            sizes: HashMap::new(),
            rand: Rand::new(1),
            ptr_bytes,
            stdin: Stdin::default(),
            ctype: [0; 3],
            strtok: 0,
            errno: 0,
        }
    }

    /// Allocates `n` bytes from the heap (16-byte aligned), growing memory; 0 when full.
    fn malloc(&mut self, mem: &mut dyn Memory, n: u64) -> u64 {
        let at = self.heap_next;
        let end = at + n.max(1).div_ceil(16) * 16;
        if end >= 1 << 32 {
            return 0;
        }
        let size = mem.size();
        if end > size && !mem.grow((end - size).div_ceil(65536)) {
            return 0;
        }
        self.heap_next = end;
        self.sizes.insert(at as u32, n as u32);
        at
    }

    /// Stores the pointer `value` at `at` (the module's pointer size).
    fn store_ptr(&self, mem: &mut dyn Memory, at: u64, value: u64) -> Result<(), String> {
        store(mem, at, value.to_le_bytes().get(..self.ptr_bytes as usize).unwrap_or(&[]))
    }

    /// Builds `argv` (the program name, then `args`) in the heap; its address.
    pub fn make_argv(
        &mut self,
        mem: &mut dyn Memory,
        program: &str,
        args: &[String],
    ) -> Result<u64, String> {
        let pb = self.ptr_bytes as u64;
        let mut strings: Vec<Vec<u8>> = vec![program.as_bytes().to_vec()];
        strings.extend(args.iter().map(|a| a.as_bytes().to_vec()));
        let total: u64 = strings.iter().map(|s| s.len() as u64 + 1).sum::<u64>()
            + (strings.len() as u64 + 1) * pb;
        let at = self.malloc(mem, total);
        if at == 0 {
            return Err("no memory for argv".into());
        }
        let mut s_at = at + (strings.len() as u64 + 1) * pb;
        for (k, s) in strings.iter().enumerate() {
            let cell = at + k as u64 * pb;
            self.store_ptr(mem, cell, s_at)?;
            let mut z = s.clone();
            z.push(0);
            store(mem, s_at, &z)?;
            s_at += z.len() as u64;
        }
        Ok(at)
    }

    /// Calls library function `name` with `args`: its result (`None` for `void`), or why the
    /// program stops.
    pub fn call(
        &mut self,
        mem: &mut dyn Memory,
        name: &str,
        args: &[Arg],
    ) -> Result<Option<Value>, Stop> {
        let a = |k: usize| args.get(k).map_or(0, |x| x.int());
        let err = Stop::error;
        let int = |v: i64| Ok(Some(Value::Int(v)));
        let stream = |s: u64| match s {
            2 => Ok(1u8),
            3 => Ok(2u8),
            _ => {
                Err(err(format!("stream {s:#x} is not stdout or stderr (files are not supported)")))
            }
        };
        match name {
            crate::STACK_OVERFLOW => Err(Stop {
                status: status::ERROR,
                message: Some(
                    "error: stack overflow: the program's frames exceed the module's shadow stack"
                        .into(),
                ),
            }),
            "malloc" | "_Znwm" | "_Znam" => int(self.malloc(mem, a(0)) as i64),
            "calloc" => {
                let n = a(0).saturating_mul(a(1));
                let at = self.malloc(mem, n);
                if at != 0 {
                    store(mem, at, &vec![0u8; n as usize]).map_err(err)?;
                }
                int(at as i64)
            }
            "realloc" => {
                let (old, n) = (a(0), a(1));
                let keep = self.sizes.get(&(old as u32)).copied().unwrap_or(0) as u64;
                let at = self.malloc(mem, n);
                if old != 0 && at != 0 {
                    let bytes = load(mem, old, keep.min(n)).map_err(err)?;
                    store(mem, at, &bytes).map_err(err)?;
                }
                int(at as i64)
            }
            "free" | "_ZdlPv" | "_ZdaPv" | "_ZdlPvm" | "_ZdaPvm" => {
                let ptr = a(0) as u32;
                if ptr != 0 && self.sizes.remove(&ptr).is_none() {
                    return Err(Stop {
                        status: status::UB,
                        message: Some(format!(
                            "undefined behavior: free of {ptr:#x}, which malloc did not return"
                        )),
                    });
                }
                Ok(None)
            }
            "printf" | "fprintf" => {
                let (fd, fmt, area) =
                    if name == "printf" { (1, a(0), a(1)) } else { (stream(a(0))?, a(1), a(2)) };
                let (out, ok) = printf(mem, self.ptr_bytes, fmt, area).map_err(err)?;
                self.emit(fd, &out);
                int(if ok { out.len() as i64 } else { -1 })
            }
            "sprintf" | "snprintf" => {
                let sized = name == "snprintf";
                let (buf, cap, fmt, area) =
                    if sized { (a(0), Some(a(1)), a(2), a(3)) } else { (a(0), None, a(1), a(2)) };
                let (out, ok) = printf(mem, self.ptr_bytes, fmt, area).map_err(err)?;
                let n = match cap {
                    Some(0) => None,
                    Some(c) => Some((out.len() as u64).min(c - 1) as usize),
                    None => Some(out.len()),
                };
                if let Some(n) = n {
                    store(mem, buf, out.get(..n).unwrap_or(&[])).map_err(err)?;
                    store(mem, buf + n as u64, &[0]).map_err(err)?;
                }
                int(if ok { out.len() as i64 } else { -1 })
            }
            "puts" => {
                let mut s = cstr(mem, a(0), None).map_err(err)?;
                s.push(b'\n');
                self.emit(1, &s);
                int(s.len() as i64)
            }
            "putchar" | "putc" | "fputc" | "_IO_putc" => {
                let fd = if name == "putchar" { 1 } else { stream(a(1))? };
                self.emit(fd, &[a(0) as u8]);
                int(a(0) as u8 as i64)
            }
            "fputs" => {
                let s = cstr(mem, a(0), None).map_err(err)?;
                let fd = stream(a(1))?;
                self.emit(fd, &s);
                int(1)
            }
            "fflush" => int(0),
            "strlen" => int(cstr(mem, a(0), None).map_err(err)?.len() as i64),
            "memcmp" | "bcmp" => {
                let x = load(mem, a(0), a(2)).map_err(err)?;
                let y = load(mem, a(1), a(2)).map_err(err)?;
                int(x
                    .iter()
                    .zip(&y)
                    .find(|(p, q)| p != q)
                    .map(|(p, q)| *p as i64 - *q as i64)
                    .unwrap_or(0))
            }
            "strcmp" | "strncmp" => {
                let max = (name == "strncmp").then_some(a(2) as usize);
                let x = cstr(mem, a(0), max).map_err(err)?;
                let y = cstr(mem, a(1), max).map_err(err)?;
                let o = x
                    .iter()
                    .chain(std::iter::once(&0))
                    .zip(y.iter().chain(std::iter::once(&0)))
                    .find(|(p, q)| p != q);
                int(o.map(|(p, q)| *p as i64 - *q as i64).unwrap_or(0))
            }
            "memcpy" | "memmove" => {
                let bytes = load(mem, a(1), a(2)).map_err(err)?;
                store(mem, a(0), &bytes).map_err(err)?;
                int(a(0) as i64)
            }
            "memset" => {
                store(mem, a(0), &vec![a(1) as u8; a(2) as usize]).map_err(err)?;
                int(a(0) as i64)
            }
            "strcpy" => {
                let mut s = cstr(mem, a(1), None).map_err(err)?;
                s.push(0);
                store(mem, a(0), &s).map_err(err)?;
                int(a(0) as i64)
            }
            "strchr" | "strrchr" => {
                let s = cstr(mem, a(0), None).map_err(err)?;
                let c = a(1) as u8;
                let pos = if c == 0 {
                    Some(s.len())
                } else if name == "strchr" {
                    s.iter().position(|&x| x == c)
                } else {
                    s.iter().rposition(|&x| x == c)
                };
                int(pos.map(|k| (a(0) + k as u64) as i64).unwrap_or(0))
            }
            "abs" => int((a(0) as i32).wrapping_abs() as u32 as i64),
            "labs" | "llabs" => int((a(0) as i64).wrapping_abs()),
            "rand" => int(self.rand.next_rand() as i64),
            "srand" => {
                self.rand = Rand::new(a(0) as u32);
                Ok(None)
            }
            "atexit" => {
                self.atexit.push(a(0));
                int(0)
            }
            "time" => {
                let t = 1_700_000_000u64;
                if a(0) != 0 {
                    store(mem, a(0), &t.to_le_bytes()).map_err(err)?;
                }
                int(t as i64)
            }
            "exit" | "_exit" | "_Exit" => Err(Stop { status: a(0) as u8, message: None }),
            "abort" => Err(Stop {
                status: status::ABORT,
                message: Some("aborted: abort() was called".into()),
            }),
            "__assert_fail" => {
                let expr = String::from_utf8_lossy(&cstr(mem, a(0), None).unwrap_or_default())
                    .into_owned();
                Err(Stop {
                    status: status::ABORT,
                    message: Some(format!("aborted: assertion `{expr}` failed")),
                })
            }
            _ => match self.call_ext(mem, name, args) {
                Some(r) => r,
                None => match math(name, args) {
                    Some(x) => Ok(Some(Value::Float(x))),
                    None => Err(err(format!(
                        "unsupported function @{name} (not in the wasm host's C library)"
                    ))),
                },
            },
        }
    }

    fn emit(&mut self, fd: u8, b: &[u8]) {
        if fd == 2 {
            self.stderr.extend_from_slice(b);
        } else {
            self.stdout.extend_from_slice(b);
        }
    }
}

/// What `qsort` and `bsearch` need beyond memory: calling the module's comparison function.
pub trait Callback: Memory {
    /// Calls the function at index `func` of the module's function table with two pointers;
    /// its `int` result, or why the program stopped inside it.
    fn compare(&mut self, func: u64, a: u64, b: u64) -> Result<i32, Stop>;
}

/// The `i128` division runtime (compiler-rt's names), whose operands and result are pairs of
/// `i64` halves (low, high): the result's halves, or `None` for other names. Division by zero
/// and `i128::MIN / -1` are undefined behaviour.
pub fn wide_division(name: &str, args: &[Arg]) -> Option<Result<(u64, u64), Stop>> {
    if !matches!(name, "__udivti3" | "__divti3" | "__umodti3" | "__modti3") {
        return None;
    }
    let half = |k: usize| args.get(k).map_or(0, |x| x.int()) as u128;
    let (a, b) = (half(0) | half(1) << 64, half(2) | half(3) << 64);
    let ub = |what: &str| Stop {
        status: status::UB,
        message: Some(format!("undefined behavior: i128 {what} ({name})")),
    };
    if b == 0 {
        return Some(Err(ub("division by zero")));
    }
    let r = match name {
        "__udivti3" => a / b,
        "__umodti3" => a % b,
        _ => {
            let (x, y) = (a as i128, b as i128);
            let v = if name == "__divti3" { x.checked_div(y) } else { x.checked_rem(y) };
            match v {
                Some(v) => v as u128,
                None => return Some(Err(ub("signed division overflow"))),
            }
        }
    };
    Some(Ok((r as u64, (r >> 64) as u64)))
}

/// The names [`call_back`] answers.
pub const CALLS_BACK: &[&str] = &["qsort", "bsearch"];

/// The library functions that call back into the module (`qsort`, `bsearch`), or `None` for
/// any other name. Engines call this before [`Libc::call`] and without holding the [`Libc`]:
/// the comparator may itself call library functions.
///
/// `qsort` is a bottom-up stable merge sort, as the interpreter's (so a comparator that is not
/// a total order gives the same result in both): each pair of runs is merged into a buffer
/// here, comparing the elements in place, and then copied back.
pub fn call_back(
    host: &mut dyn Callback,
    name: &str,
    args: &[Arg],
) -> Option<Result<Option<Value>, Stop>> {
    let a = |k: usize| args.get(k).map_or(0, |x| x.int());
    match name {
        "qsort" => Some(qsort(host, a(0), a(1), a(2), a(3)).map(|()| None)),
        "bsearch" => {
            Some(bsearch(host, a(0), a(1), a(2), a(3), a(4)).map(|p| Some(Value::Int(p as i64))))
        }
        _ => None,
    }
}

fn qsort(host: &mut dyn Callback, base: u64, n: u64, size: u64, cmp: u64) -> Result<(), Stop> {
    let total =
        n.checked_mul(size).ok_or_else(|| Stop::error("qsort: the array is too large".into()))?;
    if n < 2 || size == 0 {
        return Ok(());
    }
    load(host, base, total).map_err(Stop::error)?;
    let mut width = 1u64;
    while width < n {
        let mut lo = 0u64;
        while lo < n - width {
            let mid = lo + width;
            let hi = (mid + width).min(n);
            let mut merged = Vec::with_capacity(((hi - lo) * size) as usize);
            let (mut i, mut j) = (lo, mid);
            while i < mid || j < hi {
                let take_left = if i == mid {
                    false
                } else if j == hi {
                    true
                } else {
                    host.compare(cmp, base + i * size, base + j * size)? <= 0
                };
                let k = if take_left { &mut i } else { &mut j };
                merged.extend(load(host, base + *k * size, size).map_err(Stop::error)?);
                *k += 1;
            }
            store(host, base + lo * size, &merged).map_err(Stop::error)?;
            lo = hi;
        }
        width = width.saturating_mul(2);
    }
    Ok(())
}

fn bsearch(
    host: &mut dyn Callback,
    key: u64,
    base: u64,
    n: u64,
    size: u64,
    cmp: u64,
) -> Result<u64, Stop> {
    let (mut lo, mut hi) = (0u64, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let at = base + mid * size;
        match host.compare(cmp, key, at)? {
            c if c < 0 => hi = mid,
            c if c > 0 => lo = mid + 1,
            _ => return Ok(at),
        }
    }
    Ok(0)
}

/// `n` bytes at `p`.
fn load(mem: &dyn Memory, p: u64, n: u64) -> Result<Vec<u8>, String> {
    let oob = || format!("{n} bytes at {p:#x} are out of bounds");
    if p.checked_add(n).is_none_or(|end| end > mem.size()) {
        return Err(oob());
    }
    let mut buf = vec![0u8; n as usize];
    if mem.read(p, &mut buf) {
        Ok(buf)
    } else {
        Err(oob())
    }
}

fn store(mem: &mut dyn Memory, p: u64, b: &[u8]) -> Result<(), String> {
    if mem.write(p, b) {
        Ok(())
    } else {
        Err(format!("{} bytes at {p:#x} are out of bounds", b.len()))
    }
}

/// The NUL-terminated string at `p` (at most `max` bytes, then unterminated is fine).
fn cstr(mem: &dyn Memory, p: u64, max: Option<usize>) -> Result<Vec<u8>, String> {
    let size = mem.size();
    if p >= size {
        return Err(format!("string pointer {p:#x} is out of bounds"));
    }
    let limit = max.map_or(size - p, |m| (m as u64).min(size - p));
    let mut out = Vec::new();
    let mut chunk = [0u8; 256];
    let mut at = p;
    while (at - p) < limit {
        let n = (limit - (at - p)).min(chunk.len() as u64) as usize;
        let part = chunk.get_mut(..n).unwrap_or(&mut []);
        if !mem.read(at, part) {
            return Err(format!("string at {p:#x} runs out of bounds"));
        }
        if let Some(z) = part.iter().position(|&c| c == 0) {
            out.extend_from_slice(part.get(..z).unwrap_or(&[]));
            return Ok(out);
        }
        out.extend_from_slice(part);
        at += n as u64;
    }
    if max.is_some() {
        Ok(out)
    } else {
        Err(format!("string at {p:#x} is not terminated"))
    }
}

/// printf's arguments: 8-byte cells of the variadic area.
struct VaArgs<'a> {
    mem: &'a dyn Memory,
    area: u64,
    next: u64,
    ptr_bytes: u8,
}

impl VaArgs<'_> {
    fn cell(&mut self) -> Result<u64, FormatError> {
        let at = self.area + self.next * 8;
        self.next += 1;
        let mut a = [0u8; 8];
        if !self.mem.read(at, &mut a) {
            return Err(FormatError::Argument("argument area out of bounds".into()));
        }
        Ok(u64::from_le_bytes(a))
    }
}

impl ArgSource for VaArgs<'_> {
    fn int(&mut self, bytes: u8, signed: bool) -> Result<i128, FormatError> {
        let v = self.cell()?;
        let bits = bytes.min(8) as u32 * 8;
        let low = if bits >= 64 { v } else { v & ((1u64 << bits) - 1) };
        Ok(if signed && bits < 64 {
            (((low << (64 - bits)) as i64) >> (64 - bits)) as i128
        } else if signed {
            low as i64 as i128
        } else {
            low as i128
        })
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

fn printf(mem: &dyn Memory, ptr_bytes: u8, fmt: u64, area: u64) -> Result<(Vec<u8>, bool), String> {
    let f = cstr(mem, fmt, None)?;
    let mut args = VaArgs { mem, area, next: 0, ptr_bytes };
    let mut out = Vec::with_capacity(64);
    match format(&f, &mut args, &mut out) {
        Ok(()) => Ok((out, true)),
        Err(FormatError::Argument(m)) => Err(m),
        Err(FormatError::PercentN) => Err("printf: %n is not supported".into()),
        Err(_) => Ok((out, false)),
    }
}

/// `<math.h>` functions (the host's libm, as the native program uses).
fn math(name: &str, args: &[Arg]) -> Option<f64> {
    let f = |k: usize| args.get(k).map_or(0.0, |x| x.float());
    let (x, y) = (f(0), f(1));
    const KNOWN: [&str; 21] = [
        "fmod", "sqrt", "sin", "cos", "tan", "exp", "exp2", "log", "log2", "log10", "pow", "fabs",
        "floor", "ceil", "round", "trunc", "fmin", "fmax", "fma", "atan", "atan2",
    ];
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
        "fma" => x.mul_add(y, f(2)),
        "atan" => x.atan(),
        "atan2" => x.atan2(y),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain vector as memory.
    struct Vm(Vec<u8>);

    impl Memory for Vm {
        fn size(&self) -> u64 {
            self.0.len() as u64
        }
        fn read(&self, at: u64, buf: &mut [u8]) -> bool {
            let Some(src) = self.0.get(at as usize..at as usize + buf.len()) else { return false };
            buf.copy_from_slice(src);
            true
        }
        fn write(&mut self, at: u64, bytes: &[u8]) -> bool {
            let Some(dst) = self.0.get_mut(at as usize..at as usize + bytes.len()) else {
                return false;
            };
            dst.copy_from_slice(bytes);
            true
        }
        fn grow(&mut self, pages: u64) -> bool {
            self.0.resize(self.0.len() + pages as usize * 65536, 0);
            true
        }
    }

    #[test]
    fn printf_reads_the_variadic_area_and_malloc_grows_memory() {
        let mut mem = Vm(vec![0; 1024]);
        mem.write(16, b"%d and %s\n\0");
        mem.write(32, b"two\0");
        mem.write(64, &(-7i64 as u64).to_le_bytes());
        mem.write(72, &32u64.to_le_bytes());
        let mut libc = Libc::new(8, 1000);
        let r = libc.call(&mut mem, "printf", &[Arg::Int(16), Arg::Int(64)]);
        assert_eq!(r, Ok(Some(Value::Int(11))));
        assert_eq!(libc.stdout, b"-7 and two\n");
        let p = libc.call(&mut mem, "malloc", &[Arg::Number(100.0)]);
        assert_eq!(p, Ok(Some(Value::Int(1008))));
        assert!(mem.size() > 1024);
        assert_eq!(libc.call(&mut mem, "free", &[Arg::Int(1008)]), Ok(None));
        let again = libc.call(&mut mem, "free", &[Arg::Int(1008)]);
        assert_eq!(again.map_err(|s| s.status), Err(status::UB));
    }

    impl Callback for Vm {
        /// Function 1 compares the `u32`s at the two addresses; function 2 exits with 9.
        fn compare(&mut self, func: u64, a: u64, b: u64) -> Result<i32, Stop> {
            let word = |m: &Vm, p: u64| {
                let mut w = [0u8; 4];
                m.read(p, &mut w);
                u32::from_le_bytes(w)
            };
            match func {
                1 => Ok(word(self, a).cmp(&word(self, b)) as i32),
                _ => Err(Stop { status: 9, message: None }),
            }
        }
    }

    #[test]
    fn qsort_sorts_through_the_callback_and_bsearch_finds() {
        let mut mem = Vm(vec![0; 256]);
        let nums = [5u32, 1, 4, 1, 3, 9, 2, 6, 5];
        for (k, v) in nums.iter().enumerate() {
            mem.write(64 + 4 * k as u64, &v.to_le_bytes());
        }
        let args = [Arg::Int(64), Arg::Int(9), Arg::Int(4), Arg::Int(1)];
        assert_eq!(call_back(&mut mem, "qsort", &args), Some(Ok(None)));
        let sorted: Vec<u32> = (0..9)
            .map(|k| u32::from_le_bytes(mem.0[64 + 4 * k..68 + 4 * k].try_into().unwrap()))
            .collect();
        assert_eq!(sorted, [1, 1, 2, 3, 4, 5, 5, 6, 9]);
        mem.write(16, &6u32.to_le_bytes());
        let found = call_back(
            &mut mem,
            "bsearch",
            &[Arg::Int(16), Arg::Int(64), Arg::Int(9), Arg::Int(4), Arg::Int(1)],
        );
        assert_eq!(found, Some(Ok(Some(Value::Int(64 + 4 * 7)))));
        mem.write(16, &7u32.to_le_bytes());
        let missing = call_back(
            &mut mem,
            "bsearch",
            &[Arg::Int(16), Arg::Int(64), Arg::Int(9), Arg::Int(4), Arg::Int(1)],
        );
        assert_eq!(missing, Some(Ok(Some(Value::Int(0)))));
        let stopped =
            call_back(&mut mem, "qsort", &[Arg::Int(64), Arg::Int(9), Arg::Int(4), Arg::Int(2)]);
        assert_eq!(stopped, Some(Err(Stop { status: 9, message: None })));
        assert_eq!(call_back(&mut mem, "printf", &[]), None);
    }

    #[test]
    fn wide_division_works_on_halves_and_reports_ub() {
        let h = |v: i128| [Arg::Int(v as u64), Arg::Int((v >> 64) as u64)];
        let args = |a: i128, b: i128| [h(a), h(b)].concat();
        let big = 1i128 << 100;
        assert_eq!(
            wide_division("__divti3", &args(-big, 3)),
            Some(Ok(((-big / 3) as u64, ((-big / 3) >> 64) as u64)))
        );
        assert_eq!(wide_division("__umodti3", &args(big + 5, 1 << 64)), Some(Ok((5, 0))));
        assert!(matches!(
            wide_division("__udivti3", &args(1, 0)),
            Some(Err(Stop { status: status::UB, .. }))
        ));
        assert!(matches!(
            wide_division("__divti3", &args(i128::MIN, -1)),
            Some(Err(Stop { status: status::UB, .. }))
        ));
        assert_eq!(wide_division("printf", &[]), None);
    }

    #[test]
    fn strings_out_of_bounds_and_unknown_functions_are_errors() {
        let mut mem = Vm(vec![b'x'; 300]);
        let mut libc = Libc::new(4, 0);
        let r = libc.call(&mut mem, "strlen", &[Arg::Int(10)]);
        assert!(
            matches!(r, Err(Stop { status: status::ERROR, message: Some(m) }) if m.contains("not terminated"))
        );
        let r = libc.call(&mut mem, "fopen", &[]);
        assert!(matches!(r, Err(Stop { message: Some(m), .. }) if m.contains("@fopen")));
        assert_eq!(
            libc.call(&mut mem, "exit", &[Arg::Number(3.0)]),
            Err(Stop { status: 3, message: None })
        );
        assert_eq!(libc.call(&mut mem, "sqrt", &[Arg::Float(9.0)]), Ok(Some(Value::Float(3.0))));
    }
}
