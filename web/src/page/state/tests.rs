//! Host tests of the page's reducer: actions in, effects out, with the real worker code
//! answering the requests the reducer makes.

use super::drafts::ShareOffer;
use super::*;
use crate::page::share;
use crate::protocol::{CompileRequest, KindReply, Reply, Request, ValueView};
use crate::worker;

const OK: &str = "define i32 @main() {\nentry:\n  ret i32 0\n}\n";
const BROKEN: &str = "define i32 @main( {\n";
const TWO: &str = "define i32 @f(i32 %x) {
entry:
  %c = icmp sgt i32 %x, 0
  br i1 %c, label %yes, label %no
yes:
  ret i32 1
no:
  ret i32 0
}

define i32 @main() {
entry:
  %r = call i32 @f(i32 2)
  ret i32 %r
}
";
const UB: &str = "define i32 @main() {
entry:
  %big = add nsw i32 2147483647, 1
  %c = icmp sgt i32 %big, 0
  br i1 %c, label %a, label %b
a:
  ret i32 1
b:
  ret i32 0
}
";
const LOOP: &str = "define i32 @main() {\nentry:\n  br label %spin\nspin:\n  br label %spin\n}\n";
const ALLOCAS: &str = "define i32 @main() {
entry:
  %x = alloca i32, align 4
  store i32 1, ptr %x, align 4
  br label %loop
loop:
  %v = load i32, ptr %x, align 4
  %n = add i32 %v, 1
  store i32 %n, ptr %x, align 4
  %c = icmp slt i32 %n, 5
  br i1 %c, label %loop, label %done
done:
  %r = load i32, ptr %x, align 4
  ret i32 %r
}
";
const PAGE: &str = "http://example.test/play/";

fn init(text: &str) -> Init {
    Init {
        view: View { entry: "main".into(), ..View::default() },
        text: text.into(),
        page_url: PAGE.into(),
        ..Init::default()
    }
}

/// The worker's own answer to `req`.
fn answer(req: impl Into<Request>) -> Action {
    match worker::handle(req.into()) {
        Reply::Analysis(r) => Action::AnalysisReply(r),
        Reply::Run(r) => Action::RunReply(r),
        Reply::Opt(r) => Action::OptReply(r),
        Reply::Asm(r) => Action::AsmReply(r),
        Reply::Debug(r) => Action::Debug(DebugAction::Reply(r)),
        Reply::Files(r) => Action::Files(FilesAction::Reply(r)),
    }
}

