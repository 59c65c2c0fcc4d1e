//! The C library functions that need the interpreter's memory: stdio output (formatting
//! through [`super::format`]), the heap, `<string.h>`, number parsing (through [`super::numparse`]), `<stdlib.h>` odds and
//! ends (glibc's TYPE_3 `rand`, `qsort`/`bsearch` calling back into IR, `exit`/`atexit`),
//! `<math.h>` (pure-Rust `libm`) and deterministic `time`/`clock`.
//!
//! Every function works on the interpreter's [`Val`]s; misuse that C calls undefined (a
//! double free, an unterminated string, a too-small buffer) is reported as UB.

use super::format::{format, FormatError};
use super::numparse;
use crate::interp::cmem::Args;
use crate::interp::native::{Native, Qsort};
use crate::interp::report::{Fault, Res, UbKind};
use crate::interp::state::Interp;
use crate::interp::value::{mask, sext, Slot, Val};
use crate::ir::TypeId;

/// What a library call produced.
pub enum Ret {
    /// The return value (none for `void`).
    Value(Option<Val>),
    /// A continuation that calls back into IR (`qsort`, `bsearch`).
    Native(Native),
    /// Not a function this library implements.
    Unknown,
}

/// glibc's `random_r` TYPE_3 state: an additive feedback generator over 34 words.
#[derive(Clone, Debug)]
pub struct Rand {
    r: [u32; 34],
    i: usize,
}

impl Rand {
    /// Seeds as `srand(seed)` does.
    pub fn new(seed: u32) -> Rand {
        let mut r = [0u32; 34];
        r[0] = if seed == 0 { 1 } else { seed };
        for i in 1..31 {
            let prev = r[i - 1] as i32 as i64;
            let hi = prev / 127773;
            let lo = prev % 127773;
            let mut word = 16807 * lo - 2836 * hi;
            if word < 0 {
                word += 2147483647;
            }
            r[i] = word as u32;
        }
        for i in 31..34 {
            r[i] = r[i - 31];
        }
        let mut g = Rand { r, i: 0 };
        for _ in 34..344 {
            g.step();
        }
        g
    }
    fn step(&mut self) -> u32 {
        let k = self.i;
        let v = self.r[(k + 34 - 31) % 34].wrapping_add(self.r[(k + 34 - 3) % 34]);
        self.r[k] = v;
        self.i = (k + 1) % 34;
        v
    }
    /// The next `rand()` value.
    pub fn next_rand(&mut self) -> i32 {
        (self.step() >> 1) as i32
    }
}

/// The C library's own state.
#[derive(Clone, Debug)]
pub struct LibcState {
    /// Handlers registered with `atexit`, in registration order.
    pub atexit: Vec<Slot>,
    /// The status passed to `exit`, once called.
    pub exit_status: Option<i32>,
    /// The `rand` generator.
    pub rand: Rand,
    /// Standard input and the read position.
    pub stdin: Vec<u8>,
    /// Read position in `stdin`.
    pub stdin_pos: usize,
    /// The `FILE` objects of stdin, stdout and stderr (addresses).
    pub files: [u64; 3],
    /// The `errno` cell.
    pub errno: Option<Slot>,
    /// `strtok`'s saved position.
    pub strtok: Slot,
}

impl LibcState {
    /// Fresh state with the given standard input.
    pub fn new(stdin: Vec<u8>) -> LibcState {
        LibcState { atexit: Vec::new(), exit_status: None, rand: Rand::new(1), stdin, stdin_pos: 0, files: [0; 3], errno: None, strtok: Slot::default() }
    }
}

fn int(v: u64) -> Ret {
    Ret::Value(Some(Val::S(Slot::int(v))))
}

fn i32r(v: i64) -> Ret {
    int(v as u64 & 0xffff_ffff)
}

fn ptr(p: Slot) -> Ret {
    Ret::Value(Some(Val::S(p)))
}

fn f64r(x: f64) -> Ret {
    int(x.to_bits())
}

fn f32r(x: f32) -> Ret {
    int(x.to_bits() as u64)
}

