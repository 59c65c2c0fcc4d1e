; RUN: irplay opt -p sroa %s
; A struct and an array alloca reached through constant GEPs split into one alloca per field,
; then promoted: the loads become the stored values, a field stored on two paths a phi.
; Oracle: opt-19 -passes=sroa removes every alloca too (it names the phi `%a.sroa.0.0`);
; the three programs print the same.

%pair = type { i32, i64 }

@fmt = private constant [14 x i8] c"%d %ld %d %d\0A\00"
@fmt2 = private constant [2 x i8] c"\0A\00"
declare i32 @printf(ptr, ...)

define i64 @pairs(i32 %x, i64 %y, i1 %c) {
entry:
  %a = alloca %pair, align 8
  %f1 = getelementptr inbounds %pair, ptr %a, i32 0, i32 1
  store i32 %x, ptr %a, align 8
  store i64 %y, ptr %f1, align 8
  br i1 %c, label %then, label %join

then:
  %m = mul i32 %x, 3
  store i32 %m, ptr %a, align 8
  br label %join

join:
  %l0 = load i32, ptr %a, align 8
  %l1 = load i64, ptr %f1, align 8
  %e = sext i32 %l0 to i64
  %s = add i64 %e, %l1
  ret i64 %s
}

define i32 @arr(i32 %n) {
entry:
  %b = alloca [4 x i32], align 16
  call void @llvm.lifetime.start.p0(i64 16, ptr %b)
  %p1 = getelementptr inbounds [4 x i32], ptr %b, i64 0, i64 1
  %p3 = getelementptr inbounds i32, ptr %p1, i64 2
  store i32 %n, ptr %b, align 16
  store i32 7, ptr %p1, align 4
  %q = getelementptr inbounds i8, ptr %b, i64 12
  store i32 5, ptr %q, align 4
  %x = load i32, ptr %b, align 16
  %y = load i32, ptr %p1, align 4
  %z = load i32, ptr %p3, align 4
  %s1 = add i32 %x, %y
  %s2 = mul i32 %s1, %z
  call void @llvm.lifetime.end.p0(i64 16, ptr %b)
  ret i32 %s2
}

declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)

define i32 @main() {
  %a = call i64 @pairs(i32 4, i64 100, i1 true)
  %b = call i64 @pairs(i32 4, i64 100, i1 false)
  %c = call i32 @arr(i32 3)
  %d = call i32 @arr(i32 -9)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i64 %a, i64 %b, i32 %c, i32 %d)
  %q = call i32 (ptr, ...) @printf(ptr @fmt2)
  ret i32 0
}
