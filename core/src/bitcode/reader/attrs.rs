//! Reading attributes: `PARAMATTR_GROUP` entries (one set of attributes for one index) and
//! `PARAMATTR` entries (an attribute list made of groups), into the module's attribute sets.
//! The pre-LLVM-16 memory attributes of functions become `memory(...)`.

use super::module::ModuleReader;
use crate::bitcode::attr_kinds;
use crate::bitcode::bitstream::{decode_signed, Cursor, Record};
use crate::bitcode::codes::paramattr;
use crate::bitcode::BitcodeError;
use crate::ir::attrs::{Attr, AttrKind, AttrShape, MemoryEffects, ModRef, UwTableKind};
use crate::ir::{ApInt, AttrSetId};

/// The function index of an attribute group.
const FUNCTION_INDEX: u64 = 0xFFFF_FFFF;

/// An attribute list: the sets of the function, its return value and each parameter.
#[derive(Clone, Debug)]
pub(super) struct AttrList {
    pub func: AttrSetId,
    pub ret: AttrSetId,
    pub params: Vec<AttrSetId>,
}

impl Default for AttrList {
    fn default() -> Self {
        AttrList { func: AttrSetId::EMPTY, ret: AttrSetId::EMPTY, params: Vec::new() }
    }
}

impl AttrList {
    /// The set of parameter `i`.
    pub fn param(&self, i: usize) -> AttrSetId {
        self.params.get(i).copied().unwrap_or(AttrSetId::EMPTY)
    }
}

impl ModuleReader<'_> {
    /// Reads a `PARAMATTR_GROUP_BLOCK` (the cursor is inside it).
    pub(super) fn read_attr_groups(&mut self, c: &mut Cursor<'_>) -> Result<(), BitcodeError> {
        let mut rec = Record::default();
        while c.next_record(&mut rec)? {
            if rec.code != paramattr::PARAMATTR_GRP_CODE_ENTRY {
                return Err(c.record_error(rec.code, "unknown record"));
            }
            let (Some(&id), Some(&idx)) = (rec.ops.first(), rec.ops.get(1)) else {
                return Err(c.record_error(rec.code, "too few operands"));
            };
            let attrs = self
                .decode_attrs(rec.ops.get(2..).unwrap_or(&[]), idx == FUNCTION_INDEX)
                .map_err(|m| c.record_error(rec.code, m))?;
            let set = self.m.attrs.intern(attrs);
            self.attr_groups.insert(id, (idx, set));
        }
        Ok(())
    }

    /// Reads a `PARAMATTR_BLOCK` (the cursor is inside it).
    pub(super) fn read_attr_lists(&mut self, c: &mut Cursor<'_>) -> Result<(), BitcodeError> {
        let mut rec = Record::default();
        while c.next_record(&mut rec)? {
            if rec.code != paramattr::PARAMATTR_CODE_ENTRY {
                return Err(c.record_error(rec.code, "unknown record (old attribute encoding)"));
            }
            let mut list = AttrList::default();
            for &g in &rec.ops {
                let Some(&(idx, set)) = self.attr_groups.get(&g) else {
                    return Err(
                        c.record_error(rec.code, format!("attribute group {g} is not defined"))
                    );
                };
                let attrs = &mut self.m.attrs;
                match idx {
                    FUNCTION_INDEX => list.func = attrs.union(list.func, set),
                    0 => list.ret = attrs.union(list.ret, set),
                    n => {
                        let i = (n - 1) as usize;
                        if i > 65536 {
                            return Err(c.record_error(rec.code, "bad parameter index"));
                        }
                        if list.params.len() <= i {
                            list.params.resize(i + 1, AttrSetId::EMPTY);
                        }
                        if let Some(p) = list.params.get_mut(i) {
                            *p = attrs.union(*p, set);
                        }
                    }
                }
            }
            self.attr_lists.push(list);
        }
        Ok(())
    }

    /// Attribute list `id` of a record (`0` is none, else the list's index plus one).
    pub(super) fn attr_list(&self, id: u64) -> Option<AttrList> {
        if id == 0 {
            return Some(AttrList::default());
        }
        self.attr_lists.get(usize::try_from(id - 1).ok()?).cloned()
    }

    fn decode_attrs(&mut self, ops: &[u64], is_fn: bool) -> Result<Vec<Attr>, String> {
        let mut out = Vec::new();
        let mut memory: Option<MemoryEffects> = None;
        let mut i = 0usize;
        let get =
            |i: usize| ops.get(i).copied().ok_or_else(|| "an attribute is cut short".to_string());
        let cstr = |i: &mut usize| -> Result<Box<[u8]>, String> {
            let mut s = Vec::new();
            loop {
                let b = get(*i)?;
                *i += 1;
                if b == 0 {
                    return Ok(s.into());
                }
                s.push(b as u8);
            }
        };
        while i < ops.len() {
            let tag = get(i)?;
            i += 1;
            match tag {
                0 | 1 => {
                    let code = get(i)?;
                    i += 1;
                    let val = if tag == 1 {
                        i += 1;
                        Some(get(i - 1)?)
                    } else {
                        None
                    };
                    if let Some(e) = old_memory(code as u32, is_fn) {
                        let cur = memory.unwrap_or(MemoryEffects::all(ModRef::ModRef));
                        memory = Some(cur.intersect(e));
                        continue;
                    }
                    let a = int_attr(code as u32, val)?;
                    if let Attr::Memory(e) = a {
                        let cur = memory.unwrap_or(MemoryEffects::all(ModRef::ModRef));
                        memory = Some(cur.intersect(e));
                    } else {
                        out.push(a);
                    }
                }
                3 | 4 => {
                    let key = cstr(&mut i)?;
                    let val = if tag == 4 { Some(cstr(&mut i)?) } else { None };
                    out.push(Attr::Str(key, val));
                }
                5 | 6 => {
                    let code = get(i)?;
                    i += 1;
                    let kind = kind_of(code as u32)?;
                    if tag == 6 {
                        let t = get(i)?;
                        i += 1;
                        let ty =
                            self.vals.ty(t).ok_or_else(|| format!("type {t} is not defined"))?;
                        out.push(Attr::Type(kind, ty));
                    } else {
                        return Err(format!("attribute '{}' without its type", kind.name()));
                    }
                }
                7 => {
                    let code = get(i)?;
                    let kind = kind_of(code as u32)?;
                    let bits = get(i + 1)?;
                    i += 2;
                    let (lo, hi) = read_range(ops, &mut i, bits)?;
                    if kind != AttrKind::Range {
                        return Err(format!("'{}' is not a range attribute", kind.name()));
                    }
                    let ty = self.m.types.int(bits as u32);
                    out.push(Attr::Range(ty, lo, hi));
                }
                8 => {
                    let code = get(i)?;
                    let kind = kind_of(code as u32)?;
                    let n = get(i + 1)?;
                    let bits = get(i + 2)?;
                    i += 3;
                    if kind != AttrKind::Initializes || n as usize > ops.len() {
                        return Err("a bad range list attribute".to_string());
                    }
                    let mut ranges = Vec::new();
                    for _ in 0..n {
                        let (lo, hi) = read_range(ops, &mut i, bits)?;
                        let (Some(lo), Some(hi)) = (lo.to_i64(), hi.to_i64()) else {
                            return Err("an initializes range past 64 bits".to_string());
                        };
                        ranges.push((lo, hi));
                    }
                    out.push(Attr::Initializes(ranges.into()));
                }
                t => return Err(format!("unknown attribute encoding {t}")),
            }
        }
        if let Some(e) = memory {
            out.push(Attr::Memory(e));
        }
        Ok(out)
    }
}

