//! The engine: regions of at most 128 squares as `u128` bitboards, each valued once in a
//! region table keyed by its normal form under the symmetries (see the module documentation of
//! [`super`]).

use super::board::Board;
use crate::algebra::Game;
use crate::rulesets::board::{low_bits, shl, shr};
use hashbrown::HashMap;

impl Board {
    /// The bitboard of this board when it has at most 128 squares.
    pub(super) fn small(&self) -> Option<Small> {
        if self.rows * self.cols > 128 {
            return None;
        }
        let mut bits = 0u128;
        for (k, &e) in self.empty.iter().enumerate() {
            if e {
                bits |= 1 << k;
            }
        }
        Some(Small {
            h: self.rows as u32,
            w: self.cols as u32,
            bits,
        })
    }
}

/// A board of `h × w <= 128` squares; bit `r * w + c` is set when the square is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) struct Small {
    pub(super) h: u32,
    pub(super) w: u32,
    pub(super) bits: u128,
}

impl Small {
    /// Bit 0 of every row.
    #[inline]
    fn first_column(&self) -> u128 {
        let mut x: u128 = 1;
        let mut rows = 1;
        while rows < self.h {
            x |= shl(x, rows * self.w);
            rows *= 2;
        }
        x & low_bits(self.h * self.w)
    }

    /// Squares not in the last column.
    #[inline]
    fn not_last_column(&self) -> u128 {
        self.first_column() * low_bits(self.w - 1)
    }

    /// Top squares of the vertical pairs of empty squares (Left's moves).
    #[inline]
    fn vertical_pairs(&self) -> u128 {
        self.bits & shr(self.bits, self.w)
    }

    /// Left squares of the horizontal pairs of empty squares (Right's moves).
    #[inline]
    fn horizontal_pairs(&self, not_last: u128) -> u128 {
        self.bits & (self.bits >> 1) & not_last
    }

    /// The empty squares next to a square of `x`.
    #[inline]
    fn spread(&self, x: u128, not_last: u128, not_first: u128) -> u128 {
        (shl(x, self.w) | shr(x, self.w) | ((x & not_last) << 1) | ((x & not_first) >> 1))
            & self.bits
    }

    /// The region of the squares `mask`, cropped to its bounding box.
    pub(super) fn crop(&self, mask: u128) -> Small {
        let lo = mask.trailing_zeros();
        let hi = 127 - mask.leading_zeros();
        let (r0, r1) = (lo / self.w, hi / self.w);
        let h = r1 - r0 + 1;
        let shifted = mask >> (r0 * self.w);
        // The union of the rows, by folding the rows onto the first one.
        let mut cols = shifted;
        let mut s = self.w;
        while s < h * self.w {
            cols |= cols >> s;
            s *= 2;
        }
        cols &= low_bits(self.w);
        let (c0, c1) = (cols.trailing_zeros(), 127 - cols.leading_zeros());
        let w = c1 - c0 + 1;
        if w == self.w {
            return Small {
                h,
                w,
                bits: shifted,
            };
        }
        let mut bits = 0u128;
        let row_mask = low_bits(self.w);
        for r in 0..h {
            bits |= ((shifted >> (r * self.w) & row_mask) >> c0) << (r * w);
        }
        Small { h, w, bits }
    }

    /// The image under the half turn: reversing the bit string reverses rows and columns.
    #[inline]
    fn half_turn(&self) -> Small {
        Small {
            bits: self.bits.reverse_bits() >> (128 - self.h * self.w),
            ..*self
        }
    }

    /// The image under reflection top–bottom.
    #[inline]
    fn flip_rows(&self) -> Small {
        let mut bits = 0u128;
        let row_mask = low_bits(self.w);
        for r in 0..self.h {
            bits |= (self.bits >> (r * self.w) & row_mask) << ((self.h - 1 - r) * self.w);
        }
        Small { bits, ..*self }
    }

    /// The image under the transpose (which exchanges the players).
    fn transpose(&self) -> Small {
        let mut bits = 0u128;
        let row_mask = low_bits(self.w);
        for r in 0..self.h {
            let mut row = self.bits >> (r * self.w) & row_mask;
            while row != 0 {
                let c = row.trailing_zeros();
                row &= row - 1;
                bits |= 1 << (c * self.h + r);
            }
        }
        Small {
            h: self.w,
            w: self.h,
            bits,
        }
    }

