//! The stepper's panel (under the editor while a session is open): the toolbar (step
//! forwards and back, continue, run to cursor, restart, stop, a step slider), then the call
//! stack, the current frame's values with their histories, the memory the program can reach
//! as rows of bytes, the output so far and, once the program has ended, its report.
//!
//! Also the page's keys for it (see `state::debug::key_action`), active while the panel shows.

use super::state::debug::{key_action, DebugSession, Phase};
use super::state::DebugAction;
use crate::protocol::debug::{
    ByteState, Command, DebugStop, DebugValue, MemoryBlock, Position, TaintView,
};
use yew::prelude::*;

/// Properties of [`StepperPanel`].
#[derive(Properties, PartialEq)]
pub struct StepperProps {
    /// The session.
    pub session: DebugSession,
    /// True when the editor's text is no longer the session's.
    pub stale: bool,
    /// Breakpoints set in the editor (1-based lines).
    pub breakpoints: Vec<u32>,
    /// Line and column of a byte offset of the session's text.
    pub positions: Callback<u32, (u32, u32)>,
    /// A toolbar action.
    pub on_action: Callback<DebugAction>,
    /// Jump to a byte range in the editor.
    pub on_jump: Callback<(u32, u32)>,
    /// The run report as the Run tab shows it (for an ended session).
    pub report: Html,
}

/// A toolbar button: its id, label, title (with its key), and action.
struct Button {
    id: &'static str,
    label: &'static str,
    title: &'static str,
    action: DebugAction,
    backward: bool,
}

fn buttons() -> Vec<Button> {
    let exec = DebugAction::Exec;
    let b = |id, label, title, action, backward| Button { id, label, title, action, backward };
    vec![
        b(
            "dbg-reverse",
            "◀◀",
            "Reverse continue: back to the previous breakpoint, or the start (Alt+F8)",
            exec(Command::ReverseContinue),
            true,
        ),
        b(
            "dbg-back-out",
            "◀ out",
            "Back out: back to the call of this function (Alt+Shift+F11)",
            exec(Command::BackOut),
            true,
        ),
        b(
            "dbg-back-over",
            "◀ over",
            "Back over: back to the previous instruction of this function, over calls (Alt+F10)",
            exec(Command::BackOver),
            true,
        ),
        b(
            "dbg-back",
            "◀ step",
            "Step back: undo one instruction (Alt+F11)",
            exec(Command::StepBack),
            true,
        ),
        b(
            "dbg-step",
            "step ▶",
            "Step: run one instruction, into calls (F11)",
            exec(Command::Step),
            false,
        ),
        b(
            "dbg-over",
            "over ▶",
            "Step over: to the next instruction of this function, over calls (F10)",
            exec(Command::StepOver),
            false,
        ),
        b(
            "dbg-out",
            "out ▶",
            "Step out: run until this function returns (Shift+F11)",
            exec(Command::StepOut),
            false,
        ),
        b(
            "dbg-cursor",
            "to cursor",
            "Run to cursor: to the next instruction on the cursor's line (Ctrl+F10)",
            DebugAction::RunToCursor,
            false,
        ),
        b(
            "dbg-continue",
            "▶▶",
            "Continue: to the next breakpoint (click the gutter to set one) or the end (F8)",
            exec(Command::Continue),
            false,
        ),
    ]
}

