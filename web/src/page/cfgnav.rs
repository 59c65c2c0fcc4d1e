//! Finding one's way in a big CFG: the view's geometry (fit, fit to width, centring on a block,
//! zoom by wheel notches), "go to block" with completion, and the minimap.

use crate::protocol::{Layout, Rect};
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use yew::prelude::*;

/// Pan and zoom: the graph point (0, 0) is drawn at (`x`, `y`) of the pane, `scale` pixels a unit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    pub x: f64,
    pub y: f64,
    pub scale: f64,
}

/// Space kept around the graph.
pub const MARGIN: f64 = 20.0;
/// The smallest and largest scales.
pub const MIN_SCALE: f64 = 0.02;
pub const MAX_SCALE: f64 = 4.0;
/// The smallest scale at which the blocks' 12px text stays readable: a new graph is never
/// first shown smaller, and "go to block" zooms in to at least this.
pub const READABLE: f64 = 0.6;
/// The zoom of one wheel notch: three notches double the scale.
pub const NOTCH: f64 = 1.259_921_049_894_873_2;

/// An `Rc` compared by identity, for properties that are large and replaced, never mutated.
pub struct ByPtr<T>(pub Rc<T>);

impl<T> Clone for ByPtr<T> {
    fn clone(&self) -> Self {
        ByPtr(self.0.clone())
    }
}

impl<T> PartialEq for ByPtr<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> std::ops::Deref for ByPtr<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

fn finite_or(v: f64, or: f64) -> f64 {
    if v.is_finite() {
        v
    } else {
        or
    }
}

/// The whole graph in a `w` × `h` pane, centred horizontally, never enlarged.
pub fn fit(w: f64, h: f64, lay: &Layout) -> View {
    let (gw, gh) = (lay.width.max(1.0) + 2.0 * MARGIN, lay.height.max(1.0) + 2.0 * MARGIN);
    let scale = finite_or((w / gw).min(h / gh), 1.0).clamp(MIN_SCALE, 1.0);
    View { x: ((w - lay.width * scale) / 2.0).max(MARGIN * scale), y: MARGIN * scale, scale }
}

/// The graph's width across the pane (up to twice the natural size), keeping the graph point
/// at the middle of the pane's height where it is.
pub fn fit_width(w: f64, h: f64, lay: &Layout, v: View) -> View {
    let scale = finite_or((w - 2.0 * MARGIN) / lay.width.max(1.0), 1.0).clamp(MIN_SCALE, 2.0);
    let gy = (h / 2.0 - v.y) / v.scale;
    View { x: (w - lay.width * scale) / 2.0, y: finite_or(h / 2.0 - gy * scale, MARGIN), scale }
}

/// The first view of a graph: all of it if that is readable, else its width if that is
/// readable, else the readable scale; from the top, with the entry block in the middle.
pub fn initial(w: f64, h: f64, lay: &Layout) -> View {
    let all = fit(w, h, lay);
    if all.scale >= READABLE {
        return all;
    }
    let by_width = finite_or((w - 2.0 * MARGIN) / lay.width.max(1.0), 1.0);
    let scale = by_width.clamp(READABLE, 1.0);
    let entry_x = lay.nodes.first().map_or(lay.width / 2.0, |r| r.x + r.width / 2.0);
    View { x: w / 2.0 - entry_x * scale, y: MARGIN, scale }
}

/// The view with block `r` in the middle of the pane, at the current scale or at least
/// [`READABLE`].
pub fn centre_on(w: f64, h: f64, r: &Rect, v: View) -> View {
    let scale = v.scale.max(READABLE);
    centre_at(w, h, (r.x + r.width / 2.0, r.y + r.height / 2.0), View { scale, ..v })
}

