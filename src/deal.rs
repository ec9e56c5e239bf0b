//! A whole two-player deal counted on the board, in the order the rules count it, stopping the
//! moment a player reaches 121:
//! 1. his heels (a jack turned as the starter: 2 for the dealer);
//! 2. the play, card by card;
//! 3. the pone's hand;
//! 4. the dealer's hand;
//! 5. the crib (the dealer's).
//!
//! Everything is checked: the thirteen cards are distinct, every card of the play comes from the
//! hand of the player whose turn it is, and every go (said, or left implicit when a card would
//! pass 31) is a real one: the player had no card that fitted.

use crate::card::{Card, check_deck, require_suits};
use crate::error::{Error, Result};
use crate::peg::{EventKind, replay};
use crate::play::{DEALER, PONE};
use crate::score::{Hand, HandKind, ItemKind};

/// The game hole: the first to reach it wins.
pub const GAME: u32 = 121;

/// A loser short of this is lurched (skunked).
pub const SKUNK_LINE: u32 = 91;

/// A loser short of this is double skunked.
pub const DOUBLE_SKUNK_LINE: u32 = 61;

/// The phases of a deal, in counting order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// A jack turned as the starter.
    Heels,
    /// The play.
    Play,
    /// The pone's hand, counted first.
    PoneHand,
    /// The dealer's hand.
    DealerHand,
    /// The crib, counted last, for the dealer.
    Crib,
}

impl Phase {
    /// The name used in JSON: `heels`, `play`, `pone hand`, `dealer hand`, `crib`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Heels => "heels",
            Phase::Play => "play",
            Phase::PoneHand => "pone hand",
            Phase::DealerHand => "dealer hand",
            Phase::Crib => "crib",
        }
    }
}

/// The name of a seat: `pone` or `dealer`.
pub const fn seat_name(seat: usize) -> &'static str {
    if seat == DEALER { "dealer" } else { "pone" }
}

/// The scores on the board: the pone's and the dealer's, indexed by seat.
pub type Scores = [u32; 2];

/// Everything a deal needs: the cards, the play, and the board before it.
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
    /// The play in the notation of `crib peg`: cards (a rank alone is enough) and `go`.
    pub play: Vec<String>,
    /// The scores before the deal, by seat.
    pub scores: Scores,
}

/// One scoring event on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardEvent {
    /// When it is counted.
    pub phase: Phase,
    /// Who scores it: [`PONE`] or [`DEALER`].
    pub player: usize,
    /// The card played, for an event of the play that a card scored.
    pub card: Option<Card>,
    /// Its points.
    pub points: u32,
    /// Why, as a player says it: "fifteen 2", "run of 3", "go 1", "fifteens 6", "his heels 2".
    pub reasons: Vec<String>,
    /// The scores after it (the winner's held at 121).
    pub scores: Scores,
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
    /// The name used in JSON: `skunk` or `double skunk`.
    pub const fn name(self) -> &'static str {
        match self {
            Skunk::Single => "skunk",
            Skunk::Double => "double skunk",
        }
    }
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
    pub winner: Option<usize>,
    /// The scores at the end.
    pub final_scores: Scores,
    /// Whether the loser was skunked.
    pub skunk: Option<Skunk>,
}