    /// The least of the four images under the symmetries that keep each player's moves: the
    /// identity, the half turn and the two mirror images (a mirror image is the other mirror
    /// image after a half turn).
    ///
    /// The images compare as their rows from the top row of the bit string down, and their top
    /// rows are the first or last row of `self`, read forwards or backwards; when one of these
    /// four is strictly least, only that image is built.
    #[inline]
    fn least_image(self) -> Small {
        let w = self.w;
        let mask = low_bits(w);
        let first = self.bits & mask;
        let last = self.bits >> ((self.h - 1) * w);
        let reverse = |row: u128| row.reverse_bits() >> (128 - w);
        // The top rows of: the identity, the top–bottom mirror, the half turn, the left–right
        // mirror.
        let tops = [last, first, reverse(first), reverse(last)];
        let least = tops.iter().min().copied().unwrap_or(0);
        let mut winners = tops.iter().enumerate().filter(|(_, &t)| t == least);
        let (i, _) = winners.next().unwrap_or((0, &0));
        if winners.next().is_none() {
            return match i {
                0 => self,
                1 => self.flip_rows(),
                2 => self.half_turn(),
                _ => self.half_turn().flip_rows(),
            };
        }
        let turned = self.half_turn();
        let a = self.flip_rows();
        let b = turned.flip_rows();
        Small {
            bits: self.bits.min(turned.bits).min(a.bits).min(b.bits),
            ..self
        }
    }

    /// The normal form under all eight symmetries, and whether it exchanges the players (so that
    /// the value of `self` is the negative of the value of the normal form).
    pub(super) fn normal_form(self) -> (Small, bool) {
        if self.h < self.w {
            (self.least_image(), false)
        } else if self.h > self.w {
            (self.transpose().least_image(), true)
        } else {
            let same = self.least_image();
            let swapped = self.transpose().least_image();
            if swapped.bits < same.bits {
                (swapped, true)
            } else {
                (same, false)
            }
        }
    }

    /// The board of this bitboard (the same squares, rows and columns).
    pub(super) fn to_board(self) -> Board {
        let (h, w) = (self.h as usize, self.w as usize);
        let empty = (0..h * w).map(|k| self.bits >> k & 1 == 1).collect();
        Board {
            rows: h,
            cols: w,
            empty,
        }
    }

    /// The number of dominoes of the given direction that fit in the columns (vertical) or rows
    /// of the board: the value of a region where only that player can move.
    fn packing(&self, vertical: bool) -> i64 {
        let (lines, len) = if vertical {
            (self.w, self.h)
        } else {
            (self.h, self.w)
        };
        let mut total = 0;
        for line in 0..lines {
            let mut run = 0;
            for i in 0..len {
                let k = if vertical {
                    i * self.w + line
                } else {
                    line * self.w + i
                };
                if self.bits >> k & 1 == 1 {
                    run += 1;
                } else {
                    total += run / 2;
                    run = 0;
                }
            }
            total += run / 2;
        }
        total
    }
}

/// The largest bounding box, in squares, of a region with a compact key (see
/// [`Small::compact_key`]); larger regions are keyed by [`Key`].
const COMPACT_AREA: u32 = 57;

impl Small {
    /// The key of a region of at most [`COMPACT_AREA`] squares cropped to its bounding box: its
    /// squares in the low 57 bits and its width in the top 7 (the height follows, as the last
    /// row holds a square). Never 0, as the width is at least 1.
    #[inline]
    fn compact_key(&self) -> u64 {
        debug_assert!(self.h * self.w <= COMPACT_AREA);
        self.bits as u64 | (self.w as u64) << COMPACT_AREA
    }
}

/// The key of a region of more than [`COMPACT_AREA`] squares in the transposition table: its
/// dimensions and squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    bits: [u64; 2],
    h: u8,
    w: u8,
}

impl From<Small> for Key {
    fn from(s: Small) -> Key {
        Key {
            bits: [s.bits as u64, (s.bits >> 64) as u64],
            h: s.h as u8,
            w: s.w as u8,
        }
    }
}

/// One slot of a [`RegionTable`]: a compact key (0 when the slot is empty) and its value.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct Slot {
    key: u64,
    value: Option<Game>,
}

const EMPTY_SLOT: Slot = Slot {
    key: 0,
    value: None,
};

/// The transposition table of the regions with compact keys: open addressing with linear
/// probing over slots of 16 bytes, four to a cache line. The table is large and its lookups
/// are memory-bound, so a lookup should cost one cache miss, and the engine prefetches the
/// slot of a region before it reads it (see [`Engine::evaluate`]).
struct RegionTable {
    slots: Vec<Slot>,
    len: usize,
}

