//! The server's routes: the page and its assets, and the JSON of crib's commands.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, FromRequest, Path, RawQuery, Request, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::Server;
use super::guard::{guard, query_value, refused};
use super::sessions::{Conversation, Ended};

/// The largest request body taken, in bytes: an answer is a few dozen.
pub const MAX_BODY: usize = 16 * 1024;

/// How long an answer waits for the next question before the page is given what there is so
/// far and asks for the rest (`GET /api/talk/ID`): crib's strongest player takes a few seconds.
const WAIT: Duration = Duration::from_secs(20);

const PAGE: &str = include_str!("page/index.html");
const SCRIPT: &str = include_str!("page/app.js");
const STYLE: &str = include_str!("page/app.css");

/// The app: every route behind the guard, bodies capped.
pub fn app(server: Arc<Server>) -> Router {
    Router::new()
        .route("/", get(page))
        .route(
            "/app.js",
            get(|| async { asset("text/javascript", SCRIPT) }),
        )
        .route("/app.css", get(|| async { asset("text/css", STYLE) }))
        .route("/api/games", post(start_game))
        .route("/api/drills", post(start_drill))
        .route("/api/talk/{id}", get(more).post(answer).delete(leave))
        .route("/api/logs", get(logs))
        .route("/api/review", get(review))
        .route("/api/review/table", get(review_table))
        .route("/api/stats", get(stats))
        .fallback(|| async { refused(StatusCode::NOT_FOUND, "no such page") })
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&server),
            guard,
        ))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(server)
}

/// A request's JSON body; refused, as JSON with one line saying why, when it is not JSON of the
/// fields expected or is over the cap.
struct Body<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = Response;

    async fn from_request(request: Request, state: &S) -> Result<Self, Response> {
        match Json::<T>::from_request(request, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(refused(rejection.status(), rejection.body_text())),
        }
    }
}

/// Headers every answer of the page carries: no caching, no referrer (the address holds the
/// token), no sniffing, and a page that runs only its own script.
fn page_headers(kind: &'static str) -> [(header::HeaderName, &'static str); 5] {
    [
        (header::CONTENT_TYPE, kind),
        (header::CACHE_CONTROL, "no-store"),
        (header::REFERRER_POLICY, "no-referrer"),
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (
            header::CONTENT_SECURITY_POLICY,
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
             connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        ),
    ]
}

async fn page(State(server): State<Arc<Server>>) -> Response {
    let html = PAGE.replace("{{TOKEN}}", &server.token);
    (page_headers("text/html; charset=utf-8"), html).into_response()
}

fn asset(kind: &'static str, text: &'static str) -> Response {
    (page_headers(kind), text).into_response()
}

/// A game asked for by the page: `crib game`'s options.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameRequest {
    #[serde(default = "two")]
    players: u8,
    #[serde(default = "full_game")]
    game: u32,
    #[serde(default = "strongest")]
    opponent: String,
    #[serde(default)]
    muggins: bool,
    seed: Option<u64>,
    /// A kept game to carry on, by its name.
    resume: Option<String>,
}

fn two() -> u8 {
    2
}

fn full_game() -> u32 {
    121
}

fn strongest() -> String {
    "strongest".into()
}

/// A drill asked for by the page: `crib train`'s options.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DrillRequest {
    drill: String,
    seed: Option<u64>,
    rounds: Option<u32>,
    players: Option<u8>,
    /// With the drill `mistakes`: one kept game's mistakes, by its name.
    log: Option<String>,
}

async fn start_game(
    State(server): State<Arc<Server>>,
    Body(request): Body<GameRequest>,
) -> Response {
    let words = match &request.resume {
        Some(name) => match kept(name) {
            Ok(path) => vec!["game".into(), "--resume".into(), path_word(&path)],
            Err(response) => return response,
        },
        None => {
            let mut words: Vec<String> = vec![
                "game".into(),
                "--players".into(),
                request.players.to_string(),
                "--game".into(),
                request.game.to_string(),
                "--opponent".into(),
                request.opponent.clone(),
            ];
            if request.muggins {
                words.push("--muggins".into());
            }
            if let Some(seed) = request.seed {
                words.extend(["--seed".into(), seed.to_string()]);
            }
            words
        }
    };
    start(server, words).await
}

