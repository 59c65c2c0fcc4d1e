//! `cargo xtask bench scale`: how the time of each tool grows with the size of its input, on
//! the module shapes of [`shapes`] (deep loop nests, wide phis, huge switches, long chains,
//! many functions, many allocas, long diamond chains), each generated at doubling sizes.
//!
//! ```text
//! cargo xtask bench scale [--quick] [--reps N] [--timeout S] [--only S1,S2] [--no-llvm]
//!                         [--no-build]
//! ```
//!
//! On every file, in the same run: `irplay opt -p O2`, `irplay build --target wasm32`,
//! `irplay build --target x86_64` and `--target aarch64` (objects), `irplay check`, and the
//! LLVM 19 tools doing the same jobs: `opt-19 -O2`, `llc-19 -O0 -filetype=obj` for wasm32,
//! x86-64 and AArch64, and `opt-19 -passes=verify`. Per shape and tool: the wall time at each
//! size (the least of `--reps` runs), the growth exponent (the slope of the least-squares line
//! through log(time) against log(size): 1 is linear, 2 quadratic), and the ratio of our time
//! to the LLVM tool's at the largest size both finished.
//!
//! The fit uses each run's time minus the tool's start-up time (the least of three runs on a
//! module with an empty `main`), and only the sizes where that difference is at least 5 ms:
//! below that, process start-up and timer noise hide the growth. A run that exceeds the time
//! limit or fails ends that tool's series for the shape (larger sizes are not tried). Writes
//! `target/bench/scale.json` (`scale-quick.json` with `--quick`); the generated modules stay in
//! `target/bench/scale/`.

pub(crate) mod shapes;

use crate::bench_wasm::exec;
use crate::util::{build_irplay, have, json_num, json_str, rel, repo_root, target_dir};
use shapes::{Shape, SHAPES};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

pub(crate) const USAGE: &str = "\
usage: cargo xtask bench scale [OPTIONS]

Generates each module shape (loop nests, wide phis, switches, instruction
chains, many functions, many allocas, diamond chains) at five doubling sizes into
target/bench/scale/, times `irplay opt -p O2`, `irplay build` for wasm32,
x86_64 and aarch64, `irplay check`, and opt-19 -O2, llc-19 -O0 (wasm32,
x86-64, aarch64) and opt-19 -passes=verify on each, and prints per shape and
tool the times, the fitted growth exponent (1 = linear) and the ratio to the
LLVM tool at the largest size. Writes target/bench/scale.json.

options:
  --quick          three small sizes per shape
  --reps N         runs per tool and size, the least time kept (default 1)
  --timeout S      time limit of every run in seconds (default 60); a tool that
                   exceeds it is not run on the larger sizes of that shape
  --only S1,S2     only these shapes (loop-nest, dead-nest, phi, switch, chain,
                   functions, locals, diamonds)
  --no-llvm        do not run the LLVM tools
  --no-build       do not run `cargo build --release -p irplay`
";

/// Times below this much above the start-up time are left out of the fit (seconds).
const MIN_NET: f64 = 0.005;

pub(crate) struct ScaleOpts {
    quick: bool,
    reps: usize,
    timeout: Duration,
    only: Vec<String>,
    llvm: bool,
    build: bool,
}