impl RegionTable {
    fn new() -> RegionTable {
        RegionTable {
            slots: vec![EMPTY_SLOT; 1 << 10],
            len: 0,
        }
    }

    /// The first slot to probe for `key`: the high bits of a mixed key scaled to the table's
    /// length (which need not be a power of two).
    #[inline]
    fn home(&self, key: u64) -> usize {
        let mut h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        ((h as u128 * self.slots.len() as u128) >> 64) as usize
    }

    /// Asks the processor to load the home slot of `key` (a hint: it changes nothing).
    #[inline(always)]
    fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const Slot = &self.slots[self.home(key)];
            // SAFETY: SSE is part of every x86-64 processor, and a prefetch never faults; the
            // address is a slot of the table anyway.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    fn get(&self, key: u64) -> Option<Game> {
        let n = self.slots.len();
        let mut i = self.home(key);
        loop {
            let s = self.slots[i];
            if s.key == key {
                return s.value;
            }
            if s.key == 0 {
                return None;
            }
            i += 1;
            if i == n {
                i = 0;
            }
        }
    }

    /// Stores the value of a key that is not in the table.
    fn insert(&mut self, key: u64, value: Game) {
        // At most three quarters full; a full table grows by half.
        if 4 * (self.len + 1) > 3 * self.slots.len() {
            let n = self.slots.len() / 2 * 3;
            let mut slots = Vec::with_capacity(n);
            // Before the slots are first written: a large table is read at random addresses.
            crate::algebra::advise_huge_pages(slots.spare_capacity_mut());
            slots.resize(n, EMPTY_SLOT);
            let mut bigger = RegionTable { slots, len: 0 };
            for s in &self.slots {
                if let Some(v) = s.value {
                    bigger.place(s.key, v);
                }
            }
            *self = bigger;
        }
        self.place(key, value);
    }

    fn place(&mut self, key: u64, value: Game) {
        let n = self.slots.len();
        let mut i = self.home(key);
        while self.slots[i].key != 0 {
            debug_assert!(self.slots[i].key != key, "a key stored twice");
            i += 1;
            if i == n {
                i = 0;
            }
        }
        self.slots[i] = Slot {
            key,
            value: Some(value),
        };
        self.len += 1;
    }
}

/// One region of an option of a position being evaluated (see [`Engine::evaluate`]).
#[derive(Clone, Copy)]
struct Part {
    /// The region's normal form, to look up when `known` is `None`.
    region: Small,
    /// The value when it needs no lookup (the shapes of at most three squares, or an option
    /// without a region).
    known: Option<Game>,
    /// Whether the value is the negative of the normal form's.
    negate: bool,
    /// Whether this is the last region of its option.
    last: bool,
}

/// The engine: a transposition table from normal forms of regions to their values, and the
/// values of the shapes of at most three squares.
pub(super) struct Engine {
    compact: RegionTable,
    large: HashMap<Key, Game>,
    /// The regions of the options of the positions being evaluated: a stack shared by the
    /// levels of the search, each level using the entries above those of the level below.
    parts: Vec<Part>,
    zero: Game,
    one: Game,
    minus_one: Game,
    star: Game,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine {
            compact: RegionTable::new(),
            large: HashMap::new(),
            parts: Vec::new(),
            zero: Game::zero(),
            one: Game::integer(1),
            minus_one: Game::integer(-1),
            star: Game::star(),
        }
    }
}

impl Engine {
    /// The number of regions in the transposition table.
    pub(super) fn len(&self) -> usize {
        self.compact.len + self.large.len()
    }

    /// The value of any board of at most 128 squares: the sum of its regions.
    pub(super) fn board_value(&mut self, b: Small) -> Game {
        // A search abandoned by an interruption leaves its entries behind.
        self.parts.clear();
        if b.bits == 0 {
            return self.zero;
        }
        let not_last = b.not_last_column();
        let start = self.parts.len();
        self.push_regions(b, not_last);
        let v = self.sum_parts(start);
        self.parts.clear();
        v
    }

