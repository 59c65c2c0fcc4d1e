//! Verifier tests on small modules parsed from text: each case is rejected (or accepted) by
//! `llvm-as-19` too. A case's first line says what it expects: `; OK` or `; ERR <substring>`
//! (the errors must all be on the lines holding `<-`, and each such line must get one);
//! `; ERR(strict)` marks the few rules where irplay is stricter than `llvm-as-19`.

use crate::diag::SourceFile;

const CASES: &str = r#"
; ERR PHINode should have one entry
define i32 @f(i1 %c) {
e:
  br i1 %c, label %a, label %a
a:
  %p = phi i32 [0, %e] ; <-
  ret i32 %p
}
===
; OK duplicate edges need one entry per edge, with equal values
define i32 @f(i1 %c) {
e:
  br i1 %c, label %a, label %a
a:
  %p = phi i32 [0, %e], [0, %e]
  ret i32 %p
}
===
; ERR multiple entries for the same basic block
define i32 @f(i1 %c) {
e:
  br i1 %c, label %a, label %a
a:
  %p = phi i32 [0, %e], [1, %e] ; <-
  ret i32 %p
}
===
; ERR PHI node entries do not match predecessors
define i32 @f(i1 %c) {
e:
  br i1 %c, label %a, label %b
a:
  br label %j
b:
  br label %j
j:
  %p = phi i32 [0, %a], [1, %e] ; <-
  ret i32 %p
}
===
; OK invoke results are usable in the normal destination and its phis
declare i32 @g()
declare i32 @pers(...)
define i32 @f() personality ptr @pers {
e:
  %r = invoke i32 @g() to label %ok unwind label %lp
ok:
  %s = add i32 %r, 1
  br label %j
j:
  %p = phi i32 [%r, %ok]
  ret i32 %p
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
===
; ERR dominate
declare i32 @g()
declare i32 @pers(...)
define i32 @f() personality ptr @pers {
e:
  %r = invoke i32 @g() to label %ok unwind label %lp
ok:
  ret i32 %r
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 %r ; <-
}
===
; ERR dominate
declare i32 @g()
declare i32 @pers(...)
define i32 @f(i1 %c) personality ptr @pers {
e:
  br i1 %c, label %a, label %b
a:
  %r = invoke i32 @g() to label %ok unwind label %lp
b:
  br label %ok
ok:
  %p = phi i32 [ 0, %a ], [ 1, %b ]
  %s = add i32 %r, 1 ; <-
  ret i32 %s
lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}
===
; OK an invoke result reaches its normal destination when the other predecessors are unreachable
declare i32 @g()
declare i32 @pers(...)
define i32 @f(i1 %c) personality ptr @pers {
b0:
  %v0 = invoke i32 @g() to label %b4 unwind label %b2
b2:
  %l2 = landingpad { ptr, i32 } cleanup
  ret i32 1
b3:
  br i1 %c, label %b4, label %b3
b4:
  %w4 = add i32 %v0, 1
  ret i32 %w4
}
===
; OK uses in unreachable blocks are unconstrained
define i32 @f(i32 %a) {
e:
  ret i32 %a
dead:
  %x = add i32 %x, %y
  %y = add i32 %a, 1
  br label %dead
}
===
; ERR LandingPadInst not the first non-PHI
declare i32 @pers(...)
define void @f() personality ptr @pers {
e:
  ret void
lp:
  %x = add i32 1, 2
  %l = landingpad { ptr, i32 } cleanup ; <-
  ret void
}
===
; ERR needs to be in a function with a personality
declare i32 @g()
define void @f() {
e:
  invoke i32 @g() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup ; <-
  ret void
}
===
; ERR jumped to only by the unwind edge of an invoke
declare i32 @g()
declare i32 @pers(...)
define void @f(i1 %c) personality ptr @pers {
e:
  br i1 %c, label %x, label %lp
x:
  invoke i32 @g() to label %ok unwind label %lp
ok:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup ; <-
  ret void
}
===
; ERR unwind destination does not have an exception handling instruction
declare i32 @g()
declare i32 @pers(...)
define void @f() personality ptr @pers {
e:
  invoke i32 @g() to label %ok unwind label %bad ; <-
ok:
  ret void
bad:
  ret void
}
===
; ERR ResumeInst needs to be in a function with a personality
define void @f({ ptr, i32 } %x) {
  resume { ptr, i32 } %x ; <-
}
===
; ERR The landingpad instruction should have a consistent result type
declare i32 @g()
declare i32 @pers(...)
define void @f() personality ptr @pers {
e:
  invoke i32 @g() to label %ok unwind label %lp
ok:
  invoke i32 @g() to label %ok2 unwind label %lp2
ok2:
  ret void
lp:
  %l = landingpad { ptr, i32 } cleanup
  ret void
lp2:
  %l2 = landingpad { ptr, i64 } cleanup ; <-
  ret void
}
===
; ERR fence instructions may only have
define void @f() {
  fence monotonic ; <-
  ret void
}
===
; ERR byte-sized
define i7 @f(ptr %p) {
  %v = load atomic i7, ptr %p seq_cst, align 1 ; <-
  ret i7 %v
}
===
; ERR power-of-two size
define x86_fp80 @f(ptr %p) {
  %v = load atomic x86_fp80, ptr %p seq_cst, align 16 ; <-
  ret x86_fp80 %v
}
===
; ERR atomic store operand must have integer, pointer, or floating point type
define void @f(ptr %p) {
  store atomic <2 x i32> zeroinitializer, ptr %p seq_cst, align 8 ; <-
  ret void
}
===
; ERR cmpxchg operand must have integer or pointer type
define void @f(ptr %p) {
  %r = cmpxchg ptr %p, float 0.0, float 1.0 seq_cst seq_cst ; <-
  ret void
}
===
; OK a cmpxchg failure ordering may be stronger than the success ordering
define void @f(ptr %p) {
  %r = cmpxchg ptr %p, i32 0, i32 1 monotonic seq_cst
  ret void
}
===
; ERR Cannot allocate unsized type
%T = type opaque
define void @f() {
  %a = alloca %T ; <-
  ret void
}
===
; ERR Invalid bitcast
define i64 @f(i32 %a) {
  %b = bitcast i32 %a to i64 ; <-
  ret i64 %b
}
===
; ERR different address spaces
define ptr @f(ptr %a) {
  %b = addrspacecast ptr %a to ptr ; <-
  ret ptr %b
}
===
; ERR Type too small for ZExt
define i32 @f(i64 %a) {
  %b = zext i64 %a to i32 ; <-
  ret i32 %b
}
===
; ERR DestTy too big for FPTrunc
define double @f(float %a) {
  %b = fptrunc float %a to double ; <-
  ret double %b
}
===
; ERR PtrToInt source must be pointer
define i64 @f(i32 %a) {
  %b = ptrtoint i32 %a to i64 ; <-
  ret i64 %b
}
===
; ERR SIToFP source and dest vector length mismatch
define <4 x float> @f(<2 x i32> %a) {
  %b = sitofp <2 x i32> %a to <4 x float> ; <-
  ret <4 x float> %b
}
===
; ERR Invalid operand types for FCmp
define i1 @f(i32 %a) {
  %c = fcmp oeq i32 %a, %a ; <-
  ret i1 %c
}
===
; ERR is not on first or second parameter
declare void @g(ptr, ptr, ptr sret(i32)) ; <-
===
; ERR Invalid struct return type
declare i32 @g(ptr sret(i32)) ; <-
===
; ERR applied to incompatible type
declare void @g(ptr zeroext) ; <-
===
; ERR applied to incompatible type
declare void @g(i32 byval(i32)) ; <-
===
; ERR 'readnone and readonly' are incompatible
declare void @g(ptr readnone readonly) ; <-
===
; ERR 'noinline and alwaysinline' are incompatible
declare void @g() noinline alwaysinline ; <-
===
; ERR Attribute 'optnone' requires 'noinline'
define void @g() optnone { ; <-
  ret void
}
===
; ERR inalloca isn't on the last parameter
declare void @g(ptr inalloca(i32), i32) ; <-
===
; ERR More than one parameter has attribute nest
declare void @g(ptr nest, ptr nest) ; <-
===
; ERR immarg attribute only applies to intrinsics
declare void @g(i32 immarg) ; <-
===
; ERR 'common' global must have a zero initializer
@g = common global i32 1 ; <-
===
; ERR 'common' global may not be marked constant
@g = common constant i32 0 ; <-
===
; OK common globals with a zero initializer
@g = common global i32 0
@h = common global [2 x i32] zeroinitializer
===
; ERR Only global arrays can have appending linkage
@g = appending global i32 0 ; <-
===
; ERR Alias must point to a definition
@d = external global i32
@a = alias i32, ptr @d ; <-
===
; ERR Aliases cannot form a cycle
@a = alias i32, ptr @b ; <-
@b = alias i32, ptr @a ; <-
===
; ERR Alias cannot point to an interposable alias
@g = global i32 0
@w = weak alias i32, ptr @g
@a = alias i32, ptr @w ; <-
===
; OK alias chains to definitions
@g = global i32 0
@a = alias i32, ptr @g
@b = alias i32, ptr @a
@c = alias i32, getelementptr (i8, ptr @b, i64 4)
===
; ERR IFunc resolver must be a definition
declare ptr @r()
@i = ifunc void (), ptr @r ; <-
===
; OK ifunc with a defined resolver
define ptr @r() {
  ret ptr null
}
@i = ifunc void (), ptr @r
===
; ERR Global is marked as dllimport, but not external
@g = dllimport global i32 0 ; <-
===
; ERR Function takes metadata but isn't an intrinsic
declare void @g(metadata) ; <-
===
; ERR invalid linkage for intrinsic global variable
@llvm.used = global [1 x ptr] [ptr @g] ; <-
@g = global i32 0
===
; OK llvm.used and global_ctors
@g = global i32 0
@llvm.used = appending global [1 x ptr] [ptr @g], section "llvm.metadata"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @c, ptr null }]
define void @c() {
  ret void
}
===
; ERR Globals cannot contain scalable types
@g = global <vscale x 4 x i32> zeroinitializer ; <-
===
; ERR musttail call result must be returned
declare i32 @g(i32)
define i32 @f(i32 %a) {
  %r = musttail call i32 @g(i32 %a)
  ret i32 %a ; <-
}
===
; ERR mismatched parameter counts
declare i32 @g(i32, i32)
define i32 @f(i32 %a) {
  %r = musttail call i32 @g(i32 %a, i32 %a) ; <-
  ret i32 %r
}
===
; OK musttail with a congruent prototype
declare i32 @g(ptr)
define i32 @f(ptr %a) {
  %r = musttail call i32 @g(ptr %a)
  ret i32 %r
}
===
; ERR Intrinsic has incorrect argument type
declare i32 @llvm.ctpop.i32(i64) ; <-
define i32 @f(i64 %x) {
  %r = call i32 @llvm.ctpop.i32(i64 %x)
  ret i32 %r
}
===
; ERR va_start called in a non-varargs function
declare void @llvm.va_start.p0(ptr)
define void @f(ptr %p) {
  call void @llvm.va_start.p0(ptr %p) ; <-
  ret void
}
===
; ERR Cannot take the address of an intrinsic
declare void @llvm.trap()
define void @f(ptr %p) {
  store ptr @llvm.trap, ptr %p ; <-
  ret void
}
===
; ERR llvm intrinsics cannot be defined
define void @llvm.trap() { ; <-
  ret void
}
===
; ERR Callbr is currently only used for asm-goto
declare void @g()
define void @f() {
  callbr void @g() to label %a [] ; <-
a:
  ret void
}
===
; ERR CleanupReturnInst needs to be provided a CleanupPad
declare i32 @pers(...)
define void @f() personality ptr @pers {
e:
  invoke void @f() to label %ok unwind label %cs
ok:
  ret void
cs:
  %s = catchswitch within none [label %h] unwind to caller
h:
  %p = catchpad within %s []
  cleanupret from %p unwind to caller ; <-
}
===
; OK funclet EH
declare i32 @pers(...)
declare void @g()
define void @f() personality ptr @pers {
e:
  invoke void @g() to label %ok unwind label %cs
ok:
  ret void
cs:
  %s = catchswitch within none [label %h] unwind label %cl
h:
  %p = catchpad within %s [ptr null]
  call void @g() [ "funclet"(token %p) ]
  catchret from %p to label %ok
cl:
  %c = cleanuppad within none []
  cleanupret from %c unwind to caller
}
===
; ERR blockaddress may not be used with the entry block
@b = global ptr blockaddress(@f, %e) ; <-
define void @f() {
e:
  ret void
}
===
; ERR invalid cmpxchg success ordering
define void @f(ptr %p) {
  %r = cmpxchg ptr %p, i32 0, i32 1 unordered monotonic ; <-
  ret void
}
===
; OK intrinsics with derived types
declare i1 @llvm.is.fpclass.f32(float, i32 immarg)
declare float @llvm.vector.reduce.fadd.v4f32(float, <4 x float>)
declare { double, i32 } @llvm.frexp.f64.i32(double)
declare i8 @llvm.scmp.i8.i32(i32, i32)
declare { <2 x i32>, <2 x i1> } @llvm.uadd.with.overflow.v2i32(<2 x i32>, <2 x i32>)
declare void @llvm.memset.inline.p0.i64(ptr, i8, i64 immarg, i1 immarg)
declare void @llvm.foo.bar(i32)
define void @f(float %x, <4 x float> %v, ptr %p) {
  %a = call i1 @llvm.is.fpclass.f32(float %x, i32 3)
  %b = call float @llvm.vector.reduce.fadd.v4f32(float %x, <4 x float> %v)
  call void @llvm.memset.inline.p0.i64(ptr %p, i8 0, i64 8, i1 false)
  ret void
}
===
; ERR Entry block to function must not have predecessors
define void @f() {
e: ; <-
  br label %e
}
===
; OK a switch with duplicate destinations and a phi entry per edge
define i32 @f(i32 %x) {
e:
  switch i32 %x, label %d [ i32 1, label %a
                            i32 2, label %a ]
a:
  %p = phi i32 [ 7, %e ], [ 7, %e ]
  ret i32 %p
d:
  ret i32 0
}
"#;

