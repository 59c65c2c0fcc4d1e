//! The specialised metadata records (`!DILocation(...)` and the rest) in bitcode, against LLVM
//! 19: for `.ll` inputs covering every record and field (hand-written ones, and C and C++
//! programs compiled with `clang-19 -g` at test time), each specialised record of the
//! bitcode `llvm-as-19` writes is read with `di_layout::decode`, written back with
//! `di_layout::encode` (which must give the same operands), and the node read must equal the
//! one the text parser builds from `llvm-dis-19`'s output of the same file. Nodes are matched
//! by walking both graphs in step from a named metadata list (`!irplay.all`) that names every
//! node; every record read must be reached. Bitcode written by `llvm-as-15` and `-16` (older
//! layouts) is read and compared the same way (without the write-back, which gives LLVM 19's
//! layout).
//!
//! Skipped (with a note) when the LLVM tools are not installed.

use irplay_core::bitcode::bitstream::{Cursor, Entry, Record};
use irplay_core::bitcode::codes::{block, constants as cst, metadata as md, module as modc};
use irplay_core::bitcode::codes::{strtab, types as ty};
use irplay_core::bitcode::di_layout::{decode, encode, is_record_code};
use irplay_core::ir::metadata::{MdField, MdNode, MdNodeKind, Metadata};
use irplay_core::ir::module::GlobalName;
use irplay_core::ir::{ApInt, ConstId, ConstKind, EntityRef, GlobalId, MdId, Module, Symbol};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;
use common::{have, require, Scratch};

