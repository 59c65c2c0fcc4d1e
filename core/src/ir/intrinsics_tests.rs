//! Tests of the intrinsic table: resolution of mangled names, the uniqueness of stems, and
//! the columns against what the passes and the verifier knew before the table existed.

use super::*;
use crate::ir::{Type, TypeId};

#[test]
fn mangled_names_resolve_to_their_family() {
    let r = Intrinsic::resolve;
    assert_eq!(r("llvm.memcpy.p0.p0.i64"), Some(Intrinsic::Memcpy));
    assert_eq!(r("llvm.memcpy.inline.p0.p0.i64"), Some(Intrinsic::MemcpyInline));
    assert_eq!(r("llvm.memset.inline.p0.i64"), Some(Intrinsic::MemsetInline));
    assert_eq!(r("llvm.memset.p0.i64"), Some(Intrinsic::Memset));
    assert_eq!(r("llvm.umin.v4i32"), Some(Intrinsic::Umin));
    assert_eq!(r("llvm.sadd.with.overflow.i32"), Some(Intrinsic::SaddWithOverflow));
    assert_eq!(r("llvm.expect.i64"), Some(Intrinsic::Expect));
    assert_eq!(r("llvm.expect.with.probability.i64"), Some(Intrinsic::ExpectWithProbability));
    assert_eq!(r("llvm.vector.reduce.fadd.v4f32"), Some(Intrinsic::ReduceFadd));
    assert_eq!(r("llvm.round.f64"), Some(Intrinsic::Round));
    assert_eq!(r("llvm.roundeven.f64"), Some(Intrinsic::Roundeven));
    assert_eq!(r("llvm.instrprof.increment.step"), Some(Intrinsic::InstrprofIncrementStep));
    assert_eq!(r("llvm.trap"), Some(Intrinsic::Trap));
    assert_eq!(r("llvm.dbg.value"), Some(Intrinsic::DbgValue));
}

#[test]
fn unknown_names_resolve_to_none() {
    for n in ["llvm.foo", "llvm.foo.bar", "llvm.", "llvm", "memcpy", "", "llvm.x86.sse2.pause"] {
        assert_eq!(Intrinsic::resolve(n), None, "{n}");
    }
    assert_eq!(Intrinsic::resolve("llvm.dbg.foo"), None);
    assert_eq!(Intrinsic::resolve("llvm.vector.reduce.foo.v4i32"), None);
}

#[test]
fn rows_match_variants_and_stems_are_unique() {
    assert_eq!(Intrinsic::ALL.len(), ROWS.len());
    let mut seen = std::collections::HashSet::new();
    for (k, &i) in Intrinsic::ALL.iter().enumerate() {
        assert_eq!(i as usize, k);
        assert!(i.name().starts_with("llvm."), "{}", i.name());
        assert!(seen.insert(i.name()), "duplicate stem {}", i.name());
        assert_eq!(Intrinsic::resolve(i.name()), Some(i));
        assert_eq!(Intrinsic::resolve(&format!("{}.i32", i.name())), Some(i));
    }
}

/// The prefixes `dce` kept as `PURE_INTRINSICS` before the table.
const OLD_PURE: &[&str] = &[
    "llvm.abs.",
    "llvm.smax.",
    "llvm.smin.",
    "llvm.umax.",
    "llvm.umin.",
    "llvm.ctpop.",
    "llvm.ctlz.",
    "llvm.cttz.",
    "llvm.bswap.",
    "llvm.bitreverse.",
    "llvm.fshl.",
    "llvm.fshr.",
    "llvm.sadd.with.overflow.",
    "llvm.uadd.with.overflow.",
    "llvm.ssub.with.overflow.",
    "llvm.usub.with.overflow.",
    "llvm.smul.with.overflow.",
    "llvm.umul.with.overflow.",
    "llvm.sadd.sat.",
    "llvm.uadd.sat.",
    "llvm.ssub.sat.",
    "llvm.usub.sat.",
    "llvm.fabs.",
    "llvm.copysign.",
    "llvm.floor.",
    "llvm.ceil.",
    "llvm.trunc.",
    "llvm.rint.",
    "llvm.nearbyint.",
    "llvm.round.",
    "llvm.roundeven.",
    "llvm.minnum.",
    "llvm.maxnum.",
    "llvm.minimum.",
    "llvm.maximum.",
    "llvm.fma.",
    "llvm.fmuladd.",
    "llvm.sqrt.",
    "llvm.expect.",
    "llvm.is.fpclass.",
    "llvm.ssa.copy.",
];

