//! Bounded memo tables for the algebra's operations (sums, thermographs, uptimal recognition).
//!
//! Each table keeps two generations of entries: new entries go to the young generation; when it
//! outgrows its share of the budget, it becomes the old generation and the previous old one is
//! dropped. A hit in the old generation is copied back into the young one, so entries in use
//! survive and memory stays below about twice the budget. A memo only saves work: an evicted
//! entry is recomputed when it is needed again, so the bound never changes an answer.
//!
//! [`clear_caches`](super::clear_caches) empties every table.

use hashbrown::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard};

/// Two generations of one shard.
struct Generations<K, V> {
    young: HashMap<K, V>,
    old: HashMap<K, V>,
    /// The weight of the young generation.
    weight: usize,
}

impl<K: Hash + Eq, V> Generations<K, V> {
    fn add(&mut self, key: K, value: V, weight: usize, budget: usize) {
        self.young.insert(key, value);
        self.weight += weight;
        if self.weight > budget {
            self.old = std::mem::take(&mut self.young);
            self.weight = 0;
        }
    }
}

/// A sharded, bounded memo from `K` to `V` (see the module documentation).
pub(crate) struct Memo<K, V> {
    shards: Vec<Mutex<Generations<K, V>>>,
    /// `shards.len() − 1`: the count is a power of two, so a shard index is a mask, not a
    /// division.
    mask: usize,
    /// The weight at which a shard's young generation is retired.
    shard_budget: usize,
    /// The weight of a value (computed again when a value moves between generations, so that
    /// the tables need not store it).
    weigh: fn(&V) -> usize,
}

impl<K: Hash + Eq + Clone, V: Clone> Memo<K, V> {
    /// A memo of `shards` shards (a power of two) whose total weight, each value weighing
    /// `weigh(value)`, stays below about `2 × budget`.
    pub(crate) fn new(shards: usize, budget: usize, weigh: fn(&V) -> usize) -> Memo<K, V> {
        assert!(shards.is_power_of_two(), "a power of two of shards");
        Memo {
            mask: shards - 1,
            shards: (0..shards)
                .map(|_| {
                    Mutex::new(Generations {
                        young: HashMap::new(),
                        old: HashMap::new(),
                        weight: 0,
                    })
                })
                .collect(),
            shard_budget: (budget / shards).max(1),
            weigh,
        }
    }

    fn shard(&self, index: usize) -> MutexGuard<'_, Generations<K, V>> {
        // A panic elsewhere (an expansion limit unwinding) leaves the tables consistent: every
        // entry is inserted whole.
        self.shards[index & self.mask]
            .lock()
            .unwrap_or_else(|e| e.into_inner())
    }

    /// The value of `key`, stored in shard `shard`.
    pub(crate) fn get(&self, shard: usize, key: &K) -> Option<V> {
        let mut s = self.shard(shard);
        if let Some(v) = s.young.get(key) {
            return Some(v.clone());
        }
        if s.old.is_empty() {
            return None;
        }
        let v = s.old.remove(key)?;
        // Still in use: keep it through the next retirement.
        s.add(key.clone(), v.clone(), (self.weigh)(&v), self.shard_budget);
        Some(v)
    }

    /// Stores `value` for `key` in shard `shard`.
    pub(crate) fn insert(&self, shard: usize, key: K, value: V) {
        let weight = (self.weigh)(&value);
        self.shard(shard).add(key, value, weight, self.shard_budget);
    }

    /// Empties the memo.
    pub(crate) fn clear(&self) {
        for i in 0..self.shards.len() {
            let mut s = self.shard(i);
            s.young = HashMap::new();
            s.old = HashMap::new();
            s.weight = 0;
        }
    }
}
