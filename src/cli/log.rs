//! The log of a game: one deal a line, each line a request that `crib deal -` accepts as it is
//! (its scores before the deal, every hand as dealt, the throws, the starter, the whole play),
//! with what `crib game` needs to carry on and `crib review` to grade under `"log"`, which
//! `crib deal -` passes over.

use std::fs::File;
use std::io;
use std::path::Path;

use anyhow::Context;
use serde_json::{Map, Value, json};

use crib::Game;
use crib::Players;
use crib::Seat;
use crib::game::DealTable;
use crib::game::{Match, Muggins};
use crib::pegging::parse_tokens;
use crib::{Card, parse_cards};

use crate::cli::lines::{Bounds, read_all};
use crate::cli::request::parse_json;

/// What a game was set up with, kept in each line's `"log"`.
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    /// The game.
    pub game: Game,
    /// The seed of every shuffle.
    pub seed: u64,
    /// Games to win the match.
    pub games: u32,
    /// The players' names, from you round the table.
    pub names: Vec<String>,
    /// `expert` or `greedy`.
    pub opponent: String,
    /// Whether you count your own hands.
    pub muggins: bool,
    /// Whether the seed is hidden: left out of the log's lines until the game is over (kept
    /// meanwhile by [`crate::cli::seeds`]).
    pub hidden: bool,
}

/// The format of the log's lines, in each line's `"log"` as `"version"`. A log without one was
/// written before logs were versioned, and reads as version 1 did, with the seed on every line;
/// version 1 leaves the seed out of a game's lines until the game is over when it is hidden.
/// A version crib does not know is refused.
pub const VERSION: u64 = 1;

/// What `crib game` commits to before the first deal: the seed and the settings that decide
/// every deck (`crib/1 seed S players N game G games M`).
pub fn committed_text(settings: &Settings) -> String {
    format!(
        "crib/1 seed {} players {} game {} games {}",
        settings.seed,
        settings.game.players.count(),
        settings.game.target,
        settings.games
    )
}

/// The commitment: SHA-256 of [`committed_text`], in hexadecimal.
pub fn commitment(settings: &Settings) -> String {
    use sha2::{Digest, Sha256};
    hex(&Sha256::digest(committed_text(settings).as_bytes()))
}

/// `bytes` in hexadecimal, two lowercase digits a byte, as crib writes its digests.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A deal as logged: the table with every move, the counts claimed, and the match before it.
#[derive(Debug, Clone)]
pub struct Logged {
    /// The deal, thrown and played.
    pub table: DealTable,
    /// Counts claimed short or long (with muggins).
    pub claims: Vec<Muggins>,
    /// The match before the deal.
    pub before: Match,
}

fn cards(cards: &[Card]) -> Value {
    Value::from(cards.iter().map(ToString::to_string).collect::<Vec<_>>())
}

/// The line of a deal played at `table`, in the match `before` it, with the counts claimed;
/// `over` when the match is over after it (a hidden seed is written from then on).
pub fn line(
    settings: &Settings,
    before: &Match,
    table: &DealTable,
    claims: &[Muggins],
    over: bool,
) -> String {
    let game = table.game;
    let mut deal = Map::new();
    if game.players != Players::TWO {
        deal.insert("players".into(), json!(game.players.count()));
    }
    deal.insert("game".into(), json!(game.target));
    let throw = |s: usize| cards(table.throws[s].as_deref().unwrap_or(&[]));
    if game.players == Players::TWO {
        deal.insert("pone".into(), cards(&table.dealt[0]));
        deal.insert("pone_throw".into(), throw(0));
        deal.insert("dealer".into(), cards(&table.dealt[1]));
        deal.insert("dealer_throw".into(), throw(1));
    } else {
        let hands: Vec<Value> = table.dealt.iter().map(|d| cards(d)).collect();
        deal.insert("hands".into(), Value::from(hands));
        let throws: Vec<Card> = table.throws.iter().flatten().flatten().copied().collect();
        deal.insert("throws".into(), cards(&throws));
        if let Some(card) = table.crib_card {
            deal.insert("crib_card".into(), json!(card.to_string()));
        }
    }
    deal.insert("starter".into(), json!(table.starter.to_string()));
    let play: Vec<String> = table.tokens.iter().map(ToString::to_string).collect();
    deal.insert("play".into(), json!(play));
    deal.insert("scores".into(), scores_json(game, &table.start));
    let names: Vec<&str> = (0..game.players.count())
        .map(|s| settings.names[before.player_at(Seat::new(s))].as_str())
        .collect();
    let claims: Vec<Value> = claims
        .iter()
        .map(|c| json!({"seat": c.seat.index() + 1, "crib": c.crib, "claimed": c.claimed}))
        .collect();
    let seed = (!settings.hidden || over).then_some(settings.seed);
    let mut log = json!({
            "version": VERSION,
            "deal": before.deal_number,
            "games": settings.games,
            "game_number": before.games_played + 1,
            "names": names,
            "you": before.seat_of(0).index() + 1,
            "opponent": settings.opponent,
            "muggins": settings.muggins,
            "claims": claims,
            "commitment": commitment(settings),
    });
    if let Some(seed) = seed {
        log["seed"] = json!(seed);
    }
    deal.insert("log".into(), log);
    Value::Object(deal).to_string()
}

