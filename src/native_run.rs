//! The in-process loader of `irplay run --engine native` (x86-64 and AArch64 Linux hosts,
//! code for the host's CPU): maps a [`Compiled`] object into memory, links it with the
//! process's C library and calls its `main`; a fault in the code is reported at the IR
//! instruction that caused it. The AArch64 stubs, relocations and instruction cache upkeep
//! are in `native_run_a64.rs`.
//!
//! ```text
//!  one mmap region:  .text │ import stubs │ (page) GOT │ (page) .data
//!                    └── read + execute ──┘ └──── read + write ────┘
//! ```
//!
//! A call to an external function (`R_X86_64_PLT32`) goes through a stub, `jmp qword ptr
//! [rip + 0]` followed by the function's address, since the C library is too far away for
//! a 32-bit displacement; an address loaded from the GOT (`R_X86_64_REX_GOTPCRELX`) is the
//! symbol's. External symbols are looked up with `dlsym` in the process (which has the C
//! library), then in `libm.so.6` and `libgcc_s.so.1` (128-bit division).
//!
//! Faults (`SIGSEGV`, `SIGBUS`, `SIGFPE`, `SIGILL`) are caught on an alternate stack; the
//! handler reads a table made before the run (one report tail per code location, all text
//! formatted up front by `native_faults.rs`, which gives executables the same reports) and
//! only looks up, writes to stderr, flushes C stdio and exits 70 (71
//! for a stack overflow). A fault inside a C library function is reported at the call of
//! the generated code that led there, the first return address into the text found above the
//! stack pointer (or else along the frame-pointer chain). With limits, a `SIGILL` at one of
//! the code's limit traps is the step or depth limit, reported by `native_limits.rs` (status
//! 124 or 71); the run then goes on in a child process whose output this one forwards
//! (`native_pump.rs`), and the memory functions are `native_limits.rs`'s.

use crate::native_faults;
#[cfg(target_arch = "aarch64")]
use crate::native_run_a64 as a64;
use crate::run::Stop;
use irplay_core::diag::SourceFile;
use irplay_native::{Compiled, RelocKind, Section};
use std::ffi::{c_char, c_int, c_void, CString};
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};

/// The length of an import stub: `ff 25 00 00 00 00` (`jmp qword ptr [rip + 0]`), the
/// 8-byte address, 2 bytes of `int3` padding.
#[cfg(target_arch = "x86_64")]
const STUB_LEN: usize = 16;
#[cfg(target_arch = "aarch64")]
use a64::STUB_LEN;

/// Back from a return address into its call instruction.
#[cfg(target_arch = "x86_64")]
const CALL_LEN: usize = 1;
#[cfg(target_arch = "aarch64")]
use a64::CALL_LEN;

/// True if a relocation of `kind` goes through a stub (AArch64 code; x86-64's are matched
/// in [`load`]).
#[cfg(target_arch = "aarch64")]
fn arch_stub(kind: RelocKind, external: bool, external_func: bool) -> bool {
    a64::via_stub(kind, external, external_func)
}
#[cfg(target_arch = "x86_64")]
fn arch_stub(_: RelocKind, _: bool, _: bool) -> bool {
    false
}

/// True if a relocation of `kind` needs a GOT entry (AArch64 code).
#[cfg(target_arch = "aarch64")]
fn arch_got(kind: RelocKind) -> bool {
    a64::via_got(kind)
}
#[cfg(target_arch = "x86_64")]
fn arch_got(_: RelocKind) -> bool {
    false
}

/// A loaded object: its region (never unmapped while the program runs) and where things are.
pub struct Image {
    base: *mut u8,
    len: usize,
    /// The text, then the stubs: `base..base + code_len` is the executable part.
    code_len: usize,
    text_len: usize,
    /// The address of each symbol of the object (`Compiled::symbols`).
    addrs: Vec<usize>,
    /// `exit` and `fflush` of the program's C library.
    exit: extern "C" fn(c_int) -> !,
    fflush: unsafe extern "C" fn(*mut libc::FILE) -> c_int,
    /// The address of the program's C library's `environ` (irplay's own C library is
    /// another: irplay is linked statically).
    environ: usize,
}

impl Drop for Image {
    fn drop(&mut self) {
        // SAFETY: the region was mapped by `load` with this length.
        unsafe { libc::munmap(self.base.cast(), self.len) };
    }
}

impl Image {
    /// The address of symbol `sym`.
    pub fn addr(&self, sym: u32) -> Option<usize> {
        self.addrs.get(sym as usize).copied()
    }
}

fn align(n: usize, to: usize) -> usize {
    n.div_ceil(to.max(1)) * to.max(1)
}

/// The shared C library (and libm, libgcc_s) the program is linked with.
///
/// irplay itself may be linked statically (see `build.rs`): its own C library then has no
/// symbol table to look up, and `dlopen` brings a second, shared copy into the process. The
/// program must use one copy for everything (the `puts` that fills a `stdout` buffer and the
/// `exit` that flushes it): the shared one, looked up first; a dynamically linked irplay gets
/// its own C library from the same `dlopen`.
struct Libraries {
    handles: Vec<*mut c_void>,
    /// The C++ runtime (`libstdc++.so.6`), opened for a symbol the others lack.
    cxx: std::cell::OnceCell<*mut c_void>,
}

