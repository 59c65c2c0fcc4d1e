//! The interpreter's binding of the C library: the functions that need its memory: stdio output
//! (formatting through [`crate::runtime::format`]), the heap, `<string.h>`, number parsing
//! (through [`crate::runtime::numparse`]), `<stdlib.h>` odds and
//! ends (glibc's TYPE_3 `rand`, `qsort`/`bsearch` calling back into IR, `exit`/`atexit`),
//! `<math.h>` (pure-Rust `libm`) and deterministic `time`/`clock`.
//!
//! A declared function's name is resolved to a [`LibFn`] once; calls dispatch on it. The
//! functions whose arguments are all scalars run on their slots ([`call_slots`], straight
//! from the caller's registers); the others (`printf`, `qsort`, ...) on the interpreter's
//! `Val`s ([`call`]). Misuse that C calls undefined (a double free, an unterminated
//! string, a too-small buffer) is reported as UB, and so is an undef or poison byte that a
//! function inspects: exactly the bytes it looks at (a string up to where the search or
//! comparison stops, `memcmp` up to the first difference, `memchr` up to the match), and
//! every byte written by `fwrite` and `write`, as for a string given to `puts` or `%s`.

pub(crate) mod continuation;
pub(crate) mod mem;

use crate::interp::libc::continuation::{Native, Qsort};
use crate::interp::libc::mem::{len_slot, Args};
use crate::interp::report::{ErrorKind, Fault, Res, UbKind};
use crate::interp::state::Interp;
use crate::interp::value::{mask, sext, Slot, Val};
use crate::ir::TypeId;
use crate::runtime::ctype::{self, Table};
use crate::runtime::format::{format, FormatError};
use crate::runtime::input::Stdin;
pub use crate::runtime::libfn::LibFn;
use crate::runtime::numparse;
use crate::runtime::scan;
pub use crate::runtime::stdlib::{strerror, Rand};

/// What a library call produced.
pub enum Ret {
    /// The return value (none for `void`).
    Value(Option<Val>),
    /// A continuation that calls back into IR (`qsort`, `bsearch`).
    Native(Native),
    /// Not a function this library implements.
    Unknown,
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
    /// Standard input.
    pub stdin: Stdin,
    /// The `FILE` objects of stdin, stdout and stderr (addresses).
    pub files: [u64; 3],
    /// The `errno` cell.
    pub errno: Option<Slot>,
    /// `strtok`'s saved position.
    pub strtok: Slot,
    /// The cells `__ctype_b_loc`, `__ctype_toupper_loc` and `__ctype_tolower_loc` return.
    pub ctype: [Option<Slot>; 3],
    /// The function each declared function is, by global index, once called.
    pub fns: Vec<Option<LibFn>>,
    /// Scratch space for a `printf` format.
    pub fmt: Vec<u8>,
    /// Scratch space for `printf` output and copied strings.
    pub out: Vec<u8>,
}