/// The cases as `(expectation line, text)`.
fn cases() -> Vec<(&'static str, &'static str)> {
    CASES
        .split("\n===\n")
        .map(|c| c.trim_start_matches('\n'))
        .map(|c| (c.lines().next().unwrap_or(""), c))
        .collect()
}

#[test]
fn verifier_cases() {
    let mut failures = Vec::new();
    for (head, text) in cases() {
        let parsed = crate::text::parse(text);
        let Some(m) = parsed.module.as_ref() else {
            failures.push(format!(
                "{head}: did not parse: {:?}",
                parsed.diagnostics.first().map(|d| &d.message)
            ));
            continue;
        };
        let errs = super::verify(m);
        let file = SourceFile::new("case", text);
        if head.starts_with("; OK") {
            if !errs.is_empty() {
                failures.push(format!(
                    "{head}: unexpected errors {:?}",
                    errs.iter().map(|e| &e.message).collect::<Vec<_>>()
                ));
            }
            continue;
        }
        // `ERR(strict)`: stricter than llvm-as-19, which renames mis-mangled intrinsics.
        let want =
            head.trim_start_matches("; ERR(strict) ").trim_start_matches("; ERR ").to_lowercase();
        let lines: Vec<u32> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.contains("; <-"))
            .map(|(i, _)| i as u32 + 1)
            .collect();
        let got: Vec<(u32, String)> =
            errs.iter().map(|e| (file.line_col(e.span.start).0, e.message.clone())).collect();
        let ok = !got.is_empty()
            && got.iter().all(|(l, msg)| lines.contains(l) && msg.to_lowercase().contains(&want))
            && lines.iter().all(|l| got.iter().any(|(gl, _)| gl == l));
        if !ok {
            failures.push(format!("{head}: expected on lines {lines:?}, got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{} failing cases:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn legacy_intrinsic_names_are_remangled() {
    // The parser renames old manglings as llvm-as-19 does; the names must be today's.
    let text = "declare void @llvm.memcpy.p0i8.p0i8.i64(ptr, ptr, i64, i1)\n\
                declare i32 @llvm.ctpop.i64(i32)\n\
                declare void @llvm.memset.p1i8.i32(ptr addrspace(1), i8, i32, i1)\n";
    let parsed = crate::text::parse(text);
    let m = parsed.module.expect("parses");
    for (old, new) in [
        ("llvm.memcpy.p0i8.p0i8.i64", "llvm.memcpy.p0.p0.i64"),
        ("llvm.ctpop.i64", "llvm.ctpop.i32"),
        ("llvm.memset.p1i8.i32", "llvm.memset.p1.i32"),
    ] {
        assert!(m.global_by_name(old).is_none(), "{old} was not renamed");
        let g = m.global_by_name(new).unwrap_or_else(|| panic!("{new} missing"));
        let ty = m.func(g).map(|f| f.ty).expect("a function");
        let id = crate::ir::Intrinsic::resolve(new).expect("an intrinsic");
        assert_eq!(m.func(g).and_then(|f| f.intrinsic), Some(id));
        assert_eq!(id.mangled_name(&m, ty).as_deref(), Some(new));
    }
    assert!(crate::verify::verify(&m).is_empty());
    assert_eq!(crate::ir::Intrinsic::resolve("llvm.nonexistent"), None);
}

/// `verify_function` checks one body (with the module-level checks): an error in `@bad` is
/// found when `@bad` is checked and not when `@good` is; `verify` finds it either way.
#[test]
fn verify_function_checks_one_body() {
    let text = "define i32 @good(i32 %x) {
  %y = add i32 %x, 1
  ret i32 %y
}
define i32 @bad(i32 %x) {
  %y = add i32 %z, 1
  %z = add i32 %x, 1
  ret i32 %y
}
";
    let parsed = crate::text::parse(text);
    let Some(m) = parsed.module.as_ref() else { panic!("did not parse: {:?}", parsed.diagnostics) };
    let (good, bad) =
        (m.global_by_name("good").expect("good"), m.global_by_name("bad").expect("bad"));
    assert!(super::verify_function(m, good).is_empty());
    let errs = super::verify_function(m, bad);
    assert!(errs.iter().any(|e| e.message.contains("dominate")), "{errs:?}");
    assert_eq!(errs.len(), super::verify(m).len());
}
