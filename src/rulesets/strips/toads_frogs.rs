//! Toads and Frogs on one row.
//!
//! **Rules** (WW ch. 1; Erickson, "New Toads and Frogs results", *Games of No
//! Chance*, MSRI Publ. 29, 1996). Left's toads `T` move right, Right's frogs `F` move left: a
//! creature moves one square forward onto an empty square, or jumps over one creature of the
//! other kind directly in front of it onto the empty square beyond. The player who cannot move
//! loses.
//!
//! **Generalised rules** (`toads("TT..FF", jump=J, slide=S)`). With `jump = J` a creature may jump
//! over a run of 1 to `J` consecutive creatures of the other kind directly in front of it onto the
//! empty square just beyond the run (CGSuite's ruleset schema `game.strip.GenToadsAndFrogs` with
//! `maxJump = J`; `J = 1` is the game above, `J = 0` forbids jumping, which is Elephants and
//! Rhinos, see [`crate::rulesets::elephants_rhinos`]). With `slide = S` a creature may also move 1 to `S`
//! squares forward through empty squares; `S = 1` is the usual rule. With `min_slide = M` (by
//! default 1) a slide covers at least `M` squares, and with `friendly = 1` (default 0) a jump may cross
//! creatures of either kind, the mover's own included: the run jumped is then any 1 to `J`
//! consecutive creatures. A creature whose next square ahead is empty only slides; one whose next
//! square is occupied only jumps. CGSuite 2 states the slides of its schema `GenToadsAndFrogs` the
//! same way (`minSlide <= n <= maxSlide`, the destination and every square between empty).
//! CGSuite's `backsliding` option (a step backwards) makes the game loopy and is not provided
//! here (see `backsliding_toads`).
//!
//! **MCGS's `gen_toads`** (github.com/ualberta-mueller-group/MCGS, `src/gen_toads.h`) is written
//! `a,b,c,d:ROW` in its test files, `X` Black's stones moving right and `O` White's moving left:
//! `a` the minimum slide (at least 1), `b` the maximum slide (at least `a`), `c` the maximum jump
//! (0: none) and `d` friendly jumps (0 or 1). It is `toads(ROW, min_slide=a, slide=b, jump=c,
//! friendly=d)` with `X` written `T` and `O` written `F`: MCGS's `1,3,2,1:XO..X` is
//! `toads("TF..T", min_slide=1, slide=3, jump=2, friendly=1)`. Every parameter set of MCGS is
//! accepted; `slide=0` (no slides) is ours. One difference in the code: for a minimum slide of 3
//! or more MCGS's move generator tests only the first square ahead and the squares from the
//! minimum on, so it lets a stone slide past a stone two squares ahead, against the rule its
//! header states ("without jumping over stones"); partizan follows the stated rule. MCGS's test
//! files use minimum slides of 1 and 2 only, where the two agree.
//!
//! **Input format.** A row of `T` (toad), `F` (frog) and `.` (empty square), either case:
//! `toads("TT..FF")`, `toads("ttt..fff")`, `toads("T.FF.", jump=2)`.
//!
//! **How values are computed.** The generic [`Solver`] with the [`ToadsFrogs`] ruleset, which
//! splits a row into independent segments: a creature that can never move (a toad at the right
//! end or behind a stuck toad; a toad facing a run of stuck frogs longer than the jump, or with
//! no empty square beyond it; and the mirror images for frogs — computed as the greatest set of
//! creatures that are stuck given that the others in the set stay put, which catches jams such
//! as `TTFF`) is a permanent wall. No creature ever crosses a wall: a slide stops at any creature,
//! and a jump starts next to the run it jumps, so a jump over a stuck creature would start from a
//! square held by a stuck creature of the other kind. So the segments between walls form a
//! disjunctive sum. With friendly jumps a jump may cross creatures of either kind, and the stuck
//! set is computed with runs of either kind; the argument still holds, since no creature of a run a
//! toad jumps is stuck: a stuck creature has ahead of it a run of stuck creatures longer than `J`
//! or reaching the end of the row, while ahead of a toad of the run lie fewer than `J` squares of
//! the run before the empty landing square, and ahead of a frog of the run fewer than `J` before
//! the moving toad, which is not stuck (mirror image for frogs). A minimum slide only removes moves, so a creature stuck with slides of one square is
//! stuck with longer minimum slides too, and the same walls hold (they may miss some). Without jumps
//! (`jump = 0`, Elephants and Rhinos) creatures never pass each other, so a frog with a toad after
//! it (`F..T`) also splits the row: the two move apart, and nothing left of the frog ever meets
//! anything from the toad on (true for any minimum slide, and `friendly` has no effect without
//! jumps). A segment with creatures of one kind only, when `min_slide = 1` and `slide >= 1`, is an
//! integer: it is a game of Left's moves only (Right's for frogs), so its value is the length of
//! its longest play, which is the number of pairs (toad, empty square to its right): a slide of `d`
//! squares uses up `d` of them and a friendly jump over `k` toads `k + 1`, while a slide of exactly
//! one square is always available (mirror image for frogs). With `slide = 0` and no friendly
//! jumps it is 0; with a minimum slide above 1, or friendly jumps and no slides, the solver
//! evaluates it move by move.
//!
//! **Checked against** (tests/small_partizan.rs): hand derivations of small rows, the value of
//! `ttttt..fffff` printed in CGSuite's test suite, the symmetry `G(reverse and swap) = −G`, and an
//! independent brute-force evaluator on every row of up to 7 squares; the generalised rules
//! (tests/board_games.rs) against an evaluator written from the rules on every row of up to 7
//! squares for `jump` 0 to 3 and `slide` 0 to 2; MCGS's parameters (tests/board_games.rs) against
//! an evaluator written from MCGS's statement of the rules on every row of up to 7 squares for 12
//! parameter sets, against MCGS's own tests of its move generator
//! (`tests/data/mcgs_gen_toads_moves.txt`) and against the outcomes of 70 of MCGS's test positions
//! (`tests/data/mcgs_gen_toads.txt`, computed there with CGSuite).
//!
//! **In expressions:** `toads("T.F")` (= `*`). **Tables:** `partizan table toads toads=A
//! frogs=C gap=B [jump=J] [slide=S] [min_slide=M] [friendly=0|1]`: the rows `T^a .^b F^c` (`a` toads, `b` empty squares, `c`
//! frogs) for `a <= A` and `c <= C`, the shape of Erickson's tables (snapshots
//! `snapshots/toads_table_4x4_gap_1.snap`, `snapshots/toads_table_5x5_gap_2.snap`).

