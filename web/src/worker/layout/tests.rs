//! Tests of the layered layout: geometric invariants on small and large graphs.

use super::acyclic::{assign_layers, classify};
use super::order::{build, count_crossings, minimize_from};
use super::*;

fn node(width: f64, height: f64) -> NodeSize {
    NodeSize { width, height }
}

fn edge(from: usize, to: usize) -> Edge {
    Edge { from, to, label_width: 0.0 }
}

fn labelled(from: usize, to: usize, label_width: f64) -> Edge {
    Edge { from, to, label_width }
}

fn graph(sizes: &[(f64, f64)], edges: &[(usize, usize)]) -> Graph {
    Graph {
        nodes: sizes.iter().map(|&(w, h)| node(w, h)).collect(),
        edges: edges.iter().map(|&(a, b)| edge(a, b)).collect(),
        entry: 0,
    }
}

fn uniform(n: usize, edges: &[(usize, usize)]) -> Graph {
    graph(&vec![(100.0, 40.0); n], edges)
}

fn center(r: &Rect) -> (f64, f64) {
    (r.x + r.width / 2.0, r.y + r.height / 2.0)
}

/// A tiny deterministic generator for random graphs.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next() % 10_000) as f64 / 10_000.0
    }
}

/// A CFG-like graph: a fall-through chain with forward branches, loops, switches (with
/// duplicate cases), self loops and labels, node sizes varying a lot.
fn cfg_like(n: usize, edges: usize, seed: u64) -> Graph {
    let mut rng = Lcg(seed);
    let nodes = (0..n).map(|_| node(rng.range(60.0, 600.0), rng.range(20.0, 300.0))).collect();
    let mut out = Vec::new();
    for i in 0..n.saturating_sub(1) {
        out.push(labelled(i, i + 1, if rng.below(3) == 0 { 30.0 } else { 0.0 }));
    }
    while out.len() < edges {
        let from = rng.below(n);
        let to = match rng.below(10) {
            0..=4 => (from + 1 + rng.below(6)).min(n - 1),
            5..=7 => from.saturating_sub(rng.below(12)),
            8 => from,
            _ => rng.below(n),
        };
        out.push(labelled(from, to, if rng.below(2) == 0 { rng.range(10.0, 90.0) } else { 0.0 }));
        if rng.below(8) == 0 {
            out.push(labelled(from, to, 20.0));
        }
    }
    out.truncate(edges);
    Graph { nodes, edges: out, entry: 0 }
}

fn overlaps(a: &Rect, b: &Rect) -> bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/// Whether the segment p–q passes through the interior of `r` (shrunk by half a pixel).
fn segment_hits(p: (f64, f64), q: (f64, f64), r: &Rect) -> bool {
    let (x0, y0, x1, y1) = (r.x + 0.5, r.y + 0.5, r.x + r.width - 0.5, r.y + r.height - 0.5);
    if x0 >= x1 || y0 >= y1 {
        return false;
    }
    // Liang–Barsky clipping of p + t (q − p), t in [0, 1].
    let (dx, dy) = (q.0 - p.0, q.1 - p.1);
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for (den, num) in [(-dx, p.0 - x0), (dx, x1 - p.0), (-dy, p.1 - y0), (dy, y1 - p.1)] {
        if den == 0.0 {
            if num < 0.0 {
                return false;
            }
        } else {
            let t = num / den;
            if den < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
        }
    }
    t0 < t1
}