async fn start_drill(
    State(server): State<Arc<Server>>,
    Body(request): Body<DrillRequest>,
) -> Response {
    let drills = ["count", "discard", "play", "mistakes"];
    if !drills.contains(&request.drill.as_str()) {
        return refused(
            StatusCode::BAD_REQUEST,
            format!(
                "no drill {:?}: expected count, discard, play or mistakes",
                request.drill
            ),
        );
    }
    let mut words: Vec<String> = vec!["train".into(), request.drill.clone()];
    // A drill's seed is shown, to ask it again: drawn here, when none is asked for, within the
    // integers a page's script holds exactly (53 bits).
    if request.drill != "mistakes" {
        let seed = request
            .seed
            .unwrap_or_else(|| crate::cli::usage::fresh_seed() >> 11);
        words.extend(["--seed".into(), seed.to_string()]);
    }
    if let Some(rounds) = request.rounds {
        words.extend(["--rounds".into(), rounds.to_string()]);
    }
    if let Some(players) = request.players {
        words.extend(["--players".into(), players.to_string()]);
    }
    if let Some(name) = &request.log {
        match kept(name) {
            Ok(path) => words.extend(["--logs".into(), path_word(&path)]),
            Err(response) => return response,
        }
    }
    start(server, words).await
}

/// Start a conversation with `crib WORDS --json` and answer with what it says up to its first
/// question.
async fn start(server: Arc<Server>, words: Vec<String>) -> Response {
    // The words are checked as the command line would check them, before a thread is started.
    if let Err(err) = crate::cli::served_command(&words) {
        return refused(StatusCode::BAD_REQUEST, err);
    }
    let (id, events) = {
        let mut conversations = server.conversations();
        if conversations.by_id.len() >= server.max_games {
            return refused(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "{} games and drills are under way, the most at once: finish or leave one",
                    server.max_games
                ),
            );
        }
        let conversation = Conversation::start(move |input, mut output| {
            crate::cli::run_served(&words, Box::new(input), &mut output).err()
        });
        let conversation = match conversation {
            Ok(c) => c,
            Err(err) => return refused(StatusCode::SERVICE_UNAVAILABLE, err.to_string()),
        };
        let id = match super::guard::fresh_token() {
            Ok(id) => id,
            Err(err) => return refused(StatusCode::SERVICE_UNAVAILABLE, err.to_string()),
        };
        let events = Arc::clone(&conversation.events);
        conversations.by_id.insert(id.clone(), conversation);
        (id, events)
    };
    reply(&server, id, &events, 0).await
}

/// What a conversation said from event `from` to its next question, as the page reads it.
async fn reply(
    server: &Server,
    id: String,
    events: &super::sessions::Events,
    from: usize,
) -> Response {
    let (said, ended) = events.up_to_question(from, WAIT).await;
    let (over, thinking) = (ended == Ended::Over, ended == Ended::Thinking);
    let mut conversations = server.conversations();
    let answered = match conversations.by_id.get_mut(&id) {
        Some(c) => {
            c.given = c.given.max(from + said.len());
            c.answered
        }
        None => 0,
    };
    if over {
        conversations.by_id.remove(&id);
    }
    Json(json!({
        "id": id, "answered": answered, "events": said, "over": over, "thinking": thinking,
    }))
    .into_response()
}

/// The rest of what a conversation says, up to its next question: after a reply that was still
/// thinking.
async fn more(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Response {
    let (events, from) = {
        let mut conversations = server.conversations();
        let Some(c) = conversations.by_id.get_mut(&id) else {
            return refused(
                StatusCode::NOT_FOUND,
                "no such game or drill: it ended, or was left too long",
            );
        };
        c.touched = std::time::Instant::now();
        (Arc::clone(&c.events), c.given)
    };
    reply(&server, id, &events, from).await
}

/// An answer from the page: the number of answers it has sent before (so that one sent twice
/// is refused), and the words typed or clicked.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AnswerRequest {
    answered: u64,
    answer: String,
}

