//! A partizan subtraction game, in which Left and Right may take different amounts from a heap,
//! through the library's `partizan_subtraction` family: the value and outcome of every heap.
//!
//! ```text
//! cargo run --release --example partizan_subtraction                 # Left {1,2}, Right {1,3}
//! cargo run --release --example partizan_subtraction -- 2,3 1,4 30   # Left {2,3}, Right {1,4}
//! ```

use partizan::rulesets::partizan_subtraction::PartizanSubtraction;
use partizan::solve::Solver;

fn main() {
    let mut args = std::env::args().skip(1);
    let left = args.next().unwrap_or_else(|| "1,2".to_string());
    let right = args.next().unwrap_or_else(|| "1,3".to_string());
    let n: usize = match args.next().map(|s| s.parse()) {
        None => 20,
        Some(Ok(n)) => n,
        Some(Err(_)) => {
            eprintln!("error: the heap size must be a non-negative integer");
            std::process::exit(2);
        }
    };
    let rules = PartizanSubtraction::parse(&left, &right).unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(2);
    });
    println!(
        "Left takes {:?}, Right takes {:?}",
        rules.left(),
        rules.right()
    );
    let mut solver = Solver::new(rules);
    for heap in 0..=n {
        let g = solver.value(&heap);
        println!("{heap:>4}  {:<3} {g}", g.outcome().to_string());
    }
}
