; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Vectors (in the wasm backend a <4 x i32> is one v128, the others one register per lane,
; and a v128 goes lane by lane where it has no vector instruction): the loop clang's
; vectorizer makes of a CRC table (vector phi, and/icmp/lshr/xor/select, a vector store),
; then loads, element insertion and extraction, a shuffle, casts, reductions and float lanes.

@table = global [8 x i32] zeroinitializer, align 16
@d = private constant [4 x i8] c"%u\0A\00"
@g = private constant [4 x i8] c"%g\0A\00"
declare i32 @printf(ptr, ...)
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i8 @llvm.vector.reduce.smax.v4i8(<4 x i8>)

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %i4, %loop ]
  %v = phi <4 x i32> [ <i32 0, i32 1, i32 2, i32 3>, %entry ], [ %v4, %loop ]
  %low = and <4 x i32> %v, <i32 1, i32 1, i32 1, i32 1>
  %even = icmp eq <4 x i32> %low, zeroinitializer
  %half = lshr <4 x i32> %v, <i32 1, i32 1, i32 1, i32 1>
  %mixed = xor <4 x i32> %half, <i32 -306674912, i32 -306674912, i32 -306674912, i32 -306674912>
  %next = select <4 x i1> %even, <4 x i32> %half, <4 x i32> %mixed
  %p = getelementptr inbounds i32, ptr @table, i64 %i
  store <4 x i32> %next, ptr %p, align 16
  %v4 = add <4 x i32> %v, <i32 4, i32 4, i32 4, i32 4>
  %i4 = add i64 %i, 4
  %done = icmp eq i64 %i4, 8
  br i1 %done, label %show, label %loop
show:
  %w = load <4 x i32>, ptr getelementptr (i8, ptr @table, i64 16), align 16
  %e0 = extractelement <4 x i32> %w, i32 0
  call i32 (ptr, ...) @printf(ptr @d, i32 %e0)
  %e3 = extractelement <4 x i32> %w, i64 3
  call i32 (ptr, ...) @printf(ptr @d, i32 %e3)
  %ins = insertelement <4 x i32> %w, i32 7, i32 1
  %sh = shufflevector <4 x i32> %ins, <4 x i32> %w, <4 x i32> <i32 1, i32 6, i32 poison, i32 0>
  %s0 = extractelement <4 x i32> %sh, i32 0
  call i32 (ptr, ...) @printf(ptr @d, i32 %s0)
  %s1 = extractelement <4 x i32> %sh, i32 1
  call i32 (ptr, ...) @printf(ptr @d, i32 %s1)
  %narrow = trunc <4 x i32> %sh to <4 x i8>
  %wide = sext <4 x i8> %narrow to <4 x i32>
  %n3 = extractelement <4 x i32> %wide, i32 3
  call i32 (ptr, ...) @printf(ptr @d, i32 %n3)
  %sum = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %w)
  call i32 (ptr, ...) @printf(ptr @d, i32 %sum)
  %wn = trunc <4 x i32> %w to <4 x i8>
  %top = call i8 @llvm.vector.reduce.smax.v4i8(<4 x i8> %wn)
  %topw = sext i8 %top to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %topw)
  %f = fmul <2 x double> <double 1.5, double 2.0>, <double 3.0, double 0.25>
  %f1 = extractelement <2 x double> %f, i32 1
  call i32 (ptr, ...) @printf(ptr @g, double %f1)
  ret i32 0
}
