//! Unit tests of the interpreter on small IR programs.

use super::{run, Exit, Options, UbKind};

fn go(src: &str, opts: &Options) -> super::Outcome {
    let p = crate::text::parse(src);
    let Some(m) = p.module else { panic!("parse failed: {:?}", p.diagnostics) };
    run(&m, opts)
}

fn exit_of(src: &str) -> Exit {
    go(src, &Options::default()).exit
}

fn ub_kind(src: &str) -> UbKind {
    match exit_of(src) {
        Exit::Ub(r) => r.kind,
        e => panic!("expected UB, got {e:?}"),
    }
}

const PRINTF: &str =
    "declare i32 @printf(ptr, ...)\n@fmt = private constant [4 x i8] c\"%d\\0A\\00\"\n";

#[test]
fn returns_and_prints() {
    let src = format!("{PRINTF}define i32 @main() {{\n  %x = add i32 40, 2\n  call i32 (ptr, ...) @printf(ptr @fmt, i32 %x)\n  ret i32 %x\n}}\n");
    let o = go(&src, &Options::default());
    assert_eq!(o.exit, Exit::Returned { value: 42 });
    assert_eq!(o.stdout, b"42\n");
}

#[test]
fn poison_branch_reports_origin() {
    let src = "define i32 @main() {\n  %a = add nsw i32 2147483647, 1\n  %c = icmp sgt i32 %a, 0\n  br i1 %c, label %x, label %x\nx:\n  ret i32 0\n}\n";
    let Exit::Ub(r) = exit_of(src) else { panic!() };
    assert_eq!(r.kind, UbKind::BranchOnPoison);
    let o = r.origin.expect("origin");
    assert_eq!(o.reason, "add nsw overflowed: 2147483647 + 1");
    assert_eq!(o.chain.len(), 1);
}

#[test]
fn select_does_not_propagate_unchosen_poison_and_freeze_gives_zero() {
    let src = "define i32 @main() {\n  %p = shl i32 1, 33\n  %s = select i1 true, i32 5, i32 %p\n  %f = freeze i32 %p\n  %r = add i32 %s, %f\n  ret i32 %r\n}\n";
    assert_eq!(exit_of(src), Exit::Returned { value: 5 });
}

#[test]
fn division_ub() {
    assert_eq!(
        ub_kind("define i32 @main() {\n  %d = sdiv i32 -2147483648, -1\n  ret i32 %d\n}\n"),
        UbKind::DivisionOverflow
    );
    assert_eq!(
        ub_kind("define i32 @main() {\n  %d = udiv i32 1, 0\n  ret i32 %d\n}\n"),
        UbKind::DivisionByZero
    );
}

#[test]
fn memory_errors() {
    let uaf = "declare ptr @malloc(i64)\ndeclare void @free(ptr)\ndefine i32 @main() {\n  %p = call ptr @malloc(i64 4)\n  store i32 1, ptr %p\n  call void @free(ptr %p)\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n";
    assert_eq!(ub_kind(uaf), UbKind::UseAfterFree);
    let df = "declare ptr @malloc(i64)\ndeclare void @free(ptr)\ndefine i32 @main() {\n  %p = call ptr @malloc(i64 4)\n  call void @free(ptr %p)\n  call void @free(ptr %p)\n  ret i32 0\n}\n";
    assert_eq!(ub_kind(df), UbKind::DoubleFree);
    let oob = "define i32 @main() {\n  %a = alloca [2 x i32]\n  %p = getelementptr [2 x i32], ptr %a, i64 0, i64 2\n  store i32 1, ptr %p\n  ret i32 0\n}\n";
    assert_eq!(ub_kind(oob), UbKind::OutOfBounds);
    let null = "define i32 @main() {\n  %v = load i32, ptr null\n  ret i32 %v\n}\n";
    assert_eq!(ub_kind(null), UbKind::NullDereference);
    let cst = "@g = constant i32 1\ndefine i32 @main() {\n  store i32 2, ptr @g\n  ret i32 0\n}\n";
    assert_eq!(ub_kind(cst), UbKind::StoreToConstant);
    let dangling = "define ptr @f() {\n  %a = alloca i32\n  ret ptr %a\n}\ndefine i32 @main() {\n  %p = call ptr @f()\n  %v = load i32, ptr %p\n  ret i32 %v\n}\n";
    assert_eq!(ub_kind(dangling), UbKind::DanglingStack);
    let mis = "define i32 @main() {\n  %a = alloca [2 x i32], align 8\n  %p = getelementptr i8, ptr %a, i64 2\n  %v = load i32, ptr %p, align 4\n  ret i32 %v\n}\n";
    assert_eq!(ub_kind(mis), UbKind::Misaligned);
}

