//! The native back end's calling convention against LLVM's: generated functions over many
//! signatures (narrow integers with and without `signext`/`zeroext`, `i1`, `ptr`, `float`,
//! `double`, `i128`, `<2 x float>`, first-class structs, `byval` and `sret` structs, up to 16
//! arguments so that some go on the stack, variadic callees reading mixed `va_arg`s), half
//! compiled by irplay and half by `llc-19`, calling each other both ways.
//!
//! `tests/harness/abi/gen.rs` draws a seeded set of signatures, each with a callee that folds
//! all its arguments into a checksum and returns values derived from it (writing through its
//! `sret` pointer, reading its `byval` copies and writing one to check it is a copy) and a
//! caller that calls it with constants and folds the results. The expected value of every
//! caller is computed by the generator. Module A holds the callers of the even signatures,
//! the callees of the odd ones and `main`; module B the reverse. `main` prints
//! `sig N ok` or `sig N BAD got X want Y` for each.
//!
//! Trials:
//! * `interpreter`: `irplay run` of the merged module (`llvm-link-19 A B`) prints `ok` for
//!   every signature (the interpreter agrees with the generator).
//! * `ours+ours`, `ours+llc`, `llc+ours`, `llc+llc` (A's compiler + B's): each module built by
//!   `irplay build --target x86_64 --emit obj` or `llc-19 -O0 -filetype=obj
//!   -relocation-model=pic`, linked with `cc` (PIE), run: every signature prints `ok`, as
//!   under the interpreter, except the known failures below in the direction they are listed
//!   for. A crash is attributed to the signature after the last line printed, and the program
//!   is run again from the next one. A known failure that passes fails the trial (remove it).
//!
//! The same for AArch64 (`aarch64/ours+llc`, ...): signatures of `gen::signatures_a64`
//! (homogeneous float aggregates `[N x float]`/`[N x double]`, `[2 x i64]`, `i128` in even
//! register pairs, `sret` in x8, variadic arguments in registers, more than eight arguments
//! of a kind on the stack, ...), modules for `aarch64-unknown-linux-gnu` whose variadic
//! callees expand `va_arg` on the AAPCS64 `va_list` as clang does, compiled by `irplay build
//! --target aarch64` or `llc-19 -mtriple=aarch64-linux-gnu`, linked by `aarch64-linux-gnu-gcc`
//! and run under `qemu-aarch64 -L /usr/aarch64-linux-gnu`. The interpreter reads only x86-64
//! `va_list`s, so for AArch64 `llc+llc` is the check of the generator's expected values.
//!
//! `llc-19`, `llvm-link-19` and `cc` (and for AArch64 `aarch64-linux-gnu-gcc` and
//! `qemu-aarch64`) are required: the trials fail, never skip, without them.

use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "harness/abi/gen.rs"]
mod gen;
use gen::Sig;

const SEED: u64 = 0x1AB1_2024;
const COUNT: usize = 200;
/// The AArch64 signatures' seed.
const SEED_A64: u64 = 0xA64_2026;

/// Who compiled the caller and who the callee, for a known failure.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Dir {
    /// Our caller, llc's callee.
    OursToLlc,
    /// llc's caller, our callee.
    LlcToOurs,
}

/// The placement differences of the native back end that are known and accepted for now:
/// none (every signature class agrees with llc-19 both ways).
const DOCUMENTED: [gen::Gap; 0] = [];

/// Signatures our back end gets wrong against llc, each for one of its documented gaps (the
/// signature must run into that gap, see `Sig::gaps`): none with seed `SEED`.
const KNOWN: &[(usize, Dir, gen::Gap)] = &[];

/// AArch64 signatures our back end gets wrong against llc (with seed `SEED_A64`), each with
/// the reason: none.
const KNOWN_A64: &[(usize, Dir, &str)] = &[];

/// A target of the test: how its modules are compiled, linked and run.
#[derive(Clone, Copy)]
struct Arch {
    /// `irplay build --target NAME`; the trials' prefix (none for x86-64).
    name: &'static str,
    prefix: &'static str,
    /// `llc-19 -mtriple=`.
    triple: &'static str,
    /// The C compiler that links.
    cc: &'static str,
    /// What runs the executables (empty: nothing).
    runner: &'static [&'static str],
}

