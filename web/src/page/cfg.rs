//! The CFG pane: the laid-out graph as SVG, with pan, zoom and selection, the dominator tree's
//! edges overlaid on it (dashed, when asked for) and a legend of the colours.

use super::cfgnav::{self, ByPtr, GotoBlock, Minimap, View, MARGIN};
use crate::protocol::{CfgView, EdgeKind};
use crate::protocol::{Layout, Rect};
use crate::worker::{cfgview, layout};
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

/// The collapsed blocks the user chose, for the graph `cfg` (function and block count), with
/// the layout they give.
#[derive(Clone, PartialEq)]
struct Chosen {
    cfg: Shared,
    collapsed: ByPtr<Vec<bool>>,
    layout: ByPtr<Layout>,
}

/// The collapsed blocks and the layout to draw: the worker's (its default collapsed blocks)
/// unless the user chose others for this function, laid out again on a new analysis.
fn current(cfg: &Shared, chosen: Option<&Chosen>) -> (ByPtr<Vec<bool>>, ByPtr<Layout>) {
    let same_function =
        |c: &&Chosen| c.cfg.function == cfg.function && c.cfg.blocks.len() == cfg.blocks.len();
    match chosen.filter(same_function) {
        Some(c) if c.cfg == *cfg => (c.collapsed.clone(), c.layout.clone()),
        Some(c) => {
            let lay = relayout(cfg, &c.collapsed);
            (c.collapsed.clone(), ByPtr(Rc::new(lay)))
        }
        None => (ByPtr(Rc::new(cfg.collapsed.clone())), ByPtr(Rc::new(cfg.layout.clone()))),
    }
}

/// Lays `cfg` out with the blocks in `collapsed` collapsed, recording the time it took.
fn relayout(cfg: &CfgView, collapsed: &[bool]) -> Layout {
    let start = crate::now_ms();
    let lay = layout::layout(&cfgview::graph_of(cfg, collapsed));
    super::storage::set_metric("cfg-relayout-ms", crate::now_ms() - start);
    lay
}

/// Sets the collapsed blocks of a graph, laying it out again and keeping block `anchor` (if
/// any) where it is on screen.
struct Restyle {
    view: UseStateHandle<View>,
    latest: Rc<std::cell::RefCell<View>>,
    chosen: UseStateHandle<Option<Chosen>>,
}

impl Restyle {
    fn apply(&self, cfg: &Shared, lay: &Layout, next: Vec<bool>, anchor: Option<usize>) {
        let new_lay = relayout(cfg, &next);
        let v = *self.latest.borrow();
        let moved = anchor.and_then(|i| Some((lay.nodes.get(i)?, new_lay.nodes.get(i)?)));
        if let Some((old, new)) = moved {
            let (dx, dy) = ((old.x - new.x) * v.scale, (old.y - new.y) * v.scale);
            self.view.set(View { x: v.x + dx, y: v.y + dy, ..v });
        }
        self.chosen.set(Some(Chosen {
            cfg: cfg.clone(),
            collapsed: ByPtr(Rc::new(next)),
            layout: ByPtr(Rc::new(new_lay)),
        }));
    }
}

/// The size of the pane.
fn pane_size(container: &NodeRef) -> (f64, f64) {
    container
        .cast::<web_sys::Element>()
        .map(|e| {
            let r = e.get_bounding_client_rect();
            (r.width(), r.height())
        })
        .filter(|&(w, h)| w > 0.0 && h > 0.0)
        .unwrap_or((800.0, 600.0))
}

/// A pointer's position relative to the pane.
fn pane_point(container: &NodeRef, x: i32, y: i32) -> (f64, f64) {
    let (left, top) = container
        .cast::<web_sys::Element>()
        .map(|e| {
            let r = e.get_bounding_client_rect();
            (r.left(), r.top())
        })
        .unwrap_or((0.0, 0.0));
    (x as f64 - left, y as f64 - top)
}

/// The pointers down on the graph, for pinch zoom: their positions, and when two are down,
/// their distance, midpoint and the view when the second went down.
#[derive(Default)]
struct Pinch {
    pointers: Vec<(i32, (f64, f64))>,
    start: Option<(f64, (f64, f64), View)>,
}

