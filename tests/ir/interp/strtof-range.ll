; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; strtof parses in float's range: "1e39" overflows it (inf, errno ERANGE) and "1e-50"
; underflows it (0, ERANGE), though both fit a double, which strtod returns without ERANGE
; (C17 7.22.1.3p10). The end pointer stops after the number.
; Compiled from C by clang-19 -O0.
; Oracle: the native build of the same C source (clang-19, glibc 2.36) prints the same lines.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [5 x i8] c"1e39\00", align 1
@.str.1 = private unnamed_addr constant [10 x i8] c"%g %d %d\0A\00", align 1
@.str.2 = private unnamed_addr constant [6 x i8] c"1e-50\00", align 1
@.str.3 = private unnamed_addr constant [7 x i8] c"%g %d\0A\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 {
  %1 = alloca ptr, align 8
  %2 = alloca float, align 4
  %3 = alloca double, align 8
  %4 = call ptr @__errno_location() #4
  store i32 0, ptr %4, align 4
  %5 = call float @strtof(ptr noundef @.str, ptr noundef %1) #5
  store float %5, ptr %2, align 4
  %6 = load float, ptr %2, align 4
  %7 = fpext float %6 to double
  %8 = call ptr @__errno_location() #4
  %9 = load i32, ptr %8, align 4
  %10 = icmp eq i32 %9, 34
  %11 = zext i1 %10 to i32
  %12 = load ptr, ptr %1, align 8
  %13 = getelementptr inbounds i8, ptr %12, i64 0
  %14 = load i8, ptr %13, align 1
  %15 = sext i8 %14 to i32
  %16 = call i32 (ptr, ...) @printf(ptr noundef @.str.1, double noundef %7, i32 noundef %11, i32 noundef %15)
  %17 = call ptr @__errno_location() #4
  store i32 0, ptr %17, align 4
  %18 = call float @strtof(ptr noundef @.str.2, ptr noundef %1) #5
  store float %18, ptr %2, align 4
  %19 = load float, ptr %2, align 4
  %20 = fpext float %19 to double
  %21 = call ptr @__errno_location() #4
  %22 = load i32, ptr %21, align 4
  %23 = icmp eq i32 %22, 34
  %24 = zext i1 %23 to i32
  %25 = call i32 (ptr, ...) @printf(ptr noundef @.str.3, double noundef %20, i32 noundef %24)
  %26 = call ptr @__errno_location() #4
  store i32 0, ptr %26, align 4
  %27 = call double @strtod(ptr noundef @.str, ptr noundef null) #5
  store double %27, ptr %3, align 8
  %28 = load double, ptr %3, align 8
  %29 = call ptr @__errno_location() #4
  %30 = load i32, ptr %29, align 4
  %31 = call i32 (ptr, ...) @printf(ptr noundef @.str.3, double noundef %28, i32 noundef %30)
  ret i32 0
}

; Function Attrs: nounwind willreturn memory(none)
declare ptr @__errno_location() #1

; Function Attrs: nounwind
declare float @strtof(ptr noundef, ptr noundef) #2

declare i32 @printf(ptr noundef, ...) #3

; Function Attrs: nounwind
declare double @strtod(ptr noundef, ptr noundef) #2

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind willreturn memory(none) }
attributes #5 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
