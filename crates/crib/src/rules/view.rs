//! One player's view of the play: their own cards, what has been played and seen, and what the
//! play says about the hands they cannot see. It is what a search over the play starts from.

use crate::rules::card::{Card, Rank, check_deck};
use crate::rules::error::{Error, PlayLength, Result};
use crate::rules::play::{CARDS_EACH, Ranks, Table, ranks_of, value};
use crate::rules::seat::Players;
use crate::rules::seat::Seat;
use crate::rules::sequence::{Token, check_hands, replay};

/// One player's view of a play of `N` players.
#[derive(Debug, Clone, PartialEq)]
pub struct View<const N: usize> {
    /// The seat of the player whose view this is.
    pub seat: Seat,
    /// The four cards held for the play, as given.
    pub hand: Vec<Card>,
    /// The player's cards not yet played.
    pub left: Vec<Card>,
    /// The cards played so far, in order, each with its seat.
    pub played: Vec<(Seat, Card)>,
    /// The play as it stands, with only this player's hand filled in.
    table: Table<N>,
    /// How many cards of each rank the others may hold: those neither held, seen nor played.
    pub unseen: Ranks,
    /// For each seat: every card it holds is worth more than this, by the counts it could not
    /// play on.
    pub over: [u8; N],
}

impl<const N: usize> View<N> {
    /// Read a play from one seat: the player's four cards, the cards they have seen (the
    /// starter, their throw), and the play so far (a card that would pass 31 ends the count).
    /// It must be the player's turn.
    pub fn new(hand: &[Card], seat: Seat, seen: &[Card], tokens: &[Token]) -> Result<View<N>> {
        if hand.len() != CARDS_EACH {
            return Err(Error::WrongCount {
                what: "a hand for the play",
                expected: "the four cards kept".into(),
                found: hand.len(),
            });
        }
        let known: Vec<Card> = hand.iter().chain(seen).copied().collect();
        check_deck(&known)?;
        let (pegging, state) = replay::<N>(tokens)?;
        let mut hands: [Option<&[Card]>; N] = [None; N];
        hands[seat.index()] = Some(hand);
        let checked = check_hands(&pegging, tokens, hands, Some(seat), seen)?;
        if pegging.complete {
            return Err(Error::PlayLength(PlayLength::Over));
        }
        if state.turn() != seat.index() {
            return Err(Error::NotYourTurn {
                turn: Seat::new(state.turn()).name(Players::of::<N>()),
            });
        }
        let mut unseen = [0u8; 14];
        for rank in Rank::ALL {
            unseen[usize::from(rank.number())] = 4;
        }
        let played_by_others = checked.played.iter().filter(|(s, _)| *s != seat);
        for card in known.iter().chain(played_by_others.map(|(_, c)| c)) {
            unseen[usize::from(card.rank().number())] -= 1;
        }
        let left = checked.left[seat.index()].clone();
        let mut hands = [[0u8; 14]; N];
        hands[seat.index()] = ranks_of(&left);
        let view = View {
            seat,
            hand: hand.to_vec(),
            left,
            played: checked.played,
            table: Table::from_parts(hands, state),
            unseen,
            over: checked.over,
        };
        view.check_possible()?;
        Ok(view)
    }

    /// The other seats can hold what the play says they hold: taken from the seat whose cards
    /// must be worth most (by its gos) down, each seat's cards and those of the seats before it
    /// are among the unseen cards worth more than its limit.
    fn check_possible(&self) -> Result<()> {
        let mut others: Vec<usize> = (0..N).filter(|&s| s != self.seat.index()).collect();
        others.sort_by_key(|&s| std::cmp::Reverse(self.over[s]));
        let mut held = 0;
        for other in others {
            let holds = self.cards(Seat::new(other));
            held += holds;
            let over = self.over[other];
            let possible: u8 = (1..=13u8)
                .filter(|&r| value(r) > over)
                .map(|r| self.unseen[usize::from(r)])
                .sum();
            if possible < held {
                let whose = match N {
                    2 => "the opponent's".to_owned(),
                    _ => format!("the {}'s", Seat::new(other).name(Players::of::<N>())),
                };
                return Err(Error::NoHandFits {
                    whose,
                    with_others: held != holds,
                    held,
                    over,
                    possible,
                });
            }
        }
        Ok(())
    }

