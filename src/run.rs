//! `irplay run`: executes a module in the interpreter and reports undefined behaviour with
//! source positions.
//!
//! Exit status: the program's own (`main`'s return value or `exit`'s argument, mod 256);
//! otherwise, for a run irplay stops, one of the statuses documented in [`Stop`], each paired
//! with a report on stderr whose first line says what happened (`undefined behavior: ...`,
//! `error: ...`), so a program's own exit cannot be mistaken for it. The one quiet stop is a
//! closed output pipe ([`Stop::BROKEN_PIPE`]).
//!
//! The program's output goes to irplay's stdout and stderr as it runs (through the
//! interpreter's C-like buffers: stdout by line on a terminal, else in 8 KiB blocks; stderr by
//! line), and its input is read from irplay's stdin in chunks as it asks for it.

use irplay_core::diag::SourceFile;
use irplay_core::interp::{
    BlockReport, Closed, ErrorKind, Exit, MallocFailure, Options, OriginReport, Sink, SiteFrame,
    Stream,
};
use std::fmt::Write as _;
use std::io::{IsTerminal as _, Write as _};
use std::process::ExitCode;

/// What a program is started with, in every engine.
#[derive(Clone, Debug, Default)]
pub struct Invocation {
    /// `argv[0]`.
    pub program: String,
    /// `argv[1..]`.
    pub args: Vec<String>,
    /// The environment, `NAME=VALUE` strings (from `--env`; none by default).
    pub env: Vec<String>,
}

/// `--env NAME=VALUE`, or `--env NAME` for NAME's value in irplay's own environment: the
/// `NAME=VALUE` string.
pub fn env_entry(s: &str) -> Result<String, String> {
    let name = s.split_once('=').map_or(s, |(n, _)| n);
    if name.is_empty() {
        return Err("the variable's name is empty (NAME=VALUE)".into());
    }
    if s.contains('\0') {
        return Err("a NUL byte cannot be in the environment".into());
    }
    if s.contains('=') {
        return Ok(s.to_string());
    }
    match std::env::var(name) {
        Ok(v) => Ok(format!("{name}={v}")),
        Err(std::env::VarError::NotPresent) => {
            Err(format!("{name} is not set in irplay's environment (give NAME=VALUE)"))
        }
        Err(std::env::VarError::NotUnicode(_)) => {
            Err(format!("{name}'s value in irplay's environment is not UTF-8"))
        }
    }
}

/// Exit statuses irplay uses when it stops a run itself.
pub enum Stop {}

impl Stop {
    /// Undefined behaviour was detected.
    pub const UB: u8 = 70;
    /// A runtime error (unsupported function, stack or memory limit, uncaught exception).
    pub const ERROR: u8 = 71;
    /// The output limit was reached.
    pub const OUTPUT_LIMIT: u8 = 72;
    /// The step limit was reached.
    pub const OUT_OF_STEPS: u8 = 124;
    /// The program's output is a pipe whose reader is gone: the status of a native program
    /// killed by `SIGPIPE` (128 + 13), with no report.
    pub const BROKEN_PIPE: u8 = 141;
    /// `abort`, a failed `assert` or a trap (as a native program killed by SIGABRT).
    pub const ABORT: u8 = 134;
    /// The module did not parse or verify.
    pub const INVALID: u8 = 1;
}

/// The resource limits of a run (the same options for `irplay run` with every engine and for
/// `irplay debug`).
#[derive(Copy, Clone, Debug, clap::Args)]
pub struct Limits {
    /// Stop after this many executed instructions.
    #[arg(long, default_value_t = 10_000_000_000)]
    pub max_steps: u64,
    /// Stop when the run's memory exceeds this many bytes: the program's live memory plus
    /// the interpreter's state of it (up to 4 bytes per byte written, and 128 bytes per
    /// allocation), which bounds irplay's own memory.
    #[arg(long, default_value_t = 1 << 30)]
    pub max_memory: u64,
    /// Stop when the program has written this many bytes to stdout and stderr together
    /// (exit status 72).
    #[arg(long, default_value_t = 1 << 30)]
    pub max_output: u64,
    /// Stop when the call stack is deeper than this.
    #[arg(long, default_value_t = 100_000)]
    pub max_stack_depth: u32,
}

