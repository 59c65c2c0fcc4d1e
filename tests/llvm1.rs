//! The LLVM 1.x front end at the command line: every hand-written 1.x file in
//! `tests/ir/legacy/llvm1-*.ll` has a golden modern text beside it that `llvm-as-19` accepts,
//! `irplay fmt` prints exactly that golden with the note "LLVM 1.x syntax, upgraded", and
//! every 1.x program (`llvm1-run.ll`, and the `llvm1-run-RULE.ll` companions of the rule
//! files that have no `main`) runs under `irplay run` with the output of the C program of the
//! same meaning (written in its closing comment) built by `clang-19`. (The `ir` harness runs the
//! same files through their `RUN:` lines; this test keeps the 1.x set complete and checked
//! against the oracle on its own.)

use std::path::{Path, PathBuf};
use std::process::Command;

fn legacy_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir/legacy")
}

fn llvm1_files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(legacy_dir())
        .expect("tests/ir/legacy exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            n.starts_with("llvm1-") && n.ends_with(".ll")
        })
        // The files that upgrade (the others are error cases with a `FAIL:` line).
        .filter(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains("; RUN: irplay fmt %s")))
        .collect();
    v.sort();
    v
}

/// The golden modern text of a 1.x file.
fn golden_of(file: &Path) -> Option<PathBuf> {
    let g = PathBuf::from(format!("{}.stdout", file.display()));
    g.exists().then_some(g)
}

#[test]
fn there_are_llvm1_files() {
    assert!(llvm1_files().len() >= 8, "the 1.x files went missing: {:?}", llvm1_files());
}

#[test]
fn every_golden_is_accepted_by_llvm_as_19() {
    for f in llvm1_files() {
        let g =
            golden_of(&f).unwrap_or_else(|| panic!("{} has no golden modern text", f.display()));
        let o = Command::new("llvm-as-19")
            .arg(&g)
            .args(["-o", "/dev/null"])
            .output()
            .expect("llvm-as-19 runs (scripts/setup-test-deps.sh installs it)");
        assert!(
            o.status.success(),
            "llvm-as-19 rejects {}:\n{}",
            g.display(),
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn fmt_prints_the_golden_with_the_note() {
    for f in llvm1_files() {
        let Some(g) = golden_of(&f) else { continue };
        let want = std::fs::read_to_string(&g).expect("golden readable");
        let o = Command::new(env!("CARGO_BIN_EXE_irplay"))
            .arg("fmt")
            .arg(&f)
            .output()
            .expect("irplay runs");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "irplay fmt {} failed:\n{stderr}", f.display());
        assert!(
            stderr.contains("note: LLVM 1.x syntax, upgraded"),
            "{}: no note:\n{stderr}",
            f.display()
        );
        assert!(!stderr.contains(": error:"), "{}:\n{stderr}", f.display());
        let got = String::from_utf8_lossy(&o.stdout);
        let strip = |s: &str| {
            s.lines().filter(|l| !l.starts_with("; ModuleID = ")).collect::<Vec<_>>().join("\n")
        };
        assert_eq!(
            strip(&got),
            strip(&want),
            "irplay fmt {} differs from {}",
            f.display(),
            g.display()
        );
    }
}

#[test]
fn programs_print_what_the_c_program_prints() {
    let mut ran = 0;
    for f in llvm1_files() {
        let text = std::fs::read_to_string(&f).expect("readable");
        let Some((_, c)) = text.split_once("; The C program of the same meaning:\n") else {
            continue;
        };
        let c: String =
            c.lines().map(|l| l.strip_prefix("; ").unwrap_or("")).collect::<Vec<_>>().join("\n");
        let dir = std::env::temp_dir().join(format!("irplay-llvm1-{}-{ran}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let (src, exe) = (dir.join("p.c"), dir.join("p"));
        std::fs::write(&src, c).expect("writes the C program");
        let cc = Command::new("clang-19")
            .arg("-w")
            .arg(&src)
            .arg("-o")
            .arg(&exe)
            .output()
            .expect("clang-19 runs");
        assert!(
            cc.status.success(),
            "clang-19 fails on the C program of {}:\n{}",
            f.display(),
            String::from_utf8_lossy(&cc.stderr)
        );
        let native = Command::new(&exe).output().expect("the native program runs");
        let ours = Command::new(env!("CARGO_BIN_EXE_irplay"))
            .arg("run")
            .arg(&f)
            .output()
            .expect("irplay runs");
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(
            ours.status.code(),
            native.status.code(),
            "exit status of irplay run {}:\n{}",
            f.display(),
            String::from_utf8_lossy(&ours.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&ours.stdout),
            String::from_utf8_lossy(&native.stdout),
            "stdout of irplay run {}",
            f.display()
        );
        ran += 1;
    }
    assert!(ran >= 4, "only {ran} 1.x programs were run (llvm1-run*.ll went missing)");
}
