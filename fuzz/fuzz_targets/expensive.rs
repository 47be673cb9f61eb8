//! Which inputs the fuzz targets skip as legitimately expensive: their work grows with a number
//! written in them, not with a defect (the classes and measured examples are listed at
//! [`legitimately_expensive`]). Both targets include this file (`#[path]`), so an input the
//! expression target skips is skipped by the worksheet target too.

use partizan::expr::{self, ArithOp, Arrows, Expr, ExprKind, Literal, LoopyConstant};
use partizan::Game;

/// The largest integer argument of a family call (`kayles(20)`, `queen(20, 20)`).
pub const MAX_FAMILY_INTEGER: u64 = 20;

/// The longest string argument of a family call (a 12-cell board: `toads("TTTT....FFFF")` takes
/// 0.06 s, a 16-cell one 4.6 s in a release build).
pub const MAX_FAMILY_TEXT: usize = 12;

/// The largest number of followers of a literal that an ordinal sum, heating, overheating or a
/// Norton product walks, and the largest uptimal order (birthday) summed with other general
/// forms; see `legitimately_expensive`.
pub const MAX_WALKED_LITERAL: u64 = 64;

/// The number of general constructs beyond which even moderate up counts and nimbers are
/// skipped; see `legitimately_expensive`.
pub const MANY_GENERAL: usize = 6;

/// The largest number of ordinal sums in one input; see `legitimately_expensive`.
pub const MAX_ORDINAL_SUMS: usize = 4;

/// The largest uptimal order evaluated at all; see `legitimately_expensive`.
pub const MAX_UPTIMAL_ORDER: u64 = 64;

/// The largest nimber summed with several general forms; see `legitimately_expensive`.
pub const MAX_SUMMED_NIMBERS: u64 = 32;

/// The most switches (`±x`, `a +- b`) in one expression: the canonical form of a sum
/// of k distinct switches grows exponentially with k (about fifteen of them, `^[6]± - 0+± 999999
/// +-0615+…`, took 12.8 s and 1.5 GB in the release command line); see `legitimately_expensive`.
pub const MAX_SWITCHES: usize = 10;

/// The largest nimber summed with one general form; see `legitimately_expensive`. At 128,
/// `9999…9v[9]*99` (a large integer, an uptimal and *99 beside a general form) took over 10 s
/// in the fuzzing build: adding *k to a general form visits every nimber below it.
pub const MAX_NIMBER_WITH_GENERAL: u64 = 64;

/// The largest nimber summed with a general form and an up count above `MAX_SUMMED_UPS`; see
/// `legitimately_expensive`.
pub const MAX_SUMMED_NIMBER: u64 = 16;

/// The largest up count summed with several general forms; see `legitimately_expensive`.
pub const MAX_SUMMED_UPS: u64 = 64;

/// The largest exponent of a power `a ^ n` written as a literal integer; see
/// `legitimately_expensive`.
pub const MAX_POWER_EXPONENT: u64 = 4096;

/// The largest nimber written in a term after the first of an ordinal sum; see
/// `legitimately_expensive`.
pub const MAX_NIMBER_ON_ORDINAL_SUM: u64 = 4;

