//! Advice: what to throw (`discard`, as `crib discard`) and what to play (`play`, as `crib
//! play`). Both let other Python threads run while they work.

use pyo3::prelude::*;

use crib::ForGame;
use crib::Models;
use crib::discard::{
    CribModel, CribShare, DiscardAdvice, DiscardRequest, PlayModel, Role, advise_discard,
};
use crib::discard::{ThrowsForGame, WinChance, throw_for_game};
use crib::pegging::{parse_tokens, quoting};
use crib::play::{CardsForGame, card_for_game};
use crib::play::{OpponentModel, PlayAnswer, PlayQuestion, answer_play};
use crib::{Card, Players, Seat};

use crate::cards::{PyCard, cards, error, texts, value_error};
use crate::show::{fields_repr, game_of, players_of, scores_of};

/// One way to split the deal, valued: the cards kept and thrown, the hand's mean, fewest and
/// most points over the starters, the crib's mean, with the play counted the points you and
/// the other side can expect to peg (else `None`), and the net. With `scores`, the chance of
/// winning the game (`p_win`), its standard error (`p_win_se`) and the standard error of the gap to
/// the best choice (`gap_se`); else those are `None`.
#[pyclass(module = "crib_core", frozen, get_all)]
#[derive(Clone)]
pub struct DiscardChoice {
    keep: Vec<PyCard>,
    throw: Vec<PyCard>,
    hand_mean: f64,
    hand_min: u8,
    hand_max: u8,
    crib_mean: f64,
    peg_mean: Option<f64>,
    peg_opp_mean: Option<f64>,
    net: f64,
    p_win: Option<f64>,
    p_win_se: Option<f64>,
    gap_se: Option<f64>,
}

#[pymethods]
impl DiscardChoice {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "keep",
            "throw",
            "hand_mean",
            "hand_min",
            "hand_max",
            "crib_mean",
            "peg_mean",
            "peg_opp_mean",
            "net",
            "p_win",
            "p_win_se",
            "gap_se",
        ];
        fields_repr(slf.as_any(), "DiscardChoice", &fields)
    }
}

/// Discard advice: how many play, whose crib (`"dealer"`, `"partner-deals"`, `"pone"`), your
/// seat from 1, the models, and every choice, best first. With `scores`: the game hole, the
/// games each player still needs in a match (`match_need`, else `None`), how many draws of the other side's deal each chance is the mean of, and whether the board
/// changes the advice from the choice best on points (by more than the draws' noise); else
/// those are `None`.
#[pyclass(module = "crib_core", frozen, get_all)]
pub struct Discard {
    players: usize,
    role: &'static str,
    seat: usize,
    crib_model: &'static str,
    play_model: &'static str,
    game: Option<u32>,
    match_need: Option<GamesNeeded>,
    draws: Option<usize>,
    changes_advice: Option<bool>,
    choices: Vec<DiscardChoice>,
}

#[pymethods]
impl Discard {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "players",
            "role",
            "seat",
            "crib_model",
            "play_model",
            "game",
            "match_need",
            "draws",
            "changes_advice",
            "choices",
        ];
        fields_repr(slf.as_any(), "Discard", &fields)
    }

    /// The best choice.
    #[getter]
    fn best(&self) -> DiscardChoice {
        self.choices[0].clone()
    }
}

fn role_of(role: &str) -> PyResult<Role> {
    match role {
        "dealer" => Ok(Role::Dealer),
        "pone" => Ok(Role::Pone),
        "partner-deals" => Ok(Role::PartnerDeals),
        other => Err(value_error(format!(
            "role {other:?}: expected \"dealer\", \"pone\" or \"partner-deals\""
        ))),
    }
}

