; RUN: irplay opt -p instsimplify %s
; Loads from constant globals at constant offsets fold to the bytes of the initializer
; (little-endian): fields of a struct, elements of an array, bytes of a string, a load
; spanning two fields, through a constant-expression GEP or a GEP instruction.
; Does NOT fire: a load of struct padding (@pad: the bytes are not part of any field), a
; load from a global that is not `constant` (@mutable), a volatile load, a load with a
; variable index, a load beyond the end of the global.
; Oracle: opt-19 -passes=instsimplify folds the same loads but the padding one (it reads
; padding as zero); the input, our output and opt-19's output print the same under
; `irplay run`.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%S = type { i8, i32, [2 x i16] }

@s = private constant %S { i8 7, i32 -100000, [2 x i16] [i16 300, i16 -2] }, align 4
@str = private constant [6 x i8] c"hello\00"
@z = private constant [4 x i64] zeroinitializer, align 8
@mut = global i32 42, align 4
@fmt = private constant [16 x i8] c"%d %d %d %d %d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @fields(i64 %i) {
  %a = load i8, ptr @s, align 4
  %b = load i32, ptr getelementptr inbounds (%S, ptr @s, i32 0, i32 1), align 4
  %p = getelementptr inbounds %S, ptr @s, i64 0, i32 2, i64 1
  %c = load i16, ptr %p, align 2
  %q = getelementptr inbounds i8, ptr @s, i64 8
  %d = load i32, ptr %q, align 4
  %e = load i8, ptr getelementptr inbounds ([6 x i8], ptr @str, i64 0, i64 1), align 1
  %f = load i64, ptr getelementptr inbounds ([4 x i64], ptr @z, i64 0, i64 3), align 8
  %v = getelementptr inbounds [6 x i8], ptr @str, i64 0, i64 %i
  %g = load i8, ptr %v, align 1
  %h = load volatile i8, ptr @str, align 1
  %az = zext i8 %a to i32
  %cs = sext i16 %c to i32
  %ez = zext i8 %e to i32
  %ft = trunc i64 %f to i32
  %gz = zext i8 %g to i32
  %hz = zext i8 %h to i32
  %r1 = add i32 %az, %b
  %r2 = add i32 %r1, %cs
  %r3 = add i32 %r2, %d
  %r4 = add i32 %r3, %ez
  %r5 = add i32 %r4, %ft
  %r6 = add i32 %r5, %gz
  %r7 = add i32 %r6, %hz
  ret i32 %r7
}

define i32 @pad() {
  %p = getelementptr inbounds i8, ptr @s, i64 1
  %v = load i8, ptr %p, align 1
  %z = zext i8 %v to i32
  ret i32 %z
}

define i32 @mutable() {
  %v = load i32, ptr @mut, align 4
  ret i32 %v
}

define i32 @beyond() {
  %p = getelementptr i8, ptr @str, i64 4
  %v = load i16, ptr %p, align 1
  %q = getelementptr i8, ptr @str, i64 5
  %w = load i16, ptr %q, align 1
  %a = zext i16 %v to i32
  %b = zext i16 %w to i32
  %r = add i32 %a, %b
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @fields(i64 2)
  %b = call i32 @pad()
  %c = call i32 @mutable()
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 0, i32 0)
  ret i32 0
}
