//! Integer semantics shared by the interpreter's two paths and constant folding: binary operations with
//! their poison-generating flags and immediate-UB cases, comparisons and casts, for narrow
//! (`<= 64` bits, on `u64`) and wide (word vectors) integers.

use super::poison::{Num, Why};
use super::ub::UbKind;
use super::wide;
use crate::ir::{InstFlags, IntPredicate};
use std::cmp::Ordering;

/// Why an operation did not produce a plain value.
#[derive(Clone, Debug)]
pub enum Bad {
    /// The result is poison, for this reason.
    Poison(Why),
    /// Immediate undefined behaviour.
    Ub(UbKind, String),
}

/// Integer binary operations.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IOp {
    /// `add`.
    Add,
    /// `sub`.
    Sub,
    /// `mul`.
    Mul,
    /// `udiv`.
    UDiv,
    /// `sdiv`.
    SDiv,
    /// `urem`.
    URem,
    /// `srem`.
    SRem,
    /// `shl`.
    Shl,
    /// `lshr`.
    LShr,
    /// `ashr`.
    AShr,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `xor`.
    Xor,
}

impl IOp {
    /// The mnemonic.
    pub fn name(self) -> &'static str {
        match self {
            IOp::Add => "add",
            IOp::Sub => "sub",
            IOp::Mul => "mul",
            IOp::UDiv => "udiv",
            IOp::SDiv => "sdiv",
            IOp::URem => "urem",
            IOp::SRem => "srem",
            IOp::Shl => "shl",
            IOp::LShr => "lshr",
            IOp::AShr => "ashr",
            IOp::And => "and",
            IOp::Or => "or",
            IOp::Xor => "xor",
        }
    }
    /// From an opcode.
    pub fn from_opcode(op: crate::ir::Opcode) -> Option<IOp> {
        use crate::ir::Opcode as O;
        Some(match op {
            O::Add => IOp::Add,
            O::Sub => IOp::Sub,
            O::Mul => IOp::Mul,
            O::UDiv => IOp::UDiv,
            O::SDiv => IOp::SDiv,
            O::URem => IOp::URem,
            O::SRem => IOp::SRem,
            O::Shl => IOp::Shl,
            O::LShr => IOp::LShr,
            O::AShr => IOp::AShr,
            O::And => IOp::And,
            O::Or => IOp::Or,
            O::Xor => IOp::Xor,
            _ => return None,
        })
    }
    /// True for division and remainder (the divisor may not be poison).
    pub fn is_div(self) -> bool {
        matches!(self, IOp::UDiv | IOp::SDiv | IOp::URem | IOp::SRem)
    }
}

/// The name of a poison-generating flag.
pub fn flag_name(f: u16) -> &'static str {
    match f {
        InstFlags::NUW => "nuw",
        InstFlags::NSW => "nsw",
        InstFlags::EXACT => "exact",
        _ => "disjoint",
    }
}

/// `OP FLAG overflowed: X SYM Y`.
pub fn overflow_msg(
    op: IOp,
    f: u16,
    x: impl std::fmt::Display,
    y: impl std::fmt::Display,
) -> String {
    let sym = match op {
        IOp::Add => "+",
        IOp::Sub => "-",
        IOp::Mul => "*",
        IOp::Shl => "<<",
        _ => ",",
    };
    format!("{} {} overflowed: {x} {sym} {y}", op.name(), flag_name(f))
}

fn overflow(op: IOp, f: u16, x: Num, y: Num) -> Bad {
    Bad::Poison(Why::Overflow(op, f, x, y))
}

fn overflow_wide(op: IOp, f: u16, x: String, y: String) -> Bad {
    Bad::Poison(Why::Text(overflow_msg(op, f, x, y).into()))
}

