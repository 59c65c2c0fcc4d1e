; RUN: irplay run %s
; LangRef "Conversion Operations": every cast applies lane by lane to vectors.
; `uitofp nneg` (what clang-19 -O2 emits when it vectorizes a loop converting
; `unsigned` to `double`) on non-negative lanes, `sitofp`, `fptosi`,
; `fptoui`, `fptrunc`, `fpext`, `trunc`, `sext`, `zext`, `ptrtoint` and
; `inttoptr`, on vectors of 2, 4 and 16 lanes, and vector globals as
; initializers (`<4 x i1>` packed as bits).
; Oracle: a native build (clang-19 FILE.ll) prints the same stdout.

@.f = private constant [4 x i8] c"%a\0A\00"
@.i = private constant [6 x i8] c"%llx\0A\00"
@u2 = global <2 x i32> <i32 7, i32 2147483647>
@s4 = global <4 x i32> <i32 -1, i32 7, i32 -2147483648, i32 100>
@d4 = global <4 x double> <double -2.75, double 1.0e10, double 0.5, double -0.0>
@b16 = global <16 x i8> <i8 0, i8 1, i8 -1, i8 -128, i8 127, i8 5, i8 6, i8 7, i8 8, i8 9, i8 10, i8 11, i8 12, i8 13, i8 14, i8 15>
@m4 = global <4 x i1> <i1 true, i1 false, i1 true, i1 true>
@arr = global [4 x i32] zeroinitializer

declare i32 @printf(ptr, ...)
declare i32 @llvm.vector.reduce.add.v16i32(<16 x i32>)

define void @pd(double %d) {
  call i32 (ptr, ...) @printf(ptr @.f, double %d)
  ret void
}

define void @pi(i64 %x) {
  call i32 (ptr, ...) @printf(ptr @.i, i64 %x)
  ret void
}

define i32 @main() {
  %u = load <2 x i32>, ptr @u2
  %ud = uitofp nneg <2 x i32> %u to <2 x double>
  %ud0 = extractelement <2 x double> %ud, i32 0
  %ud1 = extractelement <2 x double> %ud, i32 1
  call void @pd(double %ud0)
  call void @pd(double %ud1)
  %s = load <4 x i32>, ptr @s4
  %sf = sitofp <4 x i32> %s to <4 x float>
  %sfd = fpext <4 x float> %sf to <4 x double>
  %e2 = extractelement <4 x double> %sfd, i32 2
  call void @pd(double %e2)
  %uf = uitofp <4 x i32> %s to <4 x float>
  %uf0 = extractelement <4 x float> %uf, i32 0
  %uf0d = fpext float %uf0 to double
  call void @pd(double %uf0d)
  %d = load <4 x double>, ptr @d4
  %dt = fptrunc <4 x double> %d to <4 x float>
  %dt1 = extractelement <4 x float> %dt, i32 1
  %dt1d = fpext float %dt1 to double
  call void @pd(double %dt1d)
  %di = fptosi <4 x double> <double -2.75, double 1.0e9, double 0.5, double -0.0> to <4 x i32>
  %di0 = extractelement <4 x i32> %di, i32 0
  %di0z = zext i32 %di0 to i64
  call void @pi(i64 %di0z)
  %du = fptoui <4 x double> <double 2.75, double 1.0e10, double 0.5, double 255.0> to <4 x i64>
  %du1 = extractelement <4 x i64> %du, i32 1
  call void @pi(i64 %du1)
  %b = load <16 x i8>, ptr @b16
  %bs = sext <16 x i8> %b to <16 x i32>
  %bz = zext <16 x i8> %b to <16 x i32>
  %sum1 = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %bs)
  %sum2 = call i32 @llvm.vector.reduce.add.v16i32(<16 x i32> %bz)
  %sum1z = zext i32 %sum1 to i64
  %sum2z = zext i32 %sum2 to i64
  call void @pi(i64 %sum1z)
  call void @pi(i64 %sum2z)
  %bt = trunc <16 x i32> %bz to <16 x i4>
  %bt3 = extractelement <16 x i4> %bt, i32 3
  %bt3z = zext i4 %bt3 to i64
  call void @pi(i64 %bt3z)
  %ps = insertelement <2 x ptr> poison, ptr @arr, i32 0
  %ps2 = insertelement <2 x ptr> %ps, ptr getelementptr ([4 x i32], ptr @arr, i32 0, i32 3), i32 1
  %pi = ptrtoint <2 x ptr> %ps2 to <2 x i64>
  %p0 = extractelement <2 x i64> %pi, i32 0
  %p1 = extractelement <2 x i64> %pi, i32 1
  %pdiff = sub i64 %p1, %p0
  call void @pi(i64 %pdiff)
  %back = inttoptr <2 x i64> %pi to <2 x ptr>
  %bp = extractelement <2 x ptr> %back, i32 1
  store i32 42, ptr %bp
  %chk = load i32, ptr getelementptr ([4 x i32], ptr @arr, i32 0, i32 3)
  %chkz = zext i32 %chk to i64
  call void @pi(i64 %chkz)
  %m = load <4 x i1>, ptr @m4
  %mb = bitcast <4 x i1> %m to i4
  %mz = zext i4 %mb to i64
  call void @pi(i64 %mz)
  ret i32 0
}
