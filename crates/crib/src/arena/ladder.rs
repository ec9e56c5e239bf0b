//! A ladder: every pair of players met in a match of duplicate games (a round robin), and all of
//! them rated on one Elo scale by maximum likelihood over every game, as BayesElo and Ordo rate
//! chess engines, with 95% intervals that count how duplicate games hang together.

use crate::arena::duplicate::GameRecord;
use crate::arena::tally::{Groups, Z95, mean_se};

/// The natural logarithm of 10 over 400: the slope of the Elo scale.
const SLOPE: f64 = std::f64::consts::LN_10 / 400.0;

/// One pair's match: the first player (contender 0) against the second.
#[derive(Debug, Clone, PartialEq)]
pub struct Pairing {
    /// The players, by their places on the ladder.
    pub players: [usize; 2],
    /// Games played.
    pub games: u64,
    /// Games won by the first.
    pub wins: u64,
    /// The first's share of the games.
    pub share: f64,
    /// The share's standard error, over the groups of duplicate games.
    pub share_se: f64,
    /// How many groups the first won 0, 1, … games of (with two players, a group is the same
    /// decks both ways round: lost both, split, won both).
    pub outcomes: Vec<u64>,
}

impl Pairing {
    /// The pairing of `players` from their match's `records` (the first player contender 0),
    /// each group of duplicate games `group_size` games.
    pub fn of(players: [usize; 2], records: &[GameRecord], group_size: usize) -> Pairing {
        let groups = Groups::of(records, 0);
        let wins = records.iter().filter(|r| r.winner == 0).count() as u64;
        let games = records.len() as u64;
        let share = if games == 0 {
            0.0
        } else {
            wins as f64 / games as f64
        };
        let (_, share_se) = mean_se(&groups.shares());
        Pairing {
            players,
            games,
            wins,
            share,
            share_se,
            outcomes: groups.outcomes(group_size),
        }
    }

    /// The games the pairing is worth for the ratings' errors: as many independent games as
    /// would give its share's standard error (duplicate games, dealt the same cards, tell
    /// players apart with fewer games than independent ones), at least one.
    fn effective_games(&self) -> f64 {
        let binomial = self.share * (1.0 - self.share);
        if self.share_se > 0.0 && binomial > 0.0 {
            (binomial / (self.share_se * self.share_se)).max(1.0)
        } else {
            (self.games as f64).max(1.0)
        }
    }
}

/// A player's place on the ladder, or the gap between two places.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// Its Elo, the players' mean 0 (a gap: the first's less the second's).
    pub elo: f64,
    /// The low end of its 95% interval.
    pub low: f64,
    /// The high end.
    pub high: f64,
}

/// Every player's rating, and how their errors go together.
#[derive(Debug, Clone, PartialEq)]
pub struct Ratings {
    /// The players' ratings, in the order of their numbers.
    pub ratings: Vec<Rating>,
    /// The covariance of the ratings (Elo squared).
    covariance: Vec<Vec<f64>>,
}

impl Ratings {
    /// The gap from player `b`'s rating up to `a`'s, with its own 95% interval: narrower than
    /// the two ratings' intervals suggest, since what moves both alike (every other player's
    /// error, through the mean) cancels.
    pub fn gap(&self, a: usize, b: usize) -> Rating {
        let c = &self.covariance;
        let var = c[a][a] + c[b][b] - 2.0 * c[a][b];
        Rating::within(self.ratings[a].elo - self.ratings[b].elo, var)
    }
}

impl Rating {
    /// `elo` with the 95% interval of a normal error of variance `var` (Elo squared).
    fn within(elo: f64, var: f64) -> Rating {
        let half = Z95 * var.max(0.0).sqrt();
        Rating {
            elo,
            low: elo - half,
            high: elo + half,
        }
    }
}

/// The ratings of `players` players from `pairings`, by maximum likelihood: the Elo values
/// whose expected shares, `1 / (1 + 10^(-(a - b) / 400))`, make the games won most likely,
/// their mean 0. Each pairing also counts one game halved between its players, so that a
/// player who won every game still has a finite rating (BayesElo's prior draws do the same);
/// over hundreds of games it moves no rating measurably. The intervals come from the
/// likelihood's curvature, each pairing weighing as many games as its standard error over the
/// duplicate groups is worth. `None` when the pairings do not connect every player.
pub fn rate(players: usize, pairings: &[Pairing]) -> Option<Ratings> {
    if players == 0 || !connected(players, pairings) {
        return None;
    }
    let mut elo = vec![0.0; players];
    // Newton's method on the log-likelihood; it converges in a few steps from 0.
    for _ in 0..100 {
        let (gradient, mut hessian) = derivatives(&elo, pairings, |p| p.games as f64 + 1.0);
        centre_fix(&mut hessian);
        let step = solve(&hessian, &gradient)?;
        let mut moved = 0.0f64;
        for (e, s) in elo.iter_mut().zip(&step) {
            *e += s;
            moved = moved.max(s.abs());
        }
        let mean = elo.iter().sum::<f64>() / players as f64;
        elo.iter_mut().for_each(|e| *e -= mean);
        if moved < 1e-9 {
            break;
        }
    }
    let (_, mut information) = derivatives(&elo, pairings, Pairing::effective_games);
    centre_fix(&mut information);
    let covariance = centred_inverse(&information)?;
    let ratings = elo
        .iter()
        .enumerate()
        .map(|(i, &e)| Rating::within(e, covariance[i][i]))
        .collect();
    Some(Ratings {
        ratings,
        covariance,
    })
}

