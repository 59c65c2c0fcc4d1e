//! Test helpers for the analyses: parse and verify an IR snippet, then look up its functions,
//! blocks and values by the names written in the text.

use super::{Cfg, DomTree};
use crate::ir::{Block, Body, LocalName, Module, Value};

/// Parses and verifies `src`, failing the test on any diagnostic.
pub fn parse(src: &str) -> Module {
    let c = crate::check(src);
    assert!(c.valid, "snippet does not verify: {:?}", c.diagnostics);
    c.module.expect("a valid check has a module")
}

/// The body of the function `@name`.
pub fn body<'a>(m: &'a Module, name: &str) -> &'a Body {
    let g = m.global_by_name(name).unwrap_or_else(|| panic!("no @{name}"));
    m.func(g).and_then(|f| f.body.as_ref()).unwrap_or_else(|| panic!("@{name} has no body"))
}

/// The CFG and dominator tree of `body`.
pub fn graphs(body: &Body) -> (Cfg, DomTree) {
    let cfg = Cfg::new(body);
    let dt = DomTree::new(&cfg);
    (cfg, dt)
}

/// The block labelled `%name`.
pub fn block(m: &Module, body: &Body, name: &str) -> Block {
    body.blocks
        .iter()
        .find(|(_, d)| matches!(d.name, LocalName::Named(s) if m.symbols.get(s) == name))
        .map(|(b, _)| b)
        .unwrap_or_else(|| panic!("no block %{name}"))
}

/// The blocks labelled by `names`, in that order.
pub fn blocks(m: &Module, body: &Body, names: &[&str]) -> Vec<Block> {
    names.iter().map(|n| block(m, body, n)).collect()
}

/// The value named `%name`.
pub fn value(m: &Module, body: &Body, name: &str) -> Value {
    body.values
        .iter()
        .find(|(_, d)| matches!(d.name, LocalName::Named(s) if m.symbols.get(s) == name))
        .map(|(v, _)| v)
        .unwrap_or_else(|| panic!("no value %{name}"))
}
