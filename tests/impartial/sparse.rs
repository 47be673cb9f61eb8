//! The sparse-space engine against the direct method and the published sequences and periods.

use partizan::solve::grundy::{grundy_game_sequence, octal_sequence};
use partizan::solve::sparse::{sequence, HeapRules, Limits, Method, SparseRun};

/// Every octal code with up to three digits after the point, before the point 0 or 4.
fn codes() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for first in [0u8, 4] {
        for d in 0..512u32 {
            out.push(vec![
                first,
                (d / 64) as u8,
                (d / 8 % 8) as u8,
                (d % 8) as u8,
            ]);
        }
    }
    out
}

#[test]
fn every_short_code_agrees_with_the_direct_method() {
    let len = 2001;
    let mut sparse_used = 0;
    for digits in codes() {
        let direct = octal_sequence(&digits, len).unwrap();
        let rules = HeapRules::octal(&digits).unwrap();
        let mut run = SparseRun::new(rules.clone());
        run.compute(len, &Limits::default()).unwrap();
        assert_eq!(run.values(), direct, "code {}", rules.name());
        if matches!(run.method(), Method::Sparse { .. }) {
            sparse_used += 1;
        }
    }
    // The test exercises the sparse method, not only the direct fallback.
    assert!(
        sparse_used > 150,
        "sparse space used for {sparse_used} codes"
    );
}

#[test]
fn any_mask_gives_the_same_values() {
    // The mask decides the work, never the values: fixed masks, good and bad, with and without
    // the position's parity, on games whose splits remove tokens of one parity.
    let len = 1500;
    for code in [
        [0u8, 7, 7, 0],
        [0, 0, 7, 0],
        [0, 1, 6, 0],
        [0, 0, 0, 7],
        [4, 0, 5, 0],
        [0, 3, 5, 4],
    ] {
        let direct = octal_sequence(&code, len).unwrap();
        for mask in [1u32, 2, 3, 7, 0x55, 0x3ff] {
            for by_position in [false, true] {
                for rare_parity in [0u8, 1] {
                    let mut run = SparseRun::new(HeapRules::octal(&code).unwrap());
                    let method = Method::Sparse {
                        mask,
                        by_position,
                        rare_parity,
                    };
                    if run.fix_method(method).is_err() {
                        assert!(by_position);
                        continue;
                    }
                    run.compute(len, &Limits::default()).unwrap();
                    assert_eq!(run.values(), direct, "{code:?} {method:?}");
                }
            }
        }
    }
    // 0.77 splits after taking 1 or 2: the position's parity may not take part.
    let mut run = SparseRun::new(HeapRules::octal(&[0, 7, 7]).unwrap());
    assert!(run
        .fix_method(Method::Sparse {
            mask: 1,
            by_position: true,
            rare_parity: 0
        })
        .is_err());
}

#[test]
fn scans_split_between_two_threads_give_the_same_values() {
    // Treblecross (0.007) to 36 000: the direct scan of a heap near the end has about 18 000
    // pairs (more than the 2^14 the engine splits) and a bad mask (parity of bit 0) makes about
    // half the positions rare, so both kinds of scan are cut in two halves on a pool of two
    // threads; the values must be those of the plain direct method (solve::grundy), on one
    // thread or two.
    let len = 36_000;
    let code = [0u8, 0, 0, 7];
    let direct = octal_sequence(&code, len).unwrap();
    let methods = [
        Method::Direct,
        Method::Sparse {
            mask: 1,
            by_position: false,
            rare_parity: 0,
        },
    ];
    for threads in [1, 2] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for method in methods {
            let mut run = SparseRun::new(HeapRules::octal(&code).unwrap());
            run.fix_method(method).unwrap();
            pool.install(|| run.compute(len, &Limits::default()).unwrap());
            assert_eq!(run.values(), direct, "{method:?} on {threads} threads");
        }
    }
}

#[test]
fn long_coupon_scans_shared_by_two_threads_give_the_same_values() {
    // Treblecross to 60 000 under the split the engine finds for it later (mask 0x7b8): many
    // heaps confirm their candidate only after thousands of pairs, and such a scan goes on on
    // two threads; the values must be those of the plain direct method (solve::grundy).
    let len = 60_000;
    let code = [0u8, 0, 0, 7];
    let direct = octal_sequence(&code, len).unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    let mut run = SparseRun::new(HeapRules::octal(&code).unwrap());
    run.fix_method(Method::Sparse {
        mask: 0x7b8,
        by_position: false,
        rare_parity: 0,
    })
    .unwrap();
    pool.install(|| run.compute(len, &Limits::default()).unwrap());
    assert_eq!(run.values(), direct);
}

