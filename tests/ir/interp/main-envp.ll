; RUN: irplay run %s
; main's third parameter, `envp` (C17 J.5.1 "Environment arguments": "the
; third argument, envp, ... points to a null-terminated array of pointers to
; char"): it is never null, and walking it to its null pointer ends. Without
; `--env` the program's environment is empty in every engine: no entries.
; Oracle: a clang-19 build run as `env -i` prints the same stdout and exits 0
; (lli-19's default JIT hands main argv as envp: one entry).

@f = private constant [37 x i8] c"envp null:%d, %d entries to its end\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main(i32 %argc, ptr %argv, ptr %envp) {
entry:
  %isnull = icmp eq ptr %envp, null
  %n = zext i1 %isnull to i32
  br i1 %isnull, label %done, label %loop
loop:
  %p = phi ptr [ %envp, %entry ], [ %next, %loop ]
  %count = phi i32 [ 0, %entry ], [ %count1, %loop ]
  %e = load ptr, ptr %p
  %next = getelementptr inbounds ptr, ptr %p, i64 1
  %more = icmp ne ptr %e, null
  %count1 = add i32 %count, 1
  br i1 %more, label %loop, label %done
done:
  %entries = phi i32 [ 0, %entry ], [ %count, %loop ]
  call i32 (ptr, ...) @printf(ptr @f, i32 %n, i32 %entries)
  ret i32 0
}
