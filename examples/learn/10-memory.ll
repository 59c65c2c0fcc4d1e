; Two places to keep data. alloca reserves memory in the current function's
; stack frame: it needs no freeing and disappears when the function returns.
; malloc (a C library call) takes memory from the heap: it lives until free,
; and using it after free is undefined behaviour. load and store move values
; between registers (SSA values) and memory.
; In the playground, watch the stores into the heap block, then the loads
; that add the squares up, then free; the stack counter dies with @main.

@fmt = private constant [28 x i8] c"squares 0..%d add up to %d\0A\00"

declare i32 @printf(ptr noundef, ...)
declare ptr @malloc(i64)
declare void @free(ptr)

define i32 @main() {
entry:
  %count = alloca i32                        ; a stack slot
  store i32 6, ptr %count
  %n = load i32, ptr %count
  %n64 = sext i32 %n to i64
  %bytes = mul i64 %n64, 4
  %heap = call ptr @malloc(i64 %bytes)       ; room for 6 i32s
  br label %fill
fill:
  %i = phi i64 [ 0, %entry ], [ %i.next, %fill ]
  %i32 = trunc i64 %i to i32
  %sq = mul i32 %i32, %i32
  %slot = getelementptr inbounds i32, ptr %heap, i64 %i
  store i32 %sq, ptr %slot
  %i.next = add i64 %i, 1
  %fill.more = icmp slt i64 %i.next, %n64
  br i1 %fill.more, label %fill, label %sum
sum:
  %j = phi i64 [ 0, %fill ], [ %j.next, %sum ]
  %acc = phi i32 [ 0, %fill ], [ %acc.next, %sum ]
  %at = getelementptr inbounds i32, ptr %heap, i64 %j
  %v = load i32, ptr %at
  %acc.next = add i32 %acc, %v
  %j.next = add i64 %j, 1
  %sum.more = icmp slt i64 %j.next, %n64
  br i1 %sum.more, label %sum, label %done
done:
  call void @free(ptr %heap)
  %last = sub i32 %n, 1
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %last, i32 %acc.next)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
