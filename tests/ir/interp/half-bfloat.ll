; RUN: irplay run %s
; LangRef "Floating-Point Types": `half` is IEEE binary16, `bfloat` the brain
; float (8 exponent bits, 7 fraction bits). Arithmetic, comparisons and
; conversions on them round once to the 16-bit format (to nearest, ties to
; even): ties, values that overflow to infinity, subnormals, NaN and -0.0, as
; scalars and as vectors. Results are printed as their bits (a NaN as `nan`:
; its sign and payload are not specified).
; Oracle: a native build (clang-19 FILE.ll) prints the same stdout.

@.f = private constant [6 x i8] c"%04x\0A\00"
@.d = private constant [4 x i8] c"%a\0A\00"
@.nan = private constant [5 x i8] c"nan\0A\00"
@hs = global [8 x half] [half 0xH3C00, half 0xH3C01, half 0xH7BFF, half 0xH0001, half 0xH8000, half 0xH7E00, half 0xHC500, half 0xH0400]
@bs = global [8 x bfloat] [bfloat 0xR3F80, bfloat 0xR3F81, bfloat 0xR7F7F, bfloat 0xR0001, bfloat 0xR8000, bfloat 0xR7FC0, bfloat 0xRC0A0, bfloat 0xR0080]
@ds = global [6 x double] [double 1.0009765625, double 65519.99, double 65520.0, double 5.9604644775390625e-8, double 2.98023223876953125e-8, double -3.3333]

declare i32 @printf(ptr, ...)
declare half @llvm.sqrt.f16(half)
declare i32 @llvm.fptosi.sat.i32.f16(half)
declare half @llvm.fma.f16(half, half, half)
declare <4 x half> @llvm.fabs.v4f16(<4 x half>)

define void @ph(half %h) {
  %n = fcmp uno half %h, %h
  br i1 %n, label %nan, label %num
nan:
  call i32 (ptr, ...) @printf(ptr @.nan)
  ret void
num:
  %b = bitcast half %h to i16
  %z = zext i16 %b to i32
  call i32 (ptr, ...) @printf(ptr @.f, i32 %z)
  ret void
}

define void @pb(bfloat %h) {
  %n = fcmp uno bfloat %h, %h
  br i1 %n, label %nan, label %num
nan:
  call i32 (ptr, ...) @printf(ptr @.nan)
  ret void
num:
  %b = bitcast bfloat %h to i16
  %z = zext i16 %b to i32
  call i32 (ptr, ...) @printf(ptr @.f, i32 %z)
  ret void
}

define void @pd(double %d) {
  call i32 (ptr, ...) @printf(ptr @.d, double %d)
  ret void
}

define i32 @main() {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i1, %onext ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j1, %inner ]
  %pa = getelementptr [8 x half], ptr @hs, i32 0, i32 %i
  %pb = getelementptr [8 x half], ptr @hs, i32 0, i32 %j
  %a = load half, ptr %pa
  %b = load half, ptr %pb
  %s = fadd half %a, %b
  call void @ph(half %s)
  %m = fmul half %a, %b
  call void @ph(half %m)
  %q = fdiv half %a, %b
  call void @ph(half %q)
  %c = fcmp olt half %a, %b
  %cz = zext i1 %c to i16
  %ch = bitcast i16 %cz to half
  call void @ph(half %ch)
  %qa = getelementptr [8 x bfloat], ptr @bs, i32 0, i32 %i
  %qb = getelementptr [8 x bfloat], ptr @bs, i32 0, i32 %j
  %x = load bfloat, ptr %qa
  %y = load bfloat, ptr %qb
  %xs = fsub bfloat %x, %y
  call void @pb(bfloat %xs)
  %xm = fmul bfloat %x, %y
  call void @pb(bfloat %xm)
  %j1 = add i32 %j, 1
  %jd = icmp eq i32 %j1, 8
  br i1 %jd, label %onext, label %inner
onext:
  %i1 = add i32 %i, 1
  %id = icmp eq i32 %i1, 8
  br i1 %id, label %conv, label %outer
conv:
  br label %cl
cl:
  %k = phi i32 [ 0, %conv ], [ %k1, %cl ]
  %pd = getelementptr [6 x double], ptr @ds, i32 0, i32 %k
  %d = load double, ptr %pd
  %dh = fptrunc double %d to half
  call void @ph(half %dh)
  %db = fptrunc double %d to bfloat
  call void @pb(bfloat %db)
  %f = fptrunc double %d to float
  %fh = fptrunc float %f to half
  call void @ph(half %fh)
  %back = fpext half %dh to double
  call void @pd(double %back)
  %bback = fpext bfloat %db to double
  call void @pd(double %bback)
  %ih = call i32 @llvm.fptosi.sat.i32.f16(half %dh)
  %ihd = sitofp i32 %ih to double
  call void @pd(double %ihd)
  %k1 = add i32 %k, 1
  %kd = icmp eq i32 %k1, 6
  br i1 %kd, label %rest, label %cl
rest:
  %h2 = load half, ptr getelementptr ([8 x half], ptr @hs, i32 0, i32 1)
  %r = call half @llvm.sqrt.f16(half %h2)
  call void @ph(half %r)
  %fm = call half @llvm.fma.f16(half %h2, half %h2, half 0xH8001)
  call void @ph(half %fm)
  %iv = sitofp i32 70000 to half
  call void @ph(half %iv)
  %uv = uitofp i32 2049 to half
  call void @ph(half %uv)
  %bv = sitofp i32 257 to bfloat
  call void @pb(bfloat %bv)
  %v = load <4 x half>, ptr @hs
  %w = load <4 x half>, ptr getelementptr ([8 x half], ptr @hs, i32 0, i32 4)
  %vs = fsub <4 x half> %v, %w
  %va = call <4 x half> @llvm.fabs.v4f16(<4 x half> %vs)
  %vn = fneg <4 x half> %va
  %ve = fpext <4 x half> %vn to <4 x float>
  %e0 = extractelement <4 x float> %ve, i32 0
  %e3 = extractelement <4 x float> %ve, i32 3
  %e0d = fpext float %e0 to double
  %e3d = fpext float %e3 to double
  call void @pd(double %e0d)
  call void @pd(double %e3d)
  %vc = fcmp ogt <4 x half> %v, %w
  %vcb = bitcast <4 x i1> %vc to i4
  %vcz = zext i4 %vcb to i16
  %vch = bitcast i16 %vcz to half
  call void @ph(half %vch)
  ret i32 0
}
