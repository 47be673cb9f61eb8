//! The reduced canonical form (CGT §II.6; Grossman and Siegel, *Reductions of partizan games*,
//! 2009): the simplest game infinitesimally close to `G`, by removing Inf-dominated options and
//! bypassing Inf-reversible ones.

use super::walk::post_order;
use super::Game;
use hashbrown::HashMap;

impl Game {
    /// The reduced canonical form: the simplest game that differs from `G` by an
    /// infinitesimal (CGT §II.6; Grossman and Siegel, *Reductions of partizan games*,
    /// 2009). `rcf(↑) = 0`; a game infinitesimally close to a number `x` reduces to `x`.
    ///
    /// Computed by reducing the options first and then removing Inf-dominated options and
    /// bypassing Inf-reversible ones, where `A ≤ B` modulo infinitesimals (`A ≤_Inf B`) exactly
    /// when the Right stop of `B − A` is at least 0.
    pub fn reduced_canonical_form(&self) -> Game {
        let mut memo = HashMap::new();
        post_order(
            *self,
            &mut memo,
            |h| {
                let (l, r) = (h.left_stop(), h.right_stop());
                (l == r).then(|| Game::number(l.clone()))
            },
            |h, memo| {
                let left: Vec<Game> = h.left_options().iter().map(|o| memo[o]).collect();
                let right: Vec<Game> = h.right_options().iter().map(|o| memo[o]).collect();
                inf_reduce(left, right)
            },
        )
    }
}

/// `A ≤ B` modulo infinitesimals: `A ≤ B + x` for every number `x > 0`, which holds exactly
/// when the Right stop of `B − A` is at least 0 (CGT §II.6).
fn inf_le(a: Game, b: Game) -> bool {
    (b - a).right_stop().signum() >= 0
}

/// `{left | right}` with Inf-dominated options removed and Inf-reversible ones bypassed, until
/// neither remains. The options must already be in reduced canonical form.
fn inf_reduce(mut left: Vec<Game>, mut right: Vec<Game>) -> Game {
    loop {
        dedup(&mut left);
        dedup(&mut right);
        remove_inf_dominated(&mut left, inf_le);
        remove_inf_dominated(&mut right, |a, b| inf_le(b, a));
        let g = Game::new(left.clone(), right.clone());
        // A Left option A is Inf-reversible through A^R when A^R ≤_Inf G: replace A by the
        // Left options of A^R. Symmetrically for Right.
        if let Some((i, ar)) = left.iter().enumerate().find_map(|(i, a)| {
            a.right_options()
                .iter()
                .find(|ar| inf_le(**ar, g))
                .map(|ar| (i, *ar))
        }) {
            left.remove(i);
            left.extend_from_slice(ar.left_options());
            continue;
        }
        if let Some((i, bl)) = right.iter().enumerate().find_map(|(i, b)| {
            b.left_options()
                .iter()
                .find(|bl| inf_le(g, **bl))
                .map(|bl| (i, *bl))
        }) {
            right.remove(i);
            right.extend_from_slice(bl.right_options());
            continue;
        }
        return g;
    }
}

pub(super) fn dedup(v: &mut Vec<Game>) {
    let mut seen: Vec<Game> = Vec::new();
    v.retain(|g| {
        let new = !seen.contains(g);
        seen.push(*g);
        new
    });
}

/// Removes every option that `worse(a, b)` says is no better than another remaining option.
/// Of two options that are each no better than the other, the later one goes.
fn remove_inf_dominated(v: &mut Vec<Game>, worse: impl Fn(Game, Game) -> bool) {
    let mut i = 0;
    while i < v.len() {
        let dominated =
            (0..v.len()).any(|j| j != i && worse(v[i], v[j]) && (j < i || !worse(v[j], v[i])));
        if dominated {
            v.remove(i);
        } else {
            i += 1;
        }
    }
}
