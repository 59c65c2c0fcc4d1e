; RUN: irplay run %s
; EXIT: 70
; strtod must read the character after "1e" to know whether an exponent follows (C17
; 7.22.1.3: the subject sequence is the longest initial subsequence of the expected form, and
; "1e" alone is not one: the number is "1" only if no digit follows). That character is an
; uninitialized byte, so the result depends on an undef value: undefined behaviour, as a
; branch on it would be (LangRef, "Undefined Values": a branch on undef is undefined
; behaviour), reported at the byte strtod stopped at.
; Oracle: the report reviewed by hand against the texts quoted above.
declare double @strtod(ptr, ptr)

define i32 @main() {
  %s = alloca [4 x i8]
  store i16 25905, ptr %s
  %s3 = getelementptr i8, ptr %s, i64 3
  store i8 0, ptr %s3
  %d = call double @strtod(ptr %s, ptr null)
  %i = fptosi double %d to i32
  ret i32 %i
}
