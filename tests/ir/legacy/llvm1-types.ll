; RUN: irplay fmt %s
; LLVM 1.x: the signed and unsigned integer types (sbyte ubyte short ushort
; int uint long ulong) and bool become i8 i16 i32 i64 and i1; `%` globals
; and functions become `@`; `implementation`, `begin`/`end`, `declare`,
; `external`, `uninitialized`, linkages, `[us]0x` hex integers, a named
; structure (an identified struct) and a named non-struct type (an alias,
; written out), an unnamed type (numbered), vectors in both spellings, a
; global defined twice alike (the first stands) and a body with no `begin`.
; The golden .stdout is the hand-converted module as printed
; by LLVM 19.

%pair = type { int, ubyte* }
%word = type uint
type { %word, bool }

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
%vec = global <4 x int> < int 0, int 1, int 2, int 3 >
%pvec = global packed [2 x float] < float 1.0, float 2.0 >
%unnamedty = global %0 { uint 1, bool false }
%w = global %word 3
%uninit = uninitialized global double

implementation

declare int %puts(sbyte*)

internal ulong %widen(uint %x) begin
  %r = cast uint %x to ulong
  ret ulong %r
end

int %nobegin(int %x)
  %y = add int %x, 1
  ret int %y
end

%word %get() {
  %v = load %word* %w
  ret %word %v
}
