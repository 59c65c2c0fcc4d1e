//! `irplay debug`: a plain, scriptable debugger over the interpreter's debugging sessions
//! (`irplay_core::interp::debug`). Commands come from standard input, one a line; the
//! answers, the positions and the program's output (each line marked `[stdout] ` or
//! `[stderr] `) go to standard output, so a script and its expected output make a test.

use crate::cli::DebugArgs;
use crate::run::{exit_report, pos};
use irplay_core::diag::SourceFile;
use irplay_core::interp::debug::{
    BlockView, ByteState, Command, Session, StopReason, TaintView, ValueView,
};
use irplay_core::interp::{Exit, Options, Place};
use std::fmt::Write as _;
use std::io::{BufRead as _, IsTerminal as _, Write as _};
use std::process::ExitCode;

/// The help text of the `help` command.
const HELP: &str = "\
commands:
  break LINE (b)        stop before instructions that start on LINE
  delete [LINE]         remove the breakpoint of LINE (all without LINE)
  step (s)              one instruction
  next (n)              the next instruction of this function (over calls)
  finish                until this function returns
  continue (c)          to the next breakpoint or the end
  run-to LINE           to the next instruction on LINE
  reverse-step (rs)     back one instruction
  reverse-next (rn)     back to the previous instruction of this function
  reverse-finish        back to the call of this function
  reverse-continue (rc) back to the previous breakpoint or the start
  goto STEP             to the state after STEP instructions
  print %x | @g (p)     a value of this function (with its history) or a global
  x %p | @g | ADDR [N]  N bytes of memory (default 16): pp poison, uu undef, ~~ partly undef
  backtrace (bt)        the call stack
  info locals           the values of this function assigned so far
  info breakpoints      the breakpoints
  info snapshots        the states kept for going back (count, estimated bytes, interval)
  quit (q)";

/// Runs the debugger on a valid module with an entry; exit status 0 (1 when the program's
/// standard input cannot be read).
pub fn debug(file: &SourceFile, module: &irplay_core::ir::Module, args: &DebugArgs) -> ExitCode {
    let stdin = match &args.stdin {
        Some(p) => match std::fs::read(p) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("irplay: error: cannot read {}: {e}", p.display());
                return ExitCode::FAILURE;
            }
        },
        None => Vec::new(),
    };
    let opts = Options {
        program_name: file.name().as_bytes().to_vec(),
        args: args.args.iter().map(|a| a.as_bytes().to_vec()).collect(),
        env: irplay_core::runtime::stdlib::environment(&args.env)
            .into_iter()
            .map(String::into_bytes)
            .collect(),
        stdin,
        ..args.limits.options()
    };
    let mut d = Debugger { file, s: Session::new(module, file.text(), &opts), shown: (0, 0) };
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(d.stop_text(&StopReason::Start).as_bytes());
    let tty = std::io::stdin().is_terminal();
    let mut input = std::io::stdin().lock();
    let mut line = String::new();
    loop {
        if tty {
            let _ = write!(out, "(irplay) ");
            let _ = out.flush();
        }
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let cmd = line.trim();
        if cmd.is_empty() || cmd.starts_with('#') {
            continue;
        }
        if matches!(cmd, "quit" | "q") {
            break;
        }
        let t0 = std::time::Instant::now();
        let text = d.command(cmd);
        if args.time {
            eprintln!("irplay: {:.3} ms: {cmd}", t0.elapsed().as_secs_f64() * 1e3);
        }
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
    }
    ExitCode::SUCCESS
}

/// A session with what of the program's output was printed already.
struct Debugger<'a, 'm> {
    file: &'a SourceFile,
    s: Session<'m>,
    /// Bytes of stdout and stderr printed so far.
    shown: (usize, usize),
}

