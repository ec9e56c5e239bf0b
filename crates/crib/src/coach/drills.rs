//! Practice for `crib train`: seeded positions to decide (hands to count, deals to throw from,
//! moments of the play) dealt from crib's own shuffles and played to by crib's expert, each
//! graded as `crib review` grades a decision ([`crate::coach::grade::grade_throw`],
//! [`crate::coach::grade::grade_card`]); what a count
//! most likely missed; and the schedule that brings a mistake back until it is learned
//! ([`Schedule`], Leitner's boxes).

use crate::coach::grade::card_moments;
use crate::model::Models;
use crate::players::level::Level;
use crate::players::seen::Seen;
use crate::players::strongest::Parts;
use crate::players::turns::{choose_card, throw_all};
use crate::rules::board::Game;
use crate::rules::error::Result;
use crate::rules::seat::{Players, Seat};
use crate::rules::show::{Breakdown, Hand, HandKind, Item, ItemKind};
use crate::rules::shuffle::shuffled;
use crate::state::deal::DealTable;

/// What a count drill dwells on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Focus {
    /// Any hand or crib.
    Any,
    /// Cribs of four cards of a suit: a flush only with the starter's suit.
    CribFlush,
    /// Hands with a double (or triple, or quadruple) run.
    DoubleRuns,
    /// Hands with the jack of the starter's suit.
    Nobs,
    /// Hands with a fifteen of three cards or more.
    LongFifteens,
}

impl Focus {
    /// Every focus, `Any` first.
    pub(crate) const ALL: [Focus; 5] = [
        Focus::Any,
        Focus::CribFlush,
        Focus::DoubleRuns,
        Focus::Nobs,
        Focus::LongFifteens,
    ];

    /// Its name: `any`, `crib-flush`, `double-runs`, `nobs`, `fifteens`.
    pub const fn name(self) -> &'static str {
        match self {
            Focus::Any => "any",
            Focus::CribFlush => "crib-flush",
            Focus::DoubleRuns => "double-runs",
            Focus::Nobs => "nobs",
            Focus::LongFifteens => "fifteens",
        }
    }

    /// The focus of a name.
    pub fn named(name: &str) -> Option<Focus> {
        Focus::ALL.into_iter().find(|f| f.name() == name)
    }

    fn holds(self, hand: &Hand) -> bool {
        let items = hand.breakdown().items;
        let count = |kind: ItemKind| items.iter().filter(|i| i.kind == kind).count();
        match self {
            Focus::Any => true,
            Focus::CribFlush => {
                let suit = hand.cards()[0].suit();
                hand.cards().iter().all(|c| c.suit() == suit)
            }
            Focus::DoubleRuns => count(ItemKind::Run) >= 2,
            Focus::Nobs => count(ItemKind::Nobs) == 1,
            Focus::LongFifteens => items
                .iter()
                .any(|i| i.kind == ItemKind::Fifteen && i.cards().len() >= 3),
        }
    }
}

/// Hand `n` of a count drill seeded `seed`: four cards and a starter, a crib one time in three
/// (always with [`Focus::CribFlush`]), that shows `focus`.
pub fn count_drill(seed: u64, n: u64, focus: Focus) -> Hand {
    let kind = if focus == Focus::CribFlush || n % 3 == 2 {
        HandKind::Crib
    } else {
        HandKind::Hand
    };
    // Deals drawn in turn until one shows the focus (a crib flush, the rarest, in about one
    // deal in a hundred and twenty: four of a suit in four cards).
    (0..)
        .map(|attempt| {
            let cards = shuffled(seed ^ 0xC0C0_u64, n * 100_000 + attempt, 5);
            Hand::from_cards(&cards, kind).expect("a shuffle deals distinct cards")
        })
        .find(|hand| focus.holds(hand))
        .expect("every focus is dealt in time")
}

/// How easily a player overlooks an item when counting, the most easily first: nobs, a flush,
/// a fifteen of three or more cards, a run past the first, a pair, the rest.
fn overlooked(item: &Item, runs_seen: &mut usize) -> u32 {
    match item.kind {
        ItemKind::Nobs => 100,
        ItemKind::Flush => 90,
        ItemKind::Fifteen if item.cards().len() >= 3 => 70,
        ItemKind::Run => {
            *runs_seen += 1;
            if *runs_seen > 1 { 60 } else { 20 }
        }
        ItemKind::Pair => 40,
        ItemKind::Fifteen => 30,
    }
}