const X64: Arch =
    Arch { name: "x86_64", prefix: "", triple: "x86_64-linux-gnu", cc: "cc", runner: &[] };
const A64: Arch = Arch {
    name: "aarch64",
    prefix: "aarch64/",
    triple: "aarch64-linux-gnu",
    cc: "aarch64-linux-gnu-gcc",
    runner: &["qemu-aarch64", "-L", "/usr/aarch64-linux-gnu"],
};

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Cc {
    Ours,
    Llc,
}

impl Cc {
    fn name(self) -> &'static str {
        match self {
            Cc::Ours => "ours",
            Cc::Llc => "llc",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    Ok,
    Bad(String),
    Crash(String),
    Missing,
}

fn out_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("native-abi")
}

fn require(tool: &str) -> Result<(), String> {
    match Command::new(tool).arg("--version").output() {
        Ok(o) if o.status.success() => Ok(()),
        _ => Err(format!(
            "`{tool}` is required by the native ABI test and was not found \
             (scripts/setup-test-deps.sh installs LLVM 19 and a C compiler)"
        )),
    }
}

fn run_ok(cmd: &mut Command) -> Result<(), Failed> {
    let out = cmd.output().map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?} failed ({}):\n{}{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
        .into());
    }
    Ok(())
}

fn compile(cc: Cc, arch: Arch, ll: &Path, obj: &Path) -> Result<(), Failed> {
    match cc {
        Cc::Ours => run_ok(
            Command::new(env!("CARGO_BIN_EXE_irplay"))
                .arg("build")
                .args(["--target", arch.name])
                .arg(ll)
                .arg("-o")
                .arg(obj)
                .args(["--emit", "obj"]),
        ),
        Cc::Llc => run_ok(
            Command::new("llc-19")
                .args(["-O0", "-filetype=obj", "-relocation-model=pic"])
                .arg(format!("-mtriple={}", arch.triple))
                .arg(ll)
                .arg("-o")
                .arg(obj),
        ),
    }
}

/// Runs `cmd` with a time limit: its stdout and a description of how it ended, if not with
/// status 0.
fn run_limited(cmd: &mut Command) -> Result<(String, Option<String>), Failed> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        let _ = stdout.read_to_string(&mut s);
        s
    });
    let deadline = Instant::now() + Duration::from_secs(20);
    let status = loop {
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            break st;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Ok((reader.join().unwrap_or_default(), Some("timed out after 20 s".into())));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let out = reader.join().unwrap_or_default();
    Ok((out, (!status.success()).then(|| status.to_string())))
}

/// Parses `main`'s lines into `res`: the last signature printed, if any.
fn parse(out: &str, res: &mut BTreeMap<usize, Outcome>) -> Result<Option<usize>, Failed> {
    let mut last = None;
    for line in out.lines() {
        let mut w = line.split_whitespace();
        let (Some("sig"), Some(n), Some(verdict)) = (w.next(), w.next(), w.next()) else {
            return Err(format!("unexpected line {line:?}").into());
        };
        let n: usize = n.parse().map_err(|_| format!("unexpected line {line:?}"))?;
        res.insert(n, if verdict == "ok" { Outcome::Ok } else { Outcome::Bad(line.to_owned()) });
        last = Some(n);
    }
    Ok(last)
}

/// Runs every signature of an executable (under `runner`), restarting after a crash.
fn run_all(exe: &Path, runner: &[&str]) -> Result<BTreeMap<usize, Outcome>, Failed> {
    let mut res: BTreeMap<usize, Outcome> = (0..COUNT).map(|i| (i, Outcome::Missing)).collect();
    let mut start = 0;
    while start < COUNT {
        let mut cmd = match runner.split_first() {
            Some((prog, pre)) => {
                let mut c = Command::new(prog);
                c.args(pre).arg(exe);
                c
            }
            None => Command::new(exe),
        };
        let (out, ended) = run_limited(cmd.arg(start.to_string()))?;
        let last = parse(&out, &mut res)?;
        let Some(how) = ended else { break };
        let crashed = last.map_or(start, |l| l + 1);
        if crashed >= COUNT {
            return Err(
                format!("{} ended with {how} after its last signature", exe.display()).into()
            );
        }
        res.insert(crashed, Outcome::Crash(how));
        start = crashed + 1;
    }
    Ok(res)
}

