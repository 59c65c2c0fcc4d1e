//! The reducer's part for files: opening a `.ll` or `.bc` file from disk (the toolbar's
//! Open…, Ctrl-O, or a file dropped on the editor) and downloading the module as `.ll` or `.bc`.
//!
//! What a file is comes from its first bytes ([`bitcode::sniff`]), never from its name:
//! bitcode goes to the file worker, which prints its module as text; UTF-8 text is taken as it
//! is; LLVM 1.x bytecode and other binary files are refused with a message. Opening replaces
//! the editor's text as one undoable change (Ctrl-Z in the editor, or the note's Undo button,
//! brings the previous text back), so nothing the user typed is lost. A file that cannot be
//! opened leaves the text alone. The editor holds only text, so share links and local storage
//! hold text too, whatever was opened.

use super::{Effect, State};
use crate::page::workers::{Policy, WorkerHandle};
use crate::protocol::{
    FilesReply, FilesRequest, ReadBitcodeRequest, ReadError, WriteBitcodeRequest,
};
use irplay_core::bitcode::{self, Format};
use std::rc::Rc;

/// The largest file the playground opens (the editor and the worker hold a few copies).
pub const MAX_FILE_BYTES: u64 = 64 << 20;

/// What the user (or the file worker) did.
#[derive(Clone, Debug, PartialEq)]
pub enum FilesAction {
    /// A file's contents arrived (picked or dropped): its name and bytes.
    Loaded(String, Vec<u8>),
    /// A file could not be opened before its contents arrived (too large, unreadable): why.
    Refused(String),
    /// Download the editor's text as `.ll`.
    DownloadText,
    /// Download the module as `.bc` (the file worker writes it).
    DownloadBitcode,
    /// Put back the text the last open replaced.
    UndoOpen,
    /// Hide the note.
    Dismiss,
    /// A file is dragged over the editor (true), or left it or was dropped (false).
    Drag(bool),
    /// The file worker answered.
    Reply(FilesReply),
    /// The file worker could not be started.
    NoWorker(String),
}

/// A line about the last file opened or saved.
#[derive(Clone, Debug, PartialEq)]
pub struct FileNote {
    /// True for a failure (shown as an alert).
    pub error: bool,
    /// What happened.
    pub text: String,
}

/// The page's side of files.
#[derive(Debug)]
pub struct Files {
    worker: WorkerHandle<FilesRequest, FilesReply>,
    /// The name of the file last opened (downloads are named after it).
    pub name: Option<String>,
    /// The note shown under the toolbar.
    pub note: Option<FileNote>,
    /// True while a file is dragged over the editor.
    pub dragging: bool,
    /// The bitcode being read: request id, file name, size.
    reading: Option<(u32, String, usize)>,
    /// The bitcode being written: request id, file name.
    writing: Option<(u32, String)>,
    /// The text before the last open, and the text it opened (Undo is offered while the
    /// editor holds the latter).
    undo: Option<(Rc<str>, Rc<str>)>,
}

impl Default for Files {
    fn default() -> Self {
        Files {
            worker: WorkerHandle::new(Policy::OneAtATime),
            name: None,
            note: None,
            dragging: false,
            reading: None,
            writing: None,
            undo: None,
        }
    }
}

impl Files {
    /// True while the `.bc` download is being written.
    pub fn writing(&self) -> bool {
        self.writing.is_some()
    }

    /// True when the note's Undo applies: the editor still holds the text the last open put
    /// there.
    pub fn can_undo(&self, text: &str) -> bool {
        self.undo.as_ref().is_some_and(|(_, opened)| **opened == *text)
    }

    /// The download's name: the opened file's name with extension `ext`, else `module.ext`.
    pub fn download_name(&self, ext: &str) -> String {
        let stem = self.name.as_deref().map_or("module", |n| {
            let base = n.rsplit(['/', '\\']).next().unwrap_or(n);
            match base.rsplit_once('.') {
                Some((stem, _)) if !stem.is_empty() => stem,
                _ => base,
            }
        });
        let stem = if stem.trim().is_empty() { "module" } else { stem };
        format!("{stem}.{ext}")
    }

    fn note(&mut self, error: bool, text: String) {
        self.note = Some(FileNote { error, text });
    }

    /// Notes that the editor's text `before` was replaced by `after` (by something other than
    /// a file): Undo puts `before` back while the editor holds `after`.
    pub(super) fn replaced(&mut self, before: Rc<str>, after: Rc<str>, note: String) {
        self.undo = (*before != *after).then_some((before, after));
        self.note(false, note);
    }

