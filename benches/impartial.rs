//! The impartial workloads of `examples/workloads` under criterion: the first 10^7 Grundy values
//! of the subtraction games S = {1,2,3}, {2,5,7} and {1,4,9,16,25} (the peer bench's sets), and
//! the 1024×1024 Wythoff Grundy table through the fast path (the 4096 table is the
//! `grundy-wythoff 4096` workload), and the Chomp rectangle 8×9 through the GrundySolver (10×10
//! is the `chomp 10x10` workload). Small sample sizes keep a run short:
//! `cargo bench --bench impartial`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use partizan::rulesets::{chomp, wythoff};
use partizan::solve::grundy::subtraction_sequence;
use std::time::Duration;

fn impartial(c: &mut Criterion) {
    let mut group = c.benchmark_group("impartial");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for set in [&[1, 2, 3][..], &[2, 5, 7], &[1, 4, 9, 16, 25]] {
        let name: Vec<String> = set.iter().map(usize::to_string).collect();
        group.bench_function(format!("subtraction({}) 10000000", name.join(",")), |b| {
            b.iter(|| subtraction_sequence(black_box(set), black_box(10_000_000)).unwrap())
        });
    }
    group.bench_function("grundy-wythoff 1024", |b| {
        b.iter(|| wythoff::grundy_table(black_box(1024), black_box(1024)))
    });
    let rows = chomp::rectangle(8, 9).unwrap();
    group.bench_function("chomp 8x9", |b| {
        b.iter(|| chomp::grundy(black_box(&rows)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, impartial);
criterion_main!(benches);
