; FAIL: irplay check %s
; Lexer/types: integer widths go up to 2^23 = 8388608 bits.

@g = global i8388609 0          ; ERROR: type
