//! The memory model: separate allocations (globals, functions, stack slots, heap blocks) with
//! bounds, each placed at a stable aligned address of a simulated 64-bit address space, with
//! per-byte shadow state.
//!
//! A pointer is an address plus provenance (the allocation's index + 1), so `ptrtoint` gives a
//! plausible number and `inttoptr` finds the allocation again by address. Addresses are never
//! reused, so a dangling pointer never silently reaches a new allocation through its address.
//!
//! Every byte has a shadow word: 0 for a plain defined byte, `1..=0x7FFF_FFFF` for a byte of a
//! stored pointer (the value is the pointer's provenance, so copying pointer bytes keeps it),
//! [`TAINT`]` | origin` for a poison or undef byte (the origin table says which and why), and
//! [`PARTIAL`]` | bits` for a byte of which only some bits are undef (bit-fields next to
//! uninitialized padding).
//!
//! Host memory: the limit ([`Memory::max`]) bounds what the interpreter itself holds, not only
//! the program's bytes. Each allocation is charged its bytes plus [`OVERHEAD`] for its
//! bookkeeping, and [`SHADOW`] bytes more per byte while its shadow is stored. A heap block's
//! shadow is stored only once an access needs it: until then (a block never touched, or one
//! `memset` whole) every byte has the same shadow, kept once ([`Alloc::lazy`]). When the limit
//! is reached, heap blocks whose stored shadow has become uniform again (filled byte by byte)
//! give it back before the limit is reported ([`Memory::compact`]).
//!
//! Reports: each heap block and stack slot records where it was allocated and, for a heap
//! block, where it was freed, as ids of [`Sites`] (call stacks of at most [`SITE_FRAMES`]
//! (span, function) frames, each distinct stack kept once, so a loop that allocates adds
//! nothing). A dead block's record is reused by a later allocation; the `GRAVES` (1024) most
//! recent ones are remembered then (`sites.rs`), so an access or `free` through an old pointer is still
//! reported as a use after free or double free of the block it pointed to.

mod codec;
mod sites;

use sites::Grave;
pub use sites::{SiteFrame, Sites, CALL_SITE, SITE_FRAMES};

use crate::interp::poison::origin::{Origins, TaintKind};
use crate::interp::report::{ErrorKind, Fault, Res, UbKind};
use crate::interp::value::Slot;

/// Shadow bit of a poison or undef byte; the low bits are the origin id.
pub const TAINT: u32 = 0x8000_0000;
/// Shadow bit of a byte with some undef bits (the low 8 bits say which); the byte's origin is
/// the shared "partly uninitialized" one.
pub const PARTIAL: u32 = 0x4000_0000;
/// Marks an entry of the interpreter's alloca list that is not an allocation but the bytes of
/// a stack slot held in a register (the low bits are its size, at most 8).
pub const RESERVED: u32 = 0x8000_0000;
/// Addresses below this are the null page.
pub const NULL_PAGE: u64 = 4096;
/// Host bytes of stored shadow per byte of memory, charged against the limit.
pub const SHADOW: u64 = 4;
/// Host bytes charged against the limit for each allocation's bookkeeping (its record, index
/// entry and the host allocator's own overhead).
pub const OVERHEAD: u64 = 128;

/// True when every shadow entry of `s` is `s0`: compared where the entries are, so that the
/// check does not go through a copy whose read waits on its stores.
#[inline(always)]
fn same_as(s: &[u32], s0: u32) -> bool {
    s.iter().fold(0, |a, &x| a | (x ^ s0)) == 0
}

/// What an allocation holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AllocKind {
    /// A global variable (index of its global).
    Global(u32),
    /// A function's address (index of its global); has no accessible bytes.
    Func(u32),
    /// A `blockaddress` (function global index, block index).
    Block(u32, u32),
    /// An `alloca`.
    Stack,
    /// `malloc` and friends.
    Heap,
    /// Memory the runtime library owns (stdio handles, `argv`).
    Runtime,
}

/// One allocation.
#[derive(Clone, Debug)]
pub struct Alloc {
    /// Its first address.
    pub base: u64,
    /// Its size in bytes.
    pub size: u64,
    /// Its alignment.
    pub align: u64,
    /// What it is.
    pub kind: AllocKind,
    /// False once freed (or its frame returned).
    pub live: bool,
    /// True for `constant` globals.
    pub readonly: bool,
    /// The bytes.
    pub bytes: Vec<u8>,
    /// The shadow of each byte (empty while [`Alloc::lazy`]).
    pub shadow: Vec<u32>,
    /// True while the shadow is not stored: every byte's shadow is [`Alloc::uniform`] (heap
    /// blocks only; [`Memory::check`] stores it before an access goes on).
    pub lazy: bool,
    /// The shadow of every byte while [`Alloc::lazy`].
    pub uniform: u32,
    /// Where it was allocated: a call stack of [`Sites`] (0: none, as for globals).
    pub site: u32,
    /// Where it was freed (a heap block's `free`), once it is dead: a call stack of [`Sites`].
    pub freed: u32,
    /// Its number among the run's blocks of its kind (`heap#3`), from 1.
    pub serial: u32,
}

