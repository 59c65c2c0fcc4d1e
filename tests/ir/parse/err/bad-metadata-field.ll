; FAIL: irplay check %s
; Parser: a specialized metadata field with a value of the wrong kind.

!0 = !DILocation(line: "seven", scope: null)   ; ERROR: unsigned integer
