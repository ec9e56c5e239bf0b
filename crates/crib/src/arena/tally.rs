//! A match's results summed up: each contender's share of the games with its standard error
//! over the groups of duplicate games, the Elo difference, skunks, points a deal by seat and
//! what scored them, decision times and forfeits; and the sequential probability ratio test
//! that can stop a match once it has decided.

use crate::arena::duplicate::{Forfeit, GameRecord, Points, Timing};
use crate::rules::board::Skunk;

/// The z of a two-sided 95% interval.
pub(crate) const Z95: f64 = 1.959_964;

/// One contender's results.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// Games won.
    pub wins: u64,
    /// Its share of the games.
    pub share: f64,
    /// The standard error of the share, over the groups.
    pub share_se: f64,
    /// Games it won with a loser short of the skunk line (91, or 31 in a game to 61: a
    /// lurch).
    pub skunks: u64,
    /// Games it won with a loser short of 61 in a game to 121.
    pub double_skunks: u64,
    /// Its points, by seat (see [`GameRecord::points`]).
    pub points: Vec<Points>,
    /// How many groups of duplicate games it won 0, 1, … games of, as chess testers count
    /// pentanomials (with two players `[lost both, split, won both]`).
    pub outcomes: Vec<u64>,
}

/// An Elo difference with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    /// The difference: the first contender's rating less the second's.
    pub diff: f64,
    /// The interval's low end (`None`: no bound, the share's interval reaching 0).
    pub low: Option<f64>,
    /// The interval's high end (`None`: no bound, the share's interval reaching 1).
    pub high: Option<f64>,
}

/// A match summed up.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Games counted.
    pub games: u64,
    /// Whole groups of duplicate games among them.
    pub groups: u64,
    /// Each contender's results.
    pub standings: Vec<Standing>,
    /// With two contenders, the first's Elo over the second's (`None` when one won every
    /// game: no finite difference).
    pub elo: Option<Elo>,
    /// Each entrant's decision times.
    pub timing: Vec<Timing>,
    /// Every forfeit, with its game's number.
    pub forfeits: Vec<(u64, Forfeit)>,
}

