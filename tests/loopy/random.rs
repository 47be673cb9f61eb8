//! The loopy algebra against brute force written from the definitions (`loopy::brute`):
//! outcomes with draws, the survival order of stoppers, uniqueness of canonical forms, and the
//! defining property of onsides and offsides, on many small pseudo-random graphs.

use super::brute::{outcome, survives, Rng, G};
use partizan::algebra::loopy::{LoopyError, Stopper};

/// The canonical form of a brute-force graph, and that graph back from the canonical form.
fn canon(g: &G) -> (Stopper, G, usize) {
    let s = g.game(0).stopper().unwrap();
    let lg = s.to_loopy_game();
    let back = G::from_game(&lg);
    (s, back, lg.start())
}

#[test]
fn outcomes_with_draws_match_a_sweep() {
    let mut rng = Rng(1);
    for _ in 0..2000 {
        let n = 1 + rng.below(7) as usize;
        let g = {
            let p = 25 + rng.below(30);
            rng.graph(n, p)
        };
        let start = rng.below(n as u64) as usize;
        assert_eq!(
            g.game(start).outcome(),
            outcome(&g, start),
            "{g:?} from {start}"
        );
    }
}

#[test]
fn stopper_recognition_matches_a_cycle_search() {
    let mut rng = Rng(2);
    for _ in 0..2000 {
        let n = 1 + rng.below(6) as usize;
        let g = {
            let p = 10 + rng.below(40);
            rng.graph(n, p)
        };
        assert_eq!(g.game(0).is_stopper(), g.is_stopper(0), "{g:?}");
    }
}

#[test]
fn canonical_forms_keep_the_value_and_the_order() {
    let mut rng = Rng(3);
    let pool: Vec<G> = (0..250)
        .map(|_| {
            let p = 15 + rng.below(40);
            rng.stopper(7, p)
        })
        .collect();
    let canons: Vec<(Stopper, G, usize)> = pool.iter().map(canon).collect();
    for (g, (_, c, cs)) in pool.iter().zip(&canons) {
        // The canonical form equals the original: Left survives both differences.
        assert!(survives(g, 0, c, *cs) && survives(c, *cs, g, 0), "{g:?}");
        // And it is a stopper.
        assert!(c.is_stopper(*cs));
    }
    let distinct: std::collections::HashSet<String> =
        canons.iter().map(|c| c.0.to_string()).collect();
    eprintln!(
        "{} distinct canonical stoppers, e.g. {:?}",
        distinct.len(),
        distinct.iter().take(12).collect::<Vec<_>>()
    );
    for i in 0..pool.len() {
        for j in 0..pool.len() {
            let (a, b) = (&pool[i], &pool[j]);
            let ge = survives(a, 0, b, 0);
            let le = survives(b, 0, a, 0);
            let (sa, sb) = (&canons[i].0, &canons[j].0);
            assert_eq!(sb.le(sa), ge, "{a:?} >= {b:?}");
            // Equal values have identical canonical forms (and only they do).
            assert_eq!(sa == sb, ge && le, "{a:?} vs {b:?}: {sa} / {sb}");
        }
    }
}

#[test]
fn sides_have_their_defining_property() {
    let mut rng = Rng(4);
    // Test stoppers X: random ones and the constants.
    let mut pool: Vec<G> = (0..40).map(|_| rng.stopper(4, 25)).collect();
    for s in [
        Stopper::on(),
        Stopper::off(),
        Stopper::over(),
        Stopper::under(),
        Stopper::upon(),
        Stopper::zero(),
    ] {
        pool.push(G::from_game(&s.to_loopy_game()));
    }
    let (mut found, mut not_found) = (0, 0);
    for _ in 0..300 {
        let n = 1 + rng.below(4) as usize;
        let g = {
            let p = 20 + rng.below(30);
            rng.graph(n, p)
        };
        if g.is_stopper(0) {
            continue;
        }
        let value = match g.game(0).value() {
            Ok(v) => v,
            Err(LoopyError::NotStopperSided(_)) => {
                not_found += 1;
                continue;
            }
            Err(e) => panic!("{e}"),
        };
        found += 1;
        let on = G::from_game(&value.onside().to_loopy_game());
        let ons = value.onside().to_loopy_game().start();
        let off = G::from_game(&value.offside().to_loopy_game());
        let offs = value.offside().to_loopy_game().start();
        for x in &pool {
            // X <= G⁺ iff Left survives G − X moving second.
            assert_eq!(
                survives(&on, ons, x, 0),
                survives(&g, 0, x, 0),
                "onside {value} of {g:?} vs {x:?}"
            );
            // G⁻ <= X iff Left survives X − G moving second.
            assert_eq!(
                survives(x, 0, &off, offs),
                survives(x, 0, &g, 0),
                "offside {value} of {g:?} vs {x:?}"
            );
        }
        // The outcome read from the sides is the outcome of the game.
        assert_eq!(value.outcome(), outcome(&g, 0), "{g:?}: {value}");
    }
    eprintln!("sides found {found}, not found {not_found}");
    assert!(
        found > 50,
        "only {found} sided values found ({not_found} not found)"
    );
}

#[test]
fn sums_of_stoppers() {
    let mut rng = Rng(5);
    for _ in 0..150 {
        let a = rng.stopper(3, 30);
        let b = rng.stopper(3, 30);
        let sa = a.game(0).stopper().unwrap();
        let sb = b.game(0).stopper().unwrap();
        let sum = a.sum(&b);
        let v = sa.sum(&sb).unwrap();
        if sum.is_stopper(0) {
            let s = v.as_stopper().unwrap();
            let c = G::from_game(&s.to_loopy_game());
            let cs = s.to_loopy_game().start();
            assert!(
                survives(&sum, 0, &c, cs) && survives(&c, cs, &sum, 0),
                "{a:?} + {b:?} = {v}"
            );
        } else {
            assert_eq!(v.outcome(), outcome(&sum, 0), "{a:?} + {b:?} = {v}");
        }
    }
}
