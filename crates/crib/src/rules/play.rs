//! The play (pegging): what each card scores, and the state of the play as it moves card by
//! card, for two, three or four players.
//!
//! `score_play` is crib's one scorer of the play: it scores a card from the cards played since
//! the count last started. [`PlayState`] is crib's one state machine of the play: whose turn it
//! is, the count, the gos, when a count ends and who takes the go, 31 and last card. Everything
//! that follows a play uses the two of them: a whole sequence scored (`crib peg`), a play checked
//! against the hands, and every search over the play. The solvers, which visit hundreds of
//! thousands of positions a decision, play on a copy packed in a few machine words
//! (`search::packed`), held to these two move by move by its test. Suits never matter in the
//! play, so the state keeps ranks.

use std::fmt;

use crate::rules::card::{Card, Rank};
use crate::rules::show::pairs_name;

/// The most the count may reach.
pub(crate) const MAX_COUNT: u8 = 31;

/// Cards each player holds for the play, whatever the number of players.
pub const CARDS_EACH: usize = 4;

/// One way a card (or the end of a count) scores in the play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PegScore {
    /// The count reached exactly 15: 2.
    Fifteen,
    /// The count reached exactly 31: 2 (and no go point).
    ThirtyOne,
    /// The last `n` cards are of one rank: a pair (2), pair royal (6), double pair royal (12).
    Pairs(u8),
    /// The last `n` cards, in any order, make a run of `n`: `n` points.
    Run(u8),
    /// The last card of a count below 31 that nobody could follow: 1.
    Go,
    /// The last card of the deal's play (unless it made 31): 1.
    LastCard,
}

impl PegScore {
    /// The points it scores.
    pub(crate) const fn points(self) -> u8 {
        match self {
            PegScore::Fifteen | PegScore::ThirtyOne => 2,
            PegScore::Pairs(n) => n * (n - 1),
            PegScore::Run(n) => n,
            PegScore::Go | PegScore::LastCard => 1,
        }
    }
}

impl fmt::Display for PegScore {
    /// The reason as a player says it: "fifteen 2", "pair royal 6", "run of 4", "31 for 2".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PegScore::Fifteen => write!(f, "fifteen 2"),
            PegScore::ThirtyOne => write!(f, "31 for 2"),
            PegScore::Pairs(n) => write!(f, "{} {}", pairs_name(*n as usize), self.points()),
            PegScore::Run(n) => write!(f, "run of {n}"),
            PegScore::Go => write!(f, "go 1"),
            PegScore::LastCard => write!(f, "last card 1"),
        }
    }
}

/// What one card scores in the play: at most three ways at once (fifteen or 31, pairs, a run),
/// held without allocating, so that a search can score millions of cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PlayScores {
    scores: [PegScore; 3],
    len: u8,
}

impl PlayScores {
    /// Nothing scored.
    pub(crate) const NONE: PlayScores = PlayScores {
        scores: [PegScore::Go; 3],
        len: 0,
    };

    fn push(&mut self, score: PegScore) {
        self.scores[usize::from(self.len)] = score;
        self.len += 1;
    }

    /// The points of all of them.
    pub(crate) fn points(&self) -> u8 {
        self.iter().map(|s| s.points()).sum()
    }
}

impl std::ops::Deref for PlayScores {
    type Target = [PegScore];

    fn deref(&self) -> &[PegScore] {
        &self.scores[..usize::from(self.len)]
    }
}

/// Score the last card of `since_start`, the cards played since the count last started (the
/// new card included, last). The caller keeps the count at 31 or below.
///
/// This is crib's one scorer of the play: `crib peg` and every search over the play use it.
pub(crate) fn score_play(since_start: &[Card]) -> PlayScores {
    let count: u32 = since_start.iter().map(|c| u32::from(c.value())).sum();
    score_on(since_start, count)
}

