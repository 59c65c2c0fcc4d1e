; RUN: irplay run %s
; LangRef "'add' Instruction": "If the sum has unsigned overflow, the result
; returned is the mathematical result modulo 2n, where n is the bit width of
; the result." ('sub' and 'mul' say the same of the difference and the
; product.) Without nuw/nsw the wrapped result is defined. Shown at i1, i8,
; i33, i64 and i128; the wide results are printed through zext/trunc/lshr to
; i64.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

@f1 = private constant [17 x i8] c"i1   %lld %lld \0A\00"
@f8 = private constant [22 x i8] c"i8   %lld %lld %lld \0A\00"
@f33 = private constant [27 x i8] c"i33  %llx %llx %llx %lld \0A\00"
@f64 = private constant [27 x i8] c"i64  %llx %llx %llx %lld \0A\00"
@f128 = private constant [36 x i8] c"i128 %016llx%016llx %016llx%016llx\0A\00"

declare i32 @printf(ptr, ...)

define i32 @main() {
  ; i1: 1 + 1 = 0, 0 - 1 = 1 (mod 2)
  %a1 = add i1 true, true
  %s1 = sub i1 false, true
  %a1x = zext i1 %a1 to i64
  %s1x = zext i1 %s1 to i64
  call i32 (ptr, ...) @printf(ptr @f1, i64 %a1x, i64 %s1x)

  ; i8: 127 + 1 = -128, 0 - 1 = 255 unsigned, 16 * 17 = 272 mod 256 = 16
  %a8 = add i8 127, 1
  %s8 = sub i8 0, 1
  %m8 = mul i8 16, 17
  %a8x = sext i8 %a8 to i64
  %s8x = zext i8 %s8 to i64
  %m8x = sext i8 %m8 to i64
  call i32 (ptr, ...) @printf(ptr @f8, i64 %a8x, i64 %s8x, i64 %m8x)

  ; i33: max unsigned + 1 = 0; 2^32 * 2 = 0; 0 - 1 = all ones; signed max + 1 = signed min
  %a33 = add i33 8589934591, 1
  %m33 = mul i33 4294967296, 2
  %s33 = sub i33 0, 1
  %o33 = add i33 4294967295, 1
  %a33x = zext i33 %a33 to i64
  %m33x = zext i33 %m33 to i64
  %s33x = zext i33 %s33 to i64
  %o33x = sext i33 %o33 to i64
  call i32 (ptr, ...) @printf(ptr @f33, i64 %a33x, i64 %m33x, i64 %s33x, i64 %o33x)

  ; i64
  %a64 = add i64 9223372036854775807, 1
  %m64 = mul i64 -1, -1
  %s64 = sub i64 0, 9223372036854775807
  %x64 = mul i64 4294967297, 4294967297
  call i32 (ptr, ...) @printf(ptr @f64, i64 %a64, i64 %m64, i64 %s64, i64 %x64)

  ; i128: (2^128 - 1) + 2 = 1; 2^64 * 2^64 = 0 -> use (2^64+1)^2 = 2^65 + 1 mod 2^128
  %a128 = add i128 -1, 2
  %m128 = mul i128 18446744073709551617, 18446744073709551617
  %ahi = lshr i128 %a128, 64
  %ahi64 = trunc i128 %ahi to i64
  %alo64 = trunc i128 %a128 to i64
  %mhi = lshr i128 %m128, 64
  %mhi64 = trunc i128 %mhi to i64
  %mlo64 = trunc i128 %m128 to i64
  call i32 (ptr, ...) @printf(ptr @f128, i64 %ahi64, i64 %alo64, i64 %mhi64, i64 %mlo64)
  ret i32 0
}
