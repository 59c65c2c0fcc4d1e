//! The messages between the page and its workers: the only types that are serialized.
//!
//! Offsets are byte offsets into the UTF-8 text the request carried; the editor converts them.

pub use crate::worker::layout::{EdgePath, Layout, NodeSize, Rect};
use serde::{Deserialize, Serialize};

mod analysis;
pub mod debug;
pub mod files;
mod run;
pub use analysis::*;
pub use debug::{DebugOp, DebugReply, DebugRequest, DebugStart, DebugStop};
pub use files::{
    BitcodeFile, BitcodeText, FilesReply, FilesRequest, ReadBitcodeRequest, ReadError,
    WriteBitcodeRequest,
};
pub use run::*;

/// Any request, as a worker reads it. The page has one worker per kind and sends each only its
/// kind's requests: [`AnalyzeRequest`], [`RunRequest`], [`OptRequest`], [`CompileRequest`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Request {
    /// Check a module and lay out a CFG (the analysis worker).
    Analyze(AnalyzeRequest),
    /// Run a function (the run worker).
    Run(RunRequest),
    /// Run a pass pipeline (the pass worker).
    Optimize(OptimizeRequest),
    /// Lay out a function before and after a pass (the pass worker).
    StepCfgs(StepCfgsRequest),
    /// Compile to machine code (the asm worker).
    Compile(CompileRequest),
    /// Start or move a stepping session (the debug worker).
    Debug(DebugRequest),
    /// Read a `.bc` file into text (the file worker).
    ReadBitcode(ReadBitcodeRequest),
    /// Write the module as bitcode (the file worker).
    WriteBitcode(WriteBitcodeRequest),
}

/// Parse and verify the text; compute the `views` asked for: the CFG of `function` (or of
/// `main`, or the first defined one), the may-be-poison marks, the values to hover.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AnalyzeRequest {
    /// Echoed in the reply, so stale answers can be dropped.
    pub id: u32,
    /// The module text, whole or as an edit of the last request's.
    pub text: TextUpdate,
    /// The function whose CFG to draw.
    pub function: Option<String>,
    /// Also print the module as LLVM 19 text when it was written in legacy syntax (the
    /// banner's "Replace with the upgraded text"): [`Legacy::text`].
    #[serde(default)]
    pub upgrade: bool,
    /// What to compute beside the diagnostics and the function list.
    #[serde(default)]
    pub views: Views,
}

/// Run `entry` in the interpreter, or compiled to WebAssembly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunRequest {
    /// Echoed in the reply.
    pub id: u32,
    /// The module text.
    pub text: String,
    /// The function to run.
    pub entry: String,
    /// Command-line arguments for `main` (integers for other entries).
    pub args: Vec<String>,
    /// The program's environment, `NAME=VALUE` entries.
    #[serde(default)]
    pub env: Vec<String>,
    /// The step budget.
    pub max_steps: u64,
    /// Compile to WebAssembly and run that instead of interpreting.
    #[serde(default)]
    pub wasm: bool,
    /// The program's standard input.
    #[serde(default)]
    pub stdin: String,
}

/// What the page asks the pass worker.
#[derive(Clone, Debug, PartialEq)]
pub enum OptRequest {
    /// Run a pipeline.
    Optimize(OptimizeRequest),
    /// Lay out a step's function before and after.
    StepCfgs(StepCfgsRequest),
}

/// Run an optimization pipeline (`mem2reg,simplifycfg`, `O2`) and record every step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OptimizeRequest {
    /// Echoed in the reply.
    pub id: u32,
    /// The module text.
    pub text: String,
    /// The pipeline, as `irplay opt -p` takes it.
    pub pipeline: String,
}

/// Lay out one function in the module before a pass and in the module after it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepCfgsRequest {
    /// Echoed in the reply.
    pub id: u32,
    /// The step (an index into the pipeline's steps), echoed in the reply.
    pub step: usize,
    /// The function (empty for a module pass: then `main` or the first function).
    pub function: String,
    /// The module before the pass.
    pub before: Option<String>,
    /// The module after it.
    pub after: Option<String>,
}