/// [`score_play`] with the count those cards make already known.
#[inline]
fn score_on(since_start: &[Card], count: u32) -> PlayScores {
    let mut scores = PlayScores::NONE;
    let Some(&last) = since_start.last() else {
        return scores;
    };
    if count == 15 {
        scores.push(PegScore::Fifteen);
    }
    if count == u32::from(MAX_COUNT) {
        scores.push(PegScore::ThirtyOne);
    }
    let same = since_start
        .iter()
        .rev()
        .take_while(|c| c.rank() == last.rank())
        .count();
    if same >= 2 {
        scores.push(PegScore::Pairs(same as u8));
    }
    // The longest run made by the last cards: no duplicate inside, highest minus lowest one
    // less than the number of cards. Read back from the last card once: a tail with a
    // duplicate has one in every longer tail too.
    let mut run = None;
    let (mut seen, mut low, mut high) = (0u16, u8::MAX, 0u8);
    for (n, card) in since_start
        .iter()
        .rev()
        .enumerate()
        .map(|(k, c)| (k + 1, c))
    {
        let rank = card.rank().number();
        if seen & 1 << rank != 0 {
            break;
        }
        seen |= 1 << rank;
        (low, high) = (low.min(rank), high.max(rank));
        if n >= 3 && usize::from(high - low) == n - 1 {
            run = Some(n);
        }
    }
    if let Some(n) = run {
        scores.push(PegScore::Run(n as u8));
    }
    scores
}

/// A hand for the play: how many cards of each rank number (1 to 13; 0 unused) are left.
pub type Ranks = [u8; 14];

/// A hand of ranks from cards (suits dropped).
pub fn ranks_of(cards: &[Card]) -> Ranks {
    let mut ranks = [0u8; 14];
    for card in cards {
        ranks[usize::from(card.rank().number())] += 1;
    }
    ranks
}

/// The pip value of a rank number.
pub(crate) const fn value(rank: u8) -> u8 {
    if rank > 10 { 10 } else { rank }
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

/// The rank-only card of a rank number.
pub const fn rank_card(rank: u8) -> Card {
    Card::rank_only(RANKS[rank as usize % 14])
}

/// What one move of the play scored, and for whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Step {
    /// Who moved: an index into the order of play.
    pub player: u8,
    /// What the card scored (nothing for a go).
    pub scores: PlayScores,
    /// The deal's last card was played, not on 31: 1 more to the player.
    pub last_card: bool,
    /// Nobody could play on after this move: 1 for the go to this player, the last card's, and a
    /// new count starts.
    pub go_point: Option<u8>,
}

impl Step {
    /// The points the move gives each player.
    #[inline]
    pub(crate) fn points<const N: usize>(&self) -> [u8; N] {
        let mut points = [0u8; N];
        points[usize::from(self.player) % N] = self.scores.points() + u8::from(self.last_card);
        if let Some(go) = self.go_point {
            points[usize::from(go) % N] += 1;
        }
        points
    }
}

/// The state of the play between moves for `N` players (2, 3 or 4): how many cards each holds,
/// the cards played since the count started, the count, whose turn it is, who has said go, and
/// who played the last card. It does not know which cards anyone holds: [`Table`] adds that.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayState<const N: usize> {
    left: [u8; N],
    /// The cards played since the count started, as rank-only cards for [`score_play`].
    since: [Card; 13],
    since_len: u8,
    count: u8,
    turn: u8,
    said_go: [bool; N],
    /// Who played the last card, or `N` for nobody yet.
    last: u8,
}

impl<const N: usize> PlayState<N> {
    /// The start of the play: each player holding `left` cards, seat 0 to lead.
    pub(crate) fn new(left: [u8; N]) -> PlayState<N> {
        PlayState::resume(left, &[], 0, [false; N], None)
    }

    /// A play under way: the cards each holds, the ranks played since the count started, whose
    /// turn it is, who has said go on this count, and who played the last card.
    pub(crate) fn resume(
        left: [u8; N],
        since_start: &[Rank],
        turn: usize,
        said_go: [bool; N],
        last: Option<usize>,
    ) -> PlayState<N> {
        let mut since = [Card::rank_only(Rank::ACE); 13];
        for (slot, rank) in since.iter_mut().zip(since_start) {
            *slot = Card::rank_only(*rank);
        }
        PlayState {
            left,
            since,
            since_len: since_start.len().min(13) as u8,
            count: since_start.iter().map(|r| r.value()).sum(),
            turn: (turn % N) as u8,
            said_go,
            last: last.map_or(N as u8, |p| (p % N) as u8),
        }
    }

