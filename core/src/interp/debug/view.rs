//! Building a session's [`View`]: the position, the frames, the current frame's values with
//! their histories (by replaying the frame with a [`Recorder`]), the memory the program can
//! reach, and the output so far; and the lookups of `print` and `x` (a value or a global by
//! name, the bytes at an address).

use super::record::{FrameRec, Recorder, Seen};
use super::types::*;
use super::{Session, HISTORY_WINDOW};
use crate::interp::bytecode::{Op, NONE};
use crate::interp::memory::{AllocKind, PARTIAL, TAINT};
use crate::interp::poison::origin::TaintKind;
use crate::interp::state::{Interp, Stop, Watch};
use crate::interp::value::{sext, Val};
use crate::interp::Exit;
use crate::ir::layout::Class;
use crate::ir::{EntityRef, GlobalId, Operand, TypeId, Value};
use std::collections::HashMap;

/// The most memory blocks a view shows.
pub const MAX_BLOCKS: usize = 64;
/// The most bytes of each block a view shows.
pub const BLOCK_BYTES: u64 = 256;

/// Printed names of the values of functions, made once per function.
#[derive(Default)]
pub struct Names {
    by_fn: HashMap<u32, Vec<String>>,
}

impl Names {
    /// The printed names of function `g`'s values, by value index.
    fn of(&mut self, m: &crate::ir::Module, g: u32) -> &[String] {
        self.by_fn.entry(g).or_insert_with(|| {
            let gid = GlobalId::from_u32(g);
            let p = crate::text::printer::ModulePrinter::new(m);
            let Some(fp) = crate::text::printer::FunctionPrinter::new(&p, gid) else {
                return Vec::new();
            };
            let Some(body) = m.func(gid).and_then(|f| f.body.as_ref()) else { return Vec::new() };
            body.values.keys().map(|v| fp.operand_string(Operand::Value(v), false)).collect()
        })
    }
}

