//! The thermograph picture (SVG) and the CLI around thermography: the SVG of {3|-2} is pinned by
//! a snapshot, every picture is well-formed XML with one `<line>` per linear piece of each wall,
//! and the `partizan` commands print the mean, the temperature and the SVG, and evaluate the
//! thermographic methods (cooling, heating, incentives) in expressions.

use crate::util::{g, snapshot};
use partizan::render::game_thermograph_svg as svg_of;
use partizan::Game;
use std::process::Command;

/// Parses the SVG and returns the number of (left, right) wall segments and of masts.
fn segments(svg: &str) -> (usize, usize, usize) {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not XML: {e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let count = |class: &str| {
        doc.descendants()
            .filter(|n| n.has_tag_name("line") && n.attribute("class") == Some(class))
            .count()
    };
    (count("wall left"), count("wall right"), count("mast"))
}

#[test]
fn svg_of_three_minus_two_snapshot() {
    let svg = svg_of(&g("{3|-2}"));
    snapshot("thermograph_3_minus_2_svg", &svg);
}

#[test]
fn svg_is_well_formed_with_the_expected_walls() {
    // {3|-2}: each wall is one straight piece from t = -1 (values 4 and -3) up to the mast
    // at t = 5/2.
    assert_eq!(segments(&svg_of(&g("{3|-2}"))), (1, 1, 1));
    // 1/2* = {1/2|1/2}: LW(t) = RW_{1/2}(t) - t, where RW_{1/2}(t) = LW_1(t) + t = 1 + t up to
    // -1/2 and 1/2 above; so LW is 1 on [-1, -1/2] and 1/2 - t on [-1/2, 0]: two pieces, and by
    // symmetry two on the right; they meet at t = 0.
    assert_eq!(segments(&svg_of(&g("1/2*"))), (2, 2, 1));
    // An integer is a mast from t = -1: no wall pieces.
    assert_eq!(segments(&svg_of(&g("3"))), (0, 0, 1));
    // In general, one piece between consecutive corners of each wall.
    let mut rng = crate::util::random::Rng(1);
    for _ in 0..50 {
        let x = crate::util::random::random_game(&mut rng, 3);
        let th = x.thermograph();
        let expected = (th.left.corners().len() - 1, th.right.corners().len() - 1, 1);
        assert_eq!(segments(&svg_of(&x)), expected, "{x}");
    }
    // Captions are escaped: uptimals print with '<' and '>'.
    segments(&svg_of(&(g("{3|-2}") + Game::up_nth(2))));
}

#[test]
fn larger_values_are_drawn_to_the_left() {
    let svg = svg_of(&g("{3|-2}"));
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let x_of = |class: &str| -> f64 {
        let line = doc
            .descendants()
            .find(|n| n.attribute("class") == Some(class))
            .unwrap();
        line.attribute("x1").unwrap().parse().unwrap()
    };
    // The left wall starts at value 4, the right wall at -3: Left's side is on the left.
    assert!(x_of("wall left") < x_of("wall right"));
    // Both axes share one scale: the walls of {3|-2} (slopes -1 and +1) lean at 45 degrees,
    // both reach the mast's foot, and the mast is vertical.
    let coords = |class: &str| -> [f64; 4] {
        let line = doc
            .descendants()
            .find(|n| n.attribute("class") == Some(class))
            .unwrap();
        ["x1", "y1", "x2", "y2"].map(|a| line.attribute(a).unwrap().parse().unwrap())
    };
    let (l, r, m) = (coords("wall left"), coords("wall right"), coords("mast"));
    for w in [l, r] {
        assert!(
            ((w[2] - w[0]).abs() - (w[3] - w[1]).abs()).abs() < 0.02,
            "{w:?}"
        );
        assert_eq!((w[2], w[3]), (m[0], m[1]));
    }
    assert_eq!(m[0], m[2]);
    // The walls start on the line t = -1 and span 7 units (from 4 to -3), the mast's foot is
    // 7/2 units (the temperature 5/2 minus -1) above that line.
    let unit = (r[0] - l[0]) / 7.0;
    assert!(((l[1] - m[1]) / unit - 3.5).abs() < 1e-3);
}

fn partizan(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_partizan"))
        .args(args)
        .output()
        .expect("run partizan");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn cli_thermograph_and_eval() {
    let path = std::env::temp_dir().join(format!("partizan-thermo-{}.svg", std::process::id()));
    let p = path.to_str().unwrap();
    let (out, err, code) = partizan(&["thermograph", "{3|-2}", "--svg", p]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("mean: 1/2") && out.contains("temperature: 5/2"),
        "{out}"
    );
    let svg = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).ok();
    assert_eq!(svg, svg_of(&g("{3|-2}")));
    assert_eq!(segments(&svg), (1, 1, 1));

    assert_eq!(partizan(&["eval", "({3|-2}).cool(5/2)"]).0, "1/2*\n");
    assert_eq!(partizan(&["eval", "^.heat(1)"]).0, "{1||0|-2}\n");
    assert_eq!(partizan(&["eval", "1.ordinal_sum(-1)"]).0, "1/2\n");
    assert_eq!(partizan(&["eval", "^<2>.rcf()"]).0, "0\n");
    // Incentives are a list, printed as CGSuite prints lists. ↑: only ↑* is undominated.
    assert_eq!(partizan(&["eval", "^.incentives()"]).0, "[^*]\n");
    assert_eq!(
        partizan(&["eval", "({1|*}).left_incentives()"]).0,
        format!("[{}]\n", g("1") - g("{1|*}"))
    );
    let (_, err, code) = partizan(&["eval", "{3|-2} + *.incentives()"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: ") && err.contains("({3|-2} + *).incentives()"),
        "{err}"
    );

    // --json adds the stops, mean, temperature and (where defined) the atomic weight.
    let (out, _, _) = partizan(&["eval", "--json", "{3|-2}"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["left_stop"], "3");
    assert_eq!(v["right_stop"], "-2");
    assert_eq!(v["mean"], "1/2");
    assert_eq!(v["temperature"], "5/2");
    assert!(v.get("atomic_weight").is_none());
    let (out, _, _) = partizan(&["eval", "--json", "^^*"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["atomic_weight"], "2");
    assert_eq!(v["temperature"], "0");

    // Bad input: one line on stderr, status 2.
    for args in [
        &["eval", "{3|-2}.cool(-1)"][..],
        &["eval", "{3|-2}.atomic_weight()"],
        &["eval", "1/2.norton(*)"],
        &["eval", "^<0>"],
    ] {
        let (_, err, code) = partizan(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
    }
}