    /// Shows a failure.
    pub(super) fn failed(&mut self, why: String) {
        self.note(true, why);
    }
}

/// `n` with thousands separators (`12,345`).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The message for a file over [`MAX_FILE_BYTES`].
pub fn too_large(name: &str, size: u64) -> String {
    format!(
        "{name} is too large to open ({} bytes; the playground opens files of up to {} MiB). \
         The editor's text is unchanged.",
        grouped(size),
        MAX_FILE_BYTES >> 20
    )
}

/// The bytes as IR text, or why they are not text.
fn as_text(bytes: &[u8]) -> Result<&str, &'static str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|_| "it is not UTF-8 text")?;
    let control = |c: char| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\x0C');
    if text.contains(control) {
        return Err("it holds control characters text does not");
    }
    Ok(text)
}

/// What well-known binary format `bytes` starts with, if any (for the refusal's message).
fn known_binary(bytes: &[u8]) -> Option<&'static str> {
    const KINDS: [(&[u8], &str); 10] = [
        (b"\x7FELF", "an ELF object or executable"),
        (b"\0asm", "a WebAssembly module"),
        (b"\x1F\x8B", "a gzip archive"),
        (b"PK\x03\x04", "a zip archive"),
        (b"\x28\xB5\x2F\xFD", "a zstd archive"),
        (b"\xCF\xFA\xED\xFE", "a Mach-O file"),
        (b"\xCE\xFA\xED\xFE", "a Mach-O file"),
        (b"MZ", "a Windows executable"),
        (b"%PDF", "a PDF document"),
        (b"\x89PNG", "a PNG image"),
    ];
    KINDS.iter().find(|(magic, _)| bytes.starts_with(magic)).map(|(_, kind)| *kind)
}

/// The first bytes of `bytes` in hex (`7f 45 4c 46`).
fn head_hex(bytes: &[u8]) -> String {
    let hex: Vec<String> = bytes.iter().take(4).map(|b| format!("{b:02x}")).collect();
    hex.join(" ")
}

impl State {
    pub(super) fn files_action(&mut self, action: FilesAction, fx: &mut Vec<Effect>) {
        match action {
            FilesAction::Loaded(name, bytes) => self.file_loaded(name, bytes, fx),
            FilesAction::Refused(why) => {
                self.files.dragging = false;
                self.files.note(true, why);
            }
            FilesAction::DownloadText => {
                let name = self.files.download_name("ll");
                fx.push(Effect::Download(name, self.text.as_bytes().to_vec(), "text/plain"));
            }
            FilesAction::DownloadBitcode => {
                let name = self.files.download_name("bc");
                let text = self.text.to_string();
                let (id, op) = self
                    .files
                    .worker
                    .request(|id| FilesRequest::WriteBitcode(WriteBitcodeRequest { id, text }));
                fx.extend(op.map(Effect::Files));
                self.files.writing = Some((id, name));
            }
            FilesAction::UndoOpen => {
                if self.files.can_undo(&self.text) {
                    if let Some((before, _)) = self.files.undo.take() {
                        fx.push(Effect::SetEditorText(before.to_string()));
                        self.text_changed(before.to_string(), fx);
                        self.files.note = None;
                    }
                }
            }
            FilesAction::Dismiss => self.files.note = None,
            FilesAction::Drag(on) => {
                if self.files.dragging == on {
                    return;
                }
                self.files.dragging = on;
            }
            FilesAction::Reply(reply) => self.files_reply(reply, fx),
            FilesAction::NoWorker(message) => {
                fx.push(Effect::Files(self.files.worker.stop()));
                self.files.reading = None;
                self.files.writing = None;
                self.files.note(true, message);
            }
        }
        fx.push(Effect::Render);
    }

