"""Players at a table of phones only: each reads its own seat's view, as the page gets it, and
taps what the touch form offers (``forms.touch_form``), at random; nothing else reaches the table.
Counts the taps each would make on the page, and every moment where no phone could go on.

The taps are the page's: a list or a map is choose + send (2), a hidden pick choose + lock (2),
a public yes/no one tap, a confirmation one, a number its −/+ steps from where it stands + send,
an undo every seat confirms one. The host's five buttons on the host phone are counted apart.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from companion.games import load
from companion.surface.events import KeyEvent, PhoneAnswer
from companion.table.flow import Over, Play
from companion.table.table import Table
from companion.web.views import Tracker, all_views, encode

from ..games.corpus import random_options
from ..table.helpers import MemoryRecorder


@dataclass
class Tally:
    """What a game on phones cost: taps by seat and by round, refusals, and the moments the
    phones could not go on by themselves (the host had to press a key)."""

    taps: Counter = field(default_factory=Counter)  # (seat, round) -> taps
    by_kind: Counter = field(default_factory=Counter)  # form kind -> answers
    kind_taps: Counter = field(default_factory=Counter)  # form kind -> taps
    each: list[int] = field(default_factory=list)  # the taps of every answer, in order
    refused: int = 0
    host_keys: list[str] = field(default_factory=list)  # (screen, what) where only the host could go on
    answers: int = 0


def form_taps(form: dict, choice: dict | int | None) -> int:
    """The taps the page needs to send ``choice`` on ``form``."""
    kind = form["kind"]
    if kind in ("confirm", "keys"):
        return 1
    if kind == "yesno" and not form["hidden"]:
        return 1
    if kind == "number":
        assert isinstance(choice, int)
        return abs(choice - form["value"]) + 1
    return 2  # choose, then send (lock)


class PhoneTable:
    """A table whose players all play on phones (``seats``), started by the test as the host
    phone would start it; ``step`` lets every phone that is asked answer once."""

    def __init__(self, name: str, seats: int, seed: int, language: str = "en"):
        self.rnd = random.Random(seed)
        game = load(name)
        self.table = Table(MemoryRecorder(), {name: game}, language, new_seed=lambda: seed)
        self.table.new_game(name, random_options(game, seats, self.rnd), use_memory=False)
        assert isinstance(self.table.screen, Play), self.table.messages.notice
        self.tracker = Tracker(clock=lambda: 0.0)
        self.tally = Tally()

    def views(self) -> dict[int, dict]:
        """Every seat's view, as the web table would send it (each fits its message: ``encode``)."""
        seats = all_views(self.table, self.tracker)[1]
        for view in seats.values():
            encode(view)
        return seats

    def step(self) -> bool:
        """One phone that is asked answers; False when none is (the host must act)."""
        views = self.views()
        seats = [seat for seat, view in views.items() if _answerable(view)]
        if not seats:
            return False
        seat = self.rnd.choice(seats)
        self._answer(seat, views[seat])
        return True

    def _answer(self, seat: int, view: dict) -> None:
        form = view["form"]
        kind = form["kind"]
        round_now = view.get("round") or 0
        if kind == "keys":
            option = self.rnd.choice(form["options"])
            # an undo every seat confirms: yes from each (a no would take nothing back)
            key = "#" if any(o["key"] == "#" for o in form["options"]) else option["key"]
            self.table.handle(KeyEvent(seat, key, "web"))
            choice = None
        elif kind == "confirm":
            self.table.handle(PhoneAnswer(seat, form["q"]))
            choice = None
        elif kind == "number":
            choice = self.rnd.randint(form["min"], min(form["max"], form["min"] + 6))
            self.table.handle(PhoneAnswer(seat, form["q"], number=choice))
        else:
            option = self.rnd.choice(form["options"])
            choice = option["code"]
            self.table.handle(PhoneAnswer(seat, form["q"], code=choice))
        self.tally.taps[seat, round_now] += form_taps(form, choice)
        self.tally.each.append(form_taps(form, choice))
        self.tally.by_kind[kind] += 1
        self.tally.kind_taps[kind] += form_taps(form, choice)
        self.tally.answers += 1
        after = self.views().get(seat, {}).get("form", {})
        if kind != "keys" and not form["hidden"] and after.get("q") == form["q"]:
            self.tally.refused += 1  # the rules said no: the same question is still asked

    def play(self, max_answers: int = 6000) -> Tally:
        """To the end of the game on phones; the host presses OK only where no phone can go on,
        and each such moment is noted."""
        table = self.table
        while not isinstance(table.screen, Over) and self.tally.answers < max_answers:
            if not self.step():
                self.tally.host_keys.append(f"{table.screen.name}: {table.frame().header}")
                table.handle(KeyEvent(None, "ok"))
        return self.tally


def _answerable(view: dict) -> bool:
    """The phone has something to tap: a form that answers (a hidden pick it has not locked)."""
    form = view.get("form") or {}
    kind = form.get("kind")
    if kind in (None, "wait"):
        return False
    if kind == "keys":
        return not form.get("done")
    return not (form.get("hidden") and view.get("locked"))
