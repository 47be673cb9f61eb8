//! `partizan thermograph`: a game's stops and thermograph, as text and as an SVG picture.

use super::out::{Failure, Out};

/// `partizan thermograph EXPR [--svg FILE|-]`: the game, its stops and its thermograph; the
/// picture written to `svg` (`-`: standard output) when given.
pub fn thermograph(expr: &str, svg: Option<&str>, out: &mut Out) -> Result<(), Failure> {
    let g = partizan::eval(expr).map_err(|e| e.to_string())?;
    out.line(format_args!("game: {g}"))?;
    out.line(format_args!("left stop: {}", g.left_stop()))?;
    out.line(format_args!("right stop: {}", g.right_stop()))?;
    out.line(g.thermograph())?;
    match svg {
        None => Ok(()),
        Some("-") => out.print(&partizan::render::game_thermograph_svg(&g)),
        Some(path) => Ok(
            std::fs::write(path, partizan::render::game_thermograph_svg(&g))
                .map_err(|e| format!("cannot write {path}: {e}"))?,
        ),
    }
}
