; RUN: irplay check %s
; LangRef: Data Layout (big-endian, address spaces, non-integral pointer
; address spaces `ni:`, alloca/program/global address spaces, function
; pointer alignment, mangling, native integer widths, stack alignment) and
; Non-Integral Pointer Type.

target datalayout = "E-m:e-p:32:32-p1:64:64:64:32-p3:16:16-i1:8:8-i8:8:8-i16:16:16-i64:32:64-f80:32-f128:128-v64:64-v128:128:128-a:0:32-n8:16:32-S64-A5-P1-G1-Fi8-ni:7:8"
target triple = "mips-unknown-linux-gnu"

@g = addrspace(1) global i32 0
@ni = external addrspace(7) global i8

define void @f() addrspace(1) {
  %a = alloca i32, addrspace(5)
  ret void
}
