; RUN: irplay fmt %s
; LLVM 1.x intrinsics whose names or signatures changed: `llvm.isunordered`
; becomes `fcmp uno`; the bit intrinsics and `llvm.sqrt` get their
; overloaded modern names (`ctlz`/`cttz` a `false` "zero is poison" flag,
; since 1.x defined them on zero); `llvm.memcpy`/`memmove`/`memset` with
; `uint`/`ulong` lengths and an alignment get the modern overloads with
; `i1 false` (the alignment dropped); `llvm.prefetch` gets its cache-type
; argument; `llvm.stacksave`/`stackrestore` their pointer overloads;
; `llvm.dbg.*` calls are dropped with a note. The golden .stdout is the
; module as printed by LLVM 19.

implementation

declare bool %llvm.isunordered(double, double)
declare bool %llvm.isunordered.f32(float, float)
declare ushort %llvm.bswap.i16(ushort)
declare uint %llvm.bswap.i32(uint)
declare ulong %llvm.bswap.i64(ulong)
declare ubyte %llvm.ctpop(ubyte)
declare uint %llvm.ctpop.i32(uint)
declare int %llvm.ctlz.i32(int)
declare ulong %llvm.cttz(ulong)
declare double %llvm.sqrt(double)
declare float %llvm.sqrt.f32(float)
declare void %llvm.memcpy(sbyte*, sbyte*, uint, uint)
declare void %llvm.memmove.i64(sbyte*, sbyte*, ulong, uint)
declare void %llvm.memset(sbyte*, ubyte, uint, uint)
declare void %llvm.prefetch(sbyte*, uint, uint)
declare sbyte* %llvm.stacksave()
declare void %llvm.stackrestore(sbyte*)
declare ulong %llvm.readcyclecounter()
declare void %llvm.dbg.stoppoint(uint, uint)

bool %unordered(double %a, double %b, float %c) {
  %u = call bool %llvm.isunordered(double %a, double %b)
  %v = call bool %llvm.isunordered.f32(float %c, float %c)
  %r = or bool %u, %v
  ret bool %r
}

ulong %bits(ushort %h, uint %w, ulong %l, ubyte %b) {
  %h2 = call ushort %llvm.bswap.i16(ushort %h)
  %w2 = call uint %llvm.bswap.i32(uint %w)
  %l2 = call ulong %llvm.bswap.i64(ulong %l)
  %b2 = call ubyte %llvm.ctpop(ubyte %b)
  %p = call uint %llvm.ctpop.i32(uint %w2)
  %si = cast uint %w to int
  %z = call int %llvm.ctlz.i32(int %si)
  %t = call ulong %llvm.cttz(ulong %l2)
  call void %llvm.dbg.stoppoint(uint 1, uint 2)
  %r = add ulong %t, 1
  ret ulong %r
}

double %roots(double %x, float %y) {
  %a = call double %llvm.sqrt(double %x)
  %b = call float %llvm.sqrt.f32(float %y)
  %c = cast float %b to double
  %r = add double %a, %c
  ret double %r
}

void %memory(sbyte* %d, sbyte* %s, uint %n, ulong %m) {
  call void %llvm.memcpy(sbyte* %d, sbyte* %s, uint %n, uint 4)
  call void %llvm.memmove.i64(sbyte* %d, sbyte* %s, ulong %m, uint 1)
  call void %llvm.memset(sbyte* %d, ubyte 0, uint %n, uint 1)
  call void %llvm.prefetch(sbyte* %s, uint 0, uint 3)
  %sp = call sbyte* %llvm.stacksave()
  %tmp = alloca sbyte, uint %n
  call void %llvm.stackrestore(sbyte* %sp)
  %c = call ulong %llvm.readcyclecounter()
  ret void
}
