//! Misère play under criterion: the misère quotient of Dawson's Kayles (0.07) up to heap 30 and
//! of Kayles (0.77) up to heap 30, and the misère outcome of 2×6 Domineering by search (the
//! `misere-quotient` and `misere-domineering` workloads of `examples/workloads`):
//! `cargo bench --bench misere`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use partizan::rulesets::domineering::{Board, Domineering};
use partizan::rulesets::octal::OctalGame;
use partizan::solve::misere::MisereSolver;
use partizan::solve::quotient::misere_quotient;
use std::time::Duration;

fn misere(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for (code, n) in [("0.07", 30), ("0.77", 30)] {
        let game = OctalGame::parse(code).unwrap();
        group.bench_function(format!("quotient {code} to {n}"), |b| {
            b.iter(|| misere_quotient(&game, black_box(n), 2000).unwrap())
        });
    }
    group.bench_function("domineering 2x6", |b| {
        b.iter(|| MisereSolver::new(Domineering::rules_only()).outcome(&Board::rectangle(2, 6)))
    });
    group.finish();
}

criterion_group!(benches, misere);
criterion_main!(benches);
