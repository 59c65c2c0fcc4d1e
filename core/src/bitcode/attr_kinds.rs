//! Attribute kinds in bitcode: the `ATTR_KIND_*` code of each attribute keyword.
//!
//! Codes 45, 49 and 50 (`argmemonly`, `inaccessiblememonly`,
//! `inaccessiblemem_or_argmemonly`) are written by LLVM 15 and older only; LLVM 16 replaced
//! them by `memory(...)`, and a reader turns them into it.

/// `(code, keyword)` for every attribute LLVM 19 writes, in code order.
pub(crate) const KINDS: &[(u32, &str)] = &[
    (1, "align"),
    (2, "alwaysinline"),
    (3, "byval"),
    (4, "inlinehint"),
    (5, "inreg"),
    (6, "minsize"),
    (7, "naked"),
    (8, "nest"),
    (9, "noalias"),
    (10, "nobuiltin"),
    (11, "nocapture"),
    (12, "noduplicate"),
    (13, "noimplicitfloat"),
    (14, "noinline"),
    (15, "nonlazybind"),
    (16, "noredzone"),
    (17, "noreturn"),
    (18, "nounwind"),
    (19, "optsize"),
    (20, "readnone"),
    (21, "readonly"),
    (22, "returned"),
    (23, "returns_twice"),
    (24, "signext"),
    (25, "alignstack"),
    (26, "ssp"),
    (27, "sspreq"),
    (28, "sspstrong"),
    (29, "sret"),
    (30, "sanitize_address"),
    (31, "sanitize_thread"),
    (32, "sanitize_memory"),
    (33, "uwtable"),
    (34, "zeroext"),
    (35, "builtin"),
    (36, "cold"),
    (37, "optnone"),
    (38, "inalloca"),
    (39, "nonnull"),
    (40, "jumptable"),
    (41, "dereferenceable"),
    (42, "dereferenceable_or_null"),
    (43, "convergent"),
    (44, "safestack"),
    (46, "swiftself"),
    (47, "swifterror"),
    (48, "norecurse"),
    (51, "allocsize"),
    (52, "writeonly"),
    (53, "speculatable"),
    (54, "strictfp"),
    (55, "sanitize_hwaddress"),
    (56, "nocf_check"),
    (57, "optforfuzzing"),
    (58, "shadowcallstack"),
    (59, "speculative_load_hardening"),
    (60, "immarg"),
    (61, "willreturn"),
    (62, "nofree"),
    (63, "nosync"),
    (64, "sanitize_memtag"),
    (65, "preallocated"),
    (66, "nomerge"),
    (67, "null_pointer_is_valid"),
    (68, "noundef"),
    (69, "byref"),
    (70, "mustprogress"),
    (71, "nocallback"),
    (72, "hot"),
    (73, "noprofile"),
    (74, "vscale_range"),
    (75, "swiftasync"),
    (76, "nosanitize_coverage"),
    (77, "elementtype"),
    (78, "disable_sanitizer_instrumentation"),
    (79, "nosanitize_bounds"),
    (80, "allocalign"),
    (81, "allocptr"),
    (82, "allockind"),
    (83, "presplitcoroutine"),
    (84, "fn_ret_thunk_extern"),
    (85, "skipprofile"),
    (86, "memory"),
    (87, "nofpclass"),
    (88, "optdebug"),
    (89, "writable"),
    (90, "coro_only_destroy_when_complete"),
    (91, "dead_on_unwind"),
    (92, "range"),
    (93, "sanitize_numerical_stability"),
    (94, "initializes"),
    (95, "hybrid_patchable"),
];

/// The pre-LLVM-16 memory attributes: `(code, keyword)`.
pub(crate) const OLD_MEMORY_KINDS: &[(u32, &str)] =
    &[(45, "argmemonly"), (49, "inaccessiblememonly"), (50, "inaccessiblemem_or_argmemonly")];

/// The keyword of attribute code `code`.
pub(crate) fn keyword(code: u32) -> Option<&'static str> {
    KINDS.binary_search_by_key(&code, |&(c, _)| c).ok().and_then(|i| KINDS.get(i)).map(|&(_, k)| k)
}

/// The code of attribute keyword `kw`.
pub(crate) fn code(kw: &str) -> Option<u32> {
    KINDS.iter().find(|&&(_, k)| k == kw).map(|&(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_sorted_unique_and_every_keyword_is_an_attribute() {
        assert!(KINDS.windows(2).all(|w| matches!(w, [a, b] if a.0 < b.0)));
        let mut known = Vec::new();
        macro_rules! collect {
            ($($v:ident $kw:literal $shape:ident $($p:ident)|+;)*) => { $(known.push($kw);)* };
        }
        crate::for_each_attr!(collect);
        for (c, k) in KINDS {
            assert!(known.contains(k), "{c} {k}");
            assert_eq!(code(k), Some(*c));
            assert_eq!(keyword(*c), Some(*k));
        }
        // Every attribute the text knows has a code.
        for k in known {
            assert!(code(k).is_some(), "{k}");
        }
    }
}
