//! Typed `u32` indices and the dense maps keyed by them (the arena pattern of the IR).
//!
//! Every IR entity (`Value`, `Inst`, `Block`, `TypeId`, `ConstId`, ...) is a newtype over
//! `u32` declared with `entity!`. Primary storage is an [`EntityVec`]. Side tables of facts
//! about entities (the analyses' results, the passes' and the verifier's scratch tables, the
//! text printer's slot numbers) are [`SecondaryMap`]s keyed by the same entity, or
//! [`EntitySet`]s for sets of them, so facts live next to the IR rather than inside it, and a
//! table keyed by `Block` cannot be read with a `Value`. The interpreter's slot and register
//! tables are still plain `Vec`s indexed with `EntityRef::index`; elsewhere `index` is left for
//! dense numbering (arena positions, offsets, printed numbers, sort keys) and range checks.

use std::marker::PhantomData;

/// A type usable as a dense index.
pub trait EntityRef: Copy + Eq {
    /// Makes the entity with index `i`.
    fn new(i: usize) -> Self;
    /// The entity's index.
    fn index(self) -> usize;
}

/// Declares a `u32` entity type with a printed prefix (used in debug output only).
#[macro_export]
macro_rules! entity {
    ($(#[$attr:meta])* $name:ident, $prefix:expr) => {
        $(#[$attr])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);
        impl $crate::ir::entity::EntityRef for $name {
            #[inline]
            fn new(i: usize) -> Self {
                debug_assert!(i < u32::MAX as usize);
                $name(i as u32)
            }
            #[inline]
            fn index(self) -> usize {
                self.0 as usize
            }
        }
        impl $name {
            /// The raw index.
            #[inline]
            pub fn as_u32(self) -> u32 {
                self.0
            }
            /// The entity with raw index `i`.
            #[inline]
            pub const fn from_u32(i: u32) -> Self {
                $name(i)
            }
        }
        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "{}{}", $prefix, self.0)
            }
        }
    };
}

/// Primary storage: a vector indexed by an entity type. There is no `Deref` to a slice, so only
/// the right key type can index it.
#[derive(Clone)]
pub struct EntityVec<K: EntityRef, V> {
    items: Vec<V>,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V> Default for EntityVec<K, V> {
    fn default() -> Self {
        Self { items: Vec::new(), _k: PhantomData }
    }
}

impl<K: EntityRef, V: std::fmt::Debug> std::fmt::Debug for EntityVec<K, V> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.items.iter()).finish()
    }
}

impl<K: EntityRef, V> EntityVec<K, V> {
    /// An empty map.
    pub fn new() -> Self {
        Self::default()
    }
    /// An empty map with room for `n` values.
    pub fn with_capacity(n: usize) -> Self {
        Self { items: Vec::with_capacity(n), _k: PhantomData }
    }
    /// Appends a value and returns its key.
    pub fn push(&mut self, v: V) -> K {
        let k = K::new(self.items.len());
        self.items.push(v);
        k
    }
    /// The number of entities.
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// The value for `k`, if `k` belongs to this map.
    pub fn get(&self, k: K) -> Option<&V> {
        self.items.get(k.index())
    }
    /// The value for `k`, mutably, if `k` belongs to this map.
    pub fn get_mut(&mut self, k: K) -> Option<&mut V> {
        self.items.get_mut(k.index())
    }
    /// True when `k` is a key of this map.
    pub fn is_valid(&self, k: K) -> bool {
        k.index() < self.items.len()
    }
    /// All keys in order.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = K> + DoubleEndedIterator {
        (0..self.items.len()).map(K::new)
    }
    /// All values in key order.
    pub fn values(&self) -> std::slice::Iter<'_, V> {
        self.items.iter()
    }
    /// All values in key order, mutably.
    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, V> {
        self.items.iter_mut()
    }
    /// `(key, value)` pairs in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (K, &V)> + DoubleEndedIterator {
        self.items.iter().enumerate().map(|(i, v)| (K::new(i), v))
    }
    /// `(key, value)` pairs in order, mutably.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (K, &mut V)> {
        self.items.iter_mut().enumerate().map(|(i, v)| (K::new(i), v))
    }
    /// Releases unused capacity.
    pub fn shrink_to_fit(&mut self) {
        self.items.shrink_to_fit();
    }
    /// The key the next `push` will return.
    pub fn next_key(&self) -> K {
        K::new(self.items.len())
    }
}