use crate::algebra::Game;
use crate::rulesets::family::{bounded, Family, Param, TableSpec};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::{Ruleset, Solver, Table, TableParams};
use crate::solve::{position, Position};
use crate::Error;
use std::fmt;

/// A square of the row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Square {
    /// No creature.
    Empty,
    /// Left's toad, moving right.
    Toad,
    /// Right's frog, moving left.
    Frog,
}

/// A Toads-and-Frogs row.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Row(pub Vec<Square>);

impl Row {
    /// Parses `T`, `F` and `.` (either case); `Err` names an unknown character and its position.
    pub fn parse(text: &str) -> Result<Row, Error> {
        Row::parse_with(
            text,
            ['T', 'F'],
            "Toads and Frogs",
            "use T for a toad, F for a frog, . for an empty square",
        )
    }

    /// Parses a row written with `letters[0]` for a toad (Left's), `letters[1]` for a frog
    /// (Right's), either case, and `.`; `game` and `legend` go into the error message.
    pub fn parse_with(
        text: &str,
        letters: [char; 2],
        game: &str,
        legend: &str,
    ) -> Result<Row, Error> {
        text.chars()
            .enumerate()
            .map(|(i, c)| match c.to_ascii_uppercase() {
                u if u == letters[0] => Ok(Square::Toad),
                u if u == letters[1] => Ok(Square::Frog),
                '.' => Ok(Square::Empty),
                _ => Err(Error::input(format!(
                    "unknown character {c:?} at position {} of the {game} row {text:?} ({legend})",
                    i + 1
                ))),
            })
            .collect::<Result<Vec<Square>, Error>>()
            .map(Row)
    }

