//! The C `printf` formatting engine: byte-identical to glibc's `printf` in the C locale.
//!
//! The engine knows nothing of memory or of the IR: it walks the format string and asks an
//! [`ArgSource`] for each argument in the C type the conversion needs; the caller, who knows
//! the C ABI (a `va_list` in memory, or the IR call's extra operands), supplies it. Output is
//! appended to a `Vec<u8>`, so `printf`, `sprintf`, `snprintf` and `fprintf` all share it.
//!
//! Supported, as glibc does them:
//! - flags `-` `+` space `#` `0`, and `'` and `I` (no effect in the C locale, as in glibc);
//! - field width and precision, literal or `*` (a negative `*` width sets `-`; a negative `*`
//!   precision means none); positional arguments `%n$` and `*n$` (glibc's numbering rules,
//!   including formats that mix both kinds);
//! - length modifiers `hh` `h` `l` `ll` `q` `L` `j` `z` `Z` `t`;
//! - conversions `d i u o x X b B c C s S p f F e E g G a A m %`: `%p` of null is `(nil)`, `%s`
//!   of null is `(null)` when the precision allows 6 characters (else nothing), infinities and
//!   NaNs print `inf`/`nan` with their sign (`-nan`), `%f`/`%e`/`%g` are exact (correctly
//!   rounded, ties to even, at any precision), `%a` uses glibc's layout (`0x1.8p+1`,
//!   subnormals as `0x0.…p-1022`, rounding may give a leading `2`);
//! - an unknown conversion is printed back as glibc does (`%y` prints `%y`, with the flags,
//!   width and precision it had, but not its length modifier).
//!
//! Differences from glibc, by design:
//! - `%n` (all sizes) is refused with [`FormatError::PercentN`]: writing through a pointer taken
//!   from a format string is the classic format-string exploit;
//! - `L`/`ll`/`q` floating conversions (`long double`) take their argument through
//!   [`ArgSource::long_double`] as an `f64`, so `%La` prints a double's layout, not an x87 one;
//! - output beyond [`ArgSource::max_output`] fails with [`FormatError::OutputLimit`] instead of
//!   being produced (glibc itself fails only past `INT_MAX`, with `EOVERFLOW`).
//!
//! On error, `out` keeps what was produced before the failing conversion, as glibc has already
//! written it to the stream by then; `printf` then returns -1.

use super::decimal::Decimal;
use std::fmt;

/// Why a `printf` call failed. Every variant makes `printf` return -1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormatError {
    /// The format contains `%n`, which irplay refuses (it writes through a pointer argument).
    PercentN,
    /// The format string ended inside a conversion (`"abc%"`); glibc sets `EINVAL`.
    Incomplete,
    /// A width, precision or argument position above `INT_MAX`, a `*` width of `INT_MIN`, or
    /// more than `INT_MAX` bytes of output; glibc sets `EOVERFLOW`.
    Overflow,
    /// The output would exceed [`ArgSource::max_output`] (an irplay limit, not glibc's).
    OutputLimit,
    /// A wide character (`%lc`, `%ls`) with no multibyte form in the C locale (not ASCII);
    /// glibc sets `EILSEQ`.
    Encoding,
    /// The argument source cannot provide this kind of argument (names the conversion).
    Unsupported(&'static str),
    /// The argument source failed to fetch an argument (its message).
    Argument(String),
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::PercentN => {
                write!(f, "printf: %n is not supported (it writes through a pointer argument)")
            }
            FormatError::Incomplete => {
                write!(f, "printf: the format string ends inside a conversion specification")
            }
            FormatError::Overflow => {
                write!(f, "printf: width, precision or output length exceeds INT_MAX")
            }
            FormatError::OutputLimit => write!(f, "printf: output exceeds the runtime's limit"),
            FormatError::Encoding => {
                write!(f, "printf: wide character not representable in the C locale")
            }
            FormatError::Unsupported(what) => write!(f, "printf: {what} is not supported here"),
            FormatError::Argument(msg) => write!(f, "printf: {msg}"),
        }
    }
}

impl std::error::Error for FormatError {}

