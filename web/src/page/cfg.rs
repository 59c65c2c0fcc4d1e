//! The CFG pane: the laid-out graph as SVG, with pan, zoom and selection, the dominator tree's
//! edges overlaid on it (dashed, when asked for) and a legend of the colours.

use crate::protocol::{CfgView, EdgeKind};
use crate::protocol::{Layout, Rect};
use std::collections::HashMap;
use std::rc::Rc;
use web_sys::{PointerEvent, WheelEvent};
use yew::prelude::*;

/// A graph shared with the page, compared by identity (a new analysis is a new graph), so
/// re-rendering the page never compares two large graphs field by field.
#[derive(Clone)]
pub struct Shared(pub Rc<CfgView>);

impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for Shared {
    type Target = CfgView;
    fn deref(&self) -> &CfgView {
        &self.0
    }
}

/// Properties of [`CfgPane`].
#[derive(Properties, PartialEq)]
pub struct CfgProps {
    /// The graph to draw.
    pub cfg: Shared,
    /// Overlay the dominator tree's edges (from each block's immediate dominator) on the CFG.
    pub dom_tree: bool,
    /// The selected block.
    pub selected: Option<usize>,
    /// Instructions (by start offset) the last run marked, with their class (`cfg-poison`,
    /// `cfg-poison-source`, `cfg-ub`; `cfg-current` for the stepper's instruction).
    pub poison: Rc<HashMap<u32, &'static str>>,
    /// Clicking (or pressing Enter on) a block.
    pub on_block: Callback<usize>,
}

/// Pan and zoom.
#[derive(Clone, Copy, PartialEq)]
struct View {
    x: f64,
    y: f64,
    scale: f64,
}

const MARGIN: f64 = 20.0;