impl Libraries {
    fn open() -> Libraries {
        let mut handles = Vec::new();
        for name in [c"libc.so.6", c"libm.so.6", c"libgcc_s.so.1"] {
            // SAFETY: a NUL-terminated name; a null handle (not found) is skipped.
            let h = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW) };
            if !h.is_null() {
                handles.push(h);
            }
        }
        Libraries { handles, cxx: std::cell::OnceCell::new() }
    }

    /// The address of the C symbol `name`: in the libraries, else anywhere in the process,
    /// else in the C++ runtime.
    fn resolve(&self, name: &str) -> Option<usize> {
        let shim = match name {
            "atexit" => Some(("__cxa_atexit", &CXA_ATEXIT)),
            "at_quick_exit" => Some(("__cxa_at_quick_exit", &CXA_AT_QUICK_EXIT)),
            _ => None,
        };
        if let Some(real) = name.strip_prefix("__irplay_") {
            if irplay_native::WRAPPED.contains(&real) {
                return crate::native_limits::wrapper(real, &|n| self.resolve(n));
            }
        }
        if let Some((cxa, slot)) = shim {
            slot.store(self.resolve(cxa)?, Ordering::Relaxed);
            let f: extern "C" fn(extern "C" fn()) -> c_int =
                if name == "atexit" { atexit } else { at_quick_exit };
            return Some(f as usize);
        }
        let c = CString::new(name).ok()?;
        let lookup = |h: *mut c_void| {
            // SAFETY: dlsym with a handle of dlopen (or RTLD_DEFAULT) and a NUL-terminated name.
            let p = unsafe { libc::dlsym(h, c.as_ptr()) };
            (!p.is_null()).then_some(p as usize)
        };
        self.handles.iter().chain([&libc::RTLD_DEFAULT]).find_map(|&h| lookup(h)).or_else(|| {
            let cxx = *self.cxx.get_or_init(|| {
                // SAFETY: a NUL-terminated name; null when not installed.
                unsafe { libc::dlopen(c"libstdc++.so.6".as_ptr(), libc::RTLD_NOW) }
            });
            if cxx.is_null() {
                None
            } else {
                lookup(cxx)
            }
        })
    }
}

/// `__cxa_atexit` and `__cxa_at_quick_exit` of the program's C library, for [`atexit`] and
/// [`at_quick_exit`].
static CXA_ATEXIT: AtomicUsize = AtomicUsize::new(0);
static CXA_AT_QUICK_EXIT: AtomicUsize = AtomicUsize::new(0);

/// The shared C library has no `atexit` or `at_quick_exit` (`libc_nonshared.a` gives each
/// program its own, which registers with the program's `__dso_handle`): these stand in,
/// registering `f` with no handle.
extern "C" fn atexit(f: extern "C" fn()) -> c_int {
    register(&CXA_ATEXIT, f)
}

extern "C" fn at_quick_exit(f: extern "C" fn()) -> c_int {
    register(&CXA_AT_QUICK_EXIT, f)
}

fn register(cxa: &AtomicUsize, f: extern "C" fn()) -> c_int {
    let p = cxa.load(Ordering::Relaxed);
    if p == 0 {
        return -1;
    }
    type Cxa = extern "C" fn(extern "C" fn(*mut c_void), *mut c_void, *mut c_void) -> c_int;
    // SAFETY: `p` is `__cxa_atexit` (or `__cxa_at_quick_exit`) of this signature; a handler
    // without parameters ignores the argument it is called with (System V).
    unsafe {
        let cxa = std::mem::transmute::<usize, Cxa>(p);
        let f = std::mem::transmute::<extern "C" fn(), extern "C" fn(*mut c_void)>(f);
        cxa(f, std::ptr::null_mut(), std::ptr::null_mut())
    }
}