/// Compile the module to machine code for each target, with a listing (the asm view).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CompileRequest {
    /// Echoed in the reply.
    pub id: u32,
    /// The module text.
    pub text: String,
    /// The targets, by name (`x86_64`, `aarch64`).
    pub targets: Vec<String>,
    /// Also write each target's object file and listing (for a download; they take longer).
    #[serde(default)]
    pub files: bool,
}

/// The wasm modules a worker can run (`cargo xtask web` builds each from this crate).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WasmModule {
    /// Checking, analysis, CFG layout, the interpreter, the debugger, bitcode files.
    Worker,
    /// The same with the pass manager and the wasm and native back ends.
    Full,
}

impl WasmModule {
    /// The module's file stem in `www/dist/` (its glue is `NAME.js`, its code `NAME_bg.wasm`).
    pub fn name(self) -> &'static str {
        match self {
            WasmModule::Worker => "irplay_worker",
            WasmModule::Full => "irplay_full",
        }
    }
}

impl Request {
    /// The smallest module that answers the request.
    pub fn module(&self) -> WasmModule {
        match self {
            Request::Run(r) if r.wasm => WasmModule::Full,
            Request::Optimize(_) | Request::StepCfgs(_) | Request::Compile(_) => WasmModule::Full,
            _ => WasmModule::Worker,
        }
    }

    /// The request's id.
    pub fn id(&self) -> u32 {
        match self {
            Request::Analyze(r) => r.id,
            Request::Run(r) => r.id,
            Request::Optimize(r) => r.id,
            Request::StepCfgs(r) => r.id,
            Request::Compile(r) => r.id,
            Request::Debug(r) => r.id,
            Request::ReadBitcode(r) => r.id,
            Request::WriteBitcode(r) => r.id,
        }
    }
}

impl From<AnalyzeRequest> for Request {
    fn from(r: AnalyzeRequest) -> Request {
        Request::Analyze(r)
    }
}

impl From<RunRequest> for Request {
    fn from(r: RunRequest) -> Request {
        Request::Run(r)
    }
}

impl From<OptRequest> for Request {
    fn from(r: OptRequest) -> Request {
        match r {
            OptRequest::Optimize(o) => Request::Optimize(o),
            OptRequest::StepCfgs(s) => Request::StepCfgs(s),
        }
    }
}

impl From<CompileRequest> for Request {
    fn from(r: CompileRequest) -> Request {
        Request::Compile(r)
    }
}

impl From<DebugRequest> for Request {
    fn from(r: DebugRequest) -> Request {
        Request::Debug(r)
    }
}

impl From<FilesRequest> for Request {
    fn from(r: FilesRequest) -> Request {
        match r {
            FilesRequest::ReadBitcode(r) => Request::ReadBitcode(r),
            FilesRequest::WriteBitcode(w) => Request::WriteBitcode(w),
        }
    }
}

/// A request that failed in the worker (it could not be read, or the worker broke).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WorkerError {
    /// The failed request's id, when known (a failure of the worker itself names none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<u32>,
    /// What went wrong.
    pub message: String,
}

/// The analysis worker's replies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AnalysisReply {
    /// The answer to an [`AnalyzeRequest`].
    Analyzed(Box<Analysis>),
    /// The request (its id) was an edit of a text this worker does not hold: send the text
    /// whole.
    Resend(u32),
    /// The request failed.
    Error(WorkerError),
}

/// The run worker's replies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RunReply {
    /// The answer to a [`RunRequest`].
    Ran(Box<RunReport>),
    /// Output of the run in flight, sent while it runs (before its [`RunReply::Ran`], whose
    /// `stdout` and `stderr` hold the rest).
    Output(OutputChunk),
    /// The request failed.
    Error(WorkerError),
}

/// A piece of a running program's output.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct OutputChunk {
    /// What it wrote to stdout.
    pub stdout: String,
    /// What it wrote to stderr.
    pub stderr: String,
}

