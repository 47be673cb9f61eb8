//! Misère play against independent sources: Bouton's rule for misère Nim, the genera of
//! *Winning Ways* ch. 13, Plambeck and Siegel's published quotients, and outcomes recomputed by
//! brute-force searches written here from the rules alone.

use partizan::algebra::misere::{Genus, MisereGame};
use partizan::rulesets::domineering::{Board, Domineering};
use partizan::rulesets::octal::OctalGame;
use partizan::solve::misere::{heap_genera, MisereSolver};
use partizan::solve::quotient::misere_quotient;
use partizan::{Error, Outcome};
use std::collections::HashMap;

/// Bouton (1902): misère Nim is won by the player to move except when every heap has at most
/// one token and their number is odd, or some heap has two or more and the nim-sum is 0.
fn bouton_p(heaps: &[u64]) -> bool {
    let xor = heaps.iter().fold(0, |a, &h| a ^ h);
    if heaps.iter().all(|&h| h <= 1) {
        heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
    } else {
        xor == 0
    }
}

#[test]
fn misere_nim_follows_boutons_rule() {
    for a in 0..6u64 {
        for b in 0..6u64 {
            for c in 0..6u64 {
                let g = MisereGame::nim_heap(a) + MisereGame::nim_heap(b) + MisereGame::nim_heap(c);
                let expected = if bouton_p(&[a, b, c]) {
                    Outcome::P
                } else {
                    Outcome::N
                };
                assert_eq!(g.outcome(), expected, "*{a} + *{b} + *{c}");
            }
        }
    }
}

