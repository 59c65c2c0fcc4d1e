; FAIL: irplay check %s
; A function named with `%` instead of `@`: the help says which sigil globals
; take.

declare i32 @puts(ptr)

@msg = constant [3 x i8] c"hi\00"

define i32 @main() {
  %r = call i32 %puts(ptr @msg)   ; ERROR: undefined value '%puts'
  ret i32 0
}
