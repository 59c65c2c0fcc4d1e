; FAIL: irplay check %s
; Types: a GEP struct index must name an existing field.

define ptr @f(ptr %p) {
  %g = getelementptr { i32, i64 }, ptr %p, i32 0, i32 2   ; ERROR: getelementptr
  ret ptr %g
}
