"""Monorail: a solved positions table looked up position by position, and
the solve that writes one (``grundy monorail solve``).

A position is written in the command line's compact notation: the tiles
placed as ``x,y,TYPE`` separated by ``;`` (``-2,-1,NS;-1,-1,NE;0,-1,EW``),
``-`` for the start, coordinates relative to the station.
"""

from os import PathLike
from typing import Any, Dict, Union

from . import _grundy

#: A solved table: ``Table(dir)`` reads ``dir/positions.bin.zst`` (or the
#: file itself), digest checked; ``Table(dir).nimber(position)`` is the
#: position's nimber (what ``grundy monorail show POSITION`` prints), and
#: ``len(table)`` the number of position classes.
Table = _grundy.MonorailTable


def solve(tiles: int, out: Union[str, "PathLike[str]"], force: bool = False) -> Dict[str, Any]:
    """Solves every position reachable from the start with ``tiles`` tiles
    and writes the dataset directory ``out`` (``positions.bin.zst`` and the
    CSV files), as ``grundy monorail solve --tiles T --out DIR``; returns
    ``summary.json`` as a dict. Small tile counts take well under a second
    (``tiles=8``); the real game, 16 tiles, takes minutes and gigabytes.
    Refused with a :class:`grundy.GrundyError` when the estimate exceeds
    the memory available or the dataset the free space of ``out``'s file
    system, unless ``force``.
    """
    return _grundy.monorail_solve(tiles, out, force)


__all__ = ["Table", "solve"]
