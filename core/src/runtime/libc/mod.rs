//! The C library programs call, written once for every engine: the interpreter (over its
//! checked memory) and the wasm hosts (over a module's linear memory) implement
//! [`LibMemory`], and [`call`] runs a library function ([`LibFn`]) on it; `qsort` and
//! `bsearch`, which call back into the program, are state machines ([`sort::Sort`]) each
//! engine drives with its own calls.
//!
//! The library decides what a function does (which bytes it reads and writes, what it
//! returns, what it prints); the engine decides what a pointer is and what an access that C
//! calls undefined is reported as. The string and memory inspections ([`LibMemory::cstr_cmp`],
//! [`LibMemory::mem_chr`], ...) have plain versions here, over [`LibMemory::read_cstr`] and
//! [`LibMemory::read_bytes`], which an engine that checks each byte it reads overrides.

mod call;
mod math;
pub mod sort;

pub use call::call;

use super::format::FormatError;
use super::input::Stdin;
use super::numparse::Parsed;
use super::stdlib::Rand;

/// Why a library call ends the program or fails, before the engine turns it into its own
/// report ([`LibMemory::fail`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibError {
    /// Something the library does not support (files, `%n`): a runtime error.
    Unsupported(String),
    /// A misuse C calls undefined that the library itself detects.
    Misuse(String),
    /// `exit(status)`.
    Exit(i32),
    /// `abort()`, a failed assertion, `std::terminate`: the message.
    Abort(String),
    /// Not a function [`call`] runs (an intrinsic, `qsort`, an unknown name).
    Unknown,
}

/// Where a variadic function's extra arguments are.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Va<W> {
    /// The call's own arguments, from this index on.
    Args(usize),
    /// A `va_list` (the `v*printf` functions).
    List(W),
}

/// The C library's own state, the same for every engine (`W`: the engine's [`LibMemory::Word`]).
#[derive(Clone, Debug)]
pub struct LibState<W> {
    /// Handlers registered with `atexit`, in registration order.
    pub atexit: Vec<W>,
    /// The `rand` generator.
    pub rand: Rand,
    /// Standard input.
    pub stdin: Stdin,
    /// The `errno` cell, once made.
    pub errno: Option<W>,
    /// `strtok`'s saved position (none at the start and after the last token).
    pub strtok: Option<W>,
    /// The cells `__ctype_b_loc`, `__ctype_toupper_loc` and `__ctype_tolower_loc` return.
    pub ctype: [Option<W>; 3],
    /// The environment `getenv` searches: a null-terminated array of pointers to
    /// `NAME=VALUE` strings (`main`'s `envp`), once the engine made one; none is empty.
    pub environ: Option<W>,
}

impl<W> LibState<W> {
    /// Fresh state reading `stdin`.
    pub fn new(stdin: Stdin) -> LibState<W> {
        LibState {
            atexit: Vec::new(),
            rand: Rand::new(1),
            stdin,
            errno: None,
            strtok: None,
            ctype: [None, None, None],
            environ: None,
        }
    }
}

/// What the library runs on: scalar words, the program's memory and heap, its output and
/// the library's state. Every method that can fail returns the engine's own [`Self::Fault`].
pub trait LibMemory {
    /// A scalar argument or result: an integer, a float's bits or a pointer, with whatever
    /// the engine tracks of it (provenance, definedness).
    type Word: Copy;
    /// How a call fails: the engine's report of undefined behaviour, an error, an exit.
    type Fault;

    /// A word's bits (an integer zero-extended, a float's bits, an address).
    fn bits(w: Self::Word) -> u64;
    /// A plain integer word (no provenance).
    fn int(bits: u64) -> Self::Word;
    /// Pointer `p` moved `n` bytes on (keeping what the engine tracks of it).
    fn offset(p: Self::Word, n: u64) -> Self::Word {
        Self::int(Self::bits(p).wrapping_add(n))
    }
    /// The engine's report of a library error.
    fn fail(&self, e: LibError) -> Self::Fault;
    /// The library's state.
    fn state(&mut self) -> &mut LibState<Self::Word>;
    /// The size of a pointer (and of `long`) in memory.
    fn ptr_bytes(&self) -> u8;
    /// What `clock()` returns.
    fn clock(&self) -> u64;

