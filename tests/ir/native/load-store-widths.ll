; RUN: irplay run %s
; EXIT: 127
; Loads and stores of every scalar width: i1, i8, i16, i32, i64, float, double and ptr, at
; offsets of an alloca and of a global, with sign and zero extension of the narrow loads.
; Oracle: lli-19 prints the same stdout.

@g = global [32 x i8] zeroinitializer, align 8
@fmt = private constant [40 x i8] c"%d %d %d %d %d %lld %g %g %d %x %llx\0A\00\00\00"
declare i32 @printf(ptr, ...)

define void @store_all(ptr %p, i8 %b, i16 %h, i32 %w, i64 %q, float %f, double %d) noinline {
  store i8 %b, ptr %p
  %p1 = getelementptr i8, ptr %p, i64 1
  store i8 1, ptr %p1
  %p2 = getelementptr i8, ptr %p, i64 2
  store i16 %h, ptr %p2
  %p4 = getelementptr i8, ptr %p, i64 4
  store i32 %w, ptr %p4
  %p8 = getelementptr i8, ptr %p, i64 8
  store i64 %q, ptr %p8
  %p16 = getelementptr i8, ptr %p, i64 16
  store float %f, ptr %p16
  %p24 = getelementptr i8, ptr %p, i64 24
  store double %d, ptr %p24
  ret void
}

define void @load_all(ptr %p) noinline {
  %b = load i8, ptr %p
  %bs = sext i8 %b to i32
  %bz = zext i8 %b to i32
  %p1 = getelementptr i8, ptr %p, i64 1
  %t = load i1, ptr %p1
  %tz = zext i1 %t to i32
  %p2 = getelementptr i8, ptr %p, i64 2
  %h = load i16, ptr %p2
  %hs = sext i16 %h to i32
  %hz = zext i16 %h to i32
  %p8 = getelementptr i8, ptr %p, i64 8
  %q = load i64, ptr %p8
  %p16 = getelementptr i8, ptr %p, i64 16
  %f = load float, ptr %p16
  %fd = fpext float %f to double
  %p24 = getelementptr i8, ptr %p, i64 24
  %d = load double, ptr %p24
  %p4 = getelementptr i8, ptr %p, i64 4
  %w = load i32, ptr %p4
  %raw = load i64, ptr %p
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %bs, i32 %bz, i32 %tz, i32 %hs, i32 %hz, i64 %q, double %fd, double %d, i32 %w, i32 %w, i64 %raw)
  ret void
}

define i32 @main() {
  %a = alloca [32 x i8], align 8
  call void @store_all(ptr %a, i8 -2, i16 -300, i32 123456, i64 -9876543210, float 1.5, double -2.25)
  call void @load_all(ptr %a)
  call void @store_all(ptr @g, i8 127, i16 32767, i32 -1, i64 1, float -0.125, double 1.0e10)
  call void @load_all(ptr @g)
  %pp = alloca ptr
  store ptr @g, ptr %pp
  %back = load ptr, ptr %pp
  %v = load i8, ptr %back
  %r = zext i8 %v to i32
  ret i32 %r
}
