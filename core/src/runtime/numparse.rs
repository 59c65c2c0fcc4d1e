//! C number parsing: `strtol` `strtoul` `strtoll` `strtoull` `atoi` `atol` `atoll` `strtod`
//! `strtof` `atof`, exactly as glibc does them in the C locale.
//!
//! Pure functions over the bytes of a C string (the slice may end at the NUL or include it:
//! parsing stops at the first byte that cannot continue the number either way). Each returns
//! the value, how many bytes were consumed (`endptr - nptr`) and the `errno` it sets, if any.
//!
//! As glibc: leading white space (`isspace` in the C locale) and a sign are skipped; when no
//! number follows, nothing is consumed (`consumed == 0`, even of the white space and sign).
//! Integers take base 0 (`0x` hex, `0` octal, else decimal) or 2..=36, with an optional `0x`
//! prefix in base 16; a `0x` not followed by a hex digit parses as `0` ending before the `x`.
//! Overflow clamps (`LONG_MAX`, `LONG_MIN`, `ULONG_MAX`) with `ERANGE`; `strtoul` of a negative
//! number negates modulo 2^N (`"-1"` gives `ULONG_MAX`). Floating point takes decimal and
//! hexadecimal (`0x1.8p3`) forms, `inf`/`infinity`/`nan`/`nan(chars)` in any case; results are
//! correctly rounded (ties to even); `ERANGE` is set on overflow (±`HUGE_VAL`) and on underflow
//! when the result is inexact and tiny (below the smallest normal after rounding, glibc's
//! x86 rule), including a nonzero input that rounds to zero.
//!
//! An invalid base (1, or outside 0..=36) returns 0 with `EINVAL`; glibc then leaves `*endptr`
//! unwritten, so callers should not store `consumed` in that case.

use super::decimal::Decimal;
use std::cell::Cell;
use std::cmp::Ordering;

/// An `errno` value a parse sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Errno {
    /// `ERANGE`: the value was out of range (clamped), or underflowed.
    Range,
    /// `EINVAL`: invalid base (`*endptr` is not written).
    Invalid,
}

impl Errno {
    /// The Linux `errno` number (`ERANGE` 34, `EINVAL` 22).
    pub fn code(self) -> i32 {
        match self {
            Errno::Range => 34,
            Errno::Invalid => 22,
        }
    }
}

/// The outcome of one parse.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Parsed<T> {
    /// The value returned.
    pub value: T,
    /// Bytes consumed: where `*endptr` points, relative to the start of the input.
    pub consumed: usize,
    /// The `errno` set, if any (`errno` is otherwise left unchanged, as C requires).
    pub errno: Option<Errno>,
    /// Bytes the parse inspected: up to and including the one that ended it (the NUL when the
    /// input ran out), which is at least `consumed`.
    pub read: usize,
}

impl<T> Parsed<T> {
    /// The same parse with its value converted (`strtol`'s `i64` as the `u64` of its bits).
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Parsed<U> {
        Parsed { value: f(self.value), consumed: self.consumed, errno: self.errno, read: self.read }
    }
}

/// `isspace` in the C locale.
pub(crate) fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// The bytes being parsed, and how far the parse looked at them.
struct Src<'a> {
    bytes: &'a [u8],
    /// One past the highest index read (the bytes a library call inspected).
    seen: Cell<usize>,
}

impl<'a> Src<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Src { bytes, seen: Cell::new(0) }
    }
}

/// Byte `i` of the input, 0 past its end (the NUL); the read is recorded.
fn at(s: &Src, i: usize) -> u8 {
    s.seen.set(s.seen.get().max(i + 1));
    s.bytes.get(i).copied().unwrap_or(0)
}

// ---------------------------------------------------------------------------------------------
// Integers.

/// The magnitude and sign of an integer, before clamping to a C type.
struct RawInt {
    negative: bool,
    /// The magnitude, or `None` past `u64::MAX`.
    magnitude: Option<u64>,
    consumed: usize,
}

/// Skips leading white space and one optional sign, as every `strto*` does first: the index of
/// the next byte and whether the sign was `-`.
fn space_and_sign(s: &Src) -> (usize, bool) {
    let mut i = 0;
    while is_space(at(s, i)) {
        i += 1;
    }
    match at(s, i) {
        b'-' => (i + 1, true),
        b'+' => (i + 1, false),
        _ => (i, false),
    }
}

