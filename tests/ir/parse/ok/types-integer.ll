; RUN: irplay check %s
; LangRef: Integer Type (i1 up to the maximum width i8388608 = 2^23, odd
; widths such as i1942652; wide arithmetic and constants).

@i1 = global i1 true
@i2 = global i2 -1
@i7 = global i7 63
@i8 = global i8 -128
@i16 = global i16 65535
@i24 = global i24 8388607
@i32 = global i32 -2147483648
@i33 = global i33 4294967296
@i64 = global i64 -9223372036854775808
@i65 = global i65 36893488147419103231
@i128 = global i128 170141183460469231731687303715884105727
@i256 = global i256 -1
@i1000 = global i1000 123456789012345678901234567890123456789012345678901234567890
@i1942652 = global i1942652 0
@i8388608 = global i8388608 1
@wide.vec = global <2 x i129> <i129 1, i129 -1>

define i1942652 @huge(i1942652 %a, i1942652 %b) {
  %s = add i1942652 %a, %b
  %m = mul i1942652 %s, 3
  %t = trunc i1942652 %m to i64
  %z = zext i64 %t to i1942652
  ret i1942652 %z
}

define i8388608 @max.width(i8388608 %a) {
  %x = xor i8388608 %a, -1
  ret i8388608 %x
}

define i128 @i128.ops(i128 %a) {
  %b = udiv i128 %a, 10000000000000000000000
  %c = shl i128 %b, 100
  ret i128 %c
}
