//! The fast path of the run loop: runs ops for as long as each one is the plain case (defined
//! operands, a valid access to defined bytes, no flag violated, a call of a decoded function
//! with plain arguments, a return to an IR caller), over the frame's registers as one slice,
//! with the step budget in a local counter.
//!
//! It stops before the first op that needs anything else (a poison or undef operand, a flag
//! that makes poison, undefined behaviour, a library call, a generic op), leaving the frame's
//! pc on it; the general path (`exec/mod.rs`) then runs that op with the full semantics and comes
//! back. An op either completes here with exactly the general path's result or leaves no
//! effect, so the split is invisible: same results, same steps, same reports.
//!
//! Steps are taken from the budget a chain of ops at a time (`Meta::rem`). The fast path's
//! own calls push [`Light`] frames, which become full frames when it stops, and take their
//! value registers from the register vector's initialized spare capacity ([`RegsInit`]).

#[macro_use]
mod ops;
mod run;
#[cfg(test)]
mod tests;

use crate::interp::bytecode::{Cvt, FnCode, Gep, Intr};
use crate::interp::memory::{Alloc, Memory};
use crate::interp::state::Frame;
use crate::interp::value::{sext, Slot, Val};
use crate::ir::InstFlags;
use crate::semantics::fp;
use std::rc::Rc;

/// The result of a fast conversion of defined bits.
#[inline]
pub fn cvt(k: Cvt, bits: u64, w: u8) -> u64 {
    match k {
        Cvt::SiToF64 => (sext(bits, w as u32) as f64).to_bits(),
        Cvt::UiToF64 => (bits as f64).to_bits(),
        Cvt::SiToF32 => (sext(bits, w as u32) as f32).to_bits() as u64,
        Cvt::UiToF32 => (bits as f32).to_bits() as u64,
        Cvt::F32ToF64 => {
            let v = f32::from_bits(bits as u32);
            if v.is_nan() {
                (f64::from_bits(
                    ((bits & 0x8000_0000) << 32)
                        | 0x7FF8_0000_0000_0000
                        | ((bits & 0x3F_FFFF) << 29),
                ))
                .to_bits()
            } else {
                (v as f64).to_bits()
            }
        }
        Cvt::F64ToF32 => {
            let v = f64::from_bits(bits);
            if v.is_nan() {
                ((((bits >> 32) & 0x8000_0000) as u32)
                    | 0x7FC0_0000
                    | ((bits >> 29) as u32 & 0x3F_FFFF)) as u64
            } else {
                (v as f32).to_bits() as u64
            }
        }
    }
}

/// The result of a fast intrinsic on defined operands.
#[inline]
pub fn intr(k: Intr, x: Slot, y: Slot, z: Slot, w: u8) -> Slot {
    match k {
        Intr::FmaF64 => Slot::int(fp::fma(
            crate::ir::FloatKind::Double,
            x.bits as u128,
            y.bits as u128,
            z.bits as u128,
        ) as u64),
        Intr::FmaF32 => Slot::int(fp::fma(
            crate::ir::FloatKind::Float,
            x.bits as u128,
            y.bits as u128,
            z.bits as u128,
        ) as u64),
        Intr::SMax => {
            if sext(x.bits, w as u32) >= sext(y.bits, w as u32) {
                x
            } else {
                y
            }
        }
        Intr::SMin => {
            if sext(x.bits, w as u32) <= sext(y.bits, w as u32) {
                x
            } else {
                y
            }
        }
        Intr::UMax => {
            if x.bits >= y.bits {
                x
            } else {
                y
            }
        }
        Intr::UMin => {
            if x.bits <= y.bits {
                x
            } else {
                y
            }
        }
        Intr::FAbs64 => Slot::int(x.bits & !(1u64 << 63)),
        Intr::Sqrt64 => Slot::int(
            fp::fix64(f64::from_bits(x.bits).sqrt(), f64::from_bits(x.bits), 0.0).to_bits(),
        ),
        Intr::Expect => x,
        // The third operand modulo the width; a zero amount gives the first (second) operand.
        Intr::FShl | Intr::FShr => {
            let w = w as u32;
            let m = crate::interp::value::mask(w);
            let s = (z.bits % w as u64) as u32;
            Slot::int(match (k, s) {
                (Intr::FShl, 0) => x.bits,
                (_, 0) => y.bits,
                (Intr::FShl, s) => ((x.bits << s) | (y.bits >> (w - s))) & m,
                (_, s) => ((x.bits << (w - s)) | (y.bits >> s)) & m,
            })
        }
        Intr::CtPop => Slot::int(x.bits.count_ones() as u64),
    }
}