/// Where the engine gets its arguments: the caller knows the C ABI, the engine says which C
/// type it needs next. Arguments are requested in order (for positional formats, once each,
/// in position order, after the whole format has been read).
pub trait ArgSource {
    /// The next integer argument, `bytes` wide (4 for `int` and everything promoted to it, or
    /// the size of `long`, `long long`, `size_t`, … as given by [`ArgSource::long_bytes`] and
    /// [`ArgSource::pointer_bytes`]), sign- or zero-extended as `signed` says. The engine itself
    /// narrows `hh`/`h` arguments and masks the value to `bytes`, so extra high bits are harmless.
    fn int(&mut self, bytes: u8, signed: bool) -> Result<i128, FormatError>;
    /// The next `double` argument (also used for `float`, which C promotes to `double`).
    fn double(&mut self) -> Result<f64, FormatError>;
    /// The next `long double` argument (`%Lf`, `%llf`, `%qf`), as the nearest `f64`. Defaults to
    /// [`ArgSource::double`], which suits targets where `long double` is `double`.
    fn long_double(&mut self) -> Result<f64, FormatError> {
        self.double()
    }
    /// The next pointer argument's address, for `%p`.
    fn pointer(&mut self) -> Result<u64, FormatError>;
    /// The next `char *` argument, for `%s`: `None` for a null pointer, else the bytes before
    /// its NUL, reading at most `max` bytes when given (the precision: the array need not be
    /// NUL-terminated then).
    fn string(&mut self, max: Option<usize>) -> Result<Option<Vec<u8>>, FormatError>;
    /// The next `wchar_t *` argument, for `%ls`/`%S`: `None` for null, else the characters
    /// before its NUL, at most `max` of them when given. Unsupported unless implemented.
    fn wide_string(&mut self, max: Option<usize>) -> Result<Option<Vec<u32>>, FormatError> {
        let _ = max;
        Err(FormatError::Unsupported("%ls"))
    }
    /// The text of `strerror(errno)` for `%m` (which takes no argument). Unsupported unless
    /// implemented.
    fn errno_message(&mut self) -> Result<Vec<u8>, FormatError> {
        Err(FormatError::Unsupported("%m"))
    }
    /// `sizeof(long)` on the target: 8 (LP64, the default) or 4 (ILP32, e.g. wasm32).
    fn long_bytes(&self) -> u8 {
        8
    }
    /// `sizeof(size_t)`, `sizeof(ptrdiff_t)` and `sizeof(void *)` on the target (default 8).
    fn pointer_bytes(&self) -> u8 {
        8
    }
    /// The most bytes one call may produce (default 64 MiB); more fails with
    /// [`FormatError::OutputLimit`]. Values above `INT_MAX` act as `INT_MAX`.
    fn max_output(&self) -> usize {
        1 << 26
    }
}

