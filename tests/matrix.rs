//! The `matrix` test harness: every instruction and intrinsic family the interpreter
//! implements, over representative lane types, run by four engines and compared.
//!
//! The generator (`tests/harness/matrix/`) writes one module per family and lane type into
//! `target/irplay-tests/matrix/NAME.ll` (`add.i32`, `fptosi.half`, `reduce.fmax.float`): each
//! computes its operations in scalar and vector forms (2, 4 and 16 lanes) on edge-case inputs
//! loaded from global arrays (so nothing constant-folds), skipping the inputs that would make
//! poison or undefined behaviour, and prints every result with `printf` (integers as hex bits,
//! floats as hex bits or `nan`). Four libtest-mimic trials per module:
//!
//! * `matrix/native/NAME`: `irplay run` (the interpreter) must print what the module compiled
//!   by `clang-19 -O0` prints and exit with its status. A module clang-19 cannot compile or
//!   link (a type or intrinsic the x86-64 backend or the C library lacks) is counted, not
//!   failed. Executables are cached beside the modules while the module text is unchanged.
//!   Results of the C math library families may be one unit in the last place apart (the
//!   interpreter uses Rust's `libm`, the native program glibc's).
//! * `matrix/wasm/NAME`: `irplay run --engine wasm` must print what the interpreter prints and
//!   exit with its status. A refusal ("unsupported by the code generator: ...", or a C library
//!   function the wasm host lacks) fails unless `tests/matrix-wasm-unsupported.txt` lists the
//!   module with (part of) the refused construct; a listed module that is no longer refused
//!   fails and asks for its line to be removed. `BLESS=1` rewrites the list from the refusals
//!   of the run.
//! * `matrix/x86_64/NAME`: the same for `irplay run --engine native` (the x86-64 code
//!   generator, run in process), with `tests/matrix-x86_64-unsupported.txt`; like the native
//!   program, it calls glibc's math library, so the same one-ulp allowance applies.
//! * `matrix/aarch64/NAME`: the same for `irplay run --engine native --target aarch64` (the
//!   AArch64 code generator; an executable under `qemu-aarch64`), with
//!   `tests/matrix-aarch64-unsupported.txt`; the one-ulp allowance again (AArch64 glibc).
//!
//! The sizes (modules, results compared per engine pair, native refusals, each code
//! generator's refusals by construct) are printed at the end.

use libtest_mimic::{Arguments, Failed, Trial};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

#[path = "harness/matrix/mod.rs"]
mod matrix;
#[allow(dead_code)]
#[path = "harness/timed.rs"]
mod timed;
use timed::{run, Out};
#[allow(dead_code)]
#[path = "harness/unsupported.rs"]
mod unsupported;
use unsupported::{judge, parse_list, refusal, Expected};

/// Sections where the native program is known to be wrong (LLVM's bugs), relative to the
/// repository root.
const NATIVE_KNOWN: &str = "tests/matrix-native-known.txt";

/// A column comparing one of irplay's code generators with the interpreter.
struct Column {
    /// The trials' group: `matrix/NAME/MODULE`.
    name: &'static str,
    /// What runs the module: `irplay run --engine ENGINE ARGS...`.
    engine: &'static str,
    args: &'static [&'static str],
    /// As named in failures.
    label: &'static str,
    /// The expected refusals, relative to the repository root.
    list: &'static str,
    /// Whose C library may lack a function, for the list's header.
    host: &'static str,
    /// Whether results of the math library families may be one unit in the last place apart
    /// (the engine calls the process's C library, glibc's, as the clang-19 native program does;
    /// the interpreter uses Rust's `libm`).
    libm_ulp: bool,
}

/// The code generators' columns, in the order of the summary.
const COLUMNS: [Column; 3] = [
    Column {
        name: "wasm",
        engine: "wasm",
        args: &[],
        label: "the wasm engine",
        list: "tests/matrix-wasm-unsupported.txt",
        host: "the wasm host",
        libm_ulp: false,
    },
    Column {
        name: "x86_64",
        engine: "native",
        args: &[],
        label: "the native engine",
        list: "tests/matrix-x86_64-unsupported.txt",
        host: "the process",
        libm_ulp: true,
    },
    Column {
        name: "aarch64",
        engine: "native",
        args: &["--target", "aarch64"],
        label: "the AArch64 native engine",
        list: "tests/matrix-aarch64-unsupported.txt",
        host: "the AArch64 C library (linked by aarch64-linux-gnu-gcc)",
        libm_ulp: true,
    },
];