/// Maps `c` into memory, links it with the C library and makes its code executable. An
/// error says which symbol is missing or which relocation does not fit.
pub fn load(c: &Compiled) -> Result<Image, String> {
    // SAFETY: sysconf has no preconditions.
    let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).unwrap_or(4096);
    let libs = Libraries::open();
    let (Some(exit), Some(fflush), Some(environ)) =
        (libs.resolve("exit"), libs.resolve("fflush"), libs.resolve("environ"))
    else {
        return Err(
            "cannot find exit, fflush and environ in the shared C library (libc.so.6)".into()
        );
    };
    // SAFETY: the C library's `exit` and `fflush`, of these C signatures.
    let (exit, fflush) = unsafe {
        (
            std::mem::transmute::<usize, extern "C" fn(c_int) -> !>(exit),
            std::mem::transmute::<usize, unsafe extern "C" fn(*mut libc::FILE) -> c_int>(fflush),
        )
    };
    let nsyms = c.symbols.len();
    let external = |s: u32| c.symbols.get(s as usize).is_some_and(|s| s.def.is_none());
    let external_func =
        |s: u32| c.symbols.get(s as usize).is_some_and(|s| s.def.is_none() && s.func);
    // Stubs for calls to (and PC-relative addresses of) external functions, GOT entries for
    // GOT loads. A PC-relative reference to external data cannot reach the C library: an
    // error below (the code generator loads such addresses from the GOT).
    let (mut stub_of, mut got_of) = (vec![None; nsyms], vec![None; nsyms]);
    let (mut stubs, mut gots) = (0usize, 0usize);
    for r in &c.relocs {
        let (table, count) = match r.kind {
            RelocKind::Plt32 if external(r.sym) => (&mut stub_of, &mut stubs),
            RelocKind::Pc32 if external_func(r.sym) => (&mut stub_of, &mut stubs),
            RelocKind::GotPcRel => (&mut got_of, &mut gots),
            k if arch_stub(k, external(r.sym), external_func(r.sym)) => (&mut stub_of, &mut stubs),
            k if arch_got(k) => (&mut got_of, &mut gots),
            _ => continue,
        };
        match table.get_mut(r.sym as usize) {
            Some(slot @ None) => {
                *slot = Some(*count);
                *count += 1;
            }
            Some(Some(_)) => {}
            None => {
                return Err(format!("a relocation names symbol {}, which does not exist", r.sym))
            }
        }
    }
    let text_len = c.text.len();
    let stubs_at = align(text_len, 16);
    let code_len = stubs_at + stubs * STUB_LEN;
    let got_at = align(code_len.max(1), page);
    let data_at = align(got_at + gots * 8, page.max(c.data_align as usize));
    let len = align(data_at + c.data.len().max(1), page);
    // SAFETY: an anonymous private mapping; checked for failure below.
    let base = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            len,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
            -1,
            0,
        )
    };
    if base == libc::MAP_FAILED {
        return Err(format!(
            "cannot map {len} bytes for the code: {}",
            std::io::Error::last_os_error()
        ));
    }
    let mut image = Image {
        base: base.cast(),
        len,
        code_len,
        text_len,
        addrs: vec![0; nsyms],
        exit,
        fflush,
        environ,
    };
    // SAFETY: the region is `len` bytes, readable and writable, and only this slice uses it
    // until the code runs.
    let mem = unsafe { std::slice::from_raw_parts_mut(image.base, len) };
    let base = image.base as usize;
    let sec_at = |s: Section| match s {
        Section::Text => (0, text_len),
        Section::Data => (data_at, c.data.len()),
    };
    if let Some(t) = mem.get_mut(..text_len) {
        t.copy_from_slice(&c.text);
    }
    if let Some(d) = mem.get_mut(data_at..data_at + c.data.len()) {
        d.copy_from_slice(&c.data);
    }
    let mut missing = Vec::new();
    for (i, s) in c.symbols.iter().enumerate() {
        let addr = match s.def {
            Some((sec, off, _)) => base + sec_at(sec).0 + off as usize,
            None => {
                let used = c.relocs.iter().any(|r| r.sym as usize == i);
                let found = libs.resolve(&s.name);
                match found {
                    Some(a) => a,
                    None if used => {
                        missing.push(s.name.as_str());
                        0
                    }
                    None => 0,
                }
            }
        };
        if let Some(slot) = image.addrs.get_mut(i) {
            *slot = addr;
        }
    }
    if !missing.is_empty() {
        return Err(format!(
            "the program uses {} that the C library does not define: {}",
            if missing.len() == 1 { "a function or variable" } else { "functions or variables" },
            missing.join(", ")
        ));
    }
    let put = |mem: &mut [u8], at: usize, bytes: &[u8]| {
        if let Some(d) = mem.get_mut(at..at + bytes.len()) {
            d.copy_from_slice(bytes);
        }
    };
    for (i, slot) in stub_of.iter().enumerate() {
        if let (Some(k), Some(&addr)) = (slot, image.addrs.get(i)) {
            let at = stubs_at + k * STUB_LEN;
            #[cfg(target_arch = "x86_64")]
            {
                put(mem, at, &[0xff, 0x25, 0, 0, 0, 0]);
                put(mem, at + 6, &(addr as u64).to_le_bytes());
                put(mem, at + 14, &[0xcc, 0xcc]);
            }
            #[cfg(target_arch = "aarch64")]
            put(mem, at, &a64::stub(addr as u64));
        }
    }
    for (i, slot) in got_of.iter().enumerate() {
        if let (Some(k), Some(&addr)) = (slot, image.addrs.get(i)) {
            put(mem, got_at + k * 8, &(addr as u64).to_le_bytes());
        }
    }
    for r in &c.relocs {
        let name = || c.symbols.get(r.sym as usize).map_or("?", |s| s.name.as_str());
        let (sec_off, sec_len) = sec_at(r.section);
        let width = if r.kind == RelocKind::Abs64 { 8 } else { 4 };
        if r.offset as usize + width > sec_len {
            return Err(format!("a relocation to {} lies outside its section", name()));
        }
        let at = sec_off + r.offset as usize;
        let p = (base + at) as i128;
        let s = image.addr(r.sym).unwrap_or(0) as i128;
        let a = i128::from(r.addend);
        let stub = |k: Option<&Option<usize>>| match k {
            Some(&Some(k)) => Some((base + stubs_at + k * STUB_LEN) as i128),
            _ => None,
        };
        let value = match r.kind {
            RelocKind::Abs64 => {
                put(mem, at, &((s + a) as u64).to_le_bytes());
                continue;
            }
            RelocKind::Pc32 | RelocKind::Plt32 => {
                stub(stub_of.get(r.sym as usize)).unwrap_or(s) + a - p
            }
            RelocKind::GotPcRel => match got_of.get(r.sym as usize) {
                Some(&Some(k)) => (base + got_at + k * 8) as i128 + a - p,
                _ => return Err(format!("no GOT entry for {}", name())),
            },
            #[cfg(target_arch = "aarch64")]
            RelocKind::Call26
            | RelocKind::Jump26
            | RelocKind::AdrPage21
            | RelocKind::AddLo12
            | RelocKind::GotPage21
            | RelocKind::GotLo12 => {
                let got = match got_of.get(r.sym as usize) {
                    Some(&Some(k)) => Some((base + got_at + k * 8) as i128),
                    _ => None,
                };
                let s = stub(stub_of.get(r.sym as usize)).unwrap_or(s);
                let mut word = [0u8; 4];
                if let Some(w) = mem.get(at..at + 4) {
                    word.copy_from_slice(w);
                }
                match a64::patch(u32::from_le_bytes(word), r.kind, p, s, a, got) {
                    Ok(w) => put(mem, at, &w.to_le_bytes()),
                    Err(e) => return Err(format!("a relocation to {}: {e}", name())),
                }
                continue;
            }
            #[cfg(target_arch = "x86_64")]
            _ => return Err(format!("an AArch64 relocation to {} in x86-64 code", name())),
        };
        let Ok(v) = i32::try_from(value) else {
            return Err(format!("the distance to {} does not fit a 32-bit displacement", name()));
        };
        put(mem, at, &v.to_le_bytes());
    }
    #[cfg(target_arch = "aarch64")]
    a64::sync_icache(image.base as usize, code_len);
    // SAFETY: the executable part of the region, page-aligned at the start; from here on it
    // is never written again.
    let rc = unsafe {
        libc::mprotect(
            image.base.cast(),
            align(code_len.max(1), page),
            libc::PROT_READ | libc::PROT_EXEC,
        )
    };
    if rc != 0 {
        return Err(format!(
            "cannot make the code executable: {}",
            std::io::Error::last_os_error()
        ));
    }
    Ok(image)
}

