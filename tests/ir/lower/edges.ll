; RUN: irplay build --target wasm32 --emit low -o - %s
; Phi elimination and switch lowering: the critical edges out of a conditional branch get
; their own blocks holding the parallel copies (the swap of %a and %b stays a swap); a
; dense switch becomes a jump table, a sparse one a compare chain; a GEP with a variable
; index becomes address arithmetic in pointer-sized integers (32-bit data layout here).
target datalayout = "e-p:32:32-i64:64-n32:64-S128"

define i32 @swap(i32 %n) {
entry:
  br label %loop
loop:
  %a = phi i32 [ 1, %entry ], [ %b, %loop ]
  %b = phi i32 [ 2, %entry ], [ %a, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = sub i32 %a, %b
  ret i32 %r
}

define i32 @dense(i8 %x) {
entry:
  switch i8 %x, label %d [
    i8 1, label %a
    i8 2, label %b
    i8 3, label %a
    i8 4, label %b
  ]
a:
  ret i32 10
b:
  ret i32 20
d:
  ret i32 0
}

define i32 @sparse(i32 %x) {
entry:
  switch i32 %x, label %d [
    i32 1, label %a
    i32 1000, label %a
  ]
a:
  ret i32 10
d:
  ret i32 0
}

define i16 @index(ptr %base, i64 %i) {
  %p = getelementptr inbounds { i32, [4 x i16] }, ptr %base, i64 1, i32 1, i64 %i
  %v = load i16, ptr %p
  ret i16 %v
}
