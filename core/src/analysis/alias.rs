//! A basic alias analysis in the spirit of LLVM's BasicAA: pointers decomposed into an underlying
//! object and a constant byte offset, and mod/ref queries of instructions against locations.
//!
//! What it knows:
//! * decomposition through `getelementptr` with constant indices (struct fields, arrays, the
//!   leading index; offsets from the module's data layout), `bitcast` and constant-expression
//!   GEPs/bitcasts of globals;
//! * identified objects: `alloca`s, global variables and functions (not aliases or ifuncs),
//!   `noalias` arguments and the results of allocation calls (`malloc`, `calloc`, `_Znwm`...,
//!   or any call whose return is `noalias`). Two different identified objects never alias;
//! * one object, two constant offsets: disjoint byte ranges do not alias, equal offsets are a
//!   must-alias, overlapping ones a partial alias;
//! * an `alloca` whose address never escapes (never stored as a value, passed to a call other
//!   than lifetime markers and `memcpy`/`memmove`/`memset`, converted with `ptrtoint`,
//!   returned, put in an aggregate ...; followed through GEPs, casts, `phi` and `select`)
//!   aliases no pointer that was loaded from memory, passed in as an argument or returned by a
//!   call, and no call can read or write it except through its own pointer arguments;
//! * `phi`/`select` pointers: every underlying object (a few levels deep) must be no-alias.
//!
//! What it deliberately does not do: variable-index reasoning (`gep %p, %i` vs `gep %p, %i+1`),
//! type-based aliasing (TBAA), `inttoptr` provenance, scoped `noalias` metadata; sizes of
//! scalable vectors are unknown. Anything it cannot prove is `MayAlias`.

use crate::ir::attrs::{Attr, AttrKind, ModRef, MEMORY_LOCATIONS};
use crate::ir::entity::SecondaryMap;
use crate::ir::layout::{Class, Layouts};
use crate::ir::{
    Body, ConstKind, Extra, GlobalKind, Inst, InstData, InstFlags, Intrinsic, Module, Opcode,
    Operand, Ordering, TypeId, Value, ValueDef,
};
use std::rc::Rc;

/// The answer to an alias query.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AliasResult {
    /// The two locations never overlap.
    NoAlias,
    /// Nothing is known.
    MayAlias,
    /// Overlapping but not the same start.
    PartialAlias,
    /// Same start address.
    MustAlias,
}

/// A memory location: a pointer and the number of bytes accessed (`None` when unknown).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Location {
    /// The address.
    pub ptr: Operand,
    /// Bytes accessed from it, if known.
    pub size: Option<u64>,
}

/// What a decomposed pointer is based on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Object {
    /// An `alloca`.
    Alloca(Inst),
    /// A global variable or function.
    Global(crate::ir::GlobalId),
    /// A `noalias` parameter.
    NoAliasArg(Value),
    /// The result of an allocation call.
    Fresh(Inst),
    /// A pointer from memory, an argument, a call result or `inttoptr`: cannot be a
    /// non-escaping local.
    EscapeSource,
    /// Anything else.
    Unknown,
}

impl Object {
    fn identified(self) -> bool {
        matches!(
            self,
            Object::Alloca(_) | Object::Global(_) | Object::NoAliasArg(_) | Object::Fresh(_)
        )
    }
}

/// A pointer as (base operand, constant offset in bytes when known).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Decomposed {
    base: Operand,
    offset: Option<i64>,
}

/// Allocation functions whose fresh results alias nothing else.
const ALLOC_FNS: &[&str] =
    &["malloc", "calloc", "_Znwm", "_Znam", "_Znwj", "_Znaj", "aligned_alloc", "strdup"];

/// The alias analysis of one function body.
pub struct AliasAnalysis<'a> {
    m: &'a Module,
    body: &'a Body,
    layouts: Rc<Layouts>,
    /// True for allocas and allocation calls whose address escapes.
    escapes: Rc<SecondaryMap<Inst, bool>>,
    /// Indexed by parameter number: true for `noalias` parameters.
    noalias_params: Vec<bool>,
}

