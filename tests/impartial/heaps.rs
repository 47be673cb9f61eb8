//! Heap games (Nim, subtraction, take-a-range, octal, Grundy's game) against brute force coded
//! here, closed formulas and published sequences.

// Grids and sequences are indexed by their coordinates, as in the papers.
#![allow(clippy::needless_range_loop)]

use partizan::rulesets::nim;
use partizan::rulesets::octal::{GrundyGame, OctalGame};
use partizan::rulesets::subtraction::{bash_grundy, Convention, Subtraction, TakeRange};
use partizan::solve::grundy::Proof;
use std::collections::HashMap;

fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let v: Vec<u32> = values.into_iter().collect();
    (0..).find(|x| !v.contains(x)).unwrap()
}

/// All lists of `count` heaps of at most `max`.
fn heap_lists(count: usize, max: u64) -> Vec<Vec<u64>> {
    let mut out = vec![vec![]];
    for _ in 0..count {
        out = out
            .into_iter()
            .flat_map(|v| {
                (0..=max).map(move |h| {
                    let mut w = v.clone();
                    w.push(h);
                    w
                })
            })
            .collect();
    }
    out
}

/// Whether the player to move wins Nim (normal or misère) by search.
fn nim_wins(heaps: &[u64], misere: bool, memo: &mut HashMap<(Vec<u64>, bool), bool>) -> bool {
    let mut key = heaps.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&(key.clone(), misere)) {
        return w;
    }
    let mut any_move = false;
    let mut wins = false;
    for i in 0..heaps.len() {
        for smaller in 0..heaps[i] {
            any_move = true;
            let mut next = heaps.to_vec();
            next[i] = smaller;
            if !nim_wins(&next, misere, memo) {
                wins = true;
            }
        }
    }
    // No move: in normal play the player to move has lost; in misère the opponent took the last
    // token and lost.
    let w = if any_move { wins } else { misere };
    memo.insert((key, misere), w);
    w
}

#[test]
fn nim_bouton_and_misere_rules_with_winning_moves() {
    let mut memo = HashMap::new();
    for count in 1..=4 {
        for heaps in heap_lists(count, 4) {
            let normal = nim_wins(&heaps, false, &mut memo);
            assert_eq!(nim::grundy(&heaps) != 0, normal, "{heaps:?}");
            match nim::winning_move(&heaps) {
                Some((i, to)) => {
                    assert!(to < heaps[i]);
                    let mut next = heaps.clone();
                    next[i] = to;
                    assert!(!nim_wins(&next, false, &mut memo), "{heaps:?} → {next:?}");
                }
                None => assert!(!normal),
            }
            let misere = nim_wins(&heaps, true, &mut memo);
            assert_eq!(nim::misere_wins(&heaps), misere, "misère {heaps:?}");
            match nim::misere_winning_move(&heaps) {
                Some((i, to)) => {
                    assert!(to < heaps[i]);
                    let mut next = heaps.clone();
                    next[i] = to;
                    assert!(
                        !nim_wins(&next, true, &mut memo),
                        "misère {heaps:?} → {next:?}"
                    );
                }
                // Losing, or nothing left to take (a win already).
                None => assert!(!misere || heaps.iter().all(|&h| h == 0), "{heaps:?}"),
            }
        }
    }
}

/// `G(0..len)` of a subtraction set by direct mex.
fn brute_subtraction(set: &[usize], len: usize) -> Vec<u32> {
    let mut g = Vec::new();
    for n in 0..len {
        g.push(mex(set.iter().filter(|&&s| s <= n).map(|&s| g[n - s])));
    }
    g
}

#[test]
fn bash_game_is_n_mod_m_plus_one() {
    for m in 1..=7 {
        let set: Vec<usize> = (1..=m).collect();
        let g = Subtraction::new(&set).unwrap().grundy_sequence(200);
        for (n, &v) in g.iter().enumerate() {
            assert_eq!(v as usize, bash_grundy(m, n));
            assert_eq!(v as usize, n % (m + 1));
        }
    }
}

/// Checks a reported (period, pre-period) on a long brute-force sequence: the pattern holds on
/// all of it, fails just before the pre-period, and no smaller period holds on its tail.
fn check_period(long: &[u32], period: usize, preperiod: usize, what: &str) {
    for n in preperiod..long.len() - period {
        assert_eq!(
            long[n + period],
            long[n],
            "{what}: period {period} fails at {n}"
        );
    }
    if preperiod > 0 {
        assert_ne!(
            long[preperiod - 1 + period],
            long[preperiod - 1],
            "{what}: pre-period"
        );
    }
    let tail = long.len() / 2;
    for smaller in 1..period {
        assert!(
            (tail..long.len() - smaller).any(|n| long[n + smaller] != long[n]),
            "{what}: {smaller} is a smaller period"
        );
    }
}

