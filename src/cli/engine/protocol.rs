//! crib's engine protocol, version 1 (docs/engine.md): JSON Lines, one request a line from the
//! referee and one answer a line from the engine. Each request carries the whole public state
//! of one decision, so an engine needs no memory: the hello, the throw, and the card to play.
//! Both sides are here: the requests `crib match` writes and reads the answers of, and the
//! requests `crib engine` reads and answers.

use anyhow::{Context, bail};
use serde_json::{Value, json};

use crib::Game;
use crib::cards::{check_deck, require_suits};
use crib::game::Seen;
use crib::pegging::{Token, parse_tokens};
use crib::{Card, parse_cards};
use crib::{Players, Seat};

use crate::cli::request::{Request, parse_json};

/// The version of the protocol spoken.
pub const PROTOCOL: u64 = 1;

/// The fields a request may carry.
pub const FIELDS: [&str; 15] = [
    "ask",
    "protocol",
    "players",
    "game",
    "seat",
    "role",
    "dealt",
    "hand",
    "thrown",
    "starter",
    "sequence",
    "count",
    "legal",
    "scores",
    "match_need",
];

/// An example request, for messages.
pub const EXAMPLE: &str = "{\"ask\": \"throw\", \"seat\": 1, \"dealt\": [\"5h\", \"5c\", \"5s\", \
                           \"Jd\", \"2c\", \"9h\"], \"scores\": {\"you\": 0, \"opponent\": 0}}";

fn cards(cards: &[Card]) -> Value {
    Value::from(cards.iter().map(ToString::to_string).collect::<Vec<_>>())
}

/// The hello the referee opens with.
pub fn hello_request() -> String {
    json!({"ask": "hello", "protocol": PROTOCOL}).to_string()
}

/// The scores now as a request gives them: with two sides `{"you", "opponent"}` (with four
/// players, the partnerships), with three a list by seat, seat 1 first.
fn scores_json(seen: &Seen) -> Value {
    match seen.scores_yours_first() {
        Some([you, opponent]) => json!({"you": you, "opponent": opponent}),
        None => json!(seen.scores),
    }
}

/// What every request says of the table: the players, the game, the seat and its role, and in
/// a match of two players the games each still needs.
fn table_fields(ask: &str, seen: &Seen) -> serde_json::Map<String, Value> {
    let mut request = serde_json::Map::new();
    request.insert("ask".into(), json!(ask));
    request.insert("players".into(), json!(seen.game.players.count()));
    request.insert("game".into(), json!(seen.game.target));
    request.insert("seat".into(), json!(seen.seat.index() + 1));
    request.insert("role".into(), json!(seen.seat.name(seen.game.players)));
    if let Some([you, opponent]) = seen.need_yours_first() {
        request.insert(
            "match_need".into(),
            json!({"you": you, "opponent": opponent}),
        );
    }
    request
}

/// The request for a seat's throw.
pub fn throw_request(seen: &Seen) -> String {
    let mut request = table_fields("throw", seen);
    request.insert("dealt".into(), cards(&seen.dealt));
    request.insert("scores".into(), scores_json(seen));
    Value::Object(request).to_string()
}

/// The request for the card a seat plays (asked only when one fits).
pub fn play_request(seen: &Seen, count: u8, legal: &[Card]) -> String {
    let mut request = table_fields("play", seen);
    request.insert("hand".into(), cards(&seen.hand()));
    request.insert("thrown".into(), cards(&seen.thrown));
    if let Some(starter) = seen.starter {
        request.insert("starter".into(), json!(starter.to_string()));
    }
    let sequence: Vec<String> = seen.tokens.iter().map(ToString::to_string).collect();
    request.insert("sequence".into(), json!(sequence));
    request.insert("count".into(), json!(count));
    request.insert("legal".into(), cards(legal));
    request.insert("scores".into(), scores_json(seen));
    Value::Object(request).to_string()
}

