# %% [markdown]
# # Monorail: a solved table, position by position
#
# `grundy.monorail.solve(tiles, dir)` writes the dataset of `grundy
# monorail solve`; `grundy.monorail.Table(dir)` reads its
# `positions.bin.zst` (digest checked) and looks positions up. The real
# game has 16 tiles (`grundy reproduce` writes `data/monorail`); 8 tiles
# solve in a blink.

# %%
import csv
import tempfile
from pathlib import Path

import grundy

d = Path(tempfile.mkdtemp()) / "t8"
summary = grundy.monorail.solve(8, d)
print(f"T = 8: {summary['loops']} loops, {summary['positions_solved']} position classes, start *{summary['start_nimber']}")

# %%
table = grundy.monorail.Table(d)
print(table)
print("start:", table.nimber("-"))
with open(d / "first_moves.csv", newline="") as f:
    for row in list(csv.DictReader(f))[:5]:
        print(f"  {row['move']:<30} *{table.nimber(row['move'])}")
        assert table.nimber(row["move"]) == int(row["nimber"])

# %% [markdown]
# The raw records, as NumPy arrays.

# %%
pos = grundy.readers.read_positions(d)
print(pos.header, "nimbers seen:", sorted(set(pos.nimbers.tolist())))

# %% [markdown]
# The 16-tile table, when `grundy reproduce` has written it.

# %%
real = Path("data/monorail/positions.bin.zst")
if real.is_file():
    print("T = 16, start:", grundy.monorail.Table(real).nimber("-"))

# %%
import shutil

shutil.rmtree(d.parent)
