; RUN: irplay check %s
; LangRef: 'phi' (several incoming values, self references, fast-math flags,
; forward references), 'select' (scalar and vector conditions, fast-math
; flags), 'freeze'.

define i32 @loop(i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %next, %loop ]
  %acc = phi i32 [ %n, %entry ], [ %acc.next, %loop ]
  %next = add i32 %i, 1
  %acc.next = mul i32 %acc, %i
  %done = icmp eq i32 %next, %n
  br i1 %done, label %exit, label %loop

exit:
  %r = phi i32 [ %acc.next, %loop ]
  ret i32 %r
}

define float @fp.phi(i1 %c, float %a, float %b) {
entry:
  br i1 %c, label %x, label %y

x:
  br label %z

y:
  br label %z

z:
  %p = phi fast float [ %a, %x ], [ %b, %y ]
  %q = phi nnan nsz float [ 1.0, %x ], [ 2.0, %y ]
  %s = fadd float %p, %q
  ret float %s
}

define void @select.freeze(i1 %c, <2 x i1> %vc, i32 %a, i32 %b, <2 x float> %x, <2 x float> %y, double %d) {
  %s0 = select i1 %c, i32 %a, i32 %b
  %s1 = select <2 x i1> %vc, <2 x float> %x, <2 x float> %y
  %s2 = select i1 %c, <2 x float> %x, <2 x float> %y
  %s3 = select nnan nsz i1 %c, double %d, double 0.0
  %s4 = select fast <2 x i1> %vc, <2 x float> %x, <2 x float> zeroinitializer
  %s5 = select i1 %c, ptr null, ptr null
  %s6 = select i1 %c, { i32 } { i32 1 }, { i32 } zeroinitializer
  %f0 = freeze i32 %a
  %f1 = freeze <2 x float> %x
  %f2 = freeze ptr null
  %f3 = freeze i32 poison
  %f4 = freeze { i32, i8 } undef
  ret void
}

define i32 @phi.same.pred.twice(i1 %c) {
entry:
  br i1 %c, label %next, label %next

next:
  %p = phi i32 [ 1, %entry ], [ 1, %entry ]
  ret i32 %p
}
