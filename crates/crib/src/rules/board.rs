//! The board: the game played (how many players, to 61 or 121), the sides that score, the
//! order in which the rules count a deal, and the walk of the pegs to the game hole.
//!
//! The rules' counting order (`shows`):
//! 1. his heels (a jack turned as the starter: 2 for the dealer);
//! 2. the play, card by card;
//! 3. the hands, from the dealer's left round to the dealer (with two players: the pone's hand,
//!    then the dealer's);
//! 4. the crib (the dealer's).
//!
//! The game ends the moment a side reaches the game hole ([`walk`]), whatever is left to count.
//! [`crate::rules::deal`] counts a whole deal with every card known.

use std::fmt;

use crate::rules::card::Card;
use crate::rules::error::{Error, Result};
use crate::rules::play::PegScore;
use crate::rules::seat::{Players, Seat, Side};
use crate::rules::show::{Breakdown, HandKind, ItemKind, his_heels, score};

/// The game hole of the long game: the first to reach it wins.
pub const GAME: u32 = 121;

/// A loser short of this is double skunked, in a game to 121.
pub const DOUBLE_SKUNK_LINE: u32 = 61;

/// The scores on the board of a two-player game, by seat (the pone's, then the dealer's).
pub(crate) type Scores = [u32; 2];

/// A score of a game to `target` read on the board of the game to 121, where the odds and every
/// decision for the game read it: a game to 61 is the last 61 holes of the game to 121, and a
/// score at the hole is read as the last hole's. The one place a short game is shifted.
#[inline]
pub(crate) const fn on_121(target: u32, score: u32) -> u32 {
    let shifted = score + (GAME - target);
    if shifted < GAME - 1 {
        shifted
    } else {
        GAME - 1
    }
}

impl TryFrom<usize> for Players {
    type Error = Error;

    /// The number of players the rules describe, or what is wrong with it.
    fn try_from(count: usize) -> Result<Players> {
        Players::new(count).ok_or(Error::PlayerCount { count })
    }
}

/// A game of cribbage: how many play, and the hole that wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Game {
    /// Two, three or four players (four as two partnerships).
    pub players: Players,
    /// The game hole: 121, or 61 for the short game.
    pub target: u32,
}

impl Game {
    /// Two players to 121.
    pub const TWO: Game = Game {
        players: Players::TWO,
        target: GAME,
    };

    /// A game the rules describe: 2, 3 or 4 players, to 61 or 121.
    pub fn new(players: Players, target: u32) -> Result<Game> {
        if target != 61 && target != GAME {
            return Err(Error::GameHole { target });
        }
        Ok(Game { players, target })
    }

    /// How many sides score on the board: each player, or with four the two partnerships.
    pub(crate) const fn sides(self) -> usize {
        self.players.sides()
    }

    /// The side a seat scores for: its own, or with four players its partnership (seats 0 and
    /// 2 are side 0, seats 1 and 3, the dealer's, side 1).
    pub(crate) const fn side(self, seat: Seat) -> Side {
        self.players.side(seat)
    }

    /// The name of a side on the board: `pone` or `dealer`; `p1`, `p2` or `dealer` with three
    /// players; `seats 1 and 3` or `seats 2 and 4` with four.
    pub fn side_name(self, side: Side) -> String {
        let side = side.index();
        match self.players.count() {
            4 => format!("seats {} and {}", side + 1, side + 3),
            _ => Seat::new(side).name(self.players).to_owned(),
        }
    }

    /// The skunk, if any, of a loser who ended on `score`: short of 91 in a game to 121 (of 31
    /// in a game to 61), or of 61 in a game to 121 for a double.
    pub(crate) const fn skunk(self, score: u32) -> Option<Skunk> {
        if self.target == GAME && score < DOUBLE_SKUNK_LINE {
            Some(Skunk::Double)
        } else if score + 30 < self.target {
            Some(Skunk::Single)
        } else {
            None
        }
    }

    /// The line a loser must reach to escape a skunk: 91, or 31 in a game to 61.
    pub const fn skunk_line(self) -> u32 {
        self.target - 30
    }

