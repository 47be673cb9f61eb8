//! Criterion benches of the algebra's headline workloads (shared/peer-bench): the sum of K
//! random small forms and the K×K comparisons of the same forms; and Conway products of random
//! games of birthday 4 and heating `*14` by 1, each from emptied memo tables.
//!
//! The engine memoises sums and comparisons for the life of the process, so each measured
//! iteration after the first reads memo tables: the first (cold) iteration is what the workloads
//! example times against the peer; these benches track the warm path and catch regressions.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use partizan::Game;

#[path = "../examples/workloads/generator.rs"]
mod generator;

fn sum(c: &mut Criterion) {
    let mut group = c.benchmark_group("algebra");
    group.sample_size(10);
    for k in [12usize, 14] {
        let games = generator::random_games(k, 0x00C0_FFEE);
        group.bench_function(format!("sum {k}"), |b| {
            b.iter(|| black_box(games.iter().fold(Game::zero(), |acc, g| acc + g)))
        });
    }
    {
        let games = generator::random_games(1000, 0x00C0_FFEE);
        group.bench_function("compare 1000", |b| {
            b.iter(|| {
                let mut n = 0usize;
                for a in &games {
                    for h in &games {
                        n += (a <= h) as usize;
                    }
                }
                black_box(n)
            })
        });
    }
    group.finish();
}

/// The first `n` games of birthday 4 of the generator.
fn birthday_four(n: usize) -> Vec<Game> {
    let games: Vec<Game> = generator::random_games(400, 0x00C0_FFEE)
        .into_iter()
        .filter(|g| g.birthday() == 4u32.into())
        .collect();
    assert!(
        games.len() >= n,
        "the generator gives enough games of birthday 4"
    );
    games[..n].to_vec()
}

fn products(c: &mut Criterion) {
    let mut group = c.benchmark_group("algebra");
    group.sample_size(10);
    let games = birthday_four(50);
    // The first pair, and the 25 pairs of the first 50 games (the `conway-product 25` workload).
    group.bench_function("conway product birthday 4", |b| {
        b.iter(|| {
            partizan::algebra::clear_caches();
            black_box(games[0].conway_product(&games[1]))
        })
    });
    group.bench_function("conway product birthday 4, 25 pairs", |b| {
        b.iter(|| {
            partizan::algebra::clear_caches();
            for p in games.chunks(2) {
                black_box(p[0].conway_product(&p[1]));
            }
        })
    });
    group.bench_function("*14 heat 1", |b| {
        b.iter(|| {
            partizan::algebra::clear_caches();
            black_box(Game::nimber(14).heat(&Game::integer(1)))
        })
    });
    group.finish();
}

criterion_group!(benches, sum, products);
criterion_main!(benches);