/// Count a deal on the board.
pub fn count(deal: &Deal) -> Result<Counted> {
    for (seat, &score) in deal.scores.iter().enumerate() {
        if score >= GAME {
            return Err(Error::Invalid(format!(
                "the {} has {score}: the game is over at {GAME}",
                seat_name(seat)
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
    let mut scored = Vec::new();
    if deal.starter.rank().number() == 11 {
        scored.push((
            Phase::Heels,
            DEALER,
            None,
            2,
            vec!["his heels 2".to_owned()],
        ));
    }
    scored.extend(the_play(deal)?);
    for (phase, seat, cards, kind) in [
        (Phase::PoneHand, PONE, deal.pone, HandKind::Hand),
        (Phase::DealerHand, DEALER, deal.dealer, HandKind::Hand),
        (Phase::Crib, DEALER, deal.crib, HandKind::Crib),
    ] {
        let (points, reasons) = show(cards, deal.starter, kind)?;
        scored.push((phase, seat, None, points, reasons));
    }
    let mut scores = deal.scores;
    let mut events = Vec::new();
    let mut uncounted = Vec::new();
    let mut winner = None;
    for (phase, player, card, points, reasons) in scored {
        if points == 0 && phase == Phase::Play {
            continue;
        }
        scores[player] = (scores[player] + points).min(GAME);
        let event = BoardEvent {
            phase,
            player,
            card,
            points,
            reasons,
            scores,
        };
        if winner.is_some() {
            uncounted.push(event);
        } else {
            if scores[player] >= GAME {
                winner = Some(player);
            }
            events.push(event);
        }
    }
    let final_scores = events.last().map_or(deal.scores, |e| e.scores);
    let skunk = winner.and_then(|w| {
        let loser = final_scores[1 - w];
        if loser < DOUBLE_SKUNK_LINE {
            Some(Skunk::Double)
        } else if loser < SKUNK_LINE {
            Some(Skunk::Single)
        } else {
            None
        }
    });
    Ok(Counted {
        start: deal.scores,
        events,
        uncounted,
        winner,
        final_scores,
        skunk,
    })
}

/// One hand or the crib: its points and their reasons by kind ("fifteens 6", "pair 2", "run of
/// 3", "flush 4", "nobs 1").
fn show(cards: [Card; 4], starter: Card, kind: HandKind) -> Result<(u32, Vec<String>)> {
    let breakdown = Hand::new(cards, starter, kind)?.breakdown();
    let mut reasons = Vec::new();
    let count = |k: ItemKind| breakdown.items.iter().filter(|i| i.kind == k).count();
    let p = &breakdown.points;
    match count(ItemKind::Fifteen) {
        0 => {}
        1 => reasons.push("fifteen 2".to_owned()),
        n => reasons.push(format!("{n} fifteens {}", p.fifteens)),
    }
    match count(ItemKind::Pair) {
        0 => {}
        1 => reasons.push("pair 2".to_owned()),
        n => reasons.push(format!("{n} pairs {}", p.pairs)),
    }
    let runs: Vec<u8> = breakdown
        .items
        .iter()
        .filter(|i| i.kind == ItemKind::Run)
        .map(|i| i.points)
        .collect();
    match runs.as_slice() {
        [] => {}
        [n] => reasons.push(format!("run of {n}")),
        [n, ..] => reasons.push(format!("{} runs of {n} ({})", runs.len(), p.runs)),
    }
    if p.flush > 0 {
        reasons.push(format!("flush {}", p.flush));
    }
    if p.nobs > 0 {
        reasons.push("nobs 1".to_owned());
    }
    Ok((u32::from(breakdown.total()), reasons))
}

/// A scoring event before the board: phase, player, card, points, reasons.
type Scored = (Phase, usize, Option<Card>, u32, Vec<String>);

/// The play's scoring events, after checking it against both hands.
fn the_play(deal: &Deal) -> Result<Vec<Scored>> {
    let (pegging, _) = replay(&deal.play, 2)?;
    let mut left = [deal.pone.to_vec(), deal.dealer.to_vec()];
    let mut token = 0;
    let mut events = Vec::new();
    let fits = |hand: &[Card], count: u8| hand.iter().find(|c| count + c.value() <= 31).copied();
    for event in &pegging.events {
        let text = match event.kind {
            EventKind::Card(_) | EventKind::Go => {
                token += 1;
                deal.play[token - 1].as_str()
            }
            _ => "",
        };
        let bad = |reason: String| Error::BadPlay {
            token: text.to_owned(),
            position: token,
            reason,
        };
        let player = event.player;
        // Check the event against the hands; a card played is taken from its player's hand.
        let card = match event.kind {
            EventKind::Card(card) => {
                let hand = &mut left[player];
                let at = crate::card::position_of(hand, card).ok_or_else(|| {
                    bad(format!(
                        "the {}'s turn, and not one of their cards left ({})",
                        seat_name(player),
                        crate::card::symbols(hand)
                    ))
                })?;
                Some(hand.remove(at))
            }
            EventKind::Go => {
                if let Some(card) = fits(&left[player], event.count) {
                    return Err(bad(format!(
                        "a go at a count of {}, but the {}'s {} fits",
                        event.count,
                        seat_name(player),
                        card.symbol()
                    )));
                }
                None
            }
            EventKind::GoPoint => {
                // Nobody could follow: neither may hold a card that fits the count that ended
                // (a go point is recorded at that count, before the next starts).
                for seat in [PONE, DEALER] {
                    if let Some(card) = fits(&left[seat], event.count) {
                        let next = deal.play.get(token).map_or("", String::as_str);
                        return Err(Error::BadPlay {
                            token: next.to_owned(),
                            position: token + 1,
                            reason: format!(
                                "the count of {} ends here, but the {}'s {} fits it",
                                event.count,
                                seat_name(seat),
                                card.symbol()
                            ),
                        });
                    }
                }
                None
            }
            EventKind::LastCard => None,
        };
        if event.points() > 0 {
            events.push((
                Phase::Play,
                player,
                card,
                event.points(),
                event.scores.iter().map(ToString::to_string).collect(),
            ));
        }
    }
    if !pegging.complete {
        return Err(Error::Invalid(format!(
            "the play stops after {} of its 8 cards: give it all (crib deal stops counting at \
             121 by itself)",
            deal.play
                .iter()
                .filter(|t| !t.trim().eq_ignore_ascii_case("go"))
                .count()
        )));
    }
    Ok(events)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn four(text: &str) -> [Card; 4] {
        parse_cards(&text.split(' ').collect::<Vec<_>>())
            .unwrap()
            .try_into()
            .unwrap()
    }

    fn deal(play: &str, scores: Scores) -> Deal {
        Deal {
            pone: four("5h 5c Jd Ks"),
            dealer: four("4c 4d 6h 6s"),
            crib: four("2h 3s 7c 8d"),
            starter: "5s".parse().unwrap(),
            play: play.split_whitespace().map(str::to_owned).collect(),
            scores,
        }
    }

    /// K 6 5 4 (the dealer's run of 3), 5 for 30, the dealer's go and the pone's go point; then the
    /// dealer leads 6, J, and the dealer's 4 for last card. Pone 1, dealer 4.
    const PLAY: &str = "K 6 5 4 5 go 6 J 4";

    #[test]
    fn a_whole_deal_from_love_all() {
        let counted = count(&deal(PLAY, [0, 0])).unwrap();
        assert_eq!(counted.winner, None);
        assert!(counted.uncounted.is_empty());
        let totals = |phase: Phase, seat: usize| -> u32 {
            counted
                .events
                .iter()
                .filter(|e| e.phase == phase && e.player == seat)
                .map(|e| e.points)
                .sum()
        };
        let pegging = crate::peg::peg(&PLAY.split(' ').collect::<Vec<_>>(), 2).unwrap();
        assert_eq!(totals(Phase::Play, PONE), pegging.totals[0]);
        assert_eq!(totals(Phase::Play, DEALER), pegging.totals[1]);
        let hand = |cards: &str, kind| {
            u32::from(crate::score::score(
                &four(cards),
                "5s".parse().unwrap(),
                kind,
            ))
        };
        assert_eq!(
            totals(Phase::PoneHand, PONE),
            hand("5h 5c Jd Ks", HandKind::Hand)
        );
        assert_eq!(
            totals(Phase::DealerHand, DEALER),
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
        assert_eq!(last.phase, Phase::PoneHand);
        assert_eq!(last.scores[PONE], GAME);
        assert!(
            counted
                .uncounted
                .iter()
                .any(|e| e.phase == Phase::DealerHand)
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
}
