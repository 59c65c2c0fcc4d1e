//! The `bitcode` harness: the bitcode reader and writer over a corpus of `.bc` files made by
//! LLVM 15, 16 and 19, checked against the LLVM tools (see `scripts/gen-bitcode-corpus.sh`,
//! which makes the corpus in `target/bitcode-corpus`).
//!
//! Trials, for every case `NAME` (`clang19/csmith-0001-O2g`, `ir/parse/ok/globals`,
//! `llvm15/interp/phi`, ...):
//!
//! * `read/NAME`: the module `bitcode::read` makes of `NAME.bc` prints (by our printer) as the
//!   module `text::parse` makes of `NAME.dis.ll`, LLVM 19's text of the same file
//!   (`llvm-dis-19`; for LLVM 15 and 16 files, their `llvm-dis` re-read by `llvm-as-19`),
//!   `uselistorder` directives aside (`llvm-dis-19` prints none).
//! * `write/NAME` (LLVM 19 cases, `clang19/` and `ir/`): `llvm-dis-19` of `bitcode::write` of
//!   the module parsed from `NAME.src.ll` equals `llvm-dis-19` of `llvm-as-19` of that text
//!   (`NAME.asdis.ll`), `; ModuleID` lines aside.
//! * `roundtrip/NAME` (the same cases): text → module → bitcode → module prints as the text's
//!   module does once the upgrades LLVM 19 makes to every module it reads from bitcode are
//!   applied to it (`bitcode::apply_read_upgrades`: LLVM 19's own attributes on intrinsic
//!   declarations, `llvm.dbg.*` calls as debug records, `strictfp` calls in functions without
//!   `strictfp` as `nobuiltin`), since reading bitcode makes them. It reads back with
//!   `bitcode::read_keeping_uselistorder`, so `uselistorder` directives must survive too.
//!
//! Known gaps are listed in `tests/bitcode-known-failures.txt`, one `CHECK CASE REASON` line
//! each (`read clang15/csmith-0003-O0 ...`): such a trial passes while it fails, and fails
//! once it passes (remove the line then), so the list only shrinks; an unlisted failure
//! fails with a short unified diff of the first lines that differ.
//!
//! Environment: `IRPLAY_BITCODE_CORPUS=dir` another corpus directory (relative to the
//! repository root); `IRPLAY_TEST_TIMEOUT=secs` the time limit of each check (default 120);
//! `BLESS=1` rewrites the list's lines (its leading comment kept) from the failures of this
//! run, each with a reason made from its error or first differing lines (meant for a full
//! run, and for a reader to edit).

use irplay_core::{bitcode, text};
use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The list of known failures, relative to the repository root.
const KNOWN: &str = "tests/bitcode-known-failures.txt";

/// The checks, by the name trials and the list use.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Check {
    Read,
    Write,
    Roundtrip,
}

impl Check {
    fn name(self) -> &'static str {
        match self {
            Check::Read => "read",
            Check::Write => "write",
            Check::Roundtrip => "roundtrip",
        }
    }

    fn by_name(s: &str) -> Option<Check> {
        [Check::Read, Check::Write, Check::Roundtrip].into_iter().find(|c| c.name() == s)
    }
}

/// The known failures: `(check, case)` to the reason and its line in the list.
type Known = BTreeMap<(Check, String), (String, usize)>;

fn parse_known(text: &str) -> Result<Known, String> {
    let mut out = Known::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let mut parts = t.splitn(3, char::is_whitespace);
        let (Some(check), Some(case), Some(reason)) = (parts.next(), parts.next(), parts.next())
        else {
            return Err(format!("line {}: want `CHECK CASE REASON`, found `{t}`", i + 1));
        };
        let Some(check) = Check::by_name(check) else {
            return Err(format!(
                "line {}: unknown check `{check}` (read, write, roundtrip)",
                i + 1
            ));
        };
        if out.insert((check, case.to_string()), (reason.trim().to_string(), i + 1)).is_some() {
            return Err(format!("line {}: `{} {case}` is listed twice", i + 1, check.name()));
        }
    }
    Ok(out)
}

