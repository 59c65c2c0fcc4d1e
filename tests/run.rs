//! The `ir` test harness: golden directive files under `tests/ir/` and the
//! generated conformance corpus, checked against the `irplay` binary and the
//! LLVM 19 tools as an oracle (see `tests/README.md`).
//!
//! One libtest-mimic trial per file:
//!
//! * `ir/<path>` for every `tests/ir/**/*.ll`: runs its `; RUN:` / `; FAIL:`
//!   directives, compares goldens (`NAME.ll.stdout`, `NAME.ll.stderr`), checks
//!   `; ERROR: <substring>` markers, and checks the file's honesty against
//!   `llvm-as-19` (a `FAIL:` file must be rejected by it, a `RUN: irplay check`
//!   file accepted and round-tripped through `irplay fmt`).
//! * `examples/learn/<name>` for every `examples/learn/*.ll` (the playground's
//!   teaching examples): the same checks, with `%s` and goldens relative to
//!   `examples/learn`.
//! * `corpus/<path>` for every `*.ll` in the corpus directory (default
//!   `target/corpus`, override `IRPLAY_CORPUS`): the same round trip.
//! * `run/<name>` for every `NAME-VARIANT.ll` in the run corpus (default
//!   `target/run-corpus`, override `IRPLAY_RUN_CORPUS`; made by
//!   `scripts/gen-run-corpus.sh`): `irplay run --max-steps 2000000000` must
//!   print exactly the stdout and exit with the status recorded from the
//!   native program in `NAME.expected` (first line `exit N`, then stdout).
//! * `opt/<name>` for the first 50 `-O0` and 25 `-O2` modules of the run
//!   corpus (`IRPLAY_OPT_CORPUS=N|all` for more): every pass alone and `O2`,
//!   in process, verified after each step, must keep the native program's
//!   output (see `harness/opt_corpus.rs`).
//! * `opt/timeline-texts`: the texts the pipeline records (from a cache that prints a
//!   function again only after it changed) are the printer's, after every pass of `O2`
//!   over every valid file of `tests/ir` and `examples/learn`.
//! * `opt/every-valid-file`: the same pipelines over every valid file of
//!   `tests/ir`, `examples/learn` and the corpus, verified after each step.
//!
//! A `; RUN: irplay run [FLAGS] %s [-- ARGS]` directive runs the module: the
//! exit status must be the one of the file's `; EXIT: N` line (default 0),
//! stdout must equal `NAME.ll.stdout` and stderr `NAME.ll.stderr` (a missing
//! golden means empty output, except that a run ending in undefined behaviour
//! (70) or a runtime error (71) needs its stderr golden). A `NAME.ll.stdin`
//! beside it is the program's standard input (else it is empty).
//!
//! Environment:
//! * `BLESS=1` rewrites goldens instead of comparing them.
//! * `IRPLAY_TEST_FILTER=substr` keeps only trials whose name contains `substr`
//!   (libtest's own positional filter, `--exact`, `--skip` work as well).
//! * `IRPLAY_CORPUS=dir` corpus directory, `IRPLAY_RUN_CORPUS=dir` run corpus
//!   directory (relative paths are taken from the repository root);
//!   `IRPLAY_NO_CORPUS=1` skips both corpora explicitly. A missing or empty
//!   corpus is otherwise a failing trial.
//! * `IRPLAY_TEST_TIMEOUT=secs` per-subprocess time limit (default 120).
//! * `IRPLAY_LLVM_AS`, `IRPLAY_LLVM_DIS` override the oracle tools' names.
//! * `IRPLAY_COMPARE_DIS=1` additionally requires `irplay fmt` output to equal
//!   `llvm-dis-19` output exactly (modulo the `; ModuleID` line).
//! * `IRPLAY_KEEP_TMP=1` keeps per-trial scratch directories of passing
//!   trials (failing trials always keep theirs, under `target/irplay-tests/`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use libtest_mimic::{Arguments, Failed, Trial};

