; RUN: irplay check %s
; LangRef: 'catchswitch', 'catchret', 'cleanupret', 'catchpad',
; 'cleanuppad', funclet operand bundles (Windows EH).

declare i32 @__CxxFrameHandler3(...)
declare void @may.throw()
declare void @cleanup.work()

define void @f() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may.throw()
          to label %invoke.cont unwind label %catch.dispatch

invoke.cont:
  invoke void @may.throw()
          to label %done unwind label %cleanup

catch.dispatch:
  %cs = catchswitch within none [label %catch, label %catch.all] unwind label %cleanup

catch:
  %cp = catchpad within %cs [ptr null, i32 64, ptr null]
  call void @cleanup.work() [ "funclet"(token %cp) ]
  catchret from %cp to label %done

catch.all:
  %cp2 = catchpad within %cs []
  catchret from %cp2 to label %done

cleanup:
  %cl = cleanuppad within none []
  call void @cleanup.work() [ "funclet"(token %cl) ]
  cleanupret from %cl unwind to caller

done:
  ret void
}

define void @nested() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may.throw()
          to label %done unwind label %outer

outer:
  %o = cleanuppad within none [i32 1]
  invoke void @may.throw() [ "funclet"(token %o) ]
          to label %outer.ret unwind label %inner.dispatch

outer.ret:
  cleanupret from %o unwind to caller

inner.dispatch:
  %cs = catchswitch within %o [label %inner] unwind to caller

inner:
  %cp = catchpad within %cs [ptr null]
  catchret from %cp to label %after

after:
  cleanupret from %o unwind to caller

done:
  ret void
}

define void @chained.cleanups() personality ptr @__CxxFrameHandler3 {
entry:
  invoke void @may.throw()
          to label %done unwind label %first

first:
  %a = cleanuppad within none []
  cleanupret from %a unwind label %second

second:
  %b = cleanuppad within none []
  cleanupret from %b unwind to caller

done:
  ret void
}
