//! crib's named players, from a random one to crib's strongest: what each throws and plays,
//! seeing only what its seat sees ([`Seen`]). The same levels sit at `crib game`'s table, answer
//! `crib engine`'s requests and meet in `crib match`.

use crate::advice::discard::{
    CribModel, DiscardAdvice, DiscardRequest, PlayModel, Role, advise_discard,
};
use crate::advice::for_game::ForGame;
use crate::advice::for_game::discard::weigh_advice;
use crate::advice::for_game::play::{BoardCard, card_for_game, points_and_weighed, weigh_cards};
use crate::advice::play::{OpponentModel, PlayAnswer, PlayQuestion, answer_play};
use crate::model::Models;
use crate::rules::board::Game;
use crate::rules::card::Card;
use crate::rules::error::Result;
use crate::rules::play::MAX_COUNT;
use crate::rules::position::Position;
use crate::rules::seat::{Players, Seat};
use crate::rules::sequence::Token;
use crate::rules::show::{HandKind, score};
use crate::rules::shuffle::{Rng, mix};
use crate::rules::view::View;
use crate::search::players::{greedy, greedy_high, reply_aware};
use crate::search::rollout::{Continuation, rollout_values};
use crate::table::deal::DealTable;

/// A player crib fields, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Level {
    /// Throws and plays at random (a legal card), the same way for the same position.
    Random,
    /// Keeps the four cards whose hand averages most over the starters (the crib ignored) and
    /// plays the card that scores most now, the lowest on a tie: a beginner.
    Greedy,
    /// Greedy, but the highest card on a tie.
    GreedyHigh,
    /// Throws as greedy; plays the card that scores most now less the next player's best
    /// reply, over the cards that player may hold.
    ReplyAware,
    /// The expert's choices drawn at a temperature of 0.75 points: a
    /// choice a point worse than another is drawn a quarter as often. For someone who knows the
    /// rules and the counting.
    Novice,
    /// The expert's choices drawn at 0.55 points (a point's error a sixth as often as the
    /// best): for the kitchen-table player.
    Casual,
    /// The expert's choices drawn at 0.42 points (a point's error a tenth as often): for the
    /// club player.
    Club,
    /// crib's points player: the discard with the crib and the play counted (`crib discard`),
    /// the engine in the play (`crib play`), every holding of the unseen cards weighed alike.
    #[default]
    Expert,
    /// crib's strongest: the expert, the others' holdings weighed by what crib's players keep
    /// (with two players, also by how they have played: the reading model; and as dealer it
    /// answers the lead by rollouts, both players playing on as the reading model plays), and,
    /// once a side is within 40 holes of the end, the board (the chance of winning the game)
    /// in every card, and with two players every throw, where it changes the advice by more
    /// than its noise.
    Strongest,
}

impl Level {
    /// Every level, weakest first, as crib's ladder of every level rates them (docs/engine.md).
    /// (The order the variants are declared in is kept: the levels that draw seed by it.)
    pub const ALL: [Level; 9] = [
        Level::Random,
        Level::Greedy,
        Level::Novice,
        Level::GreedyHigh,
        Level::Casual,
        Level::ReplyAware,
        Level::Club,
        Level::Expert,
        Level::Strongest,
    ];

    /// The name used on the command line, in logs and in `crib match`: `random`, `greedy`,
    /// `greedy-high`, `reply-aware`, `expert`, `strongest`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Greedy => "greedy",
            Level::GreedyHigh => "greedy-high",
            Level::ReplyAware => "reply-aware",
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Club => "club",
            Level::Expert => "expert",
            Level::Strongest => "strongest",
        }
    }

    /// The temperature, in points, at which a level that errs as people do draws among the
    /// expert's choices (`None`: the level does not draw so).
    pub(crate) const fn temperature(self) -> Option<f64> {
        match self {
            Level::Novice => Some(0.75),
            Level::Casual => Some(0.55),
            Level::Club => Some(0.42),
            _ => None,
        }
    }

    /// The level of a name, if it is one.
    pub fn named(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// What a seat of this level throws.
    pub fn throw(self, models: &Models, seen: &Seen) -> Result<Vec<Card>> {
        let dealt = &seen.dealt;
        Ok(match self {
            Level::Random => {
                let mut rng = Rng::new(seen.key());
                let mut left = dealt.clone();
                let mut throw = Vec::new();
                for _ in 0..seen.game.deal_shape().1 {
                    let i = rng.below(left.len() as u64) as usize;
                    throw.push(left.remove(i));
                }
                throw
            }
            Level::Greedy | Level::GreedyHigh | Level::ReplyAware => greedy_throw(seen),
            Level::Expert => discard_advice(models, seen)?.choices[0].throw.clone(),
            Level::Novice | Level::Casual | Level::Club => {
                let choices = discard_advice(models, seen)?.choices;
                let values: Vec<f64> = choices.iter().map(|c| c.net).collect();
                let pick = self.drawn(&values, seen);
                choices[pick].throw.clone()
            }
            Level::Strongest => strongest_throw(models, seen, Parts::ALL)?,
        })
    }

    /// What a seat of this level plays: a card, or go when none fits.
    pub fn play(self, models: &Models, seen: &Seen) -> Result<Token> {
        let card = match seen.game.players.count() {
            2 => self.play_n::<2>(models, seen)?,
            3 => self.play_n::<3>(models, seen)?,
            _ => self.play_n::<4>(models, seen)?,
        };
        Ok(card.map_or(Token::Go, Token::Card))
    }

    fn play_n<const N: usize>(self, models: &Models, seen: &Seen) -> Result<Option<Card>> {
        let view = seen.view::<N>()?;
        let legal = view.legal_cards();
        if legal.is_empty() {
            return Ok(None);
        }
        Ok(match self {
            Level::Random => {
                let mut rng = Rng::new(seen.key());
                Some(legal[rng.below(legal.len() as u64) as usize])
            }
            Level::Greedy => greedy(&view),
            Level::GreedyHigh => greedy_high(&view),
            Level::ReplyAware => reply_aware(&view),
            Level::Expert => play_advice(models, seen, OpponentModel::Uniform)?
                .advice
                .options
                .first()
                .map(|o| o.card),
            Level::Novice | Level::Casual | Level::Club => {
                let options = play_advice(models, seen, OpponentModel::Uniform)?
                    .advice
                    .options;
                let values: Vec<f64> = options.iter().map(|o| o.net()).collect();
                options.get(self.drawn(&values, seen)).map(|o| o.card)
            }
            Level::Strongest => strongest_card(models, seen, Parts::ALL)?,
        })
    }

    /// One of `values` (points) drawn at the level's temperature ([`draw`]), as a function of
    /// the position and the level, like the random level's draws.
    fn drawn(self, values: &[f64], seen: &Seen) -> usize {
        let temperature = self.temperature().unwrap_or(1.0);
        draw(values, temperature, mix(seen.key(), &[self as u64]))
    }
}

/// The index of one of `values` (points), drawn by `key` with a chance in proportion to
/// `e^(value / temperature)`: the nearer a choice is to the best, the likelier; a choice a
/// temperature worse than another is drawn e (2.7) times less often.
fn draw(values: &[f64], temperature: f64, key: u64) -> usize {
    let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let weights: Vec<f64> = values
        .iter()
        .map(|v| ((v - best) / temperature).exp())
        .collect();
    Rng::new(key).pick(&weights)
}

/// The parts of crib's strongest player that can be left out, to measure what each adds (`crib
/// engine --level strongest --without PART`). Without the board and the reading it is the
/// expert with the other player's holdings weighed by what players keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Parts {
    /// The board: the card (and with two players the throw) that wins more games where it
    /// beats the points' best by more than two standard errors, once a side is within 40 holes
    /// of the end.
    pub board: bool,
    /// With two players, the reading of the other player's play ([`OpponentModel::Reading`]);
    /// without it, their holdings are weighed by what players keep alone.
    pub reading: bool,
    /// The discard's models: the expert crib model and the play counted. Without them, the
    /// plain heuristic: the four cards whose hand scores most over the starters, plus (or, in
    /// the other's crib, minus) what the throw adds to a crib of cards drawn at random
    /// (`crib discard --crib-model uniform --play-model none`).
    pub discard: bool,
    /// With two players, the dealer's answer to the lead by rollouts: each card played out on
    /// every hand the pone could hold, both then playing the reading model's likeliest card
    /// (where the board decides, the board's card). Without it, the engine's answer.
    pub answer: bool,
}

impl Parts {
    /// Every part: crib's strongest player.
    pub const ALL: Parts = Parts {
        board: true,
        reading: true,
        discard: true,
        answer: true,
    };
}

impl Level {
    /// What a seat of this level throws, with crib's strongest player made of `parts` (the
    /// other levels have none).
    pub fn throw_with(self, models: &Models, seen: &Seen, parts: Parts) -> Result<Vec<Card>> {
        match self {
            Level::Strongest => strongest_throw(models, seen, parts),
            _ => self.throw(models, seen),
        }
    }

    /// What a seat of this level plays, with crib's strongest player made of `parts`.
    pub fn play_with(self, models: &Models, seen: &Seen, parts: Parts) -> Result<Token> {
        match self {
            Level::Strongest if !seen.legal()?.is_empty() => {
                let card = strongest_card(models, seen, parts)?;
                Ok(card.map_or(Token::Go, Token::Card))
            }
            _ => self.play(models, seen),
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What one seat sees at a decision: the game, its seat, its cards as dealt and its throw, the
/// starter once turned, the play so far, and the scores now. All a level decides from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    /// The game.
    pub game: Game,
    /// The seat deciding (seat 0 leads, the dealer is last).
    pub seat: Seat,
    /// Its cards as dealt.
    pub dealt: Vec<Card>,
    /// Its throw (empty until it throws).
    pub thrown: Vec<Card>,
    /// The starter, once turned.
    pub starter: Option<Card>,
    /// The play so far, from seat 0.
    pub tokens: Vec<Token>,
    /// The scores now, by the board's sides ([`Game::side`]): his heels and the play so far
    /// counted.
    pub scores: Vec<u32>,
    /// In a match, the games each side still needs to win it ([`DealTable::need`]).
    pub need: Option<Vec<u32>>,
}

impl Seen {
    /// What seat `seat` sees at `table` now.
    pub fn of(table: &DealTable, seat: Seat) -> Seen {
        Seen {
            game: table.game,
            seat,
            dealt: table.dealt[seat.index()].clone(),
            thrown: table.throws[seat.index()].clone().unwrap_or_default(),
            starter: table.all_thrown().then_some(table.starter),
            tokens: table.tokens.clone(),
            scores: table.scores_now(),
            need: table.need.clone(),
        }
    }

    /// The board as crib's decisions for the game weigh it: the scores now, and with two
    /// players in a match the games each still needs.
    pub(crate) fn for_game(&self) -> ForGame {
        let game = ForGame::new(Position::at_table(self.game, &self.scores, self.seat));
        match self.need_yours_first() {
            Some(need) => game.in_match(need).unwrap_or(game),
            None => game,
        }
    }

    /// What seat `seat` saw at `table` when it threw: its cards as dealt and the scores
    /// before the deal, whatever has happened since.
    pub fn before_throw(table: &DealTable, seat: Seat) -> Seen {
        Seen {
            thrown: Vec::new(),
            starter: None,
            tokens: Vec::new(),
            scores: table.start.clone(),
            ..Seen::of(table, seat)
        }
    }

    /// With two sides, the scores now yours first (with four players, the partnerships'), as
    /// crib's engine protocol writes them; `None` with three players.
    pub fn scores_yours_first(&self) -> Option<[u32; 2]> {
        let you = self.game.side(self.seat).index();
        match self.scores.as_slice() {
            &[a, b] => Some(if you == 0 { [a, b] } else { [b, a] }),
            _ => None,
        }
    }

    /// In a match of two players, the games each still needs, yours first.
    pub fn need_yours_first(&self) -> Option<[u32; 2]> {
        match self.need.as_deref() {
            Some(&[pone, dealer]) => Some(self.seat.two_by_seat(pone, dealer)),
            _ => None,
        }
    }

    /// The cards kept for the play: the cards dealt less the throw.
    pub fn hand(&self) -> Vec<Card> {
        self.dealt
            .iter()
            .filter(|c| !self.thrown.contains(c))
            .copied()
            .collect()
    }

    /// The seat's throw and the starter: the cards nobody else holds.
    fn known(&self) -> Vec<Card> {
        let mut seen = self.thrown.clone();
        seen.extend(self.starter);
        seen
    }

    pub(crate) fn view<const N: usize>(&self) -> Result<View<N>> {
        View::new(&self.hand(), self.seat, &self.known(), &self.tokens)
    }

    /// Every card the seat may play now, in the order of its hand (empty: go), checked as a
    /// position of the play.
    pub fn legal(&self) -> Result<Vec<Card>> {
        fn fitting<const N: usize>(view: &View<N>) -> Vec<Card> {
            let count = view.count();
            view.left
                .iter()
                .filter(|c| count + c.value() <= MAX_COUNT)
                .copied()
                .collect()
        }
        Ok(match self.game.players.count() {
            2 => fitting(&self.view::<2>()?),
            3 => fitting(&self.view::<3>()?),
            _ => fitting(&self.view::<4>()?),
        })
    }

    /// The count of the play now.
    pub fn count(&self) -> Result<u8> {
        Ok(match self.game.players.count() {
            2 => self.view::<2>()?.count(),
            3 => self.view::<3>()?.count(),
            _ => self.view::<4>()?.count(),
        })
    }

    /// A number naming the position, for the random level's draws: the same whatever the
    /// order the cards dealt and thrown are given in.
    pub(super) fn key(&self) -> u64 {
        let sorted = |cards: &[Card]| {
            let mut indices: Vec<u64> = cards
                .iter()
                .map(|c| u64::from(c.index().unwrap_or(63)))
                .collect();
            indices.sort_unstable();
            indices
        };
        let mut words = sorted(&self.dealt);
        words.push(99);
        words.extend(sorted(&self.thrown));
        words.extend(self.starter.map(|c| u64::from(c.index().unwrap_or(63))));
        words.push(self.seat.index() as u64);
        words.extend(self.tokens.iter().map(|t| match t {
            Token::Card(c) => u64::from(c.index().unwrap_or(63)),
            Token::Go => 99,
        }));
        words.extend(self.scores.iter().map(|&s| u64::from(s)));
        mix(0x6372_6962, &words)
    }
}

/// What `crib discard` advises the seat (its defaults for the game: the expert crib model, the
/// play counted), every choice valued, best first: also how crib's strongest player values its
/// throws for points, with any number of players.
pub fn discard_advice(models: &Models, seen: &Seen) -> Result<DiscardAdvice> {
    let players = seen.game.players;
    let request = DiscardRequest {
        seat: Some(seen.seat),
        ..DiscardRequest::new(&seen.dealt, players, Role::of_seat(seen.seat, players))
    };
    advise_discard(models, &request)
}

/// The discard with `crib` and `play` models for the crib and the play, for the seat.
fn discard_with(
    models: &Models,
    seen: &Seen,
    crib: CribModel,
    play: PlayModel,
) -> Result<DiscardAdvice> {
    let players = seen.game.players;
    let request = DiscardRequest {
        seat: Some(seen.seat),
        crib,
        play,
        ..DiscardRequest::new(&seen.dealt, players, Role::of_seat(seen.seat, players))
    };
    advise_discard(models, &request)
}

/// What `crib play` advises the seat to play, the other players' holdings weighed by
/// `opponent` (with three or four players, the expert model, which weighs the hands two
/// players keep, is the uniform one), every legal card valued, best first.
pub(crate) fn play_advice(
    models: &Models,
    seen: &Seen,
    opponent: OpponentModel,
) -> Result<PlayAnswer> {
    answer_play(
        models,
        &seen.question(&seen.hand(), &seen.known(), opponent),
    )
}

impl Seen {
    /// The seat's decision of the play, its hand `hand` and the cards it has seen `known`, the
    /// others' holdings weighed by `opponent` (with three or four players the expert model,
    /// which weighs the hands two players keep, is the uniform one).
    fn question<'a>(
        &'a self,
        hand: &'a [Card],
        known: &'a [Card],
        opponent: OpponentModel,
    ) -> PlayQuestion<'a> {
        PlayQuestion {
            players: self.game.players,
            hand,
            seat: self.seat,
            seen: known,
            tokens: &self.tokens,
            opponent,
        }
    }
}

/// The greedy throw: the keep whose hand scores most over every starter the seat cannot see
/// (counted exactly, in whole points), the crib ignored; on a tie, the first throw in the order
/// of the cards dealt (the first card's partner before the second's).
pub(crate) fn greedy_throw(seen: &Seen) -> Vec<Card> {
    let dealt = &seen.dealt;
    let size = seen.game.deal_shape().1;
    let starters: Vec<Card> = Card::deck().filter(|c| !dealt.contains(c)).collect();
    let mut best: Option<(u32, Vec<Card>)> = None;
    for throw in throws(dealt.len(), size) {
        let keep: Vec<Card> = (0..dealt.len())
            .filter(|i| !throw.contains(i))
            .map(|i| dealt[i])
            .collect();
        let keep: [Card; 4] = keep.try_into().expect("four cards kept");
        let total: u32 = starters
            .iter()
            .map(|&s| u32::from(score(&keep, s, HandKind::Hand)))
            .sum();
        if best.as_ref().is_none_or(|(b, _)| total > *b) {
            best = Some((total, throw.iter().map(|&i| dealt[i]).collect()));
        }
    }
    best.map(|(_, t)| t).unwrap_or_default()
}

/// The throws of `size` cards from `n` dealt, as positions in order: (0, 1), (0, 2), …
fn throws(n: usize, size: usize) -> Vec<Vec<usize>> {
    match size {
        1 => (0..n).map(|i| vec![i]).collect(),
        _ => (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| vec![i, j]))
            .collect(),
    }
}

/// crib's strongest throw: the expert's (without the discard among `parts`, the plain
/// heuristic's), unless with two players (and the board among `parts`), a side within 40 holes
/// of the end ([`ForGame::in_reach`]), the board's best throw wins more games by more than
/// two standard errors of the gap ([`board_throw`]).
pub(crate) fn strongest_throw(models: &Models, seen: &Seen, parts: Parts) -> Result<Vec<Card>> {
    let advice = if parts.discard {
        discard_advice(models, seen)?
    } else {
        // The plain heuristic: the hand, plus or minus a crib of cards drawn at random.
        discard_with(models, seen, CribModel::Uniform, PlayModel::None)?
    };
    Ok(
        if parts.board && seen.game.players == Players::TWO && seen.for_game().in_reach() {
            board_throw(models, seen, advice)
        } else {
            advice.choices[0].throw.clone()
        },
    )
}

/// The throw for the board from `advice` (the seat's choices valued for points, best first):
/// the points' best, unless the throw that wins the game (with four players, for the side) most
/// often beats it by more than two standard errors of the gap, any number of players
/// ([`weigh_advice`]). crib's strongest throws so with two players; with three and four the
/// board's throw did not win measurably more games and took too long (docs/engine.md), so it
/// throws for points there.
pub fn board_throw(models: &Models, seen: &Seen, advice: DiscardAdvice) -> Vec<Card> {
    weigh_advice(models, advice, &seen.dealt, &seen.for_game())
        .choice()
        .throw
        .clone()
}

/// crib's strongest card: the expert's, with two players the opponent's holdings weighed by what
/// crib's players keep and (with the reading among `parts`) by how they have played, with three
/// and four the others' deals drawn by what they keep (with four over more deals as the play
/// goes on: [`OpponentModel::strongest`]), unless
/// (with the board among `parts`, a side within 40 holes of the end) the board's best card wins
/// more games (with four players, for the side) by more than two standard errors of the gap,
/// any number of players ([`card_for_game`]).
pub(crate) fn strongest_card(models: &Models, seen: &Seen, parts: Parts) -> Result<Option<Card>> {
    // Without the reading of the play (two players), the keeps alone; with three and four
    // players strongest does not read the play, and leaving the reading out changes nothing.
    let opponent = match OpponentModel::strongest(seen.game.players) {
        OpponentModel::Reading if !parts.reading => OpponentModel::Expert,
        model => model,
    };
    let at = seen.for_game();
    let in_reach = parts.board && at.in_reach();
    if parts.answer
        && !in_reach
        && let Some(card) = answer_by_rollouts(models, seen, opponent)?
    {
        return Ok(Some(card));
    }
    let (hand, known) = (seen.hand(), seen.known());
    let question = seen.question(&hand, &known, opponent);
    Ok(match (seen.starter, in_reach) {
        (Some(starter), true) => card_for_game(models, &question, starter, &at)?.choice(),
        _ => answer_play(models, &question)?
            .advice
            .options
            .first()
            .map(|o| o.card),
    })
}

/// crib's strongest player's answer to the lead as dealer with two players, short of the
/// board's reach (the callers' to judge): the card with the best net over rollouts, each card
/// played out on every hand the pone could hold (weighed by `opponent`, as strongest reads
/// them), both players then playing the reading model's likeliest card, neither seeing the
/// other's. `None` where that is not the decision (another seat or card, three or four
/// players).
fn answer_by_rollouts(
    models: &Models,
    seen: &Seen,
    opponent: OpponentModel,
) -> Result<Option<Card>> {
    let answering = seen.game.players.count() == 2
        && seen.seat == Seat::DEALER
        && seen.starter.is_some()
        && matches!(seen.tokens.as_slice(), [Token::Card(_)]);
    if !answering {
        return Ok(None);
    }
    let view = seen.view::<2>()?;
    let continuation = Continuation::Reading(crate::model::reading::committed());
    let values = rollout_values(&view, opponent.weighting(models), continuation);
    // The first of the best, in the order of the legal cards.
    let best = values
        .iter()
        .fold(None::<(Card, f64)>, |best, &(card, net)| match best {
            Some((_, top)) if top >= net => best,
            _ => Some((card, net)),
        });
    Ok(best.map(|(card, _)| card))
}

