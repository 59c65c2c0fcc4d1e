//! Tests of debugging sessions: stepping forward and back reach the same states as a run, the
//! commands stop where they should, and the view shows the values and memory of the state.

use super::*;
use crate::interp::{run, Exit, Options};

fn module(src: &str) -> Module {
    let p = crate::text::parse(src);
    let Some(m) = p.module else { panic!("parse failed: {:?}", p.diagnostics) };
    m
}

/// A loop: `%i` takes 0, 1, 2, 3 in `@main`; `@sq` is called each time.
const LOOP: &str = "declare i32 @printf(ptr, ...)
@fmt = private constant [4 x i8] c\"%d\\0A\\00\"

define i32 @sq(i32 %x) {
  %y = mul i32 %x, %x
  ret i32 %y
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %s = call i32 @sq(i32 %i)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %s)
  %n = add i32 %i, 1
  %c = icmp slt i32 %n, 4
  br i1 %c, label %loop, label %done
done:
  ret i32 %n
}
";

/// The parts of a view that say which state it is (not why the session stopped there).
fn state(
    v: &View,
) -> (u64, Option<Position>, Vec<FrameView>, Vec<ValueView>, Vec<BlockView>, String) {
    (
        v.steps,
        v.position.clone(),
        v.frames.clone(),
        v.values.clone(),
        v.memory.clone(),
        v.stdout.clone(),
    )
}

#[test]
fn to_the_end_as_a_run_does() {
    let m = module(LOOP);
    let o = run(&m, &Options::default());
    let mut s = Session::new(&m, LOOP, &Options::default());
    assert_eq!(s.exec(&Command::Continue), StopReason::Finished);
    assert_eq!(s.exit(), Some(&o.exit));
    assert_eq!(s.steps(), o.steps);
    assert_eq!(s.output().0, o.stdout);
}

#[test]
fn forward_and_back_reach_the_same_states() {
    let m = module(LOOP);
    let mut fwd = Vec::new();
    let mut s = Session::new(&m, LOOP, &Options::default());
    loop {
        fwd.push(state(&s.view()));
        if s.exec(&Command::Step) == StopReason::Finished {
            break;
        }
    }
    let end = s.steps();
    for k in (0..end).rev() {
        s.exec(&Command::StepBack);
        assert_eq!(s.steps(), k);
        assert_eq!(state(&s.view()), fwd[k as usize], "state at step {k}");
    }
    s.exec(&Command::Goto { step: 7 });
    assert_eq!(state(&s.view()), fwd[7]);
}

/// The line of a position.
fn line(s: &Session) -> u32 {
    s.position().map_or(0, |p| p.line)
}

/// The text of value `name` in the current frame.
fn val(s: &mut Session, name: &str) -> String {
    s.value(name).map_or_else(|| "-".into(), |v| v.text)
}

#[test]
fn history_of_a_loop_counter() {
    let m = module(LOOP);
    let mut s = Session::new(&m, LOOP, &Options::default());
    assert!(s.set_breakpoint(18));
    let mut seen = Vec::new();
    while s.exec(&Command::Continue) != StopReason::Finished {
        assert_eq!(line(&s), 18);
        seen.push(val(&mut s, "%n"));
    }
    assert_eq!(seen, ["1 (0x1)", "2 (0x2)", "3 (0x3)", "4 (0x4)"]);
    s.exec(&Command::ReverseContinue);
    let v = s.value("%i").expect("%i");
    assert_eq!(v.history, ["0 (0x0)", "1 (0x1)", "2 (0x2)", "3 (0x3)"]);
    assert_eq!(v.assignments, 4);
}

