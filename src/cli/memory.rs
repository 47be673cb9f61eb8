//! The memory budget: the resident set size, a guard on large allocations, `--max-memory SIZE`
//! and its default.
//!
//! Memory in use is the resident set size (`VmRSS` of Linux's `/proc/self/status`), which the
//! watcher thread (see [`super::monitor`]) reads every poll: it is what the system sees, what
//! `top` and `time` report, and what the out-of-memory killer counts, allocator overhead and
//! memory kept after a free included (a quarter more than the bytes asked for, in a search of
//! many small positions). Its high-water mark `VmHWM` is the exact peak for `--stats`.
//!
//! Why not count every allocation instead: a count, atomic or even thread-local, adds work to
//! every allocation and free, which an allocation-heavy search (Toads and Frogs) makes by the
//! million, while the resident set size costs one small read every 25 ms. What a poll can
//! miss is a single huge request (a table doubling from 1 GB to 2 GB, a sequence of ten billion
//! values) that would abort the process if the system refused it, or overshoot the budget
//! before the next poll: so the global allocator [`Guard`] looks at large allocations only (one
//! comparison for the others) and refuses one that would take the last reading past the budget.
//!
//! A thread whose allocation is refused does not get it: it sets a flag and sleeps until the
//! watcher notices the flag, prints the one-line stop message and ends the process with status
//! 2. The threads that report (main, the watcher, the Ctrl-C handler) are
//! [exempt](exempt_this_thread), so that they can always format and print.
//!
//! In a batch of lines (`eval -`) a pass of the budget stops the line, not the process (see
//! [`set_soft`]): a large allocation that would pass the budget but stays within twice the
//! budget is granted, and the line is asked to stop at its next interruption point (within
//! milliseconds), which frees what it held; one beyond twice the budget is refused as above.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

/// [`System`], refusing a large allocation that would pass the budget.
pub struct Guard;

/// Allocations from this size on are checked against the budget; smaller ones grow the
/// resident set gradually, and the watcher's poll sees them.
const LARGE: usize = 1 << 20;

/// The resident set size at the last poll.
static RESIDENT: AtomicUsize = AtomicUsize::new(0);
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);
static REFUSED: AtomicBool = AtomicBool::new(false);
/// Whether a pass of the budget stops the work instead of the process (see [`set_soft`]).
static SOFT: AtomicBool = AtomicBool::new(false);
/// Whether a large allocation passed the budget in soft mode since [`take_soft_pass`].
static SOFT_PASS: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// Whether this thread may allocate past the budget. A const-initialised `Cell` needs no
    /// allocation and no destructor, so the allocator may read it.
    static EXEMPT: Cell<bool> = const { Cell::new(false) };
}

/// Before allocating `n` more bytes: when `n` is large and would take the resident set past the
/// budget on a thread that is not exempt, never returns.
#[inline]
fn check(n: usize) {
    if n >= LARGE {
        check_large(n);
    }
}

#[cold]
fn check_large(n: usize) {
    let (after, limit) = (
        RESIDENT.load(Relaxed).saturating_add(n),
        LIMIT.load(Relaxed),
    );
    if after > limit && !EXEMPT.with(Cell::get) {
        if SOFT.load(Relaxed) && after <= limit.saturating_mul(2) {
            // Granted; the work stops at its next interruption point. Both are atomic stores.
            SOFT_PASS.store(true, Relaxed);
            partizan::interrupt::request();
            return;
        }
        REFUSED.store(true, Relaxed);
        // The watcher ends the process within a poll. `sleep` does not allocate.
        loop {
            std::thread::sleep(std::time::Duration::from_secs(3600));
        }
    }
}

