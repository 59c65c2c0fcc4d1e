; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; memmove, memcpy and memset of every length from 0 to 40 bytes, overlapping both ways:
; the wasm backend moves up to 32 bytes by loads and stores (the first and last 16, 8, 4 or
; 1 bytes, all loads before the stores) and longer ones with memory.copy/memory.fill. Made
; by clang-19 -O1 -fno-unroll-loops from this C (attributes and metadata dropped):
;   static unsigned char buf[96];
;   reset(n): buf[i] = i * 7 + n for all i;  sum(): h = h * 31 + buf[i] over all i
;   for n in 0..=40: h = 0;
;     reset(n); memmove(buf + 3, buf, n);        h = h * 17 + sum();
;     reset(n); memmove(buf + 40, buf + 41, n);  h = h * 17 + sum();
;     reset(n); memcpy(buf + 50, buf + 1, n);    h = h * 17 + sum();
;     memset(buf + 5, n + 200, n);               h = h * 17 + sum();
;     printf("%d %u\n", n, h);
; Expected output: the native build of that C by clang-19 (same as lli-19 on this file).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@buf = internal unnamed_addr global [96 x i8] zeroinitializer, align 16
@.str = private unnamed_addr constant [7 x i8] c"%d %u\0A\00", align 1

define dso_local noundef i32 @main() local_unnamed_addr {
entry:
  br label %for.body.i.preheader

for.body.i.preheader:                             ; preds = %entry, %sum.exit78
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %sum.exit78 ]
  %0 = trunc i64 %indvars.iv to i8
  br label %for.body.i

for.cond.cleanup:                                 ; preds = %sum.exit78
  ret i32 0

for.body.i:                                       ; preds = %for.body.i.preheader, %for.body.i
  %indvars.iv.i = phi i64 [ %indvars.iv.next.i, %for.body.i ], [ 0, %for.body.i.preheader ]
  %1 = trunc i64 %indvars.iv.i to i8
  %2 = mul i8 %1, 7
  %conv.i = add i8 %2, %0
  %arrayidx.i = getelementptr inbounds [96 x i8], ptr @buf, i64 0, i64 %indvars.iv.i
  store i8 %conv.i, ptr %arrayidx.i, align 1
  %indvars.iv.next.i = add nuw nsw i64 %indvars.iv.i, 1
  %exitcond.not.i = icmp eq i64 %indvars.iv.next.i, 96
  br i1 %exitcond.not.i, label %reset.exit, label %for.body.i

reset.exit:                                       ; preds = %for.body.i
  tail call void @llvm.memmove.p0.p0.i64(ptr nonnull align 1 getelementptr inbounds (i8, ptr @buf, i64 3), ptr nonnull align 16 @buf, i64 %indvars.iv, i1 false)
  br label %for.body.i29

for.body.i29:                                     ; preds = %for.body.i29, %reset.exit
  %indvars.iv.i30 = phi i64 [ 0, %reset.exit ], [ %indvars.iv.next.i33, %for.body.i29 ]
  %h.04.i = phi i32 [ 0, %reset.exit ], [ %add.i, %for.body.i29 ]
  %mul.i = mul i32 %h.04.i, 31
  %arrayidx.i31 = getelementptr inbounds [96 x i8], ptr @buf, i64 0, i64 %indvars.iv.i30
  %3 = load i8, ptr %arrayidx.i31, align 1
  %conv.i32 = zext i8 %3 to i32
  %add.i = add i32 %mul.i, %conv.i32
  %indvars.iv.next.i33 = add nuw nsw i64 %indvars.iv.i30, 1
  %exitcond.not.i34 = icmp eq i64 %indvars.iv.next.i33, 96
  br i1 %exitcond.not.i34, label %for.body.i35.preheader, label %for.body.i29

for.body.i35.preheader:                           ; preds = %for.body.i29
  %4 = trunc i64 %indvars.iv to i8
  br label %for.body.i35

for.body.i35:                                     ; preds = %for.body.i35.preheader, %for.body.i35
  %indvars.iv.i36 = phi i64 [ %indvars.iv.next.i39, %for.body.i35 ], [ 0, %for.body.i35.preheader ]
  %5 = trunc i64 %indvars.iv.i36 to i8
  %6 = mul i8 %5, 7
  %conv.i37 = add i8 %6, %4
  %arrayidx.i38 = getelementptr inbounds [96 x i8], ptr @buf, i64 0, i64 %indvars.iv.i36
  store i8 %conv.i37, ptr %arrayidx.i38, align 1
  %indvars.iv.next.i39 = add nuw nsw i64 %indvars.iv.i36, 1
  %exitcond.not.i40 = icmp eq i64 %indvars.iv.next.i39, 96
  br i1 %exitcond.not.i40, label %reset.exit41, label %for.body.i35

reset.exit41:                                     ; preds = %for.body.i35
  tail call void @llvm.memmove.p0.p0.i64(ptr nonnull align 8 getelementptr inbounds (i8, ptr @buf, i64 40), ptr nonnull align 1 getelementptr inbounds (i8, ptr @buf, i64 41), i64 %indvars.iv, i1 false)
  br label %for.body.i42