fn run(cmd: &mut Command) -> Vec<u8> {
    let out = cmd.output().expect("run tool");
    assert!(out.status.success(), "{cmd:?} failed: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// What a value id of the module stands for (enough to compare with the text's constants).
#[derive(Clone, Debug)]
enum Desc {
    Global(String),
    Int(u32, i64),
    Other(u64),
}

/// A metadata id's meaning in the bitcode side's module.
#[derive(Clone, Copy)]
enum Slot {
    Md(Metadata),
    /// A node record waiting to be decoded: its record index.
    Pending(MdId, usize),
}

/// The bitcode side: the module the decoded nodes live in and what the walk found.
struct BcSide {
    m: Module,
    desc: HashMap<ConstId, Desc>,
    /// The metadata ids of the module block (index 0), then of each function block (module
    /// ids first).
    ids: Vec<Vec<Metadata>>,
    named: BTreeMap<String, Vec<MdId>>,
    /// Specialised records: (node, code, operands, block index in `ids`).
    records: Vec<(MdId, u32, Vec<u64>, usize)>,
}

type RawRecord = (u32, Vec<u64>, Option<Vec<u8>>);

/// Makes the bitcode side's constant for a value id (`true`: a function-local value).
type ValueConst<'a> = dyn Fn(&mut Module, u64, bool, &mut HashMap<ConstId, Desc>) -> ConstId + 'a;

fn strings(rec: &Record<'_>) -> Vec<Vec<u8>> {
    let (count, offset) = (rec.ops[0] as usize, rec.ops[1] as usize);
    let blob = rec.blob.expect("strings blob");
    let mut lens = Cursor::new(&blob[..offset], 0);
    let mut at = offset;
    (0..count)
        .map(|_| {
            let n = lens.read_vbr(6).expect("string length") as usize;
            let s = blob[at..at + n].to_vec();
            at += n;
            s
        })
        .collect()
}

/// Interns a metadata string the way the text parser does (any bytes, losslessly).
fn intern_bytes(m: &mut Module, b: &[u8]) -> Symbol {
    match std::str::from_utf8(b) {
        Ok(s) if !s.chars().any(|c| c as u32 >= irplay_core::ir::symbol::RAW_BYTE_BASE) => {
            m.symbols.intern(s)
        }
        _ => m.symbols.intern(&irplay_core::ir::symbol::name_from_bytes(b)),
    }
}

/// Walks the bitcode: types, global values, module constants, the string table, and the
/// module's metadata block, decoding every node.
fn read_bitcode(bytes: &[u8]) -> Result<BcSide, String> {
    assert_eq!(bytes.get(..4), Some(&b"BC\xC0\xDE"[..]), "bitcode magic");
    let mut c = Cursor::new(&bytes[4..], 4);
    let mut rec = Record::default();
    let mut int_widths: Vec<Option<u32>> = Vec::new();
    let mut globals: Vec<(u64, u64)> = Vec::new();
    let mut consts: Vec<(usize, u32, Vec<u64>)> = Vec::new();
    let mut md_records: Vec<(u32, Vec<u64>, Option<Vec<u8>>)> = Vec::new();
    let mut strtab_blob: Vec<u8> = Vec::new();
    let mut fn_blocks: Vec<Vec<RawRecord>> = Vec::new();
    let mut stack: Vec<u32> = Vec::new();
    let mut cur_type = 0usize;
    let err = |e: irplay_core::bitcode::BitcodeError| e.to_string();
    while let Some(e) = c.advance().map_err(err)? {
        match e {
            Entry::SubBlock(id) => {
                let inside_fn = stack.contains(&block::FUNCTION_BLOCK_ID);
                let want = matches!(
                    id,
                    block::MODULE_BLOCK_ID
                        | block::TYPE_BLOCK_ID_NEW
                        | block::METADATA_BLOCK_ID
                        | block::STRTAB_BLOCK_ID
                        | block::FUNCTION_BLOCK_ID
                ) || (id == block::CONSTANTS_BLOCK_ID && !inside_fn);
                if want {
                    if id == block::METADATA_BLOCK_ID && inside_fn {
                        fn_blocks.push(Vec::new());
                    }
                    c.enter_block().map_err(err)?;
                    stack.push(id);
                } else {
                    c.skip_block().map_err(err)?;
                }
            }
            Entry::EndBlock => {
                stack.pop();
            }
            Entry::Record(a) => {
                c.read_record(a, &mut rec).map_err(err)?;
                let inside_fn = stack.contains(&block::FUNCTION_BLOCK_ID);
                match stack.last().copied() {
                    Some(block::TYPE_BLOCK_ID_NEW) => match rec.code {
                        ty::TYPE_CODE_NUMENTRY | ty::TYPE_CODE_STRUCT_NAME => {}
                        ty::TYPE_CODE_INTEGER => int_widths.push(Some(rec.ops[0] as u32)),
                        _ => int_widths.push(None),
                    },
                    Some(block::MODULE_BLOCK_ID) => match rec.code {
                        modc::MODULE_CODE_GLOBALVAR
                        | modc::MODULE_CODE_FUNCTION
                        | modc::MODULE_CODE_ALIAS
                        | modc::MODULE_CODE_IFUNC => globals.push((rec.ops[0], rec.ops[1])),
                        _ => {}
                    },
                    Some(block::CONSTANTS_BLOCK_ID) => match rec.code {
                        cst::CST_CODE_SETTYPE => cur_type = rec.ops[0] as usize,
                        code => consts.push((cur_type, code, rec.ops.clone())),
                    },
                    Some(block::STRTAB_BLOCK_ID) if rec.code == strtab::STRTAB_BLOB => {
                        strtab_blob = rec.blob.map(<[u8]>::to_vec).unwrap_or_default();
                    }
                    Some(block::METADATA_BLOCK_ID) if inside_fn => {
                        if let Some(b) = fn_blocks.last_mut() {
                            b.push((rec.code, rec.ops.clone(), rec.blob.map(<[u8]>::to_vec)));
                        }
                    }
                    Some(block::METADATA_BLOCK_ID) => {
                        md_records.push((rec.code, rec.ops.clone(), rec.blob.map(<[u8]>::to_vec)))
                    }
                    _ => {}
                }
            }
        }
    }

    let mut m = Module::default();
    let mut desc = HashMap::new();
    let value_const =
        |m: &mut Module, vid: u64, local: bool, desc: &mut HashMap<ConstId, Desc>| -> ConstId {
            let d = if local {
                Desc::Other(vid)
            } else if let Some(&(off, size)) = globals.get(vid as usize) {
                let name = strtab_blob.get(off as usize..(off + size) as usize).unwrap_or_default();
                Desc::Global(String::from_utf8_lossy(name).into_owned())
            } else {
                match consts.get(vid as usize - globals.len()) {
                    // Zero integers are written as null constants.
                    Some((t, cst::CST_CODE_NULL, _)) => match int_widths.get(*t).copied().flatten()
                    {
                        Some(w) if w <= 64 => Desc::Int(w, 0),
                        _ => Desc::Other(vid),
                    },
                    Some((t, cst::CST_CODE_INTEGER, ops)) => {
                        match int_widths.get(*t).copied().flatten() {
                            Some(w) if w <= 64 => {
                                Desc::Int(w, irplay_core::bitcode::bitstream::decode_signed(ops[0]))
                            }
                            _ => Desc::Other(vid),
                        }
                    }
                    _ => Desc::Other(vid),
                }
            };
            let c = match &d {
                Desc::Int(w, v) => {
                    let t = m.types.int(*w);
                    m.consts.int(t, ApInt::from_i64(*w, *v))
                }
                Desc::Global(_) => {
                    let p = m.types.ptr(0);
                    m.consts.intern(p, ConstKind::Global(GlobalId::new(vid as usize)))
                }
                Desc::Other(v) => {
                    let t = m.types.int(8);
                    m.consts.intern(t, ConstKind::Bytes(v.to_le_bytes().into()))
                }
            };
            desc.insert(c, d);
            c
        };

    let mut named = BTreeMap::new();
    let mut all_ids = Vec::new();
    let mut records = Vec::new();
    let module_ids =
        load_block(&mut m, &mut desc, &value_const, &[], &md_records, &mut named, &mut records, 0)?;
    all_ids.push(module_ids.clone());
    for (k, b) in fn_blocks.iter().enumerate() {
        let ids = load_block(
            &mut m,
            &mut desc,
            &value_const,
            &module_ids,
            b,
            &mut named,
            &mut records,
            k + 1,
        )?;
        all_ids.push(ids);
    }
    Ok(BcSide { m, desc, ids: all_ids, named, records })
}

/// Numbers one metadata block's entries (after `prefix`, the module's when in a function)
/// and decodes its nodes.
#[allow(clippy::too_many_arguments)]
fn load_block(
    m: &mut Module,
    desc: &mut HashMap<ConstId, Desc>,
    value_const: &ValueConst<'_>,
    prefix: &[Metadata],
    md_records: &[RawRecord],
    named: &mut BTreeMap<String, Vec<MdId>>,
    records: &mut Vec<(MdId, u32, Vec<u64>, usize)>,
    block_index: usize,
) -> Result<Vec<Metadata>, String> {
    let local = block_index > 0;
    let mut slots: Vec<Slot> = prefix.iter().map(|x| Slot::Md(*x)).collect();
    let mut pending_name: Option<String> = None;
    for (i, (code, ops, blob)) in md_records.iter().enumerate() {
        match *code {
            md::METADATA_STRINGS => {
                let r = Record { code: *code, ops: ops.clone(), blob: blob.as_deref() };
                for s in strings(&r) {
                    slots.push(Slot::Md(Metadata::String(intern_bytes(m, &s))));
                }
            }
            md::METADATA_VALUE => {
                let c = value_const(m, ops[1], local, desc);
                slots.push(Slot::Md(Metadata::Value(c)));
            }
            md::METADATA_NODE | md::METADATA_DISTINCT_NODE => {
                let id = m.metadata.push(MdNode {
                    distinct: false,
                    kind: MdNodeKind::Undefined,
                    number: None,
                });
                slots.push(Slot::Pending(id, i));
            }
            code if is_record_code(code) => {
                let id = m.metadata.push(MdNode {
                    distinct: false,
                    kind: MdNodeKind::Undefined,
                    number: None,
                });
                slots.push(Slot::Pending(id, i));
            }
            md::METADATA_NAME => {
                pending_name = Some(
                    String::from_utf8_lossy(&ops.iter().map(|&b| b as u8).collect::<Vec<_>>())
                        .into_owned(),
                )
            }
            md::METADATA_NAMED_NODE => {
                let list = ops
                    .iter()
                    .map(|&o| match slots.get(o as usize) {
                        Some(Slot::Pending(id, _)) => *id,
                        _ => panic!("named node {o} is not a node"),
                    })
                    .collect();
                named.insert(pending_name.take().unwrap_or_default(), list);
            }
            md::METADATA_ARG_LIST => slots.push(Slot::Md(Metadata::Null)),
            md::METADATA_INDEX_OFFSET
            | md::METADATA_INDEX
            | md::METADATA_GLOBAL_DECL_ATTACHMENT
            | md::METADATA_KIND => {}
            other => return Err(format!("unexpected module metadata record {other}")),
        }
    }
    let ids: Vec<Metadata> = slots
        .iter()
        .map(|s| match s {
            Slot::Md(x) => *x,
            Slot::Pending(id, _) => Metadata::Node(*id),
        })
        .collect();
    for s in &slots {
        let Slot::Pending(id, i) = *s else { continue };
        let (code, ops, _) = &md_records[i];
        let resolve = |k: u64| ids.get(k as usize).copied();
        let (distinct, kind) = if is_record_code(*code) {
            records.push((id, *code, ops.clone(), block_index));
            decode(*code, ops, m, &resolve).map_err(|e| format!("decode {code} {ops:?}: {e}"))?
        } else {
            let elems = ops
                .iter()
                .map(|&o| if o == 0 { Metadata::Null } else { ids[o as usize - 1] })
                .collect::<Vec<_>>();
            (*code == md::METADATA_DISTINCT_NODE, MdNodeKind::Tuple(elems.into()))
        };
        let node = m.metadata.nodes.get_mut(id).expect("node");
        node.distinct = distinct;
        node.kind = kind;
    }
    Ok(ids)
}

/// Walks the bitcode side's graph and the text side's in step.
struct Compare<'a> {
    b: &'a BcSide,
    t: &'a Module,
    seen: HashSet<(MdId, MdId)>,
    reached: HashSet<MdId>,
    work: Vec<(MdId, MdId, String)>,
    errors: Vec<String>,
    loose_values: usize,
}

impl Compare<'_> {
    fn text(m: &Module, s: Symbol) -> String {
        m.symbols.get(s).to_string()
    }

    fn md(&mut self, a: Metadata, b: Metadata, path: &str) {
        match (a, b) {
            (Metadata::Null, Metadata::Null) => {}
            (Metadata::String(x), Metadata::String(y)) => {
                if Self::text(&self.b.m, x) != Self::text(self.t, y) {
                    self.errors.push(format!(
                        "{path}: string {:?} vs {:?}",
                        Self::text(&self.b.m, x),
                        Self::text(self.t, y)
                    ));
                }
            }
            (Metadata::Value(x), Metadata::Value(y)) => self.value(x, y, path),
            (Metadata::Node(x), Metadata::Node(y)) => {
                if self.seen.insert((x, y)) {
                    self.work.push((x, y, path.to_string()));
                }
            }
            (a, b) => self.errors.push(format!("{path}: {a:?} vs {b:?}")),
        }
    }

    fn value(&mut self, x: ConstId, y: ConstId, path: &str) {
        let t = self.t;
        let ok = match (self.b.desc.get(&x), t.consts.kind(y)) {
            (Some(Desc::Int(w, v)), ConstKind::Int(ap)) => {
                t.types.int_bits(t.consts.ty(y)) == Some(*w) && ap.sext(64).low_u64() == *v as u64
            }
            (Some(Desc::Global(n)), ConstKind::Global(g)) => match t.globals[*g].name {
                GlobalName::Named(s) => t.symbols.get(s) == n,
                GlobalName::Numbered(k) => k.to_string() == *n,
            },
            (Some(Desc::Other(_)), _) => {
                self.loose_values += 1;
                true
            }
            _ => false,
        };
        if !ok {
            self.errors.push(format!(
                "{path}: value {:?} vs {:?}",
                self.b.desc.get(&x),
                t.consts.kind(y)
            ));
        }
    }

    fn field(&mut self, a: &MdField, b: &MdField, path: &str) {
        match (a, b) {
            (MdField::Md(x), MdField::Md(y)) => self.md(*x, *y, path),
            (MdField::Value(x), MdField::Value(y)) => self.value(*x, *y, path),
            (MdField::Int(x), MdField::Int(y))
            | (MdField::Words(x), MdField::Words(y))
            | (MdField::Str(x), MdField::Str(y)) => {
                if Self::text(&self.b.m, *x) != Self::text(self.t, *y) {
                    self.errors.push(format!(
                        "{path}: {:?} vs {:?}",
                        Self::text(&self.b.m, *x),
                        Self::text(self.t, *y)
                    ));
                }
            }
            (a, b) => {
                self.errors.push(format!("{path}: {} vs {}", show(&self.b.m, a), show(self.t, b)))
            }
        }
    }

    fn run(&mut self) {
        while let Some((x, y, path)) = self.work.pop() {
            self.reached.insert(x);
            let (bm, t) = (&self.b.m, self.t);
            let (a, b) = (&bm.metadata.nodes[x], &t.metadata.nodes[y]);
            if a.distinct != b.distinct {
                self.errors.push(format!("{path}: distinct {} vs {}", a.distinct, b.distinct));
            }
            match (&a.kind, &b.kind) {
                (MdNodeKind::Tuple(p), MdNodeKind::Tuple(q)) if p.len() == q.len() => {
                    for (i, (u, v)) in p.iter().zip(q.iter()).enumerate() {
                        self.md(*u, *v, &format!("{path}[{i}]"));
                    }
                }
                (
                    MdNodeKind::Record { name: n1, fields: f1 },
                    MdNodeKind::Record { name: n2, fields: f2 },
                ) if Self::text(bm, *n1) == Self::text(t, *n2) => {
                    let here = format!("{path} !{}", Self::text(bm, *n1));
                    let names = |m: &Module, f: &[irplay_core::ir::metadata::MdRecordField]| {
                        f.iter()
                            .map(|f| f.name.map(|n| Self::text(m, n)).unwrap_or_default())
                            .collect::<Vec<_>>()
                    };
                    if names(bm, f1) != names(t, f2) {
                        self.errors.push(format!(
                            "{here}: fields\n  read: {}\n  text: {}",
                            show_node(bm, &a.kind),
                            show_node(t, &b.kind)
                        ));
                        continue;
                    }
                    for (u, v) in f1.iter().zip(f2.iter()) {
                        let fname = u.name.map(|n| Self::text(bm, n)).unwrap_or_default();
                        self.field(&u.value, &v.value, &format!("{here}.{fname}"));
                    }
                }
                _ => self.errors.push(format!(
                    "{path}:\n  read: {}\n  text: {}",
                    show_node(bm, &a.kind),
                    show_node(t, &b.kind)
                )),
            }
        }
    }
}

