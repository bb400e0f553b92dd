"""Example: the smallest complete game, the one to copy when adding a game (docs/architecture.md,
"Adding a game"). It is registered like every game, so every test that runs for a registered game
runs for it, and the menu leaves it out (``companion/games/__init__.py``).

Each round every seat secretly picks 1-3; the box rolls the die; the highest pick leads and adds a
bonus of 0-5 to the die, scoring the sum. A bonus of 4 is refused by a rule; a bonus of 5 scores
a point more when the die shows the star, so the first one asks the table which face of its die
bears the star (a printed fact the box is taught once).

Where to read: ``game.py`` (the game as the engine sees it), ``steps.py`` (its four decisions),
``box.py`` + ``data/box.toml`` (the die). Players' guide and the session file's steps:
docs/games/example.md.
"""

from .game import Example

GAME = Example()

__all__ = ["GAME", "Example"]
