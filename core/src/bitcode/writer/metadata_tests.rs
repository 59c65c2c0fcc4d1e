//! Tests of the metadata writer: blocks written for parsed modules and read back with the
//! bitstream cursor, and a metadata-only module (types, constants, kinds, metadata) read by
//! `llvm-dis-19` and compared with what `llvm-as-19` makes of the same text.

use super::*;
use crate::bitcode::bitstream::{encode_signed, Cursor, Entry, Record};
use crate::bitcode::codes::{constants as cst, module as modc, types as tyc};
use crate::ir::types::Type;
use crate::ir::TypeId;
use std::io::Write;
use std::process::{Command, Stdio};

fn parse(src: &str) -> Module {
    let r = crate::text::parse(src);
    match r.module {
        Some(m) => m,
        None => panic!("parse failed: {:?}", r.diagnostics),
    }
}

/// Made-up ids: types and constants by their arena index (constants from 100, globals from
/// 500, locals from 1000, implicit `i64 v` 2000 + v).
struct Ids;
impl ValueIds for Ids {
    fn type_id(&self, ty: TypeId) -> Option<u64> {
        Some(ty.as_u32() as u64)
    }
    fn const_id(&self, c: ConstId) -> Option<u64> {
        Some(100 + c.as_u32() as u64)
    }
    fn local_id(&self, v: Value) -> Option<u64> {
        Some(1000 + v.as_u32() as u64)
    }
    fn global_id(&self, g: GlobalId) -> Option<u64> {
        Some(500 + g.as_u32() as u64)
    }
    fn int_id(&self, ty: TypeId, v: u64) -> Option<u64> {
        (ty == TypeId::I64).then_some(2000 + v)
    }
}

/// Every record of `bytes` as `(block id, code, operands, blob)`.
type Rec = (u32, u32, Vec<u64>, Option<Vec<u8>>);

fn records(bytes: &[u8]) -> Vec<Rec> {
    let mut c = Cursor::new(bytes, 0);
    let mut out = Vec::new();
    let mut rec = Record::default();
    loop {
        match c.advance() {
            Ok(Some(Entry::SubBlock(_))) => assert!(c.enter_block().is_ok()),
            Ok(Some(Entry::EndBlock)) => {}
            Ok(Some(Entry::Record(a))) => {
                assert!(c.read_record(a, &mut rec).is_ok());
                out.push((c.block_id(), rec.code, rec.ops.clone(), rec.blob.map(|b| b.to_vec())));
            }
            Ok(None) => break,
            Err(e) => panic!("{e}"),
        }
    }
    out
}

fn with_code(recs: &[Rec], code: u32) -> Vec<Vec<u64>> {
    recs.iter().filter(|r| r.1 == code).map(|r| r.2.clone()).collect()
}

/// The strings of a `METADATA_STRINGS` record.
fn strings_of(ops: &[u64], blob: &[u8]) -> Vec<Vec<u8>> {
    let (count, offset) = (ops[0] as usize, ops[1] as usize);
    let mut c = Cursor::new(&blob[..offset], 0);
    let mut chars = &blob[offset..];
    let mut out = Vec::new();
    for _ in 0..count {
        let n = c.read_vbr(6).unwrap_or(0) as usize;
        out.push(chars[..n].to_vec());
        chars = &chars[n..];
    }
    assert!(chars.is_empty());
    out
}

fn module_block(m: &Module) -> (MdWriter, Vec<Rec>) {
    let md = MdWriter::new(m);
    let mut w = Writer::new();
    md.write_module(&mut w, m, &Ids);
    let recs = records(&w.finish());
    (md, recs)
}

