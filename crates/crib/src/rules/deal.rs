//! A whole deal counted on the board with every card known, for two, three or four players, to
//! 61 or 121, checked: the cards are distinct, every card of the play comes from the hand of the
//! player whose turn it is, and every go (said, or left implicit when a card would pass 31) is a
//! real one. Counting follows the rules' order (`shows`) and stops the moment a side reaches
//! the game hole.

use crate::rules::board::{Game, Phase, Reason, Skunk, show_reasons, shows, walk};
use crate::rules::card::{Card, check_deck, require_suits};
use crate::rules::error::{Error, PlayLength, Result};
use crate::rules::play::CARDS_EACH;
use crate::rules::position::check_scores;
use crate::rules::seat::{Seat, Side};
use crate::rules::sequence::{EventKind, Token, check_hands, replay};
use crate::rules::show::{Hand, HandKind, his_heels};

/// Everything a deal needs: the game, the cards, the play, and the board before it.
#[derive(Debug, Clone, PartialEq)]
pub struct Deal {
    /// The game: how many players, and to what.
    pub game: Game,
    /// Each seat's four cards kept, in the order of play (seat 0 leads, the dealer is last).
    pub hands: Vec<[Card; 4]>,
    /// The crib's four cards.
    pub crib: [Card; 4],
    /// The starter.
    pub starter: Card,
    /// The play: cards (a rank alone is enough) and gos, from seat 0.
    pub play: Vec<Token>,
    /// The scores before the deal, by side ([`Players::side`](crate::Players::side)): with two players the pone's then
    /// the dealer's; with three by seat; with four seats 0 and 2's, then the dealer's side's.
    pub scores: Vec<u32>,
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
    /// The scores after it, by side (the winner's held at the game hole).
    pub scores: Vec<u32>,
}

/// A deal counted on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// The game.
    pub game: Game,
    /// The scores before the deal, by side.
    pub start: Vec<u32>,
    /// Every event counted, in order, up to the one that reached the game hole.
    pub events: Vec<BoardEvent>,
    /// Events that were never counted because the game ended first (their `scores` are what
    /// they would have made).
    pub uncounted: Vec<BoardEvent>,
    /// The seat whose points reached the game hole, if any did.
    pub winner: Option<Seat>,
    /// The scores at the end, by side.
    pub final_scores: Vec<u32>,
    /// The worst skunk among the losers, if any was skunked.
    pub skunk: Option<Skunk>,
}

impl Counted {
    /// The side that won, if any.
    pub fn winning_side(&self) -> Option<Side> {
        self.winner.map(|seat| self.game.side(seat))
    }
}

/// A scoring event before the board: phase, seat, card, points, reasons.
type Scored = (Phase, Seat, Option<Card>, u32, Vec<Reason>);

/// Count a deal on the board.
pub fn count(deal: &Deal) -> Result<Counted> {
    check_deal(deal)?;
    let game = deal.game;
    let dealer = Seat::dealer(game.players);
    let mut scored: Vec<Scored> = Vec::new();
    if his_heels(deal.starter) > 0 {
        scored.push((
            Phase::Heels,
            dealer,
            None,
            u32::from(his_heels(deal.starter)),
            vec![Reason::HisHeels],
        ));
    }
    scored.extend(match game.players.count() {
        2 => the_play::<2>(deal)?,
        3 => the_play::<3>(deal)?,
        _ => the_play::<4>(deal)?,
    });
    for (phase, seat, kind) in shows(game.players) {
        let cards = if kind == HandKind::Crib {
            deal.crib
        } else {
            deal.hands[seat.index()]
        };
        let breakdown = Hand::new(cards, deal.starter, kind)?.breakdown();
        let points = u32::from(breakdown.total());
        scored.push((phase, seat, None, points, show_reasons(&breakdown)));
    }
    let sided = scored.iter().map(|s| (game.side(s.1).index(), s.3));
    let winner = match game.sides() {
        2 => walk([deal.scores[0], deal.scores[1]], sided, game.target).winner,
        _ => {
            let start = [deal.scores[0], deal.scores[1], deal.scores[2]];
            walk(start, sided, game.target).winner
        }
    };
    let mut scores = deal.scores.clone();
    let mut events = Vec::new();
    let mut uncounted = Vec::new();
    for (i, (phase, player, card, points, reasons)) in scored.into_iter().enumerate() {
        let side = game.side(player).index();
        scores[side] = (scores[side] + points).min(game.target);
        let event = BoardEvent {
            phase,
            player,
            card,
            points,
            reasons,
            scores: scores.clone(),
        };
        match winner {
            Some((_, last)) if i > last => uncounted.push(event),
            _ => events.push(event),
        }
    }
    let final_scores = events
        .last()
        .map_or(deal.scores.clone(), |e| e.scores.clone());
    let winner = winner.map(|(_, last)| events[last].player);
    let skunk = winner.and_then(|w| {
        let won = game.side(w).index();
        (0..game.sides())
            .filter(|&side| side != won)
            .filter_map(|side| game.skunk(final_scores[side]))
            .max_by_key(|s| matches!(s, Skunk::Double))
    });
    Ok(Counted {
        game,
        start: deal.scores.clone(),
        events,
        uncounted,
        winner,
        final_scores,
        skunk,
    })
}

