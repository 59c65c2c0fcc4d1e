//! Sizes, alignments and struct field offsets of every type of a module under its datalayout,
//! computed once when the interpreter starts.

use crate::ir::{FloatKind, Module, Type, TypeId};

/// What a type is, for the interpreter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Class {
    /// `iN`.
    Int(u32),
    /// A pointer.
    Ptr,
    /// A floating-point type.
    Float(FloatKind),
    /// `<len x elem>`.
    Vector(u32, TypeId),
    /// `[len x elem]`.
    Array(u64, TypeId),
    /// A struct with its field types and their byte offsets.
    Struct(std::rc::Rc<[TypeId]>, std::rc::Rc<[u64]>),
    /// Anything without a runtime representation (void, label, token, metadata, functions).
    Other,
}

/// The layout of one type.
#[derive(Clone, Debug)]
pub struct TyInfo {
    /// Bytes a store writes (`getTypeStoreSize`).
    pub size: u64,
    /// Bytes between consecutive array elements (`getTypeAllocSize`).
    pub alloc: u64,
    /// ABI alignment in bytes.
    pub align: u64,
    /// What it is.
    pub class: Class,
    /// True when a value of this type lives in a [`super::value::Slot`].
    pub narrow: bool,
}

/// Layouts of all types of a module, indexed by type id.
#[derive(Clone, Debug, Default)]
pub struct Layouts {
    infos: Vec<TyInfo>,
    /// Pointer size in bytes (address space 0).
    pub ptr_size: u64,
    /// True when the datalayout is big-endian (only little-endian is supported).
    pub big_endian: bool,
}

fn round_up(x: u64, a: u64) -> u64 {
    if a <= 1 {
        x
    } else {
        x.div_ceil(a).saturating_mul(a)
    }
}

const OTHER: TyInfo = TyInfo { size: 0, alloc: 0, align: 1, class: Class::Other, narrow: true };

impl Layouts {
    /// Computes the layout of every type of `m`.
    pub fn new(m: &Module) -> Layouts {
        let n = m.types.len();
        let mut l = Layouts {
            infos: Vec::with_capacity(n),
            ptr_size: (m.datalayout.pointer_size_bits(0) as u64).div_ceil(8),
            big_endian: m.datalayout.big_endian(),
        };
        let mut state = vec![0u8; n];
        let mut memo: Vec<Option<TyInfo>> = vec![None; n];
        for i in 0..n {
            compute(m, TypeId::from_u32(i as u32), &mut memo, &mut state, 0);
        }
        l.infos = memo.into_iter().map(|x| x.unwrap_or(OTHER)).collect();
        l
    }
    /// The layout of a type.
    #[inline]
    pub fn get(&self, t: TypeId) -> &TyInfo {
        self.infos.get(t.as_u32() as usize).unwrap_or(&OTHER)
    }
    /// The class of a type.
    #[inline]
    pub fn class(&self, t: TypeId) -> &Class {
        &self.get(t).class
    }
    /// The byte offset that constant `getelementptr` indices `idx` add to the base, over source
    /// element type `src`; `None` when a step goes through a type without a plain layout (a
    /// vector, an opaque or unsized type) or the sum overflows.
    pub fn gep_offset(&self, src: TypeId, idx: &[i64]) -> Option<i64> {
        let mut ty = src;
        let mut off: i64 = 0;
        for (k, &x) in idx.iter().enumerate() {
            if k == 0 {
                let info = self.get(ty);
                if matches!(info.class, Class::Other | Class::Vector(..)) {
                    return None;
                }
                off = off.checked_add(x.checked_mul(i64::try_from(info.alloc).ok()?)?)?;
                continue;
            }
            match self.class(ty).clone() {
                Class::Array(_, et) => {
                    let info = self.get(et);
                    if matches!(info.class, Class::Other | Class::Vector(..)) {
                        return None;
                    }
                    off = off.checked_add(x.checked_mul(i64::try_from(info.alloc).ok()?)?)?;
                    ty = et;
                }
                Class::Struct(fields, offs) => {
                    let k = usize::try_from(x).ok()?;
                    let (ft, fo) = (*fields.get(k)?, *offs.get(k)?);
                    off = off.checked_add(i64::try_from(fo).ok()?)?;
                    ty = ft;
                }
                _ => return None,
            }
        }
        Some(off)
    }
    /// True when values of the type fit a slot.
    #[inline]
    pub fn narrow(&self, t: TypeId) -> bool {
        self.get(t).narrow
    }
}

