; RUN: irplay opt -p inline %s
; Small callees are copied into their callers, callees first: @abs (two returns) becomes a phi in
; `%abs.exit`, @twice's copy of @abs is copied again into @main, names get `.i` (`.i1` when
; taken), the static alloca of @acc moves to the caller's entry block (the call is in a loop),
; and the `tail` of @acc's call to @put is cleared (the call site is not `tail`; once inlined,
; @put's argument is @main's own alloca, which a `tail` callee may not access).
; The internal callees left without callers (@abs, @twice, @acc) are deleted; @put stays.
; Oracle: opt-19 -passes=inline inlines the same calls, clears the same `tail` and deletes the
; same callees (it also adds lifetime markers for the moved alloca and simplifies the copies as
; it goes, which we leave to later passes); the three programs print the same.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define internal i32 @abs(i32 %x) {
entry:
  %neg = icmp slt i32 %x, 0
  br i1 %neg, label %flip, label %done

flip:
  %n = sub nsw i32 0, %x
  ret i32 %n

done:
  ret i32 %x
}

define internal i32 @twice(i32 %x) {
entry:
  %a = call i32 @abs(i32 %x)
  %b = add i32 %a, %a
  ret i32 %b
}

define internal void @put(ptr %p, i32 %v) noinline {
  store i32 %v, ptr %p, align 4
  ret void
}

define internal i32 @acc(ptr %sum, i32 %v) {
entry:
  %tmp = alloca i32, align 4
  store i32 %v, ptr %tmp, align 4
  %t = load i32, ptr %tmp, align 4
  %s = load i32, ptr %sum, align 4
  %n = add i32 %s, %t
  tail call void @put(ptr %sum, i32 %n)
  ret i32 %n
}

define i32 @main() {
entry:
  %sum = alloca i32, align 4
  store i32 0, ptr %sum, align 4
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %r = call i32 @acc(ptr %sum, i32 %i)
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, 5
  br i1 %c, label %loop, label %out

out:
  %x = call i32 @twice(i32 -21)
  %y = call i32 @abs(i32 7)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %r, i32 %x, i32 %y)
  ret i32 0
}
