//! A hash index over an arena: finds the entity that holds a key without storing the key twice.
//!
//! The interning tables (strings, types, constants, attribute sets) keep each key once, in their
//! arena, and find it again through this index: a map from the key's hash to the latest entity
//! with that hash, and a chain from each entity to the previous one with the same hash (64-bit
//! hashes rarely collide, so chains are almost always one long).

use super::entity::EntityRef;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};

/// The hash of a key, as the index files it.
pub fn hash_of<T: Hash + ?Sized>(key: &T) -> u64 {
    let mut h = FxHasher::default();
    key.hash(&mut h);
    h.finish()
}

const NONE: u32 = u32::MAX;

/// Entities by the hash of their key.
#[derive(Clone)]
pub struct HashIndex<K: EntityRef> {
    heads: FxHashMap<u64, K>,
    /// For each entity (by index), the index of the previous entity with the same hash, or
    /// [`NONE`].
    prev: Vec<u32>,
}

impl<K: EntityRef> Default for HashIndex<K> {
    fn default() -> Self {
        HashIndex { heads: FxHashMap::default(), prev: Vec::new() }
    }
}

impl<K: EntityRef> std::fmt::Debug for HashIndex<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HashIndex({} keys)", self.heads.len())
    }
}

impl<K: EntityRef> HashIndex<K> {
    /// The entity with this hash whose key `is_key` accepts, latest first.
    #[inline]
    pub fn find(&self, hash: u64, mut is_key: impl FnMut(K) -> bool) -> Option<K> {
        let mut cur = self.heads.get(&hash).copied();
        while let Some(k) = cur {
            if is_key(k) {
                return Some(k);
            }
            cur = match self.prev.get(k.index()) {
                Some(&p) if p != NONE => Some(K::new(p as usize)),
                _ => None,
            };
        }
        None
    }

    /// Files `k` under `hash` (each entity once).
    pub fn insert(&mut self, hash: u64, k: K) {
        let before = self.heads.insert(hash, k).map_or(NONE, |p| p.index() as u32);
        let i = k.index();
        if i >= self.prev.len() {
            self.prev.resize(i + 1, NONE);
        }
        self.prev[i] = before;
    }

    /// Forgets every entity.
    pub fn clear(&mut self) {
        self.heads.clear();
        self.prev.clear();
    }
}
