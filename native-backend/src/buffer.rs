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
    /// Resolves the fixups; false if a label was never bound (a bug of the code generator).
    pub fn resolve(&mut self) -> bool {
        for &(at, l, kind) in &self.fixups {
            let Some(target) = self.labels.get(l.0 as usize).copied().filter(|&p| p != UNBOUND)
            else {
                return false;
            };
            let v = match kind {
                FixKind::Rel32 => target.wrapping_sub(at + 4),
                FixKind::Table(base) => target.wrapping_sub(base),
            };
            let at = at as usize;
            if let Some(field) = self.bytes.get_mut(at..at + 4) {
                field.copy_from_slice(&v.to_le_bytes());
            }
        }
        self.fixups.clear();
        true
    }
}
