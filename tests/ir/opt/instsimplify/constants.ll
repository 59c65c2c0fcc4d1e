; RUN: irplay opt -p instsimplify %s
; Constant folding, exact on every integer width (i1, i8, i33, i64, i128): wrapping
; arithmetic folds; a violated poison-generating flag (`add nsw` overflowing, `shl` by the
; width, `trunc nuw` dropping bits, `zext nneg` of a negative) folds to poison (@poisons);
; immediate undefined behaviour (`udiv` by zero, `sdiv` of the minimum by -1) is NOT folded
; (@traps keeps both, behind their guard). Float and double fold without fast-math flags
; only (@floats keeps the `fadd fast`).
; Oracle: opt-19 -passes=instsimplify folds the same constants, and two more: it folds the
; `fadd fast` too, and it folds the results of the two trapping divisions to poison (a
; value of an instruction with undefined behaviour may be anything) and drops them; we keep
; them, which is weaker but equivalent. The input, our output and opt-19's output print the
; same under `irplay run`.

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"
@fmtl = private constant [16 x i8] c"%ld %ld %ld %d\0A\00"
@fmtf = private constant [10 x i8] c"%f %f %d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @narrow() {
  %a = add i8 100, 100
  %b = mul i8 %a, 3
  %c = sdiv i8 %b, -7
  %d = srem i8 -128, 3
  %e = ashr i8 -128, 7
  %f = lshr i8 -128, 7
  %g = xor i1 true, true
  %s1 = sext i8 %c to i32
  %s2 = sext i8 %d to i32
  %s3 = sext i8 %e to i32
  %s4 = zext i8 %f to i32
  %s5 = zext i1 %g to i32
  %t1 = add i32 %s1, %s2
  %t2 = add i32 %t1, %s3
  %t3 = add i32 %t2, %s4
  %t4 = add i32 %t3, %s5
  ret i32 %t4
}

define i64 @wide() {
  %a = mul i128 18446744073709551617, 18446744073709551615
  %b = lshr i128 %a, 64
  %c = trunc i128 %b to i64
  %d = add i33 4294967295, 4294967295
  %e = zext i33 %d to i64
  %f = add i64 %c, %e
  ret i64 %f
}

define i32 @compares() {
  %a = icmp slt i8 -1, 0
  %b = icmp ult i8 -1, 0
  %c = icmp sgt i128 -1, 18446744073709551616
  %d = icmp ugt i128 -1, 18446744073709551616
  %za = zext i1 %a to i32
  %zb = zext i1 %b to i32
  %zc = zext i1 %c to i32
  %zd = zext i1 %d to i32
  %s = shl i32 %za, 3
  %t = shl i32 %zb, 2
  %u = shl i32 %zc, 1
  %r1 = or i32 %s, %t
  %r2 = or i32 %r1, %u
  %r3 = or i32 %r2, %zd
  ret i32 %r3
}

define double @floats() {
  %a = fadd double 1.5, 2.25
  %b = fmul double %a, 2.0
  %c = fneg double %b
  %d = fadd fast double %c, 1.0
  ret double %d
}

define i32 @poisons() {
  %a = add nsw i32 2147483647, 1
  %b = shl i32 1, 32
  %c = trunc nuw i32 256 to i8
  %d = zext nneg i8 -1 to i32
  %e = add i32 %a, %b
  %f = sext i8 %c to i32
  %g = add i32 %e, %f
  %h = add i32 %g, %d
  ret i32 %h
}

define i32 @traps(i1 %go) {
entry:
  br i1 %go, label %t, label %done
t:
  %a = udiv i32 7, 0
  %b = sdiv i32 -2147483648, -1
  %c = add i32 %a, %b
  ret i32 %c
done:
  ret i32 0
}

define i32 @main() {
  %n = call i32 @narrow()
  %w = call i64 @wide()
  %c = call i32 @compares()
  %t = call i32 @traps(i1 false)
  %f = call double @floats()
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %n, i32 %c, i32 %t, i32 0)
  call i32 (ptr, ...) @printf(ptr @fmtl, i64 %w, i64 0, i64 0, i32 0)
  call i32 (ptr, ...) @printf(ptr @fmtf, double %f, double 0.0, i32 0)
  ret i32 0
}
