//! Reading the module block: the header strings (triple, datalayout, source file name, module
//! asm, section and gc names), comdats, global variables, functions, aliases and ifuncs (named
//! from the string table), the operand bundle tags and sync scope names, the module value
//! symbol table, and the dispatch to the type, attribute, constant, metadata and function
//! readers.

use super::attrs::AttrList;
use super::{bytes_of, chars, MdLoader, ValueTable};
use crate::bitcode::bitstream::{Cursor, Entry, Record};
use crate::bitcode::codes::{block, bundle_tag, comdat as cd, module as mc, sync_scope, vst};
use crate::bitcode::BitcodeError;
use crate::ir::function::{Function, LocalName, Param};
use crate::ir::module::{
    Comdat, ComdatId, ComdatKind, DllStorage, GlobalKind, GlobalName, GlobalValue, GlobalVar,
    Linkage, Preemption, ThreadLocal, UnnamedAddr, Visibility,
};
use crate::ir::{AttrSetId, ConstId, ConstKind, EntityRef, GlobalId, Module, TypeId};
use rustc_hash::FxHashMap as HashMap;
use std::collections::VecDeque;

/// A reference from a global to a value that may not be read yet (an initializer, aliasee,
/// resolver, prefix, prologue or personality).
#[derive(Copy, Clone, Debug)]
pub(super) enum Deferred {
    Init(GlobalId),
    Aliasee(GlobalId),
    Resolver(GlobalId),
    Prefix(GlobalId),
    Prologue(GlobalId),
    Personality(GlobalId),
}

/// The state of reading one module.
pub(super) struct ModuleReader<'a> {
    pub m: Module,
    pub md: MdLoader,
    pub vals: ValueTable,
    pub strtab: &'a [u8],
    pub producer: Option<String>,
    pub attr_groups: HashMap<u64, (u64, AttrSetId)>,
    pub attr_lists: Vec<AttrList>,
    pub sections: Vec<Box<[u8]>>,
    pub gc_names: Vec<Box<[u8]>>,
    pub comdats: Vec<ComdatId>,
    pub bundle_tags: Vec<Box<[u8]>>,
    pub sync_scopes: Vec<Box<[u8]>>,
    /// Defined functions whose bodies are still to come, in record order.
    pub bodies: VecDeque<GlobalId>,
    /// References from globals to values, resolved once the module constants are read.
    pub deferred: Vec<(Deferred, u64)>,
    /// Global variables, aliases, ifuncs and functions, in record order.
    pub kinds: [Vec<GlobalId>; 4],
    /// Attribute lists of the functions, for their parameters.
    pub fn_attrs: HashMap<GlobalId, AttrList>,
    /// The size of the input in bytes, to bound counts the file claims.
    pub input_len: u64,
    /// True once a constant expression LLVM 19 no longer has was read (see `constexpr`).
    pub legacy_exprs: bool,
    /// Whether the file's use-list order becomes `uselistorder` directives (see `uselist`);
    /// otherwise its records are checked and dropped.
    pub keep_uselistorder: bool,
}

/// LLVM's encoded linkages.
fn linkage(v: u64) -> Linkage {
    match v {
        2 => Linkage::Appending,
        3 => Linkage::Internal,
        7 => Linkage::ExternWeak,
        8 => Linkage::Common,
        9 | 13 | 14 => Linkage::Private,
        12 => Linkage::AvailableExternally,
        1 | 16 => Linkage::Weak,
        4 | 18 => Linkage::LinkOnce,
        10 | 17 => Linkage::WeakOdr,
        11 | 19 => Linkage::LinkOnceOdr,
        _ => Linkage::External,
    }
}

fn visibility(v: u64) -> Visibility {
    match v {
        1 => Visibility::Hidden,
        2 => Visibility::Protected,
        _ => Visibility::Default,
    }
}

fn dll(v: u64) -> DllStorage {
    match v {
        1 => DllStorage::Import,
        2 => DllStorage::Export,
        _ => DllStorage::Default,
    }
}

