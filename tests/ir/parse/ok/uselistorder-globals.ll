; RUN: irplay check %s
; Use-list order of globals: a variable used by an aggregate initializer (twice), another
; initializer, a constant expression (in an initializer and in an instruction) and
; instructions; a function called from two functions and named in an initializer. The
; bitcode reader creates these uses in another order than the text reader (for @g the
; bitcode record is `3, 0, 2, 4, 1, 5`). Oracle: llvm-as-19 | llvm-dis-19
; --preserve-ll-uselistorder prints these directives back.

@g = global i32 0
@refs = global [3 x ptr] [ptr @g, ptr @g, ptr @h]
@p = global ptr @g
@q = global ptr getelementptr (i8, ptr @g, i64 4)

define i32 @h(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}

define void @user() {
  %a = call i32 @h(i32 1)
  %b = call i32 @h(i32 2)
  store i32 %b, ptr @g, align 4
  %c = load i32, ptr @g, align 4
  store i32 %c, ptr getelementptr (i8, ptr @g, i64 4), align 4
  ret void
}

define void @late() {
  %v = call i32 @h(i32 3)
  ret void
}

; uselistorder directives
uselistorder ptr @g, { 3, 0, 5, 1, 2, 4 }
uselistorder ptr @h, { 2, 0, 3, 1 }
