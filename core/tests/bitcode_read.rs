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

/// Files (relative to the repository) that do not read identically yet, and why.
const KNOWN: &[(&str, &str)] = &[];

fn tool(name: &str) -> bool {
    Command::new(name).arg("--version").output().is_ok_and(|o| o.status.success())
}

fn scratch() -> PathBuf {
    let d = std::env::temp_dir().join(format!("irplay-bitcode-read-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&d);
    d
}

fn ll_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            ll_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "ll") {
            out.push(p);
        }
    }
}

/// What happened to one `.bc` file.
enum Outcome {
    /// Not a comparison: LLVM or our parser does not take the text.
    Skipped,
    Same,
    Differs(String),
}

fn compare(bc: &Path) -> Outcome {
    let Ok(dis) = Command::new("llvm-dis-19").arg(bc).arg("-o").arg("-").output() else {
        return Outcome::Skipped;
    };
    if !dis.status.success() {
        return Outcome::Skipped;
    }
    let text = String::from_utf8_lossy(&dis.stdout);
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
                    problems.push(format!("{name}: listed as known to differ, but reads identically"));
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
    if !tool("llvm-as-19") || !tool("llvm-dis-19") {
        eprintln!("skipped: llvm-as-19 / llvm-dis-19 not installed");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    ll_files(&root.join("tests/ir"), &mut files);
    let dir = scratch();
    let mut cases = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let bc = dir.join(format!("t{i}.bc"));
        let ok = Command::new("llvm-as-19").arg(f).arg("-o").arg(&bc).output();
        if ok.is_ok_and(|o| o.status.success()) {
            let name = f.strip_prefix(&root).unwrap_or(f).to_string_lossy().into_owned();
            cases.push((name, bc));
        }
    }
    let n = cases.len();
    let (same, compared, problems) = run(cases);
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!("tests/ir: {n} assembled, {compared} compared, {same} identical");
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    assert!(same > 50, "only {same} files compared identically");
}
