//! Regenerate crib's generated data: `cargo run --release --example generate`.
//!
//! Writes `src/generated/expert_crib.rs`, the expert crib model, by iterated best response over
//! every six-card deal (see `src/expert.rs`), and `src/generated/kept_hands.rs`, how often its
//! players keep each hand of four ranks. The output is the same byte for byte on every run.

use std::time::Instant;

fn main() -> std::io::Result<()> {
    let start = Instant::now();
    eprintln!("expert crib model: iterated best response over 20,358,520 deals");
    let model = crib::expert::generate(|round, change, averaged| {
        eprintln!(
            "  round {round}: largest change {change:.6}{} ({:.1} s)",
            if averaged { ", averaged" } else { "" },
            start.elapsed().as_secs_f64()
        );
    });
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(crib::expert::GENERATED_PATH);
    std::fs::write(&path, crib::expert::render(&model))?;
    eprintln!(
        "wrote {} after {} rounds in {:.1} s",
        path.display(),
        model.rounds,
        start.elapsed().as_secs_f64()
    );
    let kept = crib::expert::kept_hands(&model.state.tables);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(crib::expert::KEPT_PATH);
    std::fs::write(&path, crib::expert::render_kept_hands(&kept))?;
    eprintln!(
        "wrote {} in {:.1} s in all",
        path.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
