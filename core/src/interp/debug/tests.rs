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