/// What an allocation of `size` bytes is charged against the limit (with its shadow stored,
/// or not).
fn cost(size: u64, stored: bool) -> u64 {
    let shadow = if stored { size.saturating_mul(SHADOW) } else { 0 };
    size.saturating_add(OVERHEAD).saturating_add(shadow)
}

/// Whether an allocation kind is charged against the limit (function and block addresses
/// have no bytes).
fn charged(kind: AllocKind) -> bool {
    matches!(kind, AllocKind::Stack | AllocKind::Heap | AllocKind::Global(_) | AllocKind::Runtime)
}

impl Alloc {
    /// The scalar of `n <= 8` bytes at address `addr` of this allocation when the access is
    /// valid and its bytes are defined (plain data, or pointer bytes of one provenance);
    /// `None` when the general path must decide (bad access, poison or undef bytes, mixed
    /// pointer bytes).
    #[inline(always)]
    pub fn read_fast(&self, addr: u64, n: u8) -> Option<Slot> {
        let off = addr.wrapping_sub(self.base);
        if !self.live || off > self.size || n as u64 > self.size - off {
            return None;
        }
        let off = off as usize;
        // The shadow is compared where it is: copied into an array first, it went through
        // the stack in parts read back whole, which stalls the load.
        let (bits, s0, same) = match n {
            8 => {
                let b: [u8; 8] = self.bytes.get(off..off + 8)?.try_into().ok()?;
                let s = self.shadow.get(off..off + 8)?;
                let s0 = *s.first()?;
                (u64::from_le_bytes(b), s0, same_as(s, s0))
            }
            4 => {
                let b: [u8; 4] = self.bytes.get(off..off + 4)?.try_into().ok()?;
                let s = self.shadow.get(off..off + 4)?;
                let s0 = *s.first()?;
                (u32::from_le_bytes(b) as u64, s0, same_as(s, s0))
            }
            1 => (*self.bytes.get(off)? as u64, *self.shadow.get(off)?, true),
            2 => {
                let b: [u8; 2] = self.bytes.get(off..off + 2)?.try_into().ok()?;
                let s: [u32; 2] = self.shadow.get(off..off + 2)?.try_into().ok()?;
                (u16::from_le_bytes(b) as u64, s[0], s[0] == s[1])
            }
            _ => return None,
        };
        if !same || s0 & (TAINT | PARTIAL) != 0 {
            return None;
        }
        Some(Slot { bits, prov: s0, poison: 0 })
    }

    /// Stores the `n <= 8` bytes of defined `v` at address `addr` of this allocation when the
    /// access is valid (in bounds of a live, writable allocation); false (nothing written)
    /// when the general path must decide.
    #[inline(always)]
    pub fn write_fast(&mut self, addr: u64, n: u8, v: Slot) -> bool {
        let off = addr.wrapping_sub(self.base);
        if v.poison != 0
            || !self.live
            || self.readonly
            || off > self.size
            || n as u64 > self.size - off
        {
            return false;
        }
        let off = off as usize;
        let n = n as usize;
        let (Some(b), Some(s)) =
            (self.bytes.get_mut(off..off + n), self.shadow.get_mut(off..off + n))
        else {
            return false;
        };
        match n {
            8 => {
                b.copy_from_slice(&v.bits.to_le_bytes());
                s.copy_from_slice(&[v.prov; 8]);
            }
            4 => {
                b.copy_from_slice(&(v.bits as u32).to_le_bytes());
                s.copy_from_slice(&[v.prov; 4]);
            }
            _ => {
                b.copy_from_slice(&v.bits.to_le_bytes()[..n.min(8)]);
                s.fill(v.prov);
            }
        }
        true
    }
}

#[derive(Clone, Debug, Default)]
struct Region {
    start: u64,
    next: u64,
    end: u64,
    index: Vec<(u64, u32)>,
    dead: usize,
}

/// The memory.
#[derive(Clone, Debug)]
pub struct Memory {
    /// All allocations by index (provenance - 1).
    pub allocs: Vec<Alloc>,
    free: Vec<u32>,
    regions: [Region; 3],
    /// Host bytes charged for live allocations (see the module docs).
    pub used: u64,
    /// The limit on `used`.
    pub max: u64,
    /// Shadow bytes of heap blocks stored now.
    stored: u64,
    /// Shadow bytes of heap blocks stored since the last [`Memory::compact`] (which waits for
    /// a quarter of [`Memory::stored`], so that its passes cost a bounded multiple of them).
    stored_since: u64,
    /// Allocation and free sites.
    pub sites: Sites,
    /// Dead heap blocks and stack slots whose record a new allocation took, so that an
    /// access through an old pointer is still reported as what it is (a ring of `GRAVES`).
    graves: Vec<Grave>,
    /// The next entry of `graves` to overwrite once it is full.
    grave_next: usize,
    /// Heap blocks and stack slots made so far (for [`Alloc::serial`]).
    serials: [u32; 2],
}

fn round_up(x: u64, a: u64) -> u64 {
    let a = a.max(1);
    if a.is_power_of_two() {
        return x.checked_add(a - 1).map_or(u64::MAX, |y| y & !(a - 1));
    }
    x.div_ceil(a).saturating_mul(a)
}

/// Which region an allocation kind lives in.
fn region_of(k: AllocKind) -> usize {
    match k {
        AllocKind::Heap => 1,
        AllocKind::Stack => 2,
        _ => 0,
    }
}

impl Memory {
    /// Empty memory with a byte limit.
    pub fn new(max: u64) -> Memory {
        let r =
            |start: u64, end: u64| Region { start, next: start, end, index: Vec::new(), dead: 0 };
        Memory {
            allocs: Vec::new(),
            free: Vec::new(),
            regions: [
                r(0x40_0000, 0x1000_0000),
                r(0x1000_0000, 0x7000_0000_0000),
                r(0x7ff0_0000_0000, 0x7fff_ffff_f000),
            ],
            used: 0,
            max,
            stored: 0,
            stored_since: 0,
            sites: Sites::default(),
            graves: Vec::new(),
            grave_next: 0,
            serials: [0; 2],
        }
    }

    /// Checks that `n` more host bytes (for `what`) stay within the limit, compacting first
    /// when they would not; the caller charges them.
    fn room(&mut self, n: u64, what: impl FnOnce() -> String) -> Res<()> {
        if self.used.saturating_add(n) > self.max {
            self.compact();
        }
        if self.used.saturating_add(n) > self.max {
            return Err(Fault::Error(
                ErrorKind::OutOfMemory,
                format!(
                    "{} exceeds the memory limit of {} bytes ({} bytes in use, counting the \
                     interpreter's own state of each byte)",
                    what(),
                    self.max,
                    self.used
                ),
            ));
        }
        Ok(())
    }

    /// Gives back the stored shadow of every heap block whose bytes all have the same shadow
    /// again (keeping it once, as a lazy block), when enough shadow was stored since the last
    /// pass for it to be worth one. Called when the limit would be passed.
    pub fn compact(&mut self) {
        if self.stored_since == 0 || self.stored_since.saturating_mul(4) < self.stored {
            return;
        }
        self.stored_since = 0;
        let mut freed = 0u64;
        for a in self.allocs.iter_mut().filter(|a| a.live && !a.lazy && a.kind == AllocKind::Heap) {
            let Some(&s0) = a.shadow.first() else { continue };
            if same_as(&a.shadow, s0) {
                a.shadow = Vec::new();
                a.lazy = true;
                a.uniform = s0;
                freed += a.size.saturating_mul(SHADOW);
            }
        }
        self.used = self.used.saturating_sub(freed);
        self.stored = self.stored.saturating_sub(freed);
    }

    /// Stores the shadow of the allocation `p` points into, if it is lazy (before inspections
    /// that read it in place; an invalid `p` is left for the access to report).
    pub fn store_at(&mut self, p: Slot) -> Res<()> {
        match self.alloc_of(p).filter(|_| p.poison == 0) {
            Some(i) => self.store_shadow(i as usize),
            None => Ok(()),
        }
    }

    /// Stores the shadow of lazy allocation `idx` (charging it), before an access that needs
    /// it.
    #[cold]
    #[inline(never)]
    pub fn store_shadow(&mut self, idx: usize) -> Res<()> {
        let Some(a) = self.allocs.get(idx) else { return Ok(()) };
        if !a.lazy {
            return Ok(());
        }
        let size = a.size;
        let n = size.saturating_mul(SHADOW);
        self.room(n, || {
            format!("the interpreter's state of each byte of a heap block of {size} bytes")
        })?;
        self.used = self.used.saturating_add(n);
        self.stored = self.stored.saturating_add(n);
        self.stored_since = self.stored_since.saturating_add(n);
        if let Some(a) = self.allocs.get_mut(idx) {
            a.shadow.clear();
            a.shadow.resize(a.bytes.len(), a.uniform);
            a.lazy = false;
        }
        Ok(())
    }

