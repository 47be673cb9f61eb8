//! Fox and Geese: four (or any number of) geese try to pen in a fox that can step back and forth.
//!
//! **Rules** (WW vol. 3, ch. 20 "Fox and Geese; Hare and Hounds"; CGSuite's `FoxAndGeese`, the
//! ruleset `GenFoxAndGeese` with its defaults). A board of `w` columns whose rows start at a
//! bottom edge and go on upward without end; the pieces stand on the squares of one colour.
//! Left's geese move one square diagonally forward (down, towards the bottom edge); Right's fox
//! moves one square diagonally in any of the four directions. A piece moves only onto an empty
//! square of the board: there are no captures and no jumps. A player who cannot move loses. The
//! fox can step back and forth, so play may go on for ever (a draw).
//!
//! The board without a top edge is the one of CGSuite (rows numbered from 1 at the bottom, no
//! last row) and of WW's analysis of positions: once the fox is behind the geese they can never
//! stop him, and he wins. On a board closed above, a fox behind the geese could still be
//! cornered against the top edge; that board is not this family's.
//!
//! **Input format.** Rows of `G` (a goose), `F` (the fox) and `.` (an empty square), either case,
//! top to bottom, separated by `|`, all of the same length `w ≥ 2` (the width of the board). The
//! last row written is the bottom edge, where the geese stop; the board goes on above the first
//! row written, empty. Exactly one fox; any number of geese; every piece on the fox's colour
//! (pieces move diagonally, so the squares of the other colour never take part):
//! `fox_and_geese(".G.G.G.G|........|........|F.......")` is CGSuite's position with geese at
//! (4,2), (4,4), (4,6), (4,8) and the fox at (1,1) (CGSuite numbers rows from 1 at the bottom and
//! columns from 1 at the left).
//!
//! **How values are computed.** Geese only move down, so a fox on or above the highest goose's
//! row can always step up into empty rows, for ever, while the geese run out of moves: the
//! position is `off` (Left, moving second in `off − G`, plays the fox there and never runs out of
//! moves). So is a fox one row below the highest goose with an empty square diagonally above
//! him on that row, which no goose can ever reach again. Every such position is one position
//! whose only move is Right's move to itself (`off`), as CGSuite's `Decomposition` does. The
//! fox is then always below the highest goose, the rows in play are those of the input, and
//! every position reachable from the given one is enumerated
//! ([`crate::solve::loopy::position_graph`], at most [`POSITION_LIMIT`] positions; a board and
//! its mirror image, which have the same value, are one position).
//!
//! Every position is a stopper: a play that alternates moves the geese every other turn, and
//! they can move only finitely often. Its canonical stopper is found *flock by flock*, a flock
//! being the places of the geese: the fox's moves keep the flock, a goose's move goes to a flock
//! lower down. The flocks are valued lowest first; the positions of one flock (one for each
//! square of the fox) make a small graph whose Left options are the canonical stoppers of lower
//! flocks, already known, copied in follower by follower, and the loopy algebra
//! ([`crate::algebra::loopy`]) gives the canonical stoppers of that graph. Putting an equal
//! stopper in place of an option keeps the value (in `G − G'`, Left answers every move by the
//! same move in the other component until the play reaches `X − X'`, where `X ≥ X'` lets her
//! survive), and the whole graph at once would need the pairs of all its positions, far more
//! than the loopy algebra allows ([`crate::algebra::loopy::MAX_PAIR_STATES`]) for four geese
//! four rows above the fox. The outcome comes from retrograde analysis of the whole graph
//! ([`outcome`]); a stopper never draws.
//!
//! **Checked against** (tests/fox_and_geese.rs): the values of CGSuite's test suite
//! (`lib/core/src/test/scala/org/cgsuite/lang/GameGridTest.scala`): the position above is
//! `{4*|7/2}`, the fox's eight squares below the geese at (3,1), (3,3), (3,5), (3,7) give
//! CGSuite's `ValuesTable` (`2over`, `2`, `3*`, `4over`, `{6|2over}`, `{2over|2}`, `{4|3||2}`,
//! `{4over|3*}`), and five geese on a board of width 10 with the fox at (1,9) give `{6over|5*}`;
//! hand derivations on tiny boards; and the rules written in the test (their own moves on a
//! board closed two rows above the input, where a fox past the geese can never be cornered
//! either, without the `off` shortcut, the mirror image or the flocks): an outcome search with
//! draws, against the outcomes of the library and those its values give, and the loopy
//! algebra on that whole graph, against the values, on every position of one to three geese on
//! boards of width 2 to 4 (one or two geese at width 5) and 1 to 4 rows (3,246 positions), and
//! on the positions of the graph of a three-goose board of 5 rows.
//!
//! **In expressions**: `fox_and_geese("G.G.|....|..F.")` is the game as its canonical stopper
//! (printed as its value; its options are the canonical stopper's); `.OutcomeClass` its outcome.

