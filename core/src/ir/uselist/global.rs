//! Use-list order of global values (variables, functions, aliases, ifuncs) and of constants.
//!
//! Constants are uniqued module-wide, as LLVM's are: `i32 6` is one value whose users are
//! every instruction, constant and global initializer using it (and, for `i32 1`, every
//! `alloca` without an explicit count). Aggregates LLVM keeps as data or as
//! `zeroinitializer`/`undef`/`poison` ([`llvm_const_operands`]) use nothing. Constants are
//! numbered, and their uses ordered, like those of globals; every use comes newest first in
//! both readers (a constant is numbered before all its users).
//!
//! A global's users are instructions of any function, constants (aggregates, expressions,
//! `ptrauth`, `dso_local_equivalent`, `no_cfi`), and globals whose initializer, aliasee,
//! resolver, personality, prefix or prologue is the global itself. Each reader's default order
//! comes from a numbering of all of them:
//!
//! * text: variables (each after the constants of its initializer), aliases, ifuncs, then
//!   functions (each after the constants of its operands; then, per instruction in layout
//!   order, the constants it uses, then the instruction). Users numbered after the global come
//!   newest first, earlier ones (forward references) after them, oldest first;
//! * bitcode: variables, aliases, ifuncs and functions each in reverse module order (each after
//!   its initializer's or operands' constants), then, function by function, the constants
//!   instructions use and the instructions. Every use is newest first (a global is never
//!   resolved through a placeholder).
//!
//! A `blockaddress` is a use of its function (operand 0). Not covered (no answer from
//! [`GlobalUses::default_order`]): a function named by a `blockaddress` that initializers or
//! other functions use (the text reader makes that use when it reaches the function),
//! `blockaddress` constants, globals and constants used from metadata, and the masks
//! of `shufflevector`s (LLVM's bitcode writer numbers them as constants).

use super::{predict, UseKey, UseOp};
use crate::ir::apint::ApInt;
use crate::ir::constants::{ConstId, ConstKind};
use crate::ir::entity::EntityRef;
use crate::ir::inst::{Extra, InstData, Operand};
use crate::ir::module::{GlobalId, GlobalKind, Module};
use crate::ir::types::{FloatKind, Type, TypeId};
use crate::ir::{Inst, Opcode};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// A user (or a used global) in a reader's numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Const(ConstId),
    /// `ptr null` when the module's pool does not have it (see [`ModuleValue::ImplicitNull`]).
    ImplicitNull,
    Global(GlobalId),
    Inst(GlobalId, Inst),
}

/// A value whose uses span the module: a global value or a (non-global) constant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ModuleValue {
    /// A global value.
    Global(GlobalId),
    /// A constant other than a global's address.
    Const(ConstId),
    /// `ptr null`, used only as the unset operands of functions with a personality, prefix
    /// or prologue (LLVM gives a function all three once one is set), so not in the module's
    /// constants; it has no text, only a use-list record.
    ImplicitNull,
}

impl ModuleValue {
    /// The value constant `c` is: its global for a global's address; one of the module's
    /// spellings of a constant LLVM has once (see [`canonical`]).
    pub fn of_const(m: &Module, c: ConstId) -> ModuleValue {
        match as_global(m, c) {
            Some(g) => ModuleValue::Global(g),
            None => ModuleValue::Const(canonical(m, c)),
        }
    }

    fn node(self) -> Node {
        match self {
            ModuleValue::Global(g) => Node::Global(g),
            ModuleValue::Const(c) => Node::Const(c),
            ModuleValue::ImplicitNull => Node::ImplicitNull,
        }
    }
}

