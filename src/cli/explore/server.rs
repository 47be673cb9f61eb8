//! The explorer's HTTP layer: the accept loop, the checks every request passes, the routes and
//! the page's assets.
//!
//! Safety, for a server that runs work on the user's machine from a browser, where any page the
//! user visits may send it requests:
//!
//! - **DNS rebinding**: a request is answered only when its `Host` header names the listening
//!   address as an IP literal with its port (or `localhost:PORT` when listening on a loopback
//!   address; any IP literal with the port when listening on every address); a name that some
//!   other site's DNS points at 127.0.0.1 is refused.
//! - **Cross-origin writes**: a POST must carry `Content-Type: application/json` (which a page
//!   of another origin cannot send without a preflight, which this server never grants) and,
//!   when the browser sends `Origin`, an origin equal to `http://` and the request's own Host.
//! - **Size**: a body is at most [`MAX_BODY`] bytes, at most [`MAX_HANDLERS`] requests are
//!   answered at once, and every input then goes through the library's parser and limits.
//!
//! Every answer of the API is JSON; an error is `{"error": "one line", "kind": ...}` with a 4xx
//! or 5xx status, never a dropped connection or a crash.

use super::api;
use super::jobs::Jobs;
use super::reply::Reply;
use serde_json::{json, Value as Json};
use std::io::Read;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The largest request body accepted, in bytes.
pub const MAX_BODY: usize = 64 * 1024;

/// The most requests answered at once; one more is refused with status 503.
pub const MAX_HANDLERS: usize = 64;

/// The page and its assets, compiled in.
const INDEX_HTML: &str = include_str!("assets/index.html");
const EXPLORE_CSS: &str = include_str!("assets/explore.css");
const EXPLORE_JS: &str = include_str!("assets/explore.js");

/// What the request threads share.
pub struct State {
    /// The listening address.
    addr: SocketAddr,
    /// The jobs and the sessions' worksheets.
    pub jobs: Arc<Jobs>,
    /// The requests being answered.
    handlers: AtomicUsize,
}

impl State {
    /// The state of a server listening on `addr`, each job within `time_limit`.
    pub fn new(addr: SocketAddr, time_limit: Duration) -> Arc<State> {
        Arc::new(State {
            addr,
            jobs: Jobs::start(time_limit),
            handlers: AtomicUsize::new(0),
        })
    }
}

/// Answers requests until `stop` is set, each on a thread of its own.
pub fn serve(http: &tiny_http::Server, state: &Arc<State>, stop: &AtomicBool) {
    while !stop.load(Ordering::Relaxed) {
        let request = match http.recv_timeout(Duration::from_millis(100)) {
            Ok(Some(request)) => request,
            Ok(None) => continue,
            Err(_) => continue,
        };
        if state.handlers.fetch_add(1, Ordering::SeqCst) >= MAX_HANDLERS {
            state.handlers.fetch_sub(1, Ordering::SeqCst);
            let reply = Reply::error(503, "budget", "the server is busy: too many requests");
            send(request, reply);
            continue;
        }
        let shared = Arc::clone(state);
        let spawned = std::thread::Builder::new()
            .name("request".into())
            .spawn(move || {
                /// Counts the request out however the thread ends.
                struct Done(Arc<State>);
                impl Drop for Done {
                    fn drop(&mut self) {
                        self.0.handlers.fetch_sub(1, Ordering::SeqCst);
                    }
                }
                let _done = Done(Arc::clone(&shared));
                answer(request, &shared);
            });
        if spawned.is_err() {
            state.handlers.fetch_sub(1, Ordering::SeqCst);
        }
    }
    state.jobs.cancel_all();
}

/// Answers one request.
fn answer(mut request: tiny_http::Request, state: &State) {
    let host = header(&request, "Host");
    if !host.as_deref().is_some_and(|h| host_allowed(h, state.addr)) {
        let reply = Reply::error(
            403,
            "refused",
            format!(
                "refused: the Host header ({}) does not name this server's address ({})",
                host.as_deref().unwrap_or("none"),
                state.addr
            ),
        );
        return send(request, reply);
    }
    let url = request.url().to_string();
    let path = url.split('?').next().unwrap_or("").to_string();
    let method = request.method().clone();
    use tiny_http::Method::{Get, Head, Post};
    match (&method, path.as_str()) {
        (Get | Head, "/") => return send_asset(request, INDEX_HTML, "text/html; charset=utf-8"),
        (Get | Head, "/explore.css") => {
            return send_asset(request, EXPLORE_CSS, "text/css; charset=utf-8")
        }
        (Get | Head, "/explore.js") => {
            return send_asset(request, EXPLORE_JS, "text/javascript; charset=utf-8")
        }
        (Get, p) if p.starts_with("/api/job/") => {
            let reply = poll(state, &p["/api/job/".len()..]);
            return send(request, reply);
        }
        (Post, p) if p.starts_with("/api/") => {}
        (_, p) if p.starts_with("/api/") => {
            let reply = Reply::error(405, "request", format!("{p} takes POST"));
            return send(request, reply);
        }
        (_, p) => {
            let reply = Reply::error(404, "request", format!("no such page: {p}"));
            return send(request, reply);
        }
    }
    let body = match read_json(&mut request, host.as_deref().unwrap_or("")) {
        Ok(body) => body,
        Err(reply) => return send(request, reply),
    };
    let reply = match path.as_str() {
        "/api/eval" => api::eval(&state.jobs, &body),
        "/api/board" => api::board(&body),
        "/api/cancel" => cancel(state, &body),
        "/api/close" => close(state, &body),
        p if p.starts_with("/api/job/") => poll(state, &p["/api/job/".len()..]),
        p => Reply::error(404, "request", format!("no such API: {p}")),
    };
    send(request, reply)
}

