; RUN: irplay run %s
; LangRef "Floating-Point Environment": "The default LLVM floating-point
; environment assumes that traps are disabled and status flags are not
; observable. ... Results assume the round-to-nearest rounding mode, and
; subnormals are assumed to be preserved." So overflow gives infinity, 1/-0
; gives -infinity, 0/0 and inf-inf give a NaN, without a trap. LangRef "'fcmp'
; Instruction": "oeq: yields true if both operands are not a QNAN and op1 is
; equal to op2", "une: yields true if either operand is a QNAN or op1 is not
; equal to op2", "uno: yields true if either operand is a QNAN". LangRef
; "Behavior of Floating-Point NaN values" leaves a computed NaN's sign
; unspecified, so NaNs are observed only through fcmp and llvm.fabs (which
; "never change anything except possibly for the sign bit"). Also float
; rounding (0.1f + 0.2f as bits), -0.0 == 0.0, in-range fptosi/fptoui, frem,
; sitofp rounding to even, fptrunc overflow, subnormal underflow, and the
; saturating llvm.fptosi.sat for out-of-range and NaN inputs.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

@f = private constant [7 x i8] c"%s %g\0A\00"
@fb = private constant [7 x i8] c"%s %d\0A\00"
@fl = private constant [9 x i8] c"%s %lld\0A\00"
@n1 = private constant [10 x i8] c"1e308*10:\00"
@n2 = private constant [6 x i8] c"1/-0:\00"
@n3 = private constant [7 x i8] c"|0/0|:\00"
@n4 = private constant [19 x i8] c"nan==nan nan!=nan:\00"
@n5 = private constant [14 x i8] c"uno ord(nan):\00"
@n6 = private constant [15 x i8] c"-0 == 0 (oeq):\00"
@n7 = private constant [15 x i8] c"float 0.1+0.2:\00"
@n8 = private constant [16 x i8] c"double 0.1+0.2:\00"
@n9 = private constant [14 x i8] c"fptosi(-7.9):\00"
@n10 = private constant [13 x i8] c"fptoui(4e9):\00"
@n11 = private constant [12 x i8] c"frem 7.5 2:\00"
@n12 = private constant [18 x i8] c"fptosi.sat(1e20):\00"
@n13 = private constant [17 x i8] c"fptosi.sat(nan):\00"
@n14 = private constant [13 x i8] c"inf-inf uno:\00"
@n15 = private constant [16 x i8] c"sitofp(2^53+1):\00"
@n16 = private constant [15 x i8] c"fptrunc(1e40):\00"
@n17 = private constant [17 x i8] c"min subnormal/2:\00"
declare i32 @printf(ptr, ...)
declare double @llvm.fabs.f64(double)
declare i64 @llvm.fptosi.sat.i64.f64(double)
declare i32 @llvm.fptosi.sat.i32.f64(double)

; operands pass through a function so nothing is folded at compile time
define double @id(double %x) noinline {
  ret double %x
}

define i32 @main() {
  %big = call double @id(double 1.0e308)
  %zero = call double @id(double 0.0)
  %nzero = call double @id(double -0.0)
  %one = call double @id(double 1.0)
  %inf = fmul double %big, 10.0
  call i32 (ptr, ...) @printf(ptr @f, ptr @n1, double %inf)
  %ninf = fdiv double %one, %nzero
  call i32 (ptr, ...) @printf(ptr @f, ptr @n2, double %ninf)
  %nan = fdiv double %zero, %zero
  %anan = call double @llvm.fabs.f64(double %nan)
  call i32 (ptr, ...) @printf(ptr @f, ptr @n3, double %anan)
  %eq = fcmp oeq double %nan, %nan
  %ne = fcmp une double %nan, %nan
  %eqx = zext i1 %eq to i32
  %nex = zext i1 %ne to i32
  %both = add i32 %eqx, %nex    ; 0 + 1
  call i32 (ptr, ...) @printf(ptr @fb, ptr @n4, i32 %both)
  %uno = fcmp uno double %nan, %one
  %ord = fcmp ord double %nan, %one
  %unox = zext i1 %uno to i32
  %ordx = zext i1 %ord to i32
  %u10 = mul i32 %unox, 10
  %uo = add i32 %u10, %ordx    ; 10
  call i32 (ptr, ...) @printf(ptr @fb, ptr @n5, i32 %uo)
  %z = fcmp oeq double %nzero, %zero
  %zx = zext i1 %z to i32
  call i32 (ptr, ...) @printf(ptr @fb, ptr @n6, i32 %zx)
  %pt1 = call double @id(double 0x3FB99999A0000000)   ; 0.1f
  %pt2 = call double @id(double 0x3FC99999A0000000)   ; 0.2f
  %f1 = fptrunc double %pt1 to float
  %f2 = fptrunc double %pt2 to float
  %fs = fadd float %f1, %f2
  %fsd = fpext float %fs to double
  %ds = fadd double 0x3FB999999999999A, 0x3FC999999999999A
  %dsv = call double @id(double %ds)
  %fsb = bitcast float %fs to i32
  %fsbx = sext i32 %fsb to i64
  call i32 (ptr, ...) @printf(ptr @fl, ptr @n7, i64 %fsbx)
  %dsb = bitcast double %dsv to i64
  call i32 (ptr, ...) @printf(ptr @fl, ptr @n8, i64 %dsb)
  %m79 = call double @id(double -7.9)
  %si = fptosi double %m79 to i32
  call i32 (ptr, ...) @printf(ptr @fb, ptr @n9, i32 %si)
  %d4e9 = call double @id(double 4.0e9)
  %ui = fptoui double %d4e9 to i32
  %uix = zext i32 %ui to i64
  call i32 (ptr, ...) @printf(ptr @fl, ptr @n10, i64 %uix)
  %d75 = call double @id(double 7.5)
  %rem = frem double %d75, 2.0
  call i32 (ptr, ...) @printf(ptr @f, ptr @n11, double %rem)
  %d1e20 = call double @id(double 1.0e20)
  %sat = call i64 @llvm.fptosi.sat.i64.f64(double %d1e20)
  call i32 (ptr, ...) @printf(ptr @fl, ptr @n12, i64 %sat)
  %satn = call i32 @llvm.fptosi.sat.i32.f64(double %nan)
  call i32 (ptr, ...) @printf(ptr @fb, ptr @n13, i32 %satn)
  %ii = fsub double %inf, %inf
  %iiu = fcmp uno double %ii, %ii
  %iiux = zext i1 %iiu to i32
  call i32 (ptr, ...) @printf(ptr @fb, ptr @n14, i32 %iiux)
  %p53 = sitofp i64 9007199254740993 to double      ; rounds to even: 2^53
  %p53v = call double @id(double %p53)
  %p53i = fptosi double %p53v to i64
  call i32 (ptr, ...) @printf(ptr @fl, ptr @n15, i64 %p53i)
  %d1e40 = call double @id(double 1.0e40)
  %ft = fptrunc double %d1e40 to float
  %ftd = fpext float %ft to double
  call i32 (ptr, ...) @printf(ptr @f, ptr @n16, double %ftd)
  %sub = call double @id(double 4.9406564584124654e-324)
  %half = fmul double %sub, 0.5                      ; ties to even: 0
  call i32 (ptr, ...) @printf(ptr @f, ptr @n17, double %half)
  ret i32 0
}