/// What to throw: every way to split `dealt` (six cards for two players, five for three or
/// four), valued exactly as `crib discard` values it, best first. `role` is `"dealer"`,
/// `"pone"` or (four players) `"partner-deals"`; `seat` (from 1) places you with three or
/// four. `crib_model` is `"expert"` or `"uniform"`, `play_model` `"engine"` or `"none"`. With
/// `scores` (two players `(yours, theirs)`, three by seat, four by partnership, seats 1 and 3
/// first), the choices are ranked by the chance of winning the game to `game`, as `crib discard
/// --scores` ranks them; with two players and `match_need=(yours, theirs)` too, the games each
/// still needs to win a match, by the chance of winning the match, a skunk counting two games.
///
/// >>> advice = crib_core.discard("5h Jd 5c 5s 4d 6d", role="dealer")
/// >>> [str(c) for c in advice.best.throw], round(advice.best.net, 6)
/// (['5h', 'Jd'], 25.482852)
#[pyfunction]
#[pyo3(signature = (
    dealt, *, role, players = 2, seat = None, crib_model = "expert", play_model = "engine",
    scores = None, game = 121, match_need = None
))]
#[allow(clippy::too_many_arguments)]
fn discard(
    py: Python<'_>,
    dealt: &Bound<'_, PyAny>,
    role: &str,
    players: i64,
    seat: Option<i64>,
    crib_model: &str,
    play_model: &str,
    scores: Option<Vec<i64>>,
    game: i64,
    match_need: Option<(i64, i64)>,
) -> PyResult<Discard> {
    let dealt = cards(dealt)?;
    let players = players_of(players)?;
    let role = role_of(role)?;
    let (crib, play) = models_of(crib_model, play_model)?;
    let seat = seat_in_role(seat_of(seat, players)?, role, players)?;
    let request = DiscardRequest {
        dealt: &dealt,
        players,
        role,
        crib,
        play,
        crib_share: CribShare::default(),
        need: None,
        seat,
    };
    let board = match scores {
        Some(scores) => Some(Board::of(
            &scores,
            game,
            match_need,
            request.seat(),
            players,
        )?),
        None if match_need.is_some() => return Err(match_without_scores()),
        None => None,
    };
    let answer = py
        .detach(|| match &board {
            Some(board) => {
                throw_for_game(Models::committed(), &request, &board.at).map(Answer::ForGame)
            }
            None => advise_discard(Models::committed(), &request).map(Answer::Points),
        })
        .map_err(error)?;
    let (advice, weighed) = match &answer {
        Answer::ForGame(weighed) => (&weighed.advice, Some(weighed)),
        Answer::Points(advice) => (advice, None),
    };
    Ok(Discard {
        players: players.count(),
        role: role.name(),
        seat: request.seat().index() + 1,
        crib_model: advice.model.name(),
        play_model: advice.play.name(),
        game: board.as_ref().map(|b| b.target),
        match_need: board.and_then(|b| b.match_need).map(GamesNeeded::from),
        draws: weighed.and_then(|w| w.chances.first()).map(|c| c.draws),
        changes_advice: weighed.map(|w| w.verdict.changes),
        choices: choices_of(advice, weighed.map(|w| &w.chances[..])),
    })
}

/// A discard answered for points, or weighed for the game.
enum Answer {
    Points(DiscardAdvice),
    ForGame(ThrowsForGame),
}

/// The seat given, checked against the role: seat N of the table must be the role's.
fn seat_in_role(seat: Option<Seat>, role: Role, players: Players) -> PyResult<Option<Seat>> {
    match seat {
        Some(seat) if Role::of_seat(seat, players) != role => Err(value_error(format!(
            "seat {} of {players} is not the {} role",
            seat.index() + 1,
            role.name()
        ))),
        _ => Ok(seat),
    }
}

/// The board a decision for the game is weighed at, as Python gives it: the scores (two
/// players yours first; three by seat; four by partnership, seats 1 and 3 first) in a game to
/// the hole, you in a seat, and with two players the games each still needs in a match.
struct Board {
    scores: Vec<u32>,
    target: u32,
    match_need: Option<[u32; 2]>,
    at: ForGame,
}

impl Board {
    /// The board of `scores`, `target` and `match_need` as Python gives them, each checked.
    fn of(
        scores: &[i64],
        target: i64,
        match_need: Option<(i64, i64)>,
        seat: Seat,
        players: Players,
    ) -> PyResult<Board> {
        let game = game_of(players, target)?;
        let scores = scores_of(scores)?;
        let match_need = games_needed(match_need)?;
        let at = ForGame::given(game, seat, &scores, match_need).map_err(error)?;
        Ok(Board {
            scores,
            target: game.target,
            match_need,
            at,
        })
    }
}

/// The games you and the opponent still need to win a match, as `match_need` gives them: 1
/// or more each.
pub(crate) fn games_needed(need: Option<(i64, i64)>) -> PyResult<Option<[u32; 2]>> {
    let games = |n: i64| u32::try_from(n).ok().filter(|&n| n >= 1);
    match need {
        None => Ok(None),
        Some((you, them)) if games(you).is_some() && games(them).is_some() => {
            Ok(games(you).zip(games(them)).map(|(y, t)| [y, t]))
        }
        Some((you, them)) => Err(value_error(format!(
            "match_need ({you}, {them}): expected the games you and the opponent still need to \
             win the match, 1 or more each"
        ))),
    }
}

