; RUN: irplay run %s
; LangRef "Arithmetic with Overflow Intrinsics", "Saturation Arithmetic
; Intrinsics", 'llvm.bswap', 'llvm.bitreverse', 'llvm.umin', 'llvm.fshl': each
; on scalars of several widths (i8, i17, i32, i64) and lane by lane on vectors,
; with the edge values (0, 1, all ones, the signed minimum and maximum). The
; wasm engine computes them inline, the interpreter from its tables; both must
; print what LLVM computes.
; Oracle: a native build (clang-19 FILE.ll) prints the same stdout.

@.f = private constant [9 x i8] c"%s %llx\0A\00"
@.n_sadd = private constant [5 x i8] c"sadd\00"
@.n_uadd = private constant [5 x i8] c"uadd\00"
@.n_ssub = private constant [5 x i8] c"ssub\00"
@.n_usub = private constant [5 x i8] c"usub\00"
@.n_smul = private constant [5 x i8] c"smul\00"
@.n_umul = private constant [5 x i8] c"umul\00"
@.n_sat = private constant [4 x i8] c"sat\00"
@.n_vec = private constant [4 x i8] c"vec\00"
@i8s = global [5 x i8] [i8 0, i8 1, i8 -1, i8 -128, i8 127]
@i17s = global [5 x i17] [i17 0, i17 1, i17 -1, i17 -65536, i17 65535]
@i32s = global [5 x i32] [i32 0, i32 1, i32 -1, i32 -2147483648, i32 2147483647]
@i64s = global [5 x i64] [i64 0, i64 1, i64 -1, i64 -9223372036854775808, i64 9223372036854775807]
@v4 = global <4 x i32> <i32 -1, i32 7, i32 -2147483648, i32 100>
@v16 = global <16 x i8> <i8 0, i8 1, i8 2, i8 3, i8 -1, i8 -2, i8 -128, i8 127, i8 8, i8 9, i8 10, i8 11, i8 12, i8 13, i8 14, i8 15>

