//! Many games stepped at once, for `crib_core.env.vector`: `n` games of `crib_core::env::Steps`,
//! one card each per call, stepped in Rust on every core, crib's levels playing their seats in
//! between, and what the players to act see written into NumPy arrays the batch owns. Python
//! chooses the actions (a network, or random legal cards in NumPy) and never loops over games.

use numpy::{
    PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyReadwriteArray1, PyReadwriteArray2,
};
use pyo3::prelude::*;
use rayon::prelude::*;

use crib::env::Steps;
use crib::game::Level;
use crib::{Card, Game, Models};

use crate::cards::{Whole, value_error};
use crate::show::{game_of, players_of};
use crate::steps::observation_size;

/// The cards of a deck: the actions.
const DECK: usize = 52;

/// What one game writes after its step: the observation and the mask of the player to act,
/// who that is, each side's reward, whether a deal ended and its points, and the winner.
struct Row<'a> {
    observation: &'a mut [f32],
    /// What the watched player saw as a game ended, when the batch deals it again at once.
    last_seen: &'a mut [f32],
    mask: &'a mut [i8],
    to_act: &'a mut i64,
    rewards: &'a mut [f32],
    settled: &'a mut bool,
    points: &'a mut [i32],
    winner: &'a mut i64,
}

/// One game of the batch: the game, the player who chose its last card by your hand (the
/// observation shown once the game is over), and the cards the player to act may choose, a bit
/// a card (the mask written last, kept where the caller cannot change it).
#[derive(Clone)]
struct Slot {
    steps: Steps,
    last: usize,
    legal: u64,
    /// Games this slot has dealt again by itself (the next one's seed is drawn from it).
    again: u64,
    /// The game's seed, and the cards your players have chosen since, in order: what a pickle
    /// keeps, the game dealt again and the cards replayed (crib's levels choose alike).
    seed: u64,
    cards: Vec<u8>,
}

impl Slot {
    fn new(game: Game, seed: u64, levels: &[Option<Level>]) -> Slot {
        Slot {
            steps: Steps::new(game, seed),
            last: first_yours(levels),
            legal: 0,
            again: 0,
            seed,
            cards: Vec::new(),
        }
    }
}

/// What a pickle of a batch holds: its class, the arguments that make it again (n, the levels
/// by player, the game hole, the version, the reward, the player watched), and its state.
type Pickled<'py> = (Bound<'py, pyo3::types::PyType>, Made, State);

/// The arguments that make a batch again: n, the levels by player, the game hole, the
/// version, the reward, the player watched.
type Made = (
    usize,
    Vec<Option<String>>,
    u32,
    u8,
    &'static str,
    Option<usize>,
);

/// A pickled batch's state: the stream of seeds, and each game's seed, the games it has dealt
/// again by itself and the cards your players have chosen since.
type State = (Option<u64>, Vec<(u64, u64, Vec<u8>)>);

/// How a call treats each game: the levels at the seats, the observation's version, the
/// reward, the player watched once a game is over, and the stream that deals a game again
/// the moment it ends (`None`: a game over stays so until `reset`).
struct Rules<'a> {
    levels: &'a [Option<Level>],
    version: u8,
    points: bool,
    watch: Option<usize>,
    again: Option<(Game, u64)>,
}

/// `n` games stepped at once (`crib_core.env.vector` is its Gymnasium face). Players are
/// numbered from 0 round the table; each is yours (its cards come from `step`'s actions) or one
/// of crib's levels, which the batch plays in Rust until one of yours is to act. After each call
/// the arrays hold, by game: `observations` (what the player to act sees, or once the game is
/// over the player watched, else the player who chose last), `masks` (1 for each card the
/// player to act may choose), `to_act` (that player, -1 once over), `rewards` (by side, earned
/// in the call), `settled` (a deal ended in the call), `deal_points` (its points by side),
/// `winners` (the winning side of a game over, or of one that ended in the call and was dealt
/// again at once; else -1) and `last_seen` (for such a game, its last observation).
#[pyclass(module = "crib_core")]
pub struct GameBatch {
    slots: Vec<Slot>,
    game: Game,
    /// By player: `None` for yours, else crib's level that plays that seat.
    levels: Vec<Option<Level>>,
    version: u8,
    /// Rewards at the end of each deal (points), rather than the game's result.
    points: bool,
    /// The player whose view a game over shows (`None`: the player who chose last).
    watch: Option<usize>,
    /// The seed of the stream that deals a game again the moment it ends (`reset`'s `stream`).
    stream: Option<u64>,
    #[pyo3(get)]
    observations: Py<PyArray2<f32>>,
    #[pyo3(get)]
    last_seen: Py<PyArray2<f32>>,
    #[pyo3(get)]
    masks: Py<PyArray2<i8>>,
    #[pyo3(get)]
    to_act: Py<PyArray1<i64>>,
    #[pyo3(get)]
    rewards: Py<PyArray2<f32>>,
    #[pyo3(get)]
    settled: Py<PyArray1<bool>>,
    #[pyo3(get)]
    deal_points: Py<PyArray2<i32>>,
    #[pyo3(get)]
    winners: Py<PyArray1<i64>>,
}

