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
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};

#[path = "harness/unsupported.rs"]
mod unsupported;
use unsupported::{judge, parse_corpus_list, parse_unsupported_wasm, refusal, Expected, Refusal};

/// The run corpus's expected refusals, relative to the repository root.
const CORPUS_LIST: &str = "tests/wasm-unsupported.txt";

/// What happened to each `interp/` and `corpus/` module.
#[derive(Default)]
struct Tally {
    matching: usize,
    /// Refused as expected, by kind of construct.
    unsupported: BTreeMap<String, usize>,
    failing: usize,
}

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
    if judge(expected.as_ref(), refused.as_ref(), &shown, &fix)? {
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

/// Judges a run of `irplay run --engine wasm`: a refusal expected by `expected` passes (counted
/// by kind), an output that `matched` passes when no refusal is expected, anything else fails
/// (with `differs` when the output is wrong).
fn judge_run(
    expected: Option<&Expected>,
    refused: Option<Refusal>,
    matched: bool,
    (how, fix): (&str, &dyn Fn(&str) -> String),
    differs: &dyn Fn() -> String,
    tally: &Mutex<Tally>,
) -> Result<(), Failed> {
    let fix = refused.as_ref().map(|r| fix(&r.construct)).unwrap_or_default();
    let judged = judge(expected, refused.as_ref(), how, &fix);
    let mut t = tally.lock().map_err(|_| "tally lock poisoned")?;
    match judged {
        Ok(true) => {
            let kind = refused.map(|r| r.kind()).unwrap_or_default();
            *t.unsupported.entry(kind).or_default() += 1;
            Ok(())
        }
        Ok(false) if matched => {
            t.matching += 1;
            Ok(())
        }
        Ok(false) => {
            t.failing += 1;
            Err(differs().into())
        }
        Err(e) => {
            t.failing += 1;
            // Not refused although expected to be: say whether the output is right too.
            if refused.is_none() && !matched {
                return Err(format!("{e}\n{}", differs()).into());
            }
            Err(e.into())
        }
    }
}

fn corpus_trial(
    irplay: &Path,
    dir: &Path,
    rel: &str,
    expected: Option<&Expected>,
    tally: &Mutex<Tally>,
) -> Result<(), Failed> {
    let stem = rel.strip_suffix(".ll").unwrap_or(rel);
    let name = stem.rfind('-').map_or(stem, |i| stem.get(..i).unwrap_or(stem));
    let expected_out = std::fs::read(dir.join(format!("{name}.expected")))
        .map_err(|e| format!("cannot read {name}.expected: {e}"))?;
    let nl = expected_out.iter().position(|&b| b == b'\n').unwrap_or(expected_out.len());
    let first = String::from_utf8_lossy(expected_out.get(..nl).unwrap_or(&[])).into_owned();
    let want_status: i32 = first
        .strip_prefix("exit ")
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| format!("{name}.expected: bad first line {first:?}"))?;
    let want_stdout = expected_out.get(nl + 1..).unwrap_or(&[]);
    let out = run(Command::new(irplay).args(["run", "--engine", "wasm", rel]).current_dir(dir))?;
    let matched = out.status.code() == Some(want_status) && out.stdout == want_stdout;
    let fix = |construct: &str| {
        format!("if it is a known gap, add the line `{rel}: {construct}` to {CORPUS_LIST}")
    };
    let differs = || {
        let stderr = String::from_utf8_lossy(&out.stderr);
        format!(
            "`irplay run --engine wasm {rel}` differs from the native program: exit {:?} (want \
             {want_status}), stdout {} (want {} bytes); stderr:\n{}",
            out.status.code(),
            if out.stdout == want_stdout {
                "the same".to_string()
            } else {
                format!("{} bytes", out.stdout.len())
            },
            want_stdout.len(),
            stderr.lines().take(12).collect::<Vec<_>>().join("\n")
        )
    };
    // A run that printed what was wanted was not refused, whatever its stderr says.
    let refused = if matched { None } else { refusal(&String::from_utf8_lossy(&out.stderr)) };
    let refused =
        refused.map(|r| r.locate(&std::fs::read_to_string(dir.join(rel)).unwrap_or_default(), rel));
    judge_run(expected, refused, matched, (CORPUS_LIST, &fix), &differs, tally)
}

