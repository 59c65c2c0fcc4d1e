; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Multiplication by 2^k + 1 and 2^k - 1, which the wasm backend emits as a shift and an add
; or subtract: i32 and i64, constants on either side, wrap-around (2^31 + 1, 2^31 - 1, 2^63
; + 1, 2^63 - 1, -1 as 2^32 - 1), narrow types (i8 masks its result), and the constants
; next to those forms. Expected output: a native clang-19 build of this file (same as
; lli-19).

@fmt = private constant [12 x i8] c"%u %llu %u\0A\00"

declare i32 @printf(ptr, ...)

define void @show(i32 %x, i64 %y) {
  %a3 = mul i32 %x, 3
  %b3 = mul i64 %y, 3
  %n3 = trunc i32 %x to i8
  %m3 = mul i8 %n3, 9
  %z3 = zext i8 %m3 to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a3, i64 %b3, i32 %z3)
  %a5 = mul i32 5, %x
  %b5 = mul i64 17, %y
  %n5 = trunc i32 %x to i8
  %m5 = mul i8 %n5, 127
  %z5 = zext i8 %m5 to i32
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a5, i64 %b5, i32 %z5)
  %a7 = mul i32 %x, 31
  %b7 = mul i64 %y, 33
  %a8 = mul i32 %x, 2147483649
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a7, i64 %b7, i32 %a8)
  %a9 = mul i32 %x, 2147483647
  %b9 = mul i64 %y, 9223372036854775809
  %a10 = mul i32 %x, -1
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a9, i64 %b9, i32 %a10)
  %a11 = mul i32 %x, 6
  %b11 = mul i64 %y, 9223372036854775807
  %a12 = mul i32 %x, 65
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a11, i64 %b11, i32 %a12)
  ret void
}

define i32 @main() {
  call void @show(i32 7, i64 7)
  call void @show(i32 -1, i64 -1)
  call void @show(i32 2147483647, i64 9223372036854775807)
  call void @show(i32 123456789, i64 -1234567890123456789)
  ret i32 0
}