impl Limits {
    /// The interpreter's options with these limits (the rest as `Options::default`).
    pub fn options(&self) -> irplay_core::interp::Options {
        irplay_core::interp::Options {
            max_steps: self.max_steps,
            max_memory: self.max_memory,
            max_output: self.max_output,
            max_stack_depth: self.max_stack_depth,
            ..Default::default()
        }
    }
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

/// The source text of an instruction, on one line (`%c = icmp sgt i32 %p, 0`), for quoting.
pub(crate) fn quote(file: &SourceFile, span: (u32, u32)) -> String {
    let text = file.text().get(span.0 as usize..span.1 as usize).unwrap_or_default();
    let one: Vec<&str> = text.split_whitespace().collect();
    let q = one.join(" ");
    if q.is_empty() {
        snippet(file, span)
    } else {
        q
    }
}

/// `FILE:LINE:COL in @f <- FILE:LINE:COL in @main`: a call stack with positions.
fn frames_text(file: &SourceFile, frames: &[SiteFrame]) -> String {
    let v: Vec<String> =
        frames.iter().map(|f| format!("{} in {}", pos(file, f.span), f.function)).collect();
    v.join(" <- ")
}

/// The chain of a poison or undef value, from the use back to where it arose: each step
/// quoted, with why it carries the taint.
fn origin_text(file: &SourceFile, o: &OriginReport, out: &mut String) {
    let what = kind_name(&o.kind);
    let _ = writeln!(out, "  how the {what} got here, from this use back to where it arose:");
    for step in o.chain.iter().rev() {
        let _ = writeln!(
            out,
            "    {} in {}: `{}` is {what} because {}",
            pos(file, step.span),
            step.function,
            quote(file, step.span),
            step.reason
        );
    }
    if o.function.is_empty() {
        let _ = writeln!(out, "    it arose because {}", o.because);
    } else {
        let _ = writeln!(
            out,
            "    {} in {}: `{}` is {what} because {}",
            pos(file, o.span),
            o.function,
            quote(file, o.span),
            o.because
        );
    }
}

/// Where a block was allocated and freed.
fn block_text(file: &SourceFile, b: &BlockReport, out: &mut String) {
    let name = if b.name.starts_with('%') {
        format!("stack slot {}", b.name)
    } else if b.what == "heap block" {
        b.name.clone()
    } else {
        format!("{} {}", b.what, b.name)
    };
    match b.allocated.first() {
        Some(site) => {
            let _ = writeln!(
                out,
                "  {name} ({} bytes) was allocated at {}",
                b.size,
                frames_text(file, &b.allocated)
            );
            let _ = writeln!(out, "      {}", quote(file, site.span));
        }
        None => {
            let _ = writeln!(
                out,
                "  {name} ({} bytes) was allocated before the program started",
                b.size
            );
        }
    }
    if let Some(site) = b.freed.first() {
        let _ = writeln!(out, "  and freed at {}", frames_text(file, &b.freed));
        let _ = writeln!(out, "      {}", quote(file, site.span));
    } else if b.what == "stack slot" && !b.live {
        if let Some(f) = b.allocated.first() {
            let _ = writeln!(out, "  and died when {} returned", f.function);
        }
    }
}

/// The note about a `malloc` that returned null at the memory limit.
fn malloc_note(file: &SourceFile, m: &MallocFailure, out: &mut String) {
    let text = quote(file, m.span);
    let callee = text
        .split('@')
        .nth(1)
        .map(|t| t.split('(').next().unwrap_or(t).trim().to_string())
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| "malloc".into());
    let _ = writeln!(
        out,
        "note: {callee} at {} (in {}) returned null because the memory limit ({} bytes) was \
         reached; raise it with --max-memory",
        pos(file, m.span),
        m.function,
        m.limit
    );
}

