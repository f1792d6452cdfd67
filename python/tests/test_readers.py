"""grundy.readers: the crate's readers, digests checked."""

import json

import numpy as np
import pytest

import grundy
from conftest import ROOT, SMALL_TILES


def corrupt_copy(src, dst, offset_from_end=20):
    """Copies src to dst with one byte flipped near the end (inside the
    zstd frame's data or its checksum)."""
    data = bytearray(src.read_bytes())
    data[-offset_from_end] ^= 0x40
    dst.write_bytes(bytes(data))
    return dst


def test_sequence_round_trip(tmp_path):
    out = tmp_path / "dawson"
    summary = grundy.octal.write_dataset("0.137", 500, out)
    assert (summary["code"], summary["period"], summary["pre_period"]) == ("0.137", 34, 52)
    assert json.loads((out / "summary.json").read_text()) == summary
    expected = grundy.octal.values("0.137", 500)
    for path in (out, out / "sequence.bin.zst", str(out)):
        seq = grundy.readers.read_sequence(path)
        assert seq.code == "0.137"
        assert seq.values.dtype == np.uint32
        assert np.array_equal(seq.values, expected)
    # sequence.csv holds the same values.
    rows = (out / "sequence.csv").read_text().splitlines()
    assert rows[0] == "n,nimber"
    assert [int(r.split(",")[1]) for r in rows[1:]] == expected.tolist()


def test_a_corrupted_sequence_is_rejected(tmp_path):
    src = ROOT / "data" / "octal" / "0.77" / "sequence.bin.zst"
    bad = corrupt_copy(src, tmp_path / "sequence.bin.zst")
    with pytest.raises(grundy.GrundyError) as e:
        grundy.readers.read_sequence(bad)
    assert str(e.value).startswith(f"corrupt dataset {bad}")


def test_a_truncated_sequence_is_rejected(tmp_path):
    src = ROOT / "data" / "octal" / "0.77" / "sequence.bin.zst"
    bad = tmp_path / "short.bin.zst"
    bad.write_bytes(src.read_bytes()[:-9])
    with pytest.raises(grundy.GrundyError, match="^corrupt dataset"):
        grundy.readers.read_sequence(bad)


def test_a_missing_file_is_an_error(tmp_path):
    with pytest.raises(grundy.GrundyError, match="nope"):
        grundy.readers.read_sequence(tmp_path / "nope.bin.zst")


def test_positions_round_trip(small_monorail):
    out, summary = small_monorail
    p = grundy.readers.read_positions(out)
    assert p.header["tiles"] == SMALL_TILES
    assert p.header["loops"] == summary["loops"]
    assert p.header["records"] == len(p.keys) == len(p.nimbers) == summary["positions_solved"]
    assert p.keys.dtype == np.uint64 and p.nimbers.dtype == np.uint16
    assert np.all(np.diff(p.keys.astype(np.int64)) > 0)
    same = grundy.readers.read_positions(out / "positions.bin.zst")
    assert np.array_equal(same.keys, p.keys) and np.array_equal(same.nimbers, p.nimbers)


def test_a_corrupted_positions_table_is_rejected(small_monorail, tmp_path):
    out, _ = small_monorail
    bad = corrupt_copy(out / "positions.bin.zst", tmp_path / "positions.bin.zst")
    with pytest.raises(grundy.GrundyError, match=f"^corrupt dataset {bad}"):
        grundy.readers.read_positions(bad)
    with pytest.raises(grundy.GrundyError, match=f"^corrupt dataset {bad}"):
        grundy.monorail.Table(bad)


def test_a_sequence_is_not_a_positions_table():
    src = ROOT / "data" / "octal" / "0.77" / "sequence.bin.zst"
    with pytest.raises(grundy.GrundyError, match="^corrupt dataset"):
        grundy.readers.read_positions(src)
