//! The reducer's side of the analysis worker's economy: the text goes to the worker as an edit
//! of the text it holds (the last one posted to it), not whole; and only the views on screen are
//! asked for (the CFG while its pane is open, the may-be-poison marks while the overlay is on,
//! the values of the functions the editor shows). Opening the pane, turning the overlay on or
//! scrolling the editor asks for what the last analysis lacks; the worker answers that from the
//! check it kept, without checking the text again.

use super::{Effect, State};
use crate::page::share::Tab;
use crate::page::workers::WorkerOp;
use crate::protocol::{AnalyzeRequest, TextUpdate, Views};
use std::rc::Rc;

/// What the editor shows before it says (bytes): more than a first screen of text.
const FIRST_SCREEN: (u32, u32) = (0, 16 << 10);

/// The page's knowledge of the analysis worker beyond its handle.
#[derive(Debug)]
pub struct Lazy {
    /// The last request posted to the worker, and its text: what the worker holds. `None`
    /// when there is no worker, or a new one.
    base: Option<(u32, Rc<str>)>,
    /// The byte range the editor shows.
    viewport: (u32, u32),
    /// The analysis (its id) and views already asked for by [`State::refresh_views`]: asked
    /// once, so that a worker that cannot answer is not asked again and again.
    asked: Option<(u32, Views)>,
}

impl Default for Lazy {
    fn default() -> Lazy {
        Lazy { base: None, viewport: FIRST_SCREEN, asked: None }
    }
}

impl State {
    /// The views on screen; `values` is the exact range the editor shows.
    fn views_on_screen(&self) -> Views {
        Views {
            cfg: self.view.tab == Tab::Cfg,
            may_poison: self.view.may_poison,
            values: Some(self.lazy.viewport),
        }
    }

    /// The views a request asks for: those on screen, with the values of a screen more on
    /// either side, so that scrolling a little needs no new request.
    pub(super) fn views_to_ask(&self) -> Views {
        let mut v = self.views_on_screen();
        let (from, to) = self.lazy.viewport;
        let more = to.saturating_sub(from);
        v.values = Some((from.saturating_sub(more), to.saturating_add(more)));
        v
    }

    /// Carries out `op` on the analysis worker: a posted text becomes an edit of the text the
    /// worker holds; ending the worker forgets that text.
    pub(super) fn post_analysis(
        &mut self,
        op: Option<WorkerOp<AnalyzeRequest>>,
        fx: &mut Vec<Effect>,
    ) {
        match op {
            Some(WorkerOp::Post(mut req)) => {
                if let Some(text) = req.text.whole() {
                    let text: Rc<str> =
                        if *text == *self.text { self.text.clone() } else { Rc::from(text) };
                    if let Some((base_id, base)) = &self.lazy.base {
                        req.text = TextUpdate::between(*base_id, base, &text);
                    }
                    self.lazy.base = Some((req.id, text));
                }
                fx.push(Effect::Analysis(WorkerOp::Post(req)));
            }
            Some(WorkerOp::Terminate) => {
                self.lazy.base = None;
                fx.push(Effect::Analysis(WorkerOp::Terminate));
            }
            None => {}
        }
    }

    /// Ends the analysis worker and forgets the text it held: the effect to carry out.
    pub(super) fn stop_analysis(&mut self) -> Effect {
        self.lazy.base = None;
        Effect::Analysis(self.analysis_worker.stop())
    }

    /// The worker did not hold the text request `id` edited (it is a new one): the text is sent
    /// again, whole.
    pub(super) fn resend(&mut self, id: u32, fx: &mut Vec<Effect>) {
        self.lazy.base = None;
        if self.analysis_worker.busy() {
            return; // a newer request is on its way, whole now
        }
        let upgrade = self.upgrade.as_ref().is_some_and(|(asked, _)| *asked == id);
        let new = self.check_with(upgrade, fx);
        if let Some((asked, _)) = self.upgrade.as_mut().filter(|_| upgrade) {
            *asked = new;
        }
    }

    /// The editor shows the bytes `from..to`.
    pub(super) fn viewport(&mut self, from: u32, to: u32, fx: &mut Vec<Effect>) {
        self.lazy.viewport = (from.min(to), to.max(from));
        self.refresh_views(fx);
    }

