//! Unit tests of `instcombine`, on parsed IR.

use crate::passes::tests::run_on;

fn comb(src: &str) -> String {
    run_on(src, super::run)
}

#[test]
fn bool_round_trip() {
    // What clang -O0 code looks like after mem2reg: a C boolean widened and tested again.
    let t = comb(
        r#"
define i32 @f(i32 %x, i32 %y) {
entry:
  %c = icmp slt i32 %x, %y
  %z = zext i1 %c to i32
  %t = icmp ne i32 %z, 0
  br i1 %t, label %a, label %b
a:
  %c2 = icmp eq i32 %x, 5
  %z2 = zext i1 %c2 to i32
  %t2 = icmp eq i32 %z2, 0
  %n = xor i1 %t2, true
  br i1 %n, label %b, label %a
b:
  ret i32 0
}
"#,
    );
    assert!(t.contains("br i1 %c, label %a, label %b"), "{t}");
    assert!(
        t.contains("%c2 = icmp eq i32 %x, 5") && t.contains("br i1 %c2, label %b, label %a"),
        "{t}"
    );
    assert!(!t.contains("zext") && !t.contains("xor"), "{t}");
}

#[test]
fn casts_and_narrowing() {
    let t = comb(
        r#"
define i16 @f(i16 %a, i16 %b, i8 %c) {
  %x = sext i16 %a to i32
  %y = sext i16 %b to i32
  %m = mul nsw i32 %x, %y
  %t = trunc i32 %m to i16
  %z = zext i8 %c to i16
  %zz = zext i16 %z to i64
  %tt = trunc i64 %zz to i16
  %r = add i16 %t, %tt
  ret i16 %r
}
"#,
    );
    assert!(t.contains("mul i16 %a, %b"), "{t}");
    assert!(!t.contains("i32") && !t.contains("i64"), "{t}");
}

#[test]
fn constants_and_compares() {
    let t = comb(
        r#"
define i1 @f(i32 %x, i8 %b) {
  %a = add nsw i32 %x, 3
  %s = sub nsw i32 %a, 10
  %m = mul i32 %s, 8
  %u = udiv exact i32 %m, 4
  %z = zext i8 %b to i32
  %c = icmp ult i32 %z, 10
  %d = icmp sle i32 %u, 7
  %e = and i1 %c, %d
  %f = icmp sgt i32 5, %u
  %g = or i1 %e, %f
  ret i1 %g
}
"#,
    );
    assert!(t.contains("add i32 %x, -7"), "{t}");
    assert!(t.contains("shl i32") && t.contains("lshr exact i32"), "{t}");
    assert!(t.contains("icmp ult i8 %b, 10") && t.contains("icmp slt i32 %u, 8"), "{t}");
    assert!(t.contains("icmp slt i32 %u, 5"), "{t}");
}

#[test]
fn selects() {
    let t = comb(
        r#"
define i32 @f(i32 %x, i1 %p, i1 %q) {
  %c = icmp eq i32 %x, 0
  %s = select i1 %c, i32 1, i32 0
  %d = icmp ult i32 %x, 7
  %t = select i1 %d, i32 0, i32 -1
  %n = xor i1 %p, true
  %u = select i1 %n, i32 %s, i32 %t
  %v = select i1 %p, i1 true, i1 %q
  %w = zext i1 %v to i32
  %r = add i32 %u, %w
  ret i32 %r
}
"#,
    );
    assert!(t.contains("zext i1 %c to i32"), "{t}");
    assert!(t.contains("icmp ugt i32 %x, 6") && t.contains("sext i1 %d to i32"), "{t}");
    assert!(t.contains("%u = select i1 %p, i32 %t, i32 %s"), "{t}");
    // Never `or i1 %p, %q`: %q may be poison where the select does not pick it.
    assert!(t.contains("select i1 %p, i1 true, i1 %q"), "{t}");
}

#[test]
fn geps_merge() {
    let t = comb(
        r#"
%S = type { i16, i32, [4 x i64] }
define ptr @f(ptr %p) {
  %a = getelementptr inbounds [3 x %S], ptr %p, i64 0, i64 1
  %b = getelementptr inbounds %S, ptr %a, i32 0, i32 2, i64 3
  %c = getelementptr inbounds %S, ptr %b, i64 0
  ret ptr %c
}
"#,
    );
    // 40 bytes per %S; field 2 at 8; element 3 of i64 at 24: 40 + 8 + 24 = 72.
    assert!(t.contains("getelementptr inbounds i8, ptr %p, i64 72"), "{t}");
    assert_eq!(t.matches("getelementptr").count(), 1, "{t}");
}
