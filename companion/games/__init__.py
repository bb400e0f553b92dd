"""The games the companion knows. Each lives in its own folder with its rules and box data."""

from __future__ import annotations

import importlib

from ..engine import Game, Msg

# name -> module path; the module exposes GAME, an instance of engine.Game
REGISTRY = {
    "vaaalbara": "companion.games.vaaalbara",
    "graenaland": "companion.games.graenaland",
    "dva_bratri": "companion.games.dva_bratri",
    "great_wall": "companion.games.great_wall",
    "troy": "companion.games.troy",
    "gheos": "companion.games.gheos",
}

# The menu's title of each game, readable without importing it (the menu is drawn before any
# game is imported): the same text as the game's own ``title``, which a test compares.
TITLES: dict[str, Msg] = {
    "vaaalbara": Msg("Vaaalbara", "Vaaalbara"),
    "graenaland": Msg("Graenaland", "Graenaland"),
    "dva_bratri": Msg("Dva bratři", "The Two Heirs"),
    "great_wall": Msg("Velká čínská zeď", "The Great Wall"),
    "troy": Msg("Trója", "Troy"),
    "gheos": Msg("Gheos", "Gheos"),
}


def available() -> list[str]:
    return list(REGISTRY)


def load(name: str) -> Game:
    if name not in REGISTRY:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(REGISTRY)}")
    return importlib.import_module(REGISTRY[name]).GAME
