"""``grundy.sum``: a sum of games (``grundy sum``)."""

from typing import Any, Dict, Optional

from . import _grundy


def sum(expr: str, limit: Optional[int] = None, force: bool = False) -> Dict[str, Any]:
    """Settles a sum of games, as ``grundy sum EXPR --all --json``.

    ``expr`` separates components by ``+``, in the command line's syntax:
    ``nim:N``, an octal game by name or code with a heap size
    (``kayles:10``, ``0.137:7``, ``hex:0.8F:6``), ``coins:RULE:ROW``,
    ``treblecross:ROW``, ``monorail:POSITION`` or ``monorail:T:POSITION``,
    ``graph:FILE:VERTEX``.

    Returns a dict: ``sum`` (the components as read), ``components`` (each
    with ``component``, ``family`` and ``nimber``), ``nimber`` (the
    nim-sum), ``outcome`` (``"N"`` or ``"P"``), ``first_player_wins``,
    ``winning_moves`` (each with ``component`` (1-based), ``nimber``,
    ``to_value`` and ``move``), ``winning_moves_count`` and ``truncated``.
    Every winning move is listed unless ``limit`` caps them per component.
    ``force`` solves Monorail components past the memory estimate.

    >>> grundy.sum("kayles:10 + dawsons-chess:7")["nimber"]  # 2 ^ 1
    3
    """
    return _grundy.sum(expr, limit, force)
