//! Writing a module as LLVM 19 bitcode: enumeration of types, values and attributes
//! ([`enumerate`]), the module-level blocks ([`module`], constant expressions in
//! [`constexpr`]), function bodies ([`function`], one instruction in [`insts`]), the
//! `BLOCKINFO` abbreviations ([`abbrevs`]); metadata in [`metadata`]; use-list orders
//! ([`uselist`]: arguments, results, blocks and globals, not constants).
//!
//! The file is what LLVM 19 writes, minus the optional parts: no module-level value symbol
//! table (function bodies attach to the `FUNCTION` records in order), no use-list orders of
//! constants, no symbol table or module hash, and every constant in the module's constant block (function
//! blocks refer to constants by absolute id). `llvm-dis-19` reads it back to the module it
//! reads from `llvm-as-19`'s file of the same text.

mod abbrevs;
mod constexpr;
mod enumerate;
mod function;
mod insts;
mod metadata;
mod module;
mod uselist;

use crate::bitcode::bitstream::Writer;
use crate::bitcode::codes::{block, bundle_tag, module as mc, sync_scope};
use crate::bitcode::BitcodeError;
use crate::ir::constants::ConstId;
use crate::ir::function::Value;
use crate::ir::inst::SyncScope;
use crate::ir::module::GlobalId;
use crate::ir::types::TypeId;
use crate::ir::Module;
use enumerate::{ConstRef, Enumeration};
use rustc_hash::FxHashMap as HashMap;

pub(super) use metadata::MdWriter;

/// What the metadata writer needs from the side that numbers types and values.
pub(super) trait ValueIds {
    /// The index of `ty` in the type table.
    fn type_id(&self, ty: TypeId) -> Option<u64>;
    /// The absolute value id of a constant (globals included).
    fn const_id(&self, c: ConstId) -> Option<u64>;
    /// The absolute value id of an argument or instruction result of the function being
    /// written.
    fn local_id(&self, v: Value) -> Option<u64>;
    /// The value id of global `g` (for attachments of globals that no constant refers to).
    /// Without it, the id comes from the global's address constant, if the pool has one.
    fn global_id(&self, g: GlobalId) -> Option<u64> {
        let _ = g;
        None
    }
    /// The value id of the implicit integer constant `v` of type `ty` (see
    /// [`MdWriter::implicit_ints`]).
    fn int_id(&self, ty: TypeId, v: u64) -> Option<u64> {
        let _ = (ty, v);
        None
    }
}

/// The ids the value side hands out; constants need the module to tell globals apart.
struct Ids<'a> {
    m: &'a Module,
    e: &'a Enumeration,
}

impl ValueIds for Ids<'_> {
    fn type_id(&self, ty: TypeId) -> Option<u64> {
        self.e.type_id(ty)
    }
    fn const_id(&self, c: ConstId) -> Option<u64> {
        self.e.const_value(self.m, ConstRef::Pool(c)).map(u64::from)
    }
    fn local_id(&self, v: Value) -> Option<u64> {
        self.e.local_value(v).map(u64::from)
    }
    fn global_id(&self, g: GlobalId) -> Option<u64> {
        self.e.global_value(g).map(u64::from)
    }
    fn int_id(&self, ty: TypeId, v: u64) -> Option<u64> {
        self.e.const_value(self.m, ConstRef::Int(ty, v)).map(u64::from)
    }
}

/// The string table: global and comdat names, referred to by offset and size.
#[derive(Default)]
struct Strtab {
    bytes: Vec<u8>,
    offsets: HashMap<Vec<u8>, u64>,
}

impl Strtab {
    /// The offset of `s`, added if new.
    fn add(&mut self, s: &[u8]) -> u64 {
        if s.is_empty() {
            return 0;
        }
        if let Some(&o) = self.offsets.get(s) {
            return o;
        }
        let o = self.bytes.len() as u64;
        self.bytes.extend_from_slice(s);
        self.offsets.insert(s.to_vec(), o);
        o
    }
}

