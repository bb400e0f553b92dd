"""The prompt: the contract between a game and the generic table layer.

A game says *what* input it awaits, from *which* seats, with *which* legal options; the table
decides how to collect it (pads, host buttons, emulator) without knowing the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from .i18n import Msg


class PromptKind(StrEnum):
    SECRET_CHOICE = "secret_choice"  # every listed seat picks hidden; revealed together
    VOTE = "vote"  # hidden yes/no per seat; the game tallies
    CHOICE = "choice"  # one seat picks from a public list
    NUMBER = "number"  # one seat enters a count
    CELL = "cell"  # one seat moves a cursor over a grid and selects
    CONFIRM = "confirm"  # acknowledge what the companion (or the table) did

    @property
    def hidden(self) -> bool:
        return self in (PromptKind.SECRET_CHOICE, PromptKind.VOTE)


class Option(NamedTuple):
    """One legal answer.

    ``value`` goes into the action log (JSON); ``label`` is shown; ``code`` is the key sequence on
    a pad that selects it (``"3"``, ``"12"``, ``"#"``). Codes of one prompt are unique.
    """

    value: Any
    label: Msg
    code: str


@dataclass(frozen=True)
class Prompt:
    """What the game waits for.

    ``step`` names the decision (``"pick_character"``) and is written into the action, so a log
    reads like the game. ``seats`` are who answers; an empty tuple means anyone at the table (the
    host buttons). ``options`` maps each seat (or -1 for "anyone") to its legal options; NUMBER
    prompts give ``minimum``/``maximum`` instead; CONFIRM needs none.
    """

    kind: PromptKind
    step: str
    seats: tuple[int, ...]
    title: Msg
    options: dict[int, tuple[Option, ...]] = field(default_factory=dict)
    minimum: int | None = None
    maximum: int | None = None
    detail: Msg | None = None
    # A map (CELL prompts, and any prompt that shows a place, e.g. an opponent's placement):
    # width x height grid, a 1-3 letter label per drawn cell, the cursor (or the shown place).
    # CELL prompts list the selectable cells as options whose value is [x, y].
    grid: tuple[int, int] | None = None
    cells: dict[tuple[int, int], str] = field(default_factory=dict)
    cursor: tuple[int, int] | None = None
    # The answering seat sits across the table: draw the map turned 180 degrees and turn the
    # cursor keys with it, so "2" still moves away from that player.
    turned: bool = False
    # The question in a few words, for a panel row beside the answer being confirmed ("Bardka:
    # komu +2?"): one body row of the 128x64 panel, without the seat, which the table puts in
    # front or in the header. None: the title is short enough (the table then never cuts it).
    short: Msg | None = None
    # Answers the step knows but does not offer now, by seat like ``options``, with the codes a
    # pad would type for them (the Bard's own seat, a character already played): the table sends
    # such a code to the game, whose ``explain`` names the rule, instead of a generic refusal.
    unoffered: dict[int, tuple[Option, ...]] = field(default_factory=dict)
    # Several counts (cards to give, a cost in resources): each option's value is a list of
    # these kinds' values, one a card, in any order; a phone shows a counter per kind (its
    # label) instead of a list of every mix. Empty: the options are a plain list.
    kinds: tuple[Option, ...] = ()

    ANYONE = -1

    def options_for(self, seat: int | None) -> tuple[Option, ...]:
        if seat is not None and seat in self.options:
            return self.options[seat]
        return self.options.get(Prompt.ANYONE, ())

    def unoffered_for(self, seat: int | None) -> tuple[Option, ...]:
        """The answers ``seat`` cannot give now but the step knows (see ``unoffered``)."""
        if seat is not None and seat in self.unoffered:
            return self.unoffered[seat]
        return self.unoffered.get(Prompt.ANYONE, ())

    def accepts_seat(self, seat: int | None) -> bool:
        """Anyone may answer an open prompt; the host (seat None) may answer any public one."""
        if not self.seats:
            return True
        if seat is None:
            return not self.kind.hidden
        return seat in self.seats
