//! The analysis worker: checks the module text and computes the views the page shows. The
//! text comes whole or as one edit of the text of the last request ([`TextUpdate`]); the worker
//! keeps that text with its check, so a request that only asks for other views (the CFG pane
//! was opened, the editor scrolled) does not check it again. Only the views asked for are
//! computed: the CFG while its pane is open, the may-be-poison marks while the overlay is on,
//! the values of the functions the editor shows.

use crate::now_ms;
use crate::protocol::{
    Analysis, AnalysisReply, AnalyzeRequest, CfgView, Diag, FunctionInfo, Mark, TextUpdate, Views,
};
use crate::worker::{cfgview, legacy, values};
use irplay_core::analysis::may_poison::Reason;
use irplay_core::analysis::MayPoison;
use irplay_core::diag::SourceFile;
use irplay_core::ir::{GlobalId, Module, Operand, Type, TypeId};
use irplay_core::text::printer::{FunctionPrinter, ModulePrinter};
use irplay_core::Checked;
use std::cell::RefCell;

/// The text of the last request and its check.
struct Held {
    id: u32,
    text: String,
    checked: Checked,
}

thread_local! {
    /// What this worker holds (each worker is one thread; host tests run one per test).
    static HELD: RefCell<Option<Held>> = const { RefCell::new(None) };
}

/// Answers an analysis request: [`AnalysisReply::Resend`] when its text is an edit of a text
/// this worker does not hold (a fresh worker).
pub fn handle(req: AnalyzeRequest) -> AnalysisReply {
    let start = now_ms();
    HELD.with_borrow_mut(|held| {
        let old = held.take();
        let text = match req.text {
            TextUpdate::Whole { text } => text,
            TextUpdate::Edit(e) => match old.as_ref().and_then(|h| e.apply(h.id, &h.text)) {
                Some(text) => text,
                None => {
                    *held = old;
                    return AnalysisReply::Resend(req.id);
                }
            },
        };
        let checked = match old {
            Some(h) if h.text == text => h.checked,
            _ => irplay_core::check(&text),
        };
        let h = held.insert(Held { id: req.id, text, checked });
        let function = req.function.as_deref();
        let mut a = analysis(req.id, &h.text, &h.checked, function, req.upgrade, &req.views);
        a.millis = now_ms() - start;
        AnalysisReply::Analyzed(Box::new(a))
    })
}

/// Checks `text`, lists its functions (with their byte ranges), lays out the CFG of
/// `function` (or of `main`, or of the first defined function), computes the static
/// may-be-poison marks and describes every local value for hovering (`values`): every view.
pub fn analyze(id: u32, text: &str, function: Option<&str>) -> Analysis {
    analyze_with(id, text, function, false)
}

/// [`analyze`]; with `upgrade`, the module of text in legacy syntax is printed as LLVM 19
/// text too ([`Analysis::legacy`]).
pub fn analyze_with(id: u32, text: &str, function: Option<&str>, upgrade: bool) -> Analysis {
    let start = now_ms();
    let checked = irplay_core::check(text);
    let mut a = analysis(id, text, &checked, function, upgrade, &Views::default());
    a.millis = now_ms() - start;
    a
}

/// The CFG of `function` in `text` (or of `main`, or of the first defined function) and no
/// other view: the pass view's graphs before and after a step.
pub fn cfg_of(id: u32, text: &str, function: &str) -> Option<CfgView> {
    let checked = irplay_core::check(text);
    let only_cfg = Views { cfg: true, may_poison: false, values: None };
    analysis(id, text, &checked, Some(function), false, &only_cfg).cfg
}

