//! The `native` test harness: the x86-64 code generator checked through the `irplay` binary,
//! in process (`irplay run --engine native`) and as executables (`irplay build --target
//! x86_64 --emit exe`, linked by `cc`).
//!
//! One libtest-mimic trial per file and way of running it:
//!
//! * `interp/<name>` for every `tests/ir/interp/*.ll` whose run ends normally (`; EXIT:` not one
//!   of irplay's own statuses for undefined behaviour, errors, the step limit or abort):
//!   `irplay run --engine native` must print the interpreter's stdout golden and exit with its
//!   status (`NAME.ll.stdin`, if any, is its standard input; the arguments after ` -- ` on its
//!   `RUN:` line are its arguments). `exe/<name>`: the same through an executable.
//! * `learn/<name>` for every `examples/learn/*.ll` that ends normally, the same way in process.
//! * `corpus/<name>` and `corpus-exe/<name>` for every `NAME-VARIANT.ll` of the run corpus
//!   (`target/run-corpus`, override `IRPLAY_RUN_CORPUS`; `IRPLAY_NO_CORPUS=1` skips it): in
//!   process and as an executable, exactly the native program's stdout and exit status
//!   (`NAME.expected`).
//! * `native/<name>` for every `tests/ir/native/*.ll` (small hand-written functions): run in
//!   process against its stdout golden (the interpreter's, checked by the `ir` harness), and
//!   `asm/<name>`: `irplay build --target x86_64 --emit asm` must print the listing golden
//!   `NAME.ll.asm` (`BLESS=1` writes it; review the diff).
//! * `objdump/<name>` for every `tests/ir/interp/*.ll` and `tests/ir/native/*.ll` the code
//!   generator compiles: the `--emit obj` object must be read by `llvm-objdump-19 -d -r`
//!   without an error or warning and without an instruction it cannot decode (`<unknown>`);
//!   ignored when `llvm-objdump-19` is not installed.
//! * `fault/<name>` for every `tests/ir/interp/*.ll` whose run is undefined behaviour the
//!   hardware catches (its stderr golden reports division by zero, `unreachable` or a null
//!   dereference): `irplay run --engine native` must exit 70, name the fault, and report it at
//!   the interpreter's `FILE:LINE:COL`, and print the program's stdout before the fault (the
//!   interpreter's golden `NAME.ll.stdout`, or nothing). `exe-fault/<name>`: the same through
//!   an executable of `--emit exe` (its fault reporter), whose stderr must also be exactly
//!   the in-process run's.
//! * `directives/unread`: no `; UNSUPPORTED-NATIVE:` line in a `tests/ir` file no trial reads.
//!
//! Refusals are expectations, never a pass by default, as in the `wasm` harness: a `tests/ir`
//! file the native engine is meant to refuse says `; UNSUPPORTED-NATIVE: <construct>`; a
//! run-corpus module is listed in `tests/native-unsupported.txt` as `MODULE.ll: <construct>`.
//! The trial passes only if the module is refused for a construct containing that text
//! (case-insensitive); one that is no longer refused fails and asks for the expectation to be
//! removed; any other refusal fails. A C library function the process (in process) or the
//! linker (executables) lacks counts as a refusal of `C library function @name`.
//!
//! `IRPLAY_TEST_TIMEOUT=secs` limits every run (default 20: the corpus's native programs end
//! within 5). The counts per family of trials (matching, refused as expected by construct,
//! failing) are printed at the end.

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[path = "harness/engine.rs"]
mod engine;
#[allow(dead_code)]
#[path = "harness/timed.rs"]
mod timed;
#[allow(dead_code)]
#[path = "harness/unsupported.rs"]
mod unsupported;
use engine::{
    exit_status, first_difference, ll_files, print_tallies, standard_trials, Engine, Families, Mode,
};
use timed::run;
use unsupported::parse_unsupported;

/// The run corpus's expected refusals, relative to the repository root.
const CORPUS_LIST: &str = "tests/native-unsupported.txt";
const DIRECTIVE: &str = "UNSUPPORTED-NATIVE:";

/// The interpreter's reports of the undefined behaviour the hardware catches, and the native
/// engine's names for the fault.
const FAULTS: &[(&str, &str)] = &[
    ("undefined behavior: division_by_zero:", "undefined behavior: integer divide by zero"),
    ("undefined behavior: unreachable:", "undefined behavior: unreachable instruction executed"),
    ("undefined behavior: null_dereference:", "undefined behavior: out of bounds memory access"),
];

fn count(engine: &Engine, family: &'static str, ok: bool) {
    if let Ok(mut all) = engine.tally.lock() {
        let t = all.entry(family).or_default();
        if ok {
            t.matching += 1;
        } else {
            t.failing += 1;
        }
    }
}

/// Counts the outcome of a trial of `family` and returns it.
fn counted(engine: &Engine, family: &'static str, r: Result<(), Failed>) -> Result<(), Failed> {
    count(engine, family, r.is_ok());
    r
}

