//! Arbitrary-width integers (`iN` for N up to 2^23-1) as the IR stores constants.
//!
//! Invariant: the bits above `width` are always zero. Widths up to 64 live inline; wider
//! values are a boxed little-endian word array. Arithmetic wraps modulo 2^width, which is how
//! LLVM reads an integer literal too large for its type.

use std::fmt;

/// An integer of a fixed bit width.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ApInt {
    width: u32,
    repr: Repr,
}

#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Repr {
    Small(u64),
    Big(Box<[u64]>),
}

fn words_for(width: u32) -> usize {
    (width as usize).div_ceil(64).max(1)
}

fn top_mask(width: u32) -> u64 {
    match width % 64 {
        0 => u64::MAX,
        r => (1u64 << r) - 1,
    }
}

impl ApInt {
    /// Zero of the given width.
    pub fn zero(width: u32) -> ApInt {
        if width <= 64 {
            ApInt { width, repr: Repr::Small(0) }
        } else {
            ApInt { width, repr: Repr::Big(vec![0; words_for(width)].into()) }
        }
    }
    /// From little-endian words, truncated to `width`.
    pub fn from_words(width: u32, words: &[u64]) -> ApInt {
        let mut r = ApInt::zero(width);
        let n = words_for(width);
        {
            let w = r.words_mut();
            for (i, x) in words.iter().take(n).enumerate() {
                w[i] = *x;
            }
        }
        r.mask();
        r
    }
    /// From an unsigned value, truncated to `width`.
    pub fn from_u64(width: u32, v: u64) -> ApInt {
        ApInt::from_words(width, &[v])
    }
    /// From a signed value, sign-extended or truncated to `width`.
    pub fn from_i64(width: u32, v: i64) -> ApInt {
        if width <= 64 {
            return ApInt::from_u64(width, v as u64);
        }
        let fill = if v < 0 { u64::MAX } else { 0 };
        let mut words = vec![fill; words_for(width)];
        words[0] = v as u64;
        ApInt::from_words(width, &words)
    }
    /// From a `u128`, truncated to `width`.
    pub fn from_u128(width: u32, v: u128) -> ApInt {
        ApInt::from_words(width, &[v as u64, (v >> 64) as u64])
    }
    /// The bit width.
    pub fn width(&self) -> u32 {
        self.width
    }
    /// The little-endian words (at least one).
    pub fn words(&self) -> &[u64] {
        match &self.repr {
            Repr::Small(v) => std::slice::from_ref(v),
            Repr::Big(b) => b,
        }
    }
    fn words_mut(&mut self) -> &mut [u64] {
        match &mut self.repr {
            Repr::Small(v) => std::slice::from_mut(v),
            Repr::Big(b) => b,
        }
    }
    fn mask(&mut self) {
        let m = top_mask(self.width);
        let w = self.width;
        if let Some(last) = self.words_mut().last_mut() {
            *last &= m;
        }
        if w == 0 {
            self.words_mut().iter_mut().for_each(|x| *x = 0);
        }
    }
    /// The low 64 bits.
    pub fn low_u64(&self) -> u64 {
        self.words()[0]
    }
    /// The low 128 bits.
    pub fn low_u128(&self) -> u128 {
        let w = self.words();
        (w[0] as u128) | ((w.get(1).copied().unwrap_or(0) as u128) << 64)
    }
    /// The value as unsigned if it fits in 64 bits.
    pub fn to_u64(&self) -> Option<u64> {
        let w = self.words();
        w[1..].iter().all(|x| *x == 0).then_some(w[0])
    }
    /// The value read as signed, if it fits in an `i64`.
    pub fn to_i64(&self) -> Option<i64> {
        if self.width == 0 {
            return Some(0);
        }
        if self.width <= 64 {
            let shift = 64 - self.width;
            return Some(((self.low_u64() << shift) as i64) >> shift);
        }
        let neg = self.is_negative();
        let fill = if neg { u64::MAX } else { 0 };
        let w = self.words();
        let n = w.len();
        for (i, x) in w.iter().enumerate().skip(1) {
            let expect = if i == n - 1 { fill & top_mask(self.width) } else { fill };
            if *x != expect {
                return None;
            }
        }
        let v = w[0] as i64;
        ((v < 0) == neg).then_some(v)
    }
    /// True when the sign bit is set.
    pub fn is_negative(&self) -> bool {
        self.bit(self.width.saturating_sub(1)) && self.width > 0
    }
    /// Bit `i` (false beyond the width).
    pub fn bit(&self, i: u32) -> bool {
        if i >= self.width {
            return false;
        }
        let w = self.words();
        (w[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }
    /// True when zero.
    pub fn is_zero(&self) -> bool {
        self.words().iter().all(|x| *x == 0)
    }
    /// True when all bits are one.
    pub fn is_all_ones(&self) -> bool {
        let w = self.words();
        let n = w.len();
        w.iter()
            .enumerate()
            .all(|(i, x)| *x == if i == n - 1 { top_mask(self.width) } else { u64::MAX })
    }
    /// Two's complement negation.
    pub fn neg(&self) -> ApInt {
        let mut r = self.clone();
        for x in r.words_mut() {
            *x = !*x;
        }
        r.mask();
        r.add_small(1);
        r
    }
    /// Adds a small unsigned value in place (wrapping).
    fn add_small(&mut self, v: u64) {
        let mut carry = v;
        for x in self.words_mut() {
            let (s, c) = x.overflowing_add(carry);
            *x = s;
            carry = c as u64;
            if carry == 0 {
                break;
            }
        }
        self.mask();
    }
    /// Multiplies by a small value and adds another, in place (wrapping).
    fn mul_add_small(&mut self, m: u64, a: u64) {
        let mut carry = a as u128;
        for x in self.words_mut() {
            let p = (*x as u128) * (m as u128) + carry;
            *x = p as u64;
            carry = p >> 64;
        }
        self.mask();
    }
    /// Divides by a small value in place, returning the remainder (unsigned).
    fn div_small(&mut self, d: u64) -> u64 {
        let mut rem: u128 = 0;
        for x in self.words_mut().iter_mut().rev() {
            let cur = (rem << 64) | (*x as u128);
            *x = (cur / d as u128) as u64;
            rem = cur % d as u128;
        }
        rem as u64
    }
    /// Parses a decimal literal (with optional leading `-`), wrapping modulo 2^width as LLVM does.
    /// Returns `None` when the text is not a decimal number.
    pub fn parse_decimal(width: u32, text: &str) -> Option<ApInt> {
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // Accumulate with enough width for the whole literal, then truncate.
        let bits_needed = (digits.len() as u64 * 4 + 4).min(u32::MAX as u64) as u32;
        let mut acc = ApInt::zero(bits_needed.max(width).max(1));
        for chunk in digits.as_bytes().chunks(18) {
            let mut v = 0u64;
            for b in chunk {
                v = v * 10 + (b - b'0') as u64;
            }
            acc.mul_add_small(10u64.pow(chunk.len() as u32), v);
        }
        if neg {
            acc = acc.neg();
        }
        Some(acc.truncate(width))
    }
    /// Parses hex digits (as in `u0x...` / `s0x...`), wrapping modulo 2^width.
    pub fn parse_hex(width: u32, digits: &str) -> Option<ApInt> {
        if digits.is_empty() {
            return None;
        }
        let bits_needed = (digits.len() as u64 * 4).min(u32::MAX as u64) as u32;
        let acc_width = bits_needed.max(width).max(1);
        // Each digit is four bits in place: linear in the length (no multiplications).
        let mut words = vec![0u64; words_for(acc_width)];
        for (i, b) in digits.bytes().rev().enumerate() {
            let v = (b as char).to_digit(16)? as u64;
            let bit = i * 4;
            if let Some(w) = words.get_mut(bit / 64) {
                *w |= v << (bit % 64);
            }
        }
        Some(ApInt::from_words(acc_width, &words).truncate(width))
    }
    /// The minimum number of bits needed to hold the value as unsigned.
    pub fn active_bits(&self) -> u32 {
        let w = self.words();
        for (i, x) in w.iter().enumerate().rev() {
            if *x != 0 {
                return i as u32 * 64 + (64 - x.leading_zeros());
            }
        }
        0
    }
    /// Truncates or zero-extends to `width`.
    pub fn truncate(&self, width: u32) -> ApInt {
        ApInt::from_words(width, self.words())
    }
    /// Zero-extends or truncates to `width`.
    pub fn zext(&self, width: u32) -> ApInt {
        self.truncate(width)
    }
    /// Sign-extends or truncates to `width`.
    pub fn sext(&self, width: u32) -> ApInt {
        if width <= self.width || !self.is_negative() {
            return self.truncate(width);
        }
        let n = words_for(width);
        let mut words = vec![u64::MAX; n];
        let src = self.words();
        let full = (self.width / 64) as usize;
        words[..full].copy_from_slice(&src[..full]);
        let rem = self.width % 64;
        if rem != 0 {
            words[full] = src[full] | !top_mask(self.width);
        }
        ApInt::from_words(width, &words)
    }
    /// Unsigned decimal text.
    pub fn to_unsigned_string(&self) -> String {
        if let Some(v) = self.to_u64() {
            return v.to_string();
        }
        let mut v = self.clone();
        let mut chunks = Vec::new();
        while !v.is_zero() {
            chunks.push(v.div_small(10_000_000_000_000_000_000));
        }
        let mut s = String::new();
        for (i, c) in chunks.iter().rev().enumerate() {
            if i == 0 {
                s.push_str(&c.to_string());
            } else {
                s.push_str(&format!("{c:019}"));
            }
        }
        if s.is_empty() {
            s.push('0');
        }
        s
    }
    /// Signed decimal text, as LLVM prints integer constants.
    pub fn to_signed_string(&self) -> String {
        if self.is_negative() {
            format!("-{}", self.neg().to_unsigned_string())
        } else {
            self.to_unsigned_string()
        }
    }
    /// True if the value, read as unsigned, is a power of two.
    pub fn is_power_of_two(&self) -> bool {
        self.words().iter().map(|x| x.count_ones()).sum::<u32>() == 1
    }
}

impl fmt::Debug for ApInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "i{} {}", self.width, self.to_signed_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps_like_llvm() {
        // Checked against llvm-as-19 | llvm-dis-19: `ret i8 300` prints `ret i8 44`, -129 -> 127.
        assert_eq!(ApInt::parse_decimal(8, "300").map(|v| v.to_signed_string()), Some("44".into()));
        assert_eq!(
            ApInt::parse_decimal(8, "-129").map(|v| v.to_signed_string()),
            Some("127".into())
        );
        assert_eq!(ApInt::parse_decimal(8, "255").map(|v| v.to_signed_string()), Some("-1".into()));
        assert_eq!(ApInt::parse_hex(8, "1FF").map(|v| v.to_signed_string()), Some("-1".into()));
        assert_eq!(ApInt::parse_decimal(1, "2").map(|v| v.is_zero()), Some(true));
    }

    #[test]
    fn wide_round_trip() {
        let s = "-170141183460469231731687303715884105728";
        let v = ApInt::parse_decimal(128, s).unwrap();
        assert_eq!(v.to_signed_string(), s);
        let big = "123456789012345678901234567890123456789012345678901234567890";
        let v = ApInt::parse_decimal(300, big).unwrap();
        assert_eq!(v.to_unsigned_string(), big);
        assert_eq!(ApInt::from_i64(100, -5).to_signed_string(), "-5");
        assert_eq!(ApInt::from_i64(100, -5).to_i64(), Some(-5));
        assert_eq!(ApInt::from_i64(33, -1).sext(100).to_signed_string(), "-1");
    }

    #[test]
    fn rejects_non_numbers() {
        assert!(ApInt::parse_decimal(32, "").is_none());
        assert!(ApInt::parse_decimal(32, "-").is_none());
        assert!(ApInt::parse_decimal(32, "12a").is_none());
        assert!(ApInt::parse_hex(32, "xyz").is_none());
    }
}