/// Makes the program's `stdout` line-buffered (it writes into a pipe that irplay forwards to
/// a terminal, where a C program's `stdout` is line-buffered).
fn line_buffer_stdout() {
    let libs = Libraries::open();
    let (Some(out), Some(setvbuf)) = (libs.resolve("stdout"), libs.resolve("setvbuf")) else {
        return;
    };
    type SetVBuf = unsafe extern "C" fn(*mut libc::FILE, *mut c_char, c_int, usize) -> c_int;
    // SAFETY: `stdout` is the C library's `FILE *stdout` variable and `setvbuf` its function,
    // called before the program's first output.
    unsafe {
        let f = std::mem::transmute::<usize, SetVBuf>(setvbuf);
        f(*(out as *const *mut libc::FILE), std::ptr::null_mut(), libc::_IOLBF, 0);
    }
}

/// What the fault handler needs, made before the run.
struct Faults {
    /// The text's address and length.
    text: usize,
    text_len: usize,
    /// The text and the stubs (return addresses are checked against these bytes).
    code_len: usize,
    /// `(offset, "  at FILE:LINE:COL (in @f)\n      source line\n")`, ascending
    /// ([`native_faults::table`]).
    entries: Vec<(u32, String)>,
    /// The run's stack: the lowest usable address (0 when unknown) and the highest.
    stack_lo: usize,
    stack_hi: usize,
    /// `fflush` of the program's C library.
    fflush: unsafe extern "C" fn(*mut libc::FILE) -> c_int,
    /// With limits: their sites and reports.
    limits: Option<crate::native_limits::LimitReport>,
}

impl Faults {
    fn new(c: &Compiled, file: &SourceFile, image: &Image) -> Faults {
        Faults {
            limits: None,
            text: image.base as usize,
            text_len: image.text_len,
            code_len: image.code_len,
            entries: native_faults::table(c, file),
            stack_lo: 0,
            stack_hi: 0,
            fflush: image.fflush,
        }
    }

    /// The report tail of the code at text offset `off`.
    fn lookup(&self, off: usize) -> Option<&str> {
        native_faults::lookup(&self.entries, off)
    }

    /// The code byte at `addr`, if `addr` is in the text or stubs.
    fn code_byte(&self, addr: usize) -> Option<u8> {
        let off = addr.checked_sub(self.text)?;
        // SAFETY: inside the mapped, readable code part of the image.
        (off < self.code_len).then(|| unsafe { *(addr as *const u8) })
    }

    /// True if `w` is a return address into the text: after a `bl` or `blr`.
    #[cfg(target_arch = "aarch64")]
    fn is_return(&self, w: usize) -> bool {
        if !(self.text < w && w <= self.text + self.text_len) || !w.is_multiple_of(4) {
            return false;
        }
        self.word(w - 4).is_some_and(a64::is_call)
    }

