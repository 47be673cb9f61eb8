//! Forms born on day 100 000 on a default 2 MiB thread: every algorithm of the core keeps its stack
//! on the heap, so building such a form, adding a small game to it, comparing, printing it and
//! taking its stops and temperature neither overflow the call stack nor take more than time about
//! linear in the depth (for the temperature: a bounded number of exact operations per level on
//! numbers of that many bits).
//!
//! The form is the chain `G₀ = 0`, `G₂ₖ₊₁ = {2k+2 | G₂ₖ}`, `G₂ₖ₊₂ = {G₂ₖ₊₁ | −(2k+3)}`, whose
//! values are derived here by hand from the definitions.

use num_bigint::BigInt;
use partizan::{Game, Number, Outcome};

const DEPTH: usize = 100_000;

/// `G_n` of the chain, built with the public API.
fn chain(n: usize) -> Game {
    let mut g = Game::zero();
    for k in 0..n as i64 {
        g = if k % 2 == 0 {
            // G_{k+1} = {k + 2 | G_k} for even k.
            Game::new([Game::integer(k + 2)], [g])
        } else {
            // G_{k+1} = {G_k | −(k + 2)} for odd k.
            Game::new([g], [Game::integer(-(k + 2))])
        };
    }
    g
}

/// Runs `f` on a thread with a 2 MiB stack, the default size for spawned threads.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no panic and no stack overflow");
}

/// A dyadic rational `num / 2^exp`, for the hand derivation (independent of `partizan::Number`).
#[derive(Clone, Debug, PartialEq)]
struct Dyadic {
    num: BigInt,
    exp: u64,
}

impl Dyadic {
    fn int(n: i64) -> Dyadic {
        Dyadic {
            num: BigInt::from(n),
            exp: 0,
        }
    }

    fn aligned(&self, other: &Dyadic) -> (BigInt, BigInt, u64) {
        let exp = self.exp.max(other.exp);
        (
            &self.num << (exp - self.exp),
            &other.num << (exp - other.exp),
            exp,
        )
    }

    fn add(&self, other: &Dyadic) -> Dyadic {
        let (a, b, exp) = self.aligned(other);
        Dyadic { num: a + b, exp }
    }

    fn sub(&self, other: &Dyadic) -> Dyadic {
        let (a, b, exp) = self.aligned(other);
        Dyadic { num: a - b, exp }
    }

    fn half(&self) -> Dyadic {
        Dyadic {
            num: self.num.clone(),
            exp: self.exp + 1,
        }
    }

    fn ge(&self, other: &Dyadic) -> bool {
        let (a, b, _) = self.aligned(other);
        a >= b
    }

    /// As a `partizan::Number`, for the comparison with the engine.
    fn to_number(&self) -> Number {
        let den = BigInt::from(1) << self.exp;
        Number::from_ratio(self.num.clone(), den).expect("dyadic")
    }
}

/// The temperature and mean of `G_n`, by the thermograph rules (Siegel, CGT §II.5; Winning
/// Ways ch. 6) specialised to the chain. `G_{2k+1} = {2k+2 | G_{2k}}` has left scaffold
/// `2k+2 − t` and right scaffold `LW(G_{2k})(t) + t`, which is `m + t` above `G_{2k}`'s
/// temperature (its mast at mean `m`): they meet at `T = (2k+2 − m)/2`, with mean `2k+2 − T`.
/// `G_{2k+2} = {G_{2k+1} | −(2k+3)}` has scaffolds `m − t` and `−(2k+3) + t`: `T = (m + 2k+3)/2`,
/// mean `m − T`. Each step is valid when the meeting is at or above the option's temperature,
/// which the derivation checks as it goes.
fn temperature_and_mean(n: usize) -> (Dyadic, Dyadic) {
    // G_0 = 0: temperature −1, mean 0.
    let (mut t, mut m) = (Dyadic::int(-1), Dyadic::int(0));
    for k in 0..n as i64 {
        let next_t = if k % 2 == 0 {
            Dyadic::int(k + 2).sub(&m).half()
        } else {
            m.add(&Dyadic::int(k + 2)).half()
        };
        assert!(next_t.ge(&t), "the scaffolds meet above the option's mast");
        m = if k % 2 == 0 {
            Dyadic::int(k + 2).sub(&next_t)
        } else {
            m.sub(&next_t)
        };
        t = next_t;
    }
    (t, m)
}

