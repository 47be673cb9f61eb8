//! What the canonical form of an empty Domineering rectangle needs: the size of the engine's
//! region table, extrapolated from measured sizes, and the refusal of the rectangles out of
//! reach.

use super::board::Board;
use crate::Error;

/// The number of regions the engine's table held after valuing an empty `rows × cols`
/// rectangle (`rows <= cols`), measured once for the widest rectangle of each height that
/// takes seconds; [`estimated_regions`] extrapolates from them.
const MEASURED_REGIONS: [(usize, usize, f64); 5] = [
    (2, 20, 135_080.0),
    (3, 12, 1_467_180.0),
    (4, 8, 715_765.0),
    (5, 6, 356_379.0),
    (6, 6, 4_222_738.0),
];

/// How many times the region table grows when an empty rectangle of height `h` gets one more
/// column: measured (1.83, 3.51 and 6.6 for heights 2 to 4, over the rectangles up to those of
/// [`MEASURED_REGIONS`]), and 1.9^(h−1) beyond, the trend of the measured ones.
fn column_growth(h: usize) -> f64 {
    match h {
        0 | 1 => 1.0,
        2 => 1.83,
        3 => 3.51,
        4 => 6.6,
        _ => 1.9f64.powi(h as i32 - 1),
    }
}

/// An estimate of the size of the engine's region table for the canonical form of an empty
/// `rows × cols` rectangle: the measured size of the widest rectangle of the same height that
/// takes seconds (2×20, 3×12, 4×8, 5×6, 6×6) grown by a measured factor per column (1.83, 3.51
/// and 6.6 for heights 2 to 4, and 1.9^(h−1) for height h beyond, the trend of those); for
/// heights over 6 (the rectangles being symmetric under transposition), the `(rows − 1) × cols`
/// rectangle's estimate grown by the factor of one more row of width `cols`. An extrapolation:
/// a guide to what is out of reach, good to a small factor, not a bound.
pub fn estimated_regions(rows: usize, cols: usize) -> f64 {
    let (h, w) = (rows.min(cols), rows.max(cols));
    match h {
        0 => 0.0,
        1 => w as f64,
        2..=6 => {
            let (_, w0, r0) = MEASURED_REGIONS[h - 2];
            r0 * column_growth(h).powi(w as i32 - w0 as i32)
        }
        _ => estimated_regions(h - 1, w) * column_growth(w),
    }
}

/// The memory the engine's table takes a region, values included (6×6: 581 MB for 4.2 million
/// regions).
const BYTES_PER_REGION: f64 = 140.0;

/// The most memory, estimated, that the canonical form of an empty rectangle may need before it
/// is refused as out of reach: 256 GiB.
const OUT_OF_REACH_BYTES: f64 = (1u64 << 38) as f64;

/// Refuses at once the canonical form of an empty rectangle whose estimated region table
/// ([`estimated_regions`]) needs more than [`OUT_OF_REACH_BYTES`] (7×7 and larger squares),
/// naming the estimate and the way to its outcome. Boards with filled squares are not
/// estimated: their region sets vary too much with the pattern.
pub(super) fn within_reach(b: &Board) -> Result<(), Error> {
    let full = (0..b.rows()).all(|r| (0..b.cols()).all(|c| b.is_empty(r, c)));
    if !full {
        return Ok(());
    }
    let regions = estimated_regions(b.rows(), b.cols());
    let bytes = regions * BYTES_PER_REGION;
    if bytes <= OUT_OF_REACH_BYTES {
        return Ok(());
    }
    Err(Error::Limit(crate::unwind::ExpansionLimit {
        message: format!(
            "the canonical form of the empty {}x{} Domineering board is out of reach: its table would hold about {} regions (about {} of memory; an extrapolation from the smaller boards); its outcome: partizan outcome 'domineering(\"{}\")'",
            b.rows(),
            b.cols(),
            scientific(regions),
            bytes_text(bytes),
            b
        ),
    }))
}

/// `x` as `m·10^e` with one decimal of `m`.
fn scientific(x: f64) -> String {
    let e = x.log10().floor() as i32;
    format!("{:.1}e{e}", x / 10f64.powi(e))
}

/// A number of bytes in GB or TB.
fn bytes_text(bytes: f64) -> String {
    if bytes >= 1e12 {
        format!("{:.0} TB", bytes / 1e12)
    } else {
        format!("{:.0} GB", bytes / 1e9)
    }
}
