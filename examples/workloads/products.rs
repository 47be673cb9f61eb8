//! The `conway-product K` workload: the Conway products of K pairs of random games of birthday 4
//! from the peer bench's generator (the first 2K forms of birthday 4 among its `random_games`,
//! seed 0x00C0FFEE, taken in pairs), from empty memo tables.

use super::generator::random_games;
use super::{emit, parse_sizes, timed};
use partizan::Game;

/// The first `2k` games of birthday 4 of the generator.
fn birthday_four(k: usize) -> Vec<Game> {
    let mut n = 8 * k;
    loop {
        let games: Vec<Game> = random_games(n, 0x00C0_FFEE)
            .into_iter()
            .filter(|g| g.birthday() == 4u32.into())
            .collect();
        if games.len() >= 2 * k {
            return games[..2 * k].to_vec();
        }
        n *= 2;
    }
}

pub fn run_conway_product(sizes: &[String]) -> Result<(), String> {
    for k in parse_sizes::<usize>(sizes, "K")? {
        let games = birthday_four(k);
        partizan::algebra::clear_caches();
        let (products, secs) = timed(|| {
            games
                .chunks(2)
                .map(|p| p[0].conway_product(&p[1]))
                .collect::<Vec<Game>>()
        });
        let max_birthday = products
            .iter()
            .map(|p| p.birthday())
            .max()
            .unwrap_or_default();
        let first = products
            .first()
            .map(ToString::to_string)
            .unwrap_or_default();
        emit(
            &format!("conway-product {k}"),
            secs,
            &format!("pairs={k} max_birthday={max_birthday} first={first}"),
        );
    }
    Ok(())
}