impl<'a> AliasAnalysis<'a> {
    /// Builds the analysis (escape information for every alloca) of `body`, the body of
    /// function `func` of `m` (taken out of the module or not).
    pub fn new(m: &'a Module, func: crate::ir::GlobalId, body: &'a Body) -> AliasAnalysis<'a> {
        let mut aa = AliasAnalysis::with_parts(
            m,
            func,
            body,
            Rc::new(Layouts::new(m)),
            Rc::new(SecondaryMap::new()),
        );
        aa.escapes = Rc::new(aa.compute_escapes());
        aa
    }

    /// The analysis with the type layouts and the escape information of an analysis of an
    /// earlier state of `body` ([`AliasAnalysis::parts`]): for a pass that changes the body
    /// in ways that add no type it asks about and make no address escape.
    pub fn with_parts(
        m: &'a Module,
        func: crate::ir::GlobalId,
        body: &'a Body,
        layouts: Rc<Layouts>,
        escapes: Rc<SecondaryMap<Inst, bool>>,
    ) -> AliasAnalysis<'a> {
        let noalias_params = m
            .func(func)
            .map(|f| f.params.iter().map(|p| m.attrs.has(p.attrs, AttrKind::NoAlias)).collect())
            .unwrap_or_default();
        AliasAnalysis { m, body, layouts, escapes, noalias_params }
    }

    /// The type layouts and the escape information, to reuse (see [`AliasAnalysis::with_parts`]).
    pub fn parts(&self) -> (Rc<Layouts>, Rc<SecondaryMap<Inst, bool>>) {
        (Rc::clone(&self.layouts), Rc::clone(&self.escapes))
    }

    /// Bytes a load or store of `ty` accesses (`None` when unknown).
    pub fn store_size(&self, ty: TypeId) -> Option<u64> {
        let s = self.layouts.get(ty).size;
        (s > 0 && !matches!(self.layouts.class(ty), Class::Other)).then_some(s)
    }

    /// The allocation size of `ty` (array stride).
    pub fn alloc_size(&self, ty: TypeId) -> Option<u64> {
        let s = self.layouts.get(ty).alloc;
        (!matches!(self.layouts.class(ty), Class::Other)).then_some(s)
    }

    /// The location a load or store accesses.
    pub fn location_of(&self, d: &InstData) -> Option<Location> {
        match d.op {
            Opcode::Load => Some(Location { ptr: *d.args.first()?, size: self.store_size(d.ty) }),
            Opcode::Store => {
                let v = *d.args.first()?;
                Some(Location {
                    ptr: *d.args.get(1)?,
                    size: self.store_size(self.m.operand_ty(self.body, v)),
                })
            }
            _ => None,
        }
    }

    fn inst_of(&self, v: Value) -> Option<(Inst, &'a InstData)> {
        match self.body.values.get(v)?.def {
            ValueDef::Inst(i) => Some((i, self.body.insts.get(i)?)),
            ValueDef::Param(_) => None,
        }
    }

    fn const_int(&self, o: Operand) -> Option<i64> {
        let Operand::Const(c) = o else { return None };
        if !self.m.consts.is_valid(c) {
            return None;
        }
        match self.m.consts.kind(c) {
            ConstKind::Int(a) => a.to_i64(),
            ConstKind::Zero => Some(0),
            _ => None,
        }
    }

    /// The byte offset of a GEP with constant indices over `source_ty`.
    fn gep_offset(&self, source_ty: TypeId, indices: &[Operand]) -> Option<i64> {
        let (first, rest) = indices.split_first()?;
        let mut off = self
            .const_int(*first)?
            .checked_mul(i64::try_from(self.alloc_size(source_ty)?).ok()?)?;
        let mut ty = source_ty;
        for &ix in rest {
            let k = self.const_int(ix)?;
            match self.layouts.class(ty) {
                Class::Struct(fields, offs) => {
                    let k = usize::try_from(k).ok()?;
                    off = off.checked_add(i64::try_from(*offs.get(k)?).ok()?)?;
                    ty = *fields.get(k)?;
                }
                Class::Array(_, elem) => {
                    let e = *elem;
                    off =
                        off.checked_add(k.checked_mul(i64::try_from(self.alloc_size(e)?).ok()?)?)?;
                    ty = e;
                }
                _ => return None,
            }
        }
        Some(off)
    }

    /// Strips constant-offset GEPs and bitcasts.
    fn decompose(&self, p: Operand) -> Decomposed {
        let mut cur = p;
        let mut off: Option<i64> = Some(0);
        for _ in 0..32 {
            let step: Option<(Operand, Option<i64>)> = match cur {
                Operand::Value(v) => match self.inst_of(v) {
                    Some((_, d)) => match (&d.op, &d.extra) {
                        (Opcode::GetElementPtr, Extra::Gep { source_ty })
                            if !self.m.types.is_vector(d.ty) =>
                        {
                            d.args.first().map(|&b| {
                                (b, d.args.get(1..).and_then(|ix| self.gep_offset(*source_ty, ix)))
                            })
                        }
                        (Opcode::BitCast, _) => d.args.first().map(|&b| (b, Some(0))),
                        _ => None,
                    },
                    None => None,
                },
                Operand::Const(c) if self.m.consts.is_valid(c) => match self.m.consts.kind(c) {
                    ConstKind::Expr(e)
                        if e.op == Opcode::GetElementPtr
                            && !self.m.types.is_vector(self.m.consts.ty(c)) =>
                    {
                        let ops: Vec<Operand> =
                            e.operands.iter().map(|&o| Operand::Const(o)).collect();
                        match (ops.split_first(), e.source_ty) {
                            (Some((&b, ix)), Some(st)) => Some((b, self.gep_offset(st, ix))),
                            _ => None,
                        }
                    }
                    ConstKind::Expr(e) if e.op == Opcode::BitCast => {
                        e.operands.first().map(|&o| (Operand::Const(o), Some(0)))
                    }
                    _ => None,
                },
                _ => None,
            };
            match step {
                Some((b, d)) => {
                    off = match (off, d) {
                        (Some(a), Some(b)) => a.checked_add(b),
                        _ => None,
                    };
                    cur = b;
                }
                None => break,
            }
        }
        Decomposed { base: cur, offset: off }
    }

    fn object(&self, base: Operand) -> Object {
        match base {
            Operand::Const(c) if self.m.consts.is_valid(c) => match self.m.consts.kind(c) {
                ConstKind::Global(g) => match self.m.globals.get(*g).map(|gv| &gv.kind) {
                    Some(GlobalKind::Var(_)) | Some(GlobalKind::Func(_)) => Object::Global(*g),
                    _ => Object::Unknown,
                },
                _ => Object::Unknown,
            },
            Operand::Value(v) => match self.body.values.get(v).map(|vd| vd.def) {
                Some(ValueDef::Param(i)) => {
                    if self.noalias_params.get(i as usize).copied().unwrap_or(false) {
                        Object::NoAliasArg(v)
                    } else {
                        Object::EscapeSource
                    }
                }
                Some(ValueDef::Inst(i)) => match self.body.insts.get(i) {
                    Some(d) => match d.op {
                        Opcode::Alloca => Object::Alloca(i),
                        Opcode::Call | Opcode::Invoke if self.is_alloc_call(d) => Object::Fresh(i),
                        Opcode::Load
                        | Opcode::Call
                        | Opcode::Invoke
                        | Opcode::IntToPtr
                        | Opcode::VaArg => Object::EscapeSource,
                        Opcode::ExtractValue | Opcode::ExtractElement | Opcode::AtomicRmw => {
                            Object::EscapeSource
                        }
                        _ => Object::Unknown,
                    },
                    None => Object::Unknown,
                },
                None => Object::Unknown,
            },
            _ => Object::Unknown,
        }
    }

    /// The callee function of a direct call.
    pub fn callee(&self, d: &InstData) -> Option<(crate::ir::GlobalId, &'a crate::ir::Function)> {
        let (Operand::Const(c), _) = d.callee_and_args()? else { return None };
        if !self.m.consts.is_valid(c) {
            return None;
        }
        let ConstKind::Global(g) = self.m.consts.kind(c) else { return None };
        Some((*g, self.m.func(*g)?))
    }

    fn is_alloc_call(&self, d: &InstData) -> bool {
        let Some(ci) = d.call_info() else { return false };
        if self.m.attrs.has(ci.ret_attrs, AttrKind::NoAlias) {
            return true;
        }
        match self.callee(d) {
            Some((g, f)) => {
                if self.m.attrs.has(f.ret_attrs, AttrKind::NoAlias) {
                    return true;
                }
                let name = self.m.global_name(g);
                f.body.is_none() && ALLOC_FNS.contains(&name.as_str())
            }
            None => false,
        }
    }

    /// The intrinsic family of a directly called function.
    fn intrinsic(&self, d: &InstData) -> Option<Intrinsic> {
        self.callee(d).and_then(|(_, f)| f.intrinsic)
    }

    /// Name of a directly called intrinsic or function.
    fn callee_name(&self, d: &InstData) -> Option<String> {
        self.callee(d).map(|(g, _)| self.m.global_name(g))
    }

    fn compute_escapes(&self) -> SecondaryMap<Inst, bool> {
        let body = self.body;
        let mut escapes = SecondaryMap::from_elem(false, body.insts.len());
        // Pointer users: for each value, the instructions using it.
        let users = crate::ir::uses::use_lists(body);
        for (_, i) in crate::ir::uses::layout_insts(body) {
            let Some(d) = body.insts.get(i) else { continue };
            let candidate =
                d.op == Opcode::Alloca || (matches!(d.op, Opcode::Call) && self.is_alloc_call(d));
            if !candidate {
                continue;
            }
            let Some(root) = d.result else { continue };
            let mut seen = rustc_hash::FxHashSet::default();
            let mut work = vec![root];
            let mut esc = false;
            'walk: while let Some(v) = work.pop() {
                if !seen.insert(v) {
                    continue;
                }
                if seen.len() > 256 {
                    esc = true;
                    break;
                }
                for &u in &users[v] {
                    let Some(ud) = body.insts.get(u) else { continue };
                    match ud.op {
                        Opcode::Load => {}
                        Opcode::Store => {
                            if ud.args.first() == Some(&Operand::Value(v)) {
                                esc = true;
                                break 'walk;
                            }
                        }
                        Opcode::ICmp => {}
                        Opcode::GetElementPtr | Opcode::BitCast | Opcode::Phi | Opcode::Select => {
                            if let Some(r) = ud.result {
                                work.push(r);
                            }
                        }
                        Opcode::Call => {
                            use Intrinsic as I;
                            let ok = match self.callee(ud).map(|(_, f)| f.intrinsic) {
                                Some(Some(i)) => matches!(
                                    i,
                                    I::LifetimeStart
                                        | I::LifetimeEnd
                                        | I::Memcpy
                                        | I::MemcpyInline
                                        | I::Memmove
                                        | I::Memset
                                        | I::MemsetInline
                                        | I::DbgValue
                                        | I::DbgDeclare
                                        | I::DbgAssign
                                        | I::DbgLabel
                                ),
                                _ => self.callee_name(ud).is_some_and(|n| n == "free"),
                            };
                            if !ok {
                                esc = true;
                                break 'walk;
                            }
                        }
                        _ => {
                            esc = true;
                            break 'walk;
                        }
                    }
                }
            }
            if let Some(s) = escapes.get_mut(i) {
                *s = esc;
            }
        }
        escapes
    }

    fn non_escaping_local(&self, o: Object) -> bool {
        match o {
            Object::Alloca(i) | Object::Fresh(i) => !self.escapes.get(i).copied().unwrap_or(true),
            _ => false,
        }
    }

    /// The underlying objects of a pointer, looking through `phi` and `select` (at most a few);
    /// `None` when there are too many or a cycle is long.
    fn objects(&self, p: Operand, out: &mut Vec<Decomposed>, depth: u32) -> bool {
        let d = self.decompose(p);
        if let Operand::Value(v) = d.base {
            if let Some((_, id)) = self.inst_of(v) {
                if matches!(id.op, Opcode::Phi | Opcode::Select) {
                    if depth >= 3 {
                        return false;
                    }
                    let ops: &[Operand] = if id.op == Opcode::Select {
                        id.args.get(1..).unwrap_or(&[])
                    } else {
                        &id.args
                    };
                    for &o in ops {
                        if o == Operand::Value(v) {
                            continue;
                        }
                        if !self.objects(o, out, depth + 1) || out.len() > 8 {
                            return false;
                        }
                    }
                    return true;
                }
            }
        }
        out.push(d);
        true
    }

    /// Whether two locations may overlap.
    pub fn alias(&self, a: Location, b: Location) -> AliasResult {
        if a.ptr == b.ptr {
            return AliasResult::MustAlias;
        }
        let (da, db) = (self.decompose(a.ptr), self.decompose(b.ptr));
        let r = self.alias_decomposed(da, a.size, db, b.size);
        if r != AliasResult::MayAlias {
            return r;
        }
        // Through phis and selects: no-alias when every pair of objects is.
        let (mut oa, mut ob) = (Vec::new(), Vec::new());
        if !self.objects(a.ptr, &mut oa, 0) || !self.objects(b.ptr, &mut ob, 0) {
            return AliasResult::MayAlias;
        }
        if oa.len() == 1 && ob.len() == 1 {
            return AliasResult::MayAlias;
        }
        for x in &oa {
            for y in &ob {
                // Offsets through phis are not the pointer's: compare objects only.
                let x0 = Decomposed { base: x.base, offset: None };
                let y0 = Decomposed { base: y.base, offset: None };
                if self.alias_decomposed(x0, None, y0, None) != AliasResult::NoAlias {
                    return AliasResult::MayAlias;
                }
            }
        }
        AliasResult::NoAlias
    }

    fn alias_decomposed(
        &self,
        da: Decomposed,
        sa: Option<u64>,
        db: Decomposed,
        sb: Option<u64>,
    ) -> AliasResult {
        if da.base == db.base {
            let (Some(oa), Some(ob)) = (da.offset, db.offset) else { return AliasResult::MayAlias };
            if oa == ob {
                return AliasResult::MustAlias;
            }
            // Disjoint when one range ends before the other starts.
            let before = |lo: i64, size: Option<u64>, hi: i64| {
                size.is_some_and(|s| {
                    i64::try_from(s).ok().and_then(|s| lo.checked_add(s)).is_some_and(|e| e <= hi)
                })
            };
            if (oa < ob && before(oa, sa, ob)) || (ob < oa && before(ob, sb, oa)) {
                return AliasResult::NoAlias;
            }
            return if sa.is_some() && sb.is_some() {
                AliasResult::PartialAlias
            } else {
                AliasResult::MayAlias
            };
        }
        let (xa, xb) = (self.object(da.base), self.object(db.base));
        if xa.identified() && xb.identified() {
            return AliasResult::NoAlias;
        }
        let escape_src = |o: Object| {
            matches!(o, Object::EscapeSource | Object::Global(_) | Object::NoAliasArg(_))
        };
        if (self.non_escaping_local(xa) && escape_src(xb))
            || (self.non_escaping_local(xb) && escape_src(xa))
        {
            return AliasResult::NoAlias;
        }
        AliasResult::MayAlias
    }

    /// True when the location is based on an alloca or fresh allocation whose address never
    /// escapes: no call can see it except through its pointer arguments.
    pub fn is_private(&self, loc: Location) -> bool {
        self.loc_is_private(loc)
    }

    fn loc_is_private(&self, loc: Location) -> bool {
        let mut objs = Vec::new();
        self.objects(loc.ptr, &mut objs, 0)
            && !objs.is_empty()
            && objs.iter().all(|d| self.non_escaping_local(self.object(d.base)))
    }

    /// Whether instruction `d` may read (`Ref`) or write (`Mod`) the location.
    pub fn mod_ref(&self, d: &InstData, loc: Location) -> ModRef {
        let ordered = |d: &InstData| {
            d.flags.has(InstFlags::VOLATILE)
                || d.mem_info().is_some_and(|mi| {
                    !matches!(mi.ordering, Ordering::NotAtomic | Ordering::Unordered)
                })
        };
        match d.op {
            Opcode::Load => {
                if ordered(d) {
                    return ModRef::ModRef;
                }
                match self.location_of(d) {
                    Some(l) if self.alias(l, loc) == AliasResult::NoAlias => ModRef::None,
                    _ => ModRef::Ref,
                }
            }
            Opcode::Store => {
                if ordered(d) {
                    return ModRef::ModRef;
                }
                match self.location_of(d) {
                    Some(l) if self.alias(l, loc) == AliasResult::NoAlias => ModRef::None,
                    _ => ModRef::Mod,
                }
            }
            Opcode::CmpXchg | Opcode::AtomicRmw => {
                if d.flags.has(InstFlags::VOLATILE)
                    || d.mem_info()
                        .is_some_and(|mi| mi.ordering.is_acquire() || mi.ordering.is_release())
                {
                    return ModRef::ModRef;
                }
                match d.args.first() {
                    Some(&p)
                        if self.alias(Location { ptr: p, size: None }, loc)
                            == AliasResult::NoAlias =>
                    {
                        ModRef::None
                    }
                    _ => ModRef::ModRef,
                }
            }
            Opcode::Fence | Opcode::VaArg => ModRef::ModRef,
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => self.call_mod_ref(d, loc),
            Opcode::LandingPad
            | Opcode::CatchPad
            | Opcode::CleanupPad
            | Opcode::Resume
            | Opcode::CatchSwitch
            | Opcode::CatchRet
            | Opcode::CleanupRet => ModRef::ModRef,
            _ => ModRef::None,
        }
    }

    /// True when `d` may write any memory at all.
    pub fn may_write_memory(&self, d: &InstData) -> bool {
        match d.op {
            Opcode::Load => {
                d.flags.has(InstFlags::VOLATILE)
                    || d.mem_info().is_some_and(|mi| {
                        !matches!(mi.ordering, Ordering::NotAtomic | Ordering::Unordered)
                    })
            }
            Opcode::Store | Opcode::CmpXchg | Opcode::AtomicRmw | Opcode::Fence | Opcode::VaArg => {
                true
            }
            Opcode::Call | Opcode::Invoke | Opcode::CallBr => {
                if self.intrinsic(d).is_some_and(Intrinsic::touches_no_memory) {
                    return false;
                }
                !matches!(self.call_effects(d), Some(e) if (0..MEMORY_LOCATIONS.len()).all(|i| (e.get(i) as u8) & 2 == 0))
            }
            op => op.has_side_effects() && op != Opcode::Alloca,
        }
    }

    fn call_effects(&self, d: &InstData) -> Option<crate::ir::attrs::MemoryEffects> {
        let ci = d.call_info()?;
        let from = |set| match self.m.attrs.find(set, AttrKind::Memory) {
            Some(Attr::Memory(e)) => Some(*e),
            _ => None,
        };
        let site = from(ci.fn_attrs);
        let callee =
            self.callee(d).filter(|(_, f)| f.ty == ci.fn_ty).and_then(|(_, f)| from(f.fn_attrs));
        match (site, callee) {
            (Some(a), Some(b)) => Some(crate::ir::attrs::MemoryEffects(a.0 & b.0)),
            (a, b) => a.or(b),
        }
    }

    fn call_mod_ref(&self, d: &InstData, loc: Location) -> ModRef {
        let Some((_, args)) = d.callee_and_args() else { return ModRef::ModRef };
        if let Some(intr) = self.intrinsic(d) {
            if intr.touches_no_memory() {
                return ModRef::None;
            }
            // The `.inline` variants are left to their attributes.
            let mem = matches!(intr, Intrinsic::Memcpy | Intrinsic::Memmove | Intrinsic::Memset);
            if mem {
                let volatile = args.get(3).and_then(|&o| self.const_int(o)).is_none_or(|v| v != 0);
                if volatile {
                    return ModRef::ModRef;
                }
                let len = args
                    .get(2)
                    .and_then(|&o| self.const_int(o))
                    .and_then(|v| u64::try_from(v).ok());
                let hits = |p: Option<&Operand>| {
                    p.is_none_or(|&p| {
                        self.alias(Location { ptr: p, size: len }, loc) != AliasResult::NoAlias
                    })
                };
                let m = hits(args.first());
                let r = intr != Intrinsic::Memset && hits(args.get(1));
                return ModRef::from_bits((m as u8) << 1 | r as u8);
            }
        }
        let effects = self.call_effects(d);
        let (arg_mr, other_mr) = match effects {
            Some(e) => (e.get(0), e.get(2)),
            None => (ModRef::ModRef, ModRef::ModRef),
        };
        // Memory reachable through pointer arguments.
        let mut r = 0u8;
        if arg_mr != ModRef::None {
            for &a in args {
                if self.m.types.is_ptr(self.m.operand_ty(self.body, a))
                    && self.alias(Location { ptr: a, size: None }, loc) != AliasResult::NoAlias
                {
                    r |= arg_mr as u8;
                }
            }
        }
        if other_mr != ModRef::None && !self.loc_is_private(loc) {
            r |= other_mr as u8;
        }
        ModRef::from_bits(r)
    }
}

#[cfg(test)]
#[path = "alias_tests.rs"]
mod tests;