/// The uses of every global value and constant of a module and both readers' numberings of
/// their users.
#[derive(Clone, Debug, Default)]
pub struct GlobalUses {
    uses: HashMap<Node, Vec<(Node, u32)>>,
    text: HashMap<Node, u32>,
    bitcode: HashMap<Node, u32>,
    /// The text reader's place of the last user in each function.
    fn_end: HashMap<GlobalId, u32>,
    /// Whether [`ModuleValue::ImplicitNull`] is not covered (a `ptrauth` uses it too).
    uncovered_null: bool,
    /// Functions named by a `blockaddress` that initializers or other functions use.
    uncovered: HashSet<GlobalId>,
    /// Constants not covered: `blockaddress`, `dso_local_equivalent` and `no_cfi` constants,
    /// and the elements of `shufflevector` masks (LLVM's bitcode writer makes a constant of a
    /// mask, a user of those only in bitcode).
    uncovered_consts: HashSet<ConstId>,
    /// The last function (module order) whose instructions reach each global or constant,
    /// directly or through constants: LLVM writes its use-list record in that function's block.
    home: HashMap<Node, GlobalId>,
}

/// Whether an array or vector of `elems` is what LLVM keeps as data (`ConstantDataArray`,
/// `ConstantDataVector`): elements of `i8` to `i64` or of `half`, `bfloat`, `float` or
/// `double`, each an integer or float constant.
pub fn is_data_sequential(m: &Module, ty: TypeId, elems: &[ConstId]) -> bool {
    let elem = match m.types.get(ty) {
        Type::Array { elem, .. } | Type::Vector { elem, .. } => *elem,
        _ => return false,
    };
    let simple = match m.types.get(elem) {
        Type::Int(b) => matches!(b, 8 | 16 | 32 | 64),
        Type::Float(k) => {
            matches!(k, FloatKind::Half | FloatKind::BFloat | FloatKind::Float | FloatKind::Double)
        }
        _ => false,
    };
    simple
        && !elems.is_empty()
        && elems.iter().all(|&e| {
            m.consts.is_valid(e)
                && matches!(m.consts.kind(e), ConstKind::Int(_) | ConstKind::Float(_))
        })
}

/// The constant the model stands `c` for: LLVM has one `i32 0` however it is written, so a
/// scalar `zeroinitializer` is the module's `0`, `0.0` or `null` of its type when the module
/// has that too, and an aggregate of null values its `zeroinitializer`.
pub fn canonical(m: &Module, c: ConstId) -> ConstId {
    if !m.consts.is_valid(c) {
        return c;
    }
    let ty = m.consts.ty(c);
    let other = match m.consts.kind(c) {
        ConstKind::Zero => {
            if let Some(bits) = m.types.int_bits(ty) {
                m.consts.lookup(ty, ConstKind::Int(ApInt::zero(bits)))
            } else if m.types.is_float(ty) {
                m.consts.lookup(ty, ConstKind::Float(0))
            } else if m.types.is_ptr(ty) {
                m.consts.lookup(ty, ConstKind::Null)
            } else {
                None
            }
        }
        ConstKind::Aggregate(ops)
            if !ops.is_empty()
                && ops.iter().all(|&o| m.consts.is_valid(o) && is_null_value(m, o)) =>
        {
            m.consts.lookup(ty, ConstKind::Zero)
        }
        _ => None,
    };
    other.unwrap_or(c)
}

fn is_null_value(m: &Module, c: ConstId) -> bool {
    match m.consts.kind(c) {
        ConstKind::Int(v) => v.is_zero(),
        ConstKind::Float(bits) => *bits == 0,
        ConstKind::Null | ConstKind::Zero | ConstKind::NoneToken => true,
        _ => false,
    }
}

