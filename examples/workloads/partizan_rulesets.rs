//! The workloads of the partizan rulesets Eatcake, Turn-and-Eatcake, Maundy Cake, Partizan
//! Euclid, partizan subtraction, Childish Hackenbush and Ski-Jumps: for each position its
//! canonical form from a fresh transposition table, one line each, with the table's size and the
//! value's birthday, temperature and (the start of) its canonical form.

use super::partizan::run_positions;
use partizan::rulesets::childish_hackenbush::ChildishHackenbush;
use partizan::rulesets::eatcake::Eatcake;
use partizan::rulesets::hackenbush::Picture;
use partizan::rulesets::maundy_cake::MaundyCake;
use partizan::rulesets::partizan_euclid::PartizanEuclid;
use partizan::rulesets::partizan_subtraction::PartizanSubtraction;
use partizan::rulesets::ski_jumps::{SkiJumps, Slope};
use partizan::solve::{Ruleset, Solver};

/// Evaluates each position `read(text)` with a fresh solver of `rules`, one line each (the line
/// of the board workloads, [`run_positions`]).
fn run<R: Ruleset + Clone>(
    name: &str,
    rules: R,
    positions: &[String],
    read: impl Fn(&str) -> Result<R::Position, String>,
) -> Result<(), String> {
    run_positions(name, positions, |text| {
        let p = read(text)?;
        let mut solver = Solver::new(rules.clone());
        let value = solver.value(&p);
        Ok((value, solver.table_len()))
    })
}

/// `WxH` as a cake.
fn cake(text: &str) -> Result<Vec<(u32, u32)>, String> {
    let bad = || format!("{text:?} is not a cake WxH such as 16x16");
    let (w, h) = text.split_once('x').ok_or_else(bad)?;
    let side = |s: &str| s.parse::<u32>().ok().filter(|&n| n >= 1).ok_or_else(bad);
    Ok(vec![(side(w)?, side(h)?)])
}

/// `eatcake WxH...`.
pub fn run_eatcake(args: &[String]) -> Result<(), String> {
    run("eatcake", Eatcake { turned: false }, args, cake)
}

/// `turn-and-eatcake WxH...`.
pub fn run_turn_and_eatcake(args: &[String]) -> Result<(), String> {
    run("turn-and-eatcake", Eatcake { turned: true }, args, cake)
}

/// `maundy-cake WxH...`.
pub fn run_maundy_cake(args: &[String]) -> Result<(), String> {
    run("maundy-cake", MaundyCake, args, cake)
}

/// `partizan-euclid P,Q...`.
pub fn run_partizan_euclid(args: &[String]) -> Result<(), String> {
    run("partizan-euclid", PartizanEuclid, args, |text| {
        let bad = || format!("{text:?} is not a pair P,Q with P >= Q >= 1");
        let (p, q) = text.split_once(',').ok_or_else(bad)?;
        let (p, q): (u64, u64) = (p.parse().map_err(|_| bad())?, q.parse().map_err(|_| bad())?);
        if q == 0 || p < q {
            return Err(bad());
        }
        Ok((p, q))
    })
}

/// `partizan-subtraction LEFT RIGHT N...`: Left's and Right's sets (`2,3`), then heap sizes.
pub fn run_partizan_subtraction(args: &[String]) -> Result<(), String> {
    let [left, right, heaps @ ..] = args else {
        return Err("give Left's set, Right's set and at least one heap size".into());
    };
    let rules = PartizanSubtraction::parse(left, right).map_err(|e| e.to_string())?;
    let name = format!("partizan-subtraction {left} {right}");
    run(&name, rules, heaps, |text| {
        text.parse()
            .map_err(|_| format!("{text:?} is not a heap size"))
    })
}

/// `childish-hackenbush PICTURE...`.
pub fn run_childish_hackenbush(args: &[String]) -> Result<(), String> {
    run(
        "childish-hackenbush",
        ChildishHackenbush::default(),
        args,
        |text| {
            Ok(Picture::parse(text)
                .map_err(|e| e.to_string())?
                .edges()
                .to_vec())
        },
    )
}

/// `ski-jumps SLOPE...`.
pub fn run_ski_jumps(args: &[String]) -> Result<(), String> {
    run("ski-jumps", SkiJumps, args, |text| {
        Slope::parse(text).map_err(|e| e.to_string())
    })
}
