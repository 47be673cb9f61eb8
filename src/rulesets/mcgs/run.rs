//! The runner of MCGS's commands: each [`Case`] answered by partizan and compared with the
//! result the file expects.
//!
//! `B`/`W` ask whether the player moving first wins the sum ([`Position::wins_moving_first`]:
//! the canonical form when it comes out quickly, else a search of the game tree); `N` asks
//! the sum's nim value ([`Position::nim_value`]: the canonical form when it comes out quickly,
//! else Lemoine and Viennot's search); `winning moves` asks the moves after which the player
//! to move next loses, compared as sets ([`super::moves`]); `thermograph` the walls of the
//! thermograph of the sum's canonical form (CGT §II.5), compared as polylines with MCGS's
//! scaffolds.
//! A case that partizan cannot answer (a game it cannot play, a size limit, the time limit)
//! is [`Verdict::Undecided`], never a pass.

use super::{Case, Command, McgsGame};
use crate::algebra::{Number, Thermograph, Trajectory};
use crate::interrupt::{self, Cancel};
use crate::solve::Position;
use crate::Error;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What became of a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// partizan's answer is the expected one.
    Pass,
    /// partizan's answer is not the expected one.
    Fail {
        /// The file's result.
        expected: String,
        /// partizan's.
        got: String,
    },
    /// The file expects nothing; partizan's answer.
    Answered(String),
    /// partizan could not answer, and why.
    Undecided(String),
}

impl Verdict {
    /// The verdict's word: `pass`, `FAIL`, `answered`, `undecided`.
    pub fn word(&self) -> &'static str {
        match self {
            Verdict::Pass => "pass",
            Verdict::Fail { .. } => "FAIL",
            Verdict::Answered(_) => "answered",
            Verdict::Undecided(_) => "undecided",
        }
    }
}

/// Runs the cases of one file, one after the other, each within `limit` (none: unbounded),
/// calling `report` with each case, its verdict and its time as it ends. The cases of one
/// block share their sum's position (and what it has computed).
pub fn run(
    cases: &[Case],
    limit: Option<Duration>,
    mut report: impl FnMut(&Case, Verdict, Duration),
) {
    let mut current: Option<(usize, Result<Sum, String>)> = None;
    for case in cases {
        let start = Instant::now();
        if current.as_ref().is_none_or(|(b, _)| *b != case.block) {
            current = Some((case.block, Sum::of(&case.sum)));
        }
        let (_, sum) = current.as_ref().expect("set above");
        let verdict = match sum {
            Err(why) => Verdict::Undecided(why.clone()),
            Ok(sum) => answer(&case.command, &case.sum, sum, limit),
        };
        report(case, verdict, start.elapsed());
    }
}

/// The sum of a block's games: their positions and the sum of them, made once for all the
/// block's commands.
pub struct Sum {
    /// The games' positions, in order.
    pub parts: Vec<Position>,
    /// Their sum.
    pub position: Position,
}

impl Sum {
    /// The sum of `games`, or why partizan cannot play one of them.
    pub fn of(games: &[McgsGame]) -> Result<Sum, String> {
        let parts = games
            .iter()
            .map(McgsGame::position)
            .collect::<Result<Vec<_>, _>>()?;
        let position = Position::sum(parts.clone());
        Ok(Sum { parts, position })
    }
}

