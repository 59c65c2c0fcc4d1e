; RUN: irplay run %s
; EXIT: 3
; LangRef "The llvm.global_dtors Global Variable": the destructors are "called in
; descending order of priority (i.e. highest first) when the module is unloaded",
; which `exit` does as a return from main does: main calls exit(3) from a nested
; call, and both destructors still run (the higher priority first), after the
; constructor and the code before the call; nothing after the call runs.
; Oracle: a native build (clang-19 FILE.ll). lli-19 ends the process at exit
; without running the module's destructors.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 0
@.fmt = private constant [9 x i8] c"%s g=%d\0A\00"
@.ctor = private constant [5 x i8] c"ctor\00"
@.main = private constant [5 x i8] c"main\00"
@.after = private constant [6 x i8] c"after\00"
@.d1 = private constant [7 x i8] c"dtor 1\00"
@.d2 = private constant [7 x i8] c"dtor 2\00"

@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [
  { i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
@llvm.global_dtors = appending global [2 x { i32, ptr, ptr }] [
  { i32, ptr, ptr } { i32 65535, ptr @d1, ptr null },
  { i32, ptr, ptr } { i32 1000, ptr @d2, ptr null }]

declare i32 @printf(ptr, ...)
declare void @exit(i32)

define internal void @show(ptr %s) {
  %v = load i32, ptr @g
  call i32 (ptr, ...) @printf(ptr @.fmt, ptr %s, i32 %v)
  ret void
}

define internal void @ctor() {
  store i32 10, ptr @g
  call void @show(ptr @.ctor)
  ret void
}

define internal void @d1() {
  %v = load i32, ptr @g
  %w = add i32 %v, 1
  store i32 %w, ptr @g
  call void @show(ptr @.d1)
  ret void
}

define internal void @d2() {
  %v = load i32, ptr @g
  %w = mul i32 %v, 2
  store i32 %w, ptr @g
  call void @show(ptr @.d2)
  ret void
}

define internal void @quit(i32 %s) {
  call void @exit(i32 %s)
  unreachable
}

define i32 @main() {
  %v = load i32, ptr @g
  %w = add i32 %v, 5
  store i32 %w, ptr @g
  call void @show(ptr @.main)
  call void @quit(i32 3)
  call void @show(ptr @.after)
  ret i32 0
}
