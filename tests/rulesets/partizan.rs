//! The partizan rulesets Childish Hackenbush, Hackenbush stalks, Partizan Euclid, Maundy Cake, Eatcake,
//! Turn-and-Eatcake, partizan subtraction games and Ski-Jumps against independent sources:
//! evaluators written here from the rules alone (explicit positions, every move, no decomposition,
//! no symmetry, no normalisation; values built bottom-up with `Game::new`), OEIS A006022 (Maundy
//! Cake strips), values published with CGSuite, hand derivations, and the command line's one-line
//! errors for bad input.

use crate::util::{g, snapshot};
use partizan::rulesets::childish_hackenbush::Green;
use partizan::rulesets::hackenbush::{Colour, Edge, Picture};
use partizan::rulesets::{
    self, childish_hackenbush, eatcake, maundy_cake, partizan_euclid, partizan_subtraction,
    ski_jumps, turn_and_eatcake, Arg,
};
use partizan::solve::TableParams;
use partizan::Game;
use std::collections::HashMap;
use std::hash::Hash;

/// Evaluates an expression through the family registry, as the expression language does.
fn call(name: &str, args: Vec<Arg>) -> Game {
    rulesets::call(name, &args, &[]).unwrap().unwrap()
}

fn int(n: i64) -> Arg {
    Arg::Game(Game::integer(n))
}

fn text(s: &str) -> Arg {
    Arg::Str(s.to_string())
}

/// A position's Left and Right options.
type Moves<P> = Box<dyn Fn(&P) -> (Vec<P>, Vec<P>)>;

/// The value of `p` from the rules: `options(p)` gives Left's and Right's options, evaluated the
/// same way; memoised in `memo`.
struct Brute<P> {
    options: Moves<P>,
    memo: HashMap<P, Game>,
}