fn analysis_posts(fx: &[Effect]) -> Vec<AnalyzeRequest> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Analysis(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

fn run_posts(fx: &[Effect]) -> Vec<RunRequest> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Run(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

fn opt_posts(fx: &[Effect]) -> Vec<OptRequest> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Opt(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

fn marks(fx: &[Effect]) -> Option<&[EditorMark]> {
    fx.iter().rev().find_map(|e| match e {
        Effect::ShowMarks(m) => Some(m.as_slice()),
        _ => None,
    })
}

fn one<T>(v: Vec<T>) -> T {
    assert_eq!(v.len(), 1, "expected exactly one request");
    v.into_iter().next().expect("one request")
}

/// A page showing `text`, checked.
fn checked(text: &str) -> State {
    let mut s = State::new(init(text));
    let req = one(analysis_posts(&s.reduce(Action::Start)));
    s.reduce(answer(req));
    s
}

#[test]
fn typing_while_a_check_runs_sends_only_the_newest_text() {
    let mut s = State::new(init(OK));
    let first = one(analysis_posts(&s.reduce(Action::Start)));
    assert_eq!((first.text.whole(), first.function.as_deref()), (Some(OK), None));
    // Two edits while the check is in flight: saved at once, sent later.
    let fx = s.reduce(Action::TextChanged(format!("{OK}; a\n")));
    assert!(analysis_posts(&fx).is_empty());
    assert!(fx.contains(&Effect::SaveText(Rc::from(format!("{OK}; a\n")))));
    assert!(fx.contains(&Effect::Measure(Measure::Edited)));
    assert!(!fx.contains(&Effect::Render), "the editor shows the text already");
    let newest = format!("{OK}; b\n");
    assert!(analysis_posts(&s.reduce(Action::TextChanged(newest.clone()))).is_empty());
    // The first answer is shown, and only the newest text goes out.
    let fx = s.reduce(answer(first));
    one(analysis_posts(&fx));
    assert_eq!(s.sent_text(), Some(newest.as_str()));
    assert!(fx.iter().any(|e| matches!(e, Effect::ShowDiagnostics(a) if a.valid)));
    assert!(fx.contains(&Effect::Render));
    assert!(s.analysis.as_ref().is_some_and(|a| a.valid && a.functions.len() == 1));
    // The same text again is no change at all.
    assert_eq!(s.reduce(Action::TextChanged(newest)), []);
}

#[test]
fn stale_analysis_replies_are_ignored() {
    let mut s = State::new(init(OK));
    let req = one(analysis_posts(&s.reduce(Action::Start)));
    // An answer or an error for a request that is not in flight changes nothing.
    let stale = worker::analyze(req.id + 100, BROKEN, None);
    let fx = s.reduce(Action::AnalysisReply(AnalysisReply::Analyzed(Box::new(stale))));
    assert_eq!(fx, []);
    let fx = s.reduce(Action::AnalysisReply(AnalysisReply::failed(Some(req.id + 100), "x".into())));
    assert_eq!(fx, []);
    assert!(s.analysis.is_none() && s.toast.is_none());
    // The real answer is shown once; the same answer again is stale.
    let reply = answer(req);
    assert!(s.reduce(reply.clone()).contains(&Effect::Render));
    assert_eq!(s.reduce(reply), []);
}

#[test]
fn a_failed_check_is_reported_and_the_next_edit_goes_to_a_new_worker() {
    let mut s = State::new(init(OK));
    let first = one(analysis_posts(&s.reduce(Action::Start)));
    s.reduce(Action::TextChanged("waiting".into()));
    let fx = s.reduce(Action::AnalysisReply(AnalysisReply::failed(None, "it crashed".into())));
    assert!(fx.contains(&Effect::Analysis(WorkerOp::Terminate)));
    assert!(analysis_posts(&fx).is_empty(), "the waiting text is not sent to a broken worker");
    assert_eq!(s.toast.as_deref(), Some("checking failed: it crashed"));
    let again = one(analysis_posts(&s.reduce(Action::TextChanged("again".into()))));
    assert!(again.text.whole() == Some("again") && again.id != first.id);
}

#[test]
fn errors_keep_the_last_graph_and_function_list() {
    let mut s = checked(TWO);
    let cfg = s.cfg.clone().expect("a CFG");
    assert_eq!(cfg.function, "main", "main is drawn first");
    // Another function: asked for, and saved in the view.
    let fx = s.reduce(Action::SelectFunction("f".into()));
    let req = one(analysis_posts(&fx));
    assert_eq!(req.function.as_deref(), Some("f"));
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::SaveView(v) if v.function.as_deref() == Some("f"))));
    let fx = s.reduce(answer(req));
    assert!(fx.contains(&Effect::Measure(Measure::CfgChanged)));
    let f = s.cfg.clone().expect("the CFG of @f");
    assert_eq!((f.function.as_str(), f.blocks.len()), ("f", 3));
    // Broken text: diagnostics, but the graph and the functions stay.
    let req = one(analysis_posts(&s.reduce(Action::TextChanged(BROKEN.into()))));
    s.reduce(answer(req));
    let a = s.analysis.clone().expect("an analysis");
    assert!(!a.valid && !a.diagnostics.is_empty());
    assert_eq!(a.functions.iter().map(|f| f.name.as_str()).collect::<Vec<_>>(), ["f", "main"]);
    assert!(s.cfg.as_ref().is_some_and(|c| Rc::ptr_eq(c, &f)));
}

#[test]
fn the_cursor_and_clicks_select_blocks() {
    let mut s = checked(TWO);
    let req = one(analysis_posts(&s.reduce(Action::SelectFunction("f".into()))));
    s.reduce(answer(req));
    let at = TWO.find("ret i32 1").map_or(0, |i| i as u32);
    assert_eq!(s.reduce(Action::Cursor(at)), [Effect::Render]);
    assert_eq!(s.selected_block, Some(1));
    assert_eq!(s.reduce(Action::Cursor(at + 1)), [], "still the same block");
    let b = s.cfg.as_ref().and_then(|c| c.blocks.first().map(|b| (b.from, b.to)));
    let fx = s.reduce(Action::BlockClicked(0));
    assert!(b.is_some_and(|(f, t)| fx.contains(&Effect::SelectInEditor(f, t))));
    assert_eq!(s.selected_block, Some(0));
    assert_eq!(s.reduce(Action::Jump(3, 9)), [Effect::SelectInEditor(3, 9)]);
}

