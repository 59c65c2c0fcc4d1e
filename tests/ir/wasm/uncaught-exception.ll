; RUN: irplay run --engine wasm %s
; EXIT: 71
; An exception that no handler catches (a `cleanup` pad runs and resumes, and nothing above
; it catches): the run ends as the interpreter ends it, with an `uncaught_exception` error
; (status 71), after the output printed so far. (A native build calls std::terminate and
; aborts; the interpreter is the reference here.)

@_ZTIi = external constant ptr
@f = private constant [9 x i8] c"cleanup\0A\00"
declare ptr @__cxa_allocate_exception(i64)
declare void @__cxa_throw(ptr, ptr, ptr)
declare i32 @__gxx_personality_v0(...)
declare i32 @printf(ptr, ...)

define void @thrower() {
  %e = call ptr @__cxa_allocate_exception(i64 4)
  store i32 5, ptr %e
  call void @__cxa_throw(ptr %e, ptr @_ZTIi, ptr null)
  unreachable
}

define i32 @mid() personality ptr @__gxx_personality_v0 {
entry:
  invoke void @thrower() to label %ok unwind label %lpad
ok:
  ret i32 0
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  call i32 (ptr, ...) @printf(ptr @f)
  resume { ptr, i32 } %lp
}

define i32 @main() {
  %r = call i32 @mid()
  %s = add i32 %r, 1
  ret i32 %s
}