/// The sync scope names and operand bundle tags of the module, numbered.
struct Scopes {
    scopes: Vec<Vec<u8>>,
    tags: Vec<Vec<u8>>,
}

/// The bundle tags every LLVM 19 context knows, in their fixed order.
const KNOWN_TAGS: [&[u8]; 10] = [
    b"deopt",
    b"funclet",
    b"gc-transition",
    b"cfguardtarget",
    b"preallocated",
    b"gc-live",
    b"clang.arc.attachedcall",
    b"ptrauth",
    b"kcfi",
    b"convergencectrl",
];

impl Scopes {
    fn new(m: &Module) -> Scopes {
        let mut s = Scopes {
            scopes: vec![b"singlethread".to_vec(), Vec::new()],
            tags: KNOWN_TAGS.iter().map(|t| t.to_vec()).collect(),
        };
        for &g in &m.order {
            let Some(body) = m.func(g).and_then(|f| f.body.as_ref()) else { continue };
            for d in body.insts.values() {
                if let Some(SyncScope::Named(n)) = d.mem_info().map(|mi| &mi.scope) {
                    if !s.scopes.iter().any(|x| x[..] == n[..]) {
                        s.scopes.push(n.to_vec());
                    }
                }
                for b in d.call_info().map(|c| &c.bundles[..]).unwrap_or(&[]) {
                    if !s.tags.iter().any(|x| x[..] == b.tag[..]) {
                        s.tags.push(b.tag.to_vec());
                    }
                }
            }
        }
        s
    }

    fn id(&self, scope: &SyncScope) -> u64 {
        match scope {
            SyncScope::System => 1,
            SyncScope::Named(n) => {
                self.scopes.iter().position(|x| x[..] == n[..]).unwrap_or(1) as u64
            }
        }
    }

    fn bundle_id(&self, tag: &[u8]) -> u64 {
        self.tags.iter().position(|x| x[..] == *tag).unwrap_or(0) as u64
    }

    fn write(&self, w: &mut Writer) {
        w.enter_block(block::OPERAND_BUNDLE_TAGS_BLOCK_ID, 3);
        for t in &self.tags {
            let ops: Vec<u64> = t.iter().map(|&c| c as u64).collect();
            w.record(bundle_tag::OPERAND_BUNDLE_TAG, &ops);
        }
        w.end_block();
        w.enter_block(block::SYNC_SCOPE_NAMES_BLOCK_ID, 2);
        for s in &self.scopes {
            let ops: Vec<u64> = s.iter().map(|&c| c as u64).collect();
            w.record(sync_scope::SYNC_SCOPE_NAME, &ops);
        }
        w.end_block();
    }
}

pub(super) fn write(module: &Module) -> Result<Vec<u8>, BitcodeError> {
    let m = module;
    let mut md = MdWriter::new(m);
    let mut e = Enumeration::new(m, &md)?;
    let scopes = Scopes::new(m);
    let mut strtab = Strtab::default();
    let mut w = Writer::new();
    w.bytes(&crate::bitcode::MAGIC);
    module::identification(&mut w);
    w.enter_block(block::MODULE_BLOCK_ID, 3);
    w.record(mc::MODULE_CODE_VERSION, &[2]);
    abbrevs::write_blockinfo(&mut w, e.types.len());
    module::type_table(&mut w, m, &e)?;
    module::attributes(&mut w, m, &e)?;
    module::module_info(&mut w, m, &e, &mut strtab)?;
    module::constants(&mut w, m, &e)?;
    md.write_kinds(&mut w, m);
    md.write_module(&mut w, m, &Ids { m, e: &e });
    let uselists = uselist::ModuleUseLists::new(m);
    uselists.write_module_block(&mut w, m, &e);
    scopes.write(&mut w);
    for &g in &e.globals.clone() {
        function::write_function(&mut w, m, g, &mut e, &mut md, &scopes, &uselists)?;
    }
    w.end_block();
    module::strtab_block(&mut w, &strtab);
    if let Some(err) = md.error() {
        return Err(BitcodeError::new(0, format!("metadata: {err}")));
    }
    Ok(w.finish())
}