    /// The text the analysis worker holds (that of the last request posted to it).
    #[cfg(test)]
    pub(crate) fn sent_text(&self) -> Option<&str> {
        self.lazy.base.as_ref().map(|(_, t)| &**t)
    }

    /// Asks for the views on screen that the last analysis lacks, unless a check is on its
    /// way (its answer comes back here) or they were asked for already.
    pub(super) fn refresh_views(&mut self, fx: &mut Vec<Effect>) {
        if self.analysis_worker.busy() {
            return;
        }
        let Some(a) = self.analysis.as_deref().filter(|a| a.valid) else { return };
        let wanted = self.views_on_screen();
        if a.views.hold(&wanted) || self.lazy.asked.as_ref() == Some(&(a.id, wanted.clone())) {
            return;
        }
        self.lazy.asked = Some((a.id, wanted));
        self.check_with(false, fx);
    }
}

#[cfg(test)]
mod tests {
    use crate::page::share::{Tab, View};
    use crate::page::state::{Action, Effect, Init, State};
    use crate::page::workers::WorkerOp;
    use crate::protocol::{AnalysisReply, AnalyzeRequest, Reply, Request, TextUpdate};
    use crate::worker;

    /// A module of `n` functions of a few lines each.
    fn module(n: usize) -> String {
        (0..n)
            .map(|i| format!("define i32 @f{i}(i32 %a) {{\nentry:\n  %b = add i32 %a, {i}\n  ret i32 %b\n}}\n"))
            .collect()
    }

