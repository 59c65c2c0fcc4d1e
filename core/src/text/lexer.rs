//! The LLVM IR lexer: turns `.ll` text into tokens the way LLVM 19's `LLLexer` does.
//!
//! The lexer is zero-copy: names, words and numbers borrow from the source,
//! and only quoted names, strings and metadata names that contain `\`
//! escapes allocate. It runs in linear time over arbitrary input (every
//! byte is examined a bounded number of times) and never panics. Errors are
//! returned as [`TokenKind::Error`] tokens and lexing resumes right after
//! them.
//!
//! Differences from LLVM worth knowing about:
//! * `!12` is a single [`TokenKind::MetadataId`] (LLVM lexes `!` then an
//!   integer, so it also accepts `! 12`; here that is `Exclaim, Integer`).
//! * `#dbg_value` etc. are a single [`TokenKind::DbgRecord`] token; LLVM
//!   also accepts whitespace between `#` and the keyword.
//! * Every bare identifier is a [`TokenKind::Word`]; deciding whether it is
//!   a known keyword is the parser's job.
//! * Names must be valid UTF-8 after unescaping (LLVM allows any bytes).

use std::borrow::Cow;
use std::fmt;

use crate::diag::Span;
pub use crate::ir::float::HexFloatKind;
pub use crate::ir::symbol::{name_from_bytes, name_to_bytes, RAW_BYTE_BASE};

/// The largest integer type width LLVM 19 accepts (`IntegerType::MAX_INT_BITS`).
pub const MAX_INT_BITS: u32 = 1 << 23;

/// What went wrong in an [`TokenKind::Error`] token.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum LexError {
    /// A character that cannot start any token.
    BadChar(char),
    /// A `"` string with no closing quote before the end of input.
    UnterminatedString,
    /// A quoted name (`%"`, `@"` or `$"`; the sigil is given) with no
    /// closing quote.
    UnterminatedName(char),
    /// `%`, `@` or `$` (given) not followed by a name or number.
    ExpectedName(char),
    /// `^` not followed by a number.
    ExpectedSummaryId,
    /// `#` not followed by a number or a debug record kind.
    BadHash,
    /// An integer type width outside `1..=MAX_INT_BITS`.
    BadIntWidth,
    /// A name that contains a NUL byte (after unescaping).
    NulInName,
    /// A name that is not valid UTF-8 after unescaping.
    NonUtf8Name,
    /// A `%N`, `@N`, `!N`, `#N`, `^N` or `N:` number that does not fit in 32 bits.
    IdTooLarge,
    /// `u0x`/`s0x` followed by something other than hex digits.
    BadHexInt,
    /// `0x` (optionally with a kind letter) not followed by hex digits.
    BadHexFloat,
    /// `+` followed by digits but no `.` (only floats may have a `+` sign).
    BadFloat,
}

impl LexError {
    /// A human-readable description of the error.
    pub fn message(&self) -> String {
        match *self {
            LexError::BadChar(c) => {
                if c.is_ascii_graphic() {
                    format!("unexpected character '{c}'")
                } else {
                    format!("unexpected character U+{:04X}", u32::from(c))
                }
            }
            LexError::UnterminatedString => "unterminated string constant: missing closing '\"'".into(),
            LexError::UnterminatedName(s) => {
                format!("unterminated quoted name after '{s}': missing closing '\"'")
            }
            LexError::ExpectedName(s) => format!("expected a name or number after '{s}'"),
            LexError::ExpectedSummaryId => "expected a summary number after '^'".into(),
            LexError::BadHash => {
                "expected an attribute group number (#0) or a debug record (#dbg_value, #dbg_declare, #dbg_assign, #dbg_label) after '#'".into()
            }
            LexError::BadIntWidth => {
                format!("integer type width out of range: must be between 1 and {MAX_INT_BITS}")
            }
            LexError::NulInName => "null bytes are not allowed in names".into(),
            LexError::NonUtf8Name => "names must be valid UTF-8 after unescaping".into(),
            LexError::IdTooLarge => "number too large: must fit in 32 bits".into(),
            LexError::BadHexInt => "expected only hexadecimal digits after 'u0x'/'s0x'".into(),
            LexError::BadHexFloat => "expected hexadecimal digits after '0x'".into(),
            LexError::BadFloat => "a '+' sign is only allowed on floating-point constants like +1.0".into(),
        }
    }
}

