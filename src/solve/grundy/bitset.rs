//! [`Bitset`]: a growable set of small integers, the "values already seen" of a mex, with a
//! word-at-a-time [`Bitset::mex`].

/// A growable set of non-negative integers stored as bits.
///
/// ```
/// use partizan::solve::grundy::Bitset;
/// let mut s = Bitset::new();
/// for v in [0, 1, 2, 4, 200] {
///     s.insert(v);
/// }
/// assert_eq!(s.mex(), 3);
/// assert!(s.contains(200) && !s.contains(199));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bitset {
    words: Vec<u64>,
}

impl Bitset {
    /// The empty set.
    pub fn new() -> Bitset {
        Bitset::default()
    }

    /// The empty set, with room for the values `0..bits` without growing.
    pub fn with_capacity(bits: usize) -> Bitset {
        Bitset {
            words: vec![0; bits.div_ceil(64)],
        }
    }

    /// Adds `v`.
    #[inline]
    pub fn insert(&mut self, v: usize) {
        let w = v / 64;
        if w >= self.words.len() {
            self.words.resize(w + 1, 0);
        }
        self.words[w] |= 1 << (v % 64);
    }

    /// Removes `v`.
    #[inline]
    pub fn remove(&mut self, v: usize) {
        if let Some(w) = self.words.get_mut(v / 64) {
            *w &= !(1 << (v % 64));
        }
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(&self, v: usize) -> bool {
        self.words
            .get(v / 64)
            .is_some_and(|w| w & (1 << (v % 64)) != 0)
    }

    /// Adds the values `64 · index + i` for the bits `i` set in `word`.
    #[inline]
    pub fn union_word(&mut self, index: usize, word: u64) {
        if index >= self.words.len() {
            self.words.resize(index + 1, 0);
        }
        self.words[index] |= word;
    }

    /// Empties the set, keeping its storage.
    pub fn clear(&mut self) {
        self.words.fill(0);
    }

    /// The minimum excludant: the least value not in the set.
    #[inline]
    pub fn mex(&self) -> usize {
        first_zero(&self.words, 0)
    }
}

/// The least bit index `>= start` that is zero in `words` (bits past the end are zero).
#[inline]
pub(super) fn first_zero(words: &[u64], start: usize) -> usize {
    let mut i = start / 64;
    if let Some(&w) = words.get(i) {
        let w = w | ((1u64 << (start % 64)) - 1);
        if w != u64::MAX {
            return i * 64 + w.trailing_ones() as usize;
        }
        i += 1;
    } else {
        return start;
    }
    while let Some(&w) = words.get(i) {
        if w != u64::MAX {
            return i * 64 + w.trailing_ones() as usize;
        }
        i += 1;
    }
    i * 64
}