/// The head of a column's list of expected refusals (`BLESS=1` writes it).
fn list_header(c: &Column) -> String {
    format!(
        "\
# Matrix modules {label} may refuse (trials `matrix/{name}/MODULE` of
# `cargo test --release --test matrix`, running `irplay run --engine {engine}{args}`; the modules
# are generated by tests/harness/matrix into target/irplay-tests/matrix/MODULE.ll, one per
# operation family and lane type).
#
# One line per module: `MODULE: CONSTRUCT`, where CONSTRUCT is part of the refusal, matched
# case-insensitively: what follows \"unsupported by the code generator: \", or for a C library
# function that {host} lacks, `@name`. Lines starting with `#` are comments; each group
# below is one kind of construct the code generator does not lower yet.
#
# A listed module must be refused for that construct: when the code generator learns it, the
# trial fails and asks for the line to be removed. `BLESS=1 cargo test --release --test matrix`
# rewrites this file from the refusals of the run (review the diff).
",
        label = c.label,
        engine = c.engine,
        args = c.args.iter().map(|a| format!(" {a}")).collect::<String>(),
        name = c.name,
        host = c.host,
    )
}

/// Conversions to `bfloat` that LLVM 19 calls on x86-64 and Debian 12's libgcc lacks, linked
/// into every native program (`__truncdfbf2` rounds to odd in `float`, then to nearest even).
const SUPPORT_C: &str = "\
#pragma STDC FENV_ACCESS ON
#include <fenv.h>
#include <stdint.h>
#include <string.h>
static __bf16 bf(uint16_t b) { __bf16 r; memcpy(&r, &b, 2); return r; }
__bf16 __truncsfbf2(float f) {
  uint32_t u; memcpy(&u, &f, 4);
  if ((u & 0x7fffffff) > 0x7f800000) return bf((u >> 16) | 0x40);
  u += 0x7fff + ((u >> 16) & 1);
  return bf(u >> 16);
}
__bf16 __truncdfbf2(double d) {
  int mode = fegetround();
  fesetround(FE_TOWARDZERO);
  volatile float f = (float)d;
  fesetround(mode);
  float g = f;
  uint32_t u; memcpy(&u, &g, 4);
  if (d == d && (double)g != d) u |= 1;
  memcpy(&g, &u, 4);
  return __truncsfbf2(g);
}
";

/// What the run found, for the summary.
#[derive(Default)]
struct Tally {
    native_results: usize,
    native_matching: usize,
    /// Modules clang-19 could not build, with the first line of its complaint.
    native_refused: Vec<(String, String)>,
    /// Results of the math library one unit in the last place apart.
    native_ulp: usize,
    /// Modules with a section known to differ (LLVM's bugs).
    native_known: usize,
    /// Per column of [`COLUMNS`].
    columns: [ColumnTally; COLUMNS.len()],
}

/// What a column of [`COLUMNS`] found.
#[derive(Default)]
struct ColumnTally {
    results: usize,
    matching: usize,
    /// Results of the math library one unit in the last place apart.
    ulp: usize,
    /// Refused modules by kind of construct.
    refused: BTreeMap<String, usize>,
    /// Every refusal (for `BLESS=1`): module, construct, kind.
    refusals: Vec<(String, String, String)>,
    /// The modules whose trial ran.
    ran: Vec<String>,
}

struct Ctx {
    irplay: PathBuf,
    /// The compiled [`SUPPORT_C`].
    support: PathBuf,
    dir: PathBuf,
    limit: Duration,
    /// The expected refusals per column of [`COLUMNS`].
    lists: Vec<BTreeMap<String, Expected>>,
    /// Per module, the headers of the sections the native program is known to get wrong, with
    /// their lines in the list.
    native_known: BTreeMap<String, Vec<(String, usize)>>,
    bless: bool,
    tally: Mutex<Tally>,
}

/// One generated module and the interpreter's run of it (shared by its trials).
struct Case {
    name: String,
    text: String,
    /// Computed by the C math library natively (one unit in the last place allowed).
    libm: bool,
    interp: OnceLock<Result<Out, String>>,
}

impl Case {
    fn file(&self) -> String {
        format!("{}.ll", self.name)
    }

    fn interp(&self, ctx: &Ctx) -> Result<&Out, Failed> {
        let r = self.interp.get_or_init(|| {
            run(
                Command::new(&ctx.irplay).arg("run").arg(self.file()).current_dir(&ctx.dir),
                ctx.limit,
            )
        });
        r.as_ref().map_err(|e| e.clone().into())
    }
}