/// The deal has what its game needs: a hand for each seat, distinct cards with suits, and
/// scores on the board short of the game hole.
fn check_deal(deal: &Deal) -> Result<()> {
    let game = deal.game;
    if deal.hands.len() != game.players.count() {
        return Err(Error::WrongCount {
            what: "a deal",
            expected: format!("a hand for each of the {} players", game.players),
            found: deal.hands.len(),
        });
    }
    check_scores(game, &deal.scores)?;
    let all: Vec<Card> = deal
        .hands
        .iter()
        .flatten()
        .chain(&deal.crib)
        .chain(std::iter::once(&deal.starter))
        .copied()
        .collect();
    require_suits(&all, "suits decide flushes and nobs")?;
    check_deck(&all)?;
    Ok(())
}

/// The play's scoring events, after checking it against every hand.
fn the_play<const N: usize>(deal: &Deal) -> Result<Vec<Scored>> {
    let (pegging, _) = replay::<N>(&deal.play)?;
    let hands: [Option<&[Card]>; N] = std::array::from_fn(|s| Some(&deal.hands[s][..]));
    let checked = check_hands::<N>(&pegging, &deal.play, hands, None, &[])?;
    if !pegging.complete {
        return Err(Error::PlayLength(PlayLength::Short {
            played: deal
                .play
                .iter()
                .filter(|t| matches!(t, Token::Card(_)))
                .count(),
            of: N * CARDS_EACH,
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
    use crate::rules::board::GAME;
    use crate::rules::card::parse_cards;
    use crate::rules::seat::Players;
    use crate::rules::sequence::{parse_tokens, peg};

    fn four(text: &str) -> [Card; 4] {
        parse_cards(&text.split(' ').collect::<Vec<_>>())
            .unwrap()
            .try_into()
            .unwrap()
    }

    fn play(text: &str, players: Players) -> Vec<Token> {
        parse_tokens(&text.split_whitespace().collect::<Vec<_>>(), players).unwrap()
    }

    fn deal(play_text: &str, scores: [u32; 2]) -> Deal {
        Deal {
            game: Game::TWO,
            hands: vec![four("5h 5c Jd Ks"), four("4c 4d 6h 6s")],
            crib: four("2h 3s 7c 8d"),
            starter: "5s".parse().unwrap(),
            play: play(play_text, Players::TWO),
            scores: scores.to_vec(),
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
        let pegging = peg(&play(PLAY, Players::TWO), Players::TWO).unwrap();
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
        assert_eq!(Game::TWO.skunk(90), Some(Skunk::Single));
        assert_eq!(Game::TWO.skunk(91), None);
        // To 61: a loser short of 31 is skunked, and there is no double.
        let mut short = deal(PLAY, [55, 10]);
        short.game = Game::new(Players::TWO, 61).unwrap();
        let counted = count(&short).unwrap();
        assert_eq!(
            (counted.winner, counted.skunk),
            (Some(PONE), Some(Skunk::Single))
        );
        assert_eq!(counted.final_scores, [61, 14]);
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

    /// Three players: p1 5h 6c 7d Ks, p2 4c 4d 9h 9s, the dealer 2h 3s 8c 10d; the crib's card 5d
    /// dealt, and each seat's throw.
    fn three(scores: [u32; 3]) -> Deal {
        Deal {
            game: Game::new(Players::THREE, GAME).unwrap(),
            hands: vec![
                four("5h 6c 7d Ks"),
                four("4c 4d 9h 9s"),
                four("2h 3s 8c 10d"),
            ],
            crib: four("5d Qh Jc Ac"),
            starter: "5s".parse().unwrap(),
            // p1 5, p2 4, dealer 3 (12: a run of 3), p1 6 (18: a run of 4), p2 9 (27), dealer 2
            // (29), and all three go: the dealer's go point. p1 7, p2 9, dealer 8 (24: a run of
            // 3), p1 goes, p2 4 (28), the dealer goes, and p2's 9 cannot follow: p2's go point.
            // p2 has played all four; the dealer 10, p1 K: p1's last card.
            play: play("5 4 3 6 9 2 go go go 7 9 8 go 4 go 10 K", Players::THREE),
            scores: scores.to_vec(),
        }
    }

    #[test]
    fn three_players_count_round_the_table() {
        let counted = count(&three([0, 0, 0])).unwrap();
        let order: Vec<String> = counted
            .events
            .iter()
            .filter(|e| e.phase != Phase::Play)
            .map(|e| e.phase.name(Players::THREE))
            .collect();
        assert_eq!(order, ["p1 hand", "p2 hand", "dealer hand", "crib"]);
        let total: u32 = counted.events.iter().map(|e| e.points).sum();
        assert_eq!(counted.final_scores.iter().sum::<u32>(), total);
        let pegging = peg(&three([0, 0, 0]).play, Players::THREE).unwrap();
        for seat in 0..3 {
            let played: u32 = counted
                .events
                .iter()
                .filter(|e| e.phase == Phase::Play && e.player == Seat::new(seat))
                .map(|e| e.points)
                .sum();
            assert_eq!(played, pegging.totals[seat]);
        }
        // p2 near the hole wins on its hand, before the dealer's hand and the crib.
        let counted = count(&three([80, 118, 100])).unwrap();
        assert_eq!(counted.winner, Some(Seat::new(1)));
        assert_eq!(
            counted.events.last().unwrap().phase.name(Players::THREE),
            "p2 hand"
        );
        assert!(counted.skunk.is_none());
        let counted = count(&three([10, 118, 100])).unwrap();
        assert_eq!(counted.skunk, Some(Skunk::Double));
    }

    #[test]
    fn partners_share_a_score() {
        let deal = Deal {
            game: Game::new(Players::FOUR, 61).unwrap(),
            hands: vec![
                four("5h 6c 7d Ks"),
                four("4c 4d 9h 9s"),
                four("2h 3s 8c 10d"),
                four("Ah Ad Qs Qc"),
            ],
            crib: four("5d Qh Jc 3c"),
            starter: "5s".parse().unwrap(),
            // 5 4 3 (a run of 3) A 6 9 2 A (31); 7 4 8 Q (29), no one fits: the dealer's go;
            // K 9 10 (29), the dealer's Q cannot follow: seat 3's go; the dealer's Q, last card.
            play: play("5 4 3 A 6 9 2 A 7 4 8 Q K 9 10 Q", Players::FOUR),
            scores: vec![50, 58],
        };
        let counted = count(&deal).unwrap();
        // Seats 0 and 2 score for side 0, seats 1 and 3 for side 1.
        for event in &counted.events {
            assert_eq!(
                deal.game.side(event.player).index(),
                event.player.index() % 2
            );
        }
        assert!(counted.winner.is_some());
        assert_eq!(counted.final_scores.iter().filter(|&&s| s == 61).count(), 1);
        assert_eq!(deal.game.side_name(Side::new(1)), "seats 2 and 4");
    }

    #[test]
    fn shows_in_order() {
        let two: Vec<_> = shows(Players::TWO)
            .map(|s| s.0.name(Players::TWO))
            .collect();
        assert_eq!(two, ["pone hand", "dealer hand", "crib"]);
        let three: Vec<_> = shows(Players::THREE)
            .map(|s| (s.0.name(Players::THREE), s.1))
            .collect();
        assert_eq!(three[0], ("p1 hand".to_owned(), Seat::new(0)));
        assert_eq!(three[3], ("crib".to_owned(), Seat::new(2)));
    }

    #[test]
    fn the_walk_stops_at_the_hole() {
        let events = [(0, 3), (1, 5), (0, 10), (1, 20)];
        let w = walk([110, 100], events, GAME);
        assert_eq!(w.winner, Some((0, 2)));
        assert_eq!(w.scores, [123, 105]);
        let w = walk([0, 0], events, GAME);
        assert_eq!((w.winner, w.scores), (None, [13, 25]));
    }
}
