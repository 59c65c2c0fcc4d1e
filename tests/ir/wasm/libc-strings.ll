; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; EXIT: 5
; The C library's string, number and stream functions, in both engines: strtok, strspn,
; strcspn, strpbrk, strcasecmp, strncasecmp, strnlen, strndup, stpcpy, strcat, strncat,
; strncpy (zero padding), strstr, memchr, strtol with its end pointer and errno (ERANGE),
; strtod, atoi, atol, getenv of an unset variable, fwrite, and perror's errno text.
; Compiled from C by clang-19 -O0.
; Oracle: the native build of the same C source (clang-19, glibc 2.36) prints the same
; output and error output and exits with 5.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@__const.main.s = private unnamed_addr constant [22 x i8] c"  alpha, beta;;gamma \00", align 16
@.str = private unnamed_addr constant [4 x i8] c" ,;\00", align 1
@.str.1 = private unnamed_addr constant [5 x i8] c"<%s>\00", align 1
@.str.2 = private unnamed_addr constant [13 x i8] c"\0A%zu %zu %s\0A\00", align 1
@.str.3 = private unnamed_addr constant [7 x i8] c"aabbcx\00", align 1
@.str.4 = private unnamed_addr constant [3 x i8] c"ab\00", align 1
@.str.5 = private unnamed_addr constant [13 x i8] c"hello, world\00", align 1
@.str.6 = private unnamed_addr constant [3 x i8] c",;\00", align 1
@.str.7 = private unnamed_addr constant [10 x i8] c"key=value\00", align 1
@.str.8 = private unnamed_addr constant [3 x i8] c"=:\00", align 1
@.str.9 = private unnamed_addr constant [10 x i8] c"%d %d %d\0A\00", align 1
@.str.10 = private unnamed_addr constant [6 x i8] c"Hello\00", align 1
@.str.11 = private unnamed_addr constant [6 x i8] c"hELLO\00", align 1
@.str.12 = private unnamed_addr constant [5 x i8] c"ABCd\00", align 1
@.str.13 = private unnamed_addr constant [5 x i8] c"abce\00", align 1
@.str.14 = private unnamed_addr constant [2 x i8] c"a\00", align 1
@.str.15 = private unnamed_addr constant [2 x i8] c"B\00", align 1
@.str.16 = private unnamed_addr constant [9 x i8] c"%zu %zu\0A\00", align 1
@.str.17 = private unnamed_addr constant [7 x i8] c"abcdef\00", align 1
@.str.18 = private unnamed_addr constant [12 x i8] c"truncate me\00", align 1
@.str.19 = private unnamed_addr constant [6 x i8] c"[%s]\0A\00", align 1
@.str.20 = private unnamed_addr constant [4 x i8] c"abc\00", align 1
@.str.21 = private unnamed_addr constant [4 x i8] c"def\00", align 1
@.str.22 = private unnamed_addr constant [7 x i8] c"%s %d\0A\00", align 1
@.str.23 = private unnamed_addr constant [2 x i8] c"x\00", align 1
@.str.24 = private unnamed_addr constant [3 x i8] c"yz\00", align 1
@.str.25 = private unnamed_addr constant [6 x i8] c"12345\00", align 1
@.str.26 = private unnamed_addr constant [4 x i8] c"%s\0A\00", align 1
@.str.27 = private unnamed_addr constant [7 x i8] c"%d %d\0A\00", align 1
@.str.28 = private unnamed_addr constant [7 x i8] c"%s %s\0A\00", align 1
@.str.29 = private unnamed_addr constant [19 x i8] c"needle in haystack\00", align 1
@.str.30 = private unnamed_addr constant [4 x i8] c"hay\00", align 1
@.str.31 = private unnamed_addr constant [1 x i8] zeroinitializer, align 1
@.str.32 = private unnamed_addr constant [16 x i8] c"find the x here\00", align 1
@.str.33 = private unnamed_addr constant [10 x i8] c"  -42rest\00", align 1
@.str.34 = private unnamed_addr constant [13 x i8] c"%ld [%s] %d\0A\00", align 1
@.str.35 = private unnamed_addr constant [21 x i8] c"99999999999999999999\00", align 1
@.str.36 = private unnamed_addr constant [8 x i8] c"%ld %d\0A\00", align 1
@.str.37 = private unnamed_addr constant [9 x i8] c"2.5e3xyz\00", align 1
@.str.38 = private unnamed_addr constant [16 x i8] c"%g [%s] %d %ld\0A\00", align 1
@.str.39 = private unnamed_addr constant [5 x i8] c" 17 \00", align 1
@.str.40 = private unnamed_addr constant [3 x i8] c"-5\00", align 1
@.str.41 = private unnamed_addr constant [27 x i8] c"IRPLAY_TEST_UNSET_VARIABLE\00", align 1
@.str.42 = private unnamed_addr constant [7 x i8] c"no env\00", align 1
@.str.43 = private unnamed_addr constant [4 x i8] c"env\00", align 1
@.str.44 = private unnamed_addr constant [11 x i8] c"fwrite ok\0A\00", align 1
@stdout = external global ptr, align 8
@.str.45 = private unnamed_addr constant [12 x i8] c"perror says\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 {
  %1 = alloca i32, align 4
  %2 = alloca [22 x i8], align 16
  %3 = alloca ptr, align 8
  %4 = alloca ptr, align 8
  %5 = alloca [32 x i8], align 16
  %6 = alloca ptr, align 8
  %7 = alloca [8 x i8], align 1
  %8 = alloca ptr, align 8
  %9 = alloca ptr, align 8
  %10 = alloca i64, align 8
  %11 = alloca double, align 8
  store i32 0, ptr %1, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %2, ptr align 16 @__const.main.s, i64 22, i1 false)
  %12 = getelementptr inbounds [22 x i8], ptr %2, i64 0, i64 0
  %13 = call ptr @strtok(ptr noundef %12, ptr noundef @.str) #6
  store ptr %13, ptr %3, align 8
  br label %14

