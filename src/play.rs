//! The rules of a two-player play, as a state that moves card by card: whose turn it is, the
//! count, which cards may be played, and what each card, go and last card scores.
//!
//! Suits never matter in the play, so a hand is a count of cards of each rank. Every card is
//! scored by [`score_play`], the one scorer of the play that `crib peg` uses too. Searches over
//! the play live elsewhere (`crate::engine`) and only call this module.

use crate::card::{Card, Rank};
use crate::peg::{MAX_COUNT, score_play};

/// The pone, who leads, is player 0; the dealer is player 1.
pub const PONE: usize = 0;
/// The dealer plays second.
pub const DEALER: usize = 1;

/// A hand for the play: how many cards of each rank number (1 to 13; 0 unused) are left.
pub type Ranks = [u8; 14];

/// A two-player play with both hands known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Table {
    hands: [Ranks; 2],
    left: [u8; 2],
    /// The cards played since the count started, as rank-only cards for [`score_play`].
    since: [Card; 13],
    since_len: u8,
    count: u8,
    turn: u8,
    said_go: [bool; 2],
    /// Who played the last card, or 2 for nobody yet.
    last: u8,
}

/// The points a step gives each player.
pub type Points = [u8; 2];

impl Table {
    /// The start of the play: both hands, the pone to lead.
    pub fn new(hands: [Ranks; 2]) -> Table {
        Table::resume(hands, &[], PONE, [false; 2], None)
    }

    /// A play under way: both hands as they are now, the ranks played since the count started,
    /// whose turn it is, who has said go on this count, and who played the last card.
    pub fn resume(
        hands: [Ranks; 2],
        since_start: &[Rank],
        turn: usize,
        said_go: [bool; 2],
        last: Option<usize>,
    ) -> Table {
        let mut since = [Card::rank_only(Rank::ACE); 13];
        for (slot, rank) in since.iter_mut().zip(since_start) {
            *slot = Card::rank_only(*rank);
        }
        let left = hands.map(|h| h.iter().sum());
        Table {
            hands,
            left,
            since,
            since_len: since_start.len().min(13) as u8,
            count: since_start.iter().map(|r| r.value()).sum(),
            turn: turn as u8 & 1,
            said_go,
            last: last.map_or(2, |p| p as u8 & 1),
        }
    }

    /// At the start of a count, before its first card, a key naming everything the rest of the
    /// deal depends on: both hands, whose turn it is, and who has said go. `None` within a
    /// count, where the cards played since it started matter too. Distinct positions have
    /// distinct keys while each hand holds at most four cards, as a hand for the play does.
    pub fn count_start_key(&self) -> Option<u64> {
        if self.since_len != 0 {
            return None;
        }
        // A nibble a card (its rank, 1 to 13) and 15 after each hand: no nibble is 0, so the
        // cards read back from the top whatever their number. The turn and the gos take the
        // lowest three bits, apart from them.
        let mut cards = 0u64;
        for hand in &self.hands {
            for rank in 1..=13u8 {
                for _ in 0..hand[usize::from(rank)] {
                    cards = cards << 4 | u64::from(rank);
                }
            }
            cards = cards << 4 | 0xF;
        }
        Some(
            cards << 3
                | u64::from(self.turn) << 2
                | u64::from(self.said_go[0]) << 1
                | u64::from(self.said_go[1]),
        )
    }

    /// Whose turn it is: [`PONE`] or [`DEALER`].
    pub fn turn(&self) -> usize {
        usize::from(self.turn)
    }

    /// The count.
    pub fn count(&self) -> u8 {
        self.count
    }

    /// A player's cards left.
    pub fn hand(&self, player: usize) -> &Ranks {
        &self.hands[player & 1]
    }

    /// Whether every card has been played.
    pub fn is_over(&self) -> bool {
        self.left == [0, 0]
    }