impl LibcState {
    /// Fresh state with the given standard input.
    pub fn new(stdin: Vec<u8>) -> LibcState {
        LibcState {
            atexit: Vec::new(),
            exit_status: None,
            rand: Rand::new(1),
            stdin: Stdin::new(stdin, None),
            files: [0; 3],
            errno: None,
            strtok: Slot::default(),
            ctype: [None; 3],
            fns: Vec::new(),
            fmt: Vec::new(),
            out: Vec::new(),
        }
    }
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
            None => Err(Interp::lib_error(format!(
                "stream {:#x} is not stdout or stderr (files are not supported)",
                f.bits
            ))),
        }
    }

    /// Formats with `printf` semantics into `self.libc.out`; the arguments come from `vals`
    /// or from the `va_list` `ap`. Returns the output's length and whether formatting
    /// succeeded (the output is what was formatted up to a failure).
    fn printf_to(&mut self, fmt: Slot, vals: &[Val], ap: Option<Slot>) -> Res<(usize, bool)> {
        let mut f = std::mem::take(&mut self.libc.fmt);
        f.clear();
        let r = self.cstr_bytes(fmt, None).map(|b| f.extend_from_slice(b));
        if let Err(e) = r {
            self.libc.fmt = f;
            return Err(e);
        }
        let mut out = std::mem::take(&mut self.libc.out);
        out.clear();
        let mut args = Args { it: self, vals, next: 0, ap, fault: None };
        let r = format(&f, &mut args, &mut out);
        let fault = args.fault.take();
        let n = out.len();
        self.libc.fmt = f;
        self.libc.out = out;
        if let Some(fault) = fault {
            return Err(fault);
        }
        match r {
            Ok(()) => Ok((n, true)),
            Err(FormatError::PercentN) => {
                Err(Interp::lib_error("printf: %n is not supported".into()))
            }
            Err(_) => Ok((n, false)),
        }
    }

    /// Writes `out` and a NUL to `buf`, at most `cap` bytes in all (`snprintf`).
    fn write_buf(&mut self, buf: Slot, out: &[u8], cap: Option<u64>) -> Res<()> {
        let n = match cap {
            Some(0) => return Ok(()),
            Some(c) => (out.len() as u64).min(c - 1) as usize,
            None => out.len(),
        };
        self.write_bytes_nul(buf, out.get(..n).unwrap_or(out))
    }

    fn set_errno(&mut self, v: i32) -> Res<()> {
        let p = self.errno_cell()?;
        self.store_slot(p, 4, Slot::int(v as u32 as u64))
    }

    /// The cell a `__ctype_*_loc` function returns the address of: a pointer to entry 0 of
    /// its table, which is read-only memory (made on first use).
    fn ctype_cell(&mut self, t: Table) -> Res<Slot> {
        let k = t as usize;
        if let Some(Some(p)) = self.libc.ctype.get(k) {
            return Ok(*p);
        }
        let bytes = t.bytes();
        let table =
            self.mem.alloc(bytes.len() as u64, 16, crate::interp::memory::AllocKind::Runtime, 0)?;
        let tp = self.ptr_to(table);
        self.write_bytes(tp, &bytes)?;
        if let Some(a) = self.mem.allocs.get_mut(table as usize) {
            a.readonly = true;
        }
        let cell = self.mem.alloc(8, 8, crate::interp::memory::AllocKind::Runtime, 0)?;
        let p = self.ptr_to(cell);
        let zero = (-ctype::FIRST) as u64 * t.entry_size();
        self.store_slot(p, 8, Slot { bits: tp.bits + zero, ..tp })?;
        if let Some(c) = self.libc.ctype.get_mut(k) {
            *c = Some(p);
        }
        Ok(p)
    }

    /// Checks that `f` is `stdin`, the one stream the library reads.
    fn stdin_stream(&self, f: Slot, what: &str) -> Res<()> {
        match self.libc.files.first() {
            Some(&a) if a != 0 && a == f.bits => Ok(()),
            _ => Err(Interp::lib_error(format!(
                "{what}: stream {:#x} is not stdin (files are not supported)",
                f.bits
            ))),
        }
    }

    /// Runs the `scanf` format at `fmt` over `input` (standard input from the read position
    /// when `None`, read in place) and stores the items through `ptrs`; returns the result and
    /// the bytes consumed.
    fn scan_into(&mut self, input: Option<&[u8]>, fmt: Slot, ptrs: &[Val]) -> Res<(i32, usize)> {
        let fmt = self.read_cstr(fmt, None)?;
        let ptr_bytes = self.lay.ptr_size.min(8) as u8;
        let r = match input {
            Some(s) => scan::scan(&fmt, s, ptr_bytes),
            None => scan::scan(&fmt, self.libc.stdin.rest(), ptr_bytes),
        }
        .map_err(Interp::lib_error)?;
        for (k, item) in r.items.iter().enumerate() {
            let Some(p) = ptrs.get(k).map(Val::slot) else {
                return Err(Fault::ub(
                    UbKind::LibraryMisuse,
                    format!(
                        "scanf: the format has a conversion for argument {} but the call passes {}",
                        k + 1,
                        ptrs.len()
                    ),
                ));
            };
            self.write_bytes(p, &item.bytes())?;
        }
        Ok((r.ret, r.consumed))
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

/// The most arguments a function called on slots takes (`call_slots`).
pub const MAX_SLOTS: usize = 6;

/// Calls C library function `f` with general values.
pub fn call(it: &mut Interp, f: LibFn, args: &[Val], ret: TypeId) -> Res<Ret> {
    if f.on_slots() {
        let mut s = [Slot::default(); MAX_SLOTS];
        for (k, (d, v)) in s.iter_mut().zip(args).enumerate() {
            *d = if k == 2 && f.has_len() { len_slot(v) } else { v.slot() };
        }
        let r = call_slots(it, f, s.get(..args.len()).unwrap_or(&s), ret)?;
        return Ok(Ret::Value(r.map(Val::S)));
    }
    let a = |i: usize| args.get(i).map(Val::slot).unwrap_or_default();
    let rest = |from: usize| args.get(from..).unwrap_or(&[]);
    let v = |x: i64| Ret::Value(Some(Val::S(Slot::int(x as u64 & 0xffff_ffff))));
    Ok(match f {
        LibFn::Scanf | LibFn::Fscanf => {
            let k = if f == LibFn::Fscanf {
                it.stdin_stream(a(0), "fscanf")?;
                1
            } else {
                0
            };
            let (n, used) = it.scan_into(None, a(k), rest(k + 1))?;
            it.libc.stdin.consume(used);
            v(i64::from(n))
        }
        LibFn::Sscanf => {
            let input = it.read_cstr(a(0), None)?;
            v(i64::from(it.scan_into(Some(&input), a(1), rest(2))?.0))
        }
        LibFn::Printf | LibFn::Vprintf | LibFn::Fprintf | LibFn::Vfprintf => {
            let (fd, fmt_i) = if matches!(f, LibFn::Fprintf | LibFn::Vfprintf) {
                (it.stream(a(0))?, 1)
            } else {
                (1, 0)
            };
            let ap = matches!(f, LibFn::Vprintf | LibFn::Vfprintf).then(|| a(fmt_i + 1));
            let (n, ok) = it.printf_to(a(fmt_i), rest(fmt_i + 1), ap)?;
            let out = std::mem::take(&mut it.libc.out);
            it.emit(fd, &out);
            it.libc.out = out;
            v(if ok { n as i64 } else { -1 })
        }
        LibFn::Sprintf | LibFn::Vsprintf | LibFn::Snprintf | LibFn::Vsnprintf => {
            let sized = matches!(f, LibFn::Snprintf | LibFn::Vsnprintf);
            let fmt_i = if sized { 2 } else { 1 };
            let ap = matches!(f, LibFn::Vsprintf | LibFn::Vsnprintf).then(|| a(fmt_i + 1));
            let (n, ok) = it.printf_to(a(fmt_i), rest(fmt_i + 1), ap)?;
            let out = std::mem::take(&mut it.libc.out);
            let r = it.write_buf(a(0), &out, sized.then(|| a(1).bits));
            it.libc.out = out;
            r?;
            v(if ok { n as i64 } else { -1 })
        }
        LibFn::Qsort => {
            let cmp = it.func_of_ptr(a(3))?;
            match Qsort::start(it, a(0), a(1).bits, a(2).bits, cmp)? {
                Some(q) => Ret::Native(Native::Qsort(Box::new(q))),
                None => Ret::Value(None),
            }
        }
        LibFn::Bsearch => {
            let cmp = it.func_of_ptr(a(4))?;
            Ret::Native(Native::Bsearch {
                key: a(0),
                base: a(1),
                size: a(3).bits,
                cmp,
                lo: 0,
                hi: a(2).bits,
                mid: None,
            })
        }
        _ => Ret::Unknown,
    })
}

fn int(v: u64) -> Res<Option<Slot>> {
    Ok(Some(Slot::int(v)))
}

fn i32r(v: i64) -> Res<Option<Slot>> {
    int(v as u64 & 0xffff_ffff)
}

fn ptr(p: Slot) -> Res<Option<Slot>> {
    Ok(Some(p))
}

fn f64r(x: f64) -> Res<Option<Slot>> {
    int(x.to_bits())
}

fn f32r(x: f32) -> Res<Option<Slot>> {
    int(x.to_bits() as u64)
}

/// `p` advanced by `n` bytes (same provenance).
fn off(p: Slot, n: usize) -> Slot {
    Slot { bits: p.bits.wrapping_add(n as u64), ..p }
}

/// Calls C library function `f` (one for which [`LibFn::on_slots`] holds) with the slots of
/// its arguments (the memory functions' length: see `len_slot`). The result: a scalar, or
/// none for `void`.
pub fn call_slots(it: &mut Interp, f: LibFn, args: &[Slot], ret: TypeId) -> Res<Option<Slot>> {
    let a = |i: usize| args.get(i).copied().unwrap_or_default();
    if let Some(bit) = f.ctype_bit() {
        return i32r(i64::from(ctype::is(sext(a(0).bits, 32) as i32, bit)));
    }
    match f {
        LibFn::Puts => {
            let mut s = it.read_cstr(a(0), None)?;
            s.push(b'\n');
            it.emit(1, &s);
            i32r(s.len() as i64)
        }
        LibFn::Putchar | LibFn::Fputc => {
            let fd = if f == LibFn::Putchar { 1 } else { it.stream(a(1))? };
            it.emit(fd, &[a(0).bits as u8]);
            i32r(a(0).bits as u8 as i64)
        }
        LibFn::Fputs => {
            let s = it.read_cstr(a(0), None)?;
            let fd = it.stream(a(1))?;
            it.emit(fd, &s);
            i32r(1)
        }
        LibFn::Fwrite => {
            let n = a(1).bits.saturating_mul(a(2).bits);
            // The range's bounds before the stream, its bytes' state as they are written.
            if n != 0 {
                it.mem.check(a(0), n, false)?;
            }
            let fd = it.stream(a(3))?;
            it.emit_bytes("memory written by fwrite", fd, a(0), n)?;
            int(a(2).bits)
        }
        LibFn::Fflush => i32r(0),
        LibFn::Getchar | LibFn::Fgetc => {
            if f == LibFn::Fgetc {
                it.stdin_stream(a(0), "getc")?;
            }
            i32r(i64::from(it.libc.stdin.getc()))
        }
        LibFn::Ungetc => {
            it.stdin_stream(a(1), "ungetc")?;
            i32r(i64::from(it.libc.stdin.ungetc(sext(a(0).bits, 32) as i32)))
        }
        LibFn::Fgets => {
            it.stdin_stream(a(2), "fgets")?;
            match it.libc.stdin.fgets(sext(a(1).bits, 32)) {
                Some(line) => {
                    it.write_bytes_nul(a(0), &line)?;
                    ptr(a(0))
                }
                None => ptr(Slot::int(0)),
            }
        }
        LibFn::Malloc => ptr(it.heap_alloc(a(0).bits.max(1), 16, false)?),
        LibFn::Calloc => {
            ptr(it.heap_alloc(a(0).bits.saturating_mul(a(1).bits).max(1), 16, true)?)
        }
        LibFn::AlignedAlloc => ptr(it.heap_alloc(a(1).bits.max(1), a(0).bits, false)?),
        LibFn::PosixMemalign => {
            let p = it.heap_alloc(a(2).bits.max(1), a(1).bits, false)?;
            it.store_slot(a(0), 8, p)?;
            i32r(0)
        }
        LibFn::Free => {
            it.heap_free(a(0))?;
            Ok(None)
        }
        LibFn::New => ptr(it.heap_alloc(a(0).bits.max(1), 16, false)?),
        LibFn::Getenv => ptr(Slot::int(0)),
        LibFn::Isatty | LibFn::Sleep => i32r(0),
        LibFn::Write => {
            let fd = a(0).bits as u8;
            if fd != 1 && fd != 2 {
                return Err(Interp::lib_error(format!(
                    "write to file descriptor {fd} (only 1 and 2 are supported)"
                )));
            }
            it.emit_bytes("memory written by write", fd, a(1), a(2).bits)?;
            int(a(2).bits)
        }
        LibFn::Perror => {
            let mut s = if a(0).bits != 0 { it.read_cstr(a(0), None)? } else { Vec::new() };
            if !s.is_empty() {
                s.extend_from_slice(b": ");
            }
            let code = match it.libc.errno {
                Some(p) => it.load_slot(p, 4)?.bits as u32 as i32,
                None => 0,
            };
            s.extend_from_slice(strerror(code).as_bytes());
            s.push(b'\n');
            it.emit(2, &s);
            Ok(None)
        }
        LibFn::Strspn | LibFn::Strcspn => {
            int(it.cstr_span(a(0), a(1), f == LibFn::Strspn)?.0 as u64)
        }
        LibFn::Strpbrk => {
            let (n, hit) = it.cstr_span(a(0), a(1), false)?;
            ptr(if hit { off(a(0), n) } else { Slot::int(0) })
        }
        LibFn::Strtok => {
            let start = if a(0).bits != 0 { a(0) } else { it.libc.strtok };
            if start.bits == 0 {
                return ptr(Slot::int(0));
            }
            let (x, set) = (it.read_cstr(start, None)?, it.read_cstr(a(1), None)?);
            let Some(b) = x.iter().position(|c| !set.contains(c)) else {
                it.libc.strtok = Slot::int(0);
                return ptr(Slot::int(0));
            };
            let tok = Slot { bits: start.bits + b as u64, ..start };
            match x.get(b..).and_then(|t| t.iter().position(|c| set.contains(c))) {
                Some(e) => {
                    let end = Slot { bits: tok.bits + e as u64, ..start };
                    it.write_bytes(end, &[0])?;
                    it.libc.strtok = Slot { bits: end.bits + 1, ..start };
                }
                None => it.libc.strtok = Slot::int(0),
            }
            ptr(tok)
        }
        LibFn::Realloc => {
            let p = a(0);
            if p.bits == 0 {
                return ptr(it.heap_alloc(a(1).bits.max(1), 16, false)?);
            }
            let Some(old) = it.heap_size(p) else {
                it.heap_free(p)?;
                return ptr(Slot::int(0));
            };
            let n = a(1).bits;
            if n == 0 {
                it.heap_free(p)?;
                return ptr(Slot::int(0));
            }
            let q = it.heap_alloc(n, 16, false)?;
            if q.bits != 0 {
                it.mem_copy(q, p, Slot::int(old.min(n)), true)?;
                it.heap_free(p)?;
            }
            ptr(q)
        }
        LibFn::Memcpy | LibFn::Memmove => {
            it.mem_copy(a(0), a(1), a(2), f == LibFn::Memcpy)?;
            ptr(a(0))
        }
        LibFn::Memset => {
            it.mem_set(a(0), a(1), a(2))?;
            ptr(a(0))
        }
        LibFn::IntrMemcpy | LibFn::IntrMemmove => {
            it.mem_copy(a(0), a(1), a(2), f == LibFn::IntrMemcpy)?;
            Ok(None)
        }
        LibFn::IntrMemset => {
            it.mem_set(a(0), a(1), a(2))?;
            Ok(None)
        }
        LibFn::Memcmp => i32r(it.mem_cmp("memory compared by memcmp", a(0), a(1), a(2).bits)?),
        LibFn::Bcmp => i32r(it.mem_cmp("memory compared by bcmp", a(0), a(1), a(2).bits)?),
        LibFn::Memchr => ptr(it
            .mem_chr(a(0), a(1).bits as u8, a(2).bits)?
            .map_or(Slot::int(0), |i| off(a(0), i))),
        LibFn::Strlen => int(it.cstr_len(a(0), None)? as u64),
        LibFn::Strnlen => int(it.cstr_len(a(0), Some(a(1).bits as usize))? as u64),
        LibFn::Strcmp => i32r(it.cstr_cmp(a(0), a(1), None, false)?),
        LibFn::Strncmp => i32r(it.cstr_cmp(a(0), a(1), Some(a(2).bits as usize), false)?),
        LibFn::Strcasecmp => i32r(it.cstr_cmp(a(0), a(1), None, true)?),
        LibFn::Strncasecmp => i32r(it.cstr_cmp(a(0), a(1), Some(a(2).bits as usize), true)?),
        LibFn::Strcpy | LibFn::Stpcpy => {
            let mut s = std::mem::take(&mut it.libc.out);
            s.clear();
            let r = it
                .cstr_bytes(a(1), None)
                .map(|b| s.extend_from_slice(b))
                .and_then(|()| it.write_bytes_nul(a(0), &s));
            let n = s.len();
            it.libc.out = s;
            r?;
            ptr(if f == LibFn::Stpcpy { Slot { bits: a(0).bits + n as u64, ..a(0) } } else { a(0) })
        }
        LibFn::Strncpy => {
            let n = a(2).bits as usize;
            let mut s = it.read_cstr(a(1), Some(n))?;
            s.resize(n, 0);
            it.write_bytes(a(0), &s)?;
            ptr(a(0))
        }
        LibFn::Strcat | LibFn::Strncat => {
            let d = it.cstr_len(a(0), None)?;
            let s = it.read_cstr(a(1), (f == LibFn::Strncat).then(|| a(2).bits as usize))?;
            it.write_bytes_nul(Slot { bits: a(0).bits + d as u64, ..a(0) }, &s)?;
            ptr(a(0))
        }
        LibFn::Strchr => {
            ptr(it.cstr_chr(a(0), a(1).bits as u8)?.map_or(Slot::int(0), |i| off(a(0), i)))
        }
        LibFn::Strrchr => {
            let s = it.cstr_bytes(a(0), None)?;
            let c = a(1).bits as u8;
            let pos = if c == 0 { Some(s.len()) } else { s.iter().rposition(|&x| x == c) };
            ptr(pos.map_or(Slot::int(0), |i| off(a(0), i)))
        }
        LibFn::Strstr => ptr(it.cstr_find(a(0), a(1))?.map_or(Slot::int(0), |i| off(a(0), i))),
        LibFn::Strdup | LibFn::Strndup => {
            let mut s = it.read_cstr(a(0), (f == LibFn::Strndup).then(|| a(1).bits as usize))?;
            s.push(0);
            let p = it.heap_alloc(s.len() as u64, 16, false)?;
            if p.bits != 0 {
                it.write_bytes(p, &s)?;
            }
            ptr(p)
        }
        LibFn::Atoi | LibFn::Atol | LibFn::Strtol | LibFn::Strtoul => {
            let rw = it.m.types.int_bits(ret).unwrap_or(64);
            let strto = matches!(f, LibFn::Strtol | LibFn::Strtoul);
            let base = if strto { a(2).bits as i32 } else { 10 };
            let bits = rw.clamp(8, 64);
            let p = it.cstr_parse(a(0), |s| {
                if f == LibFn::Strtoul {
                    numparse::strtoul_bits(s, base, bits)
                } else {
                    numparse::strtol_bits(s, base, if f == LibFn::Atoi { 64 } else { bits })
                        .map(|v| v as u64)
                }
            })?;
            if strto && a(1).bits != 0 && p.errno != Some(numparse::Errno::Invalid) {
                let e = Slot { bits: a(0).bits + p.consumed as u64, ..a(0) };
                it.store_slot(a(1), 8, e)?;
            }
            if let Some(e) = p.errno {
                it.set_errno(e.code())?;
            }
            int(p.value & mask(rw))
        }
        LibFn::Atof | LibFn::Strtod | LibFn::Strtof => {
            // One parse, by the function's own format: its end, `errno` (`strtof` overflows
            // where `strtod` does not) and result.
            let (consumed, errno, r) = if f == LibFn::Strtof {
                let p = it.cstr_parse(a(0), numparse::strtof)?;
                (p.consumed, p.errno, f32r(p.value))
            } else {
                let p = it.cstr_parse(a(0), numparse::strtod)?;
                (p.consumed, p.errno, f64r(p.value))
            };
            if f != LibFn::Atof && a(1).bits != 0 {
                let e = Slot { bits: a(0).bits + consumed as u64, ..a(0) };
                it.store_slot(a(1), 8, e)?;
            }
            if let Some(e) = errno {
                it.set_errno(e.code())?;
            }
            r
        }
        LibFn::Abs => i32r(sext(a(0).bits, 32).wrapping_abs()),
        LibFn::Labs => int(sext(a(0).bits, 64).wrapping_abs() as u64),
        LibFn::Toupper => i32r(i64::from(Table::Upper.map(sext(a(0).bits, 32) as i32))),
        LibFn::Tolower => i32r(i64::from(Table::Lower.map(sext(a(0).bits, 32) as i32))),
        LibFn::Rand => i32r(it.libc.rand.next_rand() as i64),
        LibFn::Srand => {
            it.libc.rand = Rand::new(a(0).bits as u32);
            Ok(None)
        }
        LibFn::Time => {
            let t = 1_700_000_000u64;
            if a(0).bits != 0 {
                it.store_slot(a(0), 8, Slot::int(t))?;
            }
            int(t)
        }
        LibFn::Clock => int(it.steps / 100),
        LibFn::Exit => Err(Fault::Exit(a(0).bits as i32)),
        LibFn::Abort => Err(Fault::Abort("abort() was called".into())),
        LibFn::AssertFail => {
            let expr = String::from_utf8_lossy(it.cstr_bytes(a(0), None)?).into_owned();
            let file = String::from_utf8_lossy(it.cstr_bytes(a(1), None)?).into_owned();
            let func = String::from_utf8_lossy(it.cstr_bytes(a(3), None)?).into_owned();
            let msg = format!("{file}:{}: {func}: Assertion `{expr}' failed.", a(2).bits as u32);
            it.emit(2, format!("program: {msg}\n").as_bytes());
            Err(Fault::Abort(msg))
        }
        LibFn::Atexit => {
            it.libc.atexit.push(a(0));
            i32r(0)
        }
        LibFn::ErrnoLocation => ptr(it.errno_cell()?),
        LibFn::CtypeB => ptr(it.ctype_cell(Table::Class)?),
        LibFn::CtypeToupper => ptr(it.ctype_cell(Table::Upper)?),
        LibFn::CtypeTolower => ptr(it.ctype_cell(Table::Lower)?),
        LibFn::CxaAllocateException => ptr(it.heap_alloc(a(0).bits.max(1), 16, true)?),
        LibFn::CxaFreeException => Ok(None),
        LibFn::CxaBeginCatch => ptr(a(0)),
        LibFn::Terminate => Err(Fault::Abort("terminate called".into())),
        _ => math(f, args),
    }
}

/// `<math.h>`: double and float functions through `libm`.
fn math(f: LibFn, args: &[Slot]) -> Res<Option<Slot>> {
    let d = |i: usize| f64::from_bits(args.get(i).copied().unwrap_or_default().bits);
    let g = |i: usize| f32::from_bits(args.get(i).copied().unwrap_or_default().bits as u32);
    let fix = |r: f64| crate::semantics::fp::fix64(r, d(0), d(1));
    match f {
        LibFn::Sqrt => f64r(fix(d(0).sqrt())),
        LibFn::Sqrtf => f32r(g(0).sqrt()),
        LibFn::Fabs => f64r(d(0).abs()),
        LibFn::Fabsf => f32r(g(0).abs()),
        LibFn::Sin => f64r(fix(libm::sin(d(0)))),
        LibFn::Cos => f64r(fix(libm::cos(d(0)))),
        LibFn::Tan => f64r(fix(libm::tan(d(0)))),
        LibFn::Asin => f64r(fix(libm::asin(d(0)))),
        LibFn::Acos => f64r(fix(libm::acos(d(0)))),
        LibFn::Atan => f64r(fix(libm::atan(d(0)))),
        LibFn::Atan2 => f64r(fix(libm::atan2(d(0), d(1)))),
        LibFn::Sinh => f64r(fix(libm::sinh(d(0)))),
        LibFn::Cosh => f64r(fix(libm::cosh(d(0)))),
        LibFn::Tanh => f64r(fix(libm::tanh(d(0)))),
        LibFn::Exp => f64r(fix(libm::exp(d(0)))),
        LibFn::Exp2 => f64r(fix(libm::exp2(d(0)))),
        LibFn::Log => f64r(fix(libm::log(d(0)))),
        LibFn::Log2 => f64r(fix(libm::log2(d(0)))),
        LibFn::Log10 => f64r(fix(libm::log10(d(0)))),
        LibFn::Log1p => f64r(fix(libm::log1p(d(0)))),
        LibFn::Expm1 => f64r(fix(libm::expm1(d(0)))),
        LibFn::Cbrt => f64r(fix(libm::cbrt(d(0)))),
        LibFn::Pow => f64r(fix(libm::pow(d(0), d(1)))),
        LibFn::Hypot => f64r(fix(libm::hypot(d(0), d(1)))),
        LibFn::Fmod => f64r(fix(d(0) % d(1))),
        LibFn::Floor => f64r(d(0).floor()),
        LibFn::Ceil => f64r(d(0).ceil()),
        LibFn::Trunc => f64r(d(0).trunc()),
        LibFn::Round => f64r(d(0).round()),
        LibFn::Rint => f64r(libm::rint(d(0))),
        LibFn::Fmin => f64r(libm::fmin(d(0), d(1))),
        LibFn::Fmax => f64r(libm::fmax(d(0), d(1))),
        LibFn::Ldexp => f64r(libm::ldexp(d(0), args.get(1).map_or(0, |v| v.bits as i32))),
        LibFn::Sinf => f32r(libm::sinf(g(0))),
        LibFn::Cosf => f32r(libm::cosf(g(0))),
        LibFn::Tanf => f32r(libm::tanf(g(0))),
        LibFn::Expf => f32r(libm::expf(g(0))),
        LibFn::Logf => f32r(libm::logf(g(0))),
        LibFn::Powf => f32r(libm::powf(g(0), g(1))),
        LibFn::Atan2f => f32r(libm::atan2f(g(0), g(1))),
        LibFn::Fmodf => f32r(g(0) % g(1)),
        LibFn::Floorf => f32r(g(0).floor()),
        LibFn::Ceilf => f32r(g(0).ceil()),
        LibFn::Roundf => f32r(g(0).round()),
        LibFn::Truncf => f32r(g(0).trunc()),
        LibFn::Lround => int(d(0).round() as i64 as u64),
        _ => Err(Fault::Error(
            ErrorKind::Internal,
            format!("{f:?} is not a function called on scalar arguments"),
        )),
    }
}

#[cfg(test)]
mod tests {
    /// glibc 2.36's `strerror` texts (printed by a native program) for the numbers it knows.
    #[test]
    fn strerror_matches_glibc() {
        let native = "0 Success\n1 Operation not permitted\n2 No such file or directory\n4 Interrupted system call\n5 Input/output error\n9 Bad file descriptor\n11 Resource temporarily unavailable\n12 Cannot allocate memory\n13 Permission denied\n17 File exists\n22 Invalid argument\n24 Too many open files\n28 No space left on device\n32 Broken pipe\n33 Numerical argument out of domain\n34 Numerical result out of range\n200 Unknown error 200\n";
        for line in native.lines() {
            let (code, text) = line.split_once(' ').unwrap_or_default();
            assert_eq!(super::strerror(code.parse().unwrap_or(-1)), text, "errno {code}");
        }
    }
}
