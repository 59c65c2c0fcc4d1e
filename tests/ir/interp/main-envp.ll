; RUN: irplay run %s
; main's third parameter, `envp` (C17 J.5.1 "Environment arguments": "the
; third argument, envp, ... points to a null-terminated array of pointers to
; char"): it is never null, and walking it to its null pointer ends. irplay's
; engines give an empty environment (getenv finds nothing); a native build sees
; the process's; so the count of entries is not printed, only that the walk
; ended.
; Oracle: lli-19 and a native clang-19 build print the same stdout and exit 0.

@f = private constant [33 x i8] c"envp null:%d, walked to its end\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main(i32 %argc, ptr %argv, ptr %envp) {
entry:
  %isnull = icmp eq ptr %envp, null
  %n = zext i1 %isnull to i32
  br i1 %isnull, label %done, label %loop
loop:
  %p = phi ptr [ %envp, %entry ], [ %next, %loop ]
  %e = load ptr, ptr %p
  %next = getelementptr inbounds ptr, ptr %p, i64 1
  %more = icmp ne ptr %e, null
  br i1 %more, label %loop, label %done
done:
  call i32 (ptr, ...) @printf(ptr @f, i32 %n)
  ret i32 0
}
