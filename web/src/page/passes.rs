//! The passes pane: run a pipeline in a worker, list its steps (unchanged ones dimmed or
//! hidden, searchable, by function), and show the selected step as a diff (unified or side by
//! side) or as the function's CFG before and after, with a button to open the IR in the editor.

use super::cfg::{CfgPane, Shared};
use super::panels::{input_value, select_value};
use crate::protocol::{OptReport, StepView};
use similar::{ChangeTag, TextDiff};
use std::collections::HashMap;
use std::rc::Rc;
use yew::prelude::*;

/// The presets offered as buttons.
const PRESETS: [&str; 3] = ["O1", "O2", "O3"];

/// Properties of [`PassPane`].
#[derive(Properties, PartialEq)]
pub struct PassProps {
    /// The pipeline string.
    pub pipeline: String,
    /// True while the pipeline runs.
    pub running: bool,
    /// The last result.
    pub report: Option<Rc<OptReport>>,
    /// The CFGs of the selected step's function, before and after (when asked for).
    pub cfgs: Option<(usize, Option<Shared>, Option<Shared>)>,
    /// Pipeline edited.
    pub on_pipeline: Callback<String>,
    /// Run pressed (with the pipeline to run).
    pub on_optimize: Callback<String>,
    /// Stop pressed.
    pub on_stop: Callback<()>,
    /// Open a module text in the editor.
    pub on_open: Callback<String>,
    /// Ask for the CFGs of a step.
    pub on_cfgs: Callback<usize>,
}

#[derive(Clone, Copy, PartialEq)]
enum View {
    Unified,
    SideBySide,
    Cfg,
}

/// The pipeline controls, the step list and the selected step.
#[function_component(PassPane)]
pub fn pass_pane(p: &PassProps) -> Html {
    let selected = use_state(|| None::<usize>);
    let hide_unchanged = use_state(|| false);
    let search = use_state(String::new);
    let function = use_state(String::new);
    let view = use_state(|| View::Unified);

    let on_input = p.on_pipeline.reform(|e: InputEvent| input_value(&e));
    let pipeline = p.pipeline.clone();
    let run = p.on_optimize.clone();
    let sel = selected.clone();
    let on_submit = Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        sel.set(None);
        run.emit(pipeline.clone());
    });
    let presets = PRESETS.iter().map(|&name| {
        let run = p.on_optimize.clone();
        let on_pipeline = p.on_pipeline.clone();
        let sel = selected.clone();
        let onclick = Callback::from(move |_| {
            sel.set(None);
            on_pipeline.emit(name.to_string());
            run.emit(name.to_string());
        });
        html! { <button type="button" class="btn" disabled={p.running} {onclick}>{ name }</button> }
    });

    // Picking a pass appends it to the pipeline; the menu then returns to its title.
    let current = p.pipeline.clone();
    let on_pipeline = p.on_pipeline.clone();
    let on_add = Callback::from(move |e: Event| {
        let name = select_value(&e);
        if let Some(sel) = e
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlSelectElement>(t).ok())
        {
            sel.set_value("");
        }
        if !name.is_empty() {
            let sep = if current.trim().is_empty() { "" } else { "," };
            on_pipeline.emit(format!("{}{sep}{name}", current.trim().trim_end_matches(',')));
        }
    });
    html! {
        <div class="pass-pane">
            <form class="run-controls" onsubmit={on_submit}>
                <label>{"passes "}
                    <input id="pipeline" type="text" size="36" value={p.pipeline.clone()} oninput={on_input} aria-label="pass pipeline" placeholder="mem2reg,simplifycfg,dce" />
                </label>
                <select id="add-pass" class="select" onchange={on_add} aria-label="add a pass to the pipeline">
                    <option value="" selected=true>{"add a pass…"}</option>
                    { for super::pass_list::PASS_LIST.iter().map(|(name, description)| html! { <option value={*name} title={*description}>{ *name }</option> }) }
                </select>
                if p.running {
                    <button key="stop" id="opt-stop" type="button" class="btn" onclick={p.on_stop.reform(|_| ())}>{"■ Stop"}</button>
                } else {
                    <button key="run" id="optimize" type="submit" class="btn btn-primary">{"Optimize"}</button>
                }
                { for presets }
            </form>
            if p.running { <p class="run-status" aria-live="polite">{"optimizing…"}</p> }
            if p.report.is_none() && !p.running {
                <p class="pane-empty" id="passes-empty">{"Nothing optimized yet: type a pipeline (or add passes, or pick a preset) and press "}<strong>{"Optimize"}</strong>{" to see what each pass does."}</p>
            }
            { p.report.as_ref().map(|r| steps_view(p, r, &selected, &hide_unchanged, &search, &function, &view)).unwrap_or_default() }
        </div>
    }
}

