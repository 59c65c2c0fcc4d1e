; RUN: irplay run %s
; RUN: irplay run --engine wasm %s
; strlen and strchr, which the wasm module defines with 16-byte vector scans from the
; aligned chunk holding the string's start: every start offset from 0 to 31 and length from
; 0 to 40, with bytes equal to the one sought before the string (in its first chunk) and
; after its terminator, where they must not be found; strchr of 0 finds the terminator,
; strchr of 'q' + 256 looks for 'q'. Made by clang-19 -O1 -fno-unroll-loops -fno-builtin
; from this C (attributes and metadata dropped):
;   static char buf[128]; for start in 0..32, len in 0..=40:
;     buf = 'x' * 128; buf[start + i] = 'a' + i % 7 for i < len; if len > 1,
;     buf[start + len / 2] = 'q'; buf[start + len] = 0; buf[start + len + 1] = 'z';
;     s = buf + start; h = h * 31 + each of strlen(s) and the offsets from s (or -1) of
;     strchr(s, 'q'), strchr(s, 'x'), strchr(s, 'z'), strchr(s, 0), strchr(s, 'q' + 256);
;   printf("%d %u\n", start, h) after each start.
; Expected output: the native build of that C by clang-19 (same as lli-19 on this file).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@buf = internal global [128 x i8] zeroinitializer, align 16
@.str = private unnamed_addr constant [7 x i8] c"%d %u\0A\00", align 1

define dso_local noundef i32 @main() local_unnamed_addr {
entry:
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %entry, %for.cond.cleanup3
  %indvars.iv130 = phi i64 [ 0, %entry ], [ %indvars.iv.next131, %for.cond.cleanup3 ]
  %h.0121 = phi i32 [ 0, %entry ], [ %add71, %for.cond.cleanup3 ]
  %add.ptr = getelementptr inbounds i8, ptr @buf, i64 %indvars.iv130
  %sub.ptr.rhs.cast = ptrtoint ptr %add.ptr to i64
  br label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3
  ret i32 0

for.cond.cleanup3:                                ; preds = %if.end
  %0 = trunc nuw nsw i64 %indvars.iv130 to i32
  %call75 = tail call i32 (ptr, ...) @printf(ptr noundef nonnull @.str, i32 noundef %0, i32 noundef %add71)
  %indvars.iv.next131 = add nuw nsw i64 %indvars.iv130, 1
  %exitcond134.not = icmp eq i64 %indvars.iv.next131, 32
  br i1 %exitcond134.not, label %for.cond.cleanup, label %for.cond1.preheader

for.body4:                                        ; preds = %for.cond1.preheader, %if.end
  %indvars.iv124 = phi i64 [ 0, %for.cond1.preheader ], [ %indvars.iv.next125, %if.end ]
  %h.1119 = phi i32 [ %h.0121, %for.cond1.preheader ], [ %add71, %if.end ]
  %call = tail call ptr @memset(ptr noundef nonnull @buf, i32 noundef 120, i64 noundef 128)
  %cmp6116.not = icmp eq i64 %indvars.iv124, 0
  br i1 %cmp6116.not, label %for.cond.cleanup7, label %for.body8

for.cond.cleanup7:                                ; preds = %for.body8, %for.body4
  %cmp10 = icmp ugt i64 %indvars.iv124, 1
  br i1 %cmp10, label %if.then, label %if.end

for.body8:                                        ; preds = %for.body4, %for.body8
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body8 ], [ 0, %for.body4 ]
  %1 = trunc nuw nsw i64 %indvars.iv to i32
  %rem = urem i32 %1, 7
  %2 = trunc nuw nsw i32 %rem to i8
  %conv = add nuw nsw i8 %2, 97
  %3 = add nuw nsw i64 %indvars.iv, %indvars.iv130
  %arrayidx = getelementptr inbounds [128 x i8], ptr @buf, i64 0, i64 %3
  store i8 %conv, ptr %arrayidx, align 1
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %indvars.iv124
  br i1 %exitcond.not, label %for.cond.cleanup7, label %for.body8

if.then:                                          ; preds = %for.cond.cleanup7
  %div115 = lshr i64 %indvars.iv124, 1
  %4 = and i64 %div115, 2147483647
  %5 = add nuw nsw i64 %4, %indvars.iv130
  %arrayidx14 = getelementptr inbounds [128 x i8], ptr @buf, i64 0, i64 %5
  store i8 113, ptr %arrayidx14, align 1
  br label %if.end

