//! `irplay run`: executes a module in the interpreter and reports undefined behaviour with
//! source positions.
//!
//! Exit status: the program's own (`main`'s return value or `exit`'s argument, mod 256);
//! otherwise, for a run irplay stops, one of the statuses documented in [`Stop`], each paired
//! with a report on stderr whose first line says what happened (`undefined behavior: ...`,
//! `error: ...`), so a program's own exit cannot be mistaken for it.

use irplay_core::diag::SourceFile;
use irplay_core::interp::{Exit, Options, OriginReport};
use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;

/// Exit statuses irplay uses when it stops a run itself.
pub enum Stop {}

impl Stop {
    /// Undefined behaviour was detected.
    pub const UB: u8 = 70;
    /// A runtime error (unsupported function, stack or memory limit, uncaught exception).
    pub const ERROR: u8 = 71;
    /// The step limit was reached.
    pub const OUT_OF_STEPS: u8 = 124;
    /// The output limit was reached.
    pub const OUTPUT_LIMIT: u8 = 72;
    /// `abort`, a failed `assert` or a trap (as a native program killed by SIGABRT).
    pub const ABORT: u8 = 134;
    /// The module did not parse or verify.
    pub const INVALID: u8 = 1;
}

/// The resource limits of a run.
pub struct Limits {
    /// Executed instructions.
    pub max_steps: u64,
    /// Live memory in bytes.
    pub max_memory: u64,
    /// Call depth.
    pub max_stack_depth: u32,
    /// Bytes of output (stdout and stderr together).
    pub max_output: u64,
}

/// The snake_case name a report kind serializes to (`branch_on_poison`).
fn kind_name(kind: &impl serde::Serialize) -> String {
    serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// Where a span starts, as `FILE:LINE:COL`.
pub(crate) fn pos(file: &SourceFile, span: (u32, u32)) -> String {
    let (l, c) = file.line_col(span.0);
    format!("{}:{l}:{c}", file.name())
}

/// The trimmed source line a span starts on.
pub(crate) fn snippet(file: &SourceFile, span: (u32, u32)) -> String {
    let (l, _) = file.line_col(span.0);
    file.line_text(l).trim().to_string()
}

fn origin_text(file: &SourceFile, o: &OriginReport, out: &mut String) {
    let what = kind_name(&o.kind);
    let _ =
        writeln!(out, "  {what} arose at {}: {} (in {})", pos(file, o.span), o.reason, o.function);
    let _ = writeln!(out, "      {}", snippet(file, o.span));
    for step in &o.chain {
        let _ =
            writeln!(out, "  then flowed through {} (in {})", pos(file, step.span), step.function);
        let _ = writeln!(out, "      {}", snippet(file, step.span));
    }
}

/// All of irplay's standard input (empty if it cannot be read): the program's, when it first
/// reads.
pub(crate) fn read_stdin() -> Vec<u8> {
    let mut v = Vec::new();
    let _ = std::io::Read::read_to_end(&mut std::io::stdin(), &mut v);
    v
}

/// Runs `file` and maps the outcome to output and an exit status.
pub fn run(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
    opts: &Options,
    stats: bool,
) -> ExitCode {
    let start = std::time::Instant::now();
    // The program reads irplay's standard input, unless the module itself came from there;
    // it is read (to its end) only when the program first reads.
    let outcome = if file.name() == "-" {
        irplay_core::interp::run(module, opts)
    } else {
        irplay_core::interp::run_with_input(module, opts, read_stdin)
    };
    let elapsed = start.elapsed();
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(&outcome.stdout);
    let _ = stdout.flush();
    let mut stderr = std::io::stderr().lock();
    if opts.trace {
        for ev in &outcome.trace {
            if let Ok(line) = serde_json::to_string(ev) {
                let _ = writeln!(stderr, "{line}");
            }
        }
    }
    let _ = stderr.write_all(&outcome.stderr);
    let mut report = String::new();
    let status = match &outcome.exit {
        Exit::Returned { .. } | Exit::Exited { .. } => outcome.exit.status() as u8,
        Exit::Aborted { message } => {
            let _ = writeln!(report, "aborted: {message}");
            Stop::ABORT
        }
        Exit::OutOfSteps => {
            let _ = writeln!(
                report,
                "error: the step limit ({} instructions) was reached; raise it with --max-steps",
                opts.max_steps
            );
            Stop::OUT_OF_STEPS
        }
        Exit::Error(e) => {
            let kind = kind_name(&e.kind);
            match e.span {
                Some(span) => {
                    let _ = writeln!(report, "error: {kind}: {}", e.message);
                    let _ = writeln!(
                        report,
                        "  at {} (in {})",
                        pos(file, span),
                        e.function.as_deref().unwrap_or("?")
                    );
                    let _ = writeln!(report, "      {}", snippet(file, span));
                }
                None => {
                    let _ = writeln!(report, "error: {kind}: {}", e.message);
                }
            }
            Stop::ERROR
        }
        Exit::Ub(ub) => {
            let kind = kind_name(&ub.kind);
            let _ = writeln!(report, "undefined behavior: {kind}: {}", ub.message);
            let _ = writeln!(report, "  at {} (in {})", pos(file, ub.span), ub.function);
            let _ = writeln!(report, "      {}", snippet(file, ub.span));
            if let Some(o) = &ub.origin {
                origin_text(file, o, &mut report);
            }
            if ub.backtrace.len() > 1 {
                let _ = writeln!(report, "  call stack: {}", ub.backtrace.join(" <- "));
            }
            Stop::UB
        }
    };
    let _ = stderr.write_all(report.as_bytes());
    if stats {
        let ns = elapsed.as_nanos() as f64 / outcome.steps.max(1) as f64;
        let _ = writeln!(
            stderr,
            "irplay: {} instructions in {:.3} s ({ns:.1} ns per instruction)",
            outcome.steps,
            elapsed.as_secs_f64()
        );
    }
    let _ = stderr.flush();
    ExitCode::from(status)
}
