//! Criterion benchmarks of the partizan families (small sizes; the long runs are in
//! `examples/workloads`: `queen 128`, `domineering 5x6`, ...).

use criterion::{criterion_group, criterion_main, Criterion};
use partizan::rulesets::board_engine::Engine;
use partizan::rulesets::clobber_variants::{self, GenClobber, Variant};
use partizan::rulesets::domineering::{Board, Domineering};
use partizan::rulesets::hackenbush::{Hackenbush, Picture};
use partizan::rulesets::queen::{queen_table, PartizanQueen};
use partizan::rulesets::toads_frogs::{Row, ToadsFrogs};
use partizan::rulesets::toppling_dominoes::{Rows, TopplingDominoes};
use partizan::rulesets::{amazons, konane};
use partizan::rulesets::{graph, snort};
use partizan::solve::Solver;
use std::hint::black_box;

fn families(c: &mut Criterion) {
    let mut group = c.benchmark_group("partizan");
    group.sample_size(10);
    group.bench_function("queen 32 (table by the general constructor)", |b| {
        b.iter(|| queen_table(black_box(32), 32, PartizanQueen::unlimited(), false))
    });
    group.bench_function("queen 64 p=3", |b| {
        let rules = PartizanQueen::new(Some(3), None).unwrap();
        b.iter(|| queen_table(black_box(64), 64, rules, false))
    });
    group.bench_function("wythoff 64 (general constructor)", |b| {
        b.iter(|| queen_table(black_box(64), 64, PartizanQueen::unlimited(), true))
    });
    // Fresh transposition tables each time; the canonical forms stay interned, as in a session.
    group.bench_function("domineering 4x5", |b| {
        b.iter(|| Solver::new(Domineering::new()).value(&Board::rectangle(4, black_box(5))))
    });
    group.bench_function("snort 3x4 grid", |b| {
        let g = graph::parse("grid:3x4", "")
            .unwrap()
            .graph
            .map_labels(|_| 3, |l| l);
        b.iter(|| Solver::new(snort::ruleset()).value(black_box(&g)))
    });
    group.bench_function("toads ttttt..fffff", |b| {
        let row = Row::parse("ttttt..fffff").unwrap();
        b.iter(|| Solver::new(ToadsFrogs).value(black_box(&row)))
    });
    group.bench_function("hackenbush 12-edge mixed tree", |b| {
        let p = Picture::parse(
            "0-a:B a-b:R b-c:G a-d:B d-e:R 0-f:G f-g:R g-h:B f-i:B i-j:R 0-k:R k-l:B",
        )
        .unwrap();
        b.iter(|| Solver::new(Hackenbush::new()).value(black_box(&p)))
    });
    // The board families (fresh tables; the long runs are in examples/workloads).
    group.bench_function("amazons x.....|o.....", |b| {
        let p = amazons::parse("x.....|o.....").unwrap();
        b.iter(|| Engine::new(amazons::Amazons).value(black_box(&p)))
    });
    group.bench_function("clobber 3x4 checkerboard", |b| {
        let p = clobber_variants::parse("xoxo|oxox|xoxo").unwrap();
        b.iter(|| Engine::new(GenClobber(Variant::Orthogonal)).value(black_box(&p)))
    });
    group.bench_function("konane 4x4 corner opening", |b| {
        let p = konane::corner_opening(4, 4).unwrap();
        b.iter(|| Engine::new(konane::Konane).value(black_box(&p)))
    });
    group.bench_function("toppling dominoes, 52 dominoes", |b| {
        let p = Rows::parse("LRGLRRGLGRLLRGRLGLRRGLLRGRGLRLGGRLRLGLRRGLGLRGRLRGGL").unwrap();
        b.iter(|| Solver::new(TopplingDominoes).value(black_box(&p)))
    });
    group.finish();
}

criterion_group!(benches, families);
criterion_main!(benches);