impl ScaleOpts {
    pub(crate) fn parse(args: &[String]) -> Result<ScaleOpts, String> {
        let mut o = ScaleOpts {
            quick: false,
            reps: 1,
            timeout: Duration::from_secs(60),
            only: Vec::new(),
            llvm: true,
            build: true,
        };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = |name: &str| it.next().ok_or(format!("{name} needs a value"));
            match a.as_str() {
                "--quick" => o.quick = true,
                "--no-build" => o.build = false,
                "--no-llvm" => o.llvm = false,
                "--reps" => {
                    let v = value(a)?;
                    o.reps = v.parse().map_err(|_| format!("bad --reps value `{v}`"))?;
                    if o.reps == 0 {
                        return Err("--reps must be at least 1".into());
                    }
                }
                "--timeout" => {
                    let v = value(a)?;
                    let s: f64 = v.parse().map_err(|_| format!("bad --timeout value `{v}`"))?;
                    if !(s > 0.0 && s.is_finite()) {
                        return Err(format!("bad --timeout value `{v}`"));
                    }
                    o.timeout = Duration::from_secs_f64(s);
                }
                "--only" => {
                    for name in value(a)?.split(',').filter(|s| !s.is_empty()) {
                        if !SHAPES.iter().any(|s| s.name == name) {
                            let known: Vec<&str> = SHAPES.iter().map(|s| s.name).collect();
                            return Err(format!(
                                "unknown shape `{name}` (known: {})",
                                known.join(", ")
                            ));
                        }
                        o.only.push(name.to_string());
                    }
                }
                other => return Err(format!("unknown option `{other}`")),
            }
        }
        Ok(o)
    }
}

/// One command timed on every file.
struct Tool {
    /// The name in the table.
    name: &'static str,
    /// The LLVM tool doing the same job (for ours), by name.
    oracle: Option<&'static str>,
    /// True for an LLVM tool.
    llvm: bool,
    /// The command line on `input`, writing to `out` (a file in the scratch directory).
    argv: fn(irplay: &Path, input: &Path, out: &Path) -> Vec<OsString>,
}

fn args(list: &[&dyn AsRef<std::ffi::OsStr>]) -> Vec<OsString> {
    list.iter().map(|a| a.as_ref().to_os_string()).collect()
}

const TOOLS: &[Tool] = &[
    Tool {
        name: "irplay opt -p O2",
        oracle: Some("opt-19 -O2"),
        llvm: false,
        argv: |ir, i, o| args(&[&ir, &"opt", &"-p", &"O2", &i, &"-o", &o]),
    },
    Tool {
        name: "irplay build wasm32",
        oracle: Some("llc-19 -O0 wasm32"),
        llvm: false,
        argv: |ir, i, o| args(&[&ir, &"build", &"--target", &"wasm32", &i, &"-o", &o]),
    },
    Tool {
        name: "irplay build x86_64",
        oracle: Some("llc-19 -O0 x86-64"),
        llvm: false,
        argv: |ir, i, o| args(&[&ir, &"build", &"--target", &"x86_64", &i, &"-o", &o]),
    },
    Tool {
        name: "irplay build aarch64",
        oracle: Some("llc-19 -O0 aarch64"),
        llvm: false,
        argv: |ir, i, o| args(&[&ir, &"build", &"--target", &"aarch64", &i, &"-o", &o]),
    },
    Tool {
        name: "irplay check",
        oracle: Some("opt-19 verify"),
        llvm: false,
        argv: |ir, i, _| args(&[&ir, &"check", &i]),
    },
    Tool {
        name: "opt-19 -O2",
        oracle: None,
        llvm: true,
        argv: |_, i, o| args(&[&"opt-19", &"-O2", &i, &"-o", &o]),
    },
    Tool {
        name: "llc-19 -O0 wasm32",
        oracle: None,
        llvm: true,
        argv: |_, i, o| {
            args(&[
                &"llc-19",
                &"-O0",
                &"-mtriple=wasm32-unknown-unknown",
                &"-filetype=obj",
                &i,
                &"-o",
                &o,
            ])
        },
    },
    Tool {
        name: "llc-19 -O0 x86-64",
        oracle: None,
        llvm: true,
        argv: |_, i, o| {
            args(&[
                &"llc-19",
                &"-O0",
                &"-mtriple=x86_64-linux-gnu",
                &"-filetype=obj",
                &i,
                &"-o",
                &o,
            ])
        },
    },
    Tool {
        name: "llc-19 -O0 aarch64",
        oracle: None,
        llvm: true,
        argv: |_, i, o| {
            args(&[
                &"llc-19",
                &"-O0",
                &"-mtriple=aarch64-linux-gnu",
                &"-filetype=obj",
                &i,
                &"-o",
                &o,
            ])
        },
    },
    Tool {
        name: "opt-19 verify",
        oracle: None,
        llvm: true,
        argv: |_, i, _| args(&[&"opt-19", &"-passes=verify", &"-disable-output", &i]),
    },
];

