; FAIL: irplay check %s
; Parser: a call of an `@llvm.*` name that is not an intrinsic, without a
; declaration, is a use of an undefined value (only known intrinsics are
; declared implicitly, as llvm-as-19 does).

define i32 @f() {
  %k = call i32 @llvm.nosuch.thing(i32 1)   ; ERROR: use of undefined value '@llvm.nosuch.thing'
  ret i32 %k
}
