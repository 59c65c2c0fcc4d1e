//! Tests of the metadata reader on hand-made streams: strings, nodes, forward references and
//! cycles, named metadata, values, argument lists, attachments, locations, and bad input.

use super::*;
use crate::bitcode::bitstream::{Abbrev, AbbrevOp, Writer};
use crate::bitcode::codes::block;
use crate::ir::apint::ApInt;
use crate::ir::constants::ConstKind;
use crate::ir::function::{Body, Function, Value};
use crate::ir::inst::InstData;
use crate::ir::module::{GlobalKind, GlobalName, GlobalValue};
use crate::ir::opcode::Opcode;

/// Types 0, 1, 2 are `i32`, `ptr`, `i64`; values under 50 and from 1000 are integer constants
/// of that value, 50 is global 0, and 100 to 199 are the function's values from 0.
struct Values;

impl ValueContext for Values {
    fn type_at(&self, idx: u64) -> Option<TypeId> {
        [TypeId::I32, TypeId::PTR, TypeId::I64].get(idx as usize).copied()
    }
    fn value_at(&mut self, m: &mut Module, idx: u64, ty: TypeId) -> Option<Operand> {
        match idx {
            0..50 => Some(Operand::Const(m.consts.int(ty, ApInt::from_u64(32, idx)))),
            50 => Some(Operand::Const(
                m.consts.intern(TypeId::PTR, ConstKind::Global(GlobalId::from_u32(0))),
            )),
            100..200 => Some(Operand::Value(Value::from_u32(idx as u32 - 100))),
            1000.. => Some(Operand::Const(m.consts.int(ty, ApInt::from_u64(32, idx)))),
            _ => None,
        }
    }
}

/// A stream builder: records go into the innermost open block.
struct B(Writer);

impl B {
    fn new() -> B {
        let mut w = Writer::new();
        w.enter_block(block::MODULE_BLOCK_ID, 3);
        B(w)
    }
    fn open(&mut self, id: u32) -> &mut Self {
        self.0.enter_block(id, 4);
        self
    }
    fn close(&mut self) -> &mut Self {
        self.0.end_block();
        self
    }
    fn rec(&mut self, code: u32, ops: &[u64]) -> &mut Self {
        self.0.record(code, ops);
        self
    }
    fn text(&mut self, code: u32, prefix: &[u64], s: &str) -> &mut Self {
        let mut ops = prefix.to_vec();
        ops.extend(s.bytes().map(u64::from));
        self.rec(code, &ops)
    }
    /// A `METADATA_STRINGS` record (`count` and `offset` as given when `Some`).
    fn strings_raw(&mut self, strs: &[&str], count: Option<u64>, offset: Option<u64>) -> &mut Self {
        let mut lens = Writer::new();
        for s in strs {
            lens.emit_vbr(s.len() as u64, 6);
        }
        let mut blob = lens.finish();
        let off = blob.len() as u64;
        for s in strs {
            blob.extend_from_slice(s.as_bytes());
        }
        let a = self.0.define_abbrev(Abbrev {
            ops: vec![
                AbbrevOp::Literal(u64::from(md::METADATA_STRINGS)),
                AbbrevOp::Vbr(6),
                AbbrevOp::Vbr(6),
                AbbrevOp::Blob,
            ],
        });
        let ops = [count.unwrap_or(strs.len() as u64), offset.unwrap_or(off)];
        self.0.record_abbrev(a, md::METADATA_STRINGS, &ops, Some(&blob));
        self
    }
    fn strings(&mut self, strs: &[&str]) -> &mut Self {
        self.strings_raw(strs, None, None)
    }
    fn bytes(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.0).finish()
    }
}

