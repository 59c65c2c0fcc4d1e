//! Dummy nodes for long and back edges, and crossing reduction (barycenter sweeps plus
//! adjacent transpositions, keeping the ordering with the fewest crossings).

use super::acyclic::EdgeKind;
use super::Input;

/// One entry of a layer: a real node or a dummy carrying an edge through a layer.
#[derive(Clone, Debug)]
pub(crate) struct Item {
    pub layer: usize,
    /// The node, for a real node (item ids `0..n` are the real nodes, in node order).
    pub node: Option<usize>,
    /// For the first and last dummy of a back edge: the real node it runs beside. Such a dummy
    /// always sits next to its owner in the layer (possibly with other attached dummies between).
    pub owner: Option<usize>,
}

/// How an edge crosses the layers.
#[derive(Clone, Debug)]
pub(crate) enum Chain {
    /// Ignored or self loop: no items.
    None,
    /// Source, the dummies of the layers in between, target: top to bottom.
    Forward(Vec<usize>),
    /// The dummies from the target's layer down to the source's layer (top to bottom); the
    /// first is attached to the target, the last to the source.
    Back(Vec<usize>),
}

/// Adjacency lists in one array: `csr[v]` is the list of item `v`.
#[derive(Default)]
pub(crate) struct Csr {
    start: Vec<usize>,
    list: Vec<usize>,
}

impl Csr {
    /// The lists of `count` items from `(item, neighbour)` pairs, each list in pair order.
    fn new(count: usize, pairs: impl Iterator<Item = (usize, usize)> + Clone) -> Csr {
        let mut start = vec![0usize; count + 1];
        for (v, _) in pairs.clone() {
            start[v + 1] += 1;
        }
        for v in 0..count {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut list = vec![0usize; start[count]];
        for (v, w) in pairs {
            list[fill[v]] = w;
            fill[v] += 1;
        }
        Csr { start, list }
    }
}

impl std::ops::Index<usize> for Csr {
    type Output = [usize];
    fn index(&self, v: usize) -> &[usize] {
        match (self.start.get(v), self.start.get(v + 1)) {
            (Some(&a), Some(&b)) => &self.list[a..b],
            _ => &[],
        }
    }
}

/// The layered graph: items, the segments between neighbouring layers, and the edge chains.
pub(crate) struct Layered {
    pub items: Vec<Item>,
    /// For each item, the items of the layer above it is joined to (with multiplicity).
    pub up: Csr,
    /// For each item, the items of the layer below it is joined to (with multiplicity).
    pub down: Csr,
    /// While building: the segments (upper item, lower item), in edge order.
    segments: Vec<(usize, usize)>,
    /// For each real node, the dummies attached to it.
    pub attached: Vec<Vec<usize>>,
    pub layers: usize,
    pub chains: Vec<Chain>,
}

impl Layered {
    fn push(&mut self, item: Item) -> usize {
        self.items.push(item);
        self.items.len() - 1
    }

    fn link_chain(&mut self, chain: &[usize]) {
        self.segments.extend(chain.windows(2).map(|pair| (pair[0], pair[1])));
    }

