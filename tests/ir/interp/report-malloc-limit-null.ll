; RUN: irplay run --max-memory 1000000 %s
; EXIT: 70
; malloc returns null at the memory limit (C17 7.22.3: "If the space cannot
; be allocated, a null pointer is returned"); the program stores through it
; without checking, which is undefined (LangRef "Pointer Aliasing Rules": "A
; null pointer in the default address-space is associated with no address").
; The report ends with a note saying which malloc failed and why. (2^62 bytes
; is past any limit, and past what a native malloc gives, so a native build
; faults at the same store.)
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand (2^62 bytes > the 1000000-byte limit).

declare ptr @malloc(i64)

define ptr @grow(i64 %n) {
  %p = call ptr @malloc(i64 %n)
  ret ptr %p
}

define i32 @main() {
  %small = call ptr @grow(i64 64)
  store i32 1, ptr %small
  %big = call ptr @grow(i64 4611686018427387904)
  store i32 1, ptr %big
  ret i32 0
}