/// A card the seat played, graded as crib's strongest player values the cards, the `starter`
/// turned: the points' answer, the card strongest plays (the board's where it changes the
/// advice within reach of the end, the dealer's answer to the lead by rollouts short of it with
/// two players, else the points' best, as [`strongest_card`] plays), and
/// that card and `chosen` valued for the game over the same deals (none when they are of one
/// rank; within reach every legal card, which the choice needs). One search serves the points,
/// the choice and the chances, where asking for each alone searched the deals up to three
/// times.
pub(crate) fn strongest_graded(
    models: &Models,
    seen: &Seen,
    starter: Card,
    chosen: Card,
) -> Result<(PlayAnswer, Option<Card>, Vec<BoardCard>)> {
    let opponent = OpponentModel::strongest(seen.game.players);
    let (hand, known) = (seen.hand(), seen.known());
    let question = seen.question(&hand, &known, opponent);
    let at = seen.for_game();
    if at.in_reach() {
        let cards = card_for_game(models, &question, starter, &at)?;
        let choice = cards.choice();
        return Ok((cards.points, choice, cards.options));
    }
    // The card strongest plays: the dealer's answer by rollouts, else the points' best.
    let answer = answer_by_rollouts(models, seen, opponent)?;
    let pair = |points: &PlayAnswer| -> Vec<Card> {
        match answer.or_else(|| points.advice.options.first().map(|o| o.card)) {
            Some(best) if best.rank() != chosen.rank() => vec![best, chosen],
            _ => Vec::new(),
        }
    };
    let (points, options, _) = points_and_weighed(models, &question, (starter, &at), pair)?;
    let choice = answer.or_else(|| points.advice.options.first().map(|o| o.card));
    Ok((points, choice, options))
}