/// What one tool did on one shape.
struct Series {
    tool: &'static Tool,
    /// Seconds per size (`None`: not run, failed or timed out).
    times: Vec<Option<f64>>,
    /// Why the series ended early, if it did.
    stop: Option<String>,
}

/// The slope of the least-squares line through `(ln x, ln y)`; `None` for fewer than two
/// points or one size only.
pub(crate) fn fit_exponent(points: &[(f64, f64)]) -> Option<f64> {
    let pts: Vec<(f64, f64)> =
        points.iter().filter(|p| p.0 > 0.0 && p.1 > 0.0).map(|p| (p.0.ln(), p.1.ln())).collect();
    if pts.len() < 2 {
        return None;
    }
    let n = pts.len() as f64;
    let (mx, my) =
        (pts.iter().map(|p| p.0).sum::<f64>() / n, pts.iter().map(|p| p.1).sum::<f64>() / n);
    let sxx: f64 = pts.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    let sxy: f64 = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    (sxx > 0.0).then(|| sxy / sxx)
}

pub(crate) fn bench_scale(opts: &ScaleOpts) -> ExitCode {
    let root = repo_root();
    let target = target_dir(&root);
    let dir = target.join("bench").join("scale");
    if let Err(e) = fs::create_dir_all(&dir) {
        eprintln!("xtask: cannot create {}: {e}", rel(&root, &dir));
        return ExitCode::from(2);
    }
    let (irplay, status) = build_irplay(&root, &target, opts.build);
    if status != "ok" {
        eprintln!("xtask: irplay is not available ({status})");
        return ExitCode::from(2);
    }
    let mut tools: Vec<&'static Tool> = TOOLS.iter().filter(|t| !t.llvm).collect();
    if opts.llvm {
        for t in TOOLS.iter().filter(|t| t.llvm) {
            let program = if t.name.starts_with("opt") { "opt-19" } else { "llc-19" };
            if have(program) {
                tools.push(t);
            } else {
                eprintln!("xtask: `{program}` not found: {} left out", t.name);
            }
        }
    }
    // Start-up time of each tool, on an empty program.
    let empty = dir.join("empty.ll");
    let text = "define i32 @main(i32 %argc, ptr %argv) {\n  ret i32 0\n}\n";
    if let Err(e) = fs::write(&empty, text) {
        eprintln!("xtask: cannot write {}: {e}", rel(&root, &empty));
        return ExitCode::from(2);
    }
    let out = dir.join("out.tmp");
    let mut startup: Vec<f64> = Vec::new();
    for t in &tools {
        let argv = (t.argv)(&irplay, &empty, &out);
        let runs: Vec<f64> =
            (0..3).filter_map(|_| time_run(&argv, &dir, opts.timeout).ok()).collect();
        startup.push(runs.iter().copied().fold(f64::INFINITY, f64::min).min(1.0));
    }
    let shapes: Vec<&Shape> = SHAPES
        .iter()
        .filter(|s| opts.only.is_empty() || opts.only.iter().any(|o| o == s.name))
        .collect();
    let mut results: Vec<(&Shape, Vec<usize>, Vec<Series>)> = Vec::new();
    for shape in shapes {
        let sizes: Vec<usize> =
            if opts.quick { shape.quick.to_vec() } else { shape.sizes.to_vec() };
        let mut series: Vec<Series> = tools
            .iter()
            .map(|&t| Series { tool: t, times: vec![None; sizes.len()], stop: None })
            .collect();
        for (k, &n) in sizes.iter().enumerate() {
            let input = dir.join(format!("{}-{n}.ll", shape.name));
            if let Err(e) = fs::write(&input, (shape.gen)(n)) {
                eprintln!("xtask: cannot write {}: {e}", rel(&root, &input));
                return ExitCode::from(2);
            }
            let mut line = format!("xtask: {} {n}:", shape.name);
            for s in series.iter_mut() {
                if s.stop.is_some() {
                    continue;
                }
                let argv = (s.tool.argv)(&irplay, &input, &out);
                let mut best: Option<f64> = None;
                for _ in 0..opts.reps {
                    match time_run(&argv, &dir, opts.timeout) {
                        Ok(t) => best = Some(best.map_or(t, |b: f64| b.min(t))),
                        Err(e) => {
                            s.stop = Some(format!("at {n}: {e}"));
                            best = None;
                            break;
                        }
                    }
                }
                if let (Some(t), Some(slot)) = (best, s.times.get_mut(k)) {
                    *slot = Some(t);
                    let _ = write!(line, " {} {:.3}s;", s.tool.name, t);
                }
            }
            eprintln!("{line}");
        }
        for s in &series {
            if let Some(why) = &s.stop {
                eprintln!("xtask: {} / {}: stopped {why}", shape.name, s.tool.name);
            }
        }
        results.push((shape, sizes, series));
    }
    let _ = fs::remove_file(&out);
    report(&root, &target, opts, &tools, &startup, &results)
}

