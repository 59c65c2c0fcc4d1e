; RUN: irplay fmt %s
; LLVM 1.x: `cast V to T` becomes the modern cast its types call for:
; extensions by the source's signedness (sext from sbyte, zext from ubyte
; and bool), trunc, int to float by the source's signedness (sitofp,
; uitofp), float to int by the destination's (fptosi, fptoui), fpext,
; fptrunc, ptrtoint, inttoptr; a cast between types that are one modern
; type is a bitcast to itself; `cast X to bool` is a comparison with zero
; (icmp ne, fcmp une, icmp ne null), not a truncation. The cast opcodes
; of the 2007 transitional syntax (`bitcast`, `zext`, ...) are read as
; written. The golden .stdout
; is the hand-converted module as printed by LLVM 19.

implementation

void %casts(sbyte %sb, ubyte %ub, int %i, uint %u, double %d, float %f, int* %p, bool %c) {
  %a = cast sbyte %sb to int
  %b = cast ubyte %ub to int
  %c2 = cast bool %c to int
  %e = cast int %i to sbyte
  %g = cast int %i to uint
  %h = cast int %i to double
  %j = cast uint %u to double
  %k = cast double %d to int
  %l = cast double %d to uint
  %m = cast float %f to double
  %n = cast double %d to float
  %o = cast int* %p to long
  %q = cast ulong 64 to sbyte*
  %r = cast int* %p to sbyte*
  %s = cast int %i to bool
  %t = cast double %d to bool
  %v = cast int* %p to bool
  %w = cast sbyte %sb to ulong
  %x = zext ubyte %ub to uint
  %y = inttoptr ulong 8 to int*
  ret void
}
