//! The play of each of your keeps against each hand the other side keeps, as [`plays`] holds it,
//! remembered for the life of the process: weighing a discard for the game replays thousands
//! of pairs a question, and grading a thousand games asks some sixty million plays of fewer
//! than six million pairs. A row of remembered plays is made the first time a question weighs
//! its keep from its seat (1,820 words, one for each hand of the other side's, 14.5 KB), so a
//! question touches a row for each of its keeps and no more; every row of both seats is some 53
//! MB.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, OnceLock};

use crate::model::plays;
use crate::rules::board::Score;
use crate::rules::card::Rank;
use crate::rules::numbering::RANK_HANDS;
use crate::rules::seat::Seat;

/// The most scoring steps a play packs into a word: one a card (eight) and one a count ended by
/// a go (a count that ends so holds more than 21, so three cards at least: two such counts).
const MOST: usize = 11;

/// A play's scoring steps, in order: what [`plays::play`] gives, without an allocation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Steps {
    steps: [Score; MOST],
    len: usize,
}

impl std::ops::Deref for Steps {
    type Target = [Score];

    fn deref(&self) -> &[Score] {
        &self.steps[..self.len]
    }
}

/// The remembered rows: by seat, by the keep's rank hand number, a word for each of the other
/// side's rank hands (0: not played yet).
type Rows = [Box<[OnceLock<Box<[AtomicU64]>>]>; 2];

static ROWS: LazyLock<Rows> =
    LazyLock::new(|| [0, 1].map(|_| (0..RANK_HANDS).map(|_| OnceLock::new()).collect()));

/// The play of your `keep` (its four rank numbers sorted, of rank hand number `keep_number`)
/// from `me`'s seat against the other side's `theirs` (sorted, numbered `their_number`): each
/// step that scores, in order; none if the two cannot be dealt together.
pub(super) fn play(
    me: Seat,
    (keep, keep_number): ([u8; 4], usize),
    (theirs, their_number): ([u8; 4], usize),
) -> Steps {
    let row = ROWS[me.index() & 1][keep_number]
        .get_or_init(|| (0..RANK_HANDS).map(|_| AtomicU64::new(0)).collect());
    let slot = &row[their_number];
    match slot.load(Ordering::Relaxed) {
        0 => {
            let (pone, dealer) = if me == Seat::DEALER {
                (theirs, keep)
            } else {
                (keep, theirs)
            };
            // Real cards never hold five of a rank between two hands.
            let ranks = |hand: [u8; 4]| hand.map(|r| Rank::new(r).expect("a rank"));
            let events = plays::play(ranks(pone), ranks(dealer)).unwrap_or_default();
            let steps = steps_of(&events);
            if let Some(word) = pack(&steps) {
                slot.store(word, Ordering::Relaxed);
            }
            steps
        }
        word => unpack(word),
    }
}

/// `events` as [`Steps`] (any beyond the most a play can make are dropped: none are).
fn steps_of(events: &[Score]) -> Steps {
    let mut steps = Steps {
        steps: [(Seat::new(0), 0); MOST],
        len: events.len().min(MOST),
    };
    steps.steps[..steps.len].copy_from_slice(&events[..steps.len]);
    steps
}

/// A play's steps in a word: how many in the lowest four bits, then five bits a step (the seat,
/// then the points, under 16). Never 0: a play always has a last card. `None` for steps that do
/// not fit (no play makes them).
fn pack(steps: &Steps) -> Option<u64> {
    if steps.is_empty()
        || steps
            .iter()
            .any(|&(seat, points)| points > 15 || seat.index() > 1)
    {
        return None;
    }
    Some(
        steps.iter().rev().fold(0u64, |word, &(seat, points)| {
            word << 5 | (seat.index() as u64) << 4 | u64::from(points)
        }) << 4
            | steps.len() as u64,
    )
}

/// The steps [`pack`] packed into `word`.
fn unpack(word: u64) -> Steps {
    let len = (word & 15) as usize;
    let mut steps = Steps {
        steps: [(Seat::new(0), 0); MOST],
        len: len.min(MOST),
    };
    for (i, step) in steps.steps[..steps.len].iter_mut().enumerate() {
        let bits = word >> (4 + 5 * i) & 31;
        *step = (Seat::new((bits >> 4) as usize), (bits & 15) as u8);
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::pegging::{compatible, counts};
    use crate::rules::numbering::{rank_hand_number, rank_hands};

    /// A play remembered is the play: every pair of rank hands that can be dealt together, from
    /// either seat, asked twice (played, then read back from its word), gives what the committed
    /// plays give.
    #[test]
    fn a_remembered_play_is_the_play() {
        let hands = rank_hands();
        for (i, &keep) in hands.iter().enumerate().step_by(17) {
            for &theirs in hands.iter().skip(i % 13).step_by(13) {
                if !compatible(&counts(keep), &counts(theirs)) {
                    continue;
                }
                let ranks = |hand: [u8; 4]| hand.map(|r| Rank::new(r).unwrap());
                for me in [Seat::PONE, Seat::DEALER] {
                    let (pone, dealer) = match me == Seat::DEALER {
                        true => (theirs, keep),
                        false => (keep, theirs),
                    };
                    let committed = plays::play(ranks(pone), ranks(dealer)).unwrap();
                    let asked = |_| {
                        play(
                            me,
                            (keep, rank_hand_number(keep)),
                            (theirs, rank_hand_number(theirs)),
                        )
                    };
                    let [first, again] = [0, 1].map(asked);
                    assert_eq!(*first, committed[..], "{keep:?} {theirs:?}");
                    assert_eq!(first, again);
                }
            }
        }
    }

    /// Steps pack into a word and back, the most a play can make and the largest points.
    #[test]
    fn steps_pack_and_unpack() {
        let events: Vec<Score> = (0..MOST)
            .map(|i| (Seat::new(i % 2), (i * 7 % 16) as u8))
            .collect();
        let steps = steps_of(&events);
        assert_eq!(unpack(pack(&steps).unwrap()), steps);
        assert_eq!(pack(&steps_of(&[(Seat::new(0), 16)])), None);
        assert_eq!(pack(&steps_of(&[])), None);
    }
}