/// Keys every element of `irplay check --format json` output must have.
const JSON_KEYS: &[&str] = &[
    "file",
    "line",
    "column",
    "end_line",
    "end_column",
    "start",
    "end",
    "severity",
    "message",
    "labels",
    "notes",
];

/// Settings shared by all trials.
#[derive(Clone)]
struct Ctx {
    irplay: PathBuf,
    ir_dir: PathBuf,
    scratch: PathBuf,
    /// Absolute prefixes replaced in tool output, longest first.
    strip_prefixes: Vec<String>,
    bless: bool,
    keep_tmp: bool,
    compare_dis: bool,
    llvm_as: String,
    llvm_dis: String,
    timeout: Duration,
}

fn env_flag(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false")
}

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let irplay = PathBuf::from(env!("CARGO_BIN_EXE_irplay"));
    // target/<profile>/irplay -> target/
    let target = irplay
        .parent()
        .and_then(Path::parent)
        .map(Path::to_path_buf)
        .unwrap_or_else(|| root.join("target"));
    let ir_dir = root.join("tests").join("ir");
    let timeout = std::env::var("IRPLAY_TEST_TIMEOUT")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(120);

    let corpus_dir = match std::env::var_os("IRPLAY_CORPUS") {
        Some(p) if !p.is_empty() => root.join(p),
        _ => root.join("target").join("corpus"),
    };

    let run_corpus_dir = match std::env::var_os("IRPLAY_RUN_CORPUS") {
        Some(p) if !p.is_empty() => root.join(p),
        _ => root.join("target").join("run-corpus"),
    };

    let mut strip_prefixes = vec![
        format!("{}/", ir_dir.display()),
        format!("{}/", corpus_dir.display()),
        format!("{}/", run_corpus_dir.display()),
        format!("{}/", root.display()),
    ];
    strip_prefixes.sort_by_key(|s| std::cmp::Reverse(s.len()));

    let ctx = Arc::new(Ctx {
        irplay,
        ir_dir: ir_dir.clone(),
        scratch: target.join("irplay-tests"),
        strip_prefixes,
        bless: env_flag("BLESS"),
        keep_tmp: env_flag("IRPLAY_KEEP_TMP"),
        compare_dis: env_flag("IRPLAY_COMPARE_DIS"),
        llvm_as: std::env::var("IRPLAY_LLVM_AS").unwrap_or_else(|_| "llvm-as-19".into()),
        llvm_dis: std::env::var("IRPLAY_LLVM_DIS").unwrap_or_else(|_| "llvm-dis-19".into()),
        timeout: Duration::from_secs(timeout),
    });

    let mut trials = Vec::new();

    for rel in list_ll_files(&ir_dir) {
        let ctx = Arc::clone(&ctx);
        let name = format!("ir/{rel}");
        let trial_name = name.clone();
        trials.push(Trial::test(name, move || ir_trial(&ctx, &trial_name, &rel)).with_kind("ir"));
    }

    // The playground's teaching examples follow the same conventions, with
    // `%s` and the goldens relative to `examples/learn`.
    let learn = Arc::new(Ctx { ir_dir: root.join("examples").join("learn"), ..(*ctx).clone() });
    for rel in list_ll_files(&learn.ir_dir) {
        let ctx = Arc::clone(&learn);
        let name = format!("examples/learn/{rel}");
        let trial_name = name.clone();
        trials.push(Trial::test(name, move || ir_trial(&ctx, &trial_name, &rel)).with_kind("ir"));
    }

    let mut smoke_dirs = vec![(ir_dir.clone(), true), (learn.ir_dir.clone(), true)];
    let text_dirs = smoke_dirs.clone();
    trials.push(
        Trial::test("opt/timeline-texts", move || opt_corpus::opt_timeline_texts(&text_dirs))
            .with_kind("opt"),
    );
    if !env_flag("IRPLAY_NO_CORPUS") {
        smoke_dirs.push((corpus_dir.clone(), false));
    }
    trials.push(
        Trial::test("opt/every-valid-file", move || opt_corpus::opt_every_valid_file(&smoke_dirs))
            .with_kind("opt"),
    );

    if env_flag("IRPLAY_NO_CORPUS") {
        eprintln!(
            "note: IRPLAY_NO_CORPUS is set: the conformance corpus and the run corpus are NOT tested"
        );
    } else {
        let files = if corpus_dir.is_dir() { list_ll_files(&corpus_dir) } else { Vec::new() };
        if files.is_empty() {
            let msg = format!(
                "the conformance corpus {} is missing or has no .ll files.\n\
                 Generate it with `scripts/gen-corpus.sh` (or run `scripts/test.sh`), point \
                 IRPLAY_CORPUS at it, or set IRPLAY_NO_CORPUS=1 to skip it explicitly.",
                corpus_dir.display()
            );
            trials.push(Trial::test("corpus/MISSING", move || Err(msg.into())).with_kind("corpus"));
        }
        for rel in files {
            let ctx = Arc::clone(&ctx);
            let dir = corpus_dir.clone();
            let name = format!("corpus/{rel}");
            let trial_name = name.clone();
            trials.push(
                Trial::test(name, move || corpus_trial(&ctx, &trial_name, &dir, &rel))
                    .with_kind("corpus"),
            );
        }

        let files =
            if run_corpus_dir.is_dir() { list_ll_files(&run_corpus_dir) } else { Vec::new() };
        if files.is_empty() {
            let msg = format!(
                "the run corpus {} is missing or has no .ll files.\n\
                 Generate it with `scripts/gen-run-corpus.sh` (or run `scripts/test.sh`), point \
                 IRPLAY_RUN_CORPUS at it, or set IRPLAY_NO_CORPUS=1 to skip it explicitly.",
                run_corpus_dir.display()
            );
            trials.push(Trial::test("run/MISSING", move || Err(msg.into())).with_kind("run"));
        }
        for rel in opt_corpus::opt_corpus_files(&files) {
            let ctx = Arc::clone(&ctx);
            let dir = run_corpus_dir.clone();
            let name = format!("opt/{}", rel.trim_end_matches(".ll"));
            let trial_name = name.clone();
            trials.push(
                Trial::test(name, move || {
                    opt_corpus::opt_corpus_trial(&ctx, &trial_name, &dir, &rel)
                })
                .with_kind("opt"),
            );
        }
        for rel in files {
            let ctx = Arc::clone(&ctx);
            let dir = run_corpus_dir.clone();
            let name = format!("run/{}", rel.trim_end_matches(".ll"));
            trials.push(
                Trial::test(name, move || run_corpus_trial(&ctx, &dir, &rel)).with_kind("run"),
            );
        }
    }

    if let Ok(filter) = std::env::var("IRPLAY_TEST_FILTER") {
        if !filter.is_empty() {
            trials.retain(|t| t.name().contains(&filter));
        }
    }

    libtest_mimic::run(&args, trials).exit();
}

