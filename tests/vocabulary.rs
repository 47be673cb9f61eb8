//! CGSuite's vocabulary: its own test tables fed to the expression language unchanged, each
//! answer compared with CGSuite's (the tables are copied into `tests/data/` with their source).
//!
//! Where partizan prints a value in another way than CGSuite, the comparison reads both ways
//! as `docs/NOTATION.md` ("Where partizan prints differently from CGSuite") lists them, and no
//! other difference passes:
//!
//! - options, incentives and followers are lists `[a,b]` where CGSuite prints sets `{a,b}`, in
//!   the same order (CGSuite's order of values);
//! - a thermograph prints as its mean, temperature and walls, a line each (`left wall: 2@-1
//!   2@-1/2 25/16@-1/16`), where CGSuite prints `Thermograph(25/16,[-1/16,-1/2],[0,-1,0],…)`: both are
//!   read as walls and compared at every temperature where either has a corner;
//! - a CGSuite error is matched by any partizan error (the messages differ), except where
//!   CGSuite's error is its own limit of 32-bit integers, which partizan does not have.

use num_rational::BigRational;
use partizan::expr::evaluate;

/// A piecewise-linear wall of a thermograph: the value at temperature `t`.
trait Wall {
    fn at(&self, t: &BigRational) -> BigRational;
    /// The temperatures of its corners.
    fn corners(&self) -> Vec<BigRational>;
}

fn rational(s: &str) -> BigRational {
    s.trim()
        .parse()
        .unwrap_or_else(|e| panic!("a rational, not {s:?}: {e:?}"))
}

fn rationals(list: &str) -> Vec<BigRational> {
    let inner = list.trim().trim_start_matches('[').trim_end_matches(']');
    if inner.trim().is_empty() {
        Vec::new()
    } else {
        inner.split(',').map(rational).collect()
    }
}

/// CGSuite's wall: the mast's value, the critical temperatures from the top down, and the slope
/// `dv/dt` above the first, between each two, and below the last.
struct CgsuiteWall {
    mast: BigRational,
    criticals: Vec<BigRational>,
    slopes: Vec<BigRational>,
}

impl Wall for CgsuiteWall {
    fn at(&self, t: &BigRational) -> BigRational {
        let mut v = self.mast.clone();
        let mut above: Option<&BigRational> = None;
        for (i, c) in self.criticals.iter().enumerate() {
            if t >= c {
                if let Some(a) = above {
                    v += &self.slopes[i] * (t - a);
                }
                return v;
            }
            if let Some(a) = above {
                v += &self.slopes[i] * (c - a);
            }
            above = Some(c);
        }
        if let Some(a) = above {
            v += &self.slopes[self.criticals.len()] * (t - a);
        }
        v
    }

    fn corners(&self) -> Vec<BigRational> {
        self.criticals.clone()
    }
}

/// partizan's wall: its corners `value@temperature` from the bottom up, constant above the
/// last (the mast) and below the first.
struct PartizanWall(Vec<(BigRational, BigRational)>);

impl Wall for PartizanWall {
    fn at(&self, t: &BigRational) -> BigRational {
        let points = &self.0;
        if t <= &points[0].1 {
            return points[0].0.clone();
        }
        for w in points.windows(2) {
            let ((v0, t0), (v1, t1)) = (&w[0], &w[1]);
            if t <= t1 {
                return v0 + (v1 - v0) * (t - t0) / (t1 - t0);
            }
        }
        points[points.len() - 1].0.clone()
    }

    fn corners(&self) -> Vec<BigRational> {
        self.0.iter().map(|p| p.1.clone()).collect()
    }
}

/// CGSuite's `Thermograph(mL,[…],[…],mR,[…],[…])`: the left and right walls.
fn cgsuite_thermograph(s: &str) -> [CgsuiteWall; 2] {
    let inner = s
        .strip_prefix("Thermograph(")
        .and_then(|r| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("CGSuite's thermograph, not {s}"));
    // Split at the commas outside brackets.
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    assert_eq!(parts.len(), 6, "{s}");
    let wall = |k: usize| CgsuiteWall {
        mast: rational(parts[k]),
        criticals: rationals(parts[k + 1]),
        slopes: rationals(parts[k + 2]),
    };
    [wall(0), wall(3)]
}

/// partizan's `mean: …`, `temperature: …`, `left wall: v@t …`, `right wall: v@t …` (a line
/// each, or `; ` between them): the two walls.
fn partizan_thermograph(s: &str) -> [PartizanWall; 2] {
    let wall = |name: &str| {
        let field = s
            .split(['\n', ';'])
            .find_map(|f| f.trim().strip_prefix(name))
            .unwrap_or_else(|| panic!("no {name} in {s}"));
        PartizanWall(
            field
                .split_whitespace()
                .map(|p| {
                    let (v, t) = p.split_once('@').expect("value@temperature");
                    (rational(v), rational(t))
                })
                .collect(),
        )
    };
    [wall("left wall:"), wall("right wall:")]
}