#[test]
fn breakpoints_and_reverse_continue() {
    let m = module(LOOP);
    let mut s = Session::new(&m, LOOP, &Options::default());
    assert!(!s.set_breakpoint(1), "no instruction starts on line 1");
    assert!(s.set_breakpoint(5));
    let mut steps = Vec::new();
    while let StopReason::Breakpoint { line: l } = s.exec(&Command::Continue) {
        assert_eq!(l, 5);
        assert_eq!(s.position().map(|p| p.function), Some("@sq".to_string()));
        steps.push(s.steps());
    }
    assert_eq!(steps.len(), 4);
    assert_eq!(s.exit(), Some(&Exit::Returned { value: 4 }));
    for &k in steps.iter().rev() {
        assert_eq!(s.exec(&Command::ReverseContinue), StopReason::Breakpoint { line: 5 });
        assert_eq!(s.steps(), k);
    }
    assert_eq!(s.exec(&Command::ReverseContinue), StopReason::AtStart);
    assert_eq!(s.steps(), 0);
}

#[test]
fn step_over_out_and_their_reverses() {
    let m = module(LOOP);
    let mut s = Session::new(&m, LOOP, &Options::default());
    // entry: br; loop: the call of @sq.
    s.exec(&Command::Step);
    assert_eq!((s.steps(), line(&s)), (1, 14));
    s.exec(&Command::StepOver);
    assert_eq!((s.steps(), line(&s)), (4, 15), "over @sq's two instructions");
    assert_eq!(val(&mut s, "%s"), "0 (0x0)");
    s.exec(&Command::BackOver);
    assert_eq!((s.steps(), line(&s)), (1, 14), "back over the call");
    s.exec(&Command::Step);
    assert_eq!((s.steps(), line(&s), s.frames().len()), (2, 5, 2), "into @sq");
    let fr = s.frames();
    assert_eq!(fr[0].call_site.as_ref().map(|p| p.line), Some(14));
    assert_eq!(val(&mut s, "%x"), "0 (0x0)");
    s.exec(&Command::StepOut);
    assert_eq!((s.steps(), line(&s), s.frames().len()), (4, 15, 1), "out to the call's next");
    s.exec(&Command::Goto { step: 3 });
    assert_eq!(line(&s), 6, "at @sq's ret");
    s.exec(&Command::BackOut);
    assert_eq!((s.steps(), line(&s)), (1, 14), "back out to the call");
    s.exec(&Command::RunToLine { line: 17 });
    assert_eq!((s.steps(), line(&s)), (6, 17));
    s.exec(&Command::BackOver);
    assert_eq!((s.steps(), line(&s)), (5, 16));
}

#[test]
fn each_interp_test_ends_as_its_run() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/ir/interp");
    let mut n = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("tests/ir/interp").flatten().collect();
    files.sort_by_key(|e| e.path());
    for e in files {
        let path = e.path();
        if path.extension().is_none_or(|x| x != "ll") {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(&path) else { continue };
        let p = crate::text::parse(&src);
        let Some(m) = p.module else { continue };
        if crate::verify::verify(&m).iter().any(|d| d.severity == crate::diag::Severity::Error) {
            continue;
        }
        let opts =
            Options { max_steps: 2_000_000, stdin: b"12 34\nabc\n".to_vec(), ..Options::default() };
        let o = run(&m, &opts);
        let mut s = Session::new(&m, &src, &opts);
        // Some steps one at a time, then on to the end.
        for _ in 0..20 {
            s.exec(&Command::Step);
        }
        s.exec(&Command::Continue);
        let name = path.display();
        assert_eq!(s.exit(), Some(&o.exit), "{name}");
        let extra = u64::from(o.exit == Exit::OutOfSteps);
        assert_eq!(s.steps() + extra, o.steps, "{name}");
        assert_eq!(s.output(), (o.stdout.clone(), o.stderr.clone()), "{name}");
        // Back from the end to the middle and forward again: the same end.
        s.exec(&Command::Goto { step: o.steps / 2 });
        assert_eq!(s.steps(), o.steps / 2, "{name}");
        s.exec(&Command::Continue);
        assert_eq!(s.exit(), Some(&o.exit), "{name}");
        n += 1;
    }
    assert!(n > 80, "only {n} files");
}

const POISON_STORE: &str = "define i32 @main() {
  %a = alloca i32, align 4
  %p = add nsw i32 2147483647, 1
  store i32 %p, ptr %a, align 4
  %v = load i32, ptr %a, align 4
  %c = icmp sgt i32 %v, 0
  br i1 %c, label %t, label %f