/// The items a count of `claimed` most likely missed of `breakdown`: those adding up to the
/// points missed that a player overlooks most easily (nobs before a flush before a long fifteen
/// …). Empty when nothing was missed, or no set of items adds up to the points missed.
pub fn missed(breakdown: &Breakdown, claimed: u32) -> Vec<Item> {
    let total = u32::from(breakdown.total());
    if claimed >= total {
        return Vec::new();
    }
    let want = (total - claimed) as usize;
    let mut runs = 0;
    let weighted: Vec<(Item, u32)> = breakdown
        .items
        .iter()
        .map(|i| (*i, overlooked(i, &mut runs)))
        .collect();
    // For each sum of points, the best-weighted set of items making it.
    let mut best: Vec<Option<(u32, Vec<usize>)>> = vec![None; want + 1];
    best[0] = Some((0, Vec::new()));
    for (index, (item, weight)) in weighted.iter().enumerate() {
        let points = usize::from(item.points);
        for sum in (points..=want).rev() {
            if let Some((w, set)) = best[sum - points].clone() {
                let candidate = (w + weight, [set, vec![index]].concat());
                if best[sum].as_ref().is_none_or(|b| candidate.0 > b.0) {
                    best[sum] = Some(candidate);
                }
            }
        }
    }
    best[want]
        .take()
        .map(|(_, set)| set.into_iter().map(|i| weighted[i].0).collect())
        .unwrap_or_default()
}

/// A drill: a decision to make, the deal as it stands and the seat to decide.
#[derive(Debug, Clone, PartialEq)]
pub struct Drill {
    /// The deal: dealt (a throw to make), or thrown and played to the seat's turn.
    pub table: DealTable,
    /// The seat to decide.
    pub seat: Seat,
}

/// Scores late in a game, drawn from `seed` and `n`: where the board changes throws most.
fn late_scores(game: Game, seed: u64, n: u64) -> Vec<u32> {
    let cards = shuffled(seed ^ 0x5C0E, n, game.sides());
    cards
        .iter()
        .map(|c| game.target - 40 + 2 * u32::from(c.index().unwrap_or(0)) % 38)
        .collect()
}

/// Deal `n` of a throwing drill seeded `seed`: the cards of one seat (the pone and the dealer
/// in turn) at 0–0; with `board`, at a score late in a game where crib's strongest throws
/// otherwise than for points (the first of up to forty scores drawn that does; with three or
/// four players, where it throws for points, any late score).
pub fn discard_drill(models: &Models, game: Game, seed: u64, n: u64, board: bool) -> Result<Drill> {
    let seats = game.players.count() as u64;
    let seat = Seat::new((n % seats) as usize);
    let start = vec![0; game.sides()];
    let dealt = |attempt: u64, scores: Vec<u32>| {
        DealTable::shuffle(game, seed ^ 0xD15C, n * 1000 + attempt, scores)
    };
    if !board {
        return Ok(Drill {
            table: dealt(0, start),
            seat,
        });
    }
    let mut last = None;
    for attempt in 0..40 {
        let table = dealt(attempt, late_scores(game, seed, n * 1000 + attempt));
        if game.players != Players::TWO {
            return Ok(Drill { table, seat });
        }
        let seen = Seen::of(&table, seat);
        let strongest = Level::Strongest.throw_with(models, &seen, Parts::ALL)?;
        let expert = Level::Expert.throw(models, &seen)?;
        let same = strongest.iter().all(|c| expert.contains(c));
        if !same {
            return Ok(Drill { table, seat });
        }
        last = Some(table);
    }
    Ok(Drill {
        table: last.expect("forty scores were drawn"),
        seat,
    })
}