/// Formats `fmt` (the format string's bytes; a NUL, if present, ends it) with arguments from
/// `args`, appending the output to `out`, exactly as glibc's `printf` would print it.
pub fn format(fmt: &[u8], args: &mut dyn ArgSource, out: &mut Vec<u8>) -> Result<(), FormatError> {
    // A C format string ends at its NUL, should the caller pass one.
    let fmt = fmt.split(|&c| c == 0).next().unwrap_or(&[]);
    let limit = args.max_output().min(i32::MAX as usize);
    let start = out.len();
    let mut w = Out { buf: out, start, limit };
    let env = Env { long_bytes: args.long_bytes(), pointer_bytes: args.pointer_bytes() };
    let pieces = parse(fmt);
    let positional = pieces.iter().any(|p| match p {
        Piece::Spec(s) => {
            s.pos.is_some() || matches!(s.width, Count::Arg(_)) || matches!(s.prec, Count::Arg(_))
        }
        Piece::Lit(..) => false,
    });
    if positional {
        run_positional(fmt, &pieces, env, args, &mut w)
    } else {
        for piece in &pieces {
            match piece {
                Piece::Lit(a, b) => w.put(fmt.get(*a..*b).unwrap_or(&[]))?,
                Piece::Spec(spec) => run_spec(spec, env, &mut *args, &mut w)?,
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// Output with glibc's length limit.

struct Out<'a> {
    buf: &'a mut Vec<u8>,
    start: usize,
    limit: usize,
}

impl Out<'_> {
    /// Fails unless `n` more bytes fit.
    fn room(&self, n: usize) -> Result<(), FormatError> {
        let done = self.buf.len().saturating_sub(self.start);
        let total = done.saturating_add(n);
        if total > i32::MAX as usize {
            Err(FormatError::Overflow)
        } else if total > self.limit {
            Err(FormatError::OutputLimit)
        } else {
            Ok(())
        }
    }

    fn put(&mut self, s: &[u8]) -> Result<(), FormatError> {
        self.room(s.len())?;
        self.buf.extend_from_slice(s);
        Ok(())
    }

    /// Appends `n` copies of `c` (room already checked).
    fn fill(&mut self, c: u8, n: usize) {
        let len = self.buf.len();
        self.buf.resize(len + n, c);
    }
}

/// One padded field: `[spaces] sign prefix [zeros] inner_zeros head zeros tail [spaces]`.
struct Field<'a> {
    sign: Option<u8>,
    prefix: &'a [u8],
    inner_zeros: usize,
    head: &'a [u8],
    zeros: usize,
    tail: &'a [u8],
}

fn emit(
    out: &mut Out,
    width: usize,
    left: bool,
    zero_pad: bool,
    f: &Field,
) -> Result<(), FormatError> {
    let len = usize::from(f.sign.is_some())
        .saturating_add(f.prefix.len())
        .saturating_add(f.inner_zeros)
        .saturating_add(f.head.len())
        .saturating_add(f.zeros)
        .saturating_add(f.tail.len());
    let pad = width.saturating_sub(len);
    out.room(len.saturating_add(pad))?;
    if !left && !zero_pad {
        out.fill(b' ', pad);
    }
    if let Some(s) = f.sign {
        out.buf.push(s);
    }
    out.buf.extend_from_slice(f.prefix);
    if !left && zero_pad {
        out.fill(b'0', pad);
    }
    out.fill(b'0', f.inner_zeros);
    out.buf.extend_from_slice(f.head);
    out.fill(b'0', f.zeros);
    out.buf.extend_from_slice(f.tail);
    if left {
        out.fill(b' ', pad);
    }
    Ok(())
}

fn emit_text(out: &mut Out, width: usize, left: bool, text: &[u8]) -> Result<(), FormatError> {
    emit(
        out,
        width,
        left,
        false,
        &Field { sign: None, prefix: b"", inner_zeros: 0, head: text, zeros: 0, tail: b"" },
    )
}

// ---------------------------------------------------------------------------------------------
// Parsing conversion specifications (glibc's `__parse_one_specmb` grammar).

#[derive(Clone, Copy, Debug, Default)]
struct Flags {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    group: bool,
    i18n: bool,
}

/// A width or precision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Count {
    Absent,
    Fixed(usize),
    /// Above `INT_MAX`: an `EOVERFLOW` error when used.
    TooBig,
    /// `*`: the next argument.
    Next,
    /// `*n$`: argument `n` (0-based here).
    Arg(usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Length {
    None,
    /// `hh`
    Char,
    /// `h`
    Short,
    /// `l`
    Long,
    /// `ll`, `L`, `q`
    LongLong,
    /// `j`
    Max,
    /// `z`, `Z`, `t`
    Size,
}

#[derive(Clone, Debug)]
struct Spec {
    /// `n$`, 0-based; `Err(())` when the position overflowed `INT_MAX`.
    pos: Option<Result<usize, ()>>,
    flags: Flags,
    width: Count,
    prec: Count,
    len: Length,
    /// The conversion character; 0 when the format ended first.
    conv: u8,
}

enum Piece {
    Lit(usize, usize),
    Spec(Spec),
}

/// Reads decimal digits at `*i`: `Some(n)`, or `None` past `INT_MAX` (all digits consumed).
fn read_int(fmt: &[u8], i: &mut usize) -> Option<usize> {
    let mut n: Option<usize> = Some(0);
    while let Some(&c) = fmt.get(*i) {
        if !c.is_ascii_digit() {
            break;
        }
        n = n.and_then(|n| n.checked_mul(10)).and_then(|n| n.checked_add(usize::from(c - b'0')));
        n = n.filter(|&n| n <= i32::MAX as usize);
        *i += 1;
    }
    n
}

fn is_digit_at(fmt: &[u8], i: usize) -> bool {
    fmt.get(i).is_some_and(u8::is_ascii_digit)
}

/// Parses `*`, `*n$`, or digits at `*i` (after the `.` for a precision).
fn parse_count(fmt: &[u8], i: &mut usize) -> Count {
    if fmt.get(*i) == Some(&b'*') {
        *i += 1;
        if is_digit_at(fmt, *i) {
            let save = *i;
            let n = read_int(fmt, i);
            if n != Some(0) && fmt.get(*i) == Some(&b'$') {
                *i += 1;
                return match n {
                    Some(n) => Count::Arg(n - 1),
                    None => Count::TooBig,
                };
            }
            *i = save;
        }
        Count::Next
    } else if is_digit_at(fmt, *i) {
        match read_int(fmt, i) {
            Some(n) => Count::Fixed(n),
            None => Count::TooBig,
        }
    } else {
        Count::Absent
    }
}

/// Parses the specification after a `%` at `*i`.
fn parse_spec(fmt: &[u8], i: &mut usize) -> Spec {
    let mut pos = None;
    if is_digit_at(fmt, *i) {
        let save = *i;
        let n = read_int(fmt, i);
        if n != Some(0) && fmt.get(*i) == Some(&b'$') {
            *i += 1;
            pos = Some(n.map(|n| n - 1).ok_or(()));
        } else {
            *i = save;
        }
    }
    let mut flags = Flags::default();
    while let Some(&c) = fmt.get(*i) {
        match c {
            b' ' => flags.space = true,
            b'+' => flags.plus = true,
            b'-' => flags.left = true,
            b'#' => flags.alt = true,
            b'0' => flags.zero = true,
            b'\'' => flags.group = true,
            b'I' => flags.i18n = true,
            _ => break,
        }
        *i += 1;
    }
    let width = parse_count(fmt, i);
    let prec = if fmt.get(*i) == Some(&b'.') {
        *i += 1;
        match parse_count(fmt, i) {
            Count::Absent => Count::Fixed(0),
            c => c,
        }
    } else {
        Count::Absent
    };
    let mut len = Length::None;
    match fmt.get(*i) {
        Some(b'h') => {
            *i += 1;
            len = Length::Short;
            if fmt.get(*i) == Some(&b'h') {
                *i += 1;
                len = Length::Char;
            }
        }
        Some(b'l') => {
            *i += 1;
            len = Length::Long;
            if fmt.get(*i) == Some(&b'l') {
                *i += 1;
                len = Length::LongLong;
            }
        }
        Some(b'L' | b'q') => {
            *i += 1;
            len = Length::LongLong;
        }
        Some(b'j') => {
            *i += 1;
            len = Length::Max;
        }
        Some(b'z' | b'Z' | b't') => {
            *i += 1;
            len = Length::Size;
        }
        _ => {}
    }
    let conv = match fmt.get(*i) {
        Some(&c) => {
            *i += 1;
            c
        }
        None => 0,
    };
    Spec { pos, flags, width, prec, len, conv }
}

fn parse(fmt: &[u8]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        let lit_end = fmt
            .get(i..)
            .and_then(|r| r.iter().position(|&c| c == b'%'))
            .map_or(fmt.len(), |p| i + p);
        if lit_end > i {
            pieces.push(Piece::Lit(i, lit_end));
        }
        i = lit_end;
        if i < fmt.len() {
            i += 1;
            pieces.push(Piece::Spec(parse_spec(fmt, &mut i)));
        }
    }
    pieces
}

// ---------------------------------------------------------------------------------------------
// Argument types and fetching.

/// The target facts that decide argument sizes.
#[derive(Clone, Copy)]
struct Env {
    long_bytes: u8,
    pointer_bytes: u8,
}

impl Env {
    /// glibc's `is_long` (wide `%c`/`%s`, `long`-sized integers).
    fn is_long(self, len: Length) -> bool {
        match len {
            Length::Long | Length::LongLong | Length::Max => true,
            Length::Size => self.pointer_bytes > 4,
            Length::None | Length::Char | Length::Short => false,
        }
    }

    /// glibc's `is_long_double` (`long long` integers, `long double` floats).
    fn is_long_double(self, len: Length) -> bool {
        match len {
            Length::LongLong => true,
            Length::Max => 8 > self.long_bytes,
            Length::Size => self.pointer_bytes > self.long_bytes,
            _ => false,
        }
    }

    /// Size of an integer argument as passed (after promotions).
    fn int_bytes(self, len: Length) -> u8 {
        if self.is_long_double(len) {
            8
        } else if self.is_long(len) {
            self.long_bytes
        } else {
            4
        }
    }

    /// Width in bits of the converted integer (`hh`/`h` narrow the promoted `int`).
    fn int_bits(self, len: Length) -> u32 {
        match len {
            Length::Char => 8,
            Length::Short => 16,
            _ => u32::from(self.int_bytes(len)) * 8,
        }
    }
}

/// What a conversion takes from the argument list.
#[derive(Clone, Copy, Debug, PartialEq)]
enum ArgType {
    Int { bytes: u8, signed: bool },
    Double,
    LongDouble,
    Pointer,
    Str(Option<usize>),
    WStr(Option<usize>),
}

/// A fetched argument.
#[derive(Clone, Debug)]
enum Value {
    Int(i128),
    Float(f64),
    Pointer(u64),
    Str(Option<Vec<u8>>),
    WStr(Option<Vec<u32>>),
}

impl Value {
    fn int(&self) -> i128 {
        match self {
            Value::Int(v) => *v,
            Value::Float(f) => i128::from(f.to_bits()),
            Value::Pointer(p) => i128::from(*p),
            Value::Str(_) | Value::WStr(_) => 0,
        }
    }

    fn float(&self) -> f64 {
        match self {
            Value::Float(f) => *f,
            Value::Int(v) => f64::from_bits(*v as u64),
            Value::Pointer(p) => f64::from_bits(*p),
            Value::Str(_) | Value::WStr(_) => 0.0,
        }
    }
}

/// Whether a conversion takes an argument, and which.
fn data_type(spec: &Spec, env: Env) -> Option<ArgType> {
    let prec = match spec.prec {
        Count::Fixed(p) => Some(p),
        _ => None,
    };
    match spec.conv {
        b'd' | b'i' => Some(ArgType::Int { bytes: env.int_bytes(spec.len), signed: true }),
        b'u' | b'o' | b'x' | b'X' | b'b' | b'B' => {
            Some(ArgType::Int { bytes: env.int_bytes(spec.len), signed: false })
        }
        b'c' if !env.is_long(spec.len) => Some(ArgType::Int { bytes: 4, signed: true }),
        b'c' | b'C' => Some(ArgType::Int { bytes: 4, signed: false }),
        b's' if !env.is_long(spec.len) => Some(ArgType::Str(prec)),
        b's' | b'S' => Some(ArgType::WStr(prec)),
        b'p' => Some(ArgType::Pointer),
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
            Some(if env.is_long_double(spec.len) { ArgType::LongDouble } else { ArgType::Double })
        }
        _ => None,
    }
}

