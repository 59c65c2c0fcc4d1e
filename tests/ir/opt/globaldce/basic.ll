; RUN: irplay opt -p globaldce %s
; Unreferenced internal/private definitions go (@dead_fn and the chain @dead_fn -> @dead_var,
; @dead_str), and so do declarations nothing calls (@unused_decl, an unused intrinsic); what
; @main reaches stays (@live_fn, through a constant GEP @table, through an alias @live_alias),
; external definitions stay (@api: another module may call it), `llvm.used` keeps @kept, and
; comdat members live together (@k2 stays because @k1 is used).
; Oracle: opt-19 -passes=globaldce removes the same globals; the three programs print the same.

$grp = comdat any

@fmt = private constant [7 x i8] c"%d %d\0A\00"
@dead_str = private constant [4 x i8] c"abc\00"
@dead_var = internal global ptr @dead_str
@table = internal global [2 x i32] [i32 10, i32 20]
@kept = internal global i32 7
@k1 = linkonce_odr global i32 1, comdat($grp)
@k2 = linkonce_odr global i32 2, comdat($grp)
@llvm.used = appending global [1 x ptr] [ptr @kept], section "llvm.metadata"

@live_alias = internal alias i32 (i32), ptr @live_fn

declare i32 @printf(ptr, ...)
declare void @unused_decl(i32)
declare i32 @llvm.smax.i32(i32, i32)

define internal void @dead_fn() {
  %p = load ptr, ptr @dead_var, align 8
  call void @unused_decl(i32 1)
  ret void
}

define internal i32 @live_fn(i32 %x) {
  %p = getelementptr inbounds [2 x i32], ptr @table, i64 0, i64 1
  %v = load i32, ptr %p, align 4
  %r = add i32 %v, %x
  ret i32 %r
}

define i32 @api(i32 %x) {
  ret i32 %x
}

define i32 @main() {
  %a = call i32 @live_alias(i32 1)
  %k = load i32, ptr @k1, align 4
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %k)
  ret i32 0
}