// SAFETY: every method forwards to `System` with the same arguments.
unsafe impl GlobalAlloc for Guard {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        check(layout.size());
        unsafe { System.alloc(layout) }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        check(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        check(new_size.saturating_sub(layout.size()));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// From now on a large allocation that would pass the budget (within twice the budget) is
/// granted and stops the work instead of the process (see the module documentation).
pub fn set_soft() {
    SOFT.store(true, Relaxed);
}

/// Whether a large allocation passed the budget in soft mode since the last call.
pub fn take_soft_pass() -> bool {
    SOFT_PASS.swap(false, Relaxed)
}

/// Whether an allocation was refused because it would have passed the budget.
pub fn refused() -> bool {
    REFUSED.load(Relaxed)
}

/// Returns the free memory at the top of the heap and in freed pages to the system, so that the
/// resident set shrinks after a large piece of work is dropped (glibc keeps freed memory
/// otherwise). Elsewhere there is nothing to do.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn give_back() {
    extern "C" {
        fn malloc_trim(pad: usize) -> std::ffi::c_int;
    }
    // SAFETY: glibc's malloc_trim takes any pad and only releases memory that is free.
    unsafe {
        malloc_trim(0);
    }
}

/// See the Linux version: other systems' allocators are left to themselves.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn give_back() {}

/// Sets the budget, in bytes.
pub fn set_limit(bytes: usize) {
    LIMIT.store(bytes, Relaxed);
}

/// Lets the calling thread allocate past the budget (it reports; it does not compute).
pub fn exempt_this_thread() {
    EXEMPT.with(|e| e.set(true));
}

/// The resident set size, now and at its peak, in bytes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Resident {
    /// `VmRSS`.
    pub current: usize,
    /// `VmHWM`, the high-water mark.
    pub peak: usize,
}

/// Reads the resident set size from `/proc/self/status` and keeps it for the allocator's
/// check; `None` where the system does not report it (not Linux), and then only a single
/// allocation larger than the budget is refused.
pub fn sample() -> Option<Resident> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let resident = Resident {
        current: kib_field(&status, "VmRSS:")?,
        peak: kib_field(&status, "VmHWM:")?,
    };
    RESIDENT.store(resident.current, Relaxed);
    Some(resident)
}

/// An amount of memory, as given to `--max-memory` or chosen by default, with its spelling
/// for messages (`200 MB`, `512 MiB`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Size {
    /// The number of bytes.
    pub bytes: usize,
    text: String,
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Units of `--max-memory`, lower case: powers of 1000 spelled with a `B` (as disk sizes are),
/// powers of 1024 spelled with `iB` or with the bare letter (as `sort -S`, `ulimit` and systemd
/// read `1G`).
const UNITS: &[(&str, &str, f64)] = &[
    ("", "B", 1.0),
    ("b", "B", 1.0),
    ("kb", "kB", 1e3),
    ("mb", "MB", 1e6),
    ("gb", "GB", 1e9),
    ("tb", "TB", 1e12),
    ("k", "KiB", 1024.0),
    ("m", "MiB", 1048576.0),
    ("g", "GiB", 1073741824.0),
    ("t", "TiB", 1099511627776.0),
    ("kib", "KiB", 1024.0),
    ("mib", "MiB", 1048576.0),
    ("gib", "GiB", 1073741824.0),
    ("tib", "TiB", 1099511627776.0),
];

/// Parses `--max-memory`: a positive number (decimals allowed) and an optional unit, e.g.
/// `200MB`, `1.5GB`, `512MiB`, `1G`, `1000000` (bytes).
pub fn parse_size(s: &str) -> Result<Size, String> {
    let expected = "expected a size such as 200MB, 1.5GB, 512MiB or 1G";
    let t = s.trim();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = (&t[..split], t[split..].trim());
    let value: f64 = match number.parse() {
        Ok(v) if !number.starts_with('.') && !number.ends_with('.') => v,
        _ => return Err(format!("{expected}, not {s:?}")),
    };
    let Some(&(_, name, scale)) = UNITS.iter().find(|(u, _, _)| u.eq_ignore_ascii_case(unit))
    else {
        return Err(format!(
            "unknown unit {unit:?} in {s:?}: {expected} (kB, MB, GB, TB are powers of 1000; K, M, G, T and KiB, MiB, GiB, TiB powers of 1024)"
        ));
    };
    let bytes = value * scale;
    if bytes < 1.0 {
        return Err(format!(
            "the memory budget must be at least one byte, not {s:?}"
        ));
    }
    if bytes >= usize::MAX as f64 {
        return Err(format!("the memory budget {s:?} is too large"));
    }
    Ok(Size {
        bytes: bytes as usize,
        text: format!("{number} {name}"),
    })
}

