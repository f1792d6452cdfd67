"""grundy.sum: nim-sums and winning moves (the values of tests/suite/sum.rs)."""

import json

import pytest

import grundy
from conftest import SMALL_TILES

SUM = "kayles:10 + dawsons-chess:7 + nim:5 + coins:turtles:THHTH"


def test_nim_sum_and_winning_moves():
    s = grundy.sum(SUM)
    # Kayles G(10) = 2 (A002186), Dawson's Chess G(7) = 1 (A002187), Nim 5,
    # Turning Turtles THHTH = 2 ^ 3 ^ 5 = 4 (Winning Ways ch. 14).
    assert [c["nimber"] for c in s["components"]] == [2, 1, 5, 4]
    assert [c["family"] for c in s["components"]] == ["octal", "octal", "nim", "coins"]
    assert s["nimber"] == 2 ^ 1 ^ 5 ^ 4 == 2
    assert s["outcome"] == "N"
    assert s["first_player_wins"] is True
    assert s["sum"] == SUM
    targets = sorted({(w["component"], w["to_value"]) for w in s["winning_moves"]})
    # Each winning move leaves its component at its value ^ 2.
    assert targets == [(1, 0), (2, 3), (4, 6)]
    coins = [w["move"] for w in s["winning_moves"] if w["component"] == 4]
    assert coins[:2] == ["turn 1,3, leaving HHTTH", "turn 2, leaving TTHTH"]
    assert s["winning_moves_count"] == len(s["winning_moves"])
    assert s["truncated"] is False


def test_a_p_position_has_no_winning_move():
    s = grundy.sum("nim:3 + nim:5 + nim:6")
    assert s["nimber"] == 0
    assert s["outcome"] == "P"
    assert s["first_player_wins"] is False
    assert s["winning_moves"] == []
    assert s["winning_moves_count"] == 0


def test_the_winning_move_of_a_sum_wins():
    # Kayles 10 (value 2) has an option of value 3, a row of 1 and one of
    # 7 (G(1) ^ G(7) = 1 ^ 2); Nim 3 moves to 2.
    s = grundy.sum("kayles:10 + nim:2")
    assert s["nimber"] == 0
    s = grundy.sum("kayles:10 + nim:3")
    assert s["nimber"] == 1
    assert {(w["component"], w["to_value"]) for w in s["winning_moves"]} == {(1, 3), (2, 2)}


def test_limit_truncates():
    s = grundy.sum("0.137:100000 + nim:3", limit=20)
    assert s["winning_moves_count"] > 40
    assert len(s["winning_moves"]) == 21  # 20 in Dawson's Chess, 1 in Nim
    assert s["truncated"] is True


def test_matches_the_cli(cli):
    code, out, _ = cli("sum", SUM, "--all", "--json")
    assert code == 0
    assert grundy.sum(SUM) == json.loads(out)


def test_monorail_component(small_monorail):
    out, summary = small_monorail
    s = grundy.sum(f"monorail:{SMALL_TILES}:- + nim:0")
    assert s["components"][0]["family"] == "monorail"
    assert s["nimber"] == summary["start_nimber"]


@pytest.mark.parametrize(
    "expr,message",
    [
        ("kayles:10 +", "malformed sum"),
        ("nim:x", "not a whole number"),
        ("kayles:10 + foo:3", "foo:3"),
        ("kayles:99999999999999999999", "above the limit"),
    ],
)
def test_bad_sums_raise(expr, message):
    with pytest.raises(grundy.GrundyError) as e:
        grundy.sum(expr)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_bad_sum_message_is_the_clis(cli):
    code, _, err = cli("sum", "kayles:10 + foo:3")
    assert code == 2
    with pytest.raises(grundy.GrundyError) as e:
        grundy.sum("kayles:10 + foo:3")
    assert err.strip() == f"error: {e.value}"
