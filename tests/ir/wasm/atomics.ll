; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Atomics on one thread: atomicrmw is load, operation, store; cmpxchg returns the old
; value and whether it stored, as a { i32, i1 } held in two registers.

@x = global i32 10
@d = private constant [7 x i8] c"%d %d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
  %a = atomicrmw add ptr @x, i32 5 seq_cst
  %b = atomicrmw umax ptr @x, i32 3 monotonic
  %c = atomicrmw nand ptr @x, i32 6 acq_rel
  %now = load i32, ptr @x
  call i32 (ptr, ...) @printf(ptr @d, i32 %a, i32 %b)
  call i32 (ptr, ...) @printf(ptr @d, i32 %c, i32 %now)
  %r1 = cmpxchg ptr @x, i32 %now, i32 99 seq_cst seq_cst
  %o1 = extractvalue { i32, i1 } %r1, 0
  %s1 = extractvalue { i32, i1 } %r1, 1
  %s1w = zext i1 %s1 to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %o1, i32 %s1w)
  %r2 = cmpxchg ptr @x, i32 0, i32 7 seq_cst seq_cst
  %o2 = extractvalue { i32, i1 } %r2, 0
  %s2 = extractvalue { i32, i1 } %r2, 1
  %s2w = zext i1 %s2 to i32
  call i32 (ptr, ...) @printf(ptr @d, i32 %o2, i32 %s2w)
  ret i32 0
}
