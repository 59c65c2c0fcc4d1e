//! The playground page: editor, toolbar, CFG, run, passes, asm and problems panes, the stepper,
//! share links and themes, as a yew component.
//!
//! The component is a thin shell around the reducer in `state`: events become
//! [`Action`]s, `State::reduce` says what changes and returns [`Effect`]s, and the shell carries
//! them out (posts to the workers through `bridge`, local storage, the editor, the clipboard).
//! Everything in this folder runs on the page's main thread.

mod asm;
mod bridge;
mod cfg;
mod cfgnav;
mod drafts;
mod editor;
pub mod examples;
mod files;
mod hover;
mod legacy;
mod panels;
mod pass_list;
mod passes;
pub mod share;
pub mod state;
mod stepper;
mod storage;
pub mod teach;
pub mod workers;

use crate::protocol::{
    AnalysisReply, AnalyzeRequest, AsmReply, CfgView, CompileRequest, KindReply, OptReply,
    OptRequest, Request, RunReply, RunRequest, WasmModule,
};
use crate::protocol::{DebugReply, DebugRequest};
use crate::protocol::{FilesReply, FilesRequest};
use asm::{AsmPane, SharedAsm};
use bridge::Bridge;
use cfg::CfgPane;
use editor::Editor;
use hover::HoverData;
use irplay_core::diag::SourceFile;
use panels::{ProblemsPane, RunPane};
use passes::PassPane;
use share::Tab;
use state::{Action, Effect, FilesAction, Init, Measure, State, Worker};
use state::{DebugAction, DraftAction};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use workers::WorkerOp;
use yew::prelude::*;

/// The worker of one kind, started on the first request to it.
type Slot<Req, Resp> = Option<Bridge<Req, Resp>>;

/// The page's measurements: how long from an edit to its diagnostics drawn, and how long the
/// CFG took to draw (shown in the status line, and read by the end-to-end tests).
#[derive(Default)]
struct Metrics {
    edit_at: f64,
    latency_ms: f64,
    latency_pending: bool,
    /// The diagnostics waiting to be drawn are of the current text.
    checked_current: bool,
    cfg_render_start: f64,
    asm_posted: f64,
    asm_pending: bool,
    debug_posted: f64,
    debug_pending: bool,
}

/// The playground.
pub struct App {
    state: State,
    editor_ref: NodeRef,
    editor: Option<Editor>,
    analysis_worker: Slot<AnalyzeRequest, AnalysisReply>,
    run_worker: Slot<RunRequest, RunReply>,
    opt_worker: Slot<OptRequest, OptReply>,
    asm_worker: Slot<CompileRequest, AsmReply>,
    debug_worker: Slot<DebugRequest, DebugReply>,
    /// Runs the interpreter after a run as WebAssembly, to check for undefined behaviour.
    check_worker: Slot<RunRequest, RunReply>,
    /// Reads `.bc` files and writes the module as bitcode.
    files_worker: Slot<FilesRequest, FilesReply>,
    /// The hidden file input behind Open….
    file_input: NodeRef,
    /// The text and run values the editor's hover callback reads.
    hover: Rc<RefCell<HoverData>>,
    /// Made once: a new callback on every render would re-render the whole graph.
    on_block: Callback<usize>,
    no_poison: Rc<HashMap<u32, &'static str>>,
    metrics: Metrics,
    /// When the typing the editor reports with its text began (`Date.now()`, as `now_ms`).
    typed_at: Rc<Cell<f64>>,
    /// Saves the text and updates the address after a pause in editing.
    autosave: storage::Autosave,
}

