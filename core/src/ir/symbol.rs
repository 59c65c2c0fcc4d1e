//! Interned names: every distinct string gets one `Symbol`, so names compare as integers.

pub use super::entities::Symbol;
use super::entity::{EntityRef, EntityVec};
use super::hashindex::{hash_of, HashIndex};
use std::borrow::Cow;

/// The string table of a module.
#[derive(Clone, Debug, Default)]
pub struct Interner {
    strings: EntityVec<Symbol, Box<str>>,
    index: HashIndex<Symbol>,
}

impl Interner {
    /// Interns a string.
    pub fn intern(&mut self, s: &str) -> Symbol {
        let hash = hash_of(s);
        if let Some(sym) = self.find(hash, s) {
            return sym;
        }
        let sym = self.strings.push(s.into());
        self.index.insert(hash, sym);
        sym
    }
    /// The symbol for a string already interned.
    pub fn lookup(&self, s: &str) -> Option<Symbol> {
        self.find(hash_of(s), s)
    }
    #[inline]
    fn find(&self, hash: u64, s: &str) -> Option<Symbol> {
        self.index.find(hash, |sym| self.strings.get(sym).is_some_and(|t| **t == *s))
    }
    /// The text of a symbol (empty for a foreign symbol).
    pub fn get(&self, sym: Symbol) -> &str {
        self.strings.get(sym).map(|s| &**s).unwrap_or("")
    }
    /// The number of distinct strings.
    pub fn len(&self) -> usize {
        self.strings.len()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }
    /// A symbol by raw index, for iteration.
    pub fn symbols(&self) -> impl Iterator<Item = Symbol> {
        (0..self.strings.len()).map(Symbol::new)
    }
}

/// The first code point of the range that stands for raw bytes in names (see [`name_from_bytes`]).
pub const RAW_BYTE_BASE: u32 = 0x10_FF00;

/// Decodes name bytes into a `String` losslessly: valid UTF-8 stays as it is, and each byte
/// that is not part of valid UTF-8 becomes the private-use code point `RAW_BYTE_BASE + byte`
/// (the printer turns those back into `\XX` escapes).
pub fn name_from_bytes(mut bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    loop {
        match std::str::from_utf8(bytes) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let (ok, rest) = bytes.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(ok).unwrap_or_default());
                let bad = e.error_len().unwrap_or(rest.len()).max(1).min(rest.len());
                for b in &rest[..bad] {
                    out.push(char::from_u32(RAW_BYTE_BASE + *b as u32).unwrap_or('\u{FFFD}'));
                }
                bytes = &rest[bad..];
            }
        }
    }
}

/// The bytes a name stands for: the inverse of [`name_from_bytes`].
pub fn name_to_bytes(name: &[u8]) -> Cow<'_, [u8]> {
    // U+10FF00..=U+10FFFF are encoded as F4 8F BC..BF xx.
    if !name.windows(2).any(|w| w == [0xF4, 0x8F]) {
        return Cow::Borrowed(name);
    }
    let text = String::from_utf8_lossy(name);
    let mut out = Vec::with_capacity(name.len());
    for c in text.chars() {
        let u = c as u32;
        if (RAW_BYTE_BASE..=RAW_BYTE_BASE + 0xFF).contains(&u) {
            out.push((u - RAW_BYTE_BASE) as u8);
        } else {
            let mut buf = [0u8; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        }
    }
    Cow::Owned(out)
}