t:
  ret i32 1
f:
  ret i32 0
}
";

#[test]
fn memory_shows_a_stored_poison_byte_and_ub_ends_the_run() {
    let m = module(POISON_STORE);
    let mut s = Session::new(&m, POISON_STORE, &Options::default());
    s.exec(&Command::Step);
    let v = s.view();
    let a = v.memory.iter().find(|b| b.name == "%a").expect("%a in memory");
    assert_eq!((a.kind, a.size), (BlockKind::Alloca, 4));
    assert_eq!(a.states, [ByteState::Undef; 4], "uninitialized");
    s.exec(&Command::RunToLine { line: 5 });
    let v = s.view();
    let a = v.memory.iter().find(|b| b.name == "%a").expect("%a in memory");
    assert_eq!(a.states, [ByteState::Poison; 4]);
    let t = a.taint.as_ref().expect("origin of the poison");
    assert_eq!(t.origin.as_ref().map(|p| p.line), Some(3));
    let p = v.values.iter().find(|x| x.name == "%p").expect("%p");
    assert_eq!(p.text, "poison");
    assert_eq!(p.taint.as_ref().and_then(|t| t.origin.as_ref()).map(|o| o.line), Some(3));
    let pa = v.values.iter().find(|x| x.name == "%a").expect("%a");
    assert_eq!(pa.text, "%a");
    // On to the branch on poison: the run ends with the report, and stays inspectable.
    assert_eq!(s.exec(&Command::Continue), StopReason::Finished);
    let Some(Exit::Ub(r)) = s.exit().cloned() else { panic!("{:?}", s.exit()) };
    assert_eq!(r.kind, crate::interp::UbKind::BranchOnPoison);
    assert_eq!(s.position().map(|p| p.line), Some(7));
    assert_eq!(s.steps(), 6);
    // Back from the end: before the branch.
    s.exec(&Command::StepBack);
    assert_eq!((s.exit(), s.steps(), line(&s)), (None, 5, 7));
    assert_eq!(val(&mut s, "%c"), "poison");
}

const ENDLESS: &str = "define i32 @main() {
entry:
  br label %l
l:
  %i = phi i32 [ 0, %entry ], [ %j, %l ]
  %j = add i32 %i, 1
  br label %l
}
";

#[test]
fn the_step_limit_ends_every_command() {
    let m = module(ENDLESS);
    let opts = Options { max_steps: 100_000, ..Options::default() };
    let mut s = Session::new(&m, ENDLESS, &opts);
    assert_eq!(s.exec(&Command::StepOut), StopReason::Finished);
    assert_eq!((s.exit(), s.steps()), (Some(&Exit::OutOfSteps), 100_000));
    assert_eq!(line(&s), 7, "before the op that did not run: the br");
    assert_eq!(s.exec(&Command::Step), StopReason::Finished);
    assert_eq!(s.steps(), 100_000);
    s.exec(&Command::StepBack);
    assert_eq!((s.exit(), s.steps()), (None, 99_999));
    assert_eq!(val(&mut s, "%j"), "49999 (0xc34f)");
    assert_eq!(s.value("%i").map(|v| v.history.len()), Some(HISTORY));
    let stats = s.snapshot_stats();
    assert!(stats.count >= 2 && stats.count <= MAX_SNAPSHOTS, "{stats:?}");
    s.exec(&Command::Goto { step: 1_000_000 });
    assert_eq!((s.exit(), s.steps()), (Some(&Exit::OutOfSteps), 100_000));
}

#[test]
fn snapshots_stay_within_their_bound() {
    let m = module(ENDLESS);
    let opts = Options { max_steps: 20_000_000, ..Options::default() };
    let mut s = Session::new(&m, ENDLESS, &opts);
    s.exec(&Command::Goto { step: 10_000_000 });
    let st = s.snapshot_stats();
    assert!(st.count <= MAX_SNAPSHOTS && st.bytes <= MAX_BYTES, "{st:?}");
    assert!(st.interval > snapshots::FIRST_INTERVAL, "{st:?}");
    s.exec(&Command::StepBack);
    assert_eq!(s.steps(), 9_999_999);
}