#[test]
fn strings_values_tuples_and_named_metadata() {
    let m = parse(
        r#"
!named = !{!0, !1}
!other = !{!2}
!0 = !{i32 1, !"s", null}
!1 = distinct !{!1, !"t", !2}
!2 = !{!"s", !""}
!3 = !{!"unused"}
"#,
    );
    let (md, recs) = module_block(&m);
    assert_eq!(md.error(), None);
    let s = recs.iter().find(|r| r.1 == code::METADATA_STRINGS).expect("strings");
    let strings = strings_of(&s.2, s.3.as_deref().unwrap_or(&[]));
    // Only what named metadata reaches, each string once, in the order first met.
    assert_eq!(strings, vec![b"s".to_vec(), b"t".to_vec(), b"".to_vec()]);
    let i32_1 = md.consts_used();
    assert_eq!(i32_1.len(), 1);
    // The value comes right after the strings: id 3.
    assert_eq!(
        with_code(&recs, code::METADATA_VALUE),
        vec![vec![m.consts.ty(i32_1[0]).as_u32() as u64, 100 + i32_1[0].as_u32() as u64]]
    );
    // Then the distinct node (id 4), then the uniqued ones in post-order: !0 (5), !2 (6).
    assert_eq!(with_code(&recs, code::METADATA_DISTINCT_NODE), vec![vec![5, 2, 7]]);
    assert_eq!(with_code(&recs, code::METADATA_NODE), vec![vec![4, 1, 0], vec![1, 3]]);
    let names: Vec<Vec<u64>> = with_code(&recs, code::METADATA_NAME);
    assert_eq!(names[0], b"named".iter().map(|&b| b as u64).collect::<Vec<_>>());
    assert_eq!(with_code(&recs, code::METADATA_NAMED_NODE), vec![vec![5, 4], vec![6]]);
}

#[test]
fn no_metadata_no_block() {
    let m = parse("define void @f() {\n  ret void\n}\n");
    let (md, recs) = module_block(&m);
    assert!(recs.is_empty());
    assert_eq!(md.error(), None);
    // The kinds block is always written: LLVM's fixed kinds.
    let mut w = Writer::new();
    md.write_kinds(&mut w, &m);
    let kinds = with_code(&records(&w.finish()), code::METADATA_KIND);
    assert_eq!(kinds.len(), FIXED_KINDS.len());
    assert_eq!(kinds[18], [&[18u64][..], &b"llvm.loop".map(|b| b as u64)[..]].concat());
}

const FUNCS: &str = r#"
@g = global i32 0, !foo !0
@h = external global i32, !dbg !3
declare !bar !1 void @d()
define void @f(i32 %x, ptr %p) !dbg !1 !foo !2 {
entry:
  %y = add i32 %x, 1, !foo !0, !baz !2, !dbg !4
  store i32 %y, ptr %p, !tbaa !5
  call void @llvm.dbg.value(metadata i32 %y, metadata !2, metadata !4), !dbg !4
  call void @llvm.dbg.value(metadata !DIArgList(i32 %x, i32 %y, i32 7), metadata !2, metadata !4), !dbg !4
  call void @llvm.dbg.value(metadata ptr @g, metadata !2, metadata !4)
  #dbg_value(i32 %x, !2, !4, !4)
  ret void
}
declare void @llvm.dbg.value(metadata, metadata, metadata)
!0 = !{i32 1}
!1 = distinct !{!1}
!2 = !{!"v"}
!3 = !{!"h"}
!4 = !{!"not a location"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"Simple C/C++ TBAA"}
"#;

fn sym(m: &Module, s: &str) -> Symbol {
    m.symbols.lookup(s).expect("symbol")
}

#[test]
fn kinds_are_fixed_then_custom_in_order_of_use() {
    let m = parse(FUNCS);
    let md = MdWriter::new(&m);
    assert_eq!(md.kind_id(sym(&m, "dbg")), Some(0));
    assert_eq!(md.kind_id(sym(&m, "tbaa")), Some(1));
    assert_eq!(md.kind_id(sym(&m, "foo")), Some(41));
    assert_eq!(md.kind_id(sym(&m, "bar")), Some(42));
    assert_eq!(md.kind_id(sym(&m, "baz")), Some(43));
    let mut w = Writer::new();
    md.write_kinds(&mut w, &m);
    let kinds = with_code(&records(&w.finish()), code::METADATA_KIND);
    assert_eq!(kinds.len(), 44);
    assert_eq!(kinds[43], vec![43, b'b' as u64, b'a' as u64, b'z' as u64]);
}