/// All `*.ll` files below `dir`, as sorted `/`-separated relative paths.
fn list_ll_files(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') {
                continue;
            }
            let rel = if prefix.is_empty() { name.clone() } else { format!("{prefix}/{name}") };
            let path = entry.path();
            if path.is_dir() {
                walk(&path, &rel, out);
            } else if name.ends_with(".ll") {
                out.push(rel);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out);
    out.sort();
    out
}

#[path = "harness/process.rs"]
mod process;
use process::*;
#[path = "harness/directives.rs"]
mod directives;
#[path = "harness/opt_corpus.rs"]
mod opt_corpus;
use directives::*;

// ---------------------------------------------------------------------------
// Trials

fn ir_trial(ctx: &Ctx, trial: &str, rel: &str) -> Result<(), Failed> {
    let scratch = Scratch::new(ctx, trial)?;
    let mut errors = Vec::new();
    ir_checks(ctx, rel, &scratch, &mut errors);
    scratch.finish(errors)
}

fn ir_checks(ctx: &Ctx, rel: &str, scratch: &Scratch, errors: &mut Vec<String>) {
    let abs = ctx.ir_dir.join(rel);
    let text = match fs::read_to_string(&abs) {
        Ok(t) => t,
        Err(e) => return errors.push(format!("cannot read {rel}: {e}")),
    };
    let directives = match parse_directives(&text, rel) {
        Ok(d) if d.is_empty() => {
            return errors.push(
                "no `; RUN: irplay ...` or `; FAIL: irplay ...` directive in this file".into(),
            )
        }
        Ok(d) => d,
        Err(e) => return errors.push(e),
    };
    let markers = match parse_markers(&text) {
        Ok(m) => m,
        Err(e) => return errors.push(e),
    };
    let exit_line = match parse_exit(&text) {
        Ok(e) => e,
        Err(e) => return errors.push(e),
    };
    let any_run = directives.iter().any(|d| d.expect == Expect::Pass && d.is_run());
    if exit_line.is_some() && !any_run {
        errors.push("`; EXIT:` is only meaningful with a `; RUN: irplay run` directive".into());
    }
    let want_exit = exit_line.map_or(0, |(n, _)| n);
    let mut runs = 0;
    let any_fail = directives.iter().any(|d| d.expect == Expect::Fail);
    let any_valid_check = directives.iter().any(|d| d.expect == Expect::Pass && d.is_plain_check());
    if any_fail && directives.iter().any(|d| d.expect == Expect::Pass) {
        return errors.push("a file cannot have both RUN: and FAIL: directives".into());
    }
    if !any_fail && !markers.is_empty() {
        errors.push("`; ERROR:` markers are only meaningful in FAIL: files".into());
    }

    let mut stdout_goldens = 0;
    for d in &directives {
        let mut args: Vec<&str> = d.args.iter().map(String::as_str).collect();
        if d.is_opt() {
            // The verifier runs after every pass in tests.
            args.push("--verify-each");
        }
        // A run reads `NAME.ll.stdin` as its standard input, when there is one.
        let input = if d.is_run() {
            std::fs::read(ctx.ir_dir.join(format!("{rel}.stdin"))).ok()
        } else {
            None
        };
        let out = match irplay_with_stdin(ctx, &args, &ctx.ir_dir, input) {
            Ok(o) => o,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let stdout = normalize_paths(ctx, &out.stdout);
        let stderr = normalize_paths(ctx, &out.stderr);
        match d.expect {
            Expect::Pass if d.is_run() => {
                // The program's output is compared as written (no path normalization).
                runs += 1;
                stdout_goldens += 1;
                let nth = |n: usize, ext: &str| {
                    if n == 1 {
                        ctx.ir_dir.join(format!("{rel}.{ext}"))
                    } else {
                        ctx.ir_dir.join(format!("{rel}.{n}.{ext}"))
                    }
                };
                if out.code != Some(want_exit) {
                    let mut msg = format!(
                        "{} should exit with status {want_exit}{} but gave {}; stderr:\n{}",
                        d.shown(),
                        if exit_line.is_none() { " (no `; EXIT:` line)" } else { "" },
                        out.describe_exit(),
                        indent(&head_lines(&stderr, 20))
                    );
                    if !out.stdout.is_empty() {
                        let _ = write!(msg, "\nstdout:\n{}", indent(&head_lines(&out.stdout, 20)));
                    }
                    errors.push(msg);
                }
                optional_golden(
                    ctx,
                    &nth(stdout_goldens, "stdout"),
                    &out.stdout,
                    &format!("stdout of {}", d.shown()),
                    false,
                    errors,
                );
                optional_golden(
                    ctx,
                    &nth(runs, "stderr"),
                    &stderr,
                    &format!("stderr of {}", d.shown()),
                    RUN_REPORT_STATUSES.contains(&want_exit),
                    errors,
                );
            }
            Expect::Pass => {
                if out.code != Some(0) {
                    errors.push(format!(
                        "{} should succeed but gave {}; stderr:\n{}",
                        d.shown(),
                        out.describe_exit(),
                        indent(&stderr)
                    ));
                    continue;
                }
                if d.is_plain_check() {
                    // A valid file may draw notes (e.g. the typed-pointer upgrade), nothing more.
                    let only_notes = stderr.lines().all(|l| {
                        let is_header = l.contains(": error:")
                            || l.contains(": warning:")
                            || l.contains(": note:");
                        !is_header || l.contains(": note:")
                    }) && !stderr.contains(": error:");
                    if !stderr.trim().is_empty() && !only_notes {
                        errors.push(format!(
                            "{} succeeded but printed on stderr:\n{}",
                            d.shown(),
                            indent(&stderr)
                        ));
                    }
                } else {
                    stdout_goldens += 1;
                    let suffix = if stdout_goldens == 1 {
                        "stdout".to_string()
                    } else {
                        format!("{stdout_goldens}.stdout")
                    };
                    let gpath = ctx.ir_dir.join(format!("{rel}.{suffix}"));
                    let actual = if d.is_fmt() { drop_module_id(&stdout) } else { stdout };
                    let what = format!("stdout of {}", d.shown());
                    if d.is_fmt() && !gpath.exists() && !ctx.bless {
                        // A fmt golden is optional; without one, only success is checked.
                        continue;
                    }
                    golden(ctx, &gpath, &actual, &what, errors);
                    if d.is_fmt() {
                        check_fmt_golden(ctx, &gpath, scratch, errors);
                    }
                    if d.is_opt() {
                        check_fmt_golden(ctx, &gpath, scratch, errors);
                        opt_corpus::check_opt_behaviour(ctx, rel, d, &gpath, scratch, errors);
                    }
                }
            }
            Expect::Fail => {
                if out.code != Some(1) {
                    errors.push(format!(
                        "{} should reject this file with exit code 1 but gave {}; stderr:\n{}",
                        d.shown(),
                        out.describe_exit(),
                        indent(&stderr)
                    ));
                }
                let gpath = ctx.ir_dir.join(format!("{rel}.stderr"));
                golden(ctx, &gpath, &stderr, &format!("stderr of {}", d.shown()), errors);
                if d.is_plain_check() {
                    let reported = parse_reported(&stderr, rel);
                    check_markers(&markers, &reported, errors);
                    check_json(ctx, rel, Some(&reported), errors);
                }
            }
        }
    }

    if any_fail {
        // Honesty: the oracle must reject the file too.
        match tool(ctx, &ctx.llvm_as, &[rel, "-o", "/dev/null"], &ctx.ir_dir) {
            Err(e) => errors.push(e),
            Ok(o) if o.code == Some(0) => {
                errors.push(format!("{} accepts this file; it is not invalid", ctx.llvm_as))
            }
            Ok(_) => {}
        }
    }
    if any_valid_check {
        check_json(ctx, rel, None, errors);
        round_trip(ctx, &ctx.ir_dir, rel, scratch, errors);
    } else if any_run {
        // Honesty: a program, even one with undefined behaviour, is valid IR.
        match tool(ctx, &ctx.llvm_as, &[rel, "-o", "/dev/null"], &ctx.ir_dir) {
            Err(e) => errors.push(e),
            Ok(o) if o.code != Some(0) => errors.push(format!(
                "{} rejects this file, so it is not valid LLVM 19 IR:\n{}",
                ctx.llvm_as,
                indent(&normalize_paths(ctx, &o.stderr))
            )),
            Ok(_) => {}
        }
    }
}

/// Checks a hand-made or blessed `irplay fmt` golden: the oracle accepts it and
/// `irplay fmt` leaves it unchanged.
fn check_fmt_golden(ctx: &Ctx, gpath: &Path, scratch: &Scratch, errors: &mut Vec<String>) {
    let Ok(golden_text) = fs::read_to_string(gpath) else {
        return;
    };
    let shown = gpath.strip_prefix(&ctx.ir_dir).unwrap_or(gpath).display().to_string();
    let Ok(copy) = scratch.write("golden.ll", &golden_text) else {
        return;
    };
    let copy = copy.to_string_lossy().into_owned();
    match tool(ctx, &ctx.llvm_as, &[&copy, "-o", "/dev/null"], &scratch.dir) {
        Err(e) => errors.push(e),
        Ok(o) if o.code != Some(0) => errors.push(format!(
            "{} rejects the golden tests/ir/{shown}:\n{}",
            ctx.llvm_as,
            indent(&o.stderr)
        )),
        Ok(_) => {}
    }
    match irplay(ctx, &["fmt", "golden.ll"], &scratch.dir) {
        Err(e) => errors.push(e),
        Ok(o) if o.code != Some(0) => errors.push(format!(
            "`irplay fmt` of the golden tests/ir/{shown} failed ({}):\n{}",
            o.describe_exit(),
            indent(&o.stderr)
        )),
        Ok(o) => {
            let again = normalize_dis(&o.stdout, false);
            let golden_text = normalize_dis(&golden_text, false);
            if again != golden_text {
                errors.push(format!(
                    "`irplay fmt` is not idempotent on the golden tests/ir/{shown}:\n{}",
                    diff(&golden_text, &again)
                ));
            }
        }
    }
}

/// Runs `irplay check --format json` and checks it against the text diagnostics
/// (`text_errors`), or, for a valid file (`None`), that it reports no error.
fn check_json(ctx: &Ctx, rel: &str, text_errors: Option<&[Reported]>, errors: &mut Vec<String>) {
    let out = match irplay(ctx, &["check", "--format", "json", rel], &ctx.ir_dir) {
        Ok(o) => o,
        Err(e) => return errors.push(e),
    };
    let want_code = if text_errors.is_some() { 1 } else { 0 };
    if out.code != Some(want_code) {
        errors.push(format!(
            "`irplay check --format json {rel}` gave {}, expected exit code {want_code}",
            out.describe_exit()
        ));
    }
    let value: serde_json::Value = match serde_json::from_str(&out.stdout) {
        Ok(v) => v,
        Err(e) => {
            return errors.push(format!(
                "`irplay check --format json {rel}` printed invalid JSON ({e}):\n{}",
                indent(&out.stdout)
            ))
        }
    };
    let Some(items) = value.as_array() else {
        return errors
            .push(format!("`irplay check --format json {rel}` printed JSON that is not an array"));
    };
    let mut json_errors = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let Some(obj) = item.as_object() else {
            errors.push(format!("--format json: element {i} is not an object"));
            continue;
        };
        let missing: Vec<&str> =
            JSON_KEYS.iter().copied().filter(|k| !obj.contains_key(*k)).collect();
        if !missing.is_empty() {
            errors.push(format!("--format json: element {i} lacks {}", missing.join(", ")));
            continue;
        }
        if obj["severity"].as_str() != Some("error") {
            continue;
        }
        let file = normalize_paths(ctx, obj["file"].as_str().unwrap_or_default());
        if file != rel {
            errors
                .push(format!("--format json: element {i} names file {file:?}, expected {rel:?}"));
        }
        let num = |k: &str| obj[k].as_u64().unwrap_or(0) as usize;
        json_errors.push(Reported {
            line: num("line"),
            column: num("column"),
            message: obj["message"].as_str().unwrap_or_default().to_string(),
        });
    }
    let mut text: Vec<Reported> = text_errors.map(<[Reported]>::to_vec).unwrap_or_default();
    text.sort();
    json_errors.sort();
    if json_errors != text {
        let show = |v: &[Reported]| {
            v.iter()
                .map(|r| format!("    {}:{}: {}", r.line, r.column, r.message))
                .collect::<Vec<_>>()
                .join("\n")
        };
        errors.push(format!(
            "`irplay check --format json` errors differ from the text diagnostics\n  text:\n{}\n  json:\n{}",
            show(&text),
            show(&json_errors)
        ));
    }
}

