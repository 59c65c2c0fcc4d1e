; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; The C library's memory and string functions, which the wasm module defines itself
; (strlen, strcmp, strncmp, memcmp, bcmp, strchr, strrchr, strcpy, memset, memcpy,
; memmove): empty strings, prefixes, bytes above 127 (compared unsigned), counts that stop
; before or run past a NUL, strchr/strrchr of the terminator and of an int beyond a char,
; overlapping memmove both ways. Comparisons print their sign only (C leaves the magnitude
; open). Expected output: a native clang-19 build of this file (same as lli-19).

@empty = private constant [1 x i8] zeroinitializer
@hello = private constant [6 x i8] c"hello\00"
@abc = private constant [4 x i8] c"abc\00"
@abd = private constant [4 x i8] c"abd\00"
@ab = private constant [3 x i8] c"ab\00"
@high = private constant [2 x i8] c"\FF\00"
@a = private constant [2 x i8] c"a\00"
@abcx = private constant [5 x i8] c"abcX\00"
@abcy = private constant [5 x i8] c"abcY\00"
@nulx = private constant [4 x i8] c"ab\00x"
@nuly = private constant [4 x i8] c"ab\00y"
@num = private constant [4 x i8] c"%d \00"
@lng = private constant [5 x i8] c"%ld \00"
@str = private constant [4 x i8] c"%s \00"
@nl = private constant [2 x i8] c"\0A\00"

declare i64 @strlen(ptr)
declare i32 @strcmp(ptr, ptr)
declare i32 @strncmp(ptr, ptr, i64)
declare i32 @memcmp(ptr, ptr, i64)
declare i32 @bcmp(ptr, ptr, i64)
declare ptr @strchr(ptr, i32)
declare ptr @strrchr(ptr, i32)
declare ptr @strcpy(ptr, ptr)
declare ptr @memset(ptr, i32, i64)
declare ptr @memcpy(ptr, ptr, i64)
declare ptr @memmove(ptr, ptr, i64)
declare i32 @printf(ptr, ...)

define void @sign(i32 %c) {
  %neg = icmp slt i32 %c, 0
  %pos = icmp sgt i32 %c, 0
  %p = zext i1 %pos to i32
  %s = select i1 %neg, i32 -1, i32 %p
  call i32 (ptr, ...) @printf(ptr @num, i32 %s)
  ret void
}

; Prints the offset of %p from %base, or -1 for null.
define void @offset(ptr %p, ptr %base) {
  %null = icmp eq ptr %p, null
  %a = ptrtoint ptr %p to i64
  %b = ptrtoint ptr %base to i64
  %d = sub i64 %a, %b
  %o = select i1 %null, i64 -1, i64 %d
  call i32 (ptr, ...) @printf(ptr @lng, i64 %o)
  ret void
}

define void @newline() {
  call i32 (ptr, ...) @printf(ptr @nl)
  ret void
}