    /// Whose turn it is: an index into the order of play.
    #[inline]
    pub fn turn(&self) -> usize {
        usize::from(self.turn)
    }

    /// The count.
    #[inline]
    pub(crate) fn count(&self) -> u8 {
        self.count
    }

    /// How many cards each player holds.
    pub(crate) fn left(&self) -> [u8; N] {
        self.left
    }

    /// Who has said go on this count.
    pub(crate) fn said_go(&self) -> [bool; N] {
        self.said_go
    }

    /// Who played the last card, if anyone has.
    pub(crate) fn last(&self) -> Option<usize> {
        (usize::from(self.last) < N).then_some(usize::from(self.last))
    }

    /// The cards played since the count started, as rank-only cards.
    #[inline]
    pub fn since_start(&self) -> &[Card] {
        &self.since[..usize::from(self.since_len)]
    }

    /// Whether every card has been played.
    #[inline]
    pub(crate) fn is_over(&self) -> bool {
        self.left.iter().all(|&n| n == 0)
    }

    /// Whether a card of this rank number fits on the count.
    #[inline]
    pub(crate) fn fits(&self, rank: u8) -> bool {
        self.count + value(rank) <= MAX_COUNT
    }

    /// The player to move plays a card of rank number `rank`, which must fit on the count.
    #[inline]
    pub(crate) fn play(&mut self, rank: u8) -> Step {
        let player = usize::from(self.turn);
        self.left[player] -= 1;
        self.since[usize::from(self.since_len)] = rank_card(rank);
        self.since_len += 1;
        self.count += value(rank);
        self.last = player as u8;
        let mut step = Step {
            player: player as u8,
            scores: score_on(self.since_start(), u32::from(self.count)),
            last_card: false,
            go_point: None,
        };
        if self.is_over() {
            step.last_card = self.count != MAX_COUNT;
            return step;
        }
        if self.count == MAX_COUNT {
            self.new_count();
        } else if let Some(next) = self.next_able(player) {
            self.turn = next as u8;
        } else {
            step.go_point = self.end_with_go();
        }
        step
    }

    /// The player to move, who has no card that fits, says go.
    #[inline]
    pub(crate) fn go(&mut self) -> Step {
        let player = usize::from(self.turn);
        self.said_go[player] = true;
        let mut step = Step {
            player: player as u8,
            scores: PlayScores::NONE,
            last_card: false,
            go_point: None,
        };
        match self.next_able(player) {
            Some(next) => self.turn = next as u8,
            None => step.go_point = self.end_with_go(),
        }
        step
    }

    /// Nobody can play on this count: the last card's player takes the go (returned) and a new
    /// count starts. A sequence of tokens ends a count this way when the next card would pass 31.
    pub(crate) fn end_with_go(&mut self) -> Option<u8> {
        let go = (usize::from(self.last) < N).then_some(self.last);
        self.new_count();
        go
    }

    /// The first player after `from` (in turn, `from` itself last) with cards who has not said
    /// go on this count.
    #[inline]
    fn next_able(&self, from: usize) -> Option<usize> {
        (1..=N)
            .map(|k| (from + k) % N)
            .find(|&p| self.left[p] > 0 && !self.said_go[p])
    }

    /// Start a new count, led by the next player with cards after the last card's player.
    fn new_count(&mut self) {
        let last = if usize::from(self.last) < N {
            usize::from(self.last)
        } else {
            N - 1
        };
        self.count = 0;
        self.since_len = 0;
        self.said_go = [false; N];
        if let Some(leader) = self.next_able(last) {
            self.turn = leader as u8;
        }
    }

    /// A key naming the turn, the gos and who played last, in the low bits of a number.
    fn flags_key(&self) -> u128 {
        let mut key = u128::from(self.turn);
        for &go in &self.said_go {
            key = key << 1 | u128::from(go);
        }
        key << 3 | u128::from(self.last & 7)
    }
}

/// A play with every hand known: the state of the play and the ranks each player holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Table<const N: usize> {
    hands: [Ranks; N],
    state: PlayState<N>,
}

