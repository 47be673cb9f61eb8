//! A run of the engine as the library and the command line use it: [`SparseRun`] computes
//! `G(0), G(1), …` within a memory budget and a stop flag ([`Limits`]), saves and resumes, and
//! writes the values ([`ValueFormat`]) and a [`Summary`]; [`sequence`] is the short way for a
//! few values.

use super::pair_test::PairTest;
use super::{in_pool, with_store, Cell, Core, HeapRules, Method, Store, BLOCK};
use crate::solve::grundy::Periodicity;
use crate::solve::periodic::{Candidate, PeriodWatch};
use crate::Error;
use std::fmt;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// What bounds a computation: a flag that asks it to stop (set from a Ctrl-C handler), and a
/// memory budget for the value array.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits<'a> {
    /// When set, [`SparseRun::compute`] returns [`Finish::Stopped`] within a block of values
    /// (as it does after [`crate::interrupt::request`]).
    pub stop: Option<&'a AtomicBool>,
    /// The bytes the value array may take (with the array it replaces while widening).
    pub max_bytes: Option<usize>,
}

/// How [`SparseRun::compute`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every value asked for is known.
    Done,
    /// The stop flag was set, or [`crate::interrupt::request`] called; the values so far are
    /// kept (and can be saved).
    Stopped,
}

/// A computation of `G(0), G(1), ...` by the sparse-space engine, which can be extended, saved
/// and resumed.
///
/// ```
/// use partizan::solve::sparse::{HeapRules, Limits, SparseRun};
/// // Kayles: OEIS A002186 begins 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6; period 12 from 71 on.
/// let mut run = SparseRun::new(HeapRules::octal(&[0, 7, 7]).unwrap());
/// run.compute(1000, &Limits::default()).unwrap();
/// assert_eq!(run.values()[..12], [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
/// let p = run.periodicity().unwrap();
/// assert_eq!((p.period, p.preperiod), (12, 71));
/// ```
#[derive(Clone, Debug)]
pub struct SparseRun {
    core: Core,
    store: Store,
    watch: PeriodWatch,
    /// The number of values computed when the period was proven; later ones are copies.
    proven_len: Option<usize>,
    /// Whether values past a proven period are copied from it (else computed from the rules).
    extend_by_period: bool,
}

/// The first bytes of a saved run.
const MAGIC: &[u8] = b"partizan grundy values 1\n";

/// FNV-1a over bytes, the checksum of a saved run.
fn fnv(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01B3)
    })
}
const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// How [`SparseRun::write_values`] writes the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueFormat {
    /// One line, the values separated by spaces.
    Text,
    /// A header `n,g` and one line per heap.
    Csv,
    /// The raw values, little-endian, in the width of [`Summary::bytes_per_value`].
    Binary,
}

impl std::str::FromStr for ValueFormat {
    type Err = String;
    fn from_str(s: &str) -> Result<ValueFormat, String> {
        match s {
            "text" => Ok(ValueFormat::Text),
            "csv" => Ok(ValueFormat::Csv),
            "binary" => Ok(ValueFormat::Binary),
            _ => Err(format!("unknown format {s:?}: text, csv or binary")),
        }
    }
}

fn budget_error(what: &str, bytes: usize, budget: usize) -> Error {
    Error::input(format!(
        "{what} needs {} MB of memory for its values, more than the memory budget of {} MB (--max-memory)",
        bytes.div_ceil(1_000_000),
        budget / 1_000_000
    ))
}

impl SparseRun {
    /// A run with no values yet.
    pub fn new(rules: HeapRules) -> SparseRun {
        let watch = PeriodWatch::new(rules.code_length);
        SparseRun {
            core: Core::new(rules),
            store: Store::U8(Vec::new()),
            watch,
            proven_len: None,
            extend_by_period: true,
        }
    }

    /// The game.
    pub fn rules(&self) -> &HeapRules {
        &self.core.rules
    }

