//! Where poison and undef come from: a table of origins (root causes and the instructions a
//! tainted value travelled through, as parent links), and the reports built from it.
//!
//! Origin id 0 means "defined". Roots record the instruction span and a reason
//! (`add nsw overflowed: 2147483647 + 1`); each propagation step adds an entry whose parent is
//! the previous one, up to [`MAX_CHAIN`] steps. Entries no value refers to any more are
//! reclaimed by a mark-and-sweep collection (`poison/gc.rs` marks from registers, memory shadow and
//! every other place a value is kept; [`Origins::sweep`] follows parent links and frees the
//! rest), so the table grows with the poison values alive, not with those ever made. It is
//! bounded by [`MAX_ORIGINS`] entries in use: past it new roots share a generic entry and
//! chains stop growing.

use crate::diag::Span;
pub use crate::semantics::poison::{Num, Why};
use serde::{Deserialize, Serialize};

/// The longest chain of propagation steps kept for one tainted value.
pub const MAX_CHAIN: u16 = 16;
/// The most origin entries kept.
pub const MAX_ORIGINS: usize = 1 << 20;

/// Poison or undef.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaintKind {
    /// `poison`.
    Poison,
    /// `undef` (reads as 0 in this interpreter, but branching on it is still undefined).
    Undef,
}

/// One entry of the origin table.
#[derive(Clone, Debug)]
pub struct OriginEntry {
    /// Poison or undef.
    pub kind: TaintKind,
    /// The instruction (or allocation site) that created or forwarded the value.
    pub span: Span,
    /// The function it happened in (index of its global).
    pub func: u32,
    /// Why the value is poison (empty for a propagation step).
    pub reason: Why,
    /// The previous step, 0 for a root.
    pub parent: u32,
    /// Steps since the root.
    pub depth: u16,
    /// For a partly undef narrow value: which bits are undef; 0 means the whole value.
    pub mask: u64,
}

/// Collections never run below this many entries in use.
pub const MIN_COLLECT: usize = 1 << 16;

/// The origin table.
#[derive(Clone, Debug)]
pub struct Origins {
    entries: Vec<OriginEntry>,
    full: [u32; 2],
    partly: u32,
    /// Ids of entries a collection freed, reused first.
    free: Vec<u32>,
    /// Entries in use.
    live: usize,
    /// Collect when `live` reaches this.
    next_collect: usize,
}

/// The entries a collection keeps: every origin id still held by a value, marked by the
/// interpreter (see `poison/gc.rs`); [`Origins::sweep`] adds their parents.
pub struct Marks {
    bits: Vec<u64>,
}

impl Marks {
    /// Keeps entry `id` (0 and unknown ids are ignored).
    #[inline]
    pub fn mark(&mut self, id: u32) {
        if let Some(w) = self.bits.get_mut(id as usize / 64) {
            *w |= 1 << (id % 64);
        }
    }
    fn is(&self, id: u32) -> bool {
        self.bits.get(id as usize / 64).is_some_and(|w| w >> (id % 64) & 1 == 1)
    }
}

impl Default for Origins {
    fn default() -> Self {
        let dummy = OriginEntry {
            kind: TaintKind::Poison,
            span: Span::default(),
            func: u32::MAX,
            reason: "".into(),
            parent: 0,
            depth: 0,
            mask: 0,
        };
        let mut o = Origins {
            entries: vec![dummy],
            full: [0, 0],
            partly: 0,
            free: Vec::new(),
            live: 0,
            next_collect: MIN_COLLECT,
        };
        o.full[0] = o.push_raw(
            TaintKind::Poison,
            Span::default(),
            u32::MAX,
            "poison (origin table full)".into(),
            0,
            0,
            0,
        );
        o.full[1] = o.push_raw(
            TaintKind::Undef,
            Span::default(),
            u32::MAX,
            "undef (origin table full)".into(),
            0,
            0,
            0,
        );
        o.partly = o.push_raw(
            TaintKind::Undef,
            Span::default(),
            u32::MAX,
            "partly uninitialized memory".into(),
            0,
            0,
            0,
        );
        o
    }
}

impl Origins {
    /// Host bytes the table holds (for a debugger's snapshot budget).
    pub fn held(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<OriginEntry>() + self.free.capacity() * 4
    }