/// The verdict on `command` for the sum `sum` of `games`, within `limit`.
pub fn answer(
    command: &Command,
    games: &[McgsGame],
    sum: &Sum,
    limit: Option<Duration>,
) -> Verdict {
    let p = &sum.position;
    match command {
        Command::Solve { black, expected } => {
            let black = *black;
            match bounded(limit, || p.wins_moving_first(black)) {
                Err(why) => Verdict::Undecided(why),
                Ok(wins) => compare(expected.map(win_word), win_word(wins).to_string()),
            }
        }
        Command::Nim { expected } => {
            if !p.is_impartial() {
                return Verdict::Undecided(
                    "the sum has a partizan game, and N asks for the nim value of impartial games only".into(),
                );
            }
            match bounded(limit, || p.nim_value()) {
                Err(why) => Verdict::Undecided(why),
                Ok(n) => compare(expected.map(|e| e.to_string()), n.to_string()),
            }
        }
        Command::WinningMoves { player, expected } => {
            match bounded(limit, || {
                super::moves::winning_moves_in(games, &sum.parts, *player)
            }) {
                Err(why) => Verdict::Undecided(why),
                Ok(moves) => compare_moves(expected, moves),
            }
        }
        Command::Thermograph { expected } => {
            match bounded(limit, || p.canonical_form().map(|g| g.thermograph())) {
                Err(why) => Verdict::Undecided(why),
                Ok(t) => compare_scaffolds(expected, &t),
            }
        }
    }
}

/// Pass, fail or answered, for winning moves: the expected moves as a set (MCGS: "in any
/// order, and either with or without duplicate moves"; `None` is no move), and the moves found
/// written as MCGS writes them, sorted, or `None`.
fn compare_moves(expected: &str, moves: Vec<String>) -> Verdict {
    let got = if moves.is_empty() {
        "None".to_string()
    } else {
        moves.join(" ")
    };
    if expected.trim().is_empty() {
        return Verdict::Answered(got);
    }
    let expected_set: std::collections::BTreeSet<&str> = expected
        .split_whitespace()
        .filter(|w| *w != "None")
        .collect();
    let got_set: std::collections::BTreeSet<&str> = moves.iter().map(String::as_str).collect();
    if expected_set == got_set {
        Verdict::Pass
    } else {
        let missing: Vec<&str> = expected_set.difference(&got_set).copied().collect();
        let extra: Vec<&str> = got_set.difference(&expected_set).copied().collect();
        let mut diff = Vec::new();
        if !extra.is_empty() {
            diff.push(format!("extra {}", extra.join(" ")));
        }
        if !missing.is_empty() {
            diff.push(format!("missing {}", missing.join(" ")));
        }
        Verdict::Fail {
            expected: expected.split_whitespace().collect::<Vec<_>>().join(" "),
            got: format!("{got} ({})", diff.join("; ")),
        }
    }
}

/// A wall of a thermograph as MCGS writes a scaffold: its points `(value, temperature)` by
/// increasing temperature from `t = −1` to where the mast begins.
fn scaffold(wall: &Trajectory, temperature: &Number) -> Vec<(Number, Number)> {
    let mut points: Vec<(Number, Number)> = wall
        .corners()
        .iter()
        .map(|(t, x)| (x.clone(), t.clone()))
        .collect();
    if points.last().is_some_and(|(_, t)| t < temperature) {
        points.push((wall.value_at(temperature), temperature.clone()));
    }
    points
}

/// The points of one polyline, kept only where it turns: repeated points, points on the
/// straight line through their neighbours, and a last vertical segment (which continues as
/// the vertical mast) dropped; so that two scaffolds of one thermograph compare equal.
fn corners_only(mut points: Vec<(Number, Number)>) -> Vec<(Number, Number)> {
    points.dedup();
    let mut i = 1;
    while i + 1 < points.len() {
        let ((x0, t0), (x1, t1), (x2, t2)) = (&points[i - 1], &points[i], &points[i + 1]);
        // Collinear when (x1 − x0)(t2 − t1) = (x2 − x1)(t1 − t0).
        if (x1 - x0) * (t2 - t1) == (x2 - x1) * (t1 - t0) {
            points.remove(i);
        } else {
            i += 1;
        }
    }
    while points.len() >= 2 && points[points.len() - 1].0 == points[points.len() - 2].0 {
        points.pop();
    }
    points
}

