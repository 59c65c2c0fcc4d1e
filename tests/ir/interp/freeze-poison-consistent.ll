; RUN: irplay run %s
; LangRef "'freeze' Instruction" (LLVM 19 text): "If the argument is undef or
; poison, 'freeze' returns an arbitrary, but fixed, value of type 'ty'.
; Otherwise, this instruction is a no-op and returns the input argument. All
; uses of a value returned by the same 'freeze' instruction are guaranteed to
; always observe the same value, while different 'freeze' instructions may
; yield different values." and "If an aggregate value or vector is frozen, the
; operand is frozen element-wise." One frozen value is stored, reloaded and
; compared with itself, and branched on (defined whatever it is); a vector
; freeze keeps its defined lane; freeze of undef minus itself is 0.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

@f = private constant [23 x i8] c"same=%d lane1=%d z=%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
  %slot = alloca i64
  %fr = freeze i64 poison
  store i64 %fr, ptr %slot
  %back = load i64, ptr %slot
  %same = icmp eq i64 %back, %fr
  br i1 %same, label %ok, label %bad
ok:
  %v = freeze <2 x i32> <i32 poison, i32 42>
  %l1 = extractelement <2 x i32> %v, i32 1
  %fu = freeze i8 undef
  %z = sub i8 %fu, %fu
  %zx = zext i8 %z to i32
  %sx = zext i1 %same to i32
  ; branching on a frozen value is defined (whatever it is)
  %lsb = trunc i64 %fr to i1
  br i1 %lsb, label %print, label %print
print:
  call i32 (ptr, ...) @printf(ptr @f, i32 %sx, i32 %l1, i32 %zx)
  ret i32 0
bad:
  ret i32 1
}