#[allow(clippy::too_many_arguments)]
fn steps_view(
    p: &PassProps,
    r: &OptReport,
    selected: &UseStateHandle<Option<usize>>,
    hide_unchanged: &UseStateHandle<bool>,
    search: &UseStateHandle<String>,
    function: &UseStateHandle<String>,
    view: &UseStateHandle<View>,
) -> Html {
    let changed = r.steps.iter().filter(|s| s.changed).count();
    let mut functions: Vec<&str> =
        r.steps.iter().map(|s| s.function.as_str()).filter(|f| !f.is_empty()).collect();
    functions.sort_unstable();
    functions.dedup();
    let needle = search.to_lowercase();
    let shown: Vec<(usize, &StepView)> = r
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| !**hide_unchanged || s.changed)
        .filter(|(_, s)| function.is_empty() || s.function == **function)
        .filter(|(_, s)| {
            needle.is_empty()
                || s.pass.to_lowercase().contains(&needle)
                || s.function.to_lowercase().contains(&needle)
                || s.after.to_lowercase().contains(&needle)
        })
        .collect();
    let toggle_hide = {
        let h = hide_unchanged.clone();
        Callback::from(move |_| h.set(!*h))
    };
    let on_search = {
        let s = search.clone();
        Callback::from(move |e: InputEvent| s.set(input_value(&e)))
    };
    let on_function = {
        let f = function.clone();
        Callback::from(move |e: Event| f.set(select_value(&e)))
    };
    let final_text = r.snapshots.last().cloned().unwrap_or_default();
    let open_final = p.on_open.reform(move |_| final_text.clone());
    html! {
        <div class="pass-result">
            if let Some(e) = &r.error { <p class="run-message run-ub" id="opt-error" role="alert">{ e }</p> }
            <p class="run-stats" id="opt-stats">
                { format!("{}, {} changed · {:.1} ms", super::teach::plural(r.steps.len(), "step"), changed, r.millis) }
                { " " }
                <button class="link" id="open-final" onclick={open_final} disabled={r.snapshots.len() < 2}>{"open the result in the editor"}</button>
            </p>
            <div class="pass-filters">
                <label class="toggle"><input id="hide-unchanged" type="checkbox" checked={**hide_unchanged} onchange={toggle_hide} />{" hide unchanged"}</label>
                <input id="step-search" type="search" placeholder="search passes, functions, IR" value={(**search).clone()} oninput={on_search} aria-label="search steps" />
                <select id="step-function" class="select" onchange={on_function} aria-label="function filter">
                    <option value="" selected={function.is_empty()}>{"all functions"}</option>
                    { for functions.iter().map(|f| html! { <option value={f.to_string()} selected={**function == *f}>{ format!("@{f}") }</option> }) }
                </select>
            </div>
            <ol class="step-list" id="step-list">
                { for shown.iter().map(|&(i, s)| {
                    let sel = selected.clone();
                    let onclick = Callback::from(move |_| sel.set(Some(i)));
                    let class = classes!("step", (!s.changed).then_some("step-unchanged"), (**selected == Some(i)).then_some("step-selected"));
                    let stats = s.stats.iter().filter(|(_, v)| *v > 0).map(|(k, v)| format!("{k} {v}")).collect::<Vec<_>>().join(", ");
                    html! {
                        <li {class}>
                            <button class="step-item" {onclick} aria-pressed={(**selected == Some(i)).to_string()}>
                                <span class="step-pass">{ &s.pass }</span>
                                <span class="step-fn">{ if s.function.is_empty() { "module".to_string() } else { format!("@{}", s.function) } }</span>
                                <span class="step-changed">{ if s.changed { "changed" } else { "unchanged" } }</span>
                                <span class="step-stats muted">{ format!("{:.2} ms{}{}", s.millis, if stats.is_empty() { "" } else { " · " }, stats) }</span>
                            </button>
                        </li>
                    }
                }) }
            </ol>
            { selected.and_then(|i| r.steps.get(i).map(|s| step_detail(p, r, i, s, view))).unwrap_or_default() }
        </div>
    }
}

