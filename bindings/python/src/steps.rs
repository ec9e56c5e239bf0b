//! A game stepped a card at a time (`crib_core::game::Steps`), for `crib_core.env`: the moves,
//! and what a player sees as a fixed array of numbers, a mask of the cards it may choose, and
//! the view crib's engine protocol would send it. Built here, in Rust, so that an environment
//! step costs microseconds.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyDict, PyList, PyString};

use crib::env::{Ask, Steps};

use crib::game::{Level, Seen};
use crib::{Card, Models, Seat};

use crate::cards::{Whole, value_error};
use crate::show::{game_of, players_of};

/// The cards of a deck, as the environment numbers them: rank-major from the ace, suits in the
/// order h, d, c, s (card `i` is `crib_core.GameSteps.CARDS[i]`).
const DECK: usize = 52;

/// The card numbered `index` (0 to 51).
fn card_of(index: i64) -> PyResult<Card> {
    u8::try_from(index)
        .ok()
        .filter(|&i| usize::from(i) < DECK)
        .map(Card::from_index)
        .ok_or_else(|| value_error(format!("card {index}: a card is numbered 0 to 51")))
}

impl GameSteps {
    /// The game dealt again for `player`, seeded `seed` (`copy(resample_for=...)`).
    fn resampled(&self, player: usize, seed: u64) -> PyResult<GameSteps> {
        let steps = self
            .steps
            .resample_for(player, seed)
            .ok_or_else(|| value_error(format!("player {player}: no such player")))?;
        let mut moves = self.moves.clone();
        moves.push((1 + player as u8, seed));
        Ok(GameSteps {
            steps,
            seed: self.seed,
            moves,
            deals: self.deals,
        })
    }
}

/// Room for the longest observation (version 1's 663 numbers, and more).
pub const LONGEST: usize = 1024;

/// The numbers of an observation of `version`.
pub fn observation_size(version: u8) -> usize {
    let steps = Steps::new(crib::Game::TWO, 0);
    let mut numbers = [0.0; LONGEST];
    steps.observation(0, version, &mut numbers).unwrap_or(0)
}

fn index_of(card: Card) -> usize {
    usize::from(card.index().unwrap_or(0))
}

/// What a pickle of a game holds: its class, the arguments that deal it again (players, game
/// hole, seed), and the cards chosen since.
type Pickled<'py> = (
    Bound<'py, pyo3::types::PyType>,
    (usize, u32, u64),
    Vec<(u8, u64)>,
);

/// A move of a pickled game: a card chosen, `(0, card)`, or the game dealt again for a player,
/// `(1 + player, seed)`.
type Move = (u8, u64);

/// One game, stepped a card at a time: the moves of `crib_core.env`. Players are numbered from
/// 0 round the table (with four, players 0 and 2 are partners); seats change with the deal.
/// Cards are numbered 0 to 51 (`CARDS`).
///
/// >>> steps = crib_core.GameSteps(players=2, game=121, seed=5)
/// >>> player, ask, left = steps.to_act()
/// >>> ask, left, len(steps.legal())
/// ('throw', 2, 6)
#[pyclass(module = "crib_core")]
pub struct GameSteps {
    steps: Steps,
    /// The seed the game was dealt from, and the moves since, in order (each card chosen, and
    /// each time the game was dealt again for a player): what a pickle keeps, the game dealt
    /// again and the moves replayed.
    seed: u64,
    moves: Vec<Move>,
    /// Deals settled so far.
    deals: u32,
}

#[pymethods]
impl GameSteps {
    /// The size of an observation: the numbers of `observation(player)` (version 0).
    #[classattr]
    #[allow(non_snake_case)]
    fn OBSERVATION_SIZE() -> usize {
        observation_size(0)
    }

    /// The numbers version 1 of `observation` adds: the order of the play on the count.
    #[classattr]
    #[allow(non_snake_case)]
    fn PLAY_ORDER_SIZE() -> usize {
        observation_size(1) - observation_size(0)
    }