    /// Whether transpositions must leave the item in place: an attached dummy, or a node with
    /// attached dummies (they move as a group with it).
    fn locked(&self, item: usize) -> bool {
        self.items[item].owner.is_some() || self.attached.get(item).is_some_and(|a| !a.is_empty())
    }
}

/// Builds the layered graph from the node layers and edge kinds.
pub(crate) fn build(input: &Input, kinds: &[EdgeKind], layer: &[usize]) -> Layered {
    let n = input.sizes.len();
    let mut g = Layered {
        items: Vec::with_capacity(n),
        up: Csr::default(),
        down: Csr::default(),
        segments: Vec::new(),
        attached: vec![Vec::new(); n],
        layers: layer.iter().max().map_or(0, |&l| l + 1),
        chains: Vec::with_capacity(kinds.len()),
    };
    for (v, &l) in layer.iter().enumerate() {
        g.push(Item { layer: l, node: Some(v), owner: None });
    }
    for (e, &kind) in input.edges.iter().zip(kinds) {
        let chain = match (*e, kind) {
            (Some((from, to, _)), EdgeKind::Forward) if layer[from] < layer[to] => {
                let mut chain = vec![from];
                for l in layer[from] + 1..layer[to] {
                    chain.push(g.push(Item { layer: l, node: None, owner: None }));
                }
                chain.push(to);
                g.link_chain(&chain);
                Chain::Forward(chain)
            }
            (Some((from, to, _)), EdgeKind::Back) if layer[to] < layer[from] => {
                let (top, bottom) = (layer[to], layer[from]);
                let chain: Vec<usize> = (top..=bottom)
                    .map(|l| {
                        let owner = if l == top {
                            Some(to)
                        } else if l == bottom {
                            Some(from)
                        } else {
                            None
                        };
                        g.push(Item { layer: l, node: None, owner })
                    })
                    .collect();
                g.attached[to].push(chain[0]);
                g.attached[from].push(chain[chain.len() - 1]);
                g.link_chain(&chain);
                Chain::Back(chain)
            }
            // Self loops and ignored edges; the layering guarantees the guards above for the
            // other kinds, so nothing else lands here.
            _ => Chain::None,
        };
        g.chains.push(chain);
    }
    let count = g.items.len();
    let segments = std::mem::take(&mut g.segments);
    g.down = Csr::new(count, segments.iter().copied());
    g.up = Csr::new(count, segments.iter().map(|&(a, b)| (b, a)));
    g
}

/// The current ordering and every item's index within its layer.
struct Ordering {
    layers: Vec<Vec<usize>>,
    pos: Vec<usize>,
}

impl Ordering {
    fn set_layer(&mut self, l: usize, items: Vec<usize>) {
        for (i, &item) in items.iter().enumerate() {
            self.pos[item] = i;
        }
        self.layers[l] = items;
    }

    fn barycenter(&self, neighbours: &[usize]) -> Option<f64> {
        if neighbours.is_empty() {
            return None;
        }
        let sum: usize = neighbours.iter().map(|&v| self.pos[v]).sum();
        Some(sum as f64 / neighbours.len() as f64)
    }
}

/// Orders the items of every layer to reduce crossings. Returns the ordering (item ids per
/// layer, left to right) and its number of crossings.
pub(crate) fn minimize(g: &Layered, entry: usize) -> (Vec<Vec<usize>>, usize) {
    let initial = initial_order(g, entry);
    minimize_from(g, initial)
}

/// Crossing reduction from a given ordering (which must hold every item exactly once, in its
/// own layer).
pub(crate) fn minimize_from(g: &Layered, initial: Vec<Vec<usize>>) -> (Vec<Vec<usize>>, usize) {
    let mut ord = Ordering { layers: vec![Vec::new(); g.layers], pos: vec![0; g.items.len()] };
    for (l, items) in initial.into_iter().enumerate().take(g.layers) {
        ord.set_layer(l, items);
    }
    // Put the attached dummies next to their owners (on the side they already lean to).
    let mut sc = Scratch::default();
    for l in 0..g.layers {
        reorder_layer(g, &mut ord, &mut sc, l, None);
    }
    let mut best = ord.layers.clone();
    let mut best_crossings = crossings(g, &ord);
    let big = g.items.len() > 100_000;
    let max_rounds = if big { 4 } else { 24 };
    let mut stall = 0;
    for round in 0..max_rounds {
        if best_crossings == 0 {
            break;
        }
        let downward = round % 2 == 0;
        sweep(g, &mut ord, &mut sc, downward);
        if !big {
            transpose(g, &mut ord);
        }
        let c = crossings(g, &ord);
        if c < best_crossings {
            best_crossings = c;
            best.clone_from(&ord.layers);
            stall = 0;
        } else {
            stall += 1;
            if stall >= 4 {
                break;
            }
        }
    }
    (best, best_crossings)
}

/// The starting order: a depth-first traversal from the entry (then from every other node in
/// index order), each item appended to its layer when first reached, which keeps subtrees
/// together.
fn initial_order(g: &Layered, entry: usize) -> Vec<Vec<usize>> {
    let mut layers = vec![Vec::new(); g.layers];
    let mut seen = vec![false; g.items.len()];
    let mut stack = Vec::new();
    let n = g.attached.len();
    let roots = std::iter::once(entry).filter(|&e| e < n).chain(0..g.items.len());
    for root in roots {
        if seen[root] {
            continue;
        }
        stack.push(root);
        while let Some(v) = stack.pop() {
            if seen[v] {
                continue;
            }
            seen[v] = true;
            layers[g.items[v].layer].push(v);
            let attached = g.attached.get(v).map_or(&[][..], |a| &a[..]);
            // Push in reverse so the first successor is visited first.
            for &w in attached.iter().rev().chain(g.down[v].iter().rev()) {
                if !seen[w] {
                    stack.push(w);
                }
            }
        }
    }
    layers
}

/// Reusable buffers of the sweeps.
#[derive(Default)]
struct Scratch {
    base: Vec<usize>,
    slots: Vec<usize>,
    movable: Vec<(f64, usize, usize)>,
    out: Vec<usize>,
    left: Vec<(f64, usize, usize)>,
    right: Vec<(f64, usize, usize)>,
}

/// Inserts the attached dummies of a layer next to their owners in `sc.base` (the layer's
/// other items, already ordered), leaving the layer in `sc.out`. With `neighbours` (the
/// adjacency towards the layer the sweep comes from), a dummy goes to the side its barycenter
/// lies on relative to its owner's; otherwise, or on a tie, it keeps its current side. On each
/// side the dummies are sorted by barycenter.
fn attach(g: &Layered, ord: &Ordering, sc: &mut Scratch, neighbours: Option<&Csr>) {
    let Scratch { base, out, left, right, .. } = sc;
    out.clear();
    for &v in base.iter() {
        let attached = g.attached.get(v).map_or(&[][..], |a| &a[..]);
        if attached.is_empty() {
            out.push(v);
            continue;
        }
        left.clear();
        right.clear();
        let owner_key = neighbours.and_then(|adj| ord.barycenter(&adj[v]));
        for &d in attached {
            let key = neighbours.and_then(|adj| ord.barycenter(&adj[d]));
            let was_right = ord.pos[d] > ord.pos[v];
            let to_right = match (key, owner_key) {
                (Some(k), Some(o)) if k > o => true,
                (Some(k), Some(o)) if k < o => false,
                _ => was_right,
            };
            let entry = (key.unwrap_or(ord.pos[d] as f64), ord.pos[d], d);
            if to_right {
                right.push(entry);
            } else {
                left.push(entry);
            }
        }
        let by_key = |a: &(f64, usize, usize), b: &(f64, usize, usize)| {
            a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))
        };
        left.sort_by(by_key);
        right.sort_by(by_key);
        out.extend(left.iter().map(|t| t.2));
        out.push(v);
        out.extend(right.iter().map(|t| t.2));
    }
}