/// `G(0..len)` of the octal game `code` by the sparse engine on `threads` threads, with the
/// split `fixed` from the start if given, and with the vector test of the coupon scan if
/// `vector` (it runs only where the processor has AVX-512BW; elsewhere both are scalar).
fn sparse_values(
    code: &[u8],
    fixed: Option<Method>,
    len: usize,
    threads: usize,
    vector: bool,
) -> Vec<u32> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap();
    let mut run = SparseRun::new(HeapRules::octal(code).unwrap());
    if let Some(method) = fixed {
        run.fix_method(method).unwrap();
    }
    run.use_vector_test(vector);
    pool.install(|| run.compute(len, &Limits::default()).unwrap());
    run.values()
}

/// Asserts that the sparse engine gives `expected` for the octal game `code` (as many values)
/// on one thread and two, with the vector test of the coupon scan and without, with the split
/// `fixed` from the start if given.
fn assert_agrees_everywhere(code: &[u8], fixed: Option<Method>, expected: &[u32]) {
    for threads in [1, 2] {
        for vector in [true, false] {
            assert_eq!(
                sparse_values(code, fixed, expected.len(), threads, vector),
                expected,
                "{code:?}, {fixed:?}, {threads} threads, vector test {vector}"
            );
        }
    }
}

#[test]
fn grouped_rare_scans_and_spread_coupon_scans_give_the_same_values() {
    // Past a few thousand heaps the engine marks the pairs of 32 heaps with the rare heaps at
    // once, and scans the abundant values' pairs in chunks spread over the heaps; neither may
    // change a value. 0.637 splits after taking 1 or 3 (two splits, rare heaps on both),
    // Treblecross after taking 3; both have values beyond 256 and thousands of rare heaps by
    // 20 000, and new rare heaps and wider values arrive inside groups. On two threads the
    // heaps of a group are computed side by side from the values below it and then checked
    // against their options within it (a move of 0.637 takes one token: a group's every heap
    // but the first has such options, and some are computed again). The engine's own
    // choice of split, and the splits it settles on fixed from the start, on one thread and
    // two, against the plain direct method (solve::grundy).
    let len = 20_000;
    for (code, mask) in [([0u8, 6, 3, 7], 0x1fe), ([0, 0, 0, 7], 0x7b8)] {
        let direct = octal_sequence(&code, len).unwrap();
        let split = Method::Sparse {
            mask,
            by_position: false,
            rare_parity: 0,
        };
        for fixed in [None, Some(split)] {
            assert_agrees_everywhere(&code, fixed, &direct);
        }
    }
}

#[test]
fn prescanned_coupon_chunks_give_the_same_values() {
    // Past heap 66 000 or so Treblecross's coupon scans take thousands of pairs on average, and
    // without the vector test of the coupon scan the engine marks the first chunks of them for
    // 32 heaps at once, which the heaps then skip. On two threads it computes the heaps of a
    // group side by side from the values below the group, then checks each against its options
    // within the group. The values must be those of the plain direct method (solve::grundy), on
    // one thread and two, with the vector test and without.
    let len = 100_000;
    let code = [0u8, 0, 0, 7];
    let direct = octal_sequence(&code, len).unwrap();
    assert_agrees_everywhere(&code, None, &direct);
}

#[test]
fn grundys_game_agrees_with_the_direct_method_and_oeis() {
    // OEIS A002188 begins (offset 0):
    let a002188 = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];
    let g = sequence(&HeapRules::grundy_game(), 6000);
    assert_eq!(g[..105], a002188);
    assert_eq!(g, grundy_game_sequence(6000));
    // Far enough for the sparse method to take over (mask 0xfe; 1273 rare positions below
    // 10^5), against the direct method.
    let mut run = SparseRun::new(HeapRules::grundy_game());
    run.compute(40_000, &Limits::default()).unwrap();
    assert!(matches!(run.method(), Method::Sparse { .. }));
    assert_eq!(run.values(), grundy_game_sequence(40_000));
    assert_eq!(run.periodicity(), None);
}

