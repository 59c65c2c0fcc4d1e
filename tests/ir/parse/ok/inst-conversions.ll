; RUN: irplay check %s
; LangRef: Conversion Operations: trunc (nuw/nsw), zext (nneg), sext,
; fptrunc, fpext, fptoui, fptosi, uitofp (nneg), sitofp, ptrtoint,
; inttoptr, bitcast, addrspacecast, on scalars and vectors.

define void @conv(i64 %i, i8 %b, double %d, float %f, ptr %p, <4 x i32> %v, <2 x ptr> %vp) {
  %trunc = trunc i64 %i to i32
  %trunc.nuw = trunc nuw i64 %i to i32
  %trunc.nsw = trunc nsw i64 %i to i16
  %trunc.both = trunc nuw nsw i64 %i to i1
  %zext = zext i8 %b to i32
  %zext.nneg = zext nneg i8 %b to i64
  %sext = sext i8 %b to i16
  %fptrunc = fptrunc double %d to float
  %fpext = fpext float %f to double
  %fptoui = fptoui double %d to i32
  %fptosi = fptosi float %f to i8
  %uitofp = uitofp i8 %b to float
  %uitofp.nneg = uitofp nneg i8 %b to double
  %sitofp = sitofp i64 %i to double
  %ptrtoint = ptrtoint ptr %p to i64
  %ptrtoint.small = ptrtoint ptr %p to i8
  %inttoptr = inttoptr i64 %i to ptr
  %inttoptr.as = inttoptr i32 %trunc to ptr addrspace(2)
  %bitcast = bitcast double %d to i64
  %bitcast.vec = bitcast <4 x i32> %v to <2 x i64>
  %bitcast.ptr = bitcast ptr %p to ptr
  %bitcast.v2s = bitcast <4 x i32> %v to i128
  %asc = addrspacecast ptr %p to ptr addrspace(1)
  %asc.vec = addrspacecast <2 x ptr> %vp to <2 x ptr addrspace(7)>
  %vtrunc = trunc <4 x i32> %v to <4 x i8>
  %vzext = zext nneg <4 x i32> %v to <4 x i64>
  %vsitofp = sitofp <4 x i32> %v to <4 x float>
  %vptoi = ptrtoint <2 x ptr> %vp to <2 x i64>
  ret void
}