/// The pass worker's replies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptReply {
    /// The answer to an [`OptimizeRequest`].
    Optimized(Box<OptReport>),
    /// The answer to a [`StepCfgsRequest`].
    StepCfgs(Box<StepCfgs>),
    /// The request failed.
    Error(WorkerError),
}

/// The asm worker's replies.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum AsmReply {
    /// The answer to a [`CompileRequest`].
    Compiled(Box<AsmReport>),
    /// The request failed.
    Error(WorkerError),
}

/// Any reply, as a worker writes it (each kind's replies are read as that kind's type, so a
/// reply of another kind is an unreadable message, not a case to handle).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Reply {
    /// To the analysis worker's page side.
    Analysis(AnalysisReply),
    /// To the run worker's.
    Run(RunReply),
    /// To the pass worker's.
    Opt(OptReply),
    /// To the asm worker's.
    Asm(AsmReply),
    /// To the debug worker's.
    Debug(DebugReply),
    /// To the file worker's.
    Files(FilesReply),
}

impl Reply {
    /// The reply to a request that could not be read (its id if it had one); it reads as an
    /// error of every kind.
    pub fn error(id: Option<u32>, message: String) -> Reply {
        Reply::Analysis(AnalysisReply::Error(WorkerError { id, message }))
    }
}

/// A reply of one worker kind, as the page's worker handles see it.
pub trait KindReply: serde::de::DeserializeOwned {
    /// The id of the request it answers (`None` for an error that names none).
    fn id(&self) -> Option<u32>;
    /// Its error, if it is one.
    fn error(&self) -> Option<&WorkerError>;
    /// A failure on the page's side of the worker (it did not start, its message was
    /// unreadable), as a reply.
    fn failed(id: Option<u32>, message: String) -> Self;
}

impl KindReply for AnalysisReply {
    fn id(&self) -> Option<u32> {
        match self {
            AnalysisReply::Analyzed(a) => Some(a.id),
            AnalysisReply::Resend(id) => Some(*id),
            AnalysisReply::Error(e) => e.id,
        }
    }
    fn error(&self) -> Option<&WorkerError> {
        match self {
            AnalysisReply::Error(e) => Some(e),
            _ => None,
        }
    }
    fn failed(id: Option<u32>, message: String) -> Self {
        AnalysisReply::Error(WorkerError { id, message })
    }
}

impl KindReply for RunReply {
    fn id(&self) -> Option<u32> {
        match self {
            RunReply::Ran(r) => Some(r.id),
            // Not an answer: the page takes chunks before the worker's handle sees replies.
            RunReply::Output(_) => None,
            RunReply::Error(e) => e.id,
        }
    }
    fn error(&self) -> Option<&WorkerError> {
        match self {
            RunReply::Error(e) => Some(e),
            _ => None,
        }
    }
    fn failed(id: Option<u32>, message: String) -> Self {
        RunReply::Error(WorkerError { id, message })
    }
}

impl KindReply for OptReply {
    fn id(&self) -> Option<u32> {
        match self {
            OptReply::Optimized(r) => Some(r.id),
            OptReply::StepCfgs(s) => Some(s.id),
            OptReply::Error(e) => e.id,
        }
    }
    fn error(&self) -> Option<&WorkerError> {
        match self {
            OptReply::Error(e) => Some(e),
            _ => None,
        }
    }
    fn failed(id: Option<u32>, message: String) -> Self {
        OptReply::Error(WorkerError { id, message })
    }
}

impl KindReply for AsmReply {
    fn id(&self) -> Option<u32> {
        match self {
            AsmReply::Compiled(r) => Some(r.id),
            AsmReply::Error(e) => e.id,
        }
    }
    fn error(&self) -> Option<&WorkerError> {
        match self {
            AsmReply::Error(e) => Some(e),
            _ => None,
        }
    }
    fn failed(id: Option<u32>, message: String) -> Self {
        AsmReply::Error(WorkerError { id, message })
    }
}

