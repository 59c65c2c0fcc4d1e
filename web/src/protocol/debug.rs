//! The stepper's messages: the page asks its debug worker to start a session or move it, and
//! the worker answers each request with the session's state at the new stop.
//!
//! The session's state is the interpreter's own serializable view
//! ([`irplay_core::interp::debug::View`]), sent as it is, with the run's end report (the one a
//! Run gives) once the program has ended.

use super::{RunReport, WorkerError};
pub use irplay_core::interp::debug::{
    BlockKind, BlockView as MemoryBlock, ByteState, Command, FrameView, Position, SnapshotStats,
    StopReason, StoredPointer, TaintView, ValueView as DebugValue, View as DebugView,
};
use serde::{Deserialize, Serialize};

/// A request to the debug worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DebugRequest {
    /// Echoed in the reply.
    pub id: u32,
    /// What to do.
    pub op: DebugOp,
}

/// What the debug worker is asked to do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum DebugOp {
    /// Start a session of `entry` (replacing any), paused before its first instruction.
    Start(DebugStart),
    /// Move the session, with these breakpoints set first (1-based lines).
    Exec {
        /// The command.
        command: Command,
        /// The breakpoints the page shows.
        breakpoints: Vec<u32>,
    },
}

/// How to start a session: what a run takes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DebugStart {
    /// The module text.
    pub text: String,
    /// The function to run.
    pub entry: String,
    /// Command-line arguments for `main` (integers for other entries).
    pub args: Vec<String>,
    /// The program's environment, `NAME=VALUE` entries.
    #[serde(default)]
    pub env: Vec<String>,
    /// The step budget (the session's run ends there, as a run does).
    pub max_steps: u64,
    /// The program's standard input.
    pub stdin: String,
    /// Breakpoints (1-based lines).
    pub breakpoints: Vec<u32>,
}

/// The debug worker's replies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum DebugReply {
    /// The session's state after a request.
    Stopped(Box<DebugStop>),
    /// The request failed.
    Error(WorkerError),
}

/// The session after a request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DebugStop {
    /// The request's id.
    pub id: u32,
    /// Why there is no session, when there is none (the module has errors, no session was
    /// started).
    pub error: Option<String>,
    /// The state at the stop (its `exit` is left out: see `ended`).
    pub view: Option<DebugView>,
    /// Once the run has ended: how, in the words of a Run (`exit status 0`, `undefined
    /// behavior: ...`).
    pub ended: Option<String>,
    /// True when `view.stdout` holds only the end of the output (the page is sent at most
    /// [`MAX_SHOWN_OUTPUT`] bytes of each stream).
    pub output_cut: bool,
    /// Once the run has ended: its report, as a Run of the same text gives it.
    pub report: Option<RunReport>,
    /// The breakpoints set (lines where no instruction starts are left out).
    pub breakpoints: Vec<u32>,
    /// The snapshots the session holds for going back.
    pub snapshots: Option<SnapshotStats>,
    /// Milliseconds the command took in the worker.
    pub exec_ms: f64,
    /// Milliseconds building the view.
    pub view_ms: f64,
}

/// The most bytes of stdout (and of stderr) a stop carries: the end of the output.
pub const MAX_SHOWN_OUTPUT: usize = 64 << 10;

impl DebugStop {
    /// A reply without a session.
    pub fn none(id: u32, error: impl Into<String>) -> DebugStop {
        DebugStop {
            id,
            error: Some(error.into()),
            view: None,
            ended: None,
            output_cut: false,
            report: None,
            breakpoints: Vec::new(),
            snapshots: None,
            exec_ms: 0.0,
            view_ms: 0.0,
        }
    }
}

impl super::KindReply for DebugReply {
    fn id(&self) -> Option<u32> {
        match self {
            DebugReply::Stopped(s) => Some(s.id),
            DebugReply::Error(e) => e.id,
        }
    }
    fn error(&self) -> Option<&WorkerError> {
        match self {
            DebugReply::Error(e) => Some(e),
            _ => None,
        }
    }
    fn failed(id: Option<u32>, message: String) -> Self {
        DebugReply::Error(WorkerError { id, message })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{KindReply, Reply, Request};
    use serde_json::json;

    #[test]
    fn debug_messages_keep_their_wire_form() {
        let req = Request::Debug(DebugRequest {
            id: 4,
            op: DebugOp::Exec { command: Command::RunToLine { line: 7 }, breakpoints: vec![3] },
        });
        let v = serde_json::to_value(&req).unwrap_or_default();
        assert_eq!(
            v,
            json!({"type": "debug", "id": 4, "op": {"op": "exec",
                "command": {"kind": "run_to_line", "line": 7}, "breakpoints": [3]}})
        );
        assert_eq!(req.id(), 4);
        let back: Request = serde_json::from_value(v).unwrap_or(Request::Debug(DebugRequest {
            id: 0,
            op: DebugOp::Exec { command: Command::Step, breakpoints: Vec::new() },
        }));
        assert_eq!(back, req);
        // A stop reads back as the debug worker's reply, and as no other kind's.
        let stop = Reply::Debug(DebugReply::Stopped(Box::new(DebugStop::none(9, "x"))));
        let v = serde_json::to_value(&stop).unwrap_or_default();
        let r: Result<DebugReply, _> = serde_json::from_value(v.clone());
        assert_eq!(r.ok().and_then(|r| r.id()), Some(9));
        assert!(serde_json::from_value::<crate::protocol::RunReply>(v).is_err());
        // The page's error replies read as this kind's errors too.
        let e: Result<DebugReply, _> =
            serde_json::from_value(json!({"type": "error", "message": "m", "id": 2}));
        assert_eq!(e.ok().and_then(|r| r.error().and_then(|e| e.id)), Some(2));
    }
}