    /// crib's levels, weakest first: the names `choice` takes, `crib game --opponent`'s.
    #[classattr]
    #[allow(non_snake_case)]
    fn LEVELS() -> Vec<&'static str> {
        Level::ALL.map(Level::name).to_vec()
    }

    #[new]
    #[pyo3(signature = (players = Whole::from(2), game = Whole::from(121), seed = Whole::from(0)))]
    fn new(players: Whole, game: Whole, seed: Whole) -> PyResult<GameSteps> {
        let players =
            players_of(players.get("players", "cribbage is played by 2, 3 or 4 players")?)?;
        let game = game_of(
            players,
            game.get("game", "a game is played to 61 or to 121")?,
        )?;
        let seed = seed.seed("seed")?;
        Ok(GameSteps {
            steps: Steps::new(game, seed),
            seed,
            moves: Vec::new(),
            deals: 0,
        })
    }

    /// A pickle: the game's players, hole and seed, and the moves made since (replayed by
    /// `__setstate__`), so that a game, and an environment holding one, pickles and copies.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Pickled<'py>> {
        let this = slf.borrow();
        Ok((
            slf.get_type(),
            (this.players(), this.game(), this.seed),
            this.moves.clone(),
        ))
    }

    /// The moves of a pickle, replayed on the game dealt again.
    fn __setstate__(&mut self, moves: Vec<Move>) -> PyResult<()> {
        for (kind, value) in moves {
            match kind {
                0 => {
                    self.act(Whole::from(value as i64))?;
                }
                _ => *self = self.resampled(usize::from(kind - 1), value)?,
            }
        }
        Ok(())
    }

    /// How many play.
    #[getter]
    fn players(&self) -> usize {
        self.steps.match_state().game.players.count()
    }

    /// The game's hole.
    #[getter]
    fn game(&self) -> u32 {
        self.steps.match_state().game.target
    }

    /// Deals settled so far.
    #[getter]
    fn deals(&self) -> u32 {
        self.deals
    }

    /// The player to act, what they are asked (`"throw"` or `"play"`) and, throwing, the cards
    /// still to throw (else 0); `None` once the game is over.
    fn to_act(&self) -> Option<(usize, &'static str, usize)> {
        let (seat, ask) = self.steps.to_act()?;
        let player = self.steps.match_state().player_at(seat);
        Some(match ask {
            Ask::Throw { left } => (player, "throw", left),
            Ask::Play => (player, "play", 0),
        })
    }

    /// The cards the player to act may choose, by number.
    fn legal(&self) -> Vec<usize> {
        self.steps.legal().into_iter().map(index_of).collect()
    }

    /// The cards the player to act may choose as 52 bytes, 1 for each card it may.
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyByteArray> {
        let mut mask = [0u8; DECK];
        for card in self.steps.legal() {
            mask[index_of(card)] = 1;
        }
        PyByteArray::new(py, &mask)
    }

    /// The player to act chooses card number `card`: a card of its throw or the card it plays.
    /// True when it ended a deal (its points in `last_deal()`). A card it may not choose raises
    /// `ValueError`, and nothing changes.
    fn act(&mut self, card: Whole) -> PyResult<bool> {
        let card = card_of(card.get("card", "a card is numbered 0 to 51")?)?;
        let settled = self
            .steps
            .act(card)
            .map_err(|refusal| value_error(format!("card {}: {refusal}", index_of(card))))?;
        self.moves.push((0, index_of(card) as u64));
        self.deals += u32::from(settled);
        Ok(settled)
    }

    /// The card number crib's player of `level` (`"random"` … `"strongest"`) would choose for
    /// the player to act; `None` once the game is over.
    fn choice(&self, py: Python<'_>, level: &str) -> PyResult<Option<usize>> {
        let level = Level::named(level).ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.map(Level::name).to_vec();
            value_error(format!(
                "level {level:?}: crib's levels are {}",
                names.join(", ")
            ))
        })?;
        Ok(py
            .detach(|| self.steps.choice(Models::committed(), level))
            .map(index_of))
    }

    /// The scores now by side (a player, or with four a partnership: side 0 is players 0 and 2).
    fn scores(&self) -> Vec<u32> {
        self.steps.scores()
    }

    /// The side player `player` scores for.
    fn side_of(&self, player: Whole) -> PyResult<usize> {
        let (player, _) = self.player(player)?;
        Ok(self.side(player))
    }

    /// The points each side scored in the deal settled last.
    fn last_deal(&self) -> Vec<u32> {
        self.steps.last_deal().to_vec()
    }

    /// The game's end once a side has reached the hole: the winning side, the scores by side,
    /// and `"skunk"`, `"double skunk"` or `None`; else `None`.
    fn over(&self) -> Option<(usize, Vec<u32>, Option<&'static str>)> {
        let over = self.steps.over()?;
        Some((
            over.winner,
            over.scores.clone(),
            over.skunk.map(|s| s.name()),
        ))
    }

    /// The player who deals this deal.
    fn dealer(&self) -> usize {
        self.steps.match_state().dealer
    }

    /// The deal settled last, `None` before the first: `dealer` (the player who dealt it),
    /// `dealt` and `throws` (by seat, seat 0 leading, the dealer last), and as `count_deal`
    /// takes it `hands` (the cards kept, by seat), `crib`, `starter`, `play` and `scores` (the
    /// scores before it by the board's sides: by seat, or with four players the partnerships,
    /// the dealer's last).
    fn settled<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some((table, dealer)) = self.steps.settled() else {
            return Ok(None);
        };
        let seats: Vec<Seat> = table.game.players.seats().collect();
        let dict = PyDict::new(py);
        dict.set_item("dealer", dealer)?;
        let dealt: Vec<Bound<PyList>> = seats
            .iter()
            .map(|s| texts(py, &table.dealt[s.index()]))
            .collect::<PyResult<_>>()?;
        dict.set_item("dealt", dealt)?;
        let throws: Vec<Bound<PyList>> = seats
            .iter()
            .map(|s| texts(py, table.throws[s.index()].as_deref().unwrap_or_default()))
            .collect::<PyResult<_>>()?;
        dict.set_item("throws", throws)?;
        let hands: Vec<String> = seats.iter().map(|&s| words(&table.kept(s))).collect();
        dict.set_item("hands", hands)?;
        dict.set_item("crib", table.crib().map(|c| words(&c)))?;
        dict.set_item("starter", table.starter.to_string())?;
        let play: Vec<String> = table.tokens.iter().map(ToString::to_string).collect();
        dict.set_item("play", play.join(" "))?;
        dict.set_item("scores", table.start.clone())?;
        Ok(Some(dict))
    }

    /// The seat `player` holds this deal: 0 leads, the dealer is last.
    fn seat_of(&self, player: Whole) -> PyResult<usize> {
        Ok(self.player(player)?.1.index())
    }

    /// A copy of the game as it stands, to try moves on without changing this one. With
    /// `resample_for=player`, the copy deals again every card that player has not seen (the
    /// others' cards not yet played, the crib, a starter not yet turned, the deals to come),
    /// consistently with what it has seen (a player who said go holds no card that would have
    /// fitted), shuffled from `seed`: a search from that player's seat then sees only what it
    /// could know.
    #[pyo3(signature = (resample_for = None, seed = Whole::from(0)))]
    fn copy(&self, resample_for: Option<Whole>, seed: Whole) -> PyResult<GameSteps> {
        let Some(player) = resample_for else {
            return Ok(GameSteps {
                steps: self.steps.clone(),
                seed: self.seed,
                moves: self.moves.clone(),
                deals: self.deals,
            });
        };
        let (player, _) = self.player(player)?;
        self.resampled(player, seed.seed("seed")?)
    }

    /// What `player` sees, as numbers (little-endian 32-bit floats, in the order docs/python.md
    /// gives): `numpy.frombuffer(steps.observation(p), numpy.float32)`. `version` 0 gives
    /// `OBSERVATION_SIZE` numbers, in which the cards on the count are a set; 1 adds the order of
    /// the play on the count, who played each card and who has said go (`OBSERVATION_SIZE +
    /// PLAY_ORDER_SIZE` numbers).
    #[pyo3(signature = (player, version = 0))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: Whole,
        version: u8,
    ) -> PyResult<Bound<'py, PyByteArray>> {
        let (player, _) = self.player(player)?;
        let mut numbers = [0.0; LONGEST];
        let Some(size) = self.steps.observation(player, version, &mut numbers) else {
            return Err(value_error(format!(
                "version {version}: the versions are 0 and 1"
            )));
        };
        let mut bytes = Vec::with_capacity(size * 4);
        for x in &numbers[..size] {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        Ok(PyByteArray::new(py, &bytes))
    }

    /// What `player` sees as crib's engine protocol would ask it (docs/engine.md): the request
    /// of its throw or its play, as a dict, whether or not it is the player to act (in the
    /// play, a player not to act has the count and an empty `legal`).
    fn view<'py>(&self, py: Python<'py>, player: Whole) -> PyResult<Bound<'py, PyDict>> {
        let (_, seat) = self.player(player)?;
        let seen = Seen::of(self.steps.table(), seat);
        let table = self.steps.table();
        if !table.all_thrown() {
            return view_of(py, &seen, None);
        }
        // The count is the table's, whoever asks; only the player to act has cards it may
        // play now (the others' `legal` is empty, as their action mask is all 0).
        let play = match self.steps.to_act() {
            Some((turn, _)) if turn == seat => (table.play_at().count, table.legal()),
            _ => (table.play_at().count, Vec::new()),
        };
        view_of(py, &seen, Some(play))
    }
}

