; FAIL: irplay check %s
; Constants: c"..." must have exactly the array's length (an unknown
; escape like \G1 is kept as three characters).

@s = constant [2 x i8] c"\G1"   ; ERROR: type