impl Session<'_> {
    /// Everything to show at this stop.
    pub fn view(&mut self) -> View {
        let (out, err) = self.output();
        let (memory, memory_truncated) = self.memory();
        View {
            steps: self.it.steps,
            reason: self.reason.clone(),
            exit: self.end.clone(),
            position: self.position(),
            frames: self.frames(),
            values: self.values(),
            memory,
            memory_truncated,
            stdout: String::from_utf8_lossy(&out).into_owned(),
            stderr: String::from_utf8_lossy(&err).into_owned(),
        }
    }

    /// A position from a span and a function index.
    fn pos(&self, span: crate::diag::Span, g: u32) -> Position {
        let (line, column) = self.line_col(span.start);
        Position { function: self.it.fname(g), span: (span.start, span.end), line, column }
    }

    /// The instruction about to run (at the end: where the run stopped, if anywhere).
    pub fn position(&self) -> Option<Position> {
        self.frames().into_iter().next().map(|f| f.at)
    }

    /// The call stack, innermost first.
    pub fn frames(&self) -> Vec<FrameView> {
        let it = &self.it;
        let mut out: Vec<FrameView> = Vec::new();
        let mut callee: Option<usize> = None;
        for (i, f) in it.frames.iter().enumerate().rev() {
            if f.native.is_some() {
                callee = None;
                continue;
            }
            let top = i + 1 == it.frames.len();
            let span = if top && self.end.is_some() && it.ctx.1 == f.code.gid {
                it.ctx.0
            } else {
                let pc = if top { f.pc as usize } else { (f.pc as usize).saturating_sub(1) };
                f.code.spans.get(pc).copied().unwrap_or_default()
            };
            let at = self.pos(span, f.code.gid);
            if let Some(c) = callee.and_then(|c| out.get_mut(c)) {
                c.call_site = Some(at.clone());
            }
            callee = Some(out.len());
            out.push(FrameView { at, call_site: None });
        }
        out
    }

    /// The current frame's values assigned so far, with their histories.
    pub fn values(&mut self) -> Vec<ValueView> {
        let Some(f) = self.it.frames.last().filter(|f| f.native.is_none()) else {
            return Vec::new();
        };
        let code = f.code.clone();
        let (base, wbase) = (f.base as usize, f.wbase as usize);
        let depth = self.it.frames.len();
        let m = self.m;
        let Some(body) = m.func(GlobalId::from_u32(code.gid)).and_then(|f| f.body.as_ref()) else {
            return Vec::new();
        };
        let names = self.names.of(m, code.gid).to_vec();
        let allocas = self.alloca_names();
        let rec = self.frame_record(depth, &code);
        let it = &self.it;
        let mut out = Vec::new();
        let text_of = |seen: &Seen, ty: TypeId| match seen.taint {
            Some(TaintKind::Poison) => "poison".to_string(),
            Some(TaintKind::Undef) => "undef".to_string(),
            None => value_text(it, &allocas, &seen.val, ty),
        };
        let mut show = |v: Value, hist: &[&Seen], n: u64| {
            let Some(vd) = body.values.get(v) else { return };
            let Some(last) = hist.last() else { return };
            out.push(ValueView {
                name: names.get(v.index()).cloned().unwrap_or_default(),
                ty: crate::text::printer::print_type(m, vd.ty),
                text: text_of(last, vd.ty),
                taint: last.taint.map(|kind| TaintView {
                    kind,
                    origin: last.origin.as_ref().filter(|r| !r.function.is_empty()).map(|r| {
                        let (line, column) = self.line_col(r.span.0);
                        Position { function: r.function.clone(), span: r.span, line, column }
                    }),
                    reason: last.origin.as_ref().map(|r| r.reason.clone()).unwrap_or_default(),
                }),
                history: hist.iter().map(|h| text_of(h, vd.ty)).collect(),
                assignments: n,
            });
        };
        if !rec.entered {
            // The frame began before the replayed window: its parameters' registers (which a
            // later value may share once a parameter is dead).
            for &p in &body.params {
                let Some(&o) = code.vop.get(p.index()).filter(|&&o| o != NONE) else { continue };
                let seen = it.seen_now(it.opnd(&code, base, wbase, o));
                show(p, &[&seen], 1);
            }
        }
        for (p, seen) in &rec.params {
            show(*p, &[seen], 1);
        }
        for inst in &rec.order {
            let Some(v) = body.insts.get(*inst).and_then(|d| d.result) else { continue };
            let Some((h, n)) = rec.values.get(inst) else { continue };
            let h: Vec<&Seen> = h.iter().collect();
            show(v, &h, *n);
        }
        out
    }

    /// The record of the frame at `depth` (whose code is `code`) up to now.
    fn frame_record(&mut self, depth: usize, code: &crate::interp::bytecode::FnCode) -> FrameRec {
        let steps = self.it.steps;
        if self.hist.as_ref().is_none_or(|h| h.0 != steps) {
            self.hist = Some((steps, self.replay_window()));
        }
        let mut rec = self.hist.as_ref().and_then(|h| h.1.at(depth)).cloned().unwrap_or_default();
        // The last op ran completely unless it is the one that ended the run.
        if !matches!(self.end, Some(Exit::Ub(_) | Exit::Error(_) | Exit::Aborted { .. })) {
            self.it.record_pending(&mut rec, code, None);
        }
        rec
    }

    /// The current value of `%name` in the current frame: the last one recorded (a register
    /// may since hold another value whose life does not overlap), else its register.
    fn recorded(&mut self, name: &str) -> Option<Val> {
        let f = self.it.frames.last().filter(|f| f.native.is_none())?;
        let code = f.code.clone();
        let (base, wbase) = (f.base as usize, f.wbase as usize);
        let depth = self.it.frames.len();
        let v = self.names.of(self.m, code.gid).iter().position(|n| n == name)?;
        let body = self.m.func(GlobalId::from_u32(code.gid)).and_then(|f| f.body.as_ref())?;
        let rec = self.frame_record(depth, &code);
        if let Some((_, seen)) = rec.params.iter().find(|(p, _)| p.index() == v) {
            return Some(seen.val.clone());
        }
        let inst = rec
            .order
            .iter()
            .find(|i| body.insts.get(**i).and_then(|d| d.result).is_some_and(|r| r.index() == v));
        if let Some(seen) = inst.and_then(|i| rec.values.get(i)).and_then(|h| h.0.back()) {
            return Some(seen.val.clone());
        }
        let is_param = body.params.iter().any(|p| p.index() == v);
        let o = code.vop.get(v).copied().filter(|&o| o != NONE && is_param && !rec.entered)?;
        Some(self.it.opnd(&code, base, wbase, o))
    }

    /// Replays the last [`HISTORY_WINDOW`] steps with a recorder of every frame.
    fn replay_window(&self) -> Recorder {
        let k = self.it.steps;
        let from = k.saturating_sub(HISTORY_WINDOW);
        let Some(mut it) = self.snaps.restore(from) else { return Recorder::default() };
        if it.steps < from {
            // Far from the last snapshot: the fast path first, up to the window.
            it.max_steps = from;
            if !matches!(it.run_loop(), Stop::OutOfSteps) {
                return Recorder::default();
            }
        }
        it.max_steps = k;
        it.watch = Some(Box::new(Watch {
            depth: 0,
            from: u64::MAX,
            record: Some(Box::default()),
            ..Watch::default()
        }));
        it.run_loop();
        it.watch.take().and_then(|w| w.record).map_or_else(Recorder::default, |r| *r)
    }

    /// Names of the stack blocks of every frame, by allocation index.
    fn alloca_names(&mut self) -> HashMap<u32, String> {
        let mut out = HashMap::new();
        let n = self.it.frames.len();
        for (i, f) in self.it.frames.iter().enumerate() {
            if f.native.is_some() {
                continue;
            }
            let names = self.names.of(self.m, f.code.gid).to_vec();
            let Some(body) =
                self.m.func(GlobalId::from_u32(f.code.gid)).and_then(|f| f.body.as_ref())
            else {
                continue;
            };
            for (op, &inst) in f.code.ops.iter().zip(f.code.insts.iter()) {
                let Op::Alloca { d, .. } = op else { continue };
                let Some(s) = self.it.regs.get(f.base as usize + *d as usize) else { continue };
                if s.prov == 0 {
                    continue;
                }
                let Some(v) = body.insts.get(inst).and_then(|d| d.result) else { continue };
                let name = names.get(v.index()).cloned().unwrap_or_default();
                let name = if i + 1 == n {
                    name
                } else {
                    format!("{name} in {}", self.it.fname(f.code.gid))
                };
                out.insert(s.prov - 1, name);
            }
        }
        out
    }

    /// The memory the program can reach: the allocas of every frame (innermost first), the
    /// global variables, the live heap blocks; at most [`MAX_BLOCKS`] (true when cut).
    pub fn memory(&mut self) -> (Vec<BlockView>, bool) {
        let names = self.alloca_names();
        let it = &self.it;
        let mut order: Vec<u32> = Vec::new();
        let mut stack: Vec<u32> = it
            .allocas
            .iter()
            .rev()
            .filter(|&&a| a & crate::interp::memory::RESERVED == 0)
            .copied()
            .collect();
        stack.retain(|a| it.mem.allocs.get(*a as usize).is_some_and(|b| b.live));
        order.extend(stack);
        for (i, a) in it.mem.allocs.iter().enumerate() {
            if a.live && matches!(a.kind, AllocKind::Global(_)) {
                order.push(i as u32);
            }
        }
        for (i, a) in it.mem.allocs.iter().enumerate() {
            if a.live && a.kind == AllocKind::Heap {
                order.push(i as u32);
            }
        }
        let cut = order.len() > MAX_BLOCKS;
        order.truncate(MAX_BLOCKS);
        let blocks =
            order.into_iter().filter_map(|i| block_view(self, &names, i, 0, BLOCK_BYTES)).collect();
        (blocks, cut)
    }

    /// A value of the current frame by its printed name (`%i`, `%3`) or a global (`@g`):
    /// `None` when there is no such value, or it is not assigned yet in this frame.
    pub fn value(&mut self, name: &str) -> Option<ValueView> {
        if let Some(g) = name.strip_prefix('@') {
            let gid = global_id(self.m, g)?;
            let s = *self.it.gaddr.get(gid.index())?;
            let names = self.alloca_names();
            let text = value_text(&self.it, &names, &Val::S(s), TypeId::PTR);
            return Some(ValueView {
                name: name.to_string(),
                ty: "ptr".into(),
                text: text.clone(),
                taint: None,
                history: vec![text],
                assignments: 1,
            });
        }
        self.values().into_iter().find(|v| v.name == name)
    }

    /// The bytes at a pointer value (`%p`, `@g`) or an address (`0x1000`, decimal): `len`
    /// bytes from there, within its block (at most 4096).
    pub fn memory_at(&mut self, what: &str, len: u64) -> Result<BlockView, String> {
        let addr = if what.starts_with('%') || what.starts_with('@') {
            let f = self.it.frames.last().filter(|f| f.native.is_none());
            let v = if what.starts_with('@') {
                global_id(self.m, what.get(1..).unwrap_or_default())
                    .and_then(|id| self.it.gaddr.get(id.index()).copied())
            } else {
                f.ok_or("no frame is running")?;
                self.recorded(what).map(|v| v.slot())
            };
            let s = v.ok_or(if what.starts_with('@') {
                format!("no global {what}")
            } else {
                format!("{what} is not a value of this function assigned so far")
            })?;
            if s.poison != 0 {
                return Err(format!("{what} is poison or undef"));
            }
            s.bits
        } else {
            let t = what.trim();
            let r = match t.strip_prefix("0x") {
                Some(h) => u64::from_str_radix(h, 16),
                None => t.parse(),
            };
            r.map_err(|_| format!("not a value or an address: {what}"))?
        };
        let it = &self.it;
        let idx = it
            .mem
            .allocs
            .iter()
            .position(|a| a.base <= addr && addr < a.base.saturating_add(a.size.max(1)))
            .ok_or(format!("{addr:#x} is in no block"))?;
        let base = it.mem.allocs.get(idx).map_or(0, |a| a.base);
        let names = self.alloca_names();
        block_view(self, &names, idx as u32, addr - base, len.min(4096))
            .ok_or(format!("{addr:#x} is in no block"))
    }
}

