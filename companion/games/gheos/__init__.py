"""Gheos: 2-4 players lay triangular tiles, found civilisations on continents, collect their
followers and score them by pyramids (epochs), cups (scoring tokens, the final round) and temples;
wars and migrations destroy civilisations.

Where to read: ``game.py`` (the game as the engine sees it), ``flow.py`` (turns, counts, the
end), ``steps/`` (every decision: the turn in ``turn.py``, war/migration/temple in
``conflicts.py``, the counts in ``counts.py``), ``ledger.py`` (who holds which followers),
``scoring.py`` and ``conflict.py`` (the arithmetic and the referees' decisions), ``box.py`` +
``data/box.toml`` (box facts and the readings of open questions). Players' guide:
docs/games/gheos.md.
"""

from .game import Gheos

GAME = Gheos()

__all__ = ["GAME", "Gheos"]
