//! A deal on the board: the order in which the rules count a deal, the walk of the pegs to the
//! game hole, and a whole two-player deal counted and checked.
//!
//! The rules' counting order ([`shows`]):
//! 1. his heels (a jack turned as the starter: 2 for the dealer);
//! 2. the play, card by card;
//! 3. the hands, from the dealer's left round to the dealer (with two players: the pone's hand,
//!    then the dealer's);
//! 4. the crib (the dealer's).
//!
//! The game ends the moment a player reaches the game hole ([`walk`]), whatever is left to
//! count. [`count`] counts a deal with every card known, checking it all: the thirteen cards are
//! distinct, every card of the play comes from the hand of the player whose turn it is, and
//! every go (said, or left implicit when a card would pass 31) is a real one.

use std::fmt;

use crate::rules::card::{Card, check_deck, require_suits};
use crate::rules::error::{Error, PlayLength, Result};
use crate::rules::play::{CARDS_EACH, PegScore, Seat};
use crate::rules::sequence::{EventKind, Token, check_hands, replay};
use crate::rules::show::{Breakdown, Hand, HandKind, ItemKind, his_heels};

/// The game hole: the first to reach it wins.
pub const GAME: u32 = 121;

/// A loser short of this is lurched (skunked).
pub const SKUNK_LINE: u32 = 91;

/// A loser short of this is double skunked.
pub const DOUBLE_SKUNK_LINE: u32 = 61;

/// The scores on the board, by seat (the pone's, then the dealer's, with two players).
pub type Scores = [u32; 2];

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
    pub fn name(self, players: usize) -> String {
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
pub fn shows(players: usize) -> impl Iterator<Item = (Phase, Seat, HandKind)> {
    (0..players)
        .map(|s| (Phase::Hand(Seat::new(s)), Seat::new(s), HandKind::Hand))
        .chain(std::iter::once((
            Phase::Crib,
            Seat::dealer(players),
            HandKind::Crib,
        )))
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
pub fn show_reasons(breakdown: &Breakdown) -> Vec<Reason> {
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

/// How badly the loser lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Skunk {
    /// The loser had not reached 91.
    Single,
    /// The loser had not reached 61.
    Double,
}

impl Skunk {
    /// The skunk, if any, of a loser who ended on `score`.
    pub const fn of(score: u32) -> Option<Skunk> {
        if score < DOUBLE_SKUNK_LINE {
            Some(Skunk::Double)
        } else if score < SKUNK_LINE {
            Some(Skunk::Single)
        } else {
            None
        }
    }

    /// The name used in JSON: `skunk` or `double skunk`.
    pub const fn name(self) -> &'static str {
        match self {
            Skunk::Single => "skunk",
            Skunk::Double => "double skunk",
        }
    }
}

/// Where scoring events take the board: who reached the game hole first, if anyone did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Walk {
    /// The seat that reached the game hole, and the index of the event that took it there.
    pub winner: Option<(Seat, usize)>,
    /// The scores after the last event counted (the winner's may pass the hole).
    pub scores: Scores,
}

/// Walk scoring events onto the board from `start` (by seat), in order, each adding its points
/// to its seat, until a seat reaches `target`: the game ends there, whatever is left.
#[inline]
pub fn walk(start: Scores, events: impl IntoIterator<Item = (Seat, u32)>, target: u32) -> Walk {
    let mut scores = start;
    for (i, (seat, points)) in events.into_iter().enumerate() {
        scores[seat.index()] += points;
        if scores[seat.index()] >= target {
            return Walk {
                winner: Some((seat, i)),
                scores,
            };
        }
    }
    Walk {
        winner: None,
        scores,
    }
}

