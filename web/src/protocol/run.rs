//! The run report: how a run ended, its values, and undefined behaviour with the block's
//! sites and the poison chain (what the run worker and the debug worker send the page).

use super::*;

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
    /// The first `malloc` that returned null because of the memory limit, if any.
    #[serde(default)]
    pub malloc_failed: Option<MallocView>,
    /// For a run as WebAssembly: the size in bytes of the program's own memory when it ended
    /// (the instance's, apart from the worker's); 0 otherwise.
    #[serde(default)]
    pub program_memory: f64,
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
            malloc_failed: None,
            program_memory: 0.0,
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
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
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
    /// The call stack with positions, innermost first: the instruction, then each call site
    /// (empty for a run as WebAssembly).
    #[serde(default)]
    pub stack: Vec<SiteView>,
    /// For an access or `free` of a block out of bounds, freed or dead: the block.
    #[serde(default)]
    pub block: Option<MemBlockView>,
    /// One plain sentence on why this is undefined behaviour.
    #[serde(default)]
    pub help: String,
    /// The LangRef section that says so (a URL).
    #[serde(default)]
    pub see: String,
}

/// A frame of a call stack: an instruction, its function and its source text.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SiteView {
    /// Byte range of the instruction.
    pub from: u32,
    /// End of that range.
    pub to: u32,
    /// Its function (`@f`).
    pub function: String,
    /// The instruction's text on one line, as the CLI quotes it.
    pub quote: String,
}

/// The memory block an undefined-behaviour report is about.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MemBlockView {
    /// What it is: `heap block`, `stack slot`, `global`, ...
    pub what: String,
    /// Its name: `heap#2`, `%x`, `@g`.
    pub name: String,
    /// Its size in bytes, in decimal (a message cannot carry integers past 2^53 as numbers).
    pub size: String,
    /// Where it was allocated, innermost first (empty for globals).
    pub allocated: Vec<SiteView>,
    /// Where it was freed, innermost first (empty while live, and for a stack slot).
    pub freed: Vec<SiteView>,
    /// Still allocated.
    pub live: bool,
}

/// A step of a poison or undef value's way: the instruction and why it carries the taint.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChainStepView {
    /// The instruction.
    pub site: SiteView,
    /// Why, to follow "`INSTRUCTION` is poison because": "its operand `%p` is poison".
    pub reason: String,
}

/// A `malloc` (or `calloc`, `new`...) that returned null because of the memory limit.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MallocView {
    /// The call.
    pub site: SiteView,
    /// The function called (`malloc`).
    pub callee: String,
    /// The bytes asked for, in decimal (a message cannot carry integers past 2^53 as numbers:
    /// a program may ask for 2^62).
    pub size: String,
    /// The memory limit in bytes, in decimal.
    pub limit: String,
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
    /// `poison` or `undef`.
    #[serde(default)]
    pub taint: String,
    /// The instruction where it arose, with its function and text.
    #[serde(default)]
    pub root: SiteView,
    /// Why it arose, to follow "`INSTRUCTION` is poison because".
    #[serde(default)]
    pub because: String,
    /// The instructions it travelled through, oldest first, each with why.
    #[serde(default)]
    pub steps: Vec<ChainStepView>,
}
