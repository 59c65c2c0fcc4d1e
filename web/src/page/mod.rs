//! The playground page: editor, toolbar, CFG, run and problems panes, share links and themes.
//!
//! State flows one way: the editor reports text changes, the analysis worker answers with
//! diagnostics and the CFG, the run worker with the run's output and values; the component
//! turns those into editor marks and panes. The analysis worker always gets the newest text:
//! while it is busy, further edits wait and only the last one is sent (natural debouncing).

mod bridge;
mod cfg;
mod editor;
pub mod examples;
mod hover;
mod panels;
mod passes;
pub mod share;
mod storage;
pub mod teach;

use crate::protocol::{
    Analysis, AnalysisReply, AnalyzeRequest, OptReply, OptReport, OptRequest, OptimizeRequest,
    RunReply, RunReport, RunRequest, StepCfgsRequest,
};
use bridge::Bridge;
use cfg::CfgPane;
use editor::{Editor, EditorMark};
use hover::HoverData;
use irplay_core::diag::SourceFile;
use panels::{ProblemsPane, RunPane};
use passes::PassPane;
use share::{Tab, View};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use yew::prelude::*;

/// Default step budget of a run.
const DEFAULT_STEPS: u64 = 10_000_000;

/// Messages of [`App`].
pub enum Msg {
    /// The editor's text changed.
    TextChanged(String),
    /// The cursor moved (byte offset).
    Cursor(u32),
    /// The analysis worker answered.
    Analyzed(AnalysisReply),
    /// The run worker answered.
    Ran(RunReply),
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
    /// Arguments changed.
    SetArgs(String),
    /// Standard input changed.
    SetStdin(String),
    /// Budget changed.
    SetSteps(String),
    /// Run the entry.
    Run,
    /// Choose the engine: true for WebAssembly, false for the interpreter.
    SetEngine(bool),
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
    /// The pass worker answered.
    Opt(OptReply),
    /// Replace the editor's text (undoably) with an optimized module.
    OpenText(String),
    /// Lay out the selected step's function before and after.
    StepCfgs(usize),
}