/// The view that shows block `r` when part of it is out of the pane (its centre moved to the
/// middle, at the same scale); `None` when all of it is in view already.
pub fn reveal(w: f64, h: f64, r: &Rect, v: View) -> Option<View> {
    let (left, top) = (v.x + r.x * v.scale, v.y + r.y * v.scale);
    let (right, bottom) = (left + r.width * v.scale, top + r.height * v.scale);
    let inside = left >= 0.0 && top >= 0.0 && right <= w && bottom <= h;
    (!inside).then(|| centre_at(w, h, (r.x + r.width / 2.0, r.y + r.height / 2.0), v))
}

/// The view with graph point `p` in the middle of the pane.
pub fn centre_at(w: f64, h: f64, p: (f64, f64), v: View) -> View {
    View { x: w / 2.0 - p.0 * v.scale, y: h / 2.0 - p.1 * v.scale, scale: v.scale }
}

/// Zooms by `factor` keeping the pane point `at` over the same graph point.
pub fn zoom_at(v: View, factor: f64, at: (f64, f64)) -> View {
    let scale = (v.scale * finite_or(factor, 1.0)).clamp(MIN_SCALE, MAX_SCALE);
    let k = scale / v.scale;
    View { x: at.0 - (at.0 - v.x) * k, y: at.1 - (at.1 - v.y) * k, scale }
}

/// The zoom factor of a wheel event: [`NOTCH`] a notch (100 pixels, or 3 lines, of `delta_y`),
/// larger for a page; a pinch (ctrl with pixel deltas, as browsers report it) follows
/// `exp(-delta_y / 100)`, at most a notch an event.
pub fn wheel_factor(delta_y: f64, delta_mode: u32, ctrl: bool) -> f64 {
    if !delta_y.is_finite() || delta_y == 0.0 {
        return 1.0;
    }
    if ctrl && delta_mode == 0 {
        return (-delta_y / 100.0).exp().clamp(1.0 / NOTCH, NOTCH);
    }
    let notches = match delta_mode {
        0 => delta_y / 100.0,
        1 => delta_y / 3.0,
        _ => delta_y * 3.0,
    };
    NOTCH.powf(-notches.clamp(-6.0, 6.0))
}

/// The blocks whose label contains `query` (case-insensitive, a leading `%` optional), those
/// starting with it first, then by position; at most `limit`.
pub fn matches<'a>(labels: impl Iterator<Item = &'a str>, query: &str, limit: usize) -> Vec<usize> {
    let q = query.trim().trim_start_matches('%').to_lowercase();
    if q.is_empty() {
        return Vec::new();
    }
    let mut found: Vec<(u8, usize)> = labels
        .enumerate()
        .filter_map(|(i, l)| {
            let name = l.trim_start_matches('%').to_lowercase();
            let rank = if name == q {
                0
            } else if name.starts_with(&q) {
                1
            } else if name.contains(&q) {
                2
            } else {
                return None;
            };
            Some((rank, i))
        })
        .collect();
    found.sort_unstable();
    found.into_iter().take(limit).map(|(_, i)| i).collect()
}

/// Properties of [`GotoBlock`].
#[derive(Properties, PartialEq)]
pub struct GotoProps {
    /// The block labels, in block order.
    pub labels: ByPtr<Vec<String>>,
    /// The input, for the pane's key to focus it.
    pub input: NodeRef,
    /// A block was chosen.
    pub on_go: Callback<usize>,
}

/// A numbering of the go-to boxes, so that each has ids of its own.
static NEXT_ID: AtomicUsize = AtomicUsize::new(0);