#[test]
fn kayles_genera_of_winning_ways() {
    // Winning Ways ch. 13, the misère Kayles table: K0 … K5.
    let g = heap_genera(OctalGame::kayles(), |k| vec![k], 5).unwrap();
    let shown: Vec<String> = g.iter().map(Genus::to_string).collect();
    assert_eq!(shown, ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"]);
    // The tame genera of nim heaps (Winning Ways ch. 13): *0 0^120, *1 1^031, *a a^{a(a⊕2)}.
    for n in 0..8u64 {
        let genus = MisereGame::nim_heap(n).genus().clone();
        assert_eq!(genus, Genus::of_nim_heap(n));
        assert!(genus.is_tame());
    }
}

/// The misère outcome of a position of an octal game, by a search of the rules written here:
/// `code[k]` is the octal digit for taking `k` tokens (bit 1: the whole heap, bit 2: leaving one
/// heap, bit 4: leaving two).
fn octal_outcome_p(
    digits: &[u8],
    heaps: &mut Vec<usize>,
    memo: &mut HashMap<Vec<usize>, bool>,
) -> bool {
    // A heap with no move adds no move to a sum: drop it (heap 1 of Dawson's Kayles).
    heaps.retain(|&h| has_move(digits, h));
    heaps.sort_unstable();
    if let Some(&p) = memo.get(heaps.as_slice()) {
        return p;
    }
    let mut any_move = false;
    let mut all_to_n = true;
    for i in 0..heaps.len() {
        let n = heaps[i];
        for (k, &d) in digits.iter().enumerate().skip(1) {
            if k > n {
                break;
            }
            let mut results: Vec<Vec<usize>> = Vec::new();
            if d & 1 != 0 && k == n {
                results.push(vec![]);
            }
            if d & 2 != 0 && n > k {
                results.push(vec![n - k]);
            }
            if d & 4 != 0 && n > k + 1 {
                for a in 1..=(n - k) / 2 {
                    results.push(vec![a, n - k - a]);
                }
            }
            for parts in results {
                any_move = true;
                let mut next = heaps.clone();
                next.remove(i);
                next.extend(parts);
                if octal_outcome_p(digits, &mut next, memo) {
                    all_to_n = false;
                }
            }
        }
    }
    // Misère: with no move the player to move wins (an N-position).
    let p = any_move && all_to_n;
    memo.insert(heaps.clone(), p);
    p
}

/// Whether a heap of `n` has a move under the octal digits (see [`octal_outcome_p`]).
fn has_move(digits: &[u8], n: usize) -> bool {
    digits
        .iter()
        .enumerate()
        .skip(1)
        .any(|(k, &d)| (d & 1 != 0 && k == n) || (d & 2 != 0 && n > k) || (d & 4 != 0 && n > k + 1))
}

fn digits(code: &str) -> Vec<u8> {
    code.chars()
        .filter(|c| *c != '.')
        .map(|c| c.to_digit(8).unwrap() as u8)
        .collect()
}

/// Every multiset of heaps from `1..=n` with total size at most `total`.
fn positions(n: usize, total: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    let mut i = 0;
    while i < out.len() {
        let p: Vec<usize> = out[i].clone();
        let sum: usize = p.iter().sum();
        let from = p.last().copied().unwrap_or(1);
        for h in from..=n {
            if sum + h <= total {
                let mut q = p.clone();
                q.push(h);
                out.push(q);
            }
        }
        i += 1;
    }
    out
}

/// The quotient decides the outcome of every small position as the brute-force search does,
/// and no two of its elements are indistinguishable.
fn check_quotient(
    code: &str,
    n: usize,
    total: usize,
) -> partizan::algebra::misere::quotient::MisereQuotient {
    let q = misere_quotient(&OctalGame::parse(code).unwrap(), n, 1000).unwrap();
    let d = digits(code);
    let mut memo = HashMap::new();
    for p in positions(n, total) {
        let expected = octal_outcome_p(&d, &mut p.clone(), &mut memo);
        let got = q.outcome(&p).unwrap() == Outcome::P;
        assert_eq!(got, expected, "{code}: heaps {p:?}");
    }
    assert_no_two_indistinguishable(&q, code);
    q
}

/// No two elements of the quotient have the same P-status under every product (so it is the
/// quotient, not a cover of it).
fn assert_no_two_indistinguishable(
    q: &partizan::algebra::misere::quotient::MisereQuotient,
    code: &str,
) {
    let size = q.size() as u32;
    for x in 0..size {
        for y in 0..x {
            assert!(
                (0..size).any(|z| q.is_p(q.product(x, z)) != q.is_p(q.product(y, z))),
                "{code}: elements {} and {} are indistinguishable",
                q.word(x),
                q.word(y)
            );
        }
    }
}

/// The number of classes of `positions` told apart by some position of `positions` added to
/// them, under the misère P-test `p`: a lower bound on the size of the misère quotient of any set
/// of games containing them, computed from the outcomes alone.
fn classes_told_apart(positions: &[Vec<usize>], mut p: impl FnMut(&[usize]) -> bool) -> usize {
    let signatures: std::collections::HashSet<Vec<bool>> = positions
        .iter()
        .map(|g| {
            positions
                .iter()
                .map(|x| p(&[g.as_slice(), x.as_slice()].concat()))
                .collect()
        })
        .collect();
    signatures.len()
}

/// Every position with each heap of `1..=n` at most `m` times.
fn bounded_positions(n: usize, m: usize) -> Vec<Vec<usize>> {
    let mut out = vec![vec![]];
    for h in 1..=n {
        out = out
            .iter()
            .flat_map(|p| (0..=m).map(move |c| [p.clone(), vec![h; c]].concat()))
            .collect();
    }
    out
}

#[test]
fn quotients_of_misere_nim_are_the_tame_quotients() {
    // Misère Nim's heaps 1..=3 and 1..=7 (octal 0.333…): by Bouton's rule a position's class is
    // its nim-sum when some heap is 2 or more, and the parity of its heaps of 1 otherwise, so
    // 4 + 2 and 8 + 2 classes, here counted from Bouton's rule alone. These are the tame
    // quotients T₂ = ⟨a, b | a² = 1, b³ = b⟩ (6 elements, the quotient of Kayles' early heaps
    // too, below) and T₃; |P| = 2 and |Q| = 2ⁿ + 2 as Siegel's classification requires of a
    // quotient with two P-elements ("The structure and classification of misère quotients",
    // arXiv:math/0703070, abstract: |Q| = 2ⁿ + 2 or 2ⁿ + 4).
    for (n, size) in [(3, 6), (7, 10)] {
        let bouton = |p: &[usize]| bouton_p(&p.iter().map(|&h| h as u64).collect::<Vec<_>>());
        assert_eq!(classes_told_apart(&bounded_positions(n, 2), bouton), size);
        let code = format!("0.{}", "3".repeat(n));
        let q = misere_quotient(&OctalGame::parse(&code).unwrap(), n, 100).unwrap();
        assert_eq!((q.size(), q.p_portion_size()), (size, 2), "heaps 1..={n}");
        for p in positions(n, 12) {
            let expected = bouton_p(&p.iter().map(|&h| h as u64).collect::<Vec<_>>());
            assert_eq!(q.outcome(&p) == Some(Outcome::P), expected, "heaps {p:?}");
        }
    }
    let q = misere_quotient(&OctalGame::parse("0.333").unwrap(), 3, 100).unwrap();
    assert_eq!(q.presentation(), "<a, b | a^2 = 1, b^3 = b>");
    assert_eq!(q.p_portion(), "{a, b^2}");
}

#[test]
fn quotient_of_kayles_early_heaps_is_misere_nims() {
    // Kayles' heaps 1, 2, 3 are *, *2, *3 and heap 4 is tame like *1 (genus 1^031, Winning Ways
    // ch. 13): up to heap 4 the quotient is misère Nim's T₂, ⟨a, b | a² = 1, b³ = b⟩ with
    // P = {a, b²}, 6 elements, counted here from outcomes alone; heap 5 (genus 4^146) enlarges it.
    for n in [3, 4] {
        let q = check_quotient("0.77", n, 14);
        assert_eq!(q.size(), 6);
        assert_eq!(q.presentation(), "<a, b | a^2 = 1, b^3 = b>");
        assert_eq!(q.p_portion(), "{a, b^2}");
    }
    let d = digits("0.77");
    let mut memo = HashMap::new();
    let mut p = |g: &[usize]| octal_outcome_p(&d, &mut g.to_vec(), &mut memo);
    assert_eq!(classes_told_apart(&bounded_positions(4, 2), &mut p), 6);
    assert!(classes_told_apart(&bounded_positions(5, 1), &mut p) > 6);
    assert!(check_quotient("0.77", 5, 14).size() > 6);
}

#[test]
fn quotient_of_0_75_has_six_elements_to_heap_4_and_eight_from_heap_5() {
    // 0.75's heaps 1..=4 act as *, *2, *, *2: its quotient there is misère Nim's T₂ (6 elements).
    // From heap 5 on it is the 8-element quotient ⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩,
    // P = {a, b²}, the only misère quotient of order 8 (Siegel, "The structure and
    // classification of misère quotients", arXiv:math/0703070, abstract: "there is exactly one
    // quotient of order 8"). The sizes 6 and 8 are counted here from outcomes alone; the rest
    // is checked by brute force.
    let d = digits("0.75");
    let mut memo = HashMap::new();
    let mut p = |g: &[usize]| octal_outcome_p(&d, &mut g.to_vec(), &mut memo);
    assert_eq!(classes_told_apart(&bounded_positions(4, 2), &mut p), 6);
    assert_eq!(classes_told_apart(&bounded_positions(6, 1), &mut p), 8);
    let q = check_quotient("0.75", 4, 16);
    assert_eq!(q.size(), 6);
    assert_eq!(q.presentation(), "<a, b | a^2 = 1, b^3 = b>");
    for n in [5, 16] {
        let q = check_quotient("0.75", n, 16);
        assert_eq!((q.size(), q.p_portion_size()), (8, 2));
        assert_eq!(
            q.presentation(),
            "<a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>"
        );
        assert_eq!(q.p_portion(), "{a, b^2}");
    }
}

#[test]
fn larger_quotients_agree_with_brute_force() {
    check_quotient("0.77", 12, 15);
    check_quotient("0.07", 16, 17);
}

#[test]
fn dawsons_kayles_to_heap_30_agrees_with_brute_force() {
    // Dawson's Kayles (0.07) up to heap 30, where heaps 25..=30 change the presentation: every
    // sum of up to four heaps of 2..=30 with at most 44 tokens (every heap alone, every pair up
    // to 30 + 14, …) has the misère outcome a search of the rules gives, and no two elements of
    // the quotient are indistinguishable.
    let q = misere_quotient(&OctalGame::dawson_kayles(), 30, 2000).unwrap();
    assert_eq!(q.max_heap(), 30);
    let d = digits("0.07");
    let mut memo = HashMap::new();
    let mut checked = 0;
    for p in positions(30, 44) {
        if p.len() > 4 || p.contains(&1) {
            continue;
        }
        let expected = octal_outcome_p(&d, &mut p.clone(), &mut memo);
        assert_eq!(q.outcome(&p) == Some(Outcome::P), expected, "heaps {p:?}");
        checked += 1;
    }
    assert!(checked > 7_000, "{checked}");
    assert_no_two_indistinguishable(&q, "0.07");
}

#[test]
fn quotient_size_limit_is_a_one_line_error() {
    let e = misere_quotient(&OctalGame::dawson_kayles(), 30, 10).unwrap_err();
    assert!(matches!(e, Error::Limit(_)));
    let m = e.to_string();
    assert!(
        !m.contains('\n') && m.contains("more than 10 elements"),
        "{m}"
    );
}

/// Misère Domineering by brute force on a bitmask of free squares (Left places vertically).
fn domineering_wins(
    free: u64,
    rows: usize,
    cols: usize,
    left: bool,
    memo: &mut HashMap<(u64, bool), bool>,
) -> bool {
    if let Some(&w) = memo.get(&(free, left)) {
        return w;
    }
    let mut moves = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let a = r * cols + c;
            let b = if left { a + cols } else { a + 1 };
            let ok = if left { r + 1 < rows } else { c + 1 < cols };
            if ok && free >> a & 1 == 1 && free >> b & 1 == 1 {
                moves.push(free & !(1 << a) & !(1 << b));
            }
        }
    }
    // Misère: the player with no move wins.
    let w = moves.is_empty()
        || moves
            .iter()
            .any(|&m| !domineering_wins(m, rows, cols, !left, memo));
    memo.insert((free, left), w);
    w
}

