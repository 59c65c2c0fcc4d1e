//! `printf` floating-point conversions (`%f %e %g %a` and upper-case forms): exact decimal
//! digits from the value's binary representation, rounded as glibc does.

use super::*;

// ---------------------------------------------------------------------------------------------
// Floating point.

pub(super) fn float_field(
    out: &mut Out,
    flags: Flags,
    width: usize,
    prec: Option<usize>,
    zero_pad: bool,
    conv: u8,
    x: f64,
) -> Result<(), FormatError> {
    let upper = conv.is_ascii_uppercase();
    let sign = if x.is_sign_negative() {
        Some(b'-')
    } else if flags.plus {
        Some(b'+')
    } else if flags.space {
        Some(b' ')
    } else {
        None
    };
    if !x.is_finite() {
        let text: &[u8] = match (x.is_nan(), upper) {
            (true, false) => b"nan",
            (true, true) => b"NAN",
            (false, false) => b"inf",
            (false, true) => b"INF",
        };
        return emit(
            out,
            width,
            flags.left,
            false,
            &Field { sign, prefix: b"", inner_zeros: 0, head: text, zeros: 0, tail: b"" },
        );
    }
    let mut prefix: &[u8] = b"";
    let body = match conv.to_ascii_lowercase() {
        b'f' => {
            let p = prec.unwrap_or(6);
            let mut d = Decimal::exact(x);
            d.round(d.point.saturating_add(p as i64));
            fixed(&d, p, flags.alt)
        }
        b'e' => {
            let p = prec.unwrap_or(6);
            let mut d = Decimal::exact(x);
            d.round((p as i64).saturating_add(1));
            exponential(&d, p, flags.alt, upper)
        }
        b'g' => {
            let p = match prec.unwrap_or(6) {
                0 => 1,
                p => p,
            };
            let mut d = Decimal::exact(x);
            let exp0 = if d.is_zero() { 0 } else { d.point - 1 };
            d.round(p as i64);
            let exp = if d.is_zero() { 0 } else { d.point - 1 };
            let mut body = if flags.alt && (0..p as i64).contains(&exp0) && exp >= p as i64 {
                // glibc quirk: it picks the %f style from the unrounded exponent; when rounding
                // then adds a digit (99.95 with %#.2g) it switches to %e but keeps the %f
                // style's count of fraction digits, none: "1.e+02", not "1.0e+02".
                exponential(&d, 0, true, upper)
            } else if exp < p as i64 && exp >= -4 {
                fixed(&d, (p as i64 - 1 - exp) as usize, flags.alt)
            } else {
                exponential(&d, p - 1, flags.alt, upper)
            };
            if !flags.alt {
                body.strip_zeros();
            }
            body
        }
        _ => {
            prefix = if upper { b"0X" } else { b"0x" };
            hex_float(x, prec, flags.alt, upper)
        }
    };
    emit(
        out,
        width,
        flags.left,
        zero_pad,
        &Field {
            sign,
            prefix,
            inner_zeros: 0,
            head: &body.head,
            zeros: body.zeros,
            tail: &body.tail,
        },
    )
}

/// A formatted number: `head`, then `zeros` zeros (a long precision's tail), then `tail`.
struct Body {
    head: Vec<u8>,
    zeros: usize,
    tail: Vec<u8>,
}

impl Body {
    /// `%g` without `#`: drops trailing fraction zeros and a bare decimal point.
    fn strip_zeros(&mut self) {
        self.zeros = 0;
        if self.head.contains(&b'.') {
            while self.head.last() == Some(&b'0') {
                self.head.pop();
            }
            if self.head.last() == Some(&b'.') {
                self.head.pop();
            }
        }
    }
}

/// `%f` of an already rounded decimal with `p` fraction digits.
fn fixed(d: &Decimal, p: usize, alt: bool) -> Body {
    let mut head = Vec::new();
    if d.is_zero() || d.point <= 0 {
        head.push(b'0');
    } else {
        for i in 0..d.point {
            head.push(b'0' + d.digit(i));
        }
    }
    if p > 0 || alt {
        head.push(b'.');
    }
    // Fraction digit k (0-based) is digit `point + k` of the expansion; only those before
    // the end of `digits` can be nonzero.
    let len = d.digits.len() as i64;
    let nonzero_span = if d.is_zero() { 0 } else { (len - d.point).clamp(0, p as i64) as usize };
    for k in 0..nonzero_span {
        head.push(b'0' + d.digit(d.point + k as i64));
    }
    Body { head, zeros: p - nonzero_span, tail: Vec::new() }
}

/// `%e` of a decimal already rounded to `p + 1` digits.
fn exponential(d: &Decimal, p: usize, alt: bool, upper: bool) -> Body {
    let mut head = vec![b'0' + d.digit(0)];
    if p > 0 || alt {
        head.push(b'.');
    }
    let avail = (d.digits.len().saturating_sub(1)).min(p);
    for k in 0..avail {
        head.push(b'0' + d.digit(k as i64 + 1));
    }
    let exp = if d.is_zero() { 0 } else { d.point - 1 };
    let mut tail = vec![if upper { b'E' } else { b'e' }, if exp < 0 { b'-' } else { b'+' }];
    let e = exp.unsigned_abs();
    if e < 10 {
        tail.push(b'0');
    }
    tail.extend_from_slice(e.to_string().as_bytes());
    Body { head, zeros: p - avail, tail }
}

/// `%a` of a finite double (after the `0x` prefix), glibc's `printf_fphex` layout.
fn hex_float(x: f64, prec: Option<usize>, alt: bool, upper: bool) -> Body {
    let bits = x.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i64;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut leading, exp) =
        if biased == 0 { (0u8, if frac == 0 { 0 } else { -1022 }) } else { (1u8, biased - 1023) };
    // 13 hex digits of fraction, trailing zeros dropped.
    let mut digits: Vec<u8> = (0..13).rev().map(|k| ((frac >> (k * 4)) & 0xf) as u8).collect();
    while digits.last() == Some(&0) {
        digits.pop();
    }
    let n = digits.len();
    let p = match prec {
        None => n,
        Some(p) => {
            if p < n {
                let last = if p > 0 { digits.get(p - 1).copied().unwrap_or(0) } else { leading };
                let next = digits.get(p).copied().unwrap_or(0);
                let more = next & 7 != 0 || p + 1 < n;
                let up = next >= 8 && (more || last & 1 == 1);
                digits.truncate(p);
                if up {
                    let mut carry = true;
                    for dgt in digits.iter_mut().rev() {
                        if *dgt == 15 {
                            *dgt = 0;
                        } else {
                            *dgt += 1;
                            carry = false;
                            break;
                        }
                    }
                    if carry {
                        leading += 1;
                    }
                }
            }
            p
        }
    };
    let table: &[u8; 16] = if upper { b"0123456789ABCDEF" } else { b"0123456789abcdef" };
    let hex = |v: u8| table.get(usize::from(v)).copied().unwrap_or(b'0');
    let mut head = vec![hex(leading)];
    if p > 0 || alt {
        head.push(b'.');
    }
    let shown = digits.len().min(p);
    head.extend(digits.iter().take(shown).map(|&v| hex(v)));
    let mut tail = vec![if upper { b'P' } else { b'p' }, if exp < 0 { b'-' } else { b'+' }];
    tail.extend_from_slice(exp.unsigned_abs().to_string().as_bytes());
    Body { head, zeros: p - shown, tail }
}
