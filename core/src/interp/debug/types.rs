//! The data a debugging session shows, as plain serializable values (the page's worker sends
//! them as they are): where the run is, its frames, the current frame's values with their
//! histories, the memory the program can reach, and the output so far; and the commands.

use crate::interp::poison::origin::TaintKind;
use crate::interp::Exit;
use serde::{Deserialize, Serialize};

/// A command that moves a session (see [`super::Session::exec`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Command {
    /// One instruction (a branch runs the phis of its target with it).
    Step,
    /// To the next instruction of this frame (over a call), or its caller's after a return.
    StepOver,
    /// Until this frame returns: at the instruction after the call (or the caller's next).
    StepOut,
    /// To the next breakpoint or the end.
    Continue,
    /// To the next instruction that starts on `line` (or the end).
    RunToLine {
        /// 1-based line.
        line: u32,
    },
    /// Back one instruction.
    StepBack,
    /// Back to the previous instruction of this frame (over calls), or its caller's call.
    BackOver,
    /// Back to the call of this frame.
    BackOut,
    /// Back to the previous breakpoint, or the start.
    ReverseContinue,
    /// To the state after exactly `step` instructions (or the end, if the run ends first).
    Goto {
        /// The step.
        step: u64,
    },
}

/// Why the session stopped where it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StopReason {
    /// Before the first instruction (a new session).
    Start,
    /// The command reached its target step or frame.
    Step,
    /// At a breakpoint (the line).
    Breakpoint {
        /// 1-based line.
        line: u32,
    },
    /// The program ended (see [`View::exit`]).
    Finished,
    /// A backward command found nothing before: at step 0.
    AtStart,
}

/// A position in the source.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The function (`@main`).
    pub function: String,
    /// Byte offsets of the instruction.
    pub span: (u32, u32),
    /// 1-based line of its start.
    pub line: u32,
    /// 1-based column of its start.
    pub column: u32,
}

/// A frame of the call stack.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrameView {
    /// Where it is: its current instruction (for callers, the call being made).
    pub at: Position,
    /// The call instruction in its caller that made it (`None` for the entry function).
    pub call_site: Option<Position>,
}

/// Where a poison or undef value arose.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaintView {
    /// Poison or undef.
    pub kind: TaintKind,
    /// The instruction it arose at (`None` for runtime memory, like uninitialized heap).
    pub origin: Option<Position>,
    /// Why (at the root).
    pub reason: String,
}

/// A register value of the current frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueView {
    /// As printed: `%i`, `%3`, `@g`.
    pub name: String,
    /// Its type as text.
    pub ty: String,
    /// Its value as text: integers in decimal and hex (`5 (0x5)`), floats, pointers as
    /// block+offset (`%a+4`, `@g`, `heap#3+8`), `poison`/`undef`.
    pub text: String,
    /// Set when the value is (or, for vectors and aggregates, holds) poison or undef.
    pub taint: Option<TaintView>,
    /// Its successive values in this frame, oldest first (the last [`super::HISTORY`] seen
    /// over the replayed window), the current one last.
    pub history: Vec<String>,
    /// How many values it took in the window (may exceed `history.len()`).
    pub assignments: u64,
}

/// The state of one byte of memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByteState {
    /// A plain defined byte.
    Defined,
    /// A byte of a stored pointer.
    Pointer,
    /// Poison.
    Poison,
    /// Undef (never written).
    Undef,
    /// Some bits undef.
    PartlyUndef,
}

/// A pointer stored in memory.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredPointer {
    /// Its offset in the block.
    pub offset: u64,
    /// Where it points, as block+offset.
    pub target: String,
}

/// What a memory block is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BlockKind {
    /// An `alloca` of a frame.
    Alloca,
    /// A global variable.
    Global,
    /// A heap block (`malloc` and friends).
    Heap,
    /// Memory of the C library (`argv`, stdio handles).
    Runtime,
}

/// One memory block: its first bytes with their state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockView {
    /// Its name: `%a` (an alloca, with `in @f` for a caller's), `@g`, `heap#3`.
    pub name: String,
    /// What it is.
    pub kind: BlockKind,
    /// Its first address.
    pub address: u64,
    /// Its size in bytes.
    pub size: u64,
    /// False once freed.
    pub live: bool,
    /// The bytes shown (the first [`super::view::BLOCK_BYTES`], or the range asked for).
    pub bytes: Vec<u8>,
    /// The state of each byte shown.
    pub states: Vec<ByteState>,
    /// The offset of the first byte shown.
    pub offset: u64,
    /// Pointers stored in the bytes shown.
    pub pointers: Vec<StoredPointer>,
    /// Where a poison or undef byte shown arose (the first such byte's).
    pub taint: Option<TaintView>,
}

/// Everything a stepper shows at one stop.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Instructions executed so far.
    pub steps: u64,
    /// Why the session stopped here.
    pub reason: StopReason,
    /// How the run ended, when it has (with its report). Serialized externally tagged
    /// (`{"ub": {...}}`, `"out_of_steps"`): the report's own `kind` field would clash with
    /// [`Exit`]'s `kind` tag.
    #[serde(with = "exit_serde")]
    pub exit: Option<Exit>,
    /// The instruction about to run (at the end: where the run stopped, if anywhere).
    pub position: Option<Position>,
    /// The call stack, innermost first.
    pub frames: Vec<FrameView>,
    /// The current frame's values assigned so far (parameters first, then in the order they
    /// were first assigned).
    pub values: Vec<ValueView>,
    /// The memory the program can reach (at most [`super::view::MAX_BLOCKS`] blocks).
    pub memory: Vec<BlockView>,
    /// True when blocks were left out of `memory`.
    pub memory_truncated: bool,
    /// What the program wrote to standard output so far (lossy UTF-8).
    pub stdout: String,
    /// What it wrote to standard error so far.
    pub stderr: String,
}

/// The snapshots a session holds (see `snapshots.rs`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SnapshotStats {
    /// How many.
    pub count: usize,
    /// Their estimated size in bytes.
    pub bytes: usize,
    /// Steps between them now.
    pub interval: u64,
}

/// [`View::exit`] as serde sees it.
mod exit_serde {
    use crate::interp::report::{RunError, UbReport};
    use crate::interp::Exit;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// [`Exit`], externally tagged.
    #[derive(Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    enum Repr {
        Returned { value: i32 },
        Exited { status: i32 },
        Aborted { message: String },
        Ub(UbReport),
        Error(RunError),
        OutOfSteps,
    }

    pub fn serialize<S: Serializer>(e: &Option<Exit>, s: S) -> Result<S::Ok, S::Error> {
        e.clone()
            .map(|e| match e {
                Exit::Returned { value } => Repr::Returned { value },
                Exit::Exited { status } => Repr::Exited { status },
                Exit::Aborted { message } => Repr::Aborted { message },
                Exit::Ub(r) => Repr::Ub(r),
                Exit::Error(r) => Repr::Error(r),
                Exit::OutOfSteps => Repr::OutOfSteps,
            })
            .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Exit>, D::Error> {
        Ok(Option::<Repr>::deserialize(d)?.map(|r| match r {
            Repr::Returned { value } => Exit::Returned { value },
            Repr::Exited { status } => Exit::Exited { status },
            Repr::Aborted { message } => Exit::Aborted { message },
            Repr::Ub(r) => Exit::Ub(r),
            Repr::Error(r) => Exit::Error(r),
            Repr::OutOfSteps => Exit::OutOfSteps,
        }))
    }
}
