; FAIL: irplay check %s
; Parser: the file ends inside a function body; the error is at the end of
; the file, on the line after the last one (hence ERROR@+1).

define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1            ; ERROR@+1: end of file
