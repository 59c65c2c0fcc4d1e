; FAIL: irplay check %s
; After syntax errors, a global that is used but defined nowhere is still
; reported; the globals whose definition failed (@h, @g) are not reported again
; where they are used, nor is an intrinsic that is used without a declaration.

define i32 @h(i32 %x) noinlin {     ; ERROR: unknown function attribute
  ret i32 %x
}

@g = global int32 0                 ; ERROR: expected type

define i32 @main() {
  %a = call i32 @h(i32 1)
  %b = load i32, ptr @g
  %c = load i32, ptr @nope          ; ERROR: undefined value '@nope'
  %d = call i32 @llvm.umin.i32(i32 %a, i32 %b)
  ret i32 %d
}
