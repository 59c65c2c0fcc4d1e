; RUN: irplay run %s
; Switches: a dense one (cases 0 to 7, a jump table candidate), a sparse one with negative
; and large cases, and one on i64; each called for every case and some defaults.
; Oracle: lli-19 prints the same stdout.

@fmt = private constant [10 x i8] c"%d %d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @dense(i32 %x) noinline {
entry:
  switch i32 %x, label %def [
    i32 0, label %c0
    i32 1, label %c1
    i32 2, label %c2
    i32 3, label %c3
    i32 4, label %c4
    i32 5, label %c5
    i32 6, label %c6
    i32 7, label %c7
  ]
c0:
  ret i32 100
c1:
  ret i32 101
c2:
  ret i32 102
c3:
  br label %c4
c4:
  %p = phi i32 [ 3, %c3 ], [ 4, %entry ]
  %r = add i32 %p, 200
  ret i32 %r
c5:
  ret i32 105
c6:
  ret i32 106
c7:
  ret i32 107
def:
  ret i32 -1
}

define i32 @sparse(i32 %x) noinline {
  switch i32 %x, label %def [
    i32 -100, label %a
    i32 7, label %b
    i32 1000000, label %c
    i32 8, label %b
  ]
a:
  ret i32 1
b:
  ret i32 2
c:
  ret i32 3
def:
  ret i32 0
}

define i32 @wide(i64 %x) noinline {
  switch i64 %x, label %def [
    i64 4294967296, label %a
    i64 -1, label %b
  ]
a:
  ret i32 32
b:
  ret i32 64
def:
  ret i32 0
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ -2, %entry ], [ %next, %loop ]
  %d = call i32 @dense(i32 %i)
  %s = call i32 @sparse(i32 %i)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %i, i32 %d, i32 %s)
  %next = add i32 %i, 1
  %more = icmp slt i32 %next, 10
  br i1 %more, label %loop, label %done
done:
  %a = call i32 @sparse(i32 -100)
  %b = call i32 @sparse(i32 1000000)
  %w1 = call i32 @wide(i64 4294967296)
  %w2 = call i32 @wide(i64 -1)
  %w3 = call i32 @wide(i64 0)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %w1)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %w2, i32 %w3, i32 0)
  ret i32 0
}
