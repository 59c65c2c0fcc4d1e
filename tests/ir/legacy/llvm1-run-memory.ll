; RUN: irplay fmt %s
; LLVM 1.x program for the memory rules (llvm1-memory.ll): `malloc T` and
; `malloc T, uint N`, `free`, `alloca T, uint N`, `volatile` load and store,
; typed loads and stores, and `getelementptr` with `ubyte` structure indices
; and an unsigned `uint` index (zero-extended) next to a signed `int` one.
; The golden .stdout is the upgraded module as printed by LLVM 19;
; tests/llvm1.rs runs the file with `irplay run` and compares its output
; with the C program of the same meaning (in the comment at the end) built
; by clang-19.

%node = type { int, %node*, [4 x short] }
%fmt = internal constant [16 x sbyte] c"%d %d %d %d %d\0A\00"

implementation

declare int %printf(sbyte*, ...)

int %main() {
entry:
  %arr = alloca short, uint 8
  %slot = alloca int
  volatile store int 41, int* %slot
  %v = volatile load int* %slot
  %one = malloc %node
  %many = malloc %node, uint 3
  %f = getelementptr %node* %one, long 0, ubyte 0
  store int %v, int* %f
  %i = cast int 2 to uint
  %next = getelementptr %node* %many, uint %i, ubyte 1
  store %node* %one, %node** %next
  %back = load %node** %next
  %bf = getelementptr %node* %back, long 0, ubyte 0
  %got = load int* %bf
  %e = getelementptr %node* %one, long 0, ubyte 2, ubyte 3
  store short -5, short* %e
  %x = load short* %e
  %xi = cast short %x to int
  %m = cast int -1 to uint
  %big = getelementptr short* %arr, uint 7
  store short 7, short* %big
  %p = getelementptr short* %big, int -7
  store short 100, short* %p
  %y = load short* %arr
  %yi = cast short %y to int
  %z = load short* %big
  %zi = cast short %z to int
  %ni = getelementptr %node* %many, uint 1
  %nf = getelementptr %node* %ni, long 0, ubyte 0
  store int 9, int* %nf
  %nv = load int* %nf
  free %node* %one
  free %node* %many
  %fp = getelementptr [16 x sbyte]* %fmt, long 0, long 0
  call int (sbyte*, ...)* %printf(sbyte* %fp, int %got, int %xi, int %yi, int %zi, int %nv)
  ret int 0
}

; The C program of the same meaning:
; #include <stdio.h>
; #include <stdlib.h>
; struct node { int a; struct node *next; short s[4]; };
; int main(void) {
;   short arr[8];
;   volatile int slot;
;   slot = 41;
;   int v = slot;
;   struct node *one = malloc(sizeof *one);
;   struct node *many = malloc(3 * sizeof *many);
;   one->a = v;
;   many[2u].next = one;
;   int got = many[2u].next->a;
;   one->s[3] = -5;
;   short *big = &arr[7u];
;   *big = 7;
;   big[-7] = 100;
;   many[1u].a = 9;
;   int nv = many[1u].a;
;   int xi = one->s[3];
;   free(one);
;   free(many);
;   printf("%d %d %d %d %d\n", got, xi, (int)arr[0], (int)*big, nv);
;   return 0;
; }
