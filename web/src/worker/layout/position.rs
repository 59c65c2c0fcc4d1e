//! Coordinates: edge ports along each node's bottom and top, label rows, x by alternating
//! downward and upward passes of per-layer weighted least squares under the no-overlap
//! constraints, and layer y positions.

use super::acyclic::EdgeKind;
use super::order::{Chain, Layered};
use super::*;

/// Everything routing needs besides the layered graph.
pub(crate) struct Geometry {
    /// The centre x of every item (real nodes and dummies).
    pub x: Vec<f64>,
    /// Top and bottom y of every layer (nodes are aligned to the top of their layer).
    pub layer_top: Vec<f64>,
    pub layer_bottom: Vec<f64>,
    /// Per edge: the port's x offset from the source's centre (bottom side) and from the
    /// target's centre (top side).
    pub src_port: Vec<f64>,
    pub dst_port: Vec<f64>,
    /// Per back edge: the nesting rank of its sideways run below the source and above the
    /// target (0 = innermost, closest to the node).
    pub drop_rank: Vec<usize>,
    pub rise_rank: Vec<usize>,
    /// Per edge leaving a node's bottom: the row of its label (0 = just below the node).
    pub label_row: Vec<usize>,
    /// Per node: the vertical space its label rows take below it (0 without labels).
    pub label_depth: Vec<f64>,
    /// Per self loop: its rank among the node's self loops (0 = innermost), and the count.
    pub self_rank: Vec<usize>,
    pub self_count: Vec<usize>,
}

/// Horizontal space between two labels in the same row.
const LABEL_GAP_X: f64 = 6.0;
/// Weight pulling an attached dummy towards its owner.
const ATTACH_WEIGHT: f64 = 0.08;
/// Weight of the links along a back edge's dummies.
const BACK_WEIGHT: f64 = 0.02;
/// Rounds of upward-then-downward passes of the x solver (after a first downward pass).
const PASSES: usize = 3;

/// Port offsets (from the centre) along a side of width `width` for ends whose labels have
/// the given widths (0 = no label; pass zeros for a node's top): neighbouring ports are
/// `PORT_SPACING` apart, or far enough for their labels to sit side by side, all scaled down
/// to fit within the side; the whole row is centred.
fn port_offsets(labels: &[f64], width: f64, out: &mut Vec<f64>) {
    out.clear();
    let wanted = |pair: &[f64]| PORT_SPACING.max((pair[0] + pair[1]) / 2.0 + LABEL_GAP_X);
    let total: f64 = labels.windows(2).map(wanted).sum();
    let margin = (width / 4.0).min(8.0);
    let room = (width - 2.0 * margin).max(0.0);
    let scale = if total > room { room / total } else { 1.0 };
    let mut at = -total * scale / 2.0;
    out.push(at);
    for pair in labels.windows(2) {
        at += wanted(pair) * scale;
        out.push(at);
    }
    out.truncate(labels.len());
}

/// The reach of the `rank`-th self loop to the right of its node.
pub(crate) fn self_loop_reach(rank: usize) -> f64 {
    SELF_LOOP_REACH + rank as f64 * SELF_LOOP_STEP
}

/// One end of an edge at a node side, for sorting into ports.
struct PortEnd {
    /// 0 = back edge on the left, 1 = forward edge, 2 = back edge on the right.
    group: u8,
    key: isize,
    edge: usize,
}