/// The analysis of `text`, checked as `checked`, with `views`.
fn analysis(
    id: u32,
    text: &str,
    checked: &Checked,
    function: Option<&str>,
    upgrade: bool,
    views: &Views,
) -> Analysis {
    let file = SourceFile::new("input.ll", text);
    let diagnostics = checked.diagnostics.iter().map(|d| diag(d, &file)).collect();
    let mut functions = Vec::new();
    let mut cfg = None;
    let mut may_poison = Vec::new();
    let mut values = Vec::new();
    let mut done = Views { cfg: false, may_poison: false, values: None };
    if let Some(m) = checked.module.as_ref() {
        let defined: Vec<GlobalId> = m
            .order
            .iter()
            .copied()
            .filter(|&g| m.func(g).is_some_and(|f| f.body.is_some()))
            .collect();
        for &g in &defined {
            let mut info = function_info(m, g);
            info.span = values::function_span(m, g, text).unwrap_or_default();
            functions.push(info);
        }
        // Analyses and layout need the verifier's guarantees (terminators, dominance).
        if checked.valid {
            if views.cfg {
                let named =
                    |name: &str| defined.iter().copied().find(|&g| m.global_name(g) == name);
                let chosen = function
                    .and_then(named)
                    .or_else(|| named("main"))
                    .or_else(|| defined.first().copied());
                cfg = chosen.and_then(|g| cfgview::build(m, g, text));
            }
            let mut covered = views.values;
            for (&g, info) in defined.iter().zip(&functions) {
                let shown =
                    views.values.filter(|&(from, to)| info.span.0 <= to && from <= info.span.1);
                if !views.may_poison && shown.is_none() {
                    continue;
                }
                let Some(body) = m.func(g).and_then(|f| f.body.as_ref()) else { continue };
                let mp = MayPoison::new(m, body);
                if views.may_poison {
                    may_poison.extend(may_poison_marks(m, g, &mp));
                }
                if shown.is_some() {
                    values.extend(values::value_infos(m, g, text, &file, &mp));
                    covered = covered.map(|(lo, hi)| (lo.min(info.span.0), hi.max(info.span.1)));
                }
            }
            done = Views { cfg: views.cfg, may_poison: views.may_poison, values: covered };
        }
    }
    Analysis {
        id,
        valid: checked.valid,
        diagnostics,
        functions,
        cfg,
        may_poison,
        values,
        views: done,
        legacy: legacy::legacy(text, &checked.diagnostics, checked.module.as_ref(), upgrade),
        millis: 0.0,
    }
}

/// A diagnostic as the page shows it: its message with labels, notes and helps, and its
/// rendered snippet.
fn diag(d: &irplay_core::diag::Diagnostic, file: &SourceFile) -> Diag {
    let (line, col) = file.line_col(d.span.start);
    let mut message = d.message.clone();
    for (_, label) in &d.labels {
        if !label.is_empty() {
            message.push_str("\n  ");
            message.push_str(label);
        }
    }
    for n in &d.notes {
        message.push_str("\n  note: ");
        message.push_str(n);
    }
    for h in &d.helps {
        message.push_str("\n  help: ");
        message.push_str(h);
    }
    let rendered = irplay_core::diag::render(d, file);
    let snippet = rendered.split_once('\n').map_or("", |(_, rest)| rest).trim_end();
    Diag {
        from: d.span.start,
        to: d.span.end.max(d.span.start),
        line,
        col,
        severity: d.severity.as_str().to_string(),
        message,
        snippet: snippet.to_string(),
        helps: d.helps.clone(),
    }
}

fn function_info(m: &Module, g: GlobalId) -> FunctionInfo {
    let f = m.func(g);
    let body = f.and_then(|f| f.body.as_ref());
    let blocks = body.map_or(0, |b| b.layout.len() as u32);
    let insts = body.map_or(0, |b| {
        b.layout.iter().filter_map(|&bl| b.blocks.get(bl)).map(|d| d.insts.len() as u32).sum()
    });
    let runnable = f.and_then(|f| m.types.func_sig(f.ty)).is_some_and(|(ret, params, _)| {
        let int_or_void = |t: TypeId| matches!(m.types.get(t), Type::Int(_) | Type::Void);
        int_or_void(ret)
            && params.iter().enumerate().all(|(i, &p)| {
                matches!(m.types.get(p), Type::Int(_))
                    || (i == 1 && matches!(m.types.get(p), Type::Ptr(_)))
            })
    });
    FunctionInfo { name: m.global_name(g), blocks, insts, runnable, span: (0, 0) }
}

fn may_poison_marks(m: &Module, g: GlobalId, mp: &MayPoison) -> Vec<Mark> {
    let Some(body) = m.func(g).and_then(|f| f.body.as_ref()) else { return Vec::new() };
    let printer = ModulePrinter::new(m);
    let Some(fp) = FunctionPrinter::new(&printer, g) else { return Vec::new() };
    let mut out = Vec::new();
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        for &i in &bd.insts {
            let Some(d) = body.insts.get(i) else { continue };
            let Some(v) = d.result else { continue };
            let title = match mp.get(v) {
                None => continue,
                Some(Reason::Source { message, .. }) => format!("may be poison: {message}"),
                Some(Reason::Propagated { from }) => {
                    let root = mp
                        .trace(v)
                        .last()
                        .and_then(|&s| mp.get(s))
                        .and_then(Reason::message)
                        .unwrap_or("")
                        .to_string();
                    format!(
                        "may be poison through {}: {root}",
                        fp.operand_string(Operand::Value(*from), false)
                    )
                }
            };
            out.push(Mark { from: d.span.start, to: d.span.end, title });
        }
    }
    out
}
