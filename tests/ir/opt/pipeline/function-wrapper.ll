; RUN: irplay opt -p function(mem2reg,simplifycfg),dce %s
; LLVM's `function(...)` wrapper is accepted and flattened, so pipelines written for
; `opt -passes=` carry over. Oracle: opt-19 -passes='function(mem2reg,simplifycfg),dce'
; promotes %v to the same phi, then its simplifycfg speculates %y into %entry and turns the
; phi into a `select`, as ours does.

define i32 @f(i1 %c, i32 %x) {
entry:
  %v = alloca i32, align 4
  store i32 %x, ptr %v, align 4
  br i1 %c, label %then, label %join

then:
  %y = add i32 %x, 1
  store i32 %y, ptr %v, align 4
  br label %join

join:
  %dead = mul i32 %x, 7
  %r = load i32, ptr %v, align 4
  ret i32 %r
}