use crate::algebra::loopy::{LoopyGame, LoopyOutcome, SidedValue, Stopper};
use crate::rulesets::board::{bits, Board, Square, Symmetry, DIAGONAL};
use crate::rulesets::{Arg, NamedArg};
use crate::solve::loopy::PositionGraph;
use crate::solve::{loopy, Ruleset};
use crate::Error;
use std::collections::HashMap;

/// The most positions enumerated from one start.
pub const POSITION_LIMIT: usize = crate::solve::loopy::DEFAULT_POSITION_LIMIT;

/// The geese's two moves, as (rows down, columns right).
const GOOSE_STEPS: [(i8, i8); 2] = [(1, -1), (1, 1)];

/// The left–right mirror image, which maps every position to one of the same value.
const MIRROR: Symmetry = Symmetry {
    transpose: false,
    flip_rows: false,
    flip_cols: true,
};

/// A Fox and Geese position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pen {
    /// The board with the fox still below the geese: the geese are Left's pieces, the fox is
    /// Right's, rows numbered from the top, the last row the bottom edge.
    Board(Board),
    /// The fox has got past the geese, who can never stop him: `off`.
    Free,
}

impl Pen {
    /// Reads the text form (see the module documentation).
    pub fn parse(text: &str) -> Result<Pen, Error> {
        let legend = "G a goose, F the fox, . an empty square";
        let board = Board::parse(text, "board", legend, |c| match c {
            'g' | 'G' => Some(Square::Left),
            'f' | 'F' => Some(Square::Right),
            '.' => Some(Square::Empty),
            _ => None,
        })?;
        if board.cols() < 2 {
            return Err(Error::input(format!(
                "the board is {} square(s) wide; Fox and Geese needs a width of at least 2 (pieces move diagonally)",
                board.cols()
            )));
        }
        let foxes: Vec<usize> = bits(board.right()).collect();
        let [fox] = foxes[..] else {
            return Err(Error::input(format!(
                "the board has {} foxes (F); it needs exactly one",
                foxes.len()
            )));
        };
        let colour = |k: usize| (k / board.cols() + k % board.cols()) % 2;
        if let Some(g) =
            bits(board.left()).find(|&g| colour(g) != colour(fox))
        {
            return Err(Error::input(format!(
                "the goose in row {}, column {} is not on the fox's colour (pieces move diagonally, so all of them stand on squares of one colour)",
                g / board.cols() + 1,
                g % board.cols() + 1
            )));
        }
        Ok(FoxAndGeese.normalize(Pen::Board(board)))
    }
}

impl std::fmt::Display for Pen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Pen::Board(b) => f.write_str(&b.display(['.', 'G', 'F', '#'])),
            Pen::Free => f.write_str("the fox is free"),
        }
    }
}

/// Whether the fox can no longer be stopped: he is on or above the highest goose's row, or one
/// row below it with an empty square diagonally above him on that row (no goose can ever come
/// back to that row). No geese at all: free too.
fn fox_is_free(board: &Board) -> bool {
    let cols = board.cols();
    let fox = board.right().trailing_zeros() as usize;
    let top_goose = match board.left() {
        0 => return true,
        geese => geese.trailing_zeros() as usize / cols,
    };
    let fox_row = fox / cols;
    fox_row <= top_goose
        || (fox_row == top_goose + 1
            && [(-1, -1), (-1, 1)]
                .into_iter()
                .any(|d| board.step(fox, d).is_some_and(|k| board.get(k) != Square::Left)))
}

/// The Fox and Geese ruleset (on the board of the module documentation).
#[derive(Clone, Copy, Debug, Default)]
pub struct FoxAndGeese;