impl Component for App {
    type Message = Action;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let storage::Start { view, text, message, backup, from_link } = storage::initial_state();
        let dark = storage::dark_theme();
        storage::apply_theme(dark);
        let state = State::new(Init {
            view,
            text,
            toast: message,
            backup,
            dark,
            page_url: storage::page_url(),
            from_link,
        });
        let saved = ctx.link().callback(|f| Action::Drafts(DraftAction::Flushed(f)));
        let autosave =
            storage::Autosave::new(state.text.clone(), state.view.clone(), move |f| saved.emit(f));
        let hover = Rc::new(RefCell::new(HoverData::default()));
        hover.borrow_mut().set(&state.text, &state.hover_run);
        App {
            state,
            editor_ref: NodeRef::default(),
            editor: None,
            // Started at once, so that it loads while the page renders.
            analysis_worker: Bridge::new(
                WasmModule::Worker,
                ctx.link().callback(Action::AnalysisReply),
                ctx.link().callback(|b| Action::WorkerMemory(Worker::Analysis, b)),
            )
            .ok(),
            run_worker: None,
            opt_worker: None,
            asm_worker: None,
            debug_worker: None,
            check_worker: None,
            files_worker: None,
            file_input: NodeRef::default(),
            hover,
            on_block: ctx.link().callback(Action::BlockClicked),
            no_poison: Rc::new(HashMap::new()),
            metrics: Metrics { edit_at: crate::now_ms(), ..Metrics::default() },
            typed_at: Rc::default(),
            autosave,
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.mount_editor(ctx);
            ctx.link().send_message(Action::Start);
        }
        let m = &mut self.metrics;
        if m.latency_pending {
            m.latency_pending = false;
            m.latency_ms = crate::now_ms() - m.edit_at;
            storage::set_metric("diagnostics-latency-ms", m.latency_ms);
            if m.checked_current {
                // The diagnostics of the text the page holds are drawn (the tests wait for it).
                storage::set_metric("text-checked", 1.0);
            }
        }
        if m.asm_pending {
            m.asm_pending = false;
            storage::set_metric("asm-ms", crate::now_ms() - m.asm_posted);
        }
        if m.debug_pending {
            // From a stepper command sent to its new state drawn.
            m.debug_pending = false;
            storage::set_metric("debug-round-ms", crate::now_ms() - m.debug_posted);
        }
        if m.cfg_render_start > 0.0 {
            storage::set_metric("cfg-render-ms", crate::now_ms() - m.cfg_render_start);
            m.cfg_render_start = 0.0;
        }
    }

    fn update(&mut self, ctx: &Context<Self>, action: Action) -> bool {
        if let Action::Debug(DebugAction::Reply(_)) = &action {
            self.metrics.debug_pending = true;
        }
        let mut render = false;
        // The editor reports its text once typing pauses: an action that works on the text
        // takes what was typed since first.
        if action.needs_current_text() {
            if let Some((text, since)) = self.editor.as_ref().and_then(Editor::take_pending) {
                self.typed_at.set(since);
                for effect in self.state.reduce(Action::TextChanged(text)) {
                    render |= self.carry_out(ctx, effect);
                }
            }
        }
        let reported = matches!(action, Action::TextChanged(_));
        let effects = self.state.reduce(action);
        for effect in effects {
            render |= self.carry_out(ctx, effect);
        }
        if reported {
            // Taken by the edit's measure, or the text was the same: not for a later one.
            self.typed_at.set(0.0);
        }
        self.hover.borrow_mut().set(&self.state.text, &self.state.hover_run);
        self.hover.borrow_mut().set_analysis(&self.state.analysis);
        render
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let analysis = self.state.analysis.as_deref();
        let errors =
            analysis.map_or(0, |a| a.diagnostics.iter().filter(|d| d.severity == "error").count());
        let functions = analysis.map(|a| a.functions.clone()).unwrap_or_default();
        let shown = self.state.cfg.as_ref().map(|c| c.function.clone());
        let tab = self.state.view.tab;
        let tab_button = |t: Tab, label: String, id: &'static str| {
            let onclick = link.callback(move |_| Action::SetTab(t));
            html! { <button {id} role="tab" class="tab" aria-selected={(tab == t).to_string()} {onclick}>{ label }</button> }
        };
        let on_example =
            link.callback(|e: Event| match panels::select_value(&e).parse::<usize>() {
                Ok(i) => Action::LoadExample(i),
                Err(_) => Action::DismissToast,
            });
        let on_function =
            link.callback(|e: Event| Action::SelectFunction(panels::select_value(&e)));
        let status = match analysis {
            None => html! { <span id="status" class="status">{"checking…"}</span> },
            Some(a) if a.valid => {
                html! { <span id="status" class="status status-ok" data-latency={format!("{:.1}", self.metrics.latency_ms)}>{ format!("✓ valid · {} · checked in {:.1} ms", teach::plural(a.functions.len(), "function"), a.millis) }</span> }
            }
            Some(a) => {
                html! { <span id="status" class="status status-err" data-latency={format!("{:.1}", self.metrics.latency_ms)}>{ format!("✗ {} · {}", teach::plural(errors, "error"), teach::plural(a.diagnostics.len(), "diagnostic")) }</span> }
            }
        };
        html! {
            <div class="app" data-workers-replaced={self.state.workers_replaced.to_string()}>
                <header class="toolbar" role="toolbar" aria-label="playground">
                    <span class="brand">{"irplay"}</span>
                    <label class="sr-only" for="examples">{"examples"}</label>
                    <select id="examples" class="select" onchange={on_example} aria-label="load an example">
                        <option value="" selected=true>{"Examples…"}</option>
                        { for examples::EXAMPLES.iter().enumerate().map(|(i, e)| html! { <option value={i.to_string()}>{ format!("{} — {}", e.title, e.topic) }</option> }) }
                    </select>
                    <select id="function" class="select" onchange={on_function} aria-label="function to draw" disabled={functions.is_empty()}>
                        { for functions.iter().map(|f| html! { <option value={f.name.clone()} selected={Some(&f.name) == shown.as_ref()}>{ format!("@{} ({})", f.name, teach::plural(f.blocks as usize, "block")) }</option> }) }
                    </select>
                    <button id="run-top" class="btn btn-primary" onclick={link.callback(|_| Action::Run)} disabled={self.state.running()} title="run the entry function (Ctrl-Enter)">{"▶ Run"}</button>
                    <button id="debug-top" class="btn" onclick={link.callback(|_| Action::Debug(DebugAction::Start))} title="step through the entry function: forwards and back, with breakpoints (click a line number)">{"▷ Debug"}</button>
                    <button id="share" class="btn" onclick={link.callback(|_| Action::Share)}>{"Share"}</button>
                    { files::toolbar(&link.callback(Action::Files), &self.file_input, self.state.files.writing()) }
                    <label class="toggle"><input id="toggle-dom" type="checkbox" checked={self.state.view.dom_tree} onchange={link.callback(|_| Action::ToggleDom)} />{" dominator tree"}</label>
                    <label class="toggle"><input id="toggle-may-poison" type="checkbox" checked={self.state.view.may_poison} onchange={link.callback(|_| Action::ToggleMayPoison)} />{" may-be-poison"}</label>
                    <button id="theme" class="btn" onclick={link.callback(|_| Action::ToggleTheme)} aria-label="switch theme">{ if self.state.dark { "☀ Light" } else { "☾ Dark" } }</button>
                </header>
                { self.toast_view(ctx) }
                { drafts::save_notice(self.state.drafts.save_notice(), &link.callback(|a| a)) }
                { files::note(self.state.files.note.as_ref(), self.state.files.can_undo(&self.state.text), &link.callback(Action::Files)) }
                <main class="panes">
                    <section class={classes!("pane", "editor-pane", self.state.files.dragging.then_some("drop-target"))} aria-label="editor">
                        { legacy::banner(analysis.and_then(|a| a.legacy.as_ref()), self.state.upgrading(), link.callback(|_| Action::ReplaceWithUpgraded)) }
                        <div id="editor" class="editor" ref={self.editor_ref.clone()}></div>
                        { files::drop_hint(self.state.files.dragging) }
                        { self.stepper_view(ctx) }
                    </section>
                    <section class="pane side-pane">
                        <div class="tabs" role="tablist">
                            { tab_button(Tab::Cfg, "CFG".into(), "tab-cfg") }
                            { tab_button(Tab::Run, "Run".into(), "tab-run") }
                            { tab_button(Tab::Passes, "Passes".into(), "tab-passes") }
                            { tab_button(Tab::Asm, "Asm".into(), "tab-asm") }
                            { tab_button(Tab::Problems, format!("Problems ({})", analysis.map_or(0, |a| a.diagnostics.len())), "tab-problems") }
                        </div>
                        <div class="tab-body" role="tabpanel">
                            { match tab { Tab::Cfg => self.cfg_view(), Tab::Run => self.run_view(ctx), Tab::Passes => self.passes_view(ctx), Tab::Asm => self.asm_view(ctx), Tab::Problems => html! {
                                <ProblemsPane diagnostics={analysis.map(|a| a.diagnostics.clone()).unwrap_or_default()} on_jump={link.callback(|(f, t)| Action::Jump(f, t))} />
                            } } }
                        </div>
                    </section>
                </main>
                <footer class="statusbar">{ status }{ drafts::address_note(self.state.drafts.address_note.as_deref()) }</footer>
            </div>
        }
    }
}

