; RUN: irplay opt -p instcombine %s
; Stack objects: an alloca only ever written (stores, memset, lifetime markers, through
; GEPs) goes with its writes (@writeonly); one copied whole from a constant global and then
; only read becomes the global, and the loads of it then fold to constants (@copied).
; Does NOT fire: an address that escapes to a call (@escapes), a volatile store
; (@volatile: volatile accesses are observable), a copy of only part of the object
; (@partial: the rest would read the global's bytes instead of uninitialized memory beyond
; the global), a copy from a global that is not `constant` (@mutable), or a second write
; after the copy (@rewritten).
; Oracle: opt-19 -passes=instcombine removes and replaces the same allocas; the input, our
; output and opt-19's output print the same under `irplay run`.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

@tab = private unnamed_addr constant [4 x i32] [i32 10, i32 20, i32 30, i32 40], align 16
@var = global [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 16
@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"

declare i32 @printf(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

define i32 @writeonly(i32 %x) {
  %a = alloca [4 x i32], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr %a)
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 16, i1 false)
  %p = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 2
  store i32 %x, ptr %p, align 4
  call void @llvm.lifetime.end.p0(i64 16, ptr %a)
  ret i32 %x
}

define i32 @copied(i64 %i) {
  %a = alloca [4 x i32], align 16
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %a, ptr align 16 @tab, i64 16, i1 false)
  %p = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 3
  %v = load i32, ptr %p, align 4
  %q = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 %i
  %w = load i32, ptr %q, align 4
  %r = add i32 %v, %w
  ret i32 %r
}

define i32 @escapes(i32 %x) {
  %a = alloca i32, align 4
  store i32 %x, ptr %a, align 4
  call void @sink(ptr %a)
  ret i32 %x
}

define i32 @volatile(i32 %x) {
  %a = alloca i32, align 4
  store volatile i32 %x, ptr %a, align 4
  ret i32 %x
}

define i32 @partial() {
  %a = alloca [8 x i32], align 16
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %a, ptr align 16 @tab, i64 16, i1 false)
  %p = getelementptr inbounds [8 x i32], ptr %a, i64 0, i64 1
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define i32 @mutable() {
  %a = alloca [4 x i32], align 16
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %a, ptr align 16 @var, i64 16, i1 false)
  %p = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 1
  %v = load i32, ptr %p, align 4
  ret i32 %v
}

define i32 @rewritten() {
  %a = alloca [4 x i32], align 16
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %a, ptr align 16 @tab, i64 16, i1 false)
  store i32 5, ptr %a, align 16
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

define i32 @main() {
  %a = call i32 @writeonly(i32 3)
  %b = call i32 @copied(i64 1)
  %c = call i32 @partial()
  %d = call i32 @mutable()
  %e = call i32 @rewritten()
  %f = call i32 @volatile(i32 8)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %e, i32 %f, i32 0, i32 0)
  ret i32 0
}

define void @sink(ptr %p) {
  ret void
}
