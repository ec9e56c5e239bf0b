//! scratch
fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    let t = std::time::Instant::now();
    let deals = crib::game::sample_deals(1, n);
    eprintln!("{n} deals in {:?}", t.elapsed());
    let mean = |s: usize| deals.iter().map(|d| d.totals[s] as f64).sum::<f64>() / n as f64;
    eprintln!("pone {:.3} dealer {:.3}", mean(0), mean(1));
    let t = std::time::Instant::now();
    let odds = crib::game::solve(&deals);
    eprintln!("solved in {:?}", t.elapsed());
    for (d, p) in [
        (0, 0),
        (60, 60),
        (100, 100),
        (115, 110),
        (120, 120),
        (120, 20),
        (20, 120),
    ] {
        let o = odds.get(d, p);
        eprintln!(
            "{d}-{p}: win {:.4} skunk {:.4} skunked {:.4} pts {:.2} {:.2}",
            o.win, o.skunk_win, o.skunked, o.dealer_points, o.pone_points
        );
    }
}