fn compute(
    m: &Module,
    t: TypeId,
    memo: &mut Vec<Option<TyInfo>>,
    state: &mut Vec<u8>,
    depth: u32,
) -> TyInfo {
    let i = t.as_u32() as usize;
    if let Some(Some(x)) = memo.get(i) {
        return x.clone();
    }
    if state.get(i).copied() == Some(1) || depth > 200 {
        return OTHER;
    }
    if let Some(s) = state.get_mut(i) {
        *s = 1;
    }
    let dl = &m.datalayout;
    let info = match m.types.get(t) {
        Type::Int(b) => {
            let b = *b;
            let size = (b as u64).div_ceil(8);
            let align = dl.int_abi_align(b).max(1);
            TyInfo {
                size,
                alloc: round_up(size, align),
                align,
                class: Class::Int(b),
                narrow: b <= 64,
            }
        }
        Type::Float(k) => {
            let size = match k {
                FloatKind::X86Fp80 => 10,
                _ => k.bits() as u64 / 8,
            };
            let align = dl.float_abi_align(k.bits()).max(1);
            TyInfo {
                size,
                alloc: round_up(size, align),
                align,
                class: Class::Float(*k),
                narrow: k.bits() <= 64,
            }
        }
        Type::Ptr(a) => {
            let size = (dl.pointer_size_bits(*a) as u64).div_ceil(8);
            let align = dl.pointer_abi_align(*a).max(1);
            TyInfo { size, alloc: round_up(size, align), align, class: Class::Ptr, narrow: true }
        }
        Type::Vector { len, elem, .. } => {
            let e = compute(m, *elem, memo, state, depth + 1);
            let ebits = match e.class {
                Class::Int(b) => b as u64,
                Class::Float(k) => k.bits() as u64,
                _ => e.size * 8,
            };
            let bits = ebits.saturating_mul(*len as u64);
            let size = bits.div_ceil(8);
            let align = dl.vector_abi_align(bits).max(1);
            TyInfo {
                size,
                alloc: round_up(size, align),
                align,
                class: Class::Vector(*len, *elem),
                narrow: false,
            }
        }
        Type::Array { len, elem } => {
            let e = compute(m, *elem, memo, state, depth + 1);
            let size = e.alloc.saturating_mul(*len);
            TyInfo {
                size,
                alloc: size,
                align: e.align,
                class: Class::Array(*len, *elem),
                narrow: false,
            }
        }
        Type::Struct { .. } | Type::Named(_) => match m.types.struct_fields(t) {
            Some((packed, fields)) => {
                let mut off = 0u64;
                let mut align = if packed { 1 } else { dl.aggregate_abi_align().max(1) };
                let mut offs = Vec::with_capacity(fields.len());
                for f in fields {
                    let fi = compute(m, *f, memo, state, depth + 1);
                    let fa = if packed { 1 } else { fi.align };
                    off = round_up(off, fa);
                    offs.push(off);
                    off = off.saturating_add(fi.alloc);
                    align = align.max(fa);
                }
                let size = round_up(off, align);
                TyInfo {
                    size,
                    alloc: size,
                    align,
                    class: Class::Struct(fields.into(), offs.into()),
                    narrow: false,
                }
            }
            None => OTHER,
        },
        Type::Target { .. } | Type::X86Amx => OTHER,
        _ => OTHER,
    };
    if let Some(s) = memo.get_mut(i) {
        *s = Some(info.clone());
    }
    if let Some(s) = state.get_mut(i) {
        *s = 2;
    }
    info
}