/// Draws the graph; wheel zooms around the pointer, dragging pans, `Fit` resets.
#[function_component(CfgPane)]
pub fn cfg_pane(props: &CfgProps) -> Html {
    let view = use_state(|| View { x: MARGIN, y: MARGIN, scale: 1.0 });
    let drag = use_mut_ref(|| None::<(f64, f64, View)>);
    let container = use_node_ref();

    // Fit when the function or the mode changes.
    {
        let view = view.clone();
        let container = container.clone();
        // The graph is shared (an Rc), so renders while panning copy no layout.
        let graph = props.cfg.clone();
        use_effect_with((props.cfg.function.clone(), props.cfg.blocks.len()), move |_| {
            view.set(fit(&container, &graph.layout));
        });
    }

    let onwheel = {
        let view = view.clone();
        Callback::from(move |e: WheelEvent| {
            e.prevent_default();
            let v = *view;
            let factor = if e.delta_y() < 0.0 { 1.15 } else { 1.0 / 1.15 };
            let scale = (v.scale * factor).clamp(0.05, 4.0);
            let (px, py) = (e.offset_x() as f64, e.offset_y() as f64);
            let k = scale / v.scale;
            view.set(View { x: px - (px - v.x) * k, y: py - (py - v.y) * k, scale });
        })
    };
    let onpointerdown = {
        let (view, drag) = (view.clone(), drag.clone());
        Callback::from(move |e: PointerEvent| {
            if e.button() == 0 {
                *drag.borrow_mut() = Some((e.client_x() as f64, e.client_y() as f64, *view));
            }
        })
    };
    let onpointermove = {
        let (view, drag) = (view.clone(), drag.clone());
        Callback::from(move |e: PointerEvent| {
            if let Some((sx, sy, v)) = *drag.borrow() {
                let (dx, dy) = (e.client_x() as f64 - sx, e.client_y() as f64 - sy);
                if dx.abs() + dy.abs() > 2.0 {
                    view.set(View { x: v.x + dx, y: v.y + dy, ..v });
                }
            }
        })
    };
    let onpointerup = {
        let drag = drag.clone();
        Callback::from(move |_| *drag.borrow_mut() = None)
    };
    let zoom = |f: f64| {
        let view = view.clone();
        Callback::from(move |_| {
            let v = *view;
            view.set(View { scale: (v.scale * f).clamp(0.05, 4.0), ..v });
        })
    };
    let onfit = {
        let (view, container) = (view.clone(), container.clone());
        let graph = props.cfg.clone();
        Callback::from(move |_| view.set(fit(&container, &graph.layout)))
    };

    let v = *view;
    let transform = format!("translate({:.1} {:.1}) scale({:.4})", v.x, v.y, v.scale);
    html! {
        <div class="cfg-pane" ref={container}>
            <div class="cfg-controls" role="toolbar" aria-label="graph view">
                <button class="btn" title="zoom in" aria-label="zoom in" onclick={zoom(1.25)}>{"+"}</button>
                <button class="btn" title="zoom out" aria-label="zoom out" onclick={zoom(0.8)}>{"−"}</button>
                <button class="btn" title="fit to the pane" onclick={onfit}>{"Fit"}</button>
            </div>
            <svg class="cfg-svg" xmlns="http://www.w3.org/2000/svg" role="img"
                aria-label={format!("control-flow graph of @{}", props.cfg.function)}
                {onwheel} {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointerleave={onpointerup}>
                { markers() }
                <g transform={transform}>
                    <GraphBody cfg={props.cfg.clone()} dom_tree={props.dom_tree} selected={props.selected} poison={props.poison.clone()} on_block={props.on_block.clone()} />
                </g>
            </svg>
            { legend(props.dom_tree) }
        </div>
    }
}

/// The blocks and edges: a component of their own, so panning and zooming (which only move
/// the enclosing group) never re-render them.
#[function_component(GraphBody)]
fn graph_body(props: &CfgProps) -> Html {
    html! { <>{ edges(props) }{ blocks(props) }{ dom_edges(props) }</> }
}

/// What the colours and line styles mean (the toolbar's "dominator tree" adds its edges).
fn legend(dom_tree: bool) -> Html {
    // Classes of their own (not the graph's), so that counting the graph's blocks and edges
    // never counts the legend's.
    let edge = |k: &str, label: &str| {
        html! {
            <li><svg class="cfg-legend-swatch" width="28" height="10" aria-hidden="true"><line x1="1" y1="5" x2="27" y2="5" class={format!("cfg-legend-edge cfg-legend-edge-{k}")} /></svg>{ label }</li>
        }
    };
    let block = |class: &str, label: &str| {
        html! {
            <li><svg class="cfg-legend-swatch" width="28" height="14" aria-hidden="true"><g class={format!("cfg-legend-block {class}")}><rect x="1" y="1" width="26" height="12" rx="2" /></g></svg>{ label }</li>
        }
    };
    html! {
        <details class="cfg-legend" open=true>
            <summary>{"legend"}</summary>
            <ul>
                { edge("true", "branch taken when true") }
                { edge("false", "branch taken when false") }
                { edge("uncond", "unconditional branch") }
                { edge("switch", "switch case or default") }
                { edge("back", "loop back edge") }
                { edge("exc", "exception (unwind) edge") }
                if dom_tree {
                    <li class="cfg-legend-dom"><svg class="cfg-legend-swatch" width="28" height="10" aria-hidden="true"><line x1="1" y1="5" x2="27" y2="5" class="cfg-legend-edge cfg-legend-edge-dom" /></svg>{"immediate dominator → block"}</li>
                }
                { block("", "block") }
                { block("cfg-loop-depth-1", "in a loop (deeper: darker)") }
                { block("cfg-loop-header", "loop header") }
                { block("cfg-block-poison", "the last run found poison here") }
                { block("cfg-selected", "selected (the cursor's block)") }
                { block("cfg-unreachable", "unreachable from the entry") }
            </ul>
        </details>
    }
}

fn layout_of(props: &CfgProps) -> &Layout {
    &props.cfg.layout
}

/// The dominator tree's edges over the CFG, from the bottom of each immediate dominator to the
/// top of the block it dominates, dashed (drawn last, and transparent to the pointer).
fn dom_edges(props: &CfgProps) -> Html {
    if !props.dom_tree {
        return html! {};
    }
    let nodes = &props.cfg.layout.nodes;
    html! { <g class="cfg-dom-overlay-group">{ for props.cfg.dom_edges.iter().filter_map(|&(p, b)| {
        let (from, to) = (nodes.get(p)?, nodes.get(b)?);
        let start = (from.x + from.width * 0.8, from.y + from.height);
        let end = (to.x + to.width * 0.8, to.y);
        // Bowed to the right, away from the CFG's own edges, which leave the boxes' middles.
        let bow = 30.0 + (end.1 - start.1).abs() * 0.15;
        let mid = ((start.0 + end.0) / 2.0 + bow, (start.1 + end.1) / 2.0);
        Some(html! {
            <path class="cfg-dom-edge cfg-dom-overlay" data-dom={format!("{p}-{b}")} d={path_d(&[start, mid, end])} marker-end="url(#arrow-dom)" />
        })
    }) }</g> }
}

fn fit(container: &NodeRef, lay: &Layout) -> View {
    let (w, h) = container
        .cast::<web_sys::Element>()
        .map(|e| {
            let r = e.get_bounding_client_rect();
            (r.width(), r.height())
        })
        .unwrap_or((800.0, 600.0));
    let (gw, gh) = (lay.width.max(1.0) + 2.0 * MARGIN, lay.height.max(1.0) + 2.0 * MARGIN);
    let scale = (w / gw).min(h / gh).clamp(0.1, 1.0);
    let scale = if scale.is_finite() { scale } else { 1.0 };
    View { x: ((w - lay.width * scale) / 2.0).max(MARGIN), y: MARGIN, scale }
}

const KINDS: [&str; 7] = ["true", "false", "uncond", "switch", "back", "exc", "dom"];

fn markers() -> Html {
    html! {
        <defs>
            { for KINDS.iter().map(|k| html! {
                <marker id={format!("arrow-{k}")} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
                    <path d="M 0 0 L 10 5 L 0 10 z" class={format!("cfg-arrow cfg-arrow-{k}")} />
                </marker>
            }) }
        </defs>
    }
}

/// The class suffix of an edge.
fn edge_class(kind: EdgeKind, back: bool) -> &'static str {
    if back {
        return "back";
    }
    match kind {
        EdgeKind::True => "true",
        EdgeKind::False => "false",
        EdgeKind::Uncond | EdgeKind::Normal | EdgeKind::Indirect => "uncond",
        EdgeKind::Switch => "switch",
        EdgeKind::Exceptional => "exc",
    }
}

