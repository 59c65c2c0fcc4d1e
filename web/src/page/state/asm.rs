//! The reducer's part for the asm view: compile lazily (only while the view is open, a short
//! while after the last edit, in the asm worker), keep the last code while the text has errors,
//! and link IR lines and machine instructions both ways.

use super::{Action, AsmFile, AsmFocus, EditorMark, Effect, Measure, State};
use crate::page::share::Tab;
use crate::protocol::{AsmReply, CompileRequest};
use base64::engine::general_purpose::STANDARD;
use base64::Engine as _;
use std::rc::Rc;

/// How long after the last edit the asm view compiles.
pub const ASM_DEBOUNCE_MS: u32 = 250;

impl State {
    /// True while a compile for the asm view is in flight.
    pub fn compiling_asm(&self) -> bool {
        self.asm_worker.busy()
    }

    /// True when the shown code was compiled from the editor's text (its IR positions are
    /// the editor's).
    pub fn asm_linked(&self) -> bool {
        *self.asm_text == *self.text
    }

    /// What the asm view highlights: what the pointer is over, else what was clicked.
    pub fn asm_focus(&self) -> Option<AsmFocus> {
        self.asm_hover.or(self.asm_pin)
    }

    /// The module the asm view compiles: the pass pipeline's result when asked for and there
    /// is one, else the editor's text.
    fn asm_source(&self) -> Rc<str> {
        let snapshot = self.opt_report.as_ref().and_then(|r| r.snapshots.last());
        match snapshot {
            Some(s) if self.asm_after_passes => Rc::from(s.as_str()),
            _ => self.text.clone(),
        }
    }

    /// Asks for the code of the current module when the asm view is open and it differs from
    /// what was last asked: `now`, or after [`ASM_DEBOUNCE_MS`] without another edit.
    pub(super) fn refresh_asm(&mut self, now: bool, fx: &mut Vec<Effect>) {
        if self.view.tab != Tab::Asm {
            return;
        }
        let (text, targets) = (self.asm_source(), self.view.asm_targets);
        if self.asm_asked.as_ref().is_some_and(|(t, g)| **t == *text && *g == targets) {
            return;
        }
        if !now {
            self.asm_edits = self.asm_edits.wrapping_add(1);
            let later = Action::CompileAsm(self.asm_edits);
            fx.push(Effect::Later(ASM_DEBOUNCE_MS, Box::new(later)));
            return;
        }
        self.post_asm(false, fx);
    }

    /// Sends the current module to the asm worker (`files`: with object files and listings).
    fn post_asm(&mut self, files: bool, fx: &mut Vec<Effect>) {
        let (text, targets) = (self.asm_source(), self.view.asm_targets);
        self.asm_asked = Some((text.clone(), targets));
        let (id, op) = self.asm_worker.request(|id| CompileRequest {
            id,
            text: text.to_string(),
            targets: targets.names().iter().map(|n| n.to_string()).collect(),
            files,
        });
        let worker = &self.asm_worker;
        self.asm_sent.retain(|(i, _)| worker.pending(*i));
        self.asm_sent.push((id, text));
        if let Some(op) = op {
            fx.push(Effect::Asm(op));
            fx.push(Effect::Measure(Measure::AsmPosted));
        }
        fx.push(Effect::Render);
    }

    pub(super) fn asm_reply(&mut self, reply: AsmReply, fx: &mut Vec<Effect>) {
        let (reply, next) = self.asm_worker.receive(reply);
        if next.is_some() {
            fx.push(Effect::Measure(Measure::AsmPosted));
        }
        fx.extend(next.map(Effect::Asm));
        match reply {
            None => {}
            Some(AsmReply::Compiled(r)) => {
                let sent = self.asm_sent.iter().find(|(i, _)| *i == r.id).map(|(_, t)| t.clone());
                self.asm_sent.retain(|(i, _)| *i != r.id);
                fx.push(Effect::Measure(Measure::AsmArrived { worker_ms: r.millis }));
                match (&r.error, sent) {
                    // The text has errors: the last code stays, under the message.
                    (Some(e), _) => {
                        self.asm_error = Some(e.clone());
                        self.asm_download = None;
                    }
                    (None, Some(text)) => {
                        self.asm_error = None;
                        self.asm_text = text;
                        self.asm = Some(Rc::from(r));
                        if !self.fulfil_download(fx) && !self.asm_worker.busy() {
                            self.post_asm(true, fx);
                        }
                    }
                    (None, None) => {}
                }
                self.marks(fx);
                fx.push(Effect::Render);
            }
            Some(AsmReply::Error(e)) => {
                // The worker is replaced; the next edit or click asks again.
                self.asm_asked = None;
                self.asm_download = None;
                self.asm_error = Some(format!("compiling failed: {}", e.message));
                fx.push(Effect::Render);
            }
        }
    }

