//! `partizan explore`, the explorer's server, driven without a browser: the built binary on a
//! free port, raw HTTP over `TcpStream`. Values are checked against the literature and against
//! `partizan eval` on the same input; the safety checks (Host, Origin, content type, body
//! size), the job cap, cancelling and the time limit are checked by their answers.

use crate::util::cli;
use serde_json::{json, Value as Json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `partizan explore --no-open --port 0`, ended when dropped.
struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    addr: String,
    /// The folder it runs in (empty, to check that it writes nothing).
    dir: std::path::PathBuf,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let dir = std::env::temp_dir().join(format!(
            "partizan-explore-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_partizan"))
            .args(["explore", "--no-open", "--port", "0"])
            .args(extra)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start partizan explore");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .trim()
            .strip_prefix("partizan explore: http://")
            .and_then(|a| a.strip_suffix('/'))
            .unwrap_or_else(|| panic!("the first line names the address: {line:?}"))
            .to_string();
        Server { child, addr, dir }
    }

    /// Sends a raw request (`head` holds the request line's method and path, and extra header
    /// lines) and returns the status and the JSON body.
    fn raw(&self, request: &str) -> (u16, Json) {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut text = Vec::new();
        stream.read_to_end(&mut text).unwrap();
        let text = String::from_utf8_lossy(&text);
        let (head, body) = text.split_once("\r\n\r\n").expect("a response");
        let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
        let body = serde_json::from_str(body).unwrap_or(Json::String(body.to_string()));
        (status, body)
    }

    fn post(&self, path: &str, body: &Json) -> (u16, Json) {
        let body = body.to_string();
        self.raw(&format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        ))
    }

    fn get(&self, path: &str) -> (u16, Json) {
        self.raw(&format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            self.addr
        ))
    }

    /// The answer to an entry, polling while it runs.
    fn eval(&self, body: Json) -> (u16, Json) {
        let (mut status, mut answer) = self.post("/api/eval", &body);
        while answer["state"] == "running" {
            (status, answer) = self.get(&format!("/api/job/{}", answer["job"]));
        }
        (status, answer)
    }

    fn value(&self, input: &str) -> String {
        let (status, answer) = self.eval(json!({ "input": input }));
        assert_eq!(status, 200, "{input}: {answer}");
        answer["value"].as_str().unwrap().to_string()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// 6×6 Domineering: its canonical form takes minutes.
const LONG: &str = "domineering(\"......|......|......|......|......|......\")";

#[test]
fn eval_answers_as_the_cli_does() {
    let s = Server::start(&[]);
    assert_eq!(s.value("{0|*} + ^"), "^^");
    let (_, a) = s.eval(json!({ "input": "{0|*} + ^", "properties": true }));
    assert_eq!(a["unicode"], "⇑");
    assert_eq!(a["game"]["outcome"], "L");
    assert_eq!(a["game"]["temperature"], "0");
    // Domineering (Left vertical): a vertical strip of n squares is floor(n/2) moves for Left
    // whoever starts, less for odd lengths' last square: 1, 1, 2; a horizontal pair is -1;
    // the 2x2 square is ±1 (WW ch. 5; LIP §2.1).
    for (board, value) in [
        (".|.", "1"),
        (".|.|.", "1"),
        (".|.|.|.", "2"),
        ("..", "-1"),
        ("..|..", "+-1"),
    ] {
        assert_eq!(
            s.value(&format!("domineering(\"{board}\")")),
            value,
            "{board}"
        );
    }
    // The page's answer is `partizan eval`'s on the same input.
    for input in [
        "domineering(\"...|...\")",
        "domineering(\"...|..#\")",
        "domineering(\"#..|...\")",
        "clobber(\"xox|oxo\")",
        "toads(\"TT..FF\")",
        "cram(\"...|...|...\")",
        "({3|-2}).Cool(5/2)",
        "[game.heap.Kayles(n).NimValue for n from 1 to 12]",
    ] {
        let cli = cli::ok(&["eval", input]);
        assert_eq!(s.value(input), cli.trim_end(), "{input}");
        let unicode = cli::ok(&["eval", "--unicode", input]);
        let (_, a) = s.eval(json!({ "input": input }));
        assert_eq!(a["unicode"], unicode.trim_end(), "{input}");
    }
    // A bad entry: the CLI's one-line message and the span it is about.
    let (status, a) = s.eval(json!({ "input": "{1|*2" }));
    assert_eq!(status, 400);
    let stderr = cli::run(&["eval", "{1|*2"]).stderr;
    assert_eq!(format!("error: {}\n", a["error"].as_str().unwrap()), stderr);
    assert_eq!(a["span"], json!([5, 5]));
    let (status, a) = s.eval(json!({ "input": "1 + nosuchfamily(3)" }));
    assert_eq!(status, 400, "{a}");
    assert_eq!(a["span"][0], 4);
    // Nothing was written where the server runs.
    assert_eq!(std::fs::read_dir(&s.dir).unwrap().count(), 0);
}

#[test]
fn sessions_keep_names_and_positions_give_options() {
    let s = Server::start(&[]);
    let (_, a) = s.eval(json!({ "input": "g := {2||1|0};", "session": "t1" }));
    assert_eq!(a["value"], Json::Null);
    let (_, a) = s.eval(json!({ "input": "g.Temperature", "session": "t1" }));
    assert_eq!(a["value"], "3/4");
    let (status, _) = s.eval(json!({ "input": "g.Temperature", "session": "t2" }));
    assert_eq!(status, 400);
    // 2x2 Domineering: each of Left's two moves leaves a vertical pair, 1, and wins; each of
    // Right's a horizontal pair, -1.
    let (_, a) =
        s.eval(json!({ "input": "domineering(\"..|..\")", "options": true, "followers": true }));
    let p = &a["position"];
    assert_eq!(p["call"], "domineering(\"..|..\")");
    assert!(p["board_svg"].as_str().unwrap().starts_with("<svg"));
    for (side, value) in [("left_options", "1"), ("right_options", "-1")] {
        let options = p[side].as_array().unwrap();
        assert_eq!(options.len(), 2, "{p}");
        for o in options {
            assert_eq!(o["value"], value);
            assert_eq!(o["winning"], true);
            assert_eq!(s.value(o["call"].as_str().unwrap()), value);
        }
    }
    // Each named in MCGS's notation: Left's vertical dominoes in columns a and b, Right's
    // horizontal ones in rows 1 and 2.
    let names = |side: &str| -> Vec<String> {
        let mut v: Vec<String> = p[side]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["move"].as_str().unwrap().to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(names("left_options"), ["a1-a2", "b1-b2"]);
    assert_eq!(names("right_options"), ["a1-b1", "a2-b2"]);
    assert!(p["followers"].as_u64().unwrap() > 4);
    let (_, a) = s.eval(json!({ "input": "({3|-2})", "thermograph": true }));
    assert!(a["game"]["thermograph_svg"]
        .as_str()
        .unwrap()
        .contains("class=\"wall"));
    let (status, a) = s.post("/api/board", &json!({ "call": "clobber(\"xo|ox\")" }));
    assert_eq!(status, 200);
    assert_eq!(
        a["board_svg"].as_str().unwrap().matches("<circle").count(),
        4
    );
}

#[test]
fn unsafe_and_malformed_requests_are_refused_with_json() {
    let s = Server::start(&[]);
    let body = r#"{"input":"1"}"#;
    let post = |headers: &str, body: &str| {
        s.raw(&format!(
            "POST /api/eval HTTP/1.1\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ))
    };
    let host = format!("Host: {}\r\n", s.addr);
    let port = s.addr.rsplit(':').next().unwrap();
    // DNS rebinding: a name that resolves here is not this server's address.
    let (status, a) = post(
        &format!("Host: attacker.example:{port}\r\nContent-Type: application/json\r\n"),
        body,
    );
    assert_eq!((status, a["kind"].as_str()), (403, Some("refused")), "{a}");
    let (status, _) = s.raw(&format!(
        "GET / HTTP/1.1\r\nHost: attacker.example:{port}\r\nConnection: close\r\n\r\n"
    ));
    assert_eq!(status, 403);
    // localhost with the port is this server.
    let (status, _) = post(
        &format!("Host: localhost:{port}\r\nContent-Type: application/json\r\n"),
        body,
    );
    assert_eq!(status, 200);
    // A write from another origin, or not as JSON.
    let (status, a) = post(
        &format!("{host}Origin: http://attacker.example\r\nContent-Type: application/json\r\n"),
        body,
    );
    assert_eq!(status, 403, "{a}");
    let (status, _) = post(
        &format!(
            "{host}Origin: http://{}\r\nContent-Type: application/json\r\n",
            s.addr
        ),
        body,
    );
    assert_eq!(status, 200);
    let (status, a) = post(&format!("{host}Content-Type: text/plain\r\n"), body);
    assert_eq!(status, 415, "{a}");
    // Malformed JSON, a body of the wrong shape, an oversized body.
    let json_type = format!("{host}Content-Type: application/json\r\n");
    for bad in ["{\"input\": ", "[1,2]", "\u{0}\u{1}", "{\"input\": 3}"] {
        let (status, a) = post(&json_type, bad);
        assert_eq!(status, 400, "{bad}: {a}");
        assert!(a["error"].as_str().is_some_and(|e| !e.contains('\n')));
    }
    let big = format!("{{\"input\": \"{}\"}}", "1+".repeat(40_000));
    let (status, a) = post(&json_type, &big);
    assert_eq!(status, 413, "{a}");
    let (status, a) = s.get("/api/eval");
    assert_eq!(status, 405, "{a}");
    let (status, a) = s.post("/api/nothing", &json!({}));
    assert_eq!(status, 404, "{a}");
    let (status, a) = s.get("/api/job/xyz");
    assert_eq!(status, 400, "{a}");
    // The server is still there.
    assert_eq!(s.value("{0|*} + ^"), "^^");
}

#[test]
fn fifty_requests_at_once_are_answered_or_refused_with_a_budget_error() {
    let s = Server::start(&[]);
    let answers: Vec<(bool, u16, Json)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..50)
            .map(|i| {
                let s = &s;
                scope.spawn(move || {
                    let long = i % 5 == 0;
                    let input = if long { LONG } else { "{0|*} + ^" };
                    let (status, a) = s.post("/api/eval", &json!({ "input": input }));
                    (long, status, a)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut refused = 0;
    for (long, status, a) in &answers {
        match status {
            200 => assert_eq!(a["value"], "^^"),
            202 => {
                assert!(long, "{a}");
                s.post("/api/cancel", &json!({ "job": a["job"] }));
            }
            429 | 503 => {
                assert_eq!(a["kind"], "budget", "{a}");
                refused += 1;
            }
            _ => panic!("{status}: {a}"),
        }
    }
    assert!(refused < 50);
    // Once the long jobs are cancelled, the next entry is answered at once.
    let start = Instant::now();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(s.value("{0|*} + ^"), "^^");
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_long_job_is_cancelled_half_way_and_the_next_entry_answered_at_once() {
    let s = Server::start(&[]);
    let (status, a) = s.post("/api/eval", &json!({ "input": LONG, "session": "c" }));
    assert_eq!(status, 202, "{a}");
    let job = a["job"].as_u64().unwrap();
    std::thread::sleep(Duration::from_millis(800));
    let (status, a) = s.get(&format!("/api/job/{job}"));
    assert_eq!(status, 202, "still running: {a}");
    assert!(a["positions"].as_u64().unwrap() > 0, "{a}");
    // Another job runs beside it, and is not stopped by the cancel.
    let (status, other) = s.post("/api/eval", &json!({ "input": LONG }));
    assert_eq!(status, 202);
    let start = Instant::now();
    let (status, _) = s.post("/api/cancel", &json!({ "job": job }));
    assert_eq!(status, 200);
    let (status, a) = s.get(&format!("/api/job/{job}"));
    assert_eq!(
        (status, a["kind"].as_str()),
        (409, Some("cancelled")),
        "{a}"
    );
    assert!(start.elapsed() < Duration::from_secs(2));
    let (status, a) = s.eval(json!({ "input": "{0|*} + ^", "session": "c" }));
    assert_eq!((status, a["value"].as_str()), (200, Some("^^")));
    assert!(start.elapsed() < Duration::from_secs(2));
    let (status, a) = s.get(&format!("/api/job/{}", other["job"]));
    assert_eq!(status, 202, "the other job still runs: {a}");
    // Closing the page stops its session's jobs.
    let (_, a) = s.post("/api/eval", &json!({ "input": LONG, "session": "d" }));
    let (_, closed) = s.post("/api/close", &json!({ "session": "d" }));
    assert_eq!(closed["cancelled"], 1);
    let (status, _) = s.get(&format!("/api/job/{}", a["job"]));
    assert_eq!(status, 409);
}

#[test]
fn a_job_past_the_time_limit_stops_with_a_budget_error() {
    let s = Server::start(&["--time-limit", "0.5"]);
    let start = Instant::now();
    let (status, a) = s.eval(json!({ "input": LONG }));
    assert_eq!((status, a["kind"].as_str()), (503, Some("budget")), "{a}");
    assert!(a["error"].as_str().unwrap().contains("time limit"), "{a}");
    assert!(start.elapsed() < Duration::from_secs(5));
    assert_eq!(s.value("{0|*} + ^"), "^^");
}

#[test]
fn the_page_is_served_with_its_assets() {
    let s = Server::start(&[]);
    for (path, needle) in [
        ("/", "partizan explorer"),
        ("/explore.js", "api/eval"),
        ("/explore.css", "option"),
    ] {
        let mut stream = TcpStream::connect(&s.addr).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            s.addr
        )
        .unwrap();
        let mut text = String::new();
        stream.read_to_string(&mut text).unwrap();
        assert!(text.starts_with("HTTP/1.1 200"), "{path}: {text}");
        assert!(text.contains("Content-Security-Policy"), "{path}");
        assert!(text.contains(needle), "{path}");
    }
}