/// The first `n` lines of `s` (and how many were left out).
fn head_lines(s: &str, n: usize) -> String {
    let total = s.lines().count();
    let mut out: String = s.lines().take(n).map(|l| format!("{l}\n")).collect();
    if total > n {
        let _ = writeln!(out, "... ({} more lines)", total - n);
    }
    out
}

/// The oracle of a run-corpus module `NAME-VARIANT.ll`: `NAME.expected`, whose
/// first line is `exit N` and the rest the program's stdout.
fn read_expected(dir: &Path, rel: &str) -> Result<(String, i32, Vec<u8>), String> {
    let stem = rel.strip_suffix(".ll").unwrap_or(rel);
    let name = match stem.rfind('-') {
        Some(i) => format!("{}.expected", &stem[..i]),
        None => format!("{stem}.expected"),
    };
    let bytes = fs::read(dir.join(&name)).map_err(|e| {
        format!("cannot read the oracle {name} for {rel}: {e} (regenerate with scripts/gen-run-corpus.sh)")
    })?;
    let nl = bytes.iter().position(|&b| b == b'\n').unwrap_or(bytes.len());
    let first = String::from_utf8_lossy(&bytes[..nl]).into_owned();
    let status = first
        .strip_prefix("exit ")
        .and_then(|n| n.trim().parse::<i32>().ok())
        .ok_or_else(|| format!("{name}: the first line must be `exit N`, found {first:?}"))?;
    let stdout = bytes.get(nl + 1..).unwrap_or_default().to_vec();
    Ok((name, status, stdout))
}