    /// Pushes the regions of `b` onto the stack of parts (`not_last`: its squares not in the
    /// last column), prefetching the table slots of those to look up; at least one part, the
    /// last marked as such.
    fn push_regions(&mut self, b: Small, not_last: u128) {
        let not_first = not_last << 1;
        let start = self.parts.len();
        let mut rest = b.bits;
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let next = region | b.spread(region, not_last, not_first);
                if next == region {
                    break;
                }
                region = next;
            }
            rest &= !region;
            if region & (region - 1) == 0 {
                continue; // a lone square
            }
            let part = self.part(b.crop(region));
            self.parts.push(part);
        }
        if self.parts.len() == start {
            self.parts.push(Part {
                region: b,
                known: Some(self.zero),
                negate: false,
                last: true,
            });
        }
        if let Some(p) = self.parts.last_mut() {
            p.last = true;
        }
    }

    /// The part of one connected region, cropped to its bounding box.
    #[inline]
    fn part(&self, region: Small) -> Part {
        // The shapes of two or three squares: a domino or a straight tromino is one move for its
        // owner; the L-tromino (in a 2×2 box) is {0 | 0} = *, as either move leaves a lone square.
        let known = match (region.bits.count_ones(), region.h, region.w) {
            (2 | 3, 1, _) => Some(self.minus_one),
            (2 | 3, _, 1) => Some(self.one),
            (3, 2, 2) => Some(self.star),
            _ => None,
        };
        if known.is_some() {
            return Part {
                region,
                known,
                negate: false,
                last: false,
            };
        }
        let (key, negate) = region.normal_form();
        if key.h * key.w <= COMPACT_AREA {
            self.compact.prefetch(key.compact_key());
        }
        Part {
            region: key,
            known: None,
            negate,
            last: false,
        }
    }

    /// The sum of the values of the parts from `start` up to the next last one.
    fn sum_parts(&mut self, mut i: usize) -> Game {
        let mut total: Option<Game> = None;
        loop {
            let p = self.parts[i];
            i += 1;
            let v = match p.known {
                Some(v) => v,
                None => self.region_value(p.region, p.negate),
            };
            total = Some(match total {
                None => v,
                Some(t) => t + v,
            });
            if p.last {
                return total.unwrap_or(self.zero);
            }
        }
    }

    /// The value of a region in normal form (negated when `negate`), from the table or
    /// evaluated and stored.
    fn region_value(&mut self, key: Small, negate: bool) -> Game {
        let v = if key.h * key.w <= COMPACT_AREA {
            let k = key.compact_key();
            match self.compact.get(k) {
                Some(v) => v,
                None => {
                    let v = self.evaluate_new(key);
                    self.compact.insert(k, v);
                    v
                }
            }
        } else {
            match self.large.get(&Key::from(key)) {
                Some(&v) => v,
                None => {
                    let v = self.evaluate_new(key);
                    self.large.insert(Key::from(key), v);
                    v
                }
            }
        };
        if negate {
            -v
        } else {
            v
        }
    }

    /// [`Engine::evaluate`] for a region not in the table, unless the region source (a value
    /// database, see [`super::source::RegionSource`]) holds it.
    fn evaluate_new(&mut self, key: Small) -> Game {
        if let Some(source) = super::source::region_source() {
            if key.bits.count_ones() as usize <= source.max_squares() {
                if let Some(v) = source.value(&key.to_board()) {
                    return v;
                }
            }
        }
        // An interruption point (see `crate::interrupt`): the table holds only regions whose
        // values are complete.
        crate::interrupt::check();
        let v = self.evaluate(key);
        // One relaxed addition per new region, next to a `Game::new`: cheap enough.
        crate::progress::record(1);
        v
    }

    /// The value of a region: the canonical form of its options. The regions of all options
    /// are found and normalised first, and their table slots prefetched, so that the lookups
    /// that follow overlap their cache misses.
    fn evaluate(&mut self, b: Small) -> Game {
        let not_last = b.not_last_column();
        let vertical = b.vertical_pairs();
        let horizontal = b.horizontal_pairs(not_last);
        if horizontal == 0 {
            return Game::integer(b.packing(true));
        }
        if vertical == 0 {
            return Game::integer(-b.packing(false));
        }
        let base = self.parts.len();
        let mut rest = vertical;
        while rest != 0 {
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            let bits = b.bits & !(1 << k | 1 << (k + b.w));
            self.push_regions(Small { bits, ..b }, not_last);
        }
        let mut rest = horizontal;
        while rest != 0 {
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            let bits = b.bits & !(3 << k);
            self.push_regions(Small { bits, ..b }, not_last);
        }
        let end = self.parts.len();
        let lefts = vertical.count_ones() as usize;
        let mut left = Vec::with_capacity(lefts);
        let mut right = Vec::with_capacity(horizontal.count_ones() as usize);
        let mut i = base;
        while i < end {
            let v = self.sum_parts(i);
            while !self.parts[i].last {
                i += 1;
            }
            i += 1;
            if left.len() < lefts {
                left.push(v);
            } else {
                right.push(v);
            }
        }
        self.parts.truncate(base);
        Game::new(left, right)
    }
}
