//! Criterion benches of the loopy algebra: the value of a Backsliding Toads and Frogs row
//! (position graph, stopper test, onside and offside by sidling), the outcome with draws of a
//! larger row (retrograde analysis only), CGSuite's case `TTT..FFF` alone and with every position
//! of its graph, and Smith's values of a loopy subtraction game.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use partizan::rulesets::backsliding_toads;
use partizan::rulesets::loopy_subtraction::LoopySubtraction;
use partizan::rulesets::toads_frogs::Row;

fn loopy(c: &mut Criterion) {
    let mut group = c.benchmark_group("loopy");
    group.sample_size(10);
    let row = Row::parse("T....F").unwrap();
    group.bench_function("backsliding toads T....F value", |b| {
        b.iter(|| black_box(backsliding_toads::value(&row).unwrap()))
    });
    let row = Row::parse("TT...FF").unwrap();
    group.bench_function("backsliding toads TT...FF outcome", |b| {
        b.iter(|| black_box(backsliding_toads::outcome(&row).unwrap()))
    });
    group.bench_function("backsliding toads TT...FF value", |b| {
        b.iter(|| black_box(backsliding_toads::value(&row).unwrap()))
    });
    let row = Row::parse("TTT..FFF").unwrap();
    group.bench_function("backsliding toads TTT..FFF value (CGSuite's case)", |b| {
        b.iter(|| black_box(backsliding_toads::value(&row).unwrap()))
    });
    group.bench_function(
        "backsliding toads TTT..FFF values of all 560 positions",
        |b| b.iter(|| black_box(backsliding_toads::values(&row).unwrap())),
    );
    let game = LoopySubtraction::new(&[2, 5, 7], &[1, 3], 100_000).unwrap();
    group.bench_function(
        "loopy subtraction {2,5,7} add {1,3} Smith values to 100000",
        |b| b.iter(|| black_box(game.values().unwrap())),
    );
    group.finish();
}

criterion_group!(benches, loopy);
criterion_main!(benches);
