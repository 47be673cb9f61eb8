//! Identities of loopy games from Winning Ways ch. 11, Siegel's CGT ch. VI and the values printed
//! by CGSuite's own test suite (lib/core/src/test/.../CanonicalStopperTestCase.scala,
//! SidedValueTestCase.scala and GameTest.scala in aaron-siegel/cgsuite), and bad input.

use partizan::algebra::loopy::{LoopyError, LoopyOutcome, SidedValue, Stopper};
use partizan::expr::{parse_loopy as parse, parse_loopy_game as parse_game};
use partizan::Game;

fn v(s: &str) -> SidedValue {
    parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn sum(a: &str, b: &str) -> SidedValue {
    v(a).sum(&v(b)).unwrap()
}

fn stopper(s: &str) -> Stopper {
    v(s).as_stopper().unwrap().clone()
}

#[test]
fn cgsuite_prints_these_stoppers() {
    // CanonicalStopperTestCase: input, printed form.
    for (input, printed) in [
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("{0|pass}", "over"),
        ("{pass|3/2}", "3/2under"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        ("{0||0|0,pass}", "^<on>"),
        ("{0|{0||0|0,pass}||-{0||0|0,pass}}", "{0|^<on>||v<on>}"),
        ("{0|||0||0|{|pass}}", "{0|Tiny(on)}"),
        ("{{pass|}|0||0}", "Miny(on)"),
        ("{0|||0||pass|0}", "Tiny(over)"),
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
        (
            "{0|{0||||-1|||-1+*,a{0||0|a|||-1+*||||-1+*}||-2|b{-2,{-1,-1+*||-1+*|b|||-2}|-2}}}",
            "{0|{0||||-1|||-1*,a{0||0|a|||-1*||||-1*}||-2|b{-2,{-1,-1*||-1*|b|||-2}|-2}}}",
        ),
        // GameTest: upon.
        ("upon", "^[on]"),
    ] {
        let value = v(input);
        assert!(value.is_stopper(), "{input}");
        assert_eq!(value.to_string(), printed, "{input}");
        // What is printed reads back as the same value.
        assert_eq!(v(printed), value, "{printed}");
    }
}

#[test]
fn cgsuite_options_of_stoppers() {
    // CanonicalStopperTestCase: LeftOptions / RightOptions.
    let show = |s: &[Stopper]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let g = stopper("a{0||||0|||a|*||*}");
    assert_eq!(show(&g.left_options()), ["0"]);
    assert_eq!(show(&g.right_options()), ["a{0||||0|a||*|||*}"]);
    let g = stopper("{0|{0||0|0,pass}||-{0||0|0,pass}}");
    assert_eq!(show(&g.left_options()), ["{0|^<on>}"]);
    assert_eq!(show(&g.right_options()), ["v<on>"]);
    let g = stopper("{pass|3/2}");
    assert_eq!(show(&g.left_options()), ["3/2under"]);
    assert_eq!(show(&g.right_options()), ["3/2"]);
    let g = stopper("{{pass|}|0||0}");
    assert_eq!(show(&g.left_options()), ["{on|0}"]);
    let g = stopper("{0|||0||pass|0}");
    assert_eq!(show(&g.right_options()), ["{0|under}"]);
}

#[test]
fn cgsuite_idempotents_and_plumtrees() {
    // CanonicalStopperTestCase: IsIdempotent (G + G = G) and IsPlumtree.
    for (g, idempotent, plumtree) in [
        ("on", true, true),
        ("off", true, true),
        ("over", true, true),
        ("{pass|3/2}", false, true),
        ("{-1/4+*|pass}", false, true),
        ("{0|||0||0|{|pass}}", false, true),
        ("{{pass|}|0||0}", true, true),
        ("{0|||0||pass|0}", true, true),
        ("a{0||||0|||a|*||*}", false, false),
    ] {
        let s = stopper(g);
        assert_eq!(sum(g, g) == v(g), idempotent, "{g} + {g}");
        assert_eq!(s.is_plumtree(), plumtree, "{g}");
        assert!(!s.is_loopfree(), "{g}");
    }
}

#[test]
fn cgsuite_sided_values() {
    // SidedValueTestCase and GameTest: printed form, onside, offside, outcome class.
    for (input, printed, onside, offside, outcome) in [
        ("dud", "dud", "on", "off", LoopyOutcome::D),
        ("a{{|a}|}", "1 & 0", "1", "0", LoopyOutcome::PHat),
        ("{0|{dud|},*}", "^ & v*", "^", "v*", LoopyOutcome::NHat),
        (
            "^<on> + {0|upon}",
            "{0||0|^<on>*} & {0|^[on]}",
            "{0||0|^<on>*}",
            "{0|^[on]}",
            LoopyOutcome::L,
        ),
    ] {
        let value = v(input);
        assert_eq!(value.to_string(), printed, "{input}");
        assert_eq!(value.onside().to_string(), onside, "{input}");
        assert_eq!(value.offside().to_string(), offside, "{input}");
        assert_eq!(value.outcome(), outcome, "{input}");
        assert!(!value.is_stopper());
        assert_eq!(v(printed), value, "{printed}");
    }
    // Outcome classes of the loopy game itself, by retrograde analysis of its graph.
    assert_eq!(parse_game("dud").unwrap().outcome(), LoopyOutcome::D);
    assert_eq!(
        parse_game("a{{|a}|}").unwrap().outcome(),
        LoopyOutcome::PHat
    );
    assert_eq!(
        parse_game("{0|{dud|},*}").unwrap().outcome(),
        LoopyOutcome::NHat
    );
    // Bach's Carousel: its sides are not stoppers (Winning Ways ch. 11); its outcome is N.
    let bach = "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}";
    assert_eq!(parse_game(bach).unwrap().outcome(), LoopyOutcome::N);
    assert!(matches!(parse(bach), Err(LoopyError::NotStopperSided(_))));
}

#[test]
fn cgsuite_upsums_and_downsums() {
    // GameTest: upon.Upsum(^.Pow(on)) and upon.Downsum(^.Pow(on)), with ^.Pow(on) = ^<on>.
    let (upon, uponth) = (Stopper::upon(), stopper("^<on>"));
    assert_eq!(upon.upsum(&uponth).unwrap().to_string(), "{0|^<on>*}");
    assert_eq!(upon.downsum(&uponth).unwrap().to_string(), "^[on]");
    // The tutorial's definitions: uponth = {0 | -upon + *}, upover = {0 | *, pass}.
    assert_eq!(v("{0|-upon+*}").to_string(), "^<on>");
    assert_eq!(v("^<on>"), v("{0|-upon+*}"));
}

#[test]
fn on_off_and_dud() {
    // Winning Ways ch. 11: on + off = dud, and dud absorbs everything: dud + G = dud.
    assert_eq!(sum("on", "off"), SidedValue::dud());
    assert_eq!(sum("on", "off").to_string(), "dud");
    for g in [
        "0", "1", "*", "^", "{1|-1}", "over", "upon", "on", "off", "1 & 0",
    ] {
        assert_eq!(sum("dud", g), SidedValue::dud(), "dud + {g}");
    }
    // on is above every short game and on + G = on for every stopper G other than off.
    let on = Stopper::on();
    for g in [
        "0",
        "17",
        "-1000",
        "^^^",
        "{100|-100}",
        "over",
        "under",
        "upon",
    ] {
        assert!(on > stopper(g), "on > {g}");
        assert!(-&on < stopper(g), "off < {g}");
        assert_eq!(sum("on", g), v("on"), "on + {g}");
        assert_eq!(sum("off", g), v("off"), "off + {g}");
    }
    // dud's sides; dud is not a stopper.
    assert!(matches!(
        v("dud").as_stopper(),
        Err(LoopyError::NotStopper(_))
    ));
}

#[test]
fn over_is_a_positive_infinitesimal_stopper() {
    // Winning Ways ch. 11: over = {0 | over} is positive but below every positive number ...
    let over = Stopper::over();
    assert!(over > Stopper::zero());
    for k in 0..40 {
        let x = Stopper::from_game(Game::dyadic(1, k)).unwrap();
        assert!(over < x, "over < 2^-{k}");
        assert!(-&over > -&x);
    }
    // ... and above every multiple of up, so it is not a short game.
    for n in 1..8 {
        assert!(
            over > Stopper::from_game(Game::up_multiple(n)).unwrap(),
            "over > {n}·↑"
        );
    }
    assert_eq!(over.outcome(), partizan::Outcome::L);
    // over + over = over (an idempotent), 1 + over prints 1over.
    assert_eq!(sum("over", "over"), v("over"));
    assert_eq!(sum("1", "over").to_string(), "1over");
    // over − over is not a stopper: over & under.
    let d = sum("over", "under");
    assert_eq!(d.onside(), &Stopper::over());
    assert_eq!(d.offside(), &Stopper::under());
    assert_eq!(d.to_string(), "over & under");
    assert_eq!(d.outcome(), LoopyOutcome::D);
}

#[test]
fn upon_and_its_sums() {
    let upon = Stopper::upon();
    // upon = {pass | *} is positive (Left wins moving first or second: by hand, Right's only
    // move is to *, Left's to upon again or, after Right's move, to 0).
    assert_eq!(upon.outcome(), partizan::Outcome::L);
    // upon + * = {0, pass | 0}: CGSuite's printer writes that form as ^[on]*.
    assert_eq!(sum("upon", "*").to_string(), "^[on]*");
    assert_eq!(sum("upon", "*"), v("{0,pass|0}"));
    // upon* is fuzzy with 0, as ↑* is.
    assert_eq!(sum("upon", "*").outcome(), LoopyOutcome::N);
    // upon exceeds ↑ (its first approximation ↑^[1]) and lies below every positive number.
    assert!(upon > Stopper::from_game(Game::up()).unwrap());
    assert!(upon < Stopper::from_game(Game::dyadic(1, 30)).unwrap());
    // upon + ↓ is positive: upon > ↑.
    assert_eq!(sum("upon", "v").outcome(), LoopyOutcome::L);
    // upon − upon is not a stopper; its sides are ^<on> and v<on> (a draw whoever starts).
    let d = sum("upon", "-upon");
    assert_eq!(d.outcome(), LoopyOutcome::D);
    assert_eq!(-&d, d);
}

#[test]
fn stopper_sided_values_are_ordered_side_by_side() {
    let a = v("over & v");
    assert_eq!(a.to_string(), "over & v");
    assert!(a < v("on"));
    assert!(a > v("off"));
    assert!(a < v("over"));
    assert!(a > v("v"));
    assert_eq!(a.partial_cmp(&v("0")), None);
    // A value whose offside exceeds its onside is refused.
    assert!(parse("v & over").is_err());
    // Sums: (over & v) + ^ = (over + ^) & (v + ^) = over & 0.
    assert_eq!(a.sum(&v("^")).unwrap().to_string(), "over & 0");
}

#[test]
fn bad_input_is_one_line() {
    for (input, kind) in [
        ("{0|b}", "missing"),
        ("a{0|b{a|c}}", "missing"),
        ("a{0|a{0|a}}", "ambiguous"),
        ("on{0|on}", "ambiguous"),
        ("{3|2|1}", "parse"),
        ("{0|pass", "parse"),
        ("pass", "parse"),
        ("1.5", "parse"),
        ("a{0|-a}", "parse"),
        ("{0|1} & {2|1} & 0", "parse"),
    ] {
        let e = parse(input).unwrap_err();
        let text = e.to_string();
        assert!(!text.contains('\n'), "{text}");
        let ok = match kind {
            "missing" => matches!(e, LoopyError::MissingNode(_)),
            "ambiguous" => matches!(e, LoopyError::AmbiguousLabel(_)),
            _ => matches!(e, LoopyError::Parse { .. }),
        };
        assert!(ok, "{input}: {e:?}");
    }
    // An edge to a missing node.
    let e = partizan::algebra::loopy::LoopyGame::from_edges(vec![vec![1]], vec![vec![]], 0)
        .unwrap_err();
    assert!(matches!(e, LoopyError::MissingNode(_)));
    // A stopper requested of a non-stopper.
    let e = parse_game("dud").unwrap().stopper().unwrap_err();
    assert!(matches!(e, LoopyError::NotStopper(_)));
}