/// glibc's `____strtol_l_internal` up to the clamping: `None` for an invalid base.
fn scan_int(s: &Src, base: i32) -> Option<RawInt> {
    if base < 0 || base == 1 || base > 36 {
        return None;
    }
    let mut base = base as u32;
    let (mut i, negative) = space_and_sign(s);
    if at(s, i) == b'0' {
        if (base == 0 || base == 16) && at(s, i + 1).eq_ignore_ascii_case(&b'x') {
            i += 2;
            base = 16;
        } else if base == 0 {
            base = 8;
        }
    } else if base == 0 {
        base = 10;
    }
    let start = i;
    let mut magnitude: Option<u64> = Some(0);
    while let Some(d) = char::from(at(s, i)).to_digit(36).filter(|&d| d < base) {
        magnitude = magnitude
            .and_then(|m| m.checked_mul(u64::from(base)))
            .and_then(|m| m.checked_add(u64::from(d)));
        i += 1;
    }
    if i == start {
        // No digits. After a `0x` prefix the `0` was a number: end at the `x`.
        let consumed = if start >= 2
            && at(s, start - 1).eq_ignore_ascii_case(&b'x')
            && at(s, start - 2) == b'0'
        {
            start - 1
        } else {
            0
        };
        return Some(RawInt { negative: false, magnitude: Some(0), consumed });
    }
    Some(RawInt { negative, magnitude, consumed: i })
}

fn invalid<T>(value: T) -> Parsed<T> {
    Parsed { value, consumed: 0, errno: Some(Errno::Invalid), read: 0 }
}

/// `strtol` for a signed type of `bits` bits (32 or 64; `long` is 64 on LP64, 32 on ILP32).
/// The value is returned sign-extended to `i64`.
pub fn strtol_bits(s: &[u8], base: i32, bits: u32) -> Parsed<i64> {
    let s = &Src::new(s);
    let Some(raw) = scan_int(s, base) else { return invalid(0) };
    let read = s.seen.get();
    let bits = bits.clamp(8, 64);
    let max_pos = (1u64 << (bits - 1)) - 1;
    let limit = if raw.negative { max_pos + 1 } else { max_pos };
    match raw.magnitude.filter(|&m| m <= limit) {
        Some(m) => {
            let v = if raw.negative { (m as i64).wrapping_neg() } else { m as i64 };
            Parsed { value: v, consumed: raw.consumed, errno: None, read }
        }
        None => {
            let v = if raw.negative {
                (max_pos as i64).wrapping_neg().wrapping_sub(1)
            } else {
                max_pos as i64
            };
            Parsed { value: v, consumed: raw.consumed, errno: Some(Errno::Range), read }
        }
    }
}

/// `strtoul` for an unsigned type of `bits` bits (32 or 64). A negative number is negated
/// modulo 2^bits, as C specifies.
pub fn strtoul_bits(s: &[u8], base: i32, bits: u32) -> Parsed<u64> {
    let s = &Src::new(s);
    let Some(raw) = scan_int(s, base) else { return invalid(0) };
    let read = s.seen.get();
    let bits = bits.clamp(8, 64);
    let max = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    match raw.magnitude.filter(|&m| m <= max) {
        Some(m) => {
            let v = if raw.negative { m.wrapping_neg() & max } else { m };
            Parsed { value: v, consumed: raw.consumed, errno: None, read }
        }
        None => Parsed { value: max, consumed: raw.consumed, errno: Some(Errno::Range), read },
    }
}

/// `strtol` with a 64-bit `long` (LP64; use [`strtol_bits`] for ILP32).
pub fn strtol(s: &[u8], base: i32) -> Parsed<i64> {
    strtol_bits(s, base, 64)
}

/// `strtoll`.
pub fn strtoll(s: &[u8], base: i32) -> Parsed<i64> {
    strtol_bits(s, base, 64)
}

/// `strtoul` with a 64-bit `unsigned long` (LP64; use [`strtoul_bits`] for ILP32).
pub fn strtoul(s: &[u8], base: i32) -> Parsed<u64> {
    strtoul_bits(s, base, 64)
}