    /// The row mirrored with toads and frogs exchanged: its value is the negative.
    pub fn reversed(&self) -> Row {
        Row(self
            .0
            .iter()
            .rev()
            .map(|s| match s {
                Square::Toad => Square::Frog,
                Square::Frog => Square::Toad,
                Square::Empty => Square::Empty,
            })
            .collect())
    }

    fn moved(&self, from: usize, to: usize) -> Row {
        let mut next = self.clone();
        next.0[to] = next.0[from];
        next.0[from] = Square::Empty;
        next
    }

    /// Which creatures can never move under the rules with jumps over at most `jump` creatures
    /// (of the other kind, or of either kind when `friendly`) and slides of one square (see the
    /// module documentation): the greatest set of creatures each of which is stuck as long as
    /// the others in the set stay put.
    fn stuck(&self, jump: usize, friendly: bool) -> Vec<bool> {
        let s = &self.0;
        let n = s.len() as isize;
        let mut stuck: Vec<bool> = s.iter().map(|&q| q != Square::Empty).collect();
        loop {
            let mut changed = false;
            for i in 0..s.len() {
                if !stuck[i] {
                    continue;
                }
                let (step, enemy) = match s[i] {
                    Square::Toad => (1isize, Square::Frog),
                    Square::Frog => (-1, Square::Toad),
                    Square::Empty => continue,
                };
                let jumpable = |q: Square| q == enemy || (friendly && q != Square::Empty);
                // A square beyond the row is a wall; one not in the set may become free.
                let at = |k: isize| {
                    let j = i as isize + k * step;
                    (0..n).contains(&j).then_some(j as usize)
                };
                let blocked = match at(1) {
                    None => true,
                    Some(a) if !stuck[a] => false,
                    Some(a) if !jumpable(s[a]) => true,
                    Some(_) => {
                        // The run of stuck creatures it may jump ahead, and what follows it.
                        let mut k = 1;
                        while at(k + 1).is_some_and(|j| stuck[j] && jumpable(s[j])) {
                            k += 1;
                        }
                        k as usize > jump || at(k + 1).is_none_or(|j| stuck[j])
                    }
                };
                if !blocked {
                    stuck[i] = false;
                    changed = true;
                }
            }
            if !changed {
                return stuck;
            }
        }
    }

    /// The value of a row with creatures of one kind only, `None` otherwise.
    fn one_kind_value(&self) -> Option<Game> {
        let toads = self.0.contains(&Square::Toad);
        let frogs = self.0.contains(&Square::Frog);
        let steps = |squares: &mut dyn Iterator<Item = &Square>, mover: Square| {
            let mut empty = 0i64;
            let mut total = 0i64;
            for &q in squares {
                if q == Square::Empty {
                    empty += 1;
                } else if q == mover {
                    total += empty;
                }
            }
            total
        };
        match (toads, frogs) {
            (_, false) => Some(Game::integer(steps(&mut self.0.iter().rev(), Square::Toad))),
            (false, true) => Some(Game::integer(-steps(&mut self.0.iter(), Square::Frog))),
            (true, true) => None,
        }
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in &self.0 {
            f.write_str(match s {
                Square::Empty => ".",
                Square::Toad => "T",
                Square::Frog => "F",
            })?;
        }
        Ok(())
    }
}

/// The Toads-and-Frogs ruleset for the generic [`Solver`] (the usual rules: slides of one
/// square, jumps over one creature).
#[derive(Clone, Copy, Debug, Default)]
pub struct ToadsFrogs;

impl Ruleset for ToadsFrogs {
    type Position = Row;

    fn left_options(&self, row: &Row) -> Vec<Row> {
        GenToadsFrogs::STANDARD.left_options(row)
    }

    fn right_options(&self, row: &Row) -> Vec<Row> {
        GenToadsFrogs::STANDARD.right_options(row)
    }

    fn components(&self, row: &Row) -> Vec<Row> {
        GenToadsFrogs::STANDARD.components(row)
    }

