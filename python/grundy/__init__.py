"""grundy: impartial combinatorial games settled by exhaustive search.

The Python face of the ``grundy`` Rust crate. Every computation is the
crate's own (the extension module ``grundy._grundy``); this package only
arranges the results as Python and NumPy objects.

* :mod:`grundy.octal` -- nim-sequences of octal games and their proved periods;
* :func:`grundy.sum` -- a sum of games from any family, its nimber and its
  winning moves;
* :mod:`grundy.readers` -- the sequence and Monorail positions files, their
  digests checked;
* :mod:`grundy.monorail` -- a solved Monorail table, position by position.

Every error is a :class:`GrundyError` (a :class:`ValueError`) whose message
is the line the command line prints after ``error:``.
"""

from ._grundy import GrundyError
from . import monorail, octal, readers
from ._sum import sum

__all__ = ["GrundyError", "monorail", "octal", "readers", "sum"]
__version__ = "0.1.0"
