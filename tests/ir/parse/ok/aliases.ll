; RUN: irplay check %s
; LangRef: Aliases (linkage, visibility, DLL storage, thread_local,
; unnamed_addr, aliasee constant expressions, partitions).

@g = global [4 x i32] [i32 1, i32 2, i32 3, i32 4]
@tls = thread_local global i32 0

@a = alias i32, ptr @g
@a.private = private alias i32, ptr @g
@a.internal = internal alias i32, ptr @g
@a.weak = weak alias i32, ptr @g
@a.linkonce_odr = linkonce_odr alias i32, ptr @g
@a.weak_odr = weak_odr alias i32, ptr @g
@a.hidden = hidden alias i32, ptr @g
@a.protected = protected alias i32, ptr @g
@a.dso.local = dso_local alias i32, ptr @g
@a.export = dllexport alias i32, ptr @g
@a.tls = thread_local(localdynamic) alias i32, ptr @tls
@a.unnamed = unnamed_addr alias i32, ptr @g
@a.local.unnamed = local_unnamed_addr alias i32, ptr @g
@a.gep = alias i32, getelementptr inbounds ([4 x i32], ptr @g, i64 0, i64 2)
@a.of.alias = alias i32, ptr @a
@a.fn = alias void (), ptr @f
@a.partition = alias i32, ptr @g, partition "part"
@a.as = alias i32, addrspacecast (ptr @g to ptr addrspace(1))
@a.all = weak_odr hidden thread_local(localexec) unnamed_addr alias i32, ptr @tls
@a.forward = alias i64, ptr @later

@later = global i64 5

define void @f() {
  %v = load i32, ptr @a.gep
  call void @a.fn()
  ret void
}
