; RUN: irplay check %s
; LangRef: 'va_arg' and the variable argument handling intrinsics
; (llvm.va_start, llvm.va_copy, llvm.va_end).

%struct.va_list = type { i32, i32, ptr, ptr }

define i32 @sum(i32 %n, ...) {
entry:
  %ap = alloca %struct.va_list, align 8
  %aq = alloca %struct.va_list, align 8
  call void @llvm.va_start.p0(ptr %ap)
  call void @llvm.va_copy.p0(ptr %aq, ptr %ap)
  %a = va_arg ptr %ap, i32
  %b = va_arg ptr %ap, double
  %c = va_arg ptr %aq, ptr
  %d = va_arg ptr %aq, <2 x i32>
  call void @llvm.va_end.p0(ptr %aq)
  call void @llvm.va_end.p0(ptr %ap)
  ret i32 %a
}

declare void @llvm.va_start.p0(ptr)
declare void @llvm.va_copy.p0(ptr, ptr)
declare void @llvm.va_end.p0(ptr)
