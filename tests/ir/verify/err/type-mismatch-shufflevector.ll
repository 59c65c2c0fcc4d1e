; FAIL: irplay check %s
; Types: shufflevector operands must be vectors of the same type and the
; mask a constant vector of i32.

define <4 x i32> @f(<4 x i32> %a, <2 x i32> %b) {
  %x = shufflevector <4 x i32> %a, <2 x i32> %b, <4 x i32> zeroinitializer   ; ERROR: shufflevector
  ret <4 x i32> %x
}
