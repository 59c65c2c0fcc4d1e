//! Floating-point semantics for every format: `float`/`double` natively (IEEE, round to
//! nearest even), `half`, `bfloat`, `fp128`, `x86_fp80` and `ppc_fp128` through
//! `rustc_apfloat`. Values are bit patterns in a `u128`.
//!
//! NaN results follow x86 so output matches native programs: an operation with a NaN operand
//! returns the first NaN operand, quieted; an invalid operation on non-NaN operands returns
//! the default NaN (sign set, quiet), which `printf` shows as `-nan`.

use super::wide;
use crate::ir::{FloatKind, FloatPredicate};
use rustc_apfloat::ieee::{BFloat, Double, Half, Quad, Single, X87DoubleExtended};
use rustc_apfloat::ppc::DoubleDouble;
use rustc_apfloat::{Category, Float, FloatConvert, Round};

/// Runs `$body` with `$T` the apfloat type of `$k`.
macro_rules! with_fty {
    ($k:expr, $T:ident => $body:expr) => {
        match $k {
            FloatKind::Half => {
                type $T = Half;
                $body
            }
            FloatKind::BFloat => {
                type $T = BFloat;
                $body
            }
            FloatKind::Float => {
                type $T = Single;
                $body
            }
            FloatKind::Double => {
                type $T = Double;
                $body
            }
            FloatKind::Fp128 => {
                type $T = Quad;
                $body
            }
            FloatKind::X86Fp80 => {
                type $T = X87DoubleExtended;
                $body
            }
            FloatKind::PpcFp128 => {
                type $T = DoubleDouble;
                $body
            }
        }
    };
}

/// Like `with_fty!` for the IEEE formats (ppc_fp128 is treated as double).
macro_rules! ieee_fty {
    ($k:expr, $T:ident => $body:expr) => {
        match $k {
            FloatKind::Half => {
                type $T = Half;
                $body
            }
            FloatKind::BFloat => {
                type $T = BFloat;
                $body
            }
            FloatKind::Float => {
                type $T = Single;
                $body
            }
            FloatKind::Double | FloatKind::PpcFp128 => {
                type $T = Double;
                $body
            }
            FloatKind::Fp128 => {
                type $T = Quad;
                $body
            }
            FloatKind::X86Fp80 => {
                type $T = X87DoubleExtended;
                $body
            }
        }
    };
}

/// Floating-point binary operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FOp {
    /// `fadd`.
    Add,
    /// `fsub`.
    Sub,
    /// `fmul`.
    Mul,
    /// `fdiv`.
    Div,
    /// `frem` (C `fmod`).
    Rem,
}

/// The default NaN of x86 for a double.
pub const DNAN64: u64 = 0xFFF8_0000_0000_0000;
/// The default NaN of x86 for a float.
pub const DNAN32: u32 = 0xFFC0_0000;

/// NaN selection for doubles: the first NaN operand quieted, else the default NaN.
#[inline]
pub fn fix64(r: f64, a: f64, b: f64) -> f64 {
    if !r.is_nan() {
        r
    } else if a.is_nan() {
        f64::from_bits(a.to_bits() | 0x0008_0000_0000_0000)
    } else if b.is_nan() {
        f64::from_bits(b.to_bits() | 0x0008_0000_0000_0000)
    } else {
        f64::from_bits(DNAN64)
    }
}

/// NaN selection for floats.
#[inline]
pub fn fix32(r: f32, a: f32, b: f32) -> f32 {
    if !r.is_nan() {
        r
    } else if a.is_nan() {
        f32::from_bits(a.to_bits() | 0x0040_0000)
    } else if b.is_nan() {
        f32::from_bits(b.to_bits() | 0x0040_0000)
    } else {
        f32::from_bits(DNAN32)
    }
}

/// `a op b` on doubles.
#[inline]
pub fn op64(op: FOp, a: f64, b: f64) -> f64 {
    let r = match op {
        FOp::Add => a + b,
        FOp::Sub => a - b,
        FOp::Mul => a * b,
        FOp::Div => a / b,
        FOp::Rem => a % b,
    };
    fix64(r, a, b)
}

