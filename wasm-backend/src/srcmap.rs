//! Where the code of a compiled module comes from: for each defined function, the IR
//! instruction behind each stretch of its body, so that a trap at run time can be reported at
//! the instruction's `FILE:LINE:COL`, as the interpreter reports undefined behaviour.

use irplay_core::diag::Span;

/// The source positions of one defined function's body.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FuncMap {
    /// The function's index in the module's function index space (imports first).
    pub index: u32,
    /// Its LLVM name (without `@`).
    pub name: String,
    /// `(offset, span)`: from `offset` on (up to the next entry's), the body's code lowers the
    /// IR instruction at `span`. Offsets count from the start of the function's body (its
    /// locals declaration), as engines report them; ascending.
    pub locs: Vec<(u32, Span)>,
}

/// The source positions of a module's defined functions.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SourceMap {
    /// One entry per defined function, in index order.
    pub funcs: Vec<FuncMap>,
}

impl SourceMap {
    /// The function with wasm index `index` and the span of the IR instruction whose code is at
    /// `offset` of its body; `None` for a function without positions (a builtin, a helper, an
    /// import) or code before the first instruction's.
    pub fn lookup(&self, index: u32, offset: u32) -> Option<(&str, Span)> {
        let k = self.funcs.binary_search_by_key(&index, |f| f.index).ok()?;
        let f = self.funcs.get(k)?;
        let n = f.locs.partition_point(|&(o, _)| o <= offset);
        let &(_, span) = f.locs.get(n.checked_sub(1)?)?;
        Some((&f.name, span))
    }

    /// The name of the function with wasm index `index`, when it is one of the module's own.
    pub fn name(&self, index: u32) -> Option<&str> {
        let k = self.funcs.binary_search_by_key(&index, |f| f.index).ok()?;
        self.funcs.get(k).map(|f| f.name.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_finds_the_last_position_at_or_before_the_offset() {
        let s = |a, b| Span { start: a, end: b };
        let map = SourceMap {
            funcs: vec![
                FuncMap { index: 2, name: "f".into(), locs: vec![(3, s(10, 20)), (9, s(30, 40))] },
                FuncMap { index: 3, name: "g".into(), locs: Vec::new() },
            ],
        };
        assert_eq!(map.lookup(2, 2), None, "before the first instruction's code");
        assert_eq!(map.lookup(2, 3), Some(("f", s(10, 20))));
        assert_eq!(map.lookup(2, 8), Some(("f", s(10, 20))));
        assert_eq!(map.lookup(2, 9), Some(("f", s(30, 40))));
        assert_eq!(map.lookup(2, 1000), Some(("f", s(30, 40))));
        assert_eq!(map.lookup(3, 5), None, "a function without positions");
        assert_eq!(map.lookup(1, 5), None, "an import");
        assert_eq!(map.name(3), Some("g"));
        assert_eq!(map.name(0), None);
    }
}