/// An engine's answer: one JSON object on one line, not an `"error"`.
pub fn answer_object(line: &str) -> Result<serde_json::Map<String, Value>, String> {
    let value = parse_json(line).map_err(|e| {
        if e.starts_with("not JSON") {
            format!("an answer that is {e}")
        } else {
            format!("an answer in which {e}")
        }
    })?;
    let Value::Object(object) = value else {
        return Err("an answer that is not a JSON object".into());
    };
    if let Some(error) = object.get("error") {
        return Err(format!("the engine answered an error: {error}"));
    }
    Ok(object)
}

/// The cards of an answer's `"throw"`.
pub fn read_throw(line: &str) -> Result<Vec<Card>, String> {
    let object = answer_object(line)?;
    let list = object
        .get("throw")
        .and_then(Value::as_array)
        .ok_or("an answer to a throw without \"throw\": a list of cards")?;
    let texts: Vec<&str> = list
        .iter()
        .map(|v| v.as_str().ok_or("\"throw\" takes a list of cards"))
        .collect::<Result<_, _>>()?;
    parse_cards(&texts).map_err(|e| format!("\"throw\": {e}"))
}

/// The card of an answer's `"card"` (or `"go"`).
pub fn read_card(line: &str) -> Result<Token, String> {
    let object = answer_object(line)?;
    let text = match object.get("card") {
        Some(Value::String(text)) => text,
        Some(other) => {
            return Err(format!(
                "\"card\": {other} is not a card: it takes a card as text (\"5h\"), or \"go\""
            ));
        }
        None => return Err("an answer to a play without \"card\": a card, or \"go\"".into()),
    };
    Token::parse(text).map_err(|e| format!("\"card\": {e}"))
}

/// What an engine says in its hello: its name and version, and what it plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hello {
    /// Its name and version, as it gives them.
    pub name: String,
    /// The numbers of players it plays.
    pub players: Vec<u64>,
    /// The games it plays: 61, 121.
    pub games: Vec<u64>,
}

/// Read an engine's hello and check that it plays `game`.
pub fn read_hello(line: &str, game: Game) -> Result<Hello, String> {
    let object = answer_object(line)?;
    let protocol = object.get("protocol").and_then(Value::as_u64);
    if protocol != Some(PROTOCOL) {
        return Err(format!(
            "a hello for protocol {}, where crib speaks protocol {PROTOCOL}",
            protocol.map_or("(none)".to_owned(), |p| p.to_string())
        ));
    }
    let numbers = |field: &str| -> Vec<u64> {
        object
            .get(field)
            .and_then(Value::as_array)
            .map(|l| l.iter().filter_map(Value::as_u64).collect())
            .unwrap_or_default()
    };
    let text = |field: &str| object.get(field).and_then(Value::as_str).unwrap_or("");
    let hello = Hello {
        name: format!("{} {}", text("name"), text("version"))
            .trim()
            .to_owned(),
        players: numbers("players"),
        games: numbers("games"),
    };
    if hello.players.is_empty() || hello.games.is_empty() {
        return Err(
            "a hello without what it plays: \"players\" (e.g. [2, 3, 4]) and \"games\" \
             (e.g. [61, 121])"
                .into(),
        );
    }
    let players = game.players.count() as u64;
    if !hello.players.contains(&players) {
        return Err(format!("plays {:?} players, not {players}", hello.players));
    }
    if !hello.games.contains(&u64::from(game.target)) {
        return Err(format!(
            "plays games to {:?}, not to {}",
            hello.games, game.target
        ));
    }
    Ok(hello)
}

/// A request read by `crib engine`.
pub enum Asked {
    /// The hello.
    Hello,
    /// A throw.
    Throw(Seen),
    /// A card to play.
    Play(Seen),
}

const CARDS: &str = "a list of cards, e.g. [\"5h\", \"5c\", \"Jd\", \"Ks\"]";

