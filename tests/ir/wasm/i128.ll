; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; i128 arithmetic as clang-19 -O1 emits it for unsigned __int128 / __int128: add, sub, mul,
; and/or/xor, shifts by 0..127, unsigned and signed compares, division and remainder
; (runtime calls on wasm), zext/sext/trunc, loads, stores, phis, calls and returns.
; Oracle: the native program (clang-19 -O2) prints the same. Source:
;   #include <stdio.h>
;   typedef unsigned __int128 u128;
;   typedef __int128 i128;
;   static unsigned long long st = 88172645463325252ULL;
;   static unsigned long long rnd(void) { st ^= st << 13; st ^= st >> 7; st ^= st << 17; return st; }
;   static void show(const char *what, u128 v) { printf("%s %016llx%016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v); }
;   __attribute__((noinline)) static u128 mk(void) { u128 v = ((u128)rnd() << 64) | rnd(); int k = rnd() % 4; if (k == 0) v >>= (rnd() % 128); if (k == 1) v = (u128)(i128)(long long)rnd(); return v; }
;   int main(void) {
;     for (int i = 0; i < 25; i++) {
;       u128 a = mk(), b = mk();
;       unsigned s = rnd() % 128;
;       show("add", a + b); show("sub", a - b); show("mul", a * b);
;       show("and", a & b); show("or", a | b); show("xor", a ^ b);
;       show("shl", a << s); show("lshr", a >> s); show("ashr", (u128)((i128)a >> s));
;       printf("cmp %d %d %d %d %d %d\n", a < b, a <= b, (i128)a < (i128)b, (i128)a >= (i128)b, a == b, a != b);
;       if (b) { show("udiv", a / b); show("urem", a % b); }
;       if (b && !((i128)b == -1)) { show("sdiv", (u128)((i128)a / (i128)b)); show("srem", (u128)((i128)a % (i128)b)); }
;       show("zext", (u128)(unsigned)rnd()); show("sext", (u128)(i128)(int)rnd()); show("sext8", (u128)(i128)(signed char)rnd());
;       printf("trunc %u %llu %d\n", (unsigned)a, (unsigned long long)b, (short)(a>>3));
;     }
;     return 0;
;   }

; ModuleID = 'w.c'
source_filename = "w.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [4 x i8] c"add\00", align 1
@.str.1 = private unnamed_addr constant [4 x i8] c"sub\00", align 1
@.str.2 = private unnamed_addr constant [4 x i8] c"mul\00", align 1
@.str.3 = private unnamed_addr constant [4 x i8] c"and\00", align 1
@.str.4 = private unnamed_addr constant [3 x i8] c"or\00", align 1
@.str.5 = private unnamed_addr constant [4 x i8] c"xor\00", align 1
@.str.6 = private unnamed_addr constant [4 x i8] c"shl\00", align 1
@.str.7 = private unnamed_addr constant [5 x i8] c"lshr\00", align 1
@.str.8 = private unnamed_addr constant [5 x i8] c"ashr\00", align 1
@.str.9 = private unnamed_addr constant [23 x i8] c"cmp %d %d %d %d %d %d\0A\00", align 1
@.str.10 = private unnamed_addr constant [5 x i8] c"udiv\00", align 1
@.str.11 = private unnamed_addr constant [5 x i8] c"urem\00", align 1
@.str.12 = private unnamed_addr constant [5 x i8] c"sdiv\00", align 1
@.str.13 = private unnamed_addr constant [5 x i8] c"srem\00", align 1
@.str.14 = private unnamed_addr constant [5 x i8] c"zext\00", align 1
@.str.15 = private unnamed_addr constant [5 x i8] c"sext\00", align 1
@.str.16 = private unnamed_addr constant [6 x i8] c"sext8\00", align 1
@.str.17 = private unnamed_addr constant [18 x i8] c"trunc %u %llu %d\0A\00", align 1
@st = internal unnamed_addr global i64 88172645463325252, align 8
@.str.18 = private unnamed_addr constant [19 x i8] c"%s %016llx%016llx\0A\00", align 1

; Function Attrs: nofree nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr {
entry:
  br label %for.body

for.cond.cleanup:                                 ; preds = %if.end40
  ret i32 0

for.body:                                         ; preds = %entry, %if.end40
  %i.0136 = phi i32 [ 0, %entry ], [ %inc, %if.end40 ]
  %call = tail call fastcc { i64, i64 } @mk()
  %0 = extractvalue { i64, i64 } %call, 0
  %1 = extractvalue { i64, i64 } %call, 1
  %coerce.sroa.2.0.insert.ext = zext i64 %1 to i128
  %coerce.sroa.2.0.insert.shift = shl nuw i128 %coerce.sroa.2.0.insert.ext, 64
  %coerce.sroa.0.0.insert.ext = zext i64 %0 to i128
  %coerce.sroa.0.0.insert.insert = or disjoint i128 %coerce.sroa.2.0.insert.shift, %coerce.sroa.0.0.insert.ext
  %call1 = tail call fastcc { i64, i64 } @mk()
  %2 = extractvalue { i64, i64 } %call1, 0
  %3 = extractvalue { i64, i64 } %call1, 1
  %coerce2.sroa.2.0.insert.ext = zext i64 %3 to i128
  %coerce2.sroa.2.0.insert.shift = shl nuw i128 %coerce2.sroa.2.0.insert.ext, 64
  %coerce2.sroa.0.0.insert.ext = zext i64 %2 to i128
  %coerce2.sroa.0.0.insert.insert = or disjoint i128 %coerce2.sroa.2.0.insert.shift, %coerce2.sroa.0.0.insert.ext
  %4 = load i64, ptr @st, align 8
  %shl.i = shl i64 %4, 13
  %xor.i = xor i64 %shl.i, %4
  %shr.i = lshr i64 %xor.i, 7
  %xor1.i = xor i64 %shr.i, %xor.i
  %shl2.i = shl i64 %xor1.i, 17
  %xor3.i = xor i64 %shl2.i, %xor1.i
  store i64 %xor3.i, ptr @st, align 8
  %5 = trunc i64 %xor1.i to i32
  %conv = and i32 %5, 127
  %add = add i128 %coerce2.sroa.0.0.insert.insert, %coerce.sroa.0.0.insert.insert
  %coerce4.sroa.0.0.extract.trunc = trunc i128 %add to i64
  %coerce4.sroa.2.0.extract.shift = lshr i128 %add, 64
  %coerce4.sroa.2.0.extract.trunc = trunc nuw i128 %coerce4.sroa.2.0.extract.shift to i64
  %call.i = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str, i64 noundef %coerce4.sroa.2.0.extract.trunc, i64 noundef %coerce4.sroa.0.0.extract.trunc)
  %sub = sub i128 %coerce.sroa.0.0.insert.insert, %coerce2.sroa.0.0.insert.insert
  %coerce5.sroa.0.0.extract.trunc = trunc i128 %sub to i64
  %coerce5.sroa.2.0.extract.shift = lshr i128 %sub, 64
  %coerce5.sroa.2.0.extract.trunc = trunc nuw i128 %coerce5.sroa.2.0.extract.shift to i64
  %call.i103 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.1, i64 noundef %coerce5.sroa.2.0.extract.trunc, i64 noundef %coerce5.sroa.0.0.extract.trunc)
  %mul = mul i128 %coerce2.sroa.0.0.insert.insert, %coerce.sroa.0.0.insert.insert
  %coerce6.sroa.0.0.extract.trunc = trunc i128 %mul to i64
  %coerce6.sroa.2.0.extract.shift = lshr i128 %mul, 64
  %coerce6.sroa.2.0.extract.trunc = trunc nuw i128 %coerce6.sroa.2.0.extract.shift to i64
  %call.i104 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.2, i64 noundef %coerce6.sroa.2.0.extract.trunc, i64 noundef %coerce6.sroa.0.0.extract.trunc)
  %and = and i128 %coerce2.sroa.0.0.insert.insert, %coerce.sroa.0.0.insert.insert
  %coerce7.sroa.0.0.extract.trunc = trunc i128 %and to i64
  %coerce7.sroa.2.0.extract.shift = lshr i128 %and, 64
  %coerce7.sroa.2.0.extract.trunc = trunc nuw i128 %coerce7.sroa.2.0.extract.shift to i64
  %call.i105 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.3, i64 noundef %coerce7.sroa.2.0.extract.trunc, i64 noundef %coerce7.sroa.0.0.extract.trunc)
  %or = or i128 %coerce2.sroa.0.0.insert.insert, %coerce.sroa.0.0.insert.insert
  %coerce8.sroa.0.0.extract.trunc = trunc i128 %or to i64
  %coerce8.sroa.2.0.extract.shift = lshr i128 %or, 64
  %coerce8.sroa.2.0.extract.trunc = trunc nuw i128 %coerce8.sroa.2.0.extract.shift to i64
  %call.i106 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.4, i64 noundef %coerce8.sroa.2.0.extract.trunc, i64 noundef %coerce8.sroa.0.0.extract.trunc)
  %xor = xor i128 %coerce2.sroa.0.0.insert.insert, %coerce.sroa.0.0.insert.insert
  %coerce9.sroa.0.0.extract.trunc = trunc i128 %xor to i64
  %coerce9.sroa.2.0.extract.shift = lshr i128 %xor, 64
  %coerce9.sroa.2.0.extract.trunc = trunc nuw i128 %coerce9.sroa.2.0.extract.shift to i64
  %call.i107 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.5, i64 noundef %coerce9.sroa.2.0.extract.trunc, i64 noundef %coerce9.sroa.0.0.extract.trunc)
  %sh_prom = zext nneg i32 %conv to i128
  %shl = shl i128 %coerce.sroa.0.0.insert.insert, %sh_prom
  %coerce10.sroa.0.0.extract.trunc = trunc i128 %shl to i64
  %coerce10.sroa.2.0.extract.shift = lshr i128 %shl, 64
  %coerce10.sroa.2.0.extract.trunc = trunc nuw i128 %coerce10.sroa.2.0.extract.shift to i64
  %call.i108 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.6, i64 noundef %coerce10.sroa.2.0.extract.trunc, i64 noundef %coerce10.sroa.0.0.extract.trunc)
  %shr = lshr i128 %coerce.sroa.0.0.insert.insert, %sh_prom
  %coerce12.sroa.0.0.extract.trunc = trunc i128 %shr to i64
  %coerce12.sroa.2.0.extract.shift = lshr i128 %shr, 64
  %coerce12.sroa.2.0.extract.trunc = trunc nuw i128 %coerce12.sroa.2.0.extract.shift to i64
  %call.i109 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.7, i64 noundef %coerce12.sroa.2.0.extract.trunc, i64 noundef %coerce12.sroa.0.0.extract.trunc)
  %shr14 = ashr i128 %coerce.sroa.0.0.insert.insert, %sh_prom
  %coerce15.sroa.0.0.extract.trunc = trunc i128 %shr14 to i64
  %coerce15.sroa.2.0.extract.shift = lshr i128 %shr14, 64
  %coerce15.sroa.2.0.extract.trunc = trunc nuw i128 %coerce15.sroa.2.0.extract.shift to i64
  %call.i110 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.8, i64 noundef %coerce15.sroa.2.0.extract.trunc, i64 noundef %coerce15.sroa.0.0.extract.trunc)
  %cmp16 = icmp ult i128 %coerce.sroa.0.0.insert.insert, %coerce2.sroa.0.0.insert.insert
  %conv17 = zext i1 %cmp16 to i32
  %cmp18 = icmp ule i128 %coerce.sroa.0.0.insert.insert, %coerce2.sroa.0.0.insert.insert
  %conv19 = zext i1 %cmp18 to i32
  %cmp20 = icmp slt i128 %coerce.sroa.0.0.insert.insert, %coerce2.sroa.0.0.insert.insert
  %conv21 = zext i1 %cmp20 to i32
  %cmp22 = icmp sge i128 %coerce.sroa.0.0.insert.insert, %coerce2.sroa.0.0.insert.insert
  %conv23 = zext i1 %cmp22 to i32
  %cmp24 = icmp eq i128 %coerce.sroa.0.0.insert.insert, %coerce2.sroa.0.0.insert.insert
  %conv25 = zext i1 %cmp24 to i32
  %cmp26 = icmp ne i128 %coerce.sroa.0.0.insert.insert, %coerce2.sroa.0.0.insert.insert
  %conv27 = zext i1 %cmp26 to i32
  %call28 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.9, i32 noundef %conv17, i32 noundef %conv19, i32 noundef %conv21, i32 noundef %conv23, i32 noundef %conv25, i32 noundef %conv27)
  %tobool.not = icmp eq i128 %coerce2.sroa.0.0.insert.insert, 0
  br i1 %tobool.not, label %if.end, label %if.then

