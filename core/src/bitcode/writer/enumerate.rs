//! Numbering a module for writing: the type table, attribute groups and lists, the module's
//! value list (globals, then constants with operands before their users) and the values of
//! the function being written.
//!
//! Every constant lives in the module's `CONSTANTS_BLOCK` (functions refer to them by their
//! absolute id), so a function's value list is its arguments and then its instruction results.
//! A few values the IR leaves implicit get entries of their own ([`ConstRef`]): the element
//! count `i32 1` of an `alloca` written without one, the defaults of `ptrauth`, and inline
//! assembly, whose bitcode record carries the function type of the call that uses it.

use super::metadata::MdWriter;
use crate::bitcode::BitcodeError;
use crate::ir::attrs::{Attr, AttrSetId};
use crate::ir::constants::{ConstId, ConstKind};
use crate::ir::entity::EntityRef;
use crate::ir::function::{Body, MdOperand, Value};
use crate::ir::inst::{Clause, Extra, InstData, Operand};
use crate::ir::module::{GlobalId, GlobalKind};
use crate::ir::types::{Type, TypeId};
use crate::ir::Module;
use rustc_hash::FxHashMap as HashMap;

/// A value of the module's constant list.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum ConstRef {
    /// A constant of the pool (not a global's address: that is the global's own id).
    Pool(ConstId),
    /// Inline assembly used as the callee of a call of this function type.
    Asm(ConstId, TypeId),
    /// An integer of this type (implicit operands).
    Int(TypeId, u64),
    /// The null value of this type (implicit operands).
    Null(TypeId),
}

/// Which attribute set: the index of a set in an attribute list (`u32::MAX` for the function,
/// 0 for the return value, `i + 1` for parameter `i`).
pub(super) type AttrGroup = (u32, AttrSetId);

/// The numbering of a module.
pub(super) struct Enumeration {
    /// The type table in order.
    pub types: Vec<TypeId>,
    type_ids: HashMap<TypeId, u32>,
    /// Global values in value-id order: variables, functions, aliases, ifuncs.
    pub globals: Vec<GlobalId>,
    global_ids: HashMap<GlobalId, u32>,
    /// The module constants in value-id order (ids follow the globals).
    pub consts: Vec<ConstRef>,
    const_ids: HashMap<ConstRef, u32>,
    /// Attribute groups in id order (ids from 1).
    pub groups: Vec<AttrGroup>,
    group_ids: HashMap<AttrGroup, u32>,
    /// Attribute lists in id order (ids from 1; 0 is the empty list).
    pub lists: Vec<Vec<AttrGroup>>,
    list_ids: HashMap<Vec<AttrGroup>, u32>,
    /// The ids of the current function's arguments and instruction results.
    locals: HashMap<Value, u32>,
    /// The first id after the module's values.
    pub first_local: u32,
}

/// True for arrays and vectors that `CST_CODE_DATA` can hold: elements of `i8` to `i64` or
/// of `half`, `bfloat`, `float` or `double`, each an integer or float constant.
pub(super) fn is_data(m: &Module, ty: TypeId, elems: &[ConstId]) -> bool {
    crate::ir::uselist::is_data_sequential(m, ty, elems)
}

impl Enumeration {
    /// Numbers everything `m` uses.
    pub fn new(m: &Module, md: &MdWriter) -> Result<Enumeration, BitcodeError> {
        let mut e = Enumeration {
            types: Vec::new(),
            type_ids: HashMap::default(),
            globals: Vec::new(),
            global_ids: HashMap::default(),
            consts: Vec::new(),
            const_ids: HashMap::default(),
            groups: Vec::new(),
            group_ids: HashMap::default(),
            lists: Vec::new(),
            list_ids: HashMap::default(),
            locals: HashMap::default(),
            first_local: 0,
        };
        e.number_globals(m)?;
        for &g in &m.order {
            e.global_operands(m, g)?;
        }
        for c in md.consts_used() {
            e.add_const(m, ConstRef::Pool(c))?;
        }
        for v in md.implicit_ints() {
            e.add_const(m, ConstRef::Int(TypeId::I64, v as u64))?;
        }
        for &g in &m.order {
            let Some(f) = m.func(g) else { continue };
            if let Some(body) = &f.body {
                e.function_operands(m, body)?;
            }
        }
        e.first_local = (e.globals.len() + e.consts.len()) as u32;
        Ok(e)
    }