/// The operands of constant `c` as LLVM has them (a global's address is `Global`): none for
/// the aggregates LLVM keeps as data, `zeroinitializer`, `undef` or `poison`; a
/// `shufflevector`'s mask is not one.
pub fn llvm_const_operands(m: &Module, c: ConstId) -> Vec<ConstId> {
    if !m.consts.is_valid(c) {
        return Vec::new();
    }
    match m.consts.kind(c) {
        ConstKind::Aggregate(ops) => {
            let first = ops.first().copied();
            let all =
                |f: &dyn Fn(ConstId) -> bool| ops.iter().all(|&o| m.consts.is_valid(o) && f(o));
            let kind_is = |o: ConstId, k: fn(&ConstKind) -> bool| k(m.consts.kind(o));
            let operandless = first.is_none()
                || is_data_sequential(m, m.consts.ty(c), ops)
                || all(&|o| is_null_value(m, o))
                || all(&|o| kind_is(o, |k| matches!(k, ConstKind::Undef)))
                || all(&|o| kind_is(o, |k| matches!(k, ConstKind::Poison)));
            if operandless {
                Vec::new()
            } else {
                ops.to_vec()
            }
        }
        ConstKind::PtrAuth(ops) => ops.to_vec(),
        ConstKind::Expr(e) if e.op == Opcode::ShuffleVector => {
            e.operands.iter().take(2).copied().collect()
        }
        ConstKind::Expr(e) => e.operands.to_vec(),
        _ => Vec::new(),
    }
}

/// The constant operands of an instruction, with LLVM's operand numbers; an `alloca` without
/// a count uses `i32 1` (`one`, when the module has it).
fn inst_constants(d: &InstData, one: Option<ConstId>) -> Vec<(usize, ConstId)> {
    if let (Extra::Alloca { .. }, true, Some(one)) = (&d.extra, d.args.is_empty(), one) {
        return vec![(0, one)];
    }
    let mut out = Vec::new();
    for (k, op) in super::llvm_operands(d).into_iter().enumerate() {
        if let UseOp::Op(Operand::Const(c)) = op {
            out.push((k, c));
        }
    }
    out
}

/// The module's `i32 1`, which every `alloca` without a count uses.
fn i32_one(m: &Module) -> Option<ConstId> {
    m.consts.lookup(TypeId::I32, ConstKind::Int(ApInt::from_u64(32, 1)))
}

/// The global a constant is the address of, if it is one.
fn as_global(m: &Module, c: ConstId) -> Option<GlobalId> {
    if !m.consts.is_valid(c) {
        return None;
    }
    match m.consts.kind(c) {
        ConstKind::Global(g) => Some(*g),
        _ => None,
    }
}

struct Numbering<'m> {
    m: &'m Module,
    one: Option<ConstId>,
    null: Option<ConstId>,
    ids: HashMap<Node, u32>,
}

impl Numbering<'_> {
    fn give(&mut self, n: Node) {
        let next = self.ids.len() as u32 + 1;
        self.ids.entry(n).or_insert(next);
    }

    /// A constant after the constants among its operands (globals are numbered on their own).
    fn constant(&mut self, c: ConstId) {
        let mut stack = vec![(canonical(self.m, c), false)];
        while let Some((c, done)) = stack.pop() {
            if c.index() >= self.m.consts.len() || as_global(self.m, c).is_some() {
                continue;
            }
            if self.ids.contains_key(&Node::Const(c)) {
                continue;
            }
            if done {
                self.give(Node::Const(c));
                continue;
            }
            stack.push((c, true));
            for op in llvm_const_operands(self.m, c).into_iter().rev() {
                stack.push((canonical(self.m, op), false));
            }
        }
    }

    fn global_with_operands(&mut self, g: GlobalId) {
        for (_, c) in global_operands(self.m, g) {
            match c.or(self.null) {
                Some(c) => self.constant(c),
                None => self.give(Node::ImplicitNull),
            }
        }
        self.give(Node::Global(g));
    }

    fn instructions(&mut self, f: GlobalId) {
        let Some(body) = self.m.func(f).and_then(|f| f.body.as_ref()) else { return };
        for (_, i) in crate::ir::uses::layout_insts(body) {
            let Some(d) = body.insts.get(i) else { continue };
            for (_, c) in inst_constants(d, self.one) {
                self.constant(c);
            }
            self.give(Node::Inst(f, i));
        }
    }
}

