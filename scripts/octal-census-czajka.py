#!/usr/bin/env python3
"""Compares the octal census (data/octal/census/census.csv, all 1,024 codes
0.d1d2d3 and 4.d1d2d3 computed to n = 2^20) with T. Czajka's tables in
github.com/tczajka/octal-games (GameLookup.md, TrivialGames.md,
SolvedGames.md, UnsolvedGames.md) and writes reports/octal-census-czajka.md.

    python3 scripts/octal-census-czajka.py target/czajka > reports/octal-census-czajka.md

The first argument (default target/czajka) is a directory holding those four
markdown files as they stand in one commit of the repository, e.g.

    for f in GameLookup.md TrivialGames.md SolvedGames.md UnsolvedGames.md; do
        git -C CHECKOUT show HEAD:$f > target/czajka/$f; done
    git -C CHECKOUT rev-parse HEAD > target/czajka/COMMIT

An optional file COMMIT in it names the commit (the report also gives each
file's git blob hash, which identifies it whatever the commit). Options:
--census PATH (default data/octal/census/census.csv), --out PATH (default
standard output). Standard library only; a few seconds of one core (the script
computes G(0..255) and more of every code in pure Python to find the heap-size
offset of each GameLookup equivalence). The output is deterministic.
"""
import argparse
import csv
import hashlib
import os
import re
import sys

FILES = ["GameLookup.md", "TrivialGames.md", "SolvedGames.md", "UnsolvedGames.md"]
WINDOW = 256  # values of every code compared with its equivalent game
MAX_SHIFT = 4  # offsets tried: G_code(n) = G_rep(n + s), |s| <= MAX_SHIFT


# ---------------------------------------------------------------- codes


def czajka_to_code(g):
    """Czajka writes '.137', '4.3', '4' (and 'Grundy's'); the census
    writes 0.137, 4.3, 4.0."""
    g = g.strip()
    if g.startswith("."):
        return "0" + g
    if re.fullmatch(r"4(\.[0-7]+)?", g):
        return g if "." in g else "4.0"
    return None


def code_to_czajka(c):
    if c == "4.0":
        return "4"
    return c[1:] if c.startswith("0.") else c


def digits_of(code):
    a, b = code.split(".")
    return [int(a)] + [int(ch) for ch in b]


def sort_key(code):
    """Census order: number of code digits, then 0. before 4., then digits."""
    d = digits_of(code)
    n = len(d) - 1 if d[1:] != [0] else 0
    return (n, d[0], d[1:])


# ---------------------------------------------------------------- values

_cache = {}


def grundy(code, n):
    """G(0..n-1) of an octal game, by definition (pure Python)."""
    g = _cache.setdefault(code, [])
    if len(g) >= n:
        return g[:n]
    d = digits_of(code)
    for m in range(len(g), n):
        seen = set()
        for k, dk in enumerate(d):
            r = m - k
            if dk == 0 or r < 0:
                continue
            if r == 0 and dk & 1 and k > 0:
                seen.add(0)
            if r >= 1 and dk & 2 and k > 0:
                seen.add(g[r])
            if r >= 2 and dk & 4:
                for a in range(1, r // 2 + 1):
                    seen.add(g[a] ^ g[r - a])
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g[:n]


def nimber_digit(ch):
    return int(ch, 36)


class Trivial:
    """A TrivialGames.md row: prefix, period and the listed values."""

    def __init__(self, game, prefix, period, nimbers):
        m = re.fullmatch(r"([0-9A-Z]*)\(([0-9A-Z]+)\)", nimbers)
        if not m:
            raise ValueError(f"{game}: cannot read nimbers {nimbers!r}")
        self.game, self.prefix, self.period = game, prefix, period
        self.pre = [nimber_digit(c) for c in m.group(1)]
        self.cyc = [nimber_digit(c) for c in m.group(2)]
        self.ok_lengths = len(self.pre) == prefix and len(self.cyc) == period

    def value(self, n):
        if n < len(self.pre):
            return self.pre[n]
        return self.cyc[(n - len(self.pre)) % len(self.cyc)]


def least_period_and_n0(seq_fn, bound, p):
    """Least period q of an eventually periodic sequence known to repeat
    with period p from index < bound, and its n0 for q."""
    tail = [seq_fn(bound + i) for i in range(p)]
    q = next(q for q in range(1, p + 1) if p % q == 0 and all(tail[i] == tail[(i + q) % p] for i in range(p)))
    n0 = bound
    while n0 > 0 and seq_fn(n0 - 1) == seq_fn(n0 - 1 + q):
        n0 -= 1
    return n0, q


# ---------------------------------------------------------------- Czajka's files


def table_rows(text):
    """Rows of the markdown tables in text, as lists of stripped cells
    (header and alignment rows included; a row with fewer cells is kept)."""
    rows = []
    for line in text.splitlines():
        if "|" not in line:
            continue
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def read_czajka(directory):
    texts = {}
    for f in FILES:
        with open(os.path.join(directory, f), "rb") as fh:
            texts[f] = fh.read()
    commit = None
    p = os.path.join(directory, "COMMIT")
    if os.path.exists(p):
        with open(p) as fh:
            commit = fh.read().strip() or None
    blobs = {f: hashlib.sha1(b"blob %d\0" % len(t) + t).hexdigest() for f, t in texts.items()}
    texts = {f: t.decode("utf-8") for f, t in texts.items()}

    lookup = {}  # code -> code (itself when '-')
    for row in table_rows(texts["GameLookup.md"]):
        if len(row) < 8 or not row[0].endswith("x"):
            continue
        for col in range(1, 8):
            code = czajka_to_code(row[0].replace("x", str(col)))
            cell = row[col]
            lookup[code] = code if cell == "-" else czajka_to_code(cell)

    trivial = {}
    for row in table_rows(texts["TrivialGames.md"]):
        if len(row) >= 4 and czajka_to_code(row[0]) and row[1].isdigit():
            trivial[czajka_to_code(row[0])] = Trivial(row[0], int(row[1]), int(row[2]), row[3])

    solved = {}
    for row in table_rows(texts["SolvedGames.md"]):
        row = row + [""] * (9 - len(row))  # a trailing empty cell loses its '|'
        if czajka_to_code(row[0]) and row[1].isdigit():
            solved[czajka_to_code(row[0])] = {
                "game": row[0],
                "prefix": int(row[1]),
                "period": int(row[2]),
                "largest_idx": int(row[3]),
                "largest": int(row[4]),
                "mask": row[5],
                "num_rare": row[6],
                "last_rare": row[7],
                "by": row[8],
            }

    unsolved = {}
    for row in table_rows(texts["UnsolvedGames.md"]):
        if not row or row[0] in ("game",) or set(row[0]) <= set(":- "):
            continue
        row = row + [""] * (7 - len(row))
        code = czajka_to_code(row[0])
        unsolved[code if code else row[0]] = {
            "game": row[0],
            "n": row[1],
            "largest_idx": row[2],
            "largest": row[3],
            "mask": row[4],
            "num_rare": row[5],
            "last_rare": row[6],
        }
    return commit, blobs, lookup, trivial, solved, unsolved


def n_value(s):
    """'2^21' -> 2097152."""
    m = re.fullmatch(r"\s*(\d+)\s*\^\s*(\d+)\s*", s)
    return int(m.group(1)) ** int(m.group(2)) if m else (int(s) if s.strip().isdigit() else None)


# ---------------------------------------------------------------- comparison


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("czajka", nargs="?", default="target/czajka")
    ap.add_argument("--census", default="data/octal/census/census.csv")
    ap.add_argument("--out")
    args = ap.parse_args()

    commit, blobs, lookup, trivial, solved, unsolved = read_czajka(args.czajka)
    with open(args.census, newline="") as fh:
        census = {r["code"]: r for r in csv.DictReader(fh)}
    codes = sorted(census, key=sort_key)

    def table_of(g):
        if g in trivial:
            return "trivial"
        if g in solved:
            return "solved"
        if g in unsolved:
            return "unsolved"
        return None

    # Czajka's claims about the games he lists, checked against their own
    # values where he gives them (TrivialGames.md lists every value).
    trivial_checks = []
    for g in sorted(trivial, key=sort_key):
        t = trivial[g]
        n = max(WINDOW, t.prefix + 2 * t.period + 8)
        own = grundy(g, n)
        bad = next((i for i in range(n) if own[i] != t.value(i)), None)
        n0, q = least_period_and_n0(t.value, t.prefix, t.period)
        trivial_checks.append((g, t, n, bad, (n0, q) == (t.prefix, t.period) and t.ok_lengths))

    rows = []
    for c in codes:
        r = census[c]
        rec = {"code": c, "row": r, "status": r["status"]}
        # Resolve the lookup (following any chain) to a listed game.
        g, path = c, [c]
        while g in lookup and lookup[g] != g and lookup[g] not in path:
            g = lookup[g]
            path.append(g)
        rec["rep"] = g
        rec["via_lookup"] = c in lookup
        rec["table"] = table_of(g)
        rows.append(rec)
        if rec["table"] is None:
            continue
        # Offset s with G_c(n) = G_rep(n + s) for all n >= max(0, -s), on a window.
        if rec["table"] == "trivial":
            t = trivial[g]
            rep_val = t.value
            n = max(WINDOW, t.prefix + MAX_SHIFT + 2 * t.period + 8)
        else:
            n = WINDOW
            rv = grundy(g, n + MAX_SHIFT)
            rep_val = rv.__getitem__
        own = grundy(c, n)
        shifts = [
            s
            for s in range(-MAX_SHIFT, MAX_SHIFT + 1)
            if all(own[i] == rep_val(i + s) for i in range(max(0, -s), n))
        ]
        rec["window"] = n
        rec["shifts"] = shifts
        if not shifts:
            rec["mismatch"] = next(i for i in range(n) if own[i] != rep_val(i))
            continue
        if rec["table"] == "trivial":
            # The code's values as Czajka's table gives them: G_rep(n + s),
            # and for n < -s (heaps that cannot move) the code's own values.
            claims = set()
            for s in shifts:
                fn = (lambda s: lambda i: own[i] if i < -s else t.value(i + s))(s)
                n0, q = least_period_and_n0(fn, t.prefix + MAX_SHIFT, t.period)
                top = max(fn(i) for i in range(n0 + q))
                claims.add((n0, q, top, next(i for i in range(n0 + q) if fn(i) == top)))
            rec["ambiguous"] = len(claims) > 1
            claim = sorted(claims)[0]
            rec["claim"] = {"pre_period": claim[0], "period": claim[1], "max_value": claim[2], "max_value_at": claim[3]}
            rec["shift"] = min(shifts, key=lambda s: (abs(s), s))
        elif rec["table"] == "solved":
            sv = solved[g]
            s = min(shifts, key=lambda s: (abs(s), s))
            rec["ambiguous"] = len(shifts) > 1
            rec["shift"] = s
            assert sv["prefix"] >= 1
            rec["claim"] = {
                "pre_period": max(0, sv["prefix"] - s),
                "period": sv["period"],
                "max_value": sv["largest"],
                "max_value_at": sv["largest_idx"] - s,
            }
        else:
            rec["shift"] = min(shifts, key=lambda s: (abs(s), s))
            rec["ambiguous"] = False

    # ---------------------------------------------------------- classify
    cat = {k: [] for k in ("agree", "disagree", "new", "czajka_only", "both_unsettled", "other", "not_found")}
    for rec in rows:
        st, tb = rec["status"], rec["table"]
        if tb is None or not rec.get("shifts"):
            cat["not_found"].append(rec)
        elif st == "periodic" and tb in ("trivial", "solved"):
            r, cl = rec["row"], rec["claim"]
            same = int(r["pre_period"]) == cl["pre_period"] and int(r["period"]) == cl["period"]
            rec["max_agrees"] = int(r["max_value"]) == cl["max_value"] and int(r["max_value_at"]) == cl["max_value_at"]
            cat["agree" if same else "disagree"].append(rec)
        elif st == "periodic" and tb == "unsolved":
            cat["new"].append(rec)
        elif st == "unsettled" and tb in ("trivial", "solved"):
            cat["czajka_only"].append(rec)
        elif st == "unsettled" and tb == "unsolved":
            cat["both_unsettled"].append(rec)
        else:
            cat["other"].append(rec)

    out = open(args.out, "w") if args.out else sys.stdout
    w = lambda s="": print(s, file=out)  # noqa: E731

    def cz(g):
        return f"`{code_to_czajka(g)}`"

    def shift_text(s):
        if s == 0:
            return "same values"
        return f"G(n) = G<sub>rep</sub>(n {'+' if s > 0 else '−'} {abs(s)})"

    def sh(s):
        return "0" if s == 0 else f"{s:+d}"

    max_n = max(int(census[c]["computed_to"]) for c in codes)
    w("# The octal census against T. Czajka's tables")
    w()
    w(
        f"This compares every row of `data/octal/census/census.csv` ({len(codes):,} codes "
        "0.d1d2d3 and 4.d1d2d3, computed to n = 2^20 = 1,048,576) with the tables of "
        "T. Czajka, <https://github.com/tczajka/octal-games>, "
        + (f"commit `{commit}`" if commit else "commit not recorded")
        + ", files "
        + ", ".join(f"`{f}` (blob `{blobs[f][:12]}`)" for f in FILES)
        + ". Rerun with `python3 scripts/octal-census-czajka.py target/czajka > "
        "reports/octal-census-czajka.md`, where `target/czajka` holds those four files "
        "(`git -C CHECKOUT show COMMIT:GameLookup.md > target/czajka/GameLookup.md` and so on, "
        "and the commit hash in `target/czajka/COMMIT`); a few seconds of one core."
    )
    w()
    w(
        "Conventions. Czajka writes `.137` for 0.137 and `4` for 4.0. His \"prefix\" is the "
        "number of values before the periodic part, i.e. the census's `pre_period` n0 (one past "
        "the last exceptional heap size): Kayles 0.77 prefix 71, 0.16 prefix 105,351, 0.127 "
        "prefix 46,578 as here. `TrivialGames.md` lists each game's own values G(0), G(1), …, "
        "prefix in front of the parenthesised period (digits and letters in base 36); "
        "the script checks every listed value against the game's own values (below). "
        "`GameLookup.md` sends a code to an equivalent listed game (`-`: the code itself); "
        "\"a game in which taking a 1-element heap is not allowed is considered equivalent to "
        "the game with all heap sizes reduced by 1\", so the equivalence may offset the heaps. "
        "The script finds the offset s with G<sub>code</sub>(n) = G<sub>rep</sub>(n + s) for all "
        f"n ≥ max(0, −s) by computing both games in pure Python (|s| ≤ {MAX_SHIFT}; on G(0..{WINDOW - 1}), "
        "and for a trivial equivalent on its whole prefix and two periods more), and converts: "
        "period unchanged, n0<sub>code</sub> = max(0, n0<sub>rep</sub> − s) (recomputed from the values "
        "for trivial games), first position of the largest value moved by −s. Example: 0.137 "
        "(Dawson's chess) → `.4` (prefix 54, period 34) with s = +2, so n0 = 52, as in the census. "
        "Rare counts: Czajka counts G(0), which is always rare, the census counts G(1..=N), so his "
        "count is one more (0.6: 1,584 against 1,583, the same last rare heap 20,627; 0.354: 132 "
        "against 131, both last at 3,227). Masks: Czajka's are hexadecimal, the census's decimal."
    )
    w()
    w("| outcome | codes |")
    w("|---|---:|")
    w(f"| periodic here, solved by Czajka, period and pre-period agree | {len(cat['agree'])} |")
    w(f"| periodic here, listed unsolved by Czajka (new proofs) | {len(cat['new'])} |")
    w(f"| solved by Czajka, unsettled here to n = 2^20 | {len(cat['czajka_only'])} |")
    w(f"| periodic in both, period or pre-period disagree | {len(cat['disagree'])} |")
    w(f"| unsettled in both | {len(cat['both_unsettled'])} |")
    if cat["other"]:
        w(f"| other (arithmetic here) | {len(cat['other'])} |")
    w(f"| not found in Czajka's tables | {len(cat['not_found'])} |")
    w(f"| **total** | **{len(rows)}** |")
    w()
    n_lookup = sum(1 for r in rows if r["via_lookup"])
    n_shift = sum(1 for r in rows if r.get("shift"))
    n_amb = sum(1 for r in rows if r.get("ambiguous"))
    n_max = sum(1 for r in cat["agree"] if r["max_agrees"])
    w(
        f"{n_lookup} codes are in `GameLookup.md` (not: "
        + ", ".join(r["code"] for r in rows if not r["via_lookup"])
        + "); "
        f"for {n_shift} codes the offset s is not 0. s is the smallest |s| that fits; for a "
        "sequence that is purely periodic from early on several offsets fit, and the script "
        f"checks that they give the same n0 and period ({n_amb} codes where they would not). "
        f"Of the {len(cat['agree'])} agreeing codes, {n_max} also agree on the largest value and "
        "the heap where it first occurs (census `max_value`, `max_value_at`; Czajka's nimbers or "
        "\"largest\"/\"largest idx\", offset)."
    )
    w()

    # ---------------------------------------------------------- lists
    w("## Disagreements")
    w()
    if not cat["disagree"]:
        w("None: every code periodic here whose equivalent Czajka solved has the same period and pre-period.")
    else:
        w("| code | Czajka's game | s | Czajka (converted): n0, p | census: n0, p |")
        w("|---|---|---:|---|---|")
        for r in cat["disagree"]:
            cl, row = r["claim"], r["row"]
            w(f"| {r['code']} | {cz(r['rep'])} ({r['table']}) | {sh(r['shift'])} | {cl['pre_period']:,}, {cl['period']:,} | {int(row['pre_period']):,}, {int(row['period']):,} |")
    mx = [r for r in cat["agree"] if not r["max_agrees"]]
    if mx:
        w()
        w("Agreeing on period and pre-period but not on the largest value or its first heap:")
        w()
        w("| code | Czajka's game | s | Czajka (converted): largest at | census: largest at |")
        w("|---|---|---:|---|---|")
        for r in mx:
            cl, row = r["claim"], r["row"]
            w(f"| {r['code']} | {cz(r['rep'])} | {sh(r['shift'])} | {cl['max_value']} at {cl['max_value_at']:,} | {row['max_value']} at {int(row['max_value_at']):,} |")
    w()

    w("## New proofs: periodic here, unsolved in Czajka's tables")
    w()
    if not cat["new"]:
        w("None.")
    else:
        w(
            "Every code the census proves periodic (Octal Periodicity Theorem, checked on "
            "`[proof_start, proof_end)`) whose equivalent game is in `UnsolvedGames.md`. "
            "s is the offset to Czajka's game; \"family\" is the census's `same_as`. \"New\" "
            "is relative to these tables only (Czajka's unsolved list is itself meant as a list of "
            "open games, but this report does not check other sources such as Flammenkamp's "
            "tables). Distinct sequences: "
            + "; ".join(
                f"{cz(g)}: n0 {int(m[0]['row']['pre_period']):,}, p {int(m[0]['row']['period']):,} ({len(m)} codes)"
                for g, m in sorted(
                    ((g, [r for r in cat["new"] if r["rep"] == g]) for g in {r["rep"] for r in cat["new"]}),
                    key=lambda x: sort_key(x[0]),
                )
            )
            + "."
        )
        w()
        w("| code | Czajka's game | s | pre-period n0 | period | largest value (first at) | proof range | family |")
        w("|---|---|---:|---:|---:|---|---|---|")
        for r in cat["new"]:
            row = r["row"]
            w(
                f"| {r['code']} | {cz(r['rep'])} | {sh(r['shift'])} | {int(row['pre_period']):,} | {int(row['period']):,} "
                f"| {row['max_value']} ({int(row['max_value_at']):,}) | [{int(row['proof_start']):,}, {int(row['proof_end']):,}) | {row['same_as'] or '—'} |"
            )
    w()

    w("## Solved by Czajka, unsettled here to n = 2^20")
    w()
    if not cat["czajka_only"]:
        w("None.")
    else:
        w(
            "Czajka's pre-period and period converted to the code. The census stops at "
            f"n = {max_n:,}; the Octal Periodicity Theorem checks G(n + p) = G(n) for "
            "n0 ≤ n < 2 n0 + p + k (k the largest removal, as in the census's proof ranges), "
            "so it needs the values up to 2 n0 + 2p + k − 1, given in the table. Czajka's rare "
            "counts include G(0)."
        )
        w()
        w("| code | Czajka's game | s | Czajka: n0, p (converted) | proof needs G(n) to | Czajka: largest at (converted) | census to 2^20: largest at | census: mask (hex), rare (last) | Czajka: mask, rare (last) |")
        w("|---|---|---:|---|---:|---|---|---|---|")
        for r in cat["czajka_only"]:
            cl, row = r["claim"], r["row"]
            sv = solved.get(r["rep"], {})
            k = len(digits_of(r["code"])) - 1
            need = 2 * cl["pre_period"] + 2 * cl["period"] + k - 1
            czr = f"{sv['mask']}, {int(sv['num_rare']):,} ({int(sv['last_rare']):,})" if sv else "—"
            w(
                f"| {r['code']} | {cz(r['rep'])} ({r['table']}) | {sh(r['shift'])} | {cl['pre_period']:,}, {cl['period']:,} | {need:,} "
                f"| {cl['max_value']} at {cl['max_value_at']:,} | {row['max_value']} at {int(row['max_value_at']):,} "
                f"| {int(row['mask']):x}, {int(row['rare_count']):,} ({int(row['last_rare']):,}) | {czr} |"
            )
        w()
        for r in cat["czajka_only"]:
            sv, row = solved.get(r["rep"]), r["row"]
            if not sv or r["shift"] != 0 or not sv["mask"] or int(sv["mask"], 16) != int(row["mask"]):
                continue
            his, ours, last = int(sv["num_rare"]) - 1, int(row["rare_count"]), int(sv["last_rare"])
            top = int(row["computed_to"])
            if last <= top:
                ok = his == ours and last == int(row["last_rare"])
                w(
                    f"- {r['code']}: same mask; {his:,} rare values in G(1..) against {ours:,} here, "
                    f"last rare heap {last:,} against {int(row['last_rare']):,}: "
                    + ("the same." if ok else "**different**.")
                )
            else:
                w(
                    f"- {r['code']}: same mask; Czajka's last rare heap {last:,} is beyond 2^20, and his "
                    f"{his:,} rare values in G(1..) against {ours:,} here to 2^20 (last {int(row['last_rare']):,}) "
                    + (
                        f"leave {his - ours} for ({top:,}, {last:,}]: consistent."
                        if his > ours
                        else "are **inconsistent**."
                    )
                )
    w()

    w("## Unsettled in both")
    w()
    w(
        "Grouped by Czajka's game in `UnsolvedGames.md`; the census columns are those of the "
        "first code of the group with offset 0 (normally the game itself). Czajka gives "
        "figures for only a few of them; the others are bare names (\"not computed\" below)."
    )
    w()
    w("| Czajka's game | codes here (offset s) | Czajka: n, largest at, mask, rare (last) | census: n, largest at, mask (hex), rare (last) |")
    w("|---|---|---|---|")
    groups = {}
    for r in cat["both_unsettled"]:
        groups.setdefault(r["rep"], []).append(r)
    for g in sorted(groups, key=sort_key):
        members = groups[g]
        u = unsolved[g]
        base = next((m for m in members if m["shift"] == 0), members[0])
        row = base["row"]
        if u["n"].strip():
            czs = f"{u['n']}, {u['largest']} at {int(u['largest_idx']):,}, {u['mask']}, {int(u['num_rare']):,} ({int(u['last_rare']):,})"
        else:
            czs = "not computed"
        ms = ", ".join(m["code"] + ("" if m["shift"] == 0 else f" ({sh(m['shift'])})") for m in members)
        ours = f"2^20, {row['max_value']} at {int(row['max_value_at']):,}, {int(row['mask']):x}, {int(row['rare_count']):,} ({int(row['last_rare']):,})"
        if base["shift"] != 0:
            ours += f" [{base['code']}]"
        w(f"| {cz(g)} | {ms} | {czs} | {ours} |")
    w()
    notes = []
    for g in sorted(groups, key=sort_key):
        u = unsolved[g]
        nv = n_value(u["n"]) if u["n"].strip() else None
        if nv is None:
            continue
        row = census[g]
        parts = []
        mask_cz = int(u["mask"], 16)
        parts.append(
            f"mask {u['mask']} = {mask_cz}" + (" as here" if mask_cz == int(row["mask"]) else f", here {int(row['mask'])} = {int(row['mask']):x} (hex)")
        )
        li, lv = int(u["largest_idx"]), int(u["largest"])
        if nv > max_n and li > max_n:
            parts.append(f"his largest value {lv} first occurs at {li:,} > 2^20, ours to 2^20 is {row['max_value']} at {int(row['max_value_at']):,} (consistent)")
        elif nv < max_n:
            parts.append(f"computed to n = {nv:,} only, so his largest value ({lv} at {li:,}) and rare count are not comparable with ours to 2^20 ({row['max_value']} at {int(row['max_value_at']):,})")
        if mask_cz != int(row["mask"]):
            parts.append(
                f"with so many rare values ({int(u['num_rare']) / nv:.0%} of G(0..{nv - 1}) there, "
                f"{int(row['rare_count']) / max_n:.0%} of G(1..={max_n}) here) neither mask marks a sparse space, "
                "and the best mask may change with n"
            )
        lr = int(u["last_rare"])
        if nv > max_n and lr < max_n and mask_cz == int(row["mask"]):
            parts.append(f"rare values {int(u['num_rare']):,} (with G(0)) against {int(row['rare_count']):,}, last rare heap {lr:,} against {int(row['last_rare']):,}")
        notes.append(f"- {cz(g)} ({u['n']}): " + "; ".join(parts) + ".")
    if notes:
        w("Where Czajka gives figures:")
        w()
        for s in notes:
            w(s)
        w()
    other_unsolved = sorted(k for k in unsolved if czajka_to_code(unsolved[k]["game"]) is None)
    if other_unsolved:
        w("Not octal codes of this census, so not compared: " + ", ".join(unsolved[k]["game"] for k in other_unsolved) + ".")
        w()

    if cat["other"]:
        w("## Other")
        w()
        for r in cat["other"]:
            w(f"- {r['code']}: census {r['status']}, Czajka {cz(r['rep'])} ({r['table']}).")
        w()

    w("## Not found")
    w()
    if not cat["not_found"]:
        w("None.")
    for r in cat["not_found"]:
        if r["table"] is None:
            what = " (no move at all, G ≡ 0)" if r["code"] == "0.0" else ""
            w(f"- {r['code']}{what} (census: {r['status']}, pre-period {r['row']['pre_period']}, period {r['row']['period']}): not in `GameLookup.md` nor in any results table.")
        else:
            w(f"- {r['code']}: `GameLookup.md` gives {cz(r['rep'])}, but no offset |s| ≤ {MAX_SHIFT} matches its values (first difference without offset at n = {r['mismatch']}).")
    w()

    w("## Agreements")
    w()
    w(
        "Codes periodic here with the period and pre-period of Czajka's solved equivalent (after "
        "the offset), by Czajka's game: its table, prefix and period as listed, then the codes "
        "(offset s and converted n0 when s ≠ 0)."
    )
    w()
    w("| Czajka's game | table | prefix | period | codes |")
    w("|---|---|---:|---:|---|")
    agroups = {}
    for r in cat["agree"]:
        agroups.setdefault(r["rep"], []).append(r)
    for g in sorted(agroups, key=sort_key):
        info = trivial.get(g) or solved.get(g)
        pre = info.prefix if g in trivial else info["prefix"]
        per = info.period if g in trivial else info["period"]
        ms = ", ".join(
            m["code"] + ("" if m["shift"] == 0 else f" (s {sh(m['shift'])}, n0 {m['claim']['pre_period']:,})") for m in agroups[g]
        )
        w(f"| {cz(g)} | {'trivial' if g in trivial else 'solved'} | {pre:,} | {per:,} | {ms} |")
    w()

    w("## Checks of Czajka's tables themselves")
    w()
    bad = [(g, t, n, b) for g, t, n, b, ok in trivial_checks if b is not None]
    nonmin = [(g, t) for g, t, n, b, ok in trivial_checks if not ok]
    w(
        f"- `TrivialGames.md`: {len(trivial_checks)} rows; the listed values agree with each game's own "
        f"G(0), G(1), … over its prefix and two periods (at least G(0..{WINDOW - 1})) in "
        f"{len(trivial_checks) - len(bad)} rows"
        + ("" if not bad else " and differ in " + ", ".join(f"{cz(g)} (first at n = {b})" for g, t, n, b in bad))
        + "; the listed prefix and period are the least ones in "
        + f"{len(trivial_checks) - len(nonmin)} rows"
        + ("." if not nonmin else " (not in " + ", ".join(cz(g) for g, t in nonmin) + ").")
    )
    w(
        "  (An earlier version of the file, before Czajka's commit f50524e of 2018-04-30 \"dont normalize "
        "trivial games\", listed every game shifted to start with 01, e.g. `4` as (01) with prefix 0; the "
        "file used here lists the games' own values. The remark in the project's docs/src/claims-tables.md that 17 rows of "
        "`TrivialGames.md` list a shifted game's values describes that earlier version, e.g. commit "
        "6f2e71f, not this one.)"
    )
    sv_self = []
    for g in sorted(solved, key=sort_key):
        sv, row = solved[g], census[g]
        ok_max = int(row["max_value"]) == sv["largest"] and int(row["max_value_at"]) == sv["largest_idx"]
        sv_self.append(f"{cz(g)} {'agrees' if ok_max else 'differs'}")
    w(
        "- `SolvedGames.md` largest value and its first heap against the census's `max_value`, `max_value_at` "
        "(for the unsettled 0.354 and 0.376 the census's largest to 2^20): " + ", ".join(sv_self) + "."
    )
    lk_self = [g for g in sorted(lookup, key=sort_key) if lookup[g] == g and table_of(g) is None]
    lk_targets = sorted({v for v in lookup.values() if table_of(v) is None and lookup.get(v, v) == v}, key=sort_key)
    unlisted = sorted((k for k in list(trivial) + list(solved) + [u for u in unsolved if czajka_to_code(unsolved[u]["game"])] if k not in census), key=sort_key)
    w(
        f"- `GameLookup.md` covers {len(lookup)} codes; codes marked `-` but in no results table: "
        + (", ".join(lk_self) if lk_self else "none")
        + "; lookup targets in no results table: "
        + (", ".join(lk_targets) if lk_targets else "none")
        + "; listed games outside this census: "
        + (", ".join(unlisted) if unlisted else "none")
        + "."
    )
    # Families: codes with identical values here should have the same
    # Czajka game and offset, and conversely.
    fam = {}
    for r in rows:
        if r.get("shifts"):
            key = r["row"]["same_as"] or r["code"]
            fam.setdefault(key, set()).add((r["rep"], r["shift"]))
    split = sorted(k for k, v in fam.items() if len(v) > 1)
    cls = {}
    for r in rows:
        if r.get("shifts"):
            cls.setdefault((r["rep"], r["shift"]), set()).add(r["row"]["same_as"] or r["code"])
    merged = sorted((k for k, v in cls.items() if len(v) > 1), key=lambda k: (sort_key(k[0]), k[1]))
    w(
        f"- Census families (`same_as`) against Czajka's classes (game and offset, hence one "
        f"nim-sequence): {len(fam)} families, {len(cls)} classes; families spread over several "
        "classes: "
        + (", ".join(split) if split else "none")
        + ". The census's families come only from dropping moves that never change a value, so "
        "codes whose sequences coincide for other reasons stay apart; classes holding several "
        "families (by their representatives): "
        + (
            "; ".join(f"{cz(k[0])} s {sh(k[1])}: " + ", ".join(sorted(cls[k], key=sort_key)) for k in merged)
            if merged
            else "none"
        )
        + "."
    )
    if out is not sys.stdout:
        out.close()


if __name__ == "__main__":
    main()
