//! The run trials the code generators' harnesses share (`tests/wasm.rs`, `tests/native.rs`):
//! an engine of `irplay` (`--engine wasm`, `--engine native`, or an executable built by
//! `irplay build --target T --emit exe`) must print what the interpreter's goldens or the run
//! corpus's native programs print, and exit with their status.
//!
//! * `interp` trials: a `tests/ir/interp/*.ll` or `examples/learn/*.ll` file whose run ends
//!   normally, against its stdout golden and `; EXIT:` (`NAME.ll.stdin` is its standard input,
//!   the arguments after ` -- ` on its `RUN: irplay run` line its arguments, the line's
//!   `--env NAME=VALUE` options its whole environment).
//! * `corpus` trials: a module `NAME-VARIANT.ll` of the run corpus against `NAME.expected`.
//! * `directives/unread`: no `; UNSUPPORTED-<ENGINE>:` line in a `tests/ir` file that no
//!   trial reads.
//!
//! Refusals are expectations, never a pass by default: see `unsupported.rs`. The counts
//! (matching, refused as expected by construct, failing) are kept per family of trials and
//! printed at the end.

use crate::timed::{run_with_stdin, Out};
use crate::unsupported::{judge, parse_corpus_list, parse_unsupported, refusal, Expected, Refusal};
use libtest_mimic::{Failed, Trial};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What happened to the modules of one family of trials.
#[derive(Default)]
pub(crate) struct Tally {
    pub(crate) matching: usize,
    /// Refused as expected, by kind of construct.
    pub(crate) unsupported: BTreeMap<String, usize>,
    pub(crate) failing: usize,
}

/// How an engine runs a module.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// `irplay run --engine NAME FILE -- ARGS`.
    InProcess,
    /// `irplay build --target TARGET --emit exe FILE -o EXE`, then `EXE ARGS`.
    Exe,
}

/// An engine under test and what its trials found.
pub(crate) struct Engine {
    /// `irplay run --engine NAME`: `wasm`, `native`.
    pub(crate) name: &'static str,
    /// As messages name it: "the wasm engine".
    pub(crate) label: &'static str,
    /// The directive of `tests/ir` files: `UNSUPPORTED-WASM:`.
    pub(crate) directive: &'static str,
    /// The run corpus's expected refusals, relative to the repository root.
    pub(crate) list: &'static str,
    /// `irplay build --target` for [`Mode::Exe`].
    pub(crate) target: &'static str,
    /// More arguments of `irplay run --engine NAME` ([`Mode::InProcess`]): `--target aarch64`.
    pub(crate) run_args: Vec<String>,
    /// The command an executable of [`Mode::Exe`] runs under (empty: none), e.g.
    /// `qemu-aarch64 -L /usr/aarch64-linux-gnu`.
    pub(crate) runner: Vec<String>,
    pub(crate) irplay: PathBuf,
    /// Where executables are built ([`Mode::Exe`]).
    pub(crate) scratch: PathBuf,
    pub(crate) limit: Duration,
    /// By family of trials (`interp`, `corpus`, ...).
    pub(crate) tally: Mutex<BTreeMap<&'static str, Tally>>,
}

