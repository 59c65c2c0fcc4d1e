; RUN: irplay run %s
; Integer arithmetic of the native code generator: every binary operator on i32 and i64
; operands that come from a call (so nothing folds), including the divisions (rdx:rax) and
; shifts by a register amount (cl).
; Oracle: lli-19 prints the same stdout.

@f32 = private constant [37 x i8] c"%d %d %d %d %u %d %u %d %u %d %d %d\0A\00"
@f64 = private constant [61 x i8] c"%lld %lld %lld %lld %llu %lld %llu %lld %llu %lld %lld %lld\0A\00"
declare i32 @printf(ptr, ...)

define i32 @id32(i32 %x) noinline {
  ret i32 %x
}

define i64 @id64(i64 %x) noinline {
  ret i64 %x
}

define void @ops32(i32 %a, i32 %b, i32 %s) {
  %add = add i32 %a, %b
  %sub = sub i32 %a, %b
  %mul = mul i32 %a, %b
  %sdiv = sdiv i32 %a, %b
  %udiv = udiv i32 %a, %b
  %srem = srem i32 %a, %b
  %urem = urem i32 %a, %b
  %shl = shl i32 %a, %s
  %lshr = lshr i32 %a, %s
  %ashr = ashr i32 %a, %s
  %and = and i32 %a, %b
  %xor = xor i32 %a, %b
  call i32 (ptr, ...) @printf(ptr @f32, i32 %add, i32 %sub, i32 %mul, i32 %sdiv, i32 %udiv, i32 %srem, i32 %urem, i32 %shl, i32 %lshr, i32 %ashr, i32 %and, i32 %xor)
  ret void
}

define void @ops64(i64 %a, i64 %b, i64 %s) {
  %add = add i64 %a, %b
  %sub = sub i64 %a, %b
  %mul = mul i64 %a, %b
  %sdiv = sdiv i64 %a, %b
  %udiv = udiv i64 %a, %b
  %srem = srem i64 %a, %b
  %urem = urem i64 %a, %b
  %shl = shl i64 %a, %s
  %lshr = lshr i64 %a, %s
  %ashr = ashr i64 %a, %s
  %or = or i64 %a, %b
  %xor = xor i64 %a, %b
  call i32 (ptr, ...) @printf(ptr @f64, i64 %add, i64 %sub, i64 %mul, i64 %sdiv, i64 %udiv, i64 %srem, i64 %urem, i64 %shl, i64 %lshr, i64 %ashr, i64 %or, i64 %xor)
  ret void
}

define i32 @main() {
  %a = call i32 @id32(i32 -1000)
  %b = call i32 @id32(i32 7)
  %s = call i32 @id32(i32 3)
  call void @ops32(i32 %a, i32 %b, i32 %s)
  call void @ops32(i32 %b, i32 %a, i32 %s)
  %c = call i64 @id64(i64 -123456789012)
  %d = call i64 @id64(i64 1000003)
  %t = call i64 @id64(i64 35)
  call void @ops64(i64 %c, i64 %d, i64 %t)
  call void @ops64(i64 %d, i64 %c, i64 %t)
  ret i32 0
}
