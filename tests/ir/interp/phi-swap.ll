; RUN: irplay run %s
; EXIT: 7
; LangRef "'phi' Instruction" (LLVM 19 text): "For the purposes of the SSA
; form, the use of each incoming value is deemed to occur on the edge from the
; corresponding predecessor block to the current block" and "At runtime, the
; 'phi' instruction logically takes on the value specified by the pair
; corresponding to the predecessor basic block that executed just prior to the
; current block." So all phis of a block read their incoming values together,
; on the edge: `%a = phi [%b]`, `%b = phi [%a]` swaps the two values each
; iteration instead of copying one into the other.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status. (7)

@f = private constant [16 x i8] c"i=%d a=%d b=%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %a = phi i32 [ 1, %entry ], [ %b, %loop ]
  %b = phi i32 [ 2, %entry ], [ %a, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %loop ]
  call i32 (ptr, ...) @printf(ptr @f, i32 %i, i32 %a, i32 %b)
  %s.next = add i32 %s, %a
  %i.next = add i32 %i, 1
  %done = icmp eq i32 %i.next, 5
  br i1 %done, label %exit, label %loop
exit:
  ; 1 + 2 + 1 + 2 + 1 = 7
  ret i32 %s.next
}
