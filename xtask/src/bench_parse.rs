//! `cargo xtask bench parse`: `irplay check` against `opt-19 -passes=verify`
//! and `llvm-as-19` on one large module generated from csmith programs.
//!
//! ```text
//! cargo xtask bench parse [--quick] [--reps N] [--no-llvm-as] [--no-build] [--regen]
//! ```
//!
//! It builds `irplay` in release, generates (once, cached under
//! `target/bench/`) one large LLVM 19 module out of many csmith programs, and
//! times `irplay check` against `opt-19 -passes=verify` (and `llvm-as-19`),
//! reporting wall time and peak RSS of each child process.

use crate::util::{
    build_irplay, child_failure, json_num, json_str, mb, median, min, rel, repo_root,
    require_tools, run_alternating, show_argv, target_dir, RssTimer, Tool,
};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

pub(crate) const USAGE: &str = "\
usage: cargo xtask bench parse [OPTIONS]

Times `irplay check` (parse + verify) against `opt-19 -passes=verify` and
`llvm-as-19` on one large module generated from csmith programs (cached in
target/bench/). Writes target/bench/parse.json (parse-quick.json with --quick).

options:
  --quick        a ~3 MB module instead of >= 20 MB (smoke test)
  --reps N       timed repetitions per tool (default 5), tools alternating
  --no-llvm-as   do not time llvm-as-19 (second reference)
  --no-build     do not run `cargo build --release -p irplay` (use the binary as is)
  --regen        regenerate the module even if cached
";

// ---------------------------------------------------------------------------
// Options
// ---------------------------------------------------------------------------

pub(crate) struct BenchOpts {
    quick: bool,
    reps: usize,
    llvm_as: bool,
    build: bool,
    regen: bool,
}

impl BenchOpts {
    pub(crate) fn parse(args: &[String]) -> Result<BenchOpts, String> {
        let mut o = BenchOpts { quick: false, reps: 5, llvm_as: true, build: true, regen: false };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "--quick" => o.quick = true,
                "--no-llvm-as" => o.llvm_as = false,
                "--no-build" => o.build = false,
                "--regen" => o.regen = true,
                "--reps" => {
                    let v = it.next().ok_or("--reps needs a value")?;
                    o.reps = v.parse().map_err(|_| format!("bad --reps value `{v}`"))?;
                    if o.reps == 0 {
                        return Err("--reps must be at least 1".into());
                    }
                }
                "-h" | "--help" => {
                    print!("{USAGE}");
                    std::process::exit(0);
                }
                other => return Err(format!("unknown argument `{other}`")),
            }
        }
        Ok(o)
    }
}

// ---------------------------------------------------------------------------
// bench parse
// ---------------------------------------------------------------------------