/// The `.bc` files under `dir`, as case names (paths relative to `dir` without `.bc`).
fn cases(dir: &Path) -> Vec<String> {
    fn walk(dir: &Path, rel: &str, out: &mut Vec<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let rel = if rel.is_empty() { name.clone() } else { format!("{rel}/{name}") };
            let path = e.path();
            if path.is_dir() {
                walk(&path, &rel, out);
            } else if let Some(stem) = rel.strip_suffix(".bc") {
                out.push(stem.to_string());
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, "", &mut out);
    out.sort();
    out
}

/// True for cases made from LLVM 19 text, which the writer is tested on.
fn is_llvm19(case: &str) -> bool {
    case.starts_with("clang19/") || case.starts_with("ir/")
}

fn read_text(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Our printer's text of the module `text::parse` makes of `src` (what the file `what` is).
fn parse_print(src: &str, what: &str) -> Result<(irplay_core::ir::Module, String), String> {
    let parsed = text::parse(src);
    let errors: Vec<_> = parsed.diagnostics.iter().filter(|d| d.is_error()).collect();
    match parsed.module {
        Some(m) if errors.is_empty() => {
            let printed = text::print_module(&m);
            Ok((m, printed))
        }
        _ => Err(format!(
            "text::parse rejects {what}: {}",
            errors.first().map_or("no module".to_string(), |d| d.message.clone())
        )),
    }
}

/// `Err` with a short unified diff of the first lines that differ, when `expected != actual`.
fn compare(
    expected: &str,
    actual: &str,
    what_expected: &str,
    what_actual: &str,
) -> Result<(), String> {
    if expected == actual {
        return Ok(());
    }
    let diff = similar::TextDiff::from_lines(expected, actual);
    let mut out = format!("{what_actual} differs from {what_expected}:\n");
    let unified =
        diff.unified_diff().context_radius(2).header(what_expected, what_actual).to_string();
    let lines: Vec<&str> = unified.lines().collect();
    for l in lines.iter().take(40) {
        out.push_str(l);
        out.push('\n');
    }
    if lines.len() > 40 {
        out.push_str(&format!("... ({} more diff lines)\n", lines.len() - 40));
    }
    Err(out)
}

/// Runs `prog args` with `input` on stdin and a time limit; its stdout.
fn run_tool(prog: &str, args: &[&str], input: Vec<u8>, limit: Duration) -> Result<String, String> {
    let mut child = Command::new(prog)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {prog}: {e}"))?;
    let mut stdin = child.stdin.take();
    let feeder = std::thread::spawn(move || {
        if let Some(s) = stdin.as_mut() {
            let _ = s.write_all(&input);
        }
    });
    let mut stdout = child.stdout.take();
    let reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        if let Some(s) = stdout.as_mut() {
            let _ = s.read_to_end(&mut v);
        }
        v
    });
    let mut stderr = child.stderr.take();
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        if let Some(s) = stderr.as_mut() {
            let _ = s.read_to_end(&mut v);
        }
        v
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{prog} took more than {}s", limit.as_secs()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("{prog}: {e}")),
        }
    };
    let _ = feeder.join();
    let out = reader.join().unwrap_or_default();
    let err = err_reader.join().unwrap_or_default();
    if !status.success() {
        return Err(format!("{prog} failed ({status}): {}", String::from_utf8_lossy(&err).trim()));
    }
    String::from_utf8(out).map_err(|_| format!("{prog} printed text that is not UTF-8"))
}

/// `text` without its `; ModuleID = ...` line.
fn without_module_id(text: &str) -> String {
    text.lines().filter(|l| !l.starts_with("; ModuleID = ")).map(|l| format!("{l}\n")).collect()
}

/// `read/NAME`.
fn check_read(base: &Path) -> Result<(), String> {
    let bc_path = base.with_extension("bc");
    let bytes =
        std::fs::read(&bc_path).map_err(|e| format!("cannot read {}: {e}", bc_path.display()))?;
    let module = bitcode::read(&bytes).map_err(|e| format!("bitcode::read: {e}"))?;
    let ours = text::print_module(&module);
    let (_, theirs) =
        parse_print(&read_text(&base.with_extension("dis.ll"))?, "llvm-dis-19's text")?;
    compare(&theirs, &ours, "the module of llvm-dis-19's text", "the module read from bitcode")
}

