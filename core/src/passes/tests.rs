//! Unit tests of the editing helpers and the pipeline, on parsed IR.

use super::edit::*;
use super::pipeline::{defined_functions, parse_pipeline, run_pipeline, RunOptions};
use super::with_body;
use crate::ir::{Block, Body, GlobalId, LocalName, Module, Operand, Value};

/// `src` (which must verify) after `pipeline`, verified after every step, printed.
pub(crate) fn optimized(src: &str, pipeline: &str) -> String {
    let c = crate::check(src);
    assert!(c.valid, "{:?}", c.diagnostics);
    let mut m = c.module.expect("module");
    let passes = parse_pipeline(pipeline).expect("pipeline");
    run_pipeline(&mut m, &passes, &RunOptions { verify_each: true, record_text: false }, &|| 0.0)
        .expect("verified");
    crate::text::print_module(&m)
}

/// Runs function pass `pass` on `@f` of `src` (which must verify) and checks that the module
/// still verifies: the module, `@f` and what the pass reported.
pub(crate) fn run_on_f(
    src: &str,
    pass: super::FunctionPassFn,
) -> (Module, GlobalId, super::PassResult) {
    let mut m = parse(src);
    let g = m.global_by_name("f").expect("f");
    let r = pass(&mut m, g);
    let d = crate::verify::verify(&m);
    assert!(d.is_empty(), "{d:?}\n{}", crate::text::print_module(&m));
    (m, g, r)
}

/// The text of `@f` after `pass` (see [`run_on_f`]).
pub(crate) fn run_on(src: &str, pass: super::FunctionPassFn) -> String {
    let (m, g, _) = run_on_f(src, pass);
    crate::text::print_function(&m, g)
}

fn parse(src: &str) -> Module {
    let c = crate::check(src);
    assert!(c.valid, "{:?}", c.diagnostics);
    c.module.expect("module")
}

fn func(m: &Module, name: &str) -> GlobalId {
    m.global_by_name(name).expect("function")
}

fn body<'a>(m: &'a Module, name: &str) -> &'a Body {
    m.func(func(m, name)).and_then(|f| f.body.as_ref()).expect("body")
}

fn value(m: &Module, b: &Body, name: &str) -> Value {
    b.values
        .iter()
        .find(|(_, d)| matches!(d.name, LocalName::Named(s) if m.symbols.get(s) == name))
        .map(|(v, _)| v)
        .expect("value")
}

fn block(m: &Module, b: &Body, name: &str) -> Block {
    b.blocks
        .iter()
        .find(|(_, d)| matches!(d.name, LocalName::Named(s) if m.symbols.get(s) == name))
        .map(|(k, _)| k)
        .expect("block")
}

fn text(m: &Module, name: &str) -> String {
    crate::text::print_function(m, func(m, name))
}

fn assert_valid(m: &Module) {
    let d = crate::verify::verify(m);
    assert!(d.is_empty(), "{d:?}\n{}", crate::text::print_module(m));
}

const DIAMOND: &str = r#"
define i32 @f(i1 %c, i32 %x) {
entry:
  %a = add i32 %x, 1
  %b = mul i32 %a, %a
  br i1 %c, label %l, label %r
l:
  br label %j
r:
  br label %j
j:
  %p = phi i32 [ %a, %l ], [ %b, %r ]
  ret i32 %p
}
"#;

#[test]
fn use_counts_and_lists() {
    let m = parse(DIAMOND);
    let b = body(&m, "f");
    let counts = use_counts(b);
    let (a, bb, x) = (value(&m, b, "a"), value(&m, b, "b"), value(&m, b, "x"));
    assert_eq!(counts[a], 3, "two operands of mul and a phi entry");
    assert_eq!(counts[bb], 1);
    assert_eq!(counts[x], 1);
    let users = use_lists(b);
    assert_eq!(users[a].len(), 2, "mul once, phi once");
}