impl<P: Clone + Eq + Hash> Brute<P> {
    fn new(options: impl Fn(&P) -> (Vec<P>, Vec<P>) + 'static) -> Self {
        Brute {
            options: Box::new(options),
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, p: &P) -> Game {
        if let Some(&v) = self.memo.get(p) {
            return v;
        }
        let (left, right) = (self.options)(p);
        let l: Vec<Game> = left.iter().map(|o| self.value(o)).collect();
        let r: Vec<Game> = right.iter().map(|o| self.value(o)).collect();
        let v = Game::new(l, r);
        self.memo.insert(p.clone(), v);
        v
    }
}

// ---------------------------------------------------------------------------------------------
// Maundy Cake
// ---------------------------------------------------------------------------------------------

/// OEIS A006022: Maundy Cake on an n × 1 sheet, n = 1..79.
const A006022: [i64; 79] = [
    0, 1, 1, 3, 1, 4, 1, 7, 4, 6, 1, 10, 1, 8, 6, 15, 1, 13, 1, 16, 8, 12, 1, 22, 6, 14, 13, 22, 1,
    21, 1, 31, 12, 18, 8, 31, 1, 20, 14, 36, 1, 29, 1, 34, 21, 24, 1, 46, 8, 31, 18, 40, 1, 40, 12,
    50, 20, 30, 1, 51, 1, 32, 29, 63, 14, 45, 1, 52, 24, 43, 1, 67, 1, 38, 31, 58, 12, 53, 1,
];

/// Maundy Cake from the rules: a cake is `(w, h)`; a cut into `d` equal pieces is `d` times the
/// piece (the pieces are a sum).
fn maundy_brute() -> impl FnMut(u32, u32) -> Game {
    let mut memo: HashMap<(u32, u32), Game> = HashMap::new();
    fn eval(w: u32, h: u32, memo: &mut HashMap<(u32, u32), Game>) -> Game {
        if let Some(&v) = memo.get(&(w, h)) {
            return v;
        }
        let copies = |piece: Game, d: u32| (0..d).fold(Game::zero(), |acc, _| acc + piece);
        let left: Vec<Game> = (2..=w)
            .filter(|d| w.is_multiple_of(*d))
            .map(|d| copies(eval(w / d, h, memo), d))
            .collect();
        let right: Vec<Game> = (2..=h)
            .filter(|d| h.is_multiple_of(*d))
            .map(|d| copies(eval(w, h / d, memo), d))
            .collect();
        let v = Game::new(left, right);
        memo.insert((w, h), v);
        v
    }
    move |w, h| eval(w, h, &mut memo)
}

/// The prime factors of `n` with repetition, smallest first.
fn prime_factors(mut n: u32) -> Vec<u32> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= n {
        while n.is_multiple_of(p) {
            out.push(p);
            n /= p;
        }
        p += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

/// The strip value of A006022: `n·(1/p1 + 1/(p1 p2) + …)`, primes ascending.
fn strip(n: u32) -> i64 {
    let mut total = 0;
    let mut prefix = 1;
    for p in prime_factors(n) {
        prefix *= p;
        total += n / prefix;
    }
    total as i64
}

#[test]
fn maundy_cake_strips_are_oeis_a006022() {
    for (i, &a) in A006022.iter().enumerate() {
        let n = i as u32 + 1;
        assert_eq!(maundy_cake::value(n, 1), Game::integer(a), "{n} × 1");
        assert_eq!(maundy_cake::value(1, n), Game::integer(-a), "1 × {n}");
        assert_eq!(strip(n), a, "formula at {n}");
    }
    assert_eq!(
        call("maundy_cake", vec![int(24), int(1)]),
        Game::integer(22)
    );
}

#[test]
fn maundy_cake_matches_the_rules_and_the_prime_factor_rule() {
    let mut brute = maundy_brute();
    for w in 1..=48u32 {
        for h in 1..=48u32 {
            let v = brute(w, h);
            if w <= 24 && h <= 24 {
                assert_eq!(maundy_cake::value(w, h), v, "{w} × {h}");
            }
            // F(w ↓ Ω(h)) − F(h ↓ Ω(w)): strip off the smallest prime factors.
            let (fw, fh) = (prime_factors(w), prime_factors(h));
            let stripped = |f: &[u32], j: usize| f[j.min(f.len())..].iter().product::<u32>();
            let expected = strip(stripped(&fw, fh.len())) - strip(stripped(&fh, fw.len()));
            assert_eq!(v, Game::integer(expected), "{w} × {h}");
        }
    }
}

#[test]
fn maundy_cake_table() {
    let table = partizan::rulesets::table_with("maundy_cake", &TableParams::new().with("size", 12))
        .unwrap();
    let mut brute = maundy_brute();
    for (h, row) in table.cells.iter().enumerate() {
        for (w, cell) in row.iter().enumerate() {
            assert_eq!(*cell, brute(w as u32 + 1, h as u32 + 1).to_string());
        }
    }
    snapshot("maundy_cake_table_12", &table.to_tsv());
}

// ---------------------------------------------------------------------------------------------
// Eatcake and Turn-and-Eatcake
// ---------------------------------------------------------------------------------------------

/// Eatcake (`turned` false) or Turn-and-Eatcake from the rules on an explicit list of cakes:
/// every column and every row of every cake, the remains turned when `turned`.
fn eatcake_brute(turned: bool) -> Brute<Vec<(u32, u32)>> {
    Brute::new(move |cakes: &Vec<(u32, u32)>| {
        let mut left = Vec::new();
        let mut right = Vec::new();
        for (i, &(w, h)) in cakes.iter().enumerate() {
            for col in 0..w {
                let mut next = cakes.clone();
                next.remove(i);
                for piece in [(col, h), (w - 1 - col, h)] {
                    if piece.0 > 0 {
                        next.push(if turned { (piece.1, piece.0) } else { piece });
                    }
                }
                next.sort();
                left.push(next);
            }
            for row in 0..h {
                let mut next = cakes.clone();
                next.remove(i);
                for piece in [(w, row), (w, h - 1 - row)] {
                    if piece.1 > 0 {
                        next.push(if turned { (piece.1, piece.0) } else { piece });
                    }
                }
                next.sort();
                right.push(next);
            }
        }
        (left, right)
    })
}

#[test]
fn eatcake_matches_the_rules() {
    let mut brute = eatcake_brute(false);
    // 1 × 1: either player eats it, {0 | 0}. 2 × 1: Left leaves 1 × 1, Right eats it all.
    assert_eq!(eatcake::value(1, 1), g("*"));
    assert_eq!(eatcake::value(2, 1), g("{*|0}"));
    for w in 1..=6 {
        for h in 1..=6 {
            let v = brute.value(&vec![(w, h)]);
            assert_eq!(eatcake::value(w, h), v, "{w} × {h}");
            assert_eq!(eatcake::value(h, w), -v, "{h} × {w} is the negative");
        }
    }
    // A sum evaluated whole by the brute force, through the family.
    let sum = brute.value(&vec![(2, 2), (3, 2)]);
    assert_eq!(
        call("eatcake", vec![int(3), int(2)]) + call("eatcake", vec![int(2), int(2)]),
        sum
    );
}

#[test]
fn turn_and_eatcake_matches_the_rules() {
    let mut brute = eatcake_brute(true);
    // 2 × 1: Left leaves a 1 × 1 (turned, still 1 × 1) = *, Right eats it all: {* | 0}.
    assert_eq!(turn_and_eatcake::value(2, 1), g("{*|0}"));
    for w in 1..=6 {
        for h in 1..=6 {
            let v = brute.value(&vec![(w, h)]);
            assert_eq!(turn_and_eatcake::value(w, h), v, "{w} × {h}");
            assert_eq!(
                turn_and_eatcake::value(h, w),
                -v,
                "{h} × {w} is the negative"
            );
        }
    }
    assert_ne!(turn_and_eatcake::value(3, 2), eatcake::value(3, 2));
}

#[test]
fn eatcake_tables() {
    for (name, turned) in [("eatcake", false), ("turn_and_eatcake", true)] {
        let words = vec!["size=6".to_string()];
        let table = rulesets::table(name, &words).unwrap();
        let mut brute = eatcake_brute(turned);
        for (h, row) in table.cells.iter().enumerate() {
            for (w, cell) in row.iter().enumerate() {
                let v = brute.value(&vec![(w as u32 + 1, h as u32 + 1)]);
                assert_eq!(*cell, v.to_string(), "{name} {} × {}", w + 1, h + 1);
            }
        }
        snapshot(&format!("{name}_table_6"), &table.to_tsv());
    }
}

// ---------------------------------------------------------------------------------------------
// Partizan subtraction games
// ---------------------------------------------------------------------------------------------

fn subsets(max: usize) -> Vec<Vec<usize>> {
    (0..1usize << max)
        .map(|bits| (1..=max).filter(|k| bits >> (k - 1) & 1 == 1).collect())
        .collect()
}

fn heap_brute(left: Vec<usize>, right: Vec<usize>) -> Brute<usize> {
    Brute::new(move |&n: &usize| {
        let take = |set: &[usize]| set.iter().filter(|&&k| k <= n).map(|&k| n - k).collect();
        (take(&left), take(&right))
    })
}

fn set_text(set: &[usize]) -> String {
    set.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn partizan_subtraction_matches_the_rules() {
    for left in subsets(4) {
        for right in subsets(4) {
            let rules = partizan_subtraction::PartizanSubtraction::new(&left, &right).unwrap();
            let mut solver = partizan::solve::Solver::new(rules);
            let mut brute = heap_brute(left.clone(), right.clone());
            for n in 0..=20 {
                assert_eq!(solver.value(&n), brute.value(&n), "{left:?} {right:?} {n}");
            }
        }
    }
    // Equal sets are the impartial subtraction game: {1, 2} gives *(n mod 3) (Winning Ways ch. 4).
    for n in 0..30i64 {
        let v = call(
            "partizan_subtraction",
            vec![text("1,2"), text("{1, 2}"), int(n)],
        );
        assert_eq!(v, Game::nimber((n % 3) as u64), "{n}");
    }
    // Only Left can move, one token at a time: n moves.
    assert_eq!(
        call("partizan_subtraction", vec![text("1"), text(""), int(40)]),
        Game::integer(40)
    );
    // By hand: L = {1, 2}, R = {1, 3}: 1 = {0|0} = *, 2 = {*, 0 | *} = ^.
    let v = |n| {
        call(
            "partizan_subtraction",
            vec![text("1,2"), text("1,3"), int(n)],
        )
    };
    assert_eq!(v(1), g("*"));
    assert_eq!(v(2), g("^"));
}

#[test]
fn partizan_subtraction_table() {
    let table = partizan::rulesets::table_with(
        "partizan_subtraction",
        &TableParams::new()
            .with("left", 12)
            .with("right", 13)
            .with("to", 20),
    )
    .unwrap();
    let mut brute = heap_brute(vec![1, 2], vec![1, 3]);
    for (n, cell) in table.cells[0].iter().enumerate() {
        assert_eq!(*cell, brute.value(&n).to_string(), "{n}");
    }
    assert!(table
        .caption
        .contains(&set_text(&[1, 2]).replace(',', ", ")));
    snapshot("partizan_subtraction_12_13_to_20", &table.to_tsv());
}

// ---------------------------------------------------------------------------------------------
// Partizan Euclid
// ---------------------------------------------------------------------------------------------

fn euclid_brute() -> Brute<(u64, u64)> {
    Brute::new(|&(p, q): &(u64, u64)| {
        let t = p % q;
        if t == 0 {
            (vec![], vec![])
        } else {
            (vec![(q, t)], vec![(q, q - t)])
        }
    })
}

#[test]
fn partizan_euclid_matches_the_rules() {
    let mut brute = euclid_brute();
    // (3, 2): both players move to (2, 1), which is over.
    assert_eq!(partizan_euclid::value(3, 2), g("*"));
    for p in 1..=60u64 {
        for q in 1..=p {
            let v = brute.value(&(p, q));
            assert_eq!(partizan_euclid::value(p, q), v, "({p}, {q})");
            // Scaling by 3 keeps the game tree.
            assert_eq!(brute.value(&(3 * p, 3 * q)), v, "(3·{p}, 3·{q})");
        }
    }
    assert_eq!(
        call("partizan_euclid", vec![int(7), int(3)]),
        brute.value(&(7, 3))
    );
}

#[test]
fn partizan_euclid_table() {
    let table =
        partizan::rulesets::table_with("partizan_euclid", &TableParams::new().with("size", 12))
            .unwrap();
    let mut brute = euclid_brute();
    for (i, row) in table.cells.iter().enumerate() {
        let p = i as u64 + 2;
        for (j, cell) in row.iter().enumerate() {
            let q = j as u64 + 1;
            let expected = if q < p {
                brute.value(&(p, q)).to_string()
            } else {
                String::new()
            };
            assert_eq!(*cell, expected, "({p}, {q})");
        }
    }
    snapshot("partizan_euclid_table_12", &table.to_tsv());
}

// ---------------------------------------------------------------------------------------------
// Childish Hackenbush
// ---------------------------------------------------------------------------------------------

/// Whether every edge is connected to the ground (vertex 0).
fn all_grounded(edges: &[Edge]) -> bool {
    still_grounded(edges).len() == edges.len()
}

fn childish_brute() -> Brute<Vec<Edge>> {
    childish_brute_with(false)
}

/// The edges of `edges` still connected to the ground (vertex 0), by repeated relaxation.
fn still_grounded(edges: &[Edge]) -> Vec<Edge> {
    let mut grounded = vec![0u32];
    loop {
        let before = grounded.len();
        for e in edges {
            for (x, y) in [(e.a, e.b), (e.b, e.a)] {
                if grounded.contains(&x) && !grounded.contains(&y) {
                    grounded.push(y);
                }
            }
        }
        if grounded.len() == before {
            return edges
                .iter()
                .copied()
                .filter(|e| grounded.contains(&e.a))
                .collect();
        }
    }
}

/// Childish Hackenbush from the rules: a player removes an edge of their colour or a Green one
/// when nothing falls; with `green_free` (CGSuite's rule) a Green edge may also go when something
/// falls, and what falls disappears.
fn childish_brute_with(green_free: bool) -> Brute<Vec<Edge>> {
    Brute::new(move |edges: &Vec<Edge>| {
        let remove = |allowed: Colour| {
            (0..edges.len())
                .filter(|&i| edges[i].colour == allowed || edges[i].colour == Colour::Green)
                .filter_map(|i| {
                    let mut rest = edges.clone();
                    rest.remove(i);
                    if all_grounded(&rest) {
                        Some(rest)
                    } else if green_free && edges[i].colour == Colour::Green {
                        Some(still_grounded(&rest))
                    } else {
                        None
                    }
                })
                .collect()
        };
        (remove(Colour::Blue), remove(Colour::Red))
    })
}

fn picture(s: &str) -> Vec<Edge> {
    Picture::parse(s).unwrap().edges().to_vec()
}

/// `childish_hackenbush(s, green=rule)`.
fn childish_with(s: &str, rule: &str) -> Game {
    rulesets::call(
        "childish_hackenbush",
        &[text(s)],
        &[("green".to_string(), text(rule))],
    )
    .unwrap()
    .unwrap()
}

/// `childish_hackenbush(s, green="restricted")`: Winning Ways' rule for every edge.
fn childish_restricted(s: &str) -> Game {
    childish_with(s, "restricted")
}

#[test]
fn childish_hackenbush_published_and_hand_values() {
    let v = childish_restricted;
    // CGSuite's test suite: ChildishHackenbush("l(l;rl)") = 2, a Blue edge carrying a Blue leaf
    // and a Red–Blue stalk.
    assert_eq!(v("0-a:B a-b:B a-c:R c-d:B"), Game::integer(2));
    // CGSuite's test suite: six Blue then four Red edges in a path with both ends on the ground.
    assert_eq!(
        v("0-a:B a-b:B b-c:B c-d:B d-e:B e-f:B f-g:R g-h:R h-i:R i-0:R"),
        g("{4|-2}")
    );
    // Stalks lose only their top edge. BR: Right takes R, leaving 1; Left cannot move: {|1} = 0.
    assert_eq!(v("BR"), Game::zero());
    assert_eq!(v("BBRRR"), Game::integer(-2));
    // A Green stalk of any length is * (only its top edge can go, and then one fewer).
    assert_eq!(v("GGGG"), g("0"));
    assert_eq!(v("GGG"), g("*"));
}

#[test]
fn childish_hackenbush_cgsuite_values() {
    // CGSuite's test suite (lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala), in
    // CGSuite's own notation, under CGSuite's rule (green="free").
    let free = |s: &str| childish_with(s, "free");
    let restricted = childish_restricted;
    assert_eq!(free("l(l;rl)"), Game::integer(2));
    assert_eq!(free(":{ground}llllllrrrr:{ground}"), g("{4|-2}"));
    assert_eq!(free("r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))"), g("15/16"));
    // The lollipops: Green edges from the ground to a cycle of Blue and Red edges.
    let lollipop = "(e:B;e:Bllllllrrr:B)";
    assert_eq!(free(lollipop), g("{0|^[4]*||vv}"));
    let lollipop2 = "(e:B;e:B;e:Blllllllllrr:B)";
    assert_eq!(free(lollipop2).atomic_weight().unwrap(), g("3/2"));
    // The same against the rules written here.
    let mut brute_free = childish_brute_with(true);
    for s in [lollipop, lollipop2] {
        assert_eq!(free(s), brute_free.value(&picture(s)), "{s}");
    }
    // Without Green edges the rules agree. On the lollipop either of the two Green edges may go
    // under both rules (the other still holds the cycle up), but only the free rule lets the
    // last one go, dropping the cycle: the values differ.
    for s in ["l(l;rl)", "r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))"] {
        assert_eq!(free(s), restricted(s), "{s}");
    }
    let mut brute_restricted = childish_brute();
    assert_eq!(
        restricted(lollipop),
        brute_restricted.value(&picture(lollipop))
    );
    assert_ne!(restricted(lollipop), free(lollipop));
}

#[test]
fn childish_hackenbush_green_rule_is_a_named_argument() {
    let with = |s: &str, green: Arg| {
        rulesets::call(
            "childish_hackenbush",
            &[text(s)],
            &[("green".to_string(), green)],
        )
        .unwrap()
    };
    // A Green edge carrying a Blue one. Restricted: Left may take only the Blue edge (leaving
    // G = *), Right nothing: {* | } = 0 (Right answers * with 0, where Left has no move). Free:
    // either player may also take the Green edge, dropping the Blue one: {0, * | 0} = ^*.
    assert_eq!(with("GB", text("restricted")).unwrap(), Game::zero());
    // Without `green=`, a picture where the rules differ is refused, naming both; one where
    // they agree (no Green edge, or Green edges that hold nothing up, ever) is read as is.
    let e = rulesets::call("childish_hackenbush", &[text("GB")], &[])
        .unwrap()
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("green=\"restricted\"") && e.contains("green=\"free\""),
        "{e}"
    );
    for s in ["GGB", "0-a:B a-b:B b-0:G", "0-a:B a-b:G a-c:G c-d:R"] {
        assert!(
            rulesets::call("childish_hackenbush", &[text(s)], &[])
                .unwrap()
                .is_err(),
            "{s}"
        );
    }
    for s in [
        "BG",
        "BRB",
        "0-a:B a-b:G a-c:G",
        "0-a:B a-0:R a-a:G",
        "0-a:B a-a:G",
    ] {
        assert_eq!(
            call("childish_hackenbush", vec![text(s)]),
            childish_restricted(s),
            "{s}"
        );
        let free = with(s, text("free")).unwrap();
        assert_eq!(free, childish_restricted(s), "{s}");
    }
    // An option under the restricted rule on which the rules could still differ names its
    // rule, so that it reads back as the same game: Left takes the Blue leaf or the upper Green
    // one, and the lower Green edge holds the rest up in both.
    let options = partizan::expr::evaluate(
        "childish_hackenbush(\"0-a:G a-b:G a-c:B\", green=\"restricted\").LeftOptions",
    )
    .unwrap();
    let partizan::Value::List(options) = options else {
        panic!("{options}")
    };
    assert_eq!(options.len(), 2);
    for o in options {
        let o = o.to_string();
        assert!(o.contains("green=\"restricted\""), "{o}");
        assert!(partizan::expr::evaluate(&o).is_ok(), "{o}");
    }
    assert_eq!(with("GB", text("free")).unwrap(), g("^*"));
    let e = with("GB", text("loose")).unwrap_err().to_string();
    assert!(e.contains("green must be \"restricted\""), "{e}");
    let e = with("GB", int(1)).unwrap_err().to_string();
    assert!(e.contains("green must be the string"), "{e}");
    let e = rulesets::call(
        "childish_hackenbush",
        &[text("GB")],
        &[("greens".to_string(), text("free"))],
    )
    .unwrap()
    .unwrap_err()
    .to_string();
    assert!(e.contains("unknown named argument 'greens'"), "{e}");
}

#[test]
fn childish_hackenbush_matches_the_rules() {
    let mut brute = childish_brute();
    let mut brute_free = childish_brute_with(true);
    for s in [
        "BRGB",
        "BR GB RG",
        "0-a:B a-b:R b-0:G",
        "0-a:G a-b:G b-0:G a-a:R",
        "0-a:B a-b:R a-c:G b-c:B c-0:R b-d:G",
        "ground=g g-x:B x-x:R x-y:G y-g:R",
        "0-0:B 0-a:R a-b:B a-b:G",
    ] {
        let edges = picture(s);
        assert_eq!(
            childish_hackenbush::value(&Picture::parse(s).unwrap()),
            brute.value(&edges),
            "{s}"
        );
        assert_eq!(
            childish_hackenbush::value_with(&Picture::parse(s).unwrap(), Green::Free),
            brute_free.value(&edges),
            "{s}, green free"
        );
    }
    // Random pictures: up to 8 edges among the ground and 4 vertices, kept when grounded.
    let mut seed = 0x5eed_u64;
    let mut next = |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    let colours = [Colour::Blue, Colour::Red, Colour::Green];
    let mut checked = 0;
    while checked < 60 {
        let count = 1 + next(8) as usize;
        let edges: Vec<Edge> = (0..count)
            .map(|_| Edge {
                a: next(5) as u32,
                b: next(5) as u32,
                colour: colours[next(3) as usize],
            })
            .collect();
        if !all_grounded(&edges) {
            continue;
        }
        let p = Picture::new(edges.clone()).unwrap();
        assert_eq!(childish_hackenbush::value(&p), brute.value(&edges), "{p}");
        assert_eq!(
            childish_hackenbush::value_with(&p, Green::Free),
            brute_free.value(&edges),
            "{p}, green free"
        );
        checked += 1;
    }
}

#[test]
fn childish_hackenbush_table() {
    let table = partizan::rulesets::table_with("childish_hackenbush", &TableParams::new()).unwrap();
    let mut brute = childish_brute();
    for a in 1..=6u32 {
        for c in 1..=6u32 {
            // The arch built here: 0 - 1 - ... - (a + c − 1) - 0, Blue first.
            let n = a + c;
            let edges: Vec<Edge> = (0..n)
                .map(|i| Edge {
                    a: i,
                    b: (i + 1) % n,
                    colour: if i < a { Colour::Blue } else { Colour::Red },
                })
                .collect();
            assert_eq!(
                table.cells[a as usize - 1][c as usize - 1],
                brute.value(&edges).to_string(),
                "{a} Blue, {c} Red"
            );
        }
    }
    // CGSuite's test suite: six Blue then four Red edges, both ends on the ground, is {4 | -2}.
    assert_eq!(table.cells[5][3], "{4|-2}");
    snapshot("childish_hackenbush_table_6x6", &table.to_tsv());
}

// ---------------------------------------------------------------------------------------------
// Hackenbush stalks
// ---------------------------------------------------------------------------------------------

#[test]
fn hackenbush_stalk_table() {
    let table = partizan::rulesets::table_with("hackenbush", &TableParams::new()).unwrap();
    // From the rules: chopping the edge at height i drops everything above it.
    let mut brute = Brute::new(|stalk: &Vec<u8>| {
        let chop = |who: u8| -> Vec<Vec<u8>> {
            (0..stalk.len())
                .filter(|&i| stalk[i] == who || stalk[i] == b'G')
                .map(|i| stalk[..i].to_vec())
                .collect()
        };
        (chop(b'B'), chop(b'R'))
    });
    assert_eq!(table.rows.len(), 3 + 9 + 27);
    for (stalk, cells) in table.rows.iter().zip(&table.cells) {
        let edges = stalk.as_bytes().to_vec();
        assert_eq!(cells[0], brute.value(&edges).to_string(), "{stalk}");
        // Berlekamp's sign-expansion rule (Winning Ways, ch. 2): the first run of one colour
        // counts 1 per edge, each later edge half the one below it.
        if !stalk.contains('G') {
            let sign = |b: u8| if b == b'B' { 1i64 } else { -1 };
            let run = edges.iter().take_while(|&&b| b == edges[0]).count();
            let denominator = 1i64 << (edges.len() - run);
            let mut numerator = sign(edges[0]) * run as i64 * denominator;
            for (k, &b) in edges[run..].iter().enumerate() {
                numerator += sign(b) * (denominator >> (k + 1));
            }
            assert_eq!(
                g(&cells[0]),
                g(&format!("{numerator}/{denominator}")),
                "{stalk}"
            );
        }
        // A Green stalk of n edges is *n (Winning Ways, ch. 2).
        if stalk.bytes().all(|b| b == b'G') {
            assert_eq!(g(&cells[0]), Game::nimber(stalk.len() as u64), "{stalk}");
        }
    }
    snapshot("hackenbush_table_3", &table.to_tsv());
}

// ---------------------------------------------------------------------------------------------
// Ski-Jumps
// ---------------------------------------------------------------------------------------------

/// A slope as rows of characters `.`, `L`, `l`, `R`, `r`.
type Rows = Vec<Vec<u8>>;

fn ski_brute() -> Brute<Rows> {
    Brute::new(|s: &Rows| {
        let moves = |left: bool| {
            let (mine, dir): (&[u8], i64) = if left { (b"Ll", 1) } else { (b"Rr", -1) };
            let theirs: &[u8] = if left { b"Rr" } else { b"Ll" };
            let mut out = Vec::new();
            for r in 0..s.len() {
                for c in 0..s[r].len() {
                    let piece = s[r][c];
                    if !mine.contains(&piece) {
                        continue;
                    }
                    // Slide k squares: every square passed and the last one must be empty, or
                    // off the slope.
                    for k in 1..=s[r].len() as i64 {
                        let to = c as i64 + dir * k;
                        let mut next = s.clone();
                        next[r][c] = b'.';
                        if to < 0 || to >= s[r].len() as i64 {
                            out.push(next);
                            break;
                        }
                        if s[r][to as usize] != b'.' {
                            break;
                        }
                        next[r][to as usize] = piece;
                        out.push(next);
                    }
                    // Jump (jumpers only) over an opponent directly below onto an empty square.
                    if piece.is_ascii_uppercase()
                        && r + 2 < s.len()
                        && theirs.contains(&s[r + 1][c])
                        && s[r + 2][c] == b'.'
                    {
                        let mut next = s.clone();
                        next[r][c] = b'.';
                        next[r + 2][c] = piece;
                        next[r + 1][c] = next[r + 1][c].to_ascii_lowercase();
                        out.push(next);
                    }
                }
            }
            out
        };
        (moves(true), moves(false))
    })
}

fn slope_text(s: &Rows) -> String {
    s.iter()
        .map(|r| String::from_utf8(r.clone()).unwrap())
        .collect::<Vec<_>>()
        .join("|")
}

/// Mirror east–west and exchange the colours.
fn mirror(s: &Rows) -> Rows {
    s.iter()
        .map(|r| {
            r.iter()
                .rev()
                .map(|&c| match c {
                    b'L' => b'R',
                    b'l' => b'r',
                    b'R' => b'L',
                    b'r' => b'l',
                    x => x,
                })
                .collect()
        })
        .collect()
}

#[test]
fn ski_jumps_by_hand() {
    let v = |s: &str| call("ski_jumps", vec![text(s)]);
    // A lone skier k squares from its edge makes k moves (one square at a time).
    assert_eq!(v("L..."), Game::integer(4));
    assert_eq!(v("..R."), Game::integer(-3));
    assert_eq!(v("L...|..R."), Game::integer(1));
    // A slipper cannot jump, so it is a lone skier: 3 − 1.
    assert_eq!(v("l..|r..|..."), Game::integer(2));
}

#[test]
fn ski_jumps_match_the_rules() {
    let mut brute = ski_brute();
    let alphabet = b".LlRr";
    for (rows, cols) in [(2usize, 3usize), (3, 2)] {
        let cells = rows * cols;
        for code in 0..5usize.pow(cells as u32) {
            let mut k = code;
            let s: Rows = (0..rows)
                .map(|_| {
                    (0..cols)
                        .map(|_| {
                            let c = alphabet[k % 5];
                            k /= 5;
                            c
                        })
                        .collect()
                })
                .collect();
            let text = slope_text(&s);
            let v = ski_jumps::value(&ski_jumps::Slope::parse(&text).unwrap());
            assert_eq!(v, brute.value(&s), "{text}");
            assert_eq!(brute.value(&mirror(&s)), -v, "{text} mirrored");
        }
    }
    for text in ["L...|R...|....|.r..", "L..R|R..L|.L..|...."] {
        let s: Rows = text.split('|').map(|r| r.as_bytes().to_vec()).collect();
        let v = ski_jumps::value(&ski_jumps::Slope::parse(text).unwrap());
        assert_eq!(v, brute.value(&s), "{text}");
    }
}

#[test]
fn ski_jumps_table() {
    let table = partizan::rulesets::table_with("ski_jumps", &TableParams::new()).unwrap();
    let mut brute = ski_brute();
    let w = 6;
    for i in 1..=w {
        for j in 1..=w {
            let mut s: Rows = vec![vec![b'.'; w]; 3];
            s[0][i - 1] = b'L';
            s[1][j - 1] = b'R';
            let v = brute.value(&s);
            assert_eq!(
                table.cells[i - 1][j - 1],
                v.to_string(),
                "{}",
                slope_text(&s)
            );
            // West of Left's skier, Right's never meets it: each makes its moves to its edge
            // (a lone skier k squares from its edge is k, Winning Ways ch. 1).
            if j < i {
                assert_eq!(v, Game::integer((w + 1 - i) as i64 - j as i64));
            }
        }
    }
    snapshot("ski_jumps_table_6", &table.to_tsv());
}

// ---------------------------------------------------------------------------------------------
// The command line: values and bad input
// ---------------------------------------------------------------------------------------------

fn partizan(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_partizan"))
        .args(args)
        .output()
        .expect("run partizan");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn one_line_error(args: &[&str], needle: &str) {
    let (code, out, err) = partizan(args);
    assert_eq!(code, 2, "{args:?}: exit status");
    assert!(out.is_empty(), "{args:?}: printed {out}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line, got {err}");
    assert!(err.contains(needle), "{args:?}: {err} lacks {needle:?}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn command_line() {
    let (code, out, err) = partizan(&["eval", "maundy_cake(12, 2) + eatcake(1, 1)"]);
    assert_eq!((code, out.trim()), (0, "4*"), "{err}");
    let (code, out, _) = partizan(&["table", "maundy_cake", "size=3", "--format", "csv"]);
    assert_eq!(code, 0);
    // The strips are A006022: 1 × 2 and 1 × 3 are −1, 2 × 1 and 3 × 1 are 1.
    assert_eq!(out, "h\\w,1,2,3\n1,0,1,1\n2,-1,0,0\n3,-1,0,0\n");
    let (code, out, _) = partizan(&["families"]);
    assert_eq!(code, 0);
    for name in [
        "childish_hackenbush",
        "eatcake",
        "maundy_cake",
        "partizan_euclid",
        "partizan_subtraction",
        "ski_jumps",
        "turn_and_eatcake",
    ] {
        assert!(out.contains(name), "families lacks {name}");
    }
}

#[test]
fn bad_input_is_one_line_naming_the_problem() {
    for (expr, needle) in [
        ("maundy_cake(0, 3)", "width must be at least 1"),
        ("maundy_cake(3, -2)", "height must be non-negative"),
        ("maundy_cake(20000, 2)", "too large"),
        ("eatcake(65, 1)", "too large"),
        ("turn_and_eatcake(2)", "expected a width and a height"),
        ("partizan_euclid(2, 3)", "p must be at least q"),
        ("partizan_euclid(5, 0)", "q must be at least 1"),
        ("partizan_subtraction(\"1,x\", \"1\", 3)", "Left's set"),
        ("partizan_subtraction(\"1\", \"0,2\", 3)", "0 is not a move"),
        (
            "partizan_subtraction(\"1\", \"2\", -3)",
            "heap size must be non-negative",
        ),
        (
            "childish_hackenbush(\"0-a:B b-c:R\")",
            "no path to the ground",
        ),
        ("childish_hackenbush(\"BXR\")", "unknown colour 'X'"),
        ("ski_jumps(\"L.|.x\")", "row 2, column 2"),
        ("ski_jumps(\"L..|..\")", "ragged slope"),
    ] {
        one_line_error(&["eval", expr], needle);
    }
    one_line_error(
        &["table", "maundy_cake", "size=0"],
        "size must be between 1 and 1000",
    );
    one_line_error(&["table", "partizan_euclid", "rows=3"], "unknown parameter");
}
