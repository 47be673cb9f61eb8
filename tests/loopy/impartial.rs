//! Smith's generalised Sprague–Grundy values against their definition, against brute-force
//! outcomes with draws (`loopy::brute`), on sums, and on the loopy subtraction game.

use super::brute::{outcome, Rng, G};
use partizan::algebra::loopy::smith::{generalized_grundy, LoopyNimValue};
use partizan::algebra::loopy::LoopyOutcome;
use partizan::rulesets::loopy_subtraction::LoopySubtraction;
use partizan::rulesets::subtraction::Subtraction;
use partizan::solve::ImpartialRuleset;

fn impartial(rng: &mut Rng, n: usize, p: u64) -> Vec<Vec<u32>> {
    (0..n)
        .map(|_| (0..n as u32).filter(|_| rng.below(100) < p).collect())
        .collect()
}

fn as_graph(options: &[Vec<u32>]) -> G {
    let o: Vec<Vec<usize>> = options
        .iter()
        .map(|x| x.iter().map(|&w| w as usize).collect())
        .collect();
    G {
        left: o.clone(),
        right: o,
    }
}

/// The defining conditions of γ (Smith; Winning Ways ch. 11), checked position by position.
fn check_definition(options: &[Vec<u32>], gamma: &[LoopyNimValue]) {
    let finite = |w: u32| match gamma[w as usize] {
        LoopyNimValue::Finite(m) => Some(m),
        _ => None,
    };
    for (u, opts) in options.iter().enumerate() {
        let values: Vec<Option<u64>> = opts.iter().map(|&w| finite(w)).collect();
        match &gamma[u] {
            LoopyNimValue::Finite(m) => {
                assert!(!values.contains(&Some(*m)), "{u}: an option has {m}");
                for j in 0..*m {
                    assert!(values.contains(&Some(j)), "{u}: no option has {j} < {m}");
                }
                for &w in opts {
                    if finite(w).is_none_or(|x| x > *m) {
                        assert!(
                            options[w as usize].iter().any(|&x| finite(x) == Some(*m)),
                            "{u}: option {w} cannot be answered by a move to {m}"
                        );
                    }
                }
            }
            LoopyNimValue::Infinite(k) => {
                let mut fin: Vec<u64> = values.iter().flatten().copied().collect();
                fin.sort_unstable();
                fin.dedup();
                assert_eq!(&fin, k, "{u}: the subscript lists the finite options");
            }
        }
    }
}

#[test]
fn values_meet_the_definition_and_give_the_outcome() {
    let mut rng = Rng(11);
    for _ in 0..1500 {
        let n = 1 + rng.below(8) as usize;
        let p = 10 + rng.below(40);
        let options = impartial(&mut rng, n, p);
        let gamma = generalized_grundy(&options).unwrap();
        check_definition(&options, &gamma);
        let g = as_graph(&options);
        for (v, value) in gamma.iter().enumerate() {
            assert_eq!(
                value.outcome(),
                outcome(&g, v),
                "{options:?} at {v}: {value}"
            );
        }
    }
}

#[test]
fn sums_follow_smiths_rules() {
    let mut rng = Rng(12);
    for _ in 0..400 {
        let (n, m) = (1 + rng.below(5) as usize, 1 + rng.below(5) as usize);
        let (pa, pb) = (15 + rng.below(35), 15 + rng.below(35));
        let a = impartial(&mut rng, n, pa);
        let b = impartial(&mut rng, m, pb);
        let (ga, gb) = (
            generalized_grundy(&a).unwrap(),
            generalized_grundy(&b).unwrap(),
        );
        let sum = as_graph(&a).sum(&as_graph(&b));
        let sum_options: Vec<Vec<u32>> = sum
            .left
            .iter()
            .map(|o| o.iter().map(|&w| w as u32).collect())
            .collect();
        let gs = generalized_grundy(&sum_options).unwrap();
        for i in 0..n {
            for j in 0..m {
                let s = &gs[i * m + j];
                match ga[i].sum(&gb[j]) {
                    Some(expected) => assert_eq!(s, &expected, "{} + {}", ga[i], gb[j]),
                    // Two infinite values: infinite (a draw or a first-player win).
                    None => assert!(!s.is_finite(), "{} + {} = {s}", ga[i], gb[j]),
                }
                assert_eq!(s.outcome(), outcome(&sum, i * m + j));
            }
        }
    }
}

