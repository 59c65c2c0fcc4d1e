; FAIL: irplay check %s
; Types: a vector needs at least one element.

@v = global <0 x i32> zeroinitializer   ; ERROR: vector
