//! `partizan explore`: the explorer, a local web page over the library.
//!
//! A small HTTP server (`tiny_http`, synchronous: one thread accepts, one short-lived thread
//! answers each request, one thread computes each job) serves one page compiled into the binary
//! (`assets/`: HTML, CSS and JavaScript, no build step, nothing fetched from elsewhere) and a
//! JSON API that calls the same library functions as `partizan eval`:
//!
//! - [`server`]: the accept loop, the safety checks every request passes (the `Host` header
//!   must name the listening address, a write must come from the page's own origin with a JSON
//!   body of at most [`server::MAX_BODY`] bytes), the routes and the static assets;
//! - [`jobs`]: each computation runs on a thread of its own under a time budget and a
//!   [`Cancel`](partizan::interrupt::Cancel) token, so that Cancel on the page (or a closed
//!   tab) stops that job at its next interruption point and no other; at most
//!   [`jobs::MAX_RUNNING`] run at once; the worksheets of the page sessions;
//! - [`api`]: the answers, as JSON: a worksheet entry's value (plain and Unicode), outcome
//!   class, stops, mean, temperature, birthday, thermograph picture, and for a position its
//!   board picture ([`partizan::render::board`], the notebook's renderer) and its options.
//!
//! The server reads and writes no file. The memory budget (`--max-memory`) is the process's:
//! when the resident memory passes it, the running jobs are stopped with the budget's error and
//! the server goes on (see `cli::monitor::recover_from_budget`).

mod api;
mod jobs;
mod reply;
mod server;

use std::io::Write as _;
use std::net::SocketAddr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// What `partizan explore` was asked for.
pub struct Options {
    /// The address to listen on, port 0 for a free one.
    pub listen: SocketAddr,
    /// Whether to open the page in the default browser.
    pub open: bool,
    /// The time budget of one job.
    pub time_limit: Duration,
}

/// `--time-limit S`: a positive number of seconds.
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    match s.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() && x <= 1e9 => Ok(Duration::from_secs_f64(x)),
        _ => Err(format!("expected a positive number of seconds, not {s:?}")),
    }
}

/// Set by the first Ctrl-C: the accept loop notices it and the server ends.
static STOP: AtomicBool = AtomicBool::new(false);

/// Runs the explorer until Ctrl-C: binds `options.listen`, prints the page's address on
/// standard output (`partizan explore: http://127.0.0.1:PORT/`), opens it in the browser when
/// asked, and serves.
pub fn run(options: Options) -> Result<(), String> {
    super::monitor::stop_on_interrupt(&STOP);
    // A long-lived server is no piece of work to draw progress for, and a pass of the memory
    // budget stops the jobs, not the server.
    super::monitor::idle();
    super::monitor::recover_from_budget();
    let http = tiny_http::Server::http(options.listen)
        .map_err(|e| format!("cannot listen on {}: {e}", options.listen))?;
    let addr = http
        .server_addr()
        .to_ip()
        .ok_or_else(|| "the server has no IP address".to_string())?;
    let url = format!("http://{}/", addr);
    {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "partizan explore: {url}");
        let _ = writeln!(out, "partizan explore: Ctrl-C stops the server");
        let _ = out.flush();
    }
    if options.open {
        open_browser(&url);
    }
    let state = server::State::new(addr, options.time_limit);
    server::serve(&http, &state, &STOP);
    let _ = writeln!(std::io::stdout(), "partizan explore: stopped");
    Ok(())
}

/// Opens `url` with the desktop's opener (`open` on macOS, `xdg-open` elsewhere), if there is
/// one; a machine without one (a server, a container) just has the address printed.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let child = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    match child {
        // Reaped by a thread of its own, so that no zombie is left.
        Ok(mut child) => {
            let _ = std::thread::Builder::new()
                .name("opener".into())
                .spawn(move || child.wait());
        }
        Err(_) => {
            let _ = writeln!(
                std::io::stderr(),
                "partizan explore: no browser opener ({opener}) found; open the address above"
            );
        }
    }
}