fn run_corpus_trial(ctx: &Ctx, dir: &Path, rel: &str) -> Result<(), Failed> {
    let (oracle, want_status, want_stdout) = read_expected(dir, rel)?;
    let out = irplay(ctx, &["run", "--max-steps", "2000000000", rel], dir)?;
    if out.code == Some(want_status) && out.stdout_raw == want_stdout {
        return Ok(());
    }
    let mut msg = format!(
        "`irplay run --max-steps 2000000000 {rel}` differs from the native program ({oracle}):\n\
         \x20 exit status: expected {want_status}, irplay gave {}\n",
        out.describe_exit()
    );
    if out.stdout_raw == want_stdout {
        msg.push_str("  stdout: the same\n");
    } else {
        let _ = writeln!(
            msg,
            "  stdout (- native, + irplay):\n{}",
            indent(&diff(&String::from_utf8_lossy(&want_stdout), &out.stdout))
        );
    }
    let _ = write!(
        msg,
        "  irplay's stderr:\n{}",
        indent(&head_lines(&normalize_paths(ctx, &out.stderr), 12))
    );
    Err(msg.into())
}

fn corpus_trial(ctx: &Ctx, trial: &str, dir: &Path, rel: &str) -> Result<(), Failed> {
    let scratch = Scratch::new(ctx, trial)?;
    let mut errors = Vec::new();
    match irplay(ctx, &["check", rel], dir) {
        Err(e) => errors.push(e),
        Ok(o) if o.code != Some(0) || !o.stderr.trim().is_empty() => errors.push(format!(
            "`irplay check {rel}` should accept this valid module silently but gave {}; stderr:\n{}",
            o.describe_exit(),
            indent(&normalize_paths(ctx, &o.stderr))
        )),
        Ok(_) => {}
    }
    round_trip(ctx, dir, rel, &scratch, &mut errors);
    scratch.finish(errors)
}

