; RUN: irplay check %s
; LangRef: Memory Access and Addressing Operations: alloca (count, align,
; addrspace, inalloca), load/store (volatile, align, !nontemporal,
; !invariant.load, !invariant.group, !nonnull, !dereferenceable,
; !dereferenceable_or_null, !align, !noundef, !range), fence (orderings,
; syncscope).

define void @allocas(i32 %n) {
  %a = alloca i32
  %b = alloca i32, align 16
  %c = alloca i32, i32 4
  %d = alloca i8, i32 %n, align 8
  %e = alloca [4 x double], i64 2, align 32
  %f = alloca i64, addrspace(5)
  %g = alloca i64, align 8, addrspace(5)
  %h = alloca inalloca { i32, i32 }
  %i = alloca <vscale x 4 x i32>
  %j = alloca { i32, [2 x float] }, align 4, !annotation !0
  %k = alloca i16, i16 3, align 2
  ret void
}

define void @loads.stores(ptr %p, ptr addrspace(1) %q) {
  %v0 = load i32, ptr %p
  %v1 = load i32, ptr %p, align 4
  %v2 = load volatile i32, ptr %p, align 4
  %v3 = load i32, ptr addrspace(1) %q, align 1
  %v4 = load i32, ptr %p, !nontemporal !1
  %v5 = load i32, ptr %p, !invariant.load !2
  %v6 = load ptr, ptr %p, !invariant.group !2
  %v7 = load ptr, ptr %p, !nonnull !2, !dereferenceable !3, !align !3
  %v8 = load ptr, ptr %p, !dereferenceable_or_null !3
  %v9 = load i32, ptr %p, !noundef !2, !range !4
  %va = load <4 x float>, ptr %p, align 16
  %vb = load { i32, i8 }, ptr %p
  %vc = load [2 x i64], ptr %p
  %vd = load ptr, ptr %p, !noalias.addrspace !5
  store i32 0, ptr %p
  store i32 %v0, ptr %p, align 4
  store volatile i32 %v1, ptr %p, align 4
  store i32 %v3, ptr addrspace(1) %q, align 1
  store i32 %v4, ptr %p, !nontemporal !1
  store { i32, i8 } %vb, ptr %p
  store ptr %p, ptr %p, !invariant.group !2
  ret void
}

define void @fences() {
  fence acquire
  fence release
  fence acq_rel
  fence seq_cst
  fence syncscope("singlethread") seq_cst
  fence syncscope("agent") acquire
  fence syncscope("") release
  ret void
}

!0 = !{!"alloca.note"}
!1 = !{i32 1}
!2 = !{}
!3 = !{i64 8}
!4 = !{i32 0, i32 10, i32 20, i32 30}
!5 = !{i32 5, i32 6}
