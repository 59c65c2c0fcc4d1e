//! The run loop's stop check in a debugging session ([`Interp::watch_hit`], called before each
//! op of a `D` run: see `exec/mod.rs`), and the [`Recorder`] that collects the successive
//! values of the instructions of every frame on the stack (the value histories of the view),
//! during a replay or while the session steps forward.
//!
//! For each frame, the recorder notes the op about to run; at the frame's next op (or at the
//! end) that op has completed and its result register holds its value, which is then read
//! (registers are shared by values whose lives do not overlap, so a register is read only
//! right after its op). A branch that lands at the start of a block has also run that block's
//! phis (they run with the branch), whose registers are read too. When the stack is shallower
//! than a frame's record, that frame has returned and its record is dropped; op 0 of a
//! function runs only when a call enters it, which starts a new record (with its parameters).

use crate::interp::bytecode::{FnCode, Op, NONE};
use crate::interp::poison::origin::TaintKind;
use crate::interp::state::Interp;
use crate::interp::value::Val;
use crate::ir::{EntityRef, Inst, Opcode};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// At most this many values are kept per instruction (the last ones).
pub const HISTORY: usize = 32;

/// A recorded value: its bits, and whether it was poison or undef then.
#[derive(Clone, Debug)]
pub struct Seen {
    /// The value.
    pub val: Val,
    /// Its taint when it was recorded.
    pub taint: Option<TaintKind>,
    /// Where its poison or undef arose (read when it was recorded: origins are collected).
    pub origin: Option<crate::interp::poison::origin::OriginReport>,
}

/// The values the instructions of the frames on the stack took.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// One record per frame seen, outermost first.
    pub frames: Vec<FrameRec>,
}

impl Recorder {
    /// The record of the frame at `depth`, if it ran within the recording.
    pub fn at(&self, depth: usize) -> Option<&FrameRec> {
        self.frames.iter().rev().find(|f| f.depth == depth)
    }
}

/// The values one frame's instructions took, in order.
#[derive(Clone, Debug, Default)]
pub struct FrameRec {
    /// The frame's depth (length of the interpreter's frame stack while it runs).
    pub depth: usize,
    /// The op of the frame that ran last and whose result is not read yet.
    pending: Option<usize>,
    /// Per instruction: its last values (at most [`HISTORY`]) and how many it took.
    pub values: FxHashMap<Inst, (VecDeque<Seen>, u64)>,
    /// The parameters' values at the frame's entry (when it was seen).
    pub params: Vec<(crate::ir::Value, Seen)>,
    /// Order in which instructions were first assigned.
    pub order: Vec<Inst>,
    /// True once the frame was seen to start within the replay (its earlier values were all
    /// seen).
    pub entered: bool,
}

impl FrameRec {
    /// A record of the frame at `depth`; `entered`: from its first op.
    pub fn new(depth: usize, entered: bool) -> FrameRec {
        FrameRec { depth, entered, ..FrameRec::default() }
    }

    fn push(&mut self, inst: Inst, seen: Seen) {
        let e = self.values.entry(inst).or_insert_with(|| {
            self.order.push(inst);
            (VecDeque::new(), 0)
        });
        if e.0.len() == HISTORY {
            e.0.pop_front();
        }
        e.0.push_back(seen);
        e.1 += 1;
    }
}