impl App {
    fn mount_editor(&mut self, ctx: &Context<Self>) {
        let Some(el) = self.editor_ref.cast::<web_sys::Element>() else { return };
        let change = ctx.link().callback(Action::TextChanged);
        let typed_at = self.typed_at.clone();
        let cursor = ctx.link().callback(Action::Cursor);
        let line_hover = ctx.link().callback(Action::HoverIrLine);
        let hover = self.hover.clone();
        match Editor::new(
            &el,
            &self.state.text,
            self.state.dark,
            move |t, since| {
                typed_at.set(since);
                change.emit(t)
            },
            move |o| cursor.emit(o),
            move |o| hover.borrow().describe(o),
            move |range| line_hover.emit(range),
        ) {
            Ok(mut ed) => {
                let bps = ctx.link().callback(|l| Action::Debug(DebugAction::Breakpoints(l)));
                ed.on_breakpoints(move |lines| bps.emit(lines));
                let viewport = ctx.link().callback(|(from, to)| Action::Viewport(from, to));
                ed.on_viewport(move |from, to| viewport.emit((from, to)));
                self.autosave.read_editor_with(ed.text_reader());
                self.editor = Some(ed);
            }
            Err(e) => ctx.link().send_message(Action::Notice(format!(
                "the editor did not load ({e}); reload the page"
            ))),
        }
        // Run with Ctrl-Enter anywhere on the page.
        let run = ctx.link().callback(|_: ()| Action::Run);
        storage::on_ctrl_enter(move || run.emit(()));
        storage::reload_on_new_link();
        stepper::install_keys(ctx.link().callback(Action::Debug));
        if let Some(pane) = el.parent_element() {
            files::install_drop(&pane, ctx.link().callback(Action::Files));
        }
        files::install_keys(self.file_input.clone(), ctx.link().callback(Action::Files));
    }

