//! The run pane (entry, engine, arguments, budget, output, undefined-behaviour report, the
//! WebAssembly module of a run as wasm and the interpreter's check of it, a report made stale
//! by an edit) and the problems pane (the diagnostics list).

use crate::protocol::{
    Diag, FunctionInfo, MemBlockView, OriginView, RunReport, SiteView, UbView, WasmBuild,
};
use yew::prelude::*;

/// A byte range moved through an edit, with its new line and column: `(from, to, line, col)`.
pub type Moved = (u32, u32, u32, u32);

/// Properties of [`RunPane`].
#[derive(Properties, PartialEq)]
pub struct RunProps {
    /// Functions that can be run.
    pub functions: Vec<FunctionInfo>,
    /// The chosen entry.
    pub entry: String,
    /// Arguments, space separated.
    pub args: String,
    /// The step budget.
    pub max_steps: u64,
    /// Run as WebAssembly instead of interpreting.
    pub wasm: bool,
    /// True while a run is going on.
    pub running: bool,
    /// The last result.
    pub report: Option<std::rc::Rc<RunReport>>,
    /// The output of the run in flight as it arrives, then of the last run.
    pub live: std::rc::Rc<super::state::LiveOutput>,
    /// Line and column of a byte offset in the text the report belongs to.
    pub positions: Callback<u32, (u32, u32)>,
    /// Entry changed.
    pub on_entry: Callback<String>,
    /// Engine changed (true: WebAssembly).
    pub on_engine: Callback<bool>,
    /// Arguments changed.
    pub on_args: Callback<String>,
    /// The environment, `NAME=VALUE` entries, space separated.
    pub env: String,
    /// The environment changed.
    pub on_env: Callback<String>,
    /// The program's standard input.
    pub stdin: String,
    /// Standard input changed.
    pub on_stdin: Callback<String>,
    /// Budget changed.
    pub on_steps: Callback<String>,
    /// Run pressed.
    pub on_run: Callback<()>,
    /// Stop pressed.
    pub on_stop: Callback<()>,
    /// Jump to a byte range in the editor.
    pub on_jump: Callback<(u32, u32)>,
    /// True when the text changed since the shown run (its positions no longer apply).
    #[prop_or_default]
    pub stale: bool,
    /// For a stale report: a byte range of the text it ran on, moved through the edit into
    /// the current text, with its new line and column (`None` when the edit touched it).
    #[prop_or(Callback::from(|_| None))]
    pub moved: Callback<(u32, u32), Option<Moved>>,
    /// The interpreter's check of the shown run as WebAssembly.
    #[prop_or_default]
    pub compare: Option<super::state::Compare>,
    /// Show the interpreter's report of that check.
    #[prop_or_default]
    pub on_show_compared: Callback<()>,
}

