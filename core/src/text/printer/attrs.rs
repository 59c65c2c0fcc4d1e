//! Attributes: their spelling, LLVM's order inside a set, and the numbering of attribute
//! groups (`attributes #N = { ... }`) in LLVM's order of first use.

use super::constants::write_apint;
use super::names::{push_num, write_escaped, NO_SLOT};
use super::ModulePrinter;
use crate::ir::attrs::{fpclass, MemoryEffects, ModRef, UwTableKind, MEMORY_LOCATIONS};
use crate::ir::module::GlobalKind;
use crate::ir::{Attr, AttrKind, AttrSetId, SecondaryMap};
use std::fmt::Write;

/// Attribute keywords in the order LLVM sorts them: enum attributes, type attributes, integer
/// attributes, `range`, `initializes` (each group by LLVM's TableGen record name); string
/// attributes come after all of these, by key. Checked with `llvm-dis-19`.
const LLVM_ORDER: &[AttrKind] = &[
    AttrKind::AllocAlign,
    AttrKind::AllocPtr,
    AttrKind::AlwaysInline,
    AttrKind::Builtin,
    AttrKind::Cold,
    AttrKind::Convergent,
    AttrKind::CoroDestroyOnlyWhenComplete,
    AttrKind::DeadOnUnwind,
    AttrKind::DisableSanitizerInstrumentation,
    AttrKind::FnRetThunkExtern,
    AttrKind::Hot,
    AttrKind::HybridPatchable,
    AttrKind::ImmArg,
    AttrKind::InReg,
    AttrKind::InlineHint,
    AttrKind::JumpTable,
    AttrKind::MinSize,
    AttrKind::MustProgress,
    AttrKind::Naked,
    AttrKind::Nest,
    AttrKind::NoAlias,
    AttrKind::NoBuiltin,
    AttrKind::NoCallback,
    AttrKind::NoCapture,
    AttrKind::NoCfCheck,
    AttrKind::NoDuplicate,
    AttrKind::NoFree,
    AttrKind::NoImplicitFloat,
    AttrKind::NoInline,
    AttrKind::NoMerge,
    AttrKind::NoProfile,
    AttrKind::NoRecurse,
    AttrKind::NoRedZone,
    AttrKind::NoReturn,
    AttrKind::NoSanitizeBounds,
    AttrKind::NoSanitizeCoverage,
    AttrKind::NoSync,
    AttrKind::NoUndef,
    AttrKind::NoUnwind,
    AttrKind::NonLazyBind,
    AttrKind::NonNull,
    AttrKind::NullPointerIsValid,
    AttrKind::OptForFuzzing,
    AttrKind::OptDebug,
    AttrKind::OptSize,
    AttrKind::OptNone,
    AttrKind::PresplitCoroutine,
    AttrKind::ReadNone,
    AttrKind::ReadOnly,
    AttrKind::Returned,
    AttrKind::ReturnsTwice,
    AttrKind::SExt,
    AttrKind::SafeStack,
    AttrKind::SanitizeAddress,
    AttrKind::SanitizeHwAddress,
    AttrKind::SanitizeMemTag,
    AttrKind::SanitizeMemory,
    AttrKind::SanitizeNumericalStability,
    AttrKind::SanitizeThread,
    AttrKind::ShadowCallStack,
    AttrKind::SkipProfile,
    AttrKind::Speculatable,
    AttrKind::SpeculativeLoadHardening,
    AttrKind::Ssp,
    AttrKind::SspReq,
    AttrKind::SspStrong,
    AttrKind::StrictFp,
    AttrKind::SwiftAsync,
    AttrKind::SwiftError,
    AttrKind::SwiftSelf,
    AttrKind::WillReturn,
    AttrKind::Writable,
    AttrKind::WriteOnly,
    AttrKind::ZExt,
    // Type attributes.
    AttrKind::ByRef,
    AttrKind::ByVal,
    AttrKind::ElementType,
    AttrKind::InAlloca,
    AttrKind::Preallocated,
    AttrKind::StructRet,
    // Integer attributes.
    AttrKind::Align,
    AttrKind::AllocKind,
    AttrKind::AllocSize,
    AttrKind::Dereferenceable,
    AttrKind::DereferenceableOrNull,
    AttrKind::Memory,
    AttrKind::NoFpClass,
    AttrKind::AlignStack,
    AttrKind::UwTable,
    AttrKind::VScaleRange,
    // Constant range (list) attributes.
    AttrKind::Range,
    AttrKind::Initializes,
];