    /// Carries out one effect; true when the page should re-render.
    fn carry_out(&mut self, ctx: &Context<Self>, effect: Effect) -> bool {
        let link = ctx.link();
        let ed = self.editor.as_ref();
        let memory = |w: Worker| link.callback(move |bytes| Action::WorkerMemory(w, bytes));
        match effect {
            Effect::Analysis(op) => {
                if let WorkerOp::Post(req) = &op {
                    // What crossed to the worker: the whole text, or what was typed.
                    storage::set_metric("analysis-sent-bytes", req.text.carried() as f64);
                }
                let on_reply = || link.callback(Action::AnalysisReply);
                if let Err(e) =
                    carry(&mut self.analysis_worker, op, on_reply, memory(Worker::Analysis))
                {
                    link.send_message(Action::NoWorker(Worker::Analysis, e));
                }
            }
            Effect::Run(op) => {
                if let Err(e) = carry(
                    &mut self.run_worker,
                    op,
                    || link.callback(Action::RunReply),
                    memory(Worker::Run),
                ) {
                    link.send_message(Action::NoWorker(Worker::Run, e));
                }
            }
            Effect::Opt(op) => {
                if let Err(e) = carry(
                    &mut self.opt_worker,
                    op,
                    || link.callback(Action::OptReply),
                    memory(Worker::Opt),
                ) {
                    link.send_message(Action::NoWorker(Worker::Opt, e));
                }
            }
            Effect::Asm(op) => {
                if let Err(e) = carry(
                    &mut self.asm_worker,
                    op,
                    || link.callback(Action::AsmReply),
                    memory(Worker::Asm),
                ) {
                    link.send_message(Action::NoWorker(Worker::Asm, e));
                }
            }
            Effect::Debug(op) => {
                if matches!(op, WorkerOp::Post(_)) {
                    self.metrics.debug_posted = crate::now_ms();
                }
                let on_reply = || link.callback(|r| Action::Debug(DebugAction::Reply(r)));
                if let Err(e) = carry(&mut self.debug_worker, op, on_reply, Callback::noop()) {
                    link.send_message(Action::Debug(DebugAction::NoWorker(e)));
                }
            }
            Effect::DebugLine(at, kind) => {
                if let Some(ed) = ed {
                    ed.set_current(at, kind);
                }
            }
            Effect::Check(op) => {
                let on_reply = || link.callback(Action::CheckReply);
                if let Err(e) = carry(&mut self.check_worker, op, on_reply, memory(Worker::Check)) {
                    link.send_message(Action::NoWorker(Worker::Check, e));
                }
            }
            Effect::Files(op) => {
                let on_reply = || link.callback(|r| Action::Files(FilesAction::Reply(r)));
                if let Err(e) = carry(&mut self.files_worker, op, on_reply, Callback::noop()) {
                    link.send_message(Action::Files(FilesAction::NoWorker(e)));
                }
            }
            Effect::Later(ms, action) => {
                let link = link.clone();
                gloo::timers::callback::Timeout::new(ms, move || link.send_message(*action))
                    .forget();
            }
            Effect::Download(name, bytes, mime) => panels::download(&name, &bytes, mime),
            Effect::SaveText(text) => self.autosave.changed(&text, &self.state.view, true),
            Effect::SaveView(view) => {
                // Saved at once (it is small); a full storage is reported by the text's save.
                let _ = storage::save_view(&view);
                self.autosave.changed(&self.state.text, &view, false);
            }
            Effect::SaveTheme(dark) => {
                storage::apply_theme(dark);
                storage::save_theme(dark);
                if let Some(ed) = ed {
                    ed.set_dark(dark);
                }
            }
            Effect::ClearBackup => storage::clear_backup(),
            Effect::SetEditorText(text) => {
                if let Some(ed) = ed {
                    ed.set_text(&text);
                }
            }
            Effect::SelectInEditor(from, to) => {
                if let Some(ed) = ed {
                    ed.select(from, to);
                }
            }
            Effect::ShowDiagnostics(a) => {
                if let Some(ed) = ed {
                    ed.set_diagnostics(
                        a.diagnostics
                            .iter()
                            .map(|d| (d.from, d.to, d.severity.as_str(), d.message.as_str())),
                    );
                }
            }
            Effect::ShowMarks(marks) => {
                if let Some(ed) = ed {
                    ed.set_marks(&marks);
                }
            }
            Effect::CopyToClipboard(text) => storage::copy_to_clipboard(&text),
            Effect::Measure(Measure::Edited) => {
                // From the first key of the typing the editor reported (or now).
                let typed = self.typed_at.replace(0.0);
                self.metrics.edit_at = if typed > 0.0 { typed } else { crate::now_ms() };
                storage::set_metric("text-checked", 0.0);
            }
            Effect::Measure(Measure::Checked { analysis_ms, current }) => {
                // The latency is measured once the diagnostics are drawn (see `rendered`).
                self.metrics.latency_pending = true;
                self.metrics.checked_current = current;
                storage::set_metric("analysis-ms", analysis_ms);
            }
            Effect::Measure(Measure::CfgChanged) => self.metrics.cfg_render_start = crate::now_ms(),
            Effect::Measure(Measure::AsmPosted) => self.metrics.asm_posted = crate::now_ms(),
            Effect::Measure(Measure::AsmArrived { worker_ms }) => {
                // Measured again once the code is drawn (see `rendered`).
                self.metrics.asm_pending = true;
                storage::set_metric("asm-worker-ms", worker_ms);
            }
            Effect::Render => return true,
        }
        false
    }

