//! Type layout under a module's data layout: sizes, ABI alignments and struct field offsets
//! of every type ([`Layouts`], computed once, used by the interpreter, the passes, the
//! analyses and the lowering), and the default alignments the text form leaves out
//! ([`type_align`], [`store_size`], computed on demand for the printer).
//!
//! The two agree on every sized type; they differ where a type has no layout: [`Layouts`]
//! gives such a type (label, token, an opaque struct, a cycle) size 0 and alignment 1, while
//! [`type_align`] answers `None` (or, for `label`, the pointer alignment, as LLVM does), so
//! that the printer leaves `align` out rather than guess.

use crate::ir::{FloatKind, Module, Type, TypeId};

/// What a type is, for the engines and the passes that look at memory.
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
    /// True for a scalar of at most 64 bits (integer, float, pointer) and for types without a
    /// layout: the values the interpreter holds in one 64-bit slot.
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

// Default alignments, as LLVM's parser fills them in when `align` is not written: ABI
// alignment for loads and stores, preferred alignment for `alloca`, the store size for
// `cmpxchg` and `atomicrmw`. `None` when the data layout cannot tell (the printer then leaves
// `align` out, which LLVM reads back the same).

/// How deep aggregate types are followed.
const MAX_DEPTH: u32 = 64;

/// The ABI (`abi == true`) or preferred alignment of a type in bytes.
pub fn type_align(m: &Module, t: TypeId, abi: bool) -> Option<u64> {
    align_in(m, t, abi, 0)
}

fn align_in(m: &Module, t: TypeId, abi: bool, depth: u32) -> Option<u64> {
    if depth > MAX_DEPTH {
        return None;
    }
    let dl = &m.datalayout;
    Some(match m.types.get(t) {
        Type::Label => pick(abi, dl.pointer_abi_align(0), dl.pointer_pref_align(0)),
        Type::Ptr(a) => pick(abi, dl.pointer_abi_align(*a), dl.pointer_pref_align(*a)),
        Type::Int(b) => pick(abi, dl.int_abi_align(*b), dl.int_pref_align(*b)),
        Type::Float(k) => pick(abi, dl.float_abi_align(k.bits()), dl.float_pref_align(k.bits())),
        Type::Array { elem, .. } => align_in(m, *elem, abi, depth + 1)?,
        Type::Vector { .. } => {
            let bits = size_bits(m, t, depth)?;
            pick(abi, dl.vector_abi_align(bits), dl.vector_pref_align(bits))
        }
        Type::X86Amx => 64,
        Type::Struct { .. } | Type::Named(_) => {
            let (packed, fields) = m.types.struct_fields(t)?;
            if packed && abi {
                return Some(1);
            }
            let mut a = 1u64;
            if !packed {
                for &f in fields {
                    a = a.max(align_in(m, f, true, depth + 1)?);
                }
            }
            a.max(pick(abi, dl.aggregate_abi_align(), dl.aggregate_pref_align()))
        }
        _ => return None,
    })
}

fn pick(abi: bool, a: u64, p: u64) -> u64 {
    (if abi { a } else { p }).max(1)
}

/// The size in bits of a scalar or vector type (vectors: the known minimum).
fn size_bits(m: &Module, t: TypeId, depth: u32) -> Option<u64> {
    if depth > MAX_DEPTH {
        return None;
    }
    Some(match m.types.get(t) {
        Type::Int(b) => u64::from(*b),
        Type::Float(k) => u64::from(k.bits()),
        Type::Ptr(a) => u64::from(m.datalayout.pointer_size_bits(*a)),
        Type::Vector { len, elem, .. } => {
            u64::from(*len).checked_mul(size_bits(m, *elem, depth + 1)?)?
        }
        _ => return None,
    })
}

/// The store size in bytes of a scalar or vector type.
pub fn store_size(m: &Module, t: TypeId) -> Option<u64> {
    size_bits(m, t, 0).map(|b| b.div_ceil(8)).filter(|&b| b > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table and the printer's on-demand alignment agree on every sized type.
    #[test]
    fn layouts_and_default_alignments_agree() {
        let src = r#"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
%pair = type { i8, i64 }
%packed = type <{ i8, i32 }>
%nest = type { %pair, [3 x i16], <4 x float> }
@g = global { i1, i17, i128, half, bfloat, float, double, x86_fp80, fp128, ptr, <2 x ptr>, <3 x i8>, [2 x %nest], %packed } zeroinitializer
"#;
        let m = crate::text::parse(src).module.expect("module parses");
        let l = Layouts::new(&m);
        let mut sized = 0;
        for i in 0..m.types.len() {
            let t = TypeId::from_u32(i as u32);
            if matches!(l.class(t), Class::Other) {
                continue;
            }
            sized += 1;
            assert_eq!(type_align(&m, t, true), Some(l.get(t).align), "type {t:?}");
        }
        assert!(sized >= 20, "only {sized} sized types");
    }
}
