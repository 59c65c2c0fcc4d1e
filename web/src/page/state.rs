//! The page's state and its reducer: `State::reduce` takes an [`Action`] (an edit, a click, a
//! worker's reply) and returns the [`Effect`]s to carry out (post to a worker, write storage,
//! set the editor's text or marks, copy a link, re-render).
//!
//! Plain Rust, tested on the host: no yew, web-sys or gloo here. The component in `mod.rs`
//! turns events into actions and carries out the effects. The text is held here once, as an
//! `Rc<str>` that the hover data and the run in progress share.

use super::examples::EXAMPLES;
use super::share::{AsmTargets, Tab, View};
use super::workers::{Policy, WorkerHandle, WorkerOp};
use crate::protocol::DebugRequest;
use crate::protocol::FilesRequest;
use crate::protocol::{
    Analysis, AnalysisReply, AnalyzeRequest, AsmReply, AsmReport, CfgView, CompileRequest,
    OptReply, OptReport, OptRequest, OptimizeRequest, OutputChunk, RunReply, RunReport, RunRequest,
    StepCfgsRequest,
};
pub use debug::DebugAction;
pub use drafts::DraftAction;
pub use files::{FileNote, FilesAction};
pub use output::{LiveOutput, KEEP_OUTPUT};
use std::collections::HashMap;
use std::rc::Rc;

/// Default step budget of a run.
pub const DEFAULT_STEPS: u64 = 10_000_000;

/// The page's workers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worker {
    /// Checks the text as it is typed and lays out the CFG.
    Analysis,
    /// Runs the entry function.
    Run,
    /// Runs pass pipelines and lays out their steps' CFGs.
    Opt,
    /// Compiles to machine code for the asm view.
    Asm,
    /// Runs a module in the interpreter after it ran as WebAssembly, to check for undefined
    /// behaviour.
    Check,
}

/// What the page starts with.
#[derive(Clone, Debug, Default)]
pub struct Init {
    /// The view state (from a link, local storage or the defaults).
    pub view: View,
    /// The text.
    pub text: String,
    /// A message to show (a link that could not be read).
    pub toast: Option<String>,
    /// The user's own text, when a share link replaced it.
    pub backup: Option<String>,
    /// The dark theme.
    pub dark: bool,
    /// The page's address without its fragment (share links are this, `#`, and the state).
    pub page_url: String,
    /// True when the page was opened from a link (its pass pipeline is run again).
    pub from_link: bool,
}

/// Something that happened: a user's action, an editor event or a worker's reply.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The editor is up: check the text.
    Start,
    /// The editor's text changed.
    TextChanged(String),
    /// The cursor moved (byte offset).
    Cursor(u32),
    /// The editor shows another part of the text (byte range).
    Viewport(u32, u32),
    /// The analysis worker answered.
    AnalysisReply(AnalysisReply),
    /// The run worker answered.
    RunReply(RunReply),
    /// The pass worker answered.
    OptReply(OptReply),
    /// A worker could not be started.
    NoWorker(Worker, String),
    /// The size of a worker's wasm memory (bytes), told after each of its replies.
    WorkerMemory(Worker, f64),
    /// Something to tell the user (the editor did not load).
    Notice(String),
    /// Show another function's CFG.
    SelectFunction(String),
    /// Switch the right pane.
    SetTab(Tab),
    /// Toggle the dominator tree.
    ToggleDom,
    /// Toggle the static may-be-poison overlay.
    ToggleMayPoison,
    /// Entry changed.
    SetEntry(String),
    /// Arguments changed (space separated).
    SetArgs(String),
    /// The environment changed (`NAME=VALUE` entries, space separated).
    SetEnv(String),
    /// Standard input changed.
    SetStdin(String),
    /// Budget changed (as typed).
    SetSteps(String),
    /// Choose the engine: true for WebAssembly, false for the interpreter.
    SetEngine(bool),
    /// Run the entry.
    Run,
    /// Stop the run.
    Stop,
    /// Make a share link.
    Share,
    /// Load an example by index.
    LoadExample(usize),
    /// Select a byte range in the editor.
    Jump(u32, u32),
    /// A CFG block was clicked.
    BlockClicked(usize),
    /// Light/dark.
    ToggleTheme,
    /// Hide the message.
    DismissToast,
    /// Put back the text the user had before opening a share link.
    RestoreBackup,
    /// The pass pipeline was edited.
    SetPipeline(String),
    /// Run a pass pipeline.
    Optimize(String),
    /// Stop the pipeline.
    StopOpt,
    /// Replace the editor's text (undoably) with an optimized module.
    OpenText(String),
    /// Lay out the selected step's function before and after.
    StepCfgs(usize),
    /// The asm worker answered.
    AsmReply(AsmReply),
    /// Choose the asm view's targets.
    SetAsmTargets(AsmTargets),
    /// Compile for the asm view now, if nothing was edited since edit `n` (a timer's action).
    CompileAsm(u32),
    /// Compile the pass pipeline's result instead of the editor's text.
    SetAsmAfterPasses(bool),
    /// The pointer is over an IR line of the editor (its byte range), or left the editor.
    HoverIrLine(Option<(u32, u32)>),
    /// The pointer is over a machine instruction (the byte range of its IR instruction), or
    /// left it.
    HoverAsm(Option<(u32, u32)>),
    /// A machine instruction was clicked (the byte range of its IR instruction).
    ClickAsm(u32, u32),
    /// Download a target's object file or listing (the target's name).
    DownloadAsm(String, AsmFile),
    /// The stepper.
    Debug(DebugAction),
    /// The check worker (the interpreter's run after a run as WebAssembly) answered.
    CheckReply(RunReply),
    /// Show the interpreter's report of the checked run instead of the WebAssembly one.
    ShowCompared,
    /// Opening and downloading files.
    Files(FilesAction),
    /// Replace text in legacy syntax with its module as LLVM 19 prints it.
    ReplaceWithUpgraded,
    /// Saving drafts, and the share link's offers.
    Drafts(DraftAction),
}