    fn known_value(&self, row: &Row) -> Option<Game> {
        GenToadsFrogs::STANDARD.known_value(row)
    }
}

/// Toads and Frogs with slides of `min_slide` to `slide` squares and jumps over 1 to `jump`
/// creatures, of the other kind or, when `friendly`, of either kind (see the module
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenToadsFrogs {
    /// The longest slide through empty squares (0: no slides).
    pub slide: usize,
    /// The longest run of creatures a jump may cross (0: no jumps).
    pub jump: usize,
    /// The shortest slide, at least 1 (1 in the usual rules).
    pub min_slide: usize,
    /// Whether a jump may cross creatures of the mover's own kind too (`false` in the usual
    /// rules: only the other kind's).
    pub friendly: bool,
}

impl GenToadsFrogs {
    /// The usual rules.
    pub const STANDARD: GenToadsFrogs = GenToadsFrogs::new(1, 1);

    /// Slides of 1 to `slide` squares and jumps over 1 to `jump` creatures of the other kind.
    pub const fn new(slide: usize, jump: usize) -> GenToadsFrogs {
        GenToadsFrogs {
            slide,
            jump,
            min_slide: 1,
            friendly: false,
        }
    }

    /// MCGS's `gen_toads` with its parameters `[min_slide, max_slide, max_jump, friendly]` (the
    /// digits of MCGS's `gen_toads_1321.test` are `[1, 3, 2, 1]`; see the module documentation).
    pub const fn mcgs(min_slide: usize, max_slide: usize, max_jump: usize, friendly: bool) -> Self {
        GenToadsFrogs {
            slide: max_slide,
            jump: max_jump,
            min_slide,
            friendly,
        }
    }

    /// The positions reached by moving a creature `mover` in direction `step` (+1 for toads).
    fn options(&self, row: &Row, mover: Square, step: isize) -> Vec<Row> {
        let s = &row.0;
        let enemy = if mover == Square::Toad {
            Square::Frog
        } else {
            Square::Toad
        };
        let mut out = Vec::new();
        for i in 0..s.len() {
            if s[i] != mover {
                continue;
            }
            let at = |k: usize| {
                let j = i as isize + k as isize * step;
                (j >= 0 && (j as usize) < s.len()).then_some(j as usize)
            };
            for k in 1..=self.slide {
                match at(k) {
                    Some(j) if s[j] == Square::Empty => {
                        if k >= self.min_slide {
                            out.push(row.moved(i, j))
                        }
                    }
                    _ => break,
                }
            }
            let jumpable = |q: Square| q == enemy || (self.friendly && q == mover);
            let mut run = 0;
            while at(run + 1).is_some_and(|j| jumpable(s[j])) {
                run += 1;
            }
            if (1..=self.jump).contains(&run) {
                if let Some(j) = at(run + 1).filter(|&j| s[j] == Square::Empty) {
                    out.push(row.moved(i, j));
                }
            }
        }
        out
    }
}

impl Ruleset for GenToadsFrogs {
    type Position = Row;

    fn left_options(&self, row: &Row) -> Vec<Row> {
        self.options(row, Square::Toad, 1)
    }

    fn right_options(&self, row: &Row) -> Vec<Row> {
        self.options(row, Square::Frog, -1)
    }

    fn components(&self, row: &Row) -> Vec<Row> {
        if self.jump == 0 {
            return components_without_jumps(row);
        }
        components_by_rounds(row, self.jump, self.friendly)
    }

    fn known_value(&self, row: &Row) -> Option<Game> {
        let one_kind = !(row.0.contains(&Square::Toad) && row.0.contains(&Square::Frog));
        if self.slide == 0 && !self.friendly && one_kind {
            return Some(Game::zero());
        }
        if self.slide == 0 || self.min_slide > 1 {
            return None;
        }
        row.one_kind_value()
    }
}