#[test]
fn global_attachments_and_function_metadata() {
    let m = parse(FUNCS);
    let (md, recs) = module_block(&m);
    assert_eq!(md.error(), None);
    let id = |md_: &MdWriter, n: u32| {
        let node = m.metadata.nodes.iter().find(|(_, d)| d.number == Some(n)).map(|(k, _)| k);
        md_.md_id(Metadata::Node(node.expect("node")))
    };
    let gid = |name: &str| 500 + m.global_by_name(name).expect("global").as_u32() as u64;
    // Declarations (functions first), then every variable, defined or not.
    let att = with_code(&recs, code::METADATA_GLOBAL_DECL_ATTACHMENT);
    assert_eq!(att.len(), 3);
    assert_eq!(att[0], vec![gid("d"), 42, id(&md, 1).unwrap_or(99)]);
    assert_eq!(att[1], vec![gid("g"), 41, id(&md, 0).unwrap_or(99)]);
    assert_eq!(att[2], vec![gid("h"), 0, id(&md, 3).unwrap_or(99)]);

    // Function-local metadata: %y, %x, then the argument list.
    let f = m.global_by_name("f").expect("f");
    let mut md = md;
    let mut w = Writer::new();
    md.begin_function(&mut w, &m, f, &Ids);
    let local = records(&w.finish());
    let body = m.func(f).and_then(|f| f.body.as_ref()).expect("body");
    let x = body.params[0];
    let y = body.values.keys().nth(2).expect("%y");
    let i32_ty = body.value_ty(x).as_u32() as u64;
    let vals = with_code(&local, code::METADATA_VALUE);
    assert_eq!(
        vals,
        vec![vec![i32_ty, 1000 + y.as_u32() as u64], vec![i32_ty, 1000 + x.as_u32() as u64]]
    );
    let base = md.module_count;
    let seven = m
        .consts
        .iter()
        .find(|(_, d)| matches!(&d.kind, ConstKind::Int(v) if v.to_u64() == Some(7)));
    let seven = md.md_id(Metadata::Value(seven.expect("7").0)).expect("7 is numbered");
    assert_eq!(with_code(&local, code::METADATA_ARG_LIST), vec![vec![base + 1, base, seven]]);
    // Operand ids for the calls' and the record's operands.
    let ops: Vec<Option<u64>> = body.md_ops.values().map(|o| md.operand_id(o)).collect();
    assert!(ops.iter().all(|o| o.is_some()), "{ops:?}");
    assert!(ops.contains(&Some(base + 2)));
    assert_eq!(md.operand_id(&MdOperand::Local(Operand::Value(x))), Some(base + 1));

    // Attachments: the function's, then instruction 0 (without !dbg) and 1.
    let mut w = Writer::new();
    md.write_attachments(&mut w, &m, f);
    let att = with_code(&records(&w.finish()), code::METADATA_ATTACHMENT);
    assert_eq!(
        att,
        vec![
            vec![0, id(&md, 1).unwrap_or(99), 41, id(&md, 2).unwrap_or(99)],
            vec![0, 41, id(&md, 0).unwrap_or(99), 43, id(&md, 2).unwrap_or(99)],
            vec![1, 1, id(&md, 5).unwrap_or(99)],
        ]
    );
    md.end_function();
    assert_eq!(md.operand_id(&MdOperand::Local(Operand::Value(x))), None);
}