/// A message as the value `postMessage` carries (JSON-compatible: plain objects, no maps).
pub fn to_js<T: Serialize>(value: &T) -> Result<wasm_bindgen::JsValue, String> {
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    value.serialize(&ser).map_err(|e| e.to_string())
}

/// A message read back from the value `postMessage` delivered.
pub fn from_js<T: serde::de::DeserializeOwned>(value: wasm_bindgen::JsValue) -> Result<T, String> {
    serde_wasm_bindgen::from_value(value).map_err(|e| e.to_string())
}

/// The `id` of a message that could not be read, if it has a numeric one.
pub fn id_of(value: &wasm_bindgen::JsValue) -> Option<u32> {
    js_sys::Reflect::get(value, &"id".into())
        .ok()
        .and_then(|v| v.as_f64())
        .filter(|n| n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(n))
        .map(|n| n as u32)
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
    /// The message, with its labels, notes and helps appended.
    pub message: String,
    /// The source lines with carets under the span and each label, then the `= note:` and
    /// `= help:` lines: what `irplay check` prints after its first line.
    #[serde(default)]
    pub snippet: String,
    /// The suggested fixes (`help:` lines) alone.
    #[serde(default)]
    pub helps: Vec<String>,
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
    /// Byte range of its text, from `define` to its last block (the CFG follows the cursor).
    #[serde(default)]
    pub span: (u32, u32),
}

/// A local value of the module (a parameter or an instruction's result), as hovering over it
/// before a run shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ValueInfo {
    /// Its name as written (`%x`, `%0`).
    pub name: String,
    /// Its type as printed.
    pub ty: String,
    /// The byte range of the function it belongs to (names are local to it).
    pub scope: (u32, u32),
    /// Where it is defined: byte range, then line and column.
    pub def: (u32, u32),
    /// Line and column of the definition.
    pub def_at: (u32, u32),
    /// True for a parameter.
    pub param: bool,
    /// How many instructions use it.
    pub uses: u32,
    /// Line and column of the first few of them.
    pub use_at: Vec<(u32, u32)>,
    /// Why it may be poison (or undef), from the static analysis; `None` when it cannot be.
    pub may_poison: Option<String>,
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
    /// The local values of the functions in [`Views::values`], for hovering before a run (one
    /// JSON string in the message, as [`AsmReport::targets`], for the same reason: thousands
    /// of small objects).
    #[serde(default, with = "json_text")]
    pub values: Vec<ValueInfo>,
    /// The views computed (none when the module is not valid), and the range of the values.
    #[serde(default)]
    pub views: Views,
    /// The legacy syntax the text was read from, if any (shown above the editor).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legacy: Option<Legacy>,
    /// Time spent in the worker, in milliseconds (check, analyses, layout).
    pub millis: f64,
}

/// Old syntax the parser upgraded as it read the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LegacyKind {
    /// LLVM 1.x assembly (`int`, `%` globals, `setlt`, `cast`, `implementation`...).
    Llvm1,
    /// Typed pointers (`i32*`), the syntax of LLVM 14 and earlier.
    TypedPointers,
}

/// Text in legacy syntax: what it is, where it shows, and its module as LLVM 19 prints it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Legacy {
    /// The syntax.
    pub kind: LegacyKind,
    /// Byte range of the first sign of it (the parser's note).
    pub from: u32,
    /// End of that range.
    pub to: u32,
    /// True when the text parsed into a module, so it can be printed as modern text.
    pub upgradable: bool,
    /// The module as `irplay fmt` prints it, when the request asked for it
    /// ([`AnalyzeRequest::upgrade`]) and the text parsed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
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
    /// The number of instructions (`lines` may show fewer).
    #[serde(default)]
    pub insts: u32,
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
    /// Each block's box size expanded and collapsed (title and terminator only).
    #[serde(default)]
    pub sizes: Vec<(NodeSize, NodeSize)>,
    /// The blocks drawn collapsed at first (`layout` uses these sizes): the big blocks of a
    /// big function.
    #[serde(default)]
    pub collapsed: Vec<bool>,
    /// Time taken by `layout`, in milliseconds.
    #[serde(default)]
    pub layout_ms: f64,
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

