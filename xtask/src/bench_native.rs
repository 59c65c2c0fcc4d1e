//! `cargo xtask bench native`: the x86-64 code generator (`irplay build --target x86_64`)
//! against LLVM 19 in the same run, as ratios (`--target aarch64`: the AArch64 one, see
//! `bench_native_a64.rs`).
//!
//! ```text
//! cargo xtask bench native [--target x86_64|aarch64] [--quick] [--reps N] [--only K1,K2]
//!                          [--seeds N] [--timeout S] [--no-build] [--regen]
//! ```
//!
//! 1. **Compile time of the back end per IR instruction** on a large csmith module (seeds
//!    1001.. at clang-19 -O0, `main` renamed, linked by `llvm-link-19`, `opt-19
//!    -strip-debug`) and on the C kernels of `benches/kernels/` at -O0 and -O2 IR. Three
//!    figures of our back end, each against the matching one of `llc-19 -O0
//!    -relocation-model=pic -filetype=obj`:
//!    - CLI: `irplay build --target x86_64 --emit obj` minus `irplay check` (the same parse
//!      and verification), against llc minus `opt-19 -passes=verify -disable-output`;
//!    - phases: the lower, codegen and object write phases of `irplay build --time`, against
//!      the pass total of `llc-19 -time-passes` (user + system) minus its Module Verifier
//!      passes (IR parsing is reported apart by llc and left out);
//!    - in process: lower + codegen + object write timed by thread CPU time in
//!      `native-backend/examples/backend_time.rs` (release build), against llc's phases.
//!
//!    Every process time is the child's CPU time (user + system, `getrusage`), the minimum
//!    of the runs; µs per IR instruction counts the instructions of `define` bodies.
//! 2. **Code speed** of each kernel (sizes of the notes' Measuring paragraph): -O0 IR built
//!    by us (`--emit exe`) against `llc-19 -O0 -relocation-model=pic` + `cc -lm`; -O2 IR
//!    against `llc-19 -O2`; `irplay opt -p O2` of the -O0 IR (without `optnone`) built by us
//!    against `clang-19 -O2`. CPU time, minimum of the runs, after one check run whose
//!    stdout and exit status must equal the reference program's (else an error row).
//! 3. **Code size**: `.text` bytes of our objects against llc-19 -O0's, on the same IR.
//!
//! JSON in `target/bench/native.json` (`native-quick.json` with --quick).

use crate::bench_interp::kernels::{self, compile, Kernel, KERNELS};
use crate::bench_native_a64::{Arch, A64, X64};
use crate::bench_native_parse::{irplay_phase, llc_pass_time, text_size};
use crate::bench_opt::without_optnone;
use crate::bench_wasm::{count_ir_instructions, geomean, Timed};
use crate::util::{build_irplay, have, json_num, json_str, rel, repo_root, show_argv, target_dir};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Duration;

pub(crate) const USAGE: &str = "\
usage: cargo xtask bench native [OPTIONS]

Compares the x86-64 back end (`irplay build --target x86_64`) with LLVM 19 in
the same run: compile time of the back end per IR instruction (a merged csmith
module and the C kernels at -O0 and -O2 IR, against llc-19 -O0), the speed of
the kernels' code (against llc-19 -O0, llc-19 -O2 and clang-19 -O2) and the
size of their .text (against llc-19 -O0). CPU times, minimum of the runs.
Writes target/bench/native.json (native-quick.json with --quick).

options:
  --target T       x86_64 (default) or aarch64: the AArch64 back end against
                   llc-19 -mtriple=aarch64-linux-gnu on IR clang-19 makes for
                   aarch64-linux-gnu (compile time and .text size; code speed
                   as instruction counts under qemu-aarch64's TCG plugin libinsn,
                   when installed)
  --quick          small kernel sizes, 5 csmith seeds, 1 timed run of each
                   program and 3 of each compile (smoke test, under 2 minutes)
  --reps N         timed runs of each program (default 5); compiles run 2N+1 times
  --only K1,K2     only these kernels
  --seeds N        csmith seeds merged into the large module (default 20, from 1001)
  --timeout S      time limit of every run in seconds (default 60)
  --no-build       do not build irplay and the backend_time example (use them as they are)
  --regen          recompile the kernels and the csmith module even if cached
";

/// Kernel sizes for timing compiled code (0.02-1 s runs): the notes' Measuring paragraph.
const SIZES: &[(&str, u64)] = &[
    ("arrays", 1280),
    ("dispatch", 20_000_000),
    ("fib", 35),
    ("intmath", 400_000),
    ("mandel", 1000),
    ("nbody", 320_000),
    ("sort", 1_600_000),
    ("strings", 600_000),
];

/// The csmith recipe of `scripts/gen-run-corpus.sh`.
const CSMITH_FLAGS: &[&str] = &["--max-funcs", "5", "--max-block-depth", "3", "--no-packed-struct"];
const FIRST_SEED: u64 = 1001;
/// Bump when the recipe of the merged module changes.
const CSMITH_RECIPE: &str = "native-v1";

/// llc's flags for objects (PIC, as `cc` links a PIE and as our code is).
const LLC_OBJ: &[&str] = &["-relocation-model=pic", "-filetype=obj"];

pub(crate) struct NativeOpts {
    pub(crate) arch: &'static Arch,
    pub(crate) quick: bool,
    reps: usize,
    pub(crate) only: Vec<String>,
    pub(crate) seeds: u64,
    timeout: Duration,
    pub(crate) build: bool,
    pub(crate) regen: bool,
}

