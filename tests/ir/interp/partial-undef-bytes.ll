; RUN: irplay run %s
; LangRef "Memory Model for Concurrent Operations": "R returns the value
; composed of the series of bytes it read. This implies that some bytes within
; the value may be undef without the entire value being undef." A struct
; global with undef padding bytes is loaded as one i64; its low 16 bits and
; bytes 4..6 come from defined bytes, so after trunc (or lshr and a mask) the
; value is fully defined and may be branched on. csmith -O2 code reads
; bit-fields this way (run-corpus seed 1155 in miniature).
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

@g = internal global { i8, i8, i8, i8, i8, i8, i8, i8 } { i8 -39, i8 2, i8 0, i8 undef, i8 111, i8 -16, i8 -1, i8 undef }, align 8
@f = private constant [12 x i8] c"low16 = %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
  %v = load i64, ptr @g, align 8
  %t = trunc i64 %v to i16
  %c = icmp eq i16 %t, 0
  br i1 %c, label %zero, label %nonzero
zero:
  ret i32 1
nonzero:
  %x = zext i16 %t to i32
  call i32 (ptr, ...) @printf(ptr @f, i32 %x)
  ; a shift that keeps only defined bits (bytes 4..6)
  %hi = lshr i64 %v, 32
  %h3 = and i64 %hi, 16777215
  %e = icmp eq i64 %h3, 16773231
  br i1 %e, label %ok, label %bad
ok:
  ret i32 0
bad:
  ret i32 2
}