for.body.i42:                                     ; preds = %for.body.i42, %reset.exit41
  %indvars.iv.i43 = phi i64 [ 0, %reset.exit41 ], [ %indvars.iv.next.i49, %for.body.i42 ]
  %h.04.i44 = phi i32 [ 0, %reset.exit41 ], [ %add.i48, %for.body.i42 ]
  %mul.i45 = mul i32 %h.04.i44, 31
  %arrayidx.i46 = getelementptr inbounds [96 x i8], ptr @buf, i64 0, i64 %indvars.iv.i43
  %7 = load i8, ptr %arrayidx.i46, align 1
  %conv.i47 = zext i8 %7 to i32
  %add.i48 = add i32 %mul.i45, %conv.i47
  %indvars.iv.next.i49 = add nuw nsw i64 %indvars.iv.i43, 1
  %exitcond.not.i50 = icmp eq i64 %indvars.iv.next.i49, 96
  br i1 %exitcond.not.i50, label %sum.exit51, label %for.body.i42

sum.exit51:                                       ; preds = %for.body.i42
  %mul2 = mul i32 %add.i, 17
  %8 = trunc i64 %indvars.iv to i8
  br label %for.body.i52

for.body.i52:                                     ; preds = %for.body.i52, %sum.exit51
  %indvars.iv.i53 = phi i64 [ 0, %sum.exit51 ], [ %indvars.iv.next.i56, %for.body.i52 ]
  %9 = trunc i64 %indvars.iv.i53 to i8
  %10 = mul i8 %9, 7
  %conv.i54 = add i8 %10, %8
  %arrayidx.i55 = getelementptr inbounds [96 x i8], ptr @buf, i64 0, i64 %indvars.iv.i53
  store i8 %conv.i54, ptr %arrayidx.i55, align 1
  %indvars.iv.next.i56 = add nuw nsw i64 %indvars.iv.i53, 1
  %exitcond.not.i57 = icmp eq i64 %indvars.iv.next.i56, 96
  br i1 %exitcond.not.i57, label %reset.exit58, label %for.body.i52

reset.exit58:                                     ; preds = %for.body.i52
  tail call void @llvm.memcpy.p0.p0.i64(ptr nonnull align 2 getelementptr inbounds (i8, ptr @buf, i64 50), ptr nonnull align 1 getelementptr inbounds (i8, ptr @buf, i64 1), i64 %indvars.iv, i1 false)
  br label %for.body.i59

for.body.i59:                                     ; preds = %for.body.i59, %reset.exit58
  %indvars.iv.i60 = phi i64 [ 0, %reset.exit58 ], [ %indvars.iv.next.i66, %for.body.i59 ]
  %h.04.i61 = phi i32 [ 0, %reset.exit58 ], [ %add.i65, %for.body.i59 ]
  %mul.i62 = mul i32 %h.04.i61, 31
  %arrayidx.i63 = getelementptr inbounds [96 x i8], ptr @buf, i64 0, i64 %indvars.iv.i60
  %11 = load i8, ptr %arrayidx.i63, align 1
  %conv.i64 = zext i8 %11 to i32
  %add.i65 = add i32 %mul.i62, %conv.i64
  %indvars.iv.next.i66 = add nuw nsw i64 %indvars.iv.i60, 1
  %exitcond.not.i67 = icmp eq i64 %indvars.iv.next.i66, 96
  br i1 %exitcond.not.i67, label %sum.exit68, label %for.body.i59

sum.exit68:                                       ; preds = %for.body.i59
  %add4 = add i32 %add.i48, %mul2
  %mul6 = mul i32 %add4, 17
  %12 = trunc i64 %indvars.iv to i8
  %13 = add nsw i8 %12, -56
  tail call void @llvm.memset.p0.i64(ptr nonnull align 1 getelementptr inbounds (i8, ptr @buf, i64 5), i8 %13, i64 %indvars.iv, i1 false)
  br label %for.body.i69

for.body.i69:                                     ; preds = %for.body.i69, %sum.exit68
  %indvars.iv.i70 = phi i64 [ 0, %sum.exit68 ], [ %indvars.iv.next.i76, %for.body.i69 ]
  %h.04.i71 = phi i32 [ 0, %sum.exit68 ], [ %add.i75, %for.body.i69 ]
  %mul.i72 = mul i32 %h.04.i71, 31
  %arrayidx.i73 = getelementptr inbounds [96 x i8], ptr @buf, i64 0, i64 %indvars.iv.i70
  %14 = load i8, ptr %arrayidx.i73, align 1
  %conv.i74 = zext i8 %14 to i32
  %add.i75 = add i32 %mul.i72, %conv.i74
  %indvars.iv.next.i76 = add nuw nsw i64 %indvars.iv.i70, 1
  %exitcond.not.i77 = icmp eq i64 %indvars.iv.next.i76, 96
  br i1 %exitcond.not.i77, label %sum.exit78, label %for.body.i69

sum.exit78:                                       ; preds = %for.body.i69
  %add8 = add i32 %add.i65, %mul6
  %mul11 = mul i32 %add8, 17
  %add13 = add i32 %add.i75, %mul11
  %15 = trunc nuw nsw i64 %indvars.iv to i32
  %call14 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str, i32 noundef %15, i32 noundef %add13)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, 41
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body.i.preheader
}

declare void @llvm.memmove.p0.p0.i64(ptr nocapture writeonly, ptr nocapture readonly, i64, i1 immarg)

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)

declare void @llvm.memset.p0.i64(ptr nocapture writeonly, i8, i64, i1 immarg)

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr



