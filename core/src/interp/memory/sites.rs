//! Where blocks were allocated and freed, for reports: the table of call stacks
//! ([`Sites`]), and the dead blocks remembered after a new allocation took their record
//! (graves), so that an access or `free` through an old pointer is reported as what it is.

use super::{Alloc, AllocKind, Memory};
use crate::interp::report::{BlockRef, Fault, UbKind};

/// The most frames of a call stack an allocation or `free` site keeps (the innermost ones).
pub const SITE_FRAMES: usize = 8;

/// One frame of a site: the instruction's span and its function (global index). A frame
/// below the innermost one is kept as the caller's call site number, unresolved: span
/// `{ start: call site, end: CALL_SITE }` (its span is looked up when a report needs it).
pub type SiteFrame = (crate::diag::Span, u32);

/// The `end` of a [`SiteFrame`] span that holds a call site number, not a span.
pub const CALL_SITE: u32 = u32::MAX;

/// The call stacks where blocks were allocated and freed, each kept once (a loop that
/// allocates makes one entry): id 0 is "no site", others index `stacks` from 1.
#[derive(Clone, Debug, Default)]
pub struct Sites {
    stacks: Vec<Box<[SiteFrame]>>,
    index: rustc_hash::FxHashMap<Box<[SiteFrame]>, u32>,
    /// The two ids interned last, checked before the index (a loop that allocates and frees
    /// interns the same two stacks over and over).
    recent: [u32; 2],
}

impl Sites {
    /// The id of call stack `s` (innermost first, at most [`SITE_FRAMES`] frames).
    #[inline]
    pub fn intern(&mut self, s: &[SiteFrame]) -> u32 {
        for id in self.recent {
            if id != 0 && self.get(id) == s {
                return id;
            }
        }
        self.intern_slow(s)
    }

    #[cold]
    fn intern_slow(&mut self, s: &[SiteFrame]) -> u32 {
        let id = match self.index.get(s) {
            Some(&id) => id,
            None => {
                self.stacks.push(s.into());
                let id = self.stacks.len() as u32;
                self.index.insert(s.into(), id);
                id
            }
        };
        self.recent = [id, self.recent[0]];
        id
    }

    /// The call stack of site `id` (empty for 0 and unknown ids).
    pub fn get(&self, id: u32) -> &[SiteFrame] {
        id.checked_sub(1).and_then(|i| self.stacks.get(i as usize)).map_or(&[], |b| b)
    }
}

/// What a report says about allocation `idx`.
pub(super) fn block_ref(idx: u32, a: &Alloc) -> BlockRef {
    let (what, global) = match a.kind {
        AllocKind::Global(g) => ("global", g),
        AllocKind::Func(g) => ("function", g),
        AllocKind::Block(..) => ("block address", u32::MAX),
        AllocKind::Stack => ("stack slot", u32::MAX),
        AllocKind::Heap => ("heap block", u32::MAX),
        AllocKind::Runtime => ("runtime object", u32::MAX),
    };
    BlockRef {
        idx,
        base: a.base,
        size: a.size,
        what,
        global,
        serial: a.serial,
        site: a.site,
        freed: a.freed,
        live: a.live,
    }
}

/// A dead heap block or stack slot whose record a new allocation took.
#[derive(Copy, Clone, Debug)]
pub(super) struct Grave {
    idx: u32,
    serial: u32,
    site: u32,
    freed: u32,
    base: u64,
    size: u64,
    stack: bool,
}

impl Grave {
    fn block(&self) -> BlockRef {
        BlockRef {
            idx: self.idx,
            base: self.base,
            size: self.size,
            what: if self.stack { "stack slot" } else { "heap block" },
            global: u32::MAX,
            serial: self.serial,
            site: self.site,
            freed: self.freed,
            live: false,
        }
    }
}

/// Dead blocks remembered after their record is reused (the most recent ones).
pub const GRAVES: usize = 1024;

impl Memory {
    /// Remembers the dead block of record `i` before a new allocation takes the record.
    #[inline]
    pub(super) fn bury(&mut self, i: u32) {
        let Some(a) = self.allocs.get(i as usize) else { return };
        if !matches!(a.kind, AllocKind::Heap | AllocKind::Stack) {
            return;
        }
        let g = Grave {
            idx: i,
            serial: a.serial,
            site: a.site,
            freed: a.freed,
            base: a.base,
            size: a.size,
            stack: a.kind == AllocKind::Stack,
        };
        if self.graves.len() < GRAVES {
            self.graves.push(g);
        } else if let Some(slot) = self.graves.get_mut(self.grave_next) {
            *slot = g;
            self.grave_next = (self.grave_next + 1) % GRAVES;
        }
    }

    /// The dead heap block or stack slot whose range `[base, base + size]` holds `addr`
    /// (whose record was index `idx`, when given): a record not reused yet, else a
    /// remembered one (for reports only: a scan).
    pub fn dead_at(&self, addr: u64, idx: Option<u32>) -> Option<BlockRef> {
        let holds = |b: &BlockRef| {
            !b.live
                && matches!(b.what, "heap block" | "stack slot")
                && idx.is_none_or(|i| i == b.idx)
                && addr >= b.base
                && addr <= b.base.saturating_add(b.size)
        };
        let recs: Box<dyn Iterator<Item = BlockRef>> = match idx {
            Some(i) => Box::new(self.allocs.get(i as usize).map(|a| block_ref(i, a)).into_iter()),
            None => Box::new(self.allocs.iter().enumerate().map(|(i, a)| block_ref(i as u32, a))),
        };
        recs.chain(self.graves.iter().rev().map(Grave::block)).find(holds)
    }

    /// A block as reports describe it.
    pub fn block(&self, idx: usize) -> Option<BlockRef> {
        self.allocs.get(idx).map(|a| block_ref(idx as u32, a))
    }

    /// An access to dead block `b`.
    pub(super) fn dead_access(&self, addr: u64, len: u64, b: BlockRef) -> Fault {
        let off = addr.wrapping_sub(b.base) as i64;
        let (kind, msg) = if b.what == "stack slot" {
            (
                UbKind::DanglingStack,
                format!(
                    "access of {len} bytes at offset {off} of a stack slot of {} bytes whose \
                     function has returned",
                    b.size
                ),
            )
        } else {
            (
                UbKind::UseAfterFree,
                format!(
                    "access of {len} bytes at heap#{}{off:+} (a block of {} bytes), which was \
                     freed",
                    b.serial, b.size
                ),
            )
        };
        Fault::UbBlock(kind, msg, Box::new(b))
    }
}