fn step_detail(
    p: &PassProps,
    r: &OptReport,
    i: usize,
    s: &StepView,
    view: &UseStateHandle<View>,
) -> Html {
    let mode = |v: View, label: &'static str, id: &'static str| {
        let h = view.clone();
        let cfgs = p.on_cfgs.clone();
        let onclick = Callback::from(move |_| {
            if v == View::Cfg {
                cfgs.emit(i);
            }
            h.set(v);
        });
        html! { <button {id} class="tab" role="tab" aria-selected={(**view == v).to_string()} {onclick}>{ label }</button> }
    };
    let after = r.snapshots.get(s.module_after).cloned().unwrap_or_default();
    let open = p.on_open.reform(move |_| after.clone());
    let body = match **view {
        View::Unified => unified(&s.before, &s.after),
        View::SideBySide => side_by_side(&s.before, &s.after),
        View::Cfg => match &p.cfgs {
            Some((step, before, after)) if *step == i => html! {
                <div class="cfg-compare">
                    <div class="cfg-half"><h3>{"before"}</h3>{ cfg_or_note(before) }</div>
                    <div class="cfg-half"><h3>{"after"}</h3>{ cfg_or_note(after) }</div>
                </div>
            },
            _ => html! { <p class="muted">{"laying out…"}</p> },
        },
    };
    html! {
        <section class="step-detail" aria-label="the selected step">
            <div class="tabs" role="tablist">
                { mode(View::Unified, "Unified diff", "view-unified") }
                { mode(View::SideBySide, "Side by side", "view-side") }
                { mode(View::Cfg, "CFG before / after", "view-cfg") }
                <button id="open-step" class="btn" onclick={open}>{ format!("Open the IR after {} in the editor", s.pass) }</button>
            </div>
            if !s.changed { <p class="muted">{ format!("{} changed nothing in @{}.", s.pass, s.function) }</p> }
            { body }
        </section>
    }
}

fn cfg_or_note(c: &Option<Shared>) -> Html {
    match c {
        Some(c) => {
            html! { <CfgPane cfg={c.clone()} dom_tree={false} selected={None} poison={Rc::new(HashMap::new())} on_block={Callback::noop()} /> }
        }
        None => {
            html! { <p class="muted">{"no graph (a declaration, or the function is gone)"}</p> }
        }
    }
}

/// A unified line diff with three lines of context.
fn unified(before: &str, after: &str) -> Html {
    let diff = TextDiff::from_lines(before, after);
    html! {
        <pre class="diff diff-unified" id="diff">
            { for diff.grouped_ops(3).iter().enumerate().map(|(gi, group)| html! { <>
                if gi > 0 { <span class="diff-sep">{"⋯\n"}</span> }
                { for group.iter().flat_map(|op| diff.iter_changes(op)).map(|c| {
                    let (class, sign) = match c.tag() {
                        ChangeTag::Delete => ("diff-del", "-"),
                        ChangeTag::Insert => ("diff-ins", "+"),
                        ChangeTag::Equal => ("diff-eq", " "),
                    };
                    let line = c.value();
                    let nl = if line.ends_with('\n') { "" } else { "\n" };
                    html! { <span class={class}>{ format!("{sign}{line}{nl}") }</span> }
                }) }
            </> }) }
        </pre>
    }
}

/// Before and after in two columns, changed lines aligned.
fn side_by_side(before: &str, after: &str) -> Html {
    let diff = TextDiff::from_lines(before, after);
    let mut rows: Vec<(Option<String>, Option<String>)> = Vec::new();
    let mut dels: Vec<String> = Vec::new();
    let mut ins: Vec<String> = Vec::new();
    let flush = |rows: &mut Vec<(Option<String>, Option<String>)>,
                 dels: &mut Vec<String>,
                 ins: &mut Vec<String>| {
        let n = dels.len().max(ins.len());
        let (mut d, mut i) = (dels.drain(..), ins.drain(..));
        for _ in 0..n {
            rows.push((d.next(), i.next()));
        }
    };
    for c in diff.iter_all_changes() {
        let line = c.value().trim_end_matches('\n').to_string();
        match c.tag() {
            ChangeTag::Delete => dels.push(line),
            ChangeTag::Insert => ins.push(line),
            ChangeTag::Equal => {
                flush(&mut rows, &mut dels, &mut ins);
                rows.push((Some(line.clone()), Some(line)));
            }
        }
    }
    flush(&mut rows, &mut dels, &mut ins);
    html! {
        <table class="diff diff-side" id="diff">
            <thead><tr><th>{"before"}</th><th>{"after"}</th></tr></thead>
            <tbody>
                { for rows.into_iter().map(|(l, r)| {
                    let same = l == r;
                    let lc = if same { "diff-eq" } else if l.is_some() { "diff-del" } else { "diff-none" };
                    let rc = if same { "diff-eq" } else if r.is_some() { "diff-ins" } else { "diff-none" };
                    html! { <tr><td class={lc}>{ l.unwrap_or_default() }</td><td class={rc}>{ r.unwrap_or_default() }</td></tr> }
                }) }
            </tbody>
        </table>
    }
}
