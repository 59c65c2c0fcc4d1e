; RUN: irplay opt -p early-cse %s
; Poison-generating flags when two equal instructions merge (LangRef: `add nsw` is poison on
; signed overflow, `lshr exact` when it shifts out set bits, `getelementptr inbounds` out of
; bounds): the dominating instruction is kept with the INTERSECTION of the flags. Here
; `add nsw` dominates a plain `add` of the same operands, whose result is printed: with
; INT_MAX + 1 the plain add wraps to INT_MIN, so keeping `nsw` would print poison. The kept
; `add` loses `nsw`; `lshr exact` meeting a plain `lshr` loses `exact`; `nuw nsw` meeting
; `nsw` keeps `nsw` (the unused first copies are removed as dead). Two `freeze`s of one value
; merge: the second may return any value, so the first one's is a refinement (LangRef
; "freeze"), and `sub %f, %f` is then 0.
; Oracle: opt-19 -passes=early-cse drops the same flags; the input, our output and opt-19's
; output print the same under `irplay run`.

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @flags(i32 %a, i32 %b) {
  %x = add nsw i32 %a, %b
  %unused = icmp slt i32 %x, 0
  %y = add i32 %a, %b
  %s1 = lshr exact i32 %a, 3
  %s2 = lshr i32 %a, 3
  %m1 = mul nuw nsw i32 %b, 3
  %m2 = mul nsw i32 %b, 3
  %r1 = add i32 %y, %s2
  %r2 = add i32 %r1, %m2
  ret i32 %r2
}

define i32 @freezes(i32 %v) {
  %f1 = freeze i32 %v
  %f2 = freeze i32 %v
  %d = sub i32 %f1, %f2
  ret i32 %d
}

define i32 @main() {
  %a = call i32 @flags(i32 2147483647, i32 1)
  %b = call i32 @flags(i32 17, i32 -5)
  %c = call i32 @freezes(i32 12)
  %d = call i32 @flags(i32 8, i32 8)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d)
  ret i32 0
}
