//! The worker's side: answers one request with one response, using `irplay-core` (and the
//! back ends: `irplay-wasm` for runs as WebAssembly, `irplay-native` for the asm view).
//!
//! Everything under `worker/` runs in the browser's Web Workers (through `worker_handle` in
//! `lib.rs`); apart from `wasm_run`'s browser half it is plain Rust on strings and structs, and
//! runs in host tests too.

pub mod analysis;
pub mod asm;
pub mod cfgview;
pub mod debug;
pub mod files;
pub mod layout;
pub mod legacy;
mod report;
pub mod values;
pub mod wasm_run;
pub mod wasm_trap;

pub use analysis::{analyze, analyze_with, cfg_of};

use crate::now_ms;
use crate::protocol::{
    self, OptReport, OutputChunk, Reply, Request, RunReply, RunReport, RunRequest, StepCfgs,
    StepCfgsRequest, StepView, ValueView,
};
#[cfg(feature = "full")]
use crate::protocol::{AsmReply, CompileRequest, OptReply, OptimizeRequest};
use irplay_core::diag::SourceFile;
use irplay_core::interp::{self, Closed, Exit, Options, Sink, Stream};
use std::collections::HashMap;

/// Trace events kept per run (each yields the last value of an instruction for hovering).
const MAX_TRACE: usize = 200_000;
/// Memory a playground run may use.
pub(crate) const MAX_MEMORY: u64 = 256 << 20;
/// Output a playground run may write (stdout and stderr together): past it the run stops
/// with an `output_limit` error.
pub(crate) const MAX_OUTPUT: u64 = 16 << 20;
/// While a run goes, its output is sent to the page in chunks of about this many bytes...
const CHUNK: usize = 64 << 10;
/// ...or after this many milliseconds, whichever comes first.
const CHUNK_MS: f64 = 100.0;

/// A run's output on its way to the page in [`OutputChunk`]s (`post` sends one), as whole
/// UTF-8 characters; what is left at the end goes in the [`RunReport`].
struct Chunks<'p> {
    out: Vec<u8>,
    err: Vec<u8>,
    since: f64,
    post: &'p mut dyn FnMut(OutputChunk),
}

/// The text of `buf` up to its last whole UTF-8 character (taken out of `buf`; invalid bytes
/// read as U+FFFD).
fn take_text(buf: &mut Vec<u8>) -> String {
    let cut = match std::str::from_utf8(buf) {
        Err(e) if e.error_len().is_none() => e.valid_up_to(),
        _ => buf.len(),
    };
    let text = String::from_utf8_lossy(buf.get(..cut).unwrap_or(buf)).into_owned();
    buf.drain(..cut);
    text
}

impl Chunks<'_> {
    fn send(&mut self) {
        let chunk =
            OutputChunk { stdout: take_text(&mut self.out), stderr: take_text(&mut self.err) };
        self.since = now_ms();
        if !chunk.stdout.is_empty() || !chunk.stderr.is_empty() {
            (self.post)(chunk);
        }
    }
}

impl Sink for Chunks<'_> {
    fn write(&mut self, stream: Stream, bytes: &[u8]) -> Result<(), Closed> {
        match stream {
            Stream::Stdout => self.out.extend_from_slice(bytes),
            Stream::Stderr => self.err.extend_from_slice(bytes),
        }
        if self.out.len() + self.err.len() >= CHUNK || now_ms() - self.since >= CHUNK_MS {
            self.send();
        }
        Ok(())
    }
}

