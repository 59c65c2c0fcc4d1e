//! The debug worker's side of the stepper: keeps one interpreter session across messages
//! (the worker's wasm instance lives as long as the worker) and answers each request with the
//! session's state at its new stop.
//!
//! The session runs with the options of a Run from the page (the same limits, the step budget
//! of the run settings), so it takes the same steps and ends the same way; once it has ended,
//! the reply carries the report a Run of the same text gives ([`super::run`]), made once per
//! session. A long command (Continue through millions of steps) blocks only this worker; the
//! page ends it by terminating the worker.

use crate::now_ms;
use crate::protocol::{
    debug::MAX_SHOWN_OUTPUT, DebugOp, DebugReply, DebugRequest, DebugStart, DebugStop, RunReport,
    RunRequest,
};
use irplay_core::interp::debug::OwnedSession;
use irplay_core::interp::Options;
use std::cell::RefCell;

/// A live session and what it was started with.
struct Live {
    session: OwnedSession,
    start: DebugStart,
    /// The end report, once made.
    report: Option<RunReport>,
    /// True once the end report was sent.
    report_sent: bool,
}

/// The worker's session, if one was started.
#[derive(Default)]
pub struct Debugger {
    live: Option<Live>,
}

thread_local! {
    static DEBUGGER: RefCell<Debugger> = RefCell::new(Debugger::default());
}

/// Answers a request with the worker's session.
pub fn handle(req: DebugRequest) -> DebugReply {
    DEBUGGER.with(|d| DebugReply::Stopped(Box::new(d.borrow_mut().answer(req))))
}

/// The Run from the page that a session steps through (see [`super::run`]).
fn run_request(id: u32, s: &DebugStart) -> RunRequest {
    RunRequest {
        id,
        text: s.text.clone(),
        entry: s.entry.clone(),
        args: s.args.clone(),
        env: s.env.clone(),
        max_steps: s.max_steps,
        wasm: false,
        stdin: s.stdin.clone(),
    }
}

/// The options of the session's run: a Run's ([`super::options`]).
fn options(s: &DebugStart) -> Result<Options, String> {
    super::options(&run_request(0, s))
}

/// The last `max` bytes of `s` (from a character boundary); true when something was cut.
fn keep_end(s: &mut String, max: usize) -> bool {
    if s.len() <= max {
        return false;
    }
    let mut cut = s.len() - max;
    while !s.is_char_boundary(cut) {
        cut += 1;
    }
    s.drain(..cut);
    true
}

impl Debugger {
    /// Answers one request.
    pub fn answer(&mut self, req: DebugRequest) -> DebugStop {
        let id = req.id;
        match req.op {
            DebugOp::Start(start) => {
                self.live = None;
                let checked = irplay_core::check(&start.text);
                let Some(m) = checked.module.filter(|_| checked.valid) else {
                    return DebugStop::none(id, "the module has errors: fix them to debug it");
                };
                let opts = match options(&start) {
                    Ok(o) => o,
                    Err(e) => return DebugStop::none(id, e),
                };
                let t0 = now_ms();
                let session = OwnedSession::new(m, &start.text, &opts);
                let bps = start.breakpoints.clone();
                let mut live = Live { session, start, report: None, report_sent: false };
                let stop = live.stop(id, &bps, now_ms() - t0);
                self.live = Some(live);
                stop
            }
            DebugOp::Exec { command, breakpoints } => {
                let Some(live) = self.live.as_mut() else {
                    return DebugStop::none(id, "no session: start one with Debug");
                };
                let t0 = now_ms();
                live.session.with(|s| {
                    set_breakpoints(s, &breakpoints);
                    s.exec(&command);
                });
                live.stop(id, &breakpoints, now_ms() - t0)
            }
        }
    }
}

fn set_breakpoints(s: &mut irplay_core::interp::debug::Session<'_>, lines: &[u32]) {
    s.clear_breakpoints();
    for &l in lines {
        s.set_breakpoint(l);
    }
}