    /// The cards dealt to each player and the cards each throws to the crib.
    pub const fn deal_shape(self) -> (usize, usize) {
        self.players.deal_shape()
    }
}

/// Where scoring events take the board: which side reached the game hole first, if any did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Walk<const S: usize> {
    /// The side that reached the game hole, and the index of the event that took it there.
    pub winner: Option<(usize, usize)>,
    /// The scores after the last event counted (the winner's may pass the hole).
    pub scores: [u32; S],
}

/// Walk scoring events onto the board from `start` (by side), in order, each adding its points
/// to its side, until a side reaches `target`: the game ends there, whatever is left.
#[inline]
pub fn walk<const S: usize>(
    start: [u32; S],
    events: impl IntoIterator<Item = (usize, u32)>,
    target: u32,
) -> Walk<S> {
    let mut scores = start;
    for (i, (side, points)) in events.into_iter().enumerate() {
        scores[side] += points;
        if scores[side] >= target {
            return Walk {
                winner: Some((side, i)),
                scores,
            };
        }
    }
    Walk {
        winner: None,
        scores,
    }
}

/// The phases of a deal, in counting order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// A jack turned as the starter.
    Heels,
    /// The play.
    Play,
    /// A player's hand.
    Hand(Seat),
    /// The crib, counted last, for the dealer.
    Crib,
}

impl Phase {
    /// The name used in JSON: `heels`, `play`, `pone hand`, `dealer hand`, `crib` (three or
    /// four players: `p1 hand` and so on).
    pub fn name(self, players: Players) -> String {
        match self {
            Phase::Heels => "heels".to_owned(),
            Phase::Play => "play".to_owned(),
            Phase::Hand(seat) => format!("{} hand", seat.name(players)),
            Phase::Crib => "crib".to_owned(),
        }
    }
}

/// The shows after the play, in the rules' order for `players` players: each hand from the
/// dealer's left round to the dealer, then the crib. Each with the seat that scores it.
pub(crate) fn shows(players: Players) -> impl Iterator<Item = (Phase, Seat, HandKind)> {
    (0..players.count())
        .map(|s| (Phase::Hand(Seat::new(s)), Seat::new(s), HandKind::Hand))
        .chain(std::iter::once((
            Phase::Crib,
            Seat::dealer(players),
            HandKind::Crib,
        )))
}

/// One scoring event: the seat and its points.
pub type Score = (Seat, u8);

/// A deal's scoring events in the rules' counting order: his heels, the play, the hands, the
/// crib (those that score). `hands` by seat, the dealer's last: two, three or four of them.
pub fn counted(hands: &[[Card; 4]], crib: [Card; 4], starter: Card, play: &[Score]) -> Vec<Score> {
    let players = Players::new(hands.len()).expect("two, three or four hands");
    let mut events = Vec::with_capacity(play.len() + players.count() + 2);
    if his_heels(starter) > 0 {
        events.push((Seat::dealer(players), his_heels(starter)));
    }
    events.extend_from_slice(play);
    for (_, seat, kind) in shows(players) {
        let cards = if kind == HandKind::Crib {
            &crib
        } else {
            &hands[seat.index()]
        };
        events.push((seat, score(cards, starter, kind)));
    }
    events.retain(|e| e.1 > 0);
    events
}

/// Why a scoring event scores, as a player says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// A card of the play, a go or the last card.
    Play(PegScore),
    /// A jack turned as the starter: 2.
    HisHeels,
    /// The fifteens of a show.
    Fifteens {
        /// How many.
        count: usize,
        /// Their points.
        points: u8,
    },
    /// The pairs of a show.
    Pairs {
        /// How many.
        count: usize,
        /// Their points.
        points: u8,
    },
    /// The runs of a show, all of one length.
    Runs {
        /// How many.
        count: usize,
        /// Their length.
        length: u8,
        /// Their points.
        points: u8,
    },
    /// A flush of four or five.
    Flush(u8),
    /// The jack of the starter's suit.
    Nobs,
}

