//! A hash index over an arena: finds the entity that holds a key without storing the key twice.
//!
//! The interning tables (strings, types, constants, attribute sets) keep each key once, in their
//! arena, and find it again through this index: a `hashbrown` hash table of entities, each filed
//! with its key's hash, compared with the arena's key by the caller.

use super::entity::EntityRef;
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// The hash of a key, as the index files it.
pub fn hash_of<T: Hash + ?Sized>(key: &T) -> u64 {
    let mut h = FxHasher::default();
    key.hash(&mut h);
    h.finish()
}

/// Entities by the hash of their key.
#[derive(Clone)]
pub struct HashIndex<K: EntityRef> {
    /// Each entity with its key's hash (kept, so that growing the table needs no key).
    table: HashTable<(u64, K)>,
}

impl<K: EntityRef> Default for HashIndex<K> {
    fn default() -> Self {
        HashIndex { table: HashTable::new() }
    }
}

impl<K: EntityRef> std::fmt::Debug for HashIndex<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HashIndex({} keys)", self.table.len())
    }
}

impl<K: EntityRef> HashIndex<K> {
    /// The entity with this hash whose key `is_key` accepts.
    #[inline]
    pub fn find(&self, hash: u64, mut is_key: impl FnMut(K) -> bool) -> Option<K> {
        self.table.find(hash, |&(h, k)| h == hash && is_key(k)).map(|&(_, k)| k)
    }

    /// Files `k` under `hash` (each entity once).
    pub fn insert(&mut self, hash: u64, k: K) {
        self.table.insert_unique(hash, (hash, k), |&(h, _)| h);
    }

    /// Forgets every entity.
    pub fn clear(&mut self) {
        self.table.clear();
    }
}
