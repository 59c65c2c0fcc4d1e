; RUN: irplay run %s
; EXIT: 26
; LangRef "'indirectbr' Instruction": "Control transfers to the block
; specified in the address argument. All possible destination blocks must be
; listed in the label list, otherwise this instruction has undefined
; behavior." LangRef "Addresses of Basic Blocks": "The 'blockaddress' constant
; computes the address of the specified basic block in the specified
; function." A table of block addresses drives a small threaded-code
; interpreter.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status. (26)

@f = private constant [11 x i8] c"op %d: %d\0A\00"
declare i32 @printf(ptr, ...)

; program: push 5, double, add 3, double, halt
@code = private constant [5 x i32] [i32 0, i32 1, i32 2, i32 1, i32 3]
@table = private constant [4 x ptr] [ptr blockaddress(@run, %load), ptr blockaddress(@run, %double), ptr blockaddress(@run, %add3), ptr blockaddress(@run, %halt)]

define i32 @run() {
entry:
  br label %dispatch
dispatch:
  %pc = phi i64 [ 0, %entry ], [ %pc.next, %load ], [ %pc.next, %double ], [ %pc.next, %add3 ]
  %acc = phi i32 [ 0, %entry ], [ 5, %load ], [ %acc.d, %double ], [ %acc.a, %add3 ]
  %pc.next = add i64 %pc, 1
  %opp = getelementptr [5 x i32], ptr @code, i64 0, i64 %pc
  %op = load i32, ptr %opp
  call i32 (ptr, ...) @printf(ptr @f, i32 %op, i32 %acc)
  %op64 = zext i32 %op to i64
  %tp = getelementptr [4 x ptr], ptr @table, i64 0, i64 %op64
  %target = load ptr, ptr %tp
  indirectbr ptr %target, [label %load, label %double, label %add3, label %halt]
load:
  br label %dispatch
double:
  %acc.d = shl i32 %acc, 1
  br label %dispatch
add3:
  %acc.a = add i32 %acc, 3
  br label %dispatch
halt:
  ret i32 %acc
}

define i32 @main() {
  %r = call i32 @run()
  ret i32 %r
}
