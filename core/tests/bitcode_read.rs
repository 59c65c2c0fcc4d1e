//! The bitcode reader against LLVM 19: for each hand-written `tests/ir` file that `llvm-as-19`
//! accepts, and for small C programs compiled by `clang-19` at test time, the module read
//! from the `.bc` must print exactly as the module parsed from `llvm-dis-19`'s text of the same
//! file. Files known to differ are listed in `KNOWN` with the reason; a listed file that
//! reads identically fails the test, so the list stays honest. Skipped when the LLVM 19 tools
//! are missing.
//!
//! `BITCODE_READ_VERBOSE=1` prints every difference.

use irplay_core::bitcode;
use irplay_core::text::{parse, print_module};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{ll_files, require, Scratch};

/// Files (relative to the repository) that do not read identically yet, and why.
const KNOWN: &[(&str, &str)] = &[(
    "tests/ir/parse/ok/module-summary.ll",
    "the ThinLTO summary blocks are skipped, so the `^N = ...` summary entries are missing",
)];

/// What happened to one `.bc` file.
enum Outcome {
    /// Not a comparison: LLVM or our parser does not take the text.
    Skipped,
    Same,
    Differs(String),
}

/// Disassembles every `.bc` (each `x.bc` gives `x.ll`); one process each, as type names are
/// made unique across the files one process reads.
fn disassemble(bcs: &[&Path]) {
    parallel(bcs, |bc| Command::new("llvm-dis-19").arg(bc).output().map(|_| ()).ok());
}

/// Runs `f` on every item on a few threads (the LLVM tools mostly wait on loading).
fn parallel<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let n = items.len().div_ceil(16).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> =
            items.chunks(n).map(|c| s.spawn(|| c.iter().map(&f).collect::<Vec<R>>())).collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    })
}

fn compare(bc: &Path) -> Outcome {
    let Ok(text) = std::fs::read_to_string(bc.with_extension("ll")) else {
        return Outcome::Skipped;
    };
    let Some(want) = parse(&text).module else { return Outcome::Skipped };
    let Ok(bytes) = std::fs::read(bc) else { return Outcome::Skipped };
    let got = match bitcode::read(&bytes) {
        Ok(m) => m,
        Err(e) => return Outcome::Differs(format!("read error: {e}")),
    };
    let (a, b) = (print_module(&want), print_module(&got));
    if a == b {
        return Outcome::Same;
    }
    let line = a
        .lines()
        .zip(b.lines())
        .find(|(x, y)| x != y)
        .map(|(x, y)| format!("want `{x}`\n   got  `{y}`"))
        .unwrap_or_else(|| "the outputs differ in length".to_string());
    Outcome::Differs(line)
}

fn run(cases: Vec<(String, PathBuf)>) -> (usize, usize, Vec<String>) {
    let bcs: Vec<&Path> = cases.iter().map(|(_, b)| b.as_path()).collect();
    disassemble(&bcs);
    let verbose = std::env::var_os("BITCODE_READ_VERBOSE").is_some();
    let (mut same, mut compared) = (0, 0);
    let mut problems = Vec::new();
    for (name, bc) in cases {
        let known = KNOWN.iter().find(|(k, _)| *k == name);
        match compare(&bc) {
            Outcome::Skipped => {}
            Outcome::Same => {
                compared += 1;
                same += 1;
                if known.is_some() {
                    problems
                        .push(format!("{name}: listed as known to differ, but reads identically"));
                }
            }
            Outcome::Differs(d) => {
                compared += 1;
                if verbose {
                    eprintln!("DIFF {name}: {d}");
                }
                if known.is_none() {
                    problems.push(format!("{name}: {d}"));
                }
            }
        }
    }
    (same, compared, problems)
}

