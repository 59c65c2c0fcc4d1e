//! The reducer's part for the stepper: a session in the debug worker, started from the
//! editor's text with the run settings (entry, arguments, input, step budget), moved by the
//! toolbar and its keys, with the breakpoints of the editor's gutter.
//!
//! The session belongs to the text it started from. Editing the text marks it stale: its
//! positions are of the old text, so the editor's highlight goes and only Restart (which
//! debugs the new text) and Stop are offered; undoing back to the session's text makes it
//! current again. The user's text is never touched. Once the program ends, its report becomes
//! the page's shown run (the Run tab and the editor's marks), as a Run of that text gives it.

use super::{line_marks, Action, Effect, State};
use crate::page::share::Tab;
use crate::page::workers::{Policy, WorkerHandle};
use crate::protocol::debug::{Command, DebugStop, Position};
use crate::protocol::{DebugOp, DebugReply, DebugRequest, DebugStart, RunReport};
use std::rc::Rc;

/// What the stepper's user (or its worker) did.
#[derive(Clone, Debug, PartialEq)]
pub enum DebugAction {
    /// Start a session of the current text (Debug, or Restart).
    Start,
    /// Move the session.
    Exec(Command),
    /// Run to the line of the editor's cursor.
    RunToCursor,
    /// End the session (and whatever the worker is doing) and close the panel.
    Stop,
    /// The editor's breakpoints changed (1-based lines).
    Breakpoints(Vec<u32>),
    /// The debug worker answered.
    Reply(DebugReply),
    /// The debug worker could not be started.
    NoWorker(String),
}

/// How the session is doing, for the panel.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// A request is in flight (what it is, as the toolbar names it).
    Busy(&'static str),
    /// Paused at an instruction.
    Paused,
    /// The program has ended.
    Finished,
    /// No session: why (the module has errors, the worker failed).
    Failed(String),
}

/// A stepping session as the page sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct DebugSession {
    /// The text it runs (its positions are byte offsets into it).
    pub text: Rc<str>,
    /// The state at the last stop.
    pub stop: Option<Rc<DebugStop>>,
    /// The run's end report, once it has ended.
    pub report: Option<Rc<RunReport>>,
    /// What it is doing.
    pub phase: Phase,
    /// The most steps seen (the step slider's end).
    pub max_seen: u64,
    /// How many replies it has had (each new stop is a new number).
    pub stops: u32,
}

/// The page's side of the stepper.
#[derive(Debug)]
pub struct Debugger {
    worker: WorkerHandle<DebugRequest, DebugReply>,
    /// The breakpoints of the editor's gutter (1-based lines, ascending).
    pub breakpoints: Vec<u32>,
    /// The editor's cursor (a byte offset), for Run to cursor.
    pub cursor: u32,
    /// The session, while the panel is open.
    pub session: Option<DebugSession>,
}

impl Default for Debugger {
    fn default() -> Self {
        Debugger {
            worker: WorkerHandle::new(Policy::OneAtATime),
            breakpoints: Vec::new(),
            cursor: 0,
            session: None,
        }
    }
}

/// The toolbar's name of a command (shown while it runs).
pub fn command_name(c: &Command) -> &'static str {
    match c {
        Command::Step => "Step",
        Command::StepOver => "Step over",
        Command::StepOut => "Step out",
        Command::Continue => "Continue",
        Command::RunToLine { .. } => "Run to cursor",
        Command::StepBack => "Step back",
        Command::BackOver => "Back over",
        Command::BackOut => "Back out",
        Command::ReverseContinue => "Reverse continue",
        Command::Goto { .. } => "Go to step",
    }
}

impl DebugSession {
    /// True when the editor's text is no longer the one the session runs.
    pub fn stale(&self, text: &str) -> bool {
        *self.text != *text
    }

    /// Where the session is, when it is at an instruction.
    pub fn position(&self) -> Option<&Position> {
        self.stop.as_ref().and_then(|s| s.view.as_ref()).and_then(|v| v.position.as_ref())
    }
}

impl State {
    /// True while a stepping session is open (the panel shows).
    pub fn debugging(&self) -> bool {
        self.debug.session.is_some()
    }

    /// The session, when it runs the editor's text (its positions are the editor's).
    pub fn current_session(&self) -> Option<&DebugSession> {
        self.debug.session.as_ref().filter(|s| !s.stale(&self.text))
    }

