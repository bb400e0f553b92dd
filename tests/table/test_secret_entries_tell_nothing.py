"""Nothing a seat types in secret reaches anyone else before the reveal: not its pick, not a
refusal's reason, not the moment of a key.

A differential test over every hidden step of every game (character picks, hero moves, votes,
kept VP cards, allegiances, donations, bought cards), at moments from the recorded corpus: runs
of the real table that differ only in what one seat types are observed key by key, the way the
rest of the table observes them — the panel's frame, the other seats' LEDs and pad screens, the
board page and the other seats' phones as the web table sends them, the log kept so far and every
log line written. Runs that type different valid picks must look the same up to the reveal, and
so must runs that type refused entries of every kind the step can refuse (a code the list does not
have, each answer the step knows but does not offer now). Then every run locks the same pick, and
the table must still look the same.
"""

from __future__ import annotations

import json
import logging
import random
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import pytest

from companion.engine import RuleError, Session
from companion.games import load
from companion.surface.events import KeyEvent
from companion.table.seat_screens import seat_screens
from companion.table.secret import YES_NO_KEYS, code_width, padded
from companion.table.table import Table
from companion.web.views import board_view, encode, seat_view

from ..games.playout import random_action
from .helpers import MemoryRecorder

CORPUS = Path(__file__).resolve().parents[1] / "data" / "corpus"
RECORDS_PER_FILE = 4  # of each game and player count: enough to meet every hidden step
# The hidden steps the corpus must reach, so that this test cannot pass by testing nothing: a
# game that adds a hidden step adds it here.
HIDDEN_STEPS = {
    "example": {"pick"},
    "vaaalbara": {"pick_character"},
    "graenaland": {"move", "vote", "keep_vp_card"},
    "great_wall": {"dev_card"},
    "troy": {"allegiance", "donate_cards", "put_back"},
}
# Hidden steps no recorded game reaches, played to by a seeded game that prefers some answers:
# (game, options, seed, step, preferred answers)
GUIDED = [("troy", {"seats": 4, "row": "box", "rules": 2}, 1, "put_back", ("ship3", "ship"))]
LOCKED_AT = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)  # every run locks at one moment
UNOFFERED_TRIED = 3  # answers a moment knows but does not offer, each a run of its own


@cache
def moments() -> dict[tuple[str, str], list[tuple[dict, int]]]:
    """(game, hidden step) -> up to two (recorded game, action index) where it is asked: the
    first, and the first where its first seat has answers it does not offer now (Vaaalbara's
    characters on a discard pile)."""
    found: dict[tuple[str, str], list[tuple[dict, int]]] = {}
    with_unoffered: set[tuple[str, str]] = set()
    for path in sorted(CORPUS.glob("*-*.json")):
        if path.stem == "docs-examples":
            continue
        data = json.loads(path.read_text())
        game = load(data["game"])
        for recorded in data["games"][:RECORDS_PER_FILE]:
            session = Session(game, recorded["options"], recorded["seed"])
            for index, entry in enumerate(recorded["entries"]):
                prompt = session.prompt
                if prompt is not None and prompt.kind.hidden:
                    key = (data["game"], prompt.step)
                    kept = found.setdefault(key, [])
                    if not kept:
                        kept.append((recorded, index))
                    elif key not in with_unoffered and prompt.unoffered_for(prompt.seats[0]):
                        with_unoffered.add(key)
                        kept.append((recorded, index))
                session.submit(entry["action"])
    for name, options, seed, step, prefer in GUIDED:
        found.setdefault((name, step), []).append((guided(name, options, seed, step, prefer), -1))
    return {key: [(r, len(r["entries"]) if i < 0 else i) for r, i in kept] for key, kept in found.items()}


def guided(name: str, options: dict, seed: int, step: str, prefer: tuple, limit: int = 3000) -> dict:
    """A seeded random game that takes a preferred answer whenever one is offered and accepted,
    up to the first time ``step`` is asked: a recorded game that stops there."""
    session, rnd = Session(load(name), options, seed), random.Random(seed)
    for _ in range(limit):
        prompt = session.prompt
        assert prompt is not None, f"{name} ended before {step}"
        if prompt.step == step:
            return {"options": options, "seed": seed, "entries": list(session.entries)}
        seat = prompt.seats[0] if len(prompt.seats) == 1 else None
        offered = [] if prompt.kind.hidden else [o.value for o in prompt.options_for(seat)]
        wanted = [value for value in prefer if value in offered]
        for value in wanted:
            try:
                session.commit(session.evaluate({"step": prompt.step, "seat": seat, "value": value}))
                break
            except RuleError:
                continue
        else:
            session.commit(random_action(session, rnd))
    raise AssertionError(f"{step} not reached in {limit} actions")