    /// Creates an allocation of `size` bytes; `init` is the shadow of every byte (0 for zeroed
    /// memory, `TAINT | origin` for uninitialized memory).
    pub fn alloc(&mut self, size: u64, align: u64, kind: AllocKind, init: u32) -> Res<u32> {
        let align = align.max(1);
        if !align.is_power_of_two() {
            return Err(Fault::Error(
                ErrorKind::Internal,
                format!("alignment {align} is not a power of two"),
            ));
        }
        let counted = charged(kind);
        let lazy = kind == AllocKind::Heap;
        let charge = if counted { cost(size, !lazy) } else { 0 };
        self.room(charge, || format!("allocating {size} bytes"))?;
        let Ok(n) = usize::try_from(size) else {
            return Err(Fault::Error(
                ErrorKind::OutOfMemory,
                format!("allocation of {size} bytes is too large"),
            ));
        };
        let ri = region_of(kind);
        let reg = &mut self.regions[ri];
        let base = round_up(reg.next, align.max(16));
        let next = base.saturating_add(size.max(1)).saturating_add(16);
        if next > reg.end {
            return Err(Fault::Error(
                ErrorKind::OutOfMemory,
                "simulated address space exhausted".into(),
            ));
        }
        reg.next = next;
        let fill = 0u8;
        let serial = match kind {
            AllocKind::Heap => {
                self.serials[0] = self.serials[0].wrapping_add(1);
                self.serials[0]
            }
            AllocKind::Stack => {
                self.serials[1] = self.serials[1].wrapping_add(1);
                self.serials[1]
            }
            _ => 0,
        };
        let idx = match self.free.pop() {
            Some(i) => {
                self.bury(i);
                let a = &mut self.allocs[i as usize];
                a.site = 0;
                a.freed = 0;
                a.serial = serial;
                if n > 4096 {
                    // A fresh zeroed buffer: the host maps its pages as they are touched.
                    a.bytes = vec![fill; n];
                } else {
                    a.bytes.clear();
                    a.bytes.resize(n, fill);
                }
                a.shadow.clear();
                if !lazy {
                    a.shadow.resize(n, init);
                }
                a.lazy = lazy;
                a.uniform = init;
                a.base = base;
                a.size = size;
                a.align = align;
                a.kind = kind;
                a.live = true;
                a.readonly = false;
                i
            }
            None => {
                let i = self.allocs.len() as u32;
                if i >= PARTIAL - 2 {
                    return Err(Fault::Error(
                        ErrorKind::OutOfMemory,
                        "too many allocations".into(),
                    ));
                }
                self.allocs.push(Alloc {
                    base,
                    size,
                    align,
                    kind,
                    live: true,
                    readonly: false,
                    bytes: vec![fill; n],
                    shadow: if lazy { Vec::new() } else { vec![init; n] },
                    lazy,
                    uniform: init,
                    site: 0,
                    freed: 0,
                    serial,
                });
                i
            }
        };
        self.used = self.used.saturating_add(charge);
        self.regions[ri].index.push((base, idx));
        Ok(idx)
    }

    /// Reserves the address range an `alloca` of `size` bytes would get, without creating an
    /// allocation: for stack slots held in registers (see `translate/promote.rs`). Addresses, the memory
    /// limit and its errors are exactly those of [`Memory::alloc`]; [`Memory::unreserve`] gives the
    /// bytes back when the frame returns.
    pub fn reserve(&mut self, size: u64, align: u64) -> Res<u64> {
        let align = align.max(1);
        if !align.is_power_of_two() {
            return Err(Fault::Error(
                ErrorKind::Internal,
                format!("alignment {align} is not a power of two"),
            ));
        }
        self.room(cost(size, true), || format!("allocating {size} bytes"))?;
        if usize::try_from(size).is_err() {
            return Err(Fault::Error(
                ErrorKind::OutOfMemory,
                format!("allocation of {size} bytes is too large"),
            ));
        }
        let reg = &mut self.regions[region_of(AllocKind::Stack)];
        let base = round_up(reg.next, align.max(16));
        let next = base.saturating_add(size.max(1)).saturating_add(16);
        if next > reg.end {
            return Err(Fault::Error(
                ErrorKind::OutOfMemory,
                "simulated address space exhausted".into(),
            ));
        }
        reg.next = next;
        self.used += cost(size, true);
        Ok(base)
    }

    /// [`Memory::reserve`] when it succeeds, inline and without building an error: `None`
    /// when it would fail (the general path then reports why).
    #[inline(always)]
    pub fn reserve_fast(&mut self, size: u64, align: u64) -> Option<u64> {
        let a = align.max(16);
        let used = self.used.checked_add(cost(size, true))?;
        if !a.is_power_of_two() || used > self.max || usize::try_from(size).is_err() {
            return None;
        }
        let reg = self.regions.get_mut(region_of(AllocKind::Stack))?;
        let base = reg.next.checked_add(a - 1)? & !(a - 1);
        let next = base.checked_add(size.max(1))?.checked_add(16)?;
        if next > reg.end {
            return None;
        }
        reg.next = next;
        self.used = used;
        Some(base)
    }