/// Re-sorts layer `l` by barycenter towards `neighbours` (the adjacent layer the sweep comes
/// from), or only re-attaches the owned dummies when `neighbours` is `None`. Items without
/// neighbours on that side keep their slot.
fn reorder_layer(
    g: &Layered,
    ord: &mut Ordering,
    sc: &mut Scratch,
    l: usize,
    neighbours: Option<&Csr>,
) {
    sc.base.clear();
    sc.base.extend(ord.layers[l].iter().copied().filter(|&v| g.items[v].owner.is_none()));
    if let Some(adj) = neighbours {
        sc.slots.clear();
        sc.movable.clear();
        for &v in &sc.base {
            match ord.barycenter(&adj[v]) {
                Some(key) => {
                    sc.movable.push((key, ord.pos[v], v));
                    sc.slots.push(usize::MAX);
                }
                None => sc.slots.push(v),
            }
        }
        sc.movable.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        // Every free slot takes exactly one movable item, in barycenter order.
        let mut next = sc.movable.iter().map(|t| t.2);
        for (slot, v) in sc.slots.iter().zip(sc.base.iter_mut()) {
            *v = if *slot == usize::MAX { next.next().unwrap_or(*v) } else { *slot };
        }
    }
    attach(g, ord, sc, neighbours);
    let Ordering { layers, pos } = ord;
    let layer = &mut layers[l];
    layer.clear();
    layer.extend_from_slice(&sc.out);
    for (i, &v) in layer.iter().enumerate() {
        pos[v] = i;
    }
}

/// One barycenter sweep, downward (each layer ordered by its neighbours above) or upward.
fn sweep(g: &Layered, ord: &mut Ordering, sc: &mut Scratch, downward: bool) {
    if downward {
        for l in 1..g.layers {
            reorder_layer(g, ord, sc, l, Some(&g.up));
        }
    } else {
        for l in (0..g.layers.saturating_sub(1)).rev() {
            reorder_layer(g, ord, sc, l, Some(&g.down));
        }
    }
}