fn tls(v: u64) -> ThreadLocal {
    match v {
        1 => ThreadLocal::GeneralDynamic,
        2 => ThreadLocal::LocalDynamic,
        3 => ThreadLocal::InitialExec,
        4 => ThreadLocal::LocalExec,
        _ => ThreadLocal::NotThreadLocal,
    }
}

fn unnamed(v: u64) -> UnnamedAddr {
    match v {
        1 => UnnamedAddr::Global,
        2 => UnnamedAddr::Local,
        _ => UnnamedAddr::None,
    }
}

/// An encoded alignment (log2 + 1, `0` for none).
pub(super) fn align(v: u64) -> Result<Option<u64>, String> {
    match v {
        0 => Ok(None),
        1..=33 => Ok(Some(1u64 << (v - 1))),
        _ => Err(format!("bad alignment {v}")),
    }
}

impl<'a> ModuleReader<'a> {
    pub(super) fn new(
        strtab: &'a [u8],
        producer: Option<String>,
        input_len: usize,
    ) -> ModuleReader<'a> {
        ModuleReader {
            m: Module::default(),
            md: MdLoader::default(),
            vals: ValueTable::default(),
            strtab,
            producer,
            attr_groups: HashMap::default(),
            attr_lists: Vec::new(),
            sections: Vec::new(),
            gc_names: Vec::new(),
            comdats: Vec::new(),
            bundle_tags: Vec::new(),
            sync_scopes: Vec::new(),
            bodies: VecDeque::new(),
            deferred: Vec::new(),
            kinds: Default::default(),
            fn_attrs: HashMap::default(),
            input_len: input_len as u64,
            legacy_exprs: false,
            keep_uselistorder: false,
        }
    }

    /// Reads the module block (the cursor is inside it).
    pub(super) fn read(mut self, c: &mut Cursor<'_>) -> Result<Module, BitcodeError> {
        let mut rec = Record::default();
        let mut resolved = false;
        while let Some(e) = c.advance()? {
            match e {
                Entry::EndBlock => break,
                Entry::SubBlock(id) => {
                    c.enter_block()?;
                    match id {
                        block::TYPE_BLOCK_ID_NEW => self.read_types(c)?,
                        block::PARAMATTR_GROUP_BLOCK_ID => self.read_attr_groups(c)?,
                        block::PARAMATTR_BLOCK_ID => self.read_attr_lists(c)?,
                        block::CONSTANTS_BLOCK_ID => {
                            self.read_constants(c, false)?;
                            self.resolve_deferred(c, false)?;
                        }
                        block::METADATA_KIND_BLOCK_ID => self.md.read_kinds(c, &mut self.m)?,
                        block::METADATA_BLOCK_ID => {
                            self.resolve_deferred(c, false)?;
                            self.md.read_block(c, &mut self.m, &mut self.vals)?
                        }
                        block::OPERAND_BUNDLE_TAGS_BLOCK_ID => {
                            self.bundle_tags = read_names(c, bundle_tag::OPERAND_BUNDLE_TAG)?
                        }
                        block::SYNC_SCOPE_NAMES_BLOCK_ID => {
                            self.sync_scopes = read_names(c, sync_scope::SYNC_SCOPE_NAME)?
                        }
                        block::VALUE_SYMTAB_BLOCK_ID => self.read_module_vst(c)?,
                        block::USELIST_BLOCK_ID => self.read_uselists(c, None)?,
                        block::FUNCTION_BLOCK_ID => {
                            if !resolved {
                                self.resolve_deferred(c, true)?;
                                resolved = true;
                            }
                            let Some(g) = self.bodies.pop_front() else {
                                return Err(c.error("a function body without a defined function"));
                            };
                            self.read_function(c, g)?;
                        }
                        _ => c.leave_block()?,
                    }
                }
                Entry::Record(a) => {
                    c.read_record(a, &mut rec)?;
                    self.module_record(c, &rec)?;
                }
            }
        }
        if !resolved {
            self.resolve_deferred(c, true)?;
        }
        if let Some(&g) = self.bodies.front() {
            let name = self.m.global_name(g);
            return Err(c.error(format!("the body of @{name} is missing")));
        }
        self.upgrade_datalayout(c)?;
        let [vars, aliases, ifuncs, funcs] = std::mem::take(&mut self.kinds);
        self.m.order = vars.into_iter().chain(aliases).chain(ifuncs).chain(funcs).collect();
        // Unnamed globals are numbered in printing order, as the text names them.
        let mut next = 0u32;
        for &g in &self.m.order {
            if let Some(gv) = self.m.globals.get_mut(g) {
                if let GlobalName::Numbered(_) = gv.name {
                    gv.name = GlobalName::Numbered(next);
                    self.m.global_names.insert(GlobalName::Numbered(next), g);
                    next += 1;
                }
            }
        }
        super::upgrade::apply(&mut self.m);
        if self.keep_uselistorder {
            super::uselist::finish(&mut self.m);
        } else {
            self.m.uselistorders.clear();
        }
        Ok(self.m)
    }

    /// LLVM 19's upgrade of x86 data layouts from older LLVMs (the pointer sizes of address
    /// spaces 270 to 272, and the 16-byte alignment of `i128`).
    fn upgrade_datalayout(&mut self, c: &Cursor<'_>) -> Result<(), BitcodeError> {
        let (Some(dl), Some(triple)) = (&self.m.datalayout_str, &self.m.triple) else {
            return Ok(());
        };
        let (Ok(dl), Ok(triple)) = (std::str::from_utf8(dl), std::str::from_utf8(triple)) else {
            return Ok(());
        };
        let new = upgraded_datalayout(dl, triple);
        if new != dl {
            match crate::ir::datalayout::parse(&new) {
                Ok(d) => self.m.datalayout = d,
                Err(e) => return Err(c.error(format!("invalid datalayout: {}", e.message))),
            }
            self.m.datalayout_str = Some(new.into_bytes().into());
        }
        Ok(())
    }

    fn module_record(&mut self, c: &Cursor<'_>, rec: &Record<'_>) -> Result<(), BitcodeError> {
        let ops = &rec.ops[..];
        let code = rec.code;
        match code {
            mc::MODULE_CODE_VERSION => {
                let v = ops.first().copied().unwrap_or(0);
                if v != 2 {
                    return Err(c.record_error(
                        code,
                        format!(
                            "module version {v}: irplay reads bitcode from LLVM 15 on (version 2)"
                        ),
                    ));
                }
            }
            mc::MODULE_CODE_TRIPLE => self.m.triple = Some(bytes_of(ops)),
            mc::MODULE_CODE_DATALAYOUT => {
                let s = chars(ops);
                match crate::ir::datalayout::parse(&s) {
                    Ok(dl) => self.m.datalayout = dl,
                    Err(e) => {
                        return Err(
                            c.record_error(code, format!("invalid datalayout: {}", e.message))
                        )
                    }
                }
                self.m.datalayout_str = Some(bytes_of(ops));
            }
            mc::MODULE_CODE_ASM => {
                let all = bytes_of(ops);
                let all = all.strip_suffix(b"\n").unwrap_or(&all);
                if !all.is_empty() || !ops.is_empty() {
                    for line in all.split(|&b| b == b'\n') {
                        self.m.module_asm.push(line.into());
                    }
                }
            }
            mc::MODULE_CODE_SECTIONNAME => self.sections.push(bytes_of(ops)),
            mc::MODULE_CODE_GCNAME => self.gc_names.push(bytes_of(ops)),
            mc::MODULE_CODE_DEPLIB => {}
            mc::MODULE_CODE_SOURCE_FILENAME => self.m.source_filename = Some(bytes_of(ops)),
            mc::MODULE_CODE_VSTOFFSET | mc::MODULE_CODE_HASH => {}
            mc::MODULE_CODE_COMDAT => {
                let (name, rest) = self.strtab_name(c, code, ops)?;
                let kind = match rest.first().copied().unwrap_or(1) as u32 {
                    cd::COMDAT_SELECTION_KIND_EXACT_MATCH => ComdatKind::ExactMatch,
                    cd::COMDAT_SELECTION_KIND_LARGEST => ComdatKind::Largest,
                    cd::COMDAT_SELECTION_KIND_NO_DUPLICATES => ComdatKind::NoDeduplicate,
                    cd::COMDAT_SELECTION_KIND_SAME_SIZE => ComdatKind::SameSize,
                    _ => ComdatKind::Any,
                };
                let sym = self.m.symbols.intern(&crate::ir::symbol::name_from_bytes(name));
                let id = self.m.comdats.push(Comdat {
                    name: sym,
                    kind,
                    span: Some(crate::diag::Span::default()),
                });
                self.comdats.push(id);
            }
            mc::MODULE_CODE_GLOBALVAR => self.global_var(c, code, ops)?,
            mc::MODULE_CODE_FUNCTION => self.function_record(c, code, ops)?,
            mc::MODULE_CODE_ALIAS | mc::MODULE_CODE_IFUNC => self.alias(c, code, ops)?,
            _ => return Err(c.record_error(code, "unknown record")),
        }
        Ok(())
    }

    /// The `(strtab offset, size)` name at the start of a record, and the rest.
    fn strtab_name<'o>(
        &self,
        c: &Cursor<'_>,
        code: u32,
        ops: &'o [u64],
    ) -> Result<(&'a [u8], &'o [u64]), BitcodeError> {
        let (Some(&off), Some(&len)) = (ops.first(), ops.get(1)) else {
            return Err(c.record_error(code, "too few operands"));
        };
        let name = usize::try_from(off)
            .ok()
            .zip(usize::try_from(len).ok())
            .and_then(|(o, l)| self.strtab.get(o..o.checked_add(l)?));
        match name {
            Some(n) => Ok((n, ops.get(2..).unwrap_or(&[]))),
            None => Err(c.record_error(code, "a name past the end of the string table")),
        }
    }

    /// A new global named `name` (unnamed for an empty name).
    fn new_global(&mut self, name: &[u8], kind: GlobalKind, which: usize) -> GlobalId {
        let gname = if name.is_empty() {
            GlobalName::Numbered(self.m.globals.len() as u32)
        } else {
            GlobalName::Named(self.m.symbols.intern(&crate::ir::symbol::name_from_bytes(name)))
        };
        let mut gv = GlobalValue::forward(gname.clone(), crate::diag::Span::default());
        gv.kind = kind;
        let g = self.m.globals.push(gv);
        if !name.is_empty() {
            self.m.global_names.insert(gname, g);
        }
        if let Some(k) = self.kinds.get_mut(which) {
            k.push(g);
        }
        g
    }

    /// Adds global `g` (address space `asp`) to the value list.
    fn push_global_value(&mut self, g: GlobalId, asp: u32) {
        let ty = self.m.types.ptr(asp);
        let c = self.m.consts.intern(ty, ConstKind::Global(g));
        self.vals.module.push(c);
    }

    fn comdat(&self, c: &Cursor<'_>, code: u32, v: u64) -> Result<Option<ComdatId>, BitcodeError> {
        if v == 0 {
            return Ok(None);
        }
        let id = usize::try_from(v - 1).ok().and_then(|i| self.comdats.get(i)).copied();
        id.map(Some).ok_or_else(|| c.record_error(code, format!("comdat {v} is not defined")))
    }

    fn string_at(
        list: &[Box<[u8]>],
        c: &Cursor<'_>,
        code: u32,
        v: u64,
        what: &str,
    ) -> Result<Option<Box<[u8]>>, BitcodeError> {
        if v == 0 {
            return Ok(None);
        }
        let s = usize::try_from(v - 1).ok().and_then(|i| list.get(i)).cloned();
        s.map(Some).ok_or_else(|| c.record_error(code, format!("{what} {v} is not defined")))
    }

    /// `dso_local`, unless LLVM would imply it (local linkage, or a hidden or protected
    /// symbol), when it prints nothing.
    fn preemption(gv: &GlobalValue, dso_local: bool) -> Preemption {
        let implicit = gv.linkage.is_local()
            || (gv.visibility != Visibility::Default && gv.linkage != Linkage::ExternWeak);
        if dso_local && !implicit {
            Preemption::DsoLocal
        } else {
            Preemption::Default
        }
    }

    fn global_var(&mut self, c: &Cursor<'_>, code: u32, ops: &[u64]) -> Result<(), BitcodeError> {
        let (name, r) = self.strtab_name(c, code, ops)?;
        let at = |i: usize| r.get(i).copied().unwrap_or(0);
        if r.len() < 6 {
            return Err(c.record_error(code, "too few operands"));
        }
        let flags = at(1);
        if flags & 2 == 0 {
            return Err(self.typed_pointer_error(c, code));
        }
        let value_ty = self
            .vals
            .ty(at(0))
            .ok_or_else(|| c.record_error(code, format!("type {} is not defined", at(0))))?;
        let asp =
            u32::try_from(flags >> 2).map_err(|_| c.record_error(code, "bad address space"))?;
        let lk = linkage(at(3));
        let var = GlobalVar {
            value_ty,
            init: None,
            constant: flags & 1 != 0,
            externally_initialized: at(9) != 0,
            align: align(at(4)).map_err(|m| c.record_error(code, m))?,
            code_model: match at(17) {
                0 => None,
                n => {
                    let names = ["tiny", "small", "kernel", "medium", "large"];
                    let s = names
                        .get((n - 1) as usize)
                        .ok_or_else(|| c.record_error(code, "bad code model"))?;
                    Some(s.as_bytes().into())
                }
            },
            attrs: AttrSetId::EMPTY,
        };
        let g = self.new_global(name, GlobalKind::Var(var), 0);
        let section = Self::string_at(&self.sections, c, code, at(5), "section")?;
        let comdat = self.comdat(c, code, at(11))?;
        let attrs = self.attr_list(at(12)).ok_or_else(|| {
            c.record_error(code, format!("attribute list {} is not defined", at(12)))
        })?;
        let partition = match r.get(14..16) {
            Some([o, l]) if *l > 0 => Some(self.strtab_bytes(c, code, *o, *l)?),
            _ => None,
        };
        let gv = &mut self.m.globals[g];
        gv.linkage =
            if at(2) == 0 && lk == Linkage::External { Linkage::ExternalExplicit } else { lk };
        gv.visibility = visibility(at(6));
        gv.thread_local = tls(at(7));
        gv.unnamed_addr = unnamed(at(8));
        gv.dll_storage = dll(at(10));
        gv.addrspace = asp;
        gv.section = section;
        gv.comdat = comdat;
        gv.partition = partition;
        gv.sanitizer = (at(16) & 0xF) as u8;
        gv.preemption = Self::preemption(gv, at(13) != 0);
        if let GlobalKind::Var(v) = &mut gv.kind {
            v.attrs = attrs.func;
        }
        if at(2) != 0 {
            self.deferred.push((Deferred::Init(g), at(2) - 1));
        }
        self.push_global_value(g, asp);
        Ok(())
    }

    fn strtab_bytes(
        &self,
        c: &Cursor<'_>,
        code: u32,
        o: u64,
        l: u64,
    ) -> Result<Box<[u8]>, BitcodeError> {
        let pair = [o, l];
        Ok(self.strtab_name(c, code, &pair)?.0.into())
    }

    fn function_record(
        &mut self,
        c: &Cursor<'_>,
        code: u32,
        ops: &[u64],
    ) -> Result<(), BitcodeError> {
        let (name, r) = self.strtab_name(c, code, ops)?;
        let at = |i: usize| r.get(i).copied().unwrap_or(0);
        if r.len() < 6 {
            return Err(c.record_error(code, "too few operands"));
        }
        let fty = self
            .vals
            .ty(at(0))
            .ok_or_else(|| c.record_error(code, format!("type {} is not defined", at(0))))?;
        let Some((_, params, _)) = self.m.types.func_sig(fty) else {
            if self.m.types.is_ptr(fty) {
                return Err(self.typed_pointer_error(c, code));
            }
            return Err(c.record_error(code, "a function whose type is not a function type"));
        };
        let params = params.to_vec();
        let list = self.attr_list(at(4)).ok_or_else(|| {
            c.record_error(code, format!("attribute list {} is not defined", at(4)))
        })?;
        let mut f = Function::new(fty);
        f.cc = u32::try_from(at(1)).map_err(|_| c.record_error(code, "bad calling convention"))?;
        f.ret_attrs = list.ret;
        f.fn_attrs = list.func;
        f.params = params
            .iter()
            .enumerate()
            .map(|(i, &ty)| Param {
                ty,
                attrs: list.param(i),
                name: LocalName::Unnamed,
                span: crate::diag::Span::default(),
            })
            .collect();
        f.align = align(at(5)).map_err(|m| c.record_error(code, m))?;
        f.section = Self::string_at(&self.sections, c, code, at(6), "section")?;
        f.gc = Self::string_at(&self.gc_names, c, code, at(8), "gc name")?;
        let asp = u32::try_from(at(16)).map_err(|_| c.record_error(code, "bad address space"))?;
        f.addrspace = asp;
        let is_proto = at(2) != 0;
        let comdat = self.comdat(c, code, at(12))?;
        let partition = match r.get(17..19) {
            Some([o, l]) if *l > 0 => Some(self.strtab_bytes(c, code, *o, *l)?),
            _ => None,
        };
        let g = self.new_global(name, GlobalKind::Func(Box::new(f)), 3);
        let gv = &mut self.m.globals[g];
        gv.linkage = linkage(at(3));
        gv.visibility = visibility(at(7));
        gv.unnamed_addr = unnamed(at(9));
        gv.dll_storage = dll(at(11));
        gv.addrspace = asp;
        gv.comdat = comdat;
        gv.partition = partition;
        gv.preemption = Self::preemption(gv, at(15) != 0);
        for (i, d) in
            [(10, Deferred::Prologue(g)), (13, Deferred::Prefix(g)), (14, Deferred::Personality(g))]
        {
            if at(i) != 0 {
                self.deferred.push((d, at(i) - 1));
            }
        }
        if !is_proto {
            self.bodies.push_back(g);
        }
        self.fn_attrs.insert(g, list);
        self.push_global_value(g, asp);
        Ok(())
    }

    fn alias(&mut self, c: &Cursor<'_>, code: u32, ops: &[u64]) -> Result<(), BitcodeError> {
        let (name, r) = self.strtab_name(c, code, ops)?;
        let at = |i: usize| r.get(i).copied().unwrap_or(0);
        if r.len() < 4 {
            return Err(c.record_error(code, "too few operands"));
        }
        let value_ty = self
            .vals
            .ty(at(0))
            .ok_or_else(|| c.record_error(code, format!("type {} is not defined", at(0))))?;
        let asp = u32::try_from(at(1)).map_err(|_| c.record_error(code, "bad address space"))?;
        let placeholder = ConstId::new(0);
        let is_alias = code == mc::MODULE_CODE_ALIAS;
        let (kind, which) = if is_alias {
            (GlobalKind::Alias { value_ty, aliasee: placeholder }, 1)
        } else {
            (GlobalKind::IFunc { value_ty, resolver: placeholder }, 2)
        };
        let g = self.new_global(name, kind, which);
        let gv = &mut self.m.globals[g];
        gv.linkage = linkage(at(3));
        gv.visibility = visibility(at(4));
        gv.addrspace = asp;
        let (dso, part) = if is_alias {
            gv.dll_storage = dll(at(5));
            gv.thread_local = tls(at(6));
            gv.unnamed_addr = unnamed(at(7));
            (at(8), 9)
        } else {
            (at(5), 6)
        };
        gv.preemption = Self::preemption(gv, dso != 0);
        if let Some([o, l]) = r.get(part..part + 2) {
            if *l > 0 {
                let p = self.strtab_bytes(c, code, *o, *l)?;
                self.m.globals[g].partition = Some(p);
            }
        }
        let d = if is_alias { Deferred::Aliasee(g) } else { Deferred::Resolver(g) };
        self.deferred.push((d, at(2)));
        self.push_global_value(g, asp);
        Ok(())
    }

    /// Sets the references of globals to values read by now; with `all`, every one must be.
    pub(super) fn resolve_deferred(
        &mut self,
        c: &Cursor<'_>,
        all: bool,
    ) -> Result<(), BitcodeError> {
        let list = std::mem::take(&mut self.deferred);
        for (d, v) in list {
            let Some(&k) = usize::try_from(v).ok().and_then(|i| self.vals.module.get(i)) else {
                if all {
                    return Err(
                        c.error(format!("a global refers to value {v}, which is not defined"))
                    );
                }
                self.deferred.push((d, v));
                continue;
            };
            if self.legacy_exprs && self.is_legacy(k, &mut HashMap::default(), 0).unwrap_or(true) {
                return Err(c.error(format!(
                    "a global uses the {} constant expression, which LLVM 19 no longer has",
                    self.legacy_name(k)
                )));
            }
            fn gv(m: &mut Module, g: GlobalId) -> Option<&mut GlobalKind> {
                m.globals.get_mut(g).map(|gv| &mut gv.kind)
            }
            match d {
                Deferred::Init(g) => {
                    if let Some(GlobalKind::Var(var)) = gv(&mut self.m, g) {
                        var.init = Some(k);
                    }
                }
                Deferred::Aliasee(g) => {
                    if let Some(GlobalKind::Alias { aliasee, .. }) = gv(&mut self.m, g) {
                        *aliasee = k;
                    }
                }
                Deferred::Resolver(g) => {
                    if let Some(GlobalKind::IFunc { resolver, .. }) = gv(&mut self.m, g) {
                        *resolver = k;
                    }
                }
                Deferred::Prefix(g) | Deferred::Prologue(g) | Deferred::Personality(g) => {
                    if let Some(GlobalKind::Func(f)) = gv(&mut self.m, g) {
                        match d {
                            Deferred::Prefix(_) => f.prefix = Some(k),
                            Deferred::Prologue(_) => f.prologue = Some(k),
                            _ => f.personality = Some(k),
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Reads the module-level value symbol table: names of globals when there is no string
    /// table (function offsets are not needed: bodies are read in order).
    fn read_module_vst(&mut self, c: &mut Cursor<'_>) -> Result<(), BitcodeError> {
        let mut rec = Record::default();
        while c.next_record(&mut rec)? {
            match rec.code {
                vst::VST_CODE_ENTRY | vst::VST_CODE_FNENTRY => {
                    let skip = if rec.code == vst::VST_CODE_FNENTRY { 2 } else { 1 };
                    let name = rec.ops.get(skip..).unwrap_or(&[]);
                    let Some(&v) = rec.ops.first() else {
                        return Err(c.record_error(rec.code, "too few operands"));
                    };
                    if name.is_empty() {
                        continue;
                    }
                    let k = usize::try_from(v).ok().and_then(|i| self.vals.module.get(i)).copied();
                    let Some(ConstKind::Global(g)) = k.map(|k| self.m.consts.kind(k).clone())
                    else {
                        return Err(c.record_error(rec.code, format!("value {v} is not a global")));
                    };
                    if matches!(
                        self.m.globals.get(g).map(|gv| &gv.name),
                        Some(GlobalName::Numbered(_))
                    ) {
                        let key = GlobalName::Named(self.m.symbols.intern(&chars(name)));
                        self.m.globals[g].name = key.clone();
                        self.m.global_names.insert(key, g);
                    }
                }
                vst::VST_CODE_COMBINED_ENTRY => {}
                code => return Err(c.record_error(code, "unknown record")),
            }
        }
        Ok(())
    }

    /// The type of a record's type operand.
    pub(super) fn type_op(
        &self,
        c: &Cursor<'_>,
        code: u32,
        v: Option<u64>,
    ) -> Result<TypeId, BitcodeError> {
        let v = v.ok_or_else(|| c.record_error(code, "too few operands"))?;
        self.vals.ty(v).ok_or_else(|| c.record_error(code, format!("type {v} is not defined")))
    }
}

/// Reads a block of name records (operand bundle tags, sync scope names).
fn read_names(c: &mut Cursor<'_>, want: u32) -> Result<Vec<Box<[u8]>>, BitcodeError> {
    let mut rec = Record::default();
    let mut out = Vec::new();
    while let Some(e) = c.advance()? {
        match e {
            Entry::Record(a) => {
                c.read_record(a, &mut rec)?;
                if rec.code != want {
                    return Err(c.record_error(rec.code, "unknown record"));
                }
                out.push(bytes_of(&rec.ops));
            }
            Entry::SubBlock(_) => c.skip_block()?,
            Entry::EndBlock => break,
        }
    }
    Ok(out)
}

/// The data layout LLVM 19 reads `dl` of target `triple` as (`UpgradeDataLayoutString`, for
/// x86 targets).
fn upgraded_datalayout(dl: &str, triple: &str) -> String {
    let arch = triple.split('-').next().unwrap_or("");
    let x86 = matches!(arch, "x86_64" | "x86_64h" | "amd64")
        || (arch.len() == 4 && arch.starts_with('i') && arch.ends_with("86"));
    if !x86 {
        return dl.to_string();
    }
    let mut res = dl.to_string();
    let spaces = "-p270:32:32-p271:32:32-p272:64:64";
    if !res.contains(spaces) {
        // (e-m:[a-z](-p:32:32)?)(-[if]64:.*$), searched anywhere.
        let b = res.as_bytes();
        let found = (0..b.len()).find_map(|k| {
            let head = b.get(k..k + 5)?;
            if !(head.starts_with(b"e-m:") && head.get(4).is_some_and(|c| c.is_ascii_lowercase())) {
                return None;
            }
            let mut end = k + 5;
            if b.get(end..end + 8) == Some(b"-p:32:32") {
                end += 8;
            }
            let tail = b.get(end..end + 5)?;
            (tail == b"-i64:" || tail == b"-f64:").then_some((k, end))
        });
        if let Some((k, end)) = found {
            let (head, tail) = (res.get(k..end).unwrap_or(""), res.get(end..).unwrap_or(""));
            res = format!("{head}{spaces}{tail}");
        }
    }
    let iamcu = triple.split('-').nth(2) == Some("iamcu");
    if !iamcu && !res.contains("-i128:128") {
        // ^(e(-[mpi][^-]*)*)((-[^mpi][^-]*)*)$
        let comps: Vec<&str> = res.split('-').collect();
        let mpi = |c: &str| c.starts_with(['m', 'p', 'i']);
        if comps.first() == Some(&"e") {
            let j = comps.iter().skip(1).position(|c| !mpi(c)).map_or(comps.len(), |p| p + 1);
            let rest = comps.get(j..).unwrap_or(&[]);
            if rest.iter().all(|c| !c.is_empty() && !mpi(c))
                && comps.get(1..j).unwrap_or(&[]).iter().all(|c| !c.is_empty())
            {
                let mut out = comps.get(..j).unwrap_or(&[]).join("-");
                out.push_str("-i128:128");
                for c in rest {
                    out.push('-');
                    out.push_str(c);
                }
                res = out;
            }
        }
    }
    res
}