fn show(m: &Module, f: &MdField) -> String {
    match f {
        MdField::Md(x) => format!("{x:?}"),
        MdField::Int(s) => format!("int {}", m.symbols.get(*s)),
        MdField::Words(s) => m.symbols.get(*s).to_string(),
        MdField::Str(s) => format!("{:?}", m.symbols.get(*s)),
        MdField::Value(c) => format!("value {:?}", m.consts.kind(*c)),
    }
}

fn show_node(m: &Module, k: &MdNodeKind) -> String {
    match k {
        MdNodeKind::Record { name, fields } => {
            let fs: Vec<String> = fields
                .iter()
                .map(|f| {
                    format!(
                        "{}: {}",
                        f.name.map(|n| m.symbols.get(n)).unwrap_or(""),
                        show(m, &f.value)
                    )
                })
                .collect();
            format!("!{}({})", m.symbols.get(*name), fs.join(", "))
        }
        other => format!("{other:?}"),
    }
}

/// What one input gave: records checked per record name.
type Counts = BTreeMap<String, usize>;

/// Reads `bc`, checks every specialised record against `llvm-dis-19`'s text of it (and, when
/// `write_back`, that encoding gives the operands back).
fn check_bitcode(bc: &Path, write_back: bool, label: &str) -> Counts {
    let bytes = std::fs::read(bc).expect("read bitcode");
    let side = read_bitcode(&bytes).unwrap_or_else(|e| panic!("{label}: {e}"));
    let dis = String::from_utf8(run(Command::new("llvm-dis-19").arg(bc).arg("-o").arg("-")))
        .expect("utf-8");
    let parsed = irplay_core::text::parse(&dis);
    let errors: Vec<_> =
        parsed.diagnostics.iter().filter(|d| d.is_error()).map(|d| format!("{d:?}")).collect();
    assert!(errors.is_empty(), "{label}: our parser rejects llvm-dis-19's text: {errors:?}");
    let t = parsed.module.expect("parsed module");

    let mut failures = Vec::new();
    if write_back {
        // What llvm-as-19 writes for the text: the operands `encode` must give.
        let again = bc.with_extension("again.bc");
        let ll = bc.with_extension("dis.ll");
        std::fs::write(&ll, &dis).expect("write");
        run(Command::new("llvm-as-19").arg("-disable-verify").arg(&ll).arg("-o").arg(&again));
        let side2 = read_bitcode(&std::fs::read(&again).expect("read"))
            .unwrap_or_else(|e| panic!("{label}: {e}"));
        failures.extend(write_back_failures(&side2));
    }

    let mut cmp = Compare {
        b: &side,
        t: &t,
        seen: HashSet::new(),
        reached: HashSet::new(),
        work: Vec::new(),
        errors: Vec::new(),
        loose_values: 0,
    };
    let roots_b = side
        .named
        .get("irplay.all")
        .unwrap_or_else(|| panic!("{label}: no !irplay.all in the bitcode"));
    let roots_t = t
        .metadata
        .named
        .iter()
        .find(|n| &*n.name == "irplay.all")
        .expect("!irplay.all in the text");
    assert_eq!(roots_b.len(), roots_t.nodes.len(), "{label}: !irplay.all length");
    for (i, (x, y)) in roots_b.iter().zip(roots_t.nodes.iter()).enumerate() {
        cmp.md(Metadata::Node(*x), Metadata::Node(*y), &format!("!irplay.all[{i}]"));
    }
    cmp.run();
    failures.extend(cmp.errors.iter().cloned());
    // A DIGenericSubrange bound that is a constant expression prints as an integer; the
    // expression was checked through that integer.
    let mut reached = cmp.reached.clone();
    for (id, code, ops, block) in &side.records {
        if *code == md::METADATA_GENERIC_SUBRANGE && reached.contains(id) {
            for &op in &ops[1..] {
                if let Some(Metadata::Node(e)) =
                    op.checked_sub(1).and_then(|k| side.ids[*block].get(k as usize))
                {
                    reached.insert(*e);
                }
            }
        }
    }
    let mut counts = Counts::new();
    // Expressions used only by debug records are printed inline in the function bodies: they
    // must appear among the text's expressions.
    let text_exprs: HashSet<String> = t
        .metadata
        .nodes
        .iter()
        .filter(|(_, n)| matches!(&n.kind, MdNodeKind::Record { name, .. } if t.symbols.get(*name) == "DIExpression"))
        .map(|(_, n)| show_node(&t, &n.kind))
        .collect();
    let mut by_content = 0;
    let mut write_back_only = 0;
    for (id, _, _, block) in &side.records {
        let kind = &side.m.metadata.nodes[*id].kind;
        let is_expr = matches!(kind, MdNodeKind::Record { name, .. } if side.m.symbols.get(*name) == "DIExpression");
        if !reached.contains(id) && is_expr {
            by_content += 1;
            if !text_exprs.contains(&show_node(&side.m, kind)) {
                failures.push(format!("expression not in the text: {}", show_node(&side.m, kind)));
            }
            continue;
        }
        if let MdNodeKind::Record { name, .. } = &side.m.metadata.nodes[*id].kind {
            *counts.entry(side.m.symbols.get(*name).to_string()).or_default() += 1;
        }
        if *block > 0 {
            // Function-local nodes are only used by debug records, not reachable from named
            // metadata: they get the write-back check only.
            write_back_only += 1;
            assert!(write_back, "{label}: function-local records need the write-back check");
        } else if !reached.contains(id) {
            failures.push(format!(
                "not reached from !irplay.all: {}",
                show_node(&side.m, &side.m.metadata.nodes[*id].kind)
            ));
        }
    }
    if write_back_only + by_content > 0 {
        eprintln!("{label}: {by_content} expressions of debug records compared by content, {write_back_only} other function-local records by write-back only");
    }
    assert!(failures.is_empty(), "{label}: {} problems:\n{}", failures.len(), failures.join("\n"));
    counts
}