pub(crate) fn place(
    input: &Input,
    kinds: &[EdgeKind],
    g: &Layered,
    layers: &[Vec<usize>],
) -> Geometry {
    let n = input.sizes.len();
    let m = input.edges.len();
    let mut pos = vec![0usize; g.items.len()];
    for layer in layers {
        for (i, &v) in layer.iter().enumerate() {
            pos[v] = i;
        }
    }
    let mut geo = Geometry {
        x: vec![0.0; g.items.len()],
        layer_top: vec![0.0; g.layers],
        layer_bottom: vec![0.0; g.layers],
        src_port: vec![0.0; m],
        dst_port: vec![0.0; m],
        drop_rank: vec![0; m],
        rise_rank: vec![0; m],
        label_row: vec![0; m],
        label_depth: vec![0.0; n],
        self_rank: vec![0; m],
        self_count: vec![0; n],
    };

    // Ports: collect the ends at every node's bottom and top.
    let mut bottom: Vec<Vec<PortEnd>> = (0..n).map(|_| Vec::new()).collect();
    let mut top: Vec<Vec<PortEnd>> = (0..n).map(|_| Vec::new()).collect();
    let mut back_out = vec![0usize; n];
    let mut back_in = vec![0usize; n];
    for (e, chain) in g.chains.iter().enumerate() {
        let Some((from, to, _)) = input.edges[e] else {
            continue;
        };
        match chain {
            Chain::Forward(items) if items.len() >= 2 => {
                let (next, prev) = (items[1], items[items.len() - 2]);
                bottom[from].push(PortEnd { group: 1, key: pos[next] as isize, edge: e });
                top[to].push(PortEnd { group: 1, key: pos[prev] as isize, edge: e });
            }
            Chain::Back(items) if !items.is_empty() => {
                let (first, last) = (items[0], items[items.len() - 1]);
                let side = |d: usize, owner: usize| if pos[d] < pos[owner] { 0 } else { 2 };
                // Ports ascending pair with dummies descending: the runs nest without crossing.
                bottom[from].push(PortEnd {
                    group: side(last, from),
                    key: -(pos[last] as isize),
                    edge: e,
                });
                top[to].push(PortEnd {
                    group: side(first, to),
                    key: -(pos[first] as isize),
                    edge: e,
                });
                back_out[from] += 1;
                back_in[to] += 1;
            }
            _ => {
                if kinds[e] == EdgeKind::SelfLoop {
                    geo.self_rank[e] = geo.self_count[from];
                    geo.self_count[from] += 1;
                }
            }
        }
    }
    let mut ext_left = vec![0.0f64; g.items.len()];
    let mut ext_right = vec![0.0f64; g.items.len()];
    let mut rows: Vec<f64> = Vec::new();
    let (mut labels, mut offsets) = (Vec::new(), Vec::new());
    for v in 0..n {
        let width = input.sizes[v].width;
        let (mut left, mut right) = (width / 2.0, width / 2.0);
        for (ends, is_bottom) in [(&mut bottom[v], true), (&mut top[v], false)] {
            ends.sort_by_key(|p| (p.group, p.key, p.edge));
            labels.clear();
            labels.extend(ends.iter().map(|end| match input.edges[end.edge] {
                Some((_, _, label)) if is_bottom => label,
                _ => 0.0,
            }));
            port_offsets(&labels, width, &mut offsets);
            for (end, &offset) in ends.iter().zip(&offsets) {
                if is_bottom {
                    geo.src_port[end.edge] = offset;
                } else {
                    geo.dst_port[end.edge] = offset;
                }
            }
            // Nesting ranks of the back edges on each side: innermost = closest dummy.
            for group in [0u8, 2] {
                let side: Vec<usize> =
                    ends.iter().filter(|p| p.group == group).map(|p| p.edge).collect();
                for (j, &e) in side.iter().enumerate() {
                    let rank = if group == 0 { j } else { side.len() - 1 - j };
                    if is_bottom {
                        geo.drop_rank[e] = rank;
                    } else {
                        geo.rise_rank[e] = rank;
                    }
                }
            }
        }
        // Label rows below the node, greedily, in port order.
        rows.clear();
        for end in &bottom[v] {
            let label = input.edges[end.edge].map_or(0.0, |e| e.2);
            if label <= 0.0 {
                continue;
            }
            let offset = geo.src_port[end.edge];
            let (l, r) = (offset - label / 2.0, offset + label / 2.0);
            left = left.max(-l);
            right = right.max(r);
            let row = rows.iter().position(|&end| end + LABEL_GAP_X <= l).unwrap_or(rows.len());
            if row == rows.len() {
                rows.push(r);
            } else {
                rows[row] = r;
            }
            geo.label_row[end.edge] = row;
        }
        if !rows.is_empty() {
            geo.label_depth[v] = LABEL_PAD + rows.len() as f64 * (LABEL_HEIGHT + LABEL_PAD);
        }
        ext_left[v] = left;
        ext_right[v] = right;
    }
    // Self loops (and their labels, beyond the outermost loop) widen the node's right side.
    for (e, kind) in kinds.iter().enumerate() {
        if *kind != EdgeKind::SelfLoop {
            continue;
        }
        let Some((v, _, label)) = input.edges[e] else {
            continue;
        };
        let outer = self_loop_reach(geo.self_count[v].saturating_sub(1));
        let reach = if label > 0.0 { outer + LABEL_PAD + label } else { outer };
        ext_right[v] = ext_right[v].max(input.sizes[v].width / 2.0 + reach);
    }

    geo.x = solve_x(g, layers, &geo, &ext_left, &ext_right);

    // Layer y positions: each layer as tall as its tallest node, then a gap holding the label
    // rows and back-edge runs below it and the back-edge runs above the next layer.
    let mut height = vec![0.0f64; g.layers];
    let mut below = vec![0.0f64; g.layers];
    let mut above = vec![0.0f64; g.layers];
    for v in 0..n {
        let l = g.items[v].layer;
        height[l] = height[l].max(input.sizes[v].height);
    }
    for v in 0..n {
        let l = g.items[v].layer;
        let mut depth = input.sizes[v].height - height[l] + geo.label_depth[v];
        if back_out[v] > 0 {
            depth += BACK_DROP + (back_out[v] - 1) as f64 * BACK_STEP;
        }
        below[l] = below[l].max(depth);
        if back_in[v] > 0 {
            above[l] = above[l].max(BACK_RISE + (back_in[v] - 1) as f64 * BACK_STEP);
        }
    }
    let mut y = above.first().copied().unwrap_or(0.0);
    for l in 0..g.layers {
        geo.layer_top[l] = y;
        geo.layer_bottom[l] = y + height[l];
        let next_above = above.get(l + 1).copied().unwrap_or(0.0);
        y = geo.layer_bottom[l] + GAP_Y.max(below[l] + next_above + GAP_Y_FREE);
    }
    geo
}