/// `write/NAME`.
fn check_write(base: &Path, limit: Duration) -> Result<(), String> {
    let (module, _) = parse_print(&read_text(&base.with_extension("src.ll"))?, "the source text")?;
    let bytes = bitcode::write(&module).map_err(|e| format!("bitcode::write: {e}"))?;
    let ours = run_tool("llvm-dis-19", &["-o", "-"], bytes, limit)?;
    let theirs = read_text(&base.with_extension("asdis.ll"))?;
    compare(
        &without_module_id(&theirs),
        &without_module_id(&ours),
        "llvm-dis-19 of llvm-as-19's bitcode",
        "llvm-dis-19 of our bitcode",
    )
}

/// `roundtrip/NAME`.
fn check_roundtrip(base: &Path) -> Result<(), String> {
    let (module, _) = parse_print(&read_text(&base.with_extension("src.ll"))?, "the source text")?;
    let bytes = bitcode::write(&module).map_err(|e| format!("bitcode::write: {e}"))?;
    let again = bitcode::read_keeping_uselistorder(&bytes)
        .map_err(|e| format!("bitcode::read of our bitcode: {e}"))?;
    let mut upgraded = module;
    bitcode::apply_read_upgrades(&mut upgraded);
    compare(
        &text::print_module(&upgraded),
        &text::print_module(&again),
        "the text's module (upgraded as on reading bitcode)",
        "the module after bitcode",
    )
}

/// Runs one check on its own thread (a generous stack; a panic or the time limit is a
/// failure, not the end of the harness).
fn run_check(check: Check, base: PathBuf, limit: Duration) -> Result<(), String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new().stack_size(256 << 20).spawn(move || {
        let r = match check {
            Check::Read => check_read(&base),
            Check::Write => check_write(&base, limit),
            Check::Roundtrip => check_roundtrip(&base),
        };
        let _ = tx.send(r);
    });
    if let Err(e) = spawned {
        return Err(format!("cannot start a thread: {e}"));
    }
    match rx.recv_timeout(limit) {
        Ok(r) => r,
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
            Err(format!("took more than {}s (the thread is left running)", limit.as_secs()))
        }
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err("panicked".to_string()),
    }
}

/// A one-line reason for a failure: the error, or the first lines that differ (from a little
/// before the first character that differs).
fn reason(error: &str) -> String {
    let clip = |s: &str, from: usize| {
        let chars: Vec<char> = s.chars().collect();
        let start = from.saturating_sub(20);
        let mut out: String = chars.iter().skip(start).take(60).collect();
        if start > 0 {
            out.insert_str(0, "...");
        }
        if chars.len() > start + 60 {
            out.push_str("...");
        }
        out
    };
    let changed = |sign: char, other: &str| {
        error.lines().find(|l| {
            l.starts_with(sign)
                && !l.starts_with(other)
                && !l.get(1..).unwrap_or("").trim().is_empty()
        })
    };
    let minus = changed('-', "---").and_then(|l| l.get(1..));
    let plus = changed('+', "+++").and_then(|l| l.get(1..));
    match (minus, plus) {
        (Some(m), Some(p)) => {
            let same = m.chars().zip(p.chars()).take_while(|(a, b)| a == b).count();
            format!("differs: `{}` became `{}`", clip(m.trim_end(), same), clip(p.trim_end(), same))
        }
        (Some(m), None) => format!("differs: `{}` is missing", clip(m.trim(), 0)),
        (None, Some(p)) => format!("differs: `{}` is extra", clip(p.trim(), 0)),
        (None, None) => error.lines().next().unwrap_or("fails").chars().take(160).collect(),
    }
}

/// The failures of this run, for `BLESS=1`: `CHECK CASE REASON` lines.
type Failures = Arc<Mutex<Vec<String>>>;

