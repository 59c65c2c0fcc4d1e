//! The `wasm` test harness: the wasm32 code generator checked through the `irplay` binary.
//!
//! One libtest-mimic trial per file:
//!
//! * `validate/<name>` for every `tests/ir/wasm/*.ll` that compiles: `irplay build --target
//!   wasm32` writes the module and Debian wabt's `wasm-validate --enable-tail-call` must
//!   accept it (`musttail` calls are `return_call`; skipped with a note when `wasm-validate`
//!   is not installed).
//! * `interp/<name>` for every `tests/ir/interp/*.ll` (the interpreter's semantics tests)
//!   whose run ends normally (`; EXIT:` not one of irplay's own statuses for undefined
//!   behaviour, errors, the step limit or abort, where the interpreter stays the
//!   reference): `irplay run --engine wasm` must print the interpreter's stdout golden and
//!   exit with its status, or report an unsupported construct (`NAME.ll.stdin`, if any, is
//!   its standard input).
//! * `corpus/<name>` for every `NAME-VARIANT.ll` of the run corpus (`target/run-corpus`,
//!   override `IRPLAY_RUN_CORPUS`; `IRPLAY_NO_CORPUS=1` skips it): `irplay run --engine wasm`
//!   must print exactly the native program's stdout and exit with its status (`NAME.expected`).
//!   A module using a construct the code generator does not support yet (or a C library
//!   function the wasm host lacks) passes as "unsupported"; any mismatch or crash fails. The counts (matching, unsupported by
//!   construct) are printed at the end.

use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};

/// What happened to each corpus module.
#[derive(Default)]
struct Tally {
    matching: usize,
    unsupported: BTreeMap<String, usize>,
    failing: usize,
}

fn run(cmd: &mut Command) -> Result<Output, String> {
    cmd.output().map_err(|e| format!("cannot run {cmd:?}: {e}"))
}

fn validate_trial(irplay: &Path, root: &Path, file: &Path, name: &str) -> Result<(), Failed> {
    let out_dir = root.join("target").join("irplay-tests").join("wasm-validate");
    std::fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let wasm = out_dir.join(format!("{name}.wasm"));
    let built =
        run(Command::new(irplay).args(["build", "--target", "wasm32", "-o"]).arg(&wasm).arg(file))?;
    if !built.status.success() {
        let err = String::from_utf8_lossy(&built.stderr);
        if err.contains("unsupported by the code generator") {
            return Ok(());
        }
        return Err(format!("irplay build failed: {err}").into());
    }
    // Tail calls (`return_call`) are a post-MVP feature wabt wants named.
    let v = run(Command::new("wasm-validate").arg("--enable-tail-call").arg(&wasm))?;
    if !v.status.success() {
        return Err(format!(
            "wasm-validate rejects {}:\n{}",
            wasm.display(),
            String::from_utf8_lossy(&v.stderr)
        )
        .into());
    }
    let wat = out_dir.join(format!("{name}.wat"));
    let printed = run(Command::new(irplay)
        .args(["build", "--target", "wasm32", "--emit", "wat", "-o"])
        .arg(&wat)
        .arg(file))?;
    if !printed.status.success() {
        return Err(format!(
            "irplay build --emit wat failed: {}",
            String::from_utf8_lossy(&printed.stderr)
        )
        .into());
    }
    Ok(())
}

/// The first line of a report naming an unsupported construct, reduced to the construct.
fn unsupported_construct(stderr: &str) -> Option<String> {
    if let Some(l) = stderr.lines().find(|l| l.contains("not in the wasm host's C library")) {
        return Some(format!(
            "C library function {}",
            l.split('@').nth(1).unwrap_or("").split(' ').next().unwrap_or("")
        ));
    }
    let line = stderr.lines().find(|l| l.contains("unsupported by the code generator: "))?;
    let what = line.split("unsupported by the code generator: ").nth(1)?;
    // Group by kind: drop names and types after the construct's first words.
    Some(what.split(['@', '(']).next().unwrap_or(what).trim().to_string())
}

fn corpus_trial(irplay: &Path, dir: &Path, rel: &str, tally: &Mutex<Tally>) -> Result<(), Failed> {
    let stem = rel.strip_suffix(".ll").unwrap_or(rel);
    let name = stem.rfind('-').map_or(stem, |i| stem.get(..i).unwrap_or(stem));
    let expected = std::fs::read(dir.join(format!("{name}.expected")))
        .map_err(|e| format!("cannot read {name}.expected: {e}"))?;
    let nl = expected.iter().position(|&b| b == b'\n').unwrap_or(expected.len());
    let first = String::from_utf8_lossy(expected.get(..nl).unwrap_or(&[])).into_owned();
    let want_status: i32 = first
        .strip_prefix("exit ")
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("{name}.expected: bad first line {first:?}"))?;
    let want_stdout = expected.get(nl + 1..).unwrap_or(&[]);
    let out = run(Command::new(irplay).args(["run", "--engine", "wasm", rel]).current_dir(dir))?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let mut t = tally.lock().map_err(|_| "tally lock poisoned")?;
    if out.status.code() == Some(want_status) && out.stdout == want_stdout {
        t.matching += 1;
        return Ok(());
    }
    if let Some(what) = unsupported_construct(&stderr) {
        *t.unsupported.entry(what).or_default() += 1;
        return Ok(());
    }
    t.failing += 1;
    Err(format!(
        "`irplay run --engine wasm {rel}` differs from the native program: exit {:?} (want {want_status}), stdout {} (want {} bytes); stderr:\n{}",
        out.status.code(),
        if out.stdout == want_stdout { "the same".to_string() } else { format!("{} bytes", out.stdout.len()) },
        want_stdout.len(),
        stderr.lines().take(12).collect::<Vec<_>>().join("\n")
    )
    .into())
}

