; RUN: irplay check %s
; LangRef: 'invoke', 'resume', 'landingpad' (cleanup, catch, filter clauses),
; personality functions; invoke with calling convention, attributes and
; operand bundles.

@typeinfo.int = external constant ptr
@typeinfo.char = external constant ptr

declare i32 @__gxx_personality_v0(...)
declare i32 @may.throw(i32)
declare fastcc void @fast.throw() 
declare void @bundle.callee()

define i32 @catcher(i32 %x) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @may.throw(i32 %x)
          to label %ok unwind label %lpad

ok:
  invoke fastcc void @fast.throw() #0
          to label %ok2 unwind label %lpad.cleanup

ok2:
  invoke void @bundle.callee() [ "deopt"(i32 1, i64 2), "unknown-bundle"() ]
          to label %done unwind label %lpad.filter

done:
  ret i32 %r

lpad:
  %lp = landingpad { ptr, i32 }
          catch ptr @typeinfo.int
          catch ptr null
  %sel = extractvalue { ptr, i32 } %lp, 1
  ret i32 %sel

lpad.cleanup:
  %lp2 = landingpad { ptr, i32 }
          cleanup
  resume { ptr, i32 } %lp2

lpad.filter:
  %lp3 = landingpad { ptr, i32 }
          cleanup
          catch ptr @typeinfo.char
          filter [1 x ptr] [ptr @typeinfo.int]
          filter [0 x ptr] zeroinitializer
  resume { ptr, i32 } %lp3
}

define void @invoke.attrs() personality ptr @__gxx_personality_v0 {
entry:
  %v = invoke noundef i32 @may.throw(i32 noundef 1) nounwind
          to label %ok unwind label %lp

ok:
  ret void

lp:
  %l = landingpad { ptr, i32 } cleanup
  resume { ptr, i32 } %l
}

attributes #0 = { cold }
