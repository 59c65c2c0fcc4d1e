//! `cargo xtask bench wasm`: the wasm32 code generator on the C kernels of
//! `benches/kernels/` (the ones of `bench interp`, at larger sizes).
//!
//! ```text
//! cargo xtask bench wasm [--quick] [--reps N] [--timeout S] [--only K1,K2]
//!                        [--no-build] [--regen]
//! ```
//!
//! Per kernel: clang-19 -O2 makes the native program and the x86-64 LLVM IR
//! (`-S -emit-llvm`; our lowering follows the module's data layout). Then,
//! after one untimed check run each (stdout and exit status of `irplay run
//! --engine wasm` must equal the native program's), alternating timed runs of:
//!
//! - `irplay build --target wasm32` (our compile: parse, verify, lower, emit),
//! - `llc-19 -O2 -mtriple=wasm32 -filetype=obj` on the same IR (LLVM's wasm
//!   backend; the x86-64 IR is retargeted by the triple, which llc accepts
//!   with a note about the `x86-64` CPU attribute),
//! - `irplay run --engine wasm` (compile, wasmtime's compile, run),
//! - the native program.
//!
//! Reported per kernel: outputs equal, wasm/native time ratio (minimum times),
//! our compile time against llc's, compile time per 1,000 IR instructions; and
//! the geometric means. Every time is the wall time of the tool's own process,
//! from its start to its exit (no memory is reported, so no `time` wrapper adds
//! its own start-up to the short compile runs). JSON in `target/bench/wasm.json` (`wasm-quick.json`
//! with --quick).

use crate::bench_interp::kernels::{self, compile, Kernel, KERNELS};
use crate::util::{build_irplay, have, json_num, json_str, rel, repo_root, target_dir, Outcome};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

pub(crate) const USAGE: &str = "\
usage: cargo xtask bench wasm [OPTIONS]

Compiles the C kernels of benches/kernels/ with clang-19 -O2 (native program
and x86-64 LLVM IR, into target/bench/wasm/), then times `irplay build --target
wasm32` against `llc-19 -O2 -mtriple=wasm32 -filetype=obj` on the same IR, and
`irplay run --engine wasm` (wasmtime) against the native program, checking that
their outputs are equal. Writes target/bench/wasm.json (wasm-quick.json with
--quick).

options:
  --quick          the kernels' interpreter sizes and 1 timed run (smoke test)
  --reps N         timed runs per tool after one untimed check run (default 3)
  --timeout S      time limit of every run in seconds (default 60)
  --only K1,K2     only these kernels
  --no-build       do not run `cargo build --release -p irplay` (use the binary as is)
  --regen          recompile the kernels even if cached
";

/// The size macro's value per kernel for this benchmark: about 0.1-1 s of the
/// native program (the interpreter sizes of `bench interp` are too small to time
/// compiled code).
const SIZES: &[(&str, u64)] = &[
    ("arrays", 12800),
    ("intmath", 800_000),
    ("nbody", 4_000_000),
    ("mandel", 1500),
    ("fib", 39),
    ("dispatch", 40_000_000),
    ("sort", 1_600_000),
    ("strings", 300_000),
];

pub(crate) struct WasmOpts {
    quick: bool,
    reps: usize,
    timeout: Duration,
    only: Vec<String>,
    build: bool,
    regen: bool,
}