impl NativeOpts {
    pub(crate) fn parse(args: &[String]) -> Result<NativeOpts, String> {
        let mut o = NativeOpts {
            arch: &X64,
            quick: false,
            reps: 5,
            only: Vec::new(),
            seeds: 20,
            timeout: Duration::from_secs(60),
            build: true,
            regen: false,
        };
        let (mut reps_given, mut seeds_given) = (false, false);
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
            let number = |v: &str, name: &str| -> Result<u64, String> {
                v.parse().ok().filter(|n| *n > 0).ok_or(format!("bad {name} value `{v}`"))
            };
            match a.as_str() {
                "--quick" => o.quick = true,
                "--no-build" => o.build = false,
                "--regen" => o.regen = true,
                "--target" => {
                    o.arch = match value(a)?.as_str() {
                        "x86_64" | "x86-64" => &X64,
                        "aarch64" | "arm64" => &A64,
                        t => return Err(format!("unknown --target `{t}` (x86_64 or aarch64)")),
                    }
                }
                "--reps" => {
                    o.reps = number(value(a)?, a)? as usize;
                    reps_given = true;
                }
                "--seeds" => {
                    o.seeds = number(value(a)?, a)?;
                    seeds_given = true;
                }
                "--timeout" => o.timeout = kernels::parse_timeout(value(a)?)?,
                "--only" => o.only.extend(kernels::parse_only(value(a)?)?),
                "-h" | "--help" => {
                    print!("{USAGE}");
                    std::process::exit(0);
                }
                other => return Err(format!("unknown argument `{other}`")),
            }
        }
        if o.quick && !reps_given {
            o.reps = 1;
        }
        if o.quick && !seeds_given {
            o.seeds = 5;
        }
        Ok(o)
    }

    /// Runs of each compile command.
    pub(crate) fn compile_reps(&self) -> usize {
        if self.quick && self.reps == 1 {
            3
        } else {
            2 * self.reps + 1
        }
    }
}

// ---------------------------------------------------------------------------
// Inputs: tools, the csmith module, the kernels
// ---------------------------------------------------------------------------

/// Runs `argv` to completion in `dir`; `Err` with the first lines of its output on failure.
pub(crate) fn run_tool(argv: &[OsString], dir: &Path) -> Result<Vec<u8>, String> {
    let (program, args) = argv.split_first().ok_or("an empty command")?;
    let o = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run {}: {e}", program.to_string_lossy()))?;
    if !o.status.success() {
        let cmd: Vec<_> = argv.iter().map(|a| a.to_string_lossy()).collect();
        return Err(format!(
            "`{}` {}",
            cmd.join(" "),
            crate::util::child_failure(&o.status, &o.stdout, &o.stderr)
        ));
    }
    Ok(o.stdout)
}

pub(crate) fn argv(words: &[&str]) -> Vec<OsString> {
    words.iter().map(OsString::from).collect()
}

/// The csmith seeds of the large module, and the ones left out (with why).
pub(crate) struct Csmith {
    pub(crate) ll: PathBuf,
    pub(crate) kept: Vec<u64>,
    pub(crate) dropped: Vec<(u64, String)>,
}

/// The large csmith module: seeds `FIRST_SEED..` at clang-19 -O0 with `main` renamed,
/// linked into one module without debug information (in `dir/csmith/`; the C and IR of each
/// seed are cached). A seed whose module `irplay build --target T` refuses is left out
/// (reported), so that both compilers get the same module.
pub(crate) fn csmith_module(
    dir: &Path,
    irplay: &Path,
    opts: &NativeOpts,
) -> Result<Csmith, String> {
    let (seeds, regen, arch) = (opts.seeds, opts.regen, opts.arch);
    let sub = dir.join("csmith");
    fs::create_dir_all(&sub).map_err(|e| e.to_string())?;
    let last = FIRST_SEED + seeds - 1;
    let (mut kept, mut dropped) = (Vec::new(), Vec::new());
    for seed in FIRST_SEED..=last {
        let c = format!("csmith-{seed}.c");
        let ll = format!("csmith-{seed}-O0.ll");
        if regen || !sub.join(&c).exists() {
            let mut a = argv(&["csmith", "--seed", &seed.to_string()]);
            a.extend(argv(CSMITH_FLAGS));
            a.extend(argv(&["-o", &c]));
            run_tool(&a, &sub)?;
        }
        if regen || !sub.join(&ll).exists() {
            let main = format!("-Dmain=csmith_main_{seed}");
            let mut a = argv(&["clang-19"]);
            a.extend(argv(arch.clang));
            a.extend(argv(&[
                "-O0",
                "-S",
                "-emit-llvm",
                "-w",
                "-I/usr/include/csmith",
                &main,
                "-o",
                &ll,
                &c,
            ]));
            run_tool(&a, &sub)?;
        }
        let mut a = vec![irplay.as_os_str().to_owned()];
        a.extend(argv(&["build", "--target", arch.name, "-o", "seed.o", &ll]));
        match run_tool(&a, &sub) {
            Ok(_) => kept.push(seed),
            Err(e) => {
                // The diagnostic's first line, without the command.
                let why = e.lines().nth(1).unwrap_or(&e).trim().to_string();
                eprintln!("xtask: csmith seed {seed} left out: {why}");
                dropped.push((seed, why));
            }
        }
    }
    let out = sub.join(format!("csmith-{FIRST_SEED}-{last}.ll"));
    let stamp = sub.join(format!("csmith-{FIRST_SEED}-{last}.stamp"));
    let seeds_text: Vec<String> = kept.iter().map(u64::to_string).collect();
    let key = format!(
        "{CSMITH_RECIPE} {} clang-19 -O0 -w -I/usr/include/csmith; seeds {}",
        CSMITH_FLAGS.join(" "),
        seeds_text.join(",")
    );
    let done = Csmith { ll: out.clone(), kept, dropped };
    if !regen && out.exists() && fs::read_to_string(&stamp).ok().as_deref() == Some(key.as_str()) {
        return Ok(done);
    }
    let _ = fs::remove_file(&stamp);
    if done.kept.is_empty() {
        return Err("no csmith seed compiles".into());
    }
    let linked = "csmith-linked.ll";
    let mut a = argv(&["llvm-link-19", "-S", "-o", linked]);
    a.extend(done.kept.iter().map(|s| OsString::from(format!("csmith-{s}-O0.ll"))));
    run_tool(&a, &sub)?;
    let name = out.file_name().unwrap_or_default().to_string_lossy().into_owned();
    run_tool(&argv(&["opt-19", "-strip-debug", "-S", "-o", &name, linked]), &sub)?;
    fs::write(&stamp, key).map_err(|e| e.to_string())?;
    Ok(done)
}

