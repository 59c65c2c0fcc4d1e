; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Structs, arrays and fixed vectors as parameters and results by value: the code generator
; passes them as one register per scalar leaf or lane (direct, indirect and constant
; arguments), results as multiple values.

%pair = type { i32, double }
@fmt = private constant [26 x i8] c"%d %g | %d %d %d | %d %d\0A\00"
@fv = private constant [18 x i8] c"%d %d %d %d | %g\0A\00"
declare i32 @printf(ptr, ...)

define %pair @scale(%pair %p, [3 x i16] %a, i32 %k) {
  %x = extractvalue %pair %p, 0
  %y = extractvalue %pair %p, 1
  %a0 = extractvalue [3 x i16] %a, 0
  %a2 = extractvalue [3 x i16] %a, 2
  %s0 = sext i16 %a0 to i32
  %s2 = sext i16 %a2 to i32
  %x1 = mul i32 %x, %k
  %x2 = add i32 %x1, %s0
  %x3 = add i32 %x2, %s2
  %kf = sitofp i32 %k to double
  %y1 = fmul double %y, %kf
  %r0 = insertvalue %pair poison, i32 %x3, 0
  %r1 = insertvalue %pair %r0, double %y1, 1
  ret %pair %r1
}

define <4 x i32> @vmix(<4 x i32> %a, <4 x i32> %b, i1 %swap) {
  %s = add <4 x i32> %a, %b
  %t = shufflevector <4 x i32> %s, <4 x i32> %a, <4 x i32> <i32 3, i32 2, i32 1, i32 4>
  %r = select i1 %swap, <4 x i32> %t, <4 x i32> %s
  ret <4 x i32> %r
}

define <2 x double> @vhalf(<2 x double> %v) {
  %h = fmul <2 x double> %v, <double 0.5, double 0.25>
  ret <2 x double> %h
}

define i32 @main() {
  %p0 = insertvalue %pair poison, i32 7, 0
  %p1 = insertvalue %pair %p0, double 1.5, 1
  %r = call %pair @scale(%pair %p1, [3 x i16] [i16 -1, i16 9, i16 100], i32 3)
  %rx = extractvalue %pair %r, 0
  %ry = extractvalue %pair %r, 1
  ; Through a pointer, with a constant struct argument.
  %fp = select i1 true, ptr @scale, ptr null
  %q = call %pair %fp(%pair { i32 -2, double 4.0 }, [3 x i16] zeroinitializer, i32 5)
  %qx = extractvalue %pair %q, 0
  %v = call <4 x i32> @vmix(<4 x i32> <i32 1, i32 2, i32 3, i32 4>, <4 x i32> <i32 10, i32 20, i32 30, i32 40>, i1 true)
  %v0 = extractelement <4 x i32> %v, i32 0
  %v1 = extractelement <4 x i32> %v, i32 1
  %v3 = extractelement <4 x i32> %v, i32 3
  %w = call <4 x i32> @vmix(<4 x i32> %v, <4 x i32> zeroinitializer, i1 false)
  %w2 = extractelement <4 x i32> %w, i32 2
  %qy = extractvalue %pair %q, 1
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %rx, double %ry, i32 %qx, i32 %v0, i32 %v1, i32 %v3, i32 %w2)
  %h = call <2 x double> @vhalf(<2 x double> <double 3.0, double 8.0>)
  %h0 = extractelement <2 x double> %h, i32 0
  %h1 = extractelement <2 x double> %h, i32 1
  %hs = fadd double %h0, %h1
  %hi = fptosi double %hs to i32
  call i32 (ptr, ...) @printf(ptr @fv, i32 %v0, i32 %w2, i32 %hi, i32 %qx, double %qy)
  ret i32 0
}
