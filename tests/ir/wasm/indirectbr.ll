; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; EXIT: 65
; `blockaddress` and `indirectbr` (LangRef "Addresses of Basic Blocks", "'indirectbr'
; Instruction"): block addresses kept in a constant table, in a stack array and in a global
; that another function reads; each handler of a threaded-code loop ends in its own
; `indirectbr` (an irreducible CFG, with phis on the indirect edges); a block address is
; not null, and two addresses taken in one function can be told apart by ptrtoint.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout and exit 65.

@f = private constant [13 x i8] c"%s %d -> %d\0A\00"
@n.push = private constant [5 x i8] c"push\00"
@n.dbl = private constant [4 x i8] c"dbl\00"
@n.dec = private constant [4 x i8] c"dec\00"
@n.jnz = private constant [4 x i8] c"jnz\00"
@fnn = private constant [12 x i8] c"nonnull %d\0A\00"
@fd = private constant [13 x i8] c"distinct %d\0A\00"
@fr = private constant [10 x i8] c"pick: %d\0A\00"
declare i32 @printf(ptr, ...)

; ops: 0 push imm, 1 double, 2 decrement counter, 3 jump back to pc 1 while counter != 0, 4 halt
@prog = private constant [6 x i32] [i32 0, i32 1, i32 2, i32 3, i32 4, i32 4]
@saved = global ptr blockaddress(@pick, %two)

define i32 @threaded(i32 %start, i32 %count) {
entry:
  %tab = alloca [5 x ptr]
  store ptr blockaddress(@threaded, %push), ptr %tab
  %t1 = getelementptr ptr, ptr %tab, i64 1
  store ptr blockaddress(@threaded, %dbl), ptr %t1
  %t2 = getelementptr ptr, ptr %tab, i64 2
  store ptr blockaddress(@threaded, %dec), ptr %t2
  %t3 = getelementptr ptr, ptr %tab, i64 3
  store ptr blockaddress(@threaded, %jnz), ptr %t3
  %t4 = getelementptr ptr, ptr %tab, i64 4
  store ptr blockaddress(@threaded, %halt), ptr %t4
  %op0 = load i32, ptr @prog
  %op0x = zext i32 %op0 to i64
  %a0p = getelementptr ptr, ptr %tab, i64 %op0x
  %a0 = load ptr, ptr %a0p
  indirectbr ptr %a0, [label %push, label %dbl, label %dec, label %halt]
push:
  %pc.p = phi i64 [ 0, %entry ]
  %acc.p = phi i32 [ 0, %entry ]
  %n.p = phi i32 [ %count, %entry ]
  call i32 (ptr, ...) @printf(ptr @f, ptr @n.push, i32 %acc.p, i32 %start)
  %pc.p1 = add i64 %pc.p, 1
  %np = getelementptr [6 x i32], ptr @prog, i64 0, i64 %pc.p1
  %opp = load i32, ptr %np
  %oppx = zext i32 %opp to i64
  %ap = getelementptr ptr, ptr %tab, i64 %oppx
  %tp = load ptr, ptr %ap
  indirectbr ptr %tp, [label %dbl, label %halt]
dbl:
  %pc.d = phi i64 [ %pc.p1, %push ], [ 1, %jnz ], [ 0, %entry ]
  %acc.d0 = phi i32 [ %start, %push ], [ %acc.c, %jnz ], [ 0, %entry ]
  %n.d = phi i32 [ %n.p, %push ], [ %n.c, %jnz ], [ %count, %entry ]
  %acc.d = shl i32 %acc.d0, 1
  call i32 (ptr, ...) @printf(ptr @f, ptr @n.dbl, i32 %acc.d0, i32 %acc.d)
  %pc.d1 = add i64 %pc.d, 1
  %nd = getelementptr [6 x i32], ptr @prog, i64 0, i64 %pc.d1
  %opd = load i32, ptr %nd
  %opdx = zext i32 %opd to i64
  %ad = getelementptr ptr, ptr %tab, i64 %opdx
  %td = load ptr, ptr %ad
  indirectbr ptr %td, [label %dec, label %halt]
dec:
  %pc.c = phi i64 [ %pc.d1, %dbl ], [ 0, %entry ]
  %acc.c = phi i32 [ %acc.d, %dbl ], [ 0, %entry ]
  %n.c0 = phi i32 [ %n.d, %dbl ], [ %count, %entry ]
  %n.c = sub i32 %n.c0, 1
  call i32 (ptr, ...) @printf(ptr @f, ptr @n.dec, i32 %n.c0, i32 %n.c)
  %pc.c1 = add i64 %pc.c, 1
  %nc = getelementptr [6 x i32], ptr @prog, i64 0, i64 %pc.c1
  %opc = load i32, ptr %nc
  %opcx = zext i32 %opc to i64
  %ac = getelementptr ptr, ptr %tab, i64 %opcx
  %tc = load ptr, ptr %ac
  indirectbr ptr %tc, [label %jnz, label %halt]
jnz:
  %z = icmp eq i32 %n.c, 0
  call i32 (ptr, ...) @printf(ptr @f, ptr @n.jnz, i32 %n.c, i32 %acc.c)
  %back = load ptr, ptr %t1
  %exit = load ptr, ptr %t4
  %to = select i1 %z, ptr %exit, ptr %back
  indirectbr ptr %to, [label %dbl, label %halt]
halt:
  %r = phi i32 [ %acc.p, %push ], [ %acc.d, %dbl ], [ %acc.c, %dec ], [ %acc.c, %jnz ], [ 0, %entry ]
  ret i32 %r
}

define i32 @pick(ptr %to) {
entry:
  indirectbr ptr %to, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}

define i32 @main() {
  %r = call i32 @threaded(i32 11, i32 2)
  %s = load ptr, ptr @saved
  %nn = icmp ne ptr %s, null
  %nnx = zext i1 %nn to i32
  call i32 (ptr, ...) @printf(ptr @fnn, i32 %nnx)
  %a = ptrtoint ptr blockaddress(@pick, %one) to i64
  %b = ptrtoint ptr %s to i64
  %d = icmp ne i64 %a, %b
  %dx = zext i1 %d to i32
  call i32 (ptr, ...) @printf(ptr @fd, i32 %dx)
  %p2 = call i32 @pick(ptr %s)
  %p1 = call i32 @pick(ptr blockaddress(@pick, %one))
  %p = mul i32 %p2, 10
  %q = add i32 %p, %p1
  call i32 (ptr, ...) @printf(ptr @fr, i32 %q)
  %res = add i32 %r, %q
  ret i32 %res
}