/// Builds the in-process timer `backend_time` (an example of irplay-native) in release.
pub(crate) fn build_backend_time(
    root: &Path,
    target: &Path,
    build: bool,
) -> Result<PathBuf, String> {
    let exe = target.join("release").join("examples").join("backend_time");
    if build {
        eprintln!("xtask: cargo build --release -p irplay-native --example backend_time");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let ok = Command::new(cargo)
            .args(["build", "--release", "-p", "irplay-native", "--example", "backend_time"])
            .current_dir(root)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            return Err("building the backend_time example failed".into());
        }
    }
    if !exe.exists() {
        return Err(format!("{} missing", rel(root, &exe)));
    }
    Ok(exe)
}

// ---------------------------------------------------------------------------
// 1. Compile time
// ---------------------------------------------------------------------------

/// One module whose compile is timed.
pub(crate) struct CompileCase {
    name: String,
    ll: PathBuf,
    insts: usize,
    /// `build` (with --time), `check`, `llc`, `verify`, `llc_passes` (with -time-passes).
    tools: Vec<Timed>,
    /// Minimum over the runs of our lower, codegen and object write phases (seconds).
    ours_phases: [Option<f64>; 3],
    /// Minimum over the runs of llc's pass total minus its verifier passes (seconds).
    llc_phases: Option<f64>,
    /// In process: lower, codegen, object write, their sum (seconds).
    inproc: Option<[f64; 4]>,
    /// `.text` bytes of our object and llc-19 -O0's.
    text_ours: Option<u64>,
    text_llc: Option<u64>,
    pub(crate) error: Option<String>,
}

impl CompileCase {
    fn cpu(&self, name: &str) -> Option<f64> {
        self.tools.iter().find(|t| t.name == name).and_then(Timed::min_cpu)
    }
    /// Our back end from the command line: build minus check.
    fn ours_cli(&self) -> Option<f64> {
        Some(self.cpu("build")? - self.cpu("check")?)
    }
    fn llc_cli(&self) -> Option<f64> {
        Some(self.cpu("llc")? - self.cpu("verify")?)
    }
    fn ours_phase_sum(&self) -> Option<f64> {
        Some(self.ours_phases[0]? + self.ours_phases[1]? + self.ours_phases[2]?)
    }
    fn inproc_total(&self) -> Option<f64> {
        self.inproc.map(|p| p[3])
    }
    /// Microseconds per IR instruction.
    fn per_inst(&self, t: Option<f64>) -> Option<f64> {
        (self.insts > 0).then_some(())?;
        t.map(|t| t * 1e6 / self.insts as f64)
    }
    fn text_ratio(&self) -> Option<f64> {
        Some(self.text_ours? as f64 / self.text_llc? as f64)
    }
}

