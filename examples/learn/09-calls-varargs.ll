; A call names the function, its type and the arguments. A variadic function
; (`...` in its type) takes any number of extra arguments, like printf. To read
; them, @sum_ints makes a va_list in its frame, starts it with
; llvm.va_start, takes one i32 at a time with the va_arg instruction, and
; ends with llvm.va_end. A va_list is the target's: 24 bytes on x86-64, 32 on AArch64.
; The first argument says how many numbers follow: nothing else tells you.
; In the playground, follow the calls in the run and the loop around va_arg.

@fmt = private constant [24 x i8] c"sum of %d numbers = %d\0A\00"

declare i32 @printf(ptr noundef, ...)
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)

define i32 @sum_ints(i32 %count, ...) {
entry:
  %ap = alloca [4 x i64]            ; room for either target's va_list
  call void @llvm.va_start.p0(ptr %ap)
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k.next, %body ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %body ]
  %more = icmp slt i32 %k, %count
  br i1 %more, label %body, label %done
body:
  %x = va_arg ptr %ap, i32
  %acc.next = add i32 %acc, %x
  %k.next = add i32 %k, 1
  br label %loop
done:
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %acc
}

define void @report(i32 %n, i32 %sum) {
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %n, i32 %sum)
  ret void
}

define i32 @main() {
  %a = call i32 (i32, ...) @sum_ints(i32 3, i32 10, i32 20, i32 30)
  call void @report(i32 3, i32 %a)
  %b = call i32 (i32, ...) @sum_ints(i32 8, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8)
  call void @report(i32 8, i32 %b)
  %c = call i32 (i32, ...) @sum_ints(i32 0)
  call void @report(i32 0, i32 %c)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
