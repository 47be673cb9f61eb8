use partizan::Game;
use std::time::Instant;
fn main() {
    let n: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let impartial = std::env::args().nth(2).is_some();
    let t = Instant::now();
    let mut table: Vec<Option<Game>> = vec![None; n * n];
    for s in 0..(2 * n - 1) {
        for x in 0..n {
            if s < x || s - x >= n {
                continue;
            }
            let y = s - x;
            let get = |xx: usize, yy: usize, t: &Vec<Option<Game>>| t[yy * n + xx].unwrap();
            let h: Vec<Game> = (1..=x).map(|k| get(x - k, y, &table)).collect();
            let v: Vec<Game> = (1..=y).map(|k| get(x, y - k, &table)).collect();
            let d: Vec<Game> = (1..=x.min(y)).map(|k| get(x - k, y - k, &table)).collect();
            let (l, r) = if impartial {
                let all: Vec<Game> = h.iter().chain(&v).chain(&d).copied().collect();
                (all.clone(), all)
            } else {
                (
                    h.iter().chain(&d).copied().collect::<Vec<_>>(),
                    v.iter().chain(&d).copied().collect::<Vec<_>>(),
                )
            };
            table[y * n + x] = Some(Game::new(l, r));
        }
    }
    let secs = t.elapsed().as_secs_f64();
    let mut bad = 0;
    for y in 0..n {
        for x in 0..n {
            let e = Game::integer(x as i64 - y as i64) + Game::nimber(x.min(y) as u64);
            if !impartial && table[y * n + x].unwrap() != e {
                bad += 1;
            }
        }
    }
    println!(
        "n={n} secs={secs:.4} bad={bad} ({},{})={}",
        n - 1,
        n - 1,
        table[n * n - 1].unwrap()
    );
}
