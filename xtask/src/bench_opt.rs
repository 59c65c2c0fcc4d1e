//! `cargo xtask bench opt`: `irplay opt -p O2` against `opt-19 -O2` on the C kernels and the
//! csmith run corpus at clang-19 -O0: static instruction count, instructions executed by our
//! interpreter, and the time of the pipeline, each reported as a ratio ours / LLVM's.
//!
//! ```text
//! cargo xtask bench opt [--quick] [--csmith N] [--reps N] [--pipeline P] [--no-build] [--regen]
//! ```
//!
//! Inputs: every kernel of `benches/kernels/` at its small size compiled by clang-19 -O0, and
//! the first N (default 30) `csmith-*-O0.ll` of the run corpus (`target/run-corpus/`, made by
//! `scripts/gen-run-corpus.sh`). clang marks every function `optnone noinline` at -O0, which
//! makes `opt-19 -O2` leave them alone; both tools get a copy without those two attributes, as
//! `clang -O0 -Xclang -disable-O0-optnone` would give, minus `noinline`.
//!
//! Per input, with both outputs: the static count (instructions in function bodies, debug
//! records and labels not counted), then one `irplay run --stats` of each output (its stdout
//! and exit status must be the native program's; the executed-instruction count comes from
//! `--stats`), and the wall time of the whole tool process (parse, pipeline, print), the median
//! of `--reps` runs, alternating. Ratios are geometric means over the inputs whose two outputs
//! both ran correctly. Writes `target/bench/opt.json` (`opt-quick.json` with `--quick`).

use crate::bench_interp::kernels::{compile, KERNELS};
use crate::util::{
    build_irplay, have, json_num, json_str, median, rel, repo_root, target_dir, RssTimer,
};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

pub(crate) const USAGE: &str = "\
usage: cargo xtask bench opt [OPTIONS]

Compares `irplay opt -p O2` with `opt-19 -O2` on the C kernels (small sizes)
and the first csmith modules of target/run-corpus, all at clang-19 -O0 with
`optnone noinline` removed: static instruction count, instructions executed
by `irplay run`, wall time of each tool. Every optimized program's output is
checked against the native program's. Writes target/bench/opt.json.

