; FAIL: irplay check %s
; Parser: a symbol with local linkage must have default visibility.

@g = internal hidden global i32 0   ; ERROR: default visibility