#[test]
fn stored_poison_stays_poison_and_pointers_round_trip() {
    let src = "define i32 @main() {\n  %a = alloca i32\n  %p = shl i32 1, 40\n  store i32 %p, ptr %a\n  %v = load i32, ptr %a\n  %c = icmp eq i32 %v, 0\n  br i1 %c, label %x, label %x\nx:\n  ret i32 0\n}\n";
    let Exit::Ub(r) = exit_of(src) else { panic!() };
    assert!(r.origin.is_some_and(|o| o.reason.contains("shl")));
    let rt = "define i32 @main() {\n  %a = alloca [4 x i32]\n  %i = ptrtoint ptr %a to i64\n  %j = add i64 %i, 8\n  %q = inttoptr i64 %j to ptr\n  store i32 7, ptr %q\n  %r = getelementptr i32, ptr %a, i64 2\n  %v = load i32, ptr %r\n  ret i32 %v\n}\n";
    assert_eq!(exit_of(rt), Exit::Returned { value: 7 });
}

#[test]
fn phis_are_parallel() {
    let src = "define i32 @main() {\nentry:\n  br label %l\nl:\n  %a = phi i32 [ 1, %entry ], [ %b, %l ]\n  %b = phi i32 [ 2, %entry ], [ %a, %l ]\n  %n = phi i32 [ 0, %entry ], [ %n1, %l ]\n  %n1 = add i32 %n, 1\n  %c = icmp eq i32 %n1, 3\n  br i1 %c, label %e, label %l\ne:\n  %r = mul i32 %a, 10\n  %s = add i32 %r, %b\n  ret i32 %s\n}\n";
    // After 2 swaps (a,b) = (1,2); the third iteration exits before swapping again.
    assert_eq!(exit_of(src), Exit::Returned { value: 12 });
}

#[test]
fn wide_integers_and_vectors() {
    let src = "define i32 @main() {\n  %a = zext i32 -1 to i128\n  %b = mul i128 %a, %a\n  %c = lshr i128 %b, 96\n  %d = trunc i128 %c to i32\n  %v = add <2 x i32> <i32 1, i32 2>, <i32 10, i32 20>\n  %e = extractelement <2 x i32> %v, i32 1\n  %r = add i32 %d, %e\n  ret i32 %r\n}\n";
    // (2^32-1)^2 >> 96 = 0; 2 + 20 = 22.
    assert_eq!(exit_of(src), Exit::Returned { value: 22 });
    let odd = "define i32 @main() {\n  %a = add i33 4294967295, 2\n  %b = trunc i33 %a to i32\n  ret i32 %b\n}\n";
    assert_eq!(exit_of(odd), Exit::Returned { value: 1 });
}

#[test]
fn tail_calls_do_not_grow_the_stack() {
    let src = "define i64 @loop(i64 %n, i64 %acc) {\n  %z = icmp eq i64 %n, 0\n  br i1 %z, label %d, label %m\nd:\n  ret i64 %acc\nm:\n  %n1 = sub i64 %n, 1\n  %a1 = add i64 %acc, 1\n  %r = tail call i64 @loop(i64 %n1, i64 %a1)\n  ret i64 %r\n}\ndefine i32 @main() {\n  %r = call i64 @loop(i64 1000000, i64 0)\n  %t = trunc i64 %r to i32\n  ret i32 %t\n}\n";
    let opts = Options { max_stack_depth: 100, ..Options::default() };
    assert_eq!(go(src, &opts).exit, Exit::Returned { value: 1_000_000 });
    let rec = "define i32 @main() {\n  %r = call i32 @main()\n  ret i32 %r\n}\n";
    match go(rec, &opts).exit {
        Exit::Error(e) => assert_eq!(e.kind, super::ErrorKind::StackOverflow),
        e => panic!("{e:?}"),
    }
}