#[test]
fn one_run_at_a_time_and_its_report_keeps_the_text_it_ran_on() {
    let mut s = checked(UB);
    let fx = s.reduce(Action::SetArgs("a  b".into()));
    assert!(fx.iter().any(|e| matches!(e, Effect::SaveView(v) if v.args == ["a", "b"])));
    assert_eq!(s.args_text, "a  b");
    s.reduce(Action::SetArgs(String::new()));
    let fx = s.reduce(Action::SetEnv("A=1  B=".into()));
    assert!(fx.iter().any(|e| matches!(e, Effect::SaveView(v) if v.env == ["A=1", "B="])));
    assert_eq!(s.env_text, "A=1  B=");
    s.reduce(Action::SetStdin("1 2".into()));
    s.reduce(Action::SetSteps("0".into()));
    assert_eq!(s.max_steps, 1);
    s.reduce(Action::SetSteps("5000".into()));
    s.reduce(Action::SetSteps("many".into()));
    assert_eq!(s.max_steps, 5000);
    let req = one(run_posts(&s.reduce(Action::Run)));
    assert_eq!(
        (req.text.as_str(), req.entry.as_str(), req.max_steps, req.stdin.as_str(), req.wasm),
        (UB, "main", 5000, "1 2", false)
    );
    assert_eq!(req.env, ["A=1", "B="]);
    assert!(s.running() && s.view.tab == Tab::Run);
    // Run again while it runs (Ctrl-Enter): nothing more is sent.
    assert_eq!(run_posts(&s.reduce(Action::Run)), []);
    // The text changes before the report arrives: the report keeps the text that ran, and
    // its marks are not drawn on the new text.
    let edited = format!("{UB}; edited\n");
    s.reduce(Action::TextChanged(edited));
    let fx = s.reduce(answer(req));
    assert!(!s.running());
    assert_eq!(&*s.run_text, UB);
    assert!(s.run.as_ref().is_some_and(|r| r.ub.is_some()));
    assert!(!s.run_is_current() && s.hover_run.is_some());
    assert_eq!(marks(&fx), Some(&[][..]));
    // Back to the text that ran: its marks come back; hovering shows values only until an edit.
    let fx = s.reduce(Action::TextChanged(UB.into()));
    assert!(marks(&fx).is_some_and(|m| m.iter().any(|m| m.kind == "ub")));
    assert!(s.hover_run.is_none());
    assert!(s.poison_lines.values().any(|c| *c == "cfg-ub"));
}

#[test]
fn stop_ends_the_run_and_its_late_report_is_ignored() {
    let mut s = checked(LOOP);
    s.reduce(Action::SetSteps("1000".into()));
    let req = one(run_posts(&s.reduce(Action::Run)));
    let fx = s.reduce(Action::Stop);
    assert!(fx.contains(&Effect::Run(WorkerOp::Terminate)));
    assert!(!s.running());
    assert_eq!(s.run.as_ref().map(|r| r.message.as_str()), Some("stopped"));
    // A report already on its way from the stopped worker is dropped.
    let late = RunReply::Ran(Box::new(RunReport::not_run(req.id, "late")));
    assert_eq!(s.reduce(Action::RunReply(late)), []);
    assert_eq!(s.run.as_ref().map(|r| r.message.as_str()), Some("stopped"));
    // The next run is a new request, and its report is shown.
    let again = one(run_posts(&s.reduce(Action::Run)));
    assert_ne!(again.id, req.id);
    s.reduce(answer(again));
    assert!(s.run.as_ref().is_some_and(|r| r.message.contains("step budget")));
}

#[test]
fn a_failed_run_is_reported_and_a_stale_error_is_not() {
    let mut s = checked(OK);
    let req = one(run_posts(&s.reduce(Action::Run)));
    let stale = RunReply::failed(Some(req.id + 7), "old".into());
    assert_eq!(s.reduce(Action::RunReply(stale)), []);
    assert!(s.running() && s.toast.is_none());
    let fx = s.reduce(Action::RunReply(RunReply::failed(Some(req.id), "out of memory".into())));
    assert!(fx.contains(&Effect::Run(WorkerOp::Terminate)));
    assert!(!s.running());
    assert_eq!(s.toast.as_deref(), Some("the run failed: out of memory"));
}