impl<const N: usize> Table<N> {
    /// The start of the play: every hand, seat 0 to lead.
    pub fn new(hands: [Ranks; N]) -> Table<N> {
        Table {
            state: PlayState::new(hands.map(|h| h.iter().sum())),
            hands,
        }
    }

    /// A play under way, with every hand as it is now (see [`PlayState::resume`]).
    #[cfg(test)]
    pub(crate) fn resume(
        hands: [Ranks; N],
        since_start: &[Rank],
        turn: usize,
        said_go: [bool; N],
        last: Option<usize>,
    ) -> Table<N> {
        Table {
            state: PlayState::resume(
                hands.map(|h| h.iter().sum()),
                since_start,
                turn,
                said_go,
                last,
            ),
            hands,
        }
    }

    /// A table from the hands known and the state of the play. A player whose hand is not known
    /// (left empty here) holds the cards the state says; [`Table::set_hand`] fills it in.
    pub(crate) fn from_parts(hands: [Ranks; N], state: PlayState<N>) -> Table<N> {
        Table { hands, state }
    }

    /// The state of the play.
    #[inline]
    pub fn state(&self) -> &PlayState<N> {
        &self.state
    }

    /// Whose turn it is.
    #[inline]
    pub fn turn(&self) -> usize {
        self.state.turn()
    }

    /// The count.
    #[inline]
    pub(crate) fn count(&self) -> u8 {
        self.state.count()
    }

    /// A player's cards left.
    pub fn hand(&self, player: usize) -> &Ranks {
        &self.hands[player % N]
    }

    /// Set a player's hand (the cards they hold now).
    pub(crate) fn set_hand(&mut self, player: usize, hand: Ranks) {
        self.hands[player % N] = hand;
        self.state.left[player % N] = hand.iter().sum();
    }

