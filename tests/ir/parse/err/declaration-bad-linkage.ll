; FAIL: irplay check %s
; Parser: a global declaration (no initializer) cannot have internal
; linkage; the parser wants an initializer at the end of the file.

@g = internal global i32        ; ERROR@+1: value
