; FAIL: irplay check %s
; Types: phi incoming values must have the phi's type.

define i32 @f(i1 %c, i64 %w) {
entry:
  br i1 %c, label %a, label %join

a:
  br label %join

join:
  %p = phi i32 [ 0, %entry ], [ %w, %a ]   ; ERROR: type
  ret i32 %p
}