#[test]
fn an_owned_session_keeps_its_module() {
    let mut o = OwnedSession::new(module(LOOP), LOOP, &Options::default());
    o.with(|s| s.exec(&Command::Continue));
    assert_eq!(o.with(|s| s.output().0), b"0\n1\n4\n9\n");
}

#[test]
fn standard_input_is_read_again_after_going_back() {
    let src = "declare i32 @getchar()
define i32 @main() {
  %a = call i32 @getchar()
  %b = call i32 @getchar()
  %s = add i32 %a, %b
  ret i32 %s
}
";
    let m = module(src);
    let opts = Options { stdin: b"AB".to_vec(), ..Options::default() };
    let mut s = Session::new(&m, src, &opts);
    s.exec(&Command::Continue);
    assert_eq!(s.exit(), Some(&Exit::Returned { value: 0x41 + 0x42 }));
    s.exec(&Command::Goto { step: 2 });
    assert_eq!(val(&mut s, "%b"), "66 (0x42)");
    s.exec(&Command::StepBack);
    assert_eq!(s.value("%b"), None, "not assigned yet");
}

#[test]
fn histories_kept_while_stepping_equal_a_replay() {
    let m = module(LOOP);
    let opts = Options::default();
    let mut s = Session::new(&m, LOOP, &opts);
    s.set_breakpoint(5);
    let cmds = [
        Command::Step,
        Command::Step,
        Command::StepOver,
        Command::Continue,
        Command::StepOut,
        Command::Step,
        Command::RunToLine { line: 17 },
        Command::Continue,
        Command::Step,
        Command::StepOut,
        Command::StepOver,
        Command::Goto { step: 25 },
    ];
    for c in &cmds {
        s.view();
        s.exec(c);
        let mut fresh = Session::new(&m, LOOP, &opts);
        fresh.exec(&Command::Goto { step: s.steps() });
        assert_eq!(s.values(), fresh.values(), "after {c:?} at step {}", s.steps());
    }
}

#[test]
fn a_view_survives_serialization_and_lines_are_breakable() {
    let m = module(POISON_STORE);
    let mut s = Session::new(&m, POISON_STORE, &Options::default());
    assert_eq!(s.breakable_lines(), [2, 3, 4, 5, 6, 7, 9, 11]);
    s.exec(&Command::Continue);
    let v = s.view();
    let json = serde_json::to_string(&v).expect("serialize");
    let back: View = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, v);
    assert!(matches!(back.exit, Some(Exit::Ub(_))));
}

#[test]
fn the_output_and_memory_limits_end_a_session_as_a_run() {
    let printer = "declare i32 @putchar(i32)
define i32 @main() {
entry:
  br label %l
l:
  %c = call i32 @putchar(i32 65)
  br label %l
}
";
    let hog = "declare ptr @malloc(i64)
define i32 @main() {
entry:
  br label %l
l:
  %p = call ptr @malloc(i64 1000)
  store i8 1, ptr %p
  br label %l
}
";
    for (src, opts) in [
        (printer, Options { max_output: 10, ..Options::default() }),
        (hog, Options { max_memory: 100_000, ..Options::default() }),
    ] {
        let m = module(src);
        let o = run(&m, &opts);
        let mut s = Session::new(&m, src, &opts);
        assert_eq!(s.exec(&Command::Continue), StopReason::Finished);
        assert_eq!(s.exit(), Some(&o.exit));
        assert!(matches!(o.exit, Exit::Error(_) | Exit::Ub(_)), "{:?}", o.exit);
        assert_eq!((s.steps(), s.output()), (o.steps, (o.stdout.clone(), o.stderr.clone())));
        s.exec(&Command::StepBack);
        assert_eq!(s.steps(), o.steps - 1);
        assert_eq!(s.exit(), None);
    }
}
