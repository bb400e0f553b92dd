"""Players at a table of phones only: each reads its own seat's view, as the page gets it, and
taps what the touch form offers (``forms.touch_form``), at random; nothing else reaches the table.
Counts the taps each would make on the page, and every moment where no phone could go on.

The taps are the page's: a public answer one tap (a list, yes/no, a map's place, a rose, a
confirmation, a number of a dozen values or fewer: its button), a hidden pick choose + lock (2),
a number of more values its digits + send (the value shown: send alone), an undo every seat
confirms one. The host's five buttons on the host phone are counted apart.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from companion.games import load
from companion.surface.events import KeyEvent, PhoneAnswer
from companion.table.flow import Over, Play
from companion.table.prompts import is_place
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
    keys: Counter = field(default_factory=Counter)  # (seat, round) -> the keypad's keys for the same answers
    steps: Counter = field(default_factory=Counter)  # step -> answers
    each: list[int] = field(default_factory=list)  # the taps of every answer, in order
    refused: int = 0
    host_keys: list[str] = field(default_factory=list)  # (screen, what) where only the host could go on
    answers: int = 0


def form_taps(form: dict, choice: dict | int | None) -> int:
    """The taps the page needs to send ``choice`` on ``form``."""
    kind = form["kind"]
    if kind == "counts":
        return form["total"] + 1  # a tap a card, then lock
    if kind == "number" and form["max"] - form["min"] > 12:
        assert isinstance(choice, int)
        return (0 if choice == form["value"] else len(str(choice))) + 1  # its digits (none: the value shown), send
    return 2 if form["hidden"] else 1  # a hidden pick: choose, then lock; a number of a dozen: its button


def keypad_keys(form: dict, choice: str | int | None, cursor: tuple[int, int] | None, place) -> int:
    """The keys the same answer costs on the pad's keypad (the phone before its touch forms): a
    list of one-key codes one key, longer codes their width and "#", a number its digits and
    "#", a map the cursor's steps to the place and "5", a confirmation "#"."""
    kind = form["kind"]
    if kind in ("confirm", "keys", "rose"):
        return 1
    if kind == "counts":
        return max(len(code) for code in form["mixes"]) + 1
    if kind == "number":
        return len(str(choice)) + 1
    codes = [o["code"] for o in form["options"]]
    if kind == "cell" and place is not None and cursor is not None:
        return abs(place[0] - cursor[0]) + abs(place[1] - cursor[1]) + 1
    if choice in ("#", "*"):
        return 1
    if all(len(code) == 1 for code in codes) and not (form["hidden"] and any(c not in "#*" for c in codes)):
        return 1
    return max(len(code) for code in codes) + 1


class PhoneTable:
    """A table whose players all play on phones (``seats``), started by the test as the host
    phone would start it; ``step`` lets every phone that is asked answer once."""

    def __init__(self, name: str, seats: int, seed: int, language: str = "en", recorder=None):
        self.rnd = random.Random(seed)
        game = load(name)
        recorder = recorder if recorder is not None else MemoryRecorder()
        self.table = Table(recorder, {name: game}, language, new_seed=lambda: seed)
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
        answer, prompt = self.table.answer, self.table.running.prompt
        cursor = answer.cell
        if prompt is not None:
            self.tally.steps[prompt.step] += 1
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
        place = _place_of(prompt, seat, choice) if kind == "cell" and prompt is not None else None
        self.tally.keys[seat, round_now] += keypad_keys(form, choice, cursor, place)
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


def _place_of(prompt, seat: int, code) -> tuple[int, int] | None:
    for option in prompt.options_for(seat):
        if option.code.zfill(len(str(code))) == code and is_place(option.value):
            return tuple(option.value)
    return None


def _answerable(view: dict) -> bool:
    """The phone has something to tap: a form that answers (a hidden pick it has not locked)."""
    form = view.get("form") or {}
    kind = form.get("kind")
    if kind in (None, "wait"):
        return False
    if kind == "keys":
        return not form.get("done")
    return not (form.get("hidden") and view.get("locked"))