/// A global's own operands with their operand numbers: initializer, aliasee, resolver;
/// personality, prefix, prologue (all three once one is set: `None` is LLVM's `ptr null`).
fn global_operands(m: &Module, g: GlobalId) -> Vec<(usize, Option<ConstId>)> {
    match m.globals.get(g).map(|gv| &gv.kind) {
        Some(GlobalKind::Var(v)) => v.init.map(|c| (0, Some(c))).into_iter().collect(),
        Some(GlobalKind::Alias { aliasee: c, .. })
        | Some(GlobalKind::IFunc { resolver: c, .. }) => vec![(0, Some(*c))],
        Some(GlobalKind::Func(f)) => {
            let slots = [f.personality, f.prefix, f.prologue];
            if slots.iter().all(Option::is_none) {
                return Vec::new();
            }
            slots.into_iter().enumerate().collect()
        }
        _ => Vec::new(),
    }
}

impl GlobalUses {
    /// Finds the uses of `m`'s globals and constants and numbers their users.
    pub fn of(m: &Module) -> GlobalUses {
        let mut by_kind: [Vec<GlobalId>; 4] = Default::default();
        for &g in &m.order {
            let k = match m.globals.get(g).map(|gv| &gv.kind) {
                Some(GlobalKind::Var(_)) => 0,
                Some(GlobalKind::Alias { .. }) => 1,
                Some(GlobalKind::IFunc { .. }) => 2,
                Some(GlobalKind::Func(_)) => 3,
                _ => continue,
            };
            if let Some(l) = by_kind.get_mut(k) {
                l.push(g);
            }
        }
        let [vars, aliases, ifuncs, funcs] = &by_kind;
        let mut out = GlobalUses::default();

        // Text numbering.
        let one = i32_one(m);
        let null = m.consts.lookup(TypeId::PTR, ConstKind::Null);
        let mut t = Numbering { m, one, null, ids: HashMap::default() };
        for &g in vars.iter().chain(aliases).chain(ifuncs) {
            t.global_with_operands(g);
        }
        for &f in funcs {
            t.global_with_operands(f);
            t.instructions(f);
            out.fn_end.insert(f, t.ids.len() as u32);
        }
        // Bitcode numbering.
        let mut b = Numbering { m, one, null, ids: HashMap::default() };
        for list in [vars, aliases, ifuncs, funcs] {
            for &g in list.iter().rev() {
                b.global_with_operands(g);
            }
        }
        for &f in funcs {
            b.instructions(f);
        }

        // The uses, from every numbered user.
        let refs = super::BlockAddressRefs::of(m);
        let mut uses: HashMap<Node, Vec<(Node, u32)>> = HashMap::default();
        let mut add = |used: Node, user: Node, k: usize| {
            uses.entry(used).or_default().push((user, k as u32));
        };
        let value = |c: ConstId| ModuleValue::of_const(m, c).node();
        for &n in t.ids.keys() {
            match n {
                Node::Const(c) => {
                    match m.consts.kind(c) {
                        ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => {
                            add(Node::Global(*g), n, 0);
                            out.uncovered_consts.insert(c);
                        }
                        // LLVM gives `ptrauth` all four operands (`i64 0`, `ptr null` for
                        // the unwritten ones): those values are not covered.
                        ConstKind::PtrAuth(ops) if ops.len() < 4 => {
                            let zero = ConstKind::Int(ApInt::zero(64));
                            out.uncovered_consts.extend(m.consts.lookup(TypeId::I64, zero));
                            match null {
                                Some(z) => {
                                    out.uncovered_consts.insert(z);
                                }
                                None => out.uncovered_null = true,
                            }
                        }
                        ConstKind::BlockAddress { func, block } => {
                            add(Node::Global(*func), n, 0);
                            out.uncovered_consts.insert(c);
                            // The text reader makes those uses when it reaches the function,
                            // not where they are numbered.
                            let key = (*func, *block);
                            if refs.from_inits.contains(&key)
                                || refs.from_other_insts.contains(&key)
                            {
                                out.uncovered.insert(*func);
                            }
                        }
                        _ => {}
                    }
                    for (k, op) in llvm_const_operands(m, c).into_iter().enumerate() {
                        add(value(op), n, k);
                    }
                }
                Node::Global(g) => {
                    for (k, op) in global_operands(m, g) {
                        let used = match op.or(null) {
                            Some(c) => value(c),
                            None => Node::ImplicitNull,
                        };
                        add(used, n, k);
                    }
                }
                Node::ImplicitNull => {}
                Node::Inst(f, i) => {
                    let Some(d) =
                        m.func(f).and_then(|f| f.body.as_ref()).and_then(|b| b.insts.get(i))
                    else {
                        continue;
                    };
                    for (k, c) in inst_constants(d, one) {
                        add(value(c), n, k);
                    }
                    if let (Opcode::ShuffleVector, Some(Operand::Const(mask))) =
                        (d.op, d.args.get(2))
                    {
                        for e in llvm_const_operands(m, *mask) {
                            out.uncovered_consts.insert(canonical(m, e));
                        }
                    }
                }
            }
        }
        out.uses = uses;
        // Where LLVM writes each record: the last function reaching the value.
        for &f in funcs {
            let Some(body) = m.func(f).and_then(|f| f.body.as_ref()) else { continue };
            let mut seen = HashSet::default();
            for (_, i) in crate::ir::uses::layout_insts(body) {
                let Some(d) = body.insts.get(i) else { continue };
                for (_, c) in inst_constants(d, one) {
                    let mut stack = vec![c];
                    while let Some(c) = stack.pop() {
                        if !seen.insert(c) || c.index() >= m.consts.len() {
                            continue;
                        }
                        out.home.insert(ModuleValue::of_const(m, c).node(), f);
                        if let ConstKind::DsoLocalEquivalent(g)
                        | ConstKind::NoCfi(g)
                        | ConstKind::BlockAddress { func: g, .. } = m.consts.kind(c)
                        {
                            out.home.insert(Node::Global(*g), f);
                        }
                        stack.extend(llvm_const_operands(m, c));
                    }
                }
            }
        }
        out.text = t.ids;
        out.bitcode = b.ids;
        out
    }

