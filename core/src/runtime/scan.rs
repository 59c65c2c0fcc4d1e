//! `scanf`-family input conversion (`scanf`, `sscanf`, `fscanf`), as glibc does it in the C
//! locale: a pure engine over the format and the input bytes that returns the items to store
//! and the function's result; the caller writes the items through the pointer arguments.
//!
//! As glibc: white space in the format skips any white space of the input; other characters
//! must match; every conversion but `%c`, `%[` and `%n` first skips white space. A number is
//! read as glibc reads it, then converted (`strtol`, `strtod`): an integer accepts a `0x`
//! prefix with nothing after it as `0`, and a floating-point number accepts an incomplete
//! exponent (`1e+` reads as 1, consuming all three characters). The result is the number of
//! items assigned, or `EOF` (-1) when the input ends before the first conversion completes.

use super::numparse::{self, is_space};

/// One value to store through the next pointer argument.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// An integer (`%d`, `%x`, `%n`, ...).
    Int {
        /// Its value; the low `size` bytes are stored.
        bits: u64,
        /// The stored size in bytes (from the length modifier).
        size: u8,
    },
    /// A floating-point number (`%f`, `%lf`, ...).
    Float {
        /// Its value.
        value: f64,
        /// 4 for a `float`, 8 for a `double`.
        size: u8,
    },
    /// Characters (`%c`, `%s`, `%[`).
    Bytes {
        /// The characters read.
        bytes: Vec<u8>,
        /// Whether a NUL is stored after them (`%s` and `%[`).
        nul: bool,
    },
}

impl Item {
    /// The bytes stored through the item's pointer (little-endian, as C stores them).
    pub fn bytes(&self) -> Vec<u8> {
        match self {
            Item::Int { bits, size } => {
                bits.to_le_bytes().get(..*size as usize).unwrap_or(&[]).to_vec()
            }
            Item::Float { value, size: 4 } => (*value as f32).to_le_bytes().to_vec(),
            Item::Float { value, .. } => value.to_le_bytes().to_vec(),
            Item::Bytes { bytes, nul } => {
                let mut b = bytes.clone();
                if *nul {
                    b.push(0);
                }
                b
            }
        }
    }
}

/// The outcome of a call.
#[derive(Clone, Debug, PartialEq)]
pub struct Scanned {
    /// The function's result: items assigned, or -1 (`EOF`).
    pub ret: i32,
    /// Input bytes consumed (for a stream: what a later read starts after).
    pub consumed: usize,
    /// The values to store, one per pointer argument in order.
    pub items: Vec<Item>,
}

/// Why a conversion stopped the scan.
enum Fail {
    /// The input ended (an input failure).
    Input,
    /// The input did not match (a matching failure).
    Match,
}

/// A format the engine does not support (the message names the conversion): `%Lf`.
pub type Unsupported = String;

/// The input and the read position.
struct Input<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Input<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }
    fn skip_space(&mut self) {
        while self.peek().is_some_and(is_space) {
            self.pos += 1;
        }
    }
    /// Takes the next byte if `ok` accepts it and `width` allows.
    fn take_if(&mut self, width: &mut usize, ok: impl Fn(u8) -> bool) -> Option<u8> {
        let c = self.peek().filter(|&c| *width > 0 && ok(c))?;
        self.pos += 1;
        *width -= 1;
        Some(c)
    }
}

