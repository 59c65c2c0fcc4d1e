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
                Table::Upper | Table::Lower => out.extend_from_slice(&self.case_map(c).to_le_bytes()),
            }
        }
        out
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

/// The class bits of `c` in glibc's little-endian layout (`_ISbit` in `<ctype.h>`): only ASCII
/// characters belong to any class in the C locale.
fn class_bits(c: i32) -> u16 {
    let Ok(b) = u8::try_from(c) else { return 0 };
    if !b.is_ascii() {
        return 0;
    }
    let classes: [(bool, u16); 12] = [
        (b.is_ascii_uppercase(), 0x100),
        (b.is_ascii_lowercase(), 0x200),
        (b.is_ascii_alphabetic(), 0x400),
        (b.is_ascii_digit(), 0x800),
        (b.is_ascii_hexdigit(), 0x1000),
        (matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'), 0x2000),
        ((0x20..0x7f).contains(&b), 0x4000),
        (b.is_ascii_graphic(), 0x8000),
        (b == b' ' || b == b'\t', 0x1),
        (b.is_ascii_control(), 0x2),
        (b.is_ascii_punctuation(), 0x4),
        (b.is_ascii_alphanumeric(), 0x8),
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
        for (c, class, upper, lower) in [(-128, 0, 128, 128), (-1, 0, -1, -1), (0, 0x0002, 0, 0), (9, 0x2003, 9, 9), (32, 0x6001, 32, 32), (65, 0xd508, 65, 97), (97, 0xd608, 65, 97), (127, 0x0002, 127, 127), (128, 0, 128, 128), (255, 0, 255, 255)] {
            assert_eq!((at(Table::Class, c), at(Table::Upper, c), at(Table::Lower, c)), (class, upper, lower), "entry {c}");
        }
    }
}
