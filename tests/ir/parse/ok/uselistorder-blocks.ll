; RUN: irplay check %s
; Use-list order of blocks: a block reached from a conditional branch, a switch (twice) and
; a branch, and named by a global's `blockaddress`; a block branched to twice by one `br`
; and by itself. Oracle: llvm-as-19 | llvm-dis-19 --preserve-ll-uselistorder prints these
; directives back (and llvm-dis-19 prints `; preds` in this order).

@addr = global ptr blockaddress(@f, %join)

define void @f(i1 %c, i32 %k) {
entry:
  br i1 %c, label %join, label %side

side:
  switch i32 %k, label %join [
    i32 1, label %other
    i32 2, label %join
  ]

other:
  br label %join

join:
  ret void

; uselistorder directives
  uselistorder label %join, { 3, 0, 2, 4, 1 }
}

define void @h(i1 %c) {
entry:
  br i1 %c, label %b, label %b

b:
  br label %b

; uselistorder directives
  uselistorder label %b, { 1, 2, 0 }
}