    /// Releases the entries of an alloca list above `mark`: allocations, and the bytes of
    /// stack slots held in registers ([`RESERVED`] entries).
    pub fn free_allocas(&mut self, allocas: &mut Vec<u32>, mark: usize) {
        while allocas.len() > mark {
            match allocas.pop() {
                Some(a) if a & RESERVED != 0 => self.unreserve((a & !RESERVED) as u64),
                Some(a) => self.release(a),
                None => {}
            }
        }
    }

    /// Gives back the bytes of a [`Memory::reserve`].
    pub fn unreserve(&mut self, size: u64) {
        self.used = self.used.saturating_sub(cost(size, true));
    }

    /// The allocation and offset of a valid access of `len` bytes at a defined pointer with
    /// provenance (as [`Memory::check`] would accept), or `None`.
    #[inline(always)]
    fn fast_loc(&self, p: Slot, len: u64, write: bool) -> Option<(usize, usize)> {
        if p.poison != 0 || p.prov == 0 {
            return None;
        }
        let idx = (p.prov - 1) as usize;
        let a = self.allocs.get(idx)?;
        let off = p.bits.wrapping_sub(a.base);
        if !a.live || (write && a.readonly) || off > a.size || len > a.size - off {
            return None;
        }
        Some((idx, off as usize))
    }

    /// Loads `out.len()` consecutive lanes of `es` bytes at `p` (integer lanes masked to `w`
    /// bits when `w` is 1..64) when the access is valid and every lane's bytes are defined, as
    /// `n` scalar loads would; false when the general path must decide (`out` is then
    /// partly written).
    pub fn load_lanes(&self, p: Slot, es: u8, w: u8, out: &mut [Slot]) -> bool {
        let Some((idx, off)) = self.fast_loc(p, es as u64 * out.len() as u64, false) else {
            return false;
        };
        let Some(a) = self.allocs.get(idx) else { return false };
        let es = es as usize;
        let m = if w != 0 && w < 64 { crate::interp::value::mask(w as u32) } else { u64::MAX };
        let n = es * out.len();
        let (Some(bytes), Some(shadow)) = (a.bytes.get(off..off + n), a.shadow.get(off..off + n))
        else {
            return false;
        };
        if es == 8 {
            // Whole 8-byte lanes (doubles, pointers, i64): the common case, without a loop
            // over bytes.
            for ((lane, b), s) in
                out.iter_mut().zip(bytes.chunks_exact(8)).zip(shadow.chunks_exact(8))
            {
                let (Ok(b), Some(&s0)) = (<[u8; 8]>::try_from(b), s.first()) else { return false };
                if s0 & (TAINT | PARTIAL) != 0 || !same_as(s, s0) {
                    return false;
                }
                *lane = Slot { bits: u64::from_le_bytes(b), prov: s0, poison: 0 };
            }
            return true;
        }
        if es == 4 {
            for ((lane, b), s) in
                out.iter_mut().zip(bytes.chunks_exact(4)).zip(shadow.chunks_exact(4))
            {
                let (Ok(b), Some(&s0)) = (<[u8; 4]>::try_from(b), s.first()) else { return false };
                if s0 & (TAINT | PARTIAL) != 0 || !same_as(s, s0) {
                    return false;
                }
                *lane = Slot { bits: u32::from_le_bytes(b) as u64 & m, prov: s0, poison: 0 };
            }
            return true;
        }
        for ((lane, b), s) in
            out.iter_mut().zip(bytes.chunks_exact(es)).zip(shadow.chunks_exact(es))
        {
            let s0 = s.first().copied().unwrap_or(0);
            if s0 & (TAINT | PARTIAL) != 0 || s.iter().any(|&x| x != s0) {
                return false;
            }
            let bits = b.iter().rev().fold(0u64, |acc, &x| acc << 8 | x as u64);
            *lane = Slot { bits: bits & m, prov: s0, poison: 0 };
        }
        true
    }