/// One trial: the check, judged against the list of known failures.
fn trial(
    check: Check,
    case: &str,
    base: PathBuf,
    known: Option<(String, usize)>,
    limit: Duration,
    failures: &Failures,
) -> Result<(), Failed> {
    let result = run_check(check, base, limit);
    if let Err(e) = &result {
        if let Ok(mut f) = failures.lock() {
            f.push(format!("{} {case} {}", check.name(), reason(e)));
        }
    }
    match (result, known) {
        (Ok(()), None) | (Err(_), Some(_)) => Ok(()),
        (Ok(()), Some((reason, line))) => Err(format!(
            "`{} {case}` passes now, but {KNOWN} line {line} lists it as failing ({reason}): remove \
             the line",
            check.name()
        )
        .into()),
        (Err(e), None) => Err(format!(
            "{e}\nif this is a known gap, add the line `{} {case} REASON` to {KNOWN}",
            check.name()
        )
        .into()),
    }
}

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = match std::env::var_os("IRPLAY_BITCODE_CORPUS") {
        Some(d) if !d.is_empty() => root.join(d),
        _ => root.join("target").join("bitcode-corpus"),
    };
    let limit = Duration::from_secs(
        std::env::var("IRPLAY_TEST_TIMEOUT").ok().and_then(|s| s.parse().ok()).unwrap_or(120),
    );
    let mut trials = Vec::new();
    let known = std::fs::read_to_string(root.join(KNOWN))
        .map_err(|e| format!("cannot read {KNOWN}: {e}"))
        .and_then(|t| parse_known(&t).map_err(|e| format!("{KNOWN}: {e}")));
    let known = match known {
        Ok(k) => k,
        Err(e) => {
            trials.push(Trial::test("known-failures-list", move || Err(e.into())));
            Known::new()
        }
    };
    let names = cases(&dir);
    if names.is_empty() {
        let msg = format!(
            "the bitcode corpus {} is missing or empty: make it with \
             `scripts/gen-bitcode-corpus.sh` (after `scripts/gen-corpus.sh`), or run \
             `scripts/test.sh`",
            dir.display()
        );
        trials.push(Trial::test("corpus/MISSING", move || Err(msg.into())));
    }
    let mut listed: Vec<(Check, String)> = known.keys().cloned().collect();
    let dir = Arc::new(dir);
    let failures = Failures::default();
    for case in &names {
        let checks: &[Check] = if is_llvm19(case) {
            &[Check::Read, Check::Write, Check::Roundtrip]
        } else {
            &[Check::Read]
        };
        for &check in checks {
            let key = (check, case.clone());
            listed.retain(|k| *k != key);
            let entry = known.get(&key).cloned();
            let base = dir.join(case);
            let case = case.clone();
            let name = format!("{}/{case}", check.name());
            let failures = failures.clone();
            trials.push(Trial::test(name, move || {
                trial(check, &case, base, entry, limit, &failures)
            }));
        }
    }
    if !listed.is_empty() && !names.is_empty() {
        let stale: Vec<String> = listed.iter().map(|(c, n)| format!("{} {n}", c.name())).collect();
        let msg = format!(
            "{KNOWN} lists checks of cases the corpus does not have (remove them, or make the \
             whole corpus): {}",
            stale.join(", ")
        );
        trials.push(Trial::test("known-failures-list", move || Err(msg.into())));
    }
    let conclusion = libtest_mimic::run(&args, trials);
    if std::env::var("BLESS").is_ok_and(|v| !v.is_empty() && v != "0") {
        let path = root.join(KNOWN);
        let old = std::fs::read_to_string(&path).unwrap_or_default();
        let mut text: String = old
            .lines()
            .take_while(|l| l.starts_with('#') || l.trim().is_empty())
            .map(|l| format!("{l}\n"))
            .collect();
        let mut lines = failures.lock().map(|f| f.clone()).unwrap_or_default();
        lines.sort();
        for l in lines {
            text.push_str(&l);
            text.push('\n');
        }
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("cannot write {}: {e}", path.display());
            std::process::exit(1);
        }
        eprintln!("BLESS: wrote {KNOWN}");
        return;
    }
    conclusion.exit();
}