/// The oracle round trip for a valid module `dir/rel`:
/// llvm-as accepts it; `irplay fmt` output is accepted by llvm-as and
/// disassembles to the same text as the original; `irplay fmt` is idempotent.
fn round_trip(ctx: &Ctx, dir: &Path, rel: &str, scratch: &Scratch, errors: &mut Vec<String>) {
    let path_of = |name: &str| scratch.path(name).to_string_lossy().into_owned();
    let (orig_bc, fmt_ll, fmt_bc) = (path_of("orig.bc"), path_of("fmt.ll"), path_of("fmt.bc"));

    // 1. The oracle accepts the original.
    match tool(ctx, &ctx.llvm_as, &[rel, "-o", &orig_bc], dir) {
        Err(e) => return errors.push(e),
        Ok(o) if o.code != Some(0) => {
            return errors.push(format!(
                "{} rejects this file, so it is not valid LLVM 19 IR:\n{}",
                ctx.llvm_as,
                indent(&normalize_paths(ctx, &o.stderr))
            ))
        }
        Ok(o) if !o.stderr.trim().is_empty() => errors.push(format!(
            "{} accepts this file but warns (e.g. it strips invalid debug info), so it is not \
             clean valid input:\n{}",
            ctx.llvm_as,
            indent(&normalize_paths(ctx, &o.stderr))
        )),
        Ok(_) => {}
    }
    let orig_dis = match disassemble(ctx, &orig_bc, scratch) {
        Ok(t) => t,
        Err(e) => return errors.push(e),
    };

    // Without a `source_filename` directive the module's source file name is
    // the input path, which differs between the original and fmt.ll.
    let implicit_name = fs::read_to_string(dir.join(rel))
        .map(|t| !t.lines().any(|l| l.trim_start().starts_with("source_filename")))
        .unwrap_or(true);

    // 2. irplay fmt.
    let formatted = match irplay(ctx, &["fmt", rel], dir) {
        Err(e) => return errors.push(e),
        Ok(o) if o.code != Some(0) => {
            return errors.push(format!(
                "`irplay fmt {rel}` failed ({}):\n{}",
                o.describe_exit(),
                indent(&normalize_paths(ctx, &o.stderr))
            ))
        }
        Ok(o) => o.stdout,
    };
    if let Err(e) = scratch.write("fmt.ll", &formatted) {
        return errors.push(e);
    }

    // 3. The oracle accepts the output and sees the same module.
    match tool(ctx, &ctx.llvm_as, &[&fmt_ll, "-o", &fmt_bc], &scratch.dir) {
        Err(e) => return errors.push(e),
        Ok(o) if o.code != Some(0) => {
            return errors.push(format!(
                "{} rejects the output of `irplay fmt {rel}` (kept as fmt.ll):\n{}",
                ctx.llvm_as,
                indent(&o.stderr)
            ))
        }
        Ok(_) => {}
    }
    match disassemble(ctx, &fmt_bc, scratch) {
        Err(e) => errors.push(e),
        Ok(fmt_dis) => {
            let (a, b) =
                (normalize_dis(&orig_dis, implicit_name), normalize_dis(&fmt_dis, implicit_name));
            if a != b {
                let _ = scratch.write("orig.dis.ll", &orig_dis);
                let _ = scratch.write("fmt.dis.ll", &fmt_dis);
                errors.push(format!(
                    "round trip changed the module: `{dis}` of the original and of `irplay fmt` \
                     output differ (- original, + after fmt):\n{}",
                    diff(&a, &b),
                    dis = ctx.llvm_dis
                ));
            }
            if ctx.compare_dis {
                let f = normalize_dis(&formatted, implicit_name);
                if f != a {
                    errors.push(format!(
                        "IRPLAY_COMPARE_DIS: `irplay fmt` output differs from `{}` output \
                         (- llvm-dis, + irplay fmt):\n{}",
                        ctx.llvm_dis,
                        diff(&a, &f)
                    ));
                }
            }
        }
    }

    // 4. Idempotence.
    match irplay(ctx, &["fmt", "fmt.ll"], &scratch.dir) {
        Err(e) => errors.push(e),
        Ok(o) if o.code != Some(0) => errors.push(format!(
            "`irplay fmt` of its own output failed ({}):\n{}",
            o.describe_exit(),
            indent(&o.stderr)
        )),
        Ok(o) => {
            // `; preds =` comments are sorted: their order follows use lists,
            // which `uselistorder` directives (not printed by llvm-dis) change.
            let (first, second) =
                (normalize_dis(&formatted, false), normalize_dis(&o.stdout, false));
            if first != second {
                let _ = scratch.write("fmt2.ll", &o.stdout);
                errors.push(format!(
                    "`irplay fmt` is not idempotent (- fmt, + fmt of fmt):\n{}",
                    diff(&first, &second)
                ));
            }
        }
    }
}

fn disassemble(ctx: &Ctx, bc: &str, scratch: &Scratch) -> Result<String, String> {
    let o = tool(ctx, &ctx.llvm_dis, &[bc, "-o", "-"], &scratch.dir)?;
    if o.code != Some(0) {
        return Err(format!("{} {bc} failed:\n{}", ctx.llvm_dis, indent(&o.stderr)));
    }
    Ok(o.stdout)
}