#[test]
fn debug_loc_reads_a_location() {
    let m = parse(
        r#"
define void @f() !dbg !1 {
  ret void, !dbg !3
}
!llvm.module.flags = !{!0}
!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = distinct !DISubprogram(name: "f", scope: null, spFlags: 0)
!2 = distinct !DILocation(line: 9, scope: !1)
!3 = !DILocation(line: 7, column: 16, scope: !1, inlinedAt: !2, isImplicitCode: true)
"#,
    );
    let md = MdWriter::new(&m);
    let node = |n: u32| m.metadata.nodes.iter().find(|(_, d)| d.number == Some(n)).map(|(k, _)| k);
    let (l2, l3, sp) = (node(2).expect("!2"), node(3).expect("!3"), node(1).expect("!1"));
    let sp_id = md.md_id(Metadata::Node(sp)).expect("scope numbered");
    let l2_id = md.md_id(Metadata::Node(l2)).expect("inlinedAt numbered");
    assert_eq!(md.debug_loc(&m, l3), Some([7, 16, sp_id + 1, l2_id + 1, 1]));
    assert_eq!(md.debug_loc(&m, l2), Some([9, 0, sp_id + 1, 0, 0]));
    assert_eq!(md.debug_loc(&m, sp), None);
}

#[test]
fn integers_di_records_store_as_metadata() {
    let m = parse(
        r#"
@five = global i64 5
!n = !{!0, !1, !2, !3}
!0 = !DISubrange(count: 5)
!1 = !DISubrange(count: 9, lowerBound: 5)
!2 = !DIGenericSubrange(count: 7, lowerBound: 1, stride: 8)
!3 = !DIGenericSubrange(count: 7, lowerBound: 1, stride: 8)
"#,
    );
    let (md, recs) = module_block(&m);
    assert_eq!(md.error(), None);
    // `i64 5` is the pool's; 9 is not, so the value side must make it.
    assert_eq!(md.consts_used().len(), 1);
    assert_eq!(md.implicit_ints(), vec![9]);
    // One `DW_OP_consts` expression per value: version 3, uniqued.
    let exprs = with_code(&recs, code::METADATA_EXPRESSION);
    assert_eq!(exprs, vec![vec![6, 0x11, 7], vec![6, 0x11, 1], vec![6, 0x11, 8]]);
    let i64_ty = TypeId::I64.as_u32() as u64;
    let five = 100 + md.consts_used()[0].as_u32() as u64;
    assert_eq!(
        with_code(&recs, code::METADATA_VALUE),
        vec![vec![i64_ty, five], vec![i64_ty, 2009]]
    );
}

#[test]
fn undefined_nodes_are_an_error() {
    let mut m = parse("!n = !{!0}\n!0 = !{!\"x\"}\n");
    if let Some(n) = m.metadata.nodes.values_mut().next() {
        n.kind = MdNodeKind::Undefined;
    }
    let (md, _) = module_block(&m);
    assert!(md.error().is_some_and(|e| e.contains("never defined")), "{:?}", md.error());
}

#[test]
fn deep_chains_do_not_overflow() {
    let mut src = String::from("!n = !{!0}\n");
    for i in 0..100_000 {
        src.push_str(&format!("!{i} = !{{!{}}}\n", i + 1));
    }
    src.push_str("!100000 = !{}\n");
    let m = parse(&src);
    let (md, recs) = module_block(&m);
    assert_eq!(md.error(), None);
    let nodes = with_code(&recs, code::METADATA_NODE);
    assert_eq!(nodes.len(), 100_001);
    // Post-order: the innermost first, each node after its operand.
    assert_eq!(nodes[0], Vec::<u64>::new());
    assert_eq!(nodes[1], vec![1]);
}

// --- A metadata-only module through llvm-dis-19 -------------------------------------------

/// Integer types and integer constants, numbered in order of use.
struct MiniIds {
    types: Vec<TypeId>,
    consts: Vec<ConstId>,
}
impl ValueIds for MiniIds {
    fn type_id(&self, ty: TypeId) -> Option<u64> {
        self.types.iter().position(|&t| t == ty).map(|i| i as u64)
    }
    fn const_id(&self, c: ConstId) -> Option<u64> {
        self.consts.iter().position(|&x| x == c).map(|i| i as u64)
    }
    fn local_id(&self, _: Value) -> Option<u64> {
        None
    }
}