async fn answer(
    State(server): State<Arc<Server>>,
    Path(id): Path<String>,
    Body(request): Body<AnswerRequest>,
) -> Response {
    if request.answer.contains(['\n', '\r']) || request.answer.len() > 200 {
        return refused(
            StatusCode::BAD_REQUEST,
            "an answer is one line of at most 200 characters",
        );
    }
    let (events, from) = {
        let mut conversations = server.conversations();
        let Some(c) = conversations.by_id.get_mut(&id) else {
            return refused(
                StatusCode::NOT_FOUND,
                "no such game or drill: it ended, or was left too long",
            );
        };
        if request.answered != c.answered {
            return refused(
                StatusCode::CONFLICT,
                format!(
                    "answer {} was sent already (or out of order): crib expects answer {}",
                    request.answered + 1,
                    c.answered + 1
                ),
            );
        }
        if !c.answer(&request.answer) {
            return refused(
                StatusCode::CONFLICT,
                "the game is not waiting for an answer",
            );
        }
        (Arc::clone(&c.events), c.given)
    };
    reply(&server, id, &events, from).await
}

async fn leave(State(server): State<Arc<Server>>, Path(id): Path<String>) -> Response {
    match server.conversations().by_id.remove(&id) {
        Some(mut c) => {
            c.close();
            Json(json!({ "id": id, "left": true })).into_response()
        }
        None => refused(StatusCode::NOT_FOUND, "no such game or drill"),
    }
}

/// A kept game by its name: a plain file name in the games' directory, never a path.
fn kept(name: &str) -> Result<PathBuf, Response> {
    let plain = !name.is_empty()
        && name.len() <= 200
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        && !name.starts_with('.')
        && name.ends_with(".jsonl");
    if !plain {
        return Err(refused(
            StatusCode::BAD_REQUEST,
            format!("{name:?} is not the name of a kept game (NAME.jsonl)"),
        ));
    }
    let dir = crate::cli::kept::games_dir()
        .map_err(|err| refused(StatusCode::NOT_FOUND, format!("{err:#}")))?;
    let path = dir.join(name);
    if !path.is_file() {
        return Err(refused(
            StatusCode::NOT_FOUND,
            format!("no kept game {name}"),
        ));
    }
    Ok(path)
}

fn path_word(path: &std::path::Path) -> String {
    path.to_string_lossy().into_owned()
}

/// The games kept, newest first, each with its deals and whether it is over.
async fn logs() -> Response {
    match tokio::task::spawn_blocking(kept_games).await {
        Ok(response) => response,
        Err(_) => refused(StatusCode::INTERNAL_SERVER_ERROR, "crib stopped answering"),
    }
}