/// Encodes every specialised record read from `side` and compares with LLVM's operands.
fn write_back_failures(side: &BcSide) -> Vec<String> {
    let mut failures = Vec::new();
    let maps: Vec<(HashMap<MdId, u64>, HashMap<Metadata, u64>)> = side
        .ids
        .iter()
        .map(|ids| {
            let nodes = ids
                .iter()
                .enumerate()
                .filter_map(|(i, x)| match x {
                    Metadata::Node(id) => Some((*id, i as u64)),
                    _ => None,
                })
                .collect();
            let others = ids
                .iter()
                .enumerate()
                .filter(|(_, x)| !matches!(x, Metadata::Node(_)))
                .map(|(i, x)| (*x, i as u64))
                .collect();
            (nodes, others)
        })
        .collect();
    let consts = |_: ConstId| None;
    for (id, code, ops, block) in &side.records {
        let (node_ids, other_ids) = &maps[*block];
        let number = |x: Metadata| match x {
            Metadata::Node(id) => node_ids.get(&id).copied(),
            other => other_ids.get(&other).copied(),
        };
        let node = &side.m.metadata.nodes[*id];
        match encode(node.distinct, &node.kind, &side.m, &number, &consts) {
            Ok((c, o)) if c == *code && o == *ops => {}
            Ok(got) => failures.push(format!(
                "write-back of {}: {got:?}, LLVM wrote ({code}, {ops:?})",
                show_node(&side.m, &node.kind)
            )),
            Err(e) => {
                failures.push(format!("write-back of {}: {e}", show_node(&side.m, &node.kind)))
            }
        }
    }
    failures
}

