//! Stopping long work with `partizan::interrupt`, and the library's state afterwards.
//!
//! The request is process-wide: it would stop the work of the tests running beside it on the
//! other threads of the process, and theirs would be stopped by it. So every case runs in this
//! one test, one after another, in a process of its own ([`in_own_process`]).

use crate::util::in_own_process;
use partizan::interrupt::{self, Interrupted};
use partizan::rulesets::domineering::{Board, Domineering};
use partizan::solve::misere::MisereSolver;
use partizan::solve::{Ruleset, Solver};
use partizan::{Game, Outcome};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Requests a stop `ms` milliseconds from now, from another thread.
fn request_after(ms: u64) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(ms));
        interrupt::request();
    })
}

/// `±1 ± 2 ± … ± n`: its canonical form has about 2^n followers, so for n = 40 the sum never
/// ends on its own.
fn switches(n: u32) -> String {
    (1..=n)
        .map(|k| format!("+-{k}"))
        .collect::<Vec<_>>()
        .join(" + ")
}

/// Positions are heap sizes; Left may take one token, and Right too when `both`. With Left
/// alone the value of `n` is the integer `n`; with both, under misère play the player to move
/// wins exactly when the heap is even. Expanding position `TRIP` requests a stop while `ARMED`.
struct Countdown {
    both: bool,
}

const TRIP: u32 = 3000;
static ARMED: AtomicBool = AtomicBool::new(false);

impl Ruleset for Countdown {
    type Position = u32;
    fn left_options(&self, &n: &u32) -> Vec<u32> {
        if n == TRIP && ARMED.load(Ordering::Relaxed) {
            interrupt::request();
        }
        if n > 0 {
            vec![n - 1]
        } else {
            vec![]
        }
    }
    fn right_options(&self, n: &u32) -> Vec<u32> {
        if self.both {
            self.left_options(n)
        } else {
            vec![]
        }
    }
}

/// Runs `work` with [`Countdown`]'s trip armed: it must end interrupted.
fn tripped<T>(work: impl FnOnce() -> T) {
    ARMED.store(true, Ordering::Relaxed);
    let r = interrupt::catch(AssertUnwindSafe(work));
    ARMED.store(false, Ordering::Relaxed);
    assert_eq!(r.map(|_| ()), Err(Interrupted));
    interrupt::clear();
}

static POLL_START: std::sync::Mutex<Option<Instant>> = std::sync::Mutex::new(None);

/// A poll function that asks for a stop once 200 ms have passed since it was first asked.
fn poll_after_200_ms() -> bool {
    let mut start = POLL_START.lock().unwrap();
    let start = *start.get_or_insert_with(Instant::now);
    start.elapsed() >= Duration::from_millis(200)
}

#[test]
fn long_work_stops_when_asked_and_the_library_goes_on() {
    in_own_process(
        "interrupt::long_work_stops_when_asked_and_the_library_goes_on",
        stops_and_goes_on,
    );
}

