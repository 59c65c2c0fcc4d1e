; Floating point follows IEEE 754: results are rounded, so adding the same
; numbers in another order can give another answer. NaN ("not a number",
; here 0.0/0.0) is unordered: it is not equal, less or greater than anything,
; itself included. fcmp predicates starting with o (ordered) are false when
; a NaN is involved, those starting with u (unordered) are true. Fast-math
; flags (fast, nnan, reassoc, ...) let the optimizer assume more, e.g. regroup
; sums or ignore NaN; then it may produce the other rounding of a sum.
; In the playground, compare the two sums and the four fcmp results.

@sums = private constant [34 x i8] c"(a+b)+c = %.17g, a+(b+c) = %.17g\0A\00"
@cmps = private constant [64 x i8] c"nan oeq nan: %d, nan une nan: %d, nan olt 1: %d, nan ult 1: %d\0A\00"
@more = private constant [45 x i8] c"1/0 = %f, x*2 with fast flags = %g, uno: %d\0A\00"

declare i32 @printf(ptr noundef, ...)

define i32 @flag(i1 %b) {
  %r = zext i1 %b to i32
  ret i32 %r
}

define i32 @main(i32 %argc, ptr %argv) {
  %a = fadd double 0.0, 1.000000e-01
  %ab = fadd double %a, 2.000000e-01
  %abc = fadd double %ab, 3.000000e-01       ; (0.1 + 0.2) + 0.3
  %bc = fadd double 2.000000e-01, 3.000000e-01
  %abc2 = fadd double %a, %bc                 ; 0.1 + (0.2 + 0.3)
  call i32 (ptr, ...) @printf(ptr @sums, double %abc, double %abc2)

  %zero = sitofp i32 %argc to double          ; 1.0 when run without arguments
  %z = fsub double %zero, 1.000000e+00        ; 0.0
  %nan = fdiv double %z, %z                   ; 0/0 is NaN
  %c1 = fcmp oeq double %nan, %nan
  %c2 = fcmp une double %nan, %nan
  %c3 = fcmp olt double %nan, 1.000000e+00
  %c4 = fcmp ult double %nan, 1.000000e+00
  %i1 = call i32 @flag(i1 %c1)
  %i2 = call i32 @flag(i1 %c2)
  %i3 = call i32 @flag(i1 %c3)
  %i4 = call i32 @flag(i1 %c4)
  call i32 (ptr, ...) @printf(ptr @cmps, i32 %i1, i32 %i2, i32 %i3, i32 %i4)

  %inf = fdiv double 1.000000e+00, %z         ; 1/0 is +infinity, not an error
  %x2 = fmul fast double %abc2, 2.000000e+00  ; no NaN or infinity here: safe
  %u = fcmp uno double %nan, 0.000000e+00     ; true: one side is NaN
  %i5 = call i32 @flag(i1 %u)
  call i32 (ptr, ...) @printf(ptr @more, double %inf, double %x2, i32 %i5)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