    /// How many cards a seat holds now.
    pub(crate) fn cards(&self, seat: Seat) -> u8 {
        self.table.state().left()[seat.index()]
    }

    /// A key naming the play as it stands from this seat, whatever the others hold. Two views
    /// with one key come out alike against every holding.
    pub(crate) fn position_key(&self) -> u128 {
        self.table.position_key(self.seat.index())
    }

    /// The play as it stands, with every other seat holding its cards of `hidden` (a deal of
    /// the cards this player cannot see, by seat; this player's own entry is not read).
    pub(crate) fn table_dealt(&self, hidden: &[Ranks; N]) -> Table<N> {
        let mut table = self.table;
        for (seat, hand) in hidden.iter().enumerate() {
            if seat != self.seat.index() {
                table.set_hand(seat, *hand);
            }
        }
        table
    }

    /// The play as it stands, with `seat` holding `holding`.
    pub fn table_with(&self, seat: Seat, holding: &Ranks) -> Table<N> {
        let mut table = self.table;
        table.set_hand(seat.index(), *holding);
        table
    }

    /// The count.
    pub fn count(&self) -> u8 {
        self.table.count()
    }

    /// The cards played since the count started, by rank.
    pub(crate) fn since_start(&self) -> &[Card] {
        self.table.state().since_start()
    }

    /// The ranks the player may play now (each once), lowest first; none means go.
    #[cfg(test)]
    pub(crate) fn legal(&self) -> Vec<u8> {
        self.table.legal().collect()
    }

    /// One card of each legal rank, from the player's cards left.
    pub fn legal_cards(&self) -> Vec<Card> {
        self.table
            .legal()
            .filter_map(|rank| {
                self.left
                    .iter()
                    .find(|c| c.rank().number() == rank)
                    .copied()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;
    use crate::rules::sequence::parse_tokens;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(&text.split_whitespace().collect::<Vec<_>>()).unwrap()
    }

    fn view(hand: &str, seat: Seat, seen: &str, play: &str) -> Result<View<2>> {
        let tokens = parse_tokens(&play.split_whitespace().collect::<Vec<_>>(), Players::TWO)?;
        View::new(&cards(hand), seat, &cards(seen), &tokens)
    }

    #[test]
    fn what_a_seat_knows() {
        let v = view("5h 5c Jd Ks", Seat::DEALER, "4c 2h 3s", "10 5c 6").unwrap();
        assert_eq!(v.count(), 21);
        assert_eq!(v.left, cards("5h Jd Ks"));
        assert_eq!(v.cards(Seat::PONE), 2);
        // Unseen: every rank 4 times, less the hand, the three seen, and the pone's 10 and 6.
        assert_eq!(
            v.unseen.iter().map(|&n| u32::from(n)).sum::<u32>(),
            52 - 4 - 3 - 2
        );
        assert_eq!(v.legal(), [5, 11, 13]);
    }

    #[test]
    fn mistakes() {
        let err = |r: Result<View<2>>| r.unwrap_err().to_string();
        assert!(err(view("5h 5c Jd", Seat::PONE, "", "")).contains("four cards kept"));
        assert!(err(view("5h 5c Jd Ks", Seat::PONE, "", "5h")).contains("dealer's turn"));
        assert!(err(view("5h 5c Jd Ks", Seat::PONE, "", "4 5h")).contains("not one of your"));
        assert!(err(view("5h 5c Jd Ks", Seat::DEALER, "5d", "5d")).contains("given twice"));
    }
}
