//! AArch64 immediates: which constants an instruction can hold (bitmask immediates of the
//! logical instructions, 12-bit add/sub immediates) and the shortest sequence that puts a
//! constant in a register.

use super::inst::{Inst, LogicOp, MovOp};
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

/// The shortest sequence that puts `v` into `rd`: one `movz` or `movn` when all other
/// halfwords are 0 or all ones, else one `orr rd, xzr, #v` of a bitmask immediate, else `orr`
/// of a bitmask immediate and one `movk` when that does it, else `movn` and `movk`s when more
/// halfwords are `0xffff` than `0x0000`, `movz` and `movk`s otherwise. 32-bit (`sf` false)
/// values are `v`'s low half.
pub fn materialize(rd: X, v: u64, sf: bool, out: &mut dyn FnMut(Inst)) {
    let (v, n) = if sf { (v, 4) } else { (v & 0xffff_ffff, 2) };
    let half = |x: u64, hw: u32| (x >> (16 * hw)) as u16;
    let zeros = (0..n).filter(|&hw| half(v, hw) == 0).count() as u32;
    let ones = (0..n).filter(|&hw| half(v, hw) == 0xffff).count() as u32;
    let mov = |op, imm16, hw: u32| Inst::MovWide { op, sf, rd, imm16, hw: hw as u8 };
    let orr = |imm| Inst::LogicImm { op: LogicOp::Orr, sf, rd, rn: X::ZR, imm };
    // One instruction.
    if zeros >= n - 1 {
        let hw = (0..n).find(|&hw| half(v, hw) != 0).unwrap_or(0);
        return out(mov(MovOp::Movz, half(v, hw), hw));
    }
    if ones >= n - 1 {
        let hw = (0..n).find(|&hw| half(v, hw) != 0xffff).unwrap_or(0);
        return out(mov(MovOp::Movn, !half(v, hw), hw));
    }
    if logical(v, sf).is_some() {
        return out(orr(v));
    }
    // Two: movz/movn and one movk (covered below), or `orr` of a bitmask immediate that
    // agrees with `v` but in one halfword, then a `movk` of that halfword.
    if sf && zeros.max(ones) < 2 {
        for hw in 0..n {
            for other in (0..n).filter(|&o| o != hw) {
                let mask = 0xffffu64 << (16 * hw);
                let cand = (v & !mask) | (u64::from(half(v, other)) << (16 * hw));
                if logical(cand, true).is_some() {
                    out(orr(cand));
                    return out(mov(MovOp::Movk, half(v, hw), hw));
                }
            }
        }
    }
    let (first, skip) = if ones > zeros { (MovOp::Movn, 0xffff) } else { (MovOp::Movz, 0) };
    let mut started = false;
    for hw in (0..n).filter(|&hw| half(v, hw) != skip) {
        if started {
            out(mov(MovOp::Movk, half(v, hw), hw));
        } else {
            let imm = if first == MovOp::Movn { !half(v, hw) } else { half(v, hw) };
            out(mov(first, imm, hw));
            started = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `DecodeBitMasks` of the architecture: the value of the fields, or `None` for a
    /// reserved combination.
    fn decode(n: bool, immr: u8, imms: u8, sf: bool) -> Option<u64> {
        let combined = (u32::from(n) << 6) | u32::from(!imms & 0x3f);
        if combined == 0 {
            return None;
        }
        let len = 31 - combined.leading_zeros(); // log2 of the element size
        if len < 1 || (!sf && n) {
            return None;
        }
        let size = 1u32 << len;
        let levels = size - 1;
        let s = u32::from(imms) & levels;
        let r = u32::from(immr) & levels;
        if s == levels {
            return None; // all ones
        }
        let welem = (1u64 << (s + 1)) - 1;
        let mask = if size == 64 { u64::MAX } else { (1u64 << size) - 1 };
        let elt = if r == 0 { welem } else { ((welem >> r) | (welem << (size - r))) & mask };
        let mut v = 0u64;
        let mut k = 0;
        while k < 64 {
            v |= elt << k;
            k += size;
        }
        Some(if sf { v } else { v & 0xffff_ffff })
    }

    /// Every valid field combination decodes to a value that `logical` encodes back to it
    /// (5334 64-bit and 1302 32-bit values; the high bits of `immr` beyond the element size
    /// are ignored, so some combinations give the same value).
    #[test]
    fn logical_round_trips_every_pattern() {
        for sf in [false, true] {
            let mut seen = std::collections::HashSet::new();
            for f in 0..1u32 << 13 {
                let (n, immr, imms) = (f >> 12 != 0, (f >> 6 & 63) as u8, (f & 63) as u8);
                let Some(v) = decode(n, immr, imms, sf) else { continue };
                seen.insert(v);
                let enc = logical(v, sf).unwrap_or_else(|| panic!("{v:#x} (sf {sf}) not found"));
                assert_eq!(decode(enc.0, enc.1, enc.2, sf), Some(v), "{v:#x} {enc:?}");
            }
            assert_eq!(seen.len(), if sf { 5334 } else { 1302 });
        }
        assert_eq!(logical(0, true), None);
        assert_eq!(logical(u64::MAX, true), None);
        assert_eq!(logical(0xffff_ffff, false), None);
        assert_eq!(logical(0x5555_5555_5555_5555, true), Some((false, 0, 0x3c)));
        assert_eq!(logical(0xff, true), Some((true, 0, 7)));
    }

    /// A deterministic pseudo-random generator (SplitMix64).
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        }
    }

    /// Random values are bitmask immediates exactly when one of the 2^13 combinations
    /// decodes to them.
    #[test]
    fn random_values_are_refused() {
        let mut all = std::collections::HashSet::new();
        for sf in [false, true] {
            for f in 0..1u32 << 13 {
                let (n, immr, imms) = (f >> 12 != 0, (f >> 6 & 63) as u8, (f & 63) as u8);
                if let Some(v) = decode(n, immr, imms, sf) {
                    all.insert((sf, v));
                }
            }
        }
        let mut g = Rng(7);
        for k in 0..200_000 {
            let v = match k % 4 {
                0 => g.next(),
                1 => g.next() & g.next() & g.next(),
                2 => 1u64 << (g.next() % 64) | 1 << (g.next() % 64),
                _ => (g.next() & 0xffff) * 0x0001_0001_0001_0001,
            };
            for sf in [false, true] {
                let v = if sf { v } else { v & 0xffff_ffff };
                assert_eq!(logical(v, sf).is_some(), all.contains(&(sf, v)), "{v:#x} sf {sf}");
            }
        }
    }

    /// Runs a `materialize` sequence: the register's value after it.
    fn run(seq: &[Inst]) -> u64 {
        let mut r = 0xdead_beef_dead_beef_u64; // garbage before the first instruction
        for i in seq {
            match *i {
                Inst::MovWide { op, sf, imm16, hw, .. } => {
                    let sh = 16 * u32::from(hw);
                    let imm = u64::from(imm16) << sh;
                    r = match op {
                        MovOp::Movz => imm,
                        MovOp::Movn => !imm,
                        MovOp::Movk => (r & !(0xffff << sh)) | imm,
                    };
                    if !sf {
                        r &= 0xffff_ffff;
                    }
                }
                Inst::LogicImm { op: LogicOp::Orr, sf, rn: X::ZR, imm, .. } => {
                    let (n, immr, imms) = logical(imm, sf).expect("a bitmask immediate");
                    r = decode(n, immr, imms, sf).expect("valid");
                }
                ref i => panic!("unexpected {i:?}"),
            }
        }
        r
    }

    #[test]
    fn materialize_sequences_compute_the_value() {
        let mut g = Rng(42);
        let mut values = vec![0, 1, u64::MAX, 0xffff, 0x1_0000, 0xffff_0000, 0xffff_ffff];
        values.extend([0x8000_0000_0000_0000, 0x7fff_ffff_ffff_ffff, 0x1234_5678_9abc_def0]);
        values.extend([0xffff_ffff_0000_ffff, 0x0000_ffff_ffff_0000, 0xffff_1234_ffff_ffff]);
        values.extend([0x00ff_00ff_00ff_1234, 0x5555_5555_5555_5555, 0xfffe, 0xffff_fffe]);
        for _ in 0..100_000 {
            let v = g.next();
            let halves = g.next();
            // Random halfwords, some 0 or 0xffff, some copies of others.
            let mut w = 0u64;
            for hw in 0..4 {
                let part = match (halves >> (4 * hw)) & 7 {
                    0 | 1 => 0,
                    2 | 3 => 0xffff,
                    4 => v & 0xffff,
                    _ => (v >> (16 * hw)) & 0xffff,
                };
                w |= part << (16 * hw);
            }
            values.push(w);
            values.push(v);
        }
        for &v in &values {
            for sf in [false, true] {
                let mut seq = Vec::new();
                materialize(X(3), v, sf, &mut |i| seq.push(i));
                let want = if sf { v } else { v & 0xffff_ffff };
                assert_eq!(run(&seq), want, "{v:#x} sf {sf}: {seq:?}");
                let n = if sf { 4 } else { 2 };
                let half = |hw: u32| (want >> (16 * hw)) as u16;
                let zeros = (0..n).filter(|&hw| half(hw) == 0).count();
                let ones = (0..n).filter(|&hw| half(hw) == 0xffff).count();
                // Never longer than movz/movn with movks.
                assert!(seq.len() <= (n as usize - zeros.max(ones)).max(1), "{v:#x}: {seq:?}");
                if logical(want, sf).is_some() {
                    assert_eq!(seq.len(), 1, "{v:#x}: {seq:?}");
                }
                assert!(seq.iter().all(|i| matches!(
                    i,
                    Inst::MovWide { rd: X(3), .. } | Inst::LogicImm { rd: X(3), .. }
                )));
            }
        }
        let one = |v, sf| {
            let mut seq = Vec::new();
            materialize(X(0), v, sf, &mut |i| seq.push(i));
            seq
        };
        assert_eq!(
            one(0, true),
            [Inst::MovWide { op: MovOp::Movz, sf: true, rd: X(0), imm16: 0, hw: 0 }]
        );
        assert_eq!(
            one(u64::MAX, true),
            [Inst::MovWide { op: MovOp::Movn, sf: true, rd: X(0), imm16: 0, hw: 0 }]
        );
        assert_eq!(
            one(u64::MAX, false),
            [Inst::MovWide { op: MovOp::Movn, sf: false, rd: X(0), imm16: 0, hw: 0 }]
        );
        assert_eq!(one(0x00ff_00ff_00ff_1234, true).len(), 2);
    }
}
