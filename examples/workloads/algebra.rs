//! The `sum K` and `compare K` workloads: the peer bench's generator (splitmix64, seed
//! 0x00C0FFEE, the same atoms, depths and option counts), a left-fold sum, and all K×K `<=`.

use super::generator::random_games;
use super::{emit, parse_sizes, timed};
use partizan::Game;

fn run(sizes: &[String], do_sum: bool) -> Result<(), String> {
    for k in parse_sizes::<usize>(sizes, "K")? {
        let (games, gen_secs) = timed(|| random_games(k, 0x00C0_FFEE));
        let mut texts: Vec<String> = games.iter().map(ToString::to_string).collect();
        texts.sort();
        texts.dedup();
        let max_birthday = games.iter().map(|g| g.birthday()).max().unwrap_or_default();
        emit(
            &format!("sum-generate {k}"),
            gen_secs,
            &format!(
                "forms={k} distinct={} max_birthday={max_birthday} first={}",
                texts.len(),
                games.first().map(ToString::to_string).unwrap_or_default()
            ),
        );
        if do_sum {
            let (total, secs) = timed(|| games.iter().fold(Game::zero(), |acc, g| acc + g));
            let text = total.to_string();
            let shown: String = text.chars().take(60).collect();
            emit(
                &format!("sum-total {k}"),
                secs,
                &format!(
                    "birthday={} display_len={} stops=({},{}) value~{}{}",
                    total.birthday(),
                    text.len(),
                    total.left_stop(),
                    total.right_stop(),
                    shown,
                    if text.len() > 60 { "..." } else { "" }
                ),
            );
        }
        let (leq, secs) = timed(|| {
            let mut leq = 0usize;
            for a in &games {
                for b in &games {
                    if a <= b {
                        leq += 1;
                    }
                }
            }
            leq
        });
        emit(
            &format!("sum-compare {k}"),
            secs,
            &format!("pairs={} leq_true={leq}", k * k),
        );
    }
    Ok(())
}

pub fn run_sum(sizes: &[String]) -> Result<(), String> {
    run(sizes, true)
}

pub fn run_compare(sizes: &[String]) -> Result<(), String> {
    run(sizes, false)
}
