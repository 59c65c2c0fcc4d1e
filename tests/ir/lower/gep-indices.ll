; RUN: irplay build --target wasm32 --emit low -o - %s
; GEP indices of the form x + C: the constant goes into the GEP's constant part (C times
; the stride) when that is exact: `or disjoint`, `add`/`sub` of a full-width (i64) index,
; `add nsw` of a narrower one, which is sign-extended; a narrow `add` without nsw (whose
; sign extension does not commute with the addition) stays one index. Each load's address
; is `%x * stride` plus a constant (+12, -12, +24 for @a; the narrow nsw one +8), except
; @d's, which multiplies the whole `%w + 1`.

@a = global [64 x i32] zeroinitializer
@d = global [64 x i16] zeroinitializer

define i32 @f(i64 %x, i32 %n) {
  %i1 = or disjoint i64 %x, 3
  %p1 = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %i1
  %v1 = load i32, ptr %p1
  %i2 = sub i64 %x, 3
  %p2 = getelementptr inbounds [64 x i32], ptr @a, i64 0, i64 %i2
  %v2 = load i32, ptr %p2
  %i3 = add i64 6, %x
  %p3 = getelementptr inbounds i32, ptr @a, i64 %i3
  %v3 = load i32, ptr %p3
  %i4 = add nsw i32 %n, 2
  %p4 = getelementptr inbounds i32, ptr @a, i32 %i4
  %v4 = load i32, ptr %p4
  %w = add i32 %n, 1
  %p5 = getelementptr inbounds i16, ptr @d, i32 %w
  %v5 = load i16, ptr %p5
  %z5 = zext i16 %v5 to i32
  %s1 = add i32 %v1, %v2
  %s2 = add i32 %s1, %v3
  %s3 = add i32 %s2, %v4
  %s4 = add i32 %s3, %z5
  ret i32 %s4
}