/// The panel.
#[function_component(StepperPanel)]
pub fn stepper_panel(p: &StepperProps) -> Html {
    let s = &p.session;
    let stop = s.stop.as_deref();
    let view = stop.and_then(|st| st.view.as_ref());
    let failed = matches!(s.phase, Phase::Failed(_));
    let finished = s.phase == Phase::Finished;
    let at_start = view.is_some_and(|v| v.steps == 0);
    let can_move = !p.stale && !failed && view.is_some();
    let state = if p.stale {
        "stale"
    } else {
        match s.phase {
            Phase::Busy(_) => "busy",
            Phase::Paused => "paused",
            Phase::Finished => "finished",
            Phase::Failed(_) => "failed",
        }
    };
    let toolbar = buttons().into_iter().map(|b| {
        let disabled = !can_move || (b.backward && at_start) || (!b.backward && finished);
        let on_action = p.on_action.clone();
        let action = b.action.clone();
        let onclick = Callback::from(move |_| on_action.emit(action.clone()));
        let class = if b.backward { "btn dbg-btn dbg-backward" } else { "btn dbg-btn" };
        html! { <button id={b.id} {class} title={b.title} aria-label={b.title} {onclick} {disabled}>{ b.label }</button> }
    });
    let restart = p.on_action.reform(|_| DebugAction::Start);
    let stop_click = p.on_action.reform(|_| DebugAction::Stop);
    let steps = view.map_or(0, |v| v.steps);
    let slider_max = s.max_seen.max(steps);
    let goto = |e: Event| {
        let step = super::panels::input_value(&e).trim().parse::<u64>().unwrap_or(0);
        DebugAction::Exec(Command::Goto { step })
    };
    let (on_slide, on_goto) = (p.on_action.reform(goto), p.on_action.reform(goto));
    let status = status_line(s, p.stale, stop);
    // Breakpoints on lines where no instruction starts never stop anything: say so.
    let idle: Vec<String> = match stop {
        Some(st) if st.view.is_some() && !p.stale => p
            .breakpoints
            .iter()
            .filter(|l| !st.breakpoints.contains(l))
            .map(|l| l.to_string())
            .collect(),
        _ => Vec::new(),
    };
    let bps_text = match idle.len() {
        0 => format!("● {}", p.breakpoints.len()),
        _ => format!("● {} ({} on no instruction)", p.breakpoints.len(), idle.len()),
    };
    let bps_title = match idle.is_empty() {
        true => "breakpoints: click a line number to set or remove one".to_string(),
        false => format!(
            "no instruction starts on line {}: a breakpoint there never stops",
            idle.join(", ")
        ),
    };
    html! {
        <section id="stepper" class={classes!("stepper", format!("stepper-{state}"))} aria-label="stepper"
            data-state={state} data-steps={steps.to_string()} data-stop={s.stops.to_string()}
            data-exec-ms={stop.map_or(String::new(), |s| format!("{:.2}", s.exec_ms))}
            data-view-ms={stop.map_or(String::new(), |s| format!("{:.2}", s.view_ms))}
            data-snapshot-bytes={stop.and_then(|s| s.snapshots.as_ref()).map_or(String::new(), |s| s.bytes.to_string())}
            data-snapshots={stop.and_then(|s| s.snapshots.as_ref()).map_or(String::new(), |s| s.count.to_string())}>
            <div class="stepper-bar" role="toolbar" aria-label="stepper controls">
                { for toolbar }
                <span class="stepper-sep" />
                if !p.breakpoints.is_empty() {
                    <span id="dbg-bps" class="stepper-bps" title={bps_title}>{ bps_text }</span>
                }
                <button id="dbg-restart" class="btn dbg-btn" title="Restart: debug the editor's text from the start (Ctrl+Shift+F8)" onclick={restart}>{"↻"}</button>
                <button id="dbg-stop" class="btn dbg-btn" title="Stop: end the session, even in the middle of a long Continue (Shift+F8)" onclick={stop_click}>{"■"}</button>
                <label class="stepper-slider" title="the instructions run so far; type a step (and Enter) to go there, or drag the slider over the run so far">
                    {"step "}
                    <input id="dbg-goto" class="input stepper-steps" type="number" min="0" value={steps.to_string()} onchange={on_goto} disabled={!can_move} aria-label="go to step" />
                    <input id="dbg-slider" type="range" min="0" max={slider_max.to_string()} value={steps.to_string()} onchange={on_slide} disabled={!can_move} aria-label="step slider" />
                </label>
            </div>
            <p id="dbg-status" class={classes!("stepper-status", p.stale.then_some("stepper-stale-note"))} aria-live="polite">{ status }</p>
            if let Some(v) = view {
                <div class={classes!("stepper-body", p.stale.then_some("stepper-body-stale"))}>
                    if finished {
                        <div id="dbg-report" class="stepper-report">
                            <h3>{"How the run ended"}</h3>
                            { p.report.clone() }
                        </div>
                    }
                    <div class="stepper-col">
                        <h3>{"Call stack"}</h3>
                        { frames(p, &v.frames) }
                        <h3>{ format!("Values{}", v.frames.first().map(|f| format!(" of {}", f.at.function)).unwrap_or_default()) }</h3>
                        { values(p, &v.values) }
                    </div>
                    <div class="stepper-col">
                        <h3>{"Memory"}</h3>
                        { memory(p, &v.memory, v.memory_truncated) }
                        <h3>{"stdout so far"}</h3>
                        if stop.is_some_and(|s| s.output_cut) {
                            <p class="run-note">{"(the earlier output is not shown)"}</p>
                        }
                        <pre id="dbg-stdout" class="run-output">{ &v.stdout }</pre>
                        if !v.stderr.is_empty() {
                            <h3>{"stderr so far"}</h3>
                            <pre id="dbg-stderr" class="run-output">{ &v.stderr }</pre>
                        }
                    </div>
                </div>
            }
        </section>
    }
}