impl Debugger<'_, '_> {
    /// Runs one command line; its answer.
    fn command(&mut self, line: &str) -> String {
        let mut words = line.split_whitespace();
        let name = words.next().unwrap_or_default();
        let rest: Vec<&str> = words.collect();
        let arg = rest.first().copied();
        let num = |what: &str| -> Result<u64, String> {
            let a = arg.ok_or(format!("error: {name} needs {what}\n"))?;
            a.parse().map_err(|_| format!("error: {name}: '{a}' is not a number\n"))
        };
        let mv = |d: &mut Self, c: Command| {
            let r = d.s.exec(&c);
            d.stop_text(&r)
        };
        let r = match name {
            "step" | "s" => Ok(mv(self, Command::Step)),
            "next" | "n" => Ok(mv(self, Command::StepOver)),
            "finish" => Ok(mv(self, Command::StepOut)),
            "continue" | "c" => Ok(mv(self, Command::Continue)),
            "reverse-step" | "rs" => Ok(mv(self, Command::StepBack)),
            "reverse-next" | "rn" => Ok(mv(self, Command::BackOver)),
            "reverse-finish" => Ok(mv(self, Command::BackOut)),
            "reverse-continue" | "rc" => Ok(mv(self, Command::ReverseContinue)),
            "run-to" => num("a line").map(|l| mv(self, Command::RunToLine { line: l as u32 })),
            "goto" => num("a step").map(|step| mv(self, Command::Goto { step })),
            "break" | "b" => num("a line").map(|l| {
                if self.s.set_breakpoint(l as u32) {
                    format!("breakpoint at line {l}\n")
                } else {
                    format!("error: no instruction starts on line {l}\n")
                }
            }),
            "delete" => Ok(match arg {
                None => {
                    self.s.clear_breakpoints();
                    "deleted every breakpoint\n".to_string()
                }
                Some(_) => match num("a line") {
                    Ok(l) if self.s.clear_breakpoint(l as u32) => {
                        format!("deleted the breakpoint at line {l}\n")
                    }
                    Ok(l) => format!("error: no breakpoint at line {l}\n"),
                    Err(e) => e,
                },
            }),
            "print" | "p" => match arg {
                Some(v) => Ok(self.print(v)),
                None => Err("error: print needs a value (%x or @g)\n".to_string()),
            },
            "x" => match arg {
                Some(v) => {
                    let len = rest.get(1).map_or(Ok(16), |n| n.parse::<u64>());
                    match len {
                        Ok(len) => Ok(self.examine(v, len)),
                        Err(_) => Err("error: x: the length is not a number\n".to_string()),
                    }
                }
                None => Err("error: x needs a value or an address\n".to_string()),
            },
            "backtrace" | "bt" => Ok(self.backtrace()),
            "info" => match arg {
                Some("locals") => Ok(self.locals()),
                Some("breakpoints") => Ok(self.breakpoints()),
                Some("snapshots") => {
                    let st = self.s.snapshot_stats();
                    Ok(format!(
                        "{} snapshots, {} bytes, one every {} steps\n",
                        st.count, st.bytes, st.interval
                    ))
                }
                _ => Err("error: info locals, info breakpoints or info snapshots\n".to_string()),
            },
            "help" | "h" => Ok(format!("{HELP}\n")),
            _ => Err(format!("error: unknown command '{name}' (help lists them)\n")),
        };
        r.unwrap_or_else(|e| e)
    }

    /// What the program wrote since the last stop, marked line by line.
    fn new_output(&mut self) -> String {
        let (o, e) = self.s.output();
        let mut text = String::new();
        for (bytes, shown, tag) in
            [(&o, &mut self.shown.0, "stdout"), (&e, &mut self.shown.1, "stderr")]
        {
            if bytes.len() < *shown {
                // Went back: the output is what it was at this step.
                *shown = bytes.len();
                continue;
            }
            let new = String::from_utf8_lossy(bytes.get(*shown..).unwrap_or_default()).into_owned();
            *shown = bytes.len();
            for l in new.split_inclusive('\n') {
                let _ = writeln!(text, "[{tag}] {}", l.strip_suffix('\n').unwrap_or(l));
            }
        }
        text
    }

    /// The answer after a command that moved: new output, why, where.
    fn stop_text(&mut self, r: &StopReason) -> String {
        let mut t = self.new_output();
        match r {
            StopReason::Breakpoint { line } => {
                let _ = writeln!(t, "breakpoint at line {line}");
            }
            StopReason::AtStart => {
                let _ = writeln!(t, "at the start");
            }
            _ => {}
        }
        if let Some(exit) = self.s.exit().cloned() {
            let _ = writeln!(t, "the run ended after {} steps", self.s.steps());
            let place = self.s.position().map(|p| Place {
                span: p.span,
                function: p.function.clone(),
                backtrace: self.s.frames().iter().map(|f| f.at.function.clone()).collect(),
            });
            let (report, status) = exit_report(
                self.file,
                &exit,
                self.s.options().max_steps,
                place.as_ref(),
                self.s.malloc_failed(),
            );
            t.push_str(&report);
            match exit {
                Exit::Returned { value } => {
                    let _ = writeln!(t, "the program returned {value} (exit status {status})");
                }
                Exit::Exited { status: s } => {
                    let _ = writeln!(t, "the program called exit({s}) (exit status {status})");
                }
                _ => {
                    let _ = writeln!(t, "(exit status {status})");
                }
            }
            return t;
        }
        if let Some(p) = self.s.position() {
            let _ = writeln!(
                t,
                "{} in {} (step {})",
                pos(self.file, p.span),
                p.function,
                self.s.steps()
            );
            let _ = writeln!(t, "{:>5} | {}", p.line, self.file.line_text(p.line).trim_end());
        }
        t
    }