/// `a op b` on floats.
#[inline]
pub fn op32(op: FOp, a: f32, b: f32) -> f32 {
    let r = match op {
        FOp::Add => a + b,
        FOp::Sub => a - b,
        FOp::Mul => a * b,
        FOp::Div => a / b,
        FOp::Rem => a % b,
    };
    fix32(r, a, b)
}

/// `fadd` of doubles (a fused op of the fast path; [`op64`] for any operation).
#[inline(always)]
pub fn add64(a: f64, b: f64) -> f64 {
    fix64(a + b, a, b)
}

/// `fsub` of doubles.
#[inline(always)]
pub fn sub64(a: f64, b: f64) -> f64 {
    fix64(a - b, a, b)
}

/// `fmul` of doubles.
#[inline(always)]
pub fn mul64(a: f64, b: f64) -> f64 {
    fix64(a * b, a, b)
}

/// `fdiv` of doubles.
#[inline(always)]
pub fn div64(a: f64, b: f64) -> f64 {
    fix64(a / b, a, b)
}

/// `fneg` of the float whose sign is bit `bit` of `x`.
#[inline(always)]
pub fn neg_bits(bit: u8, x: u64) -> u64 {
    x ^ (1u64 << bit)
}

/// The operands of a narrow `fcmp` as doubles (`s`: they are floats, widened exactly).
#[inline(always)]
pub fn fpair(s: bool, x: u64, y: u64) -> (f64, f64) {
    if s {
        (f32::from_bits(x as u32) as f64, f32::from_bits(y as u32) as f64)
    } else {
        (f64::from_bits(x), f64::from_bits(y))
    }
}

/// `fcmp p a, b` of two doubles (or floats widened exactly), by table: the same as [`pred`]
/// of their `partial_cmp`.
#[inline(always)]
pub fn fcmp(p: FloatPredicate, a: f64, b: f64) -> bool {
    use FloatPredicate as P;
    // The outcomes that make it true: bit 0 less, 1 equal, 2 greater, 3 unordered.
    let acc: u32 = match p {
        P::False => 0,
        P::Oeq => 0b0010,
        P::Ogt => 0b0100,
        P::Oge => 0b0110,
        P::Olt => 0b0001,
        P::Ole => 0b0011,
        P::One => 0b0101,
        P::Ord => 0b0111,
        P::Ueq => 0b1010,
        P::Ugt => 0b1100,
        P::Uge => 0b1110,
        P::Ult => 0b1001,
        P::Ule => 0b1011,
        P::Une => 0b1101,
        P::Uno => 0b1000,
        P::True => 0b1111,
    };
    let o = if a.is_nan() || b.is_nan() { 3 } else { (a > b) as u32 * 2 + (a == b) as u32 };
    (acc >> o) & 1 == 1
}

/// `a op b` in any format.
pub fn binop(k: FloatKind, op: FOp, a: u128, b: u128) -> u128 {
    match k {
        FloatKind::Double => {
            op64(op, f64::from_bits(a as u64), f64::from_bits(b as u64)).to_bits() as u128
        }
        FloatKind::Float => {
            op32(op, f32::from_bits(a as u32), f32::from_bits(b as u32)).to_bits() as u128
        }
        _ => with_fty!(k, T => {
            let (x, y) = (T::from_bits(a), T::from_bits(b));
            let r = match op {
                FOp::Add => (x + y).value,
                FOp::Sub => (x - y).value,
                FOp::Mul => (x * y).value,
                FOp::Div => (x / y).value,
                FOp::Rem => (x % y).value,
            };
            r.to_bits()
        }),
    }
}

/// The sign bit position.
fn sign_bit(k: FloatKind) -> u32 {
    match k {
        FloatKind::X86Fp80 => 79,
        FloatKind::PpcFp128 => 63,
        _ => k.bits() - 1,
    }
}

/// `fneg`: flips the sign bit.
pub fn neg(k: FloatKind, a: u128) -> u128 {
    if k == FloatKind::PpcFp128 {
        return a ^ (1u128 << 63) ^ (1u128 << 127);
    }
    a ^ (1u128 << sign_bit(k))
}

