; RUN: irplay check %s
; LangRef: Parameter Attributes (on parameters and return values of
; definitions, declarations and call sites).

%struct = type { i32, i64 }

declare zeroext i8 @ret.zext()
declare signext i16 @ret.sext()
declare inreg i32 @ret.inreg()
declare noalias ptr @ret.noalias()
declare nonnull ptr @ret.nonnull()
declare dereferenceable(16) ptr @ret.deref()
declare dereferenceable_or_null(8) ptr @ret.deref.null()
declare align 16 ptr @ret.align()
declare noundef i32 @ret.noundef()
declare range(i32 -5, 100) i32 @ret.range()
declare nofpclass(nan) float @ret.nofpclass()
declare noundef nonnull align 8 dereferenceable(24) ptr @ret.many()

declare void @p.ext(i8 zeroext, i16 signext, i32 inreg)
declare void @p.byval(ptr byval(%struct) align 8)
declare void @p.byref(ptr byref(%struct))
declare void @p.preallocated(ptr preallocated(%struct))
declare void @p.inalloca(ptr inalloca(%struct))
declare void @p.sret(ptr sret(%struct) align 4)
declare void @p.align(ptr align 64)
declare void @p.noalias(ptr noalias nocapture nofree)
declare void @p.nest(ptr nest)
declare ptr @p.returned(ptr returned)
declare void @p.nonnull(ptr nonnull dereferenceable(4) dereferenceable_or_null(8))
declare swiftcc void @p.swift(ptr swiftself, ptr swiftasync, ptr swifterror)
declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
declare void @p.noundef(i32 noundef)
declare void @p.nofpclass(float nofpclass(nan inf), double nofpclass(snan qnan ninf pinf nnorm pnorm nsub psub nzero pzero zero sub norm all))
declare void @p.alignstack(ptr alignstack(16))
declare ptr @p.allocalign(i64 allocalign, ptr allocptr)
declare void @p.memory(ptr readnone, ptr readonly, ptr writeonly)
declare void @p.writable(ptr writable dead_on_unwind)
declare void @p.range(i8 range(i8 0, 3), <2 x i32> range(i32 1, 0))
declare void @p.initializes(ptr initializes((0, 4), (8, 12)))
declare void @p.named(i32 %named, ptr noundef %named.ptr)

define noundef i32 @def(i32 noundef signext %a, ptr nocapture readonly align 4 %p, ptr byval(%struct) %s) {
  %v = load i32, ptr %p, align 4
  %r = add i32 %a, %v
  ret i32 %r
}

define void @callsite(ptr %p) {
  %r = call noundef i32 @def(i32 noundef signext 1, ptr nocapture readonly align 4 %p, ptr byval(%struct) %p)
  call void @p.ext(i8 zeroext 1, i16 signext -1, i32 inreg 3)
  %q = call nonnull ptr @p.returned(ptr returned %p)
  call void @llvm.memcpy.p0.p0.i64(ptr align 4 %p, ptr align 4 %q, i64 8, i1 false)
  %e = call ptr @llvm.preserve.array.access.index.p0.p0(ptr elementtype([4 x i32]) %p, i32 0, i32 1)
  call void asm sideeffect "", "=*m"(ptr elementtype(i32) %p)
  ret void
}

declare ptr @llvm.preserve.array.access.index.p0.p0(ptr, i32 immarg, i32 immarg)