/// A file of the asm view to download.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AsmFile {
    /// The ELF relocatable object (`.o`).
    Object,
    /// The listing (`.s`).
    Listing,
}

/// An IR range the asm view highlights the code of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsmFocus {
    /// Byte range start.
    pub from: u32,
    /// Byte range end.
    pub to: u32,
    /// True when it is an IR line of the editor (hovered, or the cursor's); false for the
    /// IR instruction of a machine instruction (whose text the editor then marks).
    pub from_editor: bool,
}

impl AsmFocus {
    /// True when the code of the IR instruction starting at `ir` belongs to it.
    pub fn covers(&self, ir: u32) -> bool {
        self.from <= ir && ir < self.to.max(self.from + 1)
    }
}

/// A highlighted range of the editor.
#[derive(Clone, Debug, PartialEq)]
pub struct EditorMark {
    /// Byte range start.
    pub from: u32,
    /// Byte range end.
    pub to: u32,
    /// `poison-source`, `poison`, `ub`, `may-poison` or `asm-line`.
    pub kind: &'static str,
    /// Shown on hover.
    pub title: String,
}

/// A moment the page measures (for the status line and the end-to-end tests).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measure {
    /// The text was edited.
    Edited,
    /// Diagnostics arrived, after `analysis_ms` in the worker: the edit's latency is measured
    /// once they are drawn.
    Checked {
        /// Time spent in the worker.
        analysis_ms: f64,
        /// True when they are of the current text (no newer check waits).
        current: bool,
    },
    /// A new CFG is to be drawn.
    CfgChanged,
    /// A compile for the asm view was sent.
    AsmPosted,
    /// Its code arrived, after `worker_ms` in the worker: measured again once drawn.
    AsmArrived {
        /// Time spent in the worker.
        worker_ms: f64,
    },
}

