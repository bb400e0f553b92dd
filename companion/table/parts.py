"""The table's state besides the session and the screen, in three named records: what it was
built with (``Fittings``), what it tells each seat apart from the question (``SeatSignals``) and
what it says to everyone (``Messages``); and the outside parts it is built with, as Protocols
(``Recorder``, ``PadSeating``, ``BoxMemory``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Protocol

from ..engine import Game, Msg
from ..surface.panel import Panel
from .housekeeping import Archive, BoxKeeper


class Recorder(Protocol):
    """Where accepted actions go before anyone sees them accepted (store.Store implements it)."""

    def create_session(self, game: str, options: dict, seed: int, seats: list[str]) -> int: ...

    def append(self, session_id: int, entry: dict) -> int: ...

    def finish(self, session_id: int, scores: dict, winner: int | None) -> None: ...

    def finished_count(self) -> int: ...

    def abandon(self, session_id: int) -> None:
        """Close a session unfinished: kept in history as abandoned, its log and all."""

    # Players by name (optional: a recorder without them keeps no names, and the in-game menu
    # then has no entry for them).
    def name_player(self, session_id: int, seat: int, name: str | None) -> str | None:
        """Give ``seat`` its player's name (None takes it away), durably; the name as kept.
        ValueError (or the recorder's own error) says why a name is refused (optional)."""

    def known_names(self) -> list[str]:
        """Players' names seen at this table before, most recent first, each once (optional)."""

    def players(self, session_id: int) -> dict[int, str]:
        """The names the session's players were given, by seat (optional)."""


class PadSeating(Protocol):
    """The serial pads' seat assignment (hw.pads.PadHub plus a file), seen from the table."""

    def begin(self) -> None:
        """Unseat every pad so each key arrives as RawPadKey."""

    def finish(self, mapping: dict[str, int] | None) -> None:
        """Seat pads by ``mapping`` and remember it; None restores the previous seating."""


class BoxMemory(Protocol):
    """Box-data corrections kept per game between sessions (store.boxes.BoxFiles implements it)."""

    def load(self, game: str) -> dict: ...

    def save(self, game: str, box: dict) -> None: ...

    def problem(self, game: str) -> Msg | None:
        """Why the last ``load(game)`` set the saved memory aside, or None (optional)."""


@dataclass
class Fittings:
    """What the table is built with and around, fixed for its life (``guard`` excepted: the
    run sets it once it knows people press the keys)."""

    recorder: Recorder
    games: Mapping[str, Game]
    panel: Panel  # the display's budget (size, fonts): every text is broken into rows for it
    clock: Callable[[], float]  # seconds, monotonic: the red blinks and the key guard
    # when seats lock: the recorder's clock when it has one (the entries' "at" and the lock
    # times then come from one clock), else local time
    wall_clock: Callable[[], datetime]
    new_seed: Callable[[], int]
    # seconds a key is held back after its question changed (``table.GUARD_S`` where people
    # press the keys; 0 for a script, whose keys are not pressed by anyone reading the panel)
    guard: float
    max_pad_seats: int
    yes_no_seats: frozenset[int]  # seats with two buttons, not a keypad
    seating: PadSeating | None  # the serial pads' seats (pairing), if there are pads
    box_memory: BoxMemory | None
    boxes: BoxKeeper  # what sessions learned about the box, per game
    archive: Archive  # an ended game on its way into the history


@dataclass
class SeatSignals:
    """What the table tells one seat apart from the question: on its LED, its pad screen, its
    phone; and which seats' pads are gone."""

    errors: dict[int, float] = field(default_factory=dict)  # seat -> when its red blink ends
    notes: dict[int, Msg] = field(default_factory=dict)  # a pad screen's line: why its last key did nothing
    # a refusal's own reason, for the refused seat's pad screen and phone only (``Table.refuse``)
    reasons: dict[int, Msg] = field(default_factory=dict)
    # seat (None: the host) -> when what it is asked last changed (the key guard, ``flow.too_soon``)
    asked_at: dict[int | None, float] = field(default_factory=dict)
    absent: set[int] = field(default_factory=set)  # seats whose pad is gone
    pads: set[int] = field(default_factory=set)  # seats a serial pad is seated at now (a claim says so)
    phones_away: set[int] = field(default_factory=set)  # seats whose phone went away (``PhonePresence``)
    languages: dict[int, str] = field(default_factory=dict)  # seat -> the language its phone reads


@dataclass
class Messages:
    """What the table says to everyone, on the panel and the board."""

    notice: list[Msg] = field(default_factory=list)  # what the last event says (a refusal, a failure), until a key
    news: list[Msg] = field(default_factory=list)  # public events of the last action, shown until a key
    news_scroll: int = 0  # screens of the announcements read on their own screen
    pad_troubles: dict[str, Msg] = field(default_factory=dict)  # pads that cannot be used; shown in the menu
