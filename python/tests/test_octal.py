"""grundy.octal against OEIS and the proved periods of the committed
datasets."""

import json

import numpy as np
import pytest

import grundy
from conftest import ROOT

# OEIS A002186, Kayles (0.77), n = 0..104 (as in tests/suite/octal.rs).
A002186 = [
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    4, 1, 2, 8, 1, 4, 7, 2, 1,
]

# OEIS A002187, Dawson's Chess (0.137), n = 0..119.
A002187 = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
]


@pytest.mark.parametrize(
    "code,expected",
    [("0.77", A002186), ("kayles", A002186), ("0.137", A002187), ("dawsons-chess", A002187)],
)
def test_values_are_oeis(code, expected):
    v = grundy.octal.values(code, len(expected) - 1)
    assert isinstance(v, np.ndarray)
    assert v.dtype == np.uint32
    assert v.shape == (len(expected),)
    assert v.tolist() == expected


def test_dawsons_chess_to_100_is_a002187():
    v = grundy.octal.values("0.137", 100)
    assert len(v) == 101
    assert v.tolist() == A002187[:101]


def test_both_engines_agree_past_the_period():
    # The sparse engine stops at the proof and extends by the period; the
    # naive one computes every value.
    sparse = grundy.octal.values("0.137", 2000)
    naive = grundy.octal.values("0.137", 2000, engine="naive")
    assert np.array_equal(sparse, naive)
    # Periodic with period 34 from n = 52 on (committed summary).
    assert all(sparse[n] == sparse[n - 34] for n in range(52 + 34, 2001))


@pytest.mark.parametrize("code", ["0.77", "0.137", "0.07"])
def test_values_match_the_committed_dataset(code):
    seq = grundy.readers.read_sequence(ROOT / "data" / "octal" / code)
    assert seq.code == code
    assert len(seq.values) == 10001
    assert np.array_equal(grundy.octal.values(code, 10000), seq.values)


def test_kayles_period_is_proved():
    p = grundy.octal.period("0.77", max_n=1000)
    assert p["code"] == "0.77"
    assert p["proved"] is True
    assert (p["pre_period"], p["period"]) == (71, 12)
    # Guy and Smith's proof: G(n + 12) = G(n) checked for 71 <= n < 156.
    assert p["proof_range"] == [71, 156]
    assert p["checked_to"] == 167
    assert p["computed_to"] >= 167
    claim = p["claim"]
    assert claim["period"] == 12
    assert len(claim["values"]) == 12
    for n in range(71, len(A002186)):
        assert claim["values"][n % 12] == A002186[n]
    # The exceptions are the values before n = 71 that differ from the
    # periodic ones; the last is G(70) = 6.
    exceptions = dict(claim["exceptions"])
    assert max(exceptions) == 70 and exceptions[70] == 6
    for n, g in exceptions.items():
        assert A002186[n] == g != claim["values"][n % 12]
    values = " ".join(map(str, claim["values"]))
    text = ",".join(f"{n}:{g}" for n, g in claim["exceptions"])
    assert claim["text"] == f"12/{values}/{text}"
    assert p["check"] == f'grundy octal check 0.77 --period 12 --values "{values}" --exceptions "{text}"'
    assert p["check_table_row"] == "0.77,71,12"


def test_period_agrees_with_the_committed_summaries():
    for code in ("0.77", "0.137", "0.07"):
        summary = json.loads((ROOT / "data" / "octal" / code / "summary.json").read_text())
        p = grundy.octal.period(code, max_n=5000)
        assert p["proved"] is True
        assert (p["pre_period"], p["period"]) == (summary["pre_period"], summary["period"])
        assert p["proof_range"] == summary["proof_range"]
        assert p["checked_to"] == summary["checked_to"]


def test_dawsons_chess_has_period_34():
    p = grundy.octal.period("dawsons-chess", max_n=1000)
    assert (p["proved"], p["pre_period"], p["period"]) == (True, 52, 34)


def test_period_not_found_within_max_n():
    # Kayles' proof needs G(0..=167): with max_n = 100 there is none.
    p = grundy.octal.period("0.77", max_n=100)
    assert p["proved"] is False
    assert p["period"] is None and p["pre_period"] is None
    assert p["computed_to"] == 100


@pytest.mark.parametrize("code,max_n", [("0.137", 1000), ("0.77", 1000), ("0.77", 100), ("0.6", 500)])
def test_period_is_the_clis_json(cli, code, max_n):
    status, out, _ = cli("octal", "period", code, "--max-n", str(max_n), "--json")
    assert status == 0
    p = grundy.octal.period(code, max_n=max_n)
    if p["proved"]:
        text = p["claim"].pop("text")
        assert text.startswith(f"{p['period']}/")
    assert p == json.loads(out)


MALFORMED = 'malformed code "0.G": '


def test_malformed_code_raises_the_cli_message():
    with pytest.raises(grundy.GrundyError) as e:
        grundy.octal.values("0.G", 10)
    assert str(e.value).startswith(MALFORMED)
    assert "\n" not in str(e.value)
    assert isinstance(e.value, ValueError)
    with pytest.raises(grundy.GrundyError, match="^malformed code"):
        grundy.octal.period("0.G")


def test_malformed_code_message_is_the_clis(cli):
    code, _, err = cli("octal", "seq", "0.G", "--max-n", "10")
    assert code == 2
    with pytest.raises(grundy.GrundyError) as e:
        grundy.octal.values("0.G", 10)
    assert err.strip() == f"error: {e.value}"


def test_too_large_is_refused():
    with pytest.raises(grundy.GrundyError, match="^--max-n 99999999999 is out of range"):
        grundy.octal.values("0.77", 99_999_999_999)


def test_unknown_engine():
    with pytest.raises(grundy.GrundyError, match="invalid engine"):
        grundy.octal.values("0.77", 10, engine="fast")
