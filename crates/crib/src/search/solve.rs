//! The rest of a two-player play solved with every card seen: alpha-beta on the pone's points
//! less the dealer's, each player maximising their own points less the other's.
//!
//! Once a count ends, the rest of the deal depends only on the cards left in each hand, so each
//! position at the start of a count is solved once, exactly, and remembered on its thread
//! (`forget_counts` clears that): under a first lead, thousands of holdings share them.

use std::cell::RefCell;

use super::memo::{Memo, recall};
use crate::rules::play::Table;

/// Beyond any net a deal's play can make: the search's opening window.
pub const WINDOW: i32 = 10_000;

/// The rest of the deal played perfectly by both sides, each maximising their own points less
/// the other's: the net for the pone (player 0) less the dealer, and the points of each on the
/// line found. Alpha-beta on the pone's net, the pone maximising and the dealer minimising.
pub fn solve(table: &Table<2>, alpha: i32, beta: i32) -> (i32, [u8; 2]) {
    if table.is_over() {
        return (0, [0, 0]);
    }
    match table.count_start_key() {
        // With two players the key takes 44 bits at most: hashed as a u64 it is cheaper.
        Some(key) => count_start(key as u64, table),
        None => search_count(table, alpha, beta),
    }
}

/// How many positions at the start of a count each thread remembers before it starts afresh:
/// about 24 MB at most.
const REMEMBERED: usize = 1 << 20;

thread_local! {
    /// The rest of the deal from the start of a count, solved with the full window (so exactly,
    /// whatever window asked for it), by [`Table::count_start_key`]. Once a count ends, what
    /// follows no longer depends on the cards played before, so the same few positions recur
    /// under thousands of the opponent's holdings, and in every later decision of the deal.
    static SOLVED: RefCell<Memo<u64, (i32, [u8; 2]), REMEMBERED>> = RefCell::default();
}

/// The rest of the deal from the start of a count, exactly: remembered, or searched and
/// remembered. The answer is the same either way, so what a thread remembers never changes
/// advice.
fn count_start(key: u64, table: &Table<2>) -> (i32, [u8; 2]) {
    recall(&SOLVED, key, || search_count(table, -WINDOW, WINDOW))
}

/// Forget every position remembered at the start of a count, on this thread and rayon's.
pub(crate) fn forget_counts() {
    let clear = || SOLVED.with(|solved| solved.borrow_mut().clear());
    clear();
    rayon::broadcast(|_| clear());
}

/// [`solve`] within a count.
fn search_count(table: &Table<2>, mut alpha: i32, mut beta: i32) -> (i32, [u8; 2]) {
    // A hand holds four cards at most, so at most four ranks to play.
    let mut moves = [0u8; 4];
    let mut n = 0;
    for rank in table.legal().take(4) {
        moves[n] = rank;
        n += 1;
    }
    if n == 0 {
        let mut after = *table;
        let points = after.go();
        let d = i32::from(points[0]) - i32::from(points[1]);
        let (v, rest) = solve(&after, alpha - d, beta - d);
        return (v + d, add(rest, points));
    }
    let maximise = table.turn() == 0;
    // Play every move once, and search the ones that score best for the mover first: good
    // moves early let alpha-beta cut the rest short.
    let mut children: [(i32, [u8; 2], Table<2>); 4] = [(0, [0, 0], *table); 4];
    for (child, &rank) in children.iter_mut().zip(&moves[..n]) {
        let points = child.2.play(rank);
        child.0 = i32::from(points[0]) - i32::from(points[1]);
        child.1 = points;
    }
    let children = &mut children[..n];
    if n > 1 {
        if maximise {
            children.sort_unstable_by_key(|c| -c.0);
        } else {
            children.sort_unstable_by_key(|c| c.0);
        }
    }
    let mut best: (i32, [u8; 2]) = (if maximise { -WINDOW } else { WINDOW }, [0, 0]);
    for &(d, points, after) in children.iter() {
        let (v, rest) = solve(&after, alpha - d, beta - d);
        let v = v + d;
        if maximise {
            if v > best.0 {
                best = (v, add(rest, points));
            }
            alpha = alpha.max(v);
        } else {
            if v < best.0 {
                best = (v, add(rest, points));
            }
            beta = beta.min(v);
        }
        if alpha >= beta {
            break;
        }
    }
    best
}

fn add(a: [u8; 2], b: [u8; 2]) -> [u8; 2] {
    [a[0] + b[0], a[1] + b[1]]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::card::Card;

    /// Plain minimax with no pruning: the brute force the search must agree with.
    fn brute_force(table: &Table<2>) -> i32 {
        if table.is_over() {
            return 0;
        }
        let moves: Vec<u8> = table.legal().collect();
        if moves.is_empty() {
            let mut after = *table;
            let p = after.go();
            return i32::from(p[0]) - i32::from(p[1]) + brute_force(&after);
        }
        let values = moves.iter().map(|&r| {
            let mut after = *table;
            let p = after.play(r);
            i32::from(p[0]) - i32::from(p[1]) + brute_force(&after)
        });
        if table.turn() == 0 {
            values.max().unwrap()
        } else {
            values.min().unwrap()
        }
    }

    #[test]
    fn the_search_agrees_with_brute_force() {
        // Deals of eight cards from a fixed stream of deck indices.
        let mut state = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..300 {
            let mut deck: Vec<u8> = (0..52).collect();
            for i in 0..8 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let j = i + (state % (52 - i as u64)) as usize;
                deck.swap(i, j);
            }
            let mut hands = [[0u8; 14]; 2];
            for (i, &index) in deck[..8].iter().enumerate() {
                hands[i % 2][usize::from(Card::from_index(index).rank().number())] += 1;
            }
            let table = Table::new(hands);
            let (value, points) = solve(&table, -WINDOW, WINDOW);
            assert_eq!(value, brute_force(&table), "{hands:?}");
            assert_eq!(value, i32::from(points[0]) - i32::from(points[1]));
        }
    }
}
