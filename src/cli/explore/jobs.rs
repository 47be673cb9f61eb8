//! The explorer's jobs: each computation on a thread of its own, under a time budget, stopped by
//! its own [`Cancel`] token; and the worksheets of the page sessions.
//!
//! A request that computes submits a job and waits up to [`WAIT`] for it: a quick answer comes
//! back at once, a slow one as the job's id, which the page polls (`GET /api/job/ID`, each poll
//! again waiting up to [`WAIT`]) and may cancel (`POST /api/cancel`). A watcher thread stops a
//! job that passes the time limit, and one whose answer nobody has asked for in [`ABANDONED`]
//! (the page was closed without saying so). Stopping goes through the library's interruption
//! points ([`partizan::interrupt::catch_cancellable`]): the job's thread unwinds, its tables
//! stay consistent, and the other jobs go on.
//!
//! Each page session (an id the page chooses) has a worksheet, so that a name assigned in one
//! entry is known in the next; at most [`MAX_SESSIONS`] are kept, the least recently used
//! forgotten first. A session's entries run one after another (its worksheet is locked while
//! an entry runs).

use super::reply::Reply;
use partizan::expr::Worksheet;
use partizan::interrupt::Cancel;
use serde_json::json;
use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

/// The most jobs running at once; one more is refused with a budget error.
pub const MAX_RUNNING: usize = 8;

/// How long a request waits for its job before answering with the job's id.
pub const WAIT: Duration = Duration::from_millis(200);

/// A running job whose answer nobody has asked for in this long is stopped.
pub const ABANDONED: Duration = Duration::from_secs(15);

/// A finished job whose answer nobody has fetched in this long is forgotten.
const KEEP_DONE: Duration = Duration::from_secs(60);

/// The most page sessions whose worksheets are kept.
pub const MAX_SESSIONS: usize = 64;

/// The longest session id accepted.
const MAX_SESSION_ID: usize = 64;

/// The jobs and sessions of one server.
pub struct Jobs {
    time_limit: Duration,
    next_id: AtomicU64,
    running: AtomicUsize,
    table: Mutex<HashMap<u64, Arc<Job>>>,
    sessions: Mutex<HashMap<String, Session>>,
}

/// A page session's worksheet.
struct Session {
    sheet: Arc<Mutex<Worksheet>>,
    used: Instant,
}

/// One computation.
struct Job {
    id: u64,
    session: Option<String>,
    token: Cancel,
    started: Instant,
    /// The positions counted (by every job) when this one started, for its progress.
    positions_at_start: u64,
    /// Why the job was stopped, when it was stopped from outside.
    stopped: Mutex<Option<(u16, &'static str, String)>>,
    /// When the page last asked for the answer.
    seen: Mutex<Instant>,
    /// The answer, once the job has ended.
    answer: Mutex<Option<Reply>>,
    done: Condvar,
}

/// Locks `m`, also after a panic of a thread that held it (the data are still whole: every
/// writer replaces a value at once).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Jobs {
    /// The jobs of a server whose jobs have `time_limit` each, with the watcher thread that
    /// enforces it (the thread ends with the server).
    pub fn start(time_limit: Duration) -> Arc<Jobs> {
        let jobs = Arc::new(Jobs {
            time_limit,
            next_id: AtomicU64::new(1),
            running: AtomicUsize::new(0),
            table: Mutex::new(HashMap::new()),
            sessions: Mutex::new(HashMap::new()),
        });
        let weak = Arc::downgrade(&jobs);
        let _ = std::thread::Builder::new()
            .name("job watcher".into())
            .spawn(move || watch(weak));
        jobs
    }