/// Crossings between the segments from `na` and those from `nb` (both ends in one layer) when
/// the item owning `na` is left of the one owning `nb`.
fn side_crossings(
    ord: &Ordering,
    na: &[usize],
    nb: &[usize],
    pa: &mut Vec<usize>,
    pb: &mut Vec<usize>,
) -> usize {
    match (na, nb) {
        ([], _) | (_, []) => 0,
        ([x], [y]) => usize::from(ord.pos[*x] > ord.pos[*y]),
        _ => {
            pa.clear();
            pb.clear();
            pa.extend(na.iter().map(|&v| ord.pos[v]));
            pb.extend(nb.iter().map(|&v| ord.pos[v]));
            pa.sort_unstable();
            pb.sort_unstable();
            // For each end of `a`, the ends of `b` strictly left of it cross.
            let mut j = 0;
            let mut total = 0;
            for &x in pa.iter() {
                while j < pb.len() && pb[j] < x {
                    j += 1;
                }
                total += j;
            }
            total
        }
    }
}

/// Crossings between the segments of `a` and those of `b` if `a` is left of `b`, counting
/// both the layer above and the layer below.
fn pair_crossings(
    g: &Layered,
    ord: &Ordering,
    a: usize,
    b: usize,
    pa: &mut Vec<usize>,
    pb: &mut Vec<usize>,
) -> usize {
    side_crossings(ord, &g.up[a], &g.up[b], pa, pb)
        + side_crossings(ord, &g.down[a], &g.down[b], pa, pb)
}

/// Swaps neighbouring items while that removes crossings (a few passes at most, each over the
/// layers next to a change in the previous one).
fn transpose(g: &Layered, ord: &mut Ordering) {
    let (mut pa, mut pb) = (Vec::new(), Vec::new());
    let mut dirty = vec![true; g.layers];
    let mut next = vec![false; g.layers];
    for _ in 0..4 {
        let mut improved = false;
        next.iter_mut().for_each(|d| *d = false);
        for l in 0..g.layers {
            if !dirty[l] {
                continue;
            }
            for j in 0..ord.layers[l].len().saturating_sub(1) {
                let (a, b) = (ord.layers[l][j], ord.layers[l][j + 1]);
                if g.locked(a) || g.locked(b) {
                    continue;
                }
                let keep = pair_crossings(g, ord, a, b, &mut pa, &mut pb);
                if keep == 0 {
                    continue;
                }
                let swapped = pair_crossings(g, ord, b, a, &mut pa, &mut pb);
                if swapped < keep {
                    ord.layers[l].swap(j, j + 1);
                    ord.pos[a] = j + 1;
                    ord.pos[b] = j;
                    improved = true;
                    next[l] = true;
                    next[l.saturating_sub(1)] = true;
                    if l + 1 < g.layers {
                        next[l + 1] = true;
                    }
                }
            }
        }
        if !improved {
            break;
        }
        std::mem::swap(&mut dirty, &mut next);
    }
}

/// Total number of crossings between segments of neighbouring layers.
fn crossings(g: &Layered, ord: &Ordering) -> usize {
    let mut total = 0;
    let mut ends: Vec<usize> = Vec::new();
    let mut tree: Vec<usize> = Vec::new();
    for l in 0..g.layers.saturating_sub(1) {
        let width = ord.layers[l + 1].len();
        tree.clear();
        tree.resize(width + 1, 0);
        let mut inserted = 0;
        for &v in &ord.layers[l] {
            ends.clear();
            ends.extend(g.down[v].iter().map(|&w| ord.pos[w]));
            ends.sort_unstable();
            // Segments already inserted (from items further left) whose lower end lies strictly
            // right of this one cross it.
            for &p in &ends {
                let mut at_most = 0;
                let mut i = p + 1;
                while i > 0 {
                    at_most += tree[i];
                    i &= i - 1;
                }
                total += inserted - at_most;
            }
            for &p in &ends {
                let mut i = p + 1;
                while i <= width {
                    tree[i] += 1;
                    i += i & i.wrapping_neg();
                }
                inserted += 1;
            }
        }
    }
    total
}

/// Crossings of a given ordering, for tests.
#[cfg(test)]
pub(crate) fn count_crossings(g: &Layered, layers: &[Vec<usize>]) -> usize {
    let mut ord = Ordering { layers: vec![Vec::new(); g.layers], pos: vec![0; g.items.len()] };
    for (l, items) in layers.iter().enumerate() {
        ord.set_layer(l, items.clone());
    }
    crossings(g, &ord)
}
