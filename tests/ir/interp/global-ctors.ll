; RUN: irplay run %s
; LangRef "The llvm.global_ctors Global Variable": "The functions referenced by this
; array will be called in ascending order of priority (i.e. lowest first) when the
; module is loaded. The order of functions with the same priority is not defined."
; "The llvm.global_dtors Global Variable": "The functions referenced by this array
; will be called in descending order of priority (i.e. highest first) when the
; module is unloaded." The constructors are listed out of priority order (200
; before 101) and two share priority 101 (run in array order, as lli-19 and a
; native build do); they write a global that main reads. Destructors of one
; priority run last first (as a native build does). The third field, the
; associated data, is null or a global, and is not called.
; Oracle: a native build (clang-19 FILE.ll). lli-19 agrees on the constructors
; and main but runs the destructors lowest priority first, against the LangRef.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@g = global i32 1
@.fmt = private constant [9 x i8] c"%s g=%d\0A\00"
@.late = private constant [9 x i8] c"ctor 200\00"
@.a = private constant [10 x i8] c"ctor 101a\00"
@.b = private constant [10 x i8] c"ctor 101b\00"
@.main = private constant [5 x i8] c"main\00"
@.dlow = private constant [9 x i8] c"dtor 101\00"
@.dlow2 = private constant [10 x i8] c"dtor 101b\00"
@.dhigh = private constant [9 x i8] c"dtor 300\00"

@llvm.global_ctors = appending global [3 x { i32, ptr, ptr }] [
  { i32, ptr, ptr } { i32 200, ptr @c_late, ptr null },
  { i32, ptr, ptr } { i32 101, ptr @c_a, ptr @g },
  { i32, ptr, ptr } { i32 101, ptr @c_b, ptr null }]
@llvm.global_dtors = appending global [3 x { i32, ptr, ptr }] [
  { i32, ptr, ptr } { i32 101, ptr @d_low, ptr null },
  { i32, ptr, ptr } { i32 300, ptr @d_high, ptr null },
  { i32, ptr, ptr } { i32 101, ptr @d_low2, ptr null }]

declare i32 @printf(ptr, ...)

define internal void @show(ptr %s) {
  %v = load i32, ptr @g
  call i32 (ptr, ...) @printf(ptr @.fmt, ptr %s, i32 %v)
  ret void
}

define internal void @c_late() {
  %v = load i32, ptr @g
  %w = add i32 %v, 100
  store i32 %w, ptr @g
  call void @show(ptr @.late)
  ret void
}

define internal void @c_a() {
  store i32 7, ptr @g
  call void @show(ptr @.a)
  ret void
}

define internal void @c_b() {
  %v = load i32, ptr @g
  %w = mul i32 %v, 3
  store i32 %w, ptr @g
  call void @show(ptr @.b)
  ret void
}

define internal void @d_low() {
  call void @show(ptr @.dlow)
  ret void
}

define internal void @d_low2() {
  call void @show(ptr @.dlow2)
  ret void
}

define internal void @d_high() {
  store i32 0, ptr @g
  call void @show(ptr @.dhigh)
  ret void
}

define i32 @main() {
  call void @show(ptr @.main)
  %v = load i32, ptr @g
  %r = sub i32 %v, 121
  store i32 5, ptr @g
  ret i32 %r
}
