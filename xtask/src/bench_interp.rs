//! `cargo xtask bench interp`: `irplay run` against `lli-19 -force-interpreter`
//! (LLVM's interpreter) on the C kernels of `benches/kernels/`, each compiled
//! by clang-19 at -O0 and -O2, with the native program as a reference.
//!
//! ```text
//! cargo xtask bench interp [--quick] [--reps N] [--lli-reps N] [--timeout S]
//!                          [--only K1,K2] [--no-build] [--regen]
//! ```
//!
//! Per kernel and level the tools alternate: one untimed check run each
//! (stdout compared with the native program's), then the timed runs. A run of
//! lli that reaches the time limit at the full size is replaced, for the
//! ratio only, by irplay and lli both on the kernel's small size (equal work).

mod frames;
pub(crate) mod kernels;
mod report;
mod runs;

use crate::util::{build_irplay, have, rel, repo_root, target_dir, RssTimer};
use kernels::{check_default, compile, Kernel, KERNELS};
use runs::{Case, Status, Tool};
use std::ffi::OsString;
use std::fs;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

pub(crate) const USAGE: &str = "\
usage: cargo xtask bench interp [OPTIONS]

Times `irplay run --stats` against `lli-19 -force-interpreter` (and the native
program, for reference) on the C kernels of benches/kernels/, compiled with
clang-19 at -O0 and -O2 into target/bench/interp/. Checks every run's stdout
against the native program's. Writes target/bench/interp.json
(interp-quick.json with --quick).

options:
  --quick          the kernels' small sizes and 1 timed run (smoke test)
  --reps N         timed runs per tool after one untimed check run (default 3)
  --lli-reps N     timed runs of lli (default: the --reps value)
  --timeout S      time limit of every run in seconds (default 120)
  --only K1,K2     only these kernels
  --no-build       do not run `cargo build --release -p irplay` (use the binary as is)
  --regen          recompile the kernels even if cached
";

pub(crate) const LEVELS: [&str; 2] = ["O0", "O2"];
pub(crate) const GOAL: f64 = 20.0;

pub(crate) struct InterpOpts {
    pub(crate) quick: bool,
    pub(crate) reps: usize,
    pub(crate) lli_reps: Option<usize>,
    pub(crate) timeout: Duration,
    pub(crate) only: Vec<String>,
    pub(crate) build: bool,
    pub(crate) regen: bool,
}