/// Whether evaluating `tree` is legitimately expensive, by the rules of `fuzz/README.md`:
///
/// 1. a family call with an argument other than a small literal (`kayles(20)`, a 12-cell
///    board): a family's work grows exponentially with its board;
/// 2. an ordinal sum, heating, overheating or Norton product whose operands hold a literal with
///    more than `MAX_WALKED_LITERAL` followers (see `walked_size`): these walk every follower
///    of a form and build a form per step, so the cost is polynomial in that count
///    (`⇓9151 : 27775` builds a chain of 27775 forms and compares along it, quadratic:
///    minutes; `*9 : 1*62` builds a form for each of the 126 followers of `1*62`, and adding
///    it to another general form of that size pairs their followers);
///    More than `MAX_ORDINAL_SUMS` ordinal sums in one input are skipped too: each sum's forms
///    carry every option of the base, which is the previous sum, and canonicalising them
///    compares along the whole chain (`^7:1^^7:1^^0:1^20:0^7:…`, thirteen sums of small
///    literals: a form of birthday 235 in 2.7 s of CPU, nearly all of it in comparisons, in a
///    release build). Whether a shortcut exists here is open (see `fuzz/README.md`);
/// 3. an uptimal of order above `MAX_WALKED_LITERAL` together with another construct that may
///    build a general form: its canonical form is a chain of about that many general forms,
///    and a sum pairs each of them with every follower of the other summand and compares along
///    the chain (`v[499] + v[499]`: more than 10 s, `^<3111>*21`: 5 s in a release build);
///    and an uptimal of order above `MAX_UPTIMAL_ORDER` in any context: building `↑^[n]`
///    canonicalises a chain of `n` forms, comparing along it, quadratic (`v[457]*`: 0.4 s of
///    CPU in a release build, over 10 s in the instrumented fuzzing build on a loaded machine;
///    `59301819v[231]`: 0.6 s in a release build, over 10 s in the fuzzing build);
/// 4. a nimber above `MAX_SUMMED_NIMBERS` or an up count above `MAX_SUMMED_UPS` with more than
///    one construct that may build a general form (braces, `±`, a call, an ordinal sum, a
///    method, an uptimal): a sum of a general game `G` with `*k` pairs every follower of `G`
///    with every nimber below `*k`, and canonicalises each pair's `k` options, `k³/3`
///    comparisons per follower (`±71 ± 71 ± 29937 ± 299379199999 + *350`: 27 s in a release
///    build; `±4 ± 10484466 ± 5 ± ⇑7 + *60`: over 10 s in the fuzzing build); with `n·↑`, `2n`
///    pairs per follower (`±1 ± 2 ± 3 ± 4 + ↑65536`: 82 s; a chain of seven ordinal sums of
///    birthday 43 plus `⇑999`: 2.5 s, and with a second such chain and `±999`, more than 30 s
///    in the fuzzing build);
///    With more than three such constructs, nimbers above `MAX_SUMMED_NIMBER` are skipped too:
///    the sum's followers are the products of its summands' followers, each paired with every
///    nimber below (`9999 ± 9^[6] ± 0 ± 99949595001951*24 + 19513097^<3>* ± … ± …`: 7.5 s to
///    evaluate and 7.5 s to parse back in a release build, 2.3 s each once big numbers compared
///    without allocating);
///    With more than `MANY_GENERAL` such constructs, up counts above `MAX_SUMMED_NIMBER` and
///    nimbers above 4 are skipped: a sum of `n` distinct switches alone has about `2^n`
///    followers (see `MAX_LEN`), each paired with every up multiple and nimber below
///    (`−↑ : ↑50 ± 994242238000001↑50 ± … ± 1 ± 999991900 ± 9999 … + 8*9 − *9 : ↑`, nine
///    switches: over 10 s in the fuzzing build);
/// 5. with a single such construct, a nimber above `MAX_NIMBER_WITH_GENERAL` (`±5 + *257`:
///    11 s in the fuzzing build, by the same `k³` count), or both an up count above
///    `MAX_SUMMED_UPS` and a nimber above `MAX_SUMMED_NIMBER`: `G + n·↑ + *k` pairs each
///    follower of `G` with the `2n(k + 1)` followers of `n·↑ + *k`
///    (`1845↑45517 − 299999↑<3>*21 − *30`: 15 s in a release build). A large literal as an
///    option (`{5*70000|0}`) or a smaller nimber beside one general form (`{1|*} + *100`)
///    stays in;
/// 6. more than `MAX_SWITCHES` switches `±x` (see the constant);
/// 7. an ordinal sum beside a nimber above `MAX_SUMMED_NIMBER` written outside it: a chain of
///    ordinal sums has a follower for every follower of each term, and adding `*k` pairs each
///    with every nimber below `*k` (`*21:2:*21:2:1` alone: 0.01 s, plus `*62`: 0.6 s, plus
///    `*62 - *6 - *1 - 4893`: 4 s in the release command line, over 30 s in the fuzzing build);
///    and a nimber above `MAX_SUMMED_NIMBER` inside an ordinal sum beside another construct
///    that may build a general form: the chain's followers carry that nimber's, and the sum
///    pairs each with every follower of the other summand (`*25:-25:-*25 - *16:1`, a chain of
///    76 followers and one of 18: 2.1 s in a release build; the fuzzing timeout
///    `*25:-1*25:-*25:-1*0-*25:01-0`: 4.5 s for its sum, 11 s in the release command line);
/// 8. a loopy literal (a label, `pass`, `on`, …) beside a literal of more followers than
///    `MAX_WALKED_LITERAL`, or a loopy constant built from that many, or a sided value `S & T`
///    with such a literal in it or beside it (whatever is added to a sided value joins its
///    graph): a loopy game's graph has a vertex per follower and is simplified by sweeps over
///    all vertices (`V{||||*999|0}`: 3.0 s in the release command line, more than 30 s in the
///    fuzzing build; `5&*842 + 1^6`: 1.5 s; `22&v±2056565`: 15 s);
/// 9. a power `a ^ n` whose exponent is not a literal integer of magnitude at most
///    `MAX_POWER_EXPONENT`: the result has about `n` times the bits of `a`, and reducing a
///    rational of a million bits to lowest terms (a gcd, quadratic in the bits) takes seconds
///    (`(3/7)^400000 + 1/3 > 0`: 11.5 s in a release build). Dyadic powers and integers are
///    reduced without a gcd (`{x^655363 for x in [2,31/2,5]}`: 0.1 s), but every later sum
///    or quotient with a non-dyadic rational is not; the engine caps a power at
///    `MAX_POWER_BITS` and its gcd steps are interruption points;
/// 10. a nimber above `MAX_NIMBER_ON_ORDINAL_SUM` in a term after the first of an ordinal sum:
///    `G : *k` has `G : *j` among its options for every `j < k`, and its notation, which does not
///    share repeated parts, about doubles with each step of `k` (`v3*:61/32:*12` prints 65 MB,
///    2 s in the release command line; the target prints each value twice, in a script and as
///    an entry, more than 30 s in the fuzzing build; in a chain of sums it compounds:
///    `*3:32:1*3:32:2*6` passes the printing limit of 2^26 characters, 1.9 s in a release
///    build and over 30 s in the fuzzing build).
pub fn legitimately_expensive(tree: &Expr) -> bool {
    let mut largest_uptimal = 0u64;
    let mut largest_nimber = 0u64;
    let mut largest_ups = 0u64;
    let mut general = 0usize;
    let mut ordinal_sums = 0usize;
    let mut switches = 0usize;
    // The largest nimber written outside every ordinal sum.
    let mut nimber_beside_ordinal_sums = 0u64;
    let mut stack = vec![(tree, false)];
    while let Some((e, in_ordinal_sum)) = stack.pop() {
        match &e.kind {
            ExprKind::Call(call)
                if partizan::rulesets::family(&call.name).is_some()
                    && !call.arguments().iter().all(|a| small_argument(&a.value)) =>
            {
                return true
            }
            ExprKind::OrdinalSum(_) if largest_literal(e) > MAX_WALKED_LITERAL => return true,
            ExprKind::OrdinalSum(terms)
                if terms
                    .iter()
                    .skip(1)
                    .any(|t| largest_nimber_in(t) > MAX_NIMBER_ON_ORDINAL_SUM) =>
            {
                return true
            }
            ExprKind::OrdinalSum(terms) => {
                // `a : b : c` is one node with three terms: two sums.
                ordinal_sums += terms.len().saturating_sub(1);
                if ordinal_sums > MAX_ORDINAL_SUMS {
                    return true;
                }
            }
            ExprKind::Methods(_, calls)
                if calls.iter().any(|c| {
                    expr::method(&c.name).is_some_and(|m| {
                        ["ordinal_sum", "heat", "overheat", "norton_product"].contains(&m.name)
                    })
                }) && largest_literal(e) > MAX_WALKED_LITERAL =>
            {
                return true
            }
            // A loopy literal is a graph with one vertex per follower of what is written in
            // it, simplified by repeated sweeps over all of them.
            ExprKind::Pass | ExprKind::Label(_) | ExprKind::Labelled { .. }
                if largest_literal(tree) > MAX_WALKED_LITERAL =>
            {
                return true
            }
            ExprKind::LoopyConstant(c)
                if largest_literal(tree) > MAX_WALKED_LITERAL
                    || loopy_constant_size(c) > MAX_WALKED_LITERAL =>
            {
                return true
            }
            // The sides of `S & T` are stoppers: labelled and compared as graphs, one vertex
            // per follower (`5 & *842`: 1.5 s in the release command line), and whatever is
            // added to a sided value joins its graph (`(22 & ↓) ± 2056565`: two graphs of 4.1
            // million positions, 15 s in the release command line).
            ExprKind::Sided(_) if largest_literal(tree) > MAX_WALKED_LITERAL => return true,
            ExprKind::Arith(operands, ArithOp::Pow) if !small_exponent(&operands.1) => return true,
            ExprKind::Literal(lit) => {
                match &lit.arrows {
                    Some(Arrows::Uptimal(u)) => {
                        largest_uptimal = largest_uptimal.max(birthday(u));
                        general += 1;
                    }
                    Some(Arrows::Ups(n)) => largest_ups = largest_ups.max(n.unsigned_abs()),
                    None => {}
                }
                largest_nimber = largest_nimber.max(lit.nimber.unwrap_or(0));
                if !in_ordinal_sum {
                    nimber_beside_ordinal_sums =
                        nimber_beside_ordinal_sums.max(lit.nimber.unwrap_or(0));
                }
            }
            _ => {}
        }
        if matches!(e.kind, ExprKind::PlusMinus(_)) {
            switches += 1;
            if switches > MAX_SWITCHES {
                return true;
            }
        }
        if matches!(
            e.kind,
            ExprKind::Braces { .. }
                | ExprKind::PlusMinus(_)
                | ExprKind::Call(_)
                | ExprKind::OrdinalSum(_)
                | ExprKind::Methods(..)
        ) {
            general += 1;
        }
        let inside = in_ordinal_sum || matches!(e.kind, ExprKind::OrdinalSum(_));
        stack.extend(e.children().into_iter().map(|c| (c, inside)));
    }
    (ordinal_sums > 0 && nimber_beside_ordinal_sums > MAX_SUMMED_NIMBER)
        || (ordinal_sums > 0 && largest_nimber > MAX_SUMMED_NIMBER && general > 1)
        || (largest_uptimal > MAX_WALKED_LITERAL && general > 1)
        || largest_uptimal > MAX_UPTIMAL_ORDER
        || ((largest_nimber > MAX_SUMMED_NIMBERS || largest_ups > MAX_SUMMED_UPS) && general > 1)
        || (largest_nimber > MAX_SUMMED_NIMBER && general > 3)
        || ((largest_ups > MAX_SUMMED_NIMBER || largest_nimber > 4) && general > MANY_GENERAL)
        || (general > 0
            && (largest_nimber > MAX_NIMBER_WITH_GENERAL
                || (largest_ups > MAX_SUMMED_UPS && largest_nimber > MAX_SUMMED_NIMBER)))
}