#[test]
fn replace_and_remove() {
    let mut m = parse(DIAMOND);
    let g = func(&m, "f");
    with_body(&mut m, g, |m, b| {
        let (a, bb, x) = (value(m, b, "a"), value(m, b, "b"), value(m, b, "x"));
        assert_eq!(replace_all_uses(b, a, Operand::Value(x)), 3);
        let mul = match b.values[bb].def {
            crate::ir::ValueDef::Inst(i) => i,
            _ => unreachable!(),
        };
        let add = match b.values[a].def {
            crate::ir::ValueDef::Inst(i) => i,
            _ => unreachable!(),
        };
        assert_eq!(use_counts(b)[a], 0);
        assert_eq!(remove_insts(&mut m.consts, b, &|i| i == add), 1);
        let _ = mul;
    });
    assert_valid(&m);
    let t = text(&m, "f");
    assert!(
        t.contains("%b = mul i32 %x, %x") && t.contains("[ %x, %l ]") && !t.contains("add"),
        "{t}"
    );
}

#[test]
fn phi_entries_follow_edges() {
    let mut m = parse(
        r#"
define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %d [
    i32 1, label %t
    i32 2, label %t
  ]
t:
  %p = phi i32 [ 1, %entry ], [ 1, %entry ]
  ret i32 %p
d:
  ret i32 0
}
"#,
    );
    let g = func(&m, "f");
    with_body(&mut m, g, |m, b| {
        let (entry, t) = (block(m, b, "entry"), block(m, b, "t"));
        // Folding the switch to %t keeps one of its two edges there, and one phi entry.
        assert!(set_branch(b, entry, t));
    });
    assert_valid(&m);
    assert!(text(&m, "f").contains("%p = phi i32 [ 1, %entry ]\n"));
    with_body(&mut m, g, |m, b| {
        let live = reachable(b);
        let d = block(m, b, "d");
        assert!(!live.contains(d));
        assert_eq!(remove_blocks(&mut m.consts, b, &|x| !live.contains(x)), 1);
    });
    assert_valid(&m);
    assert!(!text(&m, "f").contains("d:"));
}

const DBG_TAIL: &str = r#"
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C11, file: !1, producer: "t", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "t.c", directory: "/")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 1, type: !5, spFlags: DISPFlagDefinition, unit: !0)
!5 = !DISubroutineType(types: !6)
!6 = !{}
!7 = !DILocalVariable(name: "y", scope: !4, file: !1, line: 1, type: !9)
!8 = !DILocation(line: 1, scope: !4)
!9 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
"#;

#[test]
fn removed_blocks_take_their_debug_records_and_phi_entries() {
    let mut m = parse(&format!(
        r#"
define i32 @f(i1 %c, i32 %x) !dbg !4 {{
entry:
  br i1 %c, label %a, label %j
a:
  %y = add i32 %x, 1
    #dbg_value(i32 %y, !7, !DIExpression(), !8)
  br label %j
j:
  %p = phi i32 [ %x, %entry ], [ %y, %a ]
  ret i32 %p
}}
{DBG_TAIL}"#
    ));
    let g = func(&m, "f");
    with_body(&mut m, g, |m, b| {
        let entry = block(m, b, "entry");
        let j = block(m, b, "j");
        assert!(set_branch(b, entry, j));
        let live = reachable(b);
        assert_eq!(remove_blocks(&mut m.consts, b, &|x| !live.contains(x)), 1);
    });
    assert_valid(&m);
    let t = text(&m, "f");
    assert!(t.contains("%p = phi i32 [ %x, %entry ]"), "{t}");
}

#[test]
fn removed_instructions_pass_on_debug_records_and_debug_uses_become_poison() {
    let mut m = parse(&format!(
        r#"
define i32 @f(i32 %x) !dbg !4 {{
entry:
  %z = mul i32 %x, 2
    #dbg_value(i32 %z, !7, !DIExpression(), !8)
  %u = add i32 %x, 1
  ret i32 %x
}}
{DBG_TAIL}"#
    ));
    let g = func(&m, "f");
    with_body(&mut m, g, |m, b| {
        let def = |v: Value| match b.values[v].def {
            crate::ir::ValueDef::Inst(i) => i,
            _ => unreachable!(),
        };
        let (zi, ui) = (def(value(m, b, "z")), def(value(m, b, "u")));
        // The record precedes %u; with %u gone it moves to `ret`.
        assert_eq!(remove_insts(&mut m.consts, b, &|i| i == zi || i == ui), 2);
    });
    assert_valid(&m);
    let t = text(&m, "f");
    assert!(
        t.contains("#dbg_value(i32 poison, !")
            && t.contains("!DIExpression(), !")
            && t.contains("ret i32 %x"),
        "{t}"
    );
    assert!(!t.contains("%z") && !t.contains("%u"), "{t}");
}

