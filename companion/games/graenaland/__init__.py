"""Graenaland (Vlaada Chvátil, 2006): settle an island, split its produce by weighted votes.

Rules as pure functions over JSON state; box data in ``data/box.toml``. See
docs/games/graenaland.md for how the companion plays it.
"""

from .rules import GAME, Graenaland

__all__ = ["GAME", "Graenaland"]