fn direction(sig: usize, a: Cc, b: Cc) -> Option<Dir> {
    // Even signatures: caller in A, callee in B.
    let (caller, callee) = if sig.is_multiple_of(2) { (a, b) } else { (b, a) };
    match (caller, callee) {
        (Cc::Ours, Cc::Llc) => Some(Dir::OursToLlc),
        (Cc::Llc, Cc::Ours) => Some(Dir::LlcToOurs),
        _ => None,
    }
}

fn build_trial(sigs: &[Sig], dir: &Path, a: Cc, b: Cc, arch: Arch) -> Result<(), Failed> {
    for t in ["llc-19", arch.cc].iter().chain(arch.runner.first()) {
        require(t)?;
    }
    let name = format!("{}{}+{}", arch.prefix, a.name(), b.name());
    let work = dir.join(format!("{}+{}", a.name(), b.name()));
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let (ao, bo) = (work.join("a.o"), work.join("b.o"));
    compile(a, arch, &dir.join("a.ll"), &ao)?;
    compile(b, arch, &dir.join("b.ll"), &bo)?;
    let exe = work.join("abi");
    run_ok(Command::new(arch.cc).arg(&ao).arg(&bo).arg("-o").arg(&exe))?;
    let res = run_all(&exe, arch.runner)?;
    let mut problems = Vec::new();
    let mut summary: BTreeMap<(&str, &str), (usize, usize)> = BTreeMap::new();
    for s in sigs {
        let got = &res[&s.id];
        let d = direction(s.id, a, b);
        let dname = match d {
            Some(Dir::OursToLlc) => "ours->llc",
            Some(Dir::LlcToOurs) => "llc->ours",
            None => "same",
        };
        let e = summary.entry((s.class, dname)).or_default();
        if *got == Outcome::Ok {
            e.0 += 1;
        } else {
            e.1 += 1;
        }
        if arch.name != X64.name {
            let known = KNOWN_A64.iter().find(|k| k.0 == s.id && Some(k.1) == d);
            match (got, known) {
                (Outcome::Ok, None)
                | (Outcome::Bad(_) | Outcome::Crash(_) | Outcome::Missing, Some(_)) => {}
                (Outcome::Ok, Some(k)) => problems.push(format!(
                    "sig {} ({}) is listed as a known failure ({:?}: {}) but passes: remove it \
                     from KNOWN_A64\n    {}",
                    s.id,
                    s.class,
                    k.1,
                    k.2,
                    s.describe()
                )),
                (bad, _) => problems.push(format!(
                    "sig {} ({}, {dname}): {}\n    {}",
                    s.id,
                    s.class,
                    outcome_text(bad),
                    s.describe()
                )),
            }
            continue;
        }
        let known = KNOWN.iter().find(|k| k.0 == s.id && Some(k.1) == d);
        if let Some(k) = known {
            if !DOCUMENTED.contains(&k.2) || !s.gaps().contains(&k.2) {
                problems.push(format!(
                    "sig {} is listed as a known failure for {:?}, which is not a documented gap \
                     it runs into (its placement differences: {:?})",
                    s.id,
                    k.2,
                    s.gaps()
                ));
            }
        }
        match (got, known) {
            (Outcome::Ok, None) => {}
            (Outcome::Ok, Some(k)) => problems.push(format!(
                "sig {} ({}) is listed as a known failure ({:?}, {:?}) but passes: remove it from KNOWN\n    {}",
                s.id, s.class, k.1, k.2, s.describe()
            )),
            (_, Some(_)) => {}
            (bad, None) => problems.push(format!(
                "sig {} ({}, {dname}, placement differences {:?}): {}\n    {}",
                s.id,
                s.class,
                s.gaps(),
                outcome_text(bad),
                s.describe()
            )),
        }
    }
    let mut table = String::new();
    for ((class, d), (ok, bad)) in &summary {
        table.push_str(&format!("  {name:9} {class:11} {d:9} ok {ok:3} failing {bad:3}\n"));
    }
    eprint!("{table}");
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{name}: {} signature(s) differ from the interpreter (modules in {}):\n{}",
            problems.len(),
            dir.display(),
            problems.join("\n")
        )
        .into())
    }
}

