#!/usr/bin/env python3
"""Checks the links of README.md and the book (docs/src/*.md).

Every relative link target (Markdown `[text](target)` and `![alt](target)`,
outside code) must be an existing file or directory, resolved from the
file holding the link; every chapter in docs/src must be listed in
SUMMARY.md and every file SUMMARY.md lists must exist. mdBook itself only
warns about some of these, so CI runs this after `mdbook build docs`.

Prints one line per broken link, `FILE:LINE: TARGET`, and exits 1 if
there is any; exit 0 and a one-line count otherwise.

Links into python/ (the Python package, built on another branch) are only
reported, not counted, while python/ does not exist in this checkout.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def links(path):
    """(line number, target) of every link outside fenced and inline code."""
    fence = False
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        if fence:
            continue
        line = re.sub(r"`[^`]*`", "", line)
        for m in LINK.finditer(line):
            yield n, m.group(1)


def main():
    files = [ROOT / "README.md"] + sorted((ROOT / "docs/src").glob("*.md"))
    broken, checked, pending = [], 0, []
    for f in files:
        for n, target in links(f):
            if re.match(r"^[a-z]+:", target) or target.startswith("#"):
                continue
            checked += 1
            dest = (f.parent / target.split("#", 1)[0]).resolve()
            if dest.exists():
                continue
            where = f"{f.relative_to(ROOT)}:{n}: {target}"
            if dest.is_relative_to(ROOT / "python") and not (ROOT / "python").exists():
                pending.append(where)
            else:
                broken.append(where)
    summary = ROOT / "docs/src/SUMMARY.md"
    listed = {t.split("#", 1)[0] for _, t in links(summary)}
    for chapter in sorted((ROOT / "docs/src").glob("*.md")):
        if chapter.name != "SUMMARY.md" and chapter.name not in listed:
            broken.append(f"docs/src/SUMMARY.md: does not list {chapter.name}")
    for line in pending:
        print(f"not checked (python/ is not in this checkout): {line}")
    for line in broken:
        print(line)
    if broken:
        print(f"{len(broken)} broken link(s)", file=sys.stderr)
        return 1
    print(f"{checked} relative links in {len(files)} files resolve")
    return 0


if __name__ == "__main__":
    sys.exit(main())
