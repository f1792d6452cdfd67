"""Octal games: nim-sequences (``grundy octal seq``) and proved periods
(``grundy octal period``).

A code is what the command line reads: an octal code (``0.77``, ``.137``,
``4.07``), a hexadecimal one (``hex:0.8F``) or a name (``kayles``,
``dawsons-chess``, ``dawsons-kayles``, ``treblecross``).
"""

from os import PathLike
from typing import Any, Dict, Union

import numpy as np

from . import _grundy

#: ``grundy octal period``'s default ``--max-n``.
PERIOD_MAX_N = 1 << 22


def values(code: str, max_n: int, engine: str = "sparse", force: bool = False) -> np.ndarray:
    """``G(0..=max_n)`` of ``code``, a NumPy ``uint32`` array of length
    ``max_n + 1`` (what ``grundy octal seq CODE --max-n N`` prints).

    Past a proved period the values follow from it. Refused with a
    :class:`grundy.GrundyError`, as the command line refuses it, when the
    estimate exceeds the memory available (or, for ``engine="naive"``,
    ten minutes) unless ``force``.

    >>> grundy.octal.values("0.137", 10).tolist()
    [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    """
    return _grundy.octal_values(code, max_n, engine, force)


def period(
    code: str, max_n: int = PERIOD_MAX_N, engine: str = "sparse", force: bool = False
) -> Dict[str, Any]:
    """The period of ``code`` and its proof, as ``grundy octal period CODE
    --max-n N --json`` (the same dict, with ``claim["text"]`` besides):
    values are computed until the Octal Periodicity Theorem proves a period
    or ``max_n`` is reached.

    Keys: ``code``, ``max_n``, ``pre_period``, ``period``, ``proved``,
    ``checked_to``, ``computed_to``; when proved also ``proof_range``
    (``G(n + p') = G(n)`` was checked for ``proof_range[0] <= n <
    proof_range[1]``), ``claim`` (``period``, ``values`` by residue,
    ``exceptions`` as ``[n, G(n)]`` pairs and ``text`` in the claim syntax
    ``P/values/exceptions``), ``check`` (the ``grundy octal check`` command
    that re-checks it) and ``check_table_row``; when not, ``arithmetic``
    (arithmetic periodicity seen, never proved, or ``None``).

    >>> grundy.octal.period("kayles")["period"]
    12
    """
    return _grundy.octal_period(code, max_n, engine, force)


def write_dataset(
    code: str,
    max_n: int,
    out: Union[str, "PathLike[str]"],
    engine: str = "sparse",
    force: bool = False,
) -> Dict[str, Any]:
    """Writes the dataset of ``G(0..=max_n)`` to the directory ``out``, as
    ``grundy octal seq CODE --max-n N --out DIR`` does (``sequence.csv``,
    ``sequence.bin.zst``, ``b-file.txt``, ``table.tex``, ``summary.json``),
    and returns ``summary.json`` as a dict. Read it back with
    :func:`grundy.readers.read_sequence`. Refused with a
    :class:`grundy.GrundyError` before anything is written, as the command
    line refuses it, when the dataset is estimated past the free space of
    ``out``'s file system (or the computation past the memory available)
    unless ``force``.
    """
    return _grundy.octal_write_dataset(code, max_n, out, engine, force)


__all__ = ["PERIOD_MAX_N", "period", "values", "write_dataset"]