/// `fabs`: clears the sign bit.
pub fn abs(k: FloatKind, a: u128) -> u128 {
    if is_neg(k, a) {
        neg(k, a)
    } else {
        a
    }
}

/// The sign bit is set.
pub fn is_neg(k: FloatKind, a: u128) -> bool {
    a >> sign_bit(k) & 1 == 1
}

/// `copysign(a, b)`.
pub fn copysign(k: FloatKind, a: u128, b: u128) -> u128 {
    if is_neg(k, a) != is_neg(k, b) {
        neg(k, a)
    } else {
        a
    }
}

/// True for NaN.
pub fn is_nan(k: FloatKind, a: u128) -> bool {
    with_fty!(k, T => T::from_bits(a).is_nan())
}

/// True for an infinity.
pub fn is_inf(k: FloatKind, a: u128) -> bool {
    with_fty!(k, T => T::from_bits(a).is_infinite())
}

/// `fcmp pred a, b`.
pub fn cmp(k: FloatKind, p: FloatPredicate, a: u128, b: u128) -> bool {
    let ord = match k {
        FloatKind::Double => f64::from_bits(a as u64).partial_cmp(&f64::from_bits(b as u64)),
        FloatKind::Float => f32::from_bits(a as u32).partial_cmp(&f32::from_bits(b as u32)),
        _ => with_fty!(k, T => T::from_bits(a).partial_cmp(&T::from_bits(b))),
    };
    pred(p, ord)
}

/// Evaluates a predicate on a comparison result (`None` = unordered).
#[inline]
pub fn pred(p: FloatPredicate, ord: Option<std::cmp::Ordering>) -> bool {
    use std::cmp::Ordering::*;
    use FloatPredicate as P;
    match (p, ord) {
        (P::False, _) => false,
        (P::True, _) => true,
        (P::Ord, o) => o.is_some(),
        (P::Uno, o) => o.is_none(),
        (P::Oeq, Some(Equal)) | (P::Ogt, Some(Greater)) | (P::Olt, Some(Less)) => true,
        (P::Oge, Some(Greater | Equal))
        | (P::Ole, Some(Less | Equal))
        | (P::One, Some(Less | Greater)) => true,
        (P::Ueq, None | Some(Equal))
        | (P::Ugt, None | Some(Greater))
        | (P::Ult, None | Some(Less)) => true,
        (P::Uge, None | Some(Greater | Equal))
        | (P::Ule, None | Some(Less | Equal))
        | (P::Une, None | Some(Less | Greater)) => true,
        _ => false,
    }
}

fn conv_to<S: Float + FloatConvert<D>, D: Float>(x: S) -> u128 {
    let mut loses = false;
    FloatConvert::<D>::convert(x, &mut loses).value.to_bits()
}

/// Converts between formats (`fpext`, `fptrunc`), rounding to nearest even.
pub fn convert(from: FloatKind, to: FloatKind, a: u128) -> u128 {
    if from == to {
        return a;
    }
    match (from, to) {
        (FloatKind::Float, FloatKind::Double) => {
            (f32::from_bits(a as u32) as f64).to_bits() as u128
        }
        (FloatKind::Double, FloatKind::Float) => {
            (f64::from_bits(a as u64) as f32).to_bits() as u128
        }
        // ppc_fp128 goes through its high double (the low one is dropped or zero).
        (FloatKind::PpcFp128, _) => convert(FloatKind::Double, to, a & u64::MAX as u128),
        (_, FloatKind::PpcFp128) => convert(from, FloatKind::Double, a),
        _ => ieee_fty!(from, S => {
            let x = S::from_bits(a);
            match to {
                FloatKind::Half => conv_to::<S, Half>(x),
                FloatKind::BFloat => conv_to::<S, BFloat>(x),
                FloatKind::Float => conv_to::<S, Single>(x),
                FloatKind::Double => conv_to::<S, Double>(x),
                FloatKind::Fp128 => conv_to::<S, Quad>(x),
                FloatKind::X86Fp80 => conv_to::<S, X87DoubleExtended>(x),
                FloatKind::PpcFp128 => a,
            }
        }),
    }
}