fn interp_trial(
    irplay: &Path,
    dir: &Path,
    file: &Path,
    tally: &Mutex<Tally>,
) -> Result<(), Failed> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let want_status: i32 = text
        .lines()
        .find_map(|l| {
            l.trim_start_matches(';')
                .trim()
                .strip_prefix("EXIT:")
                .map(|n| n.trim().parse().unwrap_or(-1))
        })
        .unwrap_or(0);
    let args: Vec<String> = text
        .lines()
        .find_map(|l| {
            l.trim_start_matches(';').trim().strip_prefix("RUN: irplay run").map(|r| {
                r.split_once(" -- ")
                    .map(|(_, a)| a.split_whitespace().map(str::to_string).collect())
                    .unwrap_or_default()
            })
        })
        .unwrap_or_default();
    let golden =
        std::fs::read(PathBuf::from(format!("{}.stdout", file.display()))).unwrap_or_default();
    let rel = file.strip_prefix(dir).unwrap_or(file);
    let mut cmd = Command::new(irplay);
    cmd.args(["run", "--engine", "wasm"]).arg(rel).arg("--").args(&args).current_dir(dir);
    // The program's standard input, as the `ir` harness gives it.
    if let Ok(input) = std::fs::File::open(format!("{}.stdin", file.display())) {
        cmd.stdin(input);
    }
    let out = run(&mut cmd)?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let mut t = tally.lock().map_err(|_| "tally lock poisoned")?;
    if out.status.code() == Some(want_status) && out.stdout == golden {
        t.matching += 1;
        return Ok(());
    }
    if let Some(what) = unsupported_construct(&stderr) {
        *t.unsupported.entry(what).or_default() += 1;
        return Ok(());
    }
    t.failing += 1;
    Err(format!("`irplay run --engine wasm {}` differs from the interpreter's golden: exit {:?} (want {want_status}); stdout:\n{}\nstderr:\n{stderr}", rel.display(), out.status.code(), String::from_utf8_lossy(&out.stdout)).into())
}

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let irplay = Arc::new(PathBuf::from(env!("CARGO_BIN_EXE_irplay")));
    let mut trials = Vec::new();
    let have_validate = Command::new("wasm-validate").arg("--version").output().is_ok();
    let wasm_dir = root.join("tests").join("ir").join("wasm");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&wasm_dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.sort();
    for f in files.into_iter().filter(|f| f.extension().is_some_and(|e| e == "ll")) {
        let name = f.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let (irplay, root) = (irplay.clone(), root.clone());
        trials.push(
            Trial::test(format!("validate/{name}"), move || {
                validate_trial(&irplay, &root, &f, &name)
            })
            .with_ignored_flag(!have_validate),
        );
    }
    let tally = Arc::new(Mutex::new(Tally::default()));
    let ir_dir = root.join("tests").join("ir");
    let mut semantics: Vec<PathBuf> = std::fs::read_dir(ir_dir.join("interp"))
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    semantics.sort();
    for f in semantics.into_iter().filter(|f| f.extension().is_some_and(|e| e == "ll")) {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let exit = text.lines().find_map(|l| {
            l.trim_start_matches(';').trim().strip_prefix("EXIT:").map(|n| n.trim().to_string())
        });
        if exit.is_some_and(|e| ["70", "71", "124", "134"].contains(&e.as_str())) {
            continue;
        }
        let name = f.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let (irplay, dir, tally) = (irplay.clone(), ir_dir.clone(), tally.clone());
        trials.push(Trial::test(format!("interp/{name}"), move || {
            interp_trial(&irplay, &dir, &f, &tally)
        }));
    }
    let no_corpus = std::env::var("IRPLAY_NO_CORPUS").is_ok_and(|v| !v.is_empty() && v != "0");
    if !no_corpus {
        let dir = std::env::var("IRPLAY_RUN_CORPUS")
            .map(|d| root.join(d))
            .unwrap_or_else(|_| root.join("target").join("run-corpus"));
        let mut mods: Vec<String> = std::fs::read_dir(&dir)
            .map(|rd| {
                rd.filter_map(|e| e.ok())
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".ll"))
                    .collect()
            })
            .unwrap_or_default();
        mods.sort();
        if mods.is_empty() {
            let shown = dir.display().to_string();
            trials.push(Trial::test("corpus/missing", move || Err(format!("no run corpus in {shown} (make it with scripts/gen-run-corpus.sh or set IRPLAY_NO_CORPUS=1)").into())));
        }
        for rel in mods {
            let (irplay, dir, tally) = (irplay.clone(), dir.clone(), tally.clone());
            trials.push(Trial::test(format!("corpus/{rel}"), move || {
                corpus_trial(&irplay, &dir, &rel, &tally)
            }));
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    if let Ok(t) = tally.lock() {
        let unsupported: usize = t.unsupported.values().sum();
        if t.matching + unsupported + t.failing > 0 {
            eprintln!("wasm engine: {} match (the native program or the interpreter golden), {} unsupported, {} differ", t.matching, unsupported, t.failing);
            for (what, n) in &t.unsupported {
                eprintln!("  unsupported: {n:4} {what}");
            }
        }
    }
    conclusion.exit();
}