/// The `.ll` files under `dir`, relative to it, sorted.
pub(crate) fn ll_files(dir: &Path, rel: &str, out: &mut Vec<String>) {
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

/// The file's `; EXIT:` status (0 without one; -1 if unreadable).
pub(crate) fn exit_status(text: &str) -> i32 {
    text.lines()
        .find_map(|l| {
            l.trim_start_matches(';')
                .trim()
                .strip_prefix("EXIT:")
                .map(|n| n.trim().parse().unwrap_or(-1))
        })
        .unwrap_or(0)
}

/// Whether a file's run ends normally: not in one of irplay's own statuses (undefined
/// behaviour, errors, the step limit, abort), where the interpreter is the reference alone.
pub(crate) fn ends_normally(f: &Path) -> bool {
    let text = std::fs::read_to_string(f).unwrap_or_default();
    ![70, 71, 124, 134].contains(&exit_status(&text))
}

/// What a program is started with: its arguments and its environment (`NAME=VALUE`).
#[derive(Default)]
pub(crate) struct Invocation {
    pub(crate) args: Vec<String>,
    pub(crate) env: Vec<String>,
}

/// The file's `RUN: irplay run` line's invocation: the arguments after ` -- `, and the
/// environment of its `--env NAME=VALUE` options (every engine's program sees those alone).
pub(crate) fn run_invocation(text: &str) -> Invocation {
    let Some(line) =
        text.lines().find_map(|l| l.trim_start_matches(';').trim().strip_prefix("RUN: irplay run"))
    else {
        return Invocation::default();
    };
    let (flags, args) = line.split_once(" -- ").unwrap_or((line, ""));
    let mut env = Vec::new();
    let mut words = flags.split_whitespace();
    while let Some(w) = words.next() {
        if let Some(e) = w.strip_prefix("--env=") {
            env.push(e.to_string());
        } else if w == "--env" {
            env.extend(words.next().map(str::to_string));
        }
    }
    Invocation { args: args.split_whitespace().map(str::to_string).collect(), env }
}

/// The file's `; EXE-DIFFERS: <why>` line: an executable of `irplay build --emit exe`, which
/// calls the C library as it is, prints something else than the interpreter (the file's
/// `irplay run` engines keep the interpreter's behaviour), for the reason given.
pub(crate) fn exe_differs(text: &str) -> Option<&str> {
    text.lines().find_map(|l| l.trim_start_matches(';').trim().strip_prefix("EXE-DIFFERS:"))
}

/// The first line where `got` differs from `want`, shown for failures.
pub(crate) fn first_difference(want: &[u8], got: &[u8]) -> String {
    let (w, g) = (String::from_utf8_lossy(want), String::from_utf8_lossy(got));
    let (wl, gl): (Vec<&str>, Vec<&str>) = (w.lines().collect(), g.lines().collect());
    for i in 0..wl.len().max(gl.len()) {
        let (a, b) = (wl.get(i), gl.get(i));
        if a != b {
            let show = |l: Option<&&str>| l.map_or("(end of output)".into(), |l| format!("`{l}`"));
            return format!("line {}: want {}, got {}", i + 1, show(a), show(b));
        }
    }
    if want == got {
        "the same".into()
    } else {
        "the same lines, different bytes (a missing final newline?)".into()
    }
}

impl Engine {
    /// Runs `rel` (relative to `dir`, the working directory) with `args` and `stdin`: returns
    /// its output and the command as shown in failures. A failed build of an executable is
    /// its output with no exit status (so that it never matches).
    pub(crate) fn execute(
        &self,
        mode: Mode,
        dir: &Path,
        rel: &str,
        inv: &Invocation,
        stdin: Option<&Path>,
    ) -> Result<(Out, String), String> {
        let mut cmd = Command::new(&self.irplay);
        if mode == Mode::InProcess {
            cmd.args(["run", "--engine", self.name]).args(&self.run_args);
            for e in &inv.env {
                cmd.arg("--env").arg(e);
            }
            cmd.arg(rel).arg("--").args(&inv.args);
            let out = run_with_stdin(cmd.current_dir(dir), stdin, self.limit)?;
            let extra: String = self.run_args.iter().map(|a| format!("{a} ")).collect();
            return Ok((out, format!("irplay run --engine {} {extra}{rel}", self.name)));
        }
        let under = if self.runner.is_empty() {
            String::new()
        } else {
            format!(" under `{}`", self.runner.join(" "))
        };
        let shown = format!("irplay build --target {} --emit exe {rel}, run{under}", self.target);
        std::fs::create_dir_all(&self.scratch)
            .map_err(|e| format!("cannot create {}: {e}", self.scratch.display()))?;
        let exe = self.scratch.join(rel.trim_end_matches(".ll").replace('/', "__"));
        cmd.args(["build", "--target", self.target, "--emit", "exe", "-o"]).arg(&exe).arg(rel);
        let built = run_with_stdin(cmd.current_dir(dir), None, self.limit)?;
        if built.code != Some(0) {
            let stderr = format!("irplay build exits {:?}:\n{}", built.code, built.stderr);
            return Ok((Out { code: None, stdout: Vec::new(), stderr }, shown));
        }
        // An executable's environment is the run's alone, as `irplay run` gives it: one entry
        // a name (the last), sorted by name (`Command::env` sorts). qemu's `-E` options put
        // them in the program's environment in the reverse order.
        let env: BTreeMap<&str, &str> = inv.env.iter().filter_map(|e| e.split_once('=')).collect();
        let mut run = match self.runner.split_first() {
            Some((prog, pre)) => {
                let mut c = Command::new(prog);
                c.env_clear().args(pre);
                for (k, v) in env.iter().rev() {
                    c.arg("-E").arg(format!("{k}={v}"));
                }
                c.arg(&exe);
                c
            }
            None => {
                let mut c = Command::new(&exe);
                c.env_clear().envs(&env);
                c
            }
        };
        let out = run_with_stdin(run.args(&inv.args).current_dir(dir), stdin, self.limit);
        let _ = std::fs::remove_file(&exe);
        Ok((out?, shown))
    }

    /// Judges a run: a refusal expected by `expected` passes (counted by kind), an output that
    /// `matched` passes when no refusal is expected, anything else fails (with `differs` when
    /// the output is wrong).
    fn judge_run(
        &self,
        family: &'static str,
        (expected, refused, matched): (Option<&Expected>, Option<Refusal>, bool),
        (how, fix): (&str, &dyn Fn(&str) -> String),
        differs: &dyn Fn() -> String,
    ) -> Result<(), Failed> {
        let fix = refused.as_ref().map(|r| fix(&r.construct)).unwrap_or_default();
        let judged = judge(self.label, expected, refused.as_ref(), how, &fix);
        let mut all = self.tally.lock().map_err(|_| "tally lock poisoned")?;
        let t = all.entry(family).or_default();
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

    /// How a `tests/ir` file allows a refusal it does not expect yet.
    pub(crate) fn file_fix(&self, shown: &str, construct: &str) -> String {
        format!(
            "if the code generator is not meant to handle it yet, add `; {} {construct}` to \
             {shown}",
            self.directive
        )
    }

    /// A run-corpus module `rel` in `dir` against the native program's `NAME.expected`.
    pub(crate) fn corpus_trial(
        &self,
        (family, mode): (&'static str, Mode),
        dir: &Path,
        rel: &str,
        expected: Option<&Expected>,
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
        let (out, shown) = self.execute(mode, dir, rel, &Invocation::default(), None)?;
        let matched = out.code == Some(want_status) && out.stdout == want_stdout;
        let list = self.list;
        let fix = |construct: &str| {
            format!("if it is a known gap, add the line `{rel}: {construct}` to {list}")
        };
        let differs = || {
            format!(
                "`{shown}` differs from the native program: exit {:?} (want {want_status}), \
                 stdout {} bytes (want {}), first difference: {}; stderr:\n{}",
                out.code,
                out.stdout.len(),
                want_stdout.len(),
                first_difference(want_stdout, &out.stdout),
                out.stderr.lines().take(12).collect::<Vec<_>>().join("\n")
            )
        };
        // A run that printed what was wanted was not refused, whatever its stderr says.
        let refused = if matched { None } else { refusal(&out.stderr) };
        let text = std::fs::read_to_string(dir.join(rel)).unwrap_or_default();
        let refused = refused.map(|r| r.locate(&text, rel));
        self.judge_run(family, (expected, refused, matched), (list, &fix), &differs)
    }

    /// A file that ends normally (`tests/ir/interp/*.ll`, `examples/learn/*.ll`) against its
    /// stdout golden and `; EXIT:` status.
    pub(crate) fn interp_trial(
        &self,
        (family, mode): (&'static str, Mode),
        (dir, prefix): (&Path, &str),
        file: &Path,
    ) -> Result<(), Failed> {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let rel = file.strip_prefix(dir).unwrap_or(file).display().to_string();
        let how = format!("{prefix}{rel}");
        let expected =
            parse_unsupported(&text, self.directive).map_err(|e| format!("{how}: {e}"))?;
        let want_status = exit_status(&text);
        let golden =
            std::fs::read(PathBuf::from(format!("{}.stdout", file.display()))).unwrap_or_default();
        let stdin = PathBuf::from(format!("{}.stdin", file.display()));
        let stdin = stdin.exists().then_some(stdin.as_path());
        let (out, shown) = self.execute(mode, dir, &rel, &run_invocation(&text), stdin)?;
        if let Some(why) = exe_differs(&text).filter(|_| mode == Mode::Exe) {
            // The executable calls the C library as it is (`irplay run` keeps the
            // interpreter's behaviour): it must end alike and print something else.
            if out.code == Some(want_status) && out.stdout != golden {
                return Ok(());
            }
            return Err(format!(
                "`{shown}` was to differ from the interpreter's golden ({why}) and end with \
                 exit {want_status}: exit {:?}, {}; remove `EXE-DIFFERS:` if it matches now",
                out.code,
                if out.stdout == golden { "the same stdout" } else { "another stdout" }
            )
            .into());
        }
        let matched = out.code == Some(want_status) && out.stdout == golden;
        let fix = |construct: &str| self.file_fix(&how, construct);
        let differs = || {
            format!(
                "`{shown}` differs from the interpreter's golden: exit {:?} (want \
                 {want_status}), first difference: {}; stdout:\n{}\nstderr:\n{}",
                out.code,
                first_difference(&golden, &out.stdout),
                String::from_utf8_lossy(&out.stdout),
                out.stderr
            )
        };
        let refused = if matched { None } else { refusal(&out.stderr) };
        let refused = refused.map(|r| r.locate(&text, &how));
        self.judge_run(family, (expected.as_ref(), refused, matched), (&how, &fix), &differs)
    }
}

/// Which trials [`standard_trials`] makes: a family name (the trials' prefix) and how the
/// engine runs each module.
pub(crate) struct Families<'a> {
    /// For `tests/ir/interp/*.ll` that end normally.
    pub(crate) interp: &'a [(&'static str, Mode)],
    /// For `examples/learn/*.ll` that end normally.
    pub(crate) learn: &'a [(&'static str, Mode)],
    /// For the run corpus.
    pub(crate) corpus: &'a [(&'static str, Mode)],
}

