//! Snapshots of the interpreter's whole state, taken at growing intervals as a debugging
//! session runs forward, so that any earlier step is reached by restoring the last snapshot at
//! or before it and running forward again (the run is deterministic: standard input is given
//! up front, and nothing else comes from outside).
//!
//! Bound: at most [`MAX_SNAPSHOTS`] snapshots holding at most [`MAX_BYTES`] (64 MiB) by the
//! estimate of [`size_of`] (memory with its shadow, registers, origins, output so far). When a
//! new snapshot would pass either, every other snapshot is dropped and the interval doubles;
//! the first one (step 0) is always kept. A snapshot larger than the whole budget on its own
//! is not kept, so a program with a very large memory goes back by re-running from step 0.

use crate::interp::state::Interp;

/// The most snapshots kept.
pub const MAX_SNAPSHOTS: usize = 64;
/// The most bytes the snapshots may hold (estimated).
pub const MAX_BYTES: usize = 64 << 20;
/// The first interval between snapshots, in steps.
pub const FIRST_INTERVAL: u64 = 1 << 15;

/// The snapshots of one session.
pub struct Snapshots<'m> {
    /// By step, increasing; the first is the state at step 0.
    list: Vec<(u64, usize, Interp<'m>)>,
    /// Steps between snapshots.
    pub interval: u64,
    /// Estimated bytes held.
    pub bytes: usize,
}

/// An estimate of the host memory a copy of the state holds.
pub fn size_of(it: &Interp) -> usize {
    let mem: usize = it
        .mem
        .allocs
        .iter()
        .map(|a| std::mem::size_of_val(a) + a.bytes.capacity() + 4 * a.shadow.capacity())
        .sum();
    mem + it.regs.capacity() * std::mem::size_of::<crate::interp::value::Slot>()
        + it.wregs.capacity() * 32
        + it.frames.capacity() * std::mem::size_of::<crate::interp::state::Frame>()
        + it.origins.held()
        + it.out.held()
        + it.allocas.capacity() * 4
        + 4096
}

impl<'m> Snapshots<'m> {
    /// The snapshots of a run whose state at step 0 is `start`.
    pub fn new(start: Interp<'m>) -> Snapshots<'m> {
        let n = size_of(&start);
        Snapshots { list: vec![(start.steps, n, start)], interval: FIRST_INTERVAL, bytes: n }
    }

    /// The step at which the next snapshot after step `s` is due.
    pub fn next_due(&self, s: u64) -> u64 {
        let last = self.list.last().map_or(0, |l| l.0);
        let due = last.saturating_add(self.interval);
        if due > s {
            due
        } else {
            (s / self.interval + 1).saturating_mul(self.interval)
        }
    }

    /// Keeps a copy of `it` (a state reached running forward), within the bound.
    pub fn take(&mut self, it: &Interp<'m>) {
        if self.list.last().is_some_and(|l| l.0 >= it.steps) {
            return;
        }
        let n = size_of(it);
        if n > MAX_BYTES / 2 {
            return;
        }
        while self.list.len() >= MAX_SNAPSHOTS || self.bytes + n > MAX_BYTES {
            if self.list.len() <= 1 {
                return;
            }
            self.thin();
        }
        self.bytes += n;
        self.list.push((it.steps, n, it.snapshot()));
    }

    /// Drops every other snapshot after the first and doubles the interval.
    fn thin(&mut self) {
        let old = std::mem::take(&mut self.list);
        self.bytes = 0;
        for (i, s) in old.into_iter().enumerate() {
            if i == 0 || i % 2 == 0 {
                self.bytes += s.1;
                self.list.push(s);
            }
        }
        self.interval = self.interval.saturating_mul(2);
    }

    /// The last snapshot at or before step `s`: its step and a copy of its state.
    pub fn restore(&self, s: u64) -> Option<Interp<'m>> {
        let i = self.list.partition_point(|l| l.0 <= s).checked_sub(1)?;
        self.list.get(i).map(|l| l.2.snapshot())
    }

    /// The steps of the snapshots, increasing.
    pub fn steps(&self) -> Vec<u64> {
        self.list.iter().map(|l| l.0).collect()
    }

    /// How many snapshots are kept.
    pub fn len(&self) -> usize {
        self.list.len()
    }
}