impl fmt::Display for Reason {
    /// "fifteen 2", "3 fifteens 6", "pair 2", "2 runs of 3 (6)", "flush 4", "his heels 2".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reason::Play(score) => write!(f, "{score}"),
            Reason::HisHeels => f.write_str("his heels 2"),
            Reason::Fifteens { count: 1, .. } => f.write_str("fifteen 2"),
            Reason::Fifteens { count, points } => write!(f, "{count} fifteens {points}"),
            Reason::Pairs { count: 1, .. } => f.write_str("pair 2"),
            Reason::Pairs { count, points } => write!(f, "{count} pairs {points}"),
            Reason::Runs {
                count: 1, length, ..
            } => write!(f, "run of {length}"),
            Reason::Runs {
                count,
                length,
                points,
            } => write!(f, "{count} runs of {length} ({points})"),
            Reason::Flush(points) => write!(f, "flush {points}"),
            Reason::Nobs => f.write_str("nobs 1"),
        }
    }
}

/// A show's reasons by kind: its fifteens, pairs, runs, flush and nobs.
pub(crate) fn show_reasons(breakdown: &Breakdown) -> Vec<Reason> {
    let count = |k: ItemKind| breakdown.items.iter().filter(|i| i.kind == k).count();
    let p = &breakdown.points;
    let mut reasons = Vec::new();
    if count(ItemKind::Fifteen) > 0 {
        reasons.push(Reason::Fifteens {
            count: count(ItemKind::Fifteen),
            points: p.fifteens,
        });
    }
    if count(ItemKind::Pair) > 0 {
        reasons.push(Reason::Pairs {
            count: count(ItemKind::Pair),
            points: p.pairs,
        });
    }
    if let Some(run) = breakdown.items.iter().find(|i| i.kind == ItemKind::Run) {
        reasons.push(Reason::Runs {
            count: count(ItemKind::Run),
            length: run.points,
            points: p.runs,
        });
    }
    if p.flush > 0 {
        reasons.push(Reason::Flush(p.flush));
    }
    if p.nobs > 0 {
        reasons.push(Reason::Nobs);
    }
    reasons
}

/// How badly the loser lost: a skunk (the older rule sheets' lurch, two games won) or a double.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Skunk {
    /// The loser had not reached 91 (31 in a game to 61).
    #[cfg_attr(feature = "serde", serde(rename = "skunk"))]
    Single,
    /// The loser had not reached 61, in a game to 121.
    #[cfg_attr(feature = "serde", serde(rename = "double skunk"))]
    Double,
}

impl Skunk {
    /// The name used in JSON: `skunk` or `double skunk`.
    pub const fn name(self) -> &'static str {
        match self {
            Skunk::Single => "skunk",
            Skunk::Double => "double skunk",
        }
    }
}

/// A seat's four cards kept: the four kept, or the cards dealt (six with two players, five with
/// three or four) with the cards thrown named.
pub fn kept(cards: &[Card], thrown: &[Card]) -> Result<[Card; 4], KeepProblem> {
    let keep: Vec<Card> = match cards.len() {
        4 => cards.to_vec(),
        5 | 6 => {
            let throws = cards.len() - 4;
            if thrown.len() != throws {
                return Err(KeepProblem::ThrowNotNamed);
            }
            if let Some(&card) = thrown.iter().find(|t| !cards.contains(t)) {
                return Err(KeepProblem::NotDealt(card));
            }
            cards
                .iter()
                .filter(|c| !thrown.contains(c))
                .copied()
                .collect()
        }
        0 => return Err(KeepProblem::NoCards),
        n => return Err(KeepProblem::Count(n)),
    };
    keep.try_into().map_err(|_| KeepProblem::ThrowRepeats)
}

/// Why a seat's cards do not make a hand kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeepProblem {
    /// No cards were given.
    NoCards,
    /// Neither four cards kept nor the cards dealt.
    Count(usize),
    /// The cards dealt, but not the right number thrown named.
    ThrowNotNamed,
    /// A card named as thrown is not one of those dealt.
    NotDealt(Card),
    /// The same card is named twice as thrown.
    ThrowRepeats,
}