    /// The instruction word at `addr`, if in the text or stubs.
    #[cfg(target_arch = "aarch64")]
    fn word(&self, addr: usize) -> Option<u32> {
        let mut b = [0u8; 4];
        for (k, v) in b.iter_mut().enumerate() {
            *v = self.code_byte(addr + k)?;
        }
        Some(u32::from_le_bytes(b))
    }

    /// True if `w` is a return address into the text: after a call instruction.
    #[cfg(target_arch = "x86_64")]
    fn is_return(&self, w: usize) -> bool {
        if !(self.text < w && w <= self.text + self.text_len) {
            return false;
        }
        let b = |back: usize| w.checked_sub(back).and_then(|a| self.code_byte(a));
        let modrm_call = |back: usize, mods: u8| {
            b(back) == Some(0xff)
                && b(back - 1).is_some_and(|m| (m >> 3) & 7 == 2 && m >> 6 == mods)
        };
        b(5) == Some(0xe8)
            || modrm_call(2, 3)
            || modrm_call(3, 1)
            || modrm_call(6, 2)
            || (b(6) == Some(0xff) && b(5) == Some(0x15))
    }

    /// The text offset of the call in the generated code that led to a fault at `sp`/`bp`
    /// outside it: the first return address into the text above the stack pointer, else
    /// along the frame-pointer chain.
    fn caller(&self, sp: usize, bp: usize) -> Option<usize> {
        if !(self.stack_lo <= sp && sp < self.stack_hi) {
            return None;
        }
        let end = self.stack_hi.min(sp.saturating_add(1 << 20));
        let mut a = align(sp, 8);
        while a + 8 <= end {
            // SAFETY: between the faulting stack pointer and the top of the run's stack.
            let w = unsafe { *(a as *const usize) };
            if self.is_return(w) {
                return Some(w - CALL_LEN - self.text);
            }
            a += 8;
        }
        let mut bp = bp;
        for _ in 0..1000 {
            if !(sp <= bp
                && bp.is_multiple_of(8)
                && bp + 16 <= self.stack_hi
                && bp - sp < 256 << 20)
            {
                return None;
            }
            // SAFETY: inside the run's stack, as checked.
            let (next, ret) = unsafe { (*(bp as *const usize), *((bp + 8) as *const usize)) };
            if self.is_return(ret) {
                return Some(ret - CALL_LEN - self.text);
            }
            if next <= bp {
                return None;
            }
            bp = next;
        }
        None
    }
}

static FAULTS: AtomicPtr<Faults> = AtomicPtr::new(std::ptr::null_mut());

fn write_err(s: &str) {
    // SAFETY: writes `s`'s bytes to stderr; async-signal-safe.
    unsafe { libc::write(2, s.as_ptr().cast(), s.len()) };
}

extern "C" fn on_fault(sig: c_int, info: *mut libc::siginfo_t, ctx: *mut c_void) {
    let faults = FAULTS.load(Ordering::Acquire);
    if faults.is_null() || ctx.is_null() || info.is_null() {
        // Not ours: the default action when the instruction runs again.
        // SAFETY: resets the disposition of `sig`.
        unsafe { libc::signal(sig, libc::SIG_DFL) };
        return;
    }
    // SAFETY: set once before the run, never freed; the kernel passes a valid context.
    let (f, uc, addr) =
        unsafe { (&*faults, &*(ctx as *const libc::ucontext_t), (*info).si_addr() as usize) };
    #[cfg(target_arch = "x86_64")]
    let reg = |r: c_int| uc.uc_mcontext.gregs.get(r as usize).map_or(0, |&v| v as usize);
    #[cfg(target_arch = "x86_64")]
    let (pc, sp, bp) = (reg(libc::REG_RIP), reg(libc::REG_RSP), reg(libc::REG_RBP));
    #[cfg(target_arch = "aarch64")]
    let (pc, sp, bp, lr) = a64::regs(uc);
    let in_text = f.text <= pc && pc < f.text + f.text_len;
    if sig == libc::SIGILL && in_text {
        if let Some(r) = &f.limits {
            let site = pc - f.text;
            let k = r.sites.binary_search_by_key(&site, |s| s.0 as usize).ok();
            if let Some(&(_, kind)) = k.and_then(|k| r.sites.get(k)) {
                limit_stop(f, r, kind, site, sp, bp);
            }
        }
    }
    // A stack overflow: the stack pointer is at the run's stack limit and the access near
    // it, or (limit unknown) just below the stack pointer.
    let overflow = matches!(sig, libc::SIGSEGV | libc::SIGBUS)
        && if f.stack_lo != 0 {
            let top = f.stack_lo.saturating_add(1 << 20);
            sp < top && addr < top && addr.saturating_add(64 << 10) >= sp.min(f.stack_lo)
        } else {
            addr < sp && sp - addr <= 64 << 10
        };
    let head = match sig {
        _ if overflow => native_faults::HEAD_OVERFLOW,
        libc::SIGFPE | libc::SIGTRAP => native_faults::HEAD_DIVIDE,
        libc::SIGILL => native_faults::HEAD_UNREACHABLE,
        _ => native_faults::HEAD_MEMORY,
    };
    write_err(head);
    #[cfg_attr(target_arch = "x86_64", allow(unused_mut))]
    let mut site = if in_text { Some(pc - f.text) } else { f.caller(sp, bp) };
    #[cfg(target_arch = "aarch64")]
    {
        // A C library function that calls nothing still has its return address in x30; a
        // stack overflow at a prologue's stack probe is reported at the call, as on x86-64,
        // where the call's push faults.
        let probe = in_text && f.word(pc) == Some(a64::PROBE);
        if (!in_text || (overflow && probe)) && f.is_return(lr) {
            site = Some(lr - CALL_LEN - f.text);
        }
    }
    if !in_text {
        write_err(native_faults::IN_LIBC);
    }
    write_err("\n");
    if let Some(tail) = site.and_then(|s| f.lookup(s)) {
        write_err(tail);
    }
    // SAFETY: flushes the program's C stdio (so output printed before the fault is kept)
    // and ends the process without running handlers that could touch the broken state.
    unsafe {
        (f.fflush)(std::ptr::null_mut());
        libc::_exit(i32::from(if overflow { Stop::ERROR } else { Stop::UB }));
    }
}

