//! The wasm host's C library beyond output, memory and math: character classes and glibc's
//! ctype tables, number parsing, more string functions, and standard input (`getchar`,
//! `fgets`, `scanf`), each on the interpreter's engine for it (`irplay_core::runtime`), so both
//! engines give the same results.

use super::{cstr, load, store, Arg, Libc, Memory, Stop, Value};
use irplay_core::runtime::ctype::{self, Table};
use irplay_core::runtime::libfn::LibFn;
use irplay_core::runtime::numparse;
use irplay_core::runtime::scan;

/// The stream number of `stdin` (see `irplay_core::lower::data`).
const STDIN: u64 = 1;

type Answer = Result<Option<Value>, Stop>;

fn int(v: i64) -> Answer {
    Ok(Some(Value::Int(v)))
}

impl Libc {
    /// Calls `name` if it is one of this module's functions; `None` otherwise. Names are
    /// resolved as the interpreter resolves them ([`LibFn`]), so both know the same aliases.
    pub(super) fn call_ext(
        &mut self,
        mem: &mut dyn Memory,
        name: &str,
        args: &[Arg],
    ) -> Option<Answer> {
        let f = LibFn::resolve(name, None);
        let a = |k: usize| args.get(k).map_or(0, |x| x.int());
        // A C `int` argument (the low 32 bits, signed).
        let c = |k: usize| a(k) as u32 as i32;
        let err = Stop::error;
        if let Some(bit) = f.ctype_bit() {
            return Some(int(i64::from(ctype::is(c(0), bit))));
        }
        Some(match f {
            LibFn::Toupper => int(i64::from(Table::Upper.map(c(0)))),
            LibFn::Tolower => int(i64::from(Table::Lower.map(c(0)))),
            LibFn::CtypeB => self.ctype_cell(mem, Table::Class),
            LibFn::CtypeToupper => self.ctype_cell(mem, Table::Upper),
            LibFn::CtypeTolower => self.ctype_cell(mem, Table::Lower),
            LibFn::Atoi | LibFn::Atol | LibFn::Strtol | LibFn::Strtoul => (|| {
                let s = cstr(mem, a(0), None).map_err(err)?;
                let strto = matches!(f, LibFn::Strtol | LibFn::Strtoul);
                let base = if strto { c(2) } else { 10 };
                let p = if f == LibFn::Strtoul {
                    numparse::strtoul(&s, base)
                } else {
                    numparse::strtol(&s, base).map(|v| v as u64)
                };
                if strto && p.errno != Some(numparse::Errno::Invalid) {
                    self.end_ptr(mem, a(1), a(0) + p.consumed as u64)?;
                }
                self.set_errno(mem, p.errno)?;
                // `atoi` is `(int) strtol`: the result truncates to the import's `i32`.
                int(p.value as i64)
            })(),
            LibFn::Atof | LibFn::Strtod | LibFn::Strtof => (|| {
                let s = cstr(mem, a(0), None).map_err(err)?;
                // One parse, by the function's own format.
                let p = if f == LibFn::Strtof {
                    numparse::strtof(&s).map(f64::from)
                } else {
                    numparse::strtod(&s)
                };
                if f != LibFn::Atof {
                    self.end_ptr(mem, a(1), a(0) + p.consumed as u64)?;
                }
                self.set_errno(mem, p.errno)?;
                Ok(Some(Value::Float(p.value)))
            })(),
            LibFn::Strcat | LibFn::Strncat => {
                self.strcat(mem, a(0), a(1), (f == LibFn::Strncat).then_some(a(2) as usize))
            }
            LibFn::Strncpy => (|| {
                let n = a(2) as usize;
                let mut s = cstr(mem, a(1), Some(n)).map_err(err)?;
                s.resize(n, 0);
                store(mem, a(0), &s).map_err(err)?;
                int(a(0) as i64)
            })(),
            LibFn::Strstr => (|| {
                let (h, n) =
                    (cstr(mem, a(0), None).map_err(err)?, cstr(mem, a(1), None).map_err(err)?);
                let at = if n.is_empty() {
                    Some(0)
                } else {
                    h.windows(n.len()).position(|w| w == n.as_slice())
                };
                int(at.map_or(0, |k| (a(0) + k as u64) as i64))
            })(),
            LibFn::Memchr => (|| {
                let (p, want, n) = (a(0), a(1) as u8, a(2));
                // It reads up to the first match, no further.
                let mut at = p;
                while at < p.saturating_add(n) {
                    let b = load(mem, at, 1).map_err(err)?;
                    if b.first() == Some(&want) {
                        return int(at as i64);
                    }
                    at += 1;
                }
                int(0)
            })(),
            LibFn::Getchar | LibFn::Fgetc => (|| {
                if f == LibFn::Fgetc {
                    self.check_stdin(a(0), name)?;
                }
                int(i64::from(self.stdin.getc()))
            })(),
            LibFn::Ungetc => (|| {
                self.check_stdin(a(1), name)?;
                int(i64::from(self.stdin.ungetc(c(0))))
            })(),
            LibFn::Fgets => (|| {
                self.check_stdin(a(2), name)?;
                let Some(mut line) = self.stdin.fgets(i64::from(c(1))) else { return int(0) };
                line.push(0);
                store(mem, a(0), &line).map_err(err)?;
                int(a(0) as i64)
            })(),
            LibFn::Scanf | LibFn::Fscanf => (|| {
                let k = if f == LibFn::Fscanf {
                    self.check_stdin(a(0), name)?;
                    1
                } else {
                    0
                };
                let (n, used) = self.scan_into(mem, None, a(k), a(k + 1))?;
                self.stdin.consume(used);
                int(i64::from(n))
            })(),
            LibFn::Sscanf => (|| {
                let input = cstr(mem, a(0), None).map_err(err)?;
                int(i64::from(self.scan_into(mem, Some(&input), a(1), a(2))?.0))
            })(),
            _ => return self.call_str(mem, f, name, args),
        })
    }

