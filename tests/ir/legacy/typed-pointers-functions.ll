; RUN: irplay check %s
; RUN: irplay fmt %s
; Legacy syntax (LLVM <= 16): function pointer types `R (A...)*`, calls
; through bitcast constant expressions, personality functions cast to
; `i8*`, landingpad clauses with typed pointers, varargs calls. The golden
; .stdout is the hand-converted module as printed by LLVM 19.

source_filename = "typed-pointers-functions.c"

@typeinfo = external constant i8*
@handlers = global [2 x void (i32)*] [void (i32)* @handler, void (i32)* bitcast (void ()* @noargs to void (i32)*)], align 16
@fmt = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1

declare i32 @printf(i8*, ...)
declare i32 @__gxx_personality_v0(...)
declare void @may.throw(i8*)

define void @handler(i32 %x) {
  %call = call i32 (i8*, ...) @printf(i8* getelementptr inbounds ([4 x i8], [4 x i8]* @fmt, i64 0, i64 0), i32 %x)
  ret void
}

define void @noargs() {
  ret void
}

define void @dispatch(void (i32)* %fp, i32 %x) {
  call void %fp(i32 %x)
  %slot = getelementptr inbounds [2 x void (i32)*], [2 x void (i32)*]* @handlers, i64 0, i64 1
  %h = load void (i32)*, void (i32)** %slot, align 8
  call void %h(i32 %x)
  call void bitcast (void ()* @noargs to void (i32)*)(i32 %x)
  ret void
}

define i32 @catcher(i8* %arg) personality i8* bitcast (i32 (...)* @__gxx_personality_v0 to i8*) {
entry:
  invoke void @may.throw(i8* %arg)
          to label %ok unwind label %lpad

ok:
  ret i32 0

lpad:
  %lp = landingpad { i8*, i32 }
          catch i8* bitcast (i8** @typeinfo to i8*)
  %exn = extractvalue { i8*, i32 } %lp, 0
  %sel = extractvalue { i8*, i32 } %lp, 1
  ret i32 %sel
}
