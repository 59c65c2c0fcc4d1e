; FAIL: irplay check %s
; Lexer: a character that starts no token.

@g = global i32 ` 1             ; ERROR: value
