; RUN: irplay opt -p dse %s
; Stores that must stay. @read_between: a load of the same place reads the first store.
; @may_alias: a load through a pointer parameter that may point to @g. @call_reads: the
; call may read @g. @may_unwind: a call that is not `nounwind`: a handler in a caller could
; read @g. @smaller: the later store writes 1 byte of the 4. @volatile: volatile stores are
; never removed. @other_block: the overwriting store is in another block (not done here).
; Oracle: opt-19 -passes=dse keeps the same stores except @other_block's first one, which it
; removes across blocks, and @smaller's two, which it merges into one store of the constant
; -256; the program prints the same.

@fmt = private constant [7 x i8] c"%d %d\0A\00"
@g = global i32 0, align 4
@v = global i32 0, align 4
declare i32 @printf(ptr, ...)

define i32 @read_between() {
  store i32 1, ptr @g, align 4
  %x = load i32, ptr @g, align 4
  store i32 2, ptr @g, align 4
  ret i32 %x
}

define i32 @may_alias(ptr %p) {
  store i32 3, ptr @g, align 4
  %x = load i32, ptr %p, align 4
  store i32 4, ptr @g, align 4
  ret i32 %x
}

define i32 @reader() nounwind willreturn {
  %x = load i32, ptr @g, align 4
  ret i32 %x
}

define i32 @call_reads() {
  store i32 5, ptr @g, align 4
  %x = call i32 @reader()
  store i32 6, ptr @g, align 4
  ret i32 %x
}

define void @unknown() memory(none) {
  ret void
}

define void @may_unwind() {
  store i32 7, ptr @g, align 4
  call void @unknown()
  store i32 8, ptr @g, align 4
  ret void
}

define void @smaller() {
  store i32 -1, ptr @g, align 4
  store i8 0, ptr @g, align 4
  ret void
}

define void @volatile() {
  store volatile i32 9, ptr @v, align 4
  store volatile i32 10, ptr @v, align 4
  ret void
}

define void @other_block(i1 %c) {
entry:
  store i32 11, ptr @g, align 4
  br label %next

next:
  store i32 12, ptr @g, align 4
  ret void
}

define i32 @main() {
  %a = call i32 @read_between()
  %b = call i32 @may_alias(ptr @g)
  %c = call i32 @call_reads()
  call void @may_unwind()
  call void @smaller()
  call void @volatile()
  call void @other_block(i1 true)
  %s = add i32 %a, %b
  %t = add i32 %s, %c
  %g = load i32, ptr @g, align 4
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %t, i32 %g)
  ret i32 0
}