/// The gradient of the log-likelihood and its negated Hessian (the information), each pairing
/// weighing `games(pairing)` games, its wins (and half of the prior game) scaled alike.
fn derivatives(
    elo: &[f64],
    pairings: &[Pairing],
    games: impl Fn(&Pairing) -> f64,
) -> (Vec<f64>, Vec<Vec<f64>>) {
    let n = elo.len();
    let mut gradient = vec![0.0; n];
    let mut information = vec![vec![0.0; n]; n];
    for p in pairings {
        let [a, b] = p.players;
        let weight = games(p);
        let won = (p.wins as f64 + 0.5) / (p.games as f64 + 1.0);
        let expected = 1.0 / (1.0 + (-SLOPE * (elo[a] - elo[b])).exp());
        let g = weight * SLOPE * (won - expected);
        gradient[a] += g;
        gradient[b] -= g;
        let h = weight * SLOPE * SLOPE * expected * (1.0 - expected);
        information[a][a] += h;
        information[b][b] += h;
        information[a][b] -= h;
        information[b][a] -= h;
    }
    (gradient, information)
}

/// The information of ratings whose mean is fixed at 0 has no curvature along all-equal
/// shifts; adding `1/n` to every entry gives that direction a unit curvature, so the matrix
/// can be solved (the step along it is then 0).
fn centre_fix(matrix: &mut [Vec<f64>]) {
    let n = matrix.len() as f64;
    matrix.iter_mut().flatten().for_each(|x| *x += 1.0 / n);
}

/// The covariance of mean-0 ratings from their fixed information `matrix` ([`centre_fix`]):
/// its inverse less the `1/n` it added.
fn centred_inverse(matrix: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = matrix.len();
    let shift = 1.0 / n as f64;
    // The matrix is symmetric, so its inverse is: column j is row j.
    (0..n)
        .map(|j| {
            let unit: Vec<f64> = (0..n).map(|i| f64::from(u8::from(i == j))).collect();
            let column = solve(matrix, &unit)?;
            Some(column.into_iter().map(|x| x - shift).collect())
        })
        .collect()
}

/// `x` with `matrix · x = rhs`, by Gaussian elimination with partial pivoting (`None` when
/// the matrix is singular).
fn solve(matrix: &[Vec<f64>], rhs: &[f64]) -> Option<Vec<f64>> {
    let n = rhs.len();
    let mut m: Vec<Vec<f64>> = matrix
        .iter()
        .zip(rhs)
        .map(|(row, &r)| row.iter().copied().chain([r]).collect())
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&a, &b| m[a][col].abs().total_cmp(&m[b][col].abs()))?;
        if m[pivot][col].abs() < 1e-300 {
            return None;
        }
        m.swap(col, pivot);
        let lead = m[col].clone();
        for (r, row) in m.iter_mut().enumerate() {
            if r != col {
                let factor = row[col] / lead[col];
                for (x, l) in row.iter_mut().zip(&lead).skip(col) {
                    *x -= factor * l;
                }
            }
        }
    }
    Some((0..n).map(|i| m[i][n] / m[i][i]).collect())
}