    /// The cursor moved to byte `offset`: its IR line's code is highlighted.
    pub(super) fn asm_cursor(&mut self, offset: u32, fx: &mut Vec<Effect>) {
        if self.view.tab != Tab::Asm {
            return;
        }
        let focus = line_range(&self.text, offset).map(|(from, to)| AsmFocus {
            from,
            to,
            from_editor: true,
        });
        if focus != self.asm_pin {
            let marked = self.asm_pin.is_some_and(|f| !f.from_editor);
            self.asm_pin = focus;
            if marked {
                self.marks(fx);
            }
            fx.push(Effect::Render);
        }
    }

    pub(super) fn hover_ir_line(&mut self, range: Option<(u32, u32)>, fx: &mut Vec<Effect>) {
        if self.view.tab != Tab::Asm {
            return;
        }
        let focus = range.map(|(from, to)| AsmFocus { from, to, from_editor: true });
        // Leaving the editor clears only its own hover (not a machine instruction's).
        if focus.is_none() && self.asm_hover.is_some_and(|h| !h.from_editor) {
            return;
        }
        if focus != self.asm_hover {
            self.asm_hover = focus;
            fx.push(Effect::Render);
        }
    }

    pub(super) fn hover_asm(&mut self, range: Option<(u32, u32)>, fx: &mut Vec<Effect>) {
        let focus = range.map(|(from, to)| AsmFocus { from, to, from_editor: false });
        if focus != self.asm_hover {
            self.asm_hover = focus;
            self.marks(fx);
            fx.push(Effect::Render);
        }
    }

    pub(super) fn click_asm(&mut self, from: u32, to: u32, fx: &mut Vec<Effect>) {
        self.asm_pin = Some(AsmFocus { from, to, from_editor: false });
        if self.asm_linked() {
            fx.push(Effect::SelectInEditor(from, to));
        }
        self.marks(fx);
        fx.push(Effect::Render);
    }

    /// Offers a target's object file or listing: at once when the shown code has it, else
    /// once the worker has written it.
    pub(super) fn download_asm(&mut self, target: String, file: AsmFile, fx: &mut Vec<Effect>) {
        self.asm_download = Some((target, file));
        if !self.fulfil_download(fx) {
            self.post_asm(true, fx);
        }
    }

    /// Offers the waiting download if the shown code is the current module's and has its
    /// files; false when it must be asked for.
    fn fulfil_download(&mut self, fx: &mut Vec<Effect>) -> bool {
        let Some((name, file)) = self.asm_download.clone() else { return true };
        let source = self.asm_source();
        let Some(r) = self.asm.as_ref().filter(|r| r.files && *self.asm_text == *source) else {
            return false;
        };
        self.asm_download = None;
        let Some(t) = r.targets.iter().find(|t| t.target == name) else { return true };
        match file {
            AsmFile::Object => match STANDARD.decode(&t.object) {
                Ok(b) if !b.is_empty() => {
                    fx.push(Effect::Download(format!("input-{name}.o"), b, "application/x-object"))
                }
                _ => {}
            },
            AsmFile::Listing if !t.listing.is_empty() => fx.push(Effect::Download(
                format!("input-{name}.s"),
                t.listing.clone().into_bytes(),
                "text/plain",
            )),
            AsmFile::Listing => {}
        }
        true
    }

    /// The editor's mark for the IR instruction of the hovered or clicked machine
    /// instruction (when the code is the editor's text's).
    pub(super) fn asm_mark(&self) -> Option<EditorMark> {
        let f = self.asm_focus().filter(|f| !f.from_editor && self.view.tab == Tab::Asm)?;
        self.asm_linked().then(|| EditorMark {
            from: f.from,
            to: f.to,
            kind: "asm-line",
            title: "the machine code of this instruction is highlighted".into(),
        })
    }
}

/// The byte range of the line around `offset` (without its newline).
pub fn line_range(text: &str, offset: u32) -> Option<(u32, u32)> {
    let bytes = text.as_bytes();
    let at = (offset as usize).min(bytes.len());
    let start = bytes.get(..at)?.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let end = bytes.get(at..)?.iter().position(|&b| b == b'\n').map_or(bytes.len(), |i| at + i);
    Some((start as u32, end as u32))
}

#[cfg(test)]
mod tests {
    use super::line_range;

    #[test]
    fn line_ranges() {
        let t = "ab\ncd\n";
        assert_eq!(line_range(t, 0), Some((0, 2)));
        assert_eq!(line_range(t, 4), Some((3, 5)));
        assert_eq!(line_range(t, 6), Some((6, 6)));
        assert_eq!(line_range(t, 99), Some((6, 6)));
    }
}
