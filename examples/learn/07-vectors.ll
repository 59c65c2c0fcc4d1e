; Vector types like <4 x i32> hold a fixed number of lanes. Arithmetic on
; vectors works lane by lane (one add adds all four pairs), extractelement
; and insertelement read or replace one lane, and shufflevector builds a new
; vector by picking lanes from two inputs with a constant mask (indices 0-3
; name the first input's lanes, 4-7 the second's).
; In the playground, look at each vector value in the run and at how the
; masks below reverse and interleave the lanes.

@fmt = private constant [22 x i8] c"%s: <%d, %d, %d, %d>\0A\00"
@s.a = private constant [2 x i8] c"a\00"
@s.sum = private constant [6 x i8] c"a + b\00"
@s.mul = private constant [6 x i8] c"a * b\00"
@s.rev = private constant [11 x i8] c"reverse(a)\00"
@s.mix = private constant [17 x i8] c"interleave(a, b)\00"

declare i32 @printf(ptr noundef, ...)

define void @show(ptr %name, <4 x i32> %v) {
  %e0 = extractelement <4 x i32> %v, i32 0
  %e1 = extractelement <4 x i32> %v, i32 1
  %e2 = extractelement <4 x i32> %v, i32 2
  %e3 = extractelement <4 x i32> %v, i32 3
  call i32 (ptr, ...) @printf(ptr @fmt, ptr %name, i32 %e0, i32 %e1, i32 %e2, i32 %e3)
  ret void
}

define i32 @main() {
  %a = insertelement <4 x i32> <i32 1, i32 2, i32 3, i32 0>, i32 4, i32 3
  %b = add <4 x i32> %a, <i32 10, i32 20, i32 30, i32 40>
  call void @show(ptr @s.a, <4 x i32> %a)
  %sum = add <4 x i32> %a, %b
  call void @show(ptr @s.sum, <4 x i32> %sum)
  %prod = mul <4 x i32> %a, %b
  call void @show(ptr @s.mul, <4 x i32> %prod)
  %rev = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  call void @show(ptr @s.rev, <4 x i32> %rev)
  %mix = shufflevector <4 x i32> %a, <4 x i32> %b, <4 x i32> <i32 0, i32 4, i32 1, i32 5>
  call void @show(ptr @s.mix, <4 x i32> %mix)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
