//! partizan's side of the peer benchmark (`../shared/peer-bench`): the same workloads, with
//! output lines of the same shape, `name SIZE<TAB>seconds<TAB>summary`, so that the ratio of the
//! two `seconds` columns, taken in one run, compares the engines.
//!
//! ```text
//! cargo run --release --example workloads -- sum 14
//! cargo run --release --example workloads -- compare 1000
//! cargo run --release --example workloads -- subtraction 10000000 2,5,7 10000000
//! cargo run --release --example workloads -- grundy-wythoff 4096
//! cargo run --release --example workloads -- chomp 10x10
//! cargo run --release --example workloads -- queen 64 128
//! cargo run --release --example workloads -- domineering 5x5 5x6
//! cargo run --release --example workloads -- snort 3x4 4x4
//! cargo run --release --example workloads -- conway-product 25
//! cargo run --release --example workloads -- amazons 'x......|o......'
//! cargo run --release --example workloads -- clobber 'xoxo|oxox|xoxo|oxox'
//! cargo run --release --example workloads -- konane '..xox|oxoxo|xoxox|oxoxo|xoxox'
//! cargo run --release --example workloads -- misere-quotient 0.07:30 0.77:30
//! cargo run --release --example workloads -- misere-domineering 2x6
//! cargo run --release --example workloads -- toppling LRGLRRGLGRLLRGRLGLRRGLLRGRGLRLGGRLRLGL
//! cargo run --release --example workloads -- loopy-toads T....F TT..FF
//! cargo run --release --example workloads -- loopy-toads-all 10
//! cargo run --release --example workloads -- heat 12 14
//! cargo run --release --example workloads -- kayles 40000
//! cargo run --release --example workloads -- octal 0.16 600000
//! cargo run --release --example workloads -- octal 0.376 5000000
//! cargo run --release --example workloads -- octal 0.354 30000000
//! cargo run --release --example workloads -- octal 0.007 100000000
//! cargo run --release --example workloads -- octal 0.77 100000000 --every-value
//! cargo run --release --example workloads -- eatcake 24x24
//! cargo run --release --example workloads -- turn-and-eatcake 40x20
//! cargo run --release --example workloads -- maundy-cake 10000x7560
//! cargo run --release --example workloads -- partizan-euclid 1000000,999999
//! cargo run --release --example workloads -- partizan-subtraction 2,3 1,4 100000
//! cargo run --release --example workloads -- childish-hackenbush '0-a:B a-b:R b-0:G'
//! cargo run --release --example workloads -- ski-jumps 'L.R.L.R.|R.L.R.L.|L.R.L.R.|R.L.R.L.'
//! ```
//!
//! CGSuite's benchmark list: `heat 14`, `heat 12`, `kayles 40000`,
//! `clobber 'xoxo|oxox|xoxo|oxox'`, `amazons 'x......|o......'`.

mod algebra;
mod generator;
mod heaps;
mod impartial;
mod loopy;
mod misere;
mod partizan;
mod partizan_rulesets;
mod products;

use std::time::Instant;

/// Prints one result line.
pub fn emit(name: &str, secs: f64, summary: &str) {
    println!("{name}\t{secs:.6}\t{summary}");
}

/// Runs `f` and returns its result with the elapsed seconds.
pub fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let start = Instant::now();
    let v = f();
    (v, start.elapsed().as_secs_f64())
}

type Workload = fn(&[String]) -> Result<(), String>;

