; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Saturating float-to-integer conversions (LangRef "'llvm.fptosi.sat.*' Intrinsic": out of
; range values give the nearest representable one, NaN gives 0) at 1, 8, 16, 32, 33 and 64
; bits from float and double, and bitcasts that change the lane shape: vector to vector,
; vector to scalar and back, <N x i1> to and from integers, i128 to and from vectors (lane 0
; in the low bits, the data layout being little-endian).
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout.

@fs = private constant [19 x i8] c"%s %lld %lld %lld\0A\00"
@fx = private constant [9 x i8] c"%s %llx\0A\00"
@n.s8 = private constant [6 x i8] c"si8: \00"
@n.u8 = private constant [6 x i8] c"ui8: \00"
@n.s16 = private constant [7 x i8] c"si16: \00"
@n.s1 = private constant [6 x i8] c"si1: \00"
@n.u1 = private constant [6 x i8] c"ui1: \00"
@n.s32 = private constant [7 x i8] c"si32: \00"
@n.u32 = private constant [7 x i8] c"ui32: \00"
@n.s33 = private constant [7 x i8] c"si33: \00"
@n.u64 = private constant [7 x i8] c"ui64: \00"
@n.s64f = private constant [8 x i8] c"si64f: \00"
@n.b1 = private constant [11 x i8] c"4xi32>2x64\00"
@n.b2 = private constant [11 x i8] c"2xi64>4x32\00"
@n.b3 = private constant [9 x i8] c"8xi1>i8:\00"
@n.b4 = private constant [10 x i8] c"i8>8xi1: \00"
@n.b5 = private constant [13 x i8] c"2xfloat>i64:\00"
@n.b6 = private constant [10 x i8] c"4xi8>i32:\00"
@n.b7 = private constant [13 x i8] c"i128>2xi64: \00"
@n.b8 = private constant [13 x i8] c"4xi32>i128: \00"
@n.b9 = private constant [12 x i8] c"i16>16xi1: \00"
@n.b10 = private constant [13 x i8] c"2xi16>4xi8: \00"
@n.b11 = private constant [13 x i8] c"double>8xi8:\00"
declare i32 @printf(ptr, ...)

define double @id(double %x) noinline {
  ret double %x
}

define float @idf(float %x) noinline {
  ret float %x
}

define void @sat(double %a, double %b, double %c) noinline {
  %fa = fptrunc double %a to float
  %s8a = call i8 @llvm.fptosi.sat.i8.f64(double %a)
  %s8b = call i8 @llvm.fptosi.sat.i8.f64(double %b)
  %s8c = call i8 @llvm.fptosi.sat.i8.f64(double %c)
  call void @show3(ptr @n.s8, i8 %s8a, i8 %s8b, i8 %s8c)
  %u8a = call i8 @llvm.fptoui.sat.i8.f64(double %a)
  %u8b = call i8 @llvm.fptoui.sat.i8.f64(double %b)
  %u8c = call i8 @llvm.fptoui.sat.i8.f64(double %c)
  call void @show3u(ptr @n.u8, i8 %u8a, i8 %u8b, i8 %u8c)
  %s16a = call i16 @llvm.fptosi.sat.i16.f32(float %fa)
  %fb = fptrunc double %b to float
  %fc = fptrunc double %c to float
  %s16b = call i16 @llvm.fptosi.sat.i16.f32(float %fb)
  %s16c = call i16 @llvm.fptosi.sat.i16.f32(float %fc)
  %x16a = sext i16 %s16a to i64
  %x16b = sext i16 %s16b to i64
  %x16c = sext i16 %s16c to i64
  call i32 (ptr, ...) @printf(ptr @fs, ptr @n.s16, i64 %x16a, i64 %x16b, i64 %x16c)
  %s1a = call i1 @llvm.fptosi.sat.i1.f64(double %a)
  %s1b = call i1 @llvm.fptosi.sat.i1.f64(double %b)
  %s1c = call i1 @llvm.fptosi.sat.i1.f64(double %c)
  %x1a = sext i1 %s1a to i64
  %x1b = sext i1 %s1b to i64
  %x1c = sext i1 %s1c to i64
  call i32 (ptr, ...) @printf(ptr @fs, ptr @n.s1, i64 %x1a, i64 %x1b, i64 %x1c)
  %u1a = call i1 @llvm.fptoui.sat.i1.f64(double %a)
  %u1b = call i1 @llvm.fptoui.sat.i1.f64(double %b)
  %u1c = call i1 @llvm.fptoui.sat.i1.f64(double %c)
  %y1a = zext i1 %u1a to i64
  %y1b = zext i1 %u1b to i64
  %y1c = zext i1 %u1c to i64
  call i32 (ptr, ...) @printf(ptr @fs, ptr @n.u1, i64 %y1a, i64 %y1b, i64 %y1c)
  %s32a = call i32 @llvm.fptosi.sat.i32.f32(float %fa)
  %s32b = call i32 @llvm.fptosi.sat.i32.f32(float %fb)
  %s32c = call i32 @llvm.fptosi.sat.i32.f32(float %fc)
  %x32a = sext i32 %s32a to i64
  %x32b = sext i32 %s32b to i64
  %x32c = sext i32 %s32c to i64
  call i32 (ptr, ...) @printf(ptr @fs, ptr @n.s32, i64 %x32a, i64 %x32b, i64 %x32c)
  %u32a = call i32 @llvm.fptoui.sat.i32.f64(double %a)
  %u32b = call i32 @llvm.fptoui.sat.i32.f64(double %b)
  %u32c = call i32 @llvm.fptoui.sat.i32.f64(double %c)
  %y32a = zext i32 %u32a to i64
  %y32b = zext i32 %u32b to i64
  %y32c = zext i32 %u32c to i64
  call i32 (ptr, ...) @printf(ptr @fs, ptr @n.u32, i64 %y32a, i64 %y32b, i64 %y32c)
  %s33a = call i33 @llvm.fptosi.sat.i33.f64(double %a)
  %s33b = call i33 @llvm.fptosi.sat.i33.f64(double %b)
  %s33c = call i33 @llvm.fptosi.sat.i33.f64(double %c)
  %x33a = sext i33 %s33a to i64
  %x33b = sext i33 %s33b to i64
  %x33c = sext i33 %s33c to i64
  call i32 (ptr, ...) @printf(ptr @fs, ptr @n.s33, i64 %x33a, i64 %x33b, i64 %x33c)
  %u64a = call i64 @llvm.fptoui.sat.i64.f64(double %a)
  %u64b = call i64 @llvm.fptoui.sat.i64.f64(double %b)
  %u64c = call i64 @llvm.fptoui.sat.i64.f64(double %c)
  call i32 (ptr, ...) @printf(ptr @fs, ptr @n.u64, i64 %u64a, i64 %u64b, i64 %u64c)
  %s64a = call i64 @llvm.fptosi.sat.i64.f32(float %fa)
  %s64b = call i64 @llvm.fptosi.sat.i64.f32(float %fb)
  %s64c = call i64 @llvm.fptosi.sat.i64.f32(float %fc)
  call i32 (ptr, ...) @printf(ptr @fs, ptr @n.s64f, i64 %s64a, i64 %s64b, i64 %s64c)
  ret void
}

