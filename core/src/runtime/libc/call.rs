//! [`call`]: one C library function on a [`LibMemory`]: stdio (output through
//! [`crate::runtime::format`], input through [`crate::runtime::scan`]), the heap,
//! `<string.h>`, number parsing ([`crate::runtime::numparse`]), `<ctype.h>`, `<stdlib.h>`'s
//! odds and ends, `exit`/`abort`, the C++ runtime's allocation entry points and `<math.h>`.

use super::{LibError, LibMemory, Va};
use crate::runtime::ctype::{self, Table};
use crate::runtime::format::FormatError;
use crate::runtime::libfn::LibFn;
use crate::runtime::numparse;
use crate::runtime::scan;
use crate::runtime::stdlib::{strerror, Rand};

type R<H> = Result<Option<<H as LibMemory>::Word>, <H as LibMemory>::Fault>;

/// `v` sign-extended from `bits`.
pub(super) fn sext(v: u64, bits: u32) -> i64 {
    let sh = 64 - bits.clamp(1, 64);
    ((v << sh) as i64) >> sh
}

/// The low `bits` bits set.
fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn int<H: LibMemory>(v: u64) -> R<H> {
    Ok(Some(H::int(v)))
}

/// An `int` result.
fn i32r<H: LibMemory>(v: i64) -> R<H> {
    int::<H>(v as u64 & 0xffff_ffff)
}

fn ptr<H: LibMemory>(p: H::Word) -> R<H> {
    Ok(Some(p))
}

fn null<H: LibMemory>() -> R<H> {
    Ok(Some(H::int(0)))
}