options:
  --quick          3 kernels, 5 csmith modules, 1 timed run
  --csmith N       csmith modules to use (default 30; 0 for none)
  --reps N         timed runs per tool (default 3)
  --pipeline P     our pipeline (default O2; LLVM's is always -O2)
  --llvm-flag F    one more option for opt-19 (repeatable), e.g.
                   --llvm-flag=-vectorize-loops=false to compare without vectorizers
  --no-build       do not run `cargo build --release -p irplay`
  --regen          recompile the kernels even if cached
";

const TIMEOUT: Duration = Duration::from_secs(120);

pub(crate) struct OptOpts {
    quick: bool,
    csmith: usize,
    reps: usize,
    pipeline: String,
    llvm_flags: Vec<String>,
    build: bool,
    regen: bool,
}

impl OptOpts {
    pub(crate) fn parse(args: &[String]) -> Result<OptOpts, String> {
        let mut o = OptOpts {
            quick: false,
            csmith: 30,
            reps: 3,
            pipeline: "O2".into(),
            llvm_flags: Vec::new(),
            build: true,
            regen: false,
        };
        let (mut csmith_given, mut reps_given) = (false, false);
        let mut it = args.iter();
        while let Some(a) = it.next() {
            let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
            match a.as_str() {
                "--quick" => o.quick = true,
                "--no-build" => o.build = false,
                "--regen" => o.regen = true,
                "--pipeline" => o.pipeline = value(a)?,
                "--llvm-flag" => o.llvm_flags.push(value(a)?),
                flag if flag.starts_with("--llvm-flag=") => {
                    o.llvm_flags.push(flag["--llvm-flag=".len()..].to_string())
                }
                "--csmith" => {
                    o.csmith =
                        value(a)?.parse().map_err(|_| "--csmith needs a number".to_string())?;
                    csmith_given = true;
                }
                "--reps" => {
                    o.reps = value(a)?.parse().map_err(|_| "--reps needs a number".to_string())?;
                    reps_given = true;
                }
                other => return Err(format!("unknown option `{other}`")),
            }
        }
        if o.quick {
            if !csmith_given {
                o.csmith = 5;
            }
            if !reps_given {
                o.reps = 1;
            }
        }
        o.reps = o.reps.max(1);
        Ok(o)
    }
}

/// One input and what the two tools made of it.
struct Row {
    name: String,
    /// Static instruction counts: input, LLVM's output, ours.
    static_in: usize,
    static_llvm: usize,
    static_ours: usize,
    /// Executed instructions of each output in our interpreter (`None`: the run failed).
    exec_llvm: Option<u64>,
    exec_ours: Option<u64>,
    /// Median wall seconds of each tool.
    time_llvm: f64,
    time_ours: f64,
    /// Why the row does not count, if it does not.
    error: Option<String>,
}

pub(crate) fn bench_opt(opts: &OptOpts) -> ExitCode {
    let root = repo_root();
    let target = target_dir(&root);
    let dir = target.join("bench").join("opt");
    for t in ["clang-19", "opt-19"] {
        if !have(t) {
            eprintln!("xtask: `{t}` not found (run scripts/setup-test-deps.sh)");
            return ExitCode::from(2);
        }
    }
    if let Err(e) = fs::create_dir_all(&dir) {
        eprintln!("xtask: cannot create {}: {e}", rel(&root, &dir));
        return ExitCode::from(2);
    }
    let (irplay, status) = build_irplay(&root, &target, opts.build);
    if status != "ok" {
        eprintln!("xtask: irplay is not available ({status})");
        return ExitCode::from(2);
    }
    let timer = RssTimer::Poll;
    let mut inputs: Vec<(String, PathBuf, Vec<u8>, i32)> = Vec::new();
    let kernels = KERNELS.iter().take(if opts.quick { 3 } else { KERNELS.len() });
    for k in kernels {
        let built = compile(&root, &dir, k, k.small, "O0", opts.regen).and_then(|ll| {
            compile(&root, &dir, k, k.small, "native", opts.regen).map(|exe| (ll, exe))
        });
        let (ll, exe) = match built {
            Ok(x) => x,
            Err(e) => {
                eprintln!("xtask: {}: {e}", k.name);
                continue;
            }
        };
        match timer.exec(&[exe.into_os_string()], &dir, Some(TIMEOUT)) {
            Ok(o) if o.status.is_some() => {
                let code = o.status.and_then(|s| s.code()).unwrap_or(-1);
                inputs.push((k.name.to_string(), ll, o.stdout, code));
            }
            Ok(o) => eprintln!("xtask: {} native: {}", k.name, o.failure(Some(TIMEOUT))),
            Err(e) => eprintln!("xtask: {} native: {e}", k.name),
        }
    }
    let corpus = target.join("run-corpus");
    let mut csmith: Vec<PathBuf> = fs::read_dir(&corpus)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with("-O0.ll"))
                .collect()
        })
        .unwrap_or_default();
    csmith.sort();
    if csmith.is_empty() && opts.csmith > 0 {
        eprintln!(
            "xtask: warning: no csmith modules in {} (run scripts/gen-run-corpus.sh)",
            rel(&root, &corpus)
        );
    }
    for ll in csmith.into_iter().take(opts.csmith) {
        let name = ll
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .trim_end_matches("-O0.ll")
            .to_string();
        let Ok(expected) = fs::read_to_string(corpus.join(format!("{name}.expected"))) else {
            continue;
        };
        let Some((first, stdout)) = expected.split_once('\n') else {
            continue;
        };
        let Some(code) = first.strip_prefix("exit ").and_then(|c| c.trim().parse().ok()) else {
            continue;
        };
        inputs.push((name, ll, stdout.as_bytes().to_vec(), code));
    }
    eprintln!(
        "xtask: {} inputs; `irplay opt -p {}` vs `opt-19 -O2`, {} timed runs each",
        inputs.len(),
        opts.pipeline,
        opts.reps
    );
    let mut rows = Vec::new();
    for (name, ll, stdout, code) in &inputs {
        let row = bench_one(opts, &dir, &irplay, &timer, name, ll, stdout, *code);
        match &row.error {
            Some(e) => eprintln!("xtask: {name}: {e}"),
            None => eprintln!(
                "xtask: {name}: static {} -> llvm {} / ours {}; executed {:?} / {:?}; time {:.3} / {:.3} s",
                row.static_in, row.static_llvm, row.static_ours, row.exec_llvm, row.exec_ours, row.time_llvm, row.time_ours
            ),
        }
        rows.push(row);
    }
    report(&root, opts, &rows, &target)
}

