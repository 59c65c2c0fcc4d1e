; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; glibc's <ctype.h> functions called as functions (not as the macros that read the tables):
; each isX returns its table entry masked to its class bit (isalpha('a') is 1024, not 1),
; and toupper/tolower map -128..-2 to the same byte as unsigned (toupper(-23) is 233), EOF
; to itself. Every character from -128 to 255 goes into a checksum; some are printed.
; Compiled from C by clang-19 -O0 (the functions in parentheses defeat the macros).
; Oracle: the native build of the same C source (clang-19, glibc 2.36) prints the same lines.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [4 x i8] c"%d:\00", align 1
@.str.1 = private unnamed_addr constant [4 x i8] c" %d\00", align 1
@.str.2 = private unnamed_addr constant [2 x i8] c"\0A\00", align 1
@.str.3 = private unnamed_addr constant [14 x i8] c"checksum %lu\0A\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 {
  %1 = alloca i32, align 4
  %2 = alloca i64, align 8
  %3 = alloca i32, align 4
  %4 = alloca [14 x i32], align 16
  %5 = alloca i32, align 4
  %6 = alloca i32, align 4
  store i32 0, ptr %1, align 4
  store i64 0, ptr %2, align 8
  store i32 -128, ptr %3, align 4
  br label %7

7:                                                ; preds = %104, %0
  %8 = load i32, ptr %3, align 4
  %9 = icmp slt i32 %8, 256
  br i1 %9, label %10, label %107

10:                                               ; preds = %7
  %11 = load i32, ptr %3, align 4
  %12 = call i32 @isalpha(i32 noundef %11) #3
  store i32 %12, ptr %4, align 4
  %13 = getelementptr inbounds i32, ptr %4, i64 1
  %14 = load i32, ptr %3, align 4
  %15 = call i32 @isdigit(i32 noundef %14) #3
  store i32 %15, ptr %13, align 4
  %16 = getelementptr inbounds i32, ptr %4, i64 2
  %17 = load i32, ptr %3, align 4
  %18 = call i32 @isalnum(i32 noundef %17) #3
  store i32 %18, ptr %16, align 4
  %19 = getelementptr inbounds i32, ptr %4, i64 3
  %20 = load i32, ptr %3, align 4
  %21 = call i32 @isspace(i32 noundef %20) #3
  store i32 %21, ptr %19, align 4
  %22 = getelementptr inbounds i32, ptr %4, i64 4
  %23 = load i32, ptr %3, align 4
  %24 = call i32 @isupper(i32 noundef %23) #3
  store i32 %24, ptr %22, align 4
  %25 = getelementptr inbounds i32, ptr %4, i64 5
  %26 = load i32, ptr %3, align 4
  %27 = call i32 @islower(i32 noundef %26) #3
  store i32 %27, ptr %25, align 4
  %28 = getelementptr inbounds i32, ptr %4, i64 6
  %29 = load i32, ptr %3, align 4
  %30 = call i32 @isxdigit(i32 noundef %29) #3
  store i32 %30, ptr %28, align 4
  %31 = getelementptr inbounds i32, ptr %4, i64 7
  %32 = load i32, ptr %3, align 4
  %33 = call i32 @isprint(i32 noundef %32) #3
  store i32 %33, ptr %31, align 4
  %34 = getelementptr inbounds i32, ptr %4, i64 8
  %35 = load i32, ptr %3, align 4
  %36 = call i32 @ispunct(i32 noundef %35) #3
  store i32 %36, ptr %34, align 4
  %37 = getelementptr inbounds i32, ptr %4, i64 9
  %38 = load i32, ptr %3, align 4
  %39 = call i32 @iscntrl(i32 noundef %38) #3
  store i32 %39, ptr %37, align 4
  %40 = getelementptr inbounds i32, ptr %4, i64 10
  %41 = load i32, ptr %3, align 4
  %42 = call i32 @isgraph(i32 noundef %41) #3
  store i32 %42, ptr %40, align 4
  %43 = getelementptr inbounds i32, ptr %4, i64 11
  %44 = load i32, ptr %3, align 4
  %45 = call i32 @isblank(i32 noundef %44) #3
  store i32 %45, ptr %43, align 4
  %46 = getelementptr inbounds i32, ptr %4, i64 12
  %47 = load i32, ptr %3, align 4
  %48 = call i32 @toupper(i32 noundef %47) #3
  store i32 %48, ptr %46, align 4
  %49 = getelementptr inbounds i32, ptr %4, i64 13
  %50 = load i32, ptr %3, align 4
  %51 = call i32 @tolower(i32 noundef %50) #3
  store i32 %51, ptr %49, align 4
  %52 = load i32, ptr %3, align 4
  %53 = srem i32 %52, 37
  %54 = icmp eq i32 %53, 0
  br i1 %54, label %70, label %55

