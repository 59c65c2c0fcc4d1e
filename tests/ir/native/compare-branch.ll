; RUN: irplay run %s
; EXIT: 3
; Compares and branches: every icmp predicate on i32 and i64 (a bit per predicate, from a
; branch on each compare), fcmp on doubles including an unordered NaN, and an i1 returned.
; Oracle: lli-19 prints the same stdout.

@fmt = private constant [13 x i8] c"%s %d %d %x\0A\00"
@fmtf = private constant [9 x i8] c"f %d %x\0A\00"
declare i32 @printf(ptr, ...)

define i1 @lt(i32 %a, i32 %b) noinline {
  %c = icmp slt i32 %a, %b
  ret i1 %c
}

define i32 @bits32(i32 %a, i32 %b) noinline {
entry:
  %c0 = icmp eq i32 %a, %b
  br i1 %c0, label %t0, label %n0
t0:
  br label %n0
n0:
  %m0 = phi i32 [ 1, %t0 ], [ 0, %entry ]
  %c1 = icmp ne i32 %a, %b
  %z1 = zext i1 %c1 to i32
  %s1 = shl i32 %z1, 1
  %c2 = icmp ugt i32 %a, %b
  %z2 = zext i1 %c2 to i32
  %s2 = shl i32 %z2, 2
  %c3 = icmp uge i32 %a, %b
  %z3 = zext i1 %c3 to i32
  %s3 = shl i32 %z3, 3
  %c4 = icmp ult i32 %a, %b
  %z4 = zext i1 %c4 to i32
  %s4 = shl i32 %z4, 4
  %c5 = icmp ule i32 %a, %b
  %z5 = zext i1 %c5 to i32
  %s5 = shl i32 %z5, 5
  %c6 = icmp sgt i32 %a, %b
  %z6 = zext i1 %c6 to i32
  %s6 = shl i32 %z6, 6
  %c7 = icmp sge i32 %a, %b
  %z7 = zext i1 %c7 to i32
  %s7 = shl i32 %z7, 7
  %c8 = icmp sle i32 %a, %b
  %z8 = zext i1 %c8 to i32
  %s8 = shl i32 %z8, 8
  %r1 = or i32 %m0, %s1
  %r2 = or i32 %r1, %s2
  %r3 = or i32 %r2, %s3
  %r4 = or i32 %r3, %s4
  %r5 = or i32 %r4, %s5
  %r6 = or i32 %r5, %s6
  %r7 = or i32 %r6, %s7
  %r8 = or i32 %r7, %s8
  ret i32 %r8
}

define i32 @bits64(i64 %a, i64 %b) noinline {
  %c0 = icmp sgt i64 %a, %b
  %c1 = icmp ugt i64 %a, %b
  %z0 = zext i1 %c0 to i32
  %z1 = zext i1 %c1 to i32
  %s1 = shl i32 %z1, 1
  %r = or i32 %z0, %s1
  ret i32 %r
}

define i32 @fbits(double %a, double %b) noinline {
  %c0 = fcmp olt double %a, %b
  %c1 = fcmp ult double %a, %b
  %c2 = fcmp oeq double %a, %b
  %c3 = fcmp une double %a, %b
  %c4 = fcmp uno double %a, %b
  %z0 = zext i1 %c0 to i32
  %z1 = zext i1 %c1 to i32
  %z2 = zext i1 %c2 to i32
  %z3 = zext i1 %c3 to i32
  %z4 = zext i1 %c4 to i32
  %s1 = shl i32 %z1, 1
  %s2 = shl i32 %z2, 2
  %s3 = shl i32 %z3, 3
  %s4 = shl i32 %z4, 4
  %r1 = or i32 %z0, %s1
  %r2 = or i32 %r1, %s2
  %r3 = or i32 %r2, %s3
  %r4 = or i32 %r3, %s4
  ret i32 %r4
}

@name = private constant [4 x i8] c"cmp\00"

define void @show(i32 %a, i32 %b) {
  %x = call i32 @bits32(i32 %a, i32 %b)
  call i32 (ptr, ...) @printf(ptr @fmt, ptr @name, i32 %a, i32 %b, i32 %x)
  ret void
}

define i32 @main() {
entry:
  call void @show(i32 1, i32 2)
  call void @show(i32 2, i32 1)
  call void @show(i32 -1, i32 1)
  call void @show(i32 5, i32 5)
  %w = call i32 @bits64(i64 -1, i64 1)
  call i32 (ptr, ...) @printf(ptr @fmtf, i32 64, i32 %w)
  %f1 = call i32 @fbits(double 1.0, double 2.0)
  call i32 (ptr, ...) @printf(ptr @fmtf, i32 1, i32 %f1)
  %f2 = call i32 @fbits(double 0x7FF8000000000000, double 2.0)
  call i32 (ptr, ...) @printf(ptr @fmtf, i32 2, i32 %f2)
  %f3 = call i32 @fbits(double 3.0, double 3.0)
  call i32 (ptr, ...) @printf(ptr @fmtf, i32 3, i32 %f3)
  %l = call i1 @lt(i32 3, i32 4)
  br i1 %l, label %yes, label %no
yes:
  ret i32 3
no:
  ret i32 4
}
