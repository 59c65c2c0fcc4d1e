; FAIL: irplay check %s
; A misspelt opcode gets the closest one as a suggestion (edit distance of at
; most a third of the word); a word far from every opcode gets none.

define i32 @f(i32 %a, i32 %b) {
  %x = sbu i32 %a, %b           ; ERROR: instruction opcode
  %y = getelemntptr i8, ptr null, i32 %a   ; ERROR: instruction opcode
  %z = frobnicate i32 %a, 1     ; ERROR: instruction opcode
  ret i32 %a
}
