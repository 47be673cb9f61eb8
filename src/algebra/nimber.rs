//! Nimbers: the minimum excludant, the nim-sum, and nim multiplication.
//!
//! The value of an impartial game is a nimber `*n` (the Sprague–Grundy theorem;
//! LIP ch. 7; CGT Thm IV.1.1), where `n` is the *mex* of the
//! option values, and `*a + *b = *(a ⊕ b)` (Bouton; LIP Thm 7.13).
//!
//! The Conway product of two nimbers is a nimber, `*a · *b = *(a ⊗ b)`, where `⊗` is nim
//! multiplication, `a ⊗ b = mex{a′ ⊗ b ⊕ a ⊗ b′ ⊕ a′ ⊗ b′ : a′ < a, b′ < b}` (Conway, *On Numbers
//! and Games*, Ch. 6, where the integers below each `2^(2^n)` are shown to form a field under
//! `⊕` and `⊗`, with the table of `⊗` for `0..15`).

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

/// `2^i ⊗ 2^j` for `i, j < 64`, computed once.
///
/// The table is filled field by field, for `i, j < W` with `W = 2, 4, …, 64`, from the entries
/// below `W/2` (ONAG Ch. 6): with the Fermat 2-power `F = 2^(W/2)`, which nim-multiplies every
/// smaller number `x < F` as an ordinary product (`F ⊗ x = F·x`) and squares to `F ⊗ F = F ⊕ F/2`
/// (`= 3F/2`), write `2^i = F^{i₁} ⊗ 2^{i₀}` with `i = i₁·W/2 + i₀`. Then
/// * `i₁ = 1, j₁ = 0`: `2^i ⊗ 2^j = F·(2^{i₀} ⊗ 2^j)`;
/// * `i₁ = j₁ = 1`: `2^i ⊗ 2^j = (F ⊕ F/2) ⊗ Y = F·Y ⊕ (F/2 ⊗ Y)` with `Y = 2^{i₀} ⊗ 2^{j₀} < F`,
///   where `F/2 = 2^(W/2 − 1)` and `F/2 ⊗ Y` is a sum of entries below `W/2`.
fn power_table() -> &'static [[u64; 64]; 64] {
    static TABLE: std::sync::OnceLock<Box<[[u64; 64]; 64]>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = Box::new([[0u64; 64]; 64]);
        t[0][0] = 1;
        let mut half = 1; // W/2
        while half < 64 {
            for i in 0..2 * half {
                for j in 0..2 * half {
                    if i < half && j < half {
                        continue;
                    }
                    let (i1, i0) = (i >= half, i % half);
                    let (j1, j0) = (j >= half, j % half);
                    t[i][j] = if i1 && j1 {
                        let y = t[i0][j0];
                        // F·Y ⊕ (F/2 ⊗ Y): every term is below 2^W, so nothing overflows.
                        (y << half) ^ row_product(&t[half - 1], y)
                    } else {
                        // One factor carries F: shift the product of the lower parts.
                        let (a, b) = if i1 { (i0, j) } else { (i, j0) };
                        t[a][b] << half
                    };
                }
            }
            half *= 2;
        }
        t
    })
}

/// `2^i ⊗ y`, given the row `row[j] = 2^i ⊗ 2^j`.
fn row_product(row: &[u64; 64], mut y: u64) -> u64 {
    let mut acc = 0;
    while y != 0 {
        acc ^= row[y.trailing_zeros() as usize];
        y &= y - 1;
    }
    acc
}

/// The nim product `a ⊗ b`: the nimber of the Conway product `*a · *b` (see the module
/// documentation). The integers below `2^64` form a field under `⊕` and `⊗`, so the product of
/// two `u64` is a `u64`.
///
/// ```
/// use partizan::algebra::nimber::nim_product;
/// assert_eq!(nim_product(2, 2), 3);
/// assert_eq!(nim_product(4, 4), 6);
/// assert_eq!(nim_product(8, 8), 13);
/// ```
pub fn nim_product(a: u64, b: u64) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let table = power_table();
    let mut acc = 0;
    let mut x = a;
    while x != 0 {
        acc ^= row_product(&table[x.trailing_zeros() as usize], b);
        x &= x - 1;
    }
    acc
}

/// The nim inverse: the `b` with `a ⊗ b = 1`, or `None` for `a = 0`.
///
/// `a` lies in the field of the integers below `2^(2^n)` for the least such `n` (ONAG Ch. 6), whose
/// multiplicative group has order `q − 1` with `q = 2^(2^n)`, so `a^(−1) = a^(q − 2)`; the inverse
/// is computed by repeated squaring.
///
/// ```
/// use partizan::algebra::nimber::{nim_inverse, nim_product};
/// assert_eq!(nim_inverse(2), Some(3));
/// assert_eq!(nim_product(nim_inverse(1000).unwrap(), 1000), 1);
/// assert_eq!(nim_inverse(0), None);
/// ```
pub fn nim_inverse(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    // The least field size exponent 2^n with a < 2^(2^n).
    let mut width = 1u32;
    while width < 64 && a >> width != 0 {
        width *= 2;
    }
    // q − 2 = 2^width − 2: the bits 1..width − 1 set.
    let exponent: u64 = if width == 64 {
        u64::MAX - 1
    } else {
        (1u64 << width) - 2
    };
    let (mut result, mut base, mut e) = (1u64, a, exponent);
    while e != 0 {
        if e & 1 == 1 {
            result = nim_product(result, base);
        }
        base = nim_product(base, base);
        e >>= 1;
    }
    Some(result)
}

/// Appends the nimber part of a value: nothing for `*0`, `*` for `*1`, `*k` otherwise.
pub(crate) fn push_nimber(out: &mut String, k: u64) {
    match k {
        0 => {}
        1 => out.push('*'),
        k => {
            out.push('*');
            out.push_str(&k.to_string());
        }
    }
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