/// The default budget: half of the physical memory, or of the control group's limit when that
/// is lower (a container sees the host's `MemTotal`), so that the process stops with a message
/// well before the kernel's out-of-memory killer would end it. When neither can be read (not
/// Linux), 4 GiB.
pub fn default_budget() -> Size {
    let total = [mem_total(), cgroup_limit()].into_iter().flatten().min();
    match total {
        Some(bytes) => {
            let half = bytes / 2;
            Size {
                bytes: half,
                text: format!("{} (half of {})", decimal(half), decimal(bytes)),
            }
        }
        None => Size {
            bytes: 4 << 30,
            text: "4 GiB".to_string(),
        },
    }
}

/// The field `name` (`VmRSS:`) of a `/proc` file whose lines read `name   1234 kB`, in bytes.
fn kib_field(text: &str, name: &str) -> Option<usize> {
    let line = text.lines().find(|l| l.starts_with(name))?;
    let kib: usize = line[name.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    kib.checked_mul(1024)
}

/// `MemTotal` of `/proc/meminfo`, in bytes.
fn mem_total() -> Option<usize> {
    kib_field(&std::fs::read_to_string("/proc/meminfo").ok()?, "MemTotal:")
}

/// The cgroup v2 `memory.max` of this process's group, in bytes, when it is a number.
fn cgroup_limit() -> Option<usize> {
    let groups = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let path = groups.lines().find_map(|l| l.strip_prefix("0::"))?;
    let read = |dir: &str| std::fs::read_to_string(format!("/sys/fs/cgroup{dir}/memory.max"));
    let limit = read(path.trim_end_matches('/')).or_else(|_| read(""));
    limit.ok()?.trim().parse().ok()
}

/// `bytes` in decimal units with one decimal (`12.3 GB`), as the progress line shows them.
pub fn decimal(bytes: usize) -> String {
    let units = ["B", "kB", "MB", "GB", "TB", "PB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < units.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} B")
    } else {
        format!("{value:.1} {}", units[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_decimal_and_binary_units() {
        let bytes = |s: &str| parse_size(s).map(|z| z.bytes);
        assert_eq!(bytes("200MB"), Ok(200_000_000));
        assert_eq!(bytes("1.5GB"), Ok(1_500_000_000));
        assert_eq!(bytes("512MiB"), Ok(512 << 20));
        assert_eq!(bytes("1G"), Ok(1 << 30));
        assert_eq!(bytes("1g"), Ok(1 << 30));
        assert_eq!(bytes("64 kB"), Ok(64_000));
        assert_eq!(bytes("1000"), Ok(1000));
        assert_eq!(parse_size("200MB").unwrap().to_string(), "200 MB");
        assert_eq!(parse_size("1g").unwrap().to_string(), "1 GiB");
        for bad in [
            "",
            "MB",
            "-1MB",
            "1.5.2G",
            "1.G",
            "12 parsecs",
            "0",
            "0.1B",
            "1e3MB",
        ] {
            assert!(parse_size(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn proc_fields() {
        let status = "Name:\tpartizan\nVmHWM:\t    2048 kB\nVmRSS:\t    1024 kB\n";
        assert_eq!(kib_field(status, "VmRSS:"), Some(1 << 20));
        assert_eq!(kib_field(status, "VmHWM:"), Some(2 << 20));
        assert_eq!(kib_field(status, "VmSwap:"), None);
    }

    #[test]
    fn decimal_units() {
        assert_eq!(decimal(999), "999 B");
        assert_eq!(decimal(200_000_000), "200.0 MB");
        assert_eq!(decimal(3_456_789_012), "3.5 GB");
    }
}
