//! Edge routing: polylines through the dummy positions, back edges up the side of the nodes,
//! self loops on the right side, label positions, and the final translation to the origin.

use super::acyclic::EdgeKind;
use super::order::{Chain, Layered};
use super::position::{self_loop_reach, Geometry};
use super::*;

/// Appends a point unless it repeats the previous one.
fn push(points: &mut Vec<(f64, f64)>, p: (f64, f64)) {
    if points.last() != Some(&p) {
        points.push(p);
    }
}

pub(crate) fn route(input: &Input, kinds: &[EdgeKind], g: &Layered, geo: &Geometry) -> Layout {
    let n = input.sizes.len();
    let layer_of = |v: usize| g.items[v].layer;
    let nodes: Vec<Rect> = (0..n)
        .map(|v| {
            let size = input.sizes[v];
            Rect {
                x: geo.x[v] - size.width / 2.0,
                y: geo.layer_top[layer_of(v)],
                width: size.width,
                height: size.height,
            }
        })
        .collect();
    let bottom = |v: usize| nodes[v].y + nodes[v].height;
    // The label of an edge leaving the bottom of `v` through the port at `px`.
    let label_below = |v: usize, e: usize, px: f64| {
        let row = geo.label_row[e] as f64;
        (px, bottom(v) + LABEL_PAD + LABEL_HEIGHT / 2.0 + row * (LABEL_HEIGHT + LABEL_PAD))
    };
    let mut edges = Vec::with_capacity(input.edges.len());
    for (e, (&edge, chain)) in input.edges.iter().zip(&g.chains).enumerate() {
        let Some((from, to, label)) = edge else {
            edges.push(EdgePath::default());
            continue;
        };
        let mut points = Vec::new();
        let path = match (kinds[e], chain) {
            (EdgeKind::SelfLoop, _) => {
                let r = &nodes[from];
                let (rank, count) = (geo.self_rank[e], geo.self_count[from]);
                let right = r.x + r.width;
                let reach = self_loop_reach(rank);
                let mid = r.y + r.height / 2.0;
                let dy = (6.0 + 6.0 * rank as f64).min((r.height / 2.0 - 3.0).max(3.0));
                points.extend([
                    (right, mid - dy),
                    (right + reach, mid - dy),
                    (right + reach, mid + dy),
                    (right, mid + dy),
                ]);
                let outer = self_loop_reach(count.saturating_sub(1));
                let shift = rank as f64 - (count as f64 - 1.0) / 2.0;
                let label_pos =
                    (right + outer + LABEL_PAD + label / 2.0, mid + shift * (LABEL_HEIGHT + 2.0));
                EdgePath { points, back: true, label_pos }
            }
            (EdgeKind::Forward, Chain::Forward(items)) if items.len() >= 2 => {
                let px = geo.x[from] + geo.src_port[e];
                push(&mut points, (px, bottom(from)));
                // Straight down through the rest of the source's layer and its labels.
                let stub =
                    geo.layer_bottom[layer_of(from)].max(bottom(from) + geo.label_depth[from]);
                push(&mut points, (px, stub));
                for &d in &items[1..items.len() - 1] {
                    let l = layer_of(d);
                    push(&mut points, (geo.x[d], geo.layer_top[l]));
                    push(&mut points, (geo.x[d], geo.layer_bottom[l]));
                }
                push(&mut points, (geo.x[to] + geo.dst_port[e], nodes[to].y));
                EdgePath { points, back: false, label_pos: label_below(from, e, px) }
            }
            (EdgeKind::Back, Chain::Back(items)) if items.len() >= 2 => {
                let px = geo.x[from] + geo.src_port[e];
                let qx = geo.x[to] + geo.dst_port[e];
                let (first, last) = (items[0], items[items.len() - 1]);
                let drop = bottom(from)
                    + geo.label_depth[from]
                    + BACK_DROP
                    + geo.drop_rank[e] as f64 * BACK_STEP;
                let rise = nodes[to].y - BACK_RISE - geo.rise_rank[e] as f64 * BACK_STEP;
                push(&mut points, (px, bottom(from)));
                push(&mut points, (px, drop));
                push(&mut points, (geo.x[last], drop));
                push(&mut points, (geo.x[last], geo.layer_top[layer_of(last)]));
                for &d in items[1..items.len() - 1].iter().rev() {
                    let l = layer_of(d);
                    push(&mut points, (geo.x[d], geo.layer_bottom[l]));
                    push(&mut points, (geo.x[d], geo.layer_top[l]));
                }
                push(&mut points, (geo.x[first], geo.layer_bottom[layer_of(first)]));
                push(&mut points, (geo.x[first], rise));
                push(&mut points, (qx, rise));
                push(&mut points, (qx, nodes[to].y));
                EdgePath { points, back: true, label_pos: label_below(from, e, px) }
            }
            // Not produced by the layering; drawn as nothing rather than panicking.
            _ => EdgePath::default(),
        };
        edges.push(path);
    }
    finish(nodes, edges, input)
}

/// Translates everything so the bounding box (boxes, edges and labels) starts at the origin.
fn finish(mut nodes: Vec<Rect>, mut edges: Vec<EdgePath>, input: &Input) -> Layout {
    let (mut x0, mut y0, mut x1, mut y1) =
        (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
    let mut cover = |x: f64, y: f64, w: f64, h: f64| {
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x + w);
        y1 = y1.max(y + h);
    };
    for r in &nodes {
        cover(r.x, r.y, r.width, r.height);
    }
    for (path, edge) in edges.iter().zip(&input.edges) {
        for &(x, y) in &path.points {
            cover(x, y, 0.0, 0.0);
        }
        if let (Some((_, _, label)), false) = (edge, path.points.is_empty()) {
            let (x, y) = path.label_pos;
            cover(x - label / 2.0, y - LABEL_HEIGHT / 2.0, *label, LABEL_HEIGHT);
        }
    }
    if !(x0.is_finite() && y0.is_finite() && x1.is_finite() && y1.is_finite()) {
        return Layout { nodes, edges, width: 0.0, height: 0.0 };
    }
    for r in &mut nodes {
        r.x -= x0;
        r.y -= y0;
    }
    for path in &mut edges {
        if path.points.is_empty() {
            continue;
        }
        for p in &mut path.points {
            p.0 -= x0;
            p.1 -= y0;
        }
        path.label_pos.0 -= x0;
        path.label_pos.1 -= y0;
    }
    Layout { nodes, edges, width: x1 - x0, height: y1 - y0 }
}
