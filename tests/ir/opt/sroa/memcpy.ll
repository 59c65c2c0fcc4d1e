; RUN: irplay opt -p sroa %s
; memset and memcpy of constant length on a splittable alloca become stores (memset: the
; repeated byte as a constant of each field's type) or loads and stores of each field from or
; to the other pointer (`getelementptr i8` at the field's offset); an alloca only ever written
; by them goes entirely. A memcpy out of an alloca whose bytes are not all held by fields keeps
; the alloca (the bytes no field holds may still matter to the copy), and so does a volatile
; memset (volatile accesses are observable).
; Oracle: opt-19 -passes=sroa rewrites @init, @fill and @dead the same way and keeps @vol's
; alloca; it also removes @gap's alloca (the memset's bytes become a constant stored to @sink),
; a stronger result than ours; the three programs print the same.

%s = type { i32, float, i64 }

@fmt = private constant [22 x i8] c"%d %d %d %d %d %d %d\0A\00"
@src = internal constant %s { i32 7, float 2.5, i64 -3 }
@sink = global [16 x i8] zeroinitializer

declare i32 @printf(ptr, ...)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @init(i32 %x) {
  %a = alloca %s, align 8
  call void @llvm.memcpy.p0.p0.i64(ptr align 8 %a, ptr align 8 @src, i64 16, i1 false)
  %f1 = getelementptr inbounds %s, ptr %a, i32 0, i32 1
  %f2 = getelementptr inbounds %s, ptr %a, i32 0, i32 2
  %v0 = load i32, ptr %a, align 8
  %v1 = load float, ptr %f1, align 4
  %v2 = load i64, ptr %f2, align 8
  %i1 = fptosi float %v1 to i32
  %i2 = trunc i64 %v2 to i32
  %s1 = add i32 %v0, %i1
  %s2 = add i32 %s1, %i2
  %r = add i32 %s2, %x
  ret i32 %r
}

define i32 @fill(ptr %out) {
  %a = alloca [4 x i32], align 16
  call void @llvm.memset.p0.i64(ptr align 16 %a, i8 1, i64 16, i1 false)
  %p2 = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 2
  store i32 5, ptr %p2, align 8
  %p1 = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 1
  %p3 = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 3
  %v = load i32, ptr %p1, align 4
  %w = load i32, ptr %a, align 16
  %u = load i32, ptr %p3, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %out, ptr align 16 %a, i64 16, i1 false)
  %t = add i32 %v, %w
  %r = sub i32 %t, %u
  ret i32 %r
}

define void @dead() {
  %a = alloca [8 x i64], align 16
  call void @llvm.memset.p0.i64(ptr align 16 %a, i8 0, i64 64, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %a, ptr align 8 @src, i64 16, i1 false)
  ret void
}

define i32 @gap(i32 %x) {
  %a = alloca [2 x i32], align 4
  call void @llvm.memset.p0.i64(ptr align 4 %a, i8 2, i64 8, i1 false)
  store i32 %x, ptr %a, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 @sink, ptr align 4 %a, i64 8, i1 false)
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

define i32 @vol() {
  %a = alloca i32, align 4
  call void @llvm.memset.p0.i64(ptr align 4 %a, i8 3, i64 4, i1 true)
  %v = load i32, ptr %a, align 4
  ret i32 %v
}

define i32 @main() {
  %a = call i32 @init(i32 100)
  %b = call i32 @fill(ptr @sink)
  call void @dead()
  %c0 = load i32, ptr @sink, align 4
  %p2 = getelementptr inbounds [16 x i8], ptr @sink, i64 0, i64 8
  %c2 = load i32, ptr %p2, align 4
  %d = call i32 @gap(i32 9)
  %p1 = getelementptr inbounds [16 x i8], ptr @sink, i64 0, i64 4
  %e = load i32, ptr %p1, align 4
  %f = call i32 @vol()
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c0, i32 %c2, i32 %d, i32 %e, i32 %f)
  ret i32 0
}
