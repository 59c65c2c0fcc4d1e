//! The upgrades LLVM 19 makes to a module it reads from bitcode, against LLVM itself: a text
//! module passed through `bitcode::apply_read_upgrades` prints as the module parsed from
//! `llvm-dis-19` of `llvm-as-19`'s bitcode of the same text, and `bitcode::read` of that
//! bitcode gives the same module. Needs the LLVM 19 tools (the test fails without them).

use irplay_core::bitcode;
use irplay_core::text::{parse, print_module};

mod common;

/// Runs `prog` with `input` on stdin; its stdout, failing the test when it fails.
fn run(prog: &str, args: &[&str], input: &[u8]) -> Vec<u8> {
    common::run_stdin(prog, args, input).unwrap_or_else(|e| panic!("{prog} failed: {e}"))
}

fn parsed(src: &str) -> irplay_core::ir::Module {
    let p = parse(src);
    let errors: Vec<_> = p.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "parse errors: {errors:?}\n{src}");
    p.module.unwrap_or_else(|| panic!("no module:\n{src}"))
}

/// Intrinsic declarations with attributes LLVM replaces, an old mangling, an intrinsic that is
/// not one (kept as written), and `strictfp` calls in a function without `strictfp`.
const SRC: &str = r#"source_filename = "<stdin>"
declare void @llvm.assume(i1) #0
declare i32 @llvm.ctpop.i32(i32 noundef) #1
declare i32 @llvm.eh.typeid.for(ptr)
declare void @llvm.memcpy.p0.p0.i64(ptr, ptr, i64, i1)
declare void @llvm.va_start(ptr) #0
declare void @llvm.va_end.p0(ptr)
declare i32 @llvm.not.an.intrinsic(i32) #1
declare i32 @g(i32)
declare double @llvm.experimental.constrained.sqrt.f64(double, metadata, metadata)

@ti = external constant ptr