/// `strtoull`.
pub fn strtoull(s: &[u8], base: i32) -> Parsed<u64> {
    strtoul_bits(s, base, 64)
}

/// `atoi`: glibc's `(int) strtol(s, NULL, 10)` with a 64-bit `long`, so out-of-range input
/// wraps (`"4294967297"` gives 1) rather than clamping. `errno` may be set as by `strtol`.
pub fn atoi(s: &[u8]) -> Parsed<i32> {
    strtol(s, 10).map(|v| v as i32)
}

/// `atol` (64-bit `long`): `strtol(s, NULL, 10)`.
pub fn atol(s: &[u8]) -> Parsed<i64> {
    strtol(s, 10)
}

/// `atoll`: `strtoll(s, NULL, 10)`.
pub fn atoll(s: &[u8]) -> Parsed<i64> {
    strtoll(s, 10)
}

// ---------------------------------------------------------------------------------------------
// Floating point.

/// An IEEE binary format's parameters.
#[derive(Clone, Copy)]
struct Format {
    /// Significand bits, including the implicit one.
    mant: u32,
    /// Exponent of the smallest normal.
    emin: i64,
    /// Exponent of the largest finite value's leading bit.
    emax: i64,
}

const DOUBLE: Format = Format { mant: 53, emin: -1022, emax: 1023 };
const SINGLE: Format = Format { mant: 24, emin: -126, emax: 127 };

/// A parsed floating-point number, in the format's bits widened to `f64` for the caller.
struct FloatOut {
    /// Magnitude as an `f64` (exact for both formats).
    value: f64,
    negative: bool,
    consumed: usize,
    errno: Option<Errno>,
    /// For NaNs: the payload bits requested by `nan(n)`, if any.
    nan_payload: Option<u64>,
}

/// Whether `word` follows at `i`, in any case; read byte by byte up to the first mismatch, as
/// `strncasecmp` does.
fn case_prefix(s: &Src, i: usize, word: &[u8]) -> bool {
    word.iter().enumerate().all(|(k, w)| at(s, i + k).eq_ignore_ascii_case(w))
}

/// glibc's `____strtod_l_internal` for the format `f`.
fn scan_float(s: &Src, f: Format, parse_dec: fn(&str) -> f64) -> FloatOut {
    let none =
        FloatOut { value: 0.0, negative: false, consumed: 0, errno: None, nan_payload: None };
    let (mut i, negative) = space_and_sign(s);
    let c = at(s, i);
    let dot_digit = c == b'.' && at(s, i + 1).is_ascii_digit();
    if !c.is_ascii_digit() && !dot_digit {
        if case_prefix(s, i, b"inf") {
            let len = if case_prefix(s, i + 3, b"inity") { 8 } else { 3 };
            return FloatOut {
                value: f64::INFINITY,
                negative,
                consumed: i + len,
                errno: None,
                nan_payload: None,
            };
        }
        if case_prefix(s, i, b"nan") {
            i += 3;
            let mut payload = None;
            let mut errno = None;
            if at(s, i) == b'(' {
                let mut j = i + 1;
                while at(s, j).is_ascii_alphanumeric() || at(s, j) == b'_' {
                    j += 1;
                }
                if at(s, j) == b')' {
                    // glibc reads the characters with strtoull(…, 0) and uses the number as
                    // the payload when it spans them all.
                    let chars = s.bytes.get(i + 1..j).unwrap_or(&[]);
                    let n = strtoull(chars, 0);
                    errno = n.errno;
                    if n.consumed == chars.len() {
                        payload = Some(n.value);
                    }
                    i = j + 1;
                }
            }
            return FloatOut {
                value: f64::NAN,
                negative,
                consumed: i,
                errno,
                nan_payload: payload,
            };
        }
        return none;
    }
    if c == b'0' && at(s, i + 1).eq_ignore_ascii_case(&b'x') {
        return scan_hex(s, i + 2, negative, f);
    }
    // Decimal: digits, an optional point and digits, an optional exponent.
    let mut digits = Vec::new();
    let mut point: i64 = 0;
    let mut seen_point = false;
    loop {
        let c = at(s, i);
        if c.is_ascii_digit() {
            digits.push(c - b'0');
            if !seen_point {
                point += 1;
            }
        } else if c == b'.' && !seen_point {
            seen_point = true;
        } else {
            break;
        }
        i += 1;
    }
    let exp = scan_exponent(s, &mut i, b'e');
    let value = Decimal::from_parts(digits, point);
    let (magnitude, errno) = decimal_to_float(&value, exp, f, parse_dec);
    FloatOut { value: magnitude, negative, consumed: i, errno, nan_payload: None }
}