/// The number of followers of the short games a loopy constant is built from: the birthday of
/// its number times its nimber (saturating).
fn loopy_constant_size(c: &LoopyConstant) -> u64 {
    let birthday = |x: &Option<partizan::Number>| {
        x.as_ref()
            .map_or(0, |x| u64::try_from(x.birthday()).unwrap_or(u64::MAX))
    };
    match c {
        LoopyConstant::Over { number, .. } => birthday(number),
        LoopyConstant::Upon { number, nimber, .. } => {
            (birthday(number) + 1).saturating_mul(nimber.saturating_add(1))
        }
        _ => 0,
    }
}

/// The largest `walked_size` of a literal in `tree`.
fn largest_literal(tree: &Expr) -> u64 {
    largest_of_literals(tree, walked_size)
}

/// The largest nimber of a literal in `tree`.
fn largest_nimber_in(tree: &Expr) -> u64 {
    largest_of_literals(tree, |lit| lit.nimber.unwrap_or(0))
}

/// The largest `measure` of a literal in `tree`.
fn largest_of_literals(tree: &Expr, measure: impl Fn(&Literal) -> u64) -> u64 {
    let mut largest = 0;
    let mut stack = vec![tree];
    while let Some(e) = stack.pop() {
        if let ExprKind::Literal(lit) = &e.kind {
            largest = largest.max(measure(lit));
        }
        stack.extend(e.children());
    }
    largest
}

