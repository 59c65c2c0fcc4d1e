; RUN: irplay check %s
; Use-list order of arguments and instruction results: phis that use a value before its
; definition (forward references), a value used twice by one instruction, several functions.
; Oracle: llvm-as-19 | llvm-dis-19 --preserve-ll-uselistorder prints these directives back.

define i32 @f(i32 %a, i32 %b, i1 %c) {
entry:
  %x = add i32 %a, %b
  %y = mul i32 %a, %x
  br i1 %c, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %a, %entry ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, %x
  %i.next = add i32 %i, 1
  %t = icmp slt i32 %i.next, %acc.next
  %u = add i32 %i.next, %i.next
  br i1 %t, label %loop, label %exit

exit:
  %r = phi i32 [ %y, %entry ], [ %acc.next, %loop ]
  %s = add i32 %r, %x
  ret i32 %s

; uselistorder directives
  uselistorder i32 %a, { 2, 0, 1 }
  uselistorder i32 %x, { 1, 2, 0 }
  uselistorder i32 %acc.next, { 2, 0, 1 }
  uselistorder i32 %i.next, { 2, 3, 0, 1 }
}

define i32 @g(i32 %n) {
  %1 = add i32 %n, %n
  %2 = mul i32 %1, %n
  %3 = sub i32 %2, %1
  ret i32 %3

; uselistorder directives
  uselistorder i32 %n, { 2, 1, 0 }
}