impl Live {
    /// The reply at the session's current stop (breakpoints `bps` set first).
    fn stop(&mut self, id: u32, bps: &[u32], exec_ms: f64) -> DebugStop {
        let t0 = now_ms();
        let (mut view, breakpoints, snapshots) = self.session.with(|s| {
            set_breakpoints(s, bps);
            (s.view(), s.breakpoints(), s.snapshot_stats())
        });
        let view_ms = now_ms() - t0;
        let cut_out = keep_end(&mut view.stdout, MAX_SHOWN_OUTPUT);
        let cut_err = keep_end(&mut view.stderr, MAX_SHOWN_OUTPUT);
        let mut report = None;
        let mut ended = None;
        // The end goes as the Run's report (its message in every stop after the end, the
        // whole report once), so the view's own `exit` is not sent.
        if view.exit.take().is_some() {
            let s = &self.start;
            let r = self.report.get_or_insert_with(|| super::run(&run_request(id, s), &mut |_| {}));
            ended = Some(r.message.clone());
            if !self.report_sent {
                report = Some(r.clone());
                self.report_sent = true;
            }
        }
        DebugStop {
            id,
            error: None,
            view: Some(view),
            ended,
            output_cut: cut_out || cut_err,
            report,
            breakpoints,
            snapshots: Some(snapshots),
            exec_ms,
            view_ms,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::debug::{Command, StopReason};

    const HELLO: &str = include_str!("../../../examples/learn/01-hello.ll");

    fn start(d: &mut Debugger, text: &str, bps: Vec<u32>) -> DebugStop {
        d.answer(DebugRequest {
            id: 1,
            op: DebugOp::Start(DebugStart {
                text: text.into(),
                entry: "main".into(),
                args: Vec::new(),
                env: Vec::new(),
                max_steps: 1_000,
                stdin: String::new(),
                breakpoints: bps,
            }),
        })
    }

    fn exec(d: &mut Debugger, command: Command, bps: Vec<u32>) -> DebugStop {
        d.answer(DebugRequest { id: 2, op: DebugOp::Exec { command, breakpoints: bps } })
    }

    fn value_of(stop: &DebugStop, name: &str) -> Option<String> {
        let v = stop.view.as_ref()?;
        v.values.iter().find(|v| v.name == name).map(|v| v.text.clone())
    }

    #[test]
    fn a_session_steps_keeps_breakpoints_and_ends_with_the_run_s_report() {
        let mut d = Debugger::default();
        // Line 17 holds the printf call of the loop.
        let line = HELLO.lines().position(|l| l.contains("call i32")).map(|i| i as u32 + 1);
        let line = line.unwrap_or(0);
        let s = start(&mut d, HELLO, vec![line, 1]);
        assert_eq!(s.error, None);
        // Line 1 is a comment: no breakpoint there.
        assert_eq!(s.breakpoints, vec![line]);
        let v = s.view.as_ref().map(|v| (v.steps, v.reason.clone()));
        assert_eq!(v, Some((0, StopReason::Start)));
        // Continue stops at the call on each of the three turns, with %i 1, 2, 3.
        for want in ["1", "2", "3"] {
            let s = exec(&mut d, Command::Continue, vec![line]);
            let v = s.view.as_ref().map(|v| v.reason.clone());
            assert_eq!(v, Some(StopReason::Breakpoint { line }));
            let i = value_of(&s, "%i").unwrap_or_default();
            assert!(i.starts_with(want), "{i}");
        }
        // Without breakpoints it runs to the end, and the report is a Run's.
        let end = exec(&mut d, Command::Continue, Vec::new());
        let view = end.view.as_ref().map(|v| (v.steps, v.stdout.clone()));
        let run = super::super::run(
            &crate::worker::run_request(0, HELLO, "main", &[], 1_000, ""),
            &mut |_| {},
        );
        assert_eq!(view, Some((run.steps, run.stdout.clone())));
        assert_eq!(end.ended.as_deref(), Some("exit status 0"));
        let report = end.report.as_ref().map(|r| (r.message.clone(), r.steps));
        assert_eq!(report, Some(("exit status 0".to_string(), run.steps)));
        // Sent once: stepping back and forward to the end again carries no report.
        let back = exec(&mut d, Command::StepBack, Vec::new());
        assert!(back.ended.is_none() && back.view.is_some_and(|v| v.steps + 1 == run.steps));
        let again = exec(&mut d, Command::Step, Vec::new());
        assert!(again.report.is_none() && again.ended.is_some());
    }

    #[test]
    fn no_session_without_a_valid_module_or_a_start() {
        let mut d = Debugger::default();
        let s = exec(&mut d, Command::Step, Vec::new());
        assert!(s.view.is_none() && s.error.is_some_and(|e| e.contains("no session")));
        let s = start(&mut d, "define i32 @main( {", Vec::new());
        assert!(s.view.is_none() && s.error.is_some_and(|e| e.contains("errors")));
    }

    #[test]
    fn output_is_cut_to_its_end() {
        let mut s = "é".repeat(10);
        assert!(keep_end(&mut s, 5) && s == "éé");
        let mut t = String::from("abc");
        assert!(!keep_end(&mut t, 3) && t == "abc");
    }
}
