; RUN: irplay check %s
; LangRef: Functions (full header syntax: linkage, preemption, visibility,
; DLL storage, cc, return attrs, unnamed_addr, addrspace, fn attrs, section,
; partition, comdat, align, gc, prefix, prologue, personality, metadata),
; Garbage Collector Strategy Names, Prefix Data, Prologue Data,
; Personality Function, varargs.

$f.comdat = comdat any
$own.comdat = comdat any

define void @plain() {
  ret void
}

define weak_odr dso_local hidden fastcc noundef i32 @everything(i32 %x) unnamed_addr addrspace(1) #0 section ".text.everything" partition "p" comdat($f.comdat) align 16 gc "statepoint-example" prefix i32 123 prologue i8 -112 personality ptr @personality !dbg.like !0 {
  ret i32 %x
}

define void @gc.shadow() gc "shadow-stack" {
  ret void
}

define void @gc.erlang() gc "erlang" {
  ret void
}

define void @prefix.array() prefix [2 x i8] c"\EB\06" {
  ret void
}

define void @prefix.struct() prefix { i32, i32 } { i32 1, i32 2 } {
  ret void
}

define void @prologue.struct() prologue <{ i8, i8, ptr }> <{ i8 -21, i8 6, ptr @plain }> {
  ret void
}

define void @own.comdat() comdat {
  ret void
}

define void @with.personality() personality ptr @personality {
  ret void
}

define void @varargs(i32 %n, ...) {
  ret void
}

declare i32 @printf(ptr, ...)
declare void @only.varargs(...)
declare i32 @personality(...)
declare void @decl.gc() gc "statepoint-example"
declare void @decl.prefix() prefix i64 0

define void @unnamed.args(i32, ptr) {
  ret void
}

define void @numbered.args(i32 %0, ptr %1) {
  %3 = add i32 %0, 1
  ret void
}

define void @"quoted name"() {
  ret void
}

define void @"\01mangled"() {
  ret void
}

define void @call.varargs() {
  %r = call i32 (ptr, ...) @printf(ptr null, i32 1, double 2.0)
  call void (...) @only.varargs()
  call void (i32, ...) @varargs(i32 0, i8 1)
  ret void
}

attributes #0 = { noinline }

!0 = !{}
