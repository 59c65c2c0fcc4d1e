; RUN: irplay fmt %s
; LLVM 1.x: the signed and unsigned integer types (sbyte ubyte short ushort
; int uint long ulong) and bool become i8 i16 i32 i64 and i1; `%` globals
; and functions become `@`; `implementation`, `begin`/`end`, `declare`,
; `external`, `uninitialized`, linkages, `[us]0x` hex integers, a named
; structure (an identified struct) and a named non-struct type (an alias,
; written out). The golden .stdout is the hand-converted module as printed
; by LLVM 19.

%pair = type { int, ubyte* }
%word = type uint

%a = global sbyte -1
%b = global ubyte 255
%c = constant short -2
%d = internal global ushort 65535
%e = global int u0xFFFFFFFF
%f = weak global uint 7
%g = global long s0x7FFFFFFFFFFFFFFF
%h = linkonce global ulong 18446744073709551615
%flag = global bool true
%p = global %pair { int 1, ubyte* %b }
%w = global %word 3
%ext = external global int
%uninit = uninitialized global double

implementation

declare int %puts(sbyte*)

internal ulong %widen(uint %x) begin
  %r = cast uint %x to ulong
  ret ulong %r
end

%word %get() {
  %v = load %word* %w
  ret %word %v
}