#[allow(clippy::too_many_arguments)]
fn bench_one(
    opts: &OptOpts,
    dir: &Path,
    irplay: &Path,
    timer: &RssTimer,
    name: &str,
    ll: &Path,
    want_stdout: &[u8],
    want_code: i32,
) -> Row {
    let mut row = Row {
        name: name.to_string(),
        static_in: 0,
        static_llvm: 0,
        static_ours: 0,
        exec_llvm: None,
        exec_ours: None,
        time_llvm: 0.0,
        time_ours: 0.0,
        error: None,
    };
    let input = dir.join(format!("{name}.in.ll"));
    let text = match fs::read_to_string(ll) {
        Ok(t) => t,
        Err(e) => {
            row.error = Some(format!("cannot read {}: {e}", ll.display()));
            return row;
        }
    };
    let text = without_optnone(&text);
    row.static_in = count_instructions(&text);
    if let Err(e) = fs::write(&input, &text) {
        row.error = Some(format!("cannot write {}: {e}", input.display()));
        return row;
    }
    let llvm_out = dir.join(format!("{name}.llvm.ll"));
    let ours_out = dir.join(format!("{name}.ours.ll"));
    let os = |s: &str| OsString::from(s);
    let mut llvm_argv = vec![os("opt-19"), os("-O2")];
    llvm_argv.extend(opts.llvm_flags.iter().map(|f| os(f)));
    llvm_argv.extend([os("-S"), input.clone().into(), os("-o"), llvm_out.clone().into()]);
    let ours_argv = vec![
        irplay.as_os_str().to_owned(),
        os("opt"),
        input.clone().into(),
        os("-p"),
        os(&opts.pipeline),
        os("-o"),
        ours_out.clone().into(),
    ];
    let (mut t_llvm, mut t_ours) = (Vec::new(), Vec::new());
    for _ in 0..opts.reps {
        for (argv, times) in [(&llvm_argv, &mut t_llvm), (&ours_argv, &mut t_ours)] {
            match timer.exec(argv, dir, Some(TIMEOUT)) {
                Ok(o) if o.success() => times.push(o.wall),
                Ok(o) => {
                    row.error = Some(format!("{:?} failed: {}", argv[0], o.failure(Some(TIMEOUT))));
                    return row;
                }
                Err(e) => {
                    row.error = Some(e);
                    return row;
                }
            }
        }
    }
    row.time_llvm = median(&t_llvm);
    row.time_ours = median(&t_ours);
    row.static_llvm = fs::read_to_string(&llvm_out).map(|t| count_instructions(&t)).unwrap_or(0);
    row.static_ours = fs::read_to_string(&ours_out).map(|t| count_instructions(&t)).unwrap_or(0);
    let mut problems = Vec::new();
    for (who, out, slot) in
        [("opt-19", &llvm_out, &mut row.exec_llvm), ("irplay", &ours_out, &mut row.exec_ours)]
    {
        let argv =
            vec![irplay.as_os_str().to_owned(), os("run"), os("--stats"), out.clone().into()];
        match timer.exec(&argv, dir, Some(TIMEOUT)) {
            Ok(o) => {
                let code = o.status.and_then(|s| s.code());
                if code != Some(want_code) || o.stdout != want_stdout {
                    problems.push(format!(
                        "{who}'s output runs differently from the native program (exit {code:?})"
                    ));
                } else {
                    *slot = executed(&o.stderr);
                    if slot.is_none() {
                        problems.push(format!(
                            "no instruction count from `irplay run --stats` on {who}'s output"
                        ));
                    }
                }
            }
            Err(e) => problems.push(e),
        }
    }
    if !problems.is_empty() {
        row.error = Some(problems.join("; "));
    }
    row
}

