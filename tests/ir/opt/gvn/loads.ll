; RUN: irplay opt -p gvn %s
; Redundant loads with the alias analysis:
; - a load from a local array element after stores to other elements and to globals, across a
;   diamond whose one side calls a function: the array never escapes, so nothing on either path
;   can write it, and the stored value is forwarded (both paths agree);
; - a load of @g after the diamond stays: @ext may write @g on one path;
; - a load through an unknown pointer argument after a store to @h stays (they may alias), but
;   a load of a non-escaping alloca after a store through that pointer is forwarded;
; - a second load of the same global in one block, with a store to a different global between,
;   reuses the first (distinct globals do not alias);
; - a volatile load is never replaced.
; Oracle: opt-19 -passes=gvn removes the same loads; the input, our output and opt-19's
; output print the same under `irplay run`.

@fmt = private constant [16 x i8] c"%d %d %d %d %d\0A\00"
@g = global i32 10
@h = global i32 20
@k = global i32 30

declare i32 @printf(ptr, ...)

define void @ext() {
  %v = load i32, ptr @g, align 4
  %w = mul i32 %v, 2
  store i32 %w, ptr @g, align 4
  ret void
}

define i32 @f(i1 %c, ptr %q) {
entry:
  %arr = alloca [4 x i32], align 16
  %loc = alloca i32, align 4
  %e0 = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 0
  %e1 = getelementptr inbounds [4 x i32], ptr %arr, i64 0, i64 1
  store i32 5, ptr %e1, align 4
  store i32 6, ptr %e0, align 4
  store i32 9, ptr %loc, align 4
  br i1 %c, label %l, label %r
l:
  store i32 1, ptr @h, align 4
  br label %j
r:
  call void @ext()
  br label %j
j:
  %x = load i32, ptr %e1, align 4
  %y = load i32, ptr @g, align 4
  store i32 3, ptr %q, align 4
  %z = load i32, ptr @h, align 4
  %w = load i32, ptr %loc, align 4
  %k1 = load i32, ptr @k, align 4
  store i32 %x, ptr @g, align 4
  %k2 = load i32, ptr @k, align 4
  %v1 = load volatile i32, ptr @k, align 4
  %s1 = add i32 %k1, %k2
  %s2 = add i32 %s1, %v1
  %s3 = add i32 %s2, %w
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %x, i32 %y, i32 %z, i32 %w, i32 %s3)
  ret i32 %x
}

define i32 @main() {
  %a = call i32 @f(i1 true, ptr @k)
  %b = call i32 @f(i1 false, ptr @h)
  ret i32 0
}