#[test]
fn a_pipeline_gives_steps_and_each_step_its_graphs() {
    let mut s = checked(ALLOCAS);
    let fx = s.reduce(Action::Optimize("mem2reg,dce".into()));
    let req = one(opt_posts(&fx));
    assert!(
        matches!(&req, OptRequest::Optimize(o) if o.pipeline == "mem2reg,dce" && o.text == ALLOCAS)
    );
    assert!(s.optimizing() && s.view.pipeline == "mem2reg,dce");
    assert_eq!(s.reduce(Action::Optimize("O2".into())), [], "one pipeline at a time");
    s.reduce(answer(req));
    assert!(!s.optimizing());
    let report = s.opt_report.clone().expect("a report");
    let steps: Vec<(&str, bool)> =
        report.steps.iter().map(|s| (s.pass.as_str(), s.changed)).collect();
    assert_eq!(steps, [("mem2reg", true), ("dce", false)]);
    // Two steps asked for in a row: one layout at a time, and only the last one is shown.
    let first = one(opt_posts(&s.reduce(Action::StepCfgs(0))));
    assert!(matches!(&first, OptRequest::StepCfgs(r) if r.step == 0 && r.function == "main"
        && r.before.as_deref() == report.snapshots.first().map(String::as_str)
        && r.after.as_deref() == report.snapshots.get(1).map(String::as_str)));
    assert_eq!(opt_posts(&s.reduce(Action::StepCfgs(0))), [], "already being laid out");
    assert_eq!(opt_posts(&s.reduce(Action::StepCfgs(1))), [], "waits for the first");
    let second = one(opt_posts(&s.reduce(answer(first))));
    assert!(s.step_cfgs.is_none(), "step 0 is no longer wanted");
    s.reduce(answer(second));
    let g = s.step_cfgs.clone().expect("the graphs of step 1");
    assert_eq!(g.step, 1);
    let blocks = |c: &Option<Rc<CfgView>>| c.as_ref().map_or(0, |c| c.blocks.len());
    assert_eq!((blocks(&g.before), blocks(&g.after)), (3, 3));
    assert_eq!(s.reduce(Action::StepCfgs(1)), [], "already shown");
    assert_eq!(s.reduce(Action::StepCfgs(99)), [], "no such step");
    // Opening a snapshot sets the editor's text (which reports the change back).
    let text = report.snapshots.last().cloned().unwrap_or_default();
    assert_eq!(s.reduce(Action::OpenText(text.clone())), [Effect::SetEditorText(text)]);
}

#[test]
fn stopping_or_failing_a_pipeline() {
    let mut s = checked(ALLOCAS);
    let req = one(opt_posts(&s.reduce(Action::Optimize("O2".into()))));
    let fx = s.reduce(Action::StopOpt);
    assert!(fx.contains(&Effect::Opt(WorkerOp::Terminate)) && !s.optimizing());
    assert_eq!(s.reduce(answer(req)), [], "the stopped pipeline's report is dropped");
    assert!(s.opt_report.is_none());
    one(opt_posts(&s.reduce(Action::Optimize("O1".into()))));
    let fx = s.reduce(Action::OptReply(OptReply::failed(None, "boom".into())));
    assert!(fx.contains(&Effect::Opt(WorkerOp::Terminate)) && !s.optimizing());
    assert_eq!(s.toast.as_deref(), Some("the pipeline failed: boom"));
    // A bad pipeline is a report with an error, not a failure.
    let req = one(opt_posts(&s.reduce(Action::Optimize("mem2reg,nosuchpass".into()))));
    s.reduce(answer(req));
    assert!(s
        .opt_report
        .as_ref()
        .is_some_and(|r| r.error.as_deref().is_some_and(|e| e.contains("nosuchpass"))));
}

#[test]
fn a_share_link_holds_the_view_and_the_text() {
    let mut s = checked(OK);
    s.reduce(Action::ToggleDom);
    s.reduce(Action::SetStdin("1 2".into()));
    s.toast = Some("old news".into());
    let fx = s.reduce(Action::Share);
    let link = fx
        .iter()
        .find_map(|e| match e {
            Effect::CopyToClipboard(l) => Some(l.clone()),
            _ => None,
        })
        .expect("a link copied");
    assert!(link.starts_with(&format!("{PAGE}#s=")), "{link}");
    let offer = Some(ShareOffer::Copied { link: link.clone(), warning: None });
    assert_eq!(s.drafts.share, offer);
    assert!(s.toast.is_none());
    let back = share::decode(link.split_once('#').map_or("", |p| p.1)).expect("a valid link");
    assert_eq!(back.text, OK);
    assert!(back.view.dom_tree && back.view.stdin == "1 2" && back.view.entry == "main");
    s.reduce(Action::DismissToast);
    assert!(s.drafts.share.is_none());
}

#[test]
fn examples_and_the_text_kept_from_before_a_link() {
    let mut s = State::new(Init { backup: Some("my own".into()), ..init(OK) });
    s.reduce(Action::Start);
    s.reduce(Action::SetEntry("f".into()));
    let example = EXAMPLES.get(1).expect("a second example");
    let fx = s.reduce(Action::LoadExample(1));
    assert!(fx.contains(&Effect::SetEditorText(example.source.to_string())));
    assert!(fx.contains(&Effect::SaveText(Rc::from(example.source))));
    assert_eq!(&*s.text, example.source);
    assert!(s.view.entry == "main" && s.view.function.is_none() && s.run.is_none());
    assert_eq!(s.reduce(Action::LoadExample(EXAMPLES.len())), [Effect::Render]);
    let fx = s.reduce(Action::RestoreBackup);
    assert_eq!(fx, [Effect::SetEditorText("my own".into()), Effect::ClearBackup, Effect::Render]);
    assert_eq!(s.reduce(Action::RestoreBackup), [Effect::Render], "restored once");
}

