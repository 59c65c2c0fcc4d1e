; RUN: irplay check %s
; LangRef: Module Structure (order independence: functions used before
; their definition, globals referenced before they are defined, types and
; metadata defined after use, attribute groups at the top).

attributes #0 = { nounwind }

define i32 @first() #0 {
  %v = load i32, ptr @later.global
  %r = call i32 @later.function(i32 %v)
  %p = load ptr, ptr @self.ref, !md !5
  ret i32 %r
}

@ptr.to.later = global ptr @later.global
@self.ref = global ptr @self.ref
@cycle.a = global ptr @cycle.b
@cycle.b = global ptr @cycle.a
@struct.before = global %later.type zeroinitializer

define i32 @later.function(i32 %x) #0 {
  ret i32 %x
}

@later.global = global i32 7

%later.type = type { i32, %even.later }
%even.later = type { i8 }

!named = !{!5, !6}
!6 = !{!5}
!5 = !{!"defined after use"}