/// `x op y` on `iW` (W in 1..=64), values zero-extended.
#[inline]
pub fn ibin(op: IOp, flags: u16, w: u32, x: u64, y: u64) -> Result<u64, Bad> {
    let m = mask(w);
    let (sx, sy) = (sext(x, w), sext(y, w));
    let nuw = flags & InstFlags::NUW != 0;
    let nsw = flags & InstFlags::NSW != 0;
    let smin = sext(1u64 << (w - 1), w);
    let smax = (m >> 1) as i64;
    let in_s = |v: i128| v >= smin as i128 && v <= smax as i128;
    Ok(match op {
        IOp::Add => {
            if nuw && (x as u128 + y as u128) > m as u128 {
                return Err(overflow(op, InstFlags::NUW, Num::U(x), Num::U(y)));
            }
            if nsw && !in_s(sx as i128 + sy as i128) {
                return Err(overflow(op, InstFlags::NSW, Num::S(sx), Num::S(sy)));
            }
            add(w as u8, x, y)
        }
        IOp::Sub => {
            if nuw && x < y {
                return Err(overflow(op, InstFlags::NUW, Num::U(x), Num::U(y)));
            }
            if nsw && !in_s(sx as i128 - sy as i128) {
                return Err(overflow(op, InstFlags::NSW, Num::S(sx), Num::S(sy)));
            }
            sub(w as u8, x, y)
        }
        IOp::Mul => {
            if nuw && (x as u128 * y as u128) > m as u128 {
                return Err(overflow(op, InstFlags::NUW, Num::U(x), Num::U(y)));
            }
            if nsw && !in_s(sx as i128 * sy as i128) {
                return Err(overflow(op, InstFlags::NSW, Num::S(sx), Num::S(sy)));
            }
            mul(w as u8, x, y)
        }
        IOp::UDiv | IOp::URem => {
            if y == 0 {
                return Err(Bad::Ub(
                    UbKind::DivisionByZero,
                    format!("{} by zero: {x} / 0", op.name()),
                ));
            }
            if op == IOp::URem {
                x % y
            } else {
                if flags & InstFlags::EXACT != 0 && !x.is_multiple_of(y) {
                    return Err(Bad::Poison(Why::Exact(op, Num::U(x), Num::U(y))));
                }
                x / y
            }
        }
        IOp::SDiv | IOp::SRem => {
            if y == 0 {
                return Err(Bad::Ub(
                    UbKind::DivisionByZero,
                    format!("{} by zero: {sx} / 0", op.name()),
                ));
            }
            if sx == smin && sy == -1 {
                return Err(Bad::Ub(
                    UbKind::DivisionOverflow,
                    format!("{} overflow: {sx} / -1", op.name()),
                ));
            }
            if op == IOp::SRem {
                (sx.wrapping_rem(sy) as u64) & m
            } else {
                if flags & InstFlags::EXACT != 0 && sx.wrapping_rem(sy) != 0 {
                    return Err(Bad::Poison(Why::Exact(op, Num::S(sx), Num::S(sy))));
                }
                (sx.wrapping_div(sy) as u64) & m
            }
        }
        IOp::Shl | IOp::LShr | IOp::AShr => {
            if y >= w as u64 {
                return Err(Bad::Poison(Why::TooFar(op, y, w)));
            }
            match op {
                IOp::Shl => {
                    let r = (x << y) & m;
                    if nuw && r >> y != x {
                        return Err(overflow(op, InstFlags::NUW, Num::U(x), Num::U(y)));
                    }
                    if nsw && sext(r, w) >> y != sx {
                        return Err(overflow(op, InstFlags::NSW, Num::S(sx), Num::U(y)));
                    }
                    r
                }
                _ => {
                    if flags & InstFlags::EXACT != 0 && y > 0 && x & mask(y as u32) != 0 {
                        return Err(Bad::Poison(Why::Exact(op, Num::U(x), Num::U(y))));
                    }
                    let shifted =
                        if op == IOp::LShr { lshr(w as u8, x, y) } else { ashr(w as u8, x, y) };
                    shifted.unwrap_or_default()
                }
            }
        }
        IOp::And => and(x, y),
        IOp::Or => {
            if flags & InstFlags::DISJOINT != 0 && x & y != 0 {
                return Err(Bad::Poison(Why::Disjoint(x, y)));
            }
            or(x, y)
        }
        IOp::Xor => xor(x, y),
    })
}

// The plain cases of the narrow operations (`iW`, W in 1..=64, defined operands), as the
// interpreter's two loops compute them: the fast path's op loop (`interp/fast/run.rs`) and
// the general path's (`interp/exec/mod.rs`) call these, and [`ibin`], [`trunc`] and
// [`icmp`] give the same values. `None`: not a plain value (poison or undefined behaviour),
// whose reason the exact functions ([`ibin`], [`trunc`]) give. Every one is inlined into the
// loops' arms, so the fast path's code keeps its shape.

/// The mask of an `iW` for W in 1..=64 without a branch (what [`mask`] gives there); all ones
/// for 0 (a load's "no mask").
#[inline(always)]
pub fn wmask(w: u8) -> u64 {
    u64::MAX >> ((64 - w as u32) & 63)
}