if.then:                                          ; preds = %for.body
  %coerce.sroa.0.0.insert.insert.frozen = freeze i128 %coerce.sroa.0.0.insert.insert
  %coerce2.sroa.0.0.insert.insert.frozen = freeze i128 %coerce2.sroa.0.0.insert.insert
  %div = udiv i128 %coerce.sroa.0.0.insert.insert.frozen, %coerce2.sroa.0.0.insert.insert.frozen
  %coerce29.sroa.0.0.extract.trunc = trunc i128 %div to i64
  %coerce29.sroa.2.0.extract.shift = lshr i128 %div, 64
  %coerce29.sroa.2.0.extract.trunc = trunc nuw i128 %coerce29.sroa.2.0.extract.shift to i64
  %call.i111 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.10, i64 noundef %coerce29.sroa.2.0.extract.trunc, i64 noundef %coerce29.sroa.0.0.extract.trunc)
  %6 = mul i128 %div, %coerce2.sroa.0.0.insert.insert.frozen
  %rem30.decomposed = sub i128 %coerce.sroa.0.0.insert.insert.frozen, %6
  %coerce31.sroa.0.0.extract.trunc = trunc i128 %rem30.decomposed to i64
  %coerce31.sroa.2.0.extract.shift = lshr i128 %rem30.decomposed, 64
  %coerce31.sroa.2.0.extract.trunc = trunc nuw i128 %coerce31.sroa.2.0.extract.shift to i64
  %call.i112 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.11, i64 noundef %coerce31.sroa.2.0.extract.trunc, i64 noundef %coerce31.sroa.0.0.extract.trunc)
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  %7 = add i128 %coerce2.sroa.0.0.insert.insert, 1
  %or.cond = icmp ult i128 %7, 2
  br i1 %or.cond, label %if.end40, label %if.then35

