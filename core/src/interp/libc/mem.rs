//! The interpreter's side of the C library's memory ([`crate::runtime::libc::LibMemory`],
//! bound in `libc/mod.rs`): C strings, byte ranges, the heap (`malloc`/`free` with
//! double-free and invalid-free detection), program output, and `printf` argument sources
//! over IR call operands or a `va_list`.
//!
//! The string and memory functions here check the bytes a C function inspects, in place:
//! their bounds, and their shadow (an undef or poison byte the function's result or output
//! depends on is undefined behaviour, reported with the byte's offset and origin). A search
//! or comparison checks up to and including the byte where it stops, no further.

use crate::interp::memory::{AllocKind, PARTIAL, TAINT};
use crate::interp::poison::origin::TaintKind;
use crate::interp::report::{ErrorKind, Fault, MallocFailure, Res, UbKind};
use crate::interp::state::Interp;
use crate::interp::value::{Slot, Val};
use crate::ir::{FloatKind, TypeId};
use crate::runtime::format::{ArgSource, FormatError};
use crate::runtime::numparse::Parsed;
use crate::runtime::output::Stream;

/// Longest C string the runtime reads.
const MAX_STR: u64 = 1 << 28;

impl Interp<'_> {
    /// The bytes of the NUL-terminated string at `p` (without the NUL), at most `max` bytes,
    /// with room for one more (callers often append a NUL or newline).
    pub fn read_cstr(&mut self, p: Slot, max: Option<usize>) -> Res<Vec<u8>> {
        self.mem.store_at(p)?;
        let (idx, off, n) = self.cstr_at(p, max)?;
        let src = self.mem.allocs.get(idx).and_then(|a| a.bytes.get(off..off + n)).unwrap_or(&[]);
        let mut v = Vec::with_capacity(n + 1);
        v.extend_from_slice(src);
        Ok(v)
    }

    /// The length of the NUL-terminated string at `p` (as `read_cstr(p, max)` would read it).
    pub fn cstr_len(&mut self, p: Slot, max: Option<usize>) -> Res<usize> {
        self.mem.store_at(p)?;
        self.cstr_at(p, max).map(|(_, _, n)| n)
    }

    /// The string `read_cstr` reads, in place: its bytes (without the NUL).
    pub fn cstr_bytes(&self, p: Slot, max: Option<usize>) -> Res<&[u8]> {
        let (idx, off, n) = self.cstr_at(p, max)?;
        Ok(self.mem.allocs.get(idx).and_then(|a| a.bytes.get(off..off + n)).unwrap_or(&[]))
    }

    /// The allocation, offset and length of the string `read_cstr` reads.
    fn cstr_at(&self, p: Slot, max: Option<usize>) -> Res<(usize, usize, usize)> {
        let (idx, off, a) = self.cstr_start(p)?;
        let limit = max.map_or(MAX_STR as usize, |m| m.min(MAX_STR as usize));
        let (avail, win) = window(a, off, limit);
        // The bytes the search read: up to the NUL, or `limit` bytes when it found none.
        let (n, read) = match find_byte(win, 0) {
            Some(n) => (n, n + 1),
            None if avail.len() >= limit => (limit, limit),
            None => return Err(self.unterminated(p, idx)),
        };
        // The library decides on every byte up to the terminator (it looks for the NUL): an
        // undef or poison one among them is undefined behaviour, as a branch on it would be.
        if let Some((k, x)) = first_tainted(shadow_of(a, off, read)) {
            let end = if k == n { FOUND_NUL } else { "" };
            return Err(self.byte_fault("string", p, k, x, end));
        }
        Ok((idx, off, n))
    }

    /// The allocation and offset of the string at `p` (a valid pointer, checked for an access
    /// of no bytes: each function checks the bytes it reads).
    /// (The caller has stored the allocation's shadow: [`Memory::store_at`].)
    fn cstr_start(&self, p: Slot) -> Res<(usize, usize, &crate::interp::memory::Alloc)> {
        let (idx, off) = self.mem.check_bounds(p, 0, false)?;
        let Some(a) = self.mem.allocs.get(idx).filter(|a| !a.lazy) else {
            return Err(Fault::Error(ErrorKind::Internal, "no allocation or no shadow".into()));
        };
        Ok((idx, off, a))
    }

    /// Checks the `read` bytes a search of the string at `p` (offset `off` of allocation `a`,
    /// whose bytes from there are `win`) inspected: an undef or poison one among them is
    /// undefined behaviour. `by` says what read them, for the report.
    fn searched(
        &self,
        a: &crate::interp::memory::Alloc,
        off: usize,
        read: usize,
        win: &[u8],
        p: Slot,
        by: Reader,
    ) -> Res<()> {
        if let Some((k, x)) = first_tainted(shadow_of(a, off, read)) {
            let end = match (by, win.get(k)) {
                _ if k + 1 != read => "",
                (Reader::Search, Some(0)) => FOUND_NUL,
                (Reader::Search, _) => ", where the search stopped",
                (Reader::Number, _) => ", which the parse read to find the number's end",
            };
            return Err(self.byte_fault("string", p, k, x, end));
        }
        Ok(())
    }

    /// The report of a string that runs past the end of its allocation.
    #[cold]
    fn unterminated(&self, p: Slot, idx: usize) -> Fault {
        Fault::ub(
            UbKind::OutOfBounds,
            format!(
                "string at {:#x} is not NUL-terminated within its {}",
                p.bits,
                self.mem.describe(idx)
            ),
        )
    }

    /// The report of an undef or poison byte (shadow `x`) at offset `k` of the memory at `p` a
    /// library function inspected (`what`: "string", "memory compared by memcmp", ...).
    #[cold]
    fn byte_fault(&self, what: &str, p: Slot, k: usize, x: u32, end: &str) -> Fault {
        let o = if x & TAINT != 0 { x & !TAINT } else { self.origins.partly_uninit() };
        let kind = if self.origins.kind(o) == Some(TaintKind::Undef) {
            "an uninitialized (undef)"
        } else {
            "a poison"
        };
        Fault::ub_from(
            UbKind::LibraryMisuse,
            format!("{what} at {:#x} has {kind} byte at offset {k}{end}", p.bits),
            o.max(1),
        )
    }

    /// The first undef or poison byte of two ranges inspected in step (`x[0]`, `y[0]`,
    /// `x[1]`, ...) as a fault: the one at the lower offset, `x`'s at the same offset; `end`
    /// is said of a byte at `last`, where the inspection stopped.
    fn pair_fault(
        &self,
        what: &str,
        (p, xs): (Slot, &[u32]),
        (q, ys): (Slot, &[u32]),
        last: usize,
        end: &str,
    ) -> Res<()> {
        let (kx, ky) = (first_tainted(xs), first_tainted(ys));
        let (at, (k, x)) = match (kx, ky) {
            (None, None) => return Ok(()),
            (Some(a), Some(b)) if b.0 < a.0 => (q, b),
            (Some(a), _) => (p, a),
            (None, Some(b)) => (q, b),
        };
        Err(self.byte_fault(what, at, k, x, if k == last { end } else { "" }))
    }

    /// `strcmp`, `strncmp` (`max`), `strcasecmp`, `strncasecmp` (`fold`): compares the strings
    /// at `p` and `q` byte by byte up to the first difference or their common terminator, and
    /// checks exactly those bytes of each (bounds, then undef or poison state).
    pub fn cstr_cmp(&mut self, p: Slot, q: Slot, max: Option<usize>, fold: bool) -> Res<i64> {
        self.mem.store_at(p)?;
        self.mem.store_at(q)?;
        let (ia, oa, a) = self.cstr_start(p)?;
        let (ib, ob, b) = self.cstr_start(q)?;
        let limit = max.map_or(MAX_STR as usize, |m| m.min(MAX_STR as usize));
        let (xa, xb) = (a.bytes.get(oa..).unwrap_or(&[]), b.bytes.get(ob..).unwrap_or(&[]));
        let m = xa.len().min(xb.len()).min(limit);
        let low = |c: u8| if fold { c.to_ascii_lowercase() } else { c };
        let (ya, yb) = (xa.get(..m).unwrap_or(xa), xb.get(..m).unwrap_or(xb));
        let stop = if fold {
            ya.iter().zip(yb).position(|(&c, &d)| low(c) != low(d) || c == 0)
        } else {
            ya.iter().zip(yb).position(|(&c, &d)| c != d || c == 0)
        };
        let read = match stop {
            Some(i) => i + 1,
            None if m == limit => limit,
            // Equal so far, and one string (`p` first) ends with its allocation.
            None if xa.len() == m => return Err(self.unterminated(p, ia)),
            None => return Err(self.unterminated(q, ib)),
        };
        self.pair_fault(
            "string",
            (p, shadow_of(a, oa, read)),
            (q, shadow_of(b, ob, read)),
            read.wrapping_sub(1),
            ", where the comparison stopped",
        )?;
        Ok(stop.and_then(|i| Some(low(*xa.get(i)?) as i64 - low(*xb.get(i)?) as i64)).unwrap_or(0))
    }

    /// The offset of the first `c` (or of the NUL) in the string at `p`, checking the bytes up
    /// to that one (`strchr` and, with `c` 0, the terminator); `None` if `c` is not found.
    pub fn cstr_chr(&mut self, p: Slot, c: u8) -> Res<Option<usize>> {
        self.mem.store_at(p)?;
        let (idx, off, a) = self.cstr_start(p)?;
        let limit = MAX_STR as usize;
        let (avail, win) = window(a, off, limit);
        let (found, read) = match if c == 0 { find_byte(win, 0) } else { find_either(win, c, 0) } {
            Some(i) => (win.get(i).is_some_and(|&b| b == c).then_some(i), i + 1),
            None if avail.len() >= limit => ((c == 0).then_some(limit), limit),
            None => return Err(self.unterminated(p, idx)),
        };
        self.searched(a, off, read, win, p, Reader::Search)?;
        Ok(found)
    }

    /// The length of the initial run of the string at `p` whose bytes are in the string `set`
    /// (`strspn`, `accept`) or not in it (`strcspn`, `strpbrk`): the set is read whole, the
    /// string up to and including the byte that ends the run (its NUL at the latest). Also
    /// whether a byte other than the NUL ended it.
    pub fn cstr_span(&mut self, p: Slot, set: Slot, accept: bool) -> Res<(usize, bool)> {
        self.mem.store_at(p)?;
        self.mem.store_at(set)?;
        let (idx, off, a) = self.cstr_start(p)?;
        let set = self.cstr_bytes(set, None)?;
        let limit = MAX_STR as usize;
        let (avail, win) = window(a, off, limit);
        let (n, read) = match win.iter().position(|c| *c == 0 || set.contains(c) != accept) {
            Some(i) => (i, i + 1),
            None if avail.len() >= limit => (limit, limit),
            None => return Err(self.unterminated(p, idx)),
        };
        self.searched(a, off, read, win, p, Reader::Search)?;
        Ok((n, win.get(n).is_some_and(|&c| c != 0)))
    }

    /// `strstr`: the offset of the first occurrence of the string `needle` in the string at
    /// `p`. The needle is read whole; the haystack up to the end of the first occurrence, or
    /// to its NUL when there is none.
    pub fn cstr_find(&mut self, p: Slot, needle: Slot) -> Res<Option<usize>> {
        self.mem.store_at(p)?;
        self.mem.store_at(needle)?;
        let (idx, off, a) = self.cstr_start(p)?;
        let nd = self.cstr_bytes(needle, None)?;
        let limit = MAX_STR as usize;
        let (avail, win) = window(a, off, limit);
        let len = find_byte(win, 0);
        let hay = win.get(..len.unwrap_or(win.len())).unwrap_or(win);
        let found =
            if nd.is_empty() { Some(0) } else { hay.windows(nd.len()).position(|w| w == nd) };
        let read = match (found, len) {
            (Some(i), _) => i + nd.len(),
            (None, Some(n)) => n + 1,
            (None, None) if avail.len() >= limit => limit,
            (None, None) => return Err(self.unterminated(p, idx)),
        };
        if let Some((k, x)) = first_tainted(shadow_of(a, off, read)) {
            let end = if found.is_none() && Some(k) == len { FOUND_NUL } else { "" };
            return Err(self.byte_fault("string", p, k, x, end));
        }
        Ok(found)
    }

    /// A number parsed from the string at `p` (`atoi`, `strtol`, `strtod`, ...): `parse` gets
    /// its bytes up to the NUL unchecked, and the bytes it inspected (`Parsed::read`: up to
    /// and including the one that ended the number) must be in bounds and neither undef nor
    /// poison. Bytes after the number are not read, as the C functions do not read them.
    pub fn cstr_parse<T>(
        &mut self,
        p: Slot,
        parse: impl FnOnce(&[u8]) -> Parsed<T>,
    ) -> Res<Parsed<T>> {
        self.mem.store_at(p)?;
        let (idx, off, a) = self.cstr_start(p)?;
        let limit = MAX_STR as usize;
        let (avail, win) = window(a, off, limit);
        let nul = find_byte(win, 0);
        let r = parse(win.get(..nul.unwrap_or(win.len())).unwrap_or(win));
        // Without a NUL the parse reads the byte after the window only when it reaches it.
        if nul.is_none() && r.read > win.len() && avail.len() < limit {
            return Err(self.unterminated(p, idx));
        }
        self.searched(a, off, r.read.min(win.len()), win, p, Reader::Number)?;
        Ok(r)
    }

    /// `memcmp` and `bcmp` (`what` names it): both ranges of `n` bytes must be in bounds; the
    /// comparison inspects the bytes up to and including the first difference, which must be
    /// neither undef nor poison.
    pub fn mem_cmp(&mut self, what: &str, p: Slot, q: Slot, n: u64) -> Res<i64> {
        self.mem.store_at(p)?;
        self.mem.store_at(q)?;
        if n == 0 {
            return Ok(0);
        }
        let la = self.mem.check_bounds(p, n, false)?;
        let lb = self.mem.check_bounds(q, n, false)?;
        let ((xa, sa), (xb, sb)) = (self.mem.range(la, n as usize), self.mem.range(lb, n as usize));
        let stop = xa.iter().zip(xb).position(|(c, d)| c != d);
        let read = stop.map_or(n as usize, |i| i + 1);
        let (sa, sb) = (sa.get(..read).unwrap_or(sa), sb.get(..read).unwrap_or(sb));
        self.pair_fault(what, (p, sa), (q, sb), read - 1, ", where the comparison stopped")?;
        Ok(stop.and_then(|i| Some(*xa.get(i)? as i64 - *xb.get(i)? as i64)).unwrap_or(0))
    }

    /// `memchr`: the offset of the first byte `c` among the `n` bytes at `p`. As C17 7.24.5.1
    /// says, it reads the bytes in order and stops at a match: those up to and including it
    /// (all `n` when there is none) must be in bounds and neither undef nor poison.
    pub fn mem_chr(&mut self, p: Slot, c: u8, n: u64) -> Res<Option<usize>> {
        self.mem.store_at(p)?;
        if n == 0 {
            return Ok(None);
        }
        let (idx, off) = self.mem.check_bounds(p, 0, false)?;
        let left = self.mem.allocs.get(idx).map_or(0, |a| a.size.saturating_sub(off as u64));
        let lim = n.min(left) as usize;
        let (x, s) = self.mem.range((idx, off), lim);
        let found = find_byte(x, c);
        if found.is_none() && n > left {
            // The search runs past the allocation: the report of an access of all `n`.
            self.mem.check_bounds(p, n, false)?;
        }
        let read = found.map_or(lim, |i| i + 1);
        if let Some((k, t)) = first_tainted(s.get(..read).unwrap_or(s)) {
            let end = if found == Some(k) { ", where the search stopped" } else { "" };
            return Err(self.byte_fault("memory searched by memchr", p, k, t, end));
        }
        Ok(found)
    }

    /// Writes the `n` bytes at `p` to standard output (1) or standard error (2) (`fwrite`,
    /// `write`, named by `what`): the output shows every byte, so an undef or poison one is
    /// reported as `printf("%s")` and `puts` report one in a string.
    pub fn emit_bytes(&mut self, what: &str, fd: u8, p: Slot, n: u64) -> Res<()> {
        if n == 0 {
            return Ok(());
        }
        let loc = self.mem.check(p, n, false)?;
        let (x, s) = self.mem.range(loc, n as usize);
        if let Some((k, t)) = first_tainted(s) {
            return Err(self.byte_fault(what, p, k, t, ""));
        }
        let stream = if fd == 2 { Stream::Stderr } else { Stream::Stdout };
        match self.out.emit(stream, x) {
            Ok(()) => Ok(()),
            Err(s) => Err(self.output_fault(s)),
        }
    }

    /// Writes defined bytes at `p` followed by a NUL (one access of `b.len() + 1` bytes).
    pub fn write_bytes_nul(&mut self, p: Slot, b: &[u8]) -> Res<()> {
        let n = b.len() + 1;
        let loc = self.mem.check(p, n as u64, true)?;
        let (d, s) = self.mem.range_mut(loc, n);
        if let Some((last, head)) = d.split_last_mut() {
            head.copy_from_slice(b);
            *last = 0;
        }
        s.fill(0);
        Ok(())
    }

    /// Writes defined bytes at `p`.
    pub fn write_bytes(&mut self, p: Slot, b: &[u8]) -> Res<()> {
        if b.is_empty() {
            return Ok(());
        }
        let loc = self.mem.check(p, b.len() as u64, true)?;
        let (d, s) = self.mem.range_mut(loc, b.len());
        d.copy_from_slice(b);
        s.fill(0);
        Ok(())
    }

    /// Reads a scalar of `n` bytes at `p`.
    pub fn load_slot(&mut self, p: Slot, n: usize) -> Res<Slot> {
        let (i, o) = self.mem.check(p, n as u64, false)?;
        Ok(self.mem.read_slot(i, o, n, &mut self.origins))
    }

    /// Writes a scalar of `n` bytes at `p`.
    pub fn store_slot(&mut self, p: Slot, n: usize, v: Slot) -> Res<()> {
        let (i, o) = self.mem.check(p, n as u64, true)?;
        self.mem.write_slot(i, o, n, v, &self.origins);
        Ok(())
    }

    /// `malloc`: a new heap block (uninitialized, or zeroed), or null past the memory limit.
    pub fn heap_alloc(&mut self, size: u64, align: u64, zero: bool) -> Res<Slot> {
        let init = if zero { 0 } else { TAINT | self.heap_origin };
        match self.mem.alloc(size, align.max(16), AllocKind::Heap, init) {
            Ok(idx) => {
                let site = self.site_here();
                if let Some(a) = self.mem.allocs.get_mut(idx as usize) {
                    a.site = site;
                }
                Ok(self.ptr_to(idx))
            }
            Err(Fault::Error(ErrorKind::OutOfMemory, m)) => {
                if self.malloc_failed.is_none() && m.contains("memory limit") {
                    self.malloc_failed = Some(MallocFailure {
                        span: (self.ctx.0.start, self.ctx.0.end),
                        function: self.fname(self.ctx.1),
                        size,
                        limit: self.mem.max,
                    });
                }
                Ok(Slot::int(0))
            }
            Err(e) => Err(e),
        }
    }

    /// `free`: checks that `p` is the start of a live heap block.
    pub fn heap_free(&mut self, p: Slot) -> Res<()> {
        if p.poison != 0 {
            return Err(Fault::ub_from(
                UbKind::InvalidFree,
                "free of a poison or undef pointer",
                p.poison,
            ));
        }
        if p.bits == 0 {
            return Ok(());
        }
        let Some(idx) = self.mem.alloc_of(p) else {
            // No live block there: a freed one (through an address without provenance)?
            return Err(match self.mem.dead_at(p.bits, None) {
                Some(b) if b.what == "heap block" => Fault::UbBlock(
                    UbKind::DoubleFree,
                    format!("free({:#x}) of heap#{}, a block already freed", p.bits, b.serial),
                    Box::new(b),
                ),
                _ => Fault::ub(
                    UbKind::InvalidFree,
                    format!("free({:#x}): not a heap allocation", p.bits),
                ),
            });
        };
        let Some(a) = self.mem.allocs.get(idx as usize) else {
            return Err(Fault::ub(UbKind::InvalidFree, "free of an unknown pointer"));
        };
        if a.kind != AllocKind::Heap {
            let msg = format!("free({:#x}) of a {}", p.bits, self.mem.describe(idx as usize));
            return Err(match self.mem.block(idx as usize) {
                Some(b) if b.what == "stack slot" => {
                    Fault::UbBlock(UbKind::InvalidFree, msg, Box::new(b))
                }
                _ => Fault::ub(UbKind::InvalidFree, msg),
            });
        }
        if !a.live || p.bits < a.base {
            // Freed before (its record may have been reused since by a newer block).
            let b = self.mem.dead_at(p.bits, Some(idx));
            if b.is_some() || !a.live {
                let b = b.or_else(|| self.mem.block(idx as usize));
                let (what, into) = match b {
                    Some(b) => (format!("heap#{}, ", b.serial), b.base != p.bits),
                    None => (String::new(), false),
                };
                let msg = if into {
                    format!("free({:#x}) of a pointer into {what}a block already freed", p.bits)
                } else {
                    format!("free({:#x}) of {what}a block already freed", p.bits)
                };
                return Err(match b {
                    Some(b) => Fault::UbBlock(UbKind::DoubleFree, msg, Box::new(b)),
                    None => Fault::ub(UbKind::DoubleFree, msg),
                });
            }
        }
        if a.base != p.bits {
            let msg = format!(
                "free({:#x}) of a pointer {} bytes into heap#{}, a block of {} bytes",
                p.bits,
                p.bits.wrapping_sub(a.base),
                a.serial,
                a.size
            );
            return Err(match self.mem.block(idx as usize) {
                Some(b) => Fault::UbBlock(UbKind::InvalidFree, msg, Box::new(b)),
                None => Fault::ub(UbKind::InvalidFree, msg),
            });
        }
        let site = self.site_here();
        if let Some(a) = self.mem.allocs.get_mut(idx as usize) {
            a.freed = site;
        }
        self.mem.release(idx);
        Ok(())
    }

    /// The size of the live heap block starting at `p`.
    pub fn heap_size(&self, p: Slot) -> Option<u64> {
        let a = self.mem.allocs.get(self.mem.alloc_of(p)? as usize)?;
        (a.live && a.kind == AllocKind::Heap && a.base == p.bits).then_some(a.size)
    }

    /// Appends to standard output (1) or standard error (2); when output stops the program,
    /// the fault waits in `out_fault` for the library call to return.
    pub fn emit(&mut self, fd: u8, b: &[u8]) {
        let stream = if fd == 2 { Stream::Stderr } else { Stream::Stdout };
        if let Err(s) = self.out.emit(stream, b) {
            if self.out_fault.is_none() {
                self.out_fault = Some(self.output_fault(s));
            }
        }
    }

    /// An interpreter error for library functions.
    pub fn lib_error(msg: String) -> Fault {
        Fault::Error(ErrorKind::Unsupported, msg)
    }
}