impl Interp<'_> {
    /// Sets up an external global the library provides (`stdout`, `stderr`, `stdin`).
    pub fn libc_global(&mut self, name: &str, idx: u32) -> Res<()> {
        let k = match name {
            "stdin" => 0,
            "stdout" => 1,
            "stderr" => 2,
            _ => return Ok(()),
        };
        let f = self.mem.alloc(216, 16, crate::interp::memory::AllocKind::Runtime, 0)?;
        let p = self.ptr_to(f);
        self.libc.files[k] = p.bits;
        self.mem.write_slot(idx as usize, 0, 8, p, &self.origins);
        Ok(())
    }

    fn stream(&self, f: Slot) -> Res<u8> {
        match self.libc.files.iter().position(|&a| a == f.bits && a != 0) {
            Some(k) => Ok(k as u8),
            None => Err(Interp::lib_error(format!("stream {:#x} is not stdout or stderr (files are not supported)", f.bits))),
        }
    }

    /// Formats with `printf` semantics; the arguments come from `vals` or from the `va_list` `ap`.
    fn printf_to(&mut self, fmt: Slot, vals: &[(Val, TypeId)], ap: Option<Slot>) -> Res<(Vec<u8>, bool)> {
        let f = self.read_cstr(fmt, None)?;
        let mut out = Vec::new();
        let mut args = Args { it: self, vals, next: 0, ap, fault: None };
        let r = format(&f, &mut args, &mut out);
        if let Some(fault) = args.fault.take() {
            return Err(fault);
        }
        match r {
            Ok(()) => Ok((out, true)),
            Err(FormatError::PercentN) => Err(Interp::lib_error("printf: %n is not supported".into())),
            Err(_) => Ok((out, false)),
        }
    }

    fn write_buf(&mut self, buf: Slot, out: &[u8], cap: Option<u64>) -> Res<()> {
        let n = match cap {
            Some(0) => return Ok(()),
            Some(c) => (out.len() as u64).min(c - 1) as usize,
            None => out.len(),
        };
        let mut b = out[..n].to_vec();
        b.push(0);
        self.write_bytes(buf, &b)
    }

    fn set_errno(&mut self, v: i32) -> Res<()> {
        let p = self.errno_cell()?;
        self.store_slot(p, 4, Slot::int(v as u32 as u64))
    }

    fn errno_cell(&mut self) -> Res<Slot> {
        if let Some(p) = self.libc.errno {
            return Ok(p);
        }
        let idx = self.mem.alloc(4, 4, crate::interp::memory::AllocKind::Runtime, 0)?;
        let p = self.ptr_to(idx);
        self.libc.errno = Some(p);
        Ok(p)
    }
}