/// The CFGs of a step's function before and after its pass.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepCfgs {
    /// The request's id.
    pub id: u32,
    /// The step.
    pub step: usize,
    /// The graph before (none for a declaration or a missing module).
    pub before: Option<CfgView>,
    /// The graph after (none when the pass removed the function).
    pub after: Option<CfgView>,
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

/// The machine code of a module, per target (the asm view).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AsmReport {
    /// The request's id.
    pub id: u32,
    /// Why nothing was compiled (the module has errors).
    pub error: Option<String>,
    /// One per requested target, in the order asked. They cross to the page as one JSON
    /// string: thousands of rows as JS objects would cost a crossing of the wasm boundary
    /// per field, in the worker and again on the page.
    #[serde(with = "json_text")]
    pub targets: Vec<AsmTarget>,
    /// Milliseconds in the worker (check, compile, listings).
    pub millis: f64,
    /// True when the request asked for the object files and listings.
    #[serde(default)]
    pub files: bool,
}

/// A field written as a JSON string inside the message (see [`AsmReport::targets`]).
mod json_text {
    use serde::de::{DeserializeOwned, Error as _};
    use serde::ser::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Serialize, S: Serializer>(value: &T, s: S) -> Result<S::Ok, S::Error> {
        let text = serde_json::to_string(value).map_err(S::Error::custom)?;
        s.serialize_str(&text)
    }

    pub fn deserialize<'de, T: DeserializeOwned, D: Deserializer<'de>>(
        d: D,
    ) -> Result<T, D::Error> {
        let text = String::deserialize(d)?;
        serde_json::from_str(&text).map_err(D::Error::custom)
    }
}

/// One target's code, or why it could not be compiled.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AsmTarget {
    /// The target's name (`x86_64`, `aarch64`).
    pub target: String,
    /// The construct it does not compile, with its position.
    pub error: Option<AsmError>,
    /// The functions, in code order.
    pub funcs: Vec<AsmFunc>,
    /// Bytes of code.
    pub code_bytes: u32,
    /// The ELF object, base64 (empty unless asked for, or when it could not be written).
    pub object: String,
    /// The text listing (`irplay build --emit asm`; empty unless asked for).
    pub listing: String,
    /// Milliseconds compiling (lowering included).
    pub millis: f64,
}

/// Why a target could not compile the module, at an IR position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AsmError {
    /// Byte range of the construct.
    pub from: u32,
    /// End of that range.
    pub to: u32,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// What is not supported.
    pub message: String,
}

/// A compiled function's rows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AsmFunc {
    /// Its name without `@`.
    pub name: String,
    /// Its code's offset in `.text`.
    pub start: u32,
    /// The end of its code.
    pub end: u32,
    /// Its instructions, in order.
    pub rows: Vec<AsmRow>,
}