/// A pull on an item towards `x[other] + offset` (indices in layer order, see [`solve_x`]).
#[derive(Clone, Copy, Default)]
struct Link {
    other: usize,
    offset: f64,
    weight: f64,
}

/// Links grouped by item: `links[start[i]..start[i + 1]]` pull on item `i`.
struct Links {
    start: Vec<usize>,
    links: Vec<Link>,
}

impl Links {
    fn new(count: usize, pairs: &[(usize, Link)]) -> Links {
        let mut start = vec![0usize; count + 1];
        for &(i, _) in pairs {
            start[i + 1] += 1;
        }
        for i in 0..count {
            start[i + 1] += start[i];
        }
        let mut fill = start.clone();
        let mut links = vec![Link::default(); pairs.len()];
        for &(i, link) in pairs {
            links[fill[i]] = link;
            fill[i] += 1;
        }
        Links { start, links }
    }

    fn of(&self, i: usize) -> &[Link] {
        &self.links[self.start[i]..self.start[i + 1]]
    }
}

/// Assigns centre x coordinates. Starting from left-packed layers, passes alternate upward
/// (each layer placed against the layer below) and downward (against the layer above), ending
/// downward. One pass places a layer where it best matches its links to the neighbouring layer
/// (weighted least squares, with the layer's order and separations as constraints, solved
/// exactly by isotonic regression), so a node with one predecessor lines up with it exactly
/// unless something is in the way, and a merge sits at the mean of its predecessors.
/// (Averaging both neighbouring layers at once converges too slowly: long chains drift.)
///
/// The work is done on items renumbered in layer order, which keeps memory accesses local.
fn solve_x(
    g: &Layered,
    layers: &[Vec<usize>],
    geo: &Geometry,
    ext_left: &[f64],
    ext_right: &[f64],
) -> Vec<f64> {
    let count = g.items.len();
    let order: Vec<usize> = layers.iter().flatten().copied().collect();
    let mut index = vec![usize::MAX; count];
    for (i, &v) in order.iter().enumerate() {
        index[v] = i;
    }
    let mut bounds = Vec::with_capacity(layers.len());
    let mut at = 0;
    for layer in layers {
        bounds.push(at..at + layer.len());
        at += layer.len();
    }
    let is_dummy = |v: usize| g.items[v].node.is_none();
    let (mut up, mut down) = (Vec::new(), Vec::new());
    for (e, chain) in g.chains.iter().enumerate() {
        // Back edges bend around the nodes rather than pushing them aside: their dummies pull
        // weakly on each other.
        let (items, back) = match chain {
            Chain::Forward(items) => (items, false),
            Chain::Back(items) => (items, true),
            Chain::None => continue,
        };
        let last = items.len().saturating_sub(1);
        for (i, pair) in items.windows(2).enumerate() {
            let (a, b) = (pair[0], pair[1]);
            let (ia, ib) = (index[a], index[b]);
            if ia == usize::MAX || ib == usize::MAX {
                continue;
            }
            let pa = if i == 0 && !is_dummy(a) { geo.src_port[e] } else { 0.0 };
            let pb = if i + 1 == last && !is_dummy(b) { geo.dst_port[e] } else { 0.0 };
            let weight = match (is_dummy(a), is_dummy(b)) {
                _ if back => BACK_WEIGHT,
                (true, true) => 8.0,
                (false, false) => 1.0,
                _ => 2.0,
            };
            // x[b] + pb = x[a] + pa
            up.push((ib, Link { other: ia, offset: pa - pb, weight }));
            down.push((ia, Link { other: ib, offset: pb - pa, weight }));
        }
    }
    let (up, down) = (Links::new(order.len(), &up), Links::new(order.len(), &down));
    let gap = |a: usize, b: usize| match (is_dummy(a), is_dummy(b)) {
        (false, false) => GAP_X,
        (true, true) => GAP_EDGE_EDGE,
        _ => GAP_NODE_EDGE,
    };
    // sep[i]: the minimum centre distance from item i to the next in its layer (0 at a layer's
    // end); the start is packed to the left.
    let mut sep = vec![0.0; order.len()];
    let mut x = vec![0.0; order.len()];
    for range in &bounds {
        let mut at = 0.0;
        for i in range.clone() {
            x[i] = at;
            if i + 1 < range.end {
                sep[i] = ext_right[order[i]] + gap(order[i], order[i + 1]) + ext_left[order[i + 1]];
                at += sep[i];
            }
        }
    }
    // An attached dummy is pulled to its place right beside its owner.
    let attach: Vec<Option<(usize, f64)>> = order
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let owner = index[g.items[v].owner?];
            (owner != usize::MAX).then(|| (owner, x[i] - x[owner]))
        })
        .collect();
    let mut targets: Vec<(f64, f64)> = Vec::new();
    let mut blocks = Vec::new();
    let mut place_layer = |range: std::ops::Range<usize>, links: &Links, x: &mut [f64]| {
        targets.clear();
        for i in range.clone() {
            let (mut sum, mut weights) = (0.0, 0.0);
            for link in links.of(i) {
                sum += link.weight * (x[link.other] + link.offset);
                weights += link.weight;
            }
            if let Some((owner, offset)) = attach[i] {
                sum += ATTACH_WEIGHT * (x[owner] + offset);
                weights += ATTACH_WEIGHT;
            }
            targets.push(if weights > 0.0 { (sum / weights, weights) } else { (x[i], 1e-3) });
        }
        isotonic(&targets, &sep[range.clone()], &mut x[range], &mut blocks);
    };
    for pass in 0..2 * PASSES + 1 {
        if pass % 2 == 0 {
            for range in &bounds {
                place_layer(range.clone(), &up, &mut x);
            }
        } else {
            for range in bounds.iter().rev() {
                place_layer(range.clone(), &down, &mut x);
            }
        }
    }
    let mut out = vec![0.0; count];
    for (i, &v) in order.iter().enumerate() {
        out[v] = x[i];
    }
    out
}