/// The text with `optnone` and `noinline` taken out of attribute groups.
pub(crate) fn without_optnone(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.starts_with("attributes #") {
            let kept: Vec<&str> =
                line.split(' ').filter(|w| *w != "optnone" && *w != "noinline").collect();
            out.push_str(&kept.join(" "));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// Instructions in function bodies: indented lines between `define ... {` and `}`, without
/// debug records and comments.
fn count_instructions(text: &str) -> usize {
    let mut inside = false;
    let mut n = 0;
    for line in text.lines() {
        if line.starts_with("define ") {
            inside = true;
        } else if line.starts_with('}') {
            inside = false;
        } else if inside && line.starts_with(' ') {
            let t = line.trim_start();
            if !t.is_empty() && !t.starts_with(';') && !t.starts_with("#dbg_") {
                n += 1;
            }
        }
    }
    n
}

/// The count in `irplay: N instructions in ...` (from `irplay run --stats`).
fn executed(stderr: &[u8]) -> Option<u64> {
    let text = String::from_utf8_lossy(stderr);
    let line = text
        .lines()
        .rev()
        .find(|l| l.starts_with("irplay: ") && l.contains(" instructions in "))?;
    line.strip_prefix("irplay: ")?.split(' ').next()?.parse().ok()
}

fn geomean(v: &[f64]) -> Option<f64> {
    let v: Vec<f64> = v.iter().copied().filter(|x| x.is_finite() && *x > 0.0).collect();
    if v.is_empty() {
        return None;
    }
    Some((v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp())
}

fn report(root: &Path, opts: &OptOpts, rows: &[Row], target: &Path) -> ExitCode {
    let good: Vec<&Row> = rows.iter().filter(|r| r.error.is_none()).collect();
    let ratio = |f: &dyn Fn(&Row) -> Option<f64>| {
        geomean(&good.iter().filter_map(|r| f(r)).collect::<Vec<_>>())
    };
    let static_ratio = ratio(&|r| Some(r.static_ours as f64 / r.static_llvm.max(1) as f64));
    let exec_ratio = ratio(&|r| Some(r.exec_ours? as f64 / r.exec_llvm?.max(1) as f64));
    let time_ratio = ratio(&|r| Some(r.time_ours / r.time_llvm));
    println!();
    println!(
        "{:<16} {:>8} {:>8} {:>8} {:>7} {:>12} {:>12} {:>7} {:>8} {:>8} {:>7}",
        "input",
        "static",
        "llvm",
        "ours",
        "ratio",
        "exec llvm",
        "exec ours",
        "ratio",
        "llvm s",
        "ours s",
        "ratio"
    );
    for r in rows {
        if let Some(e) = &r.error {
            println!("{:<16} error: {e}", r.name);
            continue;
        }
        let (el, eo) = (r.exec_llvm.unwrap_or(0), r.exec_ours.unwrap_or(0));
        println!(
            "{:<16} {:>8} {:>8} {:>8} {:>7.2} {:>12} {:>12} {:>7.2} {:>8.3} {:>8.3} {:>7.2}",
            r.name,
            r.static_in,
            r.static_llvm,
            r.static_ours,
            r.static_ours as f64 / r.static_llvm.max(1) as f64,
            el,
            eo,
            eo as f64 / el.max(1) as f64,
            r.time_llvm,
            r.time_ours,
            r.time_ours / r.time_llvm
        );
    }
    let show = |x: Option<f64>| x.map_or("n/a".to_string(), |x| format!("{x:.2}x"));
    let reference = std::iter::once("opt-19 -O2".to_string())
        .chain(opts.llvm_flags.iter().cloned())
        .collect::<Vec<_>>()
        .join(" ");
    println!();
    println!(
        "geomean over {} of {} inputs (ours / {reference}; goals: static <= 1.3x, executed <= 1.3x, time < 1x):",
        good.len(),
        rows.len()
    );
    println!("  static instructions   {}", show(static_ratio));
    println!("  executed instructions {}", show(exec_ratio));
    println!("  pipeline wall time    {}", show(time_ratio));
    let mut json = String::from("{\n");
    let _ = writeln!(json, "  \"pipeline\": {},", json_str(&opts.pipeline));
    let _ = writeln!(json, "  \"reference\": {},", json_str(&reference));
    let _ = writeln!(json, "  \"reps\": {},", opts.reps);
    let _ = writeln!(json, "  \"inputs\": {},", rows.len());
    let _ = writeln!(json, "  \"counted\": {},", good.len());
    for (k, v) in
        [("static_ratio", static_ratio), ("executed_ratio", exec_ratio), ("time_ratio", time_ratio)]
    {
        let _ = writeln!(json, "  \"{k}\": {},", v.map_or("null".to_string(), json_num));
    }
    json.push_str("  \"rows\": [\n");
    for (i, r) in rows.iter().enumerate() {
        let opt_num = |x: Option<u64>| x.map_or("null".to_string(), |x| x.to_string());
        let _ = write!(
            json,
            "    {{\"input\": {}, \"static_in\": {}, \"static_llvm\": {}, \"static_ours\": {}, \"exec_llvm\": {}, \"exec_ours\": {}, \"time_llvm_s\": {}, \"time_ours_s\": {}, \"error\": {}}}",
            json_str(&r.name),
            r.static_in,
            r.static_llvm,
            r.static_ours,
            opt_num(r.exec_llvm),
            opt_num(r.exec_ours),
            json_num(r.time_llvm),
            json_num(r.time_ours),
            r.error.as_deref().map_or("null".to_string(), json_str)
        );
        json.push_str(if i + 1 < rows.len() { ",\n" } else { "\n" });
    }
    json.push_str("  ]\n}\n");
    let out = target.join("bench").join(if opts.quick { "opt-quick.json" } else { "opt.json" });
    match fs::write(&out, json) {
        Ok(()) => eprintln!("xtask: wrote {}", rel(root, &out)),
        Err(e) => eprintln!("xtask: cannot write {}: {e}", out.display()),
    }
    if good.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
