//! The chance of winning deal by deal: a sparkline for the terminal, and an SVG chart with the
//! mistakes marked (`crib review --plot FILE`).

use std::path::Path;

use anyhow::Context;
use plotters::prelude::*;

use crib::game::Label;

use super::Report;
use crate::cli::output;

/// Chances from 0 to 1 as a line of eighth blocks (in ASCII, digits 0 to 9 for tenths).
pub fn sparkline(chances: &[f64]) -> String {
    const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    chances
        .iter()
        .map(|&p| {
            let p = p.clamp(0.0, 1.0);
            if output::style().ascii {
                char::from(b'0' + ((p * 10.0) as u8).min(9))
            } else {
                BLOCKS[((p * 8.0) as usize).min(7)]
            }
        })
        .collect()
}

/// Write the chart of `report`'s games to `path`: the reviewed player's chance at each deal's
/// start, the games one after another, each mistake and blunder marked in its deal.
pub fn write_svg(path: &Path, report: &Report) -> anyhow::Result<()> {
    let svg = svg(report).map_err(|e| anyhow::anyhow!("could not draw the chart: {e}"))?;
    std::fs::write(path, svg).with_context(|| format!("could not write {}", path.display()))
}

fn svg(report: &Report) -> Result<String, Box<dyn std::error::Error>> {
    let mut points: Vec<(f64, f64)> = Vec::new();
    let mut starts: Vec<f64> = Vec::new();
    let mut x = 0.0;
    for account in &report.accounts {
        starts.push(x);
        for (_, swing) in &account.deals {
            points.push((x, 100.0 * swing.before));
            x += 1.0;
        }
        points.push((x, 100.0 * account.end()));
    }
    let deal_x = |deal: usize| -> f64 {
        let mut x = 0.0;
        for account in &report.accounts {
            for (d, _) in &account.deals {
                if *d == deal {
                    return x + 0.5;
                }
                x += 1.0;
            }
        }
        x
    };
    let marks = |label: Label| -> Vec<(f64, f64)> {
        report
            .decisions
            .iter()
            .filter(|g| g.label == Some(label))
            .map(|g| {
                let at = deal_x(g.deal);
                let before = points
                    .iter()
                    .rev()
                    .find(|p| p.0 <= at)
                    .map_or(50.0, |p| p.1);
                (at, before)
            })
            .collect()
    };
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (720, 360)).into_drawing_area();
        root.fill(&WHITE)?;
        let title = format!("{}: the chance of winning, deal by deal", report.player);
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(32)
            .y_label_area_size(44)
            .build_cartesian_2d(0f64..x.max(1.0), 0f64..100f64)?;
        chart
            .configure_mesh()
            .x_desc("deals")
            .y_desc("chance of winning, %")
            .draw()?;
        for &start in starts.iter().skip(1) {
            chart.draw_series(LineSeries::new(
                [(start, 0.0), (start, 100.0)],
                BLACK.mix(0.3),
            ))?;
        }
        chart.draw_series(LineSeries::new(
            points.iter().copied(),
            BLUE.stroke_width(2),
        ))?;
        let styles = [
            (Label::Inaccuracy, RGBColor(230, 160, 0), 4),
            (Label::Mistake, RGBColor(230, 90, 0), 5),
            (Label::Blunder, RED, 6),
        ];
        for (label, color, size) in styles {
            chart
                .draw_series(
                    marks(label)
                        .into_iter()
                        .map(|(x, y)| Circle::new((x, y), size, color.filled())),
                )?
                .label(label.name())
                .legend(move |(x, y)| Circle::new((x, y), size, color.filled()));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK.mix(0.3))
            .draw()?;
        root.present()?;
    }
    Ok(text)
}