/// The bounds of a log read whole: a line is a few hundred bytes, a long match a few hundred
/// lines.
pub const BOUNDS: Bounds = Bounds {
    line: 64 * 1024,
    total: 16 * 1024 * 1024,
    what: "a line of a log",
};

/// The lines of a log: the file at `path`, or standard input for `-`, within [`BOUNDS`].
pub fn lines_of(path: &Path) -> anyhow::Result<Vec<(u64, String)>> {
    if path == Path::new("-") {
        read_all(io::stdin().lock(), BOUNDS).context("standard input")
    } else {
        let file =
            File::open(path).with_context(|| format!("cannot read the log {}", path.display()))?;
        read_all(file, BOUNDS).with_context(|| format!("the log {}", path.display()))
    }
}

/// Read a log: its settings, the match after its last deal, and every deal. Each line must
/// carry on from the one before (the same game, the next deal, the scores the deals before it
/// leave), so a log holds one game, as `crib game` writes it, and is graded at the board that
/// happened.
pub fn read(lines: &[(u64, String)]) -> anyhow::Result<(Settings, Match, Vec<Logged>)> {
    read_with(lines, Hidden::Look)
}

/// Whether a reader of a log whose seed is hidden (a game in progress) may take the seed this
/// machine keeps for it: `crib game --resume` and the coach may (they never show it); `crib
/// verify`, which would print it, may not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hidden {
    /// Take the seed kept for the game, if this machine keeps it.
    Look,
    /// Refuse a log whose seed is hidden.
    Refuse,
}

/// [`read`], a hidden seed looked for or not.
pub fn read_with(
    lines: &[(u64, String)],
    hidden: Hidden,
) -> anyhow::Result<(Settings, Match, Vec<Logged>)> {
    let (seed, shown) = log_seed(lines, hidden)?;
    let mut first: Option<Settings> = None;
    let mut state: Option<Match> = None;
    let mut deals = Vec::new();
    for (number, text) in lines.iter().filter(|(_, l)| !l.trim().is_empty()) {
        let mut read = || -> anyhow::Result<()> {
            let value = parse_json(text).map_err(anyhow::Error::msg)?;
            let log = value
                .get("log")
                .context("no \"log\": not a line of crib game's log")?;
            let game = game_of(&value)?;
            let this = settings_of(log, game, seed, !shown)?;
            let before = match (&first, state.take()) {
                (Some(settings), Some(m)) => {
                    same_game(settings, &this)?;
                    m
                }
                _ => Match::new(game, this.seed, this.games).0,
            };
            next_deal(log, &before)?;
            let table = before.weigh(table_of(&value, game)?);
            let expected = before.board_scores();
            if table.start != expected {
                anyhow::bail!(
                    "\"scores\" is {} where the deals before it leave {}",
                    scores_json(game, &table.start),
                    scores_json(game, &expected)
                );
            }
            let claims = claims_of(log)?;
            let mut after = before.clone();
            after.settle(&table.counted()?, &claims);
            deals.push(Logged {
                table,
                claims,
                before,
            });
            first.get_or_insert(this);
            state = Some(after);
            Ok(())
        };
        read().with_context(|| format!("line {number}"))?;
    }
    match (first, state) {
        (Some(settings), Some(state)) => Ok((settings, state, deals)),
        _ => anyhow::bail!("the log holds no deal"),
    }
}

