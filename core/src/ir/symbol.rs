//! Interned names: every distinct string gets one `Symbol`, so names compare as integers.

use super::entity::{EntityRef, EntityVec};
use super::hashindex::{hash_of, HashIndex};

crate::entity!(
    /// An interned string.
    Symbol,
    "sym"
);

/// The string table of a module.
#[derive(Clone, Debug, Default)]
pub struct Interner {
    strings: EntityVec<Symbol, Box<str>>,
    index: HashIndex<Symbol>,
}

impl Interner {
    /// Interns a string.
    pub fn intern(&mut self, s: &str) -> Symbol {
        let hash = hash_of(s);
        if let Some(sym) = self.find(hash, s) {
            return sym;
        }
        let sym = self.strings.push(s.into());
        self.index.insert(hash, sym);
        sym
    }
    /// The symbol for a string already interned.
    pub fn lookup(&self, s: &str) -> Option<Symbol> {
        self.find(hash_of(s), s)
    }
    #[inline]
    fn find(&self, hash: u64, s: &str) -> Option<Symbol> {
        self.index.find(hash, |sym| self.strings.get(sym).is_some_and(|t| **t == *s))
    }
    /// The text of a symbol (empty for a foreign symbol).
    pub fn get(&self, sym: Symbol) -> &str {
        self.strings.get(sym).map(|s| &**s).unwrap_or("")
    }
    /// The number of distinct strings.
    pub fn len(&self) -> usize {
        self.strings.len()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.strings.is_empty()
    }
    /// A symbol by raw index, for iteration.
    pub fn symbols(&self) -> impl Iterator<Item = Symbol> {
        (0..self.strings.len()).map(Symbol::new)
    }
}
