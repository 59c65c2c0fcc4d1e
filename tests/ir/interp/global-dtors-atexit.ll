; RUN: irplay run %s
; LangRef "The llvm.global_dtors Global Variable": destructors run "when the module
; is unloaded", which is after the handlers registered with atexit (C17 7.22.4.4:
; those run last registered first when the program exits): main's handler, then
; the one the constructor registered, then the destructor.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.s = private constant [4 x i8] c"%s\0A\00"
@a = private constant [3 x i8] c"ae\00"
@b = private constant [3 x i8] c"ac\00"
@d = private constant [3 x i8] c"dt\00"
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @c, ptr null }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @dt, ptr null }]
declare i32 @printf(ptr, ...)
declare i32 @atexit(ptr)
define internal void @hc() { call i32 (ptr, ...) @printf(ptr @.s, ptr @b)
 ret void }
define internal void @hm() { call i32 (ptr, ...) @printf(ptr @.s, ptr @a)
 ret void }
define internal void @dt() { call i32 (ptr, ...) @printf(ptr @.s, ptr @d)
 ret void }
define internal void @c() { call i32 @atexit(ptr @hc)
 ret void }
define i32 @main() { call i32 @atexit(ptr @hm)
 ret i32 0 }