#[pymethods]
impl GameBatch {
    /// `n` games of `players` to `game`, none dealt until `reset`. `levels` names, by player,
    /// crib's level that plays that seat, `None` for a seat that is yours (at least one is);
    /// `version` is the observation's (0 or 1); `reward` is `"game"` or `"points"`; `watch`
    /// is the player whose view a game over shows (by default the player who chose last).
    #[new]
    #[pyo3(signature = (n, levels, game = Whole::from(121), version = 1, reward = "game", watch = None))]
    fn new(
        py: Python<'_>,
        n: Whole,
        levels: Vec<Option<String>>,
        game: Whole,
        version: u8,
        reward: &str,
        watch: Option<usize>,
    ) -> PyResult<GameBatch> {
        let n = usize::try_from(n.get("n", "a batch holds 1 game or more")?)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| value_error("n: a batch holds 1 game or more"))?;
        let players = players_of(levels.len() as i64)?;
        let game = game_of(
            players,
            game.get("game", "a game is played to 61 or to 121")?,
        )?;
        let levels = levels
            .iter()
            .map(|name| name.as_deref().map(level_named).transpose())
            .collect::<PyResult<Vec<_>>>()?;
        if watch.is_some_and(|w| w >= levels.len()) {
            return Err(value_error(format!(
                "watch: {} players are numbered 0 to {}",
                levels.len(),
                levels.len() - 1
            )));
        }
        if levels.iter().all(Option::is_some) {
            return Err(value_error(
                "levels: at least one player is yours (None); crib's levels play the others",
            ));
        }
        let points = match reward {
            "game" => false,
            "points" => true,
            _ => {
                return Err(value_error(format!(
                    "reward {reward:?}: the rewards are \"game\" and \"points\""
                )));
            }
        };
        let size = observation_size(version);
        if size == 0 {
            return Err(value_error(format!(
                "version {version}: the versions are 0 and 1"
            )));
        }
        let sides = game.players.sides();
        Ok(GameBatch {
            slots: vec![Slot::new(game, 0, &levels); n],
            game,
            levels,
            version,
            points,
            watch,
            stream: None,
            observations: PyArray2::zeros(py, [n, size], false).unbind(),
            last_seen: PyArray2::zeros(py, [n, size], false).unbind(),
            masks: PyArray2::zeros(py, [n, DECK], false).unbind(),
            to_act: PyArray1::from_vec(py, vec![-1; n]).unbind(),
            rewards: PyArray2::zeros(py, [n, sides], false).unbind(),
            settled: PyArray1::from_vec(py, vec![false; n]).unbind(),
            deal_points: PyArray2::zeros(py, [n, sides], false).unbind(),
            winners: PyArray1::from_vec(py, vec![-1; n]).unbind(),
        })
    }

    /// The games in the batch.
    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// Deal game `games[k]` afresh from `seeds[k]` (what `crib game --seed` deals), crib's
    /// levels playing until one of your players is to act; the arrays' rows of those games
    /// are written anew (no reward, no deal ended). With `stream`, from then on a game that
    /// ends is dealt again the moment it ends, its seed drawn from `stream`, the game's number
    /// and how many it has dealt so (whatever the threads), and what the watched player saw as
    /// it ended is in `last_seen`.
    #[pyo3(signature = (games, seeds, stream = None))]
    fn reset(
        &mut self,
        py: Python<'_>,
        games: Vec<usize>,
        seeds: Vec<u64>,
        stream: Option<u64>,
    ) -> PyResult<()> {
        if games.len() != seeds.len() {
            return Err(value_error(format!(
                "{} games and {} seeds: one seed a game",
                games.len(),
                seeds.len()
            )));
        }
        let mut chosen = vec![None; self.slots.len()];
        for (&g, &seed) in games.iter().zip(&seeds) {
            let slot = chosen.get_mut(g).ok_or_else(|| {
                value_error(format!(
                    "game {g}: the batch's games are 0 to {}",
                    self.slots.len() - 1
                ))
            })?;
            *slot = Some(seed);
        }
        if stream.is_some() {
            self.stream = stream;
        }
        let game = self.game;
        self.run(py, &chosen, |slot, seed, levels| {
            *slot = Slot::new(game, seed, levels);
            Ok(false)
        })
    }

    /// One card for each game whose action is 0 to 51, chosen by the player to act (one of
    /// yours); a game whose action is -1 is left as it is. crib's levels then play until one of
    /// your players is to act or the game is over. An action the mask does not allow, or one
    /// for a game that is over, raises `ValueError` naming the game, and no game changes.
    fn step(&mut self, py: Python<'_>, actions: PyReadonlyArray1<'_, i64>) -> PyResult<()> {
        let actions = actions.as_array();
        if actions.len() != self.slots.len() {
            return Err(value_error(format!(
                "{} actions for {} games: one a game (-1 for none)",
                actions.len(),
                self.slots.len()
            )));
        }
        let actions = actions.to_vec();
        // Each card checked against the mask kept (a bit test a game) before any game moves.
        let cards = (self.slots.iter().zip(&actions).enumerate())
            .map(|(g, (slot, &action))| checked(g, slot, action))
            .collect::<Result<Vec<_>, _>>()
            .map_err(value_error)?;
        self.run(py, &cards, |slot, card, _| {
            if let Some((seat, _)) = slot.steps.to_act() {
                slot.last = slot.steps.match_state().player_at(seat);
            }
            slot.cards.push(card.index().unwrap_or(0));
            slot.steps.act(card).map_err(|refusal| refusal.to_string())
        })
    }

    /// A pickle: the batch's settings, the stream of seeds, and each game's seed, the games it
    /// has dealt again by itself and the cards chosen since (`__setstate__` replays them).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Pickled<'py>> {
        let this = slf.borrow();
        let levels = (this.levels.iter())
            .map(|l| l.map(|l| l.name().to_owned()))
            .collect();
        let reward = if this.points { "points" } else { "game" };
        let made = (
            this.slots.len(),
            levels,
            this.game.target,
            this.version,
            reward,
            this.watch,
        );
        let slots = (this.slots.iter())
            .map(|s| (s.seed, s.again, s.cards.clone()))
            .collect();
        Ok((slf.get_type(), made, (this.stream, slots)))
    }

    /// The games of a pickle, dealt again and their cards replayed.
    fn __setstate__(&mut self, py: Python<'_>, state: State) -> PyResult<()> {
        let (stream, slots) = state;
        if slots.len() != self.slots.len() {
            return Err(value_error("a pickle of another batch's games"));
        }
        // No game is dealt again while its cards are replayed.
        self.stream = None;
        let seeds: Vec<u64> = slots.iter().map(|s| s.0).collect();
        self.reset(py, (0..slots.len()).collect(), seeds, None)?;
        let longest = slots.iter().map(|s| s.2.len()).max().unwrap_or(0);
        for k in 0..longest {
            let actions: Vec<i64> = (slots.iter())
                .map(|s| s.2.get(k).map_or(-1, |&c| i64::from(c)))
                .collect();
            let actions = PyArray1::from_vec(py, actions);
            self.step(py, actions.readonly())?;
        }
        for (slot, (_, again, _)) in self.slots.iter_mut().zip(&slots) {
            slot.again = *again;
        }
        self.stream = stream;
        Ok(())
    }
}

