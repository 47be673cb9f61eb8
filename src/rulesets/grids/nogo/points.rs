//! What a point of a NoGo board holds, as the labels of the vertices of its graph of blocks
//! and as the bitboard search's stones.

/// Label of an empty point.
pub const EMPTY: u8 = 0;
/// Label of a black block (Left's stones).
pub const BLACK: u8 = 1;
/// Label of a white block (Right's stones).
pub const WHITE: u8 = 2;