/// The invariants every layout must satisfy; returns the layout for further checks.
fn check(g: &Graph) -> Layout {
    let l = layout(g);
    assert_eq!(l.nodes.len(), g.nodes.len());
    assert_eq!(l.edges.len(), g.edges.len());
    assert!(l.width.is_finite() && l.height.is_finite() && l.width >= 0.0 && l.height >= 0.0);
    let inside = |x: f64, y: f64| {
        x.is_finite()
            && y.is_finite()
            && x >= -1e-6
            && y >= -1e-6
            && x <= l.width + 1e-6
            && y <= l.height + 1e-6
    };
    for r in &l.nodes {
        assert!(
            inside(r.x, r.y) && inside(r.x + r.width, r.y + r.height),
            "{r:?} outside {}x{}",
            l.width,
            l.height
        );
    }
    // No two boxes overlap (sorted sweep, so large graphs stay cheap).
    let mut by_x: Vec<usize> = (0..l.nodes.len()).collect();
    by_x.sort_by(|&a, &b| l.nodes[a].x.total_cmp(&l.nodes[b].x));
    for (i, &a) in by_x.iter().enumerate() {
        for &b in &by_x[i + 1..] {
            if l.nodes[b].x >= l.nodes[a].x + l.nodes[a].width {
                break;
            }
            assert!(!overlaps(&l.nodes[a], &l.nodes[b]), "nodes {a} and {b} overlap");
        }
    }
    let n = g.nodes.len();
    for (i, (e, p)) in g.edges.iter().zip(&l.edges).enumerate() {
        if e.from >= n || e.to >= n {
            assert!(p.points.is_empty(), "edge {i} is out of range and must be ignored");
            continue;
        }
        assert!(p.points.len() >= 2, "edge {i} has no path");
        for &(x, y) in &p.points {
            assert!(inside(x, y), "edge {i} point ({x}, {y}) outside");
        }
        assert!(inside(p.label_pos.0, p.label_pos.1));
        let (s, t) = (&l.nodes[e.from], &l.nodes[e.to]);
        if e.from == e.to {
            assert!(p.back, "self loop {i} is a back edge");
            assert!(
                p.points.iter().all(|&(x, _)| x >= s.x + s.width - 1e-9),
                "self loop {i} on the right side"
            );
            continue;
        }
        if !p.back {
            assert!(t.y > s.y + s.height, "forward edge {i}: target must be in a lower layer");
        } else {
            assert!(t.y < s.y, "back edge {i}: target must be in a higher layer");
        }
        // Leaves the bottom of the source, enters the top of the target.
        let (first, last) = (p.points[0], p.points[p.points.len() - 1]);
        assert!(
            (first.1 - (s.y + s.height)).abs() < 1e-6
                && first.0 >= s.x - 1e-6
                && first.0 <= s.x + s.width + 1e-6
        );
        assert!(
            (last.1 - t.y).abs() < 1e-6 && last.0 >= t.x - 1e-6 && last.0 <= t.x + t.width + 1e-6
        );
    }
    l
}

/// Checks that no edge segment cuts through a node other than its own endpoints.
fn check_no_cut_through(g: &Graph, l: &Layout) {
    for (i, (e, p)) in g.edges.iter().zip(&l.edges).enumerate() {
        for pair in p.points.windows(2) {
            for (v, r) in l.nodes.iter().enumerate() {
                if v != e.from && v != e.to {
                    assert!(!segment_hits(pair[0], pair[1], r), "edge {i} cuts through node {v}");
                }
            }
        }
    }
}

#[test]
fn empty_graph() {
    let l = check(&Graph::default());
    assert!(l.nodes.is_empty() && l.edges.is_empty());
    // Edges in an empty graph are all out of range, but still one path each.
    let g = Graph { nodes: vec![], edges: vec![edge(0, 1), edge(3, 3)], entry: 7 };
    let l = layout(&g);
    assert_eq!(l.edges.len(), 2);
    assert!(l.edges.iter().all(|p| p.points.is_empty()));
}

#[test]
fn single_node() {
    let l = check(&uniform(1, &[]));
    assert_eq!(l.nodes[0], Rect { x: 0.0, y: 0.0, width: 100.0, height: 40.0 });
    assert_eq!((l.width, l.height), (100.0, 40.0));
}