/// `printf` arguments: the extra operands of an IR call, or a `va_list` in memory.
pub struct Args<'a, 'm> {
    /// The interpreter.
    pub it: &'a mut Interp<'m>,
    /// Call operands (when not from a `va_list`).
    pub vals: &'a [Val],
    /// The next operand.
    pub next: usize,
    /// The `va_list` pointer, when reading from one.
    pub ap: Option<Slot>,
    /// A fault raised while fetching an argument.
    pub fault: Option<Fault>,
}

impl Args<'_, '_> {
    fn fetch(&mut self, ty: TypeId) -> Result<Val, FormatError> {
        if let Some(ap) = self.ap {
            return match self.it.va_arg(ap, ty) {
                Ok(v) => Ok(v),
                Err(f) => {
                    self.fault = Some(f);
                    Err(FormatError::Argument("bad va_list access".into()))
                }
            };
        }
        let v = self.vals.get(self.next).cloned();
        self.next += 1;
        v.ok_or_else(|| {
            self.fault = Some(Fault::ub(
                UbKind::LibraryMisuse,
                "printf format needs more arguments than were passed",
            ));
            FormatError::Argument("missing argument".into())
        })
    }

    fn ptr(&mut self) -> Result<Slot, FormatError> {
        Ok(self.fetch(TypeId::PTR)?.slot())
    }
}

