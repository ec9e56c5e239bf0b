//! `crib serve`: the page behind its token, Host and Origin checks; a game played to the end
//! through the JSON the page sends, logged as `crib game` logs it; a drill, a review and the
//! history; and every kind of bad request answered with a 4xx and a message, the server serving
//! on.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use serde_json::{Value, json};

/// A `crib serve` of the tests: its address, its token, and its own data directory.
struct Served {
    child: Child,
    host: String,
    token: String,
    data: std::path::PathBuf,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.data);
    }
}

fn serve(name: &str, extra: &[&str]) -> Served {
    let data = std::env::temp_dir().join(format!("crib-test-web-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_crib"))
        .args(["serve", "--port", "0"])
        .args(extra)
        .env("XDG_DATA_HOME", &data)
        .env("XDG_CACHE_HOME", data.join("cache"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let url = first
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {first:?}"))
        .to_owned();
    let rest = url.strip_prefix("http://").unwrap();
    let (host, query) = rest.split_once('/').unwrap();
    let token = query.strip_prefix("?token=").unwrap().to_owned();
    Served {
        child,
        host: host.to_owned(),
        token,
        data,
    }
}

/// A raw HTTP/1.1 exchange: the status and the body.
fn raw(host: &str, request: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(host).unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

impl Served {
    /// A request with these headers (Host, and the token unless `token` is none).
    fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&str>,
    ) -> (u16, String) {
        let mut request = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        if let Some(body) = body {
            request.push_str(&format!(
                "Content-Type: application/json\r\nContent-Length: {}\r\n",
                body.len()
            ));
        }
        request.push_str("\r\n");
        request.push_str(body.unwrap_or_default());
        raw(&self.host, request.as_bytes())
    }

    /// A request as the page sends it: its host and its token.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let body = body.map(|b| b.to_string());
        let (status, text) = self.send(
            method,
            path,
            &[("Host", &self.host), ("X-Crib-Token", &self.token)],
            body.as_deref(),
        );
        let value = serde_json::from_str(&text)
            .unwrap_or_else(|_| panic!("{method} {path}: {status} {text:?} is not JSON"));
        (status, value)
    }

    /// Answer `answer` to a conversation's question, as the page does.
    fn answer(&self, reply: &Value, answer: &str) -> (u16, Value) {
        let id = reply["id"].as_str().unwrap();
        self.call(
            "POST",
            &format!("/api/talk/{id}"),
            Some(json!({"answered": reply["answered"], "answer": answer})),
        )
    }
}

/// `crib game ARGS --log LOG` in the terminal, with the server's data directory, answered
/// `answers` (the game may end before it reads them all).
fn terminal_game(
    s: &Served,
    args: &[&str],
    log: &std::path::Path,
    answers: &str,
) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_crib"))
        .arg("game")
        .args(args)
        .arg("--log")
        .arg(log)
        .env("XDG_DATA_HOME", &s.data)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let _ = stdin.write_all(answers.as_bytes());
    drop(stdin);
    child.wait_with_output().unwrap()
}

fn events<'a>(reply: &'a Value, kind: &str) -> Vec<&'a Value> {
    reply["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == kind)
        .collect()
}

#[test]
fn the_page_is_served_only_with_the_token_to_its_own_host() {
    let s = serve("guard", &[]);
    let host = s.host.clone();
    let with_token = format!("/?token={}", s.token);
    let (status, page) = s.send("GET", &with_token, &[("Host", &host)], None);
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("<title>crib</title>"), "{page}");
    assert!(page.contains(&format!("/app.js?token={}", s.token)));
    for asset in ["/app.js", "/app.css"] {
        let path = format!("{asset}?token={}", s.token);
        assert_eq!(s.send("GET", &path, &[("Host", &host)], None).0, 200);
    }
    // No token, a wrong one, another host (DNS rebinding), another site's page.
    let (status, body) = s.send("GET", "/", &[("Host", &host)], None);
    assert_eq!(status, 401, "{body}");
    assert!(body.contains("no token"), "{body}");
    let (status, body) = s.send("GET", "/?token=0000", &[("Host", &host)], None);
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("token is wrong"), "{body}");
    let (status, body) = s.send("GET", &with_token, &[("Host", "evil.example")], None);
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("host"), "{body}");
    let (status, body) = s.send(
        "POST",
        "/api/games",
        &[
            ("Host", &host),
            ("Origin", "http://evil.example"),
            ("X-Crib-Token", &s.token),
        ],
        Some("{}"),
    );
    assert_eq!(status, 403, "{body}");
    assert!(body.contains("another site"), "{body}");
    // localhost names the server too.
    let port = host.rsplit(':').next().unwrap();
    let local = format!("localhost:{port}");
    assert_eq!(s.send("GET", &with_token, &[("Host", &local)], None).0, 200);
    let (status, _) = s.call("GET", "/nowhere", None);
    assert_eq!(status, 404);
}

