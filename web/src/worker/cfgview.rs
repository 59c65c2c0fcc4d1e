//! Builds the drawable CFG of one function: blocks with their source lines, labelled edges,
//! loops, the dominator tree, and the layered layout of both graphs.

use super::layout::{self, Edge, Graph, NodeSize};
use crate::protocol::{BlockView, CfgView, EdgeKind, EdgeView, LineView};
use irplay_core::analysis::{Cfg, DomTree, LoopForest};
use irplay_core::ir::entity::EntityRef;
use irplay_core::ir::{Block, Body, Extra, GlobalId, Module, Opcode};
use irplay_core::text::printer::{FunctionPrinter, ModulePrinter};

/// Widths used to size boxes: the SVG draws 12px monospace text (about 7.2px a character).
const CHAR_W: f64 = 7.2;
/// Height of one text line in a block.
const LINE_H: f64 = 16.0;
/// Padding inside a block.
const PAD: f64 = 8.0;
/// Lines longer than this are cut with an ellipsis.
const MAX_CHARS: usize = 72;
/// Blocks with more instructions show the first ones and a count of the rest.
const MAX_LINES: usize = 40;
/// Room on the title line for the collapse toggle.
pub const TOGGLE_W: f64 = 20.0;
/// In a function of more instructions than this, blocks of more than [`BIG_BLOCK`]
/// instructions are drawn collapsed at first.
const BIG_FUNCTION: usize = 400;
const BIG_BLOCK: usize = 12;

/// The CFG view of function `g`, or `None` for a declaration.
pub fn build(m: &Module, g: GlobalId, text: &str) -> Option<CfgView> {
    let func = m.func(g)?;
    let body = func.body.as_ref()?;
    let mp = ModulePrinter::new(m);
    let fp = FunctionPrinter::new(&mp, g)?;
    let cfg = Cfg::new(body);
    let dom = DomTree::new(&cfg);
    let loops = LoopForest::new(&cfg, &dom);

    // Blocks in layout order; `index` maps block ids to positions in that order.
    let mut index = vec![usize::MAX; body.blocks.len()];
    for (i, b) in body.layout.iter().enumerate() {
        if let Some(slot) = index.get_mut(b.index()) {
            *slot = i;
        }
    }
    let pos = |b: Block| index.get(b.index()).copied().filter(|&i| i != usize::MAX);

    let blocks: Vec<BlockView> = body
        .layout
        .iter()
        .map(|&b| {
            let mut v = BlockView {
                label: fp.block_string(b),
                from: 0,
                to: 0,
                lines: Vec::new(),
                loop_depth: loops.loop_depth(b),
                loop_header: loops.loop_of_header(b).is_some(),
                unreachable: !dom.is_reachable(b),
                insts: 0,
            };
            fill_lines(&mut v, body, b, text);
            v
        })
        .collect();

    let mut edges = Vec::new();
    for (i, &b) in body.layout.iter().enumerate() {
        for (target, kind, label) in labelled_succs(&mp, body, b) {
            let Some(t) = pos(target) else { continue };
            edges.push(EdgeView { from: i, to: t, kind, label, back: dom.dominates(target, b) });
        }
    }

    let sizes: Vec<(NodeSize, NodeSize)> =
        blocks.iter().map(|b| (node_size(b, false), node_size(b, true))).collect();
    let total: usize = blocks.iter().map(|b| b.insts as usize).sum();
    let collapsed: Vec<bool> = blocks
        .iter()
        .map(|b| total > BIG_FUNCTION && b.insts as usize > BIG_BLOCK && b.lines.len() > 1)
        .collect();
    let mut view = CfgView {
        function: m.global_name(g),
        blocks,
        edges,
        layout: layout::Layout::default(),
        dom_edges: Vec::new(),
        dom_layout: layout::Layout::default(),
        sizes,
        collapsed,
        layout_ms: 0.0,
    };
    let start = crate::now_ms();
    view.layout = layout::layout(&graph_of(&view, &view.collapsed));
    view.layout_ms = crate::now_ms() - start;

    let mut dom_edges = Vec::new();
    for (i, &b) in body.layout.iter().enumerate() {
        if let Some(p) = dom.idom(b).and_then(pos) {
            if p != i {
                dom_edges.push((p, i));
            }
        }
    }
    let dom_graph = Graph {
        nodes: view.sizes.iter().map(|s| s.0).collect(),
        edges: dom_edges.iter().map(|&(f, t)| Edge { from: f, to: t, label_width: 0.0 }).collect(),
        entry: 0,
    };
    view.dom_layout = layout::layout(&dom_graph);
    view.dom_edges = dom_edges;
    Some(view)
}

/// The graph to lay out for `view` with the blocks flagged in `collapsed` collapsed (a flag
/// missing counts as expanded).
pub fn graph_of(view: &CfgView, collapsed: &[bool]) -> Graph {
    Graph {
        nodes: view
            .sizes
            .iter()
            .enumerate()
            .map(|(i, &(full, small))| if collapsed.get(i) == Some(&true) { small } else { full })
            .collect(),
        edges: view
            .edges
            .iter()
            .map(|e| Edge {
                from: e.from,
                to: e.to,
                label_width: e.label.chars().count() as f64 * CHAR_W * 0.85,
            })
            .collect(),
        entry: 0,
    }
}

