//! The play packed for the solvers ([`super::solve`] for two players, [`super::maxn`] for three
//! and four): the same moves, scores and turns as [`PlayState`](crate::rules::play::PlayState)
//! with [`Table`], in a few machine words. A solver visits hundreds of thousands of positions a
//! decision, and there the byte a rank of [`Table`] and its general scorer cost more than the
//! search itself. A test plays thousands of deals move by move on both and finds them alike.

use crate::rules::play::{MAX_COUNT, Table, value};

/// Bit 0 of the nibble of every rank number (1 to 13): the ranks present in a mask of nibbles.
const RANK_BITS: u64 = 0x0011_1111_1111_1110;

/// A play with every hand known, packed: each hand a nibble a rank number (its count, rank `r`
/// in bits `4r` to `4r + 3`), and the rest of the play in one word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Packed<const N: usize> {
    hands: [u64; N],
    /// The cards played since the count started, the last eight (bits 0 to 31, a nibble each,
    /// the last lowest: no score reaches further back, as no run of eight fits under 31); how
    /// many, eight at most (byte 4); the count (byte 5); whose turn it is (byte 6); who has
    /// said go on this count (bit `p` of byte 7 for player `p`); and who played the last card
    /// (the top nibble, `N` for nobody yet). One word, written whole by each move: the search
    /// reads it back as a word at once ([`Packed::mark`]), and a word read back from bytes just
    /// stored one by one stalls at every move.
    state: u64,
}

/// The cards since the count started that [`Packed`] keeps: the last eight.
const SINCE_KEPT: u8 = 8;

/// The bits of the cards since the count started in [`Packed::state`].
const SINCE_BITS: u64 = (1 << (4 * SINCE_KEPT)) - 1;

/// [`Packed::state`] from its parts.
#[inline(always)]
fn state(since: u64, since_len: u8, count: u8, turn: u8, said_go: u8, last: u8) -> u64 {
    since & SINCE_BITS
        | u64::from(since_len.min(SINCE_KEPT)) << 32
        | u64::from(count) << 40
        | u64::from(turn) << 48
        | u64::from(said_go | last << 4) << 56
}

impl<const N: usize> Packed<N> {
    /// The start of the play with every hand (counts by rank number), seat 0 to lead: what
    /// [`Packed::of`] packs from [`Table::new`], without the table.
    pub(crate) fn new(hands: [[u8; 14]; N]) -> Packed<N> {
        Packed {
            hands: hands.map(|hand| {
                (1..=13).fold(0u64, |packed, rank| {
                    packed | u64::from(hand[rank]) << (4 * rank)
                })
            }),
            state: state(0, 0, 0, 0, 0, N as u8),
        }
    }

    /// The play at `table`, packed.
    pub(crate) fn of(table: &Table<N>) -> Packed<N> {
        let state_now = table.state();
        let since = state_now.since_start();
        debug_assert!((0..N).all(|p| state_now.left()[p] == table.hand(p).iter().sum::<u8>()));
        Packed {
            hands: std::array::from_fn(|player| {
                (1..=13).fold(0u64, |packed, rank| {
                    packed | u64::from(table.hand(player)[rank]) << (4 * rank)
                })
            }),
            state: state(
                since
                    .iter()
                    .fold(0, |packed, c| packed << 4 | u64::from(c.rank().number())),
                since.len().min(usize::from(SINCE_KEPT)) as u8,
                state_now.count(),
                state_now.turn() as u8,
                (0..N).fold(0, |bits, p| bits | u8::from(state_now.said_go()[p]) << p),
                state_now.last().map_or(N as u8, |p| p as u8),
            ),
        }
    }

    /// The cards since the count started (the last eight), a nibble each, the last lowest.
    #[inline(always)]
    fn since(&self) -> u64 {
        self.state & SINCE_BITS
    }

    /// How many cards [`Packed::since`] holds.
    #[inline(always)]
    fn since_len(&self) -> u8 {
        (self.state >> 32) as u8
    }

    /// The count.
    #[inline(always)]
    fn count(&self) -> u8 {
        (self.state >> 40) as u8
    }

    /// Bit `p`: player `p` has said go on this count.
    #[inline(always)]
    fn said_go(&self) -> u8 {
        (self.state >> 56) as u8 & 0xF
    }

    /// Who played the last card, or `N` for nobody yet.
    #[inline(always)]
    fn last(&self) -> u8 {
        (self.state >> 60) as u8
    }

    /// Whether every card has been played.
    #[inline]
    pub(crate) fn is_over(&self) -> bool {
        self.hands.iter().all(|&hand| hand == 0)
    }

    /// Whose turn it is.
    #[inline]
    pub(crate) fn turn(&self) -> usize {
        usize::from((self.state >> 48) as u8)
    }

    /// The ranks the player to move may play (bit `4r` for rank number `r`): [`Table::legal`].
    #[inline]
    pub(crate) fn legal(&self) -> u64 {
        let hand = self.hands[self.turn()];
        let held = (hand | hand >> 1 | hand >> 2) & RANK_BITS;
        // Below 10 left on the count, only the ranks up to what is left can fit.
        let room = MAX_COUNT - self.count();
        match room {
            10.. => held,
            _ => held & ((1u64 << (4 * (u32::from(room) + 1))) - 1),
        }
    }