/// One machine instruction (or bytes no instruction covers).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AsmRow {
    /// The heading of the IR line it starts (`7: %x = add i32 %a, 1`, or `prologue`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head: Option<String>,
    /// Offset in `.text`.
    pub offset: u32,
    /// Its bytes, in hex.
    pub bytes: String,
    /// Intel syntax.
    pub text: String,
    /// The byte range of the IR instruction it comes from (none in the prologue).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ir: Option<(u32, u32)>,
    /// Relocations in it (`R_X86_64_PLT32 puts-0x4`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relocs: Vec<String>,
    /// Where values live from here on (`%sum: rbx`, `spill %i: [rbp - 56]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn reply_as<T: serde::de::DeserializeOwned>(r: &Reply) -> Result<T, serde_json::Error> {
        serde_json::to_value(r).and_then(serde_json::from_value)
    }

    #[test]
    fn requests_keep_their_wire_form() {
        let run = Request::from(RunRequest {
            id: 3,
            text: "t".into(),
            entry: "main".into(),
            args: vec!["a".into()],
            env: vec!["A=1".into()],
            max_steps: 10,
            wasm: true,
            stdin: "in".into(),
        });
        let v = serde_json::to_value(&run).unwrap_or_default();
        assert_eq!(
            v,
            json!({"type": "run", "id": 3, "text": "t", "entry": "main", "args": ["a"],
                "env": ["A=1"], "max_steps": 10, "wasm": true, "stdin": "in"})
        );
        // Older pages' runs (no engine, no input) still read.
        let old = json!({"type": "run", "id": 4, "text": "t", "entry": "f", "args": [],
            "max_steps": 1});
        let r: Request = serde_json::from_value(old).unwrap_or(run);
        assert!(matches!(r, Request::Run(RunRequest { id: 4, wasm: false, .. })));
        let step = Request::from(OptRequest::StepCfgs(StepCfgsRequest {
            id: 5,
            step: 2,
            function: "f".into(),
            before: Some("b".into()),
            after: None,
        }));
        let v = serde_json::to_value(&step).unwrap_or_default();
        assert_eq!(v.get("type"), Some(&json!("step_cfgs")));
        assert_eq!(step.id(), 5);
    }

    #[test]
    fn asm_reports_carry_their_targets_as_json_text() {
        let row = AsmRow {
            head: Some("prologue".into()),
            offset: 0,
            bytes: "55".into(),
            text: "push rbp".into(),
            ir: None,
            relocs: Vec::new(),
            notes: vec!["%x: rbx".into()],
        };
        let func = AsmFunc { name: "f".into(), start: 0, end: 1, rows: vec![row] };
        let target = AsmTarget {
            target: "x86_64".into(),
            error: None,
            funcs: vec![func],
            code_bytes: 1,
            object: String::new(),
            listing: String::new(),
            millis: 0.0,
        };
        let r = Reply::Asm(AsmReply::Compiled(Box::new(AsmReport {
            id: 4,
            error: None,
            targets: vec![target],
            millis: 1.0,
            files: false,
        })));
        let v = serde_json::to_value(&r).unwrap_or_default();
        assert!(v.get("targets").is_some_and(|t| t.is_string()), "{v}");
        let back = reply_as::<AsmReply>(&r).ok();
        assert_eq!(back.as_ref().and_then(KindReply::id), Some(4));
        assert_eq!(back.map(Reply::Asm), Some(r));
    }

    #[test]
    fn each_kind_reads_its_own_replies_and_every_error() {
        let ran = Reply::Run(RunReply::Ran(Box::new(RunReport::not_run(7, "stopped"))));
        assert!(matches!(reply_as::<RunReply>(&ran), Ok(RunReply::Ran(r)) if r.id == 7));
        // Another kind's reply is not a case of this kind: it does not read.
        assert!(reply_as::<AnalysisReply>(&ran).is_err());
        assert!(reply_as::<OptReply>(&ran).is_err());
        // An error reads as every kind's error, with its id.
        let err = Reply::error(Some(9), "boom".into());
        for id in [
            reply_as::<AnalysisReply>(&err).ok().and_then(|r| r.error().and_then(|e| e.id)),
            reply_as::<RunReply>(&err).ok().and_then(|r| r.error().and_then(|e| e.id)),
            reply_as::<OptReply>(&err).ok().and_then(|r| r.error().and_then(|e| e.id)),
        ] {
            assert_eq!(id, Some(9));
        }
        // worker.js's own error replies, with and without an id.
        let js: RunReply = serde_json::from_value(json!({"type": "error", "message": "m"}))
            .unwrap_or_else(|_| RunReply::failed(Some(1), String::new()));
        assert_eq!(js.id(), None);
        assert_eq!(js.error().map(|e| e.message.as_str()), Some("m"));
        let js: OptReply =
            serde_json::from_value(json!({"type": "error", "message": "m", "id": 12}))
                .unwrap_or_else(|_| OptReply::failed(None, String::new()));
        assert_eq!(js.id(), Some(12));
    }
}