define void @show3(ptr %n, i8 %a, i8 %b, i8 %c) {
  %xa = sext i8 %a to i64
  %xb = sext i8 %b to i64
  %xc = sext i8 %c to i64
  call i32 (ptr, ...) @printf(ptr @fs, ptr %n, i64 %xa, i64 %xb, i64 %xc)
  ret void
}

define void @show3u(ptr %n, i8 %a, i8 %b, i8 %c) {
  %xa = zext i8 %a to i64
  %xb = zext i8 %b to i64
  %xc = zext i8 %c to i64
  call i32 (ptr, ...) @printf(ptr @fs, ptr %n, i64 %xa, i64 %xb, i64 %xc)
  ret void
}

define void @hex(ptr %n, i64 %v) {
  call i32 (ptr, ...) @printf(ptr @fx, ptr %n, i64 %v)
  ret void
}

define <4 x i32> @v4(i32 %a) noinline {
  %v0 = insertelement <4 x i32> poison, i32 %a, i32 0
  %b = add i32 %a, 286331153
  %v1 = insertelement <4 x i32> %v0, i32 %b, i32 1
  %c = xor i32 %a, -1
  %v2 = insertelement <4 x i32> %v1, i32 %c, i32 2
  %v3 = insertelement <4 x i32> %v2, i32 -2147483648, i32 3
  ret <4 x i32> %v3
}

