# %% [markdown]
# # Sums of games
#
# `grundy.sum(expr)` settles a sum of components from any family (the
# syntax of `grundy sum`): each component's nimber, the nim-sum, and every
# winning move.

# %%
import grundy

s = grundy.sum("kayles:10 + dawsons-chess:7 + nim:5 + coins:turtles:THHTH")
for c in s["components"]:
    print(f"{c['component']:>22}  *{c['nimber']}  ({c['family']})")
print(f"nim-sum *{s['nimber']}: {s['outcome']}-position")
for w in s["winning_moves"]:
    print(f"  component {w['component']}: to *{w['to_value']}: {w['move']}")
assert s["nimber"] == 2 ^ 1 ^ 5 ^ 4

# %% [markdown]
# A P-position: the player to move loses, and no move wins.

# %%
p = grundy.sum("nim:1 + nim:2 + nim:3")
print(p["outcome"], p["winning_moves"])
assert p["nimber"] == 0 and not p["first_player_wins"]

# %% [markdown]
# Heaps too large to list every move: `limit` caps the moves described per
# component (the count is still exact).

# %%
big = grundy.sum("kayles:100000 + nim:7", limit=3)
print(big["winning_moves_count"], "winning moves, the first few:", [w["move"] for w in big["winning_moves"]])