/// One line on where the session is.
fn status_line(s: &DebugSession, stale: bool, stop: Option<&DebugStop>) -> String {
    if stale {
        return "The text was edited after this session started: what it shows is of the old \
                text, and it no longer steps. Restart (↻) to debug the new text; undo the edit \
                to continue this session."
            .into();
    }
    let v = stop.and_then(|s| s.view.as_ref());
    let at = v.and_then(|v| v.position.as_ref());
    let where_ = |p: &Position| format!("line {}:{} in {}", p.line, p.column, p.function);
    match &s.phase {
        Phase::Busy(what) => format!("{what}…"),
        Phase::Failed(why) => why.clone(),
        Phase::Finished => {
            let end = stop.and_then(|s| s.ended.clone()).unwrap_or_default();
            format!("Finished after {} steps: {end}", v.map_or(0, |v| v.steps))
        }
        Phase::Paused => {
            use crate::protocol::debug::StopReason;
            let why = match v.map(|v| &v.reason) {
                Some(StopReason::Start) => "Paused before the first instruction",
                Some(StopReason::Breakpoint { .. }) => "Stopped at a breakpoint",
                Some(StopReason::AtStart) => "Back at the start",
                _ => "Paused",
            };
            match at {
                Some(p) => format!("{why}, at {}", where_(p)),
                None => why.to_string(),
            }
        }
    }
}

fn jump(p: &StepperProps, span: (u32, u32), text: String, title: &'static str) -> Html {
    let on_jump = p.on_jump.reform(move |_| span);
    html! { <button class="link" onclick={on_jump} {title}>{ text }</button> }
}

fn frames(p: &StepperProps, frames: &[crate::protocol::debug::FrameView]) -> Html {
    if frames.is_empty() {
        return html! { <p class="muted">{"no frame: the program has ended"}</p> };
    }
    html! {
        <ol id="dbg-frames" class="stepper-frames">
            { for frames.iter().enumerate().map(|(i, f)| {
                let here = format!("{} at {}:{}", f.at.function, f.at.line, f.at.column);
                html! {
                    <li class={classes!("stepper-frame", (i == 0).then_some("stepper-frame-current"))}>
                        { jump(p, f.at.span, here, "show in the editor") }
                        if let Some(c) = &f.call_site {
                            <span class="muted">{ " called from " }</span>
                            { jump(p, c.span, format!("{}:{}", c.line, c.column), "show the call in the editor") }
                        }
                    </li>
                }
            }) }
        </ol>
    }
}

fn taint_note(p: &StepperProps, t: &TaintView) -> Html {
    let kind = match t.kind {
        irplay_core::interp::poison::origin::TaintKind::Poison => "poison",
        irplay_core::interp::poison::origin::TaintKind::Undef => "undef",
    };
    html! {
        <div class={format!("stepper-taint stepper-taint-{kind}")}>
            { format!("{kind}: {}", t.reason) }
            if let Some(o) = &t.origin {
                { " — arose at " }
                { jump(p, o.span, format!("{}:{}", o.line, o.column), "show where it arose") }
            }
        </div>
    }
}

fn values(p: &StepperProps, values: &[DebugValue]) -> Html {
    if values.is_empty() {
        return html! { <p class="muted">{"no value assigned yet in this frame"}</p> };
    }
    html! {
        <table id="dbg-values" class="stepper-values">
            <thead><tr><th>{"value"}</th><th>{"type"}</th><th>{"now"}</th><th>{"history in this frame"}</th></tr></thead>
            <tbody>
            { for values.iter().map(|v| {
                let class = v.taint.as_ref().map(|t| match t.kind {
                    irplay_core::interp::poison::origin::TaintKind::Poison => "stepper-value-poison",
                    irplay_core::interp::poison::origin::TaintKind::Undef => "stepper-value-undef",
                });
                let (history, all) = history_text(v);
                html! {
                    <tr class={classes!("stepper-value", class)} data-name={v.name.clone()}>
                        <td class="stepper-name">{ &v.name }</td>
                        <td class="stepper-type">{ &v.ty }</td>
                        <td class="stepper-now">{ &v.text }
                            if let Some(t) = &v.taint { { taint_note(p, t) } }
                        </td>
                        <td class="stepper-history" title={all}>{ history }</td>
                    </tr>
                }
            }) }
            </tbody>
        </table>
    }
}

/// History entries shown in the table (all of them are in its tooltip).
const SHOWN_HISTORY: usize = 8;