impl ArgSource for Args<'_, '_> {
    fn int(&mut self, bytes: u8, signed: bool) -> Result<i128, FormatError> {
        let v = self.fetch(if bytes > 4 { TypeId::I64 } else { TypeId::I32 })?;
        let bits = v.slot().bits;
        let n = (bytes as u32 * 8).min(64);
        Ok(if signed {
            crate::interp::value::sext(bits, n) as i128
        } else {
            (bits & crate::interp::value::mask(n)) as i128
        })
    }
    fn double(&mut self) -> Result<f64, FormatError> {
        Ok(f64::from_bits(self.fetch(TypeId::DOUBLE)?.slot().bits))
    }
    fn long_double(&mut self) -> Result<f64, FormatError> {
        let t = self.it.m.types.lookup_float(FloatKind::X86Fp80).unwrap_or(TypeId::DOUBLE);
        let v = self.fetch(t)?;
        Ok(match &v {
            Val::W { words, .. } => crate::semantics::fp::to_f64(
                FloatKind::X86Fp80,
                words.first().copied().unwrap_or(0) as u128
                    | (words.get(1).copied().unwrap_or(0) as u128) << 64,
            ),
            v => f64::from_bits(v.slot().bits),
        })
    }
    fn pointer(&mut self) -> Result<u64, FormatError> {
        Ok(self.ptr()?.bits)
    }
    fn string(&mut self, max: Option<usize>) -> Result<Option<Vec<u8>>, FormatError> {
        let p = self.ptr()?;
        if p.bits == 0 && p.poison == 0 {
            return Ok(None);
        }
        match self.it.read_cstr(p, max) {
            Ok(s) => Ok(Some(s)),
            Err(f) => {
                self.fault = Some(f);
                Err(FormatError::Argument("bad string argument".into()))
            }
        }
    }
}

