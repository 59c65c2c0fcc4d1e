//! Unit tests of `instsimplify`, on parsed IR.

use crate::passes::tests::run_on;

fn simp(src: &str) -> String {
    run_on(src, super::run)
}

#[test]
fn constants_fold_exactly() {
    let t = simp(
        r#"
define void @f(ptr %p) {
  %a = add i32 2147483647, 1
  store i32 %a, ptr %p
  %b = add nsw i32 2147483647, 1
  store i32 %b, ptr %p
  %c = udiv i32 7, 0
  store i32 %c, ptr %p
  %d = sdiv i8 -128, -1
  store i8 %d, ptr %p
  %e = shl i32 1, 32
  store i32 %e, ptr %p
  %w = mul i128 18446744073709551617, 18446744073709551615
  store i128 %w, ptr %p
  %x = trunc nuw i32 256 to i8
  store i8 %x, ptr %p
  %z = zext nneg i8 -1 to i32
  store i32 %z, ptr %p
  %s = sext i8 -1 to i64
  store i64 %s, ptr %p
  ret void
}
"#,
    );
    // Wrapping folds; violated flags and over-wide shifts are poison; immediate undefined
    // behaviour (division by zero, MIN / -1) stays where it is.
    assert!(t.contains("store i32 -2147483648"), "{t}");
    assert!(t.contains("udiv i32 7, 0") && t.contains("sdiv i8 -128, -1"), "{t}");
    assert_eq!(t.matches("store i32 poison").count(), 3, "{t}");
    assert!(
        t.contains("store i128 -1,") && t.contains("store i8 poison") && t.contains("store i64 -1"),
        "{t}"
    );
}

#[test]
fn identities() {
    let t = simp(
        r#"
define i32 @f(i32 %x, i32 %y, i1 %c) {
  %a = add i32 %x, 0
  %b = sub i32 %a, %a
  %m = mul i32 %y, 1
  %n = and i32 %m, -1
  %o = or i32 %n, 0
  %p = xor i32 %o, %o
  %s = select i1 %c, i32 %o, i32 %o
  %q = add i32 %s, %b
  %r = add i32 %q, %p
  %k = and i32 %x, 255
  %l = and i32 %k, 1023
  %cmp = icmp ugt i32 %k, 255
  %z = zext i1 %cmp to i32
  %t = add i32 %r, %z
  %u = add i32 %t, %l
  ret i32 %u
}
"#,
    );
    assert!(t.contains("%u = add i32 %y, %k"), "{t}");
    assert!(!t.contains("icmp"), "{t}");
}

#[test]
fn poison_and_undef() {
    let t = simp(
        r#"
define void @f(i32 %x, i1 %c, ptr %p) {
  %a = add i32 %x, poison
  store i32 %a, ptr %p
  %s = select i1 %c, i32 %x, i32 poison
  store i32 %s, ptr %p
  %u = select i1 %c, i32 %x, i32 undef
  store i32 %u, ptr %p
  %d = udiv i32 %x, undef
  store i32 %d, ptr %p
  %w = sub i32 undef, undef
  store i32 %w, ptr %p
  %n = and i32 %x, undef
  store i32 %n, ptr %p
  ret void
}
"#,
    );
    // `select c, x, poison` is x; `select c, x, undef` stays (x may be poison).
    assert!(t.contains("%u = select i1 %c, i32 %x, i32 undef"), "{t}");
    assert!(t.contains("store i32 %x,"), "{t}");
    assert_eq!(t.matches("store i32 poison").count(), 2, "{t}");
    assert!(t.contains("store i32 undef") && t.contains("store i32 0"), "{t}");
}

#[test]
fn phi_needs_dominance() {
    let t = simp(
        r#"
define i32 @f(i1 %c, i32 %x) {
entry:
  %a = add i32 %x, 1
  br i1 %c, label %l, label %r
l:
  %b = add i32 %x, 2
  br label %j
r:
  br label %j
j:
  %p = phi i32 [ %a, %l ], [ %a, %r ]
  %q = phi i32 [ %b, %l ], [ undef, %r ]
  %s = add i32 %p, %q
  ret i32 %s
}
"#,
    );
    assert!(t.contains("%s = add i32 %a, %q"), "{t}");
    assert!(t.contains("%q = phi"), "{t}");
}

#[test]
fn freeze_of_well_defined() {
    let t = simp(
        r#"
define i32 @f(i32 noundef %x, i32 %y) {
  %a = add i32 %x, 1
  %f = freeze i32 %a
  %g = freeze i32 %y
  %h = freeze i32 %g
  %n = add nsw i32 %x, 1
  %k = freeze i32 %n
  %r = add i32 %f, %h
  %s = add i32 %r, %k
  ret i32 %s
}
"#,
    );
    assert!(t.contains("%r = add i32 %a, %g"), "{t}");
    assert!(t.contains("%k = freeze i32 %n"), "{t}");
}
