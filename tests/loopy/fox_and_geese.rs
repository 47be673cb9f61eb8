//! Fox and Geese against the values of CGSuite's test suite, hand derivations, and the rules
//! written here: an outcome search with draws (`loopy::brute`) and the loopy algebra on the
//! whole position graph, both on a board closed above, with moves generated here and none of the
//! family's shortcuts (the free fox as `off`, the mirror image, the values flock by flock).

use super::brute::{explore, outcome};
use partizan::algebra::loopy::{LoopyOutcome, SidedValue};
use partizan::rulesets::fox_and_geese::{outcome as fg_outcome, value, values, Pen};
use partizan::solve::Ruleset;

fn pen(s: &str) -> Pen {
    Pen::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn v(s: &str) -> String {
    value(&pen(s)).unwrap().to_string()
}

/// A board of CGSuite's coordinates: `rows` rows numbered from 1 at the bottom, `width`
/// columns from 1 at the left, geese and the fox at `(row, column)`.
fn cgsuite(width: usize, rows: usize, geese: &[(usize, usize)], fox: (usize, usize)) -> String {
    (1..=rows)
        .rev()
        .map(|r| {
            (1..=width)
                .map(|c| {
                    if geese.contains(&(r, c)) {
                        'G'
                    } else if fox == (r, c) {
                        'F'
                    } else {
                        '.'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// The values CGSuite's own tests expect, from `lib/core/src/test/scala/org/cgsuite/lang/
/// GameGridTest.scala` ("define FoxAndGeese properly"; CGSuite's `FoxAndGeese` is
/// `GenFoxAndGeese()`, width 8, rows numbered from 1 at the bottom and open above).
#[test]
fn cgsuite_values() {
    // game.grid.FoxAndGeese({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue == {4*|7/2}
    let four = cgsuite(8, 4, &[(4, 2), (4, 4), (4, 6), (4, 8)], (1, 1));
    assert_eq!(four, ".G.G.G.G|........|........|F.......");
    assert_eq!(v(&four), "{4*|7/2}");
    // game.grid.GenFoxAndGeese(boardWidth => 10)({(3,1),(3,3),(3,5),(3,7),(3,9)}, (1,9))
    // .GameValue == {6over|5*}
    let five = cgsuite(10, 3, &[(3, 1), (3, 3), (3, 5), (3, 7), (3, 9)], (1, 9));
    assert_eq!(v(&five), "{6over|5*}");
    // game.grid.FoxAndGeese.ValuesTable({(3,1),(3,3),(3,5),(3,7)}): the value with the fox on
    // each square of rows 2 and 1 (the geese's row is all geese and squares of the other
    // colour).
    let geese = [(3, 1), (3, 3), (3, 5), (3, 7)];
    for (fox, expected) in [
        ((2, 2), "2over"),
        ((2, 4), "2"),
        ((2, 6), "3*"),
        ((2, 8), "4over"),
        ((1, 1), "{6|2over}"),
        ((1, 3), "{2over|2}"),
        ((1, 5), "{4|3||2}"),
        ((1, 7), "{4over|3*}"),
    ] {
        assert_eq!(v(&cgsuite(8, 3, &geese, fox)), expected, "fox at {fox:?}");
    }
}

#[test]
fn hand_values() {
    // Nobody can move: the goose is on the bottom edge's row above the fox, the fox in the
    // corner under it. 0.
    assert_eq!(v("G.|.F"), "0");
    // The fox steps up beside the goose and is past it: Right's move is to off. The goose's
    // move, down between the fox and the edge above him, leaves the fox stuck in the corner,
    // {off|} = 0 as below: {0|off}.
    assert_eq!(v("G..|...|..F"), "{0|off}");
    // The fox in the bottom corner under a goose cannot move; the goose's only move, down
    // beside him, frees him: {off|}. Right moving first loses, and so does Left (Right then
    // moves for ever), and {off|} = 0: in {off|} − 0 Right moving first has no move, and
    // Left's only move is to off.
    assert_eq!(v("...|.G.|F.."), "0");
    assert_eq!(fg_outcome(&pen("...|.G.|F..")).unwrap(), LoopyOutcome::P);
    // No geese, or the fox level with the highest goose: he is free, off.
    assert_eq!(v("..|F."), "off");
    assert_eq!(v("G.F.|...."), "off");
    // A board and its mirror image are the same game.
    assert_eq!(v("G.G.|....|..F."), v(".G.G|....|.F.."));
}

#[test]
fn bad_boards_are_refused() {
    for (board, needle) in [
        ("G.|.X", "unknown character"),
        ("G.|..", "0 foxes"),
        ("F.|.F", "2 foxes"),
        ("G.|F.", "not on the fox's colour"),
        ("G|F", "at least 2"),
        ("G..|.F", "ragged"),
    ] {
        let e = Pen::parse(board).expect_err(board).to_string();
        assert!(e.contains(needle), "{board}: {e}");
    }
}

/// A position of the rules on a board closed above: `rows` rows (0 the top), `width` columns,
/// the fox's square and the geese's squares (sorted), as `(row, column)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Closed {
    fox: (i32, i32),
    geese: Vec<(i32, i32)>,
}

/// The rules on a closed board of `rows × width`: a goose steps one square diagonally down, the
/// fox one square diagonally any way, onto an empty square of the board.
#[derive(Clone, Copy)]
struct ClosedRules {
    rows: i32,
    width: i32,
}

impl ClosedRules {
    fn on(&self, (r, c): (i32, i32)) -> bool {
        (0..self.rows).contains(&r) && (0..self.width).contains(&c)
    }
}

impl Ruleset for ClosedRules {
    type Position = Closed;
    fn left_options(&self, p: &Closed) -> Vec<Closed> {
        let mut out = Vec::new();
        for (i, &(r, c)) in p.geese.iter().enumerate() {
            for to in [(r + 1, c - 1), (r + 1, c + 1)] {
                if self.on(to) && to != p.fox && !p.geese.contains(&to) {
                    let mut geese = p.geese.clone();
                    geese[i] = to;
                    geese.sort();
                    out.push(Closed { fox: p.fox, geese });
                }
            }
        }
        out
    }
    fn right_options(&self, p: &Closed) -> Vec<Closed> {
        let (r, c) = p.fox;
        [
            (r - 1, c - 1),
            (r - 1, c + 1),
            (r + 1, c - 1),
            (r + 1, c + 1),
        ]
        .into_iter()
        .filter(|&to| self.on(to) && !p.geese.contains(&to))
        .map(|fox| Closed {
            fox,
            geese: p.geese.clone(),
        })
        .collect()
    }
}

/// The closed board for a board of the family's text: two empty rows added above it. Above the
/// highest goose no goose ever comes back, and on two empty rows at least two squares wide the
/// fox always has a move there, so a fox that gets there is never stopped, as on the open
/// board: the outcomes and values are the open board's.
fn closed(text: &str) -> (ClosedRules, Closed) {
    let rows: Vec<&str> = text.split('|').collect();
    let width = rows[0].len() as i32;
    let mut fox = (0, 0);
    let mut geese = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let at = (r as i32 + 2, c as i32);
            match ch {
                'F' => fox = at,
                'G' => geese.push(at),
                _ => {}
            }
        }
    }
    geese.sort();
    (
        ClosedRules {
            rows: rows.len() as i32 + 2,
            width,
        },
        Closed { fox, geese },
    )
}

/// The outcome with draws by the brute force of `loopy::brute` on the graph of the closed
/// board, enumerated here.
fn brute_outcome(text: &str) -> LoopyOutcome {
    let (rules, start) = closed(text);
    let moves = |p: &Closed, left: bool| {
        if left {
            rules.left_options(p)
        } else {
            rules.right_options(p)
        }
    };
    outcome(&explore(start, moves), 0)
}

/// Every board of `rows × width` with the fox and `geese` geese on squares of one colour.
fn all_boards(rows: usize, width: usize, geese: usize) -> Vec<String> {
    let squares: Vec<(usize, usize)> = (0..rows)
        .flat_map(|r| (0..width).map(move |c| (r, c)))
        .collect();
    let mut out = Vec::new();
    for &fox in &squares {
        let same: Vec<(usize, usize)> = squares
            .iter()
            .copied()
            .filter(|&s| s != fox && (s.0 + s.1) % 2 == (fox.0 + fox.1) % 2)
            .collect();
        let mut pick = vec![0usize; geese];
        // Every increasing choice of `geese` squares of `same`.
        fn choose(
            from: usize,
            k: usize,
            n: usize,
            pick: &mut Vec<usize>,
            at: usize,
            f: &mut dyn FnMut(&[usize]),
        ) {
            if at == k {
                f(pick);
                return;
            }
            for i in from..n {
                pick[at] = i;
                choose(i + 1, k, n, pick, at + 1, f);
            }
        }
        choose(0, geese, same.len(), &mut pick, 0, &mut |p| {
            let mut b = vec![vec!['.'; width]; rows];
            b[fox.0][fox.1] = 'F';
            for &i in p {
                b[same[i].0][same[i].1] = 'G';
            }
            out.push(
                b.iter()
                    .map(|r| r.iter().collect::<String>())
                    .collect::<Vec<_>>()
                    .join("|"),
            );
        });
    }
    out
}

/// Every position of one or two geese on boards of width 2 to 5 and 1 to 4 rows, and of three
/// geese on boards of width 2 to 4 and 1 to 4 rows: the outcome
/// of the family (retrograde analysis of its graph) and the outcome its value gives are the
/// outcome of the rules on the closed board; and the value is the one the loopy algebra gives
/// on the whole graph of the closed board.
#[test]
fn small_boards_against_the_rules() {
    let mut checked = 0;
    for width in 2..=5 {
        for rows in 1..=4 {
            for geese in 1..=if width <= 4 { 3 } else { 2 } {
                for b in all_boards(rows, width, geese) {
                    let p = pen(&b);
                    let val = value(&p).unwrap();
                    let expected = brute_outcome(&b);
                    assert_eq!(fg_outcome(&p).unwrap(), expected, "{b}");
                    assert_eq!(val.outcome(), expected, "{b}: {val}");
                    let (rules, start) = closed(&b);
                    let whole =
                        partizan::solve::loopy::value(&rules, start, 1 << 16).expect("small");
                    assert_eq!(val, whole, "{b}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 3000, "{checked}");
}

/// Three geese on a board 4 wide and 5 rows high, a sample: every position reachable from one
/// start, valued together (flock by flock), each value against the outcome of the rules.
#[test]
fn values_of_a_three_goose_graph_give_the_outcome() {
    let start = "G.G.|.G..|....|....|..F.";
    let all = values(&pen(start)).unwrap();
    assert!(all.len() > 100, "{}", all.len());
    let mut boards = 0;
    for (p, val) in &all {
        let Pen::Board(_) = p else {
            assert_eq!(val.to_string(), "off");
            continue;
        };
        let b = p.to_string();
        assert_eq!(val.outcome(), brute_outcome(&b), "{b}: {val}");
        assert_eq!(*val, value(p).unwrap(), "{b}");
        boards += 1;
    }
    assert!(boards > 100, "{boards}");
}

/// CGSuite's four geese: the outcome of the rules (a closed board of 6 rows) is the outcome
/// of `{4*|7/2}`, Left's whoever starts.
#[test]
fn the_four_geese_outcome() {
    let four = ".G.G.G.G|........|........|F.......";
    assert_eq!(brute_outcome(four), LoopyOutcome::L);
    assert_eq!(fg_outcome(&pen(four)).unwrap(), LoopyOutcome::L);
}

#[test]
fn calls() {
    let eval = |s: &str| partizan::expr::evaluate(s).map(|v| v.to_string());
    assert_eq!(
        eval("fox_and_geese(\".G.G.G.G|........|........|F.......\")").unwrap(),
        "{4*|7/2}"
    );
    assert_eq!(eval("fox_and_geese(\"..|F.\")").unwrap(), "off");
    assert_eq!(
        eval("fox_and_geese(\"G.G.G.G.|........|....F...\").OutcomeClass").unwrap(),
        "L"
    );
    // A sum with a short game: 2 + over − 2 = over.
    assert_eq!(
        eval("fox_and_geese(\"G.G.G.G.|.F......|........\") - 2").unwrap(),
        "over"
    );
    assert!(eval("fox_and_geese(\"G.|F.\")").is_err());
    assert!(eval("fox_and_geese()").is_err());
    let r = std::process::Command::new(env!("CARGO_BIN_EXE_partizan"))
        .args(["eval", "fox_and_geese(\"G.G.G.G.|........|F.......\")"])
        .output()
        .unwrap();
    assert_eq!(
        (r.status.code(), String::from_utf8_lossy(&r.stdout).as_ref()),
        (Some(0), "{6|2over}\n")
    );
}

#[test]
fn the_value_is_a_stopper_whose_sides_agree() {
    let val: SidedValue = value(&pen(".G.G.G.G|........|........|F.......")).unwrap();
    assert!(val.is_stopper());
}