    fn number_globals(&mut self, m: &Module) -> Result<(), BitcodeError> {
        let kind_rank = |g: GlobalId| match m.globals.get(g).map(|gv| &gv.kind) {
            Some(GlobalKind::Var(_)) => Some(0),
            Some(GlobalKind::Func(_)) => Some(1),
            Some(GlobalKind::Alias { .. }) => Some(2),
            Some(GlobalKind::IFunc { .. }) => Some(3),
            _ => None,
        };
        for rank in 0..4 {
            for &g in &m.order {
                match kind_rank(g) {
                    Some(r) if r == rank => {
                        self.global_ids.insert(g, self.globals.len() as u32);
                        self.globals.push(g);
                    }
                    Some(_) => {}
                    None => {
                        return Err(BitcodeError::new(
                            0,
                            format!("@{} is used but never defined", m.global_name(g)),
                        ))
                    }
                }
            }
        }
        for &g in &m.order {
            let asp = m.globals.get(g).map(|gv| gv.addrspace).unwrap_or(0);
            self.add_type(m, ptr_type(m, asp));
        }
        Ok(())
    }

    fn global_operands(&mut self, m: &Module, g: GlobalId) -> Result<(), BitcodeError> {
        let Some(gv) = m.globals.get(g) else { return Ok(()) };
        match &gv.kind {
            GlobalKind::Var(v) => {
                self.add_type(m, v.value_ty);
                if let Some(init) = v.init {
                    self.add_const(m, ConstRef::Pool(init))?;
                }
                self.add_list(m, vec![(u32::MAX, v.attrs)]);
            }
            GlobalKind::Func(f) => {
                self.add_type(m, f.ty);
                for c in [f.prefix, f.prologue, f.personality].into_iter().flatten() {
                    self.add_const(m, ConstRef::Pool(c))?;
                }
                // LLVM gives a function all three once one is set, the others `ptr null`,
                // and numbers them: use-list records may name that `ptr null`.
                let slots = [f.prefix, f.prologue, f.personality];
                if slots.iter().any(Option::is_some) && slots.iter().any(Option::is_none) {
                    self.add_const(m, ConstRef::Null(TypeId::PTR))?;
                }
                let mut list = vec![(u32::MAX, f.fn_attrs), (0, f.ret_attrs)];
                for (i, p) in f.params.iter().enumerate() {
                    list.push((i as u32 + 1, p.attrs));
                }
                self.add_list(m, list);
            }
            GlobalKind::Alias { value_ty, aliasee: c }
            | GlobalKind::IFunc { value_ty, resolver: c } => {
                self.add_type(m, *value_ty);
                self.add_const(m, ConstRef::Pool(*c))?;
            }
            GlobalKind::Forward => {}
        }
        Ok(())
    }

    fn function_operands(&mut self, m: &Module, body: &Body) -> Result<(), BitcodeError> {
        for v in body.values.values() {
            self.add_type(m, v.ty);
        }
        for &b in &body.layout {
            let Some(bd) = body.blocks.get(b) else { continue };
            for &i in &bd.insts {
                let Some(d) = body.insts.get(i) else { continue };
                self.inst_operands(m, body, d)?;
            }
        }
        for op in body.md_ops.values() {
            match op {
                MdOperand::Local(o) => self.operand(m, *o, None)?,
                MdOperand::ArgList(list) => {
                    for o in list.iter() {
                        self.operand(m, *o, None)?;
                    }
                }
                MdOperand::Md(_) => {}
            }
        }
        Ok(())
    }

    fn operand(
        &mut self,
        m: &Module,
        op: Operand,
        callee_ty: Option<TypeId>,
    ) -> Result<(), BitcodeError> {
        if let Operand::Const(c) = op {
            let r = self.const_ref(m, c, callee_ty);
            self.add_const(m, r)?;
        }
        Ok(())
    }