if.then35:                                        ; preds = %if.end
  %coerce.sroa.0.0.insert.insert.frozen137 = freeze i128 %coerce.sroa.0.0.insert.insert
  %coerce2.sroa.0.0.insert.insert.frozen138 = freeze i128 %coerce2.sroa.0.0.insert.insert
  %div36 = sdiv i128 %coerce.sroa.0.0.insert.insert.frozen137, %coerce2.sroa.0.0.insert.insert.frozen138
  %coerce37.sroa.0.0.extract.trunc = trunc i128 %div36 to i64
  %coerce37.sroa.2.0.extract.shift = lshr i128 %div36, 64
  %coerce37.sroa.2.0.extract.trunc = trunc nuw i128 %coerce37.sroa.2.0.extract.shift to i64
  %call.i113 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.12, i64 noundef %coerce37.sroa.2.0.extract.trunc, i64 noundef %coerce37.sroa.0.0.extract.trunc)
  %8 = mul i128 %div36, %coerce2.sroa.0.0.insert.insert.frozen138
  %rem38.decomposed = sub i128 %coerce.sroa.0.0.insert.insert.frozen137, %8
  %coerce39.sroa.0.0.extract.trunc = trunc i128 %rem38.decomposed to i64
  %coerce39.sroa.2.0.extract.shift = lshr i128 %rem38.decomposed, 64
  %coerce39.sroa.2.0.extract.trunc = trunc nuw i128 %coerce39.sroa.2.0.extract.shift to i64
  %call.i114 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.13, i64 noundef %coerce39.sroa.2.0.extract.trunc, i64 noundef %coerce39.sroa.0.0.extract.trunc)
  br label %if.end40