#[test]
fn tests_ir_files_read_as_llvm_dis_prints_them() {
    for t in ["llvm-as-19", "llvm-dis-19"] {
        require(t);
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    ll_files(&root.join("tests/ir"), &mut files);
    let scratch = Scratch::new("bitcode-read-ir");
    let dir = scratch.path();
    let jobs: Vec<(usize, &PathBuf)> = files.iter().enumerate().collect();
    let cases: Vec<(String, PathBuf)> = parallel(&jobs, |&(i, f)| {
        let bc = dir.join(format!("t{i}.bc"));
        let ok = Command::new("llvm-as-19").arg(f).arg("-o").arg(&bc).output();
        let name = f.strip_prefix(&root).unwrap_or(f).to_string_lossy().into_owned();
        ok.is_ok_and(|o| o.status.success()).then_some((name, bc))
    })
    .into_iter()
    .flatten()
    .collect();
    let n = cases.len();
    let (same, compared, problems) = run(cases);
    eprintln!("tests/ir: {n} assembled, {compared} compared, {same} identical");
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    assert!(same > 50, "only {same} files compared identically");
}

/// Small C programs: integer and floating-point arithmetic, loops, arrays and structs,
/// strings, globals with initializers, function pointers, switch, varargs.
const C_PROGRAMS: &[(&str, &str)] = &[
    (
        "structs",
        r#"#include <stdio.h>
#include <string.h>
struct S { int a; double b; char c[8]; short d[3]; };
static int tab[4] = {1, 2, 3, 4};
static const char *names[] = {"zero", "one", "two"};
int g(struct S *s, int n) {
  int t = 0;
  for (int i = 0; i < n; i++) t += s->a * tab[i & 3] + (int)s->b;
  return t;
}
int main(void) {
  struct S s;
  memset(&s, 0, sizeof s);
  s.a = 3; s.b = 2.5; strcpy(s.c, "hi");
  printf("%d %s %s\n", g(&s, 10), s.c, names[s.a % 3]);
  return 0;
}
"#,
    ),
    (
        "control",
        r#"#include <stdarg.h>
#include <stdint.h>
typedef long (*op)(long, long);
static long add(long a, long b) { return a + b; }
static long mul(long a, long b) { return a * b; }
static op ops[2] = {add, mul};
long sum(int n, ...) {
  va_list ap; va_start(ap, n);
  long s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, long);
  va_end(ap);
  return s;
}
int classify(int x) {
  switch (x) { case 0: return 10; case 1: return 20; case 7: return 5; case 100: return 1; default: return -1; }
}
float fl(float a, double b) { return a / (float)b + 1.5f; }
uint64_t bits(uint64_t x) { return (x >> 3) ^ (x << 7) | (x & 0xff); }
int main(int argc, char **argv) {
  long r = ops[argc & 1](sum(3, 1L, 2L, 3L), classify(argc));
  return (int)(r + (long)fl(2.0f, 4.0) + (int)bits((uint64_t)argc));
}
"#,
    ),
];

/// Compiles the C programs with `clang` at `-O0` and `-O2` into `dir`.
fn compile_c(clang: &str, dir: &Path, tag: &str) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    for (name, src) in C_PROGRAMS {
        let c = dir.join(format!("{tag}-{name}.c"));
        if std::fs::write(&c, src).is_err() {
            continue;
        }
        let variants: [(&str, &[&str]); 3] =
            [("-O0", &["-O0"]), ("-O2", &["-O2"]), ("-O2g", &["-O2", "-g"])];
        for (opt, flags) in variants {
            let bc = dir.join(format!("{tag}-{name}{opt}.bc"));
            let ok = Command::new(clang)
                .args(flags)
                .args(["-c", "-emit-llvm"])
                .arg(&c)
                .arg("-o")
                .arg(&bc)
                .output();
            if ok.is_ok_and(|o| o.status.success()) {
                out.push((format!("{tag}:{name}{opt}"), bc));
            }
        }
    }
    out
}

#[test]
fn clang_19_15_and_16_programs_read_as_llvm_dis_prints_them() {
    for t in ["llvm-dis-19", "clang-19", "clang-15", "clang-16"] {
        require(t);
    }
    let scratch = Scratch::new("bitcode-read-c");
    let dir = scratch.path();
    let mut cases = compile_c("clang-19", dir, "clang-19");
    let n19 = cases.len();
    // LLVM 15 and 16 write opaque pointers too, with their own attribute, data layout and
    // debug intrinsic forms.
    for old in ["clang-15", "clang-16"] {
        cases.extend(compile_c(old, dir, old));
    }
    let n = cases.len();
    let (same, compared, problems) = run(cases);
    eprintln!(
        "C programs: {n} compiled ({n19} by clang-19), {compared} compared, {same} identical"
    );
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    assert_eq!(compared, n, "llvm-dis-19 or the parser refused a file");
}

