; FAIL: irplay check %s
; Parser: an unknown bare word where function attributes are allowed.

define void @f() sparkly {      ; ERROR: function body
  ret void
}