impl Pinch {
    fn two(&self) -> Option<((f64, f64), (f64, f64))> {
        match self.pointers.as_slice() {
            [(_, a), (_, b)] => Some((*a, *b)),
            _ => None,
        }
    }
}

/// Draws the graph: the wheel zooms around the pointer (ctrl+wheel and two-finger pinch too),
/// dragging pans; the toolbar zooms, fits the whole graph or its width and goes to a block by
/// name (key `g`); each block's toggle collapses or expands it; the minimap moves the view.
#[function_component(CfgPane)]
pub fn cfg_pane(props: &CfgProps) -> Html {
    let view = use_state(|| View { x: MARGIN, y: MARGIN, scale: 1.0 });
    let drag = use_mut_ref(|| None::<(f64, f64, View)>);
    let pinch = use_mut_ref(Pinch::default);
    let container = use_node_ref();
    let goto_input = use_node_ref();
    let chosen = use_state(|| None::<Chosen>);
    let flash = use_state(|| None::<usize>);
    let current = use_memo((props.cfg.clone(), (*chosen).clone()), |(cfg, chosen)| {
        current(cfg, chosen.as_ref())
    });
    let (collapsed, lay) = (*current).clone();
    let labels = use_memo(props.cfg.clone(), |cfg| {
        ByPtr(Rc::new(cfg.blocks.iter().map(|b| b.label.clone()).collect::<Vec<_>>()))
    });

    // A readable first view when the function or the mode changes.
    {
        let (view, container, flash) = (view.clone(), container.clone(), flash.clone());
        let lay = lay.clone();
        use_effect_with((props.cfg.function.clone(), props.cfg.blocks.len()), move |_| {
            let (w, h) = pane_size(&container);
            view.set(cfgnav::initial(w, h, &lay));
            flash.set(None);
        });
    }

    let onwheel = {
        let (view, container) = (view.clone(), container.clone());
        Callback::from(move |e: WheelEvent| {
            e.prevent_default();
            let factor = cfgnav::wheel_factor(e.delta_y(), e.delta_mode(), e.ctrl_key());
            let at = pane_point(&container, e.client_x(), e.client_y());
            view.set(cfgnav::zoom_at(*view, factor, at));
        })
    };
    let onpointerdown = {
        let (view, drag, pinch, container) =
            (view.clone(), drag.clone(), pinch.clone(), container.clone());
        Callback::from(move |e: PointerEvent| {
            let at = pane_point(&container, e.client_x(), e.client_y());
            let mut p = pinch.borrow_mut();
            p.pointers.retain(|&(id, _)| id != e.pointer_id());
            p.pointers.push((e.pointer_id(), at));
            if let Some((a, b)) = p.two() {
                let d = (a.0 - b.0).hypot(a.1 - b.1);
                p.start = Some((d, ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0), *view));
                *drag.borrow_mut() = None;
            } else if e.button() == 0 {
                *drag.borrow_mut() = Some((e.client_x() as f64, e.client_y() as f64, *view));
            }
        })
    };
    let onpointermove = {
        let (view, drag, pinch, container) =
            (view.clone(), drag.clone(), pinch.clone(), container.clone());
        Callback::from(move |e: PointerEvent| {
            let at = pane_point(&container, e.client_x(), e.client_y());
            let mut p = pinch.borrow_mut();
            if let Some(slot) = p.pointers.iter_mut().find(|(id, _)| *id == e.pointer_id()) {
                slot.1 = at;
            }
            if let (Some((a, b)), Some((d0, mid0, v0))) = (p.two(), p.start) {
                // Two fingers: the scale follows their distance, the graph their midpoint.
                let d = (a.0 - b.0).hypot(a.1 - b.1);
                let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
                let zoomed = cfgnav::zoom_at(v0, if d0 > 0.0 { d / d0 } else { 1.0 }, mid0);
                view.set(View {
                    x: zoomed.x + mid.0 - mid0.0,
                    y: zoomed.y + mid.1 - mid0.1,
                    ..zoomed
                });
                return;
            }
            if let Some((sx, sy, v)) = *drag.borrow() {
                let (dx, dy) = (e.client_x() as f64 - sx, e.client_y() as f64 - sy);
                if dx.abs() + dy.abs() > 2.0 {
                    view.set(View { x: v.x + dx, y: v.y + dy, ..v });
                }
            }
        })
    };
    let onpointerup = {
        let (drag, pinch) = (drag.clone(), pinch.clone());
        Callback::from(move |e: PointerEvent| {
            *drag.borrow_mut() = None;
            let mut p = pinch.borrow_mut();
            p.pointers.retain(|&(id, _)| id != e.pointer_id());
            p.start = None;
        })
    };
    let zoom = |f: f64| {
        let (view, container) = (view.clone(), container.clone());
        Callback::from(move |_| {
            let (w, h) = pane_size(&container);
            view.set(cfgnav::zoom_at(*view, f, (w / 2.0, h / 2.0)));
        })
    };
    let onfit = {
        let (view, container, lay) = (view.clone(), container.clone(), lay.clone());
        Callback::from(move |_| {
            let (w, h) = pane_size(&container);
            view.set(cfgnav::fit(w, h, &lay));
        })
    };
    let onfitwidth = {
        let (view, container, lay) = (view.clone(), container.clone(), lay.clone());
        Callback::from(move |_| {
            let (w, h) = pane_size(&container);
            view.set(cfgnav::fit_width(w, h, &lay, *view));
        })
    };
    let on_go = {
        let (view, container, lay, flash) =
            (view.clone(), container.clone(), lay.clone(), flash.clone());
        let on_block = props.on_block.clone();
        Callback::from(move |i: usize| {
            let (w, h) = pane_size(&container);
            if let Some(r) = lay.nodes.get(i) {
                view.set(cfgnav::centre_on(w, h, r, *view));
            }
            flash.set(Some(i));
            on_block.emit(i);
        })
    };
    let on_centre = {
        let (view, container) = (view.clone(), container.clone());
        Callback::from(move |p: (f64, f64)| {
            let (w, h) = pane_size(&container);
            view.set(cfgnav::centre_at(w, h, p, *view));
        })
    };
    // The view as last drawn, for callbacks kept across renders.
    let latest = use_mut_ref(|| *view);
    *latest.borrow_mut() = *view;
    // The cursor's block comes into view when it moves to one out of the pane (not when the
    // graph is new: that starts with its readable first view).
    {
        let (view, container, latest, lay) =
            (view.clone(), container.clone(), latest.clone(), lay.clone());
        let function = props.cfg.function.clone();
        let seen = use_mut_ref(|| None::<String>);
        use_effect_with(props.selected, move |selected| {
            let same = seen.replace(Some(function.clone())).as_deref() == Some(function.as_str());
            if let Some(r) = selected.and_then(|i| lay.nodes.get(i)).filter(|_| same) {
                let (w, h) = pane_size(&container);
                if let Some(v) = cfgnav::reveal(w, h, r, *latest.borrow()) {
                    view.set(v);
                }
            }
        });
    }
    let restyle = Restyle { view: view.clone(), latest: latest.clone(), chosen: chosen.clone() };
    // Kept while the graph and its collapsed blocks are, so that panning and zooming never
    // redraw the blocks.
    let on_toggle = use_callback(
        (props.cfg.clone(), collapsed.clone(), lay.clone()),
        move |i: usize, (cfg, collapsed, lay)| {
            let mut next = (**collapsed).clone();
            next.resize(cfg.blocks.len(), false);
            if let Some(c) = next.get_mut(i) {
                *c = !*c;
            }
            restyle.apply(cfg, lay, next, Some(i));
        },
    );
    let all = |to: bool| {
        let restyle =
            Restyle { view: view.clone(), latest: latest.clone(), chosen: chosen.clone() };
        let (cfg, lay) = (props.cfg.clone(), lay.clone());
        let anchor = props.selected;
        Callback::from(move |_| {
            let next = cfg.blocks.iter().map(|b| to && b.lines.len() > 1).collect();
            restyle.apply(&cfg, &lay, next, anchor);
        })
    };
    let onkeydown = {
        let goto_input = goto_input.clone();
        Callback::from(move |e: KeyboardEvent| {
            let typing = e
                .target_dyn_into::<web_sys::Element>()
                .is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "TEXTAREA"));
            if e.key() == "g" && !typing && !e.ctrl_key() && !e.meta_key() && !e.alt_key() {
                if let Some(input) = goto_input.cast::<web_sys::HtmlElement>() {
                    e.prevent_default();
                    let _ = input.focus();
                }
            }
        })
    };

    let (zoom_in, zoom_out) = (zoom(cfgnav::NOTCH), zoom(1.0 / cfgnav::NOTCH));
    let v = *view;
    let (w, h) = pane_size(&container);
    let viewport = (-v.x / v.scale, -v.y / v.scale, w / v.scale, h / v.scale);
    let transform = format!("translate({:.1} {:.1}) scale({:.6})", v.x, v.y, v.scale);
    let selected = props.selected.or(*flash);
    let any_collapsed = collapsed.iter().any(|&c| c);
    html! {
        <div class="cfg-pane" ref={container} {onkeydown} data-scale={format!("{:.6}", v.scale)}
            data-graph-width={format!("{:.1}", lay.width)} data-graph-height={format!("{:.1}", lay.height)}
            data-layout-ms={format!("{:.2}", props.cfg.layout_ms)}>
            <div class="cfg-controls" role="toolbar" aria-label="graph view">
                <GotoBlock labels={(*labels).clone()} input={goto_input} {on_go} />
                <button class="btn" title="zoom in" aria-label="zoom in" onclick={zoom_in}>{"+"}</button>
                <button class="btn" title="zoom out" aria-label="zoom out" onclick={zoom_out}>{"−"}</button>
                <button class="btn cfg-fit" title="fit the whole graph to the pane" onclick={onfit}>{"Fit"}</button>
                <button class="btn cfg-fit-width" title="fit the graph's width to the pane" onclick={onfitwidth}>{"Width"}</button>
                if any_collapsed {
                    <button class="btn cfg-expand-all" title="expand every block" onclick={all(false)}>{"Expand all"}</button>
                } else {
                    <button class="btn cfg-collapse-all" title="collapse every block to its label and terminator" onclick={all(true)}>{"Collapse all"}</button>
                }
            </div>
            <svg class="cfg-svg" xmlns="http://www.w3.org/2000/svg" role="img"
                aria-label={format!("control-flow graph of @{}", props.cfg.function)}
                {onwheel} {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()}
                onpointercancel={onpointerup.clone()} onpointerleave={onpointerup}>
                { markers() }
                <g transform={transform}>
                    <GraphBody cfg={props.cfg.clone()} layout={lay.clone()} collapsed={collapsed.clone()} dom_tree={props.dom_tree} {selected}
                        flash={*flash} poison={props.poison.clone()} on_block={props.on_block.clone()} {on_toggle} />
                </g>
            </svg>
            if props.cfg.blocks.len() > MINIMAP_BLOCKS {
                <Minimap layout={lay} {selected} {viewport} {on_centre} />
            }
            { legend(props.dom_tree) }
        </div>
    }
}

