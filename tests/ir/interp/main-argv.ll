; RUN: irplay run %s -- one "two" 3
; EXIT: 4
; main's parameters follow C17 5.1.2.2.1 ("Program startup"): "argv[argc]
; shall be a null pointer", and "the strings pointed to by argv[1] through
; argv[argc-1] represent the program parameters". Arguments after `--` on the
; RUN line are the program's parameters (split at whitespace; quotes are not
; interpreted, so "two" keeps its quotes). argv[0] is not printed: it names
; the program file, which differs between irplay and a native build.
; Oracle: a native build run as `./x one '"two"' 3` and lli-19 with the same
; arguments print the same stdout and exit 4 (argc).

@f = private constant [13 x i8] c"argv[%d]=%s\0A\00"
@fe = private constant [20 x i8] c"argv[argc]=null:%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main(i32 %argc, ptr %argv) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %i.next, %body ]
  %more = icmp slt i32 %i, %argc
  br i1 %more, label %body, label %done
body:
  %ix = sext i32 %i to i64
  %pp = getelementptr inbounds ptr, ptr %argv, i64 %ix
  %p = load ptr, ptr %pp
  call i32 (ptr, ...) @printf(ptr @f, i32 %i, ptr %p)
  %i.next = add i32 %i, 1
  br label %loop
done:
  %ax = sext i32 %argc to i64
  %ep = getelementptr inbounds ptr, ptr %argv, i64 %ax
  %e = load ptr, ptr %ep
  %isnull = icmp eq ptr %e, null
  %n = zext i1 %isnull to i32
  call i32 (ptr, ...) @printf(ptr @fe, i32 %n)
  ret i32 %argc
}
