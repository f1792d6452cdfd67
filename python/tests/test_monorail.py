"""grundy.monorail.Table: positions looked up in a solved table agree
with the first-move file the solve writes, with the search behind
`grundy sum` and with `grundy monorail show`."""

import csv
import json

import pytest

import grundy
from conftest import ROOT, SMALL_TILES


def first_moves(directory):
    with open(directory / "first_moves.csv", newline="") as f:
        return list(csv.DictReader(f))


def test_start_and_first_moves(small_monorail):
    out, summary = small_monorail
    table = grundy.monorail.Table(out)
    assert table.tiles == SMALL_TILES
    assert len(table) == summary["positions_solved"]
    assert table.nimber("-") == summary["start_nimber"]
    rows = first_moves(out)
    assert len(rows) == summary["first_moves"]
    for row in rows:
        assert table.nimber(row["move"]) == int(row["nimber"]), row
    winning = [r for r in rows if r["nimber"] == "0"]
    assert len(winning) == summary["winning_first_moves"]


def test_agrees_with_the_search_of_sum(small_monorail):
    out, _ = small_monorail
    table = grundy.monorail.Table(out)
    for row in first_moves(out)[:6]:
        s = grundy.sum(f"monorail:{SMALL_TILES}:{row['move']}")
        assert table.nimber(row["move"]) == s["nimber"]


def test_agrees_with_monorail_show(small_monorail, cli):
    out, _ = small_monorail
    table = grundy.monorail.Table(out)
    for row in first_moves(out)[:4]:
        code, stdout, _ = cli("monorail", "show", row["move"], "--tiles", str(SMALL_TILES), "--json")
        assert code == 0
        assert table.nimber(row["move"]) == json.loads(stdout)["nimber"]


def test_the_committed_16_tile_table():
    # positions.bin.zst is not committed (git-ignored); `grundy reproduce`
    # writes it, as .ci/run does before these tests.
    data = ROOT / "data" / "monorail"
    if not (data / "positions.bin.zst").is_file():
        pytest.skip("data/monorail/positions.bin.zst not generated (grundy reproduce writes it)")
    summary = json.loads((data / "summary.json").read_text())
    table = grundy.monorail.Table(data)
    assert table.tiles == 16
    assert table.nimber("-") == summary["start_nimber"] == 2
    for row in first_moves(data):
        assert table.nimber(row["move"]) == int(row["nimber"]), row


@pytest.mark.parametrize(
    "position,message",
    [
        ("1,2,XX", "malformed position"),
        ("9,9,EW", "impossible position"),
    ],
)
def test_bad_positions_raise(small_monorail, position, message):
    out, _ = small_monorail
    table = grundy.monorail.Table(out)
    with pytest.raises(grundy.GrundyError) as e:
        table.nimber(position)
    assert str(e.value).startswith(message)


def test_bad_position_message_is_the_clis(small_monorail, cli):
    out, _ = small_monorail
    table = grundy.monorail.Table(out)
    with pytest.raises(grundy.GrundyError) as e:
        table.nimber("9,9,EW")
    code, _, err = cli("monorail", "show", "9,9,EW", "--tiles", str(SMALL_TILES))
    assert code == 2
    assert err.strip() == f"error: {e.value}"


def test_a_missing_table(tmp_path):
    with pytest.raises(grundy.GrundyError, match="positions.bin.zst"):
        grundy.monorail.Table(tmp_path)


def test_tile_count_out_of_range(tmp_path):
    with pytest.raises(grundy.GrundyError, match="^tile count 5 is out of range"):
        grundy.monorail.solve(5, tmp_path / "x")
