"""The games the companion knows. Each lives in its own folder with its rules and box data.

A game is added in one place: its ``Entry`` in ``GAMES`` (docs/architecture.md, "Adding a game").
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from ..engine import Game, Msg


@dataclass(frozen=True)
class Entry:
    """One game: its name (a session file's ``"game"``), the menu's title, readable without
    importing the game (the menu is drawn before any game is imported; a test compares it with
    the game's own ``title``), and whether the menu offers it. Its rules are the module
    ``companion.games.<name>``, which exposes ``GAME``, an instance of ``engine.Game``."""

    name: str
    title: Msg
    in_menu: bool = True

    @property
    def module(self) -> str:
        return f"{__name__}.{self.name}"

    def load(self) -> Game:
        return importlib.import_module(self.module).GAME


GAMES: tuple[Entry, ...] = (
    Entry("vaaalbara", Msg("Vaaalbara", "Vaaalbara")),
    Entry("graenaland", Msg("Graenaland", "Graenaland")),
    Entry("dva_bratri", Msg("Dva bratři", "The Two Heirs")),
    Entry("great_wall", Msg("Velká čínská zeď", "The Great Wall")),
    Entry("troy", Msg("Trója", "Troy")),
    Entry("gheos", Msg("Gheos", "Gheos")),
    # the smallest complete game, the one to copy: registered, so every test that runs for a
    # registered game runs for it too; nobody plays it, so the menu leaves it out
    Entry("example", Msg("Příklad", "Example"), in_menu=False),
)

ENTRIES: dict[str, Entry] = {entry.name: entry for entry in GAMES}

# Views of GAMES for the code that reads them by these names (the tests over every registered
# game, the table's lazy catalogue): name -> module path, name -> the menu's title.
REGISTRY: dict[str, str] = {entry.name: entry.module for entry in GAMES}
TITLES: dict[str, Msg] = {entry.name: entry.title for entry in GAMES}


def available() -> list[str]:
    """The games the menu offers, in its order."""
    return [entry.name for entry in GAMES if entry.in_menu]


def registered() -> list[str]:
    """Every game a session file may name (the menu's and those it leaves out)."""
    return list(ENTRIES)


def load(name: str) -> Game:
    entry = ENTRIES.get(name)
    if entry is None:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(ENTRIES)}")
    return entry.load()