/// The components of `row` under rules with jumps over at most `jump` creatures: the parts
/// between the creatures that are stuck ([`Row::stuck`]), and without jumps the parts
/// [`split_apart`] finds in them. Rules without jumps use [`components_without_jumps`], the
/// same split in one pass, checked against this one.
fn components_by_rounds(row: &Row, jump: usize, friendly: bool) -> Vec<Row> {
    let stuck = row.stuck(jump, friendly);
    let mut parts = Vec::new();
    let mut current = Vec::new();
    for (i, &q) in row.0.iter().enumerate() {
        if stuck[i] {
            if current.iter().any(|&c| c != Square::Empty) {
                parts.push(Row(std::mem::take(&mut current)));
            }
            current.clear();
        } else {
            current.push(q);
        }
    }
    if current.iter().any(|&c| c != Square::Empty) {
        parts.push(Row(current));
    }
    if jump == 0 {
        parts = parts.into_iter().flat_map(split_apart).collect();
    }
    parts
}

/// The components of `row` under rules without jumps, in one pass: what [`Row::stuck`] and
/// [`split_apart`] find, without their rounds and copies. Without jumps a toad is stuck exactly
/// when the square ahead is the edge, a frog (facing it: neither can ever move) or a stuck
/// toad, and a frog the same way leftwards; the row splits at the stuck creatures and between a
/// frog and a later toad.
fn components_without_jumps(row: &Row) -> Vec<Row> {
    let s = &row.0;
    let n = s.len();
    // Stuck toads, from the right; stuck frogs, from the left.
    let mut stuck = vec![false; n];
    for i in (0..n).rev() {
        stuck[i] = s[i] == Square::Toad
            && (i + 1 == n
                || s[i + 1] == Square::Frog
                || (s[i + 1] == Square::Toad && stuck[i + 1]));
    }
    for i in 0..n {
        if s[i] == Square::Frog {
            stuck[i] =
                i == 0 || s[i - 1] == Square::Toad || (s[i - 1] == Square::Frog && stuck[i - 1]);
        }
    }
    let mut parts = Vec::new();
    // The part being read: where it starts, its last frog, whether it holds a creature.
    let mut start = 0;
    let mut last_frog = None;
    let mut creatures = false;
    let close = |parts: &mut Vec<Row>, from: usize, to: usize, creatures: bool| {
        if creatures {
            parts.push(Row(s[from..to].to_vec()));
        }
    };
    for i in 0..n {
        if stuck[i] {
            close(&mut parts, start, i, creatures);
            (start, last_frog, creatures) = (i + 1, None, false);
            continue;
        }
        match s[i] {
            Square::Toad => {
                if let Some(f) = last_frog {
                    // `F ... T`: they face away from each other.
                    close(&mut parts, start, f + 1, true);
                    (start, last_frog) = (i, None);
                }
                creatures = true;
            }
            Square::Frog => {
                last_frog = Some(i);
                creatures = true;
            }
            Square::Empty => {}
        }
    }
    close(&mut parts, start, n, creatures);
    parts
}

/// Without jumps, a frog with a toad after it (`F..T`) face away from each other: nothing left of
/// the frog ever meets anything right of the toad, and the squares between them stay empty.
/// So the row is the sum of the part up to the frog and the part from the toad on; this splits
/// `row` at every such pair.
fn split_apart(row: Row) -> Vec<Row> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut last_frog: Option<usize> = None;
    for (i, &q) in row.0.iter().enumerate() {
        match q {
            Square::Toad => {
                if let Some(f) = last_frog.take() {
                    parts.push(Row(row.0[start..=f].to_vec()));
                    start = i;
                }
            }
            Square::Frog => last_frog = Some(i),
            Square::Empty => {}
        }
    }
    if start == 0 {
        return vec![row];
    }
    parts.push(Row(row.0[start..].to_vec()));
    parts
}

/// The value of a row.
pub fn value(row: &Row) -> Game {
    Solver::new(ToadsFrogs).value(row)
}

/// The value of a row under generalised rules.
pub fn gen_value(rules: GenToadsFrogs, row: &Row) -> Game {
    Solver::new(rules).value(row)
}

/// The named arguments of `toads`.
const NAMED: [&str; 4] = ["slide", "jump", "min_slide", "friendly"];