pub(crate) fn bench_parse(opts: &BenchOpts) -> ExitCode {
    let root = repo_root();
    let target = target_dir(&root);
    let bench_dir = target.join("bench");

    if !require_tools(&["csmith", "clang-19", "llvm-link-19", "llvm-as-19", "opt-19", "timeout"]) {
        return ExitCode::from(2);
    }
    let csmith_inc =
        std::env::var("CSMITH_INCLUDE").unwrap_or_else(|_| "/usr/include/csmith".into());
    if !Path::new(&csmith_inc).join("csmith.h").exists() {
        eprintln!(
            "xtask: {csmith_inc}/csmith.h not found (install libcsmith-dev, or set CSMITH_INCLUDE)"
        );
        return ExitCode::from(2);
    }
    let timer = RssTimer::detect();
    if let RssTimer::Poll = timer {
        eprintln!("xtask: warning: GNU time not found (apt-get install time, or use scripts/bench.sh); peak RSS is sampled from /proc/PID/status VmHWM and may be low");
    }

    // 1. Build irplay.
    let (irplay, mut irplay_status) = build_irplay(&root, &target, opts.build);
    if irplay_status != "ok" {
        eprintln!("xtask: warning: irplay is not available ({irplay_status}); timing the reference tools only");
    }

    // 2. The module.
    let spec = if opts.quick {
        ModuleSpec { name: "quick", target_bytes: 3 << 20 }
    } else {
        ModuleSpec { name: "big", target_bytes: 20 << 20 }
    };
    let generation = match generate(&root, &bench_dir, &spec, &csmith_inc, opts.regen) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("xtask: generating the module failed: {e}");
            return ExitCode::from(2);
        }
    };
    let module = generation.path.clone();
    let module_rel = rel(&root, &module);
    let stats = match file_stats(&module) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("xtask: cannot read {module_rel}: {e}");
            return ExitCode::from(2);
        }
    };
    println!(
        "module: {module_rel}: {:.1} MB ({} bytes), {} lines, {} functions defined, ~{} instructions\n        \
         (instruction count approximated as lines indented by exactly two spaces that are not comments)",
        mb(stats.bytes),
        stats.bytes,
        stats.lines,
        stats.defines,
        stats.insts
    );
    if generation.cached {
        println!("        cached; {}", generation.summary);
    } else {
        println!("        generated: {}", generation.summary);
    }

    // 3. Measure, alternating the tools.
    let m = module.as_os_str().to_owned();
    let mut tools: Vec<Tool> = Vec::new();
    if irplay_status == "ok" {
        tools.push(Tool::new(
            "irplay",
            "irplay check",
            vec![irplay.clone().into_os_string(), "check".into(), m.clone()],
        ));
    }
    tools.push(Tool::new(
        "opt",
        "opt-19 -passes=verify",
        vec!["opt-19".into(), "-passes=verify".into(), "-disable-output".into(), m.clone()],
    ));
    if opts.llvm_as {
        tools.push(Tool::new(
            "llvm_as",
            "llvm-as-19",
            vec!["llvm-as-19".into(), m.clone(), "-o".into(), "/dev/null".into()],
        ));
    }
    run_alternating(&mut tools, opts.reps, &timer, &bench_dir, &module_rel);
    if let Some(t) = tools.iter().find(|t| t.key == "irplay") {
        if t.error.is_some() {
            irplay_status = "check failed".into();
        }
    }

    // 4. Report.
    let code = report(
        &root,
        opts,
        &spec,
        &stats,
        &module_rel,
        &generation,
        &tools,
        &irplay_status,
        &timer,
        &bench_dir,
    );
    ExitCode::from(code)
}