impl GameBatch {
    /// For each game with `Some(what)` in `chosen`, `change` it (in parallel; true when that
    /// settled a deal), let crib's levels play, and write its row of the arrays: the rewards
    /// and the deal it earned meanwhile.
    fn run<T: Copy + Send + Sync>(
        &mut self,
        py: Python<'_>,
        chosen: &[Option<T>],
        change: impl Fn(&mut Slot, T, &[Option<Level>]) -> Result<bool, String> + Send + Sync,
    ) -> PyResult<()> {
        let mut arrays = Arrays {
            observations: self.observations.bind(py).readwrite(),
            last_seen: self.last_seen.bind(py).readwrite(),
            masks: self.masks.bind(py).readwrite(),
            to_act: self.to_act.bind(py).readwrite(),
            rewards: self.rewards.bind(py).readwrite(),
            settled: self.settled.bind(py).readwrite(),
            deal_points: self.deal_points.bind(py).readwrite(),
            winners: self.winners.bind(py).readwrite(),
        };
        let rows = arrays.rows(self.game.players.sides())?;
        let rules = Rules {
            levels: &self.levels,
            version: self.version,
            points: self.points,
            watch: self.watch,
            again: self.stream.map(|stream| (self.game, stream)),
        };
        let failed: Vec<String> = py.detach(|| {
            (self.slots.par_iter_mut().zip(rows).zip(chosen).enumerate())
                .map(|(g, ((slot, mut row), what))| {
                    // What a call earned, nothing for a game it leaves as it is.
                    row.rewards.fill(0.0);
                    row.points.fill(0);
                    *row.settled = false;
                    let what = (*what)?;
                    let outcome = change(slot, what, rules.levels)
                        .and_then(|settled| settle(slot, &mut row, &rules, settled));
                    let ended = slot.steps.over().map(|over| over.winner as i64);
                    match (ended, rules.again) {
                        (Some(winner), Some((game, stream))) if outcome.is_ok() => {
                            // Dealt again at once: what the game's end showed is kept.
                            write(slot, &mut row, &rules);
                            row.last_seen.copy_from_slice(row.observation);
                            let again = slot.again + 1;
                            *slot = Slot::new(game, seed_of(stream, g, again), rules.levels);
                            slot.again = again;
                            let outcome = settle(slot, &mut row, &rules, false);
                            write(slot, &mut row, &rules);
                            *row.winner = winner;
                            outcome.err()
                        }
                        _ => {
                            write(slot, &mut row, &rules);
                            outcome.err()
                        }
                    }
                })
                .flatten()
                .collect()
        });
        failed
            .into_iter()
            .next()
            .map_or(Ok(()), |message| Err(value_error(message)))
    }
}

