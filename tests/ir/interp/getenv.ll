; RUN: irplay run --env GREETING=hello --env EMPTY= --env DUP=first --env DUP=second %s
; The program's environment is the `--env` entries alone, in every engine: a later
; entry of a name replaces an earlier one, and envp lists them sorted by name. getenv
; matches a whole name (GREET is not GREETING), finds an empty value, and returns a
; pointer into envp's own string.
; Oracle: a clang-19 build run as `env -i DUP=second EMPTY= GREETING=hello` prints the
; same stdout and exits 0. So does `lli-19 --jit-kind=mcjit`, but for the line that finds
; GREETING's value inside envp (its envp is a copy); lli-19's default JIT hands main argv
; as envp.

@entry = private constant [15 x i8] c"envp[%d] = %s\0A\00"
@found = private constant [17 x i8] c"getenv(%s) = %s\0A\00"
@none = private constant [21 x i8] c"getenv(%s) = (null)\0A\00"
@inside = private constant [33 x i8] c"GREETING's value is in envp[%d]\0A\00"
@greeting = private constant [9 x i8] c"GREETING\00"
@greet = private constant [6 x i8] c"GREET\00"
@empty = private constant [6 x i8] c"EMPTY\00"
@dup = private constant [4 x i8] c"DUP\00"
@nope = private constant [5 x i8] c"NOPE\00"

declare i32 @printf(ptr, ...)
declare ptr @getenv(ptr)

define void @show(ptr %name) {
entry:
  %v = call ptr @getenv(ptr %name)
  %isnull = icmp eq ptr %v, null
  br i1 %isnull, label %null, label %set
null:
  call i32 (ptr, ...) @printf(ptr @none, ptr %name)
  ret void
set:
  call i32 (ptr, ...) @printf(ptr @found, ptr %name, ptr %v)
  ret void
}

define i32 @main(i32 %argc, ptr %argv, ptr %envp) {
entry:
  %greeting = call ptr @getenv(ptr @greeting)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %next ]
  %idx = sext i32 %i to i64
  %slot = getelementptr inbounds ptr, ptr %envp, i64 %idx
  %e = load ptr, ptr %slot
  %more = icmp ne ptr %e, null
  br i1 %more, label %body, label %done
body:
  call i32 (ptr, ...) @printf(ptr @entry, i32 %i, ptr %e)
  ; GREETING's value starts 9 bytes into its entry, "GREETING=hello".
  %value = getelementptr i8, ptr %e, i64 9
  %same = icmp eq ptr %value, %greeting
  br i1 %same, label %tell, label %next
tell:
  call i32 (ptr, ...) @printf(ptr @inside, i32 %i)
  br label %next
next:
  %i1 = add i32 %i, 1
  br label %loop
done:
  call void @show(ptr @greeting)
  call void @show(ptr @greet)
  call void @show(ptr @empty)
  call void @show(ptr @dup)
  call void @show(ptr @nope)
  ret i32 0
}