/// `add` without flags.
#[inline(always)]
pub fn add(w: u8, x: u64, y: u64) -> u64 {
    x.wrapping_add(y) & wmask(w)
}

/// `sub` without flags.
#[inline(always)]
pub fn sub(w: u8, x: u64, y: u64) -> u64 {
    x.wrapping_sub(y) & wmask(w)
}

/// `mul` without flags.
#[inline(always)]
pub fn mul(w: u8, x: u64, y: u64) -> u64 {
    x.wrapping_mul(y) & wmask(w)
}

/// `and`.
#[inline(always)]
pub fn and(x: u64, y: u64) -> u64 {
    x & y
}

/// `or` without `disjoint`.
#[inline(always)]
pub fn or(x: u64, y: u64) -> u64 {
    x | y
}

/// `xor`.
#[inline(always)]
pub fn xor(x: u64, y: u64) -> u64 {
    x ^ y
}

/// `shl` without flags.
#[inline(always)]
pub fn shl(w: u8, x: u64, y: u64) -> Option<u64> {
    (y < w as u64).then(|| (x << y) & wmask(w))
}

/// `lshr` without `exact`.
#[inline(always)]
pub fn lshr(w: u8, x: u64, y: u64) -> Option<u64> {
    (y < w as u64).then(|| x >> y)
}

/// `ashr` without `exact`.
#[inline(always)]
pub fn ashr(w: u8, x: u64, y: u64) -> Option<u64> {
    (y < w as u64).then(|| (sext(x, w as u32) >> y) as u64 & wmask(w))
}

/// `udiv` without `exact`.
#[inline(always)]
pub fn udiv(x: u64, y: u64) -> Option<u64> {
    (y != 0).then(|| x / y)
}

/// `urem`.
#[inline(always)]
pub fn urem(x: u64, y: u64) -> Option<u64> {
    (y != 0).then(|| x % y)
}

/// `x op y` with flags `f`: the common cases inline, the rest through [`ibin`].
#[inline(always)]
pub fn ibin_plain(op: IOp, f: u16, w: u8, x: u64, y: u64) -> Option<u64> {
    if f & (InstFlags::EXACT | InstFlags::DISJOINT) == 0 {
        if matches!(op, IOp::Add | IOp::Sub | IOp::Mul) {
            return arith(op, f, w, x, y);
        }
        return ibin_other(op, f, w, x, y);
    }
    match op {
        // The flags' conditions of the LangRef, else not plain.
        IOp::Or if f == InstFlags::DISJOINT => (x & y == 0).then_some(x | y),
        IOp::LShr if f == InstFlags::EXACT => {
            (y < w as u64 && x & ((1u64 << y) - 1) == 0).then(|| x >> y)
        }
        IOp::UDiv if f == InstFlags::EXACT => (y != 0 && x.is_multiple_of(y)).then(|| x / y),
        _ => ibin(op, f, w as u32, x, y).ok(),
    }
}

/// `add`/`sub`/`mul` (`op`) with `nuw`/`nsw` flags `f`; `None` when a flag is violated.
#[inline(always)]
pub fn arith(op: IOp, f: u16, w: u8, x: u64, y: u64) -> Option<u64> {
    // On operands moved to the top of 64 bits (`y` alone for `mul`), the 64-bit operation
    // overflows, as signed and as unsigned, exactly when the `iW` one does (`w` is 1..=64 on
    // narrow ops), and its top `w` bits are the `iW` result.
    let sh = (64 - w as u32) & 63;
    let (xs, ys) = (x << sh, y << sh);
    let (r, uo, so) = match op {
        IOp::Add => {
            let (r, uo) = xs.overflowing_add(ys);
            (r, uo, (xs as i64).overflowing_add(ys as i64).1)
        }
        IOp::Sub => {
            let (r, uo) = xs.overflowing_sub(ys);
            (r, uo, (xs as i64).overflowing_sub(ys as i64).1)
        }
        _ => {
            // `x` as a number times `y` at the top: sign-extended for the signed product.
            let (r, uo) = x.overflowing_mul(ys);
            (r, uo, (((xs as i64) >> sh).overflowing_mul(ys as i64)).1)
        }
    };
    if (f & InstFlags::NUW != 0 && uo) || (f & InstFlags::NSW != 0 && so) {
        return None;
    }
    Some(r >> sh)
}