/// `GET /api/job/ID`: the job's answer, or its progress while it runs.
fn poll(state: &State, id: &str) -> Reply {
    match id.parse::<u64>() {
        Ok(id) => state.jobs.poll(id),
        Err(_) => Reply::error(400, "request", format!("not a job id: {id:?}")),
    }
}

/// `POST /api/cancel {"job": ID}`: stops a job; `{"session": S}` stops all of a session's.
fn cancel(state: &State, body: &Json) -> Reply {
    if let Some(id) = body.get("job").and_then(Json::as_u64) {
        return state.jobs.cancel(id);
    }
    match body.get("session").and_then(Json::as_str) {
        Some(session) => {
            let n = state.jobs.cancel_session(session);
            Reply::ok(json!({ "cancelled": n }))
        }
        None => Reply::error(
            400,
            "request",
            "cancel takes {\"job\": ID} or {\"session\": S}",
        ),
    }
}

/// `POST /api/close {"session": S}`: the page is closing: its jobs stop and its worksheet is
/// forgotten.
fn close(state: &State, body: &Json) -> Reply {
    match body.get("session").and_then(Json::as_str) {
        Some(session) => {
            let n = state.jobs.cancel_session(session);
            state.jobs.forget_session(session);
            Reply::ok(json!({ "cancelled": n }))
        }
        None => Reply::error(400, "request", "close takes {\"session\": S}"),
    }
}

/// Whether the `Host` header `host` names the server at `addr`: an IP literal with its port
/// (the same IP, or any when listening on every address), or `localhost` with its port when
/// listening on a loopback address.
pub fn host_allowed(host: &str, addr: SocketAddr) -> bool {
    let Some((name, port)) = host.rsplit_once(':') else {
        return false;
    };
    if port.parse::<u16>().ok() != Some(addr.port()) {
        return false;
    }
    let ip = name
        .strip_prefix('[')
        .and_then(|n| n.strip_suffix(']'))
        .unwrap_or(name);
    match ip.parse::<IpAddr>() {
        Ok(ip) => addr.ip().is_unspecified() || ip == addr.ip(),
        Err(_) => name.eq_ignore_ascii_case("localhost") && addr.ip().is_loopback(),
    }
}

/// The value of the header `name`, if the request has it.
fn header(request: &tiny_http::Request, name: &'static str) -> Option<String> {
    request
        .headers()
        .iter()
        .find(|h| h.field.equiv(name))
        .map(|h| h.value.as_str().to_string())
}

/// The JSON body of a POST, after the checks for writes: the origin, the content type and the
/// size.
fn read_json(request: &mut tiny_http::Request, host: &str) -> Result<Json, Reply> {
    if let Some(origin) = header(request, "Origin") {
        if origin != format!("http://{host}") {
            return Err(Reply::error(
                403,
                "refused",
                format!("refused: a request from another origin ({origin})"),
            ));
        }
    }
    let json_type = header(request, "Content-Type").is_some_and(|t| {
        t.split(';')
            .next()
            .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
    });
    if !json_type {
        return Err(Reply::error(
            415,
            "request",
            "the body must be JSON, sent with Content-Type: application/json",
        ));
    }
    if request.body_length().is_some_and(|n| n > MAX_BODY) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    let read = request
        .as_reader()
        .take(MAX_BODY as u64 + 1)
        .read_to_end(&mut body);
    if read.is_err() {
        return Err(Reply::error(400, "request", "the body could not be read"));
    }
    if body.len() > MAX_BODY {
        return Err(too_large());
    }
    serde_json::from_slice(&body)
        .map_err(|e| Reply::error(400, "request", format!("the body is not valid JSON: {e}")))
}

fn too_large() -> Reply {
    Reply::error(
        413,
        "request",
        format!("the body is larger than {} KiB", MAX_BODY / 1024),
    )
}

/// Headers every answer carries: no caching, no framing by other pages, no content sniffing, and
/// a content security policy that allows only the page's own script and style (the SVG pictures
/// carry style elements of their own).
fn common_headers() -> Vec<tiny_http::Header> {
    [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "no-referrer"),
        (
            "Content-Security-Policy",
            "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'",
        ),
    ]
    .iter()
    .filter_map(|(k, v)| tiny_http::Header::from_bytes(k.as_bytes(), v.as_bytes()).ok())
    .collect()
}

fn send(request: tiny_http::Request, reply: Reply) {
    let mut response =
        tiny_http::Response::from_string(reply.body.to_string()).with_status_code(reply.status);
    for h in common_headers() {
        response.add_header(h);
    }
    if let Ok(h) = tiny_http::Header::from_bytes(&b"Content-Type"[..], &b"application/json"[..]) {
        response.add_header(h);
    }
    // The client may have gone away; nothing to do then.
    let _ = request.respond(response);
}

fn send_asset(request: tiny_http::Request, body: &'static str, content_type: &str) {
    let mut response = tiny_http::Response::from_string(body);
    for h in common_headers() {
        response.add_header(h);
    }
    if let Ok(h) = tiny_http::Header::from_bytes(&b"Content-Type"[..], content_type.as_bytes()) {
        response.add_header(h);
    }
    let _ = request.respond(response);
}