    /// The ranks the player to move may play now (each once, however many they hold), lowest
    /// first; none means they must say go.
    pub fn legal(&self) -> impl Iterator<Item = u8> + '_ {
        let hand = &self.hands[usize::from(self.turn)];
        (1..=13u8).filter(move |&r| hand[usize::from(r)] > 0 && self.count + value(r) <= MAX_COUNT)
    }

    /// The player to move plays a card of rank number `rank` (which must be legal): the points
    /// it gives each player, with its reasons' points (pairs, runs, fifteen, 31, last card).
    pub fn play(&mut self, rank: u8) -> Points {
        let player = usize::from(self.turn);
        let mut points = [0u8; 2];
        self.hands[player][usize::from(rank)] -= 1;
        self.left[player] -= 1;
        self.since[usize::from(self.since_len)] = Card::rank_only(RANKS[usize::from(rank)]);
        self.since_len += 1;
        self.count += value(rank);
        self.last = player as u8;
        points[player] += self.card_points();
        if self.is_over() {
            if self.count != MAX_COUNT {
                points[player] += 1;
            }
            return points;
        }
        if self.count == MAX_COUNT {
            self.new_count();
        } else if let Some(next) = self.next_able(player) {
            self.turn = next as u8;
        } else {
            points = add(points, self.end_with_go());
        }
        points
    }

    /// The player to move, who has no card that fits, says go: the points that gives (the go
    /// point, to the last card's player, when nobody can play on).
    pub fn go(&mut self) -> Points {
        let player = usize::from(self.turn);
        self.said_go[player] = true;
        match self.next_able(player) {
            Some(next) => {
                self.turn = next as u8;
                [0, 0]
            }
            None => self.end_with_go(),
        }
    }

    /// What the last card played scores, by [`score_play`].
    fn card_points(&self) -> u8 {
        score_play(&self.since[..usize::from(self.since_len)]).points()
    }

    /// The first player after `from` (the other, then `from` itself) with cards who has not
    /// said go on this count.
    fn next_able(&self, from: usize) -> Option<usize> {
        [1 - from, from]
            .into_iter()
            .find(|&p| self.left[p] > 0 && !self.said_go[p])
    }

    /// Nobody can play on: the last card's player pegs 1, and a new count starts.
    fn end_with_go(&mut self) -> Points {
        let mut points = [0, 0];
        if self.last < 2 {
            points[usize::from(self.last)] = 1;
        }
        self.new_count();
        points
    }

    fn new_count(&mut self) {
        let last = if self.last < 2 {
            usize::from(self.last)
        } else {
            DEALER
        };
        self.count = 0;
        self.since_len = 0;
        self.said_go = [false; 2];
        if let Some(leader) = self.next_able(last) {
            self.turn = leader as u8;
        }
    }
}

/// One player's view of a two-player play: their own cards, what has been played and seen,
/// and what the play says about the opponent's hand.
#[derive(Debug, Clone, PartialEq)]
pub struct View {
    /// The seat: [`PONE`] or [`DEALER`].
    pub seat: usize,
    /// The four cards held for the play, as given.
    pub hand: Vec<Card>,
    /// The player's cards not yet played.
    pub left: Vec<Card>,
    /// The cards played so far, in order, each with its player.
    pub played: Vec<(usize, Card)>,
    /// The play as it stands, with the opponent's hand empty: [`View::table`] fills it.
    table: Table,
    /// How many cards of each rank the opponent may hold: those neither held, seen nor played.
    pub unseen: Ranks,
    /// How many cards the opponent holds.
    pub opponent_cards: u8,
    /// Every card the opponent holds is worth more than this: what their gos, and counts that
    /// ended with cards in their hand, say they could not play.
    pub opponent_over: u8,
}

impl View {
    /// A key naming the play as it stands from this seat, whatever the opponent holds: the
    /// player's cards left, how many the opponent holds, the seat, the cards played since the
    /// count started, whose turn it is, the gos and who played last. Two views with one key
    /// come out alike against every holding.
    pub fn position_key(&self) -> u128 {
        let t = &self.table;
        let mut key = 0u128;
        for rank in 1..=13 {
            key = key << 3 | u128::from(t.hands[self.seat & 1][rank]);
        }
        key = key << 3 | u128::from(self.opponent_cards & 7);
        key = key << 1 | (self.seat & 1) as u128;
        // A count holds at most eight cards in a two-player deal; the length after them makes
        // the key read back.
        let since = &t.since[..usize::from(t.since_len)];
        for card in since {
            key = key << 4 | u128::from(card.rank().number());
        }
        key = key << 4 | u128::from(t.since_len & 15);
        key = key << 1 | u128::from(t.turn & 1);
        key = key << 2 | u128::from(t.said_go[0]) << 1 | u128::from(t.said_go[1]);
        key << 2 | u128::from(t.last & 3)
    }

    /// The play as it stands, with the opponent holding `holding`.
    pub fn table(&self, holding: &Ranks) -> Table {
        let mut table = self.table;
        let opponent = 1 - self.seat;
        table.hands[opponent] = *holding;
        table.left[opponent] = holding.iter().sum();
        table
    }

    /// The count.
    pub fn count(&self) -> u8 {
        self.table.count
    }

    /// The cards played since the count started, by rank.
    pub fn since_start(&self) -> Vec<Card> {
        self.table.since[..usize::from(self.table.since_len)].to_vec()
    }