/// `fptosi`/`fptoui` to `iW`: `None` when NaN or out of range (poison).
pub fn to_int(k: FloatKind, a: u128, w: u32, signed: bool) -> Option<Vec<u64>> {
    if k == FloatKind::Double && w <= 64 {
        let x = f64::from_bits(a as u64).trunc();
        if x.is_nan() {
            return None;
        }
        let (lo, hi) = if signed {
            (-(2f64.powi(w as i32 - 1)), 2f64.powi(w as i32 - 1))
        } else {
            (0.0, 2f64.powi(w as i32))
        };
        if x < lo || x >= hi {
            return None;
        }
        let v = if signed { x as i64 as u64 } else { x as u64 };
        return Some(wide::norm(vec![v], w));
    }
    with_fty!(k, T => {
        let x = T::from_bits(a);
        if x.is_nan() {
            return None;
        }
        let x = x.round_to_integral(Round::TowardZero).value;
        if signed && w == 1 {
            // `i1` holds 0 and -1 (rustc_apfloat cannot convert to a 0-bit magnitude).
            return if x.is_zero() {
                Some(vec![0])
            } else if x == T::from_i128(-1).value {
                Some(vec![1])
            } else {
                None
            };
        }
        if w <= 128 {
            let wu = w as usize;
            let (status, v) = if signed {
                let r = x.to_i128(wu);
                (r.status, r.value as u128)
            } else {
                let r = x.to_u128(wu);
                (r.status, r.value)
            };
            if status.intersects(rustc_apfloat::Status::INVALID_OP) {
                return None;
            }
            return Some(wide::norm(vec![v as u64, (v >> 64) as u64], w));
        }
        // Wider than 128 bits: scale down to an exact 128-bit integer, then shift back up.
        if x.is_infinite() || (!signed && x.is_negative() && !x.is_zero()) {
            return None;
        }
        let e = x.ilogb();
        if x.is_zero() || e < 120 {
            let v = x.to_i128(128).value;
            return Some(wide::sext(&[v as u64, (v >> 64) as u64], 128, w));
        }
        let limit = if signed { w as i64 - 1 } else { w as i64 };
        if e as i64 >= limit {
            let exact_min = signed && x.is_negative() && e as i64 == limit && x.scalbn(-e).abs() == T::from_u128(1).value;
            if !exact_min {
                return None;
            }
        }
        let shift = e - 120;
        let y = x.scalbn(-shift).to_i128(128).value;
        let base = wide::sext(&[y as u64, (y >> 64) as u64], 128, w);
        Some(wide::shl(&base, shift as u64, w))
    })
}

/// `sitofp`/`uitofp` from `iW` words, rounding to nearest even.
pub fn from_int(k: FloatKind, words: &[u64], w: u32, signed: bool) -> u128 {
    let neg = signed && wide::is_neg(words, w);
    let mag = if neg { wide::neg(words, w) } else { wide::norm(words.to_vec(), w) };
    let top = (0..w).rev().find(|&i| wide::bit(&mag, i)).map_or(0, |i| i + 1);
    if k == FloatKind::Double && top <= 64 {
        let m = mag.first().copied().unwrap_or(0) as f64;
        return (if neg { -m } else { m }).to_bits() as u128;
    }
    with_fty!(k, T => {
        let r = if top <= 128 {
            let v = (mag.first().copied().unwrap_or(0) as u128) | ((mag.get(1).copied().unwrap_or(0) as u128) << 64);
            T::from_u128(v).value
        } else {
            let shift = top - 128;
            let hi = wide::shr(&mag, shift as u64, w, false);
            let sticky = (0..shift).any(|i| wide::bit(&mag, i)) as u128;
            let v = (hi.first().copied().unwrap_or(0) as u128) | ((hi.get(1).copied().unwrap_or(0) as u128) << 64) | sticky;
            T::from_u128(v).value.scalbn(shift as rustc_apfloat::ExpInt)
        };
        (if neg { -r } else { r }).to_bits()
    })
}

/// Rounding modes of the rounding intrinsics.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RoundMode {
    /// `floor`.
    Floor,
    /// `ceil`.
    Ceil,
    /// `trunc`.
    Trunc,
    /// `rint`, `nearbyint`, `roundeven`.
    Even,
    /// `round` (ties away from zero).
    Away,
}

