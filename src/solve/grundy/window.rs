//! Finding the first repeated window of a sequence whose every value is a function of the
//! `order` values before it: Brent's cycle-finding algorithm on a rolling hash, the proof of a
//! [`Proof::RepeatedWindow`](super::Proof::RepeatedWindow).

use super::PROGRESS_BATCH;

/// Pushes `next(g)` onto `g` until it holds `limit` values or `windows` sees a repeated window;
/// returns the period then.
#[inline]
pub(super) fn extend_until_repeat(
    g: &mut Vec<u32>,
    limit: usize,
    windows: &mut WindowRepeat,
    mut next: impl FnMut(&[u32]) -> u32,
) -> Option<usize> {
    while g.len() < limit {
        let end = (g.len() + PROGRESS_BATCH).min(limit);
        let start = g.len();
        while g.len() < end {
            let v = next(g);
            g.push(v);
            if let Some(period) = windows.step(g) {
                crate::progress::record((g.len() - start) as u64);
                return Some(period);
            }
        }
        crate::progress::record((end - start) as u64);
    }
    None
}

/// Brent's cycle-finding algorithm (Brent 1980, "An improved Monte Carlo factorization
/// algorithm", BIT 20) on the windows `W(e) = G(e − order..e)`, `e >= order`, of a sequence whose
/// every value from `G(order)` on is a function of the window before it.
///
/// The windows then form the orbit of a function, and Brent's algorithm finds the length of its
/// cycle exactly: it keeps one saved window (the *tortoise*), moved to the current end each time
/// the distance reaches a power of two, and reports the distance when the current window equals
/// the saved one. Windows are compared through a polynomial rolling hash (arithmetic mod 2^64,
/// updated in O(1) per value) and, when the hashes agree, element by element.
pub(super) struct WindowRepeat {
    order: usize,
    /// `HASH_BASE^order`, to drop the value leaving the window.
    drop: u64,
    /// The hash of the current window, `W(g.len())`.
    hash: u64,
    /// The end of the saved window, and its hash.
    pub(super) tortoise: usize,
    tortoise_hash: u64,
    /// The distance at which the tortoise next moves.
    power: usize,
}

const HASH_BASE: u64 = 0x9E37_79B9_7F4A_7C15;

impl WindowRepeat {
    /// Starts with the window `W(order)`, when `g` holds at least `order` values.
    pub(super) fn new(g: &[u32], order: usize) -> WindowRepeat {
        let first = &g[..order.min(g.len())];
        let hash = first.iter().fold(0u64, |h, &v| {
            h.wrapping_mul(HASH_BASE).wrapping_add(v as u64)
        });
        WindowRepeat {
            order,
            drop: (0..order).fold(1u64, |p, _| p.wrapping_mul(HASH_BASE)),
            hash,
            tortoise: order,
            tortoise_hash: hash,
            power: 1,
        }
    }

    /// Called after each push onto `g` (so `g.len() > order`): the period, when the window that
    /// now ends `g` equals the saved one.
    #[inline]
    pub(super) fn step(&mut self, g: &[u32]) -> Option<usize> {
        let end = g.len();
        self.hash = self
            .hash
            .wrapping_mul(HASH_BASE)
            .wrapping_add(g[end - 1] as u64)
            .wrapping_sub(self.drop.wrapping_mul(g[end - 1 - self.order] as u64));
        let distance = end - self.tortoise;
        if self.hash == self.tortoise_hash
            && g[end - self.order..] == g[self.tortoise - self.order..self.tortoise]
        {
            return Some(distance);
        }
        if distance == self.power {
            self.tortoise = end;
            self.tortoise_hash = self.hash;
            self.power *= 2;
        }
        None
    }
}
