//! The worklist driver of `instsimplify`, shared with `instcombine`, `reassociate` and `gvn`:
//! the users of each value, the block of each instruction and the replacements made, so a
//! change revisits only the instructions it affects (no rescans of the whole function).
//!
//! Use counts are what the rules ask ("unused?", "one use?"), so they are counted only up to
//! two, looking at a value's users until two uses are found. The uses of a value in an
//! instruction with many operands (a phi with thousands of incoming values) are counted from an
//! index of that instruction's operands, built when first needed and kept up to date by the
//! worklist's own edits ([`Worklist::replace`], [`Worklist::operands_changed`]), so a question
//! about one incoming value does not scan all of them. Users that were erased leave the use
//! lists as the lists are read.

use super::dce;
use super::edit::{
    for_each_operand_mut, layout_insts, remove_insts, replace_uses, use_lists, used_values,
};
use super::instsimplify::simplify;
use crate::analysis::{Cfg, DomTree};
use crate::ir::layout::Layouts;
use crate::ir::SecondaryMap;
use crate::ir::{
    AttrKind, Block, Body, GlobalId, Inst, InstData, LocalName, Module, Operand, TypeId, Value,
    ValueData, ValueDef,
};
use rustc_hash::FxHashMap as HashMap;

/// Instructions with more operands than this get an index of their uses.
const WIDE: usize = 16;

/// An extra rule set the worklist applies after simplification (`instcombine`'s): returns true
/// when it changed the instruction or replaced it.
pub(crate) type Rules = fn(&mut Worklist, &mut Module, &mut Body, Inst) -> bool;

/// The worklist driver shared with `instcombine`: users of each value, the block of each
/// instruction, and the replacements made, so a change revisits only the instructions it
/// affects (no rescans of the whole function).
pub(crate) struct Worklist {
    users: SecondaryMap<Value, Vec<Inst>>,
    /// How many times each value is used by each wide instruction (see the module doc).
    wide: HashMap<Inst, HashMap<Value, u32>>,
    queued: SecondaryMap<Inst, bool>,
    list: Vec<Inst>,
    repl: SecondaryMap<Value, Option<Operand>>,
    erased: SecondaryMap<Inst, bool>,
    pub(crate) facts: Facts,
    pub(crate) folded: u64,
}

/// The bytes of a constant global's initializer (`None` where unknown).
pub(crate) type GlobalBytes = std::rc::Rc<[Option<u8>]>;

/// What the simplifier may assume about the function: dominance, the block of each
/// instruction, and which parameters are `noundef`.
pub(crate) struct Facts {
    pub(crate) dt: DomTree,
    pub(crate) block_of: SecondaryMap<Inst, Option<Block>>,
    pub(crate) noundef: Vec<bool>,
    /// Type layouts, computed when a rule first needs them.
    layouts: std::cell::OnceCell<Layouts>,
    /// The initializer bytes of constant globals, computed when first read.
    pub(crate) gbytes: std::cell::RefCell<rustc_hash::FxHashMap<GlobalId, Option<GlobalBytes>>>,
}

impl Facts {
    /// The facts of `body`, the body of function `g`.
    pub(crate) fn new(m: &Module, g: GlobalId, body: &Body) -> Facts {
        let mut block_of = SecondaryMap::from_elem(None, body.insts.len());
        for (b, i) in layout_insts(body) {
            if let Some(s) = block_of.get_mut(i) {
                *s = Some(b);
            }
        }
        let dt = DomTree::new(&Cfg::new(body));
        let noundef = m
            .func(g)
            .map(|f| f.params.iter().map(|p| m.attrs.has(p.attrs, AttrKind::NoUndef)).collect())
            .unwrap_or_default();
        Facts { dt, block_of, noundef, layouts: Default::default(), gbytes: Default::default() }
    }

    /// The layouts of the module's types.
    pub(crate) fn layouts(&self, m: &Module) -> &Layouts {
        self.layouts.get_or_init(|| Layouts::new(m))
    }
}

impl Worklist {
    /// Builds the use lists of `body` and queues every instruction in layout order.
    pub(crate) fn new(m: &Module, g: GlobalId, body: &Body) -> Worklist {
        let users = use_lists(body);
        let mut list: Vec<Inst> = layout_insts(body).iter().map(|&(_, i)| i).collect();
        list.reverse();
        Worklist {
            users,
            wide: HashMap::default(),
            facts: Facts::new(m, g, body),
            queued: SecondaryMap::from_elem(true, body.insts.len()),
            list,
            repl: SecondaryMap::from_elem(None, body.values.len()),
            erased: SecondaryMap::from_elem(false, body.insts.len()),
            folded: 0,
        }
    }