def test_the_corpus_reaches_every_hidden_step_of_every_game():
    reached: dict[str, set[str]] = {}
    for game, step in moments():
        reached.setdefault(game, set()).add(step)
    assert reached == HIDDEN_STEPS


def table_at(name: str, recorded: dict, index: int) -> Table:
    game = load(name)
    recorder = MemoryRecorder()
    table = Table(recorder, {name: game}, "cs", new_seed=lambda: recorded["seed"], wall_clock=lambda: LOCKED_AT)
    session_id = recorder.create_session(name, recorded["options"], recorded["seed"], [])
    entries = recorded["entries"][:index]
    recorder.sessions[session_id]["entries"] = list(entries)
    assert table.resume(session_id, name, recorded["options"], recorded["seed"], entries)
    return table


def entries_of(prompt, seat: int) -> tuple[list[list[str]], list[list[str]]]:
    """The keys of every valid pick of ``seat`` and of every kind of refused entry, each list of
    one length (codes padded to the prompt's width, then # where a code is typed)."""
    width = code_width({s: prompt.options_for(s) for s in prompt.seats})
    single = all(o.code in YES_NO_KEYS for s in prompt.seats for o in prompt.options_for(s))
    codes = [padded(o.code, width) for o in prompt.options_for(seat)]

    def keys(code: str) -> list[str]:
        return [code] if single else [*code, "#"]

    valid = [keys(code) for code in codes]
    if single:
        return valid, [["1"], ["5"]]
    unoffered = [padded(o.code, width) for o in prompt.unoffered_for(seat)]
    unoffered = [c for c in unoffered if len(c) == width and c not in codes][:UNOFFERED_TRIED]
    free = (c for n in range(10**width - 1, -1, -1) if (c := str(n).zfill(width)) not in codes and c not in unoffered)
    unlisted = [next(free, None), next(free, None)]  # two codes no answer has: "99", "98"
    return valid, [keys(code) for code in [*unlisted, *unoffered] if code is not None]


def observe(table: Table, seat: int, keys: list[str], lines: list[str]) -> list[tuple]:
    """What the rest of the table sees after each key ``seat`` types."""
    others = [s for s in range(table.seat_count()) if s != seat]
    seen = []
    for key in keys:
        table.handle(KeyEvent(seat, key))
        leds = table.leds()
        screens = seat_screens(table)
        seen.append(
            (
                table.frame(),
                [leds[s] for s in others],
                [screens[s] for s in others],
                encode(board_view(table)),
                [encode(seat_view(table, s)) for s in others],
                json.dumps(table.recorder.sessions, sort_keys=True),
                list(lines),
            )
        )
    return seen


class Lines(logging.Handler):
    """Every log line the product writes, as text."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"{record.name} {record.levelname} {record.getMessage()}")


@pytest.fixture
def log_lines():
    handler = Lines()
    logger = logging.getLogger("companion")
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    yield handler.lines
    logger.removeHandler(handler)
    logger.setLevel(level)


def runs(name: str, recorded: dict, index: int, keys: list[str], then: list[str], lines: list[str]) -> list[tuple]:
    lines.clear()
    table = table_at(name, recorded, index)
    seat = table.prompt.seats[0]
    return observe(table, seat, keys + then, lines)


CASES = [
    pytest.param(game, step, id=f"{game}-{step}") for game, steps in HIDDEN_STEPS.items() for step in sorted(steps)
]


@pytest.mark.parametrize("name, step", CASES)
def test_refused_secret_entries_and_different_picks_look_the_same_to_everyone_else(name, step, log_lines):
    for recorded, index in moments()[name, step]:
        prompt = table_at(name, recorded, index).prompt
        seat = prompt.seats[0]
        valid, refused = entries_of(prompt, seat)
        alone = len(prompt.seats) == 1  # the seat's lock is the reveal
        seen = [runs(name, recorded, index, keys, [], log_lines) for keys in valid]
        for keys, other in zip(valid[1:], seen[1:], strict=True):
            cut = -1 if alone else None  # what follows the reveal may differ
            assert other[:cut] == seen[0][:cut], f"{step}: picking {keys} shows before the reveal"
        relock = valid[0]
        seen = [runs(name, recorded, index, keys, relock, log_lines) for keys in refused]
        assert len(seen) >= 2 or not refused[1:], step
        for keys, other in zip(refused[1:], seen[1:], strict=True):
            assert other == seen[0], f"{step}: the refusal of {keys} tells the table something"
