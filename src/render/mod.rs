//! Pictures for the front ends: thermographs as SVG, and boards ([`board`]).
//!
//! The command line (`partizan thermograph --svg`), the explorer (`partizan explore`) and the
//! Python package (`Thermograph._repr_svg_`, `Position._repr_svg_`) draw with this module; the
//! algebra computes the thermograph ([`Thermograph`]) and knows nothing of pictures.
//!
//! A thermograph is
//! Drawn as in the books (WW Ch. 6; CGT §II.5): temperature upwards, values
//! along the horizontal with **larger values to the left** (Left's side), both axes on the same
//! scale so that the walls lean at 45°. The picture shows the value axis at `t = 0` and the
//! line `t = −1`, the value 0 when it is in range, each wall segment (`class="wall left"` /
//! `class="wall right"`, one `<line>` per linear piece), the mast (`class="mast"`), and every
//! critical point (corner of a wall, and the top of the walls) marked and labelled
//! `(value, t)` with exact dyadic coordinates.

pub mod board;

use crate::algebra::{Number, Thermograph};
use std::fmt::Write;

/// Largest drawing size in pixels (each axis), before the margins.
const PLOT: f64 = 480.0;
const MARGIN_LEFT: f64 = 70.0;
const MARGIN_RIGHT: f64 = 90.0;
const MARGIN_TOP: f64 = 50.0;
const MARGIN_BOTTOM: f64 = 40.0;

/// The thermograph of `g` as an SVG document, captioned with the game (see
/// [`thermograph_svg`]).
///
/// ```
/// use partizan::{render, Game};
/// let svg = render::game_thermograph_svg(&"{3|-2}".parse::<Game>().unwrap());
/// assert!(svg.starts_with("<svg"));
/// assert_eq!(svg.matches("class=\"wall ").count(), 2);
/// ```
pub fn game_thermograph_svg(g: &crate::algebra::Game) -> String {
    thermograph_svg(&g.thermograph(), &g.to_string())
}