#[test]
fn bad_input_is_ignored() {
    let mut g = uniform(3, &[(0, 1), (1, 99), (usize::MAX, 2), (1, 2)]);
    g.entry = usize::MAX;
    let l = check(&g);
    assert!(l.edges[1].points.is_empty() && l.edges[2].points.is_empty());
    assert!(!l.edges[0].points.is_empty() && !l.edges[3].points.is_empty());
    // Non-finite and negative sizes count as zero.
    let g = Graph {
        nodes: vec![node(f64::NAN, 10.0), node(f64::INFINITY, -5.0), node(-1.0, f64::NEG_INFINITY)],
        edges: vec![labelled(0, 1, f64::NAN), labelled(1, 2, f64::INFINITY), edge(2, 0)],
        entry: 0,
    };
    let l = check(&g);
    assert!(l.nodes.iter().all(|r| r.width == 0.0));
}

#[test]
fn deterministic() {
    let g = cfg_like(120, 190, 7);
    assert_eq!(layout(&g), layout(&g));
}

#[test]
fn chain_is_straight() {
    let l = check(&graph(&[(100.0, 40.0), (300.0, 80.0), (50.0, 20.0)], &[(0, 1), (1, 2)]));
    let xs: Vec<f64> = l.nodes.iter().map(|r| center(r).0).collect();
    assert!((xs[0] - xs[1]).abs() < 1e-6 && (xs[1] - xs[2]).abs() < 1e-6, "{xs:?}");
    // Layers stack with the vertical gap.
    assert!((l.nodes[1].y - (l.nodes[0].y + 40.0) - GAP_Y).abs() < 1e-6);
    for p in &l.edges {
        assert!(p.points.iter().all(|&(x, _)| (x - xs[0]).abs() < 1e-6), "{p:?}");
    }
}

#[test]
fn simple_loop_flags_only_the_latch() {
    // entry -> header -> body -> header, header -> exit
    let g = uniform(4, &[(0, 1), (1, 2), (2, 1), (1, 3)]);
    let l = check(&g);
    let back: Vec<bool> = l.edges.iter().map(|p| p.back).collect();
    assert_eq!(back, [false, false, true, false]);
    // Two nested loops: the latch of each is the only back edge.
    let g = uniform(6, &[(0, 1), (1, 2), (2, 3), (3, 2), (3, 4), (4, 1), (4, 5)]);
    let back: Vec<bool> = check(&g).edges.iter().map(|p| p.back).collect();
    assert_eq!(back, [false, false, false, true, false, true, false]);
}

#[test]
fn back_edge_runs_beside_the_nodes() {
    let g = uniform(5, &[(0, 1), (1, 2), (2, 3), (3, 1), (3, 4)]);
    let l = check(&g);
    check_no_cut_through(&g, &l);
    let p = &l.edges[3];
    assert!(p.back);
    // It goes below the latch, then up past the body to above the header.
    let lowest = p.points.iter().map(|q| q.1).fold(f64::NEG_INFINITY, f64::max);
    let highest = p.points.iter().map(|q| q.1).fold(f64::INFINITY, f64::min);
    assert!(lowest > l.nodes[3].y + l.nodes[3].height);
    assert!(highest < l.nodes[1].y);
    // Its vertical run is beside the body, not through it.
    let body = &l.nodes[2];
    assert!(p.points.iter().any(|q| q.0 > body.x + body.width || q.0 < body.x));
}

#[test]
fn diamond_is_symmetric_without_crossings() {
    let g = uniform(4, &[(0, 1), (0, 2), (1, 3), (2, 3)]);
    let (l, stats) = layout_with_stats(&g);
    check(&g);
    check_no_cut_through(&g, &l);
    assert_eq!(stats.crossings, 0);
    assert_eq!(stats.layer, [0, 1, 1, 2]);
    let c: Vec<(f64, f64)> = l.nodes.iter().map(center).collect();
    let mid = (c[1].0 + c[2].0) / 2.0;
    assert!((c[0].0 - mid).abs() < 1.0 && (c[3].0 - mid).abs() < 1.0, "{c:?}");
    assert!((c[1].1 - c[2].1).abs() < 1e-9);
    // The two branches are spread apart with the gap.
    assert!((l.nodes[2].x - (l.nodes[1].x + l.nodes[1].width) - GAP_X).abs() < 1.0);
}