/// The playground.
pub struct App {
    editor_ref: NodeRef,
    editor: Option<Editor>,
    analysis_worker: Option<Bridge<AnalyzeRequest, AnalysisReply>>,
    run_worker: Option<Bridge<RunRequest, RunReply>>,
    text: String,
    state: View,
    args_text: String,
    max_steps: u64,
    analysis: Option<Rc<Analysis>>,
    /// An analysis request is in flight; `dirty` says the text changed since it was sent.
    in_flight: Option<u32>,
    dirty: bool,
    next_id: u32,
    run: Option<Rc<RunReport>>,
    /// The text the shown run (`run`) ran on: its positions are byte offsets into it.
    run_text: Rc<String>,
    /// The text of the run in progress, which becomes `run_text` when its report arrives.
    pending_text: Rc<String>,
    running: Option<u32>,
    dark: bool,
    toast: Option<String>,
    /// The user's own text, set aside when a share link was opened.
    backup: Option<String>,
    /// The pass pipeline's worker, its request, its result, and the CFGs of a step.
    opt_worker: Option<Bridge<OptRequest, OptReply>>,
    opt_running: Option<u32>,
    opt_report: Option<Rc<OptReport>>,
    step_cfgs: Option<(usize, Option<cfg::Shared>, Option<cfg::Shared>)>,
    step_cfg_request: Option<(u32, usize)>,
    share_link: Option<String>,
    selected_block: Option<usize>,
    /// The drawn CFG (kept while the text has errors) and the poison lines of the last run.
    cfg: Option<Rc<crate::protocol::CfgView>>,
    poison_lines: Rc<HashMap<u32, &'static str>>,
    /// Made once: a new callback on every render would re-render the whole graph.
    on_block: Callback<usize>,
    no_poison: Rc<HashMap<u32, &'static str>>,
    hover: Rc<RefCell<HoverData>>,
    /// When the last edit happened (ms) and how long until its diagnostics were shown.
    edit_at: f64,
    latency_ms: f64,
    latency_pending: bool,
    cfg_render_start: f64,
    cfg_ms: f64,
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let storage::Start { view: state, text, message: toast, backup } = storage::initial_state();
        let dark = storage::dark_theme();
        storage::apply_theme(dark);
        let analysis_worker = Bridge::new(ctx.link().callback(Msg::Analyzed)).ok();
        let toast = toast.or_else(|| {
            analysis_worker
                .is_none()
                .then(|| "Web Workers are not available: checking and running are off".to_string())
        });
        let args_text = state.args.join(" ");
        let hover = Rc::new(RefCell::new(HoverData::default()));
        hover.borrow_mut().set_text(&text);
        App {
            editor_ref: NodeRef::default(),
            editor: None,
            analysis_worker,
            run_worker: None,
            text,
            args_text,
            state,
            max_steps: DEFAULT_STEPS,
            analysis: None,
            in_flight: None,
            dirty: true,
            next_id: 1,
            run: None,
            run_text: Rc::new(String::new()),
            pending_text: Rc::new(String::new()),
            running: None,
            dark,
            toast,
            backup,
            opt_worker: None,
            opt_running: None,
            opt_report: None,
            step_cfgs: None,
            step_cfg_request: None,
            share_link: None,
            selected_block: None,
            cfg: None,
            poison_lines: Rc::new(HashMap::new()),
            on_block: ctx.link().callback(Msg::BlockClicked),
            no_poison: Rc::new(HashMap::new()),
            hover,
            edit_at: crate::now_ms(),
            latency_ms: 0.0,
            latency_pending: false,
            cfg_render_start: 0.0,
            cfg_ms: 0.0,
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.mount_editor(ctx);
            self.send_analysis();
        }
        if self.latency_pending {
            self.latency_pending = false;
            self.latency_ms = crate::now_ms() - self.edit_at;
            storage::set_metric("diagnostics-latency-ms", self.latency_ms);
        }
        if self.cfg_render_start > 0.0 {
            self.cfg_ms = crate::now_ms() - self.cfg_render_start;
            self.cfg_render_start = 0.0;
            storage::set_metric("cfg-render-ms", self.cfg_ms);
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::TextChanged(text) => {
                if text == self.text {
                    return false;
                }
                self.text = text;
                self.edit_at = crate::now_ms();
                storage::save_text(&self.text);
                self.hover.borrow_mut().set_text(&self.text);
                // Run marks and values belong to the text that ran.
                if self.run.is_some() {
                    self.hover.borrow_mut().values.clear();
                }
                self.dirty = true;
                self.send_analysis();
                self.update_marks();
                false
            }
            Msg::Cursor(offset) => {
                let block = self
                    .cfg
                    .as_ref()
                    .and_then(|c| c.blocks.iter().position(|b| b.from <= offset && offset <= b.to));
                if block != self.selected_block {
                    self.selected_block = block;
                    return true;
                }
                false
            }
            Msg::Analyzed(AnalysisReply::Analyzed(a)) => {
                if self.in_flight == Some(a.id) {
                    self.in_flight = None;
                }
                if self.dirty {
                    self.send_analysis();
                }
                self.apply_analysis(a);
                true
            }
            Msg::Analyzed(AnalysisReply::Error(e)) => {
                if e.id.is_some() && e.id != self.in_flight {
                    return false;
                }
                let message = e.message;
                self.in_flight = None;
                self.toast = Some(format!("checking failed: {message}"));
                // A crashed worker is replaced so the next edit is checked again.
                self.analysis_worker = Bridge::new(ctx.link().callback(Msg::Analyzed)).ok();
                true
            }
            Msg::Ran(RunReply::Ran(r)) => {
                if self.running != Some(r.id) {
                    return false;
                }
                self.running = None;
                self.run_text = self.pending_text.clone();
                self.hover.borrow_mut().values = r.values.clone();
                self.poison_lines = Rc::new(line_marks(&r));
                self.run = Some(Rc::new(*r));
                self.update_marks();
                true
            }
            Msg::Ran(RunReply::Error(e)) => {
                if e.id.is_some() && e.id != self.running {
                    return false;
                }
                let message = e.message;
                self.running = None;
                self.run_worker = None;
                self.toast = Some(format!("the run failed: {message}"));
                true
            }
            Msg::SelectFunction(f) => {
                self.state.function = Some(f);
                self.selected_block = None;
                self.dirty = true;
                self.send_analysis();
                self.save_state();
                false
            }
            Msg::SetTab(t) => {
                self.state.tab = t;
                self.save_state();
                true
            }
            Msg::ToggleDom => {
                self.state.dom_tree = !self.state.dom_tree;
                self.save_state();
                true
            }
            Msg::ToggleMayPoison => {
                self.state.may_poison = !self.state.may_poison;
                self.update_marks();
                self.save_state();
                true
            }
            Msg::SetEntry(e) => {
                self.state.entry = e;
                self.save_state();
                true
            }
            Msg::SetArgs(a) => {
                self.args_text = a;
                self.state.args = self.args_text.split_whitespace().map(str::to_string).collect();
                self.save_state();
                true
            }
            Msg::SetStdin(s) => {
                self.state.stdin = s;
                self.save_state();
                false
            }
            Msg::SetEngine(wasm) => {
                self.state.wasm = wasm;
                self.save_state();
                true
            }
            Msg::SetSteps(s) => {
                if let Ok(n) = s.trim().parse::<u64>() {
                    self.max_steps = n.max(1);
                }
                true
            }
            Msg::Run => {
                if self.running.is_none() {
                    self.start_run(ctx);
                }
                true
            }
            Msg::Stop => {
                self.run_worker = None;
                self.running = None;
                self.run = Some(Rc::new(RunReport::not_run(0, "stopped")));
                true
            }
            Msg::Share => {
                let frag = share::encode(&self.state, &self.text);
                let link = storage::page_url(&frag);
                storage::copy_to_clipboard(&link);
                self.share_link = Some(link);
                self.toast = None;
                true
            }
            Msg::LoadExample(i) => {
                if let Some(e) = crate::page::examples::EXAMPLES.get(i) {
                    if let Some(ed) = &self.editor {
                        ed.set_text(e.source);
                    }
                    self.state.function = None;
                    self.state.entry = "main".into();
                    self.run = None;
                    self.hover.borrow_mut().values.clear();
                    ctx.link().send_message(Msg::TextChanged(e.source.to_string()));
                }
                true
            }
            Msg::Jump(from, to) => {
                if let Some(ed) = &self.editor {
                    ed.select(from, to);
                }
                false
            }
            Msg::BlockClicked(i) => {
                if let Some(b) = self.cfg.as_ref().and_then(|c| c.blocks.get(i)) {
                    if let Some(ed) = &self.editor {
                        ed.select(b.from, b.to);
                    }
                }
                self.selected_block = Some(i);
                true
            }
            Msg::ToggleTheme => {
                self.dark = !self.dark;
                storage::apply_theme(self.dark);
                storage::save_theme(self.dark);
                if let Some(ed) = &self.editor {
                    ed.set_dark(self.dark);
                }
                true
            }
            Msg::DismissToast => {
                self.toast = None;
                self.share_link = None;
                self.backup = None;
                true
            }
            Msg::SetPipeline(p) => {
                self.state.pipeline = p;
                self.save_state();
                true
            }
            Msg::Optimize(pipeline) => {
                if self.opt_running.is_some() {
                    return false;
                }
                self.state.pipeline = pipeline.clone();
                if self.opt_worker.is_none() {
                    match Bridge::new(ctx.link().callback(Msg::Opt)) {
                        Ok(b) => self.opt_worker = Some(b),
                        Err(e) => {
                            self.toast = Some(e);
                            return true;
                        }
                    }
                }
                let id = self.next_id;
                self.next_id += 1;
                if let Some(w) = &self.opt_worker {
                    w.post(OptRequest::Optimize(OptimizeRequest {
                        id,
                        text: self.text.clone(),
                        pipeline,
                    }));
                }
                self.opt_running = Some(id);
                self.step_cfgs = None;
                true
            }
            Msg::StopOpt => {
                self.opt_worker = None;
                self.opt_running = None;
                self.step_cfg_request = None;
                true
            }
            Msg::Opt(OptReply::Optimized(r)) => {
                if self.opt_running != Some(r.id) {
                    return false;
                }
                self.opt_running = None;
                self.opt_report = Some(Rc::new(*r));
                true
            }
            Msg::Opt(OptReply::StepCfgs(c)) => {
                if self.step_cfg_request != Some((c.id, c.step)) {
                    return false;
                }
                self.step_cfg_request = None;
                let shared =
                    |c: Option<crate::protocol::CfgView>| c.map(|c| cfg::Shared(Rc::new(c)));
                self.step_cfgs = Some((c.step, shared(c.before), shared(c.after)));
                true
            }
            Msg::Opt(OptReply::Error(e)) => {
                let current = [self.opt_running, self.step_cfg_request.map(|r| r.0)];
                if e.id.is_some() && !current.contains(&e.id) {
                    return false;
                }
                let message = e.message;
                self.opt_running = None;
                self.step_cfg_request = None;
                self.opt_worker = None;
                self.toast = Some(format!("the pipeline failed: {message}"));
                true
            }
            Msg::OpenText(text) => {
                if let Some(ed) = &self.editor {
                    ed.set_text(&text);
                }
                false
            }
            Msg::StepCfgs(i) => {
                let Some(r) = self.opt_report.clone() else { return false };
                let Some(step) = r.steps.get(i) else { return false };
                if self.step_cfgs.as_ref().is_some_and(|c| c.0 == i)
                    || self.step_cfg_request.is_some_and(|(_, s)| s == i)
                {
                    return false;
                }
                self.step_cfgs = None;
                let id = self.next_id;
                self.next_id += 1;
                if let Some(w) = &self.opt_worker {
                    w.post(OptRequest::StepCfgs(StepCfgsRequest {
                        id,
                        step: i,
                        function: step.function.clone(),
                        before: r.snapshots.get(step.module_before).cloned(),
                        after: r.snapshots.get(step.module_after).cloned(),
                    }));
                    self.step_cfg_request = Some((id, i));
                }
                true
            }
            Msg::RestoreBackup => {
                if let (Some(text), Some(ed)) = (self.backup.take(), &self.editor) {
                    ed.set_text(&text);
                    storage::clear_backup();
                }
                true
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let analysis = self.analysis.as_deref();
        let errors =
            analysis.map_or(0, |a| a.diagnostics.iter().filter(|d| d.severity == "error").count());
        let functions = analysis.map(|a| a.functions.clone()).unwrap_or_default();
        let shown = self.cfg.as_ref().map(|c| c.function.clone());
        let tab = self.state.tab;
        let tab_button = |t: Tab, label: String, id: &'static str| {
            let onclick = link.callback(move |_| Msg::SetTab(t));
            html! { <button {id} role="tab" class="tab" aria-selected={(tab == t).to_string()} {onclick}>{ label }</button> }
        };
        let on_example =
            link.callback(|e: Event| match panels::select_value(&e).parse::<usize>() {
                Ok(i) => Msg::LoadExample(i),
                Err(_) => Msg::DismissToast,
            });
        let on_function = link.callback(|e: Event| Msg::SelectFunction(panels::select_value(&e)));
        let status = match analysis {
            None => html! { <span id="status" class="status">{"checking…"}</span> },
            Some(a) if a.valid => {
                html! { <span id="status" class="status status-ok" data-latency={format!("{:.1}", self.latency_ms)}>{ format!("✓ valid · {} functions · checked in {:.1} ms", a.functions.len(), a.millis) }</span> }
            }
            Some(a) => {
                html! { <span id="status" class="status status-err" data-latency={format!("{:.1}", self.latency_ms)}>{ format!("✗ {} error{} · {} diagnostics", errors, if errors == 1 { "" } else { "s" }, a.diagnostics.len()) }</span> }
            }
        };
        html! {
            <div class="app">
                <header class="toolbar" role="toolbar" aria-label="playground">
                    <span class="brand">{"irplay"}</span>
                    <label class="sr-only" for="examples">{"examples"}</label>
                    <select id="examples" class="select" onchange={on_example} aria-label="load an example">
                        <option value="" selected=true>{"Examples…"}</option>
                        { for crate::page::examples::EXAMPLES.iter().enumerate().map(|(i, e)| html! { <option value={i.to_string()}>{ format!("{} — {}", e.title, e.topic) }</option> }) }
                    </select>
                    <select id="function" class="select" onchange={on_function} aria-label="function to draw" disabled={functions.is_empty()}>
                        { for functions.iter().map(|f| html! { <option value={f.name.clone()} selected={Some(&f.name) == shown.as_ref()}>{ format!("@{} ({} block{})", f.name, f.blocks, if f.blocks == 1 { "" } else { "s" }) }</option> }) }
                    </select>
                    <button id="run-top" class="btn btn-primary" onclick={link.callback(|_| Msg::Run)} disabled={self.running.is_some()} title="run the entry function (Ctrl-Enter)">{"▶ Run"}</button>
                    <button id="share" class="btn" onclick={link.callback(|_| Msg::Share)}>{"Share"}</button>
                    <label class="toggle"><input id="toggle-dom" type="checkbox" checked={self.state.dom_tree} onchange={link.callback(|_| Msg::ToggleDom)} />{" dominator tree"}</label>
                    <label class="toggle"><input id="toggle-may-poison" type="checkbox" checked={self.state.may_poison} onchange={link.callback(|_| Msg::ToggleMayPoison)} />{" may-be-poison"}</label>
                    <button id="theme" class="btn" onclick={link.callback(|_| Msg::ToggleTheme)} aria-label="switch theme">{ if self.dark { "☀ Light" } else { "☾ Dark" } }</button>
                </header>
                { self.toast_view(ctx) }
                <main class="panes">
                    <section class="pane editor-pane" aria-label="editor">
                        <div id="editor" class="editor" ref={self.editor_ref.clone()}></div>
                    </section>
                    <section class="pane side-pane">
                        <div class="tabs" role="tablist">
                            { tab_button(Tab::Cfg, "CFG".into(), "tab-cfg") }
                            { tab_button(Tab::Run, "Run".into(), "tab-run") }
                            { tab_button(Tab::Passes, "Passes".into(), "tab-passes") }
                            { tab_button(Tab::Problems, format!("Problems ({})", analysis.map_or(0, |a| a.diagnostics.len())), "tab-problems") }
                        </div>
                        <div class="tab-body" role="tabpanel">
                            { match tab { Tab::Cfg => self.cfg_view(), Tab::Run => self.run_view(ctx), Tab::Passes => self.passes_view(ctx), Tab::Problems => html! {
                                <ProblemsPane diagnostics={analysis.map(|a| a.diagnostics.clone()).unwrap_or_default()} on_jump={link.callback(|(f, t)| Msg::Jump(f, t))} />
                            } } }
                        </div>
                    </section>
                </main>
                <footer class="statusbar">{ status }</footer>
            </div>
        }
    }
}