impl crate::ir::TypeStore {
    /// The id of a float type if interned (interpreter helper).
    pub fn lookup_float(&self, k: FloatKind) -> Option<TypeId> {
        (0..self.len() as u32).map(TypeId::from_u32).find(|&t| self.float_kind(t) == Some(k))
    }
}

/// Said of an undef or poison byte where a search for a string's NUL stopped.
const FOUND_NUL: &str = ", where the search for its NUL stopped";
/// What read the bytes of a string up to where it stopped.
#[derive(Copy, Clone)]
enum Reader {
    /// A search (`strchr`, `strspn`, ...), which stops on a match or the NUL.
    Search,
    /// A number parse (`strtol`, `strtod`, ...), which stops at the byte that ends the number.
    Number,
}

/// The bytes of `a` from `off` to its end, and their first `limit` (a string function's
/// search window).
fn window(a: &crate::interp::memory::Alloc, off: usize, limit: usize) -> (&[u8], &[u8]) {
    let avail = a.bytes.get(off..).unwrap_or(&[]);
    (avail, avail.get(..limit).unwrap_or(avail))
}

/// The shadow of `n` bytes of `a` from `off` (fewer if the allocation ends first).
fn shadow_of(a: &crate::interp::memory::Alloc, off: usize, n: usize) -> &[u32] {
    let s = a.shadow.get(off..).unwrap_or(&[]);
    s.get(..n).unwrap_or(s)
}

