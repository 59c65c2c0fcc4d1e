; RUN: irplay check %s
; LangRef: Addresses of Basic Blocks (blockaddress), DSO Local Equivalent,
; No CFI, Pointer Authentication Constants (ptrauth).

@ba = global ptr blockaddress(@target, %bb)
@ba.entry.not.allowed.so.second = global ptr blockaddress(@target, %bb2)
@dle = global ptr dso_local_equivalent @ext.fn
@nocfi = global ptr no_cfi @ext.fn
@pa = constant ptr ptrauth (ptr @ext.fn, i32 0)
@pa.disc = constant ptr ptrauth (ptr @ext.fn, i32 2, i64 1234)
@pa.addr = constant ptr ptrauth (ptr @ext.fn, i32 1, i64 5, ptr @pa.addr)
@pa.as = constant ptr ptrauth (ptr @g, i32 3)
@g = global i32 0

declare void @ext.fn()

define void @target(i32 %x) {
entry:
  %c = icmp eq i32 %x, 0
  br i1 %c, label %bb, label %bb2

bb:
  ret void

bb2:
  ret void
}

define ptr @uses() {
  %a = getelementptr i8, ptr blockaddress(@target, %bb), i64 0
  call void dso_local_equivalent @ext.fn()
  call void no_cfi @ext.fn()
  ret ptr dso_local_equivalent @ext.fn
}