/// `.ll` text with a `!irplay.all` list naming every numbered node.
fn with_all_list(ll: &str) -> String {
    let mut nums: Vec<u32> =
        ll.lines().filter_map(|l| l.strip_prefix('!')?.split_once(" = ")?.0.parse().ok()).collect();
    nums.sort_unstable();
    let list: Vec<String> = nums.iter().map(|n| format!("!{n}")).collect();
    format!("{ll}\n!irplay.all = !{{{}}}\n", list.join(", "))
}

const RECORDS_LL: &str = include_str!("bitcode_di/records.ll");

const ALL_RECORDS: &[&str] = &[
    "DILocation",
    "GenericDINode",
    "DISubrange",
    "DIGenericSubrange",
    "DIEnumerator",
    "DIBasicType",
    "DIStringType",
    "DIDerivedType",
    "DICompositeType",
    "DISubroutineType",
    "DIFile",
    "DICompileUnit",
    "DISubprogram",
    "DILexicalBlock",
    "DILexicalBlockFile",
    "DICommonBlock",
    "DINamespace",
    "DIModule",
    "DITemplateTypeParameter",
    "DITemplateValueParameter",
    "DIGlobalVariable",
    "DILocalVariable",
    "DILabel",
    "DIExpression",
    "DIGlobalVariableExpression",
    "DIObjCProperty",
    "DIImportedEntity",
    "DIMacro",
    "DIMacroFile",
    "DIAssignID",
];