/// Reports the limit of `kind` reached at text offset `site` and ends the run (status 124
/// for steps, 71 for the depth).
fn limit_stop(
    f: &Faults,
    r: &crate::native_limits::LimitReport,
    kind: irplay_native::LimitKind,
    site: usize,
    sp: usize,
    bp: usize,
) -> ! {
    let is_return = |w: usize| f.is_return(w);
    let tail = |off: usize| f.lookup(off);
    let walk = crate::native_limits::Walk {
        text: f.text,
        stack_hi: f.stack_hi,
        sp,
        is_return: &is_return,
        call_len: CALL_LEN,
        write: &write_err,
        tail: &tail,
    };
    walk.report(r, kind, site, bp);
    let status = match kind {
        irplay_native::LimitKind::Steps => Stop::OUT_OF_STEPS,
        irplay_native::LimitKind::Depth => Stop::ERROR,
    };
    // SAFETY: as at a fault: flushes the program's C stdio and ends the process.
    unsafe {
        (f.fflush)(std::ptr::null_mut());
        libc::_exit(i32::from(status))
    }
}

/// Installs the fault handlers on a 64 KiB alternate stack.
fn install_handlers() -> Result<(), String> {
    const ALT: usize = 64 << 10;
    let stack: &'static mut [u8] = Box::leak(vec![0u8; ALT].into_boxed_slice());
    let ss = libc::stack_t { ss_sp: stack.as_mut_ptr().cast(), ss_flags: 0, ss_size: ALT };
    // SAFETY: a leaked (never freed) buffer as the alternate signal stack.
    if unsafe { libc::sigaltstack(&ss, std::ptr::null_mut()) } != 0 {
        return Err(format!("cannot set up a signal stack: {}", std::io::Error::last_os_error()));
    }
    // AArch64 code traps a division by zero with `brk` (SIGTRAP): its divide does not.
    #[cfg(target_arch = "x86_64")]
    let sigs = [libc::SIGSEGV, libc::SIGBUS, libc::SIGFPE, libc::SIGILL];
    #[cfg(target_arch = "aarch64")]
    let sigs = [libc::SIGSEGV, libc::SIGBUS, libc::SIGFPE, libc::SIGILL, libc::SIGTRAP];
    for sig in sigs {
        // SAFETY: a zeroed sigaction filled with a handler of the SA_SIGINFO shape.
        let rc = unsafe {
            let mut sa: libc::sigaction = std::mem::zeroed();
            sa.sa_sigaction =
                on_fault as extern "C" fn(c_int, *mut libc::siginfo_t, *mut c_void) as usize;
            sa.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            libc::sigemptyset(&mut sa.sa_mask);
            libc::sigaction(sig, &sa, std::ptr::null_mut())
        };
        if rc != 0 {
            return Err(format!(
                "cannot install a signal handler: {}",
                std::io::Error::last_os_error()
            ));
        }
    }
    Ok(())
}

/// Loads `c`, calls its `main` with `program` and `args` as `argv` and exits with its
/// status through the program's C library (the process ends there: stdio is flushed, the
/// `atexit` handlers run). Returns the status of a failure before the run, after
/// reporting it. With `limits` (code compiled with them, budgets set), the memory limit is
/// kept by the memory functions, the step and depth limits are reported at their traps, and
/// the run goes on in a child process whose output this one forwards up to the output limit
/// (`native_pump.rs`); the status is then the run's.
pub fn run(
    c: &Compiled,
    file: &SourceFile,
    inv: &crate::run::Invocation,
    limits: Option<&crate::run::Limits>,
) -> u8 {
    let fail = |m: String| {
        eprintln!("error: {m}");
        Stop::ERROR
    };
    if let Some(l) = limits {
        let line_buffered = crate::native_pump::stdout_is_terminal();
        match crate::native_pump::fork_pumped(l.max_output) {
            Ok(Some(status)) => return status,
            Ok(None) => {}
            Err(e) => return fail(e),
        }
        crate::native_limits::set_max_memory(l.max_memory);
        return run_here(c, file, inv, Some(l), line_buffered);
    }
    run_here(c, file, inv, None, false)
}

