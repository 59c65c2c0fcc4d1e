//! Unit tests of the reports a student reads: where a block was allocated and freed, the
//! poison chain's reasons, undef named as undef, the help table, a malloc at the limit.

use super::{run, Exit, Options, UbKind, UbReport};

fn ub(src: &str, opts: &Options) -> UbReport {
    let p = crate::text::parse(src);
    let Some(m) = p.module else { panic!("parse failed: {:?}", p.diagnostics) };
    match run(&m, opts).exit {
        Exit::Ub(r) => r,
        e => panic!("expected UB, got {e:?}"),
    }
}

/// The line (from 1) of a byte offset of `src`.
fn line(src: &str, off: u32) -> usize {
    src.get(..off as usize).map_or(0, |s| s.matches('\n').count() + 1)
}

const UAF: &str = "declare ptr @malloc(i64)
declare void @free(ptr)
define void @release(ptr %p) {
  call void @free(ptr %p)
  ret void
}
define ptr @make() {
  %p = call ptr @malloc(i64 16)
  ret ptr %p
}
define i32 @main() {
  %a = call ptr @make()
  call void @release(ptr %a)
  %x = load i32, ptr %a
  ret i32 %x
}
";

#[test]
fn use_after_free_names_both_sites_with_stacks() {
    let r = ub(UAF, &Options::default());
    assert_eq!(r.kind, UbKind::UseAfterFree);
    assert!(r.message.contains("heap#1+0"), "{}", r.message);
    let b = r.block.expect("block");
    assert_eq!((b.name.as_str(), b.size, b.live), ("heap#1", 16, false));
    let at = |v: &[super::SiteFrame]| -> Vec<(usize, String)> {
        v.iter().map(|f| (line(UAF, f.span.0), f.function.clone())).collect()
    };
    assert_eq!(at(&b.allocated), [(8, "@make".to_string()), (12, "@main".to_string())]);
    assert_eq!(at(&b.freed), [(4, "@release".to_string()), (13, "@main".to_string())]);
    assert_eq!(line(UAF, r.span.0), 14);
    assert_eq!(r.see, "https://releases.llvm.org/19.1.0/docs/LangRef.html#object-lifetime");
    assert!(!r.help.is_empty());
}

#[test]
fn use_after_free_found_after_the_record_is_reused() {
    // The second malloc takes the freed block's record: the old pointer still reports a use
    // after free of heap#1, not an out-of-bounds access of heap#2.
    let src = "declare ptr @malloc(i64)
declare void @free(ptr)
define i32 @main() {
  %p = call ptr @malloc(i64 8)
  call void @free(ptr %p)
  %q = call ptr @malloc(i64 8)
  %x = load i32, ptr %p
  ret i32 %x
}
";
    let r = ub(src, &Options::default());
    assert_eq!(r.kind, UbKind::UseAfterFree);
    let b = r.block.expect("block");
    assert_eq!(b.name, "heap#1");
    assert_eq!(b.freed.len(), 1);
}

#[test]
fn dangling_stack_found_after_the_record_is_reused() {
    let src = "define ptr @leak() {
  %x = alloca i32
  store i32 5, ptr %x
  ret ptr %x
}
define i32 @other() {
  %y = alloca i32
  store i32 7, ptr %y
  %v = load i32, ptr %y
  ret i32 %v
}
define i32 @main() {
  %p = call ptr @leak()
  %o = call i32 @other()
  %v = load i32, ptr %p
  ret i32 %v
}
";
    let r = ub(src, &Options::default());
    assert_eq!(r.kind, UbKind::DanglingStack);
    let b = r.block.expect("block");
    assert_eq!((b.name.as_str(), b.live), ("%x", false));
    assert_eq!(b.allocated.len(), 1);
    assert_eq!(line(src, b.allocated[0].span.0), 2);
}

#[test]
fn out_of_bounds_names_the_live_block() {
    let src = "declare ptr @malloc(i64)
define i32 @main() {
  %p = call ptr @malloc(i64 8)
  %e = getelementptr i8, ptr %p, i64 8
  %x = load i8, ptr %e
  ret i32 0
}
";
    let r = ub(src, &Options::default());
    assert_eq!(r.kind, UbKind::OutOfBounds);
    let b = r.block.expect("block");
    assert!(b.live && b.freed.is_empty());
    assert_eq!(line(src, b.allocated[0].span.0), 3);
}

#[test]
fn chain_says_why_each_step_is_poison() {
    let src = "define i32 @main() {
  %p = add nsw i32 2147483647, 1
  %q = mul i32 %p, 3
  %c = icmp sgt i32 %q, 0
  br i1 %c, label %x, label %x
x:
  ret i32 0
}
";
    let r = ub(src, &Options::default());
    let o = r.origin.expect("origin");
    assert_eq!(o.because, "the `nsw` addition overflowed (2147483647 + 1)");
    let reasons: Vec<&str> = o.chain.iter().map(|s| s.reason.as_str()).collect();
    assert_eq!(reasons, ["its operand `%p` is poison", "its operand `%q` is poison"]);
}

#[test]
fn undef_is_called_undef() {
    let src = "define i32 @main() {
  %s = alloca ptr
  %p = load ptr, ptr %s
  %v = load i32, ptr %p
  ret i32 %v
}
";
    let r = ub(src, &Options::default());
    assert_eq!(r.kind, UbKind::UndefPointer);
    assert_eq!(r.message, "memory access through an undef pointer");
    let o = r.origin.expect("origin");
    assert_eq!(o.kind, super::TaintKind::Undef);
    assert!(o.because.contains("undef"), "{}", o.because);
}

#[test]
fn malloc_at_the_limit_is_recorded() {
    let src = "declare ptr @malloc(i64)
define i32 @main() {
  %p = call ptr @malloc(i64 100000000)
  %n = icmp eq ptr %p, null
  %r = zext i1 %n to i32
  ret i32 %r
}
";
    let p = crate::text::parse(src);
    let Some(m) = p.module else { panic!() };
    let o = run(&m, &Options { max_memory: 1_000_000, ..Options::default() });
    assert_eq!(o.exit, Exit::Returned { value: 1 });
    let f = o.malloc_failed.expect("recorded");
    assert_eq!((f.size, f.limit, f.function.as_str()), (100_000_000, 1_000_000, "@main"));
    assert_eq!(line(src, f.span.0), 3);
}