/// An exponent introduced by `marker` (`e` or `p`) at `*i`, consumed only when it has digits.
/// Saturates far beyond any format's range.
fn scan_exponent(s: &Src, i: &mut usize, marker: u8) -> i64 {
    if !at(s, *i).eq_ignore_ascii_case(&marker) {
        return 0;
    }
    let mut j = *i + 1;
    let mut neg = false;
    match at(s, j) {
        b'-' => {
            neg = true;
            j += 1;
        }
        b'+' => j += 1,
        _ => {}
    }
    if !at(s, j).is_ascii_digit() {
        return 0;
    }
    let mut e: i64 = 0;
    while at(s, j).is_ascii_digit() {
        e = (e * 10 + i64::from(at(s, j) - b'0')).min(1_000_000_000_000);
        j += 1;
    }
    *i = j;
    if neg {
        -e
    } else {
        e
    }
}

/// `floor(log2(x))` of a positive finite `x`.
fn floor_log2(x: f64) -> i64 {
    let bits = x.to_bits() & !(1u64 << 63);
    let biased = (bits >> 52) as i64;
    if biased == 0 {
        i64::from(bits.max(1).ilog2()) - 1074
    } else {
        biased - 1023
    }
}

/// Rounds an exact decimal (times `10^exp`) to the format; returns the magnitude (as f64)
/// and the `errno`.
fn decimal_to_float(
    value: &Decimal,
    exp: i64,
    f: Format,
    parse_dec: fn(&str) -> f64,
) -> (f64, Option<Errno>) {
    if value.is_zero() {
        return (0.0, None);
    }
    let point = value.point.saturating_add(exp);
    if point > 400 {
        return (f64::INFINITY, Some(Errno::Range));
    }
    if point < -400 {
        return (0.0, Some(Errno::Range));
    }
    let mut text = String::with_capacity(value.digits.len() + 24);
    text.push_str("0.");
    text.extend(value.digits.iter().map(|&d| char::from(b'0' + d)));
    text.push('e');
    text.push_str(&point.to_string());
    let r = parse_dec(&text);
    if r.is_infinite() {
        return (r, Some(Errno::Range));
    }
    if r == 0.0 {
        return (r, Some(Errno::Range));
    }
    let min_normal = pow2(f.emin);
    if r > min_normal {
        return (r, None);
    }
    // Subnormal territory, where glibc's rounding has its own rules (see `glibc_subnormal`):
    // find the exact value's leading-bit exponent and its first `mant + 1` bits.
    let v = Decimal::from_parts(value.digits.clone(), point);
    let e0 = floor_log2(r);
    let top = if v.cmp_value(&Decimal::from_binary(1, e0)) == Ordering::Less { e0 - 1 } else { e0 };
    if top >= f.emin {
        return (r, None);
    }
    let m = i64::from(f.mant);
    // Largest c in [2^mant, 2^(mant+1)) with c·2^(top-mant) ≤ v.
    let (mut lo, mut hi) = (1u64 << f.mant, (1u64 << (f.mant + 1)) - 1);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if Decimal::from_binary(mid, top - m).cmp_value(&v) == Ordering::Greater {
            hi = mid - 1;
        } else {
            lo = mid;
        }
    }
    let more = Decimal::from_binary(lo, top - m).cmp_value(&v) != Ordering::Equal;
    glibc_subnormal(lo, more, top, f)
}