    fn toast_view(&self, ctx: &Context<Self>) -> Html {
        let close = ctx.link().callback(|_| Action::DismissToast);
        if let Some(offer) = &self.state.drafts.share {
            return drafts::share_toast(offer, &ctx.link().callback(|a| a));
        }
        if let Some(backup) = &self.state.backup {
            return html! {
                <div class="toast" id="toast-backup" role="status">
                    <span>{ format!("Opened a shared playground. Your own text ({}) is kept.", teach::plural(backup.lines().count(), "line")) }</span>
                    <button id="restore" class="btn" onclick={ctx.link().callback(|_| Action::RestoreBackup)}>{"Restore it"}</button>
                    <button class="btn" onclick={close}>{"Dismiss"}</button>
                </div>
            };
        }
        match &self.state.toast {
            Some(t) => {
                html! { <div class="toast" id="toast" role="alert"><span>{ t }</span><button class="btn" onclick={close}>{"Dismiss"}</button></div> }
            }
            None => html! {},
        }
    }

    fn cfg_view(&self) -> Html {
        let Some(c) = self.state.cfg.clone() else {
            return html! { <p class="cfg-empty">{"No function to draw: define one, or fix the errors first."}</p> };
        };
        let mut poison = if self.state.run_is_current() {
            self.state.poison_lines.clone()
        } else {
            self.no_poison.clone()
        };
        let mut selected = self.state.selected_block;
        // The stepper's block and instruction.
        if let Some((block, start)) = self.state.debug_block() {
            Rc::make_mut(&mut poison).insert(start, "cfg-current");
            selected = Some(block);
        }
        html! {
            <CfgPane cfg={cfg::Shared(c)} dom_tree={self.state.view.dom_tree} {selected} {poison} on_block={self.on_block.clone()} />
        }
    }

