//! glibc's C-locale character tables, which `<ctype.h>` reads directly in optimized code:
//! `isalpha(c)` becomes `(*__ctype_b_loc())[c] & _ISalpha`, `toupper(c)` becomes
//! `(*__ctype_toupper_loc())[c]`. Each table has 384 entries, for `c` from -128 to 255, and
//! the functions return the address of a pointer to the entry of 0.

/// One of the three tables.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Table {
    /// `__ctype_b_loc`: `unsigned short` class bits.
    Class,
    /// `__ctype_toupper_loc`: `int32_t` results of `toupper`.
    Upper,
    /// `__ctype_tolower_loc`: `int32_t` results of `tolower`.
    Lower,
}

/// The lowest index of a table (its entry 0 is at this many entries from its start).
pub const FIRST: i32 = -128;

impl Table {
    /// The size of one entry in bytes.
    pub fn entry_size(self) -> u64 {
        match self {
            Table::Class => 2,
            Table::Upper | Table::Lower => 4,
        }
    }

    /// The table's bytes (little-endian), entries for -128 to 255.
    pub fn bytes(self) -> Vec<u8> {
        let mut out = Vec::with_capacity(384 * self.entry_size() as usize);
        for c in FIRST..256 {
            match self {
                Table::Class => out.extend_from_slice(&class_bits(c).to_le_bytes()),
                Table::Upper | Table::Lower => {
                    out.extend_from_slice(&self.case_map(c).to_le_bytes())
                }
            }
        }
        out
    }

    /// What glibc's `toupper` (`Upper`) or `tolower` (`Lower`) function returns for `c`: its
    /// table entry for -128..=255, else `c` itself.
    pub fn map(self, c: i32) -> i32 {
        if (FIRST..256).contains(&c) {
            self.case_map(c)
        } else {
            c
        }
    }

    /// The entry of `c` in a case table: ASCII letters change case; the entries below 0 are
    /// those of the same byte as unsigned (`c + 256`), except `EOF` (-1), which maps to itself.
    fn case_map(self, c: i32) -> i32 {
        match (self, c) {
            (_, -1) => -1,
            (_, c) if c < 0 => c + 256,
            (Table::Upper, 97..=122) => c - 32,
            (Table::Lower, 65..=90) => c + 32,
            _ => c,
        }
    }
}

/// A class bit of `<ctype.h>` (glibc's `_ISalpha` and the others, little-endian).
pub mod bit {
    /// `isupper`.
    pub const UPPER: u16 = 0x100;
    /// `islower`.
    pub const LOWER: u16 = 0x200;
    /// `isalpha`.
    pub const ALPHA: u16 = 0x400;
    /// `isdigit`.
    pub const DIGIT: u16 = 0x800;
    /// `isxdigit`.
    pub const XDIGIT: u16 = 0x1000;
    /// `isspace`.
    pub const SPACE: u16 = 0x2000;
    /// `isprint`.
    pub const PRINT: u16 = 0x4000;
    /// `isgraph`.
    pub const GRAPH: u16 = 0x8000;
    /// `isblank`.
    pub const BLANK: u16 = 0x1;
    /// `iscntrl`.
    pub const CNTRL: u16 = 0x2;
    /// `ispunct`.
    pub const PUNCT: u16 = 0x4;
    /// `isalnum`.
    pub const ALNUM: u16 = 0x8;
}

/// What glibc's `isalpha`-style function of class `bit` returns for `c`: the table entry
/// masked to the bit (so `isalpha('a')` is 1024, not 1), 0 outside -128..=255.
pub fn is(c: i32, bit: u16) -> i32 {
    i32::from(class_bits(c) & bit)
}

/// The class bits of `c` in glibc's little-endian layout (`_ISbit` in `<ctype.h>`): only ASCII
/// characters belong to any class in the C locale.
fn class_bits(c: i32) -> u16 {
    let Ok(b) = u8::try_from(c) else { return 0 };
    if !b.is_ascii() {
        return 0;
    }
    let classes: [(bool, u16); 12] = [
        (b.is_ascii_uppercase(), bit::UPPER),
        (b.is_ascii_lowercase(), bit::LOWER),
        (b.is_ascii_alphabetic(), bit::ALPHA),
        (b.is_ascii_digit(), bit::DIGIT),
        (b.is_ascii_hexdigit(), bit::XDIGIT),
        (matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'), bit::SPACE),
        ((0x20..0x7f).contains(&b), bit::PRINT),
        (b.is_ascii_graphic(), bit::GRAPH),
        (b == b' ' || b == b'\t', bit::BLANK),
        (b.is_ascii_control(), bit::CNTRL),
        (b.is_ascii_punctuation(), bit::PUNCT),
        (b.is_ascii_alphanumeric(), bit::ALNUM),
    ];
    classes.iter().filter(|(is, _)| *is).fold(0, |m, (_, bit)| m | bit)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries glibc 2.36's tables hold (dumped by a native program), one per class of byte.
    #[test]
    fn entries_match_glibc() {
        let at = |t: Table, c: i32| {
            let b = t.bytes();
            let k = ((c - FIRST) as u64 * t.entry_size()) as usize;
            match t {
                Table::Class => i64::from(u16::from_le_bytes([b[k], b[k + 1]])),
                _ => i64::from(i32::from_le_bytes([b[k], b[k + 1], b[k + 2], b[k + 3]])),
            }
        };
        for (c, class, upper, lower) in [
            (-128, 0, 128, 128),
            (-1, 0, -1, -1),
            (0, 0x0002, 0, 0),
            (9, 0x2003, 9, 9),
            (32, 0x6001, 32, 32),
            (65, 0xd508, 65, 97),
            (97, 0xd608, 65, 97),
            (127, 0x0002, 127, 127),
            (128, 0, 128, 128),
            (255, 0, 255, 255),
        ] {
            assert_eq!(
                (at(Table::Class, c), at(Table::Upper, c), at(Table::Lower, c)),
                (class, upper, lower),
                "entry {c}"
            );
        }
    }
}