/// The batch's arrays, borrowed for writing while a call steps its games.
struct Arrays<'py> {
    observations: PyReadwriteArray2<'py, f32>,
    last_seen: PyReadwriteArray2<'py, f32>,
    masks: PyReadwriteArray2<'py, i8>,
    to_act: PyReadwriteArray1<'py, i64>,
    rewards: PyReadwriteArray2<'py, f32>,
    settled: PyReadwriteArray1<'py, bool>,
    deal_points: PyReadwriteArray2<'py, i32>,
    winners: PyReadwriteArray1<'py, i64>,
}

impl Arrays<'_> {
    /// Each game's row of every array.
    fn rows(&mut self, sides: usize) -> PyResult<Vec<Row<'_>>> {
        let size = self.observations.as_array().ncols();
        Ok(self
            .observations
            .as_slice_mut()?
            .chunks_mut(size)
            .zip(self.last_seen.as_slice_mut()?.chunks_mut(size))
            .zip(self.masks.as_slice_mut()?.chunks_mut(DECK))
            .zip(self.to_act.as_slice_mut()?)
            .zip(self.rewards.as_slice_mut()?.chunks_mut(sides))
            .zip(self.settled.as_slice_mut()?)
            .zip(self.deal_points.as_slice_mut()?.chunks_mut(sides))
            .zip(self.winners.as_slice_mut()?)
            .map(
                |(
                    ((((((observation, last_seen), mask), to_act), rewards), settled), points),
                    winner,
                )| {
                    Row {
                        observation,
                        last_seen,
                        mask,
                        to_act,
                        rewards,
                        settled,
                        points,
                        winner,
                    }
                },
            )
            .collect())
    }
}

