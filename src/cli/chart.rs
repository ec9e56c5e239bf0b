//! Charts for people: a sparkline for the terminal, and an SVG line chart (plotters) for a file
//! (`crib review --plot`, `crib stats --logs --plot`).

use std::path::Path;

use anyhow::Context;
use plotters::prelude::*;

use super::output;

/// Values from 0 to 1 as a line of eighth blocks (in ASCII, digits 0 to 9 for tenths).
pub fn sparkline(values: &[f64]) -> String {
    const BLOCKS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
    values
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

/// Points marked on a chart, with their name in the legend.
pub struct Marks {
    /// The legend's name.
    pub name: &'static str,
    /// Their colour, red, green and blue.
    pub color: (u8, u8, u8),
    /// Their size, in pixels.
    pub size: i32,
    /// Where.
    pub points: Vec<(f64, f64)>,
}

/// A line chart: one line over x, vertical dividers, and marks.
pub struct Chart {
    /// Its title.
    pub title: String,
    /// What x and y are.
    pub axes: (&'static str, &'static str),
    /// The range of y.
    pub y: (f64, f64),
    /// The line.
    pub line: Vec<(f64, f64)>,
    /// Where x is divided (a new game).
    pub dividers: Vec<f64>,
    /// The marks, each set in its colour.
    pub marks: Vec<Marks>,
}

impl Chart {
    /// Write the chart to `path` as SVG.
    pub fn write_svg(&self, path: &Path) -> anyhow::Result<()> {
        let svg = self
            .svg()
            .map_err(|e| anyhow::anyhow!("could not draw the chart: {e}"))?;
        std::fs::write(path, svg).with_context(|| format!("could not write {}", path.display()))
    }

    fn svg(&self) -> Result<String, Box<dyn std::error::Error>> {
        let right = self.line.iter().map(|p| p.0).fold(1.0, f64::max);
        let left = self.line.iter().map(|p| p.0).fold(right, f64::min).min(0.0);
        let mut text = String::new();
        {
            let root = SVGBackend::with_string(&mut text, (720, 360)).into_drawing_area();
            root.fill(&WHITE)?;
            let mut chart = ChartBuilder::on(&root)
                .caption(&self.title, ("sans-serif", 18))
                .margin(12)
                .x_label_area_size(32)
                .y_label_area_size(44)
                .build_cartesian_2d(left..right, self.y.0..self.y.1)?;
            chart
                .configure_mesh()
                .x_desc(self.axes.0)
                .y_desc(self.axes.1)
                .draw()?;
            for &x in &self.dividers {
                chart.draw_series(LineSeries::new(
                    [(x, self.y.0), (x, self.y.1)],
                    BLACK.mix(0.3),
                ))?;
            }
            chart.draw_series(LineSeries::new(
                self.line.iter().copied(),
                BLUE.stroke_width(2),
            ))?;
            for marks in &self.marks {
                let (r, g, b) = marks.color;
                let color = RGBColor(r, g, b);
                let size = marks.size;
                chart
                    .draw_series(
                        marks
                            .points
                            .iter()
                            .map(|&(x, y)| Circle::new((x, y), size, color.filled())),
                    )?
                    .label(marks.name)
                    .legend(move |(x, y)| Circle::new((x, y), size, color.filled()));
            }
            if !self.marks.is_empty() {
                chart
                    .configure_series_labels()
                    .background_style(WHITE.mix(0.8))
                    .border_style(BLACK.mix(0.3))
                    .draw()?;
            }
            root.present()?;
        }
        Ok(text)
    }
}