    /// Stores consecutive defined lanes of `es` bytes at `p` when the access is valid; false
    /// (nothing written) when the general path must decide.
    pub fn store_lanes(&mut self, p: Slot, es: u8, lanes: &[Slot]) -> bool {
        if lanes.iter().any(|l| l.poison != 0) {
            return false;
        }
        let Some((idx, off)) = self.fast_loc(p, es as u64 * lanes.len() as u64, true) else {
            return false;
        };
        let Some(a) = self.allocs.get_mut(idx) else { return false };
        let es = es as usize;
        let n = es * lanes.len();
        let (Some(b), Some(s)) = (a.bytes.get_mut(off..off + n), a.shadow.get_mut(off..off + n))
        else {
            return false;
        };
        // Whole 8- and 4-byte lanes with fixed-size copies.
        if es == 8 {
            for ((bc, sc), l) in b.chunks_exact_mut(8).zip(s.chunks_exact_mut(8)).zip(lanes) {
                bc.copy_from_slice(&l.bits.to_le_bytes());
                sc.copy_from_slice(&[l.prov; 8]);
            }
            return true;
        }
        if es == 4 {
            for ((bc, sc), l) in b.chunks_exact_mut(4).zip(s.chunks_exact_mut(4)).zip(lanes) {
                bc.copy_from_slice(&(l.bits as u32).to_le_bytes());
                sc.copy_from_slice(&[l.prov; 4]);
            }
            return true;
        }
        for ((bc, sc), l) in b.chunks_exact_mut(es).zip(s.chunks_exact_mut(es)).zip(lanes) {
            bc.copy_from_slice(&l.bits.to_le_bytes()[..es.min(8)]);
            sc.fill(l.prov);
        }
        true
    }

    /// Releases an allocation (the caller has checked it is live).
    pub fn release(&mut self, idx: u32) {
        let Some(a) = self.allocs.get_mut(idx as usize) else { return };
        if !a.live {
            return;
        }
        a.live = false;
        if charged(a.kind) {
            self.used = self.used.saturating_sub(cost(a.size, !a.lazy));
        }
        if a.kind == AllocKind::Heap && !a.lazy {
            self.stored = self.stored.saturating_sub(a.size.saturating_mul(SHADOW));
        }
        if a.bytes.capacity() > 4096 || a.shadow.capacity() > 4096 {
            a.bytes = Vec::new();
            a.shadow = Vec::new();
        }
        let ri = region_of(a.kind);
        self.free.push(idx);
        let allocs = &self.allocs;
        let reg = &mut self.regions[ri];
        let is_dead =
            |&(b, i): &(u64, u32)| allocs.get(i as usize).is_none_or(|a| !a.live || a.base != b);
        if ri == 2 {
            while reg.index.last().is_some_and(is_dead) {
                reg.index.pop();
            }
        } else {
            reg.dead += 1;
            if reg.dead > 1024 && reg.dead * 2 > reg.index.len() {
                reg.index.retain(|e| !is_dead(e));
                reg.dead = 0;
            }
        }
    }

    /// `inttoptr` of the defined integer `x`: its provenance if it has one (pointer bytes),
    /// else that of the live allocation its value points into, if any.
    #[inline(always)]
    pub fn int_to_ptr(&self, x: Slot) -> Slot {
        let prov = match x.prov {
            0 => self.lookup(x.bits).map_or(0, |i| i + 1),
            pv => pv,
        };
        Slot { bits: x.bits, prov, poison: 0 }
    }

    /// The live allocation whose range `[base, base + size]` (one past the end included)
    /// contains `addr`.
    pub fn lookup(&self, addr: u64) -> Option<u32> {
        let reg = self.regions.iter().find(|r| addr >= r.start && addr < r.end)?;
        let pos = reg.index.partition_point(|&(b, _)| b <= addr);
        let mut k = pos;
        // Skip entries of dead allocations that may still be in the index.
        while k > 0 {
            k -= 1;
            let (b, i) = reg.index[k];
            let a = self.allocs.get(i as usize)?;
            if a.live && a.base == b {
                return (addr <= b.saturating_add(a.size)).then_some(i);
            }
            if pos - k > 64 {
                break;
            }
        }
        None
    }

    /// The allocation a pointer refers to (by provenance, else by address).
    #[inline]
    pub fn alloc_of(&self, p: Slot) -> Option<u32> {
        if p.prov != 0 {
            Some(p.prov - 1)
        } else {
            self.lookup(p.bits)
        }
    }

    /// Checks an access of `len` bytes at `p` and returns `(allocation, offset)`.
    #[inline(always)]
    pub fn check(&mut self, p: Slot, len: u64, write: bool) -> Res<(usize, usize)> {
        let loc = self.check_bounds(p, len, write)?;
        if self.allocs.get(loc.0).is_some_and(|a| a.lazy) {
            self.store_shadow(loc.0)?;
        }
        Ok(loc)
    }

    /// [`Memory::check`] without storing a lazy block's shadow (for [`Memory::fill`], which
    /// may keep it lazy).
    #[inline(always)]
    pub fn check_bounds(&self, p: Slot, len: u64, write: bool) -> Res<(usize, usize)> {
        if p.poison == 0 && p.prov != 0 {
            let idx = (p.prov - 1) as usize;
            if let Some(a) = self.allocs.get(idx) {
                let off = p.bits.wrapping_sub(a.base);
                if a.live && off <= a.size && len <= a.size - off && !(write && a.readonly) {
                    return Ok((idx, off as usize));
                }
            }
        }
        self.check_slow(p, len, write)
    }