/// The offset and shadow of the first undef or poison byte of a shadow range.
#[inline]
fn first_tainted(sh: &[u32]) -> Option<(usize, u32)> {
    // One pass that the compiler vectorizes; the position only when there is one.
    if sh.iter().fold(0, |acc, &x| acc | x) & (TAINT | PARTIAL) == 0 {
        return None;
    }
    sh.iter().enumerate().find(|(_, &x)| x & (TAINT | PARTIAL) != 0).map(|(k, &x)| (k, x))
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// True when some byte of `w` is zero.
#[inline]
fn has_zero(w: u64) -> bool {
    w.wrapping_sub(LO) & !w & HI != 0
}

/// The offset of the first byte `c` in `h`, eight bytes at a time.
fn find_byte(h: &[u8], c: u8) -> Option<usize> {
    let pat = LO.wrapping_mul(c as u64);
    let mut at = 0;
    for ch in h.chunks_exact(8) {
        let Some(w) = ch.first_chunk::<8>() else { break };
        if has_zero(u64::from_le_bytes(*w) ^ pat) {
            break;
        }
        at += 8;
    }
    h.get(at..)?.iter().position(|&b| b == c).map(|k| at + k)
}

/// The offset of the first byte of `h` that is `c` or `d`, eight bytes at a time.
fn find_either(h: &[u8], c: u8, d: u8) -> Option<usize> {
    let (pc, pd) = (LO.wrapping_mul(c as u64), LO.wrapping_mul(d as u64));
    let mut at = 0;
    for ch in h.chunks_exact(8) {
        let Some(w) = ch.first_chunk::<8>() else { break };
        let w = u64::from_le_bytes(*w);
        if has_zero(w ^ pc) || has_zero(w ^ pd) {
            break;
        }
        at += 8;
    }
    h.get(at..)?.iter().position(|&b| b == c || b == d).map(|k| at + k)
}

/// A length argument as one slot whose poison is that of any part of the value (the memory
/// functions check a length as a whole).
pub(crate) fn len_slot(v: &Val) -> Slot {
    Slot { poison: v.taint(), ..v.slot() }
}

#[cfg(test)]
mod tests {
    use super::{find_byte, find_either, first_tainted, PARTIAL, TAINT};

    #[test]
    fn byte_searches_agree_with_a_plain_scan() {
        for len in 0..40usize {
            let mut h: Vec<u8> = (0..len).map(|i| (i as u8).wrapping_mul(37) | 1).collect();
            for at in 0..=len {
                if let Some(b) = h.get_mut(at) {
                    *b = 0;
                }
                for c in [0u8, 1, 0x80, 0xff, 38] {
                    assert_eq!(
                        find_byte(&h, c),
                        h.iter().position(|&b| b == c),
                        "len {len} at {at} c {c}"
                    );
                    assert_eq!(
                        find_either(&h, c, 0),
                        h.iter().position(|&b| b == c || b == 0),
                        "len {len} at {at} c {c}"
                    );
                }
                if let Some(b) = h.get_mut(at) {
                    *b = 1;
                }
            }
        }
    }

    #[test]
    fn first_tainted_finds_taint_and_partial_bytes_only() {
        assert_eq!(first_tainted(&[0, 5, 0x3fff_ffff]), None);
        assert_eq!(first_tainted(&[0, 5, TAINT | 7, PARTIAL | 1]), Some((2, TAINT | 7)));
        assert_eq!(first_tainted(&[0, PARTIAL | 1, TAINT]), Some((1, PARTIAL | 1)));
        assert_eq!(first_tainted(&[]), None);
    }
}