    /// What a card of rank number `rank` would score at once if the player to move played it
    /// (fifteen, 31, pairs, runs; not the go or the last card it may bring).
    #[inline(always)]
    pub(crate) fn card_points(&self, rank: u8) -> u8 {
        scored(
            self.since() << 4 | u64::from(rank),
            self.since_len() + 1,
            self.count() + value(rank),
        )
    }

    /// The player to move plays a card of rank number `rank` (which must be legal): the points
    /// it gives each player, as [`Table::play`] gives them.
    #[inline(always)]
    pub(crate) fn play(&mut self, rank: u8) -> [u8; N] {
        let now = self.card_points(rank);
        self.play_scoring(rank, now)
    }

    /// [`Packed::play`] of a card known to score `now` at once ([`Packed::card_points`]), as a
    /// search that ordered its moves by that score knows.
    #[inline(always)]
    pub(crate) fn play_scoring(&mut self, rank: u8, now: u8) -> [u8; N] {
        let player = self.turn() as u8;
        self.hands[usize::from(player)] -= 1 << (4 * rank);
        let since = self.since() << 4 | u64::from(rank);
        let count = self.count() + value(rank);
        let said_go = self.said_go();
        // Every point of a card goes to its player: the go too, as its card was the last.
        let mut own = now;
        self.state = if self.is_over() {
            own += u8::from(count != MAX_COUNT);
            state(since, self.since_len() + 1, count, player, said_go, player)
        } else if count == MAX_COUNT {
            self.count_started(player, player)
        } else if let Some(next) = self.next_able(player, said_go) {
            state(since, self.since_len() + 1, count, next, said_go, player)
        } else {
            own += 1;
            self.count_started(player, player)
        };
        only(usize::from(player), own)
    }

    /// The player to move, who has no card that fits, says go: [`Table::go`].
    #[inline]
    pub(crate) fn go(&mut self) -> [u8; N] {
        let player = self.turn() as u8;
        let said_go = self.said_go() | 1 << player;
        let last = self.last();
        match self.next_able(player, said_go) {
            Some(next) => {
                let (since, since_len, count) = (self.since(), self.since_len(), self.count());
                self.state = state(since, since_len, count, next, said_go, last);
                [0; N]
            }
            None => {
                // Nobody can play on this count: the last card's player takes the go.
                self.state = self.count_started(last, player);
                match usize::from(last) {
                    go if go < N => only(go, 1),
                    _ => [0; N],
                }
            }
        }
    }

    /// Take back the move that left the play as it is from `before`, the [`Packed::state`]
    /// before it, and the rank it played (0: a go): the play is as it was before the move.
    #[inline(always)]
    pub(crate) fn take_back(&mut self, before: u64, rank: u8) {
        self.state = before;
        if rank != 0 {
            self.hands[self.turn()] += 1 << (4 * rank);
        }
    }

    /// Everything but the hands, to give [`Packed::take_back`].
    #[inline(always)]
    pub(crate) fn mark(&self) -> u64 {
        self.state
    }

    /// At the start of a count, before its first card, a key naming everything the rest of the
    /// deal depends on: every hand, whose turn it is, and who has said go. `None` within a
    /// count, where the cards played since it started matter too. Distinct positions have
    /// distinct keys while each hand holds at most four cards, as a hand for the play does: a
    /// nibble a card (its rank, 1 to 13) and 15 after each hand, so the cards read back from the
    /// top whatever their number, then the turn and the gos in the lowest bits.
    #[inline]
    pub(crate) fn count_start_key(&self) -> Option<u128> {
        if self.since_len() != 0 {
            return None;
        }
        let mut cards = 0u128;
        for &hand in &self.hands {
            // A card at a time, the lowest rank first: the rank's count less one.
            let mut held = hand;
            while held != 0 {
                let at = held.trailing_zeros() & !3;
                cards = cards << 4 | u128::from(at / 4);
                held -= 1 << at;
            }
            cards = cards << 4 | 0xF;
        }
        let mut key = cards << 2 | self.turn() as u128;
        for p in 0..N {
            key = key << 1 | u128::from(self.said_go() >> p & 1);
        }
        Some(key)
    }

    /// The first player after `from` (in turn, `from` itself last) with cards who has not said
    /// go on this count (`said_go`, bit `p` for player `p`).
    #[inline(always)]
    fn next_able(&self, from: u8, said_go: u8) -> Option<u8> {
        (1..=N)
            .map(|k| (usize::from(from) + k) % N)
            .find(|&p| self.hands[p] != 0 && said_go & 1 << p == 0)
            .map(|p| p as u8)
    }