fn match_without_scores() -> PyErr {
    value_error("match_need weighs the board of a match: give scores=(yours, theirs) with it")
}

/// The games each player still needs to win a match: `{"you", "opponent"}`, as the JSON has it.
#[derive(Clone, Copy, IntoPyObject)]
pub(crate) struct GamesNeeded {
    you: u32,
    opponent: u32,
}

impl From<[u32; 2]> for GamesNeeded {
    fn from([you, opponent]: [u32; 2]) -> GamesNeeded {
        GamesNeeded { you, opponent }
    }
}

/// The crib and play models named.
fn models_of(crib_model: &str, play_model: &str) -> PyResult<(CribModel, PlayModel)> {
    let crib = match crib_model {
        "expert" => CribModel::Expert,
        "uniform" => CribModel::Uniform,
        other => {
            return Err(value_error(format!(
                "crib_model {other:?}: expected \"expert\" or \"uniform\""
            )));
        }
    };
    let play = match play_model {
        "engine" => PlayModel::Engine,
        "none" => PlayModel::None,
        other => {
            return Err(value_error(format!(
                "play_model {other:?}: expected \"engine\" or \"none\""
            )));
        }
    };
    Ok((crib, play))
}

/// The advice's choices as Python objects, each with its chance of winning when weighed for
/// the game.
fn choices_of(advice: &DiscardAdvice, chances: Option<&[WinChance]>) -> Vec<DiscardChoice> {
    advice
        .choices
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let chance = chances.map(|c| c[i]);
            DiscardChoice {
                keep: s.keep.iter().map(|&c| PyCard(c)).collect(),
                throw: s.throw.iter().map(|&c| PyCard(c)).collect(),
                hand_mean: s.hand_mean,
                hand_min: s.hand_min,
                hand_max: s.hand_max,
                crib_mean: s.crib_mean,
                peg_mean: s.peg.map(|p| p.mine),
                peg_opp_mean: s.peg.map(|p| p.theirs),
                net: s.net,
                p_win: chance.map(|c| c.p_win),
                p_win_se: chance.map(|c| c.se),
                gap_se: chance.map(|c| c.gap_se),
            }
        })
        .collect()
}

/// A seat from 1, checked against how many play.
fn seat_of(seat: Option<i64>, players: Players) -> PyResult<Option<Seat>> {
    match seat {
        None => Ok(None),
        Some(n) if n >= 1 && n <= players.count() as i64 => Ok(Some(Seat::new(n as usize - 1))),
        Some(n) => Err(value_error(format!(
            "seat {n}: {players} players sit in seats 1 to {players}"
        ))),
    }
}

/// One card you can play, valued: the card, what it scores at once and why, your expected
/// points and the other side's to the end of the deal (this card's included), and the net;
/// with three or four players, whose hidden hands are sampled, the net's standard error and
/// that of the gap to the best card (else `None`).
#[pyclass(module = "crib_core", frozen, get_all)]
#[derive(Clone)]
pub struct PlayOption {
    card: PyCard,
    now: u32,
    reasons: Vec<String>,
    mine: f64,
    theirs: f64,
    net: f64,
    se: Option<f64>,
    gap_se: Option<f64>,
}

#[pymethods]
impl PlayOption {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "card", "now", "reasons", "mine", "theirs", "net", "se", "gap_se",
        ];
        fields_repr(slf.as_any(), "PlayOption", &fields)
    }
}

/// One card valued for the game: your chance (with four players your side's; in a match of two,
/// of the match) of winning with it, its standard error, and the standard error of the best
/// card's chance less this one's, on the same deals.
#[pyclass(module = "crib_core", frozen, get_all)]
#[derive(Clone)]
pub struct BoardOption {
    card: PyCard,
    p_win: f64,
    p_win_se: f64,
    gap_se: f64,
}

#[pymethods]
impl BoardOption {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        fields_repr(
            slf.as_any(),
            "BoardOption",
            &["card", "p_win", "p_win_se", "gap_se"],
        )
    }
}

/// The play valued for the game, as `crib play --scores` values it: the scores (`{"you",
/// "opponent"}` with two players, else by seat with three and by partnership with four, seats 1
/// and 3 first), the game hole, the games each still needs in a match (else `None`), how many
/// deals of the hidden cards each card was weighed over, every card best chance first, the
/// card best for the game and the one best for points, whether the board changes the advice
/// (by more than two standard errors of the gap), and the best card's chance less the points
/// card's.
#[pyclass(module = "crib_core", frozen, get_all)]
pub struct PlayBoard {
    scores: Py<PyAny>,
    game: u32,
    match_need: Option<GamesNeeded>,
    samples: usize,
    options: Vec<BoardOption>,
    best: PyCard,
    points_best: PyCard,
    changes_advice: bool,
    gain: f64,
}