fn fetch_from(src: &mut dyn ArgSource, ty: ArgType) -> Result<Value, FormatError> {
    Ok(match ty {
        ArgType::Int { bytes, signed } => Value::Int(src.int(bytes, signed)?),
        ArgType::Double => Value::Float(src.double()?),
        ArgType::LongDouble => Value::Float(src.long_double()?),
        ArgType::Pointer => Value::Pointer(src.pointer()?),
        ArgType::Str(max) => {
            let s = src.string(max)?;
            Value::Str(s.map(|mut s| {
                if let Some(m) = max {
                    s.truncate(m);
                }
                s
            }))
        }
        ArgType::WStr(max) => {
            let s = src.wide_string(max)?;
            Value::WStr(s.map(|mut s| {
                if let Some(m) = max {
                    s.truncate(m);
                }
                s
            }))
        }
    })
}

/// How a conversion gets its data argument: from the source in order, or from the table of
/// a positional format.
trait Fetch {
    /// The conversion's data argument.
    fn data(&mut self, ty: ArgType) -> Result<Value, FormatError>;
    /// `strerror(errno)` for `%m`.
    fn errno_message(&mut self) -> Result<Vec<u8>, FormatError>;
}

struct SeqFetch<'a> {
    src: &'a mut dyn ArgSource,
}

