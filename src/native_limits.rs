//! A run's limits in process (`irplay run --engine native` on its own CPU; native_rt.c does
//! the same in executables): the program's memory functions, which count the live heap and
//! return null when an allocation would pass `--max-memory`, and the report of a trap at a
//! limit site (step or depth), with the call stack along the frame-pointer chain.
//!
//! The code compiled with limits calls `__irplay_malloc` and its kin ([`irplay_native::WRAPPED`]);
//! the loader resolves those names here ([`wrapper`]). The live heap is the sum of the usable
//! sizes (`malloc_usable_size`) of the blocks the program got through them: an allocation of
//! `n` bytes fails (null, `errno` `ENOMEM`) when the live heap plus `n` would pass the limit,
//! as the interpreter's heap does. Blocks the C library allocated itself (`strdup`) are not
//! counted, and freeing one does not lower the count below zero. `time` is the interpreter's
//! fixed time, `clock` counts the steps taken (the code's step counter) as the interpreter's
//! does, and `isatty` finds no terminal, as in every engine.

use crate::native_faults;
use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// The live heap and its limit, in bytes.
static LIVE: AtomicU64 = AtomicU64::new(0);
static MAX: AtomicU64 = AtomicU64::new(u64::MAX);

/// The C library's functions, by [`Real`].
static REAL: [AtomicUsize; 11] = [const { AtomicUsize::new(0) }; 11];

#[derive(Copy, Clone)]
enum Real {
    Malloc,
    Calloc,
    Realloc,
    Free,
    AlignedAlloc,
    PosixMemalign,
    Memalign,
    UsableSize,
    Errno,
}

const NAMES: [(&str, Real); 9] = [
    ("malloc", Real::Malloc),
    ("calloc", Real::Calloc),
    ("realloc", Real::Realloc),
    ("free", Real::Free),
    ("aligned_alloc", Real::AlignedAlloc),
    ("posix_memalign", Real::PosixMemalign),
    ("memalign", Real::Memalign),
    ("malloc_usable_size", Real::UsableSize),
    ("__errno_location", Real::Errno),
];

/// Sets the memory limit of the run.
pub(crate) fn set_max_memory(max: u64) {
    MAX.store(max, Ordering::Relaxed);
}

/// The wrapper standing for `name` (a name of [`irplay_native::WRAPPED`] after
/// `__irplay_`), with the C library's functions it calls looked up by `resolve`.
pub(crate) fn wrapper(name: &str, resolve: &dyn Fn(&str) -> Option<usize>) -> Option<usize> {
    for (n, r) in NAMES {
        if REAL[r as usize].load(Ordering::Relaxed) == 0 {
            REAL[r as usize].store(resolve(n)?, Ordering::Relaxed);
        }
    }
    type M = unsafe extern "C" fn(usize) -> *mut c_void;
    type C2 = unsafe extern "C" fn(usize, usize) -> *mut c_void;
    type R = unsafe extern "C" fn(*mut c_void, usize) -> *mut c_void;
    type Ra = unsafe extern "C" fn(*mut c_void, usize, usize) -> *mut c_void;
    type F = unsafe extern "C" fn(*mut c_void);
    type P = unsafe extern "C" fn(*mut *mut c_void, usize, usize) -> c_int;
    Some(match name {
        "malloc" => malloc as M as usize,
        "calloc" => calloc as C2 as usize,
        "realloc" => realloc as R as usize,
        "free" => free as F as usize,
        "aligned_alloc" => aligned_alloc as C2 as usize,
        "posix_memalign" => posix_memalign as P as usize,
        "memalign" => memalign as C2 as usize,
        "reallocarray" => reallocarray as Ra as usize,
        "time" => time as unsafe extern "C" fn(*mut i64) -> i64 as usize,
        "clock" => clock as extern "C" fn() -> i64 as usize,
        "isatty" => isatty as extern "C" fn(c_int) -> c_int as usize,
        _ => return None,
    })
}

/// The C library's function `r` as a function pointer of type `T`.
///
/// # Safety
/// `T` must be the function's C signature; it must have been resolved ([`wrapper`]).
unsafe fn real<T: Copy>(r: Real) -> T {
    let p = REAL[r as usize].load(Ordering::Relaxed);
    // SAFETY: a non-null function address of the signature the caller names.
    unsafe { std::mem::transmute_copy::<usize, T>(&p) }
}

fn usable(p: *mut c_void) -> u64 {
    if p.is_null() {
        return 0;
    }
    // SAFETY: `malloc_usable_size` of a block of the C library's allocator.
    unsafe { real::<unsafe extern "C" fn(*mut c_void) -> usize>(Real::UsableSize)(p) as u64 }
}

/// True if `n` more bytes stay within the limit; else sets `errno` to `ENOMEM`.
fn room(n: usize) -> bool {
    let live = LIVE.load(Ordering::Relaxed);
    if live.saturating_add(n as u64) <= MAX.load(Ordering::Relaxed) {
        return true;
    }
    // SAFETY: the C library's `__errno_location`, the program's `errno`.
    unsafe { *real::<unsafe extern "C" fn() -> *mut c_int>(Real::Errno)() = libc::ENOMEM };
    false
}

