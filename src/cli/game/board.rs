//! The cribbage board of `crib game` as lines of text: one track a side, with a front peg (the
//! score) and a back peg (the score before the last points), to 121 or 61, fitting 80 columns.

use crate::cli::output;

/// Cells across a track, at most.
const CELLS: u32 = 60;

/// Holes a cell of a track of at most `cells` cells stands for: two in a game to 121 and one
/// in a game to 61 on a screen of 80 columns, more on a narrower one.
fn step(target: u32, cells: u32) -> u32 {
    (target - 1).div_ceil(cells.max(1)).max(1)
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

    /// The board, a line a side and a scale: `you  |···o··●···|  47`, fitting the screen.
    pub fn lines(&self) -> Vec<String> {
        self.lines_in(output::width())
    }

    /// The board in `columns` columns: the track as long as fits, up to [`CELLS`] cells.
    pub fn lines_in(&self, columns: usize) -> Vec<String> {
        let width = self
            .names
            .iter()
            .map(|n| n.chars().count())
            .max()
            .unwrap_or(3);
        // The name, a space, the track between its bars, a space, the score.
        let room = columns.saturating_sub(width + 1 + 2 + 1 + 3);
        let cells = (room as u32).clamp(10, CELLS);
        let mut lines: Vec<String> = self
            .names
            .iter()
            .enumerate()
            .map(|(side, name)| {
                // Padded before it is made bold: colour codes take no columns.
                format!(
                    "{name:<width$} {} {}",
                    self.track(side, cells),
                    output::bold(format!("{:>3}", self.front[side]))
                )
            })
            .collect();
        let step = step(self.target, cells);
        // A mark every ten cells, on a round number of holes.
        let every = step * 10;
        let mut scale = String::new();
        for mark in (0..=self.target).step_by(every as usize) {
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

    /// One side's track of at most `cells` cells: a cell for every `step` holes, the pegs in
    /// theirs.
    fn track(&self, side: usize, cells: u32) -> String {
        let ascii = output::style().ascii;
        let (hole, back, front, end) = if ascii {
            ('.', 'o', '#', '|')
        } else {
            ('·', '○', '●', '│')
        };
        let step = step(self.target, cells);
        // The game hole shares the last cell with the holes before it.
        let cells = (self.target - 1).div_ceil(step);
        let cell = |score: u32| ((score.saturating_sub(1) / step) as usize).min(cells as usize - 1);
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
        // Narrower screens get a shorter track, a cell for three holes or more.
        for columns in [40, 60, 79] {
            let lines = board.lines_in(columns);
            assert!(
                lines.iter().all(|l| l.chars().count() <= columns),
                "{lines:?}"
            );
            assert!(lines[2].trim_start().starts_with("0 "), "{lines:?}");
        }
        assert_eq!(board.lines_in(100), board.lines_in(80));
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