/// MCGS's scaffolds `L: (x, t) … R: (x, t) …` read into points, or why they are not.
fn read_scaffolds(text: &str) -> Result<[Vec<(Number, Number)>; 2], String> {
    let rest = text.trim();
    let rest = rest
        .strip_prefix("L:")
        .ok_or_else(|| format!("expected 'L:' first, not {rest:?}"))?;
    let (left, right) = rest
        .split_once("R:")
        .ok_or_else(|| format!("expected 'R:' after the left scaffold in {text:?}"))?;
    let points = |side: &str| -> Result<Vec<(Number, Number)>, String> {
        let mut out = Vec::new();
        let mut rest = side.trim();
        while !rest.is_empty() {
            let inner = rest
                .strip_prefix('(')
                .and_then(|r| r.split_once(')'))
                .ok_or_else(|| format!("expected a point (value, temperature) at {rest:?}"))?;
            let (point, after) = inner;
            let (x, t) = point
                .split_once(',')
                .ok_or_else(|| format!("expected (value, temperature), not ({point})"))?;
            let number = |s: &str| {
                s.trim()
                    .parse::<Number>()
                    .map_err(|_| format!("{:?} in ({point}) is not a rational", s.trim()))
            };
            out.push((number(x)?, number(t)?));
            rest = after.trim_start();
        }
        if out.is_empty() {
            return Err(format!("a scaffold without points in {text:?}"));
        }
        Ok(out)
    };
    Ok([points(left)?, points(right)?])
}