/// The least period and pre-period that `long` shows over its second half, by trying every
/// period: exact for a sequence whose pre-period and period are both well below half its length.
fn brute_period(long: &[u32]) -> (usize, usize) {
    let half = long.len() / 2;
    let period = (1..half)
        .find(|&p| (half..long.len() - p).all(|n| long[n + p] == long[n]))
        .expect("a period over the second half");
    let mut preperiod = half;
    while preperiod > 0 && long[preperiod - 1 + period] == long[preperiod - 1] {
        preperiod -= 1;
    }
    (period, preperiod)
}

#[test]
fn subtraction_games_match_brute_force_and_their_periods_hold() {
    let sets: &[&[usize]] = &[
        &[1, 2, 3],
        &[1, 3, 4],
        &[2, 5],
        &[2, 5, 7],
        &[2, 3, 7],
        &[1, 4, 9, 16],
        &[1, 4, 9, 16, 25],
        &[3, 5, 8],
        &[5, 7, 11, 12],
        &[1, 2, 6],
        &[4, 9, 13, 40],
    ];
    for set in sets {
        let game = Subtraction::new(set).unwrap();
        let long = brute_subtraction(set, 20_000);
        assert_eq!(game.grundy_sequence(20_000), long, "{set:?}");
        let p = game
            .periodicity(20_000)
            .expect("a finite subtraction set is periodic");
        assert!(
            matches!(p.proof, Proof::RepeatedWindow { order, .. } if order == *set.last().unwrap()),
            "{set:?}: {p}"
        );
        assert_eq!((p.period, p.preperiod), brute_period(&long), "{set:?}: {p}");
        check_period(&long, p.period, p.preperiod, &format!("{set:?}"));
    }
    // Hand-derived: S = {1, 2, 3} is the Bash game, G(n) = n mod 4; S = {1, 3, 4} has
    // 0 1 0 1 2 3 2 repeating from 0 (Winning Ways ch. 4).
    let g = Subtraction::parse("1,2,3").unwrap().grundy_sequence(1000);
    assert!(g.iter().enumerate().all(|(n, &v)| v as usize == n % 4));
    let p = Subtraction::parse("1,2,3")
        .unwrap()
        .periodicity(100)
        .unwrap();
    assert_eq!((p.period, p.preperiod), (4, 0));
    let g = Subtraction::parse("1,3,4").unwrap().grundy_sequence(1000);
    assert!(g
        .iter()
        .enumerate()
        .all(|(n, &v)| v == [0, 1, 0, 1, 2, 3, 2][n % 7]));
    let p = Subtraction::parse("1,3,4")
        .unwrap()
        .periodicity(100)
        .unwrap();
    assert_eq!((p.period, p.preperiod), (7, 0));
    // Not enough values for a window to repeat: no period is claimed.
    assert_eq!(Subtraction::parse("1,3,4").unwrap().periodicity(6), None);
    assert!(Subtraction::parse("").is_err());
    assert!(Subtraction::parse("0,1").is_err());
    assert!(Subtraction::parse("1,x").is_err());
}

/// Whether the player to move wins take-a-range by search.
fn take_range_wins(p: usize, q: usize, n: usize, convention: Convention) -> bool {
    let mut wins = vec![false; n + 1];
    for m in 0..=n {
        let moves: Vec<usize> = if m == 0 {
            vec![]
        } else if m < p {
            vec![m]
        } else {
            (p..=q.min(m)).collect()
        };
        wins[m] = if moves.is_empty() {
            // Nothing left: the previous player took the last token.
            convention == Convention::LastTakerLoses
        } else {
            moves.iter().any(|&k| !wins[m - k])
        };
    }
    wins[n]
}

#[test]
fn take_range_closed_rules_match_brute_force() {
    for p in 1..=8 {
        for q in p..=8 {
            let game = TakeRange::new(p, q).unwrap();
            let g = game.grundy_sequence(61);
            for n in 0..=60 {
                for c in [Convention::LastTakerWins, Convention::LastTakerLoses] {
                    assert_eq!(
                        game.player_to_move_wins(n, c),
                        take_range_wins(p, q, n, c),
                        "p={p} q={q} n={n} {c:?}"
                    );
                }
                assert_eq!(
                    g[n] != 0,
                    take_range_wins(p, q, n, Convention::LastTakerWins)
                );
            }
        }
    }
    assert!(TakeRange::new(0, 3).is_err());
    assert!(TakeRange::new(4, 3).is_err());
}

/// Kayles, OEIS A002186 (offset 0; Winning Ways p. 91): the 105 terms of the entry's data.
const A002186: [u32; 105] = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
];

/// Dawson's chess, octal .137, OEIS A002187 (offset 0; Winning Ways pp. 89, 102); its comment:
/// "Octal game .07 (Dawson's Kayles) has values a(n-1)".
const A002187: [u32; 132] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2,
    1, 1, 0, 4,
];

/// Grundy's game, OEIS A002188 (offset 0): the 105 terms of the entry's data.
const A002188: [u32; 105] = [
    0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1,
    2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2,
    4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3, 7, 4, 3, 7, 4, 3,
    5, 2, 3, 5, 2, 3, 5, 2, 3,
];

