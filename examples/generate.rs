//! Regenerate crib's generated data: `cargo run --release --example generate`.
//!
//! Writes `src/generated/expert_crib.rs`, the expert crib model, by iterated best response over
//! every six-card deal (see `src/expert.rs`); `src/generated/kept_hands.rs`, how often its
//! players keep each hand of four ranks; and `src/generated/pegging.rs`, the pegging table
//! (see `src/pegging.rs`), which rests on the kept hands. `-- pegging` regenerates the pegging
//! table alone, from the committed kept hands. `-- odds` writes `src/generated/odds.rs`, the
//! chance of winning from every position (see `src/game.rs`), from the committed models: run it
//! after the others. The output is the same byte for byte on every run.

use std::path::Path;
use std::time::Instant;

fn main() -> std::io::Result<()> {
    let start = Instant::now();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let only = std::env::args().nth(1);
    if only.as_deref() == Some("odds") {
        return odds(start);
    }
    let only_pegging = only.as_deref() == Some("pegging");
    if !only_pegging {
        eprintln!("expert crib model: iterated best response over 20,358,520 deals");
        let model = crib::expert::generate(|round, change, averaged| {
            eprintln!(
                "  round {round}: largest change {change:.6}{} ({:.1} s)",
                if averaged { ", averaged" } else { "" },
                start.elapsed().as_secs_f64()
            );
        });
        let path = root.join(crib::expert::GENERATED_PATH);
        std::fs::write(&path, crib::expert::render(&model))?;
        eprintln!(
            "wrote {} after {} rounds in {:.1} s",
            path.display(),
            model.rounds,
            start.elapsed().as_secs_f64()
        );
        let kept = crib::expert::kept_hands(&model.state.tables);
        let path = root.join(crib::expert::KEPT_PATH);
        std::fs::write(&path, crib::expert::render_kept_hands(&kept))?;
        eprintln!(
            "wrote {} in {:.1} s in all",
            path.display(),
            start.elapsed().as_secs_f64()
        );
        if kept != crib::expert::committed_kept_hands().map(<[u64]>::to_vec) {
            eprintln!(
                "the kept hands changed: build again and run `-- pegging` for the pegging table, \
                 which the build reads them from"
            );
            return Ok(());
        }
    }
    eprintln!("pegging table: crib's engine on both sides, every pair of hands");
    let table = crib::pegging::generate();
    let path = root.join(crib::pegging::GENERATED_PATH);
    std::fs::write(&path, crib::pegging::render(&table))?;
    eprintln!(
        "wrote {} in {:.1} s in all: build again and run `-- odds` for the odds, which rest on it",
        path.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The odds of winning from every position, from the committed models.
fn odds(start: Instant) -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    eprintln!(
        "odds: {} deals of the stream {} played by crib's players",
        crib::game::DEALS,
        crib::game::SEED
    );
    let deals = crib::game::sample_deals(crib::game::SEED, crib::game::DEALS);
    eprintln!("odds: dealt in {:.1} s", start.elapsed().as_secs_f64());
    let odds = crib::game::solve(&deals);
    let path = root.join(crib::game::GENERATED_PATH);
    std::fs::write(&path, crib::game::render(&odds, &deals))?;
    eprintln!(
        "wrote {} in {:.1} s in all",
        path.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