/// Runs the format `fmt` over `input`; `%p` stores `ptr_bytes` bytes.
pub fn scan(fmt: &[u8], input: &[u8], ptr_bytes: u8) -> Result<Scanned, Unsupported> {
    let mut inp = Input { s: input, pos: 0 };
    let mut items = Vec::new();
    let mut done = 0i32;
    let mut i = 0;
    let fail = loop {
        let Some(&f) = fmt.get(i) else { break None };
        i += 1;
        if is_space(f) {
            inp.skip_space();
            continue;
        }
        if f != b'%' || fmt.get(i) == Some(&b'%') {
            if f == b'%' {
                i += 1;
                inp.skip_space();
            }
            match inp.peek() {
                None => break Some(Fail::Input),
                Some(c) if c == f => inp.pos += 1,
                Some(_) => break Some(Fail::Match),
            }
            continue;
        }
        let suppress = fmt.get(i) == Some(&b'*');
        if suppress {
            i += 1;
        }
        let digits = fmt.get(i..).unwrap_or(&[]).iter().take_while(|c| c.is_ascii_digit()).count();
        let width = std::str::from_utf8(fmt.get(i..i + digits).unwrap_or(&[]))
            .ok()
            .and_then(|w| w.parse::<usize>().ok())
            .filter(|&w| w > 0);
        i += digits;
        let (size, len) = modifier(fmt.get(i..).unwrap_or(&[]));
        i += len;
        // A format that ends inside a conversion, an unknown conversion and an unterminated
        // `%[` end the scan as a matching failure does, as in glibc.
        let Some(&conv) = fmt.get(i) else { break Some(Fail::Match) };
        i += 1;
        let item = match conv {
            b'n' => {
                if !suppress {
                    items.push(Item::Int { bits: inp.pos as u64, size: size.int });
                }
                continue;
            }
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'p' => {
                let base = match conv {
                    b'd' | b'u' => 10,
                    b'i' => 0,
                    b'o' => 8,
                    _ => 16,
                };
                let size = if conv == b'p' { ptr_bytes } else { size.int };
                int(&mut inp, width.unwrap_or(usize::MAX), base, conv != b'd' && conv != b'i')
                    .map(|bits| Item::Int { bits, size })
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                if size.float == 16 {
                    return Err("scanf: long double conversions (%Lf) are not supported".into());
                }
                float(&mut inp, width.unwrap_or(usize::MAX))
                    .map(|value| Item::Float { value, size: size.float })
            }
            b's' => {
                inp.skip_space();
                let mut w = width.unwrap_or(usize::MAX);
                run_of(&mut inp, &mut w, |c| !is_space(c))
                    .map(|bytes| Item::Bytes { bytes, nul: true })
            }
            b'c' => {
                let mut w = width.unwrap_or(1);
                run_of(&mut inp, &mut w, |_| true).map(|bytes| Item::Bytes { bytes, nul: false })
            }
            b'[' => {
                let Some((set, len)) = scanset(fmt.get(i..).unwrap_or(&[])) else {
                    break Some(Fail::Match);
                };
                i += len;
                let mut w = width.unwrap_or(usize::MAX);
                run_of(&mut inp, &mut w, |c| set[c as usize])
                    .map(|bytes| Item::Bytes { bytes, nul: true })
            }
            _ => break Some(Fail::Match),
        };
        match item {
            Ok(it) if !suppress => {
                items.push(it);
                done += 1;
            }
            Ok(_) => {}
            Err(f) => break Some(f),
        }
    };
    let ret = match fail {
        Some(Fail::Input) if done == 0 => -1,
        _ => done,
    };
    Ok(Scanned { ret, consumed: inp.pos, items })
}

/// The sizes a length modifier gives integer and floating-point conversions.
#[derive(Copy, Clone)]
struct Sizes {
    int: u8,
    float: u8,
}

/// The length modifier at the start of `s` and its length.
fn modifier(s: &[u8]) -> (Sizes, usize) {
    match s {
        [b'h', b'h', ..] => (Sizes { int: 1, float: 4 }, 2),
        [b'l', b'l', ..] => (Sizes { int: 8, float: 8 }, 2),
        [b'h', ..] => (Sizes { int: 2, float: 4 }, 1),
        [b'l' | b'j' | b'z' | b't' | b'q', ..] => (Sizes { int: 8, float: 8 }, 1),
        [b'L', ..] => (Sizes { int: 8, float: 16 }, 1),
        _ => (Sizes { int: 4, float: 4 }, 0),
    }
}

/// The bytes accepted by the scanset after `%[` (`^` negates; a `]` first is a member; `a-z`
/// is a range, as in glibc) and the length of its text through the closing `]`.
fn scanset(s: &[u8]) -> Option<([bool; 256], usize)> {
    let mut set = [false; 256];
    let neg = s.first() == Some(&b'^');
    let mut k = neg as usize;
    let start = k;
    loop {
        let c = *s.get(k)?;
        if c == b']' && k > start {
            break;
        }
        match (s.get(k + 1), s.get(k + 2)) {
            (Some(b'-'), Some(&hi)) if hi != b']' && hi >= c => {
                set.iter_mut().skip(c as usize).take((hi - c) as usize + 1).for_each(|b| *b = true);
                k += 3;
            }
            _ => {
                set[c as usize] = true;
                k += 1;
            }
        }
    }
    if neg {
        set.iter_mut().for_each(|b| *b = !*b);
    }
    Some((set, k + 1))
}

