//! The reducer's part for checking a run as WebAssembly: that engine does not detect
//! undefined behaviour (only a trap stops it), so after each such run the same module, entry,
//! arguments, input and step budget run in the interpreter in a worker of their own, and the
//! page says whether the two agree, or shows where they differ and the interpreter's report.

use super::{Effect, LiveOutput, State};
use crate::protocol::{OutputChunk, RunReply, RunReport, RunRequest};
use std::rc::Rc;

/// The interpreter's check of the shown run as WebAssembly.
#[derive(Clone, Debug, PartialEq)]
pub enum Compare {
    /// The interpreter is running the same input.
    Running,
    /// It finished (or could not run): its report.
    Done(Rc<RunReport>),
    /// The check failed (its worker broke).
    Failed(String),
}

/// What the interpreter's run says of the run as WebAssembly.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// Same output and exit, and no undefined behaviour.
    Agree,
    /// The interpreter found undefined behaviour (its kind and message).
    Ub(String),
    /// They differ without undefined behaviour: what differs.
    Differ(Vec<String>),
    /// The interpreter could not say (it stopped at the budget, or hit one of its limits).
    Inconclusive(String),
}

/// Compares a run as WebAssembly with the interpreter's run of the same input.
pub fn verdict(wasm: &RunReport, interp: &RunReport) -> Verdict {
    if let Some(ub) = &interp.ub {
        return Verdict::Ub(format!("{}: {}", ub.kind, ub.message));
    }
    if !interp.ran {
        return Verdict::Inconclusive(interp.message.clone());
    }
    if interp.status.is_none() && wasm.status.is_some() {
        return Verdict::Inconclusive(format!(
            "the interpreter did not finish: {}",
            interp.message
        ));
    }
    let mut diff = Vec::new();
    if wasm.status != interp.status {
        let s = |r: &RunReport| r.status.map_or_else(|| r.message.clone(), |s| s.to_string());
        diff.push(format!("exit status: {} as WebAssembly, {} interpreted", s(wasm), s(interp)));
    }
    if wasm.stdout != interp.stdout {
        let at = wasm
            .stdout
            .bytes()
            .zip(interp.stdout.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| wasm.stdout.len().min(interp.stdout.len()));
        diff.push(format!("stdout differs from byte {at}"));
    }
    if wasm.stderr != interp.stderr && wasm.status.is_some() {
        diff.push("stderr differs".into());
    }
    if diff.is_empty() {
        Verdict::Agree
    } else {
        Verdict::Differ(diff)
    }
}

impl State {
    /// Starts the interpreter's check of the run as WebAssembly `r` (sent with `req`).
    pub(super) fn start_compare(&mut self, req: RunRequest, fx: &mut Vec<Effect>) {
        // A check still running belongs to an older run: end it.
        if self.check_worker.busy() {
            fx.push(Effect::Check(self.check_worker.stop()));
        }
        let (_, op) = self.check_worker.request(|id| RunRequest { id, wasm: false, ..req });
        fx.extend(op.map(Effect::Check));
        self.compare = Some(Compare::Running);
        self.compare_live = LiveOutput::default();
    }

    /// Ends a check in progress (a new run starts).
    pub(super) fn stop_compare(&mut self, fx: &mut Vec<Effect>) {
        if self.check_worker.busy() {
            fx.push(Effect::Check(self.check_worker.stop()));
        }
        self.compare = None;
    }

    /// The check worker answered.
    pub(super) fn check_reply(&mut self, reply: RunReply, fx: &mut Vec<Effect>) {
        if let RunReply::Output(chunk) = &reply {
            if self.check_worker.busy() {
                self.compare_live.push(chunk);
            }
            return;
        }
        let (reply, next) = self.check_worker.receive(reply);
        fx.extend(next.map(Effect::Check));
        match reply {
            None | Some(RunReply::Output(_)) => return,
            Some(RunReply::Ran(mut r)) => {
                let rest = OutputChunk {
                    stdout: std::mem::take(&mut r.stdout),
                    stderr: std::mem::take(&mut r.stderr),
                };
                self.compare_live.push(&rest);
                r.stdout = std::mem::take(&mut self.compare_live.stdout);
                r.stderr = std::mem::take(&mut self.compare_live.stderr);
                self.compare = Some(Compare::Done(Rc::from(r)));
            }
            Some(RunReply::Error(e)) => self.compare = Some(Compare::Failed(e.message)),
        }
        fx.push(Effect::Render);
    }

    /// Shows the interpreter's report of the checked run in place of the WebAssembly one.
    pub(super) fn show_compared(&mut self, fx: &mut Vec<Effect>) {
        let Some(Compare::Done(r)) = self.compare.clone() else { return };
        self.poison_lines = Rc::new(super::line_marks(&r));
        self.hover_run = Some(r.clone());
        self.run = Some(r);
        self.marks(fx);
        fx.push(Effect::Render);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ran(status: Option<i32>, stdout: &str) -> RunReport {
        let mut r = RunReport::not_run(1, "exit status");
        r.ran = true;
        r.status = status;
        r.stdout = stdout.into();
        r
    }

    #[test]
    fn verdicts() {
        assert_eq!(verdict(&ran(Some(0), "hi\n"), &ran(Some(0), "hi\n")), Verdict::Agree);
        let v = verdict(&ran(Some(0), "hi\n"), &ran(Some(1), "ho\n"));
        assert_eq!(
            v,
            Verdict::Differ(vec![
                "exit status: 0 as WebAssembly, 1 interpreted".into(),
                "stdout differs from byte 1".into()
            ])
        );
        let mut ub = ran(None, "");
        ub.ub = Some(crate::protocol::UbView {
            kind: "branch on poison".into(),
            message: "the condition is poison".into(),
            from: 0,
            to: 1,
            line: 1,
            col: 1,
            origin: None,
            backtrace: Vec::new(),
            ..Default::default()
        });
        assert_eq!(
            verdict(&ran(Some(1), ""), &ub),
            Verdict::Ub("branch on poison: the condition is poison".into())
        );
        let stopped = ran(None, "");
        assert!(matches!(verdict(&ran(Some(0), ""), &stopped), Verdict::Inconclusive(_)));
    }
}