#[test]
fn crossing_reduction_fixes_a_bad_order() {
    // Three layers of four, each pair of neighbouring layers wired as a reversal in the given
    // order (6 crossings each); reversing the middle layer alone would remove all 12.
    let mut edges = vec![(0, 7), (1, 6), (2, 5), (3, 4)];
    edges.extend([(4, 8), (5, 9), (6, 10), (7, 11)]);
    let g = uniform(12, &edges);
    let input = Input {
        sizes: g.nodes.clone(),
        edges: g.edges.iter().map(|e| Some((e.from, e.to, 0.0))).collect(),
        entry: 0,
    };
    let kinds = classify(12, 0, &input.edges);
    let layer = assign_layers(12, 0, &input.edges, &kinds);
    let layered = build(&input, &kinds, &layer);
    let bad = vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7], vec![11, 10, 9, 8]];
    let before = count_crossings(&layered, &bad);
    assert_eq!(before, 12);
    let (after_order, after) = minimize_from(&layered, bad);
    assert_eq!(after, count_crossings(&layered, &after_order));
    assert!(after < before);
    assert_eq!(after, 0);
}

#[test]
fn planar_graph_gets_no_crossings() {
    // A ladder whose natural DFS order crosses: 0 branches to 1 and 2; 1 goes to the right
    // column's successor and 2 to the left one's.
    let g = uniform(7, &[(0, 2), (0, 1), (1, 4), (2, 3), (3, 5), (4, 6), (5, 6), (1, 3)]);
    let (l, stats) = layout_with_stats(&g);
    check(&g);
    check_no_cut_through(&g, &l);
    assert_eq!(stats.crossings, 0);
}

#[test]
fn self_loop() {
    let g = Graph {
        nodes: vec![node(100.0, 40.0), node(120.0, 60.0), node(80.0, 30.0)],
        edges: vec![edge(0, 1), labelled(1, 1, 40.0), edge(1, 2), edge(0, 2), edge(1, 1)],
        entry: 0,
    };
    let l = check(&g);
    let n1 = l.nodes[1];
    for e in [1, 4] {
        let p = &l.edges[e];
        assert!(p.back);
        assert_eq!(p.points.len(), 4);
        let (first, last) = (p.points[0], p.points[3]);
        assert!((first.0 - (n1.x + n1.width)).abs() < 1e-9 && (last.0 - first.0).abs() < 1e-9);
        assert!(first.1 >= n1.y && last.1 <= n1.y + n1.height && first.1 < last.1);
    }
    // The two loops do not coincide, and the label sits right of both.
    assert_ne!(l.edges[1].points, l.edges[4].points);
    let reach = l.edges[1].points.iter().chain(&l.edges[4].points).map(|q| q.0).fold(0.0, f64::max);
    assert!(l.edges[1].label_pos.0 - 20.0 >= reach);
    // The loop and its label stay clear of the other node in the layer (node 2 is below, so
    // put a neighbour next to it and check it is not overlapped).
    let g = Graph {
        nodes: vec![node(100.0, 40.0), node(120.0, 60.0), node(120.0, 60.0)],
        edges: vec![edge(0, 1), edge(0, 2), labelled(1, 1, 50.0)],
        entry: 0,
    };
    let l = check(&g);
    let (a, b) = (l.nodes[1], l.nodes[2]);
    let loop_right = l.edges[2].label_pos.0 + 25.0;
    let loop_left = l.edges[2].points[0].0;
    if a.x < b.x {
        assert!(loop_right <= b.x);
    } else {
        assert!(loop_left >= a.x + a.width && loop_right <= l.width);
        assert!(b.x + b.width <= a.x);
    }
}

