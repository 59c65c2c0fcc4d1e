//! The table, the goal lines and `target/bench/interp.json`.

use super::frames::{self, Row};
use super::kernels::CFLAGS;
use super::runs::{Case, Status, Tool};
use super::{InterpOpts, GOAL, LEVELS};
use crate::util::{json_num, json_str, median, rel, RssTimer};
use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

fn geomean(v: &[f64]) -> Option<f64> {
    (!v.is_empty()).then(|| (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp())
}

fn git_revision(root: &Path) -> Option<String> {
    let out = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(root)
            .stderr(Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
    };
    let head =
        String::from_utf8_lossy(&out(&["rev-parse", "--short", "HEAD"])?.stdout).trim().to_string();
    let dirty = out(&["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|o| !o.stdout.is_empty());
    Some(if dirty { format!("{head} + uncommitted changes") } else { head })
}

fn tool_version(tool: &str) -> String {
    Command::new(tool)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| {
            String::from_utf8_lossy(&o.stdout)
                .lines()
                .find(|l| l.contains("version"))
                .map(|l| l.trim().to_string())
        })
        .unwrap_or_default()
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn report(
    root: &Path,
    opts: &InterpOpts,
    cases: &[Case],
    frames: &[Row],
    irplay_status: &str,
    lli_reps: usize,
    timer: &RssTimer,
    bench_dir: &Path,
) -> u8 {
    let secs = |t: Option<&Tool>| {
        t.filter(|t| t.ok()).map_or("-".to_string(), |t| format!("{:.3}", median(&t.times())))
    };
    let mbs = |t: Option<&Tool>| {
        t.filter(|t| t.ok())
            .map_or("-".to_string(), |t| format!("{:.1}", median(&t.rss()) / 1024.0))
    };
    let mut notes: Vec<String> = Vec::new();
    println!();
    println!(
        "{:<9} {:<3} {:>13} {:>8} {:>9} {:>8} {:>10} {:>9} {:>8} {:>11} {:>9}  notes",
        "kernel",
        "lvl",
        "size",
        "M instr",
        "irplay s",
        "ns/inst",
        "irplay MB",
        "lli s",
        "lli MB",
        "lli/irplay",
        "native s"
    );
    let mut ratios: Vec<(&str, f64)> = Vec::new();
    for c in cases {
        let (ir, lli, nat) = (c.tool("irplay"), c.tool("lli"), c.tool("native"));
        let mut note = Vec::new();
        let mut add_note = |who: &str, t: Option<&Tool>| {
            if let Some(t) = t.filter(|t| t.status != Status::Ok) {
                notes.push(format!(
                    "{} -{} {who}: {}: {}",
                    c.kernel.name,
                    c.level,
                    t.status.name(),
                    t.error.as_deref().unwrap_or("?")
                ));
                note.push(format!("{who} {} [{}]", t.status.name(), notes.len()));
            }
        };
        add_note("irplay", ir);
        add_note("lli", lli);
        add_note("irplay (small)", c.tool("irplay_small"));
        add_note("lli (small)", c.tool("lli_small"));
        if let Some(e) = &c.error {
            notes.push(format!("{} -{}: {e}", c.kernel.name, c.level));
            note.push(format!("error [{}]", notes.len()));
        }
        let ratio = c.ratio();
        let ratio_s = match &ratio {
            Ok((r, s)) => {
                ratios.push((c.level, *r));
                format!("{r:.2}x{}", if *s != c.size { "*" } else { "" })
            }
            Err(_) => "-".into(),
        };
        if let (Some(i), Some(l)) = (c.tool("irplay_small"), c.tool("lli_small")) {
            note.push(format!(
                "at {}={}: irplay {} s, lli {} s",
                c.kernel.size_macro,
                l.size,
                secs(Some(i)),
                secs(Some(l))
            ));
        }
        let ir_ok = ir.filter(|t| t.ok());
        println!(
            "{:<9} {:<3} {:>13} {:>8} {:>9} {:>8} {:>10} {:>9} {:>8} {:>11} {:>9}  {}",
            c.kernel.name,
            c.level,
            format!("{}={}", c.kernel.size_macro, c.size),
            ir_ok
                .and_then(Tool::instructions)
                .map_or("-".into(), |n| format!("{:.1}", n as f64 / 1e6)),
            secs(ir),
            ir_ok.and_then(Tool::ns).map_or("-".into(), |n| format!("{n:.1}")),
            mbs(ir),
            secs(lli),
            mbs(lli),
            ratio_s,
            secs(nat),
            note.join("; ")
        );
    }
    println!();
    println!("irplay s, lli s, native s: median wall time of the process over {} timed run(s) ({lli_reps} for lli); MB: median peak RSS ({})", opts.reps, timer.describe());
    println!("lli/irplay: median times at equal work; * at the small size (lli reached the time limit at the full one)");
    println!("ns/inst: irplay's own `--stats` time (interpretation, without parsing) per executed IR instruction");
    if !notes.is_empty() {
        println!();
        for (i, n) in notes.iter().enumerate() {
            println!("[{}] {n}", i + 1);
        }
    }
    println!();

    let all: Vec<f64> = ratios.iter().map(|r| r.1).collect();
    let total = cases.len();
    let line = |label: &str, v: Option<f64>, goal: bool| match v {
        Some(v) => println!(
            "{label:<58} {v:>7.2}x   {:<12} {}",
            if goal { "(goal >= 20x)" } else { "" },
            if !goal {
                ""
            } else if v >= GOAL {
                "goal met"
            } else {
                "goal missed"
            }
        ),
        None => println!(
            "{label:<58} {:>7}    {}",
            "n/a",
            if goal { "(goal >= 20x) goal not measured" } else { "" }
        ),
    };
    let gm = geomean(&all);
    line(
        &format!("speed: lli-19 time / irplay time, geomean of {} of {total} runs", all.len()),
        gm,
        true,
    );
    let mut per_level = String::new();
    for level in LEVELS {
        let v: Vec<f64> = ratios.iter().filter(|r| r.0 == level).map(|r| r.1).collect();
        let g = geomean(&v);
        line(&format!("       at -{level} ({} runs)", v.len()), g, false);
        let _ = write!(per_level, ", \"geomean_{level}\": {}", g.map_or("null".into(), json_num));
    }
    let met = all.iter().filter(|r| **r >= GOAL).count();
    println!("{:<58} {met:>4} of {}", "       kernel runs meeting the goal", all.len());
    let irplay_bad: Vec<String> = cases
        .iter()
        .filter(|c| {
            c.error.is_some()
                || ["irplay", "irplay_small"]
                    .iter()
                    .any(|k| c.tool(k).is_some_and(|t| t.status != Status::Ok))
                || (irplay_status == "ok" && c.tool("irplay").is_none())
        })
        .map(|c| format!("{} -{}", c.kernel.name, c.level))
        .collect();
    let lli_bad: Vec<String> = cases
        .iter()
        .filter(|c| c.tool("lli").is_some_and(|t| t.status != Status::Ok))
        .map(|c| format!("{} -{}", c.kernel.name, c.level))
        .collect();
    println!(
        "{:<58} {}",
        "irplay failed or wrong",
        if irplay_bad.is_empty() { "none".to_string() } else { irplay_bad.join(", ") }
    );
    println!(
        "{:<58} {}",
        "lli could not run (see notes)",
        if lli_bad.is_empty() { "none".to_string() } else { lli_bad.join(", ") }
    );

    frames::print(frames);

    // JSON, by hand (std only).
    let list = |v: &[String]| v.iter().map(|s| json_str(s)).collect::<Vec<_>>().join(", ");
    let mut j = String::new();
    let _ = writeln!(j, "{{");
    let _ = writeln!(j, "  \"benchmark\": \"interp\",");
    let _ = writeln!(j, "  \"mode\": \"{}\",", if opts.quick { "quick" } else { "full" });
    let _ = writeln!(
        j,
        "  \"reps\": {}, \"lli_reps\": {lli_reps}, \"timeout_s\": {},",
        opts.reps,
        json_num(opts.timeout.as_secs_f64())
    );
    let _ = writeln!(j, "  \"rss_source\": {},", json_str(timer.describe()));
    let _ = writeln!(j, "  \"irplay_status\": {},", json_str(irplay_status));
    let _ = writeln!(
        j,
        "  \"irplay_revision\": {},",
        git_revision(root).map_or("null".into(), |s| json_str(&s))
    );
    let _ = writeln!(
        j,
        "  \"versions\": {{\"clang\": {}, \"lli\": {}}},",
        json_str(&tool_version("clang-19")),
        json_str(&tool_version("lli-19"))
    );
    let _ = writeln!(j, "  \"cflags\": {},", json_str(&CFLAGS.join(" ")));
    let _ = writeln!(j, "  \"kernels\": [");
    for (n, c) in cases.iter().enumerate() {
        let k = c.kernel;
        let _ = writeln!(
            j,
            "    {{\"kernel\": {}, \"level\": \"{}\", \"what\": {},",
            json_str(k.name),
            c.level,
            json_str(k.what)
        );
        let _ = writeln!(
            j,
            "     \"source\": \"benches/kernels/{}.c\", \"size_macro\": \"{}\", \"size\": {}, \"small_size\": {}, \"ll\": {},",
            k.name,
            k.size_macro,
            c.size,
            k.small,
            c.ll.as_deref().map_or("null".into(), json_str)
        );
        if let Some(e) = &c.error {
            let _ = writeln!(j, "     \"error\": {},", json_str(e));
        }
        for t in &c.tools {
            let _ = writeln!(j, "     \"{}\": {},", t.key, t.json(root));
        }
        let r = match c.ratio() {
            Ok((r, s)) => format!(
                "{{\"value\": {}, \"size\": {s}, \"goal\": \">= {GOAL}\", \"goal_met\": {}}}",
                json_num(r),
                r >= GOAL
            ),
            Err(e) => format!("{{\"value\": null, \"why\": {}}}", json_str(&e)),
        };
        let _ = writeln!(
            j,
            "     \"ratio_lli_over_irplay\": {r}}}{}",
            if n + 1 < cases.len() { "," } else { "" }
        );
    }
    let _ = writeln!(j, "  ],");
    let _ = writeln!(
        j,
        "  \"summary\": {{\"geomean_ratio_lli_over_irplay\": {}, \"goal\": \">= {GOAL}\", \"goal_met\": {}, \"ratios\": {}, \"runs\": {total}, \"runs_meeting_goal\": {met}{per_level},\n    \"irplay_failed\": [{}], \"lli_failed\": [{}]}},",
        gm.map_or("null".into(), json_num),
        gm.map_or("null".into(), |g| (g >= GOAL).to_string()),
        all.len(),
        list(&irplay_bad),
        list(&lli_bad)
    );
    let rows: Vec<String> = frames.iter().map(Row::json).collect();
    let _ = writeln!(j, "  \"frames\": [{}]", rows.join(", "));
    let _ = writeln!(j, "}}");
    let json_path = bench_dir.join(if opts.quick { "interp-quick.json" } else { "interp.json" });
    match fs::write(&json_path, j) {
        Ok(()) => println!("\nwrote {}", rel(root, &json_path)),
        Err(e) => eprintln!("xtask: cannot write {}: {e}", rel(root, &json_path)),
    }

    // A benchmark, not a test: missed goals and lli's failures still exit 0.
    if cases.iter().any(|c| c.error.is_some() || c.tool("native").is_some_and(|t| !t.ok())) {
        1
    } else if irplay_status != "ok" || !irplay_bad.is_empty() {
        3
    } else {
        0
    }
}
