//! Answers remembered on one thread: a search meets the same positions again and again, and
//! remembering what it found is where much of its speed comes from. A memo holds at most `MOST`
//! answers and forgets all of them at once when full. What it remembers is the answer the
//! search gives anyway, so it never changes an answer, only how soon it comes.

use std::cell::RefCell;
use std::hash::Hash;
use std::thread::LocalKey;

use rustc_hash::FxHashMap;

/// At most `MOST` answers, by question.
pub(crate) struct Memo<K, V, const MOST: usize>(FxHashMap<K, V>);

impl<K, V, const MOST: usize> Default for Memo<K, V, MOST> {
    fn default() -> Self {
        Memo(FxHashMap::default())
    }
}

impl<K: Hash + Eq, V: Clone, const MOST: usize> Memo<K, V, MOST> {
    /// Forget everything.
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }
}

/// The answer to `question` from the thread's `memo`, or `answer()` remembered there. The
/// memo is not held while `answer` runs, so the answer may consult the same memo.
pub(crate) fn recall<K: Hash + Eq, V: Clone, const MOST: usize>(
    memo: &'static LocalKey<RefCell<Memo<K, V, MOST>>>,
    question: K,
    answer: impl FnOnce() -> V,
) -> V {
    if let Some(known) = known(memo, &question) {
        return known;
    }
    let value = answer();
    remember(memo, question, value.clone());
    value
}

/// What the thread's `memo` remembers for `question`, if anything.
fn known<K: Hash + Eq, V: Clone, const MOST: usize>(
    memo: &'static LocalKey<RefCell<Memo<K, V, MOST>>>,
    question: &K,
) -> Option<V> {
    memo.with(|m| m.borrow().0.get(question).cloned())
}

/// Remember `value` for `question` in the thread's `memo`, in place of what it held; a full
/// memo forgets everything first.
fn remember<K: Hash + Eq, V: Clone, const MOST: usize>(
    memo: &'static LocalKey<RefCell<Memo<K, V, MOST>>>,
    question: K,
    value: V,
) {
    memo.with(|m| {
        let mut m = m.borrow_mut();
        if m.0.len() >= MOST && !m.0.contains_key(&question) {
            m.0.clear();
        }
        m.0.insert(question, value);
    });
}

/// What a thread knows of a position an alpha-beta search met at the start of a count: bounds
/// on its value, and once they meet, the points of the line found (`P`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bounds<P> {
    low: i32,
    high: i32,
    points: Option<P>,
}

/// A fail-soft alpha-beta search's answer at a position at the start of a count, searched in the
/// window it is met in rather than in full, with what earlier searches proved of it on this
/// thread's `memo`: the value and the points of the line found. Only a value strictly inside
/// the window is exact; one at or below `alpha` is a bound from above, one at or above `beta`
/// a bound from below, and then the points are not a line's (`unknown`). An exact value is
/// remembered with its points; a bound narrows what is remembered.
///
/// The points of an exact value are the same whatever the window that found them: in a
/// fail-soft search with a fixed order of moves, a node whose value lies strictly inside its
/// window takes the first best move in that order, and so does each node along its line. So
/// what a thread remembers never changes an answer, only how soon it comes.
pub(crate) fn windowed<K: Hash + Eq, P: Copy, const MOST: usize>(
    memo: &'static LocalKey<RefCell<Memo<K, Bounds<P>, MOST>>>,
    key: K,
    (alpha, beta): (i32, i32),
    unknown: P,
    search: impl FnOnce() -> (i32, P),
    value: impl Fn(&P) -> i32,
) -> (i32, P) {
    let mut bounds = known(memo, &key).unwrap_or(Bounds {
        low: i32::MIN,
        high: i32::MAX,
        points: None,
    });
    if let Some(points) = bounds.points {
        return (value(&points), points);
    }
    if bounds.low >= beta {
        return (bounds.low, unknown);
    }
    if bounds.high <= alpha {
        return (bounds.high, unknown);
    }
    let (found, points) = search();
    if found <= alpha {
        bounds.high = bounds.high.min(found);
    } else if found >= beta {
        bounds.low = bounds.low.max(found);
    } else {
        bounds = Bounds {
            low: found,
            high: found,
            points: Some(points),
        };
    }
    remember(memo, key, bounds);
    (found, points)
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static SQUARES: RefCell<Memo<u32, u64, 2>> = RefCell::default();
    }

    #[test]
    fn a_memo_answers_from_memory_and_forgets_when_full() {
        let asked = std::cell::Cell::new(0);
        let square = |n: u32| {
            recall(&SQUARES, n, || {
                asked.set(asked.get() + 1);
                u64::from(n) * u64::from(n)
            })
        };
        assert_eq!(square(3), 9);
        assert_eq!(square(3), 9);
        assert_eq!(square(4), 16);
        assert_eq!(asked.get(), 2);
        // Full at two: the third question forgets the first two.
        assert_eq!(square(5), 25);
        assert_eq!(square(4), 16);
        assert_eq!(asked.get(), 4);
        SQUARES.with(|m| m.borrow_mut().clear());
        assert_eq!(recall(&SQUARES, 5, || 0), 0);
    }

    thread_local! {
        static PROVED: RefCell<Memo<u8, Bounds<u8>, 4>> = RefCell::default();
    }

    #[test]
    fn a_window_remembers_what_it_proves() {
        // A position worth 5 whose line pegs 7: a fail-soft search gives 5 in any window, and
        // the line only where 5 is strictly inside it (255: not a line).
        let searched = std::cell::Cell::new(0);
        let ask = |alpha: i32, beta: i32| {
            let search = || {
                searched.set(searched.get() + 1);
                (5, if alpha < 5 && 5 < beta { 7 } else { 255 })
            };
            windowed(&PROVED, 1, (alpha, beta), 255, search, |_| 5)
        };
        // Below the window: searched, and only a bound learnt.
        assert_eq!(ask(6, 10), (5, 255));
        assert_eq!(searched.get(), 1);
        // The bound answers a window it falls below without a search.
        assert_eq!(ask(5, 9), (5, 255));
        assert_eq!(searched.get(), 1);
        // A window it is strictly inside: searched, exact, and the line remembered...
        assert_eq!(ask(0, 10), (5, 7));
        assert_eq!(searched.get(), 2);
        // ...and given whatever the window after.
        assert_eq!(ask(6, 10), (5, 7));
        assert_eq!(ask(-3, -2), (5, 7));
        assert_eq!(searched.get(), 2);
    }
}
