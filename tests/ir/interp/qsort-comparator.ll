; RUN: irplay run %s
; qsort is a library function, specified by C17 7.22.5.2 ("The qsort
; function"): it sorts the array "into ascending order according to a
; comparison function pointed to by compar, which is called with two arguments
; that point to the objects being compared". Here the comparator is an IR
; function on 12-byte structs (descending by key, then ascending by id: a
; total order, so the result does not depend on the sorting algorithm), and an
; i32 array with INT_MIN and INT_MAX is sorted with a (a > b) - (a < b)
; comparator.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

%item = type { i32, i32, i32 }   ; key, id, padding-like payload

@items = global [8 x %item] [%item { i32 3, i32 1, i32 0 }, %item { i32 9, i32 2, i32 0 }, %item { i32 3, i32 0, i32 0 }, %item { i32 -4, i32 3, i32 0 }, %item { i32 9, i32 7, i32 0 }, %item { i32 0, i32 5, i32 0 }, %item { i32 9, i32 4, i32 0 }, %item { i32 1, i32 6, i32 0 }]
@nums = global [10 x i32] [i32 5, i32 -1, i32 2147483647, i32 0, i32 -2147483648, i32 5, i32 3, i32 -7, i32 8, i32 1]
@fi = private constant [8 x i8] c"(%d,%d)\00"
@fn = private constant [4 x i8] c"%d \00"
@nl = private constant [2 x i8] c"\0A\00"
declare i32 @printf(ptr, ...)
declare void @qsort(ptr, i64, i64, ptr)

define i32 @by_key_desc(ptr %a, ptr %b) {
  %ka = load i32, ptr %a
  %kb = load i32, ptr %b
  %gt = icmp sgt i32 %ka, %kb
  br i1 %gt, label %less, label %not.gt
not.gt:
  %lt = icmp slt i32 %ka, %kb
  br i1 %lt, label %more, label %tie
tie:
  %pa = getelementptr inbounds %item, ptr %a, i32 0, i32 1
  %pb = getelementptr inbounds %item, ptr %b, i32 0, i32 1
  %ia = load i32, ptr %pa
  %ib = load i32, ptr %pb
  %c1 = icmp sgt i32 %ia, %ib
  %c2 = icmp slt i32 %ia, %ib
  %z1 = zext i1 %c1 to i32
  %z2 = zext i1 %c2 to i32
  %d = sub i32 %z1, %z2
  ret i32 %d
less:
  ret i32 -1
more:
  ret i32 1
}

; the classic (a > b) - (a < b), no overflow
define i32 @int_asc(ptr %a, ptr %b) {
  %x = load i32, ptr %a
  %y = load i32, ptr %b
  %c1 = icmp sgt i32 %x, %y
  %c2 = icmp slt i32 %x, %y
  %z1 = zext i1 %c1 to i32
  %z2 = zext i1 %c2 to i32
  %d = sub i32 %z1, %z2
  ret i32 %d
}

define i32 @main() {
entry:
  call void @qsort(ptr @items, i64 8, i64 12, ptr @by_key_desc)
  br label %l1
l1:
  %i = phi i64 [ 0, %entry ], [ %i.n, %l1 ]
  %pk = getelementptr [8 x %item], ptr @items, i64 0, i64 %i, i32 0
  %pi = getelementptr [8 x %item], ptr @items, i64 0, i64 %i, i32 1
  %k = load i32, ptr %pk
  %id = load i32, ptr %pi
  call i32 (ptr, ...) @printf(ptr @fi, i32 %k, i32 %id)
  %i.n = add i64 %i, 1
  %d1 = icmp eq i64 %i.n, 8
  br i1 %d1, label %sort2, label %l1
sort2:
  call i32 (ptr, ...) @printf(ptr @nl)
  call void @qsort(ptr @nums, i64 10, i64 4, ptr @int_asc)
  br label %l2
l2:
  %j = phi i64 [ 0, %sort2 ], [ %j.n, %l2 ]
  %pn = getelementptr [10 x i32], ptr @nums, i64 0, i64 %j
  %n = load i32, ptr %pn
  call i32 (ptr, ...) @printf(ptr @fn, i32 %n)
  %j.n = add i64 %j, 1
  %d2 = icmp eq i64 %j.n, 10
  br i1 %d2, label %end, label %l2
end:
  call i32 (ptr, ...) @printf(ptr @nl)
  ret i32 0
}