#[pymethods]
impl PlayBoard {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "scores",
            "game",
            "match_need",
            "samples",
            "options",
            "best",
            "points_best",
            "changes_advice",
            "gain",
        ];
        fields_repr(slf.as_any(), "PlayBoard", &fields)
    }
}

/// Play advice: your hand and seat (from 1), the count, every card you can play valued (best
/// first), the best card (`None` when no card can be played: say go), and how many holdings of
/// the other hands were searched (two players) or how many deals of the hidden cards were
/// sampled (three or four; the other is `None`); with `scores`, the play valued for the game
/// (`board`, else `None`).
#[pyclass(module = "crib_core", frozen, get_all)]
pub struct PlayAdvice {
    hand: Vec<PyCard>,
    players: usize,
    seat: usize,
    count: u8,
    options: Vec<PlayOption>,
    best: Option<PyCard>,
    holdings: Option<usize>,
    samples: Option<usize>,
    opponent: &'static str,
    board: Option<Py<PlayBoard>>,
}

#[pymethods]
impl PlayAdvice {
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let fields = [
            "hand", "players", "seat", "count", "options", "best", "holdings", "samples",
            "opponent", "board",
        ];
        fields_repr(slf.as_any(), "PlayAdvice", &fields)
    }
}

/// What to play: your four cards for the play (`hand`), the play so far (`played`: cards and
/// `"go"`, from the lead), your seat (`seat` from 1: 1 leads, the dealer is the last; or
/// `dealer=True`), and what else you have seen: the `starter` and the cards you `thrown`.
/// `opponent` weighs the hidden cards: `"uniform"`, `"expert"` (what players keep) or
/// `"reading"` (and how they have played).
/// With `scores` (and the starter), each card is also valued by the chance of winning the game
/// to `game` (`board`): two players `(yours, theirs)`, three by seat, four by partnership (seats
/// 1 and 3 first); with two, `match_need=(yours, theirs)` weighs a match. The same answer as
/// `crib play`.
///
/// >>> crib_core.play("5h 6c 7d 8s", seat=1).best
/// Card('7d')
#[pyfunction]
#[pyo3(signature = (
    hand, played = None, *, seat = None, dealer = false, players = 2, starter = None,
    thrown = None, opponent = "uniform", scores = None, game = 121, match_need = None
))]
#[allow(clippy::too_many_arguments)]
fn play(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    played: Option<&Bound<'_, PyAny>>,
    seat: Option<i64>,
    dealer: bool,
    players: i64,
    starter: Option<&Bound<'_, PyAny>>,
    thrown: Option<&Bound<'_, PyAny>>,
    opponent: &str,
    scores: Option<Vec<i64>>,
    game: i64,
    match_need: Option<(i64, i64)>,
) -> PyResult<PlayAdvice> {
    let players = players_of(players)?;
    let hand = cards(hand)?;
    let seat = where_you_sit(seat_of(seat, players)?, dealer, players)?;
    let thrown = cards_if_any(thrown)?;
    let starter = cards_if_any(starter)?;
    let mut seen = thrown.clone();
    seen.extend(&starter);
    let sequence = match played {
        Some(played) => texts(played)?,
        None => Vec::new(),
    };
    let tokens = parse_tokens(&sequence, players).map_err(error)?;
    let (opponent_model, opponent) = opponent_of(opponent)?;
    let question = PlayQuestion {
        players,
        hand: &hand,
        seat,
        seen: &seen,
        tokens: &tokens,
        opponent: opponent_model,
    };
    let board = match scores {
        Some(scores) => {
            let &[starter] = &starter[..] else {
                return Err(value_error(
                    "scores need the starter, one card: the hands and the crib are counted with it",
                ));
            };
            let board = Board::of(&scores, game, match_need, seat, players)?;
            Some(OnBoard {
                board,
                players,
                starter,
            })
        }
        None if match_need.is_some() => return Err(match_without_scores()),
        None => None,
    };
    let answer = py
        .detach(|| match &board {
            Some(on) => card_for_game(Models::committed(), &question, on.starter, &on.board.at)
                .map(Played::ForGame),
            None => answer_play(Models::committed(), &question).map(Played::Points),
        })
        .map_err(|err| error(quoting(err, &sequence)))?;
    Ok(match (answer, board) {
        (Played::ForGame(valued), Some(on)) if !valued.options.is_empty() => {
            let mut advice = play_advice(&valued.points, opponent);
            advice.board = Some(Py::new(py, on.python(py, valued)?)?);
            advice
        }
        (Played::ForGame(valued), _) => play_advice(&valued.points, opponent),
        (Played::Points(points), _) => play_advice(&points, opponent),
    })
}

