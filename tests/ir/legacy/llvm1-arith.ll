; RUN: irplay fmt %s
; LLVM 1.x: the operand type's signedness picks the opcode: `div`/`rem`
; become sdiv/srem or udiv/urem (fdiv/frem for floating point), `shr`
; becomes ashr or lshr, `setlt` etc. become icmp slt/ult (eq/ne for both,
; unsigned for bool) or fcmp olt/oeq/une, `add`/`sub`/`mul` on floating
; point become fadd/fsub/fmul, `not` is `xor -1`, and the `ubyte` shift
; amount is zero-extended to the shifted type (a constant one retyped). The
; golden .stdout is the hand-converted module as printed by LLVM 19.

implementation

int %signed(int %a, int %b, ubyte %n) {
  %q = div int %a, %b
  %r = rem int %a, %b
  %s = shr int %a, ubyte %n
  %l = shl int %a, ubyte 3
  %lt = setlt int %a, %b
  %ge = setge int %q, 0
  %both = and bool %lt, %ge
  %nb = not bool %both
  %x = xor int %s, %l
  %n2 = not int %x
  %res = select bool %nb, int %r, int %n2
  ret int %res
}

uint %unsigned(uint %a, uint %b, ubyte %n) {
  %q = div uint %a, %b
  %r = rem uint %a, %b
  %s = shr uint %a, ubyte %n
  %lt = setlt uint %q, %r
  %eq = seteq uint %a, %b
  %c = or bool %lt, %eq
  %z = select bool %c, uint %s, uint %r
  ret uint %z
}

ubyte %bytes(ubyte %a, sbyte %b, ubyte %n) {
  %s = shr ubyte %a, ubyte %n
  %t = shr sbyte %b, ubyte %n
  %u = cast sbyte %t to ubyte
  %v = add ubyte %s, %u
  ret ubyte %v
}

double %floats(double %a, double %b) {
  %s = add double %a, %b
  %d = sub double %s, 1.0
  %m = mul double %d, %b
  %q = div double %m, %a
  %r = rem double %q, %b
  %lt = setlt double %r, %a
  %ne = setne double %r, %b
  %c = and bool %lt, %ne
  %z = select bool %c, double %r, double 0.0
  ret double %z
}