14:                                               ; preds = %20, %0
  %15 = load ptr, ptr %3, align 8
  %16 = icmp ne ptr %15, null
  br i1 %16, label %17, label %22

17:                                               ; preds = %14
  %18 = load ptr, ptr %3, align 8
  %19 = call i32 (ptr, ...) @printf(ptr noundef @.str.1, ptr noundef %18)
  br label %20

20:                                               ; preds = %17
  %21 = call ptr @strtok(ptr noundef null, ptr noundef @.str) #6
  store ptr %21, ptr %3, align 8
  br label %14, !llvm.loop !6

22:                                               ; preds = %14
  %23 = call i64 @strspn(ptr noundef @.str.3, ptr noundef @.str.4) #7
  %24 = call i64 @strcspn(ptr noundef @.str.5, ptr noundef @.str.6) #7
  %25 = call ptr @strpbrk(ptr noundef @.str.7, ptr noundef @.str.8) #7
  %26 = call i32 (ptr, ...) @printf(ptr noundef @.str.2, i64 noundef %23, i64 noundef %24, ptr noundef %25)
  %27 = call i32 @strcasecmp(ptr noundef @.str.10, ptr noundef @.str.11) #7
  %28 = icmp eq i32 %27, 0
  %29 = zext i1 %28 to i32
  %30 = call i32 @strncasecmp(ptr noundef @.str.12, ptr noundef @.str.13, i64 noundef 3) #7
  %31 = icmp eq i32 %30, 0
  %32 = zext i1 %31 to i32
  %33 = call i32 @strcasecmp(ptr noundef @.str.14, ptr noundef @.str.15) #7
  %34 = icmp slt i32 %33, 0
  %35 = zext i1 %34 to i32
  %36 = call i32 (ptr, ...) @printf(ptr noundef @.str.9, i32 noundef %29, i32 noundef %32, i32 noundef %35)
  %37 = call i64 @strnlen(ptr noundef @.str.17, i64 noundef 3) #7
  %38 = call i64 @strnlen(ptr noundef @.str.4, i64 noundef 10) #7
  %39 = call i32 (ptr, ...) @printf(ptr noundef @.str.16, i64 noundef %37, i64 noundef %38)
  %40 = call noalias ptr @strndup(ptr noundef @.str.18, i64 noundef 8) #6
  store ptr %40, ptr %4, align 8
  %41 = load ptr, ptr %4, align 8
  %42 = call i32 (ptr, ...) @printf(ptr noundef @.str.19, ptr noundef %41)
  %43 = load ptr, ptr %4, align 8
  call void @free(ptr noundef %43) #6
  %44 = getelementptr inbounds [32 x i8], ptr %5, i64 0, i64 0
  %45 = call ptr @stpcpy(ptr noundef %44, ptr noundef @.str.20) #6
  store ptr %45, ptr %6, align 8
  %46 = load ptr, ptr %6, align 8
  %47 = call ptr @stpcpy(ptr noundef %46, ptr noundef @.str.21) #6
  store ptr %47, ptr %6, align 8
  %48 = getelementptr inbounds [32 x i8], ptr %5, i64 0, i64 0
  %49 = load ptr, ptr %6, align 8
  %50 = getelementptr inbounds [32 x i8], ptr %5, i64 0, i64 0
  %51 = ptrtoint ptr %49 to i64
  %52 = ptrtoint ptr %50 to i64
  %53 = sub i64 %51, %52
  %54 = trunc i64 %53 to i32
  %55 = call i32 (ptr, ...) @printf(ptr noundef @.str.22, ptr noundef %48, i32 noundef %54)
  %56 = getelementptr inbounds [32 x i8], ptr %5, i64 0, i64 0
  %57 = call ptr @strcpy(ptr noundef %56, ptr noundef @.str.23) #6
  %58 = getelementptr inbounds [32 x i8], ptr %5, i64 0, i64 0
  %59 = call ptr @strcat(ptr noundef %58, ptr noundef @.str.24) #6
  %60 = getelementptr inbounds [32 x i8], ptr %5, i64 0, i64 0
  %61 = call ptr @strncat(ptr noundef %60, ptr noundef @.str.25, i64 noundef 2) #6
  %62 = getelementptr inbounds [32 x i8], ptr %5, i64 0, i64 0
  %63 = call i32 (ptr, ...) @printf(ptr noundef @.str.26, ptr noundef %62)
  %64 = getelementptr inbounds [8 x i8], ptr %7, i64 0, i64 0
  %65 = call ptr @strncpy(ptr noundef %64, ptr noundef @.str.4, i64 noundef 8) #6
  %66 = getelementptr inbounds [8 x i8], ptr %7, i64 0, i64 2
  %67 = load i8, ptr %66, align 1
  %68 = sext i8 %67 to i32
  %69 = getelementptr inbounds [8 x i8], ptr %7, i64 0, i64 7
  %70 = load i8, ptr %69, align 1
  %71 = sext i8 %70 to i32
  %72 = call i32 (ptr, ...) @printf(ptr noundef @.str.27, i32 noundef %68, i32 noundef %71)
  %73 = call ptr @strstr(ptr noundef @.str.29, ptr noundef @.str.30) #7
  %74 = call ptr @strstr(ptr noundef @.str.20, ptr noundef @.str.31) #7
  %75 = call i32 (ptr, ...) @printf(ptr noundef @.str.28, ptr noundef %73, ptr noundef %74)
  %76 = call ptr @memchr(ptr noundef @.str.32, i32 noundef 120, i64 noundef 15) #7
  store ptr %76, ptr %8, align 8
  %77 = load ptr, ptr %8, align 8
  %78 = call i32 (ptr, ...) @printf(ptr noundef @.str.26, ptr noundef %77)
  %79 = call ptr @__errno_location() #8
  store i32 0, ptr %79, align 4
  %80 = call i64 @strtol(ptr noundef @.str.33, ptr noundef %9, i32 noundef 10) #6
  store i64 %80, ptr %10, align 8
  %81 = load i64, ptr %10, align 8
  %82 = load ptr, ptr %9, align 8
  %83 = call ptr @__errno_location() #8
  %84 = load i32, ptr %83, align 4
  %85 = call i32 (ptr, ...) @printf(ptr noundef @.str.34, i64 noundef %81, ptr noundef %82, i32 noundef %84)
  %86 = call ptr @__errno_location() #8
  store i32 0, ptr %86, align 4
  %87 = call i64 @strtol(ptr noundef @.str.35, ptr noundef %9, i32 noundef 10) #6
  store i64 %87, ptr %10, align 8
  %88 = load i64, ptr %10, align 8
  %89 = call ptr @__errno_location() #8
  %90 = load i32, ptr %89, align 4
  %91 = icmp eq i32 %90, 34
  %92 = zext i1 %91 to i32
  %93 = call i32 (ptr, ...) @printf(ptr noundef @.str.36, i64 noundef %88, i32 noundef %92)
  %94 = call double @strtod(ptr noundef @.str.37, ptr noundef %9) #6
  store double %94, ptr %11, align 8
  %95 = load double, ptr %11, align 8
  %96 = load ptr, ptr %9, align 8
  %97 = call i32 @atoi(ptr noundef @.str.39) #7
  %98 = call i64 @atol(ptr noundef @.str.40) #7
  %99 = call i32 (ptr, ...) @printf(ptr noundef @.str.38, double noundef %95, ptr noundef %96, i32 noundef %97, i64 noundef %98)
  %100 = call ptr @getenv(ptr noundef @.str.41) #6
  %101 = icmp eq ptr %100, null
  %102 = zext i1 %101 to i64
  %103 = select i1 %101, ptr @.str.42, ptr @.str.43
  %104 = call i32 (ptr, ...) @printf(ptr noundef @.str.26, ptr noundef %103)
  %105 = load ptr, ptr @stdout, align 8
  %106 = call i64 @fwrite(ptr noundef @.str.44, i64 noundef 1, i64 noundef 10, ptr noundef %105)
  %107 = load ptr, ptr @stdout, align 8
  %108 = call i32 @fflush(ptr noundef %107)
  %109 = call ptr @__errno_location() #8
  store i32 0, ptr %109, align 4
  call void @perror(ptr noundef @.str.45)
  ret i32 5
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