    /// The number of values known, `G(0..len)`.
    pub fn len(&self) -> usize {
        self.store.len()
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `G(n)`, if known.
    pub fn get(&self, n: usize) -> Option<u32> {
        (n < self.len()).then(|| self.store.get(n))
    }

    /// The values known, `G(0..len)`.
    pub fn values(&self) -> Vec<u32> {
        with_store!(&self.store, g => g.iter().map(|v| v.get()).collect())
    }

    /// The proven period, if any.
    pub fn periodicity(&self) -> Option<Periodicity> {
        self.watch.proven()
    }

    /// The method in use.
    pub fn method(&self) -> Method {
        self.core.method
    }

    /// Uses `method` from now on, never changing it: for tests and experiments, since every
    /// value is exact whatever the method (it only decides the work). An error for a split by
    /// the position's parity when the splits remove numbers of tokens of both parities (the
    /// classes would then not be closed under the pairs).
    pub fn fix_method(&mut self, method: Method) -> Result<(), Error> {
        if let Method::Sparse {
            by_position: true, ..
        } = method
        {
            if self.core.split_parity.is_none() {
                return Err(Error::input(format!(
                    "{}: the splits remove numbers of tokens of both parities, so the position's parity cannot take part",
                    self.core.rules.name
                )));
            }
        }
        self.core.fixed = true;
        let core = &mut self.core;
        with_store!(&self.store, g => core.set_method(method, g));
        Ok(())
    }

    /// Sets whether values past a proven period are copied from it (`true`, the default), or
    /// every value is computed from the rules (`false`), as a check of the proof (or of the
    /// engine) at the cost of the work per value: Kayles, whose period is proven by
    /// `G(0..168)`, gives `G(0..10^9)` in about a second by copying and in about a minute value
    /// by value.
    ///
    /// ```
    /// use partizan::solve::sparse::{HeapRules, Limits, SparseRun};
    /// let kayles = HeapRules::octal(&[0, 7, 7]).unwrap();
    /// let mut copied = SparseRun::new(kayles.clone());
    /// copied.compute(5000, &Limits::default()).unwrap();
    /// let mut computed = SparseRun::new(kayles);
    /// computed.extend_by_period(false);
    /// computed.compute(5000, &Limits::default()).unwrap();
    /// assert_eq!(computed.values(), copied.values());
    /// assert_eq!(computed.periodicity(), copied.periodicity());
    /// ```
    pub fn extend_by_period(&mut self, on: bool) {
        self.extend_by_period = on;
    }

    /// Whether the coupon scan passes over blocks of pairs with the processor's vector
    /// instructions where it has them (AVX-512BW on x86-64; on by default): off, every pair is
    /// looked at one by one. The values are the same either way; this is for checking one
    /// against the other.
    ///
    /// ```
    /// use partizan::solve::sparse::{HeapRules, Limits, SparseRun};
    /// let treblecross = HeapRules::octal(&[0, 0, 0, 7]).unwrap();
    /// let mut vector = SparseRun::new(treblecross.clone());
    /// vector.compute(3000, &Limits::default()).unwrap();
    /// let mut scalar = SparseRun::new(treblecross);
    /// scalar.use_vector_test(false);
    /// scalar.compute(3000, &Limits::default()).unwrap();
    /// assert_eq!(vector.values(), scalar.values());
    /// ```
    pub fn use_vector_test(&mut self, on: bool) {
        self.core.test = if on {
            PairTest::detect()
        } else {
            PairTest::off()
        };
    }

    /// Computes values until `G(0..len)` are known, the stop flag is set, or the budget would
    /// be passed (an error, before allocating). Once a period is proven the remaining values
    /// are copied from one period earlier, as the Octal Periodicity Theorem allows (unless
    /// [`SparseRun::extend_by_period`] turned that off).
    pub fn compute(&mut self, len: usize, limits: &Limits) -> Result<Finish, Error> {
        if len > self.len() {
            self.reserve(len, limits)?;
        }
        // For a progress display: the share of the values done, and the time left.
        let _announced = crate::progress::announce(len.saturating_sub(self.len()) as u64);
        loop {
            let n = self.len();
            if n >= len {
                return Ok(Finish::Done);
            }
            if let Some(p) = self.watch.proven().filter(|_| self.extend_by_period) {
                with_store!(&mut self.store, g => {
                    // G(i) = G(i − m·p) for every i − m·p past the pre-period: copy the
                    // longest such whole number of periods at once.
                    while g.len() < len {
                        let n = g.len();
                        let periods = ((n - p.preperiod) / p.period).max(1);
                        let from = n - periods * p.period;
                        let count = (periods * p.period).min(len - n);
                        g.extend_from_within(from..from + count);
                    }
                });
                crate::progress::record((len - n) as u64);
                return Ok(Finish::Done);
            }
            if limits.stop.is_some_and(|s| s.load(Ordering::Relaxed))
                || crate::interrupt::requested()
            {
                return Ok(Finish::Stopped);
            }
            let mut end = len.min(n + BLOCK).min(self.core.next_review.max(n + 1));
            if let Some(w) = self.watch.wanted() {
                if w > n {
                    end = end.min(w);
                }
            }
            let core = &mut self.core;
            if let Some(v) = with_store!(&mut self.store, g => in_pool(|| core.block(g, end))) {
                self.widen(v, len, limits)?;
                let at = self.len();
                with_store!(&mut self.store, g => g.push(Cell::from_u32(v)));
                self.core.record(at, v);
            }
            crate::progress::record((self.len() - n) as u64);
            let core = &mut self.core;
            let watch = &mut self.watch;
            with_store!(&self.store, g => {
                watch.feed(g);
                if g.len() >= core.next_review
                    || core.rare.len() > 2 * core.rare_at_review + 64
                {
                    core.review(g);
                }
            });
            if self.extend_by_period && self.watch.proven().is_some() && self.proven_len.is_none() {
                self.proven_len = Some(self.len());
            }
        }
    }

    /// Room for `len` values at the current width, within the budget.
    fn reserve(&mut self, len: usize, limits: &Limits) -> Result<(), Error> {
        let bytes = len.saturating_mul(self.store.bytes());
        if let Some(budget) = limits.max_bytes {
            if bytes > budget {
                return Err(budget_error(&format!("G(0..{len})"), bytes, budget));
            }
        }
        let more = len - self.len();
        with_store!(&mut self.store, g => g.reserve_exact(more));
        Ok(())
    }

    /// Moves the values to a wider array that holds `v`, with room for `len` values.
    fn widen(&mut self, v: u32, len: usize, limits: &Limits) -> Result<(), Error> {
        let wide = if v <= u16::MAX as u32 { 2 } else { 4 };
        let bytes = len
            .saturating_mul(wide)
            .saturating_add(self.len() * self.store.bytes());
        if let Some(budget) = limits.max_bytes {
            if bytes > budget {
                return Err(budget_error(
                    &format!("G(0..{len}), whose values reach {v},"),
                    bytes,
                    budget,
                ));
            }
        }
        let store = std::mem::replace(&mut self.store, Store::U8(Vec::new()));
        self.store = if wide == 2 {
            let mut w: Vec<u16> = Vec::with_capacity(len);
            with_store!(store, g => w.extend(g.iter().map(|x| x.get() as u16)));
            Store::U16(w)
        } else {
            let mut w: Vec<u32> = Vec::with_capacity(len);
            with_store!(store, g => w.extend(g.iter().map(|x| x.get())));
            Store::U32(w)
        };
        Ok(())
    }

    /// Writes the run (the game, the values and a checksum) to `w`.
    pub fn save(&self, w: &mut dyn Write) -> std::io::Result<()> {
        w.write_all(MAGIC)?;
        writeln!(w, "{}", self.core.rules.name)?;
        w.write_all(&(self.len() as u64).to_le_bytes())?;
        w.write_all(&[self.store.bytes() as u8])?;
        let mut hash = FNV_START;
        let mut buf: Vec<u8> = Vec::with_capacity(1 << 16);
        with_store!(&self.store, g => {
            for chunk in g.chunks(1 << 14) {
                buf.clear();
                for v in chunk {
                    buf.extend_from_slice(&v.get().to_le_bytes()[..self.store.bytes()]);
                }
                hash = fnv(hash, &buf);
                w.write_all(&buf)?;
            }
        });
        w.write_all(&hash.to_le_bytes())?;
        w.flush()
    }

    /// Writes the run to the file `path`, through a temporary file renamed at the end (so that
    /// an interrupted save leaves the previous file whole).
    pub fn save_file(&self, path: &str) -> Result<(), Error> {
        let tmp = format!("{path}.partial");
        let write = || -> std::io::Result<()> {
            let mut f = std::io::BufWriter::new(std::fs::File::create(&tmp)?);
            self.save(&mut f)?;
            f.into_inner().map_err(|e| e.into_error())?.sync_all()?;
            std::fs::rename(&tmp, path)
        };
        write().map_err(|e| Error::input(format!("cannot save to {path}: {e}")))
    }

    /// Reads a run saved by [`SparseRun::save`] for the game `rules`, and reviews its values
    /// (the method, the rare positions, the periodicity) as if they had just been computed.
    pub fn load(rules: HeapRules, r: &mut dyn Read, limits: &Limits) -> Result<SparseRun, Error> {
        let bad = |what: &str| Error::input(format!("not a saved run of partizan grundy: {what}"));
        let io = |e: std::io::Error| Error::input(format!("cannot read the saved run: {e}"));
        let mut magic = vec![0u8; MAGIC.len()];
        r.read_exact(&mut magic).map_err(io)?;
        if magic != MAGIC {
            return Err(bad("wrong header"));
        }
        let mut name = Vec::new();
        let mut byte = [0u8; 1];
        loop {
            r.read_exact(&mut byte).map_err(io)?;
            if byte[0] == b'\n' {
                break;
            }
            if name.len() > 200 {
                return Err(bad("no game name"));
            }
            name.push(byte[0]);
        }
        let name = String::from_utf8_lossy(&name).into_owned();
        if name != rules.name {
            return Err(Error::input(format!(
                "the saved run is of {name}, not of {}",
                rules.name
            )));
        }
        let mut len = [0u8; 8];
        r.read_exact(&mut len).map_err(io)?;
        let len = usize::try_from(u64::from_le_bytes(len)).map_err(|_| bad("length"))?;
        r.read_exact(&mut byte).map_err(io)?;
        let width = byte[0] as usize;
        if ![1, 2, 4].contains(&width) {
            return Err(bad("value width"));
        }
        let bytes = len.checked_mul(width).ok_or_else(|| bad("length"))?;
        if let Some(budget) = limits.max_bytes {
            if bytes > budget {
                return Err(budget_error("the saved run", bytes, budget));
            }
        }
        let mut run = SparseRun::new(rules);
        let mut hash = FNV_START;
        let mut buf = vec![0u8; (1 << 14) * width];
        let mut store = match width {
            1 => Store::U8(Vec::with_capacity(len)),
            2 => Store::U16(Vec::with_capacity(len)),
            _ => Store::U32(Vec::with_capacity(len)),
        };
        let mut left = len;
        while left > 0 {
            let take = left.min(1 << 14);
            let chunk = &mut buf[..take * width];
            r.read_exact(chunk).map_err(io)?;
            hash = fnv(hash, chunk);
            let le = |c: &[u8]| {
                let mut b = [0u8; 4];
                b[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(b)
            };
            with_store!(&mut store, g => {
                for c in chunk.chunks(width) {
                    g.push(Cell::from_u32(le(c)));
                }
            });
            left -= take;
        }
        let mut sum = [0u8; 8];
        r.read_exact(&mut sum).map_err(io)?;
        if u64::from_le_bytes(sum) != hash {
            return Err(bad("checksum mismatch (the file is damaged)"));
        }
        // Recount as if computed.
        let core = &mut run.core;
        with_store!(&store, g => {
            for (n, v) in g.iter().enumerate() {
                core.record(n, v.get());
            }
            core.review(g);
            run.watch.feed(g);
        });
        run.store = store;
        if run.watch.proven().is_some() {
            run.proven_len = Some(run.len());
        }
        Ok(run)
    }

    /// Reads a run from the file `path` ([`SparseRun::load`]).
    pub fn load_file(rules: HeapRules, path: &str, limits: &Limits) -> Result<SparseRun, Error> {
        let f = std::fs::File::open(path)
            .map_err(|e| Error::input(format!("cannot open {path}: {e}")))?;
        SparseRun::load(rules, &mut std::io::BufReader::new(f), limits)
    }

    /// Writes the values known in `format`.
    pub fn write_values(&self, format: ValueFormat, w: &mut dyn Write) -> std::io::Result<()> {
        self.write_values_to(format, self.len(), w)
    }

    /// Writes `G(0..len)` (at most the values known) in `format`.
    pub fn write_values_to(
        &self,
        format: ValueFormat,
        len: usize,
        w: &mut dyn Write,
    ) -> std::io::Result<()> {
        let mut w = std::io::BufWriter::with_capacity(1 << 16, w);
        let width = self.store.bytes();
        let len = len.min(self.len());
        with_store!(&self.store, g => {
            let g = &g[..len];
            match format {
                ValueFormat::Text => {
                    for (n, v) in g.iter().enumerate() {
                        if n > 0 {
                            w.write_all(b" ")?;
                        }
                        write!(w, "{}", v.get())?;
                    }
                    w.write_all(b"\n")?;
                }
                ValueFormat::Csv => {
                    w.write_all(b"n,g\n")?;
                    for (n, v) in g.iter().enumerate() {
                        writeln!(w, "{n},{}", v.get())?;
                    }
                }
                ValueFormat::Binary => {
                    for v in g.iter() {
                        w.write_all(&v.get().to_le_bytes()[..width])?;
                    }
                }
            }
        });
        w.flush()
    }

    /// The summary of the values known.
    pub fn summary(&self) -> Summary {
        let len = self.len();
        let (max, max_at) = with_store!(&self.store, g => {
            let max = g.iter().map(|v| v.get()).max().unwrap_or(0);
            (max, g.iter().position(|v| v.get() == max).unwrap_or(0))
        });
        let counted = self.proven_len.unwrap_or(len).min(len);
        let (split, rare, last_rare) = match self.core.method {
            Method::Sparse { .. } => (
                Some(self.core.method),
                self.core.rare.len() as u64,
                self.core.rare.last().copied(),
            ),
            Method::Direct => match self.core.best_split() {
                Some((m, count)) => {
                    let mut probe = self.core.clone();
                    probe.method = m;
                    let last = (0..counted)
                        .rev()
                        .find(|&n| probe.is_rare(self.store.get(n), n));
                    (Some(m), count, last)
                }
                None => (None, 0, None),
            },
        };
        Summary {
            name: self.core.rules.name.clone(),
            len,
            max,
            max_at,
            method: self.core.method,
            split,
            rare,
            last_rare,
            rare_counted: counted,
            periodicity: self.watch.proven(),
            candidate: self.watch.candidate(),
            code_length: self.core.rules.code_length,
            bytes_per_value: self.store.bytes(),
        }
    }
}

/// What a long run reports: the largest value, the rare positions, the periodicity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The game.
    pub name: String,
    /// The number of values known, `G(0..len)`.
    pub len: usize,
    /// The largest value, first reached at `max_at`.
    pub max: u32,
    /// Where the largest value first occurs.
    pub max_at: usize,
    /// The method in use at the end.
    pub method: Method,
    /// The rare/common split the counts refer to (the one in use, or the best one when the
    /// direct method was used); `None` for a game without splits.
    pub split: Option<Method>,
    /// The number of rare positions among `G(0..rare_counted)`.
    pub rare: u64,
    /// The last rare position.
    pub last_rare: Option<usize>,
    /// The values the rare positions were counted in (those computed by the engine, not
    /// copied by the period).
    pub rare_counted: usize,
    /// The proven period.
    pub periodicity: Option<Periodicity>,
    /// The pattern seen, when not proven (or the proven one).
    pub candidate: Option<Candidate>,
    /// `t` of the periodicity theorem; `None` when no theorem applies.
    pub code_length: Option<usize>,
    /// The width of the stored (and binary-written) values.
    pub bytes_per_value: usize,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Method::Direct => write!(f, "direct (mex over every pair)"),
            Method::Sparse {
                mask,
                by_position,
                rare_parity,
            } => write!(
                f,
                "sparse space, mask {mask:#x}: rare when parity(G(n) & {mask:#x}){} = {rare_parity}",
                if *by_position { " + n mod 2" } else { "" }
            ),
        }
    }
}