/// Wall seconds of one successful run of `argv`.
fn time_run(argv: &[OsString], dir: &Path, timeout: Duration) -> Result<f64, String> {
    let o = exec(argv, dir, timeout)?;
    if o.success() {
        Ok(o.wall)
    } else {
        let msg = o.failure(Some(timeout));
        Err(msg.lines().next().unwrap_or("failed").to_string())
    }
}

/// The exponent of a series and the ratio to its oracle at the largest size both finished.
fn summarize(
    s: &Series,
    sizes: &[usize],
    startup: f64,
    all: &[Series],
) -> (Option<f64>, Option<(f64, usize)>) {
    let points: Vec<(f64, f64)> = sizes
        .iter()
        .zip(&s.times)
        .filter_map(|(&n, t)| t.map(|t| (n as f64, t - startup)))
        .filter(|p| p.1 >= MIN_NET)
        .collect();
    let exponent = fit_exponent(&points);
    let oracle = s.tool.oracle.and_then(|o| all.iter().find(|x| x.tool.name == o));
    let ratio = oracle.and_then(|o| {
        sizes.iter().zip(s.times.iter().zip(&o.times)).rev().find_map(|(&n, (a, b))| match (a, b) {
            (Some(a), Some(b)) if *b > 0.0 => Some((a / b, n)),
            _ => None,
        })
    });
    (exponent, ratio)
}