; Function Attrs: nounwind
declare ptr @strtok(ptr noundef, ptr noundef) #2

declare i32 @printf(ptr noundef, ...) #3

; Function Attrs: nounwind willreturn memory(read)
declare i64 @strspn(ptr noundef, ptr noundef) #4

; Function Attrs: nounwind willreturn memory(read)
declare i64 @strcspn(ptr noundef, ptr noundef) #4

; Function Attrs: nounwind willreturn memory(read)
declare ptr @strpbrk(ptr noundef, ptr noundef) #4

; Function Attrs: nounwind willreturn memory(read)
declare i32 @strcasecmp(ptr noundef, ptr noundef) #4

; Function Attrs: nounwind willreturn memory(read)
declare i32 @strncasecmp(ptr noundef, ptr noundef, i64 noundef) #4

; Function Attrs: nounwind willreturn memory(read)
declare i64 @strnlen(ptr noundef, i64 noundef) #4

; Function Attrs: nounwind
declare noalias ptr @strndup(ptr noundef, i64 noundef) #2

; Function Attrs: nounwind
declare void @free(ptr noundef) #2

; Function Attrs: nounwind
declare ptr @stpcpy(ptr noundef, ptr noundef) #2

; Function Attrs: nounwind
declare ptr @strcpy(ptr noundef, ptr noundef) #2