/// Times the compiles of one module (runs alternate between the tools).
pub(crate) fn compile_case(
    dir: &Path,
    irplay: &Path,
    name: String,
    ll: PathBuf,
    opts: &NativeOpts,
) -> CompileCase {
    let text = fs::read_to_string(&ll).unwrap_or_default();
    let stem = ll.file_stem().unwrap_or_default().to_string_lossy().into_owned();
    let ours_o = dir.join(format!("{stem}.ours.o"));
    let llc_o = dir.join(format!("{stem}.llc-O0.o"));
    let ir = ll.clone().into_os_string();
    let os = |s: &str| OsString::from(s);
    let irp = irplay.as_os_str().to_owned();
    let mut llc = argv(&["llc-19", "-O0"]);
    llc.extend(argv(LLC_OBJ));
    llc.extend(opts.arch.triple.map(|t| os(&format!("-mtriple={t}"))));
    llc.extend([os("-o"), llc_o.clone().into(), ir.clone()]);
    let mut llc_passes = llc.clone();
    llc_passes.insert(2, os("-time-passes"));
    let mut c = CompileCase {
        name,
        insts: count_ir_instructions(&text),
        tools: vec![
            Timed::new(
                "build",
                vec![
                    irp.clone(),
                    os("build"),
                    os("--target"),
                    os(opts.arch.name),
                    os("--emit"),
                    os("obj"),
                    os("--time"),
                    os("-o"),
                    ours_o.clone().into(),
                    ir.clone(),
                ],
            ),
            Timed::new("check", vec![irp, os("check"), ir.clone()]),
            Timed::new("llc", llc),
            Timed::new(
                "verify",
                vec![os("opt-19"), os("-passes=verify"), os("-disable-output"), ir],
            ),
            Timed::new("llc_passes", llc_passes),
        ],
        ll,
        ours_phases: [None; 3],
        llc_phases: None,
        inproc: None,
        text_ours: None,
        text_llc: None,
        error: None,
    };
    let zero = |code: i32| code == 0;
    let mut phases: [Vec<f64>; 3] = Default::default();
    let mut llc_phases = Vec::new();
    // One untimed warm-up run of each tool, then the timed runs, alternating.
    for rep in 0..=opts.compile_reps() {
        for t in c.tools.iter_mut() {
            let Some(o) = t.run(dir, opts.timeout, &zero) else { continue };
            if rep == 0 {
                t.times.clear();
                t.cpu.clear();
                continue;
            }
            let err = String::from_utf8_lossy(&o.stderr);
            if t.name == "build" {
                for (i, p) in ["lower", "codegen", "object write"].iter().enumerate() {
                    if let Some(s) = irplay_phase(&err, p) {
                        phases[i].push(s);
                    }
                }
            } else if t.name == "llc_passes" {
                if let Some(s) = llc_pass_time(&err) {
                    llc_phases.push(s);
                }
            }
        }
    }
    for (i, v) in phases.iter().enumerate() {
        c.ours_phases[i] = (!v.is_empty()).then(|| crate::util::min(v));
    }
    c.llc_phases = (!llc_phases.is_empty()).then(|| crate::util::min(&llc_phases));
    c.text_ours = text_size(&ours_o);
    c.text_llc = text_size(&llc_o);
    let errors: Vec<String> = c
        .tools
        .iter()
        .filter_map(|t| t.error.as_ref().map(|e| format!("{}: {e}", t.name)))
        .collect();
    if !errors.is_empty() {
        c.error = Some(errors.join("; "));
    }
    c
}

/// Runs `backend_time` on all cases at once and fills in their in-process figures.
pub(crate) fn inproc(cases: &mut [CompileCase], exe: &Path, dir: &Path, reps: usize, arch: &Arch) {
    let mut a = vec![exe.as_os_str().to_owned(), "--reps".into(), reps.to_string().into()];
    a.extend(["--target".into(), arch.name.into()]);
    a.extend(cases.iter().map(|c| c.ll.clone().into_os_string()));
    let out = match Command::new(&a[0]).args(&a[1..]).current_dir(dir).output() {
        Ok(o) => o.stdout,
        Err(e) => {
            eprintln!("xtask: cannot run backend_time: {e}");
            return;
        }
    };
    for line in String::from_utf8_lossy(&out).lines() {
        let mut w = line.split(' ');
        let (kind, file) = (w.next().unwrap_or(""), w.next().unwrap_or(""));
        let Some(c) = cases.iter_mut().find(|c| c.ll.as_os_str() == file) else { continue };
        if kind == "backend" {
            let mut v = [0.0; 4];
            for (i, key) in ["lower=", "codegen=", "object=", "total="].iter().enumerate() {
                v[i] = line
                    .split(' ')
                    .find_map(|x| x.strip_prefix(key))
                    .and_then(|x| x.parse().ok())
                    .unwrap_or(f64::NAN);
            }
            c.inproc = Some(v);
        } else {
            let msg = w.collect::<Vec<_>>().join(" ");
            eprintln!("xtask: backend_time {}: {msg}", c.name);
            c.error.get_or_insert(format!("in process: {msg}"));
        }
    }
}

// ---------------------------------------------------------------------------
// 2. Code speed
// ---------------------------------------------------------------------------

/// The programs of one kernel: (ours, reference) per comparison.
const PAIRS: [(&str, &str, &str); 3] = [
    ("O0 IR: ours / llc-19 -O0", "ours_O0", "llc_O0"),
    ("O2 IR: ours / llc-19 -O2", "ours_O2", "llc_O2"),
    ("irplay opt -p O2 + ours / clang-19 -O2", "ours_opt", "clang_O2"),
];

pub(crate) struct SpeedRow {
    kernel: &'static str,
    size: u64,
    programs: Vec<Timed>,
    /// Per pair: does our program's output (stdout and status) equal the reference's?
    same: [Option<bool>; 3],
    error: Option<String>,
}

impl SpeedRow {
    fn cpu(&self, name: &str) -> Option<f64> {
        self.programs.iter().find(|t| t.name == name).and_then(Timed::min_cpu)
    }
    /// Our time over the reference's for pair `i`, when the outputs agree.
    fn ratio(&self, i: usize) -> Option<f64> {
        (self.same[i] == Some(true)).then_some(())?;
        Some(self.cpu(PAIRS[i].1)? / self.cpu(PAIRS[i].2)?)
    }
}

/// The kernel's IR files (-O0 and -O2) and programs; `Err` when the C compile fails.
struct KernelFiles {
    o0: PathBuf,
    o2: PathBuf,
    native: PathBuf,
}

