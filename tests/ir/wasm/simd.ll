; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; 128-bit vectors, which the wasm backend keeps in one v128 each: add/sub/and/or/xor on
; every integer shape with wrap-around, mul on 16/32/64-bit lanes (and on 8-bit lanes,
; which go lane by lane), shifts by a splat constant (vector instructions) and by per-lane
; amounts (lane by lane), float arithmetic and fneg, udiv and icmp/select by lanes, loads
; and stores at unaligned addresses, insert/extract at constant indices, shuffles within
; one vector type and into another, bitcasts between vector types and to i128, sext/trunc
; into and out of v128, vectors through phis, as parameters and results, and constants.
; Expected output: a native clang-19 build of this file (same as lli-19).

@buf = global [40 x i8] zeroinitializer, align 16
@x = private constant [6 x i8] c"%llx \00"
@d = private constant [4 x i8] c"%d \00"
@g = private constant [4 x i8] c"%g \00"
@nl = private constant [2 x i8] c"\0A\00"

declare i32 @printf(ptr, ...)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)

; Prints the two 64-bit halves of a vector (as <2 x i64>), then a newline.
define void @show(<2 x i64> %v) {
  %lo = extractelement <2 x i64> %v, i64 0
  %hi = extractelement <2 x i64> %v, i64 1
  call i32 (ptr, ...) @printf(ptr @x, i64 %lo)
  call i32 (ptr, ...) @printf(ptr @x, i64 %hi)
  call i32 (ptr, ...) @printf(ptr @nl)
  ret void
}

define void @show16(<16 x i8> %v) {
  %c = bitcast <16 x i8> %v to <2 x i64>
  call void @show(<2 x i64> %c)
  ret void
}

define void @show8(<8 x i16> %v) {
  %c = bitcast <8 x i16> %v to <2 x i64>
  call void @show(<2 x i64> %c)
  ret void
}

define void @show4(<4 x i32> %v) {
  %c = bitcast <4 x i32> %v to <2 x i64>
  call void @show(<2 x i64> %c)
  ret void
}

define <4 x i32> @twice(<4 x i32> %v) {
  %r = add <4 x i32> %v, %v
  ret <4 x i32> %r
}

