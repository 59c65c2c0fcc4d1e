//! The reducer's part for the analysis worker's answers: checking the text as it changes (only
//! the newest text goes, once the worker is free), and taking in an analysis: diagnostics, the
//! function list, the CFG, the marks. What the request carries and asks for is `views.rs`'s.

use super::{Effect, Measure, State};
use crate::protocol::{Analysis, AnalysisReply, AnalyzeRequest, TextUpdate};
use std::rc::Rc;

impl State {
    /// Asks for the text to be checked: sent at once when the worker is idle, else it waits
    /// and only the newest text is sent (natural debouncing). A replacement by the upgraded
    /// text asked for before is given up.
    pub(super) fn check(&mut self, fx: &mut Vec<Effect>) {
        self.upgrade = None;
        self.check_with(false, fx);
    }

    /// [`State::check`], asking for the upgraded text too when `upgrade`; returns the id.
    pub(super) fn check_with(&mut self, upgrade: bool, fx: &mut Vec<Effect>) -> u32 {
        let (text, function) = (&self.text, &self.view.function);
        let views = self.views_to_ask();
        let (id, op) = self.analysis_worker.request(|id| AnalyzeRequest {
            id,
            text: TextUpdate::Whole { text: text.to_string() },
            function: function.clone(),
            upgrade,
            views,
        });
        self.post_analysis(op, fx);
        id
    }

    pub(super) fn analysis_reply(&mut self, reply: AnalysisReply, fx: &mut Vec<Effect>) {
        let (reply, next) = self.analysis_worker.receive(reply);
        let current = next.is_none();
        self.post_analysis(next, fx);
        match reply {
            None => {}
            Some(AnalysisReply::Analyzed(a)) => self.apply_analysis(*a, current, fx),
            Some(AnalysisReply::Resend(id)) => self.resend(id, fx),
            Some(AnalysisReply::Error(e)) => {
                // The worker is replaced, so the next edit is checked again.
                self.toast = Some(format!("checking failed: {}", e.message));
                fx.push(Effect::Render);
            }
        }
    }

    fn apply_analysis(&mut self, mut a: Analysis, current: bool, fx: &mut Vec<Effect>) {
        let upgraded = self.take_upgrade(&mut a);
        fx.push(Effect::Measure(Measure::Checked { analysis_ms: a.millis, current }));
        // Keep the last good CFG and function list while the text has errors, and the CFG
        // while its pane is closed (it is asked for when the pane opens).
        if let Some(c) = a.cfg.take() {
            self.cfg = Some(Rc::new(c));
            fx.push(Effect::Measure(Measure::CfgChanged));
        } else if a.valid && a.views.cfg {
            self.cfg = None;
        }
        if let Some(old) = self.analysis.as_deref() {
            if !a.valid && a.functions.is_empty() {
                a.functions = old.functions.clone();
            }
        }
        let a = Rc::new(a);
        // Typing in a valid module: no squiggles to draw again.
        let none_before = self.analysis.as_ref().is_some_and(|old| old.diagnostics.is_empty());
        if !(none_before && a.diagnostics.is_empty()) {
            fx.push(Effect::ShowDiagnostics(a.clone()));
        }
        self.analysis = Some(a);
        self.marks(fx);
        fx.push(Effect::Render);
        if let Some(upgraded) = upgraded {
            self.replace_with_upgraded(upgraded, fx);
        }
    }
}
