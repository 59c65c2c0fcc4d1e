; RUN: irplay opt -p simplifycfg %s
; One sweep handles whole chains: each block of the chain `a -> b -> c -> d` has a single
; predecessor ending in `br label`, so all fold into `entry` (the single-entry phi in `c`
; replaced by its value). In @cases the empty blocks `e0` and `e1` are bypassed, the switch
; jumping to `join` directly with one phi entry per case edge (both give 10); `e2` and `keep`
; stay, since `entry2` then reaches `join` with 10 and they bring other values. In @nophi
; every empty case is bypassed, the default `f0` first.
; Oracle: opt-19 -passes=simplifycfg folds the chain the same way (and turns the switch into a
; lookup table, which we do not do); the three programs print the same.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @chain(i32 %x) {
entry:
  %e = add i32 %x, 1
  br label %a
a:
  %p = mul i32 %e, 3
  br label %b
b:
  br label %c
c:
  %q = phi i32 [ %p, %b ]
  %r = sub i32 %q, 2
  br label %d
d:
  ret i32 %r
}

define i32 @cases(i32 %x) {
entry2:
  switch i32 %x, label %keep [
    i32 0, label %e0
    i32 1, label %e1
    i32 2, label %e2
  ]
e0:
  br label %join
e1:
  br label %join
e2:
  br label %join
keep:
  br label %join
join:
  %v = phi i32 [ 10, %e0 ], [ 10, %e1 ], [ 12, %e2 ], [ 13, %keep ]
  ret i32 %v
}

define i32 @nophi(i32 %x) {
top:
  switch i32 %x, label %f0 [
    i32 3, label %f1
    i32 4, label %f2
  ]
f0:
  br label %out
f1:
  br label %out
f2:
  br label %out
out:
  %y = add i32 %x, 100
  ret i32 %y
}

define i32 @main() {
  %a = call i32 @chain(i32 4)
  %b = call i32 @cases(i32 1)
  %c = call i32 @cases(i32 5)
  %d = call i32 @nophi(i32 4)
  %s = add i32 %c, %d
  %t = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %s)
  ret i32 0
}
