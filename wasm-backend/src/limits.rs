//! A run's limits as the wasm hosts keep them: the budgets (steps, call depth, live heap
//! memory, output), which limit stopped a run, and the first line of the report, in the
//! interpreter's words (`irplay run`), so that every engine says the same.
//!
//! The step and depth budgets are counted by the module itself ([`crate::Options::limits`]:
//! the exported globals [`crate::FUEL`] and [`crate::DEPTH`], the import [`crate::LIMIT`]);
//! the heap and the output by the C library ([`crate::libc::Libc`]). A host adds where the
//! program was (the innermost frame of the module's own code, and the call stack) from its
//! engine's backtrace.

/// The budgets of a run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Executed IR instructions (the interpreter's count).
    pub max_steps: u64,
    /// Call depth in frames (`main` is the first).
    pub max_stack_depth: u32,
    /// Live heap bytes (`malloc` returns null beyond them; each block counts its size rounded
    /// up to 16 bytes, as it takes that much of the heap).
    pub max_memory: u64,
    /// Bytes written to stdout and stderr together.
    pub max_output: u64,
}

impl Default for Limits {
    /// No limit at all.
    fn default() -> Limits {
        Limits {
            max_steps: u64::MAX,
            max_stack_depth: u32::MAX,
            max_memory: u64::MAX,
            max_output: u64::MAX,
        }
    }
}

/// Which limit stopped a run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The step budget.
    Steps,
    /// The call-depth budget.
    Depth,
    /// The output budget.
    Output,
}

/// The exit status of a run that reached the step limit (`irplay run`'s).
pub const OUT_OF_STEPS: u8 = 124;

/// The exit status of a run that reached the output limit (`irplay run`'s).
pub const OUTPUT_LIMIT: u8 = 72;

impl Limit {
    /// The limit the [`crate::LIMIT`] import's `kind` names.
    pub fn from_kind(kind: i32) -> Option<Limit> {
        match kind {
            crate::LIMIT_STEPS => Some(Limit::Steps),
            crate::LIMIT_DEPTH => Some(Limit::Depth),
            _ => None,
        }
    }

    /// The exit status a run stopped by this limit ends with: 124 for steps, 71 (a runtime
    /// error, as the interpreter's stack overflow) for depth, 72 for output.
    pub fn status(self) -> u8 {
        match self {
            Limit::Steps => OUT_OF_STEPS,
            Limit::Depth => crate::host::status::ERROR,
            Limit::Output => OUTPUT_LIMIT,
        }
    }

    /// The report's first line, as the interpreter's: `callee` is the function whose call
    /// went one frame too deep (`@f`), when known.
    pub fn message(self, limits: &Limits, callee: Option<&str>) -> String {
        match self {
            Limit::Steps => format!(
                "error: the step limit ({} instructions) was reached; raise it with --max-steps",
                limits.max_steps
            ),
            Limit::Depth => {
                let calling = callee.map(|c| format!(" (calling {c})")).unwrap_or_default();
                format!(
                    "error: stack_overflow: call stack deeper than {} frames{calling}; raise it \
                     with --max-stack-depth",
                    limits.max_stack_depth
                )
            }
            Limit::Output => format!(
                "error: the output limit ({} bytes) was reached; raise it with --max-output",
                limits.max_output
            ),
        }
    }

    /// Which frame of the module's own code, innermost first, shows where the program was:
    /// for the depth limit the caller of the function that could not take its frame (the
    /// interpreter's position is the call), else the innermost.
    pub fn frame(self) -> usize {
        match self {
            Limit::Depth => 1,
            Limit::Steps | Limit::Output => 0,
        }
    }
}

/// The call stack line of a report: `@f <- @g <- @main`, innermost first, at most `keep`
/// frames at each end (a deep recursion has thousands), the frames between counted; `partial`
/// when the engine kept only the innermost frames (the line then ends with `<- ...`).
pub fn call_stack(frames: &[String], keep: usize, partial: bool) -> String {
    let more = if partial { " <- ..." } else { "" };
    if partial || frames.len() <= 2 * keep {
        let shown = if partial { frames.get(..2 * keep).unwrap_or(frames) } else { frames };
        return format!("{}{more}", shown.join(" <- "));
    }
    let head = frames.get(..keep).unwrap_or(&[]).join(" <- ");
    let tail = frames.get(frames.len() - keep..).unwrap_or(&[]).join(" <- ");
    format!("{head} <- ... ({} more) <- {tail}", frames.len() - 2 * keep)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_the_interpreters() {
        let l = Limits { max_steps: 10, max_stack_depth: 5, max_memory: 0, max_output: 3 };
        assert_eq!(
            Limit::Steps.message(&l, None),
            "error: the step limit (10 instructions) was reached; raise it with --max-steps"
        );
        assert_eq!(
            Limit::Depth.message(&l, Some("@f")),
            "error: stack_overflow: call stack deeper than 5 frames (calling @f); raise it with \
             --max-stack-depth"
        );
        assert_eq!(
            Limit::Output.message(&l, None),
            "error: the output limit (3 bytes) was reached; raise it with --max-output"
        );
        assert_eq!([Limit::Steps, Limit::Depth, Limit::Output].map(Limit::status), [124, 71, 72]);
        assert_eq!(Limit::from_kind(crate::LIMIT_DEPTH), Some(Limit::Depth));
        assert_eq!(Limit::from_kind(7), None);
    }

    #[test]
    fn long_call_stacks_are_shortened() {
        let f: Vec<String> = (0..7).map(|k| format!("@f{k}")).collect();
        assert_eq!(call_stack(&f, 4, false), f.join(" <- "));
        assert_eq!(call_stack(&f, 2, false), "@f0 <- @f1 <- ... (3 more) <- @f5 <- @f6");
        assert_eq!(call_stack(&f, 2, true), "@f0 <- @f1 <- @f2 <- @f3 <- ...");
        assert_eq!(call_stack(&f[..2], 2, true), "@f0 <- @f1 <- ...");
    }
}