/// What the page must do after an action.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Post to (or end) the analysis worker.
    Analysis(WorkerOp<AnalyzeRequest>),
    /// Post to (or end) the run worker.
    Run(WorkerOp<RunRequest>),
    /// Post to (or end) the pass worker.
    Opt(WorkerOp<OptRequest>),
    /// Post to (or end) the asm worker.
    Asm(WorkerOp<CompileRequest>),
    /// Post to (or end) the debug worker.
    Debug(WorkerOp<DebugRequest>),
    /// Highlight the stepper's instruction in the editor (a byte range, or none), with its
    /// kind (`paused`, `finished`).
    DebugLine(Option<(u32, u32)>, &'static str),
    /// Post to (or end) the check worker.
    Check(WorkerOp<RunRequest>),
    /// Post to (or end) the file worker.
    Files(WorkerOp<FilesRequest>),
    /// Take the action after this many milliseconds.
    Later(u32, Box<Action>),
    /// Offer a file for download: name, contents, MIME type.
    Download(String, Vec<u8>, &'static str),
    /// Save the text in local storage.
    SaveText(Rc<str>),
    /// Save the view state in local storage.
    SaveView(View),
    /// Apply the theme (page and editor) and save the choice: true for dark.
    SaveTheme(bool),
    /// Forget the text kept aside when a link was opened.
    ClearBackup,
    /// Replace the editor's text (an undoable change; the editor reports it back).
    SetEditorText(String),
    /// Select a byte range in the editor.
    SelectInEditor(u32, u32),
    /// Show these diagnostics in the editor.
    ShowDiagnostics(Rc<Analysis>),
    /// Replace the editor's marks.
    ShowMarks(Vec<EditorMark>),
    /// Copy to the clipboard.
    CopyToClipboard(String),
    /// Note a moment.
    Measure(Measure),
    /// The view shows something new: render it.
    Render,
}

/// A step's CFGs before and after its pass.
#[derive(Clone, Debug, PartialEq)]
pub struct StepGraphs {
    /// The step.
    pub step: usize,
    /// The graph before.
    pub before: Option<Rc<CfgView>>,
    /// The graph after.
    pub after: Option<Rc<CfgView>>,
}

/// Everything the page shows and remembers.
pub struct State {
    /// The view state (saved, and in share links).
    pub view: View,
    /// The text (the only copy the page keeps).
    pub text: Rc<str>,
    /// The arguments as typed.
    pub args_text: String,
    /// The environment as typed.
    pub env_text: String,
    /// The step budget.
    pub max_steps: u64,
    /// Dark theme.
    pub dark: bool,
    /// A message for the user.
    pub toast: Option<String>,
    /// The user's own text, set aside when a share link was opened.
    pub backup: Option<String>,
    /// Saved drafts, the address and share links.
    pub drafts: drafts::Drafts,
    page_url: String,
    /// How many workers were ended because their memory grew too much (`state/memory.rs`).
    pub workers_replaced: u32,
    analysis_worker: WorkerHandle<AnalyzeRequest, AnalysisReply>,
    /// The last analysis (its CFG moved to `cfg`).
    pub analysis: Option<Rc<Analysis>>,
    /// The drawn CFG (kept while the text has errors).
    pub cfg: Option<Rc<CfgView>>,
    /// The selected block of `cfg`.
    pub selected_block: Option<usize>,
    run_worker: WorkerHandle<RunRequest, RunReply>,
    /// The shown run.
    pub run: Option<Rc<RunReport>>,
    /// The output of the run in flight as it arrives, then of the last run (what the page
    /// keeps of it).
    pub live: Rc<LiveOutput>,
    /// The text the shown run ran on: its positions are byte offsets into it.
    pub run_text: Rc<str>,
    /// The text of the run in progress, which becomes `run_text` when its report arrives.
    pending_text: Rc<str>,
    /// The CFG's class for each instruction the last run marked.
    pub poison_lines: Rc<HashMap<u32, &'static str>>,
    /// The run whose values hovering shows (none once the text changed).
    pub hover_run: Option<Rc<RunReport>>,
    opt_worker: WorkerHandle<OptRequest, OptReply>,
    optimizing: Option<u32>,
    /// The last pipeline's result.
    pub opt_report: Option<Rc<OptReport>>,
    /// The CFGs of a step of `opt_report`.
    pub step_cfgs: Option<StepGraphs>,
    /// The request for a step's CFGs in progress, and its step.
    step_request: Option<(u32, usize)>,
    asm_worker: WorkerHandle<CompileRequest, AsmReply>,
    /// The shown machine code.
    pub asm: Option<Rc<AsmReport>>,
    /// The text the shown machine code was compiled from (its IR positions are offsets
    /// into it).
    pub asm_text: Rc<str>,
    /// Why the last compile gave no code (the module has errors, the worker failed).
    pub asm_error: Option<String>,
    /// The compiles in flight or waiting, with the text each sent.
    asm_sent: Vec<(u32, Rc<str>)>,
    /// What was last sent (an edit back to it sends nothing).
    asm_asked: Option<(Rc<str>, AsmTargets)>,
    /// Counts edits: a compile timer set before the latest edit does nothing.
    asm_edits: u32,
    /// Compile the pass pipeline's result instead of the editor's text.
    pub asm_after_passes: bool,
    /// What the pointer is over (an IR line, or a machine instruction's IR instruction).
    pub asm_hover: Option<AsmFocus>,
    /// The cursor's IR line, or the IR instruction of the last clicked machine instruction.
    pub asm_pin: Option<AsmFocus>,
    /// A download waiting for its file (the target's name).
    asm_download: Option<(String, AsmFile)>,
    /// The stepper.
    pub debug: debug::Debugger,
    check_worker: WorkerHandle<RunRequest, RunReply>,
    /// The interpreter's check of the shown run as WebAssembly.
    pub compare: Option<Compare>,
    /// The output of that check as it arrives.
    compare_live: LiveOutput,
    /// The request of the run in progress or shown (its check repeats it).
    last_request: Option<RunRequest>,
    /// The function the cursor was last in (the CFG follows it into another one).
    cursor_function: Option<String>,
    /// Opening and downloading files.
    pub files: files::Files,
    /// The check asked to print the module as LLVM 19 text, and the text it checks.
    upgrade: Option<(u32, Rc<str>)>,
    /// What the analysis worker holds, and what the editor shows.
    lazy: views::Lazy,
}

impl State {
    /// The state the page starts in (nothing checked yet).
    pub fn new(init: Init) -> State {
        State {
            args_text: init.view.args.join(" "),
            env_text: init.view.env.join(" "),
            view: init.view,
            text: Rc::from(init.text),
            max_steps: DEFAULT_STEPS,
            dark: init.dark,
            toast: init.toast,
            backup: init.backup,
            drafts: drafts::Drafts::new(init.from_link),
            page_url: init.page_url,
            workers_replaced: 0,
            analysis_worker: WorkerHandle::new(Policy::LatestWins),
            analysis: None,
            cfg: None,
            selected_block: None,
            run_worker: WorkerHandle::new(Policy::OneAtATime),
            run: None,
            live: Rc::default(),
            run_text: Rc::from(""),
            pending_text: Rc::from(""),
            poison_lines: Rc::new(HashMap::new()),
            hover_run: None,
            opt_worker: WorkerHandle::new(Policy::OneAtATime),
            optimizing: None,
            opt_report: None,
            step_cfgs: None,
            step_request: None,
            asm_worker: WorkerHandle::new(Policy::LatestWins),
            asm: None,
            asm_text: Rc::from(""),
            asm_error: None,
            asm_sent: Vec::new(),
            asm_asked: None,
            asm_edits: 0,
            asm_after_passes: false,
            asm_hover: None,
            asm_pin: None,
            asm_download: None,
            debug: debug::Debugger::default(),
            check_worker: WorkerHandle::new(Policy::OneAtATime),
            compare: None,
            compare_live: LiveOutput::default(),
            last_request: None,
            cursor_function: None,
            files: files::Files::default(),
            upgrade: None,
            lazy: views::Lazy::default(),
        }
    }

    /// True while a run is in progress.
    pub fn running(&self) -> bool {
        self.run_worker.busy()
    }

    /// True while a pipeline runs.
    pub fn optimizing(&self) -> bool {
        self.optimizing.is_some()
    }

    /// True when the shown run ran on the current text (its marks apply to it).
    pub fn run_is_current(&self) -> bool {
        *self.run_text == *self.text
    }

    /// Applies `action`; returns what the page must do.
    pub fn reduce(&mut self, action: Action) -> Vec<Effect> {
        let mut fx = Vec::new();
        match action {
            Action::Start => {
                self.check(&mut fx);
                // A link or a reload may open the asm view.
                self.refresh_asm(true, &mut fx);
                self.drafts_start(&mut fx);
            }
            Action::TextChanged(text) => self.text_changed(text, &mut fx),
            Action::Cursor(offset) => {
                self.debug.cursor = offset;
                let block = self
                    .cfg
                    .as_ref()
                    .and_then(|c| c.blocks.iter().position(|b| b.from <= offset && offset <= b.to));
                if block != self.selected_block {
                    self.selected_block = block;
                    fx.push(Effect::Render);
                }
                self.asm_cursor(offset, &mut fx);
                self.follow_cursor(offset, &mut fx);
            }
            Action::Viewport(from, to) => self.viewport(from, to, &mut fx),
            Action::AnalysisReply(reply) => self.analysis_reply(reply, &mut fx),
            Action::RunReply(reply) => self.run_reply(reply, &mut fx),
            Action::OptReply(reply) => self.opt_reply(reply, &mut fx),
            Action::WorkerMemory(worker, bytes) => self.worker_memory(worker, bytes, &mut fx),
            Action::NoWorker(worker, message) => {
                match worker {
                    Worker::Analysis => {
                        fx.push(self.stop_analysis());
                        self.toast.get_or_insert_with(|| {
                            "Web Workers are not available: checking and running are off".into()
                        });
                    }
                    Worker::Run => {
                        fx.push(Effect::Run(self.run_worker.stop()));
                        self.toast = Some(message);
                    }
                    Worker::Opt => {
                        fx.push(Effect::Opt(self.opt_worker.stop()));
                        self.optimizing = None;
                        self.step_request = None;
                        self.toast = Some(message);
                    }
                    Worker::Asm => {
                        fx.push(Effect::Asm(self.asm_worker.stop()));
                        self.asm_asked = None;
                        self.asm_error = Some(message);
                    }
                    Worker::Check => {
                        fx.push(Effect::Check(self.check_worker.stop()));
                        self.compare = Some(Compare::Failed(message));
                    }
                }
                fx.push(Effect::Render);
            }
            Action::Notice(message) => {
                self.toast = Some(message);
                fx.push(Effect::Render);
            }
            Action::SelectFunction(f) => {
                self.view.function = Some(f);
                self.selected_block = None;
                self.check(&mut fx);
                fx.push(Effect::SaveView(self.view.clone()));
            }
            Action::SetTab(t) => {
                self.view.tab = t;
                self.refresh_asm(true, &mut fx);
                self.view_changed(&mut fx);
            }
            Action::ToggleDom => {
                self.view.dom_tree = !self.view.dom_tree;
                self.view_changed(&mut fx);
            }
            Action::ToggleMayPoison => {
                self.view.may_poison = !self.view.may_poison;
                self.marks(&mut fx);
                self.view_changed(&mut fx);
            }
            Action::SetEntry(e) => {
                self.view.entry = e;
                self.view_changed(&mut fx);
            }
            Action::SetArgs(a) => {
                self.view.args = a.split_whitespace().map(str::to_string).collect();
                self.args_text = a;
                self.view_changed(&mut fx);
            }
            Action::SetEnv(e) => {
                self.view.env = e.split_whitespace().map(str::to_string).collect();
                self.env_text = e;
                self.view_changed(&mut fx);
            }
            Action::SetStdin(s) => {
                self.view.stdin = s;
                fx.push(Effect::SaveView(self.view.clone()));
            }
            Action::SetEngine(wasm) => {
                self.view.wasm = wasm;
                self.view_changed(&mut fx);
            }
            Action::SetSteps(s) => {
                if let Ok(n) = s.trim().parse::<u64>() {
                    self.max_steps = n.max(1);
                }
                fx.push(Effect::Render);
            }
            Action::Run => {
                if !self.run_worker.busy() {
                    self.start_run(&mut fx);
                }
                fx.push(Effect::Render);
            }
            Action::Stop => {
                fx.push(Effect::Run(self.run_worker.stop()));
                self.stop_compare(&mut fx);
                self.run = Some(Rc::new(RunReport::not_run(0, "stopped")));
                fx.push(Effect::Render);
            }
            Action::Share => self.share(&mut fx),
            Action::LoadExample(i) => {
                if let Some(e) = EXAMPLES.get(i) {
                    fx.push(Effect::SetEditorText(e.source.to_string()));
                    self.view.function = None;
                    self.view.entry = "main".into();
                    // An example that reads input comes with some.
                    self.view.stdin = e.stdin.unwrap_or_default().to_string();
                    self.run = None;
                    self.stop_compare(&mut fx);
                    self.hover_run = None;
                    self.text_changed(e.source.to_string(), &mut fx);
                }
                fx.push(Effect::Render);
            }
            Action::Jump(from, to) => fx.push(Effect::SelectInEditor(from, to)),
            Action::BlockClicked(i) => {
                if let Some(b) = self.cfg.as_ref().and_then(|c| c.blocks.get(i)) {
                    fx.push(Effect::SelectInEditor(b.from, b.to));
                }
                self.selected_block = Some(i);
                fx.push(Effect::Render);
            }
            Action::ToggleTheme => {
                self.dark = !self.dark;
                fx.push(Effect::SaveTheme(self.dark));
                fx.push(Effect::Render);
            }
            Action::DismissToast => self.dismiss_toast(&mut fx),
            Action::RestoreBackup => self.restore_backup(&mut fx),
            Action::SetPipeline(p) => {
                self.view.pipeline = p;
                self.view_changed(&mut fx);
            }
            Action::Optimize(pipeline) => {
                if self.optimizing.is_none() {
                    self.start_pipeline(pipeline, &mut fx);
                }
            }
            Action::StopOpt => {
                fx.push(Effect::Opt(self.opt_worker.stop()));
                self.optimizing = None;
                self.step_request = None;
                fx.push(Effect::Render);
            }
            Action::OpenText(text) => fx.push(Effect::SetEditorText(text)),
            Action::StepCfgs(i) => self.ask_step_cfgs(i, &mut fx),
            Action::AsmReply(reply) => self.asm_reply(reply, &mut fx),
            Action::SetAsmTargets(t) => {
                self.view.asm_targets = t;
                self.refresh_asm(true, &mut fx);
                self.view_changed(&mut fx);
            }
            Action::CompileAsm(n) => {
                if n == self.asm_edits {
                    self.refresh_asm(true, &mut fx);
                }
            }
            Action::SetAsmAfterPasses(on) => {
                self.asm_after_passes = on;
                self.refresh_asm(true, &mut fx);
                fx.push(Effect::Render);
            }
            Action::HoverIrLine(range) => self.hover_ir_line(range, &mut fx),
            Action::HoverAsm(range) => self.hover_asm(range, &mut fx),
            Action::ClickAsm(from, to) => self.click_asm(from, to, &mut fx),
            Action::DownloadAsm(target, file) => self.download_asm(target, file, &mut fx),
            Action::Debug(a) => self.debug_action(a, &mut fx),
            Action::CheckReply(reply) => self.check_reply(reply, &mut fx),
            Action::ShowCompared => self.show_compared(&mut fx),
            Action::Files(a) => self.files_action(a, &mut fx),
            Action::ReplaceWithUpgraded => self.ask_upgrade(&mut fx),
            Action::Drafts(a) => self.drafts_action(a, &mut fx),
        }
        // The pane opened, the overlay turned on: what they show is asked for.
        self.refresh_views(&mut fx);
        fx
    }

    fn view_changed(&self, fx: &mut Vec<Effect>) {
        fx.push(Effect::SaveView(self.view.clone()));
        fx.push(Effect::Render);
    }

    fn text_changed(&mut self, text: String, fx: &mut Vec<Effect>) {
        if *text == *self.text {
            return;
        }
        self.text = Rc::from(text);
        fx.push(Effect::Measure(Measure::Edited));
        fx.push(Effect::SaveText(self.text.clone()));
        // The run's values belong to the text that ran.
        self.hover_run = None;
        self.check(fx);
        self.refresh_asm(false, fx);
        self.marks(fx);
        self.debug_text_changed(fx);
    }

    fn start_run(&mut self, fx: &mut Vec<Effect>) {
        self.stop_compare(fx);
        let (text, view, max_steps) = (&self.text, &self.view, self.max_steps);
        let mut sent = None;
        let (_, op) = self.run_worker.request(|id| {
            let req = RunRequest {
                id,
                text: text.to_string(),
                entry: view.entry.clone(),
                args: view.args.clone(),
                env: view.env.clone(),
                max_steps,
                wasm: view.wasm,
                stdin: view.stdin.clone(),
            };
            sent = Some(req.clone());
            req
        });
        self.last_request = sent;
        fx.extend(op.map(Effect::Run));
        self.live = Rc::default();
        self.pending_text = self.text.clone();
        self.view.tab = Tab::Run;
    }

    fn run_reply(&mut self, reply: RunReply, fx: &mut Vec<Effect>) {
        if let RunReply::Output(chunk) = &reply {
            // Output of the run in flight (a stopped run's worker is gone and sends none).
            if self.run_worker.busy() {
                Rc::make_mut(&mut self.live).push(chunk);
                fx.push(Effect::Render);
            }
            return;
        }
        let (reply, next) = self.run_worker.receive(reply);
        fx.extend(next.map(Effect::Run));
        match reply {
            None | Some(RunReply::Output(_)) => {}
            Some(RunReply::Ran(mut r)) => {
                // The report holds the output sent last; shown after what came before.
                let rest = OutputChunk {
                    stdout: std::mem::take(&mut r.stdout),
                    stderr: std::mem::take(&mut r.stderr),
                };
                let live = Rc::make_mut(&mut self.live);
                live.push(&rest);
                r.stdout = live.stdout.clone();
                r.stderr = live.stderr.clone();
                let program_memory = r.program_memory;
                let r: Rc<RunReport> = Rc::from(r);
                // The WebAssembly engine does not check for undefined behaviour: the
                // interpreter runs the same input in the background.
                if r.wasm.is_some() {
                    if let Some(req) = self.last_request.clone() {
                        self.start_compare(req, fx);
                    }
                }
                self.run_text = self.pending_text.clone();
                self.poison_lines = Rc::new(line_marks(&r));
                self.hover_run = Some(r.clone());
                self.run = Some(r);
                self.marks(fx);
                fx.push(Effect::Render);
                // A program run as WebAssembly has a memory of its own, in the worker.
                self.worker_memory(Worker::Run, program_memory, fx);
            }
            Some(RunReply::Error(e)) => {
                self.toast = Some(format!("the run failed: {}", e.message));
                fx.push(Effect::Render);
            }
        }
    }

    fn start_pipeline(&mut self, pipeline: String, fx: &mut Vec<Effect>) {
        self.view.pipeline = pipeline;
        let (text, pipeline) = (&self.text, &self.view.pipeline);
        let (id, op) = self.opt_worker.request(|id| {
            OptRequest::Optimize(OptimizeRequest {
                id,
                text: text.to_string(),
                pipeline: pipeline.clone(),
            })
        });
        fx.extend(op.map(Effect::Opt));
        self.optimizing = Some(id);
        fx.push(Effect::SaveView(self.view.clone()));
        // The step CFGs asked for belong to the report this one replaces.
        self.step_cfgs = None;
        self.step_request = None;
        fx.push(Effect::Render);
    }

    fn ask_step_cfgs(&mut self, i: usize, fx: &mut Vec<Effect>) {
        let Some(r) = self.opt_report.clone() else { return };
        let Some(step) = r.steps.get(i) else { return };
        let shown = self.step_cfgs.as_ref().is_some_and(|c| c.step == i);
        if shown || self.step_request.is_some_and(|(_, s)| s == i) {
            return;
        }
        let (id, op) = self.opt_worker.request(|id| {
            OptRequest::StepCfgs(StepCfgsRequest {
                id,
                step: i,
                function: step.function.clone(),
                before: r.snapshots.get(step.module_before).cloned(),
                after: r.snapshots.get(step.module_after).cloned(),
            })
        });
        fx.extend(op.map(Effect::Opt));
        self.step_request = Some((id, i));
        self.step_cfgs = None;
        fx.push(Effect::Render);
    }

    fn opt_reply(&mut self, reply: OptReply, fx: &mut Vec<Effect>) {
        let (reply, next) = self.opt_worker.receive(reply);
        fx.extend(next.map(Effect::Opt));
        match reply {
            Some(OptReply::Optimized(r)) if self.optimizing == Some(r.id) => {
                self.optimizing = None;
                self.opt_report = Some(Rc::from(r));
                self.step_cfgs = None;
                if self.asm_after_passes {
                    self.refresh_asm(true, fx);
                }
                fx.push(Effect::Render);
            }
            Some(OptReply::StepCfgs(c)) if self.step_request == Some((c.id, c.step)) => {
                self.step_request = None;
                let c = *c;
                self.step_cfgs = Some(StepGraphs {
                    step: c.step,
                    before: c.before.map(Rc::new),
                    after: c.after.map(Rc::new),
                });
                fx.push(Effect::Render);
            }
            // Stale, or a layout no longer wanted.
            None | Some(OptReply::Optimized(_) | OptReply::StepCfgs(_)) => {}
            Some(OptReply::Error(e)) => {
                self.optimizing = None;
                self.step_request = None;
                self.toast = Some(format!("the pipeline failed: {}", e.message));
                fx.push(Effect::Render);
            }
        }
    }

    /// The editor's marks: the static overlay, then the shown run's poison values and UB
    /// report (when the text is still the one that ran).
    fn marks(&self, fx: &mut Vec<Effect>) {
        let mut marks = Vec::new();
        if self.view.may_poison {
            if let Some(a) = &self.analysis {
                marks.extend(a.may_poison.iter().map(|m| EditorMark {
                    from: m.from,
                    to: m.to,
                    kind: "may-poison",
                    title: m.title.clone(),
                }));
            }
        }
        if let Some(r) = self.run.as_ref().filter(|_| self.run_is_current()) {
            marks.extend(r.marks().into_iter().map(|(from, to, kind, title)| EditorMark {
                from,
                to,
                kind,
                title,
            }));
        }
        marks.extend(self.asm_mark());
        fx.push(Effect::ShowMarks(marks));
    }
}

/// The CFG's class for each instruction (by start offset) the run marked: where poison arose,
/// where it went, and the instruction whose undefined behaviour stopped the run. An
/// instruction marked twice keeps the stronger mark (`ub`, then `poison-source`).
pub fn line_marks(r: &RunReport) -> HashMap<u32, &'static str> {
    let rank = |k: &str| match k {
        "ub" => 2,
        "poison-source" => 1,
        _ => 0,
    };
    let mut m: HashMap<u32, &'static str> = HashMap::new();
    for (from, _, kind, _) in r.marks() {
        let class = match kind {
            "ub" => "cfg-ub",
            "poison-source" => "cfg-poison-source",
            _ => "cfg-poison",
        };
        let slot = m.entry(from).or_insert(class);
        if rank(kind) > rank(slot.trim_start_matches("cfg-")) {
            *slot = class;
        }
    }
    m
}

