//! The outcome search (`partizan::solve::outcome`) against outcomes known from outside it: the
//! results of MCGS's test corpus (tests/data/mcgs_outcomes.txt), and the outcome of the
//! canonical form on every small position of several families and on sums of them, with
//! settings that exercise each path of the search (no component valued, a tiny transposition
//! table that is emptied again and again).

use partizan::expr::evaluate_unsettled;
use partizan::solve::outcome::SearchOptions;
use partizan::solve::Position;
use partizan::{Outcome, Value};

fn position(e: &str) -> Position {
    match evaluate_unsettled(e) {
        Ok(Value::Position(p)) => p,
        other => panic!("{e}: expected a position, got {other:?}"),
    }
}

/// Every setting the search is checked with.
const SETTINGS: [SearchOptions; 4] = [
    SearchOptions {
        table_entries: 1 << 20,
        component_budget: 64,
        first_budget: 1024,
    },
    // Components are never valued (except where the ruleset knows the value), and no first
    // search: pure search.
    SearchOptions {
        table_entries: 1 << 20,
        component_budget: 0,
        first_budget: 0,
    },
    // A table of 16 entries, emptied whenever it fills, and a first search that mostly runs
    // over its budget, leaving what it decided to the search with values.
    SearchOptions {
        table_entries: 16,
        component_budget: 16,
        first_budget: 8,
    },
    // The first search alone, with no limit: it decides every position that does not split.
    SearchOptions {
        table_entries: 1 << 20,
        component_budget: 64,
        first_budget: u64::MAX,
    },
];

fn wins(word: &str) -> Option<bool> {
    match word {
        "win" => Some(true),
        "loss" => Some(false),
        "-" => None,
        w => panic!("unknown result {w}"),
    }
}

/// Checks `outcome` of each position of MCGS's test corpus (tests/data/mcgs_outcomes.txt)
/// against MCGS's results.
fn against_mcgs_results(outcome: impl Fn(&Position) -> Outcome) {
    let data = include_str!("../data/mcgs_outcomes.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let [expr, black, white, _, _] = fields[..] else {
            panic!("bad line {line}");
        };
        let outcome = outcome(&position(expr));
        let left_first = matches!(outcome, Outcome::L | Outcome::N);
        let right_first = matches!(outcome, Outcome::R | Outcome::N);
        if let Some(b) = wins(black) {
            assert_eq!(left_first, b, "{expr}: Black (Left) moving first");
        }
        if let Some(w) = wins(white) {
            assert_eq!(right_first, w, "{expr}: White (Right) moving first");
        }
        checked += 1;
    }
    assert_eq!(checked, 54);
}

#[test]
fn the_results_of_mcgs_test_corpus() {
    against_mcgs_results(|p| p.outcome_by_search(SearchOptions::default()).unwrap().0);
}

/// `outcome`, which chooses between the canonical form and search (NoGo's boards are searched
/// first), agrees with MCGS too.
#[test]
fn the_results_of_mcgs_test_corpus_by_the_chosen_way() {
    against_mcgs_results(|p| p.outcome().unwrap());
}

/// Every string of `len` characters from `alphabet`.
fn strings(alphabet: &[char], len: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    for _ in 0..len {
        out = out
            .iter()
            .flat_map(|s| alphabet.iter().map(move |c| format!("{s}{c}")))
            .collect();
    }
    out
}

