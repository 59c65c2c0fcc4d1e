; RUN: irplay check %s
; LangRef: Intrinsic Global Variables (llvm.used, llvm.compiler.used,
; llvm.global_ctors, llvm.global_dtors), Global Attributes, and the
; Automatic Linker Flags / Dependent Libs named metadata.

@a = internal global i32 0
@b = internal global i32 1

@llvm.used = appending global [2 x ptr] [ptr @a, ptr @ctor], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @b], section "llvm.metadata"
@llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }, { i32, ptr, ptr } { i32 101, ptr @ctor, ptr @a }]
@llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @dtor, ptr null }]

define internal void @ctor() {
  ret void
}

define internal void @dtor() {
  ret void
}

!llvm.linker.options = !{!0, !1}
!llvm.dependent-libraries = !{!2}

!0 = !{!"-lz"}
!1 = !{!"/DEFAULTLIB:msvcrt.lib", !"/include:foo"}
!2 = !{!"libm"}
