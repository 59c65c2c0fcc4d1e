; RUN: irplay fmt %s
; LLVM 1.x: every type had its own plane of names, so one name could mean
; several values of different types, and unnamed values were numbered per
; type. Modern IR has one namespace: the first plane keeps the name, the
; others are renamed uniquely (a non-internal global renamed draws a
; warning), numbered values are named `.N`, and a local shadows a global of
; the same name. The golden .stdout is the hand-converted module as printed
; by LLVM 19.

%x = internal global int 1
%x = internal global uint 2
%G = global int 5

implementation

int %planes(int %a, uint %a) {
  %t = add int %a, 1
  %t = add uint %a, 2
  %0 = cast uint %t to int
  add int %t, %0
  %G = add int %1, 0
  %gx = load int* %x
  %ux = load uint* %x
  %c = cast uint %ux to int
  %s = add int %G, %gx
  %r = add int %s, %c
  ret int %r
}
