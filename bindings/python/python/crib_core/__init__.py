"""Exact, fast cribbage: count hands and the play, advise the discard and the play, count a
deal on the board, and the odds of winning, from crib's library.

The functions and classes are crib's Rust library (``crib_core._native``), re-exported here.
Two submodules are imported on demand: ``crib_core.env`` (a PettingZoo environment and a
Gymnasium wrapper, ``pip install crib-core[env]``) and ``crib_core.engine`` (a bot kit that
speaks crib's engine protocol, standard library only).
"""

from ._native import *  # noqa: F401,F403
from ._native import __version__  # noqa: F401