/// Whether partizan's printed thermograph `ours` has CGSuite's walls `theirs`.
fn same_thermograph(theirs: &str, ours: &str) -> bool {
    let (a, b) = (cgsuite_thermograph(theirs), partizan_thermograph(ours));
    a.iter().zip(&b).all(|(x, y)| {
        let mut temperatures = x.corners();
        temperatures.extend(y.corners());
        temperatures.push(rational("-1"));
        temperatures.push(rational("1000"));
        temperatures.iter().all(|t| x.at(t) == y.at(t))
    })
}

/// Whether partizan's answer `got` to `input` is CGSuite's `expected`, read as the module
/// documentation says.
fn agrees(input: &str, expected: &str, got: &Result<String, String>) -> bool {
    let property = input.rsplit(").").next().unwrap_or("");
    match (expected.strip_prefix("!!"), got) {
        (Some(_), Err(_)) => true,
        (Some(m), Ok(_)) => m.starts_with("Integer out of bounds"),
        (None, Err(_)) => false,
        (None, Ok(v)) if property == "Thermograph" => same_thermograph(expected, v),
        (None, Ok(v)) => {
            let as_list = |s: &str| match s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                Some(inner) => format!("[{inner}]"),
                None => s.to_string(),
            };
            let is_collection = matches!(
                property,
                "LeftOptions"
                    | "RightOptions"
                    | "Options(Left)"
                    | "Options(Right)"
                    | "Incentives"
                    | "LeftIncentives"
                    | "RightIncentives"
                    | "Followers"
            );
            *v == expected || (is_collection && *v == as_list(expected))
        }
    }
}

