"""What the store asks of the games, answered by whoever opens it: the store imports no game.

A new session is described by its game once, as it is created (``describe``: the name of every
seat the game scores, its title, whether it is a teaching walk), and the description is stored
with it, so history, stats and the exports never need the game again. What still needs a game is
handed in as a ``GameRules`` (``companion.known_games.KNOWN`` asks the registry): the names and
marks of sessions recorded before they were stored (``migration.undescribed``), rebuilding box
memory from a session's log, checking saved box memory, and what the BG Stats export says of a
game. This base knows no game: seats keep their labels, nothing is a teaching walk, no memory is
refused, a game is called by its module name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple


class GameFacts(NamedTuple):
    """What the BG Stats export says of a game, from its rules (``Game.title``, ``bgg_id``,
    ``highest_wins``); an unknown game (in an imported history) by its module name alone."""

    title: str
    bgg_id: int | None = None
    highest_wins: bool = True


class GameRules:
    """The store's questions to the games, answered as a box that knows no game would."""

    def describe(self, game: str, options: Mapping, seed: int, seats: Sequence[str]) -> dict[str, Any]:
        """What a new session stores of its game: ``names`` (every seat the game scores, the
        labelled ``seats`` first: a solo Dva bratři game adds Jindřich), and where known
        ``title`` ({"cs", "en"}) and ``teaching`` (True for a walk through the box)."""
        return {"names": [str(label) for label in seats]}

    def seat_names(self, game: str, options: Mapping, seed: int, seats: Sequence[str], scores: Mapping) -> list[str]:
        """The names of every seat ``scores`` ranks, for a session recorded before the names
        were stored with it; a seat past the labels is "seat N"."""
        names = [str(label) for label in seats]
        totals = scores.get("totals") if isinstance(scores, Mapping) else None
        ranked = [int(key) for key in totals if str(key).isdigit()] if isinstance(totals, Mapping) else []
        while len(names) <= max(ranked, default=-1):
            names.append(f"seat {len(names) + 1}")
        return names

    def is_teaching(self, game: Any, options: Any) -> bool:
        """Whether a session recorded before the mark was stored walked through the box."""
        return False

    def memory_problem(self, game: str, memory: Any) -> str | None:
        """Why saved box memory cannot be given to a new session of ``game`` (one line)."""
        return None

    def learned_box(self, game: str, options: Mapping, seed: int, entries: Sequence[Mapping]) -> dict:
        """What a session's log taught about the box (its replay's ``Game.learned_box``)."""
        return {}

    def facts(self, game: str) -> GameFacts:
        """What the BG Stats export says of ``game``."""
        return GameFacts(game)


NO_GAMES = GameRules()