    /// Queues an instruction (again).
    pub(crate) fn push(&mut self, i: Inst) {
        if let Some(q) = self.queued.get_mut(i) {
            if !*q {
                *q = true;
                self.list.push(i);
            }
        }
    }

    /// Queues the users of `v`.
    pub(crate) fn push_users(&mut self, v: Value) {
        let us = self.users.get(v).cloned().unwrap_or_default();
        for u in us {
            self.push(u);
        }
    }

    /// Queues the instruction defining operand `o`, if any.
    pub(crate) fn push_def(&mut self, body: &Body, o: Operand) {
        if let Operand::Value(v) = o {
            if let Some(ValueDef::Inst(d)) = body.values.get(v).map(|vd| vd.def) {
                self.push(d);
            }
        }
    }

    /// The block of an instruction.
    pub(crate) fn block_of(&self, i: Inst) -> Option<Block> {
        self.facts.block_of.get(i).copied().flatten()
    }

    /// True when the instruction has been erased.
    pub(crate) fn is_erased(&self, i: Inst) -> bool {
        self.erased.get(i).copied().unwrap_or(true)
    }

    /// How many times `v` is used by live instructions, counted up to two: 0, 1, or 2 for
    /// two or more.
    pub(crate) fn use_count(&mut self, body: &Body, v: Value) -> usize {
        self.prune(v);
        let mut list = self.users.get_mut(v).map(std::mem::take).unwrap_or_default();
        let mut first: Option<Inst> = None;
        let mut n = 0usize;
        for &u in &list {
            if first == Some(u) {
                continue;
            }
            let k = self.uses_in(body, u, v) as usize;
            if k == 0 {
                continue;
            }
            n += k;
            if first.is_some() || n >= 2 {
                n = 2;
                break;
            }
            first = Some(u);
        }
        if let Some(slot) = self.users.get_mut(v) {
            std::mem::swap(slot, &mut list);
        }
        n
    }

    /// The live instructions that use `v`, each once.
    pub(crate) fn live_users(&mut self, body: &Body, v: Value) -> Vec<Inst> {
        self.prune(v);
        let mut us = self.users.get(v).cloned().unwrap_or_default();
        us.sort_unstable();
        us.dedup();
        us.retain(|&u| self.uses_in(body, u, v) > 0);
        us
    }

    /// Drops the erased instructions from the use list of `v`.
    fn prune(&mut self, v: Value) {
        let erased = &self.erased;
        if let Some(list) = self.users.get_mut(v) {
            list.retain(|&u| !erased.get(u).copied().unwrap_or(true));
        }
    }

    /// How many times live instruction `u` uses `v` (0 when it is erased).
    fn uses_in(&mut self, body: &Body, u: Inst, v: Value) -> u32 {
        if self.is_erased(u) {
            return 0;
        }
        let Some(d) = body.insts.get(u) else { return 0 };
        if d.args.len() <= WIDE {
            let mut n = 0;
            used_values(body, d, &mut |x| n += u32::from(x == v));
            return n;
        }
        let index = self.wide.entry(u).or_insert_with(|| {
            let mut index: HashMap<Value, u32> = HashMap::default();
            used_values(body, d, &mut |x| *index.entry(x).or_insert(0) += 1);
            index
        });
        index.get(&v).copied().unwrap_or(0)
    }

    /// Records that the operands of `i` were rewritten other than by [`Worklist::replace`]
    /// (its index of uses, if any, is rebuilt when next needed).
    pub(crate) fn operands_changed(&mut self, i: Inst) {
        self.wide.remove(&i);
    }

    /// Records that `u` uses operand `o` (after an operand was set to `o`).
    pub(crate) fn add_user(&mut self, o: Operand, u: Inst) {
        if let Operand::Value(v) = o {
            if let Some(l) = self.users.get_mut(v) {
                if l.last() != Some(&u) {
                    l.push(u);
                }
            }
        }
    }