mod analysis;
mod asm;
mod compare;
pub mod debug;
pub mod drafts;
pub mod files;
mod legacy;
mod memory;
mod output;
#[cfg(test)]
mod tests;
mod typing;
mod views;

pub use compare::{verdict, Compare, Verdict};

/// Maps byte range `range` of `old` into `new`, seeing the change from one to the other as a
/// single edit (their common start and end kept, what lies between replaced): a range before
/// or after the replaced part maps, one that overlaps it does not.
pub fn map_through_edit(old: &str, new: &str, range: (u32, u32)) -> Option<(u32, u32)> {
    let (o, n) = (old.as_bytes(), new.as_bytes());
    let prefix = o.iter().zip(n).take_while(|(a, b)| a == b).count();
    let room = o.len().min(n.len()) - prefix;
    let suffix = o.iter().rev().zip(n.iter().rev()).take(room).take_while(|(a, b)| a == b).count();
    let (from, to) = (range.0 as usize, range.1 as usize);
    if to <= prefix {
        return Some(range);
    }
    let old_end = o.len() - suffix;
    if from >= old_end && to <= o.len() {
        let shift = |x: usize| (x + n.len() - o.len()) as u32;
        return Some((shift(from), shift(to)));
    }
    None
}

impl State {
    /// True when the shown run's positions no longer match the text (it was edited since).
    pub fn run_is_stale(&self) -> bool {
        self.run.is_some() && !self.run_is_current()
    }

    /// A byte range of the text the shown run ran on, in the current text: unchanged before
    /// the edit, moved with it after it, `None` when the edit touched it.
    pub fn map_run_range(&self, range: (u32, u32)) -> Option<(u32, u32)> {
        map_through_edit(&self.run_text, &self.text, range)
    }

    /// Draws the CFG of the function the cursor moved into (once per move into another
    /// function: choosing one in the menu while the cursor stays put is kept).
    fn follow_cursor(&mut self, offset: u32, fx: &mut Vec<Effect>) {
        let Some(a) = self.analysis.as_deref() else { return };
        let inside = a.functions.iter().find(|f| f.span.0 <= offset && offset < f.span.1);
        let Some(f) = inside.map(|f| f.name.clone()) else { return };
        if self.cursor_function.as_ref() == Some(&f) {
            return;
        }
        self.cursor_function = Some(f.clone());
        if self.cfg.as_ref().is_some_and(|c| c.function == f) {
            return;
        }
        self.view.function = Some(f);
        self.selected_block = None;
        self.check(fx);
        fx.push(Effect::SaveView(self.view.clone()));
    }
}