define i32 @main() {
  ; strlen: 0 5
  %l0 = call i64 @strlen(ptr @empty)
  call i32 (ptr, ...) @printf(ptr @lng, i64 %l0)
  %l1 = call i64 @strlen(ptr @hello)
  call i32 (ptr, ...) @printf(ptr @lng, i64 %l1)
  call void @newline()
  ; strcmp: -1 1 0 -1 1 0 1
  %c0 = call i32 @strcmp(ptr @abc, ptr @abd)
  call void @sign(i32 %c0)
  %c1 = call i32 @strcmp(ptr @abd, ptr @abc)
  call void @sign(i32 %c1)
  %c2 = call i32 @strcmp(ptr @abc, ptr @abc)
  call void @sign(i32 %c2)
  %c3 = call i32 @strcmp(ptr @ab, ptr @abc)
  call void @sign(i32 %c3)
  %c4 = call i32 @strcmp(ptr @high, ptr @a)
  call void @sign(i32 %c4)
  %c5 = call i32 @strcmp(ptr @empty, ptr @empty)
  call void @sign(i32 %c5)
  %c6 = call i32 @strcmp(ptr @a, ptr @empty)
  call void @sign(i32 %c6)
  call void @newline()
  ; strncmp: 0 -1 0 0 ; memcmp and bcmp past a NUL: -1 nonzero, 0
  %n0 = call i32 @strncmp(ptr @abcx, ptr @abcy, i64 3)
  call void @sign(i32 %n0)
  %n1 = call i32 @strncmp(ptr @abcx, ptr @abcy, i64 4)
  call void @sign(i32 %n1)
  %n2 = call i32 @strncmp(ptr @abcx, ptr @abcy, i64 0)
  call void @sign(i32 %n2)
  %n3 = call i32 @strncmp(ptr @nulx, ptr @nuly, i64 4)
  call void @sign(i32 %n3)
  %m0 = call i32 @memcmp(ptr @nulx, ptr @nuly, i64 4)
  call void @sign(i32 %m0)
  %m1 = call i32 @bcmp(ptr @nulx, ptr @nuly, i64 4)
  %m1nz = icmp ne i32 %m1, 0
  %m1b = zext i1 %m1nz to i32
  call i32 (ptr, ...) @printf(ptr @num, i32 %m1b)
  %m2 = call i32 @memcmp(ptr @nulx, ptr @nuly, i64 3)
  call void @sign(i32 %m2)
  %m3 = call i32 @memcmp(ptr @high, ptr @a, i64 1)
  call void @sign(i32 %m3)
  call void @newline()
  ; strchr: 2 -1 5 2 ; strrchr: 3 5 -1 0
  %s0 = call ptr @strchr(ptr @hello, i32 108)
  call void @offset(ptr %s0, ptr @hello)
  %s1 = call ptr @strchr(ptr @hello, i32 122)
  call void @offset(ptr %s1, ptr @hello)
  %s2 = call ptr @strchr(ptr @hello, i32 0)
  call void @offset(ptr %s2, ptr @hello)
  %s3 = call ptr @strchr(ptr @hello, i32 364)
  call void @offset(ptr %s3, ptr @hello)
  %r0 = call ptr @strrchr(ptr @hello, i32 108)
  call void @offset(ptr %r0, ptr @hello)
  %r1 = call ptr @strrchr(ptr @hello, i32 0)
  call void @offset(ptr %r1, ptr @hello)
  %r2 = call ptr @strrchr(ptr @hello, i32 122)
  call void @offset(ptr %r2, ptr @hello)
  %r3 = call ptr @strrchr(ptr @hello, i32 104)
  call void @offset(ptr %r3, ptr @hello)
  call void @newline()
  ; strcpy, memset, memcpy, memmove (overlapping both ways), each result's offset 0
  %buf = alloca [16 x i8], align 1
  %d0 = call ptr @strcpy(ptr %buf, ptr @hello)
  call void @offset(ptr %d0, ptr %buf)
  call i32 (ptr, ...) @printf(ptr @str, ptr %buf)
  %b1 = getelementptr i8, ptr %buf, i64 1
  %d1 = call ptr @memset(ptr %b1, i32 353, i64 3)
  call void @offset(ptr %d1, ptr %b1)
  call i32 (ptr, ...) @printf(ptr @str, ptr %buf)
  %d2 = call ptr @memcpy(ptr %buf, ptr @abc, i64 2)
  call void @offset(ptr %d2, ptr %buf)
  call i32 (ptr, ...) @printf(ptr @str, ptr %buf)
  %d3 = call ptr @memmove(ptr %b1, ptr %buf, i64 4)
  call void @offset(ptr %d3, ptr %b1)
  call i32 (ptr, ...) @printf(ptr @str, ptr %buf)
  %d4 = call ptr @memmove(ptr %buf, ptr %b1, i64 5)
  call void @offset(ptr %d4, ptr %buf)
  call i32 (ptr, ...) @printf(ptr @str, ptr %buf)
  %d5 = call ptr @strcpy(ptr %buf, ptr @empty)
  %l2 = call i64 @strlen(ptr %buf)
  call i32 (ptr, ...) @printf(ptr @lng, i64 %l2)
  call void @newline()
  ret i32 0
}