/// The Elo difference of a share of games won.
pub(crate) fn elo_of(share: f64) -> f64 {
    let s = share.clamp(1e-9, 1.0 - 1e-9);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The expected share of a player rated `elo` over the other.
pub(crate) fn share_of(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The groups of duplicate games in `records` (in order), as one contender fared in each: the
/// games it won of the group, and the games the group holds.
pub(crate) struct Groups(Vec<(usize, usize)>);

impl Groups {
    /// How `contender` fared in each group of `records`.
    pub(crate) fn of(records: &[GameRecord], contender: usize) -> Groups {
        let mut tallies: Vec<(u64, usize, usize)> = Vec::new();
        for r in records {
            let won = usize::from(r.winner == contender);
            match tallies.last_mut() {
                Some((g, w, n)) if *g == r.group => {
                    *w += won;
                    *n += 1;
                }
                _ => tallies.push((r.group, won, 1)),
            }
        }
        Groups(tallies.into_iter().map(|(_, w, n)| (w, n)).collect())
    }

    /// How many groups there are.
    pub(crate) fn count(&self) -> usize {
        self.0.len()
    }

    /// A whole group's size: the most games a group holds.
    pub(crate) fn size(&self) -> usize {
        self.0.iter().map(|&(_, n)| n).max().unwrap_or(0)
    }

    /// Each group's share of its games won: the unit the errors are computed over.
    pub(crate) fn shares(&self) -> Vec<f64> {
        self.0
            .iter()
            .map(|&(won, n)| won as f64 / n as f64)
            .collect()
    }

    /// How many groups of `size` games were won 0, 1, … `size` games of.
    pub(crate) fn outcomes(&self, size: usize) -> Vec<u64> {
        let mut outcomes = vec![0; size + 1];
        for &(won, _) in &self.0 {
            outcomes[won.min(size)] += 1;
        }
        outcomes
    }
}

/// The mean and its standard error.
pub(crate) fn mean_se(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// Sum up `records` (in the order of the games), for `contenders` contenders and `entrants`
/// entrants.
pub fn summarise(records: &[GameRecord], contenders: usize, entrants: usize) -> Summary {
    let games = records.len() as u64;
    // Each contender's groups, and a whole group's size.
    let groups: Vec<Groups> = (0..contenders).map(|c| Groups::of(records, c)).collect();
    let size = groups.first().map_or(0, Groups::size);
    let standings: Vec<Standing> = (0..contenders)
        .map(|c| {
            let (share, share_se) = mean_se(&groups[c].shares());
            let won = records.iter().filter(|r| r.winner == c);
            let skunk = |kind: Skunk| {
                won.clone()
                    .filter(|r| r.skunk == Some(kind) && r.forfeit.is_none())
                    .count() as u64
            };
            let mut points =
                vec![Points::default(); records.first().map_or(0, |r| r.points[c].len())];
            for r in records {
                for (p, q) in points.iter_mut().zip(&r.points[c]) {
                    p.add(q);
                }
            }
            Standing {
                wins: won.clone().count() as u64,
                share: if games == 0 { 0.0 } else { share },
                share_se,
                skunks: skunk(Skunk::Single),
                double_skunks: skunk(Skunk::Double),
                points,
                outcomes: groups[c].outcomes(size),
            }
        })
        .collect();
    // One side winning every game has no finite Elo difference.
    let finite = standings
        .first()
        .is_some_and(|s| s.share > 0.0 && s.share < 1.0);
    let elo = (contenders == 2 && games > 0 && finite).then(|| {
        let s = &standings[0];
        let bound = |share: f64| (share > 0.0 && share < 1.0).then(|| elo_of(share));
        Elo {
            diff: elo_of(s.share),
            low: bound(s.share - Z95 * s.share_se),
            high: bound(s.share + Z95 * s.share_se),
        }
    });
    let mut timing = vec![Timing::default(); entrants];
    for r in records {
        for (t, u) in timing.iter_mut().zip(&r.timing) {
            t.add(u);
        }
    }
    let forfeits = records
        .iter()
        .filter_map(|r| r.forfeit.clone().map(|f| (r.index, f)))
        .collect();
    Summary {
        games,
        groups: groups.first().map_or(0, Groups::count) as u64,
        standings,
        elo,
        timing,
        forfeits,
    }
}

/// A sequential probability ratio test of the first of two contenders: is it `elo0` or
/// `elo1` stronger than the second? Decided at a false-positive and a false-negative rate of
/// 5%.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    /// The Elo of the null hypothesis.
    pub elo0: f64,
    /// The Elo of the alternative.
    pub elo1: f64,
}

/// What a [`Sprt`] says so far.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtState {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The bound below which the test accepts `elo0`.
    pub lower: f64,
    /// The bound above which the test accepts `elo1`.
    pub upper: f64,
    /// `Some(true)`: accepts `elo1`; `Some(false)`: accepts `elo0`; `None`: not yet.
    pub accepts_elo1: Option<bool>,
}

impl Sprt {
    /// The error rates: 5% each way.
    const ALPHA: f64 = 0.05;
    const BETA: f64 = 0.05;

    /// The test over `records`' groups (the share of each group's games the first contender
    /// won), by the normal approximation of the generalised SPRT that fishtest uses: the LLR
    /// of the groups' mean under the two hypotheses, with the variance the groups show.
    pub fn state(&self, records: &[GameRecord]) -> SprtState {
        self.state_of(&Groups::of(records, 0).shares())
    }

    /// The test over the groups' shares of games won by the first contender, in order.
    pub(crate) fn state_of(&self, xs: &[f64]) -> SprtState {
        let lower = (Self::BETA / (1.0 - Self::ALPHA)).ln();
        let upper = ((1.0 - Self::BETA) / Self::ALPHA).ln();
        let n = xs.len() as f64;
        let (mean, se) = mean_se(xs);
        let var = se * se * n;
        let llr = if xs.len() < 2 || var <= 0.0 {
            0.0
        } else {
            let (s0, s1) = (share_of(self.elo0), share_of(self.elo1));
            n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
        };
        let accepts_elo1 = if llr >= upper {
            Some(true)
        } else if llr <= lower {
            Some(false)
        } else {
            None
        };
        SprtState {
            llr,
            lower,
            upper,
            accepts_elo1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(group: u64, winner: usize) -> GameRecord {
        GameRecord {
            index: 0,
            group,
            seating: vec![0, 1],
            winner,
            scores: vec![0, 0],
            skunk: None,
            forfeit: None,
            points: vec![vec![Points::default(); 2]; 2],
            timing: vec![Timing::default(); 2],
            deals: Vec::new(),
        }
    }

    /// Games by their group and winner, in order.
    fn games(played: &[(u64, usize)]) -> Vec<GameRecord> {
        played.iter().map(|&(g, w)| record(g, w)).collect()
    }

    /// Worked by hand: 3 groups of two games, won 2, 1 and 1 by the first contender: shares
    /// 1, 0.5, 0.5, mean 2/3, standard error sqrt(1/12 / 3) = 1/6.
    #[test]
    fn errors_are_over_groups() {
        let records = games(&[(0, 0), (0, 0), (1, 0), (1, 1), (2, 1), (2, 0)]);
        let s = summarise(&records, 2, 2);
        assert_eq!((s.games, s.groups, s.standings[0].wins), (6, 3, 4));
        assert!((s.standings[0].share - 2.0 / 3.0).abs() < 1e-12);
        assert!((s.standings[0].share_se - 1.0 / 6.0).abs() < 1e-12);
        // Two thirds of the games is 120 Elo: 400 log10(2).
        assert!((s.elo.unwrap().diff - 400.0 * 2f64.log10()).abs() < 1e-9);
    }

    /// Those three groups counted as chess testers count pentanomials: the first contender won
    /// both games of one group, split two and lost both of none; the second's counts are the
    /// mirror.
    #[test]
    fn outcomes_count_each_group_by_games_won() {
        let records = games(&[(0, 0), (0, 0), (1, 0), (1, 1), (2, 1), (2, 0)]);
        let s = summarise(&records, 2, 2);
        assert_eq!(s.standings[0].outcomes, vec![0, 2, 1]);
        assert_eq!(s.standings[1].outcomes, vec![1, 2, 0]);
        // A group of three games: counted by what it holds, the size the largest group's.
        let three: Vec<GameRecord> = games(&[(0, 2), (0, 0), (0, 2), (1, 1), (1, 1), (1, 1)])
            .into_iter()
            .map(|r| GameRecord {
                points: vec![vec![Points::default(); 3]; 3],
                ..r
            })
            .collect();
        let s = summarise(&three, 3, 2);
        assert_eq!(s.standings[2].outcomes, vec![1, 0, 1, 0]);
        assert_eq!(s.standings[1].outcomes, vec![1, 0, 0, 1]);
        assert!(summarise(&[], 2, 2).standings[0].outcomes == vec![0]);
    }

    /// Elo and share are inverses; 50% is 0.
    #[test]
    fn elo_round_trips() {
        for elo in [-300.0, -35.5, 0.0, 10.0, 400.0] {
            assert!((elo_of(share_of(elo)) - elo).abs() < 1e-9);
        }
        assert_eq!(elo_of(0.5), 0.0);
    }

    /// A player that wins every group's games 3 times in 4 passes a test of 0 against 50 Elo
    /// soon; one that wins half fails a test of 50 against 100.
    #[test]
    fn the_sprt_decides() {
        let games: Vec<GameRecord> = (0..400)
            .map(|i| record(i / 2, usize::from(i % 4 == 3)))
            .collect();
        let state = Sprt {
            elo0: 0.0,
            elo1: 50.0,
        }
        .state(&games);
        assert_eq!(state.accepts_elo1, Some(true), "{state:?}");
        let even: Vec<GameRecord> = (0..400)
            .map(|i| record(i / 2, usize::from(i % 4 >= 2)))
            .collect();
        let state = Sprt {
            elo0: 50.0,
            elo1: 100.0,
        }
        .state(&even);
        assert_eq!(state.accepts_elo1, Some(false), "{state:?}");
    }
}