/// Runs C library function `f` with the scalar `args` (for the variadic functions, the fixed
/// ones: the engine finds the others, see [`Va`]); `ret_bits` is the width of an integer
/// result. The result: a scalar, or none for `void`.
pub fn call<H: LibMemory>(h: &mut H, f: LibFn, args: &[H::Word], ret_bits: u32) -> R<H> {
    let a = |i: usize| args.get(i).copied().unwrap_or(H::int(0));
    let b = |i: usize| H::bits(a(i));
    if let Some(bit) = f.ctype_bit() {
        return i32r::<H>(i64::from(ctype::is(sext(b(0), 32) as i32, bit)));
    }
    match f {
        LibFn::Printf | LibFn::Vprintf | LibFn::Fprintf | LibFn::Vfprintf => {
            let (fd, k) = if matches!(f, LibFn::Fprintf | LibFn::Vfprintf) {
                (out_stream(h, a(0))?, 1)
            } else {
                (1, 0)
            };
            let va = if matches!(f, LibFn::Vprintf | LibFn::Vfprintf) {
                Va::List(a(k + 1))
            } else {
                Va::Args(k + 1)
            };
            let (out, ok) = printf(h, a(k), va)?;
            h.emit(fd, &out);
            i32r::<H>(if ok { out.len() as i64 } else { -1 })
        }
        LibFn::Sprintf | LibFn::Vsprintf | LibFn::Snprintf | LibFn::Vsnprintf => {
            let sized = matches!(f, LibFn::Snprintf | LibFn::Vsnprintf);
            let k = if sized { 2 } else { 1 };
            let va = if matches!(f, LibFn::Vsprintf | LibFn::Vsnprintf) {
                Va::List(a(k + 1))
            } else {
                Va::Args(k + 1)
            };
            let (out, ok) = printf(h, a(k), va)?;
            let n = match sized.then(|| b(1)) {
                Some(0) => None,
                Some(c) => Some((out.len() as u64).min(c - 1) as usize),
                None => Some(out.len()),
            };
            if let Some(n) = n {
                h.write_bytes_nul(a(0), out.get(..n).unwrap_or(&out))?;
            }
            i32r::<H>(if ok { out.len() as i64 } else { -1 })
        }
        LibFn::Scanf | LibFn::Fscanf | LibFn::Sscanf => {
            let k = usize::from(f != LibFn::Scanf);
            if f == LibFn::Fscanf {
                stdin_stream(h, a(0), "fscanf")?;
            }
            let input = if f == LibFn::Sscanf { Some(h.read_cstr(a(0), None)?) } else { None };
            let fmt = h.read_cstr(a(k), None)?;
            let ptr_bytes = h.ptr_bytes();
            let r = match &input {
                Some(s) => scan::scan(&fmt, s, ptr_bytes),
                None => h.state().stdin.scan(|rest| {
                    let r = scan::scan(&fmt, rest, ptr_bytes);
                    let used = r.as_ref().map_or(0, |r| r.consumed);
                    (r, used)
                }),
            }
            .map_err(|m| h.fail(LibError::Unsupported(m)))?;
            for (j, item) in r.items.iter().enumerate() {
                let p = h.va_ptr(Va::Args(k + 1), j)?;
                h.write_bytes(p, &item.bytes())?;
            }
            if input.is_none() {
                h.state().stdin.consume(r.consumed);
            }
            i32r::<H>(i64::from(r.ret))
        }
        LibFn::Puts => {
            let mut s = h.read_cstr(a(0), None)?;
            s.push(b'\n');
            h.emit(1, &s);
            i32r::<H>(s.len() as i64)
        }
        LibFn::Putchar | LibFn::Fputc => {
            let fd = if f == LibFn::Putchar { 1 } else { out_stream(h, a(1))? };
            h.emit(fd, &[b(0) as u8]);
            i32r::<H>(b(0) as u8 as i64)
        }
        LibFn::Fputs => {
            let s = h.read_cstr(a(0), None)?;
            let fd = out_stream(h, a(1))?;
            h.emit(fd, &s);
            i32r::<H>(1)
        }
        LibFn::Fwrite => {
            let n = b(1).saturating_mul(b(2));
            // The range's bounds before the stream, its bytes' state as they are written.
            if n != 0 {
                h.check(a(0), n, false)?;
            }
            let fd = out_stream(h, a(3))?;
            h.emit_bytes("memory written by fwrite", fd, a(0), n)?;
            int::<H>(b(2))
        }
        LibFn::Fflush => i32r::<H>(0),
        LibFn::Getchar | LibFn::Fgetc => {
            if f == LibFn::Fgetc {
                stdin_stream(h, a(0), "getc")?;
            }
            i32r::<H>(i64::from(h.state().stdin.getc()))
        }
        LibFn::Ungetc => {
            stdin_stream(h, a(1), "ungetc")?;
            i32r::<H>(i64::from(h.state().stdin.ungetc(sext(b(0), 32) as i32)))
        }
        LibFn::Fgets => {
            stdin_stream(h, a(2), "fgets")?;
            match h.state().stdin.fgets(sext(b(1), 32)) {
                Some(line) => {
                    h.write_bytes_nul(a(0), &line)?;
                    ptr::<H>(a(0))
                }
                None => null::<H>(),
            }
        }
        LibFn::Malloc | LibFn::New => ptr::<H>(h.heap_alloc(b(0).max(1), 16, false)?),
        LibFn::Calloc => ptr::<H>(h.heap_alloc(b(0).saturating_mul(b(1)).max(1), 16, true)?),
        LibFn::AlignedAlloc => ptr::<H>(h.heap_alloc(b(1).max(1), b(0), false)?),
        LibFn::PosixMemalign => {
            let p = h.heap_alloc(b(2).max(1), b(1), false)?;
            let n = usize::from(h.ptr_bytes());
            h.store(a(0), n, p)?;
            i32r::<H>(0)
        }
        LibFn::Free => {
            h.heap_free(a(0))?;
            Ok(None)
        }
        LibFn::Realloc => {
            let p = a(0);
            if H::bits(p) == 0 {
                return ptr::<H>(h.heap_alloc(b(1).max(1), 16, false)?);
            }
            let Some(old) = h.heap_size(p) else {
                h.heap_free(p)?;
                return null::<H>();
            };
            let n = b(1);
            if n == 0 {
                h.heap_free(p)?;
                return null::<H>();
            }
            let q = h.heap_alloc(n, 16, false)?;
            if H::bits(q) != 0 {
                h.mem_copy(q, p, H::int(old.min(n)), true)?;
                h.heap_free(p)?;
            }
            ptr::<H>(q)
        }
        LibFn::Getenv => getenv(h, a(0)),
        LibFn::Isatty | LibFn::Sleep => i32r::<H>(0),
        LibFn::Write => {
            let fd = b(0) as u8;
            if fd != 1 && fd != 2 {
                return Err(h.fail(LibError::Unsupported(format!(
                    "write to file descriptor {fd} (only 1 and 2 are supported)"
                ))));
            }
            h.emit_bytes("memory written by write", fd, a(1), b(2))?;
            int::<H>(b(2))
        }
        LibFn::Perror => {
            let mut s = if b(0) != 0 { h.read_cstr(a(0), None)? } else { Vec::new() };
            if !s.is_empty() {
                s.extend_from_slice(b": ");
            }
            let code = match h.state().errno {
                Some(p) => H::bits(h.load(p, 4)?) as u32 as i32,
                None => 0,
            };
            s.extend_from_slice(strerror(code).as_bytes());
            s.push(b'\n');
            h.emit(2, &s);
            Ok(None)
        }
        LibFn::Strtok => {
            let start = if b(0) != 0 { Some(a(0)) } else { h.state().strtok };
            let Some(start) = start else { return null::<H>() };
            let (x, set) = (h.read_cstr(start, None)?, h.read_cstr(a(1), None)?);
            let Some(k) = x.iter().position(|c| !set.contains(c)) else {
                h.state().strtok = None;
                return null::<H>();
            };
            let tok = H::offset(start, k as u64);
            match x.get(k..).and_then(|t| t.iter().position(|c| set.contains(c))) {
                Some(e) => {
                    let end = H::offset(tok, e as u64);
                    h.write_bytes(end, &[0])?;
                    h.state().strtok = Some(H::offset(end, 1));
                }
                None => h.state().strtok = None,
            }
            ptr::<H>(tok)
        }
        LibFn::Atoi | LibFn::Atol | LibFn::Strtol | LibFn::Strtoul => {
            let strto = matches!(f, LibFn::Strtol | LibFn::Strtoul);
            let base = if strto { b(2) as i32 } else { 10 };
            let bits = ret_bits.clamp(8, 64);
            let p = h.cstr_parse(a(0), |s| {
                if f == LibFn::Strtoul {
                    numparse::strtoul_bits(s, base, bits)
                } else {
                    numparse::strtol_bits(s, base, if f == LibFn::Atoi { 64 } else { bits })
                        .map(|v| v as u64)
                }
            })?;
            if strto && b(1) != 0 && p.errno != Some(numparse::Errno::Invalid) {
                end_ptr(h, a(1), H::offset(a(0), p.consumed as u64))?;
            }
            set_errno(h, p.errno)?;
            int::<H>(p.value & mask(ret_bits))
        }
        LibFn::Atof | LibFn::Strtod | LibFn::Strtof => {
            // One parse, by the function's own format: its end, `errno` (`strtof` overflows
            // where `strtod` does not) and result.
            let (consumed, errno, bits) = if f == LibFn::Strtof {
                let p = h.cstr_parse(a(0), numparse::strtof)?;
                (p.consumed, p.errno, u64::from(p.value.to_bits()))
            } else {
                let p = h.cstr_parse(a(0), numparse::strtod)?;
                (p.consumed, p.errno, p.value.to_bits())
            };
            if f != LibFn::Atof && b(1) != 0 {
                end_ptr(h, a(1), H::offset(a(0), consumed as u64))?;
            }
            set_errno(h, errno)?;
            int::<H>(bits)
        }
        LibFn::Abs => i32r::<H>(sext(b(0), 32).wrapping_abs()),
        LibFn::Labs => int::<H>(sext(b(0), 64).wrapping_abs() as u64),
        LibFn::Toupper => i32r::<H>(i64::from(Table::Upper.map(sext(b(0), 32) as i32))),
        LibFn::Tolower => i32r::<H>(i64::from(Table::Lower.map(sext(b(0), 32) as i32))),
        LibFn::Rand => i32r::<H>(i64::from(h.state().rand.next_rand())),
        LibFn::Srand => {
            h.state().rand = Rand::new(b(0) as u32);
            Ok(None)
        }
        LibFn::Time => {
            let t = crate::runtime::stdlib::FIXED_TIME;
            if b(0) != 0 {
                h.store(a(0), 8, H::int(t))?;
            }
            int::<H>(t)
        }
        LibFn::Clock => int::<H>(h.clock()),
        LibFn::Exit => Err(h.fail(LibError::Exit(b(0) as i32))),
        LibFn::Abort => Err(h.fail(LibError::Abort("abort() was called".into()))),
        LibFn::AssertFail => {
            let text = |h: &mut H, k: usize| {
                h.read_cstr(a(k), None).map(|s| String::from_utf8_lossy(&s).into_owned())
            };
            let (expr, file, func) = (text(h, 0)?, text(h, 1)?, text(h, 3)?);
            let msg = format!("{file}:{}: {func}: Assertion `{expr}' failed.", b(2) as u32);
            h.emit(2, format!("program: {msg}\n").as_bytes());
            Err(h.fail(LibError::Abort(msg)))
        }
        LibFn::Atexit => {
            h.state().atexit.push(a(0));
            i32r::<H>(0)
        }
        LibFn::ErrnoLocation => ptr::<H>(errno_cell(h)?),
        LibFn::CtypeB => ptr::<H>(ctype_cell(h, Table::Class)?),
        LibFn::CtypeToupper => ptr::<H>(ctype_cell(h, Table::Upper)?),
        LibFn::CtypeTolower => ptr::<H>(ctype_cell(h, Table::Lower)?),
        LibFn::CxaAllocateException => ptr::<H>(h.heap_alloc(b(0).max(1), 16, true)?),
        LibFn::CxaFreeException => Ok(None),
        LibFn::CxaBeginCatch => ptr::<H>(a(0)),
        LibFn::Terminate => Err(h.fail(LibError::Abort("terminate called".into()))),
        _ => match string(h, f, args)? {
            Some(r) => Ok(r),
            None => match super::math::math(f, &|i| b(i)) {
                Some(bits) => int::<H>(bits),
                None => Err(h.fail(LibError::Unknown)),
            },
        },
    }
}