    /// [`Packed::state`] at the start of a new count after the last card (`last`'s, or `N` for
    /// nobody's), led by the next player with cards after its player (or after the last seat),
    /// or still by `turn` if nobody has cards.
    #[inline(always)]
    fn count_started(&self, last: u8, turn: u8) -> u64 {
        let after = if usize::from(last) < N {
            last
        } else {
            N as u8 - 1
        };
        let leader = self.next_able(after, 0).unwrap_or(turn);
        state(0, 0, 0, leader, 0, last)
    }
}

/// `points` to `player` and none to the others, made whole rather than a byte stored into an
/// array: a search reads the array back whole at once, and a byte just stored into it would stall
/// that read at every move.
#[inline(always)]
fn only<const N: usize>(player: usize, points: u8) -> [u8; N] {
    std::array::from_fn(|p| if p == player { points } else { 0 })
}

/// What the last of `len` cards played since the count started (`since`, a nibble each, the
/// last lowest) scores on `count`: fifteen, 31, pairs and runs, as `score_play` scores them.
#[inline]
fn scored(since: u64, len: u8, count: u8) -> u8 {
    let rank_at = |k: u8| (since >> (4 * k)) & 0xF;
    let mut points = 0;
    if count == 15 || count == MAX_COUNT {
        points += 2;
    }
    let last = rank_at(0);
    let mut same = 1;
    while same < len && rank_at(same) == last {
        same += 1;
    }
    if same >= 2 {
        return points + same * (same - 1);
    }
    // The longest run made by the last cards, read back until a rank repeats.
    let (mut seen, mut low, mut high, mut run) = (0u16, u64::MAX, 0u64, 0);
    for k in 0..len {
        let rank = rank_at(k);
        if seen & 1 << rank != 0 {
            break;
        }
        seen |= 1 << rank;
        (low, high) = (low.min(rank), high.max(rank));
        if k >= 2 && high - low == u64::from(k) {
            run = k + 1;
        }
    }
    points + run
}

/// The rank numbers in a mask of [`Packed::legal`], lowest first.
#[inline]
pub(crate) fn ranks(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let rank = mask.trailing_zeros() / 4;
            mask &= mask - 1;
            rank as u8
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::play::{Ranks, rank_card, score_play};
    use crate::rules::shuffle::{Rng, shuffled};

    /// Deals of four cards each, played at random on a [`Table`] and packed, move by move: the
    /// same legal ranks, what each scores at once, points, turns and where a count starts.
    fn alike<const N: usize>(deals: u64) {
        let mut random = Rng::new(0x9E37_79B9_7F4A_7C15);
        for n in 0..deals {
            let mut hands: [Ranks; N] = [[0; 14]; N];
            for (i, card) in shuffled(77, n, 4 * N).iter().enumerate() {
                hands[i % N][usize::from(card.rank().number())] += 1;
            }
            let mut table = Table::new(hands);
            assert_eq!(Packed::new(hands), Packed::of(&table));
            loop {
                let mut packed = Packed::of(&table);
                assert_eq!(packed.is_over(), table.is_over());
                let starts = table.state().since_start().is_empty();
                assert_eq!(packed.count_start_key().is_some(), starts);
                if table.is_over() {
                    break;
                }
                assert_eq!(packed.turn(), table.turn());
                let legal: Vec<u8> = table.legal().collect();
                assert_eq!(ranks(packed.legal()).collect::<Vec<_>>(), legal);
                for &rank in &legal {
                    let mut cards = table.state().since_start().to_vec();
                    cards.push(rank_card(rank));
                    assert_eq!(packed.card_points(rank), score_play(&cards).points());
                }
                let points = match legal.len() {
                    0 => (table.go(), packed.go()),
                    n => {
                        let rank = legal[random.below(n as u64) as usize];
                        (table.play(rank), packed.play(rank))
                    }
                };
                assert_eq!(points.0, points.1, "{table:?}");
                assert_eq!(packed, Packed::of(&table), "{table:?}");
            }
        }
    }

    #[test]
    fn the_packed_play_is_the_tables() {
        alike::<2>(10_000);
        alike::<3>(4_000);
        alike::<4>(3_000);
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
        let mut random = Rng::new(0x9E37_79B9_7F4A_7C15);
        for _ in 0..400 {
            let mut four = [0u8; 14];
            for _ in 0..4 {
                let r = (random.below(13) + 1) as usize;
                if four[r] < 4 {
                    four[r] += 1;
                }
            }
            hands.push(four);
        }
        let mut seen = std::collections::HashMap::new();
        for (i, &pone) in hands.iter().enumerate() {
            for &dealer in hands.iter().step_by(1 + i % 7) {
                for turn in 0..2 {
                    for said_go in [[false, false], [false, true], [true, false], [true, true]] {
                        let table = Table::resume([pone, dealer], &[], turn, said_go, None);
                        let key = Packed::of(&table).count_start_key().unwrap();
                        // Two players' keys fit the 64 bits the two-player search keys by.
                        assert!(key < 1 << 44, "{key:x}");
                        let position = ([pone, dealer], turn, said_go);
                        assert_eq!(*seen.entry(key).or_insert(position), position);
                    }
                }
            }
        }
        assert!(seen.len() > 100_000);
    }
}
