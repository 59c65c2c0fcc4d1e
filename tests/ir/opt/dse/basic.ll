; RUN: irplay opt -p dse %s
; Stores overwritten later in their block before anything can read them are removed.
; @crc_bytes: the CRC state is stored after each byte and only the last store survives (the
; loads in between read another global, @tab, which cannot be @state). @wider: an `i32`
; store overwritten by an `i64` store at the same address. @private: a store to a local
; whose address never escapes, overwritten after a call that may unwind (nothing outside
; can see the local). @pure_call: a `nounwind willreturn memory(none)` call in between.
; Oracle: opt-19 -passes=dse removes the same five stores; the programs print the same.

@fmt = private constant [13 x i8] c"%d %d %d %d\0A\00"
@state = internal global i32 -1, align 4
@tab = internal global [4 x i32] [i32 7, i32 11, i32 13, i32 17], align 16
@wide = internal global i64 0, align 8
@g = internal global i32 0, align 4
declare i32 @printf(ptr, ...)

define void @crc_bytes(i32 %x) {
  %s0 = load i32, ptr @state, align 4
  %i0 = and i32 %x, 3
  %p0 = getelementptr inbounds [4 x i32], ptr @tab, i32 0, i32 %i0
  %t0 = load i32, ptr %p0, align 4
  %s1 = xor i32 %s0, %t0
  store i32 %s1, ptr @state, align 4
  %x1 = lshr i32 %x, 2
  %i1 = and i32 %x1, 3
  %p1 = getelementptr inbounds [4 x i32], ptr @tab, i32 0, i32 %i1
  %t1 = load i32, ptr %p1, align 4
  %s2 = xor i32 %s1, %t1
  store i32 %s2, ptr @state, align 4
  %x2 = lshr i32 %x, 4
  %i2 = and i32 %x2, 3
  %p2 = getelementptr inbounds [4 x i32], ptr @tab, i32 0, i32 %i2
  %t2 = load i32, ptr %p2, align 4
  %s3 = xor i32 %s2, %t2
  store i32 %s3, ptr @state, align 4
  ret void
}

define void @wider(i64 %v) {
  store i32 5, ptr @wide, align 8
  store i64 %v, ptr @wide, align 8
  ret void
}

define i32 @private(i32 %v) {
  %a = alloca i32, align 4
  store i32 %v, ptr %a, align 4
  call void @may_throw()
  store i32 3, ptr %a, align 4
  %r = load i32, ptr %a, align 4
  ret i32 %r
}

define void @pure_call(i32 %v) {
  store i32 %v, ptr @g, align 4
  %p = call i32 @pure(i32 %v)
  store i32 %p, ptr @g, align 4
  ret void
}

define void @may_throw() {
  ret void
}

define i32 @pure(i32 %v) nounwind willreturn memory(none) {
  %r = mul i32 %v, 3
  ret i32 %r
}

define i32 @main() {
  call void @crc_bytes(i32 45)
  call void @wider(i64 8589934593)
  %a = call i32 @private(i32 9)
  call void @pure_call(i32 4)
  %s = load i32, ptr @state, align 4
  %w = load i64, ptr @wide, align 8
  %w32 = trunc i64 %w to i32
  %g = load i32, ptr @g, align 4
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %s, i32 %w32, i32 %a, i32 %g)
  ret i32 0
}