#[test]
fn view_settings_are_saved_and_the_overlay_is_drawn() {
    let mut s = checked(UB);
    let fx = s.reduce(Action::SetTab(Tab::Passes));
    assert_eq!(fx, [Effect::SaveView(s.view.clone()), Effect::Render]);
    assert_eq!(s.view.tab, Tab::Passes);
    let fx = s.reduce(Action::ToggleMayPoison);
    assert!(s.view.may_poison);
    // The marks are asked for (the worker keeps the text and its check), then drawn.
    let req = one(analysis_posts(&fx));
    assert!(req.views.may_poison && req.text.carried() == 0);
    let fx = s.reduce(answer(req));
    let overlay = marks(&fx).unwrap_or(&[]);
    assert!(!overlay.is_empty() && overlay.iter().all(|m| m.kind == "may-poison"));
    assert!(overlay.iter().any(|m| m.title.contains("nsw")), "{overlay:?}");
    let fx = s.reduce(Action::ToggleMayPoison);
    assert_eq!(marks(&fx), Some(&[][..]));
    s.reduce(Action::SetEngine(true));
    assert!(s.view.wasm);
    assert_eq!(s.reduce(Action::ToggleTheme), [Effect::SaveTheme(true), Effect::Render]);
    assert_eq!(s.reduce(Action::ToggleTheme), [Effect::SaveTheme(false), Effect::Render]);
}

#[test]
fn a_worker_that_cannot_start() {
    let mut s = State::new(Init { toast: Some("bad link".into()), ..init(OK) });
    s.reduce(Action::Start);
    let fx = s.reduce(Action::NoWorker(Worker::Analysis, "no workers".into()));
    assert!(fx.contains(&Effect::Analysis(WorkerOp::Terminate)));
    assert_eq!(s.toast.as_deref(), Some("bad link"), "the first message stays");
    s.toast = None;
    s.reduce(Action::NoWorker(Worker::Analysis, "no workers".into()));
    assert!(s.toast.as_deref().is_some_and(|t| t.contains("Web Workers are not available")));
    s.reduce(Action::Run);
    assert!(s.running());
    s.reduce(Action::NoWorker(Worker::Run, "cannot start a worker".into()));
    assert!(!s.running());
    assert_eq!(s.toast.as_deref(), Some("cannot start a worker"));
}

#[test]
fn the_cfg_keeps_the_strongest_mark_of_an_instruction() {
    let mut r = RunReport::not_run(1, "");
    let value = |from, poison: Option<&str>, path| ValueView {
        from,
        to: from + 5,
        value: "poison".into(),
        poison: poison.map(str::to_string),
        path,
    };
    // At 10: poison arose there and went on (poison-source beats poison); at 30: plain poison;
    // at 50: a poison value whose instruction is also the undefined behaviour.
    r.values.push(value(10, Some("overflow"), vec![(10, 15)]));
    r.values.push(value(30, Some("overflow"), vec![(10, 15)]));
    r.values.push(value(50, Some("overflow"), vec![(10, 15)]));
    r.ub = Some(crate::protocol::UbView {
        kind: "branch on poison".into(),
        message: "m".into(),
        from: 50,
        to: 55,
        line: 1,
        col: 1,
        origin: None,
        backtrace: Vec::new(),
        ..Default::default()
    });
    let m = line_marks(&r);
    assert_eq!(m.get(&10), Some(&"cfg-poison-source"));
    assert_eq!(m.get(&30), Some(&"cfg-poison"));
    assert_eq!(m.get(&50), Some(&"cfg-ub"));
    assert_eq!(m.len(), 3);
}