/// The cards `by_points` valued for the game from what the seat sees (`crib play --scores`),
/// best first, the others' hidden cards drawn by `opponent` as the points weighed them.
pub(crate) fn board_cards(
    models: &Models,
    seen: &Seen,
    (starter, opponent): (Card, OpponentModel),
    by_points: &[Card],
) -> Result<Vec<BoardCard>> {
    let (hand, known) = (seen.hand(), seen.known());
    let question = seen.question(&hand, &known, opponent);
    let (options, _) = weigh_cards(
        models,
        &question,
        opponent,
        starter,
        &seen.for_game(),
        by_points,
    )?;
    Ok(options)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    /// The rank of a card played (a go panics).
    fn rank(token: Token) -> u8 {
        match token {
            Token::Card(card) => card.rank().number(),
            other => panic!("{other:?}"),
        }
    }

    /// What the dealer of two sees at 0-0 holding `dealt` (its throw `thrown`), the starter
    /// turned, the pone having led `lead`.
    fn dealer_answering(dealt: &str, thrown: &str, starter: &str, lead: &str) -> Seen {
        Seen {
            game: Game::TWO,
            seat: Seat::DEALER,
            dealt: cards(dealt),
            thrown: cards(thrown),
            starter: Some(cards(starter)[0]),
            tokens: vec![Token::Card(cards(lead)[0])],
            scores: vec![0, 0],
            need: None,
        }
    }

    /// Worked by hand: from 5h 5c 5s Jd 2c 9h greedy keeps the three fives and the jack (the
    /// 29 hand's core) and throws 2c 9h.
    #[test]
    fn greedy_keeps_the_fives() {
        let seen = Seen {
            game: Game::TWO,
            seat: Seat::PONE,
            dealt: cards("5h 5c 5s Jd 2c 9h"),
            thrown: vec![],
            starter: None,
            tokens: vec![],
            scores: vec![0, 0],
            need: None,
        };
        assert_eq!(greedy_throw(&seen), cards("2c 9h"));
    }

    /// The board is in reach once a side has 81 or more of 121 (21 of 61), any side, any
    /// number of players.
    #[test]
    fn the_board_in_reach() {
        let at = |game: Game, scores: Vec<u32>| Seen {
            game,
            seat: Seat::new(0),
            dealt: cards("5h 5c 5s Jd 2c"),
            thrown: vec![],
            starter: None,
            tokens: vec![],
            scores,
            need: None,
        };
        let two_61 = Game::new(Players::TWO, 61).unwrap();
        let three = Game::new(Players::THREE, 121).unwrap();
        assert!(!at(Game::TWO, vec![80, 80]).for_game().in_reach());
        assert!(at(Game::TWO, vec![81, 0]).for_game().in_reach());
        assert!(at(Game::TWO, vec![0, 81]).for_game().in_reach());
        assert!(!at(two_61, vec![20, 20]).for_game().in_reach());
        assert!(at(two_61, vec![0, 21]).for_game().in_reach());
        assert!(!at(three, vec![80, 80, 80]).for_game().in_reach());
        assert!(at(three, vec![0, 0, 81]).for_game().in_reach());
    }

    /// At 80-80 the board would keep the pone's flush and throw two aces to the crib (`crib
    /// discard Ah 5h Qh Th Ad Ac --pone --scores 80-80`, by more than its noise), but no side
    /// is within 40 holes, so crib's strongest throws the points' best, Qh Th; at 81-0 it
    /// throws as the board says.
    #[test]
    fn the_board_only_in_reach() {
        let models = Models::committed();
        let at = |scores: Vec<u32>| Seen {
            game: Game::TWO,
            seat: Seat::PONE,
            dealt: cards("Ah 5h Qh Th Ad Ac"),
            thrown: vec![],
            starter: None,
            tokens: vec![],
            scores,
            need: None,
        };
        let expert = Level::Expert.throw(models, &at(vec![80, 80])).unwrap();
        assert_eq!(expert, cards("Qh Th"));
        let strongest = |scores| Level::Strongest.throw(models, &at(scores)).unwrap();
        assert_eq!(strongest(vec![80, 80]), expert);
        assert_eq!(strongest(vec![81, 0]), cards("Ad Ac"));
    }

    /// The protocol's "you" and "opponent": the dealer of two players at 10 (pone) to 20
    /// (dealer) has 20 to 10, and in a match needing 3 (pone) and 1 (dealer) needs 1 to 3; with
    /// three players there is no "you" and "opponent".
    #[test]
    fn yours_first() {
        let seen = Seen {
            game: Game::TWO,
            seat: Seat::new(1),
            dealt: cards("5h 5c 5s Jd 2c 9h"),
            thrown: vec![],
            starter: None,
            tokens: vec![],
            scores: vec![10, 20],
            need: Some(vec![3, 1]),
        };
        assert_eq!(seen.scores_yours_first(), Some([20, 10]));
        assert_eq!(seen.need_yours_first(), Some([1, 3]));
        let pone = Seen {
            seat: Seat::PONE,
            ..seen.clone()
        };
        assert_eq!(pone.scores_yours_first(), Some([10, 20]));
        assert_eq!(pone.need_yours_first(), Some([3, 1]));
        let three = Seen {
            game: Game::new(Players::THREE, 121).unwrap(),
            scores: vec![1, 2, 3],
            need: None,
            ..seen
        };
        assert_eq!(three.scores_yours_first(), None);
        assert_eq!(three.need_yours_first(), None);
    }

    /// Four players, the dealer's partner with 5 6 7 8 K: for the hand and the crib alone the 5
    /// goes to the partner's crib; counting the play (5-6-7-8 pegs 0.7 a deal more than
    /// 6-7-8-K, net of the other side, in the smoothed table) the king does. crib's strongest
    /// counts the play with four players, as with two and three.
    #[test]
    fn strongest_counts_the_play_with_four() {
        let models = Models::committed();
        let seen = |players| Seen {
            game: Game::new(players, 121).unwrap(),
            seat: Seat::new(1),
            dealt: cards("5h 6c 7d 8s Kd"),
            thrown: vec![],
            starter: None,
            tokens: vec![],
            scores: vec![0; Game::new(players, 121).unwrap().sides()],
            need: None,
        };
        let four = seen(Players::FOUR);
        let without = discard_with(models, &four, CribModel::Expert, PlayModel::None).unwrap();
        assert_eq!(without.choices[0].throw, cards("5h"));
        let strongest = discard_advice(models, &four).unwrap();
        assert_eq!(strongest.choices[0].throw, cards("Kd"));
        assert!(strongest.choices.iter().all(|c| c.peg.is_some()));
        assert_eq!(Level::Strongest.throw(models, &four).unwrap(), cards("Kd"));
    }

    /// With three players crib's strongest reads what the others kept. Leading from 5h 6c 7d Ks
    /// (seat 1, the 9h thrown, starter 2c) at 0-0-0, over deals of the others' cards all alike
    /// the 7 is best; drawn as players keep their hands, the king. The expert leads the 7,
    /// strongest the king.
    #[test]
    fn strongest_reads_the_keeps_of_three() {
        let models = Models::committed();
        let seen = Seen {
            game: Game::new(Players::THREE, 121).unwrap(),
            seat: Seat::new(0),
            dealt: cards("5h 6c 7d Ks 9h"),
            thrown: cards("9h"),
            starter: Some(cards("2c")[0]),
            tokens: vec![],
            scores: vec![0, 0, 0],
            need: None,
        };
        assert_eq!(
            OpponentModel::strongest(Players::THREE),
            OpponentModel::Expert
        );
        let card = |level: Level| match level.play(models, &seen).unwrap() {
            Token::Card(card) => card.rank().number(),
            other => panic!("{other:?}"),
        };
        assert_eq!(card(Level::Expert), 7);
        assert_eq!(card(Level::Strongest), 13);
    }

    /// `--without reading` leaves out the reading of the other player's play, which only two
    /// players' strongest does: with four it changes nothing, and strongest reads what the
    /// others keep either way. Leading from 7h 5s Ac 6s (the 7d thrown, starter 3d) at 0-0,
    /// strongest leads the 6 with the reading and without it, as reading what the others keep
    /// (`--opponent expert`) does, where every deal alike (the expert's) leads the 7.
    #[test]
    fn leaving_the_reading_out_of_four_changes_nothing() {
        let models = Models::committed();
        let game = Game::new(Players::FOUR, 121).unwrap();
        let seen = Seen {
            game,
            seat: Seat::new(0),
            dealt: cards("7h 5s Ac 6s 7d"),
            thrown: cards("7d"),
            starter: Some(cards("3d")[0]),
            tokens: vec![],
            scores: vec![0; game.sides()],
            need: None,
        };
        let without = Parts {
            reading: false,
            ..Parts::ALL
        };
        let keeps = play_advice(models, &seen, OpponentModel::Expert).unwrap();
        assert_eq!(keeps.advice.options[0].card.rank().number(), 6);
        let alike = play_advice(models, &seen, OpponentModel::Uniform).unwrap();
        assert_eq!(alike.advice.options[0].card.rank().number(), 7);
        assert_eq!(rank(Level::Expert.play(models, &seen).unwrap()), 7);
        for parts in [Parts::ALL, without] {
            let played = Level::Strongest.play_with(models, &seen, parts).unwrap();
            assert_eq!(rank(played), 6, "{parts:?}");
        }
    }

    /// docs/playing.md's first deal: the dealer holds 10c 9d Js 7s (threw Ks Kh, starter 4s) and
    /// the pone leads Jc at 0-0. Read by what players keep and how they lead (a pair is led
    /// from), the pone likely holds another jack: pairing it invites a pair royal, and the 7s
    /// is best for points. Over deals that give the pone any cards alike the board would take
    /// the jack's pair by more than two standard errors, overriding the reading at 0-0, as crib
    /// did before the board read the hand as the points do; now it plays the 7s.
    #[test]
    fn the_board_reads_the_opponent_as_the_points_do() {
        let models = Models::committed();
        let seen = dealer_answering("Ks 10c 9d Js Kh 7s", "Ks Kh", "4s", "Jc");
        let (seven, jack) = (cards("7s")[0], cards("Js")[0]);
        let answer = play_advice(models, &seen, OpponentModel::Reading).unwrap();
        assert_eq!(answer.advice.options[0].card, seven);
        let by_points: Vec<Card> = answer.advice.options.iter().map(|o| o.card).collect();
        let starter = seen.starter.unwrap();
        let uniform =
            board_cards(models, &seen, (starter, OpponentModel::Uniform), &by_points).unwrap();
        let seven_there = uniform.iter().find(|o| o.card == seven).unwrap();
        assert_eq!(uniform[0].card, jack);
        assert!(uniform[0].p_win - seven_there.p_win > 2.0 * seven_there.gap_se);
        let read =
            board_cards(models, &seen, (starter, OpponentModel::Reading), &by_points).unwrap();
        assert_eq!(read[0].card, seven);
        assert_eq!(
            Level::Strongest.play(models, &seen).unwrap(),
            Token::Card(seven)
        );
    }

    /// As dealer at 0-0 with Kd 5h Qs 5c (threw 4s Ad, starter 2d), the pone leading 3c: the
    /// engine's search, which looks ahead as if both players saw every card, answers with the
    /// king; the rollouts, both players playing on as the reading model plays, with a five,
    /// and crib's strongest plays and grades the five. Without the part, the king.
    #[test]
    fn the_dealer_answers_the_lead_by_rollouts() {
        let models = Models::committed();
        let seen = dealer_answering("4s Kd Ad 5h Qs 5c", "4s Ad", "2d", "3c");
        let engine = play_advice(models, &seen, OpponentModel::Reading).unwrap();
        assert_eq!(engine.advice.options[0].card.rank().number(), 13);
        assert_eq!(rank(Level::Strongest.play(models, &seen).unwrap()), 5);
        let without = Parts {
            answer: false,
            ..Parts::ALL
        };
        let played = Level::Strongest.play_with(models, &seen, without).unwrap();
        assert_eq!(rank(played), 13);
        let queen = cards("Qs")[0];
        let (_, choice, valued) = strongest_graded(models, &seen, cards("2d")[0], queen).unwrap();
        assert_eq!(choice.map(|c| c.rank().number()), Some(5));
        // The five and the queen valued for the game, over the same deals.
        let ranks: Vec<u8> = valued.iter().map(|o| o.card.rank().number()).collect();
        assert!(ranks.contains(&5) && ranks.contains(&12), "{ranks:?}");
    }

    /// On a count of 5 with 10h and Kd (both make fifteen), greedy plays the ten, greedy-high
    /// the king.
    #[test]
    fn greedy_styles_differ_on_a_tie() {
        let seen = Seen {
            game: Game::TWO,
            seat: Seat::DEALER,
            dealt: cards("10h Kd 2c 3c 4d 8s"),
            thrown: cards("4d 8s"),
            starter: Some(cards("As")[0]),
            tokens: vec![Token::Card(cards("5h")[0])],
            scores: vec![0, 0],
            need: None,
        };
        let models = Models::committed();
        assert_eq!(
            Level::Greedy.play(models, &seen).unwrap(),
            Token::Card(cards("10h")[0])
        );
        assert_eq!(
            Level::GreedyHigh.play(models, &seen).unwrap(),
            Token::Card(cards("Kd")[0])
        );
    }

    /// Worked by hand: two choices a point apart at a temperature of 1 are drawn 1 to e^-1,
    /// the best 73.1% of the time; at 0.25 points, 1 to e^-4, 98.2%. Over 20,000 fixed keys the
    /// shares are within 1% of those.
    #[test]
    fn draws_follow_the_temperature() {
        for (temperature, best) in [(1.0, 0.731_06), (0.25, 0.982_01)] {
            let n = 20_000;
            let drawn_best = (0..n)
                .filter(|&k| draw(&[2.0, 1.0], temperature, k) == 0)
                .count();
            let share = drawn_best as f64 / n as f64;
            assert!((share - best).abs() < 0.01, "{temperature}: {share}");
        }
        // One choice is always drawn; three alike about equally often.
        assert_eq!(draw(&[-3.0], 0.5, 7), 0);
        let mut counts = [0; 3];
        for k in 0..3000 {
            counts[draw(&[1.0, 1.0, 1.0], 0.4, k)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (900..1100).contains(&c)),
            "{counts:?}"
        );
    }

    /// The levels that err as people do err less the cooler they are: over the pone's throws of
    /// 300 seeded deals, the novice throws other cards than the expert most often, the club
    /// player least, and every one of them keeps the expert's throw more often than not.
    #[test]
    fn cooler_levels_err_less() {
        use crate::table::deal::DealTable;
        let models = Models::committed();
        let seens: Vec<Seen> = (0..300)
            .map(|d| Seen::of(&DealTable::shuffle(Game::TWO, 3, d, vec![0, 0]), Seat::PONE))
            .collect();
        let expert: Vec<Vec<Card>> = seens
            .iter()
            .map(|s| Level::Expert.throw(models, s).unwrap())
            .collect();
        let differs = |level: Level| {
            seens
                .iter()
                .zip(&expert)
                .filter(|(s, e)| &&level.throw(models, s).unwrap() != e)
                .count()
        };
        let [novice, casual, club] = [Level::Novice, Level::Casual, Level::Club].map(differs);
        assert!(novice > casual && casual > club, "{novice} {casual} {club}");
        assert!(novice < 150 && club > 0, "{novice} {club}");
    }

    /// Every level is found by its name, and only a level's name names one.
    #[test]
    fn levels_are_named() {
        for level in Level::ALL {
            assert_eq!(Level::named(level.name()), Some(level));
        }
        assert_eq!(Level::named("grandmaster"), None);
    }

    /// crib's players decide from what their seat sees, and nothing else: two deals that differ
    /// only in the cards the other seat holds unseen look the same from the pone's seat (its
    /// `Seen` is equal), and every level throws, and then plays, the same there.
    #[test]
    fn decisions_see_only_the_seat() {
        use crate::table::deal::DealTable;
        let models = Models::committed();
        let table = DealTable::shuffle(Game::TWO, 21, 0, vec![0, 0]);
        let mut other = table.clone();
        let seen_cards: Vec<Card> = table.dealt[0]
            .iter()
            .chain(&table.dealt[1])
            .chain([&table.starter])
            .copied()
            .collect();
        let unseen: Vec<Card> = Card::deck().filter(|c| !seen_cards.contains(c)).collect();
        other.dealt[1] = unseen[..6].to_vec();
        let pone = Seat::PONE;
        assert_eq!(Seen::of(&table, pone), Seen::of(&other, pone));
        for level in [
            Level::Greedy,
            Level::ReplyAware,
            Level::Casual,
            Level::Expert,
            Level::Strongest,
        ] {
            let seen = Seen::of(&table, pone);
            let throw = level.throw(models, &seen).unwrap();
            assert_eq!(throw, level.throw(models, &Seen::of(&other, pone)).unwrap());
            // Both deals thrown (the dealer keeps its first four), the pone to lead.
            let (mut a, mut b) = (table.clone(), other.clone());
            for t in [&mut a, &mut b] {
                t.throw(pone, &throw).unwrap();
                let dealer_throw = t.dealt[1][4..].to_vec();
                t.throw(Seat::DEALER, &dealer_throw).unwrap();
            }
            assert_eq!(Seen::of(&a, pone), Seen::of(&b, pone));
            let led = level.play(models, &Seen::of(&a, pone)).unwrap();
            assert_eq!(
                led,
                level.play(models, &Seen::of(&b, pone)).unwrap(),
                "{level:?}"
            );
        }
    }

    /// The one search a graded card takes agrees with the three it replaces, with two, three and
    /// four players, in reach of the end and not: the card strongest plays, and the chances of
    /// its card and the card played as `crib play --scores` weighs those two alone.
    #[test]
    fn a_graded_card_is_valued_as_apart() {
        let models = Models::committed();
        for players in Players::ALL {
            for (number, score) in [(1, 100), (2, 20)] {
                let game = Game::new(players, 121).unwrap();
                let mut table = DealTable::shuffle(game, 5, number, vec![score; game.sides()]);
                crate::table::players::throw_all(models, &mut table, Level::Expert);
                // The first decision with a choice of two ranks or more.
                while let Some(seat) = table.play_at().turn {
                    let legal = table.legal();
                    let seen = Seen::of(&table, seat);
                    if crate::table::review::distinct_ranks(&legal) > 1 {
                        let chosen = *legal.last().unwrap();
                        let (points, choice, valued) =
                            strongest_graded(models, &seen, table.starter, chosen).unwrap();
                        let alone = play_advice(models, &seen, OpponentModel::strongest(players));
                        assert_eq!(points, alone.unwrap());
                        let strongest = strongest_card(models, &seen, Parts::ALL).unwrap();
                        assert_eq!(choice, strongest);
                        let best = points.advice.options[0].card;
                        let apart = board_cards(
                            models,
                            &seen,
                            (table.starter, OpponentModel::strongest(players)),
                            &[best, chosen],
                        )
                        .unwrap();
                        for option in apart {
                            let same = valued.iter().find(|o| o.card.rank() == option.card.rank());
                            match same {
                                Some(o) => assert_eq!(o.p_win, option.p_win),
                                None => assert_eq!(best.rank(), chosen.rank()),
                            }
                        }
                        assert_eq!(
                            valued.is_empty(),
                            best.rank() == chosen.rank() && score < 81
                        );
                        break;
                    }
                    let token = Level::Expert.play(models, &seen).unwrap();
                    table.play(token).unwrap();
                }
            }
        }
    }
}
