//! LLVM 19's own attributes of intrinsic declarations (its `Intrinsic::getAttributes`): when
//! LLVM reads a module, text or bitcode, every declaration of an intrinsic it knows gets
//! exactly these function, return and parameter attributes, whatever the file said
//! (`declare void @llvm.assume(i1 noundef)` is read as `declare void @llvm.assume(i1 noundef)
//! #0` with `#0 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem:
//! write) }`).
//!
//! The data is generated from LLVM's tblgen output by `scripts/gen-intrinsic-attrs.py` into
//! `intrinsic_attrs_table.rs`, for every target LLVM 19 has. Names are looked up as LLVM's
//! `Function::lookupIntrinsicID` does ([`lookup`]). They are stored front coded (each name as
//! the count of leading bytes it shares with the previous one and the rest) with a whole name
//! every few entries, which a lookup finds by binary search before it decodes a few entries
//! into a buffer on the stack. This is a separate table from [`super::intrinsics`], which lists
//! only the families the project implements.

#[path = "intrinsic_attrs_table.rs"]
mod table;

use super::attrs::{Attr, AttrKind, MemoryEffects};
use super::{AttrSetId, GlobalId, Module};

/// An intrinsic's attributes: one attribute list of the table, as [`lookup`] finds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IntrinsicAttrs(u16);

/// LLVM's intrinsic for function name `name` (with its `llvm.` prefix), when the table has it.
///
/// As LLVM does: the names of the target named by the first component after `llvm.` (or the
/// target-independent ones) are narrowed to those starting with the name up to its first dot,
/// then its second, ..., and the whole name, while some are left; the first of the last such
/// names must be the whole name or a prefix of it followed by a dot, and an intrinsic that is
/// not overloaded must be the whole name.
pub fn lookup(name: &str) -> Option<IntrinsicAttrs> {
    let rest = name.strip_prefix("llvm.")?;
    let first = rest.split('.').next().unwrap_or(rest);
    let target = table::TARGETS
        .iter()
        .find(|t| !t.0.is_empty() && t.0 == first)
        .or_else(|| table::TARGETS.first())?;
    let key = if target.0.is_empty() {
        rest.as_bytes()
    } else {
        rest.as_bytes().get(first.len()..)?.strip_prefix(b".")?
    };
    let ends = key.iter().enumerate().filter(|(_, &b)| b == b'.').map(|(i, _)| i);
    let mut found = None;
    for end in ends.chain(std::iter::once(key.len())) {
        let prefix = key.get(..end)?;
        match lower_bound(target, prefix) {
            Some(entry) if entry.name().starts_with(prefix) => found = Some(entry),
            _ => break,
        }
    }
    let entry = found?;
    let stem = entry.name();
    let exact = key == stem;
    let prefix = key.starts_with(stem) && key.get(stem.len()) == Some(&b'.');
    let overloaded = entry.code & table::OVERLOADED != 0;
    (exact || prefix && overloaded).then_some(IntrinsicAttrs(entry.code & !table::OVERLOADED))
}

/// The length of the longest name of the table (checked by the generator).
const MAX_NAME: usize = 64;

/// A reader of the front-coded entries of `table::NAMES`, from a restart on: the last entry
/// read is `name()` with code `code`.
#[derive(Clone)]
struct Entries {
    pos: usize,
    end: usize,
    buf: [u8; MAX_NAME],
    len: usize,
    code: u16,
}

impl Entries {
    /// The entries from restart `r` to the end of the target, which ends at restart `end`.
    fn new(r: usize, end: usize) -> Option<Entries> {
        let at = |i: usize| table::RESTARTS.get(i).and_then(|&o| usize::try_from(o).ok());
        Some(Entries { pos: at(r)?, end: at(end)?, buf: [0; MAX_NAME], len: 0, code: 0 })
    }

    fn name(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or_default()
    }