/// Graphs of more blocks than this get a minimap.
const MINIMAP_BLOCKS: usize = 8;

/// Properties of [`GraphBody`].
#[derive(Properties, PartialEq)]
struct BodyProps {
    cfg: Shared,
    layout: ByPtr<Layout>,
    collapsed: ByPtr<Vec<bool>>,
    dom_tree: bool,
    selected: Option<usize>,
    /// The block "go to block" went to last.
    flash: Option<usize>,
    poison: Rc<HashMap<u32, &'static str>>,
    on_block: Callback<usize>,
    on_toggle: Callback<usize>,
}

/// The blocks and edges: a component of their own, so panning and zooming (which only move
/// the enclosing group) never re-render them.
#[function_component(GraphBody)]
fn graph_body(props: &BodyProps) -> Html {
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

/// The dominator tree's edges over the CFG, from the bottom of each immediate dominator to the
/// top of the block it dominates, dashed (drawn last, and transparent to the pointer).
fn dom_edges(props: &BodyProps) -> Html {
    if !props.dom_tree {
        return html! {};
    }
    let nodes = &props.layout.nodes;
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

fn edges(props: &BodyProps) -> Html {
    // Paths first, then labels on top; no wrapper or tooltip elements, to keep the DOM of a
    // large function small (the block titles and the legend say what the colours mean).
    let lay = &props.layout;
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

fn blocks(props: &BodyProps) -> Html {
    let lay = &props.layout;
    html! { <>{ for props.cfg.blocks.iter().zip(lay.nodes.iter()).enumerate().map(|(i, (b, r)): (usize, (_, &Rect))| {
        let on_block = props.on_block.clone();
        let onclick = Callback::from(move |_| on_block.emit(i));
        let on_block = props.on_block.clone();
        let onkeydown = Callback::from(move |e: KeyboardEvent| if e.key() == "Enter" || e.key() == " " { e.prevent_default(); on_block.emit(i) });
        let depth = b.loop_depth.min(3);
        let collapsed = props.collapsed.get(i) == Some(&true) && b.lines.len() > 1;
        let mut class = classes!("cfg-block");
        if depth > 0 { class.push(format!("cfg-loop-depth-{depth}")); }
        if b.loop_header { class.push("cfg-loop-header"); }
        if b.unreachable { class.push("cfg-unreachable"); }
        if props.selected == Some(i) { class.push("cfg-selected"); }
        if props.flash == Some(i) { class.push("cfg-goto-target"); }
        if collapsed { class.push("cfg-collapsed"); }
        // `cfg-current` marks the stepper's instruction, not poison.
        let current = b.lines.iter().any(|l| props.poison.get(&l.from) == Some(&"cfg-current"));
        if current { class.push("cfg-block-current"); }
        let poisoned = b.lines.iter().any(|l| props.poison.get(&l.from).is_some_and(|c| *c != "cfg-current"));
        if poisoned { class.push("cfg-block-poison"); }
        let title = format!("{}{}{}", b.label, if b.loop_header { " (loop header)" } else { "" }, if b.unreachable { " (unreachable)" } else { "" });
        // A collapsed block shows its terminator only (the last line).
        let lines = if collapsed { b.lines.get(b.lines.len().saturating_sub(1)..).unwrap_or(&[]) } else { &b.lines[..] };
        html! {
            <g class={class} data-block={i.to_string()} transform={format!("translate({:.1} {:.1})", r.x, r.y)} tabindex="0" role="button"
               aria-label={format!("block {}", b.label)} {onclick} {onkeydown}>
                <rect class="cfg-block-rect" width={format!("{:.1}", r.width)} height={format!("{:.1}", r.height)} rx="4" />
                <text class="cfg-block-title" x="8" y="20">{ title }</text>
                if b.lines.len() > 1 { { toggle(props, i, b, r.width, collapsed) } }
                <foreignObject x="8" y="24" width={format!("{:.1}", (r.width - 8.0).max(0.0))} height={format!("{:.1}", (r.height - 24.0).max(0.0))}>
                    { code(lines, &props.poison) }
                </foreignObject>
            </g>
        }
    }) }</> }
}

/// The collapse/expand button on a block's title line.
fn toggle(
    props: &BodyProps,
    i: usize,
    b: &crate::protocol::BlockView,
    width: f64,
    collapsed: bool,
) -> Html {
    let on_toggle = props.on_toggle.clone();
    let onclick = Callback::from(move |e: MouseEvent| {
        e.stop_propagation();
        on_toggle.emit(i);
    });
    let on_toggle = props.on_toggle.clone();
    let onkeydown = Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Enter" || e.key() == " " {
            e.prevent_default();
            e.stop_propagation();
            on_toggle.emit(i);
        }
    });
    let what = if collapsed {
        format!("expand {} ({} instructions)", b.label, b.insts)
    } else {
        format!("collapse {} to its label and terminator", b.label)
    };
    html! {
        <g class="cfg-toggle" transform={format!("translate({:.1} 6)", width - 22.0)} role="button" tabindex="0"
           aria-label={what.clone()} aria-expanded={(!collapsed).to_string()} {onclick} {onkeydown}>
            <title>{ what }</title>
            <rect width="16" height="16" rx="3" />
            <text x="8" y="12" text-anchor="middle">{ if collapsed { "+" } else { "−" } }</text>
        </g>
    }
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