/// The next chunk of irplay's standard input (at most 64 KiB; empty at its end or when it
/// cannot be read): the program's, as it reads.
pub(crate) fn read_stdin() -> Vec<u8> {
    let mut v = vec![0; 1 << 16];
    loop {
        match std::io::Read::read(&mut std::io::stdin().lock(), &mut v) {
            Ok(n) => {
                v.truncate(n);
                return v;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return Vec::new(),
        }
    }
}

/// irplay's own stdout and stderr, written to (and flushed) as the program's output comes.
struct Std;

impl Sink for Std {
    fn write(&mut self, stream: Stream, bytes: &[u8]) -> Result<(), Closed> {
        let r = match stream {
            Stream::Stdout => {
                let mut o = std::io::stdout().lock();
                o.write_all(bytes).and_then(|()| o.flush())
            }
            Stream::Stderr => std::io::stderr().lock().write_all(bytes),
        };
        r.map_err(|_| Closed)
    }
}

/// At most this many entries of a call stack are printed (the innermost ones).
const MAX_BACKTRACE: usize = 16;

/// A report's `call stack:` line: innermost first, a run of calls of one function as one
/// entry (`@f (x999)`), a deep one shortened.
fn backtrace_text(frames: &[String], out: &mut String) {
    if frames.len() <= 1 {
        return;
    }
    let mut runs: Vec<(&str, usize)> = Vec::new();
    for f in frames {
        match runs.last_mut() {
            Some((name, n)) if *name == f.as_str() => *n += 1,
            _ => runs.push((f, 1)),
        }
    }
    let shown: Vec<String> = runs
        .iter()
        .take(MAX_BACKTRACE)
        .map(|&(f, n)| if n > 1 { format!("{f} (x{n})") } else { f.to_string() })
        .collect();
    let _ = write!(out, "  call stack: {}", shown.join(" <- "));
    if runs.len() > shown.len() {
        let more: usize = runs.iter().skip(shown.len()).map(|r| r.1).sum();
        let _ = write!(out, " <- ... ({more} more)");
    }
    let _ = writeln!(out);
}

/// Runs `file` and maps the outcome to output and an exit status.
pub fn run(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
    opts: &Options,
    stats: bool,
) -> ExitCode {
    let start = std::time::Instant::now();
    // The program reads irplay's standard input, unless the module itself came from there.
    let input = (file.name() != "-").then_some(read_stdin as fn() -> Vec<u8>);
    let opts = &Options { line_buffered: std::io::stdout().is_terminal(), ..opts.clone() };
    let outcome = irplay_core::interp::run_to(module, opts, &mut Std, input);
    let elapsed = start.elapsed();
    let mut stderr = std::io::stderr().lock();
    if opts.trace {
        for ev in &outcome.trace {
            if let Ok(line) = serde_json::to_string(ev) {
                let _ = writeln!(stderr, "{line}");
            }
        }
    }
    let _ = stderr.write_all(&outcome.stderr);
    let (report, status) = exit_report(
        file,
        &outcome.exit,
        opts.max_steps,
        outcome.stopped_at.as_ref(),
        outcome.malloc_failed.as_ref(),
    );
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

/// The report of how a run ended (empty when the program simply returned or exited) and the
/// exit status it gives (`irplay run` and `irplay debug` print it the same way).
pub fn exit_report(
    file: &SourceFile,
    exit: &Exit,
    max_steps: u64,
    stopped_at: Option<&irplay_core::interp::Place>,
    malloc_failed: Option<&MallocFailure>,
) -> (String, u8) {
    let mut report = String::new();
    let status = match exit {
        Exit::Returned { .. } | Exit::Exited { .. } => exit.status() as u8,
        Exit::Aborted { message } => {
            let _ = writeln!(report, "aborted: {message}");
            Stop::ABORT
        }
        Exit::OutOfSteps => {
            let _ = writeln!(
                report,
                "error: the step limit ({} instructions) was reached; raise it with --max-steps",
                max_steps
            );
            if let Some(at) = stopped_at.filter(|a| !a.function.is_empty()) {
                let _ = writeln!(report, "  at {} (in {})", pos(file, at.span), at.function);
                let _ = writeln!(report, "      {}", snippet(file, at.span));
                backtrace_text(&at.backtrace, &mut report);
            }
            Stop::OUT_OF_STEPS
        }
        Exit::Error(e) if e.kind == ErrorKind::OutputClosed => Stop::BROKEN_PIPE,
        Exit::Error(e) => {
            let kind = kind_name(&e.kind);
            let hint = match e.kind {
                ErrorKind::OutputLimit => "; raise it with --max-output",
                ErrorKind::OutOfMemory if e.message.contains("memory limit") => {
                    "; raise it with --max-memory"
                }
                ErrorKind::StackOverflow => "; raise it with --max-stack-depth",
                _ => "",
            };
            match e.span {
                Some(span) => {
                    let _ = writeln!(report, "error: {kind}: {}{hint}", e.message);
                    let _ = writeln!(
                        report,
                        "  at {} (in {})",
                        pos(file, span),
                        e.function.as_deref().unwrap_or("?")
                    );
                    let _ = writeln!(report, "      {}", snippet(file, span));
                    backtrace_text(&e.backtrace, &mut report);
                }
                None => {
                    let _ = writeln!(report, "error: {kind}: {}{hint}", e.message);
                }
            }
            if e.kind == ErrorKind::OutputLimit {
                Stop::OUTPUT_LIMIT
            } else {
                Stop::ERROR
            }
        }
        Exit::Ub(ub) => {
            let kind = kind_name(&ub.kind);
            let _ = writeln!(report, "undefined behavior: {kind}: {}", ub.message);
            let _ = writeln!(report, "  at {} (in {})", pos(file, ub.span), ub.function);
            let _ = writeln!(report, "      {}", snippet(file, ub.span));
            if let Some(b) = &ub.block {
                block_text(file, b, &mut report);
            }
            if let Some(o) = &ub.origin {
                origin_text(file, o, &mut report);
            }
            backtrace_text(&ub.backtrace, &mut report);
            let _ = writeln!(report, "  help: {}", ub.help);
            let _ = writeln!(report, "  see: {}", ub.see);
            Stop::UB
        }
    };
    if let Some(m) = malloc_failed {
        if !matches!(exit, Exit::Error(e) if e.kind == ErrorKind::OutputClosed) {
            malloc_note(file, m, &mut report);
        }
    }
    (report, status)
}