/// The refused construct without the operand types: `intrinsic @llvm.sadd.with.overflow` for
/// `intrinsic @llvm.sadd.with.overflow.v4i32 (returning ...)`, to count refusals by kind.
fn kind(construct: &str) -> String {
    let c = construct.split(" (").next().unwrap_or(construct);
    let mangled = |p: &str| {
        let p =
            p.strip_prefix('v').map_or(p, |r| r.trim_start_matches(|c: char| c.is_ascii_digit()));
        let p = p.strip_prefix("bf").or(p.strip_prefix('i')).or(p.strip_prefix('f'));
        p.is_some_and(|d| !d.is_empty() && d.chars().all(|c| c.is_ascii_digit()))
    };
    c.split(' ')
        .map(|w| {
            if !w.starts_with("@llvm.") {
                return w.to_string();
            }
            let mut parts: Vec<&str> = w.split('.').collect();
            while parts.len() > 2 && parts.last().is_some_and(|p| mangled(p)) {
                parts.pop();
            }
            parts.join(".")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The number of printed results (lines other than the `==` headers).
fn results(stdout: &[u8]) -> usize {
    stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty() && !l.starts_with(b"==")).count()
}

/// How `got` differs from `want` (the interpreter's output): statuses and the first lines
/// that differ, each with the header of its operation and form.
fn differs(what: &str, want: &Out, got: &Out) -> String {
    let (w, g) = (String::from_utf8_lossy(&want.stdout), String::from_utf8_lossy(&got.stdout));
    let (wl, gl): (Vec<&str>, Vec<&str>) = (w.lines().collect(), g.lines().collect());
    let mut s = format!(
        "{what} differs from the interpreter: exit {:?} (interpreter {:?}), {} lines of output \
         (interpreter {})\n",
        got.code,
        want.code,
        gl.len(),
        wl.len()
    );
    let mut header = "";
    let mut shown = 0;
    let mut total = 0;
    for i in 0..wl.len().max(gl.len()) {
        let (a, b) = (wl.get(i).copied().unwrap_or(""), gl.get(i).copied().unwrap_or(""));
        if a.starts_with("==") {
            header = a;
        }
        if a != b {
            total += 1;
            if shown < 8 {
                s += &format!("  {header} | interpreter `{a}`, {what} `{b}`\n");
                shown += 1;
            }
        }
    }
    s += &format!("  ({total} lines differ)\n");
    for (who, o) in [("interpreter", want), (what, got)] {
        if !o.stderr.is_empty() {
            let e: Vec<&str> = o.stderr.lines().take(6).collect();
            s += &format!("stderr of the {who}:\n{}\n", e.join("\n"));
        }
    }
    s
}

fn mtime(p: &Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

fn native_trial(ctx: &Ctx, case: &Case) -> Result<(), Failed> {
    let ll = ctx.dir.join(case.file());
    let exe = ctx.dir.join(format!("{}.native", case.name));
    let refused = ctx.dir.join(format!("{}.native-refused", case.name));
    let fresh = |p: &Path| matches!((mtime(p), mtime(&ll)), (Some(a), Some(b)) if a >= b);
    let refuse = |why: &str| -> Result<(), Failed> {
        let first = why.lines().find(|l| l.contains("error")).or(why.lines().next()).unwrap_or("");
        // Without the addresses and node numbers of LLVM's messages, to group them.
        let first: String = first
            .split(' ')
            .map(|w| {
                if w.starts_with("0x") || w.starts_with("t") && w[1..].parse::<u32>().is_ok() {
                    "_"
                } else {
                    w
                }
            })
            .collect::<Vec<_>>()
            .join(" ");
        let mut t = ctx.tally.lock().map_err(|_| "tally lock poisoned")?;
        t.native_refused.push((case.name.clone(), first.trim().to_string()));
        Ok(())
    };
    if !fresh(&exe) {
        if fresh(&refused) {
            return refuse(&std::fs::read_to_string(&refused).unwrap_or_default());
        }
        let _ = std::fs::remove_file(&refused);
        let built = run(
            Command::new("clang-19")
                .args(["-O0", "-w"])
                .arg(case.file())
                .arg("-o")
                .arg(&exe)
                .arg(&ctx.support)
                .arg("-lm")
                .current_dir(&ctx.dir),
            ctx.limit,
        )?;
        if built.code != Some(0) {
            let _ = std::fs::write(&refused, &built.stderr);
            return refuse(&built.stderr);
        }
    }
    let native = run(Command::new(&exe).current_dir(&ctx.dir), ctx.limit)?;
    let interp = case.interp(ctx)?;
    let known = ctx.native_known.get(&case.name);
    let what = "the native program (clang-19 -O0)";
    let (ulp, known_differs) = native_agrees(interp, &native, case.libm, known)
        .map_err(|()| differs(what, interp, &native))?;
    let mut t = ctx.tally.lock().map_err(|_| "tally lock poisoned")?;
    for (header, line) in known.into_iter().flatten() {
        if !known_differs.contains(header) {
            return Err(format!(
                "{NATIVE_KNOWN}:{line} says the native program gets `{header}` wrong, but it \
                 agrees with the interpreter there now: remove that line"
            )
            .into());
        }
    }
    if known.is_some() {
        t.native_known += 1;
    }
    t.native_matching += 1;
    t.native_results += results(&native.stdout);
    t.native_ulp += ulp;
    Ok(())
}

/// Whether `native` (the clang-19 program's run, or the x86-64 engine's) printed what the
/// interpreter printed, with the same status: `Ok((lines one unit in the last place apart, the
/// `known` sections that differed))`. The lines of the `known` sections may differ (the native
/// program is wrong there), and with `libm`, two float results may be one unit in the last
/// place apart.
fn native_agrees(
    interp: &Out,
    native: &Out,
    libm: bool,
    known: Option<&Vec<(String, usize)>>,
) -> Result<(usize, Vec<String>), ()> {
    let (w, g) = (String::from_utf8_lossy(&interp.stdout), String::from_utf8_lossy(&native.stdout));
    let (wl, gl): (Vec<&str>, Vec<&str>) = (w.lines().collect(), g.lines().collect());
    if interp.code != native.code || wl.len() != gl.len() {
        return Err(());
    }
    let close = |a: &str, b: &str| {
        let parse = |l: &str| {
            let (i, v) = l.split_once(' ')?;
            Some((i.to_string(), u128::from_str_radix(v, 16).ok()?))
        };
        matches!((parse(a), parse(b)), (Some((i, x)), Some((j, y))) if i == j && x.abs_diff(y) == 1)
    };
    let (mut ulp, mut known_differs, mut header) = (0, Vec::new(), "");
    for (a, b) in wl.iter().zip(&gl) {
        if a.starts_with("==") {
            header = a;
        }
        if a == b {
            continue;
        }
        if known.is_some_and(|k| k.iter().any(|(h, _)| h == header)) {
            known_differs.push(header.to_string());
        } else if libm && close(a, b) {
            ulp += 1;
        } else {
            return Err(());
        }
    }
    Ok((ulp, known_differs))
}

/// `matrix/NAME/MODULE` for the column `COLUMNS[col]`: the engine must print what the
/// interpreter prints and exit with its status, or refuse the module as its list expects.
fn column_trial(ctx: &Ctx, col: usize, case: &Case) -> Result<(), Failed> {
    let c = &COLUMNS[col];
    let out = run(
        Command::new(&ctx.irplay)
            .args(["run", "--engine", c.engine])
            .args(c.args)
            .arg(case.file())
            .current_dir(&ctx.dir),
        ctx.limit,
    )?;
    let interp = case.interp(ctx)?;
    // The results one unit in the last place apart, when the output agrees.
    let ulp = if out.code == interp.code && out.stdout == interp.stdout {
        Some(0)
    } else if c.libm_ulp {
        native_agrees(interp, &out, case.libm, None).ok().map(|(ulp, _)| ulp)
    } else {
        None
    };
    let shown = format!("target/irplay-tests/matrix/{}", case.file());
    let refused = if ulp.is_some() { None } else { refusal(&out.stderr) };
    let refused = refused.map(|r| r.locate(&case.text, &shown));
    let mut all = ctx.tally.lock().map_err(|_| "tally lock poisoned")?;
    let t = &mut all.columns[col];
    t.ran.push(case.name.clone());
    if let Some(r) = &refused {
        t.refusals.push((case.name.clone(), r.construct.clone(), kind(&r.construct)));
    }
    let expected = if ctx.bless { None } else { ctx.lists[col].get(&case.name) };
    let fix = refused
        .as_ref()
        .map(|r| {
            format!(
                "if it is a known gap, add the line `{}: {}` to {}",
                case.name, r.construct, c.list
            )
        })
        .unwrap_or_default();
    if ctx.bless && refused.is_some() {
        return Ok(());
    }
    match judge(c.label, expected, refused.as_ref(), c.list, &fix) {
        Ok(true) => {
            let k = refused.map(|r| kind(&r.construct)).unwrap_or_default();
            *t.refused.entry(k).or_default() += 1;
            Ok(())
        }
        Ok(false) if ulp.is_some() => {
            t.matching += 1;
            t.results += results(&out.stdout);
            t.ulp += ulp.unwrap_or(0);
            Ok(())
        }
        Ok(false) => Err(differs(c.label, interp, &out).into()),
        Err(e) if refused.is_none() && ulp.is_none() => {
            Err(format!("{e}\n{}", differs(c.label, interp, &out)).into())
        }
        Err(e) => Err(e.into()),
    }
}

/// The sections the native program is known to get wrong, by module, from lines
/// `MODULE: HEADER` (`#` starts a comment line; a module may have several lines).
fn parse_known(text: &str) -> Result<BTreeMap<String, Vec<(String, usize)>>, String> {
    let mut out: BTreeMap<String, Vec<(String, usize)>> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match t.split_once(": ") {
            Some((m, h)) if h.starts_with("== ") => {
                out.entry(m.trim().to_string()).or_default().push((h.trim().to_string(), i + 1))
            }
            _ => return Err(format!("line {}: want `MODULE: == HEADER`, found `{t}`", i + 1)),
        }
    }
    Ok(out)
}

/// The column's expectations file for the refusals of this run, grouped by kind of construct.
fn blessed_list(c: &Column, refusals: &[(String, String, String)]) -> String {
    let mut by_kind: BTreeMap<&str, Vec<(&str, &str)>> = BTreeMap::new();
    for (m, c, k) in refusals {
        by_kind.entry(k).or_default().push((m, c));
    }
    let mut s = list_header(c);
    for (kind, mut mods) in by_kind {
        mods.sort();
        s += &format!("\n# Not lowered yet: {kind} ({} modules).\n", mods.len());
        for (m, c) in mods {
            s += &format!("{m}: {c}\n");
        }
    }
    s
}

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target").join("irplay-tests").join("matrix");
    let mut trials = Vec::new();
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("cannot create {}: {e}", dir.display());
        std::process::exit(1);
    }
    let limit = Duration::from_secs(
        std::env::var("IRPLAY_TEST_TIMEOUT").ok().and_then(|s| s.parse().ok()).unwrap_or(120),
    );
    let bless = std::env::var("BLESS").is_ok_and(|v| !v.is_empty() && v != "0");
    let mut lists = Vec::new();
    for c in &COLUMNS {
        let list = std::fs::read_to_string(root.join(c.list))
            .map_err(|e| format!("cannot read {}: {e}", c.list))
            .and_then(|t| parse_list(&t, "").map_err(|e| format!("{}: {e}", c.list)));
        lists.push(list.unwrap_or_else(|e| {
            let name = format!("matrix/{}/unsupported-list", c.name);
            trials.push(Trial::test(name, move || Err(e.into())));
            BTreeMap::new()
        }));
    }
    let native_known = std::fs::read_to_string(root.join(NATIVE_KNOWN))
        .map_err(|e| format!("cannot read {NATIVE_KNOWN}: {e}"))
        .and_then(|t| parse_known(&t).map_err(|e| format!("{NATIVE_KNOWN}: {e}")));
    let native_known = match native_known {
        Ok(l) => l,
        Err(e) => {
            trials.push(Trial::test("matrix/native-known-list", move || Err(e.into())));
            BTreeMap::new()
        }
    };
    let mut cases = Vec::new();
    for m in matrix::modules() {
        let text = matrix::emit(&m);
        let path = dir.join(format!("{}.ll", m.name));
        // Rewritten only when changed, so that the cached native executables stay valid.
        if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
            if let Err(e) = std::fs::write(&path, &text) {
                eprintln!("cannot write {}: {e}", path.display());
                std::process::exit(1);
            }
        }
        cases.push(Arc::new(Case { name: m.name, text, libm: m.libm, interp: OnceLock::new() }));
    }
    let lists_named = COLUMNS.iter().map(|c| c.list).collect::<Vec<_>>().join(", ");
    let unknown: Vec<String> = lists
        .iter()
        .flat_map(|l| l.keys())
        .chain(native_known.keys())
        .filter(|k| !cases.iter().any(|c| &c.name == *k))
        .cloned()
        .collect();
    if !unknown.is_empty() && !bless {
        trials.push(Trial::test("matrix/unsupported-list", move || {
            Err(format!(
                "{lists_named} or {NATIVE_KNOWN} list modules the matrix does not have: {}",
                unknown.join(", ")
            )
            .into())
        }));
    }
    let have_clang = Command::new("clang-19").arg("--version").output().is_ok();
    let support = dir.join("support.o");
    let support_c = dir.join("support.c");
    if have_clang && std::fs::read_to_string(&support_c).ok().as_deref() != Some(SUPPORT_C) {
        let _ = std::fs::remove_file(&support);
        let built =
            std::fs::write(&support_c, SUPPORT_C).map_err(|e| e.to_string()).and_then(|()| {
                run(
                    Command::new("clang-19")
                        .args(["-O0", "-c", "support.c", "-o", "support.o"])
                        .current_dir(&dir),
                    limit,
                )
            });
        if !matches!(&built, Ok(o) if o.code == Some(0)) {
            let _ = std::fs::remove_file(&support_c);
            eprintln!(
                "cannot build the native programs' support code: {:?}",
                built.map(|o| o.stderr)
            );
            std::process::exit(1);
        }
    }
    let ctx = Arc::new(Ctx {
        irplay: PathBuf::from(env!("CARGO_BIN_EXE_irplay")),
        support,
        dir,
        limit,
        lists,
        native_known,
        bless,
        tally: Mutex::new(Tally::default()),
    });
    for c in &cases {
        let (ctx2, c2) = (ctx.clone(), c.clone());
        trials.push(
            Trial::test(format!("matrix/native/{}", c.name), move || native_trial(&ctx2, &c2))
                .with_ignored_flag(!have_clang),
        );
        for (col, column) in COLUMNS.iter().enumerate() {
            let (ctx2, c2) = (ctx.clone(), c.clone());
            let name = format!("matrix/{}/{}", column.name, c.name);
            trials.push(Trial::test(name, move || column_trial(&ctx2, col, &c2)));
        }
    }
    let conclusion = libtest_mimic::run(&args, trials);
    if let Ok(t) = ctx.tally.lock() {
        eprintln!("matrix: {} modules", cases.len());
        eprintln!(
            "  interpreter = native: {} modules, {} results compared; {} modules clang-19 cannot \
             build",
            t.native_matching,
            t.native_results,
            t.native_refused.len()
        );
        eprintln!(
            "    {} results of the math library one unit in the last place apart (the \
             interpreter computes them with Rust's libm, the native program with glibc's); {} \
             modules with a section the native program gets wrong ({NATIVE_KNOWN})",
            t.native_ulp, t.native_known
        );
        let mut why: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (m, e) in &t.native_refused {
            why.entry(e).or_default().push(m);
        }
        for (e, ms) in why {
            eprintln!("    {:4} {e} ({})", ms.len(), ms.join(", "));
        }
        for (c, ct) in COLUMNS.iter().zip(&t.columns) {
            let refused: usize = ct.refused.values().sum();
            eprintln!(
                "  interpreter = {} (irplay run --engine {}{}): {} modules, {} results compared; \
                 {refused} modules refused as expected",
                c.name,
                c.engine,
                c.args.iter().map(|a| format!(" {a}")).collect::<String>(),
                ct.matching,
                ct.results
            );
            if c.libm_ulp {
                eprintln!(
                    "    {} results of the math library one unit in the last place apart (the \
                     interpreter computes them with Rust's libm, the engine calls glibc's)",
                    ct.ulp
                );
            }
            for (k, n) in &ct.refused {
                eprintln!("    {n:4} {k}");
            }
        }
        if bless {
            for ((c, ct), list) in COLUMNS.iter().zip(&t.columns).zip(&ctx.lists) {
                // The listed modules this run did not try (a filter) keep their lines.
                let mut all = ct.refusals.clone();
                for (m, e) in list {
                    if !ct.ran.contains(m) {
                        all.push((m.clone(), e.construct.clone(), kind(&e.construct)));
                    }
                }
                match std::fs::write(root.join(c.list), blessed_list(c, &all)) {
                    Ok(()) => eprintln!("wrote {} ({} modules)", c.list, all.len()),
                    Err(e) => eprintln!("cannot write {}: {e}", c.list),
                }
            }
        }
    }
    conclusion.exit();
}
