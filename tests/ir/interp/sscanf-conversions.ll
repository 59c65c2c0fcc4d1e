; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; sscanf conversions as glibc does them (C17 7.21.6.2): %d %i %u %o %x %X %p %f %lf %s %c
; %[...] %n %%, widths, length modifiers (hh h l ll), assignment suppression, white space
; and literal directives, and glibc's edge cases: "0x" alone reads as 0, an exponent
; without digits ("1e+") is accepted, "." and "infinit" fail to match, overflow wraps to the
; stored size, and an input that ends before the first conversion gives EOF (-1).
; Compiled from C by clang-19 -O0 (the C source's printf lines print each result).
; Oracle: the native build of the same C source (clang-19, glibc 2.36) prints the same lines.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@__const.main.s = private unnamed_addr constant [16 x i8] c"zz\00\00\00\00\00\00\00\00\00\00\00\00\00\00", align 16
@__const.main.c = private unnamed_addr constant [4 x i8] c"zzz\00", align 1
@.str = private unnamed_addr constant [7 x i8] c"%d %d\0A\00", align 1
@.str.1 = private unnamed_addr constant [4 x i8] c"0xg\00", align 1
@.str.2 = private unnamed_addr constant [3 x i8] c"%x\00", align 1
@.str.3 = private unnamed_addr constant [7 x i8] c"%d %g\0A\00", align 1
@.str.4 = private unnamed_addr constant [4 x i8] c"1ex\00", align 1
@.str.5 = private unnamed_addr constant [4 x i8] c"%lf\00", align 1
@.str.6 = private unnamed_addr constant [2 x i8] c"-\00", align 1
@.str.7 = private unnamed_addr constant [3 x i8] c"%d\00", align 1
@.str.8 = private unnamed_addr constant [4 x i8] c"%d\0A\00", align 1
@.str.9 = private unnamed_addr constant [1 x i8] zeroinitializer, align 1
@.str.10 = private unnamed_addr constant [4 x i8] c"   \00", align 1
@.str.11 = private unnamed_addr constant [10 x i8] c"%d %d %d\0A\00", align 1
@.str.12 = private unnamed_addr constant [6 x i8] c"12abc\00", align 1
@.str.13 = private unnamed_addr constant [5 x i8] c"%d%n\00", align 1
@.str.14 = private unnamed_addr constant [7 x i8] c"%d %s\0A\00", align 1
@.str.15 = private unnamed_addr constant [14 x i8] c"  hello world\00", align 1
@.str.16 = private unnamed_addr constant [4 x i8] c"%3s\00", align 1
@.str.17 = private unnamed_addr constant [9 x i8] c"%d %c%c\0A\00", align 1
@.str.18 = private unnamed_addr constant [4 x i8] c" xy\00", align 1
@.str.19 = private unnamed_addr constant [4 x i8] c"%2c\00", align 1
@.str.20 = private unnamed_addr constant [8 x i8] c"abc]def\00", align 1
@.str.21 = private unnamed_addr constant [8 x i8] c"%[]a-c]\00", align 1
@.str.22 = private unnamed_addr constant [11 x i8] c"key=value;\00", align 1
@.str.23 = private unnamed_addr constant [13 x i8] c"%*[^=]=%[^;]\00", align 1
@.str.24 = private unnamed_addr constant [2 x i8] c"x\00", align 1
@.str.25 = private unnamed_addr constant [4 x i8] c"x%d\00", align 1
@.str.26 = private unnamed_addr constant [2 x i8] c"y\00", align 1
@.str.27 = private unnamed_addr constant [4 x i8] c"inf\00", align 1
@.str.28 = private unnamed_addr constant [10 x i8] c"-Infinity\00", align 1
@.str.29 = private unnamed_addr constant [6 x i8] c"0x1p3\00", align 1
@.str.30 = private unnamed_addr constant [4 x i8] c"077\00", align 1
@.str.31 = private unnamed_addr constant [3 x i8] c"%i\00", align 1
@.str.32 = private unnamed_addr constant [5 x i8] c"0x1F\00", align 1
@.str.33 = private unnamed_addr constant [5 x i8] c"5 %6\00", align 1
@.str.34 = private unnamed_addr constant [8 x i8] c"%d %%%d\00", align 1
@.str.35 = private unnamed_addr constant [7 x i8] c"%d %u\0A\00", align 1
@.str.36 = private unnamed_addr constant [3 x i8] c"-1\00", align 1
@.str.37 = private unnamed_addr constant [3 x i8] c"%u\00", align 1
@.str.38 = private unnamed_addr constant [5 x i8] c"1234\00", align 1
@.str.39 = private unnamed_addr constant [6 x i8] c"%2d%d\00", align 1
@.str.40 = private unnamed_addr constant [4 x i8] c"1e+\00", align 1
@.str.41 = private unnamed_addr constant [2 x i8] c".\00", align 1
@.str.42 = private unnamed_addr constant [8 x i8] c"infinit\00", align 1
@.str.43 = private unnamed_addr constant [9 x i8] c"%d %.9g\0A\00", align 1
@.str.44 = private unnamed_addr constant [17 x i8] c"3.14159265358979\00", align 1
@.str.45 = private unnamed_addr constant [3 x i8] c"%f\00", align 1
@.str.46 = private unnamed_addr constant [10 x i8] c"%d %.17g\0A\00", align 1
@.str.47 = private unnamed_addr constant [13 x i8] c"  -2.5e-3xyz\00", align 1
@.str.48 = private unnamed_addr constant [17 x i8] c"%d %ld %hd %hhd\0A\00", align 1
@.str.49 = private unnamed_addr constant [30 x i8] c"9223372036854775807 70000 300\00", align 1
@.str.50 = private unnamed_addr constant [13 x i8] c"%ld %hd %hhd\00", align 1
@.str.51 = private unnamed_addr constant [9 x i8] c"%d %lld\0A\00", align 1
@.str.52 = private unnamed_addr constant [21 x i8] c"99999999999999999999\00", align 1
@.str.53 = private unnamed_addr constant [5 x i8] c"%lld\00", align 1
@.str.54 = private unnamed_addr constant [12 x i8] c"99999999999\00", align 1
@.str.55 = private unnamed_addr constant [7 x i8] c"%d %o\0A\00", align 1
@.str.56 = private unnamed_addr constant [5 x i8] c"0777\00", align 1
@.str.57 = private unnamed_addr constant [3 x i8] c"%o\00", align 1
@.str.58 = private unnamed_addr constant [7 x i8] c"%d %p\0A\00", align 1
@.str.59 = private unnamed_addr constant [7 x i8] c"0x1234\00", align 1
@.str.60 = private unnamed_addr constant [3 x i8] c"%p\00", align 1
@.str.61 = private unnamed_addr constant [4 x i8] c"1,2\00", align 1
@.str.62 = private unnamed_addr constant [6 x i8] c"%d,%d\00", align 1
@.str.63 = private unnamed_addr constant [4 x i8] c"1;2\00", align 1
@.str.64 = private unnamed_addr constant [7 x i8] c"\09word\0A\00", align 1
@.str.65 = private unnamed_addr constant [4 x i8] c" %s\00", align 1
@.str.66 = private unnamed_addr constant [5 x i8] c"  42\00", align 1
@.str.67 = private unnamed_addr constant [6 x i8] c"%*s%n\00", align 1
@.str.68 = private unnamed_addr constant [9 x i8] c"%d %.3g\0A\00", align 1
@.str.69 = private unnamed_addr constant [4 x i8] c"1.5\00", align 1
@.str.70 = private unnamed_addr constant [5 x i8] c"%3lf\00", align 1
@.str.71 = private unnamed_addr constant [4 x i8] c"+17\00", align 1
@.str.72 = private unnamed_addr constant [7 x i8] c"%d %x\0A\00", align 1
@.str.73 = private unnamed_addr constant [7 x i8] c"ABCDEF\00", align 1
@.str.74 = private unnamed_addr constant [3 x i8] c"%X\00", align 1

; Function Attrs: noinline nounwind optnone uwtable
define dso_local i32 @main() #0 {
  %1 = alloca i32, align 4
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca double, align 8
  %5 = alloca float, align 4
  %6 = alloca [16 x i8], align 16
  %7 = alloca [4 x i8], align 1
  %8 = alloca i32, align 4
  %9 = alloca i64, align 8
  %10 = alloca i16, align 2
  %11 = alloca i8, align 1
  %12 = alloca ptr, align 8
  %13 = alloca i64, align 8
  store i32 -7, ptr %1, align 4
  store i32 -7, ptr %2, align 4
  store i32 -7, ptr %3, align 4
  store double -7.000000e+00, ptr %4, align 8
  store float -7.000000e+00, ptr %5, align 4
  call void @llvm.memcpy.p0.p0.i64(ptr align 16 %6, ptr align 16 @__const.main.s, i64 16, i1 false)
  call void @llvm.memcpy.p0.p0.i64(ptr align 1 %7, ptr align 1 @__const.main.c, i64 4, i1 false)
  store i32 7, ptr %8, align 4
  store i64 -7, ptr %9, align 8
  store i16 -7, ptr %10, align 2
  store i8 -7, ptr %11, align 1
  store ptr null, ptr %12, align 8
  store i64 -7, ptr %13, align 8
  %14 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.1, ptr noundef @.str.2, ptr noundef %8) #4
  %15 = load i32, ptr %8, align 4
  %16 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %14, i32 noundef %15)
  %17 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.4, ptr noundef @.str.5, ptr noundef %4) #4
  %18 = load double, ptr %4, align 8
  %19 = call i32 (ptr, ...) @printf(ptr noundef @.str.3, i32 noundef %17, double noundef %18)
  %20 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.6, ptr noundef @.str.7, ptr noundef %1) #4
  %21 = load i32, ptr %1, align 4
  %22 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %20, i32 noundef %21)
  %23 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.9, ptr noundef @.str.7, ptr noundef %1) #4
  %24 = call i32 (ptr, ...) @printf(ptr noundef @.str.8, i32 noundef %23)
  %25 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.10, ptr noundef @.str.7, ptr noundef %1) #4
  %26 = call i32 (ptr, ...) @printf(ptr noundef @.str.8, i32 noundef %25)
  %27 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.12, ptr noundef @.str.13, ptr noundef %1, ptr noundef %3) #4
  %28 = load i32, ptr %1, align 4
  %29 = load i32, ptr %3, align 4
  %30 = call i32 (ptr, ...) @printf(ptr noundef @.str.11, i32 noundef %27, i32 noundef %28, i32 noundef %29)
  %31 = getelementptr inbounds [16 x i8], ptr %6, i64 0, i64 0
  %32 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.15, ptr noundef @.str.16, ptr noundef %31) #4
  %33 = getelementptr inbounds [16 x i8], ptr %6, i64 0, i64 0
  %34 = call i32 (ptr, ...) @printf(ptr noundef @.str.14, i32 noundef %32, ptr noundef %33)
  %35 = getelementptr inbounds [4 x i8], ptr %7, i64 0, i64 0
  %36 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.18, ptr noundef @.str.19, ptr noundef %35) #4
  %37 = getelementptr inbounds [4 x i8], ptr %7, i64 0, i64 0
  %38 = load i8, ptr %37, align 1
  %39 = sext i8 %38 to i32
  %40 = getelementptr inbounds [4 x i8], ptr %7, i64 0, i64 1
  %41 = load i8, ptr %40, align 1
  %42 = sext i8 %41 to i32
  %43 = call i32 (ptr, ...) @printf(ptr noundef @.str.17, i32 noundef %36, i32 noundef %39, i32 noundef %42)
  %44 = getelementptr inbounds [16 x i8], ptr %6, i64 0, i64 0
  %45 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.20, ptr noundef @.str.21, ptr noundef %44) #4
  %46 = getelementptr inbounds [16 x i8], ptr %6, i64 0, i64 0
  %47 = call i32 (ptr, ...) @printf(ptr noundef @.str.14, i32 noundef %45, ptr noundef %46)
  %48 = getelementptr inbounds [16 x i8], ptr %6, i64 0, i64 0
  %49 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.22, ptr noundef @.str.23, ptr noundef %48) #4
  %50 = getelementptr inbounds [16 x i8], ptr %6, i64 0, i64 0
  %51 = call i32 (ptr, ...) @printf(ptr noundef @.str.14, i32 noundef %49, ptr noundef %50)
  %52 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.24, ptr noundef @.str.25, ptr noundef %1) #4
  %53 = load i32, ptr %1, align 4
  %54 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %52, i32 noundef %53)
  %55 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.26, ptr noundef @.str.25, ptr noundef %1) #4
  %56 = call i32 (ptr, ...) @printf(ptr noundef @.str.8, i32 noundef %55)
  %57 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.27, ptr noundef @.str.5, ptr noundef %4) #4
  %58 = load double, ptr %4, align 8
  %59 = call i32 (ptr, ...) @printf(ptr noundef @.str.3, i32 noundef %57, double noundef %58)
  %60 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.28, ptr noundef @.str.5, ptr noundef %4) #4
  %61 = load double, ptr %4, align 8
  %62 = call i32 (ptr, ...) @printf(ptr noundef @.str.3, i32 noundef %60, double noundef %61)
  %63 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.29, ptr noundef @.str.5, ptr noundef %4) #4
  %64 = load double, ptr %4, align 8
  %65 = call i32 (ptr, ...) @printf(ptr noundef @.str.3, i32 noundef %63, double noundef %64)
  %66 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.30, ptr noundef @.str.31, ptr noundef %1) #4
  %67 = load i32, ptr %1, align 4
  %68 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %66, i32 noundef %67)
  %69 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.32, ptr noundef @.str.31, ptr noundef %1) #4
  %70 = load i32, ptr %1, align 4
  %71 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %69, i32 noundef %70)
  %72 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.33, ptr noundef @.str.34, ptr noundef %1, ptr noundef %2) #4
  %73 = load i32, ptr %1, align 4
  %74 = load i32, ptr %2, align 4
  %75 = call i32 (ptr, ...) @printf(ptr noundef @.str.11, i32 noundef %72, i32 noundef %73, i32 noundef %74)
  %76 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.36, ptr noundef @.str.37, ptr noundef %8) #4
  %77 = load i32, ptr %8, align 4
  %78 = call i32 (ptr, ...) @printf(ptr noundef @.str.35, i32 noundef %76, i32 noundef %77)
  %79 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.38, ptr noundef @.str.39, ptr noundef %1, ptr noundef %2) #4
  %80 = load i32, ptr %1, align 4
  %81 = mul nsw i32 %80, 100
  %82 = load i32, ptr %2, align 4
  %83 = add nsw i32 %81, %82
  %84 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %79, i32 noundef %83)
  %85 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.40, ptr noundef @.str.5, ptr noundef %4) #4
  %86 = load double, ptr %4, align 8
  %87 = call i32 (ptr, ...) @printf(ptr noundef @.str.3, i32 noundef %85, double noundef %86)
  %88 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.41, ptr noundef @.str.5, ptr noundef %4) #4
  %89 = load double, ptr %4, align 8
  %90 = call i32 (ptr, ...) @printf(ptr noundef @.str.3, i32 noundef %88, double noundef %89)
  %91 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.42, ptr noundef @.str.5, ptr noundef %4) #4
  %92 = load double, ptr %4, align 8
  %93 = call i32 (ptr, ...) @printf(ptr noundef @.str.3, i32 noundef %91, double noundef %92)
  %94 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.44, ptr noundef @.str.45, ptr noundef %5) #4
  %95 = load float, ptr %5, align 4
  %96 = fpext float %95 to double
  %97 = call i32 (ptr, ...) @printf(ptr noundef @.str.43, i32 noundef %94, double noundef %96)
  %98 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.47, ptr noundef @.str.5, ptr noundef %4) #4
  %99 = load double, ptr %4, align 8
  %100 = call i32 (ptr, ...) @printf(ptr noundef @.str.46, i32 noundef %98, double noundef %99)
  %101 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.49, ptr noundef @.str.50, ptr noundef %9, ptr noundef %10, ptr noundef %11) #4
  %102 = load i64, ptr %9, align 8
  %103 = load i16, ptr %10, align 2
  %104 = sext i16 %103 to i32
  %105 = load i8, ptr %11, align 1
  %106 = sext i8 %105 to i32
  %107 = call i32 (ptr, ...) @printf(ptr noundef @.str.48, i32 noundef %101, i64 noundef %102, i32 noundef %104, i32 noundef %106)
  %108 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.52, ptr noundef @.str.53, ptr noundef %13) #4
  %109 = load i64, ptr %13, align 8
  %110 = call i32 (ptr, ...) @printf(ptr noundef @.str.51, i32 noundef %108, i64 noundef %109)
  %111 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.54, ptr noundef @.str.7, ptr noundef %1) #4
  %112 = load i32, ptr %1, align 4
  %113 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %111, i32 noundef %112)
  %114 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.56, ptr noundef @.str.57, ptr noundef %8) #4
  %115 = load i32, ptr %8, align 4
  %116 = call i32 (ptr, ...) @printf(ptr noundef @.str.55, i32 noundef %114, i32 noundef %115)
  %117 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.59, ptr noundef @.str.60, ptr noundef %12) #4
  %118 = load ptr, ptr %12, align 8
  %119 = call i32 (ptr, ...) @printf(ptr noundef @.str.58, i32 noundef %117, ptr noundef %118)
  %120 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.61, ptr noundef @.str.62, ptr noundef %1, ptr noundef %2) #4
  %121 = load i32, ptr %1, align 4
  %122 = load i32, ptr %2, align 4
  %123 = call i32 (ptr, ...) @printf(ptr noundef @.str.11, i32 noundef %120, i32 noundef %121, i32 noundef %122)
  %124 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.63, ptr noundef @.str.62, ptr noundef %1, ptr noundef %2) #4
  %125 = load i32, ptr %1, align 4
  %126 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %124, i32 noundef %125)
  %127 = getelementptr inbounds [16 x i8], ptr %6, i64 0, i64 0
  %128 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.64, ptr noundef @.str.65, ptr noundef %127) #4
  %129 = getelementptr inbounds [16 x i8], ptr %6, i64 0, i64 0
  %130 = call i32 (ptr, ...) @printf(ptr noundef @.str.14, i32 noundef %128, ptr noundef %129)
  %131 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.66, ptr noundef @.str.67, ptr noundef %3) #4
  %132 = load i32, ptr %3, align 4
  %133 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %131, i32 noundef %132)
  %134 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.69, ptr noundef @.str.70, ptr noundef %4) #4
  %135 = load double, ptr %4, align 8
  %136 = call i32 (ptr, ...) @printf(ptr noundef @.str.68, i32 noundef %134, double noundef %135)
  %137 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.71, ptr noundef @.str.7, ptr noundef %1) #4
  %138 = load i32, ptr %1, align 4
  %139 = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %137, i32 noundef %138)
  %140 = call i32 (ptr, ptr, ...) @__isoc99_sscanf(ptr noundef @.str.73, ptr noundef @.str.74, ptr noundef %8) #4
  %141 = load i32, ptr %8, align 4
  %142 = call i32 (ptr, ...) @printf(ptr noundef @.str.72, i32 noundef %140, i32 noundef %141)
  ret i32 0
}

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: readwrite)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg) #1

declare i32 @printf(ptr noundef, ...) #2

; Function Attrs: nounwind
declare i32 @__isoc99_sscanf(ptr noundef, ptr noundef, ...) #3

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #3 = { nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #4 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