/// A bound on the number of followers of a literal `x + n·↑ + *k` (or `x + uptimal + *k`):
/// `(b + 1)(|n| + 1)(k + 1)` with `b` the birthday of `x`, as every follower is
/// `y + m·↑ + *j` with `y` a follower of `x`, `|m| <= |n|`, `j <= k` (plus the uptimal's
/// birthday for an uptimal). A walk over the followers builds a form for each.
fn walked_size(lit: &Literal) -> u64 {
    let number = lit
        .number
        .as_ref()
        .map_or(0, |x| u64::try_from(x.birthday()).unwrap_or(u64::MAX));
    let arrows = match &lit.arrows {
        Some(Arrows::Ups(n)) => n.unsigned_abs(),
        Some(Arrows::Uptimal(u)) => birthday(u),
        None => 0,
    };
    [number, arrows, lit.nimber.unwrap_or(0)]
        .into_iter()
        .fold(1u64, |size, part| {
            size.saturating_mul(part.saturating_add(1))
        })
}

fn birthday(g: &Game) -> u64 {
    u64::try_from(g.birthday()).unwrap_or(u64::MAX)
}

/// A literal integer of magnitude at most `MAX_POWER_EXPONENT` (possibly negated), or a
/// literal that is not an integer (which the power refuses at once).
fn small_exponent(arg: &Expr) -> bool {
    small_integer(arg, MAX_POWER_EXPONENT)
}

/// A literal integer of magnitude at most `MAX_FAMILY_INTEGER` (possibly negated), a short
/// string, or a literal that is not an integer (which the family refuses at once).
fn small_argument(arg: &Expr) -> bool {
    match &arg.kind {
        ExprKind::Text(s) => s.len() <= MAX_FAMILY_TEXT,
        _ => small_integer(arg, MAX_FAMILY_INTEGER),
    }
}

/// A literal integer of magnitude at most `bound` (possibly negated), or a literal that is not
/// an integer.
fn small_integer(arg: &Expr, bound: u64) -> bool {
    match &arg.kind {
        ExprKind::Neg(inner) => small_integer(inner, bound),
        ExprKind::Literal(lit) => match (&lit.number, lit.is_number_only()) {
            (Some(x), true) if x.is_integer() => {
                x.to_i64().is_some_and(|n| n.unsigned_abs() <= bound)
            }
            _ => true,
        },
        _ => false,
    }
}