    /// The worksheet of `session` (a new one for a new session); a worksheet of its own for
    /// an entry without a session.
    pub fn sheet(&self, session: Option<&str>) -> Result<Arc<Mutex<Worksheet>>, Reply> {
        let Some(id) = session else {
            return Ok(Arc::new(Mutex::new(Worksheet::new())));
        };
        if id.is_empty()
            || id.len() > MAX_SESSION_ID
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(Reply::error(
                400,
                "request",
                format!("a session id is 1 to {MAX_SESSION_ID} letters, digits, '-' or '_'"),
            ));
        }
        let mut sessions = lock(&self.sessions);
        if !sessions.contains_key(id) && sessions.len() >= MAX_SESSIONS {
            let oldest = sessions
                .iter()
                .min_by_key(|(_, s)| s.used)
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                sessions.remove(&oldest);
            }
        }
        let session = sessions.entry(id.to_string()).or_insert_with(|| Session {
            sheet: Arc::new(Mutex::new(Worksheet::new())),
            used: Instant::now(),
        });
        session.used = Instant::now();
        Ok(Arc::clone(&session.sheet))
    }

    /// Forgets the worksheet of `session`.
    pub fn forget_session(&self, session: &str) {
        lock(&self.sessions).remove(session);
    }

    /// Runs `work` as a job of `session` and waits up to [`WAIT`] for it: its answer, or
    /// `{"job": ID, "state": "running"}` (status 202). Refused with a budget error when
    /// [`MAX_RUNNING`] jobs are running.
    pub fn submit(
        self: &Arc<Self>,
        session: Option<&str>,
        work: impl FnOnce() -> Reply + Send + 'static,
    ) -> Reply {
        if self.running.fetch_add(1, Ordering::SeqCst) >= MAX_RUNNING {
            self.running.fetch_sub(1, Ordering::SeqCst);
            return Reply::error(
                429,
                "budget",
                format!(
                    "refused: {MAX_RUNNING} jobs are running, the most at once; wait for one or cancel it"
                ),
            );
        }
        let job = Arc::new(Job {
            id: self.next_id.fetch_add(1, Ordering::SeqCst),
            session: session.map(str::to_string),
            token: Cancel::new(),
            started: Instant::now(),
            positions_at_start: partizan::progress::positions(),
            stopped: Mutex::new(None),
            seen: Mutex::new(Instant::now()),
            answer: Mutex::new(None),
            done: Condvar::new(),
        });
        lock(&self.table).insert(job.id, Arc::clone(&job));
        let (jobs, runner) = (Arc::clone(self), Arc::clone(&job));
        let spawned = std::thread::Builder::new()
            .name(format!("job {}", job.id))
            .spawn(move || {
                let reply = run(&runner, work);
                *lock(&runner.answer) = Some(reply);
                runner.done.notify_all();
                jobs.running.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            self.running.fetch_sub(1, Ordering::SeqCst);
            lock(&self.table).remove(&job.id);
            return Reply::error(
                503,
                "budget",
                "refused: no thread could be started for the job",
            );
        }
        self.wait(&job)
    }

    /// The answer of job `id` if it ends within [`WAIT`], else its progress.
    pub fn poll(&self, id: u64) -> Reply {
        let job = lock(&self.table).get(&id).cloned();
        match job {
            Some(job) => self.wait(&job),
            None => Reply::error(
                404,
                "request",
                format!("no job {id}: it ended and its answer was given, or it never was"),
            ),
        }
    }

    /// Waits up to [`WAIT`] for `job`: its answer (the job is then forgotten), or its progress.
    fn wait(&self, job: &Job) -> Reply {
        *lock(&job.seen) = Instant::now();
        let answer = lock(&job.answer);
        let (mut answer, _) = job
            .done
            .wait_timeout_while(answer, WAIT, |a| a.is_none())
            .unwrap_or_else(|e| e.into_inner());
        match answer.take() {
            Some(mut reply) => {
                drop(answer);
                lock(&self.table).remove(&job.id);
                if let Some(body) = reply.body.as_object_mut() {
                    body.insert("job".into(), job.id.into());
                }
                reply
            }
            None => Reply {
                status: 202,
                body: json!({
                    "job": job.id,
                    "state": "running",
                    "seconds": job.started.elapsed().as_secs_f64(),
                    "positions": partizan::progress::positions()
                        .saturating_sub(job.positions_at_start),
                    "time_limit": self.time_limit.as_secs_f64(),
                }),
            },
        }
    }

    /// Stops job `id` (its answer becomes a "cancelled" error).
    pub fn cancel(&self, id: u64) -> Reply {
        let job = lock(&self.table).get(&id).cloned();
        match job {
            Some(job) => {
                stop(&job, 409, "cancelled", "cancelled".into());
                Reply::ok(json!({ "cancelled": 1 }))
            }
            None => Reply::error(404, "request", format!("no job {id} is running")),
        }
    }

    /// Stops every running job of `session`; how many.
    pub fn cancel_session(&self, session: &str) -> usize {
        let table = lock(&self.table);
        let mut n = 0;
        for job in table.values() {
            if job.session.as_deref() == Some(session) && lock(&job.answer).is_none() {
                stop(
                    job,
                    409,
                    "cancelled",
                    "cancelled: the page was closed".into(),
                );
                n += 1;
            }
        }
        n
    }

    /// Stops every job (the server is ending).
    pub fn cancel_all(&self) {
        for job in lock(&self.table).values() {
            stop(
                job,
                503,
                "cancelled",
                "stopped: the server is ending".into(),
            );
        }
    }
}

