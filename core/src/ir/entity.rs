//! Typed `u32` indices and the dense maps keyed by them (the arena pattern of the IR).
//!
//! Every IR entity (`Value`, `Inst`, `Block`, `TypeId`, `ConstId`, ...) is a newtype over
//! `u32` declared with `entity!`. Primary storage is an [`EntityVec`]; analyses keep
//! side tables in a [`SecondaryMap`] keyed by the same index, so facts live next to the IR
//! rather than inside it.

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

/// A side table: every key maps to a value, unknown keys to the default.
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

impl<K: EntityRef, V: Clone> SecondaryMap<K, V> {
    /// An empty map whose unknown keys read as `default`.
    pub fn with_default(default: V) -> Self {
        Self { items: Vec::new(), default, _k: PhantomData }
    }
    /// An empty map with room for `n` keys.
    pub fn with_capacity(n: usize, default: V) -> Self {
        Self { items: vec![default.clone(); n], default, _k: PhantomData }
    }
    /// The value for `k` (the default when never set).
    #[inline]
    pub fn get(&self, k: K) -> &V {
        self.items.get(k.index()).unwrap_or(&self.default)
    }
    /// Sets the value for `k`.
    pub fn set(&mut self, k: K, v: V) {
        let i = k.index();
        if i >= self.items.len() {
            self.items.resize(i + 1, self.default.clone());
        }
        self.items[i] = v;
    }
    /// A mutable reference to the value for `k`, growing the map as needed.
    pub fn get_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        if i >= self.items.len() {
            self.items.resize(i + 1, self.default.clone());
        }
        &mut self.items[i]
    }
}

impl<K: EntityRef, V: Clone> std::ops::Index<K> for SecondaryMap<K, V> {
    type Output = V;
    fn index(&self, k: K) -> &V {
        self.get(k)
    }
}
