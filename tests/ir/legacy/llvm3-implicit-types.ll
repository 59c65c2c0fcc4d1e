; RUN: irplay fmt %s
; Legacy syntax of LLVM 3.0-3.6 (see shared/langref/llvm3-langref.html),
; which llvm-as-19 no longer reads: load and getelementptr without an
; explicit type (`load i32* %p`, `getelementptr %T* %p, ...`, constant
; `getelementptr inbounds ([4 x i8]* @s, ...)`), atomic loads with
; `singlethread`, `fence singlethread`, aliases written with the aliasee's
; pointer type only, and `landingpad ... personality` (the personality
; moves to the function). The golden .stdout is the hand-converted module
; as printed by LLVM 19.

source_filename = "llvm3-implicit-types.c"

%struct.ST = type { i32, double, %struct.RT }
%struct.RT = type { i8, [10 x [20 x i32]], i8 }

@str = private unnamed_addr constant [4 x i8] c"abc\00", align 1
@first = global i8* getelementptr inbounds ([4 x i8]* @str, i64 0, i64 1), align 8
@g = global i32 0, align 4
@alias = alias i32* @g
@counter = global i64 0, align 8

declare i32 @__gxx_personality_v0(...)
declare void @may.throw()

define i32* @foo(%struct.ST* %s) {
entry:
  %arrayidx = getelementptr inbounds %struct.ST* %s, i64 1, i32 2, i32 1, i64 5, i64 13
  ret i32* %arrayidx
}

define i32 @loads(i32* %p, i32** %pp) {
entry:
  %a = load i32* %p, align 4
  %q = load i32** %pp, align 8
  %b = load volatile i32* %q, align 4
  %c = load atomic i32* %p singlethread acquire, align 4
  %d = load atomic volatile i64* @counter seq_cst, align 8
  fence singlethread release
  fence seq_cst
  %e = load i32* @alias, align 4
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %e
  ret i32 %s3
}

define void @catcher() {
entry:
  invoke void @may.throw()
          to label %ok unwind label %lpad

ok:
  ret void

lpad:
  %lp = landingpad { i8*, i32 } personality i32 (...)* @__gxx_personality_v0
          cleanup
  resume { i8*, i32 } %lp
}