/// Reads an optional non-negative named argument (`jump = 2`).
fn named_size(named: &[NamedArg], name: &str) -> Result<Option<usize>, Error> {
    match crate::rulesets::args::named(named, name, &NAMED)? {
        None => Ok(None),
        Some(a) => crate::rulesets::args::size(std::slice::from_ref(a), 0, name).map(Some),
    }
}

/// Checks the parameters given together: `min_slide` at least 1 and at most `slide` (a
/// `min_slide` above 1 with `slide` below it would leave no slide), `friendly` 0 or 1.
fn checked(slide: usize, jump: usize, min_slide: usize, friendly: usize) -> Result<GenToadsFrogs, Error> {
    if min_slide == 0 {
        return Err(Error::input(
            "min_slide must be at least 1 (the shortest slide; slide=0 forbids slides)",
        ));
    }
    if min_slide > 1 && min_slide > slide {
        return Err(Error::input(format!(
            "min_slide={min_slide} must be at most slide={slide} (the longest slide)"
        )));
    }
    if friendly > 1 {
        return Err(Error::input(format!(
            "friendly must be 0 (jumps over the other kind only) or 1 (over either kind), not {friendly}"
        )));
    }
    Ok(GenToadsFrogs {
        slide,
        jump,
        min_slide,
        friendly: friendly == 1,
    })
}

/// The rules of a call from its named arguments (the usual rules by default).
fn named_rules(named: &[NamedArg]) -> Result<GenToadsFrogs, Error> {
    checked(
        named_size(named, "slide")?.unwrap_or(1),
        named_size(named, "jump")?.unwrap_or(1),
        named_size(named, "min_slide")?.unwrap_or(1),
        named_size(named, "friendly")?.unwrap_or(0),
    )
}

/// `toads("TT..FF")` as a position (see [`crate::solve::position`]).
fn call_position(positional: &[Arg], named: &[NamedArg]) -> Result<Position, Error> {
    let rules = named_rules(named)?;
    let row = Row::parse(crate::rulesets::graph::graph_argument(
        positional, "the row",
    )?)?;
    Ok(position::of(
        rules,
        false,
        row,
        |r, row, f| {
            write!(f, "toads(\"{row}\"")?;
            if *r != GenToadsFrogs::STANDARD {
                write!(f, ",slide={},jump={}", r.slide, r.jump)?;
                if r.min_slide != 1 {
                    write!(f, ",min_slide={}", r.min_slide)?;
                }
                if r.friendly {
                    f.write_str(",friendly=1")?;
                }
            }
            f.write_str(")")
        },
        |r, row| {
            Ok(if *r == GenToadsFrogs::STANDARD {
                value(row)
            } else {
                gen_value(*r, row)
            })
        },
    ))
}

/// The row with `letters[0]` for Left's creatures and `letters[1]` for Right's.
pub fn row_text(row: &Row, letters: [char; 2]) -> String {
    row.0
        .iter()
        .map(|s| match s {
            Square::Empty => '.',
            Square::Toad => letters[0],
            Square::Frog => letters[1],
        })
        .collect()
}

/// The most squares a row of `partizan table toads` or `elephants_rhinos` may have.
pub const MAX_TABLE_SQUARES: usize = 16;

/// The table of the rows `L^a .^b R^c` under `rules` for `a = 1..=A` (row), `c = 1..=C`
/// (column), the names of the parameters `A`, `C` and `b` in `names` (defaults 4, 4 and 1; a row
/// has at most [`MAX_TABLE_SQUARES`] squares), `letters` the creatures' letters in captions.
pub fn row_table(
    a: &TableParams,
    rules: GenToadsFrogs,
    names: [&str; 3],
    letters: [char; 2],
    caption: &str,
) -> Result<Table, Error> {
    let left = bounded(a, names[0], 4, (1, MAX_TABLE_SQUARES))?;
    let right = bounded(a, names[1], 4, (1, MAX_TABLE_SQUARES))?;
    let gap = bounded(a, names[2], 1, (0, MAX_TABLE_SQUARES))?;
    if left + gap + right > MAX_TABLE_SQUARES {
        return Err(Error::input(format!(
            "{}={left}, {}={right} and {}={gap} make rows of {} squares (the table stops at {MAX_TABLE_SQUARES})",
            names[0],
            names[1],
            names[2],
            left + gap + right
        )));
    }
    let mut solver = Solver::new(rules);
    let row = |l: usize, r: usize| {
        let mut squares = vec![Square::Toad; l];
        squares.extend(std::iter::repeat_n(Square::Empty, gap));
        squares.extend(std::iter::repeat_n(Square::Frog, r));
        Row(squares)
    };
    Ok(Table::sizes(
        &format!(
            "{caption}: {}^a .^{gap} {}^c, a {} (rows) and c {} (columns)",
            letters[0], letters[1], names[0], names[1]
        ),
        "c",
        "a",
        right,
        left,
        |c, l| solver.value(&row(l, c)).to_string(),
    ))
}