    #[cold]
    #[inline(never)]
    fn check_slow(&self, p: Slot, len: u64, write: bool) -> Res<(usize, usize)> {
        if p.poison != 0 {
            return Err(Fault::ub_from(
                UbKind::PoisonPointer,
                "memory access through a poison or undef pointer",
                p.poison,
            ));
        }
        let idx = match self.alloc_of(p) {
            Some(i) => i as usize,
            None => return Err(self.no_alloc(p.bits, len)),
        };
        let Some(a) = self.allocs.get(idx) else { return Err(self.no_alloc(p.bits, len)) };
        let off = p.bits.wrapping_sub(a.base);
        if !a.live || off > a.size || len > a.size - off {
            return Err(self.bad_access(idx, p.bits, len));
        }
        if write && a.readonly {
            return Err(Fault::ub(
                UbKind::StoreToConstant,
                format!("store to constant memory at {:#x} ({})", p.bits, self.describe(idx)),
            ));
        }
        Ok((idx, off as usize))
    }

    fn no_alloc(&self, addr: u64, len: u64) -> Fault {
        if addr < NULL_PAGE {
            return Fault::ub(
                UbKind::NullDereference,
                format!("memory access through a null pointer ({addr:#x})"),
            );
        }
        if let Some(b) = self.dead_at(addr, None) {
            return self.dead_access(addr, len, b);
        }
        Fault::ub(
            UbKind::InvalidPointer,
            format!("memory access at {addr:#x}, which is not in any live allocation"),
        )
    }

    /// A short description of an allocation for messages.
    pub fn describe(&self, idx: usize) -> String {
        match self.allocs.get(idx) {
            Some(a) => {
                let what = match a.kind {
                    AllocKind::Global(_) => "global",
                    AllocKind::Func(_) => "function",
                    AllocKind::Block(..) => "block address",
                    AllocKind::Stack => "stack slot",
                    AllocKind::Heap => "heap block",
                    AllocKind::Runtime => "runtime object",
                };
                format!("{what} of {} bytes at {:#x}", a.size, a.base)
            }
            None => "unknown allocation".into(),
        }
    }

    fn bad_access(&self, idx: usize, addr: u64, len: u64) -> Fault {
        let Some(b) = self.block(idx) else { return self.no_alloc(addr, len) };
        if let Some(d) = self.dead_at(addr, Some(idx as u32)) {
            return self.dead_access(addr, len, d);
        }
        if !b.live {
            // Outside the dead block's range: report it as the dead block all the same.
            return self.dead_access(addr, len, b);
        }
        if addr < NULL_PAGE {
            return Fault::ub(
                UbKind::NullDereference,
                format!("memory access through a null-based pointer ({addr:#x})"),
            );
        }
        let off = addr.wrapping_sub(b.base) as i64;
        let at = if b.what == "heap block" {
            format!("heap#{}{off:+}, a heap block of {} bytes", b.serial, b.size)
        } else {
            format!("offset {off} of a {}", self.describe(idx))
        };
        Fault::UbBlock(
            UbKind::OutOfBounds,
            format!("access of {len} bytes at {at} (out of bounds)"),
            Box::new(b),
        )
    }

    /// Reads a scalar of `n <= 8` bytes (little-endian) at a checked location.
    #[inline]
    pub fn read_slot(&self, idx: usize, off: usize, n: usize, origins: &mut Origins) -> Slot {
        let Some(a) = self.allocs.get(idx) else { return Slot::default() };
        let (Some(b), Some(s)) = (a.bytes.get(off..off + n), a.shadow.get(off..off + n)) else {
            return Slot::default();
        };
        let bits = match n {
            8 => b.try_into().map_or(0, u64::from_le_bytes),
            4 => b.try_into().map_or(0, u32::from_le_bytes) as u64,
            1 => b.first().copied().unwrap_or(0) as u64,
            2 => b.try_into().map_or(0, u16::from_le_bytes) as u64,
            _ => b.iter().enumerate().fold(0u64, |acc, (i, x)| acc | (*x as u64) << (8 * i)),
        };
        if s.iter().all(|&x| x == 0) {
            return Slot::int(bits);
        }
        shadow_to_slot(bits, s, origins)
    }

    /// Writes a scalar of `n <= 8` bytes at a checked location.
    #[inline]
    pub fn write_slot(&mut self, idx: usize, off: usize, n: usize, v: Slot, origins: &Origins) {
        let Some(a) = self.allocs.get_mut(idx) else { return };
        let (Some(b), Some(s)) = (a.bytes.get_mut(off..off + n), a.shadow.get_mut(off..off + n))
        else {
            return;
        };
        let le = v.bits.to_le_bytes();
        b.copy_from_slice(&le[..n.min(8)]);
        if v.poison == 0 && v.prov == 0 {
            s.fill(0);
        } else {
            slot_shadow(v, s, origins);
        }
    }

