"""Graenaland (Vlaada Chvátil, 2006): settle an island, split its produce by weighted votes.

The game object is in ``game.py``, its steps (one per decision the table is asked) in
``steps/``, the rules as pure functions over JSON state in the modules beside them, box data in
``data/box.toml`` (``box.py``). See docs/games/graenaland.md for how the companion plays it.
"""

from .game import Graenaland

GAME = Graenaland()

__all__ = ["GAME", "Graenaland"]
