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
    if let Some(known) = memo.with(|m| m.borrow().0.get(&question).cloned()) {
        return known;
    }
    let value = answer();
    memo.with(|m| {
        let mut m = m.borrow_mut();
        if m.0.len() >= MOST {
            m.0.clear();
        }
        m.0.insert(question, value.clone());
    });
    value
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
}