/// A play answered for points, or valued for the game too.
enum Played {
    Points(PlayAnswer),
    ForGame(CardsForGame),
}

/// The cards given, if any.
fn cards_if_any(given: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Card>> {
    given.map_or(Ok(Vec::new()), cards)
}

/// The advice for Python: the cards valued for points and how the others were weighed (the
/// board, if the cards were valued for the game, is the caller's to add).
fn play_advice(answer: &PlayAnswer, opponent: &'static str) -> PlayAdvice {
    let options = play_options(answer);
    let best = options.first().map(|o| o.card);
    PlayAdvice {
        hand: answer.hand.iter().map(|&c| PyCard(c)).collect(),
        players: answer.players.count(),
        seat: answer.seat.index() + 1,
        count: answer.count,
        options,
        best,
        holdings: (!answer.advice.sampled).then_some(answer.advice.holdings),
        samples: answer.advice.sampled.then_some(answer.advice.holdings),
        opponent,
        board: None,
    }
}

/// Your seat, given as `seat=N` or `dealer=True` (or both, when they agree).
fn where_you_sit(seat: Option<Seat>, dealer: bool, players: Players) -> PyResult<Seat> {
    match (seat, dealer) {
        (Some(seat), false) => Ok(seat),
        (None, true) => Ok(players.dealer()),
        (Some(seat), true) if seat == players.dealer() => Ok(seat),
        _ => Err(value_error(
            "say where you sit: seat=N (1 leads, the dealer is the last) or dealer=True",
        )),
    }
}

/// The opponent model named, and its name.
fn opponent_of(opponent: &str) -> PyResult<(OpponentModel, &'static str)> {
    match opponent {
        "uniform" => Ok((OpponentModel::Uniform, "uniform")),
        "expert" => Ok((OpponentModel::Expert, "expert")),
        "reading" => Ok((OpponentModel::Reading, "reading")),
        other => Err(value_error(format!(
            "opponent {other:?}: expected \"uniform\", \"expert\" or \"reading\""
        ))),
    }
}

/// Every card of the answer, valued for points, best first.
fn play_options(answer: &PlayAnswer) -> Vec<PlayOption> {
    answer
        .advice
        .options
        .iter()
        .map(|o| PlayOption {
            card: PyCard(o.card),
            now: o.now_points(),
            reasons: o.now.iter().map(ToString::to_string).collect(),
            mine: o.mine,
            theirs: o.theirs,
            net: o.net(),
            se: o.se,
            gap_se: o.gap_se,
        })
        .collect()
}

/// The board `play` values the cards at: the board as given and checked, and the starter.
struct OnBoard {
    board: Board,
    players: Players,
    starter: Card,
}

impl OnBoard {
    fn python(&self, py: Python<'_>, valued: CardsForGame) -> PyResult<PlayBoard> {
        let given = &self.board.scores;
        let scores = match self.players {
            Players::TWO => {
                let dict = pyo3::types::PyDict::new(py);
                dict.set_item("you", given[0])?;
                dict.set_item("opponent", given[1])?;
                dict.into_any().unbind()
            }
            _ => given.clone().into_pyobject(py)?.into_any().unbind(),
        };
        Ok(PlayBoard {
            scores,
            game: self.board.target,
            match_need: self.board.match_need.map(GamesNeeded::from),
            samples: valued.samples,
            options: valued
                .options
                .iter()
                .map(|o| BoardOption {
                    card: PyCard(o.card),
                    p_win: o.p_win,
                    p_win_se: o.se,
                    gap_se: o.gap_se,
                })
                .collect(),
            best: PyCard(valued.options[0].card),
            points_best: PyCard(valued.points_best().unwrap_or(valued.options[0].card)),
            changes_advice: valued.verdict.changes,
            gain: valued.verdict.gain,
        })
    }
}

/// Add the classes and functions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<DiscardChoice>()?;
    m.add_class::<Discard>()?;
    m.add_class::<PlayOption>()?;
    m.add_class::<PlayAdvice>()?;
    m.add_class::<PlayBoard>()?;
    m.add_class::<BoardOption>()?;
    m.add_function(wrap_pyfunction!(discard, m)?)?;
    m.add_function(wrap_pyfunction!(play, m)?)?;
    Ok(())
}