/// `irplay build --target x86_64 --emit EMIT -o OUT rel` in `tests/ir`.
fn build(engine: &Engine, ir_dir: &Path, rel: &str, emit: &str, out: &Path) -> timed::Out {
    let mut cmd = Command::new(&engine.irplay);
    cmd.args(["build", "--target", "x86_64", "--emit", emit, "-o"]).arg(out).arg(rel);
    run(cmd.current_dir(ir_dir), engine.limit).unwrap_or_else(|e| timed::Out {
        code: None,
        stdout: Vec::new(),
        stderr: e,
    })
}

/// `asm/<name>`: the listing of `tests/ir/native/NAME.ll` against `NAME.ll.asm`.
fn asm_trial(engine: &Engine, ir_dir: &Path, rel: &str, bless: bool) -> Result<(), Failed> {
    let text = std::fs::read_to_string(ir_dir.join(rel))
        .map_err(|e| format!("cannot read tests/ir/{rel}: {e}"))?;
    if parse_unsupported(&text, DIRECTIVE)?.is_some() {
        // Refused: the `native/` trial checks that.
        return Ok(());
    }
    let out = build(engine, ir_dir, rel, "asm", Path::new("-"));
    if out.code != Some(0) {
        return Err(format!(
            "irplay build --emit asm tests/ir/{rel} exits {:?}:\n{}",
            out.code, out.stderr
        )
        .into());
    }
    let golden = ir_dir.join(format!("{rel}.asm"));
    if bless {
        return std::fs::write(&golden, &out.stdout)
            .map_err(|e| format!("cannot write {}: {e}", golden.display()).into());
    }
    let want = std::fs::read(&golden)
        .map_err(|e| format!("cannot read tests/ir/{rel}.asm ({e}): BLESS=1 writes it"))?;
    if want != out.stdout {
        return Err(format!(
            "the listing of tests/ir/{rel} differs from its golden tests/ir/{rel}.asm (BLESS=1 \
             rewrites it; review the diff): {}",
            first_difference(&want, &out.stdout)
        )
        .into());
    }
    Ok(())
}

/// `objdump/<name>`: the object of `rel` read back by `llvm-objdump-19 -d -r`.
fn objdump_trial(engine: &Engine, ir_dir: &Path, rel: &str) -> Result<(), Failed> {
    let obj = engine.scratch.join(format!("{}.o", rel.trim_end_matches(".ll").replace('/', "__")));
    std::fs::create_dir_all(&engine.scratch).map_err(|e| format!("cannot create scratch: {e}"))?;
    let built = build(engine, ir_dir, rel, "obj", &obj);
    if built.code != Some(0) {
        // A refusal is judged by the run trials (or, for a file that does not end normally,
        // not at all): there is no object to read.
        if unsupported::refusal(&built.stderr).is_some() {
            return Ok(());
        }
        return Err(format!(
            "irplay build --emit obj tests/ir/{rel} exits {:?}:\n{}",
            built.code, built.stderr
        )
        .into());
    }
    let dumped = run(Command::new("llvm-objdump-19").args(["-d", "-r"]).arg(&obj), engine.limit)?;
    let listing = String::from_utf8_lossy(&dumped.stdout);
    let unknown: Vec<&str> = listing.lines().filter(|l| l.contains("<unknown>")).take(5).collect();
    let result = if dumped.code != Some(0) || !dumped.stderr.trim().is_empty() {
        Err(format!(
            "llvm-objdump-19 -d -r exits {:?} on the object of tests/ir/{rel}:\n{}",
            dumped.code, dumped.stderr
        ))
    } else if !unknown.is_empty() {
        Err(format!(
            "llvm-objdump-19 cannot decode instructions of the object of tests/ir/{rel}:\n{}",
            unknown.join("\n")
        ))
    } else {
        Ok(())
    };
    if result.is_ok() {
        let _ = std::fs::remove_file(&obj);
    }
    result.map_err(Failed::from)
}

/// The first `  at FILE:LINE:COL` of a report (without the function).
fn report_position(stderr: &str) -> Option<&str> {
    stderr.lines().find_map(|l| l.trim_start().strip_prefix("at ")?.split(' ').next())
}

