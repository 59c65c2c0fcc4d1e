//! AArch64 immediates: which constants an instruction can hold (bitmask immediates of the
//! logical instructions, 12-bit add/sub immediates) and the shortest sequence that puts a
//! constant in a register.

use super::inst::Inst;
use super::regs::X;

/// The `(n, immr, imms)` fields of `v` as a bitmask immediate of a 64-bit (`sf`) or 32-bit
/// logical instruction, or `None` if it is not one.
pub fn logical(v: u64, sf: bool) -> Option<(bool, u8, u8)> {
    // A 32-bit pattern is its low half repeated.
    let v = if sf { v } else { (v & 0xffff_ffff) | v << 32 };
    if v == 0 || v == u64::MAX {
        return None;
    }
    // The smallest element size whose repetition is `v`.
    let mut size = 64u32;
    while size > 2 {
        let half = size / 2;
        let mask = (1u64 << half) - 1;
        if v & mask != (v >> half) & mask {
            break;
        }
        size = half;
    }
    let mask = if size == 64 { u64::MAX } else { (1u64 << size) - 1 };
    let elt = v & mask;
    let ones = elt.count_ones();
    let run = if ones == 64 { u64::MAX } else { (1u64 << ones) - 1 };
    // The rotation that makes the element a run of ones from bit 0.
    let rotr = |x: u64, r: u32| {
        if r == 0 {
            x
        } else {
            ((x >> r) | (x << (size - r))) & mask
        }
    };
    let r = (0..size).find(|&r| rotr(elt, r) == run)?;
    let immr = (size - r) % size;
    let imms = ((!(size - 1) << 1) & 0x3f) | (ones - 1);
    Some((size == 64, immr as u8, imms as u8))
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
