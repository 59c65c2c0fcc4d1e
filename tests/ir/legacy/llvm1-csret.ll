; RUN: irplay fmt %s
; LLVM 1.x `csretcc` (C struct return): the first parameter is the hidden
; pointer to the returned structure. It becomes the C convention with
; `sret(T)` on that parameter, and on the first argument of every call of
; the function: calls written `csretcc` and calls of a `csretcc` function
; written without it (a direct call says which function it is). The golden
; .stdout is the module as printed by LLVM 19; tests/llvm1.rs also runs the
; file with `irplay run` and compares its output with the C program of the
; same meaning (in the comment at the end) built by clang-19.

%pair = type { int, long, double }
%fmt = internal constant [13 x sbyte] c"%d %ld %.1f\0A\00"

implementation

declare int %printf(sbyte*, ...)

csretcc void %make(%pair* %out, int %a) {
  %p0 = getelementptr %pair* %out, long 0, ubyte 0
  store int %a, int* %p0
  %p1 = getelementptr %pair* %out, long 0, ubyte 1
  %l = cast int %a to long
  %l2 = mul long %l, 1000000000000
  store long %l2, long* %p1
  %p2 = getelementptr %pair* %out, long 0, ubyte 2
  %d = cast int %a to double
  %d2 = div double %d, 4.0
  store double %d2, double* %p2
  ret void
}

void %show(%pair* %p) {
  %f = getelementptr [13 x sbyte]* %fmt, long 0, long 0
  %p0 = getelementptr %pair* %p, long 0, ubyte 0
  %a = load int* %p0
  %p1 = getelementptr %pair* %p, long 0, ubyte 1
  %b = load long* %p1
  %p2 = getelementptr %pair* %p, long 0, ubyte 2
  %c = load double* %p2
  call int (sbyte*, ...)* %printf(sbyte* %f, int %a, long %b, double %c)
  ret void
}

int %main() {
  %x = alloca %pair
  call csretcc void %make(%pair* %x, int 3)
  call void %show(%pair* %x)
  %y = alloca %pair
  call void %make(%pair* %y, int -6)
  call void %show(%pair* %y)
  ret int 0
}

; The C program of the same meaning:
; #include <stdio.h>
; struct pair { int a; long b; double c; };
; struct pair make(int a) {
;   struct pair p = { a, (long)a * 1000000000000L, (double)a / 4.0 };
;   return p;
; }
; void show(struct pair *p) { printf("%d %ld %.1f\n", p->a, p->b, p->c); }
; int main(void) {
;   struct pair x = make(3);
;   show(&x);
;   struct pair y = make(-6);
;   show(&y);
;   return 0;
; }