/// A constant range's bounds: two signed VBRs, or for more than 64 bits the active word counts
/// then the words of each.
fn read_range(ops: &[u64], i: &mut usize, bits: u64) -> Result<(ApInt, ApInt), String> {
    if bits == 0 || bits > crate::ir::types::MAX_INT_BITS as u64 {
        return Err(format!("a range of {bits} bits"));
    }
    let w = bits as u32;
    let mut next = || {
        let v = ops.get(*i).copied().ok_or_else(|| "a range is cut short".to_string());
        *i += 1;
        v
    };
    if w <= 64 {
        let lo = decode_signed(next()?);
        let hi = decode_signed(next()?);
        return Ok((ApInt::from_i64(w, lo), ApInt::from_i64(w, hi)));
    }
    let counts = next()?;
    let (nlo, nhi) = ((counts & 0xFFFF_FFFF) as usize, (counts >> 32) as usize);
    if nlo > ops.len() || nhi > ops.len() {
        return Err("a range with too many words".to_string());
    }
    let mut words = |n: usize| -> Result<ApInt, String> {
        let mut v = Vec::with_capacity(n);
        for _ in 0..n {
            v.push(decode_signed(next()?) as u64);
        }
        Ok(ApInt::from_words(w, &v))
    };
    let lo = words(nlo)?;
    let hi = words(nhi)?;
    Ok((lo, hi))
}

fn kind_of(code: u32) -> Result<AttrKind, String> {
    attr_kinds::keyword(code)
        .and_then(AttrKind::from_name)
        .ok_or_else(|| format!("unknown attribute kind {code}"))
}

/// An enum (`val` is `None`) or integer attribute.
fn int_attr(code: u32, val: Option<u64>) -> Result<Attr, String> {
    let kind = kind_of(code)?;
    let v = val.unwrap_or(0);
    Ok(match kind {
        AttrKind::UwTable => Attr::UwTable(match v {
            1 => Some(UwTableKind::Sync),
            _ => None,
        }),
        AttrKind::AllocSize => {
            let b = (v & 0xFFFF_FFFF) as u32;
            Attr::AllocSize((v >> 32) as u32, (b != u32::MAX).then_some(b))
        }
        AttrKind::VScaleRange => {
            let max = (v & 0xFFFF_FFFF) as u32;
            Attr::VScaleRange((v >> 32) as u32, (max != 0).then_some(max))
        }
        AttrKind::AllocKind => {
            let names = ["alloc", "realloc", "free", "uninitialized", "zeroed", "aligned"];
            let parts: Vec<&str> = names
                .iter()
                .enumerate()
                .filter(|(i, _)| v >> i & 1 != 0)
                .map(|(_, n)| *n)
                .collect();
            Attr::AllocKind(parts.join(",").into_bytes().into())
        }
        AttrKind::Memory => Attr::Memory(MemoryEffects(v as u8)),
        AttrKind::NoFpClass => Attr::NoFpClass(v as u16),
        _ => match kind.shape() {
            AttrShape::Flag => Attr::Flag(kind),
            AttrShape::Align | AttrShape::IntParen => {
                if val.is_none() {
                    return Err(format!("attribute '{}' without its value", kind.name()));
                }
                Attr::Int(kind, v)
            }
            _ => return Err(format!("attribute '{}' in the wrong encoding", kind.name())),
        },
    })
}

/// The `memory(...)` a pre-LLVM-16 function attribute stands for.
fn old_memory(code: u32, is_fn: bool) -> Option<MemoryEffects> {
    if !is_fn {
        return None;
    }
    let kw = attr_kinds::keyword(code).or_else(|| {
        attr_kinds::OLD_MEMORY_KINDS.iter().find(|(c, _)| *c == code).map(|(_, k)| *k)
    })?;
    MemoryEffects::from_legacy_keyword(kw)
}
