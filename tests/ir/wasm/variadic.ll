; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; Variadic function definitions as clang-19 -O2 emits them for x86-64: va_start, va_copy,
; va_end and the inline va_arg expansion over the System V va_list (gp_offset, fp_offset,
; overflow area, register save area), for int, long long, double and pointer arguments,
; more than six integer and eight floating-point ones. Source:
;   #include <stdarg.h>
;   #include <stdio.h>
;   static long sum(int n, ...) {
;     va_list ap; va_start(ap, n);
;     long s = 0;
;     for (int i = 0; i < n; i++) s += va_arg(ap, int);
;     va_end(ap);
;     return s;
;   }
;   static double mix(const char *fmt, ...) {
;     va_list ap, aq; va_start(ap, fmt); va_copy(aq, ap);
;     double d = 0;
;     for (const char *p = fmt; *p; p++) {
;       if (*p == 'd') d += va_arg(ap, double);
;       else if (*p == 'i') d += va_arg(ap, int);
;       else if (*p == 'l') d += (double)va_arg(ap, long long);
;       else if (*p == 's') d += va_arg(ap, char *)[0];
;     }
;     double first = (fmt[0] == 'd') ? va_arg(aq, double) : 0;
;     va_end(aq); va_end(ap);
;     return d + first;
;   }
;   int main(void) {
;     printf("%ld\n", sum(3, 1, 2, 3));
;     printf("%ld\n", sum(10, 1, 2, 3, 4, 5, 6, 7, 8, 9, -10));
;     printf("%g\n", mix("didlsdddddddddd", 1.5, 2, 2.25, 1LL << 40, "A", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0));
;     return 0;
;   }

; ModuleID = 'va.c'
source_filename = "va.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.__va_list_tag = type { i32, i32, ptr, ptr }

@.str = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@.str.1 = private unnamed_addr constant [4 x i8] c"%g\0A\00", align 1
@.str.2 = private unnamed_addr constant [16 x i8] c"didlsdddddddddd\00", align 1
@.str.3 = private unnamed_addr constant [2 x i8] c"A\00", align 1

; Function Attrs: nofree nounwind uwtable
define dso_local noundef i32 @main() local_unnamed_addr {
entry:
  %call = tail call i64 (i32, ...) @sum(i32 noundef 3, i32 noundef 1, i32 noundef 2, i32 noundef 3)
  %call1 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %call)
  %call2 = tail call i64 (i32, ...) @sum(i32 noundef 10, i32 noundef 1, i32 noundef 2, i32 noundef 3, i32 noundef 4, i32 noundef 5, i32 noundef 6, i32 noundef 7, i32 noundef 8, i32 noundef 9, i32 noundef -10)
  %call3 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i64 noundef %call2)
  %call4 = tail call double (ptr, ...) @mix(ptr nonnull poison, double noundef 1.500000e+00, i32 noundef 2, double noundef 2.250000e+00, i64 noundef 1099511627776, ptr noundef nonnull @.str.3, double noundef 1.000000e+00, double noundef 2.000000e+00, double noundef 3.000000e+00, double noundef 4.000000e+00, double noundef 5.000000e+00, double noundef 6.000000e+00, double noundef 7.000000e+00, double noundef 8.000000e+00, double noundef 9.000000e+00, double noundef 1.000000e+01)
  %call5 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, double noundef %call4)
  ret i32 0
}

; Function Attrs: nofree nounwind
declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