/// The name of a block by allocation index.
fn block_name(it: &Interp, names: &HashMap<u32, String>, idx: u32) -> String {
    let Some(a) = it.mem.allocs.get(idx as usize) else { return format!("block#{idx}") };
    let dead = if a.live { "" } else { " (freed)" };
    match a.kind {
        AllocKind::Global(g) | AllocKind::Func(g) => it.fname(g),
        AllocKind::Heap => format!("heap#{idx}{dead}"),
        AllocKind::Stack => match names.get(&idx) {
            Some(n) => n.clone(),
            None => format!("stack#{idx}{dead}"),
        },
        AllocKind::Runtime => format!("runtime#{idx}"),
        AllocKind::Block(..) => format!("blockaddress#{idx}"),
    }
}

/// A pointer as block+offset.
fn pointer_text(it: &Interp, names: &HashMap<u32, String>, bits: u64, prov: u32) -> String {
    if bits == 0 {
        return "null".into();
    }
    let Some(idx) = prov.checked_sub(1) else { return format!("{bits:#x}") };
    let base = it.mem.allocs.get(idx as usize).map_or(0, |a| a.base);
    let name = block_name(it, names, idx);
    match bits.wrapping_sub(base) as i64 {
        0 => name,
        d if d > 0 => format!("{name}+{d}"),
        d => format!("{name}{d}"),
    }
}