define void @casts(i32 %seed) noinline {
  %v = call <4 x i32> @v4(i32 %seed)
  %w = bitcast <4 x i32> %v to <2 x i64>
  %w0 = extractelement <2 x i64> %w, i32 0
  %w1 = extractelement <2 x i64> %w, i32 1
  call void @hex(ptr @n.b1, i64 %w0)
  call void @hex(ptr @n.b1, i64 %w1)
  %back = bitcast <2 x i64> %w to <4 x i32>
  %e2 = extractelement <4 x i32> %back, i32 2
  %e2x = zext i32 %e2 to i64
  call void @hex(ptr @n.b2, i64 %e2x)
  %cmp = icmp ugt <4 x i32> %v, <i32 100, i32 100, i32 100, i32 100>
  %cmp8 = shufflevector <4 x i1> %cmp, <4 x i1> <i1 1, i1 0, i1 1, i1 1>, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %mask = bitcast <8 x i1> %cmp8 to i8
  %maskx = zext i8 %mask to i64
  call void @hex(ptr @n.b3, i64 %maskx)
  %t8 = trunc i32 %seed to i8
  %bits = bitcast i8 %t8 to <8 x i1>
  %sel = select <8 x i1> %bits, <8 x i8> <i8 1, i8 2, i8 4, i8 8, i8 16, i8 32, i8 64, i8 -128>, <8 x i8> zeroinitializer
  %r = call i8 @llvm.vector.reduce.or.v8i8(<8 x i8> %sel)
  %rx = zext i8 %r to i64
  call void @hex(ptr @n.b4, i64 %rx)
  %sf = sitofp i32 %seed to float
  %f0 = insertelement <2 x float> poison, float %sf, i32 0
  %f1 = insertelement <2 x float> %f0, float -2.5, i32 1
  %fi = bitcast <2 x float> %f1 to i64
  call void @hex(ptr @n.b5, i64 %fi)
  %asd = bitcast i64 %fi to <2 x float>
  %asd1 = extractelement <2 x float> %asd, i32 1
  %asd1i = bitcast float %asd1 to i32
  %asd1x = zext i32 %asd1i to i64
  call void @hex(ptr @n.b5, i64 %asd1x)
  %b4 = bitcast i32 %seed to <4 x i8>
  %b4r = shufflevector <4 x i8> %b4, <4 x i8> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %b4i = bitcast <4 x i8> %b4r to i32
  %b4x = zext i32 %b4i to i64
  call void @hex(ptr @n.b6, i64 %b4x)
  %sx = sext i32 %seed to i128
  %big = mul i128 %sx, 18446744073709551617
  %halves = bitcast i128 %big to <2 x i64>
  %h0 = extractelement <2 x i64> %halves, i32 0
  %h1 = extractelement <2 x i64> %halves, i32 1
  call void @hex(ptr @n.b7, i64 %h0)
  call void @hex(ptr @n.b7, i64 %h1)
  %wide = bitcast <4 x i32> %v to i128
  %wsh = lshr i128 %wide, 48
  %wt = trunc i128 %wsh to i64
  call void @hex(ptr @n.b8, i64 %wt)
  %t16 = trunc i32 %seed to i16
  %b16 = bitcast i16 %t16 to <16 x i1>
  %b16r = shufflevector <16 x i1> %b16, <16 x i1> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %r16 = bitcast <16 x i1> %b16r to i16
  %r16x = zext i16 %r16 to i64
  call void @hex(ptr @n.b9, i64 %r16x)
  %p2 = insertelement <2 x i16> <i16 -2, i16 0>, i16 %t16, i32 1
  %p4 = bitcast <2 x i16> %p2 to <4 x i8>
  %p4s = add <4 x i8> %p4, <i8 1, i8 1, i8 1, i8 1>
  %p4i = bitcast <4 x i8> %p4s to i32
  %p4x = zext i32 %p4i to i64
  call void @hex(ptr @n.b10, i64 %p4x)
  %d = call double @id(double -1.5)
  %d8 = bitcast double %d to <8 x i8>
  %d8b = extractelement <8 x i8> %d8, i32 6
  %d8x = zext i8 %d8b to i64
  call void @hex(ptr @n.b11, i64 %d8x)
  ret void
}

define i32 @main() {
  %nan0 = call double @id(double 0.0)
  %nan = fdiv double %nan0, %nan0
  %inf = call double @id(double 0x7FF0000000000000)
  %ninf = fneg double %inf
  %a = call double @id(double 300.75)
  %b = call double @id(double -129.5)
  call void @sat(double %a, double %b, double %nan)
  %c = call double @id(double -0.99)
  %d = call double @id(double 1.0e19)
  call void @sat(double %c, double %d, double %ninf)
  %e = call double @id(double 2.0e10)
  %f = call double @id(double -9.0e18)
  call void @sat(double %e, double %f, double %inf)
  %g = call double @id(double 1.0)
  %h = call double @id(double -1.0)
  call void @sat(double %g, double %h, double 0.5)
  call void @casts(i32 305419896)
  call void @casts(i32 -7)
  ret i32 0
}

declare i8 @llvm.fptosi.sat.i8.f64(double)
declare i8 @llvm.fptoui.sat.i8.f64(double)
declare i16 @llvm.fptosi.sat.i16.f32(float)
declare i1 @llvm.fptosi.sat.i1.f64(double)
declare i1 @llvm.fptoui.sat.i1.f64(double)
declare i32 @llvm.fptosi.sat.i32.f32(float)
declare i32 @llvm.fptoui.sat.i32.f64(double)
declare i33 @llvm.fptosi.sat.i33.f64(double)
declare i64 @llvm.fptoui.sat.i64.f64(double)
declare i64 @llvm.fptosi.sat.i64.f32(float)
declare i8 @llvm.vector.reduce.or.v8i8(<8 x i8>)
