; RUN: irplay run %s
; RUN: irplay run --engine wasm %s -- hello
; Memory: globals with relocations (a table of pointers into other globals, a function
; pointer table), GEPs over structs and arrays, allocas, a dynamic alloca, memcpy/memset,
; the heap, pointer/integer casts with 64-bit pointers, and argv.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%struct.S = type { i8, i32, [3 x i16], ptr }

@s = private constant [5 x i8] c"%s\0A\00\00"
@d = private constant [4 x i8] c"%d\0A\00"
@hello = private constant [6 x i8] c"hello\00"
@world = private constant [6 x i8] c"world\00"
@words = global [2 x ptr] [ptr @hello, ptr getelementptr (i8, ptr @world, i64 1)]
@obj = global %struct.S { i8 1, i32 2, [3 x i16] [i16 3, i16 4, i16 5], ptr @obj }
@ops = global [2 x ptr] [ptr @add, ptr @sub]

declare i32 @printf(ptr, ...)
declare ptr @malloc(i64)
declare void @free(ptr)
declare i64 @strlen(ptr)
declare i32 @puts(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @add(i32 %a, i32 %b) {
  %r = add i32 %a, %b
  ret i32 %r
}

define i32 @sub(i32 %a, i32 %b) {
  %r = sub i32 %a, %b
  ret i32 %r
}

define i32 @sum_dynamic(i32 %n) {
entry:
  %buf = alloca i32, i32 %n, align 4
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i1, %fill ]
  %p = getelementptr i32, ptr %buf, i32 %i
  store i32 %i, ptr %p
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %fill, label %sum
sum:
  %j = phi i32 [ 0, %fill ], [ %j1, %sum ]
  %acc = phi i32 [ 0, %fill ], [ %acc1, %sum ]
  %q = getelementptr inbounds i32, ptr %buf, i32 %j
  %v = load i32, ptr %q
  %acc1 = add i32 %acc, %v
  %j1 = add i32 %j, 1
  %c2 = icmp slt i32 %j1, %n
  br i1 %c2, label %sum, label %out
out:
  ret i32 %acc1
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %w0 = load ptr, ptr @words
  call i32 (ptr, ...) @printf(ptr @s, ptr %w0)
  %w1p = getelementptr [2 x ptr], ptr @words, i64 0, i64 1
  %w1 = load ptr, ptr %w1p
  call i32 (ptr, ...) @printf(ptr @s, ptr %w1)
  %f2 = getelementptr inbounds %struct.S, ptr @obj, i64 0, i32 2, i64 2
  %v2 = load i16, ptr %f2
  %v2w = zext i16 %v2 to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %v2w)
  %self = getelementptr inbounds %struct.S, ptr @obj, i64 0, i32 3
  %sp = load ptr, ptr %self
  %same = icmp eq ptr %sp, @obj
  %samew = zext i1 %same to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %samew)
  ; function pointers from a table
  %op1p = getelementptr [2 x ptr], ptr @ops, i64 0, i64 1
  %op1 = load ptr, ptr %op1p
  %r = call i32 %op1(i32 10, i32 3)
  call i32 (ptr, ...) @printf(ptr @d, i32 %r)
  ; a local array, memset and memcpy
  %arr = alloca [16 x i8], align 1
  call void @llvm.memset.p0.i64(ptr %arr, i8 65, i64 15, i1 false)
  %last = getelementptr [16 x i8], ptr %arr, i64 0, i64 15
  store i8 0, ptr %last
  %heap = call ptr @malloc(i64 16)
  call void @llvm.memcpy.p0.p0.i64(ptr %heap, ptr %arr, i64 16, i1 false)
  %len = call i64 @strlen(ptr %heap)
  %lenw = trunc i64 %len to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %lenw)
  call i32 @puts(ptr %heap)
  call void @free(ptr %heap)
  ; ptrtoint/inttoptr round trip and pointer difference
  %pi = ptrtoint ptr %w1p to i64
  %base = ptrtoint ptr @words to i64
  %diff = sub i64 %pi, %base
  %diffw = trunc i64 %diff to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %diffw)
  %back = inttoptr i64 %pi to ptr
  %w1again = load ptr, ptr %back
  call i32 @puts(ptr %w1again)
  %sum = call i32 @sum_dynamic(i32 10)
  call i32 (ptr, ...) @printf(ptr @d, i32 %sum)
  ; argv
  call i32 (ptr, ...) @printf(ptr @d, i32 %argc)
  ret i32 0
}
