; RUN: irplay check %s
; LangRef: Unary Operations (fneg) and Binary Operations (add, fadd, sub,
; fsub, mul, fmul, udiv, sdiv, fdiv, urem, srem, frem) with nuw/nsw/exact
; and every fast-math flag, on scalars and vectors.

define void @int(i32 %a, i32 %b, <4 x i32> %v) {
  %add = add i32 %a, %b
  %add.nuw = add nuw i32 %a, %b
  %add.nsw = add nsw i32 %a, %b
  %add.both = add nuw nsw i32 %a, %b
  %sub = sub nsw i32 %a, 1
  %sub.nuw = sub nuw i32 %a, %b
  %mul = mul nuw nsw i32 %a, %b
  %udiv = udiv i32 %a, %b
  %udiv.exact = udiv exact i32 %a, %b
  %sdiv = sdiv i32 %a, 7
  %sdiv.exact = sdiv exact i32 %a, 7
  %urem = urem i32 %a, %b
  %srem = srem i32 %a, -3
  %vadd = add nsw <4 x i32> %v, <i32 1, i32 2, i32 3, i32 4>
  %vmul = mul <4 x i32> %v, splat (i32 2)
  %vsdiv = sdiv exact <4 x i32> %v, <i32 2, i32 2, i32 2, i32 2>
  ret void
}

define void @fp(float %a, float %b, double %d, <2 x double> %v) {
  %neg = fneg float %a
  %neg.fmf = fneg nnan float %a
  %vneg = fneg <2 x double> %v
  %fadd = fadd float %a, %b
  %fsub = fsub float %a, %b
  %fmul = fmul float %a, %b
  %fdiv = fdiv float %a, %b
  %frem = frem float %a, %b
  %f.nnan = fadd nnan float %a, %b
  %f.ninf = fadd ninf float %a, %b
  %f.nsz = fadd nsz float %a, %b
  %f.arcp = fdiv arcp float %a, %b
  %f.contract = fmul contract float %a, %b
  %f.afn = fmul afn float %a, %b
  %f.reassoc = fadd reassoc float %a, %b
  %f.fast = fadd fast float %a, %b
  %f.several = fsub nnan ninf nsz float %a, %b
  %f.all.spelled = fmul reassoc nnan ninf nsz arcp contract afn double %d, %d
  %vf = fmul fast <2 x double> %v, <double 1.0, double 2.0>
  %frem.fmf = frem nsz double %d, 1.0
  ret void
}
