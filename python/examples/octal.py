# %% [markdown]
# # Octal games: nim-sequences and their proved periods
#
# `grundy.octal.values(code, max_n)` is `G(0..=max_n)` as a NumPy array;
# `grundy.octal.period(code)` proves a period by the Octal Periodicity
# Theorem (Guy and Smith 1956), as `grundy octal period` does.

# %%
import grundy

kayles = grundy.octal.values("kayles", 30)
print("Kayles G(0..=30):", kayles.tolist())
assert kayles[:10].tolist() == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]  # OEIS A002186

# %% [markdown]
# A million values of Dawson's Chess cost what its proof costs: past the
# proved period the values follow from it.

# %%
dawson = grundy.octal.values("0.137", 1_000_000)
print("Dawson's Chess: largest value", int(dawson.max()), "- zeros at n =", (dawson[:100] == 0).nonzero()[0].tolist())
assert dawson.shape == (1_000_001,)

# %%
p = grundy.octal.period("0.77", max_n=1000)
print(f"Kayles: period {p['period']} from n = {p['pre_period']}, proved: {p['proved']}")
print("values by n mod 12:", p["claim"]["values"])
print("exceptions (n, G(n)):", p["claim"]["exceptions"])
print("re-check with:", p["check"])
assert (p["pre_period"], p["period"], p["proved"]) == (71, 12, True)

# %% [markdown]
# The dataset `grundy octal seq --out` writes, and its binary sequence file
# read back (its digest checked).

# %%
import tempfile
from pathlib import Path

with tempfile.TemporaryDirectory() as d:
    summary = grundy.octal.write_dataset("dawsons-chess", 1000, Path(d) / "0.137")
    print("summary.json:", summary)
    seq = grundy.readers.read_sequence(Path(d) / "0.137")
    assert (seq.values == dawson[:1001]).all()

# %% [markdown]
# A malformed code is a `grundy.GrundyError` (a `ValueError`) with the
# command line's message.

# %%
try:
    grundy.octal.values("0.G", 10)
except grundy.GrundyError as e:
    print("error:", e)
