; RUN: irplay run %s
; EXE-DIFFERS: an executable of irplay build calls the C library's own time
; `time` returns the same fixed time, 1700000000 (2023-11-14 22:13:20 UTC), in
; every engine, stored through its pointer too, so that a program seeding `rand`
; with it (`srand(time(0))`) prints the same in the interpreter, as WebAssembly
; and as native code.
; Oracle: a clang-19 build of `long t = 1700000000; srand((int)t); printf("%ld
; %d\n", t, rand());` prints the same stdout (glibc's generator).

@f = private constant [8 x i8] c"%ld %d\0A\00"
@same = private constant [23 x i8] c"stored: %ld, same: %d\0A\00"
declare i32 @printf(ptr, ...)
declare i64 @time(ptr)
declare i32 @rand()
declare void @srand(i32)

define i32 @main() {
entry:
  %cell = alloca i64
  %t = call i64 @time(ptr null)
  %t32 = trunc i64 %t to i32
  call void @srand(i32 %t32)
  %r = call i32 @rand()
  call i32 (ptr, ...) @printf(ptr @f, i64 %t, i32 %r)
  %u = call i64 @time(ptr %cell)
  %stored = load i64, ptr %cell
  %eq = icmp eq i64 %stored, %u
  %same = zext i1 %eq to i32
  call i32 (ptr, ...) @printf(ptr @same, i64 %stored, i32 %same)
  ret i32 0
}