/// Collects values in key order (the first gets key 0).
impl<K: EntityRef, V> FromIterator<V> for EntityVec<K, V> {
    fn from_iter<I: IntoIterator<Item = V>>(iter: I) -> Self {
        Self { items: iter.into_iter().collect(), _k: PhantomData }
    }
}

/// Indexing by a key. Invariant: keys come from this map (the verifier checks handles first),
/// so an out-of-range key is an internal bug, not a user error.
impl<K: EntityRef, V> std::ops::Index<K> for EntityVec<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.items[k.index()]
    }
}

impl<K: EntityRef, V> std::ops::IndexMut<K> for EntityVec<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.items[k.index()]
    }
}

/// A side table keyed by an entity: every key maps to a value, keys never set to the default
/// (in the style of `cranelift_entity::SecondaryMap`).
///
/// Reading by `map[k]` never panics: a key past the stored slots reads as the default.
/// Writing by `map[k] = v` grows the map to hold `k`. [`SecondaryMap::get`] and
/// [`SecondaryMap::get_mut`] tell a stored slot from an unknown key and never grow the map.
#[derive(Clone, Debug)]
pub struct SecondaryMap<K: EntityRef, V: Clone> {
    items: Vec<V>,
    default: V,
    _k: PhantomData<K>,
}

impl<K: EntityRef, V: Clone + Default> Default for SecondaryMap<K, V> {
    fn default() -> Self {
        Self::with_default(V::default())
    }
}

impl<K: EntityRef, V: Clone + Default> SecondaryMap<K, V> {
    /// An empty map whose unknown keys read as `V::default()`.
    pub fn new() -> Self {
        Self::default()
    }
    /// An empty map with room for `n` keys before it reallocates.
    pub fn with_capacity(n: usize) -> Self {
        Self { items: Vec::with_capacity(n), default: V::default(), _k: PhantomData }
    }
}

impl<K: EntityRef, V: Clone> SecondaryMap<K, V> {
    /// An empty map whose unknown keys read as `default`.
    pub fn with_default(default: V) -> Self {
        Self { items: Vec::new(), default, _k: PhantomData }
    }
    /// A map with `n` slots (keys `0..n`) set to `default`, which unknown keys also read as.
    pub fn from_elem(default: V, n: usize) -> Self {
        Self { items: vec![default.clone(); n], default, _k: PhantomData }
    }
    /// The number of stored slots (the keys `0..len()`).
    #[inline]
    pub fn len(&self) -> usize {
        self.items.len()
    }
    /// True when no slot is stored.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
    /// The value the keys without a slot read as.
    pub fn default_value(&self) -> &V {
        &self.default
    }
    /// The value stored for `k`; `None` when `k` is past the stored slots.
    #[inline]
    pub fn get(&self, k: K) -> Option<&V> {
        self.items.get(k.index())
    }
    /// The value stored for `k`, mutably; `None` (and no growth) when `k` is past the stored
    /// slots.
    #[inline]
    pub fn get_mut(&mut self, k: K) -> Option<&mut V> {
        self.items.get_mut(k.index())
    }
    /// The keys of the stored slots, in order.
    pub fn keys(&self) -> impl ExactSizeIterator<Item = K> + DoubleEndedIterator {
        (0..self.items.len()).map(K::new)
    }
    /// The stored values, in key order.
    pub fn values(&self) -> std::slice::Iter<'_, V> {
        self.items.iter()
    }
    /// The stored values, in key order, mutably.
    pub fn values_mut(&mut self) -> std::slice::IterMut<'_, V> {
        self.items.iter_mut()
    }
    /// `(key, value)` pairs of the stored slots, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (K, &V)> + DoubleEndedIterator {
        self.items.iter().enumerate().map(|(i, v)| (K::new(i), v))
    }
    /// `(key, value)` pairs of the stored slots, in order, mutably.
    pub fn iter_mut(&mut self) -> impl ExactSizeIterator<Item = (K, &mut V)> {
        self.items.iter_mut().enumerate().map(|(i, v)| (K::new(i), v))
    }
    /// Stores exactly `n` slots: new ones are set to the default, extra ones dropped.
    pub fn resize(&mut self, n: usize) {
        self.items.resize(n, self.default.clone());
    }
    /// Drops every slot (all keys read as the default again).
    pub fn clear(&mut self) {
        self.items.clear();
    }
    #[cold]
    fn grow_to(&mut self, i: usize) -> &mut V {
        self.items.resize(i + 1, self.default.clone());
        &mut self.items[i]
    }
}