/// Places the items of one layer at the positions minimizing Σ weight·(x − target)² subject to
/// x[i+1] − x[i] ≥ sep[i]: with y[i] = x[i] − Σ_{j<i} sep[j] the constraint becomes y
/// non-decreasing, a weighted isotonic regression solved by pooling adjacent violators.
/// `blocks` is scratch space.
fn isotonic(
    targets: &[(f64, f64)],
    sep: &[f64],
    x: &mut [f64],
    blocks: &mut Vec<(f64, f64, usize)>,
) {
    // Blocks of pooled items: (weighted sum, total weight, item count).
    blocks.clear();
    let mut shift = 0.0;
    for (i, &(target, weight)) in targets.iter().enumerate() {
        blocks.push((weight * (target - shift), weight, 1));
        shift += sep.get(i).copied().unwrap_or(0.0);
        while blocks.len() >= 2 {
            let (s1, w1, c1) = blocks[blocks.len() - 1];
            let (s0, w0, c0) = blocks[blocks.len() - 2];
            // s0 / w0 > s1 / w1, with positive weights
            if s0 * w1 > s1 * w0 {
                blocks.pop();
                let last = blocks.len() - 1;
                blocks[last] = (s0 + s1, w0 + w1, c0 + c1);
            } else {
                break;
            }
        }
    }
    let mut i = 0;
    let mut shift = 0.0;
    for &(sum, weight, count) in blocks.iter() {
        let value = sum / weight;
        for _ in 0..count {
            if let Some(slot) = x.get_mut(i) {
                *slot = value + shift;
            }
            shift += sep.get(i).copied().unwrap_or(0.0);
            i += 1;
        }
    }
}