/// The boards of `rows` rows of `cols` squares from `alphabet`, rows separated by `|`.
fn boards(alphabet: &[char], rows: usize, cols: usize) -> Vec<String> {
    strings(alphabet, rows * cols)
        .into_iter()
        .map(|s| {
            let chars: Vec<char> = s.chars().collect();
            chars
                .chunks(cols)
                .map(|r| r.iter().collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        })
        .collect()
}

/// Checks the search against the canonical form's outcome on `p` with every setting.
fn agrees(p: &Position) {
    let expected = p.canonical_form().unwrap().outcome();
    for options in SETTINGS {
        let (outcome, _) = p.outcome_by_search(options).unwrap();
        assert_eq!(outcome, expected, "{p} with {options:?}");
    }
}

/// The positions of `family("text")` for each text, skipping texts the family refuses (NoGo
/// boards with a captured block).
fn family_positions(family: &str, texts: &[String], extra: &str) -> Vec<Position> {
    texts
        .iter()
        .filter_map(
            |t| match evaluate_unsettled(&format!("{family}(\"{t}\"{extra})")) {
                Ok(Value::Position(p)) => Some(p),
                _ => None,
            },
        )
        .collect()
}

#[test]
fn agrees_with_the_canonical_form_on_small_boards() {
    let mut families: Vec<(&str, Vec<String>, &str)> = vec![
        ("domineering", boards(&['.', '#'], 3, 3), ""),
        ("domineering", boards(&['.', '#'], 2, 4), ""),
        ("clobber", strings(&['x', 'o', '.'], 6), ""),
        ("clobber", boards(&['x', 'o', '.'], 2, 3), ""),
        (
            "clobber",
            strings(&['x', 'o', '.'], 5),
            ", variant=\"cannibal\"",
        ),
        ("nogo", boards(&['x', 'o', '.'], 2, 3), ""),
        ("elephants_rhinos", strings(&['E', 'R', '.'], 7), ""),
        ("toads", strings(&['T', 'F', '.'], 6), ""),
    ];
    let mut checked = 0;
    for (family, texts, extra) in families.drain(..) {
        for p in family_positions(family, &texts, extra) {
            agrees(&p);
            checked += 1;
        }
    }
    assert!(checked > 5000, "{checked} positions");
}

#[test]
fn agrees_with_the_canonical_form_on_sums_of_families() {
    // Small positions of four families, summed in twos and threes by a fixed pseudo-random
    // choice: the search of a sum of positions of different rulesets.
    let mut pool = Vec::new();
    pool.extend(family_positions(
        "domineering",
        &boards(&['.', '#'], 2, 3),
        "",
    ));
    pool.extend(family_positions(
        "clobber",
        &strings(&['x', 'o', '.'], 4),
        "",
    ));
    pool.extend(family_positions("toads", &strings(&['T', 'F', '.'], 5), ""));
    pool.extend(family_positions(
        "elephants_rhinos",
        &strings(&['E', 'R', '.'], 5),
        "",
    ));
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) as usize % n
    };
    for round in 0..400 {
        let parts = 2 + round % 2;
        let sum = Position::sum((0..parts).map(|_| pool[next(pool.len())].clone()).collect());
        agrees(&sum);
    }
}

#[test]
fn the_first_search_decides_small_positions_and_says_so() {
    // A 4 x 4 Amazons board that does not split: the first search (no canonical form) finds
    // the winning moves; with it off, the search values components instead.
    let p = position("amazons(\"##x.|#...|#...|#...\")");
    let (outcome, stats) = p.outcome_by_search(SearchOptions::default()).unwrap();
    assert_eq!(outcome, Outcome::L);
    assert_eq!((stats.first_tried, stats.first_decided), (2, 2));
    assert_eq!(stats.nodes, 0);
    assert!(stats
        .to_string()
        .contains("searched first without values (2 of 2 decided)"));
    let off = SearchOptions {
        first_budget: 0,
        ..SearchOptions::default()
    };
    let (outcome, stats) = p.outcome_by_search(off).unwrap();
    assert_eq!(outcome, Outcome::L);
    assert_eq!((stats.first_tried, stats.first_nodes), (0, 0));
    // A sum of several components is left to the values.
    let sum = position("clobber(\"xo.xxxo.oxo.oox.oxox.ox.xxxxo.xo.oox.ox\")");
    let (_, stats) = sum.outcome_by_search(SearchOptions::default()).unwrap();
    assert_eq!(stats.first_tried, 0);
}

#[test]
fn outcome_class_and_winning_moves_of_a_position() {
    // `G.OutcomeClass` of a position: the same class, whichever way it is found.
    let e = "elephants_rhinos(\"E...EE.R...E.....RRRR..E...R.....R.R...R\")";
    assert_eq!(position(e).outcome().unwrap(), Outcome::R);
    let v = partizan::expr::evaluate(&format!("{e}.OutcomeClass")).unwrap();
    assert_eq!(v.to_string(), "R");
    // Winning moves are the options the opponent, moving first, loses: in Domineering on a
    // 2 x 2 board (value ±1) each player's every move wins.
    let v = partizan::expr::evaluate("domineering(\"..|..\").WinningMoves").unwrap();
    assert_eq!(
        v.to_string(),
        "[[domineering(\"#.|#.\"),domineering(\".#|.#\")],[domineering(\"##|..\"),domineering(\"..|##\")]]"
    );
    // Named in MCGS's notation beside the options. Clobber xoxo by the rules: Left's 1-2
    // (then Right's only move 4-3, Left's 2-3) and 3-2 (Right cannot move) win, 3-4 loses to
    // 2-1; Right's 2-3 (Left cannot move) and 4-3 (Left's only 1-2, then 3-2) win, 2-1 loses
    // to 3-4.
    let v = partizan::expr::evaluate("clobber(\"xoxo\").WinningMoveNames").unwrap();
    assert_eq!(
        v.to_string(),
        "[{\"1-2\" => clobber(\".xxo\"), \"3-2\" => clobber(\"xx.o\")},{\"2-3\" => clobber(\"x.oo\"), \"4-3\" => clobber(\"xoo.\")}]"
    );
    // A form's moves are named by the options: ±1's Left option 1 and Right option -1 win.
    let v = partizan::expr::evaluate("{1|-1}.WinningMoveNames").unwrap();
    assert_eq!(v.to_string(), "[{\"1\" => 1},{\"-1\" => -1}]");
}