/// An input that completes block names: typing lists the matches, arrows move in the list,
/// Enter (or a click) goes to the chosen block (the first match if none is chosen).
#[function_component(GotoBlock)]
pub fn goto_block(props: &GotoProps) -> Html {
    let query = use_state(String::new);
    let active = use_state(|| 0usize);
    let open = use_state(|| false);
    let id = use_memo((), |_| NEXT_ID.fetch_add(1, Ordering::Relaxed));
    let list_id = format!("cfg-goto-list-{id}");
    let found = matches(props.labels.iter().map(String::as_str), &query, 12);
    let go = {
        let (query, open, on_go) = (query.clone(), open.clone(), props.on_go.clone());
        Callback::from(move |i: usize| {
            query.set(String::new());
            open.set(false);
            on_go.emit(i);
        })
    };
    let oninput = {
        let (query, active, open) = (query.clone(), active.clone(), open.clone());
        Callback::from(move |e: InputEvent| {
            if let Some(el) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                query.set(el.value());
                active.set(0);
                open.set(true);
            }
        })
    };
    let onkeydown = {
        let (active, open, query, go) = (active.clone(), open.clone(), query.clone(), go.clone());
        let found = found.clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "ArrowDown" | "ArrowUp" if !found.is_empty() => {
                e.prevent_default();
                let n = found.len();
                let next = if e.key() == "ArrowDown" { *active + 1 } else { *active + n - 1 };
                active.set(next % n);
                open.set(true);
            }
            "Enter" => {
                e.prevent_default();
                if let Some(&i) = found.get(*active).or(found.first()) {
                    go.emit(i);
                }
            }
            "Escape" => {
                open.set(false);
                query.set(String::new());
            }
            _ => {}
        })
    };
    let onblur = {
        let open = open.clone();
        Callback::from(move |_: FocusEvent| open.set(false))
    };
    let shown = *open && !found.is_empty();
    let option_id = |k: usize| format!("cfg-goto-{id}-{k}");
    let active_id = if shown { Some(option_id(*active)) } else { None };
    html! {
        <div class="cfg-goto">
            <input ref={props.input.clone()} class="cfg-goto-input" type="text" role="combobox"
                placeholder="go to block" title="go to a block by name (key: g)" aria-label="go to block"
                aria-keyshortcuts="g" aria-autocomplete="list" aria-expanded={shown.to_string()}
                aria-controls={list_id.clone()} aria-activedescendant={active_id}
                autocomplete="off" spellcheck="false" value={(*query).clone()} {oninput} {onkeydown} {onblur} />
            if shown {
                <ul id={list_id} class="cfg-goto-list" role="listbox" aria-label="blocks">
                    { for found.iter().enumerate().map(|(k, &i)| {
                        let go = go.clone();
                        // On mouse down, before the input loses focus and closes the list.
                        let onmousedown = Callback::from(move |e: MouseEvent| { e.prevent_default(); go.emit(i) });
                        let label = props.labels.get(i).cloned().unwrap_or_default();
                        html! {
                            <li id={option_id(k)} role="option" class={classes!("cfg-goto-option", (k == *active).then_some("cfg-goto-active"))}
                                aria-selected={(k == *active).to_string()} data-block={i.to_string()} {onmousedown}>{ label }</li>
                        }
                    }) }
                </ul>
            }
        </div>
    }
}

/// The largest size of the minimap, in pixels.
const MINI_W: f64 = 200.0;
const MINI_H: f64 = 240.0;
/// The smallest width and height of the minimap: a tall, narrow graph is drawn in the middle
/// of a box at least this wide (and a wide one in a box at least this tall), to be clickable.
const MINI_MIN: f64 = 48.0;

/// Properties of [`Minimap`].
#[derive(Properties, PartialEq)]
pub struct MinimapProps {
    pub layout: ByPtr<Layout>,
    pub selected: Option<usize>,
    /// The part of the graph in view (x, y, width, height in graph units).
    pub viewport: (f64, f64, f64, f64),
    /// A point of the graph to bring to the middle of the pane.
    pub on_centre: Callback<(f64, f64)>,
}