fn asm_posts(fx: &[Effect]) -> Vec<CompileRequest> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Asm(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

fn timers(fx: &[Effect]) -> Vec<Action> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Later(_, a) => Some((**a).clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn the_asm_view_compiles_only_when_open_and_after_a_pause_in_typing() {
    let mut s = checked(TWO);
    // Closed: edits compile nothing.
    assert!(asm_posts(&s.reduce(Action::TextChanged(OK.into()))).is_empty());
    // Opening it compiles at once, for both targets.
    let req = one(asm_posts(&s.reduce(Action::SetTab(Tab::Asm))));
    assert_eq!((req.text.as_str(), req.targets.len()), (OK, 2));
    assert!(s.compiling_asm());
    s.reduce(answer(req));
    let r = s.asm.clone().expect("code");
    assert!(s.asm_linked() && r.targets.first().is_some_and(|t| !t.funcs.is_empty()));
    // Two edits: a timer each; only the last one's compiles.
    let t1 = timers(&s.reduce(Action::TextChanged(TWO.into())));
    let t2 = timers(&s.reduce(Action::TextChanged(ALLOCAS.into())));
    assert!(!s.asm_linked(), "the shown code is the old text's");
    assert!(asm_posts(&s.reduce(one(t1))).is_empty());
    let req = one(asm_posts(&s.reduce(one(t2))));
    assert_eq!(req.text, ALLOCAS);
    s.reduce(answer(req));
    // A text with errors keeps the last code, with the message.
    let t = timers(&s.reduce(Action::TextChanged(BROKEN.into())));
    let req = one(asm_posts(&s.reduce(one(t))));
    s.reduce(answer(req));
    assert!(s.asm_error.is_some() && s.asm.is_some());
    assert_eq!(&*s.asm_text, ALLOCAS);
    // Fixed: compiled again, the message goes.
    let t = timers(&s.reduce(Action::TextChanged(ALLOCAS.into())));
    let req = one(asm_posts(&s.reduce(one(t))));
    s.reduce(answer(req));
    assert!(s.asm_error.is_none() && s.asm_linked());
    // Typing and undoing it before the pause sends nothing.
    let t1 = timers(&s.reduce(Action::TextChanged(OK.into())));
    let t2 = timers(&s.reduce(Action::TextChanged(ALLOCAS.into())));
    assert!(t2.is_empty() && asm_posts(&s.reduce(one(t1))).is_empty());
    // One target only.
    let req = one(asm_posts(&s.reduce(Action::SetAsmTargets(AsmTargets::X64))));
    assert_eq!(req.targets, ["x86_64"]);
}

#[test]
fn machine_instructions_and_ir_lines_light_each_other() {
    let mut s = checked(ALLOCAS);
    let req = one(asm_posts(&s.reduce(Action::SetTab(Tab::Asm))));
    s.reduce(answer(req));
    let at = ALLOCAS.find("%n = add").unwrap_or(0) as u32;
    let end = at + "%n = add i32 %v, 1".len() as u32;
    // Hovering a machine instruction marks its IR instruction in the editor.
    let fx = s.reduce(Action::HoverAsm(Some((at, end))));
    let m = marks(&fx).unwrap_or(&[]);
    assert!(m.iter().any(|m| m.kind == "asm-line" && m.from == at), "{m:?}");
    assert!(s.asm_focus().is_some_and(|f| f.covers(at) && !f.covers(end)));
    // Leaving the editor does not clear it; leaving the instruction does.
    s.reduce(Action::HoverIrLine(None));
    assert!(s.asm_focus().is_some());
    let fx = s.reduce(Action::HoverAsm(None));
    assert_eq!(marks(&fx), Some(&[][..]));
    // An IR line hovered in the editor lights the code of its instruction.
    let line = ALLOCAS.get(..at as usize).and_then(|t| t.rfind('\n')).unwrap_or(0) as u32 + 1;
    s.reduce(Action::HoverIrLine(Some((line, end))));
    assert!(s.asm_focus().is_some_and(|f| f.from_editor && f.covers(at)));
    // Clicking an instruction selects its IR text.
    let fx = s.reduce(Action::ClickAsm(at, end));
    assert!(fx.contains(&Effect::SelectInEditor(at, end)));
}

#[test]
fn downloads_ask_for_the_files_once() {
    let mut s = checked(OK);
    let req = one(asm_posts(&s.reduce(Action::SetTab(Tab::Asm))));
    assert!(!req.files, "the view alone needs no files");
    s.reduce(answer(req));
    let req = one(asm_posts(&s.reduce(Action::DownloadAsm("x86_64".into(), AsmFile::Object))));
    assert!(req.files);
    let fx = s.reduce(answer(req));
    let got = fx.iter().find_map(|e| match e {
        Effect::Download(name, bytes, _) => {
            Some((name.clone(), bytes.get(..4).map(<[u8]>::to_vec)))
        }
        _ => None,
    });
    assert_eq!(got, Some(("input-x86_64.o".to_string(), Some(b"\x7fELF".to_vec()))));
    // The listing is there now: no second compile.
    let fx = s.reduce(Action::DownloadAsm("x86_64".into(), AsmFile::Listing));
    assert!(asm_posts(&fx).is_empty());
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Download(n, _, "text/plain") if n == "input-x86_64.s")));
}