    fn posted(fx: &[Effect]) -> Option<AnalyzeRequest> {
        fx.iter().find_map(|e| match e {
            Effect::Analysis(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        })
    }

    /// Answers `req` as the worker does (it keeps the text between requests).
    fn answer(s: &mut State, req: AnalyzeRequest) -> Vec<Effect> {
        match worker::handle(Request::Analyze(req)) {
            Reply::Analysis(r) => s.reduce(Action::AnalysisReply(r)),
            other => panic!("not an analysis reply: {other:?}"),
        }
    }

    fn started(text: &str, tab: Tab) -> (State, AnalyzeRequest) {
        let mut s = State::new(Init {
            view: View { tab, ..View::default() },
            text: text.into(),
            ..Init::default()
        });
        let req = posted(&s.reduce(Action::Start)).expect("the start checks the text");
        (s, req)
    }

    #[test]
    fn typing_sends_the_change_and_the_worker_checks_the_whole_text() {
        let text = module(200);
        let (mut s, req) = started(&text, Tab::Cfg);
        assert_eq!(req.text.whole(), Some(text.as_str()), "the first request carries the text");
        answer(&mut s, req);
        let typed = text.replacen("add i32 %a, 7", "add i32 %a, 77", 1);
        let req = posted(&s.reduce(Action::TextChanged(typed.clone()))).expect("a check");
        let TextUpdate::Edit(e) = &req.text else { panic!("the whole text was sent again") };
        assert_eq!(e.insert, "7");
        answer(&mut s, req);
        let a = s.analysis.clone().expect("analysed");
        assert!(a.valid && a.diagnostics.is_empty());
        // An error typed far into the text is found where it is.
        let broken = typed.replacen(
            "ret i32 %b\n}\ndefine i32 @f150",
            "ret i32 %zz\n}\ndefine i32 @f150",
            1,
        );
        assert_ne!(broken, typed);
        let req = posted(&s.reduce(Action::TextChanged(broken.clone()))).expect("a check");
        assert!(req.text.carried() < 10);
        answer(&mut s, req);
        let a = s.analysis.clone().expect("analysed");
        let at = broken.find("%zz").expect("typed") as u32;
        assert!(a.diagnostics.iter().any(|d| d.from == at), "{:?}", a.diagnostics);
    }

    #[test]
    fn a_new_worker_gets_the_whole_text() {
        let text = module(20);
        let (mut s, req) = started(&text, Tab::Cfg);
        answer(&mut s, req);
        // The worker fails: it is ended, and the next request carries the whole text.
        let req = posted(&s.reduce(Action::TextChanged(module(21)))).expect("a check");
        let fx =
            s.reduce(Action::AnalysisReply(AnalysisReply::Error(crate::protocol::WorkerError {
                id: Some(req.id),
                message: "crashed".into(),
            })));
        assert!(fx.contains(&Effect::Analysis(WorkerOp::Terminate)));
        let req = posted(&s.reduce(Action::TextChanged(module(22)))).expect("a check");
        assert!(req.text.whole().is_some());
    }

    #[test]
    fn an_edit_the_worker_cannot_apply_is_sent_again_whole() {
        let text = module(20);
        let (mut s, req) = started(&text, Tab::Cfg);
        answer(&mut s, req);
        let req = posted(&s.reduce(Action::TextChanged(module(21)))).expect("a check");
        assert!(req.text.whole().is_none());
        // Another thread is another worker: it holds no text.
        let reply = std::thread::spawn(move || worker::handle(Request::Analyze(req)))
            .join()
            .expect("answered");
        let Reply::Analysis(reply) = reply else { panic!("not an analysis reply") };
        assert!(matches!(reply, AnalysisReply::Resend(_)));
        let req = posted(&s.reduce(Action::AnalysisReply(reply))).expect("sent again");
        assert_eq!(req.text.whole(), Some(module(21).as_str()));
        answer(&mut s, req);
        assert_eq!(s.analysis.as_ref().map(|a| a.functions.len()), Some(21));
    }

    #[test]
    fn the_cfg_is_laid_out_only_while_its_pane_is_open() {
        let text = module(3);
        let (mut s, req) = started(&text, Tab::Run);
        assert!(!req.views.cfg);
        answer(&mut s, req);
        assert!(s.cfg.is_none());
        // Opening the pane asks for it, from the text the worker holds.
        let req = posted(&s.reduce(Action::SetTab(Tab::Cfg))).expect("the CFG is asked for");
        assert!(req.views.cfg && req.text.carried() == 0);
        answer(&mut s, req);
        assert_eq!(s.cfg.as_ref().map(|c| c.function.as_str()), Some("f0"));
        // Once there, switching back and forth asks for nothing.
        assert!(posted(&s.reduce(Action::SetTab(Tab::Run))).is_none());
        assert!(posted(&s.reduce(Action::SetTab(Tab::Cfg))).is_none());
    }

    #[test]
    fn values_and_marks_are_those_on_screen() {
        let text = module(2000);
        let (mut s, req) = started(&text, Tab::Cfg);
        assert!(!req.views.may_poison);
        answer(&mut s, req);
        let a = s.analysis.clone().expect("analysed");
        let names = |a: &crate::protocol::Analysis| {
            let mut f: Vec<u32> = a.values.iter().map(|v| v.scope.0).collect();
            f.dedup();
            f.len()
        };
        let shown = names(&a);
        assert!(shown > 0 && shown < 2000 / 4, "values of {shown} functions");
        assert!(a.may_poison.is_empty());
        // Scrolling to the end asks for the values there.
        let end = text.len() as u32;
        let req = posted(&s.reduce(Action::Viewport(end - 2000, end))).expect("values asked for");
        assert_eq!(req.text.carried(), 0);
        answer(&mut s, req);
        let a = s.analysis.clone().expect("analysed");
        assert!(a.values.iter().any(|v| v.scope.1 + 10 >= end));
        // A small scroll stays within what came.
        assert!(posted(&s.reduce(Action::Viewport(end - 2500, end - 500))).is_none());
        // The overlay asks for the marks of every function.
        let req = posted(&s.reduce(Action::ToggleMayPoison)).expect("marks asked for");
        assert!(req.views.may_poison);
        answer(&mut s, req);
        assert!(s.analysis.as_ref().is_some_and(|a| a.views.may_poison));
    }

    #[test]
    fn a_worker_that_cannot_answer_is_not_asked_again_and_again() {
        let (mut s, req) = started(&module(2), Tab::Run);
        answer(&mut s, req);
        let fx = s.reduce(Action::SetTab(Tab::Cfg));
        assert!(posted(&fx).is_some());
        // No worker: the page stops it; nothing more is asked until something changes.
        let fx = s.reduce(Action::NoWorker(crate::page::state::Worker::Analysis, "none".into()));
        assert!(posted(&fx).is_none());
        let fx = s.reduce(Action::SetTab(Tab::Cfg));
        assert!(posted(&fx).is_none());
    }
}
