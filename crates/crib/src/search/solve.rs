//! The rest of a two-player play solved with every card seen: alpha-beta on the pone's points
//! less the dealer's, each player maximising their own points less the other's.
//!
//! Once a count ends, the rest of the deal depends only on the cards left in each hand, so each
//! position at the start of a count is solved once, exactly, and remembered on its thread
//! (`forget_counts` clears that): under a first lead, thousands of holdings share them.

use std::cell::RefCell;

use super::memo::{Memo, recall};
use super::packed::{Packed, ranks};
use crate::rules::play::Table;

/// Beyond any net a deal's play can make: the search's opening window.
pub const WINDOW: i32 = 10_000;

/// The rest of the deal played perfectly by both sides, each maximising their own points less
/// the other's: the net for the pone (player 0) less the dealer, and the points of each on the
/// line found. Alpha-beta on the pone's net, the pone maximising and the dealer minimising.
pub fn solve(table: &Table<2>, alpha: i32, beta: i32) -> (i32, [u8; 2]) {
    solve_packed(&Packed::of(table), alpha, beta)
}

/// [`solve`] on the play packed.
fn solve_packed(play: &Packed<2>, alpha: i32, beta: i32) -> (i32, [u8; 2]) {
    if play.is_over() {
        return (0, [0, 0]);
    }
    match play.count_start_key() {
        // With two players the key takes 44 bits at most: hashed as a u64 it is cheaper.
        Some(key) => count_start(key as u64, play),
        None => search_count(play, alpha, beta),
    }
}

/// How many positions at the start of a count each thread remembers before it starts afresh:
/// about 24 MB at most.
const REMEMBERED: usize = 1 << 20;

thread_local! {
    /// The rest of the deal from the start of a count, solved with the full window (so exactly,
    /// whatever window asked for it), by [`Packed::count_start_key`]. Once a count ends, what
    /// follows no longer depends on the cards played before, so the same few positions recur
    /// under thousands of the opponent's holdings, and in every later decision of the deal.
    static SOLVED: RefCell<Memo<u64, (i32, [u8; 2]), REMEMBERED>> = RefCell::default();
}

/// The rest of the deal from the start of a count, exactly: remembered, or searched and
/// remembered. The answer is the same either way, so what a thread remembers never changes
/// advice.
fn count_start(key: u64, play: &Packed<2>) -> (i32, [u8; 2]) {
    recall(&SOLVED, key, || search_count(play, -WINDOW, WINDOW))
}

/// Forget every position remembered at the start of a count, on this thread and rayon's.
pub(crate) fn forget_counts() {
    let clear = || SOLVED.with(|solved| solved.borrow_mut().clear());
    clear();
    rayon::broadcast(|_| clear());
}

/// [`solve`] within a count.
fn search_count(play: &Packed<2>, mut alpha: i32, mut beta: i32) -> (i32, [u8; 2]) {
    let legal = play.legal();
    if legal == 0 {
        let mut after = *play;
        let points = after.go();
        let d = i32::from(points[0]) - i32::from(points[1]);
        let (v, rest) = solve_packed(&after, alpha - d, beta - d);
        return (v + d, add(rest, points));
    }
    let maximise = play.turn() == 0;
    // Play every move once (a hand holds four cards at most, so at most four ranks), and
    // search the ones that score best for the mover first: good moves early let alpha-beta cut
    // the rest short.
    let mut children: [(i32, [u8; 2], Packed<2>); 4] = [(0, [0, 0], *play); 4];
    let mut n = 0;
    for rank in ranks(legal).take(4) {
        let child = &mut children[n];
        let points = child.2.play(rank);
        child.0 = i32::from(points[0]) - i32::from(points[1]);
        child.1 = points;
        n += 1;
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
        let (v, rest) = solve_packed(&after, alpha - d, beta - d);
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
    use crate::rules::shuffle::{Rng, shuffled};

    /// Plain minimax with no pruning, on the [`Table`] of the rules: the brute force the search
    /// must agree with. The line is the first best move's, the moves taken in the search's order
    /// (lowest rank first, then by what they score for the mover, best first, ties in order).
    fn brute_force(table: &Table<2>) -> (i32, [u8; 2]) {
        if table.is_over() {
            return (0, [0, 0]);
        }
        let moves: Vec<u8> = table.legal().collect();
        if moves.is_empty() {
            let mut after = *table;
            let p = after.go();
            let (v, rest) = brute_force(&after);
            return (v + i32::from(p[0]) - i32::from(p[1]), add(rest, p));
        }
        let sign = if table.turn() == 0 { 1 } else { -1 };
        let mut children: Vec<(i32, [u8; 2], Table<2>)> = moves
            .iter()
            .map(|&r| {
                let mut after = *table;
                let p = after.play(r);
                (i32::from(p[0]) - i32::from(p[1]), p, after)
            })
            .collect();
        children.sort_by_key(|c| -sign * c.0);
        let mut best: Option<(i32, [u8; 2])> = None;
        for (d, p, after) in children {
            let (v, rest) = brute_force(&after);
            if best.is_none_or(|b| sign * (v + d) > sign * b.0) {
                best = Some((v + d, add(rest, p)));
            }
        }
        best.expect("a move")
    }

    #[test]
    fn the_search_agrees_with_brute_force() {
        // Deals of eight cards, from the start of the play and after a few cards played at
        // random.
        let mut random = Rng::new(0x1234_5678_9ABC_DEF1);
        for n in 0..600 {
            let mut hands = [[0u8; 14]; 2];
            for (i, card) in shuffled(17, n, 8).iter().enumerate() {
                hands[i % 2][usize::from(card.rank().number())] += 1;
            }
            let mut table = Table::new(hands);
            for _ in 0..random.below(6) {
                let legal: Vec<u8> = table.legal().collect();
                match legal.len() {
                    0 => table.go(),
                    n => table.play(legal[random.below(n as u64) as usize]),
                };
            }
            let (value, points) = solve(&table, -WINDOW, WINDOW);
            assert_eq!((value, points), brute_force(&table), "{table:?}");
            assert_eq!(value, i32::from(points[0]) - i32::from(points[1]));
        }
    }
}
