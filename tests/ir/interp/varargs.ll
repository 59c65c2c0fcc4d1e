; RUN: irplay run %s
; LangRef "'llvm.va_start' Intrinsic": it "initializes *<arglist> for
; subsequent use by va_arg"; LangRef "'va_arg' Instruction": it "returns a
; value of the specified argument type and increments the va_list to point to
; the next argument"; llvm.va_copy copies the position and llvm.va_end ends
; it. The va_list is the x86-64 System V one ({ i32 gp_offset, i32 fp_offset,
; ptr overflow_arg_area, ptr reg_save_area }), so more than six integer or
; eight floating-point arguments come from the overflow area.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.
; UNSUPPORTED-AARCH64: a va_list of 24 bytes

%va_list = type { i32, i32, ptr, ptr }

@fs = private constant [15 x i8] c"sum(%d) = %lld\00"
@nl = private constant [2 x i8] c"\0A\00"
@fd = private constant [23 x i8] c"dsum = %g, again %lld\0A\00"
declare i32 @printf(ptr, ...)
declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_end.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)

; sum(n, ...): adds n i64 arguments; also reads them a second time via va_copy.
define i64 @sum(i32 %n, ...) {
entry:
  %ap = alloca %va_list
  %ap2 = alloca %va_list
  call void @llvm.va_start.p0(ptr %ap)
  call void @llvm.va_copy.p0(ptr %ap2, ptr %ap)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi i64 [ 0, %entry ], [ %acc.next, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %done
body:
  %v = va_arg ptr %ap, i64
  %acc.next = add i64 %acc, %v
  %i.next = add i32 %i, 1
  br label %loop
done:
  %first = va_arg ptr %ap2, i64
  call void @llvm.va_end.p0(ptr %ap2)
  call void @llvm.va_end.p0(ptr %ap)
  %r = add i64 %acc, %first
  ret i64 %r
}

; dsum(n, ...): n doubles, then one i64.
define double @dsum(i32 %n, ...) {
entry:
  %ap = alloca %va_list
  call void @llvm.va_start.p0(ptr %ap)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %body ]
  %acc = phi double [ 0.0, %entry ], [ %acc.next, %body ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %done
body:
  %v = va_arg ptr %ap, double
  %acc.next = fadd double %acc, %v
  %i.next = add i32 %i, 1
  br label %loop
done:
  %tail = va_arg ptr %ap, i64
  call void @llvm.va_end.p0(ptr %ap)
  %t = sitofp i64 %tail to double
  %r = fadd double %acc, %t
  ret double %r
}

define i32 @main() {
  ; 1..3 plus the first again: 6 + 1
  %a = call i64 (i32, ...) @sum(i32 3, i64 1, i64 2, i64 3)
  call i32 (ptr, ...) @printf(ptr @fs, i32 3, i64 %a)
  call i32 (ptr, ...) @printf(ptr @nl)
  ; nine arguments: five in registers after %n, four on the stack
  %b = call i64 (i32, ...) @sum(i32 9, i64 10, i64 20, i64 30, i64 40, i64 50, i64 60, i64 70, i64 80, i64 90)
  call i32 (ptr, ...) @printf(ptr @fs, i32 9, i64 %b)
  call i32 (ptr, ...) @printf(ptr @nl)
  ; ten doubles: eight in xmm registers, two on the stack, then an i64
  %d = call double (i32, ...) @dsum(i32 10, double 0.5, double 1.5, double 2.5, double 3.5, double 4.5, double 5.5, double 6.5, double 7.5, double 8.5, double 9.5, i64 1000)
  call i32 (ptr, ...) @printf(ptr @fd, double %d, i64 %b)
  ret i32 0
}