const WORKLOADS: &[(&str, &str, Workload)] = &[
    (
        "sum",
        "sum K...: K random small forms, their sum and all K*K comparisons",
        algebra::run_sum,
    ),
    (
        "compare",
        "compare K...: only the K*K comparisons of the same forms",
        algebra::run_compare,
    ),
    (
        "grundy-wythoff",
        "grundy-wythoff N...: the N*N Wythoff Grundy table through the impartial fast path",
        impartial::run_grundy_wythoff,
    ),
    (
        "subtraction",
        "subtraction [SET] N...: the first N Grundy values of the subtraction game S ({1,2,3}, or SET such as 2,5,7 for the sizes after it)",
        impartial::run_subtraction,
    ),
    (
        "chomp",
        "chomp RxC...: the Grundy value of the R-row, C-column Chomp rectangle through the GrundySolver",
        impartial::run_chomp,
    ),
    (
        "queen",
        "queen N...: the N*N partizan Queen table by the general constructor",
        self::partizan::run_queen,
    ),
    (
        "wythoff",
        "wythoff N...: the N*N impartial Queen (Wythoff) table by the general constructor",
        self::partizan::run_wythoff,
    ),
    (
        "conway-product",
        "conway-product K...: the Conway products of K pairs of random games of birthday 4",
        products::run_conway_product,
    ),
    (
        "domineering",
        "domineering RxC...: the canonical form of the empty R-row, C-column Domineering board",
        self::partizan::run_domineering,
    ),
    (
        "snort",
        "snort RxC...: the canonical form of Snort on the empty R-row, C-column grid",
        self::partizan::run_snort,
    ),
    (
        "amazons",
        "amazons POS...: the canonical form of an Amazons position such as 'x......|o......' (CGSuite's benchmark)",
        self::partizan::run_amazons,
    ),
    (
        "clobber",
        "clobber POS...: the canonical form of a Clobber position such as 'xoxo|oxox|xoxo|oxox'",
        self::partizan::run_clobber,
    ),
    (
        "konane",
        "konane POS...: the canonical form of a Konane position such as '..xox|oxoxo|xoxox|oxoxo|xoxox'",
        self::partizan::run_konane,
    ),
    (
        "heat",
        "heat K...: *K heated by 1 (CGSuite's *14 Heat 1)",
        heaps::run_heat,
    ),
    (
        "kayles",
        "kayles N...: the nim value of a Kayles heap of N, by the sparse-space engine and by the direct mex",
        heaps::run_kayles,
    ),
    (
        "octal",
        "octal CODE N... [--every-value]: G(0..N) of an octal code by the sparse-space engine, with its summary and rate (--every-value: past a proven period too)",
        heaps::run_octal,
    ),
    (
        "misere-quotient",
        "misere-quotient CODE:N...: the misère quotient of an octal game's heaps 1..=N (limit 2000 elements)",
        misere::run_quotient,
    ),
    (
        "misere-domineering",
        "misere-domineering RxC...: the misère outcome class of the empty R-row, C-column Domineering board",
        misere::run_domineering,
    ),
    (
        "toppling",
        "toppling ROW...: the canonical form of a Toppling Dominoes row of L, R and G",
        self::partizan::run_toppling,
    ),
    (
        "loopy-toads",
        "loopy-toads ROW...: the value (stopper, or onside & offside) of a Backsliding Toads and Frogs row such as T....F",
        loopy::run_loopy_toads,
    ),
    (
        "loopy-toads-all",
        "loopy-toads-all N: the value of every Backsliding Toads and Frogs row of 1 to N squares",
        loopy::run_loopy_toads_all,
    ),
    (
        "eatcake",
        "eatcake WxH...: the canonical form of the W-wide, H-high Eatcake cake",
        partizan_rulesets::run_eatcake,
    ),
    (
        "turn-and-eatcake",
        "turn-and-eatcake WxH...: the canonical form of the W-wide, H-high Turn-and-Eatcake cake",
        partizan_rulesets::run_turn_and_eatcake,
    ),
    (
        "maundy-cake",
        "maundy-cake WxH...: the value of the W-wide, H-high Maundy Cake",
        partizan_rulesets::run_maundy_cake,
    ),
    (
        "partizan-euclid",
        "partizan-euclid P,Q...: the canonical form of the Partizan Euclid position (P, Q)",
        partizan_rulesets::run_partizan_euclid,
    ),
    (
        "partizan-subtraction",
        "partizan-subtraction LEFT RIGHT N...: the canonical form of heap N when Left takes amounts in LEFT (such as 2,3) and Right in RIGHT",
        partizan_rulesets::run_partizan_subtraction,
    ),
    (
        "childish-hackenbush",
        "childish-hackenbush PICTURE...: the canonical form of a Childish Hackenbush picture such as '0-a:B a-b:R b-0:G'",
        partizan_rulesets::run_childish_hackenbush,
    ),
    (
        "ski-jumps",
        "ski-jumps SLOPE...: the canonical form of a Ski-Jumps slope such as 'L..|.R.'",
        partizan_rulesets::run_ski_jumps,
    ),
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        let lines: Vec<String> = WORKLOADS.iter().map(|(_, u, _)| format!("  {u}")).collect();
        format!("usage: workloads WORKLOAD SIZE...\n{}", lines.join("\n"))
    };
    let Some((name, sizes)) = args.split_first() else {
        eprintln!("{}", usage());
        std::process::exit(2);
    };
    let Some((_, _, run)) = WORKLOADS.iter().find(|(n, _, _)| n == name) else {
        eprintln!("error: unknown workload {name:?}\n{}", usage());
        std::process::exit(2);
    };
    // Deep recursion in sums and comparisons of large forms: use a large stack.
    let sizes = sizes.to_vec();
    let run = *run;
    let result = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || run(&sizes))
        .expect("spawn")
        .join()
        .expect("workload thread");
    if let Err(e) = result {
        eprintln!("error: {e}");
        std::process::exit(2);
    }
}

/// Parses each size argument.
pub fn parse_sizes<T: std::str::FromStr>(sizes: &[String], what: &str) -> Result<Vec<T>, String> {
    if sizes.is_empty() {
        return Err(format!("give at least one {what}"));
    }
    sizes
        .iter()
        .map(|s| {
            s.parse()
                .map_err(|_| format!("{s:?} is not a valid {what}"))
        })
        .collect()
}