/// The whole graph small, with the part in view outlined; a click or a drag moves the view.
#[function_component(Minimap)]
pub fn minimap(props: &MinimapProps) -> Html {
    let lay = &props.layout;
    let (gw, gh) = (lay.width.max(1.0) + 2.0 * MARGIN, lay.height.max(1.0) + 2.0 * MARGIN);
    let k = (MINI_W / gw).min(MINI_H / gh);
    let (vw, vh) = (gw.max(MINI_MIN / k), gh.max(MINI_MIN / k));
    let (vx, vy) = (-MARGIN - (vw - gw) / 2.0, -MARGIN - (vh - gh) / 2.0);
    let (pw, ph) = (vw * k, vh * k);
    let svg = use_node_ref();
    // Events are delegated to the app's root, so positions are taken against the minimap's
    // own box (not the event's current target).
    let to_graph = {
        let svg = svg.clone();
        move |e: &PointerEvent| {
            let r = svg.cast::<web_sys::Element>()?.get_bounding_client_rect();
            if r.width() <= 0.0 || r.height() <= 0.0 {
                return None;
            }
            let gx = vx + (e.client_x() as f64 - r.left()) / r.width() * vw;
            let gy = vy + (e.client_y() as f64 - r.top()) / r.height() * vh;
            Some((gx, gy))
        }
    };
    let onpointerdown = {
        let (on_centre, svg, to_graph) = (props.on_centre.clone(), svg.clone(), to_graph.clone());
        Callback::from(move |e: PointerEvent| {
            e.stop_propagation();
            if let Some(el) = svg.cast::<web_sys::Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            if let Some(p) = to_graph(&e) {
                on_centre.emit(p);
            }
        })
    };
    let onpointermove = {
        let on_centre = props.on_centre.clone();
        Callback::from(move |e: PointerEvent| {
            if e.buttons() & 1 == 1 {
                if let Some(p) = to_graph(&e) {
                    on_centre.emit(p);
                }
            }
        })
    };
    let (x, y, w, h) = props.viewport;
    html! {
        <svg ref={svg} class="cfg-minimap" xmlns="http://www.w3.org/2000/svg" width={format!("{pw:.0}")} height={format!("{ph:.0}")}
            viewBox={format!("{vx:.1} {vy:.1} {vw:.1} {vh:.1}")} role="img" aria-label="minimap: click or drag to move the view"
            {onpointerdown} {onpointermove}>
            <MiniBlocks layout={props.layout.clone()} selected={props.selected} />
            <rect class="cfg-minimap-view" x={format!("{x:.1}")} y={format!("{y:.1}")} width={format!("{:.1}", w.max(0.0))}
                height={format!("{:.1}", h.max(0.0))} vector-effect="non-scaling-stroke" />
        </svg>
    }
}

#[derive(Properties, PartialEq)]
struct MiniBlocksProps {
    layout: ByPtr<Layout>,
    selected: Option<usize>,
}