/// Drill `n` of a play drill seeded `seed`: a deal thrown by crib's expert at every seat and
/// played by it to a turn where the seat to play (the pone and the dealer in turn) has cards of
/// two ranks or more that fit, a moment drawn along the deal.
pub fn play_drill(models: &Models, game: Game, seed: u64, n: u64) -> Result<Drill> {
    let seats = game.players.count() as u64;
    let wanted = Seat::new((n % seats) as usize);
    for attempt in 0.. {
        let mut table = DealTable::shuffle(
            game,
            seed ^ 0x9E6,
            n * 1000 + attempt,
            vec![0; game.sides()],
        );
        throw_all(models, &mut table, Level::Expert);
        // The moments the seat could be asked, then one of them drawn.
        let mut moments = Vec::new();
        let mut at = table.clone();
        while let Some(turn) = at.play_at().turn {
            if turn == wanted && at.has_choice() {
                moments.push(at.clone());
            }
            let token = choose_card(models, &at, Level::Expert);
            at.play(token).expect("crib's expert plays legally");
        }
        if !moments.is_empty() {
            let pick = shuffled(seed ^ 0x9E7, n * 1000 + attempt, 1)[0]
                .index()
                .map_or(0, usize::from)
                % moments.len();
            return Ok(Drill {
                table: moments.swap_remove(pick),
                seat: wanted,
            });
        }
    }
    unreachable!("a deal gives a seat a choice in time")
}

/// The decisions `seat` made in a deal played out at `table`, as drills, in the order
/// [`crate::coach::grade::grade`] grades them: its throw (the deal as dealt, no seat thrown
/// and nothing played), then each card it chose (`card_moments`).
pub fn decisions_of(table: &DealTable, seat: Seat) -> Vec<Drill> {
    let mut dealt = table.clone();
    dealt.throws.iter_mut().for_each(|t| *t = None);
    dealt.tokens.clear();
    let throw = Drill { table: dealt, seat };
    let cards = card_moments(table, seat)
        .into_iter()
        .map(|(table, _)| Drill { table, seat });
    std::iter::once(throw).chain(cards).collect()
}

/// The schedule of one mistake brought back until it is learned, by Leitner's boxes: a mistake
/// answered right goes up a box and comes back after the box's wait (1, 2, 4, then 8 days);
/// answered wrong it goes back to the first box, due the next day. It is learned once answered
/// right in the last box, after its 8 days: every wait used, the last the longest.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Schedule {
    /// The box, from 1.
    pub level: u8,
    /// The day (days since 1970-01-01) it is next due.
    pub due: i64,
    /// The days it was answered right, each once.
    pub right_days: Vec<i64>,
    /// How many times it was asked.
    pub asked: u32,
}

/// The wait after each box, in days.
pub const WAITS: [i64; 4] = [1, 2, 4, 8];

impl Schedule {
    /// A new mistake, due `today`.
    pub fn new(today: i64) -> Schedule {
        Schedule {
            level: 1,
            due: today,
            right_days: Vec::new(),
            asked: 0,
        }
    }

    /// Whether it is due `today` and not yet learned.
    pub fn due(&self, today: i64) -> bool {
        !self.learned() && self.due <= today
    }

    /// Whether it is learned: answered right in the last box (the box past it is learned).
    pub fn learned(&self) -> bool {
        usize::from(self.level) > WAITS.len()
    }

