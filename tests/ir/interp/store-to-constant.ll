; RUN: irplay run %s
; EXIT: 70
; LangRef "Global Variables": "A variable may be defined as a global constant,
; which indicates that the contents of the variable will never be modified
; (enabling better optimization, allowing the global data to be placed in the
; read-only section of an executable, etc)." A store to it breaks that
; promise; LLVM places it in read-only memory.
; Oracle: undefined behaviour, so no native oracle: the expected report is
; irplay's, reviewed by hand against the LangRef text quoted above (natively,
; lli-19 and clang-19 both die of SIGSEGV: the global is in a read-only
; section).

@limit = constant i32 10

define void @set(ptr %p, i32 %v) {
  store i32 %v, ptr %p
  ret void
}

define i32 @main() {
  call void @set(ptr @limit, i32 20)
  %v = load i32, ptr @limit
  ret i32 %v
}
