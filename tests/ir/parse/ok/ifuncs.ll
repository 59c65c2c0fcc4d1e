; RUN: irplay check %s
; LangRef: IFuncs (linkage, visibility, resolvers, partitions).

@ifunc = ifunc i32 (i32), ptr @resolver
@ifunc.internal = internal ifunc i32 (i32), ptr @resolver
@ifunc.weak.hidden = weak hidden ifunc i32 (i32), ptr @resolver
@ifunc.dso = dso_local ifunc void (), ptr @resolver.void
@ifunc.partition = ifunc i32 (i32), ptr @resolver, partition "part"
@ifunc.protected = protected ifunc i32 (i32), ptr @resolver

define i32 @impl(i32 %x) {
  ret i32 %x
}

define internal ptr @resolver() {
  ret ptr @impl
}

define internal ptr @resolver.void() {
  ret ptr null
}

define i32 @use(i32 %x) {
  %r = call i32 @ifunc(i32 %x)
  ret i32 %r
}
