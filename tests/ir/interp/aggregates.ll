; RUN: irplay run %s
; LangRef "'extractvalue' Instruction": "The 'extractvalue' instruction
; extracts the value of a member field from an aggregate value." LangRef
; "'insertvalue' Instruction": "The 'insertvalue' instruction inserts a value
; into a member field in an aggregate value." A struct is also loaded and
; stored whole (its members at the data layout's offsets), returned by value,
; and one member is read back through a GEP into the stored struct.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

%pair = type { i8, i64 }
%rec = type { i32, [3 x i16], %pair }

@f = private constant [26 x i8] c"%d %d %d %d %d %lld | %d\0A\00"
@g = global %rec { i32 1, [3 x i16] [i16 2, i16 3, i16 4], %pair { i8 5, i64 6 } }
declare i32 @printf(ptr, ...)

define %pair @mkpair(i8 %a, i64 %b) {
  %p0 = insertvalue %pair undef, i8 %a, 0
  %p1 = insertvalue %pair %p0, i64 %b, 1
  ret %pair %p1
}

define void @show(ptr %p) {
  %r = load %rec, ptr %p
  %a = extractvalue %rec %r, 0
  %b0 = extractvalue %rec %r, 1, 0
  %b1 = extractvalue %rec %r, 1, 1
  %b2 = extractvalue %rec %r, 1, 2
  %c0 = extractvalue %rec %r, 2, 0
  %c1 = extractvalue %rec %r, 2, 1
  %b0x = sext i16 %b0 to i32
  %b1x = sext i16 %b1 to i32
  %b2x = sext i16 %b2 to i32
  %c0x = sext i8 %c0 to i32
  ; the same member read through memory: offset of %rec.2.1 is 16
  %q = getelementptr inbounds %rec, ptr %p, i32 0, i32 2, i32 1
  %qv = load i64, ptr %q
  %qt = trunc i64 %qv to i32
  call i32 (ptr, ...) @printf(ptr @f, i32 %a, i32 %b0x, i32 %b1x, i32 %b2x, i32 %c0x, i64 %c1, i32 %qt)
  ret void
}

define i32 @main() {
  call void @show(ptr @g)
  %r = load %rec, ptr @g
  %pr = call %pair @mkpair(i8 -7, i64 1099511627776)
  %r1 = insertvalue %rec %r, %pair %pr, 2
  %r2 = insertvalue %rec %r1, i16 -300, 1, 2
  %r3 = insertvalue %rec %r2, i32 100, 0
  %slot = alloca %rec
  store %rec %r3, ptr %slot
  call void @show(ptr %slot)
  %arr = insertvalue [2 x %pair] zeroinitializer, %pair %pr, 1
  %e = extractvalue [2 x %pair] %arr, 1, 0
  %z = extractvalue [2 x %pair] %arr, 0, 1
  %ex = sext i8 %e to i32
  %zx = trunc i64 %z to i32
  %res = add i32 %ex, %zx
  %ok = icmp eq i32 %res, -7
  %ret = select i1 %ok, i32 0, i32 1
  ret i32 %ret
}