    fn stepper_view(&self, ctx: &Context<Self>) -> Html {
        let Some(session) = self.state.debug.session.clone() else { return html! {} };
        let link = ctx.link();
        let text = session.text.clone();
        let positions =
            Callback::from(move |off: u32| SourceFile::new("input.ll", &*text).line_col(off));
        let on_jump = link.callback(|(f, t)| Action::Jump(f, t));
        let report = match &session.report {
            Some(r) => panels::report(
                &panels::RunProps {
                    functions: Vec::new(),
                    entry: self.state.view.entry.clone(),
                    args: String::new(),
                    max_steps: self.state.max_steps,
                    wasm: false,
                    running: false,
                    report: Some(r.clone()),
                    live: Rc::default(),
                    positions: positions.clone(),
                    on_entry: Callback::noop(),
                    on_engine: Callback::noop(),
                    on_args: Callback::noop(),
                    env: String::new(),
                    on_env: Callback::noop(),
                    stdin: String::new(),
                    on_stdin: Callback::noop(),
                    on_steps: Callback::noop(),
                    on_run: Callback::noop(),
                    on_stop: Callback::noop(),
                    on_jump: on_jump.clone(),
                    stale: false,
                    compare: None,
                    on_show_compared: Callback::noop(),
                    moved: Callback::from(|_| None),
                },
                r,
            ),
            None => html! {},
        };
        html! {
            <stepper::StepperPanel stale={session.stale(&self.state.text)} {session} breakpoints={self.state.debug.breakpoints.clone()}
                {positions} on_action={link.callback(Action::Debug)} {on_jump} {report} />
        }
    }