; Function Attrs: nofree norecurse nosync nounwind uwtable
define internal i64 @sum(i32 noundef %n, ...) unnamed_addr {
entry:
  %ap = alloca [1 x %struct.__va_list_tag], align 16
  call void @llvm.lifetime.start.p0(i64 24, ptr nonnull %ap)
  call void @llvm.va_start.p0(ptr nonnull %ap)
  %cmp7 = icmp sgt i32 %n, 0
  br i1 %cmp7, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %ap.promoted = load i32, ptr %ap, align 16
  %overflow_arg_area_p = getelementptr inbounds i8, ptr %ap, i64 8
  %0 = getelementptr inbounds i8, ptr %ap, i64 16
  %reg_save_area = load ptr, ptr %0, align 16
  %overflow_arg_area_p.promoted = load ptr, ptr %overflow_arg_area_p, align 8
  %xtraiter = and i32 %n, 1
  %1 = icmp eq i32 %n, 1
  br i1 %1, label %for.cond.cleanup.loopexit.unr-lcssa, label %for.body.lr.ph.new

for.body.lr.ph.new:                               ; preds = %for.body.lr.ph
  %unroll_iter = and i32 %n, 2147483646
  br label %for.body

for.cond.cleanup.loopexit.unr-lcssa:              ; preds = %vaarg.end.1, %for.body.lr.ph
  %add.lcssa.ph = phi i64 [ poison, %for.body.lr.ph ], [ %add.1, %vaarg.end.1 ]
  %overflow_arg_area12.unr = phi ptr [ %overflow_arg_area_p.promoted, %for.body.lr.ph ], [ %overflow_arg_area11.1, %vaarg.end.1 ]
  %s.09.unr = phi i64 [ 0, %for.body.lr.ph ], [ %add.1, %vaarg.end.1 ]
  %gp_offset68.unr = phi i32 [ %ap.promoted, %for.body.lr.ph ], [ %gp_offset5.1, %vaarg.end.1 ]
  %lcmp.mod.not = icmp eq i32 %xtraiter, 0
  br i1 %lcmp.mod.not, label %for.cond.cleanup, label %for.body.epil

for.body.epil:                                    ; preds = %for.cond.cleanup.loopexit.unr-lcssa
  %fits_in_gp.epil = icmp ult i32 %gp_offset68.unr, 41
  br i1 %fits_in_gp.epil, label %vaarg.in_reg.epil, label %vaarg.in_mem.epil

vaarg.in_mem.epil:                                ; preds = %for.body.epil
  %overflow_arg_area.next.epil = getelementptr i8, ptr %overflow_arg_area12.unr, i64 8
  store ptr %overflow_arg_area.next.epil, ptr %overflow_arg_area_p, align 8
  br label %vaarg.end.epil

vaarg.in_reg.epil:                                ; preds = %for.body.epil
  %2 = zext nneg i32 %gp_offset68.unr to i64
  %3 = getelementptr i8, ptr %reg_save_area, i64 %2
  %4 = add nuw nsw i32 %gp_offset68.unr, 8
  store i32 %4, ptr %ap, align 16
  br label %vaarg.end.epil

vaarg.end.epil:                                   ; preds = %vaarg.in_reg.epil, %vaarg.in_mem.epil
  %vaarg.addr.epil = phi ptr [ %3, %vaarg.in_reg.epil ], [ %overflow_arg_area12.unr, %vaarg.in_mem.epil ]
  %5 = load i32, ptr %vaarg.addr.epil, align 4
  %conv.epil = sext i32 %5 to i64
  %add.epil = add nsw i64 %s.09.unr, %conv.epil
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %vaarg.end.epil, %for.cond.cleanup.loopexit.unr-lcssa, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %add.lcssa.ph, %for.cond.cleanup.loopexit.unr-lcssa ], [ %add.epil, %vaarg.end.epil ]
  call void @llvm.va_end.p0(ptr nonnull %ap)
  call void @llvm.lifetime.end.p0(i64 24, ptr nonnull %ap)
  ret i64 %s.0.lcssa

for.body:                                         ; preds = %vaarg.end.1, %for.body.lr.ph.new
  %overflow_arg_area12 = phi ptr [ %overflow_arg_area_p.promoted, %for.body.lr.ph.new ], [ %overflow_arg_area11.1, %vaarg.end.1 ]
  %s.09 = phi i64 [ 0, %for.body.lr.ph.new ], [ %add.1, %vaarg.end.1 ]
  %gp_offset68 = phi i32 [ %ap.promoted, %for.body.lr.ph.new ], [ %gp_offset5.1, %vaarg.end.1 ]
  %niter = phi i32 [ 0, %for.body.lr.ph.new ], [ %niter.next.1, %vaarg.end.1 ]
  %fits_in_gp = icmp ult i32 %gp_offset68, 41
  br i1 %fits_in_gp, label %vaarg.in_reg, label %vaarg.in_mem

