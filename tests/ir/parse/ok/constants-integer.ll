; RUN: irplay check %s
; LangRef: Boolean constants, Integer constants (decimal, negative, u0x and
; s0x hexadecimal forms, values that wrap to negative when printed).

@t = global i1 true
@f = global i1 false
@i1.neg = global i1 -1
@dec = global i32 42
@neg = global i32 -42
@zero = global i64 0
@wrap = global i8 255
@ux = global i32 u0xFFFFFFFF
@ux.small = global i16 u0x7f
@sx = global i32 s0xFFFFFFFF
@sx.pos = global i32 s0x7fffffff
@ux.wide = global i128 u0x0123456789ABCDEF0123456789ABCDEF
@sx.wide = global i96 s0x800000000000000000000000
@ux.bool = global i1 u0x1

define i32 @ops(i32 %a) {
  %b = add i32 %a, u0x10
  %c = and i32 %b, s0xFF
  %d = or i1 true, false
  %e = select i1 %d, i32 %c, i32 -1
  ret i32 %e
}