/// Whether the pairings join every player to every other.
fn connected(players: usize, pairings: &[Pairing]) -> bool {
    let mut reached = vec![false; players];
    reached[0] = true;
    let mut grew = true;
    while grew {
        grew = false;
        for p in pairings.iter().filter(|p| p.games > 0) {
            let [a, b] = p.players;
            if reached[a] != reached[b] {
                reached[a] = true;
                reached[b] = true;
                grew = true;
            }
        }
    }
    reached.into_iter().all(|r| r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::tally::elo_of;

    fn pairing(players: [usize; 2], wins: u64, games: u64) -> Pairing {
        let share = wins as f64 / games as f64;
        Pairing {
            players,
            games,
            wins,
            share,
            // As if the games were independent.
            share_se: (share * (1.0 - share) / games as f64).sqrt(),
            outcomes: Vec::new(),
        }
    }

    /// Two players, 750 games of 1,000 to the first: 3 to 1 is 400·log10(3) = 190.8 Elo apart;
    /// with the prior's game halved, 750.5 of 1,001, 190.6, split about the mean 0; the interval
    /// of the difference, from the binomial error of 0.75 over 1,000 games, is ±1.96 · 0.0137
    /// / (0.75 · 0.25 · ln10/400) = ±24.9 Elo, so ±12.5 about each rating.
    #[test]
    fn two_players_by_hand() {
        let rated = rate(2, &[pairing([0, 1], 750, 1000)]).unwrap();
        let ratings = &rated.ratings;
        let diff = ratings[0].elo - ratings[1].elo;
        assert!((diff - elo_of(750.5 / 1001.0)).abs() < 1e-6, "{diff}");
        assert!((diff - 400.0 * 3f64.log10()).abs() < 0.3, "{diff}");
        assert!((ratings[0].elo + ratings[1].elo).abs() < 1e-9);
        let half = ratings[0].high - ratings[0].elo;
        let se = (0.75f64 * 0.25 / 1000.0).sqrt();
        let expected = Z95 * se / (0.75 * 0.25 * SLOPE) / 2.0;
        assert!((half - expected).abs() < 0.05, "{half} against {expected}");
        // The gap's interval is the difference's own: twice as wide as each rating's.
        let gap = rated.gap(0, 1);
        assert!((gap.elo - diff).abs() < 1e-9);
        assert!((gap.high - gap.elo - 2.0 * expected).abs() < 0.1);
    }

    /// Three players whose shares agree with ratings 0, 100 and 200 (64.0% for 100 apart,
    /// 75.97% for 200) are rated so, to within the rounding of the wins and the prior's game,
    /// and the middle one's interval is the narrowest (it is compared closely with both).
    #[test]
    fn consistent_shares_are_recovered() {
        let p100 = (1000.0 / (1.0 + 10f64.powf(-0.25))).round() as u64;
        let p200 = (1000.0 / (1.0 + 10f64.powf(-0.5))).round() as u64;
        let ratings = rate(
            3,
            &[
                pairing([1, 0], p100, 1000),
                pairing([2, 1], p100, 1000),
                pairing([2, 0], p200, 1000),
            ],
        )
        .unwrap()
        .ratings;
        let elo: Vec<f64> = ratings.iter().map(|r| r.elo).collect();
        assert!((elo[1] - elo[0] - 100.0).abs() < 1.5, "{elo:?}");
        assert!((elo[2] - elo[1] - 100.0).abs() < 1.5, "{elo:?}");
        let width = |r: &Rating| r.high - r.low;
        assert!(width(&ratings[1]) < width(&ratings[0]));
    }

    /// A player who won every game still has a finite rating, above the others'.
    #[test]
    fn a_clean_sweep_is_finite() {
        let ratings = rate(
            3,
            &[
                pairing([0, 1], 100, 100),
                pairing([0, 2], 100, 100),
                pairing([1, 2], 60, 100),
            ],
        )
        .unwrap()
        .ratings;
        assert!(ratings.iter().all(|r| r.elo.is_finite()));
        assert!(ratings[0].elo > ratings[1].elo + 300.0);
    }

    /// A player known poorly (few games, all against one other) widens every rating's interval
    /// through the mean, but not the gaps between the others: two players close to each other
    /// and far better known keep a narrow gap.
    #[test]
    fn a_gap_is_narrower_than_its_ratings() {
        let rated = rate(3, &[pairing([0, 1], 520, 1000), pairing([2, 0], 3, 10)]).unwrap();
        let gap = rated.gap(0, 1);
        let r = &rated.ratings;
        let widths = (r[0].high - r[0].low) + (r[1].high - r[1].low);
        assert!(gap.high - gap.low < widths / 2.0, "{gap:?} {r:?}");
    }

    /// Players no pairing joins cannot share a scale.
    #[test]
    fn unconnected_players_are_not_rated() {
        assert!(rate(3, &[pairing([0, 1], 5, 10)]).is_none());
    }

    /// Duplicate groups that agree more than independent games would narrow the interval: the
    /// same share with half the standard error halves it.
    #[test]
    fn duplicate_errors_set_the_width() {
        let wide = pairing([0, 1], 600, 1000);
        let narrow = Pairing {
            share_se: wide.share_se / 2.0,
            ..wide.clone()
        };
        let w = rate(2, &[wide]).unwrap().ratings[0];
        let n = rate(2, &[narrow]).unwrap().ratings[0];
        let ratio = (w.high - w.elo) / (n.high - n.elo);
        assert!((ratio - 2.0).abs() < 1e-6, "{ratio}");
    }
}
