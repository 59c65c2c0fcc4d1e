//! The `wasm` test harness: the wasm32 code generator checked through the `irplay` binary.
//!
//! One libtest-mimic trial per file:
//!
//! * `validate/<name>` for every `tests/ir/wasm/*.ll`: `irplay build --target wasm32` writes
//!   the module and Debian wabt's `wasm-validate --enable-tail-call` must accept it
//!   (`musttail` calls are `return_call`; the trials are ignored when `wasm-validate` is not
//!   installed), and `--emit wat` must print it.
//! * `interp/<name>` for every `tests/ir/interp/*.ll` (the interpreter's semantics tests)
//!   whose run ends normally (`; EXIT:` not one of irplay's own statuses for undefined
//!   behaviour, errors, the step limit or abort, where the interpreter stays the
//!   reference): `irplay run --engine wasm` must print the interpreter's stdout golden and
//!   exit with its status (`NAME.ll.stdin`, if any, is its standard input).
//! * `learn/<name>` for every `examples/learn/*.ll` that ends normally, the same way (the
//!   playground's teaching examples).
//! * `corpus/<name>` for every `NAME-VARIANT.ll` of the run corpus (`target/run-corpus`,
//!   override `IRPLAY_RUN_CORPUS`; `IRPLAY_NO_CORPUS=1` skips it): `irplay run --engine wasm`
//!   must print exactly the native program's stdout and exit with its status (`NAME.expected`).
//! * `directives/unread`: no `; UNSUPPORTED-WASM:` line in a `tests/ir` file that no trial
//!   above reads.
//!
//! Refusals are expectations, never a pass by default. The wasm engine refuses a module for a
//! construct the code generator does not support ("unsupported by the code generator: ...",
//! at its `FILE:LINE:COL`) or a C library function the wasm host lacks (found when called).
//! A `tests/ir` file it is meant to refuse says so with `; UNSUPPORTED-WASM: <construct>`
//! (one per file, written like `; EXIT:`); a run-corpus module, generated at test time, with a
//! line `MODULE.ll: <construct>` in `tests/wasm-unsupported.txt`. The trial passes only if the
//! module is refused for a construct containing that text (case-insensitive); one that is no
//! longer refused fails and asks for the expectation to be removed. Any other refusal fails,
//! naming the construct and its `FILE:LINE:COL` (for a missing C library function, its
//! declaration). The counts (matching, refused as expected by construct, failing) of the
//! `interp/` and `corpus/` trials are printed at the end, with the listed modules the corpus
//! lacks (noted, not failed: a corpus made with a smaller N).

use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[allow(dead_code)] // Executables are the native engine's.
#[path = "harness/engine.rs"]
mod engine;
#[allow(dead_code)]
#[path = "harness/timed.rs"]
mod timed;
#[path = "harness/unsupported.rs"]
mod unsupported;
use engine::{ll_files, print_tallies, standard_trials, Engine, Families, Mode};
use unsupported::{judge, parse_unsupported_wasm, refusal};

/// The run corpus's expected refusals, relative to the repository root.
const CORPUS_LIST: &str = "tests/wasm-unsupported.txt";

fn run(cmd: &mut Command) -> Result<Output, String> {
    cmd.output().map_err(|e| format!("cannot run {cmd:?}: {e}"))
}

/// How a `tests/ir` file allows a refusal it does not expect yet.
fn file_fix(rel: &str, construct: &str) -> String {
    format!(
        "if the code generator is not meant to handle it yet, add \
         `; UNSUPPORTED-WASM: {construct}` to tests/ir/{rel}"
    )
}

fn validate_trial(irplay: &Path, root: &Path, name: &str) -> Result<(), Failed> {
    let ir_dir = root.join("tests").join("ir");
    let rel = format!("wasm/{name}.ll");
    let text = std::fs::read_to_string(ir_dir.join(&rel))
        .map_err(|e| format!("cannot read {rel}: {e}"))?;
    let shown = format!("tests/ir/{rel}");
    let expected = parse_unsupported_wasm(&text).map_err(|e| format!("{shown}: {e}"))?;
    let out_dir = root.join("target").join("irplay-tests").join("wasm-validate");
    std::fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    let wasm = out_dir.join(format!("{name}.wasm"));
    let built = run(Command::new(irplay)
        .args(["build", "--target", "wasm32", "-o"])
        .arg(&wasm)
        .arg(&rel)
        .current_dir(&ir_dir))?;
    let refused = if built.status.success() {
        None
    } else {
        let err = String::from_utf8_lossy(&built.stderr);
        let Some(r) = refusal(&err) else {
            return Err(format!("irplay build failed: {err}").into());
        };
        Some(r.locate(&text, &shown))
    };
    let fix = refused.as_ref().map(|r| file_fix(&rel, &r.construct)).unwrap_or_default();
    if judge("the wasm engine", expected.as_ref(), refused.as_ref(), &shown, &fix)? {
        return Ok(());
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
        .arg(&rel)
        .current_dir(&ir_dir))?;
    if !printed.status.success() {
        return Err(format!(
            "irplay build --emit wat failed: {}",
            String::from_utf8_lossy(&printed.stderr)
        )
        .into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let irplay = Arc::new(PathBuf::from(env!("CARGO_BIN_EXE_irplay")));
    let mut trials = Vec::new();
    let have_validate = Command::new("wasm-validate").arg("--version").output().is_ok();
    let ir_dir = root.join("tests").join("ir");
    let mut all = Vec::new();
    ll_files(&ir_dir, "", &mut all);
    // The files whose `; UNSUPPORTED-WASM:` line some trial checks.
    let mut judged = Vec::new();
    for rel in all.iter().filter(|r| r.starts_with("wasm/") && !r[5..].contains('/')) {
        let name = rel[5..].trim_end_matches(".ll").to_string();
        judged.push(rel.clone());
        let (irplay, root) = (irplay.clone(), root.clone());
        trials.push(
            Trial::test(format!("validate/{name}"), move || validate_trial(&irplay, &root, &name))
                .with_ignored_flag(!have_validate),
        );
    }
    let limit = Duration::from_secs(
        std::env::var("IRPLAY_TEST_TIMEOUT").ok().and_then(|s| s.parse().ok()).unwrap_or(120),
    );
    let engine = Arc::new(Engine {
        name: "wasm",
        label: "the wasm engine",
        directive: "UNSUPPORTED-WASM:",
        list: CORPUS_LIST,
        target: "wasm32",
        run_args: Vec::new(),
        runner: Vec::new(),
        irplay: irplay.to_path_buf(),
        scratch: root.join("target").join("irplay-tests").join("wasm"),
        limit,
        tally: Mutex::new(Default::default()),
    });
    let families = Families {
        interp: &[("interp", Mode::InProcess)],
        learn: &[("learn", Mode::InProcess)],
        corpus: &[("corpus", Mode::InProcess)],
    };
    let stale = standard_trials(&engine, &root, &families, judged, &mut trials);
    let conclusion = libtest_mimic::run(&args, trials);
    print_tallies(&engine, "the native program or the interpreter golden", &stale);
    conclusion.exit();
}