/// The minimap's boxes (a component of their own, so moving the view never redraws them).
#[function_component(MiniBlocks)]
fn mini_blocks(props: &MiniBlocksProps) -> Html {
    html! { <g>{ for props.layout.nodes.iter().enumerate().map(|(i, r)| {
        let class = classes!("cfg-minimap-block", (props.selected == Some(i)).then_some("cfg-minimap-selected"));
        html! { <rect {class} x={format!("{:.0}", r.x)} y={format!("{:.0}", r.y)} width={format!("{:.0}", r.width)} height={format!("{:.0}", r.height)} /> }
    }) }</g> }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lay(w: f64, h: f64, entry: Rect) -> Layout {
        Layout { nodes: vec![entry], edges: Vec::new(), width: w, height: h }
    }

    fn rect(x: f64, y: f64, width: f64, height: f64) -> Rect {
        Rect { x, y, width, height }
    }

    #[test]
    fn three_notches_double_the_scale() {
        let f = wheel_factor(-100.0, 0, false);
        assert!((f.powi(3) - 2.0).abs() < 1e-9, "{f}");
        assert!((wheel_factor(100.0, 0, false) * f - 1.0).abs() < 1e-12);
        // Line mode: 3 lines a notch.
        assert!((wheel_factor(-3.0, 1, false) - f).abs() < 1e-12);
        // A pinch step of 10 pixels: exp(0.1); a big one is held to a notch.
        assert!((wheel_factor(-10.0, 0, true) - 0.1f64.exp()).abs() < 1e-12);
        assert!((wheel_factor(-400.0, 0, true) - NOTCH).abs() < 1e-12);
        assert_eq!(wheel_factor(f64::NAN, 0, false), 1.0);
        assert_eq!(wheel_factor(0.0, 0, false), 1.0);
    }

    #[test]
    fn zooming_keeps_the_point_under_the_pointer() {
        let v = View { x: 30.0, y: -200.0, scale: 0.5 };
        let at = (400.0, 300.0);
        let g = ((at.0 - v.x) / v.scale, (at.1 - v.y) / v.scale);
        let z = zoom_at(v, NOTCH, at);
        assert!((z.scale - 0.5 * NOTCH).abs() < 1e-12);
        assert!(
            (z.x + g.0 * z.scale - at.0).abs() < 1e-9 && (z.y + g.1 * z.scale - at.1).abs() < 1e-9
        );
        assert_eq!(zoom_at(v, 1e9, at).scale, MAX_SCALE);
        assert_eq!(zoom_at(v, 0.0, at).scale, MIN_SCALE);
    }

    #[test]
    fn a_tall_graph_starts_readable_with_the_entry_in_the_middle() {
        let l = lay(600.0, 20_000.0, rect(250.0, 0.0, 100.0, 40.0));
        let v = initial(800.0, 600.0, &l);
        assert_eq!(v.scale, 1.0);
        assert_eq!((v.x + 300.0 * v.scale, v.y), (400.0, MARGIN));
        // Fit shows it all, unreadably small; fit to width fills the width.
        let f = fit(800.0, 600.0, &l);
        assert!(f.scale < 0.05 && f.y + l.height * f.scale <= 600.0, "{f:?}");
        let fw = fit_width(800.0, 600.0, &l, f);
        assert!((fw.scale * 600.0 - 760.0).abs() < 1e-9 && (fw.x - MARGIN).abs() < 1e-9, "{fw:?}");
        // A small graph is fitted whole.
        let small = lay(300.0, 200.0, rect(100.0, 0.0, 100.0, 40.0));
        assert_eq!(initial(800.0, 600.0, &small), fit(800.0, 600.0, &small));
    }

    #[test]
    fn centring_on_a_block_puts_it_mid_pane_at_a_readable_scale() {
        let r = rect(1000.0, 5000.0, 200.0, 100.0);
        let v = centre_on(800.0, 600.0, &r, View { x: 0.0, y: 0.0, scale: 0.1 });
        assert_eq!(v.scale, READABLE);
        assert!((v.x + 1100.0 * v.scale - 400.0).abs() < 1e-9);
        assert!((v.y + 5050.0 * v.scale - 300.0).abs() < 1e-9);
    }

    #[test]
    fn a_block_out_of_the_pane_is_brought_into_it_at_the_same_scale() {
        let v = View { x: 0.0, y: 0.0, scale: 0.5 };
        assert_eq!(reveal(400.0, 300.0, &rect(100.0, 100.0, 200.0, 100.0), v), None);
        let below = reveal(400.0, 300.0, &rect(100.0, 900.0, 200.0, 100.0), v).expect("moved");
        assert_eq!(below, View { x: 200.0 - 200.0 * 0.5, y: 150.0 - 950.0 * 0.5, scale: 0.5 });
        // Half out to the left is out.
        assert!(reveal(400.0, 300.0, &rect(-50.0, 0.0, 200.0, 100.0), v).is_some());
    }

    #[test]
    fn block_names_complete_by_prefix_then_by_substring() {
        let labels = ["%entry", "%bb1", "%bb10", "%loop.bb1", "%bb11", "%exit"];
        let m = |q: &str| matches(labels.iter().copied(), q, 12);
        assert_eq!(m("bb1"), vec![1, 2, 4, 3]);
        assert_eq!(m("%BB1"), vec![1, 2, 4, 3]);
        assert_eq!(m("x"), vec![5]);
        assert_eq!(m("  "), Vec::<usize>::new());
        assert_eq!(matches(labels.iter().copied(), "b", 2), vec![1, 2]);
    }
}
