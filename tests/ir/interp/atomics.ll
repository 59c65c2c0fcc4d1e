; RUN: irplay run %s
; LangRef "'cmpxchg' Instruction": "The contents of memory at the location
; specified by the '<pointer>' operand is read and compared to '<cmp>'; if the
; read value is the equal, '<new>' is written" and "The original value at the
; location is returned"; in LLVM 19 it is returned in a { value, i1 success }
; pair. LangRef "'atomicrmw' Instruction": "The contents of memory at the
; location specified by the '<pointer>' operand are atomically read, modified,
; and written back. The original value at the location is returned." Shown: a
; strong cmpxchg that succeeds and one that fails (a weak one may fail
; spuriously, so none is used), atomicrmw xchg, add, sub, and, or, xor, max,
; min, umax, umin, nand (*ptr = ~(*ptr & val)), fadd, atomic load and store,
; fence.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

@f = private constant [17 x i8] c"%s: old %d -> %d\00"
@fd = private constant [15 x i8] c"fadd: %g -> %g\00"
@fc = private constant [28 x i8] c"cmpxchg: old %d ok %d -> %d\00"
@nl = private constant [2 x i8] c"\0A\00"
@s.xchg = private constant [5 x i8] c"xchg\00"
@s.add = private constant [4 x i8] c"add\00"
@s.sub = private constant [4 x i8] c"sub\00"
@s.and = private constant [4 x i8] c"and\00"
@s.or = private constant [3 x i8] c"or\00"
@s.xor = private constant [4 x i8] c"xor\00"
@s.max = private constant [4 x i8] c"max\00"
@s.min = private constant [4 x i8] c"min\00"
@s.umax = private constant [5 x i8] c"umax\00"
@s.umin = private constant [5 x i8] c"umin\00"
@s.nand = private constant [5 x i8] c"nand\00"
@x = global i32 5
@d = global double 1.5
declare i32 @printf(ptr, ...)

define void @show(ptr %name, i32 %old) {
  %now = load atomic i32, ptr @x seq_cst, align 4
  call i32 (ptr, ...) @printf(ptr @f, ptr %name, i32 %old, i32 %now)
  call i32 (ptr, ...) @printf(ptr @nl)
  ret void
}

define void @cas(i32 %expect, i32 %new) {
  %r = cmpxchg ptr @x, i32 %expect, i32 %new seq_cst seq_cst
  %old = extractvalue { i32, i1 } %r, 0
  %ok = extractvalue { i32, i1 } %r, 1
  %okx = zext i1 %ok to i32
  %now = load i32, ptr @x
  call i32 (ptr, ...) @printf(ptr @fc, i32 %old, i32 %okx, i32 %now)
  call i32 (ptr, ...) @printf(ptr @nl)
  ret void
}

define i32 @main() {
  call void @cas(i32 5, i32 8)        ; succeeds
  call void @cas(i32 5, i32 9)        ; fails: the value is 8
  %a = atomicrmw xchg ptr @x, i32 -3 acq_rel
  call void @show(ptr @s.xchg, i32 %a)
  %b = atomicrmw add ptr @x, i32 10 monotonic
  call void @show(ptr @s.add, i32 %b)
  %c = atomicrmw sub ptr @x, i32 20 release
  call void @show(ptr @s.sub, i32 %c)
  %e = atomicrmw and ptr @x, i32 255 acquire
  call void @show(ptr @s.and, i32 %e)
  %g = atomicrmw or ptr @x, i32 256 seq_cst
  call void @show(ptr @s.or, i32 %g)
  %h = atomicrmw xor ptr @x, i32 15 seq_cst
  call void @show(ptr @s.xor, i32 %h)
  %i = atomicrmw max ptr @x, i32 -1 seq_cst
  call void @show(ptr @s.max, i32 %i)
  %j = atomicrmw min ptr @x, i32 -7 seq_cst
  call void @show(ptr @s.min, i32 %j)
  %k = atomicrmw umax ptr @x, i32 3 seq_cst
  call void @show(ptr @s.umax, i32 %k)
  %l = atomicrmw umin ptr @x, i32 3 seq_cst
  call void @show(ptr @s.umin, i32 %l)
  %m = atomicrmw nand ptr @x, i32 6 seq_cst
  call void @show(ptr @s.nand, i32 %m)
  store atomic double 2.25, ptr @d release, align 8
  %n = atomicrmw fadd ptr @d, double 0.5 seq_cst
  %dn = load atomic double, ptr @d acquire, align 8
  call i32 (ptr, ...) @printf(ptr @fd, double %n, double %dn)
  call i32 (ptr, ...) @printf(ptr @nl)
  fence seq_cst
  ret i32 0
}
