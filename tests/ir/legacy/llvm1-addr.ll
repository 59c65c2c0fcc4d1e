; RUN: irplay fmt %s
; LLVM 1.x: address arithmetic in global initializers. LLVM 19 keeps the
; ptrtoint, inttoptr, getelementptr, add, sub, mul and xor constant
; expressions; the others fold when the address goes through unchanged or
; becomes a number (X / 1, X % 1, X & 0, X & -1, X | -1, X * 0, X * 1),
; and comparisons of two addresses of one global fold by their offsets.
; The golden .stdout is the module as printed by LLVM 19.

%A = global long 0
%Ty = type { int, int }
%B = external global %Ty

%add0 = global long* cast (long add (long cast (long* %A to long), long 0) to long*)
%add8 = global long* cast (long add (long cast (long* %A to long), long 8) to long*)
%sub = global long sub (long cast (long* %A to long), long 16)
%mul0 = global long mul (long cast (long* %A to long), long 0)
%div1 = global long* cast (long div (long cast (long* %A to long), long 1) to long*)
%rem1 = global long rem (long cast (long* %A to long), long 1)
%and0 = global long and (long cast (long* %A to long), long 0)
%andm1 = global long* cast (long and (long cast (long* %A to long), long -1) to long*)
%orm1 = global long or (long cast (long* %A to long), long -1)
%xor0 = global long* cast (long xor (long cast (long* %A to long), long 0) to long*)
%diff = global long sub (long cast (long* getelementptr (long* %A, long 1) to long), long cast (long* getelementptr (long* %A, long 1) to long))
%lt1 = global bool setlt (long* %A, long* getelementptr (long* %A, long 1))
%lt0 = global bool setlt (long* %A, long* getelementptr (long* %A, long 0))
%ltf = global bool setlt (int* getelementptr (%Ty* %B, long 0, uint 0), int* getelementptr (%Ty* %B, long 0, uint 1))
%eqn = global bool seteq ({ short }* cast (int 1 to { short }*), { short }* null)
%ltn = global bool setlt ({ short }* cast (int 1 to { short }*), { short }* cast (int 2 to { short }*))