    /// Checks that `n` bytes at `p` may be read (or written, with `write`).
    fn check(&mut self, p: Self::Word, n: u64, write: bool) -> Result<(), Self::Fault>;
    /// Reads a little-endian scalar of `n` (at most 8) bytes at `p`.
    fn load(&mut self, p: Self::Word, n: usize) -> Result<Self::Word, Self::Fault>;
    /// Writes the scalar `v` as `n` (at most 8) little-endian bytes at `p`.
    fn store(&mut self, p: Self::Word, n: usize, v: Self::Word) -> Result<(), Self::Fault>;
    /// The `n` bytes at `p`.
    fn read_bytes(&mut self, p: Self::Word, n: u64) -> Result<Vec<u8>, Self::Fault>;
    /// The NUL-terminated string at `p`, without its NUL: at most `max` bytes, where an
    /// unterminated string is fine.
    fn read_cstr(&mut self, p: Self::Word, max: Option<usize>) -> Result<Vec<u8>, Self::Fault>;
    /// Writes defined bytes at `p`.
    fn write_bytes(&mut self, p: Self::Word, b: &[u8]) -> Result<(), Self::Fault>;
    /// Writes `b` and a NUL at `p` (one access).
    fn write_bytes_nul(&mut self, p: Self::Word, b: &[u8]) -> Result<(), Self::Fault> {
        let mut z = Vec::with_capacity(b.len() + 1);
        z.extend_from_slice(b);
        z.push(0);
        self.write_bytes(p, &z)
    }
    /// Copies `n` bytes from `s` to `d` (`memcpy` with `nooverlap`, else `memmove`).
    fn mem_copy(
        &mut self,
        d: Self::Word,
        s: Self::Word,
        n: Self::Word,
        nooverlap: bool,
    ) -> Result<(), Self::Fault>;
    /// `memset(d, byte, n)`.
    fn mem_set(
        &mut self,
        d: Self::Word,
        byte: Self::Word,
        n: Self::Word,
    ) -> Result<(), Self::Fault>;
    /// A new heap block of `size` bytes aligned to `align` (zeroed with `zero`), or null when
    /// the heap is full.
    fn heap_alloc(&mut self, size: u64, align: u64, zero: bool) -> Result<Self::Word, Self::Fault>;
    /// `free(p)`.
    fn heap_free(&mut self, p: Self::Word) -> Result<(), Self::Fault>;
    /// The size of the live heap block starting at `p`.
    fn heap_size(&mut self, p: Self::Word) -> Option<u64>;
    /// Memory of the library's own (`errno`, the ctype tables, `qsort`'s buffer): `size`
    /// zeroed bytes aligned to `align`.
    fn runtime_alloc(&mut self, size: u64, align: u64) -> Result<Self::Word, Self::Fault>;
    /// Makes the library's memory at `p` read-only for the program.
    fn protect(&mut self, _p: Self::Word) {}
    /// Gives back memory of [`LibMemory::runtime_alloc`].
    fn runtime_free(&mut self, p: Self::Word);
    /// Appends to standard output (1) or standard error (2).
    fn emit(&mut self, fd: u8, b: &[u8]);
    /// The stream a `FILE *` is: 0 for `stdin`, 1 for `stdout`, 2 for `stderr`.
    fn stream(&self, f: Self::Word) -> Option<u8>;
    /// Formats `fmt` with `printf`'s rules and the arguments at `va` into `out` (what was
    /// formatted up to a failure); a failure to fetch an argument is the engine's fault.
    fn format(
        &mut self,
        fmt: &[u8],
        va: Va<Self::Word>,
        out: &mut Vec<u8>,
    ) -> Result<Result<(), FormatError>, Self::Fault>;
    /// The `k`th pointer of the variadic arguments at `va` (where `scanf` stores item `k`).
    fn va_ptr(&mut self, va: Va<Self::Word>, k: usize) -> Result<Self::Word, Self::Fault>;

