//! Tests of the CFG view: collapsed blocks, their sizes and the layout time of big functions.

use super::*;

/// A function of `blocks` blocks of about 20 instructions each: a fall-through chain with
/// forward branches, loops and switches (the e2e tests' generator makes the same shape).
pub(crate) fn big_function(blocks: usize) -> String {
    let kinds = ["add", "mul", "xor", "sub", "shl", "and", "or"];
    let mut out = vec![
        "define i32 @big(i32 %n) {".to_string(),
        "entry:".into(),
        "  %acc = alloca i32".into(),
        "  store i32 %n, ptr %acc".into(),
        "  br label %bb0".into(),
    ];
    let last = blocks.saturating_sub(1);
    for i in 0..blocks {
        out.push(format!("bb{i}:"));
        out.push(format!("  %a{i} = load i32, ptr %acc"));
        let mut prev = format!("%a{i}");
        for k in 1..=16 {
            let op = kinds[(i + k) % kinds.len()];
            let rhs = if k % 3 == 0 {
                "%n".to_string()
            } else if op == "shl" {
                (1 + (i + k) % 5).to_string()
            } else {
                (i + k).to_string()
            };
            out.push(format!("  %b{i}_{k} = {op} i32 {prev}, {rhs}"));
            prev = format!("%b{i}_{k}");
        }
        out.push(format!("  store i32 {prev}, ptr %acc"));
        if i == last {
            out.push(format!("  ret i32 {prev}"));
            continue;
        }
        let t = |d: usize| (i + d).min(last);
        if i % 15 == 7 {
            out.push(format!(
                "  switch i32 {prev}, label %bb{} [ i32 1, label %bb{} i32 2, label %bb{} i32 3, label %bb{} ]",
                i + 1,
                t(2),
                t(3),
                t(5)
            ));
            continue;
        }
        out.push(format!("  %c{i} = icmp slt i32 {prev}, %n"));
        let other = if i % 10 == 9 { i - 6 } else { t(2 + i % 4) };
        out.push(format!("  br i1 %c{i}, label %bb{}, label %bb{other}", i + 1));
    }
    out.push("}\n".into());
    out.join("\n")
}

fn view_of(text: &str) -> CfgView {
    let checked = irplay_core::check(text);
    assert!(checked.valid, "the generated function is valid");
    let m = checked.module.expect("a module");
    let g = m.order.iter().copied().find(|&g| m.global_name(g) == "big" || m.global_name(g) == "f");
    build(&m, g.expect("the function"), text).expect("a CFG")
}

const SMALL: &str = "define i32 @f(i32 %a) {
entry:
  %x = add i32 %a, 1
  %y = mul i32 %x, 2
  %c = icmp slt i32 %y, 10
  br i1 %c, label %then, label %done
then:
  br label %done
done:
  ret i32 %y
}
";

#[test]
fn a_collapsed_block_is_its_title_and_terminator() {
    let v = view_of(SMALL);
    let entry = v.blocks.first().expect("entry");
    assert_eq!(entry.lines.len(), 4);
    let full = node_size(entry, false);
    let small = node_size(entry, true);
    assert_eq!(full.height, 5.0 * LINE_H + 2.0 * PAD);
    assert_eq!(small.height, 2.0 * LINE_H + 2.0 * PAD);
    // The terminator is the widest line left: `br i1 %c, label %then, label %done`.
    let term = "br i1 %c, label %then, label %done".chars().count() as f64;
    assert_eq!(small.width, term * CHAR_W + 2.0 * PAD + TOGGLE_W);
    assert_eq!(v.sizes.first(), Some(&(full, small)));
    // A small function: nothing collapsed by default.
    assert!(v.collapsed.iter().all(|&c| !c));
}

#[test]
fn big_blocks_of_a_big_function_start_collapsed_and_the_layout_reflows() {
    let v = view_of(&big_function(100));
    let insts: usize = v.blocks.iter().map(|b| b.insts as usize).sum();
    assert!((1_900..2_100).contains(&insts), "{insts} instructions");
    // Every bbN block has 19 or 20 instructions, over the threshold; `entry` has 3.
    assert_eq!(v.collapsed.first(), Some(&false));
    assert!(v.collapsed.iter().skip(1).all(|&c| c));
    // The worker's layout uses the collapsed sizes.
    for (i, r) in v.layout.nodes.iter().enumerate() {
        let (full, small) = v.sizes.get(i).copied().expect("sizes");
        let want = if v.collapsed.get(i) == Some(&true) { small } else { full };
        assert_eq!((r.width, r.height), (want.width, want.height), "block {i}");
    }
    // Expanding everything reflows: the same graph, taller.
    let all_open = layout::layout(&graph_of(&v, &vec![false; v.blocks.len()]));
    assert!(all_open.height > v.layout.height * 2.0, "{} vs {}", all_open.height, v.layout.height);
    assert_eq!(layout::layout(&graph_of(&v, &v.collapsed)), v.layout);
}

/// Prints the time to build the view of a 2,000- and a 4,000-instruction function (the goal is
/// under 200 ms for 2,000 in the browser); the figures are for reading, not asserted.
#[test]
fn layout_time_of_big_functions() {
    for blocks in [100, 200] {
        let text = big_function(blocks);
        let start = std::time::Instant::now();
        let v = view_of(&text);
        let built = start.elapsed();
        let start = std::time::Instant::now();
        let open = layout::layout(&graph_of(&v, &vec![false; v.blocks.len()]));
        let expanded = start.elapsed();
        println!(
            "cfg of {blocks} blocks ({} edges): check + build {built:?}, of which layout {:.1} ms; \
             all expanded layout {expanded:?}",
            v.edges.len(),
            v.layout_ms
        );
        assert_eq!(open.nodes.len(), v.blocks.len());
    }
}