/// Pass, fail or answered, for a thermograph: the expected scaffolds against the sum's walls,
/// compared as polylines ([`corners_only`]); the walls written as MCGS writes scaffolds.
fn compare_scaffolds(expected: &str, t: &Thermograph) -> Verdict {
    let walls = [
        scaffold(&t.left, &t.temperature),
        scaffold(&t.right, &t.temperature),
    ];
    let write = |points: &[(Number, Number)]| {
        points
            .iter()
            .map(|(x, t)| format!("({x}, {t})"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let got = format!("L: {} R: {}", write(&walls[0]), write(&walls[1]));
    if expected.trim().is_empty() {
        return Verdict::Answered(got);
    }
    match read_scaffolds(expected) {
        Err(why) => Verdict::Fail {
            expected: format!("{expected} ({why})"),
            got,
        },
        Ok(scaffolds) => {
            let [l, r] = walls.map(corners_only);
            let [el, er] = scaffolds.map(corners_only);
            if l == el && r == er {
                Verdict::Pass
            } else {
                Verdict::Fail {
                    expected: expected.split_whitespace().collect::<Vec<_>>().join(" "),
                    got,
                }
            }
        }
    }
}

/// `win` or `loss`.
fn win_word(wins: bool) -> &'static str {
    if wins {
        "win"
    } else {
        "loss"
    }
}

/// Pass, fail or answered, from what was expected and what came out.
fn compare(expected: Option<impl Into<String>>, got: String) -> Verdict {
    match expected.map(Into::into) {
        None => Verdict::Answered(got),
        Some(e) if e == got => Verdict::Pass,
        Some(expected) => Verdict::Fail { expected, got },
    }
}

/// Runs `f` on this thread, stopped at its next interruption point once `limit` has passed
/// (by a [`Cancel`] token that a watcher thread cancels); an interruption, a size limit and an
/// error become the reason the case is undecided.
fn bounded<T>(limit: Option<Duration>, f: impl FnOnce() -> Result<T, Error>) -> Result<T, String> {
    let token = Cancel::new();
    let (done, wait) = mpsc::channel::<()>();
    let watcher = limit.map(|d| {
        let token = token.clone();
        std::thread::spawn(move || {
            if wait.recv_timeout(d) == Err(mpsc::RecvTimeoutError::Timeout) {
                token.cancel();
            }
        })
    });
    let result = crate::algebra::limits::catch(AssertUnwindSafe(|| {
        interrupt::catch_cancellable(&token, AssertUnwindSafe(f))
    }));
    drop(done);
    if let Some(w) = watcher {
        let _ = w.join();
    }
    let stopped = || match limit {
        Some(d) if token.is_cancelled() => format!("time limit of {} s reached", d.as_secs_f64()),
        _ => "interrupted".to_string(),
    };
    match result {
        Ok(Ok(Ok(v))) => Ok(v),
        Ok(Ok(Err(Error::Interrupted))) | Ok(Err(_)) => Err(stopped()),
        Ok(Ok(Err(e))) => Err(e.to_string()),
        Err(limit) => Err(limit.message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdicts(text: &str, limit: Option<Duration>) -> Vec<Verdict> {
        let cases = super::super::read(text).unwrap();
        let mut out = Vec::new();
        run(&cases, limit, |_, v, _| out.push(v));
        out
    }

    #[test]
    fn passes_fails_and_answers() {
        let v = verdicts(
            "{version 1.7} [clobber_1xn] XO {B win, W loss, B} [impartial clobber_1xn] XOXO {N 3, N 2, B win}",
            None,
        );
        assert_eq!(v[0], Verdict::Pass);
        assert_eq!(
            v[1],
            Verdict::Fail {
                expected: "loss".into(),
                got: "win".into()
            }
        );
        assert_eq!(v[2], Verdict::Answered("win".into()));
        assert_eq!(v[3], Verdict::Pass);
        assert!(matches!(v[4], Verdict::Fail { .. }));
        assert_eq!(v[5], Verdict::Pass);
    }

    #[test]
    fn partizan_sums_have_no_nim_value() {
        let v = verdicts(
            "{version 1.7} [integer_game] 1 {N, winning moves N, winning moves B INT, thermograph}",
            None,
        );
        assert!(matches!(v[0], Verdict::Undecided(_)));
        assert!(matches!(v[1], Verdict::Undecided(_)));
        assert_eq!(v[2], Verdict::Pass);
        assert_eq!(v[3], Verdict::Answered("L: (1, -1) R: (1, -1)".into()));
    }

    #[test]
    fn thermographs_compare_as_polylines() {
        // {1|-1}: the left scaffold is 1 - t from t = -1, the right one -1 + t; they meet at
        // the temperature 1 on the mean 0 (CGT §II.5). Written with a point on a straight
        // segment, a vertical end into the mast, and wrongly.
        let v = verdicts(
            "{version 1.7} [switch_game] (1, -1) {thermograph L: (2, -1) (0, 1) R: (-2, -1) (0, 1), \
             thermograph L: (2, -1) (1, 0) (0, 1) R: (-2, -1) (0, 1), \
             thermograph L: (2, -1) (0, 1) R: (-2, -1) (-1, 0), thermograph L: (2, -1) R:}",
            None,
        );
        assert_eq!(v[0], Verdict::Pass);
        assert_eq!(v[1], Verdict::Pass);
        assert!(
            matches!(&v[2], Verdict::Fail { got, .. } if got == "L: (2, -1) (0, 1) R: (-2, -1) (0, 1)")
        );
        assert!(
            matches!(&v[3], Verdict::Fail { expected, .. } if expected.contains("without points"))
        );
        // An integer: both walls are its mast from t = -1; a vertical wall's extra point on
        // the mast is the same thermograph.
        let v = verdicts(
            "{version 1.7} [integer_game] 3 {thermograph L: (3, -1) R: (3, -1) (3, 2)}",
            None,
        );
        assert_eq!(v[0], Verdict::Pass);
    }

    #[test]
    fn a_time_limit_stops_a_case() {
        // Far beyond a millisecond: a 6x6 board of alternating stones.
        let v = verdicts(
            "{version 1.7} [clobber] XOXOXO|OXOXOX|XOXOXO|OXOXOX|XOXOXO|OXOXOX {B}",
            Some(Duration::from_millis(1)),
        );
        assert_eq!(
            v,
            [Verdict::Undecided("time limit of 0.001 s reached".into())]
        );
    }
}