fn moves(board: &Board, piece: Square, steps: &[(i8, i8)]) -> Vec<Pen> {
    let pieces = if piece == Square::Left {
        board.left()
    } else {
        board.right()
    };
    let mut out = Vec::new();
    for k in bits(pieces) {
        for &d in steps {
            if let Some(to) = board.step(k, d).filter(|&to| board.get(to) == Square::Empty) {
                out.push(Pen::Board(board.with(k, Square::Empty).with(to, piece)));
            }
        }
    }
    out
}

impl Ruleset for FoxAndGeese {
    type Position = Pen;

    fn left_options(&self, pen: &Pen) -> Vec<Pen> {
        match pen {
            Pen::Board(b) => moves(b, Square::Left, &GOOSE_STEPS),
            Pen::Free => Vec::new(),
        }
    }

    fn right_options(&self, pen: &Pen) -> Vec<Pen> {
        match pen {
            Pen::Board(b) => moves(b, Square::Right, DIAGONAL),
            Pen::Free => vec![Pen::Free],
        }
    }

    /// A free fox is [`Pen::Free`]; a board is the lesser of itself and its mirror image.
    fn normalize(&self, pen: Pen) -> Pen {
        match pen {
            Pen::Board(b) if fox_is_free(&b) => Pen::Free,
            Pen::Board(b) => Pen::Board(b.min(b.image(MIRROR))),
            Pen::Free => Pen::Free,
        }
    }
}

/// The geese of a board without its fox, the lesser of them and their mirror image: the fox's
/// moves keep it, the geese's moves change it.
fn flock(b: &Board) -> Board {
    let geese = b.with(b.right().trailing_zeros() as usize, Square::Empty);
    geese.min(geese.image(MIRROR))
}

/// The canonical stopper of every position of `graph`, by index, found flock by flock (see
/// the module documentation).
fn stoppers(graph: &PositionGraph<Pen>) -> Result<Vec<Stopper>, Error> {
    let n = graph.positions.len();
    // The positions of each flock, the flocks lowest first (the largest sum of the geese's
    // rows, counted from the top: a goose's move adds one).
    let mut flocks: HashMap<Board, Vec<usize>> = HashMap::new();
    for (i, p) in graph.positions.iter().enumerate() {
        if let Pen::Board(b) = p {
            flocks.entry(flock(b)).or_default().push(i);
        }
    }
    let depth = |b: &Board| -> usize { bits(b.left()).map(|k| k / b.cols()).sum() };
    let mut order: Vec<(Board, Vec<usize>)> = flocks.into_iter().collect();
    order.sort_by_key(|(b, _)| std::cmp::Reverse((depth(b), *b)));
    let mut value: Vec<Option<Stopper>> = vec![None; n];
    for (i, p) in graph.positions.iter().enumerate() {
        if *p == Pen::Free {
            value[i] = Some(Stopper::off());
        }
    }
    let mut local = vec![usize::MAX; n];
    // The options of the stoppers met so far.
    let mut options: HashMap<Stopper, (Vec<Stopper>, Vec<Stopper>)> = HashMap::new();
    for (_, members) in order {
        crate::interrupt::check();
        for (j, &i) in members.iter().enumerate() {
            local[i] = j;
        }
        // The flock's positions first, then the positions of the stoppers its Left options
        // (and the free fox) are worth, each distinct follower of those stoppers once.
        let mut left = vec![Vec::new(); members.len()];
        let mut right = vec![Vec::new(); members.len()];
        let mut nodes: HashMap<Stopper, usize> = HashMap::new();
        let mut copy = |s: &Stopper, left: &mut Vec<Vec<usize>>, right: &mut Vec<Vec<usize>>| {
            if let Some(&v) = nodes.get(s) {
                return v;
            }
            let root = left.len();
            nodes.insert(s.clone(), root);
            left.push(Vec::new());
            right.push(Vec::new());
            let mut queue = vec![(s.clone(), root)];
            while let Some((t, v)) = queue.pop() {
                let (lo, ro) = options
                    .entry(t)
                    .or_insert_with_key(|t| (t.left_options(), t.right_options()));
                for (player, opts) in [(0, &*lo), (1, &*ro)] {
                    for o in opts {
                        let w = match nodes.get(o) {
                            Some(&w) => w,
                            None => {
                                let w = left.len();
                                left.push(Vec::new());
                                right.push(Vec::new());
                                nodes.insert(o.clone(), w);
                                queue.push((o.clone(), w));
                                w
                            }
                        };
                        if player == 0 {
                            left[v].push(w);
                        } else {
                            right[v].push(w);
                        }
                    }
                }
            }
            root
        };
        for (j, &i) in members.iter().enumerate() {
            for &k in &graph.left[i] {
                let s = value[k].as_ref().expect("a lower flock, valued before");
                let to = copy(s, &mut left, &mut right);
                left[j].push(to);
            }
            for &k in &graph.right[i] {
                let to = match &value[k] {
                    Some(s) => copy(s, &mut left, &mut right),
                    None => {
                        assert_eq!(members.get(local[k]), Some(&k), "the fox keeps the flock");
                        local[k]
                    }
                };
                right[j].push(to);
            }
        }
        let layer = LoopyGame::from_edges(left, right, 0)?;
        for (&i, v) in members.iter().zip(layer.values()) {
            value[i] = Some(v?.as_stopper()?.clone());
        }
    }
    Ok(value
        .into_iter()
        .map(|v| v.expect("every position valued"))
        .collect())
}

