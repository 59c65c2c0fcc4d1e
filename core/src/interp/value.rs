//! Runtime values: the 16-byte [`Slot`] used for every scalar that fits in 64 bits (integers up
//! to `i64`, pointers, `half`/`bfloat`/`float`/`double` bit patterns) and the general [`Val`]
//! for wider integers, `fp128`/`x86_fp80`, vectors and aggregates.
//!
//! A slot carries its bits (zero-extended to 64), the provenance of a pointer (or of an integer
//! that holds pointer bytes loaded from memory) and, when it is poison or undef, the id of the
//! [`crate::interp::poison::origin::Origins`] entry that explains where it came from.

/// One scalar value: bits, provenance and poison/undef origin.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Slot {
    /// The value's bits, zero-extended; for pointers the simulated address.
    pub bits: u64,
    /// Provenance: the allocation index + 1, or 0 for none.
    pub prov: u32,
    /// 0 when the value is defined, else the origin id of its poison or undef state.
    pub poison: u32,
}

impl Slot {
    /// A defined value without provenance.
    #[inline]
    pub const fn int(bits: u64) -> Slot {
        Slot { bits, prov: 0, poison: 0 }
    }
    /// A pointer with provenance.
    #[inline]
    pub const fn ptr(addr: u64, prov: u32) -> Slot {
        Slot { bits: addr, prov, poison: 0 }
    }
    /// A poison or undef value with the given origin (bits are 0).
    #[inline]
    pub const fn tainted(origin: u32) -> Slot {
        Slot { bits: 0, prov: 0, poison: origin }
    }
    /// `ptrtoint` of this defined pointer to `iW`: the address, with its provenance at 64
    /// bits (the plain case of both loops).
    #[inline(always)]
    pub fn ptr_to_int(self, w: u8) -> Slot {
        Slot {
            bits: self.bits & crate::semantics::int::wmask(w),
            prov: if w >= 64 { self.prov } else { 0 },
            poison: 0,
        }
    }
    /// This value as a store of `w` bits leaves it in a stack slot held in a register (the
    /// bits above `w` cleared, the rest kept).
    #[inline(always)]
    pub fn stored(self, w: u8) -> Slot {
        Slot { bits: self.bits & crate::semantics::int::wmask(w), ..self }
    }
}

/// A general value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Val {
    /// A scalar that fits a slot.
    S(Slot),
    /// A wide integer or a wide float bit pattern (little-endian words), with its origin.
    W {
        /// Little-endian words, bits above the width zero.
        words: Box<[u64]>,
        /// 0 when defined, else the origin id.
        poison: u32,
    },
    /// The elements of a vector, array or struct.
    A(Box<[Val]>),
}

impl Default for Val {
    fn default() -> Self {
        Val::S(Slot::default())
    }
}

impl Val {
    /// The slot of a scalar value (a default slot for anything else).
    #[inline]
    pub fn slot(&self) -> Slot {
        match self {
            Val::S(s) => *s,
            Val::W { words, poison } => {
                Slot { bits: words.first().copied().unwrap_or(0), prov: 0, poison: *poison }
            }
            Val::A(_) => Slot::default(),
        }
    }
    /// The elements of an aggregate or vector (empty for scalars).
    pub fn elems(&self) -> &[Val] {
        match self {
            Val::A(v) => v,
            _ => &[],
        }
    }
    /// The first poison/undef origin found in the value (0 if fully defined).
    pub fn taint(&self) -> u32 {
        match self {
            Val::S(s) => s.poison,
            Val::W { poison, .. } => *poison,
            Val::A(v) => v.iter().map(Val::taint).find(|&o| o != 0).unwrap_or(0),
        }
    }
}

pub use crate::semantics::int::{mask, sext};
