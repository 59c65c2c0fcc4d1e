//! The run's limits in AArch64 code ([`crate::lower_with_limits`]): the step counter charged
//! at block starts and the depth counter taken at function entry and given back before
//! returns, each `adrp`/`add` of the counter's address, `ldr`, `subs`, `str` in the scratch
//! registers `x16`/`x17`, and a `b.mi` to a `udf` placed after the function's code (one per
//! site, so that the trap says where: [`crate::Compiled::limit_sites`]).

use super::inst::{AddOp, Cond, Inst, LoadKind, Mem};
use super::lower::{Fx, ADDR, SCRATCH};
use crate::{LimitKind, NativeError, SymId};

impl Fx<'_, '_> {
    /// The counters' symbols (steps, depth).
    fn counters(&self) -> Result<(SymId, SymId), NativeError> {
        self.cx
            .counters
            .ok_or_else(|| self.unsupported("step and depth counting without its counters"))
    }

    /// `counter += n` (`add`) or `counter -= n` (`sub`, setting the flags), `n` below 2^24.
    fn count(&mut self, sym: SymId, op: AddOp, n: u32) {
        self.emit(Inst::AddrSym { rd: SCRATCH, sym, addend: 0 });
        self.emit(Inst::Load { kind: LoadKind::U64, rt: ADDR, mem: Mem::at(SCRATCH, 0) });
        let (hi, lo) = ((n >> 12) & 0xfff, n & 0xfff);
        let plain = if op == AddOp::Subs { AddOp::Sub } else { op };
        if hi != 0 {
            // The last one sets the flags: the sign of the whole result.
            let op = if lo == 0 { op } else { plain };
            let i =
                Inst::AddImm { op, sf: true, rd: ADDR, rn: ADDR, imm12: hi as u16, lsl12: true };
            self.emit(i);
        }
        if lo != 0 || hi == 0 {
            let i =
                Inst::AddImm { op, sf: true, rd: ADDR, rn: ADDR, imm12: lo as u16, lsl12: false };
            self.emit(i);
        }
        self.emit(Inst::Store { bytes: 8, rt: ADDR, mem: Mem::at(SCRATCH, 0) });
    }

    /// Charges `steps` to the step counter; stops when it goes negative.
    pub fn fuel(&mut self, steps: u32) -> Result<(), NativeError> {
        let (sym, _) = self.counters()?;
        if steps == 0 {
            return Ok(());
        }
        self.count(sym, AddOp::Subs, steps.min(0xff_ffff));
        self.trap_if_negative(LimitKind::Steps);
        Ok(())
    }

    /// Takes one frame from the depth counter; stops when it goes negative.
    pub fn enter(&mut self) -> Result<(), NativeError> {
        let (_, sym) = self.counters()?;
        self.count(sym, AddOp::Subs, 1);
        self.trap_if_negative(LimitKind::Depth);
        Ok(())
    }

    /// Gives the frame back.
    pub fn leave(&mut self) -> Result<(), NativeError> {
        let (_, sym) = self.counters()?;
        self.count(sym, AddOp::Add, 1);
        Ok(())
    }

    fn trap_if_negative(&mut self, kind: LimitKind) {
        let l = self.buf.label();
        self.traps.push((l, kind, self.span));
        self.emit(Inst::BCond(Cond::Mi, l));
    }

    /// The traps of the sites, after the function's code (with their locations).
    pub fn place_traps(&mut self) {
        for (l, kind, span) in std::mem::take(&mut self.traps) {
            self.buf.bind(l);
            let at = self.buf.pos();
            self.locs.push((at, span));
            self.sites.push((at, kind));
            self.emit(Inst::Udf(0));
        }
    }
}