/// The `interp`, `learn` and `corpus` trials of `families`, and `directives/unread` (files
/// `judged` names, relative to `tests/ir`, are read by other trials). Returns the listed
/// corpus modules the corpus lacks (to note at the end).
pub(crate) fn standard_trials(
    engine: &Arc<Engine>,
    root: &Path,
    families: &Families,
    mut judged: Vec<String>,
    trials: &mut Vec<Trial>,
) -> Vec<String> {
    let ir_dir = root.join("tests").join("ir");
    let mut all = Vec::new();
    ll_files(&ir_dir, "", &mut all);
    for rel in all.iter().filter(|r| r.starts_with("interp/") && !r[7..].contains('/')) {
        let f = ir_dir.join(rel);
        if !ends_normally(&f) {
            continue;
        }
        judged.push(rel.clone());
        let name = rel[7..].trim_end_matches(".ll").to_string();
        for &(family, mode) in families.interp {
            let (e, dir, f) = (engine.clone(), ir_dir.clone(), f.clone());
            trials.push(Trial::test(format!("{family}/{name}"), move || {
                e.interp_trial((family, mode), (&dir, "tests/ir/"), &f)
            }));
        }
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
        for &(family, mode) in families.learn {
            let (e, dir, f) = (engine.clone(), learn_dir.clone(), f.clone());
            trials.push(Trial::test(format!("{family}/{name}"), move || {
                e.interp_trial((family, mode), (&dir, "examples/learn/"), &f)
            }));
        }
    }
    // A directive no trial reads would allow nothing and say something false.
    let unread: Vec<String> = all
        .iter()
        .filter(|r| !judged.contains(r))
        .filter(|r| {
            let text = std::fs::read_to_string(ir_dir.join(r)).unwrap_or_default();
            parse_unsupported(&text, engine.directive).map_or(true, |e| e.is_some())
        })
        .map(|r| format!("tests/ir/{r}"))
        .collect();
    let (directive, label) = (engine.directive, engine.label);
    trials.push(Trial::test("directives/unread", move || {
        if unread.is_empty() {
            return Ok(());
        }
        Err(format!(
            "`; {directive}` in files {label} does not run (only the tests/ir/interp/*.ll that \
             end normally and the engine's own directory are): {}",
            unread.join(", ")
        )
        .into())
    }));
    corpus_trials(engine, root, families.corpus, &|_| true, trials)
}