#[test]
fn unsupported_external_is_an_error() {
    match exit_of(
        "declare i32 @nope()\ndefine i32 @main() {\n  %r = call i32 @nope()\n  ret i32 %r\n}\n",
    ) {
        Exit::Error(e) => assert!(e.message.contains("@nope")),
        e => panic!("{e:?}"),
    }
}

#[test]
fn trace_records_each_instruction() {
    let src = "define i32 @main() {\n  %a = add i32 1, 2\n  ret i32 %a\n}\n";
    let o = go(src, &Options { trace: true, ..Options::default() });
    assert_eq!(o.trace.len(), 2);
    assert_eq!(o.trace[0].result.as_deref(), Some("3"));
    assert!(serde_json::to_string(&o.trace).is_ok());
}

#[test]
fn exit_runs_atexit_handlers() {
    let src = "declare i32 @atexit(ptr)\ndeclare void @exit(i32)\ndeclare i32 @putchar(i32)\ndefine void @h() {\n  call i32 @putchar(i32 104)\n  ret void\n}\ndefine i32 @main() {\n  call i32 @atexit(ptr @h)\n  call void @exit(i32 300)\n  unreachable\n}\n";
    let o = go(src, &Options::default());
    assert_eq!(o.exit, Exit::Exited { status: 300 });
    assert_eq!(o.exit.status(), 44);
    assert_eq!(o.stdout, b"h");
}

#[test]
fn discarded_poison_origins_are_reclaimed() {
    // Two million poison values, each discarded by the select that follows it, then a live
    // one: the table must stay small and the report name the live value's true origin.
    let src = "define i32 @main() {\nentry:\n  br label %l\nl:\n  %i = phi i32 [ 1, %entry ], [ %n, %l ]\n  %p = shl nuw i32 %i, 31\n  %s = select i1 true, i32 %i, i32 %p\n  %n = add i32 %s, 1\n  %m = icmp ult i32 %n, 2000000\n  br i1 %m, label %l, label %d\nd:\n  %q = udiv exact i32 %n, 3\n  %c = icmp eq i32 %q, 0\n  br i1 %c, label %d, label %e\ne:\n  ret i32 0\n}\n";
    let p = crate::text::parse(src);
    let Some(m) = p.module else { panic!("parse failed: {:?}", p.diagnostics) };
    let opts = Options::default();
    let mut it = crate::interp::state::Interp::new(&m, &opts);
    let stop = it.execute(&opts);
    let crate::interp::state::Stop::Ub(r) = stop else { panic!("expected UB, got {stop:?}") };
    assert_eq!(r.kind, UbKind::BranchOnPoison);
    assert_eq!(
        r.origin.map(|o| o.reason),
        Some("udiv exact is not exact: 2000000 / 3".to_string())
    );
    assert!(
        it.origins.peak() <= 2 * crate::interp::poison::origin::MIN_COLLECT + 16,
        "origin table grew to {} entries",
        it.origins.peak()
    );
    it.collect_origins();
    assert!(it.origins.live() < 64, "{} origins still in use", it.origins.live());
}

/// The disassembler of the op streams (`dump_ops`): registers, the exact stream with the
/// fast stream's fused ops, and the edges with their phi moves.
#[test]
fn dump_ops_golden() {
    let src = r#"
define i32 @sum(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %s1 = add nsw i32 %s, %i
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  ret i32 %s1
}
"#;
    let p = crate::text::parse(src);
    let m = p.module.expect("parses");
    let got = super::dump_ops(&m);
    let want = "\
define @sum:
  registers 6 (constants from r4), wide 0, params [r0]
  exact:
      0  br e=e0
      1  ibin op=Add d=r2 a=r2 b=r1 w=32 f=2
      2  add d=r1 a=r1 b=r5 w=32
      3  icmp p=Slt d=r3 a=r1 b=r0 w=32 f=0
      4  condbr c=r3 t=e1 f=e2
      5  ret v=r2
  fast (where it differs):
      1  addf d=r2 a=r2 b=r1 w=32 f=2
      3  cmpjump p=Slt a=r1 b=r0 w=32 ss=false t=e1 f=@5
      4  condbr c=r3 t=e1 f=@5
  e0 -> 1: r1 <- r4, r2 <- r4
  e1 -> 1: r1 <- r1, r2 <- r2
  e2 -> 5
";
    assert_eq!(got, want, "got:\n{got}");
}