/// A thermograph as a standalone SVG document, with `caption` (e.g. the game) in the title.
pub fn thermograph_svg(thermograph: &Thermograph, caption: &str) -> String {
    let f = |x: &Number| x.to_f64();
    let (tau, mean) = (f(&thermograph.temperature), f(&thermograph.mean));
    let points: Vec<(Number, Number)> = thermograph
        .left
        .corners()
        .iter()
        .chain(thermograph.right.corners())
        .cloned()
        .collect();
    // Ranges: all critical points, the mast, and t from -1 to one unit above max(τ, 0).
    let mut x_lo = points.iter().map(|(_, x)| f(x)).fold(mean, f64::min);
    let mut x_hi = points.iter().map(|(_, x)| f(x)).fold(mean, f64::max);
    if x_hi - x_lo < 2.0 {
        let c = (x_hi + x_lo) / 2.0;
        (x_lo, x_hi) = (c - 1.0, c + 1.0);
    }
    let (t_lo, t_hi) = (-1.0, tau.max(0.0) + 1.0);
    let scale = (PLOT / (x_hi - x_lo)).min(PLOT / (t_hi - t_lo)).min(120.0);
    let width = MARGIN_LEFT + (x_hi - x_lo) * scale + MARGIN_RIGHT;
    let height = MARGIN_TOP + (t_hi - t_lo) * scale + MARGIN_BOTTOM;
    // Larger values to the left.
    let px = |x: f64| MARGIN_LEFT + (x_hi - x) * scale;
    let py = |t: f64| MARGIN_TOP + (t_hi - t) * scale;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{:.0}" height="{:.0}" viewBox="0 0 {:.0} {:.0}" font-family="sans-serif" font-size="12">"#,
        width, height, width, height
    );
    let _ = writeln!(s, "<title>thermograph of {}</title>", escape(caption));
    s.push_str(concat!(
        "<style>",
        ".axis{stroke:#888;stroke-width:1}",
        ".base{stroke:#bbb;stroke-width:1;stroke-dasharray:4 3}",
        ".wall{stroke:#1f4e9c;stroke-width:2.5;stroke-linecap:round}",
        ".mast{stroke:#1f4e9c;stroke-width:2.5;stroke-linecap:round}",
        ".point{fill:#c0392b}",
        ".label{fill:#222}",
        ".note{fill:#555}",
        "</style>\n"
    ));
    let _ = writeln!(
        s,
        r#"<text class="label" x="{:.2}" y="20">thermograph of {}: mean {}, temperature {}</text>"#,
        MARGIN_LEFT,
        escape(caption),
        thermograph.mean,
        thermograph.temperature
    );
    // Axes: values along t = 0, the base line t = -1, and the value 0 when in range.
    let (x0, x1) = (px(x_hi), px(x_lo));
    let _ = writeln!(
        s,
        r#"<line class="axis" x1="{x0:.2}" y1="{y:.2}" x2="{x1:.2}" y2="{y:.2}"/>"#,
        y = py(0.0)
    );
    let _ = writeln!(
        s,
        r#"<text class="note" x="{:.2}" y="{:.2}" text-anchor="end">t = 0</text>"#,
        x0 - 8.0,
        py(0.0) + 4.0
    );
    let _ = writeln!(
        s,
        r#"<line class="base" x1="{x0:.2}" y1="{y:.2}" x2="{x1:.2}" y2="{y:.2}"/>"#,
        y = py(-1.0)
    );
    let _ = writeln!(
        s,
        r#"<text class="note" x="{:.2}" y="{:.2}" text-anchor="end">t = -1</text>"#,
        x0 - 8.0,
        py(-1.0) + 4.0
    );
    if (x_lo..=x_hi).contains(&0.0) {
        let _ = writeln!(
            s,
            r#"<line class="axis" x1="{x:.2}" y1="{:.2}" x2="{x:.2}" y2="{:.2}"/>"#,
            py(t_lo),
            py(t_hi),
            x = px(0.0)
        );
        let _ = writeln!(
            s,
            r#"<text class="note" x="{:.2}" y="{:.2}" text-anchor="middle">0</text>"#,
            px(0.0),
            py(t_lo) + 14.0
        );
    }
    let _ = writeln!(
        s,
        r#"<text class="note" x="{:.2}" y="{:.2}" text-anchor="start">Left</text>"#,
        x0,
        py(t_lo) + 28.0
    );
    let _ = writeln!(
        s,
        r#"<text class="note" x="{:.2}" y="{:.2}" text-anchor="end">Right</text>"#,
        x1,
        py(t_lo) + 28.0
    );
    // Walls: one line per linear piece, up to the temperature.
    for (side, wall) in [("left", &thermograph.left), ("right", &thermograph.right)] {
        for pair in wall.corners().windows(2) {
            let ((t0, v0), (t1, v1)) = (&pair[0], &pair[1]);
            let _ = writeln!(
                s,
                r#"<line class="wall {side}" x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}"/>"#,
                px(f(v0)),
                py(f(t0)),
                px(f(v1)),
                py(f(t1))
            );
        }
    }
    let _ = writeln!(
        s,
        r#"<line class="mast" x1="{x:.2}" y1="{:.2}" x2="{x:.2}" y2="{:.2}"/>"#,
        py(tau),
        py(t_hi),
        x = px(mean)
    );
    // Critical points, each labelled once.
    let mut labelled: Vec<&(Number, Number)> = Vec::new();
    for p in &points {
        if labelled.contains(&p) {
            continue;
        }
        labelled.push(p);
        let (t, x) = p;
        let (cx, cy) = (px(f(x)), py(f(t)));
        let _ = writeln!(
            s,
            r#"<circle class="point" cx="{cx:.2}" cy="{cy:.2}" r="3"/>"#
        );
        let _ = writeln!(
            s,
            r#"<text class="label" x="{:.2}" y="{:.2}">({x}, {t})</text>"#,
            cx + 5.0,
            cy - 5.0
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Escapes text for XML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
