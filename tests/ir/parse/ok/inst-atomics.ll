; RUN: irplay check %s
; LangRef: atomic load/store (unordered ... seq_cst, syncscope, volatile),
; 'cmpxchg' (weak, volatile, success/failure orderings, syncscope, align),
; 'atomicrmw' with every LLVM 19 operation, and Atomic Memory Ordering
; Constraints.

define void @atomic.load.store(ptr %p) {
  %a = load atomic i32, ptr %p unordered, align 4
  %b = load atomic i32, ptr %p monotonic, align 4
  %c = load atomic i32, ptr %p acquire, align 4
  %d = load atomic i32, ptr %p seq_cst, align 4
  %e = load atomic volatile i64, ptr %p syncscope("singlethread") acquire, align 8
  %f = load atomic float, ptr %p seq_cst, align 4
  %g = load atomic ptr, ptr %p acquire, align 8
  store atomic i32 %a, ptr %p unordered, align 4
  store atomic i32 %b, ptr %p monotonic, align 4
  store atomic i32 %c, ptr %p release, align 4
  store atomic i32 %d, ptr %p seq_cst, align 4
  store atomic volatile i64 %e, ptr %p syncscope("agent") release, align 8
  store atomic double 1.0, ptr %p seq_cst, align 8
  ret void
}

define void @cmpxchg(ptr %p, i32 %old, i32 %new, ptr %pold, ptr %pnew) {
  %r0 = cmpxchg ptr %p, i32 %old, i32 %new seq_cst seq_cst
  %r1 = cmpxchg weak ptr %p, i32 %old, i32 %new acq_rel acquire
  %r2 = cmpxchg volatile ptr %p, i32 %old, i32 %new release monotonic
  %r3 = cmpxchg weak volatile ptr %p, i32 %old, i32 %new syncscope("singlethread") monotonic monotonic, align 4
  %r4 = cmpxchg ptr %p, ptr %pold, ptr %pnew acquire acquire, align 8
  %r5 = cmpxchg ptr %p, i32 %old, i32 %new seq_cst acquire, align 16
  %v = extractvalue { i32, i1 } %r0, 0
  %ok = extractvalue { i32, i1 } %r0, 1
  ret void
}

define void @atomicrmw(ptr %p, i32 %v, float %f, ptr %q) {
  %xchg = atomicrmw xchg ptr %p, i32 %v seq_cst
  %xchg.f = atomicrmw xchg ptr %p, float %f monotonic
  %xchg.p = atomicrmw xchg ptr %p, ptr %q acquire
  %add = atomicrmw add ptr %p, i32 %v acquire
  %sub = atomicrmw sub ptr %p, i32 %v release
  %and = atomicrmw and ptr %p, i32 %v acq_rel
  %nand = atomicrmw nand ptr %p, i32 %v seq_cst
  %or = atomicrmw or ptr %p, i32 %v monotonic
  %xor = atomicrmw xor ptr %p, i32 %v monotonic
  %max = atomicrmw max ptr %p, i32 %v monotonic
  %min = atomicrmw min ptr %p, i32 %v monotonic
  %umax = atomicrmw umax ptr %p, i32 %v monotonic
  %umin = atomicrmw umin ptr %p, i32 %v monotonic
  %fadd = atomicrmw fadd ptr %p, float %f seq_cst
  %fsub = atomicrmw fsub ptr %p, float %f seq_cst
  %fmax = atomicrmw fmax ptr %p, float %f seq_cst
  %fmin = atomicrmw fmin ptr %p, float %f seq_cst
  %uinc = atomicrmw uinc_wrap ptr %p, i32 %v seq_cst
  %udec = atomicrmw udec_wrap ptr %p, i32 %v seq_cst
  %vol = atomicrmw volatile add ptr %p, i32 %v syncscope("singlethread") seq_cst, align 4
  %vec = atomicrmw fadd ptr %p, <2 x half> <half 1.0, half 2.0> seq_cst, align 4
  %wide = atomicrmw add ptr %p, i64 1 seq_cst, align 8
  ret void
}
