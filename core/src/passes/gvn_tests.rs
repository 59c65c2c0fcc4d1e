//! Unit tests of `gvn` on parsed IR.

fn opt(src: &str) -> String {
    crate::passes::tests::optimized(src, "gvn")
}

#[test]
fn loads_across_blocks_and_aliasing() {
    let out = opt(r#"
@g = global i32 0
@h = global i32 0
declare void @ext()
define i32 @f(i1 %c, ptr %q) {
entry:
  %a = alloca i32
  store i32 5, ptr %a
  store i32 7, ptr @g
  br i1 %c, label %l, label %r
l:
  store i32 1, ptr @h
  br label %j
r:
  call void @ext()
  br label %j
j:
  %x = load i32, ptr %a
  %y = load i32, ptr @g
  store i32 3, ptr %q
  %z = load i32, ptr %a
  %s = add i32 %x, %y
  %t = add i32 %s, %z
  ret i32 %t
}
"#);
    assert!(
        !out.contains("%x = load") && !out.contains("%z = load"),
        "the alloca never escapes: {out}"
    );
    assert!(out.contains("%y = load"), "@ext may write @g: {out}");
}

#[test]
fn branch_equalities_and_phis() {
    let out = opt(r#"
define i32 @f(i32 %x, i1 %c) {
entry:
  %e = icmp eq i32 %x, 4
  br i1 %e, label %t, label %f
t:
  %a = mul i32 %x, 3
  br label %j
f:
  %b = add i32 %x, 1
  br label %j
j:
  %p = phi i32 [ %a, %t ], [ %b, %f ]
  %q = phi i32 [ %a, %t ], [ %b, %f ]
  %s = add nsw i32 %p, 1
  %u = add i32 %q, 1
  %r = add i32 %s, %u
  ret i32 %r
}
"#);
    assert!(
        out.contains("[ 12, %t ]") && !out.contains("%a = mul"),
        "x is 4 on that edge, then folded: {out}"
    );
    assert!(!out.contains("%q = phi") && !out.contains("%u = add"), "{out}");
    assert!(out.contains("%s = add i32 %p, 1"), "nsw dropped: {out}");
}