fn kept_games() -> Response {
    let Ok(dir) = crate::cli::kept::games_dir() else {
        return Json(json!({ "games": [] })).into_response();
    };
    let mut games: Vec<(std::time::SystemTime, Value)> = std::fs::read_dir(&dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| {
                    let name = e.file_name().into_string().ok()?;
                    let meta = e.metadata().ok()?;
                    (meta.is_file() && name.ends_with(".jsonl")).then(|| {
                        let modified = meta.modified().unwrap_or(std::time::UNIX_EPOCH);
                        let seconds = modified
                            .duration_since(std::time::UNIX_EPOCH)
                            .map_or(0, |d| d.as_secs());
                        let logged = crate::cli::log::lines_of(&e.path());
                        let deals = logged.as_ref().map_or(0, Vec::len);
                        // Over, or to be carried on (null: not a game crib can read), and
                        // its players and game hole.
                        let read = logged.and_then(|lines| crate::cli::log::read(&lines)).ok();
                        let over = read.as_ref().map(|(_, m, _)| m.champion().is_some());
                        let players = read.as_ref().map(|(s, _, _)| s.game.players.count());
                        let hole = read.as_ref().map(|(s, _, _)| s.game.target);
                        (
                            modified,
                            json!({
                                "name": name, "deals": deals, "modified": seconds, "over": over,
                                "players": players, "game": hole,
                            }),
                        )
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    games.sort_by_key(|g| std::cmp::Reverse(g.0));
    Json(json!({ "games": games.into_iter().map(|g| g.1).collect::<Vec<_>>() })).into_response()
}

/// `crib review --json` of a kept game, named by `?log=NAME`.
async fn review(RawQuery(query): RawQuery) -> Response {
    let Some(name) = query_value(query.as_deref(), "log") else {
        return refused(
            StatusCode::BAD_REQUEST,
            "name the game to review: ?log=NAME.jsonl",
        );
    };
    let path = match kept(name) {
        Ok(path) => path,
        Err(response) => return response,
    };
    one_shot(vec!["review".into(), path_word(&path)]).await
}

/// crib's ranked table at one decision of a kept game's player, as `crib discard --json` or
/// `crib play --json` print it at that moment and on that board: `?log=NAME&deal=D&decision=K`,
/// `deal` as `crib review --json` numbers it (from 1, in the log's order) and `decision` the
/// player's decisions in it from 0 (the throw, then each card with a choice).
async fn review_table(RawQuery(query): RawQuery) -> Response {
    let query = query.as_deref();
    let number = |key: &str| query_value(query, key).and_then(|v| v.parse::<usize>().ok());
    let (Some(name), Some(deal), Some(decision)) = (
        query_value(query, "log"),
        number("deal"),
        number("decision"),
    ) else {
        return refused(
            StatusCode::BAD_REQUEST,
            "name the decision: ?log=NAME.jsonl&deal=D&decision=K",
        );
    };
    let path = match kept(name) {
        Ok(path) => path,
        Err(response) => return response,
    };
    let ran = tokio::task::spawn_blocking(move || table_at(&path, deal, decision)).await;
    match ran {
        Ok(Ok(Some(json))) => json_of(&json),
        Ok(Ok(None)) => refused(
            StatusCode::NOT_FOUND,
            format!("the game has no decision {decision} of deal {deal} (the throw is 0)"),
        ),
        Ok(Err(err)) => refused(StatusCode::UNPROCESSABLE_ENTITY, format!("{err:#}")),
        Err(_) => refused(StatusCode::INTERNAL_SERVER_ERROR, "crib stopped answering"),
    }
}

/// The JSON of crib's table at decision `decision` of deal `deal` (from 1) of the log at
/// `path`, for its player; none where there is no such decision.
fn table_at(
    path: &std::path::Path,
    deal: usize,
    decision: usize,
) -> anyhow::Result<Option<Vec<u8>>> {
    use crate::cli::output::Render;
    let read = crate::cli::grades::read_log(path, None)?;
    let Some(logged) = deal.checked_sub(1).and_then(|d| read.deals.get(d)) else {
        return Ok(None);
    };
    let seat = logged.before.seat_of(read.who);
    let Some(moment) = crib::coach::decisions_of(&logged.table, seat)
        .into_iter()
        .nth(decision)
    else {
        return Ok(None);
    };
    let mut json = Vec::new();
    if decision == 0 {
        crate::cli::advice::throw_report(&moment.table, seat, usize::MAX)?.json(&mut json)?;
    } else {
        crate::cli::advice::play_report(&moment.table, seat)?.json(&mut json)?;
    }
    Ok(Some(json))
}

/// The JSON a command printed, as the answer.
fn json_of(printed: &[u8]) -> Response {
    match serde_json::from_slice::<Value>(printed) {
        Ok(value) => Json(value).into_response(),
        Err(_) => refused(
            StatusCode::INTERNAL_SERVER_ERROR,
            "crib's answer was not JSON",
        ),
    }
}

/// `crib stats --logs --json` over the games kept.
async fn stats() -> Response {
    one_shot(vec!["stats".into(), "--logs".into()]).await
}

/// `crib WORDS --json`, its JSON as the answer; what stopped it as a refusal.
async fn one_shot(words: Vec<String>) -> Response {
    let ran = tokio::task::spawn_blocking(move || {
        let mut out = Vec::new();
        let result = crate::cli::run_served(&words, Box::new(std::io::empty()), &mut out);
        (result, out)
    })
    .await;
    match ran {
        Ok((Ok(()), out)) => json_of(&out),
        Ok((Err(why), _)) => refused(StatusCode::UNPROCESSABLE_ENTITY, why),
        Err(_) => refused(StatusCode::INTERNAL_SERVER_ERROR, "crib stopped answering"),
    }
}