/// The log's seed, and whether its lines show it: the seed its lines give (a hidden seed is
/// written once the game is over), else, for a game in progress whose seed is hidden, the one
/// this machine keeps for its commitment (when `hidden` allows).
fn log_seed(lines: &[(u64, String)], hidden: Hidden) -> anyhow::Result<(u64, bool)> {
    let logs: Vec<(u64, Value)> = lines
        .iter()
        .filter_map(|(n, l)| Some((*n, parse_json(l).ok()?)))
        .collect();
    if let Some(seed) = logs
        .iter()
        .find_map(|(_, v)| v.get("log")?.get("seed")?.as_u64())
    {
        return Ok((seed, true));
    }
    // No line gives the seed: a game in progress whose seed is hidden, or a line that lacks it.
    let Some((number, first)) = logs.first() else {
        // The reading itself names what is wrong.
        return Ok((0, true));
    };
    let at = |problem: String| anyhow::anyhow!("line {number}: {problem}");
    let log = first
        .get("log")
        .ok_or_else(|| at("no \"log\": not a line of crib game's log".into()))?;
    if version_of(log).map_err(|e| at(e.to_string()))? == 0 {
        return Err(at("\"log\" lacks \"seed\"".into()));
    }
    let committed = log
        .get("commitment")
        .and_then(Value::as_str)
        .ok_or_else(|| at("\"log\" lacks \"seed\", and has no \"commitment\"".into()))?;
    if hidden == Hidden::Refuse {
        anyhow::bail!(
            "the log's seed is hidden until the game is over: a game in progress proves \
             nothing yet (carry on with crib game --resume, and verify the log once the game \
             is over)"
        );
    }
    let game = game_of(first).map_err(|e| at(e.to_string()))?;
    let holds =
        |seed| settings_of(log, game, seed, true).is_ok_and(|s| commitment(&s) == committed);
    crate::cli::seeds::find(committed, holds)
        .map(|seed| (seed, false))
        .with_context(|| {
            format!(
                "the log holds a game in progress whose seed is hidden until the game is over, \
                 and this machine does not keep it (crib keeps the seeds of the games in \
                 progress it deals in {})",
                crate::cli::seeds::place()
            )
        })
}

/// The format version of a line's `"log"`: 0 for a line written before logs were versioned.
pub fn version_of(log: &Value) -> anyhow::Result<u64> {
    match log.get("version") {
        None => Ok(0),
        Some(v) => match v.as_u64() {
            Some(version) if version <= VERSION => Ok(version),
            _ => anyhow::bail!(
                "the log is of format version {v}, which crib {} cannot read (it reads logs of \
                 version {VERSION} and before)",
                env!("CARGO_PKG_VERSION")
            ),
        },
    }
}

/// Whether a line's settings are the log's: a log holds one game.
fn same_game(log: &Settings, line: &Settings) -> anyhow::Result<()> {
    if line.game != log.game {
        anyhow::bail!(
            "a deal of {} players to {} in a game of {} to {}: a log holds one game",
            line.game.players,
            line.game.target,
            log.game.players,
            log.game.target
        );
    }
    if line.seed != log.seed {
        anyhow::bail!(
            "a deal of another game (seed {}, where the log's game has seed {}): a log holds \
             one game",
            line.seed,
            log.seed
        );
    }
    if line != log {
        anyhow::bail!(
            "the game's settings (\"names\", \"games\", \"opponent\", \"muggins\") differ from \
             the first line's: a log holds one game"
        );
    }
    Ok(())
}

/// Whether a line's `"log"` is the deal that comes next in the match `before` it.
fn next_deal(log: &Value, before: &Match) -> anyhow::Result<()> {
    let number = log
        .get("deal")
        .and_then(Value::as_u64)
        .context("\"log\" lacks \"deal\"")?;
    if number != before.deal_number {
        anyhow::bail!(
            "\"deal\" is {number} where deal {} comes next: a log holds one game's deals in order",
            before.deal_number
        );
    }
    let you = you_seat(log, before.game.players.count())?;
    let seat = before.seat_of(0).index() + 1;
    if you != seat {
        anyhow::bail!("\"you\" is seat {you} where the deals before it leave you in seat {seat}");
    }
    let game_number = log.get("game_number").and_then(Value::as_u64);
    let playing = u64::from(before.games_played) + 1;
    if game_number.is_some_and(|n| n != playing) {
        anyhow::bail!(
            "\"game_number\" is {} where game {playing} is under way",
            game_number.unwrap_or_default()
        );
    }
    Ok(())
}

/// The scores before a deal as its line writes them: `{"dealer", "pone"}` with two players,
/// else a list by the board's sides.
fn scores_json(game: Game, start: &[u32]) -> Value {
    if game.players == Players::TWO {
        json!({"dealer": start[1], "pone": start[0]})
    } else {
        json!(start)
    }
}

