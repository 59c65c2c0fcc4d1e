//! The validator of translated code ([`FnCode::validate`]): the invariants the fast path
//! relies on to read registers and tables without bounds checks. Each op's registers and
//! table indices are checked as the op table (`ops.rs`) declares them ([`Op::operands_ok`]);
//! this file adds what spans ops: edges and their moves, the fast stream's metadata, and the
//! last op being a terminator.

use super::{vec_of, Callee, FnCode, Meta, Op, DIRECT, NONE};

/// The code being checked and its sizes: what [`Op::operands_ok`] checks operands against.
pub(crate) struct Check<'a> {
    code: &'a FnCode,
    /// The number of narrow registers.
    n: u64,
    /// The number of ops.
    nops: u64,
}

impl Check<'_> {
    /// A narrow register.
    pub(crate) fn reg(&self, r: u32) -> bool {
        (r as u64) < self.n
    }

    /// `k` lane registers from `r`.
    pub(crate) fn lanes(&self, r: u32, k: u8) -> bool {
        (r as u64) + (k as u64) <= self.n && k > 0
    }

    /// A narrow register or lane vector operand.
    fn opnd(&self, o: u32) -> bool {
        match vec_of(o) {
            Some((b, k)) => self.lanes(b, k as u8),
            None => self.reg(o),
        }
    }

    /// An edge: its target is an op, its moves (for a narrow edge) are between registers or
    /// lane vectors of one length, its lane moves between registers.
    pub(crate) fn edge_ok(&self, e: u32) -> bool {
        let c = self.code;
        c.edges.get(e as usize).is_some_and(|ed| {
            (ed.pc as u64) < self.nops
                && c.moves
                    .get(ed.mv as usize..(ed.mv as usize).saturating_add(ed.n as usize))
                    .is_some_and(|ms| {
                        !ed.narrow
                            || ms.iter().all(|m| {
                                self.opnd(m.d)
                                    && self.opnd(m.s)
                                    && vec_of(m.d).map(|v| v.1) == vec_of(m.s).map(|v| v.1)
                            })
                    })
                && c.lane_moves
                    .get(ed.lm as usize..(ed.lm as usize).saturating_add(ed.ln as usize))
                    .is_some_and(|lm| lm.iter().all(|m| self.reg(m[0]) && self.reg(m[1])))
                && (ed.ln == 0 || ed.narrow)
        })
    }

    /// A branch target of the fast stream: a pc or an edge.
    pub(crate) fn target_ok(&self, e: u32) -> bool {
        if e & DIRECT != 0 {
            ((e & !DIRECT) as u64) < self.nops
        } else {
            self.edge_ok(e)
        }
    }

    /// A switch table and its edges.
    pub(crate) fn switch_ok(&self, t: u32) -> bool {
        self.code.switches.get(t as usize).is_some_and(|tb| {
            self.edge_ok(tb.default) && tb.cases.iter().all(|c| self.edge_ok(c.1))
        })
    }

    /// A GEP and its index registers (`access`: and the register of its fused access).
    pub(crate) fn gep_ok(&self, g: u32, access: bool) -> bool {
        self.code.geps.get(g as usize).is_some_and(|gp| {
            (!access || self.reg(gp.acc.r)) && gp.idx.iter().all(|x| self.reg(x.0))
        })
    }

    /// An alloca site (`count`: and its count register).
    pub(crate) fn site_ok(&self, s: u32, count: bool) -> bool {
        self.code
            .allocas
            .get(s as usize)
            .is_some_and(|a| !count || a.count.is_none_or(|c| self.reg(c.0)))
    }

    /// A call site: a fast one's callee, argument and result registers.
    pub(crate) fn call_ok(&self, c: u32) -> bool {
        self.code.calls.get(c as usize).is_some_and(|cs| {
            let callee_ok = match cs.callee {
                Callee::Indirect(o) => self.reg(o),
                _ => true,
            };
            !cs.fast
                || (callee_ok
                    && cs.args.iter().all(|&a| self.reg(a))
                    && (cs.dst == NONE || self.reg(cs.dst)))
        })
    }

    /// A shuffle mask of `n` lanes, each a register or [`NONE`].
    pub(crate) fn shuffle_ok(&self, t: u32, n: u8) -> bool {
        self.code.shuffles.get(t as usize).is_some_and(|sh| {
            sh.len() == n as usize && sh.iter().all(|&r| r == NONE || self.reg(r))
        })
    }
}