/// The periodic extension of a sequence given by its first terms and a published period.
fn periodic(first: &[u32], period: usize, from: usize, len: usize) -> Vec<u32> {
    let mut g = first[..from + period].to_vec();
    while g.len() < len {
        g.push(g[g.len() - period]);
    }
    g
}

#[test]
fn kayles_and_dawson_far_out_match_oeis() {
    // A002186 (Kayles, offset 0) and its comment "From n=71 on, periodic with period 12".
    let a002186 = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    ];
    // A002187 (Dawson's chess, 0.137; Dawson's Kayles 0.07 has a(n − 1)): "period 34 with the
    // only exceptions at n=0, 14, 16, 17, 31, 34 and 51".
    let a002187 = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
        1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
        1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1,
    ];
    let len = 200_000;
    let kayles = periodic(&a002186, 12, 71, len);
    assert_eq!(
        sequence(&HeapRules::octal(&[0, 7, 7]).unwrap(), len),
        kayles
    );
    // The engine copies the period once it is proven; computed value by value instead, by the
    // split it chooses and by a fixed one, the values are the same.
    let mut run = SparseRun::new(HeapRules::octal(&[0, 7, 7]).unwrap());
    run.extend_by_period(false);
    run.compute(len, &Limits::default()).unwrap();
    assert_eq!(run.values(), kayles);
    // The summary counts the rare positions in every value, by the definition of the split in
    // use applied to the published values (heap 0 is no heap of a pair).
    let Method::Sparse {
        mask,
        by_position,
        rare_parity,
    } = run.method()
    else {
        panic!("Kayles has a sparse split: {}", run.method());
    };
    let rare: Vec<usize> = (1..len)
        .filter(|&n| {
            let p = ((kayles[n] & mask).count_ones() & 1) as usize ^ (by_position as usize & n & 1);
            p as u8 == rare_parity
        })
        .collect();
    let summary = run.summary();
    assert_eq!(summary.rare_counted, len);
    assert_eq!(summary.rare, rare.len() as u64);
    assert_eq!(summary.last_rare, rare.last().copied());
    let mut run = SparseRun::new(HeapRules::octal(&[0, 7, 7]).unwrap());
    run.fix_method(Method::Sparse {
        mask: 0xf,
        by_position: false,
        rare_parity: 0,
    })
    .unwrap();
    run.compute(20_000, &Limits::default()).unwrap();
    assert_eq!(run.values(), kayles[..20_000]);
    let chess = periodic(&a002187, 34, 52, len);
    assert_eq!(
        sequence(&HeapRules::octal(&[0, 1, 3, 7]).unwrap(), len),
        chess
    );
    let dawson = sequence(&HeapRules::octal(&[0, 0, 7]).unwrap(), len + 1);
    assert_eq!(dawson[0], 0);
    assert_eq!(dawson[1..], chess);
}

#[test]
fn published_periods_are_proven() {
    // Kayles: period 12 from 71 (Guy and Smith 1956; OEIS A002186).
    let mut run = SparseRun::new(HeapRules::octal(&[0, 7, 7]).unwrap());
    run.compute(10_000, &Limits::default()).unwrap();
    let p = run.periodicity().unwrap();
    assert_eq!((p.period, p.preperiod), (12, 71));
    // Dawson's chess: period 34, last exception 51 (OEIS A002187).
    let mut run = SparseRun::new(HeapRules::octal(&[0, 1, 3, 7]).unwrap());
    run.compute(10_000, &Limits::default()).unwrap();
    let p = run.periodicity().unwrap();
    assert_eq!((p.period, p.preperiod), (34, 52));
}