/// A smooth SVG path through the points (Catmull-Rom turned into cubic Béziers).
fn path_d(points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    let Some(&(x0, y0)) = points.first() else { return d };
    d.push_str(&format!("M{x0:.1},{y0:.1}"));
    let n = points.len();
    for i in 0..n.saturating_sub(1) {
        let p = |j: usize| points.get(j.min(n - 1)).copied().unwrap_or((x0, y0));
        let (p0, p1, p2, p3) = (p(i.saturating_sub(1)), p(i), p(i + 1), p(i + 2));
        let c1 = (p1.0 + (p2.0 - p0.0) / 6.0, p1.1 + (p2.1 - p0.1) / 6.0);
        let c2 = (p2.0 - (p3.0 - p1.0) / 6.0, p2.1 - (p3.1 - p1.1) / 6.0);
        d.push_str(&format!(
            " C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
            c1.0, c1.1, c2.0, c2.1, p2.0, p2.1
        ));
    }
    d
}

fn edges(props: &CfgProps) -> Html {
    // Paths first, then labels on top; no wrapper or tooltip elements, to keep the DOM of a
    // large function small (the block titles and the legend say what the colours mean).
    let lay = &props.cfg.layout;
    let drawn = || props.cfg.edges.iter().zip(lay.edges.iter());
    html! { <>
        { for drawn().map(|(e, p)| {
            let k = edge_class(e.kind, e.back);
            html! { <path class={format!("cfg-edge cfg-edge-{k}")} d={path_d(&p.points)} marker-end={format!("url(#arrow-{k})")} /> }
        }) }
        { for drawn().filter(|(e, _)| !e.label.is_empty()).map(|(e, p)| {
            let k = edge_class(e.kind, e.back);
            html! {
                <text class={format!("cfg-edge-label cfg-edge-label-{k}")} x={format!("{:.1}", p.label_pos.0)} y={format!("{:.1}", p.label_pos.1)} text-anchor="middle" dominant-baseline="central">{ &e.label }</text>
            }
        }) }
    </> }
}

