; RUN: irplay check %s
; LangRef: Thread Local Storage Models, unnamed_addr / local_unnamed_addr.

@tls = thread_local global i32 0
@tls.ld = thread_local(localdynamic) global i32 0
@tls.ie = thread_local(initialexec) global i32 0
@tls.le = thread_local(localexec) global i32 0
@tls.ext = external thread_local(initialexec) global i32
@ua = unnamed_addr global i32 1
@lua = local_unnamed_addr global i32 2
@str = private unnamed_addr constant [6 x i8] c"hello\00"
@everything = internal thread_local(localexec) unnamed_addr global i64 3

define internal fastcc void @f.ua() unnamed_addr {
  ret void
}

define void @f.lua() local_unnamed_addr {
  ret void
}

define ptr @tls.address() {
  %p = call ptr @llvm.threadlocal.address.p0(ptr @tls.le)
  ret ptr %p
}

declare ptr @llvm.threadlocal.address.p0(ptr)
