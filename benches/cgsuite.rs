//! CGSuite's benchmark list under criterion: `*14 Heat 1`, `*12 Heat 1`, the nim value of
//! Kayles(40000) by the sparse-space engine, the 4×4 Clobber checkerboard and the Amazons position
//! `x......|o......`. The same computations, one run each, are the workloads `heat`, `kayles`,
//! `clobber` and `amazons` of `examples/workloads`. `cargo bench --bench cgsuite`.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use partizan::rulesets::amazons;
use partizan::rulesets::board_engine::Engine;
use partizan::rulesets::clobber_variants::{self, GenClobber, Variant};
use partizan::solve::sparse::{sequence, HeapRules};
use partizan::Game;
use std::time::Duration;

fn cgsuite(c: &mut Criterion) {
    let mut group = c.benchmark_group("cgsuite");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    for k in [12, 14] {
        group.bench_function(format!("*{k} heat 1"), |b| {
            b.iter(|| {
                partizan::algebra::clear_caches();
                black_box(Game::nimber(k).heat(&Game::integer(1)))
            })
        });
    }
    let kayles = HeapRules::octal(&[0, 7, 7]).unwrap();
    group.bench_function("kayles(40000) nim value", |b| {
        b.iter(|| sequence(black_box(&kayles), 40_001)[40_000])
    });
    group.bench_function("clobber xoxo|oxox|xoxo|oxox", |b| {
        let p = clobber_variants::parse("xoxo|oxox|xoxo|oxox").unwrap();
        b.iter(|| {
            partizan::algebra::clear_caches();
            Engine::new(GenClobber(Variant::Orthogonal)).value(black_box(&p))
        })
    });
    group.bench_function("amazons x......|o......", |b| {
        let p = amazons::parse("x......|o......").unwrap();
        b.iter(|| {
            partizan::algebra::clear_caches();
            Engine::new(amazons::Amazons).value(black_box(&p))
        })
    });
    group.finish();
}

criterion_group!(benches, cgsuite);
criterion_main!(benches);