fn blocks(props: &CfgProps) -> Html {
    let lay = layout_of(props);
    html! { <>{ for props.cfg.blocks.iter().zip(lay.nodes.iter()).enumerate().map(|(i, (b, r)): (usize, (_, &Rect))| {
        let on_block = props.on_block.clone();
        let onclick = Callback::from(move |_| on_block.emit(i));
        let on_block = props.on_block.clone();
        let onkeydown = Callback::from(move |e: KeyboardEvent| if e.key() == "Enter" || e.key() == " " { e.prevent_default(); on_block.emit(i) });
        let depth = b.loop_depth.min(3);
        let mut class = classes!("cfg-block");
        if depth > 0 { class.push(format!("cfg-loop-depth-{depth}")); }
        if b.loop_header { class.push("cfg-loop-header"); }
        if b.unreachable { class.push("cfg-unreachable"); }
        if props.selected == Some(i) { class.push("cfg-selected"); }
        // `cfg-current` marks the stepper's instruction, not poison.
        let current = b.lines.iter().any(|l| props.poison.get(&l.from) == Some(&"cfg-current"));
        if current { class.push("cfg-block-current"); }
        let poisoned = b.lines.iter().any(|l| props.poison.get(&l.from).is_some_and(|c| *c != "cfg-current"));
        if poisoned { class.push("cfg-block-poison"); }
        let title = format!("{}{}{}", b.label, if b.loop_header { " (loop header)" } else { "" }, if b.unreachable { " (unreachable)" } else { "" });
        html! {
            <g class={class} data-block={i.to_string()} transform={format!("translate({:.1} {:.1})", r.x, r.y)} tabindex="0" role="button"
               aria-label={format!("block {}", b.label)} {onclick} {onkeydown}>
                <rect class="cfg-block-rect" width={format!("{:.1}", r.width)} height={format!("{:.1}", r.height)} rx="4" />
                <text class="cfg-block-title" x="8" y="20">{ title }</text>
                <foreignObject x="8" y="24" width={format!("{:.1}", (r.width - 8.0).max(0.0))} height={format!("{:.1}", (r.height - 24.0).max(0.0))}>
                    { code(&b.lines, &props.poison) }
                </foreignObject>
            </g>
        }
    }) }</> }
}

/// A block's instructions as one HTML `<pre>` (inside the block's `foreignObject`): runs of
/// unmarked lines are a single text node and only the lines a run marked get a `<span>`, so a
/// large function costs a few DOM nodes per block instead of one SVG `<text>` per line.
fn code(lines: &[crate::protocol::LineView], poison: &HashMap<u32, &'static str>) -> Html {
    let mut parts: Vec<Html> = Vec::new();
    let mut plain = String::new();
    for l in lines {
        match poison.get(&l.from) {
            None => {
                plain.push_str(&l.text);
                plain.push('\n');
            }
            Some(&class) => {
                if !plain.is_empty() {
                    parts.push(Html::from(std::mem::take(&mut plain)));
                }
                parts.push(html! { <span class={classes!("cfg-inst", class)}>{ &l.text }</span> });
                parts.push(Html::from("\n"));
            }
        }
    }
    if !plain.is_empty() {
        parts.push(Html::from(plain));
    }
    html! { <pre class="cfg-code" xmlns="http://www.w3.org/1999/xhtml">{ for parts }</pre> }
}