    /// Replaces every use of the result of `i` by `new` and queues the users.
    pub(crate) fn replace(&mut self, body: &mut Body, i: Inst, new: Operand) {
        let Some(v) = body.insts.get(i).and_then(|d| d.result) else { return };
        if new == Operand::Value(v) {
            return;
        }
        if let Some(slot) = self.repl.get_mut(v) {
            *slot = Some(new);
        }
        let us = self.users.get_mut(v).map(std::mem::take).unwrap_or_default();
        for u in us {
            if self.is_erased(u) {
                continue;
            }
            let mut hits = 0u32;
            if let Some(d) = body.insts.get_mut(u) {
                for_each_operand_mut(d, &mut |o| {
                    if *o == Operand::Value(v) {
                        *o = new;
                        hits += 1;
                    }
                });
            }
            if let (Some(index), true) = (self.wide.get_mut(&u), hits > 0) {
                if let Some(k) = index.get_mut(&v) {
                    *k = k.saturating_sub(hits);
                }
                if let Operand::Value(x) = new {
                    *index.entry(x).or_insert(0) += hits;
                }
            }
            if hits > 0 {
                self.add_user(new, u);
                self.push(u);
            }
        }
        self.folded += 1;
        self.push(i);
    }

    /// Creates an instruction before `before` (in its block) and returns its result.
    pub(crate) fn insert_before(
        &mut self,
        body: &mut Body,
        before: Inst,
        mut data: InstData,
    ) -> Option<Value> {
        let b = self.block_of(before)?;
        let pos = body.blocks.get(b)?.insts.iter().position(|&x| x == before)?;
        let inst = body.insts.next_key();
        let mut result = None;
        if data.ty != TypeId::VOID {
            let v = body.values.push(ValueData {
                ty: data.ty,
                def: ValueDef::Inst(inst),
                name: LocalName::Unnamed,
            });
            body.value_spans.push(data.span);
            data.result = Some(v);
            result = Some(v);
            self.users[v] = Vec::new();
            self.repl[v] = None;
        }
        let ops: Vec<Operand> = data.args.to_vec();
        body.insts.push(data);
        if let Some(bd) = body.blocks.get_mut(b) {
            bd.insts.insert(pos, inst);
        }
        self.facts.block_of[inst] = Some(b);
        self.erased[inst] = false;
        self.queued[inst] = false;
        for o in ops {
            self.add_user(o, inst);
        }
        self.push(inst);
        result
    }

    /// Runs simplification (and `rules`, if any) until the worklist is empty.
    pub(crate) fn run(&mut self, m: &mut Module, body: &mut Body, rules: Option<Rules>) {
        let mut steps: u64 = 0;
        let limit = 64 * (body.insts.len() as u64 + 16);
        while let Some(i) = self.list.pop() {
            if let Some(q) = self.queued.get_mut(i) {
                *q = false;
            }
            if self.is_erased(i) {
                continue;
            }
            steps += 1;
            if steps > limit {
                break; // a safety net against rule cycles
            }
            let Some(d) = body.insts.get(i) else { continue };
            // Dead instructions go first.
            let unused = d.result.is_none_or(|v| self.use_count(body, v) == 0);
            if unused && !dce::has_effects(m, body, d) {
                self.erase(body, i);
                continue;
            }
            // Unreachable code may be self-referential; it is left alone.
            if !self.block_of(i).is_some_and(|b| self.facts.dt.is_reachable(b)) {
                continue;
            }
            if d.result.is_some() {
                if let Some(new) = simplify(m, body, i, &self.facts) {
                    self.replace(body, i, new);
                    continue;
                }
            }
            if let Some(r) = rules {
                r(self, m, body, i);
            }
        }
    }

    /// Marks `i` erased and queues the definitions of its operands (they may die too).
    pub(crate) fn erase(&mut self, body: &Body, i: Inst) {
        if let Some(e) = self.erased.get_mut(i) {
            *e = true;
        }
        let mut ops = Vec::new();
        if let Some(d) = body.insts.get(i) {
            used_values(body, d, &mut |v| ops.push(v));
        }
        for v in ops {
            self.push_def(body, Operand::Value(v));
        }
    }

    /// Applies the replacements to metadata uses and removes erased instructions. Returns the
    /// number of folds and of removed instructions.
    pub(crate) fn finish(self, m: &mut Module, body: &mut Body) -> (u64, u64) {
        let repl = self.repl;
        if repl.values().any(|r| r.is_some()) {
            let resolve = |v: Value| -> Option<Operand> {
                let mut cur = *repl.get(v)?;
                let mut cur = cur.take()?;
                for _ in 0..64 {
                    match cur {
                        Operand::Value(w) => match repl.get(w).copied().flatten() {
                            Some(n) => cur = n,
                            None => break,
                        },
                        _ => break,
                    }
                }
                Some(cur)
            };
            replace_uses(body, &resolve);
        }
        let erased = self.erased;
        let removed =
            remove_insts(&mut m.consts, body, &|i| erased.get(i).copied().unwrap_or(false));
        (self.folded, removed as u64)
    }
}