    #[allow(clippy::too_many_arguments)]
    fn push_raw(
        &mut self,
        kind: TaintKind,
        span: Span,
        func: u32,
        reason: Why,
        parent: u32,
        depth: u16,
        mask: u64,
    ) -> u32 {
        let e = OriginEntry { kind, span, func, reason, parent, depth, mask };
        self.live += 1;
        if let Some(id) = self.free.pop() {
            if let Some(slot) = self.entries.get_mut(id as usize) {
                *slot = e;
                return id;
            }
        }
        let id = self.entries.len() as u32;
        self.entries.push(e);
        id
    }
    /// True when enough entries were made since the last collection that the interpreter
    /// should mark what is still in use and call [`Origins::sweep`].
    #[inline]
    pub fn wants_collect(&self) -> bool {
        self.live >= self.next_collect
    }
    /// An empty mark set for a collection.
    pub fn marks(&self) -> Marks {
        Marks { bits: vec![0; self.entries.len().div_ceil(64)] }
    }
    /// Frees every entry that is neither marked nor the parent of a kept one; their ids are
    /// reused. The table then holds only what live values can still report.
    pub fn sweep(&mut self, mut m: Marks) {
        for id in [self.full[0], self.full[1], self.partly] {
            m.mark(id);
        }
        let mut work: Vec<u32> = (1..self.entries.len() as u32).filter(|&id| m.is(id)).collect();
        while let Some(id) = work.pop() {
            let p = self.entries.get(id as usize).map_or(0, |e| e.parent);
            if p != 0 && !m.is(p) {
                m.mark(p);
                work.push(p);
            }
        }
        self.free.clear();
        self.live = 0;
        for (id, e) in self.entries.iter_mut().enumerate().skip(1).rev() {
            if m.is(id as u32) {
                self.live += 1;
            } else {
                e.reason = Why::Text("".into());
                e.parent = 0;
                self.free.push(id as u32);
            }
        }
        self.next_collect = (2 * self.live).max(MIN_COLLECT);
    }
    /// Entries in use.
    pub fn live(&self) -> usize {
        self.live
    }
    /// The table's length: the most entries it ever held at once.
    pub fn peak(&self) -> usize {
        self.entries.len()
    }
    /// A new root: a value became poison or undef at `span` for `reason`.
    pub fn root(&mut self, kind: TaintKind, span: Span, func: u32, reason: impl Into<Why>) -> u32 {
        if self.live >= MAX_ORIGINS {
            return self.full[(kind == TaintKind::Undef) as usize];
        }
        self.push_raw(kind, span, func, reason.into(), 0, 0, 0)
    }
    /// The shared origin of bytes with some undef bits.
    pub fn partly_uninit(&self) -> u32 {
        self.partly
    }
    /// A partly undef value (bits in `mask` undef) derived from `parent`.
    pub fn partial(&mut self, parent: u32, mask: u64) -> u32 {
        let Some(p) = self.entries.get(parent as usize) else { return parent };
        if p.kind != TaintKind::Undef || self.live >= MAX_ORIGINS {
            return parent;
        }
        let (span, func, depth) = (p.span, p.func, p.depth);
        let parent = self.whole(parent);
        self.push_raw(TaintKind::Undef, span, func, "".into(), parent, depth, mask)
    }
    /// The value with origin `parent` travelled through the instruction at `span`.
    pub fn chain(&mut self, parent: u32, span: Span, func: u32) -> u32 {
        let Some(p) = self.entries.get(parent as usize) else { return parent };
        if p.depth >= MAX_CHAIN || self.live >= MAX_ORIGINS || (p.span == span && p.func == func) {
            return self.whole(parent);
        }
        let (kind, depth) = (p.kind, p.depth + 1);
        self.push_raw(kind, span, func, "".into(), self.whole(parent), depth, 0)
    }
    /// Like [`Origins::chain`], but a partly undef value stays partly undef (for moves such as
    /// phis that pass the value on unchanged).
    pub fn forward(&mut self, parent: u32, span: Span, func: u32) -> u32 {
        let m = self.mask(parent);
        let o = self.chain(parent, span, func);
        if m == 0 {
            o
        } else {
            self.partial(o, m)
        }
    }
    /// The origin with any partial-undef mask dropped (the whole value tainted).
    pub fn whole(&self, id: u32) -> u32 {
        match self.entries.get(id as usize) {
            Some(e) if e.mask != 0 => e.parent,
            _ => id,
        }
    }
    /// An entry.
    pub fn get(&self, id: u32) -> Option<&OriginEntry> {
        self.entries.get(id as usize).filter(|_| id != 0)
    }
    /// Poison or undef (`None` for 0).
    pub fn kind(&self, id: u32) -> Option<TaintKind> {
        self.get(id).map(|e| e.kind)
    }
    /// The undef byte mask of a partly undef value (0 = whole value).
    pub fn mask(&self, id: u32) -> u64 {
        self.get(id).map(|e| e.mask).unwrap_or(0)
    }
    /// Of two origins, the one to keep for a result: poison wins over undef.
    pub fn merge(&self, a: u32, b: u32) -> u32 {
        if a == 0 {
            return b;
        }
        if b == 0 || self.kind(a) == Some(TaintKind::Poison) {
            return a;
        }
        if self.kind(b) == Some(TaintKind::Poison) {
            b
        } else {
            a
        }
    }
    /// The root and the path from it, oldest first.
    pub fn path(&self, id: u32) -> Vec<&OriginEntry> {
        let mut v = Vec::new();
        let mut cur = id;
        while let Some(e) = self.get(cur) {
            if v.len() > MAX_CHAIN as usize + 4 {
                break;
            }
            v.push(e);
            cur = e.parent;
        }
        v.reverse();
        v
    }
}

/// A step of a poison value's journey, for reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OriginStep {
    /// The instruction.
    pub span: (u32, u32),
    /// Its function.
    pub function: String,
}

/// Where a poison or undef value came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OriginReport {
    /// Poison or undef.
    pub kind: TaintKind,
    /// The instruction that created it.
    pub span: (u32, u32),
    /// Its function.
    pub function: String,
    /// Why.
    pub reason: String,
    /// The instructions it then travelled through, in order.
    pub chain: Vec<OriginStep>,
}
