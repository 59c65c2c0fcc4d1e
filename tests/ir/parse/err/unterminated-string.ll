; FAIL: irplay check %s
; Lexer: a string constant that never ends (it runs to the end of the
; file, swallowing this line's marker comment too).

@s = constant [4 x i8] c"abc   ; ERROR: string
@t = global i32 0
