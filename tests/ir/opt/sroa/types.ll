; RUN: irplay opt -p sroa %s
; Loads and stores of different types over the same bytes: a float read back as i32 becomes a
; bitcast, a pointer read back as i64 a ptrtoint, an i64 read back as a pointer an inttoptr.
; An i1 stored and read back as i8 is not a same-bits pair (the i1's byte has 7 bits that are
; not part of the value), so that alloca stays.
; Oracle: opt-19 -passes=sroa gives the same bitcast/ptrtoint/inttoptr and keeps the i1/i8
; alloca too. The three programs print the same.

@fmt = private constant [15 x i8] c"%d %d %d %d\0A\00\00\00"
@g = global i32 42
declare i32 @printf(ptr, ...)

define i32 @fbits(float %f) {
  %a = alloca { float }, align 4
  store float %f, ptr %a, align 4
  %i = load i32, ptr %a, align 4
  ret i32 %i
}

define i32 @ptrs(ptr %p) {
  %a = alloca [2 x i64], align 8
  %hi = getelementptr inbounds [2 x i64], ptr %a, i64 0, i64 1
  store ptr %p, ptr %a, align 8
  %i = load i64, ptr %a, align 8
  store i64 %i, ptr %hi, align 8
  %q = load ptr, ptr %hi, align 8
  %v = load i32, ptr %q, align 4
  ret i32 %v
}

define i8 @bool(i1 %b) {
  %a = alloca i8, align 1
  store i1 %b, ptr %a, align 1
  %v = load i8, ptr %a, align 1
  ret i8 %v
}

define i32 @main() {
  %a = call i32 @fbits(float 1.0)
  %b = call i32 @ptrs(ptr @g)
  %c = call i8 @bool(i1 true)
  %c32 = zext i8 %c to i32
  %d = call i32 @fbits(float -2.5)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c32, i32 %d)
  ret i32 0
}