    /// The ranks the player may play now (each once), lowest first; none means go.
    pub fn legal(&self) -> Vec<u8> {
        self.table.legal().collect()
    }
}

/// Read a play from one seat: the player's four cards, the cards they have seen (the starter,
/// their throw), and the play so far in the notation of `crib peg` (`go`, counts ending when a
/// card would pass 31). It must be the player's turn.
pub fn view<S: AsRef<str>>(
    hand: &[Card],
    seat: usize,
    seen: &[Card],
    tokens: &[S],
) -> crate::Result<View> {
    use crate::error::Error;
    use crate::peg::{EventKind, replay};
    if hand.len() != 4 {
        return Err(Error::WrongCount {
            what: "a hand for the play",
            expected: "the four cards kept".into(),
            found: hand.len(),
        });
    }
    let mut known: Vec<Card> = hand.iter().chain(seen).copied().collect();
    crate::card::check_deck(&known)?;
    let (pegging, snapshot) = replay(tokens, 2)?;
    let opponent = 1 - seat;
    let mut left: Vec<Card> = hand.to_vec();
    let mut played = Vec::new();
    let mut opponent_played = 0u8;
    // The opponent's cards are worth more than this, from each count they could not play on:
    // with the token that showed it, to blame a card they play later.
    let mut over = 0u8;
    let mut token = 0;
    let fits = |card: &Card, count: u8| count + card.value() <= MAX_COUNT;
    for event in &pegging.events {
        let text = match event.kind {
            EventKind::Card(_) | EventKind::Go => {
                token += 1;
                tokens[token - 1].as_ref()
            }
            _ => "",
        };
        let bad = |reason: String| Error::BadPlay {
            token: text.to_owned(),
            position: token,
            reason,
        };
        match event.kind {
            EventKind::Card(card) if event.player == seat => {
                let at = crate::card::position_of(&left, card).ok_or_else(|| {
                    bad(format!(
                        "your turn to play, but it is not one of your cards left ({})",
                        crate::card::symbols(&left)
                    ))
                })?;
                played.push((seat, left.remove(at)));
            }
            EventKind::Card(card) => {
                if card.value() <= over {
                    return Err(bad(format!(
                        "the opponent could not have held it: they could not play a card worth \
                         {over} or less earlier"
                    )));
                }
                opponent_played += 1;
                known.push(card);
                crate::card::check_deck(&known).map_err(|err| bad(err.to_string()))?;
                played.push((opponent, card));
            }
            EventKind::Go | EventKind::GoPoint => {
                // The count before this: cards played after a go point belong to the next count.
                let count = event.count;
                let who: Vec<usize> = match event.kind {
                    EventKind::Go => vec![event.player],
                    _ => vec![seat, opponent],
                };
                for player in who {
                    if player == seat {
                        if let Some(card) = left.iter().find(|c| fits(c, count)) {
                            return Err(bad(format!(
                                "a go at a count of {count}, but your {} still fits",
                                card.symbol()
                            )));
                        }
                    } else if opponent_played < 4 {
                        over = over.max(MAX_COUNT - count);
                    }
                }
            }
            EventKind::LastCard => {}
        }
    }
    if pegging.complete {
        return Err(Error::Invalid(
            "every card of the play has been played".into(),
        ));
    }
    if snapshot.turn != seat {
        return Err(Error::Invalid(format!(
            "it is the {}'s turn, not yours: give their card (or 'go') first",
            if seat == PONE { "dealer" } else { "pone" }
        )));
    }
    let mut unseen = [0u8; 14];
    for rank in Rank::ALL {
        unseen[usize::from(rank.number())] = 4;
    }
    for card in &known {
        unseen[usize::from(card.rank().number())] -= 1;
    }
    let opponent_cards = 4 - opponent_played;
    let possible: u8 = (1..=13u8)
        .filter(|&r| value(r) > over)
        .map(|r| unseen[usize::from(r)])
        .sum();
    if possible < opponent_cards {
        return Err(Error::Invalid(format!(
            "no hand of the opponent's fits the play: they hold {opponent_cards} cards, all worth \
             more than {over} (by their gos), but only {possible} such cards are unseen"
        )));
    }
    let mut hands = [[0u8; 14]; 2];
    hands[seat] = ranks_of(&left);
    let since: Vec<Rank> = snapshot.since_start.iter().map(|c| c.rank()).collect();
    let said_go = [snapshot.said_go[0], snapshot.said_go[1]];
    let table = Table::resume(hands, &since, snapshot.turn, said_go, snapshot.last_player);
    Ok(View {
        seat,
        hand: hand.to_vec(),
        left,
        played,
        table,
        unseen,
        opponent_cards,
        opponent_over: over,
    })
}

