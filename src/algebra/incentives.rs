//! Incentives (Siegel, CGT §II.5; LIP ch. 6): what a move gains the mover, `G^L − G` for Left
//! and `G − G^R` for Right; and the conjugate, which for short games is the negative.

use super::reduced::dedup;
use super::Game;

impl Game {
    /// The conjugate: the game with the roles of Left and Right exchanged, `{−G^R | −G^L}`
    /// recursively. For short games in normal play this is the negative `−G`.
    pub fn conjugate(&self) -> Game {
        -*self
    }

    /// The Left incentives `G^L − G`, one for each Left option of the canonical form (Siegel,
    /// CGT §II.5; LIP ch. 6). A move's incentive is what it gains the mover.
    pub fn left_incentives(&self) -> Vec<Game> {
        let g = *self;
        g.left_options().iter().map(|gl| *gl - g).collect()
    }

    /// The Right incentives `G − G^R`, one for each Right option of the canonical form.
    pub fn right_incentives(&self) -> Vec<Game> {
        let g = *self;
        g.right_options().iter().map(|gr| g - *gr).collect()
    }

    /// The incentives of both players together, without duplicates and without the dominated
    /// ones (an incentive smaller than another), as CGSuite's `Incentives` gives them.
    pub fn incentives(&self) -> Vec<Game> {
        let mut all = self.left_incentives();
        all.extend(self.right_incentives());
        undominated(all)
    }
}

/// The incentives that no other one exceeds, each once.
fn undominated(mut v: Vec<Game>) -> Vec<Game> {
    dedup(&mut v);
    let all = v.clone();
    v.retain(|a| !all.iter().any(|b| b != a && a <= b));
    v
}
