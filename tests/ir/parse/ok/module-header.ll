; RUN: irplay check %s
; LangRef: Module Structure, Source Filename, Data Layout, Target Triple,
; Module-Level Inline Assembly.

source_filename = "module-header.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

module asm "  .globl my_asm_symbol"
module asm "my_asm_symbol:"
module asm "  .quad 0x2a \22quoted\22 \5C backslash"
module asm ""

@answer = global i32 42

define i32 @get() {
  %v = load i32, ptr @answer
  ret i32 %v
}