/// Read one request line.
pub fn read_request(line: &str) -> anyhow::Result<Asked> {
    let request = Request::parse(line, &FIELDS, EXAMPLE)?;
    let ask = request.required_string("ask", "\"hello\", \"throw\" or \"play\"")?;
    match ask.as_str() {
        "hello" => Ok(Asked::Hello),
        "throw" => Ok(Asked::Throw(seen_of(&request, false)?)),
        "play" => Ok(Asked::Play(seen_of(&request, true)?)),
        other => bail!(
            "\"ask\" takes \"hello\", \"throw\" or \"play\", not {}",
            crib::cards::quoted(other)
        ),
    }
}

/// The sight of a throw (`"dealt"`) or a play (`"hand"`, `"thrown"`, `"starter"`,
/// `"sequence"`), checked against the rules.
fn seen_of(request: &Request, play: bool) -> anyhow::Result<Seen> {
    let players = Players::try_from(request.number("players", 2, 4)?.unwrap_or(2) as usize)?;
    let target = request.number("game", 0, u64::MAX)?.unwrap_or(121);
    let game = Game::new(players, u32::try_from(target).unwrap_or(0))
        .map_err(|_| anyhow::anyhow!("\"game\" takes 61 or 121, not {target}"))?;
    let n = players.count();
    let seat = request
        .number("seat", 1, n as u64)?
        .with_context(|| format!("\"seat\" is missing: it takes 1 to {n} (1 leads)"))?;
    let seat = Seat::new(seat as usize - 1);
    let (each, size) = game.deal_shape();
    let (dealt, thrown, starter, tokens) = if play {
        let hand = parse_cards(&request.required_strings("hand", CARDS)?)?;
        let thrown = parse_cards(&request.required_strings("thrown", CARDS)?)?;
        if hand.len() != 4 || thrown.len() != size {
            bail!(
                "\"hand\" takes the 4 cards kept and \"thrown\" the {size} thrown, not {} and {}",
                hand.len(),
                thrown.len()
            );
        }
        let starter = request.required_string("starter", "a card, e.g. \"4c\"")?;
        let sequence =
            request.strings("sequence", "the play so far, e.g. [\"10\", \"5c\", \"go\"]")?;
        let mut dealt = hand;
        dealt.extend(&thrown);
        (
            dealt,
            thrown,
            Some(starter.parse::<Card>()?),
            parse_tokens(&sequence, players)?,
        )
    } else {
        let dealt = parse_cards(&request.required_strings("dealt", CARDS)?)?;
        if dealt.len() != each {
            bail!(
                "\"dealt\" takes the {each} cards dealt with {n} players, not {}",
                dealt.len()
            );
        }
        (dealt, Vec::new(), None, Vec::new())
    };
    let mut all = dealt.clone();
    all.extend(starter);
    check_deck(&all)?;
    require_suits(&all, "an engine plays whole cards")?;
    let sides = game.players.sides();
    let scores = match request.is_object("scores") || sides == 2 {
        true => {
            let [you, opponent] = match request.scores("scores", &["you", "opponent"])? {
                Some(s) => [s[0], s[1]],
                None => [0, 0],
            };
            let mut by_side = vec![opponent; 2];
            by_side[game.players.side(seat).index()] = you;
            by_side
        }
        false => match request.numbers("scores", 0, u64::from(game.target) - 1)? {
            Some(s) if s.len() == sides => s.iter().map(|&x| x as u32).collect(),
            Some(s) => bail!("\"scores\" takes {sides} scores by seat, not {}", s.len()),
            None => vec![0; sides],
        },
    };
    if scores.iter().any(|&s| s >= game.target) {
        bail!("\"scores\" are under the game hole, {}", game.target);
    }
    let need = request
        .match_need(players)?
        .map(|[you, opponent]| match seat == Seat::PONE {
            true => vec![you, opponent],
            false => vec![opponent, you],
        });
    let seen = Seen {
        game,
        seat,
        dealt,
        thrown,
        starter,
        tokens,
        scores,
        need,
    };
    if play {
        let legal = seen.legal()?;
        if legal.is_empty() {
            bail!("no card of \"hand\" fits: the referee says go, and asks only when a card fits");
        }
    }
    Ok(seen)
}