/// Rounds to an integral value.
pub fn round(k: FloatKind, a: u128, m: RoundMode) -> u128 {
    let r = match m {
        RoundMode::Floor => Round::TowardNegative,
        RoundMode::Ceil => Round::TowardPositive,
        RoundMode::Trunc => Round::TowardZero,
        RoundMode::Even => Round::NearestTiesToEven,
        RoundMode::Away => Round::NearestTiesToAway,
    };
    with_fty!(k, T => {
        let x = T::from_bits(a);
        if x.is_nan() {
            return x.to_bits() | quiet_bit(k);
        }
        x.round_to_integral(r).value.to_bits()
    })
}

fn quiet_bit(k: FloatKind) -> u128 {
    match k {
        FloatKind::Half => 1 << 9,
        FloatKind::BFloat => 1 << 6,
        FloatKind::Float => 1 << 22,
        FloatKind::Double | FloatKind::PpcFp128 => 1 << 51,
        FloatKind::Fp128 => 1 << 111,
        FloatKind::X86Fp80 => 1 << 62,
    }
}

/// minnum/maxnum (`max` false/true) and minimum/maximum (`propagate`).
pub fn minmax(k: FloatKind, a: u128, b: u128, max: bool, propagate: bool) -> u128 {
    with_fty!(k, T => {
        let (x, y) = (T::from_bits(a), T::from_bits(b));
        let r = match (max, propagate) {
            (false, false) => x.min(y),
            (true, false) => x.max(y),
            (false, true) => x.minimum(y),
            (true, true) => x.maximum(y),
        };
        r.to_bits()
    })
}

/// Fused multiply-add `a * b + c` with one rounding.
pub fn fma(k: FloatKind, a: u128, b: u128, c: u128) -> u128 {
    match k {
        FloatKind::Double => {
            let (x, y, z) =
                (f64::from_bits(a as u64), f64::from_bits(b as u64), f64::from_bits(c as u64));
            let r = x.mul_add(y, z);
            let r = if r.is_nan() && z.is_nan() && !x.is_nan() && !y.is_nan() {
                fix64(r, z, z)
            } else {
                fix64(r, x, if y.is_nan() { y } else { z })
            };
            r.to_bits() as u128
        }
        _ => {
            with_fty!(k, T => T::from_bits(a).mul_add(T::from_bits(b), T::from_bits(c)).value.to_bits())
        }
    }
}

/// The `llvm.is.fpclass` test bits of a value.
pub fn class(k: FloatKind, a: u128) -> u32 {
    with_fty!(k, T => {
        let x = T::from_bits(a);
        let n = x.is_negative();
        match x.category() {
            Category::NaN => if x.is_signaling() { 1 } else { 2 },
            Category::Infinity => if n { 4 } else { 0x200 },
            Category::Zero => if n { 0x20 } else { 0x40 },
            Category::Normal => match (x.is_denormal(), n) {
                (true, true) => 0x10,
                (true, false) => 0x80,
                (false, true) => 8,
                (false, false) => 0x100,
            },
        }
    })
}

/// The value as the nearest double (for math functions and display).
pub fn to_f64(k: FloatKind, a: u128) -> f64 {
    match k {
        FloatKind::Double => f64::from_bits(a as u64),
        FloatKind::Float => f32::from_bits(a as u32) as f64,
        _ => f64::from_bits(convert(k, FloatKind::Double, a) as u64),
    }
}

/// A double rounded into format `k`.
pub fn from_f64(k: FloatKind, x: f64) -> u128 {
    convert(FloatKind::Double, k, x.to_bits() as u128)
}

/// The value as decimal text (shortest round-trip for `float`/`double`).
pub fn display(k: FloatKind, a: u128) -> String {
    match k {
        FloatKind::Float => format!("{:?}", f32::from_bits(a as u32)),
        FloatKind::Double => format!("{:?}", f64::from_bits(a as u64)),
        _ => with_fty!(k, T => format!("{}", T::from_bits(a))),
    }
}