    fn inst_operands(&mut self, m: &Module, body: &Body, d: &InstData) -> Result<(), BitcodeError> {
        self.add_type(m, d.ty);
        let call = d.call_info();
        for (k, &op) in d.args.iter().enumerate() {
            let callee_ty = if k == 0 { call.map(|c| c.fn_ty) } else { None };
            self.operand(m, op, callee_ty)?;
            self.add_type(m, m.operand_ty(body, op));
        }
        match &d.extra {
            Extra::Alloca { elem_ty, .. } => {
                self.add_type(m, *elem_ty);
                if d.args.is_empty() {
                    self.add_const(m, ConstRef::Int(TypeId::I32, 1))?;
                }
            }
            Extra::Gep { source_ty } => self.add_type(m, *source_ty),
            Extra::Switch { cases, .. } => {
                for &(c, _) in cases.iter() {
                    self.add_const(m, ConstRef::Pool(c))?;
                }
            }
            Extra::LandingPad(clauses) => {
                for cl in clauses.iter() {
                    let (Clause::Catch(o) | Clause::Filter(o)) = *cl;
                    self.operand(m, o, None)?;
                    self.add_type(m, m.operand_ty(body, o));
                }
            }
            _ => {}
        }
        if let Some(ci) = call {
            self.add_type(m, ci.fn_ty);
            for bundle in ci.bundles.iter() {
                for &o in bundle.inputs.iter() {
                    self.operand(m, o, None)?;
                    self.add_type(m, m.operand_ty(body, o));
                }
            }
            let mut list = vec![(u32::MAX, ci.fn_attrs), (0, ci.ret_attrs)];
            for (i, &a) in ci.arg_attrs.iter().enumerate() {
                list.push((i as u32 + 1, a));
            }
            self.add_list(m, list);
        }
        Ok(())
    }

    /// The value of constant `c` used as an operand (`callee_ty`: the function type when it
    /// is a call's callee).
    pub fn const_ref(&self, m: &Module, c: ConstId, callee_ty: Option<TypeId>) -> ConstRef {
        match (m.consts.is_valid(c).then(|| m.consts.kind(c)), callee_ty) {
            (Some(ConstKind::InlineAsm(_)), Some(t)) => ConstRef::Asm(c, t),
            _ => ConstRef::Pool(c),
        }
    }

    // ---- Types ---------------------------------------------------------------------------

    /// Adds `t` and every type it is built from to the table.
    pub fn add_type(&mut self, m: &Module, t: TypeId) {
        if self.type_ids.contains_key(&t) {
            return;
        }
        let named = matches!(m.types.get(t), Type::Named(_));
        if named {
            // Mark it so that a cycle through it stops here; it gets its id below.
            self.type_ids.insert(t, u32::MAX);
        }
        for sub in subtypes(m, t) {
            self.add_type(m, sub);
        }
        if named && self.type_ids.get(&t) != Some(&u32::MAX) {
            return;
        }
        self.type_ids.insert(t, self.types.len() as u32);
        self.types.push(t);
    }

    /// The index of `t` in the type table.
    pub fn type_id(&self, t: TypeId) -> Option<u64> {
        self.type_ids.get(&t).filter(|&&i| i != u32::MAX).map(|&i| i as u64)
    }

    // ---- Values --------------------------------------------------------------------------

    /// Adds a constant, after its operands, to the module's value list.
    pub fn add_const(&mut self, m: &Module, r: ConstRef) -> Result<(), BitcodeError> {
        let mut stack = vec![(r, false)];
        while let Some((c, expanded)) = stack.pop() {
            if self.const_ids.contains_key(&c) {
                continue;
            }
            let (ty, ops) = self.const_parts(m, c)?;
            if let Some(g) = ops.global {
                if !self.global_ids.contains_key(&g) {
                    return Err(BitcodeError::new(0, "a constant refers to an unknown global"));
                }
                continue;
            }
            if expanded {
                self.add_type(m, ty);
                for t in ops.types {
                    self.add_type(m, t);
                }
                let id = (self.globals.len() + self.consts.len()) as u32;
                self.const_ids.insert(c, id);
                self.consts.push(c);
                continue;
            }
            stack.push((c, true));
            for op in ops.consts.into_iter().rev() {
                if !self.const_ids.contains_key(&op) {
                    stack.push((op, false));
                }
            }
        }
        Ok(())
    }

