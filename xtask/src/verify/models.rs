//! The expert crib models, derived again: the two-player model's last round done again from the
//! state it answered (and one round more), the hands its players keep tallied again, its cribs
//! against whole deals; the models of three and four players generated again from nothing; the
//! reading model fitted again, and measured on deals it was not fitted to; the hands players of
//! three and four keep, tallied again.

use crate::generate::expert::{TOLERANCE, largest_change, last_round_again, next_round};
use crate::generate::kept::{tally, tally_players};
use crate::generate::simulate::simulate;
use crib::tables::model::Models;
use crib::tables::model::expert::{DEALS, Model};
use crib::tables::model::expert_one_card::OneCardModel;
use crib::tables::model::kept::KeptHands;
use crib::tables::rules::seat::Players;
use crib::tables::rules::seat::Seat;

use super::{Outcome, ensure, ensure_eq};
use crate::{files, render};

fn model() -> &'static Model {
    &Models::committed().expert
}

/// The two-player expert model: regenerated, a fixed point, its kept hands, its cribs.
pub fn expert() -> Outcome {
    regenerated()?;
    fixed_point()?;
    kept_hands()?;
    table_means()
}

/// The committed data is what the code makes: the last round, done again from the state it
/// answered, gives the committed model to the last bit. (The whole iteration, from the uniform
/// model, is `cargo xtask tables expert`; it makes the same file byte for byte.)
fn regenerated() -> Outcome {
    let m = model();
    ensure!(
        last_round_again(m) == m.state,
        "the last round, done again, is not the committed model"
    );
    ensure!(
        m.rounds > 1 && largest_change(m.tables(), &m.previous.tables) <= TOLERANCE,
        "the committed model did not settle"
    );
    // Every round's throws cover every deal once: the averaged rounds and the round before.
    let rounds = u64::from(m.rounds - m.averaged_from + 2);
    for counts in [&m.state.throws.dealer, &m.state.throws.pone] {
        ensure_eq!(counts.iter().sum::<u64>(), DEALS * rounds);
    }
    Ok(())
}

/// The model is a fixed point: one more round changes no value by more than the tolerance.
fn fixed_point() -> Outcome {
    let next = next_round(model());
    let change = largest_change(next.tables(), model().tables());
    ensure!(
        change <= TOLERANCE,
        "one more round moves a value by {change}"
    );
    Ok(())
}

/// How often the model's players keep each hand of four ranks: made again from the committed
/// model's tables, to the count.
fn kept_hands() -> Outcome {
    let kept = tally(model().tables());
    ensure!(
        kept == KeptHands::committed(),
        "the kept hands tallied again are not the committed ones"
    );
    for seat in [Seat::PONE, Seat::DEALER] {
        ensure_eq!(kept.of(seat).iter().sum::<u64>(), DEALS);
    }
    Ok(())
}

/// Each table's mean, weighted by how often the seat throws each kind, is the mean crib of the
/// model's play: exactly the mean, over every deal, of the crib value of the throw made in it,
/// valued as `crib discard` values it (the other side's throw drawn from the model, restricted
/// to the cards not in the thrower's six).
///
/// A simulation of whole deals, both hands dealt from one deck, measures the crib those throws
/// really make: 4.784 ± 0.005 against table means of 4.725 (dealer) and 4.691 (pone). What is
/// left is the other side's throw depending on the thrower's hand beyond which cards it can
/// hold. The bound is loose enough for that and tight enough to fail tables that ignore the
/// thrower's hand altogether (their means were 4.58 and 4.59).
fn table_means() -> Outcome {
    let m = model();
    let sim = simulate(m.tables(), 400_000, 2024);
    for seat in [Seat::DEALER, Seat::PONE] {
        let table = m.table(seat);
        let (sums, counts) = if seat == Seat::DEALER {
            (&m.state.sums.dealer, &m.state.throws.dealer)
        } else {
            (&m.state.sums.pone, &m.state.throws.pone)
        };
        // Exactly the mean over every deal of the crib value of the throw made in it.
        let direct = sums.iter().sum::<u128>() as f64
            / (1u64 << 40) as f64
            / counts.iter().sum::<u64>() as f64;
        ensure!(
            (table.mean() - direct).abs() < 1e-9,
            "{seat:?}: table mean {} against {direct}",
            table.mean()
        );
        let (mean, se) = sim.crib;
        eprintln!(
            "  {seat:?}: table mean {:.4}, whole deals {mean:.4} ± {se:.4}",
            table.mean()
        );
        ensure!(
            (table.mean() - mean).abs() < 0.12 + 4.0 * se,
            "{seat:?}: table mean {:.4} against whole deals {mean:.4} ± {se:.4}",
            table.mean()
        );
    }
    Ok(())
}

/// The expert crib models of three and four players are generated again, every round of the
/// iteration, and rendered byte for byte as committed.
pub fn expert34() -> Outcome {
    let mut last = [0.0; 2];
    let [three, four] = [3, 4].map(|players| {
        crate::generate::expert34::generate(players, |_, change| last[players - 3] = change)
    });
    ensure!(
        last.iter()
            .all(|&change| change <= crate::generate::expert34::TOLERANCE),
        "the iterations ended with changes {last:?}"
    );
    let committed = crate::committed_text(files::EXPERT34);
    ensure!(
        render::expert34(&three, &four) == committed,
        "{}",
        crate::REGENERATE
    );
    ensure!(
        &three == OneCardModel::committed(Players::THREE),
        "three players differ"
    );
    ensure!(
        &four == OneCardModel::committed(Players::FOUR),
        "four players differ"
    );
    Ok(())
}

/// The hands players of three and four keep, tallied again in full from the committed models:
/// the committed file to the byte, and every seat's tally counts every deal of five cards once.
pub fn kept_five() -> Outcome {
    let models = Models::committed();
    let [three, four] =
        [Players::THREE, Players::FOUR].map(|players| tally_players(models, players));
    for seat in three.iter().chain(&four) {
        ensure_eq!(seat.iter().sum::<u64>(), 2_598_960);
    }
    ensure!(
        render::kept_five(&three, &four) == crate::committed_text(files::KEPT_FIVE),
        "{}",
        crate::REGENERATE
    );
    Ok(())
}

/// The reading model is fitted again from its deals and rendered byte for byte as committed,
/// and on deals of another stream it predicts crib's expert's play better than the uniform
/// model does (lower log-loss), and a random player's no worse than 0.25 nats a decision.
pub fn reading() -> Outcome {
    use crate::generate::reading::{against_expert, log_loss, render};
    use crib::tables::players::level::Level;
    use crib::tables::search::reading::ReadingModel;
    let start = std::time::Instant::now();
    let model = crate::steps::reading(start, Models::committed());
    ensure!(
        render(&model) == crate::committed_text(files::READING),
        "{}",
        crate::REGENERATE
    );
    let models = Models::committed();
    let held_out = 0x4845_4C44;
    for (level, margin) in [(Level::Expert, 0.0), (Level::Random, -0.25)] {
        let ds = against_expert(models, level, [held_out; 2], 300);
        let (read, uniform) = (log_loss(&model, &ds), log_loss(&ReadingModel::UNIFORM, &ds));
        ensure!(
            uniform - read > margin,
            "{level}: log-loss {read:.4} against the uniform model's {uniform:.4}"
        );
    }
    Ok(())
}
