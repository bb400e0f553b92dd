"""Hidden simultaneous choice: collected on the pads, kept in memory, revealed at once.

Secrecy by construction:
- every option of one prompt is entered with the same number of keys (codes are padded to one
  width), so neither the key count nor the timing tells a pick apart;
- what leaves this object before the reveal is only *who* is locked, never *what*;
- nothing here is written to disk or logged; the moment each seat locked (``lock_times``) is
  handed out only with the picks, for the revealed entry's ``"locked"``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from ..engine import Option, Prompt
from ..surface.pad_screen import padded

YES_NO_KEYS = {"#", "*"}


def code_width(options_by_seat: dict[int, tuple[Option, ...]]) -> int:
    codes = [o.code for opts in options_by_seat.values() for o in opts]
    return max((len(c) for c in codes), default=1)


@dataclass
class SeatEntry:
    typed: str = ""  # keys typed since the last lock (at most `width`)
    locked: object = None  # the option value; meaningful only when is_locked
    is_locked: bool = False
    mistyped: bool = False  # the last complete entry matched no option
    wrong: str = ""  # that entry's keys (no pick: it matched none), for the refusal
    locked_at: datetime | None = None  # when the pick now locked was locked (wall clock)


@dataclass
class SecretCollector:
    """Collects one hidden pick per seat for one prompt.

    Digit codes: type the code (fixed width, a rolling window keeps the last keys) then ``#``.
    Yes/no codes (``#``/``*``): the key itself locks. A seat may change its pick by entering a
    new one until the last seat locks; then ``picks()`` is complete and the table reveals.
    """

    prompt: Prompt
    entries: dict[int, SeatEntry] = field(default_factory=dict)
    clock: Callable[[], datetime] = field(default=lambda: datetime.now().astimezone(), repr=False)

    def __post_init__(self):
        self.width = code_width({s: self.prompt.options_for(s) for s in self.prompt.seats})
        self.single_key = all(o.code in YES_NO_KEYS for s in self.prompt.seats for o in self.prompt.options_for(s))
        self.entries = {seat: SeatEntry() for seat in self.prompt.seats}
        self._codes = {
            seat: {padded(o.code, self.width): o.value for o in self.prompt.options_for(seat)}
            for seat in self.prompt.seats
        }

    def press(self, seat: int, key: str) -> bool:
        """Feed one pad key; returns False when the key was ignored (not this prompt's seat)."""
        entry = self.entries.get(seat)
        if entry is None:
            return False
        if self.single_key:
            if key in self._codes[seat]:
                self._lock(entry, self._codes[seat][key])
            else:
                entry.mistyped, entry.wrong = True, key
            return True
        if key == "#":
            if entry.typed in self._codes[seat]:
                self._lock(entry, self._codes[seat][entry.typed])
            else:
                entry.mistyped, entry.wrong = True, entry.typed
            entry.typed = ""
            return True
        if key == "*":  # clear what was typed; a locked pick stays until a new one is locked
            entry.typed = ""
            entry.mistyped = False
            return True
        entry.typed = (entry.typed + key)[-self.width :]
        entry.mistyped = False
        return True

    def lock_value(self, seat: int, value) -> None:
        """Lock a pick entered on the host buttons (a seat without a full pad)."""
        self._lock(self.entries[seat], value)

    def needs_keypad(self, seat: int) -> bool:
        """True unless the seat's options are all yes/no keys (which two buttons can enter)."""
        return not all(o.code in YES_NO_KEYS for o in self.prompt.options_for(seat))

    def _lock(self, entry: SeatEntry, value) -> None:
        """A pick entered again replaces the earlier one, and its time too."""
        entry.locked, entry.is_locked, entry.mistyped, entry.typed = value, True, False, ""
        entry.locked_at = self.clock()

    def locked_seats(self) -> tuple[int, ...]:
        return tuple(s for s, e in self.entries.items() if e.is_locked)

    def complete(self) -> bool:
        return all(e.is_locked for e in self.entries.values())

    def picks(self) -> dict[str, object]:
        """The joint action's picks; only call when complete()."""
        assert self.complete()
        return {str(seat): entry.locked for seat, entry in self.entries.items()}

    def lock_times(self) -> dict[int, datetime]:
        """When each seat locked the pick it kept; only call when complete() (the reveal)."""
        assert self.complete()
        # every locked entry has its time (set with the lock); the test only narrows the type
        return {seat: entry.locked_at for seat, entry in self.entries.items() if entry.locked_at is not None}