/// The CFG's class for each instruction (by start offset) the run marked: where poison arose,
/// where it went, and the instruction whose undefined behaviour stopped the run. An
/// instruction marked twice keeps the stronger mark (`ub`, then `poison-source`).
fn line_marks(r: &RunReport) -> HashMap<u32, &'static str> {
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

impl App {
    fn mount_editor(&mut self, ctx: &Context<Self>) {
        let Some(el) = self.editor_ref.cast::<web_sys::Element>() else { return };
        let change = ctx.link().callback(Msg::TextChanged);
        let cursor = ctx.link().callback(Msg::Cursor);
        let hover = self.hover.clone();
        match Editor::new(
            &el,
            &self.text,
            self.dark,
            move |t| change.emit(t),
            move |o| cursor.emit(o),
            move |o| hover.borrow().describe(o),
        ) {
            Ok(ed) => self.editor = Some(ed),
            Err(e) => self.toast = Some(format!("the editor did not load ({e}); reload the page")),
        }
        // Run with Ctrl-Enter anywhere on the page.
        let run = ctx.link().callback(|_: ()| Msg::Run);
        storage::on_ctrl_enter(move || run.emit(()));
        storage::reload_on_new_link();
    }

    fn send_analysis(&mut self) {
        if self.in_flight.is_some() {
            return;
        }
        let Some(w) = &self.analysis_worker else { return };
        let id = self.next_id;
        self.next_id += 1;
        w.post(AnalyzeRequest {
            id,
            text: self.text.clone(),
            function: self.state.function.clone(),
        });
        self.in_flight = Some(id);
        self.dirty = false;
    }