/// Calls C library function `name`.
pub fn call(it: &mut Interp, name: &str, args: &[Val], tys: &[TypeId], ret: TypeId) -> Res<Ret> {
    let a = |i: usize| args.get(i).map(Val::slot).unwrap_or_default();
    let rest = |from: usize| -> Vec<(Val, TypeId)> { args.iter().zip(tys.iter()).skip(from).map(|(v, t)| (v.clone(), *t)).collect() };
    let rw = it.m.types.int_bits(ret).unwrap_or(64);
    Ok(match name {
        "printf" | "vprintf" | "fprintf" | "vfprintf" => {
            let (fd, fmt_i) = if name.contains('f') && name.ends_with("fprintf") { (it.stream(a(0))?, 1) } else { (1, 0) };
            let ap = name.starts_with('v').then(|| a(fmt_i + 1));
            let (out, ok) = it.printf_to(a(fmt_i), &rest(fmt_i + 1), ap)?;
            it.emit(fd, &out);
            i32r(if ok { out.len() as i64 } else { -1 })
        }
        "sprintf" | "vsprintf" | "snprintf" | "vsnprintf" => {
            let sized = name.ends_with("nprintf");
            let fmt_i = if sized { 2 } else { 1 };
            let ap = name.starts_with('v').then(|| a(fmt_i + 1));
            let (out, ok) = it.printf_to(a(fmt_i), &rest(fmt_i + 1), ap)?;
            it.write_buf(a(0), &out, sized.then(|| a(1).bits))?;
            i32r(if ok { out.len() as i64 } else { -1 })
        }
        "puts" => {
            let mut s = it.read_cstr(a(0), None)?;
            s.push(b'\n');
            it.emit(1, &s);
            i32r(s.len() as i64)
        }
        "putchar" | "putc" | "fputc" | "_IO_putc" => {
            let fd = if name == "putchar" { 1 } else { it.stream(a(1))? };
            it.emit(fd, &[a(0).bits as u8]);
            i32r(a(0).bits as u8 as i64)
        }
        "fputs" => {
            let s = it.read_cstr(a(0), None)?;
            let fd = it.stream(a(1))?;
            it.emit(fd, &s);
            i32r(1)
        }
        "fwrite" => {
            let n = a(1).bits.saturating_mul(a(2).bits);
            let b = it.read_bytes(a(0), n)?;
            let fd = it.stream(a(3))?;
            it.emit(fd, &b);
            int(a(2).bits)
        }
        "fflush" | "setbuf" | "setvbuf" => i32r(0),
        "getchar" => {
            let c = it.libc.stdin.get(it.libc.stdin_pos).map_or(-1, |&c| c as i64);
            it.libc.stdin_pos += 1;
            i32r(c)
        }
        "malloc" => ptr(it.heap_alloc(a(0).bits.max(1), 16, false)?),
        "calloc" => ptr(it.heap_alloc(a(0).bits.saturating_mul(a(1).bits).max(1), 16, true)?),
        "aligned_alloc" | "memalign" => ptr(it.heap_alloc(a(1).bits.max(1), a(0).bits, false)?),
        "posix_memalign" => {
            let p = it.heap_alloc(a(2).bits.max(1), a(1).bits, false)?;
            it.store_slot(a(0), 8, p)?;
            i32r(0)
        }
        "free" | "_ZdlPv" | "_ZdaPv" | "_ZdlPvm" | "_ZdaPvm" => {
            it.heap_free(a(0))?;
            Ret::Value(None)
        }
        "_Znwm" | "_Znam" => ptr(it.heap_alloc(a(0).bits.max(1), 16, false)?),
        "getenv" | "secure_getenv" => ptr(Slot::int(0)),
        "isatty" => i32r(0),
        "sleep" | "usleep" | "nanosleep" => i32r(0),
        "write" => {
            let fd = a(0).bits as u8;
            if fd != 1 && fd != 2 {
                return Err(Interp::lib_error(format!("write to file descriptor {fd} (only 1 and 2 are supported)")));
            }
            let b = it.read_bytes(a(1), a(2).bits)?;
            it.emit(fd, &b);
            int(a(2).bits)
        }
        "perror" => {
            let mut s = if a(0).bits != 0 { it.read_cstr(a(0), None)? } else { Vec::new() };
            if !s.is_empty() {
                s.extend_from_slice(b": ");
            }
            s.extend_from_slice(b"Unknown error\n");
            it.emit(2, &s);
            Ret::Value(None)
        }
        "strspn" | "strcspn" => {
            let (x, set) = (it.read_cstr(a(0), None)?, it.read_cstr(a(1), None)?);
            let accept = name == "strspn";
            int(x.iter().take_while(|c| set.contains(c) == accept).count() as u64)
        }
        "strpbrk" => {
            let (x, set) = (it.read_cstr(a(0), None)?, it.read_cstr(a(1), None)?);
            ptr(x.iter().position(|c| set.contains(c)).map_or(Slot::int(0), |i| Slot { bits: a(0).bits + i as u64, ..a(0) }))
        }
        "strtok" => {
            let start = if a(0).bits != 0 { a(0) } else { it.libc.strtok };
            if start.bits == 0 {
                return Ok(ptr(Slot::int(0)));
            }
            let (x, set) = (it.read_cstr(start, None)?, it.read_cstr(a(1), None)?);
            let Some(b) = x.iter().position(|c| !set.contains(c)) else {
                it.libc.strtok = Slot::int(0);
                return Ok(ptr(Slot::int(0)));
            };
            let tok = Slot { bits: start.bits + b as u64, ..start };
            match x[b..].iter().position(|c| set.contains(c)) {
                Some(e) => {
                    let end = Slot { bits: tok.bits + e as u64, ..start };
                    it.write_bytes(end, &[0])?;
                    it.libc.strtok = Slot { bits: end.bits + 1, ..start };
                }
                None => it.libc.strtok = Slot::int(0),
            }
            ptr(tok)
        }
        "realloc" => {
            let p = a(0);
            if p.bits == 0 {
                return Ok(ptr(it.heap_alloc(a(1).bits.max(1), 16, false)?));
            }
            let Some(old) = it.heap_size(p) else {
                it.heap_free(p)?;
                return Ok(ptr(Slot::int(0)));
            };
            let n = a(1).bits;
            if n == 0 {
                it.heap_free(p)?;
                return Ok(ptr(Slot::int(0)));
            }
            let q = it.heap_alloc(n, 16, false)?;
            if q.bits != 0 {
                it.mem_copy(q, p, &Val::S(Slot::int(old.min(n))), true)?;
                it.heap_free(p)?;
            }
            ptr(q)
        }
        "memcpy" | "memmove" => {
            it.mem_copy(a(0), a(1), &args.get(2).cloned().unwrap_or_default(), name == "memcpy")?;
            ptr(a(0))
        }
        "memset" => {
            it.mem_set(a(0), a(1), &args.get(2).cloned().unwrap_or_default())?;
            ptr(a(0))
        }
        "memcmp" | "bcmp" => {
            let (x, y) = (it.read_bytes(a(0), a(2).bits)?, it.read_bytes(a(1), a(2).bits)?);
            let r = x.iter().zip(y.iter()).find(|(p, q)| p != q).map_or(0, |(p, q)| *p as i64 - *q as i64);
            i32r(r)
        }
        "memchr" => {
            let b = it.read_bytes(a(0), a(2).bits)?;
            match b.iter().position(|&c| c == a(1).bits as u8) {
                Some(i) => ptr(Slot { bits: a(0).bits + i as u64, ..a(0) }),
                None => ptr(Slot::int(0)),
            }
        }
        "strlen" => int(it.cstr_len(a(0), None)? as u64),
        "strnlen" => int(it.cstr_len(a(0), Some(a(1).bits as usize))? as u64),
        "strcmp" | "strncmp" | "strcasecmp" | "strncasecmp" => {
            let max = name.contains('n').then(|| a(2).bits as usize);
            let (mut x, mut y) = (it.read_cstr(a(0), max)?, it.read_cstr(a(1), max)?);
            if name.contains("case") {
                x.make_ascii_lowercase();
                y.make_ascii_lowercase();
            }
            x.push(0);
            y.push(0);
            let r = x.iter().zip(y.iter()).find(|(p, q)| p != q).map_or(0, |(p, q)| *p as i64 - *q as i64);
            i32r(r)
        }
        "strcpy" | "stpcpy" => {
            let mut s = it.read_cstr(a(1), None)?;
            let n = s.len() as u64;
            s.push(0);
            it.write_bytes(a(0), &s)?;
            ptr(if name == "stpcpy" { Slot { bits: a(0).bits + n, ..a(0) } } else { a(0) })
        }
        "strncpy" => {
            let n = a(2).bits as usize;
            let mut s = it.read_cstr(a(1), Some(n))?;
            s.resize(n, 0);
            it.write_bytes(a(0), &s)?;
            ptr(a(0))
        }
        "strcat" | "strncat" => {
            let d = it.read_cstr(a(0), None)?;
            let mut s = it.read_cstr(a(1), (name == "strncat").then(|| a(2).bits as usize))?;
            s.push(0);
            it.write_bytes(Slot { bits: a(0).bits + d.len() as u64, ..a(0) }, &s)?;
            ptr(a(0))
        }
        "strchr" | "strrchr" => {
            let mut s = it.read_cstr(a(0), None)?;
            s.push(0);
            let c = a(1).bits as u8;
            let pos = if name == "strchr" { s.iter().position(|&x| x == c) } else { s.iter().rposition(|&x| x == c) };
            ptr(pos.map_or(Slot::int(0), |i| Slot { bits: a(0).bits + i as u64, ..a(0) }))
        }
        "strstr" => {
            let (h, n) = (it.read_cstr(a(0), None)?, it.read_cstr(a(1), None)?);
            let pos = if n.is_empty() { Some(0) } else { h.windows(n.len()).position(|w| w == n.as_slice()) };
            ptr(pos.map_or(Slot::int(0), |i| Slot { bits: a(0).bits + i as u64, ..a(0) }))
        }
        "strdup" | "strndup" => {
            let mut s = it.read_cstr(a(0), (name == "strndup").then(|| a(1).bits as usize))?;
            s.push(0);
            let p = it.heap_alloc(s.len() as u64, 16, false)?;
            if p.bits != 0 {
                it.write_bytes(p, &s)?;
            }
            ptr(p)
        }
        "atoi" | "atol" | "atoll" | "strtol" | "strtoul" | "strtoll" | "strtoull" | "strtoimax" | "strtoumax" => {
            let s = it.read_cstr(a(0), None)?;
            let base = if name.starts_with("strto") { a(2).bits as i32 } else { 10 };
            let bits = rw.clamp(8, 64);
            let p = if name.starts_with("strtou") {
                numparse::strtoul_bits(&s, base, bits)
            } else {
                let p = numparse::strtol_bits(&s, base, if name == "atoi" { 64 } else { bits });
                numparse::Parsed { value: p.value as u64, consumed: p.consumed, errno: p.errno }
            };
            if name.starts_with("strto") && a(1).bits != 0 && p.errno != Some(numparse::Errno::Invalid) {
                let e = Slot { bits: a(0).bits + p.consumed as u64, ..a(0) };
                it.store_slot(a(1), 8, e)?;
            }
            if let Some(e) = p.errno {
                it.set_errno(e.code())?;
            }
            int(p.value & mask(rw))
        }
        "atof" | "strtod" | "strtof" => {
            let s = it.read_cstr(a(0), None)?;
            let p = numparse::strtod(&s);
            if name != "atof" && a(1).bits != 0 {
                let e = Slot { bits: a(0).bits + p.consumed as u64, ..a(0) };
                it.store_slot(a(1), 8, e)?;
            }
            if let Some(e) = p.errno {
                it.set_errno(e.code())?;
            }
            if name == "strtof" {
                let q = numparse::strtof(&s);
                f32r(q.value)
            } else {
                f64r(p.value)
            }
        }
        "abs" => i32r(sext(a(0).bits, 32).wrapping_abs()),
        "labs" | "llabs" | "imaxabs" => int(sext(a(0).bits, 64).wrapping_abs() as u64),
        "toupper" => i32r(if (a(0).bits as u8).is_ascii_lowercase() && a(0).bits < 256 { a(0).bits as i64 - 32 } else { sext(a(0).bits, 32) }),
        "tolower" => i32r(if (a(0).bits as u8).is_ascii_uppercase() && a(0).bits < 256 { a(0).bits as i64 + 32 } else { sext(a(0).bits, 32) }),
        "isdigit" | "isalpha" | "isalnum" | "isspace" | "isupper" | "islower" | "isxdigit" | "isprint" | "ispunct" | "iscntrl" | "isgraph" => {
            let c = a(0).bits;
            let b = c as u8 as char;
            let r = c < 128
                && match name {
                    "isdigit" => b.is_ascii_digit(),
                    "isalpha" => b.is_ascii_alphabetic(),
                    "isalnum" => b.is_ascii_alphanumeric(),
                    "isspace" => matches!(b, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c'),
                    "isupper" => b.is_ascii_uppercase(),
                    "islower" => b.is_ascii_lowercase(),
                    "isxdigit" => b.is_ascii_hexdigit(),
                    "isprint" => (' '..='~').contains(&b),
                    "ispunct" => b.is_ascii_punctuation(),
                    "iscntrl" => b.is_ascii_control(),
                    _ => b.is_ascii_graphic(),
                };
            i32r(r as i64)
        }
        "rand" => i32r(it.libc.rand.next_rand() as i64),
        "srand" => {
            it.libc.rand = Rand::new(a(0).bits as u32);
            Ret::Value(None)
        }
        "time" => {
            let t = 1_700_000_000u64;
            if a(0).bits != 0 {
                it.store_slot(a(0), 8, Slot::int(t))?;
            }
            int(t)
        }
        "clock" => int(it.steps / 100),
        "exit" | "_exit" | "_Exit" => return Err(Fault::Exit(a(0).bits as i32)),
        "abort" => return Err(Fault::Abort("abort() was called".into())),
        "__assert_fail" => {
            let expr = String::from_utf8_lossy(&it.read_cstr(a(0), None)?).into_owned();
            let file = String::from_utf8_lossy(&it.read_cstr(a(1), None)?).into_owned();
            let func = String::from_utf8_lossy(&it.read_cstr(a(3), None)?).into_owned();
            let msg = format!("{file}:{}: {func}: Assertion `{expr}' failed.", a(2).bits as u32);
            it.emit(2, format!("program: {msg}\n").as_bytes());
            return Err(Fault::Abort(msg));
        }
        "atexit" => {
            it.libc.atexit.push(a(0));
            i32r(0)
        }
        "__errno_location" => ptr(it.errno_cell()?),
        "__cxa_allocate_exception" => ptr(it.heap_alloc(a(0).bits.max(1), 16, true)?),
        "__cxa_free_exception" | "__cxa_end_catch" => Ret::Value(None),
        "__cxa_begin_catch" | "__cxa_get_exception_ptr" => ptr(a(0)),
        "_ZSt9terminatev" | "__cxa_call_unexpected" | "__cxa_pure_virtual" => return Err(Fault::Abort("terminate called".into())),
        "qsort" => {
            let cmp = it.func_of_ptr(a(3))?;
            match Qsort::start(it, a(0), a(1).bits, a(2).bits, cmp)? {
                Some(q) => Ret::Native(Native::Qsort(Box::new(q))),
                None => Ret::Value(None),
            }
        }
        "bsearch" => {
            let cmp = it.func_of_ptr(a(4))?;
            Ret::Native(Native::Bsearch { key: a(0), base: a(1), size: a(3).bits, cmp, lo: 0, hi: a(2).bits, mid: None })
        }
        _ => return math(it, name, args),
    })
}

/// `<math.h>`: double and float functions through `libm`.
fn math(it: &mut Interp, name: &str, args: &[Val]) -> Res<Ret> {
    let d = |i: usize| f64::from_bits(args.get(i).map(Val::slot).unwrap_or_default().bits);
    let f = |i: usize| f32::from_bits(args.get(i).map(Val::slot).unwrap_or_default().bits as u32);
    let fix = |r: f64| crate::interp::fp_fix64(r, d(0), d(1));
    Ok(match name {
        "sqrt" => f64r(fix(d(0).sqrt())),
        "sqrtf" => f32r(f(0).sqrt()),
        "fabs" => f64r(d(0).abs()),
        "fabsf" => f32r(f(0).abs()),
        "sin" => f64r(fix(libm::sin(d(0)))),
        "cos" => f64r(fix(libm::cos(d(0)))),
        "tan" => f64r(fix(libm::tan(d(0)))),
        "asin" => f64r(fix(libm::asin(d(0)))),
        "acos" => f64r(fix(libm::acos(d(0)))),
        "atan" => f64r(fix(libm::atan(d(0)))),
        "atan2" => f64r(fix(libm::atan2(d(0), d(1)))),
        "sinh" => f64r(fix(libm::sinh(d(0)))),
        "cosh" => f64r(fix(libm::cosh(d(0)))),
        "tanh" => f64r(fix(libm::tanh(d(0)))),
        "exp" => f64r(fix(libm::exp(d(0)))),
        "exp2" => f64r(fix(libm::exp2(d(0)))),
        "log" => f64r(fix(libm::log(d(0)))),
        "log2" => f64r(fix(libm::log2(d(0)))),
        "log10" => f64r(fix(libm::log10(d(0)))),
        "log1p" => f64r(fix(libm::log1p(d(0)))),
        "expm1" => f64r(fix(libm::expm1(d(0)))),
        "cbrt" => f64r(fix(libm::cbrt(d(0)))),
        "pow" => f64r(fix(libm::pow(d(0), d(1)))),
        "hypot" => f64r(fix(libm::hypot(d(0), d(1)))),
        "fmod" => f64r(fix(d(0) % d(1))),
        "floor" => f64r(d(0).floor()),
        "ceil" => f64r(d(0).ceil()),
        "trunc" => f64r(d(0).trunc()),
        "round" => f64r(d(0).round()),
        "rint" | "nearbyint" => f64r(libm::rint(d(0))),
        "fmin" => f64r(libm::fmin(d(0), d(1))),
        "fmax" => f64r(libm::fmax(d(0), d(1))),
        "ldexp" => f64r(libm::ldexp(d(0), args.get(1).map_or(0, |v| v.slot().bits as i32))),
        "sinf" => f32r(libm::sinf(f(0))),
        "cosf" => f32r(libm::cosf(f(0))),
        "tanf" => f32r(libm::tanf(f(0))),
        "expf" => f32r(libm::expf(f(0))),
        "logf" => f32r(libm::logf(f(0))),
        "powf" => f32r(libm::powf(f(0), f(1))),
        "atan2f" => f32r(libm::atan2f(f(0), f(1))),
        "fmodf" => f32r(f(0) % f(1)),
        "floorf" => f32r(f(0).floor()),
        "ceilf" => f32r(f(0).ceil()),
        "roundf" => f32r(f(0).round()),
        "truncf" => f32r(f(0).trunc()),
        "lround" | "llround" => int(d(0).round() as i64 as u64),
        _ => {
            let _ = (it, UbKind::LibraryMisuse);
            Ret::Unknown
        }
    })
}