#[test]
fn pipelines_parse() {
    let names = |s: &str| parse_pipeline(s).map(|v| v.iter().map(|p| p.name).collect::<Vec<_>>());
    assert_eq!(names("mem2reg,dce").unwrap(), ["mem2reg", "dce"]);
    assert_eq!(
        names("function(mem2reg,simplifycfg),dce").unwrap(),
        ["mem2reg", "simplifycfg", "dce"]
    );
    assert_eq!(names("O0").unwrap(), Vec::<&str>::new());
    assert_eq!(names("default<O2>").unwrap(), names("O2").unwrap());
    assert!(!names("O2").unwrap().is_empty());
    let err = names("mem2reg,instcombinee").unwrap_err();
    assert!(err.contains("unknown pass 'instcombinee'") && err.contains("mem2reg"), "{err}");
    assert!(names("function(dce").is_err());
    assert!(names("dce)").is_err());
    assert_eq!(
        names("function(loop-mssa(licm),loop(loop-rotate))").unwrap(),
        ["licm", "loop-rotate"]
    );
    assert!(names("scc(dce)").is_err());
}

#[test]
fn pipeline_records_steps() {
    let mut m =
        parse(&format!("{DIAMOND}\ndeclare void @ext()\ndefine void @g() {{\n  ret void\n}}\n"));
    assert_eq!(defined_functions(&m).len(), 2);
    let passes = parse_pipeline("simplifycfg,dce").unwrap();
    let ticks = std::cell::Cell::new(0.0);
    let clock = || {
        ticks.set(ticks.get() + 1.0);
        ticks.get()
    };
    let steps =
        run_pipeline(&mut m, &passes, &RunOptions { verify_each: true, record_text: true }, &clock)
            .unwrap();
    let summary: Vec<(&str, &str, bool)> =
        steps.iter().map(|s| (s.pass, s.function.as_str(), s.changed)).collect();
    assert_eq!(
        summary,
        [
            ("simplifycfg", "f", true),
            ("simplifycfg", "g", false),
            ("dce", "f", false),
            ("dce", "g", false)
        ]
    );
    let first = &steps[0];
    assert!(first.before.contains("l:") && !first.after.contains("\nl:"), "{}", first.after);
    assert_eq!(first.time_ms, 1.0);
    assert!(
        first.stats.iter().any(|(k, v)| *k == "empty blocks bypassed" && *v > 0),
        "{:?}",
        first.stats
    );
    assert_eq!(steps[1].before, steps[1].after);
}

/// Each step's texts are those of a fresh print of the module as it stood, although the
/// pipeline reuses a text until a step changes the module: here simplifycfg on `@a` folds the
/// branch that used `!0`, so `@b`'s `!1` becomes `!0` in the next print.
#[test]
fn pipeline_texts_follow_module_numbering() {
    let src = "define i32 @a(i1 %c) {
  br i1 %c, label %t, label %t, !prof !0
t:
  ret i32 1
}
define i32 @b(i32 %x) {
  %c = icmp slt i32 %x, 5
  br i1 %c, label %t, label %e, !prof !1
t:
  ret i32 1
e:
  ret i32 %x
}
!0 = !{!\"branch_weights\", i32 1, i32 2}
!1 = !{!\"branch_weights\", i32 3, i32 4}
";
    let mut m = parse(src);
    let passes = parse_pipeline("dce,simplifycfg,dce").unwrap();
    let steps = run_pipeline(
        &mut m,
        &passes,
        &RunOptions { verify_each: true, record_text: true },
        &|| 0.0,
    )
    .unwrap();
    // The same pipeline one step at a time, printing afresh before and after each.
    let mut fresh = parse(src);
    let mut k = 0;
    for pass in &passes {
        for g in defined_functions(&fresh) {
            let before = crate::text::print_function(&fresh, g);
            let super::PassKind::Function(f) = pass.kind else { panic!("function passes only") };
            let changed = f(&mut fresh, g).changed;
            let after = crate::text::print_function(&fresh, g);
            let s = &steps[k];
            assert_eq!(
                (s.changed, s.before.as_str(), s.after.as_str()),
                (changed, before.as_str(), after.as_str()),
                "step {k}: {} on {}",
                s.pass,
                s.function
            );
            k += 1;
        }
    }
    assert_eq!(k, steps.len());
    assert!(
        steps.iter().any(|s| s.function == "b" && s.before.contains("!prof !0")),
        "the renumbering is seen"
    );
}
