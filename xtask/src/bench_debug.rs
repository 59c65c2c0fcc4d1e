//! `cargo xtask bench debug`: the speed of `irplay debug` far into a long run: one step
//! forward and one back (and the other commands) at step 1,000,000 and 10,000,000 of a loop
//! that keeps an array on the stack, and the memory the session's snapshots take then.
//!
//! ```text
//! cargo xtask bench debug [--no-build]
//! ```
//!
//! The commands go to one `irplay debug --time` session; each command's time is the one it
//! prints on stderr. Goals (the issue's): under 50 ms per step either way, snapshots under
//! 64 MB at 10,000,000 steps. Writes `target/bench/debug.json`.

use crate::util::{build_irplay, rel, repo_root, target_dir};
use std::fmt::Write as _;
use std::fs;
use std::io::Write as _;
use std::process::{Command, ExitCode, Stdio};

pub(crate) const USAGE: &str = "\
usage: cargo xtask bench debug [--no-build]

Times commands of `irplay debug` at step 1,000,000 and 10,000,000 of a long-running
loop (goals: under 50 ms per step forward or back, snapshots under 64 MB).
Writes target/bench/debug.json.
";

/// The program: a loop of 5,000,000 iterations over a 4 KiB array on the stack.
const PROGRAM: &str = "define i32 @main() {
entry:
  %a = alloca [1024 x i32], align 16
  call void @llvm.memset.p0.i64(ptr %a, i8 0, i64 4096, i1 false)
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %k = and i32 %i, 1023
  %p = getelementptr inbounds [1024 x i32], ptr %a, i32 0, i32 %k
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, %i
  store i32 %w, ptr %p, align 4
  %n = add i32 %i, 1
  %c = icmp slt i32 %n, 5000000
  br i1 %c, label %loop, label %done
done:
  ret i32 0
}
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
";

/// The commands, with what each measures.
const SCRIPT: &[(&str, &str)] = &[
    ("goto 1000000", "run to step 1,000,000"),
    ("print %i", "view (replay) at 1e6"),
    ("step", "step forward at 1e6"),
    ("print %i", "view (kept up) at 1e6"),
    ("reverse-step", "step back at 1e6"),
    ("print %i", "view (replay) at 1e6"),
    ("next", "step over at 1e6"),
    ("reverse-next", "back over at 1e6"),
    ("goto 10000000", "run to step 10,000,000"),
    ("print %i", "view (replay) at 1e7"),
    ("step", "step forward at 1e7"),
    ("print %i", "view (kept up) at 1e7"),
    ("reverse-step", "step back at 1e7"),
    ("print %i", "view (replay) at 1e7"),
    ("reverse-step", "step back again at 1e7"),
    ("next", "step over at 1e7"),
    ("reverse-next", "back over at 1e7"),
    ("x %a 64", "memory at 1e7"),
    ("info snapshots", "snapshots at 1e7"),
];

pub(crate) fn bench_debug(args: &[String]) -> ExitCode {
    let build = !args.iter().any(|a| a == "--no-build");
    if let Some(a) = args.iter().find(|a| *a != "--no-build") {
        eprintln!("xtask: unknown option {a}\n\n{USAGE}");
        return ExitCode::from(2);
    }
    let root = repo_root();
    let target = target_dir(&root);
    let dir = target.join("bench");
    if let Err(e) = fs::create_dir_all(&dir) {
        eprintln!("xtask: cannot create {}: {e}", rel(&root, &dir));
        return ExitCode::from(2);
    }
    let (irplay, status) = build_irplay(&root, &target, build);
    if status != "ok" {
        eprintln!("xtask: irplay is not available ({status})");
        return ExitCode::from(2);
    }
    let ll = dir.join("debug-loop.ll");
    if let Err(e) = fs::write(&ll, PROGRAM) {
        eprintln!("xtask: cannot write {}: {e}", rel(&root, &ll));
        return ExitCode::from(2);
    }
    let script: String = SCRIPT.iter().map(|(c, _)| format!("{c}\n")).collect();
    let child = Command::new(&irplay)
        .args(["debug", "--time"])
        .arg(&ll)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => {
            eprintln!("xtask: cannot run irplay: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(mut i) = child.stdin.take() {
        let _ = i.write_all(script.as_bytes());
    }
    let out = match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("xtask: irplay debug: {e}");
            return ExitCode::from(2);
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let times: Vec<f64> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("irplay: ")?.split(" ms: ").next()?.parse().ok())
        .collect();
    if times.len() != SCRIPT.len() {
        eprintln!(
            "xtask: irplay debug printed {} timings, not {}:\n{stderr}",
            times.len(),
            SCRIPT.len()
        );
        return ExitCode::FAILURE;
    }
    let snap = stdout.lines().find(|l| l.contains(" snapshots, ")).unwrap_or("").to_string();
    let snap_bytes: u64 = snap
        .split(" snapshots, ")
        .nth(1)
        .and_then(|r| r.split(' ').next()?.parse().ok())
        .unwrap_or(0);
    let mut json = String::from("{\n  \"commands\": [\n");
    println!("{:<28} {:>12}", "command", "ms");
    for (i, ((cmd, what), t)) in SCRIPT.iter().zip(&times).enumerate() {
        println!("{what:<28} {t:>12.3}");
        let comma = if i + 1 < SCRIPT.len() { "," } else { "" };
        let _ = writeln!(
            json,
            "    {{ \"command\": \"{cmd}\", \"what\": \"{what}\", \"ms\": {t:.3} }}{comma}"
        );
    }
    println!("snapshots at 1e7: {snap}");
    let _ = write!(json, "  ],\n  \"snapshot_bytes_at_1e7\": {snap_bytes}\n}}\n");
    let path = dir.join("debug.json");
    if let Err(e) = fs::write(&path, json) {
        eprintln!("xtask: cannot write {}: {e}", rel(&root, &path));
        return ExitCode::FAILURE;
    }
    eprintln!("xtask: wrote {}", rel(&root, &path));
    ExitCode::SUCCESS
}
