; RUN: irplay check %s
; LangRef: Floating-point constants (decimal, exponent, hexadecimal double
; 0x..., x86_fp80 0xK, fp128 0xL, ppc_fp128 0xM, half 0xH, bfloat 0xR;
; special values: infinities, NaNs with payloads, negative zero, denormals).

@f.dec = global float 1.5
@f.neg = global float -0.25
@f.exp = global float 1.25e+02
@f.exp2 = global double 1.0e-300
@f.exp3 = global double 2.5E10
@f.int = global double 4.0
@f.plus = global double +1.0
@f.hex = global float 0x3FB99999A0000000
@d.hex = global double 0x3FB999999999999A
@d.inf = global double 0x7FF0000000000000
@d.ninf = global double 0xFFF0000000000000
@d.nan = global double 0x7FF8000000000000
@d.snan = global double 0x7FF4000000000001
@d.nzero = global double -0.0
@d.denorm = global double 0x0000000000000001
@f.inf = global float 0x7FF0000000000000
@f.nan = global float 0x7FF8000000000000
@h = global half 0xH3555
@h.dec = global half 0.5
@h.inf = global half 0xH7C00
@h.nan = global half 0xH7E00
@bf = global bfloat 0xR3FC0
@bf.dec = global bfloat 2.0
@k = global x86_fp80 0xK4000C000000000000000
@l = global fp128 0xL0000000000000000400C000000000000
@m = global ppc_fp128 0xM40090000000000000000000000000000
@vec = global <4 x float> <float 1.0, float 0x7FF0000000000000, float -0.0, float 0x36A0000000000000>
@f.big = global double 123456789012345678901234567890.0
@d.long = global double 0.1

define double @ops(double %x) {
  %a = fadd double %x, 0x400921FB54442D18
  %b = fmul double %a, 1.000000e-01
  %c = fadd double %b, -0.000000e+00
  ret double %c
}