/// A value's history as the table shows it (its last values, in decimal only: `1, 2, 3`), and
/// in full for the tooltip.
fn history_text(v: &DebugValue) -> (String, String) {
    let short = |h: &String| match h.find(" (0x") {
        Some(i) if h.ends_with(')') => h.get(..i).unwrap_or(h).to_string(),
        _ => h.clone(),
    };
    let skip = v.history.len().saturating_sub(SHOWN_HISTORY);
    let more = skip > 0 || v.assignments > v.history.len() as u64;
    let shown: Vec<String> = v.history.iter().skip(skip).map(short).collect();
    let text = format!("{}{}", if more { "…, " } else { "" }, shown.join(", "));
    let all =
        format!("{} values in this frame; the last ones: {}", v.assignments, v.history.join(", "));
    (text, all)
}

/// Bytes per row of the memory view.
const ROW: usize = 8;

fn byte_cell(b: u8, s: ByteState) -> Html {
    let (class, text, title) = match s {
        ByteState::Defined => ("mem-byte", format!("{b:02x}"), "defined"),
        ByteState::Pointer => {
            ("mem-byte mem-pointer", format!("{b:02x}"), "a byte of a stored pointer")
        }
        ByteState::Poison => ("mem-byte mem-poison", "PP".to_string(), "poison"),
        ByteState::Undef => ("mem-byte mem-undef", "UU".to_string(), "undef: never written"),
        ByteState::PartlyUndef => {
            ("mem-byte mem-partly-undef", format!("{b:02x}"), "some bits undef")
        }
    };
    html! { <span {class} {title}>{ text }</span> }
}

/// The bytes of a row as text: printable ASCII of defined bytes, `·` for the others.
fn chars(bytes: &[u8], states: &[ByteState]) -> String {
    let shown = |(&b, &s): (&u8, &ByteState)| match s {
        ByteState::Defined if b.is_ascii_graphic() || b == b' ' => b as char,
        _ => '·',
    };
    bytes.iter().zip(states).map(shown).collect()
}

fn memory(p: &StepperProps, blocks: &[MemoryBlock], truncated: bool) -> Html {
    if blocks.is_empty() {
        return html! { <p class="muted">{"no memory yet"}</p> };
    }
    html! {
        <div id="dbg-memory" class="stepper-memory">
            { for blocks.iter().map(|b| block(p, b)) }
            if truncated { <p class="run-note">{"more blocks are not shown"}</p> }
        </div>
    }
}

fn block(p: &StepperProps, b: &MemoryBlock) -> Html {
    use crate::protocol::debug::BlockKind;
    let kind = match b.kind {
        BlockKind::Alloca => "alloca",
        BlockKind::Global => "global",
        BlockKind::Heap => "heap",
        BlockKind::Runtime => "runtime",
    };
    let shown_end = b.offset + b.bytes.len() as u64;
    let rows =
        b.bytes.chunks(ROW).zip(b.states.chunks(ROW)).enumerate().map(|(r, (bytes, states))| {
            let off = b.offset + (r * ROW) as u64;
            html! {
                <div class="mem-row">
                    <span class="mem-off">{ format!("+{off:<3}") }</span>
                    { for bytes.iter().zip(states).map(|(&x, &s)| byte_cell(x, s)) }
                    <span class="mem-chars" aria-hidden="true">{ chars(bytes, states) }</span>
                </div>
            }
        });
    html! {
        <div class={classes!("mem-block", format!("mem-{kind}"), (!b.live).then_some("mem-freed"))} data-name={b.name.clone()}>
            <div class="mem-head">
                <strong>{ &b.name }</strong>
                { format!(" · {kind} · {} byte{}{}", b.size, if b.size == 1 { "" } else { "s" }, if b.live { "" } else { " · freed" }) }
                if shown_end < b.size { <span class="muted">{ format!(" (bytes {}..{} shown)", b.offset, shown_end) }</span> }
            </div>
            { for rows }
            if !b.pointers.is_empty() {
                <ul class="mem-pointers">
                    { for b.pointers.iter().map(|ptr| html! { <li>{ format!("+{}: points to {}", ptr.offset, ptr.target) }</li> }) }
                </ul>
            }
            if let Some(t) = &b.taint { { taint_note(p, t) } }
        </div>
    }
}

/// Installs the stepper's keys on the page: while the panel shows, they go to `f` (and not
/// to the browser).
pub fn install_keys(f: Callback<DebugAction>) {
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let cb = Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
        let Some(a) =
            key_action(&e.key(), e.shift_key(), e.ctrl_key() || e.meta_key(), e.alt_key())
        else {
            return;
        };
        let open = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id("stepper"))
            .is_some();
        if open {
            // Before the editor's own keys (F8 is its next diagnostic otherwise).
            e.prevent_default();
            e.stop_propagation();
            f.emit(a);
        }
    });
    let _ =
        doc.add_event_listener_with_callback_and_bool("keydown", cb.as_ref().unchecked_ref(), true);
    cb.forget();
}
