; RUN: irplay check %s
; LangRef: Calling Conventions (named conventions, numbered `cc N` including
; `cc 10` = ghccc and `cc 11` = HiPE), on definitions, declarations and calls.

define ccc void @c() {
  ret void
}

define fastcc void @fast() {
  ret void
}

define coldcc void @cold() {
  ret void
}

define ghccc void @ghc() {
  ret void
}

define cc 10 void @ghc.numbered() {
  ret void
}

define cc 11 void @hipe() {
  ret void
}

define cc 64 void @numbered.64() {
  ret void
}

define cc 1023 void @numbered.max() {
  ret void
}

define anyregcc void @anyreg() {
  ret void
}

define preserve_mostcc void @pmost() {
  ret void
}

define preserve_allcc void @pall() {
  ret void
}

define preserve_nonecc void @pnone() {
  ret void
}

define cxx_fast_tlscc void @tls() {
  ret void
}

define tailcc void @tail() {
  ret void
}

define swiftcc void @swift() {
  ret void
}

define swifttailcc void @swifttail() {
  ret void
}

define cfguard_checkcc void @cfguard() {
  ret void
}

declare x86_stdcallcc void @x86.std()
declare x86_fastcallcc void @x86.fast()
declare x86_thiscallcc void @x86.this()
declare x86_vectorcallcc void @x86.vector()
declare x86_regcallcc void @x86.reg()
declare x86_intrcc void @x86.intr(ptr byval(i32))
declare x86_64_sysvcc void @sysv()
declare win64cc void @win64()
declare arm_apcscc void @arm.apcs()
declare arm_aapcscc void @arm.aapcs()
declare arm_aapcs_vfpcc void @arm.vfp()
declare aarch64_vector_pcs void @a64.vpcs()
declare aarch64_sve_vector_pcs void @a64.svepcs()
declare aarch64_sme_preservemost_from_x0 void @a64.sme0()
declare aarch64_sme_preservemost_from_x1 void @a64.sme1()
declare aarch64_sme_preservemost_from_x2 void @a64.sme2()
declare msp430_intrcc void @msp430()
declare avr_intrcc void @avr.intr()
declare avr_signalcc void @avr.signal()
declare ptx_kernel void @ptx.kernel()
declare ptx_device void @ptx.device()
declare spir_kernel void @spir.kernel()
declare spir_func void @spir.func()
declare intel_ocl_bicc void @ocl()
declare hhvmcc void @hhvm()
declare hhvm_ccc void @hhvm.c()
declare amdgpu_vs void @amdgpu.vs()
declare amdgpu_ls void @amdgpu.ls()
declare amdgpu_hs void @amdgpu.hs()
declare amdgpu_es void @amdgpu.es()
declare amdgpu_gs void @amdgpu.gs()
declare amdgpu_ps void @amdgpu.ps()
declare amdgpu_cs void @amdgpu.cs()
declare amdgpu_cs_chain void @amdgpu.chain()
declare amdgpu_cs_chain_preserve void @amdgpu.chain.preserve()
declare amdgpu_kernel void @amdgpu.kernel()
declare amdgpu_gfx void @amdgpu.gfx()
declare m68k_rtdcc void @m68k.rtd()
declare graalcc void @graal()
declare riscv_vector_cc void @riscv.vector()

define void @caller() {
  call fastcc void @fast()
  call coldcc void @cold()
  call cc 10 void @ghc.numbered()
  call ghccc void @ghc()
  call cc 11 void @hipe()
  call tailcc void @tail()
  call swiftcc void @swift()
  ret void
}