    /// The string, stream and environment functions of [`Libc::call_ext`] (`f` is `name`'s).
    fn call_str(
        &mut self,
        mem: &mut dyn Memory,
        f: LibFn,
        name: &str,
        args: &[Arg],
    ) -> Option<Answer> {
        let a = |k: usize| args.get(k).map_or(0, |x| x.int());
        let err = Stop::error;
        let s = |mem: &dyn Memory, k: usize, max: Option<usize>| cstr(mem, a(k), max).map_err(err);
        Some(match f {
            LibFn::Strspn | LibFn::Strcspn | LibFn::Strpbrk => (|| {
                let (x, set) = (s(mem, 0, None)?, s(mem, 1, None)?);
                let accept = f == LibFn::Strspn;
                let n = x.iter().position(|c| set.contains(c) != accept).unwrap_or(x.len());
                if f == LibFn::Strpbrk {
                    int(if n < x.len() { (a(0) + n as u64) as i64 } else { 0 })
                } else {
                    int(n as i64)
                }
            })(),
            LibFn::Strcasecmp | LibFn::Strncasecmp => (|| {
                let max = (f == LibFn::Strncasecmp).then_some(a(2) as usize);
                let (x, y) = (s(mem, 0, max)?, s(mem, 1, max)?);
                let lower = |c: u8| i64::from(c.to_ascii_lowercase());
                let o = x
                    .iter()
                    .chain(std::iter::once(&0))
                    .zip(y.iter().chain(std::iter::once(&0)))
                    .map(|(p, q)| lower(*p) - lower(*q))
                    .find(|&d| d != 0);
                int(o.unwrap_or(0))
            })(),
            LibFn::Strnlen => (|| int(s(mem, 0, Some(a(1) as usize))?.len() as i64))(),
            LibFn::Strdup | LibFn::Strndup => (|| {
                let mut x = s(mem, 0, (f == LibFn::Strndup).then(|| a(1) as usize))?;
                x.push(0);
                let p = self.malloc(mem, x.len() as u64);
                if p != 0 {
                    store(mem, p, &x).map_err(err)?;
                }
                int(p as i64)
            })(),
            LibFn::Stpcpy => (|| {
                let mut x = s(mem, 1, None)?;
                let n = x.len() as u64;
                x.push(0);
                store(mem, a(0), &x).map_err(err)?;
                int((a(0) + n) as i64)
            })(),
            LibFn::Strtok => (|| {
                let start = if a(0) != 0 { a(0) } else { self.strtok };
                if start == 0 {
                    return int(0);
                }
                let (x, set) = (cstr(mem, start, None).map_err(err)?, s(mem, 1, None)?);
                let Some(b) = x.iter().position(|c| !set.contains(c)) else {
                    self.strtok = 0;
                    return int(0);
                };
                let tok = start + b as u64;
                match x.get(b..).and_then(|t| t.iter().position(|c| set.contains(c))) {
                    Some(e) => {
                        store(mem, tok + e as u64, &[0]).map_err(err)?;
                        self.strtok = tok + e as u64 + 1;
                    }
                    None => self.strtok = 0,
                }
                int(tok as i64)
            })(),
            // No environment, no terminal, no waiting; `clock` is deterministic (the interpreter
            // counts its steps instead, which a compiled module cannot).
            // `Fflush` here is `setbuf` or `setvbuf` (`Libc::call` answers `fflush` itself).
            LibFn::Getenv | LibFn::Isatty | LibFn::Sleep | LibFn::Fflush | LibFn::Clock => int(0),
            LibFn::Write | LibFn::Fwrite => {
                (|| {
                    let (fd, p, n) = if f == LibFn::Write {
                        (a(0), a(1), a(2))
                    } else {
                        (a(3).wrapping_sub(1), a(0), a(1).saturating_mul(a(2)))
                    };
                    if fd != 1 && fd != 2 {
                        return Err(err(format!("{name}: only stdout and stderr can be written (files are not supported)")));
                    }
                    let bytes = load(mem, p, n).map_err(err)?;
                    self.emit(fd as u8, &bytes);
                    int(if f == LibFn::Write { n as i64 } else { a(2) as i64 })
                })()
            }
            LibFn::Perror => (|| {
                let mut x = if a(0) != 0 { s(mem, 0, None)? } else { Vec::new() };
                if !x.is_empty() {
                    x.extend_from_slice(b": ");
                }
                let code = if self.errno == 0 {
                    0
                } else {
                    load(mem, self.errno, 4)
                        .ok()
                        .and_then(|b| b.try_into().ok())
                        .map_or(0, i32::from_le_bytes)
                };
                x.extend_from_slice(irplay_core::runtime::stdlib::strerror(code).as_bytes());
                x.push(b'\n');
                self.emit(2, &x);
                Ok(None)
            })(),
            LibFn::ErrnoLocation => self.errno_cell(mem).map(|p| Some(Value::Int(p as i64))),
            _ => return None,
        })
    }

