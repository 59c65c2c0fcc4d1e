//! The run loop's stop check in a debugging session ([`Interp::watch_hit`], called before each
//! op of a `D` run: see `exec/mod.rs`), and the [`Recorder`] that a replay uses to collect the
//! successive values of one frame's instructions (the value histories of the view).
//!
//! The recorder notes the op about to run in its frame; at the frame's next op (or at the end
//! of the replay) that op has completed and its result register holds its value, which is then
//! read. A branch that lands at the start of a block has also run that block's phis (they run
//! with the branch), whose registers are read too. Whenever the stack is shallower than the
//! frame, the frame has returned: what was recorded belongs to an earlier call and is dropped.

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

/// The values one frame's instructions took, in order.
#[derive(Clone, Debug, Default)]
pub struct Recorder {
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

impl Recorder {
    /// A recorder of the frame at `depth`.
    pub fn new(depth: usize) -> Recorder {
        Recorder { depth, ..Recorder::default() }
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
        if let Some(r) = w.record.as_deref_mut() {
            if depth < r.depth {
                r.values.clear();
                r.order.clear();
                r.params.clear();
                r.pending = None;
                r.entered = true;
            } else if depth == r.depth {
                if cur == 0 && r.pending.is_none() {
                    r.params.clear();
                    self.record_params(r, code);
                }
                self.record_pending(r, code, Some(cur));
                r.pending = Some(cur);
            }
        }
        let hit = self.steps != w.from
            && (depth <= w.depth
                || code.spans.get(cur).is_some_and(|s| w.starts.contains(&s.start)));
        self.watch = Some(w);
        hit
    }

    /// Reads the result of the recorder's pending op (the top frame's `code`), now complete;
    /// `next`: the op about to run (for the phis a branch ran), or `None` at the end.
    pub(crate) fn record_pending(&self, r: &mut Recorder, code: &FnCode, next: Option<usize>) {
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
    fn record_params(&self, r: &mut Recorder, code: &FnCode) {
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