/// The canonical stopper of a position as a game (its canonical graph), found flock by flock.
pub fn game(pen: &Pen) -> Result<LoopyGame, Error> {
    Ok(value(pen)?.as_stopper()?.to_loopy_game())
}

/// The value of a position: its canonical stopper (every position is a stopper: the geese
/// move finitely often, so no play alternates for ever).
pub fn value(pen: &Pen) -> Result<SidedValue, Error> {
    let graph = loopy::position_graph(&FoxAndGeese, *pen, POSITION_LIMIT)?;
    Ok(stoppers(&graph)?.swap_remove(0).into())
}

/// The value of every position reachable from `pen` (`pen` first, each board as the lesser of
/// itself and its mirror image, the free fox as [`Pen::Free`]).
pub fn values(pen: &Pen) -> Result<Vec<(Pen, SidedValue)>, Error> {
    let graph = loopy::position_graph(&FoxAndGeese, *pen, POSITION_LIMIT)?;
    let values = stoppers(&graph)?;
    Ok(graph
        .positions
        .into_iter()
        .zip(values.into_iter().map(SidedValue::from))
        .collect())
}

/// The game graph of a position: every position reachable from it (at most
/// [`POSITION_LIMIT`]), the position itself the start. Its value by the loopy algebra on the
/// whole graph is [`value`]'s, but needs the pairs of all its positions (a few thousand at
/// most).
pub fn position_game(pen: &Pen) -> Result<LoopyGame, Error> {
    Ok(loopy::position_graph(&FoxAndGeese, *pen, POSITION_LIMIT)?.game(0)?)
}

/// The outcome of a position, by retrograde analysis of its whole game graph (infinite play
/// would be a draw, but there is none: see [`value`]).
pub fn outcome(pen: &Pen) -> Result<LoopyOutcome, Error> {
    Ok(loopy::outcome(&FoxAndGeese, *pen, POSITION_LIMIT)?)
}

/// `fox_and_geese(".G.G|....|.F..")`: the game graph of the position.
fn call(positional: &[Arg], named: &[NamedArg]) -> Result<LoopyGame, Error> {
    let pen = Pen::parse(crate::rulesets::text::one_string(
        positional,
        named,
        "the board",
    )?)?;
    game(&pen)
}

/// The `fox_and_geese` family (see the module documentation).
pub struct FoxAndGeeseFamily;

impl crate::rulesets::Family for FoxAndGeeseFamily {
    fn name(&self) -> &'static str {
        "fox_and_geese"
    }
    fn usage(&self) -> &'static str {
        "fox_and_geese(\".G.G|....|.F..\"): Fox and Geese, rows top to bottom (the last the bottom edge, the board open above), G Left's geese moving diagonally down, F Right's fox moving diagonally any way, . empty"
    }
    fn example(&self) -> &'static str {
        "fox_and_geese(\"G.G.|....|..F.\")"
    }
    fn loopy(&self) -> Option<crate::rulesets::family::LoopyCallFn> {
        Some(|args, named| call(args, named).map(crate::rulesets::LoopyCall::Graph))
    }
}