/// The text of `G_n` by the slash convention of docs/NOTATION.md: a side with a single option
/// printed without braces makes the bar run one longer; a run of four bars is braced instead;
/// the top level is braced. `G_k`'s own text nests `G_{k−1}`'s, so it is built as prefixes and
/// suffixes around `0`.
fn expected_text(n: usize) -> String {
    let mut prefixes: Vec<String> = Vec::new();
    let mut suffixes: Vec<String> = Vec::new();
    // The bar run of G_{k−1} printed unbraced (0 for the atom 0).
    let mut bars = 0usize;
    for k in 0..n as i64 {
        // The option G_k, braced when its own run is four.
        let (open, close, run) = if bars == 4 {
            ("{", "}", 0)
        } else {
            ("", "", bars)
        };
        bars = run + 1;
        let run_text = "|".repeat(bars);
        if k % 2 == 0 {
            prefixes.push(format!("{}{run_text}{open}", k + 2));
            suffixes.push(close.to_string());
        } else {
            prefixes.push(open.to_string());
            suffixes.push(format!("{close}{run_text}{}", -(k + 2)));
        }
    }
    let mut s = String::from("{");
    for p in prefixes.iter().rev() {
        s.push_str(p);
    }
    s.push('0');
    for x in &suffixes {
        s.push_str(x);
    }
    s.push('}');
    s
}

#[test]
fn the_hand_derived_text_matches_small_cases() {
    // Written out by hand from the notation's rules.
    assert_eq!(expected_text(1), "{2|0}");
    assert_eq!(expected_text(2), "{2|0||-3}");
    assert_eq!(expected_text(4), "{4|||2|0||-3||||-5}");
    assert_eq!(expected_text(5), "{6|{4|||2|0||-3||||-5}}");
    for n in 1..=12 {
        assert_eq!(chain(n).to_string(), expected_text(n), "G_{n}");
    }
}

#[test]
fn a_form_born_on_day_100000_on_a_2_mib_stack() {
    on_small_stack(|| {
        let g = chain(DEPTH);
        // G_n's options are G_{n−1} and the integer ±(n + 1), born on day n + 1, so by induction
        // G_n is born on day n + 2 (G_1 = {2|0} on day 3).
        assert_eq!(g.birthday(), (DEPTH + 2).into());
        // Stops: LS(G_{2k+2}) = RS(G_{2k+1}) = LS(G_{2k}) = … = LS(G_0) = 0, and
        // RS(G_{2k+2}) = −(2k+3).
        assert_eq!(*g.left_stop(), Number::zero());
        assert_eq!(*g.right_stop(), Number::from(-(DEPTH as i64 + 1)));
        // G_{2k} ≤ 0 iff G_{2k−1} ≱ 0 iff G_{2k−2} ≤ 0, down to G_0 = 0; and G_{2k} ≱ 0 since
        // its Right option −(2k+1) is ≤ 0: Right wins whoever starts.
        assert_eq!(g.outcome(), Outcome::R);
        assert!(g < Game::zero());

        // Sums with small games; ↑ > 0 and ±1 is confused with 0.
        let up = g + Game::up();
        assert!(g < up && up != g);
        assert_eq!(up - Game::up(), g);
        let pm = Game::new([Game::integer(1)], [Game::integer(-1)]);
        let h = g + pm;
        // (G + ±1) − G = ±1, which is confused with 0.
        assert!(h.is_confused_with(&g));

        // Printing, against the notation's rules applied by hand.
        assert_eq!(g.to_string(), expected_text(DEPTH));

        // Temperature and mean, against the hand derivation.
        let (t, m) = temperature_and_mean(DEPTH);
        assert_eq!(g.temperature(), t.to_number());
        assert_eq!(g.mean(), m.to_number());
    });
}
