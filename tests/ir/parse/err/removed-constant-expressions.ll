; FAIL: irplay check %s
; Constants: constant expressions that LLVM 19 no longer supports (icmp,
; and, or, lshr, ashr, shl, zext, sext, fptrunc, select, ...).

@g = global i32 0
@a = global i1 icmp eq (ptr @g, ptr null)                         ; ERROR: no longer supported
@b = global i64 and (i64 ptrtoint (ptr @g to i64), i64 7)          ; ERROR: no longer supported
@c = global i64 zext (i32 ptrtoint (ptr @g to i32) to i64)         ; ERROR: no longer supported
@d = global i64 shl (i64 ptrtoint (ptr @g to i64), i64 2)          ; ERROR: no longer supported