    /// Reads the next entry; false at the end (or on a malformed entry, which the table's
    /// test rules out).
    fn advance(&mut self) -> bool {
        self.read().is_some()
    }

    fn read(&mut self) -> Option<()> {
        let bytes = table::NAMES.as_bytes().get(..self.end)?;
        let shared = usize::from(bytes.get(self.pos)?.checked_sub(table::PREFIX_BASE)?);
        if shared > self.len {
            return None;
        }
        let mut pos = self.pos + 1;
        let mut len = shared;
        while let Some(&b) =
            bytes.get(pos).filter(|b| b.is_ascii_alphanumeric() || b"._".contains(b))
        {
            *self.buf.get_mut(len)? = b;
            len += 1;
            pos += 1;
        }
        let c = bytes.get(pos)?;
        pos += 1;
        let k = match table::CODE1.iter().position(|x| x == c) {
            Some(k) => k,
            None => {
                let j = table::CODE2.iter().position(|x| x == c)?;
                let d = bytes.get(pos).and_then(|d| table::DIGITS.iter().position(|x| x == d))?;
                pos += 1;
                table::CODE1.len() + j * table::DIGITS.len() + d
            }
        };
        self.code = *table::CODES.get(k)?;
        self.len = len;
        self.pos = pos;
        Some(())
    }
}