#[test]
fn misere_domineering_outcomes_agree_with_brute_force() {
    let mut solver = MisereSolver::new(Domineering::rules_only());
    for (rows, cols) in [
        (1, 2),
        (2, 2),
        (2, 3),
        (3, 2),
        (2, 4),
        (3, 3),
        (2, 5),
        (3, 4),
    ] {
        let mut memo = HashMap::new();
        let all = (1u64 << (rows * cols)) - 1;
        let l = domineering_wins(all, rows, cols, true, &mut memo);
        let r = domineering_wins(all, rows, cols, false, &mut memo);
        let expected = match (l, r) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        };
        assert_eq!(
            solver.outcome(&Board::rectangle(rows, cols)),
            expected,
            "{rows}x{cols}"
        );
    }
}

/// The misère outcome of an impartial explicit tree, from the definition: the player to move
/// wins when there is no move or some move to a position where the player to move loses.
fn tree_mover_wins(f: &partizan::algebra::form::Form) -> bool {
    let options = f.left_options();
    options.is_empty() || options.iter().any(|o| !tree_mover_wins(o))
}

#[test]
fn trees_of_impartial_forms_agree_with_the_definition() {
    use partizan::algebra::form::Form;
    use partizan::algebra::misere::tree;
    use partizan::Game;
    // Every impartial tree born by day 3, written as explicit forms {A, B, … | A, B, …}.
    let node = |opts: Vec<Form>| Form::new(opts.clone(), opts);
    let mut trees = vec![node(vec![])];
    for _ in 0..3 {
        let base = trees.clone();
        trees = (0..1u32 << base.len())
            .map(|mask| {
                let opts: Vec<Form> = (0..base.len())
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| base[i].clone())
                    .collect();
                node(opts)
            })
            .collect();
    }
    assert_eq!(trees.len(), 16);
    for f in &trees {
        let expected = if tree_mover_wins(f) {
            Outcome::N
        } else {
            Outcome::P
        };
        assert_eq!(tree::outcome(f), expected, "{f}");
        let g = tree::impartial_form(f).expect("an impartial tree");
        assert_eq!(g.outcome(), expected, "{f} = {g}");
    }
    // By hand: {0, *} is the nim heap *2; {*} is 0 (the proviso holds: {*} is an N-position);
    // {{*}} = {0} = *; a partizan tree has no misère canonical form here.
    let zero = node(vec![]);
    let star = node(vec![zero.clone()]);
    assert_eq!(
        tree::impartial_form(&node(vec![zero.clone(), star.clone()])),
        Some(MisereGame::nim_heap(2))
    );
    assert_eq!(
        tree::impartial_form(&node(vec![star.clone()])),
        Some(MisereGame::zero())
    );
    assert_eq!(
        tree::impartial_form(&node(vec![node(vec![star.clone()])])),
        Some(MisereGame::star())
    );
    // The explicit tree {0, * | 0, *} and the canonical leaf *2 are the same tree.
    let mixed = Form::new(
        vec![Form::value(Game::nimber(2))],
        vec![node(vec![zero.clone(), star])],
    );
    assert_eq!(tree::impartial_form(&mixed).unwrap().to_string(), "*[2#]");
    assert_eq!(tree::impartial_form(&Form::new(vec![zero], vec![])), None);
}