fn report(
    root: &Path,
    target: &Path,
    opts: &ScaleOpts,
    tools: &[&'static Tool],
    startup: &[f64],
    results: &[(&Shape, Vec<usize>, Vec<Series>)],
) -> ExitCode {
    let mut table = String::new();
    let mut json = String::from("{\n  \"bench\": \"scale\",\n");
    let _ = writeln!(json, "  \"quick\": {},\n  \"reps\": {},", opts.quick, opts.reps);
    let _ = writeln!(
        json,
        "  \"note\": {},",
        json_str("times are wall seconds (least of the runs); exponent: least-squares slope of ln(time - startup) against ln(size) over the sizes at least 5 ms above start-up; ratio: ours / the LLVM tool at the largest size both finished")
    );
    json.push_str("  \"startup_s\": {");
    for (k, (t, s)) in tools.iter().zip(startup).enumerate() {
        let sep = if k == 0 { "" } else { ", " };
        let _ = write!(json, "{sep}{}: {}", json_str(t.name), json_num(*s));
    }
    json.push_str("},\n  \"shapes\": [\n");
    for (si, (shape, sizes, series)) in results.iter().enumerate() {
        let _ = writeln!(table, "\n{}: {}", shape.name, shape.about);
        let _ = write!(table, "  {:<22}", "tool \\ size");
        for n in sizes {
            let _ = write!(table, "{n:>10}");
        }
        let _ = writeln!(table, "{:>8}  vs LLVM at the largest size", "exp");
        let _ = writeln!(
            json,
            "    {{\"name\": {}, \"about\": {}, \"sizes\": [{}], \"tools\": [",
            json_str(shape.name),
            json_str(shape.about),
            sizes.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ")
        );
        for (ti, s) in series.iter().enumerate() {
            let up = tools.iter().position(|t| t.name == s.tool.name).and_then(|k| startup.get(k));
            let (exp, ratio) = summarize(s, sizes, up.copied().unwrap_or(0.0), series);
            let _ = write!(table, "  {:<22}", s.tool.name);
            for t in &s.times {
                match t {
                    Some(t) => {
                        let _ = write!(table, "{:>10}", format!("{:.1}ms", t * 1000.0));
                    }
                    None => {
                        let _ = write!(table, "{:>10}", "-");
                    }
                }
            }
            let _ = write!(table, "{:>8}", exp.map_or("-".to_string(), |e| format!("{e:.2}")));
            if let (Some((r, n)), Some(o)) = (ratio, s.tool.oracle) {
                // Three significant digits: our time is often a hundredth of LLVM's or less.
                let digits = if r > 0.0 { (2 - r.log10().floor() as i64).clamp(0, 6) } else { 2 };
                let _ = write!(table, "  {r:.*}x {o} (at {n})", digits as usize);
            }
            if let Some(why) = &s.stop {
                let _ = write!(table, "  [stopped {why}]");
            }
            table.push('\n');
            let times: Vec<String> =
                s.times.iter().map(|t| t.map_or("null".to_string(), json_num)).collect();
            let _ = writeln!(
                json,
                "      {{\"tool\": {}, \"times_s\": [{}], \"exponent\": {}, \"oracle\": {}, \"ratio\": {}, \"ratio_size\": {}, \"stopped\": {}}}{}",
                json_str(s.tool.name),
                times.join(", "),
                exp.map_or("null".to_string(), json_num),
                s.tool.oracle.map_or("null".to_string(), json_str),
                ratio.map_or("null".to_string(), |r| json_num(r.0)),
                ratio.map_or("null".to_string(), |r| r.1.to_string()),
                s.stop.as_deref().map_or("null".to_string(), json_str),
                if ti + 1 < series.len() { "," } else { "" }
            );
        }
        let _ = writeln!(json, "    ]}}{}", if si + 1 < results.len() { "," } else { "" });
    }
    json.push_str("  ]\n}\n");
    print!("{table}");
    let name = if opts.quick { "scale-quick.json" } else { "scale.json" };
    let path: PathBuf = target.join("bench").join(name);
    if let Err(e) = fs::write(&path, json) {
        eprintln!("xtask: cannot write {}: {e}", rel(root, &path));
        return ExitCode::FAILURE;
    }
    eprintln!("xtask: wrote {}", rel(root, &path));
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponent_of_powers() {
        let quad: Vec<(f64, f64)> =
            [1.0, 2.0, 4.0, 8.0].iter().map(|&x| (x, 3.0 * x * x)).collect();
        assert!((fit_exponent(&quad).unwrap_or(0.0) - 2.0).abs() < 1e-9);
        let lin: Vec<(f64, f64)> = [10.0, 20.0, 40.0].iter().map(|&x| (x, 0.5 * x)).collect();
        assert!((fit_exponent(&lin).unwrap_or(0.0) - 1.0).abs() < 1e-9);
        assert_eq!(fit_exponent(&[(1.0, 2.0)]), None);
        assert_eq!(fit_exponent(&[(2.0, 1.0), (2.0, 3.0)]), None);
    }

    #[test]
    fn every_shape_generates_at_every_size() {
        for s in SHAPES {
            for n in s.quick.iter().chain([&s.test_size]) {
                let text = (s.gen)(*n);
                assert!(text.contains("define i32 @main"), "{}", s.name);
            }
        }
    }
}
