"""Events that reach the table from the hardware (GPIO, serial pads, emulator, scripts).

Every input source only *puts* these on one queue.Queue; the main loop is the only consumer.
They are named tuples, not dataclasses: plain immutable records, and a tenth of the cost to
define at every start of the box (the table dispatches on their type, never on their value).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, NamedTuple, get_args

# The keys there are: the host's buttons ("menu": back held down for a second) and a pad's keypad.
# Every source checks a key against these before it makes an event (``key in PAD_KEYS``), which
# also tells the type checker that the text is one of them.
HostKey = Literal["up", "down", "ok", "back", "menu"]
PadKey = Literal["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "#"]
Key = HostKey | PadKey
HOST_KEYS: tuple[HostKey, ...] = get_args(HostKey)
PAD_KEYS: tuple[PadKey, ...] = get_args(PadKey)


class KeyEvent(NamedTuple):
    """A key went down. ``seat`` is None for the host buttons; ``key`` is in HOST_KEYS or PAD_KEYS
    ("menu" is the host's back button held down, ``m`` in the emulator, ``host menu`` in a script)."""

    seat: int | None
    key: Key
    source: str = ""  # "gpio", "pad:<id>", "keyboard", "script": for logs only, never for logic


class PhoneAnswer(NamedTuple):
    """A phone answered the question it was shown with a tap (the web table's touch forms):
    ``asked`` names that question (``Answer.asked``), so a tap on a view the table has moved on
    from answers nothing; ``code`` is the option's pad code (a list, a map place, yes/no), or
    ``number`` a count (a NUMBER prompt); neither: a confirmation. The table answers it by the
    same rules as the option's keys on a pad."""

    seat: int
    asked: int
    code: str | None = None
    number: int | None = None
    source: str = "web"


class PhonePresence(NamedTuple):
    """The phone of ``seat`` went away (its last socket closed and stayed closed a while) or came
    back; the table names a phone gone on the panel and the board. A phone never pauses a reveal
    (a phone asleep in a pocket is an ordinary moment; a pad unplugged is not)."""

    seat: int
    connected: bool


class PhoneLanguage(NamedTuple):
    """The phone of ``seat`` reads ``language`` ("cs" or "en"); the panel keeps the table's."""

    seat: int
    language: str


class PadPresence(NamedTuple):
    """A seat's pad was plugged in or unplugged (serial pads); waiting prompts pause while gone."""

    seat: int
    connected: bool
    detail: str = ""


class PadTrouble(NamedTuple):
    """A pad that cannot be used, and why: ``kind`` is "old_firmware" (update the pad),
    "new_firmware" (update the box) or "duplicate_id"; "" means that pad is fine again."""

    pad: str
    kind: str
    detail: str = ""  # the English sentence also written to the log


class RawPadKey(NamedTuple):
    """A key on a pad that is not yet paired to a seat (pairing mode); ``pad`` is its board id."""

    pad: str
    key: str


# the "seat" a phone claims to be the host: the host's buttons on a phone (the web table)
HOST_SEAT = -1


class SeatClaim(NamedTuple):
    """A phone asks to play ``seat`` under ``name`` (the web table); ``taken``: another phone
    holds the seat, ``connected``: that phone is connected now. The host answers on the box;
    ``reply(True)`` seats the phone. ``withdrawn``: the phone stopped waiting (it left, it
    waited too long): the claim numbered ``number`` is not to be asked any more. ``game``: the
    game whose lobby the phone saw (``Table.game_serial``; 0: not said)."""

    seat: int
    name: str
    taken: bool
    reply: Callable[[bool], None]
    connected: bool = False
    number: int = 0
    withdrawn: bool = False
    game: int = 0


class Tick(NamedTuple):
    """A timer went off (LED blink phases, watchdog). Carries no input."""


class Quit(NamedTuple):
    """Stop the main loop cleanly (SIGTERM, Ctrl-C, end of a script)."""

    reason: str = ""
