//! Criterion benches of the algebra's headline workloads (shared/peer-bench): the sum of K
//! random small forms and the K×K comparisons of the same forms.
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

criterion_group!(benches, sum);
criterion_main!(benches);