fn kernel_files(
    root: &Path,
    dir: &Path,
    k: &Kernel,
    size: u64,
    regen: bool,
) -> Result<KernelFiles, String> {
    Ok(KernelFiles {
        o0: compile(root, dir, k, size, "O0", regen)?,
        o2: compile(root, dir, k, size, "O2", regen)?,
        native: compile(root, dir, k, size, "native", regen)?,
    })
}

/// Builds the kernel's programs (untimed) and times them.
fn speed_row(
    dir: &Path,
    irplay: &Path,
    k: &'static Kernel,
    size: u64,
    f: &KernelFiles,
    opts: &NativeOpts,
) -> SpeedRow {
    let mut row =
        SpeedRow { kernel: k.name, size, programs: Vec::new(), same: [None; 3], error: None };
    let base = dir.join(format!("{}-{size}", k.name));
    let p = |suffix: &str| PathBuf::from(format!("{}{suffix}", base.display()));
    let irp = irplay.as_os_str().to_owned();
    let os = |s: &Path| s.as_os_str().to_owned();
    let ours_exe = |ll: &Path, exe: &Path| {
        let mut a = vec![irp.clone()];
        a.extend(argv(&["build", "--target", "x86_64", "--emit", "exe", "-o"]));
        a.extend([os(exe), os(ll)]);
        a
    };
    let llc_exe = |level: &str, ll: &Path, obj: &Path| {
        let mut a = argv(&["llc-19", level]);
        a.extend(argv(LLC_OBJ));
        a.extend([OsString::from("-o"), os(obj), os(ll)]);
        a
    };
    let opt_in = p("-O0-noopt.ll");
    let opt_ll = p("-opt.ll");
    let steps: Vec<Vec<OsString>> = vec![
        ours_exe(&f.o0, &p("-O0.ours")),
        ours_exe(&f.o2, &p("-O2.ours")),
        llc_exe("-O0", &f.o0, &p("-O0.llc.o")),
        vec!["cc".into(), os(&p("-O0.llc.o")), "-o".into(), os(&p("-O0.llc")), "-lm".into()],
        llc_exe("-O2", &f.o2, &p("-O2.llc.o")),
        vec!["cc".into(), os(&p("-O2.llc.o")), "-o".into(), os(&p("-O2.llc")), "-lm".into()],
        vec![
            irp.clone(),
            "opt".into(),
            "-p".into(),
            "O2".into(),
            os(&opt_in),
            "-o".into(),
            os(&opt_ll),
        ],
        ours_exe(&opt_ll, &p("-opt.ours")),
    ];
    let prepared = fs::read_to_string(&f.o0)
        .map_err(|e| e.to_string())
        .and_then(|t| fs::write(&opt_in, without_optnone(&t)).map_err(|e| e.to_string()));
    let built = prepared.and_then(|()| steps.iter().try_for_each(|a| run_tool(a, dir).map(drop)));
    if let Err(e) = built {
        row.error = Some(e);
        return row;
    }
    row.programs = vec![
        Timed::new("llc_O0", vec![os(&p("-O0.llc"))]),
        Timed::new("ours_O0", vec![os(&p("-O0.ours"))]),
        Timed::new("llc_O2", vec![os(&p("-O2.llc"))]),
        Timed::new("ours_O2", vec![os(&p("-O2.ours"))]),
        Timed::new("clang_O2", vec![os(&f.native)]),
        Timed::new("ours_opt", vec![os(&p("-opt.ours"))]),
    ];
    // Check run: each program's exit status and stdout.
    let any = |_: i32| true;
    let results: Vec<Option<(i32, Vec<u8>)>> = row
        .programs
        .iter_mut()
        .map(|t| {
            let r = t.step(dir, opts.timeout, &any);
            t.times.clear();
            t.cpu.clear();
            r
        })
        .collect();
    let find = |name: &str| row.programs.iter().position(|t| t.name == name);
    for (i, (what, ours, reference)) in PAIRS.iter().enumerate() {
        let (Some(a), Some(b)) = (find(ours), find(reference)) else { continue };
        row.same[i] = match (&results[a], &results[b]) {
            (Some(x), Some(y)) => Some(x == y),
            _ => None,
        };
        if row.same[i] == Some(false) {
            eprintln!(
                "xtask: {} {what}: our program's output differs from the reference's",
                k.name
            );
        }
    }
    let codes: Vec<Option<i32>> = results.iter().map(|r| r.as_ref().map(|r| r.0)).collect();
    for _ in 0..opts.reps {
        for (t, want) in row.programs.iter_mut().zip(&codes) {
            let same = |c: i32| *want == Some(c);
            t.step(dir, opts.timeout, &same);
        }
    }
    let errors: Vec<String> = row
        .programs
        .iter()
        .filter_map(|t| t.error.as_ref().map(|e| format!("{}: {e}", t.name)))
        .collect();
    if !errors.is_empty() {
        row.error = Some(errors.join("; "));
    }
    row
}

// ---------------------------------------------------------------------------
// Driver and report
// ---------------------------------------------------------------------------