/// Collects values in key order (the first gets key 0); unknown keys read as `V::default()`.
impl<K: EntityRef, V: Clone + Default> FromIterator<V> for SecondaryMap<K, V> {
    fn from_iter<I: IntoIterator<Item = V>>(iter: I) -> Self {
        Self { items: iter.into_iter().collect(), default: V::default(), _k: PhantomData }
    }
}

/// Reading by a key: the stored value, or the default for a key past the stored slots.
impl<K: EntityRef, V: Clone> std::ops::Index<K> for SecondaryMap<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        self.items.get(k.index()).unwrap_or(&self.default)
    }
}

/// Writing by a key: grows the map (with the default) to hold `k`.
impl<K: EntityRef, V: Clone> std::ops::IndexMut<K> for SecondaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        if i < self.items.len() {
            &mut self.items[i]
        } else {
            self.grow_to(i)
        }
    }
}

/// Two maps are equal when every key reads the same in both (slots equal to the default count
/// as absent).
impl<K: EntityRef, V: Clone + PartialEq> PartialEq for SecondaryMap<K, V> {
    fn eq(&self, o: &Self) -> bool {
        if self.default != o.default {
            return false;
        }
        let n = self.items.len().max(o.items.len());
        (0..n).all(|i| {
            let a = self.items.get(i).unwrap_or(&self.default);
            let b = o.items.get(i).unwrap_or(&o.default);
            a == b
        })
    }
}

impl<K: EntityRef, V: Clone + Eq> Eq for SecondaryMap<K, V> {}

/// A set of entities as a bit vector, one bit per key (in the style of
/// `cranelift_entity::EntitySet`). Keys past the stored bits are absent; `insert` grows it.
#[derive(Clone, Default)]
pub struct EntitySet<K: EntityRef> {
    words: Vec<u64>,
    _k: PhantomData<K>,
}

