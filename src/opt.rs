//! `irplay opt`: runs a pass pipeline over a module and prints the result, with the effects of
//! each step on request (`--print-changed` as unified diffs on stderr, `--timeline` as JSON for
//! the playground's pass view). The passes and the recording live in `irplay_core::passes`;
//! this file does the files, the clock and the diffs.

use irplay_core::diag::{render_all, SourceFile};
use irplay_core::passes::{parse_pipeline, run_pipeline, RunOptions, Step};
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

/// What `irplay opt` was asked to do.
pub struct OptArgs<'a> {
    /// The pipeline string (`mem2reg,dce`, `O2`).
    pub pipeline: &'a str,
    /// Where to write the module (stdout when `None`).
    pub output: Option<&'a Path>,
    /// Print per-step changes with diffs on stderr.
    pub print_changed: bool,
    /// Write every step as JSON here.
    pub timeline: Option<&'a Path>,
    /// Verify after each step.
    pub verify_each: bool,
    /// Text or bitcode.
    pub emit: crate::bitcode_io::IrEmit,
}

/// Runs `irplay opt` on an already read source file.
pub fn opt(file: &SourceFile, args: &OptArgs) -> ExitCode {
    let passes = match parse_pipeline(args.pipeline) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("irplay: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut checked = irplay_core::check(file.text());
    crate::bitcode_io::annotate(&mut checked.diagnostics, file, checked.module.as_ref());
    if !checked.diagnostics.is_empty() {
        eprint!("{}", render_all(&checked.diagnostics, file));
    }
    let (true, Some(mut module)) = (checked.valid, checked.module) else {
        return ExitCode::FAILURE;
    };
    let origin = std::time::Instant::now();
    let clock = move || origin.elapsed().as_secs_f64() * 1000.0;
    let opts = RunOptions {
        verify_each: args.verify_each,
        record_text: args.print_changed || args.timeline.is_some(),
    };
    let (steps, failure) = match run_pipeline(&mut module, &passes, &opts, &clock) {
        Ok(steps) => (steps, None),
        Err(e) => {
            let mut msg = format!(
                "irplay: error: the module does not verify after pass '{}' on @{} (a bug in the pass):\n",
                e.pass, e.function
            );
            // Spans of instructions the pass kept point into the input; new ones have none.
            msg.push_str(&render_all(&e.diagnostics, file));
            (e.steps, Some(msg))
        }
    };
    if args.print_changed {
        let mut err = std::io::stderr().lock();
        for s in &steps {
            let _ = err.write_all(changed_report(s).as_bytes());
        }
    }
    if let Some(path) = args.timeline {
        let written = std::fs::File::create(path)
            .and_then(|f| write_timeline(f, file.name(), args.pipeline, &steps));
        if let Err(e) = written {
            eprintln!("{}: error: cannot write file: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    if let Some(msg) = failure {
        eprint!("{msg}");
        return ExitCode::FAILURE;
    }
    crate::bitcode_io::write_module(args.output, &module, args.emit)
}

/// `*** pass on @f: changed ***` with a unified diff of the function, or `unchanged`.
fn changed_report(s: &Step) -> String {
    let target =
        if s.function.is_empty() { "the module".to_string() } else { format!("@{}", s.function) };
    if !s.changed {
        return format!("*** {} on {target}: unchanged ***\n", s.pass);
    }
    let mut out = format!("*** {} on {target}: changed ***\n", s.pass);
    let diff = similar::TextDiff::from_lines(&s.before, &s.after);
    let _ = write!(
        out,
        "{}",
        diff.unified_diff()
            .context_radius(3)
            .header(&format!("{target} before {}", s.pass), &format!("{target} after {}", s.pass))
    );
    out
}

/// One step as the timeline JSON holds it (fields in the order they are written).
#[derive(serde::Serialize)]
struct StepJson<'a> {
    after: &'a str,
    before: &'a str,
    changed: bool,
    function: &'a str,
    pass: &'a str,
    stats: std::collections::BTreeMap<&'a str, u64>,
    time_ms: f64,
}

/// The timeline JSON holds these (fields in the order they are written).
#[derive(serde::Serialize)]
struct TimelineJson<'a> {
    file: &'a str,
    pipeline: &'a str,
    steps: Vec<StepJson<'a>>,
}

/// Writes the steps as the playground reads them, straight from the steps' texts.
fn write_timeline(
    out: impl std::io::Write,
    file: &str,
    pipeline: &str,
    steps: &[Step],
) -> std::io::Result<()> {
    let steps = steps
        .iter()
        .map(|s| StepJson {
            after: &s.after,
            before: &s.before,
            changed: s.changed,
            function: &s.function,
            pass: s.pass,
            stats: s.stats.iter().map(|(k, v)| (*k, *v)).collect(),
            time_ms: s.time_ms,
        })
        .collect();
    let mut out = std::io::BufWriter::new(out);
    serde_json::to_writer_pretty(&mut out, &TimelineJson { file, pipeline, steps })?;
    out.write_all(b"\n")?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(changed: bool) -> Step {
        Step {
            pass: "dce",
            function: "f".into(),
            changed,
            before: "define void @f() {\n  %x = add i32 1, 2\n  ret void\n}\n".into(),
            after: if changed {
                "define void @f() {\n  ret void\n}\n".into()
            } else {
                String::new()
            },
            time_ms: 0.5,
            stats: vec![("instructions removed", u64::from(changed))],
        }
    }

    #[test]
    fn print_changed_reports() {
        assert_eq!(changed_report(&step(false)), "*** dce on @f: unchanged ***\n");
        let r = changed_report(&step(true));
        assert!(
            r.starts_with("*** dce on @f: changed ***\n--- @f before dce\n+++ @f after dce\n@@ -1,4 +1,3 @@\n"),
            "{r}"
        );
        assert!(r.contains("\n-  %x = add i32 1, 2\n") && r.contains("\n   ret void\n"), "{r}");
    }

    #[test]
    fn timeline_has_every_step() {
        let mut json = Vec::new();
        write_timeline(&mut json, "a.ll", "dce", &[step(true), step(false)]).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert_eq!(v["pipeline"], "dce");
        assert_eq!(v["steps"].as_array().map(Vec::len), Some(2));
        assert_eq!(v["steps"][0]["stats"]["instructions removed"], 1);
        assert_eq!(v["steps"][0]["changed"], true);
        assert_eq!(v["steps"][1]["function"], "f");
        assert!(v["steps"][0]["before"].as_str().is_some_and(|s| s.contains("%x = add")));
    }
}
