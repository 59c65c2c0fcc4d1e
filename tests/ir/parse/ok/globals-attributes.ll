; RUN: irplay check %s
; LangRef: Global Variables (addrspace, externally_initialized, constant,
; section, partition, comdat, align, code_model, sanitizer attributes,
; attribute groups and metadata attachments on globals).

$grp = comdat any

@as1 = addrspace(1) global i32 0
@as.num = addrspace(42) constant i8 7
@ext.init = externally_initialized global i32 0
@const = constant i32 5
@sec = global i32 0, section ".mydata"
@part = global i32 0, partition "part1"
@in.comdat = global i32 0, comdat($grp)
@own.comdat = global i32 0, comdat
@aligned = global i32 0, align 16
@cm.tiny = global i32 0, code_model "tiny"
@cm.small = global i32 0, code_model "small"
@cm.kernel = global i32 0, code_model "kernel"
@cm.medium = global i32 0, code_model "medium"
@cm.large = global i32 0, code_model "large"
@nsa = global i32 0, no_sanitize_address
@nsh = global i32 0, no_sanitize_hwaddress
@memtag = global i32 0, sanitize_memtag
@dyninit = global i32 0, sanitize_address_dyninit
@sans = global i32 0, no_sanitize_address, no_sanitize_hwaddress, sanitize_address_dyninit
@md = global i32 0, !type !0, !my.kind !1
@with.attrs = global i32 0 #0
@kitchen.sink = internal thread_local(initialexec) unnamed_addr addrspace(3) externally_initialized global i32 0, section "sec", partition "p", comdat($grp), align 8, code_model "large", no_sanitize_address, !dbg.like !1 #0
$own.comdat = comdat any

define void @f() section ".text.f" partition "part1" align 32 {
  ret void
}

attributes #0 = { "bss-section"="my_bss" "rodata-section"="my_ro" }

!0 = !{i64 0, !"typeid"}
!1 = !{!"payload"}