/// Reads every metadata block of `bytes` into `m`; attachment blocks go to global 0 with
/// its body's instructions.
fn load(bytes: &[u8], m: &mut Module) -> Result<MdLoader, BitcodeError> {
    let mut c = Cursor::new(bytes, 0);
    let mut l = MdLoader::default();
    while let Some(e) = c.advance()? {
        match e {
            Entry::SubBlock(id) => {
                c.enter_block()?;
                match id {
                    block::METADATA_KIND_BLOCK_ID => l.read_kinds(&mut c, m)?,
                    block::METADATA_BLOCK_ID => l.read_block(&mut c, m, &mut Values)?,
                    block::METADATA_ATTACHMENT_ID => {
                        let g = GlobalId::from_u32(0);
                        let insts: Vec<Inst> = m
                            .func(g)
                            .and_then(|f| f.body.as_ref())
                            .map(|b| b.insts.keys().collect())
                            .unwrap_or_default();
                        l.read_attachments(&mut c, m, g, &insts)?;
                    }
                    _ => {}
                }
            }
            Entry::EndBlock => {
                if c.block_id() == block::MODULE_BLOCK_ID {
                    l.end_function(&mut Body::default());
                }
            }
            Entry::Record(a) => c.read_record(a, &mut Record::default())?,
        }
    }
    Ok(l)
}

fn node(m: &Module, md: Option<Metadata>) -> &MdNode {
    match md {
        Some(Metadata::Node(n)) => &m.metadata.nodes[n],
        other => panic!("not a node: {other:?}"),
    }
}

fn string(m: &Module, md: Metadata) -> &str {
    match md {
        Metadata::String(s) => m.symbols.get(s),
        other => panic!("not a string: {other:?}"),
    }
}

