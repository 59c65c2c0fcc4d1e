; RUN: irplay run %s
; select on i32, i64, ptr, float and double values, with conditions from icmp, fcmp and an i1
; argument; min/max/abs written as compare and select.
; Oracle: lli-19 prints the same stdout.

@fmt = private constant [22 x i8] c"%d %lld %s %g %g %d\0A\00\00"
@yes = private constant [4 x i8] c"yes\00"
@no = private constant [3 x i8] c"no\00"
declare i32 @printf(ptr, ...)

define void @sel(i32 %a, i32 %b, i1 %flag, double %x, float %y) noinline {
  %lt = icmp slt i32 %a, %b
  %min = select i1 %lt, i32 %a, i32 %b
  %a64 = sext i32 %a to i64
  %b64 = zext i32 %b to i64
  %max64 = select i1 %lt, i64 %b64, i64 %a64
  %s = select i1 %flag, ptr @yes, ptr @no
  %neg = fcmp olt double %x, 0.0
  %nx = fneg double %x
  %abs = select i1 %neg, double %nx, double %x
  %big = fcmp ogt float %y, 1.0
  %clamp = select i1 %big, float 1.0, float %y
  %cd = fpext float %clamp to double
  %nabs = sub i32 0, %a
  %pos = icmp sgt i32 %a, -1
  %iabs = select i1 %pos, i32 %a, i32 %nabs
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %min, i64 %max64, ptr %s, double %abs, double %cd, i32 %iabs)
  ret void
}

define i32 @main() {
  call void @sel(i32 3, i32 -4, i1 true, double -2.5, float 0.25)
  call void @sel(i32 -7, i32 9, i1 false, double 6.0, float 8.0)
  call void @sel(i32 0, i32 0, i1 true, double -0.0, float -3.0)
  ret i32 0
}