fn rank(a: &Attr) -> usize {
    match a.kind() {
        Some(k) => LLVM_ORDER.iter().position(|x| *x == k).unwrap_or(LLVM_ORDER.len()),
        None => LLVM_ORDER.len() + 1,
    }
}

/// Attribute groups: the `#N` of each function attribute set, in LLVM's order of first use
/// (global variables, then function attributes, then call sites function by function).
#[derive(Clone, Debug, Default)]
pub(crate) struct AttrGroups {
    /// The sets in group order.
    pub order: Vec<AttrSetId>,
    number: SecondaryMap<AttrSetId, u32>,
}

impl AttrGroups {
    pub fn compute(p: &ModulePrinter) -> AttrGroups {
        let m = p.m;
        let mut g = AttrGroups {
            order: Vec::new(),
            number: SecondaryMap::from_elem(NO_SLOT, m.attrs.len()),
        };
        for &v in &p.order.vars {
            if let Some(GlobalKind::Var(var)) = m.globals.get(v).map(|gv| &gv.kind) {
                g.add(m, var.attrs);
            }
        }
        for &f in &p.order.funcs {
            if let Some(func) = m.func(f) {
                g.add(m, func.fn_attrs);
            }
        }
        for &f in &p.order.funcs {
            let Some(body) = m.func(f).and_then(|func| func.body.as_ref()) else { continue };
            for &b in &body.layout {
                let Some(bd) = body.blocks.get(b) else { continue };
                for &i in &bd.insts {
                    if let Some(ci) = body.insts.get(i).and_then(|d| d.call_info()) {
                        g.add(m, ci.fn_attrs);
                    }
                }
            }
        }
        g
    }

    fn add(&mut self, m: &crate::ir::Module, s: AttrSetId) {
        if m.attrs.get(s).is_empty() {
            return;
        }
        if let Some(slot) = self.number.get_mut(s) {
            if *slot == NO_SLOT {
                *slot = self.order.len() as u32;
                self.order.push(s);
            }
        }
    }

    /// The `#N` of a set, `None` for the empty set or an unknown one.
    pub fn number(&self, s: AttrSetId) -> Option<u32> {
        self.number.get(s).copied().filter(|&n| n != NO_SLOT)
    }
}