/// The run corpus's trials of the modules `keep` selects (by file name); returns the listed
/// modules the corpus lacks.
pub(crate) fn corpus_trials(
    engine: &Arc<Engine>,
    root: &Path,
    families: &[(&'static str, Mode)],
    keep: &dyn Fn(&str) -> bool,
    trials: &mut Vec<Trial>,
) -> Vec<String> {
    let no_corpus = std::env::var("IRPLAY_NO_CORPUS").is_ok_and(|v| !v.is_empty() && v != "0");
    if no_corpus || families.is_empty() {
        return Vec::new();
    }
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
    let list_name = engine.list;
    let list = std::fs::read_to_string(root.join(list_name))
        .map_err(|e| format!("cannot read {list_name}: {e}"))
        .and_then(|t| parse_corpus_list(&t).map_err(|e| format!("{list_name}: {e}")));
    let list = Arc::new(match list {
        Ok(l) => l,
        Err(e) => {
            let file = list_name.rsplit('/').next().unwrap_or(list_name);
            trials.push(Trial::test(format!("corpus/{file}"), move || Err(e.into())));
            BTreeMap::new()
        }
    });
    // Listed modules a smaller (or differently seeded) corpus lacks are only noted.
    let stale = list.keys().filter(|m| mods.binary_search(m).is_err()).cloned().collect();
    for rel in mods.into_iter().filter(|m| keep(m)) {
        for &(family, mode) in families {
            let (e, dir, list, rel) = (engine.clone(), dir.clone(), list.clone(), rel.clone());
            trials.push(Trial::test(format!("{family}/{rel}"), move || {
                e.corpus_trial((family, mode), &dir, &rel, list.get(&rel))
            }));
        }
    }
    stale
}

/// Prints the tallies (`what` says what a match is against) and the stale list entries.
pub(crate) fn print_tallies(engine: &Engine, what: &str, stale: &[String]) {
    if let Ok(all) = engine.tally.lock() {
        let mut total = Tally::default();
        for t in all.values() {
            total.matching += t.matching;
            total.failing += t.failing;
            for (k, n) in &t.unsupported {
                *total.unsupported.entry(k.clone()).or_default() += n;
            }
        }
        let unsupported = |t: &Tally| t.unsupported.values().sum::<usize>();
        if total.matching + unsupported(&total) + total.failing > 0 {
            eprintln!(
                "{} engine: {} match ({what}), {} unsupported as expected, {} fail",
                engine.name,
                total.matching,
                unsupported(&total),
                total.failing
            );
            if all.len() > 1 {
                for (family, t) in all.iter() {
                    eprintln!(
                        "  {family:>10}: {} match, {} unsupported, {} fail",
                        t.matching,
                        unsupported(t),
                        t.failing
                    );
                }
            }
            for (k, n) in &total.unsupported {
                eprintln!("  unsupported: {n:4} {k}");
            }
        }
    }
    if !stale.is_empty() {
        eprintln!(
            "note: {} lists modules not in the run corpus: {}",
            engine.list,
            stale.join(", ")
        );
    }
}
