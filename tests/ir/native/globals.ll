; RUN: irplay run %s
; EXIT: 20
; Globals: a counter read and written, a constant table indexed at run time, a global
; initialized with the address of another (a relocation in the data), an external
; variable-free module with a private string, and a function pointer in a global.
; Oracle: lli-19 prints the same stdout.

@counter = global i32 5
@table = private constant [5 x i64] [i64 10, i64 -20, i64 30, i64 -40, i64 50]
@ptrs = global [2 x ptr] [ptr @counter, ptr getelementptr (i8, ptr @table, i64 16)]
@fn = global ptr @bump
@fmt = private constant [18 x i8] c"%d %lld %lld %d\0A\00\00"
declare i32 @printf(ptr, ...)

define i32 @bump(i32 %by) {
  %v = load i32, ptr @counter
  %n = add i32 %v, %by
  store i32 %n, ptr @counter
  ret i32 %n
}

define i64 @at(i64 %i) noinline {
  %p = getelementptr [5 x i64], ptr @table, i64 0, i64 %i
  %v = load i64, ptr %p
  ret i64 %v
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %f = load ptr, ptr @fn
  %c = call i32 %f(i32 3)
  %t = call i64 @at(i64 %i)
  %p1 = getelementptr [2 x ptr], ptr @ptrs, i64 0, i64 1
  %q = load ptr, ptr %p1
  %third = load i64, ptr %q
  %p0 = load ptr, ptr @ptrs
  %cv = load i32, ptr %p0
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %c, i64 %t, i64 %third, i32 %cv)
  %next = add i64 %i, 1
  %more = icmp ult i64 %next, 5
  br i1 %more, label %loop, label %done
done:
  %end = load i32, ptr @counter
  ret i32 %end
}
