; RUN: irplay run %s
; LangRef "'add' Instruction": "If the nuw and/or nsw keywords are present,
; the result value of the add is a poison value if unsigned and/or signed
; overflow, respectively, occurs." ('mul' likewise.) LangRef "'freeze'
; Instruction" (LLVM 19 text): "If the argument is undef or poison, 'freeze'
; returns an arbitrary, but fixed, value of type 'ty'." The program never
; branches on poison: it compares a frozen value with itself and subtracts it
; from itself, which is defined whatever value freeze picked, and checks that
; freeze of a defined value is that value.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

@f = private constant [21 x i8] c"eq=%d diff=%d ok=%d\0A\00"

declare i32 @printf(ptr, ...)

define i32 @main() {
  %p = add nsw i32 2147483647, 1          ; signed overflow: poison
  %q = mul nuw i8 16, 16                  ; unsigned overflow: poison
  %fp = freeze i32 %p
  %eq = icmp eq i32 %fp, %fp              ; one frozen value: always true
  %d = sub i32 %fp, %fp                   ; always 0
  %fq = freeze i8 %q
  %x = xor i8 %fq, %fq                    ; always 0
  %okb = icmp eq i8 %x, 0
  %fine = add nsw i32 2147483646, 1       ; no overflow: not poison
  %ff = freeze i32 %fine                  ; freeze of a value is the value
  %okf = icmp eq i32 %ff, 2147483647
  %ok = and i1 %okb, %okf
  %eqx = zext i1 %eq to i32
  %okx = zext i1 %ok to i32
  call i32 (ptr, ...) @printf(ptr @f, i32 %eqx, i32 %d, i32 %okx)
  ret i32 0
}