/// The game of a deal in `crib deal`'s JSON: `"players"` (2 unless given) and `"game"` (121).
pub fn game_of(value: &Value) -> anyhow::Result<Game> {
    let players = value.get("players").and_then(Value::as_u64).unwrap_or(2);
    let target = value.get("game").and_then(Value::as_u64).unwrap_or(121);
    Ok(Game::new(
        Players::try_from(players as usize)?,
        target as u32,
    )?)
}

/// Your seat in a line's `"log"`, 1 to `players`.
fn you_seat(log: &Value, players: usize) -> anyhow::Result<usize> {
    match log.get("you").and_then(Value::as_u64) {
        Some(you @ 1..) if you as usize <= players => Ok(you as usize),
        Some(you) => anyhow::bail!("\"you\" is a seat, 1 to {players}, not {you}"),
        None => anyhow::bail!("\"log\" lacks \"you\""),
    }
}

/// The longest name a player may take, in characters: the board shows it in full.
pub const LONGEST_NAME: usize = 13;

/// Whether `name` will do for a player beside the names `taken`: some text on one line, at most
/// [`LONGEST_NAME`] characters, told apart from every other player's (in any case).
pub fn name_fits(name: &str, taken: &[String]) -> Result<(), String> {
    let shown = crib::cards::quoted(name);
    if name.trim().is_empty() {
        return Err("a player's name cannot be empty".into());
    }
    if let Some(control) = name.chars().find(|c| c.is_control()) {
        let what = match control {
            '\n' | '\r' => "a line break".to_owned(),
            '\t' => "a tab".to_owned(),
            '\u{1b}' => "an escape (U+001B)".to_owned(),
            other => format!("a control character (U+{:04X})", u32::from(other)),
        };
        return Err(format!(
            "{shown} holds {what}: a name is printable text on one line"
        ));
    }
    if name.chars().count() > LONGEST_NAME {
        return Err(format!(
            "{shown} is longer than {LONGEST_NAME} characters, the most the board shows"
        ));
    }
    if name.trim() != name {
        return Err(format!("{shown} starts or ends with a space"));
    }
    if let Some(other) = taken
        .iter()
        .find(|t| t.to_lowercase() == name.to_lowercase())
    {
        let case = if other == name {
            String::new()
        } else {
            format!(" ({})", crib::cards::quoted(other))
        };
        return Err(format!(
            "{shown} is another player's name{case}: each player needs a name of their own"
        ));
    }
    Ok(())
}

/// A line's settings, in a log whose seed is `seed` (`hidden` when no line shows it).
fn settings_of(log: &Value, game: Game, seed: u64, hidden: bool) -> anyhow::Result<Settings> {
    match (version_of(log)?, log.get("seed")) {
        (_, Some(given)) if given.as_u64() != Some(seed) => anyhow::bail!(
            "a deal of another game (seed {given}, where the log's game has seed {seed}): a log \
             holds one game"
        ),
        (0, None) => anyhow::bail!("\"log\" lacks \"seed\""),
        _ => {}
    }
    let names: Vec<String> = strings(log, "names")?;
    let n = game.players.count();
    if names.len() != n {
        anyhow::bail!(
            "\"names\" takes a name for each of the {n} seats, not {}",
            names.len()
        );
    }
    for (i, name) in names.iter().enumerate() {
        if let Err(problem) = name_fits(name, &names[..i]) {
            anyhow::bail!("\"names\": {problem}");
        }
    }
    let you = you_seat(log, n)?;
    // Names are logged by seat; keep them from you round the table.
    let by_player = (0..n).map(|p| names[(you - 1 + p) % n].clone()).collect();
    Ok(Settings {
        game,
        seed,
        games: log.get("games").and_then(Value::as_u64).unwrap_or(1) as u32,
        names: by_player,
        opponent: log
            .get("opponent")
            .and_then(Value::as_str)
            .unwrap_or("expert")
            .to_owned(),
        muggins: log.get("muggins").and_then(Value::as_bool).unwrap_or(false),
        hidden,
    })
}

fn strings(value: &Value, field: &str) -> anyhow::Result<Vec<String>> {
    let list = value
        .get(field)
        .and_then(Value::as_array)
        .with_context(|| format!("\"{field}\" is missing or not a list"))?;
    list.iter()
        .map(|v| {
            v.as_str()
                .map(str::to_owned)
                .with_context(|| format!("\"{field}\" takes strings"))
        })
        .collect()
}

fn card_list(value: &Value, field: &str) -> anyhow::Result<Vec<Card>> {
    Ok(parse_cards(&strings(value, field)?)?)
}