    fn apply_analysis(&mut self, a: Box<Analysis>) {
        if let Some(ed) = &self.editor {
            ed.set_diagnostics(
                a.diagnostics
                    .iter()
                    .map(|d| (d.from, d.to, d.severity.as_str(), d.message.as_str())),
            );
        }
        if !self.dirty {
            // Measured once the diagnostics are drawn (see `rendered`).
            self.latency_pending = true;
            storage::set_metric("analysis-ms", a.millis);
        }
        // Keep the last good CFG and function list while the text has errors.
        let mut a = *a;
        if let Some(c) = a.cfg.take() {
            self.cfg = Some(Rc::new(c));
            self.cfg_render_start = crate::now_ms();
        } else if a.valid {
            self.cfg = None;
        }
        if let Some(old) = self.analysis.as_deref() {
            if !a.valid && a.functions.is_empty() {
                a.functions = old.functions.clone();
            }
        }
        self.analysis = Some(Rc::new(a));
        self.update_marks();
    }

    fn start_run(&mut self, ctx: &Context<Self>) {
        if self.run_worker.is_none() {
            match Bridge::new(ctx.link().callback(Msg::Ran)) {
                Ok(b) => self.run_worker = Some(b),
                Err(e) => {
                    self.toast = Some(e);
                    return;
                }
            }
        }
        let id = self.next_id;
        self.next_id += 1;
        if let Some(w) = &self.run_worker {
            w.post(RunRequest {
                id,
                text: self.text.clone(),
                entry: self.state.entry.clone(),
                args: self.state.args.clone(),
                max_steps: self.max_steps,
                wasm: self.state.wasm,
                stdin: self.state.stdin.clone(),
            });
        }
        self.running = Some(id);
        self.pending_text = Rc::new(self.text.clone());
        self.state.tab = Tab::Run;
    }

