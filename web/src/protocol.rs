//! The messages between the page and its workers: the only types that are serialized.
//!
//! Offsets are byte offsets into the UTF-8 text the request carried; the editor converts them.

pub use crate::worker::layout::{EdgePath, Layout, Rect};
use serde::{Deserialize, Serialize};

/// What the page asks a worker to do.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    /// Parse and verify `text`; lay out the CFG of `function` (or the first defined one).
    Analyze {
        /// Echoed in the response, so stale answers can be dropped.
        id: u32,
        /// The module text.
        text: String,
        /// The function whose CFG to draw.
        function: Option<String>,
    },
    /// Run `entry` in the interpreter.
    Run {
        /// Echoed in the response.
        id: u32,
        /// The module text.
        text: String,
        /// The function to run.
        entry: String,
        /// Command-line arguments for `main` (integers for other entries).
        args: Vec<String>,
        /// The step budget.
        max_steps: u64,
        /// Compile to WebAssembly and run that instead of interpreting.
        #[serde(default)]
        wasm: bool,
        /// The program's standard input.
        #[serde(default)]
        stdin: String,
    },
    /// Run an optimization pipeline (`mem2reg,simplifycfg`, `O2`) and record every step.
    Optimize {
        /// Echoed in the response.
        id: u32,
        /// The module text.
        text: String,
        /// The pipeline, as `irplay opt -p` takes it.
        pipeline: String,
    },
}

/// A worker's answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Response {
    /// The answer to [`Request::Analyze`].
    Analyzed(Box<Analysis>),
    /// The answer to [`Request::Run`].
    Ran(Box<RunReport>),
    /// The answer to [`Request::Optimize`].
    Optimized(Box<OptReport>),
    /// The request could not be read (a bug of the page, reported rather than lost).
    Error {
        /// What went wrong.
        message: String,
    },
}

/// A diagnostic, positioned for the editor and the list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Diag {
    /// Byte range.
    pub from: u32,
    /// End of the byte range.
    pub to: u32,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// `error`, `warning` or `note`.
    pub severity: String,
    /// The message, with its notes appended.
    pub message: String,
}

/// A function of the module, for the function picker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FunctionInfo {
    /// Its name without `@`.
    pub name: String,
    /// Number of blocks.
    pub blocks: u32,
    /// Number of instructions.
    pub insts: u32,
    /// True for `i32 main()`-like entries that take no or `(i32, ptr)` arguments, or integers.
    pub runnable: bool,
}

/// A highlighted source range with an explanation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Mark {
    /// Byte range.
    pub from: u32,
    /// End of the byte range.
    pub to: u32,
    /// Why it is marked.
    pub title: String,
}

/// The answer to an analysis request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The request's id.
    pub id: u32,
    /// True when the module parsed and verified.
    pub valid: bool,
    /// Every diagnostic, in source order.
    pub diagnostics: Vec<Diag>,
    /// The defined functions.
    pub functions: Vec<FunctionInfo>,
    /// The drawn function, if any.
    pub cfg: Option<CfgView>,
    /// Values that may be poison before running (all functions).
    pub may_poison: Vec<Mark>,
    /// Time spent in the worker, in milliseconds (check, analyses, layout).
    pub millis: f64,
}

/// How control reaches a block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EdgeKind {
    /// `br` taken when the condition is true.
    True,
    /// `br` taken when the condition is false.
    False,
    /// An unconditional `br` or the only successor.
    Uncond,
    /// A `switch` case or default.
    Switch,
    /// `indirectbr`, `callbr`: a possible target.
    Indirect,
    /// The normal destination of an `invoke`.
    Normal,
    /// The unwind destination of an `invoke` or an EH pad.
    Exceptional,
}

/// A basic block as drawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BlockView {
    /// The label (`%entry`, `%3`).
    pub label: String,
    /// Byte range from the label (or the first instruction) to the end of the terminator.
    pub from: u32,
    /// End of that range.
    pub to: u32,
    /// The instructions as printed, each with its byte range.
    pub lines: Vec<LineView>,
    /// Loop nesting depth (0 outside loops).
    pub loop_depth: u32,
    /// True if the block is a loop header.
    pub loop_header: bool,
    /// True if no path from the entry reaches it.
    pub unreachable: bool,
}

/// One instruction line of a block.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LineView {
    /// The instruction text (shortened if long).
    pub text: String,
    /// Byte range of the instruction.
    pub from: u32,
    /// End of that range.
    pub to: u32,
}

/// A CFG edge as drawn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct EdgeView {
    /// Source block index.
    pub from: usize,
    /// Target block index.
    pub to: usize,
    /// What kind of transfer.
    pub kind: EdgeKind,
    /// A label such as `true`, `42`, `default`.
    pub label: String,
    /// True for loop back edges (target dominates source).
    pub back: bool,
}

/// One function's CFG with its layout, and the dominator tree with its own layout.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CfgView {
    /// The function's name without `@`.
    pub function: String,
    /// Blocks in layout order (index 0 is the entry).
    pub blocks: Vec<BlockView>,
    /// Edges.
    pub edges: Vec<EdgeView>,
    /// Positions of blocks and edge paths (edges in the order of `edges`).
    pub layout: Layout,
    /// Dominator tree edges (idom, block).
    pub dom_edges: Vec<(usize, usize)>,
    /// Positions for drawing the dominator tree (edges in the order of `dom_edges`).
    pub dom_layout: Layout,
}