    /// `print`.
    fn print(&mut self, what: &str) -> String {
        if what.starts_with('@') {
            return match self.s.value(what) {
                Some(v) => {
                    let mut t = format!("{} = ptr {}\n", v.name, v.text);
                    t.push_str(&self.examine(what, 16));
                    t
                }
                None => format!("error: no global {what}\n"),
            };
        }
        match self.s.value(what) {
            Some(v) => self.value_text(&v),
            None => format!("error: {what} is not a value of this function assigned so far\n"),
        }
    }

    /// One value with its history and, for poison or undef, where it arose.
    fn value_text(&self, v: &ValueView) -> String {
        let mut t = format!("{} = {} {}", v.name, v.ty, v.text);
        if let Some(taint) = &v.taint {
            t.push_str(&self.taint_text(taint));
        }
        t.push('\n');
        if v.history.len() > 1 {
            let skipped = v.assignments.saturating_sub(v.history.len() as u64);
            let more = if skipped > 0 { format!("({skipped} earlier) ") } else { String::new() };
            let _ = writeln!(t, "  history: {more}{}", v.history.join(", "));
        }
        t
    }

    /// ` (poison from FILE:L:C in @f: why)`.
    fn taint_text(&self, t: &TaintView) -> String {
        let kind = match t.kind {
            irplay_core::interp::TaintKind::Poison => "poison",
            irplay_core::interp::TaintKind::Undef => "undef",
        };
        match &t.origin {
            Some(o) => {
                format!(" ({kind} from {} in {}: {})", pos(self.file, o.span), o.function, t.reason)
            }
            None => format!(" ({kind}: {})", t.reason),
        }
    }

    /// `x`: rows of 16 bytes.
    fn examine(&mut self, what: &str, len: u64) -> String {
        match self.s.memory_at(what, len) {
            Ok(b) => self.block_text(&b),
            Err(e) => format!("error: {e}\n"),
        }
    }

    fn block_text(&self, b: &BlockView) -> String {
        let mut t = String::new();
        let _ = writeln!(t, "{} ({} bytes at {:#x}):", b.name, b.size, b.address);
        for (row, chunk) in b.bytes.chunks(16).enumerate() {
            let off = b.offset + 16 * row as u64;
            let _ = write!(t, "  +{off:<4}");
            for (i, byte) in chunk.iter().enumerate() {
                let st = b.states.get(16 * row + i).copied().unwrap_or(ByteState::Defined);
                let _ = match st {
                    ByteState::Poison => write!(t, " pp"),
                    ByteState::Undef => write!(t, " uu"),
                    ByteState::PartlyUndef => write!(t, " ~~"),
                    ByteState::Defined | ByteState::Pointer => write!(t, " {byte:02x}"),
                };
            }
            t.push('\n');
        }
        for p in &b.pointers {
            let _ = writeln!(t, "  pointer at +{}: {}", p.offset, p.target);
        }
        if let Some(taint) = &b.taint {
            let _ = writeln!(t, " {}", self.taint_text(taint).trim_start());
        }
        t
    }

    /// `backtrace`.
    fn backtrace(&self) -> String {
        let mut t = String::new();
        for (i, f) in self.s.frames().iter().enumerate() {
            let _ = writeln!(t, "#{i} {} at {}", f.at.function, pos(self.file, f.at.span));
        }
        if t.is_empty() {
            t.push_str("no frame\n");
        }
        t
    }

    /// `info locals`.
    fn locals(&mut self) -> String {
        let vals = self.s.values();
        if vals.is_empty() {
            return "no values\n".into();
        }
        vals.iter().map(|v| self.value_text(v)).collect()
    }

    /// `info breakpoints`.
    fn breakpoints(&self) -> String {
        let b = self.s.breakpoints();
        if b.is_empty() {
            return "no breakpoints\n".into();
        }
        b.iter().map(|l| format!("line {l}: {}\n", self.file.line_text(*l).trim())).collect()
    }
}