/// A seat's four cards kept, from the four kept or the six dealt with the two thrown named.
pub fn kept(cards: &[Card], thrown: &[Card]) -> Result<[Card; 4], KeepProblem> {
    let keep: Vec<Card> = match cards.len() {
        4 => cards.to_vec(),
        6 => {
            if thrown.len() != 2 {
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
    /// Neither four cards kept nor the six dealt.
    Count(usize),
    /// Six cards dealt, but the two thrown are not named.
    ThrowNotNamed,
    /// A card named as thrown is not one of the six dealt.
    NotDealt(Card),
    /// The same card is named twice as thrown.
    ThrowRepeats,
}

/// Everything a two-player deal needs: the cards, the play, and the board before it.
#[derive(Debug, Clone, PartialEq)]
pub struct Deal {
    /// The pone's four cards kept.
    pub pone: [Card; 4],
    /// The dealer's four cards kept.
    pub dealer: [Card; 4],
    /// The crib's four cards.
    pub crib: [Card; 4],
    /// The starter.
    pub starter: Card,
    /// The play: cards (a rank alone is enough) and gos.
    pub play: Vec<Token>,
    /// The scores before the deal, by seat.
    pub scores: Scores,
}

/// One scoring event on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardEvent {
    /// When it is counted.
    pub phase: Phase,
    /// Who scores it.
    pub player: Seat,
    /// The card played, for an event of the play that a card scored.
    pub card: Option<Card>,
    /// Its points.
    pub points: u32,
    /// Why.
    pub reasons: Vec<Reason>,
    /// The scores after it (the winner's held at 121).
    pub scores: Scores,
}

/// A deal counted on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// The scores before the deal.
    pub start: Scores,
    /// Every event counted, in order, up to the one that reached 121.
    pub events: Vec<BoardEvent>,
    /// Events that were never counted because the game ended first (their `scores` are what
    /// they would have made).
    pub uncounted: Vec<BoardEvent>,
    /// Who reached 121, if anyone did.
    pub winner: Option<Seat>,
    /// The scores at the end.
    pub final_scores: Scores,
    /// Whether the loser was skunked.
    pub skunk: Option<Skunk>,
}

/// A scoring event before the board: phase, seat, card, points, reasons.
type Scored = (Phase, Seat, Option<Card>, u32, Vec<Reason>);

/// Count a deal on the board.
pub fn count(deal: &Deal) -> Result<Counted> {
    for (seat, &score) in deal.scores.iter().enumerate() {
        if score >= GAME {
            return Err(Error::Invalid(format!(
                "the {} has {score}: the game is over at {GAME}",
                Seat::new(seat).name(2)
            )));
        }
    }
    let all: Vec<Card> = deal
        .pone
        .iter()
        .chain(&deal.dealer)
        .chain(&deal.crib)
        .chain(std::iter::once(&deal.starter))
        .copied()
        .collect();
    require_suits(&all, "suits decide flushes and nobs")?;
    check_deck(&all)?;
    let mut scored: Vec<Scored> = Vec::new();
    if his_heels(deal.starter) > 0 {
        scored.push((
            Phase::Heels,
            Seat::DEALER,
            None,
            u32::from(his_heels(deal.starter)),
            vec![Reason::HisHeels],
        ));
    }
    scored.extend(the_play(deal)?);
    let hands = [deal.pone, deal.dealer];
    for (phase, seat, kind) in shows(2) {
        let cards = if kind == HandKind::Crib {
            deal.crib
        } else {
            hands[seat.index()]
        };
        let breakdown = Hand::new(cards, deal.starter, kind)?.breakdown();
        let points = u32::from(breakdown.total());
        scored.push((phase, seat, None, points, show_reasons(&breakdown)));
    }
    let board = walk(deal.scores, scored.iter().map(|s| (s.1, s.3)), GAME);
    let mut scores = deal.scores;
    let mut events = Vec::new();
    let mut uncounted = Vec::new();
    for (i, (phase, player, card, points, reasons)) in scored.into_iter().enumerate() {
        let seat = player.index();
        scores[seat] = (scores[seat] + points).min(GAME);
        let event = BoardEvent {
            phase,
            player,
            card,
            points,
            reasons,
            scores,
        };
        match board.winner {
            Some((_, last)) if i > last => uncounted.push(event),
            _ => events.push(event),
        }
    }
    let final_scores = events.last().map_or(deal.scores, |e| e.scores);
    let winner = board.winner.map(|(seat, _)| seat);
    let skunk = winner.and_then(|w| Skunk::of(final_scores[w.other().index()]));
    Ok(Counted {
        start: deal.scores,
        events,
        uncounted,
        winner,
        final_scores,
        skunk,
    })
}

/// The play's scoring events, after checking it against both hands.
fn the_play(deal: &Deal) -> Result<Vec<Scored>> {
    let (pegging, _) = replay::<2>(&deal.play)?;
    let checked = check_hands::<2>(
        &pegging,
        &deal.play,
        [Some(&deal.pone), Some(&deal.dealer)],
        None,
        &[],
    )?;
    if !pegging.complete {
        return Err(Error::PlayLength(PlayLength::Short {
            played: deal
                .play
                .iter()
                .filter(|t| matches!(t, Token::Card(_)))
                .count(),
            of: 2 * CARDS_EACH,
        }));
    }
    // Each card of the play as it was held: the token may give its rank alone.
    let mut held = checked.played.iter().map(|&(_, card)| card);
    Ok(pegging
        .events
        .iter()
        .filter_map(|e| {
            let card = match e.kind {
                EventKind::Card(_) => held.next(),
                _ => None,
            };
            (e.points() > 0).then(|| {
                (
                    Phase::Play,
                    Seat::new(e.player),
                    card,
                    e.points(),
                    e.scores.iter().map(|&s| Reason::Play(s)).collect(),
                )
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;
    use crate::rules::sequence::{parse_tokens, peg};

    fn four(text: &str) -> [Card; 4] {
        parse_cards(&text.split(' ').collect::<Vec<_>>())
            .unwrap()
            .try_into()
            .unwrap()
    }

    fn play(text: &str) -> Vec<Token> {
        parse_tokens(&text.split_whitespace().collect::<Vec<_>>(), 2).unwrap()
    }

    fn deal(play_text: &str, scores: Scores) -> Deal {
        Deal {
            pone: four("5h 5c Jd Ks"),
            dealer: four("4c 4d 6h 6s"),
            crib: four("2h 3s 7c 8d"),
            starter: "5s".parse().unwrap(),
            play: play(play_text),
            scores,
        }
    }

    /// K 6 5 4 (the dealer's run of 3), 5 for 30, the dealer's go and the pone's go point; then the
    /// dealer leads 6, J, and the dealer's 4 for last card. Pone 1, dealer 4.
    const PLAY: &str = "K 6 5 4 5 go 6 J 4";
    const PONE: Seat = Seat::PONE;
    const DEALER: Seat = Seat::DEALER;

    #[test]
    fn a_whole_deal_from_love_all() {
        let counted = count(&deal(PLAY, [0, 0])).unwrap();
        assert_eq!(counted.winner, None);
        assert!(counted.uncounted.is_empty());
        let totals = |phase: Phase, seat: Seat| -> u32 {
            counted
                .events
                .iter()
                .filter(|e| e.phase == phase && e.player == seat)
                .map(|e| e.points)
                .sum()
        };
        let pegging = peg(&play(PLAY), 2).unwrap();
        assert_eq!(totals(Phase::Play, PONE), pegging.totals[0]);
        assert_eq!(totals(Phase::Play, DEALER), pegging.totals[1]);
        let hand = |cards: &str, kind| {
            u32::from(crate::rules::show::score(
                &four(cards),
                "5s".parse().unwrap(),
                kind,
            ))
        };
        assert_eq!(
            totals(Phase::Hand(PONE), PONE),
            hand("5h 5c Jd Ks", HandKind::Hand)
        );
        assert_eq!(
            totals(Phase::Hand(DEALER), DEALER),
            hand("4c 4d 6h 6s", HandKind::Hand)
        );
        assert_eq!(
            totals(Phase::Crib, DEALER),
            hand("2h 3s 7c 8d", HandKind::Crib)
        );
        let last = counted.events.last().unwrap();
        assert_eq!(last.phase, Phase::Crib);
        assert_eq!(counted.final_scores, last.scores);
        assert_eq!(
            counted.final_scores[0] + counted.final_scores[1],
            counted.events.iter().map(|e| e.points).sum::<u32>()
        );
    }

    #[test]
    fn the_game_stops_at_121_in_counting_order() {
        // The pone needs 6: the play gives the pone 1, and the pone's 20 is counted before the
        // dealer's 24 could be.
        let counted = count(&deal(PLAY, [115, 100])).unwrap();
        assert_eq!(counted.winner, Some(PONE));
        let last = counted.events.last().unwrap();
        assert_eq!(last.phase, Phase::Hand(PONE));
        assert_eq!(last.scores[0], GAME);
        assert!(
            counted
                .uncounted
                .iter()
                .any(|e| e.phase == Phase::Hand(DEALER))
        );
        assert_eq!(counted.skunk, None);
    }

    #[test]
    fn skunks() {
        let counted = count(&deal(PLAY, [115, 50])).unwrap();
        assert_eq!(counted.winner, Some(PONE));
        assert_eq!(counted.final_scores, [121, 54]);
        assert_eq!(counted.skunk, Some(Skunk::Double));
        let counted = count(&deal(PLAY, [117, 80])).unwrap();
        assert_eq!(counted.skunk, Some(Skunk::Single));
        assert_eq!(Skunk::of(90), Some(Skunk::Single));
        assert_eq!(Skunk::of(91), None);
    }

    #[test]
    fn his_heels_first() {
        let mut d = deal(PLAY, [0, 119]);
        d.starter = "Jh".parse().unwrap();
        let counted = count(&d).unwrap();
        assert_eq!(counted.events.len(), 1);
        assert_eq!(counted.events[0].phase, Phase::Heels);
        assert_eq!(counted.winner, Some(DEALER));
        assert_eq!(counted.skunk, Some(Skunk::Double));
    }

    #[test]
    fn bad_plays_name_the_token() {
        let err = |play: &str| count(&deal(play, [0, 0])).unwrap_err().to_string();
        // The pone holds no 7.
        assert!(err("7 6 5 4 6 go 4 J 5").contains("'7'"));
        // A go at 25 while the pone's 5 fits.
        let message = err("K 6 5 4 go");
        assert!(
            message.contains("'go'") && message.contains("a go at a count of 25"),
            "{message}"
        );
        // At 25 the pone's J would pass 31, but the pone's other 5 fits: the count cannot end.
        let message = err("K 6 5 4 J");
        assert!(
            message.contains("'J'") && message.contains("fits it"),
            "{message}"
        );
        // Incomplete.
        assert!(err("K 6 5").contains("stops after 3"));
    }

    #[test]
    fn shows_in_order() {
        let two: Vec<_> = shows(2).map(|s| s.0.name(2)).collect();
        assert_eq!(two, ["pone hand", "dealer hand", "crib"]);
        let three: Vec<_> = shows(3).map(|s| (s.0.name(3), s.1)).collect();
        assert_eq!(three[0], ("p1 hand".to_owned(), Seat::new(0)));
        assert_eq!(three[3], ("crib".to_owned(), Seat::new(2)));
    }

    #[test]
    fn the_walk_stops_at_the_hole() {
        let events = [(PONE, 3), (DEALER, 5), (PONE, 10), (DEALER, 20)];
        let w = walk([110, 100], events, GAME);
        assert_eq!(w.winner, Some((PONE, 2)));
        assert_eq!(w.scores, [123, 105]);
        let w = walk([0, 0], events, GAME);
        assert_eq!((w.winner, w.scores), (None, [13, 25]));
    }
}
