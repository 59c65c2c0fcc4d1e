//! The reducer's part for text in legacy syntax (LLVM 1.x, typed pointers), which the parser
//! upgrades as it reads it: "Replace with the upgraded text" asks the analysis worker to check
//! the text once more and print its module as LLVM 19 text (what `irplay fmt` prints), and puts
//! that text in the editor as one undoable change (Ctrl-Z in the editor, or the note's Undo,
//! brings the old text back). An edit made before the answer comes gives the replacement up:
//! the answer is of a text that is no longer there.

use super::{Effect, State};
use crate::protocol::{Analysis, LegacyKind};

/// What the analysis worker answered to a request for the upgraded text.
#[derive(Debug)]
pub(super) struct Upgraded {
    kind: LegacyKind,
    /// The module as LLVM 19 prints it; `None` when the text no longer parses.
    text: Option<String>,
}

impl State {
    /// True while the upgraded text is awaited.
    pub fn upgrading(&self) -> bool {
        self.upgrade.is_some()
    }

    /// Asks for the upgraded text of the current text, if its last analysis found legacy
    /// syntax that can be printed.
    pub(super) fn ask_upgrade(&mut self, fx: &mut Vec<Effect>) {
        let legacy = self.analysis.as_ref().and_then(|a| a.legacy.as_ref());
        if self.upgrade.is_some() || !legacy.is_some_and(|l| l.upgradable) {
            return;
        }
        let id = self.check_with(true, fx);
        self.upgrade = Some((id, self.text.clone()));
        fx.push(Effect::Render);
    }

    /// Takes the upgraded text out of `a` (the page keeps analyses, not this copy of the text):
    /// the answer to the request for it, when `a` is that answer and the text is unchanged.
    pub(super) fn take_upgrade(&mut self, a: &mut Analysis) -> Option<Upgraded> {
        let text = a.legacy.as_mut().and_then(|l| l.text.take());
        let (_, asked) = self.upgrade.take_if(|(id, _)| *id == a.id)?;
        if *asked != *self.text {
            return None;
        }
        let kind = a.legacy.as_ref().map_or(LegacyKind::Llvm1, |l| l.kind);
        Some(Upgraded { kind, text })
    }

    /// Puts the upgraded text in the editor (one undoable change), or says why there is none.
    pub(super) fn replace_with_upgraded(&mut self, up: Upgraded, fx: &mut Vec<Effect>) {
        let Some(text) = up.text else {
            self.files.failed("cannot replace the text: it does not parse".into());
            return;
        };
        let what = match up.kind {
            LegacyKind::Llvm1 => "the LLVM 1.x text",
            LegacyKind::TypedPointers => "the typed pointers",
        };
        let before = self.text.clone();
        fx.push(Effect::SetEditorText(text.clone()));
        self.text_changed(text, fx);
        let note = format!("replaced {what} with the module as LLVM 19 prints it");
        self.files.replaced(before, self.text.clone(), note);
    }
}

#[cfg(test)]
mod tests {
    use crate::page::state::{Action, Effect, FilesAction, Init, State};
    use crate::page::workers::WorkerOp;
    use crate::protocol::{AnalyzeRequest, LegacyKind, Request};
    use crate::worker;

    const OLD: &str = "int %main() {\nentry:\n  %x = add int 40, 2\n  ret int %x\n}\n";

    fn page(text: &str) -> State {
        State::new(Init { text: text.into(), ..Init::default() })
    }

    fn posted(fx: &[Effect]) -> Option<AnalyzeRequest> {
        fx.iter().find_map(|e| match e {
            Effect::Analysis(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        })
    }

    /// The worker's answer to `req`.
    fn answer(req: AnalyzeRequest) -> Action {
        match worker::handle(Request::Analyze(req)) {
            crate::protocol::Reply::Analysis(r) => Action::AnalysisReply(r),
            _ => Action::Notice("not an analysis".into()),
        }
    }

    fn editor_text(fx: &[Effect]) -> Option<&str> {
        fx.iter().find_map(|e| match e {
            Effect::SetEditorText(t) => Some(t.as_str()),
            _ => None,
        })
    }

    /// The page checked `OLD`, with its first analysis applied.
    fn checked() -> State {
        let mut s = page(OLD);
        let req = posted(&s.reduce(Action::Start)).expect("a check");
        assert!(!req.upgrade);
        s.reduce(answer(req));
        s
    }

    #[test]
    fn replace_puts_the_printed_module_in_the_editor_undoably() {
        let mut s = checked();
        let l = s.analysis.as_ref().and_then(|a| a.legacy.clone()).expect("legacy");
        assert_eq!((l.kind, l.upgradable, l.text), (LegacyKind::Llvm1, true, None));
        let req = posted(&s.reduce(Action::ReplaceWithUpgraded)).expect("a check");
        assert!(req.upgrade && s.sent_text() == Some(OLD) && s.upgrading());
        // A second click while it is asked sends nothing.
        assert_eq!(posted(&s.reduce(Action::ReplaceWithUpgraded)), None);
        let fx = s.reduce(answer(req));
        let want = irplay_core::check(OLD).module.map(|m| irplay_core::text::print_module(&m));
        let text = editor_text(&fx).map(str::to_string);
        assert_eq!(text, want);
        assert!(text.is_some_and(|t| t.contains("define i32 @main()")));
        assert_eq!(want.as_deref(), Some(&*s.text));
        assert!(!s.upgrading());
        // The page keeps no copy of the upgraded text in its analysis.
        assert!(s
            .analysis
            .as_ref()
            .and_then(|a| a.legacy.as_ref())
            .is_some_and(|l| l.text.is_none()));
        // The new text is checked; the note offers Undo, which brings the 1.x text back.
        let next = posted(&fx).expect("the new text is checked");
        assert_eq!(s.sent_text(), Some(&*s.text));
        let note = s.files.note.clone().map(|n| (n.error, n.text));
        let say = "replaced the LLVM 1.x text with the module as LLVM 19 prints it";
        assert_eq!(note, Some((false, say.into())));
        assert!(s.files.can_undo(&s.text));
        s.reduce(answer(next));
        assert!(s.analysis.as_ref().is_some_and(|a| a.valid && a.legacy.is_none()));
        let fx = s.reduce(Action::Files(FilesAction::UndoOpen));
        assert_eq!(editor_text(&fx), Some(OLD));
        assert_eq!(&*s.text, OLD);
    }

    #[test]
    fn an_edit_before_the_answer_gives_the_replacement_up() {
        let mut s = checked();
        let req = posted(&s.reduce(Action::ReplaceWithUpgraded)).expect("a check");
        let edited = format!("{OLD}; more\n");
        s.reduce(Action::TextChanged(edited.clone()));
        assert!(!s.upgrading());
        let fx = s.reduce(answer(req));
        assert_eq!(editor_text(&fx), None);
        assert_eq!(&*s.text, edited);
        assert!(s.files.note.is_none());
    }

    #[test]
    fn modern_or_broken_text_offers_nothing_to_replace() {
        for text in ["define i32 @main() {\n  ret i32 0\n}\n", "int %main() {\n  ret int %y\n}\n"] {
            let mut s = page(text);
            let req = posted(&s.reduce(Action::Start)).expect("a check");
            s.reduce(answer(req));
            assert!(posted(&s.reduce(Action::ReplaceWithUpgraded)).is_none(), "{text}");
            assert!(!s.upgrading());
        }
    }
}