#[test]
fn output_streams_in_while_a_run_goes_and_its_report_follows_it() {
    use crate::protocol::OutputChunk;
    let mut s = checked(OK);
    let chunk = |o: &str| {
        Action::RunReply(RunReply::Output(OutputChunk { stdout: o.into(), stderr: String::new() }))
    };
    // Nothing runs: a chunk is stale.
    assert_eq!(s.reduce(chunk("old")), []);
    assert!(s.live.stdout.is_empty());
    let req = one(run_posts(&s.reduce(Action::Run)));
    s.reduce(chunk("a"));
    s.reduce(chunk("b"));
    assert!(s.running(), "a chunk does not answer the request");
    assert_eq!(s.live.stdout, "ab");
    // Past what the page keeps, the rest is cut and noted.
    s.reduce(chunk(&"x".repeat(1 << 20)));
    s.reduce(chunk("more"));
    assert!(s.live.cut);
    assert_eq!(s.live.stdout.len(), 1 << 20);
    s.reduce(answer(req));
    assert!(!s.running());
    let shown = s.run.as_ref().map(|r| r.stdout.clone()).unwrap_or_default();
    assert!(shown.starts_with("abx") && shown.len() == 1 << 20);
}

fn check_posts(fx: &[Effect]) -> Vec<RunRequest> {
    fx.iter()
        .filter_map(|e| match e {
            Effect::Check(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        })
        .collect()
}

/// A run as WebAssembly as the browser reports one (the host cannot run WebAssembly).
fn wasm_report(id: u32, status: i32, stdout: &str) -> Action {
    let mut r = RunReport::not_run(id, format!("exit status {status}"));
    r.ran = true;
    r.status = Some(status);
    r.stdout = stdout.into();
    r.wasm =
        Some(crate::protocol::WasmBuild { bytes: vec![0], wat: String::new(), compile_ms: 0.0 });
    Action::RunReply(RunReply::Ran(Box::new(r)))
}

#[test]
fn a_run_as_webassembly_is_checked_by_the_interpreter_on_the_same_input() {
    let mut s = checked(UB);
    s.reduce(Action::SetEngine(true));
    s.reduce(Action::SetStdin("in".into()));
    s.reduce(Action::SetSteps("5000".into()));
    let run = one(run_posts(&s.reduce(Action::Run)));
    assert!(run.wasm);
    // The WebAssembly engine took the branch on poison without a word.
    let fx = s.reduce(wasm_report(run.id, 1, ""));
    let check = one(check_posts(&fx));
    assert_eq!(
        (check.wasm, check.text.as_str(), check.stdin.as_str(), check.max_steps),
        (false, UB, "in", 5000)
    );
    assert_eq!(s.compare, Some(Compare::Running));
    let Action::RunReply(reply) = answer(check) else { panic!("a run reply") };
    s.reduce(Action::CheckReply(reply));
    let Some(Compare::Done(interp)) = s.compare.clone() else { panic!("{:?}", s.compare) };
    let shown = s.run.clone().expect("the wasm run is shown");
    assert!(
        matches!(verdict(&shown, &interp), Verdict::Ub(k) if k.starts_with("branch on poison"))
    );
    // Showing the interpreter's report marks the UB in the editor.
    let fx = s.reduce(Action::ShowCompared);
    assert!(s.run.as_ref().is_some_and(|r| r.ub.is_some() && r.wasm.is_none()));
    assert!(marks(&fx).is_some_and(|m| m.iter().any(|m| m.kind == "ub")));
    // A new run ends the check of the old one.
    s.reduce(Action::SetEngine(false));
    s.reduce(Action::Run);
    assert_eq!(s.compare, None);
}

#[test]
fn the_interpreter_agrees_with_a_run_as_webassembly_of_a_program_without_ub() {
    let mut s = checked(TWO);
    s.reduce(Action::SetEngine(true));
    let run = one(run_posts(&s.reduce(Action::Run)));
    let check = one(check_posts(&s.reduce(wasm_report(run.id, 1, ""))));
    let Action::RunReply(reply) = answer(check) else { panic!("a run reply") };
    s.reduce(Action::CheckReply(reply));
    let Some(Compare::Done(interp)) = s.compare.clone() else { panic!("{:?}", s.compare) };
    assert_eq!(verdict(s.run.as_deref().expect("shown"), &interp), Verdict::Agree);
    // The same run claiming another status would be flagged.
    let mut other = (*interp).clone();
    other.status = Some(2);
    assert!(matches!(verdict(&other, &interp), Verdict::Differ(_)));
}

#[test]
fn a_report_is_stale_once_the_text_changes() {
    let mut s = checked(UB);
    let run = one(run_posts(&s.reduce(Action::Run)));
    s.reduce(answer(run));
    assert!(!s.run_is_stale());
    let fx = s.reduce(Action::TextChanged(format!("; edited\n{UB}")));
    assert!(s.run_is_stale());
    // Its marks are gone from the editor.
    assert!(marks(&fx).is_some_and(|m| m.iter().all(|m| m.kind != "ub")));
}

#[test]
fn the_cfg_follows_the_cursor_into_another_function() {
    let mut s = checked(TWO);
    assert_eq!(s.cfg.as_ref().map(|c| c.function.as_str()), Some("main"));
    let in_f = TWO.find("icmp").map_or(0, |i| i as u32);
    let req = one(analysis_posts(&s.reduce(Action::Cursor(in_f))));
    assert_eq!(req.function.as_deref(), Some("f"));
    s.reduce(answer(req));
    assert_eq!(s.cfg.as_ref().map(|c| c.function.as_str()), Some("f"));
    // Moving within @f asks for nothing; choosing @main in the menu is kept while the cursor
    // stays in @f.
    let later = TWO.find("ret i32 1").map_or(0, |i| i as u32);
    assert!(analysis_posts(&s.reduce(Action::Cursor(later))).is_empty());
    let req = one(analysis_posts(&s.reduce(Action::SelectFunction("main".into()))));
    s.reduce(answer(req));
    assert!(analysis_posts(&s.reduce(Action::Cursor(in_f))).is_empty());
    let in_main = TWO.find("call").map_or(0, |i| i as u32);
    s.reduce(Action::Cursor(in_main));
    let back = one(analysis_posts(&s.reduce(Action::Cursor(in_f))));
    assert_eq!(back.function.as_deref(), Some("f"));
}

#[test]
fn the_reading_input_example_fills_standard_input() {
    let mut s = checked(OK);
    let i = EXAMPLES.iter().position(|e| e.id == "reading-input").expect("the example");
    s.reduce(Action::LoadExample(i));
    assert_eq!(s.view.stdin, EXAMPLES[i].stdin.unwrap_or("-"));
    s.reduce(Action::LoadExample(0));
    assert_eq!(s.view.stdin, "");
}

#[test]
fn ranges_move_through_a_single_edit() {
    let old = "aaa\nbbb\nccc\n";
    // Inserting a line before: what follows moves by its length.
    let new = "; x\naaa\nbbb\nccc\n";
    assert_eq!(map_through_edit(old, new, (4, 7)), Some((8, 11)));
    // Editing the middle line: the first keeps its place, the last moves, the middle is gone.
    let new = "aaa\nbXbb\nccc\n";
    assert_eq!(map_through_edit(old, new, (0, 3)), Some((0, 3)));
    assert_eq!(map_through_edit(old, new, (8, 11)), Some((9, 12)));
    assert_eq!(map_through_edit(old, new, (4, 7)), None);
    // Deleting text before a range.
    assert_eq!(map_through_edit(old, "ccc\n", (8, 11)), Some((0, 3)));
    assert_eq!(map_through_edit(old, old, (4, 7)), Some((4, 7)));
}

#[test]
fn a_check_says_whether_it_is_of_the_current_text() {
    let mut s = State::new(init(OK));
    let first = one(analysis_posts(&s.reduce(Action::Start)));
    s.reduce(Action::TextChanged(format!("{OK}; a\n")));
    // The first answer is of a text typed over: the newest goes out, and is not checked yet.
    let fx = s.reduce(answer(first));
    let measured = |fx: &[Effect]| {
        fx.iter().find_map(|e| match e {
            Effect::Measure(Measure::Checked { current, .. }) => Some(*current),
            _ => None,
        })
    };
    assert_eq!(measured(&fx), Some(false));
    let fx = s.reduce(answer(one(analysis_posts(&fx))));
    assert_eq!(measured(&fx), Some(true));
    assert!(s.analysis.as_ref().is_some_and(|a| a.valid));
    // No squiggles before, none now: the editor's are left alone.
    assert!(!fx.iter().any(|e| matches!(e, Effect::ShowDiagnostics(_))));
}

#[test]
fn actions_on_the_text_take_what_was_typed_first() {
    let on_text = [
        Action::Run,
        Action::Share,
        Action::SelectFunction("main".into()),
        Action::SetTab(Tab::Asm),
        Action::Optimize("dce".into()),
        Action::LoadExample(0),
        Action::Debug(DebugAction::Start),
        Action::Debug(DebugAction::RunToCursor),
        Action::Files(FilesAction::DownloadText),
        Action::Files(FilesAction::DownloadBitcode),
        Action::ReplaceWithUpgraded,
    ];
    for a in on_text {
        assert!(a.needs_current_text(), "{a:?} acts on the text");
    }
    // What arrives while typing, and the workers' replies, leave the editor's text where it is.
    let while_typing = [
        Action::TextChanged(OK.into()),
        Action::Cursor(3),
        Action::HoverIrLine(Some((0, 4))),
        Action::HoverAsm(None),
        Action::CompileAsm(1),
        Action::Debug(DebugAction::Breakpoints(vec![2])),
        Action::Files(FilesAction::Drag(true)),
        answer(one(analysis_posts(&State::new(init(OK)).reduce(Action::Start)))),
    ];
    for a in while_typing {
        assert!(!a.needs_current_text(), "{a:?} does not act on the text");
    }
}
