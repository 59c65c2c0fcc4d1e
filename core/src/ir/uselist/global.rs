//! Use-list order of global values (variables, functions, aliases, ifuncs).
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
//! Not covered (no answer from [`GlobalUses::default_order`]): a function some `blockaddress`
//! names, and globals used from metadata through a constant expression.

use super::{predict, UseKey, UseOp};
use crate::ir::constants::{ConstId, ConstKind};
use crate::ir::entity::EntityRef;
use crate::ir::inst::Operand;
use crate::ir::module::{GlobalId, GlobalKind, Module};
use crate::ir::Inst;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// A user (or a used global) in a reader's numbering.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Node {
    Const(ConstId),
    Global(GlobalId),
    Inst(GlobalId, Inst),
}

/// The uses of every global value of a module and both readers' numberings of their users.
#[derive(Clone, Debug, Default)]
pub struct GlobalUses {
    uses: HashMap<GlobalId, Vec<(Node, u32)>>,
    text: HashMap<Node, u32>,
    bitcode: HashMap<Node, u32>,
    uncovered: HashSet<GlobalId>,
    /// The last function (module order) whose instructions reach each global, directly or
    /// through constants: LLVM writes the global's use-list record in that function's block.
    home: HashMap<GlobalId, GlobalId>,
}

/// The operands of a constant that are values (a global's address is `Global`).
fn operands(kind: &ConstKind) -> Vec<ConstId> {
    match kind {
        ConstKind::Aggregate(ops) | ConstKind::PtrAuth(ops) => ops.to_vec(),
        ConstKind::Expr(e) => e.operands.to_vec(),
        _ => Vec::new(),
    }
}

/// The global a constant is the address of, if it is one.
fn as_global(m: &Module, c: ConstId) -> Option<GlobalId> {
    match m.consts.kind(c) {
        ConstKind::Global(g) => Some(*g),
        _ => None,
    }
}

struct Numbering<'m> {
    m: &'m Module,
    ids: HashMap<Node, u32>,
}

impl Numbering<'_> {
    fn give(&mut self, n: Node) {
        let next = self.ids.len() as u32 + 1;
        self.ids.entry(n).or_insert(next);
    }

    /// A constant after the constants among its operands (globals are numbered on their own).
    fn constant(&mut self, c: ConstId) {
        let mut stack = vec![(c, false)];
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
            for op in operands(self.m.consts.kind(c)).into_iter().rev() {
                stack.push((op, false));
            }
        }
    }

    fn global_with_operands(&mut self, g: GlobalId) {
        for c in global_operands(self.m, g) {
            self.constant(c);
        }
        self.give(Node::Global(g));
    }

    fn instructions(&mut self, f: GlobalId) {
        let Some(body) = self.m.func(f).and_then(|f| f.body.as_ref()) else { return };
        for (_, i) in crate::ir::uses::layout_insts(body) {
            let Some(d) = body.insts.get(i) else { continue };
            for op in super::llvm_operands(d) {
                if let UseOp::Op(Operand::Const(c)) = op {
                    self.constant(c);
                }
            }
            self.give(Node::Inst(f, i));
        }
    }
}

/// A global's own operands: initializer, aliasee, resolver; personality, prefix, prologue.
fn global_operands(m: &Module, g: GlobalId) -> Vec<ConstId> {
    match m.globals.get(g).map(|gv| &gv.kind) {
        Some(GlobalKind::Var(v)) => v.init.into_iter().collect(),
        Some(GlobalKind::Alias { aliasee: c, .. })
        | Some(GlobalKind::IFunc { resolver: c, .. }) => {
            vec![*c]
        }
        Some(GlobalKind::Func(f)) => {
            [f.personality, f.prefix, f.prologue].into_iter().flatten().collect()
        }
        _ => Vec::new(),
    }
}

impl GlobalUses {
    /// Finds the uses of `m`'s globals and numbers their users.
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
        let mut t = Numbering { m, ids: HashMap::default() };
        for &g in vars.iter().chain(aliases).chain(ifuncs) {
            t.global_with_operands(g);
        }
        for &f in funcs {
            t.global_with_operands(f);
            t.instructions(f);
        }
        // Bitcode numbering.
        let mut b = Numbering { m, ids: HashMap::default() };
        for list in [vars, aliases, ifuncs, funcs] {
            for &g in list.iter().rev() {
                b.global_with_operands(g);
            }
        }
        for &f in funcs {
            b.instructions(f);
        }

