"""The Great Wall (Catan Historical Scenarios II), 4 or 6 players (5 on an unverified reading).

The board, the cards and the pieces stay on the table. The box is the raider bag: it draws a
raider on every settlement or city built, moves raiders on every roll before production, finds
breaches and says what to move on the board; it keeps the walls, penalty tokens, the breach
count, and every player's true points (VP cards entered secretly), and ends the game at 10 VP on
one's own turn or when China falls.

Where to read: ``game.py`` (the scenario's numbers and hooks on the Catan core in
``companion/games/catan``), ``raiders.py`` (the bag, the roll, breaches, walls, knights),
``steps.py`` (its decisions), ``box.py`` + ``data/box.toml`` (what is printed: unknown attack
numbers and wall costs are asked when first needed and remembered), ``texts.py``.
Players' guide: docs/games/great_wall.md.
"""

from ..catan import CatanGame
from .game import GreatWall

GAME = CatanGame(GreatWall())

__all__ = ["GAME", "GreatWall"]
