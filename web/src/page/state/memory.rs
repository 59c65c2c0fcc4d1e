//! Giving memory back: a wasm module's memory never shrinks, so a worker whose memory grew past
//! [`LIMIT`] (a run that allocated a lot) is ended as soon as it is idle, after the reply that
//! told its size was taken (what it showed stays shown); the next request to it starts a fresh
//! worker. A program run as WebAssembly has a memory of its own, in the run worker: its size at
//! the end of the run (in the report) counts the same way. The debugger's worker keeps its
//! session and the file worker only reads and writes bitcode: they are not watched.

use super::{Effect, State, Worker};

/// A worker whose wasm memory is larger than this (bytes) is replaced once idle: below the
/// 256 MiB that the interpreter and a program run as WebAssembly may allocate, so that a run
/// near either limit is followed by a fresh worker.
pub const LIMIT: f64 = 200.0 * 1024.0 * 1024.0;

impl State {
    /// Takes the size of `worker`'s wasm memory, told after one of its replies.
    pub(super) fn worker_memory(&mut self, worker: Worker, bytes: f64, fx: &mut Vec<Effect>) {
        if bytes.is_nan() || bytes <= LIMIT {
            return;
        }
        // A busy worker is left alone: its next reply tells the size again.
        let op = match worker {
            Worker::Analysis if !self.analysis_worker.busy() => self.stop_analysis(),
            Worker::Run if !self.run_worker.busy() => Effect::Run(self.run_worker.stop()),
            Worker::Opt if !self.opt_worker.busy() => Effect::Opt(self.opt_worker.stop()),
            Worker::Asm if !self.asm_worker.busy() => Effect::Asm(self.asm_worker.stop()),
            Worker::Check if !self.check_worker.busy() => Effect::Check(self.check_worker.stop()),
            _ => return,
        };
        fx.push(op);
        self.workers_replaced = self.workers_replaced.saturating_add(1);
        fx.push(Effect::Render);
    }
}

#[cfg(test)]
mod tests {
    use super::LIMIT;
    use crate::page::share::View;
    use crate::page::state::{Action, Effect, Init, State, Worker};
    use crate::page::workers::WorkerOp;
    use crate::protocol::{AnalyzeRequest, Reply, Request, RunReply, RunRequest};
    use crate::worker;

    const MAIN: &str = "define i32 @main() {\nentry:\n  ret i32 7\n}\n";

    fn started() -> (State, Vec<Effect>) {
        let mut s = State::new(Init {
            view: View { entry: "main".into(), ..View::default() },
            text: MAIN.into(),
            ..Init::default()
        });
        let fx = s.reduce(Action::Start);
        (s, fx)
    }

    fn run_posted(fx: &[Effect]) -> Option<RunRequest> {
        fx.iter().find_map(|e| match e {
            Effect::Run(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        })
    }

    fn analysis_posted(fx: &[Effect]) -> Option<AnalyzeRequest> {
        fx.iter().find_map(|e| match e {
            Effect::Analysis(WorkerOp::Post(r)) => Some(r.clone()),
            _ => None,
        })
    }

    /// The worker's own answer to `req`.
    fn answer(req: impl Into<Request>) -> Action {
        match worker::handle(req.into()) {
            Reply::Analysis(r) => Action::AnalysisReply(r),
            Reply::Run(r) => Action::RunReply(r),
            other => panic!("not a run or analysis reply: {other:?}"),
        }
    }

    fn ends(fx: &[Effect], worker: Worker) -> bool {
        fx.iter().any(|e| {
            matches!(
                (e, worker),
                (Effect::Run(WorkerOp::Terminate), Worker::Run)
                    | (Effect::Analysis(WorkerOp::Terminate), Worker::Analysis)
            )
        })
    }

    #[test]
    fn a_worker_that_grew_is_ended_after_its_reply_and_the_result_stays() {
        let (mut s, _) = started();
        let req = run_posted(&s.reduce(Action::Run)).expect("the run is posted");
        s.reduce(answer(req));
        let shown = s.run.clone();
        assert_eq!(shown.as_ref().and_then(|r| r.status), Some(7), "{shown:?}");
        let fx = s.reduce(Action::WorkerMemory(Worker::Run, LIMIT + 1.0));
        assert!(ends(&fx, Worker::Run), "{fx:?}");
        assert_eq!(s.workers_replaced, 1);
        assert_eq!(s.run, shown, "the result is still shown");
        // The next run is posted at once (to a fresh worker: the slot was emptied).
        let req = run_posted(&s.reduce(Action::Run)).expect("the next run is posted");
        s.reduce(answer(req));
        assert!(s.run.is_some());
    }

    #[test]
    fn a_webassembly_program_that_grew_gets_its_worker_replaced() {
        let (mut s, _) = started();
        for (bytes, replaced) in [(LIMIT, 0), (LIMIT * 4.0, 1)] {
            let req = run_posted(&s.reduce(Action::Run)).expect("the run is posted");
            let Reply::Run(RunReply::Ran(mut r)) = worker::handle(req.into()) else {
                panic!("not a run report")
            };
            r.program_memory = bytes;
            let fx = s.reduce(Action::RunReply(RunReply::Ran(r)));
            assert_eq!(ends(&fx, Worker::Run), replaced == 1, "{bytes}: {fx:?}");
            assert_eq!(s.workers_replaced, replaced);
            assert_eq!(s.run.as_ref().and_then(|r| r.status), Some(7), "the result is shown");
        }
    }

    #[test]
    fn a_small_or_busy_worker_is_kept() {
        let (mut s, _) = started();
        assert!(s.reduce(Action::WorkerMemory(Worker::Run, LIMIT)).is_empty(), "at the limit");
        assert!(s.reduce(Action::WorkerMemory(Worker::Run, f64::NAN)).is_empty());
        // A run in flight: the worker is not ended under it.
        let req = run_posted(&s.reduce(Action::Run)).expect("the run is posted");
        let fx = s.reduce(Action::WorkerMemory(Worker::Run, LIMIT * 4.0));
        assert!(fx.is_empty(), "busy: {fx:?}");
        assert_eq!(s.workers_replaced, 0);
        // Its reply, then the size again: now it goes.
        s.reduce(answer(req));
        let fx = s.reduce(Action::WorkerMemory(Worker::Run, LIMIT * 4.0));
        assert!(ends(&fx, Worker::Run), "{fx:?}");
        assert_eq!(s.workers_replaced, 1);
    }

    #[test]
    fn the_analysis_worker_is_replaced_once_idle_and_checking_goes_on() {
        let (mut s, fx) = started();
        let first = analysis_posted(&fx).expect("the text is checked at the start");
        let fx = s.reduce(Action::WorkerMemory(Worker::Analysis, LIMIT * 2.0));
        assert!(fx.is_empty(), "the first check is in flight: {fx:?}");
        s.reduce(answer(first));
        let fx = s.reduce(Action::WorkerMemory(Worker::Analysis, LIMIT * 2.0));
        assert!(ends(&fx, Worker::Analysis), "{fx:?}");
        // An edit is checked by a fresh worker, posted at once.
        let fx = s.reduce(Action::TextChanged(MAIN.replace('7', "8")));
        let next = analysis_posted(&fx).expect("the edit is checked");
        s.reduce(answer(next));
        assert_eq!(s.workers_replaced, 1);
    }
}