#[test]
fn hand_written_records_read_and_write_like_llvm_19() {
    for t in ["llvm-as-19", "llvm-dis-19"] {
        require(t);
    }
    let dir = Scratch::new("bitcode-di-records");
    let ll = dir.0.join("records.ll");
    std::fs::write(&ll, RECORDS_LL).expect("write");
    let bc = dir.0.join("records.bc");
    run(Command::new("llvm-as-19").arg("-disable-verify").arg(&ll).arg("-o").arg(&bc));
    let counts = check_bitcode(&bc, true, "records.ll");
    eprintln!("records.ll: records checked: {counts:?}");
    for name in ALL_RECORDS {
        assert!(counts.contains_key(*name), "records.ll checked no {name}: {counts:?}");
    }
}

const C_PROGRAM: &str = r#"
#include <stdarg.h>
#define SQUARE(x) ((x) * (x))
enum color { RED, GREEN = 5, BLUE = -1 };
struct S { int a; long b : 3; unsigned c : 5; double d[4][2]; struct S *next; };
union U { float f; int i; };
typedef struct S S_t;
static int g = 3;
int arr[10];
const char *names[] = {"a", "b"};
static int sum(int n, ...) { va_list ap; va_start(ap, n); int s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, int); va_end(ap); return s; }
int f(S_t *s, int n, enum color c) {
  int t = 0;
  for (int i = 0; i < n; i++) { int sq = SQUARE(i); t += s->a * sq + (int)s->b; }
  union U u; u.i = t;
  if (c == BLUE) goto out;
  t += (int)u.f;
out:
  return t + g + sum(2, t, n) + arr[n & 7];
}
int main(int argc, char **argv) { struct S s = {1, 2, 3, {{0}}, 0}; int vla[argc]; vla[0] = argc; return f(&s, vla[0], GREEN); }
"#;