    /// Answered `today`, right or not.
    pub fn answer(&mut self, right: bool, today: i64) {
        self.asked += 1;
        if right {
            if !self.right_days.contains(&today) {
                self.right_days.push(today);
            }
            self.level = (self.level + 1).min(WAITS.len() as u8 + 1);
        } else {
            self.level = 1;
        }
        let wait = usize::from(self.level.max(1)).min(WAITS.len());
        self.due = today + WAITS[wait - 1];
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::parse_cards;

    fn hand(text: &str, kind: HandKind) -> Hand {
        let cards = parse_cards(&text.split(' ').collect::<Vec<_>>()).unwrap();
        Hand::from_cards(&cards, kind).unwrap()
    }

    /// Counted 26 for the 29 hand (5 5 5 J + 5, nobs), nobs and a fifteen of three are what a
    /// player most likely missed; a count of 28 missed nobs alone.
    #[test]
    fn what_a_count_missed() {
        let h = hand("5h 5c 5s Jd 5d", HandKind::Hand);
        let breakdown = h.breakdown();
        let kinds = |claimed| -> Vec<(ItemKind, usize)> {
            missed(&breakdown, claimed)
                .iter()
                .map(|i| (i.kind, i.cards().len()))
                .collect()
        };
        assert_eq!(kinds(28), vec![(ItemKind::Nobs, 1)]);
        let three = kinds(26);
        assert!(three.contains(&(ItemKind::Nobs, 1)), "{three:?}");
        assert!(three.contains(&(ItemKind::Fifteen, 3)), "{three:?}");
        assert!(kinds(29).is_empty() && kinds(30).is_empty());
        // 4 5 6 6 10: a double run; a count of 11 missed the second run.
        let double = hand("4h 5c 6s 6d 10h", HandKind::Hand).breakdown();
        let second = missed(&double, 11);
        assert_eq!(second.len(), 1);
        assert_eq!(second[0].kind, ItemKind::Run);
    }

    /// Each focus is dealt as asked, the same for the same seed.
    #[test]
    fn focused_hands() {
        for focus in Focus::ALL {
            for n in 0..5 {
                let h = count_drill(3, n, focus);
                assert!(focus.holds(&h), "{focus:?} {h:?}");
                assert_eq!(h, count_drill(3, n, focus));
            }
        }
        assert_eq!(count_drill(3, 0, Focus::CribFlush).kind(), HandKind::Crib);
        assert_eq!(Focus::named("double-runs"), Some(Focus::DoubleRuns));
        assert_eq!(Focus::named("runs"), None);
    }

    /// Right each time it is due, a mistake climbs every box, waiting 2, 4 and 8 days, and is
    /// learned when answered right in the last (issue 84, row 9: it used to be learned after 3
    /// days, the long waits never used); a wrong answer goes back to the first box and comes
    /// back the next day.
    #[test]
    fn leitner_boxes() {
        let mut s = Schedule::new(100);
        assert!(s.due(100) && !s.learned());
        s.answer(true, 100);
        assert_eq!((s.level, s.due), (2, 102));
        assert!(!s.due(101) && s.due(102));
        s.answer(false, 102);
        assert_eq!((s.level, s.due), (1, 103));
        s.answer(true, 103);
        assert_eq!((s.level, s.due), (2, 105));
        s.answer(true, 105);
        assert_eq!((s.level, s.due), (3, 109));
        assert!(!s.learned(), "{s:?}");
        s.answer(true, 109);
        assert_eq!((s.level, s.due), (4, 117));
        assert!(!s.learned() && !s.due(116) && s.due(117));
        s.answer(true, 117);
        assert!(s.learned(), "{s:?}");
        assert!(!s.due(1000));
        // Right twice on one day is one day.
        let mut once = Schedule::new(5);
        once.answer(true, 5);
        once.answer(true, 5);
        assert!(!once.learned());
    }

    /// A play drill is a turn with a choice; a throwing drill for the board is a late score
    /// where crib's strongest throws otherwise than for points.
    #[test]
    fn drills_are_real_choices() {
        let models = Models::committed();
        for n in 0..3 {
            let p = play_drill(models, Game::TWO, 7, n).unwrap();
            assert_eq!(p.table.play_at().turn, Some(p.seat));
            assert!(p.table.has_choice());
            assert_eq!(p, play_drill(models, Game::TWO, 7, n).unwrap());
        }
        // A deal's decisions as drills: one a graded decision, each at the seat's choice.
        let mut played = DealTable::shuffle(Game::TWO, 4, 1, vec![0, 0]);
        throw_all(models, &mut played, Level::Greedy);
        crate::players::turns::play_out(models, &mut played, Level::Greedy);
        for seat in [Seat::new(0), Seat::DEALER] {
            let drills = decisions_of(&played, seat);
            let graded = crate::coach::grade::grade(models, &played, seat, &[], false).unwrap();
            assert_eq!(drills.len(), graded.len());
            assert!(drills[0].table.throws.iter().all(Option::is_none));
            for d in &drills[1..] {
                assert_eq!(d.table.play_at().turn, Some(seat));
            }
        }
        let d = discard_drill(models, Game::TWO, 7, 0, true).unwrap();
        assert!(
            d.table.start.iter().all(|&s| s >= 81),
            "{:?}",
            d.table.start
        );
        let plain = discard_drill(models, Game::TWO, 7, 1, false).unwrap();
        assert_eq!(plain.table.start, vec![0, 0]);
        assert_eq!(plain.seat, Seat::DEALER);
    }
}