impl FnCode {
    /// Checks the invariants the fast path relies on for unchecked register access: every
    /// narrow register an op, GEP, phi move or call site names is below `template.len()`,
    /// every edge, table and site index is in range, every edge leads to an op, and the last
    /// op is a terminator (so a non-terminator's successor exists). Sets [`FnCode::fast`].
    pub fn validate(&mut self) {
        self.fast = self.check();
        let fast = self.fast;
        for e in self.edges.iter_mut() {
            let moves = self
                .lane_moves
                .get(e.lm as usize..(e.lm as usize).saturating_add(e.ln as usize))
                .filter(|_| fast && e.narrow);
            e.one = moves.and_then(|m| m.first_chunk::<1>()).filter(|_| e.ln == 1).copied();
            e.two = moves.and_then(|m| m.first_chunk::<2>()).filter(|_| e.ln == 2).copied();
        }
        self.entry = self.fast
            && !self.vararg
            && !self.fcode.is_empty()
            && self.narrow_params
            && self.byval.is_empty();
    }

    fn check(&self) -> bool {
        let cx = Check { code: self, n: self.template.len() as u64, nops: self.ops.len() as u64 };
        let nops = cx.nops;
        if self.fallback.len() != self.ops.len() {
            return false;
        }
        let terminator = matches!(
            self.ops.last(),
            Some(
                Op::Br { .. }
                    | Op::CondBr { .. }
                    | Op::Switch { .. }
                    | Op::Ret { .. }
                    | Op::Unreachable
                    | Op::Call { .. }
                    | Op::Generic { .. }
            )
        );
        if !terminator {
            return false;
        }
        if self.fcode.len() != self.ops.len() {
            return false;
        }
        let meta = |pc: usize| self.fcode.get(pc).map(|e| e.meta);
        // The op `k` after `pc`'s absorbed loads (its partner, for fused ops), in the exact
        // stream; the meta must also lead to an op and count at least what the op covers.
        let after = |pc: usize, k: usize| {
            meta(pc)
                .filter(|m| m.steps as usize > m.pre as usize + k)
                .and_then(|m| self.ops.get(pc + m.pre as usize + k))
        };
        // An op that completes without branching goes on to an op.
        let goes_on = |pc: usize, op: &Op| {
            meta(pc).is_some_and(|m| {
                let off = (m.post & Meta::POST) as usize;
                let post_ok = (m.post & Meta::CHARGE == 0
                    || crate::interp::translate::fuse::falls_through(op))
                    && (off == 0
                        || (crate::interp::translate::fuse::falls_through(op)
                            && off < m.steps as usize
                            && matches!(self.ops.get(pc + off), Some(Op::PStore { .. }))));
                let seq = m.post != 0 || m.next as usize == pc + 1;
                post_ok
                    && (!crate::interp::translate::fuse::falls_through(op)
                        || ((m.next as u64) < nops && seq))
            })
        };
        let fused = |pc: usize, op: &Op| match op {
            Op::CmpBr { .. } | Op::FCmpBr { .. } | Op::CmpJump { .. } | Op::FCmpJump { .. } => {
                matches!(after(pc, 1), Some(Op::CondBr { .. }))
            }
            Op::GepLd { .. } => matches!(after(pc, 1), Some(Op::Load { .. })),
            Op::GepSt { .. } => matches!(after(pc, 1), Some(Op::Store { .. })),
            _ => after(pc, 0).is_some(),
        };
        let exact = |op: &Op| !op.fast_only();
        self.ops.iter().all(|op| exact(op) && op.operands_ok(&cx, false))
            && self.fcode.iter().enumerate().all(|(pc, e)| {
                e.op.operands_ok(&cx, true) && fused(pc, &e.op) && goes_on(pc, &e.op)
            })
    }
}