/// The operations of [`ibin_plain`] other than `add`/`sub`/`mul`, without `exact` or
/// `disjoint`.
#[inline(always)]
fn ibin_other(op: IOp, f: u16, w: u8, x: u64, y: u64) -> Option<u64> {
    match op {
        IOp::Shl if f == 0 => shl(w, x, y),
        IOp::LShr => lshr(w, x, y),
        IOp::AShr => ashr(w, x, y),
        IOp::UDiv => udiv(x, y),
        IOp::URem => urem(x, y),
        IOp::And => Some(and(x, y)),
        IOp::Or => Some(or(x, y)),
        IOp::Xor => Some(xor(x, y)),
        _ => ibin(op, f, w as u32, x, y).ok(),
    }
}

/// `trunc` with flags `f` from `iFROM` to `iTO`.
#[inline(always)]
pub fn trunc_plain(f: u16, from: u8, to: u8, x: u64) -> Option<u64> {
    if f == 0 {
        Some(x & wmask(to))
    } else {
        trunc(f, from as u32, to as u32, x).ok()
    }
}

/// `zext` of `iFROM` with flags `f` (`nneg`: a negative value is not plain).
#[inline(always)]
pub fn zext_plain(f: u16, from: u8, x: u64) -> Option<u64> {
    if f != 0 && sext(x, from as u32) < 0 {
        return None;
    }
    Some(x)
}

/// `sext` from `iFROM` to `iTO`.
#[inline(always)]
pub fn sext_to(from: u8, to: u8, x: u64) -> u64 {
    sext(x, from as u32) as u64 & wmask(to)
}

/// `x op y` on wide integers.
pub fn wbin(op: IOp, flags: u16, w: u32, x: &[u64], y: &[u64]) -> Result<Vec<u64>, Bad> {
    let nuw = flags & InstFlags::NUW != 0;
    let nsw = flags & InstFlags::NSW != 0;
    let s = |v: &[u64]| wide::to_string(v, w, true);
    let u = |v: &[u64]| wide::to_string(v, w, false);
    let w2 = w.saturating_mul(2).max(w + 2);
    let check_s = |full: Vec<u64>, r: &[u64]| wide::sext(r, w, w2) == full;
    let check_u = |full: Vec<u64>, r: &[u64]| wide::zext(r, w2) == full;
    Ok(match op {
        IOp::Add | IOp::Sub | IOp::Mul => {
            let f = |a: &[u64], b: &[u64], ww: u32| match op {
                IOp::Add => wide::add(a, b, ww),
                IOp::Sub => wide::sub(a, b, ww),
                _ => wide::mul(a, b, ww),
            };
            let r = f(x, y, w);
            if nuw && !check_u(f(&wide::zext(x, w2), &wide::zext(y, w2), w2), &r) {
                return Err(overflow_wide(op, InstFlags::NUW, u(x), u(y)));
            }
            if nsw && !check_s(f(&wide::sext(x, w, w2), &wide::sext(y, w, w2), w2), &r) {
                return Err(overflow_wide(op, InstFlags::NSW, s(x), s(y)));
            }
            r
        }
        IOp::UDiv | IOp::URem | IOp::SDiv | IOp::SRem => {
            if wide::is_zero(y) {
                return Err(Bad::Ub(UbKind::DivisionByZero, format!("{} by zero", op.name())));
            }
            if matches!(op, IOp::SDiv | IOp::SRem)
                && x == wide::smin(w).as_slice()
                && y == wide::ones(w).as_slice()
            {
                return Err(Bad::Ub(
                    UbKind::DivisionOverflow,
                    format!("{} overflow: {} / -1", op.name(), s(x)),
                ));
            }
            let (q, r) = if matches!(op, IOp::UDiv | IOp::URem) {
                wide::udivrem(x, y, w)
            } else {
                wide::sdivrem(x, y, w)
            };
            if matches!(op, IOp::UDiv | IOp::SDiv) {
                if flags & InstFlags::EXACT != 0 && !wide::is_zero(&r) {
                    return Err(Bad::Poison(Why::Text(
                        format!("{} exact is not exact", op.name()).into(),
                    )));
                }
                q
            } else {
                r
            }
        }
        IOp::Shl | IOp::LShr | IOp::AShr => {
            let sh = if y.iter().skip(1).any(|&v| v != 0) {
                u64::MAX
            } else {
                y.first().copied().unwrap_or(0)
            };
            if sh >= w as u64 {
                return Err(Bad::Poison(Why::Text(
                    format!("{} by {}, not less than the width {w}", op.name(), u(y)).into(),
                )));
            }
            match op {
                IOp::Shl => {
                    let r = wide::shl(x, sh, w);
                    if nuw && wide::shr(&r, sh, w, false) != wide::zext(x, w) {
                        return Err(overflow_wide(op, InstFlags::NUW, u(x), sh.to_string()));
                    }
                    if nsw && wide::shr(&r, sh, w, true) != wide::zext(x, w) {
                        return Err(overflow_wide(op, InstFlags::NSW, s(x), sh.to_string()));
                    }
                    r
                }
                _ => {
                    if flags & InstFlags::EXACT != 0 && (0..sh as u32).any(|i| wide::bit(x, i)) {
                        return Err(Bad::Poison(Why::Text(
                            format!("{} exact shifts out set bits", op.name()).into(),
                        )));
                    }
                    wide::shr(x, sh, w, op == IOp::AShr)
                }
            }
        }
        IOp::And | IOp::Or | IOp::Xor => {
            if op == IOp::Or
                && flags & InstFlags::DISJOINT != 0
                && !wide::is_zero(&wide::bitwise(x, y, w, 0))
            {
                return Err(Bad::Poison(Why::Text("or disjoint operands share bits".into())));
            }
            wide::bitwise(
                x,
                y,
                w,
                match op {
                    IOp::And => 0,
                    IOp::Or => 1,
                    _ => 2,
                },
            )
        }
    })
}

