; FAIL: irplay check %s
; Verifier: phi nodes must be grouped at the top of their block.

define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %join

b:
  br label %join

join:
  %x = add i32 1, 2
  %p = phi i32 [ 1, %a ], [ 2, %b ]   ; ERROR: phi
  ret i32 %p
}