        // The uses, from every numbered user.
        let mut add = |g: GlobalId, user: Node, k: usize| {
            out.uses.entry(g).or_default().push((user, k as u32));
        };
        for &n in t.ids.keys() {
            match n {
                Node::Const(c) => {
                    let kind = m.consts.kind(c);
                    match kind {
                        ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => add(*g, n, 0),
                        ConstKind::BlockAddress { func, .. } => {
                            out.uncovered.insert(*func);
                        }
                        _ => {}
                    }
                    for (k, op) in operands(kind).into_iter().enumerate() {
                        if let Some(g) = as_global(m, op) {
                            add(g, n, k);
                        }
                    }
                }
                Node::Global(g) => {
                    for (k, op) in global_operands(m, g).into_iter().enumerate() {
                        if let Some(used) = as_global(m, op) {
                            // A function's operands are numbered personality, prefix,
                            // prologue whichever are set; LLVM allocates all three.
                            let k = function_operand_no(m, g, op).unwrap_or(k);
                            add(used, n, k);
                        }
                    }
                }
                Node::Inst(f, i) => {
                    let Some(d) =
                        m.func(f).and_then(|f| f.body.as_ref()).and_then(|b| b.insts.get(i))
                    else {
                        continue;
                    };
                    for (k, op) in super::llvm_operands(d).into_iter().enumerate() {
                        if let UseOp::Op(Operand::Const(c)) = op {
                            if let Some(g) = as_global(m, c) {
                                add(g, n, k);
                            }
                        }
                    }
                }
            }
        }
        // Where LLVM writes each global's record: the last function reaching it.
        for &f in funcs {
            let Some(body) = m.func(f).and_then(|f| f.body.as_ref()) else { continue };
            let mut seen = HashSet::default();
            for (_, i) in crate::ir::uses::layout_insts(body) {
                let Some(d) = body.insts.get(i) else { continue };
                for op in super::llvm_operands(d) {
                    if let UseOp::Op(Operand::Const(c)) = op {
                        let mut stack = vec![c];
                        while let Some(c) = stack.pop() {
                            if !seen.insert(c) || c.index() >= m.consts.len() {
                                continue;
                            }
                            if let Some(g) = as_global(m, c) {
                                out.home.insert(g, f);
                            }
                            stack.extend(operands(m.consts.kind(c)));
                        }
                    }
                }
            }
        }
        out.text = t.ids;
        out.bitcode = b.ids;
        out
    }

    /// The function whose `USELIST_BLOCK` LLVM puts `g`'s record in (`None`: the module's).
    pub fn home(&self, g: GlobalId) -> Option<GlobalId> {
        self.home.get(&g).copied()
    }

    /// The order `reader` creates `g`'s uses in, when `g` is covered: each use as its place in
    /// the text reader's numbering (the same use in both answers).
    pub fn default_order(&self, g: GlobalId, reader: super::Reader) -> Option<Vec<UseKey>> {
        if self.uncovered.contains(&g) {
            return None;
        }
        let ids = match reader {
            super::Reader::Text => &self.text,
            super::Reader::Bitcode => &self.bitcode,
        };
        let mut keys = Vec::new();
        let mut same = HashMap::default();
        for &(user, k) in self.uses.get(&g).map(|v| &v[..]).unwrap_or(&[]) {
            let key = UseKey { user: *ids.get(&user)?, operand: k };
            same.insert(key, UseKey { user: *self.text.get(&user)?, operand: k });
            keys.push(key);
        }
        let own = *ids.get(&Node::Global(g))?;
        // Globals are never placeholders in bitcode: all their uses come newest first.
        let order = predict(&keys, own, reader == super::Reader::Text);
        order.iter().map(|k| same.get(k).copied()).collect()
    }

    /// The globals with at least two uses (the only ones an order can matter for).
    pub fn used_globals(&self) -> Vec<GlobalId> {
        let mut out: Vec<GlobalId> =
            self.uses.iter().filter(|(_, u)| u.len() >= 2).map(|(g, _)| *g).collect();
        out.sort_by_key(|g| g.index());
        out
    }

    /// The order `indexes` (a shuffle of `from`'s default; `None`: that default itself) gives
    /// `g`'s uses, as a shuffle of `to`'s default (empty when it is that default); `None`
    /// when `g` is not covered or `indexes` does not fit.
    pub fn reorder(
        &self,
        g: GlobalId,
        indexes: Option<&[u32]>,
        from: super::Reader,
        to: super::Reader,
    ) -> Option<Vec<u32>> {
        let from_default = self.default_order(g, from)?;
        let in_memory = match indexes {
            Some(i) => super::apply(&from_default, i)?,
            None => from_default,
        };
        super::shuffle(&self.default_order(g, to)?, &in_memory)
    }

    /// As [`super::FnUses::convert`], for global `g`.
    pub fn convert(
        &self,
        g: GlobalId,
        indexes: &[u32],
        from: super::Reader,
        to: super::Reader,
    ) -> Option<Vec<u32>> {
        self.reorder(g, Some(indexes), from, to)
    }
}

/// The operand number of `c` among function `f`'s personality, prefix and prologue.
fn function_operand_no(m: &Module, f: GlobalId, c: ConstId) -> Option<usize> {
    let func = m.func(f)?;
    [func.personality, func.prefix, func.prologue].iter().position(|&o| o == Some(c))
}