/// glibc's `round_and_return` for a value below the smallest normal: `c` holds the value's
/// first `mant + 1` bits (leading bit set: the `mant`-bit significand and the round bit),
/// `more` whether any bit beyond is set, `top` its leading-bit exponent (`< emin`).
///
/// glibc shifts the significand right to the subnormal position and rounds on the bits shifted
/// out, but drops the original round bit on the way (only the bits below it stay in its sticky
/// flag). So `0x1.ffffffffffffd8p-1023` rounds down to `0x0.ffffffffffffep-1022` (correct
/// rounding goes up), and `ERANGE` is missed when that bit was the only inexact one
/// (`0x1.ffffffffffffe8p-1023`). Tininess is judged after rounding to full precision.
fn glibc_subnormal(c: u64, more: bool, top: i64, f: Format) -> (f64, Option<Errno>) {
    let mant = f.mant;
    let shift = f.emin - top;
    if shift > i64::from(mant) {
        return (0.0, Some(Errno::Range));
    }
    let shift = shift as u32;
    let retval = c >> 1;
    let r0 = c & 1 == 1;
    let (kept, newround, low) = if shift == mant {
        (0, true, retval & ((1u64 << (mant - 1)) - 1) != 0)
    } else {
        (
            retval >> shift,
            (retval >> (shift - 1)) & 1 == 1,
            retval & ((1u64 << (shift - 1)) - 1) != 0,
        )
    };
    let sticky = more || low;
    let tiny = !(shift == 1 && r0 && (retval & 1 == 1 || more) && retval + 1 == 1u64 << mant);
    let up = newround && (sticky || kept & 1 == 1);
    let kept = kept + u64::from(up);
    let value = kept as f64 * pow2(f.emin - i64::from(mant) + 1);
    (value, (tiny && (newround || sticky)).then_some(Errno::Range))
}

/// A hexadecimal float after its `0x` at `i`.
fn scan_hex(s: &Src, mut i: usize, negative: bool, f: Format) -> FloatOut {
    let start = i;
    // Up to 60 significant bits, then a sticky bit for anything nonzero beyond.
    let mut m: u64 = 0;
    let mut bexp: i64 = 0;
    let mut sticky = false;
    let mut any_digit = false;
    let mut seen_point = false;
    loop {
        let c = at(s, i);
        if let Some(d) = char::from(c).to_digit(16) {
            any_digit = true;
            if m < (1u64 << 56) {
                m = m * 16 + u64::from(d);
                if seen_point {
                    bexp -= 4;
                }
            } else {
                sticky |= d != 0;
                if !seen_point {
                    bexp += 4;
                }
            }
        } else if c == b'.' && !seen_point {
            // "0x." needs a hex digit on one side of the point.
            if !any_digit && char::from(at(s, i + 1)).to_digit(16).is_none() {
                break;
            }
            seen_point = true;
        } else {
            break;
        }
        i += 1;
    }
    if !any_digit {
        // Just "0x": the number is the 0, ending before the x.
        return FloatOut {
            value: 0.0,
            negative,
            consumed: start - 1,
            errno: None,
            nan_payload: None,
        };
    }
    bexp = bexp.saturating_add(scan_exponent(s, &mut i, b'p'));
    let (value, errno) = round_binary(m, bexp, sticky, f);
    FloatOut { value, negative, consumed: i, errno, nan_payload: None }
}

/// Rounds `(m + sticky·ε) × 2^e` to the format, ties to even; magnitude as f64, and `errno`.
fn round_binary(m: u64, e: i64, sticky: bool, f: Format) -> (f64, Option<Errno>) {
    if m == 0 {
        return (0.0, None);
    }
    let mant = i64::from(f.mant);
    let msb = 63 - i64::from(m.leading_zeros());
    let top = msb.saturating_add(e); // exponent of the leading bit
    if top > f.emax {
        return (f64::INFINITY, Some(Errno::Range));
    }
    if top < f.emin {
        // The first mant + 1 bits, and whether any bit beyond is set.
        let (c, more) = if msb >= mant {
            let drop = (msb - mant) as u32;
            (m >> drop, m & ((1u64 << drop) - 1) != 0 || sticky)
        } else {
            (m << (mant - msb) as u32, sticky)
        };
        return glibc_subnormal(c, more, top, f);
    }
    // A normal result: round to `mant` bits, ties to even.
    let mut q = top - mant + 1;
    let shift = q - e;
    let mut kept = if shift <= 0 {
        m << (-shift) as u32
    } else {
        let shift = shift as u32; // 1..=63: m has at most 64 bits and keeps `mant` of them
        let kept = m >> shift;
        let rem = m & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        let up = rem > half || (rem == half && (sticky || kept & 1 == 1));
        kept + u64::from(up)
    };
    if kept >> f.mant != 0 {
        kept >>= 1;
        q += 1;
    }
    if q + mant - 1 > f.emax {
        return (f64::INFINITY, Some(Errno::Range));
    }
    (kept as f64 * pow2(q), None)
}