/// The variable part of a scalar GEP over the frame's registers: the offset, the first
/// operand taint seen (0 if none), and whether the offset overflowed as signed and unsigned.
#[inline]
pub fn gep_offset(regs: &[Slot], gep: &Gep) -> Option<(i64, u32, bool, bool)> {
    let mut off = gep.off;
    let mut taint = 0u32;
    let (mut so, mut uo) = (false, false);
    for &(ir, scale, iw) in gep.idx.iter() {
        let x = *regs.get(ir as usize)?;
        taint |= x.poison;
        let iv = sext(x.bits, iw as u32);
        let (pm, o1) = iv.overflowing_mul(scale);
        let (s, o2) = off.overflowing_add(pm);
        so |= o1 | o2;
        uo |= iv < 0 || (x.bits as u128 * scale as u128) > u64::MAX as u128;
        off = s;
    }
    Some((off, taint, so, uo))
}

/// True when `Interp::gep_finish` would make the result poison (the same conditions), with
/// the allocation the base pointer is based on found by `alloc` (asked only for an
/// `inbounds` GEP with a non-zero offset).
#[inline(always)]
pub fn gep_poison_in<'m>(
    alloc: impl FnOnce() -> Option<&'m Alloc>,
    base: Slot,
    off: i64,
    flags: u16,
    ovf: (bool, bool),
) -> bool {
    let addr = base.bits.wrapping_add(off as u64);
    if flags == 0 {
        return false;
    }
    if flags & (InstFlags::INBOUNDS | InstFlags::NUSW) != 0
        && (ovf.0 || (off >= 0) != (addr >= base.bits) && off != 0)
    {
        return true;
    }
    if flags & InstFlags::NUW != 0 && (ovf.1 || off < 0 || addr < base.bits) {
        return true;
    }
    if flags & InstFlags::INBOUNDS != 0 && off != 0 {
        let ok = alloc().is_some_and(|a| {
            let lo = base.bits.wrapping_sub(a.base);
            let hi = addr.wrapping_sub(a.base);
            a.live && lo <= a.size && hi <= a.size
        });
        return !ok;
    }
    false
}

/// A frame of a call the fast path made: what [`Frame`] holds, without the parts only the
/// general path needs. The fast path turns them into frames before it stops.
#[derive(Copy, Clone, Debug)]
pub struct Light {
    /// The function's code: `Fast::funcs[gid]`, which outlives the light frame (the fast
    /// path settles its light frames before it returns).
    pub code: *const FnCode,
    /// The function's global index.
    pub gid: u32,
    /// The next op to execute (while a callee runs: the op after the call).
    pub pc: u32,
    /// First narrow register.
    pub base: u32,
    /// First wide register.
    pub wbase: u32,
    /// Length of the alloca list when the frame was entered.
    pub amark: u32,
    /// The call site being executed (while a callee runs), or `NONE`.
    pub call: u32,
    /// The caller's register that receives the result (relative to the caller's base), or
    /// `NONE`.
    pub dst: u32,
}

/// How far the register vector's current allocation holds initialized slots: the highest
/// length it had since it was last reallocated (its capacity then). Slots past the length
/// keep the values of frames that returned, so a new frame whose value registers fit there
/// need not initialize them (see `FnCode::nvals`).
#[derive(Copy, Clone, Debug, Default)]
pub struct RegsInit {
    /// Slots `0..init` of the allocation are initialized.
    pub init: usize,
    /// The allocation's capacity when `init` was recorded.
    pub cap: usize,
}

/// The parts of the interpreter the fast path works on.
pub struct Fast<'a> {
    /// The call stack.
    pub frames: &'a mut Vec<Frame>,
    /// Frames of the fast path's own calls, above `frames` (see [`Light`]).
    pub light: &'a mut Vec<Light>,
    /// Narrow registers of all frames.
    pub regs: &'a mut Vec<Slot>,
    /// What is known of `regs`'s spare capacity.
    pub regs_init: &'a mut RegsInit,
    /// Wide registers of all frames.
    pub wregs: &'a mut Vec<Val>,
    /// Memory.
    pub mem: &'a mut Memory,
    /// Live allocas of all frames.
    pub allocas: &'a mut Vec<u32>,
    /// Poison and undef origins.
    pub origins: &'a mut crate::interp::poison::origin::Origins,
    /// Decoded functions by global index.
    pub funcs: &'a [Option<Rc<FnCode>>],
    /// The stack depth limit.
    pub max_depth: u32,
}

impl Fast<'_> {
    /// Runs at most `budget` ops from the top frame's pc, across calls and returns, and
    /// returns how many ran. The top frame's pc is left on the op to run next.
    pub fn run(&mut self, budget: u64) -> u64 {
        crate::interp::fast::run::run(self, budget)
    }
}