impl Fetch for SeqFetch<'_> {
    fn data(&mut self, ty: ArgType) -> Result<Value, FormatError> {
        fetch_from(&mut *self.src, ty)
    }
    fn errno_message(&mut self) -> Result<Vec<u8>, FormatError> {
        self.src.errno_message()
    }
}

/// Positional mode: every argument fetched up front, indexed per specification.
struct PosFetch<'a> {
    values: Vec<Value>,
    /// Per specification (in order): width argument, precision argument, data argument.
    slots: Vec<[Option<usize>; 3]>,
    current: usize,
    src: &'a mut dyn ArgSource,
}

impl PosFetch<'_> {
    /// The value in `slot` (0 width, 1 precision, 2 data) of the current specification.
    fn value(&self, slot: usize) -> Result<&Value, FormatError> {
        self.slots
            .get(self.current)
            .and_then(|s| s.get(slot).copied().flatten())
            .and_then(|i| self.values.get(i))
            .ok_or_else(|| FormatError::Argument("internal: positional argument missing".into()))
    }
}

impl Fetch for PosFetch<'_> {
    fn data(&mut self, _ty: ArgType) -> Result<Value, FormatError> {
        self.value(2).cloned()
    }
    fn errno_message(&mut self) -> Result<Vec<u8>, FormatError> {
        self.src.errno_message()
    }
}

/// The most arguments a positional format may use (glibc has no fixed limit; this bounds the
/// work a hostile format can ask for).
const MAX_POSITIONAL: usize = 1 << 16;

