//! A code buffer: bytes, labels bound to offsets, fixups that refer to labels (resolved when
//! the function is finished) and relocations that refer to symbols (left to the object
//! writer or the loader).

use crate::{RelocKind, SymId};

/// A position in the code, bound once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Label(pub u32);

/// What a fixup stores.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum FixKind {
    /// `target - (at + 4)`: a 32-bit displacement ending at the field's end.
    Rel32,
    /// `target - base`, 32 bits (a jump table entry relative to its table).
    Table(u32),
    /// AArch64 `b`/`bl`: `(target - at) / 4` in bits 25:0 of the word at `at`.
    Branch26,
    /// AArch64 `b.cond`/`cbz`/`cbnz`: `(target - at) / 4` in bits 23:5.
    Branch19,
    /// AArch64 `tbz`/`tbnz`: `(target - at) / 4` in bits 18:5.
    Branch14,
    /// AArch64 `adr`: `target - at` in bytes, its low 2 bits in bits 30:29, the rest in 23:5.
    Adr21,
}

/// Why [`Buffer::resolve_checked`] failed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FixupError {
    /// A label was never bound (a bug of the code generator).
    Unbound,
    /// A label is too far from an instruction that refers to it for the instruction's field
    /// (AArch64: `b.cond`, `cbz`, `adr` reach ±1 MiB, `tbz` ±32 KiB, `b` ±128 MiB).
    OutOfRange,
}

impl std::fmt::Display for FixupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            FixupError::Unbound => "a label was never bound",
            FixupError::OutOfRange => "a branch target is out of the instruction's range",
        })
    }
}

impl std::error::Error for FixupError {}

/// The word `w` with the displacement `d` (bytes, from the instruction) in the field of
/// `kind`, or `None` when it does not fit (or is not a multiple of 4 for a branch).
fn patch_word(w: u32, kind: FixKind, d: i64) -> Option<u32> {
    let branch = |bits: u32, lo: u32| -> Option<u32> {
        let lim = 1i64 << (bits - 1);
        if d % 4 != 0 || !(-lim..lim).contains(&(d / 4)) {
            return None;
        }
        let mask = ((1u32 << bits) - 1) << lo;
        Some((w & !mask) | (((d / 4) as u32) << lo & mask))
    };
    match kind {
        FixKind::Branch26 => branch(26, 0),
        FixKind::Branch19 => branch(19, 5),
        FixKind::Branch14 => branch(14, 5),
        FixKind::Adr21 => {
            if !(-(1i64 << 20)..1i64 << 20).contains(&d) {
                return None;
            }
            let mask = 3 << 29 | 0x7_ffff << 5;
            let (lo, hi) = ((d & 3) as u32, ((d >> 2) as u32) & 0x7_ffff);
            Some((w & !mask) | lo << 29 | hi << 5)
        }
        FixKind::Rel32 | FixKind::Table(_) => Some(d as u32),
    }
}

/// The code of one function (offsets relative to its start).
#[derive(Default)]
pub struct Buffer {
    /// The bytes.
    pub bytes: Vec<u8>,
    labels: Vec<u32>,
    fixups: Vec<(u32, Label, FixKind)>,
    /// Relocations: (offset of the field, kind, symbol, addend).
    pub relocs: Vec<(u32, RelocKind, SymId, i64)>,
}

const UNBOUND: u32 = u32::MAX;