/// A failing outcome as reported.
fn outcome_text(o: &Outcome) -> String {
    match o {
        Outcome::Bad(l) => l.clone(),
        Outcome::Crash(how) => format!("crashed: {how}"),
        Outcome::Ok => "ok".into(),
        Outcome::Missing => "printed nothing".into(),
    }
}

fn interp_trial(dir: &Path) -> Result<(), Failed> {
    require("llvm-link-19")?;
    let merged = dir.join("merged.ll");
    run_ok(
        Command::new("llvm-link-19")
            .arg("-S")
            .arg(dir.join("a.ll"))
            .arg(dir.join("b.ll"))
            .arg("-o")
            .arg(&merged),
    )?;
    let out = Command::new(env!("CARGO_BIN_EXE_irplay"))
        .arg("run")
        .arg(&merged)
        .output()
        .map_err(|e| format!("cannot run irplay: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "irplay run {} failed ({}): {}",
            merged.display(),
            out.status,
            String::from_utf8_lossy(&out.stderr)
        )
        .into());
    }
    let mut res: BTreeMap<usize, Outcome> = (0..COUNT).map(|i| (i, Outcome::Missing)).collect();
    parse(&String::from_utf8_lossy(&out.stdout), &mut res)?;
    let bad: Vec<String> = res
        .iter()
        .filter(|(_, o)| **o != Outcome::Ok)
        .map(|(i, o)| format!("sig {i}: {o:?}"))
        .collect();
    if bad.is_empty() {
        Ok(())
    } else {
        Err(format!("the interpreter disagrees with the generator:\n{}", bad.join("\n")).into())
    }
}

fn main() {
    let args = Arguments::from_args();
    let sigs = std::sync::Arc::new(gen::signatures(SEED, COUNT));
    let dir = out_dir();
    std::fs::create_dir_all(&dir).expect("creates the output directory");
    std::fs::write(dir.join("a.ll"), gen::module(&sigs, true)).expect("writes a.ll");
    std::fs::write(dir.join("b.ll"), gen::module(&sigs, false)).expect("writes b.ll");
    let listing: String =
        sigs.iter().map(|s| format!("{} {} {}\n", s.id, s.class, s.describe())).collect();
    std::fs::write(dir.join("signatures.txt"), listing).expect("writes signatures.txt");
    let mut trials = vec![{
        let dir = dir.clone();
        Trial::test("interpreter", move || interp_trial(&dir))
    }];
    let dir_a64 = dir.join("aarch64");
    std::fs::create_dir_all(&dir_a64).expect("creates the output directory");
    let sigs_a64 = std::sync::Arc::new(gen::signatures_a64(SEED_A64, COUNT));
    std::fs::write(dir_a64.join("a.ll"), gen::module(&sigs_a64, true)).expect("writes a.ll");
    std::fs::write(dir_a64.join("b.ll"), gen::module(&sigs_a64, false)).expect("writes b.ll");
    let listing: String =
        sigs_a64.iter().map(|s| format!("{} {} {}\n", s.id, s.class, s.describe())).collect();
    std::fs::write(dir_a64.join("signatures.txt"), listing).expect("writes signatures.txt");
    for (arch, dir, sigs) in [(X64, &dir, &sigs), (A64, &dir_a64, &sigs_a64)] {
        for (a, b) in
            [(Cc::Ours, Cc::Ours), (Cc::Ours, Cc::Llc), (Cc::Llc, Cc::Ours), (Cc::Llc, Cc::Llc)]
        {
            let (dir, sigs) = (dir.clone(), sigs.clone());
            let name = format!("{}{}+{}", arch.prefix, a.name(), b.name());
            trials.push(Trial::test(name, move || build_trial(&sigs, &dir, a, b, arch)));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