vaarg.in_reg:                                     ; preds = %for.body
  %6 = zext nneg i32 %gp_offset68 to i64
  %7 = getelementptr i8, ptr %reg_save_area, i64 %6
  %8 = add nuw nsw i32 %gp_offset68, 8
  store i32 %8, ptr %ap, align 16
  br label %vaarg.end

vaarg.in_mem:                                     ; preds = %for.body
  %overflow_arg_area.next = getelementptr i8, ptr %overflow_arg_area12, i64 8
  store ptr %overflow_arg_area.next, ptr %overflow_arg_area_p, align 8
  br label %vaarg.end

vaarg.end:                                        ; preds = %vaarg.in_mem, %vaarg.in_reg
  %overflow_arg_area11 = phi ptr [ %overflow_arg_area12, %vaarg.in_reg ], [ %overflow_arg_area.next, %vaarg.in_mem ]
  %gp_offset5 = phi i32 [ %8, %vaarg.in_reg ], [ %gp_offset68, %vaarg.in_mem ]
  %vaarg.addr = phi ptr [ %7, %vaarg.in_reg ], [ %overflow_arg_area12, %vaarg.in_mem ]
  %9 = load i32, ptr %vaarg.addr, align 4
  %conv = sext i32 %9 to i64
  %add = add nsw i64 %s.09, %conv
  %fits_in_gp.1 = icmp ult i32 %gp_offset5, 41
  br i1 %fits_in_gp.1, label %vaarg.in_reg.1, label %vaarg.in_mem.1

vaarg.in_mem.1:                                   ; preds = %vaarg.end
  %overflow_arg_area.next.1 = getelementptr i8, ptr %overflow_arg_area11, i64 8
  store ptr %overflow_arg_area.next.1, ptr %overflow_arg_area_p, align 8
  br label %vaarg.end.1

vaarg.in_reg.1:                                   ; preds = %vaarg.end
  %10 = zext nneg i32 %gp_offset5 to i64
  %11 = getelementptr i8, ptr %reg_save_area, i64 %10
  %12 = add nuw nsw i32 %gp_offset5, 8
  store i32 %12, ptr %ap, align 16
  br label %vaarg.end.1

vaarg.end.1:                                      ; preds = %vaarg.in_reg.1, %vaarg.in_mem.1
  %overflow_arg_area11.1 = phi ptr [ %overflow_arg_area11, %vaarg.in_reg.1 ], [ %overflow_arg_area.next.1, %vaarg.in_mem.1 ]
  %gp_offset5.1 = phi i32 [ %12, %vaarg.in_reg.1 ], [ %gp_offset5, %vaarg.in_mem.1 ]
  %vaarg.addr.1 = phi ptr [ %11, %vaarg.in_reg.1 ], [ %overflow_arg_area11, %vaarg.in_mem.1 ]
  %13 = load i32, ptr %vaarg.addr.1, align 4
  %conv.1 = sext i32 %13 to i64
  %add.1 = add nsw i64 %add, %conv.1
  %niter.next.1 = add i32 %niter, 2
  %niter.ncmp.1 = icmp eq i32 %niter.next.1, %unroll_iter
  br i1 %niter.ncmp.1, label %for.cond.cleanup.loopexit.unr-lcssa, label %for.body
}