/// `fault/<name>` (in process) and `exe-fault/<name>` (an executable): the native report of
/// the fault against the interpreter's, the stdout printed before it against the golden.
fn fault_trial(
    engine: &Engine,
    mode: Mode,
    ir_dir: &Path,
    rel: &str,
    golden: &str,
) -> Result<(), Failed> {
    let Some(&(_, head)) = FAULTS.iter().find(|(interp, _)| golden.starts_with(interp)) else {
        return Err(format!("tests/ir/{rel}.stderr reports no fault the harness knows").into());
    };
    let (out, shown) = engine.execute(mode, ir_dir, rel, &[], None)?;
    let want_at = report_position(golden);
    let got_at = report_position(&out.stderr);
    if out.code != Some(70) || !out.stderr.starts_with(head) || got_at != want_at {
        return Err(format!(
            "`{shown}` should exit 70 and report `{head}` at {} (where the interpreter reports \
             it); it exits {:?}, stderr:\n{}",
            want_at.unwrap_or("?"),
            out.code,
            out.stderr
        )
        .into());
    }
    let want_stdout = std::fs::read(ir_dir.join(format!("{rel}.stdout"))).unwrap_or_default();
    if out.stdout != want_stdout {
        return Err(format!(
            "`{shown}` should print tests/ir/{rel}.stdout (or nothing) before the fault: {}",
            first_difference(&want_stdout, &out.stdout)
        )
        .into());
    }
    if mode == Mode::Exe {
        let (inproc, shown_in) = engine.execute(Mode::InProcess, ir_dir, rel, &[], None)?;
        if inproc.stderr != out.stderr {
            return Err(format!(
                "`{shown}` reports the fault differently from `{shown_in}`:\n{}\nversus:\n{}",
                out.stderr, inproc.stderr
            )
            .into());
        }
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let irplay = PathBuf::from(env!("CARGO_BIN_EXE_irplay"));
    let bless = std::env::var("BLESS").is_ok_and(|v| !v.is_empty() && v != "0");
    let limit = Duration::from_secs(
        std::env::var("IRPLAY_TEST_TIMEOUT").ok().and_then(|s| s.parse().ok()).unwrap_or(20),
    );
    let engine = Arc::new(Engine {
        name: "native",
        label: "the native engine",
        directive: DIRECTIVE,
        list: CORPUS_LIST,
        target: "x86_64",
        irplay,
        scratch: root.join("target").join("irplay-tests").join("native"),
        limit,
        tally: Mutex::new(Default::default()),
    });
    let mut trials = Vec::new();
    let ir_dir = root.join("tests").join("ir");
    let mut all = Vec::new();
    ll_files(&ir_dir, "", &mut all);
    let have_objdump = Command::new("llvm-objdump-19").arg("--version").output().is_ok();
    fn top<'a>(dir: &str, r: &'a str) -> Option<&'a str> {
        r.strip_prefix(dir).filter(|n| !n.contains('/')).map(|n| n.trim_end_matches(".ll"))
    }
    // The code generator's own small functions: run, listing, object.
    let mut judged = Vec::new();
    for rel in &all {
        let Some(name) = top("native/", rel) else { continue };
        judged.push(rel.clone());
        let (e, dir, f) = (engine.clone(), ir_dir.clone(), ir_dir.join(rel));
        trials.push(Trial::test(format!("native/{name}"), move || {
            e.interp_trial(("native", Mode::InProcess), (&dir, "tests/ir/"), &f)
        }));
        let (e, dir, r) = (engine.clone(), ir_dir.clone(), rel.clone());
        trials.push(Trial::test(format!("asm/{name}"), move || {
            counted(&e, "asm", asm_trial(&e, &dir, &r, bless))
        }));
    }
    for rel in &all {
        let Some(name) = top("interp/", rel).or(top("native/", rel)) else { continue };
        let (e, dir, r) = (engine.clone(), ir_dir.clone(), rel.clone());
        let prefix = if rel.starts_with("native/") { "native-" } else { "" };
        trials.push(
            Trial::test(format!("objdump/{prefix}{name}"), move || {
                counted(&e, "objdump", objdump_trial(&e, &dir, &r))
            })
            .with_ignored_flag(!have_objdump),
        );
    }
    // The undefined behaviour the hardware catches, reported where the interpreter does.
    for rel in &all {
        let Some(name) = top("interp/", rel) else { continue };
        let text = std::fs::read_to_string(ir_dir.join(rel)).unwrap_or_default();
        let golden = std::fs::read_to_string(ir_dir.join(format!("{rel}.stderr")));
        let Ok(golden) = golden else { continue };
        if exit_status(&text) != 70 || !FAULTS.iter().any(|(i, _)| golden.starts_with(i)) {
            continue;
        }
        for (family, mode) in [("fault", Mode::InProcess), ("exe-fault", Mode::Exe)] {
            let (e, dir, r, g) = (engine.clone(), ir_dir.clone(), rel.clone(), golden.clone());
            trials.push(Trial::test(format!("{family}/{name}"), move || {
                counted(&e, family, fault_trial(&e, mode, &dir, &r, &g))
            }));
        }
    }
    let families = Families {
        interp: &[("interp", Mode::InProcess), ("exe", Mode::Exe)],
        learn: &[("learn", Mode::InProcess)],
        corpus: &[("corpus", Mode::InProcess), ("corpus-exe", Mode::Exe)],
    };
    let stale = standard_trials(&engine, &root, &families, judged, &mut trials);
    let conclusion = libtest_mimic::run(&args, trials);
    print_tallies(&engine, "the native program or the interpreter golden", &stale);
    conclusion.exit();
}