#[allow(clippy::too_many_arguments)]
fn report(
    root: &Path,
    opts: &BenchOpts,
    spec: &ModuleSpec,
    stats: &FileStats,
    module_rel: &str,
    generation: &Generation,
    tools: &[Tool],
    irplay_status: &str,
    timer: &RssTimer,
    bench_dir: &Path,
) -> u8 {
    println!();
    println!(
        "{:<24} {:>10} {:>10} {:>16} {:>14}",
        "tool", "median s", "min s", "median RSS MB", "min RSS MB"
    );
    for t in tools {
        if t.ok() {
            println!(
                "{:<24} {:>10.3} {:>10.3} {:>16.1} {:>14.1}",
                t.label,
                median(&t.times()),
                min(&t.times()),
                median(&t.rss()) / 1024.0,
                min(&t.rss()) / 1024.0
            );
        } else {
            println!("{:<24} {:>10}", t.label, "failed");
        }
    }
    if irplay_status != "ok" {
        println!("{:<24} {:>10}   ({irplay_status})", "irplay check", "n/a");
    }
    println!();

    let get = |k: &str| tools.iter().find(|t| t.key == k && t.ok());
    let irplay = get("irplay");
    let opt = get("opt");
    let llvm_as = get("llvm_as");
    let verdict = |met: bool| if met { "goal met" } else { "goal missed" };

    let mut ratios = String::new();
    let mut add_ratio = |name: &str, value: Option<f64>, goal: Option<(&str, f64)>| {
        let v = value.map_or("null".to_string(), json_num);
        let _ = write!(
            ratios,
            "{}\n    \"{name}\": {{\"value\": {v}",
            if ratios.is_empty() { "" } else { "," }
        );
        if let Some((op, g)) = goal {
            let met = value.map(|x| if op == ">=" { x >= g } else { x <= g });
            let _ = write!(
                ratios,
                ", \"goal\": \"{op} {g}\", \"goal_met\": {}",
                met.map_or("null".to_string(), |m| m.to_string())
            );
        }
        ratios.push('}');
    };

    let speed = match (irplay, opt) {
        (Some(i), Some(o)) => Some(median(&o.times()) / median(&i.times())),
        _ => None,
    };
    let memory = irplay.map(|i| median(&i.rss()) * 1024.0 / stats.bytes as f64);
    let rss_vs_opt = match (irplay, opt) {
        (Some(i), Some(o)) => Some(median(&i.rss()) / median(&o.rss())),
        _ => None,
    };
    let speed_as = match (irplay, llvm_as) {
        (Some(i), Some(a)) => Some(median(&a.times()) / median(&i.times())),
        _ => None,
    };
    let rss_vs_as = match (irplay, llvm_as) {
        (Some(i), Some(a)) => Some(median(&i.rss()) / median(&a.rss())),
        _ => None,
    };
    let line = |label: &str, v: Option<f64>, goal: &str, met: Option<bool>| match v {
        Some(v) => println!("{label:<46} {v:>6.2}x   {goal:<12} {}", met.map_or("", verdict)),
        None => println!(
            "{label:<46} {:>6}    {goal:<12} {}",
            "n/a",
            if goal.is_empty() { "" } else { "goal not measured" }
        ),
    };
    line("speed:  opt-19 time / irplay time", speed, "(goal >= 3x)", speed.map(|s| s >= 3.0));
    line("memory: irplay peak RSS / file size", memory, "(goal <= 3x)", memory.map(|m| m <= 3.0));
    line("        irplay peak RSS / opt-19 peak RSS", rss_vs_opt, "", None);
    if opts.llvm_as {
        line("        llvm-as-19 time / irplay time", speed_as, "", None);
        line("        irplay peak RSS / llvm-as-19 peak RSS", rss_vs_as, "", None);
    }
    add_ratio("speed_opt_over_irplay", speed, Some((">=", 3.0)));
    add_ratio("memory_irplay_rss_over_file_size", memory, Some(("<=", 3.0)));
    add_ratio("rss_irplay_over_opt", rss_vs_opt, None);
    add_ratio("speed_llvm_as_over_irplay", speed_as, None);
    add_ratio("rss_irplay_over_llvm_as", rss_vs_as, None);

    // JSON, by hand (std only).
    let mut j = String::new();
    let _ = writeln!(j, "{{");
    let _ = writeln!(j, "  \"benchmark\": \"parse\",");
    let _ = writeln!(j, "  \"mode\": \"{}\",", if opts.quick { "quick" } else { "full" });
    let _ = writeln!(j, "  \"module\": {{\"path\": {}, \"bytes\": {}, \"lines\": {}, \"functions\": {}, \"instructions_approx\": {}, \"programs\": {}, \"target_bytes\": {}}},",
        json_str(module_rel), stats.bytes, stats.lines, stats.defines, stats.insts, generation.programs, spec.target_bytes);
    let _ = writeln!(
        j,
        "  \"generation\": {{\"cached\": {}, \"summary\": {}}},",
        generation.cached,
        json_str(&generation.summary)
    );
    let _ = writeln!(j, "  \"reps\": {},", opts.reps);
    let _ = writeln!(j, "  \"rss_source\": {},", json_str(timer.describe()));
    let _ = writeln!(j, "  \"irplay_status\": {},", json_str(irplay_status));
    let _ = writeln!(j, "  \"tools\": {{");
    for (n, t) in tools.iter().enumerate() {
        let _ = write!(
            j,
            "    \"{}\": {{\"command\": {}, ",
            t.key,
            json_str(&show_argv(root, &t.argv))
        );
        if t.ok() {
            let _ = write!(
                j,
                "\"wall_s\": [{}], \"median_s\": {}, \"min_s\": {}, \"peak_rss_kb\": [{}], \"median_rss_kb\": {}, \"min_rss_kb\": {}}}",
                t.times().iter().map(|x| json_num(*x)).collect::<Vec<_>>().join(", "),
                json_num(median(&t.times())),
                json_num(min(&t.times())),
                t.samples.iter().map(|s| s.rss_kb.to_string()).collect::<Vec<_>>().join(", "),
                json_num(median(&t.rss())),
                json_num(min(&t.rss())),
            );
        } else {
            let _ =
                write!(j, "\"error\": {}}}", json_str(t.error.as_deref().unwrap_or("no samples")));
        }
        let _ = writeln!(j, "{}", if n + 1 < tools.len() { "," } else { "" });
    }
    let _ = writeln!(j, "  }},");
    let _ = writeln!(j, "  \"ratios\": {{{ratios}\n  }}");
    let _ = writeln!(j, "}}");
    let json_path = bench_dir.join(if opts.quick { "parse-quick.json" } else { "parse.json" });
    match fs::write(&json_path, j) {
        Ok(()) => println!("\nwrote {}", rel(root, &json_path)),
        Err(e) => eprintln!("xtask: cannot write {}: {e}", rel(root, &json_path)),
    }

    // A benchmark, not a test: missed goals still exit 0; only a run that
    // could not measure irplay (or the references) is an error.
    if tools.iter().any(|t| !t.ok()) {
        1
    } else if irplay_status != "ok" {
        3
    } else {
        0
    }
}

