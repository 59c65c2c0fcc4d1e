//! Exact decimal expansion of `f64` values (every finite double is a finite decimal), with
//! round-half-even rounding at any digit: the shared core of `printf`'s `%f`/`%e`/`%g` and of
//! `strtod`'s underflow reporting.
//!
//! A double is `m × 2^e` with a 53-bit `m`. For `e ≥ 0` its digits are those of the integer
//! `m << e`; for `e < 0` it equals `m × 5^-e / 10^-e`, so its digits are those of the integer
//! `m × 5^-e` with the decimal point `-e` places from the right. A tiny base-2^32 big integer
//! (at most ~2,600 bits for the smallest subnormals) does both.

/// A little-endian base-2^32 unsigned big integer: just the operations the expansion needs.
#[derive(Clone, Debug, Default)]
struct Big {
    limbs: Vec<u32>,
}

impl Big {
    fn from_u64(v: u64) -> Big {
        let mut b = Big { limbs: vec![v as u32, (v >> 32) as u32] };
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// `self *= m`.
    fn mul_small(&mut self, m: u32) {
        let mut carry = 0u64;
        for l in &mut self.limbs {
            let p = u64::from(*l) * u64::from(m) + carry;
            *l = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// `self *= 5^n`.
    fn mul_pow5(&mut self, mut n: u32) {
        const P13: u32 = 1_220_703_125; // 5^13, the largest power of 5 in a u32
        while n >= 13 {
            self.mul_small(P13);
            n -= 13;
        }
        if n > 0 {
            self.mul_small(5u32.pow(n));
        }
    }

    /// `self <<= n`.
    fn shl(&mut self, n: u32) {
        if self.is_zero() {
            return;
        }
        let bits = n % 32;
        if bits != 0 {
            let mut carry = 0u32;
            for l in &mut self.limbs {
                let v = (*l << bits) | carry;
                carry = *l >> (32 - bits);
                *l = v;
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        let words = (n / 32) as usize;
        if words > 0 {
            self.limbs.splice(0..0, std::iter::repeat_n(0, words));
        }
    }

    /// `self /= d`, returning the remainder (`d > 0`).
    fn div_small(&mut self, d: u32) -> u32 {
        let d = u64::from(d.max(1));
        let mut rem = 0u64;
        for l in self.limbs.iter_mut().rev() {
            let cur = (rem << 32) | u64::from(*l);
            *l = (cur / d) as u32;
            rem = cur % d;
        }
        self.trim();
        rem as u32
    }

    /// The decimal digits (values 0..=9), most significant first; empty for zero.
    fn into_digits(mut self) -> Vec<u8> {
        let mut chunks = Vec::new();
        while !self.is_zero() {
            chunks.push(self.div_small(1_000_000_000));
        }
        let mut digits = Vec::with_capacity(chunks.len() * 9);
        for (i, &c) in chunks.iter().rev().enumerate() {
            let mut buf = [0u8; 9];
            let mut c = c;
            for slot in buf.iter_mut().rev() {
                *slot = (c % 10) as u8;
                c /= 10;
            }
            if i == 0 {
                let first = buf.iter().position(|&d| d != 0).unwrap_or(buf.len());
                digits.extend_from_slice(buf.get(first..).unwrap_or(&[]));
            } else {
                digits.extend_from_slice(&buf);
            }
        }
        digits
    }
}

/// A non-negative decimal number `0.d₁d₂…dₙ × 10^point`.
///
/// `digits` holds digit values (0..=9), has no leading or trailing zeros and is empty for zero
/// (whose `point` is then meaningless and kept at 0).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Decimal {
    /// Significant digits, most significant first.
    pub digits: Vec<u8>,
    /// Position of the decimal point relative to the first digit.
    pub point: i64,
}

impl Decimal {
    /// The exact decimal value of `|x|` (`x` finite; infinities and NaNs give zero).
    pub fn exact(x: f64) -> Decimal {
        let bits = x.to_bits();
        let biased = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1u64 << 52) - 1);
        if biased == 0x7ff {
            return Decimal::zero();
        }
        if biased == 0 {
            Decimal::from_binary(frac, -1074)
        } else {
            Decimal::from_binary(frac | (1u64 << 52), biased - 1075)
        }
    }

    /// The exact decimal value of `m × 2^e` (`e` within ±1100, as for any `f64`).
    pub fn from_binary(mut m: u64, mut e: i64) -> Decimal {
        if m == 0 {
            return Decimal::zero();
        }
        let tz = m.trailing_zeros();
        m >>= tz;
        e += i64::from(tz);
        let e = e.clamp(-1200, 1200);
        let mut big = Big::from_u64(m);
        let (digits, point) = if e >= 0 {
            big.shl(e as u32);
            let d = big.into_digits();
            let len = d.len() as i64;
            (d, len)
        } else {
            big.mul_pow5((-e) as u32);
            let d = big.into_digits();
            let len = d.len() as i64;
            (d, len + e)
        };
        Decimal::from_parts(digits, point)
    }

    /// Zero.
    pub fn zero() -> Decimal {
        Decimal { digits: Vec::new(), point: 0 }
    }

    /// True for zero.
    pub fn is_zero(&self) -> bool {
        self.digits.is_empty()
    }

    /// Builds a decimal from digit values and a point position, normalizing it.
    pub fn from_parts(digits: Vec<u8>, point: i64) -> Decimal {
        let mut r = Decimal { digits, point };
        r.normalize();
        r
    }

    /// Drops leading zeros (moving the point) and trailing zeros.
    fn normalize(&mut self) {
        let lead = self.digits.iter().position(|&d| d != 0).unwrap_or(self.digits.len());
        if lead > 0 {
            self.digits.drain(..lead);
            self.point -= lead as i64;
        }
        while self.digits.last() == Some(&0) {
            self.digits.pop();
        }
        if self.digits.is_empty() {
            self.point = 0;
        }
    }

    /// The digit at index `i` of the infinite expansion `d₁d₂…` (0-based; zero outside).
    pub fn digit(&self, i: i64) -> u8 {
        if i < 0 {
            return 0;
        }
        usize::try_from(i).ok().and_then(|i| self.digits.get(i)).copied().unwrap_or(0)
    }

    /// Rounds to `keep` significant digits (counted from the first digit; `keep ≤ 0` rounds
    /// at a position before it), ties to even, on the exact value.
    pub fn round(&mut self, keep: i64) {
        let len = self.digits.len() as i64;
        if keep >= len {
            return;
        }
        if keep < 0 {
            // Every digit, and at least one implied leading zero, is dropped: below one half.
            *self = Decimal::zero();
            return;
        }
        let k = keep as usize;
        let first = self.digits.get(k).copied().unwrap_or(0);
        let rest_nonzero = self.digits.get(k + 1..).is_some_and(|r| r.iter().any(|&d| d != 0));
        let last_odd = k > 0 && self.digits.get(k - 1).is_some_and(|d| d % 2 == 1);
        let up = first > 5 || (first == 5 && (rest_nonzero || last_odd));
        self.digits.truncate(k);
        if up {
            let mut i = k;
            loop {
                if i == 0 {
                    self.digits.insert(0, 1);
                    self.point += 1;
                    break;
                }
                i -= 1;
                match self.digits.get_mut(i) {
                    Some(d) if *d == 9 => *d = 0,
                    Some(d) => {
                        *d += 1;
                        break;
                    }
                    None => break,
                }
            }
        }
        self.normalize();
    }

    /// Compares two decimals by value.
    pub fn cmp_value(&self, other: &Decimal) -> std::cmp::Ordering {
        use std::cmp::Ordering;
        match (self.is_zero(), other.is_zero()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        if self.point != other.point {
            return self.point.cmp(&other.point);
        }
        let n = self.digits.len().max(other.digits.len()) as i64;
        for i in 0..n {
            let (a, b) = (self.digit(i), other.digit(i));
            if a != b {
                return a.cmp(&b);
            }
        }
        Ordering::Equal
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(d: &Decimal) -> String {
        let s: String = d.digits.iter().map(|&c| char::from(b'0' + c)).collect();
        format!("0.{s}e{}", d.point)
    }

    #[test]
    fn exact_values() {
        assert_eq!(text(&Decimal::exact(1.0)), "0.1e1");
        assert_eq!(text(&Decimal::exact(0.5)), "0.5e0");
        assert_eq!(text(&Decimal::exact(1024.0)), "0.1024e4");
        assert_eq!(
            text(&Decimal::exact(0.1)),
            "0.1000000000000000055511151231257827021181583404541015625e0"
        );
        assert_eq!(Decimal::exact(5e-324).digits.len(), 751);
        assert_eq!(Decimal::exact(5e-324).point, -323);
        assert_eq!(Decimal::exact(f64::MAX).point, 309);
        assert!(Decimal::exact(0.0).is_zero());
    }

    #[test]
    fn rounding() {
        let mut d = Decimal::exact(0.5);
        d.round(0);
        assert!(d.is_zero());
        let mut d = Decimal::exact(1.5);
        d.round(1);
        assert_eq!(text(&d), "0.2e1");
        let mut d = Decimal::exact(2.5);
        d.round(1);
        assert_eq!(text(&d), "0.2e1");
        let mut d = Decimal::exact(9.96);
        d.round(2);
        assert_eq!(text(&d), "0.1e2");
        let mut d = Decimal::exact(0.75);
        d.round(0);
        assert_eq!(text(&d), "0.1e1");
        let mut d = Decimal::exact(0.003);
        d.round(-1);
        assert!(d.is_zero());
    }
}