    /// The function whose `USELIST_BLOCK` LLVM puts `v`'s record in (`None`: the module's).
    pub fn home(&self, v: ModuleValue) -> Option<GlobalId> {
        self.home.get(&v.node()).copied()
    }

    /// `v`'s place in the text reader's numbering (the order LLVM prints module-level
    /// directives in).
    pub fn text_place(&self, v: ModuleValue) -> Option<u32> {
        self.text.get(&v.node()).copied()
    }

    /// The order `reader` creates `v`'s uses in, when `v` is covered: each use as its place in
    /// the text reader's numbering (the same use in both answers).
    pub fn default_order(&self, v: ModuleValue, reader: super::Reader) -> Option<Vec<UseKey>> {
        match v {
            ModuleValue::Global(g) if self.uncovered.contains(&g) => return None,
            ModuleValue::Const(c) if self.uncovered_consts.contains(&c) => return None,
            ModuleValue::ImplicitNull if self.uncovered_null => return None,
            _ => {}
        }
        let ids = match reader {
            super::Reader::Text => &self.text,
            super::Reader::Bitcode => &self.bitcode,
        };
        let node = v.node();
        let mut keys = Vec::new();
        let mut same = HashMap::default();
        for &(user, k) in self.uses.get(&node).map(|v| &v[..]).unwrap_or(&[]) {
            let key = UseKey { user: *ids.get(&user)?, operand: k };
            same.insert(key, UseKey { user: *self.text.get(&user)?, operand: k });
            keys.push(key);
        }
        let own = *ids.get(&node)?;
        // Globals are never placeholders in bitcode: all their uses come newest first.
        let reversed = reader == super::Reader::Text || matches!(v, ModuleValue::Const(_));
        let order = predict(&keys, own, reversed);
        order.iter().map(|k| same.get(k).copied()).collect()
    }

