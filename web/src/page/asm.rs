//! The asm pane: the native back end's machine code for x86-64 and AArch64 side by side, one
//! function at a time, each instruction with its offset, bytes and text, the notes on where
//! values live, and the IR line it comes from; hovering links machine instructions and IR lines
//! both ways. Long listings are drawn a window at a time (rows have a fixed height).

use super::panels::select_value;
use super::share::AsmTargets;
use super::state::{AsmFile, AsmFocus};
use crate::protocol::{AsmFunc, AsmReport, AsmRow, AsmTarget};
use std::rc::Rc;
use yew::prelude::*;

/// The height of a row, in pixels (`.asm-item` in `style.css`).
const ROW_H: f64 = 18.0;
/// Listings up to this many lines are drawn whole; longer ones a window at a time.
const DRAW_ALL: usize = 300;
/// Lines drawn above and below the visible ones.
const OVERSCAN: usize = 30;

/// A report shared with the page, compared by identity (never field by field).
#[derive(Clone)]
pub struct SharedAsm(pub Rc<AsmReport>);

impl PartialEq for SharedAsm {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Properties of [`AsmPane`].
#[derive(Properties, PartialEq)]
pub struct AsmProps {
    /// The shown code.
    pub report: Option<SharedAsm>,
    /// Why the last compile gave no code.
    pub error: Option<String>,
    /// True while a compile runs.
    pub compiling: bool,
    /// The chosen targets.
    pub targets: AsmTargets,
    /// The chosen function (else `main`, else the first).
    pub function: Option<String>,
    /// The highlighted IR range.
    pub focus: Option<AsmFocus>,
    /// True when the code is the editor's text's (its IR positions are the editor's).
    pub linked: bool,
    /// Compile the pass pipeline's result.
    pub after_passes: bool,
    /// True when a pipeline has run (so there is a result to compile).
    pub have_passes: bool,
    /// Targets chosen.
    pub on_targets: Callback<AsmTargets>,
    /// Function chosen.
    pub on_function: Callback<String>,
    /// "after passes" toggled.
    pub on_after_passes: Callback<bool>,
    /// The pointer entered (the IR range of) a machine instruction, or left it.
    pub on_hover: Callback<Option<(u32, u32)>>,
    /// A machine instruction was clicked (its IR range).
    pub on_click: Callback<(u32, u32)>,
    /// Show a byte range in the editor.
    pub on_jump: Callback<(u32, u32)>,
    /// Download a target's object file or listing.
    pub on_download: Callback<(String, AsmFile)>,
}

/// A target's name as people write it.
fn pretty(target: &str) -> &str {
    match target {
        "x86_64" => "x86-64",
        "aarch64" => "AArch64",
        other => other,
    }
}

/// The controls, a column per target, and how the shown targets call functions.
#[function_component(AsmPane)]
pub fn asm_pane(p: &AsmProps) -> Html {
    let on_targets = p.on_targets.reform(|e: Event| AsmTargets::from(select_value(&e)));
    let on_function = p.on_function.reform(|e: Event| select_value(&e));
    let after = p.after_passes;
    let on_after = p.on_after_passes.reform(move |_: Event| !after);
    let report = p.report.as_ref().map(|r| r.0.clone());
    let names = p.targets.names();
    let shown: Vec<(usize, &AsmTarget)> = report
        .as_deref()
        .map(|r| {
            r.targets
                .iter()
                .enumerate()
                .filter(|(_, t)| names.contains(&t.target.as_str()))
                .collect()
        })
        .unwrap_or_default();
    let mut functions: Vec<&str> = Vec::new();
    for (_, t) in &shown {
        for f in &t.funcs {
            if !functions.contains(&f.name.as_str()) {
                functions.push(&f.name);
            }
        }
    }
    let chosen = p
        .function
        .as_deref()
        .filter(|f| functions.contains(f))
        .or_else(|| functions.iter().copied().find(|f| *f == "main"))
        .or_else(|| functions.first().copied())
        .unwrap_or("")
        .to_string();
    let millis = report.as_deref().map_or(0.0, |r| r.millis);
    html! {
        <div class="asm-pane" id="asm-pane">
            <div class="run-controls asm-controls">
                <label>{"targets "}
                    <select id="asm-targets" class="select" onchange={on_targets} aria-label="targets to show">
                        { for AsmTargets::ALL.iter().map(|t| html! {
                            <option value={t.key()} selected={*t == p.targets}>{ match t { AsmTargets::Both => "x86-64 and AArch64", AsmTargets::X64 => "x86-64", AsmTargets::Aarch64 => "AArch64" } }</option>
                        }) }
                    </select>
                </label>
                <label>{"function "}
                    <select id="asm-function" class="select" onchange={on_function} aria-label="function to show" disabled={functions.is_empty()}>
                        { for functions.iter().map(|f| html! { <option value={f.to_string()} selected={*f == chosen}>{ format!("@{f}") }</option> }) }
                    </select>
                </label>
                <label class="toggle" title="compile the module the pass pipeline (Passes tab) produced instead of the editor's">
                    <input id="asm-after-passes" type="checkbox" checked={p.after_passes} disabled={!p.have_passes && !p.after_passes} onchange={on_after} />{" after passes"}
                </label>
                if p.compiling { <span class="run-status" aria-live="polite">{"compiling…"}</span> }
                else if report.is_some() { <span class="run-stats" id="asm-stats">{ format!("compiled in {millis:.1} ms") }</span> }
            </div>
            if let Some(e) = &p.error { <p class="asm-banner" id="asm-error" role="alert">{ e }</p> }
            if p.after_passes && !p.have_passes { <p class="asm-banner">{"No pass pipeline has run yet: this is the editor's module. Run one in the Passes tab."}</p> }
            if !p.linked && report.is_some() && p.after_passes { <p class="asm-note-line">{"The code of the pass pipeline's result: IR lines are that module's, not the editor's."}</p> }
            if report.is_none() && p.error.is_none() { <p class="run-status">{"compiling…"}</p> }
            <div class="asm-columns">
                { for shown.iter().map(|(i, _)| {
                    let report = p.report.clone();
                    html! { <AsmColumn key={*i} report={report} index={*i} function={chosen.clone()} focus={p.focus} linked={p.linked}
                        on_hover={p.on_hover.clone()} on_click={p.on_click.clone()} on_jump={p.on_jump.clone()} on_download={p.on_download.clone()} /> }
                }) }
            </div>
            { for shown.iter().map(|(_, t)| teach(&t.target)) }
            if !shown.is_empty() {
                <p class="asm-teach">{"The code shown comes from a fast single-pass code generator, like a compiler at -O0: it assigns registers in one walk over each function, spills values to the stack frame when it runs out, and does not optimize. The notes after an instruction say where values live from there on."}</p>
            }
        </div>
    }
}

/// Properties of [`AsmColumn`].
#[derive(Properties, PartialEq)]
struct ColumnProps {
    report: Option<SharedAsm>,
    /// The target's index in the report.
    index: usize,
    function: String,
    focus: Option<AsmFocus>,
    linked: bool,
    on_hover: Callback<Option<(u32, u32)>>,
    on_click: Callback<(u32, u32)>,
    on_jump: Callback<(u32, u32)>,
    on_download: Callback<(String, AsmFile)>,
}

/// A line of the listing: the heading of an IR line, or a row (by index).
#[derive(Clone, Copy, PartialEq)]
enum Line {
    Head(usize),
    Row(usize),
}

fn lines_of(f: &AsmFunc) -> Vec<Line> {
    let mut lines = Vec::with_capacity(f.rows.len() * 3 / 2);
    for (i, r) in f.rows.iter().enumerate() {
        if r.head.is_some() {
            lines.push(Line::Head(i));
        }
        lines.push(Line::Row(i));
    }
    lines
}

/// One target: its header with downloads, then its error or the chosen function's rows.
#[function_component(AsmColumn)]
fn asm_column(p: &ColumnProps) -> Html {
    let node = use_node_ref();
    // The scroll position and the height of the visible part (for drawing a window).
    let scroll = use_state(|| (0.0f64, 600.0f64));
    let target = p.report.as_ref().and_then(|r| r.0.targets.get(p.index));
    let func = target.and_then(|t| t.funcs.iter().find(|f| f.name == p.function));
    let lines = {
        let key = (p.report.clone(), p.index, p.function.clone());
        use_memo(key, |(r, i, name)| {
            let f = r
                .as_ref()
                .and_then(|r| r.0.targets.get(*i))
                .and_then(|t| t.funcs.iter().find(|f| f.name == *name));
            Rc::new(f.map(lines_of).unwrap_or_default())
        })
    };
    // An IR line hovered or clicked in the editor brings its first instruction into view.
    {
        let node = node.clone();
        let rows: Vec<u32> = match (func, p.focus) {
            (Some(f), Some(focus)) if focus.from_editor => lines
                .iter()
                .position(|l| match l {
                    Line::Row(i) => f
                        .rows
                        .get(*i)
                        .and_then(|r| r.ir)
                        .is_some_and(|(from, _)| focus.covers(from)),
                    Line::Head(_) => false,
                })
                .map(|i| i as u32)
                .into_iter()
                .collect(),
            _ => Vec::new(),
        };
        use_effect_with(rows, move |rows| {
            let el = node.cast::<web_sys::Element>();
            if let (Some(el), Some(&i)) = (el, rows.first()) {
                let y = f64::from(i) * ROW_H;
                let top = f64::from(el.scroll_top());
                let h = f64::from(el.client_height());
                if y < top || y + ROW_H > top + h {
                    el.set_scroll_top((y - h / 3.0).max(0.0) as i32);
                }
            }
        });
    }
    let Some(t) = target else { return html! {} };
    let name = pretty(&t.target).to_string();
    let header = column_header(t, &name, &p.on_download);
    if let Some(e) = &t.error {
        let (from, to) = (e.from, e.to);
        let jump = p.on_jump.reform(move |_| (from, to));
        return html! {
            <section class="asm-column" data-target={t.target.clone()} aria-label={name}>
                { header }
                <p class="asm-error" role="alert">
                    <button class="link asm-error-pos" onclick={jump} title="show in the editor">{ format!("{}:{}", e.line, e.col) }</button>
                    { " " }<span class="asm-error-msg">{ &e.message }</span>
                </p>
            </section>
        };
    }
    let Some(f) = func else {
        return html! {
            <section class="asm-column" data-target={t.target.clone()} aria-label={name}>
                { header }<p class="run-status">{ format!("no code for @{}", p.function) }</p>
            </section>
        };
    };
    let n = lines.len();
    let (first, last) = if n <= DRAW_ALL {
        (0, n)
    } else {
        let (top, h) = *scroll;
        let first = ((top / ROW_H) as usize).saturating_sub(OVERSCAN).min(n);
        let last = (((top + h) / ROW_H) as usize + OVERSCAN).min(n).max(first);
        (first, last)
    };
    let onscroll = {
        let (node, scroll) = (node.clone(), scroll.clone());
        Callback::from(move |_: Event| {
            if let Some(el) = node.cast::<web_sys::Element>() {
                let now = (f64::from(el.scroll_top()), f64::from(el.client_height()));
                if (now.0 - scroll.0).abs() >= ROW_H || now.1 != scroll.1 {
                    scroll.set(now);
                }
            }
        })
    };
    let style = if n > DRAW_ALL { "height: 60vh" } else { "" };
    let pad = |lines: usize| format!("height: {}px", lines as f64 * ROW_H);
    html! {
        <section class="asm-column" data-target={t.target.clone()} aria-label={name}>
            { header }
            <div class="asm-scroll" ref={node} {onscroll} {style} role="list" data-lines={n.to_string()}>
                if first > 0 { <div style={pad(first)}></div> }
                { for lines.get(first..last).unwrap_or(&[]).iter().map(|l| match *l {
                    Line::Head(i) => head_line(p, f.rows.get(i)),
                    Line::Row(i) => row_line(p, f.rows.get(i)),
                }) }
                if last < n { <div style={pad(n - last)}></div> }
            </div>
        </section>
    }
}

/// The target's name, size, time and downloads.
fn column_header(t: &AsmTarget, name: &str, on_download: &Callback<(String, AsmFile)>) -> Html {
    let key = t.target.clone();
    let k = key.clone();
    let get_o = on_download.reform(move |_: MouseEvent| (k.clone(), AsmFile::Object));
    let k = key.clone();
    let get_s = on_download.reform(move |_: MouseEvent| (k.clone(), AsmFile::Listing));
    html! {
        <header class="asm-head-bar">
            <strong>{ name }</strong>
            if t.error.is_none() {
                <span class="muted">{ format!(" {} · {:.1} ms ", super::teach::plural(t.code_bytes as usize, "byte"), t.millis) }</span>
                <button id={format!("download-o-{key}")} class="btn" onclick={get_o} title="the ELF relocatable object">{".o"}</button>
                <button id={format!("download-s-{key}")} class="btn" onclick={get_s} title="the listing, with IR lines as comments">{".s"}</button>
            }
        </header>
    }
}

fn head_line(p: &ColumnProps, row: Option<&AsmRow>) -> Html {
    let Some(r) = row else { return html! {} };
    let text = r.head.clone().unwrap_or_default();
    let onclick = match r.ir.filter(|_| p.linked) {
        Some(ir) => p.on_jump.reform(move |_| ir),
        None => Callback::noop(),
    };
    html! { <div class="asm-item asm-ir" role="listitem" {onclick} title={text.clone()}>{ format!("; {text}") }</div> }
}

fn row_line(p: &ColumnProps, row: Option<&AsmRow>) -> Html {
    let Some(r) = row else { return html! {} };
    let lit = match (r.ir, p.focus) {
        (Some((from, _)), Some(f)) => f.covers(from),
        _ => false,
    };
    let ir = r.ir;
    let enter = p.on_hover.reform(move |_: MouseEvent| ir);
    let leave = p.on_hover.reform(|_: MouseEvent| None);
    let onclick = match ir {
        Some(ir) => p.on_click.reform(move |_| ir),
        None => Callback::noop(),
    };
    let mut comment = r.relocs.join("; ");
    let notes = r.notes.join(", ");
    let class = classes!("asm-item", "asm-row", lit.then_some("asm-lit"));
    if !notes.is_empty() && !comment.is_empty() {
        comment.push_str("; ");
    }
    html! {
        <div {class} role="listitem" data-ir={ir.map(|(f, _)| f.to_string())} onmouseenter={enter} onmouseleave={leave} {onclick}>
            <span class="asm-off">{ format!("{:04x}", r.offset) }</span>
            <span class="asm-bytes" title={r.bytes.clone()}>{ &r.bytes }</span>
            <span class="asm-text">{ &r.text }</span>
            if !comment.is_empty() || !notes.is_empty() {
                <span class="asm-note" title={format!("{comment}{notes}")}>{ format!("; {comment}") }<span class="asm-values">{ notes }</span></span>
            }
        </div>
    }
}

/// How the target passes arguments and results, in a paragraph.
fn teach(target: &str) -> Html {
    let (title, text) = match target {
        "x86_64" => (
            "x86-64 (System V)",
            "Integer and pointer arguments go in rdi, rsi, rdx, rcx, r8, r9 and floating-point ones in xmm0–xmm7; further arguments go on the stack. Results come back in rax (and rdx for a second part), or xmm0 (and xmm1). A function must keep rbx, rbp and r12–r15 as it found them (callee-saved); the others are free for it to clobber. At a call, rsp is aligned to 16 bytes.",
        ),
        "aarch64" => (
            "AArch64 (AAPCS64)",
            "Integer and pointer arguments go in x0–x7 and floating-point or vector ones in v0–v7 (as s or d registers); further arguments go on the stack. Results come back in x0 (and x1), floats in v0, and homogeneous float aggregates in v0–v3; a result returned through memory gets its address (sret) in x8. x19–x28 and d8–d15 are callee-saved; x29 is the frame pointer and x30 the link register (the return address). sp stays 16-byte aligned.",
        ),
        _ => return html! {},
    };
    html! {
        <p class="asm-teach"><strong>{ title }{ ": " }</strong>{ text }</p>
    }
}
