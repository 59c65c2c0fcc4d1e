; RUN: irplay run %s
; LangRef "Poison Values": "Most instructions return 'poison' when one of
; their arguments is 'poison'. A notable exception is the select instruction."
; LangRef "'select' Instruction" (LLVM 19 text): "If the condition is an i1
; and it evaluates to 1, the instruction returns the first value argument;
; otherwise, it returns the second value argument." and "If the condition is a
; vector of i1, then the value arguments must be vectors of the same size, and
; the selection is done element by element." The unchosen sides are poison
; (add nsw overflow, shl by more than the width, poison lanes); the results
; are branched on, which would be undefined behaviour if they were poison.
; Oracle: lli-19 and a native -O2 build (clang-19 -O2 FILE.ll) print the same
; stdout and exit 0. (A native -O0 build prints a garbage third number: the
; x86 backend's -O0 path mishandles the constant vector select with poison
; lanes, so it is not used as the oracle here.)

@f = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @pick(i1 %c, i32 %a, i32 %b) {
  %r = select i1 %c, i32 %a, i32 %b
  ret i32 %r
}

define i32 @main() {
  %p = add nsw i32 2147483647, 1
  %s = shl i32 1, 40
  %x = call i32 @pick(i1 true, i32 5, i32 %p)
  %y = call i32 @pick(i1 false, i32 %s, i32 7)
  %v = select <2 x i1> <i1 true, i1 false>, <2 x i32> <i32 11, i32 poison>, <2 x i32> <i32 poison, i32 13>
  %e0 = extractelement <2 x i32> %v, i32 0
  %e1 = extractelement <2 x i32> %v, i32 1
  %z = add i32 %e0, %e1
  %c1 = icmp eq i32 %x, 5
  br i1 %c1, label %next, label %bad
next:
  %c2 = icmp eq i32 %y, 7
  br i1 %c2, label %next2, label %bad
next2:
  %c3 = icmp eq i32 %z, 24
  br i1 %c3, label %good, label %bad
good:
  call i32 (ptr, ...) @printf(ptr @f, i32 %x, i32 %y, i32 %z)
  ret i32 0
bad:
  ret i32 1
}