impl ModulePrinter<'_> {
    /// The attributes of a set in LLVM's order.
    fn sorted_attrs(&self, s: AttrSetId) -> impl Iterator<Item = &crate::ir::Attr> {
        let all = self.sorted_attrs.get_or_init(|| {
            self.m
                .attrs
                .ids()
                .map(|id| {
                    let attrs = self.m.attrs.get(id);
                    let mut idx: Vec<u16> = (0..attrs.len() as u16).collect();
                    idx.sort_by(|&a, &b| {
                        let (x, y) = (&attrs[a as usize], &attrs[b as usize]);
                        rank(x).cmp(&rank(y)).then_with(|| match (x, y) {
                            (Attr::Str(k1, v1), Attr::Str(k2, v2)) => {
                                k1.cmp(k2).then_with(|| v1.cmp(v2))
                            }
                            _ => std::cmp::Ordering::Equal,
                        })
                    });
                    idx.into_boxed_slice()
                })
                .collect()
        });
        let attrs = self.m.attrs.get(s);
        let idx: &[u16] = all.get(s).map(|b| &**b).unwrap_or(&[]);
        idx.iter().filter_map(move |&i| attrs.get(i as usize))
    }

    /// Writes the attributes of a set separated by spaces (`in_group` selects the `align=8`
    /// spelling used inside `attributes #N = { ... }`).
    pub(crate) fn write_attr_set(&self, out: &mut String, s: AttrSetId, in_group: bool) {
        for (i, a) in self.sorted_attrs(s).enumerate() {
            if i > 0 {
                out.push(' ');
            }
            self.write_attr(out, a, in_group);
        }
    }

    /// True when a set has attributes.
    pub(crate) fn has_attrs(&self, s: AttrSetId) -> bool {
        !self.m.attrs.get(s).is_empty()
    }

    /// Writes ` #N` for a function attribute set (nothing when empty).
    pub(crate) fn write_group_ref(&self, out: &mut String, s: AttrSetId) {
        if !self.has_attrs(s) {
            return;
        }
        match self.groups().number(s) {
            Some(n) => {
                out.push_str(" #");
                push_num(out, n.into());
            }
            None => {
                // Not part of the module's numbering (a set only a diagnostic sees).
                out.push_str(" #<badref>");
            }
        }
    }

    /// The `; Function Attrs:` text of a function attribute set (non-string attributes in
    /// their inline spelling), empty when there are none.
    pub(crate) fn write_fn_attrs_comment(&self, out: &mut String, s: AttrSetId) {
        let mut first = true;
        for a in self.sorted_attrs(s) {
            if matches!(a, Attr::Str(..)) {
                continue;
            }
            out.push_str(if first { "; Function Attrs: " } else { " " });
            first = false;
            self.write_attr(out, a, false);
        }
        if !first {
            out.push('\n');
        }
    }

    /// Writes one attribute.
    pub(crate) fn write_attr(&self, out: &mut String, a: &Attr, in_group: bool) {
        match a {
            Attr::Flag(k) => out.push_str(k.name()),
            Attr::Int(k, v) => match (k, in_group) {
                (AttrKind::Align, true) => {
                    let _ = write!(out, "align={v}");
                }
                (AttrKind::Align, false) => {
                    let _ = write!(out, "align {v}");
                }
                (AttrKind::AlignStack, true) => {
                    let _ = write!(out, "alignstack={v}");
                }
                _ => {
                    let _ = write!(out, "{}({v})", k.name());
                }
            },
            Attr::Type(k, t) => {
                out.push_str(k.name());
                out.push('(');
                self.write_type(out, *t);
                out.push(')');
            }
            Attr::AllocSize(a, b) => {
                let _ = match b {
                    Some(b) => write!(out, "allocsize({a},{b})"),
                    None => write!(out, "allocsize({a})"),
                };
            }
            Attr::VScaleRange(lo, hi) => {
                let _ = write!(out, "vscale_range({lo},{})", hi.unwrap_or(0));
            }
            Attr::UwTable(k) => match k {
                Some(UwTableKind::Sync) => out.push_str("uwtable(sync)"),
                _ => out.push_str("uwtable"),
            },
            Attr::AllocKind(s) => write_alloc_kind(out, s),
            Attr::Memory(e) => write_memory(out, *e),
            Attr::NoFpClass(mask) => {
                out.push_str("nofpclass(");
                if *mask & 0x3ff == 0 {
                    out.push_str("none");
                } else {
                    let mut rest = *mask;
                    let mut first = true;
                    for &(name, bits) in fpclass::NAMES {
                        if rest & bits == bits {
                            if !first {
                                out.push(' ');
                            }
                            first = false;
                            out.push_str(name);
                            rest &= !bits;
                        }
                    }
                }
                out.push(')');
            }
            Attr::Range(t, lo, hi) => {
                out.push_str("range(");
                self.write_type(out, *t);
                out.push(' ');
                write_apint(out, lo);
                out.push_str(", ");
                write_apint(out, hi);
                out.push(')');
            }
            Attr::Initializes(ranges) => {
                out.push_str("initializes(");
                for (i, (lo, hi)) in ranges.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    let _ = write!(out, "({lo}, {hi})");
                }
                out.push(')');
            }
            Attr::Str(k, v) => {
                out.push('"');
                write_escaped(out, k);
                out.push('"');
                if let Some(v) = v.as_deref().filter(|v| !v.is_empty()) {
                    out.push_str("=\"");
                    write_escaped(out, v);
                    out.push('"');
                }
            }
        }
    }

    /// Writes the `attributes #N = { ... }` lines.
    pub(crate) fn write_attr_groups(&self, out: &mut String) {
        let groups = self.groups();
        if groups.order.is_empty() {
            return;
        }
        out.push('\n');
        for (n, &s) in groups.order.iter().enumerate() {
            let _ = write!(out, "attributes #{n} = {{ ");
            self.write_attr_set(out, s, true);
            out.push_str(" }\n");
        }
    }
}