// ---------------------------------------------------------------------------
// The module: csmith programs -> clang-19 -> llvm-link-19
// ---------------------------------------------------------------------------

/// Bump when the recipe changes, so cached files are regenerated, not mixed.
const RECIPE: &str = "v1 csmith --max-funcs 8 | clang-19 -S -emit-llvm -g -O0 (-O2 for every 4th seed) -Dmain=main_N | llvm-link-19 -S";
const CSMITH_ARGS: &[&str] = &["--max-funcs", "8"];
/// Files per first-level llvm-link batch.
const LINK_BATCH: usize = 16;

pub(crate) struct ModuleSpec {
    pub(crate) name: &'static str,
    pub(crate) target_bytes: u64,
}

pub(crate) struct Generation {
    pub(crate) path: PathBuf,
    pub(crate) cached: bool,
    programs: usize,
    pub(crate) summary: String,
}

fn opt_level(seed: usize) -> &'static str {
    if seed.is_multiple_of(4) {
        "-O2"
    } else {
        "-O0"
    }
}

pub(crate) fn generate(
    root: &Path,
    bench_dir: &Path,
    spec: &ModuleSpec,
    csmith_inc: &str,
    regen: bool,
) -> Result<Generation, String> {
    let out = bench_dir.join(format!("{}.ll", spec.name));
    let stamp = bench_dir.join(format!("{}.stamp", spec.name));
    let key = format!("{RECIPE} | target {} bytes", spec.target_bytes);
    if !regen && out.exists() {
        if let Ok(s) = fs::read_to_string(&stamp) {
            let mut lines = s.lines();
            if lines.next() == Some(key.as_str()) {
                let programs = lines.next().and_then(|l| l.parse().ok()).unwrap_or(0);
                let summary = lines.next().unwrap_or("").to_string();
                return Ok(Generation {
                    path: out,
                    cached: true,
                    programs,
                    summary: format!("originally {summary}"),
                });
            }
        }
    }
    let _ = fs::remove_file(&stamp);

    let progs = bench_dir.join("progs");
    fs::create_dir_all(&progs).map_err(|e| format!("cannot create {}: {e}", progs.display()))?;
    let progs_recipe = progs.join(".recipe");
    if fs::read_to_string(&progs_recipe).ok().as_deref() != Some(RECIPE) {
        for e in fs::read_dir(&progs).map_err(|e| e.to_string())?.flatten() {
            let _ = fs::remove_file(e.path());
        }
        fs::write(&progs_recipe, RECIPE).map_err(|e| e.to_string())?;
    }

    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let t0 = Instant::now();
    let mut sizes: Vec<u64> = Vec::new(); // by seed - 1; 0 = skipped
    let mut threshold = spec.target_bytes + spec.target_bytes / 10;
    let mut compiled_now = 0usize;
    let (mut t_compile, mut t_link, mut t_check) = (0.0, 0.0, 0.0);
    loop {
        // Smallest prefix of seeds 1..=k whose programs add up to the threshold.
        let tc = Instant::now();
        let k = loop {
            let mut acc = 0;
            if let Some(k) = sizes.iter().position(|s| {
                acc += s;
                acc >= threshold
            }) {
                break k + 1;
            }
            let first = sizes.len() + 1;
            let round: Vec<usize> = (first..first + 4 * threads).collect();
            let (new_sizes, n_new) = compile_round(&progs, &round, csmith_inc, threads)?;
            compiled_now += n_new;
            sizes.extend(new_sizes);
            if sizes.len() > 20_000 {
                return Err("csmith programs are too small or failing; giving up".into());
            }
        };
        t_compile += tc.elapsed().as_secs_f64();
        eprintln!(
            "xtask: {} programs ({} compiled now), {:.1} MB of .ll; linking",
            sizes[..k].iter().filter(|s| **s > 0).count(),
            compiled_now,
            mb(sizes[..k].iter().sum())
        );

        let files: Vec<PathBuf> =
            (1..=k).filter(|s| sizes[s - 1] > 0).map(|s| progs.join(prog_name(s))).collect();
        let tl = Instant::now();
        let tmp = bench_dir.join(format!("{}.ll.tmp", spec.name));
        link_all(bench_dir, spec.name, &files, &tmp, threads)?;
        t_link += tl.elapsed().as_secs_f64();

        let size = fs::metadata(&tmp).map_err(|e| e.to_string())?.len();
        if size < spec.target_bytes {
            // Linking merged declarations and metadata: ask for more programs.
            threshold = threshold * spec.target_bytes / size.max(1) + spec.target_bytes / 20;
            eprintln!(
                "xtask: linked module is {:.1} MB, below {:.0} MB; adding programs",
                mb(size),
                mb(spec.target_bytes)
            );
            continue;
        }
        let tv = Instant::now();
        let st = Command::new("llvm-as-19")
            .arg(&tmp)
            .args(["-o", "/dev/null"])
            .output()
            .map_err(|e| e.to_string())?;
        t_check += tv.elapsed().as_secs_f64();
        if !st.status.success() {
            return Err(format!(
                "llvm-as-19 rejects the linked module {}: {}",
                rel(root, &tmp),
                child_failure(&st.status, &st.stdout, &st.stderr)
            ));
        }
        fs::rename(&tmp, &out).map_err(|e| e.to_string())?;
        let programs = files.len();
        let summary = format!(
            "{programs} programs, generated in {:.1}s (csmith + clang-19 {t_compile:.1}s for {compiled_now} programs on {threads} threads, llvm-link-19 {t_link:.1}s, llvm-as-19 check {t_check:.1}s)",
            t0.elapsed().as_secs_f64()
        );
        fs::write(&stamp, format!("{key}\n{programs}\n{summary}\n")).map_err(|e| e.to_string())?;
        return Ok(Generation { path: out, cached: false, programs, summary });
    }
}

