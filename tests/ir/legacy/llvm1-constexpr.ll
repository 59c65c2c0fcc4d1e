; RUN: irplay fmt %s
; LLVM 1.x: constant expressions in their 1.x spellings. Those LLVM 19 still
; has stay (getelementptr with a `ubyte` structure index turned into i32,
; ptrtoint, add); those it no longer has (zext, sext, shl, shr, udiv, set*,
; select, cast to bool) are folded, with the 1.x signedness rules. The
; golden .stdout is the hand-converted module as printed by LLVM 19.

%s = type { int, [3 x sbyte] }

%v = global %s { int 7, [3 x sbyte] c"ab\00" }
%str = constant [6 x sbyte] c"hello\00"
%pstr = global sbyte* getelementptr ([6 x sbyte]* %str, long 0, long 0)
%field = global sbyte* getelementptr (%s* %v, long 0, ubyte 1, long 2)
%addr = global long cast (int* getelementptr (%s* %v, long 0, ubyte 0) to long)
%sext = global int cast (sbyte -1 to int)
%zext = global int cast (ubyte 255 to int)
%shl = global int shl (int 1, ubyte 4)
%ashr = global int shr (int -16, ubyte 2)
%lshr = global uint shr (uint 4294967280, ubyte 2)
%udiv = global uint div (uint 4294967295, uint 2)
%sdiv = global int div (int -7, int 2)
%lt = global bool setlt (int -1, int 0)
%ult = global bool setlt (uint 4294967295, uint 0)
%tobool = global bool cast (int 2 to bool)
%sel = global int select (bool true, int 10, int 20)
%sum = global long add (long cast (int* getelementptr (%s* %v, long 0, ubyte 0) to long), long 8)

implementation

; Inside a function, a constant expression that neither folds nor exists in
; LLVM 19 (a comparison of two addresses, a shift of an address) becomes
; instructions before its use.
bool %lower() {
  %r = or bool false, setlt (int* getelementptr (%s* %v, long 0, ubyte 0), int* cast (long 0 to int*))
  ret bool %r
}

int %shifted() {
  ret int shr (int cast (bool()* %lower to int), ubyte 2)
}