define i32 @main() {
entry:
  ; i8x16: add and sub wrap, mul (lane by lane), xor, shifts
  %b0 = add <16 x i8> <i8 255, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 8, i8 9, i8 10, i8 11, i8 12, i8 13, i8 14, i8 200>, <i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 100>
  call void @show16(<16 x i8> %b0)
  %b1 = sub <16 x i8> %b0, <i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3, i8 3>
  call void @show16(<16 x i8> %b1)
  %b2 = mul <16 x i8> %b1, %b1
  call void @show16(<16 x i8> %b2)
  %b3 = ashr <16 x i8> %b2, <i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2, i8 2>
  call void @show16(<16 x i8> %b3)
  %b4 = lshr <16 x i8> %b2, <i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 0, i8 1, i8 2, i8 3, i8 4, i8 5, i8 6, i8 7, i8 0>
  call void @show16(<16 x i8> %b4)
  ; i16x8: mul, shl, and/or
  %h0 = mul <8 x i16> <i16 300, i16 -2, i16 3, i16 400, i16 5, i16 -600, i16 7, i16 32767>, <i16 300, i16 3, i16 -4, i16 500, i16 6, i16 7, i16 8, i16 2>
  call void @show8(<8 x i16> %h0)
  %h1 = shl <8 x i16> %h0, <i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3, i16 3>
  %h2 = and <8 x i16> %h1, <i16 -1, i16 255, i16 -256, i16 4095, i16 -1, i16 0, i16 1, i16 -1>
  %h3 = or <8 x i16> %h2, <i16 1, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 -32768>
  call void @show8(<8 x i16> %h3)
  ; i32x4: through memory at an unaligned address, a call, mul, udiv and icmp/select by
  ; lanes, a shuffle across two vectors, insert/extract, a reduction
  %p = getelementptr i8, ptr @buf, i64 3
  store <4 x i32> <i32 -1, i32 2, i32 1000000, i32 -7>, ptr %p, align 1
  %w0 = load <4 x i32>, ptr %p, align 1
  %w1 = call <4 x i32> @twice(<4 x i32> %w0)
  call void @show4(<4 x i32> %w1)
  %w2 = mul <4 x i32> %w1, <i32 3, i32 -5, i32 70000, i32 9>
  call void @show4(<4 x i32> %w2)
  %w3 = udiv <4 x i32> %w2, <i32 7, i32 3, i32 1, i32 100>
  call void @show4(<4 x i32> %w3)
  %lt = icmp slt <4 x i32> %w2, zeroinitializer
  %w4 = select <4 x i1> %lt, <4 x i32> %w3, <4 x i32> %w2
  call void @show4(<4 x i32> %w4)
  %w5 = shufflevector <4 x i32> %w4, <4 x i32> %w0, <4 x i32> <i32 3, i32 4, i32 5, i32 0>
  call void @show4(<4 x i32> %w5)
  %w6 = insertelement <4 x i32> %w5, i32 42, i64 2
  %e = extractelement <4 x i32> %w6, i64 2
  %e1 = extractelement <4 x i32> %w6, i64 1
  call i32 (ptr, ...) @printf(ptr @d, i32 %e)
  call i32 (ptr, ...) @printf(ptr @d, i32 %e1)
  %sum = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %w6)
  call i32 (ptr, ...) @printf(ptr @d, i32 %sum)
  call i32 (ptr, ...) @printf(ptr @nl)
  %sc = select i1 true, <4 x i32> %w6, <4 x i32> %w0
  %w7 = ashr <4 x i32> %sc, <i32 31, i32 31, i32 31, i32 31>
  call void @show4(<4 x i32> %w7)
  ; a shuffle into a shorter vector, sext and trunc into and out of v128
  %half = shufflevector <4 x i32> %w6, <4 x i32> poison, <2 x i32> <i32 1, i32 3>
  %wide = sext <2 x i32> %half to <2 x i64>
  call void @show(<2 x i64> %wide)
  %narrow = trunc <4 x i32> %w6 to <4 x i16>
  %nb = bitcast <4 x i16> %narrow to i64
  call i32 (ptr, ...) @printf(ptr @x, i64 %nb)
  call i32 (ptr, ...) @printf(ptr @nl)
  ; i64x2: add with carry-free wrap, sub, mul, lshr, bitcast to i128 and back
  %q0 = add <2 x i64> <i64 -1, i64 9223372036854775807>, <i64 2, i64 1>
  %q1 = mul <2 x i64> %q0, <i64 6148914691236517205, i64 3>
  %q2 = lshr <2 x i64> %q1, <i64 60, i64 60>
  %q3 = sub <2 x i64> %q2, %q1
  call void @show(<2 x i64> %q3)
  %wideint = bitcast <2 x i64> %q3 to i128
  %shifted = lshr i128 %wideint, 4
  %back = bitcast i128 %shifted to <2 x i64>
  call void @show(<2 x i64> %back)
  ; floats: arithmetic, fneg, a splat by insert+shuffle
  %f0 = insertelement <2 x double> poison, double 1.5, i64 0
  %f1 = shufflevector <2 x double> %f0, <2 x double> poison, <2 x i32> zeroinitializer
  %f2 = fmul <2 x double> %f1, <double 3.0, double -0.5>
  %f3 = fadd <2 x double> %f2, <double 0.25, double 1.0e300>
  %f4 = fdiv <2 x double> %f3, <double 0.0, double 3.0>
  %f5 = fneg <2 x double> %f4
  %f6 = fsub <2 x double> %f5, <double 1.0, double 1.0>
  %fa = extractelement <2 x double> %f6, i64 0
  %fb = extractelement <2 x double> %f6, i64 1
  call i32 (ptr, ...) @printf(ptr @g, double %fa)
  call i32 (ptr, ...) @printf(ptr @g, double %fb)
  %s0 = fmul <4 x float> <float 1.5, float -2.0, float 3.25, float 0.125>, <float 2.0, float 2.0, float -1.0, float 10.0>
  %s1 = extractelement <4 x float> %s0, i64 3
  %s2 = fpext float %s1 to double
  call i32 (ptr, ...) @printf(ptr @g, double %s2)
  call i32 (ptr, ...) @printf(ptr @nl)
  br label %loop

loop:
  ; a vector phi: four rounds of a xorshift on each lane
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %v = phi <4 x i32> [ <i32 1, i32 2, i32 3, i32 4>, %entry ], [ %v3, %loop ]
  %t1 = shl <4 x i32> %v, <i32 13, i32 13, i32 13, i32 13>
  %v1 = xor <4 x i32> %v, %t1
  %t2 = lshr <4 x i32> %v1, <i32 17, i32 17, i32 17, i32 17>
  %v2 = xor <4 x i32> %v1, %t2
  %t3 = shl <4 x i32> %v2, <i32 5, i32 5, i32 5, i32 5>
  %v3 = xor <4 x i32> %v2, %t3
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, 4
  br i1 %done, label %out, label %loop

out:
  call void @show4(<4 x i32> %v3)
  ret i32 0
}