impl WasmOpts {
    pub(crate) fn parse(args: &[String]) -> Result<WasmOpts, String> {
        let mut o = WasmOpts {
            quick: false,
            reps: 3,
            timeout: Duration::from_secs(60),
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
                "--reps" => {
                    let v = value(a)?;
                    let n: usize = v.parse().map_err(|_| format!("bad --reps value `{v}`"))?;
                    if n == 0 {
                        return Err("--reps must be at least 1".into());
                    }
                    o.reps = n;
                    reps_given = true;
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

/// One timed command.
pub(crate) struct Timed {
    pub(crate) name: &'static str,
    pub(crate) argv: Vec<OsString>,
    /// Wall seconds of the successful runs.
    pub(crate) times: Vec<f64>,
    /// CPU seconds (user + system) of the same runs.
    pub(crate) cpu: Vec<f64>,
    pub(crate) error: Option<String>,
}

impl Timed {
    pub(crate) fn new(name: &'static str, argv: Vec<OsString>) -> Timed {
        Timed { name, argv, times: Vec::new(), cpu: Vec::new(), error: None }
    }

    /// Runs once; records the time of a successful run (exit status in `ok`).
    pub(crate) fn step(
        &mut self,
        dir: &Path,
        timeout: Duration,
        ok: &dyn Fn(i32) -> bool,
    ) -> Option<(i32, Vec<u8>)> {
        let o = self.run(dir, timeout, ok)?;
        Some((o.status.and_then(|s| s.code())?, o.stdout))
    }

    /// [`Timed::step`], returning the whole outcome of a successful run.
    pub(crate) fn run(
        &mut self,
        dir: &Path,
        timeout: Duration,
        ok: &dyn Fn(i32) -> bool,
    ) -> Option<Outcome> {
        if self.error.is_some() {
            return None;
        }
        match exec(&self.argv, dir, timeout) {
            Ok(o) => match o.status.and_then(|s| s.code()) {
                Some(code) if ok(code) => {
                    self.times.push(o.wall);
                    self.cpu.push(o.cpu);
                    Some(o)
                }
                _ => {
                    self.error = Some(o.failure(Some(timeout)));
                    None
                }
            },
            Err(e) => {
                self.error = Some(e);
                None
            }
        }
    }

    fn min(&self) -> Option<f64> {
        (!self.times.is_empty()).then(|| crate::util::min(&self.times))
    }

    /// The least CPU time of the successful runs.
    pub(crate) fn min_cpu(&self) -> Option<f64> {
        (!self.cpu.is_empty()).then(|| crate::util::min(&self.cpu))
    }
}

/// Runs `argv` once in `dir` with its output in files there, timing its process from
/// spawn to exit (wall time, and its CPU time from the usage of reaped children), and kills
/// it after `timeout` (a watchdog thread started before the clock).
pub(crate) fn exec(argv: &[OsString], dir: &Path, timeout: Duration) -> Result<Outcome, String> {
    let (out_path, err_path) = (dir.join(".child.stdout"), dir.join(".child.stderr"));
    let create =
        |p: &Path| fs::File::create(p).map_err(|e| format!("cannot create {}: {e}", p.display()));
    let (program, args) = argv.split_first().ok_or("an empty command")?;
    let mut cmd = Command::new(program);
    cmd.args(args).stdin(Stdio::null()).stdout(create(&out_path)?).stderr(create(&err_path)?);
    // The watchdog sleeps until the time limit or the end of the run, whichever is first
    // (it does not wake up while the child starts).
    let pid = Arc::new(AtomicU32::new(0));
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let watched = Arc::clone(&pid);
    let watchdog = std::thread::spawn(move || {
        if done_rx.recv_timeout(timeout).is_ok() {
            return false;
        }
        match watched.load(Ordering::SeqCst) {
            0 => false,
            pid => Command::new("kill").args(["-KILL", &pid.to_string()]).status().is_ok(),
        }
    });
    let cpu_before = crate::util::children_cpu();
    let start = Instant::now();
    let spawned = cmd.spawn();
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => {
            let _ = done_tx.send(());
            let _ = watchdog.join();
            return Err(format!("cannot run {}: {e}", program.to_string_lossy()));
        }
    };
    pid.store(child.id(), Ordering::SeqCst);
    let status = child.wait();
    let wall = start.elapsed().as_secs_f64();
    let cpu = crate::util::children_cpu() - cpu_before;
    let _ = done_tx.send(());
    let timed_out = watchdog.join().unwrap_or(false);
    let status = status.map_err(|e| e.to_string())?;
    let (stdout, stderr) =
        (fs::read(&out_path).unwrap_or_default(), fs::read(&err_path).unwrap_or_default());
    for p in [&out_path, &err_path] {
        let _ = fs::remove_file(p);
    }
    Ok(Outcome {
        wall,
        cpu,
        rss_kb: 0,
        status: (!timed_out).then_some(status),
        stdout,
        stderr,
        time_note: None,
    })
}

/// The result for one kernel.
struct Row {
    kernel: &'static str,
    size: u64,
    ir_insts: usize,
    same_output: Option<bool>,
    tools: Vec<Timed>,
    error: Option<String>,
}

impl Row {
    fn min(&self, name: &str) -> Option<f64> {
        self.tools.iter().find(|t| t.name == name).and_then(Timed::min)
    }
    fn ratio(&self, a: &str, b: &str) -> Option<f64> {
        Some(self.min(a)? / self.min(b)?)
    }
}

/// Instructions of the function bodies of a textual module (lines inside
/// `define ... {` ... `}` that are neither labels nor comments).
pub(crate) fn count_ir_instructions(text: &str) -> usize {
    let mut inside = false;
    let mut n = 0;
    for line in text.lines() {
        let t = line.trim();
        if !inside {
            inside = line.starts_with("define ") && t.ends_with('{');
            continue;
        }
        if line.starts_with('}') {
            inside = false;
        } else if !t.is_empty()
            && !t.starts_with(';')
            && !t.split_whitespace().next().is_some_and(|w| w.ends_with(':'))
        {
            n += 1;
        }
    }
    n
}

pub(crate) fn geomean(v: &[f64]) -> Option<f64> {
    let v: Vec<f64> = v.iter().copied().filter(|x| x.is_finite() && *x > 0.0).collect();
    (!v.is_empty()).then(|| (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp())
}

pub(crate) fn bench_wasm(opts: &WasmOpts) -> ExitCode {
    let root = repo_root();
    let target = target_dir(&root);
    let bench_dir = target.join("bench");
    let dir = bench_dir.join("wasm");
    for t in ["clang-19", "llc-19"] {
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
    let kernels: Vec<&'static Kernel> = KERNELS
        .iter()
        .filter(|k| opts.only.is_empty() || opts.only.iter().any(|o| o == k.name))
        .collect();
    eprintln!(
        "xtask: {} kernels; per tool 1 check run + {} timed runs, alternating; time limit {:.0} s",
        kernels.len(),
        opts.reps,
        opts.timeout.as_secs_f64()
    );
    let mut rows = Vec::new();
    for &k in &kernels {
        let size = if opts.quick {
            k.full
        } else {
            SIZES.iter().find(|(n, _)| *n == k.name).map_or(k.full, |s| s.1)
        };
        eprintln!("xtask: {} ({}={size})", k.name, k.size_macro);
        rows.push(run_kernel(&root, &dir, &irplay, k, size, opts));
    }
    let json = report(&root, opts, &rows);
    let name = if opts.quick { "wasm-quick.json" } else { "wasm.json" };
    let out = bench_dir.join(name);
    if let Err(e) = fs::write(&out, json) {
        eprintln!("xtask: cannot write {}: {e}", rel(&root, &out));
        return ExitCode::from(2);
    }
    eprintln!("xtask: wrote {}", rel(&root, &out));
    let failed = rows.iter().any(|r| r.error.is_some() || r.same_output != Some(true));
    ExitCode::from(u8::from(failed))
}

fn run_kernel(
    root: &Path,
    dir: &Path,
    irplay: &Path,
    k: &'static Kernel,
    size: u64,
    opts: &WasmOpts,
) -> Row {
    let mut row = Row {
        kernel: k.name,
        size,
        ir_insts: 0,
        same_output: None,
        tools: Vec::new(),
        error: None,
    };
    let built = compile(root, dir, k, size, "native", opts.regen)
        .and_then(|n| compile(root, dir, k, size, "O2", opts.regen).map(|l| (n, l)));
    let (native, ll): (PathBuf, PathBuf) = match built {
        Ok(x) => x,
        Err(e) => {
            eprintln!("xtask: {}: {e}", k.name);
            row.error = Some(e);
            return row;
        }
    };
    row.ir_insts = count_ir_instructions(&fs::read_to_string(&ll).unwrap_or_default());
    let wasm = dir.join(format!("{}-{size}.wasm", k.name));
    let obj = dir.join(format!("{}-{size}.llc.o", k.name));
    let os = |s: &str| OsString::from(s);
    row.tools = vec![
        Timed::new(
            "irplay_build",
            vec![
                irplay.as_os_str().to_owned(),
                os("build"),
                os("--target"),
                os("wasm32"),
                os("-o"),
                wasm.into_os_string(),
                ll.clone().into_os_string(),
            ],
        ),
        Timed::new(
            "llc",
            vec![
                os("llc-19"),
                os("-O2"),
                os("-mtriple=wasm32"),
                os("-filetype=obj"),
                os("-o"),
                obj.into_os_string(),
                ll.clone().into_os_string(),
            ],
        ),
        Timed::new(
            "wasm_run",
            vec![
                irplay.as_os_str().to_owned(),
                os("run"),
                os("--engine"),
                os("wasm"),
                ll.into_os_string(),
            ],
        ),
        Timed::new("native", vec![native.into_os_string()]),
    ];
    let any = |_: i32| true;
    let zero = |c: i32| c == 0;
    // Check run: the native program's status and stdout are the reference.
    let mut results: Vec<Option<(i32, Vec<u8>)>> = Vec::new();
    for t in row.tools.iter_mut() {
        let ok: &dyn Fn(i32) -> bool =
            if matches!(t.name, "wasm_run" | "native") { &any } else { &zero };
        results.push(t.step(dir, opts.timeout, ok));
        t.times.clear();
    }
    row.same_output = match (&results[3], &results[2]) {
        (Some(n), Some(w)) => Some(n == w),
        _ => None,
    };
    if row.same_output == Some(false) {
        eprintln!("xtask: {}: `irplay run --engine wasm` differs from the native program", k.name);
    }
    let want = results[3].as_ref().map(|r| r.0);
    for _ in 0..opts.reps {
        for t in row.tools.iter_mut() {
            let same = |c: i32| want == Some(c);
            let ok: &dyn Fn(i32) -> bool =
                if matches!(t.name, "wasm_run" | "native") { &same } else { &zero };
            t.step(dir, opts.timeout, ok);
        }
    }
    for t in &row.tools {
        if let Some(e) = &t.error {
            eprintln!("xtask: {} {}: {e}", k.name, t.name);
        }
    }
    row
}

fn report(root: &Path, opts: &WasmOpts, rows: &[Row]) -> String {
    let per_k = |r: &Row, name: &str| {
        let n = r.ir_insts as f64 / 1000.0;
        r.min(name).filter(|_| n > 0.0).map(|t| t * 1000.0 / n)
    };
    println!(
        "{:<9} {:>7} {:>5} {:>9} {:>9} {:>6} {:>9} {:>9} {:>6} {:>10} {:>10}",
        "kernel",
        "ir",
        "same",
        "native s",
        "wasm s",
        "w/n",
        "ours ms",
        "llc ms",
        "o/llc",
        "ours ms/k",
        "llc ms/k"
    );
    let f = |x: Option<f64>, scale: f64, prec: usize| {
        x.map_or("-".to_string(), |v| format!("{:.*}", prec, v * scale))
    };
    let mut json = String::from("{\n");
    let _ = writeln!(json, "  \"bench\": \"wasm\",");
    let _ = writeln!(json, "  \"quick\": {},", opts.quick);
    let _ = writeln!(json, "  \"reps\": {},", opts.reps);
    let _ = writeln!(
        json,
        "  \"note\": {},",
        json_str("times are minima of wall seconds over the timed runs; wasm_run is `irplay run --engine wasm` (our compile + wasmtime compile + run); ir_instructions counts the instructions of the clang-19 -O2 x86-64 IR; llc is llc-19 -O2 -mtriple=wasm32 -filetype=obj on that same IR")
    );
    json.push_str("  \"kernels\": [\n");
    for (i, r) in rows.iter().enumerate() {
        println!(
            "{:<9} {:>7} {:>5} {:>9} {:>9} {:>6} {:>9} {:>9} {:>6} {:>10} {:>10}",
            r.kernel,
            r.ir_insts,
            match r.same_output {
                Some(true) => "yes",
                Some(false) => "NO",
                None => "?",
            },
            f(r.min("native"), 1.0, 3),
            f(r.min("wasm_run"), 1.0, 3),
            f(r.ratio("wasm_run", "native"), 1.0, 2),
            f(r.min("irplay_build"), 1000.0, 1),
            f(r.min("llc"), 1000.0, 1),
            f(r.ratio("irplay_build", "llc"), 1.0, 2),
            f(per_k(r, "irplay_build"), 1.0, 2),
            f(per_k(r, "llc"), 1.0, 2),
        );
        let mut o = String::from("    {");
        let _ = write!(o, "\"kernel\": {}, ", json_str(r.kernel));
        let _ = write!(o, "\"size\": {}, ", r.size);
        let _ = write!(o, "\"ir_instructions\": {}, ", r.ir_insts);
        let _ = write!(
            o,
            "\"same_output\": {}, ",
            r.same_output.map_or("null".into(), |b| b.to_string())
        );
        for t in &r.tools {
            let _ = write!(o, "\"{}_s\": {}, ", t.name, t.min().map_or("null".into(), json_num));
            let _ = write!(
                o,
                "\"{}_argv\": {}, ",
                t.name,
                json_str(&crate::util::show_argv(root, &t.argv))
            );
            if let Some(e) = &t.error {
                let _ = write!(o, "\"{}_error\": {}, ", t.name, json_str(e));
            }
        }
        let num = |x: Option<f64>| x.map_or("null".into(), json_num);
        let _ = write!(o, "\"wasm_over_native\": {}, ", num(r.ratio("wasm_run", "native")));
        let _ = write!(o, "\"compile_over_llc\": {}, ", num(r.ratio("irplay_build", "llc")));
        let _ = write!(o, "\"compile_ms_per_kinst\": {}, ", num(per_k(r, "irplay_build")));
        let _ = write!(o, "\"llc_ms_per_kinst\": {}, ", num(per_k(r, "llc")));
        let _ = write!(o, "\"error\": {}}}", r.error.as_deref().map_or("null".into(), json_str));
        json.push_str(&o);
        json.push_str(if i + 1 < rows.len() { ",\n" } else { "\n" });
    }
    json.push_str("  ],\n");
    let collect =
        |g: &dyn Fn(&Row) -> Option<f64>| -> Vec<f64> { rows.iter().filter_map(g).collect() };
    let g_run = geomean(&collect(&|r| r.ratio("wasm_run", "native")));
    let g_cc = geomean(&collect(&|r| r.ratio("irplay_build", "llc")));
    let g_ours = geomean(&collect(&|r| per_k(r, "irplay_build")));
    let g_llc = geomean(&collect(&|r| per_k(r, "llc")));
    println!(
        "geomean: wasm/native {}, our compile/llc {}, ms per 1,000 IR instructions: ours {}, llc {}",
        f(g_run, 1.0, 2),
        f(g_cc, 1.0, 2),
        f(g_ours, 1.0, 2),
        f(g_llc, 1.0, 2)
    );
    let num = |x: Option<f64>| x.map_or("null".into(), json_num);
    let _ = writeln!(
        json,
        "  \"geomean\": {{\"wasm_over_native\": {}, \"compile_over_llc\": {}, \"compile_ms_per_kinst\": {}, \"llc_ms_per_kinst\": {}}}",
        num(g_run),
        num(g_cc),
        num(g_ours),
        num(g_llc)
    );
    json.push_str("}\n");
    json
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_instructions_not_labels() {
        let text = "define i32 @f(i32 %x) {\nentry:\n  %a = add i32 %x, 1 ; c\n  ; only a comment\n  br label %b\n\nb:                                                ; preds = %entry\n  ret i32 %a\n}\ndeclare void @g()\n";
        assert_eq!(count_ir_instructions(text), 3);
    }

    #[test]
    fn geomean_of_ratios() {
        assert_eq!(geomean(&[]), None);
        let g = geomean(&[2.0, 8.0]).unwrap_or(0.0);
        assert!((g - 4.0).abs() < 1e-9);
    }
}
