//! Positions as values: a family call keeps its rules, and its options, followers, misère play
//! and impartial closure are asked of the position's own game tree.
//!
//! Expected values come from outside the engine: CGSuite's own results (the misère canonical
//! forms of a Cram board and of Grundy's game heap 22, the 2784 followers of an Amazons board),
//! Bouton's theorem for misère Nim (*Winning Ways* ch. 13), Winning Ways' genera of Kayles, and
//! brute-force searches written here from the rules alone (Domineering, Clobber, Amazons and Cram
//! moves; misère outcomes; Grundy values of impartial closures).

use partizan::expr::evaluate;
use partizan::{Outcome, Value};
use std::collections::{HashMap, HashSet, VecDeque};

fn eval(e: &str) -> Value {
    evaluate(e).unwrap_or_else(|err| panic!("{e}: {err}"))
}

fn show(e: &str) -> String {
    eval(e).to_string()
}

fn items(e: &str) -> Vec<String> {
    match eval(e) {
        Value::List(items) => items.iter().map(|v| v.to_string()).collect(),
        v => panic!("{e}: not a list: {v}"),
    }
}

// ---------------------------------------------------------------------------------------------
// The cases that answered about the canonical form before positions were values.
// ---------------------------------------------------------------------------------------------

#[test]
fn misere_nim_rows_of_the_table() {
    // Bouton: the player to move wins misère Nim iff some heap exceeds 1 and the nim-sum is not
    // 0, or every heap is at most 1 and the nim-sum is 0.
    assert_eq!(show("nim(1,2,3).MisereOutcomeClass"), "P");
    assert_eq!(show("nim(2,2).MisereOutcomeClass"), "P");
    assert_eq!(show("nim(2,3).MisereOutcomeClass"), "N");
    assert_eq!(show("nim(4,4,1).MisereOutcomeClass"), "N");
    // The normal-play value is unchanged.
    assert_eq!(show("nim(1,2,3)"), "0");
}

#[test]
fn misere_canonical_forms_as_cgsuite_prints_them() {
    assert_eq!(
        show("cram(\".........|##.######\").MisereCanonicalForm"),
        "*[2[2]321]"
    );
    assert_eq!(
        show("grundy_game(22).MisereCanonicalForm"),
        "*[(((2[2]21)[2](2[2]21)20)(2[2]21)3)((2[2]21)[2](2[2]21)20)(2[2]21)[1]2[2]1]"
    );
    // A sum of positions is the misère sum of their trees: *[2] + *[2] = *[2[2]].
    assert_eq!(show("(nim(2) + nim(2)).MisereCanonicalForm"), "*[2[2]]");
    assert_eq!(show("(nim(2) + nim(2)).MisereOutcomeClass"), "P");
}

#[test]
fn amazons_followers_as_cgsuite_counts_them() {
    assert_eq!(show("amazons(\"x...|o...\").Followers.Size"), "2784");
    assert_eq!(show("amazons(\"x...|o...\").FollowerCount"), "2784");
}

#[test]
fn kayles_genera_of_winning_ways() {
    // Winning Ways ch. 13, the genera of Kayles heaps 0 to 5.
    let genera = ["0^120", "1^031", "2^20", "3^31", "1^031", "4^146"];
    for (n, genus) in genera.iter().enumerate() {
        assert_eq!(show(&format!("kayles({n}).Genus")), *genus, "kayles({n})");
    }
}

// ---------------------------------------------------------------------------------------------
// Misère Nim: every position of at most four heaps of at most 6, as one call and as a sum.
// ---------------------------------------------------------------------------------------------

fn bouton_misere(heaps: &[u64]) -> Outcome {
    let sum = heaps.iter().fold(0, |s, h| s ^ h);
    let wins = if heaps.iter().any(|&h| h > 1) {
        sum != 0
    } else {
        sum == 0
    };
    if wins {
        Outcome::N
    } else {
        Outcome::P
    }
}