#[test]
fn save_and_resume_give_the_same_values() {
    let rules = HeapRules::octal(&[0, 1, 6]).unwrap();
    let mut run = SparseRun::new(rules.clone());
    let stop = std::sync::atomic::AtomicBool::new(false);
    run.compute(3000, &Limits::default()).unwrap();
    let mut bytes = Vec::new();
    run.save(&mut bytes).unwrap();
    let mut resumed = SparseRun::load(rules.clone(), &mut &bytes[..], &Limits::default()).unwrap();
    assert_eq!(resumed.values(), run.values());
    let limits = Limits {
        stop: Some(&stop),
        max_bytes: None,
    };
    resumed.compute(6000, &limits).unwrap();
    assert_eq!(resumed.values(), octal_sequence(&[0, 1, 6], 6000).unwrap());
    // A set stop flag stops at once, keeping the values.
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut stopped = SparseRun::new(rules.clone());
    assert_eq!(
        stopped.compute(6000, &limits).unwrap(),
        partizan::solve::sparse::Finish::Stopped
    );
    // Another game's file, a damaged file, a truncated file: one-line errors.
    let other = HeapRules::octal(&[0, 7, 7]).unwrap();
    let e = SparseRun::load(other, &mut &bytes[..], &Limits::default()).unwrap_err();
    assert!(e.to_string().contains("not of 0.77"), "{e}");
    let mut damaged = bytes.clone();
    let mid = damaged.len() / 2;
    damaged[mid] ^= 1;
    let e = SparseRun::load(rules.clone(), &mut &damaged[..], &Limits::default()).unwrap_err();
    assert!(e.to_string().contains("checksum"), "{e}");
    assert!(SparseRun::load(rules, &mut &bytes[..100], &Limits::default()).is_err());
}

#[test]
fn the_budget_is_checked_before_allocating() {
    let mut run = SparseRun::new(HeapRules::octal(&[0, 7, 7]).unwrap());
    let limits = Limits {
        stop: None,
        max_bytes: Some(1_000_000),
    };
    let e = run.compute(10_000_000, &limits).unwrap_err();
    assert!(e.to_string().contains("memory budget"), "{e}");
    assert!(run.compute(100_000, &limits).is_ok());
}

#[test]
fn the_period_of_0_16_is_found_from_the_rules() {
    // Gangolli and Plambeck (Int. J. Game Theory 18, 1989): 0.16 has period 149459 from 105351
    // on (last exception G(105350)). The certificate needs 2·105351 + 2·149459 + 2 values.
    let mut run = SparseRun::new(HeapRules::octal(&[0, 1, 6]).unwrap());
    run.compute(600_000, &Limits::default()).unwrap();
    let p = run.periodicity().expect("the period of 0.16");
    assert_eq!((p.period, p.preperiod), (149_459, 105_351));
    assert_eq!(run.summary().rare_counted, 2 * 105_351 + 2 * 149_459 + 2);
}

#[test]
#[ignore = "minutes: run with --ignored"]
fn the_long_periods_of_0_376_and_0_354_are_found_from_the_rules() {
    // 0.376: period 4 from 2268248 on; 0.354: period 1180, pre-period about 10^7 (10 061 916;
    // docs/PERFORMANCE.md's "Measured figures" gives both runs' release times).
    let mut run = SparseRun::new(HeapRules::octal(&[0, 3, 7, 6]).unwrap());
    run.compute(5_000_000, &Limits::default()).unwrap();
    let p = run.periodicity().expect("the period of 0.376");
    assert_eq!((p.period, p.preperiod), (4, 2_268_248));
    let mut run = SparseRun::new(HeapRules::octal(&[0, 3, 5, 4]).unwrap());
    run.compute(25_000_000, &Limits::default()).unwrap();
    let p = run.periodicity().expect("the period of 0.354");
    assert_eq!(p.period, 1180);
    assert!((9_000_000..11_000_000).contains(&p.preperiod), "{p}");
}

#[test]
fn long_family_sequences_come_from_the_engine() {
    // Kayles beyond the direct method's 100 000 heaps: the same values as the direct method where
    // both compute, and period 12 from heap 71 on (Guy and Smith 1956; Winning Ways ch. 4).
    let r = partizan::rulesets::sequence("kayles", &[], 200_000).unwrap();
    assert_eq!(r.values.len(), 200_001);
    let direct = octal_sequence(&[0, 7, 7], 2001).unwrap();
    assert_eq!(r.values[..2001], direct[..]);
    assert!((71 + 12..=200_000).all(|n| r.values[n] == r.values[n - 12]));
    let p = r.periodicity.unwrap();
    assert_eq!((p.preperiod, p.period), (71, 12));
    // A list of values has a bound; the command line streams beyond it.
    let e = partizan::rulesets::sequence("grundy_game", &[], 100_000_001).unwrap_err();
    assert!(e.to_string().contains("too large for a list"), "{e}");
}
