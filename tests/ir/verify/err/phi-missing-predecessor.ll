; FAIL: irplay check %s
; Verifier: a phi needs one entry per predecessor; %b has none.

define i32 @f(i1 %c) {
entry:
  br i1 %c, label %a, label %b

a:
  br label %join

b:
  br label %join

join:
  %p = phi i32 [ 1, %a ]        ; ERROR: predecessor
  ret i32 %p
}
