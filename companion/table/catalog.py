"""The games the table offers, each imported only when first needed.

Importing a game (its rules, steps and box data) costs more than the rest of the start-up
together, and the first screen needs only the games' names. So the table gets a mapping that
imports a game when it is first asked for (chosen in the menu, or resumed after a restart), and
the menu reads the titles it is given (``companion.games.TITLES``). A game without a title
there still works: its title is read from the game, which imports it at start-up.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Mapping

from ..engine import Game, Msg

log = logging.getLogger(__name__)


class LazyGames(Mapping[str, Game]):
    """Games by name, imported on first use. A game that cannot be imported (bad box data, a
    bug) is logged once and then behaves as absent (``KeyError``): it never stops the others."""

    def __init__(self, names: Iterable[str], load: Callable[[str], Game], titles: Mapping[str, Msg] | None = None):
        self._names = list(names)
        self._load = load
        self._titles = dict(titles or {})
        self._loaded: dict[str, Game] = {}
        self._broken: dict[str, str] = {}

    def __getitem__(self, name: str) -> Game:
        game = self._loaded.get(name)
        if game is not None:
            return game
        if name not in self._names or name in self._broken:
            raise KeyError(name)
        try:
            game = self._load(name)
        except Exception as error:  # one broken game must not stop the others
            self._broken[name] = str(error)
            log.error("game %s is unavailable: %s", name, error)
            raise KeyError(name) from None
        self._loaded[name] = game
        return game

    def __contains__(self, name: object) -> bool:
        return name in self._names and name not in self._broken

    def __iter__(self) -> Iterator[str]:
        return (name for name in self._names if name not in self._broken)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def loaded(self) -> list[str]:
        """The games imported so far (for tests and the log)."""
        return list(self._loaded)

    def title(self, name: str) -> Msg:
        """The menu's title of ``name``, without importing it when it is listed here."""
        title = self._titles.get(name)
        return title if title is not None else self[name].title


def title_of(games: Mapping[str, Game], name: str) -> Msg:
    """A game's title from a lazy mapping (no import) or from the game itself."""
    title = getattr(games, "title", None)
    return title(name) if callable(title) else games[name].title