fn stops_and_goes_on() {
    // Without a request, work runs to its end.
    assert_eq!(
        interrupt::catch(|| Game::nimber(3) + Game::nimber(5)),
        Ok(Game::nimber(6))
    );

    // The algebra: a sum of forty switches.
    let timer = request_after(300);
    let r = interrupt::catch(|| partizan::eval(&switches(40)));
    timer.join().unwrap();
    assert_eq!(r.map(|_| ()), Err(Interrupted));
    interrupt::clear();
    // ±1 ± 2 = {{3 | 1} | {−1 | −3}}: each player moves in the larger switch first
    // (Winning Ways ch. 2, the sum of switches; Siegel, CGT ch. II).
    let expected = Game::new(
        [Game::new([Game::integer(3)], [Game::integer(1)])],
        [Game::new([Game::integer(-1)], [Game::integer(-3)])],
    );
    assert_eq!(
        partizan::eval(&switches(2)).unwrap().to_string(),
        expected.to_string()
    );

    // The specialised Domineering engine: the 6×6 board takes minutes.
    let timer = request_after(300);
    let r = interrupt::catch(|| {
        partizan::eval(&format!("domineering(\"{}\")", ["......"; 6].join("|")))
    });
    timer.join().unwrap();
    assert_eq!(r.map(|_| ()), Err(Interrupted));
    interrupt::clear();
    // The 2×2 board is {1 | −1} = ±1 (Winning Ways ch. 2): Left's domino leaves a column where
    // she has one more move, Right's a row where he has one.
    assert_eq!(
        partizan::eval("domineering(\"..|..\")")
            .unwrap()
            .to_string(),
        "+-1"
    );

    // The loopy engines: the outcome of a row of Backsliding Toads and Frogs with 900,900
    // positions takes seconds (enumeration, then retrograde analysis).
    let timer = request_after(300);
    let r = interrupt::catch(|| {
        partizan::expr::evaluate("backsliding_toads(\"TTTT........FFFF\").OutcomeClass")
    });
    timer.join().unwrap();
    assert_eq!(r.map(|_| ()), Err(Interrupted));
    interrupt::clear();
    // A lone toad with room steps back and forth for ever: `on`.
    assert_eq!(
        partizan::expr::evaluate("backsliding_toads(\"T.\")")
            .unwrap()
            .to_string(),
        "on"
    );

    // The generic solver forgets the positions it was expanding: 3000 was pending when the
    // stop came, and must not be taken for a cycle afterwards.
    let mut solver = Solver::new(Countdown { both: false });
    tripped(|| solver.try_value(&5000));
    assert_eq!(solver.try_value(&3000), Ok(Game::integer(3000)));
    assert_eq!(solver.try_value(&5000), Ok(Game::integer(5000)));
    // The misère solver forgets its pending positions too.
    let mut misere = MisereSolver::new(Countdown { both: true });
    tripped(|| misere.try_outcome(&5000));
    assert_eq!(misere.try_outcome(&3000), Ok(Outcome::N));
    assert_eq!(misere.try_outcome(&2999), Ok(Outcome::P));
    assert_eq!(misere.try_outcome(&5000), Ok(Outcome::N));
    let mut generic = Solver::new(Domineering::rules_only());
    let timer = request_after(300);
    let board = Board::rectangle(6, 6);
    let r = interrupt::catch(AssertUnwindSafe(|| generic.try_value(&board)));
    timer.join().unwrap();
    assert_eq!(r.map(|_| ()), Err(Interrupted));
    interrupt::clear();
    assert_eq!(
        generic
            .try_value(&Board::rectangle(2, 2))
            .unwrap()
            .to_string(),
        "+-1"
    );

    // The sparse-space engine: Treblecross to 10^8 takes minutes.
    let timer = request_after(300);
    let r = interrupt::catch(|| {
        partizan::rulesets::sequence("octal", &["0.007".to_string()], 100_000_000)
    });
    timer.join().unwrap();
    assert_eq!(r.map(|_| ()), Err(Interrupted));
    interrupt::clear();
    // Kayles, OEIS A002186.
    let kayles = partizan::rulesets::sequence("kayles", &[], 11).unwrap();
    assert_eq!(kayles.values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);

    // A poll function, asked by the thread doing the work, stops it as a request does.
    interrupt::set_poll(Some(poll_after_200_ms));
    let r = interrupt::catch(|| partizan::eval(&switches(40)));
    interrupt::set_poll(None);
    assert_eq!(r.map(|_| ()), Err(Interrupted));
    interrupt::clear();
    assert!(POLL_START.lock().unwrap().is_some());
}

/// A [`interrupt::Cancel`] token stops the work of its own thread and no other: two solvers of
/// 6x6 Domineering (minutes of work) run side by side, each with its token; cancelling one ends it, the other goes on until its
/// own token is cancelled. Tokens are per thread, so this runs beside the other tests.
#[test]
fn a_cancel_token_stops_its_own_work_only() {
    use partizan::interrupt::{catch_cancellable, Cancel};
    let long = || {
        let _ = Solver::new(Domineering::rules_only()).try_value(&Board::rectangle(6, 6));
    };
    let (first, second) = (Cancel::new(), Cancel::new());
    let run = |token: &Cancel| {
        let token = token.clone();
        std::thread::spawn(move || {
            let r = catch_cancellable(&token, AssertUnwindSafe(long));
            (r == Err(Interrupted), Instant::now())
        })
    };
    let (a, b) = (run(&first), run(&second));
    std::thread::sleep(Duration::from_millis(300));
    first.cancel();
    let (stopped, _) = a.join().unwrap();
    assert!(stopped, "the cancelled work ends interrupted");
    std::thread::sleep(Duration::from_millis(300));
    assert!(!b.is_finished(), "the other work goes on");
    let second_cancelled = Instant::now();
    second.cancel();
    let (stopped, ended) = b.join().unwrap();
    assert!(stopped, "the second work ends interrupted");
    assert!(
        ended >= second_cancelled,
        "the second work ends only once its own token is cancelled"
    );
    // A cancelled token stops work before it starts; work without it runs.
    assert_eq!(catch_cancellable(&first, || 1), Err(Interrupted));
    assert_eq!(interrupt::catch(|| 1), Ok(1));
}