impl GameSteps {
    /// Player number `player`, checked, and the seat they hold this deal.
    fn player(&self, player: Whole) -> PyResult<(usize, Seat)> {
        let n = self.steps.match_state().game.players.count();
        let player = player.get(
            "player",
            &format!("{n} players are numbered 0 to {}", n - 1),
        )?;
        match usize::try_from(player) {
            Ok(p) if p < n => Ok((p, self.steps.match_state().seat_of(p))),
            _ => Err(value_error(format!(
                "player {player}: {n} players are numbered 0 to {}",
                n - 1
            ))),
        }
    }

    /// The side of the match player `player` scores for: the player, or with four players
    /// their partnership (players 0 and 2 are side 0).
    fn side(&self, player: usize) -> usize {
        player % self.steps.match_state().game.players.sides()
    }
}

fn words(cards: &[Card]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The cards' names as Python strings, each made once (a view is built at every step).
fn texts<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyList>> {
    static NAMES: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();
    let names = NAMES.get_or_init(py, || {
        Card::deck()
            .map(|c| PyString::new(py, &c.to_string()).unbind())
            .collect()
    });
    PyList::new(
        py,
        cards.iter().map(|c| match c.index() {
            Some(i) => names[usize::from(i)].bind(py).clone(),
            None => PyString::new(py, &c.to_string()),
        }),
    )
}

/// The view of `seen` as crib's engine protocol asks it (docs/engine.md): a throw, or with
/// the count and the cards that fit, a play.
fn view_of<'py>(
    py: Python<'py>,
    seen: &Seen,
    play: Option<(u8, Vec<Card>)>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let players = seen.game.players;
    dict.set_item("ask", if play.is_some() { "play" } else { "throw" })?;
    dict.set_item("players", players.count())?;
    dict.set_item("game", seen.game.target)?;
    dict.set_item("seat", seen.seat.index() + 1)?;
    dict.set_item("role", seen.seat.name(players))?;
    if let Some([you, opponent]) = seen.need_yours_first() {
        dict.set_item("match_need", yours_first(py, you, opponent)?)?;
    }
    if let Some((count, legal)) = play {
        dict.set_item("hand", texts(py, &seen.hand())?)?;
        dict.set_item("thrown", texts(py, &seen.thrown)?)?;
        if let Some(starter) = seen.starter {
            dict.set_item("starter", starter.to_string())?;
        }
        let sequence: Vec<String> = seen.tokens.iter().map(ToString::to_string).collect();
        dict.set_item("sequence", sequence)?;
        dict.set_item("count", count)?;
        dict.set_item("legal", texts(py, &legal)?)?;
    } else {
        dict.set_item("dealt", texts(py, &seen.dealt)?)?;
    }
    match seen.scores_yours_first() {
        Some([you, opponent]) => dict.set_item("scores", yours_first(py, you, opponent)?)?,
        None => dict.set_item("scores", seen.scores.clone())?,
    }
    Ok(dict)
}

/// `{"you": you, "opponent": opponent}`.
fn yours_first(py: Python<'_>, you: u32, opponent: u32) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("you", you)?;
    dict.set_item("opponent", opponent)?;
    Ok(dict)
}

/// The seed of group `group` of `crib match --seed SEED`: `GameSteps(seed=match_seed(SEED, g))`
/// deals what that group deals (its first game seats the players in the order named).
///
/// >>> crib_core.match_seed(3, 0) == crib_core.match_seed(3, 0) != crib_core.match_seed(3, 1)
/// True
#[pyfunction]
#[pyo3(signature = (seed, group = Whole::from(0)))]
fn match_seed(seed: Whole, group: Whole) -> PyResult<u64> {
    Ok(crib::arena::group_seed(
        seed.seed("seed")?,
        group.seed("group")?,
    ))
}

/// Add the class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameSteps>()?;
    m.add_function(wrap_pyfunction!(match_seed, m)?)?;
    let cards: Vec<String> = Card::deck().map(|c| c.to_string()).collect();
    m.getattr("GameSteps")?.setattr("CARDS", cards)?;
    Ok(())
}