fn run_positional(
    fmt: &[u8],
    pieces: &[Piece],
    env: Env,
    src: &mut dyn ArgSource,
    out: &mut Out,
) -> Result<(), FormatError> {
    // Leading text is printed before glibc looks at any argument.
    let mut first = 0;
    while let Some(Piece::Lit(a, b)) = pieces.get(first) {
        out.put(fmt.get(*a..*b).unwrap_or(&[]))?;
        first += 1;
    }
    // Number the arguments as glibc does: explicit positions, and sequential numbering for
    // everything else (width, precision, then data of each specification).
    let mut posn = 0usize;
    let mut max_ref = 0usize;
    let mut slots = Vec::new();
    let mut types: Vec<Option<ArgType>> = Vec::new();
    let set = |types: &mut Vec<Option<ArgType>>, i: usize, t: ArgType| -> Result<(), FormatError> {
        if i >= MAX_POSITIONAL {
            return Err(FormatError::Unsupported("more than 65536 printf arguments"));
        }
        if types.len() <= i {
            types.resize(i + 1, None);
        }
        if let Some(slot) = types.get_mut(i) {
            *slot = Some(t);
        }
        Ok(())
    };
    let int = ArgType::Int { bytes: 4, signed: true };
    for piece in pieces.get(first..).unwrap_or(&[]) {
        let Piece::Spec(spec) = piece else { continue };
        if spec.conv == b'n' {
            return Err(FormatError::PercentN);
        }
        let mut s = [None; 3];
        for (k, c) in [spec.width, spec.prec].into_iter().enumerate() {
            let idx = match c {
                Count::Next => {
                    posn += 1;
                    posn - 1
                }
                Count::Arg(n) => {
                    max_ref = max_ref.max(n + 1);
                    n
                }
                _ => continue,
            };
            set(&mut types, idx, int)?;
            if let Some(slot) = s.get_mut(k) {
                *slot = Some(idx);
            }
        }
        if let Some(ty) = data_type(spec, env) {
            let idx = match spec.pos {
                Some(Ok(n)) => {
                    max_ref = max_ref.max(n + 1);
                    n
                }
                Some(Err(())) => return Err(FormatError::Overflow),
                None => {
                    posn += 1;
                    posn - 1
                }
            };
            // A string read by several specifications is read as far as the widest needs.
            let ty = match (ty, types.get(idx).copied().flatten()) {
                (ArgType::Str(a), Some(ArgType::Str(b))) => {
                    ArgType::Str(a.zip(b).map(|(a, b)| a.max(b)))
                }
                (ArgType::WStr(a), Some(ArgType::WStr(b))) => {
                    ArgType::WStr(a.zip(b).map(|(a, b)| a.max(b)))
                }
                (t, _) => t,
            };
            set(&mut types, idx, ty)?;
            s[2] = Some(idx);
        }
        slots.push(s);
    }
    let nargs = posn.max(max_ref);
    if nargs > MAX_POSITIONAL {
        return Err(FormatError::Unsupported("more than 65536 printf arguments"));
    }
    let mut values = Vec::with_capacity(nargs);
    for i in 0..nargs {
        // glibc reads an argument no specification mentions as an `int`.
        let ty = types.get(i).copied().flatten().unwrap_or(int);
        values.push(fetch_from(&mut *src, ty)?);
    }
    let mut fetch = PosFetch { values, slots, current: 0, src };
    for piece in pieces.get(first..).unwrap_or(&[]) {
        match piece {
            Piece::Lit(a, b) => out.put(fmt.get(*a..*b).unwrap_or(&[]))?,
            Piece::Spec(spec) => {
                run_spec_pos(spec, env, &mut fetch, out)?;
                fetch.current += 1;
            }
        }
    }
    Ok(())
}

/// Runs one specification of a positional format: stars come from the table.
fn run_spec_pos(
    spec: &Spec,
    env: Env,
    fetch: &mut PosFetch,
    out: &mut Out,
) -> Result<(), FormatError> {
    let width = match spec.width {
        Count::Next | Count::Arg(_) => Some(fetch.value(0)?.int() as i32),
        _ => None,
    };
    let prec = match spec.prec {
        Count::Next | Count::Arg(_) => Some(fetch.value(1)?.int() as i32),
        _ => None,
    };
    run_spec_with(spec, env, fetch, out, Stars { width, prec })
}

/// The values of a specification's `*` width and precision.
#[derive(Clone, Copy)]
struct Stars {
    width: Option<i32>,
    prec: Option<i32>,
}

/// Runs one specification of a sequential format: width, precision, then data, in order.
fn run_spec(
    spec: &Spec,
    env: Env,
    src: &mut dyn ArgSource,
    out: &mut Out,
) -> Result<(), FormatError> {
    if plain_spec(spec, env, src, out)? {
        return Ok(());
    }
    let width = match spec.width {
        Count::Next => Some(src.int(4, true)? as i32),
        _ => None,
    };
    let prec = match spec.prec {
        Count::Next => Some(src.int(4, true)? as i32),
        _ => None,
    };
    run_spec_with(spec, env, &mut SeqFetch { src }, out, Stars { width, prec })
}

/// The common specifications without flags, width or precision (`%d`, `%lu`, `%x`, `%s`,
/// `%c`) straight from the source, as [`run_spec_with`] does them; false for any other.
fn plain_spec(
    spec: &Spec,
    env: Env,
    src: &mut dyn ArgSource,
    out: &mut Out,
) -> Result<bool, FormatError> {
    let f = spec.flags;
    let plain = !(f.left || f.plus || f.space || f.alt || f.zero || f.group || f.i18n)
        && spec.width == Count::Absent
        && spec.prec == Count::Absent
        && spec.pos.is_none();
    if !plain {
        return Ok(false);
    }
    match (spec.conv, spec.len) {
        (b'd' | b'i' | b'u' | b'x' | b'X', _) => {
            let signed = matches!(spec.conv, b'd' | b'i');
            let v =
                narrow(src.int(env.int_bytes(spec.len), signed)?, env.int_bits(spec.len), signed);
            let (neg, mag) = (v < 0, v.unsigned_abs());
            let base = if matches!(spec.conv, b'x' | b'X') { 16 } else { 10 };
            let num = Number { neg, mag, base, upper: spec.conv == b'X', prefix: b"", signed };
            int_field(out, f, 0, None, false, &num)?;
        }
        (b's', Length::None) => match src.string(None)? {
            Some(text) => out.put(&text)?,
            None => out.put(b"(null)")?,
        },
        (b'c', Length::None) => out.put(&[src.int(4, true)? as u8])?,
        _ => return Ok(false),
    }
    Ok(true)
}

