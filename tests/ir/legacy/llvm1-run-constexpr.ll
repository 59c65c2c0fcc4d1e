; RUN: irplay fmt %s
; LLVM 1.x program for the constant expression rule (llvm1-constexpr.ll):
; getelementptr with `ubyte` structure indices in global initializers, a
; pointer cast to `long`, and the 1.x operations LLVM 19 no longer has as
; constant expressions (cast extensions, shl, shr by signedness, div, set*,
; select, cast to bool), folded with the 1.x signedness rules. The golden
; .stdout is the upgraded module as printed by LLVM 19; tests/llvm1.rs runs
; the file with `irplay run` and compares its output with the C program of
; the same meaning (in the comment at the end) built by clang-19.

%s = type { int, [3 x sbyte] }

%v = global %s { int 7, [3 x sbyte] c"ab\00" }
%str = constant [6 x sbyte] c"hello\00"
%pstr = global sbyte* getelementptr ([6 x sbyte]* %str, long 0, long 0)
%field = global sbyte* getelementptr (%s* %v, long 0, ubyte 1, long 1)
%sext = global int cast (sbyte -1 to int)
%zext = global int cast (ubyte 255 to int)
%shl = global int shl (int 1, ubyte 4)
%ashr = global int shr (int -16, ubyte 2)
%lshr = global uint shr (uint 4294967280, ubyte 2)
%udiv = global uint div (uint 4294967295, uint 2)
%sdiv = global int div (int -7, int 2)
%lt = global bool setlt (int -1, int 0)
%ult = global bool setlt (uint 4294967295, uint 0)
%tobool = global bool cast (int 2 to bool)
%sel = global int select (bool true, int 10, int 20)
%fmt = internal constant [34 x sbyte] c"%s %c %d %d %d %d %u %u %d %d %d\0A\00"
%fmt2 = internal constant [7 x sbyte] c"%d %d\0A\00"

implementation

declare int %printf(sbyte*, ...)

int %main() {
entry:
  %ps = load sbyte** %pstr
  %pf = load sbyte** %field
  %ch = load sbyte* %pf
  %chi = cast sbyte %ch to int
  %a = load int* %sext
  %b = load int* %zext
  %c = load int* %shl
  %d = load int* %ashr
  %e = load uint* %lshr
  %f = load uint* %udiv
  %g = load int* %sdiv
  %l1 = load bool* %lt
  %l1i = cast bool %l1 to int
  %l2 = load bool* %ult
  %l2i = cast bool %l2 to int
  %tb = load bool* %tobool
  %tbi = cast bool %tb to int
  %sl = load int* %sel
  %fp = getelementptr [34 x sbyte]* %fmt, long 0, long 0
  call int (sbyte*, ...)* %printf(sbyte* %fp, sbyte* %ps, int %chi, int %a, int %b, int %c, int %d, uint %e, uint %f, int %g, int %l1i, int %l2i)
  %fp2 = getelementptr [7 x sbyte]* %fmt2, long 0, long 0
  call int (sbyte*, ...)* %printf(sbyte* %fp2, int %tbi, int %sl)
  ret int 0
}

; The C program of the same meaning:
; #include <stdio.h>
; struct s { int a; char b[3]; };
; struct s v = { 7, "ab" };
; const char str[6] = "hello";
; const char *pstr = &str[0];
; char *field = &v.b[1];
; int main(void) {
;   printf("%s %c %d %d %d %d %u %u %d %d %d\n", pstr, *field, (int)(signed char)-1,
;          (int)(unsigned char)255, 1 << 4, -16 >> 2, 4294967280u >> 2, 4294967295u / 2,
;          -7 / 2, -1 < 0, 4294967295u < 0u);
;   printf("%d %d\n", 2 != 0, 1 ? 10 : 20);
;   return 0;
; }