#[test]
fn printing() {
    assert_eq!(LoopyNimValue::Finite(3).to_string(), "3");
    assert_eq!(LoopyNimValue::Infinite(vec![]).to_string(), "inf");
    assert_eq!(LoopyNimValue::Infinite(vec![0, 2]).to_string(), "inf_{0,2}");
    assert_eq!(format!("{:#}", LoopyNimValue::Infinite(vec![1])), "∞_{1}");
}

#[test]
fn loopy_subtraction_without_additions_is_the_subtraction_game() {
    for set in [vec![1, 2], vec![1, 3, 4], vec![2, 5], vec![3]] {
        let plain = Subtraction::new(&set).unwrap().grundy_sequence(40);
        let values = LoopySubtraction::new(&set, &[], 39)
            .unwrap()
            .values()
            .unwrap();
        for n in 0..40 {
            assert_eq!(
                values[n],
                LoopyNimValue::Finite(plain[n] as u64),
                "{set:?} at {n}"
            );
        }
    }
}

#[test]
fn loopy_subtraction_against_brute_force() {
    for (sub, add, max) in [
        (vec![1], vec![1], 6),
        (vec![1, 2], vec![1], 10),
        (vec![2], vec![1], 9),
        (vec![1, 3], vec![2], 12),
        (vec![3, 4], vec![1, 2], 15),
    ] {
        let game = LoopySubtraction::new(&sub, &add, max).unwrap();
        let values = game.values().unwrap();
        let options: Vec<Vec<u32>> = (0..=max)
            .map(|n| game.options(&n).into_iter().map(|m| m as u32).collect())
            .collect();
        check_definition(&options, &values);
        let g = as_graph(&options);
        for (n, value) in values.iter().enumerate() {
            assert_eq!(value.outcome(), outcome(&g, n), "{sub:?} {add:?} at {n}");
        }
    }
    // Take 1, put 1 back, at most 1 token: 1 → 0 → 1 → …, both can always move: a draw.
    let values = LoopySubtraction::new(&[1], &[1], 1)
        .unwrap()
        .values()
        .unwrap();
    assert_eq!(
        values,
        [
            LoopyNimValue::Infinite(vec![]),
            LoopyNimValue::Infinite(vec![])
        ]
    );
    assert_eq!(values[0].outcome(), LoopyOutcome::D);
}

#[test]
fn loopy_subtraction_calls() {
    use partizan::rulesets::Arg;
    use partizan::Game;
    let family = partizan::rulesets::family("loopy_subtraction").unwrap();
    let loopy_call = family.loopy().expect("a loopy family");
    let call = |positional: &[Arg], named: &[partizan::rulesets::NamedArg]| {
        loopy_call(positional, named).map(|c| match c {
            partizan::rulesets::LoopyCall::Smith(v) => v,
            other => panic!("a Smith value, not {other:?}"),
        })
    };
    let heap = |n: i64| Arg::Game(Game::integer(n));
    let set = |s: &str| Arg::Str(s.into());
    // Take 1 or 2, nothing added: heap 3 is a second-player win (3 mod 3 = 0), heap 4 is *1.
    assert_eq!(
        call(&[set("1,2"), heap(3)], &[]).unwrap(),
        LoopyNimValue::Finite(0)
    );
    assert_eq!(
        call(&[set("1,2"), heap(4)], &[]).unwrap(),
        LoopyNimValue::Finite(1)
    );
    // Take 1 or put 1 back below a ceiling of 1: a draw from the empty heap.
    let max1 = [("add".to_string(), set("1")), ("max".to_string(), heap(1))];
    assert_eq!(
        call(&[set("1"), heap(0)], &max1).unwrap(),
        LoopyNimValue::Infinite(vec![])
    );
    // Bad arguments.
    assert!(call(&[set("1,2"), heap(4)], &[("max".into(), heap(3))]).is_err());
    assert!(call(&[set("0"), heap(4)], &[]).is_err());
    assert!(call(&[set("1"), heap(4)], &[("plus".into(), set("1"))]).is_err());
}