fn run_spec_with(
    spec: &Spec,
    env: Env,
    fetch: &mut dyn Fetch,
    out: &mut Out,
    stars: Stars,
) -> Result<(), FormatError> {
    let mut flags = spec.flags;
    // The `0` flag counts only without `-` (glibc sets the pad character at parse time).
    let zero_flag = flags.zero && !flags.left;
    let width = match spec.width {
        Count::Absent => 0,
        Count::Fixed(n) => n,
        Count::TooBig => return Err(FormatError::Overflow),
        Count::Next | Count::Arg(_) => {
            let w = stars.width.unwrap_or(0);
            if w == i32::MIN {
                return Err(FormatError::Overflow);
            }
            if w < 0 {
                flags.left = true;
            }
            w.unsigned_abs() as usize
        }
    };
    let prec = match spec.prec {
        Count::Absent => None,
        Count::Fixed(n) => Some(n),
        Count::TooBig => return Err(FormatError::Overflow),
        Count::Next | Count::Arg(_) => {
            let p = stars.prec.unwrap_or(-1);
            usize::try_from(p).ok()
        }
    };
    let left = flags.left;
    let zero_pad = zero_flag && !left;
    if spec.conv == b'%' {
        return out.put(b"%");
    }
    if spec.conv == 0 {
        return Err(FormatError::Incomplete);
    }
    if spec.conv == b'n' {
        return Err(FormatError::PercentN);
    }
    if spec.conv == b'm' {
        let mut msg = fetch.errno_message()?;
        if let Some(p) = prec {
            msg.truncate(p);
        }
        return emit_text(out, width, left, &msg);
    }
    let Some(ty) = data_type(spec, env) else {
        return unknown(out, spec, flags, zero_flag, width, prec);
    };
    let value = fetch.data(ty)?;
    match spec.conv {
        b'd' | b'i' | b'u' | b'o' | b'x' | b'X' | b'b' | b'B' => {
            let signed = matches!(spec.conv, b'd' | b'i');
            let bits = env.int_bits(spec.len);
            let v = narrow(value.int(), bits, signed);
            let (neg, mag) = (v < 0, v.unsigned_abs());
            let (base, prefix): (u32, &[u8]) = match spec.conv {
                b'o' => (8, b""),
                b'x' => (16, b"0x"),
                b'X' => (16, b"0X"),
                b'b' => (2, b"0b"),
                b'B' => (2, b"0B"),
                _ => (10, b""),
            };
            let num = Number { neg, mag, base, upper: spec.conv == b'X', prefix, signed };
            int_field(out, flags, width, prec, zero_pad, &num)
        }
        b'p' => {
            let addr = match value {
                Value::Pointer(p) => p,
                ref v => v.int() as u64,
            };
            if addr == 0 {
                emit_text(out, width, left, b"(nil)")
            } else {
                // glibc prints a pointer as `%#x` but keeps the `+` and space flags.
                let mut f = flags;
                f.alt = true;
                let num = Number {
                    neg: false,
                    mag: u128::from(addr),
                    base: 16,
                    upper: false,
                    prefix: b"0x",
                    signed: true,
                };
                int_field(out, f, width, prec, zero_pad, &num)
            }
        }
        b'c' | b'C' => {
            let c = value.int();
            let byte = if matches!(ty, ArgType::Int { signed: false, .. }) {
                // A wide character: only ASCII has a multibyte form in the C locale.
                u8::try_from(c as u32).ok().filter(u8::is_ascii).ok_or(FormatError::Encoding)?
            } else {
                c as u8
            };
            emit_text(out, width, left, &[byte])
        }
        b's' | b'S' => {
            let text: Vec<u8> = match value {
                Value::Str(Some(s)) => s,
                Value::WStr(Some(w)) => {
                    let mut s = Vec::with_capacity(w.len());
                    for c in w {
                        s.push(
                            u8::try_from(c)
                                .ok()
                                .filter(u8::is_ascii)
                                .ok_or(FormatError::Encoding)?,
                        );
                    }
                    s
                }
                Value::Str(None) | Value::WStr(None) => {
                    if prec.is_none_or(|p| p >= 6) {
                        b"(null)".to_vec()
                    } else {
                        Vec::new()
                    }
                }
                Value::Int(_) | Value::Float(_) | Value::Pointer(_) => Vec::new(),
            };
            let text = match prec {
                Some(p) => text.get(..p.min(text.len())).unwrap_or(&[]),
                None => &text[..],
            };
            emit_text(out, width, left, text)
        }
        _ => float_field(out, flags, width, prec, zero_pad, spec.conv, value.float()),
    }
}

