//! `cargo xtask bench bitcode`: reading and writing LLVM bitcode against `llvm-dis-19` and
//! `llvm-as-19`, on the large csmith module of `bench parse`.
//!
//! ```text
//! cargo xtask bench bitcode [--quick] [--reps N] [--no-build] [--regen]
//! ```
//!
//! The module is `bench parse`'s (cached under `target/bench/`), turned into `.bc` by
//! `llvm-as-19`. Timed, tools alternating, with wall time and peak RSS of each child:
//! - read: `irplay fmt M.bc -o /dev/null` (read and print) against `llvm-dis-19 M.bc -o
//!   /dev/null` (goal: at least 3x faster);
//! - load: `irplay check M.bc` against `irplay check M.ll` (bitcode should be the faster form);
//! - write: `irplay fmt M.ll --emit bc -o /dev/null` against `llvm-as-19 M.ll -o /dev/null`;
//! - memory: the peak RSS of `irplay check M.bc` against three times the `.bc` size plus the
//!   module (estimated as the peak RSS of `irplay check M.ll` less the text's size).
//!
//! Each comparison is printed as a ratio (median against median; the memory one is peak over
//! budget, goal at most 1).
//!
//! Writes `target/bench/bitcode.json` (`bitcode-quick.json` with `--quick`).

use crate::bench_parse::{generate, ModuleSpec};
use crate::util::{
    build_irplay, json_num, json_str, mb, rel, repo_root, require_tools, run_alternating,
    target_dir, RssTimer, Tool,
};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::process::{Command, ExitCode};

pub(crate) const USAGE: &str = "\
usage: cargo xtask bench bitcode [OPTIONS]

Times reading and writing bitcode against llvm-dis-19 and llvm-as-19 on the large
csmith module of `bench parse` (cached in target/bench/). Writes
target/bench/bitcode.json (bitcode-quick.json with --quick).

options:
  --quick        a ~3 MB module instead of >= 20 MB (smoke test)
  --reps N       timed repetitions per tool (default 5), tools alternating
  --no-build     do not run `cargo build --release -p irplay` (use the binary as is)
  --regen        regenerate the module even if cached
";

pub(crate) struct BitcodeOpts {
    quick: bool,
    reps: usize,
    build: bool,
    regen: bool,
}

impl BitcodeOpts {
    pub(crate) fn parse(args: &[String]) -> Result<BitcodeOpts, String> {
        let mut o = BitcodeOpts { quick: false, reps: 5, build: true, regen: false };
        let mut it = args.iter();
        while let Some(a) = it.next() {
            match a.as_str() {
                "--quick" => o.quick = true,
                "--no-build" => o.build = false,
                "--regen" => o.regen = true,
                "--reps" => {
                    o.reps = it
                        .next()
                        .and_then(|v| v.parse().ok())
                        .filter(|&n: &usize| n > 0)
                        .ok_or("--reps needs a positive number")?;
                }
                other => return Err(format!("unknown option `{other}`")),
            }
        }
        Ok(o)
    }
}

