//! Cycle removal (DFS back edges) and layer assignment (longest path from the entry).

/// What an edge is for the layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EdgeKind {
    /// An endpoint is out of range: not drawn.
    Ignored,
    /// From a node to itself.
    SelfLoop,
    /// Drawn downward: the target's layer is below the source's.
    Forward,
    /// Drawn upward (reversed for layering): the target's layer is above the source's.
    Back,
}

/// Out-edges of every node in compressed form: the edge indices of node `v` are
/// `edge_ids[start[v]..start[v + 1]]`, in edge order.
struct Adjacency {
    start: Vec<usize>,
    edge_ids: Vec<usize>,
}

impl Adjacency {
    fn new(n: usize, pairs: impl Iterator<Item = (usize, usize)> + Clone) -> Adjacency {
        let mut start = vec![0usize; n + 1];
        for (from, _) in pairs.clone() {
            start[from + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut edge_ids = vec![0usize; start[n]];
        for (from, e) in pairs {
            edge_ids[fill[from]] = e;
            fill[from] += 1;
        }
        Adjacency { start, edge_ids }
    }

    fn of(&self, v: usize) -> &[usize] {
        &self.edge_ids[self.start[v]..self.start[v + 1]]
    }
}

/// Classifies every edge. A DFS runs from `entry`, then from every unvisited node in index
/// order; an edge to a node on the DFS stack is a back edge, and so is every edge into the
/// entry (which keeps the entry alone on top even when unreachable nodes jump to it).
/// Reversing the back edges leaves an acyclic graph: every other edge goes from a node to one
/// finished earlier, and the entry has no incoming edge left.
pub(crate) fn classify(
    n: usize,
    entry: usize,
    edges: &[Option<(usize, usize, f64)>],
) -> Vec<EdgeKind> {
    let mut kinds: Vec<EdgeKind> = edges
        .iter()
        .map(|e| match *e {
            None => EdgeKind::Ignored,
            Some((from, to, _)) if from == to => EdgeKind::SelfLoop,
            Some((_, to, _)) if to == entry => EdgeKind::Back,
            Some(_) => EdgeKind::Forward,
        })
        .collect();
    let adjacency = Adjacency::new(
        n,
        edges.iter().enumerate().filter_map(|(i, e)| match *e {
            Some((from, to, _)) if from != to => Some((from, i)),
            _ => None,
        }),
    );
    let mut visited = vec![false; n];
    let mut on_stack = vec![false; n];
    // (node, index of the next out-edge to look at)
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for root in std::iter::once(entry).filter(|&e| e < n).chain(0..n) {
        if visited[root] {
            continue;
        }
        visited[root] = true;
        on_stack[root] = true;
        stack.push((root, 0));
        while let Some(top) = stack.last_mut() {
            let (v, next) = *top;
            let out = adjacency.of(v);
            if next >= out.len() {
                on_stack[v] = false;
                stack.pop();
                continue;
            }
            top.1 += 1;
            let e = out[next];
            let Some(Some((_, to, _))) = edges.get(e) else {
                continue;
            };
            let to = *to;
            if on_stack[to] {
                kinds[e] = EdgeKind::Back;
            } else if !visited[to] {
                visited[to] = true;
                on_stack[to] = true;
                stack.push((to, 0));
            }
        }
    }
    kinds
}

/// The layering edges: forward edges as they are, back edges reversed.
fn dag_pairs<'a>(
    edges: &'a [Option<(usize, usize, f64)>],
    kinds: &'a [EdgeKind],
) -> impl Iterator<Item = (usize, usize)> + Clone + 'a {
    edges.iter().zip(kinds).filter_map(|(e, k)| match (*e, *k) {
        (Some((from, to, _)), EdgeKind::Forward) => Some((from, to)),
        (Some((from, to, _)), EdgeKind::Back) => Some((to, from)),
        _ => None,
    })
}

/// Assigns each node a layer (0 = top): the longest path from a source of the acyclic graph,
/// which puts the entry in layer 0 and every edge strictly downward. Nodes that cannot be
/// reached from the entry are then pulled down as far as their successors allow, so a dead
/// block sits just above the block it jumps to. Layers are finally renumbered densely.
pub(crate) fn assign_layers(
    n: usize,
    entry: usize,
    edges: &[Option<(usize, usize, f64)>],
    kinds: &[EdgeKind],
) -> Vec<usize> {
    let pairs = dag_pairs(edges, kinds);
    let succ = Adjacency::new(n, pairs.clone().enumerate().map(|(i, (from, _))| (from, i)));
    let targets: Vec<usize> = pairs.clone().map(|(_, to)| to).collect();
    let mut indegree = vec![0usize; n];
    for &to in &targets {
        indegree[to] += 1;
    }
    // Kahn's algorithm in a deterministic order (a FIFO seeded in index order).
    let mut topo: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
    let mut head = 0;
    while head < topo.len() {
        let v = topo[head];
        head += 1;
        for &i in succ.of(v) {
            let to = targets[i];
            indegree[to] -= 1;
            if indegree[to] == 0 {
                topo.push(to);
            }
        }
    }
    // The graph is acyclic, so every node is in `topo`; be safe anyway.
    if topo.len() < n {
        let mut seen = vec![false; n];
        for &v in &topo {
            seen[v] = true;
        }
        topo.extend((0..n).filter(|&v| !seen[v]));
    }
    let mut layer = vec![0usize; n];
    for &v in &topo {
        for &i in succ.of(v) {
            let to = targets[i];
            layer[to] = layer[to].max(layer[v] + 1);
        }
    }
    // Reachability from the entry along the layering edges (a dead block jumping to the entry
    // counts as reached: that edge is reversed, so the block already hangs below the entry).
    let mut reached = vec![false; n];
    let mut work: Vec<usize> = (entry < n).then_some(entry).into_iter().collect();
    for &v in &work {
        reached[v] = true;
    }
    while let Some(v) = work.pop() {
        for &i in succ.of(v) {
            let to = targets[i];
            if !reached[to] {
                reached[to] = true;
                work.push(to);
            }
        }
    }
    for &v in topo.iter().rev() {
        if reached[v] {
            continue;
        }
        let lowest = succ.of(v).iter().map(|&i| layer[targets[i]]).min();
        if let Some(lowest) = lowest {
            // Successors are final (reverse topological order); predecessors stay above since
            // the layer only grows.
            layer[v] = layer[v].max(lowest.saturating_sub(1));
        }
    }
    let mut used: Vec<usize> = layer.clone();
    used.sort_unstable();
    used.dedup();
    for l in &mut layer {
        *l = used.binary_search(l).unwrap_or(0);
    }
    layer
}
