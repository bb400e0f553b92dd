"""Troy (Catan Historical Scenarios II): 4-6 players support Troy or Mycenae in secret.

The board, cards and pieces stay on the table. The companion keeps the score with the hidden saga
points, is the support row (or counts the cards on the table), fights the battles, tracks ships,
trade points and the sea people, and ends the game on 15 VP on one's own turn or at the end of the war.

Where to read: ``game.py`` (the scenario's hooks on the Catan core, ``companion/games/catan``),
``steps/`` (Troy's decisions), the pure rules ``support.py`` (the row), ``battle.py``,
``saga.py``, ``ships.py``, ``allegiance.py``, ``ranking.py``, ``war.py`` (the end), the state
in ``scenario.py``, ``box.py`` + ``data/box.toml`` (box facts and readings, unknowns marked),
``texts.py``. Players' guide: docs/games/troy.md.
"""

from ..catan import CatanGame
from .game import Troy

GAME = CatanGame(Troy())

__all__ = ["GAME", "Troy"]
