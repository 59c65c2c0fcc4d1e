; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Structs and arrays as values live in one register per scalar leaf: returned as multiple
; values (as clang returns a two-eightbyte struct), built with insertvalue, merged by a phi,
; loaded and stored field by field at the data layout's offsets (with padding).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%pair = type { i64, i32 }
@d = private constant [10 x i8] c"%lld %d\0A\00\00"
@cell = global { i8, [2 x i16], double } { i8 1, [2 x i16] [i16 2, i16 3], double 4.5 }
@g = private constant [11 x i8] c"%d %d %g\0A\00\00"
declare i32 @printf(ptr, ...)

define %pair @make(i64 %a, i32 %b) {
  %p0 = insertvalue %pair undef, i64 %a, 0
  %p1 = insertvalue %pair %p0, i32 %b, 1
  ret %pair %p1
}

define %pair @pick(i1 %c) {
entry:
  br i1 %c, label %yes, label %no
yes:
  %y = call %pair @make(i64 -1, i32 7)
  br label %out
no:
  br label %out
out:
  %r = phi %pair [ %y, %yes ], [ { i64 5, i32 6 }, %no ]
  ret %pair %r
}

define i32 @main() {
  %a = call %pair @pick(i1 true)
  %a0 = extractvalue %pair %a, 0
  %a1 = extractvalue %pair %a, 1
  call i32 (ptr, ...) @printf(ptr @d, i64 %a0, i32 %a1)
  %b = call %pair @pick(i1 false)
  %slot = alloca %pair, align 8
  store %pair %b, ptr %slot
  %f1 = getelementptr inbounds %pair, ptr %slot, i32 0, i32 1
  %b1 = load i32, ptr %f1
  %b0 = load i64, ptr %slot
  call i32 (ptr, ...) @printf(ptr @d, i64 %b0, i32 %b1)
  %c = load { i8, [2 x i16], double }, ptr @cell
  %c2 = extractvalue { i8, [2 x i16], double } %c, 1, 1
  %c3 = insertvalue { i8, [2 x i16], double } %c, double 9.25, 2
  store { i8, [2 x i16], double } %c3, ptr @cell
  %again = load { i8, [2 x i16], double }, ptr @cell
  %x0 = extractvalue { i8, [2 x i16], double } %again, 0
  %x2 = extractvalue { i8, [2 x i16], double } %again, 2
  %x0w = zext i8 %x0 to i32
  %c2w = zext i16 %c2 to i32
  call i32 (ptr, ...) @printf(ptr @g, i32 %x0w, i32 %c2w, double %x2)
  ret i32 0
}
