; RUN: irplay fmt %s
; LLVM 1.x program: signed and unsigned division, remainder, shifts and
; comparisons on the same bits, casts that extend by the source's
; signedness, a malloc'd array indexed with a uint, a loop with a phi, and
; a varargs call of printf. The golden .stdout is the hand-converted module
; as printed by LLVM 19; tests/llvm1.rs also runs the file with `irplay run`
; and compares its output with the C program of the same meaning (in the
; comment at the end) built by clang-19.

%fmt = internal constant [19 x sbyte] c"%d %u %d %u %d %d\0A\00"
%fmt2 = internal constant [13 x sbyte] c"%d %d %d %d\0A\00"

implementation

declare int %printf(sbyte*, ...)

int %main() {
entry:
  %m = cast int -7 to uint
  %sd = div int -7, 2
  %ud = div uint %m, 2
  %sr = rem int -7, 2
  %ur = rem uint %m, 2
  %sh = shr int -16, ubyte 2
  %uh = shr uint 4294967280, ubyte 28
  %uhi = cast uint %uh to int
  %f = getelementptr [19 x sbyte]* %fmt, long 0, long 0
  call int (sbyte*, ...)* %printf(sbyte* %f, int %sd, uint %ud, int %sr, uint %ur, int %sh, int %uhi)
  %lt = setlt int -1, 0
  %ult = setlt uint %m, 0
  %lti = cast bool %lt to int
  %ulti = cast bool %ult to int
  %b = cast sbyte -1 to int
  %ub = cast ubyte 255 to int
  %arr = malloc int, uint 4
  br label %loop
loop:
  %i = phi uint [ 0, %entry ], [ %i2, %loop ]
  %p = getelementptr int* %arr, uint %i
  %iv = cast uint %i to int
  store int %iv, int* %p
  %i2 = add uint %i, 1
  %more = setlt uint %i2, 4
  br bool %more, label %loop, label %done
done:
  %p3 = getelementptr int* %arr, uint 3
  %three = load int* %p3
  %sum = add int %b, %three
  free int* %arr
  %f2 = getelementptr [13 x sbyte]* %fmt2, long 0, long 0
  call int (sbyte*, ...)* %printf(sbyte* %f2, int %lti, int %ulti, int %sum, int %ub)
  ret int 0
}

; The C program of the same meaning:
; #include <stdio.h>
; #include <stdlib.h>
; int main(void) {
;   unsigned m = (unsigned)-7;
;   printf("%d %u %d %u %d %d\n", -7 / 2, m / 2, -7 % 2, m % 2, -16 >> 2, (int)(4294967280u >> 28));
;   int *arr = malloc(4 * sizeof(int));
;   for (unsigned i = 0; i < 4; i++) arr[i] = (int)i;
;   int sum = (signed char)-1 + arr[3];
;   free(arr);
;   printf("%d %d %d %d\n", -1 < 0, m < 0u, sum, (unsigned char)255);
;   return 0;
; }
