//! Layered (Sugiyama-style) graph layout for control-flow graphs.
//!
//! [`layout`] takes node sizes and edges and returns node rectangles and edge polylines, ready
//! to be drawn as SVG (the polylines are meant to be drawn as smooth curves through their
//! points). The pipeline:
//!
//! 1. cycle removal (`acyclic`): a DFS from the entry (then from every unvisited node in
//!    index order) flags back edges, which are reversed for layering; self loops are set aside;
//! 2. layer assignment (`acyclic`): longest path from the entry, entry on top; nodes not
//!    reachable from the entry are pulled down next to their successors;
//! 3. dummy nodes (`order`) for edges spanning several layers; a back edge becomes a chain of
//!    dummies running upward beside its source and its target;
//! 4. crossing reduction (`order`): barycenter sweeps plus adjacent transpositions, keeping the
//!    ordering with the fewest crossings;
//! 5. coordinates (`position`): edge ports fanned out along each node's bottom and top (wide
//!    enough apart for their labels), then x by alternating downward and upward passes that
//!    place each layer against the one before by weighted least squares under the no-overlap
//!    constraints (an exact isotonic regression), so single edges come out vertical; y from the
//!    tallest node of each layer;
//! 6. routing (`route`): polylines through the dummy positions, back edges up the side of the
//!    nodes, self loops on the node's right side, and label positions near the source end.
//!
//! All input is sanitized: edges with out-of-range endpoints are ignored (their [`EdgePath`] has
//! no points), an out-of-range entry falls back to node 0, and non-finite or negative sizes count
//! as 0. The result is deterministic and never panics.

mod acyclic;
mod order;
mod position;
mod route;
#[cfg(test)]
mod tests;

/// The graph to lay out.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default)]
pub struct Graph {
    /// The size of each node; nodes are identified by their index here.
    pub nodes: Vec<NodeSize>,
    /// The edges, by node index; edges with an endpoint out of range are ignored.
    pub edges: Vec<Edge>,
    /// The entry node, placed in the top layer (node 0 if out of range).
    pub entry: usize,
}

/// The size of a node's box, in pixels.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq)]
pub struct NodeSize {
    pub width: f64,
    pub height: f64,
}

/// A directed edge between two nodes.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq)]
pub struct Edge {
    pub from: usize,
    pub to: usize,
    /// The width of the edge's label in pixels; 0 means no label.
    pub label_width: f64,
}

/// The computed layout. Every coordinate is finite and non-negative, and everything (boxes,
/// edges, labels) fits in `0..width` × `0..height`.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq)]
pub struct Layout {
    /// One rectangle per node, in the order of [`Graph::nodes`].
    pub nodes: Vec<Rect>,
    /// One path per edge, in the order of [`Graph::edges`].
    pub edges: Vec<EdgePath>,
    pub width: f64,
    pub height: f64,
}

/// A node's box; `x`, `y` is the top-left corner.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

/// How to draw one edge.
#[derive(serde::Serialize, serde::Deserialize, Clone, Debug, Default, PartialEq)]
pub struct EdgePath {
    /// The polyline from the source to the target (arrowhead at the last point). Forward edges
    /// leave the bottom of the source and enter the top of the target; back edges leave the
    /// bottom of the source, run up beside the nodes and enter the top of the target; self loops
    /// leave and re-enter the node's right side. Empty for an ignored edge.
    pub points: Vec<(f64, f64)>,
    /// The edge is drawn upward: a DFS back edge (a loop edge, including self loops) or an edge
    /// into the entry node.
    pub back: bool,
    /// The centre of the edge's label (assumed [`LABEL_HEIGHT`] tall and `label_width` wide),
    /// near the source end. The label sits on the edge, so draw it with a background.
    pub label_pos: (f64, f64),
}

/// The height assumed for edge labels.
pub const LABEL_HEIGHT: f64 = 16.0;

/// Horizontal gap between two node boxes in a layer.
const GAP_X: f64 = 40.0;
/// Horizontal gap between a node and an edge passing beside it.
const GAP_NODE_EDGE: f64 = 20.0;
/// Horizontal gap between two edges passing through a layer.
const GAP_EDGE_EDGE: f64 = 12.0;
/// Minimum vertical gap between layers.
const GAP_Y: f64 = 60.0;
/// Vertical room kept free for the edges' diagonal runs when labels or back-edge hops take
/// part of the gap between two layers.
const GAP_Y_FREE: f64 = 40.0;
/// Maximum distance between neighbouring ports on a node's bottom or top.
const PORT_SPACING: f64 = 36.0;
/// Space between a node's bottom and its first row of labels, and between labels.
const LABEL_PAD: f64 = 4.0;
/// How far below its source a back edge turns sideways (below the labels), and above its target.
const BACK_DROP: f64 = 14.0;
const BACK_RISE: f64 = 14.0;
/// Extra distance between the sideways runs of several back edges of one node.
const BACK_STEP: f64 = 8.0;
/// How far a self loop reaches to the right of its node, and the extra for each further loop.
const SELF_LOOP_REACH: f64 = 24.0;
const SELF_LOOP_STEP: f64 = 12.0;

/// Lays out `g`; see the module documentation.
pub fn layout(g: &Graph) -> Layout {
    layout_with_stats(g).0
}

/// Statistics of a layout run, for tests.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stats {
    /// The layer of each node (0 = top).
    #[allow(dead_code)]
    pub layer: Vec<usize>,
    /// Crossings between layer-to-layer segments in the chosen ordering.
    #[allow(dead_code)]
    pub crossings: usize,
}

/// Cleaned-up input: finite non-negative sizes, edges with endpoints in range.
pub(crate) struct Input {
    pub sizes: Vec<NodeSize>,
    /// `None` for an ignored edge; otherwise (from, to, label width).
    pub edges: Vec<Option<(usize, usize, f64)>>,
    pub entry: usize,
}

/// Clamps a size to a finite, non-negative, not absurdly large value.
fn clean(v: f64) -> f64 {
    if v.is_finite() && v > 0.0 {
        v.min(1.0e6)
    } else {
        0.0
    }
}

pub(crate) fn layout_with_stats(g: &Graph) -> (Layout, Stats) {
    let n = g.nodes.len();
    let input = Input {
        sizes: g
            .nodes
            .iter()
            .map(|s| NodeSize { width: clean(s.width), height: clean(s.height) })
            .collect(),
        edges: g
            .edges
            .iter()
            .map(|e| (e.from < n && e.to < n).then(|| (e.from, e.to, clean(e.label_width))))
            .collect(),
        entry: if g.entry < n { g.entry } else { 0 },
    };
    if n == 0 {
        let layout = Layout {
            nodes: Vec::new(),
            edges: vec![EdgePath::default(); g.edges.len()],
            width: 0.0,
            height: 0.0,
        };
        return (layout, Stats::default());
    }
    let kinds = acyclic::classify(n, input.entry, &input.edges);
    let layer = acyclic::assign_layers(n, input.entry, &input.edges, &kinds);
    let layered = order::build(&input, &kinds, &layer);
    let (ordering, crossings) = order::minimize(&layered, input.entry);
    let geometry = position::place(&input, &kinds, &layered, &ordering);
    let layout = route::route(&input, &kinds, &layered, &geometry);
    (layout, Stats { layer, crossings })
}
