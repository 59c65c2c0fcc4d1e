; RUN: irplay run %s
; The code generators do not lower vectors of elements wider than 64 bits yet (their message,
; "`store` on void", should name the vector type):
; UNSUPPORTED-NATIVE: `store` on void
; UNSUPPORTED-AARCH64: `store` on void
; UNSUPPORTED-WASM: `store` on void
; LangRef "Vector Type": vectors of integers whose width is not a whole number of bytes are
; stored bit-packed; elements wider than 64 bits (i70) keep all their bits. Expected output
; checked against lli-19.
declare i32 @printf(ptr, ...)
@f = private constant [9 x i8] c"%llx %x\0A\00"
define i32 @main() {
  %p = alloca <3 x i70>
  store <3 x i70> <i70 1180591620717411303423, i70 5, i70 590295810358705651712>, ptr %p
  %v = load <3 x i70>, ptr %p
  %a = extractelement <3 x i70> %v, i32 2
  %h = lshr i70 %a, 64
  %ht = trunc i70 %h to i32
  %b = extractelement <3 x i70> %v, i32 0
  %bt = trunc i70 %b to i64
  %q = load i64, ptr %p
  call i32 (ptr, ...) @printf(ptr @f, i64 %bt, i32 %ht)
  call i32 (ptr, ...) @printf(ptr @f, i64 %q, i32 0)
  ret i32 0
}