fn took(p: *mut c_void) -> *mut c_void {
    LIVE.fetch_add(usable(p), Ordering::Relaxed);
    p
}

fn gave(n: u64) {
    let _ = LIVE.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |l| Some(l.saturating_sub(n)));
}

/// The address of the code's step counter (0 before the run) and its budget, for [`clock`].
static STEPS_LEFT: AtomicUsize = AtomicUsize::new(0);
static STEPS_BUDGET: AtomicU64 = AtomicU64::new(0);

/// Where the run's step counter is (`irplay_native::COUNTER_STEPS` in the image) and the
/// budget it started from.
pub(crate) fn set_step_counter(at: usize, budget: u64) {
    STEPS_BUDGET.store(budget.min(i64::MAX as u64), Ordering::Relaxed);
    STEPS_LEFT.store(at, Ordering::Relaxed);
}

/// `clock()`: the steps taken through the end of the current block in ticks, as the
/// interpreter's `clock` counts (the counter takes a block's steps when it starts).
extern "C" fn clock() -> i64 {
    let at = STEPS_LEFT.load(Ordering::Relaxed);
    if at == 0 {
        return 0;
    }
    // SAFETY: the counter of the loaded image, an 8-byte aligned `i64` the code updates on
    // this thread.
    let left = unsafe { std::ptr::read_volatile(at as *const i64) };
    let budget = STEPS_BUDGET.load(Ordering::Relaxed) as i64;
    let tick = irplay_core::runtime::stdlib::STEPS_PER_CLOCK_TICK as i64;
    budget.saturating_sub(left).max(0) / tick
}

/// `isatty(fd)`: 0, no terminal, as in the interpreter (and the browser, which has none).
extern "C" fn isatty(_fd: c_int) -> c_int {
    0
}

/// `time(t)`: the interpreter's fixed time (also stored at `t` unless null).
///
/// # Safety
/// `t` is null or points to a writable `time_t`.
unsafe extern "C" fn time(t: *mut i64) -> i64 {
    let now = irplay_core::runtime::stdlib::FIXED_TIME as i64;
    if !t.is_null() {
        // SAFETY: the caller's `time_t`.
        unsafe { *t = now };
    }
    now
}

unsafe extern "C" fn malloc(n: usize) -> *mut c_void {
    if !room(n) {
        return std::ptr::null_mut();
    }
    // SAFETY: the C library's `malloc`.
    took(unsafe { real::<unsafe extern "C" fn(usize) -> *mut c_void>(Real::Malloc)(n) })
}

unsafe extern "C" fn calloc(a: usize, b: usize) -> *mut c_void {
    type C = unsafe extern "C" fn(usize, usize) -> *mut c_void;
    match a.checked_mul(b) {
        Some(n) if !room(n) => std::ptr::null_mut(),
        // SAFETY: the C library's `calloc` (which fails on an overflowing size itself).
        _ => took(unsafe { real::<C>(Real::Calloc)(a, b) }),
    }
}

unsafe extern "C" fn realloc(p: *mut c_void, n: usize) -> *mut c_void {
    let old = usable(p);
    // The new block is counted while the old one still is, as the interpreter does.
    if n > 0 && !room(n) {
        return std::ptr::null_mut();
    }
    // SAFETY: the C library's `realloc` of a block of its allocator.
    let q = unsafe {
        real::<unsafe extern "C" fn(*mut c_void, usize) -> *mut c_void>(Real::Realloc)(p, n)
    };
    if !q.is_null() || n == 0 {
        gave(old);
        took(q);
    }
    q
}

unsafe extern "C" fn reallocarray(p: *mut c_void, a: usize, b: usize) -> *mut c_void {
    match a.checked_mul(b) {
        // SAFETY: as `realloc`.
        Some(n) => unsafe { realloc(p, n) },
        None => {
            // SAFETY: the program's `errno`.
            unsafe { *real::<unsafe extern "C" fn() -> *mut c_int>(Real::Errno)() = libc::ENOMEM };
            std::ptr::null_mut()
        }
    }
}

unsafe extern "C" fn free(p: *mut c_void) {
    gave(usable(p));
    // SAFETY: the C library's `free`.
    unsafe { real::<unsafe extern "C" fn(*mut c_void)>(Real::Free)(p) }
}

unsafe extern "C" fn aligned_alloc(a: usize, n: usize) -> *mut c_void {
    if !room(n) {
        return std::ptr::null_mut();
    }
    // SAFETY: the C library's `aligned_alloc`.
    took(unsafe {
        real::<unsafe extern "C" fn(usize, usize) -> *mut c_void>(Real::AlignedAlloc)(a, n)
    })
}

