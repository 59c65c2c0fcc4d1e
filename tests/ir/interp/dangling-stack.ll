; RUN: irplay run %s
; EXIT: 70
; LangRef "'alloca' Instruction": "'alloca'd memory is automatically released
; when the function returns." LangRef "Object Lifetime": "It is undefined
; behavior to access a memory object that isn't alive". The pointer returned
; by @make outlives its stack slot.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (natively
; the dead slot still holds 5: lli-19 and clang-19 exit 5).

define ptr @make() {
  %x = alloca i32
  store i32 5, ptr %x
  ret ptr %x
}

define i32 @main() {
  %p = call ptr @make()
  %v = load i32, ptr %p
  ret i32 %v
}
