//! The binary formats refuse what grundy did not write: edited content
//! behind a valid zstd checksum, headers that claim more than the file
//! holds, files of the other format.

use grundy::dataset::monorail_positions::{read_table, write_table};
use grundy::dataset::octal::{read_sequence, write_sequence};
use grundy::games::octal::Values;
use std::io::Write;
use std::path::Path;

fn decompress(bytes: &[u8]) -> Vec<u8> {
    zstd::decode_all(bytes).unwrap()
}

/// Recompresses `raw` with a fresh, valid zstd content checksum.
fn recompress(raw: &[u8]) -> Vec<u8> {
    let mut z = zstd::Encoder::new(Vec::new(), 3).unwrap();
    z.include_checksum(true).unwrap();
    z.write_all(raw).unwrap();
    z.finish().unwrap()
}

fn sequence_bytes(values: &[u32]) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_sequence(&mut bytes, "0.77", &Values::from_u32s(values)).unwrap();
    bytes
}

fn err_of<T: std::fmt::Debug>(r: grundy::Result<T>) -> String {
    r.unwrap_err().to_string()
}

#[test]
fn an_edited_value_behind_a_valid_checksum_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("s.bin.zst");
    let values: Vec<u32> = (0..2000).map(|n| (n % 7) as u32).collect();
    let bytes = sequence_bytes(&values);
    std::fs::write(&path, &bytes).unwrap();
    let (code, back) = read_sequence(&path).unwrap();
    assert_eq!(code, "0.77");
    assert_eq!(back.to_u32s(), values);

    // Change G(1500) in the decompressed stream, recompress with a valid
    // checksum: zstd accepts it, the digest must not.
    let mut raw = decompress(&bytes);
    let at = raw.len() - values.len() + 1500;
    assert_eq!(raw[at], (1500 % 7) as u8);
    raw[at] ^= 1;
    std::fs::write(&path, recompress(&raw)).unwrap();
    let e = err_of(read_sequence(&path));
    assert!(e.contains("digest mismatch"), "{e}");
    assert!(e.contains("s.bin.zst"), "{e}");
}

#[test]
fn an_edited_header_field_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("s.bin.zst");
    let bytes = sequence_bytes(&[0, 1, 1, 2, 2, 3]);
    let mut raw = decompress(&bytes);
    // The code text "0.77" sits after magic, version and its u64 length.
    let at = 8 + 4 + 8 + 3;
    assert_eq!(raw[at], b'7');
    raw[at] = b'6';
    std::fs::write(&path, recompress(&raw)).unwrap();
    let e = err_of(read_sequence(&path));
    assert!(e.contains("digest mismatch"), "{e}");
}

#[test]
fn a_table_with_an_edited_nimber_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("t.bin.zst");
    let recs: Vec<(u64, u16)> = (0..5000u64).map(|k| (k * 3, (k % 5) as u16)).collect();
    let mut bytes = Vec::new();
    write_table(&mut bytes, 8, 18, &recs, 3).unwrap();
    std::fs::write(&path, &bytes).unwrap();
    assert_eq!(read_table(&path).unwrap().1, recs);
    let mut raw = decompress(&bytes);
    let last = raw.len() - 1;
    raw[last - 1] ^= 2; // the low byte of the last nimber
    std::fs::write(&path, recompress(&raw)).unwrap();
    let e = err_of(read_table(&path));
    assert!(e.contains("digest mismatch"), "{e}");
}

/// A small file whose header claims 2^34 values: refused as short, without
/// allocating what it claims.
#[test]
fn a_count_larger_than_the_file_is_refused_cheaply() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("s.bin.zst");
    let mut raw = decompress(&sequence_bytes(&[0, 1, 1, 2]));
    let count_at = 8 + 4 + 8 + 4;
    raw[count_at..count_at + 8].copy_from_slice(&(1u64 << 34).to_le_bytes());
    let file = recompress(&raw);
    assert!(file.len() < 200);
    std::fs::write(&path, file).unwrap();
    let e = err_of(read_sequence(&path));
    assert!(e.contains("ends after 4 of its 17179869184 records"), "{e}");

    let path = d.path().join("t.bin.zst");
    let mut bytes = Vec::new();
    write_table(&mut bytes, 8, 18, &[(1, 0), (2, 1)], 3).unwrap();
    let mut raw = decompress(&bytes);
    let records_at = 8 + 4 + 4 + 8;
    raw[records_at..records_at + 8].copy_from_slice(&(1u64 << 60).to_le_bytes());
    std::fs::write(&path, recompress(&raw)).unwrap();
    let e = err_of(read_table(&path));
    assert!(
        e.contains("ends after 0 of 1152921504606846976 records"),
        "{e}"
    );
}

/// A code string claiming 2^62 bytes is refused by the header limit.
#[test]
fn a_huge_header_string_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("s.bin.zst");
    let mut raw = decompress(&sequence_bytes(&[0, 1]));
    raw[12..20].copy_from_slice(&(1u64 << 62).to_le_bytes());
    std::fs::write(&path, recompress(&raw)).unwrap();
    let e = err_of(read_sequence(&path));
    assert!(e.contains("cannot read the header"), "{e}");
}

#[test]
fn the_other_format_and_old_versions_are_named() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("x.bin.zst");
    std::fs::write(&path, sequence_bytes(&[0, 1])).unwrap();
    let e = err_of(read_table(&path));
    assert!(
        e.contains("bad magic \"GRUNDYOC\", expected GRUNDYMR"),
        "{e}"
    );
    let mut raw = decompress(&sequence_bytes(&[0, 1]));
    raw[8..12].copy_from_slice(&1u32.to_le_bytes());
    std::fs::write(&path, recompress(&raw)).unwrap();
    let e = err_of(read_sequence(&path));
    assert!(e.contains("format version 1 is not supported"), "{e}");
    let e = err_of(read_sequence(d.path()));
    assert!(!e.is_empty());
}

/// Truncations at every length are refused, never accepted or panicking.
#[test]
fn every_truncation_is_refused() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("s.bin.zst");
    let bytes = sequence_bytes(&(0..300).map(|n| n % 11).collect::<Vec<u32>>());
    for cut in 0..bytes.len() {
        std::fs::write(&path, &bytes[..cut]).unwrap();
        assert!(read_sequence(&path).is_err(), "cut at {cut}");
    }
    let raw = decompress(&bytes);
    for cut in 0..raw.len() {
        std::fs::write(&path, recompress(&raw[..cut])).unwrap();
        assert!(read_sequence(Path::new(&path)).is_err(), "raw cut at {cut}");
    }
}
