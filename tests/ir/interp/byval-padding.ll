; RUN: irplay run %s
; LangRef "Parameter Attributes", byval(<ty>): "a hidden copy of the pointee is
; made between the caller and the callee"; the copy has the type's size, padding
; included. { i8, i64 } has seven padding bytes after the i8, never written
; here, so they are undef in the caller's alloca and in the copy. The callee
; copies its byval struct around (memcpy into a local, a byval call of its own,
; an aggregate load and store) and reads only the fields: undef padding moved
; by memcpy, a byval copy or a struct load/store is not a use, so no undefined
; behaviour is reported. (The x86-64 data layout gives i64 its 8-byte
; alignment, so the struct is 16 bytes.)
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.Q = type { i8, i64 }

@.fmt = private constant [13 x i8] c"%s: %d %lld\0A\00"
@.a = private constant [7 x i8] c"callee\00"
@.b = private constant [6 x i8] c"inner\00"
@.c = private constant [7 x i8] c"caller\00"
declare i32 @printf(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)

define void @show(ptr %name, ptr %q) {
  %c = load i8, ptr %q
  %f = getelementptr inbounds %struct.Q, ptr %q, i32 0, i32 1
  %v = load i64, ptr %f
  call i32 (ptr, ...) @printf(ptr @.fmt, ptr %name, i8 %c, i64 %v)
  ret void
}

define void @inner(ptr byval(%struct.Q) align 8 %q) {
  %t = alloca %struct.Q, align 8
  %agg = load %struct.Q, ptr %q, align 8
  store %struct.Q %agg, ptr %t, align 8
  store i8 99, ptr %q
  call void @show(ptr @.b, ptr %t)
  ret void
}

define void @callee(ptr byval(%struct.Q) align 8 %q) {
  %t = alloca %struct.Q, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %t, ptr align 8 %q, i64 16, i1 false)
  call void @inner(ptr byval(%struct.Q) align 8 %t)
  %f = getelementptr inbounds %struct.Q, ptr %q, i32 0, i32 1
  store i64 -5, ptr %f
  call void @show(ptr @.a, ptr %q)
  call void @show(ptr @.a, ptr %t)
  ret void
}

define i32 @main() {
  %s = alloca %struct.Q, align 8
  store i8 7, ptr %s
  %f = getelementptr inbounds %struct.Q, ptr %s, i32 0, i32 1
  store i64 1234567890123, ptr %f
  call void @callee(ptr byval(%struct.Q) align 8 %s)
  call void @show(ptr @.c, ptr %s)
  ret i32 0
}
