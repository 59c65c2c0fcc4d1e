; RUN: irplay opt -p globalopt %s
; Internal variables whose every use is a load or store: @never_written becomes foldable (its
; loads, also through a constant GEP into the struct and into a c"..." string, become the
; initializer's parts) and goes; @write_only is only stored to, so its stores and itself go;
; @same is only ever stored its initializer, so those stores go and its loads fold; @partly has
; one load of a type that is not exactly a part of the initializer, so it stays (now `constant`)
; with that load, the other load folded.
; Oracle: opt-19 -passes=globalopt folds the same loads and deletes the same variables (it also
; folds @partly's reinterpreting load and deletes it: a stronger result than ours); the three
; programs print the same.

%pair = type { i32, [2 x i16] }

@fmt = private constant [19 x i8] c"%d %d %d %d %d %d\0A\00"
@never_written = internal global %pair { i32 5, [2 x i16] [i16 7, i16 9] }
@str = internal global [4 x i8] c"xyz\00"
@write_only = internal global i32 0
@same = internal global i64 42
@partly = internal global [2 x i32] [i32 1, i32 2]
declare i32 @printf(ptr, ...)

define void @setters(i32 %v) {
  store i32 %v, ptr @write_only, align 4
  store i64 42, ptr @same, align 8
  ret void
}

define i32 @main() {
  call void @setters(i32 3)
  %a = load i32, ptr @never_written, align 4
  %b = load i16, ptr getelementptr inbounds (%pair, ptr @never_written, i32 0, i32 1, i32 1), align 2
  %b32 = zext i16 %b to i32
  %c = load i8, ptr getelementptr inbounds ([4 x i8], ptr @str, i64 0, i64 1), align 1
  %c32 = zext i8 %c to i32
  %s = load i64, ptr @same, align 8
  %s32 = trunc i64 %s to i32
  %p1 = load i32, ptr getelementptr inbounds ([2 x i32], ptr @partly, i64 0, i64 1), align 4
  %p2 = load i64, ptr @partly, align 4
  %p2t = trunc i64 %p2 to i32
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b32, i32 %c32, i32 %s32, i32 %p1, i32 %p2t)
  ret i32 0
}