/// The box size of a block: a title line (with room for the collapse toggle), then its
/// instruction lines, or only the last one (the terminator) when collapsed.
fn node_size(b: &BlockView, collapsed: bool) -> NodeSize {
    let shown = if collapsed { b.lines.get(b.lines.len().saturating_sub(1)..) } else { None };
    let lines = shown.unwrap_or(&b.lines);
    let chars = lines
        .iter()
        .map(|l| l.text.chars().count())
        .chain(std::iter::once(b.label.chars().count() + 1))
        .max()
        .unwrap_or(8);
    NodeSize {
        width: (chars.max(8) as f64) * CHAR_W + 2.0 * PAD + TOGGLE_W,
        height: (lines.len() as f64 + 1.0) * LINE_H + 2.0 * PAD,
    }
}

/// The source text of the block's instructions and the byte range the block covers.
fn fill_lines(v: &mut BlockView, body: &Body, b: Block, text: &str) {
    let Some(data) = body.blocks.get(b) else { return };
    let spans: Vec<(u32, u32)> = data
        .insts
        .iter()
        .filter_map(|&i| body.insts.get(i))
        .map(|d| (d.span.start, d.span.end))
        .collect();
    v.from = data.span.start.min(spans.first().map_or(u32::MAX, |s| s.0));
    v.to = spans.last().map_or(data.span.end, |s| s.1).max(v.from);
    v.insts = u32::try_from(spans.len()).unwrap_or(u32::MAX);
    let line = |&(from, to): &(u32, u32)| {
        let src = text.get(from as usize..to as usize).unwrap_or("");
        LineView { text: shorten(src), from, to }
    };
    if spans.len() <= MAX_LINES {
        v.lines.extend(spans.iter().map(line));
        return;
    }
    // The first lines, a count of the rest, and the terminator (last, as collapsed blocks
    // show it).
    let shown = MAX_LINES - 2;
    v.lines.extend(spans.iter().take(shown).map(line));
    let rest = spans.get(shown..spans.len() - 1).unwrap_or(&[]);
    let (from, to) = (rest.first().map_or(0, |s| s.0), rest.last().map_or(0, |s| s.1));
    v.lines.push(LineView { text: format!("… {} more instructions", rest.len()), from, to });
    v.lines.extend(spans.last().map(line));
}

/// One line, whitespace collapsed, cut at [`MAX_CHARS`] characters.
fn shorten(src: &str) -> String {
    let one: String = src.split_whitespace().collect::<Vec<_>>().join(" ");
    if one.chars().count() <= MAX_CHARS {
        return one;
    }
    let mut s: String = one.chars().take(MAX_CHARS - 1).collect();
    s.push('…');
    s
}

/// The successors of `b` with the kind and label of each edge.
fn labelled_succs(mp: &ModulePrinter, body: &Body, b: Block) -> Vec<(Block, EdgeKind, String)> {
    let Some(term) =
        body.blocks.get(b).and_then(|d| d.insts.last()).and_then(|&i| body.insts.get(i))
    else {
        return Vec::new();
    };
    if !term.op.is_terminator() {
        return Vec::new();
    }
    match &term.extra {
        Extra::Br(dests) if dests.len() == 2 => {
            let t = dests.first().map(|&d| (d, EdgeKind::True, "true".to_string()));
            let f = dests.get(1).map(|&d| (d, EdgeKind::False, "false".to_string()));
            t.into_iter().chain(f).collect()
        }
        Extra::Br(dests) => dests.iter().map(|&d| (d, EdgeKind::Uncond, String::new())).collect(),
        Extra::Switch { default, cases } => {
            let mut v = vec![(*default, EdgeKind::Switch, "default".to_string())];
            for (c, d) in cases.iter() {
                // The case value without its type (`i32 1` is drawn as `1`).
                let s = mp.const_string(*c);
                let value = s.split_once(' ').map_or(s.as_str(), |(_, v)| v).to_string();
                v.push((*d, EdgeKind::Switch, value));
            }
            v
        }
        Extra::IndirectBr(dests) => {
            dests.iter().map(|&d| (d, EdgeKind::Indirect, String::new())).collect()
        }
        Extra::Invoke(_, normal, unwind) => vec![
            (*normal, EdgeKind::Normal, "normal".into()),
            (*unwind, EdgeKind::Exceptional, "unwind".into()),
        ],
        Extra::CallBr(_, dflt, ind) => {
            let mut v = vec![(*dflt, EdgeKind::Uncond, "fallthrough".to_string())];
            v.extend(ind.iter().map(|&d| (d, EdgeKind::Indirect, "indirect".to_string())));
            v
        }
        Extra::CatchSwitch { handlers, unwind } => {
            let mut v: Vec<_> =
                handlers.iter().map(|&d| (d, EdgeKind::Exceptional, "catch".to_string())).collect();
            v.extend(unwind.iter().map(|&d| (d, EdgeKind::Exceptional, "unwind".to_string())));
            v
        }
        Extra::CatchRet(d) => vec![(*d, EdgeKind::Uncond, String::new())],
        Extra::CleanupRet(u) => {
            u.iter().map(|&d| (d, EdgeKind::Exceptional, "unwind".to_string())).collect()
        }
        _ if term.op == Opcode::Ret => Vec::new(),
        _ => term.successors().into_iter().map(|d| (d, EdgeKind::Uncond, String::new())).collect(),
    }
}

#[cfg(test)]
#[path = "cfgview_tests.rs"]
mod tests;
