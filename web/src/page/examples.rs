//! The playground's examples menu: small LLVM IR programs from `examples/learn/`, one LangRef topic each; the first is the default example.

/// One entry of the examples menu.
pub struct Example {
    /// Stable identifier (for URLs and the menu), unique.
    pub id: &'static str,
    /// Menu title.
    pub title: &'static str,
    /// The LangRef topic the program illustrates.
    pub topic: &'static str,
    /// The module's text, as in the file (teaching comment first, test directives last).
    pub source: &'static str,
    /// What it reads on standard input, for an example that reads some (loading the example
    /// fills the Run pane's input box with it).
    pub stdin: Option<&'static str>,
}

/// Every example, in menu order; `EXAMPLES[0]` is the default one.
pub const EXAMPLES: &[Example] = &[
    Example {
        id: "hello",
        title: "Hello, world",
        topic: "Modules, functions, a loop and a call to printf",
        source: include_str!("../../../examples/learn/01-hello.ll"),
        stdin: None,
    },
    Example {
        id: "ssa-phi",
        title: "SSA and phi",
        topic: "Single assignment; phi nodes at control-flow joins",
        source: include_str!("../../../examples/learn/02-ssa-phi.ll"),
        stdin: None,
    },
    Example {
        id: "poison-undef-freeze",
        title: "Poison, undef and freeze",
        topic: "Poison values, undefined values, the freeze instruction",
        source: include_str!("../../../examples/learn/03-poison-undef-freeze.ll"),
        stdin: None,
    },
    Example {
        id: "getelementptr",
        title: "getelementptr",
        topic: "Address computation: array elements and struct fields",
        source: include_str!("../../../examples/learn/04-getelementptr.ll"),
        stdin: None,
    },
    Example {
        id: "switch",
        title: "switch",
        topic: "Multi-way branches with a default destination",
        source: include_str!("../../../examples/learn/05-switch.ll"),
        stdin: None,
    },
    Example {
        id: "loops",
        title: "Nested loops",
        topic: "Back edges and loop-carried phis",
        source: include_str!("../../../examples/learn/06-loops.ll"),
        stdin: None,
    },
    Example {
        id: "vectors",
        title: "Vectors",
        topic: "Lane-wise arithmetic, extractelement, insertelement, shufflevector",
        source: include_str!("../../../examples/learn/07-vectors.ll"),
        stdin: None,
    },
    Example {
        id: "aggregates",
        title: "Structs as values",
        topic: "insertvalue, extractvalue, struct returns, struct load and store",
        source: include_str!("../../../examples/learn/08-aggregates.ll"),
        stdin: None,
    },
    Example {
        id: "calls-varargs",
        title: "Calls and varargs",
        topic: "Variadic functions: llvm.va_start, va_arg, llvm.va_end",
        source: include_str!("../../../examples/learn/09-calls-varargs.ll"),
        stdin: None,
    },
    Example {
        id: "memory",
        title: "Stack and heap",
        topic: "alloca, load, store, malloc and free",
        source: include_str!("../../../examples/learn/10-memory.ll"),
        stdin: None,
    },
    Example {
        id: "atomics",
        title: "Atomics",
        topic: "atomicrmw, cmpxchg, atomic loads, fence, orderings",
        source: include_str!("../../../examples/learn/11-atomics.ll"),
        stdin: None,
    },
    Example {
        id: "undefined-behaviour",
        title: "Undefined behaviour",
        topic: "Branching on poison from an add nsw overflow",
        source: include_str!("../../../examples/learn/12-undefined-behaviour.ll"),
        stdin: None,
    },
    Example {
        id: "integer-flags",
        title: "Integer flags",
        topic: "nuw, nsw and exact: the promises they make",
        source: include_str!("../../../examples/learn/13-integer-flags.ll"),
        stdin: None,
    },
    Example {
        id: "floating-point",
        title: "Floating point",
        topic: "Rounding, NaN, ordered and unordered fcmp, fast-math flags",
        source: include_str!("../../../examples/learn/14-floating-point.ll"),
        stdin: None,
    },
    Example {
        id: "recursion",
        title: "Recursion",
        topic: "Factorial and Fibonacci: calls with their own frames",
        source: include_str!("../../../examples/learn/15-recursion.ll"),
        stdin: None,
    },
    Example {
        id: "function-pointers",
        title: "Function pointers",
        topic: "Indirect calls through a table and through an argument",
        source: include_str!("../../../examples/learn/16-function-pointers.ll"),
        stdin: None,
    },
    Example {
        id: "reading-input",
        title: "Reading input",
        topic: "scanf and standard input: a loop that reads numbers until the input ends",
        source: include_str!("../../../examples/learn/17-reading-input.ll"),
        stdin: Some(include_str!("../../../examples/learn/17-reading-input.ll.stdin")),
    },
];

#[cfg(test)]
mod tests {
    use super::EXAMPLES;

    #[test]
    fn every_example_parses_and_verifies() {
        for ex in EXAMPLES {
            let checked = irplay_core::check(ex.source);
            assert!(checked.valid, "example {} does not verify: {:?}", ex.id, checked.diagnostics);
        }
    }

    #[test]
    fn ids_are_unique_and_fields_filled() {
        let mut seen = std::collections::HashSet::new();
        for ex in EXAMPLES {
            assert!(seen.insert(ex.id), "duplicate example id {}", ex.id);
            assert!(!ex.title.is_empty() && !ex.topic.is_empty(), "{}", ex.id);
        }
        assert!(EXAMPLES.len() >= 14);
    }

    #[test]
    fn each_starts_with_its_teaching_comment() {
        for ex in EXAMPLES {
            assert!(ex.source.starts_with("; "), "{} starts without a comment", ex.id);
        }
    }

    /// An example that reads input comes with its input file, and only such examples do.
    #[test]
    fn examples_that_read_input_come_with_it() {
        for ex in EXAMPLES {
            let reads = ["scanf", "getchar", "fgets"].iter().any(|f| ex.source.contains(f));
            assert_eq!(reads, ex.stdin.is_some(), "{}", ex.id);
        }
        let input = EXAMPLES.iter().find(|e| e.id == "reading-input").and_then(|e| e.stdin);
        assert!(input.is_some_and(|s| s.chars().any(|c| c.is_ascii_digit())), "{input:?}");
    }

    #[test]
    fn default_example_is_hello() {
        assert_eq!(EXAMPLES[0].id, "hello");
        assert!(EXAMPLES[0].source.contains("@printf"));
    }
}