/// The `<string.h>` functions of [`call`]; `None` for any other.
fn string<H: LibMemory>(
    h: &mut H,
    f: LibFn,
    args: &[H::Word],
) -> Result<Option<Option<H::Word>>, H::Fault> {
    let a = |i: usize| args.get(i).copied().unwrap_or(H::int(0));
    let b = |i: usize| H::bits(a(i));
    let at = |p: H::Word, i: Option<usize>| i.map_or(H::int(0), |i| H::offset(p, i as u64));
    let int = |v: i64| H::int(v as u64);
    let i32r = |v: i64| H::int(v as u64 & 0xffff_ffff);
    Ok(Some(Some(match f {
        LibFn::Memcpy | LibFn::Memmove => {
            h.mem_copy(a(0), a(1), a(2), f == LibFn::Memcpy)?;
            a(0)
        }
        LibFn::Memset => {
            h.mem_set(a(0), a(1), a(2))?;
            a(0)
        }
        LibFn::IntrMemcpy | LibFn::IntrMemmove => {
            h.mem_copy(a(0), a(1), a(2), f == LibFn::IntrMemcpy)?;
            return Ok(Some(None));
        }
        LibFn::IntrMemset => {
            h.mem_set(a(0), a(1), a(2))?;
            return Ok(Some(None));
        }
        LibFn::Memcmp => i32r(h.mem_cmp("memory compared by memcmp", a(0), a(1), b(2))?),
        LibFn::Bcmp => i32r(h.mem_cmp("memory compared by bcmp", a(0), a(1), b(2))?),
        LibFn::Memchr => at(a(0), h.mem_chr(a(0), b(1) as u8, b(2))?),
        LibFn::Strlen => int(h.cstr_len(a(0), None)? as i64),
        LibFn::Strnlen => int(h.cstr_len(a(0), Some(b(1) as usize))? as i64),
        LibFn::Strcmp => i32r(h.cstr_cmp(a(0), a(1), None, false)?),
        LibFn::Strncmp => i32r(h.cstr_cmp(a(0), a(1), Some(b(2) as usize), false)?),
        LibFn::Strcasecmp => i32r(h.cstr_cmp(a(0), a(1), None, true)?),
        LibFn::Strncasecmp => i32r(h.cstr_cmp(a(0), a(1), Some(b(2) as usize), true)?),
        LibFn::Strspn | LibFn::Strcspn => {
            int(h.cstr_span(a(0), a(1), f == LibFn::Strspn)?.0 as i64)
        }
        LibFn::Strpbrk => {
            let (n, hit) = h.cstr_span(a(0), a(1), false)?;
            at(a(0), hit.then_some(n))
        }
        LibFn::Strcpy | LibFn::Stpcpy => {
            let s = h.read_cstr(a(1), None)?;
            h.write_bytes_nul(a(0), &s)?;
            if f == LibFn::Stpcpy {
                H::offset(a(0), s.len() as u64)
            } else {
                a(0)
            }
        }
        LibFn::Strncpy => {
            let n = b(2) as usize;
            let mut s = h.read_cstr(a(1), Some(n))?;
            s.resize(n, 0);
            h.write_bytes(a(0), &s)?;
            a(0)
        }
        LibFn::Strcat | LibFn::Strncat => {
            let d = h.cstr_len(a(0), None)?;
            let s = h.read_cstr(a(1), (f == LibFn::Strncat).then(|| b(2) as usize))?;
            h.write_bytes_nul(H::offset(a(0), d as u64), &s)?;
            a(0)
        }
        LibFn::Strchr => at(a(0), h.cstr_chr(a(0), b(1) as u8)?),
        LibFn::Strrchr => {
            let s = h.read_cstr(a(0), None)?;
            let c = b(1) as u8;
            at(a(0), if c == 0 { Some(s.len()) } else { s.iter().rposition(|&x| x == c) })
        }
        LibFn::Strstr => at(a(0), h.cstr_find(a(0), a(1))?),
        LibFn::Strdup | LibFn::Strndup => {
            let s = h.read_cstr(a(0), (f == LibFn::Strndup).then(|| b(1) as usize))?;
            let p = h.heap_alloc(s.len() as u64 + 1, 16, false)?;
            if H::bits(p) != 0 {
                h.write_bytes_nul(p, &s)?;
            }
            p
        }
        _ => return Ok(None),
    })))
}

