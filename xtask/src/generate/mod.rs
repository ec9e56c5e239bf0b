//! The generators of crib's tables: every solver, iteration and encoder that makes what the
//! library reads from `crates/crib/src/generated/`, and the raw samples beside them. The steps
//! of `cargo xtask tables` ([`crate::steps`]) call them in order.

pub mod exclusions;
pub mod expert;
pub mod expert34;
pub mod kept;
pub mod odds;
pub mod odds34;
pub mod odds_board;
pub mod opponents;
pub mod pegging;
pub mod pegging34;
pub mod pegging_smooth;
pub mod plays;
pub mod reading;
pub mod simulate;
pub mod sweep;

/// Solve `a x = b` by Gaussian elimination with partial pivoting (`a` the information matrix,
/// positive definite when the features vary): the reading model's Newton steps, and the least
/// squares of `cargo xtask experiment correction`. A column with no pivot is given nothing.
pub(crate) fn solve<const K: usize>(mut a: [[f64; K]; K], mut b: [f64; K]) -> [f64; K] {
    for col in 0..K {
        let pivot = (col..K)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        if a[col][col].abs() < 1e-300 {
            continue;
        }
        let pivot_row = a[col];
        for row in col + 1..K {
            let factor = a[row][col] / pivot_row[col];
            for (x, p) in a[row].iter_mut().zip(&pivot_row).skip(col) {
                *x -= factor * p;
            }
            b[row] -= factor * b[col];
        }
    }
    let mut x = [0.0; K];
    for row in (0..K).rev() {
        let rest: f64 = (row + 1..K).map(|k| a[row][k] * x[k]).sum();
        x[row] = if a[row][row].abs() < 1e-300 {
            0.0
        } else {
            (b[row] - rest) / a[row][row]
        };
    }
    x
}