pub(crate) fn bench_native(opts: &NativeOpts) -> ExitCode {
    if opts.arch.name == A64.name {
        return crate::bench_native_a64::bench_native_a64(opts);
    }
    let root = repo_root();
    let target = target_dir(&root);
    let bench_dir = target.join("bench");
    let dir = bench_dir.join("native");
    for t in ["clang-19", "llc-19", "opt-19", "llvm-link-19", "csmith", "cc"] {
        if !have(t) {
            eprintln!("xtask: `{t}` not found (run scripts/setup-test-deps.sh)");
            return ExitCode::from(2);
        }
    }
    if let Err(e) = fs::create_dir_all(&dir) {
        eprintln!("xtask: cannot create {}: {e}", rel(&root, &dir));
        return ExitCode::from(2);
    }
    let (irplay, irplay_status) = build_irplay(&root, &target, opts.build);
    if irplay_status != "ok" {
        eprintln!("xtask: irplay is not available ({irplay_status})");
        return ExitCode::from(2);
    }
    let backend_time = build_backend_time(&root, &target, opts.build);
    if let Err(e) = &backend_time {
        eprintln!("xtask: no in-process figures: {e}");
    }
    let kernels: Vec<&'static Kernel> = KERNELS
        .iter()
        .filter(|k| opts.only.is_empty() || opts.only.iter().any(|o| o == k.name))
        .collect();

    // Inputs.
    let mut cases = Vec::new();
    eprintln!("xtask: csmith module of seeds {FIRST_SEED}..{}", FIRST_SEED + opts.seeds - 1);
    let csmith = csmith_module(&dir, &irplay, opts);
    let mut failed = false;
    match &csmith {
        Ok(m) => {
            cases.push((format!("csmith {}/{}", m.kept.len(), opts.seeds), m.ll.clone()));
            failed |= !m.dropped.is_empty();
        }
        Err(e) => {
            eprintln!("xtask: csmith module: {e}");
            failed = true;
        }
    }
    let mut files = Vec::new();
    for &k in &kernels {
        let size = if opts.quick {
            k.full
        } else {
            SIZES.iter().find(|(n, _)| *n == k.name).map_or(k.full, |s| s.1)
        };
        match kernel_files(&root, &dir, k, size, opts.regen) {
            Ok(f) => {
                cases.push((format!("{} O0", k.name), f.o0.clone()));
                cases.push((format!("{} O2", k.name), f.o2.clone()));
                files.push((k, size, Ok(f)));
            }
            Err(e) => {
                eprintln!("xtask: {}: {e}", k.name);
                files.push((k, size, Err(e)));
            }
        }
    }

    // 1. and 3.: compile time and code size.
    eprintln!(
        "xtask: compile time: {} modules, 1 warm-up + {} timed runs of each command",
        cases.len(),
        opts.compile_reps()
    );
    let mut compiled: Vec<CompileCase> = cases
        .into_iter()
        .map(|(name, ll)| {
            eprintln!("xtask: compile {name}");
            compile_case(&dir, &irplay, name, ll, opts)
        })
        .collect();
    if let Ok(exe) = &backend_time {
        eprintln!("xtask: in-process back end ({} runs per module)", opts.compile_reps());
        inproc(&mut compiled, exe, &dir, opts.compile_reps(), opts.arch);
    }

    // 2. Code speed.
    eprintln!("xtask: code speed: per program 1 check run + {} timed runs, alternating", opts.reps);
    let mut speed = Vec::new();
    for (k, size, f) in files {
        eprintln!("xtask: run {} ({}={size})", k.name, k.size_macro);
        speed.push(match f {
            Ok(f) => speed_row(&dir, &irplay, k, size, &f, opts),
            Err(e) => SpeedRow {
                kernel: k.name,
                size,
                programs: Vec::new(),
                same: [None; 3],
                error: Some(e),
            },
        });
    }

    let json = report(&root, opts, &compiled, &speed, csmith.as_ref().ok());
    let name = if opts.quick { "native-quick.json" } else { "native.json" };
    let out = bench_dir.join(name);
    if let Err(e) = fs::write(&out, json) {
        eprintln!("xtask: cannot write {}: {e}", rel(&root, &out));
        return ExitCode::from(2);
    }
    eprintln!("xtask: wrote {}", rel(&root, &out));
    failed |= compiled.iter().any(|c| c.error.is_some())
        || speed.iter().any(|r| r.error.is_some() || r.same.iter().any(|s| *s != Some(true)));
    ExitCode::from(u8::from(failed))
}

fn fmt(x: Option<f64>, prec: usize) -> String {
    x.filter(|v| v.is_finite()).map_or("-".to_string(), |v| format!("{v:.prec$}"))
}

fn num(x: Option<f64>) -> String {
    x.map_or("null".into(), json_num)
}

fn ratio(a: Option<f64>, b: Option<f64>) -> Option<f64> {
    let (a, b) = (a?, b?);
    (a > 0.0 && b > 0.0).then(|| a / b)
}