#[test]
fn multi_edges_fan_out() {
    // A switch with three cases to the same block and two to another, plus a long duplicate.
    let g = Graph {
        nodes: vec![node(200.0, 40.0), node(100.0, 40.0), node(100.0, 40.0), node(100.0, 40.0)],
        edges: vec![
            labelled(0, 1, 40.0),
            labelled(0, 1, 40.0),
            labelled(0, 1, 40.0),
            labelled(0, 2, 40.0),
            labelled(0, 2, 60.0),
            edge(1, 3),
            edge(2, 3),
            edge(0, 3),
            edge(0, 3),
        ],
        entry: 0,
    };
    let l = check(&g);
    check_no_cut_through(&g, &l);
    for i in 0..l.edges.len() {
        for j in i + 1..l.edges.len() {
            let (p, q) = (&l.edges[i].points, &l.edges[j].points);
            assert_ne!(p, q, "edges {i} and {j} coincide");
            if g.edges[i].from == g.edges[j].from {
                assert_ne!(p[0], q[0], "edges {i} and {j} share a source port");
            }
            if g.edges[i].to == g.edges[j].to {
                assert_ne!(p[p.len() - 1], q[q.len() - 1], "edges {i} and {j} share a target port");
            }
        }
    }
    // Labels of one source never overlap each other.
    for i in 0..5 {
        for j in i + 1..5 {
            let (a, b) = (l.edges[i].label_pos, l.edges[j].label_pos);
            let (wa, wb) = (g.edges[i].label_width, g.edges[j].label_width);
            let apart_x = (a.0 - b.0).abs() >= (wa + wb) / 2.0;
            let apart_y = (a.1 - b.1).abs() >= LABEL_HEIGHT;
            assert!(apart_x || apart_y, "labels {i} and {j} overlap");
        }
    }
    // Labels sit just below the source.
    let bottom = l.nodes[0].y + l.nodes[0].height;
    assert!(l.edges[..5].iter().all(|p| p.label_pos.1 > bottom && p.label_pos.1 < l.nodes[1].y));
}

#[test]
fn edges_into_entry_and_unreachable_nodes() {
    // Node 3 is unreachable and jumps into the middle; node 4 is unreachable and jumps to the
    // entry; node 5 is isolated.
    let g = uniform(6, &[(0, 1), (1, 2), (3, 2), (4, 0), (2, 0)]);
    let (l, stats) = layout_with_stats(&g);
    check(&g);
    check_no_cut_through(&g, &l);
    assert_eq!(stats.layer[0], 0);
    assert!(l.edges[3].back && l.edges[4].back && !l.edges[2].back);
    // The dead block sits right above its target.
    assert_eq!(stats.layer[3] + 1, stats.layer[2]);
    assert!(l.nodes.iter().all(|r| r.y >= l.nodes[0].y));
}

#[test]
fn long_edges_avoid_nodes() {
    // If-then chains with edges skipping several layers, and a loop around all of them.
    let g = uniform(
        8,
        &[
            (0, 1),
            (1, 2),
            (2, 3),
            (3, 4),
            (4, 5),
            (0, 5),
            (1, 4),
            (5, 6),
            (6, 0),
            (6, 1),
            (6, 7),
            (2, 7),
        ],
    );
    let l = check(&g);
    check_no_cut_through(&g, &l);
}

#[test]
fn random_graphs_keep_the_invariants() {
    for seed in 0..40 {
        let n = 1 + (seed as usize * 7) % 40;
        let g = cfg_like(n, n + n / 2 + (seed as usize % 5), seed);
        let l = check(&g);
        check_no_cut_through(&g, &l);
    }
    // Arbitrary (not CFG-like) graphs, with an out-of-range entry and edges sprinkled in.
    let mut rng = Lcg(99);
    for _ in 0..30 {
        let n = 1 + rng.below(25);
        let nodes = (0..n).map(|_| node(rng.range(0.0, 300.0), rng.range(0.0, 200.0))).collect();
        let edges = (0..rng.below(60))
            .map(|_| labelled(rng.below(n + 2), rng.below(n + 2), rng.range(0.0, 80.0)))
            .collect();
        let g = Graph { nodes, edges, entry: rng.below(n + 3) };
        let l = check(&g);
        check_no_cut_through(&g, &l);
    }
}

#[test]
fn large_graph_is_sane() {
    let g = cfg_like(1000, 1500, 2024);
    let (l, stats) = layout_with_stats(&g);
    check(&g);
    assert_eq!(stats.layer.len(), 1000);
    assert!(stats.layer[0] == 0);
    assert!(l.width > 0.0 && l.height > 0.0);
}