impl InterpOpts {
    pub(crate) fn parse(args: &[String]) -> Result<InterpOpts, String> {
        let mut o = InterpOpts {
            quick: false,
            reps: 3,
            lli_reps: None,
            timeout: Duration::from_secs(120),
            only: Vec::new(),
            build: true,
            regen: false,
        };
        let mut reps_given = false;
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
            match a.as_str() {
                "--quick" => o.quick = true,
                "--no-build" => o.build = false,
                "--regen" => o.regen = true,
                "--reps" | "--lli-reps" => {
                    let v = value(a)?;
                    let n: usize = v.parse().map_err(|_| format!("bad {a} value `{v}`"))?;
                    if a == "--reps" {
                        if n == 0 {
                            return Err("--reps must be at least 1".into());
                        }
                        o.reps = n;
                        reps_given = true;
                    } else {
                        o.lli_reps = Some(n);
                    }
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
        Ok(o)
    }
}

pub(crate) fn bench_interp(opts: &InterpOpts) -> ExitCode {
    let root = repo_root();
    let target = target_dir(&root);
    let bench_dir = target.join("bench");
    let dir = bench_dir.join("interp");
    for t in ["clang-19", "lli-19"] {
        if !have(t) {
            eprintln!("xtask: `{t}` not found (run scripts/setup-test-deps.sh)");
            return ExitCode::from(2);
        }
    }
    if let Err(e) = fs::create_dir_all(&dir) {
        eprintln!("xtask: cannot create {}: {e}", rel(&root, &dir));
        return ExitCode::from(2);
    }
    let timer = RssTimer::detect();
    if let RssTimer::Poll = timer {
        eprintln!("xtask: warning: GNU time not found (apt-get install time); peak RSS is sampled from /proc/PID/status VmHWM and may be low");
    }
    let (irplay, irplay_status) = build_irplay(&root, &target, opts.build);
    if irplay_status != "ok" {
        eprintln!("xtask: warning: irplay is not available ({irplay_status}); timing the reference tools only");
    }
    let lli_reps = opts.lli_reps.unwrap_or(opts.reps);
    let kernels: Vec<&'static Kernel> = KERNELS
        .iter()
        .filter(|k| opts.only.is_empty() || opts.only.iter().any(|o| o == k.name))
        .collect();
    eprintln!(
        "xtask: {} kernels x {:?}; per tool 1 check run + {} timed runs ({} for lli), alternating; time limit {:.0} s",
        kernels.len(),
        LEVELS,
        opts.reps,
        lli_reps,
        opts.timeout.as_secs_f64()
    );

    let mut cases: Vec<Case> = Vec::new();
    for &k in &kernels {
        check_default(&root, k);
        let size = if opts.quick { k.small } else { k.full };
        let native = compile(&root, &dir, k, size, "native", opts.regen).and_then(|exe| {
            let mut t = Tool::new("native", vec![exe.into_os_string()], size, opts.reps, None);
            t.step(0, &timer, &dir, opts.timeout, &format!("{} native", k.name));
            match t.status {
                Status::Ok => Ok(t),
                _ => {
                    Err(format!("the native program failed: {}", t.error.as_deref().unwrap_or("?")))
                }
            }
        });
        for level in LEVELS {
            let what = format!("{} -{level}", k.name);
            let mut case =
                Case { kernel: k, level, size, ll: None, tools: Vec::new(), error: None };
            let built = match &native {
                Ok(n) => compile(&root, &dir, k, size, level, opts.regen).map(|ll| (ll, n)),
                Err(e) => Err(e.clone()),
            };
            let (ll, native) = match built {
                Ok(x) => x,
                Err(e) => {
                    eprintln!("xtask: {what}: {e}");
                    case.error = Some(e);
                    cases.push(case);
                    continue;
                }
            };
            case.ll = Some(rel(&root, &ll));
            eprintln!("xtask: {what} ({}={size})", k.size_macro);
            run_case(
                &mut case,
                &root,
                &dir,
                &ll,
                native,
                &irplay,
                irplay_status == "ok",
                lli_reps,
                &timer,
                opts,
            );
            cases.push(case);
        }
    }
    let frames = if irplay_status == "ok" {
        eprintln!("xtask: memory per call frame");
        frames::measure(&root, &dir, &irplay, &timer)
    } else {
        Vec::new()
    };
    let code =
        report::report(&root, opts, &cases, &frames, &irplay_status, lli_reps, &timer, &bench_dir);
    ExitCode::from(code)
}

#[allow(clippy::too_many_arguments)]
fn run_case(
    case: &mut Case,
    root: &Path,
    dir: &Path,
    ll: &Path,
    native: &Tool,
    irplay: &Path,
    have_irplay: bool,
    lli_reps: usize,
    timer: &RssTimer,
    opts: &InterpOpts,
) {
    let k = case.kernel;
    let what = format!("{} -{}", k.name, case.level);
    let irplay_argv = |ll: &Path| {
        vec![
            irplay.as_os_str().to_owned(),
            "run".into(),
            "--stats".into(),
            ll.as_os_str().to_owned(),
        ]
    };
    let lli_argv = |ll: &Path| {
        vec![OsString::from("lli-19"), "-force-interpreter".into(), ll.as_os_str().to_owned()]
    };
    let expected = Some(native.stdout.clone());
    if have_irplay {
        case.tools.push(Tool::new(
            "irplay",
            irplay_argv(ll),
            case.size,
            opts.reps,
            expected.clone(),
        ));
    }
    case.tools.push(Tool::new("lli", lli_argv(ll), case.size, lli_reps, expected));
    case.tools.push(Tool::new(
        "native",
        native.argv.clone(),
        case.size,
        opts.reps,
        Some(native.stdout.clone()),
    ));

    for rep in 0..=opts.reps.max(lli_reps) {
        for i in 0..case.tools.len() {
            case.tools[i].step(rep, timer, dir, opts.timeout, &what);
        }
        // lli too slow for the full size: compare at the small size, both tools.
        let lli_timed_out = case.tool("lli").is_some_and(|t| t.status == Status::Timeout);
        if rep == 0 && lli_timed_out && have_irplay && k.small < case.size {
            eprintln!(
                "xtask: {what}: lli reached the time limit; comparing at {}={} too",
                k.size_macro, k.small
            );
            let small = k.small;
            let built = compile(root, dir, k, small, "native", opts.regen)
                .and_then(|n| compile(root, dir, k, small, case.level, opts.regen).map(|l| (n, l)));
            match built {
                Ok((n, l)) => {
                    let mut nt =
                        Tool::new("native_small", vec![n.into_os_string()], small, 0, None);
                    nt.step(0, timer, dir, opts.timeout, &what);
                    let exp = (nt.status == Status::Ok).then(|| nt.stdout.clone());
                    let mut new = vec![
                        Tool::new("irplay_small", irplay_argv(&l), small, opts.reps, exp.clone()),
                        Tool::new("lli_small", lli_argv(&l), small, lli_reps, exp.clone()),
                    ];
                    if exp.is_none() {
                        for t in new.iter_mut() {
                            t.fail(
                                Status::Failed,
                                "the native program at the small size failed".into(),
                                &what,
                            );
                        }
                    }
                    for t in new.iter_mut() {
                        t.step(0, timer, dir, opts.timeout, &what);
                    }
                    case.tools.push(nt);
                    case.tools.extend(new);
                }
                Err(e) => case.error = Some(format!("small size: {e}")),
            }
        }
    }
}