    fn const_parts(&self, m: &Module, c: ConstRef) -> Result<(TypeId, ConstOps), BitcodeError> {
        let mut ops = ConstOps::default();
        let pc = match c {
            ConstRef::Pool(pc) | ConstRef::Asm(pc, _) => pc,
            ConstRef::Int(t, _) | ConstRef::Null(t) => return Ok((t, ops)),
        };
        if !m.consts.is_valid(pc) {
            return Err(BitcodeError::new(0, "an operand refers to an unknown constant"));
        }
        let d = m.consts.get(pc);
        if let ConstRef::Asm(_, fty) = c {
            ops.types.push(fty);
            return Ok((d.ty, ops));
        }
        match &d.kind {
            ConstKind::Global(g) => ops.global = Some(*g),
            ConstKind::Aggregate(elems) if !is_data(m, d.ty, elems) => {
                ops.consts.extend(elems.iter().map(|&e| ConstRef::Pool(e)));
            }
            ConstKind::Expr(e) => {
                ops.consts.extend(e.operands.iter().map(|&o| ConstRef::Pool(o)));
                ops.types.extend(e.source_ty);
            }
            ConstKind::PtrAuth(parts) => {
                ops.consts.extend(parts.iter().map(|&o| ConstRef::Pool(o)));
                if parts.len() < 3 {
                    ops.consts.push(ConstRef::Int(TypeId::I64, 0));
                }
                if parts.len() < 4 {
                    ops.consts.push(ConstRef::Null(TypeId::PTR));
                }
            }
            ConstKind::BlockAddress { func, .. }
            | ConstKind::DsoLocalEquivalent(func)
            | ConstKind::NoCfi(func) => {
                if let Some(gv) = m.globals.get(*func) {
                    ops.types.push(match &gv.kind {
                        GlobalKind::Var(v) => v.value_ty,
                        GlobalKind::Func(f) => f.ty,
                        GlobalKind::Alias { value_ty, .. } | GlobalKind::IFunc { value_ty, .. } => {
                            *value_ty
                        }
                        GlobalKind::Forward => TypeId::VOID,
                    });
                }
            }
            _ => {}
        }
        Ok((d.ty, ops))
    }

    /// The absolute id of a module constant.
    pub fn const_value(&self, m: &Module, c: ConstRef) -> Option<u32> {
        if let ConstRef::Pool(pc) = c {
            if m.consts.is_valid(pc) {
                if let ConstKind::Global(g) = m.consts.kind(pc) {
                    return self.global_ids.get(g).copied();
                }
            }
        }
        self.const_ids.get(&c).copied()
    }

    /// The absolute id of a global value.
    pub fn global_value(&self, g: GlobalId) -> Option<u32> {
        self.global_ids.get(&g).copied()
    }

    /// Numbers the arguments and instruction results of `body`.
    pub fn begin_function(&mut self, body: &Body) {
        self.locals.clear();
        let mut next = self.first_local;
        for &p in &body.params {
            self.locals.insert(p, next);
            next += 1;
        }
        for &b in &body.layout {
            let Some(bd) = body.blocks.get(b) else { continue };
            for &i in &bd.insts {
                if let Some(v) = body.insts.get(i).and_then(|d| d.result) {
                    self.locals.insert(v, next);
                    next += 1;
                }
            }
        }
    }

    /// The absolute id of an argument or instruction result of the current function.
    pub fn local_value(&self, v: Value) -> Option<u32> {
        self.locals.get(&v).copied()
    }

    // ---- Attributes ----------------------------------------------------------------------

    fn add_list(&mut self, m: &Module, sets: Vec<AttrGroup>) {
        let list: Vec<AttrGroup> =
            sets.into_iter().filter(|&(_, s)| s != AttrSetId::EMPTY).collect();
        if list.is_empty() || self.list_ids.contains_key(&list) {
            return;
        }
        for &g in &list {
            if !self.group_ids.contains_key(&g) {
                self.groups.push(g);
                self.group_ids.insert(g, self.groups.len() as u32);
                for a in m.attrs.get(g.1) {
                    if let Attr::Type(_, t) = a {
                        self.add_type(m, *t);
                    }
                }
            }
        }
        self.lists.push(list.clone());
        self.list_ids.insert(list, self.lists.len() as u32);
    }

    /// The id of an attribute group.
    pub fn group_id(&self, g: AttrGroup) -> u64 {
        self.group_ids.get(&g).copied().unwrap_or(0) as u64
    }

    /// The id of the attribute list of these sets (0 when all are empty).
    pub fn list_id(&self, sets: &[AttrGroup]) -> u64 {
        let list: Vec<AttrGroup> =
            sets.iter().copied().filter(|&(_, s)| s != AttrSetId::EMPTY).collect();
        self.list_ids.get(&list).copied().unwrap_or(0) as u64
    }
}

#[derive(Default)]
struct ConstOps {
    consts: Vec<ConstRef>,
    types: Vec<TypeId>,
    global: Option<GlobalId>,
}

