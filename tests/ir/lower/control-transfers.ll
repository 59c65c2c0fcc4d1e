; RUN: irplay build --target wasm32 --emit low -o - %s
; Control transfers beyond branches: `indirectbr` indexes a jump table by the block number
; a `blockaddress` stands for (blocks are numbered across the module from 1, so @pick's
; %one and %two are 2 and 3; an unlisted address traps); a `musttail` call ends its block
; as a `tail call`; exceptions use the exception state @__irplay_exception (flag at +0, type
; info at +8, object at +16): `__cxa_throw` stores there, sets the flag and jumps to the
; landing pad, a call that may unwind is followed by a test of the flag that leaves the
; function (returning zeros), and the landing pad computes the selector from the clauses
; and clears the flag.
target datalayout = "e-m:e-p:32:32-i64:64-n32:64-S128"

@_ZTIi = external constant ptr
declare ptr @__cxa_allocate_exception(i32)
declare void @__cxa_throw(ptr, ptr, ptr)
declare i32 @__gxx_personality_v0(...)

define i32 @pick(ptr %to) {
entry:
  indirectbr ptr %to, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}

define i32 @loop(ptr %p) {
  %r = musttail call i32 @pick(ptr blockaddress(@pick, %two))
  ret i32 %r
}

define void @thrower(i32 %v) {
  %e = call ptr @__cxa_allocate_exception(i32 4)
  store i32 %v, ptr %e
  call void @__cxa_throw(ptr %e, ptr @_ZTIi, ptr null)
  unreachable
}

define i32 @mid(i32 %v) {
  call void @thrower(i32 %v)
  ret i32 %v
}

define i32 @catcher(i32 %v) personality ptr @__gxx_personality_v0 {
entry:
  %r = invoke i32 @mid(i32 %v) to label %ok unwind label %lpad
ok:
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 } catch ptr @_ZTIi
  %sel = extractvalue { ptr, i32 } %lp, 1
  ret i32 %sel
}
