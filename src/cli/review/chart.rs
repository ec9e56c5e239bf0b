//! The chance of winning deal by deal, as `crib review --plot FILE` draws it: the games one
//! after another, each inaccuracy, mistake and blunder marked in its deal.

use std::path::Path;

use crib::coach::Label;

use super::Report;
use crate::cli::chart::{Chart, Marks};

/// Write the chart of `report`'s games to `path`.
pub fn write_svg(path: &Path, report: &Report) -> anyhow::Result<()> {
    let mut line: Vec<(f64, f64)> = Vec::new();
    let mut dividers: Vec<f64> = Vec::new();
    // Where each deal sits on x, and the chance at its start.
    let mut deals: Vec<(usize, f64, f64)> = Vec::new();
    let mut x = 0.0;
    for account in &report.accounts {
        if x > 0.0 {
            dividers.push(x);
        }
        for (deal, swing) in &account.deals {
            line.push((x, 100.0 * swing.before));
            deals.push((*deal, x, 100.0 * swing.before));
            x += 1.0;
        }
        line.push((x, 100.0 * account.end()));
    }
    let marks = |label: Label, color: (u8, u8, u8), size: i32| Marks {
        name: label.name(),
        color,
        size,
        points: report
            .decisions
            .iter()
            .filter(|g| g.label == Some(label))
            .filter_map(|g| deals.iter().find(|d| d.0 == g.deal))
            .map(|&(_, x, y)| (x + 0.5, y))
            .collect(),
    };
    Chart {
        title: format!("{}: the chance of winning, deal by deal", report.player),
        axes: ("deals", "chance of winning, %"),
        y: (0.0, 100.0),
        line,
        dividers,
        marks: vec![
            marks(Label::Inaccuracy, (230, 160, 0), 4),
            marks(Label::Mistake, (230, 90, 0), 5),
            marks(Label::Blunder, (220, 0, 0), 6),
        ],
    }
    .write_svg(path)
}