/// Sends a chunk of a running program's output to the page (from inside the run, which is
/// synchronous in the worker).
fn post_chunk(chunk: OutputChunk) {
    #[cfg(target_arch = "wasm32")]
    {
        use wasm_bindgen::JsCast;
        let scope = js_sys::global().dyn_into::<web_sys::DedicatedWorkerGlobalScope>();
        if let (Ok(scope), Ok(v)) = (scope, protocol::to_js(&Reply::Run(RunReply::Output(chunk)))) {
            let _ = scope.post_message(&v);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    drop(chunk);
}

/// Reads one message, answers it, and writes the reply (`worker_handle` in `lib.rs`). A
/// message that is not a request is answered with an error carrying its id, if it has one.
pub fn entry(msg: wasm_bindgen::JsValue) -> wasm_bindgen::JsValue {
    let reply = match protocol::from_js::<Request>(msg.clone()) {
        Ok(req) => handle(req),
        Err(e) => Reply::error(protocol::id_of(&msg), format!("unreadable request: {e}")),
    };
    protocol::to_js(&reply).unwrap_or(wasm_bindgen::JsValue::NULL)
}

/// Answers a request.
pub fn handle(req: Request) -> Reply {
    match req {
        Request::Analyze(r) => Reply::Analysis(analysis::handle(r)),
        Request::Run(r) if !r.wasm => Reply::Run(RunReply::Ran(Box::new(run(&r, &mut post_chunk)))),
        // As WebAssembly.
        #[cfg(feature = "full")]
        Request::Run(r) => Reply::Run(RunReply::Ran(Box::new(wasm_run::run(&r)))),
        #[cfg(feature = "full")]
        Request::Optimize(OptimizeRequest { id, text, pipeline }) => {
            Reply::Opt(OptReply::Optimized(Box::new(optimize(id, &text, &pipeline))))
        }
        #[cfg(feature = "full")]
        Request::StepCfgs(r) => Reply::Opt(OptReply::StepCfgs(Box::new(step_cfgs(r)))),
        #[cfg(feature = "full")]
        Request::Compile(CompileRequest { id, text, targets, files }) => {
            Reply::Asm(AsmReply::Compiled(Box::new(asm::compile(id, &text, &targets, files))))
        }
        Request::Debug(r) => Reply::Debug(debug::handle(r)),
        Request::ReadBitcode(r) => Reply::Files(files::read_bitcode(r)),
        Request::WriteBitcode(r) => Reply::Files(files::write_bitcode(r)),
        // Without the pass manager and the back ends (the workers' base module), the requests
        // that need them (`Request::module`) are refused; the page sends them to the full one.
        #[cfg(not(feature = "full"))]
        other => Reply::error(
            Some(other.id()),
            "this worker module has no pass manager or back ends; the request belongs to the \
             full one"
                .into(),
        ),
    }
}

/// Lays out a step's function in the module before the pass and in the module after it.
pub fn step_cfgs(r: StepCfgsRequest) -> StepCfgs {
    let cfg = |text: &Option<String>| text.as_deref().and_then(|t| cfg_of(r.id, t, &r.function));
    StepCfgs { id: r.id, step: r.step, before: cfg(&r.before), after: cfg(&r.after) }
}

/// Runs `pipeline` pass by pass, recording each step and the module after each pass that
/// changed it (the playground shows diffs, CFGs before and after, and opens any snapshot).
pub fn optimize(id: u32, text: &str, pipeline: &str) -> OptReport {
    use irplay_core::passes::pipeline::{parse_pipeline, run_pipeline_with, RunOptions};
    use irplay_core::passes::TextCache;
    let start = now_ms();
    let mut report =
        OptReport { id, error: None, steps: Vec::new(), snapshots: Vec::new(), millis: 0.0 };
    let passes = match parse_pipeline(pipeline) {
        Ok(p) => p,
        Err(e) => {
            report.error = Some(e);
            return report;
        }
    };
    let checked = irplay_core::check(text);
    let Some(mut m) = checked.module.filter(|_| checked.valid) else {
        report.error = Some("the module has errors: fix them to optimize it".into());
        return report;
    };
    // One cache of printed texts for the whole run: a step prints only the function it
    // changed, and a snapshot reuses the texts of the functions no pass changed.
    let mut texts = TextCache::new();
    report.snapshots.push(texts.module(&m));
    let opts = RunOptions { verify_each: true, record_text: true };
    for pass in passes {
        let before = report.snapshots.len() - 1;
        let result =
            run_pipeline_with(&mut m, std::slice::from_ref(&pass), &opts, &now_ms, &mut texts);
        let (steps, failure) = match result {
            Ok(steps) => (steps, None),
            Err(e) => {
                let msg = e.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default();
                let fname = if e.function.is_empty() {
                    String::new()
                } else {
                    format!(" on @{}", e.function)
                };
                (
                    e.steps,
                    Some(format!("the module no longer verifies after {}{fname}: {msg}", e.pass)),
                )
            }
        };
        let changed = steps.iter().any(|s| s.changed);
        if changed {
            report.snapshots.push(texts.module(&m));
        }
        let after = report.snapshots.len() - 1;
        report.steps.extend(steps.into_iter().map(|s| StepView {
            pass: s.pass.to_string(),
            function: s.function,
            changed: s.changed,
            before: s.before,
            after: s.after,
            millis: s.time_ms,
            stats: s.stats.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            module_before: before,
            module_after: after,
        }));
        if failure.is_some() {
            report.error = failure;
            break;
        }
    }
    report.millis = now_ms() - start;
    report
}

/// The interpreter's options for a run of `r` from the page (its budget, the page's limits,
/// the environment); an argument of an entry other than `main` that is not an integer is an
/// error.
pub fn options(r: &RunRequest) -> Result<Options, String> {
    let mut opts = Options {
        entry: r.entry.clone(),
        max_steps: r.max_steps,
        max_memory: MAX_MEMORY,
        max_output: MAX_OUTPUT,
        max_stack_depth: wasm_run::MAX_STACK_DEPTH,
        program_name: b"input.ll".to_vec(),
        stdin: r.stdin.as_bytes().to_vec(),
        env: irplay_core::runtime::stdlib::environment(&r.env)
            .into_iter()
            .map(String::into_bytes)
            .collect(),
        ..Default::default()
    };
    if r.entry == "main" {
        opts.args = r.args.iter().map(|a| a.as_bytes().to_vec()).collect();
    } else {
        for a in &r.args {
            match a.trim().parse::<i128>() {
                Ok(v) => opts.int_args.push(v),
                Err(_) => return Err(format!("argument '{a}' of @{} is not an integer", r.entry)),
            }
        }
    }
    Ok(opts)
}

/// A run of `entry` in the interpreter (tests).
#[cfg(test)]
pub(crate) fn run_request(
    id: u32,
    text: &str,
    entry: &str,
    args: &[String],
    max_steps: u64,
    stdin: &str,
) -> RunRequest {
    let (text, entry, stdin) = (text.to_string(), entry.to_string(), stdin.to_string());
    RunRequest {
        id,
        text,
        entry,
        args: args.to_vec(),
        env: Vec::new(),
        max_steps,
        wasm: false,
        stdin,
    }
}

/// Runs `r` (in the interpreter) and collects what the page shows; the program's output goes
/// to `post` in chunks as it runs, and what is left of it at the end in the report.
pub fn run(r: &RunRequest, post: &mut dyn FnMut(OutputChunk)) -> RunReport {
    let (id, text, entry, max_steps) = (r.id, r.text.as_str(), r.entry.as_str(), r.max_steps);
    let start = now_ms();
    let mut report = RunReport::not_run(id, "");
    let checked = irplay_core::check(text);
    let Some(m) = checked.module.as_ref().filter(|_| checked.valid) else {
        report.message = "the module has errors: fix them to run it".into();
        return report;
    };
    let opts = match options(r) {
        Ok(o) => Options { trace: true, max_trace: MAX_TRACE, ..o },
        Err(e) => {
            report.message = e;
            return report;
        }
    };
    let mut chunks = Chunks { out: Vec::new(), err: Vec::new(), since: now_ms(), post };
    let outcome = interp::run_to(m, &opts, &mut chunks, None);
    let file = SourceFile::new("input.ll", text);
    report.ran = true;
    report.steps = outcome.steps;
    report.stdout = String::from_utf8_lossy(&chunks.out).into_owned();
    report.stderr = String::from_utf8_lossy(&chunks.err).into_owned();
    report.truncated = outcome.trace.len() >= MAX_TRACE;
    let mut last: HashMap<(u32, u32), usize> = HashMap::new();
    for ev in outcome.trace {
        let Some(value) = ev.result else { continue };
        let path = ev.origin.iter().map(|s| s.span).collect();
        let view = ValueView { from: ev.span.0, to: ev.span.1, value, poison: ev.poison, path };
        match last.get(&ev.span) {
            Some(&i) => {
                if let Some(slot) = report.values.get_mut(i) {
                    *slot = view;
                }
            }
            None => {
                last.insert(ev.span, report.values.len());
                report.values.push(view);
            }
        }
    }
    report.message = match &outcome.exit {
        Exit::Returned { value } if outcome.result.is_some() && entry != "main" => {
            format!(
                "@{entry} returned {}",
                outcome.result.clone().unwrap_or_else(|| value.to_string())
            )
        }
        Exit::Returned { value } => format!("exit status {}", value & 0xff),
        Exit::Exited { status } => format!("exit({status}): exit status {}", status & 0xff),
        Exit::Aborted { message } => format!("aborted: {message}"),
        Exit::Ub(u) => format!("undefined behavior: {}", u.message),
        Exit::Error(e) => format!("error: {}", e.message),
        Exit::OutOfSteps => {
            let at = outcome
                .stopped_at
                .as_ref()
                .filter(|a| !a.function.is_empty())
                .map(|a| {
                    let (line, col) = file.line_col(a.span.0);
                    format!(" at {line}:{col} (in {})", a.function)
                })
                .unwrap_or_default();
            let steps = if max_steps == 1 { "step" } else { "steps" };
            format!("stopped after {max_steps} {steps} (the step budget){at}: an endless loop?")
        }
    };
    report.status = match &outcome.exit {
        Exit::Returned { .. } | Exit::Exited { .. } | Exit::Aborted { .. } => {
            Some(outcome.exit.status())
        }
        _ => None,
    };
    if let Exit::Ub(u) = &outcome.exit {
        report.ub = Some(report::ub(&file, u));
    }
    report.malloc_failed = outcome.malloc_failed.as_ref().map(|m| report::malloc(&file, m));
    report.millis = now_ms() - start;
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::EdgeKind;

    const SWITCH: &str = "define i32 @f(i32 %x) {
entry:
  switch i32 %x, label %other [
    i32 1, label %one
    i32 2, label %two
  ]
one:
  br label %loop
two:
  br label %loop
loop:
  %i = phi i32 [ 0, %one ], [ 0, %two ], [ %n, %loop ]
  %n = add nsw i32 %i, 1
  %c = icmp slt i32 %n, 10
  br i1 %c, label %loop, label %other
other:
  ret i32 0
}
";

    #[test]
    fn analysis_draws_blocks_edges_and_loops() {
        let a = analyze(1, SWITCH, None);
        assert!(a.valid && a.diagnostics.is_empty());
        let cfg = a.cfg.expect("a CFG for @f");
        let labels: Vec<&str> = cfg.blocks.iter().map(|b| b.label.as_str()).collect();
        assert_eq!(labels, ["%entry", "%one", "%two", "%loop", "%other"]);
        let kinds: Vec<(usize, usize, EdgeKind, &str, bool)> =
            cfg.edges.iter().map(|e| (e.from, e.to, e.kind, e.label.as_str(), e.back)).collect();
        assert_eq!(
            kinds,
            [
                (0, 4, EdgeKind::Switch, "default", false),
                (0, 1, EdgeKind::Switch, "1", false),
                (0, 2, EdgeKind::Switch, "2", false),
                (1, 3, EdgeKind::Uncond, "", false),
                (2, 3, EdgeKind::Uncond, "", false),
                (3, 3, EdgeKind::True, "true", true),
                (3, 4, EdgeKind::False, "false", false),
            ]
        );
        let lp = cfg.blocks.get(3).expect("%loop");
        assert!(lp.loop_header && lp.loop_depth == 1 && lp.lines.len() == 4);
        assert_eq!(
            SWITCH.get(lp.lines[1].from as usize..lp.lines[1].to as usize),
            Some("%n = add nsw i32 %i, 1")
        );
        assert_eq!(cfg.layout.nodes.len(), 5);
        assert_eq!(cfg.layout.edges.len(), cfg.edges.len());
        // entry dominates every other block; %loop dominates nothing.
        assert!(cfg.dom_edges.iter().all(|&(p, _)| p == 0));
        assert_eq!(cfg.dom_edges.len(), 4);
        // The static overlay names the add nsw and what it flows into.
        assert!(a.may_poison.iter().any(|m| m.title.contains("nsw")), "{:?}", a.may_poison);
        assert_eq!(
            a.functions.first().map(|f| (f.name.as_str(), f.blocks, f.runnable)),
            Some(("f", 5, true))
        );
    }

    #[test]
    fn diagnostics_have_positions_and_no_cfg() {
        let a = analyze(2, "define i32 @f() {\nentry:\n  ret i32 %y\n}\n", None);
        assert!(!a.valid && a.cfg.is_none());
        let d = a.diagnostics.first().expect("an error");
        assert_eq!((d.line, d.severity.as_str()), (3, "error"));
        assert!(d.message.contains("%y"), "{}", d.message);
    }

    #[test]
    fn run_reports_output_values_and_ub_origin() {
        let ok =
            run(&crate::worker::run_request(3, SWITCH, "f", &["2".into()], 1000, ""), &mut |_| {});
        assert!(ok.ran && ok.ub.is_none(), "{ok:?}");
        assert_eq!(ok.message, "@f returned 0");
        let n = ok.values.iter().find(|v| {
            SWITCH.get(v.from as usize..v.to as usize).is_some_and(|s| s.starts_with("%n ="))
        });
        assert_eq!(n.map(|v| v.value.as_str()), Some("10"));

        let src = "define i32 @main() {\nentry:\n  %big = add nsw i32 2147483647, 1\n  %c = icmp sgt i32 %big, 0\n  br i1 %c, label %a, label %b\na:\n  ret i32 1\nb:\n  ret i32 0\n}\n";
        let r = run(&crate::worker::run_request(4, src, "main", &[], 1000, ""), &mut |_| {});
        let ub = r.ub.expect("branch on poison");
        assert_eq!((ub.kind.as_str(), ub.line, ub.col), ("branch on poison", 5, 3));
        let o = ub.origin.expect("an origin");
        assert_eq!((o.line, o.col), (3, 3));
        assert_eq!(o.chain.len(), 1);
        let big = r.values.iter().find(|v| v.from == o.from).expect("the add's value");
        assert_eq!(big.value, "poison");
        assert_eq!(big.path.first().copied(), Some((o.from, o.to)));
    }

    /// A use after free names the block's allocation and free sites with their call stacks and
    /// quoted instructions, as `irplay run` does; a poison chain quotes each step with why.
    #[test]
    fn ub_report_has_the_block_sites_chain_help_and_langref() {
        let src = "declare ptr @malloc(i64)\ndeclare void @free(ptr)\n\ndefine void @release(ptr %p) {\n  call void @free(ptr %p)\n  ret void\n}\n\ndefine ptr @make() {\n  %p = call ptr @malloc(i64 16)\n  ret ptr %p\n}\n\ndefine i32 @main() {\n  %b = call ptr @make()\n  call void @release(ptr %b)\n  %x = load i32, ptr %b\n  ret i32 %x\n}\n";
        let file = SourceFile::new("input.ll", src);
        let lines = |v: &[crate::protocol::SiteView]| -> Vec<(u32, String, String)> {
            v.iter()
                .map(|s| (file.line_col(s.from).0, s.function.clone(), s.quote.clone()))
                .collect()
        };
        let r = run(&crate::worker::run_request(1, src, "main", &[], 1000, ""), &mut |_| {});
        let ub = r.ub.expect("use after free");
        assert_eq!(ub.kind, "use after free");
        let b = ub.block.as_ref().expect("the block");
        assert_eq!((b.name.as_str(), b.size.as_str(), b.live), ("heap#1", "16", false));
        assert_eq!(
            lines(&b.allocated),
            [
                (10, "@make".into(), "%p = call ptr @malloc(i64 16)".into()),
                (15, "@main".into(), "%b = call ptr @make()".into())
            ]
        );
        assert_eq!(
            lines(&b.freed),
            [
                (5, "@release".into(), "call void @free(ptr %p)".into()),
                (16, "@main".into(), "call void @release(ptr %b)".into())
            ]
        );
        assert_eq!(lines(&ub.stack), [(17, "@main".into(), "%x = load i32, ptr %b".into())]);
        assert!(ub.help.contains("freed"), "{}", ub.help);
        assert!(ub.see.starts_with("https://") && ub.see.contains("LangRef"), "{}", ub.see);
        assert_eq!(r.malloc_failed, None);

        let chain = "define i32 @main() {\n  %p = add nsw i32 2147483647, 1\n  %q = mul i32 %p, 3\n  %c = icmp sgt i32 %q, 0\n  br i1 %c, label %a, label %b\na:\n  ret i32 1\nb:\n  ret i32 0\n}\n";
        let r = run(&crate::worker::run_request(2, chain, "main", &[], 1000, ""), &mut |_| {});
        let o = r.ub.and_then(|u| u.origin).expect("a poison origin");
        assert_eq!(
            (o.taint.as_str(), o.root.quote.as_str()),
            ("poison", "%p = add nsw i32 2147483647, 1")
        );
        assert!(o.because.contains("nsw"), "{}", o.because);
        let steps: Vec<(&str, &str)> =
            o.steps.iter().map(|s| (s.site.quote.as_str(), s.reason.as_str())).collect();
        assert_eq!(
            steps,
            [
                ("%q = mul i32 %p, 3", "its operand `%p` is poison"),
                ("%c = icmp sgt i32 %q, 0", "its operand `%q` is poison")
            ]
        );
    }

    /// A malloc that the memory limit made return null is named in the report.
    #[test]
    fn a_malloc_over_the_memory_limit_is_noted() {
        let src = "declare ptr @malloc(i64)\n\ndefine i32 @main() {\n  %big = call ptr @malloc(i64 4611686018427387904)\n  %n = icmp eq ptr %big, null\n  %r = zext i1 %n to i32\n  ret i32 %r\n}\n";
        let r = run(&crate::worker::run_request(1, src, "main", &[], 1000, ""), &mut |_| {});
        assert_eq!(r.status, Some(1));
        let m = r.malloc_failed.expect("the failed malloc");
        assert_eq!((m.callee.as_str(), m.site.function.as_str()), ("malloc", "@main"));
        assert_eq!(
            (m.size.clone(), m.limit.clone()),
            ((1u64 << 62).to_string(), MAX_MEMORY.to_string())
        );
        assert_eq!(m.site.quote, "%big = call ptr @malloc(i64 4611686018427387904)");
    }

    #[test]
    fn optimize_records_steps_and_snapshots() {
        let src = "define i32 @main() {\nentry:\n  %x = alloca i32\n  store i32 7, ptr %x\n  %v = load i32, ptr %x\n  ret i32 %v\n}\n";
        let r = optimize(8, src, "mem2reg,dce");
        assert_eq!(r.error, None);
        let summary: Vec<(&str, &str, bool)> =
            r.steps.iter().map(|s| (s.pass.as_str(), s.function.as_str(), s.changed)).collect();
        assert_eq!(summary, [("mem2reg", "main", true), ("dce", "main", false)]);
        let m2r = r.steps.first().expect("a mem2reg step");
        assert!(m2r.before.contains("alloca") && !m2r.after.contains("alloca"), "{m2r:?}");
        assert_eq!((m2r.module_before, m2r.module_after), (0, 1));
        assert_eq!(r.snapshots.len(), 2);
        // Every snapshot is a valid module, and the last one still returns 7.
        for s in &r.snapshots {
            assert!(irplay_core::check(s).valid, "{s}");
        }
        let last = r.snapshots.last().map(String::as_str).unwrap_or("");
        assert_eq!(
            run(&crate::worker::run_request(9, last, "main", &[], 100, ""), &mut |_| {}).status,
            Some(7)
        );
        let bad = optimize(10, src, "mem2reg,bogus");
        assert!(bad.error.as_deref().is_some_and(|e| e.contains("bogus")) && bad.steps.is_empty());
        let invalid = optimize(11, "define i32 @main( {", "dce");
        assert!(invalid.error.is_some() && invalid.snapshots.is_empty());
    }

    /// The report's texts are the printer's: each step's function before and after its pass,
    /// and the module after each pass that changed it, as printing the module anew at each
    /// step gives them (the worker prints through a cache that reprints changed functions only).
    #[test]
    fn optimize_texts_are_the_printer_s() {
        use irplay_core::passes::pipeline::{defined_functions, parse_pipeline};
        use irplay_core::passes::PassKind;
        use irplay_core::text::{print_function, print_module};
        let src = "@g = global i32 0\n\
                   define internal i32 @sq(i32 %x) #0 {\n  %m = mul i32 %x, %x\n  ret i32 %m\n}\n\
                   define i32 @main() #0 {\nentry:\n  %a = alloca i32\n  store i32 3, ptr %a\n  br label %h\n\
                   h:\n  %i = phi i32 [ 0, %entry ], [ %i.n, %h ]\n  %v = load i32, ptr %a\n  %s = call i32 @sq(i32 %v)\n  \
                   store i32 %s, ptr @g, !tbaa !0\n  %i.n = add i32 %i, 1\n  %c = icmp slt i32 %i.n, 4\n  br i1 %c, label %h, label %e\n\
                   e:\n  %r = load i32, ptr @g\n  ret i32 %r\n}\n\
                   attributes #0 = { nounwind }\n!0 = !{!1, !1, i64 0}\n!1 = !{!\"int\", !2, i64 0}\n!2 = !{!\"root\"}\n";
        let r = optimize(14, src, "O2");
        assert_eq!(r.error, None);
        // The same pipeline, the module printed anew around every step.
        let checked = irplay_core::check(src);
        let mut m = checked.module.expect("valid");
        let mut snapshots = vec![print_module(&m)];
        let mut texts: Vec<(String, String)> = Vec::new();
        for pass in parse_pipeline("O2").expect("O2") {
            let mut changed = false;
            match pass.kind {
                PassKind::Function(f) => {
                    for g in defined_functions(&m) {
                        let before = print_function(&m, g);
                        let c = f(&mut m, g).changed;
                        texts.push((before, print_function(&m, g)));
                        changed |= c;
                    }
                }
                PassKind::Module(f) => {
                    let before = print_module(&m);
                    changed = f(&mut m).changed;
                    texts.push((before, print_module(&m)));
                }
            }
            if changed {
                snapshots.push(print_module(&m));
            }
        }
        assert_eq!(r.snapshots, snapshots);
        assert!(r.snapshots.len() > 3, "{}", r.snapshots.len());
        assert_eq!(r.steps.len(), texts.len());
        for (got, want) in r.steps.iter().zip(&texts) {
            assert_eq!((&got.before, &got.after), (&want.0, &want.1), "{}", got.pass);
        }
    }

    #[test]
    fn run_reads_the_given_standard_input() {
        let src = "@fmt = private constant [6 x i8] c\"%d %d\\00\"\ndeclare i32 @__isoc99_scanf(ptr, ...)\ndefine i32 @main() {\n  %a = alloca i32\n  %b = alloca i32\n  %n = call i32 (ptr, ...) @__isoc99_scanf(ptr @fmt, ptr %a, ptr %b)\n  %x = load i32, ptr %a\n  %y = load i32, ptr %b\n  %s = add i32 %x, %y\n  %t = add i32 %s, %n\n  ret i32 %t\n}\n";
        assert_eq!(
            run(&crate::worker::run_request(12, src, "main", &[], 1000, "40\n 0"), &mut |_| {})
                .status,
            Some(42)
        );
        // At the end of the input scanf stores nothing: the sum is of undef values.
        let empty = run(&crate::worker::run_request(13, src, "main", &[], 1000, ""), &mut |_| {});
        assert!(empty.ub.is_some(), "{empty:?}");
    }

    #[test]
    fn a_run_has_the_environment_it_is_given() {
        let src = "@n = private constant [2 x i8] c\"A\\00\"\n\
                   declare ptr @getenv(ptr)\ndeclare i32 @puts(ptr)\n\
                   define i32 @main() {\n  %v = call ptr @getenv(ptr @n)\n  \
                   call i32 @puts(ptr %v)\n  ret i32 0\n}\n";
        let mut req = crate::worker::run_request(1, src, "main", &[], 1000, "");
        req.env = vec!["A=2".into(), "B=0".into(), "A=1".into()];
        let r = run(&req, &mut |_| {});
        assert_eq!((r.stdout.as_str(), r.status), ("1\n", Some(0)), "{r:?}");
    }

    #[test]
    fn runs_stop_at_the_budget_and_refuse_bad_input() {
        let endless = "define i32 @main() {\nentry:\n  br label %l\nl:\n  br label %l\n}\n";
        let r = run(&crate::worker::run_request(5, endless, "main", &[], 500, ""), &mut |_| {});
        assert!(r.ran && r.status.is_none() && r.message.contains("step budget"), "{r:?}");
        let bad = run(
            &crate::worker::run_request(6, "define i32 @main( {", "main", &[], 500, ""),
            &mut |_| {},
        );
        assert!(!bad.ran && bad.message.contains("errors"));
        let arg =
            run(&crate::worker::run_request(7, SWITCH, "f", &["x".into()], 500, ""), &mut |_| {});
        assert!(!arg.ran && arg.message.contains("not an integer"));
    }

    #[test]
    fn output_goes_out_in_chunks_while_the_run_goes_and_stops_at_the_limit() {
        // Prints "héllo\n" (7 bytes, one of them a two-byte character) until the output limit.
        let src = "@s = private constant [7 x i8] c\"h\\C3\\A9llo\\00\"\ndeclare i32 @puts(ptr)\ndefine i32 @main() {\nentry:\n  br label %l\nl:\n  %r = call i32 @puts(ptr @s)\n  br label %l\n}\n";
        let mut chunks = Vec::new();
        let r = run(&crate::worker::run_request(14, src, "main", &[], u64::MAX, ""), &mut |c| {
            chunks.push(c)
        });
        assert!(r.message.contains("output limit of 16777216 bytes"), "{}", r.message);
        assert!(chunks.len() > 100, "{} chunks", chunks.len());
        assert!(chunks.iter().all(|c| c.stdout.len() < 2 * CHUNK && c.stderr.is_empty()));
        // Every chunk is whole characters, and with the report's rest they are the output.
        let mut all: String = chunks.iter().map(|c| c.stdout.as_str()).collect();
        all.push_str(&r.stdout);
        assert_eq!(all.len(), 16 << 20);
        let want: String = "héllo\n".chars().cycle().take(all.chars().count()).collect();
        assert!(all == want && !all.contains('\u{FFFD}'));
    }
}
