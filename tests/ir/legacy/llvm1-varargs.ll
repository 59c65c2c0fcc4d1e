; RUN: irplay fmt %s
; LLVM 1.x varargs before 1.5: the `va_list` was a value. The zero-argument
; `llvm.va_start()` returned one, `llvm.va_copy(l)` returned a copy,
; `vaarg l, T` read the next T without changing `l`, and `vanext l, T` gave
; the list past it. Each list value becomes the address of its own `va_list`
; storage (allocated in the entry block): `va_start` starts it, `va_copy`
; and `vanext` copy into it (`vanext` then steps with `va_arg`), `vaarg`
; reads with `va_arg` from a copy. The golden .stdout is the module as
; printed by LLVM 19; tests/llvm1.rs also runs the file with `irplay run`
; and compares its output with the C program of the same meaning (in the
; comment at the end) built by clang-19.

%fmt = internal constant [7 x sbyte] c"%d %d\0A\00"

implementation

declare int %printf(sbyte*, ...)
declare sbyte* %llvm.va_start()
declare sbyte* %llvm.va_copy(sbyte*)
declare void %llvm.va_end(sbyte*)

int %sum(int %n, ...) {
entry:
  %ap0 = call sbyte* %llvm.va_start()
  %first = vaarg sbyte* %ap0, int
  %again = call sbyte* %llvm.va_copy(sbyte* %ap0)
  br label %loop
loop:
  %i = phi int [ 0, %entry ], [ %i2, %body ]
  %acc = phi int [ 0, %entry ], [ %acc2, %body ]
  %ap = phi sbyte* [ %ap0, %entry ], [ %ap2, %body ]
  %more = setlt int %i, %n
  br bool %more, label %body, label %done
body:
  %x = vaarg sbyte* %ap, int
  %ap2 = vanext sbyte* %ap, int
  %acc2 = add int %acc, %x
  %i2 = add int %i, 1
  br label %loop
done:
  call void %llvm.va_end(sbyte* %ap)
  %y = vaarg sbyte* %again, int
  call void %llvm.va_end(sbyte* %again)
  %h = mul int %acc, 100
  %t = mul int %first, 10
  %r0 = add int %h, %t
  %r = add int %r0, %y
  ret int %r
}

int %main() {
  %a = call int (int, ...)* %sum(int 3, int 1, int 2, int 3)
  %b = call int (int, ...)* %sum(int 5, int 10, int 20, int 30, int 40, int 50)
  %f = getelementptr [7 x sbyte]* %fmt, long 0, long 0
  call int (sbyte*, ...)* %printf(sbyte* %f, int %a, int %b)
  ret int 0
}

; The C program of the same meaning:
; #include <stdio.h>
; #include <stdarg.h>
; int sum(int n, ...) {
;   va_list ap, peek, again;
;   va_start(ap, n);
;   va_copy(peek, ap);
;   int first = va_arg(peek, int);
;   va_end(peek);
;   va_copy(again, ap);
;   int acc = 0;
;   for (int i = 0; i < n; i++) acc += va_arg(ap, int);
;   va_end(ap);
;   int y = va_arg(again, int);
;   va_end(again);
;   return acc * 100 + first * 10 + y;
; }
; int main(void) {
;   printf("%d %d\n", sum(3, 1, 2, 3), sum(5, 10, 20, 30, 40, 50));
;   return 0;
; }