impl fmt::Display for Summary {
    /// A few lines: the range, the largest value, the method and rare positions, the period.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.len.saturating_sub(1);
        writeln!(f, "{}: G(0..={last})", self.name)?;
        writeln!(
            f,
            "max value {} (first at n = {}), stored in {} byte{} a value",
            self.max,
            self.max_at,
            self.bytes_per_value,
            if self.bytes_per_value == 1 { "" } else { "s" }
        )?;
        writeln!(f, "method: {}", self.method)?;
        if let Some(split) = self.split {
            let counted = if self.rare_counted < self.len {
                format!(
                    " (in G(0..{}), before the period was proven)",
                    self.rare_counted
                )
            } else {
                String::new()
            };
            let last = self.last_rare.map_or("none".into(), |n| format!("n = {n}"));
            if split == self.method {
                writeln!(
                    f,
                    "rare positions: {}{counted}, the last at {last}",
                    self.rare
                )?;
            } else {
                writeln!(
                    f,
                    "rare positions under the best split ({split}): {}{counted}, the last at {last}",
                    self.rare
                )?;
            }
        }
        match (self.periodicity, self.candidate, self.code_length) {
            (Some(p), _, _) => writeln!(f, "{p}"),
            (None, _, None) => writeln!(
                f,
                "no periodicity theorem applies to this game; no period is claimed"
            ),
            (None, Some(c), Some(t)) if c.saltus == 0 => writeln!(
                f,
                "apparent period {}, pre-period {} on G(0..={last}); the proof needs {} values",
                c.period,
                c.preperiod,
                c.certificate_len(t)
            ),
            (None, Some(c), Some(_)) => writeln!(
                f,
                "apparent arithmetic periodicity on G(0..={last}): period {}, pre-period {}, saltus {} (not proven: finite octal games are never arithmetic-periodic)",
                c.period, c.preperiod, c.saltus
            ),
            (None, None, Some(_)) => writeln!(f, "no period found in G(0..={last})"),
        }
    }
}

/// `G(0..len)` of the game `rules` by the engine, in memory (no budget, no stop flag).
///
/// # Panics
///
/// Unwinds with [`crate::interrupt::Interrupted`] after [`crate::interrupt::request`] (see
/// [`crate::interrupt::catch`]).
///
/// ```
/// use partizan::solve::sparse::{sequence, HeapRules};
/// // Grundy's game: OEIS A002188 begins 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3.
/// assert_eq!(
///     sequence(&HeapRules::grundy_game(), 14),
///     [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]
/// );
/// ```
pub fn sequence(rules: &HeapRules, len: usize) -> Vec<u32> {
    in_memory(rules.clone(), len).values()
}

/// The run of `rules` computed to `len` in memory (no budget, no stop flag); unwinds with
/// [`crate::interrupt::Interrupted`] when interrupted, as [`sequence`] does.
pub(crate) fn in_memory(rules: HeapRules, len: usize) -> SparseRun {
    let mut run = SparseRun::new(rules);
    // Without a budget, compute cannot fail; without a stop flag, it stops only when
    // interrupted, and then the values are not all there.
    if let Ok(Finish::Stopped) = run.compute(len, &Limits::default()) {
        crate::interrupt::stop();
    }
    run
}