#[test]
fn misere_nim_against_boutons_theorem() {
    let mut all: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..4 {
        let longer: Vec<Vec<u64>> = all
            .iter()
            .filter(|h| h.len() < 4)
            .flat_map(|h| {
                let from = h.last().copied().unwrap_or(0);
                (from..=6).map(move |x| {
                    let mut v = h.clone();
                    v.push(x);
                    v
                })
            })
            .collect();
        all.extend(longer);
    }
    all.sort();
    all.dedup();
    assert!(all.len() > 200);
    for heaps in &all {
        let args: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        let expected = bouton_misere(heaps).to_string();
        let call = format!("nim({}).MisereOutcomeClass", args.join(","));
        assert_eq!(show(&call), expected, "{call}");
        if !heaps.is_empty() {
            // The sum of one-heap positions is searched as a sum of trees.
            let parts: Vec<String> = heaps.iter().map(|h| format!("nim({h})")).collect();
            let sum = format!("({}).MisereOutcomeClass", parts.join(" + "));
            assert_eq!(show(&sum), expected, "{sum}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Brute force on boards written as text: rows separated by '|'.
// ---------------------------------------------------------------------------------------------

type Grid = Vec<Vec<char>>;

fn grid(text: &str) -> Grid {
    text.split('|').map(|r| r.chars().collect()).collect()
}

fn text(g: &Grid) -> String {
    g.iter()
        .map(|r| r.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// Domineering: Left covers two vertically adjacent empty squares, Right two horizontal ones.
fn domineering_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let mut out = Vec::new();
    let (dr, dc) = if left { (1, 0) } else { (0, 1) };
    for r in 0..g.len() {
        for c in 0..g[r].len() {
            let (r2, c2) = (r + dr, c + dc);
            if r2 < g.len() && c2 < g[r2].len() && g[r][c] == '.' && g[r2][c2] == '.' {
                let mut h = g.clone();
                h[r][c] = '#';
                h[r2][c2] = '#';
                out.push(h);
            }
        }
    }
    out
}

/// Clobber: a stone moves onto an orthogonally adjacent stone of the opponent, which is removed.
fn clobber_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let (me, them) = if left { ('x', 'o') } else { ('o', 'x') };
    let mut out = Vec::new();
    for r in 0..g.len() {
        for c in 0..g[r].len() {
            if g[r][c] != me {
                continue;
            }
            let steps: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
            for (dr, dc) in steps {
                let (r2, c2) = (r as isize + dr, c as isize + dc);
                if r2 < 0 || c2 < 0 {
                    continue;
                }
                let (r2, c2) = (r2 as usize, c2 as usize);
                if r2 < g.len() && c2 < g[r2].len() && g[r2][c2] == them {
                    let mut h = g.clone();
                    h[r][c] = '.';
                    h[r2][c2] = me;
                    out.push(h);
                }
            }
        }
    }
    out
}

/// Amazons: an amazon moves like a chess queen over empty squares, then shoots an arrow from
/// where it lands, again like a queen; the arrow's square is blocked.
fn amazons_moves(g: &Grid, left: bool) -> Vec<Grid> {
    let me = if left { 'x' } else { 'o' };
    let dirs: [(isize, isize); 8] = [
        (-1, -1),
        (-1, 0),
        (-1, 1),
        (0, -1),
        (0, 1),
        (1, -1),
        (1, 0),
        (1, 1),
    ];
    let rays = |g: &Grid, r: usize, c: usize| -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for (dr, dc) in dirs {
            let (mut r2, mut c2) = (r as isize + dr, c as isize + dc);
            while r2 >= 0
                && c2 >= 0
                && (r2 as usize) < g.len()
                && (c2 as usize) < g[r2 as usize].len()
                && g[r2 as usize][c2 as usize] == '.'
            {
                out.push((r2 as usize, c2 as usize));
                r2 += dr;
                c2 += dc;
            }
        }
        out
    };
    let mut out = Vec::new();
    for r in 0..g.len() {
        for c in 0..g[r].len() {
            if g[r][c] != me {
                continue;
            }
            for (r2, c2) in rays(g, r, c) {
                let mut moved = g.clone();
                moved[r][c] = '.';
                moved[r2][c2] = me;
                for (r3, c3) in rays(&moved, r2, c2) {
                    let mut h = moved.clone();
                    h[r3][c3] = '#';
                    out.push(h);
                }
            }
        }
    }
    out
}

type Moves = fn(&Grid, bool) -> Vec<Grid>;

/// The distinct boards reachable from `start` by moves of either player, itself included.
fn brute_followers(start: &str, moves: Moves) -> HashSet<String> {
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from([grid(start)]);
    seen.insert(start.to_string());
    while let Some(g) = queue.pop_front() {
        for h in moves(&g, true).into_iter().chain(moves(&g, false)) {
            if seen.insert(text(&h)) {
                queue.push_back(h);
            }
        }
    }
    seen
}

/// The boards of the calls `family("board")` in `calls`.
fn boards(calls: &[String], family: &str) -> HashSet<String> {
    calls
        .iter()
        .map(|c| {
            c.strip_prefix(&format!("{family}(\""))
                .and_then(|c| c.strip_suffix("\")"))
                .unwrap_or_else(|| panic!("{c}"))
                .to_string()
        })
        .collect()
}

#[test]
fn options_and_followers_against_brute_force() {
    let cases: [(&str, &[&str], Moves); 3] = [
        (
            "domineering",
            &["..|..", "...|...", "..#|...|.#.", "....|...."],
            domineering_moves,
        ),
        (
            "clobber",
            &["xoxo", "xo|ox", "xox|o.o", "xxo|oox"],
            clobber_moves,
        ),
        (
            "amazons",
            &["x..|..o", "x.#|..o", "x...|...o"],
            amazons_moves,
        ),
    ];
    for (family, starts, moves) in cases {
        for start in starts {
            let call = format!("{family}(\"{start}\")");
            for (method, left) in [("LeftOptions", true), ("RightOptions", false)] {
                let got = items(&format!("{call}.{method}"));
                let expected: Vec<String> = moves(&grid(start), left).iter().map(text).collect();
                assert_eq!(got.len(), expected.len(), "{call}.{method}");
                assert_eq!(
                    boards(&got, family),
                    expected.into_iter().collect(),
                    "{call}.{method}"
                );
            }
            let followers = items(&format!("{call}.Followers"));
            let expected = brute_followers(start, moves);
            assert_eq!(followers.len(), expected.len(), "{call}.Followers");
            assert_eq!(boards(&followers, family), expected, "{call}.Followers");
            assert_eq!(followers[0], call, "a position is its own first follower");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Misère outcomes searched here, and the misère canonical forms that must predict them.
// ---------------------------------------------------------------------------------------------

/// Whether the player to move wins misère play of the impartial game whose options are `moves`
/// (the player who cannot move wins).
fn misere_wins(
    g: &Grid,
    moves: &dyn Fn(&Grid) -> Vec<Grid>,
    memo: &mut HashMap<String, bool>,
) -> bool {
    let key = text(g);
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let options = moves(g);
    let wins = options.is_empty() || options.iter().any(|h| !misere_wins(h, moves, memo));
    memo.insert(key, wins);
    wins
}

/// Cram: a domino either way, both players alike.
fn cram_moves(g: &Grid) -> Vec<Grid> {
    let mut out = domineering_moves(g, true);
    out.extend(domineering_moves(g, false));
    out
}

/// Two boards side by side with a wall between them: their disjunctive sum.
fn beside(a: &str, b: &str) -> String {
    let (a, b) = (grid(a), grid(b));
    let rows = a.len().max(b.len());
    let row = |g: &Grid, r: usize, w: usize| -> String {
        g.get(r)
            .map(|x| x.iter().collect())
            .unwrap_or_else(|| "#".repeat(w))
    };
    (0..rows)
        .map(|r| format!("{}#{}", row(&a, r, a[0].len()), row(&b, r, b[0].len())))
        .collect::<Vec<_>>()
        .join("|")
}

#[test]
fn cram_misere_forms_predict_the_outcomes_of_sums() {
    let boards = [
        "..",
        "...",
        "....",
        "..|..",
        "...|...",
        "..|.#",
        "...|.#.",
        ".....",
        "...|..#",
        "....|#..#",
        "..#|...",
    ];
    let mut memo = HashMap::new();
    let form = |b: &str| match eval(&format!("cram(\"{b}\").MisereCanonicalForm")) {
        Value::Misere(m) => m,
        v => panic!("{b}: {v}"),
    };
    for a in boards {
        let fa = form(a);
        let alone = misere_wins(&grid(a), &cram_moves, &mut memo);
        assert_eq!(fa.outcome() == Outcome::N, alone, "cram(\"{a}\")");
        assert_eq!(
            show(&format!("cram(\"{a}\").MisereOutcomeClass")) == "N",
            alone,
            "cram(\"{a}\")"
        );
        for b in boards {
            let sum = beside(a, b);
            let wins = misere_wins(&grid(&sum), &cram_moves, &mut memo);
            let predicted = (fa + form(b)).outcome();
            assert_eq!(
                predicted == Outcome::N,
                wins,
                "cram(\"{a}\") + cram(\"{b}\")"
            );
            let searched = show(&format!(
                "(cram(\"{a}\") + cram(\"{b}\")).MisereOutcomeClass"
            ));
            assert_eq!(searched == "N", wins, "cram(\"{a}\") + cram(\"{b}\")");
        }
    }
}

/// Grundy's game: split a heap into two unequal heaps.
fn grundy_game_misere_wins(heaps: &mut Vec<usize>, memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    heaps.sort_unstable();
    heaps.retain(|&h| h > 2);
    if let Some(&w) = memo.get(heaps.as_slice()) {
        return w;
    }
    let mut wins = false;
    let mut any = false;
    for i in 0..heaps.len() {
        let n = heaps[i];
        for a in 1..n.div_ceil(2) {
            any = true;
            let mut next = heaps.clone();
            next[i] = a;
            next.push(n - a);
            if !grundy_game_misere_wins(&mut next, memo) {
                wins = true;
            }
        }
    }
    let wins = wins || !any;
    memo.insert(heaps.clone(), wins);
    wins
}

#[test]
fn grundy_game_misere_forms_predict_the_outcomes_of_sums() {
    let mut memo = HashMap::new();
    let form = |n: usize| match eval(&format!("grundy_game({n}).MisereCanonicalForm")) {
        Value::Misere(m) => m,
        v => panic!("{n}: {v}"),
    };
    for a in 0..=14 {
        for b in a..=14 {
            let wins = grundy_game_misere_wins(&mut vec![a, b], &mut memo);
            let predicted = (form(a) + form(b)).outcome();
            assert_eq!(
                predicted == Outcome::N,
                wins,
                "grundy_game({a}) + grundy_game({b})"
            );
        }
    }
}

/// Simplest forms of misère impartial games, built here from Conway's simplification theorem
/// (*On Numbers and Games*, ch. 12; Siegel, *Combinatorial Game Theory*, ch. V.1) and nothing
/// of the engine: a game is its list of options (ids of simplest forms, sorted). `G`, whose
/// options are simplest, equals `H`, an option of one of its options, when every option of `H`
/// is an option of `G`, every other option of `G` has `H` as an option, and, if `H = 0`, `G` is
/// a misère N-position; when no such `H` exists, `G` is in simplest form, which is unique.
struct Simplest {
    options: Vec<Vec<usize>>,
    /// Whether the player to move wins under misère play (a game with no options is won).
    next_wins: Vec<bool>,
    ids: HashMap<Vec<usize>, usize>,
}

impl Simplest {
    fn new() -> Simplest {
        let mut s = Simplest {
            options: Vec::new(),
            next_wins: Vec::new(),
            ids: HashMap::new(),
        };
        s.intern(Vec::new());
        s
    }

    /// The game with exactly these options, as given.
    fn intern(&mut self, mut options: Vec<usize>) -> usize {
        options.sort_unstable();
        options.dedup();
        if let Some(&id) = self.ids.get(&options) {
            return id;
        }
        let wins = options.is_empty() || options.iter().any(|&o| !self.next_wins[o]);
        let id = self.options.len();
        self.options.push(options.clone());
        self.next_wins.push(wins);
        self.ids.insert(options, id);
        id
    }

    /// The simplest form of the game whose options are these simplest forms.
    fn simplify(&mut self, mut options: Vec<usize>) -> usize {
        options.sort_unstable();
        options.dedup();
        let g_next_wins = options.is_empty() || options.iter().any(|&o| !self.next_wins[o]);
        for &o in &options {
            for &h in &self.options[o] {
                let h_options = &self.options[h];
                let reverts = h_options.iter().all(|x| options.contains(x))
                    && options
                        .iter()
                        .all(|x| h_options.contains(x) || self.options[*x].contains(&h));
                if reverts && (!h_options.is_empty() || g_next_wins) {
                    return h;
                }
            }
        }
        self.intern(options)
    }

    /// The engine's misère form as options of options, interned without simplifying: equal to a
    /// simplest form built here only if it is the same tree.
    // A MisereGame hashes by its entry's id, which never changes.
    #[allow(clippy::mutable_key_type)]
    fn of_engine(
        &mut self,
        g: partizan::algebra::misere::MisereGame,
        memo: &mut HashMap<partizan::algebra::misere::MisereGame, usize>,
    ) -> usize {
        if let Some(&id) = memo.get(&g) {
            return id;
        }
        let options = g
            .options()
            .iter()
            .map(|&o| self.of_engine(o, memo))
            .collect();
        let id = self.intern(options);
        memo.insert(g, id);
        id
    }
}

/// The simplest form of a Cram board, from its moves.
fn cram_simplest(g: &Grid, s: &mut Simplest, memo: &mut HashMap<String, usize>) -> usize {
    let key = text(g);
    if let Some(&id) = memo.get(&key) {
        return id;
    }
    let options = cram_moves(g)
        .iter()
        .map(|h| cram_simplest(h, s, memo))
        .collect();
    let id = s.simplify(options);
    memo.insert(key, id);
    id
}

/// The simplest form of a position of Grundy's game (heaps of at least 3 can be split into two
/// unequal heaps).
fn grundy_simplest(
    heaps: &[usize],
    s: &mut Simplest,
    memo: &mut HashMap<Vec<usize>, usize>,
) -> usize {
    let mut heaps: Vec<usize> = heaps.iter().copied().filter(|&h| h > 2).collect();
    heaps.sort_unstable();
    if let Some(&id) = memo.get(&heaps) {
        return id;
    }
    let mut options = Vec::new();
    for i in 0..heaps.len() {
        for a in 1..heaps[i].div_ceil(2) {
            let mut next = heaps.clone();
            next.push(next[i] - a);
            next[i] = a;
            options.push(grundy_simplest(&next, s, memo));
        }
    }
    let id = s.simplify(options);
    memo.insert(heaps, id);
    id
}

#[test]
#[allow(clippy::mutable_key_type)]
fn misere_canonical_forms_are_conways_simplest_forms() {
    let mut s = Simplest::new();
    // The theorem gives the counts of ONAG ch. 12: 1, 2, 3, 5 and 22 games born by days 0..4.
    let mut born = vec![0usize];
    let mut counts = vec![1];
    for _ in 0..4 {
        let n = born.len();
        let mut next: HashSet<usize> = HashSet::new();
        for mask in 0u64..1 << n {
            let options = (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| born[i])
                .collect();
            next.insert(s.simplify(options));
        }
        born = next.into_iter().collect();
        born.sort_unstable();
        counts.push(born.len());
    }
    assert_eq!(counts, [1, 2, 3, 5, 22]);

    let mut engine = HashMap::new();
    let mut form = |e: &str, s: &mut Simplest| match eval(&format!("{e}.MisereCanonicalForm")) {
        Value::Misere(m) => s.of_engine(m, &mut engine),
        v => panic!("{e}: {v}"),
    };
    let mut memo = HashMap::new();
    for board in [
        "..",
        "...|...",
        "....|....",
        "...|...|...",
        ".....|.....",
        ".........|##.######",
        "....|.##.|....",
        "......|#....#",
    ] {
        let brute = cram_simplest(&grid(board), &mut s, &mut memo);
        assert_eq!(
            form(&format!("cram(\"{board}\")"), &mut s),
            brute,
            "cram(\"{board}\")"
        );
    }
    let mut memo = HashMap::new();
    for n in 0..=22 {
        let brute = grundy_simplest(&[n], &mut s, &mut memo);
        assert_eq!(
            form(&format!("grundy_game({n})"), &mut s),
            brute,
            "grundy_game({n})"
        );
    }
    // A sum: the misère sum of the trees, simplified as one game.
    let brute = grundy_simplest(&[7, 9, 10], &mut s, &mut memo);
    assert_eq!(
        form(
            "(grundy_game(7) + grundy_game(9) + grundy_game(10))",
            &mut s
        ),
        brute
    );
}

// ---------------------------------------------------------------------------------------------
// Impartial closures: either player makes either player's moves.
// ---------------------------------------------------------------------------------------------

fn mex_grundy(
    g: &Grid,
    moves: &dyn Fn(&Grid) -> Vec<Grid>,
    memo: &mut HashMap<String, u64>,
) -> u64 {
    let key = text(g);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let seen: HashSet<u64> = moves(g)
        .iter()
        .map(|h| mex_grundy(h, moves, memo))
        .collect();
    let v = (0..).find(|k| !seen.contains(k)).expect("a mex");
    memo.insert(key, v);
    v
}

/// The nimber `*k` as printed.
fn star(k: u64) -> String {
    match k {
        0 => "0".to_string(),
        1 => "*".to_string(),
        k => format!("*{k}"),
    }
}

#[test]
fn impartial_closures_against_a_direct_mex() {
    let clobber_both = |g: &Grid| {
        let mut out = clobber_moves(g, true);
        out.extend(clobber_moves(g, false));
        out
    };
    let mut memo = HashMap::new();
    for row in [
        "xo", "xoxo", "xxoo", "xoxox", "xooxxo", "xoxoxo", "xo|ox", "xox|oxo",
    ] {
        let expected = mex_grundy(&grid(row), &clobber_both, &mut memo);
        let got = show(&format!("impartial(clobber(\"{row}\"))"));
        assert_eq!(got, star(expected), "impartial(clobber(\"{row}\"))");
    }
    let mut memo = HashMap::new();
    for board in [
        "..|..",
        "...|...",
        "....|....",
        "..#|...|...",
        "...|...|...",
    ] {
        let expected = mex_grundy(&grid(board), &cram_moves, &mut memo);
        let closure = show(&format!("impartial(domineering(\"{board}\"))"));
        let cram = show(&format!("cram(\"{board}\")"));
        assert_eq!(closure, cram, "{board}");
        assert_eq!(
            closure,
            star(expected),
            "impartial(domineering(\"{board}\"))"
        );
    }
    // The closure of a short game is that of its canonical form's tree, worked by hand from
    // the definition: an integer n is a chain n, n - 1, ..., 0 (nim values alternate 0, *);
    // ±1 = {1|-1} moves to the closures of 1 and -1, both *, so 0; ^ = {0|*} moves to 0 and
    // *, so *2; *3 stays *3 (already impartial). MCGS's `[impartial integer_game] 4`
    // (tests/data/mcgs) is the same game.
    for (game, value) in [
        ("4", "0"),
        ("3", "*"),
        ("{1|-1}", "0"),
        ("^", "*2"),
        ("*3", "*3"),
    ] {
        assert_eq!(
            show(&format!("impartial({game})")),
            value,
            "impartial({game})"
        );
    }
    assert!(partizan::expr::evaluate("impartial(\"abc\")").is_err());
}

#[test]
fn clobber_strips_beyond_128_squares_are_positions() {
    // Cannibal Clobber's closure on a strip: a stone captures a neighbour of either colour,
    // leaving its square empty and its colour on the neighbour's. Colours never matter, so a
    // run of n stones is Officers (octal 0.6): a move removes one stone of a run of at least
    // two, leaving the runs on either side. Its nim values by the mex, from that rule alone.
    let most = 300;
    let mut officers = vec![0u64; most + 1];
    for n in 2..=most {
        let seen: HashSet<u64> = (0..n).map(|i| officers[i] ^ officers[n - 1 - i]).collect();
        officers[n] = (0..).find(|k| !seen.contains(k)).expect("a mex");
    }
    for n in [129, 130, 200, 300] {
        let e = format!(
            "impartial(clobber(\"{}\", variant=\"cannibal\"))",
            "x".repeat(n)
        );
        assert_eq!(show(&e), star(officers[n]), "{n} stones");
    }
    // Runs of mixed colours, separated by empty squares: the nim-sum of the runs' values.
    let (runs, strip) = ([40, 1, 77, 150], "xoox".repeat(80));
    let mut text = String::new();
    for (k, &run) in runs.iter().enumerate() {
        if k > 0 {
            text.push('.');
        }
        text.push_str(&strip[..run]);
    }
    let expected = runs.iter().fold(0, |acc, &run| acc ^ officers[run]);
    let e = format!("impartial(clobber(\"{text}\", variant=\"cannibal\"))");
    assert_eq!(show(&e), star(expected), "{text}");
    // MCGS's `impartial_clobber_1xn_xo.test` (MCGS 1.7, input/impartial): XO repeated 65 times
    // is *1, 100 times *3.
    for (pairs, value) in [(65, "*"), (100, "*3")] {
        let e = format!("impartial(clobber(\"{}\"))", "xo".repeat(pairs));
        assert_eq!(show(&e), value, "{pairs} pairs");
    }
    // The partizan games keep their trees. Only Left moves in n stones of Left's colour at
    // Cannibal Clobber, and she can make n - 1 moves (each removes a stone; capturing along the
    // row leaves one): the integer n - 1. In ordinary Clobber `xxo` is ^ and `xo` is *.
    let left = format!("clobber(\"{}\", variant=\"cannibal\")", "x".repeat(130));
    assert_eq!(show(&left), "129");
    // Her moves: each stone onto each of its neighbours, 2 × 129 (listed move by move).
    assert_eq!(items(&format!("({left}).LeftOptions")).len(), 258);
    let apart = format!("clobber(\"xxo{}xo\")", ".".repeat(130));
    assert_eq!(show(&apart), "^*");
    assert_eq!(show(&format!("({apart}).RightOptions.Size")), "2");
    // Other variants stay on the bitboard and its limit.
    let e = format!("clobber(\"{}\", variant=\"diagonal\")", "xo".repeat(65));
    let err = evaluate(&e).unwrap_err().to_string();
    assert!(err.contains("at most 128 squares"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Terminal and single-move positions, and positions as values.
// ---------------------------------------------------------------------------------------------

#[test]
fn terminal_positions_are_misere_n_and_single_moves_p() {
    // The player to move cannot move, and wins.
    for terminal in [
        "nim(0)",
        "nim()",
        "kayles(0)",
        "dawson_kayles(0)",
        "grundy_game(2)",
        "octal(\"0.07\",0)",
        "subtraction(\"1,2\",0)",
        "take_and_break(\"0.[3]\",0)",
        "cram(\".\")",
        "domineering(\".\")",
        "clobber(\"x.o\")",
        "amazons(\"x#o\")",
        "konane(\"x.o\")",
        "fission(\"#\")",
    ] {
        assert_eq!(
            show(&format!("{terminal}.MisereOutcomeClass")),
            "N",
            "{terminal}"
        );
    }
    // One move, to a terminal position: whoever must make it loses.
    for single in [
        "nim(1)",
        "kayles(1)",
        "grundy_game(3)",
        "subtraction(\"1\",1)",
        "cram(\"..\")",
        "impartial(domineering(\"..\"))",
        "impartial(clobber(\"xo\"))",
    ] {
        assert_eq!(
            show(&format!("{single}.MisereOutcomeClass")),
            "P",
            "{single}"
        );
    }
}

#[test]
fn positions_print_as_calls_and_stand_for_their_values() {
    assert_eq!(
        items("nim(1,2).LeftOptions"),
        ["nim(0,2)", "nim(1,0)", "nim(1,1)"]
    );
    // Kayles: take one pin (from an end, or from the middle, splitting the row) or two adjacent.
    assert_eq!(
        items("kayles(3).LeftOptions"),
        ["kayles(2)", "kayles(1) + kayles(1)", "kayles(1)"]
    );
    // Wherever a value is needed, a position is its canonical form.
    assert_eq!(show("nim(3) + *"), "*2");
    assert_eq!(show("nim(1,2,3) == 0"), "true");
    assert_eq!(show("-domineering(\"..\")"), "1");
    assert_eq!(show("{nim(1) | nim(2)}"), show("{* | *2}"));
    assert_eq!(show("domineering(\"..|..\").Mean"), "0");
    assert_eq!(
        show("domineering(\"..|..\") + domineering(\"..\")"),
        "{0|-2}"
    );
    // Every option is a position that gives its own value.
    assert_eq!(
        show("(domineering(\"..|..\").LeftOptions)"),
        "[domineering(\"#.|#.\"),domineering(\".#|.#\")]"
    );
}

#[test]
fn a_family_known_by_its_value_only_refuses_questions_about_its_tree() {
    // A Kayles heap past the largest whose moves are listed is known by its value only.
    for method in ["MisereOutcomeClass", "LeftOptions", "Followers", "Genus"] {
        let e = format!("kayles(200000).{method}");
        let err = evaluate(&e).unwrap_err().to_string();
        assert!(err.contains("known by its value only"), "{e}: {err}");
    }
    // Its value is still there.
    assert_eq!(show("kayles(200000)"), show("kayles(200000).CanonicalForm"));
}

#[test]
fn listing_more_options_than_the_limit_is_refused_before_it_starts() {
    let err = evaluate("nim(1000000000000).LeftOptions")
        .unwrap_err()
        .to_string();
    assert!(err.contains("options"), "{err}");
    assert_eq!(show("nim(1000000000000)"), "*1000000000000");
}

#[test]
fn winning_moves_of_nim_follow_boutons_rule() {
    // Bouton: a winning move leaves nim-sum 0, reducing a heap h with h xor s < h to h xor s.
    for heaps in [[3u64, 5, 7], [1, 2, 3], [2, 2, 5], [4, 1, 6]] {
        let s = heaps.iter().fold(0, |a, h| a ^ h);
        let expected: Vec<String> = (0..3)
            .filter(|&i| heaps[i] ^ s < heaps[i])
            .map(|i| {
                let mut next = heaps;
                next[i] ^= s;
                format!("nim({},{},{})", next[0], next[1], next[2])
            })
            .collect();
        let call = format!("nim({},{},{})", heaps[0], heaps[1], heaps[2]);
        match eval(&format!("{call}.WinningMoves")) {
            Value::List(sides) => {
                for side in sides {
                    let Value::List(moves) = side else {
                        panic!("{call}")
                    };
                    let mut moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                    moves.sort();
                    let mut expected = expected.clone();
                    expected.sort();
                    assert_eq!(moves, expected, "{call}");
                }
            }
            v => panic!("{call}: {v}"),
        }
    }
    // Of a value: its canonical options. ±1: Left's move to 1 wins, Right's to −1 wins.
    assert_eq!(show("({1|-1}).WinningMoves"), "[[1],[-1]]");
    // A Domineering 2×2: every first move wins.
    assert_eq!(
        show("domineering(\"..|..\").WinningMoves"),
        "[[domineering(\"#.|#.\"),domineering(\".#|.#\")],[domineering(\"##|..\"),domineering(\"..|##\")]]"
    );
}
