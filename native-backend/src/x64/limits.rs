//! The run's limits in x86-64 code ([`crate::lower_with_limits`]): the step counter charged
//! at block starts and the depth counter taken at function entry and given back before
//! returns, each a read-modify-write of a data symbol with no register (`sub qword ptr
//! [rip + counter], n`), and a branch on the sign to a `ud2` placed after the function's code
//! (one per site, so that the trap says where: [`crate::Compiled::limit_sites`]).

use super::inst::{Alu, Cc, Inst};
use super::lower::Fx;
use crate::{LimitKind, NativeError, SymId};

impl Fx<'_, '_> {
    /// The counters' symbols (steps, depth).
    fn counters(&self) -> Result<(SymId, SymId), NativeError> {
        self.cx
            .counters
            .ok_or_else(|| self.unsupported("step and depth counting without its counters"))
    }

    /// Charges `steps` to the step counter; stops when it goes negative.
    pub fn fuel(&mut self, steps: u32) -> Result<(), NativeError> {
        let (sym, _) = self.counters()?;
        if steps == 0 {
            return Ok(());
        }
        let imm = i32::try_from(steps).unwrap_or(i32::MAX);
        self.emit(Inst::AluSym { op: Alu::Sub, sym, imm });
        self.trap_if_negative(LimitKind::Steps);
        Ok(())
    }

    /// Takes one frame from the depth counter; stops when it goes negative.
    pub fn enter(&mut self) -> Result<(), NativeError> {
        let (_, sym) = self.counters()?;
        self.emit(Inst::AluSym { op: Alu::Sub, sym, imm: 1 });
        self.trap_if_negative(LimitKind::Depth);
        Ok(())
    }

    /// Gives the frame back.
    pub fn leave(&mut self) -> Result<(), NativeError> {
        let (_, sym) = self.counters()?;
        self.emit(Inst::AluSym { op: Alu::Add, sym, imm: 1 });
        Ok(())
    }

    fn trap_if_negative(&mut self, kind: LimitKind) {
        let l = self.buf.label();
        self.traps.push((l, kind, self.span));
        self.emit(Inst::Jcc(Cc::S, l));
    }

    /// The traps of the sites, after the function's code (with their locations).
    pub fn place_traps(&mut self) {
        for (l, kind, span) in std::mem::take(&mut self.traps) {
            self.buf.bind(l);
            let at = self.buf.pos();
            self.locs.push((at, span));
            self.sites.push((at, kind));
            self.emit(Inst::Ud2);
        }
    }
}