/// The value of the `<input>` an event came from.
pub(super) fn input_value<E: AsRef<web_sys::Event>>(e: &E) -> String {
    use wasm_bindgen::JsCast;
    e.as_ref()
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

/// The value of the `<textarea>` an event came from.
fn textarea_value(e: &Event) -> String {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

/// The value of the `<select>` an event came from.
pub(super) fn select_value(e: &Event) -> String {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default()
}

/// The run controls and the output of the last run.
#[function_component(RunPane)]
pub fn run_pane(p: &RunProps) -> Html {
    let on_entry = p.on_entry.reform(|e: Event| select_value(&e));
    let on_args = p.on_args.reform(|e: Event| input_value(&e));
    let on_env = p.on_env.reform(|e: Event| input_value(&e));
    let on_stdin = p.on_stdin.reform(|e: Event| textarea_value(&e));
    let on_steps = p.on_steps.reform(|e: Event| input_value(&e));
    let on_engine = p.on_engine.reform(|e: Event| select_value(&e) == "wasm");
    // Enter in a field or the Run button submits the form; the buttons carry keys so that
    // the Stop button is never a patched Run button that submits on the same click.
    let running = p.running;
    let run = p.on_run.clone();
    let on_submit = Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        if !running {
            run.emit(());
        }
    });
    let on_stop = p.on_stop.reform(|_| ());
    let mut entries: Vec<&FunctionInfo> = p.functions.iter().filter(|f| f.runnable).collect();
    if !entries.iter().any(|f| f.name == p.entry) {
        entries.clear();
        entries.extend(p.functions.iter().filter(|f| f.runnable || f.name == p.entry));
    }
    html! {
        <div class="run-pane">
            <form class="run-controls" onsubmit={on_submit}>
                <label>{"entry "}
                    <select id="run-entry" class="select" onchange={on_entry} aria-label="function to run">
                        if entries.is_empty() { <option value={p.entry.clone()} selected=true>{ format!("@{}", p.entry) }</option> }
                        { for entries.iter().map(|f| html! { <option value={f.name.clone()} selected={f.name == p.entry}>{ format!("@{}", f.name) }</option> }) }
                    </select>
                </label>
                <label>{"engine "}
                    <select id="run-engine" class="select" onchange={on_engine} aria-label="how to run" title="interpret the IR (poison, undefined behaviour and values shown), or compile it to WebAssembly and run that in the browser">
                        <option value="interp" selected={!p.wasm}>{"interpreter"}</option>
                        <option value="wasm" selected={p.wasm}>{"WebAssembly"}</option>
                    </select>
                </label>
                <label>{"arguments "}
                    <input id="run-args" type="text" value={p.args.clone()} onchange={on_args} placeholder="arg1 arg2" aria-label="arguments" />
                </label>
                <label>{"environment "}
                    <input id="run-env" type="text" value={p.env.clone()} onchange={on_env} placeholder="NAME=VALUE" aria-label="environment" title="what getenv finds and main's envp holds, NAME=VALUE entries separated by spaces (none by default: the program sees this alone)" />
                </label>
                <label>{"step budget "}
                    <input id="run-steps" type="number" min="1" value={p.max_steps.to_string()} onchange={on_steps} aria-label="step budget" />
                </label>
                if p.running {
                    <button key="stop" id="stop" type="button" class="btn" onclick={on_stop}>{"■ Stop"}</button>
                } else {
                    <button key="run" id="run" type="submit" class="btn btn-primary">{"▶ Run"}</button>
                }
            </form>
            <label class="run-stdin">{"standard input"}
                <textarea id="run-stdin" rows="2" spellcheck="false" value={p.stdin.clone()} onchange={on_stdin} placeholder="what scanf, fgets and getchar read" aria-label="standard input" />
            </label>
            if p.running {
                <p class="run-status" aria-live="polite">{"running…"}</p>
                { output(&p.live.stdout, &p.live.stderr) }
            } else if let Some(r) = &p.report {
                { report(p, r) }
            } else {
                <p class="pane-empty" id="run-empty">{ format!("Nothing run yet: press ▶ Run (or Ctrl-Enter) to run @{} ", p.entry) }{ if p.wasm { "compiled to WebAssembly." } else { "in the interpreter." } }</p>
            }
            if p.live.cut {
                <p id="output-cut" class="run-note" role="note">{ format!("output cut: the page keeps the first {} MiB of stdout and of stderr", super::state::KEEP_OUTPUT >> 20) }</p>
            }
        </div>
    }
}

fn jump_button(p: &RunProps, from: u32, to: u32, text: String) -> Html {
    let (line, col) = p.positions.emit(from);
    if p.stale {
        if let Some((f, t, line, col)) = p.moved.emit((from, to)) {
            // Outside the edit: moved with it.
            let jump = p.on_jump.reform(move |_| (f, t));
            return html! { <button class="link moved-pos" onclick={jump} title="show in the editor (moved with the edit)">{ format!("{text} {line}:{col}").trim_start().to_string() }</button> };
        }
        // Positions the edit touched: named, not clickable.
        return html! { <span class="stale-pos" title="the edit changed this line">{ format!("{text} {line}:{col} (before the edit)").trim_start().to_string() }</span> };
    }
    let jump = p.on_jump.reform(move |_| (from, to));
    html! { <button class="link" onclick={jump} title="show in the editor">{ format!("{text} {line}:{col}").trim_start().to_string() }</button> }
}

/// An instruction's text, quoted as the CLI quotes it.
fn quote(text: &str) -> Html {
    html! { <code class="ub-quote">{ text }</code> }
}