if.end40:                                         ; preds = %if.then35, %if.end
  %9 = load i64, ptr @st, align 8
  %shl.i115 = shl i64 %9, 13
  %xor.i116 = xor i64 %shl.i115, %9
  %shr.i117 = lshr i64 %xor.i116, 7
  %xor1.i118 = xor i64 %shr.i117, %xor.i116
  %shl2.i119 = shl i64 %xor1.i118, 17
  %xor3.i120 = xor i64 %shl2.i119, %xor1.i118
  store i64 %xor3.i120, ptr @st, align 8
  %coerce44.sroa.0.0.extract.trunc = and i64 %xor3.i120, 4294967295
  %call.i121 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.14, i64 noundef 0, i64 noundef %coerce44.sroa.0.0.extract.trunc)
  %10 = load i64, ptr @st, align 8
  %shl.i122 = shl i64 %10, 13
  %xor.i123 = xor i64 %shl.i122, %10
  %shr.i124 = lshr i64 %xor.i123, 7
  %xor1.i125 = xor i64 %shr.i124, %xor.i123
  %shl2.i126 = shl i64 %xor1.i125, 17
  %xor3.i127 = xor i64 %shl2.i126, %xor1.i125
  store i64 %xor3.i127, ptr @st, align 8
  %sext = shl i64 %xor3.i127, 32
  %coerce48.sroa.0.0.extract.trunc = ashr exact i64 %sext, 32
  %coerce48.sroa.2.0.extract.trunc = ashr i64 %sext, 63
  %call.i128 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.15, i64 noundef %coerce48.sroa.2.0.extract.trunc, i64 noundef %coerce48.sroa.0.0.extract.trunc)
  %11 = load i64, ptr @st, align 8
  %shl.i129 = shl i64 %11, 13
  %xor.i130 = xor i64 %shl.i129, %11
  %shr.i131 = lshr i64 %xor.i130, 7
  %xor1.i132 = xor i64 %shr.i131, %xor.i130
  %shl2.i133 = shl i64 %xor1.i132, 17
  %xor3.i134 = xor i64 %shl2.i133, %xor1.i132
  store i64 %xor3.i134, ptr @st, align 8
  %sext101 = shl i64 %xor1.i132, 56
  %coerce52.sroa.0.0.extract.trunc = ashr exact i64 %sext101, 56
  %coerce52.sroa.2.0.extract.trunc = ashr i64 %sext101, 63
  %call.i135 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.18, ptr noundef nonnull @.str.16, i64 noundef %coerce52.sroa.2.0.extract.trunc, i64 noundef %coerce52.sroa.0.0.extract.trunc)
  %conv53 = trunc i64 %0 to i32
  %12 = shl i32 %conv53, 13
  %conv57 = ashr i32 %12, 16
  %call58 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.17, i32 noundef %conv53, i64 noundef %2, i32 noundef %conv57)
  %inc = add nuw nsw i32 %i.0136, 1
  %exitcond.not = icmp eq i32 %inc, 25
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal fastcc { i64, i64 } @mk() unnamed_addr {
entry:
  %0 = load i64, ptr @st, align 8
  %shl.i = shl i64 %0, 13
  %xor.i = xor i64 %shl.i, %0
  %shr.i = lshr i64 %xor.i, 7
  %xor1.i = xor i64 %shr.i, %xor.i
  %shl2.i = shl i64 %xor1.i, 17
  %xor3.i = xor i64 %shl2.i, %xor1.i
  %shl.i26 = shl i64 %xor3.i, 13
  %xor.i27 = xor i64 %shl.i26, %xor3.i
  %shr.i28 = lshr i64 %xor.i27, 7
  %xor1.i29 = xor i64 %shr.i28, %xor.i27
  %shl2.i30 = shl i64 %xor1.i29, 17
  %xor3.i31 = xor i64 %shl2.i30, %xor1.i29
  %shl.i32 = shl i64 %xor3.i31, 13
  %xor.i33 = xor i64 %shl.i32, %xor3.i31
  %shr.i34 = lshr i64 %xor.i33, 7
  %xor1.i35 = xor i64 %shr.i34, %xor.i33
  %shl2.i36 = shl i64 %xor1.i35, 17
  %xor3.i37 = xor i64 %shl2.i36, %xor1.i35
  store i64 %xor3.i37, ptr @st, align 8
  %1 = trunc i64 %xor1.i35 to i32
  %conv4 = and i32 %1, 3
  %cmp = icmp eq i32 %conv4, 0
  br i1 %cmp, label %if.then, label %if.end

if.then:                                          ; preds = %entry
  %conv = zext i64 %xor3.i to i128
  %shl = shl nuw i128 %conv, 64
  %conv2 = zext i64 %xor3.i31 to i128
  %or = or disjoint i128 %shl, %conv2
  %shl.i38 = shl i64 %xor3.i37, 13
  %xor.i39 = xor i64 %shl.i38, %xor3.i37
  %shr.i40 = lshr i64 %xor.i39, 7
  %xor1.i41 = xor i64 %shr.i40, %xor.i39
  %shl2.i42 = shl i64 %xor1.i41, 17
  %xor3.i43 = xor i64 %shl2.i42, %xor1.i41
  store i64 %xor3.i43, ptr @st, align 8
  %rem7 = and i64 %xor1.i41, 127
  %sh_prom = zext nneg i64 %rem7 to i128
  %shr = lshr i128 %or, %sh_prom
  %extract.t20 = trunc i128 %shr to i64
  %extract22 = lshr i128 %shr, 64
  %extract.t23 = trunc nuw i128 %extract22 to i64
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  %v.0.off0 = phi i64 [ %extract.t20, %if.then ], [ %xor3.i31, %entry ]
  %v.0.off64 = phi i64 [ %extract.t23, %if.then ], [ %xor3.i, %entry ]
  %cmp8 = icmp eq i32 %conv4, 1
  br i1 %cmp8, label %if.then10, label %if.end13

if.then10:                                        ; preds = %if.end
  %2 = load i64, ptr @st, align 8
  %shl.i44 = shl i64 %2, 13
  %xor.i45 = xor i64 %shl.i44, %2
  %shr.i46 = lshr i64 %xor.i45, 7
  %xor1.i47 = xor i64 %shr.i46, %xor.i45
  %shl2.i48 = shl i64 %xor1.i47, 17
  %xor3.i49 = xor i64 %shl2.i48, %xor1.i47
  store i64 %xor3.i49, ptr @st, align 8
  %extract.t17 = ashr i64 %xor3.i49, 63
  br label %if.end13

if.end13:                                         ; preds = %if.then10, %if.end
  %v.1.off0 = phi i64 [ %xor3.i49, %if.then10 ], [ %v.0.off0, %if.end ]
  %v.1.off64 = phi i64 [ %extract.t17, %if.then10 ], [ %v.0.off64, %if.end ]
  %.fca.0.insert = insertvalue { i64, i64 } poison, i64 %v.1.off0, 0
  %.fca.1.insert = insertvalue { i64, i64 } %.fca.0.insert, i64 %v.1.off64, 1
  ret { i64, i64 } %.fca.1.insert
}

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr



