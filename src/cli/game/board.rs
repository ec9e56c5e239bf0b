//! The cribbage board of `crib game` as lines of text: one track a side, with a front peg (the
//! score) and a back peg (the score before the last points), to 121 or 61, fitting 80 columns.

use crate::cli::output;

/// Cells across a track.
const CELLS: u32 = 60;

/// Holes a cell of the track stands for: two in a game to 121, one in a game to 61.
fn step(target: u32) -> u32 {
    if target > 61 { 2 } else { 1 }
}

/// The pegs on the board, by side.
#[derive(Debug, Clone)]
pub struct Board {
    /// Each side's name, as drawn.
    pub names: Vec<String>,
    /// The game hole.
    pub target: u32,
    /// Each side's front peg: its score.
    pub front: Vec<u32>,
    /// Each side's back peg: its score before its last points.
    pub back: Vec<u32>,
}

impl Board {
    /// A board with every peg home. Names are cut to 13 characters, so that a line fits 80
    /// columns.
    pub fn new(names: Vec<String>, target: u32) -> Board {
        let sides = names.len();
        let names: Vec<String> = names.iter().map(|n| n.chars().take(13).collect()).collect();
        Board {
            names,
            target,
            front: vec![0; sides],
            back: vec![0; sides],
        }
    }

    /// Move the pegs to `scores`: a side that scored leapfrogs its back peg.
    pub fn peg(&mut self, scores: &[u32]) {
        for (side, &score) in scores.iter().enumerate() {
            if score != self.front[side] {
                self.back[side] = if score < self.front[side] {
                    0
                } else {
                    self.front[side]
                };
                self.front[side] = score;
            }
        }
    }

    /// The board, a line a side and a scale: `you  |···o··●···|  47`.
    pub fn lines(&self) -> Vec<String> {
        let width = self
            .names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(3);
        let mut lines: Vec<String> = self
            .names
            .iter()
            .enumerate()
            .map(|(side, name)| {
                // Padded before it is made bold: colour codes take no columns.
                format!(
                    "{name:<width$} {} {}",
                    self.track(side),
                    output::bold(format!("{:>3}", self.front[side]))
                )
            })
            .collect();
        let step = step(self.target);
        let mut scale = String::new();
        for mark in (0..=self.target).step_by((step * 10) as usize) {
            // Column 0 is the track's opening bar; hole h is in cell (h - 1) / step after it.
            let at = if mark == 0 {
                0
            } else {
                ((mark - 1) / step + 1) as usize
            };
            while scale.chars().count() < at {
                scale.push(' ');
            }
            scale.push_str(&mark.to_string());
        }
        lines.push(format!("{:width$} {scale}", ""));
        lines
    }

    /// One side's track: a cell for every `step` holes, the pegs in theirs.
    fn track(&self, side: usize) -> String {
        let ascii = output::style().ascii;
        let (hole, back, front, end) = if ascii {
            ('.', 'o', '#', '|')
        } else {
            ('·', '○', '●', '│')
        };
        let step = step(self.target);
        // Sixty cells: the game hole shares the last with the holes before it.
        let cells = CELLS;
        let cell = |score: u32| ((score.saturating_sub(1) / step) as usize).min(CELLS as usize - 1);
        let mut track: Vec<char> = vec![hole; cells as usize];
        if self.back[side] > 0 {
            track[cell(self.back[side])] = back;
        }
        if self.front[side] > 0 {
            track[cell(self.front[side])] = front;
        }
        let mut text = String::new();
        text.push(end);
        for c in track {
            if c == front && output::style().color {
                text.push_str(&output::bold(c));
            } else {
                text.push(c);
            }
        }
        text.push(end);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pegs_leapfrog_and_fit_80_columns() {
        let mut board = Board::new(vec!["you".into(), "crib".into()], 121);
        board.peg(&[8, 0]);
        board.peg(&[20, 5]);
        assert_eq!(board.front, vec![20, 5]);
        assert_eq!(board.back, vec![8, 0]);
        for line in board.lines() {
            assert!(line.chars().count() <= 80, "{line}");
        }
        let long = "Christopher Columbus & partner".to_owned();
        for target in [61, 121] {
            let mut board = Board::new(vec![long.clone(), "opponents".into()], target);
            board.peg(&[target, target - 1]);
            assert!(
                board.lines().iter().all(|l| l.chars().count() <= 80),
                "{:?}",
                board.lines()
            );
        }
    }
}