    /// Writes the `n` bytes at `p` to standard output (1) or standard error (2) (`fwrite`,
    /// `write`, named by `what`).
    fn emit_bytes(
        &mut self,
        _what: &str,
        fd: u8,
        p: Self::Word,
        n: u64,
    ) -> Result<(), Self::Fault> {
        let b = self.read_bytes(p, n)?;
        self.emit(fd, &b);
        Ok(())
    }
    /// The length of the string at `p` (at most `max`).
    fn cstr_len(&mut self, p: Self::Word, max: Option<usize>) -> Result<usize, Self::Fault> {
        self.read_cstr(p, max).map(|s| s.len())
    }
    /// `strcmp`, `strncmp` (`max`), `strcasecmp`, `strncasecmp` (`fold`).
    fn cstr_cmp(
        &mut self,
        p: Self::Word,
        q: Self::Word,
        max: Option<usize>,
        fold: bool,
    ) -> Result<i64, Self::Fault> {
        let (x, y) = (self.read_cstr(p, max)?, self.read_cstr(q, max)?);
        let low = |c: u8| i64::from(if fold { c.to_ascii_lowercase() } else { c });
        let o = x.iter().chain([&0]).zip(y.iter().chain([&0])).map(|(c, d)| low(*c) - low(*d));
        let d = o.take(max.unwrap_or(usize::MAX)).find(|&d| d != 0).unwrap_or(0);
        Ok(d)
    }
    /// `strchr`: the offset of the first `c` (or, for 0, of the NUL) in the string at `p`.
    fn cstr_chr(&mut self, p: Self::Word, c: u8) -> Result<Option<usize>, Self::Fault> {
        let s = self.read_cstr(p, None)?;
        Ok(if c == 0 { Some(s.len()) } else { s.iter().position(|&x| x == c) })
    }
    /// The length of the initial run of the string at `p` whose bytes are in the string `set`
    /// (`accept`) or not in it, and whether a byte other than the NUL ended it.
    fn cstr_span(
        &mut self,
        p: Self::Word,
        set: Self::Word,
        accept: bool,
    ) -> Result<(usize, bool), Self::Fault> {
        let (x, set) = (self.read_cstr(p, None)?, self.read_cstr(set, None)?);
        let n = x.iter().position(|c| set.contains(c) != accept);
        Ok((n.unwrap_or(x.len()), n.is_some()))
    }
    /// `strstr`: the offset of the first occurrence of the string `needle` in the one at `p`.
    fn cstr_find(
        &mut self,
        p: Self::Word,
        needle: Self::Word,
    ) -> Result<Option<usize>, Self::Fault> {
        let (h, n) = (self.read_cstr(p, None)?, self.read_cstr(needle, None)?);
        Ok(if n.is_empty() { Some(0) } else { h.windows(n.len()).position(|w| w == n) })
    }
    /// A number parsed by `parse` from the string at `p`.
    fn cstr_parse<T>(
        &mut self,
        p: Self::Word,
        parse: impl FnOnce(&[u8]) -> Parsed<T>,
    ) -> Result<Parsed<T>, Self::Fault> {
        self.read_cstr(p, None).map(|s| parse(&s))
    }
    /// `memcmp` and `bcmp` (`what` names it).
    fn mem_cmp(
        &mut self,
        _what: &str,
        p: Self::Word,
        q: Self::Word,
        n: u64,
    ) -> Result<i64, Self::Fault> {
        let (x, y) = (self.read_bytes(p, n)?, self.read_bytes(q, n)?);
        let d = x.iter().zip(&y).find(|(c, d)| c != d);
        Ok(d.map_or(0, |(c, d)| i64::from(*c) - i64::from(*d)))
    }
    /// `memchr`: the offset of the first byte `c` among the `n` at `p`, reading up to it.
    fn mem_chr(&mut self, p: Self::Word, c: u8, n: u64) -> Result<Option<usize>, Self::Fault> {
        for k in 0..n {
            if self.read_bytes(Self::offset(p, k), 1)?.first() == Some(&c) {
                return Ok(Some(k as usize));
            }
        }
        Ok(None)
    }
}