/// Evaluates an integer predicate on an ordering pair (unsigned, signed).
#[inline]
pub fn ipred(p: IntPredicate, u: Ordering, s: Ordering) -> bool {
    use IntPredicate as P;
    match p {
        P::Eq => u == Ordering::Equal,
        P::Ne => u != Ordering::Equal,
        P::Ugt => u == Ordering::Greater,
        P::Uge => u != Ordering::Less,
        P::Ult => u == Ordering::Less,
        P::Ule => u != Ordering::Greater,
        P::Sgt => s == Ordering::Greater,
        P::Sge => s != Ordering::Less,
        P::Slt => s == Ordering::Less,
        P::Sle => s != Ordering::Greater,
    }
}

/// `icmp p x, y` on narrow (zero-extended `iW`) values, by table rather than branches (the
/// same as [`ipred`] of both orders).
#[inline(always)]
pub fn icmp(p: IntPredicate, w: u32, x: u64, y: u64) -> bool {
    use IntPredicate as P;
    // Signed or not, and the outcomes that make it true: bit 0 less, 1 equal, 2 greater.
    let (s, acc) = match p {
        P::Eq => (false, 0b010),
        P::Ne => (false, 0b101),
        P::Ugt => (false, 0b100),
        P::Uge => (false, 0b110),
        P::Ult => (false, 0b001),
        P::Ule => (false, 0b011),
        P::Sgt => (true, 0b100),
        P::Sge => (true, 0b110),
        P::Slt => (true, 0b001),
        P::Sle => (true, 0b011),
    };
    // Flipping the sign bit of sign-extended values orders them as signed numbers.
    let (x, y) =
        if s { (sext(x, w) as u64 ^ 1 << 63, sext(y, w) as u64 ^ 1 << 63) } else { (x, y) };
    let o = (x > y) as u32 * 2 + (x == y) as u32;
    (acc >> o) & 1 == 1
}

/// Poison check for `icmp samesign`.
pub fn samesign_bad(w: u32, x: u64, y: u64) -> bool {
    (sext(x, w) < 0) != (sext(y, w) < 0)
}

/// `trunc` with `nuw`/`nsw` checks, narrow.
pub fn trunc(flags: u16, from: u32, to: u32, x: u64) -> Result<u64, Bad> {
    let r = x & mask(to);
    if flags & InstFlags::NUW != 0 && r != x {
        return Err(Bad::Poison(Why::Trunc(false, Num::U(x), to)));
    }
    if flags & InstFlags::NSW != 0 && sext(r, to) != sext(x, from) {
        return Err(Bad::Poison(Why::Trunc(true, Num::S(sext(x, from)), to)));
    }
    Ok(r)
}

/// The width mask of an `iN` for N in 1..=64 (all ones from 64 on).
#[inline]
pub fn mask(w: u32) -> u64 {
    if w >= 64 {
        u64::MAX
    } else {
        (1u64 << w) - 1
    }
}

/// Sign-extends the low `w` bits of `x` to 64 bits (`x` itself for `w` 0 or from 64 on),
/// without a branch.
#[inline]
pub fn sext(x: u64, w: u32) -> i64 {
    let s = 64u32.saturating_sub(w) & 63;
    ((x << s) as i64) >> s
}