/// The ranks by number (index 0 unused).
const RANKS: [Rank; 14] = {
    let mut ranks = [Rank::ACE; 14];
    let mut n = 1;
    while n <= 13 {
        ranks[n] = Rank::ALL[n - 1];
        n += 1;
    }
    ranks
};

/// The pip value of a rank number.
pub const fn value(rank: u8) -> u8 {
    if rank > 10 { 10 } else { rank }
}

fn add(a: Points, b: Points) -> Points {
    [a[0] + b[0], a[1] + b[1]]
}

/// A hand of ranks from cards (suits dropped).
pub fn ranks_of(cards: &[Card]) -> Ranks {
    let mut ranks = [0u8; 14];
    for card in cards {
        ranks[usize::from(card.rank().number())] += 1;
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::peg::peg;

    fn hand(text: &str) -> Ranks {
        ranks_of(&parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap())
    }

    /// Every position at the start of a count has a key of its own: all hands of up to four
    /// cards a side (two cards a side of every rank pair, and random ones), each seat to move,
    /// every go.
    #[test]
    fn count_start_keys_are_distinct() {
        let mut hands: Vec<Ranks> = vec![[0; 14]];
        for a in 1..=13 {
            let mut one = [0; 14];
            one[a] += 1;
            hands.push(one);
            for b in a..=13 {
                let mut two = one;
                two[b] += 1;
                hands.push(two);
            }
        }
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..400 {
            let mut four = [0u8; 14];
            for _ in 0..4 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let r = (state % 13 + 1) as usize;
                if four[r] < 4 {
                    four[r] += 1;
                }
            }
            hands.push(four);
        }
        let mut seen = std::collections::HashMap::new();
        for (i, &pone) in hands.iter().enumerate() {
            for &dealer in hands.iter().step_by(1 + i % 7) {
                for turn in [PONE, DEALER] {
                    for said_go in [[false, false], [false, true], [true, false], [true, true]] {
                        let table = Table::resume([pone, dealer], &[], turn, said_go, None);
                        let key = table.count_start_key().unwrap();
                        let position = ([pone, dealer], turn, said_go);
                        assert_eq!(*seen.entry(key).or_insert(position), position);
                    }
                }
            }
        }
        assert!(seen.len() > 100_000);
    }

    /// Play both hands out in a fixed way (each plays its lowest legal card) and compare every
    /// point with `crib peg` on the same sequence.
    #[test]
    fn agrees_with_peg_on_the_lines_it_makes() {
        for (pone, dealer) in [
            ("4 6 5 3", "5 5 5 7"),
            ("10 K 9 2", "7 8 6 5"),
            ("A A 2 3", "K Q J 10"),
            ("7 8 7 8", "A 2 3 4"),
        ] {
            let mut table = Table::new([hand(pone), hand(dealer)]);
            let mut totals = [0u32; 2];
            let mut tokens: Vec<String> = Vec::new();
            while !table.is_over() {
                let first = table.legal().next();
                let points = match first {
                    Some(rank) => {
                        tokens.push(Rank::new(rank).unwrap().ascii().to_owned());
                        table.play(rank)
                    }
                    None => {
                        tokens.push("go".into());
                        table.go()
                    }
                };
                totals[0] += u32::from(points[0]);
                totals[1] += u32::from(points[1]);
            }
            let pegged = peg(&tokens, 2).unwrap();
            assert_eq!(pegged.totals, totals, "{pone} / {dealer}: {tokens:?}");
            assert!(pegged.complete);
        }
    }

    #[test]
    fn thirty_one_and_last_card() {
        // K Q J A: a run of 3 to the pone, 31 for 2 to the dealer, then a new count.
        let mut table = Table::new([hand("K J 2 2"), hand("Q A 3 3")]);
        assert_eq!(table.play(13), [0, 0]);
        assert_eq!(table.play(12), [0, 0]);
        assert_eq!(table.play(11), [3, 0]);
        assert_eq!(table.play(1), [0, 2]);
        assert_eq!(table.count(), 0);
        assert_eq!(table.turn(), PONE);
        assert_eq!(table.play(2), [0, 0]);
        assert_eq!(table.play(3), [0, 0]);
        assert_eq!(table.play(2), [0, 0]);
        // 2 3 2 3 makes nothing; the last card of the deal pegs 1.
        assert_eq!(table.play(3), [0, 1]);
        assert!(table.is_over());
    }
}
