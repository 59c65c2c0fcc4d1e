; RUN: irplay check %s
; LangRef: Vector Operations (extractelement, insertelement, shufflevector)
; on fixed and scalable vectors, with constant and variable indices, undef
; and poison mask elements.

define void @fixed(<4 x i32> %v, <4 x i32> %w, i32 %idx, i64 %idx64) {
  %e0 = extractelement <4 x i32> %v, i32 0
  %e1 = extractelement <4 x i32> %v, i64 %idx64
  %i0 = insertelement <4 x i32> %v, i32 %e0, i32 3
  %i1 = insertelement <4 x i32> poison, i32 7, i32 %idx
  %s0 = shufflevector <4 x i32> %v, <4 x i32> %w, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  %s1 = shufflevector <4 x i32> %v, <4 x i32> poison, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 undef, i32 poison, i32 3, i32 0>
  %s2 = shufflevector <4 x i32> %v, <4 x i32> undef, <2 x i32> zeroinitializer
  %s3 = shufflevector <4 x i32> %v, <4 x i32> %w, <1 x i32> <i32 7>
  %pv = insertelement <2 x ptr> poison, ptr null, i32 0
  %pe = extractelement <2 x ptr> %pv, i32 1
  ret void
}

define <vscale x 4 x i32> @scalable(<vscale x 4 x i32> %v, i32 %x) {
  %ins = insertelement <vscale x 4 x i32> poison, i32 %x, i64 0
  %splat = shufflevector <vscale x 4 x i32> %ins, <vscale x 4 x i32> poison, <vscale x 4 x i32> zeroinitializer
  %e = extractelement <vscale x 4 x i32> %v, i32 2
  %r = add <vscale x 4 x i32> %splat, %v
  %s = add <vscale x 4 x i32> %r, splat (i32 1)
  ret <vscale x 4 x i32> %s
}
