; RUN: irplay fmt %s
; LLVM 1.x program for the `cast` rule (llvm1-cast.ll): extensions by the
; source's signedness (sbyte sign-extends, ubyte and bool zero-extend),
; truncation, int to floating point by the source's signedness, floating
; point to int by the destination's, fpext, and `cast X to bool` as a
; comparison with zero (not a truncation: 2 is true). The golden .stdout is
; the upgraded module as printed by LLVM 19; tests/llvm1.rs runs the file
; with `irplay run` and compares its output with the C program of the same
; meaning (in the comment at the end) built by clang-19.

%fmt = internal constant [28 x sbyte] c"%d %d %d %d %d %u %d %d %d\0A\00"
%fmt2 = internal constant [17 x sbyte] c"%.1f %.1f %d %u\0A\00"

implementation

declare int %printf(sbyte*, ...)

int %main() {
entry:
  %sb = cast int -3 to sbyte
  %ub = cast int 253 to ubyte
  %a = cast sbyte %sb to int
  %b = cast ubyte %ub to int
  %c = cast sbyte %sb to uint
  %t = setlt int 1, 2
  %d = cast bool %t to int
  %e = cast int 300 to sbyte
  %ei = cast sbyte %e to int
  %u = cast int -1 to uint
  %two = cast int 2 to bool
  %twoi = cast bool %two to int
  %zero = cast int 0 to bool
  %zeroi = cast bool %zero to int
  %ten = cast long 4294967306 to int
  %f = getelementptr [28 x sbyte]* %fmt, long 0, long 0
  call int (sbyte*, ...)* %printf(sbyte* %f, int %a, int %b, uint %c, int %d, int %ei, uint %u, int %twoi, int %zeroi, int %ten)
  %sf = cast int -7 to double
  %uf = cast uint %u to double
  %fl = cast double -2.75 to float
  %fd = cast float %fl to double
  %fi = cast double %fd to int
  %fu = cast double 3000000000.0 to uint
  %f2 = getelementptr [17 x sbyte]* %fmt2, long 0, long 0
  call int (sbyte*, ...)* %printf(sbyte* %f2, double %sf, double %uf, int %fi, uint %fu)
  ret int 0
}

; The C program of the same meaning:
; #include <stdio.h>
; int main(void) {
;   signed char sb = (signed char)-3;
;   unsigned char ub = (unsigned char)253;
;   unsigned u = (unsigned)-1;
;   printf("%d %d %d %d %d %u %d %d %d\n", (int)sb, (int)ub, (unsigned)(int)sb, 1 < 2,
;          (int)(signed char)300, u, 2 != 0, 0 != 0, (int)4294967306LL);
;   double fd = (double)(float)-2.75;
;   printf("%.1f %.1f %d %u\n", (double)-7, (double)u, (int)fd, (unsigned)3000000000.0);
;   return 0;
; }
