//! Sizing the memo of a solve: its key layout from the loop table (bits
//! of a loop id, tiles of the longest loop), the loads it is sized for and
//! counts as full at, a memo for an expected number of classes, and a
//! larger memo holding a full one's entries.

use super::loop_table::LoopTable;
use super::memo::CompactMemo;

/// Bits of a loop id of `table`.
pub fn loop_bits(table: &LoopTable) -> u32 {
    (usize::BITS - table.len().saturating_sub(1).leading_zeros()).max(1)
}

/// The most tiles of a loop of `table`.
pub fn max_tiles(table: &LoopTable) -> u32 {
    table.loops.iter().map(|l| l.len()).max().unwrap_or(6) as u32
}

/// Load at which a memo counts as full.
pub const MAX_LOAD: f64 = 0.9;
/// Load a memo is sized for.
pub const TARGET_LOAD: f64 = 0.72;

/// A memo for `table` sized for about `classes` classes (never so small
/// that its value field gets fewer than 8 bits). Never fails: a memo that
/// turns out too small is enlarged as it fills.
pub fn memo_for(table: &LoopTable, classes: f64) -> CompactMemo {
    let lb = loop_bits(table);
    let tiles = max_tiles(table);
    let key_bits = lb + tiles;
    let floor = 1u64 << key_bits.saturating_sub(11).min(40);
    let mut slots = ((classes / TARGET_LOAD).ceil() as u64).max(floor).max(1024);
    loop {
        match CompactMemo::new(lb, tiles, slots, MAX_LOAD) {
            Ok(m) => return m,
            Err(_) => slots = slots.saturating_mul(2),
        }
    }
}

/// A memo `factor` times larger holding `old`'s entries.
pub fn grown(table: &LoopTable, old: &CompactMemo, factor: u64) -> CompactMemo {
    let mut m = CompactMemo::new(
        loop_bits(table),
        max_tiles(table),
        old.slots().saturating_mul(factor),
        MAX_LOAD,
    )
    .expect("a larger memo is less sparse");
    if old.has_companions() {
        m = m.with_companions();
    }
    old.copy_into(&m);
    m
}