    /// The globals and constants with at least two uses (the only ones an order can matter
    /// for), globals first, each kind in index order.
    pub fn used_values(&self) -> Vec<ModuleValue> {
        let mut out: Vec<ModuleValue> = self
            .uses
            .iter()
            .filter(|(_, u)| u.len() >= 2)
            .filter_map(|(n, _)| match *n {
                Node::Global(g) => Some(ModuleValue::Global(g)),
                Node::Const(c) => Some(ModuleValue::Const(c)),
                Node::ImplicitNull => Some(ModuleValue::ImplicitNull),
                Node::Inst(..) => None,
            })
            .collect();
        out.sort_by_key(|v| match *v {
            ModuleValue::Global(g) => (0, g.index()),
            ModuleValue::Const(c) => (1, c.index()),
            ModuleValue::ImplicitNull => (2, 0),
        });
        out
    }

    /// The order `indexes` (a shuffle of `from`'s default; `None`: that default itself) gives
    /// `v`'s uses, as a shuffle of `to`'s default (empty when it is that default); `None`
    /// when `v` is not covered or `indexes` does not fit.
    pub fn reorder(
        &self,
        v: ModuleValue,
        indexes: Option<&[u32]>,
        from: super::Reader,
        to: super::Reader,
    ) -> Option<Vec<u32>> {
        let from_default = self.default_order(v, from)?;
        let in_memory = match indexes {
            Some(i) => super::apply(&from_default, i)?,
            None => from_default,
        };
        super::shuffle(&self.default_order(v, to)?, &in_memory)
    }

    /// The order the text reader's `directives` on `v` (shuffles, each with the function it is
    /// written in, in text order) give its uses, as a shuffle of `to`'s default. Each directive
    /// sorts the uses made by then (inside a function: those up to its end; at module level,
    /// after the functions: all), and the text reader makes later uses in front of them,
    /// newest first. `None` when a shuffle does not fit.
    pub fn reorder_directives(
        &self,
        v: ModuleValue,
        directives: &[(&[u32], Option<GlobalId>)],
        to: super::Reader,
    ) -> Option<Vec<u32>> {
        let default = self.default_order(v, super::Reader::Text)?;
        let mut in_memory: Vec<UseKey> = Vec::new();
        // The uses made so far are those of users up to `made`; the default has the later
        // ones first, so they are a prefix of what is left of it.
        let mut left = &default[..];
        let mut made = 0u32;
        for &(indexes, within) in directives {
            let end = match (v, within) {
                (ModuleValue::Const(_), Some(f)) => *self.fn_end.get(&f)?,
                _ => u32::MAX,
            };
            if end < made {
                return None;
            }
            let split = left.iter().position(|k| k.user <= end).unwrap_or(left.len());
            let (later, new) = left.split_at(split);
            if later.iter().any(|k| k.user <= end) || new.iter().any(|k| k.user > end) {
                return None;
            }
            let mut list = new.to_vec();
            list.append(&mut in_memory);
            in_memory = super::apply(&list, indexes)?;
            left = later;
            made = end;
        }
        let mut list = left.to_vec();
        list.append(&mut in_memory);
        super::shuffle(&self.default_order(v, to)?, &list)
    }

    /// As [`super::FnUses::convert`], for `v`.
    pub fn convert(
        &self,
        v: ModuleValue,
        indexes: &[u32],
        from: super::Reader,
        to: super::Reader,
    ) -> Option<Vec<u32>> {
        self.reorder(v, Some(indexes), from, to)
    }
}
