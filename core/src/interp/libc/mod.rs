//! The interpreter's binding of the C library ([`crate::runtime::libc`]): the interpreter's
//! memory as a [`LibMemory`], whose words are [`Slot`]s (pointers keep their provenance) and
//! whose faults are the interpreter's reports.
//!
//! A declared function's name is resolved to a [`LibFn`] once; calls dispatch on it. The
//! functions whose arguments are all scalars run on their slots ([`call_slots`], straight
//! from the caller's registers); the others (`printf`, `qsort`, ...) on the interpreter's
//! `Val`s ([`call`]), which `printf` formats from (wide integers, `long double`). Misuse that
//! C calls undefined (a double free, an unterminated string, a too-small buffer) is reported
//! as UB, and so is an undef or poison byte that a function inspects: exactly the bytes it
//! looks at (a string up to where the search or comparison stops, `memcmp` up to the first
//! difference, `memchr` up to the match), and every byte written by `fwrite` and `write`, as
//! for a string given to `puts` or `%s` (the checking inspections are in `mem.rs`).

pub(crate) mod continuation;
pub(crate) mod mem;

use crate::interp::libc::continuation::Native;
use crate::interp::libc::mem::{len_slot, Args};
use crate::interp::memory::AllocKind;
use crate::interp::report::{ErrorKind, Fault, Res, UbKind};
use crate::interp::state::Interp;
use crate::interp::value::{Slot, Val};
use crate::ir::TypeId;
use crate::runtime::format::{format, FormatError};
use crate::runtime::input::Stdin;
pub use crate::runtime::libc::sort::Sort;
use crate::runtime::libc::{LibError, LibMemory, LibState, Va};
pub use crate::runtime::libfn::LibFn;
use crate::runtime::numparse::Parsed;

/// What a library call produced.
pub enum Ret {
    /// The return value (none for `void`).
    Value(Option<Val>),
    /// A continuation that calls back into IR (`qsort`, `bsearch`).
    Native(Native),
    /// Not a function this library implements.
    Unknown,
}

/// The C library's state in the interpreter.
#[derive(Clone, Debug)]
pub struct LibcState {
    /// The state every engine's library has (`atexit`, `rand`, standard input, ...).
    pub lib: LibState<Slot>,
    /// The status passed to `exit`, once called.
    pub exit_status: Option<i32>,
    /// The `FILE` objects of stdin, stdout and stderr (addresses).
    pub files: [u64; 3],
    /// The function each declared function is, by global index, once called.
    pub fns: Vec<Option<LibFn>>,
}

impl LibcState {
    /// Fresh state with the given standard input.
    pub fn new(stdin: Vec<u8>) -> LibcState {
        LibcState {
            lib: LibState::new(Stdin::new(stdin, None)),
            exit_status: None,
            files: [0; 3],
            fns: Vec::new(),
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
        let f = self.mem.alloc(216, 16, AllocKind::Runtime, 0)?;
        let p = self.ptr_to(f);
        self.libc.files[k] = p.bits;
        self.mem.write_slot(idx as usize, 0, 8, p, &self.origins);
        Ok(())
    }
}

/// The interpreter as the library's memory, during one call whose general arguments (for
/// `printf`'s variadic ones and `scanf`'s pointers) are `vals`.
pub struct Lib<'a, 'm> {
    /// The interpreter.
    pub it: &'a mut Interp<'m>,
    /// The call's arguments.
    pub vals: &'a [Val],
}

impl LibMemory for Lib<'_, '_> {
    type Word = Slot;
    type Fault = Fault;