    fn file_loaded(&mut self, name: String, bytes: Vec<u8>, fx: &mut Vec<Effect>) {
        self.files.dragging = false;
        // A file opened after a `.bc` that is still being read wins: that one's text is
        // dropped when it comes.
        self.files.reading = None;
        let unchanged = "The editor's text is unchanged.";
        match bitcode::sniff(&bytes) {
            Some(Format::Bitcode) => {
                let size = bytes.len();
                let (id, op) = self
                    .files
                    .worker
                    .request(|id| FilesRequest::ReadBitcode(ReadBitcodeRequest { id, bytes }));
                fx.extend(op.map(Effect::Files));
                self.files.note(
                    false,
                    format!("reading {name} (bitcode, {} bytes)…", grouped(size as u64)),
                );
                self.files.reading = Some((id, name, size));
            }
            Some(Format::Llvm1Bytecode) => self.files.note(
                true,
                format!(
                    "{name} is LLVM 1.x bytecode (it starts with \"llvm\"), which cannot be read: \
                     the playground opens LLVM IR text and bitcode of LLVM 15 to 19. {unchanged}"
                ),
            ),
            None => match as_text(&bytes) {
                Ok(text) => {
                    let note =
                        format!("opened {name} (text, {} bytes)", grouped(bytes.len() as u64));
                    self.open_text(name, text.to_string(), note, fx);
                }
                Err(why) => {
                    let kind = known_binary(&bytes).map_or(String::new(), |k| format!(", {k}"));
                    self.files.note(
                        true,
                        format!(
                            "{name} is not LLVM IR: {why}, and it is not bitcode (bitcode starts \
                             with 42 43 c0 de; this file starts with {}{kind}). {unchanged}",
                            head_hex(&bytes)
                        ),
                    );
                }
            },
        }
    }

    /// Puts an opened file's text in the editor (one undoable change).
    fn open_text(&mut self, name: String, text: String, note: String, fx: &mut Vec<Effect>) {
        let before = self.text.clone();
        fx.push(Effect::SetEditorText(text.clone()));
        self.view.function = None;
        self.view.entry = "main".into();
        self.run = None;
        self.stop_compare(fx);
        self.hover_run = None;
        self.text_changed(text, fx);
        fx.push(Effect::SaveView(self.view.clone()));
        self.files.undo = (*before != *self.text).then(|| (before, self.text.clone()));
        self.files.name = Some(name);
        self.files.note(false, note);
    }