unsafe extern "C" fn memalign(a: usize, n: usize) -> *mut c_void {
    if !room(n) {
        return std::ptr::null_mut();
    }
    // SAFETY: the C library's `memalign`.
    took(unsafe { real::<unsafe extern "C" fn(usize, usize) -> *mut c_void>(Real::Memalign)(a, n) })
}

unsafe extern "C" fn posix_memalign(pp: *mut *mut c_void, a: usize, n: usize) -> c_int {
    if !room(n) {
        return libc::ENOMEM;
    }
    type P = unsafe extern "C" fn(*mut *mut c_void, usize, usize) -> c_int;
    // SAFETY: the C library's `posix_memalign` with the program's pointer.
    let r = unsafe { real::<P>(Real::PosixMemalign)(pp, a, n) };
    if r == 0 && !pp.is_null() {
        // SAFETY: set by the successful call.
        took(unsafe { *pp });
    }
    r
}

/// What the report of a limit needs, made before the run.
pub(crate) struct LimitReport {
    /// The traps at limits (text offset, kind), ascending.
    pub sites: Vec<(u32, irplay_native::LimitKind)>,
    /// The functions' names ([`native_faults::func_names`]).
    pub funcs: Vec<(u32, String)>,
    pub head_steps: String,
    pub head_depth: String,
}

/// Where the report reads the run's memory: the text, the stack, how to find calls.
pub(crate) struct Walk<'a> {
    pub text: usize,
    pub stack_hi: usize,
    pub sp: usize,
    /// True if a word is a return address into the text.
    pub is_return: &'a dyn Fn(usize) -> bool,
    /// Back from a return address to its call.
    pub call_len: usize,
    pub write: &'a dyn Fn(&str),
    /// The report tail of a text offset.
    pub tail: &'a dyn Fn(usize) -> Option<&'a str>,
}

impl Walk<'_> {
    fn frame_ok(&self, bp: usize) -> bool {
        self.stack_hi != 0 && self.sp <= bp && bp.is_multiple_of(8) && bp + 16 <= self.stack_hi
    }

    /// The caller's frame and return address of frame `bp`, if they look right.
    fn up(&self, bp: usize) -> Option<(usize, usize)> {
        if !self.frame_ok(bp) {
            return None;
        }
        // SAFETY: inside the run's stack, as checked.
        let (next, ret) = unsafe { (*(bp as *const usize), *((bp + 8) as *const usize)) };
        (self.is_return)(ret).then_some((if next > bp { next } else { 0 }, ret))
    }

    /// Counts (or with `total`, prints) the named frames from `site` up (as native_rt.c's
    /// `irplay_walk`).
    fn walk(&self, r: &LimitReport, mut site: usize, mut bp: usize, total: Option<usize>) -> usize {
        let mut n = 0;
        loop {
            let name = native_faults::func_at(&r.funcs, site);
            if !name.is_empty() {
                if let Some(total) = total {
                    let shown = total <= native_faults::STACK_SHOWN
                        || n < native_faults::STACK_HEAD
                        || n >= total - native_faults::STACK_TAIL;
                    if shown {
                        if n > 0 {
                            (self.write)(" <- ");
                        }
                        (self.write)(name);
                    } else if n == native_faults::STACK_HEAD {
                        let more = total - native_faults::STACK_HEAD - native_faults::STACK_TAIL;
                        let mut num = [0u8; 24];
                        (self.write)(" <- ... (");
                        (self.write)(decimal(more, &mut num));
                        (self.write)(" more)");
                    }
                }
                n += 1;
            }
            let Some((next, ret)) = self.up(bp) else { return n };
            site = ret - self.call_len - self.text;
            bp = next;
        }
    }

    /// Writes the report of the limit trap of `kind` at text offset `site` with frame `bp`.
    pub(crate) fn report(
        &self,
        r: &LimitReport,
        kind: irplay_native::LimitKind,
        site: usize,
        bp: usize,
    ) {
        let (mut site, mut bp) = (Some(site), bp);
        if kind == irplay_native::LimitKind::Depth {
            (self.write)(&r.head_depth);
            (self.write)(native_faults::func_at(&r.funcs, site.unwrap_or(0)));
            (self.write)(native_faults::DEPTH_TAIL);
            // Reported at the call: the return address of the callee's frame.
            site = self.up(bp).map(|(next, ret)| {
                bp = next;
                ret - self.call_len - self.text
            });
        } else {
            (self.write)(&r.head_steps);
        }
        let Some(site) = site else { return };
        if let Some(tail) = (self.tail)(site) {
            (self.write)(tail);
        }
        let total = self.walk(r, site, bp, None);
        if total > 1 {
            (self.write)("  call stack: ");
            self.walk(r, site, bp, Some(total));
            (self.write)("\n");
        }
    }
}

/// `n` in decimal, in `buf`.
fn decimal(mut n: usize, buf: &mut [u8; 24]) -> &str {
    let mut k = buf.len();
    loop {
        k -= 1;
        buf[k] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 || k == 0 {
            break;
        }
    }
    std::str::from_utf8(&buf[k..]).unwrap_or("?")
}