    /// Editor marks: the static overlay, then the last run's poison values and UB report (when
    /// the text is still the one that ran).
    fn update_marks(&self) {
        let Some(ed) = &self.editor else { return };
        let mut marks: Vec<(u32, u32, &'static str, String)> = Vec::new();
        if self.state.may_poison {
            if let Some(a) = &self.analysis {
                marks.extend(
                    a.may_poison.iter().map(|m| (m.from, m.to, "may-poison", m.title.clone())),
                );
            }
        }
        if let Some(r) = self.run.as_ref().filter(|_| *self.run_text == self.text) {
            marks.extend(r.marks());
        }
        ed.set_marks(marks.iter().map(|(f, t, k, title)| EditorMark {
            from: *f,
            to: *t,
            kind: k,
            title,
        }));
    }

    fn save_state(&self) {
        storage::save_view(&self.state);
    }

    fn toast_view(&self, ctx: &Context<Self>) -> Html {
        let close = ctx.link().callback(|_| Msg::DismissToast);
        if let Some(link) = &self.share_link {
            return html! {
                <div class="toast" role="status">
                    <label for="share-link">{"Link to this playground (copied): "}</label>
                    <input id="share-link" readonly=true value={link.clone()} size="40" />
                    <span class="toast-note">{ format!("{} characters", link.len()) }</span>
                    <button class="btn" onclick={close}>{"Close"}</button>
                </div>
            };
        }
        if let Some(backup) = &self.backup {
            return html! {
                <div class="toast" id="toast-backup" role="status">
                    <span>{ format!("Opened a shared playground. Your own text ({} lines) is kept.", backup.lines().count()) }</span>
                    <button id="restore" class="btn" onclick={ctx.link().callback(|_| Msg::RestoreBackup)}>{"Restore it"}</button>
                    <button class="btn" onclick={close}>{"Dismiss"}</button>
                </div>
            };
        }
        match &self.toast {
            Some(t) => {
                html! { <div class="toast" id="toast" role="alert"><span>{ t }</span><button class="btn" onclick={close}>{"Dismiss"}</button></div> }
            }
            None => html! {},
        }
    }

    fn cfg_view(&self) -> Html {
        let Some(c) = self.cfg.clone() else {
            return html! { <p class="cfg-empty">{"No function to draw: define one, or fix the errors first."}</p> };
        };
        let poison = if *self.run_text == self.text {
            self.poison_lines.clone()
        } else {
            self.no_poison.clone()
        };
        html! {
            <CfgPane cfg={cfg::Shared(c)} dom_tree={self.state.dom_tree} selected={self.selected_block} {poison} on_block={self.on_block.clone()} />
        }
    }

    fn passes_view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let pipeline = if self.state.pipeline.is_empty() {
            "mem2reg,simplifycfg,dce".to_string()
        } else {
            self.state.pipeline.clone()
        };
        html! {
            <PassPane {pipeline} running={self.opt_running.is_some()} report={self.opt_report.clone()} cfgs={self.step_cfgs.clone()}
                on_pipeline={link.callback(Msg::SetPipeline)} on_optimize={link.callback(Msg::Optimize)} on_stop={link.callback(|_| Msg::StopOpt)}
                on_open={link.callback(Msg::OpenText)} on_cfgs={link.callback(Msg::StepCfgs)} />
        }
    }

    fn run_view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let text = self.run_text.clone();
        let positions = Callback::from(move |off: u32| {
            SourceFile::new("input.ll", text.as_str()).line_col(off)
        });
        html! {
            <RunPane
                functions={self.analysis.as_ref().map(|a| a.functions.clone()).unwrap_or_default()}
                entry={self.state.entry.clone()} args={self.args_text.clone()} max_steps={self.max_steps} wasm={self.state.wasm}
                running={self.running.is_some()} report={self.run.clone()} {positions}
                on_entry={link.callback(Msg::SetEntry)} on_engine={link.callback(Msg::SetEngine)} on_args={link.callback(Msg::SetArgs)} stdin={self.state.stdin.clone()} on_stdin={link.callback(Msg::SetStdin)} on_steps={link.callback(Msg::SetSteps)}
                on_run={link.callback(|_| Msg::Run)} on_stop={link.callback(|_| Msg::Stop)} on_jump={link.callback(|(f, t)| Msg::Jump(f, t))} />
        }
    }
}