; Function Attrs: nofree norecurse nosync nounwind uwtable
define internal double @mix(ptr nocapture readnone %fmt, ...) unnamed_addr {
entry:
  %ap = alloca [1 x %struct.__va_list_tag], align 16
  %aq = alloca [1 x %struct.__va_list_tag], align 16
  call void @llvm.lifetime.start.p0(i64 24, ptr nonnull %ap)
  call void @llvm.lifetime.start.p0(i64 24, ptr nonnull %aq)
  call void @llvm.va_start.p0(ptr nonnull %ap)
  call void @llvm.va_copy.p0(ptr nonnull %aq, ptr nonnull %ap)
  %ap.promoted = load i32, ptr %ap, align 16
  %overflow_arg_area_p51 = getelementptr inbounds i8, ptr %ap, i64 8
  %0 = getelementptr inbounds i8, ptr %ap, i64 16
  %reg_save_area49 = load ptr, ptr %0, align 16
  %fp_offset_p = getelementptr inbounds i8, ptr %ap, i64 4
  %overflow_arg_area_p51.promoted = load ptr, ptr %overflow_arg_area_p51, align 8
  %fp_offset_p.promoted = load i32, ptr %fp_offset_p, align 4
  br label %for.cond

for.cond:                                         ; preds = %for.inc, %entry
  %fp_offset104 = phi i32 [ %fp_offset_p.promoted, %entry ], [ %fp_offset103, %for.inc ]
  %overflow_arg_area52101 = phi ptr [ %overflow_arg_area_p51.promoted, %entry ], [ %overflow_arg_area52100, %for.inc ]
  %gp_offset4695 = phi i32 [ %ap.promoted, %entry ], [ %gp_offset4694, %for.inc ]
  %p.0 = phi ptr [ @.str.2, %entry ], [ %incdec.ptr, %for.inc ]
  %d.0 = phi double [ 0.000000e+00, %entry ], [ %d.1, %for.inc ]
  %1 = load i8, ptr %p.0, align 1
  switch i8 %1, label %for.inc [
    i8 0, label %cond.true
    i8 100, label %if.then
    i8 105, label %if.then8
    i8 108, label %if.then24
    i8 115, label %if.then43
  ]

if.then:                                          ; preds = %for.cond
  %fits_in_fp = icmp ult i32 %fp_offset104, 161
  br i1 %fits_in_fp, label %vaarg.in_reg, label %vaarg.in_mem

vaarg.in_reg:                                     ; preds = %if.then
  %2 = zext nneg i32 %fp_offset104 to i64
  %3 = getelementptr i8, ptr %reg_save_area49, i64 %2
  %4 = add nuw nsw i32 %fp_offset104, 16
  store i32 %4, ptr %fp_offset_p, align 4
  br label %vaarg.end

vaarg.in_mem:                                     ; preds = %if.then
  %overflow_arg_area.next = getelementptr i8, ptr %overflow_arg_area52101, i64 8
  store ptr %overflow_arg_area.next, ptr %overflow_arg_area_p51, align 8
  br label %vaarg.end

vaarg.end:                                        ; preds = %vaarg.in_mem, %vaarg.in_reg
  %fp_offset102 = phi i32 [ %4, %vaarg.in_reg ], [ %fp_offset104, %vaarg.in_mem ]
  %overflow_arg_area5299 = phi ptr [ %overflow_arg_area52101, %vaarg.in_reg ], [ %overflow_arg_area.next, %vaarg.in_mem ]
  %vaarg.addr = phi ptr [ %3, %vaarg.in_reg ], [ %overflow_arg_area52101, %vaarg.in_mem ]
  %5 = load double, ptr %vaarg.addr, align 8
  %add = fadd double %d.0, %5
  br label %for.inc

if.then8:                                         ; preds = %for.cond
  %fits_in_gp = icmp ult i32 %gp_offset4695, 41
  br i1 %fits_in_gp, label %vaarg.in_reg10, label %vaarg.in_mem12

vaarg.in_reg10:                                   ; preds = %if.then8
  %6 = zext nneg i32 %gp_offset4695 to i64
  %7 = getelementptr i8, ptr %reg_save_area49, i64 %6
  %8 = add nuw nsw i32 %gp_offset4695, 8
  store i32 %8, ptr %ap, align 16
  br label %vaarg.end16

vaarg.in_mem12:                                   ; preds = %if.then8
  %overflow_arg_area.next15 = getelementptr i8, ptr %overflow_arg_area52101, i64 8
  store ptr %overflow_arg_area.next15, ptr %overflow_arg_area_p51, align 8
  br label %vaarg.end16

vaarg.end16:                                      ; preds = %vaarg.in_mem12, %vaarg.in_reg10
  %overflow_arg_area5298 = phi ptr [ %overflow_arg_area52101, %vaarg.in_reg10 ], [ %overflow_arg_area.next15, %vaarg.in_mem12 ]
  %gp_offset4693 = phi i32 [ %8, %vaarg.in_reg10 ], [ %gp_offset4695, %vaarg.in_mem12 ]
  %vaarg.addr17 = phi ptr [ %7, %vaarg.in_reg10 ], [ %overflow_arg_area52101, %vaarg.in_mem12 ]
  %9 = load i32, ptr %vaarg.addr17, align 4
  %conv18 = sitofp i32 %9 to double
  %add19 = fadd double %d.0, %conv18
  br label %for.inc

if.then24:                                        ; preds = %for.cond
  %fits_in_gp28 = icmp ult i32 %gp_offset4695, 41
  br i1 %fits_in_gp28, label %vaarg.in_reg29, label %vaarg.in_mem31

vaarg.in_reg29:                                   ; preds = %if.then24
  %10 = zext nneg i32 %gp_offset4695 to i64
  %11 = getelementptr i8, ptr %reg_save_area49, i64 %10
  %12 = add nuw nsw i32 %gp_offset4695, 8
  store i32 %12, ptr %ap, align 16
  br label %vaarg.end35

vaarg.in_mem31:                                   ; preds = %if.then24
  %overflow_arg_area.next34 = getelementptr i8, ptr %overflow_arg_area52101, i64 8
  store ptr %overflow_arg_area.next34, ptr %overflow_arg_area_p51, align 8
  br label %vaarg.end35

vaarg.end35:                                      ; preds = %vaarg.in_mem31, %vaarg.in_reg29
  %overflow_arg_area5297 = phi ptr [ %overflow_arg_area52101, %vaarg.in_reg29 ], [ %overflow_arg_area.next34, %vaarg.in_mem31 ]
  %gp_offset4692 = phi i32 [ %12, %vaarg.in_reg29 ], [ %gp_offset4695, %vaarg.in_mem31 ]
  %vaarg.addr36 = phi ptr [ %11, %vaarg.in_reg29 ], [ %overflow_arg_area52101, %vaarg.in_mem31 ]
  %13 = load i64, ptr %vaarg.addr36, align 8
  %conv37 = sitofp i64 %13 to double
  %add38 = fadd double %d.0, %conv37
  br label %for.inc

if.then43:                                        ; preds = %for.cond
  %fits_in_gp47 = icmp ult i32 %gp_offset4695, 41
  br i1 %fits_in_gp47, label %vaarg.in_reg48, label %vaarg.in_mem50

vaarg.in_reg48:                                   ; preds = %if.then43
  %14 = zext nneg i32 %gp_offset4695 to i64
  %15 = getelementptr i8, ptr %reg_save_area49, i64 %14
  %16 = add nuw nsw i32 %gp_offset4695, 8
  store i32 %16, ptr %ap, align 16
  br label %vaarg.end54

vaarg.in_mem50:                                   ; preds = %if.then43
  %overflow_arg_area.next53 = getelementptr i8, ptr %overflow_arg_area52101, i64 8
  store ptr %overflow_arg_area.next53, ptr %overflow_arg_area_p51, align 8
  br label %vaarg.end54

vaarg.end54:                                      ; preds = %vaarg.in_mem50, %vaarg.in_reg48
  %overflow_arg_area5296 = phi ptr [ %overflow_arg_area52101, %vaarg.in_reg48 ], [ %overflow_arg_area.next53, %vaarg.in_mem50 ]
  %gp_offset4691 = phi i32 [ %16, %vaarg.in_reg48 ], [ %gp_offset4695, %vaarg.in_mem50 ]
  %vaarg.addr55 = phi ptr [ %15, %vaarg.in_reg48 ], [ %overflow_arg_area52101, %vaarg.in_mem50 ]
  %17 = load ptr, ptr %vaarg.addr55, align 8
  %18 = load i8, ptr %17, align 1
  %conv57 = sitofp i8 %18 to double
  %add58 = fadd double %d.0, %conv57
  br label %for.inc

for.inc:                                          ; preds = %for.cond, %vaarg.end, %vaarg.end35, %vaarg.end54, %vaarg.end16
  %fp_offset103 = phi i32 [ %fp_offset102, %vaarg.end ], [ %fp_offset104, %vaarg.end16 ], [ %fp_offset104, %vaarg.end35 ], [ %fp_offset104, %vaarg.end54 ], [ %fp_offset104, %for.cond ]
  %overflow_arg_area52100 = phi ptr [ %overflow_arg_area5299, %vaarg.end ], [ %overflow_arg_area5298, %vaarg.end16 ], [ %overflow_arg_area5297, %vaarg.end35 ], [ %overflow_arg_area5296, %vaarg.end54 ], [ %overflow_arg_area52101, %for.cond ]
  %gp_offset4694 = phi i32 [ %gp_offset4695, %vaarg.end ], [ %gp_offset4693, %vaarg.end16 ], [ %gp_offset4692, %vaarg.end35 ], [ %gp_offset4691, %vaarg.end54 ], [ %gp_offset4695, %for.cond ]
  %d.1 = phi double [ %add, %vaarg.end ], [ %add19, %vaarg.end16 ], [ %add38, %vaarg.end35 ], [ %add58, %vaarg.end54 ], [ %d.0, %for.cond ]
  %incdec.ptr = getelementptr inbounds i8, ptr %p.0, i64 1
  br label %for.cond

cond.true:                                        ; preds = %for.cond
  %fp_offset_p67 = getelementptr inbounds i8, ptr %aq, i64 4
  %fp_offset68 = load i32, ptr %fp_offset_p67, align 4
  %fits_in_fp69 = icmp ult i32 %fp_offset68, 161
  br i1 %fits_in_fp69, label %vaarg.in_reg70, label %vaarg.in_mem72

vaarg.in_reg70:                                   ; preds = %cond.true
  %19 = getelementptr inbounds i8, ptr %aq, i64 16
  %reg_save_area71 = load ptr, ptr %19, align 16
  %20 = zext nneg i32 %fp_offset68 to i64
  %21 = getelementptr i8, ptr %reg_save_area71, i64 %20
  %22 = add nuw nsw i32 %fp_offset68, 16
  store i32 %22, ptr %fp_offset_p67, align 4
  br label %cond.end

vaarg.in_mem72:                                   ; preds = %cond.true
  %overflow_arg_area_p73 = getelementptr inbounds i8, ptr %aq, i64 8
  %overflow_arg_area74 = load ptr, ptr %overflow_arg_area_p73, align 8
  %overflow_arg_area.next75 = getelementptr i8, ptr %overflow_arg_area74, i64 8
  store ptr %overflow_arg_area.next75, ptr %overflow_arg_area_p73, align 8
  br label %cond.end

cond.end:                                         ; preds = %vaarg.in_reg70, %vaarg.in_mem72
  %vaarg.addr77 = phi ptr [ %21, %vaarg.in_reg70 ], [ %overflow_arg_area74, %vaarg.in_mem72 ]
  %23 = load double, ptr %vaarg.addr77, align 8
  call void @llvm.va_end.p0(ptr nonnull %aq)
  call void @llvm.va_end.p0(ptr nonnull %ap)
  %add80 = fadd double %d.0, %23
  call void @llvm.lifetime.end.p0(i64 24, ptr nonnull %aq)
  call void @llvm.lifetime.end.p0(i64 24, ptr nonnull %ap)
  ret double %add80
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.va_start.p0(ptr)

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.va_end.p0(ptr)

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn
declare void @llvm.va_copy.p0(ptr, ptr)