/// At least one byte that `ok` accepts (at most `width`): an input failure at the end of the
/// input, a matching failure when the next byte is not accepted.
fn run_of(inp: &mut Input, width: &mut usize, ok: impl Fn(u8) -> bool) -> Result<Vec<u8>, Fail> {
    if inp.peek().is_none() {
        return Err(Fail::Input);
    }
    let mut out = Vec::new();
    while let Some(c) = inp.take_if(width, &ok) {
        out.push(c);
    }
    if out.is_empty() {
        return Err(Fail::Match);
    }
    Ok(out)
}

/// The start of a number: white space skipped (an input failure at the end of the input), then
/// an optional sign, taken into the number's text; the width left and the text.
fn number_start(inp: &mut Input, width: usize) -> Result<(usize, Vec<u8>), Fail> {
    inp.skip_space();
    if inp.peek().is_none() {
        return Err(Fail::Input);
    }
    let mut w = width;
    let mut text = Vec::new();
    if let Some(c) = inp.take_if(&mut w, |c| c == b'-' || c == b'+') {
        text.push(c);
    }
    Ok((w, text))
}

/// An integer in `base` (0: by prefix) read as glibc reads it: a sign, a `0x` prefix (for base
/// 16 or 0, consumed but not part of the number), digits; at most `width` bytes.
fn int(inp: &mut Input, width: usize, base: i32, unsigned: bool) -> Result<u64, Fail> {
    let (mut w, mut text) = number_start(inp, width)?;
    let mut base = base;
    if let Some(z) = inp.take_if(&mut w, |c| c == b'0') {
        text.push(z);
        if (base == 0 || base == 16) && inp.take_if(&mut w, |c| c == b'x' || c == b'X').is_some() {
            base = 16;
        } else if base == 0 {
            base = 8;
        }
    }
    let b = if base == 0 { 10 } else { base as u32 };
    while let Some(c) = inp.take_if(&mut w, |c| char::from(c).is_digit(b)) {
        text.push(c);
    }
    if !text.iter().any(u8::is_ascii_hexdigit) {
        return Err(Fail::Match);
    }
    // The text is a complete number in base `b`: convert it as the strto* functions do.
    Ok(if unsigned {
        numparse::strtoul(&text, b as i32).value
    } else {
        numparse::strtol(&text, b as i32).value as u64
    })
}

