//! A debugging session: runs a module in the interpreter one stop at a time, forwards and
//! backwards, and shows the state at each stop (the page's stepper and `irplay debug`).
//!
//! ```text
//!   Session::new ─ setup as Interp::execute does ─▶ paused before the first instruction
//!   exec(Command) ─▶ forward: the same run loop, stopped exactly at a step (its step limit,
//!                    resumable) or, with a Watch, before the first op that matches
//!                    (breakpoint lines, frame depth) on the general path
//!                 ─▶ backward: restore the last snapshot at or before the target and run
//!                    forward again on the fast path; back over/out/continue replay the
//!                    segments before the current step with the Watch, the last match wins
//!   view() ─▶ View: position, frames, values with histories (record.rs: kept up while
//!             stepping forward on the general path, else a replay of the last steps),
//!             memory, output so far
//! ```
//!
//! It is the one interpreter (`state.rs`, `exec/mod.rs`, `fast/`): the same steps, results and
//! reports as [`crate::interp::run`]; a run in a session translates functions without keeping
//! stack slots in registers (`translate/promote.rs`), which changes no result and no step
//! count, so the memory view shows every slot.
//!
//! Bounds: every command stops at [`Options::max_steps`] (a run that reaches it ends with
//! [`Exit::OutOfSteps`], the state staying before the op that did not run), and at the memory
//! and output limits as a run does. Snapshots: see `snapshots.rs` (at most 64, 64 MiB).
//! Value histories keep the last [`HISTORY`] values of each instruction; rebuilt by a replay,
//! they cover at most the last [`HISTORY_WINDOW`] steps (a frame entered before then shows
//! its parameters and the values assigned since); the memory view shows at most
//! [`view::MAX_BLOCKS`] blocks and [`view::BLOCK_BYTES`] bytes of each.

mod owned;
pub(crate) mod record;
mod snapshots;
#[cfg(test)]
mod tests;
mod types;
mod view;

pub use owned::OwnedSession;
pub use record::HISTORY;
pub use snapshots::{MAX_BYTES, MAX_SNAPSHOTS};
pub use types::*;
pub use view::{BLOCK_BYTES, MAX_BLOCKS};

use crate::interp::state::{Interp, Stop, Watch};
use crate::interp::{Exit, Options};
use crate::ir::Module;
use snapshots::Snapshots;
use std::collections::BTreeSet;

/// Value histories replay at most this many steps before the stop.
pub const HISTORY_WINDOW: u64 = 250_000;

/// A forward goto of at most this many steps keeps the value histories up (on the general
/// path); a longer one runs on the fast path and leaves them to a replay.
const RECORD_GOTO: u64 = 10_000;

/// A run of a module under a debugger (see the module docs).
pub struct Session<'m> {
    m: &'m Module,
    it: Interp<'m>,
    opts: Options,
    /// Byte offsets where lines start.
    lines: Vec<u32>,
    snaps: Snapshots<'m>,
    /// How the run ended, once it has (the state is then the final one).
    end: Option<Exit>,
    breakpoints: BTreeSet<u32>,
    reason: StopReason,
    names: view::Names,
    /// The values recorded for the frames on the stack, valid at the step given (kept up as
    /// the session steps forward on the general path; rebuilt by a replay otherwise).
    hist: Option<(u64, record::Recorder)>,
}

/// The state before a run's first instruction, or how it ended at once.
fn start<'m>(m: &'m Module, opts: &Options) -> (Interp<'m>, Option<Stop>) {
    let mut it = Interp::new(m, opts);
    it.no_promote = true;
    match it.setup().and_then(|_| it.start(opts)) {
        Ok(()) => (it, None),
        Err(f) => {
            let s = it.stop_from(f, None);
            (it, Some(s))
        }
    }
}