impl Buffer {
    /// The current offset.
    #[inline]
    pub fn pos(&self) -> u32 {
        self.bytes.len() as u32
    }
    /// A new, unbound label.
    pub fn label(&mut self) -> Label {
        self.labels.push(UNBOUND);
        Label(self.labels.len() as u32 - 1)
    }
    /// Binds `l` here.
    pub fn bind(&mut self, l: Label) {
        let p = self.pos();
        if let Some(slot) = self.labels.get_mut(l.0 as usize) {
            *slot = p;
        }
    }
    /// Where `l` is bound, if it is.
    pub fn bound(&self, l: Label) -> Option<u32> {
        self.labels.get(l.0 as usize).copied().filter(|&p| p != UNBOUND)
    }
    /// Appends one byte.
    #[inline]
    pub fn put1(&mut self, b: u8) {
        self.bytes.push(b);
    }
    /// Appends a little-endian 32-bit value.
    #[inline]
    pub fn put4(&mut self, v: u32) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    /// Appends a little-endian 64-bit value.
    #[inline]
    pub fn put8(&mut self, v: u64) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }
    /// Appends a 32-bit field holding the displacement to `l` from the field's end.
    pub fn rel32(&mut self, l: Label) {
        let at = self.pos();
        self.fixups.push((at, l, FixKind::Rel32));
        self.put4(0);
    }
    /// Appends a 32-bit jump table entry: `l` minus the offset `base` of the table.
    pub fn table_entry(&mut self, l: Label, base: u32) {
        let at = self.pos();
        self.fixups.push((at, l, FixKind::Table(base)));
        self.put4(0);
    }
    /// Appends a 32-bit field relocated against `sym`.
    pub fn reloc32(&mut self, kind: RelocKind, sym: SymId, addend: i64) {
        let at = self.pos();
        self.relocs.push((at, kind, sym, addend));
        self.put4(0);
    }
    /// Appends the little-endian instruction word `word` whose field of `kind` refers to `l`.
    fn word_fixup(&mut self, word: u32, l: Label, kind: FixKind) {
        let at = self.pos();
        self.fixups.push((at, l, kind));
        self.put4(word);
    }
    /// Appends the AArch64 `b`/`bl` word `word`, its 26-bit word offset to `l` filled in by
    /// [`Buffer::resolve_checked`].
    pub fn branch26(&mut self, word: u32, l: Label) {
        self.word_fixup(word, l, FixKind::Branch26);
    }
    /// Appends the AArch64 `b.cond`/`cbz`/`cbnz` word `word`, its 19-bit word offset to `l`
    /// (bits 23:5) filled in by [`Buffer::resolve_checked`].
    pub fn branch19(&mut self, word: u32, l: Label) {
        self.word_fixup(word, l, FixKind::Branch19);
    }
    /// Appends the AArch64 `tbz`/`tbnz` word `word`, its 14-bit word offset to `l` (bits
    /// 18:5) filled in by [`Buffer::resolve_checked`].
    pub fn branch14(&mut self, word: u32, l: Label) {
        self.word_fixup(word, l, FixKind::Branch14);
    }
    /// Appends the AArch64 `adr` word `word`, its 21-bit byte offset to `l` filled in by
    /// [`Buffer::resolve_checked`].
    pub fn adr21(&mut self, word: u32, l: Label) {
        self.word_fixup(word, l, FixKind::Adr21);
    }
    /// Appends the instruction word `word` with a relocation of `kind` against `sym` at it
    /// (AArch64: the relocation fills the word's immediate field).
    pub fn reloc_word(&mut self, word: u32, kind: RelocKind, sym: SymId, addend: i64) {
        let at = self.pos();
        self.relocs.push((at, kind, sym, addend));
        self.put4(word);
    }
    /// Resolves the fixups; false if a label was never bound (a bug of the code generator) or
    /// is out of a branch's range (see [`Buffer::resolve_checked`]).
    pub fn resolve(&mut self) -> bool {
        self.resolve_checked().is_ok()
    }
    /// Resolves the fixups, or says why one cannot be: a label never bound, or too far for
    /// its field (then the fixups are kept and the code is unchanged from that fixup on; the
    /// caller re-emits the function with longer forms).
    pub fn resolve_checked(&mut self) -> Result<(), FixupError> {
        for &(at, l, kind) in &self.fixups {
            let Some(target) = self.labels.get(l.0 as usize).copied().filter(|&p| p != UNBOUND)
            else {
                return Err(FixupError::Unbound);
            };
            let d = match kind {
                FixKind::Rel32 => i64::from(target) - i64::from(at) - 4,
                FixKind::Table(base) => i64::from(target) - i64::from(base),
                _ => i64::from(target) - i64::from(at),
            };
            let at = at as usize;
            let Some(field) = self.bytes.get_mut(at..at + 4) else { continue };
            let mut w = [0; 4];
            w.copy_from_slice(field);
            let Some(v) = patch_word(u32::from_le_bytes(w), kind, d) else {
                return Err(FixupError::OutOfRange);
            };
            field.copy_from_slice(&v.to_le_bytes());
        }
        self.fixups.clear();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `b.cond` 2 MiB ahead is out of its ±1 MiB range; 1 MiB - 4 ahead and 1 MiB back fit.
    #[test]
    fn out_of_range_branches_are_reported() {
        let far = |dist: i64, emit: fn(&mut Buffer, Label)| {
            let mut b = Buffer::default();
            let l = b.label();
            if dist <= 0 {
                b.bind(l);
                b.bytes.resize((-dist) as usize, 0);
            }
            let at = b.pos() as usize;
            emit(&mut b, l);
            if dist > 0 {
                b.bytes.resize(at + dist as usize, 0);
                b.bind(l);
            }
            let r = b.resolve_checked();
            let mut w = [0; 4];
            w.copy_from_slice(&b.bytes[at..at + 4]);
            (r, u32::from_le_bytes(w))
        };
        let bcond: fn(&mut Buffer, Label) = |b, l| b.branch19(0x5400_0001, l);
        assert_eq!(far(2 << 20, bcond).0, Err(FixupError::OutOfRange));
        assert_eq!(far(-(2 << 20), bcond).0, Err(FixupError::OutOfRange));
        assert_eq!(far((1 << 20) - 4, bcond), (Ok(()), 0x5400_0001 | 0x3_ffff << 5));
        assert_eq!(far(-(1 << 20), bcond), (Ok(()), 0x5400_0001 | 0x4_0000 << 5));
        let tbz: fn(&mut Buffer, Label) = |b, l| b.branch14(0x3600_0000, l);
        assert_eq!(far(32 << 10, tbz).0, Err(FixupError::OutOfRange));
        assert_eq!(far(-(32 << 10), tbz), (Ok(()), 0x3600_0000 | 0x2000 << 5));
        let adr: fn(&mut Buffer, Label) = |b, l| b.adr21(0x1000_0000, l);
        assert_eq!(far(2 << 20, adr).0, Err(FixupError::OutOfRange));
        assert_eq!(far(5, adr), (Ok(()), 0x1000_0000 | 1 << 29 | 1 << 5));
        let b26: fn(&mut Buffer, Label) = |b, l| b.branch26(0x1400_0000, l);
        assert_eq!(far(2 << 20, b26), (Ok(()), 0x1400_0000 | 0x8_0000));
        assert_eq!(far(-4, b26), (Ok(()), 0x17ff_ffff));
    }

    #[test]
    fn unbound_labels_are_reported() {
        let mut b = Buffer::default();
        let l = b.label();
        b.branch26(0x1400_0000, l);
        assert_eq!(b.resolve_checked(), Err(FixupError::Unbound));
        assert!(!b.resolve());
        b.branch19(0, Label(99));
        assert_eq!(b.resolve_checked(), Err(FixupError::Unbound));
    }
}
