"""Vaaalbara: 2-5 players pick characters in secret, then take lands in initiative order.

Where to read: ``game.py`` (the game as the engine sees it), ``flow.py`` (what happens between two
answers), ``steps/`` (every decision: the round's in ``round.py``, each character's whole effect
in ``characters.py``), ``lands.py`` (land rewards), ``omens.py`` (turn order and ties),
``common.py`` (seats, clans, VP), ``box.py`` + ``data/box.toml`` (box facts and rule settings).
Players' guide: docs/games/vaaalbara.md.
"""

from .game import Vaaalbara

GAME = Vaaalbara()

__all__ = ["GAME", "Vaaalbara"]