impl<'m> Session<'m> {
    /// A session of `module` (whose text is `source`, for lines), paused before the first
    /// instruction (after the globals are set up and the driver started, as
    /// [`crate::interp::run`] does).
    pub fn new(module: &'m Module, source: &str, opts: &Options) -> Session<'m> {
        let (it, stop) = start(module, opts);
        let mut lines = vec![0u32];
        lines.extend(
            source.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i as u32 + 1),
        );
        let snaps = Snapshots::new(it.snapshot());
        let mut s = Session {
            m: module,
            it,
            opts: opts.clone(),
            lines,
            snaps,
            end: None,
            breakpoints: BTreeSet::new(),
            reason: StopReason::Start,
            names: view::Names::default(),
            hist: None,
        };
        if let Some(stop) = stop {
            s.finish(stop);
        }
        s
    }

    /// Runs a command; returns why it stopped.
    pub fn exec(&mut self, cmd: &Command) -> StopReason {
        let r = match *cmd {
            Command::Step => self.forward(None, self.it.steps.saturating_add(1)),
            Command::StepOver => {
                let d = self.it.frames.len();
                self.forward(Some(self.watch(false, d)), u64::MAX)
            }
            Command::StepOut => {
                let d = self.it.frames.len().saturating_sub(1);
                self.forward(Some(self.watch(false, d)), u64::MAX)
            }
            Command::Continue => {
                let w = (!self.breakpoints.is_empty()).then(|| self.watch(true, 0));
                self.forward(w, u64::MAX)
            }
            Command::RunToLine { line } => {
                let mut w = self.watch(false, 0);
                w.starts = self.starts_on(&[line]);
                self.forward(Some(w), u64::MAX)
            }
            Command::StepBack => {
                let s = self.steps().saturating_sub(1);
                self.goto(s)
            }
            Command::BackOver => self.back_depth(0),
            Command::BackOut => self.back_depth(1),
            Command::ReverseContinue => {
                let w = self.watch(true, 0);
                self.backward(w)
            }
            Command::Goto { step } => self.goto(step),
        };
        self.reason = r.clone();
        r
    }

    /// Sets a breakpoint on a line; false (and none set) when no instruction starts there.
    pub fn set_breakpoint(&mut self, line: u32) -> bool {
        if self.starts_on(&[line]).is_empty() {
            return false;
        }
        self.breakpoints.insert(line);
        true
    }

    /// Removes the breakpoint of a line; false when there was none.
    pub fn clear_breakpoint(&mut self, line: u32) -> bool {
        self.breakpoints.remove(&line)
    }

    /// Removes every breakpoint.
    pub fn clear_breakpoints(&mut self) {
        self.breakpoints.clear();
    }

    /// The lines where an instruction starts (where a breakpoint can be set), increasing.
    pub fn breakable_lines(&self) -> Vec<u32> {
        let mut lines = BTreeSet::new();
        for (_, gv) in self.m.globals.iter() {
            let crate::ir::GlobalKind::Func(f) = &gv.kind else { continue };
            let Some(body) = f.body.as_ref() else { continue };
            for (_, d) in body.insts.iter().filter(|(_, d)| d.op != crate::ir::Opcode::Phi) {
                lines.insert(self.line_col(d.span.start).0);
            }
        }
        lines.into_iter().collect()
    }

    /// The lines with a breakpoint, increasing.
    pub fn breakpoints(&self) -> Vec<u32> {
        self.breakpoints.iter().copied().collect()
    }

    /// Instructions executed so far (at the end: as many as the run executed, the op that
    /// the step limit stopped not counted).
    pub fn steps(&self) -> u64 {
        self.it.steps
    }

    /// How the run ended, once it has.
    pub fn exit(&self) -> Option<&Exit> {
        self.end.as_ref()
    }

    /// Why the session stopped where it is.
    pub fn reason(&self) -> &StopReason {
        &self.reason
    }

    /// The first allocation that returned null because of the memory limit, if any.
    pub fn malloc_failed(&self) -> Option<&crate::interp::MallocFailure> {
        self.it.malloc_failed.as_ref()
    }

