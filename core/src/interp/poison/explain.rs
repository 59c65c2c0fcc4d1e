//! Reports a student can follow: each step of a poison or undef value's journey says why that
//! instruction carries the taint ("its operand `%p` is poison"), and the root says why it
//! arose in plain words ("the `nsw` addition overflowed (2147483647 + 1)"). Built from the
//! origin table and the module when a report is made, never while the program runs.

use crate::diag::Span;
use crate::interp::poison::origin::{OriginEntry, OriginReport, OriginStep, TaintKind, Why};
use crate::interp::state::Interp;
use crate::ir::{Body, GlobalId, InstData, LocalName, Opcode, Operand, Value, ValueDef};
use crate::semantics::int::IOp;

/// `%name` of a value of `body` (`%3` for an unnamed one).
fn local_name(m: &crate::ir::Module, body: &Body, v: Value) -> String {
    match body.values.get(v).map(|vd| vd.name) {
        Some(LocalName::Named(s)) => format!("%{}", m.symbols.get(s)),
        _ => {
            let n = body
                .values
                .keys()
                .take_while(|&k| k != v)
                .filter(|&k| matches!(body.values.get(k).map(|d| d.name), Some(LocalName::Unnamed)))
                .count();
            format!("%{n}")
        }
    }
}

/// What an operation is called in a sentence.
fn op_noun(op: IOp) -> &'static str {
    match op {
        IOp::Add => "addition",
        IOp::Sub => "subtraction",
        IOp::Mul => "multiplication",
        IOp::Shl => "left shift",
        IOp::UDiv | IOp::SDiv => "division",
        IOp::LShr | IOp::AShr => "right shift",
        _ => "operation",
    }
}

/// Why a root is poison or undef, as the end of a sentence "... is poison because ...".
pub fn because(kind: TaintKind, reason: &Why) -> String {
    match reason {
        Why::Overflow(op, _, x, y) => {
            // "add nsw overflowed: X + Y": the flag is the second word.
            let text = reason.to_string();
            let flag = text.split_whitespace().nth(1).unwrap_or("");
            let sym = text.rsplit(':').next().map_or(String::new(), |t| {
                t.split_whitespace().nth(1).map_or(String::new(), str::to_string)
            });
            format!("the `{flag}` {} overflowed ({x} {sym} {y})", op_noun(*op))
        }
        Why::Exact(IOp::UDiv | IOp::SDiv, x, y) => {
            format!("the `exact` division has a remainder ({x} / {y})")
        }
        Why::Exact(_, x, y) => format!("the `exact` shift shifts out set bits ({x} >> {y})"),
        Why::TooFar(op, y, w) => {
            format!("the {} by {y} is not less than the width of the type ({w} bits)", op_noun(*op))
        }
        Why::Disjoint(x, y) => {
            format!("the operands of `or disjoint` have set bits in common ({x:#x} | {y:#x})")
        }
        Why::Trunc(false, x, to) => format!("`trunc nuw` drops set bits ({x} to i{to})"),
        Why::Trunc(true, x, to) => format!("`trunc nsw` changes the signed value ({x} to i{to})"),
        Why::Text(_) | Why::Static(_) => {
            let t = reason.to_string();
            if kind == TaintKind::Undef {
                if t.starts_with("uninitialized memory of alloca") {
                    return "the memory it allocates holds undef until something is stored \
                            there"
                        .into();
                }
                match t.as_str() {
                    "undef constant" => return "it uses the constant `undef`".into(),
                    "uninitialized heap memory" => {
                        return "memory from `malloc` holds undef until it is written".into()
                    }
                    "padding bytes of a stored aggregate" => {
                        return "the padding bytes of a stored aggregate are undef".into()
                    }
                    "partly uninitialized memory" => {
                        return "some bits of the memory it read were never written".into()
                    }
                    _ => {}
                }
            }
            if t == "poison constant" {
                return "it uses the constant `poison`".into();
            }
            t
        }
    }
}

impl Interp<'_> {
    /// The body of function `g` and its instruction at `span`.
    pub(crate) fn inst_at(&self, g: u32, span: Span) -> Option<(&Body, &InstData)> {
        if g == u32::MAX || span == Span::default() {
            return None;
        }
        let body = self.m.func(GlobalId::from_u32(g))?.body.as_ref()?;
        let d = body.insts.values().find(|d| d.span == span)?;
        Some((body, d))
    }

    /// The name of the value the instruction at `span` of function `g` defines.
    pub(crate) fn result_name(&self, g: u32, span: Span) -> Option<String> {
        let (body, d) = self.inst_at(g, span)?;
        Some(local_name(self.m, body, d.result?))
    }

    /// Why step `e` carries the taint, given the step before it.
    fn step_reason(&self, kind: TaintKind, e: &OriginEntry, prev: &OriginEntry) -> String {
        let word = match kind {
            TaintKind::Poison => "poison",
            TaintKind::Undef => "undef",
        };
        let Some((body, d)) = self.inst_at(e.func, e.span) else {
            return format!("it uses the {word} value of the step before");
        };
        let operands: Vec<Value> = d
            .args
            .iter()
            .filter_map(|o| match o {
                Operand::Value(v) => Some(*v),
                _ => None,
            })
            .collect();
        let role = match d.op {
            Opcode::Phi => "its incoming value",
            Opcode::Call | Opcode::Invoke => "its argument",
            Opcode::Store => "the value it stores,",
            _ => "its operand",
        };
        // The previous step defined one of its operands.
        if prev.func == e.func {
            if let Some(r) = self.inst_at(prev.func, prev.span).and_then(|(_, p)| p.result) {
                if operands.contains(&r) {
                    return format!("{role} `{}` is {word}", local_name(self.m, body, r));
                }
            }
        }
        if d.op == Opcode::Load {
            return format!("it reads memory that holds {word}");
        }
        // The taint reached an operand without a step of its own: a load, a call's result,
        // an argument.
        let how = |v: Value| match body.values.get(v).map(|vd| vd.def) {
            Some(ValueDef::Param(_)) => Some(" (an argument its caller passed)"),
            Some(ValueDef::Inst(i)) => match body.insts.get(i).map(|x| x.op) {
                Some(Opcode::Load) => Some(" (loaded from memory)"),
                Some(Opcode::Call | Opcode::Invoke) => Some(" (the result of a call)"),
                _ => None,
            },
            None => None,
        };
        let pick = operands.iter().copied().find(|&v| how(v).is_some());
        match pick.or(if operands.len() == 1 { operands.first().copied() } else { None }) {
            Some(v) => format!(
                "{role} `{}` is {word}{}",
                local_name(self.m, body, v),
                how(v).unwrap_or_default()
            ),
            None => format!("it uses the {word} value of the step before"),
        }
    }

    /// The origin report of a tainted value: the root, why it arose, and each step with why
    /// it carries the taint.
    pub fn origin_report(&self, o: u32) -> Option<OriginReport> {
        let path = self.origins.path(o);
        let root = *path.first()?;
        let chain = path
            .windows(2)
            .filter_map(|w| match w {
                [prev, e] => Some(OriginStep {
                    span: (e.span.start, e.span.end),
                    function: self.fname(e.func),
                    reason: self.step_reason(root.kind, e, prev),
                }),
                _ => None,
            })
            .collect();
        Some(OriginReport {
            kind: root.kind,
            span: (root.span.start, root.span.end),
            function: self.fname(root.func),
            reason: root.reason.to_string(),
            because: because(root.kind, &root.reason),
            chain,
        })
    }
}
