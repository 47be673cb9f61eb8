//! Criterion benchmarks of the partizan rulesets Eatcake, Turn-and-Eatcake, Maundy Cake, Partizan
//! Euclid, partizan subtraction, Childish Hackenbush and Ski-Jumps (fresh transposition tables;
//! the canonical forms stay interned, as in a session). The long runs are in `examples/workloads`
//! (`eatcake 24x24`, `partizan-euclid 1000000,999999`, ...).

use criterion::{criterion_group, criterion_main, Criterion};
use partizan::rulesets::childish_hackenbush::ChildishHackenbush;
use partizan::rulesets::eatcake::Eatcake;
use partizan::rulesets::hackenbush::Picture;
use partizan::rulesets::maundy_cake::MaundyCake;
use partizan::rulesets::partizan_euclid::PartizanEuclid;
use partizan::rulesets::partizan_subtraction::PartizanSubtraction;
use partizan::rulesets::ski_jumps::{SkiJumps, Slope};
use partizan::solve::Solver;
use std::hint::black_box;

fn rulesets(c: &mut Criterion) {
    let mut group = c.benchmark_group("partizan rulesets");
    group.sample_size(10);
    group.bench_function("eatcake 16x16", |b| {
        b.iter(|| Solver::new(Eatcake { turned: false }).value(black_box(&vec![(16, 16)])))
    });
    group.bench_function("turn_and_eatcake 40x20", |b| {
        b.iter(|| Solver::new(Eatcake { turned: true }).value(black_box(&vec![(40, 20)])))
    });
    group.bench_function("maundy_cake 5040x720", |b| {
        b.iter(|| Solver::new(MaundyCake).value(black_box(&vec![(5040, 720)])))
    });
    group.bench_function("partizan_euclid (100000, 99999)", |b| {
        b.iter(|| Solver::new(PartizanEuclid).value(black_box(&(100_000, 99_999))))
    });
    group.bench_function("partizan_subtraction {2,3} {1,4} heap 20000", |b| {
        let rules = PartizanSubtraction::parse("2,3", "1,4").unwrap();
        b.iter(|| Solver::new(rules.clone()).value(black_box(&20_000)))
    });
    group.bench_function("childish_hackenbush 21-edge graph", |b| {
        let p = Picture::parse(CHILDISH).unwrap();
        b.iter(|| Solver::new(ChildishHackenbush::default()).value(black_box(&p.edges().to_vec())))
    });
    group.bench_function("ski_jumps L.R.L.R|R.L.R.L|L.R.L.R", |b| {
        let p = Slope::parse(SKI).unwrap();
        b.iter(|| Solver::new(SkiJumps).value(black_box(&p)))
    });
    group.finish();
}

/// A Childish Hackenbush picture of 21 edges with cycles and all three colours.
const CHILDISH: &str = "0-a:B a-b:R b-c:B c-d:R d-e:B e-f:R f-0:B a-g:G g-h:R h-i:B i-b:G c-j:R j-k:B k-l:G l-d:R e-m:B m-n:R n-f:G 0-o:R o-p:B p-q:R q-0:B";

/// A Ski-Jumps slope of 11 skiers on 3 × 7 squares.
const SKI: &str = "L.R.L.R|R.L.R.L|L.R.L.R";

criterion_group!(benches, rulesets);
criterion_main!(benches);