/// `LABEL LINE:COL in @f`, the position a button to the editor.
fn site_button(p: &RunProps, s: &SiteView, label: &str) -> Html {
    html! { <>{ jump_button(p, s.from, s.to, label.into()) }{ format!(" in {}", s.function) }</> }
}

/// A call stack with positions, innermost first: `5:3 in @f ← 9:3 in @main`.
fn stack_buttons(p: &RunProps, frames: &[SiteView], label: &str) -> Html {
    html! {
        <>{ for frames.iter().enumerate().map(|(i, s)| html! {
            <>
                if i > 0 { { " ← " } }
                { site_button(p, s, if i == 0 { label } else { "" }) }
            </>
        }) }</>
    }
}

/// An undefined-behaviour report as `irplay run` prints it: what, where (with the
/// instruction), the block's allocation and free sites, how a poison or undef value got to
/// the use, the call stack, why it is undefined and the LangRef section that says so.
fn ub_report(p: &RunProps, ub: &UbView) -> Html {
    let here = ub.stack.first();
    html! {
        <div class="ub-report" id="ub-report" role="alert">
            <p><strong>{ format!("undefined behavior: {}", ub.kind) }</strong>{ " — " }{ &ub.message }</p>
            <p>{ jump_button(p, ub.from, ub.to, "triggered at".into()) }{ format!(" in {}", ub.backtrace.first().cloned().unwrap_or_default()) }</p>
            if let Some(s) = here {
                <p class="ub-line">{ quote(&s.quote) }</p>
            }
            if let Some(b) = &ub.block {
                { block_view(p, b) }
            }
            if let Some(o) = &ub.origin {
                { origin_view(p, o) }
            }
            if ub.stack.len() > 1 {
                <p class="ub-backtrace">{"call stack: "}{ stack_buttons(p, &ub.stack, "") }</p>
            } else if ub.stack.is_empty() && ub.backtrace.len() > 1 {
                <p class="ub-backtrace">{ format!("call stack: {}", ub.backtrace.join(" ← ")) }</p>
            }
            if !ub.help.is_empty() {
                <p class="ub-help" id="ub-help">{ &ub.help }</p>
            }
            if !ub.see.is_empty() {
                <p class="ub-see">{"LangRef: "}<a id="ub-see" href={ub.see.clone()} target="_blank" rel="noopener">{ &ub.see }</a></p>
            }
        </div>
    }
}

/// Where the block was allocated and freed (or that its function returned), each with its
/// call stack and the instruction.
fn block_view(p: &RunProps, b: &MemBlockView) -> Html {
    let name = if b.name.starts_with('%') {
        format!("stack slot {}", b.name)
    } else if b.what == "heap block" {
        b.name.clone()
    } else {
        format!("{} {}", b.what, b.name)
    };
    let died = (b.freed.is_empty() && b.what == "stack slot" && !b.live)
        .then(|| b.allocated.first().map(|s| s.function.clone()))
        .flatten();
    html! {
        <div class="ub-block" id="ub-block">
            if let Some(s) = b.allocated.first() {
                <p class="ub-alloc">{ format!("{name} ({} bytes) was allocated ", b.size) }{ stack_buttons(p, &b.allocated, "at") }</p>
                <p class="ub-line">{ quote(&s.quote) }</p>
            } else {
                <p class="ub-alloc">{ format!("{name} ({} bytes) was allocated before the program started", b.size) }</p>
            }
            if let Some(s) = b.freed.first() {
                <p class="ub-free">{"and freed "}{ stack_buttons(p, &b.freed, "at") }</p>
                <p class="ub-line">{ quote(&s.quote) }</p>
            } else if let Some(f) = died {
                <p class="ub-free">{ format!("and died when {f} returned") }</p>
            }
        </div>
    }
}

/// How a poison or undef value got to its use: each instruction from the use back to where
/// it arose, quoted, with why it carries the taint.
fn origin_view(p: &RunProps, o: &OriginView) -> Html {
    let what = if o.taint.is_empty() { "poison" } else { o.taint.as_str() };
    let arose = format!("{what} arose at");
    html! {
        <>
            <p>{ format!("how the {what} got here, from this use back to where it arose:") }</p>
            <ol class="ub-chain">
                { for o.steps.iter().rev().map(|s| html! {
                    <li>{ site_button(p, &s.site, "") }{": "}{ quote(&s.site.quote) }{ format!(" is {what} because {}", s.reason) }</li>
                }) }
                <li class="ub-root">
                    if o.root.function.is_empty() && o.because.is_empty() {
                        { jump_button(p, o.from, o.to, arose) }{ format!(": {}", o.reason) }
                    } else if o.root.function.is_empty() {
                        { format!("it arose because {}", o.because) }
                    } else {
                        { site_button(p, &o.root, &arose) }{": "}{ quote(&o.root.quote) }{ format!(" is {what} because {}", o.because) }
                    }
                </li>
            </ol>
        </>
    }
}

