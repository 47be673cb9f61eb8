//! The element types of a Grundy-value array (`u8`, `u16`, `u32`): the sparse-space engine
//! ([`crate::solve::sparse`]) keeps its values in the narrowest that holds them, and the
//! periodicity watch ([`crate::solve::periodic`]) reads them through this trait.

/// An element type of the value array: `u8`, `u16` or `u32`.
pub trait Cell: Copy + PartialEq + Send + Sync + 'static {
    /// The largest value it holds.
    const MAX: u32;
    /// Its width in bytes.
    const BYTES: usize;
    /// The value.
    fn get(self) -> u32;
    /// `v`, which must be at most [`Cell::MAX`].
    fn from_u32(v: u32) -> Self;
    /// The values as 16-bit values, if that is their type (for the vector test of the coupon
    /// scan).
    fn as_u16(values: &[Self]) -> Option<&[u16]>;
}

macro_rules! cell {
    ($t:ty, $as_u16:expr) => {
        impl Cell for $t {
            const MAX: u32 = <$t>::MAX as u32;
            const BYTES: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            fn get(self) -> u32 {
                self as u32
            }
            #[inline(always)]
            fn from_u32(v: u32) -> Self {
                v as $t
            }
            #[inline(always)]
            fn as_u16(values: &[Self]) -> Option<&[u16]> {
                $as_u16(values)
            }
        }
    };
}
cell!(u8, |_| None);
cell!(u16, Some);
cell!(u32, |_| None);
