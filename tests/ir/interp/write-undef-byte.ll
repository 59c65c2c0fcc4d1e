; RUN: irplay run %s
; EXIT: 70
; Output shows every byte written, so writing an undef or poison byte makes the program's
; output depend on it: irplay reports it as it reports one in a string given to puts or
; printf("%s") (string-poison-byte.ll), for write and fwrite alike (MemorySanitizer reports
; the same for write). Here the first three bytes of %buf were stored ("hi\n") and the
; fourth never was; the report names that byte and where its undef state arose. Nothing is
; written.
declare i64 @write(i32, ptr, i64)

define i32 @main() {
  %buf = alloca [4 x i8]
  store i16 26984, ptr %buf
  %p2 = getelementptr i8, ptr %buf, i64 2
  store i8 10, ptr %p2
  %n = call i64 @write(i32 1, ptr %buf, i64 4)
  ret i32 0
}