    /// Copies `n` bytes with their shadow (the ranges may overlap).
    pub fn copy(&mut self, (di, doff): (usize, usize), (si, soff): (usize, usize), n: usize) {
        if n == 0 {
            return;
        }
        if di == si {
            let a = &mut self.allocs[di];
            a.bytes.copy_within(soff..soff + n, doff);
            a.shadow.copy_within(soff..soff + n, doff);
        } else {
            // Two distinct allocations: borrow both at once.
            let (d, s) = if di < si {
                let (lo, hi) = self.allocs.split_at_mut(si);
                (&mut lo[di], &hi[0])
            } else {
                let (lo, hi) = self.allocs.split_at_mut(di);
                (&mut hi[0], &lo[si])
            };
            d.bytes[doff..doff + n].copy_from_slice(&s.bytes[soff..soff + n]);
            d.shadow[doff..doff + n].copy_from_slice(&s.shadow[soff..soff + n]);
        }
    }

    /// Fills `n` bytes at a location of [`Memory::check_bounds`] with a byte whose shadow is
    /// `sh`. A heap block filled whole keeps its shadow once (lazy).
    pub fn fill(&mut self, (di, doff): (usize, usize), byte: u8, sh: u32, n: usize) -> Res<()> {
        let whole = self
            .allocs
            .get(di)
            .is_some_and(|a| a.kind == AllocKind::Heap && doff == 0 && n as u64 == a.size);
        if whole {
            let Some(a) = self.allocs.get_mut(di) else { return Ok(()) };
            if !a.lazy {
                self.used = self.used.saturating_sub(a.size.saturating_mul(SHADOW));
                self.stored = self.stored.saturating_sub(a.size.saturating_mul(SHADOW));
                a.shadow = Vec::new();
                a.lazy = true;
            }
            a.uniform = sh;
            a.bytes.fill(byte);
            return Ok(());
        }
        self.store_shadow(di)?;
        let a = &mut self.allocs[di];
        a.bytes[doff..doff + n].fill(byte);
        a.shadow[doff..doff + n].fill(sh);
        Ok(())
    }

    /// The bytes and shadow of a checked range.
    pub fn range(&self, (i, off): (usize, usize), n: usize) -> (&[u8], &[u32]) {
        let a = &self.allocs[i];
        (&a.bytes[off..off + n], &a.shadow[off..off + n])
    }

    /// The bytes and shadow of a checked range, mutably.
    pub fn range_mut(&mut self, (i, off): (usize, usize), n: usize) -> (&mut [u8], &mut [u32]) {
        let a = &mut self.allocs[i];
        (&mut a.bytes[off..off + n], &mut a.shadow[off..off + n])
    }
}

/// Builds a slot from bytes whose shadow is not all clean: poison wins, then undef bits (a
/// partly undef value records which bits), else pointer provenance when every byte carries
/// the same one.
pub fn shadow_to_slot(bits: u64, s: &[u32], origins: &mut Origins) -> Slot {
    let mut undef = 0u32;
    let mut umask = 0u64;
    let mut prov = 0u32;
    let mut same_prov = true;
    for (i, &x) in s.iter().enumerate().take(8) {
        let sh = 8 * i as u32;
        if x & TAINT != 0 {
            let o = x & !TAINT;
            if origins.kind(o) != Some(TaintKind::Undef) {
                return Slot { bits: 0, prov: 0, poison: o.max(1) };
            }
            undef = o;
            umask |= 0xff << sh;
        } else if x & PARTIAL != 0 {
            umask |= ((x & 0xff) as u64) << sh;
            same_prov = false;
        } else if i == 0 {
            prov = x;
        } else if x != prov {
            same_prov = false;
        }
    }
    if umask != 0 {
        let full = crate::interp::value::mask(8 * s.len().min(8) as u32);
        let parent = if undef != 0 { undef } else { origins.partly_uninit() };
        let o = if umask == full { parent } else { origins.partial(parent, umask) };
        return Slot { bits: bits & !umask, prov: 0, poison: o };
    }
    Slot { bits, prov: if same_prov { prov } else { 0 }, poison: 0 }
}

/// The shadow of the bytes of a stored slot.
#[inline]
pub fn slot_shadow(v: Slot, s: &mut [u32], origins: &Origins) {
    if v.poison == 0 {
        s.fill(v.prov);
        return;
    }
    let m = origins.mask(v.poison);
    if m == 0 {
        s.fill(TAINT | v.poison);
        return;
    }
    let whole = origins.whole(v.poison);
    for (i, x) in s.iter_mut().enumerate() {
        let b = if i < 8 { (m >> (8 * i)) & 0xff } else { 0 };
        *x = match b {
            0 => 0,
            0xff => TAINT | whole,
            b => PARTIAL | b as u32,
        };
    }
}