    fn files_reply(&mut self, reply: FilesReply, fx: &mut Vec<Effect>) {
        let (reply, next) = self.files.worker.receive(reply);
        fx.extend(next.map(Effect::Files));
        match reply {
            None => {}
            Some(FilesReply::BitcodeRead(r)) => {
                let Some((_, name, size)) = self.files.reading.take_if(|(id, ..)| *id == r.id)
                else {
                    return;
                };
                match (r.text, r.error) {
                    (Some(text), _) => {
                        let note = format!(
                            "opened {name} (bitcode, {} bytes) as text",
                            grouped(size as u64)
                        );
                        self.open_text(name, text, note, fx);
                    }
                    (None, error) => {
                        let error = error.unwrap_or_else(|| ReadError {
                            offset: 0,
                            context: Vec::new(),
                            message: "no module and no error".into(),
                        });
                        self.files.note(
                            true,
                            format!(
                                "cannot read {name} as bitcode: {error}. The editor's text is \
                                 unchanged."
                            ),
                        );
                    }
                }
            }
            Some(FilesReply::BitcodeWritten(f)) => {
                let Some((_, name)) = self.files.writing.take_if(|(id, _)| *id == f.id) else {
                    return;
                };
                match f.error {
                    None => {
                        let note = format!(
                            "saved {name} (bitcode, {} bytes)",
                            grouped(f.bytes.len() as u64)
                        );
                        fx.push(Effect::Download(name, f.bytes, "application/octet-stream"));
                        self.files.note(false, note);
                    }
                    Some(why) => self.files.note(true, format!("cannot download {name}: {why}")),
                }
            }
            Some(FilesReply::Error(e)) => {
                let doing = match (self.files.reading.take(), self.files.writing.take()) {
                    (Some((_, name, _)), _) => format!("reading {name}"),
                    (None, Some((_, name))) => format!("writing {name}"),
                    (None, None) => "the file worker".into(),
                };
                self.files.note(true, format!("{doing} failed: {}", e.message));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::share;
    use crate::page::state::{Action, Init};
    use crate::page::workers::WorkerOp;
    use crate::protocol::{BitcodeText, Request};
    use crate::worker;

    const OK: &str = "define i32 @main() {\nentry:\n  ret i32 0\n}\n";
    const OTHER: &str = "define i32 @main() {\nentry:\n  ret i32 7\n}\n";

    fn page(text: &str) -> State {
        State::new(Init {
            text: text.into(),
            page_url: "http://example.test/".into(),
            ..Init::default()
        })
    }

    fn act(s: &mut State, a: FilesAction) -> Vec<Effect> {
        s.reduce(Action::Files(a))
    }

    fn file_posts(fx: &[Effect]) -> Vec<FilesRequest> {
        fx.iter()
            .filter_map(|e| match e {
                Effect::Files(WorkerOp::Post(r)) => Some(r.clone()),
                _ => None,
            })
            .collect()
    }

    fn editor_text(fx: &[Effect]) -> Option<&str> {
        fx.iter().find_map(|e| match e {
            Effect::SetEditorText(t) => Some(t.as_str()),
            _ => None,
        })
    }

    fn note(s: &State) -> (bool, String) {
        s.files.note.as_ref().map_or((false, String::new()), |n| (n.error, n.text.clone()))
    }

    /// The file worker's own answer to a request.
    fn answer(req: FilesRequest) -> FilesAction {
        match worker::handle(Request::from(req)) {
            crate::protocol::Reply::Files(r) => FilesAction::Reply(r),
            _ => FilesAction::NoWorker("not a file reply".into()),
        }
    }

    #[test]
    fn a_text_file_replaces_the_text_undoably_and_names_the_downloads() {
        let mut s = page(OK);
        let fx = act(&mut s, FilesAction::Loaded("dir/sum.ll".into(), OTHER.as_bytes().to_vec()));
        assert_eq!(editor_text(&fx), Some(OTHER));
        assert_eq!(&*s.text, OTHER);
        assert!(fx.iter().any(|e| matches!(e, Effect::Analysis(WorkerOp::Post(_)))));
        assert_eq!(s.sent_text(), Some(OTHER));
        assert_eq!(note(&s), (false, format!("opened dir/sum.ll (text, {} bytes)", OTHER.len())));
        assert!(s.files.can_undo(&s.text));
        assert_eq!(s.files.download_name("bc"), "sum.bc");
        // Undo puts the previous text back (as an edit the editor's history keeps too).
        let fx = act(&mut s, FilesAction::UndoOpen);
        assert_eq!(editor_text(&fx), Some(OK));
        assert_eq!(&*s.text, OK);
        assert!(!s.files.can_undo(&s.text) && s.files.note.is_none());
        // After an edit of the opened text, Undo no longer applies (the editor's own undo
        // history does).
        act(&mut s, FilesAction::Loaded("b.ll".into(), OTHER.as_bytes().to_vec()));
        s.reduce(Action::TextChanged(format!("{OTHER}; edited\n")));
        assert!(!s.files.can_undo(&s.text));
        assert_eq!(editor_text(&act(&mut s, FilesAction::UndoOpen)), None);
        // A byte order mark is dropped.
        let mut bom = b"\xEF\xBB\xBF".to_vec();
        bom.extend_from_slice(OK.as_bytes());
        act(&mut s, FilesAction::Loaded("bom.ll".into(), bom));
        assert_eq!(&*s.text, OK);
    }

    #[test]
    fn binary_files_that_are_not_bitcode_are_refused_and_the_text_kept() {
        let cases: [(&[u8], &str); 4] = [
            (b"\x7FELF\x02\x01\x01\0\0\0", "starts with 7f 45 4c 46, an ELF object"),
            (b"llvm\x01\x02\x03", "LLVM 1.x bytecode"),
            (b"\xFF\xFE\x00\x01", "it is not UTF-8 text"),
            (b"define\0void", "control characters"),
        ];
        for (bytes, says) in cases {
            let mut s = page(OK);
            let fx = act(&mut s, FilesAction::Loaded("x.bin".into(), bytes.to_vec()));
            assert_eq!(editor_text(&fx), None, "{says}");
            assert!(file_posts(&fx).is_empty());
            assert_eq!(&*s.text, OK);
            let (error, text) = note(&s);
            assert!(error && text.contains(says) && text.ends_with("unchanged."), "{text}");
        }
    }

    #[test]
    fn bitcode_is_read_by_the_worker_and_opens_as_text_which_share_links_hold() {
        let mut s = page(OK);
        let bc = b"BC\xC0\xDE\x35\x14\x00\x00".to_vec();
        let fx = act(&mut s, FilesAction::Loaded("prog.bc".into(), bc.clone()));
        assert_eq!(editor_text(&fx), None, "nothing changes before the worker answers");
        let req = match file_posts(&fx).as_slice() {
            [FilesRequest::ReadBitcode(r)] => r.clone(),
            other => panic!("one read request, not {other:?}"),
        };
        assert_eq!(req.bytes, bc);
        assert!(note(&s).1.starts_with("reading prog.bc"));
        // The worker's text (as the reader prints it) goes into the editor.
        let reply = FilesReply::BitcodeRead(Box::new(BitcodeText {
            id: req.id,
            text: Some(OTHER.into()),
            error: None,
            millis: 1.0,
        }));
        let fx = act(&mut s, FilesAction::Reply(reply.clone()));
        assert_eq!(editor_text(&fx), Some(OTHER));
        assert_eq!(note(&s), (false, "opened prog.bc (bitcode, 8 bytes) as text".into()));
        assert!(s.files.can_undo(&s.text));
        // The same answer again is stale.
        assert_eq!(editor_text(&act(&mut s, FilesAction::Reply(reply))), None);
        // A share link holds the text, and reads back to it.
        s.reduce(Action::Share);
        let link = match s.drafts.share.clone() {
            Some(super::super::drafts::ShareOffer::Copied { link, .. }) => link,
            other => panic!("no link: {other:?}"),
        };
        let fragment = link.split_once('#').map(|(_, f)| f).unwrap_or_default();
        let back = share::decode(fragment).map(|l| l.text).unwrap_or_default();
        assert_eq!(back, OTHER);
    }

    #[test]
    fn a_bitcode_read_error_is_shown_with_its_offset_and_the_text_kept() {
        let mut s = page(OK);
        // The real worker, on bitcode cut short.
        let fx = act(&mut s, FilesAction::Loaded("cut.bc".into(), b"BC\xC0\xDE\x35".to_vec()));
        let req = file_posts(&fx).into_iter().next();
        let fx = req.map(|r| act(&mut s, answer(r))).unwrap_or_default();
        assert_eq!(editor_text(&fx), None);
        assert_eq!(&*s.text, OK);
        let (error, text) = note(&s);
        assert!(error && text.starts_with("cannot read cut.bc as bitcode: byte "), "{text}");
        assert!(text.ends_with("The editor's text is unchanged."), "{text}");
        // A text file opened while a `.bc` is being read wins over it.
        let fx = act(&mut s, FilesAction::Loaded("slow.bc".into(), b"BC\xC0\xDE".to_vec()));
        let req = file_posts(&fx).into_iter().next().map(|r| r.id()).unwrap_or_default();
        act(&mut s, FilesAction::Loaded("fast.ll".into(), OTHER.as_bytes().to_vec()));
        let late = FilesReply::BitcodeRead(Box::new(BitcodeText {
            id: req,
            text: Some("; late\n".into()),
            error: None,
            millis: 0.0,
        }));
        assert_eq!(editor_text(&act(&mut s, FilesAction::Reply(late))), None);
        assert_eq!(&*s.text, OTHER);
    }

    #[test]
    fn downloads_name_their_files_and_bitcode_of_broken_text_says_why() {
        let mut s = page(OK);
        let fx = act(&mut s, FilesAction::DownloadText);
        assert!(fx.contains(&Effect::Download(
            "module.ll".into(),
            OK.as_bytes().to_vec(),
            "text/plain"
        )));
        s.reduce(Action::TextChanged("define i32 @main() {\n  ret i32 %x\n}\n".into()));
        let fx = act(&mut s, FilesAction::DownloadBitcode);
        assert!(s.files.writing());
        let req = file_posts(&fx).into_iter().next();
        assert!(matches!(&req, Some(FilesRequest::WriteBitcode(w)) if w.text == *s.text));
        let fx = req.map(|r| act(&mut s, answer(r))).unwrap_or_default();
        assert!(!fx.iter().any(|e| matches!(e, Effect::Download(..))));
        assert!(!s.files.writing());
        let (error, text) = note(&s);
        assert!(error && text.starts_with("cannot download module.bc: the module has an error"));
        // A worker's bitcode is offered under the file's name.
        let fx = act(&mut s, FilesAction::DownloadBitcode);
        let id = file_posts(&fx).into_iter().next().map(|r| r.id()).unwrap_or_default();
        let file = crate::protocol::BitcodeFile {
            id,
            bytes: b"BC\xC0\xDE".to_vec(),
            error: None,
            millis: 0.0,
        };
        let fx = act(&mut s, FilesAction::Reply(FilesReply::BitcodeWritten(Box::new(file))));
        assert!(fx.contains(&Effect::Download(
            "module.bc".into(),
            b"BC\xC0\xDE".to_vec(),
            "application/octet-stream"
        )));
        assert_eq!(note(&s), (false, "saved module.bc (bitcode, 4 bytes)".into()));
    }

    #[test]
    fn numbers_are_grouped_and_names_keep_their_stem() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(12_345), "12,345");
        assert_eq!(grouped(1_234_567), "1,234,567");
        let mut f = Files::default();
        assert_eq!(f.download_name("ll"), "module.ll");
        for (name, want) in [("a.b.bc", "a.b.ll"), ("noext", "noext.ll"), (".ll", ".ll.ll")] {
            f.name = Some(name.into());
            assert_eq!(f.download_name("ll"), want);
        }
    }
}