/// `partizan table toads toads=A frogs=C gap=B [jump=J] [slide=S] [min_slide=M]
/// [friendly=0|1]`: the rows `T^a .^b F^c`.
fn table(a: &TableParams) -> Result<Table, Error> {
    let rules = checked(
        bounded(a, "slide", 1, (0, MAX_TABLE_SQUARES))?,
        bounded(a, "jump", 1, (0, MAX_TABLE_SQUARES))?,
        bounded(a, "min_slide", 1, (1, MAX_TABLE_SQUARES))?,
        bounded(a, "friendly", 0, (0, 1))?,
    )?;
    row_table(
        a,
        rules,
        ["toads", "frogs", "gap"],
        ['T', 'F'],
        "Values of Toads and Frogs",
    )
}

/// The `toads` family (see the module documentation).
pub struct ToadsFamily;

impl Family for ToadsFamily {
    fn name(&self) -> &'static str {
        "toads"
    }
    fn usage(&self) -> &'static str {
        "toads(\"TT..FF\"[, jump=J][, slide=S][, min_slide=M][, friendly=0|1]): one row, T Left's toads (move right), F Right's frogs (move left), . empty; jumps over up to J creatures (default 1) of the other kind, or of either kind with friendly=1; slides of M to S squares (defaults 1 and 1)"
    }
    fn example(&self) -> &'static str {
        "toads(\"TT..FF\")"
    }
    fn position(&self, args: &[Arg], named: &[NamedArg]) -> Option<Result<Position, Error>> {
        Some(call_position(args, named))
    }
    fn table(&self) -> Option<TableSpec> {
        Some(TableSpec {
            params: &[
                Param {
                    name: "toads",
                    meaning: "rows of 1 to toads toads, default 4",
                },
                Param {
                    name: "frogs",
                    meaning: "columns of 1 to frogs frogs, default 4",
                },
                Param {
                    name: "gap",
                    meaning:
                        "the empty squares between them, default 1 (at most 16 squares in all)",
                },
                Param {
                    name: "jump",
                    meaning: "jumps over up to jump creatures, default 1",
                },
                Param {
                    name: "slide",
                    meaning: "slides of up to slide squares, default 1",
                },
                Param {
                    name: "min_slide",
                    meaning: "slides of at least min_slide squares, default 1",
                },
                Param {
                    name: "friendly",
                    meaning: "1: jumps over creatures of either kind, default 0 (the other kind only)",
                },
            ],
            example: "table toads toads=3 frogs=3 gap=2",
            build: table,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one-pass split without jumps finds the parts that the rounds of [`Row::stuck`] and
    /// [`split_apart`] find, on every row of up to 9 squares.
    #[test]
    fn one_pass_split_is_the_split_by_rounds() {
        let mut rows = vec![Vec::new()];
        for _ in 0..9 {
            let longer: Vec<Vec<Square>> = rows
                .iter()
                .flat_map(|r: &Vec<Square>| {
                    [Square::Empty, Square::Toad, Square::Frog].map(|q| {
                        let mut r = r.clone();
                        r.push(q);
                        r
                    })
                })
                .collect();
            for r in &longer {
                let row = Row(r.clone());
                assert_eq!(
                    components_without_jumps(&row),
                    components_by_rounds(&row, 0, false),
                    "{r:?}"
                );
            }
            rows = longer;
        }
    }
}
