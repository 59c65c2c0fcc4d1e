//! Whole-module compilations through the public API, for what the encoder tests cannot see:
//! the listing's notes on AArch64 and conditional branches beyond their reach.

use irplay_native::{compile_module, Options, Target};

fn module(src: &str) -> irplay_core::ir::Module {
    let checked = irplay_core::check(src);
    assert!(checked.diagnostics.is_empty(), "{:?}", checked.diagnostics);
    checked.module.expect("parses")
}

/// More live values than registers across a call: the notes name each value's register and
/// the spills and reloads.
#[test]
fn aarch64_notes_name_registers_and_spills() {
    let mut src = String::from("declare void @g()\ndefine i64 @f(i64 %a) {\n");
    for k in 0..40 {
        src.push_str(&format!("  %v{k} = add i64 %a, {k}\n"));
    }
    src.push_str("  call void @g()\n  %s0 = add i64 %v0, %v1\n");
    for k in 2..40 {
        src.push_str(&format!("  %s{} = add i64 %s{}, %v{k}\n", k - 1, k - 2));
    }
    src.push_str("  ret i64 %s38\n}\n");
    let m = module(&src);
    let c = compile_module(&m, Target::Aarch64, &Options { listing: true }).expect("compiles");
    let has = |p: &str| c.notes.iter().any(|(_, t)| t.starts_with(p));
    assert!(has("%v0: x"), "{:?}", c.notes);
    assert!(has("%s38: x"), "{:?}", c.notes);
    assert!(has("spill %v"), "{:?}", c.notes);
    assert!(has("reload %v"), "{:?}", c.notes);
    assert!(c.notes.windows(2).all(|w| w[0].0 <= w[1].0), "ascending");
}

/// A conditional branch over more than 1 MiB of code: the function is compiled with long
/// branches (`b.!cond` over a `b`), not refused.
#[test]
fn aarch64_branches_beyond_one_mebibyte() {
    let mut src = String::from(
        "define i64 @f(i64 %a) {\nentry:\n  %c = icmp eq i64 %a, 0\n  br i1 %c, label %end, label %body\nbody:\n",
    );
    // Each `mul` is at least one instruction: 300,000 of them are over 1 MiB.
    let n = 300_000;
    src.push_str("  %x0 = mul i64 %a, 3\n");
    for k in 1..n {
        src.push_str(&format!("  %x{k} = mul i64 %x{}, 3\n", k - 1));
    }
    src.push_str(&format!(
        "  br label %end\nend:\n  %r = phi i64 [ 7, %entry ], [ %x{}, %body ]\n  ret i64 %r\n}}\n",
        n - 1
    ));
    let m = module(&src);
    let c = compile_module(&m, Target::Aarch64, &Options::default()).expect("compiles");
    assert!(c.text.len() > 1 << 20, "{} bytes", c.text.len());
    // The branch to %end is `b.ne +8; b end` (or `cbnz`/`cbz` over a `b`): a `b` (0x14...)
    // within the first instructions of the function.
    let words: Vec<u32> =
        c.text.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])).collect();
    assert!(words.iter().take(32).any(|w| w >> 26 == 0b000101), "no long branch at the start");
}