/// Truncates `v` to `bits` and re-extends it as signed or unsigned.
fn narrow(v: i128, bits: u32, signed: bool) -> i128 {
    let bits = bits.clamp(1, 64);
    let mask: u128 = if bits == 128 { u128::MAX } else { (1u128 << bits) - 1 };
    let u = (v as u128) & mask;
    if signed && (u >> (bits - 1)) & 1 == 1 {
        (u | !mask) as i128
    } else {
        u as i128
    }
}

/// glibc's `printf_unknown`: `%`, the flags in a fixed order, width, precision, conversion.
fn unknown(
    out: &mut Out,
    spec: &Spec,
    flags: Flags,
    zero_flag: bool,
    width: usize,
    prec: Option<usize>,
) -> Result<(), FormatError> {
    let mut s = vec![b'%'];
    if flags.alt {
        s.push(b'#');
    }
    if flags.group {
        s.push(b'\'');
    }
    if flags.plus {
        s.push(b'+');
    } else if flags.space {
        s.push(b' ');
    }
    if flags.left {
        s.push(b'-');
    }
    if zero_flag {
        s.push(b'0');
    }
    if flags.i18n {
        s.push(b'I');
    }
    if width != 0 {
        s.extend_from_slice(width.to_string().as_bytes());
    }
    if let Some(p) = prec {
        s.push(b'.');
        s.extend_from_slice(p.to_string().as_bytes());
    }
    s.push(spec.conv);
    out.put(&s)
}

// ---------------------------------------------------------------------------------------------
// Integers.

struct Number<'a> {
    neg: bool,
    mag: u128,
    base: u32,
    upper: bool,
    /// `0x`/`0b` style prefix for `#` (nonzero values only).
    prefix: &'a [u8],
    /// Whether `+` and space apply.
    signed: bool,
}

fn int_field(
    out: &mut Out,
    flags: Flags,
    width: usize,
    prec: Option<usize>,
    zero_pad: bool,
    n: &Number,
) -> Result<(), FormatError> {
    let p = prec.unwrap_or(1);
    // The digits, filled from the end of a buffer with room for 128 binary digits and the
    // alternate form's leading `0`; in 64-bit arithmetic while the value fits.
    let mut buf = [0u8; 130];
    let mut at = buf.len();
    if !(p == 0 && n.mag == 0) {
        let table: &[u8; 16] = if n.upper { b"0123456789ABCDEF" } else { b"0123456789abcdef" };
        let mut push = |d: u64| {
            at -= 1;
            if let (Some(slot), Some(&c)) = (buf.get_mut(at), table.get(d as usize)) {
                *slot = c;
            }
        };
        let base = n.base.clamp(2, 16);
        let mut m = n.mag;
        while m > u128::from(u64::MAX) {
            push((m % u128::from(base)) as u64);
            m /= u128::from(base);
        }
        // Decimal by a constant divisor (a multiplication), the powers of two by shifts.
        let (mut m, shift) = (m as u64, base.trailing_zeros());
        loop {
            let d = match base {
                10 => {
                    let d = m % 10;
                    m /= 10;
                    d
                }
                2 | 8 | 16 => {
                    let d = m & u64::from(base - 1);
                    m >>= shift;
                    d
                }
                _ => {
                    let d = m % u64::from(base);
                    m /= u64::from(base);
                    d
                }
            };
            push(d);
            if m == 0 {
                break;
            }
        }
    }
    if n.base == 8 && flags.alt && buf.get(at) != Some(&b'0') && p <= buf.len() - at {
        at -= 1;
        if let Some(slot) = buf.get_mut(at) {
            *slot = b'0';
        }
    }
    let digits = buf.get(at..).unwrap_or(&[]);
    let inner_zeros = p.saturating_sub(digits.len());
    let sign = if n.neg {
        Some(b'-')
    } else if n.signed && flags.plus {
        Some(b'+')
    } else if n.signed && flags.space {
        Some(b' ')
    } else {
        None
    };
    let prefix = if flags.alt && n.mag != 0 { n.prefix } else { b"" };
    // A precision turns the `0` flag off for integers.
    let zero_pad = zero_pad && prec.is_none();
    emit(
        out,
        width,
        flags.left,
        zero_pad,
        &Field { sign, prefix, inner_zeros, head: digits, zeros: 0, tail: b"" },
    )
}

#[path = "format_float.rs"]
mod float;
use float::float_field;

#[cfg(test)]
#[path = "format_tests.rs"]
mod tests;
