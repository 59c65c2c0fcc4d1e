; RUN: irplay check %s
; LangRef: Inline Assembler Expressions (sideeffect, alignstack, inteldialect,
; unwind, constraint strings with outputs, inputs, clobbers, indirect
; operands with elementtype, tied operands, escapes in asm strings,
; !srcloc metadata).

define i32 @asm(i32 %x, ptr %p) personality ptr @pers {
entry:
  %a = call i32 asm "bswap $0", "=r,0"(i32 %x)
  %b = call i32 asm sideeffect "mov $1, $0", "=r,r,~{memory},~{dirflag},~{fpsr},~{flags}"(i32 %a)
  call void asm alignstack "nop", ""()
  %c = call i32 asm inteldialect "mov $0, $1", "=r,r"(i32 %b)
  call void asm sideeffect alignstack inteldialect "int3", "~{dirflag}"()
  call void asm "movl $$1, $0", "=*m"(ptr elementtype(i32) %p)
  %d = call { i32, i32 } asm "cpuid", "={ax},={bx},{ax}"(i32 0)
  call void asm sideeffect "# escaped \22quote\22 and \5C backslash\0A\09tab", ""(), !srcloc !0
  %e = call i32 asm "", "=r,r,i,n"(i32 %c, i32 7, i64 9)
  invoke void asm sideeffect unwind "call throws", "~{dirflag},~{fpsr},~{flags}"()
          to label %ok unwind label %lp

ok:
  ret i32 %e

lp:
  %l = landingpad { ptr, i32 } cleanup
  ret i32 0
}

declare i32 @pers(...)

!0 = !{i64 1234}
