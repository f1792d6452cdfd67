//! How the ranks of a distributed solve talk: a bulk-synchronous all-to-all
//! exchange of 64-bit words and a global sum, and [`LocalTransport`], its
//! in-process implementation (ranks as threads), on which the distributed
//! engine is tested. An MPI implementation of the same trait runs the
//! engine across machines.

use grundy_core::error::{Error, Result};
use std::sync::{Arc, Barrier, Mutex};

/// The collective operations the distributed solve needs. Every rank calls
/// the same operations in the same order (they are collective: a rank
/// returns only when all ranks have called).
pub trait Transport {
    /// This rank, `0..size`.
    fn rank(&self) -> usize;
    /// Number of ranks.
    fn size(&self) -> usize;
    /// Sends `outbox[r]` to rank `r` (for every `r`, this rank included)
    /// and returns what every rank sent to this one, concatenated in rank
    /// order.
    ///
    /// # Errors
    /// A failed exchange (a rank gone).
    fn all_to_all(&mut self, outbox: Vec<Vec<u64>>) -> Result<Vec<u64>>;
    /// The sum of `value` over all ranks, on every rank.
    ///
    /// # Errors
    /// As [`Transport::all_to_all`].
    fn all_sum(&mut self, value: u64) -> Result<u64>;
}

struct Shared {
    size: usize,
    barrier: Barrier,
    /// `mail[to][from]`.
    mail: Mutex<Vec<Vec<Vec<u64>>>>,
    sums: Mutex<Vec<u64>>,
}

/// One rank of a group of ranks in one process, each run on its own
/// thread ([`LocalTransport::group`]).
pub struct LocalTransport {
    rank: usize,
    shared: Arc<Shared>,
}

impl LocalTransport {
    /// `size` connected ranks, to be moved to one thread each.
    pub fn group(size: usize) -> Vec<LocalTransport> {
        let shared = Arc::new(Shared {
            size,
            barrier: Barrier::new(size),
            mail: Mutex::new(vec![vec![Vec::new(); size]; size]),
            sums: Mutex::new(vec![0; size]),
        });
        (0..size)
            .map(|rank| LocalTransport {
                rank,
                shared: Arc::clone(&shared),
            })
            .collect()
    }
}

fn poisoned() -> Error {
    Error::CheckFailed {
        what: "distributed solve".into(),
        reason: "another rank failed".into(),
    }
}

impl Transport for LocalTransport {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.shared.size
    }

    fn all_to_all(&mut self, outbox: Vec<Vec<u64>>) -> Result<Vec<u64>> {
        {
            let mut mail = self.shared.mail.lock().map_err(|_| poisoned())?;
            for (to, words) in outbox.into_iter().enumerate() {
                mail[to][self.rank] = words;
            }
        }
        self.shared.barrier.wait();
        let inbox = {
            let mut mail = self.shared.mail.lock().map_err(|_| poisoned())?;
            mail[self.rank]
                .iter_mut()
                .flat_map(std::mem::take)
                .collect()
        };
        self.shared.barrier.wait();
        Ok(inbox)
    }

    fn all_sum(&mut self, value: u64) -> Result<u64> {
        self.shared.sums.lock().map_err(|_| poisoned())?[self.rank] = value;
        self.shared.barrier.wait();
        let s = self
            .shared
            .sums
            .lock()
            .map_err(|_| poisoned())?
            .iter()
            .sum();
        self.shared.barrier.wait();
        Ok(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_to_all_delivers_in_rank_order() {
        let handles: Vec<_> = LocalTransport::group(3)
            .into_iter()
            .map(|mut t| {
                std::thread::spawn(move || {
                    let me = t.rank() as u64;
                    let out = (0..3).map(|to| vec![me * 10 + to]).collect();
                    let got = t.all_to_all(out).unwrap();
                    let sum = t.all_sum(me + 1).unwrap();
                    (got, sum)
                })
            })
            .collect();
        for (r, h) in handles.into_iter().enumerate() {
            let (got, sum) = h.join().unwrap();
            let r = r as u64;
            assert_eq!(got, vec![r, 10 + r, 20 + r]);
            assert_eq!(sum, 6);
        }
    }
}