fn prog_name(seed: usize) -> String {
    format!("p{seed:05}{}.ll", opt_level(seed).trim_start_matches('-'))
}

/// Compiles the given seeds (cached files are reused) on `threads` threads.
/// Returns the .ll size per seed (0 for a seed that failed) and how many were compiled.
fn compile_round(
    progs: &Path,
    seeds: &[usize],
    csmith_inc: &str,
    threads: usize,
) -> Result<(Vec<u64>, usize), String> {
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, u64, bool)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&seed) = seeds.get(i) else { break };
                let r = compile_one(progs, seed, csmith_inc);
                results.lock().unwrap().push((i, r.0, r.1));
            });
        }
    });
    let mut res = results.into_inner().unwrap();
    res.sort();
    let n_new = res.iter().filter(|r| r.2).count();
    Ok((res.into_iter().map(|r| r.1).collect(), n_new))
}

/// One seed: `csmith` then `clang-19`. Returns (size of the .ll or 0, compiled now).
fn compile_one(progs: &Path, seed: usize, csmith_inc: &str) -> (u64, bool) {
    let ll = progs.join(prog_name(seed));
    let skip = progs.join(format!("p{seed:05}.skip"));
    if let Ok(m) = fs::metadata(&ll) {
        return (m.len(), false);
    }
    if skip.exists() {
        return (0, false);
    }
    let c = format!("p{seed:05}.c");
    let fail = |what: &str| {
        eprintln!("xtask: warning: seed {seed}: {what} failed; skipped");
        let _ = fs::write(&skip, what);
        (0, true)
    };
    // Relative names, run from `progs`: csmith writes its command line into
    // the program, and clang records the directory in the debug info.
    let ok = Command::new("timeout")
        .args(["60", "csmith", "--seed", &seed.to_string()])
        .args(CSMITH_ARGS)
        .args(["-o", &c])
        .current_dir(progs)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !ok {
        return fail("csmith");
    }
    let tmp = format!("{}.tmp", prog_name(seed));
    let ok = Command::new("timeout")
        .args([
            "120",
            "clang-19",
            "-S",
            "-emit-llvm",
            "-g",
            opt_level(seed),
            "-w",
            "-fdebug-compilation-dir=.",
        ])
        .arg(format!("-I{csmith_inc}"))
        .arg(format!("-Dmain=main_{seed}"))
        .args([c.as_str(), "-o", tmp.as_str()])
        .current_dir(progs)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    let _ = fs::remove_file(progs.join(&c));
    if !ok || fs::rename(progs.join(&tmp), &ll).is_err() {
        let _ = fs::remove_file(progs.join(&tmp));
        return fail("clang-19");
    }
    (fs::metadata(&ll).map(|m| m.len()).unwrap_or(0), true)
}

