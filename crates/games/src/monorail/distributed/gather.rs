//! Bringing every rank's share of the solved classes to rank 0, in
//! exchanges of bounded size.

use super::stores::{memo_records, RankMemo};
use crate::monorail::loop_table::LoopTable;
use crate::monorail::memo::CompactMemo;
use crate::monorail::transport::Transport;
use grundy_core::error::{Error, Result};

/// Most records rank 0 receives in one exchange of [`gather_memo`] from
/// all ranks together (two words each: 1 GiB of words).
pub const GATHER_RECORDS: usize = 1 << 26;

/// Most records one rank sends in one exchange of [`gather_memo`] (64 MiB
/// of words).
pub const GATHER_SEND: usize = 1 << 22;

/// Gathers every rank's classes into one memo on rank 0, in exchanges of
/// at most [`GATHER_RECORDS`] records ([`GATHER_SEND`] from each rank): rank 0 gets the memo of all of
/// them, the others `None`.
///
/// No rank lists its classes: each sends its memo's records in slot order,
/// a batch per exchange, and rank 0 stores them as they come, into a memo
/// sized for the total (its own share copied in first and then freed). So
/// rank 0 holds about one single-process memo, never a list of 16 B a
/// class, and no exchange exceeds MPI's 32-bit counts. The records stored
/// must number the total the ranks announced (a class sent twice is
/// refused).
///
/// # Errors
/// The transport's errors; [`Error::CheckFailed`] for a malformed
/// or missing record.
pub fn gather_memo(
    t: &mut dyn Transport,
    table: &LoopTable,
    mine: CompactMemo,
) -> Result<Option<CompactMemo>> {
    gather_memo_in(t, table, mine, GATHER_RECORDS)
}

/// [`gather_memo`] with at most `records` records to rank 0 per exchange.
pub(super) fn gather_memo_in(
    t: &mut dyn Transport,
    table: &LoopTable,
    mine: CompactMemo,
    records: usize,
) -> Result<Option<CompactMemo>> {
    let bad = |reason: String| Error::CheckFailed {
        what: "distributed monorail solve, gathering".into(),
        reason,
    };
    let size = t.size();
    let total = t.all_sum(mine.len())?;
    let batch = (records / size).clamp(1, GATHER_SEND);
    let mut all = (t.rank() == 0).then(|| {
        let all = RankMemo::new(table, total as f64);
        mine.copy_into(&all.memo);
        all
    });
    let mine = if all.is_some() {
        drop(mine);
        None
    } else {
        Some(mine)
    };
    let mut cursor = 0usize;
    loop {
        let mut outbox = vec![Vec::new(); size];
        if let Some(m) = &mine {
            let mut words = Vec::with_capacity(2 * batch.min(m.len() as usize));
            cursor = memo_records(m, cursor, batch, |k, v| words.extend([k, u64::from(v)]));
            outbox[0] = words;
        }
        let inbox = t.all_to_all(outbox)?;
        if let Some(all) = &mut all {
            if inbox.len() % 2 != 0 {
                return Err(bad("a gathered record is truncated".into()));
            }
            for w in inbox.chunks_exact(2) {
                let v = u16::try_from(w[1])
                    .map_err(|_| bad("a gathered nimber does not fit 16 bits".into()))?;
                all.insert(w[0], v);
            }
        }
        let left = mine
            .as_ref()
            .map_or(0, |m| u64::from((cursor as u64) < m.slots()));
        if t.all_sum(left)? == 0 {
            break;
        }
    }
    match all {
        Some(all) if all.len() != total => Err(bad(format!(
            "the ranks own {total} classes but {} distinct ones were gathered",
            all.len()
        ))),
        Some(all) => Ok(Some(all.memo)),
        None => Ok(None),
    }
}