/// The result of a run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunReport {
    /// The request's id.
    pub id: u32,
    /// False when the module did not verify (then `message` says why and nothing ran).
    pub ran: bool,
    /// One line on how it ended (`exit status 0`, `undefined behavior`, ...).
    pub message: String,
    /// The exit status a native run would have, if it ended normally.
    pub status: Option<i32>,
    /// What the program wrote to stdout (lossy UTF-8).
    pub stdout: String,
    /// What it wrote to stderr.
    pub stderr: String,
    /// Executed instructions.
    pub steps: u64,
    /// The undefined behaviour, if any.
    pub ub: Option<UbView>,
    /// The last value of each executed instruction that has a result (up to the trace limit).
    pub values: Vec<ValueView>,
    /// True when the trace limit cut the value record short.
    pub truncated: bool,
    /// Milliseconds spent running.
    pub millis: f64,
    /// For a run as WebAssembly: the module that ran.
    #[serde(default)]
    pub wasm: Option<WasmBuild>,
}

/// The WebAssembly module a "run as wasm" compiled, for download and inspection.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WasmBuild {
    /// The binary module.
    pub bytes: Vec<u8>,
    /// Its text form (empty when the module is too large to print here).
    pub wat: String,
    /// Milliseconds spent lowering and compiling.
    pub compile_ms: f64,
}

impl RunReport {
    /// A run that did not happen (or was stopped), with why.
    pub fn not_run(id: u32, message: impl Into<String>) -> RunReport {
        RunReport {
            id,
            ran: false,
            message: message.into(),
            status: None,
            stdout: String::new(),
            stderr: String::new(),
            steps: 0,
            ub: None,
            values: Vec::new(),
            truncated: false,
            millis: 0.0,
            wasm: None,
        }
    }

    /// What the run marks in the source: each poison value (`poison`), where each arose
    /// (`poison-source`) and the instruction whose undefined behaviour stopped it (`ub`), with a
    /// title, in that order.
    pub fn marks(&self) -> Vec<(u32, u32, &'static str, String)> {
        let mut marks = Vec::new();
        for v in &self.values {
            let Some(why) = &v.poison else { continue };
            marks.push((v.from, v.to, "poison", format!("last value: {why}")));
            if let Some(&(f, t)) = v.path.first() {
                marks.push((f, t, "poison-source", format!("{why} arose here")));
            }
        }
        if let Some(ub) = &self.ub {
            marks.push((ub.from, ub.to, "ub", format!("undefined behavior: {}", ub.message)));
            if let Some(o) = &ub.origin {
                marks.push((o.from, o.to, "poison-source", format!("arose here: {}", o.reason)));
            }
        }
        marks
    }
}

/// The last runtime value of an instruction.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValueView {
    /// Byte range of the instruction.
    pub from: u32,
    /// End of that range.
    pub to: u32,
    /// Its result (`i32 5`, `poison`).
    pub value: String,
    /// For poison or undef: why, at the root.
    pub poison: Option<String>,
    /// For poison: where it arose, then the instructions it went through (byte ranges).
    pub path: Vec<(u32, u32)>,
}

/// An undefined-behaviour report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UbView {
    /// The kind, as the CLI names it.
    pub kind: String,
    /// What happened.
    pub message: String,
    /// The instruction that triggered it.
    pub from: u32,
    /// End of that range.
    pub to: u32,
    /// Its line and column.
    pub line: u32,
    /// Column.
    pub col: u32,
    /// For poison or undef: where it arose.
    pub origin: Option<OriginView>,
    /// The call stack, innermost first.
    pub backtrace: Vec<String>,
}

/// Where a poison value of a UB report arose and how it travelled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OriginView {
    /// Why it is poison or undef.
    pub reason: String,
    /// The instruction where it arose.
    pub from: u32,
    /// End of that range.
    pub to: u32,
    /// Its line and column.
    pub line: u32,
    /// Column.
    pub col: u32,
    /// The instructions it travelled through, oldest first (byte ranges).
    pub chain: Vec<(u32, u32)>,
}

/// The steps of an optimization pipeline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptReport {
    /// The request's id.
    pub id: u32,
    /// Why the pipeline did not run or stopped (a bad pipeline string, an invalid module, a
    /// pass that broke the verifier).
    pub error: Option<String>,
    /// One step per pass and function.
    pub steps: Vec<StepView>,
    /// The module as printed before the first pass, then after each pass that changed it.
    pub snapshots: Vec<String>,
    /// Milliseconds for the whole pipeline.
    pub millis: f64,
}

/// One pass run on one function.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepView {
    /// The pass.
    pub pass: String,
    /// The function (empty for a module pass).
    pub function: String,
    /// True when it changed the IR.
    pub changed: bool,
    /// The function's text before.
    pub before: String,
    /// The function's text after.
    pub after: String,
    /// Milliseconds.
    pub millis: f64,
    /// The pass's counters (`removed: 3`).
    pub stats: Vec<(String, u64)>,
    /// Index in `snapshots` of the module before the pass.
    pub module_before: usize,
    /// Index in `snapshots` of the module after the pass.
    pub module_after: usize,
}
