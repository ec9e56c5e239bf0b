//! Generation split across processes: `cargo xtask tables odds odds34 --shard K/N` deals shard K
//! of N of each named step's sample and writes it to its own file; `--merge N` reads the N
//! files back and writes the same tables, byte for byte, as one unsplit run. Every deal of a
//! sample is its own stream of crib's generator, so a deal comes out the same whichever
//! process deals it: shard K deals the deals numbered K - 1, K - 1 + N, K - 1 + 2N, …

use std::path::{Path, PathBuf};
use std::time::Instant;

/// One process's share of a sample: shard `k` (from 1) of `n`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// This shard, from 1.
    pub k: u64,
    /// How many shards the sample is split into.
    pub n: u64,
}

impl Shard {
    /// Read `K/N` (1 ≤ K ≤ N).
    pub fn parse(text: &str) -> Option<Shard> {
        let (k, n) = text.split_once('/')?;
        let (k, n) = (k.parse().ok()?, n.parse().ok()?);
        (1..=n).contains(&k).then_some(Shard { k, n })
    }

    /// The numbers of the deals this shard deals, of `count` in all, in order.
    pub fn numbers(self, count: u64) -> Vec<u64> {
        (self.k - 1..count).step_by(self.n as usize).collect()
    }

    /// The file this shard of `part` (a step's sample) is written to, in `dir`.
    pub fn path(self, dir: &Path, part: &str) -> PathBuf {
        dir.join(format!("{part}.{}-of-{}.bin", self.k, self.n))
    }

    /// All `n` shards, in order.
    pub fn all(n: u64) -> impl Iterator<Item = Shard> {
        (1..=n).map(move |k| Shard { k, n })
    }
}

/// The deals of `n` shards back in the order one unsplit run deals them: deal `i` is deal
/// `i / n` of shard `i % n + 1`. `None` if the shards' sizes are not those of one sample
/// (a shard missing deals, or one from another split).
pub fn merge<T>(shards: Vec<Vec<T>>) -> Option<Vec<T>> {
    let n = shards.len();
    let total: usize = shards.iter().map(Vec::len).sum();
    let fits = shards
        .iter()
        .enumerate()
        .all(|(k, s)| s.len() == (total + n - 1 - k) / n);
    if n == 0 || !fits {
        return None;
    }
    let mut iters: Vec<_> = shards.into_iter().map(Vec::into_iter).collect();
    Some(
        (0..total)
            .filter_map(|i| iters[i % n].next())
            .collect::<Vec<T>>(),
    )
}

/// How a run deals the sampled steps.
#[derive(Debug, Clone, Copy)]
pub enum Split {
    /// All of each sample, in this process.
    Whole,
    /// One shard of each sample, written to its own file.
    Shard(Shard),
    /// The samples read back from `N` shards' files.
    Merge(u64),
}

/// The sample `part` of `count` deals: dealt whole, or one shard of it dealt and written
/// (`None`: no table is made from a shard), or read back from the shards and merged.
pub fn sample<T>(
    split: Split,
    dir: &Path,
    part: &str,
    count: u64,
    deal: impl Fn(&[u64]) -> Vec<T>,
    encode: impl Fn(&[T]) -> Vec<u8>,
    decode: impl Fn(&[u8]) -> Vec<T>,
) -> std::io::Result<Option<Vec<T>>> {
    let start = Instant::now();
    match split {
        Split::Whole => Ok(Some(deal(&(0..count).collect::<Vec<_>>()))),
        Split::Shard(shard) => {
            let deals = deal(&shard.numbers(count));
            std::fs::create_dir_all(dir)?;
            let path = shard.path(dir, part);
            std::fs::write(&path, encode(&deals))?;
            eprintln!(
                "wrote {} ({:.1} s)",
                path.display(),
                start.elapsed().as_secs_f64()
            );
            Ok(None)
        }
        Split::Merge(n) => {
            let parts = Shard::all(n)
                .map(|shard| {
                    let path = shard.path(dir, part);
                    let bytes = std::fs::read(&path).map_err(|err| {
                        std::io::Error::other(format!("{}: {err}", path.display()))
                    })?;
                    Ok(decode(&bytes))
                })
                .collect::<std::io::Result<Vec<_>>>()?;
            let merged = merge(parts).filter(|m| m.len() as u64 == count);
            let broken = || {
                std::io::Error::other(format!(
                    "the {n} shards of {part} are not one sample of {count} deals"
                ))
            };
            merged.map(Some).ok_or_else(broken)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_cover_every_deal_once_and_merge_in_order() {
        for n in 1..5u64 {
            for count in [0u64, 1, 7, 12] {
                let parts: Vec<Vec<u64>> = Shard::all(n).map(|s| s.numbers(count)).collect();
                assert_eq!(merge(parts).unwrap(), (0..count).collect::<Vec<_>>());
            }
        }
        assert_eq!(merge(vec![vec![0u64, 2], vec![]]), None);
        assert_eq!(merge::<u64>(vec![]), None);
    }

    #[test]
    fn shards_are_read_as_k_of_n() {
        assert_eq!(Shard::parse("2/3"), Some(Shard { k: 2, n: 3 }));
        for bad in ["0/2", "3/2", "1", "a/2", "1/0", "-1/2"] {
            assert_eq!(Shard::parse(bad), None, "{bad}");
        }
    }
}