#[test]
fn octal_games_match_the_published_sequences() {
    assert_eq!(OctalGame::kayles().grundy_sequence(105), A002186);
    assert_eq!(
        OctalGame::parse("0.77").unwrap().grundy_sequence(105),
        A002186
    );
    assert_eq!(OctalGame::dawson_chess().grundy_sequence(132), A002187);
    let dk = OctalGame::dawson_kayles().grundy_sequence(133);
    assert_eq!(dk[0], 0);
    assert_eq!(dk[1..], A002187);
    assert_eq!(GrundyGame.grundy_sequence(105), A002188);
}

#[test]
fn octal_periods_are_the_published_ones() {
    // A002186: "From n=71 on, the sequence is periodic with period 12." (Guy and Smith 1956.)
    let p = OctalGame::kayles().periodicity(300).unwrap();
    assert_eq!((p.period, p.preperiod), (12, 71));
    assert_eq!(p.proof, Proof::OctalTheorem { code_length: 2 });
    // A002187: "Has period 34 with the only exceptions at n=0, 14, 16, 17, 31, 34 and 51."
    let p = OctalGame::dawson_chess().periodicity(300).unwrap();
    assert_eq!((p.period, p.preperiod), (34, 52));
    // Dawson's Kayles is the same shifted by one (a(n − 1)): its last exception is at 52.
    let p = OctalGame::dawson_kayles().periodicity(300).unwrap();
    assert_eq!((p.period, p.preperiod), (34, 53));
    // Too few values for the certificate (Kayles needs 2·71 + 2·12 + 2 = 168): nothing claimed,
    // although the values up to 120 already show period 12 from 71.
    assert_eq!(OctalGame::kayles().periodicity(120), None);
    assert_eq!(OctalGame::kayles().periodicity(167), None);
    assert!(OctalGame::kayles().periodicity(168).is_some());
    // 0.16 shows period 3 on its last values up to 10^5, but its true period is 149459 from
    // 105351 on (Gangolli and Plambeck 1989): nothing may be claimed from 10^4 values.
    assert_eq!(OctalGame::parse("0.16").unwrap().periodicity(10_000), None);
}

/// `G(0..len)` of an octal game by a direct reading of the digits, as lists of resulting heaps.
fn brute_octal(digits: &[u8], len: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for n in 0..len {
        let mut results: Vec<Vec<usize>> = Vec::new();
        for (k, &d) in digits.iter().enumerate() {
            if k > n {
                break;
            }
            let rest = n - k;
            if d & 1 != 0 && rest == 0 && k > 0 {
                results.push(vec![]);
            }
            if d & 2 != 0 && rest > 0 {
                results.push(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    results.push(vec![a, rest - a]);
                }
            }
        }
        g.push(mex(results
            .iter()
            .map(|r| r.iter().fold(0, |s, &h| s ^ g[h]))));
    }
    g
}

#[test]
fn octal_codes_match_a_direct_reading_of_the_digits() {
    for code in [
        "0.77", "0.07", "0.137", "0.6", "0.51", "0.123", "0.4", "4.07", "4.7", "0.3456", "0.7777",
        "0.004", "0.16",
    ] {
        let game = OctalGame::parse(code).unwrap();
        assert_eq!(
            game.grundy_sequence(150),
            brute_octal(game.digits(), 150),
            "{code}"
        );
        if let Some(p) = game.periodicity(600) {
            let long = brute_octal(game.digits(), 1500);
            check_period(&long, p.period, p.preperiod, code);
        }
    }
    for bad in ["0.9", "077", "1.7", "0.7a", "00.7"] {
        assert!(OctalGame::parse(bad).is_err(), "{bad}");
    }
}

/// A heap of any size of an octal game whose period is proven: `kayles(n)` for `n` past the
/// heaps computed one by one. Expected values by brute force from the rules (take one pin or two
/// adjacent pins from a row, which may leave two rows), whose period 12 from n = 72 on
/// (*Winning Ways* ch. 4; OEIS A002186) is checked here on 400 values.
#[test]
fn heaps_of_any_size_from_a_proven_period() {
    const N: usize = 400;
    let mut g = vec![0usize; N + 1];
    for n in 1..=N {
        let mut seen = [false; 128];
        for take in 1..=2.min(n) {
            for left in 0..=n - take {
                seen[g[left] ^ g[n - take - left]] = true;
            }
        }
        g[n] = seen.iter().position(|&s| !s).unwrap();
    }
    assert!((72..=N - 12).all(|n| g[n] == g[n + 12]));
    for n in [1_000_000usize, 123_456_789] {
        let expected = g[72 + (n - 72) % 12] as u64;
        let value = partizan::eval(&format!("kayles({n})")).unwrap();
        assert_eq!(value, partizan::Game::nimber(expected), "kayles({n})");
        let value = partizan::eval(&format!("octal(\"0.77\", {n})")).unwrap();
        assert_eq!(value, partizan::Game::nimber(expected), "octal(0.77, {n})");
    }
    // Grundy's game has no periodicity theorem: a heap past the direct computation is refused.
    assert!(partizan::eval("grundy_game(200000)").is_err());
}