    /// The `errno` cell, made in the heap on first use.
    fn errno_cell(&mut self, mem: &mut dyn Memory) -> Result<u64, Stop> {
        if self.errno == 0 {
            self.errno = self.malloc(mem, 4);
            if self.errno == 0 {
                return Err(Stop::error("no memory for errno".into()));
            }
            store(mem, self.errno, &[0; 4]).map_err(Stop::error)?;
        }
        Ok(self.errno)
    }

    /// Sets `errno` (to `ERANGE` or `EINVAL` after a number parse).
    fn set_errno(&mut self, mem: &mut dyn Memory, e: Option<numparse::Errno>) -> Result<(), Stop> {
        match e {
            Some(e) => {
                let p = self.errno_cell(mem)?;
                store(mem, p, &e.code().to_le_bytes()).map_err(Stop::error)
            }
            None => Ok(()),
        }
    }

    /// Stores `end` through `endptr` (`strtol`'s second argument) unless it is null.
    fn end_ptr(&self, mem: &mut dyn Memory, endptr: u64, end: u64) -> Result<(), Stop> {
        if endptr == 0 {
            return Ok(());
        }
        self.store_ptr(mem, endptr, end).map_err(Stop::error)
    }

    fn strcat(&self, mem: &mut dyn Memory, dst: u64, src: u64, max: Option<usize>) -> Answer {
        let err = Stop::error;
        let d = cstr(mem, dst, None).map_err(err)?;
        let mut s = cstr(mem, src, max).map_err(err)?;
        s.push(0);
        store(mem, dst + d.len() as u64, &s).map_err(err)?;
        int(dst as i64)
    }

    /// The cell a `__ctype_*_loc` function returns: a pointer to entry 0 of its table, both
    /// made in the heap on first use.
    fn ctype_cell(&mut self, mem: &mut dyn Memory, t: Table) -> Answer {
        let k = t as usize;
        if let Some(&cell) = self.ctype.get(k).filter(|&&c| c != 0) {
            return int(cell as i64);
        }
        let bytes = t.bytes();
        let table = self.malloc(mem, bytes.len() as u64);
        let cell = self.malloc(mem, 8);
        if table == 0 || cell == 0 {
            return Err(Stop::error("no memory for the ctype tables".into()));
        }
        store(mem, table, &bytes).map_err(Stop::error)?;
        let zero = table + (-ctype::FIRST) as u64 * t.entry_size();
        self.store_ptr(mem, cell, zero).map_err(Stop::error)?;
        if let Some(c) = self.ctype.get_mut(k) {
            *c = cell;
        }
        int(cell as i64)
    }

    fn check_stdin(&self, stream: u64, name: &str) -> Result<(), Stop> {
        if stream == STDIN {
            Ok(())
        } else {
            Err(Stop::error(format!(
                "{name}: stream {stream:#x} is not stdin (files are not supported)"
            )))
        }
    }

    /// Runs the `scanf` format at `fmt` over `input` (standard input from the read position
    /// when `None`, read in place), storing through the pointers of the variadic area at
    /// `area` (8-byte cells); the result and the bytes consumed.
    fn scan_into(
        &mut self,
        mem: &mut dyn Memory,
        input: Option<&[u8]>,
        fmt: u64,
        area: u64,
    ) -> Result<(i32, usize), Stop> {
        let err = Stop::error;
        let f = cstr(mem, fmt, None).map_err(err)?;
        let ptr_bytes = self.ptr_bytes;
        let r = match input {
            Some(s) => scan::scan(&f, s, ptr_bytes),
            None => scan::scan(&f, self.stdin.rest(), ptr_bytes),
        }
        .map_err(err)?;
        for (k, item) in r.items.iter().enumerate() {
            let cell = load(mem, area + 8 * k as u64, 8).map_err(err)?;
            let p = u64::from_le_bytes(cell.try_into().unwrap_or([0; 8])) & 0xffff_ffff;
            store(mem, p, &item.bytes()).map_err(err)?;
        }
        Ok((r.ret, r.consumed))
    }
}