impl fmt::Display for LexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

/// The kind (and payload) of a token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind<'a> {
    /// End of input; returned forever once reached.
    Eof,
    /// Something that is not a valid token; lexing continues after it.
    Error(LexError),
    /// `%foo`, `%"foo bar"` (unescaped), `%-1.x`.
    LocalName(Cow<'a, str>),
    /// `%12`.
    LocalId(u32),
    /// `@foo`, `@"\01foo"` (unescaped).
    GlobalName(Cow<'a, str>),
    /// `@12`.
    GlobalId(u32),
    /// `$foo`, `$"foo"`.
    ComdatName(Cow<'a, str>),
    /// `!foo`, `!llvm.module.flags`, `!DILocation` (unescaped, without `!`).
    MetadataName(Cow<'a, str>),
    /// `!12`.
    MetadataId(u32),
    /// `#12`.
    AttrGroupId(u32),
    /// `#dbg_value` etc.; the payload is the kind without `dbg_`: `value`,
    /// `declare`, `assign` or `label`.
    DbgRecord(&'a str),
    /// `^12` (ThinLTO summary entries).
    SummaryId(u32),
    /// `foo:`, `"foo bar":`, `-1:`, `$x:`, `.L0:` and metadata field names
    /// like `line:` (payload without the colon).
    LabelStr(Cow<'a, str>),
    /// `12:`.
    LabelId(u32),
    /// A bare identifier `[a-zA-Z_][a-zA-Z0-9_]*`: keywords, `x`, `c`,
    /// `DW_TAG_member`, `DIFlagPrototyped`, ...
    Word(&'a str),
    /// `i1` ... `i8388608`.
    IntType(u32),
    /// `-?[0-9]+`, text as written.
    Integer(&'a str),
    /// `u0x1F` / `s0xFF`: hex digits after the prefix.
    HexInt {
        /// True for `s0x`, false for `u0x`.
        signed: bool,
        /// The hex digits.
        digits: &'a str,
    },
    /// A decimal float `[-+]?[0-9]+[.][0-9]*([eE][-+]?[0-9]+)?`, text as written.
    Float(&'a str),
    /// A hexadecimal float constant such as `0x3FF0000000000000` or `0xK...`.
    HexFloat {
        /// Which format the bits encode.
        kind: HexFloatKind,
        /// The hex digits after the prefix.
        digits: &'a str,
    },
    /// `"..."` with `\XX` and `\\` escapes decoded; may be any bytes.
    String(Cow<'a, [u8]>),
    /// `=`
    Equal,
    /// `,`
    Comma,
    /// `*`
    Star,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `{`
    LBrace,
    /// `}`
    RBrace,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `<`
    Less,
    /// `>`
    Greater,
    /// `!` not followed by a name or number.
    Exclaim,
    /// `:`
    Colon,
    /// `|`
    Bar,
    /// `...`
    DotDotDot,
}

impl TokenKind<'_> {
    /// A short description for "expected X, found Y" messages.
    pub fn describe(&self) -> String {
        fn q(s: &str) -> String {
            let mut out = String::new();
            for c in s.chars().take(40) {
                out.extend(c.escape_debug());
            }
            if s.chars().nth(40).is_some() {
                out.push_str("...");
            }
            out
        }
        match self {
            TokenKind::Eof => "end of file".into(),
            TokenKind::Error(e) => format!("invalid token ({})", e.message()),
            TokenKind::LocalName(n) => format!("local name '%{}'", q(n)),
            TokenKind::LocalId(n) => format!("local value '%{n}'"),
            TokenKind::GlobalName(n) => format!("global name '@{}'", q(n)),
            TokenKind::GlobalId(n) => format!("global '@{n}'"),
            TokenKind::ComdatName(n) => format!("comdat '${}'", q(n)),
            TokenKind::MetadataName(n) => format!("metadata name '!{}'", q(n)),
            TokenKind::MetadataId(n) => format!("metadata '!{n}'"),
            TokenKind::AttrGroupId(n) => format!("attribute group '#{n}'"),
            TokenKind::DbgRecord(k) => format!("debug record '#dbg_{k}'"),
            TokenKind::SummaryId(n) => format!("summary entry '^{n}'"),
            TokenKind::LabelStr(n) => format!("label '{}:'", q(n)),
            TokenKind::LabelId(n) => format!("label '{n}:'"),
            TokenKind::Word(w) => format!("'{}'", q(w)),
            TokenKind::IntType(n) => format!("type 'i{n}'"),
            TokenKind::Integer(s) => format!("integer '{}'", q(s)),
            TokenKind::HexInt { signed, digits } => {
                format!("integer '{}0x{}'", if *signed { 's' } else { 'u' }, q(digits))
            }
            TokenKind::Float(s) => format!("floating-point constant '{}'", q(s)),
            TokenKind::HexFloat { kind, digits } => {
                format!("floating-point constant '{}{}'", kind.prefix(), q(digits))
            }
            TokenKind::String(_) => "string constant".into(),
            TokenKind::Equal => "'='".into(),
            TokenKind::Comma => "','".into(),
            TokenKind::Star => "'*'".into(),
            TokenKind::LBracket => "'['".into(),
            TokenKind::RBracket => "']'".into(),
            TokenKind::LBrace => "'{'".into(),
            TokenKind::RBrace => "'}'".into(),
            TokenKind::LParen => "'('".into(),
            TokenKind::RParen => "')'".into(),
            TokenKind::Less => "'<'".into(),
            TokenKind::Greater => "'>'".into(),
            TokenKind::Exclaim => "'!'".into(),
            TokenKind::Colon => "':'".into(),
            TokenKind::Bar => "'|'".into(),
            TokenKind::DotDotDot => "'...'".into(),
        }
    }
}

/// A token with its location in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    /// What was lexed.
    pub kind: TokenKind<'a>,
    /// The bytes it covers (including sigils, quotes and a label's colon).
    pub span: Span,
}

/// A streaming lexer over one source text.
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    src: &'a str,
    pos: usize,
    /// The last failed label scan `(from, to)`: every byte in `from..to` is
    /// a label character and the byte at `to` is not `:`, so any scan that
    /// starts inside that range fails too. Keeps lexing linear on inputs
    /// like `-.-.-.-...`.
    label_fail: (usize, usize),
}

/// Lexes the whole input; the result always ends with one `Eof` token.
pub fn tokenize(src: &str) -> Vec<Token<'_>> {
    let mut lexer = Lexer::new(src);
    let mut out = Vec::with_capacity(src.len() / 8 + 1);
    loop {
        let tok = lexer.next_token();
        let eof = tok.kind == TokenKind::Eof;
        out.push(tok);
        if eof {
            return out;
        }
    }
}

fn off(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Character classes as bits, looked up in [`CLASS`] (one load per byte in the hot loops).
const LABEL: u8 = 1;
const KEYWORD: u8 = 2;
const METADATA: u8 = 4;
/// Skipped between tokens: space, tab, newline, carriage return and NUL.
const SPACE: u8 = 8;
const DIGIT: u8 = 16;

/// The class bits of every byte value.
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        let alnum = c.is_ascii_alphanumeric();
        let mut bits = 0;
        if alnum || c == b'-' || c == b'$' || c == b'.' || c == b'_' {
            bits |= LABEL | METADATA;
        }
        if alnum || c == b'_' {
            bits |= KEYWORD;
        }
        if c == b'\\' {
            bits |= METADATA;
        }
        if matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0) {
            bits |= SPACE;
        }
        if c.is_ascii_digit() {
            bits |= DIGIT;
        }
        t[b] = bits;
        b += 1;
    }
    t
};

#[inline]
fn is_digit(b: u8) -> bool {
    CLASS[b as usize] & DIGIT != 0
}

/// The decimal digits `text` as a `u32`, or `None` when they do not fit (as `str::parse`
/// reads them, for digit strings only).
#[inline]
fn parse_u32(text: &[u8]) -> Option<u32> {
    let mut v: u32 = 0;
    for &d in text {
        v = v.checked_mul(10)?.checked_add(u32::from(d.wrapping_sub(b'0')))?;
    }
    (!text.is_empty()).then_some(v)
}

#[inline]
fn is_label_char(b: u8) -> bool {
    CLASS[b as usize] & LABEL != 0
}

fn is_name_start(b: u8) -> bool {
    b.is_ascii_alphabetic() || matches!(b, b'-' | b'$' | b'.' | b'_')
}

fn hex_val(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// Decodes LLVM escapes: `\\` is one backslash, `\XX` (two hex digits) is
/// that byte, any other backslash is kept literally.
fn unescape(raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        if b == b'\\' {
            let n1 = raw.get(i + 1).copied();
            if n1 == Some(b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            let h1 = n1.and_then(hex_val);
            let h2 = raw.get(i + 2).copied().and_then(hex_val);
            if let (Some(h1), Some(h2)) = (h1, h2) {
                out.push(h1 * 16 + h2);
                i += 3;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    out
}

/// Unescapes string contents, borrowing when there is nothing to decode.
fn unescape_bytes(raw: &str) -> Cow<'_, [u8]> {
    if raw.as_bytes().contains(&b'\\') {
        Cow::Owned(unescape(raw.as_bytes()))
    } else {
        Cow::Borrowed(raw.as_bytes())
    }
}

/// Unescapes a quoted name; names may not contain NUL.
fn unescape_name(raw: &str) -> Result<Cow<'_, str>, LexError> {
    let name = if raw.as_bytes().contains(&b'\\') {
        Cow::Owned(name_from_bytes(&unescape(raw.as_bytes())))
    } else {
        Cow::Borrowed(raw)
    };
    if name.as_bytes().contains(&0) {
        return Err(LexError::NulInName);
    }
    Ok(name)
}

/// Which sigil introduced a name.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Sigil {
    Local,
    Global,
    Comdat,
}

impl<'a> Lexer<'a> {
    /// A lexer positioned at the start of `src`.
    pub fn new(src: &'a str) -> Self {
        Lexer { src, pos: 0, label_fail: (usize::MAX, 0) }
    }

    /// The source being lexed.
    pub fn source(&self) -> &'a str {
        self.src
    }

    /// Byte offset where the next token (or the whitespace before it) starts.
    pub fn offset(&self) -> u32 {
        off(self.pos)
    }

    /// The byte at `i`, or 0 past the end (0 never continues any token).
    fn byte(&self, i: usize) -> u8 {
        self.src.as_bytes().get(i).copied().unwrap_or(0)
    }

    /// The source text `from..to`, or `""` if that is not a valid slice.
    fn slice(&self, from: usize, to: usize) -> &'a str {
        self.src.get(from..to).unwrap_or("")
    }

    /// First index at or after `i` whose byte does not satisfy `pred`.
    #[inline]
    fn scan_while(&self, i: usize, pred: impl Fn(u8) -> bool) -> usize {
        let bytes = self.src.as_bytes();
        let mut j = i;
        while let Some(&b) = bytes.get(j) {
            if !pred(b) {
                break;
            }
            j += 1;
        }
        j.max(i)
    }

    /// First index at or after `i` whose byte has none of the class bits `class`.
    #[inline]
    fn scan_class(&self, i: usize, class: u8) -> usize {
        self.scan_while(i, |b| CLASS[b as usize] & class != 0)
    }

    /// If `[-a-zA-Z$._0-9]*:` starts at `i`, the index just past the colon.
    fn label_tail(&mut self, i: usize) -> Option<usize> {
        let (from, to) = self.label_fail;
        if from <= i && i <= to {
            return None;
        }
        let end = self.scan_class(i, LABEL);
        if self.byte(end) == b':' {
            Some(end + 1)
        } else {
            self.label_fail = (i, end);
            None
        }
    }

    /// Lexes the next token, skipping whitespace and `;` comments.
    pub fn next_token(&mut self) -> Token<'a> {
        let bytes = self.src.as_bytes();
        let mut pos = self.pos;
        loop {
            let Some(&b) = bytes.get(pos) else {
                self.pos = pos;
                let end = off(self.src.len());
                return Token { kind: TokenKind::Eof, span: Span::new(end, end) };
            };
            if CLASS[b as usize] & SPACE != 0 {
                pos += 1;
            } else if b == b';' {
                pos += 1;
                while let Some(&c) = bytes.get(pos) {
                    if c == b'\n' || c == b'\r' {
                        break;
                    }
                    pos += 1;
                }
            } else {
                self.pos = pos;
                let kind = self.lex_token(pos, b);
                if self.pos <= pos {
                    // Defensive: always make progress.
                    self.pos = pos + 1;
                }
                return Token { kind, span: Span::new(off(pos), off(self.pos)) };
            }
        }
    }

    fn punct(&mut self, start: usize, kind: TokenKind<'a>) -> TokenKind<'a> {
        self.pos = start + 1;
        kind
    }

    fn lex_token(&mut self, start: usize, b: u8) -> TokenKind<'a> {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => self.lex_identifier(start),
            b'0'..=b'9' | b'-' => self.lex_digit_or_negative(start),
            b'+' => self.lex_positive(start),
            b'%' => self.lex_var(start, Sigil::Local),
            b'@' => self.lex_var(start, Sigil::Global),
            b'$' => {
                if let Some(end) = self.label_tail(start) {
                    self.pos = end;
                    return TokenKind::LabelStr(Cow::Borrowed(self.slice(start, end - 1)));
                }
                self.lex_var(start, Sigil::Comdat)
            }
            b'"' => self.lex_quote(start),
            b'.' => {
                if let Some(end) = self.label_tail(start + 1) {
                    self.pos = end;
                    return TokenKind::LabelStr(Cow::Borrowed(self.slice(start, end - 1)));
                }
                if self.byte(start + 1) == b'.' && self.byte(start + 2) == b'.' {
                    self.pos = start + 3;
                    return TokenKind::DotDotDot;
                }
                self.punct(start, TokenKind::Error(LexError::BadChar('.')))
            }
            b'!' => self.lex_exclaim(start),
            b'^' => {
                let end = self.scan_class(start + 1, DIGIT);
                if end == start + 1 {
                    return self.punct(start, TokenKind::Error(LexError::ExpectedSummaryId));
                }
                self.pos = end;
                self.parse_id(start + 1, end, TokenKind::SummaryId)
            }
            b'#' => self.lex_hash(start),
            b'=' => self.punct(start, TokenKind::Equal),
            b',' => self.punct(start, TokenKind::Comma),
            b'*' => self.punct(start, TokenKind::Star),
            b'[' => self.punct(start, TokenKind::LBracket),
            b']' => self.punct(start, TokenKind::RBracket),
            b'{' => self.punct(start, TokenKind::LBrace),
            b'}' => self.punct(start, TokenKind::RBrace),
            b'(' => self.punct(start, TokenKind::LParen),
            b')' => self.punct(start, TokenKind::RParen),
            b'<' => self.punct(start, TokenKind::Less),
            b'>' => self.punct(start, TokenKind::Greater),
            b':' => self.punct(start, TokenKind::Colon),
            b'|' => self.punct(start, TokenKind::Bar),
            _ => {
                let c = self.src.get(start..).and_then(|s| s.chars().next()).unwrap_or('\u{FFFD}');
                self.pos = start + c.len_utf8().max(1);
                TokenKind::Error(LexError::BadChar(c))
            }
        }
    }

    /// Parses decimal digits `from..to` as a 32-bit id.
    #[inline]
    fn parse_id(&self, from: usize, to: usize, make: fn(u32) -> TokenKind<'a>) -> TokenKind<'a> {
        match parse_u32(self.slice(from, to).as_bytes()) {
            Some(n) => make(n),
            None => TokenKind::Error(LexError::IdTooLarge),
        }
    }

    /// Labels, integer types, words and `[us]0x` hex integers.
    fn lex_identifier(&mut self, start: usize) -> TokenKind<'a> {
        // The keyword characters are label characters: a label is this run followed by `:`,
        // or by more label characters and then `:` (rare: `a.b:`).
        let end = self.scan_class(start + 1, KEYWORD);
        let next = self.byte(end);
        if next == b':' {
            self.pos = end + 1;
            return TokenKind::LabelStr(Cow::Borrowed(self.slice(start, end)));
        }
        if is_label_char(next) {
            if let Some(lend) = self.label_tail(end) {
                self.pos = lend;
                return TokenKind::LabelStr(Cow::Borrowed(self.slice(start, lend - 1)));
            }
        }
        let first = self.byte(start);
        if first == b'i' {
            let dend = self.scan_class(start + 1, DIGIT);
            if dend > start + 1 {
                self.pos = dend;
                return match parse_u32(self.slice(start + 1, dend).as_bytes()) {
                    Some(n) if (1..=MAX_INT_BITS).contains(&n) => TokenKind::IntType(n),
                    _ => TokenKind::Error(LexError::BadIntWidth),
                };
            }
        }
        self.pos = end;
        if matches!(first, b'u' | b's')
            && self.byte(start + 1) == b'0'
            && self.byte(start + 2) == b'x'
            && hex_val(self.byte(start + 3)).is_some()
        {
            let digits = self.slice(start + 3, end);
            if digits.bytes().all(|c| hex_val(c).is_some()) {
                return TokenKind::HexInt { signed: first == b's', digits };
            }
            return TokenKind::Error(LexError::BadHexInt);
        }
        // LLVM prints unnamed calling conventions as `cc<N>`; lex that as
        // `cc` followed by the number, like LLVM does.
        if first == b'c' && self.byte(start + 1) == b'c' && is_digit(self.byte(start + 2)) {
            self.pos = start + 2;
            return TokenKind::Word(self.slice(start, start + 2));
        }
        TokenKind::Word(self.slice(start, end))
    }

    /// Labels (`12:`, `-1:`, `1abc:`), integers, decimal and hex floats.
    fn lex_digit_or_negative(&mut self, start: usize) -> TokenKind<'a> {
        let first = self.byte(start);
        if first == b'-' && !is_digit(self.byte(start + 1)) {
            if let Some(end) = self.label_tail(start + 1) {
                self.pos = end;
                return TokenKind::LabelStr(Cow::Borrowed(self.slice(start, end - 1)));
            }
            return self.punct(start, TokenKind::Error(LexError::BadChar('-')));
        }
        let digits_end = self.scan_class(start + 1, DIGIT);
        let next = self.byte(digits_end);
        if first.is_ascii_digit() && next == b':' {
            self.pos = digits_end + 1;
            return self.parse_id(start, digits_end, TokenKind::LabelId);
        }
        if is_label_char(next) || next == b':' {
            if let Some(end) = self.label_tail(digits_end) {
                self.pos = end;
                return TokenKind::LabelStr(Cow::Borrowed(self.slice(start, end - 1)));
            }
        }
        if next != b'.' {
            if first == b'0' && self.byte(start + 1) == b'x' {
                return self.lex_0x(start);
            }
            self.pos = digits_end;
            return TokenKind::Integer(self.slice(start, digits_end));
        }
        self.pos = self.float_tail(digits_end);
        TokenKind::Float(self.slice(start, self.pos))
    }

    /// Given the index of the `.` of a decimal float, the index just past
    /// `[.][0-9]*([eE][-+]?[0-9]+)?`.
    fn float_tail(&self, dot: usize) -> usize {
        let mut p = self.scan_class(dot + 1, DIGIT);
        if matches!(self.byte(p), b'e' | b'E') {
            let sign = usize::from(matches!(self.byte(p + 1), b'-' | b'+'));
            if self.byte(p + 1 + sign).is_ascii_digit() {
                p = self.scan_class(p + 1 + sign, DIGIT);
            }
        }
        p
    }

    /// `0x...`, `0xK...`, `0xL...`, `0xM...`, `0xH...`, `0xR...`.
    fn lex_0x(&mut self, start: usize) -> TokenKind<'a> {
        let mut p = start + 2;
        let kind = match self.byte(p) {
            b'K' => HexFloatKind::X86Fp80,
            b'L' => HexFloatKind::Quad,
            b'M' => HexFloatKind::PpcDouble,
            b'H' => HexFloatKind::Half,
            b'R' => HexFloatKind::BFloat,
            _ => HexFloatKind::Double,
        };
        if kind != HexFloatKind::Double {
            p += 1;
        }
        let end = self.scan_while(p, |c| hex_val(c).is_some());
        self.pos = end;
        if end == p {
            return TokenKind::Error(LexError::BadHexFloat);
        }
        TokenKind::HexFloat { kind, digits: self.slice(p, end) }
    }

    /// `+1.0` style floats.
    fn lex_positive(&mut self, start: usize) -> TokenKind<'a> {
        if !self.byte(start + 1).is_ascii_digit() {
            return self.punct(start, TokenKind::Error(LexError::BadChar('+')));
        }
        let digits_end = self.scan_class(start + 1, DIGIT);
        if self.byte(digits_end) != b'.' {
            self.pos = digits_end;
            return TokenKind::Error(LexError::BadFloat);
        }
        self.pos = self.float_tail(digits_end);
        TokenKind::Float(self.slice(start, self.pos))
    }

    /// Index of the closing `"` for a quote opened just before `from`.
    fn find_quote(&self, from: usize) -> Option<usize> {
        let rest = self.src.as_bytes().get(from..)?;
        rest.iter().position(|&b| b == b'"').map(|i| from + i)
    }

    /// `%`, `@` and `$` names and ids.
    fn lex_var(&mut self, start: usize, sigil: Sigil) -> TokenKind<'a> {
        let sigil_char = match sigil {
            Sigil::Local => '%',
            Sigil::Global => '@',
            Sigil::Comdat => '$',
        };
        let make_name = |name: Cow<'a, str>| match sigil {
            Sigil::Local => TokenKind::LocalName(name),
            Sigil::Global => TokenKind::GlobalName(name),
            Sigil::Comdat => TokenKind::ComdatName(name),
        };
        let p = start + 1;
        let b = self.byte(p);
        if b == b'"' {
            let Some(close) = self.find_quote(p + 1) else {
                self.pos = self.src.len();
                return TokenKind::Error(LexError::UnterminatedName(sigil_char));
            };
            self.pos = close + 1;
            return match unescape_name(self.slice(p + 1, close)) {
                Ok(name) => make_name(name),
                Err(e) => TokenKind::Error(e),
            };
        }
        if is_name_start(b) {
            let end = self.scan_class(p + 1, LABEL);
            self.pos = end;
            return make_name(Cow::Borrowed(self.slice(p, end)));
        }
        if b.is_ascii_digit() && sigil != Sigil::Comdat {
            let end = self.scan_class(p + 1, DIGIT);
            self.pos = end;
            let make: fn(u32) -> TokenKind<'a> =
                if sigil == Sigil::Local { TokenKind::LocalId } else { TokenKind::GlobalId };
            return self.parse_id(p, end, make);
        }
        self.punct(start, TokenKind::Error(LexError::ExpectedName(sigil_char)))
    }

    /// String constants and quoted labels.
    fn lex_quote(&mut self, start: usize) -> TokenKind<'a> {
        let Some(close) = self.find_quote(start + 1) else {
            self.pos = self.src.len();
            return TokenKind::Error(LexError::UnterminatedString);
        };
        let raw = self.slice(start + 1, close);
        self.pos = close + 1;
        if self.byte(self.pos) == b':' {
            self.pos += 1;
            return match unescape_name(raw) {
                Ok(name) => TokenKind::LabelStr(name),
                Err(e) => TokenKind::Error(e),
            };
        }
        TokenKind::String(unescape_bytes(raw))
    }

    /// `!name`, `!12` and a bare `!`.
    fn lex_exclaim(&mut self, start: usize) -> TokenKind<'a> {
        let p = start + 1;
        let b = self.byte(p);
        if is_name_start(b) || b == b'\\' {
            let end = self.scan_class(p + 1, METADATA);
            self.pos = end;
            let raw = self.slice(p, end);
            if !raw.as_bytes().contains(&b'\\') {
                return TokenKind::MetadataName(Cow::Borrowed(raw));
            }
            return TokenKind::MetadataName(Cow::Owned(name_from_bytes(&unescape(raw.as_bytes()))));
        }
        if b.is_ascii_digit() {
            let end = self.scan_class(p + 1, DIGIT);
            self.pos = end;
            return self.parse_id(p, end, TokenKind::MetadataId);
        }
        self.punct(start, TokenKind::Exclaim)
    }

    /// `#12` and `#dbg_value` etc.
    fn lex_hash(&mut self, start: usize) -> TokenKind<'a> {
        let p = start + 1;
        let b = self.byte(p);
        if b.is_ascii_digit() {
            let end = self.scan_class(p + 1, DIGIT);
            self.pos = end;
            return self.parse_id(p, end, TokenKind::AttrGroupId);
        }
        if b.is_ascii_alphabetic() || b == b'_' {
            let end = self.scan_class(p + 1, KEYWORD);
            self.pos = end;
            let word = self.slice(p, end);
            return match word.strip_prefix("dbg_") {
                Some(kind @ ("value" | "declare" | "assign" | "label")) => {
                    TokenKind::DbgRecord(kind)
                }
                _ => TokenKind::Error(LexError::BadHash),
            };
        }
        self.punct(start, TokenKind::Error(LexError::BadHash))
    }
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Token<'a>;

    /// Yields tokens up to, but not including, `Eof`.
    fn next(&mut self) -> Option<Token<'a>> {
        let tok = self.next_token();
        (tok.kind != TokenKind::Eof).then_some(tok)
    }
}

#[cfg(test)]
#[path = "lexer_tests.rs"]
mod tests;