pub(super) fn report(p: &RunProps, r: &RunReport) -> Html {
    let status_class = if r.ub.is_some() {
        "run-message run-ub"
    } else if r.status == Some(0) {
        "run-message run-ok"
    } else {
        "run-message"
    };
    html! {
        <div class={classes!("run-result", p.stale.then_some("run-result-stale"))}>
            if p.stale {
                <p id="run-stale" class="run-note run-stale" role="note">{"The text changed since this run: its marks are gone from the editor; positions the edit moved follow it, those it touched are no longer clickable. Run again to update."}</p>
            }
            <p id="run-message" class={status_class}>{ &r.message }</p>
            { compare_view(p, r) }
            if let Some(w) = &r.wasm {
                { wasm_build(w, r.millis) }
            } else if r.ran {
                <p class="run-stats" id="run-stats">{ format!("{} · {:.1} ms{}", super::teach::plural(r.steps as usize, "step"), r.millis, if r.truncated { " · values recorded for the first steps only" } else { "" }) }</p>
            }
            if let Some(ub) = &r.ub {
                { ub_report(p, ub) }
            }
            if let Some(m) = &r.malloc_failed {
                <p id="malloc-note" class="run-note malloc-note" role="note">
                    { format!("{} ", m.callee) }{ site_button(p, &m.site, "at") }
                    { format!(" returned null: asking for {} bytes went over the memory limit ({} bytes). ", m.size, m.limit) }
                    { quote(&m.site.quote) }
                </p>
            }
            { output(&r.stdout, &r.stderr) }
        </div>
    }
}

/// After a run as WebAssembly: that the engine does not check for undefined behaviour, and
/// what the interpreter's run of the same input says. After switching to the interpreter's
/// report: that it is one.
fn compare_view(p: &RunProps, r: &RunReport) -> Html {
    use super::state::{verdict, Compare, Verdict};
    let show = p.on_show_compared.reform(|_| ());
    let button = html! { <button id="show-interp" class="btn" onclick={show}>{"Show the interpreter's report"}</button> };
    if r.wasm.is_none() {
        return match &p.compare {
            Some(Compare::Done(c)) if **c == *r => html! {
                <p id="compare-shown" class="run-note" role="note">{"The interpreter's run of the same input, made to check the run as WebAssembly."}</p>
            },
            _ => html! {},
        };
    }
    let result = match &p.compare {
        None => html! {},
        Some(Compare::Running) => html! {
            <p id="compare-running" class="compare compare-running" aria-live="polite">{"Checking with the interpreter (same input, same step budget)…"}</p>
        },
        Some(Compare::Failed(e)) => html! {
            <p id="compare-failed" class="compare compare-differ">{ format!("The interpreter's check failed: {e}") }</p>
        },
        Some(Compare::Done(c)) => match verdict(r, c) {
            Verdict::Agree => html! {
                <p id="compare-agree" class="compare compare-agree">{ format!("✓ The interpreter agrees: same output and exit status, and no undefined behaviour in {}.", super::teach::plural(c.steps as usize, "step")) }</p>
            },
            Verdict::Ub(what) => html! {
                <p id="compare-ub" class="compare compare-differ" role="alert">{ format!("⚠ The interpreter found undefined behaviour ({what}): this run's result is not to be trusted. ") }{ button }</p>
            },
            Verdict::Differ(what) => html! {
                <p id="compare-differ" class="compare compare-differ" role="alert">{ format!("⚠ The interpreter's run differs: {}. ", what.join("; ")) }{ button }</p>
            },
            Verdict::Inconclusive(why) => html! {
                <p id="compare-unknown" class="compare">{ format!("The interpreter could not tell: {why}. ") }{ button }</p>
            },
        },
    };
    html! {
        <div class="wasm-ub" id="wasm-ub">
            <p id="wasm-ub-note" class="run-note" role="note">{"This engine does not check for undefined behaviour: a program with undefined behaviour may print anything here. The interpreter checks the same input."}</p>
            { result }
        </div>
    }
}