#[test]
fn a_game_played_in_the_page_is_logged_as_crib_game_logs_it() {
    let s = serve("game", &[]);
    let (status, mut reply) = s.call(
        "POST",
        "/api/games",
        Some(json!({"players": 2, "game": 61, "opponent": "expert", "seed": 3})),
    );
    assert_eq!(status, 200, "{reply}");
    assert_eq!(events(&reply, "prompt").len(), 1, "{reply}");
    let mut answers = 0;
    while reply["over"] == false {
        // A card that will not do is refused, and the question asked again.
        if answers == 0 {
            let (status, refused) = s.answer(&reply, "Zz");
            assert_eq!(status, 200);
            assert!(!events(&refused, "refused").is_empty(), "{refused}");
            reply = refused;
        }
        let (status, next) = s.answer(&reply, "best");
        assert_eq!(status, 200, "{next}");
        reply = next;
        answers += 1;
        assert!(answers < 200, "the game never ends");
    }
    let over = events(&reply, "match_over");
    let log = over[0]["log"].as_str().expect("the game is kept");
    assert!(log.starts_with(s.data.to_str().unwrap()), "{log}");
    // The same game in the terminal logs the same lines.
    let terminal = s.data.join("terminal.jsonl");
    // One refused answer, then best to the end.
    let answers = format!("Zz\n{}", "best\n".repeat(200));
    let args = ["--game", "61", "--opponent", "expert", "--seed", "3"];
    assert!(
        terminal_game(&s, &args, &terminal, &answers)
            .status
            .success()
    );
    assert_eq!(
        std::fs::read_to_string(log).unwrap(),
        std::fs::read_to_string(&terminal).unwrap()
    );
    // The page lists it, reviews it, and counts it in the history.
    let name = std::path::Path::new(log)
        .file_name()
        .unwrap()
        .to_str()
        .unwrap();
    let (status, logs) = s.call("GET", "/api/logs", None);
    assert_eq!(status, 200);
    assert!(
        logs["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["name"] == name),
        "{logs}"
    );
    let (status, review) = s.call("GET", &format!("/api/review?log={name}"), None);
    assert_eq!(status, 200, "{review}");
    assert!(
        review["summary"]["decisions"].as_u64().unwrap() > 0,
        "{review}"
    );
    assert!(
        !review["summary"]["by_game"][0]["deals"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    // Each decision's ranked table, as crib discard and crib play give it at that moment.
    let (status, table) = s.call(
        "GET",
        &format!("/api/review/table?log={name}&deal=1&decision=0"),
        None,
    );
    assert_eq!(status, 200, "{table}");
    assert_eq!(table["choices"].as_array().unwrap().len(), 15, "{table}");
    let card = review["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["deal"] == 1)
        .position(|d| d["kind"] == "play")
        .expect("a card of the first deal graded");
    let (status, table) = s.call(
        "GET",
        &format!("/api/review/table?log={name}&deal=1&decision={card}"),
        None,
    );
    assert_eq!(status, 200, "{table}");
    assert!(table["options"].as_array().unwrap().len() > 1, "{table}");
    let (status, body) = s.call(
        "GET",
        &format!("/api/review/table?log={name}&deal=1&decision=99"),
        None,
    );
    assert_eq!(status, 404, "{body}");
    let (status, stats) = s.call("GET", "/api/stats", None);
    assert_eq!(status, 200, "{stats}");
    assert_eq!(stats["games"], 1, "{stats}");
    // The conversation is over: it is gone.
    let (status, gone) = s.answer(&reply, "best");
    assert_eq!(status, 404, "{gone}");
}

#[test]
fn a_game_from_the_terminal_is_carried_on_in_the_page() {
    let s = serve("resume", &[]);
    let log = s.data.join("crib").join("games").join("started.jsonl");
    std::fs::create_dir_all(log.parent().unwrap()).unwrap();
    let answers = format!("{}quit\n", "best\n".repeat(6));
    let args = ["--seed", "5", "--opponent", "greedy"];
    assert!(terminal_game(&s, &args, &log, &answers).status.success());
    let before = std::fs::read_to_string(&log).unwrap().lines().count();
    assert!(before >= 1);
    let (status, reply) = s.call(
        "POST",
        "/api/games",
        Some(json!({"resume": "started.jsonl"})),
    );
    assert_eq!(status, 200, "{reply}");
    let deal = events(&reply, "deal");
    assert_eq!(deal[0]["deal"], before + 1, "{reply}");
    // Leaving it saves nothing more than the deals played, and forgets it.
    let id = reply["id"].as_str().unwrap();
    let (status, left) = s.call("DELETE", &format!("/api/talk/{id}"), None);
    assert_eq!(status, 200, "{left}");
    let (status, _) = s.call("DELETE", &format!("/api/talk/{id}"), None);
    assert_eq!(status, 404);
}

#[test]
fn a_drill_is_answered_and_graded_in_the_page() {
    let s = serve("drill", &[]);
    let (status, reply) = s.call(
        "POST",
        "/api/drills",
        Some(json!({"drill": "count", "seed": 4, "rounds": 1})),
    );
    assert_eq!(status, 200, "{reply}");
    assert_eq!(events(&reply, "prompt")[0]["ask"], "count");
    let (status, graded) = s.answer(&reply, "5");
    assert_eq!(status, 200, "{graded}");
    let grade = events(&graded, "graded");
    assert_eq!(grade[0]["holds"], 4, "{graded}");
    assert_eq!(grade[0]["right"], false);
    assert_eq!(graded["over"], true, "{graded}");
    assert_eq!(events(&graded, "summary")[0]["asked"], 1);
    let (status, body) = s.call("POST", "/api/drills", Some(json!({"drill": "juggling"})));
    assert_eq!(status, 400);
    assert!(
        body["error"].as_str().unwrap().contains("juggling"),
        "{body}"
    );
}

#[test]
fn bad_requests_get_a_4xx_and_the_server_serves_on() {
    let s = serve("bad", &["--max-games", "1"]);
    let token = s.token.clone();
    let host = s.host.clone();
    let headers = [("Host", host.as_str()), ("X-Crib-Token", token.as_str())];
    let (status, body) = s.send("POST", "/api/games", &headers, Some("{not json"));
    assert_eq!(status / 100, 4, "{body}");
    assert!(!body.is_empty());
    let big = format!("{{\"opponent\": \"{}\"}}", "x".repeat(40_000));
    let (status, _) = s.send("POST", "/api/games", &headers, Some(&big));
    assert_eq!(status, 413);
    let (status, body) = s.call("POST", "/api/games", Some(json!({"players": 5})));
    assert_eq!(status, 400, "{body}");
    let (status, body) = s.call("POST", "/api/games", Some(json!({"colour": "red"})));
    assert_eq!(status / 100, 4, "{body}");
    let (status, body) = s.call(
        "POST",
        "/api/games",
        Some(json!({"resume": "../../etc/passwd"})),
    );
    assert_eq!(status, 400, "{body}");
    let (status, body) = s.call("GET", "/api/review?log=nothing.jsonl", None);
    assert_eq!(status, 404, "{body}");
    let (status, body) = s.call(
        "POST",
        "/api/talk/0123",
        Some(json!({"answered": 0, "answer": "best"})),
    );
    assert_eq!(status, 404, "{body}");
    let (status, body) = s.call("GET", "/api/talk/0123", None);
    assert_eq!(status, 404, "{body}");
    // One game at once here: a second is refused until the first is left.
    let (status, game) = s.call(
        "POST",
        "/api/games",
        Some(json!({"opponent": "greedy", "seed": 2})),
    );
    assert_eq!(status, 200, "{game}");
    let (status, body) = s.call("POST", "/api/games", Some(json!({"opponent": "greedy"})));
    assert_eq!(status, 503, "{body}");
    // An answer sent twice (a replay) is refused; so is one of two lines.
    let (status, next) = s.answer(&game, "best");
    assert_eq!(status, 200, "{next}");
    let (status, body) = s.answer(&game, "best");
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("sent already"),
        "{body}"
    );
    let (status, _) = s.answer(&next, "best\nbest");
    assert_eq!(status, 400);
    // A client that goes away mid-request: the server serves on.
    let mut half = TcpStream::connect(&s.host).unwrap();
    half.write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
        .unwrap();
    drop(half);
    let (status, _) = s.answer(&next, "best");
    assert_eq!(status, 200);
}

#[test]
fn an_interrupt_stops_the_server_and_its_games_end_as_crib_game_ends_them() {
    let mut s = serve("interrupt", &[]);
    // One game a deal in, one left before its first deal ended.
    let (_, played) = s.call(
        "POST",
        "/api/games",
        Some(json!({"opponent": "greedy", "seed": 8, "game": 61})),
    );
    let mut reply = played;
    let mut deals = 0;
    while deals == 0 {
        let (status, next) = s.answer(&reply, "best");
        assert_eq!(status, 200, "{next}");
        deals += events(&next, "deal_over").len();
        reply = next;
    }
    let (status, _) = s.call("POST", "/api/games", Some(json!({"opponent": "greedy"})));
    assert_eq!(status, 200);
    let killed = Command::new("kill")
        .args(["-INT", &s.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = s.child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    let games: Vec<_> = std::fs::read_dir(s.data.join("crib").join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    // The game a deal in keeps its deal, ready to carry on; the other leaves no log.
    assert_eq!(games.len(), 1, "{games:?}");
    let log = std::fs::read_to_string(&games[0]).unwrap();
    assert_eq!(log.lines().count(), 1, "{log}");
}

#[test]
fn a_game_left_too_long_is_closed_and_its_log_kept() {
    let s = serve("idle", &["--idle", "0.02"]);
    let (_, mut reply) = s.call(
        "POST",
        "/api/games",
        Some(json!({"opponent": "greedy", "seed": 9, "game": 61})),
    );
    // A deal played, then the page goes quiet.
    while events(&reply, "deal_over").is_empty() {
        let (status, next) = s.answer(&reply, "best");
        assert_eq!(status, 200, "{next}");
        reply = next;
    }
    std::thread::sleep(std::time::Duration::from_secs(4));
    let (status, body) = s.answer(&reply, "best");
    assert_eq!(status, 404, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("left too long"),
        "{body}"
    );
    let (_, logs) = s.call("GET", "/api/logs", None);
    let games = logs["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{logs}");
    assert_eq!(games[0]["over"], false, "{logs}");
    assert_eq!(games[0]["deals"], 1, "{logs}");
    // --idle takes minutes, more than none.
    let bad = Command::new(env!("CARGO_BIN_EXE_crib"))
        .args(["serve", "--idle", "0"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("minutes"));
}

#[test]
fn listening_beyond_loopback_is_asked_for_and_warned_of() {
    // --bind 0.0.0.0 listens on every address, with a warning on stderr; stopped at once.
    let mut child = Command::new(env!("CARGO_BIN_EXE_crib"))
        .args(["serve", "--port", "0", "--bind", "0.0.0.0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut warning = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut warning)
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        warning.starts_with("crib: warning: listening on 0.0.0.0"),
        "{warning}"
    );
    assert!(first.contains("http://0.0.0.0:"), "{first}");
    // On 127.0.0.1, as by default, no warning.
    let mut s = serve("quiet", &[]);
    assert!(s.host.starts_with("127.0.0.1:"), "{}", s.host);
    let _ = s.child.kill();
    let mut said = String::new();
    s.child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut said)
        .unwrap();
    assert!(!said.contains("warning"), "{said}");
}