    /// Applies a stepper action.
    pub(super) fn debug_action(&mut self, action: DebugAction, fx: &mut Vec<Effect>) {
        match action {
            DebugAction::Start => self.start_debug(fx),
            DebugAction::Exec(command) => self.debug_exec(command, fx),
            DebugAction::RunToCursor => {
                let before = self.text.get(..self.debug.cursor as usize).unwrap_or(&self.text);
                let line = before.matches('\n').count() as u32 + 1;
                self.debug_exec(Command::RunToLine { line }, fx);
            }
            DebugAction::Stop => {
                fx.push(Effect::Debug(self.debug.worker.stop()));
                self.debug.session = None;
                fx.push(Effect::DebugLine(None, "paused"));
                fx.push(Effect::Render);
            }
            DebugAction::Breakpoints(lines) => {
                self.debug.breakpoints = lines;
                fx.push(Effect::Render);
            }
            DebugAction::Reply(reply) => self.debug_reply(reply, fx),
            DebugAction::NoWorker(message) => {
                fx.push(Effect::Debug(self.debug.worker.stop()));
                if let Some(s) = self.debug.session.as_mut() {
                    s.phase = Phase::Failed(message);
                }
                fx.push(Effect::Render);
            }
        }
    }

    /// Called on every edit: a session of another text is stale (or current again).
    pub(super) fn debug_text_changed(&mut self, fx: &mut Vec<Effect>) {
        if self.debug.session.is_some() {
            self.show_debug_line(fx);
        }
    }

    fn start_debug(&mut self, fx: &mut Vec<Effect>) {
        // A session in flight is ended: its worker goes, the new one starts afresh.
        if self.debug.worker.busy() {
            fx.push(Effect::Debug(self.debug.worker.stop()));
        }
        let start = DebugStart {
            text: self.text.to_string(),
            entry: self.view.entry.clone(),
            args: self.view.args.clone(),
            env: self.view.env.clone(),
            max_steps: self.max_steps,
            stdin: self.view.stdin.clone(),
            breakpoints: self.debug.breakpoints.clone(),
        };
        let (_, op) =
            self.debug.worker.request(|id| DebugRequest { id, op: DebugOp::Start(start) });
        fx.extend(op.map(Effect::Debug));
        self.debug.session = Some(DebugSession {
            text: self.text.clone(),
            stop: None,
            report: None,
            phase: Phase::Busy("Starting"),
            max_seen: 0,
            stops: 0,
        });
        // The graph shows where the program is.
        if self.view.tab != Tab::Cfg {
            self.view.tab = Tab::Cfg;
            fx.push(Effect::SaveView(self.view.clone()));
        }
        fx.push(Effect::DebugLine(None, "paused"));
        fx.push(Effect::Render);
    }

    fn debug_exec(&mut self, command: Command, fx: &mut Vec<Effect>) {
        let text = self.text.clone();
        let Some(s) = self.debug.session.as_mut() else { return };
        // A stale session does not move (Restart debugs the new text); one that has not
        // started, or failed, has nothing to move.
        if s.stale(&text) || s.stop.is_none() || matches!(s.phase, Phase::Failed(_)) {
            return;
        }
        let name = command_name(&command);
        let breakpoints = self.debug.breakpoints.clone();
        let (_, op) = self
            .debug
            .worker
            .request(|id| DebugRequest { id, op: DebugOp::Exec { command, breakpoints } });
        fx.extend(op.map(Effect::Debug));
        s.phase = Phase::Busy(name);
        fx.push(Effect::Render);
    }

    fn debug_reply(&mut self, reply: DebugReply, fx: &mut Vec<Effect>) {
        let (reply, next) = self.debug.worker.receive(reply);
        fx.extend(next.map(Effect::Debug));
        let busy = self.debug.worker.busy();
        let Some(s) = self.debug.session.as_mut() else { return };
        let mut ended = None;
        s.stops = s.stops.wrapping_add(1);
        match reply {
            None => return,
            Some(DebugReply::Error(e)) => {
                s.phase = Phase::Failed(format!("the debugger failed: {}", e.message));
            }
            Some(DebugReply::Stopped(mut stop)) => {
                if let Some(e) = stop.error.take() {
                    s.phase = Phase::Failed(e);
                    s.stop = None;
                } else {
                    ended = stop.report.take().map(Rc::new);
                    let view = stop.view.as_ref();
                    let finished = stop.ended.is_some();
                    s.max_seen = s.max_seen.max(view.map_or(0, |v| v.steps));
                    if !busy {
                        s.phase = if finished { Phase::Finished } else { Phase::Paused };
                    }
                    s.stop = Some(Rc::new(*stop));
                    if let Some(r) = &ended {
                        s.report = Some(r.clone());
                    }
                }
            }
        }
        if let Some(r) = ended {
            self.show_session_report(r, fx);
        }
        self.follow_function(fx);
        self.show_debug_line(fx);
        fx.push(Effect::Render);
    }