impl<K: EntityRef> EntitySet<K> {
    /// An empty set.
    pub fn new() -> Self {
        Self { words: Vec::new(), _k: PhantomData }
    }
    /// An empty set with room for the keys `0..n` before it reallocates.
    pub fn with_capacity(n: usize) -> Self {
        Self { words: vec![0; n.div_ceil(64)], _k: PhantomData }
    }
    /// True when `k` is in the set.
    #[inline]
    pub fn contains(&self, k: K) -> bool {
        let i = k.index();
        self.words.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    /// Adds `k`; true when it was not in the set.
    #[inline]
    pub fn insert(&mut self, k: K) -> bool {
        let i = k.index();
        if i / 64 >= self.words.len() {
            self.words.resize(i / 64 + 1, 0);
        }
        let w = &mut self.words[i / 64];
        let bit = 1u64 << (i % 64);
        let new = *w & bit == 0;
        *w |= bit;
        new
    }
    /// Removes `k`; true when it was in the set.
    #[inline]
    pub fn remove(&mut self, k: K) -> bool {
        let i = k.index();
        match self.words.get_mut(i / 64) {
            Some(w) => {
                let bit = 1u64 << (i % 64);
                let had = *w & bit != 0;
                *w &= !bit;
                had
            }
            None => false,
        }
    }
    /// Removes every key.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
    /// Adds every key of `o`; true when the set changed.
    pub fn union_with(&mut self, o: &EntitySet<K>) -> bool {
        if o.words.len() > self.words.len() {
            self.words.resize(o.words.len(), 0);
        }
        let mut changed = false;
        for (a, b) in self.words.iter_mut().zip(o.words.iter()) {
            let n = *a | *b;
            changed |= n != *a;
            *a = n;
        }
        changed
    }
    /// Removes every key of `o`.
    pub fn difference_with(&mut self, o: &EntitySet<K>) {
        for (a, b) in self.words.iter_mut().zip(o.words.iter()) {
            *a &= !b;
        }
    }
    /// The keys in the set, in index order.
    pub fn iter(&self) -> impl Iterator<Item = K> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            (0..64).filter(move |b| w >> b & 1 == 1).map(move |b| K::new(i * 64 + b))
        })
    }
    /// The number of keys in the set.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }
}

/// Two sets are equal when they hold the same keys (whatever their stored sizes).
impl<K: EntityRef> PartialEq for EntitySet<K> {
    fn eq(&self, o: &Self) -> bool {
        let n = self.words.len().max(o.words.len());
        (0..n).all(|i| self.words.get(i).unwrap_or(&0) == o.words.get(i).unwrap_or(&0))
    }
}

impl<K: EntityRef> Eq for EntitySet<K> {}

impl<K: EntityRef + std::fmt::Debug> std::fmt::Debug for EntitySet<K> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::Block as Key;

    #[test]
    fn secondary_map_reads_unknown_keys_as_the_default() {
        let mut m: SecondaryMap<Key, u32> = SecondaryMap::with_default(7);
        assert_eq!(m[Key::new(3)], 7);
        assert_eq!(m.get(Key::new(3)), None);
        assert!(m.get_mut(Key::new(3)).is_none());
        assert!(m.is_empty());
        m[Key::new(2)] = 1;
        assert_eq!(m.len(), 3);
        assert_eq!(m[Key::new(0)], 7);
        assert_eq!(m.get(Key::new(2)), Some(&1));
        assert_eq!(
            m.iter().map(|(k, &v)| (k.index(), v)).collect::<Vec<_>>(),
            [(0, 7), (1, 7), (2, 1)]
        );
        let mut n = SecondaryMap::from_elem(7, 5);
        assert_ne!(m, n);
        n[Key::new(2)] = 1;
        assert_eq!(m, n);
        n.resize(1);
        assert_eq!(n.keys().count(), 1);
        n.clear();
        assert!(n.is_empty() && n[Key::new(0)] == 7);
    }

    #[test]
    fn entity_set() {
        let mut s: EntitySet<Key> = EntitySet::with_capacity(10);
        assert!(s.insert(Key::new(3)) && !s.insert(Key::new(3)));
        assert!(s.insert(Key::new(200)));
        assert!(s.contains(Key::new(200)) && !s.contains(Key::new(199)));
        assert!(!s.contains(Key::new(100_000)));
        assert_eq!(s.iter().map(|k| k.index()).collect::<Vec<_>>(), [3, 200]);
        let mut t = EntitySet::new();
        t.insert(Key::new(3));
        assert!(!t.union_with(&t.clone()));
        assert!(t.union_with(&s) && t == s && t.len() == 2);
        t.difference_with(&s);
        assert!(t.is_empty() && t == EntitySet::new());
        assert!(s.remove(Key::new(3)) && !s.remove(Key::new(3)) && !s.remove(Key::new(9999)));
    }
}
