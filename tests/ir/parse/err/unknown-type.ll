; FAIL: irplay check %s
; Parser: an unknown type name.

@g = global int32 0             ; ERROR: type
