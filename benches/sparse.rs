//! The sparse-space engine's headline workloads under criterion: 0.16's period proven from the
//! rules (509 622 values), 10^6 values of 0.354 and of 0.376 (before their periods, with 131 and
//! 508 rare heaps), and G(0..100 000) of Treblecross (0.007), whose split appears only later; and
//! 10^7 values of Kayles computed one by one past its proven period (a game whose split holds from
//! heap 70, with 9 rare heaps). The same computations, one run each, are `cargo run --release
//! --example workloads -- octal CODE N [--every-value]`. `cargo bench --bench sparse`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use partizan::solve::sparse::{HeapRules, Limits, SparseRun};
use std::time::Duration;

/// `G(0..len)` of the octal game with these digits, from nothing; its proven period, if any.
fn run(digits: &[u8], len: usize) -> Option<usize> {
    run_with(digits, len, true)
}

/// [`run`], copying the values past a proven period or computing every one.
fn run_with(digits: &[u8], len: usize, extend_by_period: bool) -> Option<usize> {
    let mut run = SparseRun::new(HeapRules::octal(digits).expect("an octal code"));
    run.extend_by_period(extend_by_period);
    run.compute(len, &Limits::default())
        .expect("no budget, no stop");
    run.periodicity().map(|p| p.period)
}

fn sparse(c: &mut Criterion) {
    let mut group = c.benchmark_group("sparse");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.bench_function("0.16 period proven", |b| {
        b.iter(|| assert_eq!(run(black_box(&[0, 1, 6]), 509_622), Some(149_459)))
    });
    group.bench_function("0.354 1000000 values", |b| {
        b.iter(|| run(black_box(&[0, 3, 5, 4]), 1_000_000))
    });
    group.bench_function("0.376 1000000 values", |b| {
        b.iter(|| run(black_box(&[0, 3, 7, 6]), 1_000_000))
    });
    group.bench_function("0.007 100000 values", |b| {
        b.iter(|| run(black_box(&[0, 0, 0, 7]), 100_000))
    });
    group.bench_function("0.77 10000000 values one by one", |b| {
        b.iter(|| run_with(black_box(&[0, 7, 7]), 10_000_000, false))
    });
    group.finish();
}

criterion_group!(benches, sparse);
criterion_main!(benches);
