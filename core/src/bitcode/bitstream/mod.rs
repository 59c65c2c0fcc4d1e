//! The bitstream container LLVM bitcode is written in: fixed-width and VBR fields read
//! least-significant bit first, blocks with their own abbreviation width, records written
//! plainly (`UNABBREV_RECORD`) or through abbreviations, and the `BLOCKINFO` block that
//! gives every block of an id its abbreviations.
//!
//! [`Cursor`] reads, [`Writer`] writes. Neither knows what the records mean.

mod read;
mod write;

#[cfg(test)]
mod tests;

pub use read::{Cursor, Entry, Record};
pub use write::Writer;

/// The abbreviation ids every block has.
pub mod builtin {
    /// Ends the current block.
    pub const END_BLOCK: u32 = 0;
    /// Starts a sub-block.
    pub const ENTER_SUBBLOCK: u32 = 1;
    /// Defines an abbreviation for the current block.
    pub const DEFINE_ABBREV: u32 = 2;
    /// A record with every field a vbr6.
    pub const UNABBREV_RECORD: u32 = 3;
    /// The first id an abbreviation gets.
    pub const FIRST_APPLICATION_ABBREV: u32 = 4;
}

/// One operand of an abbreviation.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AbbrevOp {
    /// A value fixed by the abbreviation, not written.
    Literal(u64),
    /// A field of this many bits.
    Fixed(u8),
    /// A variable-width field in chunks of this many bits.
    Vbr(u8),
    /// A vbr6 length, then that many elements encoded as the next operand.
    Array,
    /// A 6-bit character (`a-z A-Z 0-9 . _`).
    Char6,
    /// A vbr6 length, 32-bit alignment, the bytes, and alignment again.
    Blob,
}

/// An abbreviation: the encoding of each field of a record, the first being the code.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Abbrev {
    /// The operands.
    pub ops: Vec<AbbrevOp>,
}

/// The character a char6 value stands for.
pub fn char6_decode(v: u64) -> u8 {
    match v {
        0..=25 => b'a' + v as u8,
        26..=51 => b'A' + (v - 26) as u8,
        52..=61 => b'0' + (v - 52) as u8,
        62 => b'.',
        _ => b'_',
    }
}

/// The char6 value of `c`, if it has one.
pub fn char6_encode(c: u8) -> Option<u64> {
    match c {
        b'a'..=b'z' => Some((c - b'a') as u64),
        b'A'..=b'Z' => Some((c - b'A') as u64 + 26),
        b'0'..=b'9' => Some((c - b'0') as u64 + 52),
        b'.' => Some(62),
        b'_' => Some(63),
        _ => None,
    }
}

/// Decodes a signed VBR value as LLVM writes it: the magnitude shifted left by one, the sign
/// in bit 0 (`1` alone stands for `i64::MIN`).
pub fn decode_signed(v: u64) -> i64 {
    if v & 1 == 0 {
        (v >> 1) as i64
    } else if v != 1 {
        -((v >> 1) as i64)
    } else {
        i64::MIN
    }
}

/// Encodes a signed value as [`decode_signed`] reads it.
pub fn encode_signed(v: i64) -> u64 {
    if v >= 0 {
        (v as u64) << 1
    } else {
        (v.unsigned_abs() << 1) | 1
    }
}