/// The first name of `target` that is not below `prefix`, read.
fn lower_bound(target: &(&str, u16, u16), prefix: &[u8]) -> Option<Entries> {
    let (first, count) = (usize::from(target.1), usize::from(target.2));
    let end = first + count;
    // The count of restarts whose (whole) name is below `prefix`.
    let (mut lo, mut hi) = (0, count);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        let mut head = Entries::new(first + mid, end)?;
        if !head.advance() {
            return None;
        }
        if head.name() < prefix {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    let mut entries = Entries::new(first + lo.saturating_sub(1), end)?;
    while entries.advance() {
        if entries.name() >= prefix {
            return Some(entries);
        }
    }
    None
}

/// The attributes of a set of the table (keywords, `align N`).
fn keywords(words: &str) -> Vec<Attr> {
    let mut out = Vec::new();
    let mut it = words.split_whitespace().peekable();
    while let Some(w) = it.next() {
        let Some(kind) = AttrKind::from_name(w) else { continue };
        if kind == AttrKind::Align {
            if let Some(n) = it.next().and_then(|n| n.parse().ok()) {
                out.push(Attr::Int(kind, n));
            }
        } else {
            out.push(Attr::Flag(kind));
        }
    }
    out
}

impl IntrinsicAttrs {
    fn list(self) -> (u8, &'static [(u8, u8)]) {
        table::LISTS.get(usize::from(self.0)).copied().unwrap_or((u8::MAX, &[]))
    }

    /// The function attributes.
    pub fn fn_attrs(self) -> Vec<Attr> {
        let Some((words, mem)) = table::FN_SETS.get(usize::from(self.list().0)) else {
            return Vec::new();
        };
        let mut out = keywords(words);
        if let Some(bits) = mem {
            out.push(Attr::Memory(MemoryEffects(*bits)));
        }
        out
    }

    /// The attributes of position `pos`: 0 the return value, `k + 1` parameter `k`.
    pub fn at(self, pos: usize) -> Vec<Attr> {
        let (_, pairs) = self.list();
        pairs
            .iter()
            .find(|(p, _)| usize::from(*p) == pos)
            .and_then(|(_, s)| table::ARG_SETS.get(usize::from(*s)))
            .map_or_else(Vec::new, |w| keywords(w))
    }
}

impl Module {
    /// Gives function `g`, when its name is an intrinsic of LLVM 19's table, the intrinsic's
    /// own attributes in place of its function, return and parameter attributes, as LLVM does
    /// when it reads a module. True when `g` is such an intrinsic.
    pub fn reset_intrinsic_attrs(&mut self, g: GlobalId) -> bool {
        let Some(attrs) = lookup(&self.global_name_ref(g)) else { return false };
        let nparams = self.func(g).map_or(0, |f| f.params.len());
        let fn_attrs = self.attrs.intern(attrs.fn_attrs());
        let ret_attrs = self.attrs.intern(attrs.at(0));
        let params: Vec<AttrSetId> =
            (0..nparams).map(|k| self.attrs.intern(attrs.at(k + 1))).collect();
        let Some(f) = self.globals.get_mut(g).and_then(|gv| gv.as_func_mut()) else {
            return false;
        };
        f.fn_attrs = fn_attrs;
        f.ret_attrs = ret_attrs;
        for (p, a) in f.params.iter_mut().zip(params) {
            p.attrs = a;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(a: &[Attr]) -> Vec<String> {
        let mut v: Vec<String> = a
            .iter()
            .map(|a| match a {
                Attr::Flag(k) => k.name().to_string(),
                Attr::Int(k, n) => format!("{} {n}", k.name()),
                Attr::Memory(m) => format!("memory {}", m.0),
                other => format!("{other:?}"),
            })
            .collect();
        v.sort();
        v
    }

    #[test]
    fn table_is_sorted_and_every_name_is_found() {
        let mut total = 0;
        for target in table::TARGETS {
            let (first, count) = (usize::from(target.1), usize::from(target.2));
            let Some(mut entries) = Entries::new(first, first + count) else {
                panic!("target {:?}: restarts out of range", target.0)
            };
            let (mut prev, mut n) = (Vec::new(), 0usize);
            while entries.advance() {
                let name = String::from_utf8_lossy(entries.name()).into_owned();
                assert!(n == 0 || prev.as_slice() < entries.name(), "{name} after {prev:?}");
                let dot = if target.0.is_empty() { "" } else { "." };
                let full = format!("llvm.{}{dot}{name}", target.0);
                let list = entries.code & !table::OVERLOADED;
                assert_eq!(lookup(&full), Some(IntrinsicAttrs(list)), "{full}");
                let (f, pairs) = table::LISTS.get(usize::from(list)).copied().unwrap_or_default();
                assert!(f == u8::MAX || usize::from(f) < table::FN_SETS.len(), "{full}");
                for (_, s) in pairs {
                    assert!(usize::from(*s) < table::ARG_SETS.len(), "{full}");
                }
                prev = entries.name().to_vec();
                n += 1;
            }
            // Every entry was read (none is malformed), one restart for each 32 of them.
            assert_eq!(entries.pos, entries.end, "target {:?}", target.0);
            assert_eq!(n.div_ceil(32), count, "target {:?}", target.0);
            total += n;
        }
        // LLVM 19's count of intrinsics (`Intrinsic::num_intrinsics - 1`).
        assert_eq!(total, 13937);
        for (words, _) in table::FN_SETS {
            assert_eq!(keywords(words).len(), words.split_whitespace().count(), "{words}");
        }
    }

    // The rules of LLVM 19's `Function::lookupIntrinsicID`; the cases of declarations
    // `llvm-as-19` reads are checked against it in `tests/bitcode_upgrade.rs`.
    #[test]
    fn lookup_follows_llvm_name_rules() {
        // `llvm.memcpy` is overloaded: found with its mangled types, or without any.
        assert!(lookup("llvm.memcpy.p0.p0.i64").is_some());
        assert!(lookup("llvm.memcpy").is_some());
        // The names starting with `memcpy.element` are narrowed to
        // `memcpy.element.unordered.atomic`, which this is not.
        assert!(lookup("llvm.memcpy.element.p0").is_none());
        // `llvm.assume` is not overloaded: found only without a suffix.
        assert!(lookup("llvm.assume").is_some());
        assert!(lookup("llvm.assume.x").is_none());
        assert_eq!(lookup("llvm.eh.typeid.for.p0"), lookup("llvm.eh.typeid.for.p1"));
        assert!(lookup("llvm.nosuchthing.i32").is_none());
        assert!(lookup("memcpy").is_none());
        assert!(lookup("llvm.").is_none() && lookup("llvm.x86").is_none());
        assert!(lookup("llvm.x86.").is_none() && lookup("llvm..").is_none());
        // Target intrinsics: each target's names are their own table.
        assert!(lookup("llvm.x86.sse2.pause").is_some());
        assert!(lookup("llvm.nvvm.read.ptx.sreg.tid.x").is_some());
        assert!(lookup("llvm.nvvm.read.ptx.sreg.tid.x.y").is_none());
        assert!(lookup("llvm.nvvm.bogus.thing").is_none());
        assert!(lookup("llvm.xcore.zext").is_some() && lookup("llvm.abs.i32").is_some());
        assert!(lookup("llvm.aarch64.sve.ld1.nxv4i32").is_some());
    }

    #[test]
    fn attributes_match_llvm_dis() {
        // declare void @llvm.assume(i1 noundef) #0
        // #0 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
        let a = lookup("llvm.assume").unwrap_or(IntrinsicAttrs(u16::MAX));
        assert_eq!(
            names(&a.fn_attrs()),
            ["memory 8", "nocallback", "nofree", "nosync", "nounwind", "willreturn"]
        );
        assert_eq!(names(&a.at(1)), ["noundef"]);
        // declare i32 @llvm.eh.typeid.for.p0(ptr) #0 ; #0 = { nounwind memory(none) }
        let t = lookup("llvm.eh.typeid.for.p0").unwrap_or(IntrinsicAttrs(u16::MAX));
        assert_eq!(names(&t.fn_attrs()), ["memory 0", "nounwind"]);
        assert!(t.at(1).is_empty());
        // declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias
        //   nocapture readonly, i64, i1 immarg) #0
        // #0 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
        let m = lookup("llvm.memcpy.p0.p0.i64").unwrap_or(IntrinsicAttrs(u16::MAX));
        assert_eq!(
            names(&m.fn_attrs()),
            ["memory 3", "nocallback", "nofree", "nounwind", "willreturn"]
        );
        assert_eq!(names(&m.at(1)), ["noalias", "nocapture", "writeonly"]);
        assert_eq!(names(&m.at(2)), ["noalias", "nocapture", "readonly"]);
        assert!(m.at(3).is_empty());
        assert_eq!(names(&m.at(4)), ["immarg"]);
        // declare i32 @llvm.ctlz.i32(i32, i1 immarg) #0
        // #0 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
        let c = lookup("llvm.ctlz.i32").unwrap_or(IntrinsicAttrs(u16::MAX));
        assert_eq!(
            names(&c.fn_attrs()),
            [
                "memory 0",
                "nocallback",
                "nofree",
                "nosync",
                "nounwind",
                "speculatable",
                "willreturn"
            ]
        );
        assert_eq!(names(&c.at(2)), ["immarg"]);
        // declare token @llvm.experimental.gc.statepoint.p0(i64 immarg, i32 immarg, ptr,
        //   i32 immarg, i32 immarg, ...)
        let g = lookup("llvm.experimental.gc.statepoint.p0").unwrap_or(IntrinsicAttrs(u16::MAX));
        assert!(g.fn_attrs().is_empty());
        let imm: Vec<bool> = (0..=5).map(|k| g.at(k) == [Attr::Flag(AttrKind::ImmArg)]).collect();
        assert_eq!(imm, [false, true, true, false, true, true]);
        // declare void @llvm.va_start.p0(ptr) #0 ; #0 = { nocallback nofree nosync nounwind
        //   willreturn }
        let v = lookup("llvm.va_start.p0").unwrap_or(IntrinsicAttrs(u16::MAX));
        assert_eq!(
            names(&v.fn_attrs()),
            ["nocallback", "nofree", "nosync", "nounwind", "willreturn"]
        );
    }
}
