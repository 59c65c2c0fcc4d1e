//! Integer arithmetic of any width on little-endian `u64` words (for `iN` with N > 64; the
//! narrow fast path lives in `scalar.rs`). Every result has exactly `nw(w)` words with the bits
//! above the width cleared.

use std::cmp::Ordering;

/// Words needed for `w` bits (at least one).
#[inline]
pub fn nw(w: u32) -> usize {
    (w as usize).div_ceil(64).max(1)
}

/// Clears the bits above the width.
pub fn norm(mut v: Vec<u64>, w: u32) -> Vec<u64> {
    v.resize(nw(w), 0);
    let r = w % 64;
    if r != 0 {
        if let Some(l) = v.last_mut() {
            *l &= (1u64 << r) - 1;
        }
    }
    v
}

/// Bit `i`.
pub fn bit(a: &[u64], i: u32) -> bool {
    a.get((i / 64) as usize).is_some_and(|x| x >> (i % 64) & 1 == 1)
}

/// The sign bit.
pub fn is_neg(a: &[u64], w: u32) -> bool {
    w > 0 && bit(a, w - 1)
}

/// True when zero.
pub fn is_zero(a: &[u64]) -> bool {
    a.iter().all(|&x| x == 0)
}

/// Zero-extends or truncates.
pub fn zext(a: &[u64], to: u32) -> Vec<u64> {
    norm(a.to_vec(), to)
}

/// Sign-extends (from `from` bits) or truncates.
pub fn sext(a: &[u64], from: u32, to: u32) -> Vec<u64> {
    if to <= from || !is_neg(a, from) {
        return zext(a, to);
    }
    let mut v = a.to_vec();
    v.resize(nw(to), u64::MAX);
    let full = (from / 64) as usize;
    let r = from % 64;
    if r != 0 {
        if let Some(x) = v.get_mut(full) {
            *x |= !((1u64 << r) - 1);
        }
    }
    norm(v, to)
}

/// `a + b`.
pub fn add(a: &[u64], b: &[u64], w: u32) -> Vec<u64> {
    let mut c = 0u64;
    let v = (0..nw(w))
        .map(|i| {
            let (s1, o1) =
                a.get(i).copied().unwrap_or(0).overflowing_add(b.get(i).copied().unwrap_or(0));
            let (s2, o2) = s1.overflowing_add(c);
            c = (o1 | o2) as u64;
            s2
        })
        .collect();
    norm(v, w)
}

/// Bitwise not.
pub fn not(a: &[u64], w: u32) -> Vec<u64> {
    norm((0..nw(w)).map(|i| !a.get(i).copied().unwrap_or(0)).collect(), w)
}

/// `-a`.
pub fn neg(a: &[u64], w: u32) -> Vec<u64> {
    add(&not(a, w), &[1], w)
}

/// `a - b`.
pub fn sub(a: &[u64], b: &[u64], w: u32) -> Vec<u64> {
    add(a, &neg(b, w), w)
}

/// `a * b` (wrapping).
pub fn mul(a: &[u64], b: &[u64], w: u32) -> Vec<u64> {
    let n = nw(w);
    let mut r = vec![0u64; n];
    for (i, &x) in a.iter().enumerate().take(n) {
        if x == 0 {
            continue;
        }
        let mut carry = 0u128;
        for j in 0..n - i {
            let y = b.get(j).copied().unwrap_or(0) as u128;
            let t = r[i + j] as u128 + x as u128 * y + carry;
            r[i + j] = t as u64;
            carry = t >> 64;
        }
    }
    norm(r, w)
}

/// Bitwise and/or/xor selected by `op` (0, 1, 2).
pub fn bitwise(a: &[u64], b: &[u64], w: u32, op: u8) -> Vec<u64> {
    let f = |x: u64, y: u64| match op {
        0 => x & y,
        1 => x | y,
        _ => x ^ y,
    };
    norm(
        (0..nw(w))
            .map(|i| f(a.get(i).copied().unwrap_or(0), b.get(i).copied().unwrap_or(0)))
            .collect(),
        w,
    )
}

/// Unsigned compare.
pub fn cmp_u(a: &[u64], b: &[u64]) -> Ordering {
    let n = a.len().max(b.len());
    for i in (0..n).rev() {
        let (x, y) = (a.get(i).copied().unwrap_or(0), b.get(i).copied().unwrap_or(0));
        if x != y {
            return x.cmp(&y);
        }
    }
    Ordering::Equal
}

/// Signed compare.
pub fn cmp_s(a: &[u64], b: &[u64], w: u32) -> Ordering {
    match (is_neg(a, w), is_neg(b, w)) {
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
        _ => cmp_u(a, b),
    }
}

/// `a << s` (s < w).
pub fn shl(a: &[u64], s: u64, w: u32) -> Vec<u64> {
    let n = nw(w);
    let (ws, bs) = ((s / 64) as usize, (s % 64) as u32);
    let mut r = vec![0u64; n];
    for (i, out) in r.iter_mut().enumerate().skip(ws) {
        let lo = a.get(i - ws).copied().unwrap_or(0);
        let prev = if i > ws { a.get(i - ws - 1).copied().unwrap_or(0) } else { 0 };
        *out = if bs == 0 { lo } else { (lo << bs) | (prev >> (64 - bs)) };
    }
    norm(r, w)
}

/// Logical (or, with `arith`, arithmetic) right shift (s < w).
pub fn shr(a: &[u64], s: u64, w: u32, arith: bool) -> Vec<u64> {
    let n = nw(w);
    let fill = if arith && is_neg(a, w) { u64::MAX } else { 0 };
    let src = if fill != 0 { sext(a, w, (n as u32) * 64) } else { a.to_vec() };
    let (ws, bs) = ((s / 64) as usize, (s % 64) as u32);
    let get = |i: usize| if i < n { src.get(i).copied().unwrap_or(0) } else { fill };
    let r = (0..n)
        .map(|i| {
            let lo = get(i + ws);
            let hi = get(i + ws + 1);
            if bs == 0 {
                lo
            } else {
                (lo >> bs) | (hi << (64 - bs))
            }
        })
        .collect();
    norm(r, w)
}

/// Unsigned division and remainder (`b` non-zero).
pub fn udivrem(a: &[u64], b: &[u64], w: u32) -> (Vec<u64>, Vec<u64>) {
    let n = nw(w);
    let bhi = b.iter().rposition(|&x| x != 0).unwrap_or(0);
    if bhi == 0 {
        let d = b.first().copied().unwrap_or(1).max(1) as u128;
        let mut q = vec![0u64; n];
        let mut rem = 0u128;
        for i in (0..n).rev() {
            let cur = (rem << 64) | a.get(i).copied().unwrap_or(0) as u128;
            q[i] = (cur / d) as u64;
            rem = cur % d;
        }
        return (norm(q, w), norm(vec![rem as u64], w));
    }
    let (q, r) = knuth(a, b);
    (norm(q, w), norm(r, w))
}

/// Knuth's algorithm D on 32-bit digits (Hacker's Delight `divmnu`); `b` has at least two
/// 64-bit words.
fn knuth(a: &[u64], b: &[u64]) -> (Vec<u64>, Vec<u64>) {
    let to32 = |v: &[u64]| -> Vec<u32> {
        let mut d: Vec<u32> = v.iter().flat_map(|&x| [x as u32, (x >> 32) as u32]).collect();
        while d.len() > 1 && d.last() == Some(&0) {
            d.pop();
        }
        d
    };
    let (u, v) = (to32(a), to32(b));
    let (m, n) = (u.len(), v.len());
    if m < n || n < 2 {
        return (vec![0], a.to_vec());
    }
    let s = v[n - 1].leading_zeros();
    let shl = |x: u32, y: u32| if s == 0 { x } else { (x << s) | (y >> (32 - s)) };
    let vn: Vec<u32> = (0..n).map(|i| shl(v[i], if i > 0 { v[i - 1] } else { 0 })).collect();
    let mut un: Vec<u32> = (0..=m)
        .map(|i| shl(u.get(i).copied().unwrap_or(0), if i > 0 { u[i - 1] } else { 0 }))
        .collect();
    let mut q = vec![0u32; m - n + 1];
    let (vtop, vnext) = (vn[n - 1] as u64, vn[n - 2] as u64);
    for j in (0..=m - n).rev() {
        let num = ((un[j + n] as u64) << 32) | un[j + n - 1] as u64;
        let mut qhat = num / vtop;
        let mut rhat = num % vtop;
        while qhat >= 1 << 32 || qhat * vnext > ((rhat << 32) | un[j + n - 2] as u64) {
            qhat -= 1;
            rhat += vtop;
            if rhat >= 1 << 32 {
                break;
            }
        }
        let mut k: i64 = 0;
        for i in 0..n {
            let p = qhat * vn[i] as u64;
            let t = un[i + j] as i64 - k - (p & 0xFFFF_FFFF) as i64;
            un[i + j] = t as u32;
            k = (p >> 32) as i64 - (t >> 32);
        }
        let t = un[j + n] as i64 - k;
        un[j + n] = t as u32;
        q[j] = qhat as u32;
        if t < 0 {
            q[j] = q[j].wrapping_sub(1);
            let mut c = 0u64;
            for i in 0..n {
                let t = un[i + j] as u64 + vn[i] as u64 + c;
                un[i + j] = t as u32;
                c = t >> 32;
            }
            un[j + n] = un[j + n].wrapping_add(c as u32);
        }
    }
    let r32: Vec<u32> = (0..n)
        .map(|i| if s == 0 { un[i] } else { (un[i] >> s) | (un[i + 1] << (32 - s)) })
        .collect();
    let to64 = |d: &[u32]| -> Vec<u64> {
        d.chunks(2).map(|c| c[0] as u64 | (c.get(1).copied().unwrap_or(0) as u64) << 32).collect()
    };
    (to64(&q), to64(&r32))
}

/// Signed division and remainder (`b` non-zero, not `MIN / -1`).
pub fn sdivrem(a: &[u64], b: &[u64], w: u32) -> (Vec<u64>, Vec<u64>) {
    let (na, nb) = (is_neg(a, w), is_neg(b, w));
    let ua = if na { neg(a, w) } else { a.to_vec() };
    let ub = if nb { neg(b, w) } else { b.to_vec() };
    let (q, r) = udivrem(&ua, &ub, w);
    (if na != nb { neg(&q, w) } else { q }, if na { neg(&r, w) } else { r })
}

/// The signed minimum of width `w`.
pub fn smin(w: u32) -> Vec<u64> {
    let mut v = vec![0u64; nw(w)];
    if w > 0 {
        v[((w - 1) / 64) as usize] = 1 << ((w - 1) % 64);
    }
    v
}

/// All ones.
pub fn ones(w: u32) -> Vec<u64> {
    norm(vec![u64::MAX; nw(w)], w)
}

/// Number of set bits.
pub fn ctpop(a: &[u64]) -> u64 {
    a.iter().map(|x| x.count_ones() as u64).sum()
}

/// Leading zeros within `w` bits.
pub fn ctlz(a: &[u64], w: u32) -> u64 {
    (0..w).rev().take_while(|&i| !bit(a, i)).count() as u64
}

/// Trailing zeros within `w` bits.
pub fn cttz(a: &[u64], w: u32) -> u64 {
    (0..w).take_while(|&i| !bit(a, i)).count() as u64
}

/// Reverses the bits.
pub fn bitreverse(a: &[u64], w: u32) -> Vec<u64> {
    let mut r = vec![0u64; nw(w)];
    for i in 0..w {
        if bit(a, i) {
            let j = w - 1 - i;
            r[(j / 64) as usize] |= 1 << (j % 64);
        }
    }
    r
}

/// Reverses the bytes (`w` a multiple of 16).
pub fn bswap(a: &[u64], w: u32) -> Vec<u64> {
    let nb = (w / 8) as usize;
    let mut r = vec![0u64; nw(w)];
    for i in 0..nb {
        let byte = a.get(i / 8).map_or(0, |x| (x >> (8 * (i % 8))) & 0xff);
        let j = nb - 1 - i;
        r[j / 8] |= byte << (8 * (j % 8));
    }
    r
}

/// Decimal text, signed or unsigned.
pub fn to_string(a: &[u64], w: u32, signed: bool) -> String {
    crate::ir::ApInt::from_words(w, a).to_string_radix10(signed)
}

impl crate::ir::ApInt {
    /// Decimal text, signed or unsigned (interpreter helper).
    pub fn to_string_radix10(&self, signed: bool) -> String {
        if signed {
            self.to_signed_string()
        } else {
            self.to_unsigned_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_i128() {
        let w = 128;
        let a = vec![u64::MAX, 0];
        let s = add(&a, &[1], w);
        assert_eq!(s, vec![0, 1]);
        assert_eq!(sub(&s, &[1], w), a);
        let m = mul(&[u64::MAX, 0], &[u64::MAX, 0], w);
        assert_eq!(m, vec![1, u64::MAX - 1]);
        let (q, r) = udivrem(&[5, 7], &[0, 2], w);
        assert_eq!((q, r), (vec![3, 0], vec![5, 1]));
        // 3-word dividend by a 2-word divisor, checked against u128 arithmetic where it fits.
        let x: u128 = 0xDEAD_BEEF_0123_4567_89AB_CDEF_1357_9BDF;
        let y: u128 = 0x1_0000_0000_0000_0003;
        let (q, r) = udivrem(&[x as u64, (x >> 64) as u64], &[y as u64, (y >> 64) as u64], w);
        assert_eq!(
            (q[0] as u128 | (q[1] as u128) << 64, r[0] as u128 | (r[1] as u128) << 64),
            (x / y, x % y)
        );
        assert_eq!(shl(&[1, 0], 100, w), vec![0, 1 << 36]);
        assert_eq!(shr(&[0, 1 << 63], 127, w, true), vec![u64::MAX, u64::MAX]);
        assert_eq!(to_string(&neg(&[5, 0], w), w, true), "-5");
    }
}