    fn passes_view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let pipeline = if self.state.view.pipeline.is_empty() {
            "mem2reg,simplifycfg,dce".to_string()
        } else {
            self.state.view.pipeline.clone()
        };
        let cfgs = self.state.step_cfgs.as_ref().map(|c| {
            let shared = |g: &Option<Rc<CfgView>>| g.clone().map(cfg::Shared);
            (c.step, shared(&c.before), shared(&c.after))
        });
        html! {
            <PassPane {pipeline} running={self.state.optimizing()} report={self.state.opt_report.clone()} {cfgs}
                on_pipeline={link.callback(Action::SetPipeline)} on_optimize={link.callback(Action::Optimize)} on_stop={link.callback(|_| Action::StopOpt)}
                on_open={link.callback(Action::OpenText)} on_cfgs={link.callback(Action::StepCfgs)} />
        }
    }

    fn asm_view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let s = &self.state;
        let have_passes = s.opt_report.as_ref().is_some_and(|r| !r.snapshots.is_empty());
        html! {
            <AsmPane report={s.asm.clone().map(SharedAsm)} error={s.asm_error.clone()} compiling={s.compiling_asm()}
                targets={s.view.asm_targets} function={s.view.function.clone()} focus={s.asm_focus()} linked={s.asm_linked()}
                after_passes={s.asm_after_passes} {have_passes}
                on_targets={link.callback(Action::SetAsmTargets)} on_function={link.callback(Action::SelectFunction)}
                on_after_passes={link.callback(Action::SetAsmAfterPasses)} on_hover={link.callback(Action::HoverAsm)}
                on_click={link.callback(|(f, t)| Action::ClickAsm(f, t))} on_jump={link.callback(|(f, t)| Action::Jump(f, t))}
                on_download={link.callback(|(t, f)| Action::DownloadAsm(t, f))} />
        }
    }

    fn run_view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let text = self.state.run_text.clone();
        let positions =
            Callback::from(move |off: u32| SourceFile::new("input.ll", &*text).line_col(off));
        // A stale report's positions, moved through the edit into the current text.
        let (old, now) = (self.state.run_text.clone(), self.state.text.clone());
        let moved = Callback::from(move |(from, to): (u32, u32)| {
            let (f, t) = state::map_through_edit(&old, &now, (from, to))?;
            let (line, col) = SourceFile::new("input.ll", &*now).line_col(f);
            Some((f, t, line, col))
        });
        html! {
            <RunPane
                functions={self.state.analysis.as_ref().map(|a| a.functions.clone()).unwrap_or_default()}
                entry={self.state.view.entry.clone()} args={self.state.args_text.clone()} max_steps={self.state.max_steps} wasm={self.state.view.wasm}
                running={self.state.running()} report={self.state.run.clone()} live={self.state.live.clone()} {positions}
                stale={self.state.run_is_stale()} {moved} compare={self.state.compare.clone()} on_show_compared={link.callback(|_| Action::ShowCompared)}
                on_entry={link.callback(Action::SetEntry)} on_engine={link.callback(Action::SetEngine)} on_args={link.callback(Action::SetArgs)} env={self.state.env_text.clone()} on_env={link.callback(Action::SetEnv)} stdin={self.state.view.stdin.clone()} on_stdin={link.callback(Action::SetStdin)} on_steps={link.callback(Action::SetSteps)}
                on_run={link.callback(|_| Action::Run)} on_stop={link.callback(|_| Action::Stop)} on_jump={link.callback(|(f, t)| Action::Jump(f, t))} />
        }
    }
}

/// Carries out `op` on the worker in `slot`, starting one for a post if there is none, or if
/// the one there runs another wasm module than the request needs (a worker only gets a post
/// when it is idle, so nothing is lost). Its replies go to `on_reply`, the size of its wasm
/// memory after each to `on_memory`.
fn carry<Req: Into<Request>, Resp: KindReply + 'static>(
    slot: &mut Slot<Req, Resp>,
    op: WorkerOp<Req>,
    on_reply: impl FnOnce() -> Callback<Resp>,
    on_memory: Callback<f64>,
) -> Result<(), String> {
    match op {
        WorkerOp::Terminate => *slot = None,
        WorkerOp::Post(req) => {
            let req: Request = req.into();
            let module = req.module();
            let bridge = match slot.take() {
                Some(b) if b.module() == module => b,
                _ => Bridge::new(module, on_reply(), on_memory)?,
            };
            bridge.post(req);
            *slot = Some(bridge);
        }
    }
    Ok(())
}
