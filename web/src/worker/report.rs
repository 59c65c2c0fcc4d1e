//! The interpreter's report of how a run ended, mapped into the page's views: the
//! undefined behaviour with its call stack, block (allocation and free sites), poison or undef
//! chain, help sentence and LangRef link, and the note on a `malloc` the memory limit failed;
//! each position with the instruction's text quoted as `irplay run` quotes it.

use crate::protocol::{ChainStepView, MallocView, MemBlockView, OriginView, SiteView, UbView};
use irplay_core::diag::SourceFile;
use irplay_core::interp::{BlockReport, MallocFailure, OriginReport, SiteFrame, UbReport};

/// The text of an instruction on one line (`%c = icmp sgt i32 %p, 0`), or else the trimmed
/// line it starts on.
pub fn quote(file: &SourceFile, span: (u32, u32)) -> String {
    let text = file.text().get(span.0 as usize..span.1 as usize).unwrap_or_default();
    let q = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if q.is_empty() {
        let (line, _) = file.line_col(span.0);
        file.line_text(line).trim().to_string()
    } else {
        q
    }
}

/// An instruction with its function and text.
fn site(file: &SourceFile, span: (u32, u32), function: &str) -> SiteView {
    SiteView { from: span.0, to: span.1, function: function.to_string(), quote: quote(file, span) }
}

fn frames(file: &SourceFile, frames: &[SiteFrame]) -> Vec<SiteView> {
    frames.iter().map(|f| site(file, f.span, &f.function)).collect()
}

/// A serde enum's name (`branch_on_poison`, `undef`).
fn name(kind: &impl serde::Serialize) -> String {
    serde_json::to_value(kind).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

/// Where a poison or undef value arose and how it came to the use.
pub fn origin(file: &SourceFile, o: &OriginReport) -> OriginView {
    let (line, col) = file.line_col(o.span.0);
    OriginView {
        reason: o.reason.clone(),
        from: o.span.0,
        to: o.span.1,
        line,
        col,
        chain: o.chain.iter().map(|s| s.span).collect(),
        taint: name(&o.kind),
        root: site(file, o.span, &o.function),
        because: o.because.clone(),
        steps: o
            .chain
            .iter()
            .map(|s| ChainStepView {
                site: site(file, s.span, &s.function),
                reason: s.reason.clone(),
            })
            .collect(),
    }
}

fn block(file: &SourceFile, b: &BlockReport) -> MemBlockView {
    MemBlockView {
        what: b.what.clone(),
        name: b.name.clone(),
        size: b.size.to_string(),
        allocated: frames(file, &b.allocated),
        freed: frames(file, &b.freed),
        live: b.live,
    }
}

/// An undefined-behaviour report as the page shows it.
pub fn ub(file: &SourceFile, u: &UbReport) -> UbView {
    let (line, col) = file.line_col(u.span.0);
    UbView {
        kind: name(&u.kind).replace('_', " "),
        message: u.message.clone(),
        from: u.span.0,
        to: u.span.1,
        line,
        col,
        origin: u.origin.as_ref().map(|o| origin(file, o)),
        backtrace: u.backtrace.clone(),
        stack: frames(file, &u.stack),
        block: u.block.as_ref().map(|b| block(file, b)),
        help: u.help.clone(),
        see: u.see.clone(),
    }
}

/// The note on a `malloc` that returned null at the memory limit; the callee is read from the
/// call's text (`malloc` when it cannot be).
pub fn malloc(file: &SourceFile, m: &MallocFailure) -> MallocView {
    let site = site(file, m.span, &m.function);
    let callee = site
        .quote
        .split('@')
        .nth(1)
        .map(|t| t.split('(').next().unwrap_or(t).trim().to_string())
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| "malloc".into());
    MallocView { site, callee, size: m.size.to_string(), limit: m.limit.to_string() }
}