/// CGSuite's `CanonicalShortGameTestCase`: 25 canonical games from 0 to a game of birthday 9,
/// each asked every property of CGSuite's `CanonicalShortGame` (1,294 checks). Every one gives
/// CGSuite's answer.
#[test]
fn cgsuite_canonical_short_game_table() {
    let data = include_str!("data/cgsuite_canonical_short_game.tsv");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (input, expected) = line.split_once('\t').expect("input, tab, expected");
        let got = evaluate(input)
            .map(|v| v.to_string())
            .map_err(|e| e.to_string());
        if !agrees(input, expected, &got) {
            wrong.push(format!("{input}: CGSuite {expected}, partizan {got:?}"));
        }
        checked += 1;
    }
    assert_eq!(checked, 1294);
    assert!(
        wrong.is_empty(),
        "{} of {checked} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The comparison of thermographs reads both printings as the same walls, and tells walls
/// apart that differ at one temperature.
#[test]
fn thermographs_compare_as_walls() {
    let cgsuite = "Thermograph(25/16,[-1/16,-1/2],[0,-1,0],25/16,[-1/16,-1/8,-1/2],[0,1,0,1])";
    let ours = "mean: 25/16; temperature: -1/16; left wall: 2@-1 2@-1/2 25/16@-1/16; right wall: 1@-1 3/2@-1/2 3/2@-1/8 25/16@-1/16";
    assert!(same_thermograph(cgsuite, ours));
    let off = "mean: 25/16; temperature: -1/16; left wall: 2@-1 2@-1/2 25/16@-1/16; right wall: 1@-1 3/2@-1/2 3/2@-1/4 25/16@-1/16";
    assert!(!same_thermograph(cgsuite, off));
}

/// Parity by its definition (CGSuite's `IsEven`): `0` is even; a game is even when every
/// option is odd, odd when it is not `0` and every option is even.
fn parity_by_definition(g: partizan::Game) -> (bool, bool) {
    let options: Vec<(bool, bool)> = g
        .left_options()
        .iter()
        .chain(g.right_options())
        .map(|o| parity_by_definition(*o))
        .collect();
    let even = options.iter().all(|o| o.1);
    let odd = !options.is_empty() && options.iter().all(|o| o.0);
    (even, odd)
}

/// `IsEven` and `IsOdd` on every game born by day 3 (1,474) and on sums of two games born by
/// day 2, against the definition; an integer's parity is its own (`-4` even, `5` odd), a
/// non-integer number's is its game's (`1/2 = {0|1}` is neither), and a rational that is not a
/// game has none.
#[test]
fn parity_of_games() {
    let day2 = crate::util::reference::born_by(2);
    assert_eq!(day2.len(), 22, "the games born by day 2");
    let day3 = partizan::algebra::days::born_by(3).expect("day 3 is small");
    assert_eq!(day3.len(), 1474, "the games born by day 3");
    let sums = day2.iter().flat_map(|a| day2.iter().map(move |b| *a + *b));
    let mut checked = 0;
    for g in day3.iter().copied().chain(sums) {
        let (even, odd) = parity_by_definition(g);
        let text = format!("({g})");
        assert_eq!(
            evaluate(&format!("{text}.IsEven")).unwrap().to_string(),
            even.to_string(),
            "{g}"
        );
        assert_eq!(
            evaluate(&format!("{text}.IsOdd")).unwrap().to_string(),
            odd.to_string(),
            "{g}"
        );
        assert_eq!((g.is_even(), g.is_odd()), (even, odd), "{g}");
        checked += 1;
    }
    assert_eq!(checked, 1474 + 22 * 22);
    for (input, expected) in [
        ("(-4).IsEven", "true"),
        ("(5).IsOdd", "true"),
        ("(1/2).IsEven", "false"),
        ("(1/2).IsOdd", "false"),
        ("(3/4).IsOdd", "false"),
    ] {
        assert_eq!(evaluate(input).unwrap().to_string(), expected, "{input}");
    }
    assert!(evaluate("(1/3).IsEven").is_err());
}

/// The class of an explicit or compound game is CGSuite's name for it, and a family's position
/// is refused (its class in CGSuite is its ruleset's), pointing at the class of its value.
#[test]
fn classes_of_forms_and_positions() {
    let class = |input: &str| evaluate(input).unwrap().to_string();
    assert_eq!(class("'{*|*}'.Class"), "⟪game.ExplicitGame⟫");
    assert_eq!(class("('{*|*}' : 1).Class"), "⟪game.CompoundGame⟫");
    assert_eq!(class("(*2).Class"), "⟪game.Nimber⟫");
    assert_eq!(class("(^^*).Class"), "⟪game.Uptimal⟫");
    let e = evaluate("kayles(5).Class").unwrap_err().to_string();
    assert!(e.contains("CanonicalForm.Class"), "{e}");
    assert_eq!(class("kayles(5).CanonicalForm.Class"), "⟪game.Nimber⟫");
}

/// The other short-game properties of CGSuite's table, on every game born by day 3, each
/// against its definition: `IsZero` is `G = 0`; `IsIdempotent` is `G + G = G`; `IsOrdinal` is a
/// canonical form in which no follower has a Right option; `IsInteger` and `IsPseudonumber`
/// (for a short game, a number) by the number; `Freeze` is `G.Cool(G.Temperature)` (a number
/// is its own); `IsAtomic` is whether `AtomicWeight` is defined; a short game has degree and
/// variety 0 and is a loop-free stopper, stopper-sided and a plumtree.
#[test]
fn short_game_properties_by_definition() {
    use partizan::Game;
    fn no_right_options(g: Game) -> bool {
        g.right_options().is_empty() && g.left_options().iter().all(|o| no_right_options(*o))
    }
    let day3 = partizan::algebra::days::born_by(3).expect("day 3 is small");
    let ask = |g: Game, property: &str| match evaluate(&format!("({g}).{property}")) {
        Ok(v) => v.to_string(),
        Err(e) => format!("error: {e}"),
    };
    for g in day3 {
        let number = g.as_number();
        assert_eq!(ask(g, "IsZero"), (g == Game::zero()).to_string(), "{g}");
        assert_eq!(ask(g, "IsIdempotent"), (g + g == g).to_string(), "{g}");
        assert_eq!(ask(g, "IsOrdinal"), no_right_options(g).to_string(), "{g}");
        let integer = number.is_some_and(|x| x.is_integer());
        assert_eq!(ask(g, "IsInteger"), integer.to_string(), "{g}");
        assert_eq!(
            ask(g, "IsPseudonumber"),
            number.is_some().to_string(),
            "{g}"
        );
        let frozen = if number.is_some() {
            g.to_string()
        } else {
            ask(g, &format!("Cool({})", g.temperature()))
        };
        assert_eq!(ask(g, "Freeze"), frozen, "{g}");
        let atomic = evaluate(&format!("({g}).AtomicWeight")).is_ok();
        assert_eq!(ask(g, "IsAtomic"), atomic.to_string(), "{g}");
        for (property, value) in [
            ("Degree", "0"),
            ("Variety", "0"),
            ("IsLoopfree", "true"),
            ("IsStopper", "true"),
            ("IsStopperSided", "true"),
            ("IsPlumtree", "true"),
        ] {
            assert_eq!(ask(g, property), value, "{g}.{property}");
        }
    }
}