/// The smallest typed-pointer module: an identification block naming LLVM 14.0.6, and a type
/// table with `i32*`.
fn typed_pointer_bitcode() -> Vec<u8> {
    use irplay_core::bitcode::bitstream::Writer;
    use irplay_core::bitcode::codes::{block, identification, module, types};
    let mut w = Writer::new();
    w.bytes(&bitcode::MAGIC);
    w.enter_block(block::IDENTIFICATION_BLOCK_ID, 5);
    let producer: Vec<u64> = b"LLVM14.0.6".iter().map(|&b| b as u64).collect();
    w.record(identification::IDENTIFICATION_CODE_STRING, &producer);
    w.record(identification::IDENTIFICATION_CODE_EPOCH, &[0]);
    w.end_block();
    w.enter_block(block::MODULE_BLOCK_ID, 3);
    w.record(module::MODULE_CODE_VERSION, &[2]);
    w.enter_block(block::TYPE_BLOCK_ID_NEW, 4);
    w.record(types::TYPE_CODE_NUMENTRY, &[2]);
    w.record(types::TYPE_CODE_INTEGER, &[32]);
    w.record(types::TYPE_CODE_POINTER, &[0, 0]);
    w.end_block();
    w.end_block();
    w.finish()
}

#[test]
fn typed_pointer_bitcode_is_refused_naming_its_producer() {
    let want = "this bitcode was written by LLVM 14.0.6 with typed pointers; irplay reads opaque-pointer bitcode only";
    let err =
        bitcode::read(&typed_pointer_bitcode()).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains(want), "{err}");
    assert!(err.contains("TYPE_CODE_POINTER"), "{err}");
    // The same from the real LLVM 14 assembler.
    require("llvm-as-14");
    {
        let scratch = Scratch::new("bitcode-read-typed");
        let dir = scratch.path();
        let ll = dir.join("typed.ll");
        let bc = dir.join("typed.bc");
        let _ = std::fs::write(&ll, "define i32* @f(i32* %p) {\n  ret i32* %p\n}\n");
        let ok = Command::new("llvm-as-14").arg(&ll).arg("-o").arg(&bc).output();
        assert!(ok.is_ok_and(|o| o.status.success()));
        let bytes = std::fs::read(&bc).unwrap_or_default();
        let err = bitcode::read(&bytes).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains("written by LLVM 14.") && err.contains("typed pointers"), "{err}");
    }
}

#[test]
fn damaged_bitcode_fails_cleanly() {
    require("llvm-as-19");
    let scratch = Scratch::new("bitcode-read-damage");
    let dir = scratch.path();
    let ll = dir.join("damage.ll");
    let bc = dir.join("damage.bc");
    let src = r#"
%T = type { i32, [2 x double] }
@g = global %T { i32 1, [2 x double] [double 1.0, double 2.0] }
@s = constant [4 x i8] c"abc\00"
define i32 @f(i32 %a, ptr %p) {
entry:
  %x = add nsw i32 %a, 1
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, %x
  %q = getelementptr inbounds %T, ptr %p, i64 0, i32 1, i64 1
  %v = load double, ptr %q, align 8
  %c = icmp slt i32 %n, 10
  br i1 %c, label %loop, label %out
out:
  %r = call i32 @f(i32 %n, ptr @g)
  switch i32 %r, label %d [ i32 0, label %d
                            i32 5, label %d ]
d:
  ret i32 %r
}
"#;
    let _ = std::fs::write(&ll, src);
    let ok = Command::new("llvm-as-19").arg(&ll).arg("-o").arg(&bc).output();
    assert!(ok.is_ok_and(|o| o.status.success()));
    let bytes = std::fs::read(&bc).unwrap_or_default();
    assert!(!bytes.is_empty());
    // Every truncation, and a flip of every bit of the first 2 KiB: an error or a module,
    // never a panic.
    for n in 0..bytes.len() {
        let _ = bitcode::read(bytes.get(..n).unwrap_or(&[]));
    }
    for bit in 0..bytes.len().min(2048) * 8 {
        let mut b = bytes.clone();
        if let Some(x) = b.get_mut(bit / 8) {
            *x ^= 1 << (bit % 8);
        }
        let _ = bitcode::read(&b);
    }
    let _ = std::fs::remove_file(&bc);
}