/// A value as text (see [`ValueView::text`]).
fn value_text(it: &Interp, names: &HashMap<u32, String>, v: &Val, ty: TypeId) -> String {
    let t = v.taint();
    if t != 0 && !matches!(v, Val::A(_)) {
        return if it.origins.kind(t) == Some(TaintKind::Undef) { "undef" } else { "poison" }
            .into();
    }
    match (it.lay.class(ty), v) {
        (Class::Int(w), Val::S(s)) if *w > 1 => {
            format!("{} ({:#x})", sext(s.bits, *w), s.bits)
        }
        (Class::Ptr, Val::S(s)) => pointer_text(it, names, s.bits, s.prov),
        _ => it.fmt_val(v, ty),
    }
}

/// The taint view of origin `o`.
fn taint_view(s: &Session, o: u32) -> Option<TaintView> {
    let r = s.it.origin_report(o)?;
    let origin = (!r.function.is_empty()).then(|| {
        let (line, column) = s.line_col(r.span.0);
        Position { function: r.function.clone(), span: r.span, line, column }
    });
    Some(TaintView { kind: r.kind, origin, reason: r.reason })
}

/// The view of block `idx` from `off`, `len` bytes at most.
fn block_view(
    s: &Session,
    names: &HashMap<u32, String>,
    idx: u32,
    off: u64,
    len: u64,
) -> Option<BlockView> {
    let it = &s.it;
    let a = it.mem.allocs.get(idx as usize)?;
    let kind = match a.kind {
        AllocKind::Stack => BlockKind::Alloca,
        AllocKind::Global(_) | AllocKind::Func(_) => BlockKind::Global,
        AllocKind::Heap => BlockKind::Heap,
        _ => BlockKind::Runtime,
    };
    let end = off.saturating_add(len).min(a.size);
    let range = off.min(end) as usize..end as usize;
    let bytes: Vec<u8> = a.bytes.get(range.clone()).map(<[u8]>::to_vec).unwrap_or_default();
    let shadow: Vec<u32> = if a.lazy || a.shadow.is_empty() {
        vec![a.uniform; bytes.len()]
    } else {
        a.shadow.get(range).map(<[u32]>::to_vec).unwrap_or_default()
    };
    let mut states = Vec::with_capacity(shadow.len());
    let mut taint = None;
    let mut pointers = Vec::new();
    for (i, &sh) in shadow.iter().enumerate() {
        let st = if sh == 0 {
            ByteState::Defined
        } else if sh & TAINT != 0 {
            if taint.is_none() {
                taint = taint_view(s, sh & !TAINT);
            }
            if it.origins.kind(sh & !TAINT) == Some(TaintKind::Undef) {
                ByteState::Undef
            } else {
                ByteState::Poison
            }
        } else if sh & PARTIAL != 0 {
            ByteState::PartlyUndef
        } else {
            let starts =
                i == 0 || shadow.get(i - 1) != Some(&sh) || (off + i as u64).is_multiple_of(8);
            if starts {
                let mut w = [0u8; 8];
                for (k, b) in w.iter_mut().enumerate() {
                    *b = bytes.get(i + k).copied().unwrap_or(0);
                }
                pointers.push(StoredPointer {
                    offset: off + i as u64,
                    target: pointer_text(it, names, u64::from_le_bytes(w), sh),
                });
            }
            ByteState::Pointer
        };
        states.push(st);
    }
    Some(BlockView {
        name: block_name(it, names, idx),
        kind,
        address: a.base,
        size: a.size,
        live: a.live,
        bytes,
        states,
        offset: off,
        pointers,
        taint,
    })
}

/// A global by name (without the `@`).
fn global_id(m: &crate::ir::Module, name: &str) -> Option<GlobalId> {
    m.globals.keys().find(|&g| m.global_name(g) == name)
}