/// `printf`'s output for the format at `fmt` and the arguments at `va`, and whether
/// formatting succeeded (the output is then what was formatted up to the failure).
fn printf<H: LibMemory>(
    h: &mut H,
    fmt: H::Word,
    va: Va<H::Word>,
) -> Result<(Vec<u8>, bool), H::Fault> {
    let fmt = h.read_cstr(fmt, None)?;
    let mut out = Vec::with_capacity(64);
    match h.format(&fmt, va, &mut out)? {
        Ok(()) => Ok((out, true)),
        Err(FormatError::PercentN) => {
            Err(h.fail(LibError::Unsupported("printf: %n is not supported".into())))
        }
        Err(_) => Ok((out, false)),
    }
}

/// The output stream `f` is (1 or 2), or the error of a stream that is not one.
fn out_stream<H: LibMemory>(h: &mut H, f: H::Word) -> Result<u8, H::Fault> {
    match h.stream(f) {
        Some(fd @ (1 | 2)) => Ok(fd),
        _ => Err(h.fail(LibError::Unsupported(format!(
            "stream {:#x} is not stdout or stderr (files are not supported)",
            H::bits(f)
        )))),
    }
}

/// Checks that `f` is `stdin`, the one stream the library reads.
fn stdin_stream<H: LibMemory>(h: &mut H, f: H::Word, what: &str) -> Result<(), H::Fault> {
    match h.stream(f) {
        Some(0) => Ok(()),
        _ => Err(h.fail(LibError::Unsupported(format!(
            "{what}: stream {:#x} is not stdin (files are not supported)",
            H::bits(f)
        )))),
    }
}

