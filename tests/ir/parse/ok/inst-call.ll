; RUN: irplay check %s
; LangRef: 'call' (tail, musttail, notail, calling conventions, return and
; parameter attributes, function attributes and attribute groups at call
; sites, fast-math flags, explicit function types, indirect calls, address
; spaces, operand bundles of every documented kind).

declare i32 @callee(i32)
declare float @fcallee(float)
declare void @vcallee()
declare void @varargs(i32, ...)
declare fastcc i32 @fast(i32)
declare noalias ptr @alloc(i64)
declare token @llvm.experimental.gc.statepoint.p0(i64 immarg, i32 immarg, ptr, i32 immarg, i32 immarg, ...)
declare void @llvm.assume(i1 noundef)
declare ptr @llvm.objc.retainAutoreleasedReturnValue(ptr)
declare ptr @objc.callee()
declare token @llvm.call.preallocated.setup(i32)
declare ptr @llvm.call.preallocated.arg(token, i32)
declare void @takes.prealloc(ptr preallocated(i32))
declare token @llvm.experimental.convergence.entry()
declare token @llvm.experimental.convergence.anchor()
declare void @conv.callee() convergent

define i32 @calls(i32 %x, ptr %fp, float %f, ptr %obj) {
  %a = call i32 @callee(i32 %x)
  %b = tail call i32 @callee(i32 %a)
  %c = notail call i32 @callee(i32 %b)
  %d = call fastcc i32 @fast(i32 %c)
  %e = call noundef i32 @callee(i32 noundef %d) #0
  %g = call i32 %fp(i32 %e)
  %h = call i32 (i32) %fp(i32 %g)
  call void (i32, ...) @varargs(i32 1, i32 2, double 3.0)
  %k = call nnan float @fcallee(float %f)
  %l = call fast float @fcallee(float %k)
  %m = call noalias ptr @alloc(i64 16) "alloc-family"="malloc"
  call void @vcallee() nounwind readnone
  call void @vcallee() [ "deopt"(i32 %x, ptr null), "gc-transition"(i32 0) ]
  call void @vcallee() [ "gc-live"(ptr %obj) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %obj, i64 16), "nonnull"(ptr %obj), "dereferenceable"(ptr %obj, i64 8) ]
  call void @vcallee() [ "kcfi"(i32 1234) ]
  call void %fp() [ "ptrauth"(i32 0, i64 42) ]
  %o = call ptr @objc.callee() [ "clang.arc.attachedcall"(ptr @llvm.objc.retainAutoreleasedReturnValue) ]
  %t = call token @llvm.call.preallocated.setup(i32 1)
  %pa = call ptr @llvm.call.preallocated.arg(token %t, i32 0) preallocated(i32)
  call void @takes.prealloc(ptr preallocated(i32) %pa) [ "preallocated"(token %t) ]
  %r = call i32 @tail.target(i32 %h)
  ret i32 %r
}

define i32 @tail.target(i32 %x) {
  %r = musttail call i32 @tail.target(i32 %x)
  ret i32 %r
}

define void @convergent() convergent {
  %entry = call token @llvm.experimental.convergence.entry()
  call void @conv.callee() [ "convergencectrl"(token %entry) ]
  %anchor = call token @llvm.experimental.convergence.anchor()
  call void @conv.callee() [ "convergencectrl"(token %anchor) ]
  ret void
}

define void @addrspace.call(ptr addrspace(1) %f) {
  call addrspace(1) void %f()
  ret void
}

attributes #0 = { nounwind "call-site"="yes" }