fn err(bytes: &[u8]) -> String {
    match load(bytes, &mut Module::default()) {
        Ok(_) => panic!("read without error"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn strings_nodes_cycles_and_named_metadata() {
    let mut b = B::new();
    b.open(block::METADATA_KIND_BLOCK_ID)
        .text(md::METADATA_KIND, &[0], "dbg")
        .text(md::METADATA_KIND, &[7], "my.kind")
        .close();
    b.open(block::METADATA_BLOCK_ID)
        .strings(&["a", "", "bc\u{e9}"])
        // !3 = distinct !{!3, !4}: a self-reference and a forward reference.
        .rec(md::METADATA_DISTINCT_NODE, &[4, 5])
        // !4 = !{!"a", null, !""}
        .rec(md::METADATA_NODE, &[1, 0, 2])
        .text(md::METADATA_NAME, &[], "named")
        .rec(md::METADATA_NAMED_NODE, &[4, 3])
        .rec(md::METADATA_INDEX_OFFSET, &[1, 0])
        .close();
    let mut m = Module::default();
    let l = load(&b.bytes(), &mut m).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(l.kind(7).map(|k| m.symbols.get(k)), Some("my.kind"));
    assert_eq!(l.kind(0).map(|k| m.symbols.get(k)), Some("dbg"));
    assert_eq!(l.kind(1), None);
    assert_eq!(string(&m, l.get(2).unwrap_or(Metadata::Null)), "bc\u{e9}");
    let n3 = node(&m, l.get(3));
    assert!(n3.distinct);
    let MdNodeKind::Tuple(ops) = &n3.kind else { panic!("{:?}", n3.kind) };
    assert_eq!(ops.first().copied(), l.get(3));
    assert_eq!(ops.get(1).copied(), l.get(4));
    let n4 = node(&m, l.get(4));
    assert!(!n4.distinct);
    let MdNodeKind::Tuple(ops) = &n4.kind else { panic!("{:?}", n4.kind) };
    assert_eq!(ops.len(), 3);
    assert_eq!(string(&m, ops[0]), "a");
    assert_eq!(ops[1], Metadata::Null);
    assert_eq!(string(&m, ops[2]), "");
    let named = &m.metadata.named;
    assert_eq!(named.len(), 1);
    assert_eq!(&*named[0].name, "named");
    assert_eq!(
        named[0].nodes.iter().map(|&n| Metadata::Node(n)).collect::<Vec<_>>(),
        vec![l.get(4).unwrap_or(Metadata::Null), l.get(3).unwrap_or(Metadata::Null)]
    );
    // No node is left undefined.
    assert!(m.metadata.nodes.values().all(|n| !matches!(n.kind, MdNodeKind::Undefined)));
}

#[test]
fn function_metadata_values_arg_lists_and_attachments() {
    let mut m = Module::default();
    let mut f = Function::new(TypeId::VOID);
    let mut body = Body::default();
    let i0 = body.insts.push(InstData::new(Opcode::Ret, TypeId::VOID, vec![]));
    let i1 = body.insts.push(InstData::new(Opcode::Ret, TypeId::VOID, vec![]));
    f.body = Some(body);
    let name = GlobalName::Named(m.symbols.intern("f"));
    let mut gv = GlobalValue::forward(name, Default::default());
    gv.kind = GlobalKind::Func(Box::new(f));
    m.globals.push(gv);

    let mut b = B::new();
    b.open(block::METADATA_KIND_BLOCK_ID)
        .text(md::METADATA_KIND, &[1], "tbaa")
        .text(md::METADATA_KIND, &[18], "llvm.loop")
        .close();
    b.open(block::METADATA_BLOCK_ID)
        .strings(&["s"])
        // !1 = i32 7, !2 = !{!"s", i32 7}
        .rec(md::METADATA_VALUE, &[0, 7])
        .rec(md::METADATA_NODE, &[1, 2])
        .rec(md::METADATA_GLOBAL_DECL_ATTACHMENT, &[50, 1, 2])
        .close();
    b.open(block::FUNCTION_BLOCK_ID)
        .open(block::METADATA_BLOCK_ID)
        .strings(&["loop"])
        // !4 = %1 (local), !5 = DIArgList(%1, i32 3), !6 = i32 3, !7 = distinct !{!7, !"loop"}
        .rec(md::METADATA_VALUE, &[0, 101])
        .rec(md::METADATA_VALUE, &[0, 3])
        .rec(md::METADATA_ARG_LIST, &[4, 5])
        .rec(md::METADATA_DISTINCT_NODE, &[8, 4])
        .close()
        .open(block::METADATA_ATTACHMENT_ID)
        .rec(md::METADATA_ATTACHMENT, &[1, 2])
        .rec(md::METADATA_ATTACHMENT, &[1, 18, 7, 1, 2])
        .close()
        .close();
    let bytes = b.bytes();
    let l = load(&bytes, &mut m).unwrap_or_else(|e| panic!("{e}"));
    let f = m.func(GlobalId::from_u32(0)).unwrap_or_else(|| panic!("no function"));
    let kinds = |md: &[(Symbol, MdId)]| -> Vec<String> {
        md.iter().map(|(k, _)| m.symbols.get(*k).to_string()).collect()
    };
    // The module block's attachment (value 50 is this function) and the function block's.
    assert_eq!(kinds(&f.md), ["tbaa", "tbaa"]);
    let body = f.body.as_ref().unwrap_or_else(|| panic!("no body"));
    assert!(body.insts[i0].md.is_empty());
    assert_eq!(kinds(&body.insts[i1].md), ["llvm.loop", "tbaa"]);
    let (_, lp) = body.insts[i1].md[0];
    assert!(m.metadata.nodes[lp].distinct);
    // The function's ids are gone after the function; the module's stay.
    assert_eq!(l.get(4), None);
    assert!(matches!(l.operand(1), Some(MdOperand::Local(Operand::Const(_)))));
    assert!(matches!(l.operand(2), Some(MdOperand::Md(Metadata::Node(_)))));

    // Read the function again without ending it, to see its operands.
    let mut c = Cursor::new(&bytes, 0);
    let mut l = MdLoader::default();
    let mut depth_fn = false;
    while let Some(e) = c.advance().unwrap_or_else(|e| panic!("{e}")) {
        match e {
            Entry::SubBlock(id) => {
                let _ = c.enter_block();
                match id {
                    block::METADATA_KIND_BLOCK_ID => {
                        let _ = l.read_kinds(&mut c, &mut m);
                    }
                    block::METADATA_BLOCK_ID => {
                        if let Err(e) = l.read_block(&mut c, &mut m, &mut Values) {
                            panic!("{e}");
                        }
                    }
                    block::FUNCTION_BLOCK_ID => depth_fn = true,
                    block::MODULE_BLOCK_ID => {}
                    _ => {
                        let _ = c.leave_block();
                    }
                }
                if depth_fn && id == block::METADATA_BLOCK_ID {
                    break;
                }
            }
            Entry::EndBlock => {}
            Entry::Record(a) => {
                let _ = c.read_record(a, &mut Record::default());
            }
        }
    }
    assert_eq!(l.operand(4), Some(MdOperand::Local(Operand::Value(Value::from_u32(1)))));
    let Some(MdOperand::ArgList(args)) = l.operand(6) else { panic!("{:?}", l.operand(6)) };
    assert_eq!(args.len(), 2);
    assert_eq!(args[0], Operand::Value(Value::from_u32(1)));
    assert!(matches!(args[1], Operand::Const(_)));
    assert_eq!(l.get(4), None, "a local value is not module metadata");
}

#[test]
fn debug_locations_are_uniqued_and_printed_fields_only() {
    let mut b = B::new();
    b.open(block::METADATA_BLOCK_ID)
        .rec(md::METADATA_NODE, &[])
        .rec(md::METADATA_DISTINCT_NODE, &[])
        .close();
    let mut m = Module::default();
    let mut l = load(&b.bytes(), &mut m).unwrap_or_else(|e| panic!("{e}"));
    let a = l.debug_loc(&mut m, &[3, 0, 1, 0, 0]).unwrap_or_else(|e| panic!("{e}"));
    let again = l.debug_loc(&mut m, &[3, 0, 1, 0]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(a, again);
    let b2 = l.debug_loc(&mut m, &[0, 70000, 1, 2, 1]).unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(a, b2);
    let fields = |n: MdId| -> String {
        let MdNodeKind::Record { name, fields } = &m.metadata.nodes[n].kind else {
            panic!("not a record")
        };
        let mut s = format!("{}(", m.symbols.get(*name));
        for f in fields.iter() {
            let v = match f.value {
                MdField::Int(x) | MdField::Words(x) => m.symbols.get(x).to_string(),
                MdField::Md(Metadata::Node(_)) => "!".to_string(),
                ref other => format!("{other:?}"),
            };
            s += &format!("{}: {v}, ", f.name.map(|x| m.symbols.get(x)).unwrap_or("?"));
        }
        s + ")"
    };
    assert_eq!(fields(a), "DILocation(line: 3, scope: !, )");
    // A column past 16 bits is unknown (0), as in LLVM.
    assert_eq!(fields(b2), "DILocation(line: 0, scope: !, inlinedAt: !, isImplicitCode: true, )");
    for bad in [&[1u64, 1, 0, 0][..], &[1, 1, 9, 0], &[1, 1, 1, 9], &[1, 1]] {
        let e = l.debug_loc(&mut m, bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("FUNC_CODE_DEBUG_LOC"), "{bad:?}: {e}");
    }
}

#[test]
fn bad_metadata_is_an_error_with_its_record() {
    let block = |f: &dyn Fn(&mut B)| {
        let mut b = B::new();
        b.open(block::METADATA_BLOCK_ID);
        f(&mut b);
        b.close();
        err(&b.bytes())
    };
    let e = block(&|b| {
        b.rec(md::METADATA_NODE, &[9]);
    });
    assert!(e.contains("metadata 8 is referenced but never defined"), "{e}");
    let e = block(&|b| {
        b.strings_raw(&["ab", "c"], Some(1 << 40), None);
    });
    assert!(e.contains("METADATA_STRINGS"), "{e}");
    let e = block(&|b| {
        b.strings_raw(&["ab", "c"], None, Some(1 << 33));
    });
    assert!(e.contains("past the blob"), "{e}");
    let e = block(&|b| {
        b.strings_raw(&["ab", "c"], Some(6), None);
    });
    assert!(e.contains("METADATA_STRINGS"), "{e}");
    let e = block(&|b| {
        b.rec(md::METADATA_STRINGS, &[1, 0]);
    });
    assert!(e.contains("blob"), "{e}");
    let e = block(&|b| {
        b.text(md::METADATA_NAME, &[], "x").rec(md::METADATA_NODE, &[]);
    });
    assert!(e.contains("NAME record not followed"), "{e}");
    let e = block(&|b| {
        b.rec(md::METADATA_NAMED_NODE, &[0]);
    });
    assert!(e.contains("without a NAME"), "{e}");
    let e = block(&|b| {
        b.rec(md::METADATA_OLD_NODE, &[]);
    });
    assert!(e.contains("LLVM 3.5"), "{e}");
    let e = block(&|b| {
        b.rec(200, &[]);
    });
    assert!(e.contains("METADATA_BLOCK > record #200"), "{e}");
    let e = block(&|b| {
        b.rec(md::METADATA_VALUE, &[9, 1]);
    });
    assert!(e.contains("type 9 is out of range"), "{e}");
    let e = block(&|b| {
        b.rec(md::METADATA_VALUE, &[0, 101]);
    });
    assert!(e.contains("not a constant"), "{e}");
    let e = block(&|b| {
        b.rec(md::METADATA_VALUE, &[0, 1]).rec(md::METADATA_ARG_LIST, &[0, 3]);
    });
    assert!(e.contains("DIArgList element 3"), "{e}");
    // A node used as a forward reference but defined as a value.
    let e = block(&|b| {
        b.rec(md::METADATA_NODE, &[2]).rec(md::METADATA_VALUE, &[0, 1]);
    });
    assert!(e.contains("used as a node"), "{e}");
    let e = block(&|b| {
        b.rec(md::METADATA_GLOBAL_DECL_ATTACHMENT, &[50, 3, 0]);
    });
    assert!(e.contains("kind 3 is not defined"), "{e}");
}

#[test]
fn damaged_streams_fail_cleanly() {
    let mut b = B::new();
    b.open(block::METADATA_KIND_BLOCK_ID).text(md::METADATA_KIND, &[0], "dbg").close();
    b.open(block::METADATA_BLOCK_ID)
        .strings(&["one", "two", "three"])
        .rec(md::METADATA_DISTINCT_NODE, &[4, 5, 1])
        .rec(md::METADATA_NODE, &[2, 4])
        .text(md::METADATA_NAME, &[], "n")
        .rec(md::METADATA_NAMED_NODE, &[3, 4])
        .close();
    let bytes = b.bytes();
    assert!(load(&bytes, &mut Module::default()).is_ok());
    for n in 0..bytes.len() {
        let _ = load(bytes.get(..n).unwrap_or(&[]), &mut Module::default());
    }
    for bit in 0..bytes.len() * 8 {
        let mut b = bytes.clone();
        if let Some(x) = b.get_mut(bit / 8) {
            *x ^= 1 << (bit % 8);
        }
        let _ = load(&b, &mut Module::default());
    }
}

#[test]
fn specialised_records_refer_forward() {
    let mut b = B::new();
    b.open(block::METADATA_BLOCK_ID)
        // !0 = !DILocation(line: 5, column: 2, scope: !1, inlinedAt: !2), both not read yet.
        .rec(md::METADATA_LOCATION, &[0, 5, 2, 1, 3, 0])
        .rec(md::METADATA_DISTINCT_NODE, &[])
        .rec(md::METADATA_LOCATION, &[1, 7, 0, 1, 0, 0])
        .close();
    let mut m = Module::default();
    let l = load(&b.bytes(), &mut m).unwrap_or_else(|e| panic!("{e}"));
    let MdNodeKind::Record { fields, .. } = &node(&m, l.get(0)).kind else { panic!("no record") };
    let field = |name: &str| {
        fields.iter().find(|f| f.name.map(|n| m.symbols.get(n)) == Some(name)).map(|f| f.value)
    };
    assert_eq!(field("scope"), l.get(1).map(MdField::Md));
    assert_eq!(field("inlinedAt"), l.get(2).map(MdField::Md));
    assert!(node(&m, l.get(2)).distinct);
    assert!(m.metadata.nodes.values().all(|n| !matches!(n.kind, MdNodeKind::Undefined)));
    // The same location from a DEBUG_LOC record is built field for field alike.
    let mut l = l;
    let from_loc = l.debug_loc(&mut m, &[5, 2, 2, 3, 0]).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        Some(m.metadata.nodes[from_loc].kind.clone()),
        Some(node(&m, l.get(0)).kind.clone())
    );
}

#[test]
fn old_module_flags_are_upgraded_as_llvm_reads_them() {
    let mut b = B::new();
    b.open(block::METADATA_BLOCK_ID)
        .strings(&[
            "PIC Level",
            "PIE Level",
            "branch-target-enforcement",
            "Objective-C Image Info Version",
            "Objective-C Image Info Section",
            "__DATA, __objc_imageinfo",
            "Linker Options",
            "-lfoo",
            "Other",
            "Objective-C Garbage Collection",
        ])
        // Ids 10..=14: i32 1, i32 7, i32 2, i32 0, i32 5; 15: i32 0x05040301.
        .rec(md::METADATA_VALUE, &[0, 1])
        .rec(md::METADATA_VALUE, &[0, 7])
        .rec(md::METADATA_VALUE, &[0, 2])
        .rec(md::METADATA_VALUE, &[0, 0])
        .rec(md::METADATA_VALUE, &[0, 5])
        .rec(md::METADATA_VALUE, &[0, 0x0504_0301])
        // 16: PIC (max), 17: PIE (error), 18: branch (error), 19: ObjC version, 20: section,
        // 21: !{!"-lfoo"}, 22: !{!21}, 23: Linker Options, 24: Other (error, untouched),
        // 25: garbage collection.
        .rec(md::METADATA_NODE, &[12, 1, 13])
        .rec(md::METADATA_NODE, &[11, 2, 13])
        .rec(md::METADATA_NODE, &[11, 3, 13])
        .rec(md::METADATA_NODE, &[11, 4, 14])
        .rec(md::METADATA_NODE, &[11, 5, 6])
        .rec(md::METADATA_NODE, &[8])
        .rec(md::METADATA_NODE, &[22])
        .rec(md::METADATA_NODE, &[15, 7, 23])
        .rec(md::METADATA_NODE, &[11, 9, 13])
        .rec(md::METADATA_NODE, &[11, 10, 16])
        .text(md::METADATA_NAME, &[], "llvm.module.flags")
        .rec(md::METADATA_NAMED_NODE, &[16, 17, 18, 19, 20, 23, 24, 25])
        .close();
    let mut m = Module::default();
    let l = load(&b.bytes(), &mut m).unwrap_or_else(|e| panic!("{e}"));
    let show = |md: &Metadata| match md {
        Metadata::String(s) => m.symbols.get(*s).to_string(),
        Metadata::Value(c) => match m.consts.kind(*c) {
            ConstKind::Int(v) => {
                format!("{}{}", v.low_u64(), if v.width() == 8 { "b" } else { "" })
            }
            _ => "?".to_string(),
        },
        Metadata::Node(n) if Some(Metadata::Node(*n)) == l.get(22) => "!opts".to_string(),
        _ => "?".to_string(),
    };
    let flags: Vec<String> = m.metadata.named[0]
        .nodes
        .iter()
        .map(|&n| match &m.metadata.nodes[n].kind {
            MdNodeKind::Tuple(ops) => ops.iter().map(show).collect::<Vec<_>>().join(" "),
            _ => "?".to_string(),
        })
        .collect();
    assert_eq!(
        flags,
        [
            "8 PIC Level 2",
            "7 PIE Level 2",
            "8 branch-target-enforcement 2",
            "1 Objective-C Image Info Version 0",
            "1 Objective-C Image Info Section __DATA,__objc_imageinfo",
            "5 Linker Options !opts",
            "1 Other 2",
            "1 Objective-C Garbage Collection 1b",
            "4 Objective-C Class Properties 0",
            "1 Swift ABI Version 3",
            "1 Swift Major Version 5b",
            "1 Swift Minor Version 4b",
        ]
    );
    let opts = m.metadata.named.iter().find(|n| &*n.name == "llvm.linker.options");
    let opts = opts.map(|n| n.nodes.iter().map(|&x| Metadata::Node(x)).collect::<Vec<_>>());
    assert_eq!(opts, l.get(21).map(|n| vec![n]));
}
