"""Vaaalbara: 2-5 players pick characters in secret, then take lands in initiative order.

Rules in ``rules.py``, box facts in ``data/box.toml``; players' guide in docs/games/vaaalbara.md.
"""

from .rules import GAME, Vaaalbara

__all__ = ["GAME", "Vaaalbara"]