declare i32 @printf(ptr, ...)
declare {i8, i1} @llvm.sadd.with.overflow.i8(i8, i8)
declare {i8, i1} @llvm.uadd.with.overflow.i8(i8, i8)
declare {i8, i1} @llvm.ssub.with.overflow.i8(i8, i8)
declare {i8, i1} @llvm.usub.with.overflow.i8(i8, i8)
declare {i8, i1} @llvm.smul.with.overflow.i8(i8, i8)
declare {i8, i1} @llvm.umul.with.overflow.i8(i8, i8)
declare {i17, i1} @llvm.sadd.with.overflow.i17(i17, i17)
declare {i17, i1} @llvm.smul.with.overflow.i17(i17, i17)
declare {i17, i1} @llvm.umul.with.overflow.i17(i17, i17)
declare {i32, i1} @llvm.smul.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.umul.with.overflow.i32(i32, i32)
declare {i32, i1} @llvm.ssub.with.overflow.i32(i32, i32)
declare {i64, i1} @llvm.smul.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.umul.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.sadd.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.usub.with.overflow.i64(i64, i64)
declare i8 @llvm.sadd.sat.i8(i8, i8)
declare i8 @llvm.ssub.sat.i8(i8, i8)
declare i17 @llvm.uadd.sat.i17(i17, i17)
declare i17 @llvm.sadd.sat.i17(i17, i17)
declare i32 @llvm.usub.sat.i32(i32, i32)
declare i64 @llvm.ssub.sat.i64(i64, i64)
declare i8 @llvm.sshl.sat.i8(i8, i8)
declare i8 @llvm.ushl.sat.i8(i8, i8)
declare <4 x i32> @llvm.sadd.sat.v4i32(<4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.umin.v4i32(<4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.smax.v4i32(<4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.bswap.v4i32(<4 x i32>)
declare <4 x i32> @llvm.bitreverse.v4i32(<4 x i32>)
declare <4 x i32> @llvm.fshl.v4i32(<4 x i32>, <4 x i32>, <4 x i32>)
declare <4 x i32> @llvm.abs.v4i32(<4 x i32>, i1)
declare <16 x i8> @llvm.ctpop.v16i8(<16 x i8>)
declare <16 x i8> @llvm.ctlz.v16i8(<16 x i8>, i1)
declare <16 x i8> @llvm.usub.sat.v16i8(<16 x i8>, <16 x i8>)
declare i64 @llvm.bswap.i64(i64)
declare i16 @llvm.bitreverse.i16(i16)
declare i17 @llvm.bitreverse.i17(i17)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i8 @llvm.vector.reduce.xor.v16i8(<16 x i8>)

define void @show(ptr %name, i64 %v) {
  call i32 (ptr, ...) @printf(ptr @.f, ptr %name, i64 %v)
  ret void
}

; Prints value and overflow bit of a {iN, i1} pair, as (bit << 63 | value).
define void @pair8(ptr %n, {i8, i1} %p) {
  %v = extractvalue {i8, i1} %p, 0
  %o = extractvalue {i8, i1} %p, 1
  %vz = zext i8 %v to i64
  %oz = zext i1 %o to i64
  %os = shl i64 %oz, 63
  %r = or i64 %os, %vz
  call void @show(ptr %n, i64 %r)
  ret void
}

define void @pair17(ptr %n, {i17, i1} %p) {
  %v = extractvalue {i17, i1} %p, 0
  %o = extractvalue {i17, i1} %p, 1
  %vz = zext i17 %v to i64
  %oz = zext i1 %o to i64
  %os = shl i64 %oz, 63
  %r = or i64 %os, %vz
  call void @show(ptr %n, i64 %r)
  ret void
}

define void @pair32(ptr %n, {i32, i1} %p) {
  %v = extractvalue {i32, i1} %p, 0
  %o = extractvalue {i32, i1} %p, 1
  %vz = zext i32 %v to i64
  %oz = zext i1 %o to i64
  %os = shl i64 %oz, 63
  %r = or i64 %os, %vz
  call void @show(ptr %n, i64 %r)
  ret void
}

define void @pair64(ptr %n, {i64, i1} %p) {
  %v = extractvalue {i64, i1} %p, 0
  %o = extractvalue {i64, i1} %p, 1
  call void @show(ptr %n, i64 %v)
  %oz = zext i1 %o to i64
  call void @show(ptr %n, i64 %oz)
  ret void
}

define void @vec(<4 x i32> %v) {
  %a = extractelement <4 x i32> %v, i32 0
  %b = extractelement <4 x i32> %v, i32 1
  %c = extractelement <4 x i32> %v, i32 2
  %d = extractelement <4 x i32> %v, i32 3
  %az = zext i32 %a to i64
  %bz = zext i32 %b to i64
  %cz = zext i32 %c to i64
  %dz = zext i32 %d to i64
  call void @show(ptr @.n_vec, i64 %az)
  call void @show(ptr @.n_vec, i64 %bz)
  call void @show(ptr @.n_vec, i64 %cz)
  call void @show(ptr @.n_vec, i64 %dz)
  ret void
}

define i32 @main() {
entry:
  br label %loop8
loop8:
  %i = phi i32 [ 0, %entry ], [ %i1, %next8 ]
  br label %inner8
inner8:
  %j = phi i32 [ 0, %loop8 ], [ %j1, %inner8 ]
  %pa = getelementptr [5 x i8], ptr @i8s, i32 0, i32 %i
  %pb = getelementptr [5 x i8], ptr @i8s, i32 0, i32 %j
  %a = load i8, ptr %pa
  %b = load i8, ptr %pb
  %r1 = call {i8, i1} @llvm.sadd.with.overflow.i8(i8 %a, i8 %b)
  call void @pair8(ptr @.n_sadd, {i8, i1} %r1)
  %r2 = call {i8, i1} @llvm.uadd.with.overflow.i8(i8 %a, i8 %b)
  call void @pair8(ptr @.n_uadd, {i8, i1} %r2)
  %r3 = call {i8, i1} @llvm.ssub.with.overflow.i8(i8 %a, i8 %b)
  call void @pair8(ptr @.n_ssub, {i8, i1} %r3)
  %r4 = call {i8, i1} @llvm.usub.with.overflow.i8(i8 %a, i8 %b)
  call void @pair8(ptr @.n_usub, {i8, i1} %r4)
  %r5 = call {i8, i1} @llvm.smul.with.overflow.i8(i8 %a, i8 %b)
  call void @pair8(ptr @.n_smul, {i8, i1} %r5)
  %r6 = call {i8, i1} @llvm.umul.with.overflow.i8(i8 %a, i8 %b)
  call void @pair8(ptr @.n_umul, {i8, i1} %r6)
  %s1 = call i8 @llvm.sadd.sat.i8(i8 %a, i8 %b)
  %s1z = zext i8 %s1 to i64
  call void @show(ptr @.n_sat, i64 %s1z)
  %s2 = call i8 @llvm.ssub.sat.i8(i8 %a, i8 %b)
  %s2z = zext i8 %s2 to i64
  call void @show(ptr @.n_sat, i64 %s2z)
  %sh = and i8 %b, 7
  %s3 = call i8 @llvm.sshl.sat.i8(i8 %a, i8 %sh)
  %s3z = zext i8 %s3 to i64
  call void @show(ptr @.n_sat, i64 %s3z)
  %s4 = call i8 @llvm.ushl.sat.i8(i8 %a, i8 %sh)
  %s4z = zext i8 %s4 to i64
  call void @show(ptr @.n_sat, i64 %s4z)
  ; the same pairs at i17, i32 and i64
  %qa = getelementptr [5 x i17], ptr @i17s, i32 0, i32 %i
  %qb = getelementptr [5 x i17], ptr @i17s, i32 0, i32 %j
  %c = load i17, ptr %qa
  %d = load i17, ptr %qb
  %t1 = call {i17, i1} @llvm.sadd.with.overflow.i17(i17 %c, i17 %d)
  call void @pair17(ptr @.n_sadd, {i17, i1} %t1)
  %t2 = call {i17, i1} @llvm.smul.with.overflow.i17(i17 %c, i17 %d)
  call void @pair17(ptr @.n_smul, {i17, i1} %t2)
  %t3 = call {i17, i1} @llvm.umul.with.overflow.i17(i17 %c, i17 %d)
  call void @pair17(ptr @.n_umul, {i17, i1} %t3)
  %t4 = call i17 @llvm.uadd.sat.i17(i17 %c, i17 %d)
  %t4z = zext i17 %t4 to i64
  call void @show(ptr @.n_sat, i64 %t4z)
  %t5 = call i17 @llvm.sadd.sat.i17(i17 %c, i17 %d)
  %t5z = zext i17 %t5 to i64
  call void @show(ptr @.n_sat, i64 %t5z)
  %ra = getelementptr [5 x i32], ptr @i32s, i32 0, i32 %i
  %rb = getelementptr [5 x i32], ptr @i32s, i32 0, i32 %j
  %e = load i32, ptr %ra
  %f = load i32, ptr %rb
  %u1 = call {i32, i1} @llvm.smul.with.overflow.i32(i32 %e, i32 %f)
  call void @pair32(ptr @.n_smul, {i32, i1} %u1)
  %u2 = call {i32, i1} @llvm.umul.with.overflow.i32(i32 %e, i32 %f)
  call void @pair32(ptr @.n_umul, {i32, i1} %u2)
  %u3 = call {i32, i1} @llvm.ssub.with.overflow.i32(i32 %e, i32 %f)
  call void @pair32(ptr @.n_ssub, {i32, i1} %u3)
  %u4 = call i32 @llvm.usub.sat.i32(i32 %e, i32 %f)
  %u4z = zext i32 %u4 to i64
  call void @show(ptr @.n_sat, i64 %u4z)
  %wa = getelementptr [5 x i64], ptr @i64s, i32 0, i32 %i
  %wb = getelementptr [5 x i64], ptr @i64s, i32 0, i32 %j
  %g = load i64, ptr %wa
  %h = load i64, ptr %wb
  %w1 = call {i64, i1} @llvm.smul.with.overflow.i64(i64 %g, i64 %h)
  call void @pair64(ptr @.n_smul, {i64, i1} %w1)
  %w2 = call {i64, i1} @llvm.umul.with.overflow.i64(i64 %g, i64 %h)
  call void @pair64(ptr @.n_umul, {i64, i1} %w2)
  %w3 = call {i64, i1} @llvm.sadd.with.overflow.i64(i64 %g, i64 %h)
  call void @pair64(ptr @.n_sadd, {i64, i1} %w3)
  %w4 = call {i64, i1} @llvm.usub.with.overflow.i64(i64 %g, i64 %h)
  call void @pair64(ptr @.n_usub, {i64, i1} %w4)
  %w5 = call i64 @llvm.ssub.sat.i64(i64 %g, i64 %h)
  call void @show(ptr @.n_sat, i64 %w5)
  %j1 = add i32 %j, 1
  %jd = icmp eq i32 %j1, 5
  br i1 %jd, label %next8, label %inner8
next8:
  %i1 = add i32 %i, 1
  %id = icmp eq i32 %i1, 5
  br i1 %id, label %vectors, label %loop8
vectors:
  %v = load <4 x i32>, ptr @v4
  %x1 = call <4 x i32> @llvm.sadd.sat.v4i32(<4 x i32> %v, <4 x i32> <i32 5, i32 5, i32 -5, i32 2147483647>)
  call void @vec(<4 x i32> %x1)
  %x2 = call <4 x i32> @llvm.umin.v4i32(<4 x i32> %v, <4 x i32> <i32 2, i32 3, i32 4, i32 5>)
  call void @vec(<4 x i32> %x2)
  %x3 = call <4 x i32> @llvm.smax.v4i32(<4 x i32> %v, <4 x i32> <i32 2, i32 3, i32 4, i32 5>)
  call void @vec(<4 x i32> %x3)
  %x4 = call <4 x i32> @llvm.bswap.v4i32(<4 x i32> %v)
  call void @vec(<4 x i32> %x4)
  %x5 = call <4 x i32> @llvm.bitreverse.v4i32(<4 x i32> %v)
  call void @vec(<4 x i32> %x5)
  %x6 = call <4 x i32> @llvm.fshl.v4i32(<4 x i32> %v, <4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32> <i32 0, i32 4, i32 33, i32 31>)
  call void @vec(<4 x i32> %x6)
  %x7 = call <4 x i32> @llvm.abs.v4i32(<4 x i32> %v, i1 false)
  call void @vec(<4 x i32> %x7)
  %b16 = load <16 x i8>, ptr @v16
  %y1 = call <16 x i8> @llvm.ctpop.v16i8(<16 x i8> %b16)
  %y2 = call <16 x i8> @llvm.ctlz.v16i8(<16 x i8> %b16, i1 false)
  %y3 = call <16 x i8> @llvm.usub.sat.v16i8(<16 x i8> %b16, <16 x i8> %y1)
  %y4 = add <16 x i8> %y2, %y3
  %z1 = call i8 @llvm.vector.reduce.xor.v16i8(<16 x i8> %y4)
  %z1z = zext i8 %z1 to i64
  call void @show(ptr @.n_vec, i64 %z1z)
  %z2 = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %x5)
  %z2z = zext i32 %z2 to i64
  call void @show(ptr @.n_vec, i64 %z2z)
  %k = load i64, ptr getelementptr ([5 x i64], ptr @i64s, i32 0, i32 4)
  %k1 = call i64 @llvm.bswap.i64(i64 %k)
  call void @show(ptr @.n_vec, i64 %k1)
  %k2 = trunc i64 %k to i16
  %k3 = call i16 @llvm.bitreverse.i16(i16 %k2)
  %k3z = zext i16 %k3 to i64
  call void @show(ptr @.n_vec, i64 %k3z)
  %k4 = trunc i64 %k to i17
  %k5 = call i17 @llvm.bitreverse.i17(i17 %k4)
  %k5z = zext i17 %k5 to i64
  call void @show(ptr @.n_vec, i64 %k5z)
  ret i32 0
}
