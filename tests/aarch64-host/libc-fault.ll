; A fault inside a C library function (strlen of a null pointer) is reported at the call
; of the generated code that led there; the output printed before it is kept.
@msg = private constant [7 x i8] c"before\00"

declare i32 @puts(ptr)
declare i64 @strlen(ptr)

define i32 @main() {
  %p = call i32 @puts(ptr @msg)
  %n = call i64 @strlen(ptr null)
  %r = trunc i64 %n to i32
  ret i32 %r
}