/// A run's stdout and (when there is any) stderr.
fn output(stdout: &str, stderr: &str) -> Html {
    html! {
        <>
            <h3>{"stdout"}</h3>
            <pre id="stdout" class="run-output">{ stdout }</pre>
            if !stderr.is_empty() {
                <h3>{"stderr"}</h3>
                <pre id="stderr" class="run-output">{ stderr }</pre>
            }
        </>
    }
}

/// The module a run as wasm compiled: its size and times, downloads, and its text.
fn wasm_build(w: &WasmBuild, run_ms: f64) -> Html {
    let w = std::rc::Rc::new(w.clone());
    let bytes = w.clone();
    let get_wasm =
        Callback::from(move |_| download("input.wasm", &bytes.bytes, "application/wasm"));
    let text = w.clone();
    let get_wat = Callback::from(move |_| download("input.wat", text.wat.as_bytes(), "text/plain"));
    html! {
        <>
            <p class="run-stats" id="run-stats">{ format!("WebAssembly module of {} · compiled in {:.1} ms · ran in {:.1} ms", super::teach::plural(w.bytes.len(), "byte"), w.compile_ms, run_ms) }</p>
            <p class="run-downloads">
                <button id="download-wasm" class="btn" onclick={get_wasm}>{"Download .wasm"}</button>
                if !w.wat.is_empty() {
                    <button id="download-wat" class="btn" onclick={get_wat}>{"Download .wat"}</button>
                }
            </p>
            if !w.wat.is_empty() {
                <details class="run-wat">
                    <summary>{"module text (.wat)"}</summary>
                    <pre id="wat" class="run-output">{ &w.wat }</pre>
                </details>
            }
        </>
    }
}

/// Offers `data` as a file named `name` (a temporary object URL and a clicked link).
pub(super) fn download(name: &str, data: &[u8], mime: &str) {
    use wasm_bindgen::JsCast;
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(data).into());
    let opts = web_sys::BlobPropertyBag::new();
    opts.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &opts) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else { return };
    let a = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok());
    if let Some(a) = a {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    // Revoked a little later: the download may start after this returns.
    gloo::timers::callback::Timeout::new(60_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
}

/// Properties of [`ProblemsPane`].
#[derive(Properties, PartialEq)]
pub struct ProblemsProps {
    /// The diagnostics.
    pub diagnostics: Vec<Diag>,
    /// Jump to a byte range.
    pub on_jump: Callback<(u32, u32)>,
}

/// A snippet keeps its columns (the carets line up under the source) and scrolls sideways.
const SNIPPET_STYLE: &str =
    "display: block; white-space: pre; font-family: var(--font-mono); overflow-x: auto; color: inherit;";

/// The diagnostics, each a button that jumps to its position, with the source snippet, notes
/// and `help:` lines as `irplay check` prints them.
#[function_component(ProblemsPane)]
pub fn problems_pane(p: &ProblemsProps) -> Html {
    if p.diagnostics.is_empty() {
        return html! { <p class="diag-empty">{"No problems: the module parses and verifies."}</p> };
    }
    html! {
        <ul class="diag-list" id="diag-list">
            { for p.diagnostics.iter().map(|d| {
                let (from, to) = (d.from, d.to);
                let jump = p.on_jump.reform(move |_| (from, to));
                html! {
                    <li class={format!("diag diag-{}", d.severity)}>
                        <button class="diag-item" onclick={jump}>
                            <span class="diag-pos">{ format!("{}:{}", d.line, d.col) }</span>
                            <span class="diag-sev">{ &d.severity }</span>
                            <span class="diag-msg">{ d.message.lines().next().unwrap_or_default() }</span>
                            if !d.snippet.is_empty() {
                                <span class="diag-extra diag-snippet" style={SNIPPET_STYLE}>{ &d.snippet }</span>
                            }
                        </button>
                    </li>
                }
            }) }
        </ul>
    }
}
