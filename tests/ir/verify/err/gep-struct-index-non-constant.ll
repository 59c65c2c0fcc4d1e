; FAIL: irplay check %s
; Types: a GEP index into a struct must be a constant.

define ptr @f(ptr %p, i32 %i) {
  %g = getelementptr { i32, i64 }, ptr %p, i32 0, i32 %i   ; ERROR: getelementptr
  ret ptr %g
}