/// Records why `job` is stopped (the first reason wins) and cancels its token.
fn stop(job: &Job, status: u16, kind: &'static str, why: String) {
    let mut stopped = lock(&job.stopped);
    if stopped.is_none() {
        *stopped = Some((status, kind, why));
    }
    job.token.cancel();
}

/// Runs `work` on this thread with the job's token: its answer, or the error that says why it
/// stopped (cancelled, a budget, a size limit of the algebra, an internal error).
fn run(job: &Job, work: impl FnOnce() -> Reply) -> Reply {
    let token = job.token.clone();
    let result = std::panic::catch_unwind(AssertUnwindSafe(|| {
        partizan::algebra::limits::catch(AssertUnwindSafe(|| {
            partizan::interrupt::catch_cancellable(&token, AssertUnwindSafe(work))
        }))
    }));
    match result {
        Ok(Ok(Ok(reply))) => reply,
        Ok(Ok(Err(_interrupted))) => {
            if let Some((status, kind, why)) = lock(&job.stopped).take() {
                return Reply::error(status, kind, why);
            }
            // Not this job's own stop: the memory budget's (which stops every job) or Ctrl-C.
            match crate::cli::monitor::budget_stop() {
                Some(message) => Reply::error(503, "budget", message),
                None => Reply::error(503, "budget", "stopped: the memory budget was reached"),
            }
        }
        Ok(Err(limit)) => Reply::error(400, "limit", limit.message),
        Err(_) => Reply::error(
            500,
            "internal",
            "internal error (the job's thread panicked)",
        ),
    }
}

/// The watcher: every 100 ms, stops the jobs past the time limit and those nobody asks about,
/// and forgets the answers nobody fetched. Ends when the server's [`Jobs`] are dropped.
fn watch(jobs: Weak<Jobs>) {
    loop {
        std::thread::sleep(Duration::from_millis(100));
        let Some(jobs) = jobs.upgrade() else { return };
        let limit = jobs.time_limit;
        lock(&jobs.table).retain(|_, job| {
            let finished = lock(&job.answer).is_some();
            let unseen = lock(&job.seen).elapsed();
            if finished {
                return unseen < KEEP_DONE;
            }
            if job.started.elapsed() > limit {
                stop(
                    job,
                    503,
                    "budget",
                    format!(
                        "stopped: time limit of {} s reached (partizan explore --time-limit)",
                        limit.as_secs_f64()
                    ),
                );
            } else if unseen > ABANDONED {
                stop(
                    job,
                    409,
                    "cancelled",
                    format!(
                        "cancelled: nobody asked for the answer in {} s",
                        ABANDONED.as_secs()
                    ),
                );
            }
            true
        });
    }
}
