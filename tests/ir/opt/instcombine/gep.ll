; RUN: irplay opt -p instcombine %s
; Constant-offset GEPs: `getelementptr T, p, C...` becomes `getelementptr i8, p, offset`
; (the byte offset under the datalayout: struct padding included), a GEP of such a GEP
; adds the offsets, and a zero offset is `p`. `inbounds` stays only when every merged GEP had
; it. Does NOT fire: GEPs with a variable index (@var keeps it; only its constant base GEP
; is rewritten).
; Oracle: opt-19 -passes=instcombine gives the same GEPs; the input, our output and
; opt-19's output print the same under `irplay run`.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%S = type { i16, i32, [4 x i64] }

@arr = global [3 x %S] zeroinitializer, align 16
@fmt = private constant [10 x i8] c"%d %d %d\0A\00"

declare i32 @printf(ptr, ...)

define i64 @field(ptr %p) {
  %a = getelementptr inbounds [3 x %S], ptr %p, i64 0, i64 1
  %b = getelementptr inbounds %S, ptr %a, i32 0, i32 2, i64 3
  %c = getelementptr inbounds %S, ptr %b, i64 0
  %v = load i64, ptr %c, align 8
  %d = getelementptr %S, ptr %p, i64 0, i32 1
  %e = getelementptr inbounds i8, ptr %d, i64 4
  %w = load i64, ptr %e, align 8
  %r = add i64 %v, %w
  ret i64 %r
}

define i64 @var(ptr %p, i64 %i) {
  %a = getelementptr inbounds [3 x %S], ptr %p, i64 0, i64 2
  %b = getelementptr inbounds %S, ptr %a, i64 0, i32 2, i64 %i
  %v = load i64, ptr %b, align 8
  ret i64 %v
}

define i32 @main() {
  %f = getelementptr inbounds [3 x %S], ptr @arr, i64 0, i64 1, i32 2, i64 3
  store i64 40, ptr %f, align 8
  %g = getelementptr inbounds [3 x %S], ptr @arr, i64 0, i64 0, i32 2, i64 0
  store i64 2, ptr %g, align 8
  %h = getelementptr inbounds [3 x %S], ptr @arr, i64 0, i64 2, i32 2, i64 1
  store i64 9, ptr %h, align 8
  %x = call i64 @field(ptr @arr)
  %y = call i64 @var(ptr @arr, i64 1)
  %xt = trunc i64 %x to i32
  %yt = trunc i64 %y to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %xt, i32 %yt, i32 0)
  ret i32 0
}
