//! Nimbers: the minimum excludant and the nim-sum.
//!
//! The value of an impartial game is a nimber `*n` (the Sprague–Grundy theorem;
//! *Lessons in Play* Thm 7.x; Siegel, CGT Thm IV.1.1), where `n` is the *mex* of the
//! option values, and `*a + *b = *(a ⊕ b)` (Bouton; *Lessons in Play* Thm 7.13).

/// The minimum excludant: the least non-negative integer not among `values`.
///
/// ```
/// assert_eq!(partizan::mex([0, 1, 3, 4]), 2);
/// assert_eq!(partizan::mex(std::iter::empty()), 0);
/// ```
pub fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    // A value > len cannot be the mex, so a bitset of len + 1 bits suffices.
    let values: Vec<u64> = values.into_iter().collect();
    let n = values.len();
    let mut seen = vec![0u64; n / 64 + 1];
    for v in values {
        if (v as usize) <= n {
            seen[v as usize / 64] |= 1 << (v % 64);
        }
    }
    for (i, w) in seen.iter().enumerate() {
        if *w != u64::MAX {
            return (i * 64) as u64 + w.trailing_ones() as u64;
        }
    }
    unreachable!("a bitset of len + 1 bits always has a zero bit")
}

/// The nim-sum `a ⊕ b`: the nimber of `*a + *b`.
pub fn nim_sum(a: u64, b: u64) -> u64 {
    a ^ b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_by_hand() {
        assert_eq!(mex([1, 2, 3]), 0);
        assert_eq!(mex([0, 0, 2]), 1);
        assert_eq!(mex((0..200).chain([1000])), 200);
        assert_eq!(mex([u64::MAX]), 0);
    }
}
