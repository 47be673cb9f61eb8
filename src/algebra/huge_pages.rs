//! Huge pages for the large tables (the interning store's blocks, the comparison table, the
//! families' transposition tables): a hint to the system, which changes no value.

/// Asks the system to back the memory of `table` with huge pages (transparent huge pages on
/// Linux; nothing elsewhere), before its pages are first touched. A large table read at random
/// addresses (a transposition table, a lossy cache) otherwise spends much of its time on misses
/// of the processor's translation buffer. A hint: it changes no value, and a system that
/// refuses it changes nothing.
pub(crate) fn advise_huge_pages<T>(table: &[T]) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = table.as_ptr() as usize;
        let end = start + std::mem::size_of_val(table);
        // The whole huge pages inside the table.
        let (lo, hi) = (start.next_multiple_of(HUGE), end / HUGE * HUGE);
        if lo < hi {
            // SAFETY: madvise with MADV_HUGEPAGE changes no contents and no mapping, only how
            // the kernel backs the range, which lies inside the table's own allocation.
            unsafe {
                libc::madvise(lo as *mut libc::c_void, hi - lo, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = table;
}