#[test]
fn pure_column_is_what_dce_removed() {
    for &i in Intrinsic::ALL {
        let mangled = format!("{}.i32", i.name());
        let old = OLD_PURE.iter().any(|p| mangled.starts_with(p));
        assert_eq!(i.is_pure(), old, "{}", i.name());
        if i.is_pure() {
            assert_eq!(i.mem(), Mem::None, "{}", i.name());
        }
    }
}

#[test]
fn no_memory_is_what_alias_analysis_assumed() {
    let old = |n: &str| {
        OLD_PURE.iter().any(|p| n.starts_with(p))
            || n.starts_with("llvm.lifetime.")
            || n.starts_with("llvm.dbg.")
            || n.starts_with("llvm.assume")
            || n.starts_with("llvm.experimental.noalias.scope.decl")
            || n.starts_with("llvm.invariant.")
    };
    for &i in Intrinsic::ALL {
        let mangled = format!("{}.i32", i.name());
        assert_eq!(i.touches_no_memory(), old(&mangled), "{}", i.name());
    }
}

#[test]
fn poison_column_is_what_may_poison_reports() {
    let poison: Vec<_> = Intrinsic::ALL.iter().filter(|i| i.may_poison()).copied().collect();
    use Intrinsic::*;
    assert_eq!(poison, [SshlSat, UshlSat, Abs, Ctlz, Cttz]);
}

/// The stems the verifier checked before the table, plus `llvm.eh.typeid.for` (overloaded on
/// its pointer since LLVM 19, so its old name is renamed on reading); the other rows added
/// since have no signature.
const OLD_CHECKED: usize = 121;

#[test]
fn signatures_cover_the_old_verifier_table() {
    let n = Intrinsic::ALL.iter().filter(|i| i.sig().is_some()).count();
    assert_eq!(n, OLD_CHECKED);
    for &i in Intrinsic::ALL {
        if i.sig().is_none() {
            assert!(i.immarg().is_empty(), "{}", i.name());
        }
    }
}

#[test]
fn mangled_names_follow_llvm() {
    let mut m = Module::default();
    let ptr = m.types.ptr(0);
    let i64t = m.types.intern(Type::Int(64));
    let i32t = m.types.intern(Type::Int(32));
    let i1 = m.types.intern(Type::Int(1));
    let v4 = m.types.intern(Type::Vector { scalable: false, len: 4, elem: i32t });
    let copy = m.types.func(TypeId::VOID, vec![ptr, ptr, i64t, i1], false);
    assert_eq!(Intrinsic::Memcpy.mangled_name(&m, copy).as_deref(), Some("llvm.memcpy.p0.p0.i64"));
    let umin = m.types.func(v4, vec![v4, v4], false);
    assert_eq!(Intrinsic::Umin.mangled_name(&m, umin).as_deref(), Some("llvm.umin.v4i32"));
    let ovf_ty = m.types.intern(Type::Struct { packed: false, fields: vec![i32t, i1].into() });
    let ovf = m.types.func(ovf_ty, vec![i32t, i32t], false);
    assert_eq!(
        Intrinsic::SaddWithOverflow.mangled_name(&m, ovf).as_deref(),
        Some("llvm.sadd.with.overflow.i32")
    );
    // A type that does not fit, and a family whose signature is not checked.
    assert_eq!(Intrinsic::Umin.mangled_name(&m, copy), None);
    assert_eq!(Intrinsic::EhTypeidFor.mangled_name(&m, copy), None);
    assert_eq!(Intrinsic::Umin.match_sig(&m, copy), Err(Mismatch::Ret));
}
