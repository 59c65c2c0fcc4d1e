//! Execution traces: one event per executed instruction with its result and poison state, and
//! the textual rendering of runtime values.

use crate::diag::Span;
use crate::interp::bytecode::{FnCode, Opnd, NONE};
use crate::interp::poison::origin::TaintKind;
use crate::interp::state::Interp;
use crate::interp::value::{sext, Val};
use crate::ir::layout::Class;
use crate::ir::{Body, EntityRef, GlobalId, Inst, TypeId};
use crate::semantics::{fp, wide};
use serde::Serialize;

/// One executed instruction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TraceEvent {
    /// The step number (1-based).
    pub step: u64,
    /// The function.
    pub function: String,
    /// The block label.
    pub block: String,
    /// The instruction's span (byte offsets).
    pub span: (u32, u32),
    /// The opcode.
    pub op: String,
    /// The result value, if the instruction has one.
    pub result: Option<String>,
    /// `poison` or `undef` when the result is tainted, with the reason at its root.
    pub poison: Option<String>,
    /// For a tainted result: the instruction where the taint arose, then the instructions it
    /// travelled through (oldest first). Empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub origin: Vec<crate::interp::poison::origin::OriginStep>,
}

impl Interp<'_> {
    fn body_of(&self, g: u32) -> Option<&Body> {
        self.m.func(GlobalId::from_u32(g)).and_then(|f| f.body.as_ref())
    }

    fn block_label(&mut self, g: u32, b: usize) -> String {
        if let Some(v) = self.labels.get(&g) {
            return v.get(b).cloned().unwrap_or_default();
        }
        let Some(body) = self.body_of(g) else { return String::new() };
        // Unnamed values and blocks share one counter, in order: parameters, then each block's
        // label followed by its instructions' results.
        let mut next = body
            .params
            .iter()
            .filter(|p| {
                matches!(body.values.get(**p).map(|v| v.name), Some(crate::ir::LocalName::Unnamed))
            })
            .count();
        let mut labels = vec![String::new(); body.blocks.len()];
        for &blk in &body.layout {
            let Some(bd) = body.blocks.get(blk) else { continue };
            let label = match bd.name {
                crate::ir::LocalName::Named(s) => format!("%{}", self.m.symbols.get(s)),
                crate::ir::LocalName::Unnamed => {
                    next += 1;
                    format!("%{}", next - 1)
                }
            };
            if let Some(l) = labels.get_mut(blk.index()) {
                *l = label;
            }
            for i in &bd.insts {
                let unnamed = body
                    .insts
                    .get(*i)
                    .and_then(|d| d.result)
                    .and_then(|v| body.values.get(v))
                    .is_some_and(|v| v.name == crate::ir::LocalName::Unnamed);
                next += unnamed as usize;
            }
        }
        let r = labels.get(b).cloned().unwrap_or_default();
        self.labels.insert(g, labels);
        r
    }

    fn push_event(&mut self, g: u32, block: String, inst: Inst, v: Option<Val>, ty: TypeId) {
        let Some(t) = self.trace.as_ref() else { return };
        if t.len() >= self.max_trace {
            return;
        }
        let Some(data) = self.body_of(g).and_then(|b| b.insts.get(inst)) else { return };
        let (span, op) = (data.span, data.op.name().to_string());
        let poison = v.as_ref().map(Val::taint).filter(|&o| o != 0).map(|o| {
            let root =
                self.origins.path(o).first().map(|e| e.reason.to_string()).unwrap_or_default();
            let kind =
                if self.origins.kind(o) == Some(TaintKind::Undef) { "undef" } else { "poison" };
            if root.is_empty() {
                kind.to_string()
            } else {
                format!("{kind}: {root}")
            }
        });
        let origin = match v.as_ref().map(Val::taint) {
            Some(o) if o != 0 => {
                let steps: Vec<(Span, u32)> =
                    self.origins.path(o).iter().map(|e| (e.span, e.func)).collect();
                steps
                    .into_iter()
                    .filter(|&(_, f)| f != u32::MAX)
                    .map(|(s, f)| crate::interp::poison::origin::OriginStep {
                        span: (s.start, s.end),
                        function: self.fname(f),
                        reason: String::new(),
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        let result = v.map(|v| self.fmt_val(&v, ty));
        let ev = TraceEvent {
            step: self.steps,
            function: self.fname(g),
            block,
            span: (span.start, span.end),
            op,
            result,
            poison,
            origin,
        };
        if let Some(t) = self.trace.as_mut() {
            t.push(ev);
        }
    }

    /// Records the op at `cur` of the current frame.
    pub fn trace_op(&mut self, code: &FnCode, cur: usize, base: usize, wbase: usize) {
        let (Some(&inst), Some(&res), Some(&b)) =
            (code.insts.get(cur), code.res.get(cur), code.blocks.get(cur))
        else {
            return;
        };
        let v = (res != NONE).then(|| self.opnd(code, base, wbase, res));
        let ty =
            self.body_of(code.gid).and_then(|bd| bd.insts.get(inst)).map_or(TypeId::VOID, |d| d.ty);
        let label = self.block_label(code.gid, b as usize);
        self.push_event(code.gid, label, inst, v, ty);
    }

    /// Records the result of a call that completed in place (replacing the call's event).
    pub fn trace_result(&mut self, code: &FnCode, cur: usize, base: usize, wbase: usize) {
        if let Some(t) = self.trace.as_mut() {
            if t.last().is_some_and(|e| e.step == self.steps) {
                t.pop();
            }
        }
        self.trace_op(code, cur, base, wbase);
    }

    /// Records a phi executed along an edge.
    pub fn trace_phi(&mut self, code: &FnCode, inst: Inst, d: Opnd, base: usize, wbase: usize) {
        let v = self.opnd(code, base, wbase, d);
        let Some(body) = self.body_of(code.gid) else { return };
        let b = body
            .layout
            .iter()
            .find(|&&b| body.blocks[b].insts.contains(&inst))
            .map_or(0, |b| b.index());
        let ty = body.insts.get(inst).map_or(TypeId::VOID, |x| x.ty);
        let label = self.block_label(code.gid, b);
        self.push_event(code.gid, label, inst, Some(v), ty);
    }

    /// A value as LLVM-like text (`i32 -5`, `ptr 0x1000`, `<2 x i8> <1, 2>`, `poison`).
    pub fn fmt_val(&self, v: &Val, ty: TypeId) -> String {
        let t = v.taint();
        if t != 0 && !matches!(v, Val::A(_)) {
            return if self.origins.kind(t) == Some(TaintKind::Undef) {
                "undef".into()
            } else {
                "poison".into()
            };
        }
        match (self.lay.class(ty), v) {
            (Class::Int(w), Val::S(s)) => {
                if *w == 1 {
                    (if s.bits & 1 == 1 { "true" } else { "false" }).into()
                } else {
                    sext(s.bits, *w).to_string()
                }
            }
            (Class::Int(w), Val::W { words, .. }) => wide::to_string(words, *w, true),
            (Class::Ptr, Val::S(s)) => {
                if s.bits == 0 {
                    "null".into()
                } else {
                    format!("{:#x}", s.bits)
                }
            }
            (Class::Float(k), _) => {
                let b = match v {
                    Val::S(s) => s.bits as u128,
                    Val::W { words, .. } => {
                        words.first().copied().unwrap_or(0) as u128
                            | (words.get(1).copied().unwrap_or(0) as u128) << 64
                    }
                    _ => 0,
                };
                fp::display(*k, b)
            }
            (Class::Vector(_, e), Val::A(es)) => format!(
                "<{}>",
                es.iter().map(|x| self.fmt_val(x, *e)).collect::<Vec<_>>().join(", ")
            ),
            (Class::Array(_, e), Val::A(es)) => format!(
                "[{}]",
                es.iter().map(|x| self.fmt_val(x, *e)).collect::<Vec<_>>().join(", ")
            ),
            (Class::Struct(fs, _), Val::A(es)) => format!(
                "{{ {} }}",
                es.iter()
                    .zip(fs.iter())
                    .map(|(x, f)| self.fmt_val(x, *f))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            _ => format!("{:#x}", v.slot().bits),
        }
    }
}
