; RUN: irplay run --engine wasm %s
; EXIT: 3
; With 4-byte pointers the va_list is one pointer to the next 8-byte argument cell (as on
; i386 and wasm32): va_start, va_copy and the va_arg instruction on it.

target datalayout = "e-m:e-p:32:32-p10:8:8-p20:8:8-i64:64-n32:64-S128-ni:1:10:20"
target triple = "wasm32-unknown-unknown"

@f = private constant [15 x i8] c"%d %lld %g %d\0A\00"
declare i32 @printf(ptr, ...)
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)
declare void @llvm.va_end.p0(ptr)

define i32 @show(i32 %n, ...) {
  %ap = alloca ptr
  %aq = alloca ptr
  call void @llvm.va_start.p0(ptr %ap)
  call void @llvm.va_copy.p0(ptr %aq, ptr %ap)
  %a = va_arg ptr %ap, i32
  %b = va_arg ptr %ap, i64
  %c = va_arg ptr %ap, double
  %again = va_arg ptr %aq, i32
  call void @llvm.va_end.p0(ptr %aq)
  call void @llvm.va_end.p0(ptr %ap)
  %r = call i32 (ptr, ...) @printf(ptr @f, i32 %a, i64 %b, double %c, i32 %again)
  ret i32 %n
}

define i32 @main() {
  %r = call i32 (i32, ...) @show(i32 3, i32 -7, i64 1099511627776, double 2.5)
  ret i32 %r
}
