; RUN: irplay check %s
; LangRef: 'callbr' (asm goto with indirect destinations).

define i32 @asm.goto(i32 %x) {
entry:
  callbr void asm "jmp ${0:l}", "!i"()
          to label %fallthrough [label %indirect]

fallthrough:
  %r = callbr i32 asm "mov $1, $0; jmp ${2:l}", "=r,r,!i,!i"(i32 %x)
          to label %normal [label %indirect, label %other]

normal:
  ret i32 %r

indirect:
  ret i32 -1

other:
  ret i32 -2
}
