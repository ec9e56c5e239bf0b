//! crib's engine for the play of three and four players against greedy players: the proof by
//! self-play on a deterministic sample (`cargo xtask experiment selfplay34` runs more).

use crib::tables::rules::card::Card;
use crib::tables::rules::seat::Seat;
use crib::tables::rules::shuffle::shuffled;
use crib::tables::search::players::{PlayerOf, best_sampled, greedy, play_hands};
use crib::tables::search::sampled::mine_theirs;

use super::{Outcome, ensure};

/// Seeded duplicate deals: in each, one seat (moving round the table) played by crib's engine
/// and then by a greedy player, the other seats greedy both times. The margin of `measure` (of
/// the points pegged, the seat's) and its standard error.
fn margin<const N: usize>(deals: u64, measure: fn(&[u32; N], usize) -> f64) -> (f64, f64) {
    let margins: Vec<f64> = (0..deals)
        .map(|deal| {
            let cards = shuffled(0xC0FFEE + N as u64, deal, 4 * N + 1);
            let hands: Vec<Vec<Card>> = (0..N).map(|s| cards[4 * s..4 * s + 4].to_vec()).collect();
            let seen = [cards[4 * N]];
            let seat = (deal % N as u64) as usize;
            let mut players: [PlayerOf<N>; N] = [greedy::<N>; N];
            players[seat] = best_sampled::<N>;
            let with_crib = play_hands::<N>(&hands, &seen, players);
            let greedy_only = play_hands::<N>(&hands, &seen, [greedy::<N>; N]);
            measure(&with_crib, seat) - measure(&greedy_only, seat)
        })
        .collect();
    let n = margins.len() as f64;
    let mean = margins.iter().sum::<f64>() / n;
    let var = margins.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// With three players crib's seat nets more than a greedy player in the same seat and deal,
/// and with four players pegs more itself, each by over two standard errors.
pub fn beats_greedy() -> Outcome {
    let (three, se3) = margin::<3>(480, |p, seat| {
        let (mine, theirs) = mine_theirs(&p.map(|x| x as u8), Seat::new(seat));
        mine - theirs
    });
    eprintln!("  three players: {three:+.3} ± {se3:.3} net a deal");
    ensure!(three > 2.0 * se3, "three players: {three:+.3} ± {se3:.3}");
    let (four, se4) = margin::<4>(240, |p, seat| f64::from(p[seat]));
    eprintln!("  four players: {four:+.3} ± {se4:.3} pegged a deal");
    ensure!(four > 2.0 * se4, "four players: {four:+.3} ± {se4:.3}");
    Ok(())
}