/// The figures of a compile case that the table, the JSON and the geomeans share:
/// (key, ours seconds, llc seconds) per measure.
fn measures(c: &CompileCase) -> [(&'static str, Option<f64>, Option<f64>); 4] {
    [
        ("cli", c.ours_cli(), c.llc_cli()),
        ("phases", c.ours_phase_sum(), c.llc_phases),
        ("inproc", c.inproc_total(), c.llc_phases),
        ("end_to_end", c.cpu("build"), c.cpu("llc")),
    ]
}

pub(crate) fn report(
    root: &Path,
    opts: &NativeOpts,
    cases: &[CompileCase],
    speed: &[SpeedRow],
    csmith: Option<&Csmith>,
) -> String {
    let mut json = String::from("{\n");
    let _ = writeln!(json, "  \"bench\": \"native\",");
    let _ = writeln!(json, "  \"target\": {},", json_str(opts.arch.name));
    let _ = writeln!(json, "  \"quick\": {},", opts.quick);
    let _ = writeln!(json, "  \"reps\": {},", opts.reps);
    let _ = writeln!(json, "  \"compile_reps\": {},", opts.compile_reps());
    let _ = writeln!(json, "  \"csmith_seeds\": {},", opts.seeds);
    if let Some(m) = csmith {
        let kept: Vec<String> = m.kept.iter().map(u64::to_string).collect();
        let dropped: Vec<String> = m
            .dropped
            .iter()
            .map(|(s, why)| format!("{{\"seed\": {s}, \"why\": {}}}", json_str(why)))
            .collect();
        let _ = writeln!(json, "  \"csmith_kept\": [{}],", kept.join(", "));
        let _ = writeln!(json, "  \"csmith_dropped\": [{}],", dropped.join(", "));
        for (seed, why) in &m.dropped {
            println!("csmith seed {seed} left out of the module: {why}");
        }
    }
    let _ = writeln!(
        json,
        "  \"note\": {},",
        json_str("times are CPU seconds (user + system) of the child, minimum of the runs; in-process times are thread CPU time. Compile measures (ours vs llc): cli = irplay build --emit obj minus irplay check vs llc-19 -O0 -relocation-model=pic -filetype=obj minus opt-19 -passes=verify; phases = lower+codegen+object write of irplay build --time vs llc -time-passes pass total (user+system) minus Module Verifier; inproc = lower+compile+write_elf in process (backend_time example) vs llc phases; end_to_end = whole processes. us_per_inst divides by the instructions of define bodies; speedup = llc / ours. Speed ratios are ours / reference (above 1 is slower). text sizes are .text bytes, ours / llc-19 -O0 on the same IR.")
    );

    // Compile time table.
    println!("compile time of the back end, µs per IR instruction (speed-up = llc / ours)");
    println!(
        "{:<12} {:>7} | {:>7} {:>7} {:>6} | {:>7} {:>7} {:>6} | {:>7} {:>6} | {:>8} {:>8} {:>6}",
        "module",
        "IR",
        "cli us",
        "llc",
        "x",
        "phase",
        "llc",
        "x",
        "inproc",
        "x",
        "ours ms",
        "llc ms",
        "x"
    );
    json.push_str("  \"compile\": [\n");
    for (i, c) in cases.iter().enumerate() {
        let m = measures(c);
        let mut line = format!("{:<12} {:>7} |", c.name, c.insts);
        for (key, ours, llc) in &m[..3] {
            if *key == "inproc" {
                let _ = write!(
                    line,
                    " {:>7} {:>6} |",
                    fmt(c.per_inst(*ours), 3),
                    fmt(ratio(*llc, *ours), 1)
                );
            } else {
                let _ = write!(
                    line,
                    " {:>7} {:>7} {:>6} |",
                    fmt(c.per_inst(*ours), 3),
                    fmt(c.per_inst(*llc), 3),
                    fmt(ratio(*llc, *ours), 1)
                );
            }
        }
        let (_, e_ours, e_llc) = m[3];
        let _ = write!(
            line,
            " {:>8} {:>8} {:>6}",
            fmt(e_ours.map(|t| t * 1e3), 2),
            fmt(e_llc.map(|t| t * 1e3), 2),
            fmt(ratio(e_llc, e_ours), 1)
        );
        if let Some(e) = &c.error {
            let _ = write!(line, "  ERROR {}", e.lines().next().unwrap_or(""));
        }
        println!("{line}");

        let mut o = String::from("    {");
        let _ = write!(o, "\"module\": {}, ", json_str(&c.name));
        let _ = write!(o, "\"file\": {}, ", json_str(&rel(root, &c.ll)));
        let _ = write!(o, "\"ir_instructions\": {}, ", c.insts);
        for (key, ours, llc) in &m {
            let _ = write!(o, "\"{key}_ours_s\": {}, \"{key}_llc_s\": {}, ", num(*ours), num(*llc));
            let _ = write!(
                o,
                "\"{key}_ours_us_per_inst\": {}, \"{key}_llc_us_per_inst\": {}, \"{key}_speedup\": {}, ",
                num(c.per_inst(*ours)),
                num(c.per_inst(*llc)),
                num(ratio(*llc, *ours))
            );
        }
        for (i, p) in ["lower", "codegen", "object_write"].iter().enumerate() {
            let _ = write!(o, "\"phase_{p}_s\": {}, ", num(c.ours_phases[i]));
            let _ = write!(o, "\"inproc_{p}_s\": {}, ", num(c.inproc.map(|v| v[i])));
        }
        for t in &c.tools {
            let _ = write!(o, "\"{}_cpu_s\": {}, ", t.name, num(t.min_cpu()));
            let _ = write!(o, "\"{}_argv\": {}, ", t.name, json_str(&show_argv(root, &t.argv)));
        }
        let _ =
            write!(o, "\"text_ours\": {}, ", c.text_ours.map_or("null".into(), |v| v.to_string()));
        let _ =
            write!(o, "\"text_llc_O0\": {}, ", c.text_llc.map_or("null".into(), |v| v.to_string()));
        let _ = write!(o, "\"text_ratio\": {}, ", num(c.text_ratio()));
        let _ = write!(o, "\"error\": {}}}", c.error.as_deref().map_or("null".into(), json_str));
        json.push_str(&o);
        json.push_str(if i + 1 < cases.len() { ",\n" } else { "\n" });
    }
    json.push_str("  ],\n");
    let kernel_cases: Vec<&CompileCase> =
        cases.iter().filter(|c| !c.name.starts_with("csmith")).collect();
    let mut g = String::new();
    let mut gline = String::from("geomean over kernel modules: speed-up");
    for (j, key) in ["cli", "phases", "inproc", "end_to_end"].iter().enumerate() {
        let v: Vec<f64> = kernel_cases
            .iter()
            .filter_map(|c| {
                let m = measures(c)[j];
                ratio(m.2, m.1)
            })
            .collect();
        let gm = geomean(&v);
        let _ = write!(g, "\"{key}_speedup\": {}, ", num(gm));
        let _ = write!(gline, " {key} {}x", fmt(gm, 1));
    }
    println!("{gline}");
    // Hottest phases (csmith module, in process).
    if let Some(c) = cases.iter().find(|c| c.name.starts_with("csmith")) {
        if let Some(p) = c.inproc {
            println!(
                "{} in process: lower {} µs/inst, codegen {}, object write {}; llc pass total {}",
                c.name,
                fmt(c.per_inst(Some(p[0])), 3),
                fmt(c.per_inst(Some(p[1])), 3),
                fmt(c.per_inst(Some(p[2])), 3),
                fmt(c.per_inst(c.llc_phases), 3)
            );
        }
    }

    // Code speed table (none for AArch64: see bench_native_a64.rs).
    if !speed.is_empty() {
        println!();
        println!("code speed: CPU seconds, ratio = ours / reference (above 1: ours slower)");
        println!(
            "{:<9} {:>9} | {:>7} {:>7} {:>6} | {:>7} {:>7} {:>6} | {:>7} {:>7} {:>6}",
            "kernel",
            "size",
            "ours O0",
            "llc O0",
            "ratio",
            "ours O2",
            "llc O2",
            "ratio",
            "opt+our",
            "clangO2",
            "ratio"
        );
        json.push_str("  \"speed\": [\n");
        for (i, r) in speed.iter().enumerate() {
            let mut line = format!("{:<9} {:>9} |", r.kernel, r.size);
            for (j, (_, ours, reference)) in PAIRS.iter().enumerate() {
                let rt = match r.same[j] {
                    Some(false) => "DIFF".to_string(),
                    _ => fmt(r.ratio(j), 2),
                };
                let _ = write!(
                    line,
                    " {:>7} {:>7} {:>6} |",
                    fmt(r.cpu(ours), 3),
                    fmt(r.cpu(reference), 3),
                    rt
                );
            }
            line.pop();
            if let Some(e) = &r.error {
                let _ = write!(line, " ERROR {}", e.lines().next().unwrap_or(""));
            }
            println!("{line}");
            let mut o = String::from("    {");
            let _ = write!(o, "\"kernel\": {}, \"size\": {}, ", json_str(r.kernel), r.size);
            for t in &r.programs {
                let _ = write!(o, "\"{}_s\": {}, ", t.name, num(t.min_cpu()));
            }
            for (j, key) in ["O0", "O2", "opt"].iter().enumerate() {
                let _ = write!(
                    o,
                    "\"{key}_same_output\": {}, \"{key}_ratio\": {}, ",
                    r.same[j].map_or("null".into(), |b| b.to_string()),
                    num(r.ratio(j))
                );
            }
            let _ =
                write!(o, "\"error\": {}}}", r.error.as_deref().map_or("null".into(), json_str));
            json.push_str(&o);
            json.push_str(if i + 1 < speed.len() { ",\n" } else { "\n" });
        }
        json.push_str("  ],\n");
        let mut gline = String::from("geomean ours / reference:");
        for (j, (what, _, _)) in PAIRS.iter().enumerate() {
            let gm = geomean(&speed.iter().filter_map(|r| r.ratio(j)).collect::<Vec<_>>());
            let key = ["O0", "O2", "opt"][j];
            let _ = write!(g, "\"speed_{key}_ratio\": {}, ", num(gm));
            let _ = write!(gline, " {what} {}x;", fmt(gm, 2));
        }
        gline.pop();
        println!("{gline}");
    }

    // Code size table.
    println!();
    println!(".text bytes, ours / llc-19 -O0 on the same IR");
    println!("{:<12} {:>8} {:>8} {:>6}", "module", "ours", "llc -O0", "ratio");
    for c in cases {
        let b = |v: Option<u64>| v.map_or("-".to_string(), |v| v.to_string());
        println!(
            "{:<12} {:>8} {:>8} {:>6}",
            c.name,
            b(c.text_ours),
            b(c.text_llc),
            fmt(c.text_ratio(), 2)
        );
    }
    let mut gline = String::from("geomean .text ratio:");
    for level in ["O0", "O2"] {
        let v: Vec<f64> = kernel_cases
            .iter()
            .filter(|c| c.name.ends_with(level))
            .filter_map(|c| c.text_ratio())
            .collect();
        let gm = geomean(&v);
        let _ = write!(g, "\"text_{level}_ratio\": {}, ", num(gm));
        let _ = write!(gline, " kernels at {level} IR {}x", fmt(gm, 2));
    }
    println!("{gline}");
    g.truncate(g.trim_end_matches([',', ' ']).len());
    let _ = writeln!(json, "  \"geomean\": {{{g}}}");
    json.push_str("}\n");
    json
}