/// Links `files` into `out` with llvm-link-19 -S: batches of LINK_BATCH in
/// parallel, then the batches together.
fn link_all(
    bench_dir: &Path,
    name: &str,
    files: &[PathBuf],
    out: &Path,
    threads: usize,
) -> Result<(), String> {
    let parts_dir = bench_dir.join("link");
    fs::create_dir_all(&parts_dir).map_err(|e| e.to_string())?;
    let batches: Vec<&[PathBuf]> = files.chunks(LINK_BATCH).collect();
    let parts: Vec<PathBuf> =
        (0..batches.len()).map(|i| parts_dir.join(format!("{name}-part{i:03}.ll"))).collect();
    let next = AtomicUsize::new(0);
    let errors: Mutex<Vec<String>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(batch) = batches.get(i) else { break };
                if let Err(e) = llvm_link(batch, &parts[i]) {
                    errors.lock().unwrap().push(e);
                }
            });
        }
    });
    if let Some(e) = errors.into_inner().unwrap().into_iter().next() {
        return Err(e);
    }
    let r = llvm_link(&parts, out);
    for p in &parts {
        let _ = fs::remove_file(p);
    }
    let _ = fs::remove_dir(&parts_dir);
    r
}

fn llvm_link(inputs: &[PathBuf], out: &Path) -> Result<(), String> {
    let o = Command::new("llvm-link-19")
        .arg("-S")
        .args(inputs)
        .arg("-o")
        .arg(out)
        .output()
        .map_err(|e| format!("cannot run llvm-link-19: {e}"))?;
    if o.status.success() {
        Ok(())
    } else {
        Err(format!("llvm-link-19 {}", child_failure(&o.status, &o.stdout, &o.stderr)))
    }
}

// ---------------------------------------------------------------------------
// Module statistics
// ---------------------------------------------------------------------------

struct FileStats {
    bytes: u64,
    lines: u64,
    defines: u64,
    insts: u64,
}

/// Approximate counts from the text: an instruction is a line indented by
/// exactly two spaces that is not a comment or the closing `]` of a
/// `switch`/`indirectbr` (whose cases, indented by four, are not counted).
fn file_stats(path: &Path) -> std::io::Result<FileStats> {
    let data = fs::read(path)?;
    let mut s = FileStats { bytes: data.len() as u64, lines: 0, defines: 0, insts: 0 };
    for line in data.split(|&b| b == b'\n') {
        if line.is_empty() {
            continue;
        }
        s.lines += 1;
        if line.starts_with(b"define ") {
            s.defines += 1;
        } else if line.len() > 2
            && line.starts_with(b"  ")
            && !matches!(line[2], b' ' | b';' | b']')
        {
            s.insts += 1;
        }
    }
    Ok(s)
}
