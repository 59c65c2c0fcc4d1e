; RUN: irplay run %s
; LangRef "Parameter Attributes", byval(<ty>): "a hidden copy of the pointee is
; made between the caller and the callee, so the callee is unable to modify the
; value in the caller"; "The copy is considered to belong to the caller". A
; musttail call (LLVM 19 LangRef, 'call': "All ABI-impacting function
; attributes, such as sret, byval, inreg, returned, and inalloca, must match")
; that passes on the caller's own byval parameter after changing it: the callee
; sees the changed value (LLVM forwards the caller's incoming copy), 1000
; levels deep in constant stack, while main's struct keeps its value.
; Oracle: a native build (clang-19 FILE.ll); lli-19 crashes on this file (its
; JIT does not handle musttail with byval) and lli-19 -force-interpreter makes
; no byval copies at all, so neither is an oracle here.

%struct.P = type { i32, [3 x i32] }

@.fmt = private constant [16 x i8] c"main %d %d: %d\0A\00"
declare i32 @printf(ptr, ...)

@.acc = private constant [11 x i8] c"acc %d %d\0A\00"

define i32 @acc(ptr byval(%struct.P) align 4 %p, i32 %n) {
  %a = load i32, ptr %p
  %a1 = add i32 %a, %n
  store i32 %a1, ptr %p
  %z = icmp eq i32 %n, 0
  br i1 %z, label %done, label %more
done:
  %e = getelementptr inbounds %struct.P, ptr %p, i32 0, i32 1, i32 2
  %b = load i32, ptr %e
  call i32 (ptr, ...) @printf(ptr @.acc, i32 %a1, i32 %b)
  ret i32 %a1
more:
  %m = sub i32 %n, 1
  %r = musttail call i32 @acc(ptr byval(%struct.P) align 4 %p, i32 %m)
  ret i32 %r
}

define i32 @main() {
  %s = alloca %struct.P, align 4
  store i32 10, ptr %s
  %e = getelementptr inbounds %struct.P, ptr %s, i32 0, i32 1, i32 2
  store i32 1, ptr %e
  %r = call i32 @acc(ptr byval(%struct.P) align 4 %s, i32 1000)
  %x = load i32, ptr %s
  %y = load i32, ptr %e
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %x, i32 %y, i32 %r)
  ret i32 0
}
