; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; glibc's <ctype.h> reads its C-locale tables directly in optimized code: clang -O1 turns
; isalpha(c) into a load from (*__ctype_b_loc())[c] and toupper(c) into
; (*__ctype_toupper_loc())[c]. Each table has entries for c from -128 to 255. This prints
; every entry of the three tables, and stores nothing to them (they are read-only).
; Oracle: a native build (clang-19 FILE.ll -o x && ./x) prints the same 384 lines.
@fmt = private constant [15 x i8] c"%d %04x %d %d\0A\00"

declare ptr @__ctype_b_loc()
declare ptr @__ctype_toupper_loc()
declare ptr @__ctype_tolower_loc()
declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  %bl = call ptr @__ctype_b_loc()
  %b = load ptr, ptr %bl
  %ul = call ptr @__ctype_toupper_loc()
  %u = load ptr, ptr %ul
  %ll = call ptr @__ctype_tolower_loc()
  %l = load ptr, ptr %ll
  br label %loop

loop:
  %c = phi i64 [ -128, %entry ], [ %next, %loop ]
  %bp = getelementptr i16, ptr %b, i64 %c
  %bv = load i16, ptr %bp
  %bz = zext i16 %bv to i32
  %up = getelementptr i32, ptr %u, i64 %c
  %uv = load i32, ptr %up
  %lp = getelementptr i32, ptr %l, i64 %c
  %lv = load i32, ptr %lp
  %ci = trunc i64 %c to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %ci, i32 %bz, i32 %uv, i32 %lv)
  %next = add i64 %c, 1
  %done = icmp eq i64 %next, 256
  br i1 %done, label %exit, label %loop

exit:
  ret i32 0
}