; Function Attrs: nounwind
declare ptr @strcat(ptr noundef, ptr noundef) #2

; Function Attrs: nounwind
declare ptr @strncat(ptr noundef, ptr noundef, i64 noundef) #2

; Function Attrs: nounwind
declare ptr @strncpy(ptr noundef, ptr noundef, i64 noundef) #2

; Function Attrs: nounwind willreturn memory(read)
declare ptr @strstr(ptr noundef, ptr noundef) #4

; Function Attrs: nounwind willreturn memory(read)
declare ptr @memchr(ptr noundef, i32 noundef, i64 noundef) #4

; Function Attrs: nounwind willreturn memory(none)
declare ptr @__errno_location() #5

; Function Attrs: nounwind
declare i64 @strtol(ptr noundef, ptr noundef, i32 noundef) #2

; Function Attrs: nounwind
declare double @strtod(ptr noundef, ptr noundef) #2

; Function Attrs: nounwind willreturn memory(read)
declare i32 @atoi(ptr noundef) #4

; Function Attrs: nounwind willreturn memory(read)
declare i64 @atol(ptr noundef) #4

; Function Attrs: nounwind
declare ptr @getenv(ptr noundef) #2

declare i64 @fwrite(ptr noundef, i64 noundef, i64 noundef, ptr noundef) #3

declare i32 @fflush(ptr noundef) #3

declare void @perror(ptr noundef) #3

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind willreturn memory(read) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #5 = { nounwind willreturn memory(none) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #6 = { nounwind }
attributes #7 = { nounwind willreturn memory(read) }
attributes #8 = { nounwind willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!6 = distinct !{!6, !7}
!7 = !{!"llvm.loop.mustprogress"}