/// `2^q` for `q` in the double range (down to the smallest subnormal), exactly.
fn pow2(q: i64) -> f64 {
    if q >= -1022 {
        f64::from_bits(((q.min(1023) + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (q + 1074).clamp(0, 51))
    }
}

/// `strtod`.
pub fn strtod(s: &[u8]) -> Parsed<f64> {
    let s = &Src::new(s);
    let r = scan_float(s, DOUBLE, |t| t.parse::<f64>().unwrap_or(0.0));
    let mut value = r.value;
    if let (true, Some(p)) = (value.is_nan(), r.nan_payload) {
        value = f64::from_bits(0x7ff8_0000_0000_0000 | (p & ((1u64 << 51) - 1)));
    }
    if r.negative {
        value = -value;
    }
    Parsed { value, consumed: r.consumed, errno: r.errno, read: s.seen.get() }
}

/// `strtof`.
pub fn strtof(s: &[u8]) -> Parsed<f32> {
    let s = &Src::new(s);
    let r = scan_float(s, SINGLE, |t| f64::from(t.parse::<f32>().unwrap_or(0.0)));
    let mut value = r.value as f32;
    if value.is_nan() {
        let payload = r.nan_payload.map_or(0, |p| (p & ((1u64 << 22) - 1)) as u32);
        value = f32::from_bits(0x7fc0_0000 | payload);
    }
    if r.negative {
        value = -value;
    }
    Parsed { value, consumed: r.consumed, errno: r.errno, read: s.seen.get() }
}

/// `atof`: `strtod(s, NULL)`.
pub fn atof(s: &[u8]) -> Parsed<f64> {
    strtod(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::runtime::testdata::unescape;

    fn errno_code(e: Option<Errno>) -> i32 {
        e.map_or(0, Errno::code)
    }

    const EXPECTED: &str = include_str!("testdata/numparse_expected.txt");

    #[test]
    fn matches_glibc() {
        let mut failures = Vec::new();
        let mut count = 0;
        for line in EXPECTED.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let f: Vec<&str> = line.split('\t').collect();
            assert_eq!(f.len(), 6, "bad line {line:?}");
            let (func, base, input) = (f[0], f[1].parse::<i32>().unwrap(), unescape(f[2]));
            let (want_val, want_end, want_errno) = (f[3], f[4], f[5].parse::<i32>().unwrap());
            // Every input is also tried with its terminating NUL and junk after it.
            let mut with_nul = input.clone();
            with_nul.extend_from_slice(b"\x007");
            for s in [&input[..], &with_nul[..]] {
                let (val, consumed, errno) = match func {
                    "strtol" => {
                        let p = strtol(s, base);
                        (p.value.to_string(), p.consumed, p.errno)
                    }
                    "strtoul" => {
                        let p = strtoul(s, base);
                        (p.value.to_string(), p.consumed, p.errno)
                    }
                    "strtoll" => {
                        let p = strtoll(s, base);
                        (p.value.to_string(), p.consumed, p.errno)
                    }
                    "strtoull" => {
                        let p = strtoull(s, base);
                        (p.value.to_string(), p.consumed, p.errno)
                    }
                    "atoi" => {
                        let p = atoi(s);
                        (p.value.to_string(), p.consumed, p.errno)
                    }
                    "atol" => {
                        let p = atol(s);
                        (p.value.to_string(), p.consumed, p.errno)
                    }
                    "atoll" => {
                        let p = atoll(s);
                        (p.value.to_string(), p.consumed, p.errno)
                    }
                    "strtod" | "atof" => {
                        let p = if func == "atof" { atof(s) } else { strtod(s) };
                        (format!("{:016x}", p.value.to_bits()), p.consumed, p.errno)
                    }
                    "strtof" => {
                        let p = strtof(s);
                        (format!("{:08x}", p.value.to_bits()), p.consumed, p.errno)
                    }
                    _ => panic!("unknown function {func}"),
                };
                count += 1;
                // "-": glibc left endptr unwritten (EINVAL), or the function has none.
                let end_ok = if want_end == "-" {
                    errno != Some(Errno::Invalid) || consumed == 0
                } else {
                    want_end.parse::<usize>() == Ok(consumed)
                };
                if val != want_val || !end_ok || errno_code(errno) != want_errno {
                    failures.push(format!(
                        "{func}({:?}, {base}): glibc {want_val} end {want_end} errno {want_errno}; irplay {val} end {consumed} errno {}",
                        f[2],
                        errno_code(errno)
                    ));
                }
            }
        }
        assert!(count >= 800, "only {count} cases");
        assert!(
            failures.is_empty(),
            "{} of {count} cases differ from glibc:\n{}",
            failures.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn arbitrary_bytes_do_not_panic() {
        let alphabet = b" \t-+0123456789abcdefxXpPeE.infatyINFATY()_\x00\xff";
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..20_000 {
            let mut next = || {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                x
            };
            let len = (next() % 40) as usize;
            let s: Vec<u8> =
                (0..len).map(|_| alphabet[(next() % alphabet.len() as u64) as usize]).collect();
            let base = (next() % 40) as i32 - 1;
            for p in [
                strtol(&s, base).consumed,
                strtoul(&s, base).consumed,
                strtod(&s).consumed,
                strtof(&s).consumed,
            ] {
                assert!(p <= s.len());
            }
        }
    }

    #[test]
    fn ilp32_long() {
        let p = strtol_bits(b"2147483648", 10, 32);
        assert_eq!((p.value, p.errno), (i64::from(i32::MAX), Some(Errno::Range)));
        let p = strtol_bits(b"-2147483649", 10, 32);
        assert_eq!((p.value, p.errno), (i64::from(i32::MIN), Some(Errno::Range)));
        let p = strtol_bits(b"-2147483648", 10, 32);
        assert_eq!((p.value, p.errno), (i64::from(i32::MIN), None));
        let p = strtoul_bits(b"-1", 10, 32);
        assert_eq!((p.value, p.errno), (u64::from(u32::MAX), None));
        let p = strtoul_bits(b"4294967296", 10, 32);
        assert_eq!((p.value, p.errno, p.consumed), (u64::from(u32::MAX), Some(Errno::Range), 10));
        let p = strtoul_bits(b"-4294967295", 0, 32);
        assert_eq!((p.value, p.errno), (1, None));
    }

    /// `read` counts the bytes a parse inspected: through the byte that ended the number, or
    /// the NUL (one past the slice) when the input ran out; never a byte after that.
    #[test]
    fn read_stops_at_the_byte_that_ends_the_number() {
        let cases: [(&[u8], usize); 11] = [
            (b"12a?", 3),
            (b"12", 3),
            (b"  x?", 3),
            (b"0x1fz?", 5),
            (b"0xz?", 3),
            (b"-9223372036854775809?", 21),
            (b"12345678901234567890123 ", 24),
            (b"", 1),
            (b"+", 2),
            (b"077?", 4),
            (b"-0?", 3),
        ];
        for (s, read) in cases {
            assert_eq!(strtol(s, 0).read, read, "strtol({:?})", String::from_utf8_lossy(s));
            assert_eq!(strtoul(s, 0).read, read, "strtoul({:?})", String::from_utf8_lossy(s));
        }
        assert_eq!(strtol(b"12", 1).read, 0, "an invalid base reads nothing");
        let floats: [(&[u8], usize); 10] = [
            (b"1e+x?", 4),
            (b"1e5?", 4),
            (b"2.5 ?", 4),
            (b"infx?", 4),
            (b"infinity?", 8),
            (b"infin?", 6),
            (b"nan(12)?", 7),
            (b"nan(1?", 6),
            (b"0x1p-2?", 7),
            (b".x?", 2),
        ];
        for (s, read) in floats {
            assert_eq!(strtod(s).read, read, "strtod({:?})", String::from_utf8_lossy(s));
            assert_eq!(strtof(s).read, read, "strtof({:?})", String::from_utf8_lossy(s));
        }
    }
}