/// `allockind("...")` with the kinds in LLVM's order (unknown words kept at the end).
fn write_alloc_kind(out: &mut String, s: &[u8]) {
    const KINDS: [&str; 6] = ["alloc", "realloc", "free", "uninitialized", "zeroed", "aligned"];
    let words: Vec<&[u8]> = s.split(|&c| c == b',').filter(|w| !w.is_empty()).collect();
    out.push_str("allockind(\"");
    let mut first = true;
    let mut sep = |out: &mut String| {
        if !first {
            out.push(',');
        }
        first = false;
    };
    for k in KINDS {
        if words.contains(&k.as_bytes()) {
            sep(out);
            out.push_str(k);
        }
    }
    for w in &words {
        if !KINDS.iter().any(|k| k.as_bytes() == *w) {
            sep(out);
            write_escaped(out, w);
        }
    }
    out.push_str("\")");
}

/// `memory(...)` as LLVM prints it: the access of `other` as the default, then the locations
/// that differ from it.
fn write_memory(out: &mut String, e: MemoryEffects) {
    let other_idx = MEMORY_LOCATIONS.len() - 1;
    let other = e.get(other_idx);
    let mut union = 0u8;
    for i in 0..MEMORY_LOCATIONS.len() {
        union |= e.get(i) as u8;
    }
    out.push_str("memory(");
    let mut first = true;
    if other != ModRef::None || ModRef::from_bits(union) == other {
        out.push_str(other.name());
        first = false;
    }
    for (i, loc) in MEMORY_LOCATIONS.iter().enumerate().take(other_idx) {
        let mr = e.get(i);
        if mr == other {
            continue;
        }
        if !first {
            out.push_str(", ");
        }
        first = false;
        out.push_str(loc);
        out.push_str(": ");
        out.push_str(mr.name());
    }
    out.push(')');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mem(e: MemoryEffects) -> String {
        let mut s = String::new();
        write_memory(&mut s, e);
        s
    }

    #[test]
    fn memory_like_llvm() {
        assert_eq!(mem(MemoryEffects::all(ModRef::None)), "memory(none)");
        assert_eq!(mem(MemoryEffects::all(ModRef::Ref)), "memory(read)");
        let mut e = MemoryEffects::all(ModRef::None);
        e.set(0, ModRef::ModRef);
        assert_eq!(mem(e), "memory(argmem: readwrite)");
        let mut e = MemoryEffects::all(ModRef::Ref);
        e.set(0, ModRef::ModRef);
        assert_eq!(mem(e), "memory(read, argmem: readwrite)");
        let mut e = MemoryEffects::all(ModRef::None);
        e.set(0, ModRef::Ref);
        e.set(1, ModRef::ModRef);
        assert_eq!(mem(e), "memory(argmem: read, inaccessiblemem: readwrite)");
    }

    #[test]
    fn alloc_kind_order() {
        let mut s = String::new();
        write_alloc_kind(&mut s, b"zeroed,alloc,aligned");
        assert_eq!(s, "allockind(\"alloc,zeroed,aligned\")");
    }

    #[test]
    fn order_covers_every_keyword() {
        let mut seen = std::collections::HashSet::new();
        for k in LLVM_ORDER {
            assert!(seen.insert(*k), "{k:?} twice");
        }
        macro_rules! count {
            ($($variant:ident $name:literal $shape:ident $($place:ident)|*;)*) => {
                [$(AttrKind::$variant),*]
            };
        }
        let all = crate::for_each_attr!(count);
        for k in all {
            assert!(seen.contains(&k), "{k:?} missing from LLVM_ORDER");
        }
    }
}