/// The seed of the `again`-th game slot `g` deals again by itself, from `stream` (splitmix64).
fn seed_of(stream: u64, g: usize, again: u64) -> u64 {
    let mut z = stream
        .wrapping_add((g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(again.wrapping_mul(0xD1B5_4A32_D192_ED03));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The card of game `g`'s action: `None` for -1 (no action), else a card the player to act
/// may choose, or why not.
fn checked(g: usize, slot: &Slot, action: i64) -> Result<Option<Card>, String> {
    if action == -1 {
        return Ok(None);
    }
    let card = u8::try_from(action)
        .ok()
        .filter(|&i| usize::from(i) < DECK)
        .map(Card::from_index)
        .ok_or_else(|| {
            format!(
                "game {g}: action {action}: an action is a card's number, 0 to 51 (-1 for none)"
            )
        })?;
    if slot.steps.over().is_some() {
        return Err(format!(
            "game {g}: the game is over: reset it before its next action"
        ));
    }
    if slot.legal & (1 << action) == 0 {
        return Err(format!(
            "game {g}: card {action} ({card}) is not one the player to act may choose"
        ));
    }
    Ok(Some(card))
}

/// crib's level named `name`, or a `ValueError` listing them.
fn level_named(name: &str) -> PyResult<Level> {
    Level::named(name).ok_or_else(|| {
        let names: Vec<&str> = Level::ALL.map(Level::name).to_vec();
        value_error(format!(
            "level {name:?}: crib's levels are {} (None for a player of yours)",
            names.join(", ")
        ))
    })
}

/// The first player who is yours.
fn first_yours(levels: &[Option<Level>]) -> usize {
    levels.iter().position(Option::is_none).unwrap_or(0)
}

/// Count the deal the card just chosen settled, if it did, then let crib's levels play until
/// one of your players is to act or the game is over, counting each deal their cards settle.
fn settle(slot: &mut Slot, row: &mut Row, rules: &Rules, settled: bool) -> Result<(), String> {
    let (levels, points) = (rules.levels, rules.points);
    let mut settled = settled;
    loop {
        if settled {
            earned(&slot.steps, row, points);
        }
        let Some((seat, _)) = slot.steps.to_act() else {
            return Ok(());
        };
        let player = slot.steps.match_state().player_at(seat);
        let Some(level) = levels[player] else {
            return Ok(());
        };
        let card = slot
            .steps
            .choice(Models::committed(), level)
            .ok_or_else(|| format!("crib's {} chose no card", level.name()))?;
        settled = slot
            .steps
            .act(card)
            .map_err(|refusal| refusal.to_string())?;
    }
}

/// A deal just settled: its points, and the rewards it brings (each side's points less the
/// mean of the others', or at the game's end +1 to the winner, the rest shared by the others).
fn earned(steps: &Steps, row: &mut Row, points: bool) {
    let last = steps.last_deal();
    let sides = last.len();
    *row.settled = true;
    for (total, &p) in row.points.iter_mut().zip(last) {
        *total += p as i32;
    }
    let others = (sides - 1) as f32;
    if points {
        let sum: u32 = last.iter().sum();
        for (reward, &p) in row.rewards.iter_mut().zip(last) {
            *reward += p as f32 - (sum - p) as f32 / others;
        }
    } else if let Some(over) = steps.over() {
        for (side, reward) in row.rewards.iter_mut().enumerate() {
            *reward += if side == over.winner {
                1.0
            } else {
                -1.0 / others
            };
        }
    }
}

/// The game's row: what the player to act sees (once over, `watch`, or the player who chose
/// last), the cards it may choose, who it is, and the winner.
fn write(slot: &mut Slot, row: &mut Row, rules: &Rules) {
    let (version, watch) = (rules.version, rules.watch);
    let steps = &slot.steps;
    let player = match steps.to_act() {
        Some((seat, _)) => steps.match_state().player_at(seat),
        None => watch.unwrap_or(slot.last),
    };
    *row.to_act = if steps.over().is_some() {
        -1
    } else {
        player as i64
    };
    *row.winner = steps.over().map_or(-1, |over| over.winner as i64);
    steps.observation(player, version, row.observation);
    row.mask.fill(0);
    slot.legal = 0;
    for card in steps.legal() {
        let i = card.index().unwrap_or(0);
        row.mask[usize::from(i)] = 1;
        slot.legal |= 1 << i;
    }
}

/// Add the class to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameBatch>()
}
