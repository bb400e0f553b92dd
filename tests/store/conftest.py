from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from companion.known_games import KNOWN
from companion.store import Store

PRAGUE = timezone(timedelta(hours=2))


class Clock:
    """A settable clock, so dates and durations in the history are exact."""

    def __init__(self):
        self.now = datetime(2025, 6, 1, 18, 0, 0, tzinfo=PRAGUE)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock():
    return Clock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "companion.db"


@pytest.fixture
def store(db_path, clock):
    with Store(db_path, clock=clock, rules=KNOWN) as opened:
        yield opened


def bare(entries: list[dict]) -> list[dict]:
    """Entries without the time each was accepted at (to compare with what was appended)."""
    return [{key: value for key, value in entry.items() if key != "at"} for entry in entries]


def play(
    store: Store, clock: Clock, game: str, seats: list[str], actions: int, *, winner: int | None = 0, minutes: int = 30
) -> int:
    """A whole game: start, some actions, finish; returns the session id."""
    session = store.create_session(game, {"variant": "basic"}, 7, seats)
    for n in range(actions):
        store.append(session, {"action": {"step": "pick", "seat": n % len(seats), "value": n}})
    clock.advance(minutes * 60)
    totals = {str(seat): 10 - seat for seat in range(len(seats))}
    store.finish(session, {"final": True, "totals": totals, "winner": winner}, winner)
    clock.advance(60)
    return session
