; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Floating point: arithmetic, conversions, every fcmp predicate with and without NaN,
; frem (through the host's fmod), intrinsics, and printf of float and double.

@g = private constant [7 x i8] c"%.17g\0A\00"
@d = private constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)
declare double @llvm.sqrt.f64(double)
declare double @llvm.fabs.f64(double)
declare double @llvm.floor.f64(double)
declare float @llvm.ceil.f32(float)
declare double @llvm.copysign.f64(double, double)
declare double @llvm.fmuladd.f64(double, double, double)

define i32 @preds(double %a, double %b) {
  %c1 = fcmp oeq double %a, %b
  %c2 = fcmp ogt double %a, %b
  %c3 = fcmp oge double %a, %b
  %c4 = fcmp olt double %a, %b
  %c5 = fcmp ole double %a, %b
  %c6 = fcmp one double %a, %b
  %c7 = fcmp ord double %a, %b
  %c8 = fcmp ueq double %a, %b
  %c9 = fcmp ugt double %a, %b
  %c10 = fcmp uge double %a, %b
  %c11 = fcmp ult double %a, %b
  %c12 = fcmp ule double %a, %b
  %c13 = fcmp une double %a, %b
  %c14 = fcmp uno double %a, %b
  %b1 = zext i1 %c1 to i32
  %b2 = zext i1 %c2 to i32
  %b3 = zext i1 %c3 to i32
  %b4 = zext i1 %c4 to i32
  %b5 = zext i1 %c5 to i32
  %b6 = zext i1 %c6 to i32
  %b7 = zext i1 %c7 to i32
  %b8 = zext i1 %c8 to i32
  %b9 = zext i1 %c9 to i32
  %b10 = zext i1 %c10 to i32
  %b11 = zext i1 %c11 to i32
  %b12 = zext i1 %c12 to i32
  %b13 = zext i1 %c13 to i32
  %b14 = zext i1 %c14 to i32
  %s1 = shl i32 %b1, 1
  %r1 = or i32 %s1, %b2
  %s2 = shl i32 %r1, 1
  %r2 = or i32 %s2, %b3
  %s3 = shl i32 %r2, 1
  %r3 = or i32 %s3, %b4
  %s4 = shl i32 %r3, 1
  %r4 = or i32 %s4, %b5
  %s5 = shl i32 %r4, 1
  %r5 = or i32 %s5, %b6
  %s6 = shl i32 %r5, 1
  %r6 = or i32 %s6, %b7
  %s7 = shl i32 %r6, 1
  %r7 = or i32 %s7, %b8
  %s8 = shl i32 %r7, 1
  %r8 = or i32 %s8, %b9
  %s9 = shl i32 %r8, 1
  %r9 = or i32 %s9, %b10
  %s10 = shl i32 %r9, 1
  %r10 = or i32 %s10, %b11
  %s11 = shl i32 %r10, 1
  %r11 = or i32 %s11, %b12
  %s12 = shl i32 %r11, 1
  %r12 = or i32 %s12, %b13
  %s13 = shl i32 %r12, 1
  %r13 = or i32 %s13, %b14
  ret i32 %r13
}

define i32 @main() {
  %nan = fdiv double 0.0, 0.0
  %p1 = call i32 @preds(double 1.0, double 2.0)
  call i32 (ptr, ...) @printf(ptr @d, i32 %p1)
  %p2 = call i32 @preds(double 2.0, double 2.0)
  call i32 (ptr, ...) @printf(ptr @d, i32 %p2)
  %p3 = call i32 @preds(double %nan, double 2.0)
  call i32 (ptr, ...) @printf(ptr @d, i32 %p3)
  %x = fdiv double 1.0, 3.0
  call i32 (ptr, ...) @printf(ptr @g, double %x)
  %f = fptrunc double %x to float
  %fe = fpext float %f to double
  call i32 (ptr, ...) @printf(ptr @g, double %fe)
  %m = frem double 7.5, 2.0
  call i32 (ptr, ...) @printf(ptr @g, double %m)
  %fm = frem float -7.5, 2.0
  %fme = fpext float %fm to double
  call i32 (ptr, ...) @printf(ptr @g, double %fme)
  %sq = call double @llvm.sqrt.f64(double 2.0)
  call i32 (ptr, ...) @printf(ptr @g, double %sq)
  %ab = call double @llvm.fabs.f64(double -3.25)
  call i32 (ptr, ...) @printf(ptr @g, double %ab)
  %fl = call double @llvm.floor.f64(double -3.25)
  call i32 (ptr, ...) @printf(ptr @g, double %fl)
  %ce = call float @llvm.ceil.f32(float 3.25)
  %cee = fpext float %ce to double
  call i32 (ptr, ...) @printf(ptr @g, double %cee)
  %cs = call double @llvm.copysign.f64(double 2.0, double -0.0)
  call i32 (ptr, ...) @printf(ptr @g, double %cs)
  %fma = call double @llvm.fmuladd.f64(double 0.1, double 10.0, double -1.0)
  call i32 (ptr, ...) @printf(ptr @g, double %fma)
  %neg = fneg double 0.0
  call i32 (ptr, ...) @printf(ptr @g, double %neg)
  %bits = bitcast double 1.0 to i64
  %hi = lshr i64 %bits, 52
  %hiw = trunc i64 %hi to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %hiw)
  %big = fptosi double -2.5e9 to i64
  %bigd = sitofp i64 %big to double
  call i32 (ptr, ...) @printf(ptr @g, double %bigd)
  ret i32 0
}