/// A deal's table from a line in `crib deal`'s JSON, the hands as dealt.
pub fn table_of(value: &Value, game: Game) -> anyhow::Result<DealTable> {
    let throws_field = if game.players == Players::TWO {
        "pone_throw"
    } else {
        "throws"
    };
    if value.get(throws_field).is_none() {
        anyhow::bail!(
            "each hand is needed as dealt, with its throw (\"{throws_field}\"), to grade the discard"
        );
    }
    let (dealt, throws, crib_card) = if game.players == Players::TWO {
        let dealt = vec![card_list(value, "pone")?, card_list(value, "dealer")?];
        let throws = vec![
            card_list(value, "pone_throw")?,
            card_list(value, "dealer_throw")?,
        ];
        (dealt, throws, None)
    } else {
        let hands = value
            .get("hands")
            .and_then(Value::as_array)
            .context("\"hands\" is missing")?;
        let dealt = hands
            .iter()
            .map(|h| Ok(parse_cards(&strings(&json!({"h": h}), "h")?)?))
            .collect::<anyhow::Result<_>>()?;
        let throws = card_list(value, "throws")?
            .into_iter()
            .map(|c| vec![c])
            .collect();
        let crib_card = match value.get("crib_card").and_then(Value::as_str) {
            Some(text) => Some(text.parse()?),
            None => None,
        };
        (dealt, throws, crib_card)
    };
    let starter = value
        .get("starter")
        .and_then(Value::as_str)
        .context("no \"starter\"")?;
    let play = parse_tokens(&strings(value, "play")?, game.players)?;
    let dealt = Dealt {
        game,
        hands: dealt,
        throws,
        crib_card,
        starter: starter.parse()?,
        start: scores_of(value, game)?,
    };
    dealt.played(play)
}

/// A deal as dealt, with each seat's throw, before its play: what a table to grade is built
/// from, whether from a line of JSON or from `crib deal`'s notation.
pub struct Dealt {
    pub game: Game,
    /// Each seat's cards as dealt.
    pub hands: Vec<Vec<Card>>,
    /// Each seat's throw.
    pub throws: Vec<Vec<Card>>,
    /// With three players, the card dealt to the crib.
    pub crib_card: Option<Card>,
    pub starter: Card,
    /// The scores before the deal, by side.
    pub start: Vec<u32>,
}

impl Dealt {
    /// The deal's table with its throws made and `play` played, every move checked.
    pub fn played(self, play: Vec<crib::pegging::Token>) -> anyhow::Result<DealTable> {
        let game = self.game;
        let mut table = DealTable::new(game, self.hands, self.crib_card, self.starter, self.start)?;
        if self.throws.len() != game.players.count() {
            anyhow::bail!("every seat's hand as dealt and its throw are needed");
        }
        for (s, throw) in self.throws.iter().enumerate() {
            throw_logged(&mut table, s, throw)?;
        }
        table.tokens = play;
        table.counted()?;
        Ok(table)
    }
}

fn throw_logged(table: &mut DealTable, seat: usize, throw: &[Card]) -> anyhow::Result<()> {
    table
        .throw(Seat::new(seat), throw)
        .map_err(|refusal| anyhow::anyhow!("seat {}: {refusal}", seat + 1))
}

fn scores_of(value: &Value, game: Game) -> anyhow::Result<Vec<u32>> {
    let scores = value.get("scores");
    let number = |v: Option<&Value>| v.and_then(Value::as_u64).unwrap_or(0) as u32;
    Ok(match scores {
        None => vec![0; game.players.sides()],
        Some(s) if game.players == Players::TWO => {
            vec![number(s.get("pone")), number(s.get("dealer"))]
        }
        Some(Value::Array(list)) => list.iter().map(|v| number(Some(v))).collect(),
        Some(_) => anyhow::bail!("\"scores\" takes a list of scores"),
    })
}

fn claims_of(log: &Value) -> anyhow::Result<Vec<Muggins>> {
    let Some(list) = log.get("claims").and_then(Value::as_array) else {
        return Ok(Vec::new());
    };
    list.iter()
        .map(|c| {
            let seat = c
                .get("seat")
                .and_then(Value::as_u64)
                .context("a claim lacks \"seat\"")?;
            Ok(Muggins {
                seat: Seat::new(seat.saturating_sub(1) as usize),
                claimed: c.get("claimed").and_then(Value::as_u64).unwrap_or(0) as u32,
                crib: c.get("crib").and_then(Value::as_bool).unwrap_or(false),
            })
        })
        .collect()
}