/// Stores `end` through `endptr` (`strtol`'s second argument).
fn end_ptr<H: LibMemory>(h: &mut H, endptr: H::Word, end: H::Word) -> Result<(), H::Fault> {
    let n = usize::from(h.ptr_bytes());
    h.store(endptr, n, end)
}

/// The `errno` cell, made on first use.
fn errno_cell<H: LibMemory>(h: &mut H) -> Result<H::Word, H::Fault> {
    if let Some(p) = h.state().errno {
        return Ok(p);
    }
    let p = h.runtime_alloc(4, 4)?;
    h.state().errno = Some(p);
    Ok(p)
}

/// Sets `errno` after a number parse (`ERANGE`, `EINVAL`), if the parse says so.
fn set_errno<H: LibMemory>(h: &mut H, e: Option<numparse::Errno>) -> Result<(), H::Fault> {
    let Some(e) = e else { return Ok(()) };
    let p = errno_cell(h)?;
    h.store(p, 4, H::int(e.code() as u32 as u64))
}

/// The cell a `__ctype_*_loc` function returns the address of: a pointer to entry 0 of its
/// table, which is read-only memory (both made on first use).
fn ctype_cell<H: LibMemory>(h: &mut H, t: Table) -> Result<H::Word, H::Fault> {
    let k = t as usize;
    if let Some(Some(p)) = h.state().ctype.get(k) {
        return Ok(*p);
    }
    let bytes = t.bytes();
    let table = h.runtime_alloc(bytes.len() as u64, 16)?;
    h.write_bytes(table, &bytes)?;
    h.protect(table);
    let cell = h.runtime_alloc(8, 8)?;
    let n = usize::from(h.ptr_bytes());
    h.store(cell, n, H::offset(table, (-ctype::FIRST) as u64 * t.entry_size()))?;
    if let Some(c) = h.state().ctype.get_mut(k) {
        *c = Some(cell);
    }
    Ok(cell)
}

/// `getenv(name)`: the value of the first `NAME=VALUE` entry of the environment, read from
/// the program's memory as glibc reads `environ` (a program that changed the strings sees its
/// change), or null.
fn getenv<H: LibMemory>(h: &mut H, name: H::Word) -> R<H> {
    let Some(mut at) = h.state().environ else { return null::<H>() };
    let name = h.read_cstr(name, None)?;
    let pb = h.ptr_bytes();
    loop {
        let p = h.load(at, usize::from(pb))?;
        if H::bits(p) == 0 {
            return null::<H>();
        }
        let entry = h.read_cstr(p, None)?;
        if entry.starts_with(&name) && entry.get(name.len()) == Some(&b'=') {
            return ptr::<H>(H::offset(p, name.len() as u64 + 1));
        }
        at = H::offset(at, u64::from(pb));
    }
}
