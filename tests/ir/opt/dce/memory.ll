; RUN: irplay opt -p dce %s
; Memory: an unused ordered atomic (`seq_cst`) or volatile load stays (it orders memory or
; is observable), as do fences, `cmpxchg` and `atomicrmw`; an unused plain or `unordered`
; load goes, as does an unused alloca, and everything that only fed them. Dead phis that
; feed only each other stay: `dce` removes instructions with no uses, not cycles (LLVM's
; `adce` does that). Oracle: opt-19 -passes=dce keeps the same instructions.

define void @f(ptr %p, i1 %c) {
entry:
  %a = load atomic i32, ptr %p seq_cst, align 4
  %b = load atomic i32, ptr %p unordered, align 4
  %v = load volatile i32, ptr %p, align 4
  %plain = load i32, ptr %p, align 4
  %gep = getelementptr inbounds i32, ptr %p, i64 1
  %q = load i32, ptr %gep, align 4
  %slot = alloca i32, align 4
  fence seq_cst
  %x = cmpxchg ptr %p, i32 0, i32 1 seq_cst seq_cst
  %y = atomicrmw add ptr %p, i32 1 monotonic
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  br i1 %c, label %loop, label %exit

exit:
  %fr = freeze i32 %plain
  %ext = extractvalue { i32, i1 } %x, 0
  ret void
}
