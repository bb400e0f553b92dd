"""The answer being typed to the question on the table: one small object, owned by the question's
screen (``flow.Play``), made new for every prompt.

The panel's frame (``screens``), the LEDs (``leds``), the pads' screens and the phones' views
(``web.views``) all read it; only the question's keys (``play_keys``) change it. A menu, an undo
question or a phone's claim opened over the question leaves it alone: closing them shows the
question with its cursor and typing as they were.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from ..engine import Prompt, PromptKind
from .prompts import place, start_cursor
from .secret import SecretCollector


@dataclass
class Answer:
    """Where the host cursor stands and what was typed so far, for one prompt."""

    cursor: int = 0  # the option under the host cursor (a list, a map's options, a private pick)
    browsed: bool = False  # the host has moved through the options
    typed: str = ""  # the keys of a code or a number typed so far on a pad
    number: int = 0  # the number entered so far (NUMBER)
    cell: tuple[int, int] | None = None  # the map cursor (CELL)
    scroll: int = 0  # lines of a long text scrolled away (a confirmation, a hidden pick, a map in words)
    reading: bool = False  # the host reads the whole question above the answer screen
    # a hidden prompt: the seats' picks, and the seat picking on the host behind the privacy
    # screen (a seat with two buttons, not a keypad), which it has opened (``private_started``)
    secret: SecretCollector | None = None
    private_seat: int | None = None
    private_started: bool = False
    # seats a device took over after they locked: the time of that lock, a pick not to show the
    # new device (``claims.lock_unseen``) until the seat locks again
    unseen_locks: dict[int, datetime] = field(default_factory=dict)
    # which question this is, for a phone's tap (``PhoneAnswer.asked``): a tap on a view of an
    # earlier question (another phone answered first, an undo) answers nothing
    asked: int = 0

    @classmethod
    def to(cls, prompt: Prompt | None, clock: Callable[[], datetime], asked: int = 0) -> Answer:
        """A fresh answer to ``prompt`` (None: nothing is asked), the table's ``asked``-th: the
        cursor on the list's default, a number at its lowest, the map cursor where the prompt
        puts it."""
        if prompt is None:
            return cls(asked=asked)
        return cls(
            asked=asked,
            cursor=start_cursor(prompt),
            number=prompt.minimum if prompt.kind is PromptKind.NUMBER and prompt.minimum is not None else 0,
            cell=place(prompt.cursor) if prompt.cursor else None,
            secret=SecretCollector(prompt, clock=clock) if prompt.kind.hidden else None,
        )

    @property
    def collector(self) -> SecretCollector:
        """The secret picks of the hidden prompt being answered."""
        if self.secret is None:
            raise RuntimeError("no hidden prompt is being answered")
        return self.secret