fn interp_trial(
    irplay: &Path,
    (dir, prefix): (&Path, &str),
    file: &Path,
    tally: &Mutex<Tally>,
) -> Result<(), Failed> {
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let rel = file.strip_prefix(dir).unwrap_or(file);
    let shown = rel.display().to_string();
    let expected = parse_unsupported_wasm(&text).map_err(|e| format!("{prefix}{shown}: {e}"))?;
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
    let mut cmd = Command::new(irplay);
    cmd.args(["run", "--engine", "wasm"]).arg(rel).arg("--").args(&args).current_dir(dir);
    // The program's standard input, as the `ir` harness gives it.
    if let Ok(input) = std::fs::File::open(format!("{}.stdin", file.display())) {
        cmd.stdin(input);
    }
    let out = run(&mut cmd)?;
    let matched = out.status.code() == Some(want_status) && out.stdout == golden;
    let fix = |construct: &str| file_fix(&shown, construct);
    let differs = || {
        format!(
            "`irplay run --engine wasm {shown}` differs from the interpreter's golden: exit {:?} \
             (want {want_status}); stdout:\n{}\nstderr:\n{}",
            out.status.code(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    };
    let how = format!("{prefix}{shown}");
    let refused = if matched { None } else { refusal(&String::from_utf8_lossy(&out.stderr)) };
    let refused = refused.map(|r| r.locate(&text, &how));
    judge_run(expected.as_ref(), refused, matched, (&how, &fix), &differs, tally)
}

/// The `.ll` files under `dir`, relative to it, sorted.
fn ll_files(dir: &Path, rel: &str, out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir.join(rel)) else { return };
    for e in rd.filter_map(Result::ok) {
        let name = e.file_name().to_string_lossy().into_owned();
        let r = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
        if e.file_type().is_ok_and(|t| t.is_dir()) {
            ll_files(dir, &r, out);
        } else if name.ends_with(".ll") {
            out.push(r);
        }
    }
    out.sort();
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
    let tally = Arc::new(Mutex::new(Tally::default()));
    // A file whose run ends in one of irplay's own statuses (undefined behaviour, errors, the
    // step limit, abort) is the interpreter's alone.
    let ends_normally = |f: &Path| {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        let exit = text.lines().find_map(|l| {
            l.trim_start_matches(';').trim().strip_prefix("EXIT:").map(|n| n.trim().to_string())
        });
        !exit.is_some_and(|e| ["70", "71", "124", "134"].contains(&e.as_str()))
    };
    for rel in all.iter().filter(|r| r.starts_with("interp/") && !r[7..].contains('/')) {
        let f = ir_dir.join(rel);
        if !ends_normally(&f) {
            continue;
        }
        judged.push(rel.clone());
        let name = rel[7..].trim_end_matches(".ll").to_string();
        let (irplay, dir, tally) = (irplay.clone(), ir_dir.clone(), tally.clone());
        trials.push(Trial::test(format!("interp/{name}"), move || {
            interp_trial(&irplay, (&dir, "tests/ir/"), &f, &tally)
        }));
    }
    // The playground's teaching examples, the same way.
    let learn_dir = root.join("examples").join("learn");
    let mut learn = Vec::new();
    ll_files(&learn_dir, "", &mut learn);
    for rel in learn {
        let f = learn_dir.join(&rel);
        if !ends_normally(&f) {
            continue;
        }
        let name = rel.trim_end_matches(".ll").to_string();
        let (irplay, dir, tally) = (irplay.clone(), learn_dir.clone(), tally.clone());
        trials.push(Trial::test(format!("learn/{name}"), move || {
            interp_trial(&irplay, (&dir, "examples/learn/"), &f, &tally)
        }));
    }
    // A directive no trial reads would allow nothing and say something false.
    let unread: Vec<String> = all
        .iter()
        .filter(|r| !judged.contains(r))
        .filter(|r| {
            let text = std::fs::read_to_string(ir_dir.join(r)).unwrap_or_default();
            parse_unsupported_wasm(&text).map_or(true, |e| e.is_some())
        })
        .map(|r| format!("tests/ir/{r}"))
        .collect();
    trials.push(Trial::test("directives/unread", move || {
        if unread.is_empty() {
            return Ok(());
        }
        Err(format!(
            "`; UNSUPPORTED-WASM:` in files the wasm engine does not run (only tests/ir/wasm/*.ll \
             and the tests/ir/interp/*.ll that end normally are): {}",
            unread.join(", ")
        )
        .into())
    }));
    let no_corpus = std::env::var("IRPLAY_NO_CORPUS").is_ok_and(|v| !v.is_empty() && v != "0");
    let mut stale = Vec::new();
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
            trials.push(Trial::test("corpus/missing", move || {
                Err(format!(
                    "no run corpus in {shown} (make it with scripts/gen-run-corpus.sh or set \
                     IRPLAY_NO_CORPUS=1)"
                )
                .into())
            }));
        }
        let list = std::fs::read_to_string(root.join(CORPUS_LIST))
            .map_err(|e| format!("cannot read {CORPUS_LIST}: {e}"))
            .and_then(|t| parse_corpus_list(&t).map_err(|e| format!("{CORPUS_LIST}: {e}")));
        let list = Arc::new(match list {
            Ok(l) => l,
            Err(e) => {
                trials.push(Trial::test("corpus/wasm-unsupported.txt", move || Err(e.into())));
                BTreeMap::new()
            }
        });
        // Listed modules a smaller (or differently seeded) corpus lacks are only noted.
        stale = list.keys().filter(|m| mods.binary_search(m).is_err()).cloned().collect();
        for rel in mods {
            let (irplay, dir, tally, list) =
                (irplay.clone(), dir.clone(), tally.clone(), list.clone());
            trials.push(Trial::test(format!("corpus/{rel}"), move || {
                corpus_trial(&irplay, &dir, &rel, list.get(&rel), &tally)
            }));
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    if let Ok(t) = tally.lock() {
        let unsupported: usize = t.unsupported.values().sum();
        if t.matching + unsupported + t.failing > 0 {
            eprintln!(
                "wasm engine: {} match (the native program or the interpreter golden), {} \
                 unsupported as expected, {} fail",
                t.matching, unsupported, t.failing
            );
            for (what, n) in &t.unsupported {
                eprintln!("  unsupported: {n:4} {what}");
            }
        }
    }
    if !stale.is_empty() {
        eprintln!("note: {CORPUS_LIST} lists modules not in the run corpus: {}", stale.join(", "));
    }
    conclusion.exit();
}