    /// The options the session runs with.
    pub fn options(&self) -> &Options {
        &self.opts
    }

    /// The module.
    pub fn module(&self) -> &'m Module {
        self.m
    }

    /// What the program wrote so far: standard output and error.
    pub fn output(&self) -> (Vec<u8>, Vec<u8>) {
        self.it.out.so_far()
    }

    /// The snapshots held now.
    pub fn snapshot_stats(&self) -> SnapshotStats {
        SnapshotStats {
            count: self.snaps.len(),
            bytes: self.snaps.bytes,
            interval: self.snaps.interval,
        }
    }

    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let i = self.lines.partition_point(|&s| s <= offset).max(1);
        let start = self.lines.get(i - 1).copied().unwrap_or(0);
        (i as u32, offset.saturating_sub(start) + 1)
    }

    /// A watch of the breakpoints (`bps`) and of the stack at most `depth` deep.
    fn watch(&self, bps: bool, depth: usize) -> Watch {
        let lines: Vec<u32> =
            if bps { self.breakpoints.iter().copied().collect() } else { Vec::new() };
        Watch { starts: self.starts_on(&lines), depth, from: self.it.steps, record: None }
    }

    /// Byte offsets where instructions on `lines` start.
    fn starts_on(&self, lines: &[u32]) -> rustc_hash::FxHashSet<u32> {
        let mut out = rustc_hash::FxHashSet::default();
        if lines.is_empty() {
            return out;
        }
        for (_, gv) in self.m.globals.iter() {
            let crate::ir::GlobalKind::Func(f) = &gv.kind else { continue };
            let Some(body) = f.body.as_ref() else { continue };
            for (_, d) in body.insts.iter() {
                if d.op == crate::ir::Opcode::Phi {
                    continue;
                }
                if lines.contains(&self.line_col(d.span.start).0) {
                    out.insert(d.span.start);
                }
            }
        }
        out
    }

    /// Ends the session's run with `stop` (the state stays as the run left it).
    fn finish(&mut self, mut stop: Stop) {
        self.it.watch = None;
        if let Err(s) = self.it.out.flush() {
            if matches!(stop, Stop::Done | Stop::Exit(_)) {
                let f = self.it.output_fault(s);
                stop = self.it.stop_from(f, None);
            }
        }
        self.end =
            Some(stop.into_exit(self.it.ret_code, "the session paused without a stop condition"));
    }

    /// Runs forward until step `target`, a match of `watch`, or the end; takes snapshots on
    /// the way.
    fn forward(&mut self, watch: Option<Watch>, target: u64) -> StopReason {
        if self.end.is_some() {
            return StopReason::Finished;
        }
        // Keep the histories up when they are valid here and the run is short or watched.
        let steps = self.it.steps;
        let hist = self.hist.take().filter(|h| h.0 == steps);
        let record = watch.is_some() || target.saturating_sub(steps) <= RECORD_GOTO;
        let mut watch = match (hist, record) {
            (Some((_, rec)), true) => {
                let mut w = watch.unwrap_or_else(|| self.watch(false, 0));
                w.record = Some(Box::new(rec));
                Some(w)
            }
            _ => watch,
        };
        let r = self.forward_with(&mut watch, target);
        if let Some(rec) = watch.and_then(|w| w.record) {
            self.hist = Some((self.it.steps, *rec));
        }
        r
    }

    /// [`Session::forward`] with `watch` (given back as the run left it).
    fn forward_with(&mut self, watch: &mut Option<Watch>, target: u64) -> StopReason {
        loop {
            let due = self.snaps.next_due(self.it.steps);
            let limit = target.min(due).min(self.opts.max_steps);
            if self.it.steps >= self.opts.max_steps && target > self.it.steps {
                self.it.ctx = self.ctx_here();
                self.finish(Stop::OutOfSteps);
                return StopReason::Finished;
            }
            self.it.max_steps = limit;
            self.it.watch = watch.take().map(Box::new);
            let stop = self.it.run_loop();
            *watch = self.it.watch.take().map(|w| *w);
            match stop {
                Stop::OutOfSteps => {
                    if self.it.steps == due {
                        self.snaps.take(&self.it);
                    }
                    if self.it.steps >= target {
                        return StopReason::Step;
                    }
                    // Resuming after a snapshot: the op there is checked too.
                    if let Some(w) = watch.as_mut() {
                        w.from = u64::MAX;
                    }
                }
                Stop::Paused => return self.paused_reason(watch.as_ref()),
                stop => {
                    self.finish(stop);
                    return StopReason::Finished;
                }
            }
        }
    }

    /// The instruction context of the op about to run (for the step-limit report).
    fn ctx_here(&self) -> (crate::diag::Span, u32) {
        match self.it.frames.last() {
            Some(f) if f.native.is_none() => {
                (f.code.spans.get(f.pc as usize).copied().unwrap_or_default(), f.code.gid)
            }
            _ => self.it.ctx,
        }
    }

    /// Why a watch stopped the run here.
    fn paused_reason(&self, w: Option<&Watch>) -> StopReason {
        let (span, _) = self.ctx_here();
        let line = self.line_col(span.start).0;
        match w {
            Some(w)
                if w.starts.contains(&span.start)
                    && self.it.frames.len() > w.depth
                    && self.breakpoints.contains(&line) =>
            {
                StopReason::Breakpoint { line }
            }
            _ => StopReason::Step,
        }
    }

    /// Goes to the state after exactly `step` instructions (the end, if the run ends first).
    fn goto(&mut self, step: u64) -> StopReason {
        if self.end.is_none() && step >= self.it.steps {
            return self.forward(None, step);
        }
        if self.end.is_some() && step >= self.it.steps {
            return StopReason::Finished;
        }
        let Some(it) = self.snaps.restore(step) else { return StopReason::Step };
        self.it = it;
        self.end = None;
        match self.forward(None, step) {
            StopReason::Step if step == 0 => StopReason::Step,
            r => r,
        }
    }

    /// Back over (`out` = 0) or back out (`out` = 1): the last earlier state with at most the
    /// current depth (minus `out`) of frames.
    fn back_depth(&mut self, out: usize) -> StopReason {
        let here = self.it.frames.len();
        if here == 0 {
            // The run ended with no frame: the last state before the end.
            return self.exec(&Command::StepBack);
        }
        let mut w = self.watch(false, here.saturating_sub(out));
        w.from = u64::MAX;
        self.backward(w)
    }

    /// Goes to the last state before the current one where `w` matches (step 0 if none).
    fn backward(&mut self, mut w: Watch) -> StopReason {
        w.from = u64::MAX;
        let now = self.it.steps;
        let points = self.snaps.steps();
        for (i, &s0) in points.iter().enumerate().rev() {
            if s0 >= now {
                continue;
            }
            let end = points.get(i + 1).copied().unwrap_or(u64::MAX).min(now);
            if let Some(hit) = self.last_match(s0, end, &w) {
                let r = self.goto(hit);
                return match r {
                    StopReason::Step => self.paused_reason(Some(&w)),
                    r => r,
                };
            }
        }
        self.goto(0);
        StopReason::AtStart
    }

    /// The last step in `s0..end` at whose state `w` matches, by replaying from the snapshot
    /// at `s0` (with the watch checked at `s0` itself too).
    fn last_match(&self, s0: u64, end: u64, w: &Watch) -> Option<u64> {
        let mut it = self.snaps.restore(s0)?;
        let mut last = None;
        let mut w = w.clone();
        w.from = u64::MAX;
        it.max_steps = end;
        loop {
            it.watch = Some(Box::new(w.clone()));
            match it.run_loop() {
                Stop::Paused => {
                    last = Some(it.steps);
                    w.from = it.steps;
                }
                _ => return last,
            }
        }
    }
}
