; RUN: irplay check %s
; LangRef: Linkage Types (every linkage on global variables and functions).

@private = private global i32 1
@internal = internal global i32 2
@available_externally = available_externally global i32 3
@linkonce = linkonce global i32 4
@weak = weak global i32 5
@common = common global i32 0
@appending = appending global [1 x ptr] [ptr @external]
@extern_weak = extern_weak global i32
@linkonce_odr = linkonce_odr global i32 8
@weak_odr = weak_odr global i32 9
@external = external global i32
@external.def = global i32 10
@explicit.external = external global i8, align 1
@llvm.used = appending global [2 x ptr] [ptr @private, ptr @internal], section "llvm.metadata"

define private void @f.private() {
  ret void
}

define internal void @f.internal() {
  ret void
}

define available_externally void @f.available_externally() {
  ret void
}

define linkonce void @f.linkonce() {
  ret void
}

define weak void @f.weak() {
  ret void
}

define linkonce_odr void @f.linkonce_odr() {
  ret void
}

define weak_odr void @f.weak_odr() {
  ret void
}

define external void @f.external() {
  ret void
}

declare extern_weak void @f.extern_weak()

declare external void @f.declared()

define void @uses() {
  call void @f.private()
  call void @f.internal()
  ret void
}
