; RUN: irplay run %s
; EXIT: 3
; LangRef "'invoke' Instruction": "If the callee function returns with the
; "ret" instruction, control flow will return to the "normal" label. If the
; callee (or any indirect callees) returns via the "resume" instruction or
; other exception handling mechanism, control is interrupted and continued at
; the dynamically nearest "exception" label." LangRef "'landingpad'
; Instruction": it "is used by LLVM's exception handling system to specify
; that a basic block is a landing pad" (where the exception lands).
; Exceptions are thrown with the Itanium C++ ABI (__cxa_allocate_exception,
; __cxa_throw) as clang emits for `throw 42;`, pass a `cleanup` pad in @mid
; that `resume`s, and are caught by type (int, then the catch-all `ptr null`)
; by comparing the selector with llvm.eh.typeid.for.
; Oracle: lli-19 and a native build (clang-19 FILE.ll -lstdc++) print the same
; stdout and exit 3.

@_ZTIi = external constant ptr
@_ZTIl = external constant ptr
@f.caught = private constant [19 x i8] c"caught int %d (%d)\00"
@f.any = private constant [18 x i8] c"caught something\0A\00"
@f.clean = private constant [16 x i8] c"cleanup in mid\0A\00"
@f.ret = private constant [13 x i8] c"returned %d\0A\00"
@nl = private constant [2 x i8] c"\0A\00"

declare ptr @__cxa_allocate_exception(i64)
declare void @__cxa_throw(ptr, ptr, ptr)
declare ptr @__cxa_begin_catch(ptr)
declare void @__cxa_end_catch()
declare i32 @__gxx_personality_v0(...)
declare i32 @llvm.eh.typeid.for.p0(ptr)
declare i32 @printf(ptr, ...)

; throws the int %v if %kind == 1, a long if %kind == 2, else returns %v
define i32 @thrower(i32 %kind, i32 %v) {
entry:
  switch i32 %kind, label %ret [
    i32 1, label %throw.int
    i32 2, label %throw.long
  ]
throw.int:
  %e = call ptr @__cxa_allocate_exception(i64 4)
  store i32 %v, ptr %e
  call void @__cxa_throw(ptr %e, ptr @_ZTIi, ptr null)
  unreachable
throw.long:
  %el = call ptr @__cxa_allocate_exception(i64 8)
  %vl = sext i32 %v to i64
  store i64 %vl, ptr %el
  call void @__cxa_throw(ptr %el, ptr @_ZTIl, ptr null)
  unreachable
ret:
  ret i32 %v
}

; a frame with a destructor-like cleanup
define i32 @mid(i32 %kind, i32 %v) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @thrower(i32 %kind, i32 %v) to label %ok unwind label %lpad
ok:
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  call i32 (ptr, ...) @printf(ptr @f.clean)
  resume { ptr, i32 } %lp
}

define i32 @try(i32 %kind, i32 %v) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @mid(i32 %kind, i32 %v) to label %ok unwind label %lpad
ok:
  call i32 (ptr, ...) @printf(ptr @f.ret, i32 %r)
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 } catch ptr @_ZTIi catch ptr null
  %obj = extractvalue { ptr, i32 } %lp, 0
  %sel = extractvalue { ptr, i32 } %lp, 1
  %tid = call i32 @llvm.eh.typeid.for.p0(ptr @_ZTIi)
  %is.int = icmp eq i32 %sel, %tid
  %p = call ptr @__cxa_begin_catch(ptr %obj)
  br i1 %is.int, label %catch.int, label %catch.any
catch.int:
  %val = load i32, ptr %p
  call i32 (ptr, ...) @printf(ptr @f.caught, i32 %val, i32 %kind)
  call i32 (ptr, ...) @printf(ptr @nl)
  call void @__cxa_end_catch()
  ret i32 -1
catch.any:
  call i32 (ptr, ...) @printf(ptr @f.any)
  call void @__cxa_end_catch()
  ret i32 -2
}

define i32 @main() {
  %a = call i32 @try(i32 0, i32 7)
  %b = call i32 @try(i32 1, i32 42)
  %c = call i32 @try(i32 2, i32 5)
  %d = call i32 @try(i32 1, i32 -9)
  %s1 = add i32 %a, %b
  %s2 = add i32 %s1, %c
  %s3 = add i32 %s2, %d
  ; 7 - 1 - 2 - 1 = 3
  ret i32 %s3
}