    /// The ended session's report becomes the page's shown run (when the session runs the
    /// editor's text).
    fn show_session_report(&mut self, r: Rc<RunReport>, fx: &mut Vec<Effect>) {
        let Some(s) = self.current_session() else { return };
        self.run_text = s.text.clone();
        self.poison_lines = Rc::new(line_marks(&r));
        self.hover_run = Some(r.clone());
        self.live = Rc::default();
        self.run = Some(r);
        self.marks(fx);
    }

    /// The CFG shows the function the session is in.
    fn follow_function(&mut self, fx: &mut Vec<Effect>) {
        let Some(f) = self.current_session().and_then(DebugSession::position) else { return };
        let name = f.function.trim_start_matches('@').to_string();
        let shown = self.cfg.as_ref().is_some_and(|c| c.function == name);
        if !shown && self.view.function.as_deref() != Some(&name) {
            self.view.function = Some(name);
            self.selected_block = None;
            self.check(fx);
        }
    }

    /// Highlights the session's instruction in the editor (none when stale or not there).
    fn show_debug_line(&self, fx: &mut Vec<Effect>) {
        let s = self.current_session();
        let at = s.and_then(DebugSession::position).map(|p| p.span);
        let kind =
            if s.is_some_and(|s| s.phase == Phase::Finished) { "finished" } else { "paused" };
        fx.push(Effect::DebugLine(at, kind));
    }

    /// The index in the shown CFG of the block the session is in, and the instruction's start.
    pub fn debug_block(&self) -> Option<(usize, u32)> {
        let at = self.current_session()?.position()?;
        let cfg = self.cfg.as_ref()?;
        if cfg.function != at.function.trim_start_matches('@') {
            return None;
        }
        let start = at.span.0;
        let block =
            cfg.blocks.iter().position(|b| b.from <= start && start < b.to.max(b.from + 1))?;
        Some((block, start))
    }
}

/// The stepper's action of a key (`key` as `KeyboardEvent.key` names it), if it has one:
/// F8 continue, F10 step over, F11 step, Shift+F11 step out, Ctrl+F10 run to cursor; with Alt
/// the reverse ones (Alt+F8 reverse continue, Alt+F10 back over, Alt+F11 step back,
/// Alt+Shift+F11 back out); Shift+F8 stops and Ctrl+Shift+F8 restarts.
pub fn key_action(key: &str, shift: bool, ctrl: bool, alt: bool) -> Option<DebugAction> {
    let exec = |c| Some(DebugAction::Exec(c));
    match (key, shift, ctrl, alt) {
        ("F8", false, false, false) => exec(Command::Continue),
        ("F8", false, false, true) => exec(Command::ReverseContinue),
        ("F8", true, false, false) => Some(DebugAction::Stop),
        ("F8", true, true, false) => Some(DebugAction::Start),
        ("F10", false, false, false) => exec(Command::StepOver),
        ("F10", false, false, true) => exec(Command::BackOver),
        ("F10", false, true, false) => Some(DebugAction::RunToCursor),
        ("F11", false, false, false) => exec(Command::Step),
        ("F11", true, false, false) => exec(Command::StepOut),
        ("F11", false, false, true) => exec(Command::StepBack),
        ("F11", true, false, true) => exec(Command::BackOut),
        _ => None,
    }
}