if.end:                                           ; preds = %if.then, %for.cond.cleanup7
  %6 = add nuw nsw i64 %indvars.iv124, %indvars.iv130
  %arrayidx17 = getelementptr inbounds [128 x i8], ptr @buf, i64 0, i64 %6
  store i8 0, ptr %arrayidx17, align 1
  %7 = add nuw nsw i64 %6, 1
  %arrayidx21 = getelementptr inbounds [128 x i8], ptr @buf, i64 0, i64 %7
  store i8 122, ptr %arrayidx21, align 1
  %call22 = tail call i64 @strlen(ptr noundef nonnull %add.ptr)
  %call23 = tail call ptr @strchr(ptr noundef nonnull %add.ptr, i32 noundef 113)
  %call24 = tail call ptr @strchr(ptr noundef nonnull %add.ptr, i32 noundef 120)
  %call25 = tail call ptr @strchr(ptr noundef nonnull %add.ptr, i32 noundef 122)
  %call26 = tail call ptr @strchr(ptr noundef nonnull %add.ptr, i32 noundef 0)
  %call27 = tail call ptr @strchr(ptr noundef nonnull %add.ptr, i32 noundef 369)
  %mul = mul i32 %h.1119, 31
  %conv28 = trunc i64 %call22 to i32
  %add29 = add i32 %mul, %conv28
  %mul30 = mul i32 %add29, 31
  %tobool.not = icmp eq ptr %call23, null
  %sub.ptr.lhs.cast = ptrtoint ptr %call23 to i64
  %sub.ptr.sub = sub i64 %sub.ptr.lhs.cast, %sub.ptr.rhs.cast
  %8 = trunc i64 %sub.ptr.sub to i32
  %conv31 = select i1 %tobool.not, i32 -1, i32 %8
  %add32 = add i32 %conv31, %mul30
  %mul33 = mul i32 %add32, 31
  %tobool34.not = icmp eq ptr %call24, null
  %sub.ptr.lhs.cast36 = ptrtoint ptr %call24 to i64
  %sub.ptr.sub38 = sub i64 %sub.ptr.lhs.cast36, %sub.ptr.rhs.cast
  %9 = trunc i64 %sub.ptr.sub38 to i32
  %conv42 = select i1 %tobool34.not, i32 -1, i32 %9
  %add43 = add i32 %mul33, %conv42
  %mul44 = mul i32 %add43, 31
  %tobool45.not = icmp eq ptr %call25, null
  %sub.ptr.lhs.cast47 = ptrtoint ptr %call25 to i64
  %sub.ptr.sub49 = sub i64 %sub.ptr.lhs.cast47, %sub.ptr.rhs.cast
  %10 = trunc i64 %sub.ptr.sub49 to i32
  %conv53 = select i1 %tobool45.not, i32 -1, i32 %10
  %add54 = add i32 %mul44, %conv53
  %mul55 = mul i32 %add54, 31
  %sub.ptr.lhs.cast56 = ptrtoint ptr %call26 to i64
  %sub.ptr.sub58 = sub i64 %sub.ptr.lhs.cast56, %sub.ptr.rhs.cast
  %conv59 = trunc i64 %sub.ptr.sub58 to i32
  %add60 = add i32 %mul55, %conv59
  %mul61 = mul i32 %add60, 31
  %tobool62.not = icmp eq ptr %call27, null
  %sub.ptr.lhs.cast64 = ptrtoint ptr %call27 to i64
  %sub.ptr.sub66 = sub i64 %sub.ptr.lhs.cast64, %sub.ptr.rhs.cast
  %11 = trunc i64 %sub.ptr.sub66 to i32
  %conv70 = select i1 %tobool62.not, i32 -1, i32 %11
  %add71 = add i32 %mul61, %conv70
  %indvars.iv.next125 = add nuw nsw i64 %indvars.iv124, 1
  %exitcond129.not = icmp eq i64 %indvars.iv.next125, 41
  br i1 %exitcond129.not, label %for.cond.cleanup3, label %for.body4
}

declare ptr @memset(ptr noundef, i32 noundef, i64 noundef) local_unnamed_addr

declare i64 @strlen(ptr noundef) local_unnamed_addr

declare ptr @strchr(ptr noundef, i32 noundef) local_unnamed_addr

declare i32 @printf(ptr noundef, ...) local_unnamed_addr



