"""Readers of grundy's binary dataset files. Each is the crate's own
reader: the file's BLAKE3 digest, magic, version, length and layout are
checked, and a file that fails any check raises :class:`grundy.GrundyError`
naming it (``corrupt dataset PATH: ...``).
"""

from os import PathLike
from typing import Dict, NamedTuple, Union

import numpy as np

from . import _grundy

Path = Union[str, "PathLike[str]"]


class Sequence(NamedTuple):
    """A sequence file read back: the code as stored and ``G(0..len)``."""

    code: str
    values: np.ndarray


class Positions(NamedTuple):
    """A Monorail positions table read back: the header (``version``,
    ``tiles``, ``loops``, ``records``), the keys (``uint64``, strictly
    ascending) and the nimbers (``uint16``) of every position class."""

    header: Dict[str, int]
    keys: np.ndarray
    nimbers: np.ndarray


def read_sequence(path: Path) -> Sequence:
    """Reads a sequence file: ``sequence.bin.zst`` of an octal dataset (or
    the dataset directory), or an ``octal seq --checkpoint`` file."""
    code, values = _grundy.read_sequence_file(path)
    return Sequence(code, values)


def read_positions(path: Path) -> Positions:
    """Reads a Monorail ``positions.bin.zst`` (or the dataset directory
    holding it). For looking positions up, :class:`grundy.monorail.Table`."""
    header, keys, nimbers = _grundy.read_positions_file(path)
    return Positions(header, keys, nimbers)


__all__ = ["Positions", "Sequence", "read_positions", "read_sequence"]