    fn bits(w: Slot) -> u64 {
        w.bits
    }
    fn int(bits: u64) -> Slot {
        Slot::int(bits)
    }
    fn offset(p: Slot, n: u64) -> Slot {
        Slot { bits: p.bits.wrapping_add(n), ..p }
    }
    fn fail(&self, e: LibError) -> Fault {
        match e {
            LibError::Unsupported(m) => Interp::lib_error(m),
            LibError::Misuse(m) => Fault::ub(UbKind::LibraryMisuse, m),
            LibError::Exit(s) => Fault::Exit(s),
            LibError::Abort(m) => Fault::Abort(m),
            LibError::Unknown => Fault::Error(
                ErrorKind::Internal,
                "not a function the C library runs on scalar arguments".into(),
            ),
        }
    }
    fn state(&mut self) -> &mut LibState<Slot> {
        &mut self.it.libc.lib
    }
    fn ptr_bytes(&self) -> u8 {
        self.it.lay.ptr_size.min(8) as u8
    }
    fn clock(&self) -> u64 {
        steps_through_block(self.it) / crate::runtime::stdlib::STEPS_PER_CLOCK_TICK
    }
    fn check(&mut self, p: Slot, n: u64, write: bool) -> Res<()> {
        self.it.mem.check(p, n, write).map(|_| ())
    }
    fn load(&mut self, p: Slot, n: usize) -> Res<Slot> {
        self.it.load_slot(p, n)
    }
    fn store(&mut self, p: Slot, n: usize, v: Slot) -> Res<()> {
        self.it.store_slot(p, n, v)
    }
    fn read_bytes(&mut self, p: Slot, n: u64) -> Res<Vec<u8>> {
        if n == 0 {
            return Ok(Vec::new());
        }
        let loc = self.it.mem.check(p, n, false)?;
        Ok(self.it.mem.range(loc, n as usize).0.to_vec())
    }
    fn read_cstr(&mut self, p: Slot, max: Option<usize>) -> Res<Vec<u8>> {
        self.it.read_cstr(p, max)
    }
    fn write_bytes(&mut self, p: Slot, b: &[u8]) -> Res<()> {
        self.it.write_bytes(p, b)
    }
    fn write_bytes_nul(&mut self, p: Slot, b: &[u8]) -> Res<()> {
        self.it.write_bytes_nul(p, b)
    }
    fn mem_copy(&mut self, d: Slot, s: Slot, n: Slot, nooverlap: bool) -> Res<()> {
        self.it.mem_copy(d, s, n, nooverlap)
    }
    fn mem_set(&mut self, d: Slot, byte: Slot, n: Slot) -> Res<()> {
        self.it.mem_set(d, byte, n)
    }
    fn heap_alloc(&mut self, size: u64, align: u64, zero: bool) -> Res<Slot> {
        self.it.heap_alloc(size, align, zero)
    }
    fn heap_free(&mut self, p: Slot) -> Res<()> {
        self.it.heap_free(p)
    }
    fn heap_size(&mut self, p: Slot) -> Option<u64> {
        self.it.heap_size(p)
    }
    fn runtime_alloc(&mut self, size: u64, align: u64) -> Res<Slot> {
        let idx = self.it.mem.alloc(size, align, AllocKind::Runtime, 0)?;
        Ok(self.it.ptr_to(idx))
    }
    fn protect(&mut self, p: Slot) {
        let idx = self.it.mem.alloc_of(p);
        if let Some(a) = idx.and_then(|i| self.it.mem.allocs.get_mut(i as usize)) {
            a.readonly = true;
        }
    }
    fn runtime_free(&mut self, p: Slot) {
        if let Some(idx) = self.it.mem.alloc_of(p) {
            self.it.mem.release(idx);
        }
    }
    fn emit(&mut self, fd: u8, b: &[u8]) {
        self.it.emit(fd, b)
    }
    fn stream(&self, f: Slot) -> Option<u8> {
        let k = self.it.libc.files.iter().position(|&a| a == f.bits && a != 0)?;
        Some(k as u8)
    }
    fn format(
        &mut self,
        fmt: &[u8],
        va: Va<Slot>,
        out: &mut Vec<u8>,
    ) -> Res<Result<(), FormatError>> {
        let (vals, ap) = match va {
            Va::Args(k) => (self.vals.get(k..).unwrap_or(&[]), None),
            Va::List(ap) => (&[][..], Some(ap)),
        };
        let mut args = Args { it: self.it, vals, next: 0, ap, fault: None };
        let r = format(fmt, &mut args, out);
        match args.fault {
            Some(fault) => Err(fault),
            None => Ok(r),
        }
    }
    fn va_ptr(&mut self, va: Va<Slot>, k: usize) -> Res<Slot> {
        let from = match va {
            Va::Args(from) => from,
            Va::List(_) => self.vals.len(),
        };
        match self.vals.get(from + k) {
            Some(v) => Ok(v.slot()),
            None => Err(Fault::ub(
                UbKind::LibraryMisuse,
                format!(
                    "scanf: the format has a conversion for argument {} but the call passes {}",
                    k + 1,
                    self.vals.len().saturating_sub(from)
                ),
            )),
        }
    }
    fn emit_bytes(&mut self, what: &str, fd: u8, p: Slot, n: u64) -> Res<()> {
        self.it.emit_bytes(what, fd, p, n)
    }
    fn cstr_len(&mut self, p: Slot, max: Option<usize>) -> Res<usize> {
        self.it.cstr_len(p, max)
    }
    fn cstr_cmp(&mut self, p: Slot, q: Slot, max: Option<usize>, fold: bool) -> Res<i64> {
        self.it.cstr_cmp(p, q, max, fold)
    }
    fn cstr_chr(&mut self, p: Slot, c: u8) -> Res<Option<usize>> {
        self.it.cstr_chr(p, c)
    }
    fn cstr_span(&mut self, p: Slot, set: Slot, accept: bool) -> Res<(usize, bool)> {
        self.it.cstr_span(p, set, accept)
    }
    fn cstr_find(&mut self, p: Slot, needle: Slot) -> Res<Option<usize>> {
        self.it.cstr_find(p, needle)
    }
    fn cstr_parse<T>(&mut self, p: Slot, parse: impl FnOnce(&[u8]) -> Parsed<T>) -> Res<Parsed<T>> {
        self.it.cstr_parse(p, parse)
    }
    fn mem_cmp(&mut self, what: &str, p: Slot, q: Slot, n: u64) -> Res<i64> {
        self.it.mem_cmp(what, p, q, n)
    }
    fn mem_chr(&mut self, p: Slot, c: u8, n: u64) -> Res<Option<usize>> {
        self.it.mem_chr(p, c, n)
    }
}

/// The most arguments a function called on slots takes (`call_slots`).
pub const MAX_SLOTS: usize = 6;

/// Calls C library function `f` with general values.
pub fn call(it: &mut Interp, f: LibFn, args: &[Val], ret: TypeId) -> Res<Ret> {
    let a = |i: usize| args.get(i).map(Val::slot).unwrap_or_default();
    if matches!(f, LibFn::Qsort | LibFn::Bsearch) {
        let cmp = it.func_of_ptr(a(if f == LibFn::Qsort { 3 } else { 4 }))?;
        let slots: Vec<Slot> = args.iter().map(Val::slot).collect();
        let sort = Sort::start(&mut Lib { it, vals: args }, f, &slots)?;
        if matches!(sort, Sort::Finished) {
            return Ok(Ret::Value(None));
        }
        return Ok(Ret::Native(Native::Sort { cmp, sort: Box::new(sort) }));
    }
    if f == LibFn::Unknown || f == LibFn::Intrinsic {
        return Ok(Ret::Unknown);
    }
    // The fixed arguments as slots (a memory function's length whole, see `len_slot`); the
    // variadic ones stay values for `printf` to format.
    let mut s = [Slot::default(); MAX_SLOTS];
    for (k, (d, v)) in s.iter_mut().zip(args).enumerate() {
        *d = if k == 2 && f.has_len() { len_slot(v) } else { v.slot() };
    }
    let n = args.len().min(MAX_SLOTS);
    let ret_bits = it.m.types.int_bits(ret).unwrap_or(64);
    before_call(it, f);
    let r = crate::runtime::libc::call(
        &mut Lib { it, vals: args },
        f,
        s.get(..n).unwrap_or(&s),
        ret_bits,
    );
    after_call(it, r).map(|r| Ret::Value(r.map(Val::S)))
}

/// The steps of the run through the end of the IR block of the call being made: the steps so
/// far and the block's instructions after the call (phis are not steps), as the compiled
/// engines count them (a block's instructions when it starts), so that `clock` agrees.
fn steps_through_block(it: &Interp) -> u64 {
    let rest = it.frames.iter().rev().find(|f| f.native.is_none()).and_then(|fr| {
        let code = &fr.code;
        let cur = (fr.pc as usize).checked_sub(1)?;
        let (&inst, &block) = (code.insts.get(cur)?, code.blocks.get(cur)?);
        let body = it.m.func(crate::ir::GlobalId::from_u32(code.gid))?.body.as_ref()?;
        let insts = &body.blocks.get(crate::ir::Block::from_u32(block))?.insts;
        let after = insts.iter().skip_while(|&&i| i != inst).skip(1);
        let phi = |i: &crate::ir::Inst| {
            body.insts.get(*i).is_some_and(|d| d.op == crate::ir::Opcode::Phi)
        };
        Some(after.filter(|i| !phi(i)).count() as u64)
    });
    it.steps + rest.unwrap_or(0)
}

/// Calls C library function `f` (one for which [`LibFn::on_slots`] holds) with the slots of
/// its arguments (the memory functions' length: see `len_slot`). The result: a scalar, or
/// none for `void`.
pub fn call_slots(it: &mut Interp, f: LibFn, args: &[Slot], ret: TypeId) -> Res<Option<Slot>> {
    let ret_bits = it.m.types.int_bits(ret).unwrap_or(64);
    before_call(it, f);
    let r = crate::runtime::libc::call(&mut Lib { it, vals: &[] }, f, args, ret_bits);
    after_call(it, r)
}

/// Before a library call: a function that reads standard input first writes out a
/// line-buffered standard output (a prompt shows before the program waits).
#[inline]
fn before_call(it: &mut Interp, f: LibFn) {
    if matches!(
        f,
        LibFn::Getchar | LibFn::Fgetc | LibFn::Fgets | LibFn::Scanf | LibFn::Fscanf | LibFn::Ungetc
    ) {
        it.out.flush_for_input();
    }
}

/// After a library call: output that stopped the program during it ends the run there.
#[inline]
fn after_call<T>(it: &mut Interp, r: Res<T>) -> Res<T> {
    match it.out_fault.take() {
        Some(f) => Err(f),
        None => r,
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
            assert_eq!(
                crate::runtime::stdlib::strerror(code.parse().unwrap_or(-1)),
                text,
                "errno {code}"
            );
        }
    }
}