/// A bitcode module holding only `m`'s metadata (which may refer to integer constants).
fn mini_module(m: &Module) -> Vec<u8> {
    let md = MdWriter::new(m);
    let consts = md.consts_used();
    let mut types: Vec<TypeId> = Vec::new();
    for &c in &consts {
        if !types.contains(&m.consts.ty(c)) {
            types.push(m.consts.ty(c));
        }
    }
    let mut w = Writer::new();
    w.bytes(&crate::bitcode::MAGIC);
    w.enter_block(block::MODULE_BLOCK_ID, 3);
    w.record(modc::MODULE_CODE_VERSION, &[2]);
    w.enter_block(block::TYPE_BLOCK_ID_NEW, 4);
    w.record(tyc::TYPE_CODE_NUMENTRY, &[types.len() as u64]);
    for &t in &types {
        let Type::Int(bits) = m.types.get(t) else { panic!("only integer constants here") };
        w.record(tyc::TYPE_CODE_INTEGER, &[*bits as u64]);
    }
    w.end_block();
    if !consts.is_empty() {
        w.enter_block(block::CONSTANTS_BLOCK_ID, 4);
        for &c in &consts {
            let ty = types.iter().position(|&t| t == m.consts.ty(c)).unwrap_or(0);
            w.record(cst::CST_CODE_SETTYPE, &[ty as u64]);
            let ConstKind::Int(v) = m.consts.kind(c) else { panic!("only integers") };
            let v = v.sext(64).to_i64().expect("64-bit");
            w.record(cst::CST_CODE_INTEGER, &[encode_signed(v)]);
        }
        w.end_block();
    }
    let ids = MiniIds { types, consts };
    md.write_kinds(&mut w, m);
    md.write_module(&mut w, m, &ids);
    assert_eq!(md.error(), None);
    w.end_block();
    w.finish()
}

fn run(tool: &str, args: &[&str], input: &[u8]) -> Vec<u8> {
    let child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = child else {
        panic!("{tool} is not installed: run scripts/setup-test-deps.sh (it installs LLVM 19)")
    };
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_vec();
    let feeder = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().expect("tool runs");
    let _ = feeder.join();
    assert!(out.status.success(), "{tool}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

fn dis(bc: &[u8]) -> String {
    let text = String::from_utf8_lossy(&run("llvm-dis-19", &["-", "-o", "-"], bc)).into_owned();
    text.lines()
        .filter(|l| !l.starts_with("; ModuleID") && !l.starts_with("source_filename"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn metadata_only_modules_read_back_as_llvm_writes_them() {
    let cases = [
        "!named = !{!0, !1}\n!0 = !{i32 1, !\"s\", null}\n!1 = distinct !{!1, !\"t\", !0}\n",
        "!llvm.module.flags = !{!0, !1}\n!0 = !{i32 1, !\"wchar_size\", i32 4}\n\
         !1 = !{i32 7, !\"uwtable\", i32 2}\n!llvm.ident = !{!2}\n!2 = !{!\"clang\"}\n",
        "!a = !{!0}\n!0 = distinct !{!1}\n!1 = distinct !{!0, !2}\n!2 = !{!0, !1, !\"x\\00y\\FF\"}\n",
        "!t = !{!0, !3}\n!0 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !2, i64 0}\n\
         !2 = !{!\"omnipotent char\", !3, i64 0}\n!3 = !{!\"Simple C/C++ TBAA\"}\n",
        "!e = !{!0, !0, !1}\n!0 = !{}\n!1 = !{!0, i1 true, i8 -1, i64 -9223372036854775808}\n",
        "!self = !{!0}\n!0 = !{!0, !\"uniqued self-reference\"}\n",
    ];
    for src in cases {
        let m = parse(src);
        let ours = dis(&mini_module(&m));
        let theirs = dis(&run("llvm-as-19", &["-", "-o", "-"], src.as_bytes()));
        assert_eq!(ours, theirs, "for:\n{src}");
    }
}
