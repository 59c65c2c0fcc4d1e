; RUN: irplay opt -p simplifycfg %s
; Blocks unreachable from the entry are removed, including a loop of them and a block that
; branches into reachable code: the phi entries they fed go too (%join keeps only the entry
; from %entry, and then is merged into it). A block whose address is taken by `blockaddress`
; stays even when no branch reaches it, and so does what it reaches (@g's %kept keeps the
; loop). Oracle: opt-19 -passes=simplifycfg removes the same blocks from @f; in @g it also
; drops %kept and the loop, replacing the `blockaddress` by a constant. We keep them on
; purpose (the address may be compared or printed). The three programs print the same.

@fmt = private constant [4 x i8] c"%d\0A\00"
@addr = global ptr blockaddress(@g, %kept)
declare i32 @printf(ptr, ...)

define i32 @f(i32 %x) {
entry:
  br label %join

loop.a:
  %la = add i32 %lb, 1
  br label %loop.b

loop.b:
  %lb = phi i32 [ %la, %loop.a ]
  br i1 true, label %loop.a, label %join

join:
  %r = phi i32 [ %x, %entry ], [ %lb, %loop.b ]
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @g(i32 %x) {
entry:
  br label %join

loop.a:
  %la = add i32 %lb, 1
  br label %loop.b

loop.b:
  %lb = phi i32 [ %la, %loop.a ], [ 0, %kept ]
  br i1 %c, label %loop.a, label %join

kept:
  %c = icmp eq i32 %x, 0
  br label %loop.b

join:
  %r = phi i32 [ %x, %entry ], [ %lb, %loop.b ]
  ret i32 %r
}

define i32 @main() {
  %a = call i32 @f(i32 41)
  %b = call i32 @g(i32 %a)
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %b)
  ret i32 0
}