const CPP_PROGRAM: &str = r#"
#include <cstddef>
namespace ns {
inline namespace v1 { enum class E : unsigned { A = 1, B = 0xffffffffu }; }
template <typename T, int N> struct V {
  T data[N];
  virtual ~V() {}
  virtual T get(int i) const { return data[i]; }
  static const int size = N;
};
struct Base { int b; virtual int vf() { return b; } };
struct Derived : virtual Base, V<double, 3> { int d; int vf() override { return d + b; } };
template <typename... Ts> int count(Ts... ts) { return sizeof...(ts); }
}
using ns::Derived;
using namespace ns;
int (ns::Base::*pm) = &ns::Base::b;
int main() {
  Derived d; d.d = 2; d.b = 1;
  auto lam = [&](int x) { return x + d.d; };
  std::nullptr_t np = nullptr; (void)np;
  int &r = d.d; int &&rr = 3;
  return lam(ns::count(1, 2.0, 'c')) + d.vf() + (int)d.get(0) + r + rr + (int)E::A + d.*pm;
}
"#;

const OBJC_PROGRAM: &str = r#"
__attribute__((objc_root_class))
@interface Foo { int _x; }
@property int x;
@property (readonly, getter=isOn) int on;
@property (setter=put:) int y;
- (int)get;
@end
@implementation Foo
@synthesize x = _x;
@dynamic y;
- (int)isOn { return 1; }
- (int)get { return self.x + self.on; }
@end
int main(void) { return 0; }
"#;

/// Compiles `src` with `clang-19` and the flags to `.ll`, adds `!irplay.all`, assembles it.
fn clang_bitcode(dir: &Path, name: &str, src: &str, flags: &[&str]) -> PathBuf {
    clang_bitcode_with(dir, name, src, flags, 19)
}

/// [`clang_bitcode`] with `clang-<version>` and `llvm-as-<version>`.
fn clang_bitcode_with(dir: &Path, name: &str, src: &str, flags: &[&str], version: u32) -> PathBuf {
    let ext = if flags.contains(&"c++") {
        "cpp"
    } else if flags.contains(&"objective-c") {
        "m"
    } else {
        "c"
    };
    let file = dir.join(format!("{name}.{ext}"));
    std::fs::write(&file, src).expect("write");
    let ll = dir.join(format!("{name}.ll"));
    run(Command::new(format!("clang-{version}"))
        .args(["-S", "-emit-llvm", "-g", "-w"])
        .args(flags.iter().filter(|f| !matches!(**f, "c++" | "objective-c")))
        .arg(&file)
        .arg("-o")
        .arg(&ll));
    let text = std::fs::read_to_string(&ll).expect("read ll");
    let all = dir.join(format!("{name}.all.ll"));
    std::fs::write(&all, with_all_list(&text)).expect("write");
    let bc = dir.join(format!("{name}.bc"));
    run(Command::new(format!("llvm-as-{version}")).arg(&all).arg("-o").arg(&bc));
    bc
}

