; FAIL: irplay check %s
; Parser: an extra closing brace at the top level.

define void @f() {
  ret void
}
}                               ; ERROR: top-level
