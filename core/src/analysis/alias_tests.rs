//! Unit tests of the alias analysis on parsed IR.

use super::*;
use crate::analysis::test_util::{body, parse, value};
use crate::ir::attrs::ModRef;

const SRC: &str = r#"
%S = type { i32, i32, [4 x i16] }
@g = global %S zeroinitializer
@h = global i32 0
declare ptr @malloc(i64)
declare void @ext(ptr)
declare ptr @getp()
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)
declare i32 @pure(i32) memory(none)
declare i32 @reader(ptr) memory(read)

define void @f(ptr noalias %na, ptr %q, i1 %c) {
  %a = alloca %S
  %b = alloca i32
  %e = alloca i32
  %a0 = getelementptr %S, ptr %a, i32 0, i32 0
  %a1 = getelementptr %S, ptr %a, i32 0, i32 1
  %a2 = getelementptr %S, ptr %a, i32 0, i32 2, i64 1
  %a2b = getelementptr i8, ptr %a, i64 10
  %ai = getelementptr i8, ptr %a, i64 2
  %m = call ptr @malloc(i64 8)
  %l = load ptr, ptr %q
  call void @ext(ptr %e)
  %sel = select i1 %c, ptr %a, ptr %b
  %g1 = getelementptr %S, ptr @g, i32 0, i32 1
  store i32 1, ptr %a0
  call void @llvm.memset.p0.i64(ptr %a1, i8 0, i64 4, i1 false)
  %x = call i32 @pure(i32 1)
  %y = call i32 @reader(ptr %q)
  %z = load i32, ptr @h
  ret void
}
"#;

fn loc(m: &Module, b: &Body, name: &str, size: u64) -> Location {
    Location { ptr: Operand::Value(value(m, b, name)), size: Some(size) }
}

fn inst_named<'b>(m: &Module, b: &'b Body, name: &str) -> &'b InstData {
    let v = value(m, b, name);
    match b.values[v].def {
        ValueDef::Inst(i) => &b.insts[i],
        _ => panic!("not an instruction"),
    }
}

#[test]
fn objects_offsets_and_escapes() {
    let m = parse(SRC);
    let g = m.global_by_name("f").expect("f");
    let b = body(&m, "f");
    let aa = AliasAnalysis::new(&m, g, b);
    use AliasResult::*;
    // Same object, constant offsets.
    assert_eq!(aa.alias(loc(&m, b, "a0", 4), loc(&m, b, "a1", 4)), NoAlias);
    assert_eq!(aa.alias(loc(&m, b, "a0", 4), loc(&m, b, "a", 4)), MustAlias);
    assert_eq!(aa.alias(loc(&m, b, "a2", 2), loc(&m, b, "a2b", 2)), MustAlias);
    assert_eq!(aa.alias(loc(&m, b, "a0", 4), loc(&m, b, "ai", 4)), PartialAlias);
    assert_eq!(aa.alias(loc(&m, b, "a", 8), loc(&m, b, "a1", 4)), PartialAlias);
    // Distinct identified objects.
    assert_eq!(aa.alias(loc(&m, b, "a", 4), loc(&m, b, "b", 4)), NoAlias);
    assert_eq!(aa.alias(loc(&m, b, "a", 4), loc(&m, b, "m", 4)), NoAlias);
    assert_eq!(aa.alias(loc(&m, b, "na", 4), loc(&m, b, "g1", 4)), NoAlias);
    // Non-escaping alloca vs a loaded pointer and an argument; an escaping one may alias.
    assert_eq!(aa.alias(loc(&m, b, "b", 4), loc(&m, b, "l", 4)), NoAlias);
    assert_eq!(aa.alias(loc(&m, b, "b", 4), loc(&m, b, "q", 4)), NoAlias);
    assert_eq!(aa.alias(loc(&m, b, "e", 4), loc(&m, b, "l", 4)), MayAlias);
    assert_eq!(aa.alias(loc(&m, b, "q", 4), loc(&m, b, "l", 4)), MayAlias);
    // A select of two allocas vs a third object.
    assert_eq!(aa.alias(loc(&m, b, "sel", 4), loc(&m, b, "e", 4)), NoAlias);
    assert_eq!(aa.alias(loc(&m, b, "sel", 4), loc(&m, b, "b", 4)), MayAlias);
}

#[test]
fn mod_ref_of_instructions() {
    let m = parse(SRC);
    let g = m.global_by_name("f").expect("f");
    let b = body(&m, "f");
    let aa = AliasAnalysis::new(&m, g, b);
    let store = b.blocks[b.layout[0]]
        .insts
        .iter()
        .map(|&i| &b.insts[i])
        .find(|d| d.op == Opcode::Store)
        .expect("store");
    assert_eq!(aa.mod_ref(store, loc(&m, b, "a1", 4)), ModRef::None);
    assert_eq!(aa.mod_ref(store, loc(&m, b, "a", 4)), ModRef::Mod);
    let memset = b.blocks[b.layout[0]]
        .insts
        .iter()
        .map(|&i| &b.insts[i])
        .find(|d| d.op == Opcode::Call && d.result.is_none() && d.args.len() == 5)
        .expect("memset");
    assert_eq!(aa.mod_ref(memset, loc(&m, b, "a1", 4)), ModRef::Mod);
    assert_eq!(aa.mod_ref(memset, loc(&m, b, "a0", 4)), ModRef::None);
    assert_eq!(aa.mod_ref(inst_named(&m, b, "x"), loc(&m, b, "q", 4)), ModRef::None);
    assert_eq!(aa.mod_ref(inst_named(&m, b, "y"), loc(&m, b, "q", 4)), ModRef::Ref);
    // A call cannot touch a non-escaping alloca; it may touch an escaped one.
    assert_eq!(aa.mod_ref(inst_named(&m, b, "l"), loc(&m, b, "b", 4)), ModRef::None);
    assert_eq!(aa.mod_ref(inst_named(&m, b, "m"), loc(&m, b, "b", 4)), ModRef::None);
    assert_eq!(aa.mod_ref(inst_named(&m, b, "m"), loc(&m, b, "e", 4)), ModRef::ModRef);
    assert_eq!(aa.mod_ref(inst_named(&m, b, "z"), loc(&m, b, "g1", 4)), ModRef::None);
}
