//! A user-defined partizan game in a few lines: a subtraction game in which Left and Right may
//! take different amounts from a heap.
//!
//! ```text
//! cargo run --release --example partizan_subtraction                 # Left {1,2}, Right {1,3}
//! cargo run --release --example partizan_subtraction -- 2,3 1,4 30   # Left {2,3}, Right {1,4}
//! ```

use partizan::solve::{Ruleset, Solver};

/// A heap from which Left removes an amount in `left`, Right an amount in `right`.
struct PartizanSubtraction {
    left: Vec<u64>,
    right: Vec<u64>,
}

fn take(n: u64, amounts: &[u64]) -> Vec<u64> {
    amounts
        .iter()
        .filter(|&&k| k <= n)
        .map(|&k| n - k)
        .collect()
}

impl Ruleset for PartizanSubtraction {
    type Position = u64;
    fn left_options(&self, n: &u64) -> Vec<u64> {
        take(*n, &self.left)
    }
    fn right_options(&self, n: &u64) -> Vec<u64> {
        take(*n, &self.right)
    }
}

fn amounts(arg: Option<String>, default: &[u64]) -> Vec<u64> {
    arg.map_or(default.to_vec(), |s| {
        s.split(',')
            .map(|k| k.trim().parse().expect("amounts like 1,2,3"))
            .collect()
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let left = amounts(args.next(), &[1, 2]);
    let right = amounts(args.next(), &[1, 3]);
    let n: u64 = args.next().map_or(20, |s| s.parse().expect("a heap size"));
    println!("Left takes {left:?}, Right takes {right:?}");
    let mut solver = Solver::new(PartizanSubtraction { left, right });
    for heap in 0..=n {
        let g = solver.value(&heap);
        println!("{heap:>4}  {:<3} {g}", g.outcome().to_string());
    }
}