impl Interp<'_> {
    /// The stop check of a debugging session before op `cur` of the top frame (see
    /// [`crate::interp::state::Watch`]); also feeds the recorder of a replay.
    #[inline(never)]
    pub(crate) fn watch_hit(&mut self, code: &FnCode, cur: usize) -> bool {
        let Some(mut w) = self.watch.take() else { return false };
        let depth = self.frames.len();
        let hit = self.steps != w.from
            && (depth <= w.depth
                || code.spans.get(cur).is_some_and(|s| w.starts.contains(&s.start)));
        // At a stop the op does not run: it is recorded when the run goes on from it.
        if let Some(r) = w.record.as_deref_mut().filter(|_| !hit) {
            while r.frames.last().is_some_and(|f| f.depth > depth) {
                r.frames.pop();
            }
            if cur == 0 || r.frames.last().is_none_or(|f| f.depth != depth) {
                // A new frame (op 0 runs only on entry), or one first seen now.
                if r.frames.last().is_some_and(|f| f.depth == depth) {
                    r.frames.pop();
                }
                let mut f = FrameRec::new(depth, cur == 0);
                if cur == 0 {
                    self.record_params(&mut f, code);
                }
                r.frames.push(f);
            }
            if let Some(f) = r.frames.last_mut() {
                self.record_pending(f, code, Some(cur));
                f.pending = Some(cur);
            }
        }
        self.watch = Some(w);
        hit
    }

    /// Reads the result of the recorder's pending op (the top frame's `code`), now complete;
    /// `next`: the op about to run (for the phis a branch ran), or `None` at the end.
    pub(crate) fn record_pending(&self, r: &mut FrameRec, code: &FnCode, next: Option<usize>) {
        let Some(p) = r.pending.take() else { return };
        let Some(fr) = self.frames.last() else { return };
        let (base, wbase) = (fr.base as usize, fr.wbase as usize);
        if let (Some(&res), Some(&inst)) = (code.res.get(p), code.insts.get(p)) {
            if res != NONE {
                let v = self.opnd(code, base, wbase, res);
                r.push(inst, self.seen(v));
            }
        }
        let branched = matches!(
            code.ops.get(p),
            Some(Op::Br { .. } | Op::CondBr { .. } | Op::Switch { .. } | Op::Generic { .. })
        );
        let Some(next) = next.or(Some(fr.pc as usize)) else { return };
        if !branched || !code.block_pc.contains(&(next as u32)) {
            return;
        }
        let Some(&b) = code.blocks.get(next) else { return };
        let Some(body) =
            self.m.func(crate::ir::GlobalId::from_u32(code.gid)).and_then(|f| f.body.as_ref())
        else {
            return;
        };
        let Some(bd) = body.blocks.get(crate::ir::Block::from_u32(b)) else { return };
        for &i in &bd.insts {
            let Some(d) = body.insts.get(i) else { break };
            if d.op != Opcode::Phi {
                break;
            }
            let Some(v) = d.result else { continue };
            let Some(&o) = code.vop.get(v.index()) else { continue };
            if o == NONE {
                continue;
            }
            let val = self.opnd(code, base, wbase, o);
            r.push(i, self.seen(val));
        }
    }

    /// A value as recorded now.
    pub(crate) fn seen_now(&self, val: Val) -> Seen {
        self.seen(val)
    }

    /// A value as recorded.
    fn seen(&self, val: Val) -> Seen {
        let taint = self.taint_kind(&val);
        let origin = match (&val, taint) {
            (_, None) => None,
            (Val::A(es), _) => es.iter().map(Val::taint).find(|&t| t != 0),
            (v, _) => Some(v.taint()),
        }
        .and_then(|o| self.origin_report(o));
        Seen { val, taint, origin }
    }

    /// Records the parameters of the recorder's frame, entered at op 0 of `code`.
    fn record_params(&self, r: &mut FrameRec, code: &FnCode) {
        let Some(fr) = self.frames.last() else { return };
        let Some(body) =
            self.m.func(crate::ir::GlobalId::from_u32(code.gid)).and_then(|f| f.body.as_ref())
        else {
            return;
        };
        for &p in &body.params {
            let Some(&o) = code.vop.get(p.index()).filter(|&&o| o != NONE) else { continue };
            let v = self.opnd(code, fr.base as usize, fr.wbase as usize, o);
            r.params.push((p, self.seen(v)));
        }
    }

    /// Whether a value is poison or undef (for a vector or aggregate: any element).
    pub(crate) fn taint_kind(&self, v: &Val) -> Option<TaintKind> {
        match v {
            Val::A(es) => es.iter().find_map(|e| self.taint_kind(e)),
            v => match v.taint() {
                0 => None,
                t => Some(self.origins.kind(t).unwrap_or(TaintKind::Poison)),
            },
        }
    }
}
