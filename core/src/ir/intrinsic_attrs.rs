//! LLVM 19's own attributes of intrinsic declarations (its `Intrinsic::getAttributes`): when
//! LLVM reads a module, text or bitcode, every declaration of an intrinsic it knows gets
//! exactly these function, return and parameter attributes, whatever the file said
//! (`declare void @llvm.assume(i1 noundef)` is read as `declare void @llvm.assume(i1 noundef)
//! #0` with `#0 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem:
//! write) }`).
//!
//! The data is generated from LLVM's tblgen output by `scripts/gen-intrinsic-attrs.py` into
//! `intrinsic_attrs_table.rs`: the target-independent intrinsics and those of AArch64, ARM,
//! WebAssembly and x86 (other targets' intrinsics are not in it: [`other_target`] tells them). Names are looked up as LLVM
//! does ([`lookup`]): the longest table name that is the whole name or a dot-separated prefix
//! of it, an overloaded intrinsic only with a suffix and any other only without one. This is
//! a separate table from [`super::intrinsics`], which lists only the families the project
//! implements.

#[path = "intrinsic_attrs_table.rs"]
mod table;

use super::attrs::{Attr, AttrKind, MemoryEffects};
use super::{AttrSetId, GlobalId, Module};

/// An intrinsic's attributes: one entry of the table, as [`lookup`] finds it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct IntrinsicAttrs(u16);

/// LLVM's intrinsic for function name `name` (with its `llvm.` prefix), when the table has it.
pub fn lookup(name: &str) -> Option<IntrinsicAttrs> {
    let rest = name.strip_prefix("llvm.")?;
    // The candidates are the prefixes of `rest` ending before a dot or at its end; the
    // longest one in the table wins.
    let mut ends: Vec<usize> =
        rest.char_indices().filter(|&(_, c)| c == '.').map(|(i, _)| i).collect();
    ends.push(rest.len());
    for &end in ends.iter().rev() {
        let Some(stem) = rest.get(..end) else { continue };
        if let Some(i) = find(stem) {
            let entry = *table::ENTRIES.get(i)?;
            let overloaded = entry & table::OVERLOADED != 0;
            let suffixed = end < rest.len();
            return (suffixed == overloaded).then_some(IntrinsicAttrs(entry & !table::OVERLOADED));
        }
    }
    None
}

/// Name `i` of the table (without `llvm.`).
fn name_at(i: usize) -> Option<&'static str> {
    let start = match i.checked_sub(1) {
        Some(p) => *table::ENDS.get(p)?,
        None => 0,
    };
    let end = *table::ENDS.get(i)?;
    table::NAMES.get(usize::try_from(start).ok()?..usize::try_from(end).ok()?)
}

/// The index of `stem` among the table's names (sorted), if it is one.
fn find(stem: &str) -> Option<usize> {
    let (mut lo, mut hi) = (0, table::ENDS.len());
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        match name_at(mid)?.cmp(stem) {
            std::cmp::Ordering::Less => lo = mid + 1,
            std::cmp::Ordering::Greater => hi = mid,
            std::cmp::Ordering::Equal => return Some(mid),
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

/// True for the name of an intrinsic of a target the table leaves out (`llvm.x86.sse2.pause`),
/// whose LLVM attributes are not known here.
pub fn other_target(name: &str) -> bool {
    let target = name.strip_prefix("llvm.").and_then(|r| r.split('.').next()).unwrap_or("");
    table::OTHER_TARGETS.contains(&target)
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
    fn table_is_sorted_and_indices_are_in_range() {
        assert_eq!(table::ENDS.len(), table::ENTRIES.len());
        assert_eq!(table::ENDS.last().copied(), u32::try_from(table::NAMES.len()).ok());
        let names: Vec<&str> = (0..table::ENDS.len()).filter_map(name_at).collect();
        assert_eq!(names.len(), table::ENDS.len());
        assert!(names.windows(2).all(|w| w.first() < w.get(1)));
        for (i, name) in names.iter().enumerate() {
            assert_eq!(find(name), Some(i));
            let list = table::ENTRIES.get(i).map_or(u16::MAX, |e| e & !table::OVERLOADED);
            let (f, pairs) = table::LISTS.get(usize::from(list)).copied().unwrap_or_default();
            assert!(f == u8::MAX || usize::from(f) < table::FN_SETS.len(), "{name}");
            for (_, s) in pairs {
                assert!(usize::from(*s) < table::ARG_SETS.len(), "{name}");
            }
        }
        for (words, _) in table::FN_SETS {
            assert_eq!(keywords(words).len(), words.split_whitespace().count(), "{words}");
        }
    }

    // The expectations below are `llvm-as-19 | llvm-dis-19` of the declarations, written
    // without attributes.
    #[test]
    fn lookup_follows_llvm_name_rules() {
        // `llvm.memcpy` is overloaded: found only with its mangled types.
        assert!(lookup("llvm.memcpy.p0.p0.i64").is_some());
        assert!(lookup("llvm.memcpy").is_none());
        // `llvm.assume` is not overloaded: found only without a suffix.
        assert!(lookup("llvm.assume").is_some());
        assert!(lookup("llvm.assume.x").is_none());
        // The longest stem wins (`llvm.experimental.constrained.fadd` is not `...fadd.f64`).
        assert_eq!(lookup("llvm.eh.typeid.for.p0"), lookup("llvm.eh.typeid.for.p1"));
        assert!(lookup("llvm.eh.typeid.for").is_none());
        assert!(lookup("llvm.nosuchthing.i32").is_none());
        assert!(lookup("memcpy").is_none());
        assert!(other_target("llvm.nvvm.barrier0") && !other_target("llvm.wasm.memory.size"));
        assert!(!other_target("llvm.x86.sse2.pause") && lookup("llvm.x86.sse2.pause").is_some());
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