/// `ptr addrspace(asp)` if the module has that type (it has, for every global's address).
fn ptr_type(m: &Module, asp: u32) -> TypeId {
    if asp == 0 {
        return TypeId::PTR;
    }
    (0..m.types.len())
        .map(TypeId::new)
        .find(|&t| *m.types.get(t) == Type::Ptr(asp))
        .unwrap_or(TypeId::PTR)
}

/// The types a type is built from.
fn subtypes(m: &Module, t: TypeId) -> Vec<TypeId> {
    match m.types.get(t) {
        Type::Vector { elem, .. } | Type::Array { elem, .. } => vec![*elem],
        Type::Struct { fields, .. } => fields.to_vec(),
        Type::Named(_) => m.types.struct_fields(t).map(|(_, f)| f.to_vec()).unwrap_or_default(),
        Type::Func { ret, params, .. } => {
            let mut v = vec![*ret];
            v.extend(params.iter().copied());
            v
        }
        Type::Target { types, .. } => types.to_vec(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(src: &str) -> (Module, Enumeration) {
        let m = crate::text::parse(src).module.expect("test module parses");
        let md = MdWriter::new(&m);
        let e = Enumeration::new(&m, &md).expect("numbered");
        (m, e)
    }

    #[test]
    fn globals_come_first_by_kind_and_constants_follow_their_operands() {
        let (m, e) = numbered(
            "@a = alias i32, ptr @v\n\
             define void @f() { ret void }\n\
             @v = global { i32, ptr } { i32 7, ptr getelementptr (i8, ptr @w, i64 4) }\n\
             @w = global [2 x i32] [i32 1, i32 2]\n",
        );
        let names: Vec<String> = e.globals.iter().map(|&g| m.global_name(g)).collect();
        assert_eq!(names, ["v", "w", "f", "a"]);
        assert_eq!(e.first_local as usize, e.globals.len() + e.consts.len());
        for (i, &c) in e.consts.iter().enumerate() {
            let ConstRef::Pool(pc) = c else { continue };
            let ops: Vec<ConstId> = match m.consts.kind(pc) {
                ConstKind::Aggregate(x) if !is_data(&m, m.consts.ty(pc), x) => x.to_vec(),
                ConstKind::Expr(x) => x.operands.to_vec(),
                _ => Vec::new(),
            };
            let me = e.globals.len() + i;
            for op in ops {
                let id = e.const_value(&m, ConstRef::Pool(op)).expect("operand numbered");
                assert!((id as usize) < me, "operand {id} after its user {me}");
            }
        }
        // `[2 x i32] [1, 2]` is one DATA record: its elements are not values of their own.
        let one = m.consts.iter().find(|(_, d)| {
            d.ty == TypeId::I32
                && d.kind == ConstKind::Int(crate::ir::apint::ApInt::from_u64(32, 1))
        });
        let one = one.map(|(c, _)| c).expect("i32 1 interned");
        assert_eq!(e.const_value(&m, ConstRef::Pool(one)), None);
    }

    #[test]
    fn element_types_precede_their_users_except_identified_structs() {
        let (m, e) = numbered(
            "%T = type { i32, ptr, [2 x %U] }\n%U = type { %T* }\n\
             define void @f(ptr %p) { %x = load %T, ptr %p\n ret void }\n",
        );
        for (i, &t) in e.types.iter().enumerate() {
            for sub in subtypes(&m, t) {
                let sid = e.type_id(sub).expect("subtype numbered") as usize;
                let named = matches!(m.types.get(sub), Type::Named(_));
                assert!(sid < i || named, "type {i} refers forward to {sid}");
            }
        }
    }

    #[test]
    fn function_values_are_arguments_then_results_in_layout_order() {
        let (m, mut e) = numbered(
            "define i32 @f(i32 %a, i32 %b) {\n\
             entry:\n  %s = add i32 %a, %b\n  store i32 %s, ptr null\n  br label %next\n\
             next:\n  %t = mul i32 %s, 2\n  ret i32 %t\n}\n",
        );
        let body = m.globals.values().find_map(|g| g.as_func()).and_then(|f| f.body.as_ref());
        let body = body.expect("a body");
        e.begin_function(body);
        let ids: Vec<Option<u32>> = body.values.keys().map(|v| e.local_value(v)).collect();
        let base = e.first_local;
        assert_eq!(ids, [Some(base), Some(base + 1), Some(base + 2), Some(base + 3)]);
    }
}