#[test]
fn clang_19_debug_info_reads_and_writes_like_llvm_19() {
    for t in ["clang-19", "llvm-as-19", "llvm-dis-19"] {
        require(t);
    }
    let dir = Scratch::new("bitcode-di-clang");
    let mut total = Counts::new();
    let builds: &[(&str, &str, &[&str])] = &[
        ("c_o0", C_PROGRAM, &["-O0", "-fdebug-macro", "-gdwarf-5", "-gembed-source"]),
        ("c_o2", C_PROGRAM, &["-O2"]),
        ("cpp_o1", CPP_PROGRAM, &["c++", "-O1", "-std=c++17"]),
        ("objc", OBJC_PROGRAM, &["objective-c"]),
    ];
    for (name, src, flags) in builds {
        let bc = clang_bitcode(&dir.0, name, src, flags);
        for (k, v) in check_bitcode(&bc, true, name) {
            *total.entry(k).or_default() += v;
        }
    }
    eprintln!("clang-19 programs: records checked: {total:?}");
    for name in [
        "DICompileUnit",
        "DISubprogram",
        "DILocation",
        "DILocalVariable",
        "DIExpression",
        "DIMacro",
        "DIMacroFile",
        "DITemplateTypeParameter",
        "DITemplateValueParameter",
        "DINamespace",
        "DIImportedEntity",
        "DIEnumerator",
        "DISubrange",
        "DILabel",
        "DIObjCProperty",
    ] {
        assert!(total.contains_key(name), "the clang programs gave no {name}: {total:?}");
    }
}

/// What `llvm-as-15`/`-16` accept of the hand-written records (no `ptrAuth*`, no
/// `DW_OP_LLVM_extract_bits_*`, no `DIFlagBigEndian`-style values they lack, ...).
fn old_subset(text: &str, version: u32) -> String {
    text.lines()
        .filter(|l| {
            !(l.contains("ptrauth")
                || l.contains("extract_bits")
                || l.contains("DIAssignID") && version < 16)
        })
        .map(|l| {
            if l.starts_with("!irplay.all") {
                let nums: Vec<String> = text
                    .lines()
                    .filter(|x| !x.contains("ptrauth") && !x.contains("extract_bits"))
                    .filter(|x| !(x.contains("DIAssignID") && version < 16))
                    .filter_map(|x| x.strip_prefix('!')?.split_once(" = ")?.0.parse::<u32>().ok())
                    .map(|n| format!("!{n}"))
                    .collect();
                format!("!irplay.all = !{{{}}}", nums.join(", "))
            } else {
                l.replace("DISPFlagObjCDirect | ", "").replace(", targetFuncName: \"tf\"", "")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn older_layouts_read_like_llvm_19() {
    for version in [15u32, 16] {
        let tool = format!("llvm-as-{version}");
        for t in [tool.as_str(), "llvm-dis-19"] {
            require(t);
        }
        let dir = Scratch::new(&format!("bitcode-di-old{version}"));
        let ll = dir.0.join("old.ll");
        std::fs::write(&ll, old_subset(RECORDS_LL, version)).expect("write");
        let bc = dir.0.join("old.bc");
        let out = Command::new(&tool)
            .arg("-disable-verify")
            .arg(&ll)
            .arg("-o")
            .arg(&bc)
            .output()
            .expect("run");
        assert!(out.status.success(), "{tool}: {}", String::from_utf8_lossy(&out.stderr));
        let counts = check_bitcode(&bc, false, &tool);
        assert!(counts.len() >= 25, "{tool}: {counts:?}");
        // What that LLVM's clang emits, assembled by its llvm-as.
        let clang = format!("clang-{version}");
        assert!(
            have(&clang),
            "{clang} is needed by this test (scripts/setup-test-deps.sh installs it)"
        );
        let builds: &[(&str, &str, &[&str])] = &[
            ("c", C_PROGRAM, &["-O0", "-fdebug-macro"]),
            ("c_o2", C_PROGRAM, &["-O2"]),
            ("cpp", CPP_PROGRAM, &["c++", "-O1", "-std=c++17"]),
        ];
        for (name, src, flags) in builds {
            let bc = clang_bitcode_with(&dir.0, name, src, flags, version);
            check_bitcode(&bc, false, &format!("{clang} {name}"));
        }
    }
}
