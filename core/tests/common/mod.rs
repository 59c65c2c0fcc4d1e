//! Helpers shared by the bitcode integration tests: scratch directories, running the LLVM
//! tools, listing `.ll` files and describing where two texts differ. Each test binary uses
//! a part of them.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A scratch directory for one test, removed at the end.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A fresh directory named after the test binary's `tag` and this process.
    pub fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("irplay-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        Scratch(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// True when `tool --version` runs.
pub fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").output().is_ok_and(|o| o.status.success())
}

/// Fails the test (never skips it) when `tool` is missing.
pub fn require(tool: &str) {
    assert!(have(tool), "{tool} is needed by this test (scripts/setup-test-deps.sh installs it)");
}

/// Runs `tool args`; its stdout, failing the test when it fails.
pub fn run_ok(tool: &str, args: &[&str]) -> Vec<u8> {
    let out = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{tool} could not be started: {e}"));
    assert!(out.status.success(), "{tool} {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// Runs `tool args` with `input` on stdin; its stdout, or its stderr as the error.
pub fn run_stdin(tool: &str, args: &[&str], input: &[u8]) -> Result<Vec<u8>, String> {
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {tool}: {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let data = input.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().map_err(|e| format!("{tool}: {e}"))?;
    let _ = feeder.join();
    if out.status.success() {
        Ok(out.stdout)
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// `llvm-dis-19` of `bc` (read from stdin, so the module is named `<stdin>` as when
/// `llvm-as-19` read its text from stdin), without the `; ModuleID` line.
pub fn dis_stdin(bc: &[u8]) -> Result<String, String> {
    let text = run_stdin("llvm-dis-19", &["-o", "-"], bc)?;
    let text = String::from_utf8_lossy(&text);
    Ok(text.lines().filter(|l| !l.starts_with("; ModuleID")).collect::<Vec<_>>().join("\n"))
}

/// Every `.ll` file under `dir`, sorted, depth first.
pub fn ll_files(dir: &Path, out: &mut Vec<PathBuf>) {
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

pub fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// The first line where `got` differs from `want`, or how their lengths differ.
pub fn first_diff(want: &str, got: &str) -> String {
    for (i, (a, b)) in want.lines().zip(got.lines()).enumerate() {
        if a != b {
            return format!("line {}: want `{a}`, got `{b}`", i + 1);
        }
    }
    format!("{} lines wanted, {} got", want.lines().count(), got.lines().count())
}