pub(crate) fn bench_bitcode(opts: &BitcodeOpts) -> ExitCode {
    let root = repo_root();
    let target = target_dir(&root);
    let bench_dir = target.join("bench");
    if !require_tools(&["csmith", "clang-19", "llvm-link-19", "llvm-as-19", "llvm-dis-19"]) {
        return ExitCode::from(2);
    }
    let csmith_inc =
        std::env::var("CSMITH_INCLUDE").unwrap_or_else(|_| "/usr/include/csmith".into());
    let timer = RssTimer::detect();
    let (irplay, status) = build_irplay(&root, &target, opts.build);
    if status != "ok" {
        eprintln!("xtask: irplay is not available ({status})");
        return ExitCode::from(2);
    }
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
    let ll = generation.path.clone();
    let bc = ll.with_extension("bc");
    let stale = fs::metadata(&bc)
        .and_then(|b| Ok(b.modified()? < fs::metadata(&ll)?.modified()?))
        .unwrap_or(true);
    if stale || opts.regen {
        let ok = Command::new("llvm-as-19")
            .arg(&ll)
            .arg("-o")
            .arg(&bc)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            eprintln!("xtask: llvm-as-19 failed on {}", rel(&root, &ll));
            return ExitCode::from(2);
        }
    }
    let ll_bytes = fs::metadata(&ll).map(|m| m.len()).unwrap_or(0);
    let bc_bytes = fs::metadata(&bc).map(|m| m.len()).unwrap_or(0);
    println!(
        "module: {} ({:.1} MB), {} by llvm-as-19 ({:.1} MB); {}",
        rel(&root, &ll),
        mb(ll_bytes),
        rel(&root, &bc),
        mb(bc_bytes),
        generation.summary
    );

    let (l, b, i) = (ll.as_os_str().to_owned(), bc.as_os_str().to_owned(), irplay.into_os_string());
    let null: OsString = "/dev/null".into();
    let mut tools = vec![
        Tool::new(
            "read",
            "irplay fmt M.bc",
            vec![i.clone(), "fmt".into(), b.clone(), "-o".into(), null.clone()],
        ),
        Tool::new(
            "llvm_dis",
            "llvm-dis-19 M.bc",
            vec!["llvm-dis-19".into(), b.clone(), "-o".into(), null.clone()],
        ),
        Tool::new("check_bc", "irplay check M.bc", vec![i.clone(), "check".into(), b.clone()]),
        Tool::new("check_ll", "irplay check M.ll", vec![i.clone(), "check".into(), l.clone()]),
        Tool::new(
            "write",
            "irplay fmt M.ll --emit bc",
            vec![
                i.clone(),
                "fmt".into(),
                l.clone(),
                "--emit".into(),
                "bc".into(),
                "-o".into(),
                null.clone(),
            ],
        ),
        Tool::new(
            "llvm_as",
            "llvm-as-19 M.ll",
            vec!["llvm-as-19".into(), l.clone(), "-o".into(), null],
        ),
    ];
    run_alternating(&mut tools, opts.reps, &timer, &bench_dir, &rel(&root, &bc));

    println!("\n{:<28} {:>10} {:>14}", "tool", "median s", "median RSS MB");
    for t in &tools {
        match (t.median_wall(), t.median_rss_mb()) {
            (Some(w), Some(r)) => println!("{:<28} {:>10.3} {:>14.1}", t.label, w, r),
            _ => println!("{:<28} {:>10}", t.label, "failed"),
        }
    }
    let get = |k: &str| tools.iter().find(|t| t.key == k);
    let ratio = |a: &str, b: &str| Some(get(b)?.median_wall()? / get(a)?.median_wall()?);
    let read_speedup = ratio("read", "llvm_dis");
    let load_speedup = ratio("check_bc", "check_ll");
    let write_speedup = ratio("write", "llvm_as");
    let module_mb =
        get("check_ll").and_then(|t| t.median_rss_mb()).map(|r| (r - mb(ll_bytes)).max(0.0));
    let mem_budget = module_mb.map(|m| 3.0 * mb(bc_bytes) + m);
    let mem = get("check_bc").and_then(|t| t.median_rss_mb());
    let mem_ratio = mem.zip(mem_budget).map(|(m, b)| m / b);
    let show = |x: Option<f64>| x.map_or("n/a".to_string(), |v| format!("{v:.2}"));
    println!();
    println!("read   (llvm-dis-19 / irplay fmt .bc):   {}x  (goal >= 3)", show(read_speedup));
    println!(
        "load   (irplay check .ll / check .bc):   {}x  (bitcode should be > 1)",
        show(load_speedup)
    );
    println!("write  (llvm-as-19 / irplay fmt --emit bc): {}x  (report)", show(write_speedup));
    println!(
        "memory (irplay check .bc peak / budget): {}   (goal <= 1; peak {} MB, budget 3 x {:.1} \
         MB (.bc) + {} MB (module) = {} MB)",
        show(mem_ratio),
        show(mem),
        mb(bc_bytes),
        show(module_mb),
        show(mem_budget)
    );

    let mut json = String::from("{\n");
    let _ = writeln!(json, "  \"module\": {},", json_str(&rel(&root, &ll)));
    let _ = writeln!(json, "  \"ll_bytes\": {ll_bytes},\n  \"bc_bytes\": {bc_bytes},");
    let _ = writeln!(json, "  \"timer\": {},", json_str(timer.describe()));
    json.push_str("  \"tools\": {");
    for (k, t) in tools.iter().enumerate() {
        let _ = write!(
            json,
            "{}\n    {}: {{\"label\": {}, \"median_s\": {}, \"median_rss_mb\": {}, \"error\": {}}}",
            if k == 0 { "" } else { "," },
            json_str(t.key),
            json_str(t.label),
            t.median_wall().map_or("null".into(), json_num),
            t.median_rss_mb().map_or("null".into(), json_num),
            t.error.as_deref().map_or("null".into(), json_str)
        );
    }
    json.push_str("\n  },\n");
    let num = |x: Option<f64>| x.map_or("null".to_string(), json_num);
    let _ = writeln!(json, "  \"read_speedup_vs_llvm_dis\": {},", num(read_speedup));
    let _ = writeln!(
        json,
        "  \"read_goal_met\": {},",
        read_speedup.map_or("null".into(), |r| (r >= 3.0).to_string())
    );
    let _ = writeln!(json, "  \"load_speedup_bc_vs_ll\": {},", num(load_speedup));
    let _ = writeln!(json, "  \"write_speedup_vs_llvm_as\": {},", num(write_speedup));
    let _ = writeln!(
        json,
        "  \"peak_rss_mb\": {},\n  \"memory_budget_mb\": {},\n  \"memory_ratio\": {}",
        num(mem),
        num(mem_budget),
        num(mem_ratio)
    );
    json.push_str("}\n");
    let out = bench_dir.join(if opts.quick { "bitcode-quick.json" } else { "bitcode.json" });
    if let Err(e) = fs::write(&out, json) {
        eprintln!("xtask: cannot write {}: {e}", out.display());
        return ExitCode::from(2);
    }
    println!("\nwrote {}", rel(&root, &out));
    let failed = tools.iter().any(|t| t.error.is_some());
    ExitCode::from(u8::from(failed))
}
