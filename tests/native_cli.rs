//! The native targets' command line, checked through the `irplay` binary: the emits each
//! target takes, the targets' spellings, the refusals that need no code generator, and for
//! AArch64 (`--target aarch64`) the ELF machine of its objects, its listing, its executables
//! under `qemu-aarch64` (built, and run by `irplay run --engine native --target aarch64
//! [--cpu cortex-a53]`), its fault reports and the message naming what to install when qemu
//! or the cross C compiler is missing.

use std::path::PathBuf;
use std::process::Command;

fn irplay(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_irplay")).args(args).output().expect("runs irplay");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A valid module in a scratch file (named after the test, removed at the end).
struct Module(PathBuf);

impl Module {
    fn new(name: &str) -> Module {
        let path = std::env::temp_dir()
            .join(format!("irplay-native-cli-{name}-{}.ll", std::process::id()));
        std::fs::write(&path, "define i32 @main() {\n  ret i32 7\n}\n").expect("writes");
        Module(path)
    }
    fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 temp path")
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn emits_that_do_not_go_with_the_target_are_refused() {
    let m = Module::new("mismatch");
    let (code, err) =
        irplay(&["build", "--target", "x86_64", m.path(), "-o", "-", "--emit", "wasm"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(
            "--emit wasm does not go with --target x86_64 (it takes obj, exe, asm or low)"
        ),
        "{err}"
    );
    let (code, err) =
        irplay(&["build", "--target", "wasm32", m.path(), "-o", "-", "--emit", "obj"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--emit obj does not go with --target wasm32"), "{err}");
}

#[test]
fn both_spellings_of_the_target_and_the_low_form() {
    let m = Module::new("spellings");
    for target in ["x86_64", "x86-64"] {
        let out = Command::new(env!("CARGO_BIN_EXE_irplay"))
            .args(["build", "--target", target, m.path(), "-o", "-", "--emit", "low", "--time"])
            .output()
            .expect("runs irplay");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{err}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("main"));
        for phase in ["parse", "verify", "lower", "total"] {
            assert!(err.contains(&format!("irplay: {phase} ")), "{phase} missing in {err}");
        }
    }
}

#[test]
fn an_executable_needs_a_file() {
    let m = Module::new("exe-stdout");
    let (code, err) =
        irplay(&["build", "--target", "x86_64", m.path(), "-o", "-", "--emit", "exe"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("--emit exe writes a file"), "{err}");
}

#[test]
fn the_native_engine_runs_main_only() {
    let m = Module::new("entry");
    let (code, err) = irplay(&["run", "--engine", "native", "--entry", "f", m.path()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("--engine native runs main only"), "{err}");
}

/// A module that prints its arguments and a line of its standard input, and exits 7.
const ECHO: &str = r#"@fmt = private constant [4 x i8] c"%s\0A\00"
declare i32 @printf(ptr, ...)
declare ptr @fgets(ptr, i32, ptr)
@stdin = external global ptr

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %buf = alloca [64 x i8]
  br label %loop
loop:
  %i = phi i32 [ 1, %entry ], [ %next, %body ]
  %more = icmp slt i32 %i, %argc
  br i1 %more, label %body, label %done
body:
  %k = sext i32 %i to i64
  %p = getelementptr ptr, ptr %argv, i64 %k
  %s = load ptr, ptr %p
  %c = call i32 (ptr, ...) @printf(ptr @fmt, ptr %s)
  %next = add i32 %i, 1
  br label %loop
done:
  %in = load ptr, ptr @stdin
  %got = call ptr @fgets(ptr %buf, i32 64, ptr %in)
  %c2 = call i32 (ptr, ...) @printf(ptr @fmt, ptr %buf)
  ret i32 7
}
"#;

/// A scratch directory (named after the test, removed at the end).
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("irplay-native-cli-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("creates a scratch directory");
        Scratch(dir)
    }
    fn file(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).expect("writes");
        p.to_str().expect("UTF-8 temp path").to_string()
    }
    fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("UTF-8 temp path").to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `irplay ARGS` with `env` set and `stdin` as standard input: status, stdout, stderr.
fn irplay_with(args: &[&str], env: &[(&str, &str)], stdin: &str) -> (Option<i32>, String, String) {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_irplay"))
        .args(args)
        .envs(env.iter().copied())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs irplay");
    if let Some(mut i) = child.stdin.take() {
        let _ = i.write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output().expect("waits for irplay");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The ELF machine of an object or executable (`e_machine`).
fn elf_machine(path: &str) -> u16 {
    let bytes = std::fs::read(path).expect("reads the ELF file");
    assert_eq!(bytes.get(..4), Some(&b"\x7fELF"[..]), "{path} is not an ELF file");
    u16::from_le_bytes([bytes[18], bytes[19]])
}

const EM_X86_64: u16 = 62;
const EM_AARCH64: u16 = 183;

/// Both spellings of the AArch64 target write an AArch64 ELF object (and x86_64 an x86-64
/// one), which LLVM's disassembler reads as such.
#[test]
fn aarch64_objects_are_aarch64_elf() {
    let s = Scratch::new("a64-obj");
    let m = s.file("m.ll", "define i32 @main() {\n  ret i32 7\n}\n");
    for (target, machine, format) in [
        ("aarch64", EM_AARCH64, "elf64-littleaarch64"),
        ("arm64", EM_AARCH64, "elf64-littleaarch64"),
        ("x86_64", EM_X86_64, "elf64-x86-64"),
    ] {
        let obj = s.path(&format!("{target}.o"));
        let (code, err) = irplay(&["build", "--target", target, &m, "-o", &obj, "--emit", "obj"]);
        assert_eq!(code, Some(0), "--target {target}: {err}");
        assert_eq!(elf_machine(&obj), machine, "--target {target}");
        let dump = Command::new("llvm-objdump-19").args(["-d"]).arg(&obj).output();
        let dump = dump.expect("runs llvm-objdump-19 (scripts/setup-test-deps.sh installs it)");
        let text = String::from_utf8_lossy(&dump.stdout);
        assert!(text.contains(&format!("file format {format}")), "{target}: {text}");
        assert!(text.contains("<main>:") && text.contains("ret"), "{target}: {text}");
    }
}

/// The listing names the target and shows AArch64 instructions under the IR lines.
#[test]
fn aarch64_listing() {
    let s = Scratch::new("a64-asm");
    let m = s.file("m.ll", "define i32 @main() {\n  ret i32 7\n}\n");
    let out = Command::new(env!("CARGO_BIN_EXE_irplay"))
        .args(["build", "--target", "aarch64", &m, "-o", "-", "--emit", "asm"])
        .output()
        .expect("runs irplay");
    let (text, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{err}");
    assert!(text.lines().next().is_some_and(|l| l.contains(": AArch64, ")), "{text}");
    assert!(text.contains("@main:") && text.contains("; 2: ret i32 7"), "{text}");
    // Every instruction is 4 bytes: the bytes column has 4 byte pairs.
    let insts = text.lines().filter(|l| l.starts_with("  0")).collect::<Vec<_>>();
    assert!(!insts.is_empty(), "{text}");
    for l in insts {
        let bytes = l.split(":  ").nth(1).unwrap_or("");
        let pairs = bytes.split("  ").next().unwrap_or("").split(' ').count();
        assert_eq!(pairs, 4, "{l}");
    }
    assert!(text.contains("ret"), "{text}");
}

/// An executable runs under qemu-aarch64 (as built, and through `irplay run`, with the
/// arguments, standard input and output and exit status passed through, on either CPU).
#[test]
fn aarch64_executables_run_under_qemu() {
    let s = Scratch::new("a64-exe");
    let m = s.file("echo.ll", ECHO);
    let exe = s.path("echo");
    let (code, err) = irplay(&["build", "--target", "aarch64", &m, "-o", &exe, "--emit", "exe"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(elf_machine(&exe), EM_AARCH64);
    let out = Command::new("qemu-aarch64")
        .args(["-L", "/usr/aarch64-linux-gnu"])
        .arg(&exe)
        .args(["one", "two words"])
        .output()
        .expect("runs qemu-aarch64 (scripts/setup-test-deps.sh installs it)");
    assert_eq!(out.status.code(), Some(7));
    assert_eq!(String::from_utf8_lossy(&out.stdout), "one\ntwo words\n\n");
    for cpu in [None, Some("cortex-a53")] {
        let mut args = vec!["run", "--engine", "native", "--target", "arm64"];
        if let Some(cpu) = cpu {
            args.extend(["--cpu", cpu]);
        }
        args.extend([m.as_str(), "--", "a", "b"]);
        let (code, stdout, stderr) = irplay_with(&args, &[], "typed line\n");
        assert_eq!(code, Some(7), "{cpu:?}: {stderr}");
        assert_eq!(stdout, "a\nb\ntyped line\n\n", "{cpu:?}: {stderr}");
        assert_eq!(stderr, "", "{cpu:?}");
    }
}

/// A fault of AArch64 code is reported at its IR line by the executable's fault reporter.
#[test]
fn aarch64_faults_are_reported_at_the_ir_line() {
    let s = Scratch::new("a64-fault");
    let m = s.file(
        "null.ll",
        "define i32 @main() {\n  %v = load volatile i32, ptr null\n  ret i32 %v\n}\n",
    );
    let (code, _, err) =
        irplay_with(&["run", "--engine", "native", "--target", "aarch64", &m], &[], "");
    assert_eq!(code, Some(70), "{err}");
    assert!(err.starts_with("undefined behavior: out of bounds memory access"), "{err}");
    assert!(err.contains("null.ll:2:"), "{err}");
}

/// Without qemu-aarch64 (or the cross C compiler) a run says what to install, status 71,
/// before compiling anything; a build of an executable says so too, status 1.
#[test]
fn a_missing_emulator_or_cross_compiler_says_what_to_install() {
    let s = Scratch::new("a64-missing");
    let m = s.file("m.ll", "define i32 @main() {\n  ret i32 7\n}\n");
    let run = ["run", "--engine", "native", "--target", "aarch64", m.as_str()];
    for env in [("IRPLAY_QEMU", "/nonexistent/qemu-aarch64"), ("CC_aarch64", "/nonexistent/gcc")] {
        let (code, _, err) = irplay_with(&run, &[env], "");
        assert_eq!(code, Some(71), "{env:?}: {err}");
        assert!(err.contains("apt-get install qemu-user gcc-aarch64-linux-gnu"), "{env:?}: {err}");
        assert!(err.contains(env.1) && err.contains(env.0), "{env:?}: {err}");
    }
    let exe = s.path("m");
    let build = ["build", "--target", "aarch64", m.as_str(), "-o", &exe, "--emit", "exe"];
    let (code, _, err) = irplay_with(&build, &[("CC_aarch64", "/nonexistent/gcc")], "");
    // A build that fails exits 1, as a compiler does.
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("apt-get install qemu-user gcc-aarch64-linux-gnu"), "{err}");
}

#[test]
fn the_target_and_cpu_go_with_the_native_engine() {
    let m = Module::new("target-engine");
    for (flag, value) in [("--target", "aarch64"), ("--cpu", "cortex-a53")] {
        for engine in ["interp", "wasm"] {
            let (code, err) = irplay(&["run", "--engine", engine, flag, value, m.path()]);
            assert_eq!(code, Some(2), "{err}");
            assert!(err.contains(&format!("{flag} goes with --engine native")), "{err}");
        }
    }
    let (code, err) = irplay(&["run", "--engine", "native", "--target", "wasm32", m.path()]);
    assert_eq!(code, Some(2), "{err}");
}
