; RUN: irplay check %s
; LangRef: Use-list Order Directives (uselistorder at function and global
; scope, on arguments, labels, globals, constants and functions;
; uselistorder_bb for blocks whose address is taken).

@global = global i32 0
@refs = global [3 x ptr] [ptr @global, ptr @global, ptr @global]
@addr = global ptr blockaddress(@foo, %bb)
@addr2 = global ptr blockaddress(@baz, %target)

define void @foo(i32 %arg1, i32 %arg2) {
entry:
  %a = add i32 %arg1, %arg2
  %b = mul i32 %arg1, 7
  %c = sub i32 %arg1, 7
  %cond = icmp eq i32 %a, %b
  br i1 %cond, label %bb, label %other

other:
  br label %bb

bb:
  %p = phi i32 [ %c, %entry ], [ %b, %other ]
  ret void

  uselistorder i32 %arg1, { 1, 0, 2 }
  uselistorder label %bb, { 1, 2, 0 }
}

define void @baz(i1 %c) {
entry:
  br i1 %c, label %target, label %mid

mid:
  br label %target

target:
  ret void
}

define i32 @bar(i32 %x) {
  %r = add i32 %x, 1
  ret i32 %r
}

define void @calls() {
  %1 = call i32 @bar(i32 1)
  %2 = call i32 @bar(i32 2)
  store i32 %2, ptr @global
  ret void
}

uselistorder ptr @global, { 1, 2, 3, 0 }
uselistorder ptr @bar, { 1, 0 }
uselistorder_bb @baz, %target, { 2, 0, 1 }
