; RUN: irplay check %s
; LangRef: Function Attributes, Attribute Groups, Call Site Attributes.

declare void @a0() alwaysinline
declare void @a1() nobuiltin
declare void @a2() cold
declare void @a3() convergent
declare void @a4() disable_sanitizer_instrumentation
declare void @a5() fn_ret_thunk_extern
declare void @a6() hot
declare void @a7() inlinehint
declare void @a8() unnamed_addr jumptable
declare void @a9() minsize
declare void @a10() naked
declare void @a11() nobuiltin
declare void @a12() nocallback
declare void @a13() noduplicate
declare void @a14() nofree
declare void @a15() noimplicitfloat
declare void @a16() noinline
declare void @a17() nomerge
declare void @a18() nonlazybind
declare void @a19() noprofile
declare void @a20() skipprofile
declare void @a21() noredzone
declare void @a22() noreturn
declare void @a23() norecurse
declare void @a24() willreturn
declare void @a25() nosync
declare void @a26() nounwind
declare void @a27() nosanitize_bounds
declare void @a28() nosanitize_coverage
declare void @a29() null_pointer_is_valid
declare void @a30() optdebug
declare void @a31() optforfuzzing
declare void @a32() noinline optnone
declare void @a33() optsize
declare void @a34() returns_twice
declare void @a35() safestack
declare void @a36() sanitize_address
declare void @a37() sanitize_memory
declare void @a38() sanitize_thread
declare void @a39() sanitize_hwaddress
declare void @a40() sanitize_memtag
declare void @a41() speculative_load_hardening
declare void @a42() speculatable
declare void @a43() ssp
declare void @a44() sspstrong
declare void @a45() sspreq
declare void @a46() strictfp
declare void @a47() nocf_check
declare void @a48() shadowcallstack
declare void @a49() mustprogress
declare void @a50() alignstack(8)
declare void @a51() uwtable
declare void @a52() uwtable(sync)
declare void @a53() uwtable(async)
declare void @a54() vscale_range(1, 16)
declare void @a55() vscale_range(2)
declare ptr @a56(i64) allockind("alloc,uninitialized") allocsize(0) "alloc-family"="malloc"
declare ptr @a57(i64, i64) allockind("alloc,zeroed,aligned") allocsize(0, 1)
declare ptr @a58(ptr allocptr, i64) allockind("realloc")
declare void @a59(ptr allocptr) allockind("free")
declare void @a60() memory(none)
declare void @a61() memory(read)
declare void @a62() memory(write)
declare void @a63() memory(readwrite)
declare void @a64() memory(argmem: read)
declare void @a65() memory(inaccessiblemem: write)
declare void @a66() memory(read, argmem: readwrite)
declare void @a67() memory(none, argmem: read, inaccessiblemem: readwrite)
declare void @a68() "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64"
declare void @a69() "dontcall-error"="msg" "dontcall-warn"="warn" "patchable-function"="prologue-short-redirect"
declare void @a70() "probe-stack"="__probestack" "stack-probe-size"="4096" "no-stack-arg-probe" "denormal-fp-math"="ieee,ieee"
declare void @a71() "thunk" "tls-load-hoist" "warn-stack-size"="100" "nooutline" "no-inline-line-tables"
declare void @a72() #0
declare void @a73() #1 nounwind
declare void @a74() #2

define void @calls() #0 {
  call void @a26() #3
  call void @a2() cold
  call void @a22() noreturn nounwind
  call void @a73() "callsite-attr"="v" nobuiltin
  call void @a16() #4
  ret void
}

attributes #0 = { nounwind uwtable "frame-pointer"="none" }
attributes #1 = { cold "key"="value" "empty"="" "no-value" }
attributes #2 = { memory(argmem: readwrite) nofree nosync willreturn }
attributes #3 = { builtin }
attributes #4 = { nomerge strictfp }