/// [`run`] in this process.
fn run_here(
    c: &Compiled,
    file: &SourceFile,
    inv: &crate::run::Invocation,
    limits: Option<&crate::run::Limits>,
    line_buffered: bool,
) -> u8 {
    let fail = |m: String| {
        eprintln!("error: {m}");
        Stop::ERROR
    };
    let Some(main_sym) = c.main else { return fail(irplay_core::ir::no_entry_message("main")) };
    let image = match load(c) {
        Ok(i) => i,
        Err(e) => return fail(e),
    };
    let Some(main) = image.addr(main_sym).filter(|&a| a != 0) else {
        return fail("main has no address".into());
    };
    let mut argv_c = Vec::with_capacity(inv.args.len() + 1);
    for a in std::iter::once(&inv.program).chain(&inv.args) {
        match CString::new(a.as_str()) {
            Ok(s) => argv_c.push(s),
            Err(_) => return fail(format!("argument {a:?} contains a NUL byte")),
        }
    }
    let mut argv: Vec<*const c_char> = argv_c.iter().map(|s| s.as_ptr()).collect();
    argv.push(std::ptr::null());
    // The program's environment is the run's alone, as in every engine: its C library's
    // `environ` is this array (`envp` too), kept to the end of the process.
    let mut envp: Vec<*mut c_char> = Vec::with_capacity(inv.env.len() + 1);
    for e in &inv.env {
        match CString::new(e.as_str()) {
            Ok(s) => envp.push(s.into_raw()),
            Err(_) => return fail(format!("environment entry {e:?} contains a NUL byte")),
        }
    }
    envp.push(std::ptr::null_mut());
    let envp: &'static mut [*mut c_char] = envp.leak();
    // SAFETY: `image.environ` is the address of the C library's `char **environ`, which a
    // program may set (POSIX); no other thread runs the program's C library.
    unsafe { *(image.environ as *mut *mut *mut c_char) = envp.as_mut_ptr() };
    let mut faults = Faults::new(c, file, &image);
    if let Some(l) = limits {
        let counter = c.symbols.iter().position(|s| {
            s.name == irplay_native::COUNTER_STEPS && matches!(s.def, Some((Section::Data, _, 8)))
        });
        if let Some(at) = counter.and_then(|k| image.addr(k as u32)) {
            crate::native_limits::set_step_counter(at, l.max_steps);
        }
        faults.limits = Some(crate::native_limits::LimitReport {
            sites: c.limit_sites.clone(),
            funcs: native_faults::func_names(c),
            head_steps: native_faults::head_steps(l.max_steps),
            head_depth: native_faults::head_depth(l.max_stack_depth),
        });
    }
    if line_buffered {
        line_buffer_stdout();
    }
    // The run's stack: from here down to the limit `stacker` knows (the stack irplay's main
    // thread runs on), or 8 MiB.
    let here = &faults as *const Faults as usize;
    faults.stack_hi = here.saturating_add(4096);
    faults.stack_lo = stacker::remaining_stack().map_or(0, |r| here.saturating_sub(r));
    FAULTS.store(Box::into_raw(Box::new(faults)), Ordering::Release);
    if let Err(e) = install_handlers() {
        return fail(e);
    }
    let argc = c_int::try_from(argv_c.len()).unwrap_or(c_int::MAX);
    // SAFETY: `main` is the address of the compiled `main` in the executable region; its ABI
    // is System V's `int main(int, char **, char **)` (a `main` with fewer parameters ignores
    // the registers). SIGPIPE gets its default action back, as a C program has it (Rust
    // ignores it). The image stays mapped: `exit` runs the program's `atexit` handlers.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        let f: extern "C" fn(c_int, *const *const c_char, *const *const c_char) -> c_int =
            std::mem::transmute::<usize, _>(main);
        let status = f(argc, argv.as_ptr(), envp.as_ptr() as *const *const c_char);
        let exit = image.exit;
        std::mem::forget(image);
        exit(status & 0xff)
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// The hand-made object loads and its `main` runs: every kind of relocation, the stubs
    /// and the GOT work.
    #[test]
    fn loads_and_runs_the_example() {
        let c = irplay_native::object::example();
        let image = load(&c).expect("loads");
        let main = image.addr(0).expect("main");
        // SAFETY: the example's main is `int main(void)`.
        let f: extern "C" fn() -> c_int = unsafe { std::mem::transmute::<usize, _>(main) };
        assert_eq!(f(), 42);
        // `ptr` holds the address of `msg`.
        let ptr = image.addr(2).expect("ptr");
        // SAFETY: inside the image's data.
        assert_eq!(unsafe { *(ptr as *const usize) }, image.addr(1).expect("msg"));
    }

    #[test]
    fn a_missing_symbol_is_an_error() {
        let mut c = irplay_native::object::example();
        c.symbols[3].name = "no_such_function_in_libc".into();
        let e = load(&c).err().expect("fails");
        assert!(e.contains("no_such_function_in_libc"), "{e}");
    }

    /// A one-function object: `main` is `code`; `locs` are (offset, line of `FAULT_SOURCE`);
    /// `calls` are offsets of `call rel32` fields to the external `ext`.
    fn object(code: &[u8], locs: &[(u32, &str)], calls: &[u32], ext: &str) -> Compiled {
        use irplay_core::diag::Span;
        use irplay_native::{FuncInfo, Reloc, Symbol};
        let at = |line: &str| {
            let start = FAULT_SOURCE.find(line).expect("line") as u32;
            Span::new(start, start + line.len() as u32)
        };
        let len = code.len() as u32;
        let sym = |name: &str, def, func| Symbol { name: name.into(), def, func, global: true };
        Compiled {
            text: code.to_vec(),
            data_align: 1,
            symbols: vec![sym("main", Some((Section::Text, 0, len)), true), sym(ext, None, true)],
            relocs: calls
                .iter()
                .map(|&offset| Reloc {
                    section: Section::Text,
                    offset,
                    kind: RelocKind::Plt32,
                    sym: 1,
                    addend: -4,
                })
                .collect(),
            funcs: vec![FuncInfo {
                name: "main".into(),
                sym: 0,
                start: 0,
                end: len,
                span: at("define i32 @main"),
            }],
            locs: locs.iter().map(|&(o, l)| (o, at(l))).collect(),
            main: Some(0),
            ..Compiled::default()
        }
    }

    const FAULT_SOURCE: &str = "\
declare i64 @strlen(ptr)

define i32 @main() {
  %q = sdiv i32 1, 0
  unreachable
  %n = call i64 @strlen(ptr null)
  %r = call i32 @main()
}
";

    /// The faulting programs, by name.
    fn faulting(name: &str) -> Compiled {
        let div = "%q = sdiv i32 1, 0";
        let strlen = "%n = call i64 @strlen(ptr null)";
        match name {
            // xor ecx, ecx; xor edx, edx; mov eax, 1; idiv ecx; ret
            "div" => object(
                &[0x31, 0xc9, 0x31, 0xd2, 0xb8, 1, 0, 0, 0, 0xf7, 0xf9, 0xc3],
                &[(0, div)],
                &[],
                "puts",
            ),
            // ud2
            "ud2" => object(&[0x0f, 0x0b], &[(0, div), (0, "unreachable")], &[], "puts"),
            // push rbp; mov rbp, rsp; xor edi, edi; call strlen; pop rbp; ret
            "libc" => object(
                &[0x55, 0x48, 0x89, 0xe5, 0x31, 0xff, 0xe8, 0, 0, 0, 0, 0x5d, 0xc3],
                &[(4, strlen)],
                &[7],
                "strlen",
            ),
            // push rbp; mov rbp, rsp; call main (itself, through a stub: another symbol)
            _ => object(
                &[0x55, 0x48, 0x89, 0xe5, 0xe8, 0xf7, 0xff, 0xff, 0xff, 0x5d, 0xc3],
                &[(4, "%r = call i32 @main()")],
                &[],
                "puts",
            ),
        }
    }

    /// Run in a child process (this test binary, with `IRPLAY_FAULT` naming the program):
    /// runs the faulting program, which ends the process.
    #[test]
    fn fault_child() {
        let Ok(name) = std::env::var("IRPLAY_FAULT") else { return };
        let c = faulting(&name);
        let file = SourceFile::new("f.ll", FAULT_SOURCE);
        // On a stack of `stacker`, as `irplay` runs.
        let inv = crate::run::Invocation { program: "f.ll".into(), ..Default::default() };
        let status = stacker::grow(256 << 20, || run(&c, &file, &inv, None));
        panic!("the run returned {status}");
    }

    /// Runs the faulting program `name` in a child process: its status and stderr.
    fn fault(name: &str) -> (Option<i32>, String) {
        let exe = std::env::current_exe().expect("test binary");
        let out = std::process::Command::new(exe)
            .args(["--exact", "native_run::tests::fault_child", "--nocapture", "--test-threads=1"])
            .env("IRPLAY_FAULT", name)
            .output()
            .expect("runs");
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    }

    #[test]
    fn faults_are_reported_at_their_ir_instruction() {
        let (code, err) = fault("div");
        assert_eq!(code, Some(70), "{err}");
        assert!(
            err.contains(
                "undefined behavior: integer divide by zero\n  at f.ll:4:3 (in @main)\n      \
                 %q = sdiv i32 1, 0\n"
            ),
            "{err}"
        );
        let (code, err) = fault("ud2");
        assert_eq!(code, Some(70), "{err}");
        assert!(
            err.contains(
                "undefined behavior: unreachable instruction executed\n  at f.ll:5:3 (in @main)\n"
            ),
            "{err}"
        );
        let (code, err) = fault("libc");
        assert_eq!(code, Some(70), "{err}");
        assert!(
            err.contains(
                "undefined behavior: out of bounds memory access (in a function of the C \
                 library)\n  at f.ll:6:3 (in @main)\n      %n = call i64 @strlen(ptr null)\n"
            ),
            "{err}"
        );
        let (code, err) = fault("overflow");
        assert_eq!(code, Some(71), "{err}");
        assert!(err.contains("error: stack overflow\n  at f.ll:7:3 (in @main)\n"), "{err}");
    }
}