#[test]
fn every_quotient_has_even_order_and_two_p_elements_force_2n_plus_2_or_4() {
    // Two theorems, checked on every octal code of up to three digits, heaps 1..=8: a misère
    // quotient other than the trivial one has even order (Plambeck and Siegel, "Misère quotients
    // for impartial games", JCTA 115 (2008), as restated in Rubinstein-Salzedo and Zhou,
    // arXiv:2603.18244, introduction); and a finite quotient with exactly two P-elements has
    // order 2ⁿ + 2 or 2ⁿ + 4 (Siegel, "The structure and classification of misère quotients",
    // arXiv:math/0703070, abstract).
    let mut checked = 0;
    let mut two_p = 0;
    for d1 in 0..8u8 {
        for d2 in 0..8u8 {
            for d3 in 0..8u8 {
                let code = format!("0.{d1}{d2}{d3}");
                let Ok(q) = misere_quotient(&OctalGame::parse(&code).unwrap(), 8, 2000) else {
                    continue;
                };
                if q.size() == 1 {
                    continue; // no heap up to 8 has a move: the trivial quotient
                }
                checked += 1;
                assert_eq!(q.size() % 2, 0, "{code}: {}", q.presentation());
                if q.p_portion_size() == 2 {
                    two_p += 1;
                    let m = q.size();
                    assert!(
                        (m - 2).is_power_of_two() || (m - 4).is_power_of_two(),
                        "{code}: |Q| = {m} with two P-elements"
                    );
                }
            }
        }
    }
    // 510 of the 512 codes: 0.000 has no move, and 0.354's quotient stops at heap 5 (its
    // guesses keep growing past the limit on recalibrations).
    assert!(
        checked >= 500 && two_p >= 300,
        "{checked} quotients, {two_p} with |P| = 2"
    );
}