impl From<DebugAction> for Action {
    fn from(a: DebugAction) -> Action {
        Action::Debug(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::share::View;
    use crate::page::state::Init;
    use crate::page::workers::WorkerOp;
    use crate::protocol::debug::StopReason;
    use crate::protocol::{AnalyzeRequest, Reply, Request};
    use crate::worker;

    const CALL: &str = "define i32 @sq(i32 %x) {
entry:
  %m = mul i32 %x, %x
  ret i32 %m
}

define i32 @main() {
entry:
  %a = add i32 3, 4
  %s = call i32 @sq(i32 %a)
  %r = add i32 %s, 1
  ret i32 %r
}
";

    /// The worker's own answer to `req`, as the action it becomes.
    fn answer(req: impl Into<Request>) -> Action {
        match worker::handle(req.into()) {
            Reply::Analysis(r) => Action::AnalysisReply(r),
            Reply::Run(r) => Action::RunReply(r),
            Reply::Opt(r) => Action::OptReply(r),
            Reply::Asm(r) => Action::AsmReply(r),
            Reply::Debug(r) => Action::Debug(DebugAction::Reply(r)),
            Reply::Files(r) => Action::Files(super::super::FilesAction::Reply(r)),
        }
    }

    fn debug_posts(fx: &[Effect]) -> Vec<DebugRequest> {
        let post = |e: &Effect| match e {
            Effect::Debug(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        };
        fx.iter().filter_map(post).collect()
    }

    fn analysis_posts(fx: &[Effect]) -> Vec<AnalyzeRequest> {
        let post = |e: &Effect| match e {
            Effect::Analysis(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        };
        fx.iter().filter_map(post).collect()
    }

    /// The editor's highlight the effects set last.
    fn line(fx: &[Effect]) -> Option<Option<(u32, u32)>> {
        fx.iter().rev().find_map(|e| match e {
            Effect::DebugLine(at, _) => Some(*at),
            _ => None,
        })
    }

    /// Carries out a stepper action with the real workers; returns the reply's effects.
    fn act(s: &mut State, a: DebugAction) -> Vec<Effect> {
        let fx = s.reduce(Action::Debug(a));
        let mut out = fx.clone();
        for req in debug_posts(&fx) {
            let reply = s.reduce(answer(req));
            for a in analysis_posts(&reply) {
                out.extend(s.reduce(answer(a)));
            }
            out.extend(reply);
        }
        out
    }

    fn text_of(s: &State, span: (u32, u32)) -> &str {
        s.text.get(span.0 as usize..span.1 as usize).unwrap_or("")
    }

    fn checked(text: &str) -> State {
        let view = View { entry: "main".into(), ..View::default() };
        let mut s = State::new(Init { view, text: text.into(), ..Init::default() });
        for req in analysis_posts(&s.reduce(Action::Start)) {
            s.reduce(answer(req));
        }
        s
    }

    #[test]
    fn a_session_starts_with_the_run_settings_steps_and_ends_as_a_run() {
        let mut s = checked(CALL);
        s.reduce(Action::SetSteps("500".into()));
        s.reduce(Action::Debug(DebugAction::Breakpoints(vec![11])));
        let fx = s.reduce(Action::Debug(DebugAction::Start));
        let start = debug_posts(&fx);
        let want = DebugStart {
            text: CALL.into(),
            entry: "main".into(),
            args: Vec::new(),
            env: Vec::new(),
            max_steps: 500,
            stdin: String::new(),
            breakpoints: vec![11],
        };
        assert!(
            matches!(start.as_slice(), [DebugRequest { op: DebugOp::Start(st), .. }] if *st == want)
        );
        assert_eq!(s.view.tab, Tab::Cfg);
        assert!(
            s.debugging()
                && s.current_session().is_some_and(|d| d.phase == Phase::Busy("Starting"))
        );
        let mut fx = fx;
        for req in start {
            fx = s.reduce(answer(req));
        }
        let at = line(&fx).flatten().map(|sp| text_of(&s, sp).to_string());
        assert_eq!(at.as_deref(), Some("%a = add i32 3, 4"));
        assert_eq!(s.current_session().map(|d| d.phase.clone()), Some(Phase::Paused));
        // Continue stops at the breakpoint, in the block the graph shows.
        let fx = act(&mut s, DebugAction::Exec(Command::Continue));
        let reason = s
            .current_session()
            .and_then(|d| d.stop.as_ref())
            .and_then(|st| st.view.as_ref())
            .map(|v| v.reason.clone());
        assert_eq!(reason, Some(StopReason::Breakpoint { line: 11 }));
        let at = line(&fx).flatten().map(|sp| text_of(&s, sp).to_string());
        assert_eq!(at.as_deref(), Some("%r = add i32 %s, 1"));
        assert_eq!(s.debug_block().map(|(b, _)| b), Some(0));
        // To the end: the report is the page's shown run.
        act(&mut s, DebugAction::Exec(Command::Continue));
        assert_eq!(s.current_session().map(|d| d.phase.clone()), Some(Phase::Finished));
        assert_eq!(s.run.as_ref().map(|r| r.message.as_str()), Some("exit status 50"));
        assert!(s.run_is_current());
        // Stop ends it; a late answer changes nothing.
        let fx = s.reduce(Action::Debug(DebugAction::Stop));
        assert!(fx.contains(&Effect::Debug(WorkerOp::Terminate)) && !s.debugging());
        assert_eq!(line(&fx), Some(None));
    }

    #[test]
    fn editing_makes_a_session_stale_until_the_text_is_back() {
        let mut s = checked(CALL);
        act(&mut s, DebugAction::Start);
        act(&mut s, DebugAction::Exec(Command::Step));
        let fx = s.reduce(Action::TextChanged(format!("{CALL}; more\n")));
        assert_eq!(line(&fx), Some(None), "the highlight goes");
        assert!(s.debugging() && s.current_session().is_none());
        // A stale session does not move.
        let fx = s.reduce(Action::Debug(DebugAction::Exec(Command::Step)));
        assert!(debug_posts(&fx).is_empty());
        let fx = s.reduce(Action::TextChanged(CALL.into()));
        let at = line(&fx).flatten().map(|sp| text_of(&s, sp).to_string());
        assert_eq!(at.as_deref(), Some("%s = call i32 @sq(i32 %a)"));
        // Restart debugs the text as it is now.
        s.reduce(Action::TextChanged(format!("{CALL}; more\n")));
        let fx = s.reduce(Action::Debug(DebugAction::Start));
        let text = debug_posts(&fx).into_iter().find_map(|r| match r.op {
            DebugOp::Start(st) => Some(st.text),
            _ => None,
        });
        assert_eq!(text, Some(format!("{CALL}; more\n")));
    }

    #[test]
    fn the_graph_follows_the_function_and_run_to_cursor_goes_to_its_line() {
        let mut s = checked(CALL);
        act(&mut s, DebugAction::Start);
        act(&mut s, DebugAction::Exec(Command::Step));
        let fx = act(&mut s, DebugAction::Exec(Command::Step));
        assert!(analysis_posts(&fx).iter().any(|a| a.function.as_deref() == Some("sq")));
        assert_eq!(s.cfg.as_ref().map(|c| c.function.as_str()), Some("sq"));
        assert!(s.debug_block().is_some());
        // Run to cursor: the cursor on the `ret` of @main.
        let at = CALL.find("ret i32 %r").unwrap_or(0) as u32;
        // The cursor moving into @main draws its CFG (the analysis answers, as in the page).
        for req in analysis_posts(&s.reduce(Action::Cursor(at))) {
            s.reduce(answer(req));
        }
        let fx = act(&mut s, DebugAction::RunToCursor);
        let sent = debug_posts(&fx).into_iter().find_map(|r| match r.op {
            DebugOp::Exec { command, .. } => Some(command),
            _ => None,
        });
        assert_eq!(sent, Some(Command::RunToLine { line: 12 }));
        let at = line(&fx).flatten().map(|sp| text_of(&s, sp).to_string());
        assert_eq!(at.as_deref(), Some("ret i32 %r"));
        assert_eq!(s.cfg.as_ref().map(|c| c.function.as_str()), Some("main"));
    }

    #[test]
    fn keys_avoid_the_browser_s_own() {
        let k = |key, shift, ctrl, alt| key_action(key, shift, ctrl, alt);
        assert_eq!(k("F11", false, false, false), Some(DebugAction::Exec(Command::Step)));
        assert_eq!(k("F11", false, false, true), Some(DebugAction::Exec(Command::StepBack)));
        assert_eq!(k("F11", true, false, true), Some(DebugAction::Exec(Command::BackOut)));
        assert_eq!(k("F10", false, true, false), Some(DebugAction::RunToCursor));
        // F5 (reload) and plain letters are left to the browser and the editor.
        assert_eq!(k("F5", false, false, false), None);
        assert_eq!(k("s", false, false, false), None);
    }
}
