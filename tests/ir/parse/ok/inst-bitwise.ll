; RUN: irplay check %s
; LangRef: Bitwise Binary Operations (shl with nuw/nsw, lshr/ashr with
; exact, and, or with disjoint, xor), on scalars and vectors.

define void @bitwise(i64 %a, i64 %b, <2 x i16> %v) {
  %shl = shl i64 %a, 3
  %shl.nuw = shl nuw i64 %a, %b
  %shl.nsw = shl nsw i64 %a, %b
  %shl.both = shl nuw nsw i64 %a, 1
  %lshr = lshr i64 %a, %b
  %lshr.exact = lshr exact i64 %a, 2
  %ashr = ashr i64 %a, 63
  %ashr.exact = ashr exact i64 %a, %b
  %and = and i64 %a, 255
  %or = or i64 %a, %b
  %or.disjoint = or disjoint i64 %a, 256
  %xor = xor i64 %a, -1
  %vshl = shl <2 x i16> %v, <i16 1, i16 15>
  %vor = or disjoint <2 x i16> %v, splat (i16 1)
  %vxor = xor <2 x i16> %v, zeroinitializer
  %bool = and i1 true, false
  ret void
}