    /// Whether every card has been played.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// The ranks the player to move may play now (each once, however many they hold), lowest
    /// first; none means they must say go.
    #[inline]
    pub fn legal(&self) -> impl Iterator<Item = u8> + '_ {
        // Below 10 left on the count, only the ranks up to what is left can fit.
        let room = MAX_COUNT - self.state.count;
        let top = if room >= 10 { 13 } else { room };
        let hand = &self.hands[self.state.turn()];
        (1..=top).filter(move |&r| hand[usize::from(r)] > 0)
    }

    /// Whether the player to move holds a card of rank number `rank` and it fits on the count.
    #[inline]
    pub(crate) fn may_play(&self, rank: u8) -> bool {
        self.hands[self.state.turn()][usize::from(rank)] > 0 && self.state.fits(rank)
    }

    /// The player to move plays a card of rank number `rank` (which must be legal): the points
    /// it gives each player (its scores, last card, and the go when nobody can play on).
    #[inline]
    pub fn play(&mut self, rank: u8) -> [u8; N] {
        let player = self.state.turn();
        self.hands[player][usize::from(rank)] -= 1;
        self.state.play(rank).points()
    }

    /// The player to move, who has no card that fits, says go: the points that gives (the go
    /// point, to the last card's player, when nobody can play on).
    #[inline]
    pub fn go(&mut self) -> [u8; N] {
        self.state.go().points()
    }

    /// A key naming the play as it stands from `seat`, whatever the others hold: the seat's
    /// cards left, how many cards each other player holds, the seat, the cards played since the
    /// count started, whose turn it is, the gos and who played last. Two tables with one key
    /// come out alike whatever the others hold, once their hands are filled in alike.
    pub(crate) fn position_key(&self, seat: usize) -> u128 {
        let mut key = 0u128;
        for rank in 1..=13 {
            key = key << 3 | u128::from(self.hands[seat % N][rank]);
        }
        for (p, &left) in self.state.left.iter().enumerate() {
            if p != seat {
                key = key << 3 | u128::from(left & 7);
            }
        }
        key = key << 2 | (seat & 3) as u128;
        for card in self.state.since_start() {
            key = key << 4 | u128::from(card.rank().number());
        }
        key = key << 4 | u128::from(self.state.since_len & 15);
        key << (N + 5) | self.state.flags_key()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;

    fn hand(text: &str) -> Ranks {
        ranks_of(&parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap())
    }

    fn play(text: &str) -> Vec<PegScore> {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        score_play(&parse_cards(&tokens).unwrap()).to_vec()
    }

    /// The run the last cards make, by the rule's words: the longest tail of three or more
    /// cards that, sorted, climbs one rank at a time.
    fn run_by_the_rule(ranks: &[u8]) -> Option<u8> {
        (3..=ranks.len()).rev().find_map(|n| {
            let mut tail = ranks[ranks.len() - n..].to_vec();
            tail.sort_unstable();
            tail.windows(2).all(|w| w[1] == w[0] + 1).then_some(n as u8)
        })
    }

    /// The run the scorer scores is the rule's, for every sequence of up to five ranks, and for
    /// longer ones made of a few neighbouring ranks (where long runs and their breaks are).
    #[test]
    fn runs_as_the_rule_says() {
        fn check(ranks: &[u8]) {
            let cards: Vec<Card> = ranks.iter().map(|&r| rank_card(r)).collect();
            let run = score_play(&cards).iter().find_map(|s| match s {
                PegScore::Run(n) => Some(*n),
                _ => None,
            });
            assert_eq!(run, run_by_the_rule(ranks), "{ranks:?}");
        }
        fn every(prefix: &mut Vec<u8>, len: usize, ranks: std::ops::RangeInclusive<u8>) {
            check(prefix);
            if prefix.len() == len {
                return;
            }
            for r in ranks.clone() {
                prefix.push(r);
                every(prefix, len, ranks.clone());
                prefix.pop();
            }
        }
        every(&mut Vec::new(), 5, 1..=13);
        every(&mut Vec::new(), 8, 1..=6);
        every(&mut Vec::new(), 7, 7..=13);
    }

    #[test]
    fn one_card() {
        assert_eq!(play("4 6 5"), [PegScore::Fifteen, PegScore::Run(3)]);
        assert_eq!(play("4 6 5 3"), [PegScore::Run(4)]);
        // 5 4 3 3: the second 3 breaks the run, but makes fifteen and a pair.
        assert_eq!(play("5 4 3 3"), [PegScore::Fifteen, PegScore::Pairs(2)]);
        assert_eq!(play("6 4 3 3"), [PegScore::Pairs(2)]);
        assert_eq!(play("5 5 5"), [PegScore::Fifteen, PegScore::Pairs(3)]);
        assert_eq!(play("5 5 5 5"), [PegScore::Pairs(4)]);
        assert_eq!(play("K Q J A"), [PegScore::ThirtyOne]);
        assert_eq!(play("K Q"), []);
        // A run needs its cards last, with nothing between: 3 4 5 K 6 has none.
        assert_eq!(play("3 4 5 K 6"), []);
        // The longest run counts: 2 4 3 5 is a run of four.
        assert_eq!(play("2 4 3 5"), [PegScore::Run(4)]);
        assert_eq!(play("A 2 3 4 5 6 7"), [PegScore::Run(7)]);
        // Q K A is no run.
        assert_eq!(play("Q K A"), []);
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
        assert_eq!(table.turn(), 0);
        assert_eq!(table.play(2), [0, 0]);
        assert_eq!(table.play(3), [0, 0]);
        assert_eq!(table.play(2), [0, 0]);
        // 2 3 2 3 makes nothing; the last card of the deal pegs 1.
        assert_eq!(table.play(3), [0, 1]);
        assert!(table.is_over());
    }

    #[test]
    fn three_players_skip_whoever_said_go() {
        // p1 K, p2 Q, dealer J (30): p1 and p2 cannot play, the dealer plays on with an A (31).
        let mut table = Table::new([hand("K 2 2 2"), hand("Q 3 3 3"), hand("J A 4 4")]);
        table.play(13);
        table.play(12);
        table.play(11);
        assert_eq!(table.go(), [0, 0, 0]);
        assert_eq!(table.go(), [0, 0, 0]);
        assert_eq!(table.turn(), 2);
        assert_eq!(table.play(1), [0, 0, 2]);
        // The count starts again with p1, on the dealer's left.
        assert_eq!((table.count(), table.turn()), (0, 0));
    }
}