55:                                               ; preds = %10
  %56 = load i32, ptr %3, align 4
  %57 = icmp eq i32 %56, -1
  br i1 %57, label %70, label %58

58:                                               ; preds = %55
  %59 = load i32, ptr %3, align 4
  %60 = icmp eq i32 %59, 65
  br i1 %60, label %70, label %61

61:                                               ; preds = %58
  %62 = load i32, ptr %3, align 4
  %63 = icmp eq i32 %62, 122
  br i1 %63, label %70, label %64

64:                                               ; preds = %61
  %65 = load i32, ptr %3, align 4
  %66 = icmp eq i32 %65, 32
  br i1 %66, label %70, label %67

67:                                               ; preds = %64
  %68 = load i32, ptr %3, align 4
  %69 = icmp eq i32 %68, 9
  br i1 %69, label %70, label %87

70:                                               ; preds = %67, %64, %61, %58, %55, %10
  %71 = load i32, ptr %3, align 4
  %72 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %71)
  store i32 0, ptr %5, align 4
  br label %73

73:                                               ; preds = %82, %70
  %74 = load i32, ptr %5, align 4
  %75 = icmp slt i32 %74, 14
  br i1 %75, label %76, label %85

76:                                               ; preds = %73
  %77 = load i32, ptr %5, align 4
  %78 = sext i32 %77 to i64
  %79 = getelementptr inbounds [14 x i32], ptr %4, i64 0, i64 %78
  %80 = load i32, ptr %79, align 4
  %81 = call i32 (ptr, ...) @printf(ptr noundef @.str.1, i32 noundef %80)
  br label %82

82:                                               ; preds = %76
  %83 = load i32, ptr %5, align 4
  %84 = add nsw i32 %83, 1
  store i32 %84, ptr %5, align 4
  br label %73, !llvm.loop !6

85:                                               ; preds = %73
  %86 = call i32 (ptr, ...) @printf(ptr noundef @.str.2)
  br label %87

87:                                               ; preds = %85, %67
  store i32 0, ptr %6, align 4
  br label %88

88:                                               ; preds = %100, %87
  %89 = load i32, ptr %6, align 4
  %90 = icmp slt i32 %89, 14
  br i1 %90, label %91, label %103

91:                                               ; preds = %88
  %92 = load i64, ptr %2, align 8
  %93 = mul i64 %92, 31
  %94 = load i32, ptr %6, align 4
  %95 = sext i32 %94 to i64
  %96 = getelementptr inbounds [14 x i32], ptr %4, i64 0, i64 %95
  %97 = load i32, ptr %96, align 4
  %98 = zext i32 %97 to i64
  %99 = add i64 %93, %98
  store i64 %99, ptr %2, align 8
  br label %100

100:                                              ; preds = %91
  %101 = load i32, ptr %6, align 4
  %102 = add nsw i32 %101, 1
  store i32 %102, ptr %6, align 4
  br label %88, !llvm.loop !8

103:                                              ; preds = %88
  br label %104

104:                                              ; preds = %103
  %105 = load i32, ptr %3, align 4
  %106 = add nsw i32 %105, 1
  store i32 %106, ptr %3, align 4
  br label %7, !llvm.loop !9

107:                                              ; preds = %7
  %108 = load i64, ptr %2, align 8
  %109 = call i32 (ptr, ...) @printf(ptr noundef @.str.3, i64 noundef %108)
  %110 = load i32, ptr %1, align 4
  ret i32 %110
}

; Function Attrs: nounwind willreturn memory(read)
declare i32 @isalpha(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @isdigit(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @isalnum(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @isspace(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @isupper(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @islower(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @isxdigit(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @isprint(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @ispunct(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @iscntrl(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @isgraph(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @isblank(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @toupper(i32 noundef) #1

; Function Attrs: nounwind willreturn memory(read)
declare i32 @tolower(i32 noundef) #1

declare i32 @printf(ptr noundef, ...) #2

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nounwind willreturn memory(read) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind willreturn memory(read) }

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
!8 = distinct !{!8, !7}
!9 = distinct !{!9, !7}
