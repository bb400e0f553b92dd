"""The protocol every game implements. A game is pure: state in, state out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .i18n import Msg
from .prompt import Prompt


@dataclass(frozen=True)
class Status:
    """What the shared screen always shows: round, phase, whose turn, what is awaited.

    ``recent`` are the latest public events ("Blue takes 3 VP"), newest last. ``turn`` is the
    seat whose turn it is in the game's sense (None when everyone acts at once).
    """

    round: int | None
    rounds: int | None
    phase: Msg
    turn: int | None = None
    recent: tuple[Msg, ...] = ()


@dataclass(frozen=True)
class Setting:
    """A setup option the players choose in the menu before a game starts.

    ``values`` pairs each allowed value with its label; the first is the default. ``pick`` > 1
    makes the option a list of exactly that many distinct values (``default`` then gives them).
    ``seats`` limits the option to some player counts (None: always offered).
    """

    key: str
    label: Msg
    values: tuple[tuple[Any, Msg], ...]
    seats: tuple[int, ...] | None = None
    pick: int = 1
    default: Any = None

    def applies(self, seats: int) -> bool:
        return self.seats is None or seats in self.seats

    def initial(self) -> Any:
        if self.default is not None:
            return self.default
        return self.values[0][0] if self.pick == 1 else [v for v, _ in self.values[:self.pick]]


@dataclass(frozen=True)
class Scores:
    """Totals per seat with a breakdown, and the ranking once the game is over.

    ``ranking`` lists seats best first, tie-breaks applied; empty while the game runs.
    """

    totals: dict[int, int]
    breakdown: dict[int, dict[str, int]] = field(default_factory=dict)
    ranking: tuple[int, ...] = ()
    final: bool = False

    @property
    def winner(self) -> int | None:
        return self.ranking[0] if self.final and self.ranking else None

    def to_json(self) -> dict:
        return {
            "final": self.final,
            "totals": {str(k): v for k, v in self.totals.items()},
            "breakdown": {str(k): v for k, v in self.breakdown.items()},
            "ranking": list(self.ranking),
            "winner": self.winner,
        }


class Game:
    """Base class of a game's rules. Subclasses live in ``companion/games/<name>/``.

    ``apply`` receives a private deep copy of the state: it may mutate and return it, or raise
    ``RuleError``; the session's state is untouched either way.
    """

    name: str = ""
    title: Msg = Msg("", "")
    min_seats: int = 1
    max_seats: int = 1
    settings: tuple[Setting, ...] = ()  # offered in the menu; validate_options has the last word

    def setup(self, options: dict[str, Any], seed: int) -> dict:
        raise NotImplementedError

    def prompt(self, state: dict) -> Prompt | None:
        """The awaited input, or None when the game is over."""
        raise NotImplementedError

    def apply(self, state: dict, action: dict) -> dict:
        raise NotImplementedError

    def view(self, state: dict, seat: int | None = None) -> dict:
        """JSON view: public when ``seat`` is None, else what that seat may also see."""
        raise NotImplementedError

    def score(self, state: dict) -> Scores:
        raise NotImplementedError

    def status(self, state: dict) -> Status:
        raise NotImplementedError

    def seat_label(self, state: dict, seat: int) -> Msg:
        return Msg(f"Hráč {seat + 1}", f"Player {seat + 1}")

    def seat_count(self, state: dict) -> int:
        return int(state["seats"])

    def validate_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Check and complete the setup options; raise RuleError naming a bad one."""
        return dict(options)

    def learned_box(self, state: dict) -> dict:
        """Box-data corrections made or learned in this session, in the shape of the ``box``
        setup option. The appliance saves them per box and passes them to the next session."""
        return {}