/// A floating-point number read as glibc reads it (a sign; `inf`, `infinity` or `nan`; or
/// hexadecimal or decimal digits with one point and an exponent whose digits may be missing),
/// converted by `strtod` (which must accept a non-empty prefix of it).
fn float(inp: &mut Input, width: usize) -> Result<f64, Fail> {
    let (mut w, mut text) = number_start(inp, width)?;
    let word = |inp: &mut Input, w: &mut usize, text: &mut Vec<u8>, word: &[u8]| -> bool {
        word.iter().all(|&l| {
            inp.take_if(w, |c| c.eq_ignore_ascii_case(&l)).map(|c| text.push(c)).is_some()
        })
    };
    match inp.peek().map(|c| c.to_ascii_lowercase()) {
        Some(b'i') => {
            // `inf`, and `inity` in full when it goes on with an `i`.
            if !word(inp, &mut w, &mut text, b"inf")
                || (inp.peek().is_some_and(|c| c.eq_ignore_ascii_case(&b'i'))
                    && w > 0
                    && !word(inp, &mut w, &mut text, b"inity"))
            {
                return Err(Fail::Match);
            }
        }
        Some(b'n') => {
            if !word(inp, &mut w, &mut text, b"nan") {
                return Err(Fail::Match);
            }
        }
        _ => {
            let mut hex = false;
            let mut got = false;
            if let Some(z) = inp.take_if(&mut w, |c| c == b'0') {
                text.push(z);
                got = true;
                if let Some(x) = inp.take_if(&mut w, |c| c == b'x' || c == b'X') {
                    // In hexadecimal the `0` of the prefix is not a digit of the number.
                    text.push(x);
                    hex = true;
                    got = false;
                }
            }
            let (digit, exp): (fn(u8) -> bool, u8) = if hex {
                (|c| c.is_ascii_hexdigit(), b'p')
            } else {
                (|c| c.is_ascii_digit(), b'e')
            };
            let (mut dot, mut e) = (false, false);
            loop {
                let last = text.last().copied().unwrap_or(0);
                let next = inp.take_if(&mut w, |c| {
                    if e {
                        c.is_ascii_digit()
                            || ((c == b'-' || c == b'+') && last.eq_ignore_ascii_case(&exp))
                    } else {
                        digit(c) || (c == b'.' && !dot) || (c.eq_ignore_ascii_case(&exp) && got)
                    }
                });
                let Some(c) = next else { break };
                // Exponent characters change nothing; before it, note the point, the marker and
                // mantissa digits.
                if !e {
                    match c {
                        b'.' => dot = true,
                        c if c.eq_ignore_ascii_case(&exp) => e = true,
                        _ => got = true,
                    }
                }
                text.push(c);
            }
            // A `0x` prefix with nothing after it (but a sign) is no number, as in glibc.
            let signed = usize::from(matches!(text.first(), Some(b'-' | b'+')));
            if hex && text.len() == signed + 2 {
                return Err(Fail::Match);
            }
        }
    }
    let p = numparse::strtod(&text);
    if p.consumed == 0 {
        return Err(Fail::Match);
    }
    Ok(p.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sscanf` results glibc 2.36 gives (a native program printed them): the return value
    /// and what was stored.
    #[test]
    fn edge_cases_match_glibc() {
        let int = |bits: u64| Item::Int { bits, size: 4 };
        let dbl = |value: f64| Item::Float { value, size: 8 };
        let cases: Vec<(&str, &str, i32, Vec<Item>)> = vec![
            ("0xg", "%x", 1, vec![int(0)]),
            ("1ex", "%lf", 1, vec![dbl(1.0)]),
            ("-", "%d", 0, vec![]),
            ("", "%d", -1, vec![]),
            ("   ", "%d", -1, vec![]),
            ("12abc", "%d%n", 1, vec![int(12), int(2)]),
            ("  hello world", "%3s", 1, vec![Item::Bytes { bytes: b"hel".to_vec(), nul: true }]),
            (" xy", "%2c", 1, vec![Item::Bytes { bytes: b" x".to_vec(), nul: false }]),
            ("abc]def", "%[]a-c]", 1, vec![Item::Bytes { bytes: b"abc]".to_vec(), nul: true }]),
            ("x", "x%d", -1, vec![]),
            ("y", "x%d", 0, vec![]),
            ("inf", "%lf", 1, vec![dbl(f64::INFINITY)]),
            ("0x1p3", "%lf", 1, vec![dbl(8.0)]),
            ("077", "%i", 1, vec![int(63)]),
            ("5 %6", "%d %%%d", 2, vec![int(5), int(6)]),
            ("-1", "%u", 1, vec![int(0xffff_ffff_ffff_ffff)]),
            ("1234", "%2d%d", 2, vec![int(12), int(34)]),
            ("1e+", "%lf", 1, vec![dbl(1.0)]),
            (".", "%lf", 0, vec![]),
            ("infinit", "%lf", 0, vec![]),
            ("0x", "%lf", 0, vec![]),
            ("-0x", "%lf", 0, vec![]),
            ("0xp1", "%lf", 0, vec![]),
            ("0x.p1", "%lf%n", 1, vec![dbl(0.0), int(3)]),
            ("0e5", "%lf%n", 1, vec![dbl(0.0), int(3)]),
            ("0x1p", "%lf%n", 1, vec![dbl(1.0), int(4)]),
            ("5 x", "%d %[a-", 1, vec![int(5)]),
            ("5 x", "%d %y", 1, vec![int(5)]),
            ("5", "%d%", 1, vec![int(5)]),
        ];
        for (input, fmt, ret, items) in cases {
            let r =
                scan(fmt.as_bytes(), input.as_bytes(), 8).unwrap_or_else(|e| panic!("{fmt}: {e}"));
            assert_eq!((r.ret, &r.items), (ret, &items), "sscanf({input:?}, {fmt:?})");
        }
    }
}