define i32 @f(i32 %x, ptr %p, ...) {
  call void @llvm.assume(i1 true)
  %n = call i32 @llvm.ctpop.i32(i32 %x)
  %t = call i32 @llvm.eh.typeid.for(ptr @ti)
  call void @llvm.memcpy.p0.p0.i64(ptr %p, ptr %p, i64 0, i1 false)
  call void @llvm.va_start(ptr %p)
  call void @llvm.va_end.p0(ptr %p)
  %y = call i32 @g(i32 %n) strictfp
  %z = call i32 @llvm.not.an.intrinsic(i32 %y)
  %s = call double @llvm.experimental.constrained.sqrt.f64(double 1.0, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  ret i32 %t
}

attributes #0 = { mustprogress nounwind }
attributes #1 = { mustprogress nofree nosync memory(read) }
"#;

#[test]
fn upgraded_text_module_prints_as_llvm_reads_its_bitcode() {
    for t in ["llvm-as-19", "llvm-dis-19"] {
        common::require(t);
    }
    let bc = run("llvm-as-19", &["-o", "-"], SRC.as_bytes());
    let dis = String::from_utf8(run("llvm-dis-19", &["-o", "-"], &bc)).unwrap_or_default();
    let theirs = print_module(&parsed(&dis));

    let mut ours = parsed(SRC);
    let before = print_module(&ours);
    bitcode::apply_read_upgrades(&mut ours);
    let ours = print_module(&ours);
    assert_ne!(before, ours, "the upgrades changed nothing");
    assert_eq!(ours, theirs, "the upgraded text module differs from LLVM's reading");

    let read = bitcode::read(&bc).unwrap_or_else(|e| panic!("bitcode::read: {e}"));
    assert_eq!(print_module(&read), theirs, "bitcode::read differs from LLVM's reading");
}

/// Target intrinsics: x86, AArch64 and ARM ones get LLVM's own attributes from the table
/// (written here with other ones).
const TARGET_SRC: &str = r#"source_filename = "<stdin>"
declare void @llvm.x86.sse2.pause() #0
declare i64 @llvm.x86.rdtsc() #0
declare <4 x float> @llvm.x86.sse.rcp.ps(<4 x float> noundef) #1
declare void @llvm.x86.sse2.clflush(ptr)
declare <8 x i32> @llvm.x86.avx2.psllv.d.256(<8 x i32>, <8 x i32>) #0
declare i32 @llvm.aarch64.crc32b(i32, i32) #1
declare <16 x i8> @llvm.aarch64.crypto.aese(<16 x i8>, <16 x i8>)
declare void @llvm.aarch64.hint(i32) #0
declare <4 x i32> @llvm.aarch64.neon.sqadd.v4i32(<4 x i32>, <4 x i32>) #0
declare i32 @llvm.arm.qadd(i32, i32) #1

attributes #0 = { mustprogress nounwind }
attributes #1 = { mustprogress nofree nosync memory(read) }
"#;

#[test]
fn target_intrinsics_get_llvm_attributes() {
    for t in ["llvm-as-19", "llvm-dis-19"] {
        common::require(t);
    }
    let bc = run("llvm-as-19", &["-o", "-"], TARGET_SRC.as_bytes());
    let dis = String::from_utf8(run("llvm-dis-19", &["-o", "-"], &bc)).unwrap_or_default();
    assert!(dis.contains("declare void @llvm.aarch64.hint(i32) #2"), "{dis}");
    let theirs = print_module(&parsed(&dis));
    let mut ours = parsed(TARGET_SRC);
    bitcode::apply_read_upgrades(&mut ours);
    assert_eq!(print_module(&ours), theirs, "the upgraded text module differs from LLVM's reading");
    let read = bitcode::read(&bc).unwrap_or_else(|e| panic!("bitcode::read: {e}"));
    assert_eq!(print_module(&read), theirs, "bitcode::read differs from LLVM's reading");
}

/// Intrinsics of every other target LLVM 19 has, declared with attributes LLVM replaces, and
/// `llvm.*` names that are no intrinsic (kept as written): `llvm.nvvm.bogus.thing`,
/// `llvm.assume.x` (`llvm.assume` takes no suffix) and `llvm.memcpy.element.p0` (LLVM narrows
/// the names starting with `memcpy.element` to `memcpy.element.unordered.atomic`, not
/// `memcpy`).
const ALL_TARGETS_SRC: &str = r#"source_filename = "<stdin>"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x() #0
declare void @llvm.nvvm.barrier0() #0
declare i32 @llvm.amdgcn.workitem.id.x() #0
declare void @llvm.amdgcn.s.barrier() #0
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #0
declare i32 @llvm.amdgcn.readfirstlane.i32(i32 noundef) #0
declare i32 @llvm.hexagon.A2.abs(i32) #0
declare i64 @llvm.hexagon.A2.absp(i64) #0
declare i64 @llvm.riscv.vsetvli.i64(i64, i64, i64) #0
declare i32 @llvm.riscv.orc.b.i32(i32) #0
declare void @llvm.ppc.sync() #0
declare i32 @llvm.s390.tbegin(ptr, i32) #0
declare void @llvm.loongarch.dbar(i32) #0
declare i32 @llvm.loongarch.crc.w.b.w(i32, i32) #0
declare i64 @llvm.bpf.load.byte(ptr, i64) #0
declare i32 @llvm.xcore.zext(i32, i32) #0
declare void @llvm.ve.vl.svob() #0
declare i32 @llvm.dx.thread.id(i32) #0
declare i32 @llvm.spv.thread.id(i32) #0
declare i32 @llvm.r600.read.tidig.x() #0
declare i32 @llvm.mips.rddsp(i32) #0
declare void @llvm.nvvm.bogus.thing(ptr) #0
declare void @llvm.memcpy.element.p0(ptr) #0
declare void @llvm.assume.x(i1) #0

attributes #0 = { mustprogress nounwind memory(read) }
"#;

#[test]
fn every_targets_intrinsics_get_llvm_attributes() {
    for t in ["llvm-as-19", "llvm-dis-19"] {
        common::require(t);
    }
    let bc = run("llvm-as-19", &["-o", "-"], ALL_TARGETS_SRC.as_bytes());
    let dis = String::from_utf8(run("llvm-dis-19", &["-o", "-"], &bc)).unwrap_or_default();
    for want in [
        "declare noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x() #",
        "declare noundef nonnull align 4 ptr addrspace(4) @llvm.amdgcn.dispatch.ptr() #",
        "declare i64 @llvm.riscv.vsetvli.i64(i64, i64 immarg, i64 immarg) #",
    ] {
        assert!(dis.contains(want), "LLVM 19 makes {want:?}:\n{dis}");
    }
    let theirs = print_module(&parsed(&dis));
    let mut ours = parsed(ALL_TARGETS_SRC);
    bitcode::apply_read_upgrades(&mut ours);
    assert_eq!(print_module(&ours), theirs, "the upgraded text module differs from LLVM's reading");
    let read = bitcode::read(&bc).unwrap_or_else(|e| panic!("bitcode::read: {e}"));
    assert_eq!(print_module(&read), theirs, "bitcode::read differs from LLVM's reading");
}
